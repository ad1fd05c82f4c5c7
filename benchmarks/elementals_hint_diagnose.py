"""Where the Elementals hint first leaves every winning line, on development deals the solver says are winnable.

Run from the repository with the project installed:

    python benchmarks/elementals_hint_diagnose.py --layout 2 --deals 4 [--first 10001] [--policy hint]

For each deal (seeds from ``--first``) that the solver wins with the deck known, the policy plays it; after each
of its moves the solver (deck known: this diagnosis reads the deck, the hint never does) says whether the game is
still winnable. The first move after which it is not is printed with the position before it: what was face up,
the hand, the damage, and the move. The solver is used here only, never inside the hint.
"""

from __future__ import annotations

import argparse
import random

from rulebook import elementals
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner
from rulebook.elementals.solver import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, required=True)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--policy", choices=("hint", "planner"), default="hint")
    parser.add_argument("--limit", type=float, default=5.0)
    args = parser.parse_args()
    found = 0
    seed = args.first
    while found < args.deals:
        state = elementals.new_game(seed=seed, layout=args.layout)
        seed += 1
        if solve(state, limit=args.limit).verdict != "winnable":
            continue
        found += 1
        policy = hints.HintPolicy() if args.policy == "hint" else Planner()
        rng = random.Random(seed)
        turn = 0
        while not state.is_terminal():
            action = policy(state, rng)
            after = state.apply(action)
            turn += isinstance(action, elementals.Draw)
            if isinstance(action, elementals.Draw) or not after.in_turn or after.is_terminal():
                verdict = solve(after, limit=args.limit).verdict if not after.peeking else "winnable"
                if verdict == "not winnable":
                    up = [state.slots[i] for i in sorted(state.revealed) if state.slots[i] is not None]
                    print(
                        f"seed {seed - 1}: lost the way at turn {turn}, {state.defeated} defeated, face up {up}, "
                        f"hand {list(state.hand)}, damage {state.damage}, powers {list(state.powers)}, "
                        f"deck {len(state.deck)}: {action}",
                        flush=True,
                    )
                    break
            state = after
        else:
            print(f"seed {seed - 1}: {'won' if state.won() else 'lost, the solver unsure'}", flush=True)


if __name__ == "__main__":
    main()
