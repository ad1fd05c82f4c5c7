"""``rulebook elementals``: Elementals queries (one play; a move log; the layouts), a game to play with hints,
the solver, and simulations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.output import (
    EXIT_CHECK_FAILED,
    EXIT_INTERRUPTED,
    JsonFlag,
    answers,
    emit_json,
    emit_ruling,
    fail,
    option_flag,
    parse_options,
    read_line,
    read_text,
)
from rulebook.wording import article, plural

if TYPE_CHECKING:
    from rulebook.elementals import ElementalsState

app = typer.Typer(
    help="Elementals (solitaire): judge a play, replay a game, draw the layouts, play with hints, solve a deal, "
    "or simulate many games.",
    no_args_is_help=True,
)

OptionFlag = option_flag("elementals")
#: The largest seed (a seed is a whole number of up to nine digits, as in a move log).
MAX_SEED = 999_999_999
SeedFlag = Annotated[int, typer.Option(min=0, max=MAX_SEED, help="The seed that shuffles the deal (0 to 999,999,999).")]
LayoutFlag = Annotated[str, typer.Option(help="The layout: 1 (pyramid), 2 (kite) or 3 (tower).")]


@app.command()
@answers
def check(
    action: Annotated[str, typer.Argument(help="One action: '7H > KS', 'JK1=6 > KS', 'discard 9C', 'ragnaros 5D'...")],
    hand: Annotated[str | None, typer.Option(help="Set up a position: the cards in hand ('7H 6C 5S').")] = None,
    targets: Annotated[str | None, typer.Option(help="The face-up elementals ('KS QH').")] = None,
    pile: Annotated[
        list[str] | None, typer.Option(help="Cards on an elemental, repeatable: 'KS=8D' or 'KS=8D JK1=4'.")
    ] = None,
    powers: Annotated[str, typer.Option(help="Kings kept as powers ('KH KS').")] = "",
    defeated: Annotated[str, typer.Option(help="Elementals already defeated ('JC QS'): their places are empty.")] = "",
    discards: Annotated[str, typer.Option(help="Cards already discarded ('9D 8S JK1=1'): the damage taken.")] = "",
    deck: Annotated[
        str | None, typer.Option(help="The titan deck from the top ('2H 3H 7S'; default: every card not placed).")
    ] = None,
    plane: Annotated[str, typer.Option(help="Cards on the Elemental Plane ('2H 9C QD').")] = "",
    log: Annotated[
        str | None, typer.Option(help="A move-log file to play first: the action is judged where it leads.")
    ] = None,
    seed: SeedFlag = 1,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Judge one action: is it legal, why or why not, and which rules decide it.

    An illegal action is an answer (exit code 0). A card that is not in the hand or an elemental that is
    not face up is bad input: one line on standard error, exit code 2.

    The position is a set-up one (--hand, --targets, --pile, --powers, --defeated, --discards, --deck,
    --plane), the position a move log reaches
    (--log), or else the fresh deal of --seed and --layout.

    Example: rulebook elementals check "6C > KS" --hand "7H 6C" --targets "KS QH" --pile KS=8D
    """
    from rulebook import elementals
    from rulebook.errors import InvalidInputError

    opts = parse_options(option)
    given: dict[str, Any] = {"action": action, "options": opts}
    added: list[str] = []
    if hand is not None or targets is not None or pile or defeated or discards or deck is not None or plane:
        piles = {}
        for item in pile or []:
            name, sep, cards = item.partition("=")
            if not sep or not cards.strip():
                raise InvalidInputError(f"a pile is written ELEMENTAL=CARDS, e.g. KS=8D, not {item!r}")
            piles[name.strip()] = cards.replace(",", " ").replace("+", " ")
        state = elementals.position(
            hand=hand or "",
            targets=targets or "",
            piles=piles,
            powers=powers,
            defeated=defeated,
            discards=discards,
            deck=deck,
            plane=plane,
            layout=layout,
            options=opts,
        )
        given.update(
            hand=hand, targets=targets, pile=pile, powers=powers, defeated=defeated, discards=discards, deck=deck
        )
        added = elementals.face_up_added(state, targets or "")
    elif log is not None:
        text = read_text(log)
        played = elementals.replay(text, opts)
        if not played.legal:
            emit_ruling("elementals", "check", {"log": log, **given}, played, as_json)
            return
        state = _reach(text, opts)
        given["log"] = log
    else:
        state = elementals.new_game(opts, seed=seed, layout=layout)
        given.update(seed=seed, layout=layout)
    parsed = elementals.parse_action(action)
    refused = state.refusal(parsed)
    if refused is not None and refused.value.get("available") is False:
        # A card not in hand or an elemental not face up: the question does not fit the position.
        raise InvalidInputError(f"{refused.value['reason']} [{', '.join(refused.rules)}]")
    ruling = elementals.with_added_note(elementals.check_play(state, parsed), added, state.layout)
    emit_ruling("elementals", "check", given, ruling, as_json)


