"""Fuzzing the `rulebook` command: every command's arguments and every kind of input file, mutated.

Each case is a command line (and what standard input and the files it names hold), drawn by
hypothesis strategies built from the app itself: the commands and their parameters are read from the
Typer app (a new command is fuzzed without any change here), the example command lines from the docs
and the help texts give realistic starting points, and the files under ``examples/`` (move logs, deck
lists, results, formations, round plans, and any other kind added there) are mutated byte by byte,
line by line and value by value. Every case must end as the CLI promises:

- exit code 0, 1 or 2 (never 3, an internal error, nor a signal);
- on an error, exactly one non-empty line on standard error;
- no traceback anywhere;
- within the time limit (processor time, so that a busy machine does not count) and the memory limit.

``tests/test_fuzz.py`` runs a few hundred cases in-process with a fixed seed. This script runs the long
version in worker processes with a time limit and a memory limit (see "the long run" below), and
prints the counts:

    python benchmarks/fuzz.py --cases 50000 [--seed 1] [--timeout 10] [--memory 500] [--show 3]

Run it from the repository with the project installed; it writes only into a temporary folder.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import re
import resource
import shlex
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
#: The limits every case must stay within.
TIME_LIMIT, MEMORY_LIMIT_MB = 10.0, 500

# ---------------------------------------------------------------- the commands, read from the app


@dataclass(frozen=True)
class Param:
    """One parameter of a command, as the fuzzer needs it."""

    name: str
    option: str | None  # the option's first long name (``--log``), or None for an argument
    flag: bool  # a boolean flag (``--json``, ``--check/--no-check``)
    many: bool  # repeatable option, or an argument taking any number of values
    required: bool
    kind: str  # "int", "bool", "str", "file" (read), "output" (written)
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Command:
    """A command (``("clash", "replay")``) and its parameters."""

    path: tuple[str, ...]
    params: tuple[Param, ...]
    help: str = ""

    @property
    def group(self) -> str:
        return self.path[0] if len(self.path) > 1 else "top"


_FILE_WORDS = re.compile(r"\b(file|files|log|logs|plan|round|formation)\b|FILE|LOG|PLAN", re.IGNORECASE)
_OUTPUT_NAMES = {"chart", "save", "output", "out"}


def _kind(param: Any) -> str:
    bare = param.bare_type()
    if param.name in _OUTPUT_NAMES:
        return "output"
    if bare == "int" or "int" in bare.split("|")[0]:
        return "int"
    if bare == "bool":
        return "bool"
    words = f"{param.name.replace('_', ' ')} {param.metavar or ''} {param.help or ''}"
    if _FILE_WORDS.search(param.name.replace("_", " ")) or (param.metavar or "") in ("FILE", "LOG...", "PLAN"):
        return "file"
    if re.search(r"\bfile\b|standard input", words, re.IGNORECASE) and "TRAITS" not in (param.metavar or ""):
        return "file"
    return "str"


@cache
def commands() -> tuple[Command, ...]:
    """Every command of the whole `rulebook` app, read from Typer: a new command is fuzzed too."""
    import typer

    from cli.main import app

    found: list[Command] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, (*path, name))
            return
        params = []
        for p in command.params:
            kind = _kind(p)
            long_opts = [o for o in getattr(p, "opts", []) if o.startswith("--")] or list(getattr(p, "opts", []))
            is_option = p.param_type_name == "option"
            params.append(
                Param(
                    name=p.name,
                    option=long_opts[0] if is_option else None,
                    flag=bool(getattr(p, "is_flag", False)),
                    many=bool(p.multiple) or p.nargs == -1,
                    required=bool(p.required),
                    kind=kind,
                    low=getattr(p, "min", None),
                    high=getattr(p, "max", None),
                )
            )
        found.append(Command(path, tuple(params), command.help or ""))

    walk(typer.main.get_command(app), ())
    return tuple(found)


#: Commands whose every run searches or simulates at length (a second or more): drawn a tenth as often as the
#: others, so that the time goes to many different inputs rather than to a few long answers.
HEAVY = {("clash", "solve"), ("clash", "advise"), ("elementals", "simulate")}


def _weighted(items: Sequence[Any], path_of: Any) -> list[Any]:
    return [item for item in items for _ in range(1 if tuple(path_of(item)) in HEAVY else 10)]


def groups() -> list[str]:
    """The command groups: "top" (the top-level commands) and each game's."""
    return list(dict.fromkeys(c.group for c in commands()))


