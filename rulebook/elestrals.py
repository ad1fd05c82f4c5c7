"""Elestrals: the How to Play Guide as code, working on described positions.

No card list exists in the sources, so every query takes a *described* position: an Elestral is its
Attack, Defense, Position and number of Spirits; a chain is its links; a deck is a list of names and
counts. Each query returns a [`Ruling`][rulebook.ruling.Ruling] whose trace cites the records of
``rulebook/data/elestrals.toml``; the numbers (deck sizes, slots, copy limit, mulligan cost) are read
from that file's data tables.

The queries:

* [`final_stats`][rulebook.elestrals.final_stats]: stat modifiers in the guide's order (set, then increase/decrease,
  then swap).
* [`battle`][rulebook.elestrals.battle]: attack legality and the outcome of one battle.
* [`resolve_chain`][rulebook.elestrals.resolve_chain]: a chain's resolution order, the check between chains, and the
  next chain.
* [`enchantment`][rulebook.elestrals.enchantment]: Enchanted, Misenchanted or too few Spirits.
* [`main_action`][rulebook.elestrals.main_action]: whether a Main Phase action is allowed.
* [`check_deck`][rulebook.elestrals_match.check_deck]: every problem of a deck list;
  [`standings`][rulebook.elestrals_match.standings]: a tournament ranking (these and the other setup, end-of-game and
  tournament rulings live in [`rulebook.elestrals_match`][rulebook.elestrals_match] and are re-exported here).
* Smaller rulings: [`game_end`][rulebook.elestrals_match.game_end],
  [`end_of_round`][rulebook.elestrals_match.end_of_round], [`mulligan`][rulebook.elestrals_match.mulligan],
  [`up_to`][rulebook.elestrals.up_to], [`effect_applies`][rulebook.elestrals.effect_applies],
  [`effect_resolves`][rulebook.elestrals.effect_resolves], [`take_control`][rulebook.elestrals.take_control].

Examples:
    >>> from rulebook import elestrals
    >>> print(elestrals.final_stats(3, 2, ["swap", "attack +2", "set defense 0"]))
    Final stats: Attack 0, Defense 5
      1. Base stats: Attack 3, Defense 2  [elestrals.card.stats]
      2. Step 1, set: set defense 0 -> Attack 3, Defense 0  [elestrals.advanced.stat-order]
      3. Step 2, increase/decrease: attack +2 -> Attack 5, Defense 0  [elestrals.advanced.stat-order]
      4. Step 3, swap: swap -> Attack 0, Defense 5  [elestrals.advanced.stat-order]
      5. Within each step, effects apply in the order they were Cast or activated  [elestrals.advanced.stat-same-step]
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, UnknownNameError, lookup
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

__all__ = [
    "ACTIONS",
    "ANY_SPIRIT",
    "POSITIONS",
    "RUNE_TYPES",
    "SPIRIT_TYPES",
    "Chain",
    "Combatant",
    "FieldCard",
    "Link",
    "MainState",
    "StatEffect",
    "Waiting",
    "battle",
    "card_against_rule",
    "card_marking",
    "effect_applies",
    "effect_category",
    "effect_resolves",
    "enchantment",
    "final_stats",
    "glossary",
    "golden_apple",
    "main_action",
    "may_look",
    "options",
    "parse_chain",
    "parse_combatant",
    "parse_effect",
    "parse_effects",
    "phases",
    "position_change_by_effect",
    "resolve_chain",
    "stadium_replacement",
    "take_control",
    "up_to",
    "who_chooses",
]

_RULESET = _rules("elestrals")
_DATA: Mapping[str, Any] = _RULESET.data

#: Spirit types accepted by name (the five original elements, then later sets').
SPIRIT_TYPES: tuple[str, ...] = tuple(_DATA["spirits"]["types"])
#: Symbols for a cost position any Spirit can pay.
ANY_SPIRIT: tuple[str, ...] = tuple(_DATA["spirits"]["any"])
_DECKS: Mapping[str, int] = _DATA["decks"]
_FIELD: Mapping[str, int] = _DATA["field"]
_TOURNAMENT: Mapping[str, int] = _DATA["tournament"]
#: An Elestral's two Positions.
POSITIONS: tuple[str, ...] = ("attack", "defense")
#: The five types of Rune, Instant first.
RUNE_TYPES: tuple[str, ...] = ("invoke", "counter", "artifact", "divine", "stadium")
_INSTANT = ("invoke", "counter")


def options(chosen: Mapping[str, object] | None = None) -> Options:
    """The Elestrals rules options in force: the defaults, with ``chosen`` values validated and applied.

    Examples:
        >>> options({"stat-floor": "none"})["stat-floor"]
        'none'
    """
    if isinstance(chosen, Options):
        return chosen
    return _RULESET.options(chosen or {})


def _name(kind: str, value: str, accepted: Sequence[str]) -> str:
    return lookup(kind, value, accepted)


def _int(text: str, what: str, where: str = "") -> int:
    try:
        value = int(text)
    except ValueError:
        raise InvalidInputError(f"{where}{what} must be a whole number, not {text!r}") from None
    return value


def _count(text: str, what: str, where: str = "") -> int:
    value = _int(text, what, where)
    if value < 0:
        raise InvalidInputError(f"{where}{what} cannot be negative ({value})")
    return value


# ---------------------------------------------------------------- stat modifiers


@dataclass(frozen=True, slots=True)
class StatEffect:
    """One effect on an Elestral's stats: ``set`` a stat, ``change`` it by ``amount``, or ``swap`` both."""

    kind: str
    stat: str = ""
    amount: int = 0
    text: str = ""

    @property
    def step(self) -> int:
        """The step (1 set, 2 increase/decrease, 3 swap) in which the effect applies."""
        return ("set", "change", "swap").index(self.kind) + 1


