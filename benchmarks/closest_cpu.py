"""The CPU `rulebook.errors.closest` takes inside a pytest run of some test files, and a wide check that its
suggestions are difflib's own.

    python benchmarks/closest_cpu.py tests/test_protocol.py tests/test_elephants_game.py
    python benchmarks/closest_cpu.py --check 40000

The first prints the run's CPU in all, the CPU spent in ``closest`` (its cache's misses: what it computes) and the
number of those calls. The second compares `difflib.get_close_matches` over every name with the same over the
names `rulebook.errors._within_reach` keeps, on random names and on mistyped rule IDs, and prints the differences.
"""

from __future__ import annotations

import difflib
import functools
import random
import string
import sys
import time


def measure(files: list[str]) -> None:
    import pytest

    from rulebook import errors

    spent, calls = [0.0], [0]
    computed = errors._closest.__wrapped__

    def timed(*args):
        start = time.process_time()
        try:
            return computed(*args)
        finally:
            spent[0] += time.process_time() - start
            calls[0] += 1

    errors._closest = functools.lru_cache(maxsize=256)(timed)
    start = time.process_time()
    pytest.main(["-p", "no:cacheprovider", "-q", *files])
    print(f"total cpu {time.process_time() - start:.2f} s, closest cpu {spent[0]:.3f} s, calls {calls[0]}")


def check(trials: int) -> None:
    import rulebook
    from rulebook.errors import _within_reach

    rng = random.Random(7)
    words = sorted({part for g in rulebook.games() for r in rulebook.rules(g.id) for part in (r.id, *r.id.split("."))})
    differences = 0
    for trial in range(trials):
        if trial % 2:
            names = list(dict.fromkeys("".join(rng.choices("abcde fgh", k=rng.randint(0, 12))) for _ in range(30)))
            word = "".join(rng.choices("abcde fgh", k=rng.randint(0, 12)))
        else:
            names = rng.sample(words, rng.choice([3, 5, 10, 30]))
            letters = list(rng.choice(words))
            for _ in range(rng.randint(0, 4)):
                at = min(rng.randint(0, len(letters)), max(len(letters) - 1, 0))
                kind = rng.randint(0, 2)
                if kind == 0 or not letters:
                    letters.insert(at, rng.choice(string.ascii_lowercase))
                elif kind == 1:
                    del letters[at]
                else:
                    letters[at] = rng.choice(string.ascii_lowercase)
            word = "".join(letters)
        n, cutoff = rng.choice([1, 2, 3]), rng.choice([0.6, 0.6, 0.0, 0.5, 0.75, 0.8, 1.0])
        kept = _within_reach(word, names, cutoff)
        if difflib.get_close_matches(word, kept, n, cutoff) != difflib.get_close_matches(word, names, n, cutoff):
            differences += 1
            print("differs:", word, names, n, cutoff)
    print(f"checked {trials}, differences {differences}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check"]:
        check(int(sys.argv[2]))
    else:
        measure(sys.argv[1:])
