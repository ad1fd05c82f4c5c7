"""Elementals questions about one card played onto one elemental, computed by the engine.

The question names one titan card played ("7S", "10h", "7 of spades", "two of hearts", "a joker as a 6") onto one
elemental ("KS", "queen of hearts", "the K of hearts", or a lord: Ragnaros is KS, Neptulon KH, Therazane KD, Al'Akir
KC), and, where it states them, the cards already on that elemental ("Neptulon has 9D and 4S on him", "with the 5 of
diamonds on it"; "has nothing on it" states none); when the player's hand is told as one card and no card named is
said to be played, that card is played onto them ("the queen of spades has 8H and 5D on it, and I hold the 2 of
spades. Can I banish it?", "... and the ace of hearts is in my hand; can I finish off Neptulon?"); where the hand is
told ("my hand is ...", "I'm holding ..."), the card played is one it holds, and its one card is played even when
the play names it by its rank alone ("I'm holding the 6 of spades. Can I play the 6 on her?"). The play is
judged exactly as ``rulebook elementals check "7S > KS" --hand 7S --targets KS [--pile KS=...]`` judges it: a
position set up from the hand (the card played), the target and its pile, then the state's ``refusal`` and
``explain``.

Anything less stated (no card, no elemental, two of either without the cards on the elemental saying which is
which, a joker without its power, a lord's power rather than the lord) is not read: ``None``, and the rulings
answer. The layout's reveals are not part of the answer: the question states no layout.

Examples:
    >>> print(read("can my 7 of spades hit ragnaros").ruling.verdict)
    illegal: KS is immune to fire: 7S deals it no damage
    >>> read("neptulon has 9D and 4S on him, can i banish with the 3 of diamonds").ruling.rules
    ('elementals.attack.banish-element',)
    >>> read("what does ragnaros do?") is None
    True
"""

from __future__ import annotations

import itertools
import re

from rulebook.conduct import KINDS, UNDONE
from rulebook.questions import Reading
from rulebook.registry import (
    ELEMENTALS_HARM,
    ELEMENTALS_PAIRED,
    ELEMENTALS_UNPLAYED,
    ELEMENTALS_WORTH,
    game,
    games,
    rules,
)

__all__ = ["joker_against", "own_element", "read", "told_relation"]

