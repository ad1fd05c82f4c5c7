"""The work of tests/test_protocol.py's random games for one game, to compare engine changes by instruction count.

Plays the test's own games (its seed, its first 20 games checking ``refusal`` against ``legal_actions`` and every
player's observation, each move made with ``explain`` and again with ``apply``) and prints a digest of every
action list, verdict, rule and step, which an engine change that keeps behaviour must leave as it is. Wall time
on a shared machine is noise; count instructions instead, before and after, in the same session:

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/protocol_games.py elestrals --games 200

(the ``I refs`` line; the program runs about 50 times slower under valgrind).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a playable game's ID: clash, elestrals, elementals, elephants")
    parser.add_argument("--games", type=int, default=200, help="random games to play (the test plays 200)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests"))
    import test_protocol

    import rulebook

    entry = rulebook.game(args.game)
    rng = random.Random(2026)
    seen: set = set()
    digest = hashlib.sha256()
    for number in range(args.games):
        state = entry.start()
        for _ in range(1000):
            if state.is_terminal():
                break
            actions = list(state.legal_actions())
            seen.update(actions)
            if number < 20:
                test_protocol._agrees(state, seen, rng)
                players = len(state.returns())
                assert all(state.observation(p) == state.observation(p) != "" for p in range(players))
            action = rng.choice(actions)
            explained, ruling = state.explain(action)
            assert explained == state.apply(action)
            steps = [str(s) for s in ruling.trace]
            digest.update(repr((actions, action, ruling.verdict, ruling.rules, steps)).encode())
            state = explained
    print(f"{args.games} {args.game} games, digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
