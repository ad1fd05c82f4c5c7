"""The players' question set (tests/data/players.toml) and its one-time dev/test split.

These checks keep the data honest; they do not run `rulebook ask`. The questions were written blind to the ranker,
and tuning may look only at players-dev.toml.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

import rulebook

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))["question"]


def _split_module():
    spec = importlib.util.spec_from_file_location("split_questions", DATA / "split_questions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _key(q: dict) -> tuple[str, str, tuple[str, ...]]:
    return q["game"], q["text"], tuple(q["expect"])


def _normal(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


QUESTIONS = _load("players.toml")
DEV = _load("players-dev.toml")
TEST = _load("players-test.toml")
GAMES = {g.id for g in rulebook.games()}


def test_there_are_at_least_300_questions_of_known_games() -> None:
    assert len(QUESTIONS) >= 300
    for q in QUESTIONS:
        assert set(q) == {"game", "text", "expect"}, q
        assert q["game"] in GAMES | {"none"}, q
        assert q["text"].strip(), q


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q["text"][:60])
def test_every_expected_record_exists_and_belongs_to_the_question_s_game(q: dict) -> None:
    if q["game"] == "none":
        assert q["expect"] == [], "an off-topic question expects no record"
        return
    assert q["expect"], "an on-topic question expects at least one record"
    assert len(set(q["expect"])) == len(q["expect"])
    for rule_id in q["expect"]:
        assert rulebook.rule(rule_id).id == rule_id  # raises UnknownRuleError for an unknown ID
        assert rule_id.split(".", 1)[0] == q["game"]


def test_no_question_text_appears_twice() -> None:
    texts = Counter(_normal(q["text"]) for q in QUESTIONS)
    assert [t for t, n in texts.items() if n > 1] == []


def test_no_question_is_reused_from_the_original_question_set() -> None:
    original = {_normal(q["text"]) for q in _load("questions.toml")}
    assert [q["text"] for q in QUESTIONS if _normal(q["text"]) in original] == []


def test_off_topic_share_is_between_12_and_20_percent() -> None:
    share = sum(q["game"] == "none" for q in QUESTIONS) / len(QUESTIONS)
    assert 0.12 <= share <= 0.20, f"{share:.1%}"


def test_the_two_halves_together_are_exactly_the_questions() -> None:
    assert Counter(map(_key, DEV)) + Counter(map(_key, TEST)) == Counter(map(_key, QUESTIONS))
    assert not {q["text"] for q in DEV} & {q["text"] for q in TEST}


def test_the_split_is_stratified_per_game() -> None:
    dev, test = Counter(q["game"] for q in DEV), Counter(q["game"] for q in TEST)
    for game in GAMES | {"none"}:
        assert abs(dev[game] - test[game]) <= 1, game
    assert abs(len(DEV) - len(TEST)) <= 1


def test_re_running_the_split_reproduces_the_files() -> None:
    split = _split_module()
    assert split.SEED == 20261123
    for path, text in split.outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} differs from a fresh split"
