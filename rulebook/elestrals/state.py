"""Elestrals positions: a game state a judge can write down from a table, read back, and play on.

A [`Position`][rulebook.elestrals.state.Position] holds everything the rules look at: the turn, phase and step and
whose turn it is;
for each player (a [`Side`][rulebook.elestrals.state.Side]) the Spirit Deck by type, the Main Deck and hand, the
Underworld,
the Elestral Row, the Rune Row and the Stadium slot, and what was used this turn; Limbo (the chain
and the cards and effects waiting to join the next one); and the battle in progress. Cards on the
field are named; their facts (cost, stats, Rune type, effect text) come from [`Card`][rulebook.elestrals.cards.Card]
entries given with the position or in a card-facts file.

A position file is TOML. [`parse_position`][rulebook.elestrals.state.parse_position] reads one (every key and value
checked before use,
each mistake one line naming the key); [`position_toml`][rulebook.elestrals.state.position_toml] writes one that reads
back equal.

Examples:
    >>> text = '''
    ... turn = 3
    ... player = "P1"
    ... phase = "main"
    ... [players.P1]
    ... spirit_deck = { fire = 10, water = 9 }
    ... main_deck = 30
    ... hand = ["Cinder Cub"]
    ... [[players.P1.elestrals]]
    ... card = "Ember Whelp"
    ... spirits = ["fire"]
    ... [players.P2]
    ... spirit_deck = 20
    ... main_deck = 30
    ... hand = 5
    ... [cards."Cinder Cub"]
    ... card_type = "elestral"
    ... cost = ["fire"]
    ... attack = 2
    ... defense = 1
    ... [cards."Ember Whelp"]
    ... card_type = "elestral"
    ... cost = ["fire"]
    ... attack = 1
    ... defense = 1
    ... '''
    >>> pos = parse_position(text, "pos.toml")
    >>> pos.sides[0].elestrals[0].card, pos.sides[0].spirit_deck.size
    ('Ember Whelp', 19)
    >>> parse_position(position_toml(pos), "again") == pos
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from rulebook.elestrals.cards import Card, parse_effect, read_cards, spirit_list
from rulebook.elestrals.core import (
    FIELD,
    MAX_MAIN,
    MAX_SPIRITS,
    POSITIONS,
    SPIRIT_TYPES,
    an,
    lookup_name,
    options,
    plural,
)
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import Choice, Int, ListOf, MapOf, Opt, check_shape, parse_toml, read_text, shown
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
    "parse_position",
    "position_toml",
    "put_card",
    "read_position",
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
ROW = FIELD["elestral_slots"]
RUNE_ROW = FIELD["rune_slots"]
UNKNOWN = "?"
_TYPES = (*SPIRIT_TYPES, UNKNOWN)
_TYPE_INDEX = {t: i for i, t in enumerate(_TYPES)}
_PLAYER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}")
_REF = re.compile(r"(?:(?P<player>[A-Za-z][A-Za-z0-9_-]{0,19})[:.])?(?P<zone>[ERer])(?P<slot>[1-4])|(?P<s>[Ss])")
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

    counts: tuple[int, ...] = (0,) * len(_TYPES)
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
        return [t for t, n in zip(_TYPES, self.counts, strict=True) if n and t != UNKNOWN]

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

    ``cast``: Cast (or Ascended into) this turn. ``changed``: its controller changed its Position this
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
    ``spirit_action`` is the once-per-turn Spirit action taken this turn (``""`` for none); ``used`` the
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
    ``effect``: which of its card's effects it is (from 0).
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
        m = _REF.fullmatch(text.strip())
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


# ---------------------------------------------------------------- reading a position file

_SPIRITS = (ListOf(str, most=MAX_SPIRITS), MapOf(Int(0, MAX_SPIRITS), most=len(_TYPES)), str)
_MODIFIER = (str, {"effect": str, "until": Opt(Choice("end", "battle", ""))})
_COUNTERS = MapOf(Int(0, 99), most=8)
_ELESTRAL = {
    "slot": Opt(Int(1, ROW)),
    "card": str,
    "position": Opt(Choice(*POSITIONS)),
    "spirits": Opt(_SPIRITS),
    "cast": Opt(bool),
    "attacked": Opt(bool),
    "changed": Opt(bool),
    "modifiers": Opt(ListOf(_MODIFIER, most=20)),
    "suppressed": Opt(bool),
    "owner": Opt(str),
    "counters": Opt(_COUNTERS),
}
_RUNE = {
    "slot": Opt(Int(1, RUNE_ROW)),
    "card": str,
    "set": Opt(bool),
    "set_turn": Opt(Int(1, MAX_TURN)),
    "spirits": Opt(_SPIRITS),
    "empowering": Opt(str),
    "suppressed": Opt(bool),
    "counters": Opt(_COUNTERS),
}
_STADIUM = {"card": str, "spirits": Opt(_SPIRITS), "suppressed": Opt(bool)}
_SIDE = {
    "spirit_deck": Opt((Int(0, MAX_SPIRITS), MapOf(Int(0, MAX_SPIRITS), most=len(_TYPES) + 1))),
    "main_deck": (Int(0, MAX_MAIN), ListOf(str, most=MAX_MAIN)),
    "hand": (Int(0, MAX_MAIN), ListOf(str, most=MAX_MAIN)),
    "underworld": Opt(ListOf(str, most=MAX_MAIN + MAX_SPIRITS)),
    "elestrals": Opt(ListOf(_ELESTRAL, most=ROW)),
    "runes": Opt(ListOf(_RUNE, most=RUNE_ROW)),
    "stadium": Opt(_STADIUM),
    "spirit_action": Opt(Choice("", *SPIRIT_ACTIONS)),
    "used": Opt(ListOf(str, most=ROW + RUNE_ROW + 1)),
    "kept": Opt(bool),
}
_LINK = {
    "player": str,
    "action": Choice(*LINK_KINDS),
    "card": str,
    "slot": Opt(str),
    "position": Opt(Choice(*POSITIONS)),
    "spirits": Opt(_SPIRITS),
    "target": Opt(str),
    "from": Opt(str),
    "negates": Opt(ListOf(Int(1, 100), most=100)),
    "targets": Opt(ListOf(str, most=20)),
    "effect": Opt(Int(1, 8)),
}
_WAITING = {
    "player": str,
    "kind": Choice(*WAITING_KINDS),
    "card": str,
    "from": Opt(str),
    "label": Opt(str),
    "effect": Opt(Int(1, 8)),
}
_BATTLE = {
    "attacker": Choice(*(f"E{i}" for i in range(1, ROW + 1))),
    "target": Choice("spirit-deck", *(f"E{i}" for i in range(1, ROW + 1))),
    "step": Choice("attack", "battle", "damage"),
    "declared": Opt(Choice(*POSITIONS)),
    "attacker_card": Opt(str),
    "target_card": Opt(str),
}
_SHAPE = {
    "turn": Int(1, MAX_TURN),
    "player": str,
    "phase": Choice(*PHASES),
    "step": Opt(Choice(*sorted({s for steps in STEPS.values() for s in steps}))),
    "players": MapOf(_SIDE, most=2),
    "chain": Opt({"links": ListOf(_LINK, most=100), "closed": Opt(bool), "passed": Opt(ListOf(str, most=2))}),
    "waiting": Opt(ListOf(_WAITING, most=100)),
    "window": Opt({"passed": ListOf(str, most=2)}),
    "battle": Opt(_BATTLE),
    "winner": Opt(str),
    "cards": Opt(MapOf(MapOf((str, Int(), ListOf(str), MapOf(Int(0, MAX_SPIRITS))), most=9), most=500)),
}


class _Reader:
    """Turns checked file data into a [`Position`][rulebook.elestrals.state.Position], naming the key of the first
    mistake."""

    def __init__(self, where: str, cards: Mapping[str, Card]) -> None:
        self.where = where
        self.cards = cards

    def fail(self, path: str, message: str) -> InvalidInputError:
        return InvalidInputError(f"{self.where}: {path}: {message}")

    def card(self, name: str, path: str, kind: str = "") -> str:
        clean = " ".join(name.split())
        if clean not in self.cards:
            hint = f"; give its facts under [cards.{_q(clean)}] or in a --cards file"
            err = UnknownNameError("card", clean, sorted(self.cards))
            raise self.fail(path, str(err) + hint) from None
        if kind and self.cards[clean].card_type != kind:
            raise self.fail(path, f"{clean!r} is {an(self.cards[clean].card_type)}, not {an(kind)}")
        return clean

    def spirits(self, value: Any, path: str, *, unknown: bool = True) -> tuple[str, ...]:
        try:
            if isinstance(value, Mapping):
                words = [f"{n} {'?' if t == 'unknown' else t}" for t, n in value.items() if n]
            else:
                words = value
            if unknown and isinstance(words, list | str):
                items = words.replace(",", " ").split() if isinstance(words, str) else list(words)
                known = [w for w in items if w.strip() not in (UNKNOWN, "unknown")]
                extra = len(items) - len(known)
                listed = spirit_list(known, allow_any=False)
                return tuple(sorted(listed + (UNKNOWN,) * extra))
            return tuple(sorted(spirit_list(words, allow_any=False)))
        except InvalidInputError as err:
            raise self.fail(path, str(err)) from None

    def names(self, value: Any, path: str, *, kind: str = "", spirits: bool = False) -> tuple[str, ...]:
        if isinstance(value, int):
            return (UNKNOWN,) * value
        out: list[str] = []
        for n, item in enumerate(value, 1):
            here = f"{path}[{n}]"
            clean = " ".join(item.split())
            if clean == UNKNOWN:
                out.append(UNKNOWN)
            elif spirits and clean.lower() in SPIRIT_TYPES:
                out.append(clean.lower())
            else:
                out.append(self.card(clean, here, kind))
        return tuple(out)


def player_index(names: Sequence[str], text: str) -> int:
    """The index of a player named ``text`` (case ignored); an unknown name suggests the closest."""
    key = text.strip().lower()
    for i, name in enumerate(names):
        if name.lower() == key:
            return i
    raise UnknownNameError("player", text.strip(), list(names))


def _player(names: Sequence[str], text: str, where: str) -> int:
    try:
        return player_index(names, text)
    except UnknownNameError as err:
        raise InvalidInputError(f"{where}: {err}") from None


def parse_position(
    text: str,
    where: str = "position",
    cards: Mapping[str, Card] | None = None,
    opts: Mapping[str, object] | None = None,
) -> Position:
    """Read a position file's text (TOML; see the module's example); ``cards`` adds card facts kept
    elsewhere (the file's own ``[cards]`` entries win).

    Examples:
        >>> parse_position("turn = 1\\nplayer = 'P1'\\nphase = 'battle'\\n[players.P1]\\nmain_deck = 30\\n"
        ...                "hand = 5\\n[players.P2]\\nmain_deck = 30\\nhand = 5", "pos.toml")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: pos.toml: phase: the first turn of the game has no Battle Phase ...
    """
    data = parse_toml(text, where)
    return position_from_data(data, where, cards, opts)


def read_position(path: str, cards_path: str | None = None, opts: Mapping[str, object] | None = None) -> Position:
    """Read a position file (``-`` for standard input), with card facts from ``cards_path`` if given.

    A card-facts file is TOML (``[cards."NAME"]`` tables) or JSON (a list of cards with ``name``).
    """
    cards: dict[str, Card] = {}
    if cards_path:
        raw = read_text(cards_path, what="card-facts file")
        label = shown(str(cards_path))
        if str(cards_path).lower().endswith(".json"):
            try:
                import json  # only a JSON card-facts file needs it

                data = json.loads(raw)
            except (ValueError, RecursionError) as err:
                raise InvalidInputError(f"{label} is not valid JSON: {str(err)[:120]}") from None
        else:
            data = parse_toml(raw, label)
        cards = read_cards(data, label)
    where = "standard input" if path == "-" else shown(str(path))
    return parse_position(read_text(path, what="position file"), where, cards, opts)


def position_from_data(
    data: Mapping[str, Any],
    where: str,
    cards: Mapping[str, Card] | None = None,
    opts: Mapping[str, object] | None = None,
) -> Position:
    """Build a [`Position`][rulebook.elestrals.state.Position] from parsed file data, after checking its shape and its
    sense."""
    check_shape(data, _SHAPE, where)
    catalog = dict(cards or {})
    if "cards" in data:
        catalog.update(read_cards({"cards": data["cards"]}, where))
    reader = _Reader(where, catalog)
    names = tuple(data["players"])
    if len(names) != 2:
        raise InvalidInputError(f"{where}: players: an Elestrals game has two players, [players.P1] and [players.P2]")
    for name in names:
        if not _PLAYER_NAME.fullmatch(name):
            raise InvalidInputError(
                f"{where}: players: a player's name is a letter then up to 19 letters, digits, - or _, "
                f"not {shown(name)!r}"
            )
    turn, phase = data["turn"], data["phase"]
    player = _player(names, data["player"], f"{where}: player")
    step = data.get("step", STEPS[phase][0])
    if step not in STEPS[phase]:
        raise InvalidInputError(
            f"{where}: step: the {phase} phase has no step {step!r}; "
            f"accepted: {', '.join(repr(s) for s in STEPS[phase])}"
        )
    if turn == 1 and phase in ("draw", "battle"):
        raise InvalidInputError(
            f"{where}: phase: the first turn of the game has no {phase.capitalize()} Phase (elestrals.setup.first-turn)"
        )
    if phase == "setup" and turn != 1:
        raise InvalidInputError(f"{where}: phase: the setup comes before turn 1")
    sides = tuple(_side(reader, data["players"][name], f"players.{name}", names, turn) for name in names)
    pos = Position(turn, player, phase, step, (sides[0], sides[1]), names=(names[0], names[1]), cards=catalog)
    pos = replace(pos, opts=options(opts))
    pos = _limbo(reader, pos, data, names)
    if "battle" in data:
        pos = _battle(reader, pos, data["battle"])
    elif phase == "battle" and step != "":
        raise InvalidInputError(f"{where}: battle: the {step} step needs the [battle] table (attacker, target, step)")
    if "window" in data:
        if phase == "main" or (phase == "battle" and step == ""):
            raise InvalidInputError(f"{where}: window: the {phase} phase has no chain window here")
        passed = tuple(_player(names, p, f"{where}: window.passed") for p in data["window"]["passed"])
        pos = replace(pos, passed=passed)
    if "winner" in data:
        won = data["winner"]
        pos = replace(pos, over=True, winner=None if won == "draw" else _player(names, won, f"{where}: winner"))
    _check_artifacts(pos, where)
    _check_counts(pos, where)
    return pos


def _side(reader: _Reader, data: Mapping[str, Any], path: str, names: Sequence[str], turn: int) -> Side:
    deck = data.get("spirit_deck")
    if deck is None:
        spirit_deck = SpiritDeck(bounded=False)
    elif isinstance(deck, int):
        spirit_deck = SpiritDeck().add(UNKNOWN, deck)
    else:
        spirit_deck = SpiritDeck()
        for kind, n in deck.items():
            key = UNKNOWN if kind.strip().lower() == "unknown" else kind
            try:
                kind_name = key if key == UNKNOWN else lookup_name("Spirit type", key, SPIRIT_TYPES)
            except UnknownNameError as err:
                raise reader.fail(f"{path}.spirit_deck", str(err)) from None
            spirit_deck = spirit_deck.add(kind_name, n)
    elestrals: list[Elestral | None] = [None] * ROW
    for n, item in enumerate(data.get("elestrals", []), 1):
        here = f"{path}.elestrals[{n}]"
        slot = item.get("slot", n) - 1
        if elestrals[slot] is not None:
            raise reader.fail(here, f"slot {slot + 1} of the Elestral Row is given twice")
        modifiers = []
        for m in item.get("modifiers", []):
            text, until = (m, "") if isinstance(m, str) else (m["effect"], m.get("until", ""))
            try:
                modifiers.append((parse_effect(text).text, until))
            except InvalidInputError as err:
                raise reader.fail(f"{here}.modifiers", str(err)) from None
        owner = None
        if "owner" in item:
            owner = _player(names, item["owner"], f"{reader.where}: {here}.owner")
        elestrals[slot] = Elestral(
            reader.card(item["card"], f"{here}.card", "elestral"),
            item.get("position", "attack"),
            reader.spirits(item.get("spirits", []), f"{here}.spirits"),
            item.get("cast", False),
            item.get("attacked", False),
            item.get("changed", False),
            tuple(modifiers),
            item.get("suppressed", False),
            owner,
            _counters(item),
        )
    runes: list[Rune | None] = [None] * RUNE_ROW
    for n, item in enumerate(data.get("runes", []), 1):
        here = f"{path}.runes[{n}]"
        slot = item.get("slot", n) - 1
        if runes[slot] is not None:
            raise reader.fail(here, f"slot {slot + 1} of the Rune Row is given twice")
        name = reader.card(item["card"], f"{here}.card", "rune")
        facts = reader.cards[name]
        if facts.rune == "stadium":
            raise reader.fail(
                here, f"{name!r} is a Stadium: it goes in the Stadium slot and cannot be Set (elestrals.main.set-rune)"
            )
        face_down = item.get("set", False)
        spirits = reader.spirits(item.get("spirits", []), f"{here}.spirits")
        if face_down and spirits:
            raise reader.fail(here, "a Set Rune has no Spirits until it is Cast (elestrals.main.set-rune)")
        set_turn = item.get("set_turn", max(1, turn - 1)) if face_down else 0
        if set_turn > turn:
            raise reader.fail(
                f"{here}.set_turn", f"a Rune cannot have been Set on turn {set_turn}, after this turn ({turn})"
            )
        empowering = item.get("empowering", "")
        if empowering and facts.rune != "artifact":
            raise reader.fail(
                f"{here}.empowering",
                f"only an Artifact Empowers an Elestral; {name!r} is {an(facts.rune.capitalize() + ' Rune')}",
            )
        if empowering.strip().lower() == "none":
            empowering = ""
        runes[slot] = Rune(
            name, face_down, set_turn, spirits, empowering.strip(), item.get("suppressed", False), _counters(item)
        )
    stadium = None
    if "stadium" in data:
        item = data["stadium"]
        name = reader.card(item["card"], f"{path}.stadium.card", "rune")
        if reader.cards[name].rune != "stadium":
            raise reader.fail(f"{path}.stadium", f"{name!r} is not a Stadium Rune")
        stadium = Stadium(
            name, reader.spirits(item.get("spirits", []), f"{path}.stadium.spirits"), item.get("suppressed", False)
        )
    used = []
    for n, ref in enumerate(data.get("used", []), 1):
        if not _REF.fullmatch(ref.strip()) or ":" in ref or "." in ref:
            raise reader.fail(
                f"{path}.used[{n}]", f"write the card whose effect was used as E1-E4, R1-R4 or S, not {shown(ref)!r}"
            )
        used.append(ref.strip().upper())
    return Side(
        spirit_deck,
        reader.names(data["main_deck"], f"{path}.main_deck"),
        tuple(sorted(reader.names(data["hand"], f"{path}.hand"))),
        reader.names(data.get("underworld", []), f"{path}.underworld", spirits=True),
        tuple(elestrals),
        tuple(runes),
        stadium,
        data.get("spirit_action", ""),
        tuple(sorted(set(used))),
        data.get("kept", False),
    )


def _counters(item: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((" ".join(k.split()).lower(), n) for k, n in item.get("counters", {}).items() if n))


def _limbo(reader: _Reader, pos: Position, data: Mapping[str, Any], names: Sequence[str]) -> Position:
    where = reader.where
    links: list[ChainLink] = []
    chain = data.get("chain", {"links": []})
    for n, item in enumerate(chain["links"], 1):
        here = f"chain.links[{n}]"
        who = _player(names, item["player"], f"{where}: {here}.player")
        kind = item["action"]
        name = " ".join(item["card"].split())
        if kind != "described":
            wanted = "rune" if kind == "cast-rune" else "elestral" if "cast" in kind or "ascend" in kind else ""
            name = reader.card(name, f"{here}.card", wanted)
        elif not name or len(name) > 200:
            raise reader.fail(f"{here}.card", "a described link needs a name of at most 200 characters")
        else:
            name = shown(name)
        negates = tuple(item.get("negates", []))
        for target in negates:
            if target >= n:
                raise reader.fail(
                    f"{here}.negates", f"link {n} can only Negate an earlier link (1 to {n - 1}), not {target}"
                )
        slot = item.get("slot", "").strip().upper()
        if slot and not re.fullmatch(r"[ER][1-4]|S", slot):
            raise reader.fail(f"{here}.slot", f"write the slot as E1-E4, R1-R4 or S, not {shown(slot)!r}")
        links.append(
            ChainLink(
                who,
                kind,
                name,
                slot,
                item.get(
                    "position",
                    "attack" if kind in ("normal-cast", "special-cast", "normal-ascend", "special-ascend") else "",
                ),
                reader.spirits(item.get("spirits", []), f"{here}.spirits"),
                item.get("target", "").strip(),
                item.get("from", "").strip(),
                negates,
                tuple(" ".join(t.split()) for t in item.get("targets", [])),
                item.get("effect", 1) - 1,
            )
        )
    passed = tuple(_player(names, p, f"{where}: chain.passed") for p in chain.get("passed", []))
    waiting = []
    for n, item in enumerate(data.get("waiting", []), 1):
        here = f"waiting[{n}]"
        who = _player(names, item["player"], f"{where}: {here}.player")
        label = shown(" ".join(item.get("label", "").split()))
        name = " ".join(item["card"].split())
        if item["kind"] != "conditional":
            name = reader.card(name, f"{here}.card", "elestral")
        if len(name) > 200 or len(label) > 200:
            raise reader.fail(here, "names and labels have at most 200 characters")
        waiting.append(
            LimboItem(who, item["kind"], name, item.get("from", "").strip(), label, item.get("effect", 1) - 1)
        )
    if chain.get("closed") and not links:
        raise reader.fail("chain.closed", "an empty chain cannot be closed")
    return replace(pos, chain=tuple(links), closed=chain.get("closed", False), passed=passed, waiting=tuple(waiting))


def _battle(reader: _Reader, pos: Position, data: Mapping[str, Any]) -> Position:
    if pos.phase != "battle":
        raise reader.fail("battle", f"a battle happens in the Battle Phase, not the {pos.phase} phase")
    if data["step"] != pos.step:
        raise reader.fail("battle.step", f"the battle is in the {data['step']} step but step = {pos.step!r}")
    attacker = int(data["attacker"][1]) - 1
    target = -1 if data["target"] == "spirit-deck" else int(data["target"][1]) - 1
    mine = pos.sides[pos.player].elestrals[attacker]
    theirs = pos.sides[pos.opponent].elestrals[target] if target >= 0 else None
    declared = data.get("declared", theirs.position if theirs else "")
    card = " ".join(data.get("attacker_card", mine.card if mine else "").split())
    target_card = " ".join(data.get("target_card", theirs.card if theirs else "").split())
    if mine is None and not card:
        raise reader.fail("battle.attacker", "no Elestral is there; give attacker_card, the Elestral that attacked")
    return replace(pos, battle=Battle(attacker, card, target, target_card, declared, data["step"]))


def _check_artifacts(pos: Position, where: str) -> None:
    for who, side in enumerate(pos.sides):
        for slot, rune in enumerate(side.runes):
            if rune is None or not rune.empowering:
                continue
            try:
                target = pos.at(rune.empowering)
            except InvalidInputError as err:
                raise InvalidInputError(
                    f"{where}: players.{pos.names[who]}.runes (R{slot + 1}).empowering: {err}"
                ) from None
            if not isinstance(target, Elestral):
                raise InvalidInputError(
                    f"{where}: players.{pos.names[who]}.runes (R{slot + 1}).empowering: no Elestral at "
                    f"{rune.empowering}; write none if the Elestral has left the field"
                )


def _is_spirit(name: str) -> bool:
    return name in SPIRIT_TYPES


def spirit_total(pos: Position, who: int) -> int | None:
    """All of a player's Spirits the position shows (deck, field, Limbo, Underworld).

    ``None`` when the Spirit Deck's size is not given.
    """
    side = pos.sides[who]
    if side.spirit_deck.size is None:
        return None
    on_field = 0
    for w, s in enumerate(pos.sides):
        for card in (*s.elestrals, *s.runes, s.stadium):
            if card is None:
                continue
            owner = card.owner if isinstance(card, Elestral) and card.owner is not None else w
            on_field += len(card.spirits) if owner == who else 0
    limbo = sum(len(link.spirits) for link in pos.chain if link.player == who)
    return side.spirit_deck.size + on_field + limbo + sum(1 for x in side.underworld if _is_spirit(x))


def main_total(pos: Position, who: int) -> int:
    """All of a player's Main Deck cards the position shows (deck, hand, field, Limbo, Underworld)."""
    side = pos.sides[who]
    own = 0
    for w, s in enumerate(pos.sides):
        for card in s.elestrals:
            if card is not None and (card.owner if card.owner is not None else w) == who:
                own += 1
        if w == who:
            own += sum(1 for r in s.runes if r is not None) + (s.stadium is not None)
    limbo = sum(
        1 for link in pos.chain if link.player == who and link.kind not in ("activate", "conditional", "described")
    )
    limbo += sum(1 for item in pos.waiting if item.player == who and item.kind != "conditional")
    return len(side.main_deck) + len(side.hand) + own + limbo + sum(1 for x in side.underworld if not _is_spirit(x))


def _check_counts(pos: Position, where: str) -> None:
    for who, name in enumerate(pos.names):
        spirits = spirit_total(pos, who)
        if spirits is not None and spirits > MAX_SPIRITS:
            raise InvalidInputError(
                f"{where}: players.{name}: {plural(spirits, 'Spirit')} in all (Spirit Deck, field, Limbo, Underworld); "
                f"a player has {MAX_SPIRITS}"
            )
        cards = main_total(pos, who)
        if cards > MAX_MAIN:
            raise InvalidInputError(
                f"{where}: players.{name}: {plural(cards, 'Main Deck card')} in all (deck, hand, field, Limbo, "
                f"Underworld); a Main Deck has {MAX_MAIN}"
            )


# ---------------------------------------------------------------- writing a position file


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _q(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped.

    Examples:
        >>> _q('Dragon "Ember"')
        '"Dragon \\\\"Ember\\\\""'
    """
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(text: str) -> str:
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else _q(text)


def _list(items: Iterable[str]) -> str:
    return "[" + ", ".join(_q(i) for i in items) + "]"


def _spirits_value(spirits: Sequence[str]) -> str:
    return _list("unknown" if s == UNKNOWN else s for s in spirits)


def _counters_line(counters: Sequence[tuple[str, int]]) -> str:
    return "counters = { " + ", ".join(f"{_key(k)} = {n}" for k, n in counters) + " }"


def position_toml(pos: Position, *, comment: str = "") -> str:
    """The position as a position file (TOML) that [`parse_position`][rulebook.elestrals.state.parse_position] reads
    back equal.

    The facts of every card it names are written with it, so the file stands on its own.
    """
    out = [f"# {line}".rstrip() for line in comment.splitlines()]
    out += [f"turn = {pos.turn}", f"player = {_q(pos.names[pos.player])}", f"phase = {_q(pos.phase)}"]
    if pos.step != STEPS[pos.phase][0]:
        out.append(f"step = {_q(pos.step)}")
    if pos.over:
        out.append(f"winner = {_q('draw' if pos.winner is None else pos.names[pos.winner])}")
    named: list[str] = []
    for who, side in enumerate(pos.sides):
        name = pos.names[who]
        out += ["", f"[players.{name}]"]
        deck = side.spirit_deck
        if deck.bounded:
            if deck.types():
                parts = [f"{t} = {n}" for t, n in zip(_TYPES, deck.counts, strict=True) if n and t != UNKNOWN]
                if deck.count(UNKNOWN):
                    parts.append(f"unknown = {deck.count(UNKNOWN)}")
                out.append("spirit_deck = { " + ", ".join(parts) + " }")
            else:
                out.append(f"spirit_deck = {deck.count(UNKNOWN)}")
        for zone in ("main_deck", "hand"):
            cards = getattr(side, zone)
            named += [c for c in cards if c != UNKNOWN]
            value = str(len(cards)) if all(c == UNKNOWN for c in cards) else _list(cards)
            out.append(f"{zone} = {value}")
        if side.underworld:
            out.append(f"underworld = {_list(side.underworld)}")
            named += [c for c in side.underworld if c not in SPIRIT_TYPES]
        if side.spirit_action:
            out.append(f"spirit_action = {_q(side.spirit_action)}")
        if side.used:
            out.append(f"used = {_list(side.used)}")
        if side.kept:
            out.append("kept = true")
        for slot, el in enumerate(side.elestrals):
            if el is None:
                continue
            named.append(el.card)
            out += ["", f"[[players.{name}.elestrals]]", f"slot = {slot + 1}", f"card = {_q(el.card)}"]
            if el.position != "attack":
                out.append(f"position = {_q(el.position)}")
            out.append(f"spirits = {_spirits_value(el.spirits)}")
            for flag in ("cast", "attacked", "changed", "suppressed"):
                if getattr(el, flag):
                    out.append(f"{flag} = true")
            if el.modifiers:
                mods = [
                    _q(t) if not u else "{ effect = " + _q(t) + ", until = " + _q(u) + " }" for t, u in el.modifiers
                ]
                out.append("modifiers = [" + ", ".join(mods) + "]")
            if el.owner is not None:
                out.append(f"owner = {_q(pos.names[el.owner])}")
            if el.counters:
                out.append(_counters_line(el.counters))
        for slot, rune in enumerate(side.runes):
            if rune is None:
                continue
            named.append(rune.card)
            out += ["", f"[[players.{name}.runes]]", f"slot = {slot + 1}", f"card = {_q(rune.card)}"]
            if rune.set:
                out += ["set = true", f"set_turn = {rune.set_turn}"]
            else:
                out.append(f"spirits = {_spirits_value(rune.spirits)}")
            if pos.cards[rune.card].rune == "artifact":
                out.append(f"empowering = {_q(rune.empowering or 'none')}")
            if rune.suppressed:
                out.append("suppressed = true")
            if rune.counters:
                out.append(_counters_line(rune.counters))
        if side.stadium is not None:
            named.append(side.stadium.card)
            out += ["", f"[players.{name}.stadium]", f"card = {_q(side.stadium.card)}"]
            out.append(f"spirits = {_spirits_value(side.stadium.spirits)}")
            if side.stadium.suppressed:
                out.append("suppressed = true")
    if pos.chain:
        out += ["", "[chain]"]
        if pos.closed:
            out.append("closed = true")
        if pos.passed:
            out.append(f"passed = {_list(pos.names[p] for p in pos.passed)}")
        for link in pos.chain:
            if link.kind not in ("described", "conditional") or link.card in pos.cards:
                named.append(link.card)
            out += ["", "[[chain.links]]", f"player = {_q(pos.names[link.player])}", f"action = {_q(link.kind)}"]
            out.append(f"card = {_q(link.card)}")
            for key, value in (
                ("slot", link.slot),
                ("position", link.position),
                ("target", link.target),
                ("from", link.source),
            ):
                if value:
                    out.append(f"{key} = {_q(value)}")
            if link.spirits:
                out.append(f"spirits = {_spirits_value(link.spirits)}")
            if link.negates:
                out.append("negates = [" + ", ".join(str(n) for n in link.negates) + "]")
            if link.targets:
                out.append(f"targets = {_list(link.targets)}")
            if link.effect:
                out.append(f"effect = {link.effect + 1}")
    elif pos.passed:
        out += ["", "[window]", f"passed = {_list(pos.names[p] for p in pos.passed)}"]
    for item in pos.waiting:
        if item.kind != "conditional":
            named.append(item.card)
        out += ["", "[[waiting]]", f"player = {_q(pos.names[item.player])}", f"kind = {_q(item.kind)}"]
        out.append(f"card = {_q(item.card)}")
        if item.source:
            out.append(f"from = {_q(item.source)}")
        if item.label:
            out.append(f"label = {_q(item.label)}")
        if item.effect:
            out.append(f"effect = {item.effect + 1}")
    if pos.battle is not None:
        b = pos.battle
        out += ["", "[battle]", f'attacker = "E{b.attacker + 1}"']
        out.append(f"target = {_q('spirit-deck' if b.target < 0 else f'E{b.target + 1}')}")
        out.append(f"step = {_q(b.step)}")
        out.append(f"attacker_card = {_q(b.card)}")
        if b.target >= 0:
            out.append(f"target_card = {_q(b.target_card)}")
        if b.declared:
            out.append(f"declared = {_q(b.declared)}")
    for name in dict.fromkeys(named):
        facts = pos.cards[name].to_data()
        out += ["", f"[cards.{_q(name)}]"]
        for key, value in facts.items():
            out.append(
                f"{key} = {_list(value) if isinstance(value, list) else _q(value) if isinstance(value, str) else value}"
            )
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- actions

#: Every action a position may be asked about, with the words that follow it.
ACTION_FORMS: Mapping[str, str] = {
    "keep": "keep (keep the opening hand)",
    "mulligan": "mulligan (Expend 2 Spirits, shuffle the hand in, draw 5)",
    "draw": "draw (the Draw Phase's draw)",
    "pass": "pass (do nothing more here: respond to nothing, or end the phase)",
    "resolve": "resolve (resolve the closed chain)",
    "normal-cast": "normal-cast CARD [attack|defense] [paying TYPE]",
    "normal-ascend": "normal-ascend E1 CARD [attack|defense] [paying TYPE] [adding E2:TYPE ...]",
    "special-cast": "special-cast CARD [attack|defense] (a card waiting in Limbo)",
    "special-ascend": "special-ascend E1 CARD [attack|defense] (a card waiting in Limbo)",
    "conditional": "conditional CARD (an effect waiting in Limbo)",
    "enchant": "enchant E1 [TYPE]",
    "expend-draw": "expend-draw [TYPE]",
    "set-rune": "set-rune CARD",
    "cast-rune": "cast-rune CARD|R1 [empowering P2:E1] [replacing R3] [paying TYPE,E1:TYPE,...]",
    "change-position": "change-position E1",
    "activate": "activate E1|R1|S",
    "attack": "attack E1 E2|spirit-deck",
    "nexus": "nexus FROM TO [COUNT] [TYPE] (as an effect instructs)",
}
_KEYWORDS = ("paying", "adding", "empowering", "replacing", "targeting")
#: How many leading words each action takes at most, and the keyword parts it accepts after them.
ACTION_WORDS: Mapping[str, tuple[int, tuple[str, ...]]] = {
    "keep": (0, ()),
    "mulligan": (0, ()),
    "draw": (0, ()),
    "pass": (0, ()),
    "resolve": (0, ()),
    "normal-cast": (2, ("paying",)),
    "normal-ascend": (3, ("paying", "adding")),
    "special-cast": (2, ()),
    "special-ascend": (3, ()),
    "conditional": (1, ("targeting",)),
    "enchant": (2, ()),
    "expend-draw": (1, ()),
    "set-rune": (1, ()),
    "cast-rune": (1, ("empowering", "replacing", "paying", "targeting")),
    "change-position": (1, ()),
    "activate": (1, ("targeting", "paying")),
    "attack": (2, ()),
    "nexus": (4, ()),
}
MAX_ACTION_CHARS = 500


class Action(NamedTuple):
    """An action, as its words: ``Action("attack", ("E1", "E2"))`` is ``attack E1 E2``.

    ``str(action)`` is the text [`parse_action`][rulebook.elestrals.state.parse_action] reads back.
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(_q(a) if (" " in a or not a) else a for a in self.args)])