_STAT_NAMES = {"attack": "attack", "atk": "attack", "defense": "defense", "def": "defense", "defence": "defense"}
_EFFECT_FORMS = "'set attack 3', 'attack +2', 'defense -1' or 'swap'"


def parse_effect(text: str) -> StatEffect:
    """Read one stat effect: ``set attack 3``, ``attack +2``, ``defense -1`` or ``swap``.

    Examples:
        >>> parse_effect("Attack +2")
        StatEffect(kind='change', stat='attack', amount=2, text='attack +2')
        >>> parse_effect("double attack")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read stat effect 'double attack'; write 'set attack 3', ...
    """
    words = text.strip().lower().split()
    clean = " ".join(words)

    def stat(word: str) -> str:
        if word not in _STAT_NAMES:
            raise UnknownNameError("stat", word, ["attack", "defense"])
        return _STAT_NAMES[word]

    if words == ["swap"]:
        return StatEffect("swap", text=clean)
    if len(words) in (3, 4) and words[0] == "set" and (len(words) == 3 or words[2] in ("to", "=")):
        return StatEffect("set", stat(words[1]), _int(words[-1], "the value set"), clean)
    if len(words) == 2 and re.fullmatch(r"[+-]\d+", words[1]):
        return StatEffect("change", stat(words[0]), int(words[1]), clean)
    raise InvalidInputError(f"cannot read stat effect {text.strip()!r}; write {_EFFECT_FORMS}")


def parse_effects(text: str) -> list[StatEffect]:
    """Read an effects file: one stat effect per line, in the order Cast or activated (``#`` comments).

    Examples:
        >>> [e.kind for e in parse_effects("swap\\n# a comment\\nattack +1")]
        ['swap', 'change']
        >>> parse_effects("swap\\ntriple")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 2: cannot read stat effect 'triple'; write 'set attack 3', ...
    """
    effects = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            try:
                effects.append(parse_effect(line))
            except InvalidInputError as err:
                raise InvalidInputError(f"line {number}: {err}") from None
    return effects


