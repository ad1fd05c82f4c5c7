"""Check the `rulebook` transcripts in Markdown: every `$ rulebook ...` shown prints what it shows.

A transcript is a fenced block labelled `console`. A line starting `$ ` is a command; the lines after it,
up to the next `$ ` line or the end of the block, are what the command prints (standard output and
standard error, as a terminal shows them). A line `...` stands for any number of lines: at the end it
ends the comparison early, and between shown lines it skips to where the next ones are printed. A
command ending in a backslash continues on the next line, as in a shell.

- A command that prints a line starting ``error:`` is expected to fail (a non-zero exit code); any
  other is expected to succeed (exit code 0).
- `$ echo $?` after a command shows its exit code, and the exit code is checked against it.
- Lines that are not `rulebook` commands (`$ pip install rulebook`) and usage synopses
  (`$ rulebook rules [OPTIONS] GAME`) are shown, not run.

Commands are split into words as a shell would (through `bash` where it is installed, otherwise by
Python's `shlex`), and refused when a shell would not run them as one command: an unquoted `&`, `;`, `|`,
`<`, `>`, parenthesis or command substitution is reported, since a reader pasting the line would not get
the output shown. Each command runs in this process, exactly as the `rulebook` console script runs it,
in the folder of its Markdown file, with a terminal 80 columns wide and no colour.

Two ways to use it: `rulebook verify FILE.md...` from a shell or a pre-commit hook, and
[`ConsoleParser`][cli.testing.ConsoleParser] from pytest with Sybil.

Examples:
    >>> doc = '''Earth against Water:
    ...
    ... ```console
    ... $ rulebook clash attack earth water
    ... P2's Water is eliminated (5 against 4)
    ... ...
    ... ```
    ... '''
    >>> [t.command for t in transcripts(doc)]
    ['rulebook clash attack earth water']
    >>> check_text(doc, "rules.md")
    []
    >>> print(check_text(doc.replace("(5 against 4)", "(4 against 5)"), "rules.md")[0])
    rules.md:4: the output differs from what is shown (where '...' allows)
      $ rulebook clash attack earth water
      --- shown
      +++ printed
      @@ -1,3 +1,3 @@
      -P2's Water is eliminated (4 against 5)
      +P2's Water is eliminated (5 against 4)
         1. P1 attacks P2's Water (strength 4) with Earth (strength 5)
            [clash.turn.sequence]
    >>> shell_words("rulebook clash attack fire+ water+  # Blaze against Surge")
    ['rulebook', 'clash', 'attack', 'fire+', 'water+']
    >>> shell_words("rulebook elestrals enchant fire,& water,water")
    Traceback (most recent call last):
    ...
    cli.testing.UnsafeCommand: a shell would cut this command at '&' (quote it: '&')
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "Block",
    "ConsoleParser",
    "Mismatch",
    "Result",
    "Transcript",
    "UnsafeCommand",
    "blocks",
    "check",
    "check_file",
    "check_text",
    "run",
    "shell_words",
    "transcripts",
    "update_text",
]

PROGRAM = "rulebook"
ELLIPSIS = "..."
WIDTH = 80  # the terminal width the commands see, so that tables and wrapped text are the same everywhere

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$")
_SYNOPSIS = re.compile(r"\[OPTIONS\]|\bCOMMAND\b|\[ARGS\]")
_EXIT_CHECK = re.compile(r"^echo\s+\$\?\s*$")


class UnsafeCommand(ValueError):
    """A command line a shell would not run as the one command shown (an unquoted `&`, `|`, `;`...)."""


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, its text, and where it is (offsets and the line of its first text line)."""

    language: str
    text: str
    start: int  # offset of the opening fence
    end: int  # offset just after the closing fence
    line: int  # 1-based line number of the block's first text line
    indent: str = ""  # the fence's indentation, taken off every line of ``text``


