"""The CPU a command and every process it starts take, Chromium's included, counted by a control group (Linux).

``time`` counts only the processes that were waited for, and the census of ``pytest --timeline`` polls ``/proc``
every 0.3 s (a process that lives less is missed). A control group counts every process started inside it,
however short-lived and whoever its parent, to the nanosecond: the figure to compare the test command by.

    python benchmarks/cpu_total.py -- .venv/bin/pytest -n auto

Needs root and the cgroup v1 ``cpuacct`` controller or cgroup v2 mounted under ``/sys/fs/cgroup``; prints the wall
time, the total CPU and its user and system parts, and exits with the command's exit code.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

V1 = Path("/sys/fs/cgroup/cpuacct")
V2 = Path("/sys/fs/cgroup/unified") if Path("/sys/fs/cgroup/unified/cgroup.procs").exists() else Path("/sys/fs/cgroup")


def _group() -> tuple[Path, str]:
    """A fresh control group for this run, and its version ("v1" or "v2")."""
    name = f"rulebook-cpu-total-{os.getpid()}"
    if (V1 / "cpuacct.usage").exists():
        folder, version = V1 / name, "v1"
    elif (V2 / "cgroup.controllers").exists():
        folder, version = V2 / name, "v2"
    else:
        sys.exit("cpu_total: no cgroup cpuacct (v1) or cgroup v2 mounted under /sys/fs/cgroup")
    try:
        folder.mkdir()
    except OSError as err:
        sys.exit(f"cpu_total: cannot make a control group ({err}); run as root")
    return folder, version


def _usage(folder: Path, version: str) -> tuple[float, float, float]:
    """Total, user and system CPU seconds of every process that ran in the group."""
    if version == "v1":
        ticks = dict(line.split() for line in (folder / "cpuacct.stat").read_text().splitlines())
        hz = os.sysconf("SC_CLK_TCK")
        total = int((folder / "cpuacct.usage").read_text()) / 1e9
        return total, int(ticks["user"]) / hz, int(ticks["system"]) / hz
    stat = dict(line.split() for line in (folder / "cpu.stat").read_text().splitlines())
    return int(stat["usage_usec"]) / 1e6, int(stat["user_usec"]) / 1e6, int(stat["system_usec"]) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to run, after --")
    words = [w for w in parser.parse_args().command if w != "--"] or sys.exit("cpu_total: no command given")
    folder, version = _group()
    start = time.monotonic()
    try:
        done = subprocess.run(words, preexec_fn=lambda: (folder / "cgroup.procs").write_text(str(os.getpid())))
        wall = time.monotonic() - start
        total, user, system = _usage(folder, version)
    finally:
        with contextlib.suppress(OSError):  # a process still in it (none should be) keeps the group
            folder.rmdir()
    print(f"wall {wall:.1f} s, cpu {total:.1f} s (user {user:.1f} s, system {system:.1f} s): {' '.join(words)}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
