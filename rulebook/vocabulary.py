"""Players' vocabulary: how a question's words are read against the records', for search and ask alike.

Players do not write the records' words. This module reads a question or a query into *concepts*,
each one of the question's meaningful words with the stems it may match:

- words are stemmed with the Snowball English stemmer (``fortified`` and ``fortify`` meet);
- a word no record uses, within one or two letters of one they do, is read as that word (``fortfy``);
- a player's word or phrase listed in ``rulebook/data/vocabulary.toml`` (``throw away``) or a glossary
  record's ``aliases`` also looks for the records' own words (``discard``);
- a game named in the question ("Elestrals", "Elemental Clash") or its unmistakable vocabulary (Spirits
  and Runes, realms, trunks) is noted, so that the game's records answer.

Each record's own ``aliases`` and ``asked_as`` questions are indexed beside its title and text.

The whole vocabulary, with the index ``rulebook ask`` ranks records with, is built from the data on
first use and kept in the per-user cache folder, named by a digest of the data it was built from.

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

import math
import os
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import rulebook
from rulebook.reading import capped

__all__ = ["MAX_CONCEPTS", "STOPWORDS", "Concept", "Lexicon", "Query", "lexicon", "stem", "words"]

#: Bump when the built vocabulary's layout (or how it is built) changes: old cache files are then ignored.
LAYOUT = 7
#: The most distinct meaningful words read from one question or query; the rest are left out.
MAX_CONCEPTS = 32
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
    really basically literally anyway anyways guys someone somebody anyone anybody thing things stuff sure
    right correct true supposed confused help quick quickly probably maybe guess think thought
    """.split()  # noqa: SIM905
)

_LONG_STOPWORDS = sorted(w for w in STOPWORDS if len(w) >= 5)
_WORD = re.compile(r"[a-z0-9]+")
_STEMMER: Any = None


def words(text: str) -> list[str]:
    """The lowercase words of a text, in order (letters and digits; everything else separates).

    Examples:
        >>> words("Can't Fire+ attack twice?")
        ['can', 't', 'fire', 'attack', 'twice']
    """
    return _WORD.findall(text.lower())


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


def _filler(word: str) -> bool:
    """Whether a word no record uses is a misspelt stopword ("actualy", "exacly"): one edit from one."""
    if len(word) < 5:
        return False
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    return process.extractOne(word, _LONG_STOPWORDS, scorer=Levenshtein.distance, score_cutoff=1) is not None


def _meaningful(word: str) -> bool:
    return word not in STOPWORDS and (len(word) > 1 or word.isdigit())


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

    @property
    def terms(self) -> list[str]:
        """Every word to look for, in order: the words read (typos corrected) and the synonyms' words."""
        found: list[str] = []
        for c in self.concepts:
            found += c.word.split()
            found += self.expanded.get(c.word, [])
        return list(dict.fromkeys(w for w in found if _meaningful(w)))


