"""Review 10's Elemental Clash defects: what each answer must now say (see benchmarks/results/review10-clash.md)."""

from __future__ import annotations

import json

from kept_cli import CliRunner

from cli.main import app

runner = CliRunner()


def advice(position: str, *options: str) -> dict:
    result = runner.invoke(app, ["clash", "advise", position, *options, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_advise_says_how_each_revived_element_returns_and_cites_the_reading() -> None:
    # K1: P1 has only Ether; reviving Fire wins only if Fire comes back able to Blaze.
    result = runner.invoke(app, ["clash", "advise", "P1: ether / P2: fire*"])
    assert result.exit_code == 0, result.output
    assert "revive fire: win (Fire returns with its Blaze unused)" in result.output
    assert "revive air: loss (Air returns with its Gale unused)" in result.output
    assert "clash.interp.revived-ability" in result.output


def test_an_eliminated_element_written_spent_changes_the_value_and_the_answer_says_why() -> None:
    unused = advice("P1: ether / P2: fire*")
    spent = advice("P1: ether -fire* / P2: fire*")
    assert {m["move"]: m["value"] for m in unused["value"]["moves"]}["revive fire"] == "win"
    assert {m["move"]: m["value"] for m in spent["value"]["moves"]}["revive fire"] == "draw"
    steps = [s["text"] for s in spent["trace"]]
    assert "revive fire: draw (Fire returns with its Blaze spent)" in steps
    # Under the other reading the spent Blaze comes back unused, and the answer says so.
    restored = advise_text("P1: ether -fire* / P2: fire*", "-o", "revive-restores-ability=yes")
    assert "revive fire: win (Fire returns with its Blaze unused)" in restored


def advise_text(position: str, *options: str) -> str:
    result = runner.invoke(app, ["clash", "advise", position, *options])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_position_help_shows_how_to_write_an_eliminated_element_whose_ability_was_spent() -> None:
    for command in (["clash", "advise", "--help"], ["clash", "attack", "--help"], ["clash", "position", "--help"]):
        result = runner.invoke(app, command)
        assert "-fire*" in " ".join(result.output.split()), command
