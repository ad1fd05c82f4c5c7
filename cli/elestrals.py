"""``rulebook elestrals``: Elestrals queries on described positions (stats, battle, chain, decks...)."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.output import EXIT_CHECK_FAILED, JsonFlag, answers, emit_ruling, option_flag, parse_options, read_text

app = typer.Typer(
    help="Elestrals: stat modifiers, battles, chains, Enchantment, Main Phase actions, decks, tournaments.",
    no_args_is_help=True,
)

OptionFlag = option_flag("elestrals")


def _pairs(text: str, what: str) -> dict[str, int]:
    """Read ``P1=3,P2=5`` into a mapping of player to count."""
    from rulebook.errors import InvalidInputError

    out: dict[str, int] = {}
    for part in text.split(","):
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip().isdigit():
            raise InvalidInputError(f"{what} must be written PLAYER=COUNT,PLAYER=COUNT (e.g. P1=3,P2=5), not {text!r}")
        out[name.strip()] = int(value)
    return out


@app.command()
@answers
def stats(
    attack: Annotated[int, typer.Argument(help="The Elestral's base Attack.")],
    defense: Annotated[int, typer.Argument(help="The Elestral's base Defense.")],
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

    opts = parse_options(option)
    listed = [elestrals.parse_effect(e) for e in effects or []]
    if file is not None:
        listed += elestrals.parse_effects(read_text(file))
    ruling = elestrals.final_stats(attack, defense, listed, opts)
    given = {"attack": attack, "defense": defense, "effects": [e.text for e in listed], "file": file, "options": opts}
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

    opts = parse_options(option)
    ruling = elestrals.battle(
        attacker,
        defender,
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
    cost: Annotated[str, typer.Argument(help="The Enchantment Cost: Spirit types, & for any ('fire,fire,&').")],
    spirits: Annotated[str, typer.Argument(help="The Spirits Enchanting the card ('fire,water').")],
    as_json: JsonFlag = False,
) -> None:
    """Is a card Enchanted, Misenchanted, or short of Spirits?

    Example: rulebook elestrals enchant fire,& water,water
    """
    from rulebook import elestrals

    ruling = elestrals.enchantment(cost, spirits)
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
    elestrals_: Annotated[int, typer.Option("--elestrals", help="Filled Elestral Row slots.")] = 0,
    runes: Annotated[int, typer.Option(help="Filled Rune Row slots.")] = 0,
    cost: Annotated[int, typer.Option(help="Spirits the Elestral or Rune needs.")] = 1,
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
    as_json: JsonFlag = False,
) -> None:
    """May the turn player take this Main Phase action in the described position?

    Example: rulebook elestrals main normal-cast --cost 2
    """
    from rulebook import elestrals

    state = elestrals.MainState(
        spirit_action=used,
        elestrals=elestrals_,
        runes=runes,
        cost=cost,
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
    )
    ruling = elestrals.main_action(action, state)
    given = {"action": action, **{f: getattr(state, f) for f in state.__slots__}}
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

    File: one game per line, 'ROUND PLAYER_A PLAYER_B WINNER A_SPIRITS B_SPIRITS' (WINNER may be draw).
    """
    from rulebook import elestrals

    opts = parse_options(option)
    ruling = elestrals.standings(read_text(file), opts)
    emit_ruling("elestrals", "standings", {"file": file, "options": opts}, ruling, as_json)
    if not as_json:
        for row in ruling.value["standings"]:
            typer.echo(
                f"{row['rank']:>3}. {row['player']}: {row['points']} pts, games {row['won']}/{row['games']}, "
                f"Spirit Differential {row['spirit_differential']:+g}, opponents {row['opponents_differential']:+g}"
            )


@app.command()
@answers
def mulligan(
    times: Annotated[int, typer.Argument(help="How many mulligans.")],
    spirits: Annotated[int | None, typer.Option(help="Spirits in the Spirit Deck (default: a full deck).")] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """What mulligans cost in Spirits, and whether they can be paid."""
    from rulebook import elestrals

    opts = parse_options(option)
    ruling = elestrals.mulligan(times, spirits, opts)
    emit_ruling("elestrals", "mulligan", {"times": times, "spirits": spirits, "options": opts}, ruling, as_json)


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
        str | None, typer.Option(help="Both agree neither can make the other Expend; give the next player to draw.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Who wins or loses: drawing or Expending from empty decks, a double loss, or counting at the end.

    Example: rulebook elestrals end --main P1=0,P2=5 --spirits P1=3,P2=3 --draws P1=1
    """
    from rulebook import elestrals
    from rulebook.errors import InvalidInputError

    main_counts, spirit_counts = _pairs(main_decks, "--main"), _pairs(spirit_decks, "--spirits")
    given = {"main": main_counts, "spirits": spirit_counts, "draws": draws, "expends": expends}
    if round_end and stuck:
        raise InvalidInputError("give either --round-end or --stuck, not both")
    if round_end or stuck:
        ruling = elestrals.end_of_round(spirit_counts, main_counts, round_end or stuck or "", stuck=bool(stuck))
    else:
        ruling = elestrals.game_end(
            main_counts,
            spirit_counts,
            _pairs(draws, "--draws") if draws else None,
            _pairs(expends, "--expends") if expends else None,
            chained_first,
        )
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

    text = " ".join(name)
    emit_ruling("elestrals", "term", {"term": text}, elestrals.glossary(text), as_json)
