"""The words of the Elementals questions: the suits, ranks, lords and card names a question uses, and the cards and
roles it tells (which card is played, onto which elemental, which cards lie on it and which are in hand).

`rulebook.elementals.questions` and `rulebook.elementals.told` read questions with these.

Examples:
    >>> words = "can my 7 of spades hit ragnaros".split()
    >>> [card for _, card in told_cards(words, words)]
    ['7S', 'KS']
"""

from __future__ import annotations

import re

from rulebook.registry import ELEMENTALS_HARM, ELEMENTALS_PAIRED, ELEMENTALS_WORTH, game, rules

DATA = rules("elementals").data
_SUITS = tuple(DATA["suits"])  # the suit letters: H D S C
_ELEMENTAL_RANKS = frozenset(DATA["elemental_ranks"]["ranks"])  # J Q K
_DAMAGE_CARDS: int = DATA["rules"]["damage_cards"]  # the cards on an elemental before its banish card
#: The lords by name (as rulebook/data/elementals.toml names them), and without the apostrophe.
LORD_NAMES = {
    **{v["name"].lower(): f"K{s}" for s, v in DATA["lords"].items()},
    **{v["name"].lower().replace("'", ""): f"K{s}" for s, v in DATA["lords"].items()},
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
    **{"jacks": "J", "queens": "Q", "kings": "K"},  # "kings of clubs face up": there is one, the plural a slip
}
#: The words asking whether a card can harm an elemental at all ("can a spade hurt Ragnaros", "10 of spades against
#: Ragnaros?", "is the ace of diamonds any use against Therazane"): no play is computed for them, but when the card
#: or suit named is the elemental's own, the rule they rest on is its immunity to its own element.
HARM = frozenset({*ELEMENTALS_HARM, "use"})  # the registry's words of harm, and "use" (a word of play too)
#: The words of a question about the banish card or the damage's sum rather than a damage card's harm.
NOT_HARM = frozenset(
    {"banish", "banished", "banishes", "banishing", "finish", "third", "last", "sum", "total", "enough"}
)
#: The words of a card played as the banish card, which lands on an elemental's two damage cards.
BANISHING = frozenset({"banish", "banished", "banishes", "banishing"})
#: The words naming an elemental after its suit ("the clubs jack", "a spade queen").
ELEMENTAL_WORDS = frozenset({"jack", "queen", "king"})
#: The elements' names, each its suit's letter ("a fire elemental" is a spade).
ELEMENT_SUITS = {name: letter for letter, name in DATA["suits"].items()}
#: The words naming an elemental after its element ("a fire elemental", "water elementals").
ELEMENTAL_NOUNS = (["elemental"], ["elementals"])
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
CAN = frozenset({"can", "could", "will", "would"})
#: The words of harm or of play aimed at an elemental, for a question asking which card or suit to aim at it.
AIMED = frozenset({*HARM, "beat", "beats", "kill", "fight", "throw", "vs", "versus"})
#: The rule a question pairing a card or suit with an elemental of the same suit rests on.
IMMUNITY = "elementals.attack.immunity"
#: The rule a question setting a joker, its power not named, against one elemental rests on.
JOKER_ARCANE = "elementals.cards.joker-arcane"
#: The words naming a joker.
JOKER_WORDS = frozenset({"joker", "jokers", "jk1", "jk2"})
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


def banish_on_untold_pile(words: list[str], pile: list[str]) -> bool:
    """Whether a card is asked to banish an elemental whose pile is neither read nor told empty ("can a 9 of hearts
    banish the queen of hearts"): a banish card lands on two damage cards, so the play rests on a pile nobody told.

    Examples:
        >>> banish_on_untold_pile("can a 9h banish the qh".split(), [])
        True
        >>> banish_on_untold_pile("the qh has nothing on it , can 9h banish it".split(), [])
        False
        >>> banish_on_untold_pile("can 2h banish the qh".split(), ["9C", "8D"]), banish_on_untold_pile(["9h"], [])
        (False, False)
    """
    return not pile and bool(BANISHING.intersection(words)) and not _bare(words)


