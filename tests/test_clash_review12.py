"""Review 12's Elemental Clash finding: a note must not read as the opposite of the ruling it explains
(benchmarks/results/review12-clash.md)."""

from __future__ import annotations

import json
from pathlib import Path

from game_cli import answers

from cli.output import notes_for

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

rulebook = answers("clash")


def test_a_note_names_the_other_reading_chosen_with_an_option() -> None:
    # C2: under revive-restores-ability=yes the note still said "A revived element's spent ability stays spent".
    log = str(EXAMPLES / "review12" / "clash-reblaze.log")
    out = rulebook("replay", log, "-o", "revive-restores-ability=yes")
    assert out.startswith("legal: 5 turns, game not over (P2 to move)")
    assert (
        "interpretation clash.interp.revived-ability: A revived element's spent ability stays spent (here option "
        "revive-restores-ability=yes: the revived element comes back with its ability unused)"
    ) in out
    # the default reading is not said twice
    assert "here option" not in rulebook("replay", log, code=0)
    # C13: the same for gale-defends, and in the JSON notes
    data = json.loads(rulebook("attack", "air+", "air+", "-o", "gale-defends=yes", "--json"))
    (gale,) = [n for n in data["notes"] if n["id"] == "clash.interp.gale-defends"]
    assert gale["choice"].startswith("here option gale-defends=yes: Air may also use Gale when it defends")
    assert notes_for(["clash.interp.gale-defends"], {"gale-defends": "no"})[0].get("choice") is None


def test_a_whole_game_and_its_series_score() -> None:
    # C4-C6: the game replayed to its end, scored, and carried into a series.
    full = str(EXAMPLES / "review12" / "clash-full-p2.log")
    assert rulebook("replay", full).startswith("legal: 11 turns, P2 wins, 5 points")
    series = rulebook("replay", full, str(EXAMPLES / "clash" / "short-game.log"), full)
    assert "series of 3 games: P1 5 points, P2 10 points" in series
    assert rulebook("position", "--log", full).startswith("game over: P2 wins, 5 points")
