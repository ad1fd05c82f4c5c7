"""Tune the Elementals planner's evaluation for one layout on development deals (seeds 10,001 and up).

Run from the repository with the project installed:

    python benchmarks/elementals_tune.py --layout 2 [--deals 400] [--passes 2] [--check 400]

A coordinate search: each weight and power value in turn is multiplied or divided by 1.6 (``danger_from``
moved by 3), and the change is kept where the planner's score over the tuning deals rises. A deal scores
the elementals defeated, and ten more for a win (wins alone are too rare on the kite and the tower to
steer by). The tuning deals are seeds 10,001 to 10,000 + ``--deals``; the result is then checked on the
next ``--check`` deals, against the pyramid's table, and printed as the table to paste into
``rulebook/elementals/evaluation.py`` (``LAYOUT_WEIGHTS`` and ``LAYOUT_POWER_VALUE``).
"""

from __future__ import annotations

import argparse
import json
import random

from rulebook import elementals
from rulebook.elementals import evaluation
from rulebook.elementals.bots import Planner, play_game

FIRST = 10_001


def measure(layout: int, seeds: range, weights: dict, values: dict) -> tuple[int, int]:
    """The planner's score (defeated + 10 per win) and wins over ``seeds`` with these tables."""
    evaluation.LAYOUT_WEIGHTS[layout], evaluation.LAYOUT_POWER_VALUE[layout] = weights, values
    total = wins = 0
    for seed in seeds:
        final = play_game(elementals.new_game(seed=seed, layout=layout), Planner(), random.Random(seed))
        total += final.defeated + 10 * final.won()
        wins += final.won()
    return total, wins


def tune(layout: int, deals: int, passes: int) -> tuple[dict, dict]:
    """The coordinate search; returns the tuned weights and power values."""
    seeds = range(FIRST, FIRST + deals)
    weights, values = dict(evaluation.WEIGHTS), dict(evaluation.POWER_VALUE)
    best, wins = measure(layout, seeds, weights, values)
    print(f"start: score {best}, wins {wins}", flush=True)
    for p in range(passes):
        changed = False
        for table, key in [(weights, k) for k in weights] + [(values, k) for k in values]:
            for step in ("up", "down"):
                old = table[key]
                if key == "danger_from":
                    table[key] = old + 3 if step == "up" else old - 3
                else:
                    table[key] = old * 1.6 if step == "up" else old / 1.6
                got, w = measure(layout, seeds, weights, values)
                if got > best:
                    best, wins, changed = got, w, True
                    print(f"pass {p + 1}: {key} {old:g} -> {table[key]:g}: score {best}, wins {w}", flush=True)
                    break
                table[key] = old
        if not changed:
            break
    return weights, values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, required=True)
    parser.add_argument("--deals", type=int, default=400, help="tuning deals (seeds 10,001 on)")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--check", type=int, default=400, help="deals after the tuning deals to check on")
    args = parser.parse_args()
    weights, values = tune(args.layout, args.deals, args.passes)
    check = range(FIRST + args.deals, FIRST + args.deals + args.check)
    tuned = measure(args.layout, check, weights, values)
    base = measure(args.layout, check, dict(evaluation.WEIGHTS), dict(evaluation.POWER_VALUE))
    print(f"check on seeds {check.start}-{check.stop - 1}: tuned score {tuned[0]}, wins {tuned[1]}; "
          f"pyramid's table score {base[0]}, wins {base[1]}")
    print(json.dumps({"weights": weights, "values": values}))


if __name__ == "__main__":
    main()
