"""Questions about how players conduct a game, which the rules may not speak of: taking a move back, leaving before
the end, a penalty, a player's slip, looking at or showing cards, a variant for the length or difficulty of a game.

For each, how a question asks for it and how a record's own words state it: the part of
[`rulebook.uncovered`][rulebook.uncovered]'s kinds of answer about the table rather than the game.

Examples:
    >>> from rulebook.conduct import KINDS
    >>> asked, states = KINDS["back"]
    >>> asked("can i take it back".split()), states("no player may take a move back".split())
    (True, True)
    >>> asked, states = KINDS["look"]
    >>> asked("can i look through the discard pile".split()), states("the underworld is public".split())
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["KINDS", "holds_any", "looked_at"]


#: Words of changing a choice made for another ("swap it for a different spell").
SWAP = frozenset({"swap", "switch", "change", "exchange", "replace", "trade"})


def _taking_back(said: list[str]) -> bool:
    """Whether a question asks about taking a move back: "can I take it back", "I changed my mind", "undo", "pick
    it back up" (not "take a spell back into my hand", which moves a card)."""
    for i, w in enumerate(said):
        if w in ("take", "taking", "takes") and "back" in said[i + 1 : i + 4]:
            back = i + 1 + said[i + 1 : i + 4].index("back")
            after = said[back + 1 : back + 2]
            if back == i + 1:
                if not after or not {"from", "into", "to", "in"} & set(said[back + 1 : back + 6]):
                    return True  # "can I take back?" at the end of the clause, "take back a Rune I just Set"
            elif said[i + 1] in ("it", "that", "this", "my", "the") and after not in (["into"], ["to"], ["in"]):
                return True
        if w in ("change", "changed", "changing", "changes") and said[i + 2 : i + 3] == ["mind"]:
            return True
        if w in ("undo", "takeback", "takebacks") and not _undone_by_play(said, i):
            return True
        if w in ("pick", "picks", "picking") and "back" in said[i + 1 : i + 4]:
            back = i + 1 + said[i + 1 : i + 4].index("back")
            if said[back + 1 : back + 2] == ["up"]:
                return True  # "can I pick the two back up": a card played, lifted again
        if (
            w in SWAP
            and said[i + 2 : i + 3] == ["for"]
            and {"different", "another", "other"} & set(said[i + 3 : i + 6])
        ):
            return True  # "can I swap it for a different spell": a choice made, changed
    return False


#: Verbs of playing a card or using an effect: "play Calm to undo the Cataclysm" undoes by a card's effect, not by
#: taking a move back.
PLAYING = frozenset({"play", "playing", "cast", "casting", "use", "using", "activate", "activating", "trigger"})
#: How many words before "to undo" the verb of play may stand ("play Calm now to undo it").
PLAYING_REACH = 5


def _undone_by_play(said: list[str], i: int) -> bool:
    """Whether "undo" at ``said[i]`` is the purpose of a card played or an effect used ("can I play Calm now to undo
    the Cataclysm": the card undoes it), not a move taken back.

    Examples:
        >>> _undone_by_play("can i play calm now to undo it".split(), 6), _undone_by_play("can i undo it".split(), 2)
        (True, False)
    """
    return said[i - 1 : i] == ["to"] and bool(PLAYING.intersection(said[max(0, i - 1 - PLAYING_REACH) : i - 1]))


#: Words of a change undone: undoing, a change of mind, restoring or resetting what was changed.
UNDONE = frozenset(
    {"undo", "undone", "mind", "restore", "restores", "restored", "reset", "resets", "revert", "reverts"}
)


def _states_taking_back(said: list[str]) -> bool:
    """Whether a text speaks of taking something back, undoing it or a change of mind."""
    return any(w == "take" and "back" in said[i + 1 : i + 4] for i, w in enumerate(said)) or bool(UNDONE & set(said))


#: Words of a player leaving a game before its end.
CONCEDE = frozenset(
    {"quit", "quits", "quitting", "concede", "concedes", "conceding", "forfeit", "forfeits", "resign", "resigns"}
)
LEAVE = frozenset({"leave", "leaves", "leaving", "left"})


#: Words of leaving before a game's end ("leaves halfway", "leaves partway through").
HALFWAY = frozenset({"halfway", "partway", "midway", "early", "middle"})
#: Places a card leaves, not a game a player leaves.
PLACES = (["the", "field"], ["the", "board"], ["the", "row"], ["the", "zone"], ["its", "zone"])
#: Things of play that leave the game, not players ("which elements actually leave the game" asks what an attack
#: removes), and how many words before the verb they may stand.
PIECES = frozenset(
    {"card", "cards", "element", "elements", "spell", "spells", "elestral", "elestrals", "champion", "champions"}
)
PIECE_REACH = 3


