"""Players' vocabulary: how a question's words are read against the records', for search and ask alike.

Players do not write the records' words. This module reads a question or a query into *concepts*,
each one of the question's meaningful words with the stems it may match:

- words are stemmed with the Snowball English stemmer (``fortified`` and ``fortify`` meet);
- a word no record uses, within one or two letters of one they do, is read as that word (``fortfy``;
  two letters swapped count as one), unless it is a common English word itself (``data/english-words.txt``);
- a player's word or phrase listed in ``rulebook/data/vocabulary.toml`` (``throw away``) or a glossary
  record's ``aliases`` also looks for the records' own words (``discard``);
- a game named in the question ("Elestrals", "Elemental Clash", "a clash game": the words of a name that
  are not the game's own are read on) or its unmistakable vocabulary (Spirits and Runes, realms, trunks)
  is noted, so that the game's records answer.

Each record's own ``aliases`` and ``asked_as`` questions are indexed beside its title and text, and
each ``asked_as`` question on its own too (see [`build`][rulebook.vocabulary.build] for the indexes).

The whole vocabulary, with the indexes ``rulebook ask`` ranks records with, is built from the data on
first use and kept in the per-user cache folder, named by a digest of everything it was built from.

Examples:
    >>> from rulebook.vocabulary import lexicon
    >>> query = lexicon().read("Can I throw away a card when Earth uses Fortfy?")
    >>> [c.word for c in query.concepts]
    ['throw away', 'card', 'earth', 'uses', 'fortify']
    >>> query.corrected
    {'fortfy': 'fortify'}
    >>> lexicon().read("Elestrals: what is the maximum hand size?").named
    ['elestrals']
"""

from __future__ import annotations

import importlib.util
import itertools
import math
import os
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from rulebook import registry
from rulebook.lexicon_store import Postings
from rulebook.reading import capped

if TYPE_CHECKING:
    from rulebook.records import Record

__all__ = [
    "MAX_CONCEPTS",
    "NUMBER_TERMS",
    "STOPWORDS",
    "Concept",
    "Index",
    "Lexicon",
    "Query",
    "card_title",
    "cards_spelt_out",
    "is_number",
    "lexicon",
    "stem",
    "words",
]

#: Bump when the built vocabulary's layout (or how it is built) changes: old cache files are then ignored.
LAYOUT = 13
#: The most distinct meaningful words read from one question or query; the rest are left out.
MAX_CONCEPTS = 32
#: Numbers written as words, as a record states a count with them ("no" is too common to say a count alone).
NUMBER_TERMS = frozenset(
    """one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
    eighteen nineteen twenty thirty forty fifty""".split()  # noqa: SIM905
)


def is_number(word: str) -> bool:
    """Whether a word is a number, in digits or in words.

    Examples:
        >>> is_number("3"), is_number("forty"), is_number("no")
        (True, True, False)
    """
    return word.isdigit() or word in NUMBER_TERMS


#: The shortest word read as a typo of a record's word.
TYPO_LETTERS = 4
#: BM25's term saturation and length normalisation, over the records and over the ``asked_as`` questions.
K1, B = 2.0, 0.9
ASKED_K1, ASKED_B = 1.2, 0.75
#: How much each part of a record counts, per word found there (BM25F field weights).
FIELDS = {"id": 1.0, "title": 3.0, "aliases": 3.0, "asked": 1.5, "text": 1.0}

#: Words too common to help find a rule.
STOPWORDS = frozenset(
    """
    a about after all also am an and any anything are as at be been being but by can could did do does doing
    done for from get gets getting got had happen happened happens has have having he her here his how i if
    in into is it its itself just me many mean means might much must my now of on or our she should
    so some something such than that the their them then there these they this those to too us very was way
    we were what whats when where whether which while who whom why will with would you your ok okay please
    hi hello thanks thank tell know want wondering question rule rules say says said let lets actually exactly
    either neither else really basically literally anyway anyways guys someone somebody anyone anybody thing
    things stuff sure pls plz explain actual til till wat wut gotta gonna wanna rn bc cuz tho ive im lol
    right correct true supposed confused help quick quickly probably maybe guess think thought
    """.split()  # noqa: SIM905
)

_LONG_STOPWORDS = sorted(w for w in STOPWORDS if len(w) >= 5)
_WORD = re.compile(r"[a-z0-9]+|&")
_STEMMER: Any = None


def words(text: str) -> list[str]:
    """The lowercase words of a text, in order (letters and digits, and the ``&`` symbol; everything else separates).

    Examples:
        >>> words("Can't Fire+ attack twice?")
        ['can', 't', 'fire', 'attack', 'twice']
        >>> words("a cost of &&")
        ['a', 'cost', 'of', '&', '&']
    """
    return _WORD.findall(text.lower())


#: A playing card in short ("9d", "10h", "ks"): its rank (a number, or a jack, queen or king) and its suit. An ace
#: is left out ("as", "ad" and "ah" are words).
_SHORT_CARD = re.compile(r"(10|[2-9]|[jqk])([cdhs])")
_RANKS = {"j": "jack", "q": "queen", "k": "king"}
_SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def cards_spelt_out(tokens: list[str]) -> list[str]:
    """Words with each playing card in short spelt out as its rank and suit.

    Examples:
        >>> cards_spelt_out(["ks", "has", "9d", "and", "10h", "as", "4"])
        ['king', 'spades', 'has', '9', 'diamonds', 'and', '10', 'hearts', 'as', '4']
    """
    out: list[str] = []
    for token in tokens:
        card = _SHORT_CARD.fullmatch(token)
        out.extend([_RANKS.get(card[1], card[1]), _SUITS[card[2]]] if card else [token])
    return out


def stem(word: str) -> str:
    """The Snowball (Porter 2) English stem of a lowercase word.

    Examples:
        >>> [stem(w) for w in ("fortified", "fortify", "attacker", "cards", "used", "revives")]
        ['fortifi', 'fortifi', 'attack', 'card', 'use', 'reviv']
    """
    global _STEMMER
    if _STEMMER is None:
        from snowballstemmer import stemmer

        _STEMMER = stemmer("english")
    return _STEMMER.stemWord(word)


#: Whether rapidfuzz (C++) is installed, chosen once when this module is imported (without importing it, which
#: takes 60 ms). The rules site's browser build (Pyodide) has no rapidfuzz: there ``nearest`` measures edits with
#: ``edits``, pure Python, which gives the same distances and so the same choices (tests/test_vocabulary_pure.py
#: runs the players' questions both ways).
FAST_EDITS = importlib.util.find_spec("rapidfuzz") is not None


def edits(a: str, b: str, most: int, *, swaps: bool = True) -> int:
    """The edit distance from ``a`` to ``b``, or ``most + 1`` when it is over ``most``: pure Python.

    Letters inserted, deleted or replaced count one each; with ``swaps``, two neighbouring letters swapped
    count one too (the optimal string alignment distance, rapidfuzz's ``OSA``; without it, ``Levenshtein``).

    Examples:
        >>> edits("fortfy", "fortify", 2), edits("fotrify", "fortify", 2), edits("fotrify", "fortify", 2, swaps=False)
        (1, 1, 2)
        >>> edits("attack", "defend", 2)
        3
    """
    if abs(len(a) - len(b)) > most:
        return most + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, letter in enumerate(a, 1):
        row = [i]
        for j, other in enumerate(b, 1):
            cost = row[j - 1] + 1
            cost = min(cost, previous[j] + 1, previous[j - 1] + (letter != other))
            if swaps and i > 1 and j > 1 and letter == b[j - 2] and a[i - 2] == other:
                cost = min(cost, before[j - 2] + 1)
            row.append(cost)
        if min(row) > most:
            return most + 1
        before, previous = previous, row
    return min(previous[-1], most + 1)


def nearest(word: str, choices: Sequence[str], most: int, *, swaps: bool = True) -> tuple[str, int] | None:
    """The first of ``choices`` fewest edits from ``word`` (``edits``), with its distance; ``None`` when over ``most``.

    The same answer as rapidfuzz's ``process.extractOne`` with the ``OSA`` (or, without ``swaps``,
    ``Levenshtein``) distance and ``score_cutoff=most``, which it runs when installed.

    Examples:
        >>> nearest("fortfy", ["fortune", "fortify", "forty"], 1)
        ('fortify', 1)
        >>> nearest("water", ["fire", "earth"], 1) is None
        True
    """
    if FAST_EDITS:
        from rapidfuzz import process
        from rapidfuzz.distance import OSA, Levenshtein

        scorer = OSA.distance if swaps else Levenshtein.distance
        found = process.extractOne(word, choices, scorer=scorer, score_cutoff=most)
        return None if found is None else (found[0], int(found[1]))
    best: tuple[str, int] | None = None
    for choice in choices:
        distance = edits(word, choice, most if best is None else best[1] - 1, swaps=swaps)
        if distance <= most and (best is None or distance < best[1]):
            best = (choice, distance)
            if distance == 0:
                break
    return best


def _filler(word: str) -> bool:
    """Whether a word no record uses is a misspelt stopword ("actualy", "exacly"): one edit from one."""
    if len(word) < 5:
        return False
    return nearest(word, _LONG_STOPWORDS, 1, swaps=False) is not None


def _meaningful(word: str) -> bool:
    return word not in STOPWORDS and (len(word) > 1 or word.isdigit() or word == "&")


@dataclass(frozen=True)
class Concept:
    """One meaningful word (or phrase) of a question, and the stems a record may match it by."""

    word: str
    stems: tuple[str, ...]
    #: The word as written, when it was read as a near record word (a typo).
    typed: str = ""


