"""Every example command shown to a user runs, exactly as it would when pasted into a shell.

Examples are gathered from the `--help` of every command ("Example: rulebook ..."), from the README and
from every docs page: `$ rulebook ...` lines in any fenced block (`text` and `bash` blocks too), shell lines such as
`.venv/bin/rulebook ...`, and inline code spans that write a whole command. Each is split into words by
a real shell (through `cli.testing.shell_words`, which refuses a line a shell would cut at `&`, `;`
or `|`), run as the console script runs it, and must exit with code 0 unless what is shown is an error.

A command a `console` transcript of the README or a docs page shows is run there, by the transcripts' own
test (conftest.py's Sybil parsers: the same words, run the same way, its output and exit code compared with
what is shown), so it is not run a second time here. Usage lines (`rulebook rules GAME [--kind KIND]`) and
bare command names (`rulebook compare`) are not examples and are left out; an inline command followed by
"prints `error: ...`" shows a failure. The commands run in a copy of `examples/` and `docs/`, so an example
that writes a file (`--chart`) writes it there. A command still running after BUDGET seconds of CPU (a long
simulation) is stopped and counts as started: its arguments were read and it did not fail. The budget is the
process's CPU, not the clock: a busy machine stops no command sooner, and a quiet one spends no more on a long run.
"""

from __future__ import annotations

import functools
import re
import shlex
import shutil
import signal
from pathlib import Path

import pytest
import typer

from cli import testing
from cli.main import app

ROOT = Path(__file__).resolve().parent.parent
#: Seconds of CPU a command may run before it counts as started: reading its arguments takes milliseconds, and the
#: longest example that runs to its end (`rulebook elephants simulate --games 200 ...`) about 0.7 s on a busy machine.
BUDGET = 1.5
#: Seconds of CPU between two stops of a command over its budget, if the first was lost.
REPEAT = 0.05
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
GENERATED = {ROOT / "docs" / "cli.md"}  # its examples are the --help examples, gathered below
_PLACEHOLDER = re.compile(r"[A-Z][A-Z_-]+|[NPS]|.*\.\.\.")

#: Examples whose failure belongs to a change in progress elsewhere; each is checked all the same and
#: reported as an expected failure while its text stays exactly as written here.
KNOWN_BROKEN: dict[str, str] = {}


@functools.cache
def _command_tree() -> typer.main.TyperGroup:
    return typer.main.get_command(app)


def _walk(command, path: list[str]):
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name, sub in subcommands.items():
            yield from _walk(sub, [*path, name])
    else:
        yield path, command


def _help_examples() -> list[tuple[str, str]]:
    found = []
    for path, command in _walk(_command_tree(), ["rulebook"]):
        for match in re.finditer(r"Examples?:\s*(rulebook [^\n]+)", command.help or ""):
            found.append((f"{' '.join(path)} --help", match.group(1).strip()))
    return found


def _is_usage(words: list[str]) -> bool:
    """A usage line or a bare command name, not an example: placeholders, or a command without its arguments."""
    if any(_PLACEHOLDER.fullmatch(w) or "[" in w or "|" in w for w in words[1:]):
        return True
    command, rest = _command_tree(), words[1:]
    while rest and getattr(command, "commands", None) and rest[0] in command.commands:
        command, rest = command.commands[rest[0]], rest[1:]
    if getattr(command, "commands", None):
        return True  # a group named alone
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if not rest:
        return bool(arguments)  # `rulebook elephants resolve` names a command; `rulebook games` runs one
    given = [w for w in rest if not w.startswith("-")]
    return len(given) < sum(1 for p in arguments if p.required)  # `replay --check` without its LOG


SUCCESS, FAILURE = 0, -1  # the exit code shown: 0, or any non-zero code (an error is shown)


def _shown_exit(transcript: testing.Transcript) -> int:
    if transcript.exit_code is not None:
        return transcript.exit_code
    return FAILURE if transcript.expects_failure else SUCCESS


def _page_examples() -> list[tuple[str, str, int]]:
    """(where, command, exit code shown) for every example command on the README and the docs pages."""
    found: list[tuple[str, str, int]] = []
    for page in PAGES:
        if page in GENERATED:
            continue
        text = page.read_text(encoding="utf-8")
        name = page.relative_to(ROOT).as_posix()
        for language in ("console", "text", "bash", "sh", "shell"):
            for block in testing.blocks(text, language):
                for transcript in testing._block_transcripts(block.text, block.line):
                    found.append((f"{name}:{transcript.line}", transcript.command, _shown_exit(transcript)))
                if language in ("bash", "sh", "shell"):
                    for n, line in enumerate(block.text.splitlines()):
                        for part in line.split("&&"):
                            part = part.strip()
                            if part.startswith((".venv/bin/rulebook ", "rulebook ")):
                                found.append((f"{name}:{block.line + n}", part.removeprefix(".venv/bin/"), SUCCESS))
        prose = re.sub(r"(?ms)^\s*(```|~~~).*?^\s*\1", "", text)
        for match in re.finditer(r"`(rulebook [^`\n]+)`", prose):
            # "`rulebook ...` prints `error: ...`": an example of an error, in prose.
            after = prose[match.end() : match.end() + 40]
            found.append((name, match.group(1), FAILURE if "`error:" in after else SUCCESS))
    return found


