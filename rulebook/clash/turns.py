"""Elemental Clash: whole turns and move logs judged: play, refuse, replay, and the scenario runner.

Everything public here is re-exported by [`rulebook.clash`][rulebook.clash], the way to import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rulebook.clash.engine import (
    PLAYERS,
    ClashState,
    Defend,
    Revive,
    Turn,
    new_game,
    parse_log,
    parse_turn,
    position,
)
from rulebook.clash.scoring import score, score_steps
from rulebook.errors import IllegalActionError
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.wording import plural

__all__ = [
    "play",
    "replay",
    "resolve_attack",
    "run_scenario",
    "series",
    "series_score",
    "state_after",
    "turn_refusal",
]


def play(state: ClashState, turn: Turn | str) -> tuple[ClashState, Ruling]:
    """Play one whole turn (both decisions of an attack, or a revive) and explain it.

    An illegal turn raises [`IllegalActionError`][rulebook.errors.IllegalActionError] naming the rules that forbid it.

    Examples:
        >>> state, ruling = play(new_game(), "earth > air+")
        Traceback (most recent call last):
        ...
        rulebook.errors.IllegalActionError: P2's Air cannot use Gale when defending: it is used only when attacking...
    """
    if isinstance(turn, str):
        turn = parse_turn(turn)
    if isinstance(turn.action, Revive):
        return state.explain(turn.action)
    mid, declared = state.explain(turn.action)
    after, resolved = mid.explain(turn.defend or Defend(False))
    steps = declared.trace + resolved.trace
    rules = tuple(dict.fromkeys(s.rule for s in steps if s.rule))
    return after, Ruling(resolved.verdict, None, rules, steps, legal=True)


def turn_refusal(state: ClashState, turn: Turn | str) -> Ruling | None:
    """``None`` if the whole turn (the attack and its defence, or a revive) is legal in ``state``; else the
    [`refusal`][rulebook.clash.ClashState.refusal] of its first illegal decision.

    Examples:
        >>> turn_refusal(new_game(), "earth > air+").rules
        ('clash.ability.timing', 'clash.ability.gale', 'clash.interp.gale-defends')
    """
    if isinstance(turn, str):
        turn = parse_turn(turn)
    found = state.refusal(turn.action)
    if found is not None or isinstance(turn.action, Revive):
        return found
    return state.apply(turn.action).refusal(turn.defend or Defend(False))


def state_after(log: str, options: Mapping[str, object] | Options | None = None) -> ClashState:
    """The position a move log reaches; an illegal turn raises
    [`IllegalActionError`][rulebook.errors.IllegalActionError] naming it.

    Examples:
        >>> print(state_after("earth > water\\nfire+ > earth+"))
        P1: Fire 3, Water 4, Earth 5 (Fortify spent), Air 2, Ether 1
        P2: Earth 5, Air 2, Ether 1 | out: Fire (Blaze spent), Water
        P1 to move (turn 3)
    """
    state = new_game(options)
    for n, (lineno, turn) in enumerate(parse_log(log), 1):
        try:
            state = play(state, turn)[0]
        except IllegalActionError as err:
            raise IllegalActionError(f"turn {n} (line {lineno}, {str(turn)!r}): {err.reason}", err.rules) from None
    return state


def resolve_attack(state: ClashState, turn: Turn | str) -> Ruling:
    """Judge one attack (or revive) in ``state``: legal or not, the outcome, the trace and the rules.

    Unlike [`play`][rulebook.clash.play], an illegal turn is an answer here, not an error.

    Examples:
        >>> print(resolve_attack(new_game(), "air+ > earth"))
        P2's Earth is eliminated (5 against 2)
          1. P1 attacks P2's Earth (strength 5) with Air (strength 2)  [clash.turn.sequence]
          2. P1 declares Air's Gale  [clash.ability.gale]
          3. P2's Earth, the target, defends without an ability  [clash.interp.defender-is-target]
          4. Gale swaps strengths: Air 5, Earth 2  [clash.ability.gale]
          5. Attack strength 5 against defense strength 2  [clash.attack.strength]
          6. The attack is stronger, so P2's Earth is eliminated  [clash.attack.attacker-wins]
        >>> resolve_attack(new_game(), "earth > air+").legal
        False
    """
    if isinstance(turn, str):
        turn = parse_turn(turn)
    refusal = turn_refusal(state, turn)
    if refusal is not None:
        value = {"turn": str(turn), "legal": False, "reason": refusal.value["reason"]}
        return Ruling(refusal.verdict, value, refusal.rules, refusal.trace, False)
    after, ruling = play(state, turn)
    value = {"turn": str(turn), "legal": True, "outcome": ruling.verdict, "position": after.to_dict()}
    return Ruling(ruling.verdict, value, ruling.rules, ruling.trace, legal=True)


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (the position it leaves), for ``rulebook compare``.

    ``case`` is a scenario as in ``rulebook/data/scenarios/clash.toml``: a ``turn`` played in the position
    ``p1``/``p2`` (default: the opening), or a whole ``log``. ``options`` override the scenario's own.

    Examples:
        >>> run_scenario({"turn": "earth > air+"}, {"gale-defends": "yes"})[0]
        "P1's Earth is eliminated (2 against 5)"
    """
    opts = {**case.get("options", {}), **(options or {})}
    if "log" in case:
        ruling = replay(case["log"], opts)
        after = state_after(case["log"], opts) if ruling.legal else None
    else:
        state = position(case["p1"], case["p2"], options=opts) if "p1" in case else new_game(opts)
        ruling = resolve_attack(state, case["turn"])
        after = play(state, case["turn"])[0] if ruling.legal else None
    if after is None:
        return ruling.verdict, ""
    return ruling.verdict, " / ".join(f"{PLAYERS[i]}: {side.describe()}" for i, side in enumerate(after.sides))


