"""The Elementals solver: its verdicts against a brute-force search, its winning lines, its bounds one by one."""

from __future__ import annotations

import contextlib
import functools
import random

import pytest

from rulebook import InvalidInputError, elementals
from rulebook.elementals.bots import Planner
from rulebook.elementals.positions import Position, above_of, at_least, canonical, horizon, shape
from rulebook.elementals.solver import (
    BOUNDS,
    Solver,
    banish_supply,
    card_horizon,
    card_supply,
    damage_bound,
    damage_supply,
    position_of,
    solve,
)

GONE = "JH QH KH JD QD KD JS QS JC QC KC"  # every elemental but KS


class _TooBig(Exception):
    pass


def _brute(state: elementals.ElementalsState, memo: dict, most: int = 6_000) -> bool:
    """Whether some sequence of legal actions wins: every action the engine lists, every joker power."""
    if state.won():
        return True
    if state.is_terminal():
        return False
    if state not in memo:
        if len(memo) > most:
            raise _TooBig
        memo[state] = False  # a position reached again on the way is no better the second time
        memo[state] = any(_brute(state.apply(a), memo, most) for a in state.legal_actions())
    return memo[state]


def _late_positions(options: dict, count: int, seed: int, powers: bool) -> list[tuple]:
    """Positions near the end of real games (few elementals left, a short deck), some in mid-turn, each
    with the brute-force verdict (positions too big for it are passed over)."""
    found = []
    for g in range(seed, seed + 400):
        state = elementals.new_game(options, seed=g, layout=1 + g % 3)
        if powers:
            fields = {f: getattr(state, f) for f in state.__dataclass_fields__}
            state = elementals.ElementalsState(**{**fields, "powers": ("KH", "KD", "KS", "KC")})
        policy, rng = Planner(), random.Random(g)
        while not state.is_terminal():
            left = 12 - state.defeated
            if not state.peeking and left <= 2 + (g % 2) and len(state.deck) <= 9 - 3 * (g % 2):
                with contextlib.suppress(_TooBig):
                    found.append((state, _brute(state, {})))
                break
            state = state.apply(policy(state, rng))
        if len(found) >= count:
            break
    return found


CASES = [
    ({}, False),
    ({}, True),
    ({"joker-banishes": "yes", "joker-discard": "ten"}, True),
]


@pytest.mark.parametrize(("options", "powers"), CASES, ids=["default", "with-powers", "joker-options"])
def test_the_solver_agrees_with_a_search_of_every_legal_action(options: dict, powers: bool) -> None:
    # The solver leaves out moves never better than one it tries; a search of every legal action (every
    # joker power, every use of every power at every moment) must reach the same verdict.
    positions = _late_positions(options, 16, 1000 + 7 * len(options) + powers, powers)
    assert len(positions) >= 12
    wins = 0
    for state, expected in positions:
        result = solve(state, limit=None)
        assert result.winnable is expected, (state.render(), result.verdict, result.reason)
        if expected:
            wins += 1
            after = state
            for action in result.line:
                after = after.apply(action)
            assert after.won()
    assert 0 < wins < len(positions)


@pytest.mark.parametrize(("seed", "layout"), [(141, 1), (5, 2), (1, 3)])
def test_a_winnable_deal_comes_with_a_line_that_replay_accepts(seed: int, layout: int) -> None:
    result = solve(elementals.new_game(seed=seed, layout=layout), limit=None)
    assert result.verdict == "winnable" and result.positions > 0
    log = "\n".join([f"seed {seed}", f"layout {layout}", *map(str, result.line)])
    replayed = elementals.replay(log)
    assert replayed.legal and replayed.value["position"]["won"]


@functools.cache
def _winning_positions() -> list:
    """Positions between turns along winning lines: all of them winnable, so no bound may call them lost."""
    out = []
    for seed, layout in [(1, 1), (4, 1), (19, 2), (5, 3), (23, 1)]:
        state = elementals.new_game(seed=seed, layout=layout)
        result = solve(state, limit=None)
        assert result.winnable
        for action in result.line:
            if not state.in_turn and not state.peeking:
                out.append(state)
            state = state.apply(action)
    return out


@pytest.mark.parametrize("name", list(BOUNDS))
def test_no_bound_calls_a_position_on_a_winning_line_lost(name: str) -> None:
    for state in _winning_positions():  # computed once, by the first test that needs them
        assert BOUNDS[name](position_of(state)) is None, state.render()


def test_the_horizon_never_cuts_a_winning_line_short() -> None:
    # On every winning line, from every position between turns, the cards drawn until the win are at most
    # the horizon, so that card_horizon calls none of those positions lost.
    checked = 0
    for seed, layout in [(1, 1), (4, 1), (19, 2), (5, 3), (23, 1), (141, 1)]:
        state = elementals.new_game(seed=seed, layout=layout)
        above = above_of(elementals.COVERED_BY[layout])
        line = solve(state, limit=None).line
        for k, action in enumerate(line):
            if not state.in_turn and not state.peeking:
                final = state
                for later in line[k:]:
                    final = final.apply(later)
                assert final.won()
                drawn = len(state.hand) + len(state.deck) - len(final.deck)
                assert drawn <= horizon(position_of(state), above), state.render()
                assert card_horizon(position_of(state), above) is None
                checked += 1
            state = state.apply(action)
    assert checked > 50


def test_card_horizon_finds_a_deal_that_ends_before_its_last_elemental_can_fall() -> None:
    # JS lies face down under KS and QH: it falls last, with a spade. With 10S the ninth card, the nine
    # cards the three elementals need can all come by then; with 2S and 3S the only spades, three can.
    gone = "JH KH JD QD KD QS JC QC KC"
    above = above_of(elementals.COVERED_BY[1])
    late = elementals.position(targets="KS QH", defeated=gone, deck="2S 3C 4H 5D 6D 7D 8D 9C 10S AD")
    early = elementals.position(targets="KS QH", defeated=gone, deck="2S 3S 4H 5D 6D 7D 8D 9C 10D AD")
    assert horizon(position_of(late), above) == 9 and card_horizon(position_of(late), above) is None
    assert horizon(position_of(early), above) == 3
    result = solve(early)
    assert result.verdict == "not winnable" and result.bound == "horizon" and "need 9 more cards" in result.reason
    # Whispers of Neptulon could send a spade under the deck, to be drawn last: then every card counts.
    neptulon = position_of(early)._replace(powers=("KH",))
    assert horizon(neptulon, above) == 10


def test_a_pile_of_two_damage_cards_is_no_worse_than_fewer_when_the_damage_allows() -> None:
    # KS with two damage cards, against KS with one and the other discarded (7 damage more): the first is
    # at least as good, and the table of lost positions and the ends of a turn may count on it.
    gone = "JH QH KH JD QD KD JS QS JC QC KC"
    deck = "2C 3S 4H 5D 6D"
    two = position_of(elementals.position(targets="KS", defeated=gone, piles={"KS": "8D 7C"}, deck=deck))
    one = position_of(elementals.position(targets="KS", defeated=gone, piles={"KS": "8D"}, discards="7C", deck=deck))
    assert shape(two)[0] == shape(one)[0]
    assert at_least(shape(two)[1], shape(one)[1]) and not at_least(shape(one)[1], shape(two)[1])
    # With damage that the discards could take to 33, 10 for each card the other lays on the pile must fit.
    hurt = two._replace(damage=25)
    assert not at_least(shape(hurt)[1], shape(one._replace(damage=30))[1])
    assert at_least(shape(hurt)[1], shape(one._replace(damage=35))[1])


