"""How much of the Elementals endgame any player who does not know the deck's order can win: at the first turn
with 9 cards or fewer in the deck and every elemental left face up, reached by the planner on development deals
(seeds 10,001 and up), the best chance counted over every draw to come (``endgame.chances``: exact, the best a
player without the order can do from there, up to the turn's plans as ``hint.plans`` lists them) beside the share
of the deck's orders that are winnable with the order known (the solver, ``solver.solve``, on ``--orders``
random orders of the same cards).

    python benchmarks/elementals_endgame_ceiling.py --first 10001 --deals 200 [--orders 40] [--nodes 400000]
    python benchmarks/elementals_endgame_ceiling.py --layout 2 --player solver --limit 12 --deals 300

With ``--player solver`` the positions are those the solver's winning line reaches (told everything; deals it
cannot win are skipped), at the first turn with ``--limit`` cards or fewer in the deck and at most three elementals
face down (the count then weighs every way they may lie, the later turns played as if they were known: a
little above what a player can do, so still a ceiling).

Prints one JSON line per position reached (``blind``: the best counted chance; ``seeing``: the share of orders
won knowing the order; ``exact``: whether the count is exact) and the means over the positions both measured.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from dataclasses import replace

from rulebook import elementals
from rulebook.elementals import endgame, solver
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner


def reached(seed: int, args: argparse.Namespace) -> elementals.ElementalsState | None:
    """The first position of deal ``seed`` where the count applies, played by ``args.player``; None if the
    game ends before (or, for the solver, the deal cannot be won)."""
    state = elementals.new_game(seed=seed, layout=args.layout)
    if args.player == "solver":
        found = solver.solve(state, limit=None, max_positions=2_000_000)
        if found.verdict != "winnable":
            return None
        for action in found.line:
            if endgame.applies(state, args.limit):
                return state
            state = state.apply(action)
        return None
    rng, player = random.Random(seed), Planner()
    while not state.is_terminal() and not endgame.applies(state, args.limit):
        state = state.apply(player(state, rng))
    return None if state.is_terminal() else state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--orders", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=400_000)
    parser.add_argument("--log", default=None)
    parser.add_argument("--player", choices=("planner", "solver"), default="planner")
    parser.add_argument("--limit", type=int, default=endgame.DECK_LIMIT, help="the most cards in the deck")
    args = parser.parse_args()
    blind, seeing = [], []
    for seed in range(args.first, args.first + args.deals):
        state = reached(seed, args)
        if state is None:
            continue
        listed = [line for line, _ in hints.plans(state)]
        found = endgame.chances(state, listed, args.nodes) if listed else ([0.0], True)
        if found is None:
            continue
        chance, exact = max(found[0]), found[1]
        shuffler = random.Random(seed * 7919)
        won = unknown = 0
        for _ in range(args.orders):
            deck = list(state.deck)
            shuffler.shuffle(deck)
            verdict = solver.solve(replace(state, deck=tuple(deck)), limit=None, max_positions=200_000).verdict
            won += verdict == "winnable"
            unknown += verdict == "unknown"
        share = won / args.orders
        blind.append(chance)
        seeing.append(share)
        hidden = sum(1 for i, t in enumerate(state.slots) if t is not None and i not in state.revealed)
        row = {"layout": args.layout, "player": args.player, "seed": seed, "hidden": hidden,
               "deck": len(state.deck), "defeated": state.defeated, "damage": state.damage,
               "blind": round(chance, 4), "exact": exact, "seeing": share, "unknown": unknown}
        print(json.dumps(row), flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
    n = len(blind)
    print(f"{n} endgame positions: best chance without the order {statistics.fmean(blind):.3f}, "
          f"share of orders winnable knowing it {statistics.fmean(seeing):.3f}; "
          f"positions with some order winnable: {sum(s > 0 for s in seeing)}, "
          f"of them blind chance "
          f"{statistics.fmean(b for b, s in zip(blind, seeing, strict=True) if s > 0):.3f} against "
          f"{statistics.fmean(s for s in seeing if s > 0):.3f}")


if __name__ == "__main__":
    main()
