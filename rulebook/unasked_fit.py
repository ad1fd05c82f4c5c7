"""Fitting `ask`'s refuse-or-answer check ([`rulebook.unasked`][rulebook.unasked]): the stored questions as TF-IDF
vectors (`vectors`) and the index a question reads (`index_bytes`, `write_index`), run by
`benchmarks/ask_unasked.py --fit` and the tests, never by `ask` (which imports only what it reads).

Examples:
    >>> found, idf = vectors(["can we trade cards", "can we attack"])
    >>> round(sum(v * v for v in found[0].values()), 6), idf["can"]
    (1.0, 0.0)
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rulebook.unasked import (
    COMMON_TERM,
    INDEX,
    INDEX_MAGIC,
    MODEL_LISTS,
    PATH,
    PER_BUCKET,
    QUESTIONS,
    bucket_of,
    record_digest,
    terms,
)
from rulebook.vocabulary import stem, words

__all__ = ["index_bytes", "vectors", "write_index"]


def vectors(texts: list[str]) -> tuple[list[dict[str, float]], dict[str, float]]:
    """Each text as a unit TF-IDF vector of its `terms`, the IDF over ``texts``; and the IDF."""
    found = [terms(t) for t in texts]
    idf = _idf(found)
    out = []
    for said in found:
        vec, norm = _weighed(said, idf)
        out.append({t: v / norm for t, v in vec.items()})
    return out, idf


def _df(found: list[list[str]]) -> dict[str, int]:
    """How many of the texts hold each term."""
    df: dict[str, int] = {}
    for said in found:
        for t in set(said):
            df[t] = df.get(t, 0) + 1
    return df


def _idf(found: list[list[str]], df: dict[str, int] | None = None) -> dict[str, float]:
    """Each term's IDF over the texts' terms (``df``: `_df` of them, when known)."""
    return {t: math.log(len(found) / d) for t, d in (_df(found) if df is None else df).items()}


def _weighed(said: list[str], idf: dict[str, float]) -> tuple[dict[str, float], float]:
    """A text's terms weighed by their IDF (summed over repeats), and the vector's length (1.0 for none)."""
    vec: dict[str, float] = {}
    for t in said:
        vec[t] = vec.get(t, 0.0) + idf[t]
    return vec, math.sqrt(sum(v * v for v in vec.values())) or 1.0


def _little(values: array[Any]) -> bytes:
    """An array's bytes in little-endian order, whatever the machine's."""
    if sys.byteorder == "big":
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def _table(values: dict[str, str]) -> tuple[int, bytes, bytes]:
    """Lines ``key<tab>value`` hashed into buckets by key: how many buckets, their offsets and the text."""
    buckets = max(1, len(values) // PER_BUCKET)
    lines: list[list[str]] = [[] for _ in range(buckets)]
    for key in sorted(values):
        if "\t" in key or "\n" in key or "\n" in values[key]:
            raise ValueError(f"a key or value with a tab or a line break cannot be indexed: {key!r}")
        lines[bucket_of(key, buckets)].append(f"{key}\t{values[key]}\n")
    offsets, text = array("I", [0]), bytearray()
    for bucket in lines:
        text += "".join(bucket).encode("utf-8")
        offsets.append(len(text))
    return buckets, _little(offsets), bytes(text)


def index_bytes(
    questions: list[list[str]], model: dict[str, Any] | None = None, records: Iterable[Sequence[Any]] = ()
) -> bytes:
    """The index `nearness` reads, from the stored questions (each ``[kind, text]``) and the ``model`` (as in
    ``PATH``): a header of lines ``key<tab>value`` (the model's signals and numbers among them), then each
    question's vector length, and the terms, hashed into buckets, each with its IDF and its postings (the numbers
    of the questions that hold it, repeated as often as it occurs; none for a term in more than a third of them).
    With the ``records`` (as `rulebook.vocabulary.Lexicon.records` holds them) it also keeps the stems of each
    record's title, text and aliases, and of every word of theirs and of the questions, so that a question reads
    them without loading the stemmer.

    A question then reads only the few buckets of its own terms: nothing is built when it is asked.

    Examples:
        >>> index_bytes([["u", "is there a cap"], ["r", "can I attack"]]).startswith(INDEX_MAGIC)
        True
    """
    found = [terms(t) for _k, t in questions]
    df = _df(found)
    idf = _idf(found, df)
    # the questions no record answers first, then the real ones (numbered so); the off-topic ones weigh only in
    # the IDF, as the check looks for the nearest of the first two kinds alone
    order = [n for kind in "ur" for n, (k, _t) in enumerate(questions) if k == kind]
    norms, postings = array("d"), {}
    for n in order:
        said = found[n]
        vec, norm = _weighed(said, idf)
        for t in vec:
            if idf[t] > COMMON_TERM:
                postings.setdefault(t, []).extend([len(norms)] * said.count(t))
        norms.append(norm)
    uncovered = sum(1 for k, _t in questions if k == "u")
    buckets = max(1, len(idf) // PER_BUCKET)
    numbers = array("H" if len(found) < 1 << 16 else "I")
    lines: list[list[str]] = [[] for _ in range(buckets)]
    for t in sorted(idf):
        if "\t" in t or "\n" in t:
            raise ValueError(f"a term with a tab or a line break cannot be indexed: {t!r}")
        held = postings.get(t, [])
        repeats = int(len(set(held)) < len(held))
        split = sum(1 for m in held if m < uncovered)
        lines[bucket_of(t, buckets)].append(f"{t}\t{df[t]}\t{len(numbers)}\t{split}\t{len(held)}\t{repeats}\n")
        numbers.extend(held)
    offsets, text = array("I", [0]), bytearray()
    for bucket in lines:
        text += "".join(bucket).encode("utf-8")
        offsets.append(len(text))
    parts = [_little(norms), _little(offsets), bytes(text), _little(numbers)]
    said_words = {w for _k, t in questions for w in words(t)}
    tables, counts = _record_tables(list(records), said_words)
    parts += tables
    header = [
        ("questions", str(len(found))),
        ("uncovered", str(uncovered)),
        ("rare", repr(math.log(max(len(found), 1)))),
        ("buckets", str(buckets)),
        ("numbers", numbers.typecode),
        *counts,
        ("sizes", " ".join(str(len(p)) for p in parts)),
    ]
    if model:
        header += [(key, " ".join(model[key])) for key in ("signals",)]
        header += [(key, " ".join(repr(float(v)) for v in model[key])) for key in MODEL_LISTS]
        header += [(key, repr(float(model[key]))) for key in ("bias", "threshold")]
        header += [("enabled", str(int(bool(model.get("enabled")))))]
    head = "".join(f"{key}\t{value}\n" for key, value in header)
    return b"".join([INDEX_MAGIC, head.encode("utf-8"), b"\n", *parts])


def _record_tables(records: list[Sequence[Any]], said_words: set[str]) -> tuple[list[bytes], list[tuple[str, str]]]:
    """The parts of the index read from the records: the stems of every word of theirs and of ``said_words`` (the
    questions' words), each record's stems, and how many of each game's records hold each stem
    (`rulebook.unasked.game_words`); and the header's lines for them."""
    own: dict[str, str] = {}
    said_words = set(said_words)
    games = sorted({record[1] for record in records})
    game_records = [0] * len(games)
    game_stems: dict[str, list[int]] = {}
    for record in records:
        said = [record[3], record[4], *(record[7] if len(record) > 7 else ())]
        held = {w for text in said for w in words(text)}
        said_words |= held
        stems = sorted({stem(w) for w in held})
        own[record[0]] = f"{record_digest(said)}\t{' '.join(stems)}"
        at = games.index(record[1])
        game_records[at] += 1
        for s in stems:
            game_stems.setdefault(s, [0] * len(games))[at] += 1
    word_buckets, word_offsets, word_text = _table({w: stem(w) for w in said_words})
    record_buckets, record_offsets, record_text = _table(own)
    game_buckets, game_offsets, game_text = _table({s: " ".join(map(str, n)) for s, n in game_stems.items()})
    header = [
        ("words", str(word_buckets)),
        ("records", str(record_buckets)),
        ("game_stems", str(game_buckets)),
        ("games", " ".join(games)),
        ("game_records", " ".join(map(str, game_records))),
    ]
    return [word_offsets, word_text, record_offsets, record_text, game_offsets, game_text], header


def write_index() -> Path:
    """Writes the index of the stored questions (``QUESTIONS``), of the model (``PATH``) and of the records'
    stems to ``INDEX``, so that a question reads the check from it alone (without parsing JSON or loading the
    stemmer); returns its path."""
    import json

    from rulebook.vocabulary import lexicon

    stored = json.loads(QUESTIONS.read_text(encoding="utf-8")) if QUESTIONS.exists() else {"questions": []}
    model = json.loads(PATH.read_text(encoding="utf-8")) if PATH.exists() else None
    INDEX.write_bytes(index_bytes(stored["questions"], model, lexicon().records))
    return INDEX
