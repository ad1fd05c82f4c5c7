"""The contract of a game (rulebook/protocol.py), checked generically on every registered game and the toy game.

- every playable game's state honours the protocol over random games (OpenSpiel style), ``refusal`` agreeing
  with ``legal_actions`` and ``apply`` on every action seen;
- every game's scenarios run through its registered runner and judge as each case expects.

The toy game (tests/toy/) takes part through its registry entry alone, registered by the ``toy_game`` fixture.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from toy import ENTRY as TOY
from toy.fixture import toy_game  # noqa: F401  (the fixture, used by name)

import rulebook
from rulebook import IllegalActionError
from rulebook.protocol import GameState

#: Every registered game, then the toy game (registered while its tests run).
GAMES = [*rulebook.games(), TOY]
PLAYABLE = [g for g in GAMES if g.playable]


@pytest.fixture
def registered(request: pytest.FixtureRequest) -> rulebook.Game:
    """The game of the test, registered (the toy game through its fixture)."""
    entry = request.param
    if entry.id == TOY.id:
        request.getfixturevalue("toy_game")
    return entry


def _agrees(state: Any, seen: dict[Hashable, None], rng: random.Random) -> None:
    """``refusal`` is None exactly for the legal actions; a refused action is a ruling naming rules, and
    ``apply`` raises its error."""
    legal = list(state.legal_actions())
    for action in legal:
        assert state.refusal(action) is None, (str(state), action)
    listed = set(legal)
    others = [a for a in seen if a not in listed]
    for action in rng.sample(others, min(len(others), 6)):
        refusal = state.refusal(action)
        if refusal is None:
            # Not listed, yet allowed: another way of writing a listed action (Elestrals lets a payment go
            # unwritten when there is one). What refusal allows, apply carries out.
            state.apply(action)
            continue
        assert refusal.legal is False and refusal.rules, (str(state), action)
        assert refusal.verdict
        with pytest.raises(IllegalActionError) as raised:
            state.apply(action)
        assert raised.value.rules == refusal.rules


@pytest.mark.parametrize("registered", PLAYABLE, ids=[g.id for g in PLAYABLE], indirect=True)
def test_random_games_honour_the_protocol(registered: rulebook.Game) -> None:
    rng = random.Random(2026)
    # Actions in the order first seen (a dict, not a set): a set's order follows the process's string hashing, so
    # the refused actions sampled, and the rules they cite in the coverage map, would change from run to run.
    seen: dict[Hashable, None] = {}
    for number in range(200):
        state = registered.start()
        assert isinstance(state, GameState)
        for _ in range(1000):
            if state.is_terminal():
                break
            actions = list(state.legal_actions())
            assert actions and state.current_player is not None
            assert len(set(actions)) == len(actions)
            seen.update(dict.fromkeys(actions))
            if number < 20:
                _agrees(state, seen, rng)
                players = len(state.returns())
                assert all(state.observation(p) == state.observation(p) != "" for p in range(players))
            action = rng.choice(actions)
            explained, ruling = state.explain(action)
            assert explained == state.apply(action)
            assert ruling.verdict and ruling.legal is True
            hash(explained)
            state = explained
        assert state.is_terminal(), "game did not end"
        assert state.current_player is None and list(state.legal_actions()) == []
        assert sum(state.returns()) == 0
        assert (state.winner() is None) == all(r == 0 for r in state.returns())
        with pytest.raises(IllegalActionError):
            state.apply(actions[0])
        refusal = state.refusal(actions[0])
        assert refusal is not None and refusal.legal is False and refusal.rules


WITH_SCENARIOS = [g for g in GAMES if g.runner and g.scenario_path.exists()]


@pytest.mark.parametrize("registered", WITH_SCENARIOS, ids=[g.id for g in WITH_SCENARIOS], indirect=True)
def test_every_scenario_runs_through_the_registered_runner(registered: rulebook.Game) -> None:
    from rulebook.compare import scenarios

    cases = scenarios(registered.id)
    assert cases, f"{registered.id} names a scenario file with no scenario"
    judge = rulebook.named(registered.ruling) if registered.ruling else None
    for case in cases:
        answer, detail = registered.run_scenario(case, None)
        assert isinstance(answer, str) and answer and isinstance(detail, str), case["name"]
        if judge is None:
            continue
        ruling = judge(case, None)
        assert ruling.verdict == answer, case["name"]
        if "legal" in case:
            assert ruling.legal is case["legal"], (case["name"], ruling.verdict)
        assert ruling.verdict.startswith(case.get("verdict", "")), (case["name"], ruling.verdict)
        assert set(case.get("cites", [])) <= set(ruling.rules), (case["name"], ruling.rules)


def test_the_toy_game_is_registered_only_while_its_fixture_runs(toy_game: rulebook.Game) -> None:  # noqa: F811
    assert rulebook.game("toy") is toy_game and rulebook.rules("toy").name == "Pebble Pile"
    assert isinstance(rulebook.engine("toy").new_game(), GameState)


def test_a_game_id_is_registered_once() -> None:
    with pytest.raises(rulebook.InvalidInputError, match="registered already"):
        rulebook.register(rulebook.game("clash"))
    assert "toy" not in {g.id for g in rulebook.games()}
