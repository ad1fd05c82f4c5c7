"""Elestrals invariants over many random games of vanilla cards (the shared game protocol, uniform random play).

In every position reached:

- each player's 20 Spirits and 40 Main Deck cards are all somewhere (deck, hand, field, Limbo, Underworld);
- the actions `legal` lists are exactly the candidates `check` accepts (with and without the shortcut
  that leaves out actions a shared condition refuses), and every candidate `check` refuses is refused by
  `apply` too (an IllegalActionError, nothing applied);
- every 10th position is written as a position file and read back equal.

Run from the repository with the project installed (it takes a while; run it with `nice`):

    python benchmarks/elestrals_invariants.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from rulebook import IllegalActionError
from rulebook.elestrals import new_game
from rulebook.elestrals.game import candidates, refusal
from rulebook.elestrals.state import main_total, parse_position, position_toml, spirit_total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games to play (default 10,000)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random choices (default 2026)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    positions = actions = refused = round_trips = longest = 0
    winners = {0: 0, 1: 0, None: 0}
    for seed in range(args.games):
        game = new_game(seed=seed)
        moves = 0
        while True:
            pos = game.position
            positions += 1
            for who in (0, 1):
                assert spirit_total(pos, who) == 20, (seed, moves, "Spirits", who)
                assert main_total(pos, who) == 40, (seed, moves, "Main Deck cards", who)
            listed = game.legal_actions()
            every = candidates(pos)
            accepted = [a for a in every if refusal(pos, a) is None]
            assert list(listed) == accepted, (seed, moves, [str(a) for a in listed], [str(a) for a in accepted])
            for action in every:
                if action not in accepted:
                    refused += 1
                    try:
                        game.apply(action)
                    except IllegalActionError:
                        continue
                    raise AssertionError(f"game {seed}, move {moves}: refused {action} was applied")
            if positions % 10 == 0:
                assert parse_position(position_toml(pos), "round trip", opts=pos.opts) == pos, (seed, moves)
                round_trips += 1
            if game.is_terminal():
                break
            game = game.apply(rng.choice(listed))
            moves += 1
            actions += 1
        longest = max(longest, moves)
        winners[game.winner()] += 1
        if (seed + 1) % 1000 == 0:
            print(f"  {seed + 1} games, {time.perf_counter() - start:.0f} s", flush=True)
    spent = time.perf_counter() - start
    print(
        f"{args.games:,} games ({winners[0]:,} won by P1, {winners[1]:,} by P2, {winners[None]:,} drawn), "
        f"{actions:,} actions (longest game {longest}), {positions:,} positions checked: every Spirit and Main Deck "
        f"card accounted for; legal == accepted by check in every position; {refused:,} refused candidates, none "
        f"applied; {round_trips:,} position files written and read back equal; {spent:.0f} s"
    )


if __name__ == "__main__":
    main()
