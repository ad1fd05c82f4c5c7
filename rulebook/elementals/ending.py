"""How a finished game of Elementals ended, and why a power cannot be used, in words: for refusing an action.

Apart from the engine so that the engine module stays small; it reads only the state's own methods.
"""

from __future__ import annotations

from typing import Protocol

from rulebook.elementals.cards import LORDS, LOSING_DAMAGE

__all__ = ["game_over", "power_missing"]


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
        if getattr(state, "options", {}).get("empty-deck") == "reshuffle":
            said = (
                "the titan deck is empty, and the Elemental Plane holds no attack card to shuffle into a new one: "
                "no turn can begin, so the player has lost"
            )
        return f"the game is over: {said}", ["elementals.end.loss", "elementals.interp.empty-deck"]
    return "the game is not over", []


def power_missing(king: str, powers: tuple[str, ...], plane: tuple[str, ...]) -> tuple[str, list[str]]:
    """Why the power of ``king`` cannot be unleashed, and the rules that say so: not yet won, or already used
    (a used power's king lies on the Elemental Plane).

    Examples:
        >>> power_missing("KD", ("KC", "KH"), ("KD",))[0]
        "Therazane's Touch has been used already: KD went to the Elemental Plane; powers held: KC, KH"
        >>> power_missing("KS", (), ())[0]
        'Hand of Ragnaros needs KS (Ragnaros) defeated and kept as a power; powers held: none'
    """
    lord = LORDS[king]
    held = ", ".join(powers) or "none"
    if king in plane:
        said = f"{lord['title']} has been used already: {king} went to the Elemental Plane; powers held: {held}"
        return said, ["elementals.power.spent", lord["rule"]]
    said = f"{lord['title']} needs {king} ({lord['name']}) defeated and kept as a power; powers held: {held}"
    return said, ["elementals.defeat.lord-power", lord["rule"]]
