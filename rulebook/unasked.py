"""A fitted refuse-or-answer check: whether the best rulings for a question hold what it asks, read from general
signals rather than from its words.

`rulebook.uncovered` reads the kinds of answer a question asks for from its form (a count, a maker, a time...). A
question of no such kind can still meet rulings on its words and ask for something none of them says: "is there a
score for how well you won" meets the victory ruling on "won". The check here reads a few general figures of a
question and its best rulings (how much of the question's rare words the best rulings' own text holds, how strong
and how clear the match is, what form the question takes, whether it asks for a quantity the best ruling states no
number of, whether its form asks for a kind of answer `rulebook.uncovered` reads, whether it asks a quantity or
whether a thing exists of a record that reads a gap in the documents, what kind of record comes first, how
likely the best record's game is from the question's words alone, `game_words`, and whether it asks of play outside
one game's rules, a tournament, a store, a ban, a night of several games, that its best ruling does not speak
of, ``EVENTS``) and how
near the question is to the tuning sets' questions that no record answers and to their real ones (`nearness`), and
weighs them by a logistic model fitted on those questions
(`benchmarks/ask_unasked.py --memory --skip-off-topic --l2 0.1 --fit 0.001 --enable`), stored in
``rulebook/data/unasked.json`` beside the questions (``rulebook/data/unasked-questions.json``). A question it scores
at or above the stored threshold (chosen on questions held out of the fit, so that it refuses at most 0.1% more of
the real ones) is answered "the documents do not cover this", with the nearest rulings named as nearest. Held out
over issue 22's blind sets 2 to 27 it refuses 84.9% of their uncovered questions instead of 72.7% (862 of 1,015
instead of 738), for 4 more real questions refused of 5,352 (`benchmarks/results/ask_unasked_twentyfourth.txt`;
over blind-2..25, 77.6% with the nearness left out, the closer estimate of a new set): it catches mostly the kinds
of question players keep asking, not new ones.

What a question pays: nothing at import, and nothing is built when it is asked. The same fit writes the stored
questions' index (``rulebook/data/unasked-index.bin``, see `rulebook.unasked_fit.index_bytes`): the model's
numbers, each stored question's vector length, each term's postings hashed into buckets, and the stems of the
records' own words and of the stored questions' words. The first question the check reads loads it (plain
arrays, no JSON parsed) and reads only the buckets of its own terms and best records, summing in C; the stemmer
is loaded only for a word no record and no stored question holds, and the fitting code
([`rulebook.unasked_fit`][rulebook.unasked_fit]) is not imported. Nearness is summed only when the general
signals leave the decision open (`settled`, with bounds read from the question's own terms): on the questions of
blind-2..16 and the development sets, 1,103 of 3,341 checks with the nineteenth round's fit on blind-2..19. `rulebook
ask` as a whole is about 1.14 times a bare Typer app in `benchmarks/startup.py --instructions`. The site's ask
box (Pyodide, no lasting cache) loads the same file on its first question instead of building the index (about
1.3 G instructions) on every visit.

Examples:
    >>> from rulebook.vocabulary import lexicon
    >>> from rulebook.ask import prepared
    >>> _gid, lex, _readings, _computed, read = prepared("can fire attack twice in a row")
    >>> from rulebook.ask import strength
    >>> len(signals(read.query, read.ranked, lex, strength(read.query, read.ranked, lex))) == len(SIGNALS)
    True
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import sys
import zlib
from collections.abc import Callable
from itertools import repeat
from operator import add, mul, truediv
from pathlib import Path
from typing import Any

from rulebook.lexicon_store import MISSES_KEPT
from rulebook.vocabulary import Lexicon, Query, is_number, stem, words

__all__ = [
    "NEARNESS",
    "PATH",
    "QUESTIONS",
    "SIGNALS",
    "bucket_of",
    "nearness",
    "probability",
    "record_digest",
    "signals",
    "terms",
    "unasked",
]

_DATA = Path(__file__).resolve().parent / "data"
#: The fitted model: each signal's mean, scale and weight, the bias and the threshold.
PATH = _DATA / "unasked.json"
#: The tuning sets' questions, each marked uncovered ("u"), real ("r") or off-topic ("o"): what a question is
#: weighed as near to (see `nearness`).
QUESTIONS = _DATA / "unasked-questions.json"
#: Terms in more than a third of the questions say little of which question is near (the idf at or below 1).
COMMON_TERM = 1.0
#: How many of the best records the question's rare words are looked for in.
NEAR = 5
#: The signals, in order.
SIGNALS = (
    "strength",
    "coverage",
    "score",
    "margin",
    "unheld_top",
    "unheld_near",
    "rarest_unheld_top",
    "rarest_unheld_near",
    "concepts",
    "named",
    "how_many",
    "bound",
    "permission",
    "exists",
    "glossary_first",
    "reading_first",
    "games_near",
    "pieces",
    "cosine",
    "asked_only",
    "unheld_asked_top",
    "unheld_asked_near",
    "rare_unheld_top",
    "form_unheld",
    "weak_unheld",
    "quantity_unstated",
    "kind_read",
    "gap_asked",
    "game_words",
    "event_unheld",
)
#: How rare (its BM25 inverse document frequency) a word must be to count among a question's rare words.
RARE = 3.0
#: The nearness signals (see `nearness`), after ``SIGNALS``.
NEARNESS = ("near_uncovered", "near_real", "near_difference")
#: Words of a bound ("what's the max", "is there a cap").
BOUND = frozenset({"max", "maximum", "min", "minimum", "limit", "cap", "most", "least", "fewest"})
#: Words that ask for a quantity, beside "how many", "how much", "how long" and "how often" ("the max hand size",
#: "the smallest deck", "how many minutes").
QUANTITY = BOUND | frozenset(
    {"highest", "lowest", "smallest", "biggest", "largest", "number", "size", "total", "minute", "minutes", "hours"}
    | {"seconds"}
)
#: Word pairs that ask for a quantity.
QUANTITY_PAIRS = frozenset({("how", "many"), ("how", "much"), ("how", "long"), ("how", "often")})
#: Words that ask leave ("can I", "are we allowed").
LEAVE = frozenset({"can", "could", "may", "allowed", "able", "legal", "ok", "okay"})
#: Kinds of record that read a rule (not the rule itself).
READINGS = frozenset({"interpretation", "clarification"})
#: How a record's own text says the documents are silent on what it reads ("the sheet never says", "neither
#: source says", "the document gives no way"): a reading of a gap, not a rule they state.
SILENT = re.compile(r"\b(?:never says|do(?:es)? not say|says? nothing|neither|gives no|silent)\b", re.IGNORECASE)
#: Words of play outside one game's rules (tournaments, stores, officials, legality, bans, and play over several
#: games: a night, a series, a season, the standings): the documents seldom speak of them, so a question asking of
#: one its best ruling does not hold reads as asking what no ruling says.
EVENTS = frozenset(
    {"tournament", "tourney", "official", "sanctioned", "judge", "judges", "store", "stores", "legal", "banned"}
    | {"ban", "event", "events", "league", "ranked", "prize", "prizes"}
    | {"evening", "evenings", "night", "nights", "series", "season", "seasons", "standings", "overall", "weekend"}
    | {"session", "sessions"}
)
#: What a game's records not holding a word add to their count of records holding it, in `game_words`: the
#: word is then rarer there than where a record holds it, never impossible.
GAME_SMOOTHING = 0.1


def _texts(lex: Lexicon, doc: int) -> frozenset[str]:
    """The stems of a record's title, text and aliases (not its players' questions)."""

    def made() -> frozenset[str]:
        record = lex.records[doc]
        said = [record[3], record[4], *(record[7] if len(record) > 7 else ())]
        index = _index()
        stored = index.record(record[0], said) if index is not None else None
        if stored is not None:  # as the fit stemmed them, for a record written as it was then
            return frozenset(stored)
        return frozenset(stem(w) for text in said for w in words(text))

    return lex.kept(("unasked texts", doc), made)


def record_digest(said: list[str]) -> int:
    """A digest of a record's title, text and aliases (whether it is written as when the index was).

    Examples:
        >>> record_digest(["Tie", "Both elements stay."]) == record_digest(["Tie", "Both elements stay."])
        True
        >>> record_digest(["Tie", "Both elements stay."]) == record_digest(["Tie", "Both elements leave."])
        False
    """
    return zlib.crc32("\n".join(said).encode("utf-8"))


def _unheld(weighted: list[tuple[Any, float]], held: frozenset[str]) -> float:
    """The share of the weight of ``weighted`` concepts (a concept and its weight) whose stems ``held`` lacks."""
    total = sum(w for _c, w in weighted)
    return sum(w for c, w in weighted if not held.intersection(c.stems)) / total if total else 0.0


def signals(query: Query, ranked: list[dict[str, Any]], lex: Lexicon, strength: float) -> list[float]:
    """The general figures of a question and its best rulings the model weighs, in the order of ``SIGNALS``
    (``strength``: `rulebook.ask.strength` of the match)."""
    from rulebook.uncovered import asking, asks_for

    names = {w for ws in lex.name_words.values() for w in ws}
    concepts = [c for c in query.concepts if c.word not in names]
    weights = [max((lex.idf(s) for s in c.stems if s in lex.postings), default=lex.idf("")) for c in concepts]
    weighted = list(zip(concepts, weights, strict=True))
    docs = [lex.by_id[h["id"]] for h in ranked[:NEAR]]
    top = _texts(lex, docs[0]) if docs else frozenset()
    near = frozenset().union(*(_texts(lex, d) for d in docs)) if docs else frozenset()

    rarest = concepts[max(range(len(concepts)), key=weights.__getitem__)] if concepts else None
    said = asking(query.text)
    pairs = set(itertools.pairwise(said))
    first = ranked[0] if ranked else {}
    scores = [h.get("score", 0.0) for h in ranked[:2]] + [0.0, 0.0]
    asked_words = set(said)
    in_ask = [(c, w) for c, w in weighted if asked_words.intersection(c.word.split())]
    # the question's rare words (an idf of RARE or more): those a ruling answering it would hold
    rare = [(c, w) for c, w in weighted if w >= RARE]
    rare_unheld = sum(1 for c, _w in rare if not top.intersection(c.stems)) / len(rare) if rare else 0.0
    how_many = float(("how", "many") in pairs or ("how", "much") in pairs)
    bound = float(bool(BOUND.intersection(said)))
    exists = float(("is", "there") in pairs or ("are", "there") in pairs)
    form = max(how_many, bound, exists)
    held_top, held_near = _unheld(weighted, top), _unheld(weighted, near)
    strong = strength if ranked else 0.0
    # A quantity asked for (a count, a bound, a length of time) that the best record's title and text state no
    # number of at all: "what's the highest total of levels in a deck" meets a ruling on levels that counts nothing.
    quantity = bool(QUANTITY_PAIRS.intersection(pairs) or QUANTITY.intersection(said))
    stated = bool(docs) and any(is_number(w) for w in words(f"{lex.records[docs[0]][3]}. {lex.records[docs[0]][4]}"))
    # A quantity, or whether a thing exists, asked of a record that reads a gap in the documents (its own text says
    # they are silent): "is there a cap on X" met by "the sheet never says how many X...".
    gap = bool(docs) and bool(SILENT.search(str(lex.records[docs[0]][4]))) and (quantity or bool(exists))
    # Whether the best record meets the question by its players' questions alone, not its own text.
    asked_only = float(bool(concepts) and not any(top.intersection(c.stems) for c in concepts))
    return [
        strong,
        float(first.get("coverage", 0.0)),
        float(scores[0]),
        (scores[0] - scores[1]) / scores[0] if scores[0] else 0.0,
        held_top,
        held_near,
        float(rarest is not None and not top.intersection(rarest.stems)),
        float(rarest is not None and not near.intersection(rarest.stems)),
        math.log1p(len(concepts)),
        float(bool(query.named)),
        how_many,
        bound,
        float(bool(LEAVE.intersection(said[:3]))),
        exists,
        float(first.get("kind") == "glossary"),
        float(first.get("kind") in READINGS),
        len({h["game"] for h in ranked[:NEAR]}) / NEAR,
        float(first.get("pieces", 0.0)),
        float(first.get("cosine", 0.0)),
        asked_only,
        _unheld(in_ask, top),
        _unheld(in_ask, near),
        rare_unheld,
        form * held_top,
        strong * held_top,
        float(quantity and not stated),
        # a kind of answer read from the question's form (`rulebook.uncovered.asks_for`: a maker, a count of
        # players, a time...) that a ruling near the top was read as stating: the form check let it through
        float(asks_for(query.text) is not None),
        float(gap),
        game_words(concepts, first.get("game"), lex),  # one game's words met by another game's ruling
        # play outside the rules asked of ("is this card legal at a tournament") and the best ruling silent on it
        float(any(c.word in EVENTS and not top.intersection(c.stems) for c, _w in in_ask)),
    ]


def _game_counts(lex: Lexicon) -> tuple[list[str], list[int], Callable[[str], list[int]]]:
    """The games, how many records each has, and how many of each game's records hold a stem in their own title,
    text or aliases (from the shipped index, else counted from the records)."""
    index = _index()
    if index is not None and index.games:
        return index.games, index.game_records, index.game_stem

    def made() -> tuple[list[str], list[int], dict[str, list[int]]]:
        games = sorted({record[1] for record in lex.records})
        counts: dict[str, list[int]] = {}
        records = [0] * len(games)
        for doc, record in enumerate(lex.records):
            at = games.index(record[1])
            records[at] += 1
            for s in _texts(lex, doc):
                counts.setdefault(s, [0] * len(games))[at] += 1
        return games, records, counts

    games, records, counts = lex.kept(("unasked games",), made)
    none = [0] * len(games)
    return games, records, lambda s: counts.get(s, none)


def game_words(concepts: list[Any], game: str | None, lex: Lexicon) -> float:
    """How likely ``game`` is the game a question is about, read from its words (``concepts``, the games' names
    left out) alone: each game weighs a word by the share of its records whose own title, text or aliases hold
    it (smoothed by ``GAME_SMOOTHING``), the games equally likely before the words are read. 1.0 for no game.

    Examples:
        >>> from rulebook.vocabulary import lexicon
        >>> lex = lexicon()
        >>> query = lex.read("what happens to my champion when its realm is razed")
        >>> game_words(query.concepts, "spellfire", lex) > 0.9 > game_words(query.concepts, "clash", lex)
        True
    """
    games, records, held = _game_counts(lex)
    if game not in games:
        return 1.0
    logs = [0.0] * len(games)
    for c in concepts:
        counts = [max(column) for column in zip(*(held(s) for s in c.stems), strict=True)] if c.stems else None
        for at, n in enumerate(records):
            found = counts[at] if counts else 0
            logs[at] += math.log((found + GAME_SMOOTHING) / (n + 2 * GAME_SMOOTHING))
    top = max(logs)
    return math.exp(logs[games.index(game)] - top) / sum(math.exp(v - top) for v in logs)


def terms(text: str, stemmed: Callable[[str], str] = stem) -> list[str]:
    """A question's stems and pairs of stems, in order, as `nearness` weighs them (``stemmed``: what gives a
    word's stem, as `rulebook.vocabulary.stem` does).

    Examples:
        >>> terms("Is there a cap?")
        ['is', 'there', 'a', 'cap', 'is there', 'there a', 'a cap']
    """
    said = [stemmed(w) for w in words(text)]
    return said + [f"{a} {b}" for a, b in itertools.pairwise(said)]


#: The stored questions' index (see `rulebook.unasked_fit.index_bytes`), written beside them by
#: `benchmarks/ask_unasked.py --fit`.
INDEX = _DATA / "unasked-index.bin"
#: The first line of the index file, naming its layout.
INDEX_MAGIC = b"rulebook unasked index 3\n"
#: About how many terms share a bucket of the index.
PER_BUCKET = 8


def bucket_of(term: str, buckets: int) -> int:
    """The bucket of the index a term is kept in (a hash that is the same in every Python).

    Examples:
        >>> bucket_of("blaze", 64) == bucket_of("blaze", 64) and 0 <= bucket_of("blaze", 64) < 64
        True
    """
    return zlib.crc32(term.encode("utf-8")) % buckets


#: The model's lists of numbers, one for each signal.
MODEL_LISTS = ("mean", "scale", "weights")


def _looked_up(offsets: Any, text: Any, buckets: int, key: str) -> str | None:
    """The value of ``key`` in a table `_table` wrote, or ``None``."""
    b = bucket_of(key, buckets)
    for line in str(text[offsets[b] : offsets[b + 1]], "utf-8").splitlines():
        name, _tab, value = line.partition("\t")
        if name == key:
            return value
    return None


class _Index:
    """The shipped index of the stored questions, read when a question first reaches the check (not at import)."""

    __slots__ = (
        *("buckets", "count", "found", "game_records", "games", "model", "norms", "numbers", "offsets", "rare"),
        *("tables", "text"),
    )

    def __init__(self, data: bytes) -> None:
        if not data.startswith(INDEX_MAGIC):
            raise ValueError(f"{INDEX.name} is not an index of this layout; write it again (ask_unasked.py --fit)")
        end = data.index(b"\n\n", len(INDEX_MAGIC))
        header = dict(line.split("\t", 1) for line in data[len(INDEX_MAGIC) : end].decode("utf-8").splitlines())
        at, parts, whole = end + 2, [], memoryview(data)  # the parts read in place, not copied
        for size in header["sizes"].split():
            parts.append(whole[at : at + int(size)])
            at += int(size)
        self.count = int(header["questions"])
        self.rare = float(header["rare"])
        self.buckets = int(header["buckets"])
        self.model: dict[str, Any] = {}
        if "signals" in header:
            self.model = {key: [float(v) for v in header[key].split()] for key in MODEL_LISTS}
            self.model |= {key: float(header[key]) for key in ("bias", "threshold")}
            self.model |= {"signals": header["signals"].split(), "enabled": header["enabled"] == "1"}
        # The questions' lengths as a list: read once for every term of every question (a list's numbers are made
        # once; a packed view makes each again on every read).
        self.norms: Any = self._array("d", parts[0]).tolist()
        #: `find`'s answers by term, each term's postings as lists (read by every question that holds the term)
        self.found: dict[str, tuple[float, Any, Any, bool] | None] = {}
        self.offsets = self._array("I", parts[1])
        self.text: memoryview = parts[2]
        self.numbers = self._array(header["numbers"], parts[3])
        #: the words' stems, the records' stems and how many of each game's records hold a stem: each its buckets,
        #: offsets and text
        self.tables = [
            (int(header[key]), self._array("I", parts[at]), parts[at + 1])
            for key, at in (("words", 4), ("records", 6), ("game_stems", 8))
        ]
        self.games: list[str] = header["games"].split()
        self.game_records = [int(n) for n in header["game_records"].split()]

    def stem(self, word: str) -> str:
        """A word's stem as the fit stemmed it (the stemmer loaded only for a word neither the records nor the
        stored questions hold)."""
        buckets, offsets, text = self.tables[0]
        found = _looked_up(offsets, text, buckets, word)
        return stem(word) if found is None else found

    def record(self, rid: str, said: list[str]) -> list[str] | None:
        """The stems of a record's title, text and aliases (``said``) as the fit stemmed them, or ``None`` for a
        record it did not see or saw written otherwise."""
        buckets, offsets, text = self.tables[1]
        found = _looked_up(offsets, text, buckets, rid)
        if found is None:
            return None
        digest, _tab, stems = found.partition("\t")
        return stems.split() if int(digest) == record_digest(said) else None

    def game_stem(self, stem_: str) -> list[int]:
        """How many of each game's records (in the order of ``games``) hold a stem in their own words."""
        buckets, offsets, text = self.tables[2]
        found = _looked_up(offsets, text, buckets, stem_)
        return [0] * len(self.games) if found is None else [int(n) for n in found.split()]

    @staticmethod
    def _array(typecode: str, data: memoryview) -> Any:
        """Little-endian numbers as a sequence of them: read in place (a copy only on a big-endian machine)."""
        if sys.byteorder == "little":
            return data.cast(typecode)
        from array import array

        values = array(typecode)
        values.frombytes(data)
        values.byteswap()
        return values

    def find(self, term: str) -> tuple[float, Any, Any, bool] | None:
        """A term's IDF, its postings among the questions no record answers and among the real ones, and whether a
        question is among them more than once (it holds the term more than once); ``None`` for a term no stored
        question has."""
        if term in self.found:
            return self.found[term]
        found = self._find(term)
        if found is not None or len(self.found) < MISSES_KEPT:
            self.found[term] = found
        return found

    def _find(self, term: str) -> tuple[float, Any, Any, bool] | None:
        """`find`, read from the index."""
        b = bucket_of(term, self.buckets)
        for line in str(self.text[self.offsets[b] : self.offsets[b + 1]], "utf-8").splitlines():
            name, df, start, split, count, repeats = line.split("\t")
            if name == term:  # the IDF as `rulebook.unasked_fit.vectors` computes it
                start_at, split_at = int(start), int(start) + int(split)
                numbers = self.numbers
                return (
                    math.log(self.count / int(df)),
                    numbers[start_at:split_at].tolist(),
                    numbers[split_at : start_at + int(count)].tolist(),
                    repeats == "1",
                )
        return None


