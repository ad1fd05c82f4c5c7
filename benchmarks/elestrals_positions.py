"""Elestrals positions: `legal` in process on the guide's example positions, `legal` and `check` from a cold
CLI against a bare Typer app in the same run, and random playouts of vanilla games per second.

Run from the repository with the project installed:

    python benchmarks/elestrals_positions.py [--runs N] [--cold-runs N] [--seconds S]

Goals: `legal` p95 at most 5 ms in process; a cold CLI query at most 1.2 times a bare Typer app.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import RULEBOOK, cold_medians, prepare  # noqa: E402

EXAMPLES = HERE.parent / "examples" / "elestrals"
CARDS = EXAMPLES / "cards.toml"
COLD = {
    "legal main-phase.toml": [RULEBOOK, "elestrals", "legal", str(EXAMPLES / "main-phase.toml"), "--cards", str(CARDS)],
    "check attack-position.toml 'attack E1 E1'": [
        RULEBOOK, "elestrals", "check", str(EXAMPLES / "attack-position.toml"), "attack E1 E1", "--cards", str(CARDS),
    ],
}  # fmt: skip


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _cards_for(position: Path) -> Path:
    """The card-facts file a position is read with: the guide's example cards, or the effects examples' set."""
    from rulebook.elestrals.position_file import read_position
    from rulebook.errors import InvalidInputError

    try:
        read_position(str(position), str(CARDS))
    except InvalidInputError:
        return EXAMPLES / "effect-cards.toml"
    return CARDS


def in_process(runs: int) -> None:
    from rulebook.elestrals import legal
    from rulebook.elestrals.cards import read_cards
    from rulebook.elestrals.position_file import read_position
    from rulebook.reading import read_toml

    # The position files only: card-facts files (a top-level [cards] table) are what positions are read with.
    paths = sorted(p for p in EXAMPLES.glob("*.toml") if "cards" not in read_toml(p))
    card_files = [_cards_for(p) for p in paths]
    card_sets = {f: read_cards(read_toml(f), f.name) for f in set(card_files)}
    positions = [read_position(str(p), str(f)) for p, f in zip(paths, card_files, strict=True)]
    for pos in positions:  # warm the caches (records, options)
        legal(pos, refused=True)
    only, whole = [], []
    each: dict[str, list[float]] = {p.name: [] for p in paths}
    for _ in range(runs):
        for path, pos, card_file in zip(paths, positions, card_files, strict=True):
            start = time.perf_counter()
            legal(pos, refused=True)
            only.append(time.perf_counter() - start)
            each[path.name].append(only[-1])
            start = time.perf_counter()
            from rulebook.elestrals.position_file import parse_position

            legal(parse_position(path.read_text(encoding="utf-8"), path.name, card_sets[card_file]), refused=True)
            whole.append(time.perf_counter() - start)
    slowest = max(each, key=lambda name: statistics.median(each[name]))
    print(
        f"in process, the slowest position ({slowest}): median {statistics.median(each[slowest]) * 1000:.2f} ms, "
        f"p95 {percentile(each[slowest], 0.95) * 1000:.2f} ms"
    )
    for label, times in (("legal --refused", only), ("read the file + legal --refused", whole)):
        ms = [t * 1000 for t in times]
        print(
            f"in process, {label}, {len(paths)} example positions x {runs}: median {statistics.median(ms):.2f} ms, "
            f"p95 {percentile(ms, 0.95):.2f} ms, max {max(ms):.2f} ms"
        )


def playouts(seconds: float) -> None:
    from rulebook.elestrals import new_game

    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game(seed=games)
        while not game.is_terminal():
            game = game.apply(rng.choice(game.legal_actions()))
            actions += 1
        games += 1
    spent = time.perf_counter() - start
    print(
        f"random vanilla playouts: {games} games, {actions} actions in {spent:.1f} s: {games / spent:.1f} games/s, "
        f"{actions / spent:,.0f} actions/s ({actions / games:.0f} actions a game)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="in-process runs over the positions (default 50)")
    parser.add_argument("--cold-runs", type=int, default=20, help="cold CLI runs of each command (default 20)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of random playouts (default 20)")
    args = parser.parse_args()
    prepare()
    in_process(args.runs)
    print(f"cold CLI, {args.cold_runs} runs each, interleaved with the bare Typer app; medians in milliseconds")
    for label, cmd in COLD.items():
        a, b = cold_medians(cmd, args.cold_runs)
        print(f"rulebook elestrals {label}: {a:.1f} ms; bare Typer app: {b:.1f} ms; ratio {a / b:.3f}")
    playouts(args.seconds)


if __name__ == "__main__":
    main()
