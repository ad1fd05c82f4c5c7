"""Review 12's Elemental Elephants findings: what each answer must now say
(benchmarks/results/review12-elephants.md)."""

from __future__ import annotations

from pathlib import Path

from game_cli import answers
from kept_cli import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

rulebook = answers("elephants")


def test_a_mistyped_move_names_the_closest_legal_one() -> None:
    # L7: a misspelt spell in a log listed the legal moves but named none; L9: in play, the list was cut
    # after twelve, so the set meant could be left out.
    out = rulebook("replay", str(EXAMPLES / "review12" / "elephants-typo.log"), code=2)
    assert "line 12: 'cast crepuscul' is not a legal action now (did you mean 'cast crepuscule'?)" in out
    played = CliRunner().invoke(app, ["elephants", "play"], input="draft Twiligt\nquit\n")
    assert played.exit_code == 0
    assert "'draft Twiligt' is not a legal action now (did you mean 'draft Twilight'?)" in played.output
    assert "game stopped (quit) in round 1, after 0 moves" in played.output
    # nothing near: no guess
    far = CliRunner().invoke(app, ["elephants", "play"], input="draft Nowhere\nquit\n")
    assert "'draft Nowhere' is not a legal action now: P1 decides" in far.output


def test_a_move_after_the_end_says_who_won() -> None:
    # L8: "the game is already over", without the result.
    out = rulebook("replay", str(EXAMPLES / "review12" / "elephants-past-end.log"), code=2)
    assert "line 84: the game is already over: P1 won in round 5 [elephants.base.game-end]" in out


def test_a_whole_hand_discarded_without_a_draft_says_the_draft_was_declined() -> None:
    # L17: the answer spoke only of the hand kept, not of the draft the player could have made.
    out = rulebook("end-round", "--hand", "3", "--kept", "0", "--no-draft")
    assert out.startswith("No new set; recall 4 to fill the hand of 4")
    assert "The whole hand was discarded: a new set may be drafted, and none is [elephants.end.discard-all]" in out
    assert "may be drafted" not in rulebook("end-round", "--hand", "3", "--kept", "1")


def test_a_game_in_progress_says_what_is_being_decided() -> None:
    # L10: a log stopped in the draft read "round 1, Clash 1; P1 decides next", as if the clash had begun.
    out = rulebook("replay", str(EXAMPLES / "review12" / "elephants-stopped.log"))
    assert out.startswith("game in progress: round 1, Clash 1; P1 decides next: a spell set to draft")
