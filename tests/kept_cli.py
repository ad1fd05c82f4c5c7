"""Typer's test runner (`typer.testing.CliRunner`), with each app's Click command built once per test process.

Typer builds the Click command from the app on every ``invoke``: for the whole `rulebook` app about 60 ms of CPU,
most of a short command's run, and the tests invoke it some 400 times a run. A Click command keeps nothing from one
run to the next (each run gets a context of its own; Typer's parameters keep only the converters they build on first
use), so a run on the kept command answers as on a fresh one (tests/test_cli.py checks runs in a row against runs
alone). The command is built again when the app gains or loses a command or a group, or when the one environment
variable Typer reads at build time changes.
"""

from __future__ import annotations

import os
import weakref
from typing import Any
from unittest import mock

import typer
import typer.testing

#: Each app's Click command, with what it was built from (see `command`).
_KEPT: weakref.WeakKeyDictionary[typer.Typer, tuple[tuple, Any]] = weakref.WeakKeyDictionary()


def _shape(app: typer.Typer) -> tuple:
    """What a build of ``app`` reads that can change between runs: its commands, groups and callback."""
    return (
        tuple(map(id, app.registered_commands)),
        tuple(map(id, app.registered_groups)),
        id(app.registered_callback),
        os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"),
    )


def command(app: typer.Typer) -> Any:
    """The Click command of ``app``, built by Typer on first use and kept while the app keeps its shape."""
    shape = _shape(app)
    kept = _KEPT.get(app)
    if kept is None or kept[0] != shape:
        kept = _KEPT[app] = (shape, typer.main.get_command(app))
    return kept[1]


class CliRunner(typer.testing.CliRunner):
    """`typer.testing.CliRunner` whose ``invoke`` runs the app's kept Click command (`command`)."""

    def invoke(self, app: typer.Typer, *args: Any, **kwargs: Any) -> typer.testing.Result:  # type: ignore[override]
        built = command(app)
        with mock.patch.object(typer.testing, "_get_command", lambda _: built):
            return super().invoke(app, *args, **kwargs)
