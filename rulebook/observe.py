"""Watching which rules verdicts cite, so coverage comes from what actually runs.

Every [`Ruling`][rulebook.ruling.Ruling] that is made and every
[`IllegalActionError`][rulebook.errors.IllegalActionError] that is raised reports the rule IDs it cites to the
watchers registered here. The test suite registers one while each test runs, which is how the
coverage map links each record to the scenarios and tests that exercise it. With no watcher, the
cost is one empty-list check.

This module imports nothing, so that ``import rulebook`` stays light.

Examples:
    >>> from rulebook import observe
    >>> seen = set()
    >>> stop = observe.watch(lambda rules, overrides: seen.update(rules))
    >>> observe.cited(("clash.attack.tie",))
    >>> stop()
    >>> observe.cited(("clash.attack.strength",))
    >>> seen
    {'clash.attack.tie'}
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

#: The callbacks watching verdicts (``Ruling`` and ``IllegalActionError`` skip the report when it is empty).
WATCHERS: list = []


def watch(callback: Callable[[Iterable[str], Iterable[tuple[str, str]]], object]) -> Callable[[], None]:
    """Call ``callback(rules, overrides)`` for every verdict from now on; returns the function that stops it.

    ``rules`` are the cited rule IDs; ``overrides`` the ``(record, overridden record)`` pairs of the
    steps where one record's answer replaced another's.
    """
    WATCHERS.append(callback)

    def stop() -> None:
        if callback in WATCHERS:
            WATCHERS.remove(callback)

    return stop


def cited(rules: Iterable[str], overrides: Iterable[tuple[str, str]] = ()) -> None:
    """Report what a verdict cites (called by ``Ruling`` and ``IllegalActionError``)."""
    for callback in WATCHERS:
        callback(rules, overrides)
