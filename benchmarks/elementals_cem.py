"""The cross-entropy method on the Elementals planner's evaluation: its weights searched for whole games won.

Run from the repository with the project installed:

    python benchmarks/elementals_cem.py search --layout 1 --first 20001 --deals 500 --candidates 24 \
        --generations 30 --out CHECKPOINT.json [--log FILE]
    python benchmarks/elementals_cem.py summary --table CHECKPOINT.json
    python benchmarks/elementals_cem.py check --layout 1 --first 10001 --deals 3000 --table CHECKPOINT.json

``search`` (Szita and Lorincz 2006, as for Tetris): a Gaussian over the planner's weights (today's terms of
``evaluation.WEIGHTS`` in the fast path, and the power values of the kings kept), each weight's logarithm but
``danger_from`` (a threshold, searched as it is). Each generation draws ``--candidates`` vectors, plays each on
the SAME deals (common random numbers: fresh deals each generation, seeds ``--first + g * --deals`` on), keeps
the best ``--elite`` share, refits the mean and the spread to them and adds noise (decreasing: ``--noise / (g +
1)`` to each variance). The objective of a candidate: wins plus ``--defeated`` (0.02 by default) per elemental
defeated, over the generation's deals. The mean starts at today's table; the mean itself is played on the same
deals each generation beside the candidates (its score is printed, not used). Every generation is written to
``--out`` (the mean, spread, each candidate's vector and score) and the search resumes from it.

``summary``: each generation of a checkpoint, the mean's table's wins beside today's planner's on its deals.

``check``: the planner with a table (the checkpoint's mean, or ``--best`` candidate) against today's planner on
fresh development deals, paired: both wins with 95% intervals (Wilson), the elementals defeated, the deals won
by one and lost by the other and a two-sided sign test.

Games are played on the fast path (``rulebook.elementals.fast.play_out``): the planner sees the deck's make-up,
never its order.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals as E
from rulebook.elementals import evaluation, fast, tuned
from rulebook.elementals.simulation import SimulationResult

#: The searched coordinates: the fast path's terms, then the kings' values.
TERMS: tuple[str, ...] = fast.TERMS
KINGS: tuple[str, ...] = ("KH", "KS", "KD", "KC")
NAMES: tuple[str, ...] = (*TERMS, *KINGS)
#: Searched as they are (a threshold, and the extra terms, whose sign is not known), the others as logarithms.
LINEAR = frozenset({"danger_from", *tuned.EXTRA})

Table = dict[str, dict[str, float]]


def table_of(vector: list[float], names: tuple[str, ...] = NAMES) -> Table:
    """The table (weights, power values, extra terms) of a point of the search space."""
    real = {k: (v if k in LINEAR else math.exp(v)) for k, v in zip(names, vector, strict=True)}
    return {"weights": {**evaluation.WEIGHTS, **{k: real[k] for k in TERMS}},
            "values": {k: real[k] for k in KINGS},
            "extra": {k: real[k] for k in tuned.EXTRA if k in real}}


def point_of(weights: dict[str, float], values: dict[str, float], names: tuple[str, ...] = NAMES) -> list[float]:
    """The point of the search space of a table (the extra terms at 0)."""
    both = {**weights, **values}
    return [both.get(k, 0.0) if k in LINEAR else math.log(both[k]) for k in names]


def planner_with(table: Table) -> type[fast.TurnPlanner]:
    """The fast path's turn search scoring with this table."""
    return tuned.planner(table)


def play(layout: int, seeds: range, planner: type[fast.TurnPlanner]) -> list[tuple[bool, int]]:
    """Each deal of ``seeds`` played to its end by ``planner``: (won, elementals defeated)."""
    return [fast.play_out(E.new_game(seed=s, layout=layout), planner) for s in seeds]


def objective(rows: list[tuple[bool, int]], per_defeated: float) -> float:
    """Wins plus ``per_defeated`` per elemental defeated."""
    return sum(w for w, _ in rows) + per_defeated * sum(d for _, d in rows)


