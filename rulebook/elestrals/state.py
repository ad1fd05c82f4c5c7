"""Elestrals positions: a game state a judge can write down from a table, and the parts it is made of.

A [`Position`][rulebook.elestrals.state.Position] holds everything the rules look at: the turn, phase and step and
whose turn it is; for each player (a [`Side`][rulebook.elestrals.state.Side]) the Spirit Deck by type, the Main Deck
and hand, the Underworld, the Elestral Row, the Rune Row and the Stadium slot, and what was used this turn; Limbo (the
chain and the cards and effects waiting to join the next one); and the battle in progress. Cards on the field are
named; their facts (cost, stats, Rune type, effects) come from [`Card`][rulebook.elestrals.cards.Card] entries.

Positions are read from and written to files by
[`rulebook.elestrals.position_file`][rulebook.elestrals.position_file]; actions are read by
[`rulebook.elestrals.actions`][rulebook.elestrals.actions]. The helpers at the end move cards between zones.

Examples:
    >>> deck = SpiritDeck().add("fire", 2)
    >>> deck.size, deck.take("&")[1]
    (2, 'fire')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from rulebook.elestrals.cards import Card
from rulebook.elestrals.core import (
    FIELD,
    SPIRIT_TYPES,
    options,
)
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import shown
from rulebook.records import Options

__all__ = [
    "LINK_KINDS",
    "PHASES",
    "Battle",
    "ChainLink",
    "Elestral",
    "LimboItem",
    "Position",
    "Rune",
    "Side",
    "SpiritDeck",
    "Stadium",
    "draw_card",
    "leave_field",
    "player_index",
    "put_card",
    "quoted",
    "replace_stadiums",
    "stadium_stays",
    "to_underworld",
    "window_open",
]

#: The phases of a turn, after the setup (opening hands and mulligans) that comes before the first.
PHASES: tuple[str, ...] = ("setup", "draw", "main", "battle", "end")
#: The steps each phase may be in: the Draw Phase before and after its draw, the Battle Phase choosing an
#: attack ("") or in one of its three steps, and the chain windows of the Draw and End Phases.
STEPS: Mapping[str, tuple[str, ...]] = {
    "setup": ("",),
    "draw": ("window", "draw"),
    "main": ("",),
    "battle": ("", "attack", "battle", "damage"),
    "end": ("window",),
}
#: What a chain link is: the Main Phase actions that form a chain, a conditional effect, or (in a
#: described chain) a named card or effect whose result the position states.
LINK_KINDS: tuple[str, ...] = (
    "normal-cast",
    "normal-ascend",
    "special-cast",
    "special-ascend",
    "cast-rune",
    "activate",
    "conditional",
    "described",
)
#: What may wait in Limbo for the next chain.
WAITING_KINDS: tuple[str, ...] = ("conditional", "special-cast", "special-ascend")
SPIRIT_ACTIONS: tuple[str, ...] = ("normal-cast", "normal-ascend", "enchant", "expend-draw")
#: What a position may say of the turn's Spirit action: one of ``SPIRIT_ACTIONS``, or a Normal Cast or Ascend that was
#: Negated (its Spirit action stays used: ``elestrals.interp.spirit-action-failed``).
SPIRIT_ACTIONS_USED: tuple[str, ...] = (*SPIRIT_ACTIONS, "normal-cast-negated", "normal-ascend-negated")
ROW = FIELD["elestral_slots"]
RUNE_ROW = FIELD["rune_slots"]
UNKNOWN = "?"
#: The Spirit types a Spirit Deck counts, the last for Spirits of no given type.
TYPES = (*SPIRIT_TYPES, UNKNOWN)
_TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
#: A card reference: ``E1``, ``R2``, ``S``, ``P2:E1``.
REF = re.compile(r"(?:(?P<player>[A-Za-z][A-Za-z0-9_-]{0,19})[:.])?(?:(?P<zone>[ERer])(?P<slot>[1-4])|(?P<s>[Ss]))")
MAX_TURN = 10_000


_SETATTR = object.__setattr__


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of a position or one of its parts with some fields changed (``dataclasses.replace`` and
    ``_replace`` without their checks: the engine copies positions thousands of times a game)."""
    if isinstance(obj, tuple):
        return obj._replace(**changes)
    cls = type(obj)
    new = object.__new__(cls)
    for name in cls.__slots__:
        _SETATTR(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


# ---------------------------------------------------------------- the parts of a position


class SpiritDeck(NamedTuple):
    """A Spirit Deck: how many Spirits of each type (the last count is of Spirits whose type is not given).

    ``bounded`` is false when the deck's size is not given: it never runs out and no loss is judged.
    """

    counts: tuple[int, ...] = (0,) * len(TYPES)
    bounded: bool = True

    @property
    def size(self) -> int | None:
        """The number of Spirits, or ``None`` when it is not given."""
        return sum(self.counts) if self.bounded else None

    def count(self, kind: str) -> int:
        """Spirits of one type (``"?"`` for those of no given type)."""
        return self.counts[_TYPE_INDEX[kind]]

    def types(self) -> list[str]:
        """The types it holds, in the order of [`SPIRIT_TYPES`][rulebook.elestrals.SPIRIT_TYPES]."""
        return [t for t, n in zip(TYPES, self.counts, strict=True) if n and t != UNKNOWN]

    def can_pay(self, cost: Sequence[str]) -> bool:
        """Whether Spirits meeting ``cost`` can be revealed from it."""
        if not self.bounded:
            return True
        return sum(self.counts) >= len(cost)

    def take(self, kind: str) -> tuple[SpiritDeck, str]:
        """Take one Spirit: of ``kind`` (a type, or ``&`` for the most plentiful); return the deck and its type.

        A Spirit of no given type stands for the type asked for. Raises ``ValueError`` when none is left.
        """
        counts = list(self.counts)
        if kind == "&":
            typed = max(range(len(SPIRIT_TYPES)), key=lambda i: (counts[i], -i))
            if counts[typed]:
                counts[typed] -= 1
                return SpiritDeck(tuple(counts), self.bounded), SPIRIT_TYPES[typed]
            kind = UNKNOWN
        i = _TYPE_INDEX[kind]
        if counts[i]:
            counts[i] -= 1
        elif counts[-1]:
            counts[-1] -= 1
        elif self.bounded:
            raise ValueError(f"no {kind} Spirit left")
        return SpiritDeck(tuple(counts), self.bounded), kind

    def add(self, kind: str, n: int = 1) -> SpiritDeck:
        """The deck with ``n`` more Spirits of ``kind``."""
        counts = list(self.counts)
        counts[_TYPE_INDEX[kind]] += n
        return SpiritDeck(tuple(counts), self.bounded)


class Elestral(NamedTuple):
    """An Elestral in a slot of the Elestral Row.

    ``cast``: Cast (or Ascended into) this turn; ``ascended``: Ascended into this turn (``None`` when a described
    position does not say which of the two). ``changed``: its controller changed its Position this
    turn. ``modifiers``: stat effects in force, in the order they were applied, each with when it wears
    off (``"end"``: at the End Phase, ``""``: not by itself). ``owner``: its owner when another player
    controls it.
    """

    card: str
    position: str = "attack"
    spirits: tuple[str, ...] = ()
    cast: bool = False
    attacked: bool = False
    changed: bool = False
    modifiers: tuple[tuple[str, str], ...] = ()
    suppressed: bool = False
    owner: int | None = None
    counters: tuple[tuple[str, int], ...] = ()
    ascended: bool | None = False


class Rune(NamedTuple):
    """A Rune in a slot of the Rune Row: Set (face-down, on turn ``set_turn``) or face up with its Spirits.

    ``empowering`` names the Elestral an Artifact Empowers (``"P2:E1"``), ``""`` when that Elestral has
    left the field.
    """

    card: str
    set: bool = False
    set_turn: int = 0
    spirits: tuple[str, ...] = ()
    empowering: str = ""
    suppressed: bool = False
    counters: tuple[tuple[str, int], ...] = ()


class Stadium(NamedTuple):
    """The Stadium in a player's Stadium slot, with its Spirits."""

    card: str
    spirits: tuple[str, ...] = ()
    suppressed: bool = False


class Side(NamedTuple):
    """One player's cards: decks, hand, Underworld, the three parts of their field, and their turn's use.

    Cards of a hidden zone that are not known are ``"?"``. The Main Deck is listed top card first.
    ``spirit_action`` is the once-per-turn Spirit action taken this turn (``""`` for none; ``"normal-cast-negated"``
    when its Normal Cast was Negated); ``used`` the
    cards (``"E2"``, ``"R1"``, ``"S"``) whose once-per-turn effect was used this turn.
    """

    spirit_deck: SpiritDeck = SpiritDeck()
    main_deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    underworld: tuple[str, ...] = ()
    elestrals: tuple[Elestral | None, ...] = (None,) * ROW
    runes: tuple[Rune | None, ...] = (None,) * RUNE_ROW
    stadium: Stadium | None = None
    spirit_action: str = ""
    used: tuple[str, ...] = ()
    kept: bool = False

    def field_spirits(self) -> int:
        """Spirits on this player's field (Elestrals, Runes and Stadium)."""
        cards = [*self.elestrals, *self.runes, self.stadium]
        return sum(len(c.spirits) for c in cards if c is not None)


class ChainLink(NamedTuple):
    """A link of the chain, in Limbo: who added it, what it is, and what it holds.

    ``slot``: the slot it reserves (``"E2"``, ``"R3"``, ``"S"``) or, for an effect, the card it comes
    from. ``spirits``: the Spirits with it. ``target``: an Artifact's Elestral or an effect's target.
    ``source``: where a Rune was Cast from (``"hand"`` or its Set slot) or the card an Ascension
    replaced. ``negates``: the earlier links (numbered from 1) it Negates, as the position states.
    ``targets``: the targets chosen for a card's effect (``"P2:E1:Gust Finch"``, ``"P1:underworld:Cub"``);
    ``effect``: which of its card's effects it is (from 0). ``lent``: the Spirits among ``spirits`` that belong to
    another player (their owner's index and type): those an Instant Rune was paid with from an Elestral its caster
    controls but does not own, which go to their owner's Underworld.
    """

    player: int
    kind: str
    card: str
    slot: str = ""
    position: str = ""
    spirits: tuple[str, ...] = ()
    target: str = ""
    source: str = ""
    negates: tuple[int, ...] = ()
    targets: tuple[str, ...] = ()
    effect: int = 0
    lent: tuple[tuple[int, str], ...] = ()


class LimboItem(NamedTuple):
    """A card or effect waiting in Limbo for the next chain: a conditional effect met during a closed
    chain, or a card an effect said to Special Cast or Ascend then. ``source`` is the card the effect
    comes from (or, for a Special Ascend, the Elestral it Ascends from); ``label`` its description.
    """

    player: int
    kind: str
    card: str
    source: str = ""
    label: str = ""
    effect: int = 0


class Battle(NamedTuple):
    """The battle in progress: the attacker's slot and card, the target's (``target`` -1: the Spirit
    Deck), the target's Position when the attack was declared, and the step."""

    attacker: int
    card: str
    target: int
    target_card: str
    declared: str
    step: str


_COMPARED = ("turn", "player", "phase", "step", "sides", "chain", "closed", "passed", "waiting", "battle", "over",
             "winner", "names")  # fmt: skip


class Position:
    """An Elestrals position: everything the rules look at, for two players. It is a value: it never
    changes, and equal positions compare and hash equal.

    ``player`` is the turn player (0 or 1). ``chain`` is the chain in Limbo (``closed`` once players
    stopped adding links); ``passed`` the players who passed in a row (for the chain's responses or a
    phase's chain window); ``waiting`` what waits in Limbo for the next chain. ``winner`` is set when
    the game is over (``over``; a draw has no winner). ``cards`` are the card facts the position uses;
    ``opts`` the rules options in force (neither takes part in comparing positions).
    """

    # Written out rather than a dataclass: a command reading one position should not pay for generating
    # the class's methods at start-up.
    __slots__ = (*_COMPARED, "cards", "opts")
    turn: int
    player: int
    phase: str
    step: str
    sides: tuple[Side, Side]
    chain: tuple[ChainLink, ...]
    closed: bool
    passed: tuple[int, ...]
    waiting: tuple[LimboItem, ...]
    battle: Battle | None
    over: bool
    winner: int | None
    names: tuple[str, str]
    cards: Mapping[str, Card]
    opts: Options

    def __init__(
        self,
        turn: int,
        player: int,
        phase: str,
        step: str,
        sides: tuple[Side, Side],
        chain: tuple[ChainLink, ...] = (),
        closed: bool = False,
        passed: tuple[int, ...] = (),
        waiting: tuple[LimboItem, ...] = (),
        battle: Battle | None = None,
        over: bool = False,
        winner: int | None = None,
        names: tuple[str, str] = ("P1", "P2"),
        cards: Mapping[str, Card] | None = None,
        opts: Options | None = None,
    ) -> None:
        values = (turn, player, phase, step, sides, chain, closed, passed, waiting, battle, over, winner, names)
        for name, value in zip(_COMPARED, values, strict=True):
            _SETATTR(self, name, value)
        _SETATTR(self, "cards", {} if cards is None else cards)
        _SETATTR(self, "opts", options() if opts is None else opts)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Position does not change; make a new one (cannot set {name!r})")

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _COMPARED)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _COMPARED)
        return f"Position({inner})"

    @property
    def opponent(self) -> int:
        """The player whose turn it is not."""
        return 1 - self.player

    def card(self, name: str) -> Card:
        """The facts of a card the position names."""
        return self.cards[name]

    def side(self, who: int) -> Side:
        return self.sides[who]

    def with_side(self, who: int, side: Side) -> Position:
        """The position with one player's side replaced."""
        sides = (side, self.sides[1]) if who == 0 else (self.sides[0], side)
        return replace(self, sides=sides)

    def ref(self, who: int, zone: str, slot: int) -> str:
        """A card's reference: ``"P2:E1"`` (zone ``E``, ``R`` or ``S``; slots from 1)."""
        return f"{self.names[who]}:{zone}{slot + 1 if zone != 'S' else ''}"

    def resolve_ref(self, text: str, who: int | None = None) -> tuple[int, str, int]:
        """Read a reference (``E2``, ``R1``, ``S``, ``P2:E1``) into (player, zone, slot from 0).

        A reference without a player is to ``who``'s field (the turn player's by default).
        """
        m = REF.fullmatch(text.strip())
        if not m:
            raise InvalidInputError(
                f"cannot read the card reference {shown(text.strip())!r}; write E1-E4 (Elestral Row), R1-R4 "
                "(Rune Row) or S (Stadium), after PLAYER: for another player's (P2:E1)"
            )
        owner = self.player if who is None else who
        if m.group("player"):
            owner = player_index(self.names, m.group("player"))
        if m.group("s"):
            return owner, "S", 0
        return owner, m.group("zone").upper(), int(m.group("slot")) - 1

    def at(self, ref: str, who: int | None = None) -> Elestral | Rune | Stadium | None:
        """The card at a reference, or ``None`` for an empty slot."""
        owner, zone, slot = self.resolve_ref(ref, who)
        side = self.sides[owner]
        return side.elestrals[slot] if zone == "E" else side.runes[slot] if zone == "R" else side.stadium

    def reserved(self, who: int) -> set[str]:
        """The slots (``"E2"``, ``"R1"``, ``"S"``) reserved by ``who``'s cards in Limbo."""
        return {link.slot for link in self.chain if link.player == who and link.kind != "activate" and link.slot}


