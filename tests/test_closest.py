"""The suggestions of an unknown name (`rulebook.errors.closest`): difflib's own, whether or not rapidfuzz narrows
the names difflib compares first (the browser has no rapidfuzz; a refusal's "did you mean" must not differ)."""

from __future__ import annotations

import difflib
import random
import string

import pytest

import rulebook
from rulebook import errors


def _mistyped(rng: random.Random, word: str) -> str:
    letters = list(word)
    for _ in range(rng.randint(0, 4)):
        at = rng.randint(0, len(letters))
        kind = rng.randint(0, 2)
        if kind == 0:
            letters.insert(at, rng.choice(string.ascii_lowercase + " "))
        elif letters:
            at = min(at, len(letters) - 1)
            if kind == 1:
                del letters[at]
            else:
                letters[at] = rng.choice(string.ascii_lowercase)
    return "".join(letters)


def test_the_names_kept_for_difflib_lose_none_of_its_suggestions() -> None:
    rng = random.Random(1)
    words = sorted({part for g in rulebook.games() for r in rulebook.rules(g.id) for part in (r.id, *r.id.split("."))})
    narrowed = 0
    for trial in range(300):
        if trial % 2:  # short words of few letters: many ties and near misses at the cutoff
            names = list(dict.fromkeys("".join(rng.choices("abcde f", k=rng.randint(0, 10))) for _ in range(20)))
            word = "".join(rng.choices("abcde f", k=rng.randint(0, 10)))
        else:
            names = rng.sample(words, rng.choice([5, 12, 30]))
            word = _mistyped(rng, rng.choice(words))
        n, cutoff = rng.choice([1, 2, 3]), rng.choice([0.0, 0.5, 0.6, 0.6, 0.8, 1.0])
        kept = errors._within_reach(word, names, cutoff)
        narrowed += len(kept) < len(names)
        assert difflib.get_close_matches(word, kept, n, cutoff) == difflib.get_close_matches(word, names, n, cutoff)
    assert narrowed > 200  # most lists were narrowed: the check compared two different paths


def test_without_rapidfuzz_every_name_goes_to_difflib(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "rapidfuzz", None)
    names = ["blaze", "fortify", "forty"]
    assert errors._within_reach("fortfy", names, 0.6) == names
    assert errors.closest("fortfy", names, n=2) == ["fortify", "forty"]
