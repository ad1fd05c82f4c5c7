"""Elestrals: cold-start time of CLI queries against a bare Typer app, and in-process query speed.

Run from the repository with the project installed:

    python benchmarks/elestrals_queries.py [--runs N]

Goal: a CLI query at most 1.15 times a bare Typer app (as for Elemental Clash).
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import RULEBOOK, cold_medians, prepare  # noqa: E402

EXAMPLES = HERE.parent / "examples" / "elestrals"
QUERIES = {
    "battle": [RULEBOOK, "elestrals", "battle", "attack=3 spirits=1", "attack=3 spirits=3"],
    "chain": [RULEBOOK, "elestrals", "chain", str(EXAMPLES / "chain.txt")],
    "deck --json": [RULEBOOK, "elestrals", "deck", str(EXAMPLES / "deck.txt"), "--json"],
    "standings": [RULEBOOK, "elestrals", "standings", str(EXAMPLES / "results.txt")],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    args = parser.parse_args()
    prepare()
    print(f"{args.runs} runs each, interleaved; medians in milliseconds")
    for label, cmd in QUERIES.items():
        a, b = cold_medians(cmd, args.runs)
        print(f"rulebook elestrals {label}: {a:.1f} ms; bare Typer app: {b:.1f} ms; ratio {a / b:.3f}")
    from rulebook import elestrals

    results = (EXAMPLES / "results.txt").read_text()
    for label, stmt in {
        "final_stats, 4 effects": lambda: elestrals.final_stats(
            3, 2, ["swap", "attack +2", "set defense 0", "defense -1"]
        ),
        "battle": lambda: elestrals.battle("attack=3 spirits=1", "attack=3 spirits=3"),
        "standings, 9 games": lambda: elestrals.standings(results),
    }.items():
        n = 2000
        per = timeit.timeit(stmt, number=n) / n * 1e6
        print(f"in process, {label}: {per:.1f} µs per call")


if __name__ == "__main__":
    main()
