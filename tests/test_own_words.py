"""Rule text is the project's own words: no record shares a run of eight words with its source document.

Titles, texts and option choices are compared with the game's source document, word by word (case,
punctuation and line breaks ignored). A run of eight or more shared words means a sentence was pasted
or barely changed; restate it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

import rulebook

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
RUN = 8


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "'"))


@cache
def _source_runs(source: str) -> frozenset[tuple[str, ...]]:
    words = _words((SEEDS / source).read_text(encoding="utf-8"))
    return frozenset(tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))


def shared_runs(text: str, source: str) -> list[str]:
    """The runs of [`RUN`][tests.test_own_words.RUN] words that ``text`` shares with the source document."""
    runs = _source_runs(source)
    words = _words(text)
    return [" ".join(words[i : i + RUN]) for i in range(len(words) - RUN + 1) if tuple(words[i : i + RUN]) in runs]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not beside the project")
def test_the_check_finds_a_pasted_sentence() -> None:
    game = rulebook.game("clash")
    sentence = " ".join(_words((SEEDS / game.source).read_text(encoding="utf-8"))[200:212])
    assert shared_runs(f"As the rules say, {sentence}.", game.source)
    assert not shared_runs("Equal strengths eliminate both elements.", game.source)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not beside the project")
@pytest.mark.parametrize("game", [g.id for g in rulebook.games()])
def test_no_record_repeats_eight_words_of_its_source(game: str) -> None:
    info = rulebook.game(game)
    copied = {}
    for record in rulebook.rules(game):
        parts = [record.title, record.text, *(record.option.choices.values() if record.option else ())]
        found = [run for part in parts for run in shared_runs(part, info.source)]
        if found:
            copied[record.id] = found[0]
    assert not copied, "restate in the project's own words: " + "; ".join(f"{k}: '{v}'" for k, v in copied.items())
