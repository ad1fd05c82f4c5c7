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

Several face-up elementals may be told ("the face-up elementals are KS and QH, and KS already has the 8D on it"): the
card is played onto the one named just after it ("play the 6C on KS"), and each card already on an elemental is
told after that elemental. A pile is stated empty by "nothing on it" or "no cards on it"; "on it" after a verb of
laying a card ("can I play it as damage on her") is where the card goes. The hand is told by "I have" and a card as
well, and a list of its cards ends at a comma that no titan card follows. A discard is judged on the discards told
("I've already discarded 10D, 8S and 7H; if I discard the 9C, where does that leave me?").

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

from rulebook.elementals.cardtext import (
    AIMED,
    CAN,
    DATA,
    ELEMENT_SUITS,
    ELEMENTAL_NOUNS,
    ELEMENTAL_WORDS,
    HARM,
    IMMUNITY,
    JOKER_ARCANE,
    JOKER_WORDS,
    NOT_HARM,
    OTHER_ACTION,
    PAIRED_WORDS,
    RANK_WORDS,
    STATED_PLAY,
    SUIT_WORDS,
    WHICH_CARD,
    WORD,
    asks_open,
    banish_on_untold_pile,
    card_roles,
    hand_words,
    is_elemental,
    told_cards,
)
from rulebook.elementals.told import (
    DISCARD_DAMAGE,
    LOSS,
    NAMING,
    UNPLAYED_CUES,
    asked_part,
    attack_needs,
    still_needed,
    taken_back,
    tells_discards,
    told_relation,
    unplayed,
)
from rulebook.questions import Reading, decided_by
from rulebook.registry import ELEMENTALS_DISCARDED

__all__ = ["joker_against", "own_element", "read", "told_relation"]

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
        if w == "what" and after[1:] and after[0] in CAN:
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
    cards = told_cards(words, raw) or []
    named = {n + k for n, c in cards if is_elemental(c) and words[n] in RANK_WORDS for k in range(3)}
    targets = {c[-1] for _, c in cards if is_elemental(c)}
    for n, w in enumerate(words[:-1]):
        if w in SUIT_WORDS and words[n + 1] in ELEMENTAL_WORDS:  # "the clubs jack"
            targets.add(SUIT_WORDS[w])
            named.add(n)
        elif w in ELEMENT_SUITS and (words[n + 1 : n + 2] in ELEMENTAL_NOUNS or words[n + 1] in ELEMENTAL_WORDS):
            targets.add(ELEMENT_SUITS[w])  # "a fire elemental", "the water king"
    if len(targets) != 1:
        return None
    suit = next(iter(targets))
    titans = [c for _, c in cards if not is_elemental(c)]
    suits = {SUIT_WORDS[w] for n, w in enumerate(words) if w in SUIT_WORDS and n not in named}
    element = DATA["suits"][suit]
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
    jokers = [n for n, w in enumerate(words) if w in JOKER_WORDS]
    if not jokers or any(w in NOT_HARM for w in words):
        return None
    kept = [n for n in range(len(words)) if n not in jokers]
    cards = told_cards([words[n] for n in kept], [raw[n] for n in kept])
    if cards is None or any(not is_elemental(c) for _, c in cards):
        return None  # a lord's power named, or another card beside the joker
    targets = {c[-1] for _, c in cards}
    named = {kept[n + k] for n, c in cards if words[kept[n]] in RANK_WORDS for k in range(3)}
    for n, w in enumerate(words[:-1]):
        if w in ELEMENT_SUITS and words[n + 1 : n + 2] in ELEMENTAL_NOUNS:  # "a fire elemental"
            targets.add(ELEMENT_SUITS[w])
    if len(targets) != 1 or any(w in SUIT_WORDS for n, w in enumerate(words) if n not in named):
        return None
    return Reading(
        "elementals",
        "a joker against an elemental",
        [f"a joker against the {DATA['suits'][next(iter(targets))]} elemental"],
        ["one play to compute: the joker's power is not named"],
        rests_on=(JOKER_ARCANE,),
    )