@dataclass
class Query:
    """A question read: its concepts, the typos read, the synonyms used, and the games it names or cues."""

    text: str
    concepts: list[Concept] = field(default_factory=list)
    corrected: dict[str, str] = field(default_factory=dict)
    expanded: dict[str, list[str]] = field(default_factory=dict)
    named: list[str] = field(default_factory=list)
    cued: dict[str, int] = field(default_factory=dict)
    #: Other games and pastimes the question names ("magic the gathering", "chess").
    elsewhere: list[str] = field(default_factory=list)
    #: Cards and abilities told as not used ("P2 does not use Fortify"): not read as what the question is about.
    denied: list[str] = field(default_factory=list)
    #: Whether it asks about the real world in the games' words ("how long do real elephants live"): about
    #: something else even when a game's name is among its words (see [`REAL_WORLD`][rulebook.vocabulary.REAL_WORLD]).
    worldly: bool = False

    @property
    def terms(self) -> list[str]:
        """Every word to look for, in order: the words read (typos corrected) and the synonyms' words."""
        found: list[str] = []
        for c in self.concepts:
            found += c.word.split()
            found += self.expanded.get(c.word, [])
        return list(dict.fromkeys(w for w in found if _meaningful(w)))


class Index(Postings):
    """One index's postings: each term's documents and weights, packed in two arrays (quick to load)."""

    __slots__ = ("docs", "terms", "weights")

    def __init__(self, packed: tuple[dict[str, int], bytes, bytes]) -> None:
        from array import array

        #: Each term's place in the arrays: its first entry times 65,536, plus its number of entries.
        self.terms: dict[str, int] = packed[0]
        self.docs = array("H", packed[1])
        self.weights = array("f", packed[2])

    def holders(self, term: str) -> Any:
        """The numbers of the documents holding ``term``."""
        code = self.terms.get(term, 0)
        return self.docs[code >> 16 : (code >> 16) + (code & 0xFFFF)]

    def posting(self, term: str) -> Any:
        """The documents holding ``term``: pairs of each one's number and the term's weight there."""
        code = self.terms.get(term, 0)
        start, end = code >> 16, (code >> 16) + (code & 0xFFFF)
        return zip(self.docs[start:end], self.weights[start:end], strict=True)


def _index(packed: Any) -> Any:
    """An [`Index`][rulebook.vocabulary.Index] of packed postings (as built), or an index read from the stored
    vocabulary as it is (``rulebook.lexicon_store.StoredIndex``, the same methods)."""
    return packed if hasattr(packed, "posting") else Index(packed)


_T = TypeVar("_T")

