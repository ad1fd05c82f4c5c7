"""Elementals policies: the players a simulation or a hint lets play.

A policy is a callable ``policy(state, rng) -> action`` that returns one of ``state.legal_actions()``.
Three are here:

- ``random``: any legal action, uniformly;
- ``greedy``: the simple baseline; it banishes when it can, then completes attacks, then starts the
  attack that needs the least, and otherwise discards its weakest card; it never uses a power;
- ``planner``: at each turn it searches every way of playing the whole hand (plays, discards and the
  powers Neptulon and Ragnaros), scores each end of turn with the shared evaluation
  (``rulebook.elementals.evaluation``), and follows the best plan.

The hint (``rulebook.elementals.hint``) is a fourth, and ``rulebook.elementals.simulation`` plays many
games with any of them.

Examples:
    >>> end = play_game(E.new_game(seed=141), Planner(), random.Random(141))
    >>> end.is_terminal()
    True
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable
from typing import Any

from rulebook import elementals as E
from rulebook.elementals import Discard, Draw, ElementalsState, Reorder, Unleash
from rulebook.elementals.evaluation import ELEMENT, JOKERS, POWER, cards_facts, pile_power, planner_weights, score

__all__ = [
    "WORK",
    "LookaheadPlanner",
    "Planner",
    "Policy",
    "TurnSearch",
    "greedy",
    "plan_turn",
    "planner",
    "play_game",
    "random_policy",
    "turn_ends",
]

Policy = Callable[[ElementalsState, random.Random], Any]


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
        return TOP
    if not state.in_turn:
        return DRAW
    # The first banish card listed; else the first best completing card, the first best opening card,
    # or the first best discard, in the order of `legal_actions` (hand cards, then targets).
    slots, piles, revealed = state.slots, state.piles, state.revealed
    targets = sorted((i, slots[i], piles[i]) for i in revealed if slots[i] is not None)
    hand = state.hand
    picks = _Picks()
    for c in dict.fromkeys(hand) if len(hand) > 1 else hand:
        banish = _greedy_joker(state, c, targets, picks) if c in _JOKERS else _greedy_card(state, c, targets, picks)
        if banish is not None:
            return banish
    return picks.second or picks.first or picks.discard


class _Picks:
    """The greedy policy's best completing, opening and discarding moves so far, each with its key (lower
    is better)."""

    def __init__(self) -> None:
        self.second: Any = None
        self.first: Any = None
        self.discard: Any = None
        self.second_key = self.first_key = self.discard_key = 0


def _greedy_joker(state: ElementalsState, c: str, targets: list, picks: _Picks) -> Any:
    """A joker's banish play if it has one; else ``picks`` updated with its other moves."""
    banishes = state.options["joker-banishes"] == "yes"
    factor = E.RAGNAROS_FACTOR if c in state.doubled else 1
    for i, t, pile in targets:
        laid = len(pile)
        if laid == E.DAMAGE_CARDS:
            if banishes:
                return PLAYS[c][t][0]
        elif laid == 1:
            need = _POWER[t] - state.pile_power(i)
            p = max(1, -(-need // factor))
            if p <= 10 and (picks.second is None or p + 10 < picks.second_key):
                picks.second, picks.second_key = PLAYS[c][t][p], p + 10
        elif picks.second is None and (picks.first is None or _POWER[t] - 10 < picks.first_key):
            picks.first, picks.first_key = PLAYS[c][t][10], _POWER[t] - 10
    if state.options["joker-discard"] == "chosen":
        if picks.discard is None or picks.discard_key > 1:
            picks.discard, picks.discard_key = JOKER_DISCARDS[c][0], 1
    elif picks.discard is None or picks.discard_key > 10:
        picks.discard, picks.discard_key = DISCARDS[c], 10
    return None


def _greedy_card(state: ElementalsState, c: str, targets: list, picks: _Picks) -> Any:
    """A numbered card's banish play if it has one; else ``picks`` updated with its other moves."""
    element, power = _ELEMENT[c], _POWER[c]
    dealt = power * E.RAGNAROS_FACTOR if c in state.doubled else power
    for i, t, pile in targets:
        laid = len(pile)
        if laid == E.DAMAGE_CARDS:
            if element == _ELEMENT[t]:
                return PLAYS[c][t]
        elif element == _ELEMENT[t]:
            continue
        elif laid == 1:
            if state.pile_power(i) + dealt >= _POWER[t] and (picks.second is None or 100 + power < picks.second_key):
                picks.second, picks.second_key = PLAYS[c][t], 100 + power
        elif picks.second is None and (picks.first is None or _POWER[t] - power < picks.first_key):
            picks.first, picks.first_key = PLAYS[c][t], _POWER[t] - power
    if picks.discard is None or power < picks.discard_key:
        picks.discard, picks.discard_key = DISCARDS[c], power
    return None


_POWER, _ELEMENT, _JOKERS = POWER, ELEMENT, JOKERS
PLAYS, DISCARDS, JOKER_DISCARDS, UNLEASH = E.PLAYS, E.DISCARDS, E.JOKER_DISCARDS, E.UNLEASH
DRAW, TOP = E.DRAW, E.TOP


def _card_power(c: str) -> int:
    return _POWER.get(c, 10)


# ---------------------------------------------------------------- the planner


class TurnSearch:
    """The planner's search of one turn: every way of playing the hand, each end of turn scored.

    It works on light positions, tuples of what can change during a turn: ``(hand, piles, slots, revealed,
    damage, powers, doubled, under)``, where ``under`` holds the cards Neptulon put under the deck. The
    rest (the deck, the options, the layout) is the turn's and does not change. Each light position is its
    own memo key. The search returns, among the plans of highest score, the first in the order of
    ``legal_actions`` (``tests/test_elementals_engine.py`` checks it against a search over whole states).
    """

    def __init__(self, root: ElementalsState) -> None:
        self.deck = root.deck
        self.covers = E.COVERED_BY[root.layout]
        options = root.options
        self.banishing_jokers = options["joker-banishes"] == "yes"
        self.chosen_discard = options["joker-discard"] == "chosen"
        self.ten = E.JOKER_DISCARD_POWER
        self.refills = bool(root.deck) or (
            options["empty-deck"] == "reshuffle" and any(c in E.TITAN_DECK for c in root.plane)
        )
        self.reshuffle = options["empty-deck"] == "reshuffle"
        self.root_defeated = root.slots.count(None)
        self.weights, self.values = planner_weights(root.layout)
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
            plays = PLAYS[c]
            rest = _drop(hand, c)
            joker = c in _JOKERS
            factor = E.RAGNAROS_FACTOR if c in doubled else 1
            if joker:
                for i, t, pile in targets:
                    if not pile:
                        out.append((plays[t][10], self.lay(node, rest, i, pile, c, 10)))
                    elif len(pile) < E.DAMAGE_CARDS:
                        p = max(1, -(-(_POWER[t] - pile_power(pile, doubled)) // factor))
                        if p <= 10:
                            out.append((plays[t][p], self.lay(node, rest, i, pile, c, p)))
                    elif self.banishing_jokers:
                        out.append((plays[t][0], self.banish(node, rest, i, t, pile, c)))
                if self.chosen_discard:
                    action, named = JOKER_DISCARDS[c][0], 1
                else:
                    action, named = DISCARDS[c], self.ten
            else:
                element = _ELEMENT[c]
                named = _POWER[c]
                dealt = named * factor
                for i, t, pile in targets:
                    if len(pile) < E.DAMAGE_CARDS:
                        if element != _ELEMENT[t] and (not pile or pile_power(pile, doubled) + dealt >= _POWER[t]):
                            out.append((plays[t], self.lay(node, rest, i, pile, c, named)))
                    elif element == _ELEMENT[t]:
                        out.append((plays[t], self.banish(node, rest, i, t, pile, c)))
                action = DISCARDS[c]
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
                            UNLEASH["neptulon", c],
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
                                UNLEASH["ragnaros", c],
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
        """The planner's score of a light position at the end of a turn (higher is better): a win or a
        loss, else the shared evaluation (``rulebook.elementals.evaluation``)."""
        hand, piles, slots, revealed, damage, powers, doubled, under = node
        alive = any(slots)
        if not alive and damage < E.LOSING_DAMAGE:
            return 1e6 - damage
        defeated = slots.count(None)
        if damage >= E.LOSING_DAMAGE or (
            not hand and not (self.refills or under or (self.reshuffle and defeated > self.root_defeated))
        ):
            return -1e6 + defeated * 100
        cards = cards_facts(self.deck, (*hand, *under), doubled)
        node = (slots, piles, revealed, damage, powers, doubled)
        return score(node, cards, self.weights, self.values, self.deck, under)


_LORDS = frozenset(c for c in E.ELEMENTALS if c.startswith("K"))


def _drop(items: tuple[str, ...], c: str) -> tuple[str, ...]:
    i = items.index(c)
    return items[:i] + items[i + 1 :]


#: How many positions the planner's turn searches have scored since the program started (``WORK[0]``):
#: a measure of work that does not depend on the machine's speed, for callers that bound their own.
WORK = [0]


def plan_turn(s: ElementalsState, lookahead: tuple[int, int] = (0, 0)) -> tuple[float, tuple]:
    """The best score of the turn under way in ``s``, and the first plan that reaches it.

    With ``lookahead`` ``(k, m)``, the ``k`` best ends of the turn are scored again by the next draw
    (``_expectimax``): the mean, over ``m`` draws of three unseen cards, of the best reply turn's score."""
    search = TurnSearch(s)
    k, m = lookahead
    if k < 2 or m < 1 or not s.deck:
        found = search.best()
        WORK[0] += len(search.memo)
        return found
    return _expectimax(search, k, m)


def turn_ends(search: TurnSearch) -> dict[tuple, tuple[float, tuple]]:
    """Every end of the turn ``search`` can reach, with its score and the first plan (in the order of
    ``legal_actions``) that reaches it.

    Examples:
        >>> from rulebook import elementals
        >>> state = elementals.new_game(seed=7).apply(elementals.Draw())
        >>> ends = turn_ends(TurnSearch(state))
        >>> len(ends), max(ends.values(), key=lambda end: end[0]) == plan_turn(state)
        (8, True)
    """
    found: dict[tuple, tuple[float, tuple]] = {}
    visited: set[tuple] = set()
    stack: list[tuple[tuple, tuple]] = [(search.root, ())]
    while stack:
        node, path = stack.pop()
        if node in visited:
            continue
        visited.add(node)
        hand, _, slots, _, damage = node[:5]
        if not hand or damage >= E.LOSING_DAMAGE or not any(slots):
            found[node] = (search.evaluate(node), path)
            continue
        for action, child in reversed(search.children(node)):
            if child not in visited:
                stack.append((child, (*path, action)))
    WORK[0] += len(visited)
    return found



def _expectimax(search: TurnSearch, k: int, m: int) -> tuple[float, tuple]:
    """The turn's plan chosen by one draw of look-ahead (sparse sampling): the ``k`` best ends by score
    each get the mean, over the same ``m`` draws of three cards from the unseen cards (sorted, then drawn
    by a generator seeded from how many there are: the order of the deck is never read), of the best
    reply turn's score; a won or lost end keeps its own score."""
    ends = turn_ends(search)
    ranked = sorted(ends.items(), key=lambda item: -item[1][0])[:k]
    unseen = sorted(search.deck)
    rng = random.Random(len(unseen) * 131 + len(ranked))
    size = min(E.HAND_SIZE, len(unseen))
    draws = [tuple(rng.sample(range(len(unseen)), size)) for _ in range(m)]
    best: tuple[float, tuple] = (-math.inf, ())
    for node, (value, plan) in ranked:
        if abs(value) < 5e5:
            value = sum(_reply(search, node, unseen, draw) for draw in draws) / m
        if value > best[0]:
            best = (value, plan)
    return best


def _reply(search: TurnSearch, node: tuple, unseen: list[str], draw: tuple[int, ...]) -> float:
    """The best score of the next turn from ``node`` when the draw is ``unseen``'s cards at ``draw``."""
    hand, piles, slots, revealed, damage, powers, doubled, under = node
    taken = set(draw)
    rest = tuple(c for j, c in enumerate(unseen) if j not in taken) + tuple(under)
    reply = copy.copy(search)  # the same turn's settings, a fresh root, deck and memo
    reply.deck = rest
    reply.refills = bool(rest) or search.refills
    reply.root_defeated = slots.count(None)
    reply.memo = {}
    reply.root = ((*hand, *(unseen[j] for j in draw)), piles, slots, revealed, damage, powers, doubled, ())
    value = reply.best()[0]
    WORK[0] += len(reply.memo)
    return value


class Planner:
    """The planning policy: the best way to play the whole hand, found by search and scored at the turn's end.

    Between turns it uses Therazane's Touch to bring a useful bottom card to the top, and draws. The search
    sees only what the player knows: the cards in play and the deck's make-up, never the order of the deck.

    With ``breath`` set, it also uses Breath of Al'Akir when its best plan would still throw a card away.
    That made no measurable difference (94 against 90 wins in 1,000 paired deals), so it is off by default
    and the published results are without it.
    """

    breath = False
    #: One draw of look-ahead: the best ends of a turn (``k``) scored by ``m`` sampled next draws.
    lookahead: tuple[int, int] = (0, 0)

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
        _, plan = plan_turn(state, self.lookahead)
        if self.breath and "KC" in state.powers and state.deck and any(isinstance(a, Discard) for a in plan):
            # A card would be thrown away: draw one more first, and plan again with it.
            self._plan = []
            return Unleash("alakir")
        self._plan = list(plan)
        action = self._plan.pop(0)
        self._expect = state.apply(action)
        return action


class LookaheadPlanner(Planner):
    """The planner with one draw of look-ahead: of its four best ends of a turn, it plays toward the one
    whose next turn, over eight draws of three cards sampled from the unseen cards, scores best on average.
    About twenty times the planner's work; on pyramid development deals 10,001 to 10,600 it won 93 against
    the planner's 77 (``benchmarks/results/elementals-hint-lookahead.txt``).

    Examples:
        >>> end = play_game(E.new_game(seed=141), LookaheadPlanner(), random.Random(141))
        >>> end.is_terminal()
        True
    """

    lookahead = (4, 8)


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


def play_game(state: ElementalsState, policy: Policy, rng: random.Random, max_moves: int = 2000) -> ElementalsState:
    """Play one game to its end with ``policy``; return the final state.

    Examples:
        >>> end = play_game(E.new_game(seed=141), Planner(), random.Random(141))
        >>> end.won(), end.damage
        (True, 18)
    """
    for _ in range(max_moves):
        if state.is_terminal():
            return state
        state = state.apply(policy(state, rng))
    raise RuntimeError(f"game did not end within {max_moves} moves")
