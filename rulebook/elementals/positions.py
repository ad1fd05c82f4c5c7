"""What the Elementals solver keeps of a position, and how it compares two positions.

A `Position` is the part of an engine state that decides the rest of the game. Between turns the solver
files positions by their `shape` (what must match for two positions to compare at all) and compares those
of a shape by their facts (`at_least`): less damage, stronger lone first damage cards, piles further on
and more powers held are never worse. A damage that no winning line's discards can take to 33 counts as
none (`damage_fact`), the discards counted up to the horizon (`horizon`): the last card that can banish
the last elemental.
Within a turn, two plain plays on different elementals commute (`plain_play`), so the solver takes them
in one order only.

Examples:
    >>> from rulebook import elementals as E
    >>> p = position_of(E.new_game(seed=1))
    >>> key, facts = shape(p)
    >>> facts[0], facts[3]
    (0, frozenset())
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rulebook import elementals as E
from rulebook.elementals import ElementalsState, Play
from rulebook.elementals.evaluation import ELEMENT_INDEX, POWER

__all__ = [
    "MOST_CARD_DAMAGE",
    "Position",
    "above_of",
    "at_least",
    "before_last",
    "canonical",
    "damage_fact",
    "horizon",
    "most_discard_damage",
    "plain_play",
    "position_of",
    "shape",
    "undominated",
]

_JOKERS = frozenset(E.JOKERS)
_E_INDEX = ELEMENT_INDEX
_POWER = POWER
_LOSING = E.LOSING_DAMAGE


class Position(NamedTuple):
    """What the solver keeps of a position: everything that decides the rest of the game.

    ``piles[i]`` holds the (card, named power) pairs on slot ``i``; ``deck`` is the titan deck from the
    top. The layout and the options are the deal's and do not change.
    """

    hand: tuple[str, ...]
    piles: tuple[tuple[tuple[str, int], ...], ...]
    slots: tuple[str | None, ...]
    revealed: frozenset[int]
    damage: int
    powers: tuple[str, ...]
    doubled: frozenset[str]
    deck: tuple[str, ...]
    in_turn: bool


def position_of(state: ElementalsState) -> Position:
    """The solver's view of an engine state.

    Examples:
        >>> p = position_of(E.position(hand="7H 6C", targets="KS QH", piles={"KS": "8D"}))
        >>> p.hand, p.damage, len(p.deck)
        (('7H', '6C'), 0, 39)
    """
    return Position(
        state.hand,
        state.piles,
        state.slots,
        state.revealed,
        state.damage,
        state.powers,
        state.doubled,
        state.deck,
        state.in_turn,
    )


def plain_play(actions: tuple[Any, ...], node: Position, child: Position) -> tuple[str, str] | None:
    """(card, target) when the move is a plain play: a damage card on an elemental, with no power used
    and no elemental defeated. Two plain plays on different elementals commute: either order is legal
    when the other is, and both lead to the same position.

    Examples:
        >>> p = position_of(E.position(hand="7H 6C", targets="KS QH"))._replace(in_turn=True)
        >>> play = E.Play("7H", "KS")
        >>> plain_play((play,), p, p._replace(hand=("6C",)))
        ('7H', 'KS')
    """
    if len(actions) != 1 or type(actions[0]) is not Play or child.slots is not node.slots:
        return None
    play = actions[0]
    return play.card, play.target


def canonical(p: Position) -> tuple:
    """What decides the rest of the game from a position between turns, the damage apart: the elementals
    left, what their piles can still become, the powers held, and the deck.

    Examples:
        >>> p = position_of(E.position(targets="KS QH", piles={"KS": "8D"}))
        >>> canonical(p)[1][:11]
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (8, False))
    """
    doubled = p.doubled
    piles = tuple([(pile[0][1], pile[0][0] in doubled) if len(pile) == 1 else len(pile) for pile in p.piles])
    return (p.slots, piles, tuple(sorted(p.powers)), p.deck, p.hand, p.in_turn)


def shape(
    p: Position, reach: int | None = None
) -> tuple[tuple, tuple[int, tuple[int, ...], tuple[int, ...], frozenset[str]]]:
    """A position between turns as its shape (the elementals left, the deck, the hand) and the facts that
    make one position of a shape better than another (see `at_least`): the damage (see `damage_fact`), how
    many cards each pile holds (-1 for a lone doubled card), each pile's first card's power (99 for a pile
    of two, 0 for none), the powers held.

    Examples:
        >>> key, facts = shape(position_of(E.position(targets="KS QH", piles={"KS": "8D"}, discards="9C")))
        >>> facts[0], facts[1][10], facts[2][10], facts[3]
        (9, 1, 8, frozenset())
    """
    doubled = p.doubled
    sizes = []
    firsts = []
    for pile in p.piles:
        n = len(pile)
        if n == 1:
            c, v = pile[0]
            sizes.append(-1 if c in doubled else 1)
            firsts.append(v)
        else:
            sizes.append(n)
            firsts.append(99 if n else 0)
    facts = (damage_fact(p, reach), tuple(sizes), tuple(firsts), frozenset(p.powers))
    return (p.slots, p.deck, p.hand, p.in_turn), facts


_costs_cache: dict[tuple[str, ...], tuple[int, ...]] = {}


def most_discard_damage(p: Position, reach: int | None = None) -> int:
    """The most damage the discards of a winning line can still add: the costliest of the cards left,
    as many as the spare cards (more discards leave too few cards for the elementals), a joker counted
    10, and one of them doubled while Hand of Ragnaros may still be had (or a card in hand is doubled).
    With ``reach``, only the first ``reach`` cards of the hand and the deck can be drawn before the game
    must be won (the solver's horizon), and the spare cards are counted among them.

    Examples:
        >>> gone = "JH QH KH JD QD KD JS QS KS JC QC"
        >>> most_discard_damage(position_of(E.position(targets="KC", defeated=gone, deck="9H 2C 3S 4H")))
        9
    """
    cards = p.hand + p.deck
    if reach is not None:
        cards = cards[:reach]
    costs = _costs_cache.get(cards)
    if costs is None:
        costs = tuple(sorted((10 if c in _JOKERS else _POWER[c] for c in cards), reverse=True))
        if len(_costs_cache) > 200_000:
            _costs_cache.clear()
        _costs_cache[cards] = costs
    spare = len(cards) - sum(3 - len(p.piles[i]) for i, t in enumerate(p.slots) if t is not None)
    if spare <= 0:
        return 0
    most = sum(costs[:spare])
    if "KS" in p.powers or "KS" in p.slots or (p.doubled and not p.doubled.isdisjoint(p.hand)):
        most += costs[0]
    return most


def damage_fact(p: Position, reach: int | None = None) -> int:
    """The damage, as far as it can still matter: -1 when no winning line's discards can take it to 33
    (then every such damage is as good as none), else the damage itself; ``reach`` as for
    `most_discard_damage`.

    Examples:
        >>> gone = "JH QH KH JD QD KD JS QS KS JC QC"
        >>> damage_fact(position_of(E.position(targets="KC", defeated=gone, discards="10S", deck="9H 2C 3S 4H")))
        -1
    """
    if p.damage + most_discard_damage(p, reach) < _LOSING:
        return -1
    return p.damage


def above_of(covers: tuple[tuple[int, ...], ...]) -> tuple[frozenset[int], ...]:
    """For each place of a layout, every place that must be cleared before it is uncovered (the places
    covering it, those covering them, and so on).

    Examples:
        >>> sorted(above_of(E.COVERED_BY[1])[0]) == list(range(1, 12))
        True
    """
    out = []
    for i in range(len(covers)):
        seen: set[int] = set()
        stack = list(covers[i])
        while stack:
            j = stack.pop()
            if j not in seen:
                seen.add(j)
                stack.extend(covers[j])
        out.append(frozenset(seen))
    return tuple(out)


def horizon(p: Position, above: tuple[frozenset[int], ...], jokers_banish: bool = False) -> int:
    """The most cards that can be drawn (the hand's included) before the game is won.

    The last elemental to fall is one no other elemental left waits for (see `above_of`), and its
    banish card is a card of its element: the game is won, if at all, by the end of the turn that draws
    the last such card of the hand and the deck. Breath of Al'Akir may draw one card more by then, and
    Therazane's Touch may push every card one place down, while either is held or can be had by then (a
    king's power comes only once the cards it and the elementals it waits for need are drawn). Whispers
    of Neptulon could send a card of that element under the deck, to be drawn last: while it is held, or
    can be had by the time that last card is drawn, every card counts.

    Examples:
        >>> gone = "JH QH KH JD QD KD JS QS JC QC KC"
        >>> p = position_of(E.position(targets="KS", defeated=gone, deck="2H 3H 4H 5S 6H 7H 8H"))
        >>> horizon(p, above_of(E.COVERED_BY[1]))  # the turn that draws 5S is the last that can win
        6
    """
    hand, deck = p.hand, p.deck
    total = len(hand) + len(deck)
    slots, powers = p.slots, p.powers
    if "KH" in powers:
        return total
    alive = [i for i, t in enumerate(slots) if t is not None]
    waited: set[int] = set()
    for i in alive:
        waited.update(above[i])
    last = {_E_INDEX[slots[i]] for i in alive if i not in waited}
    seq = (*hand, *deck)
    for j in range(total - 1, -1, -1):
        e = _E_INDEX.get(seq[j])
        if e in last or (e is None and jokers_banish):
            break
    else:
        return 0
    kc = 1 if ("KC" in powers or "KC" in slots) else 0
    kd = 1 if ("KD" in powers or "KD" in slots) else 0
    most = _drawn_by(p, j, kc, kd)
    # A king's power comes once it and the elementals it waits for have all their cards: a power still to be
    # had acts by the turn of that last card only if that many cards can be drawn by then.
    if kc and "KC" in slots and most < _cards_before(p, alive, above, "KC"):
        kc = 0
    if kd and "KD" in slots and most < _cards_before(p, alive, above, "KD"):
        kd = 0
    most = _drawn_by(p, j, kc, kd)
    if "KH" in slots and most >= _cards_before(p, alive, above, "KH"):
        return total
    return most


def before_last(p: Position, above: tuple[frozenset[int], ...], jokers_banish: bool = False) -> tuple[int, int] | None:
    """When one elemental waits for every other one left, and still needs damage cards: the most cards
    that can be drawn by the turn the others must all have fallen, and the cards the others still need.

    The last elemental's damage cards are not of its element, and they come after the others have
    fallen and by the horizon (see `horizon`): the others fall by the turn of the latest card from which
    enough such cards remain. Therazane's Touch could bring the bottom card into that stretch and
    Whispers of Neptulon a card from before it, so each counts one card more while it may be had.

    Examples:
        >>> gone = "JH KH JD QD KD QS JC QC KC"  # JS lies face down under KS and QH
        >>> p = position_of(E.position(targets="KS QH", defeated=gone, deck="2C 3S 4H 5D 6S 7S 8D 9C 10S AD"))
        >>> before_last(p, above_of(E.COVERED_BY[1]))  # the last cards not spades are 9C and 8D
        (9, 6)
    """
    slots = p.slots
    alive = [i for i, t in enumerate(slots) if t is not None]
    if len(alive) < 2 or "KH" in p.powers:
        return None
    z = next((i for i in alive if all(k == i or k in above[i] for k in alive)), None)
    if z is None:
        return None
    wanted = E.DAMAGE_CARDS - len(p.piles[z])
    wanted -= ("KD" in p.powers or "KD" in slots) + ("KH" in slots)
    if wanted <= 0:
        return None
    most = horizon(p, above, jokers_banish)
    e = _E_INDEX[slots[z]]
    seq = (*p.hand, *p.deck)
    for j in range(most - 1, -1, -1):
        if _E_INDEX.get(seq[j]) != e:
            wanted -= 1
            if not wanted:
                break
    else:
        j = -1
    others = sum(3 - len(p.piles[i]) for i in alive if i != z)
    if j < 0:
        return 0, others
    kc = int("KC" in p.powers or "KC" in slots)
    kd = int("KD" in p.powers or "KD" in slots)
    return _drawn_by(p, j, kc, kd), others


def _drawn_by(p: Position, j: int, kc: int, kd: int) -> int:
    """The most cards drawn by the end of the turn that draws card ``j`` of the hand and the deck, with
    Breath of Al'Akir (``kc``) and Therazane's Touch (``kd``) to be had or not."""
    held, total = len(p.hand), len(p.hand) + len(p.deck)
    if j < held:  # in the hand: drawn this turn, or (between turns) with the next draw
        return min(total, held + kc + (0 if p.in_turn else E.HAND_SIZE))
    return min(total, held + E.HAND_SIZE * ((j - held + kd) // E.HAND_SIZE + 1) + kc)


def _cards_before(p: Position, alive: list[int], above: tuple[frozenset[int], ...], king: str) -> int:
    """The cards ``king`` and the elementals it waits for still need: the least drawn before its power."""
    k = p.slots.index(king)
    return sum(3 - len(p.piles[i]) for i in alive if i == k or i in above[k])


#: The most damage one discarded card can cost (a 10, or a joker counted 10).
MOST_CARD_DAMAGE = 10


def at_least(
    a: tuple[int, tuple[int, ...], tuple[int, ...], frozenset[str]],
    b: tuple[int, tuple[int, ...], tuple[int, ...], frozenset[str]],
) -> bool:
    """Whether a position with facts ``a`` is at least as good as one of the same shape with facts ``b``.

    Less damage only helps (the game is lost at 33, and nothing else depends on it); a stronger first
    card on an attack only helps (the second card needs less); a power held can always be left unused.
    A pile of two damage cards where the other has fewer is no worse either, when the damage allows: the
    first position can follow any line of the other, discarding the cards the other lays on that pile
    (the cards left then spare as many more). Those discards are harmless when no discard of a winning
    line can take the first position's damage to 33 (`damage_fact`), and otherwise when its damage with
    10 for each such card is at most the other's.

    Examples:
        >>> at_least((3, (1,), (8,), frozenset({"KH"})), (5, (1,), (7,), frozenset()))
        True
        >>> at_least((-1, (1,), (8,), frozenset()), (5, (1,), (7,), frozenset({"KH"})))
        False
        >>> at_least((-1, (2, 0), (99, 0), frozenset()), (4, (1, 0), (9, 0), frozenset()))
        True
        >>> at_least((5, (2, 0), (99, 0), frozenset()), (14, (0, 0), (0, 0), frozenset()))
        False
    """
    if not a[3] >= b[3]:
        return False
    sa, sb = a[1], b[1]
    if sa != sb:
        extra = 0
        for x, y in zip(sa, sb, strict=True):
            if x != y:
                if x != 2:
                    return False
                extra += 2 - abs(y)
        if a[0] != -1 and (b[0] == -1 or a[0] + MOST_CARD_DAMAGE * extra > b[0]):
            return False
    elif a[0] > b[0]:
        return False
    return all(x >= y for x, y in zip(a[2], b[2], strict=True))


def undominated(
    ends: list[tuple[tuple[Any, ...], Position]], reach: Callable[[Position], int] | None = None
) -> list[tuple[tuple[Any, ...], Position, tuple]]:
    """The ends of a turn that no other end of the same shape is at least as good as (one of equals),
    each with its shape and facts (see `shape`; ``reach`` gives the ``reach`` of a position, as for
    `most_discard_damage`).

    Examples:
        >>> p = position_of(E.position(targets="KS QH", discards="9C", deck="2H 3H 4H 5H"))
        >>> [end.damage for _, end, _ in undominated([((), p), ((), p._replace(damage=12))])]
        [9]
    """
    groups: dict[tuple, list[tuple[tuple, tuple[Any, ...], Position]]] = {}
    for line, end in ends:
        key, facts = shape(end, None if reach is None else reach(end))
        group = groups.setdefault(key, [])
        if any(at_least(other, facts) for other, _, _ in group):
            continue
        group[:] = [item for item in group if not at_least(facts, item[0])]
        group.append((facts, line, end))
    return [(line, end, (key, facts)) for key, group in groups.items() for facts, line, end in group]
