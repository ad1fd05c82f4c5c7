"""How promising an Elementals position is: the one evaluation the planner and the solver share.

The planner (``rulebook.elementals.bots``) scores each way a turn can end with it and plays the best;
the solver (``rulebook.elementals.solver``) tries the ways a turn can end best first by it. The score
counts the elementals defeated, the damage taken, attacks ready or stuck, the cards left against the
cards the elementals still need, and the powers held. Each user weighs it with its own table: the
planner's ``WEIGHTS`` were tuned on development deals, the solver keeps the hand-set ``ORDER_WEIGHTS``
(the order decides only which winning line it finds first).

Examples:
    >>> from rulebook import elementals
    >>> s = elementals.position(hand="5S 9D", targets="KS QH", piles={"KS": "8D 6C"})
    >>> round(position_score(s), 2), round(position_score(s, ORDER_WEIGHTS, ORDER_POWER_VALUE), 2)
    (170.75, 197.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rulebook import elementals as E

__all__ = [
    "ORDER_POWER_VALUE",
    "ORDER_WEIGHTS",
    "POWER",
    "POWER_VALUE",
    "WEIGHTS",
    "deck_facts",
    "forced_damage",
    "pile_power",
    "planner_weights",
    "position_score",
    "score",
]

JOKERS = frozenset(E.JOKERS)
#: Each card's printed power (a joker has none until it is named).
POWER: Mapping[str, int] = {c: E.power_of(c) for c in (*E.TITAN_DECK, *E.ELEMENTALS) if c not in JOKERS}
#: Each card's element, by name (a joker's is ``None``), and by number (water 0, earth 1, fire 2, air 3).
ELEMENT: Mapping[str, str | None] = {c: E.element_of(c) for c in (*E.TITAN_DECK, *E.ELEMENTALS)}
ELEMENTS = ("water", "earth", "fire", "air")
ELEMENT_INDEX: Mapping[str, int] = {c: ELEMENTS.index(e) for c, e in ELEMENT.items() if e is not None}

#: What each power kept is worth to the planner.
POWER_VALUE: dict[str, float] = {"KH": 30.0, "KS": 28.8, "KD": 9.6, "KC": 4.8}

#: The planner's weights: set by hand, then tuned by a coordinate search (each weight times 1.6 or
#: divided by it, kept where the wins of 300 development deals, seeds 10,001-10,300, rose) and checked on
#: 600 other development deals (seeds 10,301-10,900: 83 wins against 53 with the hand-set weights).
WEIGHTS: dict[str, float] = {
    "defeated": 75.0,  # per elemental defeated
    "damage": 1.5625,  # per point of damage taken
    "danger": 6.0,  # per point of damage above `danger_from`
    "danger_from": 22.0,
    "short": 12.0,  # per card the deck is short of what the elementals left need
    "spare": 4.0,  # per spare card (up to 6)
    "economy": 1.0,  # per point of power the cards left have beyond the damage still needed
    "ready": 43.75,  # an elemental with its two damage cards and a banish card still to come
    "started": 30.0,  # an elemental with one damage card that can still be completed
    "need": 1.5,  # per point still needed by a started elemental
    "stuck": 240.0,  # an attack that can no longer be completed, or an elemental that cannot be banished
    "revealed": 4.0,  # per face-up elemental
    "deficit": 93.75,  # per elemental left that no card of its element remains to banish
    "forced": 0.0,  # per point of damage the next draw is expected to force away: every weight lost wins
    # Card budgets (issue 23, fifth round; pyramid deals 10,001-10,600, 77 planner wins at weight 0): every
    # weight tried won no more, so both are 0. The spare cards thrown away weakest first taking the damage
    # past 32, per point: 4, 12, 50 and 200 won 78, 77, 77, 77. An element whose cards left leave no spare
    # over its elementals still to banish: 10, 30, 60 and 120 won 74, 78, 67, 63.
    "overflow": 0.0,
    "tight": 0.0,
}

#: The planner's weights and power values for each layout where they differ from the pyramid's (the
#: tables above), as ``benchmarks/elementals_tune.py`` finds them on development deals of that layout.
#: None differ: tuned again for the kite and the tower, the elementals defeated rose by under 1% and the
#: wins not at all (4 of 400 deals each), so the pyramid's tables serve every layout.
LAYOUT_WEIGHTS: dict[int, dict[str, float]] = {}
LAYOUT_POWER_VALUE: dict[int, dict[str, float]] = {}


def planner_weights(layout: int) -> tuple[Mapping[str, float], Mapping[str, float]]:
    """The planner's weights and power values for ``layout``.

    Examples:
        >>> planner_weights(1) == (WEIGHTS, POWER_VALUE)
        True
    """
    return LAYOUT_WEIGHTS.get(layout, WEIGHTS), LAYOUT_POWER_VALUE.get(layout, POWER_VALUE)


#: The hand-set weights and power values, by which the solver orders its search (the published
#: winning lines were found in this order).
ORDER_WEIGHTS: dict[str, float] = {
    **WEIGHTS,
    "defeated": 120.0,
    "damage": 2.5,
    "ready": 70.0,
    "stuck": 150.0,
    "deficit": 150.0,
    "forced": 0.0,
}
ORDER_POWER_VALUE: dict[str, float] = {"KH": 30.0, "KS": 18.0, "KD": 6.0, "KC": 3.0}

_facts_cache: dict[int, tuple[tuple[str, ...], tuple[list[int], int, list[list[int]]]]] = {}


def deck_facts(deck: tuple[str, ...]) -> tuple[list[int], int, list[list[int]]]:
    """How many cards of each element ``deck`` holds, its jokers, and each element's powers in order.

    Kept for the decks last seen: the positions of one turn share their deck. (A card in the deck is
    never doubled: Hand of Ragnaros's mark goes when Neptulon sends a card under the deck.)

    Examples:
        >>> deck_facts(("7H", "2H", "JK1", "9C"))
        ([2, 0, 0, 1], 1, [[2, 7], [], [], [9]])
    """
    found = _facts_cache.get(id(deck))
    if found is not None and found[0] is deck:
        return found[1]
    counts = [0, 0, 0, 0]
    jokers = 0
    powers: list[list[int]] = [[], [], [], []]
    for c in deck:
        e = ELEMENT_INDEX.get(c)
        if e is None:
            jokers += 1
        else:
            counts[e] += 1
            powers[e].append(POWER[c])
    for values in powers:
        values.sort()
    facts = (counts, jokers, powers)
    if len(_facts_cache) > 64:
        _facts_cache.clear()
    _facts_cache[id(deck)] = (deck, facts)
    return facts


def cards_facts(deck: tuple[str, ...], more: Iterable[str], doubled: frozenset[str]) -> tuple[list[int], int, int]:
    """The cards left to play, the deck and ``more`` (the hand, cards put under the deck): how many of
    each element, the power they hold (a joker 10, a doubled card twice its power), and how many.

    Examples:
        >>> cards_facts(("7H", "JK1"), ("9C",), frozenset({"9C"}))
        ([1, 0, 0, 1], 35, 3)
    """
    counts, jokers, powers = deck_facts(deck)
    counts = list(counts)
    have = 10 * jokers + sum(sum(v) for v in powers)
    n = len(deck)
    for c in more:
        n += 1
        e = ELEMENT_INDEX.get(c)
        if e is None:
            have += 10
        else:
            counts[e] += 1
            have += POWER[c] * (E.RAGNAROS_FACTOR if c in doubled else 1)
    return counts, have, n


def pile_power(pile: Sequence[tuple[str, int]], doubled: frozenset[str]) -> int:
    """The damage a pile of attack cards deals: its damage cards' powers, doubled where Ragnaros doubled them.

    Examples:
        >>> pile_power((("8D", 8), ("JK1", 3)), frozenset({"JK1"}))
        14
    """
    total = 0
    for c, n in pile[: E.DAMAGE_CARDS]:
        total += n * E.RAGNAROS_FACTOR if c in doubled else n
    return total


def forced_damage(node: tuple[Any, ...], deck: tuple[str, ...], more: Sequence[str] = ()) -> float:
    """The damage the next draw is expected to force away: each of the unseen cards (``deck`` and
    ``more``) that nothing on the board of ``node`` can take (no ready elemental of its element to
    banish, no started attack it completes, no face-up elemental it can start on and leave completable)
    is thrown away at its power, and a draw holds three of them.

    Examples:
        >>> from rulebook import elementals
        >>> s = elementals.position(hand="", targets="KS QH", piles={"KS": "8D 6C"})
        >>> node = (s.slots, s.piles, s.revealed, s.damage, s.powers, s.doubled)
        >>> forced_damage(node, ("2H", "9S", "AD"))  # 9S banishes KS; 2H has no place, nor AD (12 - 1 > 10)
        3.0
    """
    slots, piles, revealed, _, _, doubled = node
    n = len(deck) + len(more)
    if not n:
        return 0.0
    ready = [False, False, False, False]
    # Per element of a card: the least power that finds a place on another element's elemental.
    least = [99, 99, 99, 99]
    reach = 10
    for i in revealed:
        t = slots[i]
        if t is None:
            continue
        e = ELEMENT_INDEX[t]
        pile = piles[i]
        laid = len(pile)
        if laid >= 2:
            ready[e] = True
            continue
        need = POWER[t] - pile_power(pile, doubled) if laid else POWER[t] - reach
        need = max(need, 1)
        for f in range(4):
            if f != e and need < least[f]:
                least[f] = need
    counts, _, values = deck_facts(deck)
    lost = 0
    for e in range(4):
        if ready[e] or not counts[e]:
            continue
        bar = least[e]
        for p in values[e]:
            if p >= bar:
                break
            lost += p
    for c in more:
        e = ELEMENT_INDEX.get(c)
        if e is not None and not ready[e] and POWER[c] < least[e]:
            lost += POWER[c]
    return lost * min(3, n) / n


def score(
    node: tuple[Any, ...],
    cards: tuple[list[int], int, int],
    weights: Mapping[str, float] = WEIGHTS,
    values: Mapping[str, float] = POWER_VALUE,
    deck: tuple[str, ...] | None = None,
    more: Sequence[str] = (),
) -> float:
    """The score of a position (higher is better): ``node`` is ``(slots, piles, revealed, damage, powers,
    doubled)`` and ``cards`` what ``cards_facts`` says of the cards left to play; given the unseen cards
    (``deck`` and ``more``), the damage the next draw would force away weighs too (``forced_damage``)."""
    slots, piles, revealed, damage, powers, doubled = node
    counts, have, left = cards
    w = weights
    total = w["defeated"] * slots.count(None) - w["damage"] * damage
    if deck is not None and w["forced"]:
        total -= w["forced"] * forced_damage(node, deck, more)
    if damage > w["danger_from"]:
        total -= w["danger"] * (damage - w["danger_from"])
    reach = 20 if "KS" in powers else 10
    needed = still = 0
    wanted = [0, 0, 0, 0]
    for i, t in enumerate(slots):
        if t is None:
            continue
        pile = piles[i]
        laid = len(pile)
        needed += 3 - laid
        wanted[ELEMENT_INDEX[t]] += 1
        if laid == 2:
            total += w["ready"]
        elif laid == 1:
            need = POWER[t] - pile_power(pile, doubled)
            still += need
            total += w["started"] - w["need"] * max(need, 0) if need <= reach else -w["stuck"]
        else:
            still += POWER[t]
        if i in revealed:
            total += w["revealed"]
    slack = left - needed + (1 if "KH" in powers else 0)
    total += w["short"] * slack if slack < 0 else w["spare"] * min(slack, 6)
    total -= w["deficit"] * sum(max(0, wanted[e] - counts[e]) for e in range(4))
    if w["tight"]:
        total -= w["tight"] * sum(1 for e in range(4) if wanted[e] and counts[e] <= wanted[e])
    if w["overflow"] and deck is not None and slack > 0:
        total -= w["overflow"] * max(0, damage + _weakest(deck, more, slack) - (E.LOSING_DAMAGE - 1))
    total += w["economy"] * (have - still)
    for king in powers:
        total += values.get(king, 0.0)
    return total


def _weakest(deck: tuple[str, ...], more: Sequence[str], n: int) -> int:
    """The power of the ``n`` weakest cards of ``deck`` and ``more`` (a joker thrown away deals 10)."""
    _, jokers, powers = deck_facts(deck)
    values = sorted([p for v in powers for p in v] + [POWER.get(c, 10) for c in more] + [10] * jokers)
    return sum(values[:n])


def position_score(
    state: E.ElementalsState, weights: Mapping[str, float] = WEIGHTS, values: Mapping[str, float] = POWER_VALUE
) -> float:
    """``score`` of an engine state (its hand among the cards left)."""
    node = (state.slots, state.piles, state.revealed, state.damage, state.powers, state.doubled)
    return score(node, cards_facts(state.deck, state.hand, state.doubled), weights, values)
