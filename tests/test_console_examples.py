"""The `$ rulebook ...` sessions shown in the README and on the site print what the command prints.

A block's expected output may end early with a line `...`: the rest of the output is not compared.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _sessions() -> list[tuple[str, str, list[str]]]:
    found = []
    for page in PAGES:
        for block in re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL):
            command, expected = None, []
            for line in [*block.splitlines(), "$ "]:
                if line.startswith("$ "):
                    # Usage synopses (`$ rulebook rules [OPTIONS] GAME`) are not sessions.
                    if command and command.startswith("rulebook ") and "[OPTIONS]" not in command:
                        found.append((page.name, command, expected))
                    command, expected = line[2:], []
                else:
                    expected.append(line)
    return found


SESSIONS = _sessions()


def test_there_are_console_examples_to_check() -> None:
    assert len(SESSIONS) >= 3


@pytest.mark.parametrize(("page", "command", "expected"), SESSIONS, ids=[f"{p}: {c}" for p, c, _ in SESSIONS])
def test_console_example_matches_the_real_output(page: str, command: str, expected: list[str]) -> None:
    while expected and not expected[-1].strip():
        expected.pop()
    result = CliRunner().invoke(app, shlex.split(command)[1:])
    actual = result.stdout.splitlines()
    if "..." in expected:
        cut = expected.index("...")
        assert actual[:cut] == expected[:cut]
    else:
        assert actual == expected