def _bare(words: list[str]) -> bool:
    """Whether the question says an elemental's pile is empty ("nothing on it", "no cards on it yet").

    Examples:
        >>> _bare("the king of spades has no cards on it yet".split()), _bare("no card of mine is on it".split())
        (True, False)
    """
    return any(w in EMPTY for w in words) or any(
        a == "no" and b in ("cards", "card") and c == "on" for a, b, c in zip(words, words[1:], words[2:], strict=False)
    )


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
SENTENCE = re.compile(r"(?<=[.!?;])\s+")
#: A group in parentheses, without parentheses inside.
_PARENS = re.compile(r"\([^()]*\)")
#: Short card names that are also English words: read as cards only when written in capitals ("AS", not "as").
_WORDS_TOO = frozenset({"as", "ad", "ah", "ac"})

# One linear scan: a word (with an inner apostrophe), a number, "=" or ">".
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[=>]", re.IGNORECASE)
_SHORT = re.compile(r"(10|[2-9]|[akqj])([shdc])", re.IGNORECASE)


def short_card(raw: str) -> str | None:
    m = _SHORT.fullmatch(raw)
    if m is None or (raw.lower() in _WORDS_TOO and not raw.isupper()):
        return None
    return m.group(1).upper() + m.group(2).upper()


def hand_words(question: str) -> set[int]:
    """The places of the words that tell the player's hand ("my hand is the 7 of hearts and 6 of clubs", "I hold
    ...", "I have the 2 of diamonds in hand"): from the hand's word to the end of its sentence or to a word of a play
    ("my hand is 3S 6C 2H and I play the 3 of spades"), and the cards told just before "in hand", in every sentence
    but the last (the question asked) and in the last one's clauses before its last comma ("..., i hold the 5 of
    diamonds, can it be my banish card").

    Examples:
        >>> sorted(hand_words("the queen has 9S on it, i hold the 5 of diamonds, can i banish her"))
        [7, 8, 9, 10, 11]
        >>> hand_words("can i banish the queen with the 5 of diamonds i hold")
        set()
    """
    sentences = SENTENCE.split(question)
    places: set[int] = set()
    start = 0
    for n, sentence in enumerate(sentences):
        found = list(WORD.finditer(sentence))
        words = [m.group().lower() for m in found]
        # the words just after a comma: a list of the hand's cards ends at a comma that no titan card follows
        commas = {k for k in range(1, len(found)) if "," in sentence[found[k - 1].end() : found[k].start()]}
        told = len(words) if n < len(sentences) - 1 else len(WORD.findall(_telling(sentence)))
        at = next(
            (
                k
                for k, w in enumerate(words[:told])
                if w in HAND or words[k - 1 : k + 1] in _I_HOLD or _i_have_cards(words, k) or _holding_again(words, k)
                # "Holding 7H and 6C, with KS face up": the sentence opens on the hand, its holder left unsaid
                or (k == 0 and w in ("holding", "hold", "holds") and _a_card(words, 1))
            ),
            None,
        )
        if at is not None:
            end = next(
                (k for k in range(at + 1, told) if words[k] in PLAYING or (k in commas and not _a_card(words, k))),
                told,
            )
            places.update(range(start + at, start + end))
            places.update(start + k for k in _held_before(words, at))
        start += len(words)
    return places


#: Words that may open a card told after "I have" ("I have a joker and the 2 of clubs", "i have the 9 of hearts").
_CARD_OPENERS = frozenset({"a", "an", "the", "one", "joker", "jk1", "jk2"})


def _holding_again(words: list[str], k: int) -> bool:
    """Whether "holding" at ``k`` tells the player's hand by naming again the joker told before ("I drop a joker
    valued at 4 on her, holding the joker and the 3 of diamonds"): the card played is held, never on an elemental.

    Examples:
        >>> _holding_again("i drop a joker as a 4 , holding the joker and the 3 of diamonds".split(), 8)
        True
        >>> _holding_again("the queen , holding the 4 of spades".split(), 3)
        False
    """
    again = words[k + 1 : k + 3] in (["the", "joker"], ["my", "joker"])
    return words[k] == "holding" and again and "joker" in words[:k]


