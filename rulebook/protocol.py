"""The protocol every playable game's state honours.

A state is an immutable value. ``apply`` returns a new state and never changes the old one, so a
state can be kept, compared, hashed and searched. Illegal actions are refused with an
[`IllegalActionError`][rulebook.errors.IllegalActionError] that names the rules forbidding them. ``explain`` does
what ``apply`` does and also returns the [`Ruling`][rulebook.ruling.Ruling] that says why.

One generic test (``tests/test_protocol.py``) plays every registered engine through this protocol.

Examples:
    >>> from rulebook import clash
    >>> from rulebook.protocol import GameState, random_playout
    >>> isinstance(clash.new_game(), GameState)
    True
    >>> import random
    >>> final = random_playout(clash.new_game(), random.Random(7))
    >>> final.is_terminal()
    True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Protocol, Self, runtime_checkable

from rulebook.ruling import Ruling

__all__ = ["GameState", "random_playout", "two_sided_returns"]


@runtime_checkable
class GameState(Protocol):
    """What a state of a playable game offers (players are numbered from 0)."""

    @property
    def current_player(self) -> int | None:
        """The player who decides next, or ``None`` when the game is over."""
        ...

    def legal_actions(self) -> Sequence[Hashable]:
        """Every action the current player may take, in a fixed order (empty when the game is over)."""
        ...

    def apply(self, action: Hashable) -> Self:
        """The state after ``action``; raises [`IllegalActionError`][rulebook.errors.IllegalActionError] if it is
        illegal."""
        ...

    def explain(self, action: Hashable) -> tuple[Self, Ruling]:
        """Like [`apply`][rulebook.protocol.GameState.apply], and also the ruling with the trace of what happened and
        why."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def winner(self) -> int | None:
        """The winning player, or ``None`` if the game is not over or is drawn."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each player's result: +1 for a win, -1 for a loss, 0 for a draw or an unfinished game."""
        ...


def random_playout(state: GameState, rng: random.Random, max_moves: int = 10_000) -> GameState:
    """Play uniformly random legal actions from ``state`` until the game ends; return the final state."""
    for _ in range(max_moves):
        if state.is_terminal():
            return state
        state = state.apply(rng.choice(list(state.legal_actions())))
    raise RuntimeError(f"game did not end within {max_moves} moves")


def two_sided_returns(winner: int | None) -> tuple[float, float]:
    """The returns of a game with two sides, from its winner: +1 and -1, or 0 each for none.

    Examples:
        >>> two_sided_returns(1), two_sided_returns(None)
        ((-1.0, 1.0), (0.0, 0.0))
    """
    if winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
