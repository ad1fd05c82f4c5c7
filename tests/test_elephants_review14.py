"""Review 14 (Elemental Elephants): a game played in the terminal under an option, saved and read back, is replayed
under that option, and the answer says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from cli.testing import run

SAVED = Path(__file__).parent.parent / "examples" / "review14" / "elephants-seat2.log"


def test_a_saved_game_is_replayed_under_the_option_it_was_played_by_and_says_so() -> None:
    # E10: `play --save` wrote the option into the log and `replay` used it, but the answer never said so.
    result = run(["elephants", "replay", str(SAVED)])
    text = " ".join(result.output.split())
    assert result.output.startswith("game over in round 11: P1 wins")
    assert (
        "the log plays by option turbulence-condition=this-spell: extra damage only if this Turbulence resolved in an"
        " earlier clash (card list of 2025-08-12) [elephants.interp.turbulence-condition]" in text
    )
    assert "here option turbulence-condition=this-spell" in text


def test_the_json_of_a_replay_names_the_options_of_its_log() -> None:
    data = __import__("json").loads(run(["elephants", "replay", str(SAVED), "--json"]).output)
    assert data["value"]["options"] == {"turbulence-condition": "this-spell"}
    assert data["value"]["winner"] == "P1"
    assert "elephants.interp.turbulence-condition" in data["rules"]


def test_the_option_line_is_what_the_replay_rests_on() -> None:
    # The same moves without the option line part ways with the game at line 190: the option was not decoration.
    moves = "\n".join(line for line in SAVED.read_text(encoding="utf-8").splitlines() if not line.startswith("option"))
    result = CliRunner().invoke(app, ["elephants", "replay", "-"], input=moves + "\n")
    assert result.exit_code == 2
    assert result.output.startswith("error: line 190: ")


def test_a_log_under_the_default_options_names_none() -> None:
    result = CliRunner().invoke(
        app, ["elephants", "replay", "-", "--json"], input="players 2\noption turbulence-condition=any-spell\n"
    )
    assert __import__("json").loads(result.output)["value"]["options"] == {}


@pytest.mark.parametrize(
    ("log", "error"),
    [
        (  # E17: the bad value was refused, but the line was not named
            "players 2\noption turbulence-condition=sometimes\n",
            "error: line 2: unknown value for option 'turbulence-condition' 'sometimes'; accepted: any-spell, "
            "this-spell, advanced-twice",
        ),
        (  # E18: "expected ... 'option NAME=VALUE' ..., not 'option ...'" refused an option as if it were not one
            "players 2\nP1 draft Thunder\noption turbulence-condition=this-spell\n",
            "error: line 3: 'option turbulence-condition=this-spell' comes after a move: the players and the options "
            "open the log, before the first move",
        ),
    ],
)
def test_a_bad_option_line_of_a_log_is_refused_naming_its_line_and_why(log: str, error: str) -> None:
    result = CliRunner().invoke(app, ["elephants", "replay", "-"], input=log)
    assert (result.exit_code, result.output.strip()) == (2, error)
