"""Review 15 (Elemental Clash): `solve` under options fixed with -o says so in its notes, and counts its readings
in words."""

from __future__ import annotations

from cli.testing import run


def words(text: str) -> str:
    return " ".join(text.split())


def test_interp_revived_ability_fixed_by_o_is_named_in_the_notes_of_solve() -> None:
    # C9: the notes stated the default readings ("stays spent") of the options the solve had fixed otherwise.
    args = ["clash", "solve", "-o", "revive-restores-ability=yes", "-o", "last-elements-tie=defender-wins"]
    text = words(run([*args, "-o", "gale-defends=no"]).output)
    assert text.startswith("Elemental Clash solved under 1 rules reading: P2 wins under 1")
    assert "(here option revive-restores-ability=yes: the revived element comes back with its ability unused)" in text
    assert "(here option last-elements-tie=defender-wins: the player who defended wins)" in text


def test_solve_counts_several_readings_in_the_plural() -> None:
    assert run(["clash", "solve", "-o", "gale-defends=yes"]).output.startswith(
        "Elemental Clash solved under 6 rules readings: P1 wins under 6"
    )
