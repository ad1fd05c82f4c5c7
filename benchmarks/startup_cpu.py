"""Start-up of two trees compared by CPU time: a `rulebook` query and `import rulebook`, each a fresh process.

`startup.py` times wall-clock against a bare Typer app, which a busy machine (other jobs on its two cores)
makes meaningless. This compares the CPU time (user + system) the same commands take with one tree's code
and with another's, run interleaved; the bare Typer app, which is the same code on both sides, shows how
much of a difference is noise. Put both trees on the same file system (e.g. two clones under /tmp):

    python benchmarks/startup_cpu.py --before /tmp/main-clone --after /tmp/branch-clone [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable
RULEBOOK = shutil.which("rulebook", path=str(Path(PY).parent)) or shutil.which("rulebook")


def commands(tree: Path) -> dict[str, list[str]]:
    """The commands compared, with the files they read taken from ``tree``."""
    return {
        "rulebook clash attack fire+ water+": [RULEBOOK, "clash", "attack", "fire+", "water+"],
        "rulebook clash replay LOG --json": [
            RULEBOOK,
            "clash",
            "replay",
            str(tree / "examples" / "clash" / "short-game.log"),
            "--json",
        ],
        "rulebook ask QUESTION": [RULEBOOK, "ask", "Does Fortify save Earth on a tie?"],
        "rulebook ask QUESTION (computed)": [RULEBOOK, "ask", "Fire attacks Water with Blaze, who is eliminated?"],
        "import rulebook": [PY, "-c", "import rulebook"],
        "bare Typer app (the same on both sides: the noise)": [PY, str(HERE / "bare_typer.py"), "x"],
    }


def cpu_ms(command: list[str], env: dict[str, str]) -> float:
    """The CPU time, in milliseconds, that one run of ``command`` takes (user and system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd=tempfile.gettempdir())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the tree measured first (e.g. main)")
    parser.add_argument("--after", type=Path, required=True, help="the tree compared with it")
    parser.add_argument("--runs", type=int, default=30, help="runs of each command on each side (default 30)")
    args = parser.parse_args()
    if RULEBOOK is None:
        sys.exit("benchmarks: the `rulebook` command is not installed; run `pip install -e .` first")
    sides = []
    for tree in (args.before, args.after):
        subprocess.run([PY, "-m", "compileall", "-q", str(tree / "rulebook"), str(tree / "cli")], check=True)
        cache = tempfile.mkdtemp(prefix="startup-cpu-")
        sides.append({**os.environ, "PYTHONPATH": str(tree.resolve()), "RULEBOOK_CACHE_DIR": cache})
    print(f"{args.runs} runs each, interleaved; median CPU milliseconds (user + system)")
    for label, command in commands(args.after).items():
        first, second = [], []
        cpu_ms(command, sides[0]), cpu_ms(command, sides[1])  # build each side's caches
        for _ in range(args.runs):
            first.append(cpu_ms(command, sides[0]))
            second.append(cpu_ms(command, sides[1]))
        a, b = statistics.median(first), statistics.median(second)
        print(f"{label}: before {a:.1f} ms; after {b:.1f} ms; ratio {b / a:.3f}")


if __name__ == "__main__":
    main()
