"""The planner with another table (``rulebook.elementals.tuned``): today's table plays the planner's own games, and
the terms a player sees beyond the evaluation's change its play only by what the deck holds."""

from __future__ import annotations

import random

import pytest
from elementals_views import hidden_reordered

from rulebook import elementals
from rulebook.elementals import evaluation, fast, tuned
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner

TODAY = {"weights": dict(evaluation.WEIGHTS), "values": dict(evaluation.POWER_VALUE)}


@pytest.mark.parametrize("layout", [1, 2])
def test_todays_table_plays_the_planners_games(layout: int) -> None:
    for seed in range(10_001, 10_009):
        state = elementals.new_game(seed=seed, layout=layout)
        assert tuned.play_out(state, TODAY) == fast.play_out(state)
        drawn = state.apply(elementals.Draw())
        assert tuned.best_plan(drawn, TODAY) == fast.best_plan(drawn)[1]


def test_another_table_plays_other_games() -> None:
    # Ready elementals weighed at nothing and stuck attacks welcome: a worse player, on the same deals.
    worse = {"weights": {**evaluation.WEIGHTS, "ready": 0.0, "stuck": -50.0}, "values": TODAY["values"]}
    seeds = range(10_001, 10_031)
    today = [fast.play_out(elementals.new_game(seed=s)) for s in seeds]
    other = [tuned.play_out(elementals.new_game(seed=s), worse) for s in seeds]
    assert sum(d for _, d in other) < sum(d for _, d in today)


def test_the_extra_terms_count_the_decks_cards_that_complete_or_banish() -> None:
    # QH (water, 12) has 9D on it: 3 more complete it, by a card of another element (3C 4C 3D 5S and the
    # joker: 5 of the deck's 9). KS (fire) is ready: a fire card banishes it (2S AS 5S: 3 of 9).
    state = elementals.position(hand="", targets="QH KS", piles={"QH": "9D", "KS": "8D 6C"},
                                deck="3C 4C 3D 2S AC AS 9H 5S JK1")
    slots, node = fast.compact(state)
    deck = tuple(fast.CARD_ID[c] for c in state.deck)

    def score(extra: dict[str, float], cards: tuple[int, ...] = deck) -> float:
        return tuned.planner({**TODAY, "extra": extra})(slots, cards, state.layout).evaluate(node)

    plain = score({})
    assert plain == fast.TurnPlanner(slots, deck, state.layout).evaluate(node)
    assert score({"completers": 90.0}) - plain == pytest.approx(50.0)
    assert score({"banishers": 90.0}) - plain == pytest.approx(30.0)
    # The deck's make-up counts, never its order.
    assert score({"completers": 90.0, "banishers": 9.0}, deck[::-1]) == score({"completers": 90.0, "banishers": 9.0})


def test_the_hint_with_the_tuned_player_never_reads_the_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tuned, "TABLE", {**TODAY, "extra": {"completers": 40.0, "banishers": 20.0}})
    monkeypatch.setattr(hints, "ROLLOUT_PLAYER", "tuned")
    monkeypatch.setattr(hints, "KEPT_PLAYER", "tuned")
    state, rng = elementals.new_game(seed=12), random.Random(12)
    for _ in range(9):
        state = state.apply(Planner()(state, rng))
    other = hidden_reordered(state, random.Random(1))
    assert other != state and hints.visible(other) == hints.visible(state)
    first, second = hints.hint(state, samples=6), hints.hint(other, samples=6)
    assert (first.action, first.plan, first.won) == (second.action, second.plan, second.won)
    assert first.action in state.legal_actions()
