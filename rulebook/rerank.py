"""The second stage of `ask`'s ranking: the best records of an answered question reordered by a fitted linear model.

[`rulebook.ask.rank`][rulebook.ask.rank] combines its signals with hand-set weights. For an answered question
(not refused, not computed) the best [`DEPTH`][rulebook.rerank.DEPTH] records are scored again by a linear model
over a feature vector per (question, record) pair, and reordered by it; the rest keep their order. The features
(see [`FEATURES`][rulebook.rerank.FEATURES]):

- the ranking's own signals: the combined score and its parts (BM25 with coverage, word cosine, four-letter pieces,
  the share of the question covered, the closest ``asked_as`` question), and the record's place in the ranking;
- signals that do not depend on players' words: the share of the question's meaning (each word weighed by its
  rarity) that the record's own ID, title and text hold, and its title alone;
- the record's kind (glossary, erratum, interpretation, clarification, a card's own record) and whether the
  question uses the words only its game uses;
- what the question asks for (a count, a permission, a time, a cost, an outcome, a definition) against what the
  record's own text states (a number, a may or must, a time, a cost, an outcome), read from the record's text.

The weights are data (``rulebook/data/rerank.json``), fitted by ``benchmarks/ask_heldout.py --fit`` on the tuning
question sets with a listwise softmax loss, and checked leave-one-set-out. Pure Python: the site's ask box runs it
in Pyodide as it is. Free to reorder the best records, leave-one-set-out they raise the mean held-out top-1 of
blind-2 to -5 from 83.5% to 85.5%, but the held-out test half loses one question (87.2% to 86.7%, below its floor).
So they ship enabled with the first stage's best record kept first (``"keep": 1``): the model orders the records
after it, which raises the mean held-out top-3 from 93.4% to 95.0% and leaves top-1 as it was; with it, the
held-out test half holds every floor (issue 22's sixth round, one look decided beforehand). Issue 22's ninth round
tried letting the model swap the first two (``"keep": 2, "reach": 2``): leave-one-set-out over blind-2 to -6 the mean
held-out top-1 rose from 83.5% to 85.5%, top-3 unchanged (95.0%), but the held-out test half, looked at once by a rule
written beforehand, fell below its top-1 floor (86.7% against 87.1%), so it is not shipped. Issue 22's eleventh
round tried it again with blind-7 in the fit and a margin (``"margin": 0.45``: the first two swap only when the model
is clearly sure): leave-one-set-out over blind-2 to -7 the mean held-out top-1 rose from 82.2% to 84.6%, but the
refitted weights lowered two tuning sets' top-3 below their floors and the test half read 86.7% again, so it is not
shipped either (``benchmarks/results/ask_heldout_eleventh.txt``). Issue 22's twenty-third round tried it over
blind-2 to -14, each held-out set's margin chosen on the other sets' held-out answers (it was 0 or 0.1 for every set: a
margin guard does not help) and a loss with a term on the first two places' order: leave-one-set-out the mean held-out
top-1 rose from 85.6% to 87.5% (blind-9 alone fell, 84.8% to 82.9%), but top-3 fell from 96.1% to 96.0%, and the
weights refitted on every tuning set left six tuning sets short of their top-3 floors (by one or two questions: the
refit orders the third place otherwise, with or without the swap) and blind-9 short of its top-1 floor, so it is not
shipped (``benchmarks/results/ask_heldout_twentythird.txt``).

A second weight vector may ship beside the first (``"swap"`` in ``rulebook/data/rerank.json``: its own features'
means, scales and weights, a ``margin`` and a ``reach``), fitted by ``benchmarks/ask_heldout.py --fit --swap-only``
with the ordering weights kept as they are: after the first model's order, it only decides whether the first two
records swap ([`swapped`][rulebook.rerank.swapped]), so which records show never changes. Issue 22's twenty-sixth
round measured it over blind-2 to -14, each held-out set's margin chosen on the other sets (0 for every set): the mean
held-out top-1 rose from 85.6% to 87.3%, top-3 (96.3%) and the refusals unchanged; but fitted on every tuning set it
leaves blind-9 short of its top-1 floor (176 of 210 against 178: its right interpretations put behind a rule or a
clarification, the swap weights' lean against interpretations outweighing the first stage's lead), so it is not
shipped (``benchmarks/results/ask_heldout_twentysixth.txt``). The swap model may carry a guard (its ``sure``: an
interpretation the first stage puts first, leading the second by more, is not swapped out); issue 22's twenty-seventh
round chose it held out with the margin (0.4, margin 0): over blind-2 to -16 the mean held-out top-1 rose from 85.5% to
87.2%, but blind-9 stays at 176 of 210 in-sample, and no guard reaches 178, so it is not shipped either
(``benchmarks/results/ask_heldout_twentyseventh.txt``). A swap model may also weigh the PAIR of the first two
records ([`PAIR`][rulebook.rerank.PAIR], its ``pair_weights``: whether the first reads the second, and the like);
issue 22's twenty-eighth round fitted them on top of it (``--pairs``): over blind-2 to -16 the mean held-out top-1
rose from 85.5% to 87.1%, but blind-9 reads 177 of 210 in-sample, one short of its floor, with or without a guard, so
it is not shipped (``benchmarks/results/ask_heldout_twentyeighth.txt``). Issue 22's thirty-third round fitted it again
on a first stage that puts the deciding rule first more often: over blind-2 to -17 the mean held-out top-1 rose from
86.0% to 87.9%, but blind-9 reads 177 of 210 in-sample against its floor (178 before that round, 179 after), so it is
not shipped (``benchmarks/results/ask_heldout_thirtythird.txt``). Issue 22's thirty-fourth round fitted it once more
on a first stage that reads three more kinds of question (which card to aim at an elemental, an Elephants order not
computed, whether a play may be declined): over blind-2 to -18 the mean held-out top-1 rose from 87.1% to 88.6%, top-3
unchanged (96.5%), and fitted on every tuning set it holds every floor (blind-9 180 of 210 against 179), so it ships
enabled (``benchmarks/results/ask_heldout_thirtyfourth.txt``).

Examples:
    >>> from rulebook.ask import ask
    >>> ask("Can my Earth ability be used twice in one game?").value["rulings"][0]["id"]
    'clash.ability.once'
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any, Protocol

from rulebook.vocabulary import RERANK, card_title, words

if TYPE_CHECKING:
    from rulebook.vocabulary import Lexicon, Query


class Scores(Protocol):
    """What the reranker reads of a question's first-stage scores (`rulebook.ask.Scores` is one): the combined
    score by record number, each part scaled so that its best record scores 1, and whether the question asks
    what a term means."""

    combined: dict[int, float]
    defining: bool

    def part(self, name: str, doc: int) -> float:
        """One part of a record's score, scaled."""


