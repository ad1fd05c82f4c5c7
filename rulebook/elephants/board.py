"""Elemental Elephants: a described board, in the notation ``OWNER:NAME[@CLASH][/FLAG...]``, and a round file.

A board holds the spells of one round and where the round stands (the current clash, the turn order, health,
hands and piles). The checks every query shares live here too: whether a spell is active, the Root that shields
it, the priority Accelerator gives it. Everything public is re-exported by [`rulebook.elephants`][rulebook.elephants].
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulebook.elephants.tables import (
    CLASHES,
    LIMITS,
    PRIORITY_A,
    RULESET,
    SPELLS,
    clash_number,
    player_name,
    roman,
    roman_names,
    spell_name,
)
from rulebook.errors import IllegalActionError, InvalidInputError, UnknownNameError
from rulebook.reading import number, parse_toml, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Step
from rulebook.shapes import Choice, Int, ListOf, MapOf, Opt, check_shape

__all__ = ["BOARD_SHAPE", "ROUND_SHAPE", "Board", "Spell", "board", "parse_board", "parse_spell"]


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
    options: Options = field(default_factory=lambda: RULESET.options())
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
        key = f"{player_name(owner)}:{spell_name(name.split('/')[0].split('@')[0])}" if name else ref
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
        for n in range(1, CLASHES + 1):
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
    spell = Spell(player_name(owner), spell_name(name), clash_number(where) if at else clash)
    for flag in flags:
        key, eq, value = flag.strip().lower().partition("=")
        if key == "cancelled" and not eq:
            spell = replace(spell, state="cancelled")
        elif key == "moved" and eq:
            spell = replace(spell, state="moved", moved_to=clash_number(value))
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


def _laid(spells: str | Iterable[str | Spell], current: int) -> list[Spell]:
    """The spells given to a board, read; one that waits in a later clash cannot have done anything yet."""
    tokens = spells.split() if isinstance(spells, str) else list(spells)
    if len(tokens) > MAX_SPELLS:
        raise InvalidInputError(f"a board of {len(tokens)} spells is too many; every card exists once, so at most 58")
    parsed = [t if isinstance(t, Spell) else parse_spell(t, current) for t in tokens]
    for s in parsed:
        if s.clash > current and (s.state != "active" or s.resolved or s.hit is not None):
            raise InvalidInputError(
                f"{s.ref} waits in Clash {roman(s.clash)}, after the current Clash {roman(current)}: it has not been "
                "cast yet, so it cannot be cancelled, moved, resolved, hit or missed"
            )
    return parsed


def _earlier(history: Iterable[str]) -> tuple[str, ...]:
    """The spells that resolved earlier this round, as given to a board, their names checked."""
    history = tuple(history)
    if len(history) > MAX_SPELLS:
        raise InvalidInputError(f"{len(history)} spells resolved earlier is too many; at most {MAX_SPELLS}")
    for ref in history:
        parse_spell(ref)  # validates the names
    return history


def _turn_order(
    ringleader: str | None, turn_order: str | Iterable[str] | None, players: int | None
) -> tuple[str, tuple[str, ...], int | None]:
    """The Ringleader, the seats in turn order (empty: P1, P2, ...) and the number of players a board is given."""
    lead = player_name(ringleader or "P1")
    seats: tuple[str, ...] = ()
    if turn_order is not None:
        given = turn_order.replace(",", " ").split() if isinstance(turn_order, str) else list(turn_order)
        if len(given) > 9:
            raise InvalidInputError(f"a turn order names 2 to 9 players, not {len(given)}")
        seats = tuple(player_name(p) for p in given)
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
    return lead, seats, players


def _health_levels(
    health: Mapping[str, int] | None, max_health: Mapping[str, int] | None
) -> tuple[dict[str, int], dict[str, int]]:
    """Players' health and maximum health as given to a board, each checked."""
    levels: dict[str, int] = {}
    for who, value in (health or {}).items():
        name = player_name(who)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(
                f"health of {name} must be a whole number of at least 1, not {shown(repr(value))} "
                "(at 0 a trunk is lost at once)"
            )
        levels[name] = number(value, f"health of {name}", low=1, high=99)
    maxima: dict[str, int] = {}
    for who, value in (max_health or {}).items():
        name = player_name(who)
        maxima[name] = number(value, f"maximum health of {name}", low=1, high=99)
        if levels.get(name, LIMITS["health"]) > maxima[name]:
            raise InvalidInputError(
                f"health of {name} ({levels.get(name, LIMITS['health'])}) is above their maximum ({maxima[name]})"
            )
    return levels, maxima


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
    current = clash_number(clash)
    parsed = _laid(spells, current)
    held = {player_name(p): tuple(spell_name(n) for n in names) for p, names in (hands or {}).items()}
    piled = {player_name(p): tuple(spell_name(n) for n in names) for p, names in (piles or {}).items()}
    check_cards(
        [(s.owner, s.name, s.ref, s.taken) for s in parsed]
        + [(p, n, f"{p}'s hand: {n}", False) for p, names in held.items() for n in names]
        + [(p, n, f"{p}'s pile: {n}", False) for p, names in piled.items() for n in names]
    )
    lead, seats, players = _turn_order(ringleader, turn_order, players)
    levels, maxima = _health_levels(health, max_health)
    out = frozenset(player_name(p) for p in invulnerable)
    named = [int(p[1:]) for p in [lead, *(s.owner for s in parsed), *levels, *maxima, *out, *held, *piled]]
    if players is not None:
        number(players, "the number of players", low=2, high=9)
    count = players if players is not None else max([2, *named])
    if count < max(named) or not 2 <= count <= 9:
        raise InvalidInputError(f"{count} players cannot include P{max(named)}; give 2 to 9 players")
    history = _earlier(history)
    for s in parsed:
        if s.owner in out:
            raise InvalidInputError(
                f"{s.ref}: {s.owner} lost a trunk this round, so their spells left the board and they cast no more"
            )
    opts = options if isinstance(options, Options) else RULESET.options(options)
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


