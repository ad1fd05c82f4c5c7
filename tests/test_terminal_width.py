"""`rulebook ask` in a real 60-column terminal: every line fits, and no word is split across two lines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    "An Elestral with 3 Attack attacks an Elestral with 3 Attack. What happens?",
    "Does Fortify save Earth on a tie?",
    "In what order do spells resolve?",
]


def _in_terminal(args: list[str], columns: int) -> str:
    """What a command prints in a pseudo-terminal ``columns`` wide (no COLUMNS in the environment)."""
    pty = pytest.importorskip("pty")
    import fcntl
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", NO_COLOR="1")
    code = "import sys; from cli.main import run; sys.argv = ['rulebook', *sys.argv[1:]]; run()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args], stdin=follower, stdout=follower, stderr=follower, cwd=ROOT, env=env
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


@pytest.mark.parametrize("question", QUESTIONS)
def test_ask_in_a_60_column_terminal_fits_and_splits_no_word(question: str) -> None:
    narrow = _in_terminal(["ask", question], 60)
    wide = _in_terminal(["ask", question], 200)
    lines = narrow.rstrip("\n").splitlines()
    assert len(lines) > len(wide.rstrip("\n").splitlines()), "the answer was not wrapped to the narrow terminal"
    assert max(len(line) for line in lines) <= 60, narrow
    # The same words in the same order as in a wide terminal: wrapping only moved words, never cut one.
    assert _words(narrow) == _words(wide)


@pytest.mark.parametrize(
    "args",
    [
        ["clash", "attack", "earth", "air+"],
        ["compare", "gale-defends"],
        ["rule", "clash.attack.tie"],
        ["elephants", "order", "P1:stupefy", "P2:nightglow", "P1:root", "P2:slumber", "--ringleader", "P2"],
    ],
)
def test_other_commands_in_a_60_column_terminal_split_no_word(args: list[str]) -> None:
    narrow = _in_terminal(args, 60)
    wide = _in_terminal(args, 200)
    verdict = narrow.splitlines()[0]
    assert len(verdict) <= 60, narrow
    assert _words(narrow) == _words(wide)


def test_a_long_verdict_stays_one_line_when_piped() -> None:
    # Scripts and the site's transcripts read a verdict as one line; only a narrow terminal wraps it.
    env = {**os.environ, "COLUMNS": "60"}
    code = "import sys; from cli.main import run; sys.argv = ['rulebook', 'clash', 'attack', 'earth', 'air+']; run()"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    ).stdout
    assert out.splitlines()[0] == "illegal: P2's Air cannot use Gale when defending: it is used only when attacking"
