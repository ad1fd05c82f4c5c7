"""Review 14 (Elemental Clash): a position kept on one line is read back as it was, the turn included; a position
written with P2 to move no longer says that turn 1 is P2's; the series of a drawn game and the errata's moves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.testing import run

LOG = str(Path(__file__).parent.parent / "examples" / "review14" / "clash-revive-mid.log")
WRITTEN = "P1: fire* water earth -ether* / P2: fire water* earth air ether / P1 to move / turn 5"


def test_a_position_is_written_on_one_line_and_read_back_as_it_was() -> None:
    # C7, C8: the position a log reaches, written with --at, lost its turn (5 became 1).
    data = json.loads(run(["clash", "position", "--log", LOG, "--json"]).output)
    assert data["value"]["position"]["written"] == WRITTEN
    for command in (["position"], ["advise"]):
        from_log = run(["clash", *command, "--log", LOG])
        read_back = run(["clash", *command, *(["--at", WRITTEN] if command == ["position"] else [WRITTEN])])
        assert read_back.output == from_log.output
    assert run(["clash", "position", "--at", WRITTEN]).output.startswith("P1 to move (turn 5), 15 legal moves")


def test_p2_to_move_is_on_an_even_turn() -> None:
    # C7: "P1 moved first and turns alternate: turn 1 is P2's" contradicted itself.
    result = run(["clash", "position", "--at", "P1: fire / P2: fire / P2 to move"])
    text = " ".join(result.output.split())
    assert result.output.startswith("P2 to move (turn 2), 2 legal moves")
    assert "P1 moved first and turns alternate: turn 2 is P2's [clash.setup.first-player]" in text
    assert run(["clash", "position", "--at", "P1: fire / P2: fire water / turn 4"]).output.startswith(
        "P2 to move (turn 4)"
    )


@pytest.mark.parametrize(
    ("at", "error"),
    [
        (
            "P1: fire / P2: fire / P1 to move / turn 6",
            "error: position 'P1: fire / P2: fire / P1 to move / turn 6': turn 6 is not P1's: P1 moves first and "
            "turns alternate, so P1 moves on odd turns and P2 on even ones",
        ),
        ("P1: fire / P2: fire / turn 0", "error: the turn must be from 1 to 99, not 0"),
        (
            "P1: fire / P2: fire / turn 3 / turn 5",
            "error: position 'P1: fire / P2: fire / turn 3 / turn 5': the turn is given twice; write 'P1: ELEMENTS / "
            "P2: ELEMENTS / P1 to move / turn 5' (e.g. 'P1: earth* ether fire* / P2: fire earth / P2 to move'; the "
            "mover and the turn may be left out)",
        ),
    ],
)
def test_a_turn_that_cannot_be_is_refused_in_one_line(at: str, error: str) -> None:
    result = run(["clash", "position", "--at", at])
    assert (result.exit_code, result.output.strip()) == (2, error)


def test_a_finished_game_and_an_awaited_answer_have_no_one_line_form() -> None:
    finished = json.loads(run(["clash", "attack", "water", "water", "--at", "P1: water / P2: water", "--json"]).output)
    assert finished["value"]["position"]["over"] is True
    assert finished["value"]["position"]["written"] is None


def test_drawn_games_add_nothing_to_a_series() -> None:
    draw = str(Path(LOG).with_name("clash-draw.log"))
    short = str(Path(__file__).parent.parent / "examples" / "clash" / "short-game.log")
    text = run(["clash", "replay", draw, short, draw]).output
    assert "series of 3 games: P1 5 points, P2 0 points" in text
    under = run(["clash", "replay", draw, short, draw, "-o", "last-elements-tie=defender-wins"]).output
    assert "series of 3 games: P1 5 points, P2 6 points" in under
