"""The hint's fast rollout path (``rulebook.elementals.fast``) plays exactly the planner's games."""

from __future__ import annotations

import random

import pytest

from rulebook import elementals
from rulebook.elementals import fast
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import WORK, Planner, plan_turn, play_game


def _planners_game(seed: int, layout: int) -> list[elementals.ElementalsState]:
    """Every position of the planner's game of deal ``seed``."""
    state = elementals.new_game(seed=seed, layout=layout)
    player, rng, seen = Planner(), random.Random(seed), [state]
    while not state.is_terminal():
        state = state.apply(player(state, rng))
        seen.append(state)
    return seen


@pytest.mark.parametrize("layout", [1, 2, 3])
@pytest.mark.parametrize("seed", [10_001, 10_002, 10_003])
def test_every_turn_is_planned_as_the_planner_plans_it(seed: int, layout: int) -> None:
    turns = 0
    for state in _planners_game(seed, layout):
        if not state.in_turn:
            continue
        turns += 1
        before = WORK[0]
        slow = plan_turn(state)
        counted = WORK[0] - before
        assert fast.best_plan(state) == slow, f"turn {state.turn}"
        assert WORK[0] - before - counted == counted  # the same positions searched: the hint's bound holds
    assert turns >= 3


@pytest.mark.parametrize("layout", [1, 2, 3])
def test_games_end_as_the_planners_games_end(layout: int) -> None:
    outcomes = set()
    for seed in range(10_001, 10_013):
        # From the start, and from a position a few moves in (some of them mid-turn or before a draw).
        for state in _planners_game(seed, layout)[:12:5]:
            end = play_game(state, Planner(), random.Random(0))
            assert fast.play_out(state) == (end.won(), end.defeated), (seed, state.turn)
            outcomes.add(end.won())
    assert layout != 1 or outcomes == {True, False}


def test_therazanes_choice_and_the_powers_are_played_as_the_planner_plays_them() -> None:
    # Held powers (Neptulon, Ragnaros, Therazane) and a pending Therazane's choice.
    state = elementals.position(
        hand="", targets="KS QH JD", piles={"KS": "8D 6C", "QH": "9S"}, powers="KH KD", deck="2H 9D AD 7C 3H 4S 10D 5C"
    )
    for start in (state, state.apply(elementals.Unleash("therazane"))):
        end = play_game(start, Planner(), random.Random(0))
        assert fast.play_out(start) == (end.won(), end.defeated)


def test_other_readings_of_the_rules_take_the_engines_path() -> None:
    state = elementals.new_game({"empty-deck": "reshuffle"}, seed=3)
    assert not fast.supported(state)
    assert fast.supported(elementals.new_game(seed=3))


def test_the_hint_is_the_same_with_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    states = [s for s in _planners_game(10_004, 1)[1:30:6]]
    found = [hints.hint(s, samples=8) for s in states]
    monkeypatch.setattr(hints, "FAST", False)
    assert [hints.hint(s, samples=8) for s in states] == found


def test_the_planner_told_its_games_next_draw_wins_more_of_the_same_games() -> None:
    # The player the hint may play its made-up games with: it reads the next three cards of the game it plays
    # (its own, made up), and so wins more of the same deals than the planner.
    deals = [elementals.new_game(seed=s) for s in range(30_001, 30_041)]
    planner = sum(fast.play_out(d)[0] for d in deals)
    told = sum(fast.play_out(d, turn=fast.told_turn(8))[0] for d in deals)
    assert told >= planner + 4  # 14 against 7
