"""The contract of a game: what every registered game provides, and what a playable game's state offers.

**Every game** has one registry entry ([`rulebook.registry.Game`][rulebook.registry.Game]) naming:

- its records (a TOML data file read into a [`RuleSet`][rulebook.records.RuleSet]: ``rulebook.rules(id)``);
- its scenarios (a TOML file of cases) and its scenario runner ``run_scenario(case, options) -> (answer,
  detail)``, and where it has one ``scenario_ruling(case, options) -> Ruling``
  ([`ScenarioRunner`][rulebook.protocol.ScenarioRunner], [`ScenarioJudge`][rulebook.protocol.ScenarioJudge]);
- its queries, each returning a [`Ruling`][rulebook.ruling.Ruling] (the verdict, the deciding rules, the trace),
  and where it reads questions in words, a reader module with ``read(text) -> Reading | None``
  ([`QuestionReader`][rulebook.protocol.QuestionReader]) and the cue words that make it worth trying;
- the words that show a question is about it, its CLI group, and its figures for the site.

**A playable game** also names ``new_game``, whose states honour [`GameState`][rulebook.protocol.GameState]. A state
is an immutable value. ``apply`` returns a new state and never changes the old one, so a state can be kept,
compared, hashed and searched. There is one way to refuse an action:
[`refusal`][rulebook.protocol.GameState.refusal] returns ``None`` for a legal action and otherwise a ``Ruling``
with ``legal=False`` naming the rules that forbid it; ``apply`` and ``explain`` raise
[`IllegalActionError`][rulebook.errors.IllegalActionError] from it ([`refused`][rulebook.protocol.refused]),
``legal_actions`` agrees with it, and every caller (the CLI, bots, hints, checks) asks it. ``explain`` does
what ``apply`` does and also returns the ruling that says why. ``observation`` is what one player may see.

One generic test (``tests/test_protocol.py``) plays every registered playable game through this protocol,
and runs every registered game's scenarios through its runner.

Examples:
    >>> from rulebook import clash
    >>> from rulebook.protocol import GameState, random_playout
    >>> isinstance(clash.new_game(), GameState)
    True
    >>> print(clash.new_game().refusal(clash.Revive("fire")).verdict)
    illegal: P1 has no eliminated element to revive; Fire is in play
    >>> import random
    >>> final = random_playout(clash.new_game(), random.Random(7))
    >>> final.is_terminal()
    True
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Self, runtime_checkable

from rulebook.errors import IllegalActionError
from rulebook.ruling import Ruling, Trace

if TYPE_CHECKING:  # `random` itself costs start-up; a caller of random_playout brings its own generator
    import random

__all__ = [
    "GameState",
    "QuestionReader",
    "ScenarioJudge",
    "ScenarioRunner",
    "random_playout",
    "refused",
    "refusing",
    "two_sided_returns",
]


@runtime_checkable
class GameState(Protocol):
    """What a state of a playable game offers (players are numbered from 0)."""

    @property
    def current_player(self) -> int | None:
        """The player who decides next, or ``None`` when the game is over."""
        ...

    def legal_actions(self) -> Sequence[Hashable]:
        """Every action the current player may take, in a fixed order (empty when the game is over): exactly the
        actions whose [`refusal`][rulebook.protocol.GameState.refusal] is ``None``."""
        ...

    def refusal(self, action: Hashable) -> Ruling | None:
        """``None`` when ``action`` is legal now; else a [`Ruling`][rulebook.ruling.Ruling] with ``legal=False``
        whose verdict says why and whose rules are those that forbid it. The one way to refuse an action."""
        ...

    def apply(self, action: Hashable) -> Self:
        """The state after ``action``; raises [`IllegalActionError`][rulebook.errors.IllegalActionError] (from its
        refusal) if it is illegal."""
        ...

    def explain(self, action: Hashable) -> tuple[Self, Ruling]:
        """Like [`apply`][rulebook.protocol.GameState.apply], and also the ruling with the trace of what happened and
        why."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def winner(self) -> int | None:
        """The winning player, or ``None`` if the game is not over or is drawn."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each player's result: +1 for a win, -1 for a loss, 0 for a draw or an unfinished game."""
        ...

    def observation(self, player: int) -> str:
        """What ``player`` may see, as text: the whole text form of the state where nothing is hidden, hidden
        cards shown as hidden."""
        ...


class ScenarioRunner(Protocol):
    """A game's ``run_scenario``: a scenario's answer and a detail (shown by ``rulebook compare`` when two
    choices of an option give the same answer but different details)."""

    def __call__(self, case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]: ...


class ScenarioJudge(Protocol):
    """A game's ``scenario_ruling``: a scenario's whole ruling (its tests compare it with what the case expects)."""

    def __call__(self, case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling: ...


class QuestionReader(Protocol):
    """A game's question reader module: ``read(text)`` is a ``rulebook.questions.Reading`` or ``None``."""

    def read(self, text: str) -> Any: ...


def refusing(reason: str, rules: Sequence[str], value: Mapping[str, Any] | None = None) -> Ruling:
    """The ruling that refuses an action: ``illegal: REASON``, a step per forbidding rule, ``legal=False``.

    ``value`` holds the refusal as data (``legal`` and ``reason`` are always in it).

    Examples:
        >>> print(refusing("the game is over", ["clash.end.winner"]))
        illegal: the game is over
          1. illegal: the game is over  [clash.end.winner]
    """
    trace = Trace()
    trace.refusal(reason, tuple(rules))
    return trace.ruling(f"illegal: {reason}", {"legal": False, "reason": reason, **(value or {})}, False)


def refused(ruling: Ruling) -> IllegalActionError:
    """The error ``apply`` and ``explain`` raise for a refusal: its reason and the rules that forbid the action.

    Examples:
        >>> str(refused(refusing("the game is over", ["clash.end.winner"])))
        'the game is over [clash.end.winner]'
    """
    value = ruling.value if isinstance(ruling.value, Mapping) else {}
    reason = value.get("reason") or ruling.verdict.removeprefix("illegal: ")
    return IllegalActionError(reason, ruling.rules)


def random_playout(state: GameState, rng: random.Random, max_moves: int = 10_000) -> GameState:
    """Play uniformly random legal actions from ``state`` until the game ends; return the final state."""
    for _ in range(max_moves):
        if state.is_terminal():
            return state
        state = state.apply(rng.choice(list(state.legal_actions())))
    raise RuntimeError(f"game did not end within {max_moves} moves")


def two_sided_returns(winner: int | None) -> tuple[float, float]:
    """The returns of a game with two sides, from its winner: +1 and -1, or 0 each for none.

    Examples:
        >>> two_sided_returns(1), two_sided_returns(None)
        ((-1.0, 1.0), (0.0, 0.0))
    """
    if winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
