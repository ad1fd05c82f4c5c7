"""The ``rulebook`` command: games, their rules, and rulings you can trace.

Each game's queries live in their own module (``cli/clash.py``) and are mounted here as a group.
"""

from __future__ import annotations

import copy
import importlib
import os
import sys
from collections.abc import Iterable
from typing import Annotated, NoReturn

import typer

import rulebook
from cli.output import (
    DEBUG_VARIABLE,
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    JsonFlag,
    answers,
    emit_json,
    emit_ruling,
    internal_error,
    say_error,
)

#: Each game's command group and the module that holds it, in the registry's order.
GROUPS: dict[str, str] = {
    "clash": "cli.clash",
    "elestrals": "cli.elestrals",
    "elementals": "cli.elementals",
    "spellfire": "cli.spellfire",
    "elephants": "cli.elephants",
}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulebook {rulebook.__version__}")
        raise typer.Exit()


def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Rules reference and rules assistant for five elemental games. Every answer cites its rules.

    Every query takes --json. Exit codes: 0 when the query is answered (an "illegal" verdict is an
    answer); 1 when a check fails (`replay --check` finds an illegal log); 2 for bad input, with a
    one-line message on standard error; 3 for an internal error (a bug; RULEBOOK_DEBUG=1 shows the
    traceback); 130 when interrupted.
    """


@answers
def games(as_json: JsonFlag = False) -> None:
    """List the encoded games, with their IDs, sources and record counts."""
    rows = [
        {"id": g.id, "name": g.name, "kind": g.kind, "source": g.source, "records": len(rulebook.rules(g.id))}
        for g in rulebook.games()
    ]
    if as_json:
        emit_json({"schema": "rulebook.games/1", "games": rows})
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("ID", "Game", "Kind", "Records", "Source")
    for r in rows:
        table.add_row(r["id"], r["name"], r["kind"], str(r["records"]), r["source"])
    Console().print(table)


@answers
def rules(
    game: Annotated[str, typer.Argument(help="Game ID, as `rulebook games` lists it (e.g. clash).")],
    kind: Annotated[
        str | None,
        typer.Option(help="Only records of this kind: rule, clarification, interpretation, erratum, glossary."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List a game's records: ID, kind, title and the section they cite."""
    ruleset = rulebook.rules(rulebook.game(game).id)
    records = ruleset.of_kind(kind) if kind else list(ruleset)
    if as_json:
        emit_json({"schema": "rulebook.records/1", "game": ruleset.game, "records": [r.to_dict() for r in records]})
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ruleset.name}: {len(records)} records")
    table.add_column("ID", no_wrap=True)
    for column in ("Kind", "Title", "Cites"):
        table.add_column(column)
    for r in records:
        table.add_row(r.id, r.kind, r.title, r.citation.section)
    Console().print(table)


@answers
def rule(
    rule_id: Annotated[str, typer.Argument(metavar="ID", help="A rule ID, e.g. clash.attack.tie.")],
    as_json: JsonFlag = False,
) -> None:
    """Show one record in full: its text, kind, citation, option choices and related records."""
    rec = rulebook.rule(rule_id)
    if as_json:
        from rulebook.coverage import load_map

        emit_json({"schema": "rulebook.record/1", **rec.to_dict(), "exercised_by": load_map().get(rec.id, [])})
        return
    typer.echo(f"{rec.id}  ({rec.kind})\n{rec.title}\n\n{rec.text}\n\nsource: {rec.citation}")
    if rec.option:
        typer.echo(f"option {rec.option.name} (default {rec.option.default}):")
        for value, meaning in rec.option.choices.items():
            typer.echo(f"  {value}: {meaning}")
    if rec.see:
        typer.echo("see also: " + ", ".join(rec.see))
    if rec.overrides:
        typer.echo("overrides: " + ", ".join(rec.overrides))
    overridden = rulebook.rules(rec.game).overridden_by(rec.id)
    if overridden:
        typer.echo("overridden by: " + ", ".join(overridden))
    from rulebook.coverage import load_map, scenario_label

    tests = load_map().get(rec.id, [])
    typer.echo(f"exercised by {len(tests)} passing scenario{'s' if len(tests) != 1 else ''}")
    for test in tests[:5]:
        typer.echo(f"  {scenario_label(test)}")
    if len(tests) > 5:
        typer.echo(f"  ... and {len(tests) - 5} more (rulebook coverage {rec.game} --json)")