def read(question: str) -> Reading | None:
    """Read one card played onto one elemental from the question and judge it; ``None`` when it is not stated (but
    a question asking whether a card can harm an elemental of its own suit: see `own_element`; one about a lord's
    fate, an attack over turns or a card not played, no play computed: see `told_relation`; one asking whether a
    card played may be taken back: see `taken_back`; one asking which card an attack still needs, or what an attack
    needs at all: see `still_needed` and `attack_needs`)."""
    raw = [m.group() for m in WORD.finditer(question)]
    words = [w.lower() for w in raw]
    discarded = _discard(question, words, raw)
    if discarded is not None:
        return discarded
    if not NAMING.intersection(words) and UNPLAYED_CUES.intersection(words):
        return unplayed(words, asked_part(question))  # tried for a word of a card not played alone
    back = taken_back(words)
    if back is not None:
        return back
    power = _power_used(question, words, raw)
    if power is not None:
        return power
    reading = _play(question, words, raw)
    if reading is not None and reading.ruling is not None:
        return reading
    return told_relation(question, words) or still_needed(words, raw) or attack_needs(words, raw) or reading


#: The lords' powers used on a card of the hand ("Hand of Ragnaros on the 6S"), by their titles' words: the power.
_CARD_POWERS = {
    form: (v["power"], f"K{s}")
    for s, v in DATA["lords"].items()
    if v["power"] in ("ragnaros", "neptulon")
    for name in (v["name"].lower(),)
    # its title ("Hand of Ragnaros"), or the lord's power in the player's words ("Ragnaros's power", "the Ragnaros
    # power", "the power of Ragnaros")
    for form in (tuple(v["title"].lower().split()), (f"{name}'s", "power"), (name, "power"), ("power", "of", name))
}
#: Verbs of using a power ("can I use Hand of Ragnaros", "unleash Whispers of Neptulon").
_USING = frozenset({"use", "using", "unleash", "unleashing", "activate", "play", "cast"})
#: Words of a power used before, which the position built (no power spent) cannot state.
_USED_BEFORE = frozenset({"already", "again", "spent", "twice", "earlier", "before"})
#: The word opening the hand's list ("my hand is 6S 2H"), and the verbs between it and the cards.
_HAND = frozenset({"hand"})
_HAND_VERBS = frozenset({"is", "has", "holds", ":"})
#: Of those, the words that speak of a power used before only near a verb of using ("I already used it", "can I
#: use it again"; not "we beat Neptulon earlier"), and those verbs.
_NEAR_USE = frozenset({"already", "again", "earlier", "before"})
_USE_VERBS = _USING | {"used", "unleashed", "activated"}


def _used_before(words: list[str]) -> bool:
    """Whether a question speaks of a power used before ("it is spent", "I already used Hand of Ragnaros").

    Examples:
        >>> _used_before("i already used hand of ragnaros".split()), _used_before("we beat him earlier".split())
        (True, False)
    """
    for n, w in enumerate(words):
        if w in _USED_BEFORE - _NEAR_USE:
            return True
        if w in _NEAR_USE and _USE_VERBS.intersection(words[max(0, n - 4) : n + 5]):
            return True
    return False


#: Words after a lord's card telling it is kept as a power ("the king of spades as a power", "KS as my power").
_AS_POWER = (("as", "a", "power"), ("as", "my", "power"))


#: How far after the lord's card "as a power" may come ("I beat Ragnaros and kept him as a power").
_KEPT_REACH = 6


def _kept_as_power(words: list[str], at: int) -> bool:
    """Whether the lord's card named at ``at`` is told kept as a power: "as a power" or "as my power" after it, in
    its clause, within `_KEPT_REACH` words.

    Examples:
        >>> _kept_as_power("i beat ragnaros and kept him as a power".split(), 2)
        True
        >>> _kept_as_power("ragnaros is face up ; my hand is 5d as a power".split(), 0)
        False
    """
    for k in range(at + 1, min(len(words), at + _KEPT_REACH + 1)):
        if words[k] in (";", ".", "?", "!", ","):
            return False
        if tuple(words[k : k + 3]) in _AS_POWER:
            return True
    return False