def _i_have_cards(words: list[str], k: int) -> bool:
    """Whether "have" at ``k`` tells the player's hand: "I have" and then a card ("I have the 9 of hearts", "i have a
    joker and ..."), not "I have already discarded" nor "I have to".

    Examples:
        >>> _i_have_cards("i have a joker and the 2 of clubs".split(), 1)
        True
        >>> _i_have_cards("i have already discarded the 9 of clubs".split(), 1)
        False
    """
    if words[k - 1 : k + 1] != ["i", "have"] or k + 1 >= len(words):
        return False
    nxt = words[k + 1]
    if nxt in ("a", "an", "the", "one") and k + 2 < len(words):
        nxt = words[k + 2]
    return nxt in _CARD_OPENERS or nxt in RANK_WORDS or short_card(nxt) is not None


def _a_card(words: list[str], k: int) -> bool:
    """Whether the words from ``k`` name a titan card, past "and" and an article ("the 4 of hearts", "and 2C", "a
    joker"): an elemental ("the king of spades") is none.

    Examples:
        >>> _a_card("and the 4 of hearts".split(), 0), _a_card("the face up elementals".split(), 0)
        (True, False)
        >>> _a_card("and the king of spades".split(), 0)
        False
    """
    while k < len(words) and words[k] in ("and", "a", "an", "the"):
        k += 1
    if k >= len(words):
        return False
    w = words[k]
    if w in RANK_WORDS and words[k + 1 : k + 2] == ["of"]:
        return RANK_WORDS[w] not in _ELEMENTAL_RANKS
    card = short_card(w)
    return w in JOKER_WORDS or (card is not None and not is_elemental(card))


def _telling(sentence: str) -> str:
    """The part of the question's last sentence that tells rather than asks: up to its last comma or colon, or to
    the end of a list in parentheses ("from my hand (3 of diamonds, 5 of clubs, 7 of spades) can I put ..."), whose
    commas join the list rather than end the telling.

    Examples:
        >>> _telling("from my hand (3D, 5C, 7S) can I put the 3D on it?")
        'from my hand (3D, 5C, 7S'
        >>> _telling("i hold the 5 of diamonds, can it be my banish card")
        'i hold the 5 of diamonds'
        >>> _telling("it has 6H on it, and I hold 5D: does that finish it?")
        'it has 6H on it, and I hold 5D'
    """
    masked = _PARENS.sub(lambda m: m.group().replace(",", " "), sentence)
    return sentence[: max(masked.rfind(","), masked.rfind(":"), masked.rfind(")"), 0)]


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
    holder = next((j for j in range(k - 1, max(k - 14, -1), -1) if words[j] in _HOLDER | {"with"}), None)
    if holder is not None and words[holder] == "with" and not _cards_only(words[holder + 1 : k]):
        return range(0)  # "the queen with the 9S on her, 5D in hand": "with" tells her pile, not the hand
    return range(holder + 1, k) if holder is not None else range(0)


def _cards_only(words: list[str]) -> bool:
    """Whether the words are a list of titan cards alone ("3 of spades 8 of diamonds and 10 of hearts", "the 4H"),
    as the cards told by "with ... in hand" are.

    Examples:
        >>> _cards_only("3 of spades 8 of diamonds and 10 of hearts".split()), _cards_only("the 9s on her".split())
        (True, False)
    """
    cards = [w for w in words if w not in ("and", "a", "an", "the", "of")]
    return (
        bool(cards)
        and all(
            (w in RANK_WORDS and RANK_WORDS[w] not in _ELEMENTAL_RANKS) or w in SUIT_WORDS or short_card(w) is not None
            for w in cards
        )
        and any(w in RANK_WORDS or short_card(w) is not None for w in cards)
    )


