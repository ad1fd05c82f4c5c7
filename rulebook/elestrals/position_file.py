"""Elestrals position files: a position as a TOML file a judge writes, read with every key checked, and written back.

[`parse_position`][rulebook.elestrals.position_file.parse_position] reads one (every key and value checked before use,
each mistake one line naming the key); [`position_toml`][rulebook.elestrals.position_file.position_toml] writes one
that reads back equal.

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

import copy
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rulebook.elestrals.cards import Card, parse_effect, read_cards, spirit_list
from rulebook.elestrals.core import MAX_MAIN, MAX_SPIRITS, POSITIONS, SPIRIT_TYPES, an, lookup_name, options, plural
from rulebook.elestrals.state import (
    LINK_KINDS,
    MAX_TURN,
    PHASES,
    REF,
    ROW,
    RUNE_ROW,
    SPIRIT_ACTIONS_USED,
    STEPS,
    TYPES,
    UNKNOWN,
    WAITING_KINDS,
    Battle,
    ChainLink,
    Elestral,
    LimboItem,
    Position,
    Rune,
    Side,
    SpiritDeck,
    Stadium,
    player_index,
    quoted,
    replace,
)
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import parse_toml, read_text, shown
from rulebook.shapes import Choice, Int, ListOf, MapOf, Opt, check_shape

_PLAYER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}")

__all__ = ["main_total", "parse_position", "position_from_data", "position_toml", "read_position", "spirit_total"]

# ---------------------------------------------------------------- reading a position file

_SPIRITS = (ListOf(str, most=MAX_SPIRITS), MapOf(Int(0, MAX_SPIRITS), most=len(TYPES)), str)
_MODIFIER = (str, {"effect": str, "until": Opt(Choice("end", "battle", ""))})
_COUNTERS = MapOf(Int(0, 99), most=8)
_ELESTRAL = {
    "slot": Opt(Int(1, ROW)),
    "card": str,
    "position": Opt(Choice(*POSITIONS)),
    "spirits": Opt(_SPIRITS),
    "cast": Opt(bool),
    "ascended": Opt(bool),
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
    "spirit_deck": Opt((Int(0, MAX_SPIRITS), MapOf(Int(0, MAX_SPIRITS), most=len(TYPES) + 1))),
    "main_deck": (Int(0, MAX_MAIN), ListOf(str, most=MAX_MAIN)),
    "hand": (Int(0, MAX_MAIN), ListOf(str, most=MAX_MAIN)),
    "underworld": Opt(ListOf(str, most=MAX_MAIN + MAX_SPIRITS)),
    "elestrals": Opt(ListOf(_ELESTRAL, most=ROW)),
    "runes": Opt(ListOf(_RUNE, most=RUNE_ROW)),
    "stadium": Opt(_STADIUM),
    "spirit_action": Opt(Choice("", *SPIRIT_ACTIONS_USED)),
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
    "lent": Opt(ListOf(str, most=20)),
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
            hint = f"; give its facts under [cards.{quoted(clean)}] or in a --cards file"
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
    data = copy.deepcopy(_toml_data(text, where))  # a copy of its own: the data read once stays as read
    return position_from_data(data, where, cards, opts)


@functools.lru_cache(maxsize=64)
def _toml_data(text: str, where: str) -> dict[str, Any]:
    """A position file's TOML data, parsed once per distinct text (and name, which a refusal names).

    The same file is read under several options (every scenario replayed under each choice), each a position of
    its own; only the parsing is shared. Keyed by the text: an edited file is parsed anew; a refusal is not kept.
    """
    return parse_toml(text, where)


def read_position(path: str, cards_path: str | None = None, opts: Mapping[str, object] | None = None) -> Position:
    """Read a position file (``-`` for standard input), with card facts from ``cards_path`` if given.

    A card-facts file is TOML (``[cards."NAME"]`` tables) or JSON (a list of cards with ``name``). The files are
    read from disk on every call; a position is made once per distinct text of the two files and options (see
    `_position`: a position is a value, never changed, so one made before is as good as a new one).
    """
    raw = read_text(cards_path, what="card-facts file") if cards_path else None
    facts = (raw, shown(str(cards_path)), str(cards_path).lower().endswith(".json")) if raw is not None else None
    where = "standard input" if path == "-" else shown(str(path))
    text = read_text(path, what="position file")
    try:
        chosen = None if opts is None else tuple(opts.items())
        hash(chosen)
    except TypeError:  # options a cache cannot name: made anew
        return _position.__wrapped__(text, where, facts, opts)
    return _position(text, where, facts, chosen)


@functools.lru_cache(maxsize=64)
def _position(
    text: str, where: str, facts: tuple[str, str, bool] | None, opts: Iterable[tuple[str, object]] | None
) -> Position:
    """The position of a file's text (named ``where``), with the card facts of ``facts`` (a card-facts file's text,
    its name, whether it is JSON) and the options ``opts``; made once per distinct inputs.

    Keyed by the texts themselves, never by a file's name or time: a file edited between two reads is read anew
    (every scenario of a game reads the same files, often the same position under several options). A refusal
    is not kept.
    """
    cards = dict(_card_facts(*facts)) if facts else {}
    return parse_position(text, where, cards, None if opts is None else dict(opts))


@functools.lru_cache(maxsize=8)
def _card_facts(raw: str, label: str, as_json: bool) -> Mapping[str, Card]:
    """The cards of a card-facts file's text, made once per text (and label, which its messages name).

    Keyed by the text itself, never by the file's name or time: a file edited between two reads is read anew,
    and a file read again unchanged (every scenario of a game names the same card facts) is not parsed again.
    Cards are immutable; the caller copies the mapping before adding to it. A refusal is not kept.
    """
    if as_json:
        try:
            import json  # only a JSON card-facts file needs it

            data = json.loads(raw)
        except (ValueError, RecursionError) as err:
            raise InvalidInputError(f"{label} is not valid JSON: {str(err)[:120]}") from None
    else:
        data = parse_toml(raw, label)
    return MappingProxyType(read_cards(data, label))


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
    # Read in the file's order of checks: the field before the decks' names, as it always has been.
    deck = _spirit_deck(reader, data, path)
    elestrals = _elestrals(reader, data, path, names)
    runes = _runes(reader, data, path, turn)
    stadium = _stadium(reader, data, path)
    used = _used(reader, data, path)
    return Side(
        deck,
        reader.names(data["main_deck"], f"{path}.main_deck"),
        tuple(sorted(reader.names(data["hand"], f"{path}.hand"))),
        reader.names(data.get("underworld", []), f"{path}.underworld", spirits=True),
        elestrals,
        runes,
        stadium,
        data.get("spirit_action", ""),
        used,
        data.get("kept", False),
    )


def _spirit_deck(reader: _Reader, data: Mapping[str, Any], path: str) -> SpiritDeck:
    deck = data.get("spirit_deck")
    if deck is None:
        return SpiritDeck(bounded=False)
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
        if spirit_deck.size > MAX_SPIRITS:
            raise reader.fail(
                f"{path}.spirit_deck",
                f"{spirit_deck.size} Spirits in all; a Spirit Deck starts with {MAX_SPIRITS} and never holds more",
            )
    return spirit_deck


def _elestrals(
    reader: _Reader, data: Mapping[str, Any], path: str, names: Sequence[str]
) -> tuple[Elestral | None, ...]:
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
            item.get("cast", False) or item.get("ascended", False),
            item.get("attacked", False),
            item.get("changed", False),
            tuple(modifiers),
            item.get("suppressed", False),
            owner,
            _counters(item),
            item.get("ascended", False),
        )
    return tuple(elestrals)


def _runes(reader: _Reader, data: Mapping[str, Any], path: str, turn: int) -> tuple[Rune | None, ...]:
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
    return tuple(runes)


def _stadium(reader: _Reader, data: Mapping[str, Any], path: str) -> Stadium | None:
    stadium = None
    if "stadium" in data:
        item = data["stadium"]
        name = reader.card(item["card"], f"{path}.stadium.card", "rune")
        if reader.cards[name].rune != "stadium":
            raise reader.fail(f"{path}.stadium", f"{name!r} is not a Stadium Rune")
        stadium = Stadium(
            name, reader.spirits(item.get("spirits", []), f"{path}.stadium.spirits"), item.get("suppressed", False)
        )
    return stadium


def _used(reader: _Reader, data: Mapping[str, Any], path: str) -> tuple[str, ...]:
    used = []
    for n, ref in enumerate(data.get("used", []), 1):
        if not REF.fullmatch(ref.strip()) or ":" in ref or "." in ref:
            raise reader.fail(
                f"{path}.used[{n}]", f"write the card whose effect was used as E1-E4, R1-R4 or S, not {shown(ref)!r}"
            )
        used.append(ref.strip().upper())
    return tuple(sorted(set(used)))


def _counters(item: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((" ".join(k.split()).lower(), n) for k, n in item.get("counters", {}).items() if n))


def _lent_spirits(
    reader: _Reader, names: Sequence[str], item: Mapping[str, Any], who: int, here: str
) -> tuple[tuple[int, str], ...]:
    """A link's ``lent`` Spirits, written ``"P2:earth"``: among its ``spirits``, and another player's."""
    out = []
    left = [str(k).strip().lower() for k in item.get("spirits", [])]
    for entry in item.get("lent", []):
        player, _, kind = entry.partition(":")
        owner = _player(names, player.strip(), f"{reader.where}: {here}.lent")
        kind = kind.strip().lower()
        if owner == who or kind not in left:
            raise reader.fail(
                f"{here}.lent",
                f"write another player's Spirit among the link's spirits as P2:earth, not {shown(entry)!r}",
            )
        left.remove(kind)
        out.append((owner, kind))
    return tuple(sorted(out))


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
                _lent_spirits(reader, names, item, who, here),
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
    limbo += sum((owner == who) - (link.player == who) for link in pos.chain for owner, _ in link.lent)
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


def _key(text: str) -> str:
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else quoted(text)


def _list(items: Iterable[str]) -> str:
    return "[" + ", ".join(quoted(i) for i in items) + "]"


def _spirits_value(spirits: Sequence[str]) -> str:
    return _list("unknown" if s == UNKNOWN else s for s in spirits)


def _counters_line(counters: Sequence[tuple[str, int]]) -> str:
    return "counters = { " + ", ".join(f"{_key(k)} = {n}" for k, n in counters) + " }"


def position_toml(pos: Position, *, comment: str = "") -> str:
    """The position as a position file (TOML) that [`parse_position`][rulebook.elestrals.position_file.parse_position]
    reads back equal.

    The facts of every card it names are written with it, so the file stands on its own.
    """
    out = [f"# {line}".rstrip() for line in comment.splitlines()]
    out += [f"turn = {pos.turn}", f"player = {quoted(pos.names[pos.player])}", f"phase = {quoted(pos.phase)}"]
    if pos.step != STEPS[pos.phase][0]:
        out.append(f"step = {quoted(pos.step)}")
    if pos.over:
        out.append(f"winner = {quoted('draw' if pos.winner is None else pos.names[pos.winner])}")
    named: list[str] = []
    for who, side in enumerate(pos.sides):
        out += _side_lines(pos, who, side, named)
    out += _chain_lines(pos, named)
    out += _battle_lines(pos)
    for name in dict.fromkeys(named):
        out += ["", f"[cards.{quoted(name)}]"]
        for key, value in pos.cards[name].to_data().items():
            text = _list(value) if isinstance(value, list) else quoted(value) if isinstance(value, str) else value
            out.append(f"{key} = {text}")
    return "\n".join(out) + "\n"


def _deck_line(deck: SpiritDeck) -> list[str]:
    if not deck.bounded:
        return []
    if not deck.types():
        return [f"spirit_deck = {deck.count(UNKNOWN)}"]
    parts = [f"{t} = {n}" for t, n in zip(TYPES, deck.counts, strict=True) if n and t != UNKNOWN]
    if deck.count(UNKNOWN):
        parts.append(f"unknown = {deck.count(UNKNOWN)}")
    return ["spirit_deck = { " + ", ".join(parts) + " }"]


def _side_lines(pos: Position, who: int, side: Side, named: list[str]) -> list[str]:
    name = pos.names[who]
    out = ["", f"[players.{name}]", *_deck_line(side.spirit_deck)]
    for zone in ("main_deck", "hand"):
        cards = getattr(side, zone)
        named += [c for c in cards if c != UNKNOWN]
        value = str(len(cards)) if all(c == UNKNOWN for c in cards) else _list(cards)
        out.append(f"{zone} = {value}")
    if side.underworld:
        out.append(f"underworld = {_list(side.underworld)}")
        named += [c for c in side.underworld if c not in SPIRIT_TYPES]
    if side.spirit_action:
        out.append(f"spirit_action = {quoted(side.spirit_action)}")
    if side.used:
        out.append(f"used = {_list(side.used)}")
    if side.kept:
        out.append("kept = true")
    for slot, el in enumerate(side.elestrals):
        if el is not None:
            named.append(el.card)
            out += _elestral_lines(pos, name, slot, el)
    for slot, rune in enumerate(side.runes):
        if rune is not None:
            named.append(rune.card)
            out += _rune_lines(pos, name, slot, rune)
    if side.stadium is not None:
        named.append(side.stadium.card)
        out += ["", f"[players.{name}.stadium]", f"card = {quoted(side.stadium.card)}"]
        out.append(f"spirits = {_spirits_value(side.stadium.spirits)}")
        if side.stadium.suppressed:
            out.append("suppressed = true")
    return out


def _elestral_lines(pos: Position, name: str, slot: int, el: Elestral) -> list[str]:
    out = ["", f"[[players.{name}.elestrals]]", f"slot = {slot + 1}", f"card = {quoted(el.card)}"]
    if el.position != "attack":
        out.append(f"position = {quoted(el.position)}")
    out.append(f"spirits = {_spirits_value(el.spirits)}")
    out += [f"{flag} = true" for flag in ("cast", "ascended", "attacked", "changed", "suppressed") if getattr(el, flag)]
    if el.modifiers:
        mods = [quoted(t) if not u else f"{{ effect = {quoted(t)}, until = {quoted(u)} }}" for t, u in el.modifiers]
        out.append("modifiers = [" + ", ".join(mods) + "]")
    if el.owner is not None:
        out.append(f"owner = {quoted(pos.names[el.owner])}")
    if el.counters:
        out.append(_counters_line(el.counters))
    return out


def _rune_lines(pos: Position, name: str, slot: int, rune: Rune) -> list[str]:
    out = ["", f"[[players.{name}.runes]]", f"slot = {slot + 1}", f"card = {quoted(rune.card)}"]
    if rune.set:
        out += ["set = true", f"set_turn = {rune.set_turn}"]
    else:
        out.append(f"spirits = {_spirits_value(rune.spirits)}")
    if pos.cards[rune.card].rune == "artifact":
        out.append(f"empowering = {quoted(rune.empowering or 'none')}")
    if rune.suppressed:
        out.append("suppressed = true")
    if rune.counters:
        out.append(_counters_line(rune.counters))
    return out


def _chain_lines(pos: Position, named: list[str]) -> list[str]:
    out: list[str] = []
    if pos.chain:
        out += ["", "[chain]"]
        if pos.closed:
            out.append("closed = true")
        if pos.passed:
            out.append(f"passed = {_list(pos.names[p] for p in pos.passed)}")
        for link in pos.chain:
            if link.kind not in ("described", "conditional") or link.card in pos.cards:
                named.append(link.card)
            out += _link_lines(pos, link)
    elif pos.passed:
        out += ["", "[window]", f"passed = {_list(pos.names[p] for p in pos.passed)}"]
    for item in pos.waiting:
        if item.kind != "conditional":
            named.append(item.card)
        out += ["", "[[waiting]]", f"player = {quoted(pos.names[item.player])}", f"kind = {quoted(item.kind)}"]
        out.append(f"card = {quoted(item.card)}")
        if item.source:
            out.append(f"from = {quoted(item.source)}")
        if item.label:
            out.append(f"label = {quoted(item.label)}")
        if item.effect:
            out.append(f"effect = {item.effect + 1}")
    return out


def _link_lines(pos: Position, link: ChainLink) -> list[str]:
    out = ["", "[[chain.links]]", f"player = {quoted(pos.names[link.player])}", f"action = {quoted(link.kind)}"]
    out.append(f"card = {quoted(link.card)}")
    for key, value in (
        ("slot", link.slot),
        ("position", link.position),
        ("target", link.target),
        ("from", link.source),
    ):
        if value:
            out.append(f"{key} = {quoted(value)}")
    if link.spirits:
        out.append(f"spirits = {_spirits_value(link.spirits)}")
    if link.negates:
        out.append("negates = [" + ", ".join(str(n) for n in link.negates) + "]")
    if link.targets:
        out.append(f"targets = {_list(link.targets)}")
    if link.effect:
        out.append(f"effect = {link.effect + 1}")
    if link.lent:
        out.append(f"lent = {_list([f'{pos.names[owner]}:{kind}' for owner, kind in link.lent])}")
    return out


def _battle_lines(pos: Position) -> list[str]:
    b = pos.battle
    if b is None:
        return []
    out = ["", "[battle]", f'attacker = "E{b.attacker + 1}"']
    out.append(f"target = {quoted('spirit-deck' if b.target < 0 else f'E{b.target + 1}')}")
    out.append(f"step = {quoted(b.step)}")
    out.append(f"attacker_card = {quoted(b.card)}")
    if b.target >= 0:
        out.append(f"target_card = {quoted(b.target_card)}")
    if b.declared:
        out.append(f"declared = {quoted(b.declared)}")
    return out