def _power_used(question: str, words: list[str], raw: list[str]) -> Reading | None:
    """A lord's power used on a card of the hand, judged as ``rulebook elementals check "ragnaros 6S" --hand "6S 2H"
    --powers KS`` judges it ("I hold the king of spades as a power and my hand is 6S 2H; can I use Hand of Ragnaros on
    the 6S?"): the power named by its title after a verb of using, the card it is used on named just after "on" and
    held in the hand told, and the lord's card told kept as a power. ``None`` for any other question (a power named
    alone, a card not in the hand told, a power used before: the rulings answer).

    Examples:
        >>> q = "I kept the king of spades as a power; my hand is 4C 9H. Can I use Hand of Ragnaros on the 9H?"
        >>> print(read(q).ruling.verdict)
        Hand of Ragnaros on 9H
        >>> read("Can I use Hand of Ragnaros on the 9H?") is None
        True
    """
    found = [
        (n, title)
        for n in range(len(words))
        for title in _CARD_POWERS
        if tuple(words[n : n + len(title)]) == title and _USING.intersection(words[max(0, n - 3) : n])
    ]
    if len(found) != 1 or _used_before(words):
        return None
    at, title = found[0]
    power, lord = _CARD_POWERS[title]
    end = at + len(title)
    # the title's words left out, and "my hand is" read as the opening of the hand's list
    blank = [
        "," if at <= n < end or (w in _HAND_VERBS and words[n - 1] == "hand") else w for n, w in enumerate(words)
    ]
    cards = told_cards(blank, raw) or []
    held = set(_listed_after(blank, [(n, c) for n, c in cards if not is_elemental(c)], _HAND))
    kept = [n for n, c in cards if c == lord and _kept_as_power(words, n)]
    used = [c for n, c in cards if n in (end + 1, end + 2) and words[end : end + 1] == ["on"] and not is_elemental(c)]
    if not held or not kept or len(used) != 1 or used[0] not in held:
        return None
    from rulebook import elementals
    from rulebook.ruling import Ruling

    card = used[0]
    hand = [card, *sorted(held - {card})]
    targets = sorted({c for _, c in cards if is_elemental(c)} - {lord})
    reading = Reading("elementals", "one Elementals lord's power used")
    title = DATA['lords'][lord[1]]['title']
    reading.read.append(f"{title} on {card}; the hand {' '.join(hand)}; {lord} kept as a power")
    state = elementals.position(hand=" ".join(hand), targets=" ".join(targets), powers=lord)
    ruling = elementals.check_play(state, elementals.parse_action(f"{power} {card}"))
    value = {k: v for k, v in ruling.value.items() if k != "position"}
    ruling = Ruling(ruling.verdict, value, ruling.rules, ruling.trace, legal=ruling.legal)
    # the power's own rule decides a power used; a refusal's rule (the lord not kept) decides a refused one
    reading.ruling = decided_by(ruling, f"elementals.power.{power}") if ruling.legal else ruling
    return reading


#: The words before the cards discarded earlier ("I've already discarded 10D, 8S and 7H"), and between them.
_DISCARDED = frozenset(ELEMENTALS_DISCARDED)
_LISTING = frozenset({"and", "a", "an", "the"})
#: The words of a discard made now ("if I discard the 9 of clubs", "now I have to discard a 9C"), before its card.
_DISCARD_NOW = frozenset({"discard", "discarding"})


