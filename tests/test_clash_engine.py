"""Properties of the Elemental Clash engine, checked over many reachable positions and every option."""

from __future__ import annotations

import itertools
import random

import pytest

from rulebook import IllegalActionError, clash, rules
from rulebook.clash import Attack, Defend, Revive

ALL_OPTIONS = [
    dict(zip([o.name for o in rules("clash").option_list], values, strict=True))
    for values in itertools.product(*[list(o.choices) for o in rules("clash").option_list])
]


def _reachable(options: dict, games: int = 60, seed: int = 1) -> list[clash.ClashState]:
    rng = random.Random(seed)
    seen: list[clash.ClashState] = []
    for _ in range(games):
        state = clash.new_game(options)
        while True:
            seen.append(state)
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return seen


def _candidates() -> list:
    every = [Attack(a, t, x) for a in clash.ELEMENTS for t in clash.ELEMENTS for x in (False, True)]
    return every + [Defend(False), Defend(True)] + [Revive(e) for e in clash.ELEMENTS]


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_legal_actions_are_exactly_the_actions_that_are_not_refused(options: dict) -> None:
    for state in _reachable(options, games=25):
        legal = set(state.legal_actions())
        for action in _candidates():
            refusal = state.refusal(action)
            if refusal is not None:
                assert refusal.legal is False and refusal.rules, f"{action} refused without citing a rule"
                with pytest.raises(IllegalActionError) as raised:
                    state.apply(action)
                assert raised.value.rules == refusal.rules
            assert (refusal is None) == (action in legal), (str(state), action)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_game_ends_quickly_and_no_one_is_ever_stuck(options: dict) -> None:
    rng = random.Random(5)
    for _ in range(300):
        state = clash.new_game(options)
        while not state.is_terminal():
            assert state.legal_actions(), "a player with elements always has a move (no passing)"
            state = state.apply(rng.choice(state.legal_actions()))
        # 10 elements can be eliminated; each player has at most one Revive and (with restored abilities)
        # two Fortify saves: a game has at most 10 + 2 + 4 = 16 turns.
        assert state.turn - 1 <= 16
        assert sum(state.returns()) == 0


def test_apply_never_changes_the_old_state_and_states_compare_by_position() -> None:
    start = clash.new_game()
    after = start.apply(Attack("earth", "water")).apply(Defend())
    assert start == clash.new_game()
    assert after != start
    same = clash.position("fire water earth air ether", "fire earth air ether", to_move="P2", turn=98)
    assert same == after and hash(same) == hash(after)


def test_the_defender_chooses_knowing_the_attackers_declaration() -> None:
    pending = clash.new_game().apply(Attack("fire", "water", True))
    assert pending.current_player == 1
    assert pending.pending == Attack("fire", "water", True)
    with pytest.raises(IllegalActionError, match="must first answer"):
        pending.apply(Attack("earth", "water"))


def test_options_change_only_what_they_name() -> None:
    # The same log under every option: only gale-defends affects this one.
    log = "fire+ > water+\nearth > fire\nair+ > earth"
    verdicts = {tuple(sorted(o.items())): clash.replay(log, o).verdict for o in ALL_OPTIONS}
    assert len(set(verdicts.values())) == 1


def test_unknown_option_and_value_are_refused_with_a_suggestion() -> None:
    with pytest.raises(Exception, match="did you mean 'gale-defends'"):
        clash.new_game({"gale-defend": "yes"})
    with pytest.raises(Exception, match="accepted: no, yes"):
        clash.new_game({"gale-defends": "maybe"})


def test_scoring_over_a_series() -> None:
    won = clash.position("earth fire", "air").apply(Attack("earth", "air")).apply(Defend())
    lost = clash.position("ether", "fire water").apply(Attack("ether", "fire")).apply(Defend())
    assert clash.score(won) == (5, 0)
    assert clash.score(lost) == (0, 5)
    assert clash.series_score([won, lost, won]) == (10, 5)


def test_a_full_game_replays_from_its_log_to_the_same_final_position() -> None:
    rng = random.Random(11)
    state = clash.new_game()
    turns = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        if isinstance(action, Attack):
            defend = rng.choice(state.apply(action).legal_actions())
            turn = clash.Turn(action, defend)
        else:
            turn = clash.Turn(action)
        turns.append(str(turn))
        state = clash.play(state, turn)[0]
    ruling = clash.replay("\n".join(turns))
    assert ruling.legal
    assert ruling.value["position"] == state.to_dict()


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_turn_bound_always_holds(options: dict) -> None:
    # clash.interp.game-ends: turns_left_at_most never underestimates the turns a game still takes.
    rng = random.Random(17)
    for _ in range(200):
        history = [clash.new_game(options)]
        while not history[-1].is_terminal():
            history.append(history[-1].apply(rng.choice(history[-1].legal_actions())))
        final_turn = history[-1].turn
        for state in history:
            assert final_turn - state.turn <= clash.turns_left_at_most(state)


def test_a_position_that_lists_an_element_twice_is_refused() -> None:
    # "fire fire*" cannot say whether Blaze is spent: refused, not read as either.
    from rulebook.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="P1's Fire is listed twice"):
        clash.position("fire* fire", "water")
    with pytest.raises(InvalidInputError, match="P2's Earth is listed twice"):
        clash.position("fire", "earth -earth")


def test_two_gales_name_whose_takes_effect_first_and_one_move_is_singular() -> None:
    ruling = clash.resolve_attack(clash.new_game({"gale-defends": "yes"}), "air+ > air+")
    order = [s for s in ruling.trace if s.rule == "clash.interp.ability-order"]
    assert order and "P1's Gale took effect first" in order[0].text and "P2's Gale comes second" in order[0].text
    assert clash.describe(clash.position("fire", "water")).verdict == "P1 to move (turn 1), 2 legal moves"
    assert clash.describe(clash.position("ether*", "fire")).verdict == "P1 to move (turn 1), 1 legal move"


def test_revive_declared_in_an_attack_is_refused_in_plain_words() -> None:
    ruling = clash.resolve_attack(clash.new_game(), "ether+ > fire")
    assert not ruling.legal
    assert ruling.verdict == (
        "illegal: P1's Ether cannot use Revive when attacking: "
        "it is used only on its owner's turn, instead of attacking"
    )