# ---------------------------------------------------------------- example command lines


@cache
def example_lines() -> tuple[tuple[str, ...], ...]:
    """Every example command line of the docs, the README and the help texts, as argument lists."""
    texts = [p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]]
    texts += [c.help for c in commands()]
    lines: list[tuple[str, ...]] = []
    for text in texts:
        for raw in re.findall(r"(?:^\$ |Example: )rulebook (.+)$", text, re.MULTILINE):
            if "[OPTIONS]" in raw or "..." in raw:
                continue
            with contextlib.suppress(ValueError):
                lines.append(tuple(shlex.split(raw)))
    return tuple(dict.fromkeys(lines))


def _command_of(args: Sequence[str]) -> Command | None:
    for command in commands():
        if tuple(args[: len(command.path)]) == command.path:
            return command
    return None


@cache
def _group_examples(group: str) -> tuple[tuple[str, ...], ...]:
    return tuple(line for line in example_lines() if (c := _command_of(line)) is not None and c.group == group)


# ---------------------------------------------------------------- input files


@cache
def example_files() -> dict[str, tuple[Path, ...]]:
    """The example files of each group (its folder under ``examples/``): every kind of input file."""
    found: dict[str, list[Path]] = collections.defaultdict(list)
    for path in sorted(EXAMPLES.rglob("*")):
        if path.is_file():
            found[path.relative_to(EXAMPLES).parts[0]].append(path)
    return {group: tuple(paths) for group, paths in found.items()}


BIG = "9" * 5000
ODD_DIGITS = ["²", "٣", "1e3", "0x1f", "1_000", "-0", "+7", " 3", "3.5", "", "-1", "9223372036854775808", BIG]
CONTROL = ["\x00", "\x1b[31m", "\x1b]0;title\x07", "\r", "\x08", "\u202e", "\x7f", "\x9b"]


