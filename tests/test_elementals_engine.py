"""Properties of the Elementals engine, over many reachable positions and every option."""

from __future__ import annotations

import itertools
import random

import pytest

from rulebook import IllegalActionError, InvalidInputError, elementals, rules
from rulebook.elementals import Discard, Draw, Play, Reorder, Unleash
from rulebook.elementals.bots import play_game
from rulebook.elementals.simulation import POLICIES

ALL_OPTIONS = [
    dict(zip([o.name for o in rules("elementals").option_list], values, strict=True))
    for values in itertools.product(*[list(o.choices) for o in rules("elementals").option_list])
]
POWERS = (None, *elementals.JOKER_POWERS)


def _games(
    options: dict, games: int, seed: int, policy: str = "random", give_powers: bool = True
) -> list[list[elementals.ElementalsState]]:
    """Whole games as lists of states; the policy is chosen so that powers come into play."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = elementals.new_game(options, seed=seed + g, layout=1 + g % 3)
        # Give the player every power, so that the powers' rules are exercised from the first turn.
        if give_powers:
            state = elementals.ElementalsState(**{**_fields(state), "powers": ("KH", "KD", "KS", "KC")})
        policy_fn = POLICIES[policy]()
        seen = [state]
        while not state.is_terminal():
            state = state.apply(policy_fn(state, rng))
            seen.append(state)
        out.append(seen)
    return out


def _fields(state: elementals.ElementalsState) -> dict:
    return {f: getattr(state, f) for f in state.__dataclass_fields__}


def _candidates(state: elementals.ElementalsState) -> list:
    on_piles = [c for pile in state.piles for c, _ in pile]
    cards = [*state.hand, *on_piles, "AH"]
    acts: list = [Draw(), Reorder(True), Reorder(False)]
    acts += [Play(c, t, p) for c in state.hand for t in elementals.ELEMENTALS for p in POWERS]
    acts += [Discard(c, p) for c in state.hand for p in POWERS]
    acts += [Unleash(n, c) for n in elementals.POWERS for c in (None, *cards)]
    return acts


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_legal_actions_are_exactly_the_actions_that_pass_the_checks(options: dict) -> None:
    for game in _games(options, games=2, seed=11):
        for state in game[::3]:
            legal = set(state.legal_actions())
            for action in _candidates(state):
                try:
                    refused = state.refusal(action)
                    allowed = refused is None
                    assert allowed or refused.rules, f"{action} refused without citing a rule"
                    assert allowed or refused.legal is False
                except InvalidInputError:
                    allowed = False
                assert allowed == (action in legal), (state.render(), action)


def test_a_game_is_reproduced_from_its_seed_and_its_move_log() -> None:
    rng = random.Random(3)
    state = elementals.new_game(seed=42, layout=2)
    log = ["seed 42", "layout 2"]
    policy = POLICIES["planner"]()
    while not state.is_terminal():
        action = policy(state, rng)
        log.append(str(action))
        state = state.apply(action)
    ruling = elementals.replay("\n".join(log))
    assert ruling.legal is True
    assert ruling.value["position"] == state.to_dict()
    assert len(ruling.value["actions"]) == len(log) - 2


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    assert elementals.new_game(seed=5) == elementals.new_game(seed=5)
    assert elementals.new_game(seed=5).deck != elementals.new_game(seed=6).deck


@pytest.mark.parametrize("number", [1, 2, 3])
def test_each_layout_reveals_exactly_its_bottom_row_and_every_card_in_turn(number: int) -> None:
    lay = elementals.layout(number)
    state = elementals.new_game(seed=1, layout=number)
    assert sorted(state.revealed) == sorted(lay.bottom)
    # Defeating every card from the bottom up reveals each card exactly when all cards covering it are gone.
    slots = list(state.slots)
    for i in sorted(range(12), key=lambda i: (-lay.slots[i][0], lay.slots[i][1])):
        covered = [k for k in lay.covered_by[i] if slots[k] is not None]
        assert not covered, f"slot {i} is still covered by {covered}"
        slots[i] = None
    assert sum(len(c) for c in lay.covered_by) > 0


def test_covering_follows_the_drawing_columns() -> None:
    pyramid = elementals.layout("pyramid")
    # The bottom row's left card (slot 10) covers the two left cards of the row of four (slots 6 and 7).
    assert pyramid.covered_by[6] == (10,) and pyramid.covered_by[7] == (10,)
    assert pyramid.covered_by[8] == (11,) and pyramid.covered_by[9] == (11,)
    tower = elementals.layout("tower")
    assert tower.covered_by[7] == (9, 10) and tower.covered_by[8] == (10, 11)


@pytest.mark.parametrize("options", ALL_OPTIONS[:: max(1, len(ALL_OPTIONS) // 4)])
def test_every_game_ends_and_the_cards_are_all_accounted_for(options: dict) -> None:
    played = _games(options, 6, 100, "greedy", give_powers=False) + _games(options, 6, 200, give_powers=False)
    played += _games(options, 4, 300, "planner", give_powers=False)
    for game in played:
        for state in game:
            titans = (
                list(state.deck)
                + list(state.hand)
                + [c for c, _ in state.discards]
                + [c for pile in state.piles for c, _ in pile]
                + [c for c in state.plane if c in elementals.TITAN_DECK]
            )
            assert sorted(titans) == sorted(elementals.TITAN_DECK)
            faces = [s for s in state.slots if s] + list(state.powers)
            faces += [c for c in state.plane if c in elementals.ELEMENTALS]
            assert sorted(faces) == sorted(elementals.ELEMENTALS)
        end = game[-1]
        assert end.is_terminal() and (end.won() or end.damage >= 33 or not end.deck)


def test_a_position_is_never_changed_by_apply() -> None:
    state = elementals.position(hand="9C 4H", targets="KS QH")
    before = state.render()
    state.apply(Discard("9C"))
    assert state.render() == before


def test_refused_inputs_name_what_is_accepted() -> None:
    state = elementals.position(hand="9C JK1", targets="KS QH")
    with pytest.raises(InvalidInputError, match="name the joker's power"):
        state.apply(Play("JK1", "KS"))
    with pytest.raises(InvalidInputError, match="only a joker's power is named"):
        state.apply(Play("9C", "KS", 4))
    with pytest.raises(InvalidInputError, match="is a titan-forged card, not an elemental"):
        elementals.parse_action("9C > 7H")
    with pytest.raises(InvalidInputError, match="cannot read the action"):
        elementals.parse_action("hit KS")


def test_the_planner_beats_the_baseline_on_the_same_deals() -> None:
    wins = {}
    for name in ("greedy", "planner"):
        wins[name] = sum(
            play_game(elementals.new_game(seed=s), POLICIES[name](), random.Random(s)).defeated for s in range(8)
        )
    assert wins["planner"] > wins["greedy"]


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_fast_path_gives_exactly_the_state_the_checked_path_gives(options: dict) -> None:
    # `apply` takes a fast path for plain legal actions; it must agree field by field (the turn counter
    # too) with the checked path that `explain` takes, and must never accept an action that path refuses.
    from rulebook.elementals.engine import _fast_step, _ignore

    taken = 0
    for game in _games(options, games=3, seed=21) + _games(options, 3, 31, "greedy", give_powers=False):
        for state in game:
            for action in _candidates(state):
                fast = _fast_step(state, action)
                try:
                    slow = state._step(action, _ignore)
                except (IllegalActionError, InvalidInputError):
                    assert fast is None, (state.render(), action)
                    continue
                if fast is not None:
                    taken += 1
                    assert _fields(fast) == _fields(slow), (state.render(), action)
    assert taken > 300


def test_the_written_out_shuffle_is_the_standard_librarys() -> None:
    # Deals must not change: the engine's own shuffle gives the permutation `random.shuffle` gives.
    from rulebook.elementals.setup import _shuffle

    for seed in range(200):
        ours, theirs = list(elementals.TITAN_DECK), list(elementals.TITAN_DECK)
        a, b = random.Random(seed), random.Random(seed)
        _shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs and a.random() == b.random()


def _reference_greedy(state: elementals.ElementalsState) -> object:
    """The baseline policy as first written, over the listed legal actions: the fast one must agree."""
    actions = state.legal_actions()
    if actions[0] == Draw() or isinstance(actions[0], Reorder):
        return actions[0]
    plays = [a for a in actions if isinstance(a, Play)]
    slot = {t: state.slot_of(t) for t in state.targets()}
    banish = [a for a in plays if len(state.piles[slot[a.target]]) == 2]
    if banish:
        return banish[0]

    def power(c: str) -> int:
        return 10 if c.startswith("JK") else elementals.power_of(c)

    second = [a for a in plays if len(state.piles[slot[a.target]]) == 1]
    if second:
        return min(second, key=lambda a: (a.power or 0) + (0 if a.power else 100) + power(a.card))
    first = [a for a in plays if not state.piles[slot[a.target]] and (a.power is None or a.power == 10)]
    if first:
        return min(first, key=lambda a: elementals.power_of(a.target) - (a.power or power(a.card)))
    discards = [a for a in actions if isinstance(a, Discard)]
    return min(discards, key=lambda a: a.power if a.power is not None else power(a.card))


@pytest.mark.parametrize("options", ALL_OPTIONS[::3], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_baseline_policy_chooses_what_its_first_version_chose(options: dict) -> None:
    from rulebook.elementals.bots import greedy

    for game in _games(options, games=4, seed=41) + _games(options, 4, 51, "greedy"):
        for state in game[:-1]:
            assert greedy(state, random.Random(0)) == _reference_greedy(state), state.render()


# ---------------------------------------------------------------- the planner's search against its first version
def _reference_evaluate(s: elementals.ElementalsState) -> float:
    from rulebook.elementals.evaluation import POWER_VALUE, forced_damage
    from rulebook.elementals.evaluation import WEIGHTS as w

    if s.won():
        return 1e6 - s.damage
    if s.lost():
        return -1e6 + s.defeated * 100
    remaining = [i for i, t in enumerate(s.slots) if t is not None]
    score = w["defeated"] * s.defeated - w["damage"] * s.damage
    if s.damage > w["danger_from"]:
        score -= w["danger"] * (s.damage - w["danger_from"])
    needed = sum(3 - len(s.piles[i]) for i in remaining)
    slack = len(s.deck) + len(s.hand) - needed + (1 if "KH" in s.powers else 0)
    score += w["short"] * slack if slack < 0 else w["spare"] * min(slack, 6)
    pool = list(s.deck) + list(s.hand)
    suits = dict.fromkeys(elementals.SUITS.values(), 0)
    for c in pool:
        if elementals.element_of(c):
            suits[elementals.element_of(c)] += 1
    wanted = dict.fromkeys(elementals.SUITS.values(), 0)
    for i in remaining:
        wanted[elementals.element_of(s.slots[i])] += 1
    score -= w["deficit"] * sum(max(0, wanted[el] - suits[el]) for el in wanted)
    still = sum(elementals.power_of(s.slots[i]) - s.pile_power(i) for i in remaining if len(s.piles[i]) < 2)
    have = sum(10 if c in elementals.JOKERS else elementals.power_of(c) * (2 if c in s.doubled else 1) for c in pool)
    score += w["economy"] * (have - still)
    # The terms fitted in the sixth round: the damage the next draw would force away (its own doctested
    # function), the elements with no spare card, and the weakest spare cards' damage past the limit.
    node = (s.slots, s.piles, s.revealed, s.damage, s.powers, s.doubled)
    score -= w["forced"] * forced_damage(node, s.deck, s.hand) if w["forced"] else 0.0
    score -= w["tight"] * sum(1 for el in wanted if wanted[el] and suits[el] <= wanted[el])
    if slack > 0:
        weakest = sorted(10 if c in elementals.JOKERS else elementals.power_of(c) for c in pool)[:slack]
        score -= w["overflow"] * max(0, s.damage + sum(weakest) - (elementals.LOSING_DAMAGE - 1))
    reach = 20 if "KS" in s.powers else 10
    for i in remaining:
        pile = s.piles[i]
        if len(pile) == 2:
            score += w["ready"]
        elif len(pile) == 1:
            need = elementals.power_of(s.slots[i]) - s.pile_power(i)
            score += w["started"] - w["need"] * max(need, 0) if need <= reach else -w["stuck"]
        if i in s.revealed:
            score += w["revealed"]
    return score + sum(POWER_VALUE.get(k, 0.0) for k in s.powers)


def _reference_worth(s: elementals.ElementalsState, a: object) -> bool:
    import math

    if isinstance(a, Play) and a.power is not None:
        slot = s.slot_of(a.target)
        if not s.piles[slot]:
            return a.power == 10
        factor = 2 if a.card in s.doubled else 1
        return a.power == max(1, math.ceil((elementals.power_of(a.target) - s.pile_power(slot)) / factor))
    if isinstance(a, Discard):
        return a.power is None or a.power == 1
    if isinstance(a, Unleash):
        if a.power == "ragnaros":
            return a.card in s.hand or any(a.card == p[0][0] for p in s.piles if p)
        return a.power == "neptulon"
    return True


def _reference_search(s: elementals.ElementalsState, memo: dict) -> tuple:
    if s in memo:
        return memo[s]
    if s.is_terminal() or not s.in_turn:
        best = (_reference_evaluate(s), ())
    else:
        best = (-float("inf"), ())
        for a in [a for a in s.legal_actions() if _reference_worth(s, a)]:
            value, rest = _reference_search(s._step(a, lambda *_: None), memo)
            if value > best[0]:
                best = (value, (a, *rest))
    memo[s] = best
    return best


@pytest.mark.parametrize("options", ALL_OPTIONS[::5], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_planners_search_finds_the_plan_its_first_version_found(options: dict) -> None:
    # The planner searches light positions for speed; over whole states, with every legal action filtered
    # as it was first written, the same best score and the same first plan come out.
    from rulebook.elementals.bots import plan_turn

    checked = 0
    for game in _games(options, games=2, seed=61) + _games(options, 2, 71, "planner"):
        for state in game:
            if state.in_turn and not state.is_terminal() and not state.peeking:
                (value, plan), (reference, first) = plan_turn(state), _reference_search(state, {})
                assert plan == first and value == pytest.approx(reference), state.render()
                checked += 1
    assert checked > 20


def test_the_observation_shows_what_the_player_sees_and_never_a_hidden_card() -> None:
    from dataclasses import replace

    state = elementals.new_game(seed=12).apply(elementals.Draw())
    hidden = [s for i, s in enumerate(state.slots) if s is not None and i not in state.revealed]
    other = replace(state, deck=state.deck[::-1], slots=tuple(reversed(state.slots[:10])) + state.slots[10:])
    text = state.observation(0)
    assert text == other.observation(0) == state.observation(1)
    assert not any(f"[{card}]" in text for card in hidden) and all(c in text for c in state.hand)
    assert state.seen() == other.seen() and state != other


def test_refusal_is_the_one_way_to_refuse_and_agrees_with_apply() -> None:
    from rulebook.errors import IllegalActionError

    state = elementals.position(hand="7S 5D", targets="KS QH")
    refused = state.refusal(elementals.Play("7S", "KS"))
    assert refused is not None and refused.legal is False and "elementals.attack.immunity" in refused.rules
    with pytest.raises(IllegalActionError):
        state.apply(elementals.Play("7S", "KS"))
    assert state.refusal(elementals.Play("5D", "KS")) is None
    absent = state.refusal(elementals.Play("9C", "KS"))
    assert absent is not None and absent.value["available"] is False
