"""Answers as small data objects: the verdict, the rules that decided it, and a trace.

Every query the rulebook answers returns a [`Ruling`][rulebook.ruling.Ruling]. Its ``verdict`` is one line a person can
read; ``value`` holds the same answer as data; ``rules`` lists the IDs of the records that decided it,
in the order they were used; ``trace`` is the step-by-step reasoning, each step citing its rule.

Examples:
    >>> from rulebook.ruling import Ruling, Trace
    >>> trace = Trace()
    >>> trace.add("3 > 2: the attacker is stronger", "clash.attack.attacker-wins")
    >>> ruling = trace.ruling("Air is eliminated", {"eliminated": ["P2 air"]})
    >>> ruling.rules
    ('clash.attack.attacker-wins',)
    >>> print(ruling)
    Air is eliminated
      1. 3 > 2: the attacker is stronger  [clash.attack.attacker-wins]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulebook.observe import WATCHERS, cited
from rulebook.values import Frozen

__all__ = ["SCHEMA", "Ruling", "Step", "Trace"]

#: The version tag of the JSON shape of a ruling; it changes only when that shape changes.
SCHEMA = "rulebook.ruling/1"

_set = object.__setattr__

# Frozen dataclasses whose __init__ is written out, and whose other methods come from rulebook.values.Frozen,
# rather than generated, so that making the classes costs a command nothing measurable; tests/test_values.py
# checks them against the dataclasses Python would generate.


@dataclass(init=False, repr=False, eq=False)
class Step(Frozen):
    """One step of a trace: what happened, and the record that says so (if any).

    ``overrides`` names the record whose answer this step replaces, where a clarification or an
    exception gives another answer than a base rule in this situation. The override must be declared
    in the data (the ``overrides`` of the step's record); the test suite fails on an undeclared one.
    """

    text: str
    rule: str | None = None
    overrides: str | None = None

    def __init__(self, text: str, rule: str | None = None, overrides: str | None = None) -> None:
        _set(self, "text", text)
        _set(self, "rule", rule)
        _set(self, "overrides", overrides)

    def __str__(self) -> str:
        if not self.rule:
            return self.text
        instead = f", overriding {self.overrides}" if self.overrides else ""
        return f"{self.text}  [{self.rule}{instead}]"


@dataclass(init=False, repr=False, eq=False)
class Ruling(Frozen):
    """An answer: a one-line verdict, the answer as data, the deciding rule IDs, and the trace.

    ``legal`` is ``True`` or ``False`` for questions of legality and ``None`` for the others.
    """

    verdict: str
    value: Any = None
    rules: tuple[str, ...] = ()
    trace: tuple[Step, ...] = ()
    legal: bool | None = None

    def __init__(
        self,
        verdict: str,
        value: Any = None,
        rules: tuple[str, ...] = (),
        trace: tuple[Step, ...] = (),
        legal: bool | None = None,
    ) -> None:
        _set(self, "verdict", verdict)
        _set(self, "value", value)
        _set(self, "rules", rules)
        _set(self, "trace", trace)
        _set(self, "legal", legal)
        self.__post_init__()

    def __post_init__(self) -> None:
        if WATCHERS:
            overrides = tuple((s.rule, s.overrides) for s in self.trace if s.rule and s.overrides)
            cited(self.rules, overrides)

    def __str__(self) -> str:
        lines = [self.verdict]
        lines += [f"  {n}. {step}" for n, step in enumerate(self.trace, 1)]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The ruling as JSON-ready data, the ``ruling`` part of the CLI's ``--json`` output."""
        return {
            "verdict": self.verdict,
            "legal": self.legal,
            "value": self.value,
            "rules": list(self.rules),
            "trace": [{"text": s.text, "rule": s.rule, "overrides": s.overrides} for s in self.trace],
        }


@dataclass(init=False, repr=False, eq=False)
class Trace:
    """A trace being written: collect steps, then make the [`Ruling`][rulebook.ruling.Ruling].

    The cited rule IDs are gathered in order of first use, without repeats.
    """

    steps: list[Step] = field(default_factory=list)

    def __init__(self, steps: list[Step] | None = None) -> None:
        self.steps = [] if steps is None else steps

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(steps={self.steps!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.steps == other.steps  # type: ignore[attr-defined]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq and without frozen is

    def add(self, text: str, rule: str | None = None, overrides: str | None = None) -> None:
        """Append one step, citing ``rule`` (and the record whose answer it replaces, if any)."""
        self.steps.append(Step(text, rule, overrides))

    def refusal(self, reason: str, rules: tuple[str, ...] | list[str], prefix: str = "") -> None:
        """Add the steps that explain an illegal action: the reason citing the first rule, then the others.

        Each further rule is named by its kind and title, so that no step is a bare rule ID.

        Examples:
            >>> trace = Trace()
            >>> trace.refusal("Gale is for attacking", ("clash.ability.timing", "clash.ability.gale"))
            >>> for step in trace.steps:
            ...     print(step)
            illegal: Gale is for attacking  [clash.ability.timing]
            also forbidden by the rule "Gale (Air): swap strengths with the defender"  [clash.ability.gale]
        """
        self.add(f"{prefix}illegal: {reason}", rules[0] if rules else None)
        self.also_forbidden(rules[1:], prefix)

    def also_forbidden(self, rules: tuple[str, ...] | list[str], prefix: str = "") -> None:
        """Add a step for each of ``rules`` that forbids what the step before refused too, named in words.

        Examples:
            >>> trace = Trace()
            >>> trace.also_forbidden(["clash.ability.gale"], "gale: ")
            >>> print(trace.steps[0])
            gale: also forbidden by the rule "Gale (Air): swap strengths with the defender"  [clash.ability.gale]
        """
        for rule in rules:
            self.add(f"{prefix}also forbidden by {_named(rule)}", rule)

    @property
    def rules(self) -> tuple[str, ...]:
        """The cited rule IDs in order of first use (an overridden record counts as cited)."""
        cited = (r for s in self.steps for r in (s.rule, s.overrides) if r)
        return tuple(dict.fromkeys(cited))

    def ruling(self, verdict: str, value: Any = None, legal: bool | None = None) -> Ruling:
        """Close the trace into a [`Ruling`][rulebook.ruling.Ruling]."""
        return Ruling(verdict=verdict, value=value, rules=self.rules, trace=tuple(self.steps), legal=legal)


def _named(rule_id: str) -> str:
    """A record named in words: its kind and its title in quotes (the ID alone when it is not known)."""
    from rulebook.errors import RulebookError
    from rulebook.registry import rule

    try:
        record = rule(rule_id)
    except RulebookError:
        return rule_id
    return f'the {record.kind} "{record.title}"'
