"""`rulebook elementals` as a user runs it: checks, replays, layouts, an interactive game, simulations."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elementals"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["elementals", *args], input=input)


def test_check_judges_a_play_with_its_trace_and_rules() -> None:
    result = run("check", "6C > KS", "--hand", "7H 6C", "--targets", "KS QH", "--pile", "KS=8D")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "6C damages KS: 14 of 13"
    assert lines[-1] == "rules: elementals.attack.order, elementals.attack.damage-sum"


def test_an_illegal_play_is_an_answer_with_its_reason_rules_and_notes() -> None:
    result = run("check", "JK1 > QH", "--hand", "JK1", "--targets", "KS QH", "--pile", "QH=8S 6C", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "rulebook.ruling/1" and data["legal"] is False
    assert data["value"]["reason"].startswith("a joker's damage is arcane")
    assert data["rules"] == ["elementals.attack.banish-element", "elementals.interp.joker-banish"]
    assert [n["id"] for n in data["notes"]] == ["elementals.interp.joker-banish"]
    allowed = run(
        "check", "JK1 > QH", "--hand", "JK1", "--targets", "KS QH", "--pile", "QH=8S 6C", "-o", "joker-banishes=yes"
    )
    assert allowed.stdout.startswith("JK1 banishes QH")


def test_card_and_deal_answer_with_the_rules_they_rest_on() -> None:
    data = json.loads(run("card", "K♣", "--json").stdout)
    assert data["verdict"] == "KC is an elemental: the Elemental Lord Al'Akir, air, power 13"
    assert data["value"] == {"card": "KC", "element": "air", "kind": "elemental", "power": 13}
    assert "elementals.defeat.lord-power" in data["rules"]
    result = run("deal", "--seed", "7", "--layout", "3")
    assert "[KS][QH][KD]" in result.stdout
    assert "seed 7, the tower: KS, QH, KD face up, 42 cards in the titan deck" in result.stdout


def test_check_in_the_position_a_log_reaches() -> None:
    log = str(EXAMPLES / "opening.log")
    result = run("check", "3S > QH", "--log", log, "--json")
    data = json.loads(result.stdout)
    assert data["legal"] is False
    assert "the two damage cards make 8" in data["verdict"]


def test_replay_of_the_example_logs() -> None:
    result = run("replay", str(EXAMPLES / "opening.log"), "--check")
    assert result.exit_code == 0
    assert result.stdout.startswith("legal: ")
    bad = run("replay", str(EXAMPLES / "illegal.log"), "--check")
    assert bad.exit_code == 1
    assert bad.stdout.startswith("illegal at action 3")


def test_layout_draws_the_documents_layouts_and_a_deal() -> None:
    result = run("layout", "tower", "--seed", "7")
    assert result.exit_code == 0
    assert "[ 9][10][11]" in result.stdout
    assert "[KS][QH][KD]" in result.stdout
    data = json.loads(run("layout", "--json").stdout)
    assert [d["value"]["name"] for d in data] == ["pyramid", "kite", "tower"]
    assert data[0]["value"]["covered_by"][0] == [1, 2]


def test_play_draws_the_layout_lists_moves_and_ends_on_quit(tmp_path: Path) -> None:
    save = tmp_path / "game.log"
    result = run("play", "--seed", "7", "--save", str(save), input="draw\n5D > QH\nfoo\n7H > KS\n1\nquit\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "[QH]    [KD]" in out and "moves: 1) draw" in out
    assert "5D damages QH: 5 of 12" in out
    assert "error: cannot read the action 'foo'" in out
    assert "error: 7H is not in your hand; you hold 6H, 3S" in out
    assert "6H damages KD" in out  # move 1 of the list after 5D: 6H > KD
    assert "game stopped (quit) after 3 moves" in out
    assert save.read_text().splitlines() == ["seed 7", "layout 1", "draw", "5D > QH", "6H > KD"]
    from rulebook import elementals

    assert elementals.replay(save.read_text()).legal


def test_play_ends_cleanly_at_the_end_of_input() -> None:
    result = run("play", "--seed", "3", "--layout", "kite", input="help\ndraw\n")
    assert result.exit_code == 0
    assert "therazane     Therazane's Touch: see the bottom card, then 'top' or 'stay'" in result.stdout
    assert "game stopped (end of input) after 1 moves" in result.stdout


def test_play_to_the_end_of_a_game() -> None:
    # Always taking the first listed move ends the game; the game says so and stops asking.
    result = run("play", "--seed", "7", input="1\n" * 300)
    assert result.exit_code == 0
    assert "game over after" in result.stdout
    assert "the elementals win" in result.stdout


def test_simulate_reports_win_rates_intervals_and_damage_and_writes_a_chart(tmp_path: Path) -> None:
    chart = tmp_path / "sim.svg"
    result = run("simulate", "--games", "12", "--policy", "random", "--policy", "greedy", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("2 policies, 12 games each: best ")
    assert any(line.strip().startswith("2. greedy: won ") and "95% CI" in line for line in lines)
    assert any(line.startswith("damage ") and "random" in line and "greedy" in line for line in lines)
    root = ET.fromstring(chart.read_text())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall(".//{http://www.w3.org/2000/svg}rect")) > 10
    assert "greedy: won" in chart.read_text()


def test_simulate_json_is_reproducible_from_its_seed() -> None:
    args = ("simulate", "--games", "5", "--seed", "9", "--policy", "greedy", "--no-progress", "--json")
    first, second = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    assert first["value"] == second["value"]
    res = first["value"]["results"][0]
    assert res["games"] == 5 and sum(res["damage_histogram"].values()) == 5
    assert 0 <= res["ci95"][0] <= res["win_rate"] <= res["ci95"][1] <= 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "7X > KS", "--hand", "7H"], "unknown card '7X' (did you mean 7H, 7D, 7S, 7C?)"),
        (["check", "9C > KS", "--hand", "7H", "--targets", "KS QH"], "9C is not in your hand; you hold 7H"),
        (["check", "7H > KD", "--hand", "7H", "--targets", "KS QH"], "KD is not a revealed elemental; revealed: KS"),
        (["check", "7S > KS", "--hand", "7S", "--targets", "KS QH"], None),
        (["check", "7H > KS", "--hand", "7H", "--targets", "KS QH", "--pile", "KS"], "ELEMENTAL=CARDS"),
        (["check", "7H > KS", "-o", "joker-banish=yes"], "did you mean 'joker-banishes'"),
        (["check", "7H hits KS"], "cannot read the action '7H hits KS'"),
        (["simulate", "--games", "2", "--policy", "smart"], "unknown policy 'smart'"),
        (["play", "--layout", "star"], "unknown layout 'star'"),
        (["layout", "4"], "unknown layout '4'"),
        (["replay", "no-such.log"], "cannot read 'no-such.log'"),
    ],
)
def test_bad_input_gets_one_line_and_exit_code_two(args: list[str], message: str | None) -> None:
    result = run(*args)
    if message is None:
        # A play the rules forbid (here, immunity) is an answer, with exit code 0.
        assert result.exit_code == 0
        assert result.stdout.startswith("illegal: ")
        return
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr


def test_a_malformed_log_names_its_line(tmp_path: Path) -> None:
    log = tmp_path / "bad.log"
    log.write_text("seed 4\ndraw\nattack KS\n")
    result = run("replay", str(log))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: line 3: cannot read the action 'attack KS'")


def test_the_committed_chart_is_the_svg_the_documented_command_writes() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs" / "games"
    svg = (docs / "elementals-sim.svg").read_text()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    page = (docs / "elementals.md").read_text()
    assert "--chart docs/games/elementals-sim.svg" in page and "(elementals-sim.svg)" in page
    assert "planner: won 9.21% [8.66%, 9.79%] of 10000" in svg
