"""Elementals rulings: one play judged in a position, and the scenarios (positions and plays as data).

Everything public here is re-exported by [`rulebook.elementals`][rulebook.elementals], the way to import it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.elementals.cards import (
    LAYOUTS,
    Action,
)
from rulebook.elementals.engine import ElementalsState
from rulebook.elementals.notation import parse_action
from rulebook.elementals.setup import card_list, position
from rulebook.ruling import Ruling, Step, Trace


def face_up_added(state: ElementalsState, targets: str | Sequence[str]) -> list[str]:
    """The face-up elementals of a set-up position that ``targets`` did not name: places no card covers
    must hold a card face up (``elementals.setup.reveal-bottom``), so ``position`` fills them.

    Examples:
        >>> face_up_added(position(hand="8H", targets="KS"), "KS")
        ['KC']
        >>> face_up_added(position(hand="8H", targets="KS QH"), "KS QH")
        []
    """
    named = set(card_list(targets))
    return [t for t in state.targets() if t not in named]


def with_added_note(ruling: Ruling, added: Sequence[str], layout: int) -> Ruling:
    """``ruling`` with a last step saying which face-up elementals the set-up added, when it added any."""
    if not added:
        return ruling
    name = LAYOUTS[layout].name
    one = len(added) == 1
    cards = ", ".join(added)
    step = Step(
        f"{cards} {'is' if one else 'are'} face up too: every place of the {name} that no card covers holds a "
        f"face-up elemental, and the set-up put {cards} in the {'one' if one else 'ones'} the targets you named "
        "left empty",
        "elementals.setup.reveal-bottom",
    )
    rules = ruling.rules if step.rule in ruling.rules else (*ruling.rules, step.rule)
    trace = ruling.trace
    if not trace and not ruling.legal and ruling.rules:  # a refusal: the set-up note must not stand alone
        trace = (Step(ruling.verdict, ruling.rules[0]),)
    return Ruling(ruling.verdict, ruling.value, rules, (*trace, step), legal=ruling.legal)


def check_play(state: ElementalsState, action: Action | str) -> Ruling:
    """Judge one action in ``state``: legal or not, what it does, the trace and the rules.

    Unlike [`ElementalsState.explain`][rulebook.elementals.ElementalsState.explain], an illegal action is an answer
    here, not an error.

    Examples:
        >>> s = position(hand="7H 6C 5S", targets="KS QH", piles={"KS": "8D"})
        >>> print(check_play(s, "6C > KS"))
        6C damages KS: 14 of 13
          1. 6C is the second damage card on KS  [elementals.attack.order]
          2. 8 + 6 = 14, at least KS's power 13: KS awaits a fire banish card  [elementals.attack.damage-sum]
        >>> check_play(s, "7H > QH").verdict
        'illegal: QH is immune to water: 7H deals it no damage'
    """
    if isinstance(action, str):
        action = parse_action(action)
    refused = state.refusal(action)
    if refused is not None and len(refused.rules) > 1:  # each further rule that forbids it: a step in words
        steps = Trace()
        steps.refusal(refused.value["reason"], refused.rules)
        return Ruling(refused.verdict, refused.value, refused.rules, tuple(steps.steps), legal=False)
    if refused is not None:
        return refused
    after, ruling = state.explain(action)
    value = {"action": str(action), "legal": True, "outcome": ruling.verdict, "position": after.to_dict()}
    trace, rules = ruling.trace, ruling.rules
    if state.in_turn and not after.in_turn and not after.is_terminal():  # the hand's last card: say the turn ended
        ended = Step(
            "every card of the hand is played or discarded: the turn ends, and the next begins with a draw",
            "elementals.turn.end",
        )
        trace, rules = (*trace, ended), tuple(dict.fromkeys((*rules, "elementals.turn.end")))
    return Ruling(ruling.verdict, value, rules, trace, legal=True)


#: The keys of a scenario (``rulebook/data/scenarios/elementals.toml``) that set up its position.
SCENARIO_SETUP = (
    "hand",
    "targets",
    "piles",
    "defeated",
    "powers",
    "discards",
    "deck",
    "plane",
    "layout",
    "in_turn",
    "options",
)


def scenario_play(
    case: Mapping[str, Any], options: Mapping[str, object] | None = None
) -> tuple[ElementalsState, Ruling | None]:
    """Set up a scenario's position, play all its actions but the last, and judge the last one.

    Returns the state before the last action and the ruling on it (``None`` if there is no action).
    ``options`` override the scenario's own rules options.

    Examples:
        >>> state, ruling = scenario_play({"hand": "7S", "targets": "KS QH", "actions": ["7S > KS"]})
        >>> ruling.legal
        False
    """
    setup = {k: case[k] for k in SCENARIO_SETUP if k in case}
    setup["options"] = {**case.get("options", {}), **(options or {})}
    state = position(**setup)
    added = face_up_added(state, case.get("targets", ""))
    *before, last = case.get("actions") or [None]
    for text in before:
        state = state.apply(parse_action(text))
    if last is None:
        return state, None
    return state, with_added_note(check_play(state, last), added, state.layout)


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (the verdict on its last play) and detail (the position after), for ``rulebook compare``."""
    state, ruling = scenario_play(case, options)
    if ruling is not None and ruling.legal:
        state = state.apply(parse_action(case["actions"][-1]))
    verdict = ruling.verdict if ruling is not None else "no play"
    detail = f"damage {state.damage}; face up {state.targets()}; hand {' '.join(state.hand)}"
    return verdict, detail