def _reach(text: str, opts: dict[str, str]) -> ElementalsState:
    from rulebook import elementals

    header, moves = elementals.parse_log(text)
    state = elementals.new_game({**header["options"], **opts}, seed=header["seed"], layout=header["layout"])
    for _, action in moves:
        state = state.apply(action)
    return state


@app.command()
@answers
def card(
    name: Annotated[str, typer.Argument(help="A card: 7H, 10S, AS, KD, JK1 (suits H D S C or ♥ ♦ ♠ ♣).")],
    as_json: JsonFlag = False,
) -> None:
    """Say what a card is: titan-forged or elemental, its element and its power level."""
    from rulebook import elementals

    emit_ruling("elementals", "card", {"card": name}, elementals.card_info(name), as_json)


@app.command()
@answers
def deal(
    seed: SeedFlag = 1,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    as_json: JsonFlag = False,
) -> None:
    """Deal a game from a seed: the layout drawn with the bottom row face up, and how the deal was made."""
    from rulebook import elementals

    opts = parse_options(option)
    ruling = elementals.deal(seed, layout, opts)
    if not as_json:
        typer.echo(elementals.new_game(opts, seed=seed, layout=layout).render())
    emit_ruling("elementals", "deal", {"seed": seed, "layout": layout, "options": opts}, ruling, as_json)


