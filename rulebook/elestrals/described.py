"""Elestrals queries on described positions: a battle, a chain, a Main Phase action, from a few facts.

Each query reads a short description (two sides of a battle, a chain file, the facts of a Main Phase
action) and answers with a :class:`~rulebook.ruling.Ruling`.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulebook.elestrals.cards import final_stats
from rulebook.elestrals.core import _DATA, _FIELD, _INSTANT, POSITIONS, RUNE_TYPES, _count, _name, options
from rulebook.errors import InvalidInputError
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
        return f"{self.attack}/{self.defense} {self.position.capitalize()} Position, {self.spirits} Spirit(s)"


_COMBATANT_KEYS = ("attack", "defense", "spirits", "position", "left", "turned", "attacked", "deck")


def parse_combatant(text: str) -> Combatant:
    """Read a side of a battle: ``"attack=3 defense=2 spirits=2 position=defense"``; ``"none"`` (or only
    ``deck=N``) for a player with no Elestral. Flags: ``left=attack-step``, ``left=battle``, ``turned``,
    ``attacked``; ``deck=N`` gives the controller's Spirit Deck size.

    Examples:
        >>> parse_combatant("attack=3 defense=1 spirits=2").describe()
        '3/1 Attack Position, 2 Spirit(s)'
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
        key = _name("battle key", key, _COMBATANT_KEYS)
        if key in ("turned", "attacked"):
            if sep:
                raise InvalidInputError(f"{key!r} is a flag and takes no value (write just {key})")
            values[key] = True
        elif not sep or not raw:
            raise InvalidInputError(f"battle key {key!r} needs a value, e.g. {key}=2")
        elif key == "position":
            values[key] = _name("Position", raw, POSITIONS)
        elif key == "left":
            values[key] = _name("value for left", raw, ("attack-step", "battle"))
        else:
            values[key] = _count(raw, key)
    if set(values) <= {"deck"}:
        return Combatant(present=False, deck=values.get("deck"))
    return Combatant(**values)


