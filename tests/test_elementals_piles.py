"""A pile stated on an elemental must be one that legal plays could have left there (issue 22's review)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulebook import elementals as E
from rulebook.errors import InvalidInputError


@pytest.mark.parametrize(
    ("pile", "why"),
    [
        ("3C 4S", "its two damage cards make 7, less than its power 12"),
        ("3C 4S 5H", "at most its 2 damage cards"),
        ("5D", "it is immune to earth"),
        ("9S 4D", "it is immune to earth"),
    ],
)
def test_a_pile_no_legal_play_could_leave_is_refused(pile: str, why: str) -> None:
    with pytest.raises(InvalidInputError, match=why):
        E.position(hand="10D 2C", targets="QD", piles={"QD": pile})


@pytest.mark.parametrize(("pile", "play"), [("3C 9S", "10D"), ("JK1=5 8S", "10D"), ("3C", "9S"), ("JK2=2", "JK1=10")])
def test_a_pile_legal_plays_could_leave_is_accepted_and_played_on(pile: str, play: str) -> None:
    card, _, power = play.partition("=")
    state = E.position(hand=f"{card} 2C", targets="QD", piles={"QD": pile})
    assert state.refusal(E.Play(card, "QD", int(power) if power else None)) is None


def test_the_cli_refuses_an_impossible_pile_in_one_line_with_exit_2() -> None:
    command = ["elementals", "check", "10D > QD", "--hand", "10D 2C 3C", "--targets", "QD", "--pile", "QD=3C 4S"]
    run = [sys.executable, "-c", "from cli.main import run; run()", *command]
    done = subprocess.run(run, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "error: QD cannot hold 3C 4S: its two damage cards make 7, less than its power 12, so the second would "
        "have been refused (elementals.attack.damage-sum)"
    ]


def test_a_card_ragnaros_doubled_counts_twice_in_a_stated_pile() -> None:
    state = E.position(hand="10D 2C", targets="QD", piles={"QD": "5C 4S"}, doubled="4S")
    assert state.pile_power(state.slot_of("QD")) == 13
    with pytest.raises(InvalidInputError, match="make 9, less than its power 12"):
        E.position(hand="10D 2C", targets="QD", piles={"QD": "5C 4S"})


@pytest.mark.parametrize(
    "where",
    [{"hand": "2C 2C"}, {"hand": "2C", "discards": "2C"}, {"hand": "2C JK1", "piles": {"QD": "JK1=3"}}],
)
def test_a_card_named_in_two_places_is_refused(where: dict) -> None:
    with pytest.raises(InvalidInputError, match="named twice: the titan deck holds one of each card"):
        E.position(targets="QD", **where)
