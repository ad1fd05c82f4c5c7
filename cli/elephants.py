"""``rulebook elephants``: Elemental Elephants rulings (clash order, advancing, Gravitate, Clap, effects)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.output import JsonFlag, answers, emit_json, emit_ruling, option_flag, parse_options, read_text

if TYPE_CHECKING:
    from rulebook.elephants import Board

app = typer.Typer(
    help="Elemental Elephants: the order a clash resolves in, and what may advance, move or be cancelled.",
    no_args_is_help=True,
)

SPELL_HELP = (
    "OWNER:NAME, with optional @CLASH and /FLAG suffixes, e.g. P1:stupefy, P2:break/cancelled, P1:slumber@1/advanced"
)
BoardArg = Annotated[
    list[str] | None,
    typer.Argument(metavar="SPELL", help=f"The other spells on the board, {SPELL_HELP}.", show_default=False),
]
ClashFlag = Annotated[str, typer.Option("--clash", "-c", help="The current clash: 1 to 4 (or I to IV).")]
RingleaderFlag = Annotated[
    str | None,
    typer.Option("--ringleader", "-r", help="The Ringleader (default P1); turn order runs from them round the seats."),
]
TurnOrderFlag = Annotated[
    str | None,
    typer.Option(
        "--turn-order", "-t", metavar="P2,P3,P1", help="The whole turn order, Ringleader first, instead of seats."
    ),
]
PlayersFlag = Annotated[
    int | None, typer.Option(help="Number of players (default: the highest player named, at least 2).")
]
RoundFlag = Annotated[
    str | None,
    typer.Option("--round", help="A round file (TOML) giving the board instead of spells on the command line."),
]
EarlierFlag = Annotated[
    list[str] | None,
    typer.Option("--earlier", metavar="SPELL", help="A spell that resolved earlier this round, repeatable."),
]
HealthFlag = Annotated[
    list[str] | None, typer.Option("--health", metavar="PLAYER=N", help="A player's health, repeatable (default 5).")
]
OptionFlag = option_flag("elephants")


def _health(pairs: list[str] | None) -> dict[str, int]:
    from rulebook.errors import InvalidInputError

    found: dict[str, int] = {}
    for pair in pairs or []:
        who, sep, value = pair.partition("=")
        if not sep or not value.strip().isdigit():
            raise InvalidInputError(f"health {pair!r} must be written PLAYER=N, e.g. P2=1")
        found[who.strip()] = int(value)
    return found


def _board(
    spells: list[str] | None,
    subject: str | None,
    clash: str,
    ringleader: str | None,
    turn_order: str | None,
    players: int | None,
    round_file: str | None,
    earlier: list[str] | None,
    health: list[str] | None,
    option: list[str] | None,
) -> Board:
    from rulebook import elephants
    from rulebook.errors import InvalidInputError

    if round_file is not None:
        if spells:
            raise InvalidInputError(
                "give the board either as spells on the command line or as a --round file, not both"
            )
        return elephants.parse_board(read_text(round_file))
    tokens = ([subject] if subject else []) + list(spells or [])
    if not tokens:
        raise InvalidInputError(f"give the spells of the clash ({SPELL_HELP}) or a --round file")
    return elephants.board(
        tokens,
        clash=clash,
        ringleader=ringleader,
        turn_order=turn_order,
        players=players,
        history=earlier or [],
        health=_health(health),
        options=parse_options(option),
    )


def _given(**kwargs: Any) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v not in (None, [], False)}


@app.command()
@answers
def order(
    spells: Annotated[
        list[str] | None,
        typer.Argument(metavar="SPELL", help=f"The spells of the clash, {SPELL_HELP}.", show_default=False),
    ] = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """The order in which a clash's spells resolve, with the reason for each place.

    Example: rulebook elephants order P1:stupefy P2:break P1:accelerator
    """
    from rulebook import elephants

    b = _board(spells, None, clash, ringleader, turn_order, players, round_file, None, None, option)
    given = _given(
        spells=spells, clash=clash, ringleader=ringleader, turn_order=turn_order, players=players, round=round_file
    )
    emit_ruling("elephants", "order", given, elephants.order(b), as_json)


@app.command()
@answers
def resolve(
    spells: Annotated[
        list[str] | None,
        typer.Argument(metavar="SPELL", help=f"The spells of the clash, {SPELL_HELP}.", show_default=False),
    ] = None,
    choose: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SPELL=CHOICE",
            help=(
                "A player's choice, repeatable: P1:clap=P2:break,P3:root (Clap's targets); "
                "'P1:gravitate=P2:stupefy>4' (Gravitate's move); P1:turbulence=P3 (Turbulence's enemy)."
            ),
        ),
    ] = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    earlier: EarlierFlag = None,
    health: HealthFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Play out a clash: each spell resolves in turn on the board as it then stands, then the advance phase.

    Example: rulebook elephants resolve P1:stupefy P2:ritual P2:starfall P1:slumber --clash 2
    """
    from rulebook import elephants
    from rulebook.errors import InvalidInputError

    b = _board(spells, None, clash, ringleader, turn_order, players, round_file, earlier, health, option)
    chosen: dict[str, str] = {}
    for pair in choose or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise InvalidInputError(f"choice {pair!r} must be written SPELL=CHOICE, e.g. P1:clap=P2:break")
        chosen[key.strip()] = value.strip()
    ruling = elephants.resolve_clash(b, chosen)
    given = _given(spells=spells, choose=chosen, clash=clash, round=round_file, earlier=earlier, health=health)
    emit_ruling("elephants", "resolve", given, ruling, as_json)


