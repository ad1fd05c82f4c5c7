"""Elemental Elephants' tables, each in one place: the game's numbers, the spell data and its sets, the clash
names in Roman numerals, and the readers of a spell's, a player's and a clash's name.

Every other module of the game reads these from here. Everything public is re-exported by
[`rulebook.elephants`][rulebook.elephants].

Examples:
    >>> from rulebook.elephants.tables import SETS, clash_number, describe
    >>> SETS["Thunder"], clash_number("III"), describe("fireball")
    (('clap', 'break', 'stupefy'), 3, 'fireball (Fire, 4)')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, lookup
from rulebook.reading import number, shown

__all__ = [
    "CARD_LIST",
    "CLASHES",
    "LIMITS",
    "PRIORITY_A",
    "RULESET",
    "SETS",
    "SET_OF",
    "SPELLS",
    "STATES",
    "clash_number",
    "describe",
    "is_player",
    "player_name",
    "roman",
    "roman_names",
    "spell_name",
]

#: The game's records and data (``rulebook/data/elephants.toml``).
RULESET = _rules("elephants")
_DATA: Mapping[str, Any] = RULESET.data

#: The game's numbers: clashes per round, priorities, Accelerator's speed-up, Clap's threshold, hand sizes.
LIMITS: Mapping[str, Any] = _DATA["limits"]
#: Every spell of the card list (see ``[card_list]`` in the data): set, priority, types, advance icon, numbers.
SPELLS: Mapping[str, Mapping[str, Any]] = _DATA["spells"]
#: Which version of the prototype's card list the spell data follows, with its date.
CARD_LIST: Mapping[str, str] = _DATA["card_list"]


def _sets() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for name, data in SPELLS.items():
        found.setdefault(data["set"], []).append(name)
    return {k: tuple(v) for k, v in found.items()}


#: The elephants' spell sets in card-list order: the set's name (its element) and its spells.
SETS: Mapping[str, tuple[str, ...]] = _sets()
#: The set each spell belongs to.
SET_OF: Mapping[str, str] = {name: s for s, names in SETS.items() for name in names}
#: A spell's states on the board.
STATES: tuple[str, ...] = ("active", "cancelled", "moved")
#: Clashes in a round (I to IV).
CLASHES: int = LIMITS["clashes"]
#: The priority of the spells that act in the advance phase.
PRIORITY_A: str = LIMITS["advance_priority"]

_ROMAN = ("I", "II", "III", "IV", "V", "VI")
_PLAYER = re.compile(r"^P([1-9])$")


def roman(clash: int) -> str:
    """A clash number as the game writes it.

    Examples:
        >>> roman(4)
        'IV'
    """
    return _ROMAN[clash - 1]


def spell_name(name: str) -> str:
    """The spell called ``name`` (any case); a near miss suggests the closest.

    Examples:
        >>> spell_name("Stupefy")
        'stupefy'
        >>> spell_name("stupify")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown spell 'stupify' (did you mean 'stupefy'?); accepted: fireball, ...
    """
    return lookup("spell", name, SPELLS)


def player_name(name: object) -> str:
    """A player's name, ``P1`` to ``P9`` (any case); anything else is refused in one line.

    Examples:
        >>> player_name("p2")
        'P2'
        >>> player_name("Bob")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: unknown player 'Bob'; players are written P1, P2, ... P9 in seating order
    """
    text = str(name).strip().upper()
    if not _PLAYER.match(text):
        given = shown(name, 40)
        raise InvalidInputError(f"unknown player {given!r}; players are written P1, P2, ... P9 in seating order")
    return text


def is_player(text: str) -> bool:
    """Whether ``text`` is a player's name as written (``P1`` to ``P9``)."""
    return bool(_PLAYER.match(text))


def clash_number(text: str | int) -> int:
    """The clash named ``text``: 1 to 4, or I to IV; anything else is refused in one line.

    Examples:
        >>> clash_number("iv"), clash_number(2)
        (4, 2)
        >>> clash_number("V")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: unknown clash 'V'; a round has clashes 1 to 4 (I to IV)
    """
    value = str(text).strip().upper()
    if value in _ROMAN[:CLASHES]:
        return _ROMAN.index(value) + 1
    accepted = f"a round has clashes 1 to {CLASHES} (I to {roman(CLASHES)})"
    try:
        return number(text if isinstance(text, int) else value, "a clash", low=1, high=CLASHES)
    except InvalidInputError:
        given = shown(text, 40)
        raise InvalidInputError(f"unknown clash {given!r}; {accepted}") from None


def roman_names(count: int = CLASHES) -> tuple[str, ...]:
    """The clashes' Roman names, I to IV."""
    return _ROMAN[:count]


def describe(name: str) -> str:
    """A spell with its set and printed priority, as a hand shows it: ``fireball (Fire, 4)``.

    The set is the spell's element; the priority runs from 1 (first) to 5, or ``A`` (acts in the advance phase).
    """
    data = SPELLS[name]
    return f"{name} ({data['set']}, {data['priority']})"
