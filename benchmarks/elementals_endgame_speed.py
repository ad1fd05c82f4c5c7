"""CPU seconds of an Elementals hint in the endgame (at most ``endgame.DECK_LIMIT`` cards in the deck), with the
count (``hint.ENDGAME``) and without it, at the same positions: every turn's first position from the end of a
game played by the planner, on development deals.

    python benchmarks/elementals_endgame_speed.py --first 10001 --deals 12
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rulebook import elementals
from rulebook.elementals import endgame
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--layout", type=int, default=1)
    args = parser.parse_args()
    positions = []
    for seed in range(args.first, args.first + args.deals):
        state, player, rng = elementals.new_game(seed=seed, layout=args.layout), Planner(), random.Random(seed)
        while not state.is_terminal():
            if endgame.applies(state) and len(state.hand) == elementals.HAND_SIZE:
                positions.append(state)
            state = state.apply(player(state, rng))
    times: dict[bool, list[float]] = {True: [], False: []}
    counted = 0
    for state in positions:
        for on in (False, True):
            hints.ENDGAME = on
            start = time.process_time()
            found = hints.hint(state)
            times[on].append(time.process_time() - start)
            counted += on and found.source == "exact"
    for on in (False, True):
        t = times[on]
        print(f"{'with' if on else 'without'} the count: {len(t)} hints, CPU median {statistics.median(t):.3f} s, "
              f"mean {statistics.fmean(t):.3f} s, worst {max(t):.2f} s")
    print(f"the count chose the move in {counted} of {len(positions)}")


if __name__ == "__main__":
    main()
