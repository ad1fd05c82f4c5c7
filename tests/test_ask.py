"""`rulebook ask`: computed answers where a calculator fits, the best rulings, and no guessing."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cli.main import app
from rulebook.ask import ask


def test_a_calculable_question_gets_the_computed_answer_and_its_rules() -> None:
    ruling = ask("What happens when Fire uses Blaze against Water with Surge?")
    assert ruling.verdict == "computed: P1's Fire is eliminated (3 against 4)"
    assert "clash.interp.spent-when-cancelled" in ruling.rules
    assert ruling.value["computed"]["legal"] is True


def test_defending_against_makes_the_other_element_the_attacker() -> None:
    ruling = ask("Can Air use Gale when defending against Earth?")
    assert ruling.legal is False
    assert ruling.rules[:2] == ("clash.ability.timing", "clash.ability.gale")


def test_a_rules_question_gets_the_best_fitting_rulings_with_citations() -> None:
    ruling = ask("Who wins if both players lose their last element at once?")
    assert ruling.verdict.startswith("best ruling: clash.interp.last-elements-tie")
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["citation"].startswith("002_6544c3a00f53460f.txt § ")


def test_an_unrelated_question_is_told_that_nothing_fits() -> None:
    ruling = ask("What is the best recipe for sourdough bread?")
    assert ruling.verdict.startswith("no ruling fits")
    assert ruling.value["rulings"] == [] and ruling.rules == ()


def test_cli_ask_answers_in_text_and_json() -> None:
    result = CliRunner().invoke(app, ["ask", "what does fortify do on a tie?"])
    assert result.exit_code == 0
    assert result.stdout.startswith("best ruling: clash.interp.fortify-outcome")
    data = json.loads(CliRunner().invoke(app, ["ask", "water attacks water", "--json"]).stdout)
    assert data["query"] == "ask" and data["verdict"].startswith("computed: ")
    empty = CliRunner().invoke(app, ["ask", "  "])
    assert empty.exit_code == 2 and "the question is empty" in empty.stderr


def test_an_attack_legality_question_of_spellfire_is_computed() -> None:
    ruling = ask("Can a flying wizard attack position E while A stands?")
    assert ruling.verdict == "computed: legal: the wizard (flyer) may attack E"
    assert "spellfire.move.flyer" in ruling.rules
    refused = ask("Can a hero attack realm B?")
    assert refused.legal is False and "spellfire.formation.protection" in refused.rules


def test_a_stat_modifier_question_of_elestrals_is_computed_in_the_rules_order() -> None:
    # Written out of order: the set applies first, then the increase, then the swap.
    ruling = ask("An Elestral with 3 Attack and 2 Defense gets +2 Attack, a swap, and its Defense is set to 0.")
    assert ruling.verdict == "computed: Final stats: Attack 0, Defense 5"
    assert "elestrals.advanced.stat-order" in ruling.rules


def test_a_clash_order_question_of_elemental_elephants_is_computed() -> None:
    ruling = ask("P2 is the Ringleader; P1 casts Root and P2 casts Break. Which resolves first?")
    assert ruling.verdict == "computed: Clash I resolves: P2:break, P1:root"


def test_a_battle_question_of_elestrals_is_computed() -> None:
    ruling = ask("An Elestral with 3 Attack and 2 Spirits attacks an Elestral with 2 Attack and 1 Spirit. Who wins?")
    assert (
        ruling.verdict == "computed: The defender's Elestral is destroyed; the defender's controller Expends 1 Spirit"
    )
    assert "elestrals.battle.spirit-difference" in ruling.rules
