"""Plans over several turns as a player (``rulebook.elementals.macro``), paired with the planner on development deals.

Run from the repository with the project installed:

    python benchmarks/elementals_plans_dev.py rule --first 10001 --deals 600 20,40,advanced 0,10,reveal ...
    python benchmarks/elementals_plans_dev.py rollouts --first 10001 --deals 120 --pile 20 --defeat 40 \\
        --samples 16 [--log FILE]

``rule``: each ``PILE,DEFEAT,CHOOSE`` is a ``macro.Commitment`` (the target chosen by a rule, kept until it falls);
``rollouts``: ``macro.CommittedPlayer`` (the target chosen by rollouts in sampled games, none unless one beats it
beyond chance). Each prints the wins with a 95% interval (Wilson), the elementals defeated, the CPU seconds a
game, and against the planner (``fast.play_out``, the same deals) the deals won by one and lost by the other,
with a two-sided sign test.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals as E
from rulebook.elementals import fast, macro
from rulebook.elementals.bots import play_game
from rulebook.elementals.simulation import SimulationResult


def line(name: str, rows: list[tuple[bool, int]], base: list[tuple[bool, int]], cpu: float) -> str:
    wins = sum(w for w, _ in rows)
    low, high = SimulationResult("", games=len(rows), wins=wins).interval()
    up = sum(a[0] and not b[0] for a, b in zip(rows, base, strict=True))
    down = sum(b[0] and not a[0] for a, b in zip(rows, base, strict=True))
    return (f"{name}: {wins}/{len(rows)} = {wins / len(rows):.1%} ({low:.1%}-{high:.1%}), defeated "
            f"{sum(d for _, d in rows) / len(rows):.2f}, CPU/game {cpu:.3f} s; against the planner "
            f"({sum(w for w, _ in base)}): won {up} it lost, lost {down} it won (sign test p {sign_p(up, down):.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("rule")
    r.add_argument("specs", nargs="+", help="PILE,DEFEAT,CHOOSE (CHOOSE one of macro.CHOICES)")
    o = sub.add_parser("rollouts")
    o.add_argument("--pile", type=float, default=20.0)
    o.add_argument("--defeat", type=float, default=40.0)
    o.add_argument("--samples", type=int, default=16)
    o.add_argument("--log", default=None, help="append one JSON line per deal")
    for p in (r, o):
        p.add_argument("--first", type=int, default=10_001)
        p.add_argument("--deals", type=int, default=600)
        p.add_argument("--layout", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    base = [fast.play_out(E.new_game(seed=s, layout=args.layout)) for s in seeds]
    if args.cmd == "rule":
        for spec in args.specs:
            pile, defeat, choose = spec.split(",")
            commitment = macro.Commitment(float(pile), float(defeat), choose)
            start = time.process_time()
            rows = [macro.play_out(E.new_game(seed=s, layout=args.layout), commitment) for s in seeds]
            print(line(spec, rows, base, (time.process_time() - start) / len(rows)), flush=True)
        return
    commitment = macro.Commitment(args.pile, args.defeat)
    rows, cpu = [], 0.0
    for s, planned in zip(seeds, base, strict=True):
        start = time.process_time()
        end = play_game(E.new_game(seed=s, layout=args.layout), macro.CommittedPlayer(commitment, args.samples),
                        random.Random(s))
        cpu += time.process_time() - start
        rows.append((end.won(), end.defeated))
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                out.write(json.dumps({"variant": f"rollouts-{args.pile:g}-{args.defeat:g}-{args.samples}", "seed": s,
                                      "won": end.won(), "defeated": end.defeated, "planner": planned[0],
                                      "cpu": time.process_time() - start}) + "\n")
    print(line(f"rollouts pile {args.pile:g} defeat {args.defeat:g} samples {args.samples}", rows, base,
               cpu / len(rows)), flush=True)


if __name__ == "__main__":
    main()
