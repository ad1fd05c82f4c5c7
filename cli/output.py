"""Printing answers and turning errors into exit codes: the edge of the CLI.

Exit codes:

- 0: the query is answered (an "illegal" verdict is an answer);
- 1: a check failed (``--check`` found an illegal move log, ``verify`` found a mismatch);
- 2: bad input (unknown names, unreadable files, malformed arguments), as one line on standard error;
- 3: an internal error, a bug in rulebook: one line naming what failed; ``RULEBOOK_DEBUG=1`` shows the traceback;
- 130: interrupted with Ctrl-C (what was done so far is reported first where a command can).

Every command goes through [`answers`][cli.output.answers], the one error boundary, so no exception reaches the user as
a traceback; [`entry`][cli.main.entry] is the same boundary around argument parsing, callbacks and help.

What is printed is made safe in one place too. While a command runs, standard output escapes control
characters (terminal escape sequences among them, and bidirectional overrides) as ``\\x1b``-style text,
and characters the terminal's encoding cannot show as ``\\u2013``-style text, so user-supplied text
(a player name from a results file, a move, a card) can never drive the terminal; JSON escapes them in
its own syntax ([`emit_json`][cli.output.emit_json]); error lines are escaped by
[`say_error`][cli.output.say_error]. Commands therefore print with plain ``typer.echo``. The program's own
styling is the one exception: it goes to the real terminal through [`console`][cli.output.console] (Rich)
or [`echo_styled`][cli.output.echo_styled].

Long commands stop cleanly on Ctrl-C through [`until_interrupted`][cli.output.until_interrupted]: the
command runs its work as an iterable of steps, reports the steps done so far as its answer, then exits
130 with one line saying what was left undone::

    so_far = until_interrupted(solver.each_step())
    emit_ruling(..., summary(so_far.done), as_json)
    so_far.finish(f"{len(so_far.done)} of {total} steps done")
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Generic, NoReturn, ParamSpec, TypeVar

import typer

from rulebook import RulebookError, rule
from rulebook.errors import InvalidInputError

if TYPE_CHECKING:
    from rulebook.ruling import Ruling, Step

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")

EXIT_ANSWERED, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
#: Set this environment variable to 1 to see the traceback of an internal error.
DEBUG_VARIABLE = "RULEBOOK_DEBUG"
WRAP = 100  # the widest text output is wrapped to (narrower on a narrower terminal)
#: The longest error line printed, in characters; a longer one keeps its start and end (the input echoed in the
#: middle is what gets cut).
MAX_ERROR_CHARS = 1000

JSON_HELP = "Print the answer as JSON (schemas: see Reading a ruling) instead of text."

#: The ``--json`` flag every query takes.
JsonFlag = Annotated[bool, typer.Option("--json", help=JSON_HELP)]
#: The ``--verbose`` flag of the queries that answer with a ruling: the notes in full.
VerboseFlag = Annotated[
    bool, typer.Option("--verbose", "-v", help="Print each interpretation or erratum the answer rests on in full.")
]


def option_flag(game: str) -> Any:
    """The repeatable ``-o NAME=VALUE`` rules-option flag of one game's queries (an annotated type)."""
    return Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help=f"A rules option, repeatable (see `rulebook rules {game} --kind interpretation`).",
        ),
    ]


