"""`rulebook ask` on Elementals and Elemental Elephants questions that ask about a relation or a fate with no play to
compute (a defeated king, a spent power, an attack over turns, what an elemental is worth; Clap against Root, a spell
in the last clash, two spells at one priority, the steps of a clash), and on questions whose computed answer would
answer something not asked (a stat change without its stat, the strengths asked rather than the outcome). Nothing is
computed; the rule the question rests on comes first."""

from __future__ import annotations

import pytest
from asked import first_ruling as _first

from rulebook.ask import ask


@pytest.mark.parametrize(
    "question",
    [
        "I finally beat the king of diamonds, does he get swept into the discard pile with the rest?",
        "We defeated Neptulon tonight. Where does the king card go now?",
        "what happens to a beaten king, same as the queens?",
    ],
)
def test_elementals_a_defeated_king_becomes_a_power(question: str) -> None:
    assert _first(question) == "elementals.defeat.lord-power"


@pytest.mark.parametrize(
    "question",
    [
        "After I used Breath of Al'Akir, where does the king of clubs go?",
        "Once I've used Touch of Therazane, does the king stay in my row of powers?",
    ],
)
def test_elementals_a_used_power_is_spent(question: str) -> None:
    assert _first(question) == "elementals.power.spent"


@pytest.mark.parametrize(
    "question",
    [
        "I laid a damage card on the jack of spades last turn; can I put the banish card on it this turn?",
        "Must the two damage cards and the banish card go on a queen in the same turn?",
    ],
)
def test_elementals_an_attack_may_span_turns(question: str) -> None:
    assert _first(question) == "elementals.attack.across-turns"


@pytest.mark.parametrize(
    "question", ["how much are jacks and kings worth", "which elemental is the toughest to beat?", "king power level?"]
)
def test_elementals_what_an_elemental_is_worth_is_its_power_level(question: str) -> None:
    assert _first(question) == "elementals.cards.power-level"


def test_elementals_a_lords_power_named_is_not_read_as_a_power_level() -> None:
    ruling = ask("what power does the king of clubs give me?")
    assert ruling.value["rulings"][0]["id"] != "elementals.cards.power-level"


@pytest.mark.parametrize(
    "question",
    ["root or clap, who comes out on top?", "does clap get through root", "Clap against Root: what happens?"],
)
def test_elephants_clap_set_against_root_rests_on_roots_shield(question: str) -> None:
    assert _first(question) == "elephants.root.protects"


@pytest.mark.parametrize(
    "question",
    ["can a spell advance beyond clash four", "My spell sits in the final clash of the round: where does it advance?"],
)
def test_elephants_no_spell_advances_out_of_the_last_clash(question: str) -> None:
    assert _first(question) == "elephants.base.advance"


def test_elephants_two_spells_at_one_priority_own_or_between_players() -> None:
    own = "Two of my own spells have the same priority; does the Ringleader pick which goes first?"
    between = "My friend and I both have priority 3 spells in this clash; whose goes first?"
    assert _first(own) == "elephants.order.own-ties"
    assert _first(between) == "elephants.base.priority-tie"


def test_elephants_the_steps_of_a_clash_are_the_rounds_not_the_clash_games() -> None:
    assert _first("What are the phases of each clash, in order?") == "elephants.base.round"
    assert ask("What are the steps of a turn in a clash game?").value["rulings"][0]["id"] != "elephants.base.round"


def test_elestrals_a_stat_change_without_its_stat_is_not_computed() -> None:
    # "+2" alone does not say which stat it changes: no final stats are offered, the order's rule is the answer.
    assert _first("A swap and a +2 on a 2/5 Elestral: what do I end up with?") == "elestrals.advanced.stat-order"
    assert ask("A swap and +2 Attack on a 2/5 Elestral: what are the final stats?").value["computed"] is not None


def test_clash_the_strengths_asked_are_not_computed_as_an_outcome() -> None:
    # The question asks which strength each element fights with, not who is eliminated: Gale's rule answers it.
    assert _first("My Air attacks their Earth with Gale: what strength does each element fight with?") == (
        "clash.ability.gale"
    )
    assert ask("My Air attacks their Earth with Gale: who is eliminated?").value["computed"] is not None
