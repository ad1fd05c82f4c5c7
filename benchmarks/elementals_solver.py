"""The share of winnable Elementals deals per layout, with the deck's order known, beside the policies' win rates.

Run from the repository with the project installed:

    python benchmarks/elementals_solver.py [--deals 2000] [--layout 1 --layout 2 ...] [--positions 2000000]
    python benchmarks/elementals_solver.py --summary        # print the table from the saved results
    python benchmarks/elementals_solver.py --hint --deals 200 [--layout N]

Deal ``i`` of a layout is dealt from seed ``i`` (1 to N), the same deals ``rulebook elementals simulate
--seed 1`` plays. Each deal is solved with at most ``--positions`` positions searched (20 to 30 seconds
on a shared core); a deal still open then counts as unknown. Every deal's verdict is appended to
``benchmarks/results/elementals-solver-<layout>.jsonl`` as it is found, so an interrupted run picks up
where it stopped, and a later run with a larger ``--positions`` tries the unknowns again.
The summary (``benchmarks/results/elementals-solver.json``) holds, per layout, the
counts, the winnable share with its 95% interval (Wilson), and the greedy, planner and hint policies'
win rates over the same deals; the site's table and chart are made from it (``--write-docs``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from rulebook import elementals
from rulebook.elementals.bots import play_game
from rulebook.elementals.simulation import POLICIES, SimulationResult, share_svg
from rulebook.elementals.solver import solve

RESULTS = Path(__file__).resolve().parent / "results"
SUMMARY = RESULTS / "elementals-solver.json"
CHART = Path(__file__).resolve().parent.parent / "docs" / "games" / "elementals-solver.svg"
#: The solver's version in the saved rows: 2 takes plain plays in one order, counts a damage no discard can
#: take to 33 as none, and searches in probes twice as long each time; 3 makes the probes' lengths follow
#: Luby's sequence, in four orders (rows without the field are version 1); 4 stops where the last card that
#: can banish the last elemental is drawn (the horizon: fewer spare cards, and a bound) and counts a pile of
#: two damage cards no worse than fewer when the damage allows; 5 leaves out the moves 4 took that another does
#: as well (Ragnaros on a first damage card, a power on the deck after the turn's first play), and Neptulon
#: extends the horizon only if it can come before the last card that can banish the last elemental; 6 also
#: proves lost a position whose elementals before the last one need more cards than come before the last
#: one's damage cards (``before_last``).
SOLVER_VERSION = 6


def _path(layout: int, kind: str = "solver") -> Path:
    return RESULTS / f"elementals-{kind}-{layout}.jsonl"


def _done(path: Path) -> dict[int, dict]:
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {row["seed"]: row for row in rows}


def solve_deals(layout: int, deals: int, positions: int) -> None:
    """Solve deals 1..``deals`` of ``layout`` that have no saved verdict yet, appending each verdict."""
    path = _path(layout)
    done = _done(path)
    RESULTS.mkdir(exist_ok=True)
    with path.open("a", encoding="utf-8") as out:
        for seed in range(1, deals + 1):
            # A saved verdict stands; an unknown is tried again when this run may search further, or when
            # an earlier version of the solver left it (positions counted then are not comparable).
            if seed in done and (
                done[seed]["verdict"] != "unknown"
                or (done[seed].get("solver", 1) == SOLVER_VERSION and done[seed]["positions"] >= positions)
            ):
                continue
            cpu = time.process_time()
            result = solve(elementals.new_game(seed=seed, layout=layout), limit=None, max_positions=positions)
            cpu = time.process_time() - cpu
            row = {
                "seed": seed,
                "verdict": result.verdict,
                "positions": result.positions,
                "seconds": round(result.seconds, 3),
                "cpu": round(cpu, 3),
                "bound": result.bound,
                "actions": len(result.line),
                "solver": SOLVER_VERSION,
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(
                f"layout {layout} seed {seed}: {result.verdict} ({result.positions:,} positions, {cpu:.1f} s CPU)",
                flush=True,
            )


def _timed_game(layout: int, seed: int, policy: Any, times: list[tuple[float, float]], calls: Any = None) -> Any:
    """Play one deal with ``policy``; ``times`` gets the seconds (wall clock, and CPU time of this process)
    of every move it computed (every hint asked, or every planner move), counted by ``calls`` when given."""
    state, rng = elementals.new_game(seed=seed, layout=layout), random.Random(seed)
    while not state.is_terminal():
        before = calls() if calls else 0
        start, cpu = time.perf_counter(), time.process_time()
        action = policy(state, rng)
        spent = (time.perf_counter() - start, time.process_time() - cpu)
        if calls is None or calls() > before:
            times.append(spent)
        state = state.apply(action)
    return state


def play_hints(layout: int, deals: int, stride: int = 1, offset: int = 0) -> None:
    """Play deals 1..``deals`` of ``layout`` (every ``stride``-th from ``offset`` + 1, so that several runs
    share them) with the hint policy, appending each game's result: won, the damage, the seconds of every
    hint that weighed a choice (the lone moves, draws mostly, are only counted), the CPU seconds of the whole
    game, and the planner's game on the same deal with the seconds of each of its moves (in the same run, so
    the two times compare), and the look-ahead planner's game (won, CPU seconds); seconds as wall clock and
    as CPU time (the machine may be shared)."""
    from rulebook.elementals import hint as hints

    path = _path(layout, "hint")
    done = _done(path)
    RESULTS.mkdir(exist_ok=True)
    asked, lone = [0], [0]
    find = hints.hint

    def counted(*args: Any, **kwargs: Any) -> Any:
        # Only the hints that weigh a choice are timed; a lone move (a draw) the policy plays unweighed.
        found = find(*args, **kwargs)
        if found.source == "samples":
            asked[0] += 1
        else:
            lone[0] += 1
        return found

    hints.hint = counted
    with path.open("a", encoding="utf-8") as out:
        for seed in range(1 + offset, deals + 1, stride):
            if seed in done:
                continue
            hint_times: list[tuple[float, float]] = []
            lone[0] = 0
            cpu = time.process_time()
            final = _timed_game(layout, seed, hints.HintPolicy(), hint_times, lambda: asked[0])
            cpu = time.process_time() - cpu
            planner_times: list[tuple[float, float]] = []
            planned = _timed_game(layout, seed, POLICIES["planner"](), planner_times)
            ahead_times: list[tuple[float, float]] = []
            ahead = _timed_game(layout, seed, POLICIES["lookahead"](), ahead_times)
            row = {
                "seed": seed,
                "won": final.won(),
                "damage": final.damage,
                "defeated": final.defeated,
                "seconds": round(sum(t for t, _ in hint_times), 2),
                "hint_times": [round(t, 3) for t, _ in hint_times],
                "hint_cpu": [round(c, 3) for _, c in hint_times],
                "lone_moves": lone[0],
                "game_cpu": round(cpu, 2),
                "planner_won": planned.won(),
                "planner_times": [round(t, 4) for t, _ in planner_times],
                "planner_cpu": [round(c, 4) for _, c in planner_times],
                "lookahead_won": ahead.won(),
                "lookahead_cpu": round(sum(c for _, c in ahead_times), 3),
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"layout {layout} seed {seed}: hint {'won' if row['won'] else 'lost'}", flush=True)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    return SimulationResult("", games=n, wins=wins).interval(z)


def summarize(deals: int) -> dict:
    """The summary of the saved verdicts (the first ``deals`` of each layout), with the policies'
    win rates over the same deals (greedy and planner played here; hint from its saved games)."""
    layouts = []
    for number in sorted(elementals.LAYOUTS):
        rows = [r for s, r in sorted(_done(_path(number)).items()) if s <= deals]
        if not rows:
            continue
        n = len(rows)
        counts = {v: sum(r["verdict"] == v for r in rows) for v in ("winnable", "not winnable", "unknown")}
        low, high = wilson(counts["winnable"], n)
        entry = {
            "layout": number,
            "name": elementals.LAYOUTS[number].name,
            "deals": n,
            **{k.replace(" ", "_"): v for k, v in counts.items()},
            "share": counts["winnable"] / n,
            "ci95": [low, high],
            "positions": sum(r["positions"] for r in rows),
            "seconds": round(sum(r["seconds"] for r in rows), 1),
            "slowest": max(r["seconds"] for r in rows),
        }
        entry.update(_policies(number, n))
        played = _done(_path(number, "hint"))
        # The first deals played without a gap (runs side by side may stop part way).
        hints = []
        while len(hints) < deals and len(hints) + 1 in played:
            hints.append(played[len(hints) + 1])
        if hints:
            wins = sum(r["won"] for r in hints)
            entry["hint"] = {
                "games": len(hints),
                "wins": wins,
                "rate": wins / len(hints),
                "ci95": list(wilson(wins, len(hints))),
                "seconds": round(sum(r["seconds"] for r in hints), 1),
            }
        layouts.append(entry)
    return {"positions_limit": _limit(), "layouts": layouts}


POLICY_CACHE = RESULTS / "elementals-policies.json"


def _policies(layout: int, n: int) -> dict:
    """The greedy and planner policies' wins over deals 1..``n`` of ``layout``: played here, or read from
    ``POLICY_CACHE`` when it holds the same deals (``--policies`` writes it, for a later summary)."""
    cached = json.loads(POLICY_CACHE.read_text(encoding="utf-8")) if POLICY_CACHE.exists() else {}
    entry = cached.get(str(layout))
    if entry and entry["planner"]["games"] == n:
        return entry
    entry = {}
    for policy in ("greedy", "planner"):
        result = SimulationResult(policy)
        for seed in range(1, n + 1):
            final = play_game(elementals.new_game(seed=seed, layout=layout), POLICIES[policy](), random.Random(seed))
            result.games += 1
            result.wins += final.won()
        entry[policy] = {"games": n, "wins": result.wins, "rate": result.win_rate, "ci95": list(result.interval())}
    return entry


def cache_policies(layouts: list[int], deals: int) -> None:
    """Play the greedy and planner policies over the first ``deals`` of each layout, into ``POLICY_CACHE``."""
    cached = {str(layout): _policies(layout, deals) for layout in layouts}
    POLICY_CACHE.write_text(json.dumps(cached, indent=1) + "\n", encoding="utf-8")


def _limit() -> int:
    meta = RESULTS / "elementals-solver-limit.txt"
    return int(meta.read_text().strip()) if meta.exists() else 0


def table(summary: dict) -> str:
    """The summary as the Markdown table the site shows."""
    lines = [
        "| layout | deals | winnable | not winnable | unknown | winnable share (95% CI) | greedy | planner | hint |",
        "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    for e in summary["layouts"]:
        low, high = e["ci95"]
        hint = e.get("hint")
        hint_cell = f"{hint['rate']:.1%} of {hint['games']:,}" if hint else "-"
        lines.append(
            f"| {e['layout']}, the {e['name']} | {e['deals']:,} | {e['winnable']:,} | {e['not_winnable']:,} | "
            f"{e['unknown']:,} | {e['share']:.1%} ({low:.1%} to {high:.1%}) | {e['greedy']['rate']:.2%} | "
            f"{e['planner']['rate']:.1%} | {hint_cell} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per layout (seeds 1 to N)")
    parser.add_argument("--layout", type=int, action="append", help="a layout to solve (repeatable; all if none)")
    parser.add_argument("--positions", type=int, default=2_000_000, help="positions searched per deal at most")
    parser.add_argument("--hint", action="store_true", help="play the deals with the hint policy instead")
    parser.add_argument("--stride", type=int, default=1, help="with --hint: play every N-th deal (runs side by side)")
    parser.add_argument("--offset", type=int, default=0, help="with --hint: start at deal 1 + this")
    parser.add_argument("--summary", action="store_true", help="only print the summary of the saved results")
    parser.add_argument("--policies", action="store_true", help="play greedy and planner on the deals, for --summary")
    parser.add_argument("--write-docs", action="store_true", help="save the summary and write the site's chart")
    args = parser.parse_args()
    layouts = args.layout or sorted(elementals.LAYOUTS)
    if args.policies:
        cache_policies(layouts, args.deals)
        return
    if not args.summary:
        for number in layouts:
            if args.hint:
                play_hints(number, args.deals, args.stride, args.offset)
            else:
                RESULTS.mkdir(exist_ok=True)
                (RESULTS / "elementals-solver-limit.txt").write_text(f"{max(_limit(), args.positions)}\n")
                solve_deals(number, args.deals, args.positions)
    summary = summarize(args.deals)
    print(table(summary))
    for e in summary["layouts"]:
        rate = e["positions"] / e["seconds"] if e["seconds"] else 0
        print(
            f"layout {e['layout']}: {e['seconds']:,.0f} s solving ({rate:,.0f} positions/s), slowest deal "
            f"{e['slowest']:.1f} s",
            file=sys.stderr,
        )
    if args.write_docs:
        SUMMARY.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        CHART.write_text(share_svg(summary), encoding="utf-8")
        print(f"wrote {SUMMARY.name} and {CHART.name}", file=sys.stderr)


if __name__ == "__main__":
    main()
