"""Search and ask latency: in process (warm), and from a cold CLI beside a bare Typer app.

    python benchmarks/search.py [--runs N]

In process, each query runs many times on a warm index and the median is reported. Cold, each
`rulebook search` / `rulebook ask` runs as a fresh process, interleaved with the bare Typer app.
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

QUERIES = ["fortify tie", "clash.attack.tie", "who wins when both players lose their last element"]
QUESTIONS = ["What happens when Fire uses Blaze against Water with Surge?", "Does a revived element keep its ability?"]


def warm(runs: int) -> None:
    from rulebook.ask import ask
    from rulebook.search import search

    search("warm up"), ask("warm up")
    for label, fn, items in (("search", search, QUERIES), ("ask", ask, QUESTIONS)):
        times = []
        for _ in range(runs):
            for item in items:
                start = time.perf_counter()
                fn(item)
                times.append(time.perf_counter() - start)
        print(f"in process, {label}: median {statistics.median(times) * 1000:.2f} ms over {len(times)} queries")


def cold(runs: int) -> None:
    for label, cmd in (
        ("rulebook search 'fortify tie'", [RULEBOOK, "search", "fortify tie"]),
        ("rulebook ask '...Blaze against Water with Surge?'", [RULEBOOK, "ask", QUESTIONS[0]]),
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
