"""A player's hand at the end of a round told, with the trunks they have lost: computed as ``rulebook elephants
end-round``.

"The round just ended with my hand completely empty and I've lost one trunk; do I get a new spell set, and how
many spells do I recall?" tells the spells in hand when the round ends ("my hand is empty", "no spells left in
hand", "2 spells in hand") and the trunks destroyed ("lost one trunk", "no trunks lost", "one of my trunks is
destroyed"). Computed only when both are told and the question asks what the hand becomes (a new set, recalls, the
hand's size); with spells left in hand, only when the question says they are all kept ("I keep both"): how many are
kept is the player's choice, which the question must state.
"""

from __future__ import annotations

import operator

from rulebook.questions import Reading, Token, count_of
from rulebook.registry import ELEPHANTS_ROUND_END

#: Words of the round's end.
ENDED = frozenset({"ended", "ends", "end", "ending", "over"})
#: Words of an empty hand ("my hand is empty", "an empty hand", "no spells in hand").
EMPTY = frozenset({"empty", "emptied"})
#: Words of a hand refilled at the round's end, one of which the question says ("recall", "refill", "ended").
REFILLED = frozenset(ELEPHANTS_ROUND_END)
#: Words asking what the hand becomes.
ASKED = frozenset({"recall", "recalls", "new", "refill", "fill", "draft", "set", "size", "happens", "get"})
#: Words of trunks lost.
LOST = frozenset({"lost", "lose", "destroyed", "gone", "broken"})
#: Words saying every spell left is kept ("I keep both", "keeping them all").
KEEP = frozenset({"keep", "keeping", "kept"})
ALL = frozenset({"all", "both", "every", "everything", "them"})


def _hand(said: list[str], words: list[Token]) -> int | None:
    """The spells in hand at the round's end: 0 for an empty hand, else the count before "spell(s)" or "card(s)"
    with "hand" near ("2 spells left in my hand", "my hand has 1 spell"); ``None`` when not told."""
    for n, w in enumerate(said):
        near = said[max(0, n - 4) : n + 4]
        if w in EMPTY and "hand" in near:
            return 0
        if w in ("spell", "spells", "card", "cards") and n and "hand" in said[max(0, n - 4) : n + 5]:
            value = count_of(words[n - 1])
            if value is not None:
                return value
    return None


def _trunks(said: list[str], words: list[Token]) -> int | None:
    """The trunks lost: the count before "trunk(s)" with a word of losing near ("lost one trunk", "no trunks lost",
    "one of my trunks is destroyed"); ``None`` when not told."""
    for n, w in enumerate(said):
        if w not in ("trunk", "trunks") or not LOST & set(said[max(0, n - 3) : n + 4]):
            continue
        back = n - 3 if said[n - 2 : n] == ["of", "my"] else n - 1  # "one of my trunks"
        value = count_of(words[back]) if back >= 0 else None
        if value is not None:
            return value
    return None


def read_round_end(words: list[Token]) -> Reading | None:
    """Read a hand at the round's end and the trunks lost, and say what the hand becomes; ``None`` when the question
    tells no round's end with a hand.

    Examples:
        >>> from rulebook.questions import tokens
        >>> q = "The round ended with my hand empty and I've lost one trunk; a new set? how many do I recall?"
        >>> read_round_end(tokens(q)).ruling.verdict
        'New spell set (automatic); recall 2 to fill the hand of 5'
        >>> read_round_end(tokens("How big is a hand?")) is None
        True
    """
    texts = list(map(operator.attrgetter("text"), words))  # no line per word: a reader's work is bounded per character
    said_texts = set(texts)
    if not {"round", "round's"} & said_texts or "hand" not in said_texts or not ENDED & said_texts:
        return None
    if not REFILLED & said_texts:
        return None
    said = [t.word for t in words]
    hand = _hand(said, words)
    if hand is None:
        return None
    reading = Reading("elephants", "what an Elemental Elephants hand becomes at the end of the round")
    trunks = _trunks(said, words)
    reading.read.append(f"{hand} spells in hand at the round's end")
    if trunks is None:
        reading.missing.append("how many of the player's trunks are destroyed")
    else:
        reading.read.append(f"{trunks} trunks lost")
    if hand and not (KEEP & set(said) and ALL & set(said)):
        reading.missing.append("how many spells in hand are kept (the player's choice)")
    if not ASKED & set(said):
        reading.missing.append("what the hand becomes (the question asks something else)")
    if trunks is not None and trunks > 2:
        reading.missing.append("a player still in the game (at most 2 trunks lost)")
    if reading.missing:
        return reading
    from rulebook import elephants

    reading.ruling = elephants.end_of_round(hand, trunks_lost=trunks or 0)
    return reading
