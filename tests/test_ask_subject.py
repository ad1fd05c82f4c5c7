"""`rulebook ask` on questions asking whether a player may look at cards: the ruling that says who may look must also
speak of the cards asked about, beyond the game's common words."""

from __future__ import annotations

from rulebook.ask import ask


def test_another_players_discard_pile_is_not_the_underworld_a_ruling_lets_players_look_through() -> None:
    value = ask("can i look through another players discard pile during the round").value
    assert value["refused"] and value["uncovered"]


def test_showing_a_hand_to_another_player_is_not_covered_by_a_ruling_on_other_cards() -> None:
    value = ask("Am I allowed to show my hand to another player during the round?").value
    assert value["refused"] and value["uncovered"]


def test_the_pile_a_ruling_names_is_still_answered_by_it() -> None:
    value = ask("can I look at my opponents graveyard").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elestrals.zone.underworld"
