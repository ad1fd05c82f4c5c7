"""The Elemental Clash solver's speed: the full solve of every rules reading, and positions per second.

Each run solves the opening position under all 12 combinations of the rules options, each with a fresh
table (as `rulebook clash solve` does), in this one process on one core. The report gives each
reading's positions and time from the fastest run, and the median and best of the totals; then the
time of `advise` at the opening (every move's exact value and a principal line). Run from
the repository with the project installed:

    python benchmarks/clash_solver.py [--runs N]

Goal: the full solve of every reading in under 5 seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rulebook import clash
from rulebook.clash.solver import Solver, advise, all_options

GOAL_SECONDS = 5.0


def _solve_every_reading() -> list[tuple[str, int, int, int, float]]:
    rows = []
    for options in all_options():
        solver = Solver(options)
        start = time.perf_counter()
        value = solver.value(clash.new_game(options))
        seconds = time.perf_counter() - start
        label = ", ".join(f"{k}={v}" for k, v in options.changed().items()) or "default rules"
        rows.append((label, value, solver.positions, solver.expanded, seconds))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="full solves to time (default 5)")
    args = parser.parse_args()
    runs = [_solve_every_reading() for _ in range(args.runs)]
    totals = [sum(r[4] for r in run) for run in runs]
    fastest = runs[totals.index(min(totals))]
    names = {1: "P1 wins", 0: "draw", -1: "P2 wins"}
    print(f"{'reading':<78} {'value':>8} {'positions':>10} {'decisions':>10} {'seconds':>8}")
    for label, value, positions, expanded, seconds in fastest:
        print(f"{label:<78} {names[value]:>8} {positions:>10,} {expanded:>10,} {seconds:>8.3f}")
    positions = sum(r[2] for r in fastest)
    expanded = sum(r[3] for r in fastest)
    best, median = min(totals), statistics.median(totals)
    print(f"full solve, {len(fastest)} readings: median {median:.2f} s, best {best:.2f} s over {args.runs} runs")
    print(
        f"{positions:,} positions, {expanded:,} decisions: {positions / best:,.0f} positions/s, "
        f"{expanded / best:,.0f} decisions/s"
    )
    print(f"goal: under {GOAL_SECONDS:.0f} s: {'met' if median < GOAL_SECONDS else 'NOT met'}")
    for options in ({}, {"gale-defends": "yes"}):
        start = time.perf_counter()
        advise(clash.new_game(options))
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default rules"
        print(f"advise at the opening ({label}), fresh table: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
