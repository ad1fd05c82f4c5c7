"""`rulebook ask`'s reranker ([`rulebook.rerank`][rulebook.rerank]) fitted and checked leave-one-set-out.

    python benchmarks/ask_heldout.py [--fit [--enable]] [--keep N] [--reach N] [--gap X] [--margin X] [--sure X]
                                     [--margins X,Y,...] [--pair W] [--swap-only [--pairs L2 [--whole]]] [--out FILE]
    python benchmarks/ask_heldout.py --curve      # the refuse-or-answer classifier's trade-off, budget by budget
    python benchmarks/ask_heldout.py --classes    # every tuning set's misses as `ask` ships, sorted by cause

Each of issue 22's blind sets 2 to 15 is held out in turn: the reranker is fitted on every other tuning set
(the development half and its added questions, issue 22's development and third-round questions, the former blind
set, the judges' questions and the other blind sets) and measured on the held-out one, beside `ask` without the
reranker on the same set. The mean held-out figure before and after is what decides whether a change is kept. Never
read here: the held-out test half (players-test.toml) and the fresh questions (players-fresh.toml). Blind-4 was
measured once on 2026-11-26 (81.0% / 92.8% / 74.4% / 1), blind-5 once on 2026-11-26 as shipped (81.2% / 90.6% /
57.9% / 0), blind-6 once on 2026-11-26 as shipped (75.5% / 91.8% / 57.9% / 0), blind-7 once on 2026-11-26 as
shipped after the ninth round (74.2% / 88.9% / 51.3% / 0), blind-8 once on 2026-11-26 as shipped after the
eleventh round (77.6% / 90.3% / 66.7% / 0), blind-9 once on 2026-11-26 as shipped after the twelfth round
(82.9% / 93.8% / 55.8% / 1), blind-10 once on 2026-11-26 as shipped after the fourteenth round
(83.0% / 93.7% / 65.0% / 1), blind-11 once on 2026-11-26 as shipped after the sixteenth round
(82.7% / 95.2% / 57.5% / 5), blind-12 once on 2026-11-26 as shipped after the nineteenth round
(79.6% / 95.3% / 74.4% / 0), blind-13 once on 2026-11-26 as shipped after the twentieth round
(83.0% / 91.7% / 70.0% / 2), blind-14 once on 2026-11-26 as shipped after the twenty-first round
(81.3% / 89.3% / 74.4% / 3), blind-15 once on 2026-11-26 as shipped after the twenty-fourth round
(84.4% / 94.8% / 71.1% / 4), blind-16 once on 2026-11-27 as shipped after the twenty-sixth round
(82.1% / 92.7% / 77.5% / 0), blind-17 once on 2026-11-27 as shipped after the thirtieth round
(81.8% / 95.1% / 72.5% / 5), blind-18 once on 2026-11-27 as shipped after the thirty-third round
(89.0% / 95.7% / 72.5% / 0), blind-19 once on 2026-11-27 as shipped after the thirty-fourth round
(88.9% / 95.7% / 75.0% / 0), blind-20 once on 2026-11-27 as shipped after the thirty-sixth round
(90.3% / 96.6% / 92.5% / 3), blind-21 once on 2026-11-27 as shipped after the thirty-eighth round
(84.5% / 94.7% / 67.6% / 2), blind-22 once on 2026-11-27 as shipped after the thirty-ninth round
(87.1% / 94.3% / 85.0% / 0), blind-23 once on 2026-11-27 as shipped after the thirty-ninth round
(89.4% / 94.9% / 78.9% / 0), blind-24 and blind-25 once on 2026-11-27 as shipped after the fortieth round
(88.7% / 92.1% / 88.1% / 0 and 87.2% / 94.0% / 87.5% / 1), blind-26 and blind-27 once on 2026-11-27 as shipped
after the forty-second round (83.2% / 94.2% / 90.0% / 0 and 90.2% / 96.6% / 74.4% / 0), blind-28 once on 2026-11-27
as shipped after the forty-third round (91.3% / 98.5% / 84.6% / 0), blind-29 once on 2026-11-27 as shipped after
the forty-fourth round (85.1% / 94.7% / 89.7% / 0), blind-30 once on 2026-11-27 as shipped after the
forty-fifth round (92.3% / 98.6% / 89.7% / 0), blind-31 once on 2026-11-27 as shipped after the
forty-sixth round (88.3% / 96.1% / 94.9% / 1), blind-32 once on 2026-11-28 as shipped after the
forty-seventh round (91.9% / 97.6% / 87.2% / 2), blind-33 once on 2026-11-28 as shipped after the
forty-eighth round (90.0% / 96.7% / 84.6% / 0), blind-34 once on 2026-11-28 as shipped after the
forty-ninth round (87.9% / 95.7% / 84.6% / 0), blind-35 once on 2026-11-28 as shipped after the
fiftieth round (82.4% / 93.8% / 87.5% / 1), blind-36 once on 2026-11-28 as shipped after the
fifty-first round (90.9% / 97.6% / 85.0% / 1), blind-37 once on 2026-11-28 as shipped after the
fifty-second round (91.3% / 98.6% / 87.5% / 0); all are tuning data since.

The reranker only reorders the rulings of an answered question (not refused, not computed), so only top-1 and top-3
move; the refusals and computed answers are those of `ask` and are reported beside them. ``--fit`` then fits the
model on every tuning set and writes it to rulebook/data/rerank.json (what `ask` ships). With ``--swap-only`` the
shipped ordering weights are kept as they are and a second model, fitted leave-one-set-out, only decides whether their
first two records swap (reach 2 unless ``--reach`` says otherwise); ``--fit --swap-only`` writes it beside them as
``"swap"``, its margin the one most held-out sets' nested choice gave (``--margins``), switched on with ``--enable``,
and prints every tuning set's in-sample figures with it (issue 22's twenty-sixth round: mean held-out top-1 85.6% to
87.3%, top-3 unchanged, blind-9 in-sample 176 of 210 against its floor of 178). With ``--pairs`` the swap model
also weighs the first two records' pair features (`rulebook.rerank.PAIR`; issue 22's twenty-eighth round: 85.5% to
87.1% held out over blind-2 to -16, blind-9 in-sample 177 of 210; the thirty-third round: 86.0% to 87.9% over
blind-2 to -17, blind-9 177 of 210 again; the thirty-fourth round, on a first stage reading three more kinds of
question: 87.1% to 88.6% over blind-2 to -18, blind-9 180 of 210 against its floor of 179, every floor held: shipped
enabled). A question a reader read without computing it, naming the rules it rests
on, is measured with those rules first, as `ask` answers it. The questions' features
are cached (in the user's cache directory) by the file's contents and the code's, so a rerun fits in seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import pickle
import random
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT / "tests" / "data"
#: The tuning sets (never players-test.toml or players-fresh.toml; blind-5 to -15 since their one measure).
TUNING = [
    "players-dev.toml",
    "players-dev-added.toml",
    "players-dev-uncovered.toml",
    "players-dev-3.toml",
    "players-blind.toml",
    "questions.toml",
    "players-blind-2.toml",
    "players-blind-3.toml",
    "players-blind-4.toml",
    "players-blind-5.toml",
    "players-blind-6.toml",
    "players-blind-7.toml",
    "players-blind-8.toml",
    "players-blind-9.toml",
    "players-blind-10.toml",
    "players-blind-11.toml",
    "players-blind-12.toml",
    "players-blind-13.toml",
    "players-blind-14.toml",
    "players-blind-15.toml",
    "players-blind-16.toml",
    "players-blind-17.toml",
    "players-blind-18.toml",
    "players-blind-19.toml",
    "players-blind-20.toml",
    "players-blind-21.toml",
    "players-blind-22.toml",
    "players-blind-23.toml",
    "players-blind-24.toml",
    "players-blind-25.toml",
    "players-blind-26.toml",
    "players-blind-27.toml",
    "players-blind-28.toml",
    "players-blind-29.toml",
    "players-blind-30.toml",
    "players-blind-31.toml",
    "players-blind-32.toml",
    "players-blind-33.toml",
    "players-blind-34.toml",
    "players-blind-35.toml",
    "players-blind-36.toml",
    "players-blind-37.toml",
]
#: Changed whenever what `extract` stores changes (the cache is keyed by it, the code and the sets).
VERSION = "5"
#: How many of the best records are extracted (`--depth` may compare any depth up to it).
EXTRACTED = 30
HELD_OUT = [f"players-blind-{n}.toml" for n in range(2, 38)]


def _load(name: str) -> list[dict[str, Any]]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))["question"]


def extract(question: dict[str, Any]) -> dict[str, Any]:
    """One question read as `ask` reads it, before the reranker: what it does, and the features of its rulings."""
    from rulebook import ask as asking
    from rulebook import rerank
    from rulebook.ruling import Ruling

    _gid, lex, readings, computed, read = asking.prepared(question["text"])
    # As `ask` does: a question a reader read but did not compute, naming the rules it rests on, is answered with
    # them first (in the order `cited_first` gives), never refused when one of them is ranked.
    rests_on = next((r.rests_on for r in readings if r.rests_on), ())
    rests = computed is None and any(h["id"] in rests_on for h in read.ranked)
    cited = Ruling("the rules the question asks about", None, tuple(rests_on))
    item: dict[str, Any] = {
        "game": question["game"],
        "expect": list(question["expect"]),
        "uncovered": bool(question.get("uncovered")),
        "computes": bool(question.get("computes")),
        "refused": (read.refused or read.uncovered) and computed is None and not rests,
        "rests_first": [h["id"] for h in asking.cited_first(read.ranked, cited) if h["id"] in rests_on and rests],
        "computed": computed is not None,
        "fixed": None,
        "hits": [],
        "rows": [],
        "decision": None,
    }
    if computed is not None:
        item["fixed"] = [h["id"] for h in asking.cited_first(read.ranked, computed)[:3]]
    elif read.ranked and not read.elsewhere:
        head = read.ranked[:EXTRACTED]
        item["hits"] = [{"id": h["id"], "game": h["game"]} for h in head]
        item["rows"] = rerank.features(read.query, head, read.scores, lex)
        item["decision"] = _decision(question["text"], read, lex)
    else:
        item["fixed"] = []
    return item


def _decision(text: str, read: Any, lex: Any) -> dict[str, Any]:
    """What the refuse-or-answer decision may read of a question: how it was decided, and its own figures."""
    from rulebook import ask as asking
    from rulebook.unasked import signals
    from rulebook.uncovered import asks_for

    query = read.query
    concepts = query.concepts
    unknown = sum(1 for c in concepts if not any(s in lex.postings for s in c.stems)) / max(len(concepts), 1)
    return {
        **_own_text(query, read.ranked, lex),
        "weak": read.refused,
        "unstated": read.uncovered,
        "strength": asking.strength(query, read.ranked, lex),
        "unknown": unknown,
        "concepts": len(concepts),
        "asks_for": asks_for(text) is not None,
        "named": bool(query.named),
        "cued": bool(query.cued),
        "signals": signals(query, read.ranked, lex, asking.strength(query, read.ranked, lex)),
    }


def _own_text(query: Any, ranked: list[dict[str, Any]], lex: Any) -> dict[str, float]:
    """What the records' own words (title, text, ID: no players' words) hold of a question: whether the best
    record's hold its rarest word, the share of its meaning (words weighed by rarity) that no record's own words
    hold, and the share that no record of the best record's game holds."""
    vocab = lex.__dict__.setdefault("_heldout_vocab", {})
    if not vocab:
        for rid, own, *_ in lex.own:
            vocab.setdefault(lex.records[lex.by_id[rid]][1], set()).update(own)
    names = {w for ws in lex.name_words.values() for w in ws}
    concepts = [c for c in query.concepts if c.word not in names]
    weights = [max((lex.idf(s) for s in c.stems if s in lex.postings), default=lex.idf("")) for c in concepts]
    total = sum(weights) or 1.0
    if not ranked or not concepts:
        return {"rare_in": 1.0, "unknown_own": 0.0, "unknown_game": 0.0}
    top = frozenset(lex.own[lex.by_id[ranked[0]["id"]]][1])
    rarest = concepts[max(range(len(concepts)), key=weights.__getitem__)]
    every = set().union(*vocab.values())
    game = vocab.get(ranked[0]["game"], set())

    def unheld(held: set[str] | frozenset[str]) -> float:
        return sum(w for c, w in zip(concepts, weights, strict=True) if not held.intersection(c.stems)) / total

    return {
        "rare_in": float(bool(top.intersection(rarest.stems))),
        "unknown_own": unheld(every),
        "unknown_game": unheld(game),
    }


