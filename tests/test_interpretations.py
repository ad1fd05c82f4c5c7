"""Every ruling that rests on an interpretation cites it (issue 22), found from the data, not listed by hand.

An interpretation that is a rules option is *applied* by a scenario when the scenario's answer changes with the
option's choice: the answer then rests on the reading chosen, and the ruling must cite the interpretation, under
the default reading as under every other. The test walks every interpretation record of every game that has
scenarios; a new interpretation, option or scenario is covered as soon as it exists. (An interpretation that no
option names cannot be found applied by replaying: `rulebook coverage` shows what cites it.)
"""

from __future__ import annotations

from typing import Any

import pytest

import rulebook
from rulebook import observe
from rulebook import ruling as ruling_module
from rulebook.compare import EXPECTATION_KEYS, scenarios
from rulebook.errors import RulebookError

#: Options some of whose answers still change without citing them (none now: the Elestrals engine works out, in one
#: place, which options its answer read would answer otherwise, and cites them). Strict: a fix makes the test fail
#: until its name leaves this set.
PENDING: set[str] = set()


def _interpretations_with_options() -> list[tuple[str, Any]]:
    found = []
    for g in rulebook.games():
        if not hasattr(rulebook.engine(g.id), "run_scenario") or not scenarios(g.id):
            continue
        for record in rulebook.rules(g.id).of_kind("interpretation"):
            if record.option is not None:
                found.append((g.id, record))
    return found


#: Each scenario's answer by the options in force (every option's choice, the defaults filled in): a scenario whose
#: own reading of one option is the choice another record's walk asks for is the same question, answered once (the
#: walks of one game's records replay each scenario under its own readings once per record otherwise). Kept with
#: the rules its verdicts cited, which a test that reads it back reports again (the coverage map credits each test
#: with what its own walk asked, as when every walk worked its answers out).
_ANSWERS: dict[tuple, tuple[Any, tuple[tuple[str, ...], ...], tuple[tuple[str, str], ...]]] = {}


def _once(key: tuple, work: Any) -> Any:
    """``work()``, worked out the first time ``key`` is asked and kept; its citations reported again each later time."""
    if key in _ANSWERS:
        found, rules, overrides = _ANSWERS[key]
        for cited in rules:
            observe.cited(cited)
        observe.cited((), overrides)
        return found
    rules: list[tuple[str, ...]] = []
    overrides: list[tuple[str, str]] = []
    stop = observe.watch(lambda cited, pairs: (rules.append(tuple(cited)), overrides.extend(pairs)))
    try:
        found = work()
    finally:
        stop()
    _ANSWERS[key] = (found, tuple(rules), tuple(overrides))
    return found


def _in_force(game: str, case: dict[str, Any], option: str, choice: str) -> tuple:
    """The scenario and every option's choice it is answered under (``option`` set to ``choice``)."""
    chosen = {o.name: o.default for o in rulebook.rules(game).option_list}
    chosen.update(case.get("options", {}))
    chosen[option] = choice
    return game, repr(sorted(case.items())), repr(sorted(chosen.items()))


def _answer(game: str, case: dict[str, Any], option: str, choice: str) -> tuple[str, set[str] | None]:
    """A scenario's answer under one choice, and the rules cited by the ruling that gave it (None: refused)."""
    return _once(_in_force(game, case, option, choice), lambda: _answered(rulebook.engine(game), case, option, choice))


def _answered(engine: Any, case: dict[str, Any], option: str, choice: str) -> tuple[str, set[str] | None]:
    """`_answer`, worked out."""
    made: list[Any] = []
    real = ruling_module.Ruling.__post_init__

    def keep(self: Any) -> None:
        made.append(self)
        real(self)

    ruling_module.Ruling.__post_init__ = keep  # type: ignore[method-assign]
    try:
        answer = engine.run_scenario(case, {option: choice})[0]
    except RulebookError as err:
        return f"refused: {err}", None
    finally:
        ruling_module.Ruling.__post_init__ = real  # type: ignore[method-assign]
    giving = [r for r in made if r.verdict == answer]
    return answer, set(giving[-1].rules) if giving else None


def _posed(game: str, case: dict[str, Any], option: str, choice: str) -> bool:
    """Whether the scenario's question can be asked under this choice at all.

    An Elestrals scenario may play moves (`before`) to reach the position its question is about; a choice that
    refuses one of those moves leaves no position to ask about (a Normal Ascend into a 2-Spirit Elestral under
    ascend-cost-cap=yes), which is no other answer to the question. Its listing of legal actions replays the same
    file and moves and asks nothing a choice could refuse.
    """
    if not case.get("before"):
        return True

    def asked() -> bool:
        try:
            rulebook.engine(game).run_scenario({**case, "query": "legal"}, {option: choice})
        except RulebookError:
            return False
        return True

    return _once(("posed", *_in_force(game, case, option, choice)), asked)


def _applied(game: str, record: Any) -> list[tuple[str, dict[str, tuple[str, set[str] | None]]]]:
    """The scenarios whose answer changes with this option, with each choice's answer and cited rules (the choices
    under which the scenario's question can be asked). Worked out once per record: the last test reads the three
    Elestrals options' walks again."""
    if record.id not in _WALKED:
        _WALKED[record.id] = _walk(game, record)
    return _WALKED[record.id]


_WALKED: dict[str, list[tuple[str, dict[str, tuple[str, set[str] | None]]]]] = {}  # record ID -> its walk


def _walk(game: str, record: Any) -> list[tuple[str, dict[str, tuple[str, set[str] | None]]]]:
    out, seen = [], set()
    for case in scenarios(game):
        situation = {k: v for k, v in case.items() if k not in EXPECTATION_KEYS and k != "options"}
        situation["options"] = {k: v for k, v in case.get("options", {}).items() if k != record.option.name}
        key = repr(sorted(situation.items()))
        if key in seen:
            continue
        seen.add(key)
        choices = [c for c in record.option.choices if _posed(game, case, record.option.name, c)]
        results = {c: _answer(game, case, record.option.name, c) for c in choices}
        if len({answer for answer, _ in results.values()}) > 1:
            out.append((case["name"], results))
    return out


CASES = _interpretations_with_options()


def test_the_walk_finds_the_interpretations_that_are_options_in_every_game_with_scenarios() -> None:
    games = {g for g, _ in CASES}
    assert {"clash", "elestrals", "elementals", "spellfire", "elephants"} <= games, games
    assert len(CASES) >= 20


@pytest.mark.parametrize(
    ("game", "record"),
    [
        pytest.param(g, r, marks=pytest.mark.xfail(reason="answers that do not yet cite this option", strict=True))
        if r.option.name in PENDING
        else (g, r)
        for g, r in CASES
    ],
    ids=[r.id for _, r in CASES],
)
def test_every_answer_that_rests_on_an_interpretation_cites_it(game: str, record: Any) -> None:
    missing = []
    for name, results in _applied(game, record):
        for choice, (answer, rules) in results.items():
            if rules is not None and record.id not in rules:
                missing.append(f"{name!r} under {record.option.name}={choice}: {answer!r} cites {sorted(rules)}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("option", ["window-chains", "ascend-cost-cap", "draw-when-counter"])
def test_the_elestrals_options_issue_22_named_are_each_found_applied_by_a_scenario(option: str) -> None:
    # Not vacuous: each option's answers are compared on at least one scenario whose answer changes with it, the
    # question asked under every choice.
    record = next(r for g, r in CASES if g == "elestrals" and r.option.name == option)
    applied = _applied("elestrals", record)
    assert any(set(results) == set(record.option.choices) for _, results in applied), applied
