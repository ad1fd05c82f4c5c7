"""Elemental Elephants: the clarification sheet's rulings on a round of four clashes, as queries.

This module answers questions about a described board: the spells of each clash of one round, with an owner, a
priority and a state (active, cancelled or moved). In what order does a clash resolve? Can this spell advance? Can
Gravitate move this spell there? Which spells can Clap take? What does a spell do as it resolves, and what happens
when the whole clash, or the whole round, is played out? Each answer is a [`Ruling`][rulebook.ruling.Ruling] citing
its rules. Playing a clash or a round out uses the whole-game engine of
``rulebook.elephants.game`` (every spell of the card list, its effect as code), which also
plays whole games (``new_game``).

Spell notation: ``OWNER:NAME`` (``P1:stupefy``), then optional flags after slashes: ``/cancelled``,
``/moved=3`` (moved to Clash III), ``/resolved`` (has already resolved in its clash), ``/advanced``
(has already advanced itself this round), ``/hit`` or ``/miss`` (its main effect succeeded or not:
Clap cancelled a spell, Enfeeble dealt damage). ``@N`` places a spell in another clash than the current
one (``P1:slumber@1`` is a past spell left in Clash I). Players are P1, P2, ... in seating order. A board
gives each spell once, and each elephant's set to one player (the one who drafted it).

Examples:
    >>> from rulebook import elephants
    >>> clash_two = elephants.board("P1:stupefy P2:root P1:accelerator", clash=2)
    >>> print(elephants.order(clash_two))
    Clash II resolves: P1:stupefy, P1:accelerator, P2:root
      1. Turn order: P1, P2 (P1 is the Ringleader)  [elephants.base.turn-order]
      2. Clash II: its face-up spells resolve by priority, then it advances  [elephants.base.round]
      3. P1:accelerator works from the Cast phase, in this clash only  [elephants.interp.accelerator-passive]
      4. P1:stupefy has priority 2, 1 with P1's Accelerator  [elephants.order.accelerator]
      5. P2:root has priority 1  [elephants.base.spells]
      6. P1:accelerator has priority 1; it does not speed itself up  [elephants.order.accelerator]
      7. Priority 1 first, up to 5  [elephants.base.priority]
      8. Not highest first, as the prototype's README has it  [elephants.erratum.priority-direction]
      9. P1:stupefy and P1:accelerator both at 1: P1 chooses their order  [elephants.order.own-ties]
      10. P1's choice is taken as the order listed  [elephants.interp.listed-order]
      11. P1:accelerator before P2:root, both at 1: P1 is earlier in turn order  [elephants.base.priority-tie]


The package, laid out as every game is:

- ``tables``: the game's numbers, the spell data and its sets, clash names; the readers of names
- ``board``: a described board and its notation, and the checks every query shares
- ``checks``: the order a clash resolves in; whether a spell can advance, be moved or be cancelled; Clap's targets
- ``clashes``: a described clash or round played out with the whole-game engine
- ``engine``: what a spell does as it resolves, optional effects, the end of a round, the scenarios
- ``world``, ``primitives``, ``spells``, ``rounds``, ``game``: the whole game (its world, what effects are made
  of, every spell as code, the units of play, and the immutable state with its logs)
- ``bots``: bots and simulation
- ``questions``: reads a clash order question from words
"""

from __future__ import annotations

# Also public, for the other modules of the game and for tests; not part of the documented API.
from rulebook.elephants.board import BOARD_SHAPE, ROUND_SHAPE, Board, Spell, board, parse_board, parse_spell  # noqa: F401
from rulebook.elephants.checks import can_advance, can_cancel, can_move, clap_targets, order
from rulebook.elephants.clashes import clash_summary, next_clash, parse_round, play_round, resolve_clash
from rulebook.elephants.engine import (  # noqa: F401
    effect,
    end_of_round,
    new_game,
    optional_effect,
    run_scenario,
    scenario_ruling,
    spells_table,
)
from rulebook.elephants.tables import CARD_LIST, LIMITS, SETS, SPELLS, STATES, roman, spell_name  # noqa: F401

__all__ = [
    "LIMITS",
    "SETS",
    "SPELLS",
    "STATES",
    "Board",
    "Spell",
    "board",
    "can_advance",
    "can_cancel",
    "can_move",
    "clap_targets",
    "clash_summary",
    "effect",
    "end_of_round",
    "new_game",
    "next_clash",
    "optional_effect",
    "order",
    "parse_board",
    "parse_round",
    "parse_spell",
    "play_round",
    "resolve_clash",
    "roman",
    "spell_name",
    "spells_table",
]