def _mutations(data: bytes) -> st.SearchStrategy[bytes]:
    """Ways to damage a file's bytes: flips, cuts, repeats, odd numbers, control characters, bad UTF-8."""
    lines = data.splitlines(keepends=True) or [b""]
    n = len(data)

    def at(strategy: st.SearchStrategy[bytes]) -> st.SearchStrategy[bytes]:
        return st.tuples(st.integers(0, n), strategy).map(lambda p: data[: p[0]] + p[1] + data[p[0] :])

    digits = [m.span() for m in re.finditer(rb"[0-9]+", data)]
    words = [m.span() for m in re.finditer(rb"[A-Za-z]+", data)]
    odd = st.sampled_from([s.encode("utf-8") for s in ODD_DIGITS + CONTROL])
    choices: list[st.SearchStrategy[bytes]] = [
        st.just(data),
        st.just(b""),
        st.integers(0, n).map(lambda k: data[:k]),  # cut short
        at(st.binary(min_size=1, max_size=8)),  # random bytes, often not UTF-8
        at(odd),
        at(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00" * 3])),
        st.integers(2, 200).map(lambda k: data * k),  # long
        st.tuples(st.sampled_from(lines), st.integers(100, 20_000)).map(lambda p: data + p[0] * p[1]),
        at(st.sampled_from([b"[" * 3000, b"{a=" * 3000, b"a." * 3000, b"\n" * 10_000, b" " * 60_000])),
        st.just(data.replace(b"\n", b"\r\n")),
        st.just(b"\xef\xbb\xbf" + data),
    ]
    if digits:
        choices.append(st.tuples(st.sampled_from(digits), odd).map(lambda p: data[: p[0][0]] + p[1] + data[p[0][1] :]))
        choices.append(st.sampled_from(digits).map(lambda span: data[: span[0]] + BIG.encode() + data[span[1] :]))
    if words:
        values = st.sampled_from([b'"three"', b"7", b"[1, 2]", b"{ a = 1 }", b"true", b"-3", b'""', b"x" * 300])
        choices.append(
            st.tuples(st.sampled_from(words), values).map(lambda p: data[: p[0][0]] + p[1] + data[p[0][1] :])
        )
    if len(lines) > 1:
        choices.append(st.permutations(lines).map(b"".join))
        choices.append(st.integers(0, len(lines) - 1).map(lambda k: b"".join(lines[:k] + lines[k + 1 :])))
    return st.one_of(choices)


@st.composite
def file_content(draw: st.DrawFn, group: str) -> bytes:
    """The bytes of an input file for ``group``: one of its examples (or another group's), mutated."""
    files = example_files()
    pool = files.get(group) or [p for paths in files.values() for p in paths]
    if draw(st.integers(0, 9)) == 0:  # now and then, another game's file
        pool = [p for paths in files.values() for p in paths]
    source = draw(st.sampled_from(sorted(pool)))
    data = source.read_bytes()
    for _ in range(draw(st.integers(0, 2))):
        data = draw(_mutations(data))
    return data[:1_200_000]


# ---------------------------------------------------------------- one case


FILE_MARK, OUTPUT_MARK = "\x00file:", "\x00out:"


@dataclass(frozen=True)
class Case:
    """A command line, what standard input holds, and the files it names (written before the run)."""

    args: tuple[str, ...]
    stdin: bytes = b""
    files: tuple[bytes, ...] = ()

    def materialise(self, folder: Path) -> list[str]:
        """The arguments with the case's files written into ``folder`` and output paths pointed there."""
        out: list[str] = []
        for arg in self.args:
            if arg.startswith(FILE_MARK):
                index = int(arg[len(FILE_MARK) :])
                path = folder / f"input-{index}"
                path.write_bytes(self.files[index])
                out.append(str(path))
            elif arg.startswith(OUTPUT_MARK):
                out.append(str(folder / arg[len(OUTPUT_MARK) :]))
            else:
                out.append(arg)
        return out

    def __str__(self) -> str:
        shown = " ".join(shlex.quote(a if len(a) < 80 else a[:60] + f"…({len(a)} chars)") for a in self.args)
        extra = f" <stdin {len(self.stdin)} bytes>" if self.stdin else ""
        files = f" <files {', '.join(str(len(f)) for f in self.files)} bytes>" if self.files else ""
        return f"rulebook {shown}{extra}{files}".replace("\x00", "")


JUNK = st.one_of(
    st.text(max_size=30),
    st.sampled_from(CONTROL + ODD_DIGITS + ["-", "--", "-o", "--json", "=", ":", ",", "P1", "P9", "fire+", "*"]),
    st.builds(
        lambda w, k: w * k,
        st.sampled_from(["fire ", "P1 ", "A,", "a", " ", "1", "defend ", "x:"]),
        st.integers(1, 12_000),
    ),
)
SMALL = st.integers(-2, 20).map(str)


@st.composite
def mutated_token(draw: st.DrawFn, token: str) -> str:
    """One argument changed inside: a number made odd or huge, a control character put in, repeated, cut."""
    digits = [m.span() for m in re.finditer(r"[0-9]+", token)]
    how = draw(st.integers(0, 5))
    if how == 0 and digits:
        start, end = draw(st.sampled_from(digits))
        return token[:start] + draw(st.sampled_from([*ODD_DIGITS, "0" * 50])) + token[end:]
    if how == 1:
        k = draw(st.integers(0, len(token)))
        return token[:k] + draw(st.sampled_from([*CONTROL, "\n", "=", ",", ":", "+", ">", "*", "-"])) + token[k:]
    if how == 2:
        return token * draw(st.integers(2, max(2, 50_000 // max(len(token), 1))))
    if how == 3 and token:
        k = draw(st.integers(0, len(token) - 1))
        return token[:k] + draw(st.characters(codec="utf-8")) + token[k + 1 :]
    if how == 4:
        return token[: draw(st.integers(0, len(token)))]
    return token.upper() if token.islower() else token.lower()


def _int_value(param: Param) -> st.SearchStrategy[str]:
    """A value for a number: small ones, the bounds and beyond them, and numbers no reader should accept."""
    edges = [str(v) for b in (param.low, param.high) if b is not None for v in (b - 1, b, b + 1)]
    return st.one_of(SMALL, st.sampled_from(ODD_DIGITS + edges + ["1000000000000"]))


@st.composite
def _value(draw: st.DrawFn, param: Param, group: str, seen: dict[str, list[str]], files: list[bytes]) -> str:
    """A value for one parameter: seen in an example, typed junk, or a file of the right kind."""
    if param.kind == "int":
        return draw(_int_value(param))
    if param.kind == "output":
        return draw(
            st.sampled_from(
                [
                    OUTPUT_MARK + "out.svg",
                    OUTPUT_MARK + "out.log",
                    OUTPUT_MARK + "missing/out",
                    "/",
                    "/dev/full",
                    OUTPUT_MARK + "x" * 300,
                    "",
                ]
            )
        )
    if param.kind == "file":
        how = draw(st.integers(0, 5))
        if how <= 2:
            files.append(draw(file_content(group)))
            return f"{FILE_MARK}{len(files) - 1}"
        if how == 3:
            return "-"
        return draw(st.sampled_from(["/", "/dev/zero", "/nonexistent/x", "examples", "", "\x00", "a" * 5000]))
    known = seen.get(param.name, [])
    if known and draw(st.booleans()):
        return draw(st.sampled_from(known))
    return draw(JUNK)


@cache
def _observed() -> dict[tuple[str, ...], dict[str, list[str]]]:
    """For each command, the values its examples give each parameter (by the parameter's name); worked out once,
    as the example lines it reads are (every draw of a case reads it)."""
    table: dict[tuple[str, ...], dict[str, list[str]]] = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in example_lines():
        command = _command_of(line)
        if command is None:
            continue
        for param, value in _assign(command, list(line[len(command.path) :])):
            table[command.path][param.name].append(value)
    return table


def _assign(command: Command, rest: list[str]) -> Iterator[tuple[Param, str]]:
    """Which parameter each token of an example line fills (enough for gathering values)."""
    by_option = {}
    for p in command.params:
        if p.option:
            by_option[p.option] = p
    arguments = [p for p in command.params if p.option is None]
    tokens = iter(rest)
    for token in tokens:
        name, eq, inline = token.partition("=")
        if token.startswith("-") and (name in by_option or token in by_option):
            p = by_option.get(name) or by_option[token]
            if not p.flag:
                value = inline if eq else next(tokens, "")
                yield p, value
        elif arguments:
            p = arguments[0] if arguments[0].many else arguments.pop(0)
            yield p, token


@st.composite
def _generated(draw: st.DrawFn, group: str) -> Case:
    """A command of ``group`` with its parameters drawn one by one."""
    pool = _weighted([c for c in commands() if c.group == group], lambda c: c.path)
    command = draw(st.sampled_from(pool))
    seen = _observed().get(command.path, {})
    files: list[bytes] = []
    stdin = b""
    args: list[str] = list(command.path)
    for param in command.params:
        wanted = draw(st.integers(0, 9)) < (9 if param.required else 3)
        if not wanted:
            continue
        count = draw(st.integers(1, 3)) if param.many else 1
        for _ in range(count):
            if param.flag:
                args.append(param.option or "")
                continue
            value = draw(_value(param, group, seen, files))
            if value == "-":
                stdin = draw(file_content(group))
            args += [param.option, value] if param.option else [value]
    return Case(tuple(a for a in args if a is not None), stdin, tuple(files))


@st.composite
def _from_example(draw: st.DrawFn, group: str) -> Case:
    """An example command line of ``group``, with a few of its tokens changed, dropped, repeated or added."""
    lines = _group_examples(group)
    if not lines:
        return draw(_generated(group))
    line = list(draw(st.sampled_from(_weighted(lines, lambda line: line[:2]))))
    command = _command_of(line)
    assert command is not None
    files: list[bytes] = []
    stdin = b""
    seen = _observed().get(command.path, {})
    # Keep the workload of an example small; large numbers come from the generated values.
    for n, token in enumerate(line):
        if re.fullmatch(r"[0-9]{3,}", token) and n > 0 and line[n - 1].startswith("--"):
            line[n] = str(draw(st.integers(1, 20)))
    # Files the example names: the example file, or a mutation of it, or standard input.
    for n, token in enumerate(line):
        path = ROOT / token
        if n >= len(command.path) and path.is_file() and path.is_relative_to(EXAMPLES):
            how = draw(st.integers(0, 3))
            if how == 0:  # the example as it is, but a copy: a command that writes (verify --update) must
                # never change the repository's own files
                files.append(path.read_bytes())
                line[n] = f"{FILE_MARK}{len(files) - 1}"
            elif how == 1:
                line[n] = "-"
                stdin = draw(file_content(path.relative_to(EXAMPLES).parts[0]))
            else:
                files.append(draw(file_content(path.relative_to(EXAMPLES).parts[0])))
                line[n] = f"{FILE_MARK}{len(files) - 1}"
        elif n > 0 and line[n - 1] in ("--chart", "--save"):
            line[n] = OUTPUT_MARK + "chart.svg"
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3, 0]))):
        head = len(command.path)
        what = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
        if what == 0 and len(line) > head:
            k = draw(st.integers(head, len(line) - 1))
            if line[k].startswith((FILE_MARK, OUTPUT_MARK)):
                continue
            line[k] = draw(st.one_of(mutated_token(line[k]), mutated_token(line[k]), JUNK, SMALL))
        elif what == 1 and len(line) > head:
            del line[draw(st.integers(head, len(line) - 1))]
        elif what == 2 and len(line) > head:
            k = draw(st.integers(head, len(line) - 1))
            line.insert(k, line[k])
        elif what == 3 and command.params:
            param = draw(st.sampled_from(command.params))
            if param.flag:
                line.append(param.option or "")
            else:
                value = draw(_value(param, group, seen, files))
                if value == "-":
                    stdin = draw(file_content(group))
                line += [param.option, value] if param.option else [value]
        else:
            line.append(draw(JUNK))
    return Case(tuple(line), stdin, tuple(files))


