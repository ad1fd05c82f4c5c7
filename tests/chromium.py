"""Headless Chromium for the site's tests: Debian's chromium and chromium-driver, driven by selenium.

One place for what every browser test needs: whether the browser is here (skipped without it, except under CI,
where a missing browser fails), the flags that keep it off the network, the built site served from 127.0.0.1, and
a driver at a given window width.
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import threading
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
    #: Files served with other contents: URL path -> bytes (set per `Site`).
    replaced: ClassVar[dict[str, bytes]] = {}

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self):  # the base class's own signature
        body = self.replaced.get(self.path.split("?")[0].split("#")[0])
        if body is None:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(self.path.split("?")[0]))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class Site:
    """A folder served on 127.0.0.1 from a thread; ``stop`` closes it (the browser is then offline for it).

    ``replaced`` serves some files (by URL path, "/search/search_index.json") with other contents.
    """

    def __init__(self, folder: Path, replaced: dict[str, bytes] | None = None) -> None:
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
    return webdriver.Chrome(service=Service(DRIVER), options=options)


#: A phone's and a desktop's window widths, in CSS pixels.
PHONE, DESKTOP = 390, 1280
#: How a phone's browser lays out a page: a 390 x 844 screen at one device pixel a CSS pixel, as a mobile browser
#: (a viewport meta tag is obeyed) with touch (the CSS of `pointer: coarse`); what chromedriver's mobileEmulation
#: with these deviceMetrics sets.
PHONE_METRICS = {"width": PHONE, "height": 844, "deviceScaleFactor": 1.0, "mobile": True}


def two_widths() -> Any:
    """A driver with a desktop's window (``DESKTOP`` x 900 px), switched between a phone and a desktop by `emulate`.

    One page load serves both widths: the page is laid out again at the other width, not loaded again.
    """
    return chrome(DESKTOP, 900, flags=("--hide-scrollbars",))


def emulate(driver: Any, width: int) -> None:
    """Lay out the driver's pages as on a phone (``PHONE``: `PHONE_METRICS`, touch) or as on its desktop window."""
    if width == PHONE:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE_METRICS)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under the site's root ("" for the home page)."""
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return ["" if p == "." else p + "/" for p in pages if not p.startswith(("assets", "search", "figures"))]
