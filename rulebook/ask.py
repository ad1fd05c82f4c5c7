"""Questions in plain English: the best rulings with their citations, and a computed answer where one fits.

``ask`` runs two things side by side:

- every game's calculator (an engine's ``answer_question(question)``), which recognises the questions
  its mechanics can compute (one Elemental Clash attack, say) and returns a full ruling;
- the full-text search, whose best records are kept only if they really match the question: at least
  half of the question's meaningful words must occur in the record.

When neither fits, the answer says so instead of guessing.

Examples:
    >>> from rulebook.ask import ask
    >>> ruling = ask("What happens when Fire uses Blaze against Water with Surge?")
    >>> ruling.verdict
    "computed: P1's Fire is eliminated (3 against 4)"
    >>> ask("What is the best recipe for sourdough bread?").verdict
    'no ruling fits this question; try `rulebook search` with other words'
"""

from __future__ import annotations

import math
import re
from typing import Any

import rulebook
from rulebook.errors import InvalidInputError
from rulebook.ruling import Ruling, Trace
from rulebook.search import Hit, document_frequency, search, stems

__all__ = ["ask", "calculators", "fits"]

#: The share of a question's meaningful words a record must contain to count as an answer.
MIN_SHARE = 0.4
#: The weight of a question word that no record contains.
ABSENT_WEIGHT = 1.0
#: How much a word found only in a record's text counts, against one in its ID or title, for ranking.
TEXT_WEIGHT = 0.7


def fits(question: str, hit: Hit) -> float:
    """The share of the question's meaningful words found (by stem) in a record, rare words weighing more.

    Examples:
        >>> from rulebook.search import search
        >>> round(fits("fortify on a tie", search("fortify tie")[0]), 2)
        1.0
    """
    return _shares(question, hit)[0]


def _weight(stem: str) -> float:
    """A word's weight: rare words say more about what is asked.

    A word that no record has is most often the asker's own phrasing ("broken" for a tiebreaker), so
    it weighs as much as a common word; a question made only of such words finds no record at all.
    """
    total, found = document_frequency(stem)
    return math.log((total + 1) / (found + 1)) + 0.1 if found else ABSENT_WEIGHT


def _shares(question: str, hit: Hit) -> tuple[float, float]:
    """The weighted share of the question's words a record contains, and a share that weighs its title more."""
    words = stems(question)
    if not words:
        return 0.0, 0.0
    record = rulebook.rule(hit.id)
    in_title = words & stems(f"{record.id} {record.title}")
    in_text = words & stems(record.text)
    total = sum(map(_weight, words))
    plain = sum(map(_weight, in_title | in_text)) / total
    weighted = (sum(map(_weight, in_title)) + TEXT_WEIGHT * sum(map(_weight, in_text - in_title))) / total
    return plain, weighted


def calculators(question: str = "") -> list[Any]:
    """The engines that may compute an answer to ``question`` (those with ``answer_question``).

    A game's data may list the words its calculator needs (``[ask] triggers``); its engine is only
    loaded when the question has one of them. A game that lists none is always tried.

    Examples:
        >>> [e.__name__ for e in calculators("Can Air use Gale when defending against Earth?")]
        ['rulebook.clash']
    """
    words = set(re.findall(r"[a-z0-9]+", question.lower()))
    engines = []
    for g in rulebook.games():
        triggers = rulebook.rules(g.id).data.get("ask", {}).get("triggers")
        if triggers is not None and not words & {t.lower() for t in triggers}:
            continue
        engine = rulebook.engine(g.id)
        if hasattr(engine, "answer_question"):
            engines.append(engine)
    return engines


def ask(question: str, limit: int = 3) -> Ruling:
    """Answer a question: a computed ruling where a calculator fits, and the best-fitting records."""
    if not question.strip():
        raise InvalidInputError("the question is empty; ask something, e.g. 'what happens on a tie?'")
    computed: Ruling | None = None
    for engine in calculators(question):
        computed = engine.answer_question(question)
        if computed is not None:
            break
    found = [(_shares(question, h), h) for h in search(question, limit=max(limit * 3, 10))]
    # Keep the records that cover enough of the question; rank them by how much they cover, titles
    # weighing more, then by the search's own rank.
    kept = [(shares[1], h) for shares, h in found if shares[0] >= MIN_SHARE]
    hits = [h for _, h in sorted(kept, key=lambda p: -p[0])][:limit]
    trace = Trace()
    if computed is not None:
        for step in computed.trace:
            trace.add(step.text, step.rule, step.overrides)
    # Found rulings are listed, not cited: only a computed answer's rules decided anything.
    for hit in hits:
        trace.add(f"ruling {hit.id}: {hit.title} ({hit.citation})")
    if computed is not None:
        verdict = f"computed: {computed.verdict}"
    elif hits:
        verdict = f"best ruling: {hits[0].id}: {hits[0].title}"
    else:
        verdict = "no ruling fits this question; try `rulebook search` with other words"
    value = {
        "question": question,
        "computed": computed.to_dict() if computed is not None else None,
        "rulings": [h.to_dict() for h in hits],
    }
    return trace.ruling(verdict, value, computed.legal if computed is not None else None)
