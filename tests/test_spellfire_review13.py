"""Review 13 (Spellfire): the free Avatar is one card; every obstacle and every withheld priority is named."""

from __future__ import annotations

import json

from cli.testing import run


def test_only_one_of_two_like_avatars_is_free() -> None:
    # S18: two copies of Bane at level 14 used to count for 0 levels, both left out.
    result = run(["spellfire", "levels", "Bane:14:avatar", "Bane:14:avatar", "--json"])
    assert result.exit_code == 0
    value = json.loads(result.output)["value"]
    assert (value["levels"], value["cards"], value["free_avatar"]) == (14, 2, "Bane")


def test_two_avatars_of_one_name_and_different_levels_are_told_apart_by_level() -> None:
    result = run(["spellfire", "levels", "Bane:14:avatar", "Bane:12:avatar", "--free", "Bane"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: the deck has 2 Avatars named Bane (levels 14, 12): name the free one with --free NAME:LEVEL "
        "(e.g. --free Bane:14)"
    ]
    chosen = run(["spellfire", "levels", "Bane:14:avatar", "Bane:12:avatar", "--free", "Bane:12"])
    assert chosen.exit_code == 0
    assert chosen.output.startswith("the champions count for 14 levels; Bane (Avatar, level 12) is free; 2 cards")


def test_a_champion_named_like_the_free_avatar_still_counts() -> None:
    result = run(["spellfire", "levels", "Bane:10", "Bane:14:avatar"])
    assert result.output.startswith("the champions count for 10 levels; Bane (Avatar, level 14) is free")


def test_an_activation_out_of_turn_is_said_to_earn_no_priority() -> None:
    # S12: the answer was right, but did not say why P2's activation did not come first by its own right.
    result = run(["spellfire", "priority", "P3 play", "P2 activate", "--acting", "P1", "--seating", "P1,P2,P3"])
    assert result.output.startswith("P2 resolves first: P2 activate, then P3 play")
    flat = " ".join(result.output.split())
    assert "it is P1's turn, not P2's: that gives P2 no priority [spellfire.order.in-play-priority]" in flat


def test_copying_an_avatar_out_of_phase_names_both_obstacles() -> None:
    # S17: only the Avatar was named; a player who picked a champion instead would then meet the phase.
    result = run(["spellfire", "copy", "avatar", "--phase", "4"])
    assert result.output.splitlines()[0] == (
        "illegal: the powers of an Avatar cannot be copied, and the power to copy is chosen in phase 3, "
        "not in phase 4 (attack)"
    )
