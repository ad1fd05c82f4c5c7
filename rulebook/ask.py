"""Questions in players' words: the computed answer where one applies, else the ruling that covers it.

``ask`` reads a question three ways at once:

- the question readers of [`rulebook.calculators`][rulebook.calculators] compute the questions a game's engine can (one
  Elemental Clash attack, say), and only when they have read every quantity the answer needs;
- the records are ranked against the question's words read through the players' vocabulary
  ([`rulebook.vocabulary`][rulebook.vocabulary]: stems, typos, synonyms, each record's ``aliases`` and ``asked_as``),
  within the game the question names or whose unmistakable words it uses;
- a question whose words the best record does not cover well enough is refused: "no rule of these five
  games covers this", with the nearest search terms, never a ruling chosen on one shared word.

The answer a judge reads: the computed answer, or the best ruling's own text in full with its ID and
the document it comes from, then up to two related rulings by title.

Examples:
    >>> from rulebook.ask import ask
    >>> ruling = ask("What happens when Fire uses Blaze against Water with Surge?")
    >>> ruling.verdict
    "computed: P1's Fire is eliminated (3 against 4)"
    >>> ask("Is an ability cancelled by Surge still used up?").value["rulings"][0]["id"]
    'clash.interp.spent-when-cancelled'
    >>> ask("How do I train a dragon?").verdict
    'no rule of these five games covers this; nearest search terms: dragon'
"""

from __future__ import annotations

import textwrap
from typing import Any

import rulebook
from rulebook.errors import InvalidInputError
from rulebook.ruling import Ruling, Trace
from rulebook.vocabulary import Lexicon, Query, lexicon

__all__ = ["MIN_COVERAGE", "ask", "rank", "render"]

#: The share of a question's meaning (its words weighed by rarity) the best record must cover, or ``ask``
#: refuses. Calibrated on the development half of the players' question set, with the players' words that
#: were written for its own questions withheld, so that it sees them as it will see new questions.
MIN_COVERAGE = 0.25
#: The weight of a question word that no record uses (after typos and synonyms): the asker's own phrasing.
UNKNOWN_WEIGHT = 10.0
#: How much a game's unmistakable words raise its records, per word.
CUE_BOOST = 0.5
#: How much a glossary record is raised for a question asking what a term means ("what is a Rune?").
GLOSSARY_BOOST = 1.5
#: For such a question, how much more it must be covered for each of its words that no record uses.
UNKNOWN_COVERAGE = 0.1
#: How much a word read as a typo of a record's word counts, against one written right.
TYPO_WEIGHT = 0.7
#: A question with none of the games' unmistakable words must be covered this much more to be answered.
UNCUED_COVERAGE = 0.1
#: BM25's term saturation and length normalisation.
K1, B = 2.0, 0.9
#: How much covering more of the question counts beside the BM25 score (score times coverage to this power).
COVERAGE_POWER = 0.5
#: The most ranked records kept in the JSON answer.
MAX_RANKED = 50
REFUSAL = "no rule of these five games covers this"


def rank(query: Query, games: list[str] | None = None, lex: Lexicon | None = None) -> list[dict[str, Any]]:
    """Every record that shares a concept with the question, best first, with its score and coverage.

    ``coverage`` is the share of the question's meaning the record holds: each concept weighs its
    rarity among the records (a word no record uses weighs [`UNKNOWN_WEIGHT`][rulebook.ask.UNKNOWN_WEIGHT]).
    """
    lex = lex or lexicon()
    defining = _defining(query.text)
    scores: dict[int, float] = {}
    covered: dict[int, float] = {}
    total = 0.0
    for concept in query.concepts:
        present = [s for s in concept.stems if s in lex.postings]
        weight = max((lex.idf(s) for s in present), default=UNKNOWN_WEIGHT)
        if concept.typed:
            weight *= TYPO_WEIGHT
        total += weight
        best: dict[int, float] = {}
        for s in present:
            idf = lex.idf(s)
            for doc, tf in lex.posting(s):
                norm = tf * (1 + K1) / (tf + K1 * (1 - B + B * lex.lengths[doc] / lex.average))
                best[doc] = max(best.get(doc, 0.0), idf * norm)
        for doc, value in best.items():
            scores[doc] = scores.get(doc, 0.0) + value
            covered[doc] = covered.get(doc, 0.0) + weight
    ranked = []
    for doc, score in scores.items():
        rid, game, kind, title, _text, citation, *_ = lex.records[doc]
        if games and game not in games:
            continue
        boost = 1 + CUE_BOOST * query.cued.get(game, 0)
        if kind == "glossary" and defining:
            boost *= GLOSSARY_BOOST
        coverage = covered[doc] / total if total else 0.0
        ranked.append(
            {
                "id": rid,
                "game": game,
                "kind": kind,
                "title": title,
                "citation": citation,
                "score": round(score * boost * coverage**COVERAGE_POWER, 4),
                "coverage": round(coverage, 3),
            }
        )
    ranked.sort(key=lambda h: (-h["score"], h["id"]))
    return ranked