def cases(group: str | None = None) -> st.SearchStrategy[Case]:
    """Cases for one group of commands ("top", "clash", ...) or for all of them."""
    chosen = [group] if group else groups()
    strategies: list[st.SearchStrategy[Case]] = []
    for g in chosen:
        strategies += [_from_example(g), _generated(g)]
    if group in (None, "top"):
        prefixes = st.sampled_from([[], ["--help"], ["--version"], ["-h"], *[[g] for g in groups() if g != "top"]])
        strategies.append(st.tuples(prefixes, st.lists(JUNK, max_size=3)).map(lambda p: Case(tuple(p[0] + p[1]))))
    return st.one_of(strategies)


# ---------------------------------------------------------------- running a case


@dataclass
class Outcome:
    """What one run did: its exit code (None if it was killed), output, time and peak memory."""

    case: Case
    code: int | None
    stdout: str
    stderr: str
    seconds: float
    megabytes: float = 0.0
    killed: str = ""  # "time" or "memory" when the run was stopped
    problems: list[str] = field(default_factory=list)

    def judge(self, time_limit: float = TIME_LIMIT, memory_limit: float = MEMORY_LIMIT_MB) -> list[str]:
        """The promises this run broke (none for a good run)."""
        found = []
        if self.killed == "time" or self.seconds > time_limit:
            found.append(f"over {time_limit:g} s")
        if self.killed == "memory" or self.megabytes > memory_limit:
            found.append(f"over {memory_limit:g} MB")
        if "Traceback (most recent call last)" in self.stderr + self.stdout:
            found.append("traceback")
        if self.code is not None and self.code not in (0, 1, 2):
            found.append(f"exit code {self.code}")
        if self.code not in (0, 1, None):  # 1 is a verdict (a check failed), said on standard output
            lines = self.stderr.splitlines()
            if not self.stderr.strip():
                found.append("empty message")
            elif len(lines) != 1:
                found.append("not one line")
        self.problems = found
        return found


