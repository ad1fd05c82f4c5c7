"""Elementals solved: could this deal be won, knowing the order of the titan deck?

This is the "thoughtful" reading of a patience, as patience solvers define it: the solver knows
everything the deal decides, the face-down elementals and the order of the whole titan deck, and asks
whether some sequence of legal moves wins. A deal it calls winnable comes with a winning move log that
``rulebook elementals replay --check`` accepts; a deal it calls not winnable has no winning line at all
(the search covered every move, up to moves shown never to be better than one it tried). Breath of
Al'Akir draws the top card of the deck (the default reading, ``elementals.interp.breath-draws``), which
the solver knows like the rest of the deck. The options ``breath-draws=random`` and
``empty-deck=reshuffle`` decide part of the deck's order during the game, so the solver refuses them.

The search is depth first, one turn at a time: it lists every distinct way of playing the turn, keeps
those no other way beats (less damage, stronger first damage cards and more powers held are never
worse, and a damage no winning line's discards can take to 33 is as good as none: see
``rulebook.elementals.positions``), drops those a sound bound proves lost, and tries the rest best first,
by the planner's score. A table of positions proved lost cuts repeats, and any position no better than
one in it. The search runs in probes that share that table: the first in the usual order, the later
ones in other orders and of lengths by Luby's sequence, so that a wrong turn early on does not take the
whole budget.
The bounds, each tested on its own:

- [`card_supply`][rulebook.elementals.solver.card_supply]: the elementals left need more cards than the
  hand and the deck hold, in all or element by element;
- [`banish_supply`][rulebook.elementals.solver.banish_supply]: an elemental is left that no remaining
  card of its element can banish;
- [`damage_supply`][rulebook.elementals.solver.damage_supply]: the damage the elementals still need is
  more than the remaining cards can deal, or an attack under way can no longer be completed;
- [`damage_bound`][rulebook.elementals.solver.damage_bound]: the damage taken, with the least the
  discards the deck's order forces must cost, reaches 33;
- `card_horizon`: the elementals left need more cards than are
  drawn by the last card that can banish the last of them (the horizon,
  `rulebook.elementals.positions.horizon`, which also bounds the spare cards), or those before
  the last one need more than are drawn before its damage cards
  (`rulebook.elementals.positions.before_last`).

Moves that commute are taken in one order only (discards at the end of a turn, Neptulon just before
them, Ragnaros just before the play it is for, only the draw and the deck's powers between turns, two
damage cards laid on different elementals in the order of their names), and
moves never better than another are not searched: a joker starting an attack is named 10, a joker
completing one names the least power that does, a discarded joker names 1; Therazane's Touch always
moves the bottom card to the top (leaving it is the same as not using the power); Hand of Ragnaros is
not spent on an attack that already has its two damage cards, nor on a first damage card (doubling it just
before the second card does the same, and keeps the power until then); a power on the deck held at the
turn's first play is used before it or not at all. The tests hold the verdicts to a search of every legal
action.

Examples:
    >>> from rulebook import elementals
    >>> result = solve(elementals.new_game(seed=141))
    >>> result.verdict, result.winnable
    ('winnable', True)
    >>> elementals.replay("seed 141\\n" + "\\n".join(map(str, result.line))).verdict
    'legal: ... actions, the player wins with ... damage'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulebook import elementals as E
from rulebook.elementals import Discard, ElementalsState, Reorder, Unleash
from rulebook.elementals.evaluation import (
    ELEMENT,
    ELEMENT_INDEX,
    ELEMENTS,
    ORDER_POWER_VALUE,
    ORDER_WEIGHTS,
    POWER,
    cards_facts,
    deck_facts,
    pile_power,
    score,
)
from rulebook.elementals.positions import (
    Position,
    above_of,
    at_least,
    before_last,
    canonical,
    horizon,
    plain_play,
    position_of,
    undominated,
)
from rulebook.elementals.positions import shape as shape_of
from rulebook.errors import InvalidInputError

__all__ = [
    "BOUNDS",
    "Position",
    "Solution",
    "Solver",
    "banish_supply",
    "card_horizon",
    "card_supply",
    "damage_bound",
    "damage_supply",
    "luby",
    "order_key",
    "position_of",
    "solve",
]

_JOKERS = frozenset(E.JOKERS)
_POWER, _ELEMENT = POWER, ELEMENT
_KINGS = {"KH": "neptulon", "KD": "therazane", "KS": "ragnaros", "KC": "alakir"}
_LOSING = E.LOSING_DAMAGE
_FACTOR = E.RAGNAROS_FACTOR
PLAYS, DISCARDS, JOKER_DISCARDS, UNLEASH = E.PLAYS, E.DISCARDS, E.JOKER_DISCARDS, E.UNLEASH
_THERAZANE = (Unleash("therazane"), Reorder(True))
_ALAKIR = (Unleash("alakir"),)
#: The actions that act on the deck (the draw, Therazane's Touch, Breath of Al'Akir), and those powers.
_ON_DECK = frozenset((E.DRAW, *_THERAZANE, *_ALAKIR))
_DECK_POWERS = frozenset(("KD", "KC"))


# ---------------------------------------------------------------- bounds
# Each bound looks at a position and returns why it is lost (one line), or None when it proves nothing.
# A bound must be sound: it may miss a lost position, but it must never call a winnable one lost.

_E_INDEX, _ELEMENTS = ELEMENT_INDEX, ELEMENTS


# The bounds of one position ask for the same facts in turn: the last position's are kept.
_last_pool: list[Any] = [None, None]
_last_needed: list[Any] = [None, None]


def _pool(p: Position) -> tuple[list[int], int, list[list[int]]]:
    """The facts of `deck_facts` for the hand and the deck together (hand cards as doubled)."""
    if _last_pool[0] is p:
        return _last_pool[1]
    _last_pool[0], _last_pool[1] = p, _pool_of(p)
    return _last_pool[1]


def _pool_of(p: Position) -> tuple[list[int], int, list[list[int]]]:
    counts, jokers, powers = deck_facts(p.deck)
    if not p.hand:
        return counts, jokers, powers
    counts, powers = list(counts), [list(v) for v in powers]
    for c in p.hand:
        e = _E_INDEX.get(c)
        if e is None:
            jokers += 1
        else:
            counts[e] += 1
            powers[e].append(_POWER[c] * (_FACTOR if c in p.doubled else 1))
            powers[e].sort()
    return counts, jokers, powers


def _slots_needed(p: Position) -> tuple[int, list[int], list[int]]:
    """Cards the elementals left still need: in all, damage cards by element, banish cards by element."""
    if _last_needed[0] is p:
        return _last_needed[1]
    _last_needed[0], _last_needed[1] = p, _slots_needed_of(p)
    return _last_needed[1]


def _slots_needed_of(p: Position) -> tuple[int, list[int], list[int]]:
    needed = 0
    damage = [0, 0, 0, 0]
    banish = [0, 0, 0, 0]
    piles = p.piles
    for i, t in enumerate(p.slots):
        if t is not None:
            laid = len(piles[i])
            e = _E_INDEX[t]
            needed += 3 - laid
            if laid < E.DAMAGE_CARDS:
                damage[e] += E.DAMAGE_CARDS - laid
            banish[e] += 1
    return needed, damage, banish


def _ragnaros_possible(p: Position) -> bool:
    """Whether Hand of Ragnaros may still be used: held, or its king still to be defeated."""
    return "KS" in p.powers or "KS" in p.slots


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def card_supply(p: Position) -> str | None:
    """Lost if the elementals left need more attack cards than the hand and the deck hold.

    Every elemental still needs its missing damage cards and its banish card, and nothing brings a
    card back into play once it is on an elemental or discarded. The count holds element by element
    too: the damage cards of the elementals of one element, and the banish cards of the others, must
    all come from the cards of the other elements and the jokers.

    Examples:
        >>> p = position_of(E.position(hand="7H", targets="KS QH", deck="2C 3C"))
        >>> card_supply(p)
        'the 12 elementals left need 36 more cards; the hand and the deck hold 3'
        >>> card_supply(position_of(E.new_game(seed=1))) is None
        True
        >>> p = position_of(E.position(targets="KS KC", deck="2S 3S 4S 5S 6S 7C"))
        >>> p = p._replace(slots=tuple(t if t in ("KS", "KC") else None for t in p.slots))
        >>> card_supply(p)
        'the damage cards of the fire elementals and the banish cards of the others need 3 cards not fire; 1 is left'
    """
    needed, damage, banish = _slots_needed(p)
    have = len(p.hand) + len(p.deck)
    if needed > have:
        left = len(p.slots) - p.slots.count(None)
        return f"the {left} elementals left need {needed} more cards; the hand and the deck hold {have}"
    counts = _pool(p)[0]
    banish_total = sum(banish)
    for e in range(4):
        want = damage[e] + banish_total - banish[e]
        other = have - counts[e]
        if want > other:
            name = _ELEMENTS[e]
            return (
                f"the damage cards of the {name} elementals and the banish cards of the others need "
                f"{want} cards not {name}; {other} {'is' if other == 1 else 'are'} left"
            )
    return None


def banish_supply(p: Position, jokers_banish: bool = False) -> str | None:
    """Lost if some elemental can no longer be banished: too few cards of its element remain.

    Each elemental left takes exactly one banish card of its own element (a joker too, with the option
    ``joker-banishes=yes``); cards on elementals or discarded are gone for good.

    Examples:
        >>> p = position_of(E.position(targets="KS QH", deck="2C 3C 4D 5D 6H 7H"))
        >>> banish_supply(p)
        'no card is left to banish the 3 fire elementals: 0 fire cards remain'
    """
    banish = _slots_needed(p)[2]
    counts, jokers, _ = _pool(p)
    short = [banish[e] - counts[e] for e in range(4)]
    missing = sum(x for x in short if x > 0)
    if not missing or (jokers_banish and missing <= jokers):
        return None
    e = max(range(4), key=lambda k: short[k])
    name = _ELEMENTS[e]
    them = f"the {banish[e]} {name} elementals" if banish[e] > 1 else f"the {name} elemental"
    return (
        f"no card is left to banish {them}: {_count(counts[e], name + ' card')} remain{'s' if counts[e] == 1 else ''}"
    )


def damage_supply(p: Position, jokers_banish: bool = False) -> str | None:
    """Lost if the damage the elementals still need is more than the remaining cards can deal.

    An attack with one damage card needs a second card, not of the target's element, that completes the
    sum; if the pile and the strongest such card left fall short even both doubled (while Hand of
    Ragnaros can still be had), that elemental can never fall. Over all the elementals left, the damage
    cards still to play must add up to the power still needed; at most they add up to the strongest cards
    left (one doubled, with Ragnaros), once one card of each element is set aside for each banish card
    (the weakest ones, to be generous).

    Examples:
        >>> s = E.position(hand="9D", targets="QH JD", piles={"QH": "AS"}, defeated="KS", deck="2C 3D")
        >>> damage_supply(position_of(s))
        'QH has 1 damage and needs 11 more: no card left can deal it'
    """
    rag = _ragnaros_possible(p)
    _, jokers, powers = _pool(p)
    # A joker's strongest use is 10 (doubled in hand: 20).
    joker_best = max([10] * (jokers > 0) + [20 for c in p.hand if c in _JOKERS and c in p.doubled], default=0)
    strongest = [v[-1] if v else 0 for v in powers]
    banish = _slots_needed(p)[2]
    still = cards = 0
    doubled = p.doubled
    for i, t in enumerate(p.slots):
        if t is None:
            continue
        pile = p.piles[i]
        laid = len(pile)
        if laid >= E.DAMAGE_CARDS:
            continue
        if not laid:
            still += _POWER[t]
            cards += 2
            continue
        cards += 1
        have = pile_power(pile, doubled)
        need = _POWER[t] - have
        if need <= 0:
            continue
        e = _E_INDEX[t]
        best = max(joker_best, *(strongest[x] for x in range(4) if x != e))
        if (have + best) * (_FACTOR if rag else 1) < _POWER[t]:
            return f"{t} has {have} damage and needs {need} more: no card left can deal it"
        still += need
    if not cards:
        return None
    # The cards set aside as banish cards: for each element, its weakest cards, one per elemental left.
    usable = [joker_best] * jokers
    for e in range(4):
        usable.extend(powers[e] if jokers_banish else powers[e][banish[e] :])
    usable.sort(reverse=True)
    most = sum(usable[:cards])
    if rag and usable:
        most += usable[0] * (_FACTOR - 1)
    if most < still:
        return (
            f"the elementals left need {still} more damage from {_count(cards, 'card')}; "
            f"the cards left can deal at most {most}"
        )
    return None


def damage_bound(p: Position, jokers_banish: bool = False, joker_discard: int = 1) -> str | None:
    """Lost if the damage taken, with the least that the discards still to come must cost, reaches 33.

    The cards come in the deck's order. However they are placed, every elemental left can be finished
    only once the cards drawn so far could fill all its places (its damage cards take any card but its
    own element, its banish card one of its element), so the game lasts at least until the first point
    of the deck where they could. Every card drawn before the hand that wins is played or discarded;
    at most one place is filled per card, so the extra cards are discarded, and they cost at least the
    cheapest of those cards. Whispers of Neptulon may spare one discard, and Therazane's Touch may bring
    the bottom card to the top, so the count allows for both while they can still be had.

    Examples:
        >>> gone = "JH QH KH JD QD KD JS QS JC QC KC"
        >>> s = E.position(targets="KS", defeated=gone, piles={"KS": "8D 6C"}, discards="9D 9C 2S",
        ...                deck="8H 9H 7H 2H 3H 4H 5H 9S AH")
        >>> damage_bound(position_of(s))
        'damage 20, and at least 26 more: 4 cards must be discarded before the elementals left can fall'
    """
    if p.damage >= _LOSING:
        return f"damage {p.damage} is {_LOSING} or more"
    needed, damage, banish = _slots_needed(p)
    deck = p.deck
    if ("KD" in p.powers or "KD" in p.slots) and deck:
        deck = (deck[-1], *deck[:-1])
    sequence = (*p.hand, *deck)
    counts = [0, 0, 0, 0]
    jokers = total = 0
    banish_total = sum(banish)
    reached = None
    for k, c in enumerate(sequence):
        e = _E_INDEX.get(c)
        if e is None:
            jokers += 1
        else:
            counts[e] += 1
        total += 1
        if total < needed:
            continue
        short = sum(max(0, banish[x] - counts[x]) for x in range(4))
        if short and not (jokers_banish and short <= jokers):
            continue
        if any(damage[x] + banish_total - banish[x] > total - counts[x] for x in range(4)):
            continue
        reached = k + 1
        break
    if reached is None:
        return None  # the cards can never fill the places: card_supply and banish_supply say so
    spare = 1 if ("KH" in p.powers or "KH" in p.slots) else 0
    forced = reached - 4 - (needed - 1) - spare
    if forced <= 0:
        return None
    costs = sorted(joker_discard if c in _JOKERS else _POWER[c] for c in sequence[: reached - 4])
    extra = sum(costs[:forced])
    if p.damage + extra >= _LOSING:
        return (
            f"damage {p.damage}, and at least {extra} more: {_count(forced, 'card')} must be discarded "
            "before the elementals left can fall"
        )
    return None


def card_horizon(p: Position, above: tuple[frozenset[int], ...], jokers_banish: bool = False) -> str | None:
    """Lost if the elementals left need more cards than can be drawn before the game must be won (see
    `horizon`), or when one elemental waits for all the others, if those need more cards than can be drawn
    before its damage cards (see `before_last`).

    Examples:
        >>> gone = "JH KH JD QD KD QS JC QC KC"  # JS lies face down under KS and QH
        >>> p = position_of(E.position(targets="KS QH", defeated=gone, deck="2S 3C 4H 5D 6D 7D 8D 9C 10S AD"))
        >>> card_horizon(p, above_of(E.COVERED_BY[1])) is None
        True
        >>> p = position_of(E.position(targets="KS QH", defeated=gone, deck="2S 3S 4H 5D 6D 7D 8D 9C 10D AD"))
        >>> card_horizon(p, above_of(E.COVERED_BY[1]))
        'the elementals left need 9 more cards; at most 3 are drawn by the last card that can banish the last one'
    """
    needed = _slots_needed(p)[0]
    most = horizon(p, above, jokers_banish)
    if needed > most:
        return (
            f"the elementals left need {needed} more cards; at most {most} are drawn by the last card that can "
            "banish the last one"
        )
    first = before_last(p, above, jokers_banish)
    if first is not None and first[1] > first[0]:
        return (
            f"the elementals before the last one need {first[1]} more cards; at most {first[0]} are drawn "
            "before the last one's damage cards"
        )
    return None


#: The bounds the solver uses, by name.
BOUNDS: dict[str, Callable[..., str | None]] = {
    "damage": damage_bound,
    "cards": card_supply,
    "banish": banish_supply,
    "power": damage_supply,
}


# ---------------------------------------------------------------- the search


@dataclass
class Solution:
    """What the solver found: ``verdict`` is ``winnable``, ``not winnable`` or ``unknown`` (out of time).

    ``line`` is a winning sequence of actions for a winnable position. ``reason`` says why a position is
    not winnable when a bound proves it at the start, or that the whole search found no win.
    ``positions`` counts the positions searched.
    """

    verdict: str
    line: tuple[Any, ...] = ()
    reason: str = ""
    positions: int = 0
    seconds: float = 0.0
    bound: str | None = None
    turns_searched: int = 0
    stats: dict[str, int] = field(default_factory=dict)

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the search ran out of time."""
        return {"winnable": True, "not winnable": False}.get(self.verdict)


