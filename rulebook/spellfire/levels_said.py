"""A deck's champions told with their levels, and the total asked: computed as ``rulebook spellfire levels``.

"deck has Elminster lvl 9, Drizzt lvl 7 and Tiamat lvl 20 avatar, total levels?" names each champion, its level
and which one is an Avatar; the engine counts the levels, leaving out the free Avatar's. Computed only when the
question asks for the total (a word of totalling beside "levels"), every level told names its champion, and at most
one kind of Avatar is told (with several, which one is free is a choice the question must state).
"""

from __future__ import annotations

import itertools

from rulebook.questions import Reading, Token

#: Words of a champion's level before its number ("lvl 9", "level 20").
LEVEL = frozenset({"level", "lvl", "lv", "lvl.", "lev"})
#: Words of totalling a deck's levels ("total levels?", "how many levels does it count for", "add up to").
TOTALLING = frozenset({"total", "totals", "sum", "add", "adds", "count", "counts", "altogether", "combined"})
#: Words that are no champion's name, around a level told ("a level 14 Avatar", "my deck has ...").
NOT_A_NAME = frozenset(
    {"a", "an", "the", "my", "his", "her", "their", "is", "are", "was", "of", "with", "has", "have", "and", "or"}
    | {"deck", "champion", "champions", "avatar", "avatars", "level", "levels", "total", "plus", "one", "also"}
    | {"it", "its", "he", "she", "they", "i", "me", "we", "card", "cards", "in", "at", "on", "to", "for", "then"}
    | LEVEL
)
#: Words that end a champion's span ("Tiamat lvl 20 avatar, total levels").
SPAN_BREAKS = frozenset({",", ";", ".", "?", "!", "and", "plus", ":"})
#: Marks a span may hold around a level without ending it ("Elminster (level 9)").
BRACKETS = frozenset({"(", ")"})


def _level(raw: str) -> int | None:
    """The number after a level word ("9", "-7" of "level-7"), or ``None``."""
    text = raw.removeprefix("-")
    return int(text) if text.isdigit() else None


def _name(words: list[Token], at: int, end: int) -> int | None:
    """The place of the name of the champion whose level word is at ``at`` (its number ends at ``end``): the word
    just before ("Elminster lvl 9"), else just after the number ("a level 7 Drizzt"), else back over an article, a
    comma or a bracket ("Bane, a level 14 Avatar", "Elminster (level 9)")."""
    def named(k: int) -> bool:
        return 0 <= k < len(words) and words[k].raw.isalpha() and words[k].word not in NOT_A_NAME

    if named(at - 1):
        return at - 1
    if named(end + 1):
        return end + 1
    k = at - 1
    while k >= 0 and words[k].word in {"a", "an", ",", "(", "is", "was"}:
        k -= 1
    return k if k < at - 1 and named(k) else None


def _asks_total(said: list[str]) -> bool:
    """Whether the question asks for the levels' total ("total levels?", "how many levels", "what do they add up
    to")."""
    told = set(said)
    many = any(said[n : n + 3] == ["how", "many", "levels"] for n in range(len(said)))
    # "what's the total level count", "their level total": the singular beside a word of totalling, next to it
    totalling = TOTALLING - {"count", "counts"}
    paired = any("level" in (a, b) and {a, b} & totalling for a, b in itertools.pairwise(said))
    counted = any(said[n : n + 2] == ["level", "count"] for n in range(len(said)))
    what = bool(told & {"what", "what's", "whats", "how"})  # "is a level total of 9 too low?" asks no total
    return bool(("levels" in told and (TOTALLING & told or many)) or (what and (paired or counted)))


def read_levels(words: list[Token]) -> Reading | None:
    """Read a deck's champions and levels and count them; ``None`` when the question tells no level of a named
    champion or does not ask for the total.

    Examples:
        >>> from rulebook.questions import tokens
        >>> reading = read_levels(tokens("deck has Elminster lvl 9, Drizzt lvl 7 and Bane lvl 14 avatar; total levels"))
        >>> reading.ruling.verdict
        'the champions count for 16 levels; Bane (Avatar, level 14) is free; 3 cards'
        >>> read_levels(tokens("Elminster is level 9; is he a wizard?")) is None
        True
    """
    said = [t.word for t in words]
    if not LEVEL & set(said) or not _asks_total(said):
        return None
    champions: list[tuple[str, int, bool]] = []
    unnamed: list[int] = []
    spanned: set[int] = set()
    for at, t in enumerate(words[:-1]):
        level = _level(words[at + 1].raw) if t.word in LEVEL else None
        if level is None:
            continue
        place = _name(words, at, at + 1)
        if place is None:
            unnamed.append(level)
            continue
        start, stop = min(place, at), max(place, at + 1)
        # the Avatar mark in the champion's span: back to a break before it and on to the next break after it
        while start > 0 and words[start - 1].word not in SPAN_BREAKS:
            start -= 1
        while stop + 1 < len(words) and words[stop + 1].word not in SPAN_BREAKS:
            stop += 1
        if "(" in {w.word for w in words[start:at]}:
            # "Tiamat (lvl 20, Avatar)": the bracket holds the champion's span to its close
            stop = next((k for k in range(at, len(words)) if words[k].word == ")"), stop)
        if stop + 2 < len(words) and words[stop + 1].word == "," and words[stop + 2].word in ("an", "a", "the"):
            stop += 2  # "Bane, an Avatar"
            while stop + 1 < len(words) and words[stop + 1].word not in SPAN_BREAKS:
                stop += 1
        span = {w.word for w in words[start : stop + 1] if w.word not in BRACKETS}
        spanned.update(range(start, stop + 1))
        champions.append((words[place].raw.capitalize(), level, bool(span & {"avatar", "avatars"})))
    if not champions and not unnamed:
        return None
    from rulebook import spellfire

    reading = Reading("spellfire", "how many levels a Spellfire deck's champions count for")
    reading.read += [f"{name} level {level}{' (Avatar)' if avatar else ''}" for name, level, avatar in champions]
    if unnamed:
        reading.missing.append(f"the champion of each level told (level {unnamed[0]} names none)")
    avatars = {(name, level) for name, level, avatar in champions if avatar}
    if len(avatars) > 1:
        reading.missing.append("which Avatar is the free one (the deck has several)")
    # an Avatar told outside every champion's span ("two avatars, Bane lvl 14 and Tiamat lvl 20"): which is unread
    if any(w in ("avatar", "avatars") and n not in spanned for n, w in enumerate(said)):
        reading.missing.append("which champion is an Avatar (an Avatar is told apart from its level)")
    if reading.missing:
        return reading
    entries = [f"{name}:{level}{':avatar' if avatar else ''}" for name, level, avatar in champions]
    reading.ruling = spellfire.deck_levels(entries)
    return reading
