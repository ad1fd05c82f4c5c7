"""Printing answers and turning errors into exit codes: the edge of the CLI.

Exit codes:

- 0: the query is answered (an "illegal" verdict is an answer);
- 1: a check failed (``--check`` found an illegal move log, ``verify`` found a mismatch);
- 2: bad input (unknown names, unreadable files, malformed arguments), as one line on standard error;
- 3: an internal error, a bug in rulebook: one line naming what failed; ``RULEBOOK_DEBUG=1`` shows the traceback;
- 130: interrupted with Ctrl-C (what was done so far is reported first where a command can).

Every command goes through [`answers`][cli.output.answers], the one error boundary, so no exception reaches the user as
a traceback.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer

from rulebook import RulebookError, rule
from rulebook.errors import InvalidInputError

if TYPE_CHECKING:
    from rulebook.ruling import Ruling, Step

P = ParamSpec("P")
R = TypeVar("R")

EXIT_ANSWERED, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
#: Set this environment variable to 1 to see the traceback of an internal error.
DEBUG_VARIABLE = "RULEBOOK_DEBUG"
WRAP = 100  # the widest text output is wrapped to (narrower on a narrower terminal)

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

    A [`RulebookError`][rulebook.errors.RulebookError] (bad input) exits 2; Ctrl-C exits 130; any other exception is a
    bug and exits 3 with one line naming it (the traceback only when ``RULEBOOK_DEBUG=1``).
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except RulebookError as err:
            fail(f"error: {err}", EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            fail("interrupted", EXIT_INTERRUPTED)
        except BrokenPipeError:
            # The reader went away (`rulebook ... | head`): nothing more to say to anyone.
            _silence_stdout()
            raise typer.Exit(EXIT_ANSWERED) from None
        except (Exception, RecursionError, MemoryError) as err:
            if os.environ.get(DEBUG_VARIABLE) == "1":
                raise
            fail(internal_error(err), EXIT_INTERNAL)

    return wrapper


def internal_error(err: BaseException) -> str:
    """The one line shown for an unexpected exception (a bug): what failed, and how to see more."""
    from rulebook.reading import shown

    detail = shown(str(err))
    detail = detail if len(detail) <= 200 else detail[:200] + "…"
    what = type(err).__name__ + (f": {detail}" if detail else "")
    return f"internal error ({what}); this is a bug in rulebook, please report it (set {DEBUG_VARIABLE}=1 to see where)"


def say_error(message: str) -> None:
    """Print ``message`` as exactly one line on standard error, control characters escaped."""
    from rulebook.reading import shown

    line = " ".join(shown(message).split()) or "error: failed"
    with contextlib.suppress(OSError, UnicodeError):
        typer.echo(line, err=True)


def fail(message: str, code: int) -> NoReturn:
    """Print ``message`` as one line on standard error and end the command with exit ``code``."""
    say_error(message)
    raise typer.Exit(code) from None


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def read_text(path: str, what: str = "file") -> str:
    """Read a file named on the command line (``-`` is standard input): see
    [`rulebook.reading.read_text`][rulebook.reading.read_text]."""
    from rulebook.reading import read_text as read

    return read(path, what=what)


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """Read repeated ``-o NAME=VALUE`` arguments (validated later against the game's options)."""
    chosen: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InvalidInputError(f"option {pair!r} must be written NAME=VALUE, e.g. gale-defends=yes")
        chosen[name.strip()] = value.strip()
    return chosen


def notes_for(rule_ids: tuple[str, ...] | list[str]) -> list[dict[str, str]]:
    """The interpretation and erratum records among the cited rules: shown with every answer."""
    notes = []
    for rid in rule_ids:
        rec = rule(rid)
        if rec.kind in ("interpretation", "erratum"):
            notes.append({"id": rec.id, "kind": rec.kind, "title": rec.title, "text": rec.text})
    return notes


def envelope(game: str | None, query: str, given: Mapping[str, Any], ruling: Ruling) -> dict[str, Any]:
    """The JSON document for one answer: what was asked, the ruling, and the notes it rests on."""
    from rulebook.ruling import SCHEMA

    return {
        "schema": SCHEMA,
        "game": game,
        "query": query,
        "input": dict(given),
        **ruling.to_dict(),
        "notes": notes_for(ruling.rules),
    }


def emit_json(data: Any) -> None:
    """Print JSON data, indented, to standard output."""
    import json  # only JSON answers need it

    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


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
    typer.echo(ruling.verdict)
    emit_steps(ruling.trace)
    emit_rules(ruling.rules)
    emit_notes(notes_for(ruling.rules), verbose)


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