_DATA = rules("elementals").data
_SUITS = tuple(_DATA["suits"])  # the suit letters: H D S C
_ELEMENTAL_RANKS = frozenset(_DATA["elemental_ranks"]["ranks"])  # J Q K
_DAMAGE_CARDS: int = _DATA["rules"]["damage_cards"]  # the cards on an elemental before its banish card
#: The lords by name (as rulebook/data/elementals.toml names them), and without the apostrophe.
LORD_NAMES = {
    **{v["name"].lower(): f"K{s}" for s, v in _DATA["lords"].items()},
    **{v["name"].lower().replace("'", ""): f"K{s}" for s, v in _DATA["lords"].items()},
}
SUIT_WORDS = {
    **{w: "S" for w in ("spade", "spades")},
    **{w: "H" for w in ("heart", "hearts")},
    **{w: "D" for w in ("diamond", "diamonds")},
    **{w: "C" for w in ("club", "clubs")},
}
RANK_WORDS = {
    **{w: str(n) for n, w in enumerate(("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 2)},
    **{str(n): str(n) for n in range(2, 11)},
    **{"ace": "A", "jack": "J", "queen": "Q", "king": "K"},
    **{"j": "J", "q": "Q", "k": "K"},  # "the K of diamonds" (a letter is a rank only before "of" and a suit)
}
#: The words asking whether a card can harm an elemental at all ("can a spade hurt Ragnaros", "10 of spades against
#: Ragnaros?", "is the ace of diamonds any use against Therazane"): no play is computed for them, but when the card
#: or suit named is the elemental's own, the rule they rest on is its immunity to its own element.
HARM = frozenset({*ELEMENTALS_HARM, "use"})  # the registry's words of harm, and "use" (a word of play too)
#: The words of a question about the banish card or the damage's sum rather than a damage card's harm.
NOT_HARM = frozenset(
    {"banish", "banished", "banishes", "banishing", "finish", "third", "last", "sum", "total", "enough"}
)
#: The words naming an elemental after its suit ("the clubs jack", "a spade queen").
_ELEMENTAL_WORDS = frozenset({"jack", "queen", "king"})
#: The elements' names, each its suit's letter ("a fire elemental" is a spade).
ELEMENT_SUITS = {name: letter for letter, name in _DATA["suits"].items()}
#: The words naming an elemental after its element ("a fire elemental", "water elementals").
_ELEMENTAL_NOUNS = (["elemental"], ["elementals"])
#: How a question asks which card or suit to set against an elemental ("which suit should I use against Ragnaros",
#: "what beats a fire elemental", "what do I need to kill Neptulon"): a pair of words, or "what" just before a word
#: of harm.
WHICH_CARD = frozenset(
    {
        *(("which", "suit"), ("which", "suits"), ("which", "card"), ("which", "cards"), ("best", "suit")),
        *(("what", "suit"), ("what", "suits"), ("what", "card"), ("what", "cards"), ("best", "card")),
        ("i", "need"),
    }
)
#: The words between "what" and a word of harm ("what can beat...").
_CAN = frozenset({"can", "could", "will", "would"})
#: The words of harm or of play aimed at an elemental, for a question asking which card or suit to aim at it.
AIMED = frozenset({*HARM, "beat", "beats", "kill", "fight", "throw", "vs", "versus"})
#: The rule a question pairing a card or suit with an elemental of the same suit rests on.
IMMUNITY = "elementals.attack.immunity"
#: The rule a question setting a joker, its power not named, against one elemental rests on.
JOKER_ARCANE = "elementals.cards.joker-arcane"
#: The words naming a joker.
_JOKER_WORDS = frozenset({"joker", "jokers", "jk1", "jk2"})
#: The words of a question about what an elemental is worth or one told defeated (the registry's): they try the reader
#: too, which reads such a question without a play (see `told_relation`).
TOLD_WORDS = frozenset(ELEMENTALS_WORTH)
#: The words of a play the player states making ("can my 7S...", "I play...", "banish it with..."): a question
#: without one asks what a card does in general ("can the 7 of spades hurt the queen of spades"), which the rulings
#: answer. One list, the registry's less its words of harm (the reader is tried for those too, and only names the
#: rule they rest on): the same words tell `ask` to try this reader at all.
PAIRED = frozenset(ELEMENTALS_PAIRED)  # the registry's words setting one card beside one elemental ("on", "and")
STATED_PLAY = game("elementals").verbs - (HARM - {"use"}) - TOLD_WORDS - PAIRED
#: The most words of a question setting one card beside one elemental with no play stated ("queen of spades and the 9
#: of spades, whats the deal there"); a longer one tells more than the pair.
PAIRED_WORDS = 12
#: Of those, the words of a card played (one of them must come just before the card played when the question names
#: more than one titan card).
PLAYING = STATED_PLAY - {"i", "banish", "banishes", "finish", ">"}
#: The words of a question that states cards already on the elemental.
HOLDING = frozenset({"has", "have", "had", "already", "holds", "holding", "carries", "carrying"})
#: After "on", the elemental a card lies on ("with the 5 of diamonds on it"): the cards before are already on it.
ON_IT = frozenset({"it", "him", "her", "them"})
ON_LIST = [[w] for w in sorted(ON_IT)]
#: Words that state an elemental's pile empty ("the King of Clubs has nothing on it yet").
EMPTY = frozenset({"nothing", "empty", "bare"})
#: Words of another action than a card played onto an elemental (a discard, a lord's power unleashed).
OTHER_ACTION = frozenset(
    {
        *("discard", "discards", "discarded", "discarding", "unleash", "unleashed", "unleashing", "power", "powers"),
        *("whispers", "touch", "breath", "deck", "draw", "draws", "drew", "plane", "layout", "pyramid", "kite"),
        *("tower", "or", "either"),
    }
)
#: The words that tell the player's hand ("my hand is ...", "hand: 7H 6C").
HAND = frozenset({"hand"})
#: The words that tell the player's hand by its holder ("I hold ...", "I'm holding the 6 of hearts, ...").
_I_HOLD = (["i", "hold"], ["i'm", "holding"], ["im", "holding"], ["am", "holding"])
#: The words of holding before the cards told as "in hand" ("I have ... in hand", "i got ... in my hand").
_HOLDER = frozenset({"have", "got", "hold", "holding", "keep", "keeping"})
#: A joker's power told in words or figures ("as a 5", "as a four"): 1 to 10.
_POWERS = {
    **{str(n): str(n) for n in range(1, 11)},
    **{w: str(n) for n, w in enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight"), 1)},
    **{"nine": "9", "ten": "10"},
}
#: The words before a joker's power ("as a 5", "name it 3", "called 7").
_POWER_TOLD = frozenset({"as", "it", "called", "named"})
#: How many words after "joker" its power may be told.
_JOKER_REACH = 13
#: A sentence's end.
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
#: A group in parentheses, without parentheses inside.
_PARENS = re.compile(r"\([^()]*\)")
#: Short card names that are also English words: read as cards only when written in capitals ("AS", not "as").
_WORDS_TOO = frozenset({"as", "ad", "ah", "ac"})

# One linear scan: a word (with an inner apostrophe), a number, "=" or ">".
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[=>]", re.IGNORECASE)
_SHORT = re.compile(r"(10|[2-9]|[akqj])([shdc])", re.IGNORECASE)


def _short(raw: str) -> str | None:
    m = _SHORT.fullmatch(raw)
    if m is None or (raw.lower() in _WORDS_TOO and not raw.isupper()):
        return None
    return m.group(1).upper() + m.group(2).upper()


def _hand_words(question: str) -> set[int]:
    """The places of the words that tell the player's hand ("my hand is the 7 of hearts and 6 of clubs", "I hold
    ...", "I have the 2 of diamonds in hand"): from the hand's word to the end of its sentence or to a word of a play
    ("my hand is 3S 6C 2H and I play the 3 of spades"), and the cards told just before "in hand", in every sentence
    but the last (the question asked) and in the last one's clauses before its last comma ("..., i hold the 5 of
    diamonds, can it be my banish card").

    Examples:
        >>> sorted(_hand_words("the queen has 9S on it, i hold the 5 of diamonds, can i banish her"))
        [7, 8, 9, 10, 11]
        >>> _hand_words("can i banish the queen with the 5 of diamonds i hold")
        set()
    """
    sentences = _SENTENCE.split(question)
    places: set[int] = set()
    start = 0
    for n, sentence in enumerate(sentences):
        words = [m.group().lower() for m in _WORD.finditer(sentence)]
        told = len(words) if n < len(sentences) - 1 else len(_WORD.findall(_telling(sentence)))
        at = next((k for k, w in enumerate(words[:told]) if w in HAND or words[k - 1 : k + 1] in _I_HOLD), None)
        if at is not None:
            end = next((k for k in range(at + 1, told) if words[k] in PLAYING), told)
            places.update(range(start + at, start + end))
            places.update(start + k for k in _held_before(words, at))
        start += len(words)
    return places


def _telling(sentence: str) -> str:
    """The part of the question's last sentence that tells rather than asks: up to its last comma, or to the end of
    a list in parentheses ("from my hand (3 of diamonds, 5 of clubs, 7 of spades) can I put ..."), whose commas
    join the list rather than end the telling.

    Examples:
        >>> _telling("from my hand (3D, 5C, 7S) can I put the 3D on it?")
        'from my hand (3D, 5C, 7S'
        >>> _telling("i hold the 5 of diamonds, can it be my banish card")
        'i hold the 5 of diamonds'
    """
    masked = _PARENS.sub(lambda m: m.group().replace(",", " "), sentence)
    return sentence[: max(masked.rfind(","), masked.rfind(")"), 0)]


def _held_before(words: list[str], at: int) -> range:
    """The places of the cards told just before "in my hand" ("the ace of hearts is in my hand", "I have the 7 of
    hearts and the 6 of clubs in hand"), the hand's word at ``at``; empty when the hand is not told so."""
    k = at - 1 if words[at - 1 : at] != ["my"] else at - 2
    if words[k : k + 1] != ["in"]:
        return range(0)
    if words[k - 1 : k] in (["is"], ["are"]):
        k -= 2  # the card's last word
        if k >= 2 and words[k - 1] == "of" and words[k - 2] in RANK_WORDS:
            return range(k - 2, k + 1)
        return range(k, k + 1) if k >= 0 and _SHORT.fullmatch(words[k]) else range(0)
    # "I have / I've got / I'm holding <cards> in hand": every word back to the word of holding.
    holder = next((j for j in range(k - 1, max(k - 14, -1), -1) if words[j] in _HOLDER), None)
    return range(holder + 1, k) if holder is not None else range(0)


def _cards(words: list[str], raw: list[str], hand: set[int] | None = None) -> list[tuple[int, str]] | None:
    """Every card the question names, with the place of its first word; ``None`` for a joker without its power or
    a lord's power named (a possessive lord, "Hand of Ragnaros"). The titan cards told as the player's hand (at the
    places ``hand``) are left out: the question names again the one it plays."""
    found: list[tuple[int, str]] = []
    hand = hand or set()
    n = 0
    while n < len(words):
        w = words[n]
        lord = w in LORD_NAMES or w.removesuffix("'s") in LORD_NAMES
        if n in hand and not lord and not _names_elemental(words, raw, n):
            n += 1
            continue
        if lord:
            if w.endswith("'s") or (n and words[n - 1] == "of"):
                return None
            found.append((n, LORD_NAMES[w]))
        elif w in RANK_WORDS and n + 2 < len(words) and words[n + 1] == "of" and words[n + 2] in SUIT_WORDS:
            found.append((n, RANK_WORDS[w] + SUIT_WORDS[words[n + 2]]))
            n += 2
        elif (
            w in SUIT_WORDS
            and n + 1 < len(words)
            and RANK_WORDS.get(words[n + 1], "").isdigit()
            and (n + 2 >= len(words) or words[n + 2] not in SUIT_WORDS)
        ):
            found.append((n, RANK_WORDS[words[n + 1]] + SUIT_WORDS[w]))  # "a spade 10", "the heart 7": a titan card
            n += 1
        elif w.startswith("jk") or w in ("joker", "jokers"):
            at = next((k for k in range(n + 1, min(n + 4, len(words))) if words[k].isdigit()), None)
            at = _played_as(words, n) if at is None else at
            power = None if at is None else _POWERS.get(words[at])
            if power is None:
                return None
            found.append((n, f"{w.upper() if w in ('jk1', 'jk2') else 'JK1'}={power}"))
            n = at
        elif (card := _short(raw[n])) is not None:
            found.append((n, card))
        n += 1
    return found


def _played_as(words: list[str], n: int) -> int | None:
    """The place of the power a joker at ``n`` is played as, told a few words on ("play the joker on the jack as a
    7", "a joker in hand that I want to play on her as a 5", "a joker as the second card, named 3", "as a four").

    Examples:
        >>> said = "can i play the joker as a four on the queen".split()
        >>> said[_played_as(said, 3)]
        'four'
    """
    for k in range(n + 1, min(n + _JOKER_REACH, len(words))):
        rest = words[k + 1 : k + 3]
        if words[k] in _POWER_TOLD and rest:
            at = k + 2 if rest[0] in ("a", "an") and len(rest) > 1 else k + 1
            if words[at] in _POWERS:
                return at
    return None


def _names_elemental(words: list[str], raw: list[str], n: int) -> bool:
    """Whether the words at ``n`` name an elemental ("the king of spades", "KS"): never a card of the player's hand,
    so kept where the hand is told ("Hand is 8S 4H 3C, the king of spades is bare")."""
    if words[n] in RANK_WORDS and words[n + 1 : n + 2] == ["of"] and words[n + 2 : n + 3] != []:
        return RANK_WORDS[words[n]] in _ELEMENTAL_RANKS and words[n + 2] in SUIT_WORDS
    card = _short(raw[n])
    return card is not None and _is_elemental(card)


def _is_elemental(card: str) -> bool:
    return not card.startswith("JK") and card[:1] in _ELEMENTAL_RANKS


def _roles(
    words: list[str], cards: list[tuple[int, str]], hand: frozenset[str] = frozenset()
) -> tuple[str, str, list[str]] | None:
    """The card played, the elemental it is played onto and the cards already on it; ``None`` when unstated. With
    no word of a play before any card, the one named again from the player's ``hand`` is the card played."""
    elementals = list(dict.fromkeys(c for _, c in cards if _is_elemental(c)))
    titans = [(n, c) for n, c in cards if not _is_elemental(c)]
    if len(elementals) != 1 or not titans or len({c for _, c in titans}) != len(titans):
        return None
    stated = [n for n, w in enumerate(words) if w in HOLDING or (w == "on" and words[n + 1 : n + 2] in ON_LIST)]
    holding = bool(stated)
    named = [c for _, c in titans]
    held = [c for c in hand if c not in named]
    marked = [(n, c) for n, c in titans if any(w in PLAYING for w in words[max(0, n - 3) : n])]
    # A card played comes from the hand: where the hand is told, a card it does not hold is not the one played
    # ("... with a 5 of diamonds on it, and I'm holding the 6 of hearts ...").
    kept = {c.partition("=")[0] for c in hand}  # a joker held is played at the power the play names
    marked = [(n, c) for n, c in marked if not hand or c.partition("=")[0] in kept]
    if holding and len(hand) == 1 and held and not marked:
        # The cards named are all on the elemental, and the one card the hand holds is played ("the queen of spades
        # has the 8 of hearts and the 5 of diamonds on it, and I hold the 2 of spades. Can I banish it now?").
        return None if len(named) > _DAMAGE_CARDS else (held[0], elementals[0], named)
    if len(titans) == 1:
        bare = any(w in EMPTY for w in words)  # "has nothing on it": the pile is stated, and empty
        return None if holding and not bare else (titans[0][1], elementals[0], [])
    played = marked or [(n, c) for n, c in titans if c in hand]
    played = [p for p in played if any(n < p[0] for n in stated)] if len(played) > 1 else played
    if not holding or len(played) != 1:
        return None
    pile = [c for _, c in titans if c != played[0][1]]
    # More cards on an elemental than its damage cards is no position of the game: not computed.
    return None if len(pile) > _DAMAGE_CARDS else (played[0][1], elementals[0], pile)


#: An open ask of what a card can do against an elemental ("what can I do with that card against her?", "is the
#: ace of diamonds any use against Therazane?"): no one play is stated, so its outcome is not offered as the answer;
#: the rules such a play rests on are ranked first instead.
OPEN_ASKS = (
    ("what", "can", "i", "do"),
    ("what", "could", "i", "do"),
    ("what", "should", "i", "do"),
    ("any", "use"),
    ("of", "use"),
    ("no", "use"),
    ("good", "for"),
)


def asks_open(words: list[str]) -> bool:
    """Whether a question asks what a card can do rather than one play's outcome.

    Examples:
        >>> asks_open("is the ace of diamonds any use against therazane".split())
        True
        >>> asks_open("can i put the 9 of spades as damage on the queen of spades".split())
        False
    """
    return any(tuple(words[n : n + len(ask)]) == ask for ask in OPEN_ASKS for n in range(len(words)))


#: Steps of the position the reader builds rather than of the question: the reveals of a layout never stated,
#: and the turn's end, since the built hand holds the played card alone.
_BUILT_STEPS = frozenset({"elementals.reveal.uncovered", "elementals.interp.reveal-at-once", "elementals.turn.end"})
#: The rules of what follows a play (where the cards go, a lord kept as a power), not of whether it works: the
#: question asks whether the card does what the player wants, so the rule that decides it is cited last (the
#: outcome ``ask`` puts first) and these before it.
_AFTERMATH = frozenset({"elementals.defeat.banished", "elementals.defeat.lord-power", "elementals.interp.cards-stay"})


def asks_which_card(words: list[str]) -> bool:
    """Whether a question asks which card or suit to aim at an elemental ("which suit should I use against
    Ragnaros", "what beats a fire elemental", "what can hurt the queen of spades", "what do I need to kill Neptulon").

    Examples:
        >>> asks_which_card("which suit should i throw at ragnaros".split())
        True
        >>> asks_which_card("what does ragnaros do".split())
        False
    """
    if not AIMED.intersection(words):
        return False
    pairs = set(itertools.pairwise(words))
    if pairs & WHICH_CARD:
        return True
    for n, w in enumerate(words):
        after = words[n + 1 : n + 3]
        if w == "what" and after[1:] and after[0] in _CAN:
            after = after[1:]
        if w == "what" and after and after[0] in AIMED:
            return True
    return False


def own_element(words: list[str], raw: list[str]) -> Reading | None:
    """A question asking whether a card or a suit can harm one elemental of its own suit ("can a spade hurt
    Ragnaros", "can a 7 of clubs hurt the clubs jack"), or which card or suit to aim at one elemental, naming none
    ("which suit should I use against Ragnaros", "what beats a fire elemental"), no play computed: the rule it rests
    on is the elemental's immunity to its own element (``rests_on``). ``None`` for any other question (another suit,
    no elemental or two, a question about the banish card or the damage's sum).

    Examples:
        >>> said = "can a spade hurt ragnaros".split()
        >>> own_element(said, said).rests_on
        ('elementals.attack.immunity',)
        >>> said = "which suit is best against a fire elemental".split()
        >>> own_element(said, said).rests_on
        ('elementals.attack.immunity',)
        >>> said = "can a heart hurt ragnaros".split()
        >>> own_element(said, said) is None
        True
    """
    harm = [n for n, w in enumerate(words) if w in HARM and words[n + 1 : n + 2] not in (["card"], ["cards"])]
    which = asks_which_card(words)
    paired = len(words) <= PAIRED_WORDS  # one card set beside one elemental, no play stated (checked below)
    if not (harm or which or paired) or any(w in NOT_HARM for w in words):
        return None
    cards = _cards(words, raw) or []
    named = {n + k for n, c in cards if _is_elemental(c) and words[n] in RANK_WORDS for k in range(3)}
    targets = {c[-1] for _, c in cards if _is_elemental(c)}
    for n, w in enumerate(words[:-1]):
        if w in SUIT_WORDS and words[n + 1] in _ELEMENTAL_WORDS:  # "the clubs jack"
            targets.add(SUIT_WORDS[w])
            named.add(n)
        elif w in ELEMENT_SUITS and (words[n + 1 : n + 2] in _ELEMENTAL_NOUNS or words[n + 1] in _ELEMENTAL_WORDS):
            targets.add(ELEMENT_SUITS[w])  # "a fire elemental", "the water king"
    if len(targets) != 1:
        return None
    suit = next(iter(targets))
    titans = [c for _, c in cards if not _is_elemental(c)]
    suits = {SUIT_WORDS[w] for n, w in enumerate(words) if w in SUIT_WORDS and n not in named}
    element = _DATA["suits"][suit]
    if which and not titans and not suits:  # no card or suit named: which one to aim at it
        reading = Reading("elementals", "which card harms an elemental")
        reading.read.append(f"which card or suit to aim at the {element} elemental")
        reading.missing.append("one play to compute: the question asks which card can harm it")
    elif (harm or (paired and len(titans) == 1 and not _loose_suits(words, cards))) and suit in {
        c[-1] for c in titans if not c.startswith("JK")
    } | suits:
        reading = Reading("elementals", "a card's harm to an elemental of its own suit")
        reading.read.append(f"a {element} card against a {element} elemental")
        reading.missing.append("one play to compute: the question asks whether such a card can harm it")
    else:
        return None
    reading.rests_on = (IMMUNITY,)
    return reading


def _loose_suits(words: list[str], cards: list[tuple[int, str]]) -> bool:
    """Whether a question names a suit outside the cards it names ("the 5 of clubs on the king, or a spade?")."""
    within = {n + k for n, _ in cards if words[n] in RANK_WORDS for k in range(3)}
    return any(w in SUIT_WORDS and n not in within for n, w in enumerate(words))


def joker_against(words: list[str], raw: list[str]) -> Reading | None:
    """A question setting a joker, its power not named, against one elemental whose suit is known ("joker vs the
    king of clubs, what happens", "can a joker take down Al'Akir"), naming no other card and not asking about the
    banish card or the damage's sum: no play is computed, and the rule it rests on is the joker's arcane damage,
    which no immunity stops (``rests_on``). ``None`` for any other question.

    Examples:
        >>> said = "joker vs the king of clubs, what happens".replace(",", "").split()
        >>> joker_against(said, said).rests_on
        ('elementals.cards.joker-arcane',)
        >>> said = "can the joker be the banish card on the king of clubs".split()
        >>> joker_against(said, said) is None
        True
    """
    jokers = [n for n, w in enumerate(words) if w in _JOKER_WORDS]
    if not jokers or any(w in NOT_HARM for w in words):
        return None
    kept = [n for n in range(len(words)) if n not in jokers]
    cards = _cards([words[n] for n in kept], [raw[n] for n in kept])
    if cards is None or any(not _is_elemental(c) for _, c in cards):
        return None  # a lord's power named, or another card beside the joker
    targets = {c[-1] for _, c in cards}
    named = {kept[n + k] for n, c in cards if words[kept[n]] in RANK_WORDS for k in range(3)}
    for n, w in enumerate(words[:-1]):
        if w in ELEMENT_SUITS and words[n + 1 : n + 2] in _ELEMENTAL_NOUNS:  # "a fire elemental"
            targets.add(ELEMENT_SUITS[w])
    if len(targets) != 1 or any(w in SUIT_WORDS for n, w in enumerate(words) if n not in named):
        return None
    return Reading(
        "elementals",
        "a joker against an elemental",
        [f"a joker against the {_DATA['suits'][next(iter(targets))]} elemental"],
        ["one play to compute: the joker's power is not named"],
        rests_on=(JOKER_ARCANE,),
    )


def read(question: str) -> Reading | None:
    """Read one card played onto one elemental from the question and judge it; ``None`` when it is not stated (but
    a question asking whether a card can harm an elemental of its own suit: see `own_element`; one about a lord's
    fate, an attack over turns or a card not played, no play computed: see `told_relation`; one asking whether a
    card played may be taken back: see `taken_back`; one asking which card an attack still needs, or what an attack
    needs at all: see `still_needed` and `attack_needs`)."""
    raw = [m.group() for m in _WORD.finditer(question)]
    words = [w.lower() for w in raw]
    if not NAMING.intersection(words) and UNPLAYED_CUES.intersection(words):
        return unplayed(words, _asked_part(question))  # tried for a word of a card not played alone
    back = taken_back(words)
    if back is not None:
        return back
    reading = _play(question, words, raw)
    if reading is not None and reading.ruling is not None:
        return reading
    return told_relation(question, words) or still_needed(words, raw) or attack_needs(words, raw) or reading


def _play(question: str, words: list[str], raw: list[str]) -> Reading | None:
    """The one play a question states, judged (`read` without the relations it reads when none is computed)."""
    if any(w in OTHER_ACTION for w in words):
        return None
    if not any(w in STATED_PLAY for w in words):
        return own_element(words, raw) or joker_against(words, raw)
    places = _hand_words(question)
    cards = _cards(words, raw, places)
    told = _cards(words, raw, set(range(len(words))) - places) if places else []
    hand = frozenset(c for _, c in told or [] if not _is_elemental(c))
    if cards is not None and len(hand) == 1 and all(_is_elemental(c) for _, c in cards):
        # The one card held is played though not named again ("I'm holding the 6 of spades. Can I play the 6 on her?").
        cards = [*cards, (len(words), next(iter(hand)))]
    roles = None if cards is None else _roles(words, cards, hand)
    if roles is None:
        return own_element(words, raw) or joker_against(words, raw)
    card, target, pile = roles
    from rulebook import elementals
    from rulebook.errors import InvalidInputError
    from rulebook.ruling import Ruling

    reading = Reading("elementals", "one Elementals card played onto an elemental")
    reading.read.append(f"{card} played onto {target}" + (f" (already on it: {' '.join(pile)})" if pile else ""))
    hand = card.partition("=")[0]
    try:
        state = elementals.position(hand=hand, targets=target, piles={target: " ".join(pile)} if pile else {})
        ruling = elementals.check_play(state, elementals.parse_action(f"{card} > {target}"))
    except InvalidInputError as error:
        reading.missing.append(f"a position the engine accepts ({error})")
        if isinstance(error, elementals.PileRefused):
            # The cards said to lie on the elemental could not have been played there: the rule that would have
            # refused them is what the question turns on ("the queen has 3C and 4S on it": two short of her power).
            reading.rests_on = (error.rule,)
        return reading
    steps = tuple(s for s in ruling.trace if s.rule not in _BUILT_STEPS)
    cited = tuple(r for r in ruling.rules if r in _AFTERMATH) + tuple(
        r for r in ruling.rules if r not in _BUILT_STEPS and r not in _AFTERMATH
    )
    verdict = ruling.verdict.partition("; revealed:")[0]
    # The position after the play lies in a layout the question never stated: it is left out with its reveals.
    value = {k: v for k, v in ruling.value.items() if k != "position"}
    if "outcome" in value:
        value["outcome"] = verdict
    if asks_open(words):
        reading.missing.append("one play to compute: the question asks what the card can do")
        reading.rests_on = cited
        return reading
    reading.ruling = Ruling(verdict, value, cited, steps, legal=ruling.legal)
    return reading


#: The words of an elemental defeated ("I beat the king of hearts", "a beaten king", "once I've defeated it").
DEFEATED = frozenset(
    {"beat", "beaten", "beating", "defeated", "defeating", "banished", "killed", "killing", "downed", "cleared"}
)
#: The words naming a king, or a lord by name.
KINGS = frozenset({"king", "kings", "ks", "kh", "kd", "kc", *LORD_NAMES})
#: The words of a lord's power used ("after I use Whispers of Neptulon", "once I've used an elemental power").
USED = frozenset({"use", "used", "uses", "using", "unleash", "unleashed", "unleashing", "played", "spent"})
#: The words naming a lord's power: the word itself, or the first word of a power's name ("hand" only in "Hand of
#: Ragnaros": a player's hand is no power).
POWER_WORDS = frozenset({"power", "powers", "whispers", "touch", "breath"})
#: The words asking what becomes of a card ("where does the king go", "does it go to the discard pile", "what
#: happens to a King", "does the king stay in my power row, or is it gone", "can I use it again").
FATE = frozenset({"where", "discard", "happens", "happen", "stay", "stays", "gone", "afterwards", "again"})
#: The rules a lord's fate rests on: a defeated king kept as a power; a power once used.
LORD_POWER, SPENT = "elementals.defeat.lord-power", "elementals.power.spent"
#: The words saying an attack's cards span more than one turn, or asking whether they must come from one.
TURN_SPAN = frozenset(
    {
        *(("last", "turn"), ("earlier", "turn"), ("previous", "turn"), ("later", "turn"), ("next", "turn")),
        *(("same", "turn"), ("same", "hand"), ("same", "draw"), ("one", "turn"), ("one", "hand")),
        *(("different", "turns"), ("several", "turns"), ("two", "turns"), ("multiple", "turns"), ("one", "go")),
        *(("across", "turns"), ("over", "turns"), ("spread", "out"), ("spread", "it"), ("spread", "them")),
    }
)
#: The words of an attack's cards ("two damage cards", "the banish card", "finish her off").
ATTACK_CARDS = frozenset({"damage", "banish", "finish", "attack", "dmg"})
#: The words of another matter than the attack's cards over turns: a reveal, a lord's power, the game's end, a
#: discard.
NOT_SPAN = frozenset(
    {
        *("flip", "flipped", "reveal", "revealed", "uncovered", "covering", "covered", "exposed", "win", "lose"),
        *("won", "lost", "discard", "discarded", "33", *POWER_WORDS),
    }
)
#: The words naming an elemental that attack cards lie on ("a 9 of hearts on the jack of clubs last turn").
ELEMENTAL_NAMES = frozenset({"jack", "queen", "king", "elemental", "lord", "lieutenant", *KINGS})
#: The rule an attack over turns rests on.
ACROSS_TURNS = "elementals.attack.across-turns"
#: The ranks of the elementals, one or many.
RANKS = _ELEMENTAL_WORDS | {f"{w}s" for w in _ELEMENTAL_WORDS}
#: The words asking what an elemental is worth ("whats a queen worth", "how much health do jacks have", "how strong is
#: a queen", "queen power level?") or which is the strongest ("the toughest elemental to beat").
SUPERLATIVES = frozenset({"toughest", "hardest", "strongest", "weakest", "easiest"})
WORTH = frozenset({"worth", "health", "hp", *SUPERLATIVES})
WORTH_PAIRS = frozenset({("how", "much"), ("how", "strong"), ("power", "level"), ("power", "levels")})
#: The words of a question about one play, a sum, a joker or a lord's power rather than what an elemental is worth.
NOT_WORTH = frozenset(
    {*SUIT_WORDS, *LORD_NAMES, *ELEMENT_SUITS, "joker", "jokers", "ace", "aces", "enough", "plus", "sum", "total"}
    | {"give", "gives", "use", "unleash", "absorb", "row", "layout", "layouts", "win", "won", "lose"}
)
#: The rule of the elementals' power levels.
POWER_LEVEL = "elementals.cards.power-level"


def _asked_part(question: str) -> list[str]:
    """The words of the part of a question that asks: its last sentence, from its last comma or semicolon on."""
    sentences = [s for s in _SENTENCE.split(question.strip()) if s]
    last = sentences[-1] if sentences else ""
    for mark in (";", ","):
        last = last.rpartition(mark)[2] or last
    return [m.group().lower() for m in _WORD.finditer(last)]


def told_relation(question: str, words: list[str]) -> Reading | None:
    """A question about a lord's fate or an attack over turns, no play computed, and the rule it rests on
    (``rests_on``): a lord's power used, then what becomes of it ("After I use Whispers of Neptulon, where does the
    king of hearts card go?": the power is spent); a king defeated, then where it goes ("I beat the king of hearts.
    Does it go to the discard pile?": it becomes a power); an attack's cards told or asked over turns ("I put a 7 on
    the queen last turn; must the banish card come the same turn?": an attack may span turns). ``None`` otherwise.

    Examples:
        >>> said = "I beat the king of hearts. Does it go to the discard pile like the others?"
        >>> told_relation(said, said.lower().replace(".", " ").replace("?", " ").split()).rests_on
        ('elementals.defeat.lord-power',)
        >>> said = "Once I've used Hand of Ragnaros, does the king of spades stay in my row or is it gone?"
        >>> told_relation(said, said.lower().replace(",", " ").replace("?", " ").split()).rests_on
        ('elementals.power.spent',)
        >>> said = "can the seven of clubs beat al'akir"
        >>> told_relation(said, said.split()) is None
        True
    """
    said = set(words)
    asked = _asked_part(question)
    pairs = set(itertools.pairwise(words))
    power = bool(said & POWER_WORDS) or ("hand", "of") in pairs
    used = bool(said & USED) and power
    if used and FATE & set(asked) and (set(asked) & (KINGS | {"power", "card", "it"})):
        return Reading(
            "elementals",
            "a lord's power used",
            ["a lord's power used, and what becomes of its king"],
            ["a play to compute: the question asks what becomes of a spent power"],
            rests_on=(SPENT,),
        )
    if used and said & TIMING and said & {"turn", "turns", "point"} and not said & FATE:
        return Reading(
            "elementals",
            "a lord's power used",
            ["a lord's power, and when in a turn it may be used"],
            ["a play to compute: the question asks when a power may be used"],
            rests_on=(ABSORB, POWER_TIMING),
        )
    if _tells_discards(words, asked):
        return Reading(
            "elementals",
            "cards discarded",
            ["cards discarded, and what their damage does"],
            ["a play to compute: the question asks what discarding does to the damage"],
            rests_on=(DISCARD_DAMAGE, LOSS),
        )
    doing = any(w == "do" and words[n + 1 : n + 2] in (["with"], ["w"]) for n, w in enumerate(words))
    if not power and (reading := unplayed(words, asked)) is not None:
        return reading
    if not used and said & KINGS and said & DEFEATED and (said & FATE - {"again", "stay", "stays"} or doing):
        return Reading(
            "elementals",
            "a king defeated",
            ["a king defeated, and where it goes"],
            ["a play to compute: the question asks what becomes of a defeated king"],
            rests_on=(LORD_POWER,),
        )
    if _asks_worth(words, said, pairs):
        return Reading(
            "elementals",
            "an elemental's power level",
            ["what an elemental is worth"],
            ["a play to compute: the question asks an elemental's power level"],
            rests_on=(POWER_LEVEL,),
        )
    cards = bool(said & ATTACK_CARDS) or ("on" in said and bool(said & ELEMENTAL_NAMES))
    if pairs & TURN_SPAN and cards and not said & NOT_SPAN and not power:
        return Reading(
            "elementals",
            "an attack over turns",
            ["an attack's cards over more than one turn"],
            ["a play to compute: the question asks whether an attack may span turns"],
            rests_on=(ACROSS_TURNS,),
        )
    return None


#: The words asking when in a turn a lord's power may be used ("can I use the power now, mid-turn, or only when a
#: turn starts?", "in the middle of my turn between plays", "right now, or only at some set point").
#: With a word of a turn (or "some set point"), so that "the middle of the deck" is no time.
TIMING = frozenset({"mid", "middle", "start", "starts", "beginning", "between", "whenever", "anytime", "point"})
#: The rules of a power unleashed and of when it may be.
ABSORB, POWER_TIMING = "elementals.power.absorb", "elementals.interp.power-timing"
#: The words of cards discarded, and of what a discard does to the game asked ("does that discard make me lose?",
#: "where does that leave me", "what happens").
DISCARDING = frozenset({"discard", "discarded", "discarding", "discards"})
DISCARD_ASKED = frozenset({"lose", "lost", "loss", "leave", "happens", "happen", "over", "total", "damage"})
#: The rules of a discard's damage and of the loss it may bring.
DISCARD_DAMAGE, LOSS = "elementals.discard.damage", "elementals.end.loss"


def _tells_discards(words: list[str], asked: list[str]) -> bool:
    """Whether a question tells cards discarded, two or more titan cards named, and asks what a discard does ("I've
    already discarded 10D, 8S and 7H this game ... If I discard the 9C, where does that leave me?").

    Examples:
        >>> said = "ive discarded 10h 8d 6s, if i discard the 9 of clubs what happens"
        >>> _tells_discards(said.replace(",", "").split(), said.rpartition(",")[2].split())
        True
        >>> said = "can i discard the 9 of clubs instead of playing it"
        >>> _tells_discards(said.split(), said.split())
        False
    """
    if not DISCARDING.intersection(words) or not DISCARD_ASKED.intersection(asked):
        return False
    cards = _cards(words, words) or []
    return sum(1 for _, c in cards if not _is_elemental(c) and not c.startswith("JK")) >= 2


def _asks_worth(words: list[str], said: set[str], pairs: set[tuple[str, str]]) -> bool:
    """Whether a question asks what the elementals of a rank are worth ("what are jacks queens kings worth", "how
    much health do jacks have", "queen power level?") or which elemental is strongest ("toughest elemental to
    beat?"), naming no card, suit, lord or joker; "what power do jacks queens and kings have" asks their worth only
    when it names two ranks or more (a king's power may be its lord's).

    Examples:
        >>> said = "what are jacks queens kings worth".split()
        >>> _asks_worth(said, set(said), set(itertools.pairwise(said)))
        True
        >>> said = "what power does the king of clubs give".split()
        >>> _asks_worth(said, set(said), set(itertools.pairwise(said)))
        False
    """
    if said & NOT_WORTH or any(_short(w) for w in words):
        return False
    ranks = said & RANKS
    superlative = bool(said & SUPERLATIVES)
    if not ranks and not (superlative and said & {"elemental", "elementals"}):
        return False
    ranks_named = {w.removesuffix("s") for w in ranks}
    power = "power" in said and len(ranks_named) > 1
    return bool(said & WORTH) or bool(pairs & WORTH_PAIRS) or power


#: The words that name an elemental, a lord or a joker, for which the reader is tried; a question without one is
#: read only for a card not played (`unplayed`), the other words the reader is tried for.
UNPLAYED_CUES = frozenset(ELEMENTALS_UNPLAYED)
NAMING = game("elementals").cues - UNPLAYED_CUES
#: The words saying a card will not be played: it cannot be, or the player would rather not ("a card I can't play",
#: "nothing in my hand can be played", "none of the three cards fits", "if I don't want to play it"), a word of
#: placing it (`PLACING`) at most six words on.
NOT_PLAYED = frozenset({"cant", "can't", "cannot", "dont", "don't", "nothing", "none", "rather", "not"})
PLACING = frozenset(
    {"play", "played", "playing", "use", "used", "using", "place", "placed", "go", "goes", "fit", "fits", "fitting"}
)
#: A card said to be of no use, or thrown away ("the third one is useless", "the cards I toss", "discard it").
USELESS = frozenset({"useless", "unplayable", "toss", "tossed", "tossing", *DISCARDING})
#: Cards thrown away, or of the wrong suits for every target ("all three cards are the wrong suits").
THROWN = frozenset({("throw", "away"), ("wrong", "suit"), ("wrong", "suits")})
#: What such a question asks: what it costs ("does it cost me anything", "does it hurt me", "is that damage
#: against me", but not "a damage card"), in the part that asks, or what becomes of the card ("what do I do with
#: it", "what happens to it", "what now").
COSTS = frozenset({"cost", "costs", "hurt", "hurts", "damage", "dmg"})
BECOMES = frozenset({("do", "with"), ("do", "w"), ("happens", "to"), ("happen", "to"), ("what", "now")})
#: The words of another matter: a joker's discard (its own rule), a king or a lord and its power, an elemental
#: defeated, the game won or lost, a fresh hand ("can I shuffle them back and draw three again").
NOT_UNPLAYED = frozenset(
    {*_JOKER_WORDS, *KINGS, *POWER_WORDS, *DEFEATED, "lose", "lost", "loss", "win", "won", "mulligan", "shuffle"}
    | {"again"}
)
#: The words only another game uses ("spirits", "realm", "trunk"): its cards are no titan cards.
ELSEWHERE = frozenset(
    w for g in games() if g.id != "elementals" for w in (*g.own_words, *g.names) if len(w.split()) == 1
)


def unplayed(words: list[str], asked: list[str]) -> Reading | None:
    """A question telling a card that is not played (it cannot be, is of no use, or the player would rather not play
    it) and asking what becomes of it or what it costs ("if i cant play a card what do i do with it", "my three
    cards are all useless against the revealed elementals; is there a cost to that?"), no play computed: the rule it
    rests on is the discard's damage (``rests_on``). ``None`` otherwise, and for a joker (its discard has its own
    rule), a lord's power, the game won or lost, a fresh hand or another game's words.

    Examples:
        >>> said = "if i cant play a card what do i do with it".split()
        >>> unplayed(said, said).rests_on
        ('elementals.discard.damage',)
        >>> said = "if i cant play a joker what do i do with it".split()
        >>> unplayed(said, said) is None
        True
    """
    said = set(words)
    if said & (NOT_UNPLAYED | ELSEWHERE):
        return None
    pairs = set(itertools.pairwise(words))
    told = bool(said & USELESS) or bool(pairs & THROWN)
    told = told or any(
        w in NOT_PLAYED and words[n + 1 : n + 2] != ["on"] and PLACING.intersection(words[n + 1 : n + 7])
        for n, w in enumerate(words)
    )  # "nothing on it" tells an empty pile, not a card unplayed
    costs = any(w in COSTS and asked[n + 1 : n + 2] not in (["card"], ["cards"]) for n, w in enumerate(asked))
    if not told or not (pairs & BECOMES or costs):
        return None
    return Reading(
        "elementals",
        "a card not played",
        ["a card not played, and what becomes of it"],
        ["a play to compute: the question asks what becomes of a card not played"],
        rests_on=(DISCARD_DAMAGE,),
    )


#: The rules of a card played taken back, and of a joker's power named for good.
CARDS_STAY, JOKER_FIXED = "elementals.interp.cards-stay", "elementals.interp.joker-power-fixed"
#: The words of a joker's power named again ("re-name it as a 9 later", "change it to a 10 later").
RENAMING = frozenset({"rename", "renamed", "renaming", "change", "changed", "changing", "switch", "switched"})
LATER = frozenset({"later", "afterwards", "instead"})


def taken_back(words: list[str]) -> Reading | None:
    """A question asking whether a card played may be taken back ("once a card is sitting on an elemental can i pick
    it back up"): attack cards stay on their target; or whether a joker's power may be named again later ("I
    called the joker a 6: can I change my mind later and call it a 9?"): the power named stays. No play computed:
    the rule it rests on (``rests_on``). ``None`` otherwise, and for a lord's power.

    Examples:
        >>> taken_back("once a card is sitting on an elemental can i pick it back up".split()).rests_on
        ('elementals.interp.cards-stay',)
        >>> taken_back("i called my joker a 4 can i re name it as a 9 later".split()).rests_on
        ('elementals.interp.joker-power-fixed',)
        >>> taken_back("can i take a spare card back into my hand".split()) is None
        True
    """
    said = set(words)
    if said & POWER_WORDS:
        return None
    back = KINDS["back"][0](words)
    if said & _JOKER_WORDS:
        renamed = back or bool(said & RENAMING) or ("re", "name") in set(itertools.pairwise(words))
        if not (renamed and said & LATER):
            return None
        told, rule, kind = "a joker's power named again", JOKER_FIXED, "naming a joker's power again"
    elif back and not said & UNDONE:  # a card lifted again, not a change of mind undone ("if I change my mind")
        told, rule, kind = "a card played, taken back", CARDS_STAY, "taking a play back"
    else:
        return None
    missing = f"{kind} is not computed (the question asks whether a play may be changed once made)"
    return Reading("elementals", told, [told], [missing], rests_on=(rule,))


#: The rules of the attack's last card (of the elemental's own element) and of its three cards in order.
BANISH_ELEMENT, ATTACK_ORDER = "elementals.attack.banish-element", "elementals.attack.order"
#: The words asking which card an attack still needs ("what card do I still need to finish it off", "which card do I
#: need to finish her off", "do I still owe another card").
NEEDED = frozenset({"need", "needed", "needs", "finish", "banish", "owe"})
CARD_WORDS = (["card"], ["cards"])
#: The words of another matter: a joker, a lord's power, an attack over turns.
NOT_NEEDED = frozenset({*_JOKER_WORDS, *POWER_WORDS, "turn", "turns"})


def still_needed(words: list[str], raw: list[str]) -> Reading | None:
    """A question telling damage cards on one elemental (two titan cards named on it, or "two damage cards") and
    asking which card the attack still needs ("I have the nine of hearts and the four of diamonds on the queen of
    clubs; what card do I still need to finish it off?"), no play computed: the rules it rests on are the banish
    card's element and the attack's three cards (``rests_on``). ``None`` otherwise, and for a joker, a lord's power
    or an attack over turns.

    Examples:
        >>> said = "i put two damage cards on the queen of diamonds which card do i need to finish her off".split()
        >>> still_needed(said, said).rests_on
        ('elementals.attack.banish-element', 'elementals.attack.order')
        >>> said = "which card do i need to finish the queen of diamonds".split()
        >>> still_needed(said, said) is None
        True
    """
    said = set(words)
    if said & NOT_NEEDED or not ({"on", "onto"} & said and said & ELEMENTAL_NAMES):
        return None
    cards = _cards(words, raw) or []
    pairs = set(itertools.pairwise(words))
    told = ("two", "damage") in pairs or sum(1 for _, c in cards if not _is_elemental(c)) >= 2
    asks = ("another", "card") in pairs and bool(said & NEEDED)
    asks = asks or any(
        w in ("what", "which") and words[n + 1 : n + 2] in CARD_WORDS and NEEDED.intersection(words[n + 2 : n + 7])
        for n, w in enumerate(words)
    )
    if not (told and asks):
        return None
    return Reading(
        "elementals",
        "the card an attack still needs",
        ["damage cards on an elemental, and which card the attack still needs"],
        ["a play to compute: the question names no card to play"],
        rests_on=(BANISH_ELEMENT, ATTACK_ORDER),
    )


#: The words of an elemental defeated, asked as a goal ("to defeat it", "to get rid of it", "to take down one").
DEFEATING = frozenset({"beat", "kill", "defeat", "banish", "rid", "destroy", "down"})
#: The words of a question about an elemental's worth ("how much damage does it take") or about one suit, lord,
#: joker or power: other rules answer those.
NOT_NEEDS = frozenset(
    {*SUIT_WORDS, *LORD_NAMES, *ELEMENT_SUITS, *_JOKER_WORDS, *POWER_WORDS, "damage", "much", "suit", "suits"}
)


def attack_needs(words: list[str], raw: list[str]) -> Reading | None:
    """A question asking what a player needs to play to defeat an elemental, naming no card, suit or lord ("what
    exactly do I need to play on one of the revealed elementals to get rid of it?"), no play computed: the rule it
    rests on is the attack's three cards in their order (``rests_on``). ``None`` otherwise.

    Examples:
        >>> said = "what exactly do i need to play on one of the revealed elementals to get rid of it".split()
        >>> attack_needs(said, said).rests_on
        ('elementals.attack.order',)
        >>> said = "what do i need to kill neptulon".split()
        >>> attack_needs(said, said) is None
        True
    """
    said = set(words)
    if said & NOT_NEEDS or not said & (ELEMENTAL_NAMES | {"elementals"}) or _cards(words, raw):
        return None
    needs = [n for n, w in enumerate(words) if w in ("need", "needs") and "what" in words[max(0, n - 5) : n]]
    if not any(DEFEATING.intersection(words[n + 1 : n + 15]) for n in needs):
        return None
    return Reading(
        "elementals",
        "what an attack needs",
        ["what an attack on an elemental needs"],
        ["a play to compute: the question names no card to play"],
        rests_on=(ATTACK_ORDER,),
    )
