"""Pebble Pile: the state, the one query and the scenario runner, built on the shared core only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

import rulebook
from rulebook.errors import InvalidInputError
from rulebook.protocol import refused, refusing, two_sided_returns
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

PLAYERS = ("P1", "P2")


def _ruleset() -> Any:
    return rulebook.rules("toy")


def _most() -> int:
    return int(_ruleset().data["pile"]["most"])


@dataclass(frozen=True)
class PileState:
    """A position: the pebbles left, whose turn it is, who took the last one, and the options."""

    pile: int
    to_move: int = 0
    options: Options = field(default_factory=lambda: _ruleset().options())
    last_taker: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.to_move

    def is_terminal(self) -> bool:
        return self.pile == 0

    def winner(self) -> int | None:
        if not self.is_terminal() or self.last_taker is None:
            return None
        wins = self.options["last-pebble"] == "wins"
        return self.last_taker if wins else 1 - self.last_taker

    def returns(self) -> tuple[float, float]:
        return two_sided_returns(self.winner())

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [n for n in range(1, _most() + 1) if n <= self.pile]

    def refusal(self, action: int) -> Ruling | None:
        if not isinstance(action, int) or isinstance(action, bool):
            raise InvalidInputError(f"not a Pebble Pile action: {action!r}; accepted: a number of pebbles")
        if self.is_terminal():
            return refusing("the game is over: the pile is empty", ["toy.end.last-pebble"])
        if not 1 <= action <= _most():
            return refusing(f"a turn takes 1 to {_most()} pebbles, not {action}", ["toy.turn.take"])
        if action > self.pile:
            return refusing(f"only {self.pile} left in the pile; {action} cannot be taken", ["toy.turn.no-more"])
        return None

    def apply(self, action: int) -> Self:
        return self.explain(action)[0]

    def explain(self, action: int) -> tuple[Self, Ruling]:
        found = self.refusal(action)
        if found is not None:
            raise refused(found)
        who = PLAYERS[self.to_move]
        after = type(self)(self.pile - action, 1 - self.to_move, self.options, self.to_move)
        trace = Trace()
        trace.add(f"{who} takes {action} of the {self.pile} pebbles", "toy.turn.take")
        if after.is_terminal():
            outcome = "wins" if after.winner() == self.to_move else "loses"
            chosen = self.options["last-pebble"]
            trace.add(f"{who} took the last pebble (option last-pebble={chosen})", "toy.end.last-pebble")
            return after, trace.ruling(f"{who} takes the last pebble and {outcome}", {"pile": 0}, True)
        return after, trace.ruling(f"{who} takes {action} pebbles: {after.pile} left", {"pile": after.pile}, True)

    def observation(self, player: int) -> str:
        return str(self)

    def __str__(self) -> str:
        if self.is_terminal():
            return f"pile: empty; {PLAYERS[self.winner() or 0]} wins"
        return f"pile: {self.pile} pebbles; {PLAYERS[self.to_move]} to move"


def new_game(options: Mapping[str, object] | None = None) -> PileState:
    """The opening: the full pile, P1 to move."""
    rules = _ruleset()
    return PileState(int(rules.data["pile"]["start"]), 0, rules.options(options))


def take(pile: int, pebbles: int, options: Mapping[str, object] | None = None) -> Ruling:
    """Judge taking ``pebbles`` from a pile of ``pile`` (P1 to move): the outcome, or why it is illegal."""
    if not 1 <= pile <= 99:
        raise InvalidInputError(f"--pile must be from 1 to 99, not {pile}")
    state = PileState(pile, 0, _ruleset().options(options))
    found = state.refusal(pebbles)
    if found is not None:
        return found
    return state.explain(pebbles)[1]


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """A scenario's ruling: take ``case["take"]`` from a pile of ``case["pile"]``."""
    return take(case["pile"], case["take"], {**case.get("options", {}), **(options or {})})


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer and detail (the pebbles left), for `rulebook compare`."""
    ruling = scenario_ruling(case, options)
    return ruling.verdict, str((ruling.value or {}).get("pile", ""))
