"""Headless Chromium for the site's tests: Debian's chromium and chromium-driver, driven by selenium.

One place for what every browser test needs: whether the browser is here (skipped without it, except under CI,
where a missing browser fails), the flags that keep it off the network, the built site served from 127.0.0.1, a
driver at a given window width, and the one browser a test process starts for all its site tests (`shared`, lent
to each file by `borrowed`).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
try:
    import selenium
except ImportError:  # pragma: no cover - depends on the machine
    selenium = None

#: As root, with no other network than the site's: no sandbox, no GPU, and no background requests of its own.
#: Nor work no test looks at: no back-forward cache (a page left is closed, not kept alive beside the next; no test
#: goes back), no paint holding, translation, optimisation hints or extensions. The layout pass over every page
#: (tests/test_site_layout.py) measures exactly the same with and without these, for about a quarter less CPU.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-renderer-backgrounding",
    "--disable-features=BackForwardCache,PaintHolding,Translate,OptimizationHints",
]


def require(what: str) -> None:
    """Skip the calling test module when the browser is missing (fail under CI, which installs it)."""
    found = (("chromium", CHROMIUM), ("chromedriver", DRIVER), ("selenium", selenium))
    missing = [name for name, here in found if not here]
    if missing and not os.environ.get("CI"):
        pytest.skip(f"{what} needs {', '.join(missing)}", allow_module_level=True)


class _Quiet(SimpleHTTPRequestHandler):
    #: Files served with other contents: URL path -> bytes, or None for a file not served (404) (set per `Site`).
    replaced: ClassVar[dict[str, bytes | None]] = {}

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self):  # the base class's own signature
        path = self.path.split("?")[0].split("#")[0]
        if path not in self.replaced:
            return super().send_head()
        body = self.replaced[path]
        if body is None:
            self.send_error(404)
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(self.path.split("?")[0]))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class Site:
    """A folder served on 127.0.0.1 from a thread; ``stop`` closes it (the browser is then offline for it).

    ``replaced`` serves some files (by URL path, "/search/search_index.json") with other contents, or not at all
    (None: a 404, as if the file were missing).
    """

    def __init__(self, folder: Path, replaced: dict[str, bytes | None] | None = None) -> None:
        handler = type("Handler", (_Quiet,), {"replaced": dict(replaced or {})})
        self.handler = functools.partial(handler, directory=str(folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def start_again(self) -> None:
        """Serve again on the same address after `stop` (the same origin: what the browser kept still applies)."""
        self.server = ThreadingHTTPServer(self.server.server_address, self.handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def chrome(
    width: int = 1280,
    height: int = 900,
    *,
    flags: tuple[str, ...] = (),
    capabilities: dict[str, Any] | None = None,
    experimental: dict[str, Any] | None = None,
) -> Any:
    """A headless Chromium driver with a window of this size (the caller quits it)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [*FLAGS, *flags, f"--window-size={width},{height}"]:
        options.add_argument(flag)
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    for name, value in (experimental or {}).items():
        options.add_experimental_option(name, value)
    return _guarded(webdriver.Chrome(service=Service(DRIVER), options=options))


class BrowserGone(Exception):
    """The browser stopped answering (a command unanswered in selenium's 120 s, a dead browser, driver or tab)."""


#: What chromedriver says when the browser behind it is gone or stuck (the tab, the renderer, the browser).
GONE = ("tab crashed", "disconnected", "not reachable", "session deleted", "invalid session id", "from renderer")


def _guarded(driver: Any) -> Any:
    """``driver``, whose commands all fail at once, naming the first failure, once the browser has stopped answering.

    Each command waits for the browser's answer for at most 120 s (selenium's limit for Chromium), and a read
    command was sent again three times more; a stuck page (a renderer that no longer runs) made every later command
    wait that long too, so a test process's remaining site tests took minutes each. After the first command that
    got no answer, or a dead browser, driver or tab, every later command (the other tests', the fixtures' cleanup)
    raises `BrowserGone` at once; `close` then ends the browser's processes without asking it.
    """
    import urllib3
    from selenium.common.exceptions import WebDriverException

    # No second try: urllib3 sends a read command (GET) that got no answer three times more, so 8 minutes a command.
    executor = driver.command_executor
    executor._client_config.init_args_for_pool_manager = {"init_args_for_pool_manager": {"retries": False}}
    executor._conn = executor._get_connection_manager()
    real = driver.execute
    driver.gone = None

    def execute(command: str, params: dict | None = None) -> Any:
        if driver.gone is not None:
            raise BrowserGone(f"the browser stopped answering earlier ({driver.gone}); {command!r} not sent")
        try:
            return real(command, params)
        except (urllib3.exceptions.HTTPError, OSError) as err:  # no answer in time, or no driver to answer
            driver.gone = f"{command!r}: {type(err).__name__}: {str(err)[:200]}"
            raise BrowserGone(f"the browser did not answer {command!r}: {str(err)[:300]}") from err
        except WebDriverException as err:
            if any(words in str(err.msg or "") for words in GONE):
                driver.gone = f"{command!r}: {str(err.msg)[:200]}"
            raise

    driver.execute = execute
    return driver


