"""Review 12's Spellfire findings: what each answer must now say (benchmarks/results/review12-spellfire.md)."""

from __future__ import annotations

from pathlib import Path

from game_cli import answers

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

rulebook = answers("spellfire")


def test_a_champion_refused_by_type_is_also_told_it_could_not_pass_the_protection() -> None:
    # S13: "E is protected by C" was left hanging: the earthwalker's way in was never judged.
    fort = str(EXAMPLES / "review12" / "spellfire-fort.txt")
    out = rulebook("attack", "E", "-f", fort, "--champion", "wizard earthwalker")
    assert out.startswith("illegal: E admits only hero champions, not the wizard")
    assert "besides: E is protected by C, and the wizard's movement (earthwalker) does not reach it" in out
    # exposed, the type is the only obstacle; a movement requirement is not said twice
    assert "besides" not in rulebook("attack", "E", "-f", fort, "--razed", "C", "--champion", "wizard")
    required = rulebook("attack", "D", "--realm", "D: only-flyer", "--champion", "hero earthwalker")
    assert required.startswith("illegal: D can be attacked only by a flyer") and "besides" not in required


def test_a_note_names_the_reshuffle_chosen() -> None:
    # S7: "The reshuffle rule is off unless the players adopt it", printed while reshuffle=yes was in force.
    out = rulebook("draw", "2", "--count", "3", "-o", "reshuffle=yes")
    assert out.startswith("draws 2, 1 lost; nothing to reshuffle: the game ends")
    assert "(here option reshuffle=yes: at the turn's end the discards are shuffled" in out
