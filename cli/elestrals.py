"""``rulebook elestrals``: Elestrals rulings on a position file (legal, check) and on described positions."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.output import EXIT_CHECK_FAILED, JsonFlag, answers, emit_ruling, option_flag, parse_options, read_text

app = typer.Typer(
    help="Elestrals: every legal action from a position, one action judged, stat modifiers, battles, chains, "
    "Enchantment, Main Phase actions, decks, tournaments.",
    no_args_is_help=True,
)

OptionFlag = option_flag("elestrals")
CardsFlag = Annotated[
    str | None,
    typer.Option("--cards", metavar="FILE", help='A card-facts file (TOML [cards."NAME"] tables, or JSON).'),
]


def _number(text: str, what: str, *, low: int | None = 0, high: int | None = None, signed: bool = False) -> int:
    from rulebook.reading import number

    return number(text, what, low=low, high=high, signed=signed)


def _pairs(text: str, what: str, high: int) -> dict[str, int]:
    """Read ``P1=3,P2=5`` into a mapping of player to count."""
    from rulebook.errors import InvalidInputError
    from rulebook.reading import capped, shown

    out: dict[str, int] = {}
    for part in capped(text, what, limit=200).split(","):
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InvalidInputError(
                f"{what} must be written PLAYER=COUNT,PLAYER=COUNT (e.g. P1=3,P2=5), not {shown(text)!r}"
            )
        out[name.strip()] = _number(value, f"the count for {shown(name.strip())} in {what}", high=high)
    return out


@app.command()
@answers
def legal(
    position: Annotated[str, typer.Argument(metavar="POSITION", help="A position file ('-' reads standard input).")],
    cards: CardsFlag = None,
    refused: Annotated[bool, typer.Option("--refused", help="Also list the actions refused now, and why.")] = False,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Every action legal now in a position, each with the rules that allow it.

    Example: rulebook elestrals legal examples/elestrals/main-phase.toml --cards examples/elestrals/cards.toml
    """
    from rulebook import elestrals

    opts = parse_options(option)
    pos = elestrals.load(position, cards, opts).position
    ruling = elestrals.legal(pos, refused=refused)
    given = {"position": position, "cards": cards, "refused": refused, "options": opts}
    emit_ruling("elestrals", "legal", given, ruling, as_json)


