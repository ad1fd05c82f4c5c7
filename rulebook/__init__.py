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

from rulebook.errors import (
    IllegalActionError,
    InvalidInputError,
    RulebookError,
    UnknownGameError,
    UnknownNameError,
    UnknownRuleError,
)
from rulebook.registry import (
    Game,
    GameInfo,
    engine,
    game,
    games,
    named,
    register,
    rule,
    rules,
    unregister,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType

__version__ = "0.1.0"

__all__ = [
    "Game",
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
    "named",
    "register",
    "rule",
    "rules",
    "unregister",
]


def __getattr__(name: str) -> ModuleType:
    # ``rulebook.clash`` and friends import their engine on first attribute access.
    if name in {g.id for g in games()}:
        return engine(name)
    raise AttributeError(f"module 'rulebook' has no attribute {name!r}")