def close(driver: Any) -> None:
    """Quit ``driver`` and its browser; a browser that stopped answering (`BrowserGone`) is ended without asking it."""
    if getattr(driver, "gone", None) is None:
        driver.quit()
        return
    import signal

    for pid in descendants(driver.service.process.pid):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    driver.service.stop()


def descendants(root: int) -> list[int]:
    """The ids of every process descending from ``root`` (Linux's /proc; none elsewhere), the deepest last."""
    parents: dict[int, int] = {}
    for name in os.listdir("/proc") if os.path.isdir("/proc") else ():
        with contextlib.suppress(OSError, ValueError, IndexError):
            if name.isdigit():
                parents[int(name)] = int(Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()[1])
    found, frontier = [], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier and pid not in found]
        found += frontier
    return found


#: A phone's and a desktop's window widths, in CSS pixels.
PHONE, DESKTOP = 390, 1280
#: How a phone's browser lays out a page: a 390 x 844 screen at one device pixel a CSS pixel, as a mobile browser
#: (a viewport meta tag is obeyed) with touch (the CSS of `pointer: coarse`); what chromedriver's mobileEmulation
#: with these deviceMetrics sets.
PHONE_METRICS = {"width": PHONE, "height": 844, "deviceScaleFactor": 1.0, "mobile": True}


#: What the shared browser logs: every request of its pages and workers (the performance log) and the console.
LOGS = {"goog:loggingPrefs": {"performance": "ALL", "browser": "ALL"}}


def shared() -> Any:
    """The browser of every site test of a test process: a desktop's window (``DESKTOP`` x 900 px, no scrollbars),
    switched between a phone and a desktop by `emulate`, with `LOGS`. The caller quits it.

    One page load serves both widths: the page is laid out again at the other width, not loaded again. Started
    once per process (each start and quit costs the machine about a second of CPU), each test file has it through
    `borrowed`, which leaves it as a fresh one would be for that file.
    """
    return chrome(DESKTOP, 900, flags=("--hide-scrollbars",), capabilities=LOGS)


@contextlib.contextmanager
def borrowed(driver: Any, site: str) -> Iterator[Any]:
    """``driver`` for the tests of one file, whose site is served at ``site``: on its first tab, on a blank page
    at the desktop's width, with nothing blocked and no log left from an earlier file. Afterwards the site is
    forgotten (its storage, service worker, kept files and the HTTP cache), so that a later file whose server
    happens to get the same address starts on that site as a fresh browser would."""
    for handle in driver.window_handles[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])
    driver.get("about:blank")
    emulate(driver, DESKTOP)
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    for log in ("performance", "browser"):
        driver.get_log(log)  # read, so emptied: the file's own log starts here
    try:
        yield driver
    finally:
        if getattr(driver, "gone", None) is None:  # a browser that stopped answering has nothing to forget
            _forget(driver, site)


def _forget(driver: Any, site: str) -> None:
    """Back to one blank tab, with what the browser kept for ``site`` forgotten (see `borrowed`)."""
    for handle in driver.window_handles[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])
    driver.get("about:blank")
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": site.rstrip("/"), "storageTypes": "all"})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


def emulate(driver: Any, width: int) -> None:
    """Lay out the driver's pages as on a phone (``PHONE``: `PHONE_METRICS`, touch) or as on its desktop window."""
    if width == PHONE:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE_METRICS)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def empty_search_index(site: Path) -> bytes:
    """The site's search index with its settings and no page: the theme's search starts as usual, on nothing.

    Served to the tests that do not search (the layout pass, the ask box), whose every page load would otherwise
    index the whole site again in the theme's search worker (about half a second of the browser's CPU a load);
    tests/test_site_search.py searches the real index."""
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return json.dumps({**index, "docs": []}).encode()


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under the site's root ("" for the home page)."""
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return ["" if p == "." else p + "/" for p in pages if not p.startswith(("assets", "search", "figures"))]