class _Timeout(BaseException):
    """Raised in-process when a case has used up its processor time."""


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_in_process(case: Case, folder: Path, time_limit: float = TIME_LIMIT) -> Outcome:
    """Run one case in this process, exactly as the console script would (``cli.main.entry``).

    Its time is the processor time it used, so that a busy machine does not make a quick command look
    slow; a case is stopped once it has used ``time_limit`` seconds of it (a profiling timer).
    """
    from cli.main import entry

    args = case.materialise(folder)
    streams = sys.stdin, sys.stdout, sys.stderr
    out, err = io.BytesIO(), io.BytesIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)

    def stop(signum: int, frame: Any) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, time_limit)
    start = _cpu()
    killed = ""
    try:
        code: int | None = entry(args)
    except _Timeout:
        code, killed = None, "time"
    except BaseException as exc:  # anything escaping the boundary is a failure to report
        import traceback

        sys.stderr.write("".join(traceback.format_exception(exc)))
        code = -1
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        written = out.getvalue(), err.getvalue()  # before the wrappers go, closing what they wrap
        sys.stdin, sys.stdout, sys.stderr = streams
    seconds = _cpu() - start
    stdout, stderr = (b.decode("utf-8", "backslashreplace") for b in written)
    if "MemoryError" in stderr:  # the worker's memory limit stopped it (see ``worker``)
        killed = "memory"
    return Outcome(case, code, stdout, stderr, seconds, _rss_mb(), killed)


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------- the long run
#
# Cases run in worker processes, each running many cases in-process (a case costs what its command
# costs): before each case a worker's address space is limited to what it holds then plus the memory limit, so
# a case that would take more ends in a MemoryError (counted as over the limit), and a case's memory is what
# it added to the worker's (the worker's own is reported apart, as the largest); a case is stopped after
# the time limit in processor time; and the parent kills and restarts a worker that stops answering
# (a hang the timer cannot stop), counting that case as over the time limit.

