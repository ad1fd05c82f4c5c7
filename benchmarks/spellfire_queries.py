"""Spellfire query speed: a cold `rulebook spellfire attack` against a bare Typer app, and in-process
rulings per second over every formation (64 razed sets x 6 targets x 4 parties).

Run from the repository with the project installed:

    python benchmarks/spellfire_queries.py [--runs N]

Goal: a CLI query at most 1.15 times a bare Typer app, as for Elemental Clash.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import RULEBOOK, cold_medians, prepare  # noqa: E402

QUERY = ["spellfire", "attack", "E", "--razed", "B", "--champion", "monster swimmer", "--realm", "E: coast"]


def cold(runs: int) -> None:
    """Median wall time of the CLI query and of a bare Typer app, interleaved."""
    prepare()
    a, b = cold_medians([RULEBOOK, *QUERY], runs)
    print(f"CLI query (rulebook {' '.join(QUERY)}): {a:.1f} ms; bare Typer app: {b:.1f} ms; ratio {a / b:.3f}")


def warm() -> None:
    """Rulings per second for attack() over every formation, target and a few parties."""
    from rulebook import spellfire

    positions = spellfire.POSITIONS
    razed_sets = [",".join(c) for n in range(7) for c in itertools.combinations(positions, n)]
    parties = [("hero", []), ("hero flyer", ["flyer"]), ("monster swimmer", ["none"]), ("cleric earthwalker", [])]
    forms = [spellfire.formation(r, ["E: coast"]) for r in razed_sets]
    start = time.perf_counter()
    n = 0
    for form in forms:
        for target in positions:
            for champ, allies in parties:
                spellfire.attack(form, target, champ, allies)
                n += 1
    took = time.perf_counter() - start
    print(f"attack(): {n} rulings in {took * 1000:.0f} ms, {n / took:,.0f} rulings per second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of the CLI query (default 30)")
    args = parser.parse_args()
    cold(args.runs)
    warm()


if __name__ == "__main__":
    main()
