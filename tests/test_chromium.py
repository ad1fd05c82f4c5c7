"""The site tests' browser (tests/chromium.py): one that stops answering fails the test that waits for it, and every
later command at once, instead of each waiting minutes for it.

Needs Debian's chromium and chromium-driver and selenium, as the other site tests do.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from chromium import BrowserGone, close, descendants, require, shared

require("the browser's own test")


def _renderers(driver) -> list[int]:
    """The browser's page processes."""
    found = []
    for pid in descendants(driver.service.process.pid):
        try:
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def test_a_browser_that_stops_answering_fails_once_then_at_once() -> None:
    driver = shared()
    stopped: list[int] = []
    try:
        driver.get("data:text/html,<p>a page")
        assert driver.execute_script("return document.querySelector('p').textContent") == "a page"
        driver.command_executor.client_config.timeout = 5  # selenium's 120 s, shortened for this test
        stopped = _renderers(driver)
        assert stopped, "no page process found"
        for pid in stopped:  # the page stops running: the browser cannot answer for it
            os.kill(pid, signal.SIGSTOP)
        with pytest.raises(BrowserGone, match=r"did not answer .*Read timed out"):
            driver.execute_script("return 1")
        # Every later command fails without being sent: no second wait.
        with pytest.raises(BrowserGone, match=r"stopped answering earlier .*'getTitle' not sent"):
            driver.title  # noqa: B018
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
        close(driver)
    assert driver.service.process.poll() is not None, "the driver was left running"
