"""One exception family for the whole package.

Every error a user can cause is a [`RulebookError`][rulebook.errors.RulebookError]. Each message names what was wrong
and what is accepted, and suggests the closest valid name when the input is a near miss. The CLI turns
these errors into a one-line message and exit code 2; it never shows a traceback.

Examples:
    >>> from rulebook.errors import UnknownNameError
    >>> raise UnknownNameError("element", "fier", ["fire", "water", "earth", "air", "ether"])
    Traceback (most recent call last):
    ...
    rulebook.errors.UnknownNameError: unknown element 'fier' (did you mean 'fire'?); accepted: fire, water, ...
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from rulebook.observe import WATCHERS, cited

__all__ = [
    "IllegalActionError",
    "InvalidInputError",
    "RulebookError",
    "UnknownGameError",
    "UnknownNameError",
    "UnknownRuleError",
    "closest",
    "did_you_mean",
    "lookup",
]


def closest(name: str, accepted: Iterable[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """Return up to ``n`` accepted names closest to ``name``, best first.

    Examples:
        >>> closest("fortfy", ["blaze", "surge", "fortify"])
        ['fortify']
        >>> closest("zzz", ["blaze", "surge"])
        []
    """
    return list(_closest(name, tuple(accepted), n, cutoff))


@functools.lru_cache(maxsize=256)
def _closest(name: str, pool: tuple[str, ...], n: int, cutoff: float) -> tuple[str, ...]:
    """`closest`, kept for the last few hundred names asked: comparing a name with every accepted one is most of
    what a refusal costs, and the same refusal is often made twice in a row (read, then the action tried)."""
    import difflib  # only needed on the error path; kept out of `import rulebook`

    lowered = {a.lower(): a for a in pool}
    word = name.lower()
    found = difflib.get_close_matches(word, _within_reach(word, list(lowered), cutoff), n=n, cutoff=cutoff)
    return tuple(lowered[f] for f in found)


#: How far below the cutoff `_within_reach` still keeps a name: its figure and difflib's are computed in different
#: ways (a division each), so a name exactly at the cutoff is kept whatever the last bit of either.
_REACH_SLACK = 1e-9


def _within_reach(word: str, names: list[str], cutoff: float) -> list[str]:
    """The names, in their order, that difflib's ratio with ``word`` could bring to ``cutoff``: only those can be
    among `difflib.get_close_matches`'s, so asking it of these alone gives its very answer, in less time.

    difflib's ratio is ``2 * M / T`` (``T`` both lengths, ``M`` the characters of its matching blocks, a common
    subsequence), so it is at most ``2 * LCS / T`` with the longest common subsequence: rapidfuzz's Indel
    similarity, computed in C for every name at once. Without rapidfuzz (in the browser), every name.

    Examples:
        >>> _within_reach("fortfy", ["blaze", "fortify", "forty"], 0.6)
        ['fortify', 'forty']
    """
    try:
        from rapidfuzz import process
        from rapidfuzz.distance import Indel
    except ImportError:  # not built for this platform: difflib compares every name, as it would anyway
        return names
    # Every name's figure (rapidfuzz's own score_cutoff rounds a normalized cutoff to whole edits: not used).
    scored = process.extract(word, names, scorer=Indel.normalized_similarity, processor=None, limit=None)
    floor = cutoff - _REACH_SLACK
    return [names[at] for at in sorted(at for _name, score, at in scored if score >= floor)]


def did_you_mean(near: Sequence[str]) -> str:
    """The words a message adds for names close to one not known: `` (did you mean 'a' or 'b'?)``, or nothing.

    Examples:
        >>> did_you_mean(closest("fortfy", ["blaze", "fortify"]))
        " (did you mean 'fortify'?)"
        >>> did_you_mean([])
        ''
    """
    return f" (did you mean {' or '.join(repr(s) for s in near)}?)" if near else ""


def lookup(kind: str, name: str, accepted: Iterable[str], *, upper: bool = False) -> str:
    """The accepted name that ``name`` writes (ignoring case and spaces), or an
    [`UnknownNameError`][rulebook.errors.UnknownNameError].

    Examples:
        >>> lookup("element", " Fire", ["fire", "water"])
        'fire'
        >>> lookup("position", "b", "ABCDEF", upper=True)
        'B'
    """
    key = name.strip().upper() if upper else name.strip().lower()
    pool = list(accepted)
    if key not in pool:
        raise UnknownNameError(kind, name.strip(), pool)
    return key


class RulebookError(ValueError):
    """Base class of every error the rulebook raises for bad input or a forbidden action."""


class InvalidInputError(RulebookError):
    """Input that cannot be read: a malformed move, a bad option value, an unreadable file."""


class UnknownNameError(InvalidInputError):
    """A name that is not one of the accepted ones; the message suggests the closest.

    ``kind`` says what sort of name it is (``"game"``, ``"element"``, ``"option"``...).
    """

    def __init__(self, kind: str, name: str, accepted: Sequence[str], *, shown: int = 12) -> None:
        self.kind = kind
        self.name = name
        self.accepted = list(accepted)
        self.suggestions = closest(name, self.accepted, n=3)
        hint = did_you_mean(self.suggestions)
        listed = ", ".join(self.accepted[:shown]) + (", ..." if len(self.accepted) > shown else "")
        accepted_part = f"accepted: {listed}" if self.accepted else f"no {kind} is known here"
        super().__init__(f"unknown {kind} {name!r}{hint}; {accepted_part}")


class UnknownGameError(UnknownNameError):
    """A game ID that is not one of the encoded games."""

    def __init__(self, name: str, accepted: Sequence[str]) -> None:
        super().__init__("game", name, accepted)


class UnknownRuleError(UnknownNameError):
    """A rule ID that names no record."""

    def __init__(self, name: str, accepted: Sequence[str]) -> None:
        self.kind, self.name, self.accepted = "rule ID", name, list(accepted)
        self.suggestions = closest(name, self.accepted, n=3)
        hint = did_you_mean(self.suggestions)
        game = name.split(".", 1)[0]
        games = sorted({a.split(".", 1)[0] for a in self.accepted})
        where = (
            f"the IDs are listed by `rulebook rules {game}`"
            if game in games
            else f"a rule ID starts with a game ID ({', '.join(games)})"
        )
        RulebookError.__init__(self, f"unknown rule ID {name!r}{hint}; {where}")


class IllegalActionError(RulebookError):
    """A well-formed action that the rules forbid in this position.

    ``rules`` holds the IDs of the records that forbid it.
    """

    def __init__(self, message: str, rules: Sequence[str] = ()) -> None:
        self.rules = tuple(rules)
        if WATCHERS:
            cited(self.rules)
        naming = f" [{', '.join(self.rules)}]" if self.rules else ""
        super().__init__(f"{message}{naming}")
        self.reason = message
