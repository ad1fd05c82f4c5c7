"""Elestrals cards: stat modifiers, Enchantment, and effects."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rulebook.elestrals.core import ANY_SPIRIT, SPIRIT_TYPES, _int, _name, options
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.ruling import Ruling, Trace

__all__ = [
    "StatEffect",
    "card_marking",
    "effect_applies",
    "effect_category",
    "effect_resolves",
    "enchantment",
    "final_stats",
    "parse_effect",
    "parse_effects",
]

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
