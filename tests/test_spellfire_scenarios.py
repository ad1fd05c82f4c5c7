"""Runs the Spellfire scenarios of rulebook/data/scenarios/spellfire.toml: each names the rule it shows."""

from __future__ import annotations

import tomllib

import pytest

from rulebook import spellfire
from rulebook.records import DATA_DIR

SCENARIOS = tomllib.loads((DATA_DIR / "scenarios" / "spellfire.toml").read_text(encoding="utf-8"))["scenario"]


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict) -> None:
    ruling = spellfire.scenario_ruling(case)
    if "legal" in case:
        assert ruling.legal is case["legal"], ruling.verdict
    for key, expected in case.get("value", {}).items():
        assert ruling.value[key] == expected, (key, ruling.value)
    assert ruling.verdict.startswith(case.get("verdict", "")), ruling.verdict
    assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules


def test_there_are_enough_scenarios_and_the_sheets_examples_are_among_them() -> None:
    assert len(SCENARIOS) >= 18
    assert sum(1 for s in SCENARIOS if s.get("sheet")) >= 18


def test_every_record_but_the_glossary_is_cited_by_some_scenario() -> None:
    from rulebook import rules

    cited: set[str] = set()
    for case in SCENARIOS:
        cited |= set(spellfire.scenario_ruling(case).rules)
    missing = [r.id for r in rules("spellfire") if r.id not in cited and r.kind != "glossary"]
    assert missing == []