@app.command()
@answers
def check(
    position: Annotated[str, typer.Argument(metavar="POSITION", help="A position file ('-' reads standard input).")],
    action: Annotated[str, typer.Argument(help="The action, e.g. 'attack E1 E2' or 'normal-cast \"Cinder Cub\"'.")],
    cards: CardsFlag = None,
    save: Annotated[
        str | None, typer.Option("--save", metavar="FILE", help="Write the position after the action to FILE.")
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Judge one action in a position; if it is legal, print the position after it (a file you can feed back).

    Actions: keep, mulligan, draw, pass, resolve, normal-cast CARD attack|defense, normal-ascend E1 CARD,
    enchant E1 TYPE, expend-draw TYPE, set-rune CARD, cast-rune CARD or cast-rune R1 (adding
    empowering P2:E1, replacing R1 or paying TYPES where needed), change-position E1, activate E1|R1|S,
    attack E1 E2|spirit-deck, special-cast CARD, special-ascend E1 CARD, conditional CARD,
    nexus FROM TO COUNT TYPE. Card names with spaces are quoted.
    Example: rulebook elestrals check examples/elestrals/attack-position.toml "attack E1 E1"
    """
    from rulebook import elestrals
    from rulebook.reading import capped

    opts = parse_options(option)
    target = None
    if save:
        from rulebook.writing import check_output

        target = check_output(save)
    pos = elestrals.load(position, cards, opts).position
    after, ruling = elestrals.check(pos, capped(action, "an action", limit=500))
    text = None
    if after is not None:
        from rulebook.elestrals.position_file import position_toml

        text = position_toml(after, comment=f"after {ruling.value['player']}: {ruling.value['action']}")
    given = {"position": position, "action": action, "cards": cards, "options": opts}
    if as_json:
        from cli.output import emit_json, envelope

        emit_json({**envelope("elestrals", "check", given, ruling), "position_after": text})
    else:
        emit_ruling("elestrals", "check", given, ruling, False)
        if text is not None:
            typer.echo("")
            typer.echo(text, nl=False)
    if target is not None and text is not None:
        from rulebook.writing import write_atomic

        write_atomic(target, text)


@app.command()
@answers
def stats(
    attack: Annotated[str, typer.Argument(metavar="ATTACK", help="The Elestral's base Attack.")],
    defense: Annotated[str, typer.Argument(metavar="DEFENSE", help="The Elestral's base Defense.")],
    effects: Annotated[
        list[str] | None,
        typer.Argument(
            help="Effects in the order Cast or activated: 'set attack 3', 'attack +2', 'defense -1', 'swap'."
        ),
    ] = None,
    file: Annotated[str | None, typer.Option("--file", "-f", help="An effects file, one effect per line.")] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Final stats after several effects: set, then increase/decrease, then swap, each step shown.

    Example: rulebook elestrals stats 3 2 swap "attack +2" "set defense 0"
    """
    from rulebook import elestrals
    from rulebook.elestrals.core import MAX_STAT

    opts = parse_options(option)
    base_attack = _number(attack, "ATTACK", high=MAX_STAT)
    base_defense = _number(defense, "DEFENSE", high=MAX_STAT)
    listed = [elestrals.parse_effect(e) for e in effects or []]
    if file is not None:
        listed += elestrals.parse_effects(read_text(file))
    if len(listed) > 100:
        from rulebook.errors import InvalidInputError

        raise InvalidInputError(f"{len(listed)} effects on one Elestral; at most 100 are read")
    ruling = elestrals.final_stats(base_attack, base_defense, listed, opts)
    given = {
        "attack": base_attack,
        "defense": base_defense,
        "effects": [e.text for e in listed],
        "file": file,
        "options": opts,
    }
    emit_ruling("elestrals", "stats", given, ruling, as_json)


@app.command()
@answers
def battle(
    attacker: Annotated[str, typer.Argument(help="The attacker: 'attack=3 defense=2 spirits=2' (+ flags).")],
    defender: Annotated[str, typer.Argument(help="The attacked Elestral (add position=defense), or 'none'.")],
    first_turn: Annotated[bool, typer.Option(help="It is the first turn of the game.")] = False,
    phase: Annotated[str, typer.Option(help="The current phase: draw, main, battle or end.")] = "battle",
    attacker_effect: Annotated[
        list[str] | None, typer.Option(help="A stat effect on the attacker, repeatable ('attack +2').")
    ] = None,
    defender_effect: Annotated[
        list[str] | None, typer.Option(help="A stat effect on the attacked Elestral, repeatable ('swap').")
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Judge one attack: legal or not, cancelled or not, what is destroyed, who Expends how many Spirits.

    Side keys: attack, defense, spirits, position (attack|defense), deck (Spirit Deck size), left
    (attack-step|battle); flags: turned (changed Position in the Attack Step), attacked (already
    attacked this turn). Example: rulebook elestrals battle "attack=3 spirits=1" "attack=2 spirits=3"
    """
    from rulebook import elestrals
    from rulebook.reading import capped

    opts = parse_options(option)
    ruling = elestrals.battle(
        capped(attacker, "the attacker", limit=500),
        capped(defender, "the defender", limit=500),
        first_turn=first_turn,
        phase=phase,
        attacker_effects=attacker_effect or (),
        defender_effects=defender_effect or (),
        opts=opts,
    )
    given = {
        "attacker": attacker,
        "defender": defender,
        "attacker_effects": attacker_effect or [],
        "defender_effects": defender_effect or [],
        "first_turn": first_turn,
        "phase": phase,
        "options": opts,
    }
    emit_ruling("elestrals", "battle", given, ruling, as_json)


@app.command()
@answers
def chain(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A chain file ('-' reads standard input).")],
    as_json: JsonFlag = False,
) -> None:
    """Resolve a chain: the resolution order, Negated links, the check between chains, the next chain.

    File lines: 'players P1 P2', 'link P1 Dragon', 'link P2 Deny negates 1', 'waiting P2 Roar from Dragon',
    'card Dragon spirits=0 cost=1', 'card Sword artifact empowering=none', 'card Wyrm suppressed'.
    """
    from rulebook import elestrals

    ruling = elestrals.resolve_chain(read_text(file))
    emit_ruling("elestrals", "chain", {"file": file}, ruling, as_json)


@app.command()
@answers
def enchant(
    cost: Annotated[str, typer.Argument(help="The Enchantment Cost: Spirit types, any for any type ('fire,any').")],
    spirits: Annotated[str, typer.Argument(help="The Spirits Enchanting the card ('fire,water').")],
    as_json: JsonFlag = False,
) -> None:
    """Is a card Enchanted, Misenchanted, or short of Spirits? 'any' (or a quoted '&', or 'omni') is any type.

    Example: rulebook elestrals enchant fire,any water,water
    """
    from rulebook import elestrals
    from rulebook.reading import capped

    ruling = elestrals.enchantment(capped(cost, "the cost", limit=500), capped(spirits, "the Spirits", limit=500))
    emit_ruling("elestrals", "enchant", {"cost": cost, "spirits": spirits}, ruling, as_json)


@app.command()
@answers
def main(
    action: Annotated[
        str,
        typer.Argument(
            help="normal-cast, normal-ascend, enchant, expend-draw, special-cast, special-ascend, set-rune, "
            "cast-rune, change-position, activate or nexus."
        ),
    ],
    used: Annotated[str, typer.Option(help="The Spirit action already taken this turn, if any.")] = "",
    elestrals_: Annotated[str, typer.Option("--elestrals", metavar="N", help="Filled Elestral Row slots.")] = "0",
    runes: Annotated[str, typer.Option(metavar="N", help="Filled Rune Row slots.")] = "0",
    cost: Annotated[str, typer.Option(metavar="N", help="Spirits the Elestral or Rune needs.")] = "1",
    rune: Annotated[str, typer.Option(help="Rune type: invoke, counter, artifact, divine, stadium.")] = "",
    is_set: Annotated[bool, typer.Option("--set", help="The Rune is Set face-down.")] = False,
    set_this_turn: Annotated[bool, typer.Option(help="The Rune was Set this turn.")] = False,
    cast_this_turn: Annotated[bool, typer.Option(help="The Elestral was Cast or Ascended into this turn.")] = False,
    changed: Annotated[bool, typer.Option(help="The Elestral already changed Position this turn.")] = False,
    chain_active: Annotated[bool, typer.Option("--chain", help="A chain is active.")] = False,
    status: Annotated[str, typer.Option(help="The card's status: enchanted, misenchanted, suppressed.")] = "enchanted",
    no_target: Annotated[
        bool, typer.Option("--no-target", help="The effect or Rune needs a target and none exists.")
    ] = False,
    phase: Annotated[str, typer.Option(help="The current phase: draw, main, battle or end.")] = "main",
    receiver: Annotated[
        str, typer.Option(help="For nexus: elestral, rune, set, invoke, counter, or gone (left the field).")
    ] = "elestral",
    during: Annotated[bool, typer.Option(help="The effect names the current phase ('during your End Phase').")] = False,
    waiting: Annotated[
        bool, typer.Option(help="For special-cast/special-ascend: an effect said to, and the card waits in Limbo.")
    ] = True,
    when: Annotated[bool, typer.Option(help="The Rune works 'when' something happens.")] = False,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """May the turn player take this Main Phase action in the described position?

    Example: rulebook elestrals main normal-cast --cost 2
    """
    from rulebook import elestrals
    from rulebook.elestrals.core import MAX_SPIRITS

    state = elestrals.MainState(
        spirit_action=used,
        elestrals=_number(elestrals_, "--elestrals", high=4),
        runes=_number(runes, "--runes", high=4),
        cost=_number(cost, "--cost", high=MAX_SPIRITS),
        rune=rune,
        set=is_set or set_this_turn,
        set_this_turn=set_this_turn,
        cast_this_turn=cast_this_turn,
        changed=changed,
        chain=chain_active,
        status=status,
        target=not no_target,
        phase=phase,
        receiver=receiver,
        during=during,
        waiting=waiting,
        when=when,
    )
    opts = parse_options(option)
    ruling = elestrals.main_action(action, state, opts=opts)
    given = {"action": action, **{f: getattr(state, f) for f in state.__slots__}, "options": opts}
    emit_ruling("elestrals", "main", given, ruling, as_json)


@app.command()
@answers
def deck(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A deck list ('-' reads standard input).")],
    check: Annotated[bool, typer.Option(help="Exit with code 1 if the deck has any problem.")] = False,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Check a deck list and name every problem (sizes, copy limit, Side Deck).

    File: 'Spirit Deck:', 'Main Deck:', 'Side Deck:' lines, then 'COUNT NAME' lines.
    """
    from rulebook import elestrals

    opts = parse_options(option)
    ruling = elestrals.check_deck(read_text(file), opts)
    emit_ruling("elestrals", "deck", {"file": file, "options": opts}, ruling, as_json)
    if check and not ruling.legal:
        raise typer.Exit(EXIT_CHECK_FAILED)


@app.command()
@answers
def standings(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A results file ('-' reads standard input).")],
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Rank a tournament's players: match points, then game-win rate, Spirit Differential, opponents'.

    The ranking comes first, then how it was decided. File: one game per line,
    'ROUND PLAYER_A PLAYER_B WINNER A_SPIRITS B_SPIRITS' (WINNER may be draw).
    """
    from dataclasses import replace

    from rulebook import elestrals
    from rulebook.elestrals.core import plural
    from rulebook.reading import shown

    opts = parse_options(option)
    ruling = elestrals.standings(read_text(file), opts)
    given = {"file": file, "options": opts}
    if as_json:
        emit_ruling("elestrals", "standings", given, ruling, True)
        return
    from cli.output import wrapped

    typer.echo(wrapped(shown(ruling.verdict)))
    for row in ruling.value["standings"]:
        left_out = row["games"] - row["counted"]
        share = f"{plural(left_out, 'drawn game')} left out; share" if left_out else "share"
        line = (
            f"{shown(row['player'])}: {plural(row['points'], 'match point')}, {row['won']} of "
            f"{plural(row['counted'], 'game')} won ({share} {row['win_rate']:.0%}), Spirit Differential "
            f"{row['spirit_differential']:+g}, opponents' {row['opponents_differential']:+g}"
        )
        typer.echo(wrapped(line, f"{row['rank']:>3}. ", "      "))
    emit_ruling("elestrals", "standings", given, replace(ruling, verdict="How the ranking was decided:"), False)


@app.command(name="side-swap")
@answers
def side_swap(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game of the round the swap comes before (1, 2, 3).")],
    cards_in: Annotated[str, typer.Option("--in", metavar="N", help="Side Deck cards put into the decks.")],
    cards_out: Annotated[str, typer.Option("--out", metavar="N", help="Cards taken out of the decks.")],
    spirits_in: Annotated[str, typer.Option(metavar="N", help="How many of the cards put in are Spirits.")] = "0",
    spirits_out: Annotated[str, typer.Option(metavar="N", help="How many of the cards taken out are Spirits.")] = "0",
    as_json: JsonFlag = False,
) -> None:
    """May these Side Deck swaps be made between games of a round? One in, one out, a Spirit for a Spirit.

    Example: rulebook elestrals side-swap 2 --in 2 --out 2 --spirits-in 1
    """
    from rulebook import elestrals

    values = {
        "game": _number(game, "GAME", low=1, high=99),
        "cards_in": _number(cards_in, "--in", high=99),
        "cards_out": _number(cards_out, "--out", high=99),
        "spirits_in": _number(spirits_in, "--spirits-in", high=99),
        "spirits_out": _number(spirits_out, "--spirits-out", high=99),
    }
    ruling = elestrals.side_swap(
        values["game"], values["cards_in"], values["cards_out"],
        spirits_in=values["spirits_in"], spirits_out=values["spirits_out"],
    )  # fmt: skip
    emit_ruling("elestrals", "side-swap", values, ruling, as_json)


@app.command()
@answers
def mulligan(
    times: Annotated[str, typer.Argument(metavar="TIMES", help="How many mulligans.")],
    spirits: Annotated[
        str | None, typer.Option(metavar="N", help="Spirits in the Spirit Deck (default: a full deck).")
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """What mulligans cost in Spirits, and whether they can be paid.

    Example: rulebook elestrals mulligan 2 --spirits 3
    """
    from rulebook import elestrals
    from rulebook.elestrals.core import MAX_SPIRITS

    opts = parse_options(option)
    count = _number(times, "TIMES", high=99)
    deck = None if spirits is None else _number(spirits, "--spirits", high=MAX_SPIRITS)
    ruling = elestrals.mulligan(count, deck, opts)
    emit_ruling("elestrals", "mulligan", {"times": count, "spirits": deck, "options": opts}, ruling, as_json)


@app.command(name="end")
@answers
def end_game(
    main_decks: Annotated[str, typer.Option("--main", help="Main Deck sizes: P1=3,P2=5.")],
    spirit_decks: Annotated[str, typer.Option("--spirits", help="Spirit Deck sizes: P1=0,P2=4.")],
    draws: Annotated[str | None, typer.Option(help="Cards each must draw now: P1=1.")] = None,
    expends: Annotated[str | None, typer.Option(help="Spirits each must Expend now: P2=3.")] = None,
    chained_first: Annotated[str, typer.Option(help="A player whose loss comes from a chained effect.")] = "",
    round_end: Annotated[
        str | None, typer.Option(help="Decide by counting after the round's extra turns; give the next player to draw.")
    ] = None,
    stuck: Annotated[
        str | None,
        typer.Option(
            help="Both are out of Spirits and agree neither can make the other Expend; give the next player to draw."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Who wins or loses: drawing or Expending from empty decks, a double loss, or counting at the end.

    Example: rulebook elestrals end --main P1=0,P2=5 --spirits P1=3,P2=3 --draws P1=1
    """
    from rulebook import elestrals
    from rulebook.elestrals.core import MAX_MAIN, MAX_SPIRITS
    from rulebook.errors import InvalidInputError

    main_counts, spirit_counts = _pairs(main_decks, "--main", MAX_MAIN), _pairs(spirit_decks, "--spirits", MAX_SPIRITS)
    given = {"main": main_counts, "spirits": spirit_counts, "draws": draws, "expends": expends}
    if round_end and stuck:
        raise InvalidInputError("give either --round-end or --stuck, not both")
    draw_counts = _pairs(draws, "--draws", 99) if draws else None
    expend_counts = _pairs(expends, "--expends", 99) if expends else None
    if round_end or stuck:
        ruling = elestrals.end_of_round(
            spirit_counts,
            main_counts,
            round_end or stuck or "",
            stuck=bool(stuck),
            draws=draw_counts,
            expends=expend_counts,
            chained_first=chained_first,
        )
    else:
        ruling = elestrals.game_end(main_counts, spirit_counts, draw_counts, expend_counts, chained_first)
    emit_ruling("elestrals", "end", given, ruling, as_json)


@app.command()
@answers
def term(
    name: Annotated[list[str], typer.Argument(metavar="TERM", help="A glossary term, e.g. Misenchanted.")],
    as_json: JsonFlag = False,
) -> None:
    """What a term of the game means, from the guide's glossary.

    Example: rulebook elestrals term Spirit Differential
    """
    from rulebook import elestrals
    from rulebook.reading import capped

    text = capped(" ".join(name), "a glossary term", limit=200)
    emit_ruling("elestrals", "term", {"term": text}, elestrals.glossary(text), as_json)
