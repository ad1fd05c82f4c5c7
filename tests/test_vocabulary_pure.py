"""The browser's path: without rapidfuzz and PyStemmer (Pyodide has neither), `ask` answers every question the same.

The rules site runs `rulebook ask` in the browser, where rapidfuzz and PyStemmer have no build: snowballstemmer
falls back to its own pure-Python stemmers, and rulebook.vocabulary to its pure-Python edit distance. A fresh
Python with both blocked answers each players' question (both halves, and words misspelt on purpose) and the
answers are compared, byte for byte, with this process's native ones: each ruling's verdict, steps, rules and
legality, everything `rulebook ask` prints is made of (asked through `rulebook.ask.ask`, the call the command makes,
without the command line's parsing around it, which neither path changes).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from rulebook import vocabulary

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

# Misspellings that go through the typo reader (one edit, two letters swapped, two edits in a long word).
TYPOS = [
    "does fortfy save earth on a tie",
    "can fire use blaez when defending",
    "what does dissenchanting do in elestrals",
    "can i attcak twice with the same elemental",
    "is misenchantd a word in elestrals",
    "what happens when a spel is canceled by root",
    "actualy can water surge against fire",
]


def _questions() -> list[str]:
    texts = []
    for name in ("players-dev.toml", "players-test.toml"):
        texts += [q["text"] for q in tomllib.loads((DATA / name).read_text(encoding="utf-8"))["question"]]
    return texts + TYPOS


#: What `rulebook ask QUESTION` prints is made of: the ruling's verdict, steps, rules and legality (or the refusal
#: of the question); the same code in this process and in the one without rapidfuzz and PyStemmer.
ANSWER = """
def answer(question):
    from rulebook.ask import ask
    from rulebook.errors import InvalidInputError
    try:
        ruling = ask(question, 3, None)
    except InvalidInputError as err:
        return ["refused", str(err)]
    return [ruling.verdict, [str(step) for step in ruling.trace], list(ruling.rules), ruling.legal]
"""

PURE = (
    """
import json, sys
sys.modules["rapidfuzz"] = None  # as in Pyodide: no build of either
sys.modules["Stemmer"] = None
from rulebook import vocabulary
assert not vocabulary.FAST_EDITS
import snowballstemmer
assert "Stemmer" not in repr(snowballstemmer.stemmer), snowballstemmer.stemmer
"""
    + ANSWER
    + """
json.dump([answer(q) for q in json.load(sys.stdin)], sys.stdout)
"""
)


def _answer(question: str) -> list:
    namespace: dict = {}
    exec(ANSWER, namespace)
    return json.loads(json.dumps(namespace["answer"](question)))  # as the other process's answers read back


def test_the_native_path_is_the_one_this_process_uses() -> None:
    assert vocabulary.FAST_EDITS  # so the comparison below compares two different paths


def test_ask_without_rapidfuzz_and_pystemmer_answers_every_players_question_the_same(tmp_path: Path) -> None:
    questions = _questions()
    assert len(questions) >= 400
    env = {**os.environ, "RULEBOOK_CACHE_DIR": str(tmp_path)}  # no lexicon cached by the native path
    done = subprocess.run(
        [sys.executable, "-c", PURE],
        input=json.dumps(questions),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    pure = json.loads(done.stdout)
    native = [_answer(q) for q in questions]
    differ = [(q, n, p) for q, n, p in zip(questions, native, pure, strict=True) if n != p]
    assert not differ, differ[:3]
    # The typos were read as typos (corrected), so the edit distance was exercised.
    assert all(a[0] != "refused" for a in native[-len(TYPOS) :])


@pytest.mark.parametrize(
    ("a", "b", "most"),
    [
        ("fortfy", "fortify", 2),
        ("fotrify", "fortify", 2),
        ("ab", "ba", 1),
        ("abc", "ca", 3),
        ("", "abc", 3),
        ("spell", "spel", 0),
        ("kitten", "sitting", 3),
        ("cancelled", "canceled", 2),
        ("enchant", "misenchant", 2),
    ],
)
def test_pure_edit_distances_equal_rapidfuzz(a: str, b: str, most: int) -> None:
    from rapidfuzz.distance import OSA, Levenshtein

    for swaps, scorer in ((True, OSA), (False, Levenshtein)):
        expected = scorer.distance(a, b)
        assert vocabulary.edits(a, b, most, swaps=swaps) == min(expected, most + 1), (a, b, swaps)
