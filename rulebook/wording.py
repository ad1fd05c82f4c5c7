"""Words for output: counts with the right plural, and the right article.

Examples:
    >>> plural(1, "Spirit"), plural(3, "Spirit"), plural(0, "problem")
    ('1 Spirit', '3 Spirits', '0 problems')
    >>> plural(2, "ally", "allies"), plural(1, "match point")
    ('2 allies', '1 match point')
    >>> article("earth card"), article("fire card"), article("Ether"), article("hero")
    ('an earth card', 'a fire card', 'an Ether', 'a hero')
    >>> listing(["Fire"]), listing(["Fire", "Water"]), listing(["Fire", "Water", "Earth"], "or")
    ('Fire', 'Fire and Water', 'Fire, Water or Earth')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["article", "listing", "plural"]

# Words starting with a vowel letter but a consonant sound, and the reverse.
_A_BEFORE = ("one", "uni", "use", "usu", "eu", "ewe")
_AN_BEFORE = ("hour", "honest", "honour", "honor", "heir")


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one: ``1 Spirit``, ``2 Spirits``, ``0 Spirits``."""
    word = singular if count == 1 else (plural_form or _plural(singular))
    return f"{count:,} {word}"


def _plural(word: str) -> str:
    head, _, last = word.rpartition(" ")
    prefix = f"{head} " if head else ""
    if last.endswith(("s", "x", "z", "ch", "sh")):
        return f"{prefix}{last}es"
    if last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        return f"{prefix}{last[:-1]}ies"
    return f"{prefix}{last}s"


def article(phrase: str) -> str:
    """``phrase`` after "a" or "an", as it is said: ``an earth card``, ``a fire card``, ``a unit``."""
    low = phrase.lower()
    vowel = low[:1] in tuple("aeiou")
    if low.startswith(_A_BEFORE):
        vowel = False
    elif low.startswith(_AN_BEFORE):
        vowel = True
    return f"{'an' if vowel else 'a'} {phrase}"


def listing(items: Sequence[str], conjunction: str = "and") -> str:
    """Items joined as in a sentence: ``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"
