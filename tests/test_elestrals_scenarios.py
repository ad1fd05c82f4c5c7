"""Runs the Elestrals scenarios of tests/scenarios/elestrals.toml: each names the rule it shows."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rulebook import elestrals
from rulebook.ruling import Ruling

SCENARIOS = tomllib.loads((Path(__file__).parent / "scenarios" / "elestrals.toml").read_text(encoding="utf-8"))[
    "scenario"
]


def _run(case: dict[str, Any]) -> Ruling:
    opts = case.get("options", {})
    match case["query"]:
        case "stats":
            return elestrals.final_stats(*case["base"], case["effects"], opts)
        case "battle":
            return elestrals.battle(case["attacker"], case["defender"], first_turn=case.get("first_turn", False))
        case "chain":
            return elestrals.resolve_chain(case["text"])
        case "enchant":
            return elestrals.enchantment(case["cost"], case["spirits"])
        case "main":
            return elestrals.main_action(case["action"], **case.get("state", {}))
        case "mulligan":
            return elestrals.mulligan(case["times"], case.get("spirit_deck"), opts)
        case "end":
            return elestrals.game_end(case["main"], case["spirits"], case.get("draws"), case.get("expends"))
        case "round-end":
            return elestrals.end_of_round(case["spirits"], case["main"], case["next"], stuck=case.get("stuck", False))
    raise AssertionError(f"unknown query {case['query']}")


def test_there_are_scenarios_for_every_query() -> None:
    assert {c["query"] for c in SCENARIOS} >= {"stats", "battle", "chain", "enchant", "main", "mulligan", "end"}


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict[str, Any]) -> None:
    ruling = _run(case)
    if "legal" in case:
        assert ruling.legal is case["legal"], ruling.verdict
    for key, want in case.get("expect", {}).items():
        assert ruling.value[key] == want, (key, ruling.value)
    assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules
