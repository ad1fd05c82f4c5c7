"""Whole games of Elemental Elephants: invariants over many random games, and the rules of a whole game.

The invariants run over ``RULEBOOK_ELEPHANTS_GAMES`` random games (200 by default; the long run sets
10000): every spell card is always in exactly one place, health and trunks never go below zero, every
game ends, and a replayed log reproduces the game.
"""

from __future__ import annotations

import collections
import itertools
import os
import random

import pytest

import rulebook
from rulebook import IllegalActionError
from rulebook.elephants.bots import greedy, play_one, random_policy
from rulebook.elephants.game import SETS, SPELLS, ElephantsState, World, format_log, new_game, parse_log, replay
from rulebook.errors import InvalidInputError

GAMES = int(os.environ.get("RULEBOOK_ELEPHANTS_GAMES", "200"))
IDS = {r.id for r in rulebook.rules("elephants")}


def _places(w: World) -> collections.Counter:
    places: collections.Counter = collections.Counter()
    for name in w.deck:
        places.update(SETS[name])
    for player in w.players.values():
        places.update(player.hand)
        places.update(player.pile)
    places.update(c.name for c in w.board)
    return places


def _random_game(seed: int) -> tuple[ElephantsState, list[tuple[str, str]], list[World], list]:
    """A random game played as ``replay`` plays its log: each move by the player whose decision it is, passed by
    ``refusal``, made with ``explain``; the final state, the moves, every world on the way and the rulings."""
    rng = random.Random(seed)
    state = new_game(rng.randint(2, 4))
    moves, worlds, rulings = [], [state.world()], []
    for _ in range(5000):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        assert state.refusal(action) is None, f"game {seed}: {action!r} is listed but refused"
        moves.append((state.decision.player, action))
        state, ruling = state.explain(action)
        rulings.append(ruling)
        worlds.append(state.world())
    return state, moves, worlds, rulings


#: Every game's log is read back (``parse_log``) and gives the game's own moves; every REPLAYED-th game is also
#: replayed whole, a second playing of the same moves.
REPLAYED = 10


def test_invariants_hold_over_many_random_games() -> None:
    """elephants.base.sets: every card is in one place; health and trunks stay at 0 or more; games end.

    A replayed log reproduces the game: each game is played move by move as ``replay`` plays a log (the player
    whose decision it is, ``refusal`` letting the move through, ``explain`` making it), so its log reproduces
    it once the log reads back as the same players and moves, checked for every game; every tenth game is also
    replayed whole by ``replay``, which must give the same final state and the same ruling for every move.
    """
    counted = 0
    for seed in range(GAMES):
        state, moves, worlds, rulings = _random_game(seed)
        assert state.is_terminal(), f"game {seed} did not end"
        for w in worlds:
            places = _places(w)
            assert set(places) == set(SPELLS) and set(places.values()) == {1}, f"game {seed}: {places}"
            for player in w.players.values():
                assert player.health >= 0 and player.trunks >= 0 and player.max_health >= 0
                assert player.health <= player.max_health or player.out
            assert len(w.seats) - sum(p.out for p in w.players.values()) >= (0 if w.over else 2)
        log = format_log(len(state.seats), {}, moves)
        players, options, read = parse_log(log)
        assert (players, options, [(who, action) for who, action, _ in read]) == (len(state.seats), {}, moves)
        if seed % REPLAYED == 0:
            again, replayed = replay(log)
            assert again == state, f"game {seed}: the replayed log does not reproduce the game"
            assert replayed == rulings, f"game {seed}: the replay rules otherwise"
        counted += 1
    assert counted == GAMES


def test_elephants_base_setup_two_drafted_sets_then_a_hand_of_four() -> None:
    state = new_game(3)
    order = []
    while state.decision.kind == "draft":
        order.append(state.decision.player)
        state = state.apply(state.legal_actions()[0])
    assert order == ["P1", "P2", "P3", "P1", "P2", "P3"]
    while state.decision.kind == "discard":
        state = state.apply(state.legal_actions()[0])
    w = state.world()
    assert [len(w.players[p].hand) for p in w.seats] == [4, 4, 4]
    assert state.decision.kind == "cast" and state.decision.player == "P1"


