"""Search and ask latency: in process (warm), and from a cold CLI beside a bare Typer app.

    python benchmarks/search.py [--runs N]

In process, every question of the players' development half (tests/data/players-dev.toml) is asked
and searched, many times on a warm index; the median and the 95th percentile are reported (goal for
`ask`: p95 at most 10 ms). Cold, each `rulebook search` / `rulebook ask` runs as a fresh process,
interleaved with the bare Typer app (goal: at most 1.2 times its time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import RULEBOOK, cold_medians, prepare  # noqa: E402

QUESTIONS = [
    "What happens when Fire uses Blaze against Water with Surge?",
    "so spirits are the mana in this game?",
    "what is the meaning of life",
]


def warm(runs: int) -> None:
    import tomllib

    from rulebook.ask import ask
    from rulebook.search import search

    dev = HERE.parent / "tests" / "data" / "players-dev.toml"
    items = [q["text"] for q in tomllib.loads(dev.read_text(encoding="utf-8"))["question"]]
    search("warm up"), ask("warm up")
    for label, fn in (("search", search), ("ask", ask)):
        times = []
        for _ in range(runs):
            for item in items:
                start = time.perf_counter()
                fn(item)
                times.append(time.perf_counter() - start)
        times.sort()
        median, p95 = statistics.median(times) * 1000, times[int(len(times) * 0.95)] * 1000
        print(f"in process, {label}: median {median:.2f} ms, p95 {p95:.2f} ms over {len(times)} questions")


def cold(runs: int) -> None:
    for label, cmd in (
        ("rulebook search 'fortify tie'", [RULEBOOK, "search", "fortify tie"]),
        ("rulebook ask '...Blaze against Water with Surge?'", [RULEBOOK, "ask", QUESTIONS[0]]),
        ("rulebook ask 'so spirits are the mana in this game?'", [RULEBOOK, "ask", QUESTIONS[1]]),
        ("rulebook ask 'what is the meaning of life'", [RULEBOOK, "ask", QUESTIONS[2]]),
    ):
        a, b = cold_medians(cmd, runs)
        print(f"cold CLI, {label}: {a:.1f} ms; bare Typer app: {b:.1f} ms; ratio {a / b:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each measurement (default 20)")
    args = parser.parse_args()
    prepare()
    warm(args.runs)
    cold(args.runs)


if __name__ == "__main__":
    main()