_DEFINING = ("what is", "what s", "whats", "what are", "what does", "what do", "define", "meaning of", "definition")


def _defining(text: str) -> bool:
    """Whether a question asks what a term means ("what is a Rune?", "what does Expend mean?")."""
    from rulebook.vocabulary import words

    said = " ".join(words(text[:200]))
    said_words = said.split()
    return said.startswith(_DEFINING) or (("mean" in said_words or "means" in said_words) and len(said_words) <= 8)


def _games_read(query: Query, ranked: list[dict[str, Any]], game: str | None, shown: int) -> list[str]:
    """The games the question was read for: the one asked for, those named, or those of the rulings shown."""
    if game:
        return [game]
    if query.named:
        return list(query.named)
    return list(dict.fromkeys(hit["game"] for hit in ranked[:shown]))


def ask(question: str, limit: int = 3, game: str | None = None) -> Ruling:
    """Answer a question: the computed answer where a reader can compute it, and the rulings that cover it.

    ``game`` (a game ID) keeps to that game's records and readers. ``limit`` is how many rulings are
    shown (the best and the related ones); ``value["rulings"]`` keeps the whole ranked list with scores.
    """
    from rulebook import calculators

    if not question.strip():
        raise InvalidInputError("the question is empty; ask something, e.g. 'what happens on a tie?'")
    if not 1 <= limit <= MAX_RANKED:
        raise InvalidInputError(f"--limit must be from 1 to {MAX_RANKED}, not {limit}")
    gid = rulebook.game(game).id if game else None
    lex = lexicon()
    query = lex.read(question)
    allowed = [gid] if gid else (query.named or None)
    ranked = rank(query, allowed, lex)
    readings = [] if query.elsewhere and not (query.named or gid) else calculators.read(question, allowed)
    computed = next((r for r in readings if r.ruling is not None), None)
    best = ranked[0] if ranked else None
    unknown = sum(1 for c in query.concepts if not any(s in lex.postings for s in c.stems))
    cued = bool(query.cued or query.named or gid)
    needed = MIN_COVERAGE + (0 if cued else UNCUED_COVERAGE + UNKNOWN_COVERAGE * unknown)
    elsewhere = bool(query.elsewhere) and not (query.named or gid)
    refused = best is None or best["coverage"] < needed or elsewhere
    games = _games_read(query, ranked, gid, limit)
    trace = Trace()
    shown_rulings = [] if refused else ranked[:limit]
    if computed is not None and computed.ruling is not None:
        for step in computed.ruling.trace:
            trace.add(step.text, step.rule, step.overrides)
        verdict = f"computed: {computed.ruling.verdict}"
        related = shown_rulings[: limit - 1]
    elif refused:
        nearest = _nearest(query, lex)
        verdict = REFUSAL + (f"; nearest search terms: {', '.join(nearest)}" if nearest else "")
        if elsewhere:
            verdict = f"{REFUSAL}: it asks about {query.elsewhere[0]}"
        related = []
    else:
        assert best is not None
        record = lex.records[lex.by_id[best["id"]]]
        verdict = f"{best['id']}: {record[4]} ({record[5]})"
        related = shown_rulings[1:limit]
    for hit in related:
        trace.add(f"related: {hit['id']}: {hit['title']}")
    for reading in readings:
        if reading.ruling is None:
            trace.add(reading.summary())
    if len(games) > 1 and not refused:
        names = [rulebook.game(g).name for g in games]
        trace.add(f"read for {_and(names)}: name the game (or use --game) to keep to one")
    if query.corrected:
        trace.add("read " + ", ".join(f"{typed!r} as {word!r}" for typed, word in query.corrected.items()))
    value = {
        "question": question,
        "games": games,
        "computed": computed.ruling.to_dict() if computed is not None and computed.ruling is not None else None,
        "readings": [r.to_dict() for r in readings],
        "refused": refused and computed is None,
        "corrected": dict(query.corrected),
        "rulings": ranked[:MAX_RANKED],
    }
    if refused and computed is None:
        value["nearest"] = _nearest(query, lex)
    legal = computed.ruling.legal if computed is not None and computed.ruling is not None else None
    return trace.ruling(verdict, value, legal)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _nearest(query: Query, lex: Lexicon) -> list[str]:
    """The question's words that some record uses, rarest first: what to try with `rulebook search`."""
    scored = []
    for c in query.concepts:
        present = [lex.idf(s) for s in c.stems if s in lex.postings]
        if present:
            scored.append((-max(present), c.word))
    return [word for _, word in sorted(scored)[:4]]


def render(ruling: Ruling, width: int = 100) -> str:
    """The answer as a judge reads it: the first line wrapped, then the trace, each line within ``width``."""
    lines = textwrap.wrap(ruling.verdict, width=width, subsequent_indent="  ", break_on_hyphens=False) or [""]
    for n, step in enumerate(ruling.trace, 1):
        lines += textwrap.wrap(
            f"{n}. {step}", width=width, initial_indent="  ", subsequent_indent="     ", break_on_hyphens=False
        )
    return "\n".join(lines)
