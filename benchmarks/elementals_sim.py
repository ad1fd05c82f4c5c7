"""Simulated Elementals games per second, for each policy, against another version of the project in the same run.

Run from the repository with the project installed:

    python benchmarks/elementals_sim.py [--games N] [--rounds R] [--baseline REF]

Each workload (random playouts, greedy games, planner games, and the engine's raw steps in random play)
runs in a fresh process and is timed in CPU seconds, alternately for this checkout and for ``REF`` (a git
revision, ``main`` by default, unpacked with ``git archive``), ``R`` times each; the figures are the
medians, and the ratio compares the two in the same run, so that the load of a shared machine weighs on
both alike.
Both play the same seeded deals, and the script checks that they reach the same results.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

WORKLOAD = r"""
import json, random, sys, time
from rulebook import elementals
from rulebook.elementals.simulation import simulate
kind, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if kind == "steps":
    steps = 0
    start = time.process_time()
    for g in range(games):
        rng = random.Random(seed + g)
        state = elementals.new_game(seed=seed + g)
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = time.process_time() - start
    print(json.dumps({"rate": steps / elapsed, "check": steps}))
else:
    start = time.process_time()
    result = simulate(games, seed=seed, policy=kind)
    elapsed = time.process_time() - start
    print(json.dumps({"rate": games / elapsed, "check": [result.wins, sum(result.damage)]}))
"""

#: Each workload, the unit of its rate, and its share of --games (the planner plays fewer games).
WORKLOADS = (
    ("random", "random playouts/s", 1.0),
    ("greedy", "greedy games/s", 1.0),
    ("planner", "planner games/s", 0.1),
    ("steps", "engine steps/s (random play)", 0.5),
)


def run(tree: Path, kind: str, games: int, seed: int) -> dict:
    """One workload in a fresh process, importing the project from ``tree``."""
    return in_tree(tree, WORKLOAD, kind, str(games), str(seed))


def in_tree(tree: Path, code: str, *args: str) -> Any:
    """Run ``code`` with ``args`` in a fresh process importing the project from ``tree``; its printed JSON."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(tree)},
        cwd=tree,
    )
    return json.loads(done.stdout)


def unpack(ref: str, into: Path) -> Path:
    """The tree of revision ``ref``, unpacked into ``into``."""
    archive = subprocess.run(["git", "archive", ref], capture_output=True, check=True, cwd=ROOT).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=2000, help="games per workload and round (the planner plays a tenth)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="runs of each workload for each version")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", default="main", help="the git revision to compare with (default: main)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = unpack(args.baseline, Path(folder))
        print(f"{'workload':<32}{'this':>12}{args.baseline:>12}{'ratio':>8}")
        for kind, label, share in WORKLOADS:
            games = max(10, int(args.games * share))
            ours, theirs = [], []
            for _ in range(args.rounds):
                mine, other = run(ROOT, kind, games, args.seed), run(base, kind, games, args.seed)
                if mine["check"] != other["check"]:
                    raise SystemExit(f"{kind}: the two versions played differently: {mine['check']} {other['check']}")
                ours.append(mine["rate"])
                theirs.append(other["rate"])
            a, b = statistics.median(ours), statistics.median(theirs)
            print(f"{label:<32}{a:>12,.1f}{b:>12,.1f}{a / b:>7.1f}x")


if __name__ == "__main__":
    main()