class _OutOfTime(Exception):
    pass


class _ProbeOver(Exception):
    """A probe of the search (see `_search_in_probes`) used its positions: the next one starts."""


class Solver:
    """The solver's search of one deal: the ways each turn can end (``moves``, ``ends``), the bounds, and
    the table of positions proved lost. ``solve`` drives it; the hint lists a turn's plans with it."""

    def __init__(
        self,
        state: ElementalsState,
        limit: float | None,
        max_positions: int | None,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        opts = state.options
        if opts["breath-draws"] != "top" or opts["empty-deck"] != "lose":
            raise InvalidInputError(
                "the solver knows the deck's order from the deal; with breath-draws=random or "
                "empty-deck=reshuffle part of that order is decided during the game: solve with "
                "breath-draws=top and empty-deck=lose"
            )
        self.jokers_banish = opts["joker-banishes"] == "yes"
        self.chosen_discard = opts["joker-discard"] == "chosen"
        self.ten = E.JOKER_DISCARD_POWER
        self.covers = E.COVERED_BY[state.layout]
        self.above = above_of(self.covers)
        #: The horizon of a position (see `horizon`), how far the spare cards and their damage are counted.
        self.reach: Callable[[Position], int] = lambda q: horizon(q, self.above, self.jokers_banish)
        self.deadline = None if limit is None else time.monotonic() + limit
        self.max_positions = max_positions
        self.positions = 0
        self.reported = 0
        self.progress = progress
        self.turns = 0
        # Positions proved lost, by shape (see shape_of): the damage, first-card powers and powers held of each.
        self.lost: dict[tuple, list[tuple[int, tuple[int, ...], frozenset[str]]]] = {}
        self.pruned = dict.fromkeys((*BOUNDS, "horizon"), 0)
        #: The order in which the ends of a turn are tried (`order_key`, best first).
        self.order: Callable[[Position], Any] = order_key
        #: Where the current probe stops (a count of positions), or None for no end of its own.
        self.probe_end: int | None = None
        #: Whether two plain plays on different elementals are taken in one order only (see `plain_play`).
        self.commute = True

    # -- moves -----------------------------------------------------------------------

    def moves(
        self,
        p: Position,
        spare: int | None = None,
        last: tuple[str, str] | None = None,
        held: frozenset[str] | None = None,
    ) -> list[tuple[tuple[Any, ...], Position]]:
        """The moves worth trying from ``p``, each with the engine actions it takes and where it leads.

        Moves that commute are taken in one order only, which loses no line of play: between turns only
        the draw and the powers that act on the deck (a play or a discard can wait until after the draw);
        in a turn, the plays, then once no more are wanted the rest of the hand discarded (a discard
        changes nothing a play needs), Whispers of Neptulon just before that, and Hand of Ragnaros just
        before the play it is for (a doubled card counts only when it is played or completes its pile).
        With ``spare`` given (the cards the elementals left will not need), the end of the turn is left
        out when it would discard more cards than that: the cards left would be too few. With ``last``
        given (the card and target of a plain play just made, see `plain_play`), a card before it in
        order is not laid as a plain damage card on another elemental: the two plays commute. With ``held``
        given (the powers on the deck held at the turn's first play), those are not offered (see `deck_moves`).
        """
        hand, piles, slots, revealed, _, powers, _, deck, in_turn = p
        out = self.deck_moves(p, held)
        if not in_turn:
            return out
        rag = "KS" in powers
        unrag = _drop(powers, "KS") if rag else powers
        order = _SORTED.get(revealed)
        if order is None:
            order = _SORTED[revealed] = tuple(sorted(revealed))
        targets = [(i, slots[i], piles[i]) for i in order if slots[i] is not None]
        narrow = targets
        if last is not None and not rag:
            narrow = [x for x in targets if x[1] == last[1] or len(x[2]) >= E.DAMAGE_CARDS]
        for c in dict.fromkeys(hand) if len(hand) > 1 else hand:
            plays = self.joker_plays if c in _JOKERS else self.card_plays
            out.extend(plays(p, c, _drop(hand, c), narrow if last is not None and c < last[0] else targets, rag, unrag))
        # The end of the turn: the rest of the hand discarded, one card first sent under the deck by Neptulon.
        if spare is None or len(hand) <= spare:
            out.append(self.discard_rest(p, hand, (), deck, powers))
        if "KH" in powers and (spare is None or len(hand) <= spare + 1):
            spent = _drop(powers, "KH")
            for c in dict.fromkeys(hand):
                out.append(self.discard_rest(p, _drop(hand, c), (UNLEASH["neptulon", c],), (*deck, c), spent))
        return out

    @staticmethod
    def deck_moves(p: Position, held: frozenset[str] | None = None) -> list[tuple[tuple[Any, ...], Position]]:
        """The moves on the deck: Therazane's Touch, Breath of Al'Akir, and between turns the draw.

        A power on the deck used after a play of the turn acts as it would just before that play (no play
        depends on the deck, and a card drawn earlier leaves every play open), so the powers in ``held``
        (those held at the turn's first play) are not offered.
        """
        hand, piles, slots, revealed, damage, powers, doubled, deck, in_turn = p
        out: list[tuple[tuple[Any, ...], Position]] = []
        offered = powers if not held else tuple(x for x in powers if x not in held)
        if "KD" in offered and len(deck) > 1:
            spent = _drop(powers, "KD")
            out.append(
                (
                    _THERAZANE,
                    Position(hand, piles, slots, revealed, damage, spent, doubled, (deck[-1], *deck[:-1]), in_turn),
                )
            )
        if "KC" in offered and deck:
            spent = _drop(powers, "KC")
            out.append(
                (_ALAKIR, Position((*hand, deck[0]), piles, slots, revealed, damage, spent, doubled, deck[1:], in_turn))
            )
        if not in_turn:
            drawn = deck[: E.HAND_SIZE]
            out.append(
                (
                    (E.DRAW,),
                    Position(hand + drawn, piles, slots, revealed, damage, powers, doubled, deck[len(drawn) :], True),
                )
            )
        return out

    def joker_plays(
        self, p: Position, c: str, rest: tuple[str, ...], targets: list, rag: bool, unrag: tuple[str, ...]
    ) -> list[tuple[tuple[Any, ...], Position]]:
        """The plays of joker ``c``: named 10 to start an attack, the least that completes one, a banish."""
        out: list[tuple[tuple[Any, ...], Position]] = []
        plays, still_in, doubled = PLAYS[c], bool(rest), p.doubled
        for factor, before, now_powers, now_doubled in self.doublings(c, rag, doubled, p.powers, unrag):
            for i, t, pile in targets:
                if not pile:
                    if not before:  # doubled later, just before the second card, if at all (see `lifts`)
                        laid = self.lay(p, rest, still_in, i, pile, c, 10, now_powers, now_doubled)
                        out.append(((plays[t][10],), laid))
                elif len(pile) < E.DAMAGE_CARDS:
                    for lift, lifted in self.lifts(pile, rag and not before, doubled, now_doubled):
                        n = max(1, -(-(_POWER[t] - pile_power(pile, lifted)) // factor))
                        if n <= 10:
                            spent = unrag if lift else now_powers
                            laid = self.lay(p, rest, still_in, i, pile, c, n, spent, lifted)
                            out.append((before + lift + (plays[t][n],), laid))
                elif self.jokers_banish and not before:
                    out.append(((plays[t][0],), self.banish(p, rest, still_in, i, t, pile, c)))
        return out

    def card_plays(
        self, p: Position, c: str, rest: tuple[str, ...], targets: list, rag: bool, unrag: tuple[str, ...]
    ) -> list[tuple[tuple[Any, ...], Position]]:
        """The plays of numbered card ``c``: a first or second damage card, or a banish card."""
        out: list[tuple[tuple[Any, ...], Position]] = []
        plays, still_in, doubled = PLAYS[c], bool(rest), p.doubled
        element, named = _ELEMENT[c], _POWER[c]
        for factor, before, now_powers, now_doubled in self.doublings(c, rag, doubled, p.powers, unrag):
            dealt = named * factor
            for i, t, pile in targets:
                if len(pile) >= E.DAMAGE_CARDS:
                    if element == _ELEMENT[t] and not before:
                        out.append(((plays[t],), self.banish(p, rest, still_in, i, t, pile, c)))
                    continue
                if element == _ELEMENT[t]:
                    continue
                if not pile:
                    if not before:  # doubled later, just before the second card, if at all (see `lifts`)
                        out.append(
                            ((plays[t],), self.lay(p, rest, still_in, i, pile, c, named, now_powers, now_doubled))
                        )
                    continue
                for lift, lifted in self.lifts(pile, rag and not before, doubled, now_doubled):
                    if pile_power(pile, lifted) + dealt >= _POWER[t]:
                        spent = unrag if lift else now_powers
                        out.append(
                            (before + lift + (plays[t],), self.lay(p, rest, still_in, i, pile, c, named, spent, lifted))
                        )
        return out

    @staticmethod
    def doublings(c: str, rag: bool, doubled: frozenset[str], powers: tuple[str, ...], unrag: tuple[str, ...]) -> list:
        """Card ``c`` played as it is, and (with Hand of Ragnaros) doubled just before: each as
        (factor, the actions before the play, the powers and the doubled cards after them)."""
        if c in doubled:
            return [(_FACTOR, (), powers, doubled)]
        out = [(1, (), powers, doubled)]
        if rag:
            out.append((_FACTOR, (UNLEASH["ragnaros", c],), unrag, doubled | {c}))
        return out

    @staticmethod
    def lifts(pile: tuple, rag: bool, doubled: frozenset[str], now_doubled: frozenset[str]) -> list:
        """A pile's first card as it is, and (with Hand of Ragnaros) doubled just before the second card."""
        out: list[tuple[tuple[Any, ...], frozenset[str]]] = [((), now_doubled)]
        first = pile[0][0]
        if rag and first not in doubled:
            out.append(((UNLEASH["ragnaros", first],), now_doubled | {first}))
        return out

    def discard_rest(
        self,
        p: Position,
        hand: tuple[str, ...],
        before: tuple[Any, ...],
        deck: tuple[str, ...],
        powers: tuple[str, ...],
    ) -> tuple[tuple[Any, ...], Position]:
        """The turn's end: every card left in ``hand`` discarded (a joker named 1, or 10 under
        ``joker-discard=ten``), after the ``before`` actions."""
        actions = list(before)
        damage = p.damage
        for c in hand:
            factor = _FACTOR if c in p.doubled else 1
            if c in _JOKERS:
                if self.chosen_discard:
                    actions.append(JOKER_DISCARDS[c][0])
                    damage += factor
                else:
                    actions.append(DISCARDS[c])
                    damage += self.ten * factor
            else:
                actions.append(DISCARDS[c])
                damage += _POWER[c] * factor
        doubled = p.doubled.difference(p.hand) if p.doubled else p.doubled
        return tuple(actions), Position((), p.piles, p.slots, p.revealed, damage, powers, doubled, deck, False)

    @staticmethod
    def lay(
        p: Position,
        rest: tuple[str, ...],
        in_turn: bool,
        i: int,
        pile: tuple,
        c: str,
        named: int,
        powers: tuple[str, ...],
        doubled: frozenset[str],
    ) -> Position:
        piles = list(p.piles)
        piles[i] = (*pile, (c, named))
        return Position(rest, tuple(piles), p.slots, p.revealed, p.damage, powers, doubled, p.deck, in_turn)

    def banish(
        self, p: Position, rest: tuple[str, ...], in_turn: bool, i: int, t: str, pile: tuple, c: str
    ) -> Position:
        piles = list(p.piles)
        piles[i] = ()
        slots = list(p.slots)
        slots[i] = None
        powers = (*p.powers, t) if t in _KINGS else p.powers
        revealed = p.revealed
        covers = self.covers
        newly = [
            j
            for j, x in enumerate(slots)
            if x is not None and j not in revealed and all(slots[k] is None for k in covers[j])
        ]
        if newly:
            revealed = revealed.union(newly)
        doubled = p.doubled
        if doubled:
            doubled = doubled.difference([x for x, _ in pile] + [c])
        return Position(rest, tuple(piles), tuple(slots), revealed, p.damage, powers, doubled, p.deck, in_turn)

    # -- turns -----------------------------------------------------------------------------

    def turn(self, p: Position) -> tuple[tuple[Any, ...] | None, list[tuple[tuple[Any, ...], Position, tuple]]]:
        """Every distinct way to play the next turn from ``p``: a winning line if one wins during the
        turn, else the positions where the turn can end (each with its shape, see `shape_of`), none worse
        than another of the same shape."""
        ends: dict[tuple, tuple[tuple[Any, ...], Position]] = {}
        seen: set[tuple[Position, tuple[str, str] | None]] = set()
        # Spare cards: those the elementals left will not need. Only a discard spends one, and the count
        # holds through the turn (a play spends a card and fills a place).
        # The cards that can be drawn before the game must be won (see `horizon`) may be fewer than all.
        spare = horizon(p, self.above, self.jokers_banish) - _slots_needed(p)[0]
        # Each entry carries the last play when it was a plain one (see plain_play): two plain plays on
        # different elementals commute, so they are taken with their cards in one order only.
        # And the powers on the deck held at the turn's first play: used later in the turn, they would act as
        # they do before that play (see `deck_moves`), so only powers gained since then are offered.
        stack: list[tuple[Position, tuple[Any, ...], bool, tuple[str, str] | None, frozenset[str] | None]] = [
            (p, (), p.in_turn, None, None)
        ]
        while stack:
            node, line, drawn, last, held = stack.pop()
            for actions, child in self.moves(node, spare, last, held):
                plain = plain_play(actions, node, child) if self.commute else None
                now_held = held
                if held is None and drawn and self.commute and actions[0] not in _ON_DECK:
                    now_held = _DECK_POWERS.intersection(node.powers)
                if plain is not None and last is not None and plain[1] != last[1] and plain[0] < last[0]:
                    continue  # the same two plays the other way round are searched
                self.positions += 1
                if not any(child.slots):
                    if child.damage < _LOSING:
                        return line + actions, []
                    continue
                if child.damage >= _LOSING:
                    continue
                now_drawn = drawn or actions[-1] is E.DRAW
                if now_drawn and not child.in_turn:  # the turn is over
                    discarded = len(node.hand) - len(child.hand) - (type(actions[0]) is Unleash)
                    if type(actions[-1]) is Discard and discarded > spare:
                        self.pruned["cards"] += 1
                        continue
                    key = canonical(child)
                    old = ends.get(key)
                    if old is None or child.damage < old[1].damage:
                        ends[key] = (line + actions, child)
                elif (child, plain, now_held) not in seen:
                    seen.add((child, plain, now_held))
                    stack.append((child, line + actions, now_drawn, plain, now_held))
        self.check_time()
        return None, undominated(list(ends.values()), self.reach)

    def check_time(self) -> None:
        if self.progress is not None:
            self.progress(self.positions - self.reported)
            self.reported = self.positions
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _OutOfTime
        if self.max_positions is not None and self.positions > self.max_positions:
            raise _OutOfTime
        if self.probe_end is not None and self.positions > self.probe_end:
            raise _ProbeOver

    def reason(self, name: str, p: Position) -> str:
        """What bound ``name`` says of ``p``."""
        if name == "cards":
            return card_supply(p) or ""
        if name == "horizon":
            return card_horizon(p, self.above, self.jokers_banish) or ""
        if name == "damage":
            return damage_bound(p, self.jokers_banish, 1 if self.chosen_discard else self.ten) or ""
        return BOUNDS[name](p, self.jokers_banish) or ""

    def bound(self, p: Position) -> str | None:
        """The name of the first bound that proves ``p`` lost, or None (the cheapest are tried first)."""
        if card_supply(p):
            return "cards"
        if banish_supply(p, self.jokers_banish):
            return "banish"
        if damage_supply(p, self.jokers_banish):
            return "power"
        if damage_bound(p, self.jokers_banish, 1 if self.chosen_discard else self.ten):
            return "damage"
        if card_horizon(p, self.above, self.jokers_banish):
            return "horizon"
        return None

    def ends(self, p: Position) -> tuple[Any, ...] | list[tuple[tuple[Any, ...], Position, tuple]]:
        """A winning line if the next turn can win, else the ways the turn can end that neither the table
        of lost positions nor a bound proves lost, best first, each with its shape (see `shape_of`)."""
        self.turns += 1
        win, ends = self.turn(p)
        if win is not None:
            return win
        scored = []
        for line, end, shape in ends:
            if self.known_lost(shape):
                continue
            name = self.bound(end)
            if name:
                self.pruned[name] += 1
                continue
            scored.append((self.order(end), line, end, shape))
        scored.sort(key=lambda item: item[0], reverse=True)
        return [(line, end, shape) for _, line, end, shape in scored]

    def known_lost(self, shape: tuple[tuple, tuple[int, tuple[int, ...], frozenset[str]]]) -> bool:
        """Whether the table proves a position of this shape and these facts lost (see `shape_of`)."""
        lost = self.lost.get(shape[0])
        return lost is not None and any(at_least(known, shape[1]) for known in lost)

    def search(self, p: Position, shape: tuple | None = None) -> tuple[Any, ...] | None:
        """A winning line from ``p`` (between turns), or None when there is none."""
        key, facts = shape or shape_of(p, self.reach(p))
        lost = self.lost.get(key)
        if lost is not None and any(at_least(known, facts) for known in lost):
            return None
        ends = self.ends(p)
        if isinstance(ends, tuple):
            return ends
        for line, end, end_shape in ends:
            found = self.search(end, end_shape)
            if found is not None:
                return line + found
        lost = self.lost.get(key)
        self.lost[key] = [known for known in lost or () if not at_least(facts, known)] + [facts]
        return None


# The revealed places in reading order, by set (a layout has few such sets).
_SORTED: dict[frozenset[int], tuple[int, ...]] = {}


def _score(p: Position) -> float:
    """The shared evaluation of a position (``rulebook.elementals.evaluation``), with the solver's
    hand-set weights: the order in which the ends of a turn are tried."""
    node = (p.slots, p.piles, p.revealed, p.damage, p.powers, p.doubled)
    return score(node, cards_facts(p.deck, p.hand, p.doubled), ORDER_WEIGHTS, ORDER_POWER_VALUE)


def _drop(items: tuple[str, ...], c: str) -> tuple[str, ...]:
    i = items.index(c)
    return items[:i] + items[i + 1 :]


def solve(
    state: ElementalsState,
    limit: float | None = 10.0,
    max_positions: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Solution:
    """Solve the game from ``state`` with the deck's order known: winnable (with a winning line), not
    winnable, or unknown when ``limit`` seconds (or ``max_positions`` positions) run out.

    The search starts between turns; a state in the middle of a turn is solved from there on.

    Examples:
        >>> lost = E.position(targets="KS QH", deck="2C 3C 4D 5D 6H 7H")
        >>> r = solve(lost)
        >>> r.verdict, r.bound, r.reason
        ('not winnable', 'cards', 'the 12 elementals left need 36 more cards; the hand and the deck hold 6')
    """
    start = time.monotonic()
    solver = Solver(state, limit, max_positions, progress)
    root = position_of(state)
    if state.peeking:
        raise InvalidInputError("choose whether Therazane's bottom card goes to the top ('top' or 'stay') first")
    if state.won():
        return Solution("winnable", (), "the game is already won", 0, 0.0)
    if state.lost():
        return Solution("not winnable", (), "the game is already lost", 0, 0.0)
    name = solver.bound(root)
    if name:
        why = solver.reason(name, root)
        return Solution("not winnable", (), why, 0, time.monotonic() - start, bound=name)
    try:
        line = _search_in_probes(solver, root)
    except _OutOfTime:
        return Solution(
            "unknown",
            (),
            "the search ran out of time",
            solver.positions,
            time.monotonic() - start,
            turns_searched=solver.turns,
            stats=dict(solver.pruned),
        )
    elapsed = time.monotonic() - start
    if line is None:
        return Solution(
            "not winnable",
            (),
            "no line of play wins: the whole search found none",
            solver.positions,
            elapsed,
            turns_searched=solver.turns,
            stats=dict(solver.pruned),
        )
    return Solution(
        "winnable",
        line,
        "a winning line",
        solver.positions,
        elapsed,
        turns_searched=solver.turns,
        stats=dict(solver.pruned),
    )


#: The positions of the first probe, and the unit of the later ones (see `luby`).
FIRST_PROBE = 50_000


def _by_score(p: Position) -> tuple:
    """Another order for the ends of a turn: the planner's score alone (spare cards and damage unweighed)."""
    return (_score(p),)


def _shuffled(seed: int) -> Callable[[Position], tuple]:
    """Another order: at random (from ``seed``, so that a search is repeated exactly)."""
    rng = random.Random(seed)
    return lambda p: (rng.random(),)


def _noisy(seed: int) -> Callable[[Position], tuple]:
    """Another order: the planner's score with some noise (from ``seed``), near the usual and yet apart."""
    rng = random.Random(seed)
    return lambda p: (_score(p) + rng.gauss(0, 40),)


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's sequence, the lengths of the probes in `FIRST_PROBE` units.

    Luby, Sinclair and Zuckerman (1993) showed it within a log factor of the best restart schedule when
    nothing is known of how long a probe must run; SAT solvers restart by it.

    Examples:
        >>> [luby(i) for i in range(1, 16)]
        [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = i.bit_length()
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = i.bit_length()
    return 1 << (k - 1)


def _search_in_probes(solver: Solver, root: Position) -> tuple[Any, ...] | None:
    """Search from ``root`` in probes that share the table of lost positions: the first in the usual order
    (`order_key`), then in turn by the planner's score alone, at random, by the score with noise, and the
    usual order again; the probes are `FIRST_PROBE` positions times Luby's sequence (`luby`) long.

    A depth-first search that goes wrong early can spend its whole budget under one losing turn; a probe
    in another order tries other turns first (restarts, as SAT and patience solvers use them). Nothing is
    lost between probes but the unfinished part of the last one: every position proved lost stays proved.
    """
    k = 0
    while True:
        solver.order = (order_key, _by_score, _shuffled(k), _noisy(k))[k % 4]
        solver.probe_end = solver.positions + FIRST_PROBE * luby(k + 1)
        try:
            return _search_from(solver, root)
        except _ProbeOver:
            k += 1


def _search_from(solver: Solver, root: Position) -> tuple[Any, ...] | None:
    if not root.in_turn:
        return solver.search(root)
    # In the middle of a turn: finish it first, then search from each way it can end.
    ends = solver.ends(root)
    if isinstance(ends, tuple):
        return ends
    for line, end, shape in ends:
        found = solver.search(end, shape)
        if found is not None:
            return line + found
    return None


def order_key(p: Position) -> tuple:
    """The order in which the ends of a turn are tried, best first: most spare cards left (fewest
    discards), then least damage, then the planner's score."""
    needed = sum(3 - len(p.piles[i]) for i, t in enumerate(p.slots) if t is not None)
    return (len(p.deck) + len(p.hand) - needed, -p.damage, _score(p))
