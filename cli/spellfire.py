"""``rulebook spellfire``: rulings from the Spellfire clarification sheet (attacks, counters, and the rest)."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.output import JsonFlag, VerboseFlag, answers, emit_ruling, option_flag, parse_options, read_text
from rulebook import rules

app = typer.Typer(
    help="Spellfire: attack legality against a formation, counter-effect cards, and the sheet's other rulings.",
    no_args_is_help=True,
)

OptionFlag = option_flag("spellfire")
#: The last phase of a turn (phases are numbered from 0, as the game's data lists them).
LAST_PHASE = len(rules("spellfire").data["turn"]["phases"]) - 1
#: The most cards a pile count may give.
MAX_CARDS = 10_000
PhaseFlag = Annotated[
    int, typer.Option(min=0, max=LAST_PHASE, help=f"The phase of the owner's turn (0 to {LAST_PHASE}).")
]
CardsArg = Annotated[int, typer.Argument(min=0, max=MAX_CARDS, help="Cards in the draw pile before drawing.")]
RazedFlag = Annotated[str, typer.Option("--razed", "-r", metavar="POSITIONS", help="Razed positions, e.g. B,C.")]
RealmFlag = Annotated[
    list[str] | None,
    typer.Option(
        "--realm",
        metavar="POS:TRAITS",
        help="A realm's traits, repeatable: 'E: coast', 'A: no-flyer', 'F: only-hero', 'D: only-flyer'.",
    ),
]
FormationFlag = Annotated[
    str | None,
    typer.Option(
        "--formation",
        "-f",
        metavar="FILE",
        help="A formation file: one 'POSITION: TRAITS' line per realm ('-' reads standard input).",
    ),
]


def _formation(path: str | None, razed: str, realm: list[str] | None):
    from rulebook import spellfire

    text = read_text(path) if path is not None else ""
    return spellfire.parse_formation(text, razed, realm or [])


@app.command()
@answers
def attack(
    target: Annotated[str, typer.Argument(metavar="POSITION", help="The position attacked: A to F.")],
    champion: Annotated[
        str,
        typer.Option(
            "--champion", "-c", metavar="WORDS", help="The champion: its type and movement, e.g. 'hero flyer'."
        ),
    ] = "none",
    ally: Annotated[
        list[str] | None,
        typer.Option(
            "--ally",
            "-a",
            metavar="WORDS",
            help="An ally's movement (flyer, swimmer, earthwalker or none); repeatable.",
        ),
    ] = None,
    razed: RazedFlag = "",
    realm: RealmFlag = None,
    formation_file: FormationFlag = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Judge an attack on a realm: is it legal for this champion and these allies, and why.

    Example: rulebook spellfire attack E --razed B --champion "hero swimmer" --realm "E: coast"
    """
    from rulebook import spellfire

    opts = parse_options(option)
    form = _formation(formation_file, razed, realm)
    allies = ally or []
    ruling = spellfire.attack(form, target, champion, allies, opts)
    given = {"target": target, "champion": champion, "allies": allies, "razed": razed, "realms": realm or []}
    given["formation"] = formation_file
    emit_ruling("spellfire", "attack", {**given, "options": opts}, ruling, as_json, verbose)


