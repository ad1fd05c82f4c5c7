"""Split tests/data/players.toml once into a dev half (for tuning `rulebook ask`) and a test half (held out).

The split is stratified per game, off-topic ("none") included: each game's questions are shuffled with one
`random.Random(SEED)`, taken game by game in sorted order, and the first half goes to dev. A game with an odd
number of questions gives its extra question to dev and to test in turn, so the halves differ by at most one.
Each half lists its questions in the order of players.toml.

The split was made once, before any tuning. Re-running it must reproduce both files exactly
(tests/test_players_questions.py checks this); it is not a way to draw a new split.

    python tests/data/split_questions.py
"""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

SEED = 20261123
HERE = Path(__file__).parent
SOURCE = HERE / "players.toml"
DEV = HERE / "players-dev.toml"
TEST = HERE / "players-test.toml"
KEYS = ("game", "text", "expect")

HEADERS = {
    "dev": (
        "# The DEV half of tests/data/players.toml. Tuning `rulebook ask` may look at these questions, and only these.",
        "# players-test.toml is held out for the final measure: do not read it while tuning.",
    ),
    "test": (
        "# The TEST half of tests/data/players.toml, held out. Tuning `rulebook ask` must not look at it: it is only",
        "# for measuring the result. Tuning may look only at the dev half, players-dev.toml.",
    ),
}
COMMON = (
    "# Made once, before any tuning, by tests/data/split_questions.py: stratified per game (off-topic included),",
    f"# shuffled with random.Random({SEED}). Generated: do not edit by hand.",
)


def load(path: Path = SOURCE) -> list[dict]:
    """The questions of a question file, in file order."""
    return tomllib.loads(path.read_text(encoding="utf-8"))["question"]


def split(questions: list[dict]) -> tuple[list[dict], list[dict]]:
    """The dev and test halves, each in the order of `questions`."""
    rng = random.Random(SEED)
    by_game: dict[str, list[int]] = {}
    for i, q in enumerate(questions):
        by_game.setdefault(q["game"], []).append(i)
    dev: set[int] = set()
    extra_to_dev = True
    for game in sorted(by_game):
        indices = by_game[game]
        rng.shuffle(indices)
        half = len(indices) // 2
        if len(indices) % 2:
            half += extra_to_dev
            extra_to_dev = not extra_to_dev
        dev.update(indices[:half])
    return (
        [q for i, q in enumerate(questions) if i in dev],
        [q for i, q in enumerate(questions) if i not in dev],
    )


def render(questions: list[dict], half: str) -> str:
    """One half as TOML, in the format of players.toml."""
    lines = [*HEADERS[half], *COMMON]
    for q in questions:
        if set(q) != set(KEYS):
            raise ValueError(f"a question needs exactly the keys {KEYS}: {q}")
        lines += [
            "",
            "[[question]]",
            f"game = {json.dumps(q['game'])}",
            f"text = {json.dumps(q['text'], ensure_ascii=False)}",
            "expect = [" + ", ".join(json.dumps(e) for e in q["expect"]) + "]",
        ]
    return "\n".join(lines) + "\n"


def outputs(source: Path = SOURCE) -> dict[Path, str]:
    """The two files the split writes, with their text."""
    dev, test = split(load(source))
    return {DEV: render(dev, "dev"), TEST: render(test, "test")}


def main() -> None:
    for path, text in outputs().items():
        path.write_text(text, encoding="utf-8")
        print(f"{path.name}: {text.count('[[question]]')} questions")


if __name__ == "__main__":
    main()
