"""``rulebook clash``: Elemental Clash queries (one attack; a whole move log; the solved game and move advice)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from cli.output import (
    EXIT_CHECK_FAILED,
    JsonFlag,
    VerboseFlag,
    answers,
    emit_notes,
    emit_rules,
    emit_ruling,
    emit_steps,
    fitted,
    notes_for,
    option_flag,
    parse_options,
    progress,
    read_text,
    until_interrupted,
)
from rulebook.errors import IllegalActionError

if TYPE_CHECKING:
    from rulebook.clash import ClashState

app = typer.Typer(
    help="Elemental Clash: judge one attack, or replay and validate a whole move log.",
    no_args_is_help=True,
)

OptionFlag = option_flag("clash")
PositionFlag = Annotated[
    str | None,
    typer.Option(
        "--at",
        metavar="POSITION",
        help="A position written on one line, 'P1: earth* ether / P2: fire air / P1 to move / turn 5' (* marks a "
        "spent ability; an element not listed is eliminated, and -fire* lists an eliminated Fire whose Blaze was "
        "spent; the turn may be left out). position --json writes a position this way ('written').",
    ),
]


@app.command()
@answers
def attack(
    attacker: Annotated[
        str, typer.Argument(metavar="ATTACKER", help="Your attacking element; add + to use its ability (fire+).")
    ],
    target: Annotated[
        str, typer.Argument(metavar="TARGET", help="The enemy element attacked; add + if it uses its ability (water+).")
    ],
    log: Annotated[
        str | None,
        typer.Option(
            metavar="FILE", help="A move-log file to play first: the attack is judged in the position it reaches."
        ),
    ] = None,
    at: PositionFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Judge one attack: is it legal, what is eliminated, and which rules decide it.

    Example: rulebook clash attack fire+ water+
    """
    from rulebook import clash

    opts = parse_options(option)
    turn = clash.parse_turn(f"{attacker} > {target}")
    given = {"attacker": attacker, "target": target, "log": log, "position": at, "options": opts}
    state = _position(log, opts, "attack", given, as_json, verbose, at)
    if state is not None:
        emit_ruling("clash", "attack", given, clash.resolve_attack(state, turn), as_json, verbose)


