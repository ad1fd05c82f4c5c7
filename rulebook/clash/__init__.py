"""Elemental Clash: the complete two-player game as an engine.

Each player has Fire 3, Water 4, Earth 5, Air 2 and Ether 1, each with a once-per-game ability. The
state is immutable and honours [`rulebook.protocol.GameState`][rulebook.protocol.GameState]. A turn is one or two
decisions: the player to move chooses an [`Attack`][rulebook.clash.Attack] (or a [`Revive`][rulebook.clash.Revive]);
after an attack the defender chooses a [`Defend`][rulebook.clash.Defend], knowing what the attacker declared.
[`play`][rulebook.clash.play] does both halves of a turn at once, as a [`Turn`][rulebook.clash.Turn] written in the
move-log notation.

Move-log notation, one turn per line: ``ATTACKER > TARGET`` with ``+`` after an element that uses its
ability (``fire+ > water+``), or ``revive ELEMENT``. A line may start with its turn number
(``3. water > water``); ``#`` starts a comment.

Examples:
    >>> from rulebook import clash
    >>> state = clash.new_game()
    >>> state, ruling = clash.play(state, "fire+ > water+")
    >>> print(ruling)
    P1's Fire is eliminated (3 against 4)
      1. P1 attacks P2's Water (strength 4) with Fire (strength 3)  [clash.turn.sequence]
      2. P1 declares Fire's Blaze  [clash.ability.blaze]
      3. P2 declares Water's Surge  [clash.ability.surge]
      4. Surge cancels Blaze: Fire's strength stays 3  [clash.ability.surge, overriding clash.ability.blaze]
      5. Blaze is spent all the same  [clash.interp.spent-when-cancelled]
      6. Attack strength 3 against defense strength 4  [clash.attack.strength]
      7. The defense is stronger, so P1's Fire is eliminated  [clash.attack.defender-wins]
    >>> print(state)
    P1: Water 4, Earth 5, Air 2, Ether 1 | out: Fire (Blaze spent)
    P2: Fire 3, Water 4 (Surge spent), Earth 5, Air 2, Ether 1
    P2 to move (turn 2)


The package, laid out as every game is:

- ``engine``: the elements, the state, the turn and the attack: the game as an engine
- ``turns``: whole turns and move logs judged (play, replay, the scenario runner)
- ``scoring``: a finished game's points, the bound on the turns left, a position described
- ``solver``: the exact solver and the move advisor
- ``questions``: reads an attack from a question in words
"""

from __future__ import annotations

# Also public, for the other modules of the game and for tests; not part of the documented API.
from rulebook.clash.engine import (  # noqa: F401
    ABILITIES,
    ABILITY,
    ELEMENTS,
    MAX_TURNS,
    PLAYERS,
    SCORING,
    STRENGTH,
    Action,
    Attack,
    ClashState,
    Defend,
    Revive,
    Side,
    Turn,
    element,
    new_game,
    parse_log,
    parse_turn,
    position,
    title,
)
from rulebook.clash.scoring import describe, score, score_steps, turns_left_at_most  # noqa: F401
from rulebook.clash.turns import (
    play,
    replay,
    resolve_attack,
    run_scenario,
    series,
    series_score,
    state_after,
    turn_refusal,
)

__all__ = [
    "ABILITIES",
    "ELEMENTS",
    "PLAYERS",
    "STRENGTH",
    "Attack",
    "ClashState",
    "Defend",
    "Revive",
    "Side",
    "Turn",
    "describe",
    "new_game",
    "parse_log",
    "parse_turn",
    "play",
    "position",
    "replay",
    "resolve_attack",
    "run_scenario",
    "score",
    "series",
    "series_score",
    "state_after",
    "turn_refusal",
    "turns_left_at_most",
]