def _transcribed() -> set[tuple[str, int]]:
    """(command, exit code shown) of every `console` transcript of the README and the docs pages: the transcripts'
    own test runs each of them and compares what it prints and how it exits with what is shown."""
    found = set()
    for page in PAGES:
        if page in GENERATED:
            continue
        found.update((t.command, _shown_exit(t)) for t in testing.transcripts(page.read_text(encoding="utf-8")))
    return found


def _examples() -> list[tuple[str, str, int]]:
    """The examples to run. Whether a line is a usage line is read from its words as Python's `shlex` splits them:
    this list is built when the tests are collected, in every xdist worker, where a real shell for each of the
    hundreds of lines cost each worker 2 s; the test itself splits every kept line with a real shell. Over every
    example of the help, the README and the docs, `shlex` and bash give the same words."""
    every = [(where, command, SUCCESS) for where, command in _help_examples()] + _page_examples()
    kept, seen = [], _transcribed()
    for where, command, shown in every:
        if (command, shown) in seen:  # shown in a transcript, or met before
            continue
        try:
            words = shlex.split(command, comments=True)
        except ValueError:
            words = command.split()  # still an example: its run reports the shell's refusal
        if _is_usage(words):
            continue
        seen.add((command, shown))
        kept.append((where, command, shown))
    return kept


EXAMPLES = _examples()


class _OverBudget(BaseException):
    """Raised by the alarm: the command is still running (not an Exception, so no handler turns it into a bug)."""


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the folders examples name (`examples/`, `docs/`), where an example may write files."""
    place = tmp_path_factory.mktemp("examples")
    for folder in ("examples", "docs"):
        shutil.copytree(ROOT / folder, place / folder)
    return place


def test_the_examples_are_found_in_help_readme_and_docs() -> None:
    wheres = {where.split(":")[0].split(" ")[0] for where, _, _ in EXAMPLES}
    assert "README.md" in wheres and "rulebook" in wheres
    assert any(w.startswith("docs/games/") for w in wheres)
    # Each is run here or, shown in a `console` transcript, by the transcripts' test: well over a hundred in all.
    assert len(EXAMPLES) > 30 and len(EXAMPLES) + len(_transcribed()) > 300


@pytest.mark.off_the_map  # a command still running after BUDGET seconds of CPU is cut short
@pytest.mark.parametrize(
    ("where", "command", "shown"),
    [
        pytest.param(
            w, c, f, marks=[pytest.mark.xfail(reason=KNOWN_BROKEN[c], strict=False)] if c in KNOWN_BROKEN else []
        )
        for w, c, f in EXAMPLES
    ],
    ids=[f"{w}: {c}" for w, c, _ in EXAMPLES],
)
def test_an_example_runs_as_pasted(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch, where: str, command: str, shown: int
) -> None:
    monkeypatch.chdir(sandbox)
    words = testing.shell_words(command)  # a line a shell would cut fails here, naming where
    assert words[0] == "rulebook", f"{where}: not a rulebook command: {command}"

    def stop(signum, frame):
        raise _OverBudget

    previous = signal.signal(signal.SIGPROF, stop)
    # The timer counts this process's CPU (user and system), not the clock, and fires again every REPEAT seconds of
    # it: a stop raised where Python cannot pass it on (inside a garbage collector's callback) is ignored, and the
    # next one stops the command. It is disarmed as soon as the command returns, before anything else runs.
    signal.setitimer(signal.ITIMER_PROF, BUDGET, REPEAT)
    try:
        try:
            result = testing.run(words[1:])
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except _OverBudget:
        return  # still running after BUDGET seconds of CPU, without an error: a long run that started well
    finally:
        signal.signal(signal.SIGPROF, previous)
    if shown == FAILURE:
        assert result.exit_code != 0, f"{where}: `{command}` succeeded, but the example shows an error"
    else:
        assert result.exit_code == shown, (
            f"{where}: `{command}` exited {result.exit_code}, the example shows {shown}:\n{result.output[-2000:]}"
        )
