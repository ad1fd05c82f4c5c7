"""A test process that dies in the middle of `pytest -n` (killed, out of memory) fails its test and the run ends.

The run below is a small one of its own (files of passing tests and one test that kills its process the first
time it runs), with the project's scheduler (tests/xdist_scheduling.py, as conftest.py registers it for every run).
With pytest-xdist's own scheduler this run waits forever once the worker has died.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PASSING = "def test_one():\n    pass\n\n\ndef test_two():\n    pass\n"
#: The test that kills its own process, once (a marker file beside it says it has): the middle of three.
DIES = """import os
import signal
from pathlib import Path


def test_before():
    pass


def test_dies():
    mark = Path(__file__).with_name("died")
    if not mark.exists():
        mark.touch()
        os.kill(os.getpid(), signal.SIGKILL)


def test_after():
    pass
"""


def test_a_worker_that_dies_fails_its_test_and_every_other_test_still_runs(tmp_path: Path) -> None:
    for n in range(8):
        (tmp_path / f"test_{n}.py").write_text(PASSING, encoding="utf-8")
    (tmp_path / "test_8.py").write_text(DIES, encoding="utf-8")
    (tmp_path / "test_9.py").write_text("def test_alone():\n    pass\n", encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    # Only the plugins the run needs (the installed ones' start, hypothesis's above all, is most of its CPU).
    command = [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-p", "xdist_scheduling", "-p", "no:cacheprovider"]
    command += ["-n", "2", "--dist", "loadfile", "--no-loadscope-reorder", "-q", "-c", str(tmp_path / "pytest.ini")]
    command += [str(tmp_path)]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env |= {"PYTHONPATH": str(TESTS), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    try:
        done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as stopped:
        pytest.fail(f"the run had not ended 300 s after its worker died: {str(stopped.stdout)[-500:]}")
    assert (tmp_path / "died").exists(), done.stdout[-2000:]
    assert done.returncode == 1, done.stdout[-2000:]
    assert "crashed while running 'test_8.py::test_dies'" in done.stdout, done.stdout[-2000:]
    # Every other test ran once: the rest of its file after it, and the files the dead worker had not started.
    assert "1 failed, 19 passed" in done.stdout, done.stdout[-2000:]