def _leaving(said: list[str]) -> bool:
    """Whether a question asks about a player leaving a game before its end: "if someone quits halfway", "one player
    has to leave halfway through", "can we agree to call it a draw" (not a card leaving it).

    Examples:
        >>> _leaving("what if one player has to leave the game early".split())
        True
        >>> _leaving("when the numbers match which elements actually leave the game".split())
        False
    """
    if CONCEDE & set(said):
        return True
    for i, w in enumerate(said):
        after = said[i + 1 : i + 6]
        if after[:2] in PLACES or after[:1] == ["play"]:
            continue  # "if the attacker leaves the field in the middle of a battle": a card leaving a place
        left = w in LEAVE and (HALFWAY & set(after) or after[:2] == ["the", "game"])
        if left and not PIECES & set(said[max(0, i - PIECE_REACH) : i]):
            return True
        if (w == "call" and after[:3] == ["it", "a", "draw"]) or (w in ("agree", "agreed") and "draw" in after):
            return True
    return False


def _states_leaving(said: list[str]) -> bool:
    """Whether a text speaks of a player quitting, conceding or leaving the game."""
    return bool(CONCEDE & set(said)) or any(
        w in LEAVE and said[i + 1 : i + 3] == ["the", "game"] for i, w in enumerate(said)
    )


#: Words of a penalty ("what's the penalty for slow play").
PENALTY = frozenset({"penalty", "penalties", "penalized", "penalised", "penalize", "penalise", "punished"})
#: Words that state a penalty: the penalty itself, or what a player loses.
PENALTY_STATED = PENALTY | {"disqualified", "disqualification", "warning", "lose", "loses", "losing", "lost", "loss"}


def _penalty(said: list[str]) -> bool:
    """Whether a question asks for the penalty of something ("what's the penalty for slow play", "is there a
    penalty?")."""
    return bool(PENALTY & set(said))


#: Words of a player's slip: what went wrong by accident ("I flipped it by mistake", "I accidentally drew two").
SLIP = frozenset({"accident", "accidentally", "accidental", "mistake", "mistakenly", "misdeal", "misdealt", "oops"})
#: Words of a document's own mistake (its example, the rulebook): an erratum answers those.
DOCUMENTS = frozenset({"example", "sample", "rulebook", "rules", "guide", "document", "printed", "text", "card's"})
#: Words that state what is done about a slip: the mistake itself, or taking back and undoing.
SLIP_STATED = SLIP | {"error", "errors", "undo", "undone", "redo", "wrong", "wrongly", "correct", "corrected"}


def _slip(said: list[str]) -> bool:
    """Whether a question asks what to do about a player's slip ("I flipped it by accident, do I turn it back?"):
    read in the whole question (the slip is told, then asked about), not about a document's mistake ("a mistake in
    the rulebook's example")."""
    return bool(SLIP & set(said)) and not DOCUMENTS & set(said)


def _states_slip(said: list[str]) -> bool:
    """Whether a text speaks of a slip and what is done about it (an error, undoing, taking back)."""
    return bool(SLIP_STATED & set(said)) or _states_taking_back(said)


#: Words of looking at cards ("can I look through the discard pile", "peek at my deck").
LOOK = frozenset({"look", "looking", "peek", "peeking", "browse", "inspect", "show", "showing"})
#: Where cards lie out of play, which a player may or may not look at ("the discarded cards" names the discard pile).
PILES = frozenset(
    {
        *("pile", "piles", "discard", "discards", "discarded", "deck", "decks", "hand", "hands", "graveyard"),
        "underworld",
        *("banished", "abyss", "plane", "limbo", "void"),
    }
)
#: How many words after the looking word the pile is named ("look back through my own discard pile").
LOOK_REACH = 6
#: Words that state who may look at cards: looking itself, or cards public or hidden (not a card revealed in play,
#: which speaks of the game's layout: Elementals' elementals are revealed as the cards on them go; nor "on view",
#: which says what is in play).
LOOK_STATED = frozenset(
    {"look", "looked", "looking", "see", "seen", "peek", "viewed", "inspect", "public", "hidden", "secret"}
    | {"private"}
)