def final_stats(
    attack: int, defense: int, effects: Iterable[str | StatEffect], opts: Mapping[str, object] | None = None
) -> Ruling:
    """The stats after every effect, applied set, then increase/decrease, then swap; each step in the
    order the effects were Cast or activated (the order given).

    ``value``: ``{"attack", "defense", "steps": [{"step", "effect", "attack", "defense"}]}``.

    Examples:
        >>> r = final_stats(2, 4, ["swap", "swap"])
        >>> (r.value["attack"], r.value["defense"])
        (2, 4)
        >>> final_stats(1, 1, ["attack -3"]).value["attack"]
        0
    """
    opts = options(opts)
    floor = opts["stat-floor"]
    parsed = [e if isinstance(e, StatEffect) else parse_effect(e) for e in effects]
    trace = Trace()
    trace.add(f"Base stats: Attack {attack}, Defense {defense}", "elestrals.card.stats")
    stats = {"attack": attack, "defense": defense}
    names = {1: "set", 2: "increase/decrease", 3: "swap"}
    steps = []
    dipped = False  # whether a stat went below 0 at some point
    for step in (1, 2, 3):
        for eff in (e for e in parsed if e.step == step):
            if eff.kind == "set":
                stats[eff.stat] = eff.amount
            elif eff.kind == "change":
                stats[eff.stat] += eff.amount
            else:
                stats["attack"], stats["defense"] = stats["defense"], stats["attack"]
            dipped = dipped or min(stats.values()) < 0
            if floor == "each-step":
                stats = {k: max(0, v) for k, v in stats.items()}
            steps.append({"step": step, "effect": eff.text, **stats})
            trace.add(
                f"Step {step}, {names[step]}: {eff.text} -> Attack {stats['attack']}, Defense {stats['defense']}",
                "elestrals.advanced.stat-order",
            )
    if len(parsed) > 1:
        trace.add(
            "Within each step, effects apply in the order they were Cast or activated",
            "elestrals.advanced.stat-same-step",
        )
    if floor == "final" and min(stats.values()) < 0:
        stats = {k: max(0, v) for k, v in stats.items()}
        trace.add("A stat below 0 counts as 0 (option stat-floor=final)", "elestrals.interp.stat-floor")
    elif floor == "final" and dipped:
        trace.add(
            "A stat went below 0 along the way; only the final stat is floored (option stat-floor=final)",
            "elestrals.interp.stat-floor",
        )
    elif floor == "each-step" and dipped:
        trace.add("Each stat was floored at 0 after every effect (stat-floor=each-step)", "elestrals.interp.stat-floor")
    elif floor == "none" and dipped:
        trace.add("Negative stats stay negative (option stat-floor=none)", "elestrals.interp.stat-floor")
    return trace.ruling(
        f"Final stats: Attack {stats['attack']}, Defense {stats['defense']}",
        {"attack": stats["attack"], "defense": stats["defense"], "steps": steps},
    )


# ---------------------------------------------------------------- enchantment


def _spirit(word: str, *, allow_any: bool) -> str:
    key = word.strip().lower()
    if allow_any and key in ANY_SPIRIT:
        return "&"
    accepted = [*SPIRIT_TYPES, *ANY_SPIRIT] if allow_any else list(SPIRIT_TYPES)
    return _name("Spirit type", key, accepted)


