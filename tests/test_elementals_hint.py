"""Elementals hints: they use only what the player can see, and they improve on the planner by rollout."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from elementals_views import hidden_reordered

from rulebook import elementals
from rulebook.elementals import endgame
from rulebook.elementals.bots import Planner
from rulebook.elementals.hint import _better, canonical, hint, plans, reasons, view, visible


def _midgame(seed: int, moves: int, layout: int = 1) -> elementals.ElementalsState:
    state, policy, rng = elementals.new_game(seed=seed, layout=layout), Planner(), random.Random(seed)
    for _ in range(moves):
        state = state.apply(policy(state, rng))
    return state


@pytest.mark.parametrize(
    ("seed", "moves", "layout"),
    [(7, 1, 1), (12, 9, 1), (30, 20, 1), (141, 13, 1), (141, 31, 1), (5, 6, 1), (17, 25, 1), (8, 1, 2), (3, 9, 2),
     (8, 1, 3), (21, 10, 3)],
)
def test_the_hint_never_reads_the_hidden_cards(seed: int, moves: int, layout: int) -> None:
    # Reordering what the player cannot see (the deck, the face-down elementals) changes the game but
    # not the view, so it must not change the hint, on every layout (each has its own budget).
    state = _midgame(seed, moves, layout)
    other = hidden_reordered(state, random.Random(seed))
    assert other != state and visible(other) == visible(state)
    first, second = hint(state, samples=6), hint(other, samples=6)
    assert (first.action, first.plan, first.won, first.votes) == (second.action, second.plan, second.won, second.votes)
    assert first.action in state.legal_actions()


def test_a_sample_fits_what_the_player_sees() -> None:
    state = _midgame(12, 9)
    sample = view(state, random.Random(1))
    assert visible(sample) == visible(state)
    assert sorted(sample.deck) == sorted(state.deck)


def test_the_hint_plays_plans_out_and_gives_one_that_is_legal_in_the_real_game() -> None:
    state = elementals.new_game(seed=7).apply(elementals.Draw())
    found = hint(state, samples=8)
    assert found.source == "samples" and 2 <= found.samples <= 8
    assert found.planners is not None and found.votes <= found.won <= found.samples
    assert found.plan[0] == found.action
    after = state
    for action in found.plan:  # the plan is legal in the real game: it never relied on a hidden card
        after = after.apply(action)
    assert not after.in_turn or after.revealed != state.revealed


def test_another_plan_replaces_the_planners_only_beyond_chance() -> None:
    # Scores are compared sample by sample (the same deals for every plan).
    assert _better([10, 9, 11, 10], [9, 8, 10, 9])  # one more banished in every deal
    assert not _better([20, 0, 0, 0, 0, 0, 0, 0], [0] * 8)  # one lucky deal is within chance
    assert not _better([9, 9, 9], [9, 9, 9])
    assert not _better([5], [4])  # one deal alone shows nothing


def test_plans_stop_where_a_hidden_card_would_show() -> None:
    # In the pyramid, banishing the elemental on the left of the bottom row turns up two more: a plan
    # ends there, since what to play next depends on what they are.
    state = elementals.position(hand="2C 7H", targets="JC QH", piles={"JC": "9H 5D"})
    for line, _ in plans(state):
        names = [str(a) for a in line]
        if "2C > JC" in names:
            assert names[-1] == "2C > JC"


def test_before_a_draw_or_with_one_plan_the_hint_is_the_planners_move_with_its_chance() -> None:
    fresh = elementals.new_game(seed=7)
    found = hint(fresh, samples=4)
    assert found.source == "only" and found.action == elementals.Draw() and found.samples >= 1
    assert 0 <= found.votes <= found.samples
    one = fresh.apply(elementals.Draw()).apply(elementals.Play("5D", "QH")).apply(elementals.Play("6H", "KD"))
    assert len(plans(one)) == 1
    found = hint(one, samples=4)
    assert found.source == "only" and found.action == Planner()(canonical(one), random.Random(0))


def test_with_therazane_held_the_hint_weighs_using_it_against_drawing() -> None:
    state = elementals.position(targets="KS QH", powers="KD", in_turn=False)
    found = hint(state, samples=4)
    assert found.source == "samples" and found.action in (elementals.Unleash("therazane"), elementals.Draw())
    assert found.action in state.legal_actions()


def test_the_hint_explains_its_move_in_a_players_words() -> None:
    from rulebook.elementals.hint import reasons

    state = elementals.new_game(seed=7).apply(elementals.Draw())
    found = hint(state, samples=4)
    text = "\n".join(reasons(state, found))
    assert "chance to win from here: about" in text and f"of {found.samples} games" in text
    assert "planner" not in text.lower()
    lost = elementals.position(hand="9S 9D 9C", targets="KS QH", discards="10H 10D 10C", in_turn=True)
    from rulebook.elementals.hint import LOST_AFTER

    found = hint(lost, samples=48)
    words = "\n".join(reasons(lost, found))
    assert "chance to win from here: about 0%" in words
    assert found.played < LOST_AFTER or ("looks lost" in words and "loses least" in words)


def test_a_hint_does_not_see_what_a_banish_would_turn_up() -> None:
    # Banishing JC turns two cards face up; the planner looks ahead within its turn, so it too is asked
    # in a made-up game, and the hint stays the same whatever lies face down.
    state = elementals.position(hand="2C 7H 8S", targets="JC QH", piles={"JC": "9H 5D"})
    for seed in range(4):
        other = hidden_reordered(state, random.Random(seed))
        first, second = hint(state, samples=4), hint(other, samples=4)
        assert (first.action, first.plan, first.votes) == (second.action, second.plan, second.votes)


def test_on_the_kite_the_first_turn_is_weighed_in_more_games() -> None:
    # The kite's first turns, with one elemental face up, decide the most, and its games are short: its
    # hints get a larger budget, so the first turn's plans meet at least 12 games (the pyramid's, 6).
    kite = hint(elementals.new_game(seed=8, layout=2).apply(elementals.Draw()))
    pyramid = hint(elementals.new_game(seed=7).apply(elementals.Draw()))
    assert kite.source == pyramid.source == "samples"
    assert kite.samples >= 12 > pyramid.samples


def test_as_a_policy_the_hint_plays_a_lone_move_without_playing_games_out() -> None:
    from rulebook.elementals.hint import HintPolicy

    fresh = elementals.new_game(seed=7)
    played: list[int] = []
    found = hint(fresh, estimate=False, progress=played.append)
    assert found.action == elementals.Draw() and found.samples == 0 and not played
    assert HintPolicy()(fresh, random.Random(0)) == elementals.Draw()


def test_before_a_draw_with_a_power_held_the_draw_is_not_called_the_only_move() -> None:
    from rulebook.elementals.hint import reasons

    held = elementals.position(targets="KS QH", powers="KC", in_turn=False)
    assert len(held.legal_actions()) == 2  # draw, or Breath of Al'Akir
    words = reasons(held, hint(held, samples=4))
    assert words[0] == "next: draw three cards to begin the turn"
    fresh = elementals.new_game(seed=7)
    assert reasons(fresh, hint(fresh, samples=4))[0] == "the only move now: draw three cards to begin the turn"


@pytest.mark.parametrize("method", ["nested", "uct"])
@pytest.mark.parametrize(("seed", "moves", "layout"), [(12, 9, 1), (3, 9, 2), (21, 10, 3)])
def test_the_other_methods_never_read_the_hidden_cards_either(method: str, seed: int, moves: int, layout: int) -> None:
    state = _midgame(seed, moves, layout)
    other = hidden_reordered(state, random.Random(seed))
    first, second = hint(state, samples=4, method=method), hint(other, samples=4, method=method)
    assert (first.action, first.plan, first.won, first.votes) == (second.action, second.plan, second.won, second.votes)
    assert first.action in state.legal_actions()


def test_nested_rollouts_give_every_line_the_same_games_and_keep_the_best_mean() -> None:
    state = elementals.new_game(seed=7).apply(elementals.Draw())
    found = hint(state, samples=8, method="nested")
    assert found.source == "samples" and found.samples >= 2
    # Every line played as many games as the chosen one: the games played out are a multiple of them.
    assert found.played % found.samples == 0 and found.played > found.samples
    assert found.votes <= found.won <= found.samples


def test_uct_plays_every_line_twice_then_spends_its_games_on_the_promising_ones() -> None:
    from rulebook.elementals.hint import _uct

    state = elementals.new_game(seed=7).apply(elementals.Draw())
    lines = [line for line, _ in plans(state)][:4]
    scores, _, alive = _uct(state, lines, 40, random.Random(1), None)
    counts = sorted(len(s) for s in scores)
    assert alive == [0, 1, 2, 3] and sum(counts) == 40 and counts[0] >= 2
    mean = [sum(s) / len(s) for s in scores]
    most = max(range(4), key=lambda k: len(scores[k]))
    least = min(range(4), key=lambda k: len(scores[k]))
    assert counts[-1] > counts[0] and mean[most] >= mean[least]  # the games went where the scores were


# ---------------------------------------------------------------- the look-ahead planner


@pytest.mark.parametrize(("seed", "moves", "layout"), [(12, 9, 1), (30, 20, 1), (3, 9, 2), (21, 10, 3)])
def test_the_look_ahead_planner_never_reads_the_order_of_the_deck(seed: int, moves: int, layout: int) -> None:
    # It samples its next draws from the unseen cards sorted: the deck in another order gives the same plan.
    from rulebook.elementals.bots import plan_turn

    state = _midgame(seed, moves, layout)
    while not state.in_turn and not state.is_terminal():
        state = state.apply(Planner()(state, random.Random(0)))
    deck = list(state.deck)
    random.Random(seed).shuffle(deck)
    other = replace(state, deck=tuple(deck))
    assert other != state
    assert plan_turn(state, (4, 8)) == plan_turn(other, (4, 8))


def test_the_look_ahead_plays_toward_one_of_the_best_ends_by_the_next_draw() -> None:
    # Its plan ends the turn at one of the four ends the planner scores best, and where the next draw
    # changes the order, it is not always the planner's own.
    from rulebook.elementals.bots import TurnSearch, plan_turn, turn_ends

    differ = 0
    for seed in range(1, 7):
        state = elementals.new_game(seed=seed).apply(elementals.Draw())
        ends = turn_ends(TurnSearch(state))
        best4 = sorted(ends.values(), key=lambda item: -item[0])[:4]
        _, plan = plan_turn(state, (4, 8))
        assert plan in [p for _, p in best4]
        differ += plan != plan_turn(state)[1]
    assert differ >= 1


def test_the_look_ahead_planner_defeats_more_than_the_planner_on_the_same_deals() -> None:
    from rulebook.elementals.bots import LookaheadPlanner, play_game

    def defeated(policy: type) -> int:
        return sum(play_game(elementals.new_game(seed=s), policy(), random.Random(s)).defeated for s in range(5))

    assert defeated(LookaheadPlanner) > defeated(Planner)  # 44 against 37: 10 against 4 on seed 4


def test_games_played_out_with_the_look_ahead_never_read_the_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.elementals import hint as hints

    monkeypatch.setattr(hints, "ROLLOUT_LOOKAHEAD", (4, 8))
    monkeypatch.setattr(hints, "LOOKAHEAD", (4, 8))
    state = _midgame(12, 9)
    other = hidden_reordered(state, random.Random(12))
    first, second = hint(state, samples=4), hint(other, samples=4)
    assert (first.action, first.plan, first.won, first.votes) == (second.action, second.plan, second.won, second.votes)
    assert first.action in state.legal_actions()


# ---------------------------------------------------------------- the endgame counted over every draw


@pytest.mark.parametrize(("seed", "moves"), [(2, 48), (10, 47), (27, 48)])
def test_the_endgame_count_never_reads_the_hidden_cards(seed: int, moves: int) -> None:
    # Few cards left and face-down elementals still in the pyramid: the count takes the deck as a set and
    # weighs every way the face-down elementals may lie, so reordering what is unseen changes nothing.
    state = _midgame(seed, moves)
    assert endgame.applies(state) and any(s is not None and i not in state.revealed for i, s in enumerate(state.slots))
    other = hidden_reordered(state, random.Random(seed))
    assert other != state and visible(other) == visible(state)
    first, second = hint(state), hint(other)
    assert first.source == second.source == "exact"
    assert (first.plan, first.chance, first.exact) == (second.plan, second.chance, second.exact)
    assert 0 < first.chance < 1 and not first.exact
    after = state
    for action in first.plan:  # legal in the real game
        after = after.apply(action)


def test_the_counted_chance_is_what_following_the_hint_wins_over_every_order_of_the_deck() -> None:
    # KS needs a spade to banish it; 5S in hand does it now. Every order of the four cards left, followed
    # move by move with the hint, wins; and with 5S thrown away the count says 3 in 4 (3S in the next draw).
    others = "JH QH KH JD QD KD JS QS JC QC KC"
    state = elementals.position(hand="5S 9D 2C", targets="KS", defeated=others, piles={"KS": "8D 6C"},
                                deck="3S 4H 8H 9H")
    found = hint(state)
    assert (found.source, found.chance, found.exact, found.action) == ("exact", 1.0, True, elementals.Play("5S", "KS"))
    thrown = state.apply(elementals.Discard("5S"))
    assert endgame.chances(thrown, [(elementals.Discard("9D"), elementals.Discard("2C"))]) == ([0.75], True)
    wins = 0
    orders = list(itertools.permutations(thrown.deck))
    for order in orders:
        game = replace(thrown, deck=order)
        while not game.is_terminal():
            game = game.apply(hint(game).action)
        wins += game.won()
    assert wins / len(orders) == 0.75


def test_an_endgame_hint_says_its_chance_is_counted() -> None:
    others = "JH QH KH JD QD KD JS QS JC QC KC"
    state = elementals.position(hand="5S 9D 2C", targets="KS", defeated=others, piles={"KS": "8D 6C"},
                                deck="3S 4H 8H 9H").apply(elementals.Discard("5S"))
    text = "\n".join(reasons(state, hint(state)))
    assert "chance to win from here: exactly 75% (counted over every way the 4 cards left in the deck may come)" in text
    for word in ("planner", "race", "expectimax"):
        assert word not in text


# ---------------------------------------------------------------- the solver's lines, the told play-outs


@pytest.mark.parametrize(("seed", "moves"), [(12, 9), (141, 13)])
def test_the_solvers_lines_and_the_told_play_outs_never_read_the_hidden_cards(
    monkeypatch: pytest.MonkeyPatch, seed: int, moves: int
) -> None:
    # The solver reads every card of the games it is given and the told player the next draw of the game it
    # plays out, but those games are made up from the view: the real game's order never decides the hint.
    from rulebook.elementals import hint as hints

    monkeypatch.setattr(hints, "SOLVER_LINES", 2)
    monkeypatch.setattr(hints, "ROLLOUT_PLAYER", "told")
    state = _midgame(seed, moves)
    other = hidden_reordered(state, random.Random(seed))
    first, second = hint(state, samples=4), hint(other, samples=4)
    assert (first.action, first.plan, first.won, first.votes) == (second.action, second.plan, second.won, second.votes)
    assert first.action in state.legal_actions()


def test_a_line_the_solver_wins_with_begins_with_a_plan_of_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # In games made up from the view, the solver's winning lines are cut where a plan of the turn ends: each
    # is one of the plans listed, and legal in the real game.
    from rulebook.elementals import hint as hints

    monkeypatch.setattr(hints, "SOLVER_LINES", 3)
    state = elementals.new_game(seed=7).apply(elementals.Draw())
    listed = plans(state)
    found = hints._solver_lines(state, listed)
    assert found and all(line in [plan for plan, _ in listed] for line in found)
    for line in found:
        after = state
        for action in line:
            after = after.apply(action)
