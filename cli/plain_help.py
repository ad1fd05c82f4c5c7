"""Help that shows what a user types: plain labels, whole summaries.

Typer labels every argument and option in `--help` with its Python type (`<str>`, `<bool>`,
`<list[str]>`), writes required arguments in braces in usage lines (`{game}`), and cuts each command's
summary in a group's list to 45 characters with "...". The `rulebook` help instead names each value
as the user writes it:

- an argument by its metavar or its name in capitals (`GAME`, `LOG...`), optional ones in brackets;
- an option by its metavar, `N` for a number, or its name in capitals (`--kind KIND`); a flag alone;
- a command by the whole first paragraph of its help.

[`install`][cli.plain_help.install] applies this to Typer's parameter and command classes once, when the
`cli` package is imported, so every command of every game gets it.
"""

from __future__ import annotations

import inspect
from typing import Any

from typer import core

__all__ = ["install"]

_INSTALLED = False


def _argument_name(param: core.TyperArgument) -> str:
    return param.metavar or (param.name or "").upper().replace("_", "-")


def _argument_usage(param: core.TyperArgument) -> str:
    name = _argument_name(param)
    if param.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if param.required else f"[{name}]"


def _argument_rich_name(param: core.TyperArgument) -> str:
    name = _argument_name(param)
    return name + "..." if param.nargs != 1 and not name.endswith("...") else name


def _option_label(param: core.TyperOption, ctx: Any = None) -> str | None:
    if param.is_flag or param.count:
        return None
    if param.metavar is not None:
        return param.metavar
    if param.type_descriptor.annotation in (int, float):
        return "N"
    return (param.name or "").upper().replace("_", "-")


def _summary(command: Any, limit: int = 45) -> str:
    """The first paragraph of a command's help, whole, on one line (``limit`` is ignored)."""
    text = command.short_help or command.help or ""
    first = inspect.cleandoc(text).split("\n\n")[0]
    return " ".join(first.replace("\b", "").split())


def install() -> None:
    """Make Typer's help plain (see the module's description); calling it again changes nothing."""
    global _INSTALLED
    if _INSTALLED:
        return
    _INSTALLED = True
    core.TyperArgument.display_name_raw = property(_argument_name)  # error messages: "Missing argument 'GAME'"
    core.TyperArgument.display_type_rich = lambda self, ctx=None: None
    core.TyperArgument._usage_display_name = _argument_usage
    core.TyperArgument._rich_display_name = _argument_rich_name
    core.TyperOption.display_type_rich = _option_label
    core.TyperCommand.get_short_help_str = _summary
    core.TyperGroup.get_short_help_str = _summary
