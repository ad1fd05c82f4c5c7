"""Runs the Elestrals scenarios of rulebook/data/scenarios/elestrals.toml: each names the rule it shows."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from rulebook import elestrals
from rulebook.records import DATA_DIR

SCENARIOS = tomllib.loads((DATA_DIR / "scenarios" / "elestrals.toml").read_text(encoding="utf-8"))["scenario"]


def test_there_are_scenarios_for_every_query() -> None:
    assert {c["query"] for c in SCENARIOS} >= {"stats", "battle", "chain", "enchant", "main", "mulligan", "end"}


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict[str, Any]) -> None:
    ruling = elestrals.scenario_ruling(case)
    if "legal" in case:
        assert ruling.legal is case["legal"], ruling.verdict
    for key, want in case.get("expect", {}).items():
        got = ruling.value.get(key)
        if isinstance(want, dict) and isinstance(got, dict):
            got = {k: "" if v is None else v for k, v in got.items()}
        assert got == want, (key, ruling.value)
    if case["query"] == "legal":
        legal = {a["action"] for a in ruling.value["legal"]}
        refused = {a["action"] for a in ruling.value["refused"]}
        assert set(case.get("actions", [])) <= legal, legal
        assert set(case.get("refused", [])) <= refused, refused
    assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules
