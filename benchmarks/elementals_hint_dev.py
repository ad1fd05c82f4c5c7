"""The Elementals hint as a policy on development deals (seeds 10,001 and up), for choosing its method and
budget before the report run (``elementals_solver.py --hint``, deals 1 and up).

Run from the repository with the project installed:

    python benchmarks/elementals_hint_dev.py --layout 2 --deals 40 [--first 10001] [--samples 24]
        [--candidates 8] [--budget 700] [--positions 40000] [--method race|nested|uct] [--winnable FILE]
        [--lookahead K M] [--rollout-lookahead K M] [--planner-lookahead K M] [--log FILE] [--table FILE]

``--lookahead`` sets the look-ahead of the plan the race keeps (``hint.LOOKAHEAD``), ``--rollout-lookahead``
that of the planner playing the sampled games out (``hint.ROLLOUT_LOOKAHEAD``), ``--planner-lookahead``
that of the planner it is compared with; ``--log`` appends one JSON line per deal (for paired counts).

With ``--winnable``, a JSON-lines file of ``{"seed": ..., "verdict": ...}`` (the solver's, deck known), only the
deals it calls winnable are played: a deal no line wins is lost by every policy, and comparing methods on the
others gives the same difference with fewer games.

Prints the wins with their 95% interval (Wilson), the planner's wins on the same deals, and the hint's
CPU seconds per game (mean and worst) and per hint (median and worst).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from rulebook import elementals
from rulebook.elementals import evaluation, taught, tuned
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner, play_game
from rulebook.elementals.simulation import SimulationResult


def use_table(path: str, layout: int) -> None:
    """The planner's weights and power values for ``layout`` from a JSON file (``elementals_fit.py``)."""
    with open(path, encoding="utf-8") as f:
        table = json.load(f)
    evaluation.LAYOUT_WEIGHTS[layout] = {**evaluation.WEIGHTS, **table["weights"]}
    evaluation.LAYOUT_POWER_VALUE[layout] = {**evaluation.POWER_VALUE, **table["values"]}


def configure(args: argparse.Namespace) -> None:
    """The planner's table, the rollouts' score, the look-aheads and the budget as the options ask."""
    if args.table:
        use_table(args.table, args.layout)
    if args.deep:
        rollout = hints._rollout

        def deep(sample: object, line: object) -> tuple[bool, int]:
            won, defeated = rollout(sample, line)  # type: ignore[arg-type]
            return won, 2**defeated + (2**13 - 2**12 - hints.WIN_BONUS) * won

        hints._rollout = deep  # type: ignore[assignment]
    if args.lookahead is not None:
        hints.LOOKAHEAD = tuple(args.lookahead)
    if args.rollout_lookahead is not None:
        hints.ROLLOUT_LOOKAHEAD = tuple(args.rollout_lookahead)
    if args.budget is not None:
        hints.BUDGET[args.layout] = args.budget
    if args.taught_table:
        with open(args.taught_table, encoding="utf-8") as f:
            taught.TABLE = json.load(f)
    if args.tuned_table:
        with open(args.tuned_table, encoding="utf-8") as f:
            tuned.TABLE = json.load(f)
    hints.ROLLOUT_PLAYER = args.rollout_player
    hints.KEPT_PLAYER = args.kept_player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, required=True)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--samples", type=int, default=hints.SAMPLES)
    parser.add_argument("--candidates", type=int, default=hints.CANDIDATES)
    parser.add_argument("--budget", type=int, default=None, help="turns per hint (default: the layout's BUDGET)")
    parser.add_argument("--positions", type=int, default=hints.POSITIONS)
    parser.add_argument("--method", choices=hints.METHODS, default="race")
    parser.add_argument("--lookahead", type=int, nargs=2, default=None, help="the kept line's: k ends, m draws")
    parser.add_argument("--rollout-lookahead", type=int, nargs=2, default=None, help="the games' planner's: k m")
    parser.add_argument("--planner-lookahead", type=int, nargs=2, default=(0, 0), help="the compared planner's")
    parser.add_argument("--log", default=None, help="append one JSON line per deal")
    parser.add_argument("--variant", default=None, help="a name for the run, written in each --log line")
    parser.add_argument("--rollout-player", choices=("planner", "taught", "tuned"), default=hints.ROLLOUT_PLAYER,
                        help="who plays the sampled games out (hint.ROLLOUT_PLAYER)")
    parser.add_argument("--kept-player", choices=("planner", "taught", "tuned"), default=hints.KEPT_PLAYER,
                        help="whose plan the race keeps unless beaten (hint.KEPT_PLAYER)")
    parser.add_argument("--tuned-table", default=None, help="the tuned player's table (tuned.TABLE), a JSON file")
    parser.add_argument("--taught-table", default=None, help="the taught player's table (taught.TABLE), a JSON file")
    parser.add_argument("--winnable", default=None, help="play only the seeds this JSON-lines file calls winnable")
    parser.add_argument("--table", default=None, help="the planner's weights from a JSON file (elementals_fit.py)")
    parser.add_argument(
        "--deep", action="store_true", help="score a game played out 2**banished (a win 2**13), not banished + 10 a win"
    )
    args = parser.parse_args()
    configure(args)
    hints.POSITIONS = args.positions
    per_hint: list[float] = []
    find = hints.hint

    def timed(*a: object, **k: object) -> hints.Hint:
        start = time.process_time()
        found = find(*a, **k)  # type: ignore[arg-type]
        per_hint.append(time.process_time() - start)
        return found

    hints.hint = timed
    wins = planned = defeated = 0
    games: list[float] = []
    seeds = list(range(args.first, args.first + args.deals))
    if args.winnable:
        with open(args.winnable, encoding="utf-8") as lines:
            verdicts = {row["seed"]: row["verdict"] for row in map(json.loads, lines) if row}
        seeds = [seed for seed in seeds if verdicts.get(seed) == "winnable"]
    for seed in seeds:
        start = time.process_time()
        policy = hints.HintPolicy(args.samples, args.candidates, args.method)
        final = play_game(elementals.new_game(seed=seed, layout=args.layout), policy, random.Random(seed))
        games.append(time.process_time() - start)
        wins += final.won()
        defeated += final.defeated
        player = Planner()
        player.lookahead = tuple(args.planner_lookahead)
        base = play_game(elementals.new_game(seed=seed, layout=args.layout), player, random.Random(seed))
        planned += base.won()
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                out.write(json.dumps({"variant": args.variant, "seed": seed, "won": final.won(),
                                      "defeated": final.defeated, "planner": base.won(), "cpu": games[-1]}) + "\n")
        print(f"seed {seed}: hint {'won' if final.won() else 'lost'} ({final.defeated} defeated), "
              f"planner {'won' if base.won() else 'lost'}, {games[-1]:.1f} s", flush=True)
    n = len(seeds)
    low, high = SimulationResult("", games=n, wins=wins).interval()
    print(
        f"layout {args.layout}, method {args.method}, {n} seeds of {args.first}-{args.first + args.deals - 1}, "
        f"samples {args.samples}, candidates "
        f"{args.candidates}, budget {hints.BUDGET[args.layout]}: "
        f"hint {wins}/{n} ({wins / n:.1%}, {low:.1%} to {high:.1%}); "
        f"mean defeated {defeated / n:.2f}; planner {planned}/{n}; "
        f"CPU per game mean {statistics.fmean(games):.1f} s, worst {max(games):.1f} s; "
        f"per hint median {statistics.median(per_hint):.3f} s, worst {max(per_hint):.2f} s"
    )


if __name__ == "__main__":
    main()