def cmd_search(args: argparse.Namespace) -> None:
    path = Path(args.out)
    if path.exists():
        state = json.loads(path.read_text(encoding="utf-8"))
    else:
        names = (*NAMES, *tuned.EXTRA) if args.extra else NAMES
        mean = point_of(dict(evaluation.WEIGHTS), dict(evaluation.POWER_VALUE), names)
        spread = [args.sigma_extra if k in tuned.EXTRA else args.sigma_linear if k in LINEAR else args.sigma
                  for k in names]
        state = {"names": list(names), "args": vars(args), "generations": [], "mean": mean, "spread": spread}
    names = tuple(state["names"])
    rng = random.Random(args.seed + len(state["generations"]))
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    while len(state["generations"]) < args.generations:
        g = len(state["generations"])
        seeds = range(args.first + g * args.deals, args.first + (g + 1) * args.deals)
        mean, spread = state["mean"], state["spread"]
        start = time.process_time()
        base = play(args.layout, seeds, planner_with(table_of(mean, names)))
        candidates = []
        for _ in range(args.candidates):
            x = [rng.gauss(m, s) for m, s in zip(mean, spread, strict=True)]
            rows = play(args.layout, seeds, planner_with(table_of(x, names)))
            candidates.append({"x": x, "wins": sum(w for w, _ in rows), "defeated": sum(d for _, d in rows),
                               "score": objective(rows, args.defeated)})
        candidates.sort(key=lambda c: -c["score"])
        elite = candidates[: max(2, round(args.elite * args.candidates))]
        noise = args.noise / (g + 1)
        new_mean = [sum(c["x"][i] for c in elite) / len(elite) for i in range(len(names))]
        new_spread = [
            math.sqrt(sum((c["x"][i] - new_mean[i]) ** 2 for c in elite) / len(elite) + noise * _scale(args, k))
            for i, k in enumerate(names)
        ]
        record = {
            "generation": g, "seeds": [seeds.start, seeds.stop - 1], "cpu": time.process_time() - start,
            "mean_wins": sum(w for w, _ in base), "mean_defeated": sum(d for _, d in base),
            "mean_score": objective(base, args.defeated), "mean": mean, "spread": spread,
            "candidates": candidates,
        }
        state["generations"].append(record)
        state["mean"], state["spread"] = new_mean, new_spread
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(state), encoding="utf-8")
        tmp.replace(path)
        scores = [c["wins"] for c in candidates]
        line = (f"gen {g}: seeds {seeds.start}-{seeds.stop - 1}, mean's table {record['mean_wins']} wins "
                f"(defeated {record['mean_defeated'] / len(seeds):.2f}); candidates wins best {max(scores)} "
                f"median {sorted(scores)[len(scores) // 2]} worst {min(scores)}; elite mean wins "
                f"{sum(c['wins'] for c in elite) / len(elite):.1f}; CPU {record['cpu']:.0f} s; "
                f"spread mean {sum(new_spread) / len(new_spread):.3f}")
        print(line, flush=True)
        if log:
            log.write(line + "\n")
            log.flush()
    print(json.dumps(table_of(state["mean"], names)))


def _scale(args: argparse.Namespace, name: str) -> float:
    """The noise's scale for a coordinate: 1 for a logarithm, 25 for ``danger_from``, the extra terms' first spread
    over the logarithms' (squared) for them."""
    if name in tuned.EXTRA:
        return (args.sigma_extra / args.sigma) ** 2
    return 25.0 if name in LINEAR else 1.0


def load_table(path: str, pick: str) -> Table:
    """A table from a checkpoint: its ``mean``, or the ``best`` candidate of its last generation."""
    state = json.loads(Path(path).read_text(encoding="utf-8"))
    names = tuple(state["names"])
    if pick == "mean":
        return table_of(state["mean"], names)
    return table_of(state["generations"][-1]["candidates"][0]["x"], names)


def describe(name: str, rows: list[tuple[bool, int]]) -> str:
    wins = sum(w for w, _ in rows)
    low, high = SimulationResult("", games=len(rows), wins=wins).interval()
    return (f"{name}: {wins}/{len(rows)} = {wins / len(rows):.1%} ({low:.1%}-{high:.1%}), "
            f"defeated {sum(d for _, d in rows) / len(rows):.2f}")


