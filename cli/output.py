"""Printing answers and turning errors into exit codes: the edge of the CLI.

Exit codes: 0 when a query is answered (an "illegal" verdict is an answer); 1 when ``--check`` finds an
illegal move log; 2 for bad input (unknown names, unreadable files, malformed arguments), always as one
line on standard error.
"""

from __future__ import annotations

import functools
import sys
import textwrap
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer

from rulebook import RulebookError, rule
from rulebook.errors import InvalidInputError

if TYPE_CHECKING:
    from rulebook.ruling import Ruling

P = ParamSpec("P")
R = TypeVar("R")

EXIT_ANSWERED, EXIT_CHECK_FAILED, EXIT_BAD_INPUT = 0, 1, 2
WRAP = 100  # notes are wrapped to this width in text output

JSON_HELP = "Print the answer as JSON (schemas: see Reading a ruling) instead of text."

#: The ``--json`` flag every query takes.
JsonFlag = Annotated[bool, typer.Option("--json", help=JSON_HELP)]


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
    """Wrap a command so that a :class:`RulebookError` becomes a one-line message and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except RulebookError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None

    return wrapper


def read_text(path: str) -> str:
    """Read a file named on the command line (``-`` is standard input) as UTF-8 text."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise InvalidInputError(f"cannot read {path!r}: {reason}; give a readable UTF-8 text file or '-'") from None


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


def emit_ruling(game: str | None, query: str, given: Mapping[str, Any], ruling: Ruling, as_json: bool) -> None:
    """Print a ruling as JSON or as text: verdict, numbered trace, cited rules, and notes."""
    if as_json:
        emit_json(envelope(game, query, given, ruling))
        return
    typer.echo(str(ruling))
    if ruling.rules:
        typer.echo("rules: " + ", ".join(ruling.rules))
    for note in notes_for(ruling.rules):
        typer.echo(f"{note['kind']} {note['id']}: {note['title']}.")
        typer.echo(textwrap.fill(note["text"], width=WRAP, initial_indent="  ", subsequent_indent="  "))