def _attack_legality(att: Combatant, defender: Combatant, trace: Trace, first_turn: bool, phase: str) -> str | None:
    """The reason an attack may not be declared or goes ahead, or ``None`` when it proceeds."""
    if phase != "battle":
        trace.add(f"Attacks are declared in the Battle Phase, not the {phase} phase", "elestrals.glossary.battle-phase")
        return "attacks happen only in the Battle Phase"
    if first_turn:
        trace.add("The first player skips the Battle Phase of the game's first turn", "elestrals.setup.first-turn")
        return "no Battle Phase on the first turn of the game"
    if not att.present:
        trace.add("An attack needs an attacking Elestral", "elestrals.battle.declare")
        return "there is no attacking Elestral"
    if att.position != "attack":
        trace.add("Only an Elestral in Attack Position can attack", "elestrals.battle.attack-position")
        return "the attacker is in Defense Position"
    trace.add("The attacker is in Attack Position", "elestrals.battle.attack-position")
    if att.attacked:
        trace.add("Each Elestral attacks at most once per turn", "elestrals.battle.once-per-turn")
        return "this Elestral has already attacked this turn"
    return None


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

    ``attacker_effects`` and ``defender_effects`` are stat effects on each side (see :func:`final_stats`),
    applied to the described stats before the battle.

    ``value``: ``{"outcome": "resolved" | "illegal" | "cancelled", "destroyed": [...], "expend":
    {"attacker": n, "defender": n}, "loser": "attacker" | "defender" | "both" | None}``. "attacker"
    and "defender" name the players controlling each side.

    Examples:
        >>> print(battle("attack=3 defense=2 spirits=1", "attack=3 defense=1 spirits=3"))
        Both Elestrals are destroyed; the attacker's controller Expends 2 Spirit(s)
          1. The attacker is in Attack Position  [elestrals.battle.attack-position]
          2. Attack Step: 3/2 Attack Position, 1 Spirit(s) attacks 3/1 Attack...  [elestrals.battle.declare]
          3. Battle Step: they enter battle; effects can no longer change Positions  [elestrals.battle.battle-step]
          4. Damage Step: the results of battle are worked out  [elestrals.battle.damage-step]
          5. Dealing damage: destroying by stats, or making a player Expend  [elestrals.advanced.damage-meaning]
          6. Attack 3 against Attack 3: equal, both are destroyed  [elestrals.battle.attack-vs-attack]
          7. The attacker had 1 Spirit(s) to 3: its controller Expends 2  [elestrals.battle.spirit-difference]
          8. 'Destroys' and 'is destroyed' effects activate now  [elestrals.battle.destroy-triggers]
          9. They see each card as it was just before it left the field  [elestrals.advanced.leaves-field-lookback]
    """
    opts = options(opts)
    att = parse_combatant(attacker) if isinstance(attacker, str) else attacker
    dfd = parse_combatant(defender) if isinstance(defender, str) else defender
    phase = _name("phase", phase, ("draw", "main", "battle", "end"))
    trace = Trace()
    if defender_effects and not dfd.present:
        raise InvalidInputError("defender effects need an attacked Elestral; the defender side is 'none'")
    att = _modified(att, "attacker", attacker_effects, trace, opts)
    dfd = _modified(dfd, "defender", defender_effects, trace, opts)
    empty = {"destroyed": [], "expend": {"attacker": 0, "defender": 0}, "loser": None}
    reason = _attack_legality(att, dfd, trace, first_turn, phase)
    if reason:
        return trace.ruling(f"Illegal attack: {reason}", {"outcome": "illegal", **empty}, legal=False)
    target = dfd.describe() if dfd.present else "the opponent's Spirit Deck (they have no Elestral)"
    trace.add(f"Attack Step: {att.describe()} attacks {target}", "elestrals.battle.declare")
    if att.left == "attack-step" or att.turned or (dfd.present and dfd.left == "attack-step"):
        why = (
            "the attacker left the field"
            if att.left == "attack-step"
            else "the attacker changed Position"
            if att.turned
            else "the attacked Elestral left the field"
        )
        trace.add(
            f"After the Attack Step's chains {why}: the attack is no longer legal", "elestrals.battle.illegal-cancelled"
        )
        trace.add(
            "An impossible attack before battle is cancelled and may be tried again",
            "elestrals.advanced.impossible-vs-negated",
        )
        return trace.ruling(
            f"Attack cancelled: {why}; declare another attack or do something else",
            {"outcome": "cancelled", **empty},
            legal=True,
        )
    if dfd.present and dfd.turned:
        trace.add(
            f"The attacked Elestral changed Position: the attack stands, against {dfd.position.capitalize()} Position",
            "elestrals.interp.defender-turned",
        )
    trace.add(
        "Battle Step: they enter battle; effects can no longer change Positions",
        "elestrals.battle.battle-step",
    )
    trace.add("Damage Step: the results of battle are worked out", "elestrals.battle.damage-step")
    trace.add("Dealing damage: destroying by stats, or making a player Expend", "elestrals.advanced.damage-meaning")
    destroyed: list[str] = []
    expend = {"attacker": 0, "defender": 0}
    att_here = att.left != "battle"
    dfd_here = dfd.present and dfd.left != "battle"
    if not dfd.present:
        trace.add("The opponent has no Elestral: the attack is against their Spirit Deck", "elestrals.battle.declare")
        if att_here:
            _direct(att, "attacker", "defender", expend, trace)
        else:
            trace.add("The attacker left the field during battle: no damage", "elestrals.battle.left-field")
    elif att_here and dfd_here:
        _compare(att, dfd, destroyed, expend, trace)
    elif att_here:
        trace.add(
            "The attacked Elestral left the field during battle: the attacker battles the Spirit Deck",
            "elestrals.battle.left-field",
        )
        _direct(att, "attacker", "defender", expend, trace)
    elif dfd_here:
        trace.add("The attacker left the field during battle", "elestrals.battle.left-field")
        if dfd.position == "attack":
            trace.add(
                "The defender's remaining Elestral is in Attack Position, so it battles the attacker's Spirit Deck",
                "elestrals.battle.left-field",
            )
            _direct(dfd, "defender", "attacker", expend, trace)
        else:
            trace.add(
                "The defender's remaining Elestral is in Defense Position, so it deals no damage",
                "elestrals.battle.left-field",
            )
    else:
        trace.add("Both Elestrals left the field during battle: no damage", "elestrals.interp.both-left-field")
    if destroyed:
        trace.add(
            "'Destroys' and 'is destroyed' effects activate now",
            "elestrals.battle.destroy-triggers",
        )
        trace.add(
            "They see each card as it was just before it left the field", "elestrals.advanced.leaves-field-lookback"
        )
    loser = _loser(att, dfd, expend, trace)
    verdict = _battle_verdict(destroyed, expend, loser)
    return trace.ruling(
        verdict, {"outcome": "resolved", "destroyed": destroyed, "expend": expend, "loser": loser}, legal=True
    )


def _modified(side: Combatant, who: str, effects: Sequence[str], trace: Trace, opts: Options) -> Combatant:
    if not effects:
        return side
    stats = final_stats(side.attack, side.defense, effects, opts)
    for step in stats.trace[1:]:
        trace.add(f"The {who}'s stats: {step.text}", step.rule)
    return replace(side, attack=stats.value["attack"], defense=stats.value["defense"])


def _direct(side: Combatant, who: str, other: str, expend: dict[str, int], trace: Trace) -> None:
    if side.attack == 0:
        trace.add(f"The {who}'s Elestral has 0 Attack: it deals no damage", "elestrals.battle.zero-attack")
        return
    expend[other] += side.spirits
    trace.add(
        f"Battling the Spirit Deck: the {other}'s controller Expends its Spirit count, {side.spirits}",
        "elestrals.battle.direct",
    )


def _compare(att: Combatant, dfd: Combatant, destroyed: list[str], expend: dict[str, int], trace: Trace) -> None:
    if dfd.position == "defense":
        if att.attack == 0:
            trace.add("The attacker has 0 Attack: it deals no damage", "elestrals.battle.zero-attack")
        elif dfd.defense < att.attack:
            destroyed.append("defender")
            trace.add(
                f"Attack {att.attack} against Defense {dfd.defense}: the defender is destroyed",
                "elestrals.battle.attack-vs-defense",
            )
        else:
            trace.add(
                f"Attack {att.attack} against Defense {dfd.defense}: equal or higher Defense, nothing happens",
                "elestrals.battle.attack-vs-defense",
            )
        trace.add("No Spirits are Expended in a battle against Defense Position", "elestrals.battle.defense-no-expend")
        return
    a, d = att.attack, dfd.attack
    if a == d == 0:
        trace.add(
            "Attack 0 against Attack 0: neither deals damage, so nothing is destroyed",
            "elestrals.interp.zero-attack-tie",
        )
        return
    if a == d:
        destroyed += ["attacker", "defender"]
        trace.add(f"Attack {a} against Attack {d}: equal, both are destroyed", "elestrals.battle.attack-vs-attack")
    elif a < d:
        destroyed.append("attacker")
        trace.add(
            f"Attack {a} against Attack {d}: the attacker's is smaller, it is destroyed",
            "elestrals.battle.attack-vs-attack",
        )
    else:
        destroyed.append("defender")
        trace.add(
            f"Attack {a} against Attack {d}: the defender's is smaller, it is destroyed",
            "elestrals.battle.attack-vs-attack",
        )
    if 0 in (a, d):
        trace.add("The 0-Attack Elestral deals no damage but can still be destroyed", "elestrals.battle.zero-attack")
    for who, me, them in (("attacker", att, dfd), ("defender", dfd, att)):
        if who in destroyed and me.spirits < them.spirits:
            expend[who] += them.spirits - me.spirits
            trace.add(
                f"The {who} had {me.spirits} Spirit(s) to {them.spirits}: its controller Expends "
                f"{them.spirits - me.spirits}",
                "elestrals.battle.spirit-difference",
            )


def _loser(att: Combatant, dfd: Combatant, expend: dict[str, int], trace: Trace) -> str | None:
    short = [
        who for who, deck in (("attacker", att.deck), ("defender", dfd.deck)) if deck is not None and expend[who] > deck
    ]
    if not short:
        return None
    trace.add("Spirits are each player's life: running out loses", "elestrals.spirit.resource")
    for who in short:
        deck = att.deck if who == "attacker" else dfd.deck
        trace.add(
            f"The {who}'s controller must Expend {expend[who]} with {deck} Spirit(s) left: they lose",
            "elestrals.end.expend-from-empty",
        )
    if len(short) == 2:
        trace.add(
            "Both players must Expend Spirits they do not have at once: the game is a draw",
            "elestrals.end.simultaneous-loss",
        )
        return "both"
    return short[0]


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
            parts.append(f"the {who}'s controller Expends {expend[who]} Spirit(s)")
    if not any(expend.values()):
        parts.append("no Spirits are Expended")
    text = "; ".join(parts)
    if loser == "both":
        text += "; both players lose at once: a draw"
    elif loser:
        text += f"; the {loser}'s controller loses the game"
    return text


def position_change_by_effect(in_battle: bool) -> Ruling:
    """Whether an effect may change an Elestral's Position now: not once it has entered battle.

    Examples:
        >>> position_change_by_effect(True).legal
        False
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
        try:
            words = shlex.split(line)
        except ValueError as err:
            raise InvalidInputError(f"{where}{err}; close the quotes around a name") from None
        head, rest = words[0].lower(), words[1:]
        if head == "players":
            if len(rest) < 2 or len(set(rest)) != len(rest):
                raise InvalidInputError(f"{where}'players' names two or more different players, turn player first")
            players = tuple(rest)
            continue
        if head not in ("link", "waiting", "card"):
            raise InvalidInputError(f"{where}cannot read {line!r}; write {_CHAIN_FORMAT}")
        if head == "card":
            cards.append(_parse_card(rest, where))
            continue
        if not players:
            raise InvalidInputError(f"{where}name the players first ('players P1 P2', turn player first)")
        if len(rest) < 2:
            raise InvalidInputError(f"{where}{head} needs a player and a name, e.g. '{head} P1 Dragon'")
        if rest[0] not in players:
            raise InvalidInputError(f"{where}unknown player {rest[0]!r}; the players line names {', '.join(players)}")
        if head == "link":
            name, negates = _split_keyword(rest[1:], "negates", where)
            targets = tuple(_count(n, "a Negated link number", where) for n in negates.split(",")) if negates else ()
            for t in targets:
                if not links:
                    raise InvalidInputError(f"{where}the first link has no earlier link to Negate")
                if not 1 <= t <= len(links):
                    raise InvalidInputError(
                        f"{where}link {len(links) + 1} can only Negate an earlier link (1 to {len(links)}), not {t}"
                    )
            links.append(Link(rest[0], name, targets))
        else:
            name, source = _split_keyword(rest[1:], "from", where)
            waiting.append(Waiting(rest[0], name, source))
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
    values: dict[str, Any] = {"name": words[0]}
    for word in words[1:]:
        key, sep, raw = word.partition("=")
        key = key.lower()
        if key in ("artifact", "suppressed") and not sep:
            values[key] = True
        elif key in ("spirits", "cost") and sep:
            values[key] = _count(raw, key, where)
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