def _add(dots: dict[int, float], numbers: Any, norms: Any, share: float, idf: float, repeats: bool) -> None:
    """Adds to each stored question's dot product with the question its part from one term (``share``: the term's
    weight in the question's unit vector), as ``share * (IDF * times / the stored question's length)``."""
    if not repeats:  # each question once: the sums are made in C, in the same order, with the same results
        parts = map(mul, repeat(share), map(truediv, repeat(idf), map(norms.__getitem__, numbers)))
        dots.update(zip(numbers, map(add, map(dots.get, numbers, repeat(0.0)), parts), strict=True))
        return
    weights: dict[int, float] = {}
    for m in numbers:  # a question holding the term more than once: its IDF summed as often
        weights[m] = weights[m] + idf if m in weights else idf
    for m, weight in weights.items():
        dots[m] = dots.get(m, 0.0) + share * (weight / norms[m])


@functools.cache
def _index() -> _Index | None:
    """The shipped index, loaded once when a question first reaches the check (``None`` when not shipped)."""
    return _Index(INDEX.read_bytes()) if INDEX.exists() else None


def nearness(text: str) -> list[float]:
    """The highest cosine of a question to a stored question no record answers, to a stored real one, and their
    difference (the question's TF-IDF vector over the stored questions' IDF), read from the shipped index
    through the question's own terms.

    Examples:
        >>> unc, real, diff = nearness("how many cards do I draw each turn")
        >>> 0.0 <= unc <= 1.0 and 0.0 <= real <= 1.0 and abs(diff - (unc - real)) < 1e-9
        True
    """
    read = _vector(text)
    return [0.0, 0.0, 0.0] if read is None else _nearness(*read)


