"""Elementals: the cards, the three layouts and the actions: what the engine plays with.

Everything public here is re-exported by [`rulebook.elementals`][rulebook.elementals], the way to import it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import IllegalActionError, InvalidInputError, UnknownNameError

RULESET = _rules("elementals")
DATA: Mapping[str, Any] = RULESET.data
RULES: Mapping[str, int] = DATA["rules"]

#: The default seed of [`new_game`][rulebook.elementals.new_game].
DEFAULT_SEED = 1
#: The two sides: the player, and the elementals, who never move (``elementals.interp.two-sides``).
SIDES: tuple[str, str] = ("player", "elementals")

SUITS: Mapping[str, str] = dict(DATA["suits"])  # suit letter -> element
_SYMBOL_TO_SUIT = {v: k for k, v in DATA["symbols"].items()}
_POWER: Mapping[str, int] = dict(DATA["power"])
TITAN = DATA["titan"]
JOKERS: tuple[str, ...] = tuple(f"JK{n}" for n in range(1, TITAN["jokers"] + 1))
JOKER_POWERS: tuple[int, ...] = tuple(range(TITAN["joker_min"], TITAN["joker_max"] + 1))
#: The power a joker counts in the base game when nothing else names it (a discarded joker, by default).
JOKER_DISCARD_POWER: int = TITAN["joker_base_game"]

#: The 42 titan-forged cards in a fixed order (suit by suit, ace to 10, then the jokers).
TITAN_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in TITAN["ranks"]) + JOKERS
#: The twelve elementals in a fixed order.
ELEMENTALS: tuple[str, ...] = tuple(r + s for s in SUITS for r in DATA["elemental_ranks"]["ranks"])
_ALL_CARDS = (*TITAN_DECK, *ELEMENTALS)

LORDS: Mapping[str, Mapping[str, str]] = {f"K{s}": v for s, v in DATA["lords"].items()}
POWER_LORD: Mapping[str, str] = {v["power"]: k for k, v in LORDS.items()}
#: The four powers, by name, in the document's order.
POWERS: tuple[str, ...] = tuple(v["power"] for v in LORDS.values())
#: Each king's power: its short name (``neptulon``...) and its title (``Whispers of Neptulon``...).
LORD_POWERS: Mapping[str, str] = {k: v["power"] for k, v in LORDS.items()}
LORD_TITLES: Mapping[str, str] = {k: v["title"] for k, v in LORDS.items()}

HAND_SIZE: int = RULES["hand_size"]
LOSING_DAMAGE: int = RULES["losing_damage"]
DAMAGE_CARDS: int = RULES["damage_cards"]
RAGNAROS_FACTOR: int = RULES["ragnaros_factor"]


def is_joker(c: str) -> bool:
    return c.startswith("JK")


def _element(c: str) -> str | None:
    return None if is_joker(c) else SUITS[c[-1]]


#: Every card's element and power, read once (the searches ask for them millions of times).
ELEMENT_OF = {c: _element(c) for c in _ALL_CARDS}
POWER_OF = {c: _POWER[c[:-1]] for c in _ALL_CARDS if not is_joker(c)}
_UNKNOWN = object()


def element_of(c: str) -> str | None:
    """A card's element (``None`` for a joker, whose damage is arcane).

    Examples:
        >>> element_of("KS"), element_of("3H"), element_of("JK1")
        ('fire', 'water', None)
    """
    found = ELEMENT_OF.get(c, _UNKNOWN)
    return _element(c) if found is _UNKNOWN else found


def power_of(c: str) -> int:
    """A card's printed power level (a joker's is named when it is used, so it has none here).

    Examples:
        >>> power_of("AS"), power_of("10D"), power_of("QC"), power_of("KH")
        (1, 10, 12, 13)
    """
    found = POWER_OF.get(c)
    if found is not None:
        return found
    if is_joker(c):
        raise InvalidInputError(f"a joker's power is named when it is used (1 to 10), e.g. {c}=6")
    return _POWER[c[:-1]]


def card(name: str) -> str:
    """The card called ``name``, in the rulebook's spelling; an unknown name suggests the closest.

    Examples:
        >>> card("7h"), card("10♠"), card("td"), card("joker2")
        ('7H', '10S', '10D', 'JK2')
        >>> card("7X")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: unknown card '7X' (did you mean 7H, 7D, 7S, 7C?); a card is a rank...
    """
    text = name.strip().upper()
    for sym, suit in _SYMBOL_TO_SUIT.items():
        text = text.replace(sym, suit)
    text = text.replace("JOKER", "JK")
    if len(text) == 2 and text[0] == "T":
        text = "10" + text[1]
    if text in ELEMENT_OF:
        return text
    rank = text[:-1] if len(text) > 1 else text
    hint = f" (did you mean {', '.join(rank + s for s in SUITS)}?)" if rank in _POWER else ""
    if rank in ("1", "11", "12", "13") and text[-1] in SUITS:  # a power level written for an ace or a face card
        named = {"1": "A", "11": "J", "12": "Q", "13": "K"}[rank] + text[-1]
        hint = f" (did you mean {named}? power {rank} is written {named[:-1]})"
    raise InvalidInputError(
        f"unknown card {name.strip()!r}{hint}; a card is a rank (A, 2-10, J, Q, K) and a suit "
        f"({', '.join(SUITS)} or {''.join(_SYMBOL_TO_SUIT)}), or a joker ({', '.join(JOKERS)})"
    )


def elemental_card(name: str) -> str:
    c = card(name)
    if c not in ELEMENTALS:
        raise InvalidInputError(f"{c} is a titan-forged card, not an elemental; elementals: {', '.join(ELEMENTALS)}")
    return c


def titan_card(name: str) -> str:
    """The attack card called ``name``: a numbered card, an ace or a joker, never an elemental.

    Examples:
        >>> titan_card("7h"), titan_card("JK1")
        ('7H', 'JK1')
        >>> titan_card("QH")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: QH is an elemental, not an attack card; attack cards are A to 10 and jokers
    """
    c = card(name)
    if not is_titan(c):
        raise InvalidInputError(f"{c} is an elemental, not an attack card; attack cards are A to 10 and jokers")
    return c


class NotAvailableError(IllegalActionError):
    """An action naming a card that is not in the hand, or an elemental that is not face up.

    It is an [`IllegalActionError`][rulebook.errors.IllegalActionError] like any other for the engine; the CLI's
    ``check`` treats it as bad input (the question names something absent from the position) and exits with code 2.
    """


# ---------------------------------------------------------------- layouts


@dataclass(frozen=True)
class Layout:
    """One of the document's three layouts: its slots (row, column) in reading order, and who covers whom.

    ``columns`` are the drawing's character columns: a card spans two of them (``[]``).
    ``covered_by[i]`` lists the slots that cover slot ``i`` (``elementals.interp.covering``).
    """

    number: int
    name: str
    drawing: str
    slots: tuple[tuple[int, int], ...]
    covered_by: tuple[tuple[int, ...], ...]

    @property
    def bottom(self) -> tuple[int, ...]:
        """The slots of the bottom row."""
        last = max(r for r, _ in self.slots)
        return tuple(i for i, (r, _) in enumerate(self.slots) if r == last)

    def rows(self) -> list[int]:
        """How many cards each row holds, from the top."""
        counts: dict[int, int] = {}
        for r, _ in self.slots:
            counts[r] = counts.get(r, 0) + 1
        return [counts[r] for r in sorted(counts)]


def _derive(number: int, raw: Mapping[str, str]) -> Layout:
    slots = [
        (row, m.start()) for row, line in enumerate(raw["drawing"].splitlines()) for m in re.finditer(r"\[\]", line)
    ]
    covered_by = tuple(
        tuple(j for j, (r2, c2) in enumerate(slots) if r2 == r + 1 and abs(c2 - c) < 2) for r, c in slots
    )
    return Layout(number, raw["name"], raw["drawing"].rstrip("\n"), tuple(slots), covered_by)


#: The three layouts, by number (1, 2, 3, as the document draws them left to right).
LAYOUTS: Mapping[int, Layout] = {int(n): _derive(int(n), raw) for n, raw in DATA["layouts"].items()}
#: For each layout, the slots covering each slot.
COVERED_BY: Mapping[int, tuple[tuple[int, ...], ...]] = {n: lay.covered_by for n, lay in LAYOUTS.items()}


def layout(name: int | str) -> Layout:
    """A layout by number (``1``, ``2``, ``3``) or name (``pyramid``, ``kite``, ``tower``).

    Examples:
        >>> layout("kite").rows()
        [1, 2, 3, 2, 1, 2, 1]
        >>> layout(1).covered_by[0]  # the pyramid's top card is covered by both cards of row 2
        (1, 2)
    """
    key = str(name).strip().lower()
    for lay in LAYOUTS.values():
        if key in (str(lay.number), lay.name):
            return lay
    raise UnknownNameError("layout", str(name), [*(str(n) for n in LAYOUTS), *(v.name for v in LAYOUTS.values())])


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Draw:
    """Begin a turn: draw three attack cards (fewer if the deck runs short)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand on the revealed elemental ``target``; a joker as damage names ``power``."""

    card: str
    target: str
    power: int | None = None

    def __str__(self) -> str:
        named = f"={self.power}" if self.power is not None else ""
        return f"{self.card}{named} > {self.target}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` from the hand, taking its power as damage; a joker may name ``power``."""

    card: str
    power: int | None = None

    def __str__(self) -> str:
        named = f"={self.power}" if self.power is not None else ""
        return f"discard {self.card}{named}"