def resolve_chain(chain: Chain | str) -> Ruling:
    """Resolve a closed chain: newest link first, Negated links to the Underworld; then the check between
    chains; then the order in which waiting cards and effects join the next chain.

    ``value``: ``{"resolved": [...], "negated": [...], "underworld": [...], "one_more_chain": [...],
    "vanished": [...], "next_chain": [...], "next_resolution": [...]}``; link names are written
    ``"N. PLAYER NAME"``.

    Examples:
        >>> r = resolve_chain('players P1 P2\\nlink P1 Dragon\\nlink P2 Deny negates 1\\nlink P1 Rebuke negates 2')
        >>> r.value["resolved"], r.value["negated"]
        (['3. P1 Rebuke', '1. P1 Dragon'], ['2. P2 Deny'])
    """
    if isinstance(chain, str):
        chain = parse_chain(chain)
    trace = Trace()
    label = [f"{i}. {link.player} {link.name}" for i, link in enumerate(chain.links, 1)]
    trace.add("Links in the order added: " + "; ".join(label), "elestrals.chain.forming")
    trace.add("The chain is closed: no more links can be added", "elestrals.chain.closed")
    negated: set[int] = set()
    resolved: list[str] = []
    lost: list[str] = []
    for i in range(len(chain.links), 0, -1):
        link = chain.links[i - 1]
        if i in negated:
            lost.append(label[i - 1])
            trace.add(
                f"Link {label[i - 1]} is Negated: it goes to the Underworld instead of resolving",
                "elestrals.chain.negated",
            )
            continue
        resolved.append(label[i - 1])
        extra = f", Negating link {', '.join(map(str, link.negates))}" if link.negates else ""
        trace.add(f"Link {label[i - 1]} resolves{extra}", "elestrals.chain.newest-first")
        negated.update(link.negates)
    if any(link.negates for link in chain.links):
        trace.add("A Negated action's costs and permission stay spent", "elestrals.glossary.negate")
    waiting_from = {w.source for w in chain.waiting if w.source}
    underworld, stays = [], []
    for card in chain.cards:
        short = card.spirits is not None and card.cost is not None and card.spirits < card.cost
        lonely = card.artifact and card.empowering.lower() in ("", "none")
        if not (short or lonely):
            continue
        why = f"{card.spirits} Spirit(s) for a cost of {card.cost}" if short else "an Artifact Empowering no Elestral"
        rule = "elestrals.chain.between-chains" if short else "elestrals.rune.artifact"
        if short:
            trace.add(
                f"{card.name} stayed for the whole chain: Spirits are checked only between chains",
                "elestrals.advanced.last-spirit-cost",
            )
        if card.name in waiting_from:
            stays.append(card.name)
            trace.add(
                f"{card.name} fails the check ({why}) but stays one more chain: its conditional effect waits",
                "elestrals.chain.one-more-chain",
            )
        else:
            underworld.append(card.name)
            trace.add(f"Between chains: {card.name} has {why}, so it goes to the Underworld", rule)
    suppressed = {c.name for c in chain.cards if c.suppressed}
    vanished = [f"{w.player} {w.name}" for w in chain.waiting if w.source in suppressed]
    for item in vanished:
        trace.add(
            f"{item} waits in Limbo but its card is Suppressed: it disappears", "elestrals.chain.suppressed-vanish"
        )
    ready = [w for w in chain.waiting if w.source not in suppressed]
    if chain.waiting:
        trace.add("Cards and effects met during the closed chain waited in Limbo", "elestrals.chain.waiting-in-limbo")
    next_chain = [f"{w.player} {w.name}" for p in chain.players for w in ready if w.player == p]
    if next_chain:
        trace.add(
            f"The next chain opens: {chain.players[0]} (turn player) adds their waiting items first, then "
            + ", ".join(chain.players[1:])
            + "; each player's own in the order listed",
            "elestrals.chain.next-chain-order",
        )
        trace.add(
            "Each player's waiting items go on in the order listed, standing for their choice",
            "elestrals.interp.limbo-order",
        )
        trace.add("Newest first, so the turn player's waiting items resolve last", "elestrals.advanced.simultaneous")
    verdict = "Resolution order: " + (", ".join(resolved) or "nothing resolves")
    if lost:
        verdict += f"; Negated: {', '.join(lost)}"
    return trace.ruling(
        verdict,
        {
            "resolved": resolved,
            "negated": lost,
            "underworld": underworld,
            "one_more_chain": stays,
            "vanished": vanished,
            "next_chain": next_chain,
            "next_resolution": list(reversed(next_chain)),
        },
    )