def test_elephants_interp_first_ringleader_is_p1_and_the_token_passes_left() -> None:
    _, moves = play_one(3, [greedy, greedy, greedy], random.Random(4))
    # Each round the Ringleader prepares first in Clash I: P1 in round 1, then the next seat round the table.
    firsts: list[tuple[int, str]] = []
    replayed = new_game(3)
    for who, action in moves:
        first_of_round = not firsts or firsts[-1][0] != replayed.round
        if action.startswith("cast ") and replayed.decision.prompt.endswith("Clash I") and first_of_round:
            firsts.append((replayed.round, who))
        replayed = replayed.apply(action)
    assert firsts[0] == (1, "P1") and len(firsts) >= 2
    seats = ["P1", "P2", "P3"]
    for (r1, p1), (r2, p2) in itertools.pairwise(firsts):
        if r2 == r1 + 1 and p2 != p1:
            assert seats.index(p2) in {(seats.index(p1) + k) % 3 for k in (1, 2)}
    assert firsts[1][1] == "P2"


def test_elephants_base_end_of_round_refills_the_hand_to_four_plus_one_per_lost_trunk() -> None:
    rng = random.Random(11)
    for _ in range(40):
        state = new_game(2)
        while state.decision is not None:
            if state.decision.kind == "cast" and state.clash == 1 and state.round > 1:
                w = state.world()
                for p in w.seats:
                    player = w.players[p]
                    full = 4 + (3 - player.trunks)
                    if player.pile and not player.out:
                        assert len(player.hand) + sum(c.owner == p for c in w.board) >= full
                break
            state = state.apply(rng.choice(state.legal_actions()))


def test_elephants_interp_choices_are_actions_an_illegal_action_is_refused_with_its_rule() -> None:
    state = new_game(2)
    with pytest.raises(IllegalActionError) as err:
        state.apply("cast clap")
    assert err.value.rules == ("elephants.interp.choices-are-actions",)
    assert "P1 decides a spell set to draft" in str(err.value)


def test_refusal_is_the_one_way_to_refuse_and_agrees_with_the_legal_actions() -> None:
    rng = random.Random(21)
    state = new_game(3)
    for _ in range(400):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert all(state.refusal(a) is None for a in legal)
        wrong = f"{legal[0]} extra"
        refused = state.refusal(wrong)
        assert refused is not None and refused.legal is False and refused.rules
        with pytest.raises(IllegalActionError) as err:
            state.apply(wrong)
        assert err.value.reason == refused.verdict and err.value.rules == refused.rules
        state = state.apply(rng.choice(legal))
    over = play_one(2, [greedy, greedy], random.Random(5))[0]
    assert over.refusal("draft Fire").rules == ("elephants.base.game-end",)


def test_observation_shows_a_player_their_own_hand_and_no_one_elses() -> None:
    state = new_game(2)
    for action in ["draft Thunder", "draft Fire", "draft Water", "draft Wind"]:
        state = state.apply(action)
    while state.decision.kind == "discard":
        state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])  # P1 prepares a spell face down
    mine, theirs = state.observation(0), state.observation(1)
    hand = state.player("P1").hand
    assert "P1's hand: " in mine and "P2's hand" not in mine
    assert all(name in mine for name in hand)
    assert "P1:?" in theirs and "P1:?" not in mine  # the prepared spell is hidden from P2 only
    assert not any(f"{name} (" in theirs for name in hand)


def test_elephants_base_game_end_the_last_player_with_a_trunk_wins() -> None:
    state, _ = play_one(2, [greedy, random_policy], random.Random(7))
    assert state.is_terminal() and state.winner() == 0 and state.returns() == (1.0, -1.0)
    w = state.world()
    assert w.players["P2"].out and w.players["P2"].trunks == 0 and w.players["P1"].trunks > 0
    with pytest.raises(IllegalActionError) as err:
        state.apply("keep")
    assert err.value.rules == ("elephants.base.game-end",)


