"""Elestrals queries on described positions: a battle, a chain, a Main Phase action, from a few facts.

Each query reads a short description (two sides of a battle, a chain file, the facts of a Main Phase
action), turns it into a [`Position`][rulebook.elestrals.state.Position] and asks the same rules that
``rulebook elestrals legal`` and ``check`` use, so the answers cannot disagree.

Examples:
    >>> battle("attack=2 spirits=1", "attack=0 spirits=3", opts={"stat-floor": "none"}).value["destroyed"]
    ['defender']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebook.elestrals.actions import Action
from rulebook.elestrals.battle_phase import damage, declare, end_attack_step, refuse_attack
from rulebook.elestrals.cards import Card, final_stats, parse_effect
from rulebook.elestrals.chain import chain_waiting, item_label, resolve
from rulebook.elestrals.core import (
    MAX_SPIRITS,
    MAX_STAT,
    POSITIONS,
    RUNE_TYPES,
    lookup_name,
    options,
    plural,
    read_count,
)
from rulebook.elestrals.game import Game, check
from rulebook.elestrals.main_phase import perform
from rulebook.elestrals.state import (
    ROW,
    RUNE_ROW,
    SPIRIT_ACTIONS,
    ChainLink,
    Elestral,
    LimboItem,
    Position,
    Rune,
    Side,
    SpiritDeck,
    replace,
)
from rulebook.errors import InvalidInputError, closest
from rulebook.reading import shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

__all__ = [
    "ACTIONS",
    "Chain",
    "Combatant",
    "FieldCard",
    "Link",
    "MainState",
    "Waiting",
    "battle",
    "main_action",
    "parse_chain",
    "parse_combatant",
    "position_change_by_effect",
    "resolve_chain",
]

# ---------------------------------------------------------------- battle


@dataclass(frozen=True, slots=True)
class Combatant:
    """One side of a battle, as described: an Elestral's stats, Position and Spirits, or no Elestral.

    ``left`` says whether the Elestral left the field: ``""`` (it did not), ``"attack-step"`` (before
    the battle began) or ``"battle"`` (during the battle). ``turned`` marks a Position changed during
    the Attack Step. ``deck`` is its controller's Spirit Deck size, if known. ``attacked`` marks an
    Elestral that has already attacked this turn.
    """

    attack: int = 0
    defense: int = 0
    spirits: int = 0
    position: str = "attack"
    left: str = ""
    turned: bool = False
    attacked: bool = False
    deck: int | None = None
    present: bool = True

    @property
    def stat(self) -> int:
        """The stat that counts in battle: Attack in Attack Position, Defense in Defense Position."""
        return self.attack if self.position == "attack" else self.defense

    def describe(self) -> str:
        """``"3/2 Attack Position, 2 Spirits"``, or ``"no Elestral"``."""
        if not self.present:
            return "no Elestral"
        return f"{self.attack}/{self.defense} {self.position.capitalize()} Position, {plural(self.spirits, 'Spirit')}"


_COMBATANT_KEYS = ("attack", "defense", "spirits", "position", "left", "turned", "attacked", "deck")


def parse_combatant(text: str) -> Combatant:
    """Read a side of a battle: ``"attack=3 defense=2 spirits=2 position=defense"``; ``"none"`` (or only
    ``deck=N``) for a player with no Elestral. Flags: ``left=attack-step``, ``left=battle``, ``turned``,
    ``attacked``; ``deck=N`` gives the controller's Spirit Deck size.

    Examples:
        >>> parse_combatant("attack=3 defense=1 spirits=2").describe()
        '3/1 Attack Position, 2 Spirits'
        >>> parse_combatant("atack=3")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown battle key 'atack' (did you mean ...?); accepted: ...
    """
    values: dict[str, Any] = {}
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidInputError(
            "empty battle side; write e.g. 'attack=3 defense=2 spirits=1 position=attack' or 'none'"
        )
    if [w.lower() for w in words] in (["none"], ["deck"], ["spirit-deck"]):
        return Combatant(present=False)
    for word in words:
        key, sep, raw = word.partition("=")
        key = lookup_name("battle key", key, _COMBATANT_KEYS)
        if key in ("turned", "attacked"):
            if sep:
                raise InvalidInputError(f"{key!r} is a flag and takes no value (write just {key})")
            values[key] = True
        elif not sep or not raw:
            raise InvalidInputError(f"battle key {key!r} needs a value, e.g. {key}=2")
        elif key == "position":
            values[key] = lookup_name("Position", raw, POSITIONS)
        elif key == "left":
            values[key] = lookup_name("value for left", raw, ("attack-step", "battle"))
        elif key in ("spirits", "deck"):
            values[key] = read_count(raw, key, high=MAX_SPIRITS)
        else:
            values[key] = read_count(raw, key, high=MAX_STAT)
    if set(values) <= {"deck"}:
        return Combatant(present=False, deck=values.get("deck"))
    return Combatant(**values)


def position_change_by_effect(in_battle: bool) -> Ruling:
    """Whether an effect may change an Elestral's Position now: not once it has entered battle.

    Examples:
        >>> position_change_by_effect(True).legal
        False
        >>> position_change_by_effect(False).rules
        ('elestrals.advanced.position-changed-by-effect',)
    """
    trace = Trace()
    if in_battle:
        trace.add(
            "Until the battle is over, effects cannot change the battling Elestrals' Positions",
            "elestrals.battle.battle-step",
        )
        trace.add(
            "A rule saying effects can't do something wins even over card text", "elestrals.advanced.card-over-rule"
        )
        return trace.ruling("Not allowed: the Elestral is in battle", {"allowed": False}, legal=False)
    trace.add(
        "Outside battle, cards and effects may change a Position", "elestrals.advanced.position-changed-by-effect"
    )
    return trace.ruling("Allowed: the Elestral is not in battle", {"allowed": True}, legal=True)


# ---------------------------------------------------------------- the battle, as a view of a position


def _side_card(name: str, side: Combatant) -> Card:
    return Card(name, "elestral", ("&",) * side.spirits, side.attack, side.defense)


def _battle_position(
    att: Combatant,
    dfd: Combatant,
    first_turn: bool,
    phase: str,
    effects: tuple[tuple[str, ...], tuple[str, ...]],
    opts: Options,
) -> Position:
    cards = {"Attacker": _side_card("Attacker", att)}
    mine = Elestral(
        "Attacker",
        att.position,
        ("fire",) * att.spirits,
        attacked=att.attacked,
        modifiers=tuple((e, "") for e in effects[0]),
    )
    theirs: Elestral | None = None
    if dfd.present:
        cards["Defender"] = _side_card("Defender", dfd)
        declared = ("defense" if dfd.position == "attack" else "attack") if dfd.turned else dfd.position
        theirs = Elestral("Defender", declared, ("water",) * dfd.spirits, modifiers=tuple((e, "") for e in effects[1]))
    sides = []
    for side, card in ((att, mine), (dfd, theirs)):
        deck = SpiritDeck(bounded=False) if side.deck is None else SpiritDeck().add("?", side.deck)
        sides.append(Side(deck, elestrals=(card, None, None, None)))
    turn = 1 if first_turn else 3
    if first_turn and phase == "battle":
        phase = "main"
    step = {"draw": "window", "end": "window"}.get(phase, "")
    return Position(turn, 0, phase, step, (sides[0], sides[1]), cards=cards, opts=opts)


def _set_elestral(pos: Position, who: int, elestral: Elestral | None) -> Position:
    side = pos.sides[who]
    return pos.with_side(who, replace(side, elestrals=(elestral, *side.elestrals[1:])))


def battle(
    attacker: Combatant | str,
    defender: Combatant | str,
    *,
    first_turn: bool = False,
    phase: str = "battle",
    attacker_effects: Sequence[str] = (),
    defender_effects: Sequence[str] = (),
    opts: Mapping[str, object] | None = None,
) -> Ruling:
    """Judge one attack: is it legal, is it cancelled, what is destroyed, and who Expends how many Spirits.

    The described sides become a position (the attacker in the turn player's first slot, the attacked
    Elestral in the opponent's), and the attack is declared and fought on it by the same rules as
    ``rulebook elestrals check``. ``attacker_effects`` and ``defender_effects`` are stat effects in force
    on each side (see [`final_stats`][rulebook.elestrals.final_stats]).

    ``value``: ``{"outcome": "resolved" | "illegal" | "cancelled", "destroyed": [...], "expend":
    {"attacker": n, "defender": n}, "loser": "attacker" | "defender" | "both" | None}``. "attacker"
    and "defender" name the players controlling each side.

    Examples:
        >>> print(battle("attack=3 defense=2 spirits=1", "attack=3 defense=1 spirits=3"))
        Both Elestrals are destroyed; the attacker's controller Expends 2 Spirits
          1. The attacker is in Attack Position  [elestrals.battle.attack-position]
          2. Attack Step: the attacker (3/2, Attack Position, 1 Spirit) attacks the defender (3/1, ...)  [...]
          3. Battle Step: they enter battle; effects can no longer change Positions  [elestrals.battle.battle-step]
          4. Damage Step: the results of battle are worked out  [elestrals.battle.damage-step]
          5. Dealing damage: destroying by stats, or making a player Expend  [elestrals.advanced.damage-meaning]
          6. Attack 3 against Attack 3: equal, both are destroyed  [elestrals.battle.attack-vs-attack]
          7. The attacker had 1 Spirit to 3: its controller Expends 2  [elestrals.battle.spirit-difference]
          8. 'Destroys' and 'is destroyed' effects activate now  [elestrals.battle.destroy-triggers]
          9. They see each card as it was just before it left the field  [elestrals.advanced.leaves-field-lookback]
    """
    opts = options(opts)
    att = parse_combatant(attacker) if isinstance(attacker, str) else attacker
    dfd = parse_combatant(defender) if isinstance(defender, str) else defender
    phase = lookup_name("phase", phase, ("draw", "main", "battle", "end"))
    if not att.present:
        trace = Trace()
        trace.add("An attack needs an attacking Elestral", "elestrals.battle.declare")
        return trace.ruling(
            "Illegal attack: there is no attacking Elestral", {"outcome": "illegal", **_EMPTY}, legal=False
        )
    if defender_effects and not dfd.present:
        raise InvalidInputError("defender effects need an attacked Elestral; the defender side is 'none'")
    effects = (
        tuple(parse_effect(e).text for e in attacker_effects),
        tuple(parse_effect(e).text for e in defender_effects),
    )
    trace = Trace()
    for who, listed, side in (("attacker", attacker_effects, att), ("defender", defender_effects, dfd)):
        if listed:
            stats = final_stats(side.attack, side.defense, listed, opts)
            for step in stats.trace[1:]:
                trace.add(f"The {who}'s stats: {step.text}", step.rule)
    pos = _battle_position(att, dfd, first_turn, phase, effects, opts)
    action = Action("attack", ("E1", "E1" if dfd.present else "spirit-deck"))
    refused = refuse_attack(pos, 0, action)
    if refused is not None:
        trace.add(refused[0][0].upper() + refused[0][1:], refused[1][0])
        return trace.ruling(f"Illegal attack: {refused[0]}", {"outcome": "illegal", **_EMPTY}, legal=False)
    pos = _attack_step(_declare(pos, action, trace), att, dfd)
    pos = end_attack_step(pos, trace)
    if pos.battle is None:
        why = trace.steps[-2].text.split(" chains ", 1)[1].split(":")[0]
        return trace.ruling(
            f"Attack cancelled: {why}; declare another attack or do something else",
            {"outcome": "cancelled", **_EMPTY},
            legal=True,
        )
    if att.left == "battle":
        pos = _set_elestral(pos, 0, None)
    if dfd.present and dfd.left == "battle":
        pos = _set_elestral(pos, 1, None)
    pos, result = damage(pos, _Described(trace))
    verdict = _battle_verdict(result["destroyed"], result["expend"], result["loser"])
    return trace.ruling(verdict, {"outcome": "resolved", **result}, legal=True)


def _declare(pos: Position, action: Action, trace: Trace) -> Position:
    """Declare the described attack. The effects on each side were worked out step by step already, so the
    position's one-line summary of them is not repeated."""
    declared = Trace()
    pos = declare(pos, 0, action, declared)
    trace.steps += [s for s in declared.steps if not s.text.startswith(("Attacker: ", "Defender: "))]
    return pos


def _attack_step(pos: Position, att: Combatant, dfd: Combatant) -> Position:
    """What happened in the Attack Step's chains, as described: an Elestral left, or turned."""
    if att.left == "attack-step":
        pos = _set_elestral(pos, 0, None)
    elif att.turned:
        mine = pos.sides[0].elestrals[0]
        assert mine is not None
        pos = _set_elestral(pos, 0, replace(mine, position="defense" if mine.position == "attack" else "attack"))
    if dfd.present:
        theirs = pos.sides[1].elestrals[0]
        assert theirs is not None
        pos = _set_elestral(pos, 1, None if dfd.left == "attack-step" else replace(theirs, position=dfd.position))
    return pos


_EMPTY: dict[str, Any] = {"destroyed": [], "expend": {"attacker": 0, "defender": 0}, "loser": None}


class _Described(Trace):
    """Passes a battle's steps to a trace, leaving out the moves of cards a described battle has no zones for."""

    def __init__(self, inner: Trace) -> None:
        super().__init__()
        self.inner = inner

    def add(self, text: str, rule: str | None = None, overrides: str | None = None) -> None:
        if rule not in ("elestrals.interp.spirits-follow-card", "elestrals.rune.artifact"):
            self.inner.add(text, rule, overrides)


def _battle_verdict(destroyed: list[str], expend: dict[str, int], loser: str | None) -> str:
    parts = []
    if destroyed == ["attacker", "defender"]:
        parts.append("Both Elestrals are destroyed")
    elif destroyed:
        parts.append(f"The {destroyed[0]}'s Elestral is destroyed")
    else:
        parts.append("No Elestral is destroyed")
    for who in ("attacker", "defender"):
        if expend[who]:
            parts.append(f"the {who}'s controller Expends {plural(expend[who], 'Spirit')}")
    if not any(expend.values()):
        parts.append("no Spirits are Expended")
    text = "; ".join(parts)
    if loser == "both":
        text += "; both players lose at once: a draw"
    elif loser:
        text += f"; the {loser}'s controller loses the game"
    return text


# ---------------------------------------------------------------- a chain, as a view of a position


def _chain_position(chain: Chain) -> Position:
    names = (chain.players[0], chain.players[1])
    cards: dict[str, Card] = {}
    owners: dict[str, int] = {}
    for item in chain.waiting:
        if item.source:
            owners.setdefault(item.source, names.index(item.player))
    rows: list[list[Elestral | None]] = [[], []]
    runes: list[list[Rune | None]] = [[], []]

    def place(row: list[list[Any]], who: int, card: Any, what: str) -> None:
        for w in (who, 1 - who):
            if len(row[w]) < ROW:
                row[w].append(card)
                return
        raise InvalidInputError(f"the chain file describes more than {2 * ROW} {what}; two fields hold no more")

    for fc in chain.cards:
        who = owners.get(fc.name, 0)
        cost = fc.cost or 0
        if fc.name in cards:
            raise InvalidInputError(f"card {fc.name!r} is described twice; give each card one line")
        if fc.artifact:
            cards[fc.name] = Card(fc.name, "rune", (), subclasses=("artifact",))
            target = fc.empowering if fc.empowering.lower() not in ("", "none") else ""
            place(runes, who, Rune(fc.name, spirits=(), empowering=target, suppressed=fc.suppressed), "Runes")
        else:
            cards[fc.name] = Card(fc.name, "elestral", ("&",) * cost)
            place(
                rows,
                who,
                Elestral(fc.name, spirits=("fire",) * (fc.spirits or 0), suppressed=fc.suppressed),
                "Elestrals",
            )
    # An Artifact's Elestral that the file names but does not describe is on the field and stays.
    for who in (0, 1):
        for rune in runes[who]:
            if rune is not None and rune.empowering and rune.empowering not in cards:
                cards[rune.empowering] = Card(rune.empowering, "elestral")
                place(rows, who, Elestral(rune.empowering), "Elestrals")
    sides = []
    for who in (0, 1):
        els = tuple(rows[who]) + (None,) * (ROW - len(rows[who]))
        rns = tuple(runes[who]) + (None,) * (ROW - len(runes[who]))
        sides.append(Side(SpiritDeck(bounded=False), elestrals=els, runes=rns))
    pos = Position(1, 0, "main", "", (sides[0], sides[1]), names=names, cards=cards)
    # Artifacts name their Elestral by card name in a chain file; on a position it is a slot.
    for who in (0, 1):
        fixed = []
        for rune in pos.sides[who].runes:
            if rune is not None and rune.empowering:
                at = next(
                    (
                        pos.ref(w, "E", i)
                        for w in (0, 1)
                        for i, e in enumerate(pos.sides[w].elestrals)
                        if e and e.card == rune.empowering
                    ),
                    "",
                )
                rune = replace(rune, empowering=at)
            fixed.append(rune)
        pos = pos.with_side(who, replace(pos.sides[who], runes=tuple(fixed)))
    links = tuple(
        ChainLink(names.index(link.player), "described", link.name, negates=link.negates) for link in chain.links
    )
    waiting = tuple(LimboItem(names.index(w.player), "conditional", w.name, w.source, w.name) for w in chain.waiting)
    return replace(pos, chain=links, closed=True, waiting=waiting)


def resolve_chain(chain: Chain | str) -> Ruling:
    """Resolve a closed chain: newest link first, Negated links to the Underworld; then the check between
    chains; then the order in which waiting cards and effects join the next chain.

    The described chain becomes a position (its cards on the two fields, its links in Limbo) resolved by
    the same rules as ``rulebook elestrals check``. ``value``: ``{"resolved": [...], "negated": [...],
    "underworld": [...], "one_more_chain": [...], "vanished": [...], "next_chain": [...],
    "next_resolution": [...]}``; link names are written ``"N. PLAYER NAME"``.

    Examples:
        >>> r = resolve_chain('players P1 P2\\nlink P1 Dragon\\nlink P2 Deny negates 1\\nlink P1 Rebuke negates 2')
        >>> r.value["resolved"], r.value["negated"]
        (['3. P1 Rebuke', '1. P1 Dragon'], ['2. P2 Deny'])
    """
    if isinstance(chain, str):
        chain = parse_chain(chain)
    pos = _chain_position(chain)
    trace = Trace()
    after, report = resolve(pos, trace)
    ready = after.waiting
    next_chain = [item_label(after, w) for who in (after.player, 1 - after.player) for w in ready if w.player == who]
    if next_chain:
        trace.add(
            f"The next chain opens: {after.names[after.player]} (turn player) adds their waiting items first, then "
            f"{after.names[1 - after.player]}; each player's own in the order listed: "
            + "; ".join(f"{n}. {label}" for n, label in enumerate(next_chain, 1)),
            "elestrals.chain.next-chain-order",
        )
        trace.add(
            "Each player's waiting items go on in the order listed, standing for their choice",
            "elestrals.interp.limbo-order",
        )
        trace.add(
            "Newest first, so the turn player's waiting items resolve last: " + "; ".join(reversed(next_chain)),
            "elestrals.advanced.simultaneous",
        )
    verdict = "Resolution order: " + (", ".join(report["resolved"]) or "nothing resolves")
    if report["negated"]:
        verdict += f"; Negated: {', '.join(report['negated'])}"
    value = {
        "resolved": report["resolved"],
        "negated": report["negated"],
        "underworld": report["underworld"],
        "one_more_chain": report["one_more_chain"],
        "vanished": report["vanished"],
        "next_chain": next_chain,
        "next_resolution": list(reversed(next_chain)),
    }
    return trace.ruling(verdict, value)


# ---------------------------------------------------------------- the chain


@dataclass(frozen=True, slots=True)
class Link:
    """A chain link: who added it, what it is, and which earlier links (by number) it Negates."""

    player: str
    name: str
    negates: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Waiting:
    """A card or effect waiting in Limbo during a closed chain; ``source`` is the card it comes from."""

    player: str
    name: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class FieldCard:
    """A card checked between chains: its Spirits against its cost; an Artifact's Elestral; Suppressed."""

    name: str
    spirits: int | None = None
    cost: int | None = None
    artifact: bool = False
    empowering: str = ""
    suppressed: bool = False


@dataclass(frozen=True)
class Chain:
    """A described chain: players in turn order (the turn player first), links, waiting items, cards."""

    players: tuple[str, ...]
    links: tuple[Link, ...]
    waiting: tuple[Waiting, ...] = ()
    cards: tuple[FieldCard, ...] = field(default_factory=tuple)


_CHAIN_FORMAT = (
    "'players P1 P2', 'link PLAYER NAME [negates N]', 'waiting PLAYER NAME [from CARD]' or "
    "'card NAME spirits=N cost=N | artifact empowering=NAME|none | suppressed'"
)


def parse_chain(text: str) -> Chain:
    """Read a chain file, one statement per line (``#`` starts a comment):

    ``players P1 P2`` (turn order, turn player first); ``link PLAYER NAME [negates N[,M]]`` (links in the
    order added, numbered from 1); ``waiting PLAYER NAME [from CARD]`` (items put in Limbo while the chain
    was closed); ``card NAME spirits=N cost=N``, ``card NAME artifact empowering=ELESTRAL|none`` or
    ``card NAME suppressed`` (cards for the check between chains). Names with spaces are quoted.

    Examples:
        >>> c = parse_chain('players P1 P2\\nlink P1 "Dragon"\\nlink P2 Deny negates 1')
        >>> c.links[1]
        Link(player='P2', name='Deny', negates=(1,))
        >>> parse_chain("players P1 P2\\nlink P3 X")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 2: unknown player 'P3'; the players line names P1, P2
    """
    players: tuple[str, ...] = ()
    links: list[Link] = []
    waiting: list[Waiting] = []
    cards: list[FieldCard] = []
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"line {number}: "
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(line) > 500:
            raise InvalidInputError(f"{where}a line of more than 500 characters; names are short")
        try:
            import shlex  # only a chain file needs it

            words = shlex.split(line)
        except ValueError as err:
            raise InvalidInputError(f"{where}{err}; close the quotes around a name") from None
        head, rest = words[0].lower(), words[1:]
        if head == "players":
            if len(rest) != 2 or len(set(rest)) != 2:
                raise InvalidInputError(f"{where}'players' names the two players, turn player first (players P1 P2)")
            players = tuple(shown(p) for p in rest)
            continue
        if head not in ("link", "waiting", "card"):
            near = closest(head, ("players", "link", "waiting", "card"))
            hint = f" ({shown(words[0])!r}: did you mean {near[0]!r}?)" if near else ""
            raise InvalidInputError(f"{where}cannot read {shown(line)!r}{hint}; write {_CHAIN_FORMAT}")
        if head == "card":
            cards.append(_parse_card(rest, where))
            continue
        if not players:
            raise InvalidInputError(f"{where}name the players first ('players P1 P2', turn player first)")
        if len(rest) < 2:
            raise InvalidInputError(f"{where}{head} needs a player and a name, e.g. '{head} P1 Dragon'")
        if rest[0] not in players:
            raise InvalidInputError(
                f"{where}unknown player {shown(rest[0])!r}; the players line names {', '.join(players)}"
            )
        if head == "link":
            name, negates = _split_keyword(rest[1:], "negates", where)
            targets = (
                tuple(read_count(n, "a Negated link number", where, high=100) for n in negates.split(","))
                if negates
                else ()
            )
            if len(links) >= 100:
                raise InvalidInputError(f"{where}a chain of more than 100 links; give the links that matter")
            for t in targets:
                if not links:
                    raise InvalidInputError(f"{where}the first link has no earlier link to Negate")
                if not 1 <= t <= len(links):
                    raise InvalidInputError(
                        f"{where}link {len(links) + 1} can only Negate an earlier link (1 to {len(links)}), not {t}"
                    )
            links.append(Link(shown(rest[0]), shown(name), targets))
        else:
            name, source = _split_keyword(rest[1:], "from", where)
            waiting.append(Waiting(shown(rest[0]), shown(name), shown(source)))
    if not players:
        raise InvalidInputError("the chain file names no players; start with 'players P1 P2' (turn player first)")
    if not links:
        raise InvalidInputError("the chain file has no 'link' line; a chain has at least one link")
    return Chain(players, tuple(links), tuple(waiting), tuple(cards))


def _split_keyword(words: list[str], keyword: str, where: str) -> tuple[str, str]:
    if keyword in words:
        i = words.index(keyword)
        if i == 0 or i != len(words) - 2:
            raise InvalidInputError(f"{where}write NAME {keyword} VALUE, with one value after {keyword!r}")
        return " ".join(words[:i]), words[i + 1]
    return " ".join(words), ""


def _parse_card(words: list[str], where: str) -> FieldCard:
    if not words:
        raise InvalidInputError(f"{where}card needs a name")
    values: dict[str, Any] = {"name": shown(words[0])}
    for word in words[1:]:
        key, sep, raw = word.partition("=")
        key = key.lower()
        if key in ("artifact", "suppressed") and not sep:
            values[key] = True
        elif key in ("spirits", "cost") and sep:
            values[key] = read_count(raw, key, where, high=MAX_SPIRITS)
        elif key == "empowering" and sep and raw:
            values["empowering"] = raw
            values["artifact"] = True
        else:
            raise InvalidInputError(
                f"{where}cannot read {word!r} for card {words[0]!r}; use spirits=N cost=N, empowering=NAME, suppressed"
            )
    if (values.get("spirits") is None) != (values.get("cost") is None):
        raise InvalidInputError(f"{where}card {words[0]!r} needs both spirits=N and cost=N to be checked")
    return FieldCard(**values)


#: The Main Phase actions [`main_action`][rulebook.elestrals.main_action] judges.
ACTIONS: tuple[str, ...] = (
    "normal-cast",
    "normal-ascend",
    "enchant",
    "expend-draw",
    "special-cast",
    "special-ascend",
    "set-rune",
    "cast-rune",
    "change-position",
    "activate",
    "nexus",
)


@dataclass(frozen=True, slots=True)
class MainState:
    """What matters to a Main Phase action, as described.

    ``spirit_action``: the once-per-turn Spirit action already taken this turn (``""`` if none).
    ``elestrals`` / ``runes``: filled slots in the Elestral and Rune Rows. ``cost``: the Spirits the
    Elestral or Rune needs. ``rune``: the Rune type. ``set_this_turn``: the Rune was Set this turn
    (``set`` says it is Set at all). ``cast_this_turn`` / ``changed``: the Elestral was Cast (or
    Ascended into) this turn / already changed Position this turn by its controller. ``chain``: a chain
    is active. ``status``: ``enchanted``, ``misenchanted`` or ``suppressed`` for an effect's card.
    ``target``: an effect needing a target has one available. ``phase``: the current phase.
    ``during``: the effect names the current phase ("during your End Phase"). ``receiver``: for a Nexus,
    the kind of card involved (``elestral``, ``rune``, ``set``, ``invoke``, ``counter``, ``gone``).
    ``waiting``: for a Special Cast or Ascend, an effect told the player to do it and the card waits in
    Limbo (the only way it happens). ``when``: the Rune's effect works "when" something happens.
    """

    spirit_action: str = ""
    elestrals: int = 0
    runes: int = 0
    cost: int = 1
    rune: str = ""
    set: bool = False
    set_this_turn: bool = False
    cast_this_turn: bool = False
    changed: bool = False
    chain: bool = False
    status: str = "enchanted"
    target: bool = True
    phase: str = "main"
    receiver: str = "elestral"
    during: bool = False
    waiting: bool = True
    when: bool = False


# ---------------------------------------------------------------- a Main Phase action, as a view of a position

_STATUSES = ("enchanted", "misenchanted", "suppressed")
_RECEIVERS = ("elestral", "rune", "set", "invoke", "counter", "gone")


def _main_position(action: str, st: MainState, opts: Options) -> tuple[Position, Action]:
    """The described facts as a position (the turn player P1 on turn 3), and the action to judge."""
    turn = 3
    cards: dict[str, Card] = {}

    def card(name: str, **facts: Any) -> str:
        cards[name] = Card(name, **facts)
        return name

    cost = ("fire",) * st.cost
    elestrals: list[Elestral | None] = [None] * ROW
    for i in range(min(st.elestrals, ROW)):
        name = card(f"Elestral {'ABCD'[i]}", card_type="elestral", cost=("fire",), attack=1, defense=1)
        elestrals[i] = Elestral(name, spirits=("fire",))
    hand: list[str] = []
    runes: list[Rune | None] = [None] * RUNE_ROW
    effect = ""
    if st.phase != "main" and st.during:
        effect = f"During your {st.phase.capitalize()} Phase, you can draw a card."
    target = "" if st.target else "opposing-elestral"
    if action == "activate":
        spirits = ("water",) if st.status == "misenchanted" else ("fire",)
        name = card("Effect Card", card_type="elestral", cost=("fire",), attack=1, defense=1,
                    effect=effect or "You can draw a card.", target=target)  # fmt: skip
        elestrals[0] = Elestral(name, spirits=spirits, suppressed=st.status == "suppressed")
    if elestrals[0] is not None and (st.cast_this_turn or st.changed):
        elestrals[0] = replace(
            elestrals[0], cast=st.cast_this_turn, ascended=None if st.cast_this_turn else False, changed=st.changed
        )
    args: tuple[str, ...] = ()
    waiting: tuple[LimboItem, ...] = ()
    if action in ("normal-cast", "normal-ascend", "special-cast", "special-ascend"):
        name = card("New Elestral", card_type="elestral", cost=cost, attack=2, defense=2)
        hand.append(name)
        if action == "normal-cast":
            args = (name,)
        elif action == "normal-ascend":
            args = ("E1", name)
        elif st.waiting:
            hand.remove(name)
            waiting = (LimboItem(0, action, name, "E1" if action == "special-ascend" else ""),)
            args = (name,) if action == "special-cast" else ("E1", name)
        else:
            args = (name,) if action == "special-cast" else ("E1", name)
    elif action == "enchant":
        args = ("E1", "fire")
    elif action == "expend-draw":
        args = ("fire",)
    elif action in ("set-rune", "cast-rune"):
        args = _rune_args(action, st, card, cost, target, elestrals, runes, hand)
    elif action == "change-position" or action == "activate":
        args = ("E1",)
    side = Side(SpiritDeck().add("fire", 15), ("?",) * 20, tuple(sorted(hand)), (), tuple(elestrals), tuple(runes),
                None, st.spirit_action)  # fmt: skip
    other = Side(SpiritDeck().add("water", 20), ("?",) * 20, ("?",) * 5)
    step = {"draw": "window", "end": "window"}.get(st.phase, "")
    pos = Position(turn, 0, st.phase, step, (side, other), cards=cards, waiting=waiting, opts=opts)
    if st.chain:
        # An effect telling a player to Special Cast or Ascend resolves in a closed chain.
        closed = action in ("special-cast", "special-ascend")
        pos = replace(pos, chain=(ChainLink(1, "described", "a card Cast by the opponent"),), closed=closed)
    return pos, Action(action, args)


def _rune_args(
    action: str,
    st: MainState,
    card: Callable[..., str],
    cost: tuple[str, ...],
    target: str,
    elestrals: list[Elestral | None],
    runes: list[Rune | None],
    hand: list[str],
) -> tuple[str, ...]:
    """The Rune of a described Set or Cast, put in the hand or Rune Row; the action's words."""
    turn = 3
    kind = st.rune or "invoke"
    rune_effect = "When an Elestral is Cast, Negate it." if st.when else ""
    name = card(f"{kind.capitalize()} Rune", card_type="rune", cost=cost, subclasses=(kind,), effect=rune_effect,
                target=target)  # fmt: skip
    filler = card("Set Rune", card_type="rune", cost=("fire",), subclasses=("invoke",))
    if st.set and action == "cast-rune":
        runes[0] = Rune(name, set=True, set_turn=turn if st.set_this_turn else turn - 1)
        args = ("R1",)
    else:
        hand.append(name)
        args = (name,)
        if kind == "artifact":
            args += ("empowering", "E1")
            if elestrals[0] is None:
                elestrals[0] = Elestral(
                    card("Elestral A", card_type="elestral", cost=("fire",), attack=1, defense=1), spirits=("fire",)
                )
    for i in range(min(st.runes, RUNE_ROW)):
        if runes[i] is None:
            runes[i] = Rune(filler, set=True, set_turn=1)
    if action == "cast-rune" and kind == "invoke" and not st.set and st.runes >= RUNE_ROW:
        args += ("replacing", "R1")
    return args


def _nexus_view(st: MainState, trace: Trace) -> Ruling:
    value = {"action": "nexus", "allowed": True, "uses_spirit_action": False}
    if st.receiver in ("set", "invoke", "counter"):
        trace.add("Set cards and Invoke or Counter Runes cannot be chosen for a Nexus", "elestrals.nexus.move")
        rule = "elestrals.advanced.nexus-set-rune" if st.receiver == "set" else "elestrals.advanced.nexus-instant"
        what = {"set": "a Set card", "invoke": "an Invoke Rune", "counter": "a Counter Rune"}[st.receiver]
        if st.receiver != "set":
            trace.add("A resolving Instant Rune is in Limbo, not on the field", rule)
        else:
            trace.add("A Set Rune cannot be Enchanted", rule)
        return trace.ruling(
            f"nexus is not allowed: {what} cannot give or receive Spirits in a Nexus",
            {**value, "allowed": False},
            legal=False,
        )
    giver = Elestral("Giver", spirits=("fire", "fire"))
    cards = {"Giver": Card("Giver", "elestral", ("fire",)), "Taker": Card("Taker", "elestral", ("fire",))}
    elestrals: list[Elestral | None] = [giver, None, None, None]
    runes: list[Rune | None] = [None] * RUNE_ROW
    if st.receiver == "elestral":
        elestrals[1] = Elestral("Taker", spirits=("fire",))
        to = "E2"
    elif st.receiver == "rune":
        cards["Taker"] = Card("Taker", "rune", ("fire",), subclasses=("divine",))
        runes[0] = Rune("Taker", spirits=("fire",))
        to = "R1"
    else:
        to = "E2"
    side = Side(SpiritDeck(bounded=False), elestrals=tuple(elestrals), runes=tuple(runes))
    pos = Position(3, 0, "main", "", (side, Side(SpiritDeck(bounded=False))), cards=cards)
    _, ruling = check(pos, Action("nexus", ("E1", to, "1")))
    for step in ruling.trace:
        trace.add(step.text, step.rule)
    if any(step.rule == "elestrals.nexus.nothing-happens" for step in ruling.trace):
        return trace.ruling("nexus does nothing: a card is no longer on the field", value, legal=True)
    return trace.ruling("nexus is allowed", value, legal=True)


def main_action(
    action: str, state: MainState | None = None, opts: Mapping[str, object] | None = None, **described: Any
) -> Ruling:
    """Whether the turn player may take a Main Phase ``action`` in the described position.

    ``action`` is one of [`ACTIONS`][rulebook.elestrals.ACTIONS]; the position is a
    [`MainState`][rulebook.elestrals.MainState] or its fields as keywords; ``opts`` the rules options.
    The facts become a position (the turn player on turn 3, with the cards the action needs) judged by
    the same checks as ``rulebook elestrals check``. ``value``: ``{"action", "allowed", "uses_spirit_action"}``.

    Examples:
        >>> main_action("normal-cast", cost=2).verdict
        'normal-cast is not allowed: a Normal Cast Elestral must cost at most 1 Spirit (it costs 2)'
        >>> main_action("special-cast", spirit_action="normal-cast", cost=3).legal
        True
        >>> main_action("normal-ascend", elestrals=1, cost=2, opts={"ascend-cost-cap": "yes"}).legal
        False
    """
    action = lookup_name("Main Phase action", action, ACTIONS)
    chosen = options(opts)
    st = state or MainState(**described)
    if st.spirit_action:
        special = st.spirit_action.strip().lower()
        if special in ("special-cast", "special-ascend"):
            raise InvalidInputError(
                f"{special!r} is not a Spirit action: it leaves the turn's Spirit action free "
                f"(elestrals.main.{special}), so give none; accepted: {', '.join(SPIRIT_ACTIONS)}"
            )
        lookup_name("Spirit action", st.spirit_action, SPIRIT_ACTIONS)
    lookup_name("status", st.status, _STATUSES)
    lookup_name("phase", st.phase, ("draw", "main", "battle", "end"))
    lookup_name("Nexus card", st.receiver, _RECEIVERS)
    if st.rune:
        lookup_name("Rune type", st.rune, RUNE_TYPES)
    for what, n, top in (
        ("Elestral Row slots", st.elestrals, ROW),
        ("Rune Row slots", st.runes, RUNE_ROW),
        ("the cost", st.cost, MAX_SPIRITS),
    ):
        if not 0 <= n <= top:
            raise InvalidInputError(f"{what} must be from 0 to {top}, not {n}")
    if action == "cast-rune" and not st.rune:
        raise InvalidInputError("cast-rune needs the Rune type (rune=invoke|counter|artifact|divine|stadium)")
    trace = Trace()
    uses = action in SPIRIT_ACTIONS
    value = {"action": action, "allowed": False, "uses_spirit_action": uses}
    if action == "nexus":
        return _nexus_view(st, trace)
    if st.rune == "stadium" and st.set:
        trace.add("A Stadium cannot be Set; it is Cast into the Stadium slot", "elestrals.main.set-rune")
        return trace.ruling(
            f"{action} is not allowed: a Stadium cannot be Set, so there is no Set Stadium", value, legal=False
        )
    pos, act = _main_position(action, st, chosen)
    refused = Game(pos).refusal(act, who=0)
    if refused is not None:
        reason = refused.value["reason"]
        trace.add(reason[0].upper() + reason[1:], refused.rules[0])
        for step in refused.trace[1:]:  # the other rules that forbid it, then the readings the answer rests on
            trace.add(step.text, step.rule)
        return trace.ruling(f"{action} is not allowed: {reason}", value, legal=False)
    if action in ("special-cast", "special-ascend"):
        trace.add(
            "An effect told the player to do it: the card waits in Limbo for the next chain",
            "elestrals.chain.waiting-in-limbo",
        )
    perform(pos, 0, act, trace) if action not in ("special-cast", "special-ascend") else chain_waiting(
        pos, 0, act, trace
    )
    if action in ("normal-cast", "normal-ascend"):
        trace.add("Even if it is Negated, the Spirit action stays used", "elestrals.interp.spirit-action-failed")
    return trace.ruling(f"{action} is allowed", {**value, "allowed": True}, legal=True)
