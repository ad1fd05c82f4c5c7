"""Pebble Pile, a toy game that lives only in the tests: registered through its one entry, it is a game.

``ENTRY`` names everything the project needs from it (its records, scenarios, runner, engine, question
reader and cues, the words naming it, its CLI group and its figure). ``tests/test_protocol.py`` and
``tests/test_toy.py`` register it with the ``toy_game`` fixture and run the generic tests on it.
"""

from __future__ import annotations

from pathlib import Path

from rulebook import Game

HERE = Path(__file__).resolve().parent

ENTRY = Game(
    "toy",
    "Pebble Pile",
    "toy two-player game",
    "pebble-pile-rules.txt",
    "toy.engine",
    "Pebble Pile rules",
    data=str(HERE / "toy.toml"),
    scenarios=str(HERE / "scenarios.toml"),
    runner="toy.engine:run_scenario",
    ruling="toy.engine:scenario_ruling",
    new_game="toy.engine:new_game",
    questions="toy.questions",
    cues=frozenset({"pebble", "pebbles"}),
    names=("pebble pile",),
    own_words=("pebble", "pebbles"),
    cli="toy.cli:app",
    figures=(("toy-pile.svg", "toy.figures:pile"),),
)