def _at_round_limit(trunks: dict[str, int], health: dict[str, int]) -> World:
    from rulebook.elephants import game as G

    w = World(list(trunks), rulebook.rules("elephants").options())
    w.deck = []
    w.round, w.clash, w.step = rulebook.elephants.LIMITS["max_rounds"], 4, ("endround",)
    for p in trunks:
        w.players[p].trunks, w.players[p].health = trunks[p], health[p]
    G.run_clash(w, lambda d, _w: d.options[0], stop=lambda x: False)
    return w


def test_elephants_interp_game_draw_a_game_stops_after_the_round_limit() -> None:
    w = _at_round_limit({"P1": 2, "P2": 2, "P3": 1}, {"P1": 3, "P2": 4, "P3": 5})
    assert w.over and w.winner == "P2"
    assert "elephants.interp.game-draw" in [s.rule for s in w.steps]
    tied = _at_round_limit({"P1": 2, "P2": 2}, {"P1": 4, "P2": 4})
    assert tied.over and tied.winner is None
    for seed in range(20):
        state, _ = play_one(4, [random_policy] * 4, random.Random(seed))
        assert state.round <= rulebook.rules("elephants").data["limits"]["max_rounds"]


def test_elephants_base_invulnerable_a_player_down_this_round_prepares_nothing() -> None:
    state = new_game(3)
    rng = random.Random(2)
    seen = False
    while state.decision is not None and not seen:
        w = state.world()
        if state.decision.kind == "cast":
            down = [p for p in w.seats if w.players[p].down]
            assert state.decision.player not in down
            seen = bool(down)
        state = state.apply(rng.choice(state.legal_actions()))


def test_elephants_interp_empty_hand_prepare_a_player_with_no_spell_prepares_nothing() -> None:
    w = World(["P1", "P2"], rulebook.rules("elephants").options())
    w.deck = []
    w.players["P1"].hand = []
    w.players["P2"].hand = ["fireball"]
    w.step = ("prepare", 0)
    state = ElephantsState(w.freeze(), (), w.freeze(), None, w.options)
    steps = []
    from rulebook.elephants import game as G

    w2 = World.thaw(state._checkpoint, state.options)
    G.run_clash(w2, lambda d, _w: d.options[0], stop=lambda x: x.step[0] == "resolve")
    steps = [s.rule for s in w2.steps]
    assert "elephants.interp.empty-hand-prepare" in steps
    assert [c.ref for c in w2.board] == ["P2:fireball"]


def test_every_ruling_of_a_game_cites_known_rules_and_every_step_a_rule() -> None:
    rng = random.Random(3)
    state = new_game(4)
    while state.decision is not None:
        state, ruling = state.explain(rng.choice(state.legal_actions()))
        assert set(ruling.rules) <= IDS and all(step.rule for step in ruling.trace)
        assert ruling.verdict.startswith(tuple(state.seats))


def test_a_game_log_is_read_back_and_a_bad_one_names_its_line() -> None:
    players, options, moves = parse_log("# a comment\nplayers 2\noption gravitate-move=may\nP1 draft Thunder\n")
    assert (players, options, moves) == (2, {"gravitate-move": "may"}, [("P1", "draft Thunder", 4)])
    with pytest.raises(InvalidInputError, match="line 2: expected"):
        parse_log("players 2\ndraft Thunder")
    with pytest.raises(InvalidInputError, match="starts with 'players N'"):
        parse_log("P1 draft Thunder")
    with pytest.raises(IllegalActionError, match="line 3: it is P2's decision"):
        replay("players 2\nP1 draft Thunder\nP1 draft Fire")
    with pytest.raises(IllegalActionError, match="line 2: 'draft Nowhere' is not a legal action"):
        replay("players 2\nP1 draft Nowhere")
