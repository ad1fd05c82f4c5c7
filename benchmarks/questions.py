"""How well `rulebook ask` finds what a judge would cite: top-1 and top-3 accuracy over the question set.

    python benchmarks/questions.py

The questions, with the records a judge would cite, are in tests/data/questions.toml.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_questions import QUESTIONS, accuracy


def main() -> None:
    by_game = defaultdict(list)
    for q in QUESTIONS:
        by_game[q["game"]].append(q)
    for game, questions in by_game.items():
        top1, top3, _ = accuracy(questions)
        print(f"{game}: {len(questions)} questions, top-1 {top1:.0%}, top-3 {top3:.0%}")
    top1, top3, misses = accuracy(QUESTIONS)
    print(f"all: {len(QUESTIONS)} questions, top-1 {top1:.1%}, top-3 {top3:.1%}")
    for text, found in misses:
        print(f"  missed: {text!r} -> {found}")


if __name__ == "__main__":
    main()
