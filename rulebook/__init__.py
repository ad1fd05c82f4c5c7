"""rulebook: the rules of five elemental games as data and code, with verdicts you can trace.

Importing ``rulebook`` is light: a game's records and engine load only when that game is asked for.

Examples:
    >>> import rulebook
    >>> [g.id for g in rulebook.games()]
    ['clash', 'elestrals', 'elementals', 'spellfire', 'elephants']
    >>> rulebook.rule("clash.attack.tie").title
    'Equal strengths: both elements are eliminated'
    >>> rulebook.game("clsh")
    Traceback (most recent call last):
    ...
    rulebook.errors.UnknownGameError: unknown game 'clsh' (did you mean 'clash'?); accepted: clash...
"""

from __future__ import annotations

import importlib
from collections import namedtuple
from functools import cache

from rulebook.errors import (
    IllegalActionError,
    InvalidInputError,
    RulebookError,
    UnknownGameError,
    UnknownNameError,
    UnknownRuleError,
)

# `typing` and `dataclasses` stay out of `import rulebook`, which is kept light on purpose.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType

    from rulebook.records import Record, RuleSet

__version__ = "0.1.0"

__all__ = [
    "GameInfo",
    "IllegalActionError",
    "InvalidInputError",
    "RulebookError",
    "UnknownGameError",
    "UnknownNameError",
    "UnknownRuleError",
    "__version__",
    "engine",
    "game",
    "games",
    "rule",
    "rules",
]


class GameInfo(namedtuple("GameInfo", "id name kind source engine document")):
    """A registered game: its ID (the prefix of its rule IDs), name, kind, source file, engine module, and the
    source document's title in words (what players call it)."""

    __slots__ = ()


# The registry. Adding a game means adding its line here, its data file and its engine module.
_GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "clash",
        "Elemental Clash",
        "two-player game",
        "002_6544c3a00f53460f.txt",
        "rulebook.clash",
        "Elemental Clash rules",
    ),
    GameInfo(
        "elestrals",
        "Elestrals",
        "trading card game",
        "004_43a305e9c036b533.txt",
        "rulebook.elestrals",
        "Elestrals How to Play Guide",
    ),
    GameInfo(
        "elementals",
        "Elementals",
        "solitaire card game",
        "003_5def52412761cd4b.txt",
        "rulebook.elementals",
        "Elementals card game rules",
    ),
    GameInfo(
        "spellfire",
        "Spellfire",
        "clarification sheet",
        "001_cfbad67ab2f76584.txt",
        "rulebook.spellfire",
        "Spellfire combat and special cards guide",
    ),
    GameInfo(
        "elephants",
        "Elemental Elephants",
        "clarifications",
        "000_0d2c890b30d957fe.txt",
        "rulebook.elephants",
        "Elemental Elephants rules clarifications",
    ),
)
_BY_ID = {g.id: g for g in _GAMES}


def games() -> list[GameInfo]:
    """Every encoded game, in a fixed order."""
    return list(_GAMES)


def game(game_id: str) -> GameInfo:
    """The game with this ID; an unknown ID suggests the closest."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise UnknownGameError(game_id, list(_BY_ID)) from None


@cache
def rules(game_id: str) -> RuleSet:
    """The records of one game, loaded from its data file on first use and kept.

    Examples:
        >>> rs = rules("clash")
        >>> rs.name, len(rs) > 30
        ('Elemental Clash', True)
    """
    from rulebook.records import load_ruleset

    return load_ruleset(game(game_id).id)


def rule(rule_id: str) -> Record:
    """The record with this ID, from whichever game its prefix names.

    Examples:
        >>> rule("clash.ability.blaze").citation.section
        'Rules and Mechanics > Special Abilities > Fire – Blaze'
    """
    prefix = rule_id.split(".", 1)[0]
    if prefix not in _BY_ID:
        raise UnknownRuleError(rule_id, [r.id for g in _GAMES for r in rules(g.id)])
    return rules(prefix).get(rule_id)


def engine(game_id: str) -> ModuleType:
    """The engine module of one game, imported on first use."""
    return importlib.import_module(game(game_id).engine)


def __getattr__(name: str) -> ModuleType:
    # ``rulebook.clash`` and friends import their engine on first attribute access.
    if name in _BY_ID:
        return engine(name)
    raise AttributeError(f"module 'rulebook' has no attribute {name!r}")
