"""Elementals endgames counted: the chance to win when few cards are left in the deck.

When the titan deck holds few cards, the chance to win is computable without sampling: each draw is
equally likely to be any three of the unseen cards (the player knows which cards are left, not their
order), and after each draw the player picks the best way to play the hand. ``chances`` takes, for each
plan of the turn under way, the mean over every possible draw of the best next turn's chance, down to the
end of the game (expectimax), remembering positions already counted, and the mean over every way the
face-down elementals may lie. The ways to play a turn are the planner's (``rulebook.elementals.bots``):
plays, discards, Whispers of Neptulon (a card put under the deck is then known to lie at the bottom) and
Hand of Ragnaros. The count is exact when every elemental left is face up and neither Breath of Al'Akir
nor Therazane's Touch is held; otherwise it is a close estimate (the later turns are played as if the
face-down elementals were known, and those two powers are not used).

Nothing hidden is read: the deck is taken as the set of its cards, sorted, and the face-down places as
the set of the unseen elementals.

Examples:
    >>> from rulebook import elementals
    >>> others = "JH QH KH JD QD KD JS QS JC QC KC"
    >>> s = elementals.position(hand="5S 9D 2C", targets="KS", defeated=others, piles={"KS": "8D 6C"}, deck="3H")
    >>> chances(s, [(elementals.Play("5S", "KS"),), (elementals.Discard("5S"),)])
    ([1.0, 0.0], True)
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import replace
from typing import Any

from rulebook import elementals as E
from rulebook.elementals.bots import WORK, TurnSearch
from rulebook.elementals.evaluation import ELEMENT_INDEX

__all__ = ["DECK_LIMIT", "HIDDEN_LIMIT", "applies", "chances"]

#: The most cards the deck may hold for a turn's chance to be counted exactly (four draws, the last of one
#: to three cards), and the most positions a count may visit before it gives up (then the hint samples).
DECK_LIMIT = 9
NODES = 60_000
#: The most face-down elementals a count weighs every way of (three: six ways).
HIDDEN_LIMIT = 3


class _OutOfNodes(Exception):
    pass


def applies(state: E.ElementalsState, limit: int = DECK_LIMIT) -> bool:
    """Whether ``state``'s turn can be counted exactly: a turn under way with the default readings, every
    elemental left face up, and at most ``limit`` cards in the deck.

    Examples:
        >>> from rulebook import elementals
        >>> applies(elementals.position(hand="5S", targets="KS", deck="3S 4H"))  # ten face down
        False
        >>> everyone = "JH QH KH JD QD KD JS QS JC QC KC"
        >>> applies(elementals.position(hand="5S", targets="KS", defeated=everyone, deck="3S 4H"))
        True
    """
    if not state.in_turn or state.peeking or not state.hand or len(state.deck) > limit:
        return False
    opts = state.options
    if opts["breath-draws"] != "top" or opts["empty-deck"] != "lose":
        return False
    hidden = sum(1 for i, s in enumerate(state.slots) if s is not None and i not in state.revealed)
    return hidden <= HIDDEN_LIMIT


class _Count:
    """The expectimax over draws and turns, from one root state (its settings shared by every turn)."""

    def __init__(self, state: E.ElementalsState, nodes: int) -> None:
        self.template = TurnSearch(state)
        self.memo: dict[tuple, float] = {}
        self.turns: dict[tuple, float] = {}
        self.left = nodes

    def line(self, world: E.ElementalsState, line: tuple[Any, ...]) -> float:
        """The chance to win after playing ``line`` in ``world`` (the cards it puts under the deck then lie at
        the bottom, the rest of the deck in any order)."""
        unknown = world.deck
        under = []
        after = world
        for action in line:
            if isinstance(action, E.Unleash) and action.power == "neptulon":
                under.append(action.card)
            after = after.apply(action)
        if after.won():
            return 1.0
        if after.is_terminal():
            return 0.0
        node = (after.hand, after.piles, after.slots, after.revealed, after.damage, after.powers, after.doubled, ())
        if after.in_turn:
            return self.turn(after.hand, node, unknown, tuple(under))
        return self.between(node[1:7], unknown, tuple(under))

    def search(self, hand: tuple, node: tuple, unknown: tuple, bottom: tuple) -> TurnSearch:
        """A search of one turn: ``hand`` in hand, the board of ``node``, the deck ``unknown`` then ``bottom``."""
        _, piles, slots, revealed, damage, powers, doubled, _ = node
        search = copy.copy(self.template)
        search.deck = (*unknown, *bottom)
        search.refills = bool(search.deck)
        search.root_defeated = slots.count(None)
        search.memo = {}
        search.root = (hand, piles, slots, revealed, damage, powers, doubled, ())
        return search

    def ends(self, search: TurnSearch) -> list[tuple]:
        """Every end of the turn ``search`` can reach (unscored), the most defeated and least damage first."""
        found: list[tuple] = []
        visited: set[tuple] = set()
        stack = [search.root]
        while stack:
            node = stack.pop()
            if node in visited:
                continue
            visited.add(node)
            if not node[0] or node[4] >= E.LOSING_DAMAGE or not any(node[2]):
                found.append(node)
                continue
            stack.extend(child for _, child in search.children(node) if child not in visited)
        WORK[0] += len(visited)
        self.left -= len(visited)
        if self.left < 0:
            raise _OutOfNodes
        found.sort(key=lambda end: (-end[2].count(None), end[4]))
        return found

    def after(self, end: tuple, unknown: tuple, bottom: tuple) -> float:
        """The chance to win from the end of a turn ``end`` (the cards it put under the deck at the bottom)."""
        _, piles, slots, revealed, damage, powers, doubled, under = end
        if damage >= E.LOSING_DAMAGE:
            return 0.0
        if not any(slots):
            return 1.0
        return self.between((piles, slots, revealed, damage, powers, doubled), unknown, (*bottom, *under))

    def between(self, board: tuple, unknown: tuple, bottom: tuple) -> float:
        """The chance to win before a draw, the deck ``unknown`` (any order) above ``bottom`` (this order)."""
        key = (board, unknown, bottom)
        found = self.memo.get(key)
        if found is not None:
            return found
        value = 0.0 if _hopeless(board, (*unknown, *bottom), self.template.banishing_jokers) else self.draws(
            board, unknown, bottom
        )
        self.memo[key] = value
        return value

    def draws(self, board: tuple, unknown: tuple, bottom: tuple) -> float:
        piles, slots, revealed, damage, powers, doubled = board
        node = ((), piles, slots, revealed, damage, powers, doubled, ())
        size = E.HAND_SIZE
        if len(unknown) <= size:
            hand = (*unknown, *bottom[: size - len(unknown)])
            return self.turn(hand, node, (), bottom[size - len(unknown) :])
        total = count = 0
        for picked in itertools.combinations(range(len(unknown)), size):
            hand = tuple(unknown[j] for j in picked)
            rest = tuple(c for j, c in enumerate(unknown) if j not in picked)
            total += self.turn(hand, node, rest, bottom)
            count += 1
        return total / count

    def turn(self, hand: tuple, node: tuple, unknown: tuple, bottom: tuple) -> float:
        """The best chance of a turn with ``hand`` drawn."""
        key = (tuple(sorted(hand)), node[1:7], unknown, bottom)
        found = self.turns.get(key)
        if found is not None:
            return found
        best = 0.0
        ends = self.ends(self.search(hand, node, unknown, bottom))
        least: dict[tuple, tuple] = {}  # of the ends alike but for the damage, the least damage is never worse
        for end in ends:
            alike = (end[1], end[2], end[5], end[6], end[7], bool(end[0]))
            if alike not in least or end[4] < least[alike][4]:
                least[alike] = end
        for end in least.values():
            best = max(best, self.after(end, unknown, bottom))
            if best >= 1.0:
                break
        self.turns[key] = best
        return best


def _hopeless(board: tuple, deck: tuple[str, ...], jokers_banish: bool) -> bool:
    """Whether the cards left cannot beat the elementals left, whatever their order: fewer cards than they
    need, or fewer of an element than the elementals of that element left need to be banished."""
    piles, slots = board[0], board[1]
    needed = 0
    wanted = [0, 0, 0, 0]
    for i, t in enumerate(slots):
        if t is not None:
            needed += 3 - len(piles[i])
            wanted[ELEMENT_INDEX[t]] += 1
    if needed > len(deck):
        return True
    have = [0, 0, 0, 0]
    jokers = 0
    for c in deck:
        e = ELEMENT_INDEX.get(c)
        if e is None:
            jokers += 1
        else:
            have[e] += 1
    short = sum(max(0, wanted[e] - have[e]) for e in range(4))
    return short > (jokers if jokers_banish else 0)


def _worlds(state: E.ElementalsState) -> list[E.ElementalsState]:
    """Every way the unseen elementals may lie in the face-down places, each equally likely, as games whose
    deck is the unseen cards sorted (the order is never read: the count takes the deck as a set)."""
    hidden = [i for i, s in enumerate(state.slots) if s is not None and i not in state.revealed]
    faces = sorted(state.slots[i] for i in hidden)
    deck = tuple(sorted(state.deck))
    out = []
    for order in dict.fromkeys(itertools.permutations(faces)):
        slots = list(state.slots)
        for i, face in zip(hidden, order, strict=True):
            slots[i] = face
        out.append(replace(state, deck=deck, slots=tuple(slots)))
    return out


def chances(
    state: E.ElementalsState, lines: list[tuple[Any, ...]], nodes: int = NODES
) -> tuple[list[float], bool] | None:
    """The chance to win of each of ``lines`` (plans for the rest of the turn under way, each ending where
    the turn ends or where a face-down elemental turns up), counted over every draw to come and every way the
    face-down elementals may lie; and whether the count is exact (no face-down elemental is left, nor Breath
    of Al'Akir or Therazane's Touch held: with face-down elementals the later turns are played as if they
    were known, and the two powers are not used). None when the count would visit more than ``nodes``
    positions. ``state`` must be one that ``applies``; its deck is read as a set, never in order.

    Examples:
        >>> from rulebook import elementals
        >>> others = "JH QH KH JD QD KD JS QS JC QC KC"
        >>> s = elementals.position(hand="5S 9D 2C", targets="KS", defeated=others, piles={"KS": "8D 6C"},
        ...                         deck="3S 4H 8H 9H")
        >>> chances(s, [(elementals.Play("5S", "KS"),), (elementals.Discard("5S"),)])  # 3S in the next draw
        ([1.0, 0.75], True)
    """
    worlds = _worlds(state)
    left = nodes
    totals = [0.0] * len(lines)
    try:
        for world in worlds:
            count = _Count(world, left)
            for k, line in enumerate(lines):
                totals[k] += count.line(world, line)
            left = count.left
    except _OutOfNodes:
        return None
    exact = len(worlds) == 1 and len(state.revealed) >= sum(1 for s in state.slots if s is not None)
    exact = exact and all(i in state.revealed for i, s in enumerate(state.slots) if s is not None)
    exact = exact and not any(k in state.powers for k in ("KC", "KD"))
    return [t / len(worlds) for t in totals], exact
