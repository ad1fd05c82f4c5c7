"""What each rules option changes: every scenario of a game replayed under each choice of an option.

Each game keeps its scenarios as data (``rulebook/data/scenarios/<game>.toml``, or the file its registry
entry names; the same files its tests run) and answers one with its registered runner, ``run_scenario(case,
options)``, which returns the answer and a detail (shown only when the answers agree but the details
differ). Comparing an option replays every scenario under each of its choices, the other options staying
as each scenario sets them, and reports the scenarios whose answer changes, with the answer under each choice.

Examples:
    >>> from rulebook.compare import compare
    >>> ruling = compare("gale-defends")
    >>> ruling.verdict
    'gale-defends (Elemental Clash): 3 of 34 situations change; choices no (default), yes'
    >>> ruling.value["changed"][0]["name"]
    'gale cannot be used when defending'
"""

from __future__ import annotations

import tomllib
from typing import Any

from rulebook import registry
from rulebook.errors import InvalidInputError, RulebookError, UnknownNameError
from rulebook.records import Option
from rulebook.ruling import Ruling, Trace

__all__ = ["compare", "options_with_scenarios", "scenarios"]

#: The keys of a scenario that are its name and what it expects; the other keys describe its situation.
EXPECTATION_KEYS = frozenset(
    {"name", "sheet", "legal", "value", "verdict", "cites", "eliminated", "illegal", "winner", "expect", "note"}
)


def scenarios(game: str) -> list[dict[str, Any]]:
    """The scenarios of one game, from its data file (empty if it has none)."""
    path = registry.game(game).scenario_path
    if not path.exists():
        return []
    return tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", [])


def options_with_scenarios() -> list[tuple[str, Option]]:
    """Every ``(game, option)`` that can be compared: the game has scenarios and answers them."""
    found = []
    for g in registry.games():
        if g.runner and scenarios(g.id):
            found += [(g.id, opt) for opt in registry.rules(g.id).option_list]
    return found


def _answer(entry: registry.Game, case: dict[str, Any], option: str, choice: str) -> tuple[str, str]:
    """A scenario's answer under one choice; input that this reading refuses is an answer too."""
    try:
        return entry.run_scenario(case, {option: choice})
    except RulebookError as err:
        return f"refused under this reading: {err}", ""


def _kept(
    answered: dict | None, entry: registry.Game, case: dict[str, Any], option: str, choice: str
) -> tuple[str, str]:
    """`_answer`, kept in ``answered`` (when given) by the game, the scenario and the choice of every option it is
    answered under: ``option`` at ``choice``, the others as the scenario sets them or at their defaults."""
    if answered is None:
        return _answer(entry, case, option, choice)
    chosen: dict[str, Any] = {o.name: o.default for o in registry.rules(entry.id).option_list}
    chosen.update(case.get("options", {}))
    chosen[option] = choice
    key = (entry.id, repr(sorted(case.items())), repr(sorted(chosen.items())))
    if key not in answered:
        answered[key] = _answer(entry, case, option, choice)
    return answered[key]


def compare(option: str, game: str | None = None, *, answered: dict | None = None) -> Ruling:
    """Replay a game's scenarios under each choice of ``option`` and report the answers that change.

    ``answered`` keeps each scenario's answer by the choices of every option it was answered under, for calls that
    compare several options (the site's options page compares them all): a scenario under its own reading of one
    option is the same question as under the choice another option's comparison asks of it, answered once.
    """
    candidates = options_with_scenarios()
    if game is not None:
        gid = registry.game(game).id
        candidates = [(g, o) for g, o in candidates if g == gid]
    matches = [(g, o) for g, o in candidates if o.name == option]
    if not matches:
        raise UnknownNameError("option", option, sorted({o.name for _, o in candidates}))
    if len(matches) > 1:
        games = ", ".join(g for g, _ in matches)
        raise InvalidInputError(f"option {option!r} belongs to several games ({games}); name one with --game")
    gid, opt = matches[0]
    entry = registry.game(gid)
    cases = scenarios(gid)
    trace = Trace()
    changed: list[dict[str, Any]] = []
    seen: set[str] = set()
    for case in cases:
        # Scenarios that differ only in this option's value are one situation here.
        situation = {k: v for k, v in case.items() if k not in EXPECTATION_KEYS}
        situation["options"] = {k: v for k, v in case.get("options", {}).items() if k != opt.name}
        key = repr(sorted(situation.items()))
        if key in seen:
            continue
        seen.add(key)
        results = {choice: _kept(answered, entry, case, opt.name, choice) for choice in opt.choices}
        answers = {c: r[0] for c, r in results.items()}
        if len(set(answers.values())) == 1:
            answers = {c: f"{r[0]}; then {r[1]}" for c, r in results.items()}
            if len(set(results.values())) == 1:
                continue
        changed.append({"name": case["name"], "answers": answers})
        how = "; ".join(f"{choice}: {answer}" for choice, answer in answers.items())
        trace.add(f"{case['name']}: {how}", opt.record)
    choices = ", ".join(f"{c} (default)" if c == opt.default else c for c in opt.choices)
    name = registry.game(gid).name
    verdict = f"{opt.name} ({name}): {len(changed)} of {len(seen)} situations change; choices {choices}"
    value = {
        "game": gid,
        "option": opt.name,
        "record": opt.record,
        "default": opt.default,
        "choices": dict(opt.choices),
        "situations": len(seen),
        "changed": changed,
    }
    if not changed:
        trace.add("no scenario's answer depends on this option", opt.record)
    return trace.ruling(verdict, value)
