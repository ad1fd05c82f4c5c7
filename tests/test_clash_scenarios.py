"""Runs the Elemental Clash scenarios of rulebook/data/scenarios/clash.toml: each names the rule it shows.

The same scenarios feed `rulebook compare`, which replays them under every choice of each option.
"""

from __future__ import annotations

import tomllib

import pytest

from rulebook import clash
from rulebook.records import DATA_DIR

SCENARIOS = tomllib.loads((DATA_DIR / "scenarios" / "clash.toml").read_text(encoding="utf-8"))["scenario"]


def _eliminated(before: clash.ClashState, after: clash.ClashState) -> list[str]:
    return sorted(
        f"{clash.PLAYERS[i]} {e}"
        for i in (0, 1)
        for e in clash.ELEMENTS
        if before.sides[i].has(e) and not after.sides[i].has(e)
    )


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict) -> None:
    options = case.get("options", {})
    if "log" in case:
        ruling = clash.replay(case["log"], options)
        assert ruling.verdict.startswith(case["verdict"]), ruling.verdict
        assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules
        return
    has_position = "p1" in case
    state = clash.position(case["p1"], case["p2"], options=options) if has_position else clash.new_game(options)
    ruling = clash.resolve_attack(state, case["turn"])
    if "illegal" in case:
        assert ruling.legal is False, ruling.verdict
        assert set(case["illegal"]) <= set(ruling.rules), ruling.rules
        return
    assert ruling.legal is True, ruling.verdict
    after, _ = clash.play(state, case["turn"])
    assert _eliminated(state, after) == sorted(case["eliminated"])
    assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules
    if "winner" in case:
        assert after.is_terminal()
        winner = after.winner()
        assert (clash.PLAYERS[winner] if winner is not None else "draw") == case["winner"]
    else:
        assert not after.is_terminal()
