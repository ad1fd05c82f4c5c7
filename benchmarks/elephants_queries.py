"""Elemental Elephants speed: a CLI query's cold start against a bare Typer app, and rulings per second.

Run from the repository with the project installed:

    python benchmarks/elephants_queries.py [--runs N]

Goal: an elephants query starts no slower than a Clash query (at most 1.15 times a bare Typer app).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable
RULEBOOK = shutil.which("rulebook", path=str(Path(PY).parent)) or shutil.which("rulebook")
QUERY = ["elephants", "order", "P1:stupefy", "P2:break", "P1:accelerator", "P3:clap", "--clash", "2"]


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _boards(n: int) -> list:
    from rulebook import elephants

    rng = random.Random(1)
    names = list(elephants.SPELLS)
    boards = []
    for _ in range(n):
        players = rng.randint(2, 4)
        tokens = [f"P{p}:{name}" for p in range(1, players + 1) for name in rng.sample(names, rng.randint(1, 4))]
        boards.append(elephants.board(tokens, clash=rng.randint(1, 4), players=players))
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="cold starts of each command (default 20)")
    args = parser.parse_args()
    if RULEBOOK is None:
        sys.exit("benchmarks: the `rulebook` command is not installed; run `pip install -e .` first")
    root = HERE.parent
    subprocess.run([PY, "-m", "compileall", "-q", str(root / "rulebook"), str(root / "cli")], check=True)
    ours_cmd, base_cmd = [RULEBOOK, *QUERY], [PY, str(HERE / "bare_typer.py"), "x"]
    _time(ours_cmd), _time(base_cmd)
    ours, base = [], []
    for _ in range(args.runs):
        ours.append(_time(ours_cmd))
        base.append(_time(base_cmd))
    mo, mb = statistics.median(ours) * 1000, statistics.median(base) * 1000
    print(f"rulebook {' '.join(QUERY[:2])} ...: {mo:.0f} ms; bare Typer app: {mb:.0f} ms; ratio {mo / mb:.2f}")

    from rulebook import elephants

    boards = _boards(2000)
    start = time.perf_counter()
    for b in boards:
        elephants.order(b)
        for s in b.spells:
            elephants.can_advance(b, s.ref)
    took = time.perf_counter() - start
    count = len(boards) + sum(len(b.spells) for b in boards)
    print(f"{count} rulings (order, can_advance) in {took * 1000:.0f} ms: {count / took:,.0f} rulings per second")


if __name__ == "__main__":
    main()