__all__ = [
    "DEPTH",
    "FEATURES",
    "KEEP",
    "PAIR",
    "Model",
    "arranged",
    "features",
    "model",
    "pair_features",
    "reorder",
    "swapped",
    "within",
]

#: How many of the best records the model reorders. Leave-one-set-out (benchmarks/ask_heldout.py --depth), the
#: mean held-out top-1 was the same from 10 to 30 (85.3%) and top-3 95.4% at 10 and 15, 95.2% at 30: the cheapest.
DEPTH = 10

#: The first stage's best record stays among this many (the rulings `ask` shows): the model reorders, it does not
#: hide the hand-set ranking's choice. The shipped weights say how many (``keep``: 1, it stays first).
KEEP = 3

#: What a question asks for, by the words it holds (each a set of single words or word pairs).
ASKS = {
    "count": {"how many", "how much", "number of", "how long", "maximum", "minimum", "limit", "max", "at most"},
    "permission": {"can", "may", "allowed", "able", "must", "have to", "legal", "could", "need to", "required"},
    "time": {"when", "before", "after", "during", "timing", "phase", "order", "first", "until", "end of"},
    "cost": {"cost", "costs", "pay", "paid", "spend", "price", "free"},
    "outcome": {"what happens", "happen", "happens", "result", "eliminated", "destroyed", "wins", "win", "lose"},
}
#: What a record's own text states, by the stems it holds.
STATES = {
    "count": {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "onc", "twice", "number"},
    "permission": {"may", "can", "cannot", "must", "onli", "allow", "not", "never"},
    "time": {"when", "befor", "after", "dure", "phase", "turn", "until", "end", "start", "first", "then"},
    "cost": {"cost", "pay", "paid", "spend", "spent", "expend", "free"},
    "outcome": {"elimin", "win", "lose", "destroy", "discard", "happen", "result", "remov", "surviv"},
}
KINDS = ("glossary", "erratum", "interpretation", "clarification")