#: A string with no character to escape in a TOML basic string (no quote, backslash or control character).
_PLAIN = re.compile(r'[^"\\\x00-\x1f\x7f]*')
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def quoted(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped.

    Examples:
        >>> quoted('Dragon "Ember"')
        '"Dragon \\\\"Ember\\\\""'
    """
    if _PLAIN.fullmatch(text):  # nothing to escape: most names and words
        return f'"{text}"'
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def player_index(names: Sequence[str], text: str) -> int:
    """The index of a player named ``text`` (case ignored); an unknown name suggests the closest."""
    key = text.strip().lower()
    for i, name in enumerate(names):
        if name.lower() == key:
            return i
    raise UnknownNameError("player", text.strip(), list(names))


# ---------------------------------------------------------------- moving cards


def put_card(pos: Position, who: int, zone: str, slot: int, card: Elestral | Rune | Stadium | None) -> Position:
    """The position with ``card`` in ``who``'s slot (zone ``E``, ``R`` or ``S``)."""
    side = pos.sides[who]
    if zone == "E":
        row = list(side.elestrals)
        row[slot] = card  # type: ignore[assignment]
        return pos.with_side(who, replace(side, elestrals=tuple(row)))
    if zone == "R":
        runes = list(side.runes)
        runes[slot] = card  # type: ignore[assignment]
        return pos.with_side(who, replace(side, runes=tuple(runes)))
    return pos.with_side(who, replace(side, stadium=card))


def take_spirit(pos: Position, who: int, ref: str, kind: str) -> tuple[Position, Elestral | Rune | Stadium, str]:
    """The position with one ``kind`` Spirit taken off the card at ``ref`` (named as ``who`` names it: ``E1``,
    ``P2:R1``), the card as it was, and its zone (``E``, ``R`` or ``S``)."""
    owner, zone, slot = pos.resolve_ref(ref, who)
    card = pos.at(ref, who)
    assert card is not None
    left = list(card.spirits)
    left.remove(kind)
    return put_card(pos, owner, zone, slot, replace(card, spirits=tuple(left))), card, zone


def draw_card(pos: Position, who: int, trace: Any) -> Position:
    """``who`` draws the top card of their Main Deck; drawing from an empty Main Deck loses the game."""
    side = pos.sides[who]
    if not side.main_deck:
        trace.add(f"{pos.names[who]} must draw from an empty Main Deck", "elestrals.end.draw-from-empty")
        trace.add(f"{pos.names[who]} loses; their opponent wins", "elestrals.end.ways-to-lose")
        return replace(pos, over=True, winner=1 - who)
    top = side.main_deck[0]
    pos = pos.with_side(who, replace(side, main_deck=side.main_deck[1:], hand=tuple(sorted((*side.hand, top)))))
    trace.add(f"{pos.names[who]} draws a card from the Main Deck", "elestrals.glossary.draw")
    return pos


def to_underworld(pos: Position, who: int, names: Iterable[str]) -> Position:
    """The position with cards and Spirits (by type) added to ``who``'s Underworld."""
    side = pos.sides[who]
    return pos.with_side(who, replace(side, underworld=(*side.underworld, *names)))


def leave_field(
    pos: Position, who: int, zone: str, slot: int, trace: Any, *, keep_spirits: bool = False, why: str = "leaves"
) -> Position:
    """A card leaves ``who``'s field for its owner's Underworld, with its Spirits unless ``keep_spirits``.

    Artifacts Empowering an Elestral that leaves no longer Empower anything (the check between chains
    sends them to the Underworld). The slot's once-per-turn use goes with the card: another card taking
    the slot this turn may still use its own effect.
    """
    side = pos.sides[who]
    if zone == "E":
        card: Elestral | Rune | Stadium | None = side.elestrals[slot]
        row = list(side.elestrals)
        row[slot] = None
        side = replace(side, elestrals=tuple(row))
    elif zone == "R":
        card = side.runes[slot]
        runes = list(side.runes)
        runes[slot] = None
        side = replace(side, runes=tuple(runes))
    else:
        card, side = side.stadium, replace(side, stadium=None)
    assert card is not None
    mark = f"{zone}{slot + 1}" if zone != "S" else "S"
    if mark in side.used:  # a once-per-turn use belongs to the card, not to the slot a new card may take
        side = replace(side, used=tuple(u for u in side.used if u != mark))
        trace.add(
            f"{card.card} takes the once-per-turn use of its effect with it: a card put into {mark} is a new one",
            "elestrals.interp.use-goes-with-card",
        )
    pos = pos.with_side(who, side)
    owner = card.owner if isinstance(card, Elestral) and card.owner is not None else who
    pos = to_underworld(pos, owner, (card.card, *(() if keep_spirits else card.spirits)))
    if zone == "E":
        ref = pos.ref(who, "E", slot)
        for w, s in enumerate(pos.sides):
            if any(r is not None and r.empowering == ref for r in s.runes):
                runes = [replace(r, empowering="") if r is not None and r.empowering == ref else r for r in s.runes]
                pos = pos.with_side(w, replace(s, runes=tuple(runes)))
                trace.add(
                    f"{card.card} {why}: the Artifacts Empowering it Empower nothing now",
                    "elestrals.rune.artifact",
                )
    return pos


def replace_stadiums(pos: Position, trace: Any, when: str) -> Position:
    """Every Stadium in play (any player's) goes to the Underworld as a new one replaces it; ``when`` says when."""
    for who in (0, 1):
        old = pos.sides[who].stadium
        if old is not None:
            pos = leave_field(pos, who, "S", 0, trace, why="is replaced")
            trace.add(
                f"{old.card}, {pos.names[who]}'s Stadium, goes to the Underworld {when}",
                "elestrals.interp.stadium-replacement",
            )
    return pos


def stadium_stays(pos: Position, new: str, trace: Any, negated: bool = False) -> None:
    """Say that the Stadiums in play stay while ``new`` waits in Limbo, or for good when it is Negated (option
    ``stadium-replaced=on-resolve``, the default)."""
    if pos.opts["stadium-replaced"] != "on-resolve":
        return
    for who in (0, 1):
        old = pos.sides[who].stadium
        if old is not None:
            until = "a Negated Stadium replaces nothing" if negated else f"until {new} resolves and enters the field"
            trace.add(
                f"{old.card}, {pos.names[who]}'s Stadium, stays: {until} (option stadium-replaced=on-resolve)",
                "elestrals.interp.stadium-replacement",
            )


def window_open(pos: Position, who: int) -> bool:
    """Whether ``who`` may start a chain in the current chain window.

    In the Battle Phase's steps both players may; in the Draw and End Phases, by default both (the turn
    player first), or only the turn player (option ``window-chains=turn-player``).
    """
    if pos.phase in ("draw", "end") and pos.opts["window-chains"] == "turn-player":
        return who == pos.player
    return True
