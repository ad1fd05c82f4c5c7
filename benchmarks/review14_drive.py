"""Play a terminal game of `rulebook` to its end by answering every prompt with the first option it lists.

Review 14 used it to play a whole Elemental Elephants game from the terminal, save it and read it back:

    python benchmarks/review14_drive.py .venv/bin/rulebook elephants play --players 3 --seat 2 --bot random \\
        --seed 4 -o turbulence-condition=this-spell --save examples/review14/elephants-seat2.log

The command's output is read a character at a time; at each prompt ("> ") the first numbered option shown since the
last prompt is typed ("quit" when none is shown). The last 3,000 characters of the session are printed.
"""

from __future__ import annotations

import re
import subprocess
import sys

OPTION = re.compile(r"(?:^|\s)(\d+)\) ")


def main(command: list[str]) -> int:
    """Run ``command``, answer its prompts, print the end of the session; its exit code."""
    play = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=0
    )
    assert play.stdin is not None and play.stdout is not None
    since, session = "", []
    while ch := play.stdout.read(1):
        since += ch
        session.append(ch)
        if since.endswith("> "):
            shown = OPTION.findall(since)
            play.stdin.write((shown[0] if shown else "quit") + "\n")
            play.stdin.flush()
            since = ""
    play.wait()
    print("".join(session)[-3000:])
    return play.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
