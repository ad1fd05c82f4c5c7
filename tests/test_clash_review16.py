"""Review 16 (Elemental Clash): the score at both ends of the survival bonus, and bad input as a player types it."""

from __future__ import annotations

from pathlib import Path

from cli.testing import run

HERE = Path(__file__).parent.parent / "examples" / "review16"


def test_score_survivors_at_five_and_at_one() -> None:
    # C1, C2, C3: 3 for the win and 1 per element left, 8 at most and 4 at least; a series adds them up.
    five, one = str(HERE / "clash-five-left.log"), str(HERE / "clash-one-left.log")
    assert run(["clash", "replay", five]).output.splitlines()[0] == "legal: 5 turns, P1 wins, 8 points"
    assert run(["clash", "replay", one]).output.splitlines()[0] == "legal: 5 turns, P2 wins, 4 points"
    series = run(["clash", "replay", five, one]).output
    assert "series of 2 games: P1 8 points, P2 4 points" in series


def test_a_misspelt_move_in_a_log_names_its_line_and_the_closest_element() -> None:
    # C13
    result = run(["clash", "replay", str(HERE / "clash-typo.log")])
    assert (result.exit_code, result.output.strip()) == (
        2,
        "error: line 1: unknown element 'watr' (did you mean 'water'?); accepted: fire, water, earth, air, ether",
    )