#: A question's terms as `nearness` weighs them: each term's weight, the vector's length, and what the index
#: holds of each term (`_Index.find`).
_Vector = tuple[dict[str, float], float, dict[str, Any]]


def _vector(text: str) -> _Vector | None:
    """A question's TF-IDF vector over the stored questions' IDF, its length and its terms' postings (``None``
    when no index is shipped)."""
    index = _index()
    if index is None:
        return None
    said = terms(text, index.stem)
    found = {t: index.find(t) for t in dict.fromkeys(said)}
    rare = index.rare
    vec: dict[str, float] = {}
    for t in said:
        held = found[t]
        # a term in one stored question or none: the rarest
        vec[t] = vec.get(t, 0.0) + (held[0] if held is not None and held[0] < rare else rare)
    return vec, math.sqrt(sum(v * v for v in vec.values())) or 1.0, found


def _nearness(vec: dict[str, float], norm: float, found: dict[str, Any]) -> list[float]:
    """`nearness` of a question's `_vector`: its dot products with the stored questions, summed posting by
    posting."""
    near_uncovered: dict[int, float] = {}
    near_real: dict[int, float] = {}
    index = _index()
    assert index is not None  # a vector is read only from a shipped index
    norms = index.norms
    for t, v in vec.items():
        held = found[t]
        if held is not None:
            idf, uncovered, real, repeats = held
            _add(near_uncovered, uncovered, norms, v / norm, idf, repeats)
            _add(near_real, real, norms, v / norm, idf, repeats)
    unc = max(near_uncovered.values(), default=0.0)
    real = max(near_real.values(), default=0.0)
    return [unc, real, unc - real]


