"""Elementals move logs: one action read from its notation, a whole log read, and a game replayed from it.

Everything public here is re-exported by [`rulebook.elementals`][rulebook.elementals], the way to import it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rulebook.elementals.cards import (
    DEFAULT_SEED,
    LAYOUTS,
    LORDS,
    LOSING_DAMAGE,
    POWER_LORD,
    RULESET,
    Action,
    Discard,
    Draw,
    Play,
    Reorder,
    Unleash,
    card,
    elemental_card,
    is_joker,
    layout,
    titan_card,
)
from rulebook.elementals.engine import ElementalsState
from rulebook.elementals.setup import new_game
from rulebook.errors import IllegalActionError, InvalidInputError, closest, did_you_mean
from rulebook.reading import capped, number
from rulebook.ruling import Ruling, Trace

# ---------------------------------------------------------------- notation

_PLAY = re.compile(r"^(?P<card>[^\s=>]+) ?(?:= ?(?P<power>[^\s=>]+))? ?> ?(?P<target>\S+)$")
_FORMAT = (
    "'draw', 'CARD > ELEMENTAL' (JK1=6 > KS), 'discard CARD', 'neptulon CARD', 'therazane', 'top', 'stay', "
    "'ragnaros CARD' or 'alakir'"
)


def parse_action(text: str) -> Action:
    """Read one action of the move-log notation.

    Examples:
        >>> parse_action("7h > ks"), parse_action("JK1=6 > QD")
        (Play(card='7H', target='KS', power=None), Play(card='JK1', target='QD', power=6))
        >>> parse_action("discard 9C"), parse_action("ragnaros 5d"), parse_action("stay")
        (Discard(card='9C', power=None), Unleash(power='ragnaros', card='5D'), Reorder(to_top=False))
        >>> parse_action("attack KS")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read the action 'attack KS'; write 'draw', 'CARD > ELEMENTAL'...
        >>> parse_action("ragnaro 5D")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read the action 'ragnaro 5D' (did you mean 'ragnaros'?); write...
    """
    line = " ".join(capped(text, "an action").split())
    low = line.lower()
    if low == "draw":
        return Draw()
    if low in ("top", "stay"):
        return Reorder(low == "top")
    m = _PLAY.match(line)
    if m:
        power = number(m["power"], "a joker's power") if m["power"] else None
        return Play(titan_card(m["card"]), elemental_card(m["target"]), power)
    word, _, rest = low.partition(" ")
    if word == "discard" and rest:
        name, sep, named = rest.partition("=")
        return Discard(titan_card(name), number(named, "a joker's power") if sep else None)
    key = word.replace("'", "").replace("-", "")
    if key in POWER_LORD:
        return Unleash(key, titan_card(rest) if rest else None)
    hint = did_you_mean(closest(key, ["draw", "discard", "top", "stay", *POWER_LORD]))
    raise InvalidInputError(f"cannot read the action {line!r}{hint}; write {_FORMAT}")


def parse_log(text: str) -> tuple[dict[str, Any], list[tuple[int, Action]]]:
    """Read a move log: its header (``seed``, ``layout``, ``option`` lines) and ``(line, action)`` pairs.

    Examples:
        >>> header, moves = parse_log("seed 7\\nlayout kite\\ndraw  # turn 1\\n3D > KD")
        >>> header, [str(a) for _, a in moves]
        ({'seed': 7, 'layout': 'kite', 'options': {}}, ['draw', '3D > KD'])
    """
    header: dict[str, Any] = {"seed": DEFAULT_SEED, "layout": "1", "options": {}}
    moves: list[tuple[int, Action]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        try:
            if word.lower() == "seed" and not moves:
                header["seed"] = number(rest, "the seed", low=0)
            elif word.lower() == "layout" and not moves:
                header["layout"] = rest.strip()
                layout(header["layout"])  # checked here, so that a bad layout names its line
            elif word.lower() == "option" and not moves:
                name, sep, value = rest.partition("=")
                if not sep:
                    raise InvalidInputError(f"write an option as 'option NAME=VALUE', not {line!r}")
                RULESET.option(name.strip()).parse(value.strip())  # the same: a bad option names its line
                header["options"][name.strip()] = value.strip()
            else:
                moves.append((lineno, parse_action(line)))
        except InvalidInputError as err:
            raise InvalidInputError(f"line {lineno}: {err}") from None
    return header, moves


def _agree(logged: Mapping[str, object], given: Mapping[str, object]) -> None:
    """Refuse an option given for a replay that contradicts the log's own ``option`` line: the log says how its game
    was played, and playing it by another reading would silently be another game.

    Examples:
        >>> _agree({"joker-discard": "ten"}, {"joker-discard": "ten", "breath-draws": "random"})
        >>> _agree({"joker-discard": "ten"}, {"joker-discard": "chosen"})
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: the log plays by option joker-discard=ten; -o joker-discard=chosen ...
    """
    for name, value in given.items():
        if name not in logged:
            continue
        option = RULESET.option(name)
        if option.parse(logged[name]) != option.parse(value):
            raise InvalidInputError(
                f"the log plays by option {name}={option.parse(logged[name])}; -o {name}={option.parse(value)} "
                "contradicts it: give the option in one place (or change the log's line)"
            )


def replay(log: str, options: Mapping[str, object] | None = None, steps: bool = True) -> Ruling:
    """Replay a move log from its seed: every action's outcome, or the first illegal action and why.

    Options given here are added to the log's own ``option`` lines (one that contradicts them is refused). With
    ``steps`` (the default) the
    trace holds every step of every action; without, it sums the game up in a few lines: the deal, the
    elementals defeated and when, the discards, the powers used, and how the game ended.

    Examples:
        >>> r = replay("seed 7\\ndraw\\n5D > QH\\n6H > KD")
        >>> r.verdict
        'legal: 3 actions, game not over (turn 1, damage 0)'
        >>> print(replay("seed 7\\ndraw\\n5D > KD").verdict)
        illegal at action 2 (line 3, '5D > KD'): KD is immune to earth: 5D deals it no damage
        >>> print(replay("seed 7\\ndraw\\n5D > QH\\n6H > KD\\ndiscard 3S", steps=False))
        legal: 4 actions, game not over (turn 1, damage 3)
          1. dealt from seed 7 in the pyramid; 1 turn played  [elementals.interp.deal]
          2. no elemental defeated yet  [elementals.attack.order]
          3. 3 damage from 1 discard: 3S  [elementals.discard.damage]
    """
    header, moves = parse_log(log)
    _agree(header["options"], options or {})
    opts = {**header["options"], **(options or {})}
    state = new_game(opts, seed=header["seed"], layout=header["layout"])
    trace = Trace()
    done: list[dict[str, Any]] = []
    value: dict[str, Any] = {
        "seed": header["seed"],
        "layout": LAYOUTS[state.layout].name,
        "options": dict(state.options),
        "actions": done,
    }
    defeated: list[str] = []
    used: list[str] = []
    unseeded = not any(raw.split("#", 1)[0].split()[:1] == ["seed"] for raw in log.lower().splitlines())
    if unseeded and steps:
        trace.add(f"the log names no seed: dealt from seed {header['seed']}, the default", "elementals.interp.deal")
    for n, (lineno, action) in enumerate(moves, 1):
        try:
            after, ruling = state.explain(action)
        except InvalidInputError as err:  # bad input met only as the action is played names its line too
            raise InvalidInputError(f"line {lineno}: {err}") from None
        except IllegalActionError as err:
            if not steps:
                _summary(trace, header["seed"], state, defeated, used, unseeded)
            trace.add(f"action {n}: {action} is illegal: {err.reason}", err.rules[0] if err.rules else None)
            trace.also_forbidden(err.rules[1:], f"action {n}: ")
            value.update(legal=False, illegal_action=n, line=lineno, reason=err.reason, position=state.to_dict())
            return trace.ruling(f"illegal at action {n} (line {lineno}, {str(action)!r}): {err.reason}", value, False)
        if steps:
            for step in ruling.trace:
                trace.add(f"action {n}: {step.text}", step.rule)
        else:
            defeated += [
                f"{t} (turn {after.turn})" for t, x in zip(state.slots, after.slots, strict=True) if t and not x
            ]
            if isinstance(action, Unleash):
                used.append(_power_used(state, action, after))
        done.append({"action": n, "move": str(action), "outcome": ruling.verdict})
        state = after
    value.update(legal=True, position=state.to_dict())
    if not steps:
        _summary(trace, header["seed"], state, defeated, used, unseeded)
    verdict = _ended(trace, state, len(done), steps)
    return trace.ruling(verdict, value, legal=True)


def _ended(trace: Trace, state: ElementalsState, actions: int, steps: bool) -> str:
    """The verdict of a legal replay, and (quiet replays) the step that says how a finished game ended."""
    done = f"{actions} action{'s' if actions != 1 else ''}"
    if not state.is_terminal():
        return f"legal: {done}, game not over (turn {state.turn}, damage {state.damage})"
    result = f"the player wins with {state.damage} damage" if state.won() else "the elementals win"
    if not steps:
        if state.won():
            trace.add(f"every elemental is defeated with {state.damage} damage: the player wins", "elementals.end.win")
        elif state.damage >= LOSING_DAMAGE:
            trace.add(f"{state.damage} damage is {LOSING_DAMAGE} or more: the player loses", "elementals.end.loss")
        else:
            trace.add("a turn must begin and the titan deck is empty: the player loses", "elementals.interp.empty-deck")
    trace.add(
        "Result: the player +1 and the elementals -1" if state.won() else "Result: the player -1, the elementals +1",
        "elementals.interp.two-sides",
    )
    return f"legal: {done}, {result}"


def _power_used(before: ElementalsState, action: Unleash, after: ElementalsState) -> str:
    """A power's use in a few words, for a replay's summary: ``Hand of Ragnaros on 7C (turn 11)``."""
    name = action.power.strip().lower().replace("'", "").replace("-", "")
    title = LORDS[POWER_LORD[name]]["title"]
    if name == "neptulon":
        what = f"{card(action.card or '')} under the deck"
    elif name == "ragnaros":
        what = f"{card(action.card or '')} doubled"
    elif name == "therazane":
        what = f"the bottom card was {before.deck[-1]}"
    else:
        what = f"drew {after.hand[-1]}"
    return f"{title}, {what} (turn {max(before.turn, 1)})"


def _summary(
    trace: Trace, seed: int, state: ElementalsState, defeated: list[str], used: list[str], unseeded: bool = False
) -> None:
    """The few lines of a quiet replay: the deal (``unseeded``: the log named no seed, so the default's), the
    elementals defeated, the discards, the powers used."""
    turns = f"{state.turn} turn{'s' if state.turn != 1 else ''} played"
    default = " (the log names no seed: the default)" if unseeded else ""
    trace.add(f"dealt from seed {seed}{default} in the {LAYOUTS[state.layout].name}; {turns}", "elementals.interp.deal")
    for name, value in state.options.changed().items():  # the readings the game was played by, each named
        option = RULESET.option(name)
        trace.add(f"played by option {name}={value}: {option.choices[value]}", option.record)
    if defeated:
        trace.add(f"{len(defeated)} of 12 elementals defeated: {', '.join(defeated)}", "elementals.defeat.banished")
    else:
        trace.add("no elemental defeated yet", "elementals.attack.order")
    if state.discards:
        cards = ", ".join(f"{c}={d}" if is_joker(c) else c for c, d in state.discards)
        n = len(state.discards)
        trace.add(
            f"{state.damage} damage from {n} discard{'s' if n != 1 else ''}: {cards}", "elementals.discard.damage"
        )
    if used:
        trace.add(f"powers used: {'; '.join(used)}", "elementals.power.absorb")
