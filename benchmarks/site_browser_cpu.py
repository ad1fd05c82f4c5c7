"""Where the site tests' browser spends its CPU: per Chromium process type and thread, for one kind of work.

The tests' own figures miss Chromium (nobody waits for its processes); this reads the CPU of the browser's
processes and threads (Linux /proc) before and after one piece of the site tests' work, in one browser:

    python benchmarks/site_browser_cpu.py --site DIR layout [--pages N]   # the layout pass's loop (as the test)
    python benchmarks/site_browser_cpu.py --site DIR boot [--asks N]      # one engine start, then N questions
    python benchmarks/site_browser_cpu.py --site DIR loads [--index real|empty]  # the five game pages loaded

``DIR`` is a built site (``mkdocs build --strict --site-dir DIR``). ``loads`` serves the real search index or the
empty one (`chromium.empty_search_index`) and waits two seconds on each page, so the theme's search worker has
indexed it. Prints the CPU seconds of the browser's processes by type (and of its busiest threads), and the wall.
Needs Debian's chromium and chromium-driver and selenium, as the site tests do.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

import chromium  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
GAME_PAGES = ["games/elephants/", "games/elestrals/", "games/elementals/", "games/spellfire/", "games/clash/"]


def _kind(pid: int) -> str:
    """A process of the browser: renderer, gpu, utility, driver or browser."""
    words = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    for flag, name in ((b"--type=renderer", "renderer"), (b"gpu-process", "gpu"), (b"--type=utility", "utility")):
        if flag in words:
            return name
    return "driver" if b"chromedriver" in words else "browser"


def _seconds(stat: str) -> float:
    """User and system CPU seconds in a /proc stat line."""
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def threads(driver: Any) -> collections.Counter:
    """CPU seconds so far of the driver and its browser: by process type ("renderer", the threads that ended
    included) and by "type:thread name" for every live thread."""
    found: collections.Counter = collections.Counter()
    for pid in [driver.service.process.pid, *chromium.descendants(driver.service.process.pid)]:
        try:
            kind = _kind(pid)
            found[kind] += _seconds(Path(f"/proc/{pid}/stat").read_text())
            for tid in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                name = re.sub(r"\d+$", "", stat[stat.index("(") + 1 : stat.rindex(")")])
                found[f"{kind}:{name}"] += _seconds(stat)
        except OSError:  # a process or thread that ended meanwhile
            continue
    return found


def layout(driver: Any, site: Path, pages: int) -> str:
    """The layout pass's loop (tests/test_site_layout.py) over the first ``pages`` pages, its server as there."""
    import test_site_layout as pass_

    served = chromium.Site(site, replaced={"/search/search_index.json": chromium.empty_search_index(site)})
    try:
        for page in chromium.site_pages(site)[:pages]:
            driver.get("about:blank")
            chromium.emulate(driver, chromium.PHONE)
            driver.get(served.url + page)
            driver.execute_script(pass_.WIDTH_SCRIPT, chromium.PHONE)
            if '.svg"' in (site / page / "index.html").read_text(encoding="utf-8"):
                driver.execute_async_script(pass_.FIGURE_SCRIPT)
            chromium.emulate(driver, chromium.DESKTOP)
            driver.execute_script("return document.documentElement.scrollHeight")
    finally:
        served.stop()
    return f"{pages} pages"


def boot(driver: Any, site: Path, asks: int) -> str:
    """One engine start on a fresh origin (tests/test_site_ask.py's first page), then ``asks`` questions."""
    import test_site_ask as ask_tests

    served = chromium.Site(site, replaced={"/search/search_index.json": chromium.empty_search_index(site)})
    try:
        driver.get(served.url + ask_tests.FIRST_PAGE)
        ask_tests._ready(driver)
        real, off_topic = ask_tests._questions()
        for question in (real + off_topic)[:asks]:
            ask_tests._ask_in_page(driver, question)
        return f"phases {driver.execute_script('return window.rulebookEngine.loaded.phases')}"
    finally:
        served.stop()


def loads(driver: Any, site: Path, index: str) -> str:
    """The five game pages loaded in turn, two seconds each, with the real or the empty search index."""
    replaced = {"/search/search_index.json": chromium.empty_search_index(site)} if index == "empty" else {}
    served = chromium.Site(site, replaced=replaced)
    try:
        for page in GAME_PAGES:
            driver.get(served.url + page)
            time.sleep(2)
    finally:
        served.stop()
    return f"{len(GAME_PAGES)} pages, {index} index"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True, help="a built site's folder")
    parser.add_argument("work", choices=["layout", "boot", "loads"])
    parser.add_argument("--pages", type=int, default=40, help="layout: how many pages")
    parser.add_argument("--asks", type=int, default=20, help="boot: how many questions after the start")
    parser.add_argument("--index", choices=["real", "empty"], default="real", help="loads: which search index")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        parser.error(f"--site {args.site}: no built site there (index.html missing); build one with mkdocs")
    driver = chromium.shared()
    try:
        driver.get("about:blank")
        before, start = threads(driver), time.monotonic()
        if args.work == "layout":
            what = layout(driver, args.site, args.pages)
        elif args.work == "boot":
            what = boot(driver, args.site, args.asks)
        else:
            what = loads(driver, args.site, args.index)
        after, wall = threads(driver), time.monotonic() - start
    finally:
        chromium.close(driver)
    spent = {name: after[name] - before.get(name, 0.0) for name in after}
    by_kind = collections.Counter({name: seconds for name, seconds in spent.items() if ":" not in name})
    print(f"{args.work}: {what}; wall {wall:.1f} s, load average {os.getloadavg()[0]:.1f}")
    kinds = ", ".join(f"{kind} {seconds:.1f}" for kind, seconds in by_kind.most_common())
    print(f"  browser's CPU {sum(by_kind.values()):.1f} s: {kinds}")
    for name, seconds in sorted(((n, s) for n, s in spent.items() if ":" in n), key=lambda item: -item[1])[:8]:
        print(f"  {seconds:6.2f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
