"""A player taught by the solver, on the fast path: the planner's few best ends of each turn, re-ranked by a score
fitted to what the solver says keeps a deal winnable.

The planner (``rulebook.elementals.fast``) scores every end of a turn with the shared evaluation and plays the
best. This player takes the planner's ``TOP`` best ends of the turn and plays the one a second score ranks first:
the evaluation's terms with the weights of ``TABLE`` and four terms more (``EXTRA``). The table was fitted by
``benchmarks/elementals_teach.py`` on recording deals (seeds 50,001 on): at turns where the solver, with every card
known, found some of the planner's best ends winnable and others not, a pairwise logistic model of the terms
(what the player sees: the board and the deck's make-up, never its order) choosing a winnable end
(``benchmarks/results/elementals-hint-plans.txt``).

Examples:
    >>> from rulebook import elementals
    >>> play_out(elementals.new_game(seed=141))
    (True, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook import elementals as E
from rulebook.elementals import fast
from rulebook.elementals.bots import WORK, TurnSearch, turn_ends
from rulebook.elementals.evaluation import WEIGHTS
from rulebook.elementals.fast import CARD_ID, CARD_POWER, TurnPlanner

__all__ = ["EXTRA", "TABLE", "TOP", "Scorer", "play_out"]

#: How many of the planner's best ends of a turn are re-ranked.
TOP = 3
#: The fitted weights (``benchmarks/results/elementals-hint-taught.json``: the score's terms, the powers, and the
#: terms of ``EXTRA``).
TABLE: Mapping[str, Mapping[str, float]] = {
    "weights": {"defeated": 77.1656, "damage": 1.1071, "danger": 8.7752, "short": 30.079, "spare": 0.7319,
                "economy": 1.463, "ready": 44.5624, "started": 26.4142, "need": 2.8712, "stuck": 220.2297,
                "revealed": 11.8487, "deficit": 116.7203},
    "values": {"KH": 34.5278, "KS": 48.9499, "KD": 19.1878, "KC": 19.5117},
    "extra": {"forced": 2.4799, "tight": 15.9788, "completers": 8.6792, "banishers": 12.9828},
}
#: The terms the evaluation does not have: the damage the next draw is expected to force away (as
#: ``evaluation.forced_damage``), the elements with no spare card, and the unseen cards that would complete a
#: started attack or banish a ready elemental (each a share of the unseen cards, summed over the elementals).
EXTRA = ("forced", "tight", "completers", "banishers")
_ORDER = ("defeated", "damage", "danger", "danger_from", "short", "spare", "economy", "ready", "started", "need",
          "stuck", "revealed", "deficit")


class Scorer(TurnPlanner):
    """The second score of a turn's end: the evaluation with ``TABLE``'s weights, and its ``EXTRA`` terms."""

    def __init__(self, slots: tuple[int, ...], deck: tuple[int, ...], layout: int,
                 table: Mapping[str, Mapping[str, float]] = TABLE) -> None:
        super().__init__(slots, deck, layout)
        weights = {**WEIGHTS, **table["weights"]}
        self.w = tuple(weights[k] for k in _ORDER)
        self.values = {CARD_ID[k]: v for k, v in table["values"].items()}
        self.extra = tuple(table["extra"].get(k, 0.0) for k in EXTRA)

    def rank(self, node: tuple) -> float:
        """The second score of the end ``node`` (a won or lost end keeps the planner's score)."""
        value = self.evaluate(node)
        if abs(value) >= 5e5:
            return value
        forced, tight, completers, banishers = self.extras(node)
        a, b, c, d = self.extra
        return value - a * forced - b * tight + c * completers + d * banishers

    def extras(self, node: tuple) -> tuple[float, int, float, float]:
        """The terms of ``EXTRA`` at the end ``node`` (unsigned: the damage, the elements, the two shares)."""
        _, piles, alive, revealed, _, _, doubled, under = node
        unseen = (*self.deck, *under)
        n = len(unseen)
        counts = [0, 0, 0, 0]
        for c in unseen:
            e = _ELEMENT[c]
            if e >= 0:
                counts[e] += 1
        wanted = [(alive & m).bit_count() for m in self.emask]
        tight = sum(1 for e in range(4) if wanted[e] and counts[e] <= wanted[e])
        ready = [False, False, False, False]
        least = [99, 99, 99, 99]
        completers = banishers = 0.0
        share = 1 / max(1, n)
        for i in range(len(self.slots)):
            if not (alive >> i & 1 and revealed >> i & 1):
                continue
            e = self.selem[i]
            pile = piles[i]
            if len(pile) >= 2:
                ready[e] = True
                banishers += counts[e] * share
                continue
            if pile:
                c0, n0 = pile[0]
                need = self.spow[i] - (n0 * E.RAGNAROS_FACTOR if doubled >> c0 & 1 else n0)
                completers += sum(1 for c in unseen if _ELEMENT[c] != e and CARD_POWER[c] >= need) * share
            else:
                need = self.spow[i] - 10
            need = max(need, 1)
            for f in range(4):
                if f != e and need < least[f]:
                    least[f] = need
        lost = 0
        for c in unseen:
            e = _ELEMENT[c]
            if e >= 0 and not ready[e] and CARD_POWER[c] < least[e]:
                lost += CARD_POWER[c]
        forced = lost * min(3, n) / n if n else 0.0
        return forced, tight, completers, banishers


_ELEMENT = fast.CARD_ELEMENT


def best_end(search: TurnPlanner, root: tuple, scorer: Scorer, top: int = TOP) -> tuple:
    """The end of the turn this player plays from ``root`` (after ``search.search(root)``): of the planner's
    ``top`` best ends (its score, the first found among equals), the one ``scorer`` ranks first."""
    ends = [(entry[0], node) for node, entry in search.memo.items() if entry[1] is None]
    ends.sort(key=lambda end: -end[0])
    best, key = None, None
    for _, node in ends[:top]:
        k = scorer.rank(node)
        if key is None or k > key:
            best, key = node, k
    return best if best is not None else root


def best_plan(state: E.ElementalsState, top: int = TOP) -> tuple[Any, ...]:
    """This player's plan for the turn under way in ``state`` (``state`` must be ``fast.supported``): of the
    planner's ``top`` best ends of the turn, found by the planner's search on the engine's state
    (``bots.turn_ends``: a plan for each), the one ``Scorer`` ranks first.

    Examples:
        >>> from rulebook import elementals
        >>> s = elementals.position(hand="5S 9D 2C", targets="KS QH", piles={"KS": "8D 6C"}, powers="KH")
        >>> best_plan(s)[0]
        Play(card='5S', target='KS', power=None)
    """
    ends = sorted(turn_ends(TurnSearch(state)).values(), key=lambda end: -end[0])[:top]
    best, key = (), None
    for value, plan in ends:
        end = state
        for action in plan:
            end = end.apply(action)
        if abs(value) >= 5e5:
            k = value
        else:
            slots, node = fast.compact(end)
            k = Scorer(slots, tuple(CARD_ID[c] for c in end.deck), end.layout).rank(node)
        if key is None or k > key:
            best, key = plan, k
    return tuple(best)


def play_out(state: E.ElementalsState, top: int = TOP) -> tuple[bool, int]:
    """Play ``state`` to its end with this player: whether the game is won, and how many elementals are defeated
    (``state`` must be ``fast.supported``; the searches are counted in ``bots.WORK``)."""

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        search = TurnPlanner(slots, rest, layout)
        search.search(root)
        WORK[0] += len(search.memo)
        return best_end(search, root, Scorer(slots, rest, layout), top)

    return fast.play_out(state, turn=turn)
