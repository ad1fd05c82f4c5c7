"""CPU a run of the CLI in-process: through `cli.testing.run` (the console script's entry) and the tests' runner.

    python benchmarks/inprocess_runs.py     (from the checkout's folder)

Prints the CPU of one run of `rulebook clash attack earth water` each way, after a first run of each (which builds
what is kept). The tests' runner is tests/kept_cli.py where it exists, else Typer's own (`typer.testing.CliRunner`).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path("tests").resolve()))  # the checkout run from: its own tests/ helpers

from cli.main import app
from cli.testing import run

try:
    from kept_cli import CliRunner

    KIND = "kept_cli.CliRunner"
except ImportError:
    from typer.testing import CliRunner

    KIND = "typer.testing.CliRunner"

ARGS = ["clash", "attack", "earth", "water"]


def main() -> None:
    runner = CliRunner()
    run(ARGS), runner.invoke(app, ARGS)
    ways = (("cli.testing.run", lambda: run(ARGS), 300), (KIND, lambda: runner.invoke(app, ARGS), 60))
    for name, call, count in ways:
        start = time.process_time()
        for _ in range(count):
            call()
        spent = (time.process_time() - start) / count * 1000
        print(f"{name}: {spent:.2f} ms of CPU a run ({count} runs of rulebook {' '.join(ARGS)})")


if __name__ == "__main__":
    main()