@app.command("round")
@answers
def round_(
    plan: Annotated[
        str, typer.Argument(metavar="PLAN", help="A round plan (TOML): one [[clash]] per clash; '-' reads stdin.")
    ],
    as_json: JsonFlag = False,
) -> None:
    """Play a whole round from a plan: the spells laid in each clash and the players' choices.

    Example: rulebook elephants round examples/elephants/round.toml
    """
    from rulebook import elephants

    p = elephants.parse_round(read_text(plan))
    ruling = elephants.play_round(
        p["clashes"],
        p["choose"],
        ringleader=p["ringleader"],
        turn_order=p["turn_order"],
        players=p["players"],
        health=p["health"],
        options=p["options"],
    )
    emit_ruling("elephants", "round", {"plan": plan}, ruling, as_json)


@app.command("can-advance")
@answers
def can_advance(
    spell: Annotated[str, typer.Argument(help=f"The spell asked about (it is on the board), {SPELL_HELP}.")],
    board: BoardArg = None,
    by: Annotated[str | None, typer.Option(help="Another spell doing the advancing (Clap), e.g. P1:clap.")] = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    health: HealthFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Can this spell advance now? Cancelled or moved, Clash IV, Break, once a round, Clap and Enfeeble's conditions.

    Example: rulebook elephants can-advance P1:starfall P2:break --clash 2
    """
    from rulebook import elephants

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, None, health, option)
    ruling = elephants.can_advance(b, spell, by=by)
    emit_ruling("elephants", "can-advance", _given(spell=spell, board=board, by=by, clash=clash), ruling, as_json)


@app.command("can-move")
@answers
def can_move(
    spell: Annotated[str, typer.Argument(help=f"The spell to move (it is on the board), {SPELL_HELP}.")],
    to: Annotated[str, typer.Option("--to", help="The clash to move it to: 1 to 4 (or I to IV).")],
    board: BoardArg = None,
    by: Annotated[str | None, typer.Option(help="The Gravitate doing the moving (default: the only one).")] = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Can Gravitate move this spell to that clash? Current clash to a later one, never in Clash IV.

    Example: rulebook elephants can-move P2:stupefy --to 4 P1:gravitate --clash 2
    """
    from rulebook import elephants

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, None, None, None)
    ruling = elephants.can_move(b, spell, to, by=by)
    emit_ruling("elephants", "can-move", _given(spell=spell, to=to, board=board, by=by, clash=clash), ruling, as_json)


