"""Review 16 (Spellfire): the numbers at their edges, and bad input as a player types it."""

from __future__ import annotations

from cli.testing import run


def test_counter_negates_names_the_counter_as_the_sheet_spells_it() -> None:
    # S12: "P2 calm" was recognised as Calm but echoed as "calm" in the verdict and every step.
    result = run(["spellfire", "counter", "P1 Cataclysm!", "P2 calm"])
    assert result.output.splitlines()[0] == "P2's Calm negates P1's Cataclysm!"
    assert "calm" not in result.output
    declared = run(["spellfire", "counter", "P1 Cataclysm!", "P2 DISPEL", "--counter", "Dispel"])
    assert declared.output.splitlines()[0] == "P2's Dispel negates P1's Cataclysm!"


def test_deck_empty_ends_game_exactly_when_the_pile_is_drawn_out() -> None:
    # S1, S2, S3: a pile of 2 drawn by 2 (or 3) ends the game; a pile of 3 drawn by 2 does not.
    ends = "the draw pile is emptied: the game ends, and the player with the most unrazed realms wins"
    assert run(["spellfire", "draw", "2", "--count", "2"]).output.splitlines()[0] == ends
    assert run(["spellfire", "draw", "2", "--count", "3"]).output.splitlines()[0] == ends
    assert run(["spellfire", "draw", "3", "--count", "2"]).output.splitlines()[0] == "draws 2; 1 left in the draw pile"


def test_a_phase_beyond_six_is_refused_on_one_line() -> None:
    # S5
    result = run(["spellfire", "once", "1:7"])
    assert (result.exit_code, result.output.strip()) == (2, "error: phase 7 does not exist; a turn has phases 0 to 6")
