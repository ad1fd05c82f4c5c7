"""`rulebook ask` on questions told in the players' own words that the records lacked: an Elementals titan deck run
out and its cards shuffled back, the Elestrals effect kinds told apart, Spirits of two elements on one card, a
Spellfire flyer walking up to a realm that bans flyers, a Clash "move" asked as a turn, the Clash element that "hits
hardest", and the Main Deck named (a phrase only Elestrals uses). The rule the question rests on comes first, and
a question about something else that uses the same words is still refused."""

from __future__ import annotations

import pytest
from asked import first_ruling as _first

from rulebook.ask import ask


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("my titan deck ran out, can i shuffle the used cards back in", "elementals.interp.empty-deck"),
        (
            "The titan deck ran out with two elementals still standing; can I shuffle the spent cards back in and "
            "keep going?",
            "elementals.interp.empty-deck",
        ),
        ("what's the difference between passive and active effects", "elestrals.card.effect-categories"),
        (
            "my Elestral has Spirits of two elements on it but costs only fire, does it work?",
            "elestrals.card.misenchanted",
        ),
        ("can my flyer attack without flying when the realm says no flyers", "spellfire.move.cannot-choose-not-to"),
        ("after the other player moves is it my move next every time?", "clash.turn.alternate"),
        ("in Elemental Clash which element hits hardest?", "clash.setup.elements"),
    ],
)
def test_a_question_in_the_players_words_rests_on_its_rule(question: str, expected: str) -> None:
    assert _first(question) == expected


def test_the_main_deck_named_is_read_as_an_elestrals_question() -> None:
    ruling = ask("what if the Main Deck has no cards left at the start of my turn").value
    assert not ruling["refused"]
    assert ruling["rulings"][0]["game"] == "elestrals"


@pytest.mark.parametrize(
    "question",
    [
        "which cruise ship has the biggest main deck?",
        "who hits hardest in boxing history?",
        "is it my move next in chess after castling?",
    ],
)
def test_the_same_words_about_something_else_are_still_refused(question: str) -> None:
    assert ask(question).value["refused"]
