"""Where the Elementals hint's games are decided: the chance counted over every draw (``endgame.chances``,
with a large budget) at the first turn with 9 cards or fewer in the deck, for deals the hint plays.

    python benchmarks/elementals_endgame_diagnose.py --first 10001 --deals 40 [--nodes 300000] [--log FILE]

A lost game whose chance there is nil was decided earlier: no play in the endgame could have saved it.
"""

from __future__ import annotations

import argparse
import json
import random

from rulebook import elementals
from rulebook.elementals import endgame
from rulebook.elementals import hint as hints


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=300_000)
    parser.add_argument("--log", default=None)
    args = parser.parse_args()
    for seed in range(args.first, args.first + args.deals):
        policy = hints.HintPolicy()
        state = elementals.new_game(seed=seed, layout=args.layout)
        while not state.is_terminal() and not endgame.applies(state):
            state = state.apply(policy(state, random.Random(0)))
        row: dict = {"seed": seed, "ended_before": state.is_terminal(), "defeated_then": state.defeated,
                     "damage_then": state.damage, "deck_then": len(state.deck)}
        if not state.is_terminal():
            listed = [line for line, _ in hints.plans(state)]
            found = endgame.chances(state, listed, args.nodes) if listed else ([0.0], True)
            row["chance"] = None if found is None else round(max(found[0]), 4)
            while not state.is_terminal():
                state = state.apply(policy(state, random.Random(0)))
        row["won"], row["defeated"] = state.won(), state.defeated
        print(json.dumps(row), flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