@dataclass
class Transcript:
    """One command of a transcript and the output shown for it.

    ``line`` is the 1-based line of the command in its file; ``expected`` the lines shown after it, `...`
    lines included (``partial`` says there is one); ``exit_code`` the code shown by a following `$ echo $?`,
    if any.
    """

    command: str
    line: int
    expected: list[str] = field(default_factory=list)
    partial: bool = False
    exit_code: int | None = None
    exit_line: int | None = None  # the line that shows the exit code, after `$ echo $?`
    indent: str = ""  # the block's indentation in its file

    @property
    def expects_failure(self) -> bool:
        """Whether the output shown is an error (its first line starts with ``error:``)."""
        return bool(self.expected) and self.expected[0].startswith("error:")


@dataclass(frozen=True)
class Result:
    """What a command did: its exit code and its output (standard output and error, interleaved)."""

    exit_code: int
    output: str


@dataclass(frozen=True)
class Mismatch:
    """A transcript whose command printed something else than shown (or exited otherwise)."""

    path: str
    transcript: Transcript
    problem: str  # one line: what differs
    details: str = ""  # a diff of the output, when the output differs

    def __str__(self) -> str:
        lines = [f"{self.path}:{self.transcript.line}: {self.problem}", f"  $ {self.transcript.command}"]
        lines += [f"  {line}" for line in self.details.splitlines()]
        return "\n".join(lines)


def blocks(text: str, language: str = "console") -> Iterator[Block]:
    """The fenced blocks of a Markdown text in the given language (`console` by default), in order.

    A fence may be indented (inside a list); its text is dedented by the fence's indentation. An unclosed
    fence runs to the end of the text, as in CommonMark.
    """
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i].rstrip("\r\n"))
        if not opening:
            i += 1
            continue
        fence, indent = opening.group("fence"), opening.group("indent")
        info = opening.group("info").strip()
        lang = info.split()[0].lstrip(".{").rstrip("}") if info else ""
        j = i + 1
        body: list[str] = []
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(fence[0] * len(fence)) and set(stripped) == {fence[0]}:
                break
            line = lines[j].rstrip("\r\n")
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            j += 1
        end = offsets[min(j + 1, len(lines))]
        if lang == language:
            yield Block(lang, "\n".join(body), offsets[i], end, i + 2, indent)
        i = j + 1


def transcripts(text: str, first_line: int = 1) -> list[Transcript]:
    """The `rulebook` commands of a Markdown text's `console` blocks, each with the output shown for it."""
    found: list[Transcript] = []
    for block in blocks(text):
        found += _block_transcripts(block.text, block.line + first_line - 1, block.indent)
    return found


def _block_transcripts(text: str, line: int, indent: str = "") -> list[Transcript]:
    """The transcripts of one block's text, whose first line is line ``line`` of its file."""
    found: list[Transcript] = []
    current: Transcript | None = None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        raw = lines[i]
        if raw.startswith("$ ") or raw == "$":
            command, start = raw[2:], i
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1].rstrip() + " " + lines[i].strip()
            command = command.strip()
            if _EXIT_CHECK.match(command) and current is not None:
                shown = lines[i + 1].strip() if i + 1 < len(lines) else ""
                current.exit_code = int(shown) if shown.isascii() and shown.isdigit() and len(shown) < 4 else -1
                current.exit_line = line + i + 1 if i + 1 < len(lines) else None
                i += 2
                continue
            runnable = (command == PROGRAM or command.startswith(PROGRAM + " ")) and not _SYNOPSIS.search(command)
            current = Transcript(command, line + start, indent=indent) if runnable else None
            if current is not None:
                found.append(current)
        elif current is not None:
            if raw.strip() == ELLIPSIS:
                current.partial = True
                current.expected.append(ELLIPSIS)
            else:
                current.expected.append(raw.rstrip())
        i += 1
    for transcript in found:
        while transcript.expected and not transcript.expected[-1]:
            transcript.expected.pop()
    return found