def _reach(vec: dict[str, float], norm: float, found: dict[str, Any]) -> tuple[float, float]:
    """Upper bounds of a question's `nearness` to the stored questions no record answers and to the real ones,
    read from its `_vector` without summing a posting.

    ``nearness`` is the largest of ``q . d / (|q| |d|)`` over the stored questions ``d`` of a kind, the sum
    running over the terms of the question ``q`` that ``d`` holds with postings. Those terms are among the terms
    ``T`` with a posting in a stored question of that kind, so by Cauchy-Schwarz ``q . d <= |q_T| |d|``
    (``q_T``: ``q`` kept to ``T``), and each cosine is at most ``|q_T| / |q|``. Each weight is at least 0,
    so the cosine is at least 0 too.

    Examples:
        >>> read = _vector("how many cards do I draw each turn")
        >>> unc, real, _diff = _nearness(*read)
        >>> top_unc, top_real = _reach(*read)
        >>> unc <= top_unc <= 1.0 and real <= top_real <= 1.0
        True
    """
    held_uncovered = held_real = 0.0
    for t, v in vec.items():
        held = found[t]
        if held is not None:
            held_uncovered += v * v if len(held[1]) else 0.0
            held_real += v * v if len(held[2]) else 0.0
    return math.sqrt(held_uncovered) / norm, math.sqrt(held_real) / norm


