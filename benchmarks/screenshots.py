"""Screenshots of the rules site as a player sees it, taken in headless Chromium.

Builds the site (`mkdocs build --strict`), serves it on localhost, and photographs the home page, every
game page, a rules-reference chapter, the card pages and a FAQ, each at the top and further down where the
figures and transcripts are, into PNG files: at a desktop's width and at a phone's (390 px, laid out as a
phone's browser lays it out). Look at them: the point is what a person sees.

    python benchmarks/screenshots.py [--out DIR] [--widths 1280,390] [--height 900]

Needs Debian's `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`) and
`selenium` (a test dependency). Prints one line per screenshot: the file, the page, its height and its width
(a page wider than the window scrolls sideways).
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]

#: (file name, page path, where on the page): "top", or the id of an element to scroll to.
SHOTS = [
    ("home", "", "top"),
    ("clash", "games/clash/", "top"),
    ("clash-figure", "games/clash/", "the-documents-example-game-replayed"),
    ("clash-solver", "games/clash-solver/", "the-value-of-the-game"),
    ("elestrals", "games/elestrals/", "top"),
    ("elestrals-chain", "games/elestrals-chain/", "top"),
    ("elestrals-cards-zones", "games/elestrals-cards/", "zones"),
    ("elementals", "games/elementals/", "top"),
    ("elementals-layouts", "games/elementals/", "setup-the-three-layouts"),
    ("elementals-solver", "games/elementals-solver/", "top"),
    ("spellfire", "games/spellfire/", "the-formation"),
    ("spellfire-attack", "games/spellfire/", "allies-against-a-protected-realm"),
    ("elephants", "games/elephants/", "top"),
    ("elephants-round", "games/elephants/", "the-table-and-a-round"),
    ("elephants-spells", "games/elephants/", "the-spells"),
    ("reference-clash", "reference/clash/", "top"),
    ("reference-clash-tie", "reference/clash/attacks/", "clash.attack.tie"),
    ("reference-elephants-spells", "reference/elephants/spells/", "top"),
    ("cards-elephants", "cards/elephants/", "clap"),
    ("cards-elementals", "cards/elementals/", "top"),
    ("cards-clash", "cards/clash/", "top"),
    ("faq-elestrals", "faq/elestrals/", "top"),
    ("changelog", "changelog/", "top"),
    ("verify", "verify/", "from-the-command-line-rulebook-verify"),
    ("cli", "cli/clash/", "rulebook-clash-attack"),
]
PHONE = 390  # below this many pixels a page is laid out as on a phone (Chromium's mobile emulation)


def build(site: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    subprocess.run(command, cwd=ROOT, check=True, env=env, capture_output=True)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # one line per request is noise here
        pass


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser(width: int, height: int):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in [*FLAGS, f"--window-size={width},{height}"]:
        options.add_argument(flag)
    if width <= PHONE:
        metrics = {"width": width, "height": height, "pixelRatio": 1.0}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"), options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--widths", default="1280,390", help="window widths in pixels, comma-separated")
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    missing = [name for name in ("chromium", "chromedriver") if not shutil.which(name)]
    if missing:
        sys.exit(f"screenshots need {' and '.join(missing)}: apt-get install -y chromium chromium-driver")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site)
        server, url = serve(site)
        try:
            for width in widths:
                shoot(url, width, args.height, args.out)
        finally:
            server.shutdown()


def shoot(url: str, width: int, height: int, out: Path) -> None:
    """Every screenshot of SHOTS at one window width, as NAME-WIDTH.png."""
    driver = browser(width, height)
    try:
        for name, page, where in SHOTS:
            driver.get(url + page)
            if where != "top":
                driver.execute_script(
                    "const e = document.getElementById(arguments[0]); if (e) e.scrollIntoView();", where
                )
            path = out / f"{name}-{width}.png"
            driver.save_screenshot(str(path))
            tall, wide = driver.execute_script(
                "return [document.documentElement.scrollHeight, document.documentElement.scrollWidth]"
            )
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f"{shown}  {page or '/'}#{where}  (page {tall} px tall, {wide} px wide)")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
