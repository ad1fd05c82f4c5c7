"""Elestrals battle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rulebook.elestrals.cards import final_stats
from rulebook.elestrals.core import POSITIONS, _count, _name, options
from rulebook.errors import InvalidInputError
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

__all__ = ["Combatant", "battle", "parse_combatant", "position_change_by_effect"]

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
