"""Elementals plans over several turns (``rulebook.elementals.macro``): the committed player is the planner when its
target weighs nothing, a target changes its play, and the target chosen by rollouts never reads the hidden cards."""

from __future__ import annotations

import random

import pytest
from elementals_views import hidden_reordered

from rulebook import elementals
from rulebook.elementals import fast, macro
from rulebook.elementals.bots import Planner, play_game


@pytest.mark.parametrize("layout", [1, 2, 3])
def test_with_no_weight_on_the_target_the_games_are_the_planners(layout: int) -> None:
    for seed in range(10_001, 10_021):
        state = elementals.new_game(seed=seed, layout=layout)
        for choose in macro.CHOICES:
            assert macro.play_out(state, macro.Commitment(0.0, 0.0, choose)) == fast.play_out(state)


def test_a_weighed_target_changes_some_games() -> None:
    commitment = macro.Commitment(20.0, 40.0, "advanced")
    seeds = range(10_001, 10_061)
    ends = [macro.play_out(elementals.new_game(seed=s), commitment) for s in seeds]
    planned = [fast.play_out(elementals.new_game(seed=s)) for s in seeds]
    assert ends != planned


def test_the_target_is_a_face_up_elemental_by_the_rule_asked() -> None:
    # Seed 7's pyramid opens with QH (slot 10) and KD (slot 11) face up: neither started, each turns up two.
    slots, node = fast.compact(elementals.new_game(seed=7))
    board = (slots, node[1], node[2], node[3], node[6], 1)
    assert macro.choose_target(*board, "advanced") == 10
    assert macro.choose_target(*board, "king") == 11  # KD is a king
    assert macro.choose_target(*board, "none") == -1


@pytest.mark.parametrize(("seed", "moves"), [(12, 9), (141, 13), (30, 20)])
def test_the_target_chosen_by_rollouts_never_reads_the_hidden_cards(seed: int, moves: int) -> None:
    state, policy, rng = elementals.new_game(seed=seed), Planner(), random.Random(seed)
    for _ in range(moves):
        state = state.apply(policy(state, rng))
    other = hidden_reordered(state, random.Random(seed))
    assert other != state and other.seen() == state.seen()
    player = macro.CommittedPlayer(macro.Commitment(), samples=4)
    assert player.choose(state) == player.choose(other)


def test_the_committed_player_plays_whole_games() -> None:
    end = play_game(elementals.new_game(seed=141), macro.CommittedPlayer(macro.Commitment(), samples=2),
                    random.Random(141))
    assert end.is_terminal()
