"""Runs the Elemental Elephants scenarios of rulebook/data/scenarios/elephants.toml: each names the rule it shows."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import rulebook
from rulebook import elephants
from rulebook.records import DATA_DIR

SCENARIOS = tomllib.loads((DATA_DIR / "scenarios" / "elephants.toml").read_text(encoding="utf-8"))["scenario"]
BOARD_QUERIES = {"order", "can-advance", "can-move", "can-cancel", "clap-targets", "effect", "resolve"}


def test_there_are_enough_scenarios_and_every_query_is_covered() -> None:
    assert len(SCENARIOS) >= 18
    assert {s["query"] for s in SCENARIOS} == BOARD_QUERIES | {"optional", "end-round", "round"}


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict) -> None:
    ruling = elephants.scenario_ruling(case)
    if "order" in case:
        assert [x["spell"] for x in ruling.value["order"]] == case["order"], ruling.verdict
    if "legal" in case:
        assert ruling.legal is case["legal"], ruling.verdict
    if "verdict" in case:
        assert ruling.verdict == case["verdict"]
    if "targets" in case:
        assert ruling.value["targets"] == case["targets"], ruling.verdict
    for key, expected in case.get("value", {}).items():
        assert ruling.value[key] == expected, (key, ruling.value)
    assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules
    assert ruling.rules, "every verdict cites the rules that decided it"


def test_the_game_page_shows_every_example_of_the_sheet_as_a_scenario() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "games" / "elephants.md").read_text(encoding="utf-8")
    titles = [line for line in page.splitlines() if line.startswith("### Scenario: ")]
    assert len(titles) >= 18
    # The sheet's own examples: Stupefy's order, Clap's A-with-3 and B-with-2, Turbulence seeing the round.
    for needle in ("Stupefy damages first, then cancels", "Clap takes one spell from each enemy", "Turbulence sees"):
        assert any(needle in t for t in titles), needle


def test_every_spell_of_the_card_list_has_a_scenario_that_cites_its_record() -> None:
    for name in elephants.SPELLS:
        named = [s for s in SCENARIOS if name in s["name"].lower()]
        assert named, f"no scenario is named after {name}"
        cited = [s for s in SCENARIOS if f"elephants.spell.{name}" in s.get("cites", [])]
        if name not in ("stupefy", "turbulence", "enfeeble", "break", "root", "accelerator"):
            assert cited, f"no scenario cites elephants.spell.{name}"


def test_each_difference_from_the_prototype_decided_the_other_way_has_a_scenario_and_a_reason() -> None:
    differences = {
        "elephants.interp.turbulence-condition": "sheet",
        "elephants.interp.electrocute-cost": "sheet",
        "elephants.erratum.illuminate-count": "sheet",
        "elephants.interp.agonize-condition": "prototype's engine",
        "elephants.interp.zero-from-any-cause": "prototype's engine",
        "elephants.interp.advance-from-elsewhere": "prototype's engine",
        "elephants.erratum.priority-direction": "README",
    }
    for rid, word in differences.items():
        assert any(rid in s.get("cites", []) for s in SCENARIOS), rid
        assert word in " ".join(rulebook.rules("elephants").get(rid).text.split()), rid
