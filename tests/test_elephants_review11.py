"""Review 11's Elemental Elephants defects: what each answer must now say (benchmarks/results/review11-elephants.md)."""

from __future__ import annotations

import pytest
from game_cli import answers

from cli.main import entry
from rulebook import elephants
from rulebook.errors import InvalidInputError

rulebook = answers("elephants")


def test_a_player_with_every_trunk_destroyed_has_no_hand_to_refill(capsys: pytest.CaptureFixture[str]) -> None:
    # E20: three trunks lost used to give a hand of 7 to a player who is out of the game.
    with pytest.raises(InvalidInputError, match="3 trunks are all destroyed is out of the game"):
        elephants.end_of_round(3, trunks_lost=3)
    assert elephants.end_of_round(3, trunks_lost=2).value["max_hand"] == 6
    assert entry(["elephants", "end-round", "--hand", "3", "--trunks-lost", "3"]) == 2
    assert capsys.readouterr().err.startswith("error: --trunks-lost must be from 0 to 2, not 3")


def test_a_spell_without_an_advance_icon_in_clash_iv_is_told_both_reasons() -> None:
    # E14: only the last clash was named; the missing advance icon was left out.
    out = rulebook("can-advance", "P1:fireball", "--clash", "4")
    assert out.startswith("P1:fireball cannot advance: nothing advances beyond Clash IV, and it has no advance icon")
    assert "[elephants.base.advance-icon]" in out
    # advanced by a Clap, the icon does not matter: only the last clash stops it
    by_clap = rulebook("can-advance", "P1:fireball", "P1:clap", "--clash", "4", "--by", "P1:clap")
    assert by_clap.startswith("P1:fireball cannot advance: nothing advances beyond Clash IV 1.")
    assert "advance icon" not in by_clap


def test_a_health_above_the_start_says_the_maximum_it_assumes() -> None:
    # E26: a health of 6 was taken as a maximum of 6 without a word.
    out = rulebook("resolve", "P1:fireball", "--health", "P2=6")
    assert "P2's health 6 is above the starting 5: their maximum is taken as 6, raised by an earlier bolster" in out
    assert "above the starting" not in rulebook("resolve", "P1:fireball", "--health", "P2=5")