class Lexicon:
    """The vocabulary built from every record and ``vocabulary.toml``, and the indexes ``ask`` ranks with.

    Each index maps a term to the records holding it, as packed record numbers and weights (read
    quickly from the cache); see [`build`][rulebook.vocabulary.build] for what each one holds.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data
        self.records: list[tuple[Any, ...]] = data["records"]
        #: Each stem's BM25 weight in each record (its fields weighed).
        self.postings = _index(data["postings"])
        #: The same over the ``asked_as`` questions, one document each, and the record each belongs to.
        self.asked = _index(data["asked"])
        self.asked_records: list[int] = data["asked_records"]
        #: Each record's words as a unit TF-IDF vector (every word, stopwords too, and word pairs).
        self.vectors = _index(data["vectors"])
        #: Each record's letters as a unit TF-IDF vector of four-letter pieces of words.
        self.grams = _index(data["grams"])
        #: The records whose title names a term ("Fortify (Earth): ...", "Misenchanted"), by the term's stems.
        self.defined: dict[str, list[str]] = data["defined"]
        self.surface: dict[str, str] = data["surface"]
        #: Common English words, newline-separated in one string per first two letters, and the stems of
        #: those that meet a record's stem.
        self.english: dict[str, str] = data["english"]
        self.english_stems: dict[str, str] = data["english_stems"]
        self.synonyms: dict[str, list[str]] = data["synonyms"]
        self.names: dict[str, str] = data["names"]
        #: The words of each game's own name ("elemental", "clash"): a name's other words are read as words.
        self.name_words: dict[str, list[str]] = data["name_words"]
        self.cues: dict[str, str] = data["cues"]
        self.elsewhere: dict[str, str] = data["elsewhere"]
        ids = getattr(self.records, "ids", None) or [r[0] for r in self.records]
        self.by_id = {rid: n for n, rid in enumerate(ids)}
        self._pools: dict[tuple[int, int], list[str]] = {}
        self._kept: dict[Hashable, Any] = {}
        phrases = (*self.synonyms, *self.names, *self.cues, *self.elsewhere)
        self._phrase_words = max((len(p.split()) for p in phrases), default=1)

    def kept(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """What ``make`` returns, made the first time ``key`` is asked for and kept with this vocabulary: figures
        derived from its records (a record's stems, the records stating a thing), which another vocabulary, built
        from other data, must not share.

        Examples:
            >>> lex = lexicon()
            >>> lex.kept(("example", 1), lambda: len(lex.records)) == lex.kept(("example", 1), lambda: -1)
            True
        """
        if key not in self._kept:
            self._kept[key] = make()
        return self._kept[key]

    @property
    def facts(self) -> tuple[list[str], list[str], list[str], list[bool]]:
        """Each record's ID, game, kind and whether its title only names a card (`card_title`), by record number.

        Examples:
            >>> ids, games, kinds, cards = lexicon().facts
            >>> (ids[0].split(".")[0] == games[0], len(ids) == len(cards))
            (True, True)
        """
        found = self.__dict__.get("_facts")
        if found is None:
            games, kinds, cards = self._data["facts"]
            found = (list(self.by_id), games.split("\n"), kinds.split("\n"), [c == "1" for c in cards])
            self.__dict__["_facts"] = found
        return found

    @property
    def own(self) -> Sequence[tuple[Any, ...]]:
        """Each record's own stems, its title's and its source section's, and its text's length (see
        `rulebook.rerank`), read a record at a time."""
        found = self.__dict__.get("_own")
        if found is None:
            found = self.__dict__["_own"] = self._data["own"]
        return found

    @property
    def reranker(self) -> Mapping[str, Any]:
        """The reranker's fitted weights (``rulebook/data/rerank.json`` when the vocabulary was built)."""
        return self._data.get("rerank") or {}

    @property
    def known(self) -> list[str]:
        """The records' words of four letters or more, the most used first (what a typo is read as); read from
        the stored vocabulary when a question first has a typo."""
        found = self.__dict__.get("_known")
        if found is None:
            found = self.__dict__["_known"] = self._data["known"]
        return found

    def idf(self, word_stem: str) -> float:
        """How much finding ``word_stem`` in a record says (BM25's inverse document frequency)."""
        df = self.postings.df(word_stem)
        return math.log(1 + (len(self.records) - df + 0.5) / (df + 0.5))

    def rarity(self, index: Index, term: str) -> float:
        """A term's smoothed inverse document frequency in one of the TF-IDF indexes (0 when absent)."""
        df = index.df(term)
        return math.log((1 + len(self.records)) / (1 + df)) + 1 if df else 0.0

    def english_word(self, word: str) -> bool:
        """Whether ``word`` is a common English word (never read as a typo of a record's word)."""
        return f"\n{word}\n" in self.english.get(word[:2], "")

    def defining(self, query: Query) -> list[str]:
        """The records whose title names exactly what the query says ("fortified" finds Fortify's rule)."""
        said = {self.stem(w) for c in query.concepts for w in c.word.split() if _meaningful(w)}
        return list(self.defined.get(" ".join(sorted(said)), ())) if said else []

    def stem(self, word: str) -> str:
        """A word's stem, from the built tables when a record or a common English word is the word.

        A common English word whose stem no record has gets a stem no record can match (so the
        stemmer is loaded only for the rare word that is neither: a typo, a name, slang).
        """
        found = self.surface.get(word) or self.english_stems.get(word)
        if found is not None:
            return found
        return f"~{word}" if self.english_word(word) else stem(word)

    def correct(self, word: str) -> str | None:
        """The record word ``word`` is most likely a typo of, or ``None``.

        Only words of four letters or more are read as typos, within one edit (two from eight letters;
        two letters swapped count as one edit), against the words the records use, the most used first.
        A word two edits from the nearest record word is read by its stem when that is one edit from a
        record word's stem ("dissenchanting" is Disenchant's, not "misenchanting").
        """
        if len(word) < TYPO_LETTERS or not word.isalpha() or self.english_word(word):
            return None
        most = 1 if len(word) < 8 else 2
        pool = self._pool(len(word), most)
        best = nearest(word, pool, most)
        if best is not None and best[1] > 1:
            # Two edits apart: a misspelt form of a word ("dissenchanting") may be one edit from a record stem.
            own = stem(word)
            stems = self._stem_pool(len(own))
            near = nearest(own, list(stems), 1)
            if near is not None:
                return stems[near[0]]
        return best[0] if best else None

    def _stem_pool(self, length: int) -> dict[str, str]:
        """The record words' stems within a letter of ``length`` long, each to its most used word."""
        key = (length, -1)
        if key not in self._pools:
            pool: dict[str, str] = {}
            for w in self.known:
                s = self.surface.get(w, w)
                if abs(len(s) - length) <= 1 and s not in pool:
                    pool[s] = w
            self._pools[key] = pool  # type: ignore[assignment]
        return self._pools[key]  # type: ignore[return-value]

    def _pool(self, length: int, most: int) -> list[str]:
        """The record words within ``most`` letters of ``length`` long, the most used first (kept once made)."""
        key = (length, most)
        if key not in self._pools:
            self._pools[key] = [w for w in self.known if abs(len(w) - length) <= most]
        return self._pools[key]

    def read(self, text: str, *, what: str = "a question") -> Query:
        """Read a question or query into concepts (at most [`MAX_CONCEPTS`][rulebook.vocabulary.MAX_CONCEPTS]).

        Typos, synonyms, the games named or cued and other games named are noted on the way.
        """
        query = Query(capped(text, what))
        tokens = cards_spelt_out(words(query.text))
        seen: set[str] = set()
        aside: list[Concept] = []
        i = 0
        while i < len(tokens) and len(query.concepts) < MAX_CONCEPTS:
            phrase, size = self._phrase(tokens, i)
            i += size
            denied = False
            if phrase in self.names:
                gid = self.names[phrase]
                if gid not in query.named:
                    query.named.append(gid)
                if size > 1:
                    # "a clash game": the words that are not the game's own name are read on ("game").
                    own = self.name_words.get(gid, ())
                    tokens[i - size : i] = []
                    i -= size
                    rest = [w for w in phrase.split() if w not in own]
                    tokens[i:i] = rest if len(rest) < size else []
                    continue
                if self.surface.get(phrase) not in self.postings:
                    continue
            if phrase in self.elsewhere and self.elsewhere[phrase] not in query.elsewhere:
                query.elsewhere.append(self.elsewhere[phrase])
            if phrase in self.cues:
                game = self.cues[phrase]
                query.cued[game] = query.cued.get(game, 0) + 1
                # "P2 does not use Fortify", "they dont surge": told as not used, not what is asked about
                denied = _denied(tokens[max(0, i - size - 4) : i - size])
            if phrase in seen or (size == 1 and not _meaningful(phrase)):
                continue
            seen.add(phrase)
            typed = ""
            if size == 1 and phrase not in self.surface and phrase not in self.synonyms:
                own = self.stem(phrase)
                if own not in self.postings and not self.english_word(phrase) and _filler(phrase):
                    continue
                if own not in self.postings:
                    fixed = self.correct(phrase)
                    if fixed is not None:
                        typed, phrase = phrase, fixed
                        query.corrected[typed] = fixed
                        if fixed in self.cues:
                            query.cued[self.cues[fixed]] = query.cued.get(self.cues[fixed], 0) + 1
            stems = [self.stem(w) for w in phrase.split() if _meaningful(w)]
            stems += self._able(phrase) if size == 1 else []
            extra = self.synonyms.get(phrase, [])
            if extra:
                query.expanded[phrase] = list(extra)
                stems += [self.stem(w) for w in extra]
            if stems:
                concept = Concept(phrase, tuple(dict.fromkeys(stems)), typed)
                (aside if denied else query.concepts).append(concept)
        if REAL_WORLD.search(query.text):
            query.worldly = True
            query.elsewhere.insert(0, "the real world")
        return _unless_alone(query, aside, self.cues)

    def _able(self, word: str) -> list[str]:
        """What a word of ability is said of ("reachable": reach, "playable": play), when a record says it."""
        if not word.endswith(ABLE) or len(word) <= len(ABLE) + 2 or self.stem(word).startswith("~"):
            return []  # "capable" is not said of a cap
        base = word[: -len(ABLE)]
        return [s for s in (self.stem(base), self.stem(base + "e")) if s in self.postings][:1]

    def _phrase(self, tokens: list[str], i: int) -> tuple[str, int]:
        """The longest known phrase (synonym, game name or cue) starting at ``tokens[i]``, else the word."""
        for size in range(min(self._phrase_words, len(tokens) - i), 1, -1):
            phrase = " ".join(tokens[i : i + size])
            if phrase in self.synonyms or phrase in self.names or phrase in self.cues or phrase in self.elsewhere:
                return phrase, size
        return tokens[i], 1


_HERE = os.path.dirname(os.path.abspath(__file__))
#: Words that ask about the real world rather than a game, even in a game's own words: "in real life", "irl",
#: "at the zoo", real, actual, living or wild animals ("how long do real elephants live", "an actual elephant's
#: trunk") and animals "in the wild" (a card "seen in the wild" is still a game's), and the sky: the moon's phases
#: ("what are the phases of the moon in order": a game's phases are not asked), a full or new moon, the solar system,
#: the Milky Way, astrology (a "moon attack" is still a game's). No rule of the five games is about these.
REAL_WORLD = re.compile(
    r"\b(?:in real life|irl|real[- ]life|real[- ]world|at the zoo)\b"
    r"|\bphases?\s+of\s+the\s+moon\b|\bmoon(?:'s)?\s+phases?\b|\b(?:full|new|half|crescent)\s+moon\b"
    r"|\b(?:solar system|milky way|astrology)\b"
    r"|\b(?:real|actual|living|wild)\s+(?:(?:african|asian|adult|baby|grown|live)\s+)?(?:elephant|animal)"
    r"|\b(?:elephant|animal)s?\b.*\bin the wild\b|\bin the wild\b.*\b(?:elephant|animal)",
    re.IGNORECASE,
)
#: The ending of a word of ability ("reachable", "playable"): it is read as its verb too (see `Lexicon._able`).
ABLE = "able"

#: Words that deny a deed ("does not use", "they dont surge"); "t" is the end of "doesn't", "didn't" or "don't".
_DENY = frozenset({"not", "dont", "doesnt", "didnt", "never", "without"})
_DENIED_T = frozenset({"don", "doesn", "didn"})
#: Verbs between a denial and the card or ability used ("does not use Fortify", "without playing Blaze").
_USE = frozenset({"use", "uses", "using", "used", "declare", "declares", "declaring", "play", "plays", "playing"})


def _unless_alone(query: Query, aside: list[Concept], cues: dict[str, str]) -> Query:
    """The question with the cards and abilities told as not used left out, when another of them is read ("P1 uses
    Blaze; P2 does not use Fortify"); kept when none is ("what if I don't use Fortify" asks about Fortify)."""
    if aside and not any(c.word in cues for c in query.concepts):
        query.concepts += aside
    elif aside:
        query.denied = [w for c in aside for w in c.word.split()]
    return query


def _denied(before: list[str]) -> bool:
    """Whether the words just before a card or ability deny its use ("does not use", "dont"), not whether one may
    use it ("cannot use", "can not use" ask about the rule)."""
    rest = before[:-1] if before[-1:] and before[-1] in _USE else before
    if not rest:
        return False
    last = rest[-1]
    if last == "t":
        return rest[-2:-1] != [] and rest[-2] in _DENIED_T
    return last in _DENY and not (last == "not" and rest[-2:-1] in (["can"], ["may"], ["must"], ["should"]))


def _parts() -> list[bytes | str]:
    """What names the vocabulary's cache file: this module (its stemmer, stopwords and weights),
    ``vocabulary.toml``, the common English words, and each registered game's entry (its names and own words)
    and data file; each file by its stamp ([`file_stamp`][rulebook.writing.file_stamp]: size and time)."""
    from rulebook.writing import file_stamp

    found: list[bytes | str] = [f"layout={LAYOUT}"]
    for path in (__file__, os.path.join(_HERE, "data", "vocabulary.toml"), os.path.join(_HERE, "data", ENGLISH)):
        found.append(file_stamp(path))
    found.append(file_stamp(RERANK) if os.path.exists(RERANK) else "no reranker")
    for g in registry.games():
        found += [repr((g.id, g.name, g.names, g.own_words)), file_stamp(g.data_path)]
    return found


#: The common English words (never read as typos of a record's word), one a line.
ENGLISH = "english-words.txt"
#: The reranker's fitted weights (see `rulebook.rerank`), kept in the vocabulary so that a question reads them
#: with it: the one path of that file (`rulebook.rerank.PATH` and `benchmarks/ask_heldout.py --fit` use it).
RERANK = os.path.join(_HERE, "data", "rerank.json")


class _Builder:
    """The vocabulary and the indexes being built, one record at a time (see [`build`][rulebook.vocabulary.build])."""

    def __init__(self, synonyms: dict[str, list[str]], withheld: dict[str, dict[str, list[str]]]) -> None:
        self.withheld = withheld
        self.synonyms = synonyms
        self.records: list[tuple[Any, ...]] = []
        self.fields: list[dict[str, float]] = []
        self.asked_docs: list[dict[str, float]] = []
        self.asked_records: list[int] = []
        self.vectors: list[dict[str, float]] = []
        self.grams: list[dict[str, float]] = []
        self.own: list[tuple[Any, ...]] = []
        self.defined: dict[str, list[str]] = {}
        self.surface: dict[str, str] = {}
        self.counts: dict[str, int] = {}

    def stemmed(self, text: str) -> list[str]:
        out = []
        for w in words(text):
            if w not in self.surface:
                self.surface[w] = stem(w)
            out.append(self.surface[w])
        return out

    def stems_of(self, text: str) -> list[str]:
        return [s for w, s in zip(words(text), self.stemmed(text), strict=True) if _meaningful(w)]

    def own_stems(self, r: Record) -> tuple[Any, ...]:
        """A record's own stems (ID words, title and text: no players' words), its title's, its source section's,
        and how many words its text holds, as the reranker reads them."""
        title = set(self.stemmed(r.title))
        ids = " ".join(r.id.replace("-", ".").split(".")[1:])
        own = title | set(self.stemmed(f"{ids} {r.text}"))
        section = set(self.stemmed(r.citation.in_words.partition(",")[2]))
        return (r.id, tuple(sorted(own)), tuple(sorted(title)), tuple(sorted(section)), len(words(r.text)))

    def add(self, r: Record) -> None:
        """Index one record: its fields, its ``asked_as`` questions, its vectors, the terms its title defines."""
        left = self.withheld.get(r.id, {})
        aliases = [a for a in r.aliases if a not in left.get("aliases", ())]
        asked_as = [q for q in r.asked_as if q not in left.get("asked_as", ())]
        row = (r.id, r.game, r.kind, r.title, r.text, r.citation.in_words, list(r.see), aliases, list(r.reads))
        self.records.append(row)
        parts = {
            "id": [" ".join(re.split(r"[.\-]", r.id)[1:])],
            "title": [r.title],
            "aliases": aliases,
            "asked": asked_as,
            "text": [r.text],
        }
        weights: dict[str, float] = {}
        for name, texts in parts.items():
            for text in texts:
                for s in self.stems_of(text):
                    weights[s] = weights.get(s, 0.0) + FIELDS[name]
        self.fields.append(weights)
        self.own.append(self.own_stems(r))
        for question in asked_as:
            counted: dict[str, float] = {}
            for s in self.stems_of(question):
                counted[s] = counted.get(s, 0.0) + 1.0
            self.asked_docs.append(counted)
            self.asked_records.append(len(self.records) - 1)
        whole = [r.title, r.text, *aliases, *asked_as]
        self.vectors.append(_counted(t for text in whole for t in vector_terms(self.stemmed(text))))
        self.grams.append(_counted(t for text in whole for t in four_grams(words(text))))
        for w in dict.fromkeys(words(" ".join(whole))):
            self.counts[w] = self.counts.get(w, 0) + 1
        head = " ".join(sorted(set(self.stems_of(re.split(r"[:(]", r.title)[0]))))
        if head:
            self.defined.setdefault(head, []).append(r.id)
        if r.kind == "glossary":
            term = r.title.split(":")[0].strip().lower()
            for alias in aliases:
                self.synonyms.setdefault(alias.lower(), words(term))

    def finish(self, elsewhere_names: list[str]) -> dict[str, Any]:
        """The built vocabulary: the four indexes, the words' tables, and the games' names and own words."""
        for extra in self.synonyms.values():
            self.stemmed(" ".join(extra))
        postings = _bm25(self.fields, K1, B)
        # A word pair found in one record alone is left out of the index (not out of its vector's length):
        # two in three pairs are, and a question rarely holds one of them.
        vector_postings = {t: p for t, p in _tfidf(self.vectors).items() if " " not in t or len(p) > 1}
        with open(os.path.join(_HERE, "data", ENGLISH), encoding="utf-8") as handle:
            english = [w.strip() for w in handle if w.strip() and not w.startswith("#")]
        english_stems = {}
        for w in english:
            if w not in self.surface:
                own = stem(w)
                if own in postings:
                    english_stems[w] = own
        counts = self.counts
        known = sorted((w for w in counts if w.isalpha() and len(w) >= 4 and _meaningful(w)), key=lambda w: -counts[w])
        games, rows = registry.games(), self.records
        return {
            "records": self.records,
            # Each record's game, kind and whether its title only names a card, in one part: read at once by a
            # question, where the records' rows would be read one by one (`rulebook.ask`'s loops over every record).
            # Joined into strings: marshal writes a list of equal strings differently as they are one object or not.
            "facts": ["\n".join(r[1] for r in rows), "\n".join(r[2] for r in rows), "".join(
                "1" if card_title(r[3]) else "0" for r in rows
            )],
            "own": self.own,
            "rerank": _reranker(),
            "postings": _packed(postings),
            "asked": _packed(_bm25(self.asked_docs, ASKED_K1, ASKED_B)),
            "asked_records": self.asked_records,
            "vectors": _packed(vector_postings),
            "grams": _packed(_tfidf(self.grams)),
            "defined": self.defined,
            "surface": self.surface,
            "english": {k: "\n" + "\n".join(ws) + "\n" for k, ws in _by_start(english).items()},
            "english_stems": english_stems,
            "synonyms": self.synonyms,
            "names": {" ".join(words(name)): g.id for g in games for name in g.names},
            "name_words": {g.id: words(g.name) for g in games},
            "cues": {" ".join(words(cue)): g.id for g in games for cue in g.own_words},
            "known": known,
            "elsewhere": {" ".join(words(name)): name for name in elsewhere_names},
        }


def _reranker() -> dict[str, Any]:
    """The reranker's fitted weights as shipped (none when the file is absent)."""
    import json

    if not os.path.exists(RERANK):
        return {}
    with open(RERANK, encoding="utf-8") as handle:
        return json.load(handle)


def _counted(terms: Iterable[str]) -> dict[str, float]:
    """How many times each term comes, as floats (a document's term counts)."""
    found: dict[str, float] = {}
    for t in terms:
        found[t] = found.get(t, 0.0) + 1.0
    return found


def build(withheld: dict[str, dict[str, list[str]]] | None = None) -> dict[str, Any]:
    """Build the vocabulary and the ranking indexes from every record and ``vocabulary.toml``.

    Four indexes, each read three ways by ``ask`` and combined:

    - ``postings``: BM25 over one document per record, its ID words, title, aliases, text and
      ``asked_as`` questions weighed by [`FIELDS`][rulebook.vocabulary.FIELDS] (stopwords left out);
    - ``asked``: BM25 over each ``asked_as`` question as a document of its own (the closest one counts);
    - ``vectors``: TF-IDF over each record's words, stopwords kept ("how many", "who") and neighbouring
      word pairs ("spirit deck"), for the cosine of the question and the record;
    - ``grams``: TF-IDF over each record's four-letter pieces of words, which meet word forms and typos
      the stemmer and the typo reader miss.

    How a question names each game, and the words only that game uses, come from the games' registry
    entries (``names`` and ``own_words``). ``withheld`` (record ID to field to words) leaves those players'
    words out, for measuring without them.
    """
    from rulebook.reading import parse_toml

    with open(os.path.join(_HERE, "data", "vocabulary.toml"), encoding="utf-8") as handle:
        shared = parse_toml(handle.read(), "vocabulary.toml")
    synonyms = {k.lower(): v.lower().split() for k, v in shared.get("synonyms", {}).items()}
    builder = _Builder(synonyms, withheld or {})
    for g in registry.games():
        for r in registry.rules(g.id):
            builder.add(r)
    return builder.finish(shared.get("elsewhere", {}).get("names", []))


def vector_terms(stems: list[str]) -> list[str]:
    """A text's terms for the word vectors: every stem, stopwords too, and each two neighbouring stems."""
    return stems + [f"{a} {b}" for a, b in itertools.pairwise(stems)]


def four_grams(found: list[str]) -> list[str]:
    """The four-letter pieces of each word, the word padded with a space each side ("dec" gives " dec", "dec ")."""
    out = []
    for w in found:
        padded = f" {w} "
        if len(padded) <= 4:
            out.append(padded)
        else:
            out += [padded[i : i + 4] for i in range(len(padded) - 3)]
    return out


def _bm25(docs: list[dict[str, float]], k1: float, b: float) -> dict[str, list[tuple[int, float]]]:
    """BM25 postings: each weight the term's rarity times its saturated count in the document."""
    n = len(docs)
    average = sum(sum(d.values()) for d in docs) / max(1, n)
    found: dict[str, list[tuple[int, float]]] = {}
    for number, doc in enumerate(docs):
        length = sum(doc.values())
        for term, tf in doc.items():
            norm = tf * (1 + k1) / (tf + k1 * (1 - b + b * length / (average or 1.0)))
            found.setdefault(term, []).append((number, norm))
    for p in found.values():
        idf = math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5))
        p[:] = [(d, w * idf) for d, w in p]
    return found