def _spirit_list(text: str | Sequence[str], *, allow_any: bool) -> list[str]:
    """Read ``"fire fire &"`` or ``"2 fire, &"`` (a count before a type repeats it)."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out: list[str] = []
    repeat = 1
    for word in words:
        if word.isdigit():
            repeat = int(word)
            continue
        out += [_spirit(word, allow_any=allow_any)] * repeat
        repeat = 1
    return out


def enchantment(cost: str | Sequence[str], spirits: str | Sequence[str]) -> Ruling:
    """Whether a card with this Enchantment Cost is Enchanted, Misenchanted or short of Spirits.

    ``cost`` and ``spirits`` are Spirit types (``"fire fire &"``, ``"2 water"``); ``&`` (or ``omni``)
    in a cost is paid by any Spirit. ``value``: ``{"status": "enchanted" | "misenchanted" | "too-few",
    "has_effect", "stays"}``.

    Examples:
        >>> enchantment("fire &", "water water").value["status"]
        'misenchanted'
        >>> enchantment("fire &", "fire water").value["status"]
        'enchanted'
        >>> enchantment("2 fire", "fire").verdict
        'Too few Spirits (1 of 2): sent to the Underworld after the current chain'
    """
    need = _spirit_list(cost, allow_any=True)
    have = _spirit_list(spirits, allow_any=False)
    trace = Trace()
    trace.add(
        f"Enchantment Cost: {len(need)} Spirit(s) ({' '.join(need) or 'none'})", "elestrals.card.enchantment-cost"
    )
    trace.add("Spirit types: " + ", ".join(SPIRIT_TYPES), "elestrals.facts.spirit-types")
    if "&" in need:
        trace.add("Each & may be paid by any Spirit", "elestrals.rune.any-spirit")
        trace.add("The card data writes & as omni; both are accepted", "elestrals.facts.omni")
    if len(have) < len(need):
        trace.add(f"{len(have)} Spirit(s) Enchanting it, fewer than {len(need)}", "elestrals.card.too-few-spirits")
        trace.add(
            "Checked only between chains: it goes once the current chain resolves", "elestrals.chain.between-chains"
        )
        return trace.ruling(
            f"Too few Spirits ({len(have)} of {len(need)}): sent to the Underworld after the current chain",
            {"status": "too-few", "has_effect": False, "stays": False},
        )
    missing = {t: need.count(t) - have.count(t) for t in set(need) - {"&"} if need.count(t) > have.count(t)}
    if missing:
        short = ", ".join(f"{n} {t}" for t, n in sorted(missing.items()))
        trace.add(f"Enough Spirits, but the types fall short by {short}", "elestrals.card.misenchanted")
        trace.add("A Misenchanted card stays, battles, and has no effect", "elestrals.glossary.misenchanted")
        return trace.ruling(
            f"Misenchanted: enough Spirits but the wrong types (short {short}); it stays but has no effect",
            {"status": "misenchanted", "has_effect": False, "stays": True},
        )
    trace.add("Enough Spirits of the right types meet the cost", "elestrals.glossary.enchanted")
    return trace.ruling(
        "Enchanted: the cost is met and the card has its effect",
        {"status": "enchanted", "has_effect": True, "stays": True},
    )


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

    ``attacker_effects`` and ``defender_effects`` are stat effects on each side (see
    [`final_stats`][rulebook.elestrals.final_stats]), applied to the described stats before the battle.

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

    ``action`` is one of [`ACTIONS`][rulebook.elestrals.ACTIONS]; the position is a
    [`MainState`][rulebook.elestrals.MainState] or its fields as keywords. ``value``: ``{"action", "allowed",
    "uses_spirit_action"}``.

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


# ---------------------------------------------------------------- effects, choices, control


def effect_category(text: str) -> Ruling:
    """The category of an Elestral's or Continuous Rune's effect from how its text opens.

    Examples:
        >>> effect_category("When this Elestral is destroyed, draw a card.").value
        'conditional'
        >>> effect_category("During your End Phase, you can Expend a Spirit in order to draw.").value
        'active'
    """
    words = text.strip().lower()
    if not words:
        raise InvalidInputError("give the effect's text, e.g. 'you can draw a card'")
    trace = Trace()
    trace.add("Effects are active, conditional or passive", "elestrals.card.effect-categories")
    if len([x for x in re.split(r"[.!]\s+", text.strip()) if x]) > 1:
        trace.add(
            "More than one sentence: the first is classified; a later one may start a new effect",
            "elestrals.advanced.multiple-effects",
        )
    first = re.sub(r"^during [^,]+,\s*", "", words)
    if first.startswith(("you can", "you must")):
        trace.add("It opens with 'you can' or 'you must': an active effect, once per turn", "elestrals.card.active")
        return trace.ruling("Active effect", "active")
    if words.startswith("when"):
        trace.add(
            "It opens with 'when' and an event: a conditional effect, once each time", "elestrals.card.conditional"
        )
        return trace.ruling("Conditional effect", "conditional")
    trace.add("It opens with 'while' or states a fact: a passive effect, never activated", "elestrals.card.passive")
    return trace.ruling("Passive effect", "passive")


def effect_applies(kind: str, source: str, *, duration_over: bool = False) -> Ruling:
    """Whether a change still applies: a ``passive`` effect, or a ``duration`` change made by a resolved
    active or conditional effect, when its source card is ``enchanted``, ``suppressed``,
    ``misenchanted`` or ``gone`` (left the field).

    Examples:
        >>> effect_applies("duration", "gone").legal
        True
        >>> effect_applies("passive", "misenchanted").legal
        False
    """
    kind = _name("kind of effect", kind, ("passive", "duration"))
    source = _name("source status", source, ("enchanted", "suppressed", "misenchanted", "gone"))
    trace = Trace()
    if kind == "duration":
        if duration_over:
            trace.add("Its duration is over", "elestrals.advanced.duration-vs-passive")
            return trace.ruling("Does not apply: the duration has run out", {"applies": False}, legal=False)
        trace.add(
            f"A resolved effect with a duration keeps applying though its source is {source}",
            "elestrals.advanced.duration-vs-passive",
        )
        trace.add(
            "Without a stated duration: while its card is Enchanted, or forever from an Instant Rune",
            "elestrals.advanced.default-duration",
        )
        return trace.ruling("Applies until its duration runs out", {"applies": True}, legal=True)
    if source == "enchanted":
        trace.add("A passive applies while its card is on the field and Enchanted", "elestrals.card.passive")
        return trace.ruling("Applies: the card is on the field and Enchanted", {"applies": True}, legal=True)
    rule = {"suppressed": "elestrals.advanced.suppressed", "misenchanted": "elestrals.card.misenchanted"}.get(
        source, "elestrals.advanced.duration-vs-passive"
    )
    trace.add(f"A passive stops at once when its card is {source}", "elestrals.advanced.duration-vs-passive")
    if source == "suppressed":
        trace.add("Suppressed is caused by effects; Misenchanted by the rules; both remove the effect", rule)
    elif source == "misenchanted":
        trace.add("A Misenchanted card has no effect", rule)
    return trace.ruling(f"Does not apply while the card is {source}", {"applies": False}, legal=False)


def effect_resolves(*, negated: bool = False, source: str = "enchanted", target_gone: bool = False) -> Ruling:
    """Whether an activated effect (or Cast Rune) on the chain resolves: only Negating stops it; a lost
    target makes it partial. ``source`` is its card's status now (``enchanted``, ``suppressed``,
    ``misenchanted``, ``gone``).

    Examples:
        >>> effect_resolves(source="gone").verdict
        'Resolves in full: an activated effect is separate from its card'
        >>> effect_resolves(negated=True).legal
        False
    """
    source = _name("source status", source, ("enchanted", "suppressed", "misenchanted", "gone"))
    trace = Trace()
    if negated:
        trace.add("A Negated effect does not resolve; its cost stays paid", "elestrals.main.negated-spent")
        trace.add("Negated, not merely impossible", "elestrals.advanced.impossible-vs-negated")
        return trace.ruling("Does not resolve: Negated (the cost stays paid)", {"resolves": "no"}, legal=False)
    if source != "enchanted":
        trace.add(
            f"Its card is {source}, but only Negating stops an activated effect", "elestrals.main.effect-independent"
        )
    if source == "suppressed":
        trace.add(
            "An effect already on the chain resolves though its card is Suppressed", "elestrals.advanced.suppressed"
        )
    if target_gone:
        trace.add(
            "The target is gone: nothing happens to it, the rest still happens", "elestrals.advanced.targets-needed"
        )
        trace.add("Partly impossible effects do what they can", "elestrals.main.partial-resolve")
        return trace.ruling(
            "Resolves partially: the parts about the lost target are skipped", {"resolves": "partially"}, legal=True
        )
    return trace.ruling(
        "Resolves in full: an activated effect is separate from its card", {"resolves": "fully"}, legal=True
    )


def up_to(number: int, available: int) -> Ruling:
    """How many objects an effect saying "up to ``number``" lets you choose when ``available`` exist.

    ``value``: ``{"min", "max"}`` (both 0 when there is nothing to choose).

    Examples:
        >>> up_to(3, 2).value
        {'min': 1, 'max': 2}
    """
    if number < 1 or available < 0:
        raise InvalidInputError("'up to' needs a number of at least 1 and a count of available objects of at least 0")
    trace = Trace()
    if available == 0:
        trace.add("Nothing of that kind exists: nothing is chosen", "elestrals.interp.up-to-none")
        return trace.ruling("Choose nothing: there is no such object", {"min": 0, "max": 0})
    top = min(number, available)
    trace.add(f"Choose between 1 and {number}, or 1 and the {available} there are", "elestrals.advanced.up-to")
    return trace.ruling(f"Choose from 1 to {top}", {"min": 1, "max": top})


def who_chooses(qualifying: int, named_chooser: str = "") -> Ruling:
    """Who picks the card or player an effect applies to when it says "a" or "an" and ``qualifying`` fit.

    Examples:
        >>> who_chooses(2).value
        'controller'
    """
    trace = Trace()
    if qualifying < 2:
        trace.add("Only one qualifies: no choice to make", "elestrals.advanced.a-an")
        return trace.ruling("No choice: only one object qualifies", "none")
    if named_chooser:
        trace.add(f"The effect says {named_chooser} chooses", "elestrals.advanced.a-an")
        return trace.ruling(f"{named_chooser} chooses, as the effect says", named_chooser)
    trace.add("Several qualify: the effect's controller chooses", "elestrals.advanced.a-an")
    return trace.ruling("The effect's controller chooses which", "controller")


def take_control(open_slots: int, *, your_turn: bool = True, cast_this_turn: bool = False) -> Ruling:
    """Whether you can take control of an opponent's Elestral, and what you may then do with it.

    Examples:
        >>> take_control(0).legal
        False
        >>> take_control(1, cast_this_turn=True).value["may_change_position"]
        False
    """
    trace = Trace()
    if open_slots < 1:
        trace.add("Control needs an open slot in your Elestral Row", "elestrals.advanced.taking-control")
        return trace.ruling("Cannot take control: no open Elestral Row slot", {"allowed": False}, legal=False)
    trace.add(
        "It moves with its Spirits to your open slot, same Position and Artifacts", "elestrals.advanced.taking-control"
    )
    may = your_turn and not cast_this_turn
    if your_turn:
        trace.add(
            "On your turn you may attack with it, Ascend from it, or use its Spirits for Instant Runes",
            "elestrals.advanced.taking-control",
        )
    if cast_this_turn:
        trace.add("It was Cast this turn, so its Position cannot be changed", "elestrals.main.position-change")
    return trace.ruling(
        "You take control; it goes to its owner's zones when it leaves",
        {"allowed": True, "may_change_position": may, "may_attack": your_turn},
        legal=True,
    )


def card_against_rule(effects_cant: bool) -> Ruling:
    """Which wins when a card's text contradicts a rule: the card, unless the rule says "effects can't".

    Examples:
        >>> card_against_rule(False).value
        'card'
    """
    trace = Trace()
    if effects_cant:
        trace.add("A rule saying effects can't do something always wins", "elestrals.advanced.card-over-rule")
        return trace.ruling("The rule wins: it says effects can't", "rule")
    trace.add(
        "Follow the rules as far as possible and the card where they disagree", "elestrals.advanced.card-over-rule"
    )
    trace.add("A card is read by its current text, errata included", "elestrals.facts.card-text-errata")
    return trace.ruling("The card wins where it disagrees with the rules", "card")


def stadium_replacement(*, negated: bool = False, opts: Mapping[str, object] | None = None) -> Ruling:
    """What happens to the Stadium in place when another is Cast, and whether a Negated one replaces it.

    ``value``: ``{"old_stadium": "stays" | "underworld", "when": "on-resolve" | "on-cast"}``.

    Examples:
        >>> stadium_replacement().value
        {'old_stadium': 'underworld', 'when': 'on-resolve'}
    """
    opts = options(opts)
    when = opts["stadium-replaced"]
    trace = Trace()
    trace.add("Only one Stadium exists at a time; any player's old one is replaced", "elestrals.zone.stadium")
    trace.add(
        f"The old Stadium leaves {when.replace('-', ' ')} (option stadium-replaced)",
        "elestrals.interp.stadium-replacement",
    )
    if when == "on-cast":
        trace.add(
            "Following the Casting steps, it leaves as the new one is put in the slot", "elestrals.main.stadium-cast"
        )
        verdict = "The old Stadium is sent to the Underworld as the new one is Cast" + (
            ", even though the new one is Negated" if negated else ""
        )
        return trace.ruling(verdict, {"old_stadium": "underworld", "when": when})
    if negated:
        trace.add("A Negated Stadium never enters the field, so it replaces nothing", "elestrals.chain.negated")
        return trace.ruling("The old Stadium stays: the new one was Negated", {"old_stadium": "stays", "when": when})
    return trace.ruling(
        "The old Stadium goes to the Underworld as the new one enters the field",
        {"old_stadium": "underworld", "when": when},
    )


def golden_apple(*, can_discard: bool, opponent_hand: int) -> Ruling:
    """The guide's worked example of an effect without "target": Golden Apple of Discord. Its cost is
    discarding a card; it then has the chosen opponent discard and send 2 cards from their deck to their
    Underworld. The guide gives no more of its text, so the size of the opponent's discard is left open.

    ``value``: ``{"castable", "opponent_discard": "happens" | "skipped", "opponent_deck_to_underworld"}``.

    Examples:
        >>> golden_apple(can_discard=True, opponent_hand=0).value
        {'castable': True, 'opponent_discard': 'skipped', 'opponent_deck_to_underworld': 2}
    """
    if opponent_hand < 0:
        raise InvalidInputError("the opponent's hand size cannot be negative")
    trace = Trace()
    if not can_discard:
        trace.add("The cost before 'in order to' must be paid: you cannot discard", "elestrals.advanced.no-target-word")
        return trace.ruling("Cannot be Cast: its cost cannot be paid", {"castable": False}, legal=False)
    trace.add(
        "No 'target' in its text: it may be Cast even if part of it cannot happen", "elestrals.advanced.no-target-word"
    )
    part = "happens" if opponent_hand else "skipped"
    if not opponent_hand:
        trace.add("The opponent has no card to discard: that part is skipped", "elestrals.main.partial-resolve")
    trace.add("They still send 2 cards from their deck to their Underworld", "elestrals.advanced.no-target-word")
    what = "the opponent discards" if opponent_hand else "the opponent has nothing to discard, but"
    return trace.ruling(
        f"Cast it: {what} sends 2 cards from their deck to the Underworld".replace(
            "discards sends", "discards and sends"
        ),
        {"castable": True, "opponent_discard": part, "opponent_deck_to_underworld": 2},
        legal=True,
    )


# ---------------------------------------------------------------- information, first player, phases, glossary

_ZONES = ("spirit-deck", "main-deck", "underworld", "hand", "field")


def may_look(zone: str, whose: str) -> Ruling:
    """Whether a player may look through a zone: their ``own`` or an ``opponent``'s.

    Examples:
        >>> may_look("spirit-deck", "own").legal
        True
        >>> may_look("spirit-deck", "opponent").verdict
        "No: you may only ask how many cards are in an opponent's Spirit Deck"
    """
    zone = _name("zone", zone, _ZONES)
    whose = _name("owner", whose, ("own", "opponent"))
    trace = Trace()
    if zone == "underworld":
        trace.add("The Underworld is a face-up pile anyone may look through", "elestrals.zone.underworld")
        return trace.ruling("Yes: any player may look through any Underworld", {"may_look": True}, legal=True)
    if zone == "field":
        trace.add("The field holds the zones players control", "elestrals.zone.your-field")
        trace.add("Each player's zones are laid out the same way", "elestrals.zone.layout")
        return trace.ruling("Yes: face-up cards on the field are public", {"may_look": True}, legal=True)
    if zone == "hand":
        trace.add("The hand is held by its owner; it has no size limit", "elestrals.zone.hand")
        ok = whose == "own"
        verdict = "Yes: your own hand" if ok else "No: an opponent's hand is hidden"
        return trace.ruling(verdict, {"may_look": ok}, legal=ok)
    trace.add("Who may look through the decks", "elestrals.setup.hidden-information")
    if zone == "spirit-deck":
        trace.add("The Spirit Deck is never shuffled; its owner may look at any time", "elestrals.zone.spirit-deck")
        if whose == "own":
            return trace.ruling("Yes: your own Spirit Deck, at any time", {"may_look": True}, legal=True)
        return trace.ruling(
            "No: you may only ask how many cards are in an opponent's Spirit Deck", {"may_look": False}, legal=False
        )
    trace.add("The Main Deck is shuffled; Searched cards are revealed", "elestrals.zone.main-deck")
    return trace.ruling(
        "No: once shuffled, no one looks through a Main Deck unless a card says so", {"may_look": False}, legal=False
    )


def phases(first_turn: bool = False) -> Ruling:
    """The phases of a turn, in order; on the game's first turn the first player skips Draw and Battle.

    Examples:
        >>> phases(first_turn=True).value
        ['main', 'end']
    """
    trace = Trace()
    trace.add("A turn has four phases: Draw, Main, Battle, End", "elestrals.phase.four")
    order = ["draw", "main", "battle", "end"]
    if first_turn:
        trace.add("The first turn of the game skips Draw and Battle", "elestrals.setup.first-turn")
        order = ["main", "end"]
    else:
        trace.add("Draw: draw a card, then a chain window", "elestrals.phase.draw")
    trace.add("Main: the turn player's actions; effects naming no phase work here", "elestrals.phase.default-main")
    trace.add("End: 'until the End Phase' effects wear off, then a chain window", "elestrals.phase.end")
    return trace.ruling("Phases: " + ", ".join(p.capitalize() for p in order), order)


def glossary(term: str) -> Ruling:
    """What a game term means, from the guide's glossary; a near miss suggests the closest term.

    ``value``: ``{"term", "id", "definition"}``.

    Examples:
        >>> glossary("misenchanted").rules
        ('elestrals.glossary.misenchanted',)
        >>> glossary("Spirit Diferential")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown glossary term 'Spirit Diferential' (did you mean ...
    """
    records = _RULESET.of_kind("glossary")
    by_name: dict[str, Any] = {}
    for rec in records:
        for name in rec.title.split(", "):
            by_name[name.lower()] = rec
    found = by_name.get(" ".join(term.lower().split()))
    if found is None:
        raise UnknownNameError("glossary term", term, [n for r in records for n in r.title.split(", ")], shown=6)
    trace = Trace()
    trace.add(f"The guide's glossary defines {found.title}", found.id)
    return trace.ruling(f"{found.title}: {found.text}", {"term": found.title, "id": found.id, "definition": found.text})


def card_marking(marking: str) -> Ruling:
    """Whether a printed marking changes how a card plays: ``rarity``, ``stellar``, ``set`` (the set and
    printing symbols) or ``subclass`` (an Elestral's subclass symbols).

    Examples:
        >>> card_marking("stellar").value
        {'affects_play': False}
    """
    marking = _name("card marking", marking, ("rarity", "stellar", "set", "subclass"))
    trace = Trace()
    if marking in ("rarity", "stellar"):
        trace.add(
            "Rarity shows how often a card appears in boosters; Stellars are rare printings",
            "elestrals.advanced.rarity",
        )
        return trace.ruling("No effect on play: rarity is for collectors", {"affects_play": False})
    trace.add(
        "The bottom symbols give the set, special printings and an Elestral's subclasses", "elestrals.advanced.symbols"
    )
    if marking == "set":
        return trace.ruling(
            "No effect on play: the set symbol tells where a card was released", {"affects_play": False}
        )
    return trace.ruling(
        "The guide lists subclass symbols but gives them no rule of their own",
        {"affects_play": None},
    )


# Setup, the end of a game and tournaments live in their own module; they are part of this API too.
# The setup, end-of-game and tournament rulings are re-exported here, every name of their module.
from rulebook import elestrals_match  # noqa: E402
from rulebook.elestrals_match import *  # noqa: E402, F403

__all__ += elestrals_match.__all__


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """The ruling a scenario asks for (``query`` and its input, as in ``rulebook/data/scenarios/elestrals.toml``).

    ``options`` override the scenario's own rules options.

    Examples:
        >>> scenario_ruling({"query": "stats", "base": [3, 2], "effects": ["swap"]}).value["attack"]
        2
    """
    opts = {**case.get("options", {}), **(options or {})}
    match case["query"]:
        case "stats":
            return final_stats(*case["base"], case["effects"], opts)
        case "battle":
            return battle(case["attacker"], case["defender"], first_turn=case.get("first_turn", False))
        case "chain":
            return resolve_chain(case["text"])
        case "enchant":
            return enchantment(case["cost"], case["spirits"])
        case "main":
            return main_action(case["action"], **case.get("state", {}))
        case "stadium":
            return stadium_replacement(negated=case.get("negated", False), opts=opts)
        case "deck":
            return elestrals_match.check_deck(case["text"], opts)
        case "standings":
            return elestrals_match.standings(case["text"], opts)
        case "mulligan":
            return elestrals_match.mulligan(case["times"], case.get("spirit_deck"), opts)
        case "end":
            return elestrals_match.game_end(case["main"], case["spirits"], case.get("draws"), case.get("expends"))
        case "round-end":
            return elestrals_match.end_of_round(
                case["spirits"], case["main"], case["next"], stuck=case.get("stuck", False)
            )
    raise InvalidInputError(f"unknown scenario query {case['query']!r}")


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (its value), for ``rulebook compare``."""
    ruling = scenario_ruling(case, options)
    value = ruling.value if isinstance(ruling.value, Mapping) else {"value": ruling.value}
    return ruling.verdict, repr({k: v for k, v in value.items() if k != "options"})
