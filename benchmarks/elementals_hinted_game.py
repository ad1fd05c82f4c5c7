"""Write ``examples/elementals/hinted-game.txt`` and ``hinted-game.log``: a game of ``rulebook elementals
play`` in which the player asks for a hint at the start of each plan and plays the plan's moves.

Run from the repository with the project installed:

    python benchmarks/elementals_hinted_game.py [--seed 11] [--layout 1]

The moves are found here by asking the same hint the game asks (the hint depends only on what the player
sees, so it is the same), then typed into ``rulebook elementals play``, whose screen is saved with each
typed line shown after its ``> `` prompt.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from rulebook import elementals
from rulebook.elementals.hint import hint

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elementals"


def typed_lines(seed: int, layout: int) -> tuple[list[str], list[str], elementals.ElementalsState]:
    """What the player types (``hint``, then the plan's moves, again and again), the moves alone, and the end."""
    state = elementals.new_game(seed=seed, layout=layout)
    typed: list[str] = []
    moves: list[str] = []
    plan: list = []
    while not state.is_terminal():
        if not plan:
            typed.append("hint")
            plan = list(hint(state).plan)
        action = plan.pop(0)
        typed.append(str(action))
        moves.append(str(action))
        state = state.apply(action)
    return typed, moves, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--layout", type=int, default=1)
    args = parser.parse_args()
    typed, moves, end = typed_lines(args.seed, args.layout)
    name = elementals.LAYOUTS[args.layout].name
    command = ["rulebook", "elementals", "play", "--seed", str(args.seed), "--layout", str(args.layout)]
    program = str(Path(sys.executable).parent / "rulebook")
    given = "\n".join(typed) + "\n"
    screen = subprocess.run([program, *command[1:]], input=given, capture_output=True, text=True, check=True).stdout
    pieces = re.split(r"(?m)^> ", screen)
    out = pieces[0]
    for line, piece in zip(typed, pieces[1:], strict=False):
        out += f"> {line}\n{piece}"
    result = f"it wins with {end.damage} damage" if end.won() else (
        f"it loses, with {end.defeated} of 12 elementals defeated and {end.damage} damage"
    )
    head = (
        f"# A game of Elementals played by following the hint, as `{' '.join(command)}` shows it.\n"
        "# The player asks for a hint at the start of each plan (\"hint\"), then plays the plan's moves as the hint\n"
        "# lists them (\"this turn: ... then ...\"), and asks again when the plan ends (a new draw, or a card\n"
        "# turned face up). The typed lines follow the \"> \" prompts. The move log is hinted-game.log:\n"
        "# `rulebook elementals replay examples/elementals/hinted-game.log --check` checks it.\n\n"
    )
    (EXAMPLES / "hinted-game.txt").write_text(head + out, encoding="utf-8")
    log = [
        f"# The game of seed {args.seed} ({name}) played by following the hint (see hinted-game.txt); {result}.",
        f"seed {args.seed}",
        f"layout {args.layout}",
        *moves,
    ]
    (EXAMPLES / "hinted-game.log").write_text("\n".join(log) + "\n", encoding="utf-8")
    print(f"seed {args.seed}: {result}; {len(moves)} moves, {typed.count('hint')} hints")


if __name__ == "__main__":
    main()
