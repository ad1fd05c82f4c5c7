"""Elemental Clash solved: the exact value of any position, the value of every move, and perfect play.

Elemental Clash is a finite game of perfect information (every game ends:
``clash.interp.game-ends``), so every position has an exact value under best play by both sides:
a **win**, a **draw** or a **loss** for the player who decides next. The solver finds it by exhaustive
search over the engine's own ``legal_actions`` and ``apply``; it holds no copy of the rules.

The player who decides next is ``state.current_player``: the attacker at the start of a turn, the
defender while a declared attack awaits its answer. A finished position is valued for the player who
would move next (``state.to_move``).

How it searches: a depth-first negamax with alpha-beta pruning (values are only +1, 0 and -1) and a
transposition table of bounds, keyed so that positions that must have the same value share an entry:

* the two players are treated alike, so a position is stored from the point of view of the player to
  move (P1 to move with sides A, B is the same entry as P2 to move with sides A, B mirrored);
* once a player can no longer Revive (Ether eliminated or Revive spent, which is final since Ether
  cannot revive itself: ``clash.interp.revive-target``), whether that player's *eliminated* elements
  had spent their abilities can never matter again, so it is forgotten.

Moves are tried in the order of a guess (a stronger element attacking a weaker one first, by the
printed strengths; after a re-search, the best move found before). The guess changes how fast the
answer comes, never the answer.

Examples:
    >>> from rulebook import clash
    >>> from rulebook.clash.solver import Solver
    >>> solver = Solver()
    >>> solver.value_name(clash.position("earth", "fire"))  # Earth 5 simply beats Fire 3
    'win'
    >>> solver.value_name(clash.position("water", "water"))  # the only attack is a tie: both go
    'draw'
    >>> [str(a) for a in solver.best_actions(clash.position("air earth", "earth"))]  # Air first: see advise()
    ['air > earth']
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebook import clash, rules
from rulebook.clash import Action, Attack, ClashState, Defend, Revive, Side, Turn
from rulebook.errors import InvalidInputError
from rulebook.records import Options, RuleSet
from rulebook.ruling import Ruling, Trace
from rulebook.wording import plural

__all__ = [
    "DRAW",
    "LOSS",
    "VALUE_NAMES",
    "WIN",
    "Solver",
    "advise",
    "all_options",
    "solve",
    "solve_all",
]

#: The three values of a position, for the player who decides next.
WIN, DRAW, LOSS = 1, 0, -1
#: Each value's name, as the CLI and JSON print it.
VALUE_NAMES: Mapping[int, str] = {WIN: "win", DRAW: "draw", LOSS: "loss"}


def _ruleset() -> RuleSet:
    return rules("clash")


def all_options() -> list[Options]:
    """Every combination of the rules options Elemental Clash offers (12), defaults first.

    Examples:
        >>> combos = all_options()
        >>> len(combos), combos[0].changed()
        (12, {})
    """
    ruleset = _ruleset()
    names = [o.name for o in ruleset.option_list]
    # Each option's default first, so that the first combination is the default reading.
    choices = [[o.default] + [c for c in o.choices if c != o.default] for o in ruleset.option_list]
    return [ruleset.options(dict(zip(names, values, strict=True))) for values in itertools.product(*choices)]


def _describe_options(options: Options) -> str:
    changed = options.changed()
    return "default rules" if not changed else ", ".join(f"{k}={v}" for k, v in changed.items())


def _move_order() -> dict[Action, tuple[int, bool]]:
    """A guess at which moves are best, to try them first (it changes the speed, never a value).

    Attacks by a stronger element on a weaker one first (by printed strengths), an attack without
    an ability before the same attack with it; Revive between the even and the uphill attacks.
    """
    order: dict[Action, tuple[int, bool]] = {}
    for a, t in itertools.product(clash.ELEMENTS, repeat=2):
        for ability in (False, True):
            order[Attack(a, t, ability)] = (clash.STRENGTH[t] - clash.STRENGTH[a], ability)
    for e in clash.ELEMENTS:
        order[Revive(e)] = (0, False)
    return order


_ORDER = _move_order()


class Solver:
    """Exact values of Elemental Clash positions under one set of rules options.

    The table of solved positions is kept between queries, so asking about many positions of the
    same game is cheap after the first. ``merge_equivalent=False`` keeps the spent marks of eliminated
    elements that can no longer return (see the module's notes), for checking that forgetting them
    changes no value; the two players are always treated alike.

    Examples:
        >>> from rulebook import clash
        >>> solver = Solver({"last-elements-tie": "attacker-wins"})
        >>> solver.value(clash.position("water", "water", options=solver.options))  # the attacker's tie wins
        1
        >>> solver.positions > 0
        True
    """

    def __init__(self, options: Mapping[str, object] | Options | None = None, *, merge_equivalent: bool = True) -> None:
        self.options: Options = clash.new_game(options).options
        self.merge_equivalent = merge_equivalent
        # key -> (lower bound, upper bound, best move) for the player to move at the start of a turn
        self._table: dict[int, tuple[int, int, Action]] = {}
        self._codes: dict[Side, int] = {}
        self._ids: dict[Side, int] = {}
        #: Decisions expanded so far (positions whose moves were generated, awaiting answers included).
        self.expanded = 0

    @property
    def positions(self) -> int:
        """Distinct positions (at the start of a turn, up to the merging) in the table so far."""
        return len(self._table)

    # -- the search ---------------------------------------------------------------------

    def _own(self, state: ClashState) -> ClashState:
        if state.options != self.options:
            raise InvalidInputError(
                f"this solver plays under {_describe_options(self.options)}, the position under "
                f"{_describe_options(state.options)}; make a Solver with the position's options"
            )
        return state

    def _code(self, state: ClashState, player: int) -> int:
        """A small number naming one side of the position, equal for sides that must play the same."""
        side = state.sides[player]
        code = self._codes.get(side)
        if code is None:
            canonical = side
            # The engine says whether this side can still Revive; if not, it never can again, and the
            # spent marks of its eliminated elements can never matter.
            if self.merge_equivalent and not state._may_use(player, "ether", "turn"):
                canonical = Side(side.in_play, side.spent & side.in_play)
            code = self._ids.setdefault(canonical, len(self._ids))
            self._codes[side] = code
        return code

    def _key(self, state: ClashState) -> int:
        """The table key of a position at the start of a turn: its sides, the player to move's first."""
        me = state.to_move
        return self._code(state, me) << 16 | self._code(state, 1 - me)

    @staticmethod
    def _terminal(state: ClashState, player: int) -> int:
        winner = state.winner()
        return DRAW if winner is None else WIN if winner == player else LOSS

    def _search(self, state: ClashState, alpha: int, beta: int) -> int:
        """The value for ``state.current_player`` if it lies strictly inside (alpha, beta); else a bound.

        Fail-soft alpha-beta: a result <= alpha is an upper bound, >= beta a lower bound. The table
        keeps, for each position at the start of a turn, the bounds found so far and the best move,
        which is tried first when the position is searched again.
        """
        stored = state.pending is None  # an attack awaiting its answer is cheap to redo
        entry = None
        actions = state.legal_actions()
        if stored:
            key = self._key(state)
            entry = self._table.get(key)
            actions.sort(key=_ORDER.__getitem__)
            if entry is not None:
                lo, hi, first = entry
                if lo == hi or lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
                actions.remove(first)
                actions.insert(0, first)
        alpha0, beta0 = alpha, beta
        self.expanded += 1
        me = state.current_player
        best, best_action = LOSS - 1, actions[0]
        for action in actions:
            child = state.apply(action)
            if child.is_terminal():
                value = self._terminal(child, me)
            elif child.current_player == me:
                value = self._search(child, alpha, beta)
            else:
                value = -self._search(child, -beta, -alpha)
            if value > best:
                best, best_action = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if stored:
            lo, hi = (entry[0], entry[1]) if entry is not None else (LOSS, WIN)
            if best <= alpha0:
                hi = best
            elif best >= beta0:
                lo = best
            else:
                lo = hi = best
            self._table[key] = (lo, hi, best_action)
        return best

    # -- queries ------------------------------------------------------------------------

    def value(self, state: ClashState) -> int:
        """The exact value of ``state`` for the player who decides next: ``WIN``, ``DRAW`` or ``LOSS``.

        Examples:
            >>> from rulebook import clash
            >>> Solver().value(clash.position("ether*", "fire"))  # Revive spent: Ether 1 must attack Fire 3
            -1
            >>> Solver().value(clash.position("ether", "fire"))  # Revive brings back Water, which beats Fire
            1
        """
        state = self._own(state)
        if state.is_terminal():
            return self._terminal(state, state.to_move)
        return self._search(state, LOSS, WIN)

    def value_name(self, state: ClashState) -> str:
        """The value of ``state`` as a word: ``win``, ``draw`` or ``loss``."""
        return VALUE_NAMES[self.value(state)]

    def action_value(self, state: ClashState, action: Action) -> int:
        """The exact value of playing ``action`` in ``state``, for the player who plays it.

        Examples:
            >>> from rulebook import clash
            >>> from rulebook.clash import Attack
            >>> Solver().action_value(clash.position("air earth", "earth"), Attack("earth", "earth"))
            -1
        """
        me = self._own(state).current_player
        if me is None:
            raise InvalidInputError("the game is over: there is no move to value")
        child = state.apply(action)
        if child.is_terminal():
            return self._terminal(child, me)
        value = self._search(child, LOSS, WIN)
        return value if child.current_player == me else -value

    def action_values(self, state: ClashState) -> list[tuple[Action, int]]:
        """Every legal action of the player who decides next, in the engine's order, with its value."""
        return [(action, self.action_value(state, action)) for action in state.legal_actions()]

    def best_actions(self, state: ClashState) -> list[Action]:
        """The legal actions that keep the position's value (all of them, in the engine's order)."""
        values = self.action_values(state)
        if not values:
            return []
        top = max(v for _, v in values)
        return [a for a, v in values if v == top]

    def best_action(self, state: ClashState) -> Action:
        """The best action a principal line plays, for the player who decides next.

        Among the actions that keep the position's value, a player who can win or draw prefers one
        that ends the game at once, then the one that leaves the opponent fewest elements after the
        turn (the defender answering as best it can), then the one that keeps the most of its own; a
        losing player resists: it avoids ending the game and keeps the most of its own elements first.
        Remaining ties go to the engine's order.

        Examples:
            >>> from rulebook import clash
            >>> str(Solver().best_action(clash.position("earth water", "fire")))
            'water > fire'
        """
        me = self._own(state).current_player
        if me is None:
            raise InvalidInputError("the game is over: there is no move to advise")
        values = self.action_values(state)
        top = max(v for _, v in values)

        def rank(item: tuple[int, Action]) -> tuple[bool, int, int, int]:
            i, action = item
            after = state.apply(action)
            if after.pending is not None:
                after = after.apply(self.best_action(after))
            mine, theirs = len(after.sides[me].in_play), len(after.sides[1 - me].in_play)
            if top == LOSS:
                return (after.is_terminal(), -mine, theirs, i)
            return (not after.is_terminal(), theirs, -mine, i)

        return min(enumerate(a for a, v in values if v == top), key=rank)[1]

    def principal_line(self, state: ClashState) -> list[Turn]:
        """Whole turns of perfect play from ``state`` (at the start of a turn) to the end of the game.

        Examples:
            >>> from rulebook import clash
            >>> [str(t) for t in Solver().principal_line(clash.position("air earth", "earth*"))]
            ['air+ > earth']
        """
        state = self._own(state)
        if state.pending is not None:
            raise InvalidInputError("a principal line starts at the start of a turn, not while an attack awaits")
        turns: list[Turn] = []
        while not state.is_terminal():
            action = self.best_action(state)
            state = state.apply(action)
            if isinstance(action, Revive):
                turns.append(Turn(action))
                continue
            assert isinstance(action, Attack)
            answer = self.best_action(state)
            assert isinstance(answer, Defend)
            state = state.apply(answer)
            turns.append(Turn(action, answer))
        return turns


# ---------------------------------------------------------------- rulings


@dataclass
class _Line:
    """A principal line played through the engine: its turns, its trace steps and the final position."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    end: ClashState | None = None


# The rules that say how a game ends, cited on a step of their own in a line of play.
_ENDING = frozenset({"clash.end.winner", "clash.interp.last-elements-tie"})


def _play_line(state: ClashState, turns: list[Turn], trace: Trace, first_turn: int = 1) -> _Line:
    line = _Line()
    for n, turn in enumerate(turns, first_turn):
        player = clash.PLAYERS[state.to_move]
        state, ruling = clash.play(state, turn)
        # The step cites the rule that decided who was eliminated (with the rule it overrode, as Fortify
        # overrides a tie); a turn that ends the game adds the engine's own step saying who won, and why.
        cited = [step for step in ruling.trace if step.rule]
        ending = [step for step in cited if step.rule in _ENDING]
        deciding = [step for step in cited if step.rule not in _ENDING and not step.rule.startswith("clash.score.")]
        last = deciding[-1] if deciding else None
        outcome = ruling.verdict.split("; game over")[0] if ending else ruling.verdict
        text = f"turn {n}: {player} plays {turn}: {outcome}"
        trace.add(text, last.rule if last else None, last.overrides if last else None)
        for step in ending:
            trace.add(f"turn {n}: {step.text}", step.rule, step.overrides)
        line.turns.append({"turn": n, "player": player, "move": str(turn), "outcome": ruling.verdict})
    line.end = state
    return line


def _for_player(value: int, player: str) -> str:
    return {WIN: f"{player} wins", DRAW: "a draw", LOSS: f"{player} loses"}[value]


def solve(options: Mapping[str, object] | Options | None = None) -> Ruling:
    """Solve the game from the opening position under one set of options: its value for P1, and how.

    ``value`` holds ``value`` (``win``, ``draw`` or ``loss`` for P1, who moves first), ``score``
    (+1, 0, -1), ``options``, ``positions`` (distinct positions in the table), ``expanded``
    (decisions whose moves were generated) and ``seconds``.

    Examples:
        >>> ruling = solve({"gale-defends": "yes", "last-elements-tie": "attacker-wins"})
        >>> ruling.verdict
        'P1 wins Elemental Clash with perfect play (last-elements-tie=attacker-wins, gale-defends=yes)'
        >>> ruling.value["value"], ruling.value["positions"] > 1000
        ('win', True)
    """
    solver = Solver(options)
    start = time.perf_counter()
    value = solver.value(clash.new_game(solver.options))
    seconds = time.perf_counter() - start
    trace = Trace()
    trace.add(
        "every game ends, so searching every line of play to its end gives the exact value", "clash.interp.game-ends"
    )
    trace.add(
        f"searched {solver.positions:,} positions ({solver.expanded:,} decisions) in {seconds:.2f} s: "
        f"{_for_player(value, 'P1')}",
        "clash.end.winner",
    )
    for opt in _ruleset().option_list:
        trace.add(f"option {opt.name}={solver.options[opt.name]}", opt.record)
    verdict = _game_verdict(value, solver.options)
    data = {
        "value": VALUE_NAMES[value],
        "score": value,
        "options": dict(solver.options),
        "positions": solver.positions,
        "expanded": solver.expanded,
        "seconds": round(seconds, 3),
    }
    return trace.ruling(verdict, data)


def _game_verdict(value: int, options: Options) -> str:
    how = f"with perfect play ({_describe_options(options)})"
    return {
        WIN: f"P1 wins Elemental Clash {how}",
        DRAW: f"Elemental Clash is a draw {how}",
        LOSS: f"P2 wins Elemental Clash {how}",
    }[value]


def solve_all(fixed: Mapping[str, object] | None = None) -> Ruling:
    """Solve the game under every combination of the rules options (or those matching ``fixed``).

    ``value`` holds ``results`` (one [`solve`][rulebook.clash.solver.solve] value per combination, defaults first), and
    the totals ``positions`` and ``seconds``. The trace names each reading's value and the positions searched
    (the same on every run); the times are in ``value`` only.

    Examples:
        >>> ruling = solve_all({"gale-defends": "yes", "revive-restores-ability": "no"})
        >>> [(r["options"]["last-elements-tie"], r["value"]) for r in ruling.value["results"]]
        [('draw', 'win'), ('attacker-wins', 'win'), ('defender-wins', 'win')]
    """
    return solved(list(solve_each(fixed)))


def combinations(fixed: Mapping[str, object] | None = None) -> list[Options]:
    """The option combinations ``solve_all`` solves: all 12, or those matching ``fixed``.

    Examples:
        >>> len(combinations()), len(combinations({"gale-defends": "yes"}))
        (12, 6)
    """
    wanted = _ruleset().options(fixed) if fixed else None
    return [o for o in all_options() if wanted is None or all(o[k] == wanted[k] for k in dict(fixed or {}))]


def solve_each(fixed: Mapping[str, object] | None = None) -> Iterator[Ruling]:
    """Solve the game under each combination of ``combinations`` in turn: one ``solve`` ruling each.

    A caller that may be stopped part-way (the CLI on Ctrl-C) summarises what it has with ``solved``.
    """
    for options in combinations(fixed):
        yield solve(options)


def solved(rulings: Sequence[Ruling], of: int | None = None) -> Ruling:
    """The summary of ``solve`` rulings: how many readings each side wins. ``of``, when more readings
    were asked for than ``rulings`` holds, marks the summary partial.

    Examples:
        >>> one = solve({"gale-defends": "yes", "last-elements-tie": "attacker-wins"})
        >>> solved([one], of=12).verdict
        'Elemental Clash solved under 1 of 12 rules readings (stopped): P1 wins under 1'
    """
    trace = Trace()
    trace.add(
        "every game ends, so searching every line of play to its end gives the exact value", "clash.interp.game-ends"
    )
    results = []
    for ruling in rulings:
        v = ruling.value
        results.append(v)
        trace.add(
            f"{_describe_options(_ruleset().options(v['options']))}: {_for_player(v['score'], 'P1')} "
            f"({v['positions']:,} positions)",
            None,
        )
    counts = {name: sum(r["score"] == value for r in results) for value, name in _COUNTED}
    summary = ", ".join(f"{name} under {n}" for name, n in counts.items() if n)
    partial = of is not None and of > len(results)
    readings = f"{len(results)} of {of} rules readings" if partial else plural(len(results), "rules reading")
    verdict = f"Elemental Clash solved under {readings}{' (stopped)' if partial else ''}: {summary}"
    for opt in _ruleset().option_list:
        trace.add(f"option {opt.name}: {', '.join(sorted({r['options'][opt.name] for r in results}))}", opt.record)
    data = {
        "results": results,
        "positions": sum(r["positions"] for r in results),
        "seconds": round(sum(r["seconds"] for r in results), 3),
    }
    if partial:
        data["complete"] = False
    return trace.ruling(verdict.rstrip(": "), data)


_COUNTED = ((WIN, "P1 wins"), (DRAW, "a draw"), (LOSS, "P2 wins"))


def move_values(state: ClashState, solver: Solver | None = None) -> Iterator[tuple[Action, int]]:
    """Each legal move of the player who decides next with its exact value, one at a time (engine order).

    ``advise`` takes them; a caller that may be stopped part-way (the CLI on Ctrl-C) passes it the
    moves valued so far.
    """
    solver = solver or Solver(state.options)
    if not state.is_terminal():
        for action in state.legal_actions():
            yield action, solver.action_value(state, action)


def _partial_advice(
    state: ClashState, valued: Sequence[tuple[Action, int]], data: dict[str, Any], trace: Trace
) -> Ruling:
    """Advice from some of the moves only: each with its value, and the best value found so far."""
    total = len(state.legal_actions())
    player = clash.PLAYERS[state.current_player or 0]
    for action, v in valued:
        trace.add(f"{action}: {VALUE_NAMES[v]}", None)
    moves = [{"move": str(a), "value": VALUE_NAMES[v]} for a, v in valued]
    data.update(player=player, value=None, moves=moves, best=[], line=[], complete=False)
    if not valued:
        return trace.ruling(f"stopped before any of {player}'s {total} moves was valued", data)
    top = max(v for _, v in valued)
    best = [str(a) for a, v in valued if v == top]
    data["best"] = best
    shown = ", ".join(best[:3]) + (", ..." if len(best) > 3 else "")
    best_so_far = f"the best so far for {player}: {VALUE_NAMES[top]} ({shown})"
    verdict = f"stopped after {len(valued)} of {total} moves; {best_so_far}"
    return trace.ruling(verdict, data)


def advise(
    state: ClashState, solver: Solver | None = None, valued: Sequence[tuple[Action, int]] | None = None
) -> Ruling:
    """Every legal move of the player who decides next, with its exact value, and a principal line.

    ``value`` holds ``position``, ``options``, ``player`` (who decides), ``value`` (``win``, ``draw`` or
    ``loss`` for that player), ``moves`` (each ``move`` with its ``value``, and for an attack the
    defender's best ``answer`` and the whole ``turn``), ``best`` (the moves that keep the value),
    ``line`` (the principal line, turn by turn, each with its outcome), ``positions`` (table size).
    ``valued``: the moves already valued by ``move_values`` (all by default); with only some of
    them, the advice says which were valued and the best found, and ``complete`` is false.

    Examples:
        >>> from rulebook import clash
        >>> ruling = advise(clash.position("air earth", "earth"))
        >>> print(ruling)
        P1 to move wins with perfect play: 1 of 3 moves wins (air > earth)
          1. air > earth: win (P2's best answer: no Fortify)
          2. air+ > earth: draw (P2's best answer: use Fortify)
          3. earth > earth: loss (P2's best answer: use Fortify)
          4. turn 1: P1 plays air > earth: P1's Air is eliminated (2 against 5)  [clash.attack.defender-wins]
          5. turn 2: P2 plays earth > earth+: P2's Earth is eliminated (5 against 5)  [...]
          6. turn 2: P2 has no elements left: P1 wins  [clash.end.winner]
    """
    solver = solver or Solver(state.options)
    solver._own(state)
    trace = Trace()
    data: dict[str, Any] = {"position": state.to_dict(), "options": dict(state.options)}
    if state.is_terminal():
        winner = state.winner()
        trace.add(
            "no moves are left: " + ("a draw" if winner is None else f"{clash.PLAYERS[winner]} wins"),
            "clash.end.winner",
        )
        data.update(player=None, value=None, moves=[], best=[], line=[], positions=solver.positions)
        result = "a draw" if winner is None else f"{clash.PLAYERS[winner]} won"
        return trace.ruling(f"the game is over ({result}): there is no move to advise", data)
    me = state.current_player
    assert me is not None
    player = clash.PLAYERS[me]
    valued = list(move_values(state, solver)) if valued is None else list(valued)
    if len(valued) < len(state.legal_actions()):
        return _partial_advice(state, valued, data, trace)
    value = max(v for _, v in valued)
    moves = []
    for action, v in sorted(valued, key=lambda av: -av[1]):
        move: dict[str, Any] = {"move": str(action), "value": VALUE_NAMES[v]}
        text = f"{action}: {VALUE_NAMES[v]}"
        if isinstance(action, Attack):
            after = state.apply(action)
            answer = solver.best_action(after)  # a declared attack always awaits an answer
            assert isinstance(answer, Defend)
            move.update(answer="with ability" if answer.ability else "without ability", turn=str(Turn(action, answer)))
            if len(after.legal_actions()) > 1:
                ability = clash.ABILITY[action.target].capitalize()
                text += f" ({clash.PLAYERS[1 - me]}'s best answer: {'use' if answer.ability else 'no'} {ability})"
        if isinstance(action, Revive):
            text += _revived_as(state, action)
        moves.append(move)
        trace.add(text, "clash.interp.revived-ability" if isinstance(action, Revive) else None)
    best = [m["move"] for m in moves if m["value"] == VALUE_NAMES[value]]
    # The principal line in whole turns: while an attack awaits, its best answer completes the turn.
    line_state, turns = state, []
    if state.pending is not None:
        line_state = ClashState(state.sides, state.to_move, None, state.options, state.turn)
        turns.append(Turn(state.pending, solver.best_action(state)))
        after = line_state.apply(turns[0].action).apply(turns[0].defend)
        turns += [] if after.is_terminal() else solver.principal_line(after)
    else:
        turns = solver.principal_line(state)
    line = _play_line(line_state, turns, trace, state.turn)
    data.update(
        player=player, value=VALUE_NAMES[value], moves=moves, best=best, line=line.turns, positions=solver.positions
    )
    shown = ", ".join(best[:3]) + (", ..." if len(best) > 3 else "")
    kind = {WIN: "wins", DRAW: "draws", LOSS: "loses"}[value]
    role = "to move" if state.pending is None else "to answer"
    many, keep = ("move" if len(moves) == 1 else "moves"), _keeps(value, len(best))
    verdict = f"{player} {role} {kind} with perfect play: {len(best)} of {len(moves)} {many} {keep} ({shown})"
    return trace.ruling(verdict, data)


def _revived_as(state: ClashState, revive: Revive) -> str:
    """How a revived element comes back, which can decide a revive's value: `` (Fire returns with its Blaze unused)``.

    A written position marks an eliminated element's spent ability as ``-fire*``; saying which way the
    element returns makes that premise of the value visible.
    """
    element = clash.element(revive.element)
    spent = not state.sides[state.to_move].can_use(element) and not state.options.flag("revive-restores-ability")
    ability = clash.ABILITY[element].capitalize()
    return f" ({element.capitalize()} returns with its {ability} {'spent' if spent else 'unused'})"


def _keeps(value: int, n: int) -> str:
    verb = {WIN: "win", DRAW: "draw", LOSS: "lose"}[value]
    return verb + ("s" if n == 1 else "")