@dataclass(frozen=True, slots=True)
class Unleash:
    """Use an elemental power (``neptulon``, ``therazane``, ``ragnaros``, ``alakir``), on ``card`` if it needs one."""

    power: str
    card: str | None = None

    def __str__(self) -> str:
        return f"{self.power} {self.card}" if self.card else self.power


@dataclass(frozen=True, slots=True)
class Reorder:
    """The choice after Therazane's Touch: move the bottom card to the top, or leave it."""

    to_top: bool

    def __str__(self) -> str:
        return "top" if self.to_top else "stay"


Action = Draw | Play | Discard | Unleash | Reorder

# Every action the engine can list, made once: listing the legal actions only picks them out.
DRAW, TOP, STAY = Draw(), Reorder(True), Reorder(False)
JOKER_SET = frozenset(JOKERS)
PLAYS: dict[str, dict[str, Any]] = {
    c: {t: [Play(c, t), *(Play(c, t, p) for p in JOKER_POWERS)] if is_joker(c) else Play(c, t) for t in ELEMENTALS}
    for c in TITAN_DECK
}
DISCARDS: dict[str, Discard] = {c: Discard(c) for c in TITAN_DECK}
JOKER_DISCARDS: dict[str, tuple[Discard, ...]] = {c: tuple(Discard(c, p) for p in JOKER_POWERS) for c in JOKERS}
UNLEASH: dict[tuple[str, str | None], Unleash] = {
    **{(name, c): Unleash(name, c) for name in ("neptulon", "ragnaros") for c in TITAN_DECK},
    **{(name, None): Unleash(name) for name in ("therazane", "alakir")},
}



TITAN_SET = frozenset(TITAN_DECK)


def is_titan(c: str) -> bool:
    return c in TITAN_SET