def answers(func: Callable[P, R]) -> Callable[P, R]:
    """Wrap a command in the CLI's one error boundary: every failure becomes one line and an exit code.

    A [`RulebookError`][rulebook.errors.RulebookError] (bad input) exits 2; Ctrl-C exits 130; a closed pipe
    (``rulebook ... | head``) ends quietly; any other exception is a bug and exits 3 with one line naming it
    (the traceback only when ``RULEBOOK_DEBUG=1``). While the command runs, standard output escapes what
    must not reach a terminal raw (see the module's notes).
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        real = sys.stdout
        try:
            with _escaped_stdout():
                return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except RulebookError as err:
            fail(f"error: {err}", EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            fail("interrupted", EXIT_INTERRUPTED)
        except BrokenPipeError:
            # The reader went away: nothing more to say to anyone.
            silence_stdout(real)
            raise typer.Exit(EXIT_ANSWERED) from None
        except OSError as err:
            if not output_failed(err):
                if os.environ.get(DEBUG_VARIABLE) == "1":
                    raise
                fail(internal_error(err), EXIT_INTERNAL)
            silence_stdout(real)
            fail(f"error: cannot write the answer: {err.strerror}", EXIT_BAD_INPUT)
        except (Exception, RecursionError, MemoryError) as err:
            if os.environ.get(DEBUG_VARIABLE) == "1":
                raise
            fail(internal_error(err), EXIT_INTERNAL)

    return wrapper


#: The errors of writing that are the output's fault, not the program's: a full disk, a device error.
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EBADF})


def output_failed(err: OSError) -> bool:
    """Whether ``err`` is standard output failing (``rulebook ... > /dev/full``): said in one line, exit 2."""
    return err.errno in OUTPUT_ERRORS


def internal_error(err: BaseException) -> str:
    """The one line shown for an unexpected exception (a bug): what failed, and how to see more."""
    from rulebook.reading import shown

    detail = shown(err, 200)
    what = type(err).__name__ + (f": {detail}" if detail else "")
    return f"internal error ({what}); this is a bug in rulebook, please report it (set {DEBUG_VARIABLE}=1 to see where)"


def one_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` as one printable line: control characters escaped, whitespace runs made one space, and
    at most ``limit`` characters (a long line keeps its start and its end, which say what failed and
    what is accepted).

    Examples:
        >>> one_line("error: unknown name 'a\\nb\\x1b'")
        "error: unknown name 'a b\\\\x1b'"
        >>> one_line("error: " + "x" * 50 + " accepted: a, b", limit=40)
        'error: xxxxxxxxxxxx … xxx accepted: a, b'
    """
    from rulebook.reading import shown

    line = " ".join(shown(message).split()) or "error: failed"
    if len(line) > limit:
        keep = limit - 3
        line = line[: keep - keep // 2].rstrip() + " … " + line[len(line) - keep // 2 :].lstrip()
    return line


#: How many lines ``say_error`` has printed in this process (see ``errors_said``).
_said = [0]


def errors_said() -> int:
    """How many lines ``say_error`` has printed so far: the edge tells by it whether an exit was explained.

    Examples:
        >>> before = errors_said()
        >>> say_error("error: an example")
        >>> errors_said() - before
        1
    """
    return _said[0]


def say_error(message: str) -> None:
    """Print ``message`` as exactly one line on standard error (see ``one_line``), whatever the encoding."""
    _said[0] += 1
    line = one_line(message) + "\n"
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        try:
            stream.write(line)
        except UnicodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write(line.encode(encoding, "backslashreplace").decode(encoding, "replace"))
        stream.flush()


def fail(message: str, code: int) -> NoReturn:
    """Print ``message`` as one line on standard error and end the command with exit ``code``."""
    say_error(message)
    raise typer.Exit(code) from None


def silence_stdout(stream: Any = None) -> None:
    """Point standard output at the null device: after a closed pipe, nothing more can be written to it."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, (stream or sys.stdout).fileno())
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both OSError and ValueError
        pass


# ---------------------------------------------------------------- what is printed

#: What is never printed raw: C0 controls but tab and newline, DEL and C1 controls, bidirectional
#: overrides and isolates, line and paragraph separators, and the lone surrogates that stand for
#: undecodable bytes in arguments.
UNPRINTABLE_CHARACTERS = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
# Compiling the whole class costs every command about a millisecond (its range of surrogates makes a large
# table), so it is compiled only for text that is not all ASCII; in ASCII text only its ASCII part can match.
_ASCII_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def unprintable(text: str = "\x80") -> re.Pattern[str]:
    """The pattern of what is never printed raw, as it applies to ``text`` (the whole pattern by default).

    Examples:
        >>> unprintable("Fire - Blaze") is unprintable("ASCII")
        True
        >>> unprintable("Fire – Blaze").pattern == UNPRINTABLE_CHARACTERS
        True
    """
    return _ASCII_UNPRINTABLE if text.isascii() else re.compile(UNPRINTABLE_CHARACTERS)


def __getattr__(name: str) -> Any:
    # ``UNPRINTABLE``, the compiled pattern, is compiled when first asked for.
    if name == "UNPRINTABLE":
        return unprintable()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def escape_unprintable(text: str) -> str:
    """``text`` with what ``UNPRINTABLE_CHARACTERS`` matches written as Python escapes; tabs and newlines kept.

    Text that is not all ASCII is first asked whether Python calls it printable once its tabs and newlines are
    set aside: every character the pattern matches is unprintable to Python too, so printable text is returned as
    it is, without compiling the whole pattern (some 4.5 M instructions: its large table of characters).

    Examples:
        >>> escape_unprintable("P1\\x1b]0;owned\\x07 wins\\n")
        'P1\\\\x1b]0;owned\\\\x07 wins\\n'
        >>> escape_unprintable("Earth \N{EN DASH} Fortify\\n"), escape_unprintable("Ana\\u202e wins")
        ('Earth – Fortify\\n', 'Ana\\\\u202e wins')
    """
    if not text.isascii() and text.replace("\n", "").replace("\t", "").isprintable():
        return text
    return unprintable(text).sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class EscapedStream:
    """A text stream that escapes what must not reach a terminal (``escape_unprintable``) and never
    fails on a character its encoding lacks (written as ``\\u2013`` instead), then writes to ``stream``.
    """

    encoding = "utf-8"  # what it accepts: any text
    errors = "strict"

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        safe = escape_unprintable(text)
        try:
            self.stream.write(safe)
        except UnicodeEncodeError:
            encoding = getattr(self.stream, "encoding", None) or "ascii"
            self.stream.write(safe.encode(encoding, "backslashreplace").decode(encoding, "replace"))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError, OSError):
            return False

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    @property
    def closed(self) -> bool:
        return bool(getattr(self.stream, "closed", False))


@contextlib.contextmanager
def _escaped_stdout():  # -> Iterator[None]
    """Standard output escaped for the duration of a command; styles are not stripped twice by Typer."""
    real = sys.stdout
    if real is None or isinstance(real, EscapedStream):
        yield
        return
    context = _current_context()
    color = context.color if context is not None else None
    sys.stdout = EscapedStream(real)
    if context is not None:
        # Typer strips what looks like a terminal style when output is not a terminal; the escaped
        # stream shows it escaped instead, the same everywhere.
        context.color = True
    try:
        yield
    finally:
        sys.stdout = real
        if context is not None:
            context.color = color


def _current_context() -> Any:
    try:
        from typer._click.globals import get_current_context
    except ImportError:  # a Typer that uses Click itself
        from click import get_current_context
    return get_current_context(silent=True)


def real_stdout() -> Any:
    """The standard output under the escaping stream: only for the program's own styling."""
    out = sys.stdout
    return out.stream if isinstance(out, EscapedStream) else out


def console() -> Any:
    """A Rich console on the real standard output, for the program's own tables and styles.

    Rich styles only a terminal, and keeps the width of a terminal; text put in a table that came from
    a user must be passed through ``rulebook.reading.shown`` first.
    """
    from rich.console import Console

    return Console(file=real_stdout())


def echo_styled(text: str) -> None:
    """Print a line with the program's own terminal styles (already in ``text``), kept only on a terminal
    (and not when ``NO_COLOR`` is set).

    Any part of ``text`` that came from a user must be passed through ``escape_unprintable`` first.
    """
    out = real_stdout()
    typer.echo(text, file=out, color=EscapedStream(out).isatty() and not os.environ.get("NO_COLOR"))


# ---------------------------------------------------------------- long commands and Ctrl-C


class SoFar(Generic[T]):
    """What a long command did before it ended or was stopped: its steps done, and whether Ctrl-C stopped it.

    (A plain class, not a dataclass: every command imports this module, and creating a dataclass costs start-up.)
    """

    __slots__ = ("done", "interrupted")

    def __init__(self, done: list[T] | None = None, interrupted: bool = False) -> None:
        self.done: list[T] = [] if done is None else done
        self.interrupted = interrupted

    def __repr__(self) -> str:
        return f"SoFar(done={self.done!r}, interrupted={self.interrupted!r})"

    def finish(self, what: str) -> None:
        """After the partial answer is printed: if Ctrl-C stopped the work, one line and exit 130."""
        if self.interrupted:
            fail(f"interrupted: {what}", EXIT_INTERRUPTED)


def until_interrupted(steps: Iterable[T]) -> SoFar[T]:
    """Run a long command's steps until they end or Ctrl-C stops them; return the steps done.

    The command then prints what was done as its answer (marked partial where it is) and calls
    ``SoFar.finish``, which exits 130 with one line if the work was stopped. A second Ctrl-C while
    the partial answer is printed ends the command at once (exit 130, by ``answers``).

    Examples:
        >>> def slow():
        ...     yield 1
        ...     yield 2
        ...     raise KeyboardInterrupt  # as if Ctrl-C came during the third step
        >>> until_interrupted(slow())
        SoFar(done=[1, 2], interrupted=True)
        >>> until_interrupted(range(3))
        SoFar(done=[0, 1, 2], interrupted=False)
    """
    so_far: SoFar[T] = SoFar()
    try:
        for step in steps:
            so_far.done.append(step)
    except KeyboardInterrupt:
        so_far.interrupted = True
    return so_far


def read_text(path: str, what: str = "file") -> str:
    """Read a file named on the command line (``-`` is standard input): see
    [`rulebook.reading.read_text`][rulebook.reading.read_text]."""
    from rulebook.reading import read_text as read

    return read(path, what=what)


def read_line() -> str:
    """One line typed at the terminal or piped in, for the ``play`` loops ('' at the end of input).

    A closed standard input (``0<&-``) and bytes that are not UTF-8 under a strict decoder are bad input: one line,
    exit 2, never an internal error.
    """
    stream = sys.stdin
    if stream is None:
        raise InvalidInputError("standard input is closed; type the moves, or pipe them in (e.g. echo quit | ...)")
    try:
        return stream.readline()
    except UnicodeDecodeError as err:
        raise InvalidInputError(
            f"standard input is not UTF-8 text (byte {err.object[err.start : err.start + 1]!r}); type plain text"
        ) from None
    except ValueError as err:  # reading a closed file
        raise InvalidInputError(f"standard input cannot be read ({err}); type the moves, or pipe them in") from None
    except OSError as err:  # a descriptor closed under it
        reason = err.strerror or type(err).__name__
        raise InvalidInputError(f"standard input cannot be read ({reason}); type the moves, or pipe them in") from None


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """Read repeated ``-o NAME=VALUE`` arguments (validated later against the game's options)."""
    chosen: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InvalidInputError(f"option {pair!r} must be written NAME=VALUE, e.g. gale-defends=yes")
        chosen[name.strip()] = value.strip()
    return chosen


def notes_for(
    rule_ids: tuple[str, ...] | list[str], options: Mapping[str, Any] | None = None
) -> list[dict[str, str]]:
    """The interpretation and erratum records among the cited rules: shown with every answer.

    A record's title states the project's default reading. When ``options`` chose another value of the
    record's own option, the note says so (``choice``), so a note never reads as the opposite of the ruling.

    Examples:
        >>> notes_for(["clash.interp.revived-ability"], {"revive-restores-ability": "yes"})[0]["choice"]
        'here option revive-restores-ability=yes: the revived element comes back with its ability unused'
    """
    notes = []
    for rid in rule_ids:
        rec = rule(rid)
        if rec.kind in ("interpretation", "erratum"):
            note = {"id": rec.id, "kind": rec.kind, "title": rec.title, "text": rec.text}
            chosen = _chosen(rec.option, options)
            if chosen:
                note["choice"] = chosen
            notes.append(note)
    return notes


def _chosen(option: Any, options: Mapping[str, Any] | None) -> str:
    """'here option NAME=VALUE: what it means' when ``options`` picks a value other than the default, else ''."""
    if option is None or not isinstance(options, Mapping) or option.name not in options:
        return ""
    try:
        value = option.parse(options[option.name])
    except RulebookError:
        return ""
    if value == option.default:
        return ""
    return f"here option {option.name}={value}: {option.choices[value]}"


def envelope(game: str | None, query: str, given: Mapping[str, Any], ruling: Ruling) -> dict[str, Any]:
    """The JSON document for one answer: what was asked, the ruling, and the notes it rests on."""
    from rulebook.ruling import SCHEMA

    return {
        "schema": SCHEMA,
        "game": game,
        "query": query,
        "input": dict(given),
        **ruling.to_dict(),
        "notes": notes_for(ruling.rules, given.get("options")),
    }


def emit_json(data: Any) -> None:
    """Print JSON data, indented, to standard output; what must not reach a terminal raw is a ``\\u`` escape.

    Examples:
        >>> emit_json({"name": "P1\\x1b[2J\\u202e"})
        {
          "name": "P1\\u001b[2J\\u202e"
        }
    """
    import json  # only JSON answers need it

    text = json.dumps(data, indent=2, ensure_ascii=False)
    typer.echo(unprintable(text).sub(lambda m: f"\\u{ord(m.group()):04x}", text))


def emit_ruling(
    game: str | None,
    query: str,
    given: Mapping[str, Any],
    ruling: Ruling,
    as_json: bool,
    verbose: bool | None = None,
) -> None:
    """Print a ruling as JSON or as text: the verdict first, then the numbered trace, the cited rules, and the notes.

    The notes are the interpretations and errata the answer rests on, one line each (ID and title); with
    ``verbose``, each note's text follows in full, wrapped. A command that takes ``--verbose`` passes its
    value (True or False); one that does not leaves it None, and its notes point to `rulebook rule ID`.
    """
    if as_json:
        emit_json(envelope(game, query, given, ruling))
        return
    typer.echo(fitted(ruling.verdict))
    emit_steps(ruling.trace)
    emit_rules(ruling.rules)
    emit_notes(notes_for(ruling.rules, given.get("options")), verbose)


def wrapped(text: str, indent: str = "", hanging: str = "  ") -> str:
    """``text`` wrapped to the output width: the first line after ``indent``, the others after ``hanging``.

    Words are never broken, so a rule ID or a move stays whole on one line.
    """
    return textwrap.fill(
        text,
        width=width(),
        initial_indent=indent,
        subsequent_indent=hanging,
        break_long_words=False,
        break_on_hyphens=False,
    )


def fitted(text: str, hanging: str = "  ") -> str:
    """A line as the terminal can show it: wrapped at word boundaries when it is wider than a terminal.

    Sent to a pipe or a file the line stays whole (for scripts and grep, and the transcripts' fixed output);
    only a terminal narrower than the line gets it wrapped, words never split.
    """
    stream = real_stdout()
    if len(text) <= width() or not (hasattr(stream, "isatty") and stream.isatty()):
        return text
    return wrapped(text, hanging=hanging)


def emit_steps(steps: Iterable[Step], first: int = 1) -> None:
    """Print trace steps numbered from ``first``, each wrapped with its continuation lines under its text.

    A step with no text of its own is named by its rule's title, so no step reads as a bare rule ID.
    """
    from rulebook.ruling import Step

    for n, step in enumerate(steps, first):
        if not step.text.strip() and step.rule:
            step = Step(_titled(step.rule), step.rule, step.overrides)
        label = f"  {n}. "
        typer.echo(wrapped(str(step), label, " " * len(label)))


def _titled(rule_id: str) -> str:
    try:
        return rule(rule_id).title
    except RulebookError:
        return rule_id


def emit_rules(rule_ids: Iterable[str]) -> None:
    """Print the cited rule IDs on one line (wrapped), after the trace."""
    ids = list(rule_ids)
    if ids:
        typer.echo(wrapped("rules: " + ", ".join(ids), hanging="  "))


def emit_notes(notes: list[dict[str, str]], verbose: bool | None = False) -> None:
    """Print the notes an answer rests on under a heading: one line each, or in full when ``verbose``.

    ``verbose`` None: the command has no ``--verbose``, so the heading names `rulebook rule ID` instead.
    """
    if not notes:
        return
    if verbose:
        typer.echo("notes:")
    elif verbose is None:
        typer.echo("notes (rulebook rule ID prints one in full):")
    else:
        typer.echo("notes (in full with --verbose):")
    for note in notes:
        typer.echo(wrapped(f"{note['kind']} {note['id']}: {note['title']}", "  ", "    "))
        if note.get("choice"):
            typer.echo(wrapped(f"({note['choice']})", "    ", "    "))
        if verbose:
            typer.echo(wrapped(note["text"], "    ", "    "))


def width() -> int:
    """The width text output is wrapped to: the terminal's (``COLUMNS``), at most WRAP."""
    import shutil

    return max(40, min(WRAP, shutil.get_terminal_size((80, 24)).columns))


@contextlib.contextmanager
def progress(message: str) -> Iterator[None]:
    """Show ``message`` with a spinner on standard error while a slow command works (only on a terminal).

    Anything that can take more than a second runs inside it, so a user never waits without a word.
    """
    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(message):
        yield
