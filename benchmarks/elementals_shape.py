"""Where the planner loses Elementals deals, by layout: how many elementals were face up when each
point of damage was taken, and how many were face up when the game was lost (development deals).

Run from the repository with the project installed:

    python benchmarks/elementals_shape.py [--deals 200] [--first 10001]

With one elemental face up, a card that is neither a damage card for it nor its banish card has nowhere
to go but the discards; the kite and the tower spend long stretches so.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from rulebook import elementals
from rulebook.elementals.bots import Planner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=10_001)
    args = parser.parse_args()
    for layout, lay in elementals.LAYOUTS.items():
        damage_by_up: Counter[int] = Counter()
        lost_with_up: Counter[int] = Counter()
        wins = 0
        for seed in range(args.first, args.first + args.deals):
            state, policy, rng = elementals.new_game(seed=seed, layout=layout), Planner(), random.Random(seed)
            while not state.is_terminal():
                up = sum(1 for i in state.revealed if state.slots[i] is not None)
                after = state.apply(policy(state, rng))
                damage_by_up[min(up, 3)] += after.damage - state.damage
                state = after
            if state.won():
                wins += 1
            else:
                lost_with_up[min(sum(1 for i in state.revealed if state.slots[i] is not None), 3)] += 1
        total = sum(damage_by_up.values())
        shares = ", ".join(f"{'3+' if k == 3 else k} up {damage_by_up[k] / total:.0%}" for k in (1, 2, 3))
        losses = ", ".join(f"{'3+' if k == 3 else k} up {lost_with_up[k]}" for k in (1, 2, 3))
        print(f"{lay.name}: planner won {wins} of {args.deals}; damage taken with {shares}; lost with {losses}")


if __name__ == "__main__":
    main()
