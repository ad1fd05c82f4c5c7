"""What `rulebook elephants simulate` reports: the ruling (win rates by policy and seat, the options played by) and the
table of spells by their casters' win rate."""

from __future__ import annotations

from typing import Any


def pct(x: float) -> str:
    """A rate as a percentage with one decimal: ``pct(0.5)`` is ``'50.0%'``."""
    return f"{x:.1%}"


def simulation_ruling(result: Any, asked: int, interrupted: bool, options: dict[str, str] | None = None) -> Any:
    """The ruling of a simulation: the options every game played by, win rates by policy and seat, rounds played."""
    from rulebook.elephants.tables import RULESET
    from rulebook.ruling import Trace

    trace = Trace()
    trace.add("The bots never look at an enemy's hand or face-down spell", "elephants.interp.hidden-spells")
    for name, value in RULESET.options(options).changed().items():  # the readings every game was played by
        option = RULESET.option(name)
        trace.add(f"every game plays by option {name}={value}: {option.choices[value]}", option.record)
    for name, (won, seats) in result.by_policy().items():
        low, high = result.interval(won, seats)
        rate = won / seats if seats else 0.0
        trace.add(
            f"{name}: won {won} of {seats} seat{'s' if seats != 1 else ''} ({pct(rate)}, 95% CI {pct(low)} to "
            f"{pct(high)})",
            "elephants.base.game-end",
        )
    for s in range(result.players):
        games, won = result.seats[s], result.seat_wins[s]
        low, high = result.interval(won, games)
        rate = won / games if games else 0.0
        first = " (first Ringleader)" if s == 0 else ""
        trace.add(
            f"seat P{s + 1}{first}: won {won} of {games} ({pct(rate)}, 95% CI {pct(low)} to {pct(high)})",
            "elephants.interp.first-ringleader" if s == 0 else "elephants.base.turn-order",
        )
    if result.draws:
        trace.add(f"{result.draws} draw{'s' if result.draws != 1 else ''}", "elephants.interp.game-draw")
    mean = sum(result.rounds) / len(result.rounds) if result.rounds else 0.0
    trace.add(f"games lasted {mean:.1f} rounds on average", "elephants.base.round")
    done = result.games
    what = f"{done} game{'s' if done != 1 else ''}"
    if interrupted:
        what = f"stopped after {done} of {asked} games"
    best = max(result.by_policy().items(), key=lambda kv: kv[1][0] / kv[1][1] if kv[1][1] else 0.0)
    rate = best[1][0] / best[1][1] if best[1][1] else 0.0
    verdict = f"{what}, {result.players} players: {best[0]} wins {pct(rate)} of its seats"
    return trace.ruling(verdict, result.to_dict())


def spell_table(result: Any, top: int) -> str:
    """The spells whose casters won most and least often (of those cast in at least 20 games).

    Examples:
        >>> from rulebook.elephants.bots import SimulationResult
        >>> spell_table(SimulationResult(2, ["greedy"], 1), 5)
        'win rate by spell: too few games to rank the spells (each needs 20 games in which it was cast)'
    """
    rows = [(n, c, w) for n, (c, w) in result.spells.items() if c >= 20]
    if not rows or top == 0:
        return "win rate by spell: too few games to rank the spells (each needs 20 games in which it was cast)"
    rows.sort(key=lambda r: (-r[2] / r[1], r[0]))
    lines = ["win rate by spell (the player who cast it; spells cast in 20 games or more):"]
    shown = rows[:top] + ([("...", 0, 0)] if len(rows) > 2 * top else []) + rows[max(top, len(rows) - top) :]
    for name, cast, won in shown:
        if name == "...":
            lines.append("  ...")
            continue
        low, high = result.interval(won, cast)
        lines.append(f"  {name:<14} {pct(won / cast):>6} of {cast:>5} games  (95% CI {pct(low)} to {pct(high)})")
    return "\n".join(lines)
