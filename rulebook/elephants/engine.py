"""Elemental Elephants: the clarification sheet's rulings on a described round of four clashes.

Everything public here is re-exported by [`rulebook.elephants`][rulebook.elephants], the way to import it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rulebook import rules as _rules
from rulebook.errors import IllegalActionError, InvalidInputError, UnknownNameError, lookup
from rulebook.reading import Choice, Int, ListOf, MapOf, Opt, check_shape, number, parse_toml, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

if TYPE_CHECKING:
    from rulebook.elephants.game import Decision, ElephantsState, World

__all__ = [
    "LIMITS",
    "SETS",
    "SPELLS",
    "STATES",
    "Board",
    "Spell",
    "board",
    "can_advance",
    "can_cancel",
    "can_move",
    "clap_targets",
    "clash_summary",
    "effect",
    "end_of_round",
    "new_game",
    "next_clash",
    "optional_effect",
    "order",
    "parse_board",
    "parse_round",
    "parse_spell",
    "play_round",
    "resolve_clash",
    "roman",
    "spell_name",
    "spells_table",
]

_RULESET = _rules("elephants")
_DATA: Mapping[str, Any] = _RULESET.data

#: The game's numbers: clashes per round, priorities, Accelerator's speed-up, Clap's threshold, hand sizes.
LIMITS: Mapping[str, Any] = _DATA["limits"]
#: Every spell of the card list (see ``[card_list]`` in the data): set, priority, types, advance icon, numbers.
SPELLS: Mapping[str, Mapping[str, Any]] = _DATA["spells"]
#: Which version of the prototype's card list the spell data follows, with its date.
CARD_LIST: Mapping[str, str] = _DATA["card_list"]


def _sets() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for name, data in SPELLS.items():
        found.setdefault(data["set"], []).append(name)
    return {k: tuple(v) for k, v in found.items()}


#: The elephants' spell sets in card-list order: the set's name (its element) and its spells.
SETS: Mapping[str, tuple[str, ...]] = _sets()
#: A spell's states on the board.
STATES: tuple[str, ...] = ("active", "cancelled", "moved")

_CLASHES: int = LIMITS["clashes"]
_ROMAN = ("I", "II", "III", "IV", "V", "VI")
_A = LIMITS["advance_priority"]
_PLAYER = re.compile(r"^P([1-9])$")


def roman(clash: int) -> str:
    """A clash number as the game writes it.

    Examples:
        >>> roman(4)
        'IV'
    """
    return _ROMAN[clash - 1]


def spell_name(name: str) -> str:
    """The spell called ``name`` (any case); a near miss suggests the closest.

    Examples:
        >>> spell_name("Stupefy")
        'stupefy'
        >>> spell_name("stupify")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown spell 'stupify' (did you mean 'stupefy'?); accepted: fireball, ...
    """
    return lookup("spell", name, SPELLS)


def _player(name: object) -> str:
    text = str(name).strip().upper()
    if not _PLAYER.match(text):
        given = shown(name, 40)
        raise InvalidInputError(f"unknown player {given!r}; players are written P1, P2, ... P9 in seating order")
    return text


def _clash_number(text: str | int) -> int:
    value = str(text).strip().upper()
    if value in _ROMAN[:_CLASHES]:
        return _ROMAN.index(value) + 1
    accepted = f"a round has clashes 1 to {_CLASHES} (I to {roman(_CLASHES)})"
    try:
        return number(text if isinstance(text, int) else value, "a clash", low=1, high=_CLASHES)
    except InvalidInputError:
        given = shown(text, 40)
        raise InvalidInputError(f"unknown clash {given!r}; {accepted}") from None


# ---------------------------------------------------------------- the board


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell on the board: its owner, its name, the clash it sits in, and its state.

    ``moved_to`` is the clash a moved spell was sent to; ``resolved`` says it has already resolved in this
    clash; ``advanced`` counts its own advances this round; ``hit`` says whether its main effect succeeded
    (``None``: not stated, worked out from the board where needed); ``taken`` says its owner took it from
    the player who drafted its set (through Sap, Shrine or Daybreak).
    """

    owner: str
    name: str
    clash: int
    state: str = "active"
    moved_to: int | None = None
    resolved: bool = False
    advanced: int = 0
    hit: bool | None = None
    taken: bool = False

    @property
    def ref(self) -> str:
        """How the spell is named: ``P1:stupefy``."""
        return f"{self.owner}:{self.name}"

    @property
    def priority(self) -> int | str:
        """The printed priority: 1 to 5, or ``"A"``."""
        return SPELLS[self.name]["priority"]

    @property
    def types(self) -> tuple[str, ...]:
        """The spell's types (attack, remedy, boost, response), from the card list."""
        return tuple(SPELLS[self.name]["types"])

    @property
    def advance(self) -> str:
        """The spell's advance icon: ``self``, ``self-once``, ``self-if-hit``, ``friendly-if-hit`` or ``""``."""
        return SPELLS[self.name]["advance"]

    def __str__(self) -> str:
        flags = "" if self.state == "active" else f"/{self.state}"
        if self.moved_to:
            flags += f"={self.moved_to}"
        return self.ref + flags

    def to_dict(self) -> dict[str, Any]:
        """The spell as JSON-ready data."""
        return {
            "spell": self.ref,
            "clash": self.clash,
            "state": self.state,
            "priority": self.priority,
            "moved_to": self.moved_to,
        }


