"""Whether a record states the count a question asks for ("how many cards in a booster pack"): the part of
[`rulebook.uncovered`][rulebook.uncovered] that only count questions need, loaded for them alone (so that `ask`'s
start-up does not pay for it).

Examples:
    >>> from rulebook.counts import states_count
    >>> states_count("each player needs a deck of exactly 40 runes".split(), ["runes"])
    True
    >>> states_count("a card counts as one card".split(), ["cards"])
    False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rulebook.vocabulary import STOPWORDS, Lexicon, Query, is_number, stem, words

__all__ = ["count_stated", "measured", "states_count", "states_count_in", "states_size"]

#: Words that state an open count ("no limit to the number of cards", "as many as you want", "any number").
OPEN_COUNT = frozenset({"limit", "unlimited", "many", "number", "maximum", "minimum"})
#: Besides the count, how many of the question's words the record stating it must hold ("cards" alone does not
#: answer "how many cards in a booster pack"): all but one in a short question, this many in a longer one.
COUNT_WORDS_HELD = 2
SHORT_COUNT = 4
#: How many of the question's words the clause asking the count must have to be weighed alone (see `count_stated`).
CLAUSE_WORDS = 2


def measured(said: list[str], things: list[str]) -> list[str]:
    """The thing a counted measure is of ("damage" in "how many points of damage"): a record stating a count of it
    answers the count too ("33 damage loses"). Empty when the counted words are not followed by "of"."""
    for i in range(len(said) - 2):
        if (said[i], said[i + 1]) == ("how", "many"):
            after = i + 2 + len(things)
            if not things or said[after : after + 1] != ["of"]:
                return []
            return [w for w in said[after + 1 : after + 4] if w not in STOPWORDS and not is_number(w)][:1]
    return []


def states_count(said: list[str], things: list[str]) -> bool:
    """Whether a text states a count of one of ``things``: a number at most two words before it ("exactly 20
    Spirits", "six realms") or an open count a few words before ("no limit to the number of cards")."""
    targets = {stem(t) for t in things}
    for i, w in enumerate(said):
        if i and said[i - 1] == "as" and is_number(w):
            continue  # "counts as one card" likens, it does not count ("as many as" does)
        reach = 3 if is_number(w) else 7 if w in OPEN_COUNT else 0
        if reach and any(stem(x) in targets for x in said[i + 1 : i + reach]):
            return True
    return False


#: Marks that end a clause of a record: a count is read within one ("phases 0 to 6: 0 rule cards" counts no cards).
CLAUSE_END = r"([:;.])"
#: A number that opens an item of a list after a colon or a semicolon ("0 rule cards; 1 draw"): it numbers the item,
#: it does not count what follows.
ITEM_NUMBER = r"^\s*\d+\b"


def states_count_in(record: Sequence[Any], things: list[str]) -> bool:
    """Whether a record's own title or text states a count of one of ``things`` (see `states_count`) within one
    clause, a numbered list item's number left out."""
    parts = re.split(CLAUSE_END, f"{record[3]}. {record[4]}")  # compiled when first needed, not at import
    clauses = [
        re.sub(ITEM_NUMBER, "", c) if n and parts[n - 1] in ":;" else c for n, c in enumerate(parts) if n % 2 == 0
    ]
    return any(states_count(words(c), things) for c in clauses)


#: Words of a thing's size: a number stated for it counts what it holds ("maximum hand size: 4" answers "how many
#: cards may I hold in my hand").
SIZE = frozenset({"size", "sizes"})
#: How many words after the size word its number may stand ("size: 4", "size is 4", "size of 7").
SIZE_REACH = 3


#: Verbs of what a player holds: a count of what they may hold ("how many spells may I hold") is their hand's size.
HOLDING = frozenset({"hold", "holds", "holding", "held"})


def states_size(said: list[str], asked: set[str]) -> bool:
    """Whether a text states a number for the size of a thing the question's count clause names (``asked``): the
    count of what it holds (a player holding things holds their hand).

    Examples:
        >>> states_size("recalls spells up to their maximum hand size 4 plus 1".split(), {"how", "many", "hand"})
        True
        >>> states_size("recalls spells up to their maximum hand size 4 plus 1".split(), {"how", "many", "hold"})
        True
        >>> states_size("a hand size limit".split(), {"hand"})
        False
    """
    if HOLDING & asked:
        asked = asked | {"hand"}
    return any(
        w in SIZE and i and said[i - 1] in asked and any(is_number(x) for x in said[i + 1 : i + 1 + SIZE_REACH])
        for i, w in enumerate(said)
    )


#: The clause a count is asked in: from "how many" to the next mark or "and" ("how many realms in a formation").
COUNT_CLAUSE = r"\bhow many\b(.*?)(?:[,;:?.!]|\band\b|$)"


def _count_clause(text: str) -> set[str]:
    """The words of the clause a question asks its count in (empty when it asks none)."""
    found = re.search(COUNT_CLAUSE, text.lower())
    return set(words(found.group(0))) if found else set()


def count_stated(query: Query, lex: Lexicon, games: list[str], things: list[str]) -> Callable[[dict[str, Any]], bool]:
    """Whether a ranked record states a count of ``things`` and holds the question's other words."""
    game_words = {w for g in games for w in lex.name_words.get(g, ())} | set(games)
    # A number the question gives is the setting of the count it asks, not a word its answer holds ("how many runes
    # can I set in one turn" is answered by a record stating a count of runes set, without "one").
    concepts = [c for c in query.concepts if c.word not in game_words and not is_number(c.word)]
    # A game's name counted as its pieces ("how many Elestrals can I have on my field") is not needed, but held by
    # the record it counts as a word of the question it holds.
    named = [c for c in query.concepts if c.word in game_words and c.word in things]
    # A question asking two things ("how many realms in a formation and how are they arranged") may be held to the
    # words of its count's own clause instead, all but one of them, when it has at least two.
    clause = _count_clause(query.text)
    counted = [c for c in concepts if set(c.word.split()) <= clause]
    # A count clause naming the thing counted alone ("how many trunks and how much hp ..."): the record stating a
    # count of it answers that clause.
    alone = bool(counted) and all(c.word in things for c in counted)
    counted_need = len(counted) - 1 if len(counted) >= CLAUSE_WORDS else 1 if alone else len(concepts) + 1
    need = max(1, len(concepts) - 1 if len(concepts) <= SHORT_COUNT else COUNT_WORDS_HELD)

    def states(hit: dict[str, Any]) -> bool:
        doc = lex.by_id[hit["id"]]
        record = lex.records[doc]
        own = {stem(w) for w in words(f"{record[3]}. {record[4]}")}  # its own title and text
        held = sum(any(s in own for s in c.stems) for c in [*concepts, *named])
        held_counted = sum(any(s in own for s in c.stems) for c in counted)
        stated = states_count_in(record, things) or states_size(words(record[4]), clause)
        return (held >= need or held_counted >= counted_need) and stated

    return states
