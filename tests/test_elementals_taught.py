"""Elementals, the player taught by the solver (``rulebook.elementals.taught``): its two paths choose the same ends,
its extra terms are the evaluation's, and the hint playing with it never reads the hidden cards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rulebook import elementals
from rulebook.elementals import fast, taught
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner
from rulebook.elementals.evaluation import forced_damage


def _midgame(seed: int, moves: int, layout: int = 1) -> elementals.ElementalsState:
    state, policy, rng = elementals.new_game(seed=seed, layout=layout), Planner(), random.Random(seed)
    for _ in range(moves):
        state = state.apply(policy(state, rng))
    return state


@pytest.mark.parametrize("seed", [7, 141, 10_001, 10_002, 10_003])
def test_the_engines_path_and_the_fast_path_play_the_same_turns(seed: int) -> None:
    state = elementals.new_game(seed=seed)
    for _ in range(6):
        if state.is_terminal():
            break
        state = state.apply(elementals.Draw())
        slots, root = fast.compact(state)
        deck = tuple(fast.CARD_ID[c] for c in state.deck)
        search = fast.TurnPlanner(slots, deck, state.layout)
        search.search(root)
        end = taught.best_end(search, root, taught.Scorer(slots, deck, state.layout))
        for action in taught.best_plan(state):
            state = state.apply(action)
        assert fast.compact(state)[1][:7] == end[:7]


def test_the_extra_terms_are_the_evaluations() -> None:
    state = _midgame(30, 20)
    while state.in_turn:
        state = state.apply(Planner()(state, random.Random(0)))
    slots, node = fast.compact(state)
    scorer = taught.Scorer(slots, tuple(fast.CARD_ID[c] for c in state.deck), state.layout)
    forced, _, _, _ = scorer.extras(node)
    expected = forced_damage((state.slots, state.piles, state.revealed, state.damage, state.powers, state.doubled),
                             state.deck)
    assert forced == pytest.approx(expected)


def test_a_taught_game_is_played_to_its_end() -> None:
    won, defeated = taught.play_out(elementals.new_game(seed=10_004))
    assert 0 <= defeated <= 12 and won == (defeated == 12)


@pytest.mark.parametrize(("seed", "moves"), [(12, 9), (141, 13)])
def test_the_hint_with_the_taught_player_never_reads_the_hidden_cards(
    seed: int, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hints, "ROLLOUT_PLAYER", "taught")
    monkeypatch.setattr(hints, "KEPT_PLAYER", "taught")
    state = _midgame(seed, moves)
    deck = list(state.deck)
    random.Random(seed).shuffle(deck)
    other = replace(state, deck=tuple(deck))
    assert other != state and hints.visible(other) == hints.visible(state)
    first, second = hints.hint(state, samples=6), hints.hint(other, samples=6)
    assert (first.action, first.plan, first.won) == (second.action, second.plan, second.won)
    assert first.action in state.legal_actions()
