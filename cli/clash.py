"""``rulebook clash``: Elemental Clash queries (one attack; a whole move log)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from cli.output import EXIT_CHECK_FAILED, JSON_HELP, answers, emit_ruling, parse_options, read_text
from rulebook.errors import IllegalActionError

if TYPE_CHECKING:
    from rulebook.clash import ClashState

app = typer.Typer(
    help="Elemental Clash: judge one attack, or replay and validate a whole move log.",
    no_args_is_help=True,
)

OptionFlag = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="A rules option, repeatable (see `rulebook rules clash --kind interpretation`).",
    ),
]
JsonFlag = Annotated[bool, typer.Option("--json", help=JSON_HELP)]


@app.command()
@answers
def attack(
    attacker: Annotated[str, typer.Argument(help="Your attacking element; add + to use its ability (fire+).")],
    target: Annotated[str, typer.Argument(help="The enemy element attacked; add + if it uses its ability (water+).")],
    log: Annotated[
        str | None,
        typer.Option(help="A move-log file to play first: the attack is judged in the position it reaches."),
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Judge one attack: is it legal, what is eliminated, and which rules decide it.

    Example: rulebook clash attack fire+ water+
    """
    from rulebook import clash

    opts = parse_options(option)
    turn = clash.parse_turn(f"{attacker} > {target}")
    given = {"attacker": attacker, "target": target, "log": log, "options": opts}
    state = _position(log, opts, "attack", given, as_json)
    if state is not None:
        emit_ruling("clash", "attack", given, clash.resolve_attack(state, turn), as_json)


@app.command()
@answers
def position(
    log: Annotated[
        str | None, typer.Option(help="A move-log file to play first; without it, the opening position.")
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Describe a position: both sides, whose move it is, the legal moves, and the score if the game is over."""
    from rulebook import clash

    opts = parse_options(option)
    given = {"log": log, "options": opts}
    state = _position(log, opts, "position", given, as_json)
    if state is not None:
        emit_ruling("clash", "position", given, clash.describe(state), as_json)


def _position(log: str | None, opts: dict[str, str], query: str, given: dict, as_json: bool) -> ClashState | None:
    """The position after ``log`` (or the opening); an illegal log is answered with its replay and gives None."""
    from rulebook import clash

    if log is None:
        return clash.new_game(opts)
    text = read_text(log)
    try:
        return clash.state_after(text, opts)
    except IllegalActionError:
        emit_ruling("clash", query, given, clash.replay(text, opts), as_json)
        return None


@app.command()
@answers
def replay(
    files: Annotated[list[str], typer.Argument(metavar="LOG...", help="Move-log files ('-' reads standard input).")],
    option: OptionFlag = None,
    check: Annotated[bool, typer.Option(help="Exit with code 1 if any log has an illegal turn.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Replay move logs turn by turn: each turn's outcome, or the first illegal turn and why.

    With several logs, also prints the cumulative score of the series.
    Log notation, one turn per line: `fire+ > water+` (+ marks an ability) or `revive fire`.
    """
    from rulebook import clash

    opts = parse_options(option)
    rulings = [(path, clash.replay(read_text(path), opts)) for path in files]
    for path, ruling in rulings:
        if len(rulings) > 1 and not as_json:
            typer.echo(f"== {path}")
        emit_ruling("clash", "replay", {"log": path, "options": opts}, ruling, as_json)
    if len(rulings) > 1:
        if not as_json:
            typer.echo("== series")
        total = clash.series([r for _, r in rulings])
        emit_ruling("clash", "series", {"logs": files, "options": opts}, total, as_json)
    if check and not all(r.legal for _, r in rulings):
        raise typer.Exit(EXIT_CHECK_FAILED)