@app.command()
@answers
def replay(
    files: Annotated[list[str], typer.Argument(metavar="LOG...", help="Move-log files ('-' reads standard input).")],
    option: OptionFlag = None,
    check: Annotated[bool, typer.Option(help="Exit with code 1 if any log has an illegal action.")] = False,
    steps: Annotated[bool, typer.Option(help="Show every step of every action, not just the summary.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Replay move logs from their seed: how each game went, or the first illegal action and why.

    A log starts with `seed N` (seed 1 if left out, and the answer says so; optionally `layout N`,
    `option NAME=VALUE`), then one action per line:
    `draw`, `7H > KS`, `JK1=6 > KS`, `discard 9C`, `neptulon 9C`, `therazane`, `top`, `stay`,
    `ragnaros 5D`, `alakir`. The answer sums the game up; `--steps` shows every action's steps.
    """
    from rulebook import elementals

    opts = parse_options(option)
    rulings = [(path, elementals.replay(read_text(path), opts, steps=steps)) for path in files]
    for path, ruling in rulings:
        if len(rulings) > 1 and not as_json:
            typer.echo(f"== {path}")
        # The notes name every reading the game was played by, the log's own option lines included.
        played = opts if as_json else {**(ruling.value.get("options") or {}), **opts}
        emit_ruling("elementals", "replay", {"log": path, "options": played, "steps": steps}, ruling, as_json)
    if check and not all(r.legal for _, r in rulings):
        raise typer.Exit(EXIT_CHECK_FAILED)


@app.command()
@answers
def layout(
    name: Annotated[
        str | None, typer.Argument(help="1, 2 or 3 (or pyramid, kite, tower); all three if left out.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Also deal a game from this seed and show its start.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Draw a layout as the document does, and say which cards cover which.

    Slots are numbered in reading order, from 0 at the top.
    """
    from rulebook import elementals
    from rulebook.ruling import Trace

    chosen = [elementals.layout(name)] if name else list(elementals.LAYOUTS.values())
    data = []
    for lay in chosen:
        trace = Trace()
        trace.add(f"rows, top to bottom: {', '.join(map(str, lay.rows()))} cards", "elementals.setup.layouts")
        for i, covers in enumerate(lay.covered_by):
            if covers:
                trace.add(
                    f"slot {i} is covered by slot{'s' if len(covers) > 1 else ''} {' and '.join(map(str, covers))}",
                    "elementals.interp.covering",
                )
        trace.add(
            f"face up at the start: slot{'s' if len(lay.bottom) > 1 else ''} {', '.join(map(str, lay.bottom))}",
            "elementals.setup.reveal-bottom",
        )
        ruling = trace.ruling(
            f"layout {lay.number}, the {lay.name}: {len(lay.slots)} cards",
            {
                "number": lay.number,
                "name": lay.name,
                "drawing": lay.drawing,
                "rows": lay.rows(),
                "covered_by": [list(c) for c in lay.covered_by],
                "bottom": list(lay.bottom),
            },
        )
        state = elementals.new_game(seed=seed, layout=lay.number) if seed is not None else None
        if state is not None:
            ruling.value["deal"] = state.to_dict()
        data.append((lay, ruling, state))
    if as_json:
        from cli.output import envelope

        emit_json([envelope("elementals", "layout", {"layout": lay.number, "seed": seed}, r) for lay, r, _ in data])
        return
    for lay, ruling, state in data:
        typer.echo(_numbered(lay))
        if state is not None:
            typer.echo(f"dealt from seed {seed}:\n{state.render()}")
        emit_ruling("elementals", "layout", {}, ruling, False)
        typer.echo("")


def _numbered(lay: Any) -> str:
    """A layout drawn with its slot numbers in place of the cards."""
    rows: dict[int, str] = {}
    for i, (r, c) in enumerate(lay.slots):
        text = rows.get(r, "")
        rows[r] = text + " " * (2 * c - len(text)) + f"[{i:>2}]"
    return "\n".join(rows[r] for r in sorted(rows))


def _menu(state: ElementalsState) -> list[tuple[str, Any]]:
    """The legal actions as a numbered menu. A joker's powers are folded into one entry; its number plays
    the joker at 10 to start an attack, at the least power that completes one, or discards it at 1."""
    from rulebook.elementals import Discard, Play

    items: list[tuple[str, Any]] = []
    folded: dict[tuple[str, str, str | None], list[Any]] = {}
    for a in state.legal_actions():
        if isinstance(a, Play | Discard) and a.power is not None:
            kind = "play" if isinstance(a, Play) else "discard"
            folded.setdefault((kind, a.card, getattr(a, "target", None)), []).append(a)
            continue
        items.append((str(a), a))
    for (kind, _, target), variants in folded.items():
        powers = [v.power for v in variants]
        starting = kind == "play" and not state.piles[state.slot_of(target) or 0]
        chosen = variants[-1] if starting else variants[0]
        items.append((f"{chosen} (or N from {min(powers)} to {max(powers)})", chosen))
    return items


HELP = """moves:
  draw          begin a turn: draw three cards
  7H > KS       play 7H on the face-up elemental KS
  JK1=6 > KS    play a joker, naming its power (1 to 10)
  discard 9C    discard a card, taking its power as damage (a joker: JK1=1)
  neptulon 9C   Whispers of Neptulon: 9C goes under the titan deck
  therazane     Therazane's Touch: see the bottom card, then 'top' or 'stay'
  ragnaros 5D   Hand of Ragnaros: double 5D's power (in hand or on an elemental)
  alakir        Breath of Al'Akir: draw one more card
  3             the move numbered 3 in the list
commands:
  hint          the best move from what you can see (never the deck's order)
  undo          take back the last move
  why           the last move's rules, step by step
  board         draw the board again
  quit          stop the game (so does the end of input)"""

#: Each element's colour on a terminal that has colour.
COLOURS = {"water": "bright_blue", "earth": "green", "fire": "red", "air": "yellow", None: "magenta"}
_RANKS = {"J": "jack", "Q": "queen", "K": "king"}


def legend() -> list[list[tuple[str, str | None]]]:
    """The lines shown when a game starts: the goal, the suits and their elements, how an elemental falls."""
    from rulebook import elementals

    suits: list[tuple[str, str | None]] = [("Suits are elements: ", None)]
    for n, (suit, element) in enumerate(elementals.SUITS.items()):
        symbol = "♥♦♠♣"[n]
        suits += [(", " if n else "", None), (f"{suit} {symbol} {element}", COLOURS[element])]
    suits.append((". Jokers (JK1, JK2) deal arcane damage, of a power you name from 1 to 10.", None))
    return [
        [("Goal: defeat all 12 elementals before your discards add up to 33 damage.", None)],
        suits,
        [
            (
                "An elemental falls to two damage cards that add up to its power (jack 11, queen 12, king 13) "
                "and are not of its element, then a banish card of its element. A king you defeat gives you "
                "its power, to use once.",
                None,
            )
        ],
        [("Type a move or its number; 'hint', 'undo', 'why', 'help' or 'quit'.", None)],
    ]


def describe(c: str) -> list[tuple[str, str | None]]:
    """A card with its element and power, as coloured pieces: ``5D earth 5``, ``KS fire king 13``."""
    from rulebook import elementals

    element = elementals.element_of(c)
    if c in elementals.JOKERS:
        return [(f"{c} joker 1-10", COLOURS[None])]
    rank = _RANKS.get(c[:-1])
    what = f"{element} {rank} " if rank else f"{element} "
    return [(f"{c} {what}{elementals.power_of(c)}", COLOURS[element])]


def board(state: ElementalsState) -> list[list[tuple[str, str | None]]]:
    """The position for a person: the layout, the face-up elementals with what they still need, the hand
    (each card with its element and power), and the deck, the damage and the powers."""
    from rulebook import elementals

    lines: list[list[tuple[str, str | None]]] = []
    lay = elementals.LAYOUTS[state.layout]
    rows: dict[int, list[tuple[str, str | None]]] = {}
    widths: dict[int, int] = {}
    for i, (r, col) in enumerate(lay.slots):
        pad = 2 * col - widths.get(r, 0)
        s = state.slots[i]
        cell = "[  ]" if s is None else (f"[{s}]" if i in state.revealed else "[##]")
        style = COLOURS[elementals.element_of(s)] if s is not None and i in state.revealed else None
        rows.setdefault(r, []).extend([(" " * pad, None), (cell, style)])
        widths[r] = widths.get(r, 0) + pad + len(cell)
    lines += [rows[r] for r in sorted(rows)]
    up: list[tuple[str, str | None]] = [("face up: ", None)]
    for n, t in enumerate(state.targets()):
        i = state.slot_of(t)
        assert i is not None
        pile = state.piles[i]
        if not pile:
            status = ""
        elif len(pile) < elementals.DAMAGE_CARDS:
            need = elementals.power_of(t) - state.pile_power(i)
            status = f" (on it {state._describe_pile(i).split(' =')[0]}: needs {max(need, 0)} more)"
        else:
            banish = article(elementals.element_of(t))
            status = f" (on it {state._describe_pile(i).split(' =')[0]}: needs {banish} banish card)"
        up += [(" · " if n else "", None), *describe(t), (status, None)]
    lines.append(up)
    hand: list[tuple[str, str | None]] = [("hand: ", None)]
    for n, c in enumerate(state.hand):
        hand += [(" · " if n else "", None), *describe(c), (" doubled" if c in state.doubled else "", None)]
    if not state.hand:
        hand.append(("empty (draw to begin a turn)" if not state.is_terminal() else "-", None))
    lines.append(hand)
    powers = ", ".join(f"{k} {elementals.LORD_TITLES[k]}" for k in state.powers) or "none"
    lines.append(
        [(f"deck {len(state.deck)} · damage {state.damage} of {elementals.LOSING_DAMAGE} · powers: {powers}", None)]
    )
    if state.peeking:
        lines.append([(f"Therazane's Touch: the bottom card is {state.deck[-1]}; 'top' or 'stay'?", None)])
    return lines


#: The width the game's text is wrapped to.
WIDTH = 80


def wrap(pieces: list[tuple[str, str | None]], width: int = WIDTH) -> list[list[tuple[str, str | None]]]:
    """Coloured pieces of text wrapped into lines of at most ``width`` characters, at spaces (a no-break
    space holds words together, and prints as a space).

    Examples:
        >>> ["".join(t for t, _ in line) for line in wrap([("one two ", None), ("three", "red")], 8)]
        ['one two', 'three']
    """
    plain = "".join(text for text, _ in pieces)
    styles = [style for text, style in pieces for _ in text]
    spans = []
    start = 0
    while len(plain) - start > width:
        cut = plain.rfind(" ", start, start + width + 1)
        if cut <= start:
            cut = plain.find(" ", start + width)
            if cut == -1:
                break
        spans.append((start, cut))
        start = cut + 1
    spans.append((start, len(plain)))
    lines = []
    for first, last in spans:
        while last > first and plain[last - 1] == " ":
            last -= 1
        line: list[tuple[str, str | None]] = []
        for i in range(first, last):
            char = " " if plain[i] == "\u00a0" else plain[i]
            if line and line[-1][1] == styles[i]:
                line[-1] = (line[-1][0] + char, styles[i])
            else:
                line.append((char, styles[i]))
        lines.append(line)
    return lines


class _Screen:
    """Prints pieces of text, wrapped, in colour where the terminal has it. Rich decides, on the real
    standard output (no colour when it is not a terminal, or NO_COLOR is set); the text itself has its
    control characters escaped, so the colours are Rich's own and nothing typed can drive the terminal."""

    def __init__(self) -> None:
        from rich.console import Console

        from cli.output import real_stdout

        self.console = Console(file=real_stdout(), highlight=False, soft_wrap=True)

    def line(self, pieces: list[tuple[str, str | None]] | str, keep: bool = False) -> None:
        """Print ``pieces``, wrapped to WIDTH (as they are with ``keep``: a drawing)."""
        from rich.text import Text

        from cli.output import escape_unprintable

        if isinstance(pieces, str):
            for text in pieces.split("\n"):
                self.line([(text, None)], keep)
            return
        lines = [pieces] if keep else wrap(pieces) or [[("", None)]]
        indent = len(lines[0][0][0]) - len(lines[0][0][0].lstrip(" ")) if lines[0] else 0
        for n, line in enumerate(lines):
            lead = [(" " * (indent + 4), None)] if n and indent else []
            self.console.print(
                Text.assemble(*((escape_unprintable(text), style or "") for text, style in lead + line))
            )

    def prompt(self) -> None:
        self.console.print("> ", end="")


@app.command()
@answers
def play(
    seed: SeedFlag = 1,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    save: Annotated[str | None, typer.Option(help="Write the game's move log to this file when it ends.")] = None,
) -> None:
    """Play a game in the terminal: the board is drawn, each card with its element and power, and the
    legal moves listed.

    Type a move in the log notation (`7H > KS`, `JK1=6 > KS`, `discard 9C`, `therazane`...) or its number;
    `hint` asks for the best move from what you can see, `undo` takes a move back, `why` shows the last
    move's rules step by step. `quit` (or the end of input) stops; `help` lists it all. A refused move is
    explained, and the game goes on.
    """
    from rulebook import elementals
    from rulebook.writing import check_output, write_atomic

    target = check_output(save) if save else None
    opts = parse_options(option)
    state = elementals.new_game(opts, seed=seed, layout=layout)
    header = [f"seed {seed}", f"layout {state.layout}", *(f"option {k}={v}" for k, v in opts.items())]
    history: list[tuple[ElementalsState, str, Any]] = []  # (state before, move, its ruling)
    screen = _Screen()
    screen.line(f"Elementals, seed {seed}, layout {state.layout} ({elementals.LAYOUTS[state.layout].name}).")
    for pieces in legend():
        screen.line(pieces)
    current = [state]
    try:
        ended = _play_loop(current, screen, history)
    except KeyboardInterrupt:
        ended = "interrupted"
    state = current[0]
    moves = [move for _, move, _ in history]
    screen.line(
        f"game {'over' if ended in ('won', 'lost') else 'stopped (' + ended + ')'} after {len(moves)} "
        f"move{'s' if len(moves) != 1 else ''}: {state.defeated} of 12 elementals defeated, {state.damage} damage."
    )
    if target is not None:
        write_atomic(target, "\n".join([*header, *moves]) + "\n")
        screen.line(f"move log written to {save}")
    if ended == "interrupted":
        fail("interrupted", EXIT_INTERRUPTED)


def _read_line() -> str:
    """One line typed by the player ('' at the end of input)."""
    return read_line()


def _play_loop(current: list[ElementalsState], screen: Any, history: list) -> str:
    """The game's loop: read a move or a command, answer, until the game ends or the input does; the
    position is kept in ``current[0]``, so that it is known if the loop is interrupted. Returns how the
    game ended."""
    shown = True
    while not current[0].is_terminal():
        state = current[0]
        menu = _menu(state)
        if shown:
            screen.line("")
            for pieces in board(state):
                screen.line(pieces, keep=any("[" in text for text, _ in pieces))
            items = (f"{n})\u00a0{label}".replace(" ", "\u00a0") for n, (label, _) in enumerate(menu, 1))
            screen.line("moves: " + "   ".join(items))
        screen.prompt()
        line = _read_line()
        if not line:
            screen.line("")
            return "end of input"
        text = " ".join(line.split())
        if text.lower() in ("quit", "q", "exit"):
            return "quit"
        shown = _command(text, current, screen, history) if text else False
        if shown is None:
            shown = _move(text, menu, current, screen, history)
    state = current[0]
    screen.line("")
    for pieces in board(state):
        screen.line(pieces, keep=any("[" in text for text, _ in pieces))
    screen.line("game over: " + ("the player wins" if state.won() else "the elementals win"))
    return "won" if state.won() else "lost"


def _command(text: str, current: list[ElementalsState], screen: Any, history: list) -> bool | None:
    """Answer a command of the game (help, board, why, undo, hint): whether to draw the board again
    after it, or ``None`` when ``text`` is no command (it is a move)."""
    word = text.lower()
    if word in ("help", "?"):
        screen.line(HELP)
        return False
    if word == "board":
        return True
    if word == "why":
        screen.line(str(history[-1][2]) if history else "no move yet")
        return False
    if word == "undo":
        if not history:
            screen.line("nothing to undo")
            return False
        current[0], move, _ = history.pop()
        screen.line(f"undone: {move}")
        return True
    if word == "hint":
        from rulebook.elementals.hint import hint

        with _progress("hint", None, unit="games played out") as advance:
            found = hint(current[0], progress=advance)
        screen.line(_hint_line(current[0], found))
        return False
    return None


def _move(text: str, menu: list, current: list[ElementalsState], screen: Any, history: list) -> bool:
    """Play a move typed in the log notation or as its number in the menu; a refused one is explained.
    Returns whether to draw the board again."""
    from rulebook import elementals
    from rulebook.errors import RulebookError

    state = current[0]
    try:
        if text.isascii() and text.isdigit():
            from rulebook.reading import number

            action = menu[number(text, "a move number", low=1, high=len(menu)) - 1][1]
        else:
            action = elementals.parse_action(text)
        refused = state.refusal(action)
        if refused is not None:
            screen.line(f"error: {refused.value['reason']} [{', '.join(refused.rules)}]")
            return False
        after, ruling = state.explain(action)
    except RulebookError as err:
        screen.line(f"error: {err}")
        return False
    history.append((state, str(action), ruling))
    current[0] = after
    screen.line(ruling.verdict)
    return True


def _hint_line(state: ElementalsState, found: Any) -> str:
    """A hint as the game shows it: the move, then why, and its chance to win, in a player's words."""
    from rulebook.elementals.hint import reasons

    return "\n".join([f"hint: {found.action}", *(f"  {line}" for line in reasons(state, found))])


@app.command()
@answers
def hint(
    log: Annotated[str | None, typer.Option(help="A move-log file: the hint is for the position it reaches.")] = None,
    seed: SeedFlag = 1,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    samples: Annotated[
        int,
        typer.Option(min=2, max=200, help="The most games fitting what you see to play out for a move (2 to 200)."),
    ] = 24,
    progress: Annotated[bool, typer.Option(help="Show the games played out (on standard error).")] = True,
    as_json: JsonFlag = False,
) -> None:
    """The best next move from what the player can see, without looking at the deck's order.

    The hint deals games that fit the view (the unseen cards in a random order), plays the most promising
    plans for the turn in each, the rest of each game played one turn at a time, drops the weaker plans as
    the games grow, and says why its move, its chance to win, and when the deal looks lost, the move that
    loses least. The position is the one a move log reaches (--log), or the fresh deal of --seed and
    --layout.

    Example: rulebook elementals hint --log examples/elementals/opening.log
    """
    from rulebook.elementals.hint import hint as find
    from rulebook.elementals.hint import reasons
    from rulebook.ruling import Trace

    opts = parse_options(option)
    state, given = _position(log, seed, layout, opts)
    with _progress("hint", None, progress, unit="games played out") as advance:
        found = find(state, samples=samples, progress=advance)
    trace = Trace()
    trace.add(
        "the hint sees what the player sees: the layout as revealed, the hand, the piles, the discards, the powers",
        "elementals.interp.deal",
    )
    for line in reasons(state, found):
        rule = "elementals.end.loss" if "looks lost" in line else (
            "elementals.end.win" if line.startswith("chance") else "elementals.turn.end"
        )
        trace.add(line, rule)
    value = {
        "move": str(found.action),
        "plan": [str(a) for a in found.plan],
        "samples": found.samples,
        "won": found.won,
        "votes": found.votes,
        "chance": found.chance if found.chance is not None else (found.votes / found.samples if found.samples else 0.0),
        "counted": found.chance is not None,
        "exact": found.exact,
        "source": found.source,
        "reasons": reasons(state, found),
        "position": state.to_dict(),
    }
    ruling = trace.ruling(f"hint: {found.action}", value)
    emit_ruling("elementals", "hint", {**given, "samples": samples, "options": opts}, ruling, as_json)


def _position(log: str | None, seed: int, layout: str, opts: dict[str, str]) -> tuple[ElementalsState, dict]:
    """The position a move log reaches (it must be legal), or the fresh deal of ``seed`` and ``layout``."""
    from rulebook import elementals
    from rulebook.errors import InvalidInputError

    if log is None:
        return elementals.new_game(opts, seed=seed, layout=layout), {"seed": seed, "layout": layout}
    text = read_text(log)
    played = elementals.replay(text, opts, steps=False)
    if not played.legal:
        raise InvalidInputError(f"the move log {log!r} is not legal: {played.verdict}")
    return _reach(text, opts), {"log": log}


class _progress:
    """A progress bar on standard error while ``total`` steps run (or a count of positions when ``total``
    is None); nothing when standard error is not a terminal."""

    def __init__(self, what: str, total: int | None, enabled: bool = True, unit: str = "positions") -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
        if total is None:
            columns = [
                TextColumn("{task.description}"),
                TextColumn("{task.completed:,} " + unit),
                TimeElapsedColumn(),
            ]
        screen = Console(stderr=True)
        # Only on a terminal: elsewhere (a file, a pipe) a progress bar would leave stray lines behind.
        self.bar = Progress(*columns, console=screen, disable=not (enabled and screen.is_terminal), transient=True)
        self.what, self.total = what, total

    def __enter__(self) -> Any:
        self.bar.__enter__()
        task = self.bar.add_task(self.what, total=self.total)
        return lambda n=1: self.bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        self.bar.__exit__(*exc)


#: The most games one simulation plays with each policy.
MAX_GAMES = 100_000


@app.command()
@answers
def simulate(
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, help=f"How many games to play with each policy (1 to {MAX_GAMES:,}).")
    ] = 1000,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Game i is dealt from seed + i.")] = 1,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            help="random, greedy, planner, lookahead (the planner weighing the next draw) or hint (slow: it plays "
            "out sampled games every turn); repeatable."
        ),
    ] = None,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    chart: Annotated[str | None, typer.Option(help="Write an SVG chart of the damage distribution here.")] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar (on standard error).")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Play many seeded games with a policy: the win rate with its 95% interval, and the damage taken.

    The random and greedy policies play thousands of games a second, the planner about two hundred, and
    the hint a game every few seconds. Ctrl-C stops the run and reports the games played so far.

    Example: rulebook elementals simulate --games 1000 --policy greedy --policy planner
    """
    from rulebook import elementals
    from rulebook.elementals.simulation import POLICIES, SimulationResult, svg_chart
    from rulebook.elementals.simulation import simulate as run
    from rulebook.errors import UnknownNameError
    from rulebook.writing import check_output, write_atomic

    opts = parse_options(option)
    names = policy or ["planner"]
    for name in names:
        if name not in POLICIES:
            raise UnknownNameError("policy", name, list(POLICIES))
    elementals.new_game(opts, layout=layout)  # validates the options and the layout before the long run
    target = check_output(chart) if chart else None
    results = [SimulationResult(name) for name in names]
    interrupted = False
    with _progress("", games * len(names), progress) as advance:
        try:
            for result in results:
                run(games, seed=seed, policy=result.policy, layout=layout, options=opts, progress=advance, into=result)
        except KeyboardInterrupt:
            interrupted = True
    played = [r for r in results if r.games]
    if not played:
        fail("interrupted: no game was played yet", EXIT_INTERRUPTED)
    ruling = _simulation_ruling(played, games, interrupted, opts)
    given = {"games": games, "seed": seed, "policy": names, "layout": layout, "options": opts}
    ruling.value.update(games=games, seed=seed, layout=layout, options=opts, complete=not interrupted)
    if target is not None and not interrupted:
        write_atomic(target, svg_chart(played))
    emit_ruling("elementals", "simulate", given, ruling, as_json)
    if not as_json:
        typer.echo("")
        typer.echo(_table(played))
        if target is not None and not interrupted:
            typer.echo(f"chart written to {chart}")
    if interrupted:
        done = sum(r.games for r in played)
        fail(f"interrupted: {done:,} of {plural(games * len(names), 'game')} played", EXIT_INTERRUPTED)


def _simulation_ruling(results: list[Any], games: int, interrupted: bool, opts: dict[str, str]) -> Any:
    from rulebook import elementals
    from rulebook.ruling import Trace

    trace = Trace()
    for r in results:
        low, high = r.interval()
        trace.add(
            f"{r.policy}: won {r.wins} of {r.games} ({r.win_rate:.2%}, 95% CI {low:.2%} to {high:.2%}); "
            f"lost {r.lost_to_damage} to damage, {r.lost_to_deck} to an empty deck",
            "elementals.end.win",
        )
    trace.add(f"a game is lost at {elementals.LOSING_DAMAGE} damage", "elementals.end.loss")
    trace.add(
        f"an empty titan deck: option empty-deck={elementals.new_game(opts).options['empty-deck']}",
        "elementals.interp.empty-deck",
    )
    best = max(results, key=lambda r: r.win_rate)
    many = len(results) > 1
    if interrupted:
        verdict = f"stopped after {sum(r.games for r in results):,} games: best {best.policy} wins {best.win_rate:.2%}"
    else:
        verdict = (
            f"{len(results)} polic{'ies' if many else 'y'}, {games} game{'s' if games != 1 else ''} each: "
            f"best {best.policy} wins {best.win_rate:.2%}"
        )
    return trace.ruling(verdict, {"results": [r.to_dict() for r in results]})


@app.command()
@answers
def solve(
    seed: SeedFlag = 1,
    layout: LayoutFlag = "1",
    log: Annotated[str | None, typer.Option(help="A move-log file: solve from the position it reaches.")] = None,
    limit: Annotated[
        float, typer.Option(min=0.1, max=3600, help="Stop after this many seconds (0.1 to 3600): unknown.")
    ] = 10.0,
    option: OptionFlag = None,
    save: Annotated[str | None, typer.Option(help="Write the winning line's move log to this file.")] = None,
    progress: Annotated[bool, typer.Option(help="Show the positions searched (on standard error).")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Could this deal be won, knowing the order of the titan deck? Winnable (with a winning move log),
    not winnable (and why), or unknown within the time limit.

    The solver knows what the deal decides: the face-down elementals and the order of the whole deck.
    Ctrl-C stops it and says how far it got.

    Example: rulebook elementals solve --seed 141
    """
    from rulebook.elementals.solver import solve as find
    from rulebook.writing import check_output, write_atomic

    opts = parse_options(option)
    state, given = _position(log, seed, layout, opts)
    target = check_output(save) if save else None
    if state.is_terminal():  # nothing to search: say how the game ended
        emit_ruling("elementals", "solve", {**given, "limit": limit, "options": opts}, _finished(state, given), as_json)
        return
    searched = [0]

    def counted(n: int) -> None:
        searched[0] += n
        advance(n)

    with _progress("solving", None, progress) as advance:
        try:
            result = find(state, limit=limit, progress=counted)
        except KeyboardInterrupt:
            result = None
    if result is None:
        fail(f"interrupted: no verdict after {plural(searched[0], 'position')} searched", EXIT_INTERRUPTED)
    header = _log_header(log, seed, state, opts)
    ruling = _solution_ruling(result, state, given, header)
    emit_ruling("elementals", "solve", {**given, "limit": limit, "options": opts}, ruling, as_json)
    if result.winnable and not as_json:
        typer.echo("")
        typer.echo("a winning line, as a move log (`rulebook elementals replay --check` accepts it):")
        typer.echo("\n".join([*header, *map(str, result.line)]))
    if target is not None:
        if result.winnable:
            write_atomic(target, "\n".join([*header, *map(str, result.line)]) + "\n")
        if not as_json:
            typer.echo(f"move log written to {save}" if result.winnable else "no winning line to write")
    if not as_json:
        typer.echo(f"searched {plural(result.positions, 'position')} in {result.seconds:.1f} s")


def _log_header(log: str | None, seed: int, state: ElementalsState, opts: dict[str, str]) -> list[str]:
    """The start of a move log for the position solved: the deal, and the moves of ``log`` if any."""
    from rulebook import elementals

    if log is None:
        return [f"seed {seed}", f"layout {state.layout}", *(f"option {k}={v}" for k, v in opts.items())]
    head, moves = elementals.parse_log(read_text(log))
    options = {**head["options"], **opts}
    lines = [f"seed {head['seed']}", f"layout {state.layout}", *(f"option {k}={v}" for k, v in options.items())]
    return lines + [str(action) for _, action in moves]


_BOUND_RULES = {
    "cards": "elementals.attack.order",
    "banish": "elementals.attack.banish-element",
    "power": "elementals.attack.damage-sum",
    "damage": "elementals.end.loss",
}


def _finished(state: ElementalsState, given: dict) -> Any:
    """The solver's answer for a game already won or lost: how it ended, with no search."""
    from rulebook.elementals.ending import game_over
    from rulebook.ruling import Trace

    said, rules = game_over(state)
    trace = Trace()
    trace.add(said.removeprefix("the game is over: "), rules[0])
    for rule in rules[1:]:
        trace.add("see also", rule)
    where = f"seed {given['seed']}" if "seed" in given else f"the position of {given['log']}"
    value = {"verdict": "over", "winnable": state.won(), "damage": state.damage, "positions": 0, "line": []}
    return trace.ruling(f"{where}: {said.replace('the game is over', 'the game is already over')}", value)


def _solution_ruling(result: Any, state: ElementalsState, given: dict, header: list[str]) -> Any:
    from rulebook import elementals
    from rulebook.ruling import Trace

    lay = elementals.LAYOUTS[state.layout].name
    where = f"seed {given['seed']}, the {lay}" if "seed" in given else f"the position of {given['log']}"
    trace = Trace()
    trace.add(
        "the solver knows what the deal decides: the face-down elementals and the order of the titan deck",
        "elementals.interp.deal",
    )
    trace.add(
        "Breath of Al'Akir draws the top card, which the solver knows like the rest", "elementals.interp.breath-draws"
    )
    value: dict[str, Any] = {
        "verdict": result.verdict,
        "winnable": result.winnable,
        "reason": result.reason,
        "bound": result.bound,
        "positions": result.positions,
        "seconds": round(result.seconds, 3),
        "line": [str(a) for a in result.line],
    }
    if result.winnable:
        end = state
        for action in result.line:
            end = end.apply(action)
        value["damage"] = end.damage
        n = len(result.line)
        trace.add(f"the line below defeats every elemental with {end.damage} damage", "elementals.end.win")
        verdict = f"{where}: winnable, by a line of {n} action{'s' if n != 1 else ''} ending with {end.damage} damage"
    elif result.verdict == "not winnable":
        if result.bound:
            trace.add(f"lost whatever is played: {result.reason}", _BOUND_RULES[result.bound])
            verdict = f"{where}: not winnable: {result.reason}"
        else:
            trace.add("every line of play was searched and none wins", "elementals.end.loss")
            verdict = f"{where}: not winnable: no line of play wins"
    else:
        trace.add(f"the search stopped after {result.seconds:.1f} s without a verdict", "elementals.end.win")
        verdict = f"{where}: unknown within the time limit"
    return trace.ruling(verdict, value)


def _table(results: list[Any]) -> str:
    """The damage distribution as a plain text table: one column per policy, share of games per bin."""
    labels = [label for label, _ in results[0].histogram()]
    head = "damage  " + "".join(f"{r.policy:>10}" for r in results)
    lines = [head]
    for b, label in enumerate(labels):
        cells = "".join(f"{r.histogram()[b][1] / r.games:>10.1%}" for r in results)
        lines.append(f"{label:<8}{cells}")
    lines.append("mean    " + "".join(f"{sum(r.damage) / r.games:>10.1f}" for r in results))
    return "\n".join(lines)