#: The features' names, in the vector's order.
FEATURES = (
    "combined",
    "lexical",
    "cosine",
    "pieces",
    "coverage",
    "asked",
    "place",
    "gap",
    "own_cover",
    "title_cover",
    "own_cover_x_lexical",
    "section_cover",
    "length",
    "named_game",
    *(f"kind_{k}" for k in KINDS),
    "card",
    "card_x_defining",
    "glossary_x_defining",
    "cued_game",
    *(f"asks_{k}_x_states" for k in ASKS),
    *(f"states_{k}" for k in STATES),
)
_INTERPRETATION = FEATURES.index("kind_interpretation")

#: The features of a PAIR of records (the first two, in the order the swap model may change), which a record's own
#: vector cannot show: whether the first reads the second (an interpretation of a rule, clarification or erratum,
#: or a clarification or erratum of a rule, that it names among the records it ``reads``, or naming none, among
#: its ``see`` records or shares its cited section with), the reverse, whether the two cite the same section,
#: whether the first's section holds the second's (its parent) or the reverse, and whether either names the other
#: among its ``see`` records.
PAIR = ("reads", "read_by", "same_section", "parent", "child", "linked")
#: Which kinds read which: an interpretation reads a rule, a clarification or an erratum; those two read a rule.
_READERS = {"interpretation": 2, "clarification": 1, "erratum": 1}


class Model:
    """A fitted linear model: the features' means and scales (to standardise) and their weights.

    Examples:
        >>> toy = Model({"features": ["a"], "mean": [1.0], "scale": [2.0], "weights": [3.0]})
        >>> toy.score([5.0]), toy.fits, toy.active
        (6.0, False, False)
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.names: list[str] = list(data.get("features", []))
        self.mean: list[float] = list(data.get("mean", []))
        self.scale: list[float] = list(data.get("scale", []))
        self.weights: list[float] = list(data.get("weights", []))
        self.depth: int = int(data.get("depth", DEPTH))
        #: Whether `ask` uses it: the shipped weights say (see ``enabled`` in ``rulebook/data/rerank.json``).
        self.enabled: bool = bool(data.get("enabled", True))
        #: How much more than the first stage's best another record must score to be put first.
        self.margin: float = float(data.get("margin", 0.0))
        #: The first stage's lead (its best record's score over the second's) above which its order is kept.
        self.sure: float = math.inf if data.get("sure") is None else float(data["sure"])
        #: How far below the first stage's best a record may score and still be moved by the model: only the
        #: records within this gap of the best are reordered, the rest keep the first stage's order after them.
        self.gap: float = float(data.get("gap") or math.inf)
        #: The first stage's best record stays among this many (1: it stays first, the model orders the rest).
        self.keep: int = int(data.get("keep") or KEEP)
        #: The model may put first only one of the first stage's best this many (2: it may swap the first two).
        self.reach: int | None = data.get("reach")
        #: A second model that only decides whether the first two records (in this model's order) swap: its own
        #: weights, ``margin`` and ``reach`` (see [`swapped`][rulebook.rerank.swapped]); None when not shipped.
        self.swap: Model | None = Model(data["swap"]) if data.get("swap") else None
        #: A swap model's weights on the first two records' pair features ([`PAIR`][rulebook.rerank.PAIR]), added
        #: to the difference of their scores; none (zero) unless fitted with them.
        self.pair_names: list[str] = list(data.get("pair_features", []))
        self.pair: list[float] = list(data.get("pair_weights", []))

    @property
    def active(self) -> bool:
        """Whether it is enabled and holds weights for the features as they are computed now."""
        return self.enabled and self.fits

    @property
    def fits(self) -> bool:
        """Whether it holds weights for the features as they are computed now."""
        pairs = not self.pair or (tuple(self.pair_names) == PAIR and len(self.pair) == len(PAIR))
        return tuple(self.names) == FEATURES and len(self.weights) == len(FEATURES) and pairs

    def score(self, vector: list[float]) -> float:
        """The model's score of one feature vector."""
        return sum(w * (x - m) / s for w, x, m, s in zip(self.weights, vector, self.mean, self.scale, strict=True))

    def pair_score(self, vector: list[float]) -> float:
        """What a pair's features ([`PAIR`][rulebook.rerank.PAIR]) add for putting the second first (0 without
        pair weights)."""
        return sum(w * x for w, x in zip(self.pair, vector, strict=False))