def _discard(question: str, words: list[str], raw: list[str]) -> Reading | None:
    """A discard judged on the discards told ("I've already discarded 10D, 8S and 7H; if I discard the 9C, where does
    that leave me?"): the cards discarded earlier, listed after "discarded", and the one card discarded now, named
    after "discard"; the hand, where told, holds it. ``None`` unless both are told and the question asks what the
    discard does (`tells_discards`). Neither the face-up elementals nor the layout change a discard's damage: the
    reveals of the layout the position is dealt in are left out.

    Examples:
        >>> said = "i have discarded 10h 8d 6s, if i discard the 9 of clubs what happens"
        >>> print(read(said).ruling.verdict)
        9C is discarded: 9 damage, 33 of 33; the player loses
    """
    if not tells_discards(words, asked_part(question)):
        return None
    cards = [(n, c) for n, c in told_cards(words, raw) or [] if not is_elemental(c)]
    earlier = _listed_after(words, cards, _DISCARDED)
    now = [(n, c) for n, c in cards if any(w in _DISCARD_NOW for w in words[max(0, n - 3) : n])]
    places = hand_words(question)
    held = {c for n, c in told_cards(words, raw, set(range(len(words))) - places) or [] if not is_elemental(c)}
    now = now or _rank_discarded(words, held) or _named_back(words, held)
    if not earlier or len({c for _, c in now}) != 1 or now[0][1] in earlier or any(c.startswith("JK") for c in earlier):
        return None
    card = now[0][1]
    if held and card not in held:
        return None
    from rulebook import elementals
    from rulebook.ruling import Ruling

    hand = [card, *sorted(held - {card})]
    reading = Reading("elementals", "one Elementals card discarded")
    reading.read.append(f"{card} discarded from the hand {' '.join(hand)}; discarded before: {' '.join(earlier)}")
    state = elementals.position(hand=" ".join(hand), discards=" ".join(earlier))
    ruling = elementals.check_play(state, elementals.parse_action(f"discard {card}"))
    value = {k: v for k, v in ruling.value.items() if k != "position"}
    decided = LOSS if LOSS in ruling.rules else DISCARD_DAMAGE
    ruling = decided_by(Ruling(ruling.verdict, value, ruling.rules, ruling.trace, legal=ruling.legal), decided)
    reading.ruling = ruling
    return reading


def _rank_discarded(words: list[str], held: set[str]) -> list[tuple[int, str]]:
    """The card discarded now named by its rank alone ("if I discard the 9"), where the hand told holds exactly one
    card of that rank: that card; else none.

    Examples:
        >>> _rank_discarded("what happens if i discard the 9 ?".split(), {"9C", "4H"})
        [(6, '9C')]
        >>> _rank_discarded("if i discard the 9 ?".split(), {"9C", "9H"})
        []
    """
    for n, w in enumerate(words[:-1]):
        at = n + 2 if words[n + 1] in _LISTING else n + 1
        rank = RANK_WORDS.get(words[at]) if w in _DISCARD_NOW and at < len(words) else None
        if rank is not None and words[at + 1 : at + 2] != ["of"]:
            same = [c for c in held if c[:-1] == rank]
            return [(at, same[0])] if len(same) == 1 else []
    return []


#: Words that name again the one card the hand holds, after "discard" ("discard that card", "discard it").
_BACK = (["it"], ["that", "card"], ["this", "card"], ["that", "one"], ["my", "card"], ["my", "last", "card"])


def _named_back(words: list[str], held: set[str]) -> list[tuple[int, str]]:
    """The card discarded now named back ("if I discard that card", "discard it"), where the hand told holds that one
    card alone: that card; else none.

    Examples:
        >>> _named_back("i hold the 9c ; if i discard that card what happens".split(), {"9C"})
        [(8, '9C')]
        >>> _named_back("if i discard that card".split(), {"9C", "4H"})
        []
    """
    for n, w in enumerate(words[:-1]):
        if w in _DISCARD_NOW and len(held) == 1 and any(words[n + 1 : n + 1 + len(b)] == b for b in _BACK):
            return [(n + 1, next(iter(held)))]
    return []


#: Words counting cards told by their suit alone ("two hearts", "a couple of clubs", "some spades").
_SUIT_COUNTS = frozenset({"two", "three", "four", "both", "some", "several", "couple", "few", "other"})
_SUITS = frozenset({"hearts", "spades", "diamonds", "clubs"})


def _by_suit_alone(words: list[str]) -> str:
    """The words of cards told by a count and their suit alone ("two hearts"), whose values are not told; "" when
    none.

    Examples:
        >>> _by_suit_alone("can i banish the queen of spades after two hearts".split())
        'two hearts'
        >>> _by_suit_alone("the 2 of hearts and the queen of spades".split())
        ''
    """
    for n, w in enumerate(words[1:], 1):
        if w in _SUITS and words[n - 1] in _SUIT_COUNTS:
            return f"{words[n - 1]} {w}"
    return ""


