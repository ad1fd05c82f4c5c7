"""`ask`'s reranker (rulebook.rerank): the shipped weights fit the features computed, and it only reorders."""

from __future__ import annotations

import json
from pathlib import Path

from rulebook import rerank
from rulebook.ask import ask, prepared
from rulebook.vocabulary import lexicon


def _shipped() -> dict:
    return json.loads(Path(rerank.PATH).read_text(encoding="utf-8"))


def test_the_shipped_weights_name_the_features_as_they_are_computed_now() -> None:
    # A feature added or renamed without fitting again (benchmarks/ask_heldout.py --fit) would leave the weights
    # unusable: they must fit the features as computed now, and be the ones the vocabulary read.
    data = _shipped()
    assert tuple(data["features"]) == rerank.FEATURES
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(rerank.FEATURES)
    assert rerank.model().fits and rerank.model().weights == data["weights"]
    # Fitted, not used: the held-out test half lost one question with it (see benchmarks/results/ask_heldout.txt).
    assert rerank.model().active is data["enabled"] is False


def test_the_reranker_reorders_the_best_records_and_keeps_the_rest() -> None:
    _gid, lex, _readings, computed, read = prepared("can I attack with an element that used its ability last turn?")
    assert computed is None and not read.refused and read.scores is not None
    enabled = rerank.Model({**_shipped(), "enabled": True})
    assert enabled.active
    again = rerank.reorder(read.query, read.ranked, read.scores, lex, enabled)
    depth = enabled.depth
    assert sorted(h["id"] for h in again[:depth]) == sorted(h["id"] for h in read.ranked[:depth])
    assert again[depth:] == read.ranked[depth:]
    assert read.ranked[0] in again[: rerank.KEEP]
    rows = rerank.features(read.query, read.ranked[:depth], read.scores, lex)
    assert len(rows) == min(depth, len(read.ranked)) and all(len(r) == len(rerank.FEATURES) for r in rows)


def test_enabled_it_answers_what_a_card_does_with_the_cards_own_record() -> None:
    _gid, lex, _readings, _computed, read = prepared("what does Clap do?")
    enabled = rerank.Model({**_shipped(), "enabled": True})
    assert rerank.reorder(read.query, read.ranked, read.scores, lex, enabled)[0]["id"] == "elephants.spell.clap"


def test_without_weights_or_disabled_the_ranking_is_the_hand_set_one() -> None:
    _gid, lex, _readings, _computed, read = prepared("what happens when both elements are equally strong?")
    assert not rerank.Model({}).active
    assert rerank.reorder(read.query, read.ranked, read.scores, lex, rerank.Model({})) == read.ranked
    assert rerank.reorder(read.query, read.ranked, read.scores, lex, rerank.model(lexicon())) == read.ranked


def test_refusals_and_computed_answers_are_not_reranked() -> None:
    assert ask("How do I train a dragon?").value["refused"]
    computed = ask("Fire attacks Water with Blaze, and Water uses Surge: what happens?")
    assert computed.verdict == "computed: P1's Fire is eliminated (3 against 4)"