class Lexicon:
    """The vocabulary built from every record and ``vocabulary.toml``, and the index ``ask`` ranks with."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.records: list[tuple[Any, ...]] = data["records"]
        #: Each stem's records, as packed record numbers and weights (read quickly from the cache).
        self.postings: dict[str, tuple[bytes, bytes]] = data["postings"]
        self.lengths: list[float] = data["lengths"]
        self.surface: dict[str, str] = data["surface"]
        self.synonyms: dict[str, list[str]] = data["synonyms"]
        self.names: dict[str, str] = data["names"]
        self.cues: dict[str, str] = data["cues"]
        self.known: list[str] = data["known"]
        self.elsewhere: dict[str, str] = data["elsewhere"]
        self.by_id = {r[0]: n for n, r in enumerate(self.records)}
        self.average = sum(self.lengths) / max(1, len(self.lengths))
        phrases = (*self.synonyms, *self.names, *self.cues, *self.elsewhere)
        self._phrase_words = max((len(p.split()) for p in phrases), default=1)

    def idf(self, word_stem: str) -> float:
        """How much finding ``word_stem`` in a record says (BM25's inverse document frequency)."""
        found = self.postings.get(word_stem)
        df = len(found[0]) // 2 if found else 0
        n = len(self.records)
        return math.log(1 + (n - df + 0.5) / (df + 0.5))

    def posting(self, word_stem: str) -> list[tuple[int, float]]:
        """The records holding ``word_stem``: each record's number and the stem's weight there."""
        from array import array

        docs, weights = self.postings[word_stem]
        return list(zip(array("H", docs), array("f", weights), strict=True))

    def stem(self, word: str) -> str:
        """A word's stem, from the built table when any record uses the word (no stemmer needed then)."""
        found = self.surface.get(word)
        return found if found is not None else stem(word)

    def correct(self, word: str) -> str | None:
        """The record word ``word`` is most likely a typo of, or ``None``.

        Only words of five letters or more are read as typos, within one edit (two from eight letters),
        against the words the records use, the most used first.
        """
        if len(word) < 5 or not word.isalpha():
            return None
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein

        most = 1 if len(word) < 8 else 2
        pool = [w for w in self.known if abs(len(w) - len(word)) <= most]
        best = process.extractOne(word, pool, scorer=Levenshtein.distance, score_cutoff=most)
        return best[0] if best else None

    def read(self, text: str, *, what: str = "a question") -> Query:
        """Read a question or query into concepts (at most [`MAX_CONCEPTS`][rulebook.vocabulary.MAX_CONCEPTS]).

        Typos, synonyms, the games named or cued and other games named are noted on the way.
        """
        query = Query(capped(text, what))
        tokens = words(query.text)
        seen: set[str] = set()
        i = 0
        while i < len(tokens) and len(query.concepts) < MAX_CONCEPTS:
            phrase, size = self._phrase(tokens, i)
            i += size
            if phrase in self.names:
                if self.names[phrase] not in query.named:
                    query.named.append(self.names[phrase])
                continue
            if phrase in self.elsewhere and self.elsewhere[phrase] not in query.elsewhere:
                query.elsewhere.append(self.elsewhere[phrase])
            if phrase in self.cues:
                game = self.cues[phrase]
                query.cued[game] = query.cued.get(game, 0) + 1
            if phrase in seen or (size == 1 and not _meaningful(phrase)):
                continue
            seen.add(phrase)
            typed = ""
            if size == 1 and phrase not in self.surface and phrase not in self.synonyms:
                own = stem(phrase)
                if own not in self.postings and _filler(phrase):
                    continue
                if own not in self.postings:
                    fixed = self.correct(phrase)
                    if fixed is not None:
                        typed, phrase = phrase, fixed
                        query.corrected[typed] = fixed
                        if fixed in self.cues:
                            query.cued[self.cues[fixed]] = query.cued.get(self.cues[fixed], 0) + 1
            stems = [self.stem(w) for w in phrase.split() if _meaningful(w)]
            extra = self.synonyms.get(phrase, [])
            if extra:
                query.expanded[phrase] = list(extra)
                stems += [self.stem(w) for w in extra]
            if stems:
                query.concepts.append(Concept(phrase, tuple(dict.fromkeys(stems)), typed))
        return query

    def _phrase(self, tokens: list[str], i: int) -> tuple[str, int]:
        """The longest known phrase (synonym, game name or cue) starting at ``tokens[i]``, else the word."""
        for size in range(min(self._phrase_words, len(tokens) - i), 1, -1):
            phrase = " ".join(tokens[i : i + size])
            if phrase in self.synonyms or phrase in self.names or phrase in self.cues or phrase in self.elsewhere:
                return phrase, size
        return tokens[i], 1


_HERE = os.path.dirname(os.path.abspath(__file__))


def _sources() -> list[str]:
    """The files the vocabulary is built from: every game's data, ``vocabulary.toml``, and this module."""
    data = os.path.join(_HERE, "data")
    return [
        *(os.path.join(data, f"{g.id}.toml") for g in rulebook.games()),
        os.path.join(data, "vocabulary.toml"),
        __file__,
    ]


def _stamp() -> str:
    """What the vocabulary is built from: its layout and each source file's size and modification time.

    A changed file (or a changed stemmer, stopword or weight, which live in this module) gets a new
    name, never a stale hit; reading the files' status, not their bytes, keeps a cold start quick.
    """
    import zlib

    said = [f"layout={LAYOUT}"]
    for path in _sources():
        info = os.stat(path)
        said.append(f"{os.path.basename(path)}:{info.st_size}:{info.st_mtime_ns}")
    return f"{LAYOUT}-{zlib.crc32(';'.join(said).encode()):08x}"


def build() -> dict[str, Any]:
    """Build the vocabulary and the ranking index from every record and ``vocabulary.toml``."""
    from rulebook.reading import parse_toml

    with open(os.path.join(_HERE, "data", "vocabulary.toml"), encoding="utf-8") as handle:
        shared = parse_toml(handle.read(), "vocabulary.toml")
    records: list[tuple[Any, ...]] = []
    postings: dict[str, list[tuple[int, float]]] = {}
    lengths: list[float] = []
    surface: dict[str, str] = {}
    counts: dict[str, int] = {}
    synonyms: dict[str, list[str]] = {k.lower(): v.lower().split() for k, v in shared.get("synonyms", {}).items()}

    def stems_of(text: str) -> list[str]:
        out = []
        for w in words(text):
            if _meaningful(w):
                if w not in surface:
                    surface[w] = stem(w)
                out.append(surface[w])
        return out

    for g in rulebook.games():
        for r in rulebook.rules(g.id):
            n = len(records)
            records.append((r.id, r.game, r.kind, r.title, r.text, r.citation.in_words, list(r.see), list(r.aliases)))
            parts = {
                "id": " ".join(re.split(r"[.\-]", r.id)[1:]),
                "title": r.title,
                "aliases": " ; ".join(r.aliases),
                "asked": " ; ".join(r.asked_as),
                "text": r.text,
            }
            weights: dict[str, float] = {}
            for name, text in parts.items():
                for s in stems_of(text):
                    weights[s] = weights.get(s, 0.0) + FIELDS[name]
            for s, w in weights.items():
                postings.setdefault(s, []).append((n, w))
            for w in set(words(f"{r.title} {r.text} {' '.join(r.aliases)}")):
                counts[w] = counts.get(w, 0) + 1
            lengths.append(sum(weights.values()))
            if r.kind == "glossary":
                term = r.title.split(":")[0].strip().lower()
                for alias in r.aliases:
                    synonyms.setdefault(alias.lower(), words(term))
    for extra in synonyms.values():
        stems_of(" ".join(extra))
    names: dict[str, str] = {}
    cues: dict[str, str] = {}
    for gid, entry in shared.get("games", {}).items():
        for name in entry.get("names", ()):
            names[" ".join(words(name))] = gid
        for cue in entry.get("cues", ()):
            cues[" ".join(words(cue))] = gid
    elsewhere = {" ".join(words(name)): name for name in shared.get("elsewhere", {}).get("names", ())}
    known = sorted((w for w in counts if w.isalpha() and len(w) >= 4 and _meaningful(w)), key=lambda w: -counts[w])
    return {
        "records": records,
        "postings": {s: _packed(found) for s, found in postings.items()},
        "lengths": lengths,
        "surface": surface,
        "synonyms": synonyms,
        "names": names,
        "cues": cues,
        "known": known,
        "elsewhere": elsewhere,
    }


def _packed(found: list[tuple[int, float]]) -> tuple[bytes, bytes]:
    from array import array

    return array("H", [d for d, _ in found]).tobytes(), array("f", [w for _, w in found]).tobytes()


@cache
def lexicon() -> Lexicon:
    """The vocabulary, built on first use and kept in the per-user cache folder (in memory without one)."""
    import contextlib
    import marshal

    from rulebook.errors import InvalidInputError
    from rulebook.writing import cache_dir, write_atomic

    folder = cache_dir()
    path = folder / f"vocabulary-{_stamp()}.marshal" if folder is not None else None
    if path is not None:
        try:
            return Lexicon(marshal.loads(path.read_bytes()))
        except (OSError, ValueError, EOFError, TypeError, KeyError):
            pass
    data = build()
    if path is not None:
        with contextlib.suppress(InvalidInputError):
            write_atomic(path, marshal.dumps(data))
    return Lexicon(data)
