"""``rulebook elementals``: Elementals queries (one play; a move log; the layouts), a game to play, simulations."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.output import (
    EXIT_CHECK_FAILED,
    JsonFlag,
    answers,
    emit_json,
    emit_ruling,
    option_flag,
    parse_options,
    read_text,
)

if TYPE_CHECKING:
    from rulebook.elementals import ElementalsState

app = typer.Typer(
    help="Elementals (solitaire): judge a play, replay a game, draw the layouts, play, or simulate many games.",
    no_args_is_help=True,
)

OptionFlag = option_flag("elementals")
SeedFlag = Annotated[int, typer.Option(help="The seed that shuffles the deal.")]
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

    The position is a set-up one (--hand, --targets, --pile, --powers), the position a move log reaches
    (--log), or else the fresh deal of --seed and --layout.

    Example: rulebook elementals check "6C > KS" --hand "7H 6C" --targets "KS QH" --pile KS=8D
    """
    from rulebook import elementals
    from rulebook.errors import IllegalActionError, InvalidInputError

    opts = parse_options(option)
    given: dict[str, Any] = {"action": action, "options": opts}
    if hand is not None or targets is not None or pile:
        piles = {}
        for item in pile or []:
            name, sep, cards = item.partition("=")
            if not sep or not cards.strip():
                raise InvalidInputError(f"a pile is written ELEMENTAL=CARDS, e.g. KS=8D, not {item!r}")
            piles[name.strip()] = cards.replace(",", " ").replace("+", " ")
        state = elementals.position(
            hand=hand or "", targets=targets or "", piles=piles, powers=powers, layout=layout, options=opts
        )
        given.update(hand=hand, targets=targets, pile=pile, powers=powers)
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
    try:
        state.check(parsed)
    except elementals.NotAvailableError as err:
        # A card not in hand or an elemental not face up: the question does not fit the position.
        raise InvalidInputError(str(err)) from None
    except IllegalActionError:
        pass
    emit_ruling("elementals", "check", given, elementals.check_play(state, parsed), as_json)


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
    as_json: JsonFlag = False,
) -> None:
    """Replay move logs from their seed: each action's outcome, or the first illegal action and why.

    A log starts with `seed N` (and optionally `layout N`, `option NAME=VALUE`), then one action per line:
    `draw`, `7H > KS`, `JK1=6 > KS`, `discard 9C`, `neptulon 9C`, `therazane`, `top`, `stay`,
    `ragnaros 5D`, `alakir`.
    """
    from rulebook import elementals

    opts = parse_options(option)
    rulings = [(path, elementals.replay(read_text(path), opts)) for path in files]
    for path, ruling in rulings:
        if len(rulings) > 1 and not as_json:
            typer.echo(f"== {path}")
        emit_ruling("elementals", "replay", {"log": path, "options": opts}, ruling, as_json)
    if check and not all(r.legal for _, r in rulings):
        raise typer.Exit(EXIT_CHECK_FAILED)