def _listed_after(words: list[str], cards: list[tuple[int, str]], opening: frozenset[str]) -> list[str]:
    """The cards listed just after a word of ``opening`` ("discarded 10D, 8S and 7H", "discarded a 10 of spades, a 10
    of diamonds and a 5 of hearts"): each card follows the one before past commas, "and" and articles alone."""
    start = next((n for n, w in enumerate(words) if w in opening), None)
    if start is None:
        return []
    found: list[str] = []
    end = start + 1
    for n, c in sorted(cards):
        if n < end:
            continue
        if any(w not in _LISTING and w != "," for w in words[end:n]):
            break
        found.append(c)
        end = n + (3 if words[n] in RANK_WORDS and words[n + 1 : n + 2] == ["of"] else 1)
    return found


def _both_bare(words: list[str], at: int) -> bool:
    """Whether the word at ``at`` is "either" saying that no card lies on any of the elementals named ("nothing on
    either", "no cards on either one"), not offering a choice between two cards.

    Examples:
        >>> _both_bare("nothing on either .".split(), 2), _both_bare("the 5 or either 6".split(), 3)
        (True, False)
    """
    return (
        words[at] == "either"
        and words[at - 1 : at] == ["on"]
        and any(w in ("nothing", "no", "none") for w in words[max(0, at - 4) : at])
    )


#: Words of a card thrown away rather than played ("I throw away the 9C", "toss the 4H out"): a discard, not a play
#: ("which suit should I throw at Ragnaros" plays one).
_THROWING = frozenset({"throw", "throws", "threw", "throwing", "thrown", "toss", "tossed", "tossing", "chuck"})


def _thrown_away(words: list[str]) -> bool:
    """Whether a card is said to be thrown away ("throw away the 9C", "throw the 8D away", "ditch the 4H").

    Examples:
        >>> _thrown_away("i throw the 8d away".split()), _thrown_away("which suit should i throw at ragnaros".split())
        (True, False)
    """
    return any(w in ("ditch", "ditched") for w in words) or any(
        w in _THROWING and {"away", "out"} & set(words[n + 1 : n + 4]) for n, w in enumerate(words)
    )


def _play(question: str, words: list[str], raw: list[str]) -> Reading | None:
    """The one play a question states, judged (`read` without the relations it reads when none is computed)."""
    if any(w in OTHER_ACTION and not _both_bare(words, n) for n, w in enumerate(words)) or _thrown_away(words):
        return None
    if not any(w in STATED_PLAY for w in words):
        return own_element(words, raw) or joker_against(words, raw)
    places = hand_words(question)
    cards = told_cards(words, raw, places)
    told = told_cards(words, raw, set(range(len(words))) - places) if places else []
    hand = frozenset(c for _, c in told or [] if not is_elemental(c))
    if cards is not None and len(hand) == 1 and all(is_elemental(c) for _, c in cards):
        # The one card held is played though not named again ("I'm holding the 6 of spades. Can I play the 6 on her?").
        cards = [*cards, (len(words), next(iter(hand)))]
    roles = None if cards is None else card_roles(words, cards, hand, places)
    if roles is None:
        return own_element(words, raw) or joker_against(words, raw)
    card, target, pile, others = roles
    unvalued = _by_suit_alone(words)
    if unvalued:
        # "after two hearts", "two clubs on her": cards told without their values, whose damage the play rests on
        reading = Reading("elementals", "one Elementals card played onto an elemental")
        reading.missing.append(f"the values of the cards told by their suit alone ({unvalued})")
        return reading
    if banish_on_untold_pile(words, pile):
        reading = Reading("elementals", "one Elementals card played onto an elemental")
        reading.missing.append(f"the cards already on {target} (a banish card is played onto its two damage cards)")
        return reading
    from rulebook import elementals
    from rulebook.errors import InvalidInputError
    from rulebook.ruling import Ruling

    reading = Reading("elementals", "one Elementals card played onto an elemental")
    reading.read.append(f"{card} played onto {target}" + (f" (already on it: {' '.join(pile)})" if pile else ""))
    reading.read += [f"{e} face up too" + (f" (on it: {' '.join(p)})" if p else "") for e, p in others.items()]
    hand = card.partition("=")[0]
    piles = {e: " ".join(p) for e, p in {target: pile, **others}.items() if p}
    try:
        state = elementals.position(hand=hand, targets=" ".join([target, *others]), piles=piles)
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
