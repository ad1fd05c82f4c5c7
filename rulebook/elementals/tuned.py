"""The planner's turn search with another table of weights, and two terms more: a player's evaluation searched
directly for whole games won (``benchmarks/elementals_cem.py``, the cross-entropy method).

``Tuned`` is the fast path's turn search (``rulebook.elementals.fast.TurnPlanner``) scoring the end of a turn with
the weights and power values of a table (``{"weights": ..., "values": ..., "extra": ...}``) and, where the table
weighs them, the terms of ``EXTRA``, which a player can see: for each started attack, the share of the deck's
cards (its make-up, never its order) that would complete it, and for each ready elemental the share that would
banish it.

Examples:
    >>> from rulebook import elementals
    >>> from rulebook.elementals import evaluation, fast
    >>> today = {"weights": dict(evaluation.WEIGHTS), "values": dict(evaluation.POWER_VALUE)}
    >>> state = elementals.new_game(seed=141)
    >>> play_out(state, today) == fast.play_out(state)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rulebook import elementals as E
from rulebook.elementals import fast
from rulebook.elementals.bots import WORK
from rulebook.elementals.evaluation import POWER_VALUE, WEIGHTS
from rulebook.elementals.fast import CARD_ELEMENT, CARD_ID, CARD_POWER, TERMS, TurnPlanner

__all__ = ["EXTRA", "TABLE", "Tuned", "best_plan", "planner", "play_out"]

#: The terms a table may weigh beyond the evaluation's: the deck's share of cards completing each started attack
#: (summed over the attacks), and of cards banishing each ready elemental.
EXTRA = ("completers", "banishers")
Table = Mapping[str, Mapping[str, float]]
#: The table the hint's players use when asked for this one (``hint.ROLLOUT_PLAYER`` ``"tuned"``): today's planner's
#: until a searched table wins more (``benchmarks/results/elementals-hint-cem.txt``).
TABLE: Table = {"weights": dict(WEIGHTS), "values": dict(POWER_VALUE)}


class Tuned(TurnPlanner):
    """The turn search scoring with ``table`` (see the module's description); a subclass sets ``TABLE``."""

    TABLE: ClassVar[Table] = {"weights": {}, "values": {}}

    def __init__(self, slots: tuple[int, ...], deck: tuple[int, ...], layout: int) -> None:
        super().__init__(slots, deck, layout)
        table = self.TABLE
        weights = {**WEIGHTS, **table["weights"]}
        self.w = tuple(weights[k] for k in TERMS)
        self.values = {CARD_ID[k]: v for k, v in table["values"].items()}
        extra = table.get("extra", {})
        self.extra = tuple(extra.get(k, 0.0) for k in EXTRA)
        if any(self.extra):
            n = max(1, len(deck))
            # Per element of the target, per power still needed (1-20): the deck's share of cards completing it.
            self.complete = tuple(
                tuple(sum(1 for c in deck if CARD_ELEMENT[c] != e and CARD_POWER[c] >= need) / n
                      for need in range(21))
                for e in range(4)
            )
            self.banish_share = tuple(self.counts[e] / n for e in range(4))

    def evaluate(self, node: tuple) -> float:
        """The evaluation with this table, and the terms of ``EXTRA`` where it weighs them."""
        value = super().evaluate(node)
        if abs(value) >= 5e5 or not any(self.extra):
            return value
        piles, doubled = node[1], node[6]
        completers = banishers = 0.0
        for i, pile in enumerate(piles):
            if not pile:
                continue
            e = self.selem[i]
            if len(pile) >= 2:
                banishers += self.banish_share[e]
            else:
                c0, n0 = pile[0]
                need = self.spow[i] - (n0 * E.RAGNAROS_FACTOR if doubled >> c0 & 1 else n0)
                if need <= 20:
                    completers += self.complete[e][max(1, need)]
        a, b = self.extra
        return value + a * completers + b * banishers


def planner(table: Table) -> type[Tuned]:
    """The turn search scoring with ``table``, as a class for ``fast.play_out``."""
    return type("TunedPlanner", (Tuned,), {"TABLE": table})


def play_out(state: E.ElementalsState, table: Table | None = None) -> tuple[bool, int]:
    """Play ``state`` (``fast.supported``) to its end with the search scoring by ``table``: whether the game is
    won, and how many elementals are defeated (``TABLE`` by default)."""
    return fast.play_out(state, planner(TABLE if table is None else table))


def best_plan(state: E.ElementalsState, table: Table | None = None) -> tuple[Any, ...]:
    """The plan for the turn under way in ``state`` (``fast.supported``) of the search scoring by ``table``
    (``TABLE`` by default).

    Examples:
        >>> from rulebook import elementals
        >>> s = elementals.position(hand="5S 9D 2C", targets="KS QH", piles={"KS": "8D 6C"}, powers="KH")
        >>> best_plan(s, {"weights": {}, "values": {"KH": 30.0}})[0]
        Play(card='5S', target='KS', power=None)
    """
    slots, node = fast.compact(state)
    search = planner(TABLE if table is None else table)(slots, tuple(CARD_ID[c] for c in state.deck), state.layout)
    search.search(node)
    WORK[0] += len(search.memo)
    return tuple(fast.action_of(m) for m in search.plan(node))