def told_cards(words: list[str], raw: list[str], hand: set[int] | None = None) -> list[tuple[int, str]] | None:
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
            # a number told after the joker is its power, not a card's rank ("a joker and the 2 of clubs")
            at = next(
                (k for k in range(n + 1, min(n + 4, len(words))) if words[k].isdigit() and not _rank_of(words, k)),
                None,
            )
            at = _played_as(words, n) if at is None else at
            power = None if at is None else _POWERS.get(words[at])
            if power is None and words[n - 1 : n] == ["the"] and any(c.startswith("JK") for _, c in found):
                n += 1  # "the joker" again, after a joker told with its power ("a joker valued at 4 ... the joker")
                continue
            if power is None:
                return None
            found.append((n, f"{w.upper() if w in ('jk1', 'jk2') else 'JK1'}={power}"))
            n = at
        elif (card := short_card(raw[n])) is not None:
            found.append((n, card))
        n += 1
    return found


def _rank_of(words: list[str], k: int) -> bool:
    """Whether the number at ``k`` is a card's rank ("the 2 of clubs")."""
    return words[k + 1 : k + 2] == ["of"] and words[k + 2 : k + 3] != [] and words[k + 2] in SUIT_WORDS


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
    card = short_card(raw[n])
    return card is not None and is_elemental(card)


def is_elemental(card: str) -> bool:
    return not card.startswith("JK") and card[:1] in _ELEMENTAL_RANKS


#: Words between a card played and the elemental it is played onto ("7S on KS", "the 6C onto the king of spades").
ONTO = frozenset({"on", "onto", ">"})
#: Words telling the cards already on an elemental named before them ("KS already has the 8D on it").
PILED = frozenset({"has", "had", "already", "with", "carrying", "carries", "holds"})


def _among(
    words: list[str], cards: list[tuple[int, str]], hand: frozenset[str], told: set[int] | None
) -> tuple[str, str, list[str], dict[str, list[str]]] | None:
    """The play among several face-up elementals ("the face-up elementals are KS and QH, and KS already has the 8D on
    it. Can I play the 6C on KS?"): the one card played (a word of play just before it), the elemental named just
    after it past "on", each card already on an elemental (told after that elemental, past "has", "with"...), and
    the other elementals with their piles; ``None`` when any of it is not stated that way.

    Examples:
        >>> said = "hand is 7H 6C, the elementals are KS and QH, KS already has the 8D on it. can i play the 6C on KS"
        >>> words = said.replace(",", " ").split()
        >>> _among(words, told_cards(words, words, set(range(2, 4))), frozenset({"7H", "6C"}), set(range(2, 4)))
        ('6C', 'KS', ['8D'], {'QH': []})
    """
    kept = {c.partition("=")[0] for c in hand}
    titans = [(n, c) for n, c in cards if not is_elemental(c)]
    marked = [(n, c) for n, c in titans if any(w in PLAYING for w in words[max(0, n - 3) : n])]
    marked = [(n, c) for n, c in marked if not hand or c.partition("=")[0] in kept]
    # no word of a play: the one card named again from the hand, past the hand's own words, with "on" and an
    # elemental just after it ("I hold 6C and 3D. Is the 6C on the QH a legal damage card?")
    marked = marked or [
        (n, c)
        for n, c in titans
        if c in kept
        and n not in (told or ())
        and (_onto_elemental(words, cards, n) or _harmed(words, cards, n) or _harmed_with(words, cards, n))
    ]
    if len(marked) != 1:
        return None
    at, card = marked[0]
    target = next(
        (c for n, c in cards if is_elemental(c) and at < n <= at + 6 and ONTO.intersection(words[at:n])), None
    )
    target = target or _by_rank(words, at, [c for _, c in cards if is_elemental(c)]) or _harmed(words, cards, at)
    target = target or _harmed_with(words, cards, at)
    if target is None:
        return None
    piles: dict[str, list[str]] = {c: [] for _, c in cards if is_elemental(c)}
    for n, c in titans:
        if n == at:
            continue
        lies_on = _lies_on(words, cards, n)
        if lies_on is not None:
            piles[lies_on].append(c)  # "QH, with an 8D already on KS": the elemental named after "on" holds it
            continue
        owner = next(((k, e) for k, e in reversed(cards) if k < n and is_elemental(e)), None)
        if owner is None or not PILED.intersection(words[owner[0] : n]):
            return None
        piles[owner[1]].append(c)
    stated = any(w in PILED or w == "on" for n, w in enumerate(words) if n not in (told or ()) and n < at)
    if (not any(piles.values()) and stated and not _bare(words)) or any(len(p) > _DAMAGE_CARDS for p in piles.values()):
        return None
    pile = piles.pop(target)
    return card, target, pile, piles


