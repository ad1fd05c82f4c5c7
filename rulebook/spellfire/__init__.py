"""Spellfire: the clarification sheet's rulings as queries, on top of the base rules they presume.

The sheet is not a whole game, so this engine is a set of rulings rather than a playable state:
attack legality against a formation of six realms ([`attack`][rulebook.spellfire.attack]), counter-effect cards
([`counter`][rulebook.spellfire.counter]), who resolves first ([`priority`][rulebook.spellfire.priority]), borrowed
cards ([`borrowed`][rulebook.spellfire.borrowed]), copied powers ([`copy_power`][rulebook.spellfire.copy_power]),
"any"/"all" permissions ([`may_use`][rulebook.spellfire.may_use]), Avatars
([`bring_avatar`][rulebook.spellfire.bring_avatar], [`deck_levels`][rulebook.spellfire.deck_levels]), running out of
cards ([`draw`][rulebook.spellfire.draw]) and once-per-turn powers
([`once_per_turn`][rulebook.spellfire.once_per_turn]). Every answer is a [`Ruling`][rulebook.ruling.Ruling] whose trace
cites the records that decide it.

A formation is written as razed positions plus realm traits: ``coast`` (shows a coastline), ``no-flyer``
(shuts out flyers; also ``no-swimmer``, ``no-earthwalker``), ``only-flyer`` (a special movement
requirement: only flyers may attack) and ``only-hero`` (limited to a champion type). An attacker is
written as words: a champion type and its movement powers (``"hero flyer"``); an ally has only powers.

Examples:
    >>> from rulebook import spellfire
    >>> f = spellfire.formation(razed="B")
    >>> print(spellfire.attack(f, "E", "hero swimmer"))
    illegal: E is protected by C, and the hero's movement (swimmer) does not reach it
      1. B is razed: it protects nothing  [spellfire.formation.razed]
      2. E is protected by C, which is not razed  [spellfire.formation.protection]
      3. the hero swims, but E has no coastline to swim past its protection  [spellfire.move.swimmer]
      4. the hero has no movement power that reaches E past its protection  [spellfire.formation.exposed]
    >>> spellfire.attack(spellfire.formation(razed="B", realms=["E: coast"]), "E", "hero swimmer").legal
    True


The package, laid out as every game is:

- ``engine``: the formation, the attackers and whether an attack is legal (and the game's names and numbers)
- ``cards``: counter-effect cards and the order of play, borrowing and copying powers, Avatars, deck levels
- ``turn``: running out of cards, and what may be done once per turn
- ``scenarios``: the scenarios' runner
- ``questions``: reads an attack question from words
"""

from __future__ import annotations

# Also public, for the other modules of the game and for tests; not part of the documented API.
from rulebook.spellfire.cards import (
    Play,
    borrowed,
    bring_avatar,
    copy_power,
    counter,
    deck_levels,
    may_use,
    parse_play,
    priority,
)
from rulebook.spellfire.engine import (  # noqa: F401
    COUNTERS,
    MOVEMENTS,
    PHASES,
    POSITIONS,
    PROTECTS,
    TYPES,
    Attacker,
    Formation,
    Realm,
    attack,
    champion_type,
    exposure,
    formation,
    movement,
    parse_attacker,
    parse_formation,
    phase_number,
    position,
)
from rulebook.spellfire.scenarios import SCENARIO_QUERIES, TAKES_OPTIONS, run_scenario, scenario_ruling  # noqa: F401
from rulebook.spellfire.turn import draw, once_per_turn

__all__ = [
    "MOVEMENTS",
    "POSITIONS",
    "TYPES",
    "Attacker",
    "Formation",
    "Play",
    "Realm",
    "attack",
    "borrowed",
    "bring_avatar",
    "copy_power",
    "counter",
    "deck_levels",
    "draw",
    "exposure",
    "formation",
    "may_use",
    "once_per_turn",
    "parse_attacker",
    "parse_formation",
    "parse_play",
    "priority",
]
