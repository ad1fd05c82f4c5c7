"""One generic test for every playable game: the shared state protocol holds (OpenSpiel style)."""

from __future__ import annotations

import random

import pytest

import rulebook
from rulebook import IllegalActionError
from rulebook.protocol import GameState

ENGINES = [g.id for g in rulebook.games() if hasattr(rulebook.engine(g.id), "new_game")]


@pytest.mark.parametrize("game", ENGINES)
def test_random_games_honour_the_protocol(game: str) -> None:
    engine = rulebook.engine(game)
    rng = random.Random(2026)
    for _ in range(200):
        state = engine.new_game()
        assert isinstance(state, GameState)
        for _ in range(1000):
            if state.is_terminal():
                break
            actions = list(state.legal_actions())
            assert actions and state.current_player is not None
            assert len(set(actions)) == len(actions)
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