def parse_action(text: str | Action) -> Action:
    """Read an action's text (see [`ACTION_FORMS`][rulebook.elestrals.state.ACTION_FORMS]): a verb, then card names
    (quoted when they have
    spaces), slots (``E1``, ``R2``, ``P2:E1``), Positions and keywords.

    Examples:
        >>> parse_action('normal-cast "Cinder Cub" defense')
        Action(verb='normal-cast', args=('Cinder Cub', 'defense'))
        >>> parse_action("summon Dragon")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown action 'summon'; accepted: keep, mulligan, ...
    """
    if isinstance(text, Action):
        return check_words(text)
    if len(text) > MAX_ACTION_CHARS:
        raise InvalidInputError(
            f"an action of {len(text):,} characters is too long; at most {MAX_ACTION_CHARS} are read"
        )
    import shlex  # only needed to read a typed action

    try:
        words = shlex.split(text)
    except ValueError as err:
        raise InvalidInputError(
            f"cannot read the action {shown(text)!r}: {err}; close the quotes around a name"
        ) from None
    if not words:
        raise InvalidInputError("give an action, e.g. 'pass' or 'attack E1 E2'")
    verb = lookup_name("action", words[0], list(ACTION_FORMS))
    return check_words(Action(verb, tuple(" ".join(w.split()) for w in words[1:])))


