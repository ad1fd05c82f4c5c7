"""A ceiling for any Elementals player who cannot see the deck's order: the best chance of a player blind for
the first turn and told everything after, on development deals (seeds 10,001 and up).

    python benchmarks/elementals_blind_bound.py --layout 2 --first 10001 --deals 200 --orders 24 \
        [--positions 300000] [--log FILE]

Any player who never sees the order wins no more than one who is blind for the first turn and is
then told the deck's order and what lies face down (from then on it plays as the solver does, ``solver.solve``):
the later information can only help. So the chance of the second is a ceiling for the first, and it is at most
the winnable share (the solver told everything from the start).

For each deal the first hand is drawn; the turn's plans (``hint.plans``: each to the end of the turn or to a
play that turns an elemental face up) are each played, and the chance from there is the share of ``--orders``
random orders of the unseen cards the solver wins (the same orders for every plan; a position the solver leaves
unknown counts as won, so the share stays a ceiling). The player blind for one turn takes the best plan. The
best of noisy shares leans high: a ceiling still, a little loose. (Two blind turns would need the same care with
far more solves: each next draw's plans scored on the same orders as the share they are compared with.)

Prints one JSON line per deal (``real``: the deal's own verdict; ``seeing``: the share of orders won after the
first draw, told everything; ``blind``: the best plan's share) and the means with their 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from dataclasses import replace
from typing import Any

from rulebook import elementals
from rulebook.elementals import ElementalsState, solver
from rulebook.elementals import hint as hints

#: The most positions one solve may visit (``--positions``); past it the position counts as won.
POSITIONS = [300_000]


def won(state: ElementalsState) -> bool:
    """Whether the solver, told everything, wins from ``state`` (unknown counts as a win)."""
    if state.won():
        return True
    if state.is_terminal():
        return False
    return solver.solve(state, limit=None, max_positions=POSITIONS[0]).verdict != "not winnable"


def share(state: ElementalsState, orders: list[tuple[str, ...]], top: tuple[str, ...] = ()) -> float:
    """The share of ``orders`` of the unseen cards below ``top`` that the solver wins from ``state``."""
    if state.won():
        return 1.0
    if state.is_terminal():
        return 0.0
    return statistics.fmean(won(replace(state, deck=(*top, *order))) for order in orders)


def shuffled(cards: tuple[str, ...], rng: random.Random, n: int) -> list[tuple[str, ...]]:
    """``n`` random orders of ``cards``."""
    out = []
    for _ in range(n):
        deck = sorted(cards)
        rng.shuffle(deck)
        out.append(tuple(deck))
    return out


def played(state: ElementalsState, line: tuple[Any, ...]) -> ElementalsState:
    """``state`` after the actions of ``line``."""
    for action in line:
        state = state.apply(action)
    return state


def blind_turn(state: ElementalsState, orders: list[tuple[str, ...]], top: tuple[str, ...] = ()) -> float:
    """The best plan's share for a turn under way in ``state`` (the turn's draw in hand)."""
    return max((share(played(state, line), orders, top) for line, _ in hints.plans(state)), default=0.0)


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=2)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--orders", type=int, default=24)
    parser.add_argument("--positions", type=int, default=POSITIONS[0], help="the most positions a solve visits")
    parser.add_argument("--log", default=None)
    args = parser.parse_args()
    POSITIONS[0] = args.positions
    real, seeing, blind = [], [], []
    for seed in range(args.first, args.first + args.deals):
        rng = random.Random(seed * 7919)
        start = elementals.new_game(seed=seed, layout=args.layout)
        state = start.apply(elementals.Draw())
        orders = shuffled(state.deck, rng, args.orders)
        real.append(float(won(start)))
        seeing.append(share(state, orders))
        blind.append(blind_turn(state, orders))
        row = {"layout": args.layout, "seed": seed, "turns": 1, "orders": args.orders,
               "real": real[-1], "seeing": round(seeing[-1], 4), "blind": round(blind[-1], 4)}
        print(json.dumps(row), flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
    for name, values in (("winnable (the deal's own order)", real), ("told everything after the first draw", seeing),
                         ("blind for the first turn, then told everything", blind)):
        mean, low, high = interval(values)
        print(f"layout {args.layout}, seeds {args.first}-{args.first + args.deals - 1}: {name}: "
              f"{mean:.1%} ({low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
