"""`ask`'s reranker (rulebook.rerank): the shipped weights fit the features computed, and it only reorders."""

from __future__ import annotations

import json
from pathlib import Path

from rulebook import rerank
from rulebook.ask import ask, prepared


def test_the_shipped_weights_name_the_features_as_they_are_computed_now() -> None:
    # A feature added or renamed without fitting again (benchmarks/ask_heldout.py --fit) would leave `ask` without
    # its reranker: the shipped model must be active.
    data = json.loads(Path(rerank.PATH).read_text(encoding="utf-8"))
    assert tuple(data["features"]) == rerank.FEATURES
    assert rerank.model().active
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(rerank.FEATURES)


def test_the_reranker_reorders_the_best_records_and_keeps_the_rest() -> None:
    _gid, lex, _readings, computed, read = prepared("can I attack with an element that used its ability last turn?")
    assert computed is None and not read.refused and read.scores is not None
    again = rerank.reorder(read.query, read.ranked, read.scores, lex)
    depth = rerank.model().depth
    assert sorted(h["id"] for h in again[:depth]) == sorted(h["id"] for h in read.ranked[:depth])
    assert again[depth:] == read.ranked[depth:]
    rows = rerank.features(read.query, read.ranked[:depth], read.scores, lex)
    assert len(rows) == min(depth, len(read.ranked)) and all(len(r) == len(rerank.FEATURES) for r in rows)


def test_without_weights_the_ranking_is_the_hand_set_one() -> None:
    _gid, lex, _readings, _computed, read = prepared("what happens when both elements are equally strong?")
    assert not rerank.Model({}).active
    assert rerank.reorder(read.query, read.ranked, read.scores, lex, rerank.Model({})) == read.ranked


def test_refusals_and_computed_answers_are_not_reranked() -> None:
    assert ask("How do I train a dragon?").value["refused"]
    computed = ask("Fire attacks Water with Blaze, and Water uses Surge: what happens?")
    assert computed.verdict == "computed: P1's Fire is eliminated (3 against 4)"