def _model() -> dict[str, Any]:
    """The fitted model as the index holds it (``{}`` without one)."""
    index = _index()
    return index.model if index is not None else {}


def probability(values: list[float], model: dict[str, Any]) -> float:
    """The model's probability that a question with these signals asks what no ruling says.

    Examples:
        >>> probability([2.0, 0.0], {"bias": 0.0, "weights": [1.0, 5.0], "mean": [1.0, 0.0], "scale": [1.0, 1.0]})
        0.7310585786300049
    """
    z = model["bias"] + sum(
        w * (v - m) / s for w, v, m, s in zip(model["weights"], values, model["mean"], model["scale"], strict=True)
    )
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


#: How far (relative to the size of the terms summed) the short-cut of `settled` keeps from the threshold: some
#: 100,000 times the rounding of its sums.
ROUNDING = 1e-9


def settled(general: list[float], reach: tuple[float, float], model: dict[str, Any]) -> bool | None:
    """The model's decision (`probability` at or above the threshold) for a question with these ``general``
    signals (``SIGNALS``) whose nearness to the stored questions no record answers and to the real ones is at most
    ``reach``, when no nearness within those bounds can change it; ``None`` when one can (`nearness` must then be
    summed).

    Why the short-cut is exact: the model's log-odds are ``z = g + A u + B r + C``, where ``g`` is the bias plus
    the general signals' terms, ``u`` and ``r`` the two nearness figures (the third, ``u - r``, is folded into
    ``A`` and ``B``: ``A = w_u / s_u + w_d / s_d``, ``B = w_r / s_r - w_d / s_d``, ``C`` the terms' constant
    part). Each figure is a cosine of non-negative vectors, from 0 to its bound (`_reach`), so ``z`` lies
    between ``g + C`` plus the smaller and plus the larger of 0 and ``A`` times ``u``'s bound, and likewise for
    ``B`` and ``r``. The probability rises with ``z`` (clipped at 50 either way, far beyond the threshold's
    log-odds, which the short-cut keeps within 4.6 of 0), so when the whole range lies below the threshold's
    log-odds the question is not refused whatever its nearness, and when the whole range lies at or above, it
    is. Rounding: each sum here and in `probability` has at most some 30 terms, each operation off by at most
    one part in 2 ** 53, so either sum is off by less than 1e-14 times the size of its terms; the cosines and
    their bounds by as little, relative to 1; and the probability's own rounding, for a threshold from 0.01 to
    0.99, by less than 1e-13 in log-odds. The short-cut decides only with ``ROUNDING`` (1e-9) times that size
    to spare, and otherwise leaves it to the full sum.

    Examples:
        >>> model = {"bias": 0.0, "threshold": 0.5, "weights": [1.0, 2.0, -1.0, 0.5], "mean": [0.0] * 4,
        ...          "scale": [1.0] * 4, "signals": ["x", *NEARNESS]}
        >>> settled([-5.0], (1.0, 1.0), model)  # at most -5 + 2.5 in log-odds: never refused
        False
        >>> settled([1.0], (0.0, 0.0), model)  # no nearness at all: 1 in log-odds
        True
        >>> settled([-1.0], (1.0, 1.0), model) is None  # from -2.5 to 1.5: the nearness decides
        True
    """
    threshold = float(model["threshold"])
    if not 0.01 <= threshold <= 0.99:  # near 0 or 1 the probability's own rounding would weigh more
        return None
    cut = math.log(threshold / (1.0 - threshold))
    weighed = [  # the general signals' terms (the model's lists run on to the nearness terms)
        w * (v - m) / s for w, v, m, s in zip(model["weights"], general, model["mean"], model["scale"], strict=False)
    ]
    lists = (model[key][len(general) :] for key in ("weights", "mean", "scale"))
    near = [(w / s, m) for w, m, s in zip(*lists, strict=True)]
    (per_u, _m_u), (per_r, _m_r), (per_d, _m_d) = near
    along_u, along_r = per_u + per_d, per_r - per_d
    base = model["bias"] + sum(weighed) - sum(per * m for per, m in near)
    top_u, top_r = along_u * reach[0], along_r * reach[1]
    low, high = base + min(0.0, top_u) + min(0.0, top_r), base + max(0.0, top_u) + max(0.0, top_r)
    size = abs(model["bias"]) + sum(map(abs, weighed)) + sum(abs(per) * (2.0 + abs(m)) for per, m in near)
    spare = ROUNDING * (1.0 + size + abs(cut))
    if high < cut - spare:
        return False
    if low >= cut + spare:
        return True
    return None


def unasked(query: Query, ranked: list[dict[str, Any]], lex: Lexicon, strength: float) -> bool:
    """Whether the fitted model (when shipped and enabled) reads the question as asking what its best rulings do
    not say.

    The question's nearness to the stored questions is summed only when the general signals leave the decision
    open (`settled`): first with the widest bounds, then with the bounds its own terms allow (`_reach`).

    Examples:
        >>> from rulebook.ask import prepared, strength
        >>> def read(question):
        ...     _gid, lex, _readings, _computed, found = prepared(question)
        ...     return unasked(found.query, found.ranked, lex, strength(found.query, found.ranked, lex))
        >>> read("Does Fortify save Earth on a tie?")
        False
    """
    model = _model()
    if not model.get("enabled") or not ranked or list(model.get("signals", ())) != [*SIGNALS, *NEARNESS]:
        return False
    general = signals(query, ranked, lex, strength)
    decided = settled(general, (1.0, 1.0), model)
    if decided is not None:
        return decided
    read = _vector(query.text)
    if read is None:
        return probability([*general, 0.0, 0.0, 0.0], model) >= model["threshold"]
    decided = settled(general, _reach(*read), model)
    if decided is not None:
        return decided
    return probability(general + _nearness(*read), model) >= model["threshold"]
