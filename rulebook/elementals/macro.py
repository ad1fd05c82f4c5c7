"""Plans over several turns: a player that commits to the next elemental to defeat and keeps it until it falls.

The planner (``rulebook.elementals.bots``, played fast by ``rulebook.elementals.fast``) chooses each turn's
plays alone, scored by the shared evaluation at the turn's end. The committed player here adds a macro-plan
to that: a *target*, one face-up elemental chosen when the last target fell (or none was chosen), kept over
the turns until it is defeated, and each turn's ends scored by the evaluation plus the progress made on the
target (``pile`` per damage card lying on it, ``defeat`` once it falls). Which elemental becomes the target
is the ``choose`` rule's:

- ``advanced``: the one with the most damage already on it (ready before started), then the least still
  needed, then the most face-down cards its defeat would turn up, then a king;
- ``reveal``: the one whose defeat turns up the most face-down cards, then the most advanced;
- ``king``: a king first (its power), then the most advanced.

Nothing hidden is read beyond what the planner itself reads in a game whose cards it sees (the rollouts'
made-up games); the choice of target reads only the face-up board.

Examples:
    >>> from rulebook import elementals
    >>> play_out(elementals.new_game(seed=141), Commitment(pile=0.0, defeat=0.0)) == fast.play_out(
    ...     elementals.new_game(seed=141))
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from rulebook import elementals as E
from rulebook.elementals import fast
from rulebook.elementals.bots import WORK
from rulebook.elementals.fast import TurnPlanner
from rulebook.elementals.hint import view
from rulebook.writing import content_key

__all__ = ["CHOICES", "Commitment", "CommittedTurn", "choose_target", "play_out"]

#: The rules a target may be chosen by (see the module's description).
CHOICES = ("advanced", "reveal", "king")


@dataclass(frozen=True)
class Commitment:
    """How the committed player weighs its target: ``pile`` per damage card lying on it at a turn's end,
    ``defeat`` once it is defeated, and the rule it chooses the next target by (one of ``CHOICES``)."""

    pile: float = 20.0
    defeat: float = 40.0
    choose: str = "advanced"


class CommittedTurn(TurnPlanner):
    """The planner's search of one turn (``fast.TurnPlanner``), each end scored with the progress on the
    target slot ``target`` (``-1``: none) added."""

    def __init__(self, slots: tuple[int, ...], deck: tuple[int, ...], layout: int, target: int,
                 commitment: Commitment) -> None:
        super().__init__(slots, deck, layout)
        self.target = target
        self.commitment = commitment

    def evaluate(self, node: tuple) -> float:
        value = super().evaluate(node)
        target = self.target
        if target < 0 or abs(value) >= 5e5:
            return value
        if not node[2] >> target & 1:
            return value + self.commitment.defeat
        return value + self.commitment.pile * len(node[1][target])


def _opens(slot: int, alive: int, revealed: int, uncover: tuple) -> int:
    """How many face-down cards the defeat of ``slot`` would turn up."""
    after = alive & ~(1 << slot)
    return sum(1 for bit, cover in uncover[slot] if after & bit and not revealed & bit and not after & cover)


def choose_target(slots: tuple[int, ...], piles: tuple, alive: int, revealed: int, doubled: int, layout: int,
                  rule: str = "advanced") -> int:
    """The slot of the next target by ``rule`` (one of ``CHOICES``), among the face-up elementals left; -1 when
    none is face up.

    Examples:
        >>> from rulebook import elementals
        >>> slots, node = fast.compact(elementals.new_game(seed=7))
        >>> choose_target(slots, node[1], node[2], node[3], node[6], 1)
        10
    """
    if rule == "none":
        return -1
    uncover = fast.uncovering(layout)
    best, key = -1, None
    for i, t in enumerate(slots):
        if not (alive >> i & 1 and revealed >> i & 1):
            continue
        pile = piles[i]
        power = fast.CARD_POWER[t]
        if len(pile) == 2:
            advance, need = 2, 0
        elif pile:
            c0, n0 = pile[0]
            advance, need = 1, power - (n0 * E.RAGNAROS_FACTOR if doubled >> c0 & 1 else n0)
        else:
            advance, need = 0, power
        opens = _opens(i, alive, revealed, uncover)
        king = 1 if fast.LORD[t] else 0
        if rule == "reveal":
            k = (opens, advance, -need, king)
        elif rule == "king":
            k = (king, advance, -need, opens)
        else:
            k = (advance, -need, opens, king)
        if key is None or k > key:
            best, key = i, k
    return best


def play_out(state: E.ElementalsState, commitment: Commitment, target: int = -1) -> tuple[bool, int]:
    """Play ``state`` to its end with the committed player: whether the game is won, and how many elementals
    are defeated (as ``fast.play_out``, which it equals when both weights are 0). ``state`` must be
    ``fast.supported``; the searches are counted in ``bots.WORK``."""

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        nonlocal target
        _, piles, alive, revealed, _, _, doubled, _ = root
        if target < 0 or not alive >> target & 1:
            target = choose_target(slots, piles, alive, revealed, doubled, layout, commitment.choose)
        search = CommittedTurn(slots, rest, layout, target, commitment)
        search.search(root)
        WORK[0] += len(search.memo)
        return fast.plan_end(search, root)

    return fast.play_out(state, turn=turn)


class CommittedPlayer:
    """A player with a macro-plan chosen by rollouts: when it has no target (at the start, or when its target
    fell), each face-up elemental as the target, and none, is played out in ``samples`` games that fit what
    the player sees (the same games for each), kept until that target falls and then by the planner; a target
    replaces none only where it scores better game by game by more than ``margin`` standard errors (a game
    scores the elementals defeated and 10 more for a win). Each turn is then the committed search's
    (``CommittedTurn``) with ``commitment``'s weights."""

    def __init__(self, commitment: Commitment, samples: int = 16, margin: float = 1.0) -> None:
        self.commitment = replace(commitment, choose="none")
        self.samples, self.margin = samples, margin
        self.target = -1
        self._plan: list[Any] = []
        self._expect: E.ElementalsState | None = None

    def choose(self, state: E.ElementalsState) -> int:
        slots, node = fast.compact(state)
        alive, revealed = node[2], node[3]
        options = [i for i in range(len(slots)) if alive >> i & 1 and revealed >> i & 1]
        if len(options) < 1:
            return -1
        rng = random.Random(content_key(repr(state.seen())))
        games = [view(state, rng) for _ in range(self.samples)]
        base = [_score(play_out(g, self.commitment, -1)) for g in games]
        best, best_mean = -1, sum(base) / len(base)
        for i in options:
            got = [_score(play_out(g, self.commitment, i)) for g in games]
            diffs = [a - b for a, b in zip(got, base, strict=True)]
            mean = sum(diffs) / len(diffs)
            sd = (sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)) ** 0.5
            if mean > self.margin * sd / len(diffs) ** 0.5 and sum(got) / len(got) > best_mean:
                best, best_mean = i, sum(got) / len(got)
        return best

    def __call__(self, state: E.ElementalsState, rng: random.Random) -> Any:
        if state.peeking:
            return E.Reorder(fast.useful(*_board(state), fast.CARD_ID[state.deck[-1]]))
        if not state.in_turn:
            self._plan = []
            if "KD" in state.powers and state.deck and not state.hand:
                return E.Unleash("therazane")
            return E.Draw()
        if self._plan and state == self._expect:
            action = self._plan.pop(0)
            self._expect = state.apply(action)
            return action
        if self.target < 0 or state.slots[self.target] is None:
            self.target = self.choose(state)
        slots, root = fast.compact(state)
        search = CommittedTurn(slots, tuple(fast.CARD_ID[c] for c in state.deck), state.layout, self.target,
                               self.commitment)
        search.search(root)
        WORK[0] += len(search.memo)
        self._plan = [fast.action_of(m) for m in search.plan(root)]
        action = self._plan.pop(0)
        self._expect = state.apply(action)
        return action


def _board(state: E.ElementalsState) -> tuple:
    """The compact slots, piles, elementals left, face-up ones and doubled cards of ``state``."""
    slots, node = fast.compact(state)
    return slots, node[1], node[2], node[3], node[6]


def _score(outcome: tuple[bool, int]) -> int:
    won, defeated = outcome
    return defeated + 10 * won
