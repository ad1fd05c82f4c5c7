"""Shared fixtures: the site built once per test run (shared by the xdist workers), and work counted in steps."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


#: How long the site's build may take, in seconds: a guard against a hang, not a measure of speed (it takes under a
#: minute on a loaded machine). A build past it fails the site's tests, and a process waiting for another's build
#: waits that long and a little more at most.
BUILD_LIMIT = 1200


def _build_site(site: Path) -> dict:
    """Run `mkdocs build --strict` into ``site``: its exit status and the end of what it printed on stderr."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    try:
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env, timeout=BUILD_LIMIT)
    except subprocess.TimeoutExpired as stopped:
        said = stopped.stderr.decode(errors="replace") if isinstance(stopped.stderr, bytes) else stopped.stderr or ""
        return {"returncode": -1, "stderr": f"the site's build was stopped after {BUILD_LIMIT} s: {said[-2500:]}"}
    return {"returncode": result.returncode, "stderr": result.stderr[-3000:]}


def _build_shared(shared: Path) -> dict:
    """The site built once into ``shared / "site"`` under the run's file lock, or the outcome of that build."""
    from filelock import FileLock

    site, outcome = shared / "site", shared / "site-build.json"
    try:
        with FileLock(str(shared / "site-build.lock"), timeout=BUILD_LIMIT + 120):
            return _build_once(site, outcome)
    except TimeoutError:  # filelock's Timeout is one
        return {"returncode": -1, "stderr": f"another test process held the site's build lock past {BUILD_LIMIT} s"}


def _build_once(site: Path, outcome: Path) -> dict:
    """Under the lock: the outcome of the run's build, building the site first if no process has."""
    if outcome.is_file():
        return json.loads(outcome.read_text(encoding="utf-8"))
    result = _build_site(site)
    written = outcome.with_suffix(".part")
    written.write_text(json.dumps(result), encoding="utf-8")
    written.replace(outcome)
    return result


#: The background site build this process started, if any.
_BACKGROUND: list[subprocess.Popen] = []


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under pytest-xdist, when the run holds tests of the built site, start building it at once, beside the
    other tests, instead of when its first test comes (late in the run, where one worker would build for half a
    minute while the other waits for it). The first worker here starts one background process that builds the
    site under the run's file lock (as `built_site` does); if `built_site` gets the lock first, it builds the
    site itself and the background process finds the build done. Not under xdist, nothing changes."""
    shared = _shared_folder(session.config)
    if shared is None or not any("built_site" in getattr(item, "fixturenames", ()) for item in session.items):
        return
    try:
        os.close(os.open(shared / "site-build.started", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return  # another worker started it
    script = "import sys; from pathlib import Path; import conftest; conftest._build_shared(Path(sys.argv[1]))"
    _BACKGROUND.append(
        subprocess.Popen(
            [sys.executable, "-c", script, str(shared)],
            cwd=Path(__file__).parent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)},
            start_new_session=True,  # its own process group, so that stopping it stops mkdocs too
        )
    )


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A background build still running when the run ends (stopped early, say) is stopped, not left behind."""
    for process in _BACKGROUND:
        if process.poll() is None:
            if hasattr(os, "killpg"):
                os.killpg(process.pid, signal.SIGTERM)
            else:
                process.terminate()
            process.wait()


def _shared_folder(config: pytest.Config) -> Path | None:
    """The run's own temporary folder, which holds every xdist worker's (``None`` when not under xdist)."""
    factory = getattr(config, "_tmp_path_factory", None)
    if not os.environ.get("PYTEST_XDIST_WORKER") or factory is None:
        return None
    return factory.getbasetemp().parent


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built with `mkdocs build --strict` into a temporary folder; fails the tests on any warning.

    Built once per test run: under pytest-xdist every worker's temporary folder is inside the run's own, so
    the site is built there once under a file lock (started early, see ``pytest_collection_finish``), and every
    worker waits for that build and reads the same folder (or reports the same failure).
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # not under xdist: this process is the only one
        site = tmp_path_factory.mktemp("site")
        result = _build_site(site)
    else:
        shared = tmp_path_factory.getbasetemp().parent
        site, result = shared / "site", _build_shared(shared)
    assert result["returncode"] == 0, result["stderr"]
    return site


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[Any]:
    """The built site served on a local port for the browser tests of one file (a `chromium.Site`)."""
    from chromium import Site

    served = Site(built_site)
    yield served
    served.stop()


@pytest.fixture(scope="session")
def shared_browser() -> Iterator[Any]:
    """The one headless Chromium of this test process (`chromium.shared`), for every site test file in it: each
    file's ``browser`` fixture borrows it (`chromium.borrowed`) instead of starting a browser of its own."""
    from chromium import close, shared

    driver = shared()
    yield driver
    close(driver)


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
