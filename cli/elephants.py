"""``rulebook elephants``: Elemental Elephants rulings (clash order, advancing, Gravitate, Clap, every spell's
effect), whole clashes and rounds played out, and whole games: in the terminal against bots, by simulation,
and replayed from a log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.elephants_report import simulation_ruling, spell_table
from cli.output import (
    EXIT_CHECK_FAILED,
    EXIT_INTERRUPTED,
    JsonFlag,
    answers,
    emit_json,
    emit_ruling,
    fail,
    fitted,
    option_flag,
    parse_options,
    read_line,
    read_text,
)

if TYPE_CHECKING:
    from rulebook.elephants import Board

app = typer.Typer(
    help=(
        "Elemental Elephants: the order a clash resolves in, what may advance, move or be cancelled, what "
        "each spell does; whole clashes, rounds and games."
    ),
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
    int | None, typer.Option(min=2, max=9, help="Number of players (default: the highest player named, at least 2).")
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
    """``--health PLAYER=N`` pairs: the player's name is checked first, then the number."""
    from rulebook.elephants.tables import player_name
    from rulebook.errors import InvalidInputError
    from rulebook.reading import number, shown

    found: dict[str, int] = {}
    for pair in (pairs or [])[:9]:
        who, sep, value = pair.partition("=")
        if not sep:
            raise InvalidInputError(f"health {shown(pair[:40])!r} must be written PLAYER=N, e.g. P2=1")
        name = player_name(who)
        found[name] = number(value, f"the health of {name}", low=1, high=99)
    if pairs and len(pairs) > 9:
        raise InvalidInputError(f"--health is given {len(pairs)} times; a game has at most 9 players")
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
    extra: str | None = None,
) -> Board:
    from rulebook import elephants
    from rulebook.errors import InvalidInputError

    if round_file is not None:
        if spells:
            raise InvalidInputError(
                "give the board either as spells on the command line or as a --round file, not both"
            )
        if earlier or health:
            raise InvalidInputError(
                "give the spells resolved earlier and the players' health either in the --round file"
                " (resolved_earlier, [health]) or on the command line, not both"
            )
        b = elephants.parse_board(read_text(round_file))
        chosen = parse_options(option)
        if not chosen:
            return b
        from dataclasses import replace

        from rulebook import rules

        # -o plays the round file's board by another reading: the file's own [options], then these over them.
        return replace(b, options=rules("elephants").options({**b.options.changed(), **chosen}))
    tokens = ([subject] if subject else []) + list(spells or [])
    if extra and _ref(extra) not in {_ref(t) for t in tokens}:
        tokens.append(extra)  # the spell named by --by is on the board too
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


