"""Cold-start times: a `rulebook` query against a bare Typer app, and `import rulebook` against `pass`.

Each command runs as a fresh process, interleaved with its baseline, many times; the report gives the
median and the ratio of medians. Run from the repository with the project installed:

    python benchmarks/startup.py [--runs N]
    python benchmarks/startup.py --instructions [--runs N]

Goals: a CLI query at most 1.15 times a bare Typer app; `import rulebook` close to a bare interpreter.

Wall-clock time on a busy machine (other jobs sharing its cores) is noise. ``--instructions`` counts instead
the instructions each command executes, under ``valgrind --tool=cachegrind --cache-sim=no`` with
``PYTHONHASHSEED=0``, in this same session, and reports the ratio of counts: the count does not depend on the
machine's load, so one run each (the default in this mode) gives the same ratios to about 0.1%. It needs
``valgrind`` on the ``PATH`` and takes some seconds per command (the program runs about 50 times slower).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable
RULEBOOK = shutil.which("rulebook", path=str(Path(PY).parent)) or shutil.which("rulebook")
#: The baseline: a bare Typer app with one command.
BARE = [PY, str(HERE / "bare_typer.py"), "x"]

PAIRS = {
    "CLI query (rulebook clash attack fire+ water+)": (
        [RULEBOOK, "clash", "attack", "fire+", "water+"],
        BARE,
        "bare Typer app",
    ),
    "CLI query, JSON (rulebook clash replay LOG --json)": (
        [RULEBOOK, "clash", "replay", str(HERE.parent / "examples" / "clash" / "short-game.log"), "--json"],
        BARE,
        "bare Typer app",
    ),
    "CLI listing, JSON (rulebook games --json)": ([RULEBOOK, "games", "--json"], BARE, "bare Typer app"),
    "CLI question (rulebook ask ...)": (
        [RULEBOOK, "ask", "Does Fortify save Earth on a tie?"],
        BARE,
        "bare Typer app",
    ),
    "import rulebook": ([PY, "-c", "import rulebook"], [PY, "-c", "pass"], "python -c pass"),
}


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def prepare() -> None:
    """Check the `rulebook` command is installed, and byte-compile the project.

    A regular `pip install` byte-compiles; an editable one leaves it to the first run, which
    PYTHONDONTWRITEBYTECODE=1 would prevent, timing the compiler instead of the command.
    """
    if RULEBOOK is None:
        sys.exit("benchmarks: the `rulebook` command is not installed; run `pip install -e .` first")
    root = HERE.parent
    subprocess.run([PY, "-m", "compileall", "-q", str(root / "rulebook"), str(root / "cli")], check=True)


def cold_medians(cmd: list[str], runs: int, base: list[str] = BARE) -> tuple[float, float]:
    """Median milliseconds of ``cmd`` and of ``base``, each a fresh process, run interleaved."""
    _time(cmd), _time(base)  # warm the file cache
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(_time(cmd))
        theirs.append(_time(base))
    return statistics.median(ours) * 1000, statistics.median(theirs) * 1000


_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(cmd: list[str]) -> int:
    """The instructions one fresh run of ``cmd`` executes, counted by valgrind's cachegrind (no cache simulation)."""
    if cmd[0] == RULEBOOK:  # run the entry script with the interpreter, so that valgrind counts Python itself
        cmd = [PY, *cmd]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *cmd],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    found = _REFS.search(run.stderr)
    if found is None:
        sys.exit(f"benchmarks: valgrind printed no instruction count for {cmd}")
    return int(found.group(1).replace(",", ""))


def instruction_medians(cmd: list[str], runs: int, counted: dict[tuple[str, ...], float]) -> float:
    """Median millions of instructions of ``cmd`` over ``runs`` runs, remembered in ``counted`` (a baseline is
    counted once for all the commands compared with it)."""
    key = tuple(cmd)
    if key not in counted:
        counted[key] = statistics.median(instructions(cmd) for _ in range(runs)) / 1e6
    return counted[key]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, help="runs of each command (default 30; 1 with --instructions)")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under valgrind instead of timing"
    )
    args = parser.parse_args()
    prepare()
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("benchmarks: --instructions needs valgrind on the PATH")
        runs = args.runs or 1
        for cmd, base, _ in PAIRS.values():  # warm the file cache and the program's own caches
            _time(cmd), _time(base)
        print(f"instructions counted under valgrind (PYTHONHASHSEED=0), millions; median of {runs} run(s)")
        counted: dict[tuple[str, ...], float] = {}
        for label, (cmd, base, base_label) in PAIRS.items():
            a, b = instruction_medians(cmd, runs, counted), instruction_medians(base, runs, counted)
            print(f"{label}: {a:.1f} M; {base_label}: {b:.1f} M; ratio {a / b:.3f}", flush=True)
        return
    runs = args.runs or 30
    print(f"{runs} runs each, interleaved; medians in milliseconds")
    for label, (cmd, base, base_label) in PAIRS.items():
        a, b = cold_medians(cmd, runs, base)
        print(f"{label}: {a:.1f} ms; {base_label}: {b:.1f} ms; ratio {a / b:.3f}")


if __name__ == "__main__":
    main()
