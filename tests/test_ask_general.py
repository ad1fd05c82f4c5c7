"""`rulebook ask` on Elemental Clash and Elementals questions about the game in general, no play to compute: the
Clash elements judged against each other, an ability asked again, equal strengths told of both roles; an Elementals
power's timing in a turn, discards told, one card set beside one elemental of its own suit; and players' shorthand
("dont", "rn") and table talk ("over dinner", "ourselves") that no longer count against the match; one Clash
element's strength asked, and how a Clash game ends. Nothing is computed; the rule the question rests on comes
first, and a question about something else is still refused."""

from __future__ import annotations

import pytest
from asked import first_ruling as _first

from rulebook.ask import ask


@pytest.mark.parametrize(
    "question",
    [
        "is fire better than earth in general?",
        "Which element is the weakest one to have on defence?",
        "what beats Water?",
        "how much is air worth, 2 or 3?",
        "what happens when fire and air fight",
    ],
)
def test_clash_the_elements_judged_against_each_other_rest_on_their_strengths(question: str) -> None:
    assert _first(question) == "clash.setup.elements"


@pytest.mark.parametrize(
    "question",
    ["whats the best water bottle for hiking", "which bending element is the strongest in the cartoon?"],
)
def test_clash_an_everyday_element_judged_is_still_refused(question: str) -> None:
    assert ask(question).value["refused"]


@pytest.mark.parametrize(
    "question",
    [
        "my gale already went off this game, can i gale again next turn?",
        "is surge one and done or can i keep using it",
    ],
)
def test_clash_an_ability_asked_again_is_used_once(question: str) -> None:
    assert _first(question) == "clash.ability.once"


def test_clash_an_ability_asked_again_after_a_revive_is_not_read_so() -> None:
    assert _first("once ether brings my fire back, can fire use blaze again?") != "clash.ability.once"


def test_clash_equal_strengths_told_of_both_roles_are_a_tie() -> None:
    question = "If the attacking element and the defending element come out with equal strength, who is eliminated?"
    assert _first(question) == "clash.attack.tie"


@pytest.mark.parametrize(
    "question",
    [
        "I'm keeping Touch of Therazane from the king of diamonds; may I use it in the middle of my turn?",
        "Can the power of a beaten king be unleashed between two plays, or only at the start of a turn?",
    ],
)
def test_elementals_a_powers_timing_rests_on_the_timing_rule(question: str) -> None:
    assert _first(question) in {"elementals.interp.power-timing", "elementals.power.absorb"}


def test_elementals_discards_told_rest_on_their_damage() -> None:
    # no card discarded now is named: what a discard does rests on the damage rule, nothing computed
    question = "I discarded the 9 of hearts and the 10 of spades; the jack of clubs is up. If I discard another, lose?"
    assert _first(question) in {"elementals.discard.damage", "elementals.end.loss"}
    # the card named too: the discard is judged on the discards told (9 + 10 + 8 = 27 of 33), its rule first
    ruling = ask(question.replace("another", "8D"))
    assert ruling.verdict == "computed: 8D is discarded: 8 damage, 27 of 33"
    assert ruling.value["rulings"][0]["id"] == "elementals.discard.damage"


@pytest.mark.parametrize("question", ["7 of hearts on the queen of hearts?", "what about the 3 of spades and Ragnaros"])
def test_elementals_one_card_beside_an_elemental_of_its_suit_rests_on_the_immunity(question: str) -> None:
    assert _first(question) == "elementals.attack.immunity"


def test_shorthand_no_record_uses_does_not_refuse_a_real_question() -> None:
    assert _first("can i skip my turn in clash rn, i dont like my attacks") == "clash.turn.no-passing"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "My sister hides which abilities she has used, says it is bluffing; must we tell each other when an "
            "ability is spent, or keep it to ourselves?",
            "clash.setup.public-information",
        ),
        (
            "Over dinner my grandfather asked: when I attack, who announces their ability first, me or the defender, "
            "and does he hear mine before choosing his?",
            "clash.ability.declare-order",
        ),
    ],
)
def test_table_talk_of_who_where_and_when_does_not_refuse_a_real_question(question: str, expected: str) -> None:
    assert _first(question) == expected


@pytest.mark.parametrize("question", ["what is the best lunch to eat before a board game night", "when does lunch end"])
def test_table_talk_alone_is_still_refused(question: str) -> None:
    assert ask(question).value["refused"]


@pytest.mark.parametrize(
    "question", ["What strength does Water have before any ability changes it?", "earth is 5 right? or 4"]
)
def test_clash_one_elements_strength_asked_rests_on_the_elements_rule(question: str) -> None:
    assert _first(question) == "clash.setup.elements"


def test_clash_a_strength_asked_with_an_ability_named_is_the_abilitys() -> None:
    assert _first("how strong is fire with blaze") == "clash.ability.blaze"


@pytest.mark.parametrize(
    "question",
    [
        "How does a game of Elemental Clash end, and who is declared the winner?",
        "my opponent is down to Ether while I still have Fire and Air; how does the game actually end?",
    ],
)
def test_clash_how_a_game_ends_asked_rests_on_the_last_player_with_elements(question: str) -> None:
    assert _first(question) == "clash.end.winner"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("I won a game with two elements left: how many points does the winner get?", "clash.score.victory"),
        ("in the example game at the end who really wins? p2 still has fire", "clash.erratum.example-game-over"),
    ],
)
def test_clash_points_or_the_example_game_asked_are_not_read_as_the_end(question: str, expected: str) -> None:
    assert _first(question) == expected