def _ref(token: str) -> str:
    owner, _, name = token.strip().partition(":")
    return f"{owner.upper()}:{name.split('/')[0].split('@')[0].lower()}"


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

    Example: rulebook elephants order P1:stupefy P2:root P1:accelerator
    """
    from rulebook import elephants

    b = _board(spells, None, clash, ringleader, turn_order, players, round_file, None, None, option)
    given = _given(
        spells=spells,
        clash=clash,
        ringleader=ringleader,
        turn_order=turn_order,
        players=players,
        round=round_file,
        options=b.options.changed() or None,
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
    given = _given(
        spells=spells,
        choose=chosen,
        clash=clash,
        round=round_file,
        earlier=earlier,
        health=health,
        options=b.options.changed() or None,
    )
    emit_ruling("elephants", "resolve", given, ruling, as_json)


@app.command("round")
@answers
def round_(
    plan: Annotated[
        str, typer.Argument(metavar="PLAN", help="A round plan (TOML): one [[clash]] per clash; '-' reads stdin.")
    ],
    steps: Annotated[bool, typer.Option("--steps", help="Print every step of the round with its rule.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Play a whole round from a plan: the spells laid in each clash and the players' choices.

    Prints what each clash came to; --steps prints every step with the rule behind it.

    Example: rulebook elephants round examples/elephants/round.toml
    """
    from rulebook import elephants

    p = elephants.parse_round(read_text(plan, "round plan"))
    ruling = elephants.play_round(
        p["clashes"],
        p["choose"],
        ringleader=p["ringleader"],
        turn_order=p["turn_order"],
        players=p["players"],
        health=p["health"],
        options=p["options"],
    )
    if as_json or steps:
        emit_ruling("elephants", "round", {"plan": plan}, ruling, as_json)
        return
    import textwrap

    typer.echo(fitted(ruling.verdict))
    for value in ruling.value["clashes"]:
        typer.echo(textwrap.fill(elephants.clash_summary(value), 100, initial_indent="  ", subsequent_indent="    "))
    typer.echo("(--steps prints every step and the rule behind it)")


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

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, None, health, option, extra=by)
    ruling = elephants.can_advance(b, spell, by=by)
    given = _given(spell=spell, board=board, by=by, clash=clash, options=b.options.changed() or None)
    emit_ruling("elephants", "can-advance", given, ruling, as_json)


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

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, None, None, None, extra=by)
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

    The spell named by --by is on the board too (listing it again is fine).

    Example: rulebook elephants can-cancel P2:offering --by P1:clap P2:root
    """
    from rulebook import elephants

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, None, None, None, extra=by)
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

    Example: rulebook elephants clap-targets P1:clap P2:offering P2:ritual P3:root
    """
    from rulebook import elephants

    b = _board(spells, None, clash, ringleader, turn_order, players, round_file, None, None, None)
    ruling = elephants.clap_targets(b, clap)
    emit_ruling("elephants", "clap-targets", _given(spells=spells, clap=clap, clash=clash), ruling, as_json)