#: Words between a card told lying on an elemental and "on" ("an 8D already on KS", "the 9C sitting on QH").
LYING = frozenset({"already", "now", "still", "lying", "sitting", "placed", "is", "was"})


def _lies_on(words: list[str], cards: list[tuple[int, str]], at: int) -> str | None:
    """The elemental the card at ``at`` is told to lie on, named just after "on" ("with an 8D already on KS", "the
    9C sitting on the QH"); ``None`` when no elemental follows "on" at once ("with the 8D on it").

    Examples:
        >>> _lies_on("qh with an 8d already on ks".split(), [(0, "QH"), (3, "8D"), (6, "KS")], 3)
        'KS'
        >>> _lies_on("qh with an 8d on it and ks".split(), [(0, "QH"), (3, "8D"), (7, "KS")], 3) is None
        True
        >>> _lies_on("play 5h on ks and 3d on kh".split(), [(1, "5H"), (3, "KS"), (5, "3D"), (7, "KH")], 5) is None
        True
    """
    n = at + 1
    while n < len(words) and words[n] in LYING:
        n += 1
    # told as lying there ("already on", "sitting on", "with an 8D on KS"), not played ("and 3D on KH")
    told = n > at + 1 or "with" in words[max(0, at - 2) : at]
    if not told or n >= len(words) or words[n] not in ("on", "onto"):
        return None
    n += 2 if words[n + 1 : n + 2] == ["the"] else 1
    return next((e for k, e in cards if k == n and is_elemental(e)), None)


def _onto_elemental(words: list[str], cards: list[tuple[int, str]], at: int) -> bool:
    """Whether the card at ``at`` is followed, past "on" or "onto", by an elemental named within a few words ("the
    6C on the QH").

    Examples:
        >>> _onto_elemental("is the 6c on the qh legal".split(), [(2, "6C"), (5, "QH")], 2)
        True
    """
    return any(is_elemental(c) and at < n <= at + 6 and ONTO.intersection(words[at:n]) for n, c in cards)


#: Verbs a card held does to an elemental named just after ("can 4H banish the QH", "does the 6C damage KS").
HARMING = frozenset(
    {"banish", "banishes", "damage", "damages", "finish", "finishes", "kill", "kills", "beat", "beats", "hit", "hits"}
)


def _harmed(words: list[str], cards: list[tuple[int, str]], at: int) -> str | None:
    """The elemental the card at ``at`` is the subject of a verb of harm to, named at once after it ("can 4H banish
    the QH"): the card held, named again, is played onto it; ``None`` when not told so.

    Examples:
        >>> _harmed("can 4h banish the qh".split(), [(1, "4H"), (4, "QH")], 1)
        'QH'
        >>> _harmed("4h and the qh".split(), [(0, "4H"), (3, "QH")], 0) is None
        True
    """
    if words[at + 1 : at + 2] == [] or words[at + 1] not in HARMING:
        return None
    k = at + 3 if words[at + 2 : at + 3] == ["the"] else at + 2
    return next((c for n, c in cards if n == k and is_elemental(c)), None)


def _harmed_with(words: list[str], cards: list[tuple[int, str]], at: int) -> str | None:
    """The elemental a verb of harm names just before "with" and the card at ``at`` ("may I banish QH with 3H",
    "can I damage the KS with my 6C"): the card held, named again, is played onto it; ``None`` when not told so.

    Examples:
        >>> _harmed_with("may i banish qh with 3h".split(), [(3, "QH"), (5, "3H")], 5)
        'QH'
        >>> _harmed_with("qh is up with 3h in hand".split(), [(0, "QH"), (3, "3H")], 3) is None
        True
    """
    k = at - 2 if words[at - 1 : at] in (["the"], ["my"], ["a"]) else at - 1
    if k < 2 or words[k] not in ("with", "w"):
        return None
    n = k - 2 if words[k - 2 : k - 1] == ["the"] else k - 1
    elemental = next((c for m, c in cards if m == k - 1 and is_elemental(c)), None)
    return elemental if elemental and words[n - 1 : n] and words[n - 1] in HARMING else None


