"""The test command's wall time on N workers, replayed from a `pytest --timeline FILE` run.

`pytest -n auto` hands out whole files (``--dist loadfile``) in the order conftest.py gives them (``LONG_FIRST``,
then the others by their number of tests): a worker gets one file to start, and one more each time a test of its
ends with two tests or fewer still to run on it (pytest-xdist's loadscope scheduler). A long file handed out late
runs on alone while the other worker idles: the tail. This replays that schedule with each test's cost taken from
the timeline, and reports when each worker would finish, the idle tail, and the same for the files ordered
longest first (a candidate ``LONG_FIRST``).

    python benchmarks/schedule.py /tmp/tl.txt [--workers 2] [--cost wall|cpu] [--top 20] [--build 30] \
        [--browser tests/test_site_layout.py=43.6 --browser tests/test_site_ask.py=34 ...]

``--cost wall`` (the default) takes each test's own wall time in that run, so a loaded run gives a loaded
estimate (the tail's share is what to read); ``--cost cpu`` takes its CPU (its own and its children's), a quiet
machine's figure for a test that only computes, but blind to the browser's CPU (Chromium's processes are nobody's
children: see the timeline's census line) and to waits. Under ``--cost cpu``, ``--browser FILE=SECONDS`` adds the
browser's CPU a site file takes (measured apart: benchmarks/site_browser_cpu.py, or the census), spread over its
tests by their wall time; ``--build SECONDS`` holds a worker's first site test until the site is built (it is built
once, beside the tests); and a test whose CPU is far above its wall time (a worker's last test, which reaps its
browser's processes at the session's end: their CPU is the browser's, not the test's) counts its wall time.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent


def read(path: Path, cost: str, browser: dict[str, float] | None = None) -> tuple[dict[str, list[float]], dict | None]:
    """Each file's tests' costs in the order they ran, and the census line (or None); ``browser``: see the top."""
    files: dict[str, list[float]] = collections.defaultdict(list)
    walls: dict[str, list[float]] = collections.defaultdict(list)
    census = None
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    for row in sorted((r for r in rows if r["worker"] != "census"), key=lambda r: r["start"]):
        wall = max(row["end"] - row["start"], 0.0)
        seconds = row["cpu"] if cost == "cpu" and row["cpu"] <= 5 * wall + 1 else wall  # (a reaped browser: wall)
        files[row["test"].split("::")[0]].append(max(seconds, 0.0))
        walls[row["test"].split("::")[0]].append(wall)
    for name, extra in (browser or {}).items() if cost == "cpu" else ():
        share = sum(walls[name]) or 1.0
        files[name] = [c + extra * w / share for c, w in zip(files[name], walls[name], strict=True)]
    census = next((r for r in rows if r["worker"] == "census"), None)
    return dict(files), census


def conftest_order(files: dict[str, list[float]]) -> list[str]:
    """The files in the order conftest.py hands them out (its ``_schedule`` on one stand-in test per test run)."""
    sys.path.insert(0, str(ROOT))
    import conftest

    items = [SimpleNamespace(nodeid=f"{name}::{n}") for name, costs in files.items() for n in range(len(costs))]
    conftest._schedule(items)
    return list(dict.fromkeys(item.nodeid.split("::")[0] for item in items))


def replay(
    order: list[str], files: dict[str, list[float]], workers: int, build: float = 0.0
) -> list[tuple[float, list[str]]]:
    """Each worker's finish time and files, handing out ``order`` as pytest-xdist's loadscope scheduler does (and
    tests/xdist_scheduling.py: two tests ahead); a site file's first test on a worker waits for ``build`` seconds."""
    queue = collections.deque(order)
    pending: list[collections.deque] = [collections.deque() for _ in range(workers)]
    given: list[list[str]] = [[] for _ in range(workers)]
    clock = [0.0] * workers

    def assign(w: int) -> None:
        name = queue.popleft()
        given[w].append(name)
        pending[w].extend(files[name])

    for w in range(workers):
        if queue:
            assign(w)
    for w in range(workers):
        while queue and len(pending[w]) < 2:
            assign(w)
    site = {name for name in order if name.startswith("tests/test_site")}
    while any(pending):
        w = min((w for w in range(workers) if pending[w]), key=lambda w: clock[w] + pending[w][0])
        if given[w] and clock[w] < build and any(name in site for name in given[w]):
            clock[w] = build  # (an approximation: the worker's first file being a site file, as conftest.py orders)
        clock[w] += pending[w].popleft()
        if queue and len(pending[w]) <= 2:
            assign(w)
        while queue and len(pending[w]) < 2:
            assign(w)
    return list(zip(clock, given, strict=True))


def report(title: str, done: list[tuple[float, list[str]]]) -> None:
    finish = [t for t, _ in done]
    ends = ", ".join(f"{t:.0f} s" for t in finish)
    print(f"{title}: workers finish at {ends}; tail {max(finish) - min(finish):.0f} s")
    for t, names in done:
        print(f"  {t:6.0f} s  last files: {', '.join(names[-3:])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("timeline", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cost", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--top", type=int, default=20, help="how many of the costliest files to list")
    parser.add_argument("--build", type=float, default=0.0, help="seconds before a worker's first site test starts")
    parser.add_argument("--browser", action="append", default=[], metavar="FILE=SECONDS", help="(--cost cpu)")
    args = parser.parse_args()
    browser = {name: float(seconds) for name, _, seconds in (b.rpartition("=") for b in args.browser)}
    files, census = read(args.timeline, args.cost, browser)
    total = sum(sum(c) for c in files.values())
    print(f"{sum(len(c) for c in files.values())} tests in {len(files)} files, {total:.0f} s of test {args.cost}")
    if census:
        print(f"census: {census['cpu']:.0f} s of CPU in {census['processes']} processes: {census['cpu_by_command']}")
        # Every process the run started, the browser's included (which `time` mostly misses: Chromium's processes
        # are not waited for by the tests): no schedule on this many cores ends sooner.
        print(f"the wall's floor on {args.workers} cores: {census['cpu'] / args.workers:.0f} s (the census's CPU)")
    print(f"perfect balance on {args.workers} workers: {total / args.workers:.0f} s")
    ranked = sorted(files, key=lambda name: -sum(files[name]))
    for name in ranked[: args.top]:
        print(f"  {sum(files[name]):7.1f} s  {len(files[name]):4d} tests  {name}")
    report("as conftest.py orders the files", replay(conftest_order(files), files, args.workers, args.build))
    report("longest file first", replay(ranked, files, args.workers, args.build))


if __name__ == "__main__":
    main()