#: How long (by the clock) a worker may stay silent on one case before it is killed and restarted.
WALL_LIMIT = 120.0
#: How long a restarted worker may take to draw again the cases it skips, before its first new case.
SKIP_LIMIT = 3600.0


def _limit_memory(memory_limit: float) -> float:
    """Let the next case take at most ``memory_limit`` MB more address space than the worker holds now (more ends in
    a MemoryError, counted as over the limit); return the worker's resident memory now, in MB.

    Set again before every case, from what the worker holds then: the worker keeps what Hypothesis drew for every case
    before, and seldom gives freed memory back, so a limit set once at its start was reached after about 10,000 cases
    by ordinary commands (`rulebook rule clash.attack.tie` counted over 500 MB, an internal error).
    """
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    cap = int(size + memory_limit * 2**20)
    resource.setrlimit(resource.RLIMIT_AS, (cap, resource.RLIM_INFINITY))
    return _rss_mb()


def worker(n: int, seed_value: int, skip: int, time_limit: float, memory_limit: float, group: str | None) -> None:
    """Run cases ``skip`` to ``n`` of the seeded sequence, printing one JSON line when each starts and ends."""
    import json

    from hypothesis import HealthCheck, Phase, given, seed, settings

    import cli.main
    import rulebook

    cli.main.app  # noqa: B018  (every command group, imported before the first case)
    for g in rulebook.games():
        rulebook.rules(g.id)
    say = sys.__stdout__
    index = [0]
    with tempfile.TemporaryDirectory(prefix="rulebook-fuzz-") as tmp:
        folder = Path(tmp)

        @seed(seed_value)
        @settings(
            max_examples=n,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=cases(group))
        def one(case: Case) -> None:
            i = index[0]
            index[0] += 1
            if i < skip:
                return
            say.write(json.dumps({"start": i, "case": str(case)}) + "\n")
            say.flush()
            held = _limit_memory(memory_limit)
            outcome = run_in_process(case, folder, time_limit)
            worker_mb = outcome.megabytes
            outcome.megabytes -= held  # what the case added to what the worker held before it
            for stale in folder.iterdir():
                with contextlib.suppress(OSError):
                    stale.unlink()
            problems = outcome.judge(time_limit, memory_limit)
            last = (outcome.stderr.strip().splitlines() or [""])[-1][:300]
            code = "killed" if outcome.code is None else str(outcome.code)
            report = {"end": i, "code": code, "seconds": outcome.seconds, "mb": worker_mb}
            report.update(problems=problems, last=last)
            say.write(json.dumps(report) + "\n")
            say.flush()

        one()
    say.write('{"done": true}\n')
    say.flush()