def test_card_supply_counts_the_cards_the_elementals_left_need() -> None:
    state = elementals.position(hand="7H", targets="KS QH", deck="2C 3C 4D")
    assert card_supply(position_of(state)) == "the 12 elementals left need 36 more cards; the hand and the deck hold 4"
    # Element by element: KS's two damage cards and KC's banish card must all be other than fire.
    p = position_of(elementals.position(targets="KS KC", deck="2S 3S 4S 5S 6S 7C"))
    p = p._replace(slots=tuple(t if t in ("KS", "KC") else None for t in p.slots))
    assert "need 3 cards not fire; 1 is left" in card_supply(p)
    assert card_supply(p._replace(deck=("2S", "3S", "4S", "5C", "6D", "7C"))) is None


def test_banish_supply_finds_an_elemental_no_card_can_banish() -> None:
    state = elementals.position(targets="KS", defeated=GONE, piles={"KS": "8D 6C"}, deck="2H 3H 4D")
    assert banish_supply(position_of(state)) == "no card is left to banish the fire elemental: 0 fire cards remain"
    with_joker = elementals.position(targets="KS", defeated=GONE, piles={"KS": "8D 6C"}, deck="2H JK1")
    assert banish_supply(position_of(with_joker)) is not None
    assert banish_supply(position_of(with_joker), jokers_banish=True) is None


def test_damage_supply_finds_an_attack_that_can_no_longer_be_completed() -> None:
    # An ace on the water queen needs 11 more: no card left reaches it, and Ragnaros is gone.
    state = elementals.position(hand="9D", targets="QH JD", piles={"QH": "AS"}, defeated="KS", deck="2C 3D")
    assert damage_supply(position_of(state)) == "QH has 1 damage and needs 11 more: no card left can deal it"
    # While the king of spades may still be defeated, Hand of Ragnaros may double the nine: 1 + 18.
    assert damage_supply(position_of(elementals.position(hand="9D", targets="QH JD", piles={"QH": "AS"}))) is None


def test_damage_supply_adds_up_the_damage_still_needed() -> None:
    # QS needs 12 from two cards; 2C and 3D (the fire card is its banish card) deal 5, and Ragnaros is gone.
    state = elementals.position(targets="QS", defeated="JH QH KH JD QD KD JS KS JC QC KC", deck="2C 3D 4S")
    assert damage_supply(position_of(state)) == (
        "the elementals left need 12 more damage from 2 cards; the cards left can deal at most 5"
    )


def test_damage_bound_counts_the_discards_the_deck_order_forces() -> None:
    # KS waits for a fire banish card; four cards come before the first one and must be discarded.
    state = elementals.position(
        targets="KS", defeated=GONE, piles={"KS": "8D 6C"}, discards="9D 9C 2S", deck="8H 9H 7H 2H 3H 4H 5H 9S"
    )
    assert damage_bound(position_of(state)) == (
        "damage 20, and at least 26 more: 4 cards must be discarded before the elementals left can fall"
    )
    # With the fire card one place earlier, three cards may share the winning hand: nothing is forced.
    early = elementals.position(
        targets="KS", defeated=GONE, piles={"KS": "8D 6C"}, discards="9D 9C 2S", deck="8H 9H 7H 9S 2H"
    )
    assert damage_bound(position_of(early)) is None


def test_a_lost_deal_names_the_bound_that_proves_it() -> None:
    state = elementals.position(targets="KS", defeated=GONE, piles={"KS": "8D 6C"}, deck="2H 3H 4D")
    result = solve(state)
    assert result.verdict == "not winnable" and result.bound == "banish" and result.positions == 0


def test_a_deal_beyond_the_limit_is_unknown() -> None:
    result = solve(elementals.new_game(seed=7), limit=None, max_positions=50)
    assert result.verdict == "unknown" and result.winnable is None


def test_the_solver_refuses_the_readings_that_decide_the_deck_during_the_game() -> None:
    for option in ({"breath-draws": "random"}, {"empty-deck": "reshuffle"}):
        with pytest.raises(InvalidInputError, match="breath-draws=top and empty-deck=lose"):
            solve(elementals.new_game(option, seed=3))


