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

import itertools
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
LAYOUT = 9
#: The most distinct meaningful words read from one question or query; the rest are left out.
MAX_CONCEPTS = 32
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
    things stuff sure
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


@cache
def _english() -> frozenset[str]:
    """Common English words (``data/english-words.txt``): never read as a typo of a record's word."""
    with open(os.path.join(_HERE, "data", "english-words.txt"), encoding="utf-8") as handle:
        return frozenset(line.strip() for line in handle if not line.startswith("#"))


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
    """The vocabulary built from every record and ``vocabulary.toml``, and the indexes ``ask`` ranks with.

    Each index maps a term to the records holding it, as packed record numbers and weights (read
    quickly from the cache); see [`build`][rulebook.vocabulary.build] for what each one holds.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.records: list[tuple[Any, ...]] = data["records"]
        #: Each stem's BM25 weight in each record (its fields weighed), and each stem's rarity.
        self.postings: dict[str, tuple[bytes, bytes]] = data["postings"]
        self.idfs: dict[str, float] = data["idfs"]
        #: The same over the ``asked_as`` questions, one document each, and the record each belongs to.
        self.asked: dict[str, tuple[bytes, bytes]] = data["asked"]
        self.asked_records: list[int] = data["asked_records"]
        #: Each record's words as a TF-IDF vector (every word, stopwords too, and word pairs), and their rarity.
        self.vectors: dict[str, tuple[bytes, bytes]] = data["vectors"]
        self.vector_idfs: dict[str, float] = data["vector_idfs"]
        #: Each record's letters as a TF-IDF vector of four-letter pieces, and their rarity.
        self.grams: dict[str, tuple[bytes, bytes]] = data["grams"]
        self.gram_idfs: dict[str, float] = data["gram_idfs"]
        #: The records whose title names a term ("Fortify (Earth): ...", "Misenchanted"), by the term's stems.
        self.defined: dict[str, list[str]] = data["defined"]
        self.surface: dict[str, str] = data["surface"]
        self.synonyms: dict[str, list[str]] = data["synonyms"]
        self.names: dict[str, str] = data["names"]
        self.cues: dict[str, str] = data["cues"]
        self.known: list[str] = data["known"]
        self.elsewhere: dict[str, str] = data["elsewhere"]
        self.by_id = {r[0]: n for n, r in enumerate(self.records)}
        phrases = (*self.synonyms, *self.names, *self.cues, *self.elsewhere)
        self._phrase_words = max((len(p.split()) for p in phrases), default=1)

    def idf(self, word_stem: str) -> float:
        """How much finding ``word_stem`` in a record says (BM25's inverse document frequency)."""
        found = self.idfs.get(word_stem)
        return found if found is not None else math.log(1 + (len(self.records) + 0.5) / 0.5)

    @staticmethod
    def posting(index: dict[str, tuple[bytes, bytes]], term: str) -> list[tuple[int, float]]:
        """The documents of ``index`` holding ``term``: each one's number and the term's weight there."""
        from array import array

        found = index.get(term)
        if found is None:
            return []
        return list(zip(array("H", found[0]), array("f", found[1]), strict=True))

    def defining(self, query: Query) -> list[str]:
        """The records whose title names exactly what the query says ("fortified" finds Fortify's rule)."""
        said = {self.stem(w) for c in query.concepts for w in c.word.split() if _meaningful(w)}
        return list(self.defined.get(" ".join(sorted(said)), ())) if said else []

    def stem(self, word: str) -> str:
        """A word's stem, from the built table when any record uses the word (no stemmer needed then)."""
        found = self.surface.get(word)
        return found if found is not None else stem(word)

    def correct(self, word: str) -> str | None:
        """The record word ``word`` is most likely a typo of, or ``None``.

        Only words of four letters or more are read as typos, within one edit (two from eight letters;
        two letters swapped count as one edit), against the words the records use, the most used first.
        """
        if len(word) < TYPO_LETTERS or not word.isalpha() or word in _english():
            return None
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        most = 1 if len(word) < 8 else 2
        pool = [w for w in self.known if abs(len(w) - len(word)) <= most]
        best = process.extractOne(word, pool, scorer=OSA.distance, score_cutoff=most)
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
                if size > 1 or self.surface.get(phrase) not in self.idfs:
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

    ``withheld`` (record ID to field to words) leaves those players' words out, for measuring without them.
    """
    from rulebook.reading import parse_toml

    with open(os.path.join(_HERE, "data", "vocabulary.toml"), encoding="utf-8") as handle:
        shared = parse_toml(handle.read(), "vocabulary.toml")
    records: list[tuple[Any, ...]] = []
    fields: list[dict[str, float]] = []
    asked_docs: list[dict[str, float]] = []
    asked_records: list[int] = []
    vectors: list[dict[str, float]] = []
    grams: list[dict[str, float]] = []
    defined: dict[str, list[str]] = {}
    surface: dict[str, str] = {}
    counts: dict[str, int] = {}
    synonyms: dict[str, list[str]] = {k.lower(): v.lower().split() for k, v in shared.get("synonyms", {}).items()}

    def stemmed(text: str) -> list[str]:
        out = []
        for w in words(text):
            if w not in surface:
                surface[w] = stem(w)
            out.append(surface[w])
        return out

    def stems_of(text: str) -> list[str]:
        return [s for w, s in zip(words(text), stemmed(text), strict=True) if _meaningful(w)]

    for g in rulebook.games():
        for r in rulebook.rules(g.id):
            left = (withheld or {}).get(r.id, {})
            aliases = [a for a in r.aliases if a not in left.get("aliases", ())]
            asked_as = [q for q in r.asked_as if q not in left.get("asked_as", ())]
            records.append((r.id, r.game, r.kind, r.title, r.text, r.citation.in_words, list(r.see), aliases))
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
                    for s in stems_of(text):
                        weights[s] = weights.get(s, 0.0) + FIELDS[name]
            fields.append(weights)
            for question in asked_as:
                counted: dict[str, float] = {}
                for s in stems_of(question):
                    counted[s] = counted.get(s, 0.0) + 1.0
                asked_docs.append(counted)
                asked_records.append(len(records) - 1)
            whole = [r.title, r.text, *aliases, *asked_as]
            vector: dict[str, float] = {}
            for text in whole:
                for t in vector_terms(stemmed(text)):
                    vector[t] = vector.get(t, 0.0) + 1.0
            vectors.append(vector)
            pieces: dict[str, float] = {}
            for text in whole:
                for t in four_grams(words(text)):
                    pieces[t] = pieces.get(t, 0.0) + 1.0
            grams.append(pieces)
            for w in set(words(" ".join(whole))):
                counts[w] = counts.get(w, 0) + 1
            head = " ".join(sorted(set(stems_of(re.split(r"[:(]", r.title)[0]))))
            if head:
                defined.setdefault(head, []).append(r.id)
            if r.kind == "glossary":
                term = r.title.split(":")[0].strip().lower()
                for alias in aliases:
                    synonyms.setdefault(alias.lower(), words(term))
    for extra in synonyms.values():
        stemmed(" ".join(extra))
    postings, idfs = _bm25(fields, K1, B)
    asked, _ = _bm25(asked_docs, ASKED_K1, ASKED_B)
    vector_postings, vector_idfs = _tfidf(vectors)
    gram_postings, gram_idfs = _tfidf(grams)
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
        "postings": postings,
        "idfs": idfs,
        "asked": asked,
        "asked_records": asked_records,
        "vectors": vector_postings,
        "vector_idfs": vector_idfs,
        "grams": gram_postings,
        "gram_idfs": gram_idfs,
        "defined": defined,
        "surface": surface,
        "synonyms": synonyms,
        "names": names,
        "cues": cues,
        "known": known,
        "elsewhere": elsewhere,
    }


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


def _bm25(docs: list[dict[str, float]], k1: float, b: float) -> tuple[dict[str, tuple[bytes, bytes]], dict[str, float]]:
    """BM25 postings (each weight the term's rarity times its saturated count) and each term's rarity."""
    n = len(docs)
    average = sum(sum(d.values()) for d in docs) / max(1, n)
    found: dict[str, list[tuple[int, float]]] = {}
    for number, doc in enumerate(docs):
        length = sum(doc.values())
        for term, tf in doc.items():
            norm = tf * (1 + k1) / (tf + k1 * (1 - b + b * length / (average or 1.0)))
            found.setdefault(term, []).append((number, norm))
    idfs = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in found.items()}
    return {t: _packed([(d, w * idfs[t]) for d, w in p]) for t, p in found.items()}, idfs


def _tfidf(docs: list[dict[str, float]]) -> tuple[dict[str, tuple[bytes, bytes]], dict[str, float]]:
    """Unit-length TF-IDF vectors (sublinear counts, smoothed rarity) as postings, and each term's rarity."""
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
    return {t: _packed(p) for t, p in found.items()}, idfs


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
