"""Immutable value classes that are cheap to create: dataclasses whose methods are written out, not generated.

``@dataclass(frozen=True)`` writes each method of a class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``) as source text and compiles it when the class is made: about a third of a
millisecond per class, paid by every command that imports it. The classes every query builds (records,
rulings, the Clash state) are instead dataclasses with their methods written in the class, as the generated
ones would be, made immutable by [`Frozen`][rulebook.values.Frozen]: ``dataclasses.fields``, ``replace`` and
``asdict`` work on them as before, they compare, hash and print as before, and assigning to a field raises
``dataclasses.FrozenInstanceError``. A test checks each against the dataclass Python would generate.

Examples:
    >>> from dataclasses import dataclass, replace
    >>> @dataclass(init=False, repr=False, eq=False)
    ... class Point(Frozen):
    ...     x: int
    ...     __slots__ = ("x",)
    ...     def __init__(self, x: int) -> None:
    ...         object.__setattr__(self, "x", x)
    >>> point = Point(1)
    >>> replace(point, x=2).x
    2
    >>> point.x = 3
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from typing import Any

__all__ = ["Frozen"]


class Frozen:
    """The base of an immutable value class: no field can be assigned or deleted once it is made.

    A subclass sets its fields in ``__init__`` with ``object.__setattr__``. Copying and pickling go through
    its fields (as for a frozen dataclass with slots).
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]

    def __setstate__(self, state: list[Any]) -> None:
        for f, value in zip(fields(self), state, strict=True):  # type: ignore[arg-type]
            object.__setattr__(self, f.name, value)