@app.command()
@answers
def position(
    log: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="A move-log file to play first; without it, the opening position."),
    ] = None,
    at: PositionFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Describe a position: both sides, whose move it is, the legal moves, and the score if the game is over.

    Example: rulebook clash position --at 'P1: earth* ether / P2: fire air'
    """
    from rulebook import clash

    opts = parse_options(option)
    given = {"log": log, "position": at, "options": opts}
    state = _position(log, opts, "position", given, as_json, verbose, at)
    if state is not None:
        emit_ruling("clash", "position", given, clash.describe(state), as_json, verbose)


def _position(
    log: str | None,
    opts: dict[str, str],
    query: str,
    given: dict,
    as_json: bool,
    verbose: bool = False,
    at: str | None = None,
) -> ClashState | None:
    """The position written with ``--at``, or after ``log``, or the opening; an illegal log is answered with its
    replay and gives None."""
    from rulebook import clash
    from rulebook.errors import InvalidInputError

    if at is not None:
        if log is not None:
            raise InvalidInputError("give a position (--at) or a move log (--log), not both")
        return parse_position(at, opts)
    if log is None:
        return clash.new_game(opts)
    text = read_text(log)
    try:
        return clash.state_after(text, opts)
    except IllegalActionError:
        emit_ruling("clash", query, given, clash.replay(text, opts), as_json, verbose)
        return None


@app.command()
@answers
def replay(
    files: Annotated[list[str], typer.Argument(metavar="LOG...", help="Move-log files ('-' reads standard input).")],
    option: OptionFlag = None,
    check: Annotated[bool, typer.Option("--check", help="Exit with code 1 if any log has an illegal turn.")] = False,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
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
        emit_ruling("clash", "replay", {"log": path, "options": opts}, ruling, as_json, verbose)
    if len(rulings) > 1:
        if not as_json:
            typer.echo("== series")
        total = clash.series([r for _, r in rulings])
        emit_ruling("clash", "series", {"logs": files, "options": opts}, total, as_json, verbose)
    if check and not all(r.legal for _, r in rulings):
        raise typer.Exit(EXIT_CHECK_FAILED)


POSITION_FORMAT = (
    "'P1: ELEMENTS / P2: ELEMENTS / P1 to move / turn 5' (e.g. 'P1: earth* ether fire* / P2: fire earth / P2 to move'; "
    "the mover and the turn may be left out)"
)


def parse_position(text: str, options: dict[str, str] | None = None):  # -> clash.ClashState
    """Read a position written on one line: each side's elements in play, and who moves.

    ``P1: earth* ether fire* / P2: fire earth / P2 to move``: parts are separated by ``/``; a side lists
    its elements in play (``*`` marks a spent ability, ``-fire*`` an eliminated element whose ability is
    spent); an element not listed is eliminated. ``turn 5`` gives the turn number, which the mover must fit
    (P1 moves on odd turns); the mover may be left out (P1 moves, or the turn says who), and so may the turn
    (the mover's first turn, 1 or 2). `position --json` writes any position this way (``written``).
    """
    from rulebook import clash
    from rulebook.errors import InvalidInputError
    from rulebook.reading import number

    sides: dict[str, str] = {}
    mover: str | None = None
    turn: int | None = None
    for raw in text.split("/"):
        part = raw.strip()
        head, colon, rest = part.partition(":")
        words = part.split()
        if len(words) == 2 and words[0].lower() == "turn":
            if turn is not None:
                raise InvalidInputError(f"position {text!r}: the turn is given twice; write {POSITION_FORMAT}")
            turn = number(words[1], "the turn", low=1, high=99)
        elif colon and head.strip().upper() in clash.PLAYERS:
            player = head.strip().upper()
            if player in sides:
                raise InvalidInputError(f"position {text!r}: {player}'s side is given twice; write {POSITION_FORMAT}")
            sides[player] = rest
        elif len(words) == 3 and words[0].upper() in clash.PLAYERS and [w.lower() for w in words[1:]] == ["to", "move"]:
            mover = words[0].upper()
        elif len(words) == 3 and [w.lower() for w in words[1:]] == ["to", "move"]:
            raise InvalidInputError(
                f"position {text!r}: {words[0]!r} cannot be to move: Elemental Clash has two players, P1 and P2"
            )
        else:
            raise InvalidInputError(f"position {text!r}: cannot read {part!r}; write {POSITION_FORMAT}")
    missing = [p for p in clash.PLAYERS if p not in sides]
    if missing:
        raise InvalidInputError(
            f"position {text!r}: {' and '.join(missing)}'s side is missing; write {POSITION_FORMAT}"
        )
    if mover is None:  # the turn alone tells who moves: P1 on odd turns, P2 on even ones
        mover = "P1" if turn is None or turn % 2 == 1 else "P2"
    if turn is not None and (turn - 1) % 2 != clash.PLAYERS.index(mover):
        raise InvalidInputError(
            f"position {text!r}: turn {turn} is not {mover}'s: P1 moves first and turns alternate, so P1 moves on "
            "odd turns and P2 on even ones"
        )
    return clash.position(sides["P1"], sides["P2"], to_move=mover, options=options, turn=turn)


@app.command()
@answers
def solve(
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="Solve only under the option combinations with this value, repeatable (default: all 12).",
        ),
    ] = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Solve the game: the value of the opening position for P1 under every rules reading.

    For each combination of the rules options: win, draw or loss for P1 with perfect play, the number
    of positions searched and the time. Example: rulebook clash solve -o gale-defends=yes
    """
    from rulebook.clash import solver as clash_solver

    opts = parse_options(option)
    total = len(clash_solver.combinations(opts))
    with progress("Solving Elemental Clash under every rules reading (about a second)..."):
        so_far = until_interrupted(clash_solver.solve_each(opts))
    ruling = clash_solver.solved(so_far.done, of=total)
    stopped = f"solved under {len(so_far.done)} of {total} rules readings"
    if as_json:
        emit_ruling("clash", "solve", {"options": opts}, ruling, as_json, verbose)
        so_far.finish(stopped)
        return
    readings = len(ruling.value["results"])
    typer.echo(fitted(ruling.verdict))
    emit_steps(ruling.trace[:1])
    typer.echo("P1's result under each rules reading (positions searched):")
    emit_steps(ruling.trace[1 : 1 + readings])
    typer.echo(f"  (solved in {ruling.value['seconds']:.2f} s, {ruling.value['positions']:,} positions in all)")
    typer.echo("The rules options behind the readings:")
    emit_steps(ruling.trace[1 + readings :])
    emit_rules(ruling.rules)
    emit_notes(notes_for(ruling.rules, opts), verbose)  # an option fixed by -o: its note says so
    so_far.finish(stopped)


@app.command()
@answers
def advise(
    position: Annotated[
        str | None,
        typer.Argument(
            metavar="POSITION",
            help=f"A position, {POSITION_FORMAT}; -fire* lists an eliminated Fire whose Blaze was spent. Default: the "
            "opening position, or the end of --log.",
        ),
    ] = None,
    log: Annotated[
        str | None,
        typer.Option(
            metavar="FILE", help="A move-log file ('-' reads standard input): advise in the position it reaches."
        ),
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Advise a move: every legal move with its exact value (win, draw, loss), and a line of perfect play.

    Example: rulebook clash advise 'P1: earth air / P2: earth'
    """
    from rulebook import clash
    from rulebook.clash import solver as clash_solver
    from rulebook.errors import InvalidInputError

    opts = parse_options(option)
    if position is not None and log is not None:
        raise InvalidInputError("give a position or --log, not both")
    state = parse_position(position, opts) if position is not None else clash.new_game(opts)
    if log is not None:
        text = read_text(log)
        played = clash.replay(text, opts)
        if not played.legal:
            emit_ruling("clash", "advise", {"log": log, "options": opts}, played, as_json, verbose)
            return
        for _, turn in clash.parse_log(text):
            state = clash.play(state, turn)[0]
    solver = clash_solver.Solver(state.options)
    with progress("Searching every line of play..."):
        so_far = until_interrupted(clash_solver.move_values(state, solver))
    ruling = clash_solver.advise(state, solver, so_far.done)
    stopped = f"{len(so_far.done)} of {len(state.legal_actions())} moves valued"
    given = {"position": position, "log": log, "options": opts}
    moves = len(ruling.value["moves"])
    if as_json or not moves or so_far.interrupted:
        emit_ruling("clash", "advise", given, ruling, as_json, verbose)
        so_far.finish(stopped)
        return
    typer.echo(fitted(ruling.verdict))
    typer.echo("Every legal move, best first, with its value for the player to move:")
    emit_steps(ruling.trace[:moves])
    typer.echo("A line of perfect play from here:")
    emit_steps(ruling.trace[moves:])
    emit_rules(ruling.rules)
    emit_notes(notes_for(ruling.rules, opts), verbose)
