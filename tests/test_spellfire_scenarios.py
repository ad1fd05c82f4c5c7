"""Runs the Spellfire scenarios of tests/scenarios/spellfire.toml: each names the rule it shows."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rulebook import spellfire
from rulebook.ruling import Ruling

SCENARIOS = tomllib.loads((Path(__file__).parent / "scenarios" / "spellfire.toml").read_text(encoding="utf-8"))[
    "scenario"
]


def _attack(razed: str = "", realms: tuple[str, ...] = (), **rest: Any) -> Ruling:
    return spellfire.attack(spellfire.formation(razed, realms), **rest)


QUERIES: dict[str, Callable[..., Ruling]] = {
    "attack": _attack,
    "formation": lambda razed="", realms=(): spellfire.exposure(spellfire.formation(razed, realms)),
    "counter": spellfire.counter,
    "priority": spellfire.priority,
    "borrow": spellfire.borrowed,
    "copy": spellfire.copy_power,
    "use": spellfire.may_use,
    "avatar": spellfire.bring_avatar,
    "levels": spellfire.deck_levels,
    "draw": spellfire.draw,
    "once": spellfire.once_per_turn,
}
TAKES_OPTIONS = {"attack", "counter", "draw"}


@pytest.mark.parametrize("case", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(case: dict) -> None:
    args = dict(case["args"])
    if case["query"] in TAKES_OPTIONS:
        args["options"] = case.get("options", {})
    ruling = QUERIES[case["query"]](**args)
    if "legal" in case:
        assert ruling.legal is case["legal"], ruling.verdict
    for key, expected in case.get("value", {}).items():
        assert ruling.value[key] == expected, (key, ruling.value)
    assert ruling.verdict.startswith(case.get("verdict", "")), ruling.verdict
    assert set(case.get("cites", [])) <= set(ruling.rules), ruling.rules


def test_there_are_enough_scenarios_and_the_sheets_examples_are_among_them() -> None:
    assert len(SCENARIOS) >= 18
    assert sum(1 for s in SCENARIOS if s.get("sheet")) >= 18


def test_every_record_but_the_glossary_is_cited_by_some_scenario() -> None:
    from rulebook import rules

    cited: set[str] = set()
    for case in SCENARIOS:
        args = dict(case["args"])
        if case["query"] in TAKES_OPTIONS:
            args["options"] = case.get("options", {})
        cited |= set(QUERIES[case["query"]](**args).rules)
    missing = [r.id for r in rules("spellfire") if r.id not in cited and r.kind != "glossary"]
    assert missing == []