def collect(n: int, seed_value: int, time_limit: float, memory_limit: float, group: str | None, show: int) -> dict:
    """Run ``n`` cases in a worker process (restarted after a hang or a crash); return what they did."""
    import json
    import select
    import subprocess

    counts: collections.Counter[str] = collections.Counter()
    codes: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    slowest: list[tuple[float, str]] = []
    peak = 0.0
    started = time.perf_counter()
    skip = 0
    restarts = 0

    def record(case: str, code: str, seconds: float, problems: list[str], last: str) -> None:
        counts["cases"] += 1
        codes[code] += 1
        slowest.append((seconds, case))
        slowest.sort(reverse=True)
        del slowest[3:]
        words = case.split()
        where = words[1] if len(words) > 1 and words[1] in groups() else "top"
        for problem in problems:
            counts[problem] += 1
            counts[f"by group: {where}: {problem}"] += 1
            if len(examples[problem]) < show:
                examples[problem].append(f"{case}\n    exit {code}, {seconds:.2f} s: {last}")
        if counts["cases"] % 500 == 0:  # the counts so far, should the run be stopped before the end
            so_far = {k: v for k, v in counts.items() if k != "cases"}
            line = f"  {counts['cases']:,} cases, {time.perf_counter() - started:.0f} s; problems: {so_far}"
            print(f"{line}; exit codes: {dict(codes)}; restarts: {restarts}", file=sys.stderr, flush=True)

    while skip < n:
        command = [sys.executable, __file__, "--sandbox", "--cases", str(n), "--seed", str(seed_value)]
        command += ["--skip", str(skip), "--timeout", str(time_limit), "--memory", str(memory_limit)]
        command += ["--group", group] if group else []
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert process.stdout is not None
        current: dict | None = None
        finished = False
        while True:
            # The clock runs on a case only: a restarted worker first draws again every case it skips, which
            # takes long and prints nothing (a limit there would restart it for ever).
            ready, _, _ = select.select([process.stdout], [], [], WALL_LIMIT if current is not None else SKIP_LIMIT)
            if not ready:  # silent too long on one case: a hang
                process.kill()
                process.wait()
                if current is not None:
                    record(current["case"], "killed", WALL_LIMIT, [f"over {time_limit:g} s"], "(stopped by the clock)")
                    skip = current["start"] + 1
                break
            line = process.stdout.readline()
            if not line:  # the worker died (a crash, or killed by the system)
                process.wait()
                if current is not None:
                    record(current["case"], f"died ({process.returncode})", 0.0, ["worker died"], "")
                    skip = current["start"] + 1
                break
            message = json.loads(line)
            if "start" in message:
                current = message
            elif "end" in message:
                assert current is not None
                peak = max(peak, message["mb"])
                record(current["case"], message["code"], message["seconds"], message["problems"], message["last"])
                skip = message["end"] + 1
                current = None
            elif message.get("done"):
                finished = True
                process.wait()
                break
        if finished:
            break
        restarts += 1
    counts["restarts"] = restarts
    return {"counts": counts, "codes": codes, "examples": examples, "slowest": slowest, "peak": peak}