def shell_words(command: str) -> list[str]:
    """Split a command line into words as a shell would; refuse one a shell would not run as one command.

    Quotes, backslashes, `$VARIABLES` and `# comments` are handled by the shell itself (`bash`, when it is
    installed). Unquoted `&`, `;`, `|`, `<`, `>`, parentheses and command substitutions are refused with
    [`UnsafeCommand`][cli.testing.UnsafeCommand]: pasted into a shell, such a line would run something
    else than the one command shown.
    """
    _refuse_operators(command)
    bash = shutil.which("bash")
    if bash is None:
        return shlex.split(command, comments=True)
    done = subprocess.run(
        [bash, "--norc", "--noprofile", "-c", "printf '%s\\0' " + command],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=10,
        check=False,
    )
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UnsafeCommand(f"a shell cannot read this command: {reason[-1] if reason else 'a syntax error'}")
    return done.stdout.decode("utf-8", "surrogateescape").split("\0")[:-1]


def _refuse_operators(command: str) -> None:
    """Raise [`UnsafeCommand`][cli.testing.UnsafeCommand] at the first unquoted shell operator."""
    quote = ""
    i = 0
    while i < len(command):
        char = command[i]
        if quote == "'":
            quote = "" if char == "'" else quote
        elif char == "\\":
            i += 1  # the next character is literal (outside quotes and inside double quotes)
        elif char == "`" or command.startswith("$(", i):
            raise UnsafeCommand(f"a shell would run the command substituted at {command[i : i + 2]!r}")
        elif quote == '"':
            quote = "" if char == '"' else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or command[i - 1] in " \t"):
            return  # a comment: the shell ignores the rest
        elif char in "&;|<>()":
            raise UnsafeCommand(f"a shell would cut this command at {char!r} (quote it: '{char}')")
        i += 1
    if quote:
        raise UnsafeCommand(f"a quote ({quote}) is never closed")


