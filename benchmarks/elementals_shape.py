"""Where Elementals deals are lost, by layout: how many elementals were face up when each point of damage
was taken, how many were face up when the game was lost, how many were defeated by then and how (33 damage,
or the deck run out), and the damage of the first turns (development deals).

Run from the repository with the project installed:

    python benchmarks/elementals_shape.py [--deals 200] [--first 10001] [--layout 2] [--player planner|hint]

With one elemental face up, a card that is neither a damage card for it nor its banish card has nowhere
to go but the discards; the kite and the tower spend long stretches so. ``--player hint`` plays the hint
(``hint.HintPolicy``, as a player follows it) in place of the planner.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from rulebook import elementals
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner

#: The first turns whose damage is shown one by one.
FIRST = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--layout", type=int, default=0, help="one layout (1-3); 0 for all")
    parser.add_argument("--player", choices=("planner", "hint"), default="planner")
    args = parser.parse_args()
    for layout, lay in elementals.LAYOUTS.items():
        if args.layout and layout != args.layout:
            continue
        damage_by_up: Counter[int] = Counter()
        lost_with_up: Counter[int] = Counter()
        lost_defeated: Counter[int] = Counter()
        how: Counter[str] = Counter()
        early: list[list[int]] = [[] for _ in range(FIRST)]
        wins = 0
        for seed in range(args.first, args.first + args.deals):
            state, rng = elementals.new_game(seed=seed, layout=layout), random.Random(seed)
            policy = Planner() if args.player == "planner" else hints.HintPolicy()
            turn_damage: list[int] = []
            while not state.is_terminal():
                up = sum(1 for i in state.revealed if state.slots[i] is not None)
                action = policy(state, rng)
                after = state.apply(action)
                damage_by_up[min(up, 3)] += after.damage - state.damage
                if isinstance(action, elementals.Draw):
                    turn_damage.append(0)
                if turn_damage:
                    turn_damage[-1] += after.damage - state.damage
                state = after
            for k in range(FIRST):
                early[k].append(turn_damage[k] if k < len(turn_damage) else 0)
            if state.won():
                wins += 1
                continue
            lost_with_up[min(sum(1 for i in state.revealed if state.slots[i] is not None), 3)] += 1
            lost_defeated[state.defeated] += 1
            how["33 damage" if state.damage >= elementals.LOSING_DAMAGE else "deck out"] += 1
        total = sum(damage_by_up.values())
        shares = ", ".join(f"{'3+' if k == 3 else k} up {damage_by_up[k] / total:.0%}" for k in (1, 2, 3))
        losses = ", ".join(f"{'3+' if k == 3 else k} up {lost_with_up[k]}" for k in (1, 2, 3))
        print(f"{lay.name}: {args.player} won {wins} of {args.deals}; damage taken with {shares}; lost with {losses}")
        print(f"  lost with this many defeated: {dict(sorted(lost_defeated.items()))}; lost by {dict(how)}")
        print("  mean damage of the first turns: " + ", ".join(f"turn {k + 1} {statistics.fmean(d):.1f}"
                                                            for k, d in enumerate(early)))


if __name__ == "__main__":
    main()