def _fingerprint() -> str:
    digest = hashlib.sha256(VERSION.encode())
    for path in sorted((ROOT / "rulebook").rglob("*")):
        if path.suffix in {".py", ".toml"} or path.name in {"unasked.json", "unasked-index.bin"}:
            digest.update(path.read_bytes())
    for name in TUNING:
        digest.update(json.dumps(_load(name), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def extracted(tag: str = "") -> dict[str, list[dict[str, Any]]]:
    """Every tuning set's questions extracted, from the cache when the code and the sets are unchanged (``tag``
    names a variant of `ask` the caller set up, cached apart)."""
    import platformdirs

    cache = Path(platformdirs.user_cache_dir("rulebook")) / f"ask-heldout-{tag}{_fingerprint()}.pickle"
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    found = {name: [extract(q) for q in _load(name)] for name in TUNING}
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(found))
    return found


def answered(item: dict[str, Any], model: Any) -> list[str]:
    """The three rulings `ask` offers for an extracted question with ``model`` (``None``: no reranker)."""
    from rulebook import ask as asking
    from rulebook import rerank

    if item["fixed"] is not None:
        return item["fixed"]
    if item["refused"]:
        return []
    hits = item["hits"]
    rows = item["rows"]
    if model is not None and not (len(rows) > 1 and rows[0][0] - rows[1][0] > model.sure):
        gap = rerank.FEATURES.index("gap")
        near = sum(1 for row in rows if -row[gap] <= model.gap)
        if near > 1:
            order = rerank.arranged([model.score(row) for row in rows[:near]], model.margin, model.keep, model.reach)
            if model.swap is not None and len(order) > 1:
                pair = _pair(hits, order) if model.swap.pair else None
                order = rerank.swapped(rows[:near], order, model.swap, pair)
            hits = [hits[n] for n in order] + hits[near:]
    found = [h["id"] for h in asking.default_first(hits, 3)]
    first = item.get("rests_first") or []
    return (first + [i for i in found if i not in first])[:3]


def _pair(hits: list[dict[str, Any]], order: list[int]) -> list[float]:
    """The pair features of the first two records of ``order``."""
    from rulebook import rerank
    from rulebook.vocabulary import lexicon

    return rerank.pair_features(lexicon(), hits[order[0]]["id"], hits[order[1]]["id"])


def fit_pair(
    items: list[dict[str, Any]], swap: Any, l2: float, steps: int = 400, whole: bool = False
) -> tuple[list[float], list[float]]:
    """The swap model's weights on the pair features: a logistic loss on whether the first two records (in the
    shipped ordering's order) swap, over the answered questions where exactly one of them is right, the pair read
    as the difference of the two records' standardised vectors under ``swap``'s weights plus the pair features
    ([`rulebook.rerank.PAIR`][rulebook.rerank.PAIR]). Without ``whole`` the vectors' weights stay as ``swap`` has
    them (the difference of its scores is a fixed offset) and only the pair weights are fitted; with it they are
    fitted too, an L2 penalty pulling them toward ``swap``'s. Returns the vectors' weights and the pair weights."""
    from rulebook import rerank

    ordering = rerank.Model(_shipped_data())
    pairs = []
    for q in items:
        rows = q["rows"]
        if len(rows) < 2 or q["refused"] or q["game"] == "none" or q["uncovered"]:
            continue
        order = rerank.arranged([ordering.score(r) for r in rows], ordering.margin, ordering.keep, ordering.reach)
        first, second = order[0], order[1]
        right = q["hits"][first]["id"] in q["expect"], q["hits"][second]["id"] in q["expect"]
        if right[0] != right[1] and (swap.reach is None or second < swap.reach):
            diff = [(b - a) / s for a, b, s in zip(rows[first], rows[second], swap.scale, strict=True)]
            pairs.append((diff, _pair(q["hits"], order), 1.0 if right[1] else -1.0))
    base = list(swap.weights)
    weights, pair = list(base), [0.0] * len(rerank.PAIR)
    for _ in range(steps):
        grad = [l2 * (w - b) for w, b in zip(weights, base, strict=True)]
        grad_pair = [l2 * w for w in pair]
        for diff, x, sign in pairs:
            s = sign * (sum(map(float.__mul__, weights, diff)) + sum(map(float.__mul__, pair, x)))
            coef = -sign / (1.0 + math.exp(s)) / len(pairs) if s < 30 else 0.0
            if coef:
                for i, v in enumerate(x):
                    grad_pair[i] += coef * v
                if whole:
                    for i, v in enumerate(diff):
                        grad[i] += coef * v
        pair = [w - 0.5 * g for w, g in zip(pair, grad_pair, strict=True)]
        if whole:
            weights = [w - 0.5 * g for w, g in zip(weights, grad, strict=True)]
    return weights, pair


def figures(items: list[dict[str, Any]], model: Any) -> dict[str, float]:
    """Top-1, top-3 and real questions refused (of the real ones), uncovered refused, computed and not asked."""
    real = [q for q in items if q["game"] != "none" and not q["uncovered"]]
    uncovered = [q for q in items if q["uncovered"]]
    off = [q for q in items if q["game"] == "none"]
    top1 = top3 = 0
    for q in real:
        found = answered(q, model)
        top1 += bool(found) and found[0] in q["expect"]
        top3 += any(f in q["expect"] for f in found[:3])
    return {
        "top1": top1 / len(real),
        "top3": top3 / len(real),
        "real_refused": sum(q["refused"] for q in real) / len(real),
        "uncovered_refused": sum(q["refused"] for q in uncovered) / len(uncovered) if uncovered else float("nan"),
        "computed_unasked": sum(q["computed"] and not q["computes"] for q in items),
        "off_topic_refused": sum(q["refused"] for q in off) / len(off) if off else float("nan"),
    }


def _standardised(items: list[dict[str, Any]], width: int) -> tuple[list[float], list[float]]:
    rows = [row for q in items for row in q["rows"]]
    mean = [sum(r[i] for r in rows) / len(rows) for i in range(width)]
    scale = [math.sqrt(sum((r[i] - mean[i]) ** 2 for r in rows) / len(rows)) or 1.0 for i in range(width)]
    return mean, scale


def fit(items: list[dict[str, Any]], l2: float, epochs: int, seed: int = 0, pair: float = 0.0) -> Any:
    """The listwise softmax model fitted on the answered questions whose right ruling is among their candidates;
    with ``pair``, plus a logistic loss (that weight) on the order of the first stage's first two records, for the
    questions where exactly one of them is right (the swap `keep 2, reach 2` decides)."""
    from rulebook.rerank import DEPTH, FEATURES, Model

    width = len(FEATURES)
    lists = []
    usable = [q for q in items if q["rows"] and not q["refused"] and q["game"] != "none" and not q["uncovered"]]
    mean, scale = _standardised(usable, width)
    for q in usable:
        right = [h["id"] in q["expect"] for h in q["hits"]]
        if any(right) and not all(right):
            rows = [[(x - m) / s for x, m, s in zip(row, mean, scale, strict=True)] for row in q["rows"]]
            lists.append((rows, right))
    weights = [0.0] * width
    weights[FEATURES.index("combined")] = 1.0
    moment, second = [0.0] * width, [0.0] * width
    rate, beta1, beta2 = 0.05, 0.9, 0.999
    random.Random(seed).shuffle(lists)
    firsts = [(rows[0], rows[1], 1.0 if right[0] else -1.0) for rows, right in lists if right[0] != right[1]]
    for epoch in range(1, epochs + 1):
        grad = [l2 * w for w in weights]
        if pair:
            _pair_gradient(grad, weights, firsts, pair / len(lists))
        for rows, right in lists:
            values = [sum(map(float.__mul__, weights, row)) for row in rows]
            top = max(values)
            exps = [math.exp(v - top) for v in values]
            whole = sum(exps)
            good = sum(e for e, r in zip(exps, right, strict=True) if r)
            for row, e, r in zip(rows, exps, right, strict=True):
                coef = (e / whole - (e / good if r else 0.0)) / len(lists)
                if coef:
                    for i, x in enumerate(row):
                        grad[i] += coef * x
        for i, g in enumerate(grad):
            moment[i] = beta1 * moment[i] + (1 - beta1) * g
            second[i] = beta2 * second[i] + (1 - beta2) * g * g
            weights[i] -= rate * (moment[i] / (1 - beta1**epoch)) / (math.sqrt(second[i] / (1 - beta2**epoch)) + 1e-8)
    return Model({"features": list(FEATURES), "mean": mean, "scale": scale, "weights": weights, "depth": DEPTH})


def _pair_gradient(
    grad: list[float], weights: list[float], firsts: list[tuple[list[float], list[float], float]], scale: float
) -> None:
    """Adds to ``grad`` the gradient of a logistic loss on each pair's order (sign: +1 when the first is right)."""
    for a, b, sign in firsts:
        diff = [x - z for x, z in zip(a, b, strict=True)]
        s = sign * sum(map(float.__mul__, weights, diff))
        coef = -sign * scale / (1.0 + math.exp(s)) if s < 30 else 0.0
        for i, x in enumerate(diff):
            grad[i] += coef * x


#: The refuse-or-answer classifier's features, from `_decision` and the best records' rows.
DECISION = (
    "strength",
    "unknown",
    "concepts",
    "asks_for",
    "named",
    "cued",
    "top_combined",
    "top_coverage",
    "top_pieces",
    "top_cosine",
    "top_own_cover",
    "top_title_cover",
    "top_section_cover",
    "margin",
    "best_own_cover",
    "rare_in",
    "unknown_own",
    "unknown_game",
)


def decision_vector(item: dict[str, Any]) -> list[float]:
    """One question's features for the refuse-or-answer classifier."""
    from rulebook.rerank import FEATURES

    d, rows = item["decision"], item["rows"]
    at = FEATURES.index
    top = rows[0]
    second = rows[1][at("combined")] if len(rows) > 1 else 0.0
    return [
        d["strength"],
        d["unknown"],
        math.log1p(d["concepts"]),
        float(d["asks_for"]),
        float(d["named"]),
        float(d["cued"]),
        top[at("combined")],
        top[at("coverage")],
        top[at("pieces")],
        top[at("cosine")],
        top[at("own_cover")],
        top[at("title_cover")],
        top[at("section_cover")],
        top[at("combined")] - second,
        max(r[at("own_cover")] for r in rows),
        d["rare_in"],
        d["unknown_own"],
        d["unknown_game"],
    ]


def _unanswerable(item: dict[str, Any]) -> bool:
    return item["game"] == "none" or item["uncovered"]


def fit_decision(items: list[dict[str, Any]], l2: float = 0.01, epochs: int = 300) -> tuple[list[float], ...]:
    """A logistic regression of whether a question should be refused (off-topic or uncovered), on ``items``."""
    data = [(decision_vector(q), float(_unanswerable(q))) for q in items if q["decision"] is not None]
    width = len(DECISION)
    mean = [sum(x[i] for x, _ in data) / len(data) for i in range(width)]
    scale = [math.sqrt(sum((x[i] - mean[i]) ** 2 for x, _ in data) / len(data)) or 1.0 for i in range(width)]
    rows = [([(v - m) / s for v, m, s in zip(x, mean, scale, strict=True)], y) for x, y in data]
    weights, bias = [0.0] * width, 0.0
    moment, second = [0.0] * (width + 1), [0.0] * (width + 1)
    for epoch in range(1, epochs + 1):
        grad = [l2 * w for w in weights] + [0.0]
        for x, y in rows:
            z = bias + sum(map(float.__mul__, weights, x))
            err = (1.0 / (1.0 + math.exp(-z)) - y) / len(rows)
            for i, v in enumerate(x):
                grad[i] += err * v
            grad[width] += err
        params = [*weights, bias]
        for i, g in enumerate(grad):
            moment[i] = 0.9 * moment[i] + 0.1 * g
            second[i] = 0.999 * second[i] + 0.001 * g * g
            params[i] -= 0.05 * (moment[i] / (1 - 0.9**epoch)) / (math.sqrt(second[i] / (1 - 0.999**epoch)) + 1e-8)
        weights, bias = params[:width], params[width]
    return mean, scale, weights, [bias]


def refuse_probability(item: dict[str, Any], fitted: tuple[list[float], ...]) -> float:
    mean, scale, weights, (bias,) = fitted
    x = decision_vector(item)
    z = bias + sum(w * (v - m) / s for w, v, m, s in zip(weights, x, mean, scale, strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def thresholds(items: list[dict[str, Any]], fitted: tuple[list[float], ...], budget: float) -> tuple[float, float]:
    """The refuse threshold (answered questions above it are refused) that refuses at most ``budget`` of the real
    questions more, and the answer threshold (weakly refused questions below it are answered) that answers no more
    unanswerable questions than real ones it wins back."""
    real = [q for q in items if q["game"] != "none" and not q["uncovered"]]
    answered = [q for q in items if q["decision"] is not None and not q["refused"]]
    probs = sorted(((refuse_probability(q, fitted), _unanswerable(q)) for q in answered), reverse=True)
    allowed, high, spent = budget * len(real), 1.01, 0
    for p, bad in probs:
        if not bad:
            spent += 1
            if spent > allowed:
                break
        high = p
    weak = [q for q in items if q["decision"] is not None and q["decision"]["weak"] and not q["decision"]["unstated"]]
    lows = sorted((refuse_probability(q, fitted), _unanswerable(q)) for q in weak)
    low, gain, best = -0.01, 0, 0
    for p, bad in lows:
        gain += -1 if bad else 1
        if gain > best:
            best, low = gain, p
    return high, low


def decided(item: dict[str, Any], fitted: Any, high: float, low: float) -> dict[str, Any]:
    """The item with the classifier's decision applied: refused above ``high``, weak ones answered below ``low``."""
    if item["decision"] is None or fitted is None:
        return item
    p = refuse_probability(item, fitted)
    d = item["decision"]
    if not item["refused"] and p >= high:
        return {**item, "refused": True}
    if item["refused"] and d["weak"] and not d["unstated"] and p <= low:
        return {**item, "refused": False}
    return item


def refusals(sets: dict[str, list[dict[str, Any]]], model: Any, budget: float) -> list[str]:
    """Leave-one-set-out figures of the refuse-or-answer classifier, with the reranker fitted beside it."""
    lines = [f"refuse-or-answer classifier, extra real refusals allowed on the training sets: {budget:.1%}"]
    runs = {"before": [], "after": []}
    for held in HELD_OUT:
        train = [q for name in TUNING if name != held for q in sets[name]]
        ranker = fit(train, 0.01, 150) if model else None
        fitted = fit_decision(train)
        high, low = thresholds(train, fitted, budget)
        before = figures(sets[held], ranker)
        after = figures([decided(q, fitted, high, low) for q in sets[held]], ranker)
        runs["before"].append(before)
        runs["after"].append(after)
        lines += [f"{held} held out (refuse above {high:.3f}, answer below {low:.3f}):"]
        lines += [_line("before", before), _line("after", after)]
    lines.append(f"mean over the {len(HELD_OUT)} held-out sets:")
    for label, found in runs.items():
        lines.append(_line(label, {k: sum(r[k] for r in found) / len(found) for k in found[0]}))
    return lines


#: The budgets `curve` tries: extra real questions the classifier may refuse on the training sets.
BUDGETS = (0.0, 0.0025, 0.005, 0.01, 0.02, 0.04)


def curve(sets: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The refuse-or-answer classifier's trade-off, leave-one-set-out over blind-2..6 (no reranker): at each
    budget, the mean held-out share of uncovered questions refused against real questions refused."""
    lines = ["refuse-or-answer classifier, leave-one-set-out over blind-2..6: uncovered refused vs real refused"]
    fitted = {}
    for held in HELD_OUT:
        train = [q for name in TUNING if name != held for q in sets[name]]
        fitted[held] = (train, fit_decision(train))
    before = [figures(sets[held], None) for held in HELD_OUT]
    lines.append(_point("as shipped", before))
    for budget in BUDGETS:
        found = []
        for held in HELD_OUT:
            train, model = fitted[held]
            high, low = thresholds(train, model, budget)
            found.append(figures([decided(q, model, high, low) for q in sets[held]], None))
        lines.append(_point(f"budget {budget:.2%}", found))
    return lines


def _point(label: str, found: list[dict[str, float]]) -> str:
    mean = {k: sum(f[k] for f in found) / len(found) for k in found[0]}
    return (
        f"  {label:<16} uncovered refused {mean['uncovered_refused']:6.1%}  real refused {mean['real_refused']:5.1%}  "
        f"top-1 {mean['top1']:6.1%}  top-3 {mean['top3']:6.1%}  off-topic refused {mean['off_topic_refused']:6.1%}"
    )


def players_words() -> list[str]:
    """Top-1 and top-3 of `ask` as shipped on each blind set, with every players' word beside the records and with
    none of them (every ``aliases`` and ``asked_as`` withheld): how much comes from the players' words."""
    import rulebook
    import rulebook.ask
    from rulebook import vocabulary

    sys.path.insert(0, str(ROOT / "tests"))
    from test_questions import evaluate

    withheld = {
        r.id: {"aliases": list(r.aliases), "asked_as": list(r.asked_as)}
        for g in rulebook.games()
        for r in rulebook.rules(g.id)
    }
    bare = vocabulary.Lexicon(vocabulary.build(withheld))
    lines = ["players' words: top-1 / top-3 of ask as shipped, with every players' word and with none"]
    saved = rulebook.ask.lexicon
    for held in HELD_OUT:
        every = evaluate(_load(held))["all"]
        rulebook.ask.lexicon = lambda: bare
        try:
            none = evaluate(_load(held))["all"]
        finally:
            rulebook.ask.lexicon = saved
        lines.append(
            f"  {held:<22} every word {every['top1']:6.1%} / {every['top3']:6.1%}   "
            f"none {none['top1']:6.1%} / {none['top3']:6.1%}"
        )
    return lines


def classes(sets: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The misses of every tuning set as `ask` ships, sorted into classes by cause and counted (``--classes``)."""
    from collections import Counter

    from rulebook import rerank
    from rulebook.uncovered import asking, asks_for
    from rulebook.vocabulary import lexicon

    lex = lexicon()
    shipped = rerank.model(lex)
    counts: Counter[str] = Counter()
    by_set: dict[str, Counter[str]] = {}
    examples: dict[str, list[str]] = {}
    totals: Counter[str] = Counter()
    for name in TUNING:
        texts = [q["text"] for q in _load(name)]
        by_set[name] = Counter()
        for text, q in zip(texts, sets[name], strict=True):
            found = answered(q, shipped if shipped.active else None)
            kind = _kind(q)
            totals[kind] += 1
            cls = _miss_class(q, text, found, lex, asks_for, asking)
            if cls is None:
                continue
            counts[cls] += 1
            by_set[name][cls] += 1
            examples.setdefault(cls, []).append(f"{name}: {text[:100]!r} -> {found[:1] or 'refused'}")
    lines = [
        "misses of every tuning set as `ask` ships (the reranker as in rulebook/data/rerank.json), by class",
        "questions: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())),
        f"{'class':<72} {'all':>4}  " + " ".join(f"{_short(n):>9}" for n in TUNING),
    ]
    for cls, n in counts.most_common():
        lines.append(f"{cls:<72} {n:>4}  " + " ".join(f"{by_set[s][cls]:>9}" for s in TUNING))
    lines.append("")
    for cls, _n in counts.most_common():
        lines.append(f"{cls}:")
        lines += [f"    {e}" for e in examples[cls][:6]]
    return lines


def _short(name: str) -> str:
    return name.removeprefix("players-").removesuffix(".toml")


def _kind(q: dict[str, Any]) -> str:
    return "off-topic" if q["game"] == "none" else "uncovered" if q["uncovered"] else "real"


def _miss_class(q: dict[str, Any], text: str, found: list[str], lex: Any, asks_for: Any, asking: Any) -> str | None:
    """The class of one question's miss (None when `ask` got it right: right record first, or refused)."""
    kind = _kind(q)
    if q["computed"] and not q["computes"]:
        return f"{kind}: computed, not asked"
    if kind != "real":
        if q["refused"]:
            return None
        if kind == "off-topic":
            return "off-topic: answered"
        top = lex.records[lex.by_id[found[0]]]
        what = asks_for(text) or ("a count" if "how many" in " ".join(asking(text)) else "no kind read")
        game = "its game" if top[1] == q["game"] else "another game"
        return f"uncovered: answered by {'an' if top[2][0] in 'aeiou' else 'a'} {top[2]} of {game} (asks: {what})"
    if found and found[0] in q["expect"]:
        return None
    if q["refused"]:
        d = q["decision"] or {}
        return "real: refused as not covered" if d.get("unstated") else "real: refused (too weak a match)"
    tail = " (computes, not computed)" if q["computes"] and not q["computed"] else ""
    top = lex.records[lex.by_id[found[0]]]
    if top[1] != q["game"]:
        return "real: wrong game first" + tail
    ids = [h["id"] for h in q["hits"]]
    at = next((n for n, i in enumerate(ids) if i in q["expect"]), None)
    expect = lex.records[lex.by_id[q["expect"][0]]]
    chapter = "same chapter" if expect[0].split(".")[1] == top[0].split(".")[1] else "another chapter"
    if at is not None and at < 3:
        where = "expected 2nd-3rd"
    elif at is not None and at < 10:
        where = "expected 4th-10th"
    elif _own_cover(text, expect, lex) == 0.0:
        where = "expected below 10th, its own words meeting none of the question's"
    else:
        where = "expected below 10th"
    return f"real: right game, {chapter} first, {where}" + tail


def _own_cover(text: str, record: Any, lex: Any) -> float:
    """The share of a question's meaningful words (weighed by rarity) that a record's own ID, title and text hold."""
    query = lex.read(text)
    own = frozenset(lex.own[lex.by_id[record[0]]][1])
    weights = [max((lex.idf(s) for s in c.stems if s in lex.postings), default=lex.idf("")) for c in query.concepts]
    held = sum(w for c, w in zip(query.concepts, weights, strict=True) if own.intersection(c.stems))
    return held / (sum(weights) or 1.0)


def nested_margins(
    sets: dict[str, list[dict[str, Any]]],
    models: dict[str, Any],
    margins: list[float],
    sures: list[float] | None = None,
) -> dict[str, tuple[float, float]]:
    """For each held-out set, the margin (of ``margins``) and the swap model's guard (its ``sure``, of ``sures``;
    default: none) that give the most right first answers summed over the OTHER held-out sets, each scored by its
    own fold's model (``models``: the model fitted without that set); the held-out set's own answers never choose
    them. On a tie the larger margin and the smaller guard (the more cautious) are chosen. Only approximately
    nested: the other folds' models were fitted with the held-out set among their training sets (a fully nested
    choice would fit every pair of sets apart, 78 fits instead of 13)."""
    grid = [(m, s) for m in margins for s in (sures or [math.inf])]
    right = {}
    for held, model in models.items():
        target = model.swap if model.swap is not None else model
        saved = target.margin, target.sure
        for margin, sure in grid:
            target.margin, target.sure = margin, sure
            right[held, margin, sure] = figures(sets[held], model)["top1"] * _real(sets[held])
        target.margin, target.sure = saved

    def votes(held: str, pair: tuple[float, float]) -> tuple[float, float, float]:
        return (sum(right[o, *pair] for o in models if o != held), pair[0], -pair[1])

    return {held: max(grid, key=lambda pair: votes(held, pair)) for held in models}


def _real(items: list[dict[str, Any]]) -> int:
    return sum(1 for q in items if q["game"] != "none" and not q["uncovered"])


def _line(label: str, f: dict[str, float]) -> str:
    return (
        f"  {label:<26} top-1 {f['top1']:6.1%}  top-3 {f['top3']:6.1%}  real refused {f['real_refused']:5.1%}  "
        f"uncovered refused {f['uncovered_refused']:6.1%}  off-topic refused {f['off_topic_refused']:6.1%}  "
        f"computed, not asked {f['computed_unasked']:.2g}"
    )


def _arguments() -> argparse.Namespace:
    from rulebook import rerank

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--fit", action="store_true", help="fit on every tuning set and write rulebook/data/rerank.json"
    )
    parser.add_argument("--l2", type=float, default=0.01, help="the weights' L2 penalty (default 0.01)")
    parser.add_argument("--epochs", type=int, default=150, help="full passes of the fit (default 150)")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    parser.add_argument("--refusals", type=float, metavar="BUDGET", help="check the refuse-or-answer classifier")
    parser.add_argument(
        "--curve", action="store_true", help="the refuse-or-answer classifier's trade-off at several budgets"
    )
    parser.add_argument("--words", action="store_true", help="top-1 with and without the players' words")
    parser.add_argument("--classes", action="store_true", help="every tuning set's misses as shipped, by class")
    parser.add_argument(
        "--margin",
        type=float,
        default=0.0,
        help="how much more than the first stage's best another record must score to come first (default 0)",
    )
    parser.add_argument(
        "--sure",
        type=float,
        default=math.inf,
        help="keep the first stage's order when it leads by more (default: never)",
    )
    parser.add_argument(
        "--keep",
        type=int,
        default=rerank.KEEP,
        help="the first stage's best stays among this many (default: rerank.KEEP; 1 keeps it first)",
    )
    parser.add_argument(
        "--gap",
        type=float,
        default=math.inf,
        help="reorder only the records within this first-stage score of the best (default: every one)",
    )
    parser.add_argument(
        "--enable", action="store_true", help="with --fit: ship the weights enabled (default: fitted, not used by ask)"
    )
    parser.add_argument(
        "--margins",
        type=lambda text: [float(x) for x in text.split(",")],
        help="comma-separated margins: each held-out set's margin chosen on the other sets' held-out answers",
    )
    parser.add_argument(
        "--sures",
        type=lambda text: [float(x) for x in text.split(",")],
        help="with --swap-only: comma-separated leads (inf: none) for the swap model's guard (an interpretation the "
        "first stage puts first leading by more is not swapped out), chosen with --margins on the other sets",
    )
    parser.add_argument(
        "--pair", type=float, default=0.0, help="weight of a logistic loss on the first two places' order (default 0)"
    )
    parser.add_argument(
        "--swap-only",
        action="store_true",
        help="order by the shipped weights (keep 1); the fitted model only decides whether the first two swap "
        '(reach 2 unless --reach; with --fit it is written as rulebook/data/rerank.json\'s "swap")',
    )
    parser.add_argument(
        "--pairs",
        type=float,
        default=0.0,
        metavar="L2",
        help="with --swap-only: also fit the swap model's weights on the first two records' pair features "
        "(rulebook.rerank.PAIR), with this L2 penalty (default: none)",
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="with --pairs: fit the swap model's vector weights on the pairs too (pulled toward the listwise fit)",
    )
    parser.add_argument("--reach", type=int, help="the model may put first only one of the first stage's best N")
    parser.add_argument("--depth", type=int, help="rerank this many of the best records (default: rerank.DEPTH)")
    args = parser.parse_args()
    if args.swap_only and args.reach is None:
        args.reach = 2
    return args


def _mean(runs: list[dict[str, float]]) -> dict[str, float]:
    return {k: sum(r[k] for r in runs) / len(runs) for k in runs[0]}


def _configured(fitted: Any, args: argparse.Namespace, train: list[dict[str, Any]]) -> Any:
    """A fold's fitted model as measured: with ``--swap-only`` the shipped model (its ordering weights as they are)
    with ``fitted`` as its swap model (with ``--pairs``, its pair weights fitted on ``train``), else ``fitted``
    itself with the options' margin, sure, gap, keep and reach."""
    from rulebook import rerank

    if args.swap_only:
        fitted.margin, fitted.reach = args.margin, args.reach
        if args.pairs:
            fitted.weights, fitted.pair = fit_pair(train, fitted, args.pairs, whole=args.whole)
            fitted.pair_names = list(rerank.PAIR)
        combined = rerank.Model(_shipped_data())
        combined.swap = fitted
        return combined
    fitted.margin, fitted.sure, fitted.gap, fitted.keep = args.margin, args.sure, args.gap, args.keep
    fitted.reach = args.reach
    return fitted


def _shipped_data() -> dict[str, Any]:
    """rulebook/data/rerank.json as it is now, without any swap model."""
    from rulebook import rerank

    data = json.loads(Path(rerank.PATH).read_text(encoding="utf-8"))
    data.pop("swap", None)
    return data


def _shipped_margin(chosen: dict[str, tuple[float, float]], default: float) -> tuple[float, float]:
    """The margin and guard shipped: the pair most held-out sets' nested choice gave (on a tie the larger margin and
    the smaller guard), else ``default`` and no guard."""
    if not chosen:
        return default, math.inf
    votes = list(chosen.values())
    return max(set(votes), key=lambda p: (votes.count(p), p[0], -p[1]))


def _write(
    sets: dict[str, list[dict[str, Any]]], args: argparse.Namespace, depth: int, margin: float, sure: float
) -> list[str]:
    """``--fit``: the model fitted on every tuning set written to rulebook/data/rerank.json (with ``--swap-only``,
    as the swap model beside the ordering weights, which stay as they are); the report's lines on it."""
    from rulebook import rerank

    every = [q for name in TUNING for q in sets[name]]
    model = fit(every, args.l2, args.epochs, pair=args.pair)
    if args.swap_only and args.pairs:
        model.reach = args.reach
        model.weights, model.pair = fit_pair(every, model, args.pairs, whole=args.whole)
        model.pair_names = list(rerank.PAIR)
    weights = {
        "features": model.names,
        "mean": [round(x, 6) for x in model.mean],
        "scale": [round(x, 6) for x in model.scale],
        "weights": [round(x, 6) for x in model.weights],
    }
    about = "fitted by benchmarks/ask_heldout.py --fit on the tuning sets: " + ", ".join(TUNING)
    if args.swap_only:
        fitted = {
            **_shipped_data(),
            "swap": {
                "about": "rulebook.rerank's swap model, " + about,
                "l2": args.l2,
                "epochs": args.epochs,
                **weights,
                **_pair_weights(model),
                "margin": margin,
                "sure": sure if math.isfinite(sure) else None,
                "reach": args.reach,
                "enabled": args.enable,
            },
        }
    else:
        fitted = {
            "about": "rulebook.rerank's weights, " + about,
            "l2": args.l2,
            "epochs": args.epochs,
            **weights,
            "depth": depth,
            "enabled": args.enable,
            "margin": margin,
            "sure": args.sure if math.isfinite(args.sure) else None,
            "gap": args.gap if math.isfinite(args.gap) else None,
            "keep": args.keep,
            "reach": args.reach,
        }
    Path(rerank.PATH).write_text(json.dumps(fitted, indent=1) + "\n", encoding="utf-8")
    shipped = rerank.Model(fitted)
    lines = [f"fitted on every tuning set (margin {margin:g}, sure {sure:g}), in-sample top-1 / top-3 per tuning set:"]
    for name in TUNING:
        f = figures(sets[name], shipped)
        lines.append(f"  {name:<28} {f['top1']:6.1%} / {f['top3']:6.1%}")
    pairs = zip(model.names, model.weights, strict=True)
    lines.append("weights: " + ", ".join(f"{n} {w:+.3f}" for n, w in pairs))
    if model.pair:
        named = zip(rerank.PAIR, model.pair, strict=True)
        lines.append("pair weights: " + ", ".join(f"{n} {w:+.3f}" for n, w in named))
    return lines


def _pair_weights(model: Any) -> dict[str, Any]:
    """A swap model's pair features and weights as rerank.json holds them (nothing without pair weights)."""
    if not model.pair:
        return {}
    return {"pair_features": model.pair_names, "pair_weights": [round(x, 6) for x in model.pair]}


def main() -> None:
    from rulebook import rerank

    args = _arguments()
    start = time.perf_counter()
    sets = extracted()
    depth = args.depth or rerank.DEPTH
    for items in sets.values():
        for q in items:
            q["hits"], q["rows"] = q["hits"][:depth], q["rows"][:depth]
    if args.words:
        print("\n".join(players_words()))
        return
    if args.classes:
        report = "\n".join(classes(sets))
        print(report)
        if args.out:
            args.out.write_text(report + "\n", encoding="utf-8")
        return
    if args.refusals is not None:
        print("\n".join(refusals(sets, True, args.refusals)))
        return
    if args.curve:
        print("\n".join(curve(sets)))
        return
    lines = [
        f"leave-one-set-out, listwise softmax reranker (pair {args.pair}), l2 {args.l2}, {args.epochs} epochs, "
        f"depth {depth}, margin {args.margins or args.margin}, sure {args.sure}, gap {args.gap}, keep {args.keep}, "
        f"reach {args.reach}"
    ]
    means = {"before": [], "after": []}
    models = {}
    for held in HELD_OUT:
        train = [q for name in TUNING if name != held for q in sets[name]]
        model = models[held] = _configured(fit(train, args.l2, args.epochs, pair=args.pair), args, train)
    chosen = nested_margins(sets, models, args.margins, args.sures) if args.margins else {}
    for held, model in models.items():
        target = model.swap if model.swap is not None else model
        if held in chosen:
            target.margin, target.sure = chosen[held]
        before, after = figures(sets[held], None), figures(sets[held], model)
        means["before"].append(before)
        means["after"].append(after)
        chose = f" (margin {target.margin:g}, sure {target.sure:g}, chosen on the other sets):"
        label = f"{held} held out" + (chose if chosen else ":")
        lines += [label, _line("before (hand-set weights)", before), _line("after (reranker)", after)]
    if args.swap_only:
        shipped = [figures(sets[held], rerank.model()) for held in HELD_OUT]
        lines.append(_line(f"mean, the shipped weights (keep {rerank.model().keep})", _mean(shipped)))
    lines.append(f"mean over the {len(HELD_OUT)} held-out sets:")
    for label, runs in means.items():
        lines.append(_line(label, _mean(runs)))
    if args.fit:
        margin, sure = _shipped_margin(chosen, args.margin)
        lines += _write(sets, args, depth, margin, sure)
    lines.append(f"{time.perf_counter() - start:.0f} s")
    report = "\n".join(lines)
    print(report)
    if args.out:
        args.out.write_text(report + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
