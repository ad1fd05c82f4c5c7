"""Screenshots of the rules site as a player sees it, taken in headless Chromium.

Builds the site (`mkdocs build --strict`), serves it on localhost, and photographs the home page, every
game page and a rules-reference page, each at the top and further down where the figures and
transcripts are, into PNG files. Look at them: the point is what a person sees.

    python benchmarks/screenshots.py [--out DIR] [--width 1280] [--height 900]

Needs Debian's `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`) and
`selenium` (a test dependency). Prints one line per screenshot: the file, the page, and its height.
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
    ("elestrals-cards-zones", "games/elestrals-cards/", "zones"),
    ("elementals", "games/elementals/", "setup-the-three-layouts"),
    ("spellfire", "games/spellfire/", "the-formation"),
    ("spellfire-attack", "games/spellfire/", "allies-against-a-protected-realm"),
    ("elephants", "games/elephants/", "top"),
    ("reference-clash", "reference/clash/", "clash.attack.tie"),
    ("verify", "verify/", "from-the-command-line-rulebook-verify"),
    ("api", "api/", "rulebook.protocol"),
    ("cli", "cli/", "rulebook-clash-attack"),
]


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
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"), options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    missing = [name for name in ("chromium", "chromedriver") if not shutil.which(name)]
    if missing:
        sys.exit(f"screenshots need {' and '.join(missing)}: apt-get install -y chromium chromium-driver")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site)
        server, url = serve(site)
        driver = browser(args.width, args.height)
        try:
            for name, page, where in SHOTS:
                driver.get(url + page)
                if where != "top":
                    driver.execute_script(
                        "const e = document.getElementById(arguments[0]); if (e) e.scrollIntoView();", where
                    )
                path = args.out / f"{name}.png"
                driver.save_screenshot(str(path))
                height = driver.execute_script("return document.body.scrollHeight")
                print(
                    f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}  {page or '/'}#{where}  "
                    f"(page {height} px tall)"
                )
        finally:
            driver.quit()
            server.shutdown()


if __name__ == "__main__":
    main()
