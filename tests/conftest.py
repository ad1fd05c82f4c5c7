"""Shared fixtures: the site built once per test run (shared by the xdist workers), and work counted in steps."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _build_site(site: Path) -> dict:
    """Run `mkdocs build --strict` into ``site``: its exit status and the end of what it printed on stderr."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return {"returncode": result.returncode, "stderr": result.stderr[-3000:]}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built with `mkdocs build --strict` into a temporary folder; fails the tests on any warning.

    Built once per test run: under pytest-xdist every worker's temporary folder is inside the run's own, so
    the first worker to need the site builds it there under a file lock, and the others wait for that build
    and read the same folder (or report the same failure) instead of building the site again.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # not under xdist: this process is the only one
        site = tmp_path_factory.mktemp("site")
        result = _build_site(site)
    else:
        from filelock import FileLock

        shared = tmp_path_factory.getbasetemp().parent
        site, outcome = shared / "site", shared / "site-build.json"
        with FileLock(str(shared / "site-build.lock")):
            if outcome.is_file():
                result = json.loads(outcome.read_text(encoding="utf-8"))
            else:
                result = _build_site(site)
                outcome.write_text(json.dumps(result), encoding="utf-8")
    assert result["returncode"] == 0, result["stderr"]
    return site


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[Any]:
    """The built site served on a local port for the browser tests of one file (a `chromium.Site`)."""
    from chromium import Site

    served = Site(built_site)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def site_url(server: Any) -> str:
    """The served site's address, ending in a slash."""
    return server.url


class TooManySteps(BaseException):
    """Raised inside the code under test past its budget of lines (a BaseException: no `except Exception` hides it)."""


def count_steps(budget: int, fn, *args, **kwargs) -> int:
    """Run ``fn(*args, **kwargs)`` counting the lines of the project's own code (``rulebook/``, ``cli/``) it runs.

    The work of a reader is bounded this way, never by the clock: a line count does not depend on how busy the
    machine is. Past ``budget`` lines the run stops at once with `TooManySteps` (a runaway fails fast). Exceptions
    of ``fn`` propagate as usual; the count so far is in the exception's ``steps`` attribute when it is ours.
    """
    roots = (str(ROOT / "rulebook"), str(ROOT / "cli"))
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if count > budget:
                raise TooManySteps(f"more than {budget:,} lines of rulebook code run")
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(roots) else None

    sys.settrace(tracer)
    try:
        fn(*args, **kwargs)
    finally:
        sys.settrace(None)
    return count


@pytest.fixture
def steps():
    """`count_steps`: how many lines of rulebook code a call runs, failing past a budget (bounds work, not time)."""
    return count_steps


def linear_work(fn, text: str, per_char: int, small: int = 2_000) -> int:
    """Check that ``fn`` (given text) does work linear in the text's length, and return the lines it ran on it.

    ``fn`` is run on the first ``small`` characters and on twice as many (each within ``per_char`` lines of
    rulebook code a character): twice the text may cost at most 2.2 times the lines, so that a reader that
    rescans the text per word (quadratic) fails however fast the machine. Exceptions of ``fn`` are the caller's
    to suppress (wrap it).
    """
    half = count_steps(per_char * small + 1_000, fn, text[:small])
    full = count_steps(per_char * 2 * small + 1_000, fn, text[: 2 * small])
    assert full <= 2.2 * half + 1_000, f"twice the text ran {full:,} lines against {half:,}: more than linear"
    return full


@pytest.fixture
def linear():
    """`linear_work`: a call's work checked linear in its text's length, counted in lines of rulebook code."""
    return linear_work
