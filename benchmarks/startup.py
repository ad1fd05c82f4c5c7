"""Cold-start times: a `rulebook` query against a bare Typer app, and `import rulebook` against `pass`.

Each command runs as a fresh process, interleaved with its baseline, many times; the report gives the
median and the ratio of medians. Run from the repository with the project installed:

    python benchmarks/startup.py [--runs N]

Goals: a CLI query at most 1.15 times a bare Typer app; `import rulebook` close to a bare interpreter.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each command (default 30)")
    args = parser.parse_args()
    prepare()
    print(f"{args.runs} runs each, interleaved; medians in milliseconds")
    for label, (cmd, base, base_label) in PAIRS.items():
        a, b = cold_medians(cmd, args.runs, base)
        print(f"{label}: {a:.1f} ms; {base_label}: {b:.1f} ms; ratio {a / b:.3f}")


if __name__ == "__main__":
    main()