def test_the_site_shows_the_winnable_shares_the_benchmark_saved() -> None:
    # The table and the chart on the site are made from benchmarks/results/elementals-solver.json.
    import json
    import sys
    from pathlib import Path

    from rulebook.elementals.simulation import share_svg

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "benchmarks"))
    try:
        from elementals_solver import SUMMARY, table
    finally:
        sys.path.remove(str(root / "benchmarks"))
    summary = json.loads(SUMMARY.read_text(encoding="utf-8"))
    page = (root / "docs" / "games" / "elementals-solver.md").read_text(encoding="utf-8")
    assert table(summary) in page and "(elementals-solver.svg)" in page
    assert (root / "docs" / "games" / "elementals-solver.svg").read_text(encoding="utf-8") == share_svg(summary)
    for layout in summary["layouts"]:
        saved = (root / "benchmarks" / "results" / f"elementals-solver-{layout['layout']}.jsonl").read_text()
        assert sum(1 for line in saved.splitlines() if line.strip()) >= layout["deals"]


def _decided(verdict: str, most: int, count: int) -> list[int]:
    """Pyramid deals the benchmark decided (``verdict``) with its first solver in at most ``most`` positions."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "elementals-solver-1.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r["seed"] for r in rows if r["verdict"] == verdict and r["positions"] <= most and "solver" not in r][:count]


@pytest.mark.parametrize("verdict", ["winnable", "not winnable"])
def test_the_verdicts_the_benchmark_saved_still_hold(verdict: str) -> None:
    # Every change to the search keeps every verdict already known: a sample of decided deals, re-solved.
    seeds = _decided(verdict, 40_000, 8)
    assert len(seeds) == 8
    for seed in seeds:
        assert solve(elementals.new_game(seed=seed), limit=None).verdict == verdict, seed


def _turn_ends(solver: Solver, position: Position) -> dict | str:
    """The ways the next turn can end, by what decides the rest of the game, with the least damage of each."""
    win, ends = solver.turn(position)
    return "a win" if win is not None else {canonical(end): end.damage for _, end, _ in ends}


def test_taking_commuting_plays_in_one_order_loses_no_way_to_end_a_turn() -> None:
    # Between turns of real games (the planner's, powers held as they come), the ways a turn can end are the
    # same with the plain plays taken in one order as in every order.
    checked = 0
    for seed in range(1, 40):
        state = elementals.new_game(seed=seed, layout=1 + seed % 3)
        policy, rng = Planner(), random.Random(seed)
        while not state.is_terminal() and checked < 120:
            if not state.in_turn and not state.peeking:
                one, every = Solver(state, None, None), Solver(state, None, None)
                every.commute = False
                p = position_of(state)
                assert _turn_ends(one, p) == _turn_ends(every, p), state.render()
                checked += 1
            state = state.apply(policy(state, rng))
    assert checked >= 100


def test_a_damage_no_discard_can_take_to_33_counts_as_none() -> None:
    # Two cards are spare, the costliest 9 and 4: with 19 damage the discards can reach 32 at most, so 19
    # is as good as none; with 20 they could reach 33.
    gone = "JH QH KH JD QD KD JS QS KS JC QC"
    safe = position_of(elementals.position(targets="KC", defeated=gone, discards="10S 9D", deck="9H 2C 3S 4H AC"))
    assert safe.damage == 19 and shape(safe)[1][0] == -1
    assert shape(safe._replace(damage=20))[1][0] == 20
    assert shape(safe._replace(damage=3)) == shape(safe)


def test_a_deal_the_first_order_misses_is_won_in_another_probe() -> None:
    # Seed 148 of the pyramid: the usual order spent 2,000,000 positions on it in vain (the benchmark's first
    # run); a probe by the planner's score alone finds a winning line at once.
    result = solve(elementals.new_game(seed=148), limit=None, max_positions=300_000)
    assert result.verdict == "winnable" and result.positions < 300_000
    replayed = elementals.replay("\n".join(["seed 148", *map(str, result.line)]))
    assert replayed.legal and replayed.value["position"]["won"]