@contextlib.contextmanager
def _terminal(stream: io.StringIO) -> Iterator[None]:
    """Standard output and error into ``stream``, an empty standard input, and a plain terminal of WIDTH columns."""
    saved_env = {name: os.environ.get(name) for name in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TERM")}
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    os.environ.update(COLUMNS=str(WIDTH), LINES="24", NO_COLOR="1", TERM="dumb")
    os.environ.pop("FORCE_COLOR", None)
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    sys.stdout = sys.stderr = stream
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@functools.cache
def _console_script() -> Any:
    """The function the installed ``rulebook`` console script calls, found as the script finds it (by its entry
    point), so that the checker does not import the command line it checks (which imports the checker)."""
    from importlib.metadata import entry_points

    found = entry_points(group="console_scripts", name=PROGRAM)
    if not found:
        raise RuntimeError(f"the {PROGRAM!r} console script is not installed; run: pip install -e .")
    return next(iter(found)).load()


def run(args: list[str]) -> Result:
    """Run `rulebook` with these arguments (the words after `rulebook`) in this process, as the console script does.

    Examples:
        >>> result = run(["clash", "attack", "earth", "water"])
        >>> result.exit_code, result.output.splitlines()[0]
        (0, "P2's Water is eliminated (5 against 4)")
        >>> run(["clash", "attack", "earth", "wind"]).exit_code
        2
    """
    console_script = _console_script()
    stream = io.StringIO()
    saved_argv = sys.argv
    sys.argv = [PROGRAM, *args]
    code: Any = 0
    try:
        with _terminal(stream):
            console_script()
    except SystemExit as done:
        code = done.code
    finally:
        sys.argv = saved_argv
    if code is None:
        code = 0
    elif not isinstance(code, int):
        stream.write(f"{code}\n")
        code = 1
    return Result(code, stream.getvalue())


def check(transcript: Transcript, path: str = "<text>") -> Mismatch | None:
    """Run one transcript's command; None if it prints what is shown (and exits as shown), else the mismatch."""
    try:
        words = shell_words(transcript.command)
    except UnsafeCommand as err:
        return Mismatch(path, transcript, str(err))
    result = run(words[1:])
    actual = [line.rstrip() for line in result.output.splitlines()]
    while actual and not actual[-1]:
        actual.pop()
    expected = transcript.expected
    if not matches(expected, actual):
        shown, printed = _aligned(expected, actual)
        diff = difflib.unified_diff(shown, printed, "shown", "printed", lineterm="", n=2)
        more = " (where '...' allows)" if transcript.partial else ""
        return Mismatch(path, transcript, f"the output differs from what is shown{more}", "\n".join(diff))
    if transcript.exit_code is not None:
        if result.exit_code != transcript.exit_code:
            return Mismatch(
                path, transcript, f"exit code {result.exit_code}, but `echo $?` shows {transcript.exit_code}"
            )
    elif transcript.expects_failure and result.exit_code == 0:
        return Mismatch(path, transcript, "exit code 0, but the output shown is an error")
    elif not transcript.expects_failure and result.exit_code != 0:
        return Mismatch(path, transcript, f"exit code {result.exit_code}: the command failed, but success is shown")
    return None


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` lines are what the ``expected`` lines show, each `...` line standing for any lines.

    Examples:
        >>> matches(["a", "...", "d"], ["a", "b", "c", "d"]), matches(["a", "..."], ["a", "b"])
        (True, True)
        >>> matches(["a", "...", "d"], ["a", "b"]), matches(["a"], ["a", "b"])
        (False, False)
    """
    parts = _segments(expected)
    first, *middle, last = parts if len(parts) > 1 else [parts[0], parts[0]]
    if len(parts) == 1:
        return actual == first
    if actual[: len(first)] != first or len(actual) < len(first) + len(last):
        return False
    if last and actual[len(actual) - len(last) :] != last:
        return False
    at, end = len(first), len(actual) - len(last)
    for segment in middle:
        found = _find(actual, segment, at, end)
        if found < 0:
            return False
        at = found + len(segment)
    return True


def _segments(expected: list[str]) -> list[list[str]]:
    """The shown lines split at each `...` line (a leading or trailing `...` gives an empty segment)."""
    parts: list[list[str]] = [[]]
    for line in expected:
        if line == ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(line)
    return parts


def _find(lines: list[str], segment: list[str], start: int, end: int) -> int:
    """The first index from ``start`` where ``segment`` occurs whole before ``end``, or -1."""
    for i in range(start, end - len(segment) + 1):
        if lines[i : i + len(segment)] == segment:
            return i
    return -1


def _aligned(expected: list[str], actual: list[str]) -> tuple[list[str], list[str]]:
    """The shown and printed lines to diff: each `...` is replaced by the printed lines it can stand for, so
    that the diff points at the lines that really differ."""
    if ELLIPSIS not in expected:
        return expected, actual
    parts = _segments(expected)
    shown, at = list(parts[0]), len(parts[0])
    for n, segment in enumerate(parts[1:], 1):
        if n == len(parts) - 1 and not segment:  # a trailing `...`: the rest is not compared
            shown += actual[at:]
            break
        found = _find(actual, segment, at, len(actual)) if segment else at
        if found < 0:
            shown += segment  # nowhere to be found: shown as it is
            continue
        shown += actual[at:found] + segment
        at = found + len(segment)
    return shown, actual


def check_text(text: str, path: str = "<text>") -> list[Mismatch]:
    """Check every transcript of a Markdown text; the mismatches, in order (empty when all match)."""
    return [m for t in transcripts(text) if (m := check(t, path)) is not None]


def check_file(path: str | Path) -> tuple[int, list[Mismatch]]:
    """Check every transcript of a Markdown file: how many there are, and the mismatches.

    The file is read with [`rulebook.reading.read_text`][rulebook.reading.read_text] (an unreadable file is an
    [`InvalidInputError`][rulebook.errors.InvalidInputError]).
    """
    from rulebook.reading import read_text

    found = transcripts(read_text(path, what="Markdown file"))
    return len(found), [m for t in found if (m := check(t, str(path))) is not None]


def _relative(path: str) -> str:
    """``path`` relative to the current folder where it is inside it (for shorter messages), else as given."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def update_text(text: str) -> tuple[str, int]:
    """``text`` with every transcript's output replaced by what its command prints now; and how many changed.

    A transcript cut short by `...` keeps the beginning of the new output that says what its first shown
    lines said (as many lines, if the content itself changed), then `...`; an exit code shown by
    `$ echo $?` is updated too. A command a shell would not run as shown is left as it is (`check`
    reports it).
    """
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, list[str]]] = []  # 0-based [start, end) line ranges and their new lines
    changed = 0
    for transcript in transcripts(text):
        try:
            words = shell_words(transcript.command)
        except UnsafeCommand:
            continue
        result = run(words[1:])
        actual = [line.rstrip() for line in result.output.splitlines()]
        while actual and not actual[-1]:
            actual.pop()
        first = _segments(transcript.expected)[0]
        new = [*actual[: _covering(first, actual)], ELLIPSIS] if transcript.partial else actual
        start = _output_start(lines, transcript.line)
        edit_new = not matches(transcript.expected, actual)
        code_new = transcript.exit_line is not None and transcript.exit_code != result.exit_code
        if edit_new:
            shown = [f"{transcript.indent}{line}".rstrip() + "\n" for line in new]
            edits.append((start, start + len(transcript.expected), shown))
        if code_new and transcript.exit_line is not None:
            edits.append((transcript.exit_line - 1, transcript.exit_line, [f"{transcript.indent}{result.exit_code}\n"]))
        changed += edit_new or code_new
    for start, end, new_lines in sorted(edits, reverse=True):
        lines[start:end] = new_lines
    return "".join(lines), changed


def _covering(shown: list[str], actual: list[str]) -> int:
    """How many ``actual`` lines say what the ``shown`` lines said, wrapped differently (else as many lines).

    A transcript cut with `...` keeps its content when the output is only re-wrapped: its lines, spaces
    and line breaks aside, are the start of the new output, up to a line's end.
    """
    target = " ".join(" ".join(shown).split())
    joined = ""
    for count, line in enumerate(actual, 1):
        joined = " ".join(f"{joined} {line}".split())
        if joined == target:
            return count
        if len(joined) > len(target):
            break
    return len(shown)


def _output_start(lines: list[str], command_line: int) -> int:
    """The 0-based index of the first output line of the command on 1-based line ``command_line``."""
    i = command_line - 1
    while i < len(lines) and lines[i].rstrip("\r\n").endswith("\\"):
        i += 1  # a command continued on the next line
    return i + 1


class ConsoleParser:
    """A Sybil parser: one example (a `Region`) per `console` block that holds `rulebook` commands.

    In another project's `conftest.py`, this checks the transcripts in its own Markdown with pytest:

        from sybil import Sybil
        from cli.testing import ConsoleParser

        pytest_collect_file = Sybil(parsers=[ConsoleParser()], patterns=["*.md"]).pytest()

    ``cwd`` is the folder the commands run in; by default, the folder of the Markdown file, so that the
    file names in its commands are relative to it (as `rulebook verify` runs them).
    """

    def __init__(self, cwd: str | Path | None = None) -> None:
        self.cwd = Path(cwd) if cwd is not None else None

    def __call__(self, document: Any) -> Iterator[Any]:
        from sybil import Region

        for block in blocks(document.text):
            found = _block_transcripts(block.text, block.line)
            if found:
                yield Region(block.start, block.end, found, self.evaluate)

    def evaluate(self, example: Any) -> str | None:
        """Check every command of the block; the mismatches as one message, or None when all match."""
        with contextlib.chdir(self.cwd if self.cwd is not None else Path(example.path).parent):
            problems = [m for t in example.parsed if (m := check(t, _relative(example.path))) is not None]
        return "\n\n".join(map(str, problems)) or None
