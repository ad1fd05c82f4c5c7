"""The shape of a file's data: a small declarative description that parsed TOML is checked against before use.

Every engine that reads a file (an Elestrals position, an Elephants board or round) checks the parsed data with
[`check_shape`][rulebook.shapes.check_shape] first, so a value of the wrong kind is one line naming its key path and
what is accepted, never a traceback deep inside an engine. (Kept apart from [`rulebook.reading`][rulebook.reading]:
a query that reads no file does not build these classes.)

Examples:
    >>> check_shape({"players": "three"}, {"players": Int(2, 4)}, "round.toml")
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidInputError: round.toml: players must be a whole number from 2 to 4, not 'three'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.errors import InvalidInputError, closest, did_you_mean
from rulebook.reading import shown

__all__ = ["Choice", "Int", "ListOf", "MapOf", "Opt", "check_shape"]



@dataclass(frozen=True)
class Int:
    """A whole number (not a bool) within ``low``..``high``."""

    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Choice:
    """One of a fixed set of strings."""

    values: tuple[str, ...]

    def __init__(self, *values: str) -> None:
        object.__setattr__(self, "values", tuple(values))


@dataclass(frozen=True)
class ListOf:
    """A list of items of one shape, of at most ``most`` items."""

    item: Any
    most: int = 1000


@dataclass(frozen=True)
class MapOf:
    """A table with any keys (strings), each value of one shape."""

    value: Any
    most: int = 1000


@dataclass(frozen=True)
class Opt:
    """An optional key of a table (absent is fine)."""

    shape: Any


def _describe(shape: Any) -> str:
    if shape is str:
        return "a string"
    if shape is bool:
        return "true or false"
    if shape is float:
        return "a number"
    if isinstance(shape, Int):
        if shape.low is not None and shape.high is not None:
            return f"a whole number from {shape.low} to {shape.high}"
        if shape.low is not None:
            return f"a whole number of at least {shape.low}"
        return "a whole number"
    if isinstance(shape, Choice):
        return "one of " + ", ".join(shape.values)
    if isinstance(shape, ListOf):
        item = _describe(shape.item)
        noun = item.removeprefix("a ").removeprefix("an ")
        if noun.isalpha():  # "a string": a list of strings
            return f"a list of {noun}s"
        return f"a list, each item {item}"  # "a list, each item a whole number from 1 to 4"
    if isinstance(shape, MapOf | Mapping):
        return "a table"
    if isinstance(shape, tuple):
        return " or ".join(_describe(s) for s in shape)
    return "a value"


def _got(value: Any) -> str:
    text = repr(value)
    return shown(text, 40)


def _fits(value: Any, shape: Any) -> bool:
    try:
        check_shape(value, shape, "")
    except InvalidInputError:
        return False
    return True


def check_shape(data: Any, shape: Any, where: str, path: str = "") -> Any:
    """Check parsed data against a shape before use; the first mismatch is one line naming the key path.

    A shape is ``str``, ``bool``, ``float``, [`Int`][rulebook.shapes.Int], [`Choice`][rulebook.shapes.Choice],
    [`ListOf`][rulebook.shapes.ListOf], [`MapOf`][rulebook.shapes.MapOf], a tuple of shapes (any one fits), or a dict
    of key -> shape for a table whose keys are all known ([`Opt`][rulebook.shapes.Opt] marks an optional key; an
    unknown key suggests the closest known one). Returns ``data`` unchanged.

    Examples:
        >>> plan = {"players": 3, "spells": ["P1:clap"]}
        >>> check_shape(plan, {"players": Int(2, 4), "spells": ListOf(str)}, "plan.toml") == plan
        True
        >>> check_shape({"player": 3}, {"players": Opt(Int(2, 4))}, "plan.toml")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: plan.toml: unknown key 'player' (did you mean 'players'?); accepted: players
    """

    def wrong() -> InvalidInputError:
        name = path or "the data"
        near = closest(data, shape.values, n=1) if isinstance(shape, Choice) and isinstance(data, str) else []
        hint = did_you_mean(near)
        return InvalidInputError(f"{where}: {name} must be {_describe(shape)}, not {_got(data)}{hint}")

    if isinstance(shape, Opt):
        shape = shape.shape
    scalar = _scalar_fits(data, shape)
    if scalar is not None:
        if not scalar:
            raise wrong()
    elif isinstance(shape, ListOf | MapOf):
        if not isinstance(data, list if isinstance(shape, ListOf) else dict):
            raise wrong()
        _check_items(data, shape, where, path)
    elif isinstance(shape, tuple):
        if not any(_fits(data, s) for s in shape):
            same_kind = [s for s in shape if _container_of(s) is type(data)]
            if len(same_kind) == 1:  # a table or list of the right kind: name the item that is wrong
                check_shape(data, same_kind[0], where, path)
            raise wrong()
    elif isinstance(shape, Mapping):
        if not isinstance(data, dict):
            raise wrong()
        _check_table(data, shape, where, path)
    else:
        raise TypeError(f"unknown shape {shape!r}")
    return data


def _container_of(shape: Any) -> type | None:
    """The Python type a table or list shape reads (``dict`` or ``list``); None for a scalar shape."""
    if isinstance(shape, ListOf):
        return list
    if isinstance(shape, MapOf | Mapping):
        return dict
    return None


def _scalar_fits(data: Any, shape: Any) -> bool | None:
    """Whether ``data`` fits a scalar shape (``str``, ``bool``, ``float``, ``Int``, ``Choice``); None for others."""
    if shape is str:
        return isinstance(data, str)
    if shape is bool:
        return isinstance(data, bool)
    if shape is float:
        return not isinstance(data, bool) and isinstance(data, int | float)
    if isinstance(shape, Int):
        if isinstance(data, bool) or not isinstance(data, int):
            return False
        return not ((shape.low is not None and data < shape.low) or (shape.high is not None and data > shape.high))
    if isinstance(shape, Choice):
        return data in shape.values
    return None


def _check_items(data: list[Any] | dict[Any, Any], shape: ListOf | MapOf, where: str, path: str) -> None:
    """Check a list's items (``ListOf``) or a table's values (``MapOf``): their count, then each one."""
    here = f"{where}: {path}" if path else where
    kind = "items" if isinstance(shape, ListOf) else "keys"
    if len(data) > shape.most:
        raise InvalidInputError(f"{here} has {len(data):,} {kind}; at most {shape.most:,} are accepted")
    if isinstance(data, list):
        for n, item in enumerate(data, 1):
            check_shape(item, shape.item, where, f"{path or 'item'}[{n}]")
    else:
        for key, value in data.items():
            check_shape(value, shape.value, where, f"{path}.{key}" if path else str(key))


def _check_table(data: dict[Any, Any], shape: Mapping[str, Any], where: str, path: str) -> None:
    """Check a table whose keys are all known: no unknown key (the closest suggested), no missing one, each value."""
    here = f"{where}: {path}" if path else where
    for key in data:
        if key not in shape:
            hint = did_you_mean(closest(str(key), list(shape), n=1))
            prefix = f"{path}." if path else ""
            raise InvalidInputError(
                f"{where}: unknown key {shown(prefix + str(key))!r}{hint}; accepted: {', '.join(shape)}"
            )
    for key, sub in shape.items():
        if key in data:
            check_shape(data[key], sub, where, f"{path}.{key}" if path else key)
        elif not isinstance(sub, Opt):
            raise InvalidInputError(f"{here or where}: the key {key!r} is missing ({_describe(sub)})")
