"""A fast path for the hint's rollouts: the planner's games played on a compact state.

The hint (``rulebook.elementals.hint``) plays many games to their end with the planner
(``rulebook.elementals.bots.Planner``), and the planner's search of each turn is nearly all of their
cost. Here the same search runs on small integers: a card is its number in ``CARDS``, the elementals
still in play, the face-up ones and the doubled cards are bit sets, and a whole turn is played by
jumping to the end its best plan reaches (the planner plays its plan to the end: nothing in a turn
surprises it, it sees the made-up game's cards). The search visits the same positions in the same
order as ``TurnSearch`` and scores them with the same arithmetic, so it chooses the same plan, and a
game played here ends as the planner's own does (``tests/test_elementals_fast.py`` checks both on whole
games; ``benchmarks/elementals_fast.py`` measures the speed-up and the agreement on many more).

Only the rules' default readings are played here (jokers do not banish, a discarded joker names its
power, an empty deck loses, Breath of Al'Akir draws the top card), with the planner's own score; anything
else is for the slower path (``supported`` says which).

Examples:
    >>> import random
    >>> from rulebook import elementals
    >>> from rulebook.elementals.bots import Planner, play_game, plan_turn
    >>> state = elementals.new_game(seed=7).apply(elementals.Draw())
    >>> best_plan(state) == plan_turn(state)
    True
    >>> end = play_game(state, Planner(), random.Random(0))
    >>> play_out(state) == (end.won(), end.defeated)
    True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from rulebook import elementals as E
from rulebook.elementals.bots import WORK
from rulebook.elementals.evaluation import ELEMENT_INDEX, POWER, planner_weights

__all__ = ["CARDS", "CARD_ELEMENT", "CARD_ID", "CARD_POWER", "LORD", "TERMS", "Turn", "TurnPlanner", "action_of",
           "best_plan", "compact", "plan_end", "planner_turn", "play_out", "supported", "told_turn", "uncovering",
           "useful"]

#: Every card by its number: the titan deck, then the elementals.
CARDS: tuple[str, ...] = (*E.TITAN_DECK, *E.ELEMENTALS)
_ID: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
#: Each card's printed power (a joker 10, as a discard it may name up to) and element number (a joker -1).
_POW: tuple[int, ...] = tuple(POWER.get(c, 10) for c in CARDS)
_ELEM: tuple[int, ...] = tuple(ELEMENT_INDEX.get(c, -1) for c in CARDS)
_JOKER: tuple[bool, ...] = tuple(c in E.JOKERS for c in CARDS)
_KH, _KS, _KD = _ID["KH"], _ID["KS"], _ID["KD"]
_LORD: tuple[bool, ...] = tuple(c in E.ELEMENTALS and c.startswith("K") for c in CARDS)
_LOSING, _FACTOR, _HAND = E.LOSING_DAMAGE, E.RAGNAROS_FACTOR, E.HAND_SIZE
_DEFAULTS = {"joker-banishes": "no", "joker-discard": "chosen", "empty-deck": "lose", "breath-draws": "top"}
#: The score's terms played here; a table with any other term weighed (``forced``, ``tight``, ``overflow``)
#: takes the slower path.
_ORDER = ("defeated", "damage", "danger", "danger_from", "short", "spare", "economy", "ready", "started", "need",
          "stuck", "revealed", "deficit")
_TERMS = frozenset(_ORDER)
#: The score's terms this path plays, in the order ``TurnPlanner.w`` holds their weights.
TERMS: tuple[str, ...] = _ORDER


def supported(state: E.ElementalsState) -> bool:
    """Whether ``state`` is played here: the default readings of the rules, and a planner's score of the
    terms this path computes (see the module's description).

    Examples:
        >>> from rulebook import elementals
        >>> supported(elementals.new_game(seed=7))
        True
    """
    if any(state.options[k] != v for k, v in _DEFAULTS.items()):
        return False
    weights, _ = planner_weights(state.layout)
    return all(v == 0 for k, v in weights.items() if k not in _TERMS)


class TurnPlanner:
    """The planner's search of one turn (``bots.TurnSearch``) on compact positions.

    A position is ``(hand, piles, alive, revealed, damage, powers, doubled, under)``: the hand and the
    powers as tuples of card numbers in order, ``piles`` one tuple of ``(card, power named)`` per slot,
    ``alive``, ``revealed`` and ``doubled`` bit sets (of slots, slots and cards), ``under`` the cards
    Whispers of Neptulon put under the deck. ``slots`` (the elemental of each slot) and the deck are the
    turn's. Each position is its own memo key, the same positions as ``TurnSearch``'s.
    """

    def __init__(self, slots: tuple[int, ...], deck: tuple[int, ...], layout: int) -> None:
        self.slots = slots
        self.deck = deck
        self.n = len(slots)
        self.uncover = _uncovering(layout)
        #: Each slot's element and power (-1 and 0 once defeated), and the slots of each element.
        self.selem = tuple(_ELEM[t] if t >= 0 else -1 for t in slots)
        self.spow = tuple(_POW[t] if t >= 0 else 0 for t in slots)
        self.emask = tuple(sum(1 << i for i, e in enumerate(self.selem) if e == f) for f in range(4))
        weights, values = planner_weights(layout)
        self.w = tuple(weights[k] for k in _ORDER)
        self.values: Mapping[int, float] = {_ID[k]: v for k, v in values.items()}
        counts = [0, 0, 0, 0]
        have = 0
        for c in deck:
            e = _ELEM[c]
            if e >= 0:
                counts[e] += 1
            have += _POW[c]
        self.counts, self.have = counts, have
        self.refills = bool(deck)
        self.memo: dict[tuple, tuple[float, Any, Any]] = {}
        self.still: dict[int, int] = {}

    # -- the search ----------------------------------------------------------------------

    def search(self, node: tuple) -> float:
        """The best score reachable from ``node`` by the end of the turn (memoized, with the first move of
        the first plan that reaches it)."""
        memo = self.memo
        found = memo.get(node)
        if found is not None:
            return found[0]
        hand, piles, alive, revealed, damage, powers, doubled, under = node
        if not hand or damage >= _LOSING or not alive:
            value = self.evaluate(node)
            memo[node] = (value, None, None)
            return value
        best, move, after = -math.inf, None, None
        search, slots, get, selem, spow = self.search, self.slots, memo.get, self.selem, self.spow
        targets = _TARGETS.get(alive & revealed)
        if targets is None:
            targets = _targets(alive & revealed)
        seen = 0
        for c in hand:
            bit = 1 << c
            if seen & bit:
                continue
            seen |= bit
            k = hand.index(c)
            rest = hand[:k] + hand[k + 1 :]
            factor = _FACTOR if doubled & bit else 1
            if _JOKER[c]:
                best, move, after = self.joker(node, c, rest, factor, targets, best, move, after)
                named = 1
            else:
                element = _ELEM[c]
                named = _POW[c]
                dealt = named * factor
                for i in targets:
                    if element == selem[i]:
                        pile = piles[i]
                        if len(pile) < 2:
                            continue
                        child = self.banish(node, rest, i, pile, c)
                    else:
                        pile = piles[i]
                        if len(pile) > 1:
                            continue
                        if pile:
                            c0, n0 = pile[0]
                            if (n0 * _FACTOR if doubled >> c0 & 1 else n0) + dealt < spow[i]:
                                continue
                        child = (rest, _lay(piles, i, pile, c, named), alive, revealed, damage,
                                 powers, doubled, under)
                    found = get(child)
                    value = search(child) if found is None else found[0]
                    if value > best:
                        best, move, after = value, ("play", c, slots[i], None), child
            child = (rest, piles, alive, revealed, damage + named * factor, powers, doubled & ~bit, under)
            found = get(child)
            value = search(child) if found is None else found[0]
            if value > best:
                best, move, after = value, ("discard", c, None, named if _JOKER[c] else None), child
        if powers:
            best, move, after = self.unleash(node, best, move, after)
        memo[node] = (best, move, after)
        return best

    def joker(
        self, node: tuple, c: int, rest: tuple, factor: int, targets: tuple[int, ...], best: float, move: Any,
        after: Any,
    ) -> tuple[float, Any, Any]:
        """The plays of joker ``c`` from ``node`` searched (a joker names the least power that completes an
        attack, 10 to start one, and never banishes): the best so far, updated."""
        _, piles, alive, revealed, damage, powers, doubled, under = node
        search, get, spow, slots = self.search, self.memo.get, self.spow, self.slots
        for i in targets:
            pile = piles[i]
            if not pile:
                named = 10
            elif len(pile) == 1:
                c0, n0 = pile[0]
                got = n0 * _FACTOR if doubled >> c0 & 1 else n0
                named = max(1, -(-(spow[i] - got) // factor))
                if named > 10:
                    continue
            else:
                continue
            child = (rest, _lay(piles, i, pile, c, named), alive, revealed, damage, powers,
                     doubled, under)
            found = get(child)
            value = search(child) if found is None else found[0]
            if value > best:
                best, move, after = value, ("play", c, slots[i], named), child
        return best, move, after

    def unleash(self, node: tuple, best: float, move: Any, after: Any) -> tuple[float, Any, Any]:
        """The powers' moves from ``node`` searched, after the cards': the best so far, updated."""
        hand, piles, alive, revealed, damage, powers, doubled, under = node
        search, get = self.search, self.memo.get
        for king in powers:
            if king == _KH:
                k = powers.index(king)
                spent = powers[:k] + powers[k + 1 :]
                for j, c in enumerate(hand):
                    child = (hand[:j] + hand[j + 1 :], piles, alive, revealed, damage, spent, doubled & ~(1 << c),
                             (*under, c))
                    found = get(child)
                    value = search(child) if found is None else found[0]
                    if value > best:
                        best, move, after = value, ("neptulon", c, None, None), child
            elif king == _KS:
                k = powers.index(king)
                spent = powers[:k] + powers[k + 1 :]
                firsts = [pile[0][0] for pile in piles if pile]
                for c in (*hand, *(c for pile in piles for c, _ in pile)):
                    if not doubled >> c & 1 and (c in hand or c in firsts):
                        child = (hand, piles, alive, revealed, damage, spent, doubled | 1 << c, under)
                        found = get(child)
                        value = search(child) if found is None else found[0]
                        if value > best:
                            best, move, after = value, ("ragnaros", c, None, None), child
        return best, move, after

    def banish(self, node: tuple, rest: tuple, i: int, pile: tuple, c: int) -> tuple:
        """The banish card ``c`` played on slot ``i``: the elemental is defeated, its pile cleared, what it
        uncovers turned face up, and a king kept as a power."""
        _, piles, alive, revealed, damage, powers, doubled, under = node
        cleared = list(piles)
        cleared[i] = ()
        piles = tuple(cleared)
        alive &= ~(1 << i)
        t = self.slots[i]
        if _LORD[t]:
            powers = (*powers, t)
        for bit, cover in self.uncover[i]:
            if alive & bit and not revealed & bit and not alive & cover:
                revealed |= bit
        if doubled:
            for x, _ in pile:
                doubled &= ~(1 << x)
            doubled &= ~(1 << c)
        return (rest, piles, alive, revealed, damage, powers, doubled, under)

    def evaluate(self, node: tuple) -> float:
        """The planner's score of a position at the end of a turn (``TurnSearch.evaluate``)."""
        hand, piles, alive, revealed, damage, powers, doubled, under = node
        if not alive and damage < _LOSING:
            return 1e6 - damage
        many = alive.bit_count()
        defeated = self.n - many
        if damage >= _LOSING or (not hand and not (self.refills or under)):
            return -1e6 + defeated * 100
        w_defeated, w_damage, danger, danger_from, w_short, w_spare, economy, ready, started, need_w, stuck, shown, \
            deficit = self.w
        counts = self.counts
        have = self.have
        left = len(self.deck)
        if hand or under:
            counts = list(counts)
            for c in (*hand, *under):
                left += 1
                e = _ELEM[c]
                if e < 0:
                    have += 10
                else:
                    counts[e] += 1
                    have += _POW[c] * (_FACTOR if doubled >> c & 1 else 1)
        total = w_defeated * defeated - w_damage * damage
        if damage > danger_from:
            total -= danger * (damage - danger_from)
        reach = 20 if _KS in powers else 10
        still = self.still.get(alive)
        if still is None:
            still = self.still[alive] = sum(p for i, p in enumerate(self.spow) if alive >> i & 1)
        needed = 3 * many
        spow = self.spow
        for i, pile in enumerate(piles):
            if not pile:
                continue
            if len(pile) == 2:
                needed -= 2
                still -= spow[i]
                total += ready
            else:
                needed -= 1
                c0, n0 = pile[0]
                need = spow[i] - (n0 * _FACTOR if doubled >> c0 & 1 else n0)
                still += need - spow[i]
                total += started - need_w * max(need, 0) if need <= reach else -stuck
        total += shown * (alive & revealed).bit_count()
        slack = left - needed + (1 if _KH in powers else 0)
        total += w_short * slack if slack < 0 else w_spare * min(slack, 6)
        emask = self.emask
        short = 0
        for e in range(4):
            gap = (alive & emask[e]).bit_count() - counts[e]
            if gap > 0:
                short += gap
        total -= deficit * short
        total += economy * (have - still)
        values = self.values
        for king in powers:
            total += values.get(king, 0.0)
        return total

    def plan(self, root: tuple) -> list[tuple]:
        """The moves of the first best plan from ``root`` (after ``search(root)``), as
        ``(kind, card, target, power)``."""
        moves, node = [], root
        while True:
            _, move, after = self.memo[node]
            if move is None:
                return moves
            moves.append(move)
            node = after


def _lay(piles: tuple, i: int, pile: tuple, c: int, named: int) -> tuple:
    """``piles`` with card ``c`` (power ``named``) laid on the pile of slot ``i``."""
    laid = list(piles)
    laid[i] = (*pile, (c, named))
    return tuple(laid)


_TARGETS: dict[int, tuple[int, ...]] = {}


def _targets(mask: int) -> tuple[int, ...]:
    """The slots of bit set ``mask`` in order (kept: a turn's positions share a few)."""
    found = _TARGETS[mask] = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
    return found


_UNCOVER: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}


