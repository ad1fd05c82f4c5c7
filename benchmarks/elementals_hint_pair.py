"""Two runs of the hint on the same development deals compared deal by deal: from the JSON lines that
``elementals_hint_dev.py --log FILE`` writes (one row a deal), or from one file holding many runs told apart
by a ``variant`` field.

Run from the repository:

    python benchmarks/elementals_hint_pair.py A.jsonl[,A2.jsonl...] B.jsonl[,B2.jsonl...]
    python benchmarks/elementals_hint_pair.py --file results/elementals-hint-fast-dev.jsonl race x4

Prints, over the deals both played: each one's wins with the 95% interval (Wilson), the deals one won and
the other lost, with a two-sided sign test on them, the elementals defeated on average, and the CPU seconds
of a game (mean).
"""

from __future__ import annotations

import argparse
import json
import statistics

from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook.elementals.simulation import SimulationResult


def load(paths: str, variant: str | None = None) -> dict[int, dict]:
    """The rows of the files ``paths`` (comma-separated) by seed, only ``variant``'s when given."""
    rows: dict[int, dict] = {}
    for path in paths.split(","):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    row = json.loads(line)
                    if variant is None or row.get("variant") == variant:
                        rows[row["seed"]] = row
    return rows


def compare(a: dict[int, dict], b: dict[int, dict], names: tuple[str, str]) -> str:
    """The comparison over the deals both played, as text."""
    seeds = sorted(set(a) & set(b))
    n = len(seeds)
    if not n:
        return "no deal played by both"
    lines = [f"{n} deals played by both ({seeds[0]}-{seeds[-1]})"]
    for name, rows in zip(names, (a, b), strict=True):
        wins = sum(rows[s]["won"] for s in seeds)
        low, high = SimulationResult("", games=n, wins=wins).interval()
        defeated = statistics.fmean(rows[s]["defeated"] for s in seeds)
        cpu = statistics.fmean(rows[s]["cpu"] for s in seeds)
        lines.append(f"  {name}: {wins}/{n} ({low:.1%} to {high:.1%}), defeated {defeated:.2f}, CPU/game {cpu:.1f} s")
    only_a = sum(a[s]["won"] and not b[s]["won"] for s in seeds)
    only_b = sum(b[s]["won"] and not a[s]["won"] for s in seeds)
    p = sign_p(only_a, only_b)
    lines.append(f"  {names[1]} won {only_b} deals {names[0]} lost, lost {only_a} it won (sign test p {p:.2f})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="files of the first run, or its variant with --file")
    parser.add_argument("second", help="files of the second run, or its variant with --file")
    parser.add_argument("--file", default=None, help="one file holding both runs, told apart by 'variant'")
    args = parser.parse_args()
    if args.file:
        a, b = load(args.file, args.first), load(args.file, args.second)
    else:
        a, b = load(args.first), load(args.second)
    print(compare(a, b, (args.first, args.second)))


if __name__ == "__main__":
    main()
