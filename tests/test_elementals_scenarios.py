"""Runs the Elementals scenarios of rulebook/data/scenarios/elementals.toml: each names the rule it shows."""

from __future__ import annotations

import tomllib

import pytest

from rulebook import elementals
from rulebook.records import DATA_DIR

SCENARIOS = tomllib.loads((DATA_DIR / "scenarios" / "elementals.toml").read_text(encoding="utf-8"))["scenario"]


def test_there_are_many_scenarios() -> None:
    assert len(SCENARIOS) >= 30


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict) -> None:
    state, ruling = elementals.scenario_play(case)
    last = (case["actions"] or [None])[-1]
    if ruling is not None:
        assert ruling.legal is case["legal"], ruling.verdict
        assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules
        if "verdict" in case:
            assert ruling.verdict == case["verdict"]
        if not case["legal"]:
            return
        state = state.apply(elementals.parse_action(last))
    if "damage" in case:
        assert state.damage == case["damage"]
    if "targets_after" in case:
        assert state.targets() == case["targets_after"]
    if "hand_after" in case:
        assert " ".join(state.hand) == case["hand_after"]
    if "deck_after" in case:
        assert " ".join(state.deck) == case["deck_after"]
    if "plane_after" in case:
        assert " ".join(state.plane) == case["plane_after"]
    if "over" in case:
        assert state.is_terminal()
        assert ("won" if state.won() else "lost") == case["over"]
    else:
        assert not state.is_terminal()