def _uncovering(layout: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each slot of ``layout``, the slots it covers: each as its bit and the bit set of the slots that
    cover it (it turns face up once none of them is left)."""
    found = _UNCOVER.get(layout)
    if found is None:
        covers = E.COVERED_BY[layout]
        found = _UNCOVER[layout] = tuple(
            tuple((1 << j, sum(1 << k for k in cover)) for j, cover in enumerate(covers) if i in cover)
            for i in range(len(covers))
        )
    return found


# ---------------------------------------------------------------- between engine and compact


def _compact(state: E.ElementalsState) -> tuple[tuple[int, ...], tuple]:
    """The slots (the elemental of each, -1 once defeated) and the turn's compact position of ``state``."""
    slots = tuple(-1 if s is None else _ID[s] for s in state.slots)
    alive = sum(1 << i for i, s in enumerate(state.slots) if s is not None)
    revealed = sum(1 << i for i in state.revealed)
    piles = tuple(tuple((_ID[c], n) for c, n in pile) for pile in state.piles)
    doubled = sum(1 << _ID[c] for c in state.doubled)
    node = (tuple(_ID[c] for c in state.hand), piles, alive, revealed, state.damage,
            tuple(_ID[c] for c in state.powers), doubled, ())
    return slots, node


def _action(move: tuple) -> Any:
    kind, c, t, named = move
    card = CARDS[c]
    if kind == "play":
        plays = E.PLAYS[card][CARDS[t]]
        return plays[named] if _JOKER[c] else plays
    if kind == "discard":
        return E.JOKER_DISCARDS[card][0] if _JOKER[c] else E.DISCARDS[card]
    return E.UNLEASH[kind, card]


def best_plan(state: E.ElementalsState) -> tuple[float, tuple]:
    """The best score of the turn under way in ``state`` and the first plan that reaches it, as
    ``bots.plan_turn(state)`` finds them (and the same work counted in ``bots.WORK``).

    Examples:
        >>> from rulebook import elementals
        >>> s = elementals.position(hand="5S 9D 2C", targets="KS QH", piles={"KS": "8D 6C"}, powers="KH")
        >>> best_plan(s)[1][0]
        Play(card='5S', target='KS', power=None)
    """
    slots, node = _compact(state)
    search = TurnPlanner(slots, tuple(_ID[c] for c in state.deck), state.layout)
    value = search.search(node)
    WORK[0] += len(search.memo)
    return value, tuple(_action(m) for m in search.plan(node))


def _useful(slots: tuple[int, ...], piles: tuple, alive: int, revealed: int, doubled: int, c: int) -> bool:
    """Whether card ``c`` would complete or banish an attack now (the planner's choice at Therazane's Touch)."""
    e = _ELEM[c]
    for i, t in enumerate(slots):
        if not alive >> i & 1 or not revealed >> i & 1:
            continue
        pile = piles[i]
        if len(pile) == 2 and e >= 0 and e == _ELEM[t]:
            return True
        if len(pile) == 1 and e != _ELEM[t]:
            c0, n0 = pile[0]
            if _POW[c] >= _POW[t] - (n0 * _FACTOR if doubled >> c0 & 1 else n0):
                return True
    return False


#: How a player plays a turn on the compact state: from the slots, the deck left (its top last), the layout and
#: the turn's first node, the node its plan for the turn ends on.
Turn = Callable[[tuple[int, ...], tuple[int, ...], int, tuple], tuple]


def plan_end(search: TurnPlanner, root: tuple) -> tuple:
    """The node ``search`` (already run from ``root``) ends the turn on, following its best move from each node."""
    node = root
    while True:
        _, move, after = search.memo[node]
        if move is None:
            return node
        node = after


def planner_turn(planner: type[TurnPlanner] = TurnPlanner) -> Turn:
    """The planner's turn (or a narrower search's, a subclass): its best plan's end, its searches counted in
    ``bots.WORK``."""

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        search = planner(slots, rest, layout)
        search.search(root)
        WORK[0] += len(search.memo)
        return plan_end(search, root)

    return turn


def told_turn(k: int = 8, planner: type[TurnPlanner] = TurnPlanner) -> Turn:
    """The planner told its game's next draw: the ``k`` best ends of the turn by the planner's score, each
    scored again by the best the next turn can do with the three cards the deck holds next (their order read:
    a player for the games the hint makes up, whose cards are its own, never for the real game). All its
    searches are counted in ``bots.WORK``.

    Examples:
        >>> from rulebook import elementals
        >>> play_out(elementals.new_game(seed=141), turn=told_turn(8))
        (True, 12)
    """

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        search = planner(slots, rest, layout)
        search.search(root)
        WORK[0] += len(search.memo)
        ends = sorted(((v, node) for node, (v, move, _) in search.memo.items() if move is None), reverse=True)
        if k < 2 or not rest or len(ends) < 2:
            return plan_end(search, root)
        size = min(_HAND, len(rest))
        best, chosen = -math.inf, plan_end(search, root)
        for value, node in ends[:k]:
            if abs(value) < 5e5:
                _, piles, alive, revealed, damage, powers, doubled, under = node
                after = tuple(s if alive >> i & 1 else -1 for i, s in enumerate(slots))
                reply = planner(after, tuple(rest[size:]) + tuple(under), layout)
                value = reply.search((tuple(rest[:size]), piles, alive, revealed, damage, powers, doubled, ()))
                WORK[0] += len(reply.memo)
            if value > best:
                best, chosen = value, node
        return chosen

    return turn


def play_out(
    state: E.ElementalsState, planner: type[TurnPlanner] = TurnPlanner, turn: Turn | None = None
) -> tuple[bool, int]:
    """Play ``state`` to its end as the planner would (``bots.play_game(state, Planner(), rng)``): whether
    the game is won, and how many elementals are defeated. The planner's searches are counted in
    ``bots.WORK``. ``state`` must be ``supported``. ``planner`` may be a narrower search of a turn (a
    subclass, for measuring cheaper players: ``benchmarks/elementals_fast.py --cheaper``); ``turn`` another
    player's way of playing a turn (``planner_turn`` by default), the draws and Therazane's Touch as the planner's.

    Examples:
        >>> from rulebook import elementals
        >>> play_out(elementals.new_game(seed=141))
        (True, 12)
    """
    turn = turn or planner_turn(planner)
    slots, (hand, piles, alive, revealed, damage, powers, doubled, _) = _compact(state)
    deck = [_ID[c] for c in state.deck]
    layout = state.layout
    n = len(slots)
    if state.peeking:
        c = deck[-1]
        if _useful(slots, piles, alive, revealed, doubled, c):
            deck.insert(0, deck.pop())
    in_turn = state.in_turn
    while True:
        if damage >= _LOSING:
            return False, n - alive.bit_count()
        if not alive:
            return True, n
        if not in_turn:
            if not deck:
                return False, n - alive.bit_count()
            if _KD in powers:
                k = powers.index(_KD)
                powers = powers[:k] + powers[k + 1 :]
                if _useful(slots, piles, alive, revealed, doubled, deck[-1]):
                    deck.insert(0, deck.pop())
            hand = (*hand, *deck[:_HAND])
            del deck[:_HAND]
        root = (hand, piles, alive, revealed, damage, powers, doubled, ())
        node = turn(slots, tuple(deck), layout, root)
        hand, piles, alive, revealed, damage, powers, doubled, under = node
        slots = tuple(s if alive >> i & 1 else -1 for i, s in enumerate(slots))
        deck.extend(under)
        in_turn = False


# ---------------------------------------------------------------- for other players on the compact state

#: Each card's number in ``CARDS``, its printed power (a joker 10), its element's number (a joker -1) and whether
#: it is a king (an Elemental Lord).
CARD_ID, CARD_POWER, CARD_ELEMENT, LORD = _ID, _POW, _ELEM, _LORD
#: The compact form of a state (``_compact``), a compact move as an engine action (``_action``), the planner's
#: choice at Therazane's Touch (``_useful``) and what each slot of a layout uncovers (``_uncovering``).
compact, action_of, useful, uncovering = _compact, _action, _useful, _uncovering
