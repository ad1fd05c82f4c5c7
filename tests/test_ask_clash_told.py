"""`rulebook ask` on Elemental Clash questions that tell the outcome's grounds themselves: a strength relation told
of the roles rather than of the elements, and a tie between both players' last elements. Nothing is computed (no
attack is named); the rule the told relation decides comes first."""

from __future__ import annotations

import pytest
from asked import first_ruling as _first


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("If the defending element turns out to have the larger number, which element is removed?", "defender-wins"),
        ("my attacking element ends up lower than the one it hit, what happens to my element?", "defender-wins"),
        ("the defender has more strength than my element, which one goes?", "defender-wins"),
        ("When the attacker is stronger than the element it hits, what happens to each element?", "attacker-wins"),
        ("the defending element is weaker, which element leaves the table?", "attacker-wins"),
    ],
)
def test_clash_a_strength_relation_told_of_the_roles_puts_its_outcome_first(question: str, first: str) -> None:
    # Issue 22's thirty-eighth round: "the defending element has the higher number" names the roles, not the
    # elements: the rule of the role told stronger is the answer, not the other one.
    assert _first(question) == f"clash.attack.{first}"


def test_clash_a_relation_told_with_an_ability_named_is_not_read_as_the_bare_outcome() -> None:
    from rulebook.clash.questions import read

    reading = read("Earth fortifies but the attacker is stronger: what gets eliminated?")
    assert reading is None or "clash.attack.attacker-wins" not in reading.rests_on


@pytest.mark.parametrize(
    "question",
    [
        "We each had one element left and they tied, both gone: who takes the game?",
        "our final elements went out together on a tie. who won?",
        "Both of us were down to the last element, the attack tied, and nobody has anything now; who won?",
    ],
)
def test_clash_a_tie_between_both_players_last_elements_puts_that_rule_first(question: str) -> None:
    # Issue 22's thirty-eighth round: who wins when a tie takes both last elements is a Clash rule, not the
    # Elestrals rule for both players losing at once.
    assert _first(question) == "clash.interp.last-elements-tie"


def test_clash_a_tie_earlier_in_the_game_is_not_read_as_the_last_elements() -> None:
    from rulebook.clash.questions import read

    reading = read("last turn my fire attacked their fire and they tied, what happens?")
    assert reading is None or reading.rests_on != ("clash.interp.last-elements-tie",)


@pytest.mark.parametrize(
    "question",
    [
        "In the rulebook's example, on the second turn Air defends with Gale and wins; is the example mistaken?",
        "the worked example shows a defending air using gale on the second turn, isnt gale attack only",
    ],
)
def test_clash_the_second_turn_of_the_example_is_not_read_as_an_ability_used_twice(question: str) -> None:
    # Issue 22's forty-eighth round: "second" naming a turn of the example is not a second use of Gale.
    assert _first(question) in {"clash.erratum.example-turn-2", "clash.interp.gale-defends"}


def test_clash_an_ability_used_a_second_time_still_reads_as_used_again() -> None:
    assert _first("can my fire use blaze a second time later on") == "clash.ability.once"
