"""Elemental Elephants by simulation: bots that play whole games, and win rates by policy, seat and spell.

A policy is a callable ``policy(state, rng) -> action`` that returns one of ``state.legal_actions()``.
It sees what its player may see: the board as it stands (a spell prepared face down shows as ``?``),
its own hand and discard pile, and every player's health and trunks, never an enemy's hand or prepared
spell. Two are provided:

- ``random``: any legal action, uniformly;
- ``greedy``: a one-step heuristic; it drafts one of the four sets that deal the most damage, prepares
  the spell worth most now (a heal when its health is low), aims at the weakest enemy, uses its Blood
  spells while it has health to spare, and keeps its hand at the end of a round; it breaks ties, and
  picks among those four sets, at random.

Game ``i`` of a simulation seats the policies in turn (player ``s`` gets policy ``(s + i) mod k``), so
each policy plays each seat equally often, and its random choices come from seed ``seed + i``: a run is
reproducible.

Examples:
    >>> from rulebook.elephants.bots import simulate
    >>> result = simulate(4, players=2, policies=("greedy", "random"), seed=1)
    >>> result.games, sum(result.wins.values()) + result.draws
    (4, 4)
    >>> sorted(result.by_policy())
    ['greedy', 'random']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebook.elephants.game import SETS, SPELLS, ElephantsState, new_game
from rulebook.errors import UnknownNameError

__all__ = ["POLICIES", "SimulationResult", "greedy", "random_policy", "simulate"]

Policy = Callable[[ElephantsState, random.Random], str]


def random_policy(state: ElephantsState, rng: random.Random) -> str:
    """Any legal action, uniformly at random."""
    return rng.choice(state.legal_actions())


def _worth(name: str) -> float:
    """What a spell is worth to the greedy bot: its damage first, then healing and the rest."""
    data = SPELLS[name]
    worth = 1.0 * data.get("damage", 0) + 0.8 * data.get("heal", 0) + 0.8 * data.get("weaken", 0)
    worth += 0.5 * data.get("bolster", 0) + (0.3 if data["advance"] else 0.0)
    return worth or 0.4


def _set_worth(name: str) -> float:
    return sum(_worth(n) for n in SETS[name])


def greedy(state: ElephantsState, rng: random.Random) -> str:
    """The one-step heuristic described in the module's docstring.

    Examples:
        >>> greedy(new_game(2), random.Random(0)) in ("draft Sunbeam", "draft Twilight", "draft Water", "draft Fire")
        True
    """
    decision = state.decision
    assert decision is not None
    actions = decision.options
    kind = decision.kind
    values = [a.split(" ", 1)[-1] for a in actions]
    w = state.world()
    me = w.players[decision.player]
    if kind in ("draft", "take"):
        sets = [v for v in values if v in SETS]
        if not sets:
            return actions[0]
        best = sorted(sets, key=lambda s: (-_set_worth(s), s))[:4]
        return f"{kind} {rng.choice(best)}"
    if kind == "discard" and "none" not in values:
        # Leaving a drafted spell out, or discarding from the hand: the least worth goes.
        named = [v for v in values if v in SPELLS]
        if named:
            return f"discard {min(named, key=_worth)}"
    if kind == "keep":
        return "keep"
    if kind == "cast":
        low = me.health <= 2
        heals = [v for v in values if SPELLS[v].get("heal") or SPELLS[v].get("bolster")]
        pool = heals if low and heals else values
        top = max(_worth(v) for v in pool)
        return f"cast {rng.choice([v for v in pool if _worth(v) == top])}"
    if kind == "target":
        players = [v for v in values if ":" not in v]
        if players:
            weakest = min(w.players[p].health for p in players)
            return f"target {rng.choice([p for p in players if w.players[p].health == weakest])}"
        return actions[0]
    if kind in ("blood", "use"):
        if "use" in actions and "pass" in actions:
            return "use" if me.health > 2 else "pass"
        return actions[0]
    if kind == "cancel":
        refs = [v for v in values if ":" in v]
        return f"cancel {max(refs, key=lambda r: _worth(r.split(':')[1]))}" if refs else actions[0]
    if kind in ("extra", "recall") and values:
        named = [v for v in values if v in SPELLS]
        if named:
            return f"{kind} {max(named, key=_worth)}"
    if kind == "move":
        theirs = [v for v in values if ":" in v and v.split(":")[0] != decision.player]
        if theirs:
            return f"move {max(theirs, key=lambda r: _worth(r.split(':')[1]))}"
    if kind == "to":
        return actions[-1]  # as far as it goes
    return actions[0]


#: The policies by name.
POLICIES: Mapping[str, Policy] = {"random": random_policy, "greedy": greedy}


def _wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimulationResult:
    """What a simulation found, filled in game by game (so an interrupted run reports what it did).

    ``seats[s]`` and ``seat_wins[s]``: games played and won from seat ``s`` (0 is P1, the first
    Ringleader). ``plays[p]`` and ``wins[p]``: seats taken and games won by policy ``p``. ``spells[n]``:
    [games in which a player cast spell ``n``, games that player won].
    """

    players: int
    policies: tuple[str, ...]
    seed: int
    games: int = 0
    draws: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    plays: dict[str, int] = field(default_factory=dict)
    seats: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    spells: dict[str, list[int]] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    moves: int = 0

    def by_policy(self) -> dict[str, tuple[int, int]]:
        """Each policy's (games won, seats taken)."""
        return {p: (self.wins.get(p, 0), self.plays.get(p, 0)) for p in dict.fromkeys(self.policies)}

    def interval(self, wins: int, games: int) -> tuple[float, float]:
        """The 95% Wilson interval of a win rate."""
        return _wilson(wins, games)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {
            "players": self.players,
            "policies": list(self.policies),
            "seed": self.seed,
            "games": self.games,
            "draws": self.draws,
            "by_policy": {p: {"won": w, "seats": n} for p, (w, n) in self.by_policy().items()},
            "by_seat": [
                {"seat": f"P{s + 1}", "won": self.seat_wins[s], "games": self.seats[s]} for s in range(self.players)
            ],
            "by_spell": {n: {"cast_in": c, "won": w} for n, (c, w) in sorted(self.spells.items())},
            "mean_rounds": sum(self.rounds) / len(self.rounds) if self.rounds else 0.0,
            "moves": self.moves,
        }


