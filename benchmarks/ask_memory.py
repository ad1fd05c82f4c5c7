"""Memory of a process that answers many questions: the site's engine over a long visit, a test run, a fuzzer.

One process asks questions of 2,000 characters of made-up words (every word one no record holds), then the
players' questions of tests/data, and prints its resident memory as it goes, beside what it held after the first
question (the baseline, in the same process). Run from the repository with the project installed:

    python benchmarks/ask_memory.py [--noise 300] [--real 8000]

What `ask` keeps between questions is bounded: the words the vocabulary holds, and at most
``rulebook.lexicon_store.MISSES_KEPT`` words it does not (typos, names, noise) per lookup table. Before that bound,
the memory grew by about 0.3 MB a question of noise (21 -> 119 MB over 300 of them); with it, it stays flat once the
tables are full.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def resident_mb() -> float:
    """This process's resident memory, in MB (Linux's /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def noise(rng: random.Random) -> str:
    """A question of made-up words, just under `ask`'s 2,000 characters."""
    made_up = ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9))) for _ in range(400))
    return " ".join(made_up)[:1990]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--noise", type=int, default=300, help="questions of made-up words (default 300)")
    parser.add_argument("--real", type=int, default=8000, help="players' questions after them (default 8000)")
    args = parser.parse_args()

    from rulebook.ask import ask

    texts = []
    for path in sorted((ROOT / "tests" / "data").glob("players-*.toml")):
        texts += [q["text"] for q in tomllib.loads(path.read_text(encoding="utf-8"))["question"]]
    ask("who attacks first in spellfire")
    base = resident_mb()
    print(f"after one question: {base:.0f} MB (the baseline)")
    rng = random.Random(2)
    for n in range(1, args.noise + 1):
        ask(noise(rng))
        if n % 50 == 0 or n == args.noise:
            print(f"{n} questions of noise: {resident_mb():.0f} MB ({resident_mb() - base:+.0f} MB)")
    started = time.process_time()
    for n, text in enumerate(texts[: args.real], 1):
        ask(text)
        if n % 2000 == 0 or n == min(args.real, len(texts)):
            print(f"{n} players' questions: {resident_mb():.0f} MB ({resident_mb() - base:+.0f} MB)")
    print(f"players' questions: {time.process_time() - started:.1f} s of CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
