"""`rulebook ask` on Elementals questions that tell a situation and ask the rule behind it, no play to compute: a card
not played (what becomes of it, what it costs), a card played asked to be picked back up, a joker's power asked to be
named again later, the card an attack still needs, what an attack needs at all, and "the solitaire" naming the game.
Nothing is computed; the rule the question rests on comes first, and a question about something else is not read so."""

from __future__ import annotations

import pytest
from asked import first_ruling as _first

from rulebook.ask import ask
from rulebook.elementals.questions import read


@pytest.mark.parametrize(
    "question",
    [
        "Two of my cards this turn are useless against everything that is face up; what am I supposed to do with them?",
        "if i dont feel like playing a card what do i do with it",
    ],
)
def test_a_card_not_played_rests_on_the_discards_damage(question: str) -> None:
    assert _first(question) == "elementals.discard.damage"


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # a joker's discard has its own rule; a lord's power sent under the deck is no discard
        (
            "if I can't use a joker anywhere, what happens to it and what does it cost me?",
            "elementals.interp.joker-discard",
        ),
        ("Nothing on the queen of hearts yet. Can I play 7S on QH?", None),
    ],
)
def test_a_joker_or_an_empty_pile_is_not_read_as_a_card_not_played(question: str, first: str | None) -> None:
    assert not any(r["kind"] == "a card not played" for r in ask(question).value["readings"])
    if first is not None:
        assert _first(question) == first


@pytest.mark.parametrize(
    "question",
    [
        "Electrocute's cost: is my spell discarded or recalled?",
        "Electrocute's cost: do i discard a spell or recall it?",
    ],
)
def test_a_card_not_played_in_a_question_of_another_game_does_not_put_the_discard_first(question: str) -> None:
    # Electrocute is an Elemental Elephants spell: what its cost takes is that game's rule, not an Elementals discard
    assert _first(question) == "elephants.interp.electrocute-cost"


def test_a_card_played_asked_to_be_picked_back_up_rests_on_cards_staying() -> None:
    question = (
        "I started on the queen of clubs with the two of hearts as the first damage card, and now nothing left can"
        " bring it up to twelve. Can I pick the two back up?"
    )
    assert _first(question) == "elementals.interp.cards-stay"
    # a change of mind undone is not read so: whether a player may undo a move is another matter
    assert read("I dropped a card on the wrong elemental: can I take it back if I change my mind?") is None


def test_a_jokers_power_asked_to_be_named_again_rests_on_the_power_kept() -> None:
    question = "When I call a joker a 4 and lay it down as damage, can I change my mind later and call it an 8 instead?"
    assert _first(question) == "elementals.interp.joker-power-fixed"


def test_the_card_an_attack_still_needs_rests_on_the_banish_card_and_the_order() -> None:
    question = (
        "There is a 9 of clubs and a 5 of hearts on the queen of spades. Which card do I still need to finish her?"
    )
    shown = [hit["id"] for hit in ask(question).value["rulings"][:2]]
    assert _first(question) in shown
    assert set(shown) == {"elementals.attack.banish-element", "elementals.attack.order"}


def test_what_an_attack_needs_rests_on_its_three_cards() -> None:
    question = "What exactly do I need to play on one of the face-up elementals to get rid of it for good?"
    assert _first(question) == "elementals.attack.order"
    # a lord named is its own element's matter: its immunity, not the order of the cards
    assert _first("what do I need to kill Therazane?") != "elementals.attack.order"


def test_the_solitaire_names_elementals() -> None:
    question = (
        "I'm teaching my dad this solitaire on a lazy sunday and he's puzzled: when does a turn end, and what happens"
        " next?"
    )
    assert ask(question).value["games"] == ["elementals"]
    assert _first(question) == "elementals.turn.end"