def main() -> None:
    import json
    import subprocess

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000, help="how many cases (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument("--timeout", type=float, default=TIME_LIMIT, help="processor seconds a case may take (10)")
    parser.add_argument("--memory", type=float, default=MEMORY_LIMIT_MB, help="MB a case may use (default 500)")
    parser.add_argument("--group", default=None, help="only this group of commands (top, clash, ...)")
    parser.add_argument("--jobs", type=int, default=1, help="workers run side by side, each with its own seed (1)")
    parser.add_argument("--show", type=int, default=3, help="cases shown for each kind of problem (default 3)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sandbox", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--skip", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()

    os.environ.setdefault("RULEBOOK_CACHE_DIR", tempfile.mkdtemp(prefix="rulebook-fuzz-cache-"))
    os.chdir(ROOT)
    if args.sandbox:
        worker(args.cases, args.seed, args.skip, args.timeout, args.memory, args.group)
        return
    started = time.perf_counter()
    if args.worker or args.jobs <= 1:
        results = [collect(args.cases, args.seed, args.timeout, args.memory, args.group, args.show)]
        if args.worker:
            print(json.dumps(results[0]))
            return
    else:
        share = [args.cases // args.jobs + (k < args.cases % args.jobs) for k in range(args.jobs)]
        workers = []
        for k, n in enumerate(share):
            command = [sys.executable, __file__, "--worker", "--cases", str(n), "--seed", str(args.seed * 1000 + k)]
            command += ["--timeout", str(args.timeout), "--memory", str(args.memory), "--show", str(args.show)]
            command += ["--group", args.group] if args.group else []
            workers.append(subprocess.Popen(command, stdout=subprocess.PIPE, text=True))
        results = [json.loads(w.communicate()[0]) for w in workers]
    seconds = time.perf_counter() - started
    counts: collections.Counter[str] = collections.Counter()
    codes: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    slowest = sorted((tuple(s) for r in results for s in r["slowest"]), reverse=True)[:3]
    for r in results:
        counts.update(r["counts"])
        codes.update(r["codes"])
        for problem, shown in r["examples"].items():
            examples[problem] += shown[: args.show - len(examples[problem])]
    peak = max(r["peak"] for r in results)
    print(
        f"{counts['cases']:,} cases in {seconds:.0f} s (seed {args.seed}, {args.jobs} job(s), "
        f"limits {args.timeout:g} s of processor time and {args.memory:g} MB a case)"
    )
    labels = ("traceback", "empty message", "not one line", f"over {args.timeout:g} s", f"over {args.memory:g} MB")
    for label in (*labels, "worker died"):
        print(f"  {label}: {counts[label]}")
    print("  exit codes: " + ", ".join(f"{code}: {n:,}" for code, n in sorted(codes.items())))
    for label, n in sorted(counts.items()):
        if label.startswith("exit code"):
            print(f"  {label} (not 0, 1 or 2): {n}")
    print(f"  workers restarted after a hang or a crash: {counts['restarts']}")
    for label, n in sorted(counts.items()):
        if label.startswith("by group: "):
            print(f"  {label}: {n}")
    print(
        f"  largest worker after a case: {peak:.0f} MB; slowest cases: " + "; ".join(f"{s:.2f} s" for s, _ in slowest)
    )
    for problem, shown in examples.items():
        print(f"\n{problem}:")
        for line in shown:
            print(f"  {line}")


if __name__ == "__main__":
    main()
