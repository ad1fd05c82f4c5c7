"""The ``rulebook`` command: games, their rules, and rulings you can trace.

Each game's queries live in their own module (``cli/clash.py``) and are mounted here as a group.
"""

from __future__ import annotations

from typing import Annotated

import typer

import rulebook
from cli import clash, elementals
from cli.output import JSON_HELP, answers, emit_json

app = typer.Typer(
    name="rulebook",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(clash.app, name="clash")
app.add_typer(elementals.app, name="elementals")

JsonFlag = Annotated[bool, typer.Option("--json", help=JSON_HELP)]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulebook {rulebook.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Rules reference and rules assistant for five elemental games. Every answer cites its rules.

    Every query takes --json. Exit codes: 0 when the query is answered (an "illegal" verdict is an
    answer); 1 when `clash replay --check` finds an illegal log; 2 for bad input, with a one-line
    message on standard error.
    """


@app.command()
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


@app.command()
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


@app.command()
@answers
def rule(
    rule_id: Annotated[str, typer.Argument(metavar="ID", help="A rule ID, e.g. clash.attack.tie.")],
    as_json: JsonFlag = False,
) -> None:
    """Show one record in full: its text, kind, citation, option choices and related records."""
    rec = rulebook.rule(rule_id)
    if as_json:
        emit_json({"schema": "rulebook.record/1", **rec.to_dict()})
        return
    typer.echo(f"{rec.id}  ({rec.kind})\n{rec.title}\n\n{rec.text}\n\nsource: {rec.citation}")
    if rec.option:
        typer.echo(f"option {rec.option.name} (default {rec.option.default}):")
        for value, meaning in rec.option.choices.items():
            typer.echo(f"  {value}: {meaning}")
    if rec.see:
        typer.echo("see also: " + ", ".join(rec.see))


def run() -> None:
    """Entry point of the ``rulebook`` console script."""
    app()
