"""`ask`'s fitted refuse-or-answer check (rulebook.unasked): the shipped model fits the signals as computed, and it
turns into "the documents do not cover this" only questions near the ones no record answers."""

from __future__ import annotations

import json

import pytest

from rulebook import unasked
from rulebook.ask import ask

#: Questions no record answers that no kind of answer read from their form catches (the check does).
LEFT_OPEN = [
    "is there a score for winning well, like taking less damage meaning a better result?",
    "are we allowed to take notes during a game at an elestrals event",
    "how are pairings done each round at an elestrals tournament, swiss?",
]
#: Real questions the records answer, each of a form the uncovered ones share ("is there a limit", "can we").
ANSWERED = [
    ("Does Fortify save Earth on a tie?", "clash."),
    ("is there a hand limit in elestrals", "elestrals."),
    ("can two players share one deck of playing cards for elementals", "elementals."),
]


def test_the_shipped_model_names_the_signals_as_they_are_computed_now() -> None:
    # A signal added or renamed without fitting again (benchmarks/ask_unasked.py --fit) would leave the model
    # unusable: it must name the signals as computed now, and be enabled with its threshold.
    data = json.loads(unasked.PATH.read_text(encoding="utf-8"))
    assert data["signals"] == [*unasked.SIGNALS, *unasked.NEARNESS]
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(data["signals"])
    assert data["enabled"] is True and 0.0 < data["threshold"] < 1.0
    assert data["budget"] == 0.0  # its threshold refuses no more real questions held out of its fitting


@pytest.mark.parametrize("question", LEFT_OPEN)
def test_a_question_the_documents_leave_open_is_not_answered(question: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = ask(question)
    assert found.value["uncovered"] and found.value["refused"], found.verdict
    assert found.verdict.startswith("the documents do not cover this"), found.verdict
    # The check decides it: without it the same question is answered by a ruling.
    monkeypatch.setattr(unasked, "_model", dict)
    bare = ask(question)
    assert not bare.value["refused"], bare.verdict


@pytest.mark.parametrize(("question", "game"), ANSWERED)
def test_real_questions_are_still_answered(question: str, game: str) -> None:
    found = ask(question)
    assert not found.value["refused"], found.verdict
    assert found.value["rulings"][0]["id"].startswith(game)


def test_nearness_reads_the_stored_questions_and_rebuilds_a_damaged_cache(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULEBOOK_CACHE_DIR", str(tmp_path))
    unasked._memory.cache_clear()
    try:
        first = unasked.nearness("can players trade cards with each other in the middle of a game")
        cached = list(tmp_path.glob("unasked-*.marshal"))  # type: ignore[attr-defined]
        assert len(cached) == 1
        cached[0].write_bytes(b"\x00 not a cache")
        unasked._memory.cache_clear()
        again = unasked.nearness("can players trade cards with each other in the middle of a game")
        assert again == first
        assert first[0] > first[1]  # nearer a question no record answers than any real one
    finally:
        unasked._memory.cache_clear()