#: Words before a looking word that make it a state, not a deed asked about ("only the queen is showing").
BEING = frozenset({"is", "are", "was", "were", "s"})
#: Words between the looking word and the pile that name neither ("look through my own whole deck").
NOT_PILES = frozenset({"through", "thru", "at", "in", "into", "over", "own", "whole", "entire", "all"})


def looked_at(said: list[str]) -> list[str]:
    """The words naming what a question asks whether a player may look at or show, up to the first pile named ("can I
    look through my own Underworld and..." looks at "underworld"); empty when it asks no such thing.

    Examples:
        >>> looked_at("am i allowed to look through my own underworld and my opponent s".split())
        ['my', 'underworld']
        >>> looked_at("am i allowed to look through the discarded cards".split())
        ['the', 'discarded']
        >>> looked_at("only the queen is showing if i discard".split())
        []
    """
    for i, w in enumerate(said):
        span = said[i + 1 : i + 1 + LOOK_REACH]
        if w in LOOK and PILES & set(span) and said[i - 1 : i] not in [[b] for b in BEING]:
            end = next(n for n, x in enumerate(span) if x in PILES)
            return [x for x in dict.fromkeys(span[: end + 1]) if x not in NOT_PILES]
    return []


def _looking(said: list[str]) -> bool:
    """Whether a question asks whether a player may look at a pile, a deck or a hand, or show one ("can I look through
    the banished pile", "am I allowed to peek at my deck", "may I show my hand to another player"; not "only the queen
    is showing", a card's state)."""
    return bool(looked_at(said))


#: Words of a game made longer, shorter, easier or harder than the rules make it ("for a longer game").
CHANGED = frozenset({"longer", "shorter", "quicker", "faster", "slower", "easier", "harder", "tougher"})
#: What is made so: the game or a way of playing it.
PLAYED = frozenset({"game", "games", "match", "matches", "version", "mode", "difficulty"})
#: Words that state a variant of the rules for the length or the difficulty of a game.
VARIANT_STATED = frozenset({"variant", "variants", "handicap", "handicaps", "difficulty"})


def _variant(said: list[str]) -> bool:
    """Whether a question asks for a way to play a game longer, shorter, easier or harder than the rules make it
    ("can I shuffle two decks together for a longer game", "is there an easier mode")."""
    return any(w in CHANGED and said[i + 1 : i + 2] and said[i + 1] in PLAYED for i, w in enumerate(said))


#: Words of dealing or drawing cards again, a do-over of the shuffle ("can I reshuffle and draw again", "mulligan").
REDO = frozenset(
    {
        *("reshuffle", "reshuffles", "reshuffled", "reshuffling", "redraw", "redraws", "redrawing", "redrawn"),
        *("redeal", "redeals", "redealt", "redealing", "mulligan", "mulligans"),
    }
)
#: Verbs of dealing or shuffling that "again" after them makes a do-over ("deal the layout again"; not "draw
#: again", the next turn's draw).
DEALT = frozenset({"deal", "dealing", "shuffle", "shuffling"})
#: Verbs of drawing that "fresh" after them makes a do-over ("draw a fresh three").
DRAWN = frozenset({"draw", "drawing"}) | DEALT
#: How many words after the verb "again", "fresh" or "back" may stand ("shuffle them back", "draw a fresh three").
REDO_REACH = 3
#: Words of a deck run out: a reshuffle then asks what the rules do at the deck's end, not for a do-over.
EMPTIED = frozenset({"empty", "dry", "exhausted", "zero"})
RUN = frozenset({"run", "runs", "ran", "running"})
#: Words of a deck searched: shuffling it again afterwards is the search's last step, which the rules for searching
#: answer, not a do-over ("search my Main Deck for an Elestral ... shuffle the deck again once I'm done").
SEARCHED = frozenset({"search", "searches", "searched", "searching"})


def _redoing(said: list[str]) -> bool:
    """Whether a question asks whether cards may be shuffled, dealt or drawn again as a do-over ("can I reshuffle my
    deck mid-game", "can I shuffle them back and draw a fresh three", "may I redeal the same layout"; not "the deck
    ran out, do I reshuffle the discards", which the rules for a deck's end answer; nor shuffling a deck again after
    searching it, which the rules for searching answer).

    Examples:
        >>> _redoing("if my first three cards are bad can i shuffle them back and draw a fresh three".split())
        True
        >>> _redoing("my titan deck ran out do i reshuffle the discards".split())
        False
        >>> _redoing("can i leave it until i draw again".split())
        False
        >>> _redoing("when i search my deck must i shuffle the deck again once done".split())
        False
    """
    if EMPTIED & set(said) or any(w in RUN and said[i + 1 : i + 2] == ["out"] for i, w in enumerate(said)):
        return False
    searched = bool(SEARCHED & set(said))
    for i, w in enumerate(said):
        after = set(said[i + 1 : i + 1 + REDO_REACH])
        if searched and (w.startswith("reshuffl") or w in DEALT or w == "shuffles"):
            continue  # a searched deck shuffled again: the search's last step
        if w in REDO or (w in DEALT and "again" in after) or (w in DRAWN and "fresh" in after):
            return True
        if w in ("shuffle", "shuffling", "shuffles") and "back" in after:
            return True
    return False