PATH = RERANK


def model(lex: Lexicon | None = None) -> Model:
    """The model shipped in the package, as the vocabulary read it when built (no weights, so no reordering, when
    ``rulebook/data/rerank.json`` is absent).

    Examples:
        >>> shipped = model()
        >>> shipped.fits, shipped.enabled, shipped.depth, shipped.keep
        (True, True, 10, 1)
    """
    from rulebook.vocabulary import lexicon

    lex = lex or lexicon()
    found = lex.__dict__.get("_rerank_model")
    if found is None:
        found = lex.__dict__["_rerank_model"] = Model(dict(lex.reranker))
    return found


def _asks(text: str) -> dict[str, bool]:
    said = words(text[:400])
    found = set(said) | {f"{a} {b}" for a, b in itertools.pairwise(said)}
    return {k: not cues.isdisjoint(found) for k, cues in ASKS.items()}


def _own(lex: Lexicon, doc: int) -> tuple[frozenset[str], frozenset[str], frozenset[str], int]:
    """A record's own stems (ID words, title and text), its title's alone and its source section's (the citation),
    and how many words its text holds: no players' words (built with the vocabulary)."""
    found = lex.__dict__.setdefault("_rerank_own", {})
    row = found.get(doc)
    if row is None:
        _rid, own, title, section, length = lex.own[doc]
        row = found[doc] = (frozenset(own), frozenset(title), frozenset(section), length)
    return row


def features(query: Query, ranked: list[dict[str, Any]], scores: Scores, lex: Lexicon) -> list[list[float]]:
    """One feature vector per record of ``ranked`` (in [`FEATURES`][rulebook.rerank.FEATURES]' order).

    Examples:
        >>> from rulebook.ask import prepared
        >>> _game, lex, _readings, _computed, read = prepared("Can I look at the Spirit Deck?")
        >>> rows = features(read.query, read.ranked[:3], read.scores, lex)
        >>> len(rows), len(rows[0]) == len(FEATURES), rows[0][FEATURES.index("place")]
        (3, True, 1.0)
    """
    weights = []
    for c in query.concepts:
        present = [lex.idf(s) for s in c.stems if s in lex.postings]
        weights.append(max(present, default=lex.idf("")))
    total = sum(weights) or 1.0
    asks = _asks(query.text)
    top = ranked[0]["score"] if ranked else 0.0
    rows = []
    for place, hit in enumerate(ranked):
        doc = lex.by_id[hit["id"]]
        own, title, section, length = _own(lex, doc)
        own_cover = sum(w for c, w in zip(query.concepts, weights, strict=True) if own.intersection(c.stems)) / total
        title_cover = sum(w for c, w in zip(query.concepts, weights, strict=True) if title.intersection(c.stems))
        section_cover = sum(w for c, w in zip(query.concepts, weights, strict=True) if section.intersection(c.stems))
        kind = hit["kind"]
        lexical = scores.part("lexical", doc)
        card = _card(lex, doc)
        states = {k: not cues.isdisjoint(own) for k, cues in STATES.items()}
        rows.append(
            [
                scores.combined[doc],
                lexical,
                scores.part("cosine", doc),
                scores.part("pieces", doc),
                scores.part("covered", doc),
                scores.part("asked", doc),
                1.0 / (1.0 + place),
                scores.combined[doc] - top,
                own_cover,
                title_cover / total,
                own_cover * lexical,
                section_cover / total,
                math.log(1 + length),
                float(hit["game"] in query.named),
                *(float(kind == k) for k in KINDS),
                float(card),
                float(card and scores.defining),
                float(kind == "glossary" and scores.defining),
                float(query.cued.get(hit["game"], 0) > 0),
                *(float(asks[k] and states[k]) for k in ASKS),
                *(float(states[k]) for k in STATES),
            ]
        )
    return rows