MAX_SPELLS = len(SPELLS)


def seat_note(b: Board, ruling: Ruling) -> Ruling:
    """``ruling`` with a last step citing ``elephants.interp.player-count`` when ``b`` seats more players than
    a whole game (2 to 4): the sources name no number, and the answer says it went beyond the game's.

    Examples:
        >>> r = Ruling("an answer", None, ("elephants.base.round",))
        >>> seat_note(board("P1:root P2:break"), r) is r
        True
        >>> print(seat_note(board("P1:root P5:break"), r).trace[-1])
        5 players: a whole game here seats 2 to 4; this board is judged all the same  [elephants.interp.player-count]
    """
    most = LIMITS["players_max"]
    if b.players <= most:
        return ruling
    step = Step(
        f"{b.players} players: a whole game here seats 2 to {most}; this board is judged all the same",
        "elephants.interp.player-count",
    )
    rules = tuple(dict.fromkeys((*ruling.rules, step.rule)))
    return Ruling(ruling.verdict, ruling.value, rules, (*ruling.trace, step), legal=ruling.legal)


def seated(query: Callable[..., Ruling]) -> Callable[..., Ruling]:
    """``query``, a question about a board (its first argument), whose answer goes through ``seat_note``.

    Examples:
        >>> ask = seated(lambda b: Ruling("an answer"))
        >>> ask(board("P1:root P6:break")).rules
        ('elephants.interp.player-count',)
    """

    @functools.wraps(query)
    def answer(b: Board, *args: Any, **kwargs: Any) -> Ruling:
        return seat_note(b, query(b, *args, **kwargs))

    return answer


def check_cards(cards: Sequence[tuple[str, str, str, bool]]) -> None:
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


_CLASH_SHAPE = Opt((Int(1, CLASHES), Choice(*roman_names())))


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
    "clash": Opt(ListOf({"spells": Opt(ListOf(str, most=9)), "choose": Opt(MapOf(str, most=36))}, most=CLASHES)),
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


def inactive_reason(b: Board, s: Spell) -> tuple[str, str] | None:
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


def protected_by(b: Board, target: Spell, by_owner: str) -> Spell | None:
    """The Root that shields ``target`` from ``by_owner``'s cancel, recall or discard, if any."""
    if target.owner == by_owner or target.name == "root" or target.clash != b.current:
        return None
    for s in b.active(target.owner):
        if s.name == "root":
            return s
    return None


def accelerated(b: Board, s: Spell) -> tuple[int | str, Spell | None]:
    """The priority ``s`` resolves at, and the Accelerator that changed it."""
    printed = s.priority
    if printed == PRIORITY_A or s.name == "accelerator":
        return printed, None
    for acc in b.active(s.owner):
        if acc.name == "accelerator":
            faster = max(LIMITS["accelerator_floor"], int(printed) - LIMITS["accelerator_speedup"])
            return faster, acc
    return printed, None


def pick(b: Board, ref: str | None, name: str) -> Spell:
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


def harmable(b: Board, player: str) -> bool:
    """Whether ``player`` can still be harmed this round (they have not lost a trunk in it)."""
    return player not in b.invulnerable


def enfeeble_victims(b: Board, s: Spell) -> list[str]:
    """The enemies Enfeeble damages: those who can be harmed and have an active boost spell."""
    return [e for e in b.enemies(s.owner) if harmable(b, e) and any("boost" in x.types for x in b.active(e))]
