"""Elestrals: the game's numbers (read from its data file), its rules options, and the readers every module shares.

Every number a user writes is read through [`rulebook.reading.number`][rulebook.reading.number] (ASCII digits, a
length cap,
a range named in the message); the helpers here add where it was written (``"line 3: "``).

Examples:
    >>> SPIRIT_TYPES[:5]
    ('earth', 'fire', 'water', 'thunder', 'wind')
    >>> read_count("²", "spirits")
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidInputError: spirits must be a whole number written with the digits 0-9, not '²'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from contextvars import ContextVar
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, lookup
from rulebook.reading import number
from rulebook.records import Options

__all__ = [
    "ANY_SPIRIT",
    "DATA",
    "DECKS",
    "FIELD",
    "POSITIONS",
    "RULESET",
    "RUNE_TYPES",
    "SPIRIT_TYPES",
    "TOURNAMENT",
    "ReadOptions",
    "lookup_name",
    "options",
    "read_count",
    "read_int",
    "read_number",
    "resting_on",
    "watching",
]

RULESET = _rules("elestrals")
DATA: Mapping[str, Any] = RULESET.data

#: Spirit types accepted by name (the five original elements, then later sets').
SPIRIT_TYPES: tuple[str, ...] = tuple(DATA["spirits"]["types"])
#: Words for a cost position any Spirit can pay: ``any`` (safe in a shell), ``&`` (the guide's), ``omni``.
ANY_SPIRIT: tuple[str, ...] = tuple(DATA["spirits"]["any"])
DECKS: Mapping[str, int] = DATA["decks"]
FIELD: Mapping[str, int] = DATA["field"]
TOURNAMENT: Mapping[str, int] = DATA["tournament"]
#: An Elestral's two Positions.
POSITIONS: tuple[str, ...] = ("attack", "defense")
#: The five types of Rune, Instant first.
RUNE_TYPES: tuple[str, ...] = ("invoke", "counter", "artifact", "divine", "stadium")
_INSTANT = ("invoke", "counter")
#: A player's Spirits (the Spirit Deck's size) and Main Deck cards: the most of either a position may hold.
MAX_SPIRITS: int = DECKS["spirit_deck"]
MAX_MAIN: int = DECKS["main_deck"]
#: The highest stat or stat change read (an Elestral's stats are small; this only bounds the arithmetic).
MAX_STAT = 99_999


#: The options read while an answer is worked out (see [`watching`][rulebook.elestrals.core.watching]); None: unwatched.
_READ: ContextVar[set[str] | None] = ContextVar("elestrals_options_read", default=None)
_OPTION_LIST = tuple(RULESET.option_list)
_DEFAULTS = {o.name: o.default for o in _OPTION_LIST}


class ReadOptions(Options):
    """Elestrals rules options that note each option the rules read while an answer is watched, so that the answer
    can name the interpretations it rests on ([`resting_on`][rulebook.elestrals.core.resting_on])."""

    __slots__ = ()

    def __getitem__(self, key: str) -> str:
        read = _READ.get()
        if read is not None:
            read.add(key)
        return super().__getitem__(key)

    def flag(self, key: str) -> bool:
        return self[key] == "yes"


class _Watch:
    """A ``with`` block whose option reads are noted (a class: it is entered once per action a listing weighs)."""

    __slots__ = ("read", "token")

    def __enter__(self) -> set[str]:
        self.read: set[str] = set()
        self.token = _READ.set(self.read)
        return self.read

    def __exit__(self, *exc: object) -> None:
        _READ.reset(self.token)


def watching() -> AbstractContextManager[set[str]]:
    """The names of the options read inside the ``with`` block (and not inside a block watched within it).

    Examples:
        >>> opts = options({"stat-floor": "none"})
        >>> with watching() as read:
        ...     _ = opts["stat-floor"]
        >>> read
        {'stat-floor'}
    """
    return _Watch()


def resting_on(opts: Options, read: set[str], answer: Callable[[Options], object], given: object) -> list[str]:
    """The records (interpretations) of the options in ``read`` whose other choices change the answer: ``answer``
    works the answer out again under ``opts`` with one option's choice changed, and ``given`` is the answer under
    ``opts`` itself. An answer rests on an option's reading exactly when another reading answers otherwise.

    Examples:
        >>> stat = lambda o: "floored" if o["stat-floor"] == "final" else "negative"
        >>> resting_on(options(), {"stat-floor"}, stat, "floored")
        ['elestrals.interp.stat-floor']
        >>> resting_on(options(), {"stat-floor"}, lambda o: "same", "same")
        []
    """
    if not read:
        return []
    found = []
    token = _READ.set(None)  # working the other readings out is no part of the answer watched
    try:
        for option in _OPTION_LIST:
            if option.name not in read:
                continue
            others = (c for c in option.choices if c != opts[option.name])
            if any(answer(_with(opts, option.name, c)) != given for c in others):
                found.append(option.record)
    finally:
        _READ.reset(token)
    return found


def _with(opts: Options, name: str, choice: str) -> Options:
    """``opts`` with one option's choice changed to another it lists: ``options`` without validating again what
    was validated already (``resting_on`` weighs every reading of every option an answer reads, on every action)."""
    values = dict(opts)
    if values.keys() != _DEFAULTS.keys():
        return options({**values, name: choice})
    values[name] = choice
    return ReadOptions(values, _DEFAULTS)


def options(chosen: Mapping[str, object] | None = None) -> Options:
    """The Elestrals rules options in force: the defaults, with ``chosen`` values validated and applied.

    Examples:
        >>> options({"stat-floor": "none"})["stat-floor"]
        'none'
    """
    if isinstance(chosen, ReadOptions):
        return chosen
    if not isinstance(chosen, Options):
        chosen = RULESET.options(chosen or {})
    return ReadOptions(dict(chosen), _DEFAULTS)


def lookup_name(kind: str, value: str, accepted: Sequence[str]) -> str:
    """``value`` as one of ``accepted`` (``kind`` names it in the message); a near miss suggests the closest.

    Examples:
        >>> lookup_name("Position", "Defense", POSITIONS)
        'defense'
    """
    return lookup(kind, value, accepted)


def read_number(text: str | int, what: str, where: str, **limits: Any) -> int:
    """A whole number a user wrote, its message starting with ``where`` (``"line 3: "``)."""
    try:
        return number(text, what, **limits)
    except InvalidInputError as err:
        raise InvalidInputError(f"{where}{err}") from None


def read_int(text: str | int, what: str, where: str = "") -> int:
    """A signed whole number (a stat, a change of a stat), at most [`MAX_STAT`][rulebook.elestrals.core.MAX_STAT]
    either way."""
    return read_number(text, what, where, signed=True, low=-MAX_STAT, high=MAX_STAT)


def read_count(text: str | int, what: str, where: str = "", high: int | None = None) -> int:
    """A count of at least 0 (at most ``high``)."""
    return read_number(text, what, where, low=0, high=high)


def an(word: str) -> str:
    """``word`` with its indefinite article: "an earth Spirit", "a fire Spirit", "an unknown Spirit".

    Examples:
        >>> an("earth Spirit"), an("fire Spirit"), an("Invoke Rune"), an("? Spirit")
        ('an earth Spirit', 'a fire Spirit', 'an Invoke Rune', 'an unknown Spirit')
    """
    if word.startswith("? "):
        word = "unknown " + word[2:]
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def plural(n: int, word: str, many: str = "") -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1.

    Examples:
        >>> plural(1, "Spirit"), plural(3, "match point"), plural(2, "copy", "copies")
        ('1 Spirit', '3 match points', '2 copies')
    """
    return f"{n} {word if n == 1 else many or word + 's'}"
