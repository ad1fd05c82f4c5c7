"""Review 13 (Elemental Clash): a line of perfect play cites the rule that decided each turn."""

from __future__ import annotations

from cli.testing import run
from rulebook import clash
from rulebook.clash.solver import advise


def test_a_line_ending_on_a_fortify_cites_fortify_and_then_the_game_end() -> None:
    # C11: P1's only move loses to P2's Fortify; the line must cite the Fortify reading, not only the winner.
    ruling = advise(clash.position("earth", "earth"))
    assert ruling.verdict.startswith("P1 to move loses with perfect play")
    steps = [(s.text, s.rule, s.overrides) for s in ruling.trace if s.text.startswith("turn 1:")]
    assert steps == [
        (
            "turn 1: P1 plays earth > earth+: P1's Earth is eliminated (5 against 5)",
            "clash.interp.fortify-outcome",
            "clash.attack.tie",
        ),
        ("turn 1: P1 has no elements left: P2 wins", "clash.end.winner", None),
    ]


def test_a_line_ending_in_a_drawn_tie_cites_the_tie_and_the_draw_reading() -> None:
    # C13: the last elements tie; the draw rests on an interpretation, cited on its own step.
    result = run(["clash", "advise", "P1: earth / P2: earth*"])
    assert result.exit_code == 0
    assert "against 5)  [clash.attack.tie]" in result.output
    assert "the game is a draw" in result.output and "[clash.interp.last-elements-tie]" in result.output
