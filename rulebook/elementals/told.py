"""Elementals questions read as a relation they tell or ask, no play computed: a lord's fate, an attack's cards over
turns, what an elemental is worth, a card not played, a card taken back, the card an attack still needs.

Each reader answers with the rule the question rests on (`Reading.rests_on`), or ``None`` when the question is not
of its kind. `rulebook.elementals.questions.read` tries them after a play it could not compute.

Examples:
    >>> taken_back("can i pick the card back up after i played it".split()).rests_on[0]
    'elementals.interp.cards-stay'
"""

from __future__ import annotations

import itertools

from rulebook.conduct import KINDS, UNDONE
from rulebook.elementals.cardtext import (
    ELEMENT_SUITS,
    ELEMENTAL_WORDS,
    JOKER_WORDS,
    LORD_NAMES,
    SENTENCE,
    SUIT_WORDS,
    WORD,
    is_elemental,
    short_card,
    told_cards,
)
from rulebook.questions import Reading
from rulebook.registry import ELEMENTALS_NOT_PLAYED, ELEMENTALS_UNPLAYED, game, games

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
RANKS = ELEMENTAL_WORDS | {f"{w}s" for w in ELEMENTAL_WORDS}
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


def asked_part(question: str) -> list[str]:
    """The words of the part of a question that asks: its last sentence, from its last comma or semicolon on."""
    sentences = [s for s in SENTENCE.split(question.strip()) if s]
    last = sentences[-1] if sentences else ""
    for mark in (";", ","):
        last = last.rpartition(mark)[2] or last
    return [m.group().lower() for m in WORD.finditer(last)]


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
    asked = asked_part(question)
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
    if tells_discards(words, asked):
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


def tells_discards(words: list[str], asked: list[str]) -> bool:
    """Whether a question tells cards discarded, two or more titan cards named, and asks what a discard does ("I've
    already discarded 10D, 8S and 7H this game ... If I discard the 9C, where does that leave me?").

    Examples:
        >>> said = "ive discarded 10h 8d 6s, if i discard the 9 of clubs what happens"
        >>> tells_discards(said.replace(",", "").split(), said.rpartition(",")[2].split())
        True
        >>> said = "can i discard the 9 of clubs instead of playing it"
        >>> tells_discards(said.split(), said.split())
        False
    """
    if not DISCARDING.intersection(words) or not DISCARD_ASKED.intersection(asked):
        return False
    cards = told_cards(words, words) or []
    return sum(1 for _, c in cards if not is_elemental(c) and not c.startswith("JK")) >= 2


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
    if said & NOT_WORTH or any(short_card(w) for w in words):
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
NOT_PLAYED = frozenset({*ELEMENTALS_NOT_PLAYED, "not"})
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
    {*JOKER_WORDS, *KINGS, *POWER_WORDS, *DEFEATED, "lose", "lost", "loss", "win", "won", "mulligan", "shuffle"}
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
    if said & JOKER_WORDS:
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
NOT_NEEDED = frozenset({*JOKER_WORDS, *POWER_WORDS, "turn", "turns"})


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
    cards = told_cards(words, raw) or []
    pairs = set(itertools.pairwise(words))
    told = ("two", "damage") in pairs or sum(1 for _, c in cards if not is_elemental(c)) >= 2
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
    {*SUIT_WORDS, *LORD_NAMES, *ELEMENT_SUITS, *JOKER_WORDS, *POWER_WORDS, "damage", "much", "suit", "suits"}
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
    if said & NOT_NEEDS or not said & (ELEMENTAL_NAMES | {"elementals"}) or told_cards(words, raw):
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
