"""The `rulebook` command as a user runs it: answers, JSON, exit codes, and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "clash"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_elemental_clash() -> None:
    result = run("games", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "rulebook.games/1"
    assert [g["id"] for g in data["games"]] == ["clash", "elestrals", "elementals", "spellfire", "elephants"]
    assert "Elemental Clash" in run("games").stdout


def test_rules_lists_records_and_filters_by_kind() -> None:
    data = json.loads(run("rules", "clash", "--kind", "erratum", "--json").stdout)
    assert {r["kind"] for r in data["records"]} == {"erratum"}
    assert len(data["records"]) == 3
    assert "clash.attack.tie" in run("rules", "clash").stdout


def test_rule_shows_text_citation_and_option_choices() -> None:
    result = run("rule", "clash.interp.last-elements-tie")
    assert result.exit_code == 0
    assert "source: Elemental Clash rules, Rules and Mechanics > Winning the Game" in result.stdout
    assert "attacker-wins: the player who attacked wins" in result.stdout
    data = json.loads(run("rule", "clash.attack.tie", "--json").stdout)
    assert data["id"] == "clash.attack.tie" and data["kind"] == "rule"


def test_attack_answers_with_trace_rules_and_the_interpretation_it_rests_on() -> None:
    result = run("clash", "attack", "fire+", "water+")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "P1's Fire is eliminated (3 against 4)"
    assert any(line.strip().startswith("interpretation clash.interp.spent-when-cancelled:") for line in lines)


def test_attack_json_follows_the_documented_schema() -> None:
    data = json.loads(run("clash", "attack", "air+", "earth", "--json").stdout)
    assert data["schema"] == "rulebook.ruling/1"
    assert set(data) == {"schema", "game", "query", "input", "verdict", "legal", "value", "rules", "trace", "notes"}
    assert data["legal"] is True
    assert data["value"]["position"]["P2"]["out"] == ["earth"]
    assert data["rules"][-1] == "clash.attack.attacker-wins"
    assert all(set(step) == {"text", "rule", "overrides"} for step in data["trace"])


def test_an_illegal_attack_is_an_answer_with_exit_code_zero() -> None:
    result = run("clash", "attack", "earth", "air+", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["legal"] is False
    assert "clash.interp.gale-defends" in data["rules"]
    assert [n["id"] for n in data["notes"]] == ["clash.interp.gale-defends"]


def test_attack_takes_options_and_a_position_from_a_log() -> None:
    assert run("clash", "attack", "earth", "air+", "-o", "gale-defends=yes").stdout.startswith(
        "P1's Earth is eliminated (2 against 5)"
    )
    result = run("clash", "attack", "fire", "fire", "--log", str(EXAMPLES / "corrected-game.log"), "--json")
    data = json.loads(result.stdout)
    assert data["verdict"] == "P1's Fire and P2's Fire are eliminated (3 against 3)"
    assert data["value"]["position"]["P1"]["in_play"] == ["earth", "ether"]


def test_replay_finds_the_first_illegal_turn_of_the_documents_example() -> None:
    result = run("clash", "replay", str(EXAMPLES / "example-game.log"))
    assert result.exit_code == 0
    assert result.stdout.startswith("illegal at turn 2 (line 5, 'earth > air+')")
    assert "erratum" not in result.stdout.splitlines()[0]
    checked = run("clash", "replay", "--check", str(EXAMPLES / "example-game.log"))
    assert checked.exit_code == 1


def test_replay_under_the_examples_own_reading_shows_the_game_is_not_over() -> None:
    data = json.loads(
        run("clash", "replay", str(EXAMPLES / "example-game.log"), "-o", "gale-defends=yes", "--json").stdout
    )
    assert data["legal"] is True
    assert data["value"]["position"]["over"] is False
    assert data["value"]["position"]["P2"]["in_play"] == ["fire"]


def test_replay_of_several_logs_adds_up_the_series_score() -> None:
    logs = [str(EXAMPLES / "short-game.log"), str(EXAMPLES / "short-game.log")]
    result = run("clash", "replay", *logs, "--check")
    assert result.exit_code == 0
    assert "series of 2 games: P1 10 points, P2 0 points" in result.stdout.splitlines()
    assert "clash.score.cumulative" in result.stdout


def test_position_describes_the_position_a_log_reaches() -> None:
    data = json.loads(run("clash", "position", "--log", str(EXAMPLES / "corrected-game.log"), "--json").stdout)
    assert data["verdict"] == "P1 to move (turn 7), 6 legal moves"
    assert data["value"]["legal_moves"][:2] == ["fire > fire", "fire > earth"]
    over = run("clash", "position", "--log", str(EXAMPLES / "short-game.log"))
    assert over.stdout.startswith("game over: P1 wins, 5 points")


def test_position_after_an_illegal_log_explains_the_illegal_turn() -> None:
    result = run("clash", "position", "--log", str(EXAMPLES / "example-game.log"))
    assert result.exit_code == 0
    assert result.stdout.startswith("illegal at turn 2")


def test_replay_reads_standard_input() -> None:
    result = run("clash", "replay", "-", input="earth > water\nfire > earth\n")
    assert result.stdout.startswith("legal: 2 turns, game not over (P1 to move)")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "clsh"], "unknown game 'clsh' (did you mean 'clash'?); accepted: clash"),
        (["rule", "clash.atack.tie"], "did you mean 'clash.attack.tie'"),
        (["rules", "clash", "--kind", "erata"], "unknown kind 'erata' (did you mean 'erratum'?)"),
        (["clash", "attack", "fier", "water"], "unknown element 'fier' (did you mean 'fire'?)"),
        (["clash", "attack", "fire+gale", "water"], "Fire's ability is Blaze, not 'gale'"),
        (["clash", "attack", "fire", "water", "-o", "gale-defend=yes"], "did you mean 'gale-defends'?"),
        (["clash", "attack", "fire", "water", "-o", "gale-defends"], "must be written NAME=VALUE"),
        (["clash", "attack", "fire", "water", "-o", "gale-defends=maybe"], "accepted: no, yes"),
        (["clash", "replay", "no-such-file.log"], "cannot read 'no-such-file.log'"),
    ],
)
def test_bad_input_gets_one_line_naming_what_is_accepted_and_exit_code_two(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_malformed_log_line_names_its_line_and_the_notation(tmp_path: Path) -> None:
    log = tmp_path / "bad.log"
    log.write_text("earth > water\nearth attacks fire\n")
    result = run("clash", "replay", str(log))
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: line 2: cannot read the turn 'earth attacks fire'; write 'ATTACKER[+] > TARGET[+]'"
    )


def test_version() -> None:
    assert run("--version").stdout.startswith("rulebook ")


def test_compare_shows_which_answers_an_option_changes() -> None:
    result = run("compare", "gale-defends")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("gale-defends (Elemental Clash): 3 of ")
    assert "* gale cannot be used when defending" in lines
    assert "    yes:          P1's Earth is eliminated (2 against 5)" in lines
    data = json.loads(run("compare", "revive-restores-ability", "--json").stdout)
    assert data["value"]["option"] == "revive-restores-ability"
    assert {c["name"] for c in data["value"]["changed"]} >= {"a revived element's spent ability stays spent"}


def test_compare_unknown_option_suggests_the_closest() -> None:
    result = run("compare", "gale-defend")
    assert result.exit_code == 2
    assert "did you mean 'gale-defends'?" in result.stderr


def test_coverage_lists_every_record_with_its_scenario_count() -> None:
    data = json.loads(run("coverage", "clash", "--json").stdout)
    assert data["games"]["clash"]["normative"] == data["games"]["clash"]["covered"]
    assert {r["id"] for r in data["records"]} >= {"clash.attack.tie", "clash.erratum.example-turn-2"}
    text = run("coverage", "clash").stdout
    assert "clash: " in text and "normative records exercised" in text
    shown = run("rule", "clash.attack.tie").stdout
    assert "exercised by" in shown and "passing scenario" in shown


@pytest.mark.parametrize(
    "args",
    [
        ["clash", "attack", "fire+", "water+"],
        ["clash", "atack", "fire", "water"],
        ["search", "tie", "--limit", "2"],
        ["rule", "clash.attack.tie", "--json"],
        ["spellfire", "attack", "B", "--champion", "hero"],
        ["--version"],
    ],
)
def test_the_console_script_answers_exactly_as_the_whole_app(args: list[str]) -> None:
    # `rulebook` builds only the command it needs (cli.main.run); the answer must not change.
    import subprocess
    import sys

    script = subprocess.run(
        [sys.executable, "-c", "from cli.main import run; run()", *args], capture_output=True, text=True, timeout=300
    )
    whole = run(*args)
    assert script.returncode == whole.exit_code
    assert script.stdout == whole.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["clash", "attack"], "error: Missing argument 'ATTACKER'. (see 'rulebook clash attack --help')"),
        (
            ["elephants", "order", "-1"],
            "error: No such option: -1; a value that starts with '-' is read as an option, and no number here is "
            "negative (see 'rulebook elephants order --help')",
        ),
        (["clsh"], "error: No such command 'clsh'. Did you mean 'clash'? (see 'rulebook --help')"),
    ],
)
def test_a_usage_error_from_the_console_script_is_one_line_and_exit_code_two(args: list[str], message: str) -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "from cli.main import run; run()", *args], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert result.stdout == ""


# ------------------------------------------------------------------ help that reads plainly


def _every_command_help() -> dict[str, str]:
    """What ``rulebook ... --help`` prints for every command, from the Click command Typer builds for the app.

    Typer's test runner builds that command again on every call; it is built once here and run by Click's
    runner, which is what Typer's runner does with it (the same text, nine times faster over 66 commands).
    """
    import typer
    from click.testing import CliRunner as ClickRunner

    def walk(command, path):
        yield " ".join(path), command
        for name, sub in (getattr(command, "commands", None) or {}).items():
            yield from walk(sub, [*path, name])

    helps, command, click_runner = {}, typer.main.get_command(app), ClickRunner()
    for path, _ in walk(command, ["rulebook"]):
        args = [*path.split()[1:], "--help"]
        result = click_runner.invoke(command, args, env={"COLUMNS": "200"}, prog_name="rulebook")
        assert result.exit_code == 0, path
        helps[path] = result.stdout
    return helps


def test_help_labels_are_what_a_user_types_not_python_types() -> None:
    helps = _every_command_help()
    assert len(helps) > 50
    for path, text in helps.items():
        assert not re.search(r"<(str|int|bool|float|list\[\w+\])>", text), f"{path}: a Python type in the help"
        assert not re.search(r"\{[a-z_.]+\}", text), f"{path}: a braced argument in the usage line"
        assert "--no-no-" not in text, f"{path}: a doubled negative flag"
    attack = helps["rulebook clash attack"]
    assert "Usage: rulebook clash attack [OPTIONS] ATTACKER TARGET" in attack
    assert re.search(r"--log\s+FILE", attack) and re.search(r"--json\s+Print the answer", attack)


def test_shell_completion_is_offered_and_completes_commands() -> None:
    import os
    import subprocess
    import sys

    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
    env = {**os.environ, "_RULEBOOK_COMPLETE": "complete_bash", "COMP_WORDS": "rulebook clash a", "COMP_CWORD": "2"}
    done = subprocess.run(
        [sys.executable, "-c", "from cli.main import run; run()"], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0 and done.stdout.split() == ["attack", "advise"]


def test_the_cli_reference_gives_each_command_its_whole_summary() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\* `([a-z-]+)`: (.*)$", page, re.MULTILINE)
    assert listed and all(not summary.endswith("...") for _, summary in listed), "a summary is cut short"
    assert "<str>" not in page and "{game}" not in page and "<bool>" not in page


# ------------------------------------------------------------------ output that reads well


def test_a_refusal_names_every_further_rule_by_its_title_never_an_empty_step() -> None:
    lines = runner.invoke(app, ["clash", "attack", "earth", "air+"]).stdout.splitlines()
    assert lines[0] == "illegal: P2's Air cannot use Gale when defending: it is used only when attacking"
    steps = "\n".join(lines[1:7])
    assert 'also forbidden by the rule "Gale (Air): swap strengths with the defender"' in steps
    assert not re.search(r"forbidden by\s+\[", steps)


def test_a_step_without_text_is_named_by_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.output import emit_steps
    from rulebook.ruling import Step

    emit_steps([Step("", "clash.attack.tie")])
    assert capsys.readouterr().out == "  1. Equal strengths: both elements are eliminated  [clash.attack.tie]\n"


def test_interpretation_notes_are_one_line_each_and_whole_with_verbose() -> None:
    short = runner.invoke(app, ["clash", "attack", "earth", "air+"]).stdout.splitlines()
    at = short.index("notes (in full with --verbose):")
    assert short[at + 1 :] == ["  interpretation clash.interp.gale-defends: Gale is an attacking ability only"]
    full = runner.invoke(app, ["clash", "attack", "earth", "air+", "--verbose"]).stdout
    assert (
        "notes:\n  interpretation clash.interp.gale-defends: Gale is an attacking ability only\n    The rules" in full
    )
    # The answer comes first, the notes last.
    assert full.splitlines()[0].startswith("illegal: ") and full.index("notes:") > full.index("rules: ")


def test_counts_take_the_singular_for_one(tmp_path: Path) -> None:
    log = tmp_path / "one.log"
    log.write_text("earth > water\n", encoding="utf-8")
    assert runner.invoke(app, ["clash", "replay", str(log)]).stdout.startswith("legal: 1 turn, game not over")
    one = runner.invoke(app, ["spellfire", "levels", "Elminster:9"]).stdout
    assert one.startswith("the champions count for 9 levels; 1 card")
    assert "(s)" not in runner.invoke(app, ["clash", "replay", "examples/clash/short-game.log"]).stdout


def test_advise_heads_its_move_list_and_its_line_of_play() -> None:
    lines = runner.invoke(app, ["clash", "advise", "P1: air earth / P2: earth"]).stdout.splitlines()
    assert lines[1] == "Every legal move, best first, with its value for the player to move:"
    assert "A line of perfect play from here:" in lines
    assert lines[lines.index("A line of perfect play from here:") + 1].startswith("  1. turn 1: P1 plays air > earth")


def test_slow_commands_show_a_spinner_on_a_terminal_and_nothing_in_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from cli.output import progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    with progress("Solving"):
        pass
    assert piped.getvalue() == ""
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.delenv("TERM", raising=False)
    with progress("Solving Elemental Clash"):
        pass
    assert "Solving Elemental Clash" in terminal.getvalue()


def test_sources_are_named_in_words_in_the_cli_and_by_file_in_json() -> None:
    assert "source: Elemental Clash rules, Rules and Mechanics > Outcome of Attack" in (
        runner.invoke(app, ["rule", "clash.attack.tie"]).stdout
    )
    games = runner.invoke(app, ["games"], env={"COLUMNS": "200"}).stdout
    assert "Elestrals How to Play Guide" in games and ".txt" not in games
    data = json.loads(runner.invoke(app, ["rule", "clash.attack.tie", "--json"]).stdout)
    assert data["citation"]["file"] == "002_6544c3a00f53460f.txt"
    assert data["citation"]["in_words"] == "Elemental Clash rules, Rules and Mechanics > Outcome of Attack"


#: Runs that give a command's options other values than the run before (a flag, a value, the default, a bad value,
#: help), each after a run of the same command: whatever a kept command carried from one run to the next shows here.
IN_A_ROW = [
    ["search", "fortify", "--limit", "1", "--game", "clash"],
    ["search", "fortify"],
    ["clash", "attack", "fire+", "water", "--json"],
    ["clash", "attack", "earth", "water", "--verbose"],
    ["clash", "attack", "earth", "wind"],
    ["clash", "attack", "earth", "water"],
    ["rules", "clash", "--kind", "erratum"],
    ["rules", "clash"],
    ["clash", "attack", "--help"],
    ["clash", "atack"],
    ["--version"],
    ["ask", "what happens on a tie", "--json"],
    ["ask", "what happens on a tie"],
]


def test_runs_in_a_row_answer_as_each_run_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # The console script's entry (`cli.main.entry`, kept commands in cli.main.BUILT) and the tests' runner
    # (tests/kept_cli.py) keep each command's Click command from one run to the next: the same answers as runs
    # on commands built afresh (Typer's own runner builds the app's on every run).
    import typer.testing

    import cli.main
    from cli.testing import run as console_run

    alone, fresh = [], []
    for args in IN_A_ROW:
        monkeypatch.setattr(cli.main, "BUILT", {})
        alone.append(console_run(args))
        fresh.append(typer.testing.CliRunner().invoke(app, args))
    monkeypatch.setattr(cli.main, "BUILT", {})
    in_a_row = [console_run(args) for args in IN_A_ROW]
    kept = [runner.invoke(app, args) for args in IN_A_ROW]
    assert len(cli.main.BUILT) == 6  # search, clash attack, clash atack (the whole group), rules, the app, ask
    assert [(r.exit_code, r.output) for r in in_a_row] == [(r.exit_code, r.output) for r in alone]
    assert [(r.exit_code, r.stdout, r.stderr) for r in kept] == [(r.exit_code, r.stdout, r.stderr) for r in fresh]
    assert {r.exit_code for r in alone} == {0, 2} and any("Usage: rulebook clash attack" in r.output for r in alone)


def test_the_kind_options_help_names_every_kind_of_record() -> None:
    # The help is written out (the CLI does not load the records module to start); it must name each kind there is.
    import typer

    from rulebook.records import KINDS

    kind = next(p for p in typer.main.get_command(app).commands["rules"].params if p.name == "kind")
    assert kind.help == f"Only records of this kind: {', '.join(KINDS)}."
