"""Elemental Elephants speed in process: whole random games per second, and one clash's resolution.

Run from the repository with the project installed:

    python benchmarks/elephants_game.py [--games N] [--boards N]

Whole games are played through the state protocol (``legal_actions`` then ``apply``), every choice
random, for 2, 3 and 4 players, and between the greedy and random bots. One clash's resolution is
:func:`rulebook.elephants.resolve_clash` on random legal boards (each spell's effect, trunks, the
advance phase); its baseline, measured in the same run on the same boards, is the static resolution
order (:func:`rulebook.elephants.order`), so the ratio says what playing a clash out costs over reading
its order.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def _random_games(players: int, games: int, seed: int) -> tuple[float, float]:
    from rulebook.elephants.game import new_game

    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = new_game(players)
        while state.decision is not None:
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
    took = time.perf_counter() - start
    return games / took, moves / took


def _boards(n: int) -> list:
    from rulebook import elephants

    rng = random.Random(1)
    boards = []
    while len(boards) < n:
        players = rng.randint(2, 4)
        sets = rng.sample(list(elephants.SETS), 2 * players)
        tokens = []
        for p in range(1, players + 1):
            mine = [name for s in sets[2 * p - 2 : 2 * p] for name in elephants.SETS[s]]
            tokens += [f"P{p}:{name}" for name in rng.sample(mine, rng.randint(1, 3))]
        if any(t.endswith((":gravitate", ":wormhole")) for t in tokens):
            continue  # their moves are choices a described clash must be given
        boards.append(elephants.board(tokens, clash=rng.randint(1, 4), players=players))
    return boards


def _per_call(func, boards: list, repeat: int = 5) -> float:
    """The median over ``repeat`` runs of the time per board, in microseconds."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for b in boards:
            func(b)
        runs.append((time.perf_counter() - start) / len(boards) * 1e6)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games for each number of players")
    parser.add_argument("--boards", type=int, default=2000, help="boards for one clash's resolution")
    args = parser.parse_args()

    from rulebook import elephants
    from rulebook.elephants.bots import simulate

    for players in (2, 3, 4):
        per_s, moves_s = _random_games(players, args.games, seed=players)
        print(f"random games, {players} players: {per_s:,.0f} games/s ({moves_s:,.0f} actions/s)")
    start = time.perf_counter()
    simulate(args.games, players=2, policies=("greedy", "random"), seed=1)
    took = time.perf_counter() - start
    print(f"greedy against random, 2 players: {args.games / took:,.0f} games/s")

    boards = _boards(args.boards)
    resolve = _per_call(elephants.resolve_clash, boards)
    order = _per_call(elephants.order, boards)
    print(
        f"one clash's resolution (resolve_clash): {resolve:,.0f} µs; its order alone (order): {order:,.0f} µs; "
        f"ratio {resolve / order:.1f}"
    )


if __name__ == "__main__":
    main()
