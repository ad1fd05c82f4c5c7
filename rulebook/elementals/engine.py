"""Elementals: the deal, the state, the actions and the move log: the game as an engine.

Everything public here is re-exported by [`rulebook.elementals`][rulebook.elementals], the way to import it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Self

from rulebook import rules as _rules
from rulebook.errors import IllegalActionError, InvalidInputError, UnknownNameError
from rulebook.protocol import two_sided_returns
from rulebook.reading import capped, number
from rulebook.records import Options
from rulebook.ruling import Ruling, Step, Trace

__all__ = [
    "COVERED_BY",
    "DEFAULT_SEED",
    "ELEMENTALS",
    "LAYOUTS",
    "SIDES",
    "TITAN_DECK",
    "Discard",
    "Draw",
    "ElementalsState",
    "NotAvailableError",
    "Play",
    "Reorder",
    "Unleash",
    "card",
    "card_info",
    "check_play",
    "deal",
    "element_of",
    "layout",
    "new_game",
    "parse_action",
    "parse_log",
    "position",
    "power_of",
    "replay",
]

_RULESET = _rules("elementals")
_DATA: Mapping[str, Any] = _RULESET.data
_RULES: Mapping[str, int] = _DATA["rules"]

#: The default seed of [`new_game`][rulebook.elementals.new_game].
DEFAULT_SEED = 1
#: The two sides: the player, and the elementals, who never move (``elementals.interp.two-sides``).
SIDES: tuple[str, str] = ("player", "elementals")

SUITS: Mapping[str, str] = dict(_DATA["suits"])  # suit letter -> element
_SYMBOL_TO_SUIT = {v: k for k, v in _DATA["symbols"].items()}
_POWER: Mapping[str, int] = dict(_DATA["power"])
_TITAN = _DATA["titan"]
JOKERS: tuple[str, ...] = tuple(f"JK{n}" for n in range(1, _TITAN["jokers"] + 1))
JOKER_POWERS: tuple[int, ...] = tuple(range(_TITAN["joker_min"], _TITAN["joker_max"] + 1))
#: The power a joker counts in the base game when nothing else names it (a discarded joker, by default).
JOKER_DISCARD_POWER: int = _TITAN["joker_base_game"]

#: The 42 titan-forged cards in a fixed order (suit by suit, ace to 10, then the jokers).
TITAN_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in _TITAN["ranks"]) + JOKERS
#: The twelve elementals in a fixed order.
ELEMENTALS: tuple[str, ...] = tuple(r + s for s in SUITS for r in _DATA["elemental_ranks"]["ranks"])
_ALL_CARDS = (*TITAN_DECK, *ELEMENTALS)

_LORDS: Mapping[str, Mapping[str, str]] = {f"K{s}": v for s, v in _DATA["lords"].items()}
_POWER_LORD: Mapping[str, str] = {v["power"]: k for k, v in _LORDS.items()}
#: The four powers, by name, in the document's order.
POWERS: tuple[str, ...] = tuple(v["power"] for v in _LORDS.values())
#: Each king's power: its short name (``neptulon``...) and its title (``Whispers of Neptulon``...).
LORD_POWERS: Mapping[str, str] = {k: v["power"] for k, v in _LORDS.items()}
LORD_TITLES: Mapping[str, str] = {k: v["title"] for k, v in _LORDS.items()}

HAND_SIZE: int = _RULES["hand_size"]
LOSING_DAMAGE: int = _RULES["losing_damage"]
DAMAGE_CARDS: int = _RULES["damage_cards"]
RAGNAROS_FACTOR: int = _RULES["ragnaros_factor"]


def _is_joker(c: str) -> bool:
    return c.startswith("JK")


def element_of(c: str) -> str | None:
    """A card's element (``None`` for a joker, whose damage is arcane).

    Examples:
        >>> element_of("KS"), element_of("3H"), element_of("JK1")
        ('fire', 'water', None)
    """
    return None if _is_joker(c) else SUITS[c[-1]]


def power_of(c: str) -> int:
    """A card's printed power level (a joker's is named when it is used, so it has none here).

    Examples:
        >>> power_of("AS"), power_of("10D"), power_of("QC"), power_of("KH")
        (1, 10, 12, 13)
    """
    if _is_joker(c):
        raise InvalidInputError(f"a joker's power is named when it is used (1 to 10), e.g. {c}=6")
    return _POWER[c[:-1]]


_ELEMENT_OF = {c: element_of(c) for c in _ALL_CARDS}
_POWER_OF = {c: _POWER[c[:-1]] for c in _ALL_CARDS if not _is_joker(c)}


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
    if text in _ELEMENT_OF:
        return text
    rank = text[:-1] if len(text) > 1 else text
    hint = f" (did you mean {', '.join(rank + s for s in SUITS)}?)" if rank in _POWER else ""
    raise InvalidInputError(
        f"unknown card {name.strip()!r}{hint}; a card is a rank (A, 2-10, J, Q, K) and a suit "
        f"({', '.join(SUITS)} or {''.join(_SYMBOL_TO_SUIT)}), or a joker ({', '.join(JOKERS)})"
    )


def _elemental(name: str) -> str:
    c = card(name)
    if c not in ELEMENTALS:
        raise InvalidInputError(f"{c} is a titan-forged card, not an elemental; elementals: {', '.join(ELEMENTALS)}")
    return c


def _titan(name: str) -> str:
    c = card(name)
    if c not in _POWER_OF and not _is_joker(c):
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
LAYOUTS: Mapping[int, Layout] = {int(n): _derive(int(n), raw) for n, raw in _DATA["layouts"].items()}
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
_JOKER_SET = frozenset(JOKERS)
PLAYS: dict[str, dict[str, Any]] = {
    c: {t: [Play(c, t), *(Play(c, t, p) for p in JOKER_POWERS)] if _is_joker(c) else Play(c, t) for t in ELEMENTALS}
    for c in TITAN_DECK
}
DISCARDS: dict[str, Discard] = {c: Discard(c) for c in TITAN_DECK}
JOKER_DISCARDS: dict[str, tuple[Discard, ...]] = {c: tuple(Discard(c, p) for p in JOKER_POWERS) for c in JOKERS}
UNLEASH: dict[tuple[str, str | None], Unleash] = {
    **{(name, c): Unleash(name, c) for name in ("neptulon", "ragnaros") for c in TITAN_DECK},
    **{(name, None): Unleash(name) for name in ("therazane", "alakir")},
}


# ---------------------------------------------------------------- state

Placed = tuple[str, int]  # (card, power named or printed, before any doubling)


@dataclass(frozen=True, slots=True)
class ElementalsState:
    """A position of the game. ``slots[i]`` is the elemental in slot ``i`` (``None`` once defeated).

    ``piles[i]`` holds the attack cards on slot ``i`` in the order played. ``deck`` lists the titan deck
    from the top. ``discards`` holds each discarded card with the damage it dealt. ``powers`` holds the
    kings kept as powers. ``doubled`` holds cards under Hand of Ragnaros. ``in_turn`` is false between
    turns, when the next step is to draw; ``peeking`` is true while Therazane's choice is pending.
    ``turn`` counts turns for display only.
    """

    layout: int
    slots: tuple[str | None, ...]
    revealed: frozenset[int]
    piles: tuple[tuple[Placed, ...], ...]
    deck: tuple[str, ...]
    hand: tuple[str, ...] = ()
    discards: tuple[Placed, ...] = ()
    plane: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    doubled: frozenset[str] = frozenset()
    in_turn: bool = False
    peeking: bool = False
    options: Options = field(default_factory=lambda: _RULESET.options())
    seed: int = DEFAULT_SEED
    shuffles: int = 0
    turn: int = field(default=0, compare=False)

    # -- derived facts ----------------------------------------------------------------

    @property
    def damage(self) -> int:
        """The damage the player has taken (the sum of the discards)."""
        total = 0
        for _, d in self.discards:
            total += d
        return total

    @property
    def defeated(self) -> int:
        """How many elementals have been defeated."""
        return self.slots.count(None)

    def targets(self) -> list[str]:
        """The revealed, undefeated elementals, in reading order."""
        return [s for i, s in enumerate(self.slots) if s is not None and i in self.revealed]

    def slot_of(self, elemental: str) -> int | None:
        """The slot of an undefeated elemental, or ``None``."""
        try:
            return self.slots.index(elemental)
        except ValueError:
            return None

    def pile_power(self, slot: int) -> int:
        """The damage lying on an elemental: its damage cards' powers, doubled where Ragnaros doubled them.

        Examples:
            >>> s = position(targets="KS QH", piles={"KS": "8D JK1=3"}, doubled="JK1")
            >>> s.pile_power(s.slot_of("KS"))
            14
        """
        doubled = self.doubled
        total = 0
        for c, p in self.piles[slot][:DAMAGE_CARDS]:
            total += p * RAGNAROS_FACTOR if c in doubled else p
        return total

    def _can_refill(self) -> bool:
        return bool(self.deck) or (self.options["empty-deck"] == "reshuffle" and any(map(_is_titan, self.plane)))

    def won(self) -> bool:
        """Whether every elemental has been defeated with less than 33 damage."""
        return not any(self.slots) and self.damage < LOSING_DAMAGE

    def lost(self) -> bool:
        """Whether the player has lost: 33 damage, or a turn to begin with nothing to draw."""
        if self.damage >= LOSING_DAMAGE:
            return True
        return not self.in_turn and not self.hand and any(self.slots) and not self._can_refill()

    # -- the protocol ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """0 (the player) until the game is over; the elementals never choose."""
        return None if self.is_terminal() else 0

    def is_terminal(self) -> bool:
        """Whether the game is won or lost."""
        if self.discards:
            damage = 0
            for _, d in self.discards:
                damage += d
            if damage >= LOSING_DAMAGE:
                return True
        if not any(self.slots):
            return True
        return not self.in_turn and not self.hand and not self._can_refill()

    def winner(self) -> int | None:
        """0 if the player won, 1 (the elementals) if the player lost, ``None`` while the game goes on."""
        if self.won():
            return 0
        return 1 if self.lost() else None

    def returns(self) -> tuple[float, float]:
        """(+1, -1) for a win, (-1, +1) for a loss, (0, 0) for an unfinished game."""
        return two_sided_returns(self.winner())

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order: draw, plays, discards, then powers.

        Examples:
            >>> new_game(seed=7).legal_actions()
            [Draw()]
        """
        if self.is_terminal():
            return []
        if self.peeking:
            return [TOP, STAY]
        hand = self.hand
        if not hand and not self.powers and not self.in_turn:
            return [DRAW]
        actions: list[Action] = [] if self.in_turn else [DRAW]
        slots, revealed, piles, doubled = self.slots, self.revealed, self.piles, self.doubled
        targets = [(i, slots[i], piles[i]) for i in revealed if slots[i] is not None]
        if len(targets) > 1:
            targets.sort()
        for c in dict.fromkeys(hand) if len(hand) > 1 else hand:
            plays = PLAYS[c]
            if c in _JOKER_SET:
                banishing_jokers = self.options["joker-banishes"] == "yes"
                chosen_discard = self.options["joker-discard"] == "chosen"
                factor = RAGNAROS_FACTOR if c in doubled else 1
                for i, t, pile in targets:
                    if len(pile) < DAMAGE_CARDS:
                        need = _POWER_OF[t] - self.pile_power(i) if pile else 0
                        actions.extend(p for p in plays[t][1:] if p.power * factor >= need)  # type: ignore[union-attr]
                    elif banishing_jokers:
                        actions.append(plays[t][0])
                actions.extend(JOKER_DISCARDS[c] if chosen_discard else (DISCARDS[c],))
                continue
            element = _ELEMENT_OF[c]
            dealt = _POWER_OF[c] * (RAGNAROS_FACTOR if c in doubled else 1)
            for i, t, pile in targets:
                if len(pile) < DAMAGE_CARDS:
                    if element != _ELEMENT_OF[t] and (not pile or self.pile_power(i) + dealt >= _POWER_OF[t]):
                        actions.append(plays[t])
                elif element == _ELEMENT_OF[t]:
                    actions.append(plays[t])
            actions.append(DISCARDS[c])
        for king in self.powers:
            name = _LORDS[king]["power"]
            if name == "neptulon":
                actions.extend(UNLEASH[name, c] for c in hand)
            elif name == "ragnaros":
                on_piles = [c for pile in piles for c, _ in pile]
                actions.extend(UNLEASH[name, c] for c in (*hand, *on_piles) if c not in doubled)
            elif self.deck:
                actions.append(UNLEASH[name, None])
        return actions

    def _power(self, c: str, named: int | None = None) -> int:
        base = named if _is_joker(c) else _POWER_OF[c]
        assert base is not None
        return base * (RAGNAROS_FACTOR if c in self.doubled else 1)

    def apply(self, action: Action) -> Self:
        """The state after ``action``; an illegal action raises
        [`IllegalActionError`][rulebook.errors.IllegalActionError].

        The common actions take a fast path that writes no trace; anything else (an illegal action, a
        power, a short deck) goes through the same checks and steps as
        [`explain`][rulebook.elementals.ElementalsState.explain].
        """
        after = _fast_step(self, action)
        return self._step(action, _ignore) if after is None else after

    def explain(self, action: Action) -> tuple[Self, Ruling]:
        """The state after ``action`` and the ruling that explains what happened."""
        trace = Trace()
        after = self._step(action, trace.add)
        return after, trace.ruling(_verdict(self, action, after), legal=True)

    # -- checks -----------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise [`IllegalActionError`][rulebook.errors.IllegalActionError], naming the forbidding rules, if ``action``
        is illegal here.

        Examples:
            >>> s = position(hand="7S 5D", targets="KS QH")
            >>> s.check(Play("7S", "KS"))
            Traceback (most recent call last):
            ...
            rulebook.errors.IllegalActionError: KS is immune to fire: 7S deals it no damage [elementals.attack.immunity]
        """
        self._validate(action, _ignore)

    def _validate(self, action: Action, note: Any) -> None:
        if self.is_terminal():
            raise IllegalActionError("the game is over", ["elementals.end.win", "elementals.end.loss"])
        if self.peeking and not isinstance(action, Reorder):
            raise IllegalActionError(
                "first choose whether Therazane's bottom card goes to the top ('top' or 'stay')",
                ["elementals.interp.therazane-choice"],
            )
        if isinstance(action, Draw):
            if self.in_turn:
                raise IllegalActionError(
                    f"the turn is not over: play or discard {', '.join(self.hand)} first", ["elementals.turn.end"]
                )
            return
        if isinstance(action, Reorder):
            if not self.peeking:
                raise IllegalActionError(
                    "there is no bottom card being looked at; use Therazane's Touch first",
                    ["elementals.interp.therazane-choice"],
                )
            return
        if isinstance(action, Play):
            self._check_play(action, note)
            return
        if isinstance(action, Discard):
            c = self._in_hand(action.card)
            self._joker_power(c, action.power, discard=True)
            return
        if isinstance(action, Unleash):
            self._check_power(action)
            return
        raise InvalidInputError(
            f"not an Elementals action: {action!r}; accepted: Draw, Play, Discard, Unleash, Reorder"
        )

    def _in_hand(self, name: str) -> str:
        c = _titan(name)
        if c not in self.hand:
            held = ", ".join(self.hand) if self.hand else "no cards (draw first)"
            raise NotAvailableError(f"{c} is not in your hand; you hold {held}", ["elementals.turn.draw"])
        return c

    def _joker_power(self, c: str, power: int | None, *, discard: bool = False) -> int | None:
        if not _is_joker(c):
            if power is not None:
                raise InvalidInputError(f"only a joker's power is named; {c} has power {_POWER_OF[c]}")
            return None
        if discard and self.options["joker-discard"] == "ten":
            if power not in (None, _TITAN["joker_base_game"]):
                raise IllegalActionError(
                    f"a discarded joker counts {_TITAN['joker_base_game']} (option joker-discard=ten)",
                    ["elementals.interp.joker-discard"],
                )
            return _TITAN["joker_base_game"]
        if power is None or power not in JOKER_POWERS:
            raise InvalidInputError(
                f"name the joker's power, a whole number from {JOKER_POWERS[0]} to {JOKER_POWERS[-1]}: "
                f"{'discard ' if discard else ''}{c}=6"
            )
        return power

    def _check_play(self, action: Play, note: Any) -> None:
        c = self._in_hand(action.card)
        t = _elemental(action.target)
        i = self.slot_of(t)
        if i is None or i not in self.revealed:
            shown = ", ".join(self.targets()) or "none"
            why = "has been defeated" if i is None else "is not a revealed elemental"
            raise NotAvailableError(f"{t} {why}; revealed: {shown}", ["elementals.attack.target-revealed"])
        pile = self.piles[i]
        joker = _is_joker(c)
        if len(pile) < DAMAGE_CARDS:
            which = "first" if not pile else "second"
            note(f"{c} is the {which} damage card on {t}", "elementals.attack.order")
            if joker:
                named = self._joker_power(c, action.power)
                note(f"{c} deals arcane damage: {t} is not immune to it", "elementals.cards.joker-arcane")
            else:
                self._joker_power(c, action.power)
                named = None
                if _ELEMENT_OF[c] == _ELEMENT_OF[t]:
                    raise IllegalActionError(
                        f"{t} is immune to {_ELEMENT_OF[t]}: {c} deals it no damage", ["elementals.attack.immunity"]
                    )
            if pile:
                total = self.pile_power(i) + self._power(c, named)
                need = _POWER_OF[t]
                if total < need:
                    raise IllegalActionError(
                        f"the two damage cards make {total}, less than {t}'s power {need}",
                        ["elementals.attack.damage-sum", "elementals.interp.damage-sum-check"],
                    )
            return
        note(f"{t} has its two damage cards: {c} is the banish card", "elementals.attack.order")
        if action.power is not None:
            raise InvalidInputError("a banish card's power does not matter: name no power")
        if joker:
            if self.options["joker-banishes"] != "yes":
                raise IllegalActionError(
                    f"a joker's damage is arcane, not {_ELEMENT_OF[t]}: it cannot banish {t}",
                    ["elementals.attack.banish-element", "elementals.interp.joker-banish"],
                )
            return
        if _ELEMENT_OF[c] != _ELEMENT_OF[t]:
            raise IllegalActionError(
                f"the banish card must be {_ELEMENT_OF[t]} like {t}; {c} is {_ELEMENT_OF[c]}",
                ["elementals.attack.banish-element"],
            )

    def _check_power(self, action: Unleash) -> None:
        name = action.power.strip().lower().replace("'", "").replace("-", "")
        if name not in _POWER_LORD:
            raise UnknownNameError("power", action.power, POWERS)
        king = _POWER_LORD[name]
        rule = _LORDS[king]["rule"]
        if king not in self.powers:
            raise IllegalActionError(
                f"{_LORDS[king]['title']} needs {king} ({_LORDS[king]['name']}) defeated and kept as a power; "
                f"powers held: {', '.join(self.powers) or 'none'}",
                ["elementals.defeat.lord-power", rule],
            )
        if name == "neptulon":
            if action.card is None:
                raise InvalidInputError("Whispers of Neptulon needs a card of your hand: neptulon 9C")
            self._in_hand(action.card)
        elif name == "ragnaros":
            if action.card is None:
                raise InvalidInputError("Hand of Ragnaros needs an attack card: ragnaros 5D")
            c = _titan(action.card)
            on_piles = {x for pile in self.piles for x, _ in pile}
            if c not in self.hand and c not in on_piles:
                raise IllegalActionError(
                    f"{c} is neither in your hand nor a damage card on an elemental",
                    [rule, "elementals.interp.ragnaros-card"],
                )
            if c in self.doubled:
                raise IllegalActionError(f"{c} is already doubled", [rule])
        else:
            if action.card is not None:
                raise InvalidInputError(f"{_LORDS[king]['title']} takes no card: write just {name!r}")
            if not self.deck:
                raise IllegalActionError(
                    f"the titan deck is empty: {_LORDS[king]['title']} has nothing to act on", [rule]
                )

    # -- moves --------------------------------------------------------------------------

    def _step(self, action: Action, note: Any) -> Self:
        self._validate(action, note)
        if isinstance(action, Draw):
            return self._draw(note)
        if isinstance(action, Reorder):
            if action.to_top:
                note(
                    f"{self.deck[-1]} moves from the bottom to the top of the titan deck", "elementals.power.therazane"
                )
                return replace(self, deck=(self.deck[-1], *self.deck[:-1]), peeking=False)
            note(f"{self.deck[-1]} stays at the bottom of the titan deck", "elementals.interp.therazane-choice")
            return replace(self, peeking=False)
        if isinstance(action, Play):
            return self._play(action, note)
        if isinstance(action, Discard):
            c = card(action.card)
            named = self._joker_power(c, action.power, discard=True)
            dmg = self._power(c, named)
            discards = (*self.discards, (c, dmg))
            total = self.damage + dmg
            how = f" (joker named {named})" if _is_joker(c) else ""
            if _is_joker(c):
                note(
                    f"a discarded joker counts {named} (option joker-discard={self.options['joker-discard']})",
                    "elementals.interp.joker-discard",
                )
            if c in self.doubled:
                note(f"{c} is doubled by Hand of Ragnaros: it counts {dmg}", "elementals.interp.ragnaros-card")
            note(f"{c} is discarded{how}: {dmg} damage, {total} in all", "elementals.discard.damage")
            after = self._leave_hand(c, discards=discards, doubled=self.doubled - {c})
            if total >= LOSING_DAMAGE:
                note(f"{total} damage is {LOSING_DAMAGE} or more: the player loses", "elementals.end.loss")
                if after.hand:
                    note(
                        f"the game ends at once, with {', '.join(after.hand)} still in hand",
                        "elementals.interp.loss-at-once",
                    )
            return after
        return self._unleash(action, note)

    def _leave_hand(self, c: str, **changes: Any) -> Self:
        hand = list(self.hand)
        hand.remove(c)
        in_turn = self.in_turn and bool(hand)
        return replace(self, hand=tuple(hand), in_turn=in_turn, **changes)

    def _draw(self, note: Any) -> Self:
        deck, plane, shuffles = list(self.deck), self.plane, self.shuffles
        drawn: list[str] = []
        while len(drawn) < HAND_SIZE:
            if not deck:
                titans = [c for c in plane if _is_titan(c)]
                if self.options["empty-deck"] != "reshuffle" or not titans:
                    break
                shuffles += 1
                _rng(self.seed, shuffles).shuffle(titans)
                deck = titans
                plane = tuple(c for c in plane if not _is_titan(c))
                note(
                    f"the titan deck is empty: the Elemental Plane's {len(titans)} attack cards are shuffled into a "
                    "new deck (option empty-deck=reshuffle)",
                    "elementals.interp.empty-deck",
                )
            drawn.append(deck.pop(0))
        note(f"turn {self.turn + 1}: the player draws {', '.join(drawn)}", "elementals.turn.draw")
        if len(drawn) < HAND_SIZE:
            note(f"the titan deck ran short: {len(drawn)} card(s) drawn", "elementals.interp.empty-deck")
        return replace(
            self,
            deck=tuple(deck),
            plane=plane,
            shuffles=shuffles,
            hand=(*self.hand, *drawn),
            in_turn=True,
            turn=self.turn + 1,
        )

    def _play(self, action: Play, note: Any) -> Self:
        c, t = card(action.card), card(action.target)
        i = self.slot_of(t)
        assert i is not None
        pile = self.piles[i]
        piles = list(self.piles)
        if len(pile) < DAMAGE_CARDS:
            named = action.power if _is_joker(c) else _POWER_OF[c]
            assert named is not None
            if _is_joker(c):
                note(f"{c} is played with power {named}", "elementals.interp.joker-power-fixed")
            dealt = self._power(c, named)
            if c in self.doubled:
                note(f"{c} is doubled by Hand of Ragnaros: {dealt}", "elementals.power.ragnaros")
            piles[i] = (*pile, (c, named))
            if pile:
                total = self.pile_power(i) + dealt
                note(
                    f"{self.pile_power(i)} + {dealt} = {total}, at least {t}'s power {_POWER_OF[t]}: "
                    f"{t} awaits a {_ELEMENT_OF[t]} banish card",
                    "elementals.attack.damage-sum",
                )
            else:
                note(
                    f"{t} (power {_POWER_OF[t]}) takes {dealt}; the attack may be completed later",
                    "elementals.attack.across-turns",
                )
                note(f"{c} stays on {t} until {t} is defeated", "elementals.interp.cards-stay")
            return self._leave_hand(c, piles=tuple(piles))
        # The banish card: the elemental is defeated.
        what = "a joker" if _is_joker(c) else _ELEMENT_OF[c]
        rule = "elementals.interp.joker-banish" if _is_joker(c) else "elementals.attack.banish-element"
        note(f"{c} is {what}, like {t}: {t} is banished", rule)
        gone = [x for x, _ in pile] + [c]
        piles[i] = ()
        slots = list(self.slots)
        slots[i] = None
        plane = (*self.plane, *gone)
        powers = self.powers
        if t in _LORDS:
            powers = (*powers, t)
            note(f"{t} ({_LORDS[t]['name']}) becomes the power {_LORDS[t]['title']}", "elementals.defeat.lord-power")
            note(f"the attack cards {', '.join(gone)} go to the Elemental Plane", "elementals.defeat.banished")
        else:
            plane = (*plane, t)
            note(f"{t} and the attack cards {', '.join(gone)} go to the Elemental Plane", "elementals.defeat.banished")
        revealed = set(self.revealed)
        covers = COVERED_BY[self.layout]
        newly = [
            slots[j]
            for j in range(len(slots))
            if slots[j] is not None and j not in revealed and all(slots[k] is None for k in covers[j])
        ]
        for j, s in enumerate(slots):
            if s in newly:
                revealed.add(j)
        if newly:
            note(f"uncovered and revealed at once: {', '.join(str(n) for n in newly)}", "elementals.reveal.uncovered")
            note("revealing an uncovered card is not optional", "elementals.interp.reveal-at-once")
        after = self._leave_hand(
            c,
            slots=tuple(slots),
            piles=tuple(piles),
            plane=plane,
            powers=powers,
            revealed=frozenset(revealed),
            doubled=self.doubled - set(gone),
        )
        if after.won():
            note(
                f"every elemental is defeated with {after.damage} damage, less than {LOSING_DAMAGE}: the player wins",
                "elementals.end.win",
            )
            if after.hand or after.deck:
                note("the game ends at once, whatever cards are left", "elementals.interp.loss-at-once")
        return after

    def _unleash(self, action: Unleash, note: Any) -> Self:
        name = action.power.strip().lower().replace("'", "").replace("-", "")
        king = _POWER_LORD[name]
        lord = _LORDS[king]
        powers = list(self.powers)
        powers.remove(king)
        spent = {"powers": tuple(powers), "plane": (*self.plane, king)}
        note(f"the player unleashes {lord['title']} ({king})", "elementals.power.absorb")
        if not self.in_turn:
            note("between turns, before drawing: a power can be used at any time", "elementals.interp.power-timing")
        if name == "neptulon":
            assert action.card is not None
            c = card(action.card)
            note(f"{c} goes from the hand to the bottom of the titan deck", lord["rule"])
            note(f"{c} is not discarded and deals no damage", "elementals.interp.neptulon-card")
            note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
            return self._leave_hand(c, deck=(*self.deck, c), doubled=self.doubled - {c}, **spent)
        if name == "ragnaros":
            assert action.card is not None
            c = card(action.card)
            where = "in the hand" if c in self.hand else "on its elemental"
            note(f"{c} ({where}) has its power doubled", lord["rule"])
            note("a doubled card stays doubled while in hand or on its elemental", "elementals.interp.ragnaros-card")
            note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
            return replace(self, doubled=self.doubled | {c}, **spent)
        if name == "therazane":
            note(f"the bottom card of the titan deck is {self.deck[-1]}: move it to the top, or leave it", lord["rule"])
            note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
            return replace(self, peeking=True, **spent)
        # Al'Akir
        note("the player draws one more card from the titan deck", lord["rule"])
        deck = list(self.deck)
        if self.options["breath-draws"] == "random":
            shuffles = self.shuffles + 1
            drawn = deck.pop(_rng(self.seed, shuffles).randrange(len(deck)))
            note(
                f"{drawn} is drawn at random from the titan deck (option breath-draws=random)",
                "elementals.interp.breath-draws",
            )
        else:
            shuffles = self.shuffles
            drawn = deck.pop(0)
            note(f"{drawn} is drawn from the top of the titan deck", "elementals.interp.breath-draws")
        note(f"{drawn} joins the hand and must be played or discarded this turn", "elementals.interp.extra-card")
        note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
        return replace(self, deck=tuple(deck), hand=(*self.hand, drawn), shuffles=shuffles, **spent)

    # -- display --------------------------------------------------------------------------

    def render(self) -> str:
        """The layout drawn as text (``[##]`` face down, ``[KS]`` revealed, ``[  ]`` defeated), then the rest.

        Each card of the document's drawing (``[]``) is drawn twice as wide, so the overlaps are kept.
        """
        lay = LAYOUTS[self.layout]
        rows: dict[int, list[str]] = {}
        for i, (r, c) in enumerate(lay.slots):
            line = rows.setdefault(r, [])
            text = "".join(line)
            pad = 2 * c - len(text)
            s = self.slots[i]
            cell = "[  ]" if s is None else (f"[{s}]" if i in self.revealed else "[##]")
            line.append(" " * pad + cell)
        lines = ["".join(rows[r]).rstrip() for r in sorted(rows)]
        for i, s in enumerate(self.slots):
            if s is not None and self.piles[i]:
                lines.append(f"{s} ({_POWER_OF[s]}): {self._describe_pile(i)}")
        hand = " ".join(c + ("x2" if c in self.doubled else "") for c in self.hand) or "-"
        lines.append(
            f"hand: {hand}   deck: {len(self.deck)}   damage: {self.damage}/{LOSING_DAMAGE}   "
            f"powers: {' '.join(self.powers) or '-'}"
        )
        if self.peeking:
            lines.append(f"Therazane's Touch: the bottom card is {self.deck[-1]}; 'top' or 'stay'?")
        if self.is_terminal():
            lines.append("game over: " + ("the player wins" if self.won() else "the elementals win"))
        return "\n".join(lines)

    def _describe_pile(self, i: int) -> str:
        parts = []
        for c, p in self.piles[i]:
            text = f"{c}={p}" if _is_joker(c) else c
            parts.append(text + ("x2" if c in self.doubled else ""))
        s = self.slots[i]
        assert s is not None
        status = "needs a banish card" if len(self.piles[i]) >= DAMAGE_CARDS else "needs a second damage card"
        return f"{' '.join(parts)} = {self.pile_power(i)}, {status}"

    def __str__(self) -> str:
        return self.render()

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data."""
        return {
            "layout": LAYOUTS[self.layout].name,
            "slots": [
                None if s is None else (s if i in self.revealed else "face down") for i, s in enumerate(self.slots)
            ],
            "revealed": self.targets(),
            "piles": {s: [c for c, _ in self.piles[i]] for i, s in enumerate(self.slots) if s and self.piles[i]},
            "hand": list(self.hand),
            "deck": len(self.deck),
            "damage": self.damage,
            "defeated": self.defeated,
            "powers": list(self.powers),
            "turn": self.turn,
            "over": self.is_terminal(),
            "won": self.won(),
        }


_TITAN_SET = frozenset(TITAN_DECK)


def _is_titan(c: str) -> bool:
    return c in _TITAN_SET


def _rng(seed: int, n: int) -> random.Random:
    return random.Random(seed * 1_000_003 + n)


def _ignore(text: str, rule: str | None = None) -> None:
    """Stands in for ``Trace.add`` when no trace is wanted."""


# ---------------------------------------------------------------- the fast path
# ``apply`` tries these first. Each handles only a plainly legal action, written in the engine's own
# spelling, and returns ``None`` for anything else, which then takes the checked path of ``explain``.
# They write no trace and build the next state directly; ``tests/test_elementals_engine.py`` checks that
# they give exactly the state the checked path gives, over every legal action of many games.

_FIELDS = tuple(ElementalsState.__dataclass_fields__)
_new_state = object.__new__
_SET = {name: getattr(ElementalsState, name).__set__ for name in _FIELDS}
(
    _set_layout,
    _set_slots,
    _set_revealed,
    _set_piles,
    _set_deck,
    _set_hand,
    _set_discards,
    _set_plane,
    _set_powers,
    _set_doubled,
    _set_in_turn,
    _set_peeking,
    _set_options,
    _set_seed,
    _set_shuffles,
    _set_turn,
) = (_SET[name] for name in _FIELDS)


def _copy(s: ElementalsState) -> ElementalsState:
    """A copy of ``s`` whose fields the caller sets before anyone sees it (states are immutable)."""
    new = _new_state(ElementalsState)
    _set_layout(new, s.layout)
    _set_slots(new, s.slots)
    _set_revealed(new, s.revealed)
    _set_piles(new, s.piles)
    _set_deck(new, s.deck)
    _set_hand(new, s.hand)
    _set_discards(new, s.discards)
    _set_plane(new, s.plane)
    _set_powers(new, s.powers)
    _set_doubled(new, s.doubled)
    _set_in_turn(new, s.in_turn)
    _set_peeking(new, s.peeking)
    _set_options(new, s.options)
    _set_seed(new, s.seed)
    _set_shuffles(new, s.shuffles)
    _set_turn(new, s.turn)
    return new


def _without(hand: tuple[str, ...], c: str) -> tuple[str, ...]:
    i = hand.index(c)
    return hand[:i] + hand[i + 1 :]


def _fast_step(s: ElementalsState, action: Any) -> ElementalsState | None:
    kind = type(action)
    if s.peeking or kind is Reorder:
        return None
    if kind is Unleash:
        return None if s.is_terminal() else _fast_unleash(s, action)
    # A play or a discard needs a card in hand, and a draw a full deck: either way the game is over
    # only if every elemental is defeated or the damage has reached 33.
    if not any(s.slots):
        return None
    if s.discards:
        damage = 0
        for _, d in s.discards:
            damage += d
        if damage >= LOSING_DAMAGE:
            return None
    if kind is Play:
        return _fast_play(s, action)
    if kind is Draw:
        deck = s.deck
        if s.in_turn or len(deck) < HAND_SIZE:
            return None
        new = _copy(s)
        _set_deck(new, deck[HAND_SIZE:])
        _set_hand(new, s.hand + deck[:HAND_SIZE])
        _set_in_turn(new, True)
        _set_turn(new, s.turn + 1)
        return new
    if kind is Discard:
        c, named = action.card, action.power
        if c not in s.hand:
            return None
        if c in _JOKER_SET:
            if s.options["joker-discard"] == "ten":
                if named is not None and named != _TITAN["joker_base_game"]:
                    return None
                named = _TITAN["joker_base_game"]
            elif named not in _JOKER_POWER_SET:
                return None
        elif named is not None:
            return None
        else:
            named = _POWER_OF[c]
        doubled = s.doubled
        new = _copy(s)
        if c in doubled:
            named *= RAGNAROS_FACTOR
            _set_doubled(new, doubled - {c})
        hand = _without(s.hand, c)
        _set_hand(new, hand)
        _set_in_turn(new, s.in_turn and bool(hand))
        _set_discards(new, (*s.discards, (c, named)))
        return new
    return None


_JOKER_POWER_SET = frozenset(JOKER_POWERS)
_NEPTULON, _RAGNAROS = _POWER_LORD["neptulon"], _POWER_LORD["ragnaros"]


def _fast_unleash(s: ElementalsState, action: Unleash) -> ElementalsState | None:
    name, c = action.power, action.card
    powers = s.powers
    if name == "neptulon":
        if _NEPTULON not in powers or c not in s.hand:
            return None
        new = _copy(s)
        hand = _without(s.hand, c)
        _set_hand(new, hand)
        _set_in_turn(new, s.in_turn and bool(hand))
        _set_deck(new, (*s.deck, c))
        _set_doubled(new, s.doubled - {c})
        king = _NEPTULON
    elif name == "ragnaros":
        if _RAGNAROS not in powers or c not in _TITAN_SET or c in s.doubled:
            return None
        if c not in s.hand and all(c != x for pile in s.piles for x, _ in pile):
            return None
        new = _copy(s)
        _set_doubled(new, s.doubled | {c})
        king = _RAGNAROS
    else:
        return None
    _set_powers(new, _without(powers, king))
    _set_plane(new, (*s.plane, king))
    return new


def _fast_play(s: ElementalsState, action: Play) -> ElementalsState | None:
    c, t, named = action.card, action.target, action.power
    slots = s.slots
    if c not in s.hand or t not in slots:
        return None
    i = slots.index(t)
    if i not in s.revealed:
        return None
    pile = s.piles[i]
    joker = c in _JOKER_SET
    if len(pile) < DAMAGE_CARDS:
        if joker:
            if named not in _JOKER_POWER_SET:
                return None
        elif named is not None or _ELEMENT_OF[c] == _ELEMENT_OF[t]:
            return None
        else:
            named = _POWER_OF[c]
        if pile and s.pile_power(i) + (named * RAGNAROS_FACTOR if c in s.doubled else named) < _POWER_OF[t]:
            return None
        new = _copy(s)
        piles = list(s.piles)
        piles[i] = (*pile, (c, named))
        _set_piles(new, tuple(piles))
    else:
        if named is not None:
            return None
        if joker:
            if s.options["joker-banishes"] != "yes":
                return None
        elif _ELEMENT_OF[c] != _ELEMENT_OF[t]:
            return None
        # The banish card: the elemental is defeated, and the cards it uncovers are revealed.
        gone = [x for x, _ in pile]
        gone.append(c)
        piles = list(s.piles)
        piles[i] = ()
        new_slots = list(slots)
        new_slots[i] = None
        new = _copy(s)
        _set_piles(new, tuple(piles))
        _set_slots(new, tuple(new_slots))
        if t in _LORDS:
            _set_plane(new, (*s.plane, *gone))
            _set_powers(new, (*s.powers, t))
        else:
            _set_plane(new, (*s.plane, *gone, t))
        revealed = s.revealed
        covers = COVERED_BY[s.layout]
        newly = [
            j
            for j, x in enumerate(new_slots)
            if x is not None and j not in revealed and all(new_slots[k] is None for k in covers[j])
        ]
        if newly:
            _set_revealed(new, revealed.union(newly))
        doubled = s.doubled
        if doubled:
            _set_doubled(new, doubled.difference(gone))
    hand = _without(s.hand, c)
    _set_hand(new, hand)
    _set_in_turn(new, s.in_turn and bool(hand))
    return new


def _verdict(before: ElementalsState, action: Action, after: ElementalsState) -> str:
    if isinstance(action, Draw):
        drawn = after.hand[len(before.hand) :]
        return f"turn {after.turn}: draws {', '.join(drawn) or 'nothing'}"
    if isinstance(action, Play):
        c, t = card(action.card), card(action.target)
        i = before.slot_of(t)
        assert i is not None
        if after.slots[i] is None:
            text = f"{c} banishes {t}"
            if t in _LORDS:
                text += f"; {_LORDS[t]['title']} is kept"
            newly = [s for s in after.targets() if s not in before.targets()]
            if newly:
                text += f"; revealed: {', '.join(newly)}"
            if after.won():
                text += "; every elemental is defeated: the player wins"
            return text
        return f"{c} damages {t}: {after.pile_power(i)} of {_POWER_OF[t]}"
    if isinstance(action, Discard):
        dmg = after.damage - before.damage
        text = f"{card(action.card)} is discarded: {dmg} damage, {after.damage} of {LOSING_DAMAGE}"
        if after.lost():
            text += "; the player loses"
        return text
    if isinstance(action, Reorder):
        return f"{before.deck[-1]} {'moves to the top' if action.to_top else 'stays at the bottom'}"
    name = action.power.strip().lower().replace("'", "").replace("-", "")
    title = _LORDS[_POWER_LORD[name]]["title"]
    if name == "therazane":
        return f"{title}: the bottom card is {before.deck[-1]}"
    if name == "alakir":
        return f"{title}: draws {after.hand[-1]}"
    return f"{title} on {card(action.card or '')}"


# ---------------------------------------------------------------- setting up games


def _options(options: Mapping[str, object] | Options | None, more: Mapping[str, object]) -> Options:
    if not options and not more:
        return _DEFAULT_OPTIONS
    return options if isinstance(options, Options) and not more else _RULESET.options(options, **more)


_DEFAULT_OPTIONS = _RULESET.options()


def _shuffle(rng: random.Random, items: list[str]) -> None:
    """``rng.shuffle(items)``, written out: the same permutation from the same generator, at less cost."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def new_game(
    options: Mapping[str, object] | Options | None = None,
    /,
    seed: int = DEFAULT_SEED,
    layout: int | str = 1,
    **more: object,
) -> ElementalsState:
    """A new game dealt from ``seed`` in one of the three layouts (``elementals.interp.deal``).

    The bottom row starts face up; nothing is drawn yet (the first action is ``draw``).

    Examples:
        >>> a, b = new_game(seed=3), new_game(seed=3, layout="tower")
        >>> a.deck == b.deck, len(a.deck), a.targets()
        (True, 42, ['KD', 'KH'])
        >>> new_game(joker_banishes="yes").options["joker-banishes"]
        'yes'
    """
    opts = _options(options, more)
    number = layout if type(layout) is int and layout in LAYOUTS else globals()["layout"](layout).number
    rng = random.Random(seed)
    deck = list(TITAN_DECK)
    _shuffle(rng, deck)
    faces = list(ELEMENTALS)
    _shuffle(rng, faces)
    slots = tuple(faces)
    return ElementalsState(
        layout=number,
        slots=slots,
        revealed=_START_REVEALED[number],
        piles=((),) * len(faces),
        deck=tuple(deck),
        options=opts,
        seed=seed,
    )


def _uncovered(number: int, slots: Sequence[str | None]) -> frozenset[int]:
    covers = COVERED_BY[number]
    return frozenset(i for i, s in enumerate(slots) if s is not None and all(slots[k] is None for k in covers[i]))


# The cards face up at the start: those no card covers (``elementals.interp.covering``).
_START_REVEALED = {n: _uncovered(n, ELEMENTALS) for n in LAYOUTS}


def _cards(text: str | Sequence[str]) -> list[str]:
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [card(x) for x in items]


def position(
    *,
    hand: str = "",
    targets: str = "",
    piles: Mapping[str, str] | None = None,
    defeated: str = "",
    deck: str | None = None,
    discards: str = "",
    plane: str = "",
    powers: str = "",
    doubled: str = "",
    layout: int | str = 1,
    in_turn: bool | None = None,
    options: Mapping[str, object] | Options | None = None,
    seed: int = DEFAULT_SEED,
) -> ElementalsState:
    """Set up a position by hand, for examples and scenarios.

    ``targets`` are the face-up elementals, dealt to the bottom row and the slots that row uncovers.
    ``defeated`` elementals leave those slots empty; the remaining elementals lie face down above.
    ``piles`` maps an elemental to the cards on it (``{"KS": "7H JK1=4"}``). ``deck`` lists the titan deck
    from the top (default: every titan card not placed elsewhere, in a fixed order). ``discards`` are
    cards already discarded (``JK1=1`` for a joker); ``plane`` the cards on the Elemental Plane;
    ``powers`` the kings kept as powers.

    Examples:
        >>> s = position(hand="7H 6C 5S", targets="KS QH", piles={"KS": "8D"})
        >>> print(s.render())
              [##]
            [##][##]
          [##][##][##]
        [##][##][##][##]
          [KS]    [QH]
        KS (13): 8D = 8, needs a second damage card
        hand: 7H 6C 5S   deck: 38   damage: 0/33   powers: -
    """
    lay = globals()["layout"](layout)
    shown = _cards(targets)
    gone = _cards(defeated) + [k for k in _cards(powers) if k in ELEMENTALS]
    for x in shown + gone:
        if x not in ELEMENTALS:
            raise InvalidInputError(f"{x} is not an elemental")
    twice = sorted({x for x in shown + gone if (shown + gone).count(x) > 1}, key=ELEMENTALS.index)
    if twice:
        raise InvalidInputError(
            f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} named twice: an elemental is either "
            "face up (targets) or defeated, once"
        )
    rest = [e for e in ELEMENTALS if e not in shown and e not in gone]
    # Fill slots from the bottom up: gone first (so that the slots above are uncovered), then shown.
    order = sorted(range(len(lay.slots)), key=lambda i: (-lay.slots[i][0], lay.slots[i][1]))
    slots: list[str | None] = [None] * len(lay.slots)
    queue = [None] * len(gone) + list(shown)
    for i in order:
        if not queue:
            break
        slots[i] = queue.pop(0)
    face_down = iter(rest)
    for i in sorted(range(len(slots)), key=lambda i: lay.slots[i]):
        if slots[i] is None and (order.index(i) >= len(gone) + len(shown)):
            slots[i] = next(face_down)
    revealed = _uncovered(lay.number, slots)
    missing = [x for x in shown if slots.index(x) not in revealed]
    if missing:
        raise InvalidInputError(f"{', '.join(missing)} cannot be face up: defeat the cards below them first")
    pile_list: list[tuple[Placed, ...]] = [()] * len(slots)
    used: list[str] = []
    for target, text in (piles or {}).items():
        t = _elemental(target)
        if t not in slots:
            raise InvalidInputError(f"{t} has been defeated")
        placed = []
        for token in text.split():
            name, _, named = token.partition("=")
            c = _titan(name)
            placed.append((c, number(named, "a joker's power", low=1, high=10) if _is_joker(c) else _POWER_OF[c]))
            used.append(c)
        pile_list[slots.index(t)] = tuple(placed)
    in_hand = _cards(hand)
    kept = []
    for token in discards.split():
        name, _, named = token.partition("=")
        c = _titan(name)
        power = number(named, "a joker's power", low=1, high=10) if named else _TITAN["joker_base_game"]
        kept.append((c, power if _is_joker(c) else _POWER_OF[c]))
    used += in_hand + [c for c, _ in kept] + [c for c in _cards(plane) if _is_titan(c)]
    deck_cards = [c for c in TITAN_DECK if c not in used] if deck is None else _cards(deck)
    return ElementalsState(
        layout=lay.number,
        slots=tuple(slots),
        revealed=revealed,
        piles=tuple(pile_list),
        deck=tuple(deck_cards),
        hand=tuple(in_hand),
        discards=tuple(kept),
        plane=tuple(_cards(plane)),
        powers=tuple(k for k in _cards(powers)),
        doubled=frozenset(_cards(doubled)),
        in_turn=bool(in_hand) if in_turn is None else in_turn,
        options=_options(options, {}),
        seed=seed,
        turn=1 if in_hand else 0,
    )


def card_info(name: str) -> Ruling:
    """What a card is: titan-forged or elemental, its element and its power level.

    Examples:
        >>> print(card_info("kh"))
        KH is an elemental: the Elemental Lord Neptulon, water, power 13
          1. KH is an elemental (a face card)  [elementals.cards.elementals]
          2. hearts are water  [elementals.cards.suits]
          3. a king needs 13 damage  [elementals.cards.power-level]
          4. defeated, it gives the power Whispers of Neptulon  [elementals.defeat.lord-power]
        >>> card_info("JK1").verdict
        'JK1 is titan-forged: a joker, arcane damage, power 1 to 10 as named'
    """
    c = card(name)
    trace = Trace()
    value: dict[str, Any] = {"card": c, "element": _ELEMENT_OF[c]}
    if _is_joker(c):
        trace.add(f"{c} is a joker, part of the titan deck", "elementals.cards.titan-deck")
        trace.add("a joker's damage is arcane: no elemental is immune to it", "elementals.cards.joker-arcane")
        trace.add(
            f"its power is named when it is used, from {JOKER_POWERS[0]} to {JOKER_POWERS[-1]}",
            "elementals.cards.joker-power",
        )
        value.update(kind="titan-forged", power=None)
        verdict = f"{c} is titan-forged: a joker, arcane damage, power 1 to 10 as named"
        return trace.ruling(verdict, value)
    suit = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}[c[-1]]
    rank = c[:-1]
    if c in ELEMENTALS:
        trace.add(f"{c} is an elemental (a face card)", "elementals.cards.elementals")
        trace.add(f"{suit} are {_ELEMENT_OF[c]}", "elementals.cards.suits")
        what = {"J": "a jack", "Q": "a queen", "K": "a king"}[rank]
        trace.add(f"{what} needs {_POWER_OF[c]} damage", "elementals.cards.power-level")
        who = "a lieutenant"
        if c in _LORDS:
            who = f"the Elemental Lord {_LORDS[c]['name']}"
            trace.add(f"defeated, it gives the power {_LORDS[c]['title']}", "elementals.defeat.lord-power")
        value.update(kind="elemental", power=_POWER_OF[c])
        return trace.ruling(f"{c} is an elemental: {who}, {_ELEMENT_OF[c]}, power {_POWER_OF[c]}", value)
    trace.add(f"{c} is a numbered card or an ace, part of the titan deck", "elementals.cards.titan-deck")
    trace.add(f"{suit} are {_ELEMENT_OF[c]}: {c} deals {_ELEMENT_OF[c]} damage", "elementals.cards.suits")
    trace.add(
        f"{'an ace' if rank == 'A' else 'a numbered card'} has power {_POWER_OF[c]}", "elementals.cards.power-level"
    )
    value.update(kind="titan-forged", power=_POWER_OF[c])
    return trace.ruling(f"{c} is titan-forged: {_ELEMENT_OF[c]} damage, power {_POWER_OF[c]}", value)


def deal(seed: int = DEFAULT_SEED, layout: int | str = 1, options: Mapping[str, object] | None = None) -> Ruling:
    """The setup of a game dealt from ``seed``: the shuffle, the layout, and the cards face up.

    Examples:
        >>> print(deal(7))
        seed 7, the pyramid: QH, KD face up, 42 cards in the titan deck
          1. the titan deck and the elementals are shuffled from seed 7  [elementals.setup.shuffle]
          2. the same seed always deals the same game  [elementals.interp.deal]
          3. the elementals are dealt face down in the pyramid: rows of 1, 2, 3, 4, 2  [elementals.setup.layouts]
          4. each row partly covers the row above it  [elementals.setup.overlap]
          5. a card is covered by the cards of the next row that overlap it in the drawing  [elementals.interp.covering]
          6. the bottom row is turned face up: QH, KD  [elementals.setup.reveal-bottom]
    """
    state = new_game(options, seed=seed, layout=layout)
    lay = LAYOUTS[state.layout]
    trace = Trace()
    trace.add(f"the titan deck and the elementals are shuffled from seed {seed}", "elementals.setup.shuffle")
    trace.add("the same seed always deals the same game", "elementals.interp.deal")
    trace.add(
        f"the elementals are dealt face down in the {lay.name}: rows of {', '.join(map(str, lay.rows()))}",
        "elementals.setup.layouts",
    )
    trace.add("each row partly covers the row above it", "elementals.setup.overlap")
    trace.add(
        "a card is covered by the cards of the next row that overlap it in the drawing", "elementals.interp.covering"
    )
    shown = state.targets()
    trace.add(f"the bottom row is turned face up: {', '.join(shown)}", "elementals.setup.reveal-bottom")
    verdict = f"seed {seed}, the {lay.name}: {', '.join(shown)} face up, {len(state.deck)} cards in the titan deck"
    return trace.ruling(verdict, {"seed": seed, "layout": lay.name, "position": state.to_dict()})


# ---------------------------------------------------------------- notation

_PLAY = re.compile(r"^(?P<card>[^\s=>]+) ?(?:= ?(?P<power>[^\s=>]+))? ?> ?(?P<target>\S+)$")
_FORMAT = (
    "'draw', 'CARD > ELEMENTAL' (JK1=6 > KS), 'discard CARD', 'neptulon CARD', 'therazane', 'top', 'stay', "
    "'ragnaros CARD' or 'alakir'"
)


def parse_action(text: str) -> Action:
    """Read one action of the move-log notation.

    Examples:
        >>> parse_action("7h > ks"), parse_action("JK1=6 > QD")
        (Play(card='7H', target='KS', power=None), Play(card='JK1', target='QD', power=6))
        >>> parse_action("discard 9C"), parse_action("ragnaros 5d"), parse_action("stay")
        (Discard(card='9C', power=None), Unleash(power='ragnaros', card='5D'), Reorder(to_top=False))
        >>> parse_action("attack KS")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read the action 'attack KS'; write 'draw', 'CARD > ELEMENTAL'...
    """
    line = " ".join(capped(text, "an action").split())
    low = line.lower()
    if low == "draw":
        return Draw()
    if low in ("top", "stay"):
        return Reorder(low == "top")
    m = _PLAY.match(line)
    if m:
        power = number(m["power"], "a joker's power") if m["power"] else None
        return Play(_titan(m["card"]), _elemental(m["target"]), power)
    word, _, rest = low.partition(" ")
    if word == "discard" and rest:
        name, sep, named = rest.partition("=")
        return Discard(_titan(name), number(named, "a joker's power") if sep else None)
    key = word.replace("'", "").replace("-", "")
    if key in _POWER_LORD:
        return Unleash(key, _titan(rest) if rest else None)
    raise InvalidInputError(f"cannot read the action {line!r}; write {_FORMAT}")


def parse_log(text: str) -> tuple[dict[str, Any], list[tuple[int, Action]]]:
    """Read a move log: its header (``seed``, ``layout``, ``option`` lines) and ``(line, action)`` pairs.

    Examples:
        >>> header, moves = parse_log("seed 7\\nlayout kite\\ndraw  # turn 1\\n3D > KD")
        >>> header, [str(a) for _, a in moves]
        ({'seed': 7, 'layout': 'kite', 'options': {}}, ['draw', '3D > KD'])
    """
    header: dict[str, Any] = {"seed": DEFAULT_SEED, "layout": "1", "options": {}}
    moves: list[tuple[int, Action]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        try:
            if word.lower() == "seed" and not moves:
                header["seed"] = number(rest, "the seed", low=0)
            elif word.lower() == "layout" and not moves:
                header["layout"] = rest.strip()
            elif word.lower() == "option" and not moves:
                name, sep, value = rest.partition("=")
                if not sep:
                    raise InvalidInputError(f"write an option as 'option NAME=VALUE', not {line!r}")
                header["options"][name.strip()] = value.strip()
            else:
                moves.append((lineno, parse_action(line)))
        except InvalidInputError as err:
            raise InvalidInputError(f"line {lineno}: {err}") from None
    return header, moves


def replay(log: str, options: Mapping[str, object] | None = None, steps: bool = True) -> Ruling:
    """Replay a move log from its seed: every action's outcome, or the first illegal action and why.

    Options given here are added to the log's own ``option`` lines. With ``steps`` (the default) the
    trace holds every step of every action; without, it sums the game up in a few lines: the deal, the
    elementals defeated and when, the discards, the powers used, and how the game ended.

    Examples:
        >>> r = replay("seed 7\\ndraw\\n5D > QH\\n6H > KD")
        >>> r.verdict
        'legal: 3 actions, game not over (turn 1, damage 0)'
        >>> print(replay("seed 7\\ndraw\\n5D > KD").verdict)
        illegal at action 2 (line 3, '5D > KD'): KD is immune to earth: 5D deals it no damage
        >>> print(replay("seed 7\\ndraw\\n5D > QH\\n6H > KD\\ndiscard 3S", steps=False))
        legal: 4 actions, game not over (turn 1, damage 3)
          1. dealt from seed 7 in the pyramid; 1 turn played  [elementals.interp.deal]
          2. no elemental defeated yet  [elementals.attack.order]
          3. 3 damage from 1 discard: 3S  [elementals.discard.damage]
    """
    header, moves = parse_log(log)
    opts = {**header["options"], **(options or {})}
    state = new_game(opts, seed=header["seed"], layout=header["layout"])
    trace = Trace()
    done: list[dict[str, Any]] = []
    value: dict[str, Any] = {
        "seed": header["seed"],
        "layout": LAYOUTS[state.layout].name,
        "options": dict(state.options),
        "actions": done,
    }
    defeated: list[str] = []
    used: list[str] = []
    for n, (lineno, action) in enumerate(moves, 1):
        try:
            after, ruling = state.explain(action)
        except IllegalActionError as err:
            if not steps:
                _summary(trace, header["seed"], state, defeated, used)
            for i, rule in enumerate(err.rules or (None,)):
                trace.add(f"action {n}: {action} is illegal: {err.reason}" if i == 0 else "see also", rule)
            value.update(legal=False, illegal_action=n, line=lineno, reason=err.reason, position=state.to_dict())
            return trace.ruling(f"illegal at action {n} (line {lineno}, {str(action)!r}): {err.reason}", value, False)
        if steps:
            for step in ruling.trace:
                trace.add(f"action {n}: {step.text}", step.rule)
        else:
            defeated += [
                f"{t} (turn {after.turn})" for t, x in zip(state.slots, after.slots, strict=True) if t and not x
            ]
            if isinstance(action, Unleash):
                used.append(_power_used(state, action, after))
        done.append({"action": n, "move": str(action), "outcome": ruling.verdict})
        state = after
    value.update(legal=True, position=state.to_dict())
    if not steps:
        _summary(trace, header["seed"], state, defeated, used)
    if state.is_terminal():
        result = f"the player wins with {state.damage} damage" if state.won() else "the elementals win"
        if not steps:
            if state.won():
                trace.add(
                    f"every elemental is defeated with {state.damage} damage: the player wins", "elementals.end.win"
                )
            elif state.damage >= LOSING_DAMAGE:
                trace.add(f"{state.damage} damage is {LOSING_DAMAGE} or more: the player loses", "elementals.end.loss")
            else:
                trace.add(
                    "a turn must begin and the titan deck is empty: the player loses", "elementals.interp.empty-deck"
                )
        trace.add(
            "Result: the player +1 and the elementals -1"
            if state.won()
            else "Result: the player -1, the elementals +1",
            "elementals.interp.two-sides",
        )
        verdict = f"legal: {len(done)} actions, {result}"
    else:
        verdict = f"legal: {len(done)} actions, game not over (turn {state.turn}, damage {state.damage})"
    return trace.ruling(verdict, value, legal=True)


def _power_used(before: ElementalsState, action: Unleash, after: ElementalsState) -> str:
    """A power's use in a few words, for a replay's summary: ``Hand of Ragnaros on 7C (turn 11)``."""
    name = action.power.strip().lower().replace("'", "").replace("-", "")
    title = _LORDS[_POWER_LORD[name]]["title"]
    if name == "neptulon":
        what = f"{card(action.card or '')} under the deck"
    elif name == "ragnaros":
        what = f"{card(action.card or '')} doubled"
    elif name == "therazane":
        what = f"the bottom card was {before.deck[-1]}"
    else:
        what = f"drew {after.hand[-1]}"
    return f"{title}, {what} (turn {max(before.turn, 1)})"


def _summary(trace: Trace, seed: int, state: ElementalsState, defeated: list[str], used: list[str]) -> None:
    """The few lines of a quiet replay: the deal, the elementals defeated, the discards, the powers used."""
    turns = f"{state.turn} turn{'s' if state.turn != 1 else ''} played"
    trace.add(f"dealt from seed {seed} in the {LAYOUTS[state.layout].name}; {turns}", "elementals.interp.deal")
    if defeated:
        trace.add(f"{len(defeated)} of 12 elementals defeated: {', '.join(defeated)}", "elementals.defeat.banished")
    else:
        trace.add("no elemental defeated yet", "elementals.attack.order")
    if state.discards:
        cards = ", ".join(f"{c}={d}" if _is_joker(c) else c for c, d in state.discards)
        n = len(state.discards)
        trace.add(
            f"{state.damage} damage from {n} discard{'s' if n != 1 else ''}: {cards}", "elementals.discard.damage"
        )
    if used:
        trace.add(f"powers used: {'; '.join(used)}", "elementals.power.absorb")


def face_up_added(state: ElementalsState, targets: str | Sequence[str]) -> list[str]:
    """The face-up elementals of a set-up position that ``targets`` did not name: places no card covers
    must hold a card face up (``elementals.setup.reveal-bottom``), so ``position`` fills them.

    Examples:
        >>> face_up_added(position(hand="8H", targets="KS"), "KS")
        ['KC']
        >>> face_up_added(position(hand="8H", targets="KS QH"), "KS QH")
        []
    """
    named = set(_cards(targets))
    return [t for t in state.targets() if t not in named]


def with_added_note(ruling: Ruling, added: Sequence[str], layout: int) -> Ruling:
    """``ruling`` with a first step saying which face-up elementals the set-up added, when it added any."""
    if not added:
        return ruling
    name = LAYOUTS[layout].name
    one = len(added) == 1
    step = Step(
        f"{', '.join(added)} {'is' if one else 'are'} face up too, added by the set-up: every place of the {name} "
        f"that no card covers holds an elemental face up, and the targets given left {'it' if one else 'them'} "
        "to the set-up",
        "elementals.setup.reveal-bottom",
    )
    rules = ruling.rules if step.rule in ruling.rules else (*ruling.rules, step.rule)
    return Ruling(ruling.verdict, ruling.value, rules, (step, *ruling.trace), legal=ruling.legal)


def check_play(state: ElementalsState, action: Action | str) -> Ruling:
    """Judge one action in ``state``: legal or not, what it does, the trace and the rules.

    Unlike [`ElementalsState.explain`][rulebook.elementals.ElementalsState.explain], an illegal action is an answer
    here, not an error.

    Examples:
        >>> s = position(hand="7H 6C 5S", targets="KS QH", piles={"KS": "8D"})
        >>> print(check_play(s, "6C > KS"))
        6C damages KS: 14 of 13
          1. 6C is the second damage card on KS  [elementals.attack.order]
          2. 8 + 6 = 14, at least KS's power 13: KS awaits a fire banish card  [elementals.attack.damage-sum]
        >>> check_play(s, "7H > QH").verdict
        'illegal: QH is immune to water: 7H deals it no damage'
    """
    if isinstance(action, str):
        action = parse_action(action)
    try:
        after, ruling = state.explain(action)
    except IllegalActionError as err:
        return Ruling(
            verdict=f"illegal: {err.reason}",
            value={"action": str(action), "legal": False, "reason": err.reason},
            rules=err.rules,
            legal=False,
        )
    value = {"action": str(action), "legal": True, "outcome": ruling.verdict, "position": after.to_dict()}
    return Ruling(ruling.verdict, value, ruling.rules, ruling.trace, legal=True)


#: The keys of a scenario (``rulebook/data/scenarios/elementals.toml``) that set up its position.
SCENARIO_SETUP = (
    "hand",
    "targets",
    "piles",
    "defeated",
    "powers",
    "discards",
    "deck",
    "plane",
    "layout",
    "in_turn",
    "options",
)


def scenario_play(
    case: Mapping[str, Any], options: Mapping[str, object] | None = None
) -> tuple[ElementalsState, Ruling | None]:
    """Set up a scenario's position, play all its actions but the last, and judge the last one.

    Returns the state before the last action and the ruling on it (``None`` if there is no action).
    ``options`` override the scenario's own rules options.

    Examples:
        >>> state, ruling = scenario_play({"hand": "7S", "targets": "KS QH", "actions": ["7S > KS"]})
        >>> ruling.legal
        False
    """
    setup = {k: case[k] for k in SCENARIO_SETUP if k in case}
    setup["options"] = {**case.get("options", {}), **(options or {})}
    state = position(**setup)
    added = face_up_added(state, case.get("targets", ""))
    *before, last = case.get("actions") or [None]
    for text in before:
        state = state.apply(parse_action(text))
    if last is None:
        return state, None
    return state, with_added_note(check_play(state, last), added, state.layout)


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (the verdict on its last play) and detail (the position after), for ``rulebook compare``."""
    state, ruling = scenario_play(case, options)
    if ruling is not None and ruling.legal:
        state = state.apply(parse_action(case["actions"][-1]))
    verdict = ruling.verdict if ruling is not None else "no play"
    detail = f"damage {state.damage}; face up {state.targets()}; hand {' '.join(state.hand)}"
    return verdict, detail
