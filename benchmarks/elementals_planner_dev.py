"""Paired comparison of the Elementals planner with one evaluation weight changed, on development deals.

Run from the repository with the project installed:

    python benchmarks/elementals_planner_dev.py --layout 1 --first 10001 --deals 200 --weight forced --values 0 3
    python benchmarks/elementals_planner_dev.py --layout 1 --deals 300 --values 0 --lookahead 4 8 --log FILE

Every value plays the same deals (seeds ``--first`` on); prints each value's wins with a 95% interval
(Wilson), the elementals defeated, the CPU seconds per game, and against the first value the deals won by
one and lost by the other (a sign test on them).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from rulebook import elementals
from rulebook.elementals import evaluation
from rulebook.elementals.bots import Planner, play_game
from rulebook.elementals.simulation import SimulationResult


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--weight", default="forced")
    parser.add_argument("--values", type=float, nargs="+", required=True)
    parser.add_argument("--lookahead", type=int, nargs=2, default=(0, 0), help="k ends, m draws (0 0: none)")
    parser.add_argument("--log", default=None, help="append one JSON line per deal and value")
    args = parser.parse_args()
    Planner.lookahead = tuple(args.lookahead)
    seeds = range(args.first, args.first + args.deals)
    results: dict[float, list[tuple[bool, int]]] = {}
    for value in args.values:
        evaluation.LAYOUT_WEIGHTS[args.layout] = {**evaluation.WEIGHTS, args.weight: value}
        start = time.process_time()
        rows = []
        for seed in seeds:
            final = play_game(elementals.new_game(seed=seed, layout=args.layout), Planner(), random.Random(seed))
            rows.append((final.won(), final.defeated))
            if args.log:
                with open(args.log, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"value": value, "seed": seed, "won": final.won(),
                                          "defeated": final.defeated}) + "\n")
        cpu = (time.process_time() - start) / len(seeds)
        results[value] = rows
        wins = sum(w for w, _ in rows)
        low, high = SimulationResult("", games=len(rows), wins=wins).interval()
        line = (f"{args.weight}={value:g}: {wins}/{len(rows)} = {wins / len(rows):.1%} ({low:.1%}-{high:.1%}), "
                f"defeated {sum(d for _, d in rows) / len(rows):.2f}, CPU/game {cpu:.2f} s")
        if value != args.values[0]:
            base = results[args.values[0]]
            up = sum(a[0] and not b[0] for a, b in zip(rows, base, strict=True))
            down = sum(b[0] and not a[0] for a, b in zip(rows, base, strict=True))
            line += f"; vs {args.values[0]:g}: won {up} it lost, lost {down} it won"
        print(line, flush=True)


if __name__ == "__main__":
    main()
