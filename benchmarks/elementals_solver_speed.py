"""The Elementals solver's speed against another version of the project, on the same deals in the same run.

Run from the repository with the project installed:

    python benchmarks/elementals_solver_speed.py [--deals 8] [--rounds 1] [--baseline REF] [--positions N]

The deals are pyramid deals the benchmark's first run decided with 100,000 to 400,000 positions (hard
ones, winnable and not, from ``benchmarks/results/elementals-solver-1.jsonl``, the first ``--deals`` of
each verdict by seed). Each version solves them all in a fresh process, timed in CPU seconds, this checkout
and ``REF`` (a git revision, ``main`` by default, unpacked with ``git archive``) alternately, ``--rounds``
times each; the figures are the medians. Printed per version: positions searched, CPU seconds, positions a
second, and the ratio of CPU time, which is what a user waits for (a version that searches fewer positions
to reach the same verdict is faster even at fewer positions a second). The script checks that both
reach the same verdicts.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from elementals_sim import in_tree, unpack  # the same way of running and unpacking a revision to time it against

ROOT = Path(__file__).resolve().parent.parent
SAVED = ROOT / "benchmarks" / "results" / "elementals-solver-1.jsonl"

WORKLOAD = r"""
import json, sys, time
from rulebook import elementals
from rulebook.elementals.solver import solve
seeds, most = json.loads(sys.argv[1]), int(sys.argv[2])
rows = []
for seed in seeds:
    start = time.process_time()
    r = solve(elementals.new_game(seed=seed), limit=None, max_positions=most)
    rows.append([seed, r.verdict, r.positions, time.process_time() - start])
print(json.dumps(rows))
"""


def deals(count: int) -> list[int]:
    """The first ``count`` winnable and ``count`` lost pyramid deals decided with 100,000 to 400,000 positions."""
    rows = [json.loads(line) for line in SAVED.read_text(encoding="utf-8").splitlines() if line.strip()]
    first = [r for r in rows if "solver" not in r and 100_000 <= r["positions"] <= 400_000]
    seeds = []
    for verdict in ("winnable", "not winnable"):
        seeds += [r["seed"] for r in first if r["verdict"] == verdict][:count]
    return sorted(seeds)


def run(tree: Path, seeds: list[int], most: int) -> list[list]:
    """Solve ``seeds`` in a fresh process importing the project from ``tree``."""
    return in_tree(tree, WORKLOAD, json.dumps(seeds), str(most))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4, help="deals of each verdict (default 4)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each version")
    parser.add_argument("--positions", type=int, default=2_000_000, help="positions per deal at most")
    parser.add_argument("--baseline", default="main", help="the git revision to compare with (default: main)")
    args = parser.parse_args()
    seeds = deals(args.deals)
    with tempfile.TemporaryDirectory() as folder:
        base = unpack(args.baseline, Path(folder))
        results: dict[str, list[list[list]]] = {"this": [], args.baseline: []}
        for _ in range(args.rounds):
            results["this"].append(run(ROOT, seeds, args.positions))
            results[args.baseline].append(run(base, seeds, args.positions))
    this, that = results["this"][0], results[args.baseline][0]
    for a, b in zip(this, that, strict=True):
        if "unknown" not in (a[1], b[1]) and a[1] != b[1]:
            raise SystemExit(f"seed {a[0]}: the two versions disagree: {a[1]} and {b[1]}")
    print(f"{len(seeds)} pyramid deals, seeds {', '.join(map(str, seeds))}")
    print(f"{'version':<10}{'positions':>12}{'CPU s':>9}{'positions/s':>13}{'unknown':>9}")
    cpu = {}
    for name, runs in results.items():
        cpu[name] = statistics.median(sum(r[3] for r in rows) for rows in runs)
        positions = sum(r[2] for r in runs[0])
        unknown = sum(r[1] == "unknown" for r in runs[0])
        print(f"{name:<10}{positions:>12,}{cpu[name]:>9.1f}{positions / cpu[name]:>13,.0f}{unknown:>9}")
    print(f"CPU time, {args.baseline} / this: {cpu[args.baseline] / cpu['this']:.2f}x")


if __name__ == "__main__":
    main()