@app.command("can-cancel")
@answers
def can_cancel(
    spell: Annotated[str, typer.Argument(help=f"The spell to cancel (it is on the board), {SPELL_HELP}.")],
    by: Annotated[str, typer.Option(help="The spell doing the cancelling, e.g. P1:clap.")],
    board: BoardArg = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Can this spell be cancelled (recalled, discarded) by that one? Root shields its owner's other spells.

    Example: rulebook elephants can-cancel P2:stupefy --by P1:clap P2:root
    """
    from rulebook import elephants

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, None, None, None)
    ruling = elephants.can_cancel(b, spell, by)
    emit_ruling("elephants", "can-cancel", _given(spell=spell, by=by, board=board, clash=clash), ruling, as_json)


@app.command("clap-targets")
@answers
def clap_targets(
    spells: Annotated[
        list[str] | None,
        typer.Argument(metavar="SPELL", help=f"The spells of the clash, {SPELL_HELP}.", show_default=False),
    ] = None,
    clap: Annotated[str | None, typer.Option(help="The Clap asked about (default: the only one).")] = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Which spells Clap may cancel: one of each enemy with two or more active spells, Root permitting.

    Example: rulebook elephants clap-targets P1:clap P2:stupefy P2:break P3:root
    """
    from rulebook import elephants

    b = _board(spells, None, clash, ringleader, turn_order, players, round_file, None, None, None)
    ruling = elephants.clap_targets(b, clap)
    emit_ruling("elephants", "clap-targets", _given(spells=spells, clap=clap, clash=clash), ruling, as_json)


@app.command()
@answers
def effect(
    spell: Annotated[str, typer.Argument(help="The spell resolving now: Stupefy, Turbulence, Enfeeble or Clap.")],
    board: BoardArg = None,
    clash: ClashFlag = "1",
    ringleader: RingleaderFlag = None,
    turn_order: TurnOrderFlag = None,
    players: PlayersFlag = None,
    round_file: RoundFlag = None,
    earlier: EarlierFlag = None,
    health: HealthFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """What a spell does as it resolves now, effect by effect, and whether it will advance.

    Example: rulebook elephants effect P1:stupefy P2:offering P3:ritual --health P3=1
    """
    from rulebook import elephants

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, earlier, health, option)
    ruling = elephants.effect(b, spell)
    given = _given(spell=spell, board=board, clash=clash, earlier=earlier, health=health, options=parse_options(option))
    emit_ruling("elephants", "effect", given, ruling, as_json)


@app.command()
@answers
def optional(
    spell: Annotated[str, typer.Argument(help="Illuminate, Electrocute, Offering, Ritual or Overexert.")],
    choice: Annotated[str, typer.Argument(help="pass or use; for Illuminate, how many extra spells (0 to 2).")],
    own_spells: Annotated[
        int | None, typer.Option(help="Electrocute: how many of your own spells you could discard.")
    ] = None,
    hand: Annotated[int | None, typer.Option(help="Illuminate: how many spells are in your hand.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """May the owner of an optional spell make this choice (Illuminate, Electrocute, Blood spells)?

    Example: rulebook elephants optional electrocute use --own-spells 0
    """
    from rulebook import elephants

    ruling = elephants.optional_effect(spell, choice, own_spells=own_spells, hand=hand)
    given = _given(spell=spell, choice=choice, own_spells=own_spells, hand=hand)
    emit_ruling("elephants", "optional", given, ruling, as_json)


@app.command("end-round")
@answers
def end_round(
    hand: Annotated[int, typer.Option(help="Spells in hand when the round ends.")],
    kept: Annotated[int | None, typer.Option(help="Spells kept in the keep-or-discard step (default: all).")] = None,
    trunks_lost: Annotated[int, typer.Option(help="The player's destroyed trunks.")] = 0,
    draft: Annotated[
        bool | None, typer.Option("--draft/--no-draft", help="Draft a new set after discarding the whole hand.")
    ] = None,
    set_size: Annotated[int | None, typer.Option(help="Spells in the new set (default 3).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """A player's hand at the end of the round: a new spell set or not, and how many spells to recall.

    Example: rulebook elephants end-round --hand 0 --trunks-lost 1
    """
    from rulebook import elephants

    ruling = elephants.end_of_round(hand, kept=kept, trunks_lost=trunks_lost, draft=draft, set_size=set_size)
    given = _given(hand=hand, kept=kept, trunks_lost=trunks_lost, draft=draft, set_size=set_size)
    emit_ruling("elephants", "end-round", given, ruling, as_json)


@app.command()
@answers
def spells(as_json: JsonFlag = False) -> None:
    """The spells the sheet names: set, priority, types and advance icon."""
    from rulebook import elephants

    rows = elephants.spells_table()
    if as_json:
        emit_json({"schema": "rulebook.elephants.spells/1", "spells": rows})
        return
    for r in rows:
        types = ", ".join(r["types"]) or "-"
        typer.echo(f"{r['spell']:<12} {r['set']:<10} {r['priority']!s:<2} {types:<26} {r['advance'] or '-'}")