def check_words(action: Action) -> Action:
    """``action`` if it has no words beyond its form; raises [`InvalidInputError`][rulebook.errors.InvalidInputError]
    naming the first extra word and the form otherwise.

    Examples:
        >>> check_words(Action("pass", ("pass",)))
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: 'pass' after pass is one word too many: write pass (do nothing more ...
    """
    most, keywords = ACTION_WORDS[action.verb]
    head: list[str] = []
    for word in action.args:
        if word.lower() in _KEYWORDS:
            if word.lower() not in keywords:
                raise InvalidInputError(
                    f"{action.verb} takes no {word.lower()!r} part: write {ACTION_FORMS[action.verb]}"
                )
            break
        head.append(word)
    if len(head) > most:
        extra = shown(head[most], 40)
        raise InvalidInputError(
            f"{extra!r} after {' '.join([action.verb, *head[:most]])} is one word too many: write "
            f"{ACTION_FORMS[action.verb]}"
        )
    return action


def split_keywords(args: Sequence[str]) -> tuple[list[str], dict[str, list[str]]]:
    """An action's leading words and its keyword parts (``paying fire water`` -> ``{"paying": [...]}``)."""
    head: list[str] = []
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for word in args:
        key = word.lower()
        if key in _KEYWORDS:
            if key in parts:
                raise InvalidInputError(f"{key!r} is given twice")
            current = parts[key] = []
        elif current is None:
            head.append(word)
        else:
            for piece in (p.strip() for p in word.split(",")):
                words = piece.split()
                spirits = all(":" in w or w.lower() in (*SPIRIT_TYPES, "any", "&") for w in words)
                current += words if spirits and key != "targeting" else [" ".join(words)] if words else []
    return head, parts


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
    sends them to the Underworld).
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


def window_open(pos: Position, who: int) -> bool:
    """Whether ``who`` may start a chain in the current chain window.

    In the Battle Phase's steps both players may; in the Draw and End Phases, by default both (the turn
    player first), or only the turn player (option ``window-chains=turn-player``).
    """
    if pos.phase in ("draw", "end") and pos.opts["window-chains"] == "turn-player":
        return who == pos.player
    return True
