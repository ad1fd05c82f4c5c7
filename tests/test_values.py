"""Value classes with a written-out __init__ on rulebook.values.Frozen behave as the dataclasses Python would make.

Records, rulings and the Clash state are dataclasses made with ``init=False, repr=False, eq=False``, their
``__init__`` written in the class and their other methods from ``rulebook.values.Frozen``, so that creating the
classes costs the command line nothing measurable. Each is compared here with the dataclass ``make_dataclass``
generates from the same fields: the same constructor, repr, equality and hash on the same values; immutable;
and ``replace``, ``fields``, ``asdict``, copying and pickling work.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from types import MappingProxyType
from typing import Any

import pytest

from rulebook import clash
from rulebook.records import Citation, Option, Record, RuleSet
from rulebook.ruling import Ruling, Step, Trace
from rulebook.values import Frozen

_CITE = Citation("002.txt", "Rules > Attack")
_OPTS = clash.new_game().options
_CHANGED = clash.new_game(gale_defends=True).options
_ATTACK = clash.Attack("fire", "water", True)
_SIDE = clash.Side(frozenset({"fire", "air"}), frozenset({"fire"}))

#: Each class, with argument lists to build instances of it (some equal to each other, most not).
SAMPLES: dict[type, list[tuple[Any, ...]]] = {
    Citation: [("002.txt", "Rules > Attack"), ("002.txt", "Rules > Attack", True, "Guide"), ("002.txt", "Other")],
    Option: [("tie", "draw", MappingProxyType({"draw": "a", "attacker-wins": "b"}), "clash.attack.tie")],
    Record: [
        ("clash.a.b", "clash", "rule", "Title", "Text.", _CITE),
        ("clash.a.b", "clash", "rule", "Title", "Text.", _CITE),
        ("clash.a.c", "clash", "interpretation", "T", "X.", _CITE, None, ("clash.a.b",), (), "ex", ("al",), ("q?",)),
    ],
    RuleSet: [
        ("clash", "Elemental Clash", "002.txt", "Summary.", MappingProxyType({})),
        ("clash", "Elemental Clash", "002.txt", "Summary.", MappingProxyType({}), MappingProxyType({"k": 1})),
    ],
    Step: [
        ("text",),
        ("text", "clash.attack.tie"),
        ("text", "clash.attack.tie", "clash.ability.blaze"),
        ("text", "clash.attack.tie"),
    ],
    Ruling: [
        ("verdict",),
        ("verdict", None, ("clash.attack.tie",), (Step("t", "clash.attack.tie"),), True),
        ("verdict", {"eliminated": ["P1 fire"]}, (), (), False),
        ("verdict",),
    ],
    Trace: [(), ([Step("t", "clash.attack.tie")],), ([Step("t", "clash.attack.tie")],)],
    clash.Attack: [("fire", "water"), ("fire", "water", True), ("fire", "water", False)],
    clash.Defend: [(), (True,), (False,)],
    clash.Revive: [("fire",), ("air",)],
    clash.Turn: [(_ATTACK,), (_ATTACK, clash.Defend(True)), (clash.Revive("fire"), None)],
    clash.Side: [
        (),
        (frozenset({"fire", "air"}), frozenset({"fire"})),
        (frozenset({"air", "fire"}), frozenset({"fire"})),
    ],
    clash.ClashState: [
        (),
        ((_SIDE, clash.Side()), 1, _ATTACK, _OPTS, 3),
        ((_SIDE, clash.Side()), 1, _ATTACK, _OPTS, 7),  # differs only in the turn, which is not compared
        ((_SIDE, clash.Side()), 1, _ATTACK, _CHANGED, 3),
        ((clash.Side(), clash.Side()), 0, None, _OPTS),
    ],
}


def generated(cls: type) -> type:
    """The dataclass Python generates for the same fields (frozen unless the class is a Trace, which is mutable)."""
    spec = [
        (f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory, compare=f.compare))
        for f in dataclasses.fields(cls)
    ]
    made = dataclasses.make_dataclass(cls.__name__, spec, frozen=cls is not Trace, slots=hasattr(cls, "__slots__"))
    made.__qualname__ = cls.__qualname__
    return made


def _hash(value: object) -> int | str:
    try:
        return hash(value)
    except TypeError as err:
        return f"unhashable: {err}"


def _as_dict(value: object) -> object:
    try:
        return dataclasses.asdict(value)  # type: ignore[call-overload]
    except TypeError as err:  # a read-only mapping cannot be deep-copied
        return f"refused: {err}"


def _outcome(how: Any, value: object) -> tuple[str, object]:
    try:
        return "copied", how(value) == value
    except TypeError as err:
        return "refused", str(err)


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_behaves_as_the_generated_dataclass(cls: type) -> None:
    reference = generated(cls)
    ours = [cls(*args) for args in SAMPLES[cls]]
    theirs = [reference(*args) for args in SAMPLES[cls]]
    assert [repr(o) for o in ours] == [repr(t) for t in theirs]
    assert [_hash(o) for o in ours] == [_hash(t) for t in theirs]
    for i, a in enumerate(ours):
        assert [a == b for b in ours] == [theirs[i] == t for t in theirs]
        assert (a == theirs[i]) is False  # a different class is never equal, as for a dataclass
    ours_signature = inspect.signature(cls).parameters
    their_signature = inspect.signature(reference).parameters
    assert list(ours_signature) == list(their_signature)
    for name, parameter in their_signature.items():
        if parameter.default is not inspect.Parameter.empty and repr(parameter.default) != "<factory>":
            assert ours_signature[name].default == parameter.default, name


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_copies_replaces_and_refuses_changes(cls: type) -> None:
    value = cls(*SAMPLES[cls][-1])
    first = dataclasses.fields(value)[0].name
    assert dataclasses.is_dataclass(value)
    assert dataclasses.replace(value) == value
    reference = generated(cls)(*SAMPLES[cls][-1])
    assert _as_dict(value) == _as_dict(reference)
    for how in (copy.copy, copy.deepcopy):
        assert _outcome(how, value) == _outcome(how, reference)  # a read-only mapping is refused by both
    # Pickling refuses what deep copying refuses (both reduce the value the same way).
    assert _outcome(lambda v: pickle.loads(pickle.dumps(v)), value) == _outcome(copy.deepcopy, reference)
    if cls is Trace:  # a trace is being written: it changes
        value.steps = []
        return
    with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{first}'"):
        setattr(value, first, None)
    with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{first}'"):
        delattr(value, first)


def test_default_options_are_the_games() -> None:
    """A Clash position made without options has the game's defaults, as the dataclass's default factory gave."""
    assert clash.ClashState().options == clash.new_game().options
    assert clash.ClashState() == clash.new_game()


def _point_classes() -> tuple[type, type, type]:
    """A Frozen dataclass, a subclass with one more field, and a subclass with an equality of its own."""

    @dataclasses.dataclass(init=False, repr=False, eq=False)
    class Point(Frozen):
        x: int
        y: int = dataclasses.field(default=0, compare=False)

        def __init__(self, x: int, y: int = 0) -> None:
            object.__setattr__(self, "x", x)
            object.__setattr__(self, "y", y)

    @dataclasses.dataclass(init=False, repr=False, eq=False)
    class Point3(Point):
        z: int = 0

        def __init__(self, x: int, y: int = 0, z: int = 0) -> None:
            super().__init__(x, y)
            object.__setattr__(self, "z", z)

    class Loose(Point):
        def __eq__(self, other: object) -> bool:  # equal to any point with the same x
            return isinstance(other, Point) and other.x == self.x

        __hash__ = Frozen.__hash__

    return Point, Point3, Loose


@pytest.mark.parametrize("base_first", [True, False], ids=["base-first", "subclass-first"])
def test_a_subclass_compares_and_hashes_by_its_own_fields_whichever_class_is_used_first(base_first: bool) -> None:
    """Each class's equality and hash are made on its first use; a subclass never uses its base's fields alone."""
    Point, Point3, Loose = _point_classes()
    checks = [
        lambda: (Point(1, 5) == Point(1, 6), hash(Point(1, 5)) == hash((1,)), Point(1) == Point(2)),
        lambda: (Point3(1, 0, 2) == Point3(1, 9, 2), Point3(1, 0, 2) == Point3(1, 0, 3), hash(Point3(1, 0, 2))),
    ]
    if not base_first:
        checks.reverse()
    results = [check() for check in checks]
    if not base_first:
        results.reverse()
    assert results == [(True, True, False), (True, False, hash((1, 2)))]
    assert (Point(1) == Point3(1)) is False  # different classes, as for dataclasses
    assert Loose(1, 0) == Point(1, 3) and Loose(1) == Point3(1, 0, 7)  # its own equality is kept
    assert Point3(4, 0, 5) != Point3(4, 0, 6)  # still its own after Loose was used
