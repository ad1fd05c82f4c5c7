"""Elestrals invariants over many random games (the shared game protocol, uniform random play), of vanilla cards
or, with ``--effects``, of the example effect cards (examples/elestrals/effect-cards.toml: every part of the
effect vocabulary, resolved by the engine).

In every position reached:

- each player's 20 Spirits and 40 Main Deck cards are all somewhere (deck, hand, field, Limbo, Underworld);
- the actions `legal` lists are exactly the candidates `check` accepts (with and without the shortcut
  that leaves out actions a shared condition refuses), and every candidate `check` refuses is refused by
  `apply` too (an IllegalActionError, nothing applied);
- every 10th position is written as a position file and read back equal.

Run from the repository with the project installed (it takes a while; run it with `nice`):

    python benchmarks/elestrals_invariants.py [--games N] [--seed S] [--effects] [--start N]
"""

from __future__ import annotations

import argparse
import random
import time
import tomllib
from pathlib import Path

from rulebook import IllegalActionError
from rulebook.elestrals import new_game
from rulebook.elestrals.cards import read_cards
from rulebook.elestrals.deciding import candidates
from rulebook.elestrals.game import Game
from rulebook.elestrals.position_file import main_total, parse_position, position_toml, spirit_total

_CARDS = Path(__file__).resolve().parent.parent / "examples" / "elestrals" / "effect-cards.toml"
# Two decks of the example effect cards: each card twice or three times, to 40 cards; 20 Spirits each.
_FIRST = [
    "Ashfang Scout",
    "Cinder Adept",
    "Kindle Drake",
    "Ember Martyr",
    "Tidecaller Eel",
    "Brine Oracle",
    "Reef Sentinel",
    "Hollow Wisp",
    "Flame Burst",
    "Tidal Surge",
    "Quick Study",
    "Deny Ward",
    "Mirror Veil",
    "Ember Blade",
    "Altar of Embers",
    "Volcanic Forum",
    "Sunken Arena",
    "Counting Stone",
]
_SECOND = ["Mossback Tortoise", "Quarry Golem", "Root Warden", "Gale Sprite", "Storm Harrier", "Zephyr Sage",
           "Tempest Roc", "Spark Marmot", "Volt Ferret", "Overgrowth", "Skyward Call", "Static Snare",
           "Undertow Ward", "Bark Shield", "Shrine of Echoes", "Archive Vault", "Ebb Channel"]  # fmt: skip


def _deck(names: list[str]) -> dict[str, int]:
    deck = {name: 2 for name in names}
    for name in names:
        if sum(deck.values()) == 40:
            break
        deck[name] += 1
    return deck


def effect_decks() -> tuple[dict, list]:
    """The example effect cards and two deck lists of them."""
    cards = read_cards(tomllib.loads(_CARDS.read_text(encoding="utf-8")), str(_CARDS))
    decks = [
        ({"fire": 10, "water": 10}, _deck(_FIRST)),
        ({"earth": 7, "wind": 7, "thunder": 6}, _deck(_SECOND)),
    ]
    return cards, decks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games to play (default 10,000)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random choices (default 2026)")
    parser.add_argument("--effects", action="store_true", help="play the example effect cards, not vanilla ones")
    parser.add_argument("--start", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args()
    rng = random.Random(args.seed + args.start)
    cards, decks = effect_decks() if args.effects else (None, None)
    effects_used: dict[str, int] = {}
    start = time.perf_counter()
    positions = actions = refused = round_trips = longest = 0
    winners = {0: 0, 1: 0, None: 0}
    for seed in range(args.start, args.start + args.games):
        game = new_game(seed=seed, cards=cards, decks=decks)
        moves = 0
        while True:
            pos = game.position
            positions += 1
            for who in (0, 1):
                assert spirit_total(pos, who) == 20, (seed, moves, "Spirits", who)
                assert main_total(pos, who) == 40, (seed, moves, "Main Deck cards", who)
            listed = game.legal_actions()
            every = candidates(pos)
            accepted = [a for a in every if Game(pos).refusal(a) is None]
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
            chosen = rng.choice(listed)
            if chosen.verb in ("activate", "conditional") or "targeting" in chosen.args:
                effects_used[chosen.verb] = effects_used.get(chosen.verb, 0) + 1
            game = game.apply(chosen)
            moves += 1
            actions += 1
        longest = max(longest, moves)
        winners[game.winner()] += 1
        if (seed + 1 - args.start) % 100 == 0:
            print(f"  {seed + 1 - args.start} games, {time.perf_counter() - start:.0f} s", flush=True)
    spent = time.perf_counter() - start
    print(
        f"{args.games:,} games ({winners[0]:,} won by P1, {winners[1]:,} by P2, {winners[None]:,} drawn), "
        f"{actions:,} actions (longest game {longest}), {positions:,} positions checked: every Spirit and Main Deck "
        f"card accounted for; legal == accepted by check in every position; {refused:,} refused candidates, none "
        f"applied; {round_trips:,} position files written and read back equal; {spent:.0f} s"
        + (f"; effects used: {effects_used}" if args.effects else "")
    )


if __name__ == "__main__":
    main()