@app.command()
@answers
def effect(
    spell: Annotated[str, typer.Argument(help="The spell resolving now (any spell of the card list).")],
    board: BoardArg = None,
    choose: Annotated[
        str | None,
        typer.Option(
            metavar="CHOICES",
            help="The owner's choices, in the order the spell asks them: a target (P2, P2:root), use or pass, ...",
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
    """What a spell does as it resolves now, effect by effect: damage, heals, cancels, moves, trunks lost.

    Example: rulebook elephants effect P1:stupefy P2:offering P3:fireball --health P3=1
    """
    from rulebook import elephants

    b = _board(board, spell, clash, ringleader, turn_order, players, round_file, earlier, health, option)
    ruling = elephants.effect(b, spell, choose=choose)
    given = _given(
        spell=spell,
        board=board,
        choose=choose,
        clash=clash,
        earlier=earlier,
        health=health,
        options=b.options.changed(),
    )
    emit_ruling("elephants", "effect", given, ruling, as_json)


@app.command()
@answers
def optional(
    spell: Annotated[str, typer.Argument(help="Illuminate, Electrocute, Offering, Ritual or Overexert.")],
    choice: Annotated[str, typer.Argument(help="pass or use; for Illuminate, how many extra spells (0 to 2).")],
    own_spells: Annotated[
        int | None, typer.Option(min=0, max=99, help="Electrocute: how many of your own spells you could discard.")
    ] = None,
    hand: Annotated[
        int | None, typer.Option(min=0, max=99, help="Illuminate: how many spells are in your hand.")
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """May the owner of an optional spell make this choice (Illuminate, Electrocute, Blood spells)?

    Example: rulebook elephants optional electrocute use --own-spells 0
    """
    from rulebook import elephants

    opts = parse_options(option)
    ruling = elephants.optional_effect(spell, choice, own_spells=own_spells, hand=hand, options=opts)
    given = _given(spell=spell, choice=choice, own_spells=own_spells, hand=hand, options=opts or None)
    emit_ruling("elephants", "optional", given, ruling, as_json)


@app.command("end-round")
@answers
def end_round(
    hand: Annotated[int, typer.Option(min=0, max=99, help="Spells in hand when the round ends.")],
    kept: Annotated[
        int | None, typer.Option(min=0, max=99, help="Spells kept in the keep-or-discard step (default: all).")
    ] = None,
    trunks_lost: Annotated[
        int, typer.Option(min=0, max=2, help="The player's destroyed trunks (a third ends their game).")
    ] = 0,
    draft: Annotated[
        bool | None, typer.Option("--draft/--no-draft", help="Draft a new set after discarding the whole hand.")
    ] = None,
    set_size: Annotated[int | None, typer.Option(min=0, max=99, help="Spells in the new set (default 3).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """A player's hand at the end of the round: a new spell set or not, and how many spells to recall.

    Example: rulebook elephants end-round --hand 0 --trunks-lost 1
    """
    from rulebook import elephants

    ruling = elephants.end_of_round(hand, kept=kept, trunks_lost=trunks_lost, draft=draft, set_size=set_size)
    given = _given(hand=hand, kept=kept, trunks_lost=trunks_lost, draft=draft, set_size=set_size)
    emit_ruling("elephants", "end-round", given, ruling, as_json)


def _advance_words(icon: str) -> str:
    """A spell's advance icon in words ('' for none), as the spell list and a spell's card say it."""
    return {"": "", "self": "advances", "self-once": "advances once a round"}.get(icon, "advances on a condition")


@app.command()
@answers
def spells(
    element: Annotated[
        str | None, typer.Argument(metavar="SET", help="Only this set's spells (an element: Thunder, Fire...).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Every spell of the card list: set, priority, types, conjury, advance icon, and what it does.

    Example: rulebook elephants spells Thunder
    """
    import textwrap

    from rulebook import elephants
    from rulebook.errors import lookup

    rows = elephants.spells_table()
    if element is not None:
        wanted = lookup("set", element, [s.lower() for s in elephants.SETS])
        rows = [r for r in rows if r["set"].lower() == wanted]
    card = elephants.CARD_LIST
    if as_json:
        emit_json({"schema": "rulebook.elephants.spells/2", "card_list": dict(card), "spells": rows})
        return
    count = f"{len(rows)} spell{'s' if len(rows) != 1 else ''}"
    typer.echo(f"{count} of the card list of {card['follows']} ({card['source']}, commit {card['commit']})")
    for r in rows:
        marks = ", ".join([*(r["types"] or ["no type"]), *(["conjury"] if r["conjury"] else [])])
        icon = _advance_words(r["advance"])
        typer.echo(f"{r['spell']} ({r['set']}, priority {r['priority']}): {marks}{'; ' + icon if icon else ''}")
        typer.echo(textwrap.fill(r["text"], width=100, initial_indent="  ", subsequent_indent="  "))


# ---------------------------------------------------------------- whole games

PLAY_HELP = """moves:
  3             the option numbered 3 in the list (a spell set keeps its number through the draft)
  cast clap     an option written out, as listed
  info SPELL    the spell's card: its set, priority, types and what it does
  board         show the board again
  help          this text
  quit          stop the game (so does the end of input)"""

#: How a hand writes a spell, told once the first time the hand is shown.
NOTATION = (
    "(A spell in your hand is shown with its set and priority: 'fireball (Fire, 4)' is the Fire set's "
    "Fireball at priority 4. Spells resolve from priority 1 up to 5; 'A' acts in the advance phase, after "
    "the others. 'info SPELL' shows a spell's card.)"
)


def _numbered(decision: Any) -> list[tuple[int, str]]:
    """The options with their menu numbers: a spell set keeps its number (its place in the card list) through
    the whole draft, and 'none' is 0; other options are numbered 1, 2, ... as listed."""
    from rulebook.elephants import SETS

    if decision.kind not in ("draft", "take"):
        return list(enumerate(decision.options, 1))
    place = {name: n for n, name in enumerate(SETS, 1)}
    return [(place.get(option.split(" ", 1)[1], 0), option) for option in decision.options]


def _options_line(numbered: list[tuple[int, str]], width: int = 98) -> str:
    """The options numbered, wrapped between options (never inside one) at ``width``."""
    lines, line = [], ""
    for n, action in numbered:
        item = f"{n}) {action}"
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = item
        else:
            line = f"{line}   {item}" if line else item
    lines.append(line)
    return "\n  ".join(lines)


#: Words of the trace steps that tell what happened (the others explain why); play shows these.
_HAPPENED = (
    " Cast: ",
    " resolves (",
    " deals ",
    " heals ",
    " bolsters ",
    " weakens ",
    " cancels ",
    " advances ",
    " is advanced ",
    " moves ",
    " copies ",
    " casts ",
    " recalls ",
    " takes ",
    " discards ",
    " shows ",
    "loses a trunk",
    "out of the game",
    "the round ends",
    "End of round",
    " wins",
    "a draw",
)


def _tell(ruling: Any, steps: bool) -> None:
    """What an action set off: its verdict, then what happened (every step with --steps)."""
    typer.echo(f"  {ruling.verdict}")
    for step in ruling.trace[1:]:
        if steps or any(word in step.text for word in _HAPPENED):
            typer.echo(f"    {step.text}")


def spell_card(name: str) -> str:
    """A spell's card as play's ``info`` shows it: set, elephant, priority, types, conjury, advance icon, text."""
    import textwrap

    from rulebook import elephants

    wanted = elephants.spell_name(name)
    row = next(r for r in elephants.spells_table() if r["spell"] == wanted)
    marks = ", ".join([*(row["types"] or ["no type"]), *(["conjury"] if row["conjury"] else [])])
    icon = _advance_words(row["advance"]) or "no advance icon"
    when = "acts in the advance phase" if row["priority"] == "A" else f"priority {row['priority']}"
    head = (
        f"{wanted} ({row['set']}, {row['priority']}): the {row['set']} set ({row['elephant']}); {when}; {marks}; {icon}"
    )
    return "\n".join([head, textwrap.fill(row["text"], width=100, initial_indent="  ", subsequent_indent="  ")])


class _Table:
    """A game in the terminal: the state, the player's seat, the moves so far, and what has been shown."""

    def __init__(self, state: Any, me: str, steps: bool, verbose: bool) -> None:
        self.state, self.me, self.steps, self.verbose = state, me, steps, verbose
        self.moves: list[tuple[str, str]] = []
        self.shown_clash: tuple[int, int] | None = None
        self.explained = False

    def take(self, action: str) -> None:
        """Play an action already found legal, and tell what it set off."""
        who = self.state.decision.player
        self.state, ruling = self.state.explain(action)
        self.moves.append((who, action))
        _tell(ruling, self.steps)

    def show_board(self) -> None:
        typer.echo(self.state.render(self.me))
        if not self.explained and f"{self.me}'s hand: " in self.state.render(self.me):
            self.explained = True
            import textwrap

            typer.echo(textwrap.fill(NOTATION, width=100))

    def refuse(self, text: str) -> None:
        """Say why a move is refused: in words, and with the rules that forbid it under --verbose."""
        typer.echo(f"error: {text}")

    def action_for(self, text: str) -> str | None:
        """The action a typed line names (a number or the option itself), or None after saying why not."""
        from rulebook.errors import RulebookError
        from rulebook.reading import number

        decision = self.state.decision
        if text[0] in "0123456789":
            from rulebook.elephants import SETS

            numbered = _numbered(decision)
            drafting = decision.kind in ("draft", "take")
            low, top = min(n for n, _ in numbered), len(SETS) if drafting else len(numbered)
            try:
                n = number(text, "an option number", low=min(low, 1), high=top)
            except RulebookError as err:
                self.refuse(str(err))
                return None
            found = [action for k, action in numbered if k == n]
            if not found:
                self.refuse(f"option {n} is not offered now: the {list(SETS)[n - 1]} set is already taken")
                return None
            return found[0]
        refused = self.state.refusal(text)
        if refused is not None:
            rules = f" [{', '.join(refused.rules)}]" if self.verbose else ""
            self.refuse(f"{refused.verdict}{rules}")
            return None
        return text

    def command(self, text: str) -> bool:
        """Answer a command that is not a move (help, board, info); whether the line was one."""
        from rulebook.errors import RulebookError

        word, _, rest = text.partition(" ")
        if text.lower() in ("help", "?"):
            typer.echo(PLAY_HELP)
        elif text.lower() == "board":
            self.show_board()
        elif word.lower() == "info":
            if not rest.strip():
                self.refuse("write info SPELL, e.g. info fireball")
                return True
            try:
                typer.echo(spell_card(rest.strip()))
            except RulebookError as err:
                self.refuse(str(err))
        else:
            return False
        return True

    def ask(self) -> str | None:
        """Show the decision and read the player's move; None once they stop (quit or the end of input)."""
        state, decision = self.state, self.state.decision
        if self.shown_clash != (state.round, state.clash) and decision.kind not in ("draft", "discard"):
            self.shown_clash = (state.round, state.clash)
            typer.echo("")
            self.show_board()
        typer.echo(f"{self.me}, choose {decision.prompt}:")
        typer.echo("  " + _options_line(_numbered(decision)))
        while True:
            typer.echo("> ", nl=False)
            line = read_line()
            if not line:
                typer.echo("")
                return None
            text = " ".join(line.split())
            if not text:
                continue
            if text.lower() in ("quit", "q", "exit"):
                return "quit"
            if self.command(text):
                continue
            action = self.action_for(text)
            if action is not None:
                return action

    def loop(self, policy: Any, rng: Any) -> str:
        """Play until the game ends or the player stops; how it ended."""
        while self.state.decision is not None:
            if self.state.decision.player != self.me:
                self.take(policy(self.state, rng))
                continue
            action = self.ask()
            if action is None:
                return "end of input"
            if action == "quit":
                return "quit"
            self.take(action)
        return "over"


@app.command()
@answers
def play(
    players: Annotated[int, typer.Option(min=2, max=4, help="Players in the game, 2 to 4.")] = 2,
    seat: Annotated[int, typer.Option(min=1, max=4, help="Your seat: 1 is P1, the first Ringleader.")] = 1,
    bot: Annotated[str, typer.Option(help="How the other players play: greedy or random.")] = "greedy",
    seed: Annotated[int, typer.Option(min=0, max=999_999_999, help="Seed of the bots' random choices.")] = 1,
    option: OptionFlag = None,
    save: Annotated[
        str | None, typer.Option(help="Write the game's log here when it ends or stops (see replay).")
    ] = None,
    steps: Annotated[bool, typer.Option("--steps", help="Tell every step of each move, with its rule.")] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", help="Name the rules behind a refused move (their IDs).")
    ] = False,
) -> None:
    """Play a whole game in the terminal against bots: your decisions are numbered, the bots' moves told.

    Type the number of an option (or the option itself); 'info SPELL' shows a spell's card, 'board' the
    board, 'help' the commands; 'quit' (or the end of input) stops, and so does Ctrl-C (the log so far is
    still saved). Spells the others prepare stay face down until the Cast phase.

    Example: rulebook elephants play --players 3 --bot greedy
    """
    import random

    from rulebook.elephants import game as elephants_game
    from rulebook.elephants.bots import POLICIES
    from rulebook.errors import InvalidInputError, UnknownNameError
    from rulebook.writing import check_output, write_atomic

    if bot not in POLICIES:
        raise UnknownNameError("bot", bot, list(POLICIES))
    if seat > players:
        raise InvalidInputError(f"seat {seat} is not at a table of {players} players; give 1 to {players}")
    target = check_output(save) if save else None
    opts = parse_options(option)
    me = f"P{seat}"
    table = _Table(elephants_game.new_game(players, opts), me, steps, verbose)
    typer.echo(
        f"Elemental Elephants, {players} players: you are {me}; the others are {bot} bots. Be the last "
        "player with a trunk."
    )
    typer.echo("Type an option's number, 'info SPELL' to read a spell, 'board', 'help' for more, 'quit' to stop.")
    typer.echo("First each player drafts two spell sets ('rulebook elephants spells SET' tells what a set holds).")
    try:
        ended = table.loop(POLICIES[bot], random.Random(seed))
    except KeyboardInterrupt:
        ended = "interrupted"
    _game_end(table, ended)
    if target is not None:
        write_atomic(target, elephants_game.format_log(players, opts, table.moves) + "\n")
        typer.echo(f"game log written to {save}")
    if ended == "interrupted":
        fail("interrupted", EXIT_INTERRUPTED)


def _game_end(table: _Table, ended: str) -> None:
    """The last words of a game in the terminal: the board and the winner, or where it stopped."""
    state = table.state
    if state.decision is None:
        typer.echo("")
        typer.echo(state.render(table.me))
        won = state.winner()
        result = (
            "a draw" if won is None else ("you win" if state.seats[won] == table.me else f"{state.seats[won]} wins")
        )
        typer.echo(f"game over after {state.round} round{'s' if state.round != 1 else ''}: {result}.")
    else:
        done = f"{len(table.moves)} move{'s' if len(table.moves) != 1 else ''}"
        typer.echo(f"game stopped ({ended}) in round {state.round}, after {done}.")


@app.command()
@answers
def replay(
    log: Annotated[str, typer.Argument(metavar="LOG", help="A game log (see play --save); '-' reads stdin.")],
    check: Annotated[
        bool, typer.Option("--check", help="Exit with code 1 if a move is illegal (the default is code 2).")
    ] = False,
    steps: Annotated[bool, typer.Option("--steps", help="Print every move's ruling, not just the end.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Replay a whole game from its log: each move checked, then the standings and the winner.

    Example: rulebook elephants replay examples/elephants/game.log
    """
    from rulebook.elephants import game as G
    from rulebook.errors import IllegalActionError
    from rulebook.ruling import Trace

    text = read_text(log, "game log")
    try:
        state, rulings = G.replay(text)
    except IllegalActionError as err:
        if check:
            from cli.output import fail

            fail(f"illegal: {err}", EXIT_CHECK_FAILED)
        raise
    w = state.world()
    trace = Trace()
    trace.add(
        f"{len(rulings)} move{'s' if len(rulings) != 1 else ''} replayed, each legal",
        "elephants.interp.choices-are-actions",
    )
    chosen = _log_options(text, trace)
    for p in w.seats:
        player = w.players[p]
        if player.out:
            trace.add(f"{p}: out of the game, no trunk left", "elephants.base.game-end")
            continue
        trunks = f"{player.trunks} trunk{'s' if player.trunks != 1 else ''}"
        trace.add(f"{p}: {trunks}, health {player.health}/{player.max_health}", "elephants.base.players")
    if state.decision is None:
        won = state.winner()
        verdict = f"game over in round {state.round}: " + ("a draw" if won is None else f"{state.seats[won]} wins")
        trace.add(verdict, "elephants.base.game-end")
    else:
        who, what = state.decision.player, state.decision.prompt
        verdict = f"game in progress: round {state.round}, Clash {state.clash}; {who} decides next: {what}"
    value = {
        "moves": len(rulings),
        "over": state.decision is None,
        "winner": None if state.winner() is None else state.seats[state.winner()],
        "round": state.round,
        "players": {p: {"trunks": w.players[p].trunks, "health": w.players[p].health} for p in w.seats},
        "options": chosen,
    }
    ruling = trace.ruling(verdict, value)
    given = {"log": log, "options": chosen}
    if as_json:
        emit_ruling("elephants", "replay", given, ruling, True)
        return
    if steps:
        for n, r in enumerate(rulings, 1):
            typer.echo(f"{n}. {r.verdict}")
        typer.echo("")
    emit_ruling("elephants", "replay", given, ruling, False)


def _log_options(text: str, trace: Any) -> dict[str, str]:
    """The rules options a game log plays by (those other than the defaults), each told as a step citing its
    interpretation: a game saved under an option is replayed under it, and the answer says so."""
    from rulebook.elephants import game as G
    from rulebook.elephants.tables import RULESET

    chosen = {}
    for name, raw in G.parse_log(text)[1].items():
        option = RULESET.option(name)
        value = option.parse(raw)
        if value != option.default:
            chosen[name] = value
            trace.add(f"the log plays by option {name}={value}: {option.choices[value]}", option.record)
    return chosen


@app.command()
@answers
def simulate(
    games: Annotated[
        int, typer.Option(min=1, max=1_000_000, help="How many games to play (default 300, a few seconds).")
    ] = 300,
    players: Annotated[int, typer.Option(min=2, max=4, help="Players in each game, 2 to 4.")] = 2,
    policy: Annotated[
        list[str] | None,
        typer.Option(help="random or greedy; repeat to seat several (they take the seats in turn)."),
    ] = None,
    seed: Annotated[int, typer.Option(min=0, max=999_999_999, help="Game i uses seed + i.")] = 1,
    option: OptionFlag = None,
    spells: Annotated[
        int, typer.Option(min=0, max=58, help="How many spells to list by win rate, best and worst.")
    ] = 5,
    progress: Annotated[bool, typer.Option(help="Show a progress bar (on standard error).")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Play many whole games between bots: win rates by policy, by seat and by spell, with 95% intervals.

    Ctrl-C stops the run and reports the games finished so far (exit code 130).

    Example: rulebook elephants simulate --games 200 --policy greedy --policy random
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from rulebook.elephants import game as G
    from rulebook.elephants.bots import POLICIES, SimulationResult
    from rulebook.elephants.bots import simulate as run
    from rulebook.errors import UnknownNameError
    from rulebook.wording import plural

    names = tuple(policy or ["greedy", "random"])
    if len(names) > 8:
        from rulebook.errors import InvalidInputError

        raise InvalidInputError(f"--policy is given {len(names)} times; at most 8")
    for name in names:
        if name not in POLICIES:
            raise UnknownNameError("policy", name, list(POLICIES))
    opts = parse_options(option)
    G.new_game(players, opts)  # checks the options before the long run
    result = SimulationResult(players, names, seed)
    interrupted = False
    with Progress(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not progress,
        transient=True,
    ) as bar:
        task = bar.add_task("games", total=games)
        try:
            run(
                games,
                players=players,
                policies=names,
                seed=seed,
                options=opts,
                progress=lambda n: bar.advance(task, n),
                result=result,
            )
        except KeyboardInterrupt:
            interrupted = True
    if interrupted and not result.games:
        fail("interrupted: no game was played yet", EXIT_INTERRUPTED)
    ruling = simulation_ruling(result, games, interrupted, opts)
    given = {"games": games, "players": players, "policy": list(names), "seed": seed, "options": opts}
    if as_json:
        emit_ruling("elephants", "simulate", given, ruling, True)
    else:
        emit_ruling("elephants", "simulate", given, ruling, False)
        typer.echo("")
        typer.echo(spell_table(result, spells))
    if interrupted:
        fail(f"interrupted: {result.games:,} of {plural(games, 'game')} played", EXIT_INTERRUPTED)
