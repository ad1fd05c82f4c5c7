"""Elementals simulated: many seeded games played by a policy, win rates, and the charts of the results.

The policies are those of ``rulebook.elementals.bots`` (random, greedy, the planner) and the hint of
``rulebook.elementals.hint`` as a policy. Game ``i`` of a simulation is dealt from seed ``seed + i``, so
a run is reproducible.

Examples:
    >>> result = simulate(20, seed=1, policy="greedy")
    >>> result.games, 0 <= result.wins <= 20
    (20, True)
    >>> low, high = result.interval()
    >>> low <= result.win_rate <= high
    True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook import elementals as E
from rulebook.elementals.bots import LookaheadPlanner, Planner, Policy, greedy, play_game, random_policy
from rulebook.elementals.hint import HintPolicy
from rulebook.errors import UnknownNameError
from rulebook.records import Options

__all__ = ["BINS", "POLICIES", "SimulationResult", "share_svg", "simulate", "svg_chart"]

#: The damage distribution's bins: each bin is [low, high) damage; the last one is the losses by damage.
BINS: tuple[tuple[int, int], ...] = ((0, 5), (5, 10), (10, 15), (15, 20), (20, 25), (25, 30), (30, 33), (33, 999))


#: The policies by name, each a factory making a fresh policy for one game.
POLICIES: Mapping[str, Callable[[], Policy]] = {
    "random": lambda: random_policy,
    "greedy": lambda: greedy,
    "planner": Planner,
    "lookahead": LookaheadPlanner,
    "hint": HintPolicy,
}


# ---------------------------------------------------------------- simulation


@dataclass
class SimulationResult:
    """What a simulation measured: wins, the final damage of every game, and how the losses came."""

    policy: str
    games: int = 0
    wins: int = 0
    damage: list[int] = field(default_factory=list)
    defeated: list[int] = field(default_factory=list)
    lost_to_damage: int = 0
    lost_to_deck: int = 0

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% confidence interval of the win rate (Wilson score interval).

        Examples:
            >>> r = SimulationResult("x", games=100, wins=50)
            >>> [round(x, 3) for x in r.interval()]
            [0.404, 0.596]
        """
        n = self.games
        if not n:
            return (0.0, 1.0)
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def histogram(self) -> list[tuple[str, int]]:
        """The final damage of the games, counted in bins (the last bin is 33 and more: lost to damage).

        Examples:
            >>> SimulationResult("x", games=3, damage=[4, 31, 35]).histogram()[::3]
            [('0-4', 1), ('15-19', 0), ('30-32', 1)]
        """
        rows = []
        for low, high in BINS:
            label = f"{low}+" if high >= 999 else f"{low}-{high - 1}"
            rows.append((label, sum(1 for d in self.damage if low <= d < high)))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        low, high = self.interval()
        return {
            "policy": self.policy,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "mean_damage": sum(self.damage) / self.games if self.games else 0.0,
            "mean_defeated": sum(self.defeated) / self.games if self.games else 0.0,
            "lost_to_damage": self.lost_to_damage,
            "lost_to_deck": self.lost_to_deck,
            "damage_histogram": dict(self.histogram()),
        }


def simulate(
    games: int,
    seed: int = 1,
    policy: str = "planner",
    layout: int | str = 1,
    options: Mapping[str, object] | Options | None = None,
    progress: Callable[[int], None] | None = None,
    into: SimulationResult | None = None,
) -> SimulationResult:
    """Play ``games`` games, game ``i`` dealt from seed ``seed + i``, and gather the results.

    ``progress`` is called with 1 after each game (the CLI's progress bar). The results go into
    ``into`` when given, game by game, so that what was played is kept if the run is interrupted.
    """
    if policy not in POLICIES:
        raise UnknownNameError("policy", policy, list(POLICIES))
    result = into if into is not None else SimulationResult(policy)
    for i in range(games):
        state = E.new_game(options, seed=seed + i, layout=layout)
        final = play_game(state, POLICIES[policy](), random.Random(seed + i))
        result.games += 1
        result.damage.append(final.damage)
        result.defeated.append(final.defeated)
        if final.won():
            result.wins += 1
        elif final.damage >= E.LOSING_DAMAGE:
            result.lost_to_damage += 1
        else:
            result.lost_to_deck += 1
        if progress is not None:
            progress(1)
    return result


# ---------------------------------------------------------------- the chart

