"""Simulated Elementals games per second, for each policy, and the engine's raw speed.

Run from the repository with the project installed:

    python benchmarks/elementals_sim.py [--games N] [--seed S]

It reports, for each policy, the games played per second over the same seeded deals (one process, one
core), and for the engine alone the steps per second in random play (each step lists the legal actions
and applies one).
"""

from __future__ import annotations

import argparse
import random
import time

from rulebook import elementals
from rulebook.elementals_sim import POLICIES, simulate


def engine_speed(games: int, seed: int) -> float:
    """Steps per second in random play, each step one legal-action listing and one applied action."""
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        state = elementals.new_game(seed=seed + g)
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per policy (the planner plays a tenth)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'policy':<10}{'games':>8}{'seconds':>10}{'games/s':>10}{'win rate':>10}")
    for name in POLICIES:
        games = max(10, args.games // 10) if name == "planner" else args.games
        start = time.perf_counter()
        result = simulate(games, seed=args.seed, policy=name)
        elapsed = time.perf_counter() - start
        print(f"{name:<10}{games:>8}{elapsed:>10.2f}{games / elapsed:>10.1f}{result.win_rate:>10.1%}")
    steps = engine_speed(args.games, args.seed)
    print(f"engine: {steps:,.0f} steps per second (a legal-action listing and an applied action each)")


if __name__ == "__main__":
    main()
