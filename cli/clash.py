"""``rulebook clash``: Elemental Clash queries (one attack; a whole move log)."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.output import EXIT_CHECK_FAILED, JSON_HELP, answers, emit_ruling, parse_options, read_text

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
    state = clash.new_game(opts)
    if log is not None:
        played = clash.replay(read_text(log), opts)
        if not played.legal:
            emit_ruling("clash", "attack", {"log": log}, played, as_json)
            return
        for _, turn in clash.parse_log(read_text(log)):
            state = clash.play(state, turn)[0]
    turn = clash.parse_turn(f"{attacker} > {target}")
    ruling = clash.resolve_attack(state, turn)
    given = {"attacker": attacker, "target": target, "log": log, "options": opts}
    emit_ruling("clash", "attack", given, ruling, as_json)


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
        totals = [0, 0]
        for _, ruling in rulings:
            for i, player in enumerate(clash.PLAYERS):
                totals[i] += (ruling.value.get("score") or {}).get(player, 0)
        if not as_json:
            typer.echo(f"== series: P1 {totals[0]} points, P2 {totals[1]} points (finished games only)")
    if check and not all(r.legal for _, r in rulings):
        raise typer.Exit(EXIT_CHECK_FAILED)