def series(games: Sequence[Ruling]) -> Ruling:
    """Add up the scores of several replayed games (rulings from [`replay`][rulebook.clash.replay]); unfinished games
    score nothing.

    Examples:
        >>> done = replay("earth > air\\nfire > earth+\\nearth > water")
        >>> series([done, done]).verdict
        'series of 2 games: P1 0 points, P2 0 points'
    """
    trace = Trace()
    totals = dict.fromkeys(PLAYERS, 0)
    for n, game in enumerate(games, 1):
        points = (game.value or {}).get("score") or dict.fromkeys(PLAYERS, 0)
        for player in PLAYERS:
            totals[player] += points[player]
        trace.add(
            f"game {n}: {game.verdict}; running total P1 {totals['P1']}, P2 {totals['P2']}", "clash.score.cumulative"
        )
    verdict = f"series of {plural(len(games), 'game')}: " + ", ".join(
        f"{p} {plural(totals[p], 'point')}" for p in PLAYERS
    )
    return trace.ruling(verdict, {"games": len(games), "totals": totals})


def series_score(games: Iterable[ClashState]) -> tuple[int, int]:
    """Cumulative points over several finished games (P1 of each game is counted as P1).

    Examples:
        >>> from rulebook.clash import Side
        >>> a = ClashState(sides=(Side(frozenset({"earth"})), Side(frozenset())), to_move=1)
        >>> b = ClashState(sides=(Side(frozenset()), Side(frozenset({"fire", "air"}))), to_move=0)
        >>> series_score([a, b])
        (4, 5)
    """
    totals = [0, 0]
    for g in games:
        for i, pts in enumerate(score(g)):
            totals[i] += pts
    return (totals[0], totals[1])


def replay(log: str | Sequence[Turn], options: Mapping[str, object] | Options | None = None) -> Ruling:
    """Replay a whole move log and validate it: every turn's outcome, or the first illegal turn and why.

    ``value`` holds each turn's outcome, the final position, and the winner and score if the game ended.

    Examples:
        >>> r = replay("fire > air\\nearth > fire\\nwater > earth+")
        >>> r.verdict
        'legal: 3 turns, game not over (P2 to move)'
        >>> replay("fire > air\\nair > fire").verdict
        "illegal at turn 2 (line 2, 'air > fire'): P2's Air has been eliminated"
    """
    numbered = parse_log(log) if isinstance(log, str) else list(enumerate(log, 1))
    state = new_game(options)
    trace = Trace()
    turns: list[dict[str, Any]] = []
    value: dict[str, Any] = {"legal": True, "turns": turns, "options": dict(state.options)}
    for n, (lineno, turn) in enumerate(numbered, 1):
        player = PLAYERS[state.to_move]
        refusal = turn_refusal(state, turn)
        if refusal is not None:
            reason = refusal.value["reason"]
            trace.refusal(reason, refusal.rules, prefix=f"turn {n}: {player} plays {turn}, which is ")
            value.update(legal=False, illegal_turn=n, line=lineno, reason=reason, position=state.to_dict())
            verdict = f"illegal at turn {n} (line {lineno}, {str(turn)!r}): {reason}"
            return trace.ruling(verdict, value, legal=False)
        state, ruling = play(state, turn)
        for step in ruling.trace:
            trace.add(f"turn {n}: {step.text}", step.rule)
        turns.append({"turn": n, "player": player, "move": str(turn), "outcome": ruling.verdict})
    over = state.is_terminal()
    value.update(position=state.to_dict(), score=dict(zip(PLAYERS, score(state), strict=True)) if over else None)
    if over:
        score_steps(state, trace)
    if state.is_terminal():
        w = state.winner()
        pts = score(state)
        result = "a draw" if w is None else f"{PLAYERS[w]} wins, {plural(max(pts), 'point')}"
        verdict = f"legal: {plural(len(turns), 'turn')}, {result}"
    else:
        verdict = f"legal: {plural(len(turns), 'turn')}, game not over ({PLAYERS[state.current_player or 0]} to move)"
    return trace.ruling(verdict, value, legal=True)