@dataclass(frozen=True, slots=True)
class Board:
    """The spells of one round and where the round stands: the current clash, the turn order, health.

    The round's four clashes hold its spells: past clashes their past spells, the current clash the spells
    in play, later clashes the spells that advanced or were moved there.

    ``history`` lists spells that resolved earlier this round and are no longer on view (for response
    spells); ``health`` holds players' health where it matters (5 otherwise); ``invulnerable`` the
    players who lost a trunk this round; ``hands`` and ``piles`` the spells in players' hands and discard
    piles, where a spell's effect needs them (Illuminate, Quake, Surge, Shrine...).

    Examples:
        >>> print(board("P1:gravitate@1 P2:root@1/moved=3 P1:clap P2:absorb/cancelled P2:punishment/moved=4", clash=2))
        Clash I (past): P1:gravitate, P2:root (moved to III)
        Clash II (current): P1:clap, P2:absorb (cancelled), P2:punishment (moved to IV)
        Clash III (to come): P2:root (moved here from I)
        Clash IV (to come): P2:punishment (moved here from II)
        Turn order: P1, P2
    """

    spells: tuple[Spell, ...]
    current: int = 1
    ringleader: str = "P1"
    players: int = 2
    history: tuple[str, ...] = ()
    health: Mapping[str, int] = field(default_factory=dict)
    invulnerable: frozenset[str] = frozenset()
    options: Options = field(default_factory=lambda: _RULESET.options())
    seats: tuple[str, ...] = ()
    hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    piles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    max_health: Mapping[str, int] = field(default_factory=dict)

    @property
    def turn_order(self) -> tuple[str, ...]:
        """Players in turn order, from the Ringleader round the table (seats P1, P2, ... unless given).

        Examples:
            >>> board("P1:root P3:clap", ringleader="P2").turn_order
            ('P2', 'P3', 'P1')
            >>> board("P1:root P3:clap", turn_order="P3 P1 P2").turn_order
            ('P3', 'P1', 'P2')
        """
        seats = list(self.seats) or [f"P{n}" for n in range(1, self.players + 1)]
        start = seats.index(self.ringleader)
        return tuple(seats[start:] + seats[:start])

    def spell(self, ref: str) -> Spell:
        """The spell named ``OWNER:NAME``; an unknown one lists the spells on the board."""
        owner, _, name = ref.partition(":")
        key = f"{_player(owner)}:{spell_name(name.split('/')[0].split('@')[0])}" if name else ref
        for s in self.spells:
            if s.ref == key:
                return s
        raise UnknownNameError("spell on the board", ref, [s.ref for s in self.spells])

    def here(self) -> list[Spell]:
        """The spells of the current clash, active or not (moved spells included), in the order given."""
        return [s for s in self.spells if s.clash == self.current]

    def active(self, owner: str | None = None) -> list[Spell]:
        """The active spells of the current clash (of one owner, if given)."""
        return [s for s in self.here() if s.state == "active" and (owner is None or s.owner == owner)]

    def enemies(self, owner: str) -> list[str]:
        """The other players, in turn order."""
        return [p for p in self.turn_order if p != owner]

    def health_of(self, player: str) -> int:
        """A player's health (the starting 5 unless given)."""
        return self.health.get(player, LIMITS["health"])

    def __str__(self) -> str:
        lines = []
        for n in range(1, _CLASHES + 1):
            when = "past" if n < self.current else "current" if n == self.current else "to come"
            here = [s for s in self.spells if s.clash == n]
            here += [s for s in self.spells if s.moved_to == n]
            names = []
            for s in here:
                if s.moved_to == n:
                    names.append(f"{s.ref} (moved here from {roman(s.clash)})")
                elif s.state == "moved":
                    names.append(f"{s.ref} (moved to {roman(s.moved_to or n)})")
                else:
                    names.append(s.ref + (f" ({s.state})" if s.state != "active" else ""))
            lines.append(f"Clash {roman(n)} ({when}): {', '.join(names) or '-'}")
        lines.append(f"Turn order: {', '.join(self.turn_order)}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The board as JSON-ready data."""
        return {
            "clash": self.current,
            "turn_order": list(self.turn_order),
            "spells": [s.to_dict() for s in self.spells],
            "history": list(self.history),
        }


def parse_spell(token: str, clash: int = 1) -> Spell:
    """Read one spell in the notation ``OWNER:NAME[@CLASH][/FLAG...]``.

    Examples:
        >>> s = parse_spell("P2:break/cancelled", clash=2)
        >>> s.owner, s.name, s.clash, s.state
        ('P2', 'break', 2, 'cancelled')
        >>> parse_spell("P2:break/taken").taken
        True
        >>> parse_spell("P1:slumber@1/advanced", clash=3).clash
        1
        >>> parse_spell("P1:stupefy/frozen")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown spell flag 'frozen'; accepted: cancelled, moved=N, resolved, ...
    """
    text = token.strip()
    owner, sep, rest = text.partition(":")
    if not sep or not rest:
        raise InvalidInputError(f"cannot read the spell {token!r}; write OWNER:NAME, e.g. P1:stupefy")
    name, *flags = rest.split("/")
    name, at, where = name.partition("@")
    spell = Spell(_player(owner), spell_name(name), _clash_number(where) if at else clash)
    for flag in flags:
        key, eq, value = flag.strip().lower().partition("=")
        if key == "cancelled" and not eq:
            spell = replace(spell, state="cancelled")
        elif key == "moved" and eq:
            spell = replace(spell, state="moved", moved_to=_clash_number(value))
        elif key == "resolved" and not eq:
            spell = replace(spell, resolved=True)
        elif key == "advanced" and not eq:
            spell = replace(spell, advanced=spell.advanced + 1)
        elif key in ("hit", "miss") and not eq:
            spell = replace(spell, hit=key == "hit")
        elif key == "taken" and not eq:
            spell = replace(spell, taken=True)
        else:
            accepted = ["cancelled", "moved=N", "resolved", "advanced", "hit", "miss", "taken"]
            raise UnknownNameError("spell flag", flag, accepted)
    if spell.moved_to is not None and spell.moved_to <= spell.clash:
        raise InvalidInputError(
            f"{spell.ref} sits in Clash {roman(spell.clash)}: it can only have been moved to a later clash"
        )
    return spell


def board(
    spells: str | Iterable[str | Spell],
    clash: int | str = 1,
    ringleader: str | None = None,
    players: int | None = None,
    history: Iterable[str] = (),
    health: Mapping[str, int] | None = None,
    invulnerable: Iterable[str] = (),
    options: Mapping[str, object] | Options | None = None,
    turn_order: str | Iterable[str] | None = None,
    hands: Mapping[str, Iterable[str]] | None = None,
    piles: Mapping[str, Iterable[str]] | None = None,
    max_health: Mapping[str, int] | None = None,
) -> Board:
    """Set up a round's board from spells in the notation of [`parse_spell`][rulebook.elephants.parse_spell].

    ``clash`` is the current clash; spells are placed in it unless they say ``@N``. The number of
    players is the highest player named (at least 2) unless given. Turn order runs from the Ringleader
    round the seats P1, P2, ...; ``turn_order`` gives it outright instead (Ringleader first). ``hands``
    and ``piles`` give the spells in players' hands and discard piles (``{"P2": ["fireball"]}``), ``max_health``
    players' maximum health where it is not the starting 5.

    A board that no game can reach is refused, with the rule that forbids it: a spell given twice, or
    two spells of one elephant's set given to different players (a set is drafted whole by one player).

    Examples:
        >>> b = board("P1:clap P2:fireball P2:nourish P3:root", clash="II", ringleader="P3")
        >>> b.current, b.turn_order, [s.ref for s in b.active("P2")]
        (2, ('P3', 'P1', 'P2'), ['P2:fireball', 'P2:nourish'])
        >>> board("P1:clap P1:clap")
        Traceback (most recent call last):
        ...
        rulebook.errors.IllegalActionError: P1:clap is given twice; every card exists once...
        >>> board("P1:clap P2:stupefy")
        Traceback (most recent call last):
        ...
        rulebook.errors.IllegalActionError: P1:clap and P2:stupefy are both of the Thunder set...
    """
    current = _clash_number(clash)
    tokens = spells.split() if isinstance(spells, str) else list(spells)
    if len(tokens) > _MAX_SPELLS:
        raise InvalidInputError(f"a board of {len(tokens)} spells is too many; every card exists once, so at most 58")
    parsed = [t if isinstance(t, Spell) else parse_spell(t, current) for t in tokens]
    for s in parsed:
        if s.clash > current and (s.state != "active" or s.resolved or s.hit is not None):
            raise InvalidInputError(
                f"{s.ref} waits in Clash {roman(s.clash)}, after the current Clash {roman(current)}: it has not been "
                "cast yet, so it cannot be cancelled, moved, resolved, hit or missed"
            )
    held = {_player(p): tuple(spell_name(n) for n in names) for p, names in (hands or {}).items()}
    piled = {_player(p): tuple(spell_name(n) for n in names) for p, names in (piles or {}).items()}
    _check_cards(
        [(s.owner, s.name, s.ref, s.taken) for s in parsed]
        + [(p, n, f"{p}'s hand: {n}", False) for p, names in held.items() for n in names]
        + [(p, n, f"{p}'s pile: {n}", False) for p, names in piled.items() for n in names]
    )
    lead = _player(ringleader or "P1")
    seats: tuple[str, ...] = ()
    if turn_order is not None:
        given = turn_order.replace(",", " ").split() if isinstance(turn_order, str) else list(turn_order)
        if len(given) > 9:
            raise InvalidInputError(f"a turn order names 2 to 9 players, not {len(given)}")
        seats = tuple(_player(p) for p in given)
        if len(seats) < 2:
            raise InvalidInputError(
                f"a turn order names 2 to 9 players, Ringleader first, not {shown(str(turn_order))!r}"
            )
        expected = [f"P{n}" for n in range(1, len(seats) + 1)]
        if sorted(seats, key=lambda p: int(p[1:])) != expected:
            raise InvalidInputError(
                f"turn order {' '.join(seats)} must name each of {', '.join(expected)} once, Ringleader first"
            )
        if ringleader is not None and lead != seats[0]:
            raise InvalidInputError(f"the turn order starts with {seats[0]}, but the Ringleader is {lead}")
        lead = seats[0]
        if players is not None and players != len(seats):
            raise InvalidInputError(f"the turn order names {len(seats)} players, not {players}")
        players = len(seats)
    levels: dict[str, int] = {}
    for who, value in (health or {}).items():
        name = _player(who)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(
                f"health of {name} must be a whole number of at least 1, not {shown(repr(value))} "
                "(at 0 a trunk is lost at once)"
            )
        levels[name] = number(value, f"health of {name}", low=1, high=99)
    maxima: dict[str, int] = {}
    for who, value in (max_health or {}).items():
        name = _player(who)
        maxima[name] = number(value, f"maximum health of {name}", low=1, high=99)
        if levels.get(name, LIMITS["health"]) > maxima[name]:
            raise InvalidInputError(
                f"health of {name} ({levels.get(name, LIMITS['health'])}) is above their maximum ({maxima[name]})"
            )
    out = frozenset(_player(p) for p in invulnerable)
    named = [int(p[1:]) for p in [lead, *(s.owner for s in parsed), *levels, *maxima, *out, *held, *piled]]
    if players is not None:
        number(players, "the number of players", low=2, high=9)
    count = players if players is not None else max([2, *named])
    if count < max(named) or not 2 <= count <= 9:
        raise InvalidInputError(f"{count} players cannot include P{max(named)}; give 2 to 9 players")
    history = tuple(history)
    if len(history) > _MAX_SPELLS:
        raise InvalidInputError(f"{len(history)} spells resolved earlier is too many; at most {_MAX_SPELLS}")
    for ref in history:
        parse_spell(ref)  # validates the names
    for s in parsed:
        if s.owner in out:
            raise InvalidInputError(
                f"{s.ref}: {s.owner} lost a trunk this round, so their spells left the board and they cast no more"
            )
    opts = options if isinstance(options, Options) else _RULESET.options(options)
    return Board(
        spells=tuple(parsed),
        current=current,
        ringleader=lead,
        players=count,
        seats=seats,
        history=history,
        health=levels,
        invulnerable=out,
        options=opts,
        hands=held,
        piles=piled,
        max_health=maxima,
    )


_MAX_SPELLS = len(SPELLS)


def _check_cards(cards: Sequence[tuple[str, str, str, bool]]) -> None:
    """Refuse cards no game can hold: one spell twice, or one set split between players (unless taken)."""
    seen: dict[str, str] = {}
    drafter: dict[str, tuple[str, str]] = {}
    for owner, name, label, taken in cards:
        if name in seen:
            where = seen[name]
            twice = f"{label} is given twice" if where == label else f"{where} and {label} name the same spell"
            raise IllegalActionError(
                f"{twice}; every card exists once, so no spell can be in two places",
                ["elephants.interp.one-copy", "elephants.base.sets"],
            )
        seen[name] = label
        if taken:
            continue
        kind = SPELLS[name]["set"]
        if kind in drafter and drafter[kind][0] != owner:
            raise IllegalActionError(
                f"{drafter[kind][1]} and {label} are both of the {kind} set, which one player drafts whole: "
                f"a board cannot give them to two players (write {label}/taken for a spell its owner took "
                "from the drafter through Sap, Shrine or Daybreak)",
                ["elephants.interp.board-sets", "elephants.base.setup"],
            )
        drafter.setdefault(kind, (owner, label))


_PLAYERS_SHAPE = Opt(Int(2, 9))
_HEALTH_SHAPE = Opt(MapOf(Int(1, 99), most=9))
_OPTIONS_SHAPE = Opt(MapOf(str, most=20))
_TURN_SHAPE = Opt(ListOf(str, most=9))
_CLASH_SHAPE = Opt((Int(1, _CLASHES), Choice(*_ROMAN[:_CLASHES])))
#: What a round file may hold, checked before use (see [`parse_board`][rulebook.elephants.parse_board]).
BOARD_SHAPE: Mapping[str, Any] = {
    "clash": _CLASH_SHAPE,
    "ringleader": Opt(str),
    "turn_order": _TURN_SHAPE,
    "players": _PLAYERS_SHAPE,
    "spells": Opt(ListOf(str, most=len(SPELLS))),
    "resolved_earlier": Opt(ListOf(str, most=len(SPELLS))),
    "invulnerable": Opt(ListOf(str, most=9)),
    "health": _HEALTH_SHAPE,
    "max_health": _HEALTH_SHAPE,
    "options": _OPTIONS_SHAPE,
    "hands": Opt(MapOf(ListOf(str, most=len(SPELLS)), most=9)),
    "piles": Opt(MapOf(ListOf(str, most=len(SPELLS)), most=9)),
}
#: What a round plan may hold, checked before use (see [`parse_round`][rulebook.elephants.parse_round]).
ROUND_SHAPE: Mapping[str, Any] = {
    "ringleader": Opt(str),
    "turn_order": _TURN_SHAPE,
    "players": _PLAYERS_SHAPE,
    "health": _HEALTH_SHAPE,
    "options": _OPTIONS_SHAPE,
    "clash": Opt(ListOf({"spells": Opt(ListOf(str, most=9)), "choose": Opt(MapOf(str, most=36))}, most=_CLASHES)),
}


def parse_board(text: str, where: str = "the round file") -> Board:
    """Read a round file (TOML): ``clash``, ``ringleader`` or ``turn_order``, ``players``, ``spells``,
    ``resolved_earlier``, ``invulnerable``, and tables ``[health]``, ``[max_health]``, ``[options]``,
    ``[hands]`` and ``[piles]``.

    The file's data is checked against ``BOARD_SHAPE`` before use: a value of the
    wrong type is one line naming the key and what it must be.

    Examples:
        >>> b = parse_board('clash = 3\\nspells = ["P1:turbulence"]\\nresolved_earlier = ["P2:stupefy"]')
        >>> b.current, b.history
        (3, ('P2:stupefy',))
        >>> parse_board('clash = 3\\nspels = []')
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: the round file: unknown key 'spels' (did you mean 'spells'?); accepted: ...
        >>> parse_board('players = "three"')
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: the round file: players must be a whole number from 2 to 9, not 'three'
    """
    raw = check_shape(parse_toml(text, where), BOARD_SHAPE, where)
    return board(
        raw.get("spells", []),
        clash=raw.get("clash", 1),
        ringleader=raw.get("ringleader"),
        players=raw.get("players"),
        history=raw.get("resolved_earlier", []),
        health=raw.get("health"),
        invulnerable=raw.get("invulnerable", []),
        options=raw.get("options"),
        turn_order=raw.get("turn_order"),
        hands=raw.get("hands"),
        piles=raw.get("piles"),
        max_health=raw.get("max_health"),
    )


# ---------------------------------------------------------------- the checks


def _inactive_reason(b: Board, s: Spell) -> tuple[str, str] | None:
    """Why a spell of the current clash is not active, with the rule that says so; ``None`` if active."""
    if s.state == "cancelled":
        return f"{s.ref} is cancelled: still on view, but not active for anything", "elephants.cancelled.visible"
    if s.state == "moved":
        return (
            f"{s.ref} was moved to Clash {roman(s.moved_to or b.current)}: it does not resolve or advance here",
            "elephants.moved.not-here",
        )
    if s.clash > b.current:
        return (
            f"{s.ref} waits in Clash {roman(s.clash)}: it is not active until that clash comes",
            "elephants.base.advance",
        )
    if s.clash != b.current:
        return f"{s.ref} is a past spell (Clash {roman(s.clash)}), not active", "elephants.interp.active"
    return None


def _protected(b: Board, target: Spell, by_owner: str) -> Spell | None:
    """The Root that shields ``target`` from ``by_owner``'s cancel, recall or discard, if any."""
    if target.owner == by_owner or target.name == "root" or target.clash != b.current:
        return None
    for s in b.active(target.owner):
        if s.name == "root":
            return s
    return None


def _accelerated(b: Board, s: Spell) -> tuple[int | str, Spell | None]:
    """The priority ``s`` resolves at, and the Accelerator that changed it."""
    printed = s.priority
    if printed == _A or s.name == "accelerator":
        return printed, None
    for acc in b.active(s.owner):
        if acc.name == "accelerator":
            faster = max(LIMITS["accelerator_floor"], int(printed) - LIMITS["accelerator_speedup"])
            return faster, acc
    return printed, None


def _pick(b: Board, ref: str | None, name: str) -> Spell:
    """The spell asked about: ``ref`` if given, else the only spell called ``name`` in the current clash."""
    if ref is not None:
        return b.spell(ref)
    found = [s for s in b.here() if s.name == name]
    if not found:
        raise InvalidInputError(f"there is no {name.capitalize()} in the current clash")
    if len(found) > 1:
        raise InvalidInputError(
            f"there are several {name.capitalize()} spells in the current clash; name one of "
            + ", ".join(s.ref for s in found)
        )
    return found[0]


# ---------------------------------------------------------------- resolution order


def order(b: Board) -> Ruling:
    """The order in which the spells of the current clash resolve, with the reason for each place.

    Ascending priority (``A`` last, in the advance phase); Accelerator speeds up its owner's other spells;
    ties between players go by turn order, a player's own ties by the order listed. Cancelled and moved
    spells are named and left out.

    Examples:
        >>> r = order(board("P2:slumber P1:break/cancelled P1:repeater P2:gravitate"))
        >>> r.verdict
        'Clash I resolves: P2:gravitate, P2:slumber; then, in the advance phase: P1:repeater'
        >>> r.value["not_resolving"]
        [{'spell': 'P1:break', 'reason': 'cancelled'}]
    """
    trace = Trace()
    lead = " (P1 is the Ringleader)" if b.ringleader == "P1" else f" ({b.ringleader} is the Ringleader)"
    trace.add(f"Turn order: {', '.join(b.turn_order)}{lead}", "elephants.base.turn-order")
    trace.add(
        f"Clash {roman(b.current)}: its face-up spells resolve by priority, then it advances", "elephants.base.round"
    )
    seat = {p: i for i, p in enumerate(b.turn_order)}
    listed = {s.ref: i for i, s in enumerate(b.spells)}
    entries: list[tuple[Spell, int | str]] = []
    skipped: list[dict[str, str]] = []
    accelerating = False
    for s in b.here():
        why = _inactive_reason(b, s)
        if why:
            trace.add(why[0], why[1])
            skipped.append({"spell": s.ref, "reason": s.state})
            continue
        eff, acc = _accelerated(b, s)
        if acc is not None and not accelerating:
            accelerating = True
            trace.add(
                f"{acc.ref} works from the Cast phase, in this clash only",
                "elephants.interp.accelerator-passive",
            )
        if acc is not None:
            note = f"{eff} with {s.owner}'s Accelerator" if eff != s.priority else f"already {eff}, the fastest"
            trace.add(f"{s.ref} has priority {s.priority}, {note}", "elephants.order.accelerator")
        elif s.name == "accelerator" and any(o.name != "accelerator" for o in b.active(s.owner)):
            trace.add(f"{s.ref} has priority {s.priority}; it does not speed itself up", "elephants.order.accelerator")
        elif eff == _A:
            trace.add(f"{s.ref} has priority A: it acts in the advance phase", "elephants.base.priority-advance")
            if any(x.name == "accelerator" for x in b.active(s.owner)):
                trace.add(f"{s.owner}'s Accelerator does not change priority A", "elephants.interp.accelerator-passive")
            if s.name == "repeater":
                trace.add(
                    "Repeater's priority is A, not the 5 of one card-list version", "elephants.interp.repeater-priority"
                )
        else:
            trace.add(f"{s.ref} has priority {eff}", "elephants.base.spells")
        entries.append((s, eff))

    def key(item: tuple[Spell, int | str]) -> tuple[int, int, int]:
        s, eff = item
        return (99 if eff == _A else int(eff), seat[s.owner], listed[s.ref])

    entries.sort(key=key)
    resolving = [(s, e) for s, e in entries if e != _A]
    later = [(s, e) for s, e in entries if e == _A]
    if resolving:
        trace.add("Priority 1 first, up to 5", "elephants.base.priority")
        trace.add("Not highest first, as the prototype's README has it", "elephants.erratum.priority-direction")
    # Explain each tie between neighbours of the same priority.
    for (s1, e1), (s2, e2) in itertools.pairwise(entries):
        if e1 != e2:
            continue
        if s1.owner == s2.owner:
            trace.add(f"{s1.ref} and {s2.ref} both at {e1}: {s1.owner} chooses their order", "elephants.order.own-ties")
            trace.add(f"{s1.owner}'s choice is taken as the order listed", "elephants.interp.listed-order")
        else:
            trace.add(
                f"{s1.ref} before {s2.ref}, both at {e1}: {s1.owner} is earlier in turn order",
                "elephants.base.priority-tie",
            )
    verdict = f"Clash {roman(b.current)} resolves: " + (", ".join(s.ref for s, _ in resolving) or "nothing")
    if later:
        verdict += "; then, in the advance phase: " + ", ".join(s.ref for s, _ in later)
    value = {
        "clash": b.current,
        "turn_order": list(b.turn_order),
        "order": [
            {"spell": s.ref, "priority": s.priority, "effective": e, "phase": "advance" if e == _A else "resolve"}
            for s, e in entries
        ],
        "not_resolving": skipped,
    }
    return trace.ruling(verdict, value)


# ---------------------------------------------------------------- advancing


def _hit(b: Board, s: Spell, trace: Trace) -> bool:
    """Whether Clap, Enfeeble or Encumber's main effect succeeded: as stated, or worked out from the board."""
    if s.hit is not None:
        return s.hit
    if s.name == "encumber":
        foes = [e for e in b.enemies(s.owner) if any("remedy" in x.types for x in b.active(e))]
        trace.add(
            f"{s.ref}'s result is not given; from the board it "
            + (f"cancels the spells of {', '.join(foes)}" if foes else "cancels nothing: no enemy has a remedy spell"),
            "elephants.spell.encumber",
        )
        return bool(foes)
    if s.name == "clap":
        targets = _clap_choices(b, s)
        trace.add(
            f"{s.ref}'s result is not given; from the board it {'cancels' if targets else 'cancels nothing'}"
            + (f" (an enemy spell of {', '.join(targets)})" if targets else ": no enemy has two or more active spells"),
            "elephants.clap.targets",
        )
        return bool(targets)
    hurt = _enfeeble_victims(b, s)
    trace.add(
        f"{s.ref}'s result is not given; from the board it damages "
        + (", ".join(hurt) if hurt else "no one: no enemy who can be harmed has an active boost spell"),
        "elephants.interp.enfeeble-hits",
    )
    return bool(hurt)


def can_advance(b: Board, ref: str, by: str | None = None) -> Ruling:
    """Can this spell advance now, by its own advance icon or (``by``) through another spell?

    Examples:
        >>> can_advance(board("P1:slumber/advanced", clash=2), "P1:slumber").verdict
        'P1:slumber cannot advance: it has already advanced itself this round'
        >>> can_advance(board("P1:starfall P2:break", clash=2), "P1:starfall").legal
        False
        >>> can_advance(board("P2:starfall P2:break", clash=2), "P2:starfall").legal
        True
    """
    s = b.spell(ref)
    trace = Trace()
    mover = b.spell(by) if by else None
    if mover is not None and mover.name != "clap":
        raise InvalidInputError(
            f"--by names Clap, whose success advances its owner's spells; {mover.ref} is not a Clap (Repeater, "
            "Gust, Seed and Blow advance other spells when a clash is played out: rulebook elephants resolve)"
        )

    def no(reason: str, rule: str, *more: tuple[str, str], short: str | None = None) -> Ruling:
        trace.add(reason, rule)
        for text, extra in more:
            trace.add(text, extra)
        text = short or (f"it {reason.removeprefix(s.ref + ' ')}" if reason.startswith(s.ref + " ") else reason)
        verdict = f"{s.ref} cannot advance: {text}"
        return trace.ruling(verdict, {"spell": s.ref, "can": False}, False)

    why = _inactive_reason(b, s)
    if why:
        short = {"cancelled": "it is cancelled", "moved": f"it was moved to Clash {roman(s.moved_to or 1)}"}
        later = f"it waits in Clash {roman(s.clash)}, not yet active"
        return no(why[0], why[1], short=short.get(s.state, later if s.clash > b.current else "it is a past spell"))
    if b.current >= _CLASHES:
        return no(
            f"{s.ref} is in Clash {roman(_CLASHES)}: nothing advances beyond it",
            "elephants.base.advance",
            short=f"nothing advances beyond Clash {roman(_CLASHES)}",
        )

    def broken() -> Ruling | None:
        for brk in b.active():
            if brk.name == "break" and brk.owner != s.owner:
                return no(
                    f"{brk.ref} is active: no spell of {brk.owner}'s enemies can advance",
                    "elephants.break.stops-enemies",
                    (f"{brk.ref} is face up and not cancelled in the current clash", "elephants.interp.break-scope"),
                )
        return None

    if mover is None:
        kind = s.advance
        if not kind:
            return no(
                f"{s.ref} has no advance icon: it does not advance itself",
                "elephants.base.advance-icon",
                short="it has no advance icon",
            )
        if kind == "self-once" and s.advanced >= LIMITS["self_advances_per_round"]:
            return no(f"{s.ref} has already advanced itself this round", "elephants.advance.self-once")
        stopped = broken()
        if stopped:
            return stopped
        if kind == "friendly-if-hit":
            if not _hit(b, s, trace):
                return no(
                    f"{s.ref} cancelled no enemy spell, so it advances nothing",
                    "elephants.advance.clap-if-cancelled",
                    short="it cancelled no enemy spell",
                )
            trace.add(
                f"{s.ref} cancelled an enemy spell, so it advances its owner's spells",
                "elephants.advance.clap-if-cancelled",
            )
            trace.add(f"{s.ref} is one of its owner's active spells", "elephants.interp.clap-advances-all")
        elif kind == "self-if-hit":
            if not _hit(b, s, trace):
                return no(
                    f"{s.ref} damaged no enemy, so it does not advance",
                    "elephants.advance.enfeeble-if-damaged",
                    short="it damaged no enemy",
                )
            trace.add(f"{s.ref} damaged an enemy, so it advances", "elephants.advance.enfeeble-if-damaged")
        elif kind == "self-unless-hit":
            if _hit(b, s, trace):
                return no(
                    f"{s.ref} cancelled spells, so it does not advance",
                    "elephants.spell.encumber",
                    short="it cancelled spells",
                )
            trace.add(f"{s.ref} cancelled nothing, so it advances", "elephants.spell.encumber")
        elif kind == "self-once":
            needs = SPELLS[s.name].get("advance_needs")
            if needs == "another-own-active" and len(b.active(s.owner)) < 2:
                return no(
                    f"{s.ref} advances only while {s.owner} has another active spell in the clash",
                    "elephants.public.nightglow-card",
                    short=f"{s.owner} has no other active spell in the clash",
                )
            if needs == "discard-own-active":
                if len(b.active(s.owner)) < 2:
                    return no(
                        f"{s.ref} advances only by discarding another active spell of {s.owner}, and there is none",
                        "elephants.spell.bolts",
                        short=f"{s.owner} has no other active spell to discard",
                    )
                trace.add(f"{s.owner} must discard another of their active spells for it", "elephants.spell.bolts")
            trace.add(f"{s.ref} advances itself at most once a round, and has not yet", "elephants.advance.self-once")
        else:
            if SPELLS[s.name].get("advance_needs") == "another-attack-active":
                attacks = [x for x in b.active() if x is not s and "attack" in x.types]
                if not attacks:
                    return no(
                        f"{s.ref} advances only while another attack spell is active in the clash",
                        "elephants.spell.bedim",
                        short="no other attack spell is active",
                    )
                trace.add(f"{attacks[0].ref} is another active attack spell", "elephants.spell.bedim")
            trace.add(f"{s.ref} has the advance icon", "elephants.base.advance-icon")
    else:
        why = _inactive_reason(b, mover)
        if why:
            return no(why[0], why[1])
        if mover.owner != s.owner:
            return no(
                f"{mover.ref} advances only its owner's spells, not {s.ref}", "elephants.interp.clap-advances-all"
            )
        stopped = broken()
        if stopped:
            return stopped
        if not _hit(b, mover, trace):
            return no(
                f"{mover.ref} cancelled no enemy spell, so it advances nothing",
                "elephants.advance.clap-if-cancelled",
                short=f"{mover.ref} cancelled no enemy spell",
            )
        trace.add(
            f"{mover.ref} cancelled an enemy spell and advances its owner's active spells",
            "elephants.advance.clap-if-cancelled",
        )
        trace.add(f"{s.ref} is one of {s.owner}'s active spells", "elephants.interp.clap-advances-all")
        if s.advance == "self-once" and s.advanced:
            trace.add(
                f"{s.ref} has used its one self-advance, but this advance is Clap's, not its own",
                "elephants.advance.self-once",
            )
    target = b.current + 1
    trace.add(f"{s.ref} moves on to Clash {roman(target)}", "elephants.base.advance")
    verdict = f"{s.ref} can advance to Clash {roman(target)}"
    return trace.ruling(verdict, {"spell": s.ref, "can": True, "to": target}, True)


# ---------------------------------------------------------------- moving (Gravitate)


def can_move(b: Board, ref: str, to: int | str, by: str | None = None) -> Ruling:
    """Can Gravitate (``by``, or the only Gravitate in the clash) move this spell to clash ``to``?

    Examples:
        >>> b = board("P1:gravitate P2:stupefy P2:root", clash=2)
        >>> can_move(b, "P2:stupefy", 4).verdict
        'P1:gravitate can move P2:stupefy from Clash II to Clash IV'
        >>> can_move(b, "P2:stupefy", 2).verdict
        'P1:gravitate cannot move P2:stupefy to Clash II: only to a later clash than II'
    """
    dest = _clash_number(to)
    s = b.spell(ref)
    grav = _pick(b, by, "gravitate")
    trace = Trace()
    value: dict[str, Any] = {"spell": s.ref, "by": grav.ref, "to": dest}

    def no(reason: str, rule: str) -> Ruling:
        trace.add(reason, rule)
        return trace.ruling(
            f"{grav.ref} cannot move {s.ref} to Clash {roman(dest)}: {reason}", {**value, "can": False}, False
        )

    if grav.name != "gravitate":
        raise InvalidInputError(f"{grav.ref} does not move spells; Gravitate does")
    why = _inactive_reason(b, grav)
    if why:
        return no(why[0], why[1])
    if b.current >= _CLASHES:
        return no(
            f"this is Clash {roman(_CLASHES)}, and no clash comes after it", "elephants.gravitate.not-in-clash-iv"
        )
    if s is grav:
        return no("Gravitate does not move itself", "elephants.interp.gravitate-targets")
    if s.clash != b.current:
        when = "a past clash" if s.clash < b.current else "a later clash"
        return no(
            f"{s.ref} is in Clash {roman(s.clash)}, {when}; only spells of the current clash move",
            "elephants.gravitate.current-to-future",
        )
    why = _inactive_reason(b, s)
    if why:
        return no(why[0].split(": ", 1)[0], why[1])
    if dest <= b.current:
        return no(f"only to a later clash than {roman(b.current)}", "elephants.gravitate.current-to-future")
    trace.add(
        f"{s.ref} is active in the current Clash {roman(b.current)}; Clash {roman(dest)} is later, and the "
        "player chooses which later clash",
        "elephants.gravitate.current-to-future",
    )
    whose = "its owner's own" if s.owner == grav.owner else "an enemy's"
    trace.add(
        f"{s.ref} is {whose} spell; Gravitate may move any active spell but itself",
        "elephants.interp.gravitate-targets",
    )
    root = _protected(b, s, grav.owner)
    brk = [x for x in b.active() if x.name == "break" and x.owner != s.owner]
    if root or brk:
        shield = " and ".join(x.ref for x in [*([root] if root else []), *brk])
        verb = "do" if root and brk else "does"
        trace.add(
            f"{shield} {verb} not stop it: a move is not a cancel, recall, discard or advance",
            "elephants.interp.move-is-not-advance",
        )
    if s.resolved:
        trace.add(
            f"{s.ref} has resolved here already; it resolves again in Clash {roman(dest)}",
            "elephants.interp.gravitate-targets",
        )
    trace.add(f"{s.ref} will not resolve or advance in Clash {roman(b.current)}", "elephants.moved.not-here")
    return trace.ruling(
        f"{grav.ref} can move {s.ref} from Clash {roman(b.current)} to Clash {roman(dest)}",
        {**value, "can": True},
        True,
    )


# ---------------------------------------------------------------- cancelling, Root and Clap


def can_cancel(b: Board, ref: str, by: str) -> Ruling:
    """Can the spell ``by`` cancel (or recall, or discard) the spell ``ref``? Root shields its owner's other spells.

    Examples:
        >>> b = board("P1:clap P2:root P2:offering")
        >>> can_cancel(b, "P2:offering", "P1:clap").verdict
        'P1:clap cannot cancel P2:offering: P2:root shields it'
        >>> can_cancel(b, "P2:root", "P1:clap").legal
        True
    """
    s, src = b.spell(ref), b.spell(by)
    trace = Trace()
    value = {"spell": s.ref, "by": src.ref}
    why = _inactive_reason(b, s)
    if why:
        trace.add(why[0], why[1])
        return trace.ruling(f"{src.ref} cannot cancel {s.ref}: it is not active", {**value, "can": False}, False)
    root = _protected(b, s, src.owner)
    if root is not None:
        trace.add(
            f"{root.ref} is active: {s.owner}'s other spells in this clash cannot be cancelled by enemies",
            "elephants.root.protects",
        )
        return trace.ruling(f"{src.ref} cannot cancel {s.ref}: {root.ref} shields it", {**value, "can": False}, False)
    if s.name == "root":
        trace.add(f"{s.ref} does not shield itself", "elephants.root.protects")
    elif s.owner == src.owner:
        trace.add(f"{s.ref} is {src.owner}'s own spell: Root only shields against enemies", "elephants.root.protects")
    else:
        trace.add(f"no active Root of {s.owner} in this clash shields {s.ref}", "elephants.root.protects")
    trace.add(f"once cancelled, {s.ref} stays on view but is no longer active", "elephants.cancelled.visible")
    return trace.ruling(f"{src.ref} can cancel {s.ref}", {**value, "can": True}, True)


def _clap_choices(b: Board, clap: Spell) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for enemy in b.enemies(clap.owner):
        spells = b.active(enemy)
        if len(spells) >= LIMITS["clap_min_active"] and enemy not in b.invulnerable:
            found[enemy] = [x.ref for x in spells if _protected(b, x, clap.owner) is None]
    return found


def clap_targets(b: Board, ref: str | None = None) -> Ruling:
    """Which spells Clap may cancel: one of each enemy with two or more active spells, Root permitting.

    Examples:
        >>> b = board("P1:clap P2:offering P2:ritual P2:starfall P3:gravitate P3:root")
        >>> r = clap_targets(b)
        >>> r.verdict
        'P1:clap cancels one spell of P2 (one of P2:offering, P2:ritual, P2:starfall) and one of P3 (P3:root)'
        >>> r.value["targets"]["P3"]
        ['P3:root']
    """
    clap = _pick(b, ref, "clap")
    if clap.name != "clap":
        raise InvalidInputError(f"{clap.ref} is not a Clap")
    trace = Trace()
    why = _inactive_reason(b, clap)
    if why:
        trace.add(why[0], why[1])
        return trace.ruling(f"{clap.ref} cancels nothing: it is not active", {"clap": clap.ref, "targets": {}})
    choices = _clap_choices(b, clap)
    threshold = LIMITS["clap_min_active"]
    trace.add("Active spells: face up in this clash, neither cancelled nor moved away", "elephants.interp.active")
    for enemy in b.enemies(clap.owner):
        mine = b.active(enemy)
        gone = [x.ref for x in b.here() if x.owner == enemy and x.state != "active"]
        extra = f" ({', '.join(gone)} not active)" if gone else ""
        if enemy in b.invulnerable:
            trace.add(f"{enemy} lost a trunk this round and cannot be targeted", "elephants.base.health-zero")
        elif enemy in choices:
            trace.add(f"{enemy} has {len(mine)} active spells{extra}: Clap takes one of them", "elephants.clap.targets")
            shielded = [x.ref for x in mine if x.ref not in choices[enemy]]
            if shielded:
                trace.add(
                    f"{', '.join(shielded)} counted, but shielded by {enemy}'s Root; {enemy}:root itself is not",
                    "elephants.interp.clap-count",
                )
                trace.add(f"Root shields {enemy}'s other spells from {clap.owner}'s cancel", "elephants.root.protects")
        else:
            trace.add(
                f"{enemy} has {len(mine)} active spell{'s' if len(mine) != 1 else ''}{extra}, fewer than {threshold}: "
                "not affected",
                "elephants.clap.targets",
            )
    if not choices:
        trace.add(
            f"{clap.ref} cancels nothing, so it will not advance its owner's spells",
            "elephants.advance.clap-if-cancelled",
        )
        verdict = f"{clap.ref} cancels nothing: no enemy has {threshold} or more active spells"
    else:
        parts = [f"{enemy} ({'one of ' if len(c) > 1 else ''}{', '.join(c)})" for enemy, c in choices.items()]
        verdict = f"{clap.ref} cancels one spell of " + " and one of ".join(parts)
        trace.add(
            f"{clap.ref} cancels at least one spell, so it advances its owner's spells",
            "elephants.advance.clap-if-cancelled",
        )
    return trace.ruling(verdict, {"clap": clap.ref, "targets": choices})


# ---------------------------------------------------------------- effects the sheet rules on


def _harmable(b: Board, player: str) -> bool:
    return player not in b.invulnerable


def _enfeeble_victims(b: Board, s: Spell) -> list[str]:
    return [e for e in b.enemies(s.owner) if _harmable(b, e) and any("boost" in x.types for x in b.active(e))]


def _stupefy(b: Board, s: Spell, trace: Trace, announce: bool = True) -> dict[str, Any]:
    amount = SPELLS["stupefy"]["damage"]
    hit = [e for e in b.enemies(s.owner) if any("attack" in x.types for x in b.active(e))]
    health = {}
    trace.add("First effect in full, then the second", "elephants.resolve.effects-in-order")
    for e in hit:
        if not _harmable(b, e):
            trace.add(f"{e} cannot be harmed this round", "elephants.base.health-zero")
            continue
        health[e] = max(0, b.health_of(e) - amount)
        if e not in b.health:
            trace.add(f"{e}'s health is not given: the starting {b.health_of(e)}", "elephants.base.players")
        trace.add(
            f"Damage first: {e} has an active attack spell: {amount} damage, health {b.health_of(e)} to {health[e]}",
            "elephants.resolve.stupefy",
        )
    if not hit:
        trace.add("Damage first: no enemy has an active attack spell", "elephants.resolve.stupefy")
    cancelled, shielded = [], []
    for e in b.enemies(s.owner):
        for x in b.active(e):
            if "attack" not in x.types:
                continue
            root = _protected(b, x, s.owner)
            if root:
                shielded.append(x.ref)
                trace.add(f"Then cancel: {x.ref} is shielded by {root.ref}: not cancelled", "elephants.root.protects")
            else:
                cancelled.append(x.ref)
                trace.add(f"Then cancel: {x.ref} is an enemy attack spell", "elephants.interp.stupefy-cancels-attacks")
    lost = [e for e, h in health.items() if h == 0]
    for e in lost if announce else []:
        trace.add(
            f"Stupefy has finished: {e} is at 0, loses a trunk and discards their spells on the board",
            "elephants.base.health-zero",
        )
    verdict = f"{s.ref} damages {', '.join(health) or 'no one'}, then cancels {', '.join(cancelled) or 'nothing'}" + (
        f"; then {', '.join(lost)} loses a trunk" if lost else ""
    )
    value = {"damaged": health, "cancelled": cancelled, "shielded": shielded, "trunk_lost": lost}
    return {"verdict": verdict, "value": value}


def _turbulence(b: Board, s: Spell, trace: Trace) -> dict[str, Any]:
    rule = b.options["turbulence-condition"]
    # Resolved earlier: named in the history, flagged /resolved, or left active in a past clash (so it
    # resolved there). A past spell cancelled or moved away may not have resolved: it counts if flagged.
    earlier = [
        *b.history,
        *(x.ref for x in b.spells if x is not s and (x.resolved or (x.clash < b.current and x.state == "active"))),
    ]
    if rule == "any-spell":
        seen = bool(earlier)
        trace.add(
            "Spells resolved earlier this round: "
            + (", ".join(earlier) if earlier else "none")
            + " (seen even if no longer on view)",
            "elephants.response.sees-the-round",
            "elephants.public.turbulence-card",
        )
        trace.add(
            "Extra damage if any spell resolved earlier this round (turbulence-condition=any-spell)",
            "elephants.interp.turbulence-condition",
        )
    elif rule == "this-spell":
        seen = s.ref in b.history or any(x.ref == s.ref and x.clash < b.current for x in b.spells) or s.advanced > 0
        trace.add(
            f"Extra damage only if {s.ref} itself resolved in an earlier clash (turbulence-condition=this-spell): "
            + ("it did" if seen else "it did not"),
            "elephants.interp.turbulence-condition",
        )
        trace.add("The reading of the card list of 2025-08-12", "elephants.public.turbulence-card")
    else:
        need = SPELLS["turbulence"]["advances_needed"]
        seen = s.advanced >= need
        trace.add(
            f"Extra damage only once {s.ref} has advanced {need} times (turbulence-condition=advanced-twice): "
            f"it has advanced {s.advanced} time{'s' if s.advanced != 1 else ''}",
            "elephants.interp.turbulence-condition",
        )
        trace.add("The reading of the card list of 2025-09-09", "elephants.public.turbulence-card")
    amount = SPELLS["turbulence"]["damage_if_seen" if seen else "damage"]
    trace.add(f"{s.ref} deals {amount} damage to one enemy or enemy conjury", "elephants.spell.turbulence")
    verdict = f"{s.ref} deals {amount} damage to one enemy" + (" (its stronger effect)" if seen else "")
    return {"verdict": verdict, "value": {"damage": amount, "stronger": seen, "earlier": earlier}}


def _enfeeble(b: Board, s: Spell, trace: Trace) -> dict[str, Any]:
    victims = _enfeeble_victims(b, s)
    amount = SPELLS["enfeeble"]["damage"]
    for e in b.enemies(s.owner):
        boosts = [x.ref for x in b.active(e) if "boost" in x.types]
        if boosts and _harmable(b, e):
            trace.add(
                f"{e} has an active boost spell ({', '.join(boosts)}): {amount} damage",
                "elephants.interp.enfeeble-hits",
            )
        elif boosts:
            trace.add(f"{e} cannot be harmed this round", "elephants.base.health-zero")
    if victims:
        trace.add(
            f"{s.ref} dealt damage, so it will advance (unless something else stops it)",
            "elephants.advance.enfeeble-if-damaged",
        )
        verdict = f"{s.ref} damages {', '.join(victims)} and will advance"
    else:
        trace.add("No enemy who can be harmed has an active boost spell", "elephants.interp.enfeeble-hits")
        trace.add(f"{s.ref} dealt no damage, so it does not advance", "elephants.advance.enfeeble-if-damaged")
        verdict = f"{s.ref} damages no one and will not advance"
    return {"verdict": verdict, "value": {"damaged": victims, "advances": bool(victims)}}


_EFFECTS = {"stupefy": _stupefy, "turbulence": _turbulence, "enfeeble": _enfeeble}


def effect(b: Board, ref: str, choose: str | None = None) -> Ruling:
    """What a spell does when it resolves now, on this board, effect by effect.

    Stupefy, Turbulence, Enfeeble and Clap, on which the sheet rules, get their own detailed account; every
    other spell of the card list is resolved by the game engine (``choose`` gives its owner's choices, as
    for [`resolve_clash`][rulebook.elephants.resolve_clash]), and the trunks its damage costs are taken after it.

    Examples:
        >>> b = board("P1:stupefy P2:offering P2:root P2:starfall P3:fireball", clash=2, health={"P3": 1})
        >>> r = effect(b, "P1:stupefy")
        >>> r.verdict
        'P1:stupefy damages P2, P3, then cancels P3:fireball; then P3 loses a trunk'
        >>> r.value["shielded"]
        ['P2:offering', 'P2:starfall']
        >>> effect(board("P1:fireball P2:root"), "P1:fireball").verdict
        'P1:fireball deals 2 damage to P2'
    """
    s = b.spell(ref)
    if s.name == "clap":
        return clap_targets(b, ref)
    trace = Trace()
    why = _inactive_reason(b, s)
    if why:
        trace.add(why[0], why[1])
        return trace.ruling(f"{s.ref} does nothing: it is not active", {"spell": s.ref, "active": False})
    if s.name in _EFFECTS:
        out = _EFFECTS[s.name](b, s, trace)
        return trace.ruling(out["verdict"], {"spell": s.ref, "active": True, **out["value"]})
    G = _engine()
    w = _to_world(b)
    card = w.card(s.ref)
    chooser = _chooser(b, {s.ref: choose} if choose else None)
    G.resolve_one(w, card, chooser)
    for step in w.steps:
        trace.add(step.text, step.rule, step.overrides)
    said = _said(w.events, s.ref)
    verdict = f"{s.ref} " + ("; ".join(said) if said else "does nothing here")
    value = {
        "spell": s.ref,
        "active": True,
        "events": [list(e) for e in w.events],
        "health": _health_now(w),
        "trunk_lost": [e[1] for e in w.events if e[0] == "trunk"],
    }
    return trace.ruling(verdict, value)


def _said(events: Sequence[tuple[Any, ...]], ref: str) -> list[str]:
    """What the events of one spell's resolution come to, in words (the verdict's parts)."""
    parts = []
    for e in events:
        kind = e[0]
        if kind == "damage":
            who = "itself" if e[1] == ref.split(":")[0] else e[1]
            parts.append(f"deals {e[2]} damage to {'its owner' if who == 'itself' else who}")
        elif kind == "heal":
            parts.append(f"heals {e[1]} by {e[2]}")
        elif kind == "bolster":
            parts.append(f"bolsters {e[1]} by {e[2]}")
        elif kind == "weaken":
            parts.append(f"weakens {e[1]} by {e[2]}")
        elif kind == "cancel":
            parts.append(f"cancels {e[1]}")
        elif kind == "move":
            parts.append(f"moves {e[1]} to Clash {roman(e[2])}")
        elif kind == "advance":
            parts.append(f"advances {e[1]} to Clash {roman(e[2])}")
        elif kind == "from-hand":
            parts.append(f"advances a spell from {e[1].split(':')[0]}'s hand to Clash {roman(e[2])}")
        elif kind == "recall":
            parts.append(f"recalls {e[1]}")
        elif kind == "take":
            parts.append(f"takes {e[1]}")
        elif kind == "discard-hand":
            parts.append(f"makes {e[1]} discard {e[2]}")
        elif kind == "cast":
            parts.append(f"casts {e[1]}")
        elif kind == "give":
            done = "discards" if e[2] == "discard" else "recalls"
            parts.append(f"{done} {e[1]} first")
        elif kind == "discard-board":
            parts.append(f"discards {e[1]} into {e[2]}'s pile")
        elif kind == "trunk":
            parts.append(f"then {e[1]} loses a trunk")
    return parts


def _engine() -> Any:
    from rulebook.elephants import game as elephants_game

    return elephants_game


def new_game(players: int = 2, options: Mapping[str, object] | Options | None = None) -> ElephantsState:
    """A new whole game (see ``rulebook.elephants.game``): 2 to 4 players, P1 the first
    Ringleader.

    Examples:
        >>> game = new_game()
        >>> game.decision.kind, game.legal_actions()[-1]
        ('draft', 'draft Twilight')
    """
    return _engine().new_game(players, options)


def _to_world(b: Board) -> World:
    """The board as the game engine's world, in the middle of the current clash's Resolve phase."""
    G = _engine()
    seats = list(b.seats) or [f"P{n}" for n in range(1, b.players + 1)]
    w = G.World(seats, b.options)
    w.ringleader = b.ringleader
    w.clash = b.current
    w.step = ("resolve",)
    used: set[str] = set()
    for p in seats:
        player = w.players[p]
        player.health = b.health_of(p)
        player.max_health = b.max_health.get(p, max(LIMITS["health"], player.health))
        player.health = min(player.health, player.max_health)
        player.down = p in b.invulnerable
        player.hand = list(b.hands.get(p, ()))
        player.pile = list(b.piles.get(p, ()))
        used.update(SPELLS[n]["set"] for n in [*player.hand, *player.pile])
    history = list(b.history)
    for seq, s in enumerate(b.spells, 1):
        used.add(SPELLS[s.name]["set"])
        past = s.clash < b.current
        clash = s.moved_to if s.state == "moved" and s.moved_to else s.clash
        state = "cancelled" if s.state == "cancelled" else "active"
        earlier = s.ref in b.history or s.advanced > 0 or (past and s.state == "active")
        if (s.resolved or (past and s.state == "active")) and s.ref not in history:
            history.append(s.ref)
        resolved = (s.resolved or past) and s.state != "moved"
        card = G.Card(s.name, s.owner, clash, state, seq, resolved, s.advanced, s.advanced, s.hit, None, int(earlier))
        w.board.append(card)
    w.history = history
    w.seq = len(b.spells)
    w.deck = [k for k in SETS if k not in used]
    return w


def _matches(token: str, kind: str, value: str) -> bool:
    try:
        return _normal(token, kind) == value
    except InvalidInputError:
        return False


def _normal(token: str, kind: str) -> str:
    text = token.strip()
    if kind == "to":
        return roman(_clash_number(text))
    if kind == "from":
        return str(_clash_number(text))
    owner, sep, name = text.partition(":")
    if sep:
        return f"{owner.upper()}:{name.lower()}"
    return text.upper() if _PLAYER.match(text.upper()) else text.lower()


def _chooser(b: Board | Sequence[str], choose: Mapping[str, str] | None) -> Any:
    """The decisions of a described clash: the players' choices where given, else the first option listed.

    ``b`` is the board (or the spells, as OWNER:NAME, that the choices may name).
    """
    known = [s.ref for s in b.spells] if isinstance(b, Board) else list(b)
    queues: dict[str, list[str]] = {}
    for key, value in (choose or {}).items():
        ref = _normal(str(key), "spell")
        if ref not in known:
            raise UnknownNameError("spell making a choice", str(key), known)
        text = str(value)
        if len(text) > 400:
            raise InvalidInputError(f"the choice for {ref} is too long ({len(text)} characters; at most 400)")
        queues[ref] = [t for t in text.replace(">", ",").replace(" ", ",").split(",") if t]

    def choose_for(decision: Decision, w: World) -> str:
        values = [o.split(" ", 1)[-1] for o in decision.options]
        queue = queues.get(decision.about or "")
        if len(values) == 1:  # made at once; a choice given for it is used up
            if queue and _matches(queue[0], decision.kind, values[0]):
                queue.pop(0)
            return decision.options[0]
        if queue:
            token = _normal(queue.pop(0), decision.kind)
            for option, value in zip(decision.options, values, strict=True):
                if value == token:
                    return option
            raise InvalidInputError(
                f"{decision.about} cannot choose {shown(token)!r} for {decision.prompt}; accepted: {', '.join(values)}"
            )
        mover = (decision.about or "").partition(":")[2]
        if mover == "gravitate" and decision.kind in ("move", "to"):
            example = next(v for v in values if v != "none") if decision.kind == "move" else "P2:fireball"
            raise InvalidInputError(
                f"{decision.about} needs a choice: the spell to move and the clash, e.g. {example}>4"
            )
        if mover == "wormhole" and decision.kind in ("from", "to"):
            raise InvalidInputError(f"{decision.about} needs a choice: the clash it empties and the clash, e.g. 1>4")
        if decision.kind == "first":
            w.say(f"{decision.player}'s choice of order is taken as the order listed", "elephants.interp.listed-order")
        else:
            w.say(
                f"No choice given for {decision.prompt}: the first listed, {values[0]}",
                "elephants.interp.default-choices",
            )
        return decision.options[0]

    return choose_for


def _health_now(w: World) -> dict[str, int]:
    return {p: w.players[p].health for p in sorted(w.seats, key=lambda p: int(p[1:]))}


def _clash_value(w: World, b_here: Sequence[Spell], events: Sequence[tuple[Any, ...]], clash: int) -> dict[str, Any]:
    cancelled = [s.ref for s in b_here if s.state == "cancelled"]
    cancelled += [e[1] for e in events if e[0] == "cancel" and e[1] not in cancelled]
    moved = {s.ref: s.moved_to for s in b_here if s.state == "moved"}
    moved.update({e[1]: e[2] for e in events if e[0] == "move"})
    return {
        "clash": clash,
        "resolved": [e[1] for e in events if e[0] == "resolve"],
        "cancelled": cancelled,
        "moved": moved,
        "trunk_lost": [e[1] for e in events if e[0] == "trunk"],
        "advanced": {e[1]: e[2] for e in events if e[0] == "advance"},
        "arrived": {e[1]: e[2] for e in events if e[0] == "from-hand"},
        "health": _health_now(w),
    }


def clash_summary(value: Mapping[str, Any]) -> str:
    """One line for what a clash came to, from the value of [`resolve_clash`][rulebook.elephants.resolve_clash] (or of a
    round's clash).

    Examples:
        >>> clash_summary({"clash": 2, "resolved": ["P1:clap"], "cancelled": ["P2:root"], "moved": {},
        ...                "trunk_lost": [], "advanced": {"P1:clap": 3}})
        'Clash II: P1:clap resolves; P2:root cancelled; P1:clap advances to III'
    """
    return _clash_verdict(value)


def _clash_verdict(value: Mapping[str, Any]) -> str:
    resolved = value["resolved"]
    parts = [f"{', '.join(resolved) or 'nothing'} resolve{'' if len(resolved) > 1 else 's'}"]
    if value["cancelled"]:
        parts.append(f"{', '.join(value['cancelled'])} cancelled")
    if value["moved"]:
        parts.append(", ".join(f"{ref} moved to {roman(n)}" for ref, n in value["moved"].items()))
    if value["trunk_lost"]:
        lost = value["trunk_lost"]
        parts.append(f"{', '.join(lost)} lose{'s' if len(lost) == 1 else ''} a trunk")
    if value["advanced"]:
        ahead = value["advanced"]
        parts.append(f"{', '.join(ahead)} advance{'s' if len(ahead) == 1 else ''} to {roman(value['clash'] + 1)}")
    return f"Clash {roman(value['clash'])}: " + "; ".join(parts)


def resolve_clash(b: Board, choose: Mapping[str, str] | None = None) -> Ruling:
    """Play out the current clash: each spell resolves in turn on the board as it then stands, then the
    advance phase.

    Unlike [`order`][rulebook.elephants.order], which reads the board as it is, this follows the clash as spells act,
    with the game engine of ``rulebook.elephants.game`` (every spell's effect): a spell
    cancelled or moved before its turn does not resolve, a player who loses a trunk takes their spells off the board,
    and when only one player can still be harmed the round ends at once. ``choose`` gives the players' choices, by
    spell, in the order the spell asks them: Clap's targets (``"P2:break,P3:root"``), Gravitate's move
    (``"P2:stupefy>4"``, required), an attack's target (``"P3"``), a Blood spell's ``use`` or ``pass``. A choice not
    given is the first option listed.

    Examples:
        >>> r = resolve_clash(board("P1:stupefy P2:ritual P2:starfall P1:slumber", clash=2))
        >>> r.verdict
        'Clash II: P1:stupefy, P1:slumber resolve; P2:ritual, P2:starfall cancelled; P1:slumber advances to III'
        >>> r.value["health"]
        {'P1': 5, 'P2': 3}
    """
    G = _engine()
    w = _to_world(b)
    trace = Trace()
    trace.add(
        f"Clash {roman(b.current)}: spells resolve one by one, the fastest first, then the advance phase",
        "elephants.base.round",
    )
    trace.add("The order is read again after each spell, on the board as it then stands", "elephants.base.priority")
    G.run_clash(w, _chooser(b, choose), stop=lambda w: w.step[0] not in ("resolve", "advance"))
    for step in w.steps:
        trace.add(step.text, step.rule, step.overrides)
    value = _clash_value(w, b.here(), w.events, b.current)
    return trace.ruling(_clash_verdict(value), value)


# ---------------------------------------------------------------- a whole round


def next_clash(b: Board, advanced: Mapping[str, int], by_itself: Iterable[str] = ()) -> Board:
    """The board as the next clash begins: advanced and moved spells placed in their new clash.

    ``advanced`` maps each spell that advanced to its new clash; ``by_itself`` names those that advanced
    themselves (they count towards the once-a-round limit). A spell that leaves a clash after resolving
    stays in the round's history, for response spells.

    Examples:
        >>> before = board("P1:slumber/resolved P2:stupefy/moved=3 P2:root/resolved")
        >>> b = next_clash(before, {"P1:slumber": 2}, ["P1:slumber"])
        >>> print(b)
        Clash I (past): P2:root
        Clash II (current): P1:slumber
        Clash III (to come): P2:stupefy
        Clash IV (to come): -
        Turn order: P1, P2
        >>> b.spell("P1:slumber").advanced, b.history
        (1, ('P1:slumber',))
    """
    if b.current >= _CLASHES:
        raise InvalidInputError(f"Clash {roman(_CLASHES)} is the last clash of a round")
    mine = set(by_itself)
    spells, left = [], []
    for s in b.spells:
        if s.ref in advanced:
            if s.resolved:
                left.append(s.ref)
            spells.append(
                replace(s, clash=advanced[s.ref], resolved=False, hit=None, advanced=s.advanced + (s.ref in mine))
            )
        elif s.state == "moved":
            if s.resolved:
                left.append(s.ref)
            spells.append(replace(s, clash=s.moved_to or s.clash, state="active", moved_to=None, resolved=False))
        else:
            spells.append(s)
    return replace(b, spells=tuple(spells), current=b.current + 1, history=(*b.history, *left))


def play_round(
    clashes: Sequence[str | Sequence[str]],
    choose: Sequence[Mapping[str, str]] | None = None,
    ringleader: str | None = None,
    turn_order: str | Iterable[str] | None = None,
    players: int | None = None,
    health: Mapping[str, int] | None = None,
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Play a whole round: in each clash every player still in lays one spell, the clash is played out
    with the game engine, and advanced and moved spells go on to their new clash.

    ``clashes`` lists the spells laid in each clash (one per player still in the round); ``choose`` the players'
    choices for each clash, as in [`resolve_clash`][rulebook.elephants.resolve_clash]. Each player's hand holds the
    spells the plan has them lay. The round ends early when only one player can still be harmed.

    Examples:
        >>> clashes = ["P1:slumber P2:stupefy", "P1:starfall P2:clap", "P1:root P2:break", "P1:enfeeble P2:fireball"]
        >>> r = play_round(clashes)
        >>> r.verdict
        'Round played: 4 clashes; no trunk lost; health P1 3, P2 2; the Ringleader passes to P2'
        >>> r.value["clashes"][1]["advanced"]
        {'P1:starfall': 3, 'P2:clap': 3}
    """
    G = _engine()
    b = board([], ringleader=ringleader, turn_order=turn_order, players=players, health=health, options=options)
    if len(clashes) > _CLASHES:
        raise InvalidInputError(f"a round has {_CLASHES} clashes, not {len(clashes)}")
    choices = list(choose or [])
    if len(choices) > len(clashes):
        raise InvalidInputError(f"choices are given for {len(choices)} clashes, but only {len(clashes)} are played")
    plan: dict[tuple[int, str], str] = {}
    laid_all: list[Spell] = []
    for n, laid in enumerate(clashes, 1):
        tokens = laid.split() if isinstance(laid, str) else list(laid)
        if len(tokens) > 9:
            raise InvalidInputError(f"Clash {roman(n)}: {len(tokens)} spells laid; each player lays one")
        for t in tokens:
            sp = parse_spell(t, n)
            if sp != Spell(sp.owner, sp.name, n):
                raise InvalidInputError(
                    f"{sp.ref}: a spell laid in Clash {roman(n)} is written OWNER:NAME, without flags"
                )
            if sp.owner not in b.turn_order:
                raise InvalidInputError(f"{sp.ref}: there are {b.players} players")
            if any(x.ref == sp.ref for x in laid_all):
                raise IllegalActionError(
                    f"{sp.ref} is laid twice; every card exists once", ["elephants.interp.one-copy"]
                )
            if (n, sp.owner) in plan:
                raise IllegalActionError(
                    f"Clash {roman(n)}: {sp.owner} must lay one spell, and lays 2", ["elephants.base.round"]
                )
            plan[(n, sp.owner)] = sp.name
            laid_all.append(sp)
    _check_cards([(s.owner, s.name, s.ref, False) for s in laid_all])
    hands = {p: [s.name for s in laid_all if s.owner == p] for p in b.turn_order}
    b = replace(b, hands={p: tuple(h) for p, h in hands.items()})
    w = _to_world(b)
    w.step = ("prepare", 0)
    w.clash = 1
    w.history = []
    trace = Trace()
    trace.add("A player has one copy of each spell: none is laid twice in a round", "elephants.interp.one-copy")
    per_clash: list[dict[str, Any]] = []
    known = [sp.ref for sp in laid_all]
    state = {"clash": 1, "events": 0, "chooser": _chooser(known, choices[0] if choices else None)}

    def check_plan(n: int) -> None:
        for p in b.turn_order:
            expected = 0 if w.players[p].down else 1
            count = 1 if (n, p) in plan else 0
            if count != expected:
                why = "is out for the rest of the round" if expected == 0 else "must lay one spell"
                raise IllegalActionError(
                    f"Clash {roman(n)}: {p} {why}, and lays {count}",
                    ["elephants.base.round"] if expected else ["elephants.base.health-zero"],
                )

    def decide(decision: Decision, world: World) -> str:
        if decision.kind == "cast":
            name = plan[(world.clash, decision.player)]
            if f"cast {name}" not in decision.options:
                raise InvalidInputError(
                    f"Clash {roman(world.clash)}: {decision.player}:{name} is no longer in {decision.player}'s hand"
                )
            return f"cast {name}"
        return state["chooser"](decision, world)

    def close_clash() -> None:
        events = w.events[state["events"] :]
        value = _clash_value(w, [], events, state["clash"])
        per_clash.append(value)
        state["events"] = len(w.events)

    check_plan(1)
    ask = G._Ask(chooser=decide)
    while not w.over:
        G._unit(w, ask)
        if w.step[0] in ("endround", "over"):
            close_clash()
            break
        if w.step == ("prepare", 0) and w.clash != state["clash"]:
            close_clash()
            if w.clash > len(clashes):
                break
            state["clash"] = w.clash
            n = w.clash
            state["chooser"] = _chooser(known, choices[n - 1] if n <= len(choices) else None)
            check_plan(n)
    for step in w.steps:
        trace.add(step.text, step.rule, step.overrides)
    lost = [p for v in per_clash for p in v["trunk_lost"]]
    if w.over:
        winner = w.winner
        trace.add(f"The game is over: {winner or 'no one'} wins", "elephants.base.game-end")
    seats = list(b.seats) or [f"P{k}" for k in range(1, b.players + 1)]
    passes = seats[(seats.index(b.ringleader) + 1) % len(seats)]
    trace.add(
        f"End of round: the Ringleader passes to {passes}, and the board is cleared", "elephants.base.end-of-round"
    )
    health_now = _health_now(w)
    shown_health = ", ".join(f"{p} {h}" for p, h in health_now.items())
    trunks = f"{', '.join(lost)} lost a trunk" if lost else "no trunk lost"
    played = len(per_clash)
    verdict = (
        f"Round played: {played} clash{'es' if played != 1 else ''}; {trunks}; health {shown_health}; "
        f"the Ringleader passes to {passes}"
    )
    value = {"clashes": per_clash, "trunk_lost": lost, "health": health_now, "next_ringleader": passes}
    return trace.ruling(verdict, value)


def parse_round(text: str, where: str = "the round plan") -> dict[str, Any]:
    """Read a round plan (TOML) for [`play_round`][rulebook.elephants.play_round]: ``ringleader`` or ``turn_order``,
    ``players``, ``[health]``, ``[options]``, and one ``[[clash]]`` table per clash with ``spells`` and ``choose``.

    The plan's data is checked against ``ROUND_SHAPE`` before use.

    Examples:
        >>> plan = parse_round('[[clash]]\\nspells = ["P1:clap", "P2:root"]\\nchoose = { "P1:clap" = "P2:root" }')
        >>> plan["clashes"], plan["choose"]
        ([['P1:clap', 'P2:root']], [{'P1:clap': 'P2:root'}])
        >>> parse_round('ringleader = 7')
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: the round plan: ringleader must be a string, not 7
    """
    raw = check_shape(parse_toml(text, where), ROUND_SHAPE, where)
    clashes = raw.get("clash", [])
    return {
        "clashes": [list(c.get("spells", [])) for c in clashes],
        "choose": [dict(c.get("choose", {})) for c in clashes],
        "ringleader": raw.get("ringleader"),
        "turn_order": raw.get("turn_order"),
        "players": raw.get("players"),
        "health": raw.get("health"),
        "options": raw.get("options"),
    }


# ---------------------------------------------------------------- optional effects and the end of the round


def optional_effect(name: str, choice: str, own_spells: int | None = None, hand: int | None = None) -> Ruling:
    """May the owner of Illuminate, Electrocute or a Blood spell make this choice?

    ``choice`` is ``pass`` or ``use``; for Illuminate, the number of extra spells cast (0, 1 or 2).
    ``own_spells`` is how many of their own spells the Electrocute player could discard; ``hand`` the
    number of spells in hand.

    Examples:
        >>> optional_effect("electrocute", "use", own_spells=0).verdict
        'Electrocute cannot be used: its owner has no spell of their own to discard first'
        >>> optional_effect("illuminate", "2", hand=3).legal
        True
        >>> optional_effect("illuminate", "3").verdict
        'Illuminate cannot cast 3 extra spells: 0, 1 or 2'
    """
    spell = spell_name(name)
    title = spell.capitalize()
    pick = choice.strip().lower()
    trace = Trace()
    if spell == "illuminate":
        try:
            count = number(pick, "Illuminate's choice", low=0, high=99)
        except InvalidInputError:
            given = shown(choice, 40)
            raise InvalidInputError(
                f"Illuminate's choice is how many extra spells to cast (0, 1 or 2), not {given!r}"
            ) from None
        top = LIMITS["illuminate_max"]
        trace.add(
            f"Illuminate casts 0 to {top} extra spells, as its owner chooses",
            "elephants.optional.illuminate",
            "elephants.public.illuminate-card",
        )
        trace.add("The card list allows one extra spell", "elephants.public.illuminate-card")
        trace.add("The sheet's two is followed, not the card list's one", "elephants.erratum.illuminate-count")
        if count > top:
            return trace.ruling(f"Illuminate cannot cast {count} extra spells: 0, 1 or 2", {"legal": False}, False)
        if hand is not None and count > hand:
            return trace.ruling(
                f"Illuminate cannot cast {count} extra spells from a hand of {hand}", {"legal": False}, False
            )
        return trace.ruling(
            f"Illuminate: casting {count} extra spell{'s' if count != 1 else ''} is allowed", {"legal": True}, True
        )
    if pick not in ("pass", "use"):
        raise UnknownNameError(f"choice for {title}", choice, ["pass", "use"])
    if spell == "electrocute":
        trace.add(
            "Electrocute is optional; using it means discarding your own spell first",
            "elephants.optional.electrocute",
            "elephants.public.electrocute-card",
        )
        trace.add("A card-list version has the enemy recall instead", "elephants.public.electrocute-card")
        trace.add("The sheet is followed: the enemy discards", "elephants.erratum.electrocute-effect")
        if pick == "pass":
            return trace.ruling("Electrocute may be passed: nothing is discarded", {"legal": True}, True)
        if own_spells is not None and own_spells < 1:
            return trace.ruling(
                "Electrocute cannot be used: its owner has no spell of their own to discard first",
                {"legal": False},
                False,
            )
        return trace.ruling(
            "Electrocute: its owner discards one of their own spells, then the enemy discards one",
            {"legal": True},
            True,
        )
    if spell in ("offering", "ritual", "overexert"):
        trace.add(f"{title} is a Blood spell: its effect is optional", "elephants.optional.blood")
        if pick == "pass":
            return trace.ruling(f"{title} may be passed: no self-damage and no benefit", {"legal": True}, True)
        cost = SPELLS[spell]["self_damage"]
        return trace.ruling(
            f"{title}: its owner takes {cost} damage, then gets the benefit", {"legal": True, "self_damage": cost}, True
        )
    raise InvalidInputError(
        f"{title} has no optional effect in the sheet; optional: illuminate, electrocute, offering, ritual, overexert"
    )


def end_of_round(
    hand: int, kept: int | None = None, trunks_lost: int = 0, draft: bool | None = None, set_size: int | None = None
) -> Ruling:
    """What a player's hand becomes at the end of the round: a new spell set or not, and how many recalls.

    ``hand`` is the number of spells in hand when the round ends; ``kept`` how many the player keeps in the
    keep-or-discard step (all by default); ``draft`` whether a player who discarded their whole hand
    drafts a new set (``None``: yes when allowed).

    Examples:
        >>> end_of_round(0, trunks_lost=1).verdict
        'New spell set (automatic); recall 2 to fill the hand of 5'
        >>> end_of_round(2, kept=0, draft=True).verdict
        'New spell set (drafted); recall 1 to fill the hand of 4'
        >>> end_of_round(2, kept=1, draft=True).legal
        False
    """
    size = LIMITS["set_size"] if set_size is None else set_size
    for label, count in (("hand", hand), ("trunks_lost", trunks_lost), ("set_size", size)):
        number(count, label, low=0, high=99)
    keep = hand if kept is None else kept
    if not 0 <= keep <= hand:
        raise InvalidInputError(f"kept must be between 0 and the hand of {hand}, not {keep}")
    full = LIMITS["hand_size"] + LIMITS["hand_size_per_lost_trunk"] * trunks_lost
    trace = Trace()
    destroyed = f"{trunks_lost} destroyed trunk{'s' if trunks_lost != 1 else ''}"
    trace.add(f"Maximum hand size: 4 + {destroyed} = {full}", "elephants.base.end-of-round")
    value: dict[str, Any] = {"max_hand": full}
    if hand == 0:
        trace.add("The hand is empty: a new spell set comes automatically", "elephants.end.empty-hand")
        how, now = "automatic", size
    elif keep == 0 and draft is not False:
        trace.add("The whole hand was discarded: the player may draft a new spell set", "elephants.end.discard-all")
        how, now = "drafted", size
    elif draft:
        trace.add(
            f"{keep} of {hand} spells kept: a new set is drafted only after discarding the whole hand",
            "elephants.end.discard-all",
        )
        return trace.ruling("No new spell set: the hand was not emptied", {**value, "legal": False}, False)
    else:
        trace.add(f"{keep} spells kept; recall up to the maximum hand size", "elephants.base.end-of-round")
        recall = max(0, full - keep)
        return trace.ruling(
            f"No new set; recall {recall} to fill the hand of {full}",
            {**value, "new_set": None, "recall": recall, "legal": True},
            True,
        )
    trace.add(
        "No card of the new set may be discarded; recall from the discard pile until the hand is full",
        "elephants.end.new-set",
    )
    recall = max(0, full - now)
    if now >= full:
        trace.add(
            f"The new set ({now}) already fills the hand of {full}: nothing is recalled",
            "elephants.interp.new-set-over-full",
        )
    verdict = f"New spell set ({how}); recall {recall} to fill the hand of {full}"
    return trace.ruling(verdict, {**value, "new_set": how, "recall": recall, "legal": True}, True)


def spells_table() -> list[dict[str, Any]]:
    """Every spell of the card list as a row: name, set, elephant, priority, types, conjury, advance icon,
    and what it does (the text of its record ``elephants.spell.<name>``).

    Examples:
        >>> row = spells_table()[0]
        >>> row["spell"], row["set"], row["priority"], row["types"], row["conjury"]
        ('fireball', 'Fire', 4, ['attack'], False)
        >>> row["text"]
        'Deals 2 damage to an enemy, or to an enemy conjury in the clash.'
    """
    return [
        {
            "spell": n,
            "set": d["set"],
            "elephant": d["elephant"],
            "priority": d["priority"],
            "types": list(d["types"]),
            "conjury": bool(d.get("conjury", False)),
            "advance": d["advance"],
            "text": " ".join(_RULESET.get(f"elephants.spell.{n}").text.split()),
        }
        for n, d in SPELLS.items()
    ]


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """The ruling a scenario asks for (``query`` and its input, as in ``rulebook/data/scenarios/elephants.toml``).

    ``options`` override the scenario's own rules options.

    Examples:
        >>> scenario_ruling({"query": "order", "spells": ["P1:stupefy", "P2:root"]}).verdict.split(":")[0]
        'Clash I resolves'
    """
    query = case["query"]
    if query == "optional":
        return optional_effect(case["spell"], case["choice"], case.get("own_spells"), case.get("hand"))
    if query == "end-round":
        return end_of_round(
            case["hand"], case.get("kept"), case.get("trunks_lost", 0), case.get("draft"), case.get("set_size")
        )
    b = board(
        case["spells"],
        clash=case.get("clash", 1),
        ringleader=case.get("ringleader", "P1"),
        players=case.get("players"),
        history=case.get("history", []),
        health=case.get("health"),
        options={**case.get("options", {}), **(options or {})},
        hands=case.get("hands"),
        piles=case.get("piles"),
        max_health=case.get("max_health"),
        invulnerable=case.get("invulnerable", ()),
    )
    if query == "order":
        return order(b)
    if query == "can-advance":
        return can_advance(b, case["spell"], by=case.get("by"))
    if query == "can-move":
        return can_move(b, case["spell"], case["to"], by=case.get("by"))
    if query == "can-cancel":
        return can_cancel(b, case["spell"], case["by"])
    if query == "clap-targets":
        return clap_targets(b, case.get("by"))
    if query == "resolve":
        return resolve_clash(b, case.get("choose"))
    if query == "effect":
        return effect(b, case["spell"], choose=case.get("choose"))
    raise InvalidInputError(f"unknown scenario query {query!r}")


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (its value), for ``rulebook compare``."""
    ruling = scenario_ruling(case, options)
    value = ruling.value if isinstance(ruling.value, Mapping) else {"value": ruling.value}
    if isinstance(value.get("health"), Mapping):
        return ruling.verdict, "health " + ", ".join(f"{p} {h}" for p, h in value["health"].items())
    return ruling.verdict, repr({k: v for k, v in value.items() if k != "options"})