# ---------------------------------------------------------------- main phase

#: The Main Phase actions :func:`main_action` judges.
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
_SPIRIT_ACTIONS = ("normal-cast", "normal-ascend", "enchant", "expend-draw")


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


def main_action(action: str, state: MainState | None = None, **described: Any) -> Ruling:
    """Whether the turn player may take a Main Phase ``action`` in the described position.

    ``action`` is one of :data:`ACTIONS`; the position is a :class:`MainState` or its fields as keywords.
    ``value``: ``{"action", "allowed", "uses_spirit_action"}``.

    Examples:
        >>> main_action("normal-cast", cost=2).verdict
        'normal-cast is not allowed: a Normal Cast Elestral must cost at most 1 Spirit (it costs 2)'
        >>> main_action("special-cast", spirit_action="normal-cast", cost=3).legal
        True
    """
    action = _name("Main Phase action", action, ACTIONS)
    st = state or MainState(**described)
    if st.spirit_action:
        _name("Spirit action", st.spirit_action, _SPIRIT_ACTIONS)
    _name("status", st.status, ("enchanted", "misenchanted", "suppressed"))
    _name("phase", st.phase, ("draw", "main", "battle", "end"))
    _name("Nexus card", st.receiver, ("elestral", "rune", "set", "invoke", "counter", "gone"))
    if st.rune:
        _name("Rune type", st.rune, RUNE_TYPES)
    if min(st.elestrals, st.runes, st.cost) < 0:
        raise InvalidInputError("the numbers of filled slots and the cost cannot be negative")
    trace = Trace()
    uses = action in _SPIRIT_ACTIONS

    def no(reason: str, rule: str) -> Ruling:
        trace.add(reason[0].upper() + reason[1:], rule)
        return trace.ruling(
            f"{action} is not allowed: {reason}",
            {"action": action, "allowed": False, "uses_spirit_action": uses},
            legal=False,
        )

    if st.phase != "main" and action == "activate":
        if not st.during:
            return no(
                f"an effect that names no phase works only in the Main Phase (this is the {st.phase} phase)",
                "elestrals.phase.default-main",
            )
        rule = {"draw": "elestrals.phase.draw", "end": "elestrals.phase.end"}.get(st.phase, "elestrals.phase.four")
        trace.add(f"The effect says it works during the {st.phase} phase", rule)
    if st.phase != "main" and action not in ("special-cast", "special-ascend", "cast-rune", "activate"):
        return no(f"{action} is a Main Phase action, and this is the {st.phase} phase", "elestrals.glossary.main-phase")
    if st.chain and st.phase == "main" and action not in ("cast-rune", "activate"):
        return no("a chain is active; Main Phase actions wait until it has resolved", "elestrals.main.no-active-chain")
    if uses:
        if st.spirit_action:
            trace.add(
                f"The Spirit action was already used this turn ({st.spirit_action})", "elestrals.main.spirit-action"
            )
            return no(
                "only one Spirit action per turn (Normal Cast, Normal Ascend, Enchant, or Expend to draw)",
                "elestrals.main.spirit-action",
            )
        trace.add("The once-per-turn Spirit action is still available", "elestrals.main.spirit-action")
    if action in ("special-cast", "special-ascend"):
        trace.add(
            "Special Cast and Special Ascend do not use the once-per-turn Spirit action", "elestrals.main.special-cast"
        )
    if action in ("normal-cast", "special-cast"):
        if st.elestrals >= _FIELD["elestral_slots"]:
            return no(
                f"all {_FIELD['elestral_slots']} Elestral Row slots are filled; only Ascending is possible",
                "elestrals.zone.elestral-row",
            )
        if action == "normal-cast" and st.cost > _DATA["normal_cast"]["max_cost"]:
            top = _DATA["normal_cast"]["max_cost"]
            return no(
                f"a Normal Cast Elestral must cost at most {top} Spirit (it costs {st.cost})",
                "elestrals.main.normal-cast-one-spirit",
            )
        trace.add("An empty Elestral Row slot is reserved for it while it waits in Limbo", "elestrals.zone.limbo")
        if action == "normal-cast":
            trace.add(
                "Reveal one Spirit and the Elestral, choose its Position; it resolves unless Negated",
                "elestrals.main.normal-cast",
            )
            trace.add("Attack Position upright, Defense Position sideways", "elestrals.main.position-on-cast")
        else:
            trace.add("Reveal Spirits until its Enchantment Cost is met", "elestrals.main.special-cast")
    elif action in ("normal-ascend", "special-ascend"):
        if st.elestrals == 0:
            return no("there is no Elestral on your field to Ascend from", "elestrals.main.normal-ascend")
        trace.add(
            "Ascending replaces an Elestral in its own slot, so a full row does not stop it",
            "elestrals.zone.elestral-row",
        )
        trace.add("Ascending counts as Casting: 'when you Cast' effects activate", "elestrals.advanced.ascend-is-cast")
        trace.add(
            "The Ascending Elestral's Artifacts go to the Underworld with it",
            "elestrals.advanced.ascend-loses-artifacts",
        )
        if action == "normal-ascend":
            trace.add(
                "One Spirit from the Spirit Deck plus any Spirits Enchanting your Elestrals go under it",
                "elestrals.main.normal-ascend",
            )
        else:
            trace.add(
                "Spirits beyond the first must come from the field or the Ascending Elestral",
                "elestrals.main.special-ascend",
            )
    elif action == "enchant":
        if st.elestrals == 0:
            return no("there is no Elestral on your field to Enchant", "elestrals.main.enchant")
        trace.add("Attach one Spirit from the Spirit Deck to one of your Elestrals", "elestrals.main.enchant")
        trace.add("Spirits arriving together are received once", "elestrals.advanced.receive-spirits")
    elif action == "expend-draw":
        trace.add("Expend one Spirit and draw one card", "elestrals.main.expend-draw")
    elif action == "set-rune":
        if st.rune == "stadium":
            return no("a Stadium cannot be Set; it is Cast into the Stadium slot", "elestrals.main.set-rune")
        if st.runes >= _FIELD["rune_slots"]:
            return no(f"all {_FIELD['rune_slots']} Rune Row slots are filled", "elestrals.zone.rune-row")
        trace.add("Any number of non-Stadium Runes may be Set face-down, without Spirits", "elestrals.main.set-rune")
    elif action == "cast-rune":
        result = _cast_rune(st, trace)
        if result:
            return no(*result)
    elif action == "change-position":
        if st.cast_this_turn:
            trace.add(
                "Ascending counts as Casting, so an Elestral Ascended into this turn counts too",
                "elestrals.interp.ascended-counts-as-cast",
            )
            return no("an Elestral Cast this turn cannot change Position", "elestrals.main.position-change")
        if st.changed:
            return no("each Elestral changes Position at most once per turn", "elestrals.main.position-change")
        trace.add(
            "Not Cast this turn and not yet changed by you this turn: it may switch Position",
            "elestrals.main.position-change",
        )
        trace.add(
            "A Position changed by an effect does not use up this change",
            "elestrals.advanced.position-changed-by-effect",
        )
    elif action == "activate":
        if st.status in ("misenchanted", "suppressed"):
            rule = "elestrals.card.misenchanted" if st.status == "misenchanted" else "elestrals.advanced.suppressed"
            trace.add("A Misenchanted or Suppressed card has no effect to activate", "elestrals.main.activate-effect")
            return no(f"the card is {st.status}, so it has no effect", rule)
        if not st.target:
            return no("the effect needs a target and none is available", "elestrals.advanced.targets-needed")
        trace.add(
            "Choose targets and pay the cost before 'in order to'; then players may respond",
            "elestrals.main.activate-effect",
        )
        trace.add("Active effects: once per turn", "elestrals.card.active")
    elif action == "nexus":
        if st.receiver in ("set", "invoke", "counter"):
            trace.add("Set cards and Invoke or Counter Runes cannot be chosen for a Nexus", "elestrals.nexus.move")
            rule = "elestrals.advanced.nexus-set-rune" if st.receiver == "set" else "elestrals.advanced.nexus-instant"
            what = {"set": "a Set card", "invoke": "an Invoke Rune", "counter": "a Counter Rune"}[st.receiver]
            return no(f"{what} cannot give or receive Spirits in a Nexus", rule)
        if st.receiver == "gone":
            trace.add("One of the cards is no longer on the field", "elestrals.nexus.nothing-happens")
            return trace.ruling(
                "nexus does nothing: a card is no longer on the field",
                {"action": action, "allowed": True, "uses_spirit_action": False},
                legal=True,
            )
        trace.add(
            "The Spirits are Disenchanted from one card and Enchanted to the other at the same time",
            "elestrals.nexus.move",
        )
    if uses:
        trace.add("This uses the turn's Spirit action", "elestrals.main.spirit-action")
        if action in ("normal-cast", "normal-ascend"):
            trace.add("Even if it is Negated, the Spirit action stays used", "elestrals.interp.spirit-action-failed")
    return trace.ruling(
        f"{action} is allowed", {"action": action, "allowed": True, "uses_spirit_action": uses}, legal=True
    )


