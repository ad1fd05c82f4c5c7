"""How a finished game of Elementals ended, in words: for refusing an action once the game is over.

Apart from the engine so that the engine module stays small; it reads only the state's own methods.
"""

from __future__ import annotations

from typing import Protocol

from rulebook.elementals.cards import LOSING_DAMAGE

__all__ = ["game_over"]


class Ending(Protocol):
    """What a game's ending is read from: an ``ElementalsState``'s own answers."""

    @property
    def damage(self) -> int: ...

    def won(self) -> bool: ...

    def is_terminal(self) -> bool: ...


def game_over(state: Ending) -> tuple[str, list[str]]:
    """How ``state``'s game ended, in words, and the rules that ended it: a win, a loss at 33 damage, or a loss
    because no turn can begin with the titan deck empty.

    Examples:
        >>> from rulebook.elementals import new_game
        >>> game_over(new_game(seed=7))
        ('the game is not over', [])
    """
    if state.won():
        said = f"every elemental is defeated, the player has won with {state.damage} damage"
        return f"the game is over: {said}", ["elementals.end.win"]
    if state.damage >= LOSING_DAMAGE:
        return f"the game is over: the player has lost, with {state.damage} damage", ["elementals.end.loss"]
    if state.is_terminal():  # over because no turn can begin (issue 22)
        said = "the titan deck is empty and no turn can begin, so the player has lost"
        return f"the game is over: {said}", ["elementals.end.loss", "elementals.interp.empty-deck"]
    return "the game is not over", []
