"""The coverage map: for every record, the passing scenarios and tests whose verdicts cite it.

The map is not kept by hand. While the test suite runs, every verdict reports the rule IDs it cites
([`rulebook.observe`][rulebook.observe]); at the end of a full, green run the suite writes the map to
``rulebook/data/coverage.json`` and fails in CI if the committed map was stale. The CLI
(``rulebook coverage``) and the site read that file.

A record is **normative** when it states what the rules are: a rule, a clarification or an
interpretation. Errata (about a document's mistakes) and glossary terms are listed but not required.

Examples:
    >>> from rulebook import coverage
    >>> coverage.NORMATIVE
    ('rule', 'clarification', 'interpretation')
    >>> sorted(coverage.report("clash")["games"]["clash"])
    ['covered', 'normative']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from rulebook import registry
from rulebook.records import DATA_DIR

__all__ = ["MAP_FILE", "NORMATIVE", "build_map", "load_map", "report", "scenario_label", "unmarked_conflicts"]

#: Where the map lives: inside the package, so an installed rulebook can show it.
MAP_FILE = DATA_DIR / "coverage.json"
#: The kinds of record that must each be exercised by at least one passing scenario.
NORMATIVE: tuple[str, ...] = ("rule", "clarification", "interpretation")
SCHEMA = "rulebook.coverage/1"


def build_map(cited: Mapping[str, Iterable[str]]) -> dict[str, Any]:
    """The map's content from ``{rule ID: test IDs}``: every record of every game, tests sorted."""
    records = {r.id: sorted(set(cited.get(r.id, ()))) for g in registry.games() for r in registry.rules(g.id)}
    return {"schema": SCHEMA, "records": records}


def load_map() -> dict[str, list[str]]:
    """``{rule ID: passing test IDs}`` from the committed map (empty if it has not been written yet)."""
    try:
        return json.loads(MAP_FILE.read_text(encoding="utf-8"))["records"]
    except FileNotFoundError:
        return {}


def scenario_label(test_id: str) -> str:
    """A short readable name for a test ID: a docs page and line, or a test's name.

    Examples:
        >>> scenario_label("docs/games/clash.md::line:73,column:1")
        'docs/games/clash.md, line 73'
        >>> scenario_label("tests/test_cli.py::test_version")
        'tests/test_cli.py::test_version'
    """
    path, _, rest = test_id.partition("::")
    if rest.startswith("line:"):
        return f"{path}, line {rest[5:].split(',')[0]}"
    return test_id


def report(game: str | None = None) -> dict[str, Any]:
    """Coverage of one game (or all): each record with its count of passing scenarios, and the gaps.

    ``covered`` counts normative records with at least one scenario; ``uncovered`` lists the
    normative records with none.
    """
    games = [registry.game(game)] if game else registry.games()
    cited = load_map()
    rows, per_game = [], {}
    for g in games:
        normative = covered = 0
        for r in registry.rules(g.id):
            tests = cited.get(r.id, [])
            rows.append({"id": r.id, "kind": r.kind, "title": r.title, "scenarios": len(tests), "tests": tests})
            if r.kind in NORMATIVE:
                normative += 1
                covered += bool(tests)
        per_game[g.id] = {"normative": normative, "covered": covered}
    uncovered = [row["id"] for row in rows if row["kind"] in NORMATIVE and not row["scenarios"]]
    return {
        "schema": SCHEMA,
        "games": per_game,
        "normative": sum(v["normative"] for v in per_game.values()),
        "covered": sum(v["covered"] for v in per_game.values()),
        "uncovered": uncovered,
        "records": rows,
    }


def unmarked_conflicts(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The ``(record, overridden record)`` pairs seen in verdicts that the data does not declare.

    A step whose answer replaces another record's answer is a conflict between two records; it must be
    explicit in the data (``overrides``) so that both records show it. The test suite fails on any
    pair returned here.

    Examples:
        >>> unmarked_conflicts([("clash.interp.fortify-outcome", "clash.attack.tie")])
        []
        >>> unmarked_conflicts([("clash.attack.tie", "clash.ability.blaze")])
        [('clash.attack.tie', 'clash.ability.blaze')]
    """
    return sorted((r, o) for r, o in set(pairs) if o not in registry.rule(r).overrides)