@app.command()
@answers
def layout(
    name: Annotated[
        str | None, typer.Argument(help="1, 2 or 3 (or pyramid, kite, tower); all three if left out.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Also deal a game from this seed and show its start.")] = None,
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
  discard 9C    discard a card: its power counts as damage (a joker: discard JK1=1)
  neptulon 9C   Whispers of Neptulon: 9C goes under the titan deck
  therazane     Therazane's Touch: see the bottom card, then 'top' or 'stay'
  ragnaros 5D   Hand of Ragnaros: double 5D's power (in hand or on an elemental)
  alakir        Breath of Al'Akir: draw one more card
  3             the move numbered 3 in the list
  quit          stop the game (so does the end of input)"""


@app.command()
@answers
def play(
    seed: SeedFlag = 1,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    save: Annotated[str | None, typer.Option(help="Write the game's move log to this file when it ends.")] = None,
) -> None:
    """Play a game in the terminal: the layout is drawn and the legal moves listed.

    Type a move in the log notation (`7H > KS`, `JK1=6 > KS`, `discard 9C`, `therazane`...) or its number.
    `quit` (or the end of input) stops; `help` lists the notation. A refused move is explained, and the
    game goes on.
    """
    from rulebook import elementals
    from rulebook.errors import RulebookError

    opts = parse_options(option)
    state = elementals.new_game(opts, seed=seed, layout=layout)
    header = [f"seed {seed}", f"layout {state.layout}", *(f"option {k}={v}" for k, v in opts.items())]
    moves: list[str] = []
    typer.echo(f"Elementals, seed {seed}, layout {state.layout} ({elementals.LAYOUTS[state.layout].name}).")
    typer.echo("Type a move or its number; 'help' for the notation, 'quit' to stop.")
    ended = "quit"
    while not state.is_terminal():
        menu = _menu(state)
        typer.echo("")
        typer.echo(state.render())
        typer.echo("moves: " + "   ".join(f"{n}) {label}" for n, (label, _) in enumerate(menu, 1)))
        typer.echo("> ", nl=False)
        line = sys.stdin.readline()
        if not line:
            typer.echo("")
            ended = "end of input"
            break
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("quit", "q", "exit"):
            break
        if text.lower() in ("help", "?"):
            typer.echo(HELP)
            continue
        try:
            if text.isdigit():
                n = int(text)
                if not 1 <= n <= len(menu):
                    raise RulebookError(f"no move numbered {n}; type a listed number or a move")
                action = menu[n - 1][1]
            else:
                action = elementals.parse_action(text)
            state, ruling = state.explain(action)
        except RulebookError as err:
            typer.echo(f"error: {err}")
            continue
        moves.append(str(action))
        typer.echo(str(ruling))
    else:
        typer.echo("")
        typer.echo(state.render())
        ended = "won" if state.won() else "lost"
    typer.echo(
        f"game {'over' if ended in ('won', 'lost') else 'stopped (' + ended + ')'} after {len(moves)} moves: "
        f"{state.defeated} of 12 elementals defeated, {state.damage} damage."
    )
    if save:
        from pathlib import Path

        Path(save).write_text("\n".join([*header, *moves]) + "\n", encoding="utf-8")
        typer.echo(f"move log written to {save}")


@app.command()
@answers
def simulate(
    games: Annotated[int, typer.Option(min=1, help="How many games to play with each policy.")] = 1000,
    seed: Annotated[int, typer.Option(help="Game i is dealt from seed + i.")] = 1,
    policy: Annotated[
        list[str] | None, typer.Option(help="random, greedy or planner; repeat to compare several.")
    ] = None,
    layout: LayoutFlag = "1",
    option: OptionFlag = None,
    chart: Annotated[str | None, typer.Option(help="Write an SVG chart of the damage distribution here.")] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar (on standard error).")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Play many seeded games with a policy: the win rate with its 95% interval, and the damage taken.

    Example: rulebook elementals simulate --games 10000 --policy greedy --policy planner
    """
    from rulebook import elementals
    from rulebook.elementals_sim import POLICIES, svg_chart
    from rulebook.elementals_sim import simulate as run
    from rulebook.errors import UnknownNameError
    from rulebook.ruling import Trace

    opts = parse_options(option)
    names = policy or ["planner"]
    for name in names:
        if name not in POLICIES:
            raise UnknownNameError("policy", name, list(POLICIES))
    elementals.new_game(opts, layout=layout)  # validates the options and the layout before the long run
    results = []
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not progress,
    ) as bar:
        for name in names:
            task = bar.add_task(f"{name:>8}", total=games)
            results.append(
                run(
                    games,
                    seed=seed,
                    policy=name,
                    layout=layout,
                    options=opts,
                    progress=lambda n, task=task: bar.advance(task, n),
                )
            )
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
    verdict = (
        f"{len(results)} polic{'ies' if len(results) > 1 else 'y'}, {games} games each: best {best.policy} "
        f"wins {best.win_rate:.2%}"
    )
    value = {"games": games, "seed": seed, "layout": layout, "options": opts, "results": [r.to_dict() for r in results]}
    ruling = trace.ruling(verdict, value)
    if chart:
        from pathlib import Path

        Path(chart).write_text(svg_chart(results), encoding="utf-8")
    given = {"games": games, "seed": seed, "policy": names, "layout": layout, "options": opts}
    if as_json:
        emit_ruling("elementals", "simulate", given, ruling, True)
        return
    emit_ruling("elementals", "simulate", given, ruling, False)
    typer.echo("")
    typer.echo(_table(results))
    if chart:
        typer.echo(f"chart written to {chart}")


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