def play_one(
    players: int, policies: Sequence[Policy], rng: random.Random, options: Mapping[str, str] | None = None
) -> tuple[ElephantsState, list[tuple[str, str]]]:
    """Play one whole game, seat ``s`` deciding with ``policies[s]``; the final state and the moves."""
    state = new_game(players, options)
    moves: list[tuple[str, str]] = []
    while state.decision is not None:
        who = state.decision.player
        action = policies[state.seats.index(who)](state, rng)
        moves.append((who, action))
        state = state.apply(action)
    return state, moves


def simulate(
    games: int,
    *,
    players: int = 2,
    policies: Sequence[str] = ("greedy", "random"),
    seed: int = 1,
    options: Mapping[str, str] | None = None,
    progress: Callable[[int], None] | None = None,
    result: SimulationResult | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games; returns (and fills ``result``, if given) the win rates found.

    ``progress`` is called with 1 after each game. Interrupted (Ctrl-C), ``result`` keeps every game
    finished so far.
    """
    for name in policies:
        if name not in POLICIES:
            raise UnknownNameError("policy", name, list(POLICIES))
    names = tuple(policies)
    out = result or SimulationResult(players, names, seed)
    if not out.seats:
        out.seats, out.seat_wins = [0] * players, [0] * players
    for i in range(out.games, games):
        seated = [names[(s + i) % len(names)] for s in range(players)]
        state, moves = play_one(players, [POLICIES[n] for n in seated], random.Random(seed + i), options)
        won = state.winner()
        cast: dict[str, set[str]] = {}
        for who, action in moves:
            if action.startswith("cast "):
                cast.setdefault(action[5:], set()).add(who)
        for s, name in enumerate(seated):
            out.plays[name] = out.plays.get(name, 0) + 1
            out.seats[s] += 1
        if won is None:
            out.draws += 1
        else:
            out.wins[seated[won]] = out.wins.get(seated[won], 0) + 1
            out.seat_wins[won] += 1
        for spell, who_cast in cast.items():
            row = out.spells.setdefault(spell, [0, 0])
            for who in who_cast:
                row[0] += 1
                row[1] += int(won is not None and state.seats[won] == who)
        out.rounds.append(state.round)
        out.moves += len(moves)
        out.games += 1
        if progress is not None:
            progress(1)
    return out