#: Words of a person coaching a player during play ("is coaching from the audience allowed", "my friend keeps
#: whispering advice to me").
COACHING = frozenset({"coach", "coaching", "coached", "coaches", "whisper", "whispers", "whispering"})
#: Words of advice, read as a person's only after a verb of giving ("can spectators give advice", "can my friend
#: advise me"): "any advice in the rules about going after the weaker elements" asks what the rules say.
ADVICE = frozenset({"advice", "advise", "advising", "tips", "hints"})
GIVING = frozenset({"give", "gives", "giving", "gave", "offer", "offers", "offering", "get", "getting", "keep"})
#: Whom advice is given to, after the word ("advise me", "advice to the others").
ADVISED = frozenset({"me", "him", "her", "them", "us", "to", "players", "player", "from"})
#: Words that state who may advise or talk to a player, in a record's own words.
ADVICE_STATED = COACHING | ADVICE | {"talk", "talking", "spectator", "spectators", "communicate", "communication"}


def _advising(said: list[str]) -> bool:
    """Whether a question asks about a person advising a player at play, or table talk ("can people watching give
    the players advice", "is coaching from the audience allowed", "is table talk banned"; not "any advice in the
    rules about going after the weaker elements first", which asks what the rules say).

    Examples:
        >>> _advising("can spectators give advice to a player during a match".split())
        True
        >>> _advising("can i tell everybody which spell i am about to play or is table talk banned".split())
        True
        >>> _advising("any advice in the rules about going after the weaker elements first".split())
        False
    """
    if COACHING & set(said) or any(said[i : i + 2] == ["table", "talk"] for i in range(len(said))):
        return True
    return any(
        w in ADVICE and bool(GIVING & set(said[max(0, i - 3) : i]) or set(said[i + 1 : i + 2]) & ADVISED)
        for i, w in enumerate(said)
    )


#: Words of a record of results kept across games ("my win streak"); "win-loss" and "W/L" are read as their two words.
STREAK = frozenset({"streak", "streaks"})
#: Words that state such a record in a ruling's own words (Elemental Clash's scores adding up over several games).
RESULTS_STATED = STREAK | {"tally", "tallies", "several", "series", "league", "running", "total", "totals"}


def _results_kept(said: list[str]) -> bool:
    """Whether a question asks how to keep a record of wins and losses across games ("count it as a loss in my
    win-loss tally", "an official way to keep track of a win streak"), which a ruling states only by speaking of
    such a record.

    Examples:
        >>> _results_kept("should i count it as a loss in my win-loss tally".replace("-", " ").split())
        True
        >>> _results_kept("does a loss end the game".split())
        False
    """
    pairs = {tuple(said[i : i + 2]) for i in range(len(said) - 1)}
    return bool(STREAK & set(said)) or bool(pairs & {("win", "loss"), ("wins", "losses"), ("w", "l")})


def holds_any(choices: frozenset[str]) -> Callable[[list[str]], bool]:
    """A test of a text's words: whether any of them is one of ``choices``.

    Examples:
        >>> holds_any(frozenset({"undo"}))("can i undo that".split())
        True
    """
    return lambda said: any(w in choices for w in said)


#: The kinds of answer about the table: how each is asked, and how a record's own words state one.
KINDS: dict[str, tuple[Callable[[list[str]], bool], Callable[[list[str]], bool]]] = {
    "back": (_taking_back, _states_taking_back),
    "leaving": (_leaving, _states_leaving),
    "penalty": (_penalty, holds_any(PENALTY_STATED)),
    "slip": (_slip, _states_slip),
    "look": (_looking, holds_any(LOOK_STATED)),
    "variant": (_variant, holds_any(VARIANT_STATED)),
    "redo": (_redoing, holds_any(REDO)),
    "advice": (_advising, holds_any(ADVICE_STATED)),
    "results": (_results_kept, holds_any(RESULTS_STATED)),
}
