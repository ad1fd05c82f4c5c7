"""The rules site in the browser: page weight, and how soon the ask box answers, beside the CLI's cold `ask`.

    python benchmarks/site.py [--site DIR] [--questions N] [--runs N]

Builds the site (unless ``--site`` names a built one) and serves it from 127.0.0.1. Reports:

- page weight: a page's own files (HTML, CSS, JavaScript, the rule map), and what the ask box loads once (Pyodide's
  runtime and standard library, the wheels, the examples), as stored and as gzip would send them;
- in one headless Chromium run, a cold load (a fresh profile: nothing cached): the time from the page's
  navigation to the first answer shown in the ask box, the question typed as the page opens, with the worker's
  phases; then the median and 95th percentile of later answers (the players' development questions, from
  submitting to the answer shown); then the second page of the visit (another page opened in the same tab): its
  navigation to its first answer, and whether it found the engine started (one Python per visit, a SharedWorker);
  then a second visit (the browser closed and opened again on the same profile: files and the rules' cache kept,
  no engine running): navigation to answer;
- beside them, in the same run, `rulebook ask` as a fresh process (median of ``--runs``), and the ratio of a
  later answer in the page to it. Goal: a later answer within 300 ms.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from startup import RULEBOOK, cold_medians, prepare  # noqa: E402

FIRST = "does fortify save earth on a tie"
GOAL_MS = 300
ANSWER = """
const [question, done] = [arguments[0], arguments[arguments.length - 1]];
const box = document.getElementById('rulebook-ask'), answer = document.getElementById('rulebook-answer');
const start = performance.now();
box.value = question;
box.form.requestSubmit();
const check = () => answer.dataset.question === question && answer.dataset.done
  ? done([start, performance.now()]) : setTimeout(check, 2);
check();
"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build() -> Path:
    site = Path(tempfile.mkdtemp(prefix="rulebook-site-"))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)]
    subprocess.run(command, cwd=ROOT, check=True, env=env)
    return site


def _size(paths: list[Path]) -> tuple[int, int]:
    raw = sum(p.stat().st_size for p in paths)
    packed = sum(len(gzip.compress(p.read_bytes(), 6)) for p in paths)
    return raw, packed


def weight(site: Path) -> None:
    page = [site / "games" / "clash" / "index.html", site / "rulebook-rules.json", site / "rulebook-sw.js"]
    page += list((site / "assets").rglob("*.css")) + list((site / "stylesheets").glob("*.css"))
    page += [p for p in (site / "assets" / "javascripts").glob("*.js")] + list((site / "javascripts").glob("*.js"))
    engine = [p for p in (site / "py").rglob("*") if p.is_file()]
    whole = [p for p in site.rglob("*") if p.is_file()]
    for label, paths in (
        ("a page (Elemental Clash) with its CSS and JS", page),
        ("the ask box's engine, py/", engine),
        ("the whole built site", whole),
    ):
        raw, packed = _size(paths)
        print(f"  {label}: {raw / 1e6:.2f} MB ({packed / 1e6:.2f} MB gzipped), {len(paths)} files")


def _driver(profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    flags = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1280,900")
    for flag in (*flags, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(600)
    return driver


def _visit(driver, url: str) -> tuple[float, dict]:
    """Open the page and ask at once: milliseconds from navigation to the answer shown, and what the engine says of
    its start (``phases``; ``shared`` and ``connections`` where the site shares one engine between its pages)."""
    driver.get(url)
    _, shown = driver.execute_async_script(ANSWER, FIRST)
    return shown, driver.execute_script("return window.rulebookEngine.loaded")


def _engine(loaded: dict) -> str:
    if "connections" not in loaded:
        return "its own engine (one per page)"
    found = "found it started" if loaded["connections"] > 1 else "started it"
    return f"{'shared' if loaded['shared'] else 'dedicated'} engine, {found}"


def browser_run(site: Path, count: int) -> tuple[float, float, float, float, float]:
    """Cold first answer, later answers' median and p95, second page's and second visit's first answer (ms)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    url, other = base + "games/clash/", base + "games/elestrals/"
    dev = tomllib.loads((ROOT / "tests" / "data" / "players-dev.toml").read_text(encoding="utf-8"))["question"]
    questions = [q["text"] for q in dev][:count]
    profile = Path(tempfile.mkdtemp(prefix="rulebook-profile-"))
    driver = _driver(profile)
    try:
        cold, loaded = _visit(driver, url)
        phases = loaded["phases"]
        print(f"  cold load, navigation to the first answer: {cold / 1000:.1f} s (worker phases, ms: {phases})")
        later = []
        for question in questions:
            start, end = driver.execute_async_script(ANSWER, question)
            later.append(end - start)
        later.sort()
        median, p95 = statistics.median(later), later[int(len(later) * 0.95)]
        print(f"  later answers ({len(later)} questions): median {median:.0f} ms, p95 {p95:.0f} ms (goal {GOAL_MS} ms)")
        page, loaded = _visit(driver, other)
        print(f"  second page of the visit, navigation to its first answer: {page / 1000:.2f} s ({_engine(loaded)})")
    finally:
        driver.quit()
    driver = _driver(profile)
    try:
        again, loaded = _visit(driver, url)
        print(f"  second visit, navigation to the first answer: {again / 1000:.1f} s (phases, ms: {loaded['phases']})")
    finally:
        driver.quit()
        server.shutdown()
    return cold, median, p95, page, again


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--questions", type=int, default=60, help="later questions asked (default 60)")
    parser.add_argument("--runs", type=int, default=10, help="cold CLI runs (default 10)")
    args = parser.parse_args()
    prepare()
    site = args.site or build()
    print("page weight")
    weight(site)
    print("in headless Chromium, one run")
    cold, median, _, page, again = browser_run(site, args.questions)
    cli, _ = cold_medians([RULEBOOK, "ask", FIRST], args.runs)
    print(f"beside the CLI: a cold `rulebook ask` takes {cli:.0f} ms (median of {args.runs})")
    print(
        f"  a later answer in the page: {median / cli:.2f}x a cold CLI ask; the first on a cold load: "
        f"{cold / cli:.0f}x; on the second page of a visit: {page / cli:.1f}x; on a second visit: {again / cli:.0f}x"
    )


if __name__ == "__main__":
    main()
