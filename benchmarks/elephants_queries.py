"""Elemental Elephants speed: a CLI query's cold start against a bare Typer app, and rulings per second.

Run from the repository with the project installed:

    python benchmarks/elephants_queries.py [--runs N]

Goal: an elephants query starts no slower than a Clash query (at most 1.15 times a bare Typer app).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import RULEBOOK, cold_medians, prepare  # noqa: E402

QUERY = ["elephants", "order", "P1:stupefy", "P2:root", "P1:accelerator", "P3:nourish", "--clash", "2"]


def _boards(n: int) -> list:
    from rulebook import elephants

    rng = random.Random(1)
    boards = []
    for _ in range(n):
        players = rng.randint(2, 4)
        sets = rng.sample(list(elephants.SETS), 2 * players)  # each player's spells from sets of their own
        tokens = []
        for p in range(1, players + 1):
            mine = [name for s in sets[2 * p - 2 : 2 * p] for name in elephants.SETS[s]]
            tokens += [f"P{p}:{name}" for name in rng.sample(mine, rng.randint(1, 4))]
        boards.append(elephants.board(tokens, clash=rng.randint(1, 4), players=players))
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="cold starts of each command (default 20)")
    args = parser.parse_args()
    prepare()
    mo, mb = cold_medians([RULEBOOK, *QUERY], args.runs)
    print(f"rulebook {' '.join(QUERY[:2])} ...: {mo:.0f} ms; bare Typer app: {mb:.0f} ms; ratio {mo / mb:.2f}")

    from rulebook import elephants

    boards = _boards(2000)
    start = time.perf_counter()
    for b in boards:
        elephants.order(b)
        for s in b.spells:
            elephants.can_advance(b, s.ref)
    took = time.perf_counter() - start
    count = len(boards) + sum(len(b.spells) for b in boards)
    print(f"{count} rulings (order, can_advance) in {took * 1000:.0f} ms: {count / took:,.0f} rulings per second")


if __name__ == "__main__":
    main()
