"""The Elementals hint with and without its exact endgame, paired on development deals (seeds 10,001 and up).

Both hints play the same moves until the first turn the endgame could count (``endgame.applies``): the game
is played once to that point, then finished once each way, so the paired count costs little more than one
game a deal.

    python benchmarks/elementals_endgame_dev.py --layout 1 --first 10001 --deals 60 [--log FILE]

Prints one line a deal and the paired totals: the wins of each, the deals one won and the other lost.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from rulebook import elementals
from rulebook.elementals import endgame
from rulebook.elementals import hint as hints
from rulebook.elementals.simulation import SimulationResult


def _finish(state: elementals.ElementalsState, counted: bool) -> tuple[elementals.ElementalsState, list[float]]:
    hints.ENDGAME = counted
    policy = hints.HintPolicy()
    times = []
    while not state.is_terminal():
        start = time.process_time()
        action = policy(state, random.Random(0))
        times.append(time.process_time() - start)
        state = state.apply(action)
    return state, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--log", default=None)
    parser.add_argument("--nodes", type=int, default=endgame.NODES, help="the most positions a count may visit")
    parser.add_argument("--deck", type=int, default=endgame.DECK_LIMIT, help="the most cards in the deck to count")
    args = parser.parse_args()
    endgame.NODES, endgame.DECK_LIMIT = args.nodes, args.deck
    old = new = only_old = only_new = 0
    for seed in range(args.first, args.first + args.deals):
        hints.ENDGAME = False
        policy = hints.HintPolicy()
        state = elementals.new_game(seed=seed, layout=args.layout)
        while not state.is_terminal() and not endgame.applies(state):
            state = state.apply(policy(state, random.Random(0)))
        a, _ = _finish(state, False)
        b, times = _finish(state, True)
        old += a.won()
        new += b.won()
        only_old += a.won() and not b.won()
        only_new += b.won() and not a.won()
        row = {"seed": seed, "old": a.won(), "new": b.won(), "old_defeated": a.defeated, "new_defeated": b.defeated,
               "worst_hint": max(times, default=0.0)}
        print(json.dumps(row), flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
    n = args.deals
    lo, hi = SimulationResult("", games=n, wins=new).interval()
    print(f"layout {args.layout}, seeds {args.first}-{args.first + n - 1}: without the endgame {old}/{n}, with it "
          f"{new}/{n} ({new / n:.1%}, {lo:.1%} to {hi:.1%}); won only with it {only_new}, only without it {only_old}")


if __name__ == "__main__":
    main()