def _by_rank(words: list[str], at: int, elementals: list[str]) -> str | None:
    """The elemental a card at ``at`` is played onto, named by its rank alone just after "on" ("put the 2D on the
    queen"), when exactly one face-up elemental has that rank; ``None`` otherwise.

    Examples:
        >>> _by_rank("i put the 2d on the queen".split(), 3, ["QD", "JH"]), _by_rank("2d on the queen".split(), 0, [])
        ('QD', None)
    """
    for n in range(at + 1, min(at + 4, len(words) - 1)):
        if words[n] not in ONTO:
            continue
        k = n + 2 if words[n + 1] == "the" else n + 1
        rank = RANK_WORDS.get(words[k]) if k < len(words) and words[k + 1 : k + 2] != ["of"] else None
        if rank not in _ELEMENTAL_RANKS:
            return None
        named = {e for e in elementals if e[:1] == rank}
        return next(iter(named)) if len(named) == 1 else None
    return None


def card_roles(
    words: list[str], cards: list[tuple[int, str]], hand: frozenset[str] = frozenset(), told: set[int] | None = None
) -> tuple[str, str, list[str], dict[str, list[str]]] | None:
    """The card played, the elemental it is played onto, the cards already on it, and the other face-up elementals with
    the cards on each (several elementals: `_among`); ``None`` when unstated. With
    no word of a play before any card, the one named again from the player's ``hand`` is the card played. The "have"
    telling the hand (at the places ``told``: "I have the 9 of hearts") states no pile."""
    elementals = list(dict.fromkeys(c for _, c in cards if is_elemental(c)))
    titans = [(n, c) for n, c in cards if not is_elemental(c)]
    if not titans or len({c for _, c in titans}) != len(titans):
        return None
    if len(elementals) > 1:
        return _among(words, cards, hand, told)
    if len(elementals) != 1:
        return None
    stated = [
        n
        for n, w in enumerate(words)
        if (w in HOLDING and not (w == "have" and n in (told or ())))
        or (w == "on" and words[n + 1 : n + 2] in ON_LIST and not _destination(words, n))
    ]
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
        return None if len(named) > _DAMAGE_CARDS else (held[0], elementals[0], named, {})
    if len(titans) == 1:
        bare = _bare(words)  # "has nothing on it", "no cards on it yet": the pile is stated, and empty
        return None if holding and not bare else (titans[0][1], elementals[0], [], {})
    played = marked or [(n, c) for n, c in titans if c in hand]
    played = [p for p in played if any(n < p[0] for n in stated)] if len(played) > 1 else played
    if not holding or len(played) != 1:
        return None
    pile = [c for _, c in titans if c != played[0][1]]
    # More cards on an elemental than its damage cards is no position of the game: not computed.
    return None if len(pile) > _DAMAGE_CARDS else (played[0][1], elementals[0], pile, {})


#: Verbs of laying a card on an elemental: "on it" after one ("can I play it as damage on her") is where the card
#: goes, not a pile stated.
LAYING = frozenset({"play", "put", "drop", "place", "throw", "add", "playing", "putting", "adding", "placing"})


def _destination(words: list[str], n: int) -> bool:
    """Whether "on" at ``n`` ("on it", "on her") says where a card is played: a verb of laying a card a few words
    before it in the same clause ("can i play it as damage on her"), not "with the 5D on it".

    Examples:
        >>> said = "the queen has the 5d on her and i can play it as damage on her".split()
        >>> _destination(said, 4), _destination(said, 13)
        (False, True)
    """
    for w in reversed(words[max(0, n - 8) : n]):
        if w in LAYING:
            return True
        if w in ("has", "have", "had", "with", "already", "and"):
            return False
    return False


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