@answers
def coverage(
    game: Annotated[str | None, typer.Argument(help="Only this game (default: every game).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Show which records the passing scenarios and tests exercise, and which they miss.

    The map is derived from the rule IDs that verdicts cite while the test suite runs.
    """
    from rulebook.coverage import report

    data = report(rulebook.game(game).id if game else None)
    if as_json:
        emit_json(data)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Passing scenarios that cite each record")
    table.add_column("ID", no_wrap=True)
    table.add_column("Kind", no_wrap=True)
    table.add_column("Scenarios", justify="right")
    for row in data["records"]:
        table.add_row(row["id"], row["kind"], str(row["scenarios"]) if row["scenarios"] else "[red]0[/red]")
    console = Console()
    console.print(table)
    for gid, counts in data["games"].items():
        console.print(f"{gid}: {counts['covered']} of {counts['normative']} normative records exercised")
    if data["uncovered"]:
        console.print("not exercised: " + ", ".join(data["uncovered"]))


@answers
def compare(
    option: Annotated[str, typer.Argument(help="A rules option, e.g. gale-defends (see `rulebook rule ID`).")],
    game: Annotated[str | None, typer.Option(help="The game, when several have an option of that name.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Replay a game's scenarios under each choice of an option, and show which answers change and how."""
    from rulebook.compare import compare as run_compare

    ruling = run_compare(option, game)
    if as_json:
        emit_ruling(ruling.value["game"], "compare", {"option": option, "game": game}, ruling, True)
        return
    value = ruling.value
    typer.echo(ruling.verdict)
    typer.echo(f"option record: {value['record']}")
    for case in value["changed"]:
        typer.echo(f"\n* {case['name']}")
        labels = {c: f"{c} (default):" if c == value["default"] else f"{c}:" for c in case["answers"]}
        width = max(map(len, labels.values()))
        for choice, answer in case["answers"].items():
            typer.echo(f"    {labels[choice]:<{width}} {answer}")


@answers
def search(
    query: Annotated[str, typer.Argument(help="Words (e.g. 'fortify tie') or a rule ID or ID prefix.")],
    game: Annotated[str | None, typer.Option(help="Only this game's records.")] = None,
    limit: Annotated[int, typer.Option(help="How many results at most.")] = 10,
    as_json: JsonFlag = False,
) -> None:
    """Find rulings by words or rule ID: ranked results with a highlighted snippet and the citation."""
    from rulebook.search import HIGHLIGHT
    from rulebook.search import search as run_search

    hits = run_search(query, game, limit)
    if as_json:
        emit_json({"schema": "rulebook.search/1", "query": query, "game": game, "hits": [h.to_dict() for h in hits]})
        return
    if not hits:
        typer.echo(f"no record matches {query!r}")
        return
    for n, hit in enumerate(hits, 1):
        snippet = hit.snippet.replace(HIGHLIGHT[0], "\x1b[1m").replace(HIGHLIGHT[1], "\x1b[22m")
        typer.echo(f"{n}. {hit.id}  ({hit.kind})  {hit.title}")
        typer.echo(f"   {snippet}")
        typer.echo(f"   {hit.citation}")


@answers
def ask(
    question: Annotated[str, typer.Argument(help="A question in plain English, in quotes.")],
    game: Annotated[str | None, typer.Option(help="Only this game's rulings and calculators.")] = None,
    limit: Annotated[int, typer.Option(help="How many rulings at most: the best and the related ones.")] = 3,
    as_json: JsonFlag = False,
) -> None:
    """Ask a question: the computed answer where one fits, else the ruling that covers it, in full."""
    from rulebook.ask import ask as run_ask
    from rulebook.ask import render

    ruling = run_ask(question, limit, game)
    if as_json:
        emit_ruling(game, "ask", {"question": question, "game": game}, ruling, True)
        return
    typer.echo(render(ruling))
    if ruling.rules:
        import textwrap

        from cli.output import WRAP, notes_for

        typer.echo("rules: " + ", ".join(ruling.rules))
        for note in notes_for(ruling.rules):
            typer.echo(f"{note['kind']} {note['id']}: {note['title']}.")
            typer.echo(textwrap.fill(note["text"], width=WRAP, initial_indent="  ", subsequent_indent="  "))


#: The top-level commands, in the order `rulebook --help` lists them.
COMMANDS = (games, rules, rule, search, ask, compare, coverage)


def make_app(groups: Iterable[str] = GROUPS, commands: Iterable[str] | bool = True, only: str = "") -> typer.Typer:
    """Build the `rulebook` app with the given game groups and top-level commands (all, or those named).

    ``only`` keeps, within the groups, just the subcommand of that name (when it exists).
    """
    built = typer.Typer(
        name="rulebook",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="markdown",
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    built.callback()(main)
    wanted = {c.__name__ for c in COMMANDS} if commands is True else set(commands or ())
    for command in COMMANDS:
        if command.__name__ in wanted:
            built.command()(command)
    for name in groups:
        group = importlib.import_module(GROUPS[name]).app
        if only:
            lean = copy.copy(group)
            lean.registered_commands = [c for c in group.registered_commands if _command_name(c) == only]
            group = lean if lean.registered_commands else group
        built.add_typer(group, name=name)
    return built


def _command_name(info: typer.models.CommandInfo) -> str:
    return info.name or info.callback.__name__.replace("_", "-")


def __getattr__(name: str) -> typer.Typer:
    # `app`, the whole command (every group and command), is built on first use: by the tests, by
    # `typer cli.main utils docs`, and by `rulebook --help`.
    if name == "app":
        globals()["app"] = built = make_app()
        return built
    raise AttributeError(f"module 'cli.main' has no attribute {name!r}")


def __dir__() -> list[str]:
    # Lists `app` too, so that `typer cli.main utils docs` finds it.
    return [*globals(), "app"]


def run() -> None:
    """Entry point of the ``rulebook`` console script.

    Typer turns every registered command into a Click command on each run, so a query builds only
    what it needs: a game's query builds that one command of that game's group, a top-level command
    only itself. Help and anything unrecognised get the whole app, so errors and suggestions are the
    same as ever.
    """
    first = sys.argv[1] if len(sys.argv) > 1 else ""
    second = sys.argv[2] if len(sys.argv) > 2 else ""
    if first in GROUPS:
        built = make_app([first], commands=False, only=second)
    elif first in {c.__name__ for c in COMMANDS}:
        built = make_app([], commands=[first])
    else:
        built = make_app()
    try:
        code = built(prog_name="rulebook", standalone_mode=False)
    except typer.Abort:
        _leave("interrupted", EXIT_INTERRUPTED)
    except typer.TyperException as err:
        # A usage error (missing argument, unknown option or command): one line, naming where help is.
        # A group called with no command has already printed its usage; it has nothing to add.
        context = getattr(err, "ctx", None)
        where = context.command_path if context is not None else "rulebook"
        message = err.format_message() if hasattr(err, "format_message") else str(err)
        code = getattr(err, "exit_code", EXIT_BAD_INPUT)
        if message.strip():
            say_error(f"error: {message} (see '{where} --help')")
        sys.exit(code)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except KeyboardInterrupt:
        _leave("interrupted", EXIT_INTERRUPTED)
    except (Exception, RecursionError, MemoryError) as err:
        # Outside any command (parsing, callbacks): the same boundary as `answers`.
        if os.environ.get(DEBUG_VARIABLE) == "1":
            raise
        _leave(internal_error(err), EXIT_INTERNAL)
    sys.exit(code if isinstance(code, int) else 0)


def _leave(message: str, code: int) -> NoReturn:
    say_error(message)
    sys.exit(code)
