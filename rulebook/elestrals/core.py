"""Elestrals: the game's numbers (read from its data file), its rules options, and the readers every module shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, lookup
from rulebook.records import Options

__all__ = ["ANY_SPIRIT", "POSITIONS", "RUNE_TYPES", "SPIRIT_TYPES", "options"]

_RULESET = _rules("elestrals")
_DATA: Mapping[str, Any] = _RULESET.data

#: Spirit types accepted by name (the five original elements, then later sets').
SPIRIT_TYPES: tuple[str, ...] = tuple(_DATA["spirits"]["types"])
#: Symbols for a cost position any Spirit can pay.
ANY_SPIRIT: tuple[str, ...] = tuple(_DATA["spirits"]["any"])
_DECKS: Mapping[str, int] = _DATA["decks"]
_FIELD: Mapping[str, int] = _DATA["field"]
_TOURNAMENT: Mapping[str, int] = _DATA["tournament"]
#: An Elestral's two Positions.
POSITIONS: tuple[str, ...] = ("attack", "defense")
#: The five types of Rune, Instant first.
RUNE_TYPES: tuple[str, ...] = ("invoke", "counter", "artifact", "divine", "stadium")
_INSTANT = ("invoke", "counter")


def options(chosen: Mapping[str, object] | None = None) -> Options:
    """The Elestrals rules options in force: the defaults, with ``chosen`` values validated and applied.

    Examples:
        >>> options({"stat-floor": "none"})["stat-floor"]
        'none'
    """
    if isinstance(chosen, Options):
        return chosen
    return _RULESET.options(chosen or {})


def _name(kind: str, value: str, accepted: Sequence[str]) -> str:
    return lookup(kind, value, accepted)


def _int(text: str, what: str, where: str = "") -> int:
    try:
        value = int(text)
    except ValueError:
        raise InvalidInputError(f"{where}{what} must be a whole number, not {text!r}") from None
    return value


def _count(text: str, what: str, where: str = "") -> int:
    value = _int(text, what, where)
    if value < 0:
        raise InvalidInputError(f"{where}{what} cannot be negative ({value})")
    return value