def _card(lex: Lexicon, doc: int) -> bool:
    return card_title(lex.records[doc][3])


def reorder(
    query: Query, ranked: list[dict[str, Any]], scores: Scores, lex: Lexicon, fitted: Model | None = None
) -> list[dict[str, Any]]:
    """``ranked`` with its best records reordered by the model (by ``fitted``, when given), the rest after them.

    Examples:
        >>> from rulebook.ask import prepared
        >>> _game, lex, _readings, _computed, read = prepared("Can I look at the Spirit Deck?")
        >>> again = reorder(read.query, read.ranked, read.scores, lex)  # as shipped: the best stays first or second
        >>> read.ranked[0] in again[:2]
        True
        >>> sorted(h["id"] for h in again[:10]) == sorted(h["id"] for h in read.ranked[:10])
        True
        >>> switched_off = Model({**lex.reranker, "enabled": False})
        >>> reorder(read.query, read.ranked, read.scores, lex, switched_off) == read.ranked
        True
    """
    fitted = fitted or model(lex)
    if not fitted.active or len(ranked) < 2:
        return ranked
    head = ranked[: fitted.depth]
    if len(head) > 1 and head[0]["score"] - head[1]["score"] > fitted.sure:
        return ranked
    near = within(head, fitted.gap)
    if near < 2:
        return ranked
    rows = features(query, head[:near], scores, lex)
    order = arranged([fitted.score(row) for row in rows], fitted.margin, fitted.keep, fitted.reach)
    if fitted.swap is not None and fitted.swap.active and len(order) > 1:
        pair = pair_features(lex, head[order[0]]["id"], head[order[1]]["id"]) if fitted.swap.pair else None
        order = swapped(rows, order, fitted.swap, pair)
    return [head[n] for n in order] + ranked[near:]


def swapped(rows: list[list[float]], order: list[int], swap: Model, pair: list[float] | None = None) -> list[int]:
    """``order`` (places of the records whose feature vectors are ``rows``) with its first two swapped when the
    ``swap`` model scores the second more than its ``margin`` above the first (with ``pair``, the first two's
    [`pair_features`][rulebook.rerank.pair_features], plus what its pair weights add) and, with its ``reach``, the
    second is one of the first stage's best that many. Which records show never changes, only which comes first.
    With a finite ``sure``, an interpretation the first stage puts first leading the second (in the combined score,
    the vectors' first feature) by more than ``sure`` is never swapped out.

    Examples:
        >>> toy = Model({"features": ["a"], "mean": [0.0], "scale": [1.0], "weights": [1.0], "reach": 2})
        >>> swapped([[0.2], [0.9], [0.5]], [0, 1, 2], toy), swapped([[0.2], [0.1], [0.9]], [0, 2, 1], toy)
        ([1, 0, 2], [0, 2, 1])
        >>> toy.margin = 1.0
        >>> swapped([[0.2], [0.9], [0.5]], [0, 1, 2], toy)
        [0, 1, 2]
    """
    if len(order) < 2:
        return order
    first, second = order[0], order[1]
    reach = swap.reach if swap.reach is not None else len(rows)
    if math.isfinite(swap.sure) and _sure_of(rows, first, second, swap.sure):
        return order
    lead = swap.score(rows[second]) - swap.score(rows[first]) + (swap.pair_score(pair) if pair else 0.0)
    if second < reach and lead > swap.margin:
        return [second, first, *order[2:]]
    return order


