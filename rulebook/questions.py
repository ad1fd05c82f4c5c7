"""Question readers: the questions a game's engine can compute, read from plain words.

Each game's reader (``rulebook.clash.questions`` and the others) reads one kind of question (one
Elemental Clash attack, an Elestrals battle or stat change, whether a Spellfire attack is legal, the
order an Elemental Elephants clash resolves in) and computes it with that game's public engine
functions only. A reader computes only when it has read every quantity the answer depends on;
otherwise it says what it read and what is missing, and ``rulebook ask`` answers with the rulings.

Readers never use regular expressions that can backtrack: the question is cut into words once
([`tokens`][rulebook.questions.tokens], a linear scan) and every reader walks that list.

Examples:
    >>> from rulebook.questions import read
    >>> print(read("air+ attacks earth")[0].ruling.verdict)
    P2's Earth is eliminated (5 against 2)
    >>> reading = read("An Elestral with 3 Attack attacks an Elestral with 2 Attack. Who wins?")[0]
    >>> reading.ruling is None, reading.missing
    (True, ['the Spirits of the attacker and the defender'])
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rulebook import registry
from rulebook.reading import capped

if TYPE_CHECKING:
    from rulebook.ruling import Ruling

__all__ = [
    "NEGATIONS",
    "Reading",
    "Token",
    "asks_advice",
    "asks_obligation",
    "count_of",
    "decided_by",
    "denied",
    "number_word",
    "read",
    "tokens",
]

#: Numbers written as words, as players write them.
NUMBER_WORDS: dict[str, int] = {
    w: n
    for n, w in enumerate(
        (
            *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
            *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"),
            "twenty",
        )
    )
}
#: The longest number read from a question: anything larger is not a quantity of these games.
MAX_NUMBER = 999

# One linear scan: a signed or plain number, a word (with an optional trailing "+", the Clash notation for
# an ability), or one punctuation mark. No part of it can backtrack more than one character.
# It is matched without regard to case. In ASCII text that is the same as taking a-z and A-Z, a pattern compiled in
# a fraction of the time: compiled case-blind, its classes also take the few other letters that fold to a-z (about
# 4 M instructions at every start), so that one is compiled only for text that is not all ASCII.
_TOKEN = r"[+-]?[0-9]+|[a-z][a-z0-9]*(?:'[a-z]+)?\+?|[.,;:!?>/()]"
_ASCII_TOKEN = re.compile(r"[+-]?[0-9]+|[a-zA-Z][a-zA-Z0-9]*(?:'[a-zA-Z]+)?\+?|[.,;:!?>/()]")


@dataclass(frozen=True, slots=True)
class Token:
    """One word of a question: its lowercase text, the case it was written in, and a number if it is one."""

    text: str
    raw: str
    number: int | None = None
    signed: bool = False

    @property
    def word(self) -> str:
        """The word without a trailing ``+`` (the Clash ability mark)."""
        return self.text.rstrip("+")


def decided_by(ruling: Ruling, rule: str) -> Ruling:
    """``ruling`` with ``rule`` cited last: the rule that decided it, which `ask` lists first among those it rests on
    (a trace may end on a consequence: Clap's targets decide, its advance follows).

    Examples:
        >>> from rulebook.ruling import Ruling
        >>> rules = ("elephants.interp.active", "elephants.clap.targets", "elephants.advance.clap-if-cancelled")
        >>> decided_by(Ruling("x", rules=rules), "elephants.clap.targets").rules[-1]
        'elephants.clap.targets'
    """
    if rule not in ruling.rules:
        return ruling
    return replace(ruling, rules=(*(r for r in ruling.rules if r != rule), rule))


def number_word(text: str) -> int | None:
    """The number a word stands for: digits (``"3"``, ``"+2"``) or a word (``"three"``); else ``None``.

    Examples:
        >>> number_word("three"), number_word("+2"), number_word("12"), number_word("a")
        (3, 2, 12, None)
    """
    if text in NUMBER_WORDS:
        return NUMBER_WORDS[text]
    digits = text.lstrip("+-")
    if digits.isascii() and digits.isdigit() and len(digits) <= 3:
        value = int(digits)
        return -value if text.startswith("-") else value
    return None


def count_of(t: Token) -> int | None:
    """The count a word tells: its number ("4", "four", "zero"), none for "no" or "none", one for "a" or "an".

    Examples:
        >>> [count_of(t) for t in tokens("no a four 2 cards")]
        [0, 1, 4, 2, None]
    """
    if t.word in ("no", "none"):
        return 0
    if t.word in ("a", "an"):
        return 1
    return t.number


def tokens(question: str) -> list[Token]:
    """The question cut into words, numbers (digits or words) and punctuation, in one linear pass.

    Examples:
        >>> [t.text for t in tokens("Fire+ attacks Water; +2 Attack, three Spirits.")]
        ['fire+', 'attacks', 'water', ';', '+2', 'attack', ',', 'three', 'spirits', '.']
        >>> [t.number for t in tokens("gets +2 and three")]
        [None, 2, None, 3]
    """
    found = []
    pattern = _ASCII_TOKEN if question.isascii() else re.compile(_TOKEN, re.IGNORECASE)
    for m in pattern.finditer(question):
        raw = m.group()
        text = raw.lower()
        value = number_word(text)
        if value is not None and abs(value) > MAX_NUMBER:
            value = None
        found.append(Token(text, raw, value, text[:1] in "+-" and value is not None))
    return found


#: Words that deny what follows ("no flying", "without Blaze", "does not use Surge", "isn't a swimmer", "walk instead of
#: flying"), and as typed on a phone, without the apostrophe ("they dont use fortify").
NEGATIONS = frozenset(
    {
        *("no", "not", "without", "non", "never", "nor", "isn't", "aren't", "doesn't", "don't", "didn't", "instead"),
        *("cannot", "can't", "won't", "wasn't", "hasn't", "haven't"),
        *("isnt", "arent", "doesnt", "dont", "didnt", "cant", "wasnt", "hasnt", "havent"),
    }
)
#: Words a denial reaches over to the term it denies, and along a list of terms ("no flying, swimming or
#: earthwalking", "does not use its Surge", "without using any ability").
DENIAL_REACH = frozenset(
    {
        ",",
        "or",
        "and",
        "a",
        "an",
        "the",
        "its",
        "their",
        "his",
        "her",
        "any",
        "use",
        "uses",
        "using",
        "used",
        "to",
        "of",
    }
)


def denied(words: list[Token], terms: frozenset[str] | set[str] | dict[str, Any]) -> set[int]:
    """The places of ``terms`` (by ``Token.word``) that a question denies: a denial reaches over ``DENIAL_REACH``
    words and along a list of terms, and no further.

    Examples:
        >>> sorted(denied(tokens("no flying, swimming or earthwalking; a flying wizard"), {"flying", "swimming"}))
        [1, 3]
        >>> denied(tokens("Water does not use Surge"), {"surge"}), denied(tokens("Water uses Surge"), {"surge"})
        ({4}, set())
    """
    found: set[int] = set()
    reach = False
    for n, t in enumerate(words):
        word = t.word.removesuffix("'s")
        if t.word in NEGATIONS:
            reach = True
        elif word in terms and reach:
            found.add(n)
        elif t.word not in DENIAL_REACH:
            reach = False
    return found


#: Words of a question asking which choice to make ("is it better to", "the best ability"), not what one does.
#: Words naming the asker's opponent ("my opponent's Fireball", "the enemy's Root", "opp played Calm").
OPPONENT = frozenset(
    {"opponent", "opponents", "opponent's", "opp", "opps", "opp's", "enemy", "enemy's", "rival", "foe"}
)
ADVICE = frozenset({"better", "best", "worth", "recommend", "recommended", "strategy", "wiser", "smarter", "advice"})
#: Before "worth", the words asking a value ("what is it worth", "how much is it worth"), not advice.
VALUE_ASKED = frozenset({"what", "what's", "whats", "much"})
#: After "should", the words of a question asking what the rules make happen ("what should happen"), not advice.
HAPPENING = frozenset({"happen", "happens", "occur", "be"})


def asks_advice(words: list[Token]) -> str:
    """The word that makes a question ask for advice ("should I", "better", "best"), or "" when it does not.

    Examples:
        >>> asks_advice(tokens("Fire attacks Water: should Water use Surge?"))
        'should'
        >>> asks_advice(tokens("is it worth using Ragnaros on it?")), asks_advice(tokens("what is it worth then?"))
        ('worth', '')
        >>> asks_advice(tokens("Fire attacks Water: what should happen?"))
        ''
    """
    for n, t in enumerate(words):
        if t.word == "worth" and {w.word for w in words[max(0, n - 4) : n]} & VALUE_ASKED:
            continue  # "what is it worth then?", "how much is the card worth": a value asked, not advice
        if t.word in ADVICE:
            return t.word
        if t.word == "should" and (n + 1 == len(words) or words[n + 1].word not in HAPPENING):
            return t.word
    return ""


#: Words of an obligation ("am I forced to", "must I", "do I have to"): before a verb of making a play, the question
#: asks whether the play must be made, which no engine computes (they judge a play made, not whether it is owed).
OBLIGATION = frozenset({"forced", "obliged", "obligated", "required", "compelled", "must"})
#: The verbs of making a play an obligation may bear on.
PLAY_VERBS = frozenset({"attack", "play", "cast", "use", "declare", "activate", "move"})


def asks_obligation(words: list[Token]) -> str:
    """The words that make a question ask whether a play must be made ("forced to attack", "have to play"), or "".

    Examples:
        >>> asks_obligation(tokens("Only Ether is left: am I forced to attack with it?"))
        'forced to attack'
        >>> asks_obligation(tokens("How many Spirits do they have to Expend?"))
        ''
    """
    for n, t in enumerate(words):
        obliged = t.word in OBLIGATION or (
            t.word in ("have", "has") and words[n + 1 : n + 2] and words[n + 1].word == "to"
        )
        if not obliged:
            continue
        for after in words[n + 1 : n + 4]:
            if after.word in PLAY_VERBS:
                return " ".join(w.word for w in words[n : words.index(after, n) + 1])
    return ""


@dataclass
class Reading:
    """What a reader made of a question: the computed ruling, or what it read and what is missing."""

    game: str
    kind: str
    read: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    ruling: Ruling | None = None
    #: For a question not computed, the rules it asks about as the reader read them (the rule of a relation it
    #: states itself, such as a tie at a strength it names): `ask` ranks these first among the rulings.
    rests_on: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The reading as JSON-ready data (the computed ruling itself is reported beside it)."""
        return {
            "game": self.game,
            "kind": self.kind,
            "read": list(self.read),
            "missing": list(self.missing),
            "computed": self.ruling is not None,
        }

    def summary(self) -> str:
        """One line: what was read and what is missing, for a question that was not computed."""
        read = "; ".join(self.read) or "nothing it needs"
        return f"not computed as {self.kind}: read {read}; missing {' and '.join(self.missing)}"


def read(question: str, games: list[str] | tuple[str, ...] | None = None) -> list[Reading]:
    """Every reader's reading of ``question`` (computed ones first), among ``games`` (default: all).

    Each game's reader and the cue words that make it worth trying are named by its registry entry
    (``questions``, ``cues`` and ``verbs``); a reader whose cue words (or the words of the action it computes) are
    absent is not tried, and its engine is not imported.
    """
    text = capped(question, "a question")
    said = tokens(text)
    words = {t.word for t in said}
    advice = asks_advice(said)
    obliged = asks_obligation(said)
    from rulebook.conduct import KINDS

    taking_back = KINDS["back"][0]([t.word for t in said])
    readings = []
    for entry in registry.games():
        if not entry.questions or (games is not None and entry.id not in games) or not words & entry.cues:
            continue
        if entry.verbs and not words & entry.verbs:
            continue
        reader = importlib.import_module(entry.questions)
        reading = reader.read(text)
        if reading is not None and reading.ruling is not None and taking_back:
            # "I played the 2 of diamonds on the king of clubs: can I pick it back up?" asks whether a play may be
            # undone; the outcome of the play read would answer a question not asked.
            reading.ruling = None
            reading.missing.append("taking a play back is not computed (the question asks whether it may be undone)")
        if reading is not None and reading.ruling is not None and advice:
            # "My Fire attacks their Water: which ability should Water use?" asks which choice to make; the outcome
            # of the one attack read would answer a question not asked.
            reading.ruling = None
            reading.missing.append(f"which choice to make is not computed (the question asks for advice: {advice})")
        if reading is not None and reading.ruling is not None and obliged:
            # "Only Ether is left: am I forced to attack with it?" asks whether a play must be made; the outcome of
            # the play read would answer a question not asked.
            reading.ruling = None
            reading.missing.append(f"whether a play must be made is not computed (the question asks: {obliged})")
        if reading is not None:
            readings.append(reading)
    readings.sort(key=lambda r: r.ruling is None)
    return readings
