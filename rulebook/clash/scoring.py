"""Elemental Clash: scoring a finished game, the bound on the turns left, and a position described as a ruling.

Everything public here is re-exported by [`rulebook.clash`][rulebook.clash], the way to import it.
"""

from __future__ import annotations

from typing import Any

from rulebook.clash.engine import (
    ABILITY,
    ELEMENTS,
    PLAYERS,
    SCORING,
    ClashState,
    title,
)
from rulebook.ruling import Ruling, Trace
from rulebook.wording import plural

__all__ = ["describe", "score", "score_steps", "turns_left_at_most"]


def score(state: ClashState) -> tuple[int, int]:
    """Points for a finished game: the winner gets 3 plus 1 per element still in play; a draw scores nothing.

    Examples:
        >>> from rulebook.clash import Side
        >>> end = ClashState(sides=(Side(frozenset({"earth", "fire", "ether"})), Side(frozenset())), to_move=1)
        >>> score(end)
        (6, 0)
    """
    w = state.winner()
    if w is None:
        return (0, 0)
    points = SCORING["victory"] + SCORING["per_surviving_element"] * len(state.sides[w].in_play)
    return (points, 0) if w == 0 else (0, points)


def score_steps(state: ClashState, trace: Trace) -> None:
    """Add the steps that score a finished game to ``trace``: the winner's points and the rules behind them."""
    w = state.winner()
    if w is None:
        trace.add("A drawn game scores no points", "clash.interp.draw-scoring")
        return
    survivors = len(state.sides[w].in_play)
    trace.add(f"{PLAYERS[w]} scores {SCORING['victory']} points for winning", "clash.score.victory")
    trace.add(
        f"{PLAYERS[w]} scores {survivors * SCORING['per_surviving_element']} more for {survivors} surviving "
        f"element{'s' if survivors != 1 else ''}: {score(state)[w]} in all",
        "clash.score.survivors",
    )


def turns_left_at_most(state: ClashState) -> int:
    """An upper bound on the turns left in the game: why every game ends (``clash.interp.game-ends``).

    Each turn eliminates an element, except a Revive (at most one per player, and it brings back one
    more element to eliminate) and an attack that Fortify stops (at most once per Earth, and once more
    per player if Revive can restore the ability).

    Examples:
        >>> from rulebook.clash import new_game
        >>> turns_left_at_most(new_game())
        16
    """
    if state.is_terminal():
        return 0
    bound = 0
    restore = state.options.flag("revive-restores-ability")
    for side in state.sides:
        can_revive = side.has("ether") and side.can_use("ether")
        bound += len(side.in_play) + 2 * can_revive
        bound += side.has("earth") and side.can_use("earth")
        bound += can_revive and restore
    return bound


def describe(state: ClashState) -> Ruling:
    """The position as a ruling: both sides, whose move it is, the legal moves, and what must happen next.

    Examples:
        >>> from rulebook.clash import new_game
        >>> print(describe(new_game()).verdict)
        P1 to move (turn 1), 35 legal moves
    """
    trace = Trace()
    for i, side in enumerate(state.sides):
        trace.add(f"{PLAYERS[i]}: {side.describe()}", "clash.setup.elements")
    spent = [
        f"{PLAYERS[i]}'s {title(ABILITY[e])}" for i, side in enumerate(state.sides) for e in ELEMENTS if e in side.spent
    ]
    trace.add(
        "Spent abilities, known to both players: " + (", ".join(spent) if spent else "none"),
        "clash.setup.public-information",
    )
    value: dict[str, Any] = {"position": state.to_dict(), "options": dict(state.options)}
    if state.is_terminal():
        w = state.winner()
        if w is not None and state.sides[w].in_play:
            trace.add(f"{PLAYERS[1 - w]} has no elements left: {PLAYERS[w]} wins", "clash.end.winner")
        else:
            trace.add("Both players lost their last element in one tie", "clash.interp.last-elements-tie")
        score_steps(state, trace)
        value.update(legal_moves=[], turns_left_at_most=0, score=dict(zip(PLAYERS, score(state), strict=True)))
        verdict = "game over: " + ("draw" if w is None else f"{PLAYERS[w]} wins, {plural(max(score(state)), 'point')}")
        return trace.ruling(verdict, value)
    mover = state.current_player
    assert mover is not None
    moves = [str(a) for a in state.legal_actions()]
    if state.pending is None:
        trace.add(
            f"P1 moved first and turns alternate: turn {state.turn} is {PLAYERS[mover]}'s", "clash.setup.first-player"
        )
        trace.add(f"{PLAYERS[mover]} has {plural(len(moves), 'legal move')} and may not pass", "clash.turn.no-passing")
        verdict = f"{PLAYERS[mover]} to move (turn {state.turn}), {plural(len(moves), 'legal move')}"
    else:
        trace.add(f"{PLAYERS[mover]} answers the declared attack {state.pending}", "clash.ability.declare-order")
        verdict = f"{PLAYERS[mover]} to answer {state.pending}, {plural(len(moves), 'legal answer')}"
    trace.add(f"{PLAYERS[1 - mover]} moves after {PLAYERS[mover]}", "clash.turn.alternate")
    bound = turns_left_at_most(state)
    trace.add(f"The game ends within {bound} more turns", "clash.interp.game-ends")
    value.update(legal_moves=moves, turns_left_at_most=bound)
    return trace.ruling(verdict, value)
