"""The transcript checker (`cli.testing`), `rulebook verify`, and the pre-commit hook.

A transcript is a `console` block of `$ rulebook ...` commands and their output; see the
"Check your own rulebook" page.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli import testing
from cli.main import app
from cli.testing import UnsafeCommand, check_text, shell_words, transcripts, update_text

ROOT = Path(__file__).resolve().parent.parent
DESIGNER = ROOT / "examples" / "designer"
runner = CliRunner()

FENCE = "```"
GOOD = f"""# Notes

{FENCE}console
$ rulebook clash attack earth water
P2's Water is eliminated (5 against 4)
...
{FENCE}
"""


def doc(*lines: str, fence: str = FENCE) -> str:
    return "\n".join(["Some prose.", "", f"{fence}console", *lines, fence, ""])


def test_a_matching_transcript_passes_and_a_changed_one_is_named_by_file_and_line() -> None:
    assert check_text(GOOD, "notes.md") == []
    [mismatch] = check_text(GOOD.replace("(5 against 4)", "(5 against 3)"), "notes.md")
    assert str(mismatch).startswith(
        "notes.md:4: the output differs from what is shown (where '...' allows)\n"
        "  $ rulebook clash attack earth water\n"
    )
    assert "-P2's Water is eliminated (5 against 3)" in mismatch.details
    assert "+P2's Water is eliminated (5 against 4)" in mismatch.details


def test_the_whole_output_is_compared_unless_an_ellipsis_line_ends_the_comparison() -> None:
    whole = doc("$ rulebook clash attack earth water", "P2's Water is eliminated (5 against 4)")
    [mismatch] = check_text(whole)
    assert "+  1. P1 attacks" in mismatch.details  # the lines not shown are reported
    cut = doc("$ rulebook clash attack earth water", "P2's Water is eliminated (5 against 4)", "...")
    assert check_text(cut) == []


def test_an_ellipsis_between_lines_skips_to_where_the_next_lines_are_printed() -> None:
    first, step = "P2's Water is eliminated (5 against 4)", "     [clash.turn.sequence]"
    assert check_text(doc("$ rulebook clash attack earth water", first, "...", step, "...")) == []
    [missing] = check_text(doc("$ rulebook clash attack earth water", first, "...", "  9. no such step", "..."))
    assert "+  9. no such step" not in missing.details and "-  9. no such step" in missing.details
    # Without a closing `...`, the lines after the last one must end the output.
    [not_last] = check_text(doc("$ rulebook clash attack earth water", first, "...", step))
    assert not_last.problem == "the output differs from what is shown (where '...' allows)"


def test_an_error_shown_expects_a_failure_and_echo_shows_the_exit_code() -> None:
    error = "error: unknown element 'wind'; accepted: fire, water, earth, air, ether"
    assert check_text(doc("$ rulebook clash attack earth wind", error)) == []
    assert check_text(doc("$ rulebook clash attack earth wind", error, "$ echo $?", "2")) == []
    [wrong_code] = check_text(doc("$ rulebook clash attack earth wind", error, "$ echo $?", "0"))
    assert wrong_code.problem == "exit code 2, but `echo $?` shows 0"
    [no_error] = check_text(doc("$ rulebook clash attack earth water", "error: none", "..."))
    assert no_error.problem.startswith("the output differs")


def test_a_command_that_fails_where_success_is_shown_is_a_mismatch() -> None:
    [failed] = check_text(doc("$ rulebook clash attack earth wind", "..."))
    assert failed.problem == "exit code 2: the command failed, but success is shown"


def test_replay_check_exit_code_one_is_checked_with_echo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.log").write_text("earth > air+\n", encoding="utf-8")
    text = doc(
        "$ rulebook clash replay --check bad.log",
        "illegal at turn 1 (line 1, 'earth > air+'): P2's Air cannot use Gale when defending: it is used only "
        "when attacking",
        "...",
        "$ echo $?",
        "1",
    )
    assert check_text(text) == []


def test_synopses_and_other_programs_are_shown_not_run() -> None:
    text = doc(
        "$ pip install rulebook",
        "Successfully installed rulebook",
        "$ rulebook rules [OPTIONS] GAME",
        "$ rulebook [OPTIONS] COMMAND [ARGS]...",
    )
    assert transcripts(text) == []


def test_commands_continue_over_backslashes_and_blocks_may_be_indented_or_tilde_fenced() -> None:
    text = "\n".join(
        [
            "1. A list item:",
            "",
            "    ~~~console",
            "    $ rulebook clash attack \\",
            "        earth water",
            "    P2's Water is eliminated (5 against 4)",
            "    ...",
            "    ~~~",
            "",
        ]
    )
    [found] = transcripts(text)
    assert (found.command, found.line, found.expected) == (
        "rulebook clash attack earth water",
        4,
        ["P2's Water is eliminated (5 against 4)", "..."],
    )
    assert check_text(text) == []


def test_a_console_block_quoted_inside_another_fence_is_not_a_transcript() -> None:
    quoted = "\n".join(
        ["~~~~markdown", f"{FENCE}console", "$ rulebook clash attack earth water", "wrong", FENCE, "~~~~"]
    )
    assert transcripts(quoted) == []


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (
            'rulebook clash advise "P1: earth air / P2: earth"',
            ["rulebook", "clash", "advise", "P1: earth air / P2: earth"],
        ),
        ("rulebook clash attack 'fire+' water+  # Blaze", ["rulebook", "clash", "attack", "fire+", "water+"]),
        (r"rulebook search fortify\ tie", ["rulebook", "search", "fortify tie"]),
        (
            'rulebook x --choose "P1:gravitate=P2:enfeeble>4"',
            ["rulebook", "x", "--choose", "P1:gravitate=P2:enfeeble>4"],
        ),
        ("rulebook elestrals enchant 'fire,&' water", ["rulebook", "elestrals", "enchant", "fire,&", "water"]),
    ],
)
def test_commands_are_split_into_words_as_a_shell_splits_them(line: str, words: list[str]) -> None:
    assert shell_words(line) == words


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("rulebook elestrals enchant fire,& water,water", "cut this command at '&'"),
        ("rulebook clash attack fire+ > water+", "cut this command at '>'"),
        ("rulebook games; rm -rf /tmp/x", "cut this command at ';'"),
        ("rulebook games | head", "cut this command at '|'"),
        ("rulebook rule $(echo clash.attack.tie)", "substituted"),
        ("rulebook rule `echo x`", "substituted"),
        ("rulebook search 'fortify tie", "never closed"),
    ],
)
def test_a_line_a_shell_would_not_run_as_one_command_is_refused(line: str, problem: str) -> None:
    with pytest.raises(UnsafeCommand, match=problem):
        shell_words(line)
    [mismatch] = check_text(doc(f"$ {line}", "whatever"))
    assert problem in mismatch.problem


def test_the_readers_of_markdown_and_command_lines_do_linear_work_on_adversarial_text(linear) -> None:
    nasty = ("```console\n$ rulebook " + "'\\\"" * 5000 + "\n" + "`" * 20000 + "\n~~~\n" * 2000)[:50_000]
    transcripts(nasty)
    with pytest.raises(UnsafeCommand):
        testing._refuse_operators("rulebook " + "a\\ " * 16_000 + "'")
    # Work bounded in lines of rulebook code run, never by the clock.
    linear(transcripts, nasty, 60)

    def refuse(text: str) -> None:
        with contextlib.suppress(UnsafeCommand):
            testing._refuse_operators(text)

    linear(refuse, "rulebook " + "a\\ " * 16_000 + "'", 60)


def test_update_rewrites_outputs_keeps_cuts_and_exit_codes() -> None:
    stale = doc(
        "$ rulebook clash attack earth water",
        "P2's Water was eliminated",
        "...",
        "$ rulebook clash attack earth wind",
        "error: old message",
        "$ echo $?",
        "1",
    )
    fresh, changed = update_text(stale)
    assert changed == 2
    assert "P2's Water is eliminated (5 against 4)\n...\n" in fresh
    assert "error: unknown element 'wind'; accepted: fire, water, earth, air, ether\n$ echo $?\n2\n" in fresh
    assert check_text(fresh) == []
    assert update_text(fresh) == (fresh, 0)


# ------------------------------------------------------------------ rulebook verify


def test_verify_passes_the_designer_example_and_names_file_and_line_of_a_mismatch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(DESIGNER, tmp_path / "club")
    monkeypatch.chdir(tmp_path / "club")
    good = runner.invoke(app, ["verify", "house-rules.md"])
    assert good.exit_code == 0, good.output
    assert good.stdout.splitlines()[0] == "all 5 transcripts in 1 file match their output"
    sheet = Path("house-rules.md")
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("(2 against 5)", "(5 against 2)"), encoding="utf-8")
    bad = runner.invoke(app, ["verify", "house-rules.md"])
    assert bad.exit_code == 1
    assert bad.stdout.splitlines()[0] == "1 of 5 transcripts in 1 file did not print what is shown"
    assert "house-rules.md:27: the output differs" in bad.stdout
    assert "  $ rulebook clash attack earth air+ -o gale-defends=yes\n" in bad.stdout
    data = json.loads(runner.invoke(app, ["verify", "house-rules.md", "--json"]).stdout)
    assert data["schema"] == "rulebook.verify/1" and data["ok"] is False
    assert data["files"][0]["mismatches"][0]["line"] == 27


def test_verify_update_makes_a_stale_file_match(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.md"
    sheet.write_text(doc("$ rulebook clash attack earth water", "stale", "..."), encoding="utf-8")
    assert runner.invoke(app, ["verify", str(sheet)]).exit_code == 1
    updated = runner.invoke(app, ["verify", "--update", str(sheet)])
    assert updated.exit_code == 0 and updated.stdout == f"{sheet}: 1 transcript updated\n"
    assert runner.invoke(app, ["verify", str(sheet)]).exit_code == 0


def test_verify_refuses_an_unreadable_file_with_exit_code_two(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", "from cli.main import run; run()", "verify", str(tmp_path / "missing.md")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error: cannot read ") and result.stderr.count("\n") == 1


def test_the_pre_commit_hook_runs_verify_on_the_markdown_files_it_is_given() -> None:
    import yaml

    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "rulebook-verify" and hook["types"] == ["markdown"] and hook["language"] == "python"
    # pre-commit runs the entry with the staged files' names appended.
    rulebook = shutil.which(hook["entry"].split()[0], path=str(Path(sys.executable).parent))
    assert rulebook, "the rulebook console script is installed beside this Python"
    done = subprocess.run(
        [rulebook, *hook["entry"].split()[1:], "house-rules.md"],
        cwd=DESIGNER,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_another_project_checks_its_transcripts_with_pytest_and_sybil(tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(DESIGNER, club)
    passed = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=club,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert passed.returncode == 0, passed.stdout
    assert "4 passed" in passed.stdout
    sheet = club / "house-rules.md"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("(5 against 5)", "(3 against 5)"), encoding="utf-8")
    failed = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=club,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert failed.returncode == 1
    assert "house-rules.md:13: the output differs from what is shown (where '...' allows)" in failed.stdout


def test_update_keeps_what_a_cut_transcript_showed_when_the_output_is_only_rewrapped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    # Shown as one long line each, as an older, unwrapped output printed them; now wrapped at 80 columns.
    stale = doc(
        "$ rulebook clash replay examples/clash/revive.log",
        "legal: 3 turns, game not over (P2 to move)",
        "  1. turn 1: P1 attacks P2's Water (strength 4) with Fire (strength 3)  [clash.turn.sequence]",
        "  2. turn 1: P1 declares Fire's Blaze  [clash.ability.blaze]",
        "...",
    )
    fresh, changed = update_text(stale)
    assert changed == 1
    assert "     [clash.turn.sequence]\n  2. turn 1: P1 declares Fire's Blaze  [clash.ability.blaze]\n...\n" in fresh
