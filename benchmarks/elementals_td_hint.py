"""The Elementals hint with its made-up games played out by the player learned by self-play
(``benchmarks/elementals_td.py``) in place of the planner, on development deals (seeds 10,001 and up).

Run from the repository with the project installed (every option after the weights is
``elementals_hint_oracle.py``'s, e.g. ``--give all`` for the hint told everything):

    python benchmarks/elementals_td_hint.py WEIGHTS.npz --give none --first 10001 --deals 300 \
        --variant td-NAME --log FILE

Only the hint's play-outs change (``hint._rollout``: the turn's line played in the made-up game, then the rest
of that game by the learned player); the plans it weighs, the plan it keeps unless beaten and its work bound
are the hint's own. The made-up games are dealt by the hint from what a player sees; the learned player reads
only the game it is given. Pair the rows with ``elementals_hint_pair.py --file``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

try:
    import numpy as np
except ImportError:  # not a dependency of the project: only these benchmarks use it
    sys.exit("elementals_td: needs numpy, which the project does not install (pip install numpy)")

from rulebook.elementals import ElementalsState, fast
from rulebook.elementals import hint as hints

sys.path.insert(0, str(Path(__file__).parent))
import elementals_hint_oracle
import elementals_td


def main() -> None:
    weights = sys.argv.pop(1)
    data = np.load(weights)
    learner = elementals_td.Learner(data["w"].astype(np.float64), prior=bool(data["prior"]),
                                      top=int(data["top"]) if "top" in data else 0)
    planner_rollout = hints._rollout

    def rollout(sample: ElementalsState, line: tuple[Any, ...]) -> tuple[bool, int]:
        after = sample
        for action in line:
            after = after.apply(action)
        if not fast.supported(after):
            return planner_rollout(sample, line)
        return elementals_td.play(learner, after)

    hints._rollout = rollout  # type: ignore[assignment]
    elementals_hint_oracle.main()


if __name__ == "__main__":
    main()
