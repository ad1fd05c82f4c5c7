"""Elestrals cards: Spirits and costs, Enchantment, card facts, stat modifiers and effect categories.

A card is known by its facts ([`Card`][rulebook.elestrals.cards.Card]): name, kind (``card_type``), cost, stats,
subclasses and,
if the user gives it, its effect text, in the field names of the publisher's card data. The project
ships no card data and no card text: its examples use cards it invents.

Examples:
    >>> card = read_card("Cinder Cub", {"card_type": "elestral", "cost": ["fire"], "attack": 2, "defense": 1})
    >>> card.cost, card.attack
    (('fire',), 2)
    >>> card_status(("fire", "&"), ("water", "water"))
    'misenchanted'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from rulebook.elestrals.core import (
    ANY_SPIRIT,
    MAX_SPIRITS,
    MAX_STAT,
    RUNE_TYPES,
    SPIRIT_TYPES,
    an,
    lookup_name,
    options,
    plural,
    read_count,
    read_int,
    read_number,
)
from rulebook.elestrals.effects import CardEffect, parse_card_effect
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import MAX_TEXT_CHARS, capped, shown
from rulebook.ruling import Ruling, Trace

__all__ = [
    "CARD_TYPES",
    "TARGETS",
    "Card",
    "StatEffect",
    "card_marking",
    "card_status",
    "effect_applies",
    "effect_category",
    "effect_resolves",
    "enchantment",
    "final_stats",
    "parse_effect",
    "parse_effects",
    "read_card",
    "read_cards",
    "spirit_list",
]

# ---------------------------------------------------------------- stat modifiers


class StatEffect(NamedTuple):
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
_SIGNED = re.compile(r"[+-][0-9]+")


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
        return StatEffect("set", stat(words[1]), read_int(words[-1], "the value set"), clean)
    if len(words) == 2 and _SIGNED.fullmatch(words[1]):
        return StatEffect("change", stat(words[0]), read_int(words[1], "a change of a stat"), clean)
    raise InvalidInputError(f"cannot read stat effect {shown(text.strip(), 60)!r}; write {_EFFECT_FORMS}")


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


def stat_steps(
    attack: int, defense: int, effects: Iterable[StatEffect], floor: str
) -> Iterator[tuple[StatEffect, int, int, bool]]:
    """Each effect applied in the guide's order (set, then increase/decrease, then swap; the order given
    within a step): the effect, Attack and Defense after it, and whether a stat went below 0 on it.

    The one place the order is worked out: [`final_stats`][rulebook.elestrals.final_stats] traces it
    and battles on a position read their stats from it.
    """
    parsed = list(effects)
    stats = [attack, defense]
    for step in (1, 2, 3):
        for eff in parsed:
            if eff.step != step:
                continue
            if eff.kind == "set":
                stats[eff.stat == "defense"] = eff.amount
            elif eff.kind == "change":
                stats[eff.stat == "defense"] += eff.amount
            else:
                stats.reverse()
            dipped = min(stats) < 0
            if floor == "each-step":
                stats = [max(0, v) for v in stats]
            yield eff, stats[0], stats[1], dipped


def stats_after(attack: int, defense: int, effects: Iterable[StatEffect], floor: str) -> tuple[int, int]:
    """The final Attack and Defense after ``effects`` under the ``stat-floor`` option (no trace).

    Examples:
        >>> stats_after(3, 2, [parse_effect("swap"), parse_effect("set defense 0")], "final")
        (0, 3)
    """
    final = (attack, defense)
    for _, att, dfn, _ in stat_steps(attack, defense, effects, floor):
        final = (att, dfn)
    if floor == "final":
        final = (max(0, final[0]), max(0, final[1]))
    return final


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
    for eff, att, dfn, below in stat_steps(attack, defense, parsed, floor):
        stats = {"attack": att, "defense": dfn}
        dipped = dipped or below
        steps.append({"step": eff.step, "effect": eff.text, **stats})
        trace.add(
            f"Step {eff.step}, {names[eff.step]}: {eff.text} -> Attack {att}, Defense {dfn}",
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


# ---------------------------------------------------------------- Spirits, costs and Enchantment

_COUNT_WORD = re.compile(r"[0-9]+")


def _spirit(word: str, *, allow_any: bool) -> str:
    key = word.strip().lower()
    if allow_any and key in ANY_SPIRIT:
        return "&"
    accepted = [*SPIRIT_TYPES, *ANY_SPIRIT] if allow_any else list(SPIRIT_TYPES)
    return lookup_name("Spirit type", key, accepted)


def spirit_list(text: str | Sequence[str], *, allow_any: bool, what: str = "Spirits") -> tuple[str, ...]:
    """Read Spirit types: ``"fire fire any"``, ``"fire,water"`` or ``"2 fire, any"`` (a count repeats the next type).

    ``any`` (or ``&``, ``omni``) stands for a cost position any Spirit pays, where ``allow_any`` is true;
    it is returned as ``&``. A count is at most 20, the Spirits a player has.

    Examples:
        >>> spirit_list("2 fire, any", allow_any=True)
        ('fire', 'fire', '&')
        >>> spirit_list("999999999 fire", allow_any=False)
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: a count of Spirits must be from 1 to 20, not 999999999
    """
    words = text.replace(",", " ").split() if isinstance(text, str) else [w for part in text for w in part.split()]
    out: list[str] = []
    repeat = 1
    for word in words:
        if _COUNT_WORD.fullmatch(word):
            repeat = read_number(word, "a count of Spirits", "", low=1, high=MAX_SPIRITS)
            continue
        out += [_spirit(word, allow_any=allow_any)] * repeat
        if len(out) > MAX_SPIRITS:
            raise InvalidInputError(f"{what}: more than {MAX_SPIRITS} Spirits; a player has {MAX_SPIRITS}")
        repeat = 1
    return tuple(out)


def _shortfall(need: Sequence[str], have: Sequence[str]) -> dict[str, int]:
    """The types a cost asks for beyond what the Spirits give (an ``&`` is met by any leftover Spirit)."""
    return {t: need.count(t) - have.count(t) for t in set(need) - {"&"} if need.count(t) > have.count(t)}


def card_status(cost: Sequence[str], spirits: Sequence[str]) -> str:
    """``"enchanted"``, ``"misenchanted"`` (enough Spirits, wrong types) or ``"too-few"`` for a card's Spirits.

    Examples:
        >>> card_status(("fire", "&"), ("fire", "water")), card_status(("fire",), ())
        ('enchanted', 'too-few')
    """
    if len(spirits) < len(cost):
        return "too-few"
    return "misenchanted" if _shortfall(cost, spirits) else "enchanted"


def _words(spirits: Sequence[str]) -> str:
    return " ".join("any" if t == "&" else t for t in spirits) or "none"


def enchantment(cost: str | Sequence[str], spirits: str | Sequence[str]) -> Ruling:
    """Whether a card with this Enchantment Cost is Enchanted, Misenchanted or short of Spirits.

    ``cost`` and ``spirits`` are Spirit types (``"fire fire any"``, ``"2 water"``); ``any`` (or the
    guide's ``&``, or the card data's ``omni``) in a cost is paid by any Spirit. ``value``:
    ``{"status": "enchanted" | "misenchanted" | "too-few", "has_effect", "stays"}``.

    Examples:
        >>> enchantment("fire any", "water water").value["status"]
        'misenchanted'
        >>> enchantment("fire &", "fire water").value["status"]
        'enchanted'
        >>> enchantment("2 fire", "fire").verdict
        'Too few Spirits (1 of 2): sent to the Underworld after the current chain'
    """
    need = spirit_list(cost, allow_any=True, what="the Enchantment Cost")
    have = spirit_list(spirits, allow_any=False)
    trace = Trace()
    trace.add(f"Enchantment Cost: {plural(len(need), 'Spirit')} ({_words(need)})", "elestrals.card.enchantment-cost")
    trace.add("Spirit types: " + ", ".join(SPIRIT_TYPES), "elestrals.facts.spirit-types")
    if "&" in need:
        trace.add("Each 'any' position (the guide's &) may be paid by any Spirit", "elestrals.rune.any-spirit")
        trace.add("The card data writes it omni; any, & and omni are all accepted", "elestrals.facts.omni")
    status = card_status(need, have)
    if status == "too-few":
        trace.add(
            f"{plural(len(have), 'Spirit')} Enchanting it, fewer than {len(need)}", "elestrals.card.too-few-spirits"
        )
        trace.add(
            "Checked only between chains: it goes once the current chain resolves", "elestrals.chain.between-chains"
        )
        return trace.ruling(
            f"Too few Spirits ({len(have)} of {len(need)}): sent to the Underworld after the current chain",
            {"status": "too-few", "has_effect": False, "stays": False},
        )
    if status == "misenchanted":
        short = ", ".join(f"{n} {t}" for t, n in sorted(_shortfall(need, have).items()))
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


# ---------------------------------------------------------------- card facts

#: The kinds of card a card-facts entry may describe (Spirits are named by type, not described).
CARD_TYPES: tuple[str, ...] = ("elestral", "rune")
#: What an effect may need as its target: the engine checks that one exists before it may be used.
TARGETS: tuple[str, ...] = ("elestral", "your-elestral", "opposing-elestral", "rune", "card", "player")
_CARD_KEYS = ("name", "card_type", "cost", "attack", "defense", "subclasses", "effect", "target", "effects")
_NAME_CHARS = 80


class Card(NamedTuple):
    """A card's facts: name, kind (``card_type``), Enchantment Cost (Spirit types, ``&`` for any),
    Attack and Defense (Elestrals), subclasses (a Rune's type is one of them), the effect's text if the
    user gives it, and what the effect targets (one of [`TARGETS`][rulebook.elestrals.cards.TARGETS], or none).

    A card without effect text is *vanilla*: it has no effect to activate.
    """

    name: str
    card_type: str
    cost: tuple[str, ...] = ()
    attack: int = 0
    defense: int = 0
    subclasses: tuple[str, ...] = ()
    effect: str = ""
    target: str = ""
    effects: tuple[CardEffect, ...] = ()

    @property
    def rune(self) -> str:
        """The Rune type (``invoke``, ``counter``, ``artifact``, ``divine``, ``stadium``), or ``""``."""
        for kind in self.subclasses:
            if kind in RUNE_TYPES:
                return kind
        return ""

    @property
    def instant(self) -> bool:
        """Whether the card is an Instant Rune (Invoke or Counter)."""
        return self.rune in ("invoke", "counter")

    @property
    def category(self) -> str:
        """The effect's category (``active``, ``conditional``, ``passive``) from its effects as data, or from its
        text's opening words, or ``""``."""
        if self.effects:
            triggers = {e.trigger for e in self.effects}
            if "activate" in triggers:
                return "active"
            return "conditional" if triggers & {"cast", "enchanted", "attack", "destroyed"} else "passive"
        return _category(self.effect) if self.effect else ""

    @property
    def during(self) -> str:
        """The phase an effect names to work in ("During your End Phase, ..."), or ``""`` (the Main Phase)."""
        m = _DURING.match(self.effect.strip().lower())
        return m.group(1) if m else ""

    @property
    def when(self) -> bool:
        """Whether the effect works "when" something happens (its text opens with "when")."""
        return self.effect.strip().lower().startswith("when")

    def to_data(self) -> dict[str, Any]:
        """The facts as written in a card-facts file (the name is the table's key)."""
        data: dict[str, Any] = {"card_type": self.card_type, "cost": ["any" if t == "&" else t for t in self.cost]}
        if self.card_type == "elestral":
            data["attack"], data["defense"] = self.attack, self.defense
        if self.subclasses:
            data["subclasses"] = list(self.subclasses)
        if self.effect:
            data["effect"] = self.effect
        if self.target:
            data["target"] = self.target
        if self.effects:
            data["effects"] = [e.text for e in self.effects]
        return data


_DURING = re.compile(r"during (?:your |the |each |any player's |your opponent's )?(draw|main|battle|end) phase\b")


def _category(text: str) -> str:
    words = text.strip().lower()
    first = re.sub(r"^during [^,]{0,80},\s*", "", words)
    if first.startswith(("you can", "you must")):
        return "active"
    if words.startswith("when"):
        return "conditional"
    return "passive"


def _card_name(name: object, where: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidInputError(f"{where}: a card needs a name")
    clean = " ".join(name.split())
    if len(clean) > _NAME_CHARS:
        raise InvalidInputError(f"{where}: a card name has at most {_NAME_CHARS} characters")
    if clean.lower() in SPIRIT_TYPES or clean in ("?", "any", "&", "omni"):
        raise InvalidInputError(f"{where}: {clean!r} names a Spirit type; give the card another name")
    if any(c in clean for c in '"\\') or shown(clean) != clean:
        raise InvalidInputError(f"{where}: the card name {shown(clean)!r} has a quote, backslash or control character")
    return clean


def _stat(value: object, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidInputError(f"{where}: {what} must be a whole number, not {shown(repr(value))[:40]}")
    return read_count(value, what, f"{where}: ", high=MAX_STAT)


def _names(value: object, what: str, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        items = value.replace(",", " ").split()
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = [w for v in value for w in v.replace(",", " ").split()]
    else:
        raise InvalidInputError(f"{where}: {what} must be a list of words, not {shown(repr(value))[:40]}")
    if len(items) > 20:
        raise InvalidInputError(f"{where}: {what} lists more than 20 words")
    return tuple(i.lower() for i in items)


def held(value: object) -> str:
    """What a value read from a file holds, for a message: ``1 (a number)``, ``true (a boolean)``.

    Examples:
        >>> held(True), held([1]), held("fire")
        ('true (a boolean)', '[1] (a list)', "'fire' (a text)")
    """
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    kinds = {int: "a number", float: "a number", str: "a text", list: "a list", dict: "a table"}
    what = next((k for t, k in kinds.items() if isinstance(value, t)), "")
    return f"{shown(repr(value) if what else str(value), 40)} ({what or 'a date or time'})"


_COST_FORMS = 'a list of Spirit types such as ["fire", "any"], a text such as "2 fire, any", or a table of counts'


def read_cost(raw: object, here: str) -> tuple[str, ...]:
    """A card's ``cost`` as written in its facts: a list of Spirit types, a text of them, or a table of counts.

    Examples:
        >>> read_cost({"fire": 2, "omni": 1}, "card 'X'")
        ('fire', 'fire', '&')
        >>> read_cost([1], "card 'X'")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: card 'X': cost holds [1] (a list) with 1 (a number) in it; write ...
    """
    if isinstance(raw, Mapping):
        cost: tuple[str, ...] = ()
        for spirit, n in raw.items():
            count = _stat(n, f"the count of {spirit}", here)
            cost += spirit_list([f"{count} {spirit}"] if count else [], allow_any=True, what=f"{here}: cost")
    elif isinstance(raw, list) and not all(isinstance(item, str) for item in raw):
        bad = next(item for item in raw if not isinstance(item, str))
        raise InvalidInputError(f"{here}: cost holds {held(raw)} with {held(bad)} in it; write {_COST_FORMS}")
    elif isinstance(raw, str | list):
        cost = spirit_list(raw, allow_any=True, what=f"{here}: cost") if raw else ()
    else:
        raise InvalidInputError(f"{here}: cost holds {held(raw)}; write {_COST_FORMS}")
    if len(cost) > MAX_SPIRITS:
        raise InvalidInputError(f"{here}: a cost of more than {MAX_SPIRITS} Spirits cannot be paid")
    return cost


def read_card(name: str, facts: Mapping[str, Any], where: str = "card facts") -> Card:
    """Read one card's facts (a table in the publisher's field names) into a [`Card`][rulebook.elestrals.cards.Card].

    ``cost`` is a list of Spirit types (``["fire", "any"]``), a string of them, or a table of counts
    (``{fire = 1, omni = 1}``); ``subclasses`` holds a Rune's type.

    Examples:
        >>> read_card("Tide Ward", {"card_type": "Rune", "cost": "water", "subclasses": ["Counter"]}).rune
        'counter'
        >>> read_card("Tide Ward", {"card_type": "rune", "cost": "water"})
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: card 'Tide Ward': a Rune needs its type among its subclasses (invoke, ...
    """
    if not isinstance(facts, Mapping):
        raise InvalidInputError(f"{where}: the facts of a card must be a table, not {shown(repr(facts))[:40]}")
    here = f"card {shown(name)!r}"
    clean = _card_name(name, where)
    for key in facts:
        if key not in _CARD_KEYS:
            raise UnknownNameError(f"card fact of {here}", str(key), list(_CARD_KEYS))
    kind = facts.get("card_type")
    if kind is None:
        raise InvalidInputError(f"{here}: card_type is missing (elestral or rune)")
    if not isinstance(kind, str):
        raise InvalidInputError(f"{here}: card_type holds {held(kind)}; write elestral or rune")
    kind = lookup_name(f"card_type of {here}", kind, CARD_TYPES)
    cost = read_cost(facts.get("cost", []), here)
    subclasses = _names(facts.get("subclasses", []), "subclasses", here)
    effect = facts.get("effect", "")
    if not isinstance(effect, str) or len(effect) > MAX_TEXT_CHARS:
        raise InvalidInputError(f"{here}: effect must be its text, at most {MAX_TEXT_CHARS:,} characters")
    target = facts.get("target", "")
    if target:
        if not isinstance(target, str):
            raise InvalidInputError(f"{here}: target must be one of {', '.join(TARGETS)}")
        target = lookup_name(f"target of {here}", target, TARGETS)
    effects = _effects(facts.get("effects", []), here, subclasses)
    card = Card(clean, kind, cost, 0, 0, subclasses, " ".join(effect.split()), target, effects)
    if kind == "elestral":
        if "attack" not in facts or "defense" not in facts:
            raise InvalidInputError(f"{here}: an Elestral needs attack and defense")
        card = Card(
            clean, kind, cost, _stat(facts["attack"], "attack", here), _stat(facts["defense"], "defense", here),
            subclasses, card.effect, target, effects,
        )  # fmt: skip
        if any(e.trigger == "resolve" for e in effects):
            raise InvalidInputError(
                f"{here}: 'on resolve' is what an Invoke or Counter Rune does; an Elestral's "
                "effects happen on cast, enchanted, attack, destroyed, activate or continuous"
            )
    else:
        if "attack" in facts or "defense" in facts:
            raise InvalidInputError(f"{here}: a Rune has no attack or defense")
        if not card.rune:
            raise InvalidInputError(f"{here}: a Rune needs its type among its subclasses ({', '.join(RUNE_TYPES)})")
        _rune_effects(card, here)
    return card


def _effects(raw: object, here: str, subclasses: Sequence[str]) -> tuple[CardEffect, ...]:
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or len(raw) > 8:
        raise InvalidInputError(f"{here}: effects holds {held(raw)}; write a list of at most 8 effect texts")
    effects = tuple(parse_card_effect(text, here, n, parse_effect) for n, text in enumerate(raw, 1))
    for trigger in ("activate", "resolve"):
        if sum(e.trigger == trigger for e in effects) > 1:
            raise InvalidInputError(f"{here}: a card has at most one effect on {trigger}")
    return effects


def _rune_effects(card: Card, here: str) -> None:
    """What a Rune's effects may be: an Instant Rune's only happen as it resolves; a Continuous Rune's never do."""
    for n, e in enumerate(card.effects, 1):
        if card.instant and e.trigger != "resolve":
            raise InvalidInputError(
                f"{here}: effect {n}: {an(card.rune.capitalize() + ' Rune')}'s effect happens as it resolves: "
                "write on resolve"
            )
        if not card.instant and e.trigger in ("resolve", "attack"):
            raise InvalidInputError(
                f"{here}: effect {n}: a Continuous Rune stays on the field: its effects happen on cast, enchanted, "
                "destroyed, activate or continuous"
            )
        if e.target is not None and e.target.special == "empowered" and card.rune != "artifact":
            raise InvalidInputError(f"{here}: effect {n}: only an Artifact Empowers an Elestral")


def read_cards(data: Any, where: str) -> dict[str, Card]:
    """Read a card-facts file's data: TOML tables ``[cards."NAME"]``, or JSON (a list of objects with
    ``name``, or ``{"cards": [...]}`` or ``{"data": [...]}``, as the publisher's card data is laid out).

    Examples:
        >>> sorted(read_cards({"cards": {"Cinder Cub": {"card_type": "elestral", "attack": 2, "defense": 1}}}, "x"))
        ['Cinder Cub']
    """
    if isinstance(data, Mapping) and isinstance(data.get("cards"), Mapping):
        items = [(name, facts) for name, facts in data["cards"].items()]
    else:
        listed = data.get("cards", data.get("data")) if isinstance(data, Mapping) else data
        if not isinstance(listed, list):
            raise InvalidInputError(f'{where}: write the cards as [cards."NAME"] tables, or a JSON list of cards')
        items = []
        for n, facts in enumerate(listed, 1):
            if not isinstance(facts, Mapping) or not isinstance(facts.get("name"), str):
                raise InvalidInputError(f"{where}: card {n} needs a name")
            items.append((facts["name"], {k: v for k, v in facts.items() if k in _CARD_KEYS and k != "name"}))
    if len(items) > 5000:
        raise InvalidInputError(f"{where}: more than 5,000 cards; give the cards a position uses")
    cards: dict[str, Card] = {}
    for name, facts in items:
        card = read_card(name, facts, where)
        cards[card.name] = card
    return cards


# ---------------------------------------------------------------- effects, choices, control


def effect_category(text: str) -> Ruling:
    """The category of an Elestral's or Continuous Rune's effect from how its text opens.

    Examples:
        >>> effect_category("When this Elestral is destroyed, draw a card.").value
        'conditional'
        >>> effect_category("During your End Phase, you can Expend a Spirit in order to draw.").value
        'active'
        >>> effect_category("While this Elestral is in Defense Position, it has +1 Defense. It cannot attack.").rules
        ('elestrals.card.effect-categories', 'elestrals.advanced.multiple-effects', 'elestrals.card.passive')
    """
    words = capped(text, "an effect's text").strip().lower()
    if not words:
        raise InvalidInputError("give the effect's text, e.g. 'you can draw a card'")
    trace = Trace()
    trace.add("Effects are active, conditional or passive", "elestrals.card.effect-categories")
    if len([x for x in re.split(r"[.!]\s+", text.strip()) if x]) > 1:
        trace.add(
            "More than one sentence: the first is classified; a later one may start a new effect",
            "elestrals.advanced.multiple-effects",
        )
    category = _category(words)
    if category == "active":
        trace.add("It opens with 'you can' or 'you must': an active effect, once per turn", "elestrals.card.active")
        return trace.ruling("Active effect", "active")
    if category == "conditional":
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
        >>> effect_applies("passive", "suppressed").rules
        ('elestrals.advanced.duration-vs-passive', 'elestrals.advanced.suppressed')
        >>> effect_applies("passive", "enchanted").rules
        ('elestrals.card.passive',)
    """
    kind = lookup_name("kind of effect", kind, ("passive", "duration"))
    source = lookup_name("source status", source, ("enchanted", "suppressed", "misenchanted", "gone"))
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
    source = lookup_name("source status", source, ("enchanted", "suppressed", "misenchanted", "gone"))
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


def card_marking(marking: str) -> Ruling:
    """Whether a printed marking changes how a card plays: ``rarity``, ``stellar``, ``set`` (the set and
    printing symbols) or ``subclass`` (an Elestral's subclass symbols).

    Examples:
        >>> card_marking("stellar").value
        {'affects_play': False}
        >>> card_marking("set").verdict
        'No effect on play: the set symbol tells where a card was released'
    """
    marking = lookup_name("card marking", marking, ("rarity", "stellar", "set", "subclass"))
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
