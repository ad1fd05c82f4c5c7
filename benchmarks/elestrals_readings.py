"""Elestrals: what naming the readings an answer rests on costs (issue 22), in ratios in the same run.

Each answer (`legal --refused` on every example position, and `check` of each action it lists) is timed as it is,
and again with the weighing of other readings turned off (the baseline: the answers before issue 22's citations),
interleaved. Run from the repository with the project installed:

    python benchmarks/elestrals_readings.py [--runs N]

Goal: `legal` in process stays within its 5 ms p95 (benchmarks/elestrals_positions.py); the ratio is reported.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elestrals"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="interleaved runs over the positions (default 20)")
    args = parser.parse_args()
    import rulebook.elestrals.game as game_module
    from rulebook.elestrals import check, legal
    from rulebook.elestrals.position_file import read_position
    from rulebook.errors import RulebookError

    positions = {}
    for path in sorted(EXAMPLES.glob("*.toml")):
        try:
            positions[path.name] = read_position(str(path), str(EXAMPLES / "cards.toml"))
        except RulebookError:  # card files and the examples of bad input
            continue
    actions = {name: [a["action"] for a in legal(pos).value["legal"]] for name, pos in positions.items()}
    real = game_module.resting_on
    timed: dict[str, dict[str, list[float]]] = {q: {"with": [], "without": []} for q in ("legal", "check")}
    for _ in range(args.runs):
        for how, weigh in (("with", real), ("without", lambda *_: [])):
            game_module.resting_on = weigh
            for name, pos in positions.items():
                start = time.perf_counter()
                legal(pos, refused=True)
                timed["legal"][how].append(time.perf_counter() - start)
                for action in actions[name]:
                    start = time.perf_counter()
                    check(pos, action)
                    timed["check"][how].append(time.perf_counter() - start)
    game_module.resting_on = real
    print(f"{len(positions)} example positions, {sum(map(len, actions.values()))} listed actions, {args.runs} runs")
    for what, times in timed.items():
        with_, without = (statistics.median(times[h]) * 1000 for h in ("with", "without"))
        p95 = {h: sorted(t)[round(0.95 * (len(t) - 1))] * 1000 for h, t in times.items()}
        print(
            f"{what}: median {with_:.3f} ms citing readings, {without:.3f} ms without, ratio {with_ / without:.2f}; "
            f"p95 {p95['with']:.2f} ms against {p95['without']:.2f} ms"
        )


if __name__ == "__main__":
    main()