_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg_chart(results: list[SimulationResult], title: str = "Elementals: final damage per game") -> str:
    """A grouped bar chart (SVG) of the damage distribution of each policy, with win rates in the legend.

    Examples:
        >>> svg = svg_chart([SimulationResult("greedy", games=2, wins=1, damage=[3, 40])])
        >>> svg.startswith("<svg") and "greedy" in svg and svg.rstrip().endswith("</svg>")
        True
    """
    width, plot_h = 720, 260
    left, right, top, bottom = 60, 20, 50, 56 + 20 * len(results)
    height = top + plot_h + bottom
    plot_w = width - left - right
    bins = [label for label, _ in results[0].histogram()] if results else []
    shares = [[n / r.games if r.games else 0.0 for _, n in r.histogram()] for r in results]
    peak = max([max(s) for s in shares if s] + [0.01])
    peak = math.ceil(peak * 10) / 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{_esc(title)}</text>',
    ]
    for k in range(6):
        v = peak * k / 5
        y = top + plot_h - plot_h * v / peak
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.0%}</text>')
    group = plot_w / max(len(bins), 1)
    bar = group * 0.8 / max(len(results), 1)
    for b, label in enumerate(bins):
        x0 = left + b * group + group * 0.1
        for r, share in enumerate(shares):
            h = plot_h * share[b] / peak
            x = x0 + r * bar
            out.append(
                f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                f'fill="{_COLOURS[r % len(_COLOURS)]}"><title>{_esc(results[r].policy)} {label}: '
                f"{share[b]:.1%}</title></rect>"
            )
        out.append(f'<text x="{x0 + group * 0.4:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{label}</text>')
    out.append(
        f'<text x="{left + plot_w / 2}" y="{top + plot_h + 34}" text-anchor="middle">'
        "damage at the end of the game (33+ = lost to damage)</text>"
    )
    out.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>')
    for r, res in enumerate(results):
        low, high = res.interval()
        x = left
        y = top + plot_h + 62 + 20 * r
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{_COLOURS[r % len(_COLOURS)]}"/>')
        out.append(
            f'<text x="{x + 16}" y="{y}">{_esc(res.policy)}: won {res.win_rate:.2%} '
            f"[{low:.2%}, {high:.2%}] of {res.games}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- the chart of winnable shares

_BARS = (("winnable", "#59a14f"), ("planner", "#f28e2b"), ("hint", "#4e79a7"), ("greedy", "#bab0ac"))


def share_svg(summary: dict[str, Any]) -> str:
    """A bar chart (SVG) of the winnable share per layout, with its 95% interval and its unknowns, beside
    the policies' win rates over the same deals. ``summary`` is the one ``benchmarks/elementals_solver.py``
    saves.

    Examples:
        >>> layout = {"layout": 1, "name": "pyramid", "deals": 10, "winnable": 8, "not_winnable": 2, "unknown": 0,
        ...           "share": 0.8, "ci95": [0.49, 0.94], "greedy": {"rate": 0.0}, "planner": {"rate": 0.1}}
        >>> svg = share_svg({"layouts": [layout]})
        >>> svg.startswith("<svg") and "pyramid" in svg and "80.0%" in svg
        True
    """
    layouts = summary["layouts"]
    width, plot_h = 720, 280
    left, top, bottom = 60, 50, 90
    height = top + plot_h + bottom
    plot_w = width - left - 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">'
        "Elementals: deals winnable with the deck's order known, and games won</text>",
    ]
    for k in range(6):
        v = k / 5
        y = top + plot_h - plot_h * v
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.0%}</text>')
    group = plot_w / max(len(layouts), 1)
    bar = group * 0.8 / len(_BARS)
    for g, e in enumerate(layouts):
        x0 = left + g * group + group * 0.1
        for b, (name, colour) in enumerate(_BARS):
            if name == "winnable":
                rate = e["share"]
            elif isinstance(e.get(name), dict):
                rate = e[name]["rate"]
            else:
                continue
            h = plot_h * rate
            x = x0 + b * bar
            y = top + plot_h - h
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{colour}">'
                f"<title>{name}: {rate:.1%}</title></rect>"
            )
            above = y
            if name == "winnable":
                above = min(y, top + plot_h - plot_h * max(e["ci95"][1], rate + e["unknown"] / max(e["deals"], 1)))
            out.append(f'<text x="{x + bar / 2:.1f}" y="{above - 4:.1f}" text-anchor="middle">{rate:.1%}</text>')
            if name == "winnable":
                low, high = e["ci95"]
                unknown = e["unknown"] / e["deals"] if e["deals"] else 0.0
                if unknown:
                    u = plot_h * unknown
                    out.append(
                        f'<rect x="{x:.1f}" y="{y - u:.1f}" width="{bar:.1f}" height="{u:.1f}" fill="#59a14f" '
                        f'fill-opacity="0.35"><title>unknown: {unknown:.1%}</title></rect>'
                    )
                cx = x + bar / 2
                y1, y2 = top + plot_h - plot_h * low, top + plot_h - plot_h * high
                out.append(f'<line x1="{cx:.1f}" y1="{y1:.1f}" x2="{cx:.1f}" y2="{y2:.1f}" stroke="black"/>')
        label = f"{e['layout']}, the {e['name']} ({e['deals']:,} deals)"
        out.append(f'<text x="{x0 + group * 0.4:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{label}</text>')
    out.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>')
    legend = {
        "winnable": "winnable (deck known; line: 95% CI)",
        "planner": "planner",
        "hint": "hint",
        "greedy": "greedy",
    }
    x = left
    for name, colour in _BARS:
        y = top + plot_h + 50
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{x + 16}" y="{y}">{legend[name]}</text>')
        x += 16 + 7 * len(legend[name]) + 24
    out.append("</svg>")
    return "\n".join(out) + "\n"
