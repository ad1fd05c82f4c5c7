"""Review 11's Elemental Clash defects: what each answer must now say (benchmarks/results/review11-clash.md)."""

from __future__ import annotations

from pathlib import Path

from game_cli import answers

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


rulebook = answers("clash")


def test_a_turn_after_the_end_names_how_the_game_ended() -> None:
    # K20: "illegal: the game is over" did not say who had won.
    out = rulebook("attack", "fire", "water", "--log", str(EXAMPLES / "clash" / "short-game.log"))
    assert out.startswith("illegal: the game is over: P1 won")
    drawn = rulebook("attack", "earth", "fire", "--at", "P1: / P2: ")
    assert drawn.startswith("illegal: the game is over: a draw")
    assert "[clash.interp.last-elements-tie]" in drawn
    late = rulebook("replay", str(EXAMPLES / "review9" / "clash-after-end.log"))
    assert late.startswith("illegal at turn 6 (line 7, 'fire > earth'): the game is over: P2 won")


def test_advice_in_a_finished_game_names_its_result_first() -> None:
    # K25: the headline said only that the game was over.
    assert rulebook("advise", "P1: earth / P2: ").startswith("the game is over (P1 won): there is no move to advise")
    assert rulebook("advise", "P1: / P2: ").startswith("the game is over (a draw): there is no move to advise")


def test_a_third_player_to_move_is_refused_for_that_reason() -> None:
    # K7: "cannot read 'P3 to move'" showed the format but not what was wrong with it.
    out = rulebook("attack", "fire", "water", "--at", "P1: fire / P2: water / P3 to move", code=2)
    assert "'P3' cannot be to move: Elemental Clash has two players, P1 and P2" in out
