"""The hint's fast rollout path (``rulebook.elementals.fast``) against the planner it stands for: agreement
and speed, in the same run (development deals, seeds 10,001 and up).

Run from the repository with the project installed:

    python benchmarks/elementals_fast.py [--deals 100] [--first 10001] [--layouts 1 2 3] [--hints 10]
        [--budget 3600 --samples 48 --positions 160000]

1. Agreement: every turn of the planner's game of each deal planned both ways (the plan, its score and
   the positions searched must be equal), and each game played out both ways from its start (won, and
   the elementals defeated, must be equal). Any difference is printed and the exit code is 1.
2. Speed: the CPU seconds of playing those games out with the planner on the engine
   (``bots.play_game(state, Planner(), ...)``) and on the fast path (``fast.play_out``), and their ratio.
3. The hint: ``--hints`` first hints of pyramid deals (after the first draw, the costliest hint of a
   game) with the engine's rollouts and the fast ones (``hint.FAST``), the same hints checked equal, CPU
   per hint median and worst each way; with ``--budget``/``--samples``/``--positions`` the race's bounds
   set as a variant plays them (``elementals_hint_dev.py``).
4. With ``--cheaper N``: cheaper players for the rollouts on N pyramid deals, each against the planner
   (wins, elementals defeated, CPU): the planner searching no power (Whispers of Neptulon and Hand of
   Ragnaros never used), and the planner using its powers only before the turn's first card.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from rulebook import elementals
from rulebook.elementals import fast
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import WORK, Planner, plan_turn, play_game


class Powerless(fast.TurnPlanner):
    """The planner's search without its powers."""

    def unleash(self, node: tuple, best: float, move: object, after: object) -> tuple[float, object, object]:
        return best, move, after


class PowersFirst(fast.TurnPlanner):
    """The planner's search using a power only before the turn's first card is played or thrown away."""

    root: tuple | None = None

    def search(self, node: tuple) -> float:
        if self.root is None:
            self.root = node
        return super().search(node)

    def unleash(self, node: tuple, best: float, move: object, after: object) -> tuple[float, object, object]:
        root = self.root
        assert root is not None
        if node[1] is not root[1] or node[4] != root[4] or len(node[0]) + len(node[7]) != len(root[0]):
            return best, move, after
        return super().unleash(node, best, move, after)


def cheaper(deals: int, first: int) -> None:
    """Each cheaper player against the planner on the same pyramid deals: wins, defeated, CPU."""
    starts = [elementals.new_game(seed=seed, layout=1) for seed in range(first, first + deals)]
    results = {}
    for name, planner in (("planner", fast.TurnPlanner), ("no powers", Powerless), ("powers first", PowersFirst)):
        begin = time.process_time()
        results[name] = [fast.play_out(s, planner) for s in starts]
        cpu = time.process_time() - begin
        ends = results[name]
        same = sum(a == b for a, b in zip(ends, results["planner"], strict=True))
        print(
            f"{name}: {sum(w for w, _ in ends)}/{deals} won, {sum(d for _, d in ends) / deals:.2f} defeated, "
            f"{cpu:.2f} s CPU; the same end as the planner's in {same}"
        )


def agreement(seeds: range, layouts: list[int]) -> tuple[int, int, int]:
    """Turns compared, games compared, and differences found."""
    turns = games = bad = 0
    for layout in layouts:
        for seed in seeds:
            state = elementals.new_game(seed=seed, layout=layout)
            start, player, rng = state, Planner(), random.Random(seed)
            while not state.is_terminal():
                if state.in_turn:
                    turns += 1
                    before = WORK[0]
                    slow = plan_turn(state)
                    middle = WORK[0]
                    quick = fast.best_plan(state)
                    if quick != slow or WORK[0] - middle != middle - before:
                        bad += 1
                        print(f"layout {layout} seed {seed} turn {state.turn}: {slow} against {quick}")
                state = state.apply(player(state, rng))
            games += 1
            if fast.play_out(start) != (state.won(), state.defeated):
                bad += 1
                print(f"layout {layout} seed {seed}: the game ends otherwise")
    return turns, games, bad


def speed(seeds: range, layouts: list[int]) -> tuple[float, float]:
    """CPU seconds to play every deal out with the planner on the engine, then on the fast path."""
    starts = [elementals.new_game(seed=seed, layout=layout) for layout in layouts for seed in seeds]
    begin = time.process_time()
    slow = [(end.won(), end.defeated) for end in (play_game(s, Planner(), random.Random(0)) for s in starts)]
    middle = time.process_time()
    quick = [fast.play_out(s) for s in starts]
    end = time.process_time()
    assert slow == quick
    return middle - begin, end - middle


def first_hints(seeds: range) -> tuple[list[float], list[float], int]:
    """CPU seconds of each first hint of a pyramid game with the engine's rollouts and the fast ones, and
    how many hints differ."""
    states = [elementals.new_game(seed=seed, layout=1).apply(elementals.Draw()) for seed in seeds]
    cpu: dict[bool, list[float]] = {False: [], True: []}
    found: dict[bool, list[hints.Hint]] = {False: [], True: []}
    for flag in (False, True):
        hints.FAST = flag
        for state in states:
            begin = time.process_time()
            found[flag].append(hints.hint(state))
            cpu[flag].append(time.process_time() - begin)
    hints.FAST = True
    return cpu[False], cpu[True], sum(a != b for a, b in zip(found[False], found[True], strict=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--layouts", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--hints", type=int, default=10)
    parser.add_argument("--budget", type=int, default=None, help="the race's turns per pyramid hint")
    parser.add_argument("--samples", type=int, default=hints.SAMPLES)
    parser.add_argument("--positions", type=int, default=hints.POSITIONS)
    parser.add_argument("--cheaper", type=int, default=0, help="deals to measure the cheaper players on")
    args = parser.parse_args()
    if args.cheaper:
        cheaper(args.cheaper, args.first)
        return 0
    seeds = range(args.first, args.first + args.deals)
    turns, games, bad = agreement(seeds, args.layouts)
    print(
        f"agreement: {turns} turns and {games} games of layouts {args.layouts}, "
        f"seeds {seeds.start}-{seeds.stop - 1}: {bad} differences"
    )
    slow, quick = speed(seeds, args.layouts)
    print(f"planner's games played out: engine {slow:.2f} s CPU, fast path {quick:.2f} s; ratio {slow / quick:.2f}")
    if args.hints:
        if args.budget is not None:
            hints.BUDGET[1] = args.budget
        hints.SAMPLES, hints.POSITIONS = args.samples, args.positions
        hints.hint.__defaults__ = (args.samples, *hints.hint.__defaults__[1:])  # type: ignore[index]
        slow_h, quick_h, differ = first_hints(range(args.first, args.first + args.hints))
        print(
            f"first hints of {args.hints} pyramid deals (budget {hints.BUDGET[1]}, samples {args.samples}, positions "
            f"{args.positions}): engine median {statistics.median(slow_h):.2f} s, worst {max(slow_h):.2f} s; fast "
            f"median {statistics.median(quick_h):.2f} s, worst {max(quick_h):.2f} s; ratio of totals "
            f"{sum(slow_h) / sum(quick_h):.2f}; hints that differ: {differ}"
        )
        bad += differ
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
