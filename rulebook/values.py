"""Immutable value classes that are cheap to create: dataclasses whose methods are written out, not generated.

``@dataclass(frozen=True)`` writes each method of a class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``) as source text and compiles it when the class is made: about a third of a
millisecond per class, paid by every command that imports it. The classes every query builds (records,
rulings, the Clash state) are instead dataclasses with only their ``__init__`` written in the class (its
signature is part of their documented API), based on [`Frozen`][rulebook.values.Frozen], which compares,
hashes and prints any dataclass by its fields as the generated methods would, and makes it immutable:
``dataclasses.fields``, ``replace`` and ``asdict`` work on them as before, and assigning to a field raises
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
    >>> point, point == Point(1), hash(point) == hash(Point(1))
    (Point(x=1), True, True)
    >>> replace(point, x=2).x
    2
    >>> point.x = 3
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, FrozenInstanceError, fields
from operator import attrgetter
from typing import Any

__all__ = ["Frozen"]


#: Per class and purpose ("repr", "compare", "hash"): the names of the fields that take part, and a getter of
#: their values as a tuple; made on a class's first use.
_PARTS: dict[tuple[type, str], tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def _takes_part(f: Field, purpose: str) -> bool:
    if purpose == "hash":  # as a frozen dataclass with eq hashes: hash=None follows compare
        return bool(f.compare if f.hash is None else f.hash)
    return bool(getattr(f, purpose))


def _parts(cls: type, purpose: str) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    found = _PARTS.get((cls, purpose))
    if found is None:
        names = tuple(f.name for f in fields(cls) if _takes_part(f, purpose))
        getter = attrgetter(*names) if len(names) > 1 else (lambda o, n=names: tuple(getattr(o, a) for a in n))
        found = _PARTS[(cls, purpose)] = (names, getter)
    return found


def _specialized(cls: type, purpose: str) -> Callable[..., Any]:
    """``cls``'s own ``__eq__`` or ``__hash__``, written out for its fields as ``dataclasses`` writes them.

    Made on the class's first comparison or hash and set on the class, so that later calls skip the generic
    look-up (the Clash solver compares and hashes millions of actions and sides). Called on an instance of a
    subclass that inherited it, the method hands over to the generic one, which makes the subclass its own.
    """
    names = _parts(cls, purpose)[0]
    mine = "".join(f"self.{name}," for name in names)
    if purpose == "compare":
        theirs = "".join(f"other.{name}," for name in names)
        body = (
            "def __eq__(self, other):\n"
            "    if self.__class__ is cls:\n"
            f"        return ({mine}) == ({theirs}) if other.__class__ is cls else NotImplemented\n"
            "    return generic(self, other)\n"
        )
        generic: Callable[..., Any] = Frozen.__eq__
    else:
        body = f"def __hash__(self):\n    return hash(({mine})) if self.__class__ is cls else generic(self)\n"
        generic = Frozen.__hash__
    scope: dict[str, Any] = {"cls": cls, "generic": generic}
    exec(body, scope)  # the same text dataclasses compiles for a frozen class's methods
    method = scope["__eq__" if purpose == "compare" else "__hash__"]
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    method._frozen_for = cls
    return method


def _own(cls: type, purpose: str) -> Callable[..., Any] | None:
    """``cls``'s specialized method for ``purpose``, set on the class; None if the class has a method of its own.

    A class whose ``__eq__`` (or ``__hash__``) resolves to one written in a class between it and `Frozen`
    keeps that one: only the generic method or one specialized for a base class is replaced.
    """
    name = "__eq__" if purpose == "compare" else "__hash__"
    current = getattr(cls, name)
    if current is not getattr(Frozen, name) and getattr(current, "_frozen_for", None) is None:
        return None
    method = _specialized(cls, purpose)
    setattr(cls, name, method)
    return method


class Frozen:
    """The base of an immutable dataclass: no field can be assigned or deleted once it is made.

    A subclass is a ``@dataclass(init=False, repr=False, eq=False)`` that sets its fields in ``__init__`` with
    ``object.__setattr__``. It prints, compares and hashes by its fields as a frozen dataclass does (fields
    with ``repr=False`` or ``compare=False`` left out as there). Copying and pickling go through its fields
    (as for a frozen dataclass with slots).
    """

    __slots__ = ()

    def __repr__(self) -> str:
        names, getter = _parts(type(self), "repr")
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(names, getter(self), strict=True))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        method = _own(type(self), "compare")
        if method is not None:
            return method(self, other)
        if other.__class__ is self.__class__:
            getter = _parts(type(self), "compare")[1]
            return getter(self) == getter(other)
        return NotImplemented

    def __hash__(self) -> int:
        method = _own(type(self), "hash")
        if method is not None:
            return method(self)
        return hash(_parts(type(self), "hash")[1](self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]

    def __setstate__(self, state: list[Any]) -> None:
        for f, value in zip(fields(self), state, strict=True):  # type: ignore[arg-type]
            object.__setattr__(self, f.name, value)