def pair_features(lex: Lexicon, first: str, second: str) -> list[float]:
    """The features of two records (by ID) as a pair, in [`PAIR`][rulebook.rerank.PAIR]'s order: read from the
    records' kinds, cited sections and ``see`` records as the vocabulary holds them.

    Examples:
        >>> from rulebook.vocabulary import lexicon
        >>> pair_features(lexicon(), "spellfire.interp.reshuffle", "spellfire.deck.optional-reshuffle")
        [1.0, 0.0, 1.0, 0.0, 0.0, 1.0]
    """
    a, b = lex.records[lex.by_id[first]], lex.records[lex.by_id[second]]
    same = a[5] == b[5]
    return [
        float(_reads(a, b, same)),
        float(_reads(b, a, same)),
        float(same),
        float(b[5].startswith(a[5] + " > ")),
        float(a[5].startswith(b[5] + " > ")),
        float(b[0] in a[6] or a[0] in b[6]),
    ]


def _reads(a: tuple[Any, ...], b: tuple[Any, ...], same: bool) -> bool:
    """Whether record ``a`` (a vocabulary row) reads ``b``: ``a`` is an interpretation (of a rule, a clarification
    or an erratum) or a clarification or erratum (of a rule) of the same game, and names ``b`` among the records
    it ``reads`` or, naming none, among its ``see`` records, or cites the same section."""
    above = _READERS.get(a[2], 0) > _READERS.get(b[2], 0) and b[2] != "glossary"
    if not above or a[1] != b[1]:
        return False
    named = a[8] if len(a) > 8 else ()
    return b[0] in named if named else same or b[0] in a[6]


def _sure_of(rows: list[list[float]], first: int, second: int, lead: float) -> bool:
    """Whether the first stage's best record is first, is an interpretation, and leads the second by more than
    ``lead`` in the first stage's combined score (the swap model's guard: such an answer is not swapped out)."""
    return first == 0 and bool(rows[first][_INTERPRETATION]) and rows[first][0] - rows[second][0] > lead


def within(ranked: list[dict[str, Any]], gap: float) -> int:
    """How many of the best records score within ``gap`` of the best (the ones the model may reorder).

    Examples:
        >>> within([{"score": 3.0}, {"score": 2.8}, {"score": 2.0}], 0.5), within([{"score": 3.0}], 0.5)
        (2, 1)
    """
    if not ranked:
        return 0
    top = ranked[0]["score"]
    return sum(1 for hit in ranked if top - hit["score"] <= gap)


def arranged(scores: list[float], margin: float = 0.0, keep: int = KEEP, reach: int | None = None) -> list[int]:
    """The places of records in the order of their model ``scores``, best first, except that the first stage's best
    (place 0) stays first unless another scores more than ``margin`` above it (and, with ``reach``, is one of the
    first stage's best ``reach``), and stays among the first ``keep`` (default [`KEEP`][rulebook.rerank.KEEP]).

    Examples:
        >>> arranged([0.1, 0.9, 0.5]), arranged([0.0, 0.9, 0.8, 0.7, 0.6]), arranged([0.1, 0.9, 0.5], margin=1.0)
        ([1, 2, 0], [1, 2, 0, 3, 4], [0, 1, 2])
        >>> arranged([0.1, 0.5, 0.9], keep=2, reach=2), arranged([0.1, 0.9, 0.5], keep=2, reach=2)
        ([0, 2, 1], [1, 0, 2])
    """
    order = sorted(range(len(scores)), key=lambda n: (-scores[n], n))
    if scores[order[0]] - scores[0] <= margin or (reach is not None and order[0] >= reach):
        order.remove(0)
        order.insert(0, 0)
    if 0 not in order[:keep]:
        order.remove(0)
        order.insert(keep - 1, 0)
    return order
