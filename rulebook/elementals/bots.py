"""Elementals by simulation: playing policies, many seeded games, win rates and the damage they take.

A policy is a callable ``policy(state, rng) -> action`` that returns one of ``state.legal_actions()``.
Four are provided:

- ``random``: any legal action, uniformly;
- ``greedy``: the simple baseline; it banishes when it can, then completes attacks, then starts the
  attack that needs the least, and otherwise discards its weakest card; it never uses a power;
- ``planner``: at each turn it searches every way of playing the whole hand (plays, discards and the
  powers Neptulon and Ragnaros), scores each end of turn, and follows the best plan;
- ``hint``: at each turn it follows the hint of ``rulebook.elementals.hint``, which tries the planner's
  plan and its alternatives in deals that fit what the player sees, the planner finishing each (slow: a
  game takes seconds).

Game ``i`` of a simulation is dealt from seed ``seed + i``, so a run is reproducible.

Examples:
    >>> from rulebook.elementals.bots import simulate
    >>> result = simulate(20, seed=1, policy="greedy")
    >>> result.games, 0 <= result.wins <= 20
    (20, True)
    >>> low, high = result.interval()
    >>> low <= result.win_rate <= high
    True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.elementals import Discard, Draw, ElementalsState, Reorder, Unleash
from rulebook.elementals import engine as E
from rulebook.errors import UnknownNameError
from rulebook.records import Options

__all__ = ["POLICIES", "SimulationResult", "greedy", "planner", "random_policy", "simulate", "svg_chart"]

Policy = Callable[[ElementalsState, random.Random], Any]

#: The damage distribution's bins: each bin is [low, high) damage; the last one is the losses by damage.
BINS: tuple[tuple[int, int], ...] = ((0, 5), (5, 10), (10, 15), (15, 20), (20, 25), (25, 30), (30, 33), (33, 999))


def random_policy(state: ElementalsState, rng: random.Random) -> Any:
    """Any legal action, uniformly at random (the pick ``rng.choice`` makes, from the same generator)."""
    actions = state.legal_actions()
    n = len(actions)
    k = n.bit_length()
    getrandbits = rng.getrandbits
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return actions[i]


def _need(state: ElementalsState, slot: int) -> int:
    t = state.slots[slot]
    assert t is not None
    return E.power_of(t) - state.pile_power(slot)


def greedy(state: ElementalsState, rng: random.Random) -> Any:
    """The simple baseline: banish, then complete, then start the cheapest attack, else discard the weakest card.

    Examples:
        >>> s = E.position(hand="5S 9D 2C", targets="KS QH", piles={"KS": "8D 6C"})
        >>> greedy(s, random.Random(0))
        Play(card='5S', target='KS', power=None)
    """
    if state.peeking:
        return _TOP
    if not state.in_turn:
        return _DRAW
    # The first banish card listed; else the first best completing card, the first best opening card,
    # or the first best discard, in the order of `legal_actions` (hand cards, then targets).
    slots, piles, revealed, doubled = state.slots, state.piles, state.revealed, state.doubled
    targets = sorted((i, slots[i], piles[i]) for i in revealed if slots[i] is not None)
    hand = state.hand
    second = first = discard = None
    second_key = first_key = discard_key = 0
    for c in dict.fromkeys(hand) if len(hand) > 1 else hand:
        if c in _JOKERS:
            banishes = state.options["joker-banishes"] == "yes"
            factor = E.RAGNAROS_FACTOR if c in doubled else 1
            for i, t, pile in targets:
                laid = len(pile)
                if laid == E.DAMAGE_CARDS:
                    if banishes:
                        return _PLAYS[c][t][0]
                elif laid == 1:
                    need = _POWER[t] - state.pile_power(i)
                    p = max(1, -(-need // factor))
                    if p <= 10 and (second is None or p + 10 < second_key):
                        second, second_key = _PLAYS[c][t][p], p + 10
                elif second is None and (first is None or _POWER[t] - 10 < first_key):
                    first, first_key = _PLAYS[c][t][10], _POWER[t] - 10
            if state.options["joker-discard"] == "chosen":
                if discard is None or discard_key > 1:
                    discard, discard_key = _JOKER_DISCARDS[c][0], 1
            elif discard is None or discard_key > 10:
                discard, discard_key = _DISCARDS[c], 10
            continue
        element, power = _ELEMENT[c], _POWER[c]
        dealt = power * E.RAGNAROS_FACTOR if c in doubled else power
        for i, t, pile in targets:
            laid = len(pile)
            if laid == E.DAMAGE_CARDS:
                if element == _ELEMENT[t]:
                    return _PLAYS[c][t]
            elif element == _ELEMENT[t]:
                continue
            elif laid == 1:
                if state.pile_power(i) + dealt >= _POWER[t] and (second is None or 100 + power < second_key):
                    second, second_key = _PLAYS[c][t], 100 + power
            elif second is None and (first is None or _POWER[t] - power < first_key):
                first, first_key = _PLAYS[c][t], _POWER[t] - power
        if discard is None or power < discard_key:
            discard, discard_key = _DISCARDS[c], power
    return second or first or discard


_POWER = {c: E.power_of(c) for c in (*E.TITAN_DECK, *E.ELEMENTALS) if c not in E.JOKERS}
_ELEMENT = {c: E.element_of(c) for c in (*E.TITAN_DECK, *E.ELEMENTALS)}
_JOKERS = frozenset(E.JOKERS)
_PLAYS, _DISCARDS, _JOKER_DISCARDS, _UNLEASH = E._PLAYS, E._DISCARDS, E._JOKER_DISCARDS, E._UNLEASH
_DRAW, _TOP = E._DRAW, E._TOP


def _card_power(c: str) -> int:
    return _POWER.get(c, 10)


# ---------------------------------------------------------------- the planner

_POWER_VALUE = {"KH": 30.0, "KS": 18.0, "KD": 6.0, "KC": 3.0}


#: The planner's weights (tuned by hand on deals away from the reported seeds).
WEIGHTS: dict[str, float] = {
    "defeated": 120.0,  # per elemental defeated
    "damage": 2.5,  # per point of damage taken
    "danger": 6.0,  # per point of damage above `danger_from`
    "danger_from": 22.0,
    "short": 12.0,  # per card the deck is short of what the elementals left need
    "spare": 4.0,  # per spare card (up to 6)
    "economy": 1.0,  # per point of power the cards left have beyond the damage still needed
    "ready": 70.0,  # an elemental with its two damage cards and a banish card still to come
    "started": 30.0,  # an elemental with one damage card that can still be completed
    "need": 1.5,  # per point still needed by a started elemental
    "stuck": 150.0,  # an attack that can no longer be completed, or an elemental that cannot be banished
    "revealed": 4.0,  # per face-up elemental
    "deficit": 150.0,  # per elemental left that no card of its element remains to banish
}


_ELEMENT_INDEX = {c: "HDSC".index(c[-1]) for c in (*E.TITAN_DECK, *E.ELEMENTALS) if c not in E.JOKERS}
_ELEMENT_OF_SLOT = {t: _ELEMENT_INDEX[t] for t in E.ELEMENTALS}
_deck_facts_cache: list[Any] = [None, None]


def _deck_facts(deck: tuple[str, ...]) -> tuple[list[int], int]:
    """How many cards of each element the deck holds, and their total power (kept for the last deck seen:
    the states of one turn's search share their deck)."""
    if _deck_facts_cache[0] is deck:
        return _deck_facts_cache[1]
    suits = [0, 0, 0, 0]
    have = 0
    for c in deck:
        if c in _JOKERS:
            have += 10
        else:
            suits[_ELEMENT_INDEX[c]] += 1
            have += _POWER[c]
    facts = (suits, have)
    _deck_facts_cache[0], _deck_facts_cache[1] = deck, facts
    return facts


class _TurnSearch:
    """The planner's search of one turn: every way of playing the hand, each end of turn scored.

    It works on light positions, tuples of what can change during a turn: ``(hand, piles, slots, revealed,
    damage, powers, doubled, under)``, where ``under`` holds the cards Neptulon put under the deck. The
    rest (the deck, the options, the layout) is the turn's and does not change. Each light position is its
    own memo key. The search returns, among the plans of highest score, the first in the order of
    ``legal_actions`` (``tests/test_elementals_engine.py`` checks it against a search over whole states).
    """

    def __init__(self, root: ElementalsState) -> None:
        self.deck = root.deck
        self.deck_suits, self.deck_have = _deck_facts(root.deck)
        self.covers = E.COVERED_BY[root.layout]
        options = root.options
        self.banishing_jokers = options["joker-banishes"] == "yes"
        self.chosen_discard = options["joker-discard"] == "chosen"
        self.ten = E._TITAN["joker_base_game"]
        self.refills = bool(root.deck) or (
            options["empty-deck"] == "reshuffle" and any(c in E.TITAN_DECK for c in root.plane)
        )
        self.reshuffle = options["empty-deck"] == "reshuffle"
        self.root_defeated = root.slots.count(None)
        self.memo: dict[tuple, tuple[float, tuple]] = {}
        self.root = (root.hand, root.piles, root.slots, root.revealed, root.damage, root.powers, root.doubled, ())

    def best(self) -> tuple[float, tuple]:
        """The best score and the first plan that reaches it."""
        return self.search(self.root)

    def search(self, node: tuple) -> tuple[float, tuple]:
        memo = self.memo
        found = memo.get(node)
        if found is not None:
            return found
        hand, _, slots, _, damage = node[:5]
        if not hand or damage >= E.LOSING_DAMAGE or not any(slots):
            best: tuple[float, tuple] = (self.evaluate(node), ())
        else:
            best = (-math.inf, ())
            for action, child in self.children(node):
                value, rest = self.search(child)
                if value > best[0]:
                    best = (value, (action, *rest))
        memo[node] = best
        return best

    def children(self, node: tuple) -> list[tuple[Any, tuple]]:
        """The actions worth searching, in the order of ``legal_actions``, each with
        the light position it leads to."""
        hand, piles, slots, revealed, damage, powers, doubled, under = node
        out: list[tuple[Any, tuple]] = []
        targets = sorted((i, slots[i], piles[i]) for i in revealed if slots[i] is not None)
        for c in dict.fromkeys(hand) if len(hand) > 1 else hand:
            plays = _PLAYS[c]
            rest = _drop(hand, c)
            joker = c in _JOKERS
            factor = E.RAGNAROS_FACTOR if c in doubled else 1
            if joker:
                for i, t, pile in targets:
                    if not pile:
                        out.append((plays[t][10], self.lay(node, rest, i, pile, c, 10)))
                    elif len(pile) < E.DAMAGE_CARDS:
                        p = max(1, -(-(_POWER[t] - _pile_power(pile, doubled)) // factor))
                        if p <= 10:
                            out.append((plays[t][p], self.lay(node, rest, i, pile, c, p)))
                    elif self.banishing_jokers:
                        out.append((plays[t][0], self.banish(node, rest, i, t, pile, c)))
                if self.chosen_discard:
                    action, named = _JOKER_DISCARDS[c][0], 1
                else:
                    action, named = _DISCARDS[c], self.ten
            else:
                element = _ELEMENT[c]
                named = _POWER[c]
                dealt = named * factor
                for i, t, pile in targets:
                    if len(pile) < E.DAMAGE_CARDS:
                        if element != _ELEMENT[t] and (not pile or _pile_power(pile, doubled) + dealt >= _POWER[t]):
                            out.append((plays[t], self.lay(node, rest, i, pile, c, named)))
                    elif element == _ELEMENT[t]:
                        out.append((plays[t], self.banish(node, rest, i, t, pile, c)))
                action = _DISCARDS[c]
            out.append(
                (
                    action,
                    (rest, piles, slots, revealed, damage + named * factor, powers, doubled - {c}, under),
                )
            )
        for king in powers:
            if king == "KH":
                spent = _drop(powers, king)
                for c in hand:
                    out.append(
                        (
                            _UNLEASH["neptulon", c],
                            (_drop(hand, c), piles, slots, revealed, damage, spent, doubled - {c}, (*under, c)),
                        )
                    )
            elif king == "KS":
                spent = _drop(powers, king)
                firsts = [pile[0][0] for pile in piles if pile]
                for c in (*hand, *(c for pile in piles for c, _ in pile)):
                    if c not in doubled and (c in hand or c in firsts):
                        out.append(
                            (
                                _UNLEASH["ragnaros", c],
                                (hand, piles, slots, revealed, damage, spent, doubled | {c}, under),
                            )
                        )
        return out

    @staticmethod
    def lay(node: tuple, rest: tuple, i: int, pile: tuple, c: str, named: int) -> tuple:
        """A damage card laid on the pile of slot ``i``."""
        piles = list(node[1])
        piles[i] = (*pile, (c, named))
        return (rest, tuple(piles), *node[2:])

    def banish(self, node: tuple, rest: tuple, i: int, t: str, pile: tuple, c: str) -> tuple:
        """The banish card played on slot ``i``: the elemental is defeated and what it uncovers revealed."""
        _, piles, slots, revealed, damage, powers, doubled, under = node
        piles = list(piles)
        piles[i] = ()
        slots = list(slots)
        slots[i] = None
        if t in _LORDS:
            powers = (*powers, t)
        covers = self.covers
        newly = [
            j
            for j, x in enumerate(slots)
            if x is not None and j not in revealed and all(slots[k] is None for k in covers[j])
        ]
        if newly:
            revealed = revealed.union(newly)
        if doubled:
            doubled = doubled.difference([x for x, _ in pile] + [c])
        return (rest, tuple(piles), tuple(slots), revealed, damage, powers, doubled, under)

    def evaluate(self, node: tuple) -> float:
        """The planner's score of a light position at the end of a turn (higher is better)."""
        hand, piles, slots, revealed, damage, powers, doubled, under = node
        alive = any(slots)
        if not alive and damage < E.LOSING_DAMAGE:
            return 1e6 - damage
        defeated = slots.count(None)
        if damage >= E.LOSING_DAMAGE or (
            not hand and not (self.refills or under or (self.reshuffle and defeated > self.root_defeated))
        ):
            return -1e6 + defeated * 100
        w = WEIGHTS
        score = w["defeated"] * defeated - w["damage"] * damage
        if damage > w["danger_from"]:
            score -= w["danger"] * (damage - w["danger_from"])
        suits = list(self.deck_suits)
        have = self.deck_have
        for c in (*hand, *under):
            if c in _JOKERS:
                have += 10
            else:
                suits[_ELEMENT_INDEX[c]] += 1
                have += _POWER[c]
        reach = 20 if "KS" in powers else 10
        needed = still = 0
        wanted = [0, 0, 0, 0]
        for i, t in enumerate(slots):
            if t is None:
                continue
            pile = piles[i]
            laid = len(pile)
            needed += 3 - laid
            wanted[_ELEMENT_OF_SLOT[t]] += 1
            if laid == 2:
                score += w["ready"]
            elif laid == 1:
                need = _POWER[t] - _pile_power(pile, doubled)
                still += need
                score += w["started"] - w["need"] * max(need, 0) if need <= reach else -w["stuck"]
            else:
                still += _POWER[t]
            if i in revealed:
                score += w["revealed"]
        slack = len(self.deck) + len(under) + len(hand) - needed + (1 if "KH" in powers else 0)
        score += w["short"] * slack if slack < 0 else w["spare"] * min(slack, 6)
        score -= w["deficit"] * sum(max(0, wanted[e] - suits[e]) for e in range(4))
        score += w["economy"] * (have - still)
        for king in powers:
            score += _POWER_VALUE.get(king, 0.0)
        return score


_LORDS = frozenset(c for c in E.ELEMENTALS if c.startswith("K"))


def _drop(items: tuple[str, ...], c: str) -> tuple[str, ...]:
    i = items.index(c)
    return items[:i] + items[i + 1 :]


def _pile_power(pile: tuple, doubled: frozenset[str]) -> int:
    total = 0
    for c, p in pile[: E.DAMAGE_CARDS]:
        total += p * E.RAGNAROS_FACTOR if c in doubled else p
    return total


def _search(s: ElementalsState) -> tuple[float, tuple]:
    """The best score of the turn under way in ``s``, and the first plan that reaches it."""
    return _TurnSearch(s).best()


class Planner:
    """The planning policy: the best way to play the whole hand, found by search and scored at the turn's end.

    Between turns it uses Therazane's Touch to bring a useful bottom card to the top, and draws. The search
    sees only what the player knows: the cards in play and the deck's make-up, never the order of the deck.

    With ``breath`` set, it also uses Breath of Al'Akir when its best plan would still throw a card away.
    That made no measurable difference (94 against 90 wins in 1,000 paired deals), so it is off by default
    and the published results are without it.
    """

    breath = False

    def __init__(self) -> None:
        self._plan: list[Any] = []
        self._expect: ElementalsState | None = None

    def __call__(self, state: ElementalsState, rng: random.Random) -> Any:
        if state.peeking:
            return Reorder(_useful(state, state.deck[-1]))
        if not state.in_turn:
            self._plan = []
            if "KD" in state.powers and state.deck and not state.hand:
                return Unleash("therazane")
            return Draw()
        if self._plan and state == self._expect:
            action = self._plan.pop(0)
            self._expect = state.apply(action)
            return action
        _, plan = _search(state)
        if self.breath and "KC" in state.powers and state.deck and any(isinstance(a, Discard) for a in plan):
            # A card would be thrown away: draw one more first, and plan again with it.
            self._plan = []
            return Unleash("alakir")
        self._plan = list(plan)
        action = self._plan.pop(0)
        self._expect = state.apply(action)
        return action


def _useful(state: ElementalsState, c: str) -> bool:
    """Whether a card would complete or banish an attack now (for Therazane's choice)."""
    for i, t in enumerate(state.slots):
        if t is None or i not in state.revealed:
            continue
        pile = state.piles[i]
        if len(pile) == 2 and E.element_of(c) == E.element_of(t):
            return True
        if len(pile) == 1 and E.element_of(c) != E.element_of(t) and _card_power(c) >= _need(state, i):
            return True
    return False


def planner(state: ElementalsState, rng: random.Random) -> Any:
    """The planning policy as a plain function (it plans afresh at every call;
    [`Planner`][rulebook.elementals.bots.Planner] keeps its plan).

    Examples:
        >>> s = E.position(hand="5S 9D 2C", targets="KS QH", piles={"KS": "8D 6C"}, powers="KH")
        >>> planner(s, random.Random(0))
        Play(card='5S', target='KS', power=None)
    """
    return Planner()(state, rng)


#: The policies by name, each a factory making a fresh policy for one game.
def _hint_policy() -> Policy:
    from rulebook.elementals.hint import HintPolicy

    return HintPolicy()


POLICIES: Mapping[str, Callable[[], Policy]] = {
    "random": lambda: random_policy,
    "greedy": lambda: greedy,
    "planner": Planner,
    "hint": _hint_policy,
}


# ---------------------------------------------------------------- simulation


@dataclass
class SimulationResult:
    """What a simulation measured: wins, the final damage of every game, and how the losses came."""

    policy: str
    games: int = 0
    wins: int = 0
    damage: list[int] = field(default_factory=list)
    defeated: list[int] = field(default_factory=list)
    lost_to_damage: int = 0
    lost_to_deck: int = 0

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% confidence interval of the win rate (Wilson score interval).

        Examples:
            >>> r = SimulationResult("x", games=100, wins=50)
            >>> [round(x, 3) for x in r.interval()]
            [0.404, 0.596]
        """
        n = self.games
        if not n:
            return (0.0, 1.0)
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def histogram(self) -> list[tuple[str, int]]:
        """The final damage of the games, counted in bins (the last bin is 33 and more: lost to damage).

        Examples:
            >>> SimulationResult("x", games=3, damage=[4, 31, 35]).histogram()[::3]
            [('0-4', 1), ('15-19', 0), ('30-32', 1)]
        """
        rows = []
        for low, high in BINS:
            label = f"{low}+" if high >= 999 else f"{low}-{high - 1}"
            rows.append((label, sum(1 for d in self.damage if low <= d < high)))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        low, high = self.interval()
        return {
            "policy": self.policy,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "mean_damage": sum(self.damage) / self.games if self.games else 0.0,
            "mean_defeated": sum(self.defeated) / self.games if self.games else 0.0,
            "lost_to_damage": self.lost_to_damage,
            "lost_to_deck": self.lost_to_deck,
            "damage_histogram": dict(self.histogram()),
        }


def play_game(state: ElementalsState, policy: Policy, rng: random.Random, max_moves: int = 2000) -> ElementalsState:
    """Play one game to its end with ``policy``; return the final state.

    Examples:
        >>> end = play_game(E.new_game(seed=141), Planner(), random.Random(141))
        >>> end.won(), end.damage
        (True, 4)
    """
    for _ in range(max_moves):
        if state.is_terminal():
            return state
        state = state.apply(policy(state, rng))
    raise RuntimeError(f"game did not end within {max_moves} moves")


def simulate(
    games: int,
    seed: int = 1,
    policy: str = "planner",
    layout: int | str = 1,
    options: Mapping[str, object] | Options | None = None,
    progress: Callable[[int], None] | None = None,
    into: SimulationResult | None = None,
) -> SimulationResult:
    """Play ``games`` games, game ``i`` dealt from seed ``seed + i``, and gather the results.

    ``progress`` is called with 1 after each game (the CLI's progress bar). The results go into
    ``into`` when given, game by game, so that what was played is kept if the run is interrupted.
    """
    if policy not in POLICIES:
        raise UnknownNameError("policy", policy, list(POLICIES))
    result = into if into is not None else SimulationResult(policy)
    for i in range(games):
        state = E.new_game(options, seed=seed + i, layout=layout)
        final = play_game(state, POLICIES[policy](), random.Random(seed + i))
        result.games += 1
        result.damage.append(final.damage)
        result.defeated.append(final.defeated)
        if final.won():
            result.wins += 1
        elif final.damage >= E.LOSING_DAMAGE:
            result.lost_to_damage += 1
        else:
            result.lost_to_deck += 1
        if progress is not None:
            progress(1)
    return result


# ---------------------------------------------------------------- the chart

_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg_chart(results: list[SimulationResult], title: str = "Elementals: final damage per game") -> str:
    """A grouped bar chart (SVG) of the damage distribution of each policy, with win rates in the legend.

    Examples:
        >>> svg = svg_chart([SimulationResult("greedy", games=2, wins=1, damage=[3, 40])])
        >>> svg.startswith("<svg") and "greedy" in svg and svg.rstrip().endswith("</svg>")
        True
    """
    width, plot_h = 720, 260
    left, right, top, bottom = 60, 20, 50, 56 + 20 * len(results)
    height = top + plot_h + bottom
    plot_w = width - left - right
    bins = [label for label, _ in results[0].histogram()] if results else []
    shares = [[n / r.games if r.games else 0.0 for _, n in r.histogram()] for r in results]
    peak = max([max(s) for s in shares if s] + [0.01])
    peak = math.ceil(peak * 10) / 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{_esc(title)}</text>',
    ]
    for k in range(6):
        v = peak * k / 5
        y = top + plot_h - plot_h * v / peak
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.0%}</text>')
    group = plot_w / max(len(bins), 1)
    bar = group * 0.8 / max(len(results), 1)
    for b, label in enumerate(bins):
        x0 = left + b * group + group * 0.1
        for r, share in enumerate(shares):
            h = plot_h * share[b] / peak
            x = x0 + r * bar
            out.append(
                f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                f'fill="{_COLOURS[r % len(_COLOURS)]}"><title>{_esc(results[r].policy)} {label}: '
                f"{share[b]:.1%}</title></rect>"
            )
        out.append(f'<text x="{x0 + group * 0.4:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{label}</text>')
    out.append(
        f'<text x="{left + plot_w / 2}" y="{top + plot_h + 34}" text-anchor="middle">'
        "damage at the end of the game (33+ = lost to damage)</text>"
    )
    out.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>')
    for r, res in enumerate(results):
        low, high = res.interval()
        x = left
        y = top + plot_h + 62 + 20 * r
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{_COLOURS[r % len(_COLOURS)]}"/>')
        out.append(
            f'<text x="{x + 16}" y="{y}">{_esc(res.policy)}: won {res.win_rate:.2%} '
            f"[{low:.2%}, {high:.2%}] of {res.games}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