def cmd_check(args: argparse.Namespace) -> None:
    seeds = range(args.first, args.first + args.deals)
    print(f"layout {args.layout}, seeds {seeds.start}-{seeds.stop - 1}")
    if args.baseline:
        # Today's planner's games as an earlier check wrote them (the same deals: the planner is deterministic).
        known = {}
        with open(args.baseline, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row["layout"] == args.layout:
                    known[row["seed"]] = tuple(row["planner"])
        base = [known[s] for s in seeds]
        print(describe("today's planner (from --baseline)", base), flush=True)
    else:
        start = time.process_time()
        base = play(args.layout, seeds, fast.TurnPlanner)
        cpu_base = (time.process_time() - start) / len(seeds)
        print(describe("today's planner", base) + f", CPU {cpu_base:.4f} s a game", flush=True)
    for path in args.table:
        for pick in args.pick:
            table = load_table(path, pick)
            start = time.process_time()
            rows = play(args.layout, seeds, planner_with(table))
            cpu = (time.process_time() - start) / len(seeds)
            up = sum(a[0] and not b[0] for a, b in zip(rows, base, strict=True))
            down = sum(b[0] and not a[0] for a, b in zip(rows, base, strict=True))
            print(describe(f"{Path(path).name} ({pick})", rows) + f", CPU {cpu:.4f} s a game; against today's: "
                  f"won {up} it lost, lost {down} it won (sign test p {sign_p(up, down):.3f})")
            print(json.dumps({part: {k: round(v, 4) for k, v in table[part].items()} for part in table}), flush=True)
            if args.rows:
                with open(args.rows, "a", encoding="utf-8") as out:
                    for s, a, b in zip(seeds, rows, base, strict=True):
                        out.write(json.dumps({"layout": args.layout, "table": Path(path).name, "pick": pick,
                                              "seed": s, "cem": a, "planner": b}) + "\n")


def cmd_summary(args: argparse.Namespace) -> None:
    """Each generation of a checkpoint: its deals, the mean's table's wins against today's planner's on them
    (played again here), and the candidates' wins."""
    state = json.loads(Path(args.table).read_text(encoding="utf-8"))
    layout = state["args"]["layout"]
    for record in state["generations"]:
        seeds = range(record["seeds"][0], record["seeds"][1] + 1)
        today = sum(w for w, _ in play(layout, seeds, fast.TurnPlanner))
        wins = sorted(c["wins"] for c in record["candidates"])
        print(f"gen {record['generation']}: seeds {seeds.start}-{seeds.stop - 1}: mean's table {record['mean_wins']}, "
              f"today's planner {today}; candidates best {wins[-1]}, median {wins[len(wins) // 2]}; "
              f"CPU {record['cpu']:.0f} s", flush=True)
    print("mean now: " + json.dumps({k: round(v if k in LINEAR else math.exp(v), 3)
                                     for k, v in zip(state["names"], state["mean"], strict=True)}))


def main(argv: list[str] | None = None) -> Any:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("search")
    s.add_argument("--layout", type=int, default=1)
    s.add_argument("--first", type=int, default=20_001)
    s.add_argument("--deals", type=int, default=500)
    s.add_argument("--candidates", type=int, default=24)
    s.add_argument("--elite", type=float, default=0.25)
    s.add_argument("--generations", type=int, default=30)
    s.add_argument("--sigma", type=float, default=0.5, help="first spread of a log weight")
    s.add_argument("--sigma-linear", type=float, default=4.0, help="first spread of danger_from")
    s.add_argument("--noise", type=float, default=0.04, help="variance added at generation g: noise / (g + 1)")
    s.add_argument("--extra", action="store_true", help="search the weights of tuned.EXTRA too (from 0)")
    s.add_argument("--sigma-extra", type=float, default=20.0, help="first spread of an extra term's weight")
    s.add_argument("--defeated", type=float, default=0.02, help="objective: per elemental defeated")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--out", required=True)
    s.add_argument("--log", default=None)
    c = sub.add_parser("check")
    c.add_argument("--layout", type=int, default=1)
    c.add_argument("--first", type=int, default=10_001)
    c.add_argument("--deals", type=int, default=3000)
    c.add_argument("--table", required=True, nargs="+", help="checkpoints of search")
    c.add_argument("--pick", choices=("mean", "best"), nargs="+", default=["mean"],
                   help="each checkpoint's mean, and/or the best candidate of its last generation")
    c.add_argument("--rows", default=None, help="append one JSON line per deal")
    c.add_argument("--baseline", default=None, help="today's planner's games from an earlier check's --rows")
    m = sub.add_parser("summary")
    m.add_argument("--table", required=True, help="a checkpoint of search")
    args = parser.parse_args(argv)
    return {"search": cmd_search, "check": cmd_check, "summary": cmd_summary}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