@app.command()
@answers
def formation(
    razed: RazedFlag = "",
    realm: RealmFlag = None,
    formation_file: FormationFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Show which realms are exposed, which are protected (and by which realms), and which are razed.

    Example: rulebook spellfire formation --razed A,B
    """
    from rulebook import spellfire

    ruling = spellfire.exposure(_formation(formation_file, razed, realm))
    given = {"razed": razed, "realms": realm or [], "formation": formation_file}
    emit_ruling("spellfire", "formation", given, ruling, as_json, verbose)


@app.command()
@answers
def counter(
    plays: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAY...",
            help="Cards in playing order, each 'PLAYER CARD': first the card in question, last the counter.",
        ),
    ],
    affected: Annotated[
        str | None,
        typer.Option(metavar="PLAYER", help="The player the first card affects (default: whoever plays the counter)."),
    ] = None,
    counter_card: Annotated[
        list[str] | None,
        typer.Option("--counter", metavar="CARD", help="Declare another counter-effect card (Calm is known)."),
    ] = None,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Does the last card played negate the first? Only if it is the affected player's very next card.

    Example: rulebook spellfire counter "P1 Cataclysm!" "P2 Calm"
    """
    from rulebook import spellfire

    opts = parse_options(option)
    ruling = spellfire.counter(plays, affected, counter_card or [], opts)
    given = {"plays": plays, "affected": affected, "counters": counter_card or [], "options": opts}
    emit_ruling("spellfire", "counter", given, ruling, as_json, verbose)


@app.command()
@answers
def priority(
    claims: Annotated[
        list[str], typer.Argument(metavar="CLAIM...", help="'PLAYER play' or 'PLAYER activate' (a card in play).")
    ],
    acting: Annotated[str, typer.Option(metavar="PLAYER", help="The player whose turn it is.")] = "P1",
    seating: Annotated[
        str | None, typer.Option(metavar="P1,P2,...", help="Turn order around the table (default: names sorted).")
    ] = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Who resolves first when it is unclear who played first.

    Example: rulebook spellfire priority "P2 play" "P1 activate" --acting P1
    """
    from rulebook import spellfire

    seats = [s.strip() for s in seating.split(",") if s.strip()] if seating else None
    ruling = spellfire.priority(acting, claims, seats)
    emit_ruling(
        "spellfire", "priority", {"claims": claims, "acting": acting, "seating": seats}, ruling, as_json, verbose
    )


@app.command()
@answers
def borrow(
    outside_combat: Annotated[
        bool, typer.Option("--outside-combat", help="The card was borrowed outside a round of combat.")
    ] = False,
    discarded: Annotated[
        bool, typer.Option("--discarded", help="The borrowed card was discarded during the combat.")
    ] = False,
    kept: Annotated[bool, typer.Option("--kept", help="The borrowed card's text says it is not returned.")] = False,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """When does a borrowed card go back to its owner?

    Example: rulebook spellfire borrow --discarded
    """
    from rulebook import spellfire

    ruling = spellfire.borrowed(not outside_combat, discarded, kept)
    given = {"outside_combat": outside_combat, "discarded": discarded, "kept": kept}
    emit_ruling("spellfire", "borrow", given, ruling, as_json, verbose)


@app.command()
@answers
def copy(
    source: Annotated[
        str, typer.Argument(metavar="CARD", help="The kind of card whose power is copied: champion, avatar, ...")
    ],
    phase: Annotated[
        int,
        typer.Option(
            min=0, max=LAST_PHASE, help=f"The phase in which the power to copy is chosen (0 to {LAST_PHASE})."
        ),
    ] = 3,
    duration: Annotated[str | None, typer.Option(metavar="WORDS", help="The duration the copying card states.")] = None,
    card_sets_timing: Annotated[
        bool, typer.Option("--card-sets-timing", help="The copying card says when to choose.")
    ] = False,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """May a card copy another card's power now, and what does the copy give?

    Example: rulebook spellfire copy avatar
    """
    from rulebook import spellfire

    ruling = spellfire.copy_power(source, phase, duration, card_sets_timing)
    given = {"source": source, "phase": phase, "duration": duration, "card_sets_timing": card_sets_timing}
    emit_ruling("spellfire", "copy", given, ruling, as_json, verbose)


@app.command()
@answers
def use(
    permission: Annotated[
        str,
        typer.Argument(metavar="PERMISSION", help="What the power grants, e.g. 'any spell' or 'all wizard spells'."),
    ],
    card: Annotated[str, typer.Argument(metavar="CARD", help="The card's type, e.g. 'wizard spell'.")],
    restriction: Annotated[str | None, typer.Option(metavar="WORDS", help="The card's own limit on its users.")] = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Does an "any"/"all" permission cover this card, restrictions included?

    Example: rulebook spellfire use "any spell" "wizard spell" --restriction "dragons only"
    """
    from rulebook import spellfire

    ruling = spellfire.may_use(permission, card, restriction)
    given = {"permission": permission, "card": card, "restriction": restriction}
    emit_ruling("spellfire", "use", given, ruling, as_json, verbose)


@app.command()
@answers
def avatar(
    phase: PhaseFlag = 3,
    conditions_met: Annotated[
        bool,
        typer.Option(
            "--conditions-met/--conditions-not-met", help="Whether the Avatar's printed conditions are met (they are)."
        ),
    ] = True,
    again: Annotated[bool, typer.Option("--again", help="The Avatar has been in play before.")] = False,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """May an Avatar be brought into play now?

    Example: rulebook spellfire avatar --phase 4
    """
    from rulebook import spellfire

    ruling = spellfire.bring_avatar(phase, conditions_met, again)
    given = {"phase": phase, "conditions_met": conditions_met, "again": again}
    emit_ruling("spellfire", "avatar", given, ruling, as_json, verbose)


@app.command()
@answers
def levels(
    champions: Annotated[
        list[str], typer.Argument(metavar="CHAMPION...", help="'NAME:LEVEL', or 'NAME:LEVEL:avatar' for an Avatar.")
    ],
    free: Annotated[
        str | None,
        typer.Option(
            metavar="NAME", help="The free Avatar, when the deck has several: NAME, or NAME:LEVEL if two share a name."
        ),
    ] = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Count a deck's champion levels, leaving out the free Avatar's.

    Example: rulebook spellfire levels Elminster:9 Bane:14:avatar
    """
    from rulebook import spellfire

    ruling = spellfire.deck_levels(champions, free)
    emit_ruling("spellfire", "levels", {"champions": champions, "free": free}, ruling, as_json, verbose)


@app.command()
@answers
def draw(
    pile: Annotated[
        int, typer.Argument(metavar="PILE", min=0, max=MAX_CARDS, help="Cards in the draw pile before drawing.")
    ],
    count: Annotated[int, typer.Option(min=0, max=MAX_CARDS, help="Cards to draw.")] = 1,
    discard: Annotated[
        int, typer.Option(min=0, max=MAX_CARDS, help="Cards in the discard pile at the end of the turn.")
    ] = 0,
    abyss: Annotated[int, typer.Option(min=0, max=MAX_CARDS, help="Cards in the Abyss.")] = 0,
    limbo: Annotated[int, typer.Option(min=0, max=MAX_CARDS, help="Cards in Limbo.")] = 0,
    void: Annotated[int, typer.Option(min=0, max=MAX_CARDS, help="Cards in the Void.")] = 0,
    option: OptionFlag = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Draw from a short draw pile: does the game end, or (option reshuffle=yes) what is reshuffled and lost?

    Example: rulebook spellfire draw 1 --count 2 --discard 30 -o reshuffle=yes
    """
    from rulebook import spellfire

    opts = parse_options(option)
    elsewhere = {"abyss": abyss, "limbo": limbo, "void": void}
    ruling = spellfire.draw(pile, count, discard, elsewhere, opts)
    given = {"pile": pile, "count": count, "discard": discard, **elsewhere, "options": opts}
    emit_ruling("spellfire", "draw", given, ruling, as_json, verbose)


@app.command()
@answers
def once(
    uses: Annotated[
        list[str], typer.Argument(metavar="TURN:PHASE...", help="Each attempt: the owner's turn number and the phase.")
    ],
    card_phase: Annotated[
        int | None, typer.Option(min=0, max=LAST_PHASE, help="The phase the card names, if not phase 3.")
    ] = None,
    as_json: JsonFlag = False,
    verbose: VerboseFlag = False,
) -> None:
    """Which uses of a once-per-turn power are allowed?

    Example: rulebook spellfire once 1:3 1:3 2:3
    """
    from rulebook import spellfire

    ruling = spellfire.once_per_turn(uses, card_phase)
    emit_ruling("spellfire", "once", {"uses": uses, "card_phase": card_phase}, ruling, as_json, verbose)
