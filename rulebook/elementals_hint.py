"""Elementals hints that do not cheat: the best next move from what the player can see.

The player sees the layout as revealed, the hand, the cards on the elementals, the discards, the
Elemental Plane and the powers held, and knows which cards are still in the titan deck, but not their
order, nor which elemental lies under each face-down card. A hint may use exactly that.

It works by sampling: it deals many games that fit what the player sees (the unseen titan cards in a
random order, the unseen elementals shuffled among the face-down places), solves each one with the
deck's order known (``rulebook.elementals_solver``), and takes the plan for the turn under way that
wins the most of them. The samples are drawn from what is seen alone: the unseen cards are sorted
before they are shuffled, and the random generator is seeded from the visible position, so the same
view always gives the same hint, whatever the real order of the deck. When no sample can be won, the
hint is the planner's move (``rulebook.elementals_sim``), which reads the deck's make-up, not its order.

Examples:
    >>> from rulebook import elementals
    >>> state = elementals.new_game(seed=7).apply(elementals.Draw())
    >>> found = hint(state, samples=6, budget=3000)
    >>> found.action, found.samples
    (Play(card='5D', target='QH', power=None), 6)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rulebook import elementals as E
from rulebook.elementals import Draw, ElementalsState, Reorder, Unleash
from rulebook.elementals_sim import Planner, _useful
from rulebook.elementals_solver import solve
from rulebook.writing import content_key

__all__ = ["Hint", "HintPolicy", "hint", "view", "visible"]

#: Samples and positions per sample for a hint asked for at the command line.
SAMPLES, BUDGET = 24, 20_000


@dataclass
class Hint:
    """A hint: the move, the turn's plan it begins, and how the samples voted.

    ``samples`` deals fitting the view were solved; ``won`` of them could be won, and ``votes`` of
    those were won by ``plan``. With no sample won, ``plan`` is the planner's move alone.
    """

    action: Any
    plan: tuple[Any, ...] = ()
    samples: int = 0
    won: int = 0
    votes: int = 0
    source: str = "samples"
    alternatives: list[tuple[tuple[Any, ...], int]] = field(default_factory=list)


def visible(state: ElementalsState) -> tuple:
    """Everything the player can see of ``state``, as a value: two states that look the same to the
    player give the same value. The deck's order and the face-down elementals are not in it.

    Examples:
        >>> a = E.new_game(seed=3)
        >>> b = E.ElementalsState(**{**{f: getattr(a, f) for f in a.__dataclass_fields__}, "deck": a.deck[::-1]})
        >>> visible(a) == visible(b), a == b
        (True, False)
    """
    shown = tuple(s if (s is None or i in state.revealed) else "?" for i, s in enumerate(state.slots))
    return (
        state.layout,
        shown,
        state.piles,
        state.hand,
        state.discards,
        state.plane,
        state.powers,
        tuple(sorted(state.doubled)),
        state.in_turn,
        state.peeking,
        tuple(sorted(state.deck)),
        state.deck[-1] if state.peeking else None,
        tuple(sorted(state.options.items())),
    )


def view(state: ElementalsState, rng: random.Random) -> ElementalsState:
    """A game that fits what the player sees of ``state``: the unseen titan cards in a random order,
    the unseen elementals shuffled among the face-down places (a card seen at the bottom of the deck
    while Therazane's choice is pending stays there)."""
    deck = sorted(state.deck[:-1] if state.peeking else state.deck)
    rng.shuffle(deck)
    if state.peeking:
        deck.append(state.deck[-1])
    hidden = [i for i, s in enumerate(state.slots) if s is not None and i not in state.revealed]
    faces = sorted(state.slots[i] for i in hidden)
    rng.shuffle(faces)
    slots = list(state.slots)
    for i, face in zip(hidden, faces, strict=True):
        slots[i] = face
    return replace(state, deck=tuple(deck), slots=tuple(slots))


def _turn_of(state: ElementalsState, line: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple]:
    """The start of ``line`` up to the end of the turn under way, and where it leads as the player will
    see it, so that plans reaching the same end count as one.

    A plan stops early where the sample shows a card the player has not seen yet (Breath of Al'Akir's
    draw, Therazane's bottom card, an elemental turned face up): what comes after depends on the sample,
    so it is planned again once the real card is seen.
    """
    shown = state.revealed
    plan = []
    for action in line:
        plan.append(action)
        if isinstance(action, Unleash) and action.power in ("alakir", "therazane"):
            return tuple(plan), tuple(map(str, plan))
        state = state.apply(action)
        if not state.in_turn or state.is_terminal():
            break
        if not state.revealed <= shown:
            return tuple(plan), tuple(map(str, plan))
    slots = tuple(s if (s is None or i in shown) else "?" for i, s in enumerate(state.slots))
    end = (slots, state.piles, state.hand, state.damage, tuple(sorted(state.powers)), tuple(sorted(state.deck)))
    return tuple(plan), end


def hint(
    state: ElementalsState,
    samples: int = SAMPLES,
    budget: int = BUDGET,
    progress: Callable[[int], None] | None = None,
) -> Hint:
    """The best next move in ``state`` from what the player sees (see the module's description).

    ``samples`` games fitting the view are solved, each with at most ``budget`` positions searched.
    ``progress`` is called with 1 after each sample.
    """
    if state.is_terminal():
        raise E.IllegalActionError("the game is over", ["elementals.end.win", "elementals.end.loss"])
    if state.peeking:
        # Therazane's choice: bring the bottom card up if it completes or banishes an attack now.
        return Hint(Reorder(_useful(state, state.deck[-1])), source="planner")
    rng = random.Random(content_key(repr(visible(state))))
    opts = state.options
    if opts["breath-draws"] != "top" or opts["empty-deck"] != "lose":
        # The solver does not read these options' games; the planner's move stands in.
        action = Planner()(state, rng)
        return Hint(action, (action,), 0, 0, 0, "planner")
    tally: Counter[tuple] = Counter()
    plans: dict[tuple, tuple[Any, ...]] = {}
    won = 0
    for _ in range(samples):
        sample = view(state, rng)
        result = solve(sample, limit=None, max_positions=budget)
        if progress is not None:
            progress(1)
        if not result.winnable or not result.line:
            continue
        won += 1
        plan, key = _turn_of(sample, result.line) if sample.in_turn else (result.line[:1], (str(result.line[0]),))
        tally[key] += 1
        plans.setdefault(key, plan)
    if not tally:
        action = Planner()(state, rng)
        return Hint(action, (action,), samples, 0, 0, "planner")
    # The plan most samples won with; among equals, the one found first.
    ranked = sorted(tally.items(), key=lambda kv: -kv[1])
    best, votes = ranked[0]
    plan = plans[best]
    alternatives = [(plans[k], n) for k, n in ranked[1:4]]
    return Hint(plan[0], plan, samples, won, votes, "samples", alternatives)


class HintPolicy:
    """The hint as a policy for ``simulate``: at the start of each turn it asks for a hint and follows
    the plan it begins to the end of the turn (asking again if the game leaves the plan)."""

    def __init__(self, samples: int = 8, budget: int = 4_000) -> None:
        self.samples, self.budget = samples, budget
        self._plan: list[Any] = []
        self._expect: ElementalsState | None = None

    def __call__(self, state: ElementalsState, rng: random.Random) -> Any:
        if self._plan and state == self._expect:
            action = self._plan.pop(0)
        else:
            found = hint(state, self.samples, self.budget)
            self._plan = list(found.plan[1:]) if found.source == "samples" else []
            action = found.action
        self._expect = state.apply(action)
        return action


_ = Draw  # the other action a hint may give
