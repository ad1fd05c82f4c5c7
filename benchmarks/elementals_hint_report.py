"""The Elementals hint's report: the deals the hint played (``elementals_solver.py --hint``), beside the
winnable share of the same deals and the planner's wins on them, with the time of a hint and of a planner
move, measured in the same run.

Run from the repository, after ``python benchmarks/elementals_solver.py --hint --deals N --layout L``:

    python benchmarks/elementals_hint_report.py

The look-ahead planner's wins on the same deals come from the rows of that run (``lookahead_won``), or from
``results/elementals-hint-lookahead-L.jsonl`` when it was played apart (``python benchmarks/elementals_planner_dev.py
--layout L --first 1 --deals N --values 0 --lookahead 4 8 --log FILE``).

Only the first deals played without a gap count (runs side by side may be stopped part way), so the
figures are always for deals 1 to N of a layout. Intervals are 95% (Wilson). Times are per hint asked and
per planner move that searched, as CPU seconds of the process (the machine may be shared) and as wall
clock seconds. Only the hints that weigh a choice are timed: the policy plays a lone move (a draw, mostly)
without estimating its chance to win; a game's whole CPU time is given too.

The previous report run (before the budget per layout; the old games are in ``results/previous/``), for
comparison: pyramid, first 111 of 300 deals: hint 24.3% (17.3-33.1%) against the planner's 10.8%, winnable
86.5% (0.28 of the winnable share); kite, 200 deals: hint 1.5% against the planner's 2.5%, winnable 24.5%
(0.06); tower, 200 deals: hint 1.5% against 0.5% (0.06). Hint CPU median 0.074 s, worst 0.98 s (every hint
asked, lone moves included).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from rulebook.elementals.simulation import SimulationResult

RESULTS = Path(__file__).resolve().parent / "results"
NAMES = {1: "pyramid", 2: "kite", 3: "tower"}


def _rows(path: Path) -> dict[int, dict]:
    if not path.exists():
        return {}
    return {row["seed"]: row for row in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if row}


def _interval(wins: int, n: int) -> str:
    low, high = SimulationResult("", games=n, wins=wins).interval()
    return f"{wins / n:.1%} ({low:.1%} to {high:.1%})" if n else "-"


def _times(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values):.3f} s, mean {statistics.fmean(values):.3f} s, worst {max(values):.2f} s"


def report() -> str:
    """The report as Markdown: one row per layout, then the times."""
    lines = [
        "| layout | deals | winnable (deck known) | hint wins | planner wins | hint / winnable |",
        "| --- | ---: | ---: | --- | --- | ---: |",
    ]
    timing = []
    for layout, name in NAMES.items():
        played = _rows(RESULTS / f"elementals-hint-{layout}.jsonl")
        for seed, row in _rows(RESULTS / f"elementals-hint-lookahead-{layout}.jsonl").items():
            # The look-ahead planner played on the same deals in a later run (elementals_planner_dev.py --log).
            if seed in played:
                played[seed].setdefault("lookahead_won", row["won"])
        solved = _rows(RESULTS / f"elementals-solver-{layout}.jsonl")
        n = 0
        while n + 1 in played:
            n += 1
        if not n:
            continue
        rows = [played[s] for s in range(1, n + 1)]
        wins = sum(r["won"] for r in rows)
        planner = sum(r["planner_won"] for r in rows)
        winnable = sum(solved.get(s, {}).get("verdict") == "winnable" for s in range(1, n + 1))
        unknown = sum(solved.get(s, {}).get("verdict") == "unknown" for s in range(1, n + 1))
        share = f"{wins / winnable:.2f}" if winnable else "-"
        ahead = [r["lookahead_won"] for r in rows if "lookahead_won" in r]
        ahead_cell = f" | {sum(ahead)}: {_interval(sum(ahead), n)}" if len(ahead) == n else " | -"
        lines.append(
            f"| {layout}, the {name} | {n} | {_interval(winnable, n)}, {unknown} unknown | {wins}: "
            f"{_interval(wins, n)} | {planner}: {_interval(planner, n)} | {share}{ahead_cell} |"
        )
        hint_cpu = [t for r in rows for t in r.get("hint_cpu", [])]
        hint_wall = [t for r in rows for t in r["hint_times"]]
        plan_cpu = [t for r in rows for t in r.get("planner_cpu", []) if t > 0]
        plan_wall = [t for r in rows for t in r["planner_times"] if t > 0]
        games = [r["game_cpu"] for r in rows if "game_cpu" in r]
        per_game = f" A hinted game: CPU {_times(games)}." if games else ""
        timing.append(
            f"- {name}: {len(hint_cpu)} hints weighing a choice, CPU {_times(hint_cpu)}; wall {_times(hint_wall)}."
            f"{per_game} "
            f"Planner moves that searched: {len(plan_cpu)}, CPU {_times(plan_cpu)}; wall {_times(plan_wall)}."
        )
    if any(line.count("|") > 7 and not line.endswith("| - |") for line in lines[2:]):
        lines[0] += " look-ahead planner wins |"
        lines[1] += " --- |"
    else:
        lines[2:] = [line.removesuffix(" - |") for line in lines[2:]]
    return "\n".join([*lines, "", *timing])


if __name__ == "__main__":
    print(report())
