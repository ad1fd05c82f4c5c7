"""The question set: `rulebook ask` must find the records a judge would cite (goal: top-3 of at least 90%).

`python benchmarks/questions.py` prints the same figures with the misses.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import rulebook
from rulebook.ask import ask

QUESTIONS = tomllib.loads((Path(__file__).parent / "data" / "questions.toml").read_text(encoding="utf-8"))["question"]
KNOWN = {r.id for g in rulebook.games() for r in rulebook.rules(g.id)}


def accuracy(questions: list[dict]) -> tuple[float, float, list[tuple[str, list[str]]]]:
    """Top-1 and top-3 accuracy of the rulings `ask` returns, and the questions missed in the top 3."""
    top1 = top3 = 0
    misses = []
    for q in questions:
        found = [h["id"] for h in ask(q["text"], limit=3).value["rulings"]]
        top1 += bool(found[:1]) and found[0] in q["expect"]
        hit3 = any(f in q["expect"] for f in found[:3])
        top3 += hit3
        if not hit3:
            misses.append((q["text"], found))
    return top1 / len(questions), top3 / len(questions), misses


def test_every_question_names_existing_records_of_a_registered_game() -> None:
    games = {g.id for g in rulebook.games()}
    for q in QUESTIONS:
        assert q["game"] in games
        assert set(q["expect"]) <= KNOWN, q["text"]


def test_ask_finds_what_a_judge_would_cite_in_its_top_three() -> None:
    top1, top3, misses = accuracy(QUESTIONS)
    assert top3 >= 0.9, f"top-1 {top1:.0%}, top-3 {top3:.0%}; missed: {misses}"