def _tfidf(docs: list[dict[str, float]]) -> dict[str, list[tuple[int, float]]]:
    """Unit-length TF-IDF vectors as postings: sublinear counts, smoothed rarity (as ``Lexicon.rarity``)."""
    n = len(docs)
    df: dict[str, int] = {}
    for doc in docs:
        for term in doc:
            df[term] = df.get(term, 0) + 1
    idfs = {t: math.log((1 + n) / (1 + d)) + 1 for t, d in df.items()}
    found: dict[str, list[tuple[int, float]]] = {}
    for number, doc in enumerate(docs):
        weights = {t: (1 + math.log(tf)) * idfs[t] for t, tf in doc.items()}
        size = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        for t, w in weights.items():
            found.setdefault(t, []).append((number, w / size))
    return found


def _by_start(found: list[str]) -> dict[str, list[str]]:
    """Words grouped by their first two letters."""
    groups: dict[str, list[str]] = {}
    for w in found:
        groups.setdefault(w[:2], []).append(w)
    return groups


def _packed(found: dict[str, list[tuple[int, float]]]) -> tuple[dict[str, int], bytes, bytes]:
    """Postings packed for [`Index`][rulebook.vocabulary.Index]: the terms' places, then two flat arrays."""
    from array import array

    terms: dict[str, int] = {}
    docs = array("H")
    weights = array("f")
    for term, entries in found.items():
        terms[term] = len(docs) * 65536 + len(entries)
        docs.extend(d for d, _ in entries)
        weights.extend(w for _, w in entries)
    return terms, docs.tobytes(), weights.tobytes()


