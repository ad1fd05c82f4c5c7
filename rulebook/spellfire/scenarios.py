"""Spellfire: the scenarios' runner, which answers each case of ``rulebook/data/scenarios/spellfire.toml`` with
the query it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulebook.ruling import Ruling
from rulebook.spellfire.cards import borrowed, bring_avatar, copy_power, counter, deck_levels, may_use, priority
from rulebook.spellfire.engine import attack, exposure, formation
from rulebook.spellfire.turn import draw, once_per_turn

__all__ = [
    "SCENARIO_QUERIES",
    "TAKES_OPTIONS",
    "run_scenario",
    "scenario_ruling",
]



def _attack_case(razed: str = "", realms: tuple[str, ...] = (), **rest: Any) -> Ruling:
    return attack(formation(razed, realms), **rest)


#: The queries a scenario can name (``query`` in ``rulebook/data/scenarios/spellfire.toml``).
SCENARIO_QUERIES: dict[str, Callable[..., Ruling]] = {
    "attack": _attack_case,
    "formation": lambda razed="", realms=(): exposure(formation(razed, realms)),
    "counter": counter,
    "priority": priority,
    "borrow": borrowed,
    "copy": copy_power,
    "use": may_use,
    "avatar": bring_avatar,
    "levels": deck_levels,
    "draw": draw,
    "once": once_per_turn,
}
#: The queries that take rules options.
TAKES_OPTIONS = frozenset({"attack", "counter", "draw"})


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """The ruling a scenario asks for: its ``query`` with its ``args``, under its options and ``options``.

    Examples:
        >>> scenario_ruling({"query": "attack", "args": {"target": "B", "champion": "hero"}}).legal
        False
    """
    args = dict(case.get("args", {}))
    if case["query"] in TAKES_OPTIONS:
        args["options"] = {**case.get("options", {}), **(options or {})}
    return SCENARIO_QUERIES[case["query"]](**args)


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (its value), for ``rulebook compare``."""
    ruling = scenario_ruling(case, options)
    value = ruling.value if isinstance(ruling.value, Mapping) else {"value": ruling.value}
    return ruling.verdict, repr({k: v for k, v in value.items() if k != "options"})
