"""Where the Elementals hint loses its deals: the hint given one piece of what a player cannot see, on
development deals (seeds 10,001 and up).

Run from the repository with the project installed:

    python benchmarks/elementals_hint_oracle.py --give next3 --first 10001 --deals 100 --log FILE
    python benchmarks/elementals_hint_oracle.py --give none|next3|faces|order|all ...
    python benchmarks/elementals_hint_oracle.py --player planner --give next3 --k 8 --deals 1000 --log FILE
    python benchmarks/elementals_hint_oracle.py --player solver --deals 100 --log FILE
    python benchmarks/elementals_hint_oracle.py --give all --solver-lines 4 --solver-positions 20000 \
        --variant NAME --log FILE

The hint plays each deal as it does for a player, but the games it samples to compare its plans are dealt
with one piece of the hidden game left as it truly is (``hint.view``): ``next3`` the three cards the next
draw brings (the rest of the deck shuffled), ``faces`` which elemental lies under each face-down card (the
deck shuffled), ``order`` the whole order of the deck (the face-down elementals shuffled), ``all`` both
(every sampled game is the real one). ``none`` is the hint as it is. With the deck's order given, the
endgame count (which reads the deck's make-up only) is left out, so that the games played out decide.

Prints the wins with their 95% interval (Wilson) and the CPU seconds per game; ``--log`` appends one JSON
line per deal (``variant`` = the piece given, or ``--variant``), for ``elementals_hint_pair.py --file``.
``--solver-lines N`` adds the lines the exact solver begins its wins with in N games dealt to fit the view
(``hint.SOLVER_LINES``, ``hint.SOLVER_POSITIONS``: twelfth round). The CPU seconds of each hint are printed
too (median and worst, and of the hints that weighed a choice). ``--rollout-player told`` plays the hint's
made-up games with the planner told each game's next draw (``hint.ROLLOUT_PLAYER``, ``--told-ends``), and
``--positions`` sets the work a hint's play-outs may take (``hint.POSITIONS``):

    python benchmarks/elementals_hint_oracle.py --give none --rollout-player told --told-ends 4 \
        --positions 160000 --variant NAME --log FILE
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from dataclasses import replace

from rulebook import elementals
from rulebook.elementals import ElementalsState, bots, solver
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner, play_game
from rulebook.elementals.simulation import SimulationResult

GIVES = ("none", "next3", "faces", "order", "all")
_VIEW = hints.view


def oracle_view(give: str, truth: dict[str, ElementalsState]) -> object:
    """A ``hint.view`` that keeps ``give`` of the real game (``truth["now"]``, the state the hint is asked on)."""

    def view(state: ElementalsState, rng: random.Random) -> ElementalsState:
        sample = _VIEW(state, rng)
        real = truth["now"]
        if give == "next3":
            top = list(real.deck[: elementals.HAND_SIZE])
            rest = list(sample.deck)
            for c in top:
                rest.remove(c)
            if real.peeking and real.deck[-1] not in top:
                rest.remove(real.deck[-1])
                rest.append(real.deck[-1])
            return replace(sample, deck=tuple(top + rest))
        if give == "faces":
            return replace(sample, slots=real.slots)
        if give == "order":
            return replace(sample, deck=real.deck)
        if give == "all":
            return replace(sample, deck=real.deck, slots=real.slots)
        return sample

    return view


def oracle_expectimax(search: bots.TurnSearch, k: int, m: int) -> tuple[float, tuple]:
    """``bots._expectimax`` with the one true next draw in place of ``m`` sampled ones: the ``k`` best ends of
    the turn scored by the best reply to the three cards the deck really holds next (the planner told them)."""
    ends = bots.turn_ends(search)
    ranked = sorted(ends.items(), key=lambda item: -item[1][0])[:k]
    unseen = sorted(search.deck)
    top = search.deck[: elementals.HAND_SIZE]
    draw, taken = [], set()
    for c in top:
        j = next(j for j, u in enumerate(unseen) if u == c and j not in taken)
        taken.add(j)
        draw.append(j)
    best: tuple[float, tuple] = (-math.inf, ())
    for node, (value, plan) in ranked:
        if abs(value) < 5e5:
            value = bots._reply(search, node, unseen, tuple(draw))
        if value > best[0]:
            best = (value, plan)
    return best


def planner_games(args: argparse.Namespace) -> None:
    """The planner on its own: as it is (``--k 0``), with ``k`` best ends scored by ``m`` sampled next draws
    (``--give none``), or by the true next draw (``--give next3``)."""
    if args.give == "next3":
        bots._expectimax = oracle_expectimax  # type: ignore[assignment]
    wins = defeated = 0
    cpu: list[float] = []
    for seed in range(args.first, args.first + args.deals):
        player = Planner()
        player.lookahead = (args.k, args.m)
        start = time.process_time()
        final = play_game(elementals.new_game(seed=seed, layout=args.layout), player, random.Random(seed))
        cpu.append(time.process_time() - start)
        wins += final.won()
        defeated += final.defeated
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                row = {"variant": f"planner-{args.give}-{args.k}-{args.m}", "seed": seed, "won": final.won(),
                       "defeated": final.defeated, "cpu": round(cpu[-1], 3)}
                out.write(json.dumps(row) + "\n")
    n = args.deals
    low, high = SimulationResult("", games=n, wins=wins).interval()
    print(f"planner, give {args.give}, lookahead ({args.k}, {args.m}), layout {args.layout}, seeds {args.first}-"
          f"{args.first + n - 1}: {wins}/{n} ({wins / n:.1%}, {low:.1%} to {high:.1%}); defeated {defeated / n:.2f}; "
          f"CPU per game {statistics.fmean(cpu):.2f} s")


def verdicts(args: argparse.Namespace) -> None:
    """Each deal solved with the deck's order and the face-down elementals known (``solver.solve``, up to two
    million positions): the share of the deals that can be won at all."""
    won = 0
    for seed in range(args.first, args.first + args.deals):
        start = time.process_time()
        verdict = solver.solve(elementals.new_game(seed=seed, layout=args.layout), limit=None,
                               max_positions=2_000_000).verdict
        won += verdict == "winnable"
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                row = {"seed": seed, "verdict": verdict, "cpu": round(time.process_time() - start, 2)}
                out.write(json.dumps(row) + "\n")
    print(f"solver, layout {args.layout}, seeds {args.first}-{args.first + args.deals - 1}: {won} winnable")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--give", choices=GIVES, default="none")
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--log", default=None)
    parser.add_argument("--player", choices=("hint", "planner", "solver"), default="hint",
                        help="solver: each deal solved with everything known (its verdict logged)")
    parser.add_argument("--k", type=int, default=0, help="the planner's look-ahead: the best ends re-scored")
    parser.add_argument("--m", type=int, default=1, help="the planner's look-ahead: the next draws sampled")
    parser.add_argument("--solver-lines", type=int, default=0,
                        help="hint.SOLVER_LINES: games solved for candidate lines the planner never proposes")
    parser.add_argument("--solver-positions", type=int, default=hints.SOLVER_POSITIONS,
                        help="hint.SOLVER_POSITIONS: the solver's positions a solved game")
    parser.add_argument("--variant", default=None, help="the name logged (default: the piece given)")
    parser.add_argument("--rollout-player", default=hints.ROLLOUT_PLAYER,
                        help="hint.ROLLOUT_PLAYER: planner, or told (the planner told its sampled game's next draw)")
    parser.add_argument("--told-ends", type=int, default=hints.TOLD_ENDS, help="hint.TOLD_ENDS")
    parser.add_argument("--positions", type=int, default=hints.POSITIONS,
                        help="hint.POSITIONS: the positions a hint's play-outs may score")
    args = parser.parse_args()
    if args.player == "planner":
        planner_games(args)
        return
    if args.player == "solver":
        verdicts(args)
        return
    hint_games(args)


def solver_counts(clocked: object) -> dict[str, int]:
    """Make ``clocked`` the hint, counting what the solver adds (the counts are returned, to be read and reset)."""
    # What the solver adds: its lines found, those not already among the candidates, how often the race chose
    # one of those, and how often one of the lines the solver found (at "races" hints it was asked at).
    count = {"found": 0, "new": 0, "chosen": 0, "agree": 0, "races": 0}
    added: list[tuple] = []
    solved: list[tuple] = []
    add, solver_lines = hints._added, hints._solver_lines

    def counted_lines(state: ElementalsState, listed: list) -> list:
        found = solver_lines(state, listed)
        count["found"] += len(found)
        count["races"] += 1
        solved[:] = found
        return found

    def counted_added(found: list, lines: list) -> list:
        new = add(found, lines)
        count["new"] += len(new)
        added[:] = new
        return new

    hints._solver_lines, hints._added = counted_lines, counted_added  # type: ignore[assignment]

    def chosen(state: ElementalsState, *a: object, **k: object) -> hints.Hint:
        added.clear()
        solved.clear()
        found = clocked(state, *a, **k)  # type: ignore[arg-type]
        count["chosen"] += found.plan in added
        count["agree"] += found.plan in solved
        return found

    hints.hint = chosen  # type: ignore[assignment]
    return count


def hint_games(args: argparse.Namespace) -> None:
    """The hint told ``args.give`` of the real game (with the hint's settings given), deal by deal."""
    hints.ROLLOUT_PLAYER, hints.TOLD_ENDS, hints.POSITIONS = args.rollout_player, args.told_ends, args.positions
    truth: dict[str, ElementalsState] = {}
    hints.view = oracle_view(args.give, truth)  # type: ignore[assignment]
    if args.give in ("order", "all"):
        hints.ENDGAME = False
    find = hints.hint

    def told(state: ElementalsState, *a: object, **k: object) -> hints.Hint:
        truth["now"] = state
        return find(state, *a, **k)  # type: ignore[arg-type]

    hints.SOLVER_LINES, hints.SOLVER_POSITIONS = args.solver_lines, args.solver_positions
    timed: list[float] = []
    weighed: list[float] = []  # the hints that weighed a choice (as elementals_hint_report.py times them)

    def clocked(state: ElementalsState, *a: object, **k: object) -> hints.Hint:
        start = time.process_time()
        found = told(state, *a, **k)
        timed.append(time.process_time() - start)
        if found.source == "samples":
            weighed.append(timed[-1])
        return found

    count = solver_counts(clocked)
    wins = defeated = 0
    games: list[float] = []
    totals: dict[str, int] = {}
    seeds = range(args.first, args.first + args.deals)
    for seed in seeds:
        start = time.process_time()
        final = play_game(elementals.new_game(seed=seed, layout=args.layout), hints.HintPolicy(), random.Random(seed))
        games.append(time.process_time() - start)
        wins += final.won()
        defeated += final.defeated
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                row = {"variant": args.variant or args.give, "seed": seed, "won": final.won(),
                       "defeated": final.defeated, "cpu": round(games[-1], 2),
                       **({"solver": dict(count)} if args.solver_lines else {})}
                out.write(json.dumps(row) + "\n")
        print(f"seed {seed}: {'won' if final.won() else 'lost'} ({final.defeated} defeated), {games[-1]:.1f} s",
              flush=True)
        for key in count:
            totals[key] = totals.get(key, 0) + count[key]
            count[key] = 0
    n = len(seeds)
    if args.solver_lines:
        print(f"solver lines: asked at {totals['races']} hints, {totals['found']} found, {totals['new']} not among "
              f"the candidates, {totals['chosen']} of those chosen; the hint's plan one the solver found: "
              f"{totals['agree']}")
    low, high = SimulationResult("", games=n, wins=wins).interval()
    print(f"give {args.give}, layout {args.layout}, seeds {args.first}-{args.first + n - 1}: {wins}/{n} "
          f"({wins / n:.1%}, {low:.1%} to {high:.1%}); defeated {defeated / n:.2f}; "
          f"CPU per game {statistics.fmean(games):.1f} s; a hint: median {statistics.median(timed):.3f} s, "
          f"worst {max(timed):.2f} s over {len(timed)} hints; a hint that weighed a choice: median "
          f"{statistics.median(weighed or [0]):.3f} s, worst {max(weighed or [0]):.2f} s over {len(weighed)}")


if __name__ == "__main__":
    main()