def lexicon() -> Lexicon:
    """The vocabulary of the registered games, built on first use and kept in the per-user cache folder.

    It is kept by the project's one cache scheme ([`cache_file`][rulebook.writing.cache_file]): named by a
    digest of everything it is built from, so edited data, an upgraded package or another set of games gets
    a new file, never a stale one; written atomically; each part read and checked only when a question needs
    it ([`rulebook.lexicon_store`][rulebook.lexicon_store]). Without a cache folder it is built in memory for
    the run.
    """
    return _lexicon(tuple(registry.games()))


@cache
def _lexicon(games: tuple[registry.Game, ...]) -> Lexicon:
    import gc

    from rulebook import lexicon_store
    from rulebook.writing import cache_file, file_stamp

    collecting = gc.isenabled()
    gc.disable()  # building makes thousands of small tuples: collecting while they are made only slows it
    try:
        parts = [lexicon_store.FORMAT, file_stamp(lexicon_store.__file__), *_parts()]
        path = cache_file("vocabulary", parts, ".lexicon")
        stored = None if path is None else lexicon_store.open_store(path, build)
        if stored is not None:
            return Lexicon(stored)
        data = build()
        if path is not None:
            lexicon_store.write(path, data)
        return Lexicon(data)
    finally:
        if collecting:
            gc.enable()


#: Forget the vocabularies made (a test that changes the cache folder starts afresh).
lexicon.cache_clear = _lexicon.cache_clear  # type: ignore[attr-defined]


#: A title that only names a card and its facts in brackets ("Clap (Thunder, priority 2)"), with no statement.
_CARD_TITLE = re.compile(r"[^:()]+\([^()]*\)\s*")


def card_title(title: str) -> bool:
    """Whether a record's title only names a card and its facts in brackets ("Clap (Thunder, priority 2)").

    Examples:
        >>> card_title("Clap (Thunder, priority 2)"), card_title("Fortify (Earth): Earth survives this defense")
        (True, False)
    """
    return _CARD_TITLE.fullmatch(title) is not None