def _cast_rune(st: MainState, trace: Trace) -> tuple[str, str] | None:
    rune = _name("Rune type", st.rune or "", RUNE_TYPES) if st.rune else ""
    if not rune:
        raise InvalidInputError("cast-rune needs the Rune type (rune=invoke|counter|artifact|divine|stadium)")
    kind = "Instant" if rune in _INSTANT else "Continuous"
    trace.add(f"{rune.capitalize()} Runes are {kind} Runes", "elestrals.rune.types")
    if rune == "counter" and not st.set:
        return "a Counter Rune can only be Cast after it has been Set", "elestrals.rune.counter"
    if st.set and st.set_this_turn:
        return "a Set Rune can be Cast only after the turn it was Set", "elestrals.main.set-then-cast"
    if st.phase != "main" and rune != "counter":
        return (
            f"only Counter Runes are Cast outside your Main Phase (this is the {st.phase} phase)",
            "elestrals.glossary.invoke",
        )
    if st.chain and rune != "counter":
        return "only Counter Runes can be added to an active chain", "elestrals.main.no-active-chain"
    if st.set:
        trace.add("A Set Rune is turned face-up and its Spirits added to its slot", "elestrals.main.cast-rune")
    elif rune == "stadium":
        trace.add(
            "A Stadium goes to the Stadium slot; the Enchanted one, any player's, is replaced",
            "elestrals.main.stadium-cast",
        )
        trace.add("Only one Stadium at a time", "elestrals.zone.stadium")
    elif st.runes >= _FIELD["rune_slots"]:
        if rune != "invoke":
            return (
                f"all {_FIELD['rune_slots']} Rune Row slots are filled and only an Invoke Rune may replace a Rune",
                "elestrals.zone.rune-row",
            )
        trace.add(
            "The Rune Row is full: the Invoke Rune replaces a chosen Rune and reuses its Spirits",
            "elestrals.main.invoke-replaces",
        )
    else:
        trace.add("It goes into an open Rune Row slot", "elestrals.main.cast-rune")
    if not st.target:
        return "the Rune needs a target and none is available", "elestrals.advanced.targets-needed"
    trace.add("Exactly enough Spirits to meet its cost", "elestrals.main.rune-exact-spirits")
    if rune in _INSTANT:
        trace.add(
            "Instant Runes may also be paid with Spirits Enchanting your cards", "elestrals.main.instant-field-spirits"
        )
        trace.add("An Instant Rune resolves and goes to the Underworld with its Spirits", "elestrals.rune.instant")
    else:
        if rune == "artifact":
            trace.add(
                "An Artifact targets the Elestral it will Empower, any player's", "elestrals.main.artifact-targets"
            )
            trace.add(
                "It may Empower an opponent's Elestral as well as yours", "elestrals.advanced.artifact-any-elestral"
            )
        elif rune == "divine":
            trace.add("A Divine Rune is Disenchanted once per turn for its power", "elestrals.rune.divine")
        elif rune == "stadium":
            trace.add("A Stadium changes the field for every player's Elestrals", "elestrals.rune.stadium")
        trace.add("A Continuous Rune enters the field and stays", "elestrals.rune.continuous")
    return None
