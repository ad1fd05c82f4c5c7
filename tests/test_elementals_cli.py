"""`rulebook elementals` as a user runs it: checks, replays, layouts, an interactive game, simulations."""

from __future__ import annotations

import contextlib
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from kept_cli import CliRunner

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
    assert "game stopped (end of input) after 1 move:" in result.stdout


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
    assert "planner: won 13.19% [12.54%, 13.87%] of 10000" in svg


# ---------------------------------------------------------------- quiet replays


def test_a_replay_sums_the_game_up_and_steps_shows_every_action() -> None:
    won = str(EXAMPLES / "won-game.log")
    short = run("replay", won)
    assert short.exit_code == 0
    lines = short.stdout.splitlines()
    assert lines[0] == "legal: 55 actions, the player wins with 4 damage"
    summary = [line for line in lines if line.startswith("  ") and line.strip()[0].isdigit()]
    assert len(summary) <= 8
    assert any("12 of 12 elementals defeated" in line for line in summary)
    full = run("replay", won, "--steps")
    assert full.stdout.splitlines()[0] == lines[0]
    assert len(full.stdout.splitlines()) > 150 and "action 55: " in full.stdout


# ---------------------------------------------------------------- solve


def test_solve_finds_a_winning_line_that_replay_accepts(tmp_path: Path) -> None:
    saved = tmp_path / "win.log"
    result = run("solve", "--seed", "141", "--save", str(saved), "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("seed 141, the pyramid: winnable, by a line of ")
    start = lines.index("a winning line, as a move log (`rulebook elementals replay --check` accepts it):")
    assert lines[start + 1 : start + 3] == ["seed 141", "layout 1"]
    assert lines[-1].startswith("searched ") and " positions in " in lines[-1]
    checked = run("replay", str(saved), "--check")
    assert checked.exit_code == 0 and "the player wins" in checked.stdout.splitlines()[0]


def test_solve_says_why_a_deal_is_not_winnable() -> None:
    data = json.loads(run("solve", "--seed", "3", "--layout", "kite", "--no-progress", "--json").stdout)
    assert data["value"]["verdict"] == "not winnable" and data["value"]["winnable"] is False
    assert data["verdict"].startswith("seed 3, the kite: not winnable")
    assert data["value"]["line"] == [] and data["value"]["positions"] >= 0


def test_solve_from_a_log_continues_its_moves(tmp_path: Path) -> None:
    saved = tmp_path / "on.log"
    log = EXAMPLES / "midgame.log"
    result = run("solve", "--log", str(log), "--save", str(saved), "--no-progress")
    assert result.exit_code == 0, result.output
    assert "winnable, by a line of" in result.stdout.splitlines()[0]
    told = [line.split("#")[0].strip() for line in log.read_text().splitlines()]
    told = [line for line in told if line]
    lines = saved.read_text().splitlines()
    assert lines[: len(told)] == told and len(lines) > len(told)
    assert run("replay", str(saved), "--check").exit_code == 0


def test_solve_is_unknown_when_the_time_runs_out() -> None:
    result = run("solve", "--seed", "7", "--limit", "0.1", "--no-progress")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "seed 7, the pyramid: unknown within the time limit"


def test_ctrl_c_during_solve_says_how_far_it_got(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.elementals import solver as elementals_solver

    def interrupted(self, p):
        raise KeyboardInterrupt

    monkeypatch.setattr(elementals_solver.Solver, "turn", interrupted)
    result = run("solve", "--seed", "7", "--no-progress")
    assert result.exit_code == 130
    assert result.stderr == "interrupted: no verdict after 0 positions searched\n"


# ---------------------------------------------------------------- hints


def test_hint_gives_a_move_from_what_the_player_sees() -> None:
    result = run("hint", "--log", str(EXAMPLES / "opening.log"), "--samples", "6", "--no-progress", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == f"hint: {data['value']['move']}"
    assert data["value"]["move"] == data["value"]["plan"][0]
    # Here a single card is left to play: there is one plan, played out only for its chance to win.
    assert data["value"]["source"] == "only" and 1 <= data["value"]["samples"] <= 6
    assert 0 <= data["value"]["chance"] <= 1
    assert data["value"]["reasons"][0].startswith("the only way to play on: throw away 3S")
    assert "planner" not in result.stdout.replace('"source"', "")


def test_hint_refuses_an_illegal_log() -> None:
    result = run("hint", "--log", str(EXAMPLES / "illegal.log"), "--no-progress")
    assert result.exit_code == 2 and "is not legal: illegal at action 3" in result.stderr


# ---------------------------------------------------------------- play, for a person


def test_play_starts_with_the_goal_and_a_legend_and_shows_each_card_with_its_element_and_power() -> None:
    out = run("play", "--seed", "7", input="draw\nquit\n").stdout
    assert "Goal: defeat all 12 elementals before your discards add up to 33 damage." in out
    assert "H ♥ water, D ♦ earth, S ♠ fire, C ♣ air" in out
    assert "face up: QH water queen 12 · KD earth king 13" in out
    assert "hand: 5D earth 5 · 6H water 6 · 3S fire 3" in out
    assert "\x1b[" not in out  # no colour codes when the output is not a terminal


def test_play_shows_the_trace_only_when_asked_and_can_undo() -> None:
    out = run("play", "--seed", "7", input="draw\n5D > QH\nwhy\nundo\n6H > KD\nquit\n").stdout
    assert "5D damages QH: 5 of 12\n" in out
    assert "  1. 5D is the first damage card on QH  [elementals.attack.order]" in out
    assert out.count("[elementals.attack.order]") == 1  # only for 'why'
    assert "undone: 5D > QH" in out
    assert "game stopped (quit) after 2 moves" in out  # draw and 6H > KD: the undone move is gone


def test_play_gives_a_hint() -> None:
    out = run("play", "--seed", "7", input="draw\nhint\nquit\n").stdout
    assert "hint: " in out and "chance to win from here: about" in out and "games dealt to fit what you see" in out
    assert "planner" not in out


# ---------------------------------------------------------------- hardening


@pytest.mark.parametrize("chart", ["/", "/nonexistent-folder/chart.svg", "/dev/full", "x" * 300 + ".svg"])
def test_a_chart_that_cannot_be_written_is_refused_before_any_game(chart: str, monkeypatch) -> None:
    from rulebook.elementals import simulation as elementals_sim

    def never(*args, **kwargs):
        raise AssertionError("a game was played before the chart path was checked")

    monkeypatch.setattr(elementals_sim, "simulate", never)
    result = run("simulate", "--games", "100000", "--policy", "planner", "--chart", chart)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: cannot write")


def test_a_save_file_that_cannot_be_written_is_refused_before_play() -> None:
    result = run("play", "--save", "/", input="draw\n")
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.startswith("error: cannot write '/'")
    solved = run("solve", "--seed", "7", "--save", "/nonexistent-folder/x.log")
    assert solved.exit_code == 2 and solved.stdout == "" and "does not exist" in solved.stderr


BIG = "9" * 5000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed ²\ndraw\n", "the seed must be a whole number written with the digits 0-9, not '²'"),
        (f"seed {BIG}\ndraw\n", "the seed has too many digits (5000; at most 9)"),
        ("seed 7\ndraw\ndiscard JK1=²\n", "a joker's power must be a whole number written with the digits 0-9"),
        (f"seed 7\ndraw\nJK1={BIG[:1500]} > QH\n", "a joker's power has too many digits (1500; at most 9)"),
        (f"seed 7\ndraw\nJK1={BIG} > QH\n", "an action of 5,009 characters is too long"),
    ],
)
def test_numbers_in_a_log_are_ascii_digits_of_a_sensible_length(text: str, message: str, tmp_path: Path) -> None:
    log = tmp_path / "odd.log"
    log.write_text(text, encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert message in result.stderr


def test_check_reads_a_joker_power_of_ascii_digits_only() -> None:
    result = run("check", "discard JK1=²")
    assert result.exit_code == 2 and "digits 0-9" in result.stderr


def test_the_number_options_name_their_range() -> None:
    import typer

    command = typer.main.get_command(app).commands["elementals"]
    unbounded = [
        f"{name} {p.name}"
        for name, sub in command.commands.items()
        for p in sub.params
        if p.bare_type() in ("int", "float") and (p.min is None or p.max is None)
    ]
    assert not unbounded
    too_many = run("simulate", "--games", "100001", "--no-progress")
    assert too_many.exit_code == 2 and "100000" in too_many.output


#: Adversarial texts of about ``n`` characters (50 KB in the test).
ADVERSARIAL = [
    lambda n: "a" * n,
    lambda n: "7H" + " " * n + "> KS",
    lambda n: "=" * n,
    lambda n: "JK1" + "=1 " * (n // 3) + "> KS",
    lambda n: ">" * n,
    lambda n: "discard " + "JK1=" * (n // 4),
    lambda n: "7H >" + " >" * (n // 2),
    lambda n: "\t\n" * (n // 2),
]


@pytest.mark.parametrize("make", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_50_kb_of_adversarial_text_is_refused_quickly_by_every_reader(make) -> None:
    from rulebook import InvalidInputError, elementals

    readers = [
        elementals.parse_action,
        lambda t: elementals.parse_log("seed 1\n" + t),
        elementals.card,
        elementals.layout,
        lambda t: elementals.position(hand=t),
        lambda t: elementals.position(targets="KS", piles={"KS": t}),
    ]

    def steps(text: str) -> int:
        """Lines of Python run while every reader refuses ``text``: work counted, not timed (the machine
        may be shared)."""
        count = [0]

        def trace(frame: object, event: str, arg: object) -> object:
            count[0] += event == "line"
            return trace

        sys.settrace(trace)
        try:
            for read in readers:
                with contextlib.suppress(InvalidInputError):
                    read(text)
        finally:
            sys.settrace(None)
        return count[0]

    # 100 times the text costs at most about 100 times the work (twice that, for the overheads): no reader
    # does work that grows faster than the text, which at 50 KB would be thousands of times more.
    text = make(50_000)
    assert steps(text) <= 200 * steps(make(500))
    cli = run("check", text, "--pile", f"KS={text}", "--hand", "7H", "--targets", "KS QH")
    assert cli.exit_code == 2 and cli.stderr.count("\n") == 1
    played = run("play", "--seed", "3", input=text + "\nquit\n")
    assert played.exit_code == 0


def test_ctrl_c_during_simulate_reports_the_games_played_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.elementals import simulation as elementals_sim

    real = elementals_sim.play_game
    calls = []

    def stopped_after_three(*args, **kwargs):
        if len(calls) == 3:
            raise KeyboardInterrupt
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(elementals_sim, "play_game", stopped_after_three)
    result = run("simulate", "--games", "50", "--policy", "greedy", "--no-progress")
    assert result.exit_code == 130
    assert result.stdout.startswith("stopped after 3 games: best greedy wins ")
    assert "greedy: won " in result.stdout and " of 3 (" in result.stdout
    assert result.stderr == "interrupted: 3 of 50 games played\n"


def test_ctrl_c_during_play_keeps_the_moves_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cli.elementals

    lines = iter(["draw\n", "5D > QH\n"])

    def typed() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(cli.elementals, "_read_line", typed)
    save = tmp_path / "game.log"
    result = run("play", "--seed", "7", "--save", str(save))
    assert result.exit_code == 130
    assert "game stopped (interrupted) after 2 moves" in result.stdout
    assert result.stderr == "interrupted\n"
    assert save.read_text().splitlines() == ["seed 7", "layout 1", "draw", "5D > QH"]


def test_check_says_which_face_up_elementals_the_set_up_added() -> None:
    # Issue 22: naming fewer face-up elementals than the layout uncovers turned others face up silently.
    from kept_cli import CliRunner

    from cli.main import app

    for layout, added in (("pyramid", "KC is face up too"), ("tower", "QC, KC are face up too")):
        out = CliRunner().invoke(
            app, ["elementals", "check", "8H > KS", "--hand", "7S 8H 5D", "--targets", "KS", "--layout", layout]
        )
        assert out.exit_code == 0 and added in out.output and "elementals.setup.reveal-bottom" in out.output
    full = CliRunner().invoke(app, ["elementals", "check", "8H > KS", "--hand", "7S 8H", "--targets", "KS QH"])
    assert "face up too" not in full.output


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_play_in_a_colour_terminal_prints_colours_never_escape_text() -> None:
    # Issue 20: in tmux (TERM=xterm-256color) the colours came out as literal text, '\x1b[32m[KD]\x1b[0m'.
    import os
    import pty
    import select
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", COLUMNS="80")
    master, slave = pty.openpty()
    command = [sys.executable, "-c", "from cli.main import run; run()", "elementals", "play", "--seed", "7"]
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = b""

    def read_until(marker: bytes) -> None:
        nonlocal out
        while marker not in out:
            ready, _, _ = select.select([master], [], [], 60)
            assert ready, out[-300:]
            out += os.read(master, 65536)

    read_until(b"moves:")
    os.write(master, b"1\n")
    read_until(b"discard 3S")
    os.write(master, b"quit\n")
    read_until(b"game stopped")
    proc.wait(timeout=60)
    os.close(master)
    text = out.decode("utf-8", "replace")
    assert "\\x1b" not in text and "[0m" not in text.replace("\x1b[0m", "")
    assert "\x1b[32m[KD]" in text  # the colour itself reaches the terminal
