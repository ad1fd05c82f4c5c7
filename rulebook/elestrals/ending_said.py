"""Both players' decks told, and what each must draw or Expend now, with who wins asked: computed as ``rulebook
elestrals end``.

"P1 has 0 cards in the Main Deck and must draw 1, P2 has 4 cards, and each has 5 Spirits. Who wins?" tells, for each
player named as P1 or P2 ("player one", "player 2"), the cards in the Main Deck ("4 cards", "four Main Deck cards"),
the Spirits in the Spirit Deck ("six Spirits"), and the cards to draw ("must draw 1", "has to draw a card") or
Spirits to Expend ("must Expend 2") now; a count said of "each" or "both" is each player's. Computed only when both
players' two decks are told, someone must draw or Expend, and the question asks who wins or loses. Not computed: a
player told as "I" or "my opponent" (which of P1 and P2 is which is unsaid), cards in hand, a round's end.
"""

from __future__ import annotations

import operator

from rulebook.questions import Reading, Token, count_of

#: Words naming a player by number ("P1", "player one", "player 2").
PLAYER_WORDS = {"p1": "P1", "p2": "P2", "p1's": "P1", "p2's": "P2"}
NUMBERED = {"one": "P1", "1": "P1", "two": "P2", "2": "P2", "one's": "P1", "two's": "P2"}
#: Words that say a count is each player's ("each has 5 Spirits", "both have 5 Spirits", "5 Spirits each").
EACH = frozenset({"each", "both"})
#: Words asking who wins or loses.
ASKED = frozenset({"wins", "win", "won", "loses", "lose", "lost", "winner", "loser", "over", "ends"})
#: Words of the asker or their opponent, whose number is unsaid.
UNNUMBERED = frozenset({"i", "my", "me", "opponent", "opponent's", "you", "your"})
#: Verbs of drawing and Expending now.
DRAW = frozenset({"draw", "draws", "drawing"})
EXPEND = frozenset({"expend", "expends", "expending"})


def _players(words: list[Token]) -> list[tuple[int, str]]:
    """The places where a player is named, and which ("P1", "player two")."""
    found = []
    for n, t in enumerate(words):
        if t.word in PLAYER_WORDS:
            found.append((n, PLAYER_WORDS[t.word]))
        elif t.word == "player" and n + 1 < len(words) and words[n + 1].word in NUMBERED:
            found.append((n, NUMBERED[words[n + 1].word]))
    return found


def _told(span: list[Token], counts: dict[str, int]) -> None:
    """The counts one player's words tell, into ``counts`` (main, spirits, draws, expends)."""
    for n, t in enumerate(span):
        nxt = [w.word for w in span[n + 1 : n + 4]]
        if t.word in DRAW | EXPEND and n + 1 < len(span):
            value = count_of(span[n + 1])
            if value is not None:
                counts["draws" if t.word in DRAW else "expends"] = value
            continue
        after = span[n + 1].number if n + 1 < len(span) else None
        if after is not None and (t.word in ("spirits", "spirit") or (t.word == "deck" and n)):
            # "Spirits 4", "Main Deck 0", "Spirit Deck 3": the count told after its deck
            key = "main" if t.word == "deck" and span[n - 1].word == "main" else "spirits"
            if t.word != "deck" or span[n - 1].word in ("main", "spirit"):
                counts[key] = after
            continue
        value = count_of(t) if t.number is not None or t.word in ("zero", "no") else None
        if value is None or not nxt:
            continue
        if nxt[0] in ("spirit", "spirits"):
            counts["spirits"] = value
        elif (nxt[0] in ("card", "cards") and "hand" not in nxt[1:]) or nxt[:2] == ["main", "deck"]:
            counts["main"] = value  # "4 cards", "four Main Deck cards", not "2 cards in hand"


def read_end(words: list[Token]) -> Reading | None:
    """Read both players' decks and what each must draw or Expend, and decide the game; ``None`` when the question
    does not tell a Main Deck of a numbered player.

    Examples:
        >>> from rulebook.questions import tokens
        >>> q = "P1 has 0 cards in the Main Deck and must draw 1, P2 has 4 cards, and each has 5 Spirits. Who wins?"
        >>> read_end(tokens(q)).ruling.verdict
        'P1 loses: P2 wins'
        >>> read_end(tokens("How many cards are in the Main Deck?")) is None
        True
    """
    texts = list(map(operator.attrgetter("text"), words))  # no line per word: a reader's work is bounded per character
    if "main" not in texts or "deck" not in texts or not {"p1", "p2", "p1's", "p2's", "player"} & set(texts):
        return None
    said = [t.word for t in words]
    named = _players(words)
    if not named or not any(said[n : n + 2] == ["main", "deck"] for n in range(len(said))):
        return None
    reading = Reading("elestrals", "who wins an Elestrals game when players must draw or Expend")
    told: dict[str, dict[str, int]] = {"P1": {}, "P2": {}}
    shared: dict[str, int] = {}
    bounds = [*(n for n, _ in named), len(words)]
    # the words before the first player named, and each player's words up to the next one named
    for (start, who), end in zip(named, bounds[1:], strict=False):
        span = words[start:end]
        cut = next((k for k, t in enumerate(span) if t.word in EACH), len(span))
        _told(span[:cut], told[who])
        _told(span[cut:], shared)
    if any(t.word in EACH for t in words[: named[0][0]]):
        _told(words[: named[0][0]], shared)  # "each has 5 Spirits; P1 has ...": told before the players
    for counts in told.values():
        for key, value in shared.items():
            counts.setdefault(key, value)
    if UNNUMBERED & set(said):
        reading.missing.append("which player is P1 and which P2 (a player told as I or my opponent)")
    for who, counts in told.items():
        reading.read += [f"{who}: " + ", ".join(f"{k} {v}" for k, v in counts.items())] if counts else []
        if "main" not in counts or "spirits" not in counts:
            reading.missing.append(f"{who}'s Main Deck and Spirit Deck")
    if not any("draws" in c or "expends" in c for c in told.values()):
        reading.missing.append("what a player must draw or Expend now")
    if not ASKED & set(said):
        reading.missing.append("who wins (the question asks something else)")
    if "hand" in said or "round" in said:
        reading.missing.append("the game's end from the decks alone (a hand or a round's end is told)")
    if reading.missing:
        return reading
    from rulebook import elestrals

    pick = lambda key: {w: c[key] for w, c in told.items() if key in c} or None  # noqa: E731
    reading.ruling = elestrals.game_end(pick("main"), pick("spirits"), pick("draws"), pick("expends"))
    return reading
