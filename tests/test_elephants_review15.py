"""Review 15 (Elemental Elephants): a rules option given with `-o` is the option the board is judged by, even when the
board comes from a `--round` file, and every answer names the option it was decided under."""

from __future__ import annotations

import json
from pathlib import Path

from cli.testing import run

ROUND = str(Path(__file__).parent.parent / "examples" / "elephants" / "electrocute.toml")


def words(text: str) -> str:
    return " ".join(text.split())


def test_interp_electrocute_cost_recall_applies_to_a_board_read_from_a_round_file() -> None:
    # L1: with --round, -o was dropped: the answer discarded the spell while its note said "recall".
    args = ["elephants", "effect", "P1:electrocute", "--round", ROUND, "-o", "electrocute-cost=recall"]
    text = words(run(args).output)
    assert text.startswith("P1:electrocute recalls P1:nourish first; makes P2 discard fireball")
    assert "Its owner recalls that spell (electrocute-cost=recall) [elephants.interp.electrocute-cost]" in text
    assert "P1 recalls P1:nourish to their hand" in text
    assert "discards P1:nourish" not in text


def test_interp_electrocute_cost_default_from_a_round_file_is_unchanged() -> None:
    text = words(run(["elephants", "effect", "P1:electrocute", "--round", ROUND]).output)
    assert text.startswith("P1:electrocute discards P1:nourish first")


def test_a_round_file_and_command_line_health_are_not_silently_mixed() -> None:
    result = run(["elephants", "effect", "P1:electrocute", "--round", ROUND, "--health", "P1=3"])
    assert result.exit_code == 2
    assert result.output.startswith("error: give the spells resolved earlier and the players' health either in")


def test_interp_turbulence_condition_is_named_in_the_notes_of_a_whole_clash() -> None:
    # L6: resolve played by advanced-twice, but its note stated only the default reading.
    args = ["elephants", "resolve", "P1:turbulence", "P2:fireball", "--clash", "2", "--earlier", "P2:nourish"]
    text = words(run([*args, "-o", "turbulence-condition=advanced-twice"]).output)
    assert "P1:turbulence deals 1 damage to P2: health 5 to 4" in text
    assert "(here option turbulence-condition=advanced-twice: extra damage only once this Turbulence" in text
    data = json.loads(run([*args, "-o", "turbulence-condition=advanced-twice", "--json"]).output)
    assert data["input"]["options"] == {"turbulence-condition": "advanced-twice"}
    default = words(run(args).output)
    assert "P1:turbulence deals 2 damage to P2" in default
    assert "here option" not in default


def test_interp_gravitate_move_may_is_named_in_the_notes() -> None:
    args = ["elephants", "resolve", "P1:gravitate", "P2:fireball", "--clash", "2", "--choose", "P1:gravitate=none"]
    text = words(run([*args, "-o", "gravitate-move=may"]).output)
    assert "P1 moves nothing [elephants.interp.gravitate-move]" in text
    assert "(here option gravitate-move=may: Gravitate's owner may decline to move anything)" in text
