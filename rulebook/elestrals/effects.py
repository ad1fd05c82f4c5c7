"""Elestrals card effects as data: a small vocabulary a card's facts use, checked on load, that the engine resolves.

A card's ``effects`` is a list of texts, one effect each, written as clauses joined by ``|`` (in the way scripted
card engines key an ability's parts: when it happens, its cost, its targets, what it does):

    on TRIGGER [| if SELECTOR at-least|at-most N] [| cost expend|discard|disenchant N]...
        [| target SELECTOR] | do ACTION [| do ACTION]...

- **TRIGGER** ([`TRIGGERS`][rulebook.elestrals.effects.TRIGGERS]): ``cast`` (the card enters the field),
  ``enchanted`` (it receives Spirits), ``attack`` (the Elestral attacks), ``destroyed`` (it is destroyed),
  ``activate`` (an active effect its controller uses, once per turn), ``resolve`` (what an Invoke or Counter Rune
  does), ``continuous`` (stats while the card is on the field and Enchanted: Artifacts, Divine Runes, Stadiums).
- **SELECTOR**: ``[up-to] N|all WHOSE KIND [in ZONE]``, or ``this`` (the effect's card) or ``empowered`` (the
  Elestral an Artifact Empowers). WHOSE is ``your``, ``opposing`` or ``any``; KIND ``elestral``, ``rune``,
  ``stadium`` or ``card``; ZONE ``field`` (the default), ``hand``, ``underworld`` or ``main-deck``.
- **cost** (paid when the effect is used, "in order to"): ``expend N`` Spirits from the Spirit Deck,
  ``discard N`` cards, ``disenchant N`` Spirits from the effect's own card.
- **do** ([`ACTIONS`][rulebook.elestrals.effects.ACTIONS]), in order.

Examples:
    >>> e = parse_card_effect("on activate | cost expend 1 | target 1 opposing elestral | do destroy", "x")
    >>> e.trigger, e.costs, e.target.whose, [s.action for s in e.steps]
    ('activate', (('expend', 1),), 'opposing', ['destroy'])
    >>> parse_card_effect("on summon | do draw 1", "card 'X'")
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidInputError: card 'X': effect 1: unknown trigger 'summon'; accepted: cast, enchanted, ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rulebook.errors import InvalidInputError
from rulebook.reading import shown

__all__ = [
    "ACTIONS",
    "COSTS",
    "KINDS",
    "TRIGGERS",
    "WHOSE",
    "ZONES",
    "CardEffect",
    "Selector",
    "Step",
    "parse_card_effect",
]

#: When an effect happens.
TRIGGERS: tuple[str, ...] = ("cast", "enchanted", "attack", "destroyed", "activate", "resolve", "continuous")
#: Whose cards a selector takes, from the effect's controller's side.
WHOSE: tuple[str, ...] = ("your", "opposing", "any")
#: Which kind of card a selector takes.
KINDS: tuple[str, ...] = ("elestral", "rune", "stadium", "card")
#: Where a selector looks.
ZONES: tuple[str, ...] = ("field", "hand", "underworld", "main-deck")
#: What an effect's controller pays to use it.
COSTS: tuple[str, ...] = ("expend", "discard", "disenchant")
#: What an effect does: each action with the words after it, and whether it acts on the targets.
ACTIONS: dict[str, tuple[str, bool]] = {
    "draw": ("N: its controller draws N cards", False),
    "destroy": ("the targets go to their owners' Underworlds", True),
    "return": ("hand|deck: the targets go to their owners' hands, or the top of their Main Decks", True),
    "special-cast": ("the target Elestrals (in a hand or Underworld) wait in Limbo to be Special Cast", True),
    "expend": ("N: its controller Expends N Spirits", False),
    "recover": ("N: its controller puts N Spirits from their Underworld back in the Spirit Deck", False),
    "enchant": ("N: each target receives N Spirits from its controller's Spirit Deck", True),
    "disenchant": ("N: N Spirits leave each target for the Underworld", True),
    "stat": ("EFFECT [until end|battle]: a stat effect (attack +2, set defense 0, swap) on each target", True),
    "position": ("the target Elestrals change Position", True),
    "negate": ("the link it answers is Negated", False),
    "search": ("the target cards leave the Main Deck for the hand", True),
    "set": ("the target Runes (in a hand or Underworld) are Set in open Rune Row slots", True),
    "flip": ("the target face-up Runes turn face-down (Set), their Spirits to the Underworld", True),
    "counter": ("NAME +N|-N: counters named NAME put on (or taken off) each target", True),
}
#: The stat durations a ``stat`` action may give: the End Phase, the end of the battle.
DURATIONS: tuple[str, ...] = ("end", "battle")
_MAX_COUNT = 20


class Selector(NamedTuple):
    """Which cards an effect looks at: whose, what kind, where, how many (``every`` for all, ``up_to`` for 1 to N);
    or ``special`` ``this`` / ``empowered``."""

    whose: str = "any"
    kind: str = "elestral"
    zone: str = "field"
    count: int = 1
    up_to: bool = False
    every: bool = False
    special: str = ""

    def __str__(self) -> str:
        if self.special:
            return self.special
        how = "all" if self.every else f"{'up-to ' if self.up_to else ''}{self.count}"
        return f"{how} {self.whose} {self.kind}" + (f" in {self.zone}" if self.zone != "field" else "")


class Step(NamedTuple):
    """One thing an effect does: an action of [`ACTIONS`][rulebook.elestrals.effects.ACTIONS] and its words."""

    action: str
    words: tuple[str, ...] = ()


class CardEffect(NamedTuple):
    """One effect of a card: its trigger, condition (a selector and ``at-least``/``at-most`` N), costs, target
    and steps, and its text as read back."""

    trigger: str
    condition: tuple[Selector, str, int] | None
    costs: tuple[tuple[str, int], ...]
    target: Selector | None
    steps: tuple[Step, ...]
    text: str

    @property
    def needs_target(self) -> bool:
        """Whether its targets are chosen when it is used (not ``this``, ``empowered`` or ``all``)."""
        return self.target is not None and not self.target.special and not self.target.every


def _word(kind: str, word: str, accepted: Sequence[str], where: str) -> str:
    if word not in accepted:
        raise InvalidInputError(f"{where}: unknown {kind} {shown(word, 30)!r}; accepted: {', '.join(accepted)}")
    return word


def _count(word: str, what: str, where: str, *, signed: bool = False) -> int:
    body = word[1:] if signed and word[:1] in "+-" else word
    if not body.isascii() or not body.isdigit() or len(body) > 3 or (signed and word[:1] not in "+-"):
        form = "+N or -N" if signed else "a whole number"
        raise InvalidInputError(f"{where}: {what} must be {form}, not {shown(word, 30)!r}")
    value = int(word)
    if not signed and not 1 <= value <= _MAX_COUNT:
        raise InvalidInputError(f"{where}: {what} must be from 1 to {_MAX_COUNT}, not {value}")
    return value


def parse_selector(words: Sequence[str], where: str) -> Selector:
    """Read ``[up-to] N|all WHOSE KIND [in ZONE]``, ``this`` or ``empowered``.

    Examples:
        >>> str(parse_selector("up-to 2 opposing rune".split(), "x"))
        'up-to 2 opposing rune'
    """
    words = list(words)
    if words in (["this"], ["empowered"]):
        return Selector(special=words[0])
    form = "write [up-to] N|all your|opposing|any elestral|rune|stadium|card [in ZONE], this, or empowered"
    if len(words) not in (3, 4, 5, 6):
        raise InvalidInputError(f"{where}: cannot read the selector {shown(' '.join(words), 60)!r}; {form}")
    up_to = words[0] == "up-to"
    if up_to:
        words.pop(0)
    every = words[0] == "all" and not up_to
    count = 0 if every else _count(words[0], "a selector's count", where)
    whose = _word("whose", words[1], WHOSE, where)
    kind = _word("kind", words[2], KINDS, where)
    zone = "field"
    if len(words) > 3:
        if words[3] != "in" or len(words) != 5:
            raise InvalidInputError(f"{where}: cannot read the selector {shown(' '.join(words), 60)!r}; {form}")
        zone = _word("zone", words[4], ZONES, where)
    if zone in ("hand", "main-deck") and whose != "your":
        raise InvalidInputError(f"{where}: a hand or Main Deck is searched by its owner only: write 'your'")
    return Selector(whose, kind, zone, count, up_to, every)


def _step(words: list[str], where: str, stat: Callable[[str], Any] | None) -> Step:
    if not words:
        raise InvalidInputError(f"{where}: 'do' needs an action; accepted: {', '.join(ACTIONS)}")
    action = _word("action", words[0], list(ACTIONS), where)
    rest = words[1:]
    if action in ("draw", "expend", "recover", "enchant", "disenchant"):
        if len(rest) != 1:
            raise InvalidInputError(f"{where}: write do {action} N")
        _count(rest[0], f"the count of {action}", where)
    elif action == "return":
        if rest not in (["hand"], ["deck"]):
            raise InvalidInputError(f"{where}: write do return hand, or do return deck")
    elif action == "stat":
        until = ""
        if len(rest) >= 2 and rest[-2] == "until":
            until = _word("duration", rest[-1], DURATIONS, where)
            rest = rest[:-2]
        try:
            text = stat(" ".join(rest)).text if stat else " ".join(rest)
        except InvalidInputError as err:
            raise InvalidInputError(f"{where}: {err}") from None
        return Step(action, (text, until) if until else (text,))
    elif action == "counter":
        if len(rest) != 2 or not rest[0].isalpha() or len(rest[0]) > 20:
            raise InvalidInputError(f"{where}: write do counter NAME +N (a one-word name, then +N or -N)")
        _count(rest[1], "the change of counters", where, signed=True)
    elif rest:
        raise InvalidInputError(f"{where}: do {action} takes no words after it")
    return Step(action, tuple(rest))


def parse_card_effect(text: str, where: str, number: int = 1, stat: Callable[[str], Any] | None = None) -> CardEffect:
    """Read one effect of a card's ``effects`` (see the module's description); every mistake is one line naming
    the effect's number and what is accepted. ``stat`` reads a stat effect's words (``parse_effect``)."""
    here = f"{where}: effect {number}"
    if not isinstance(text, str) or len(text) > 500:
        raise InvalidInputError(f"{here}: write the effect as a text of at most 500 characters")
    clauses = [c.split() for c in text.lower().split("|")]
    if not clauses[0] or clauses[0][0] != "on" or len(clauses[0]) != 2:
        raise InvalidInputError(f"{here}: an effect starts with 'on TRIGGER' ({', '.join(TRIGGERS)})")
    trigger = _word("trigger", clauses[0][1], TRIGGERS, here)
    condition = None
    costs: list[tuple[str, int]] = []
    target = None
    steps: list[Step] = []
    for words in clauses[1:]:
        key = words[0] if words else ""
        if key == "if" and condition is None and len(words) >= 4 and words[-2] in ("at-least", "at-most"):
            limit = int(words[-1]) if words[-1].isascii() and words[-1].isdigit() and len(words[-1]) < 3 else -1
            if limit < 0:
                raise InvalidInputError(f"{here}: a condition's number must be from 0 to 99")
            condition = (parse_selector(["all", *words[1:-2]], here), words[-2], limit)
        elif key == "cost" and len(words) == 3:
            costs.append((_word("cost", words[1], COSTS, here), _count(words[2], "a cost", here)))
        elif key == "target" and target is None:
            target = parse_selector(words[1:], here)
        elif key == "do":
            steps.append(_step(words[1:], here, stat))
        else:
            raise InvalidInputError(
                f"{here}: cannot read the clause {shown(' '.join(words), 60)!r}; write if SELECTOR at-least|at-most N, "
                "cost expend|discard|disenchant N, target SELECTOR, or do ACTION"
            )
    effect = CardEffect(
        trigger, condition, tuple(costs), target, tuple(steps), _text(trigger, condition, costs, target, steps)
    )
    _check(effect, here)
    return effect


def _text(trigger, condition, costs, target, steps) -> str:  # type: ignore[no-untyped-def]
    parts = [f"on {trigger}"]
    if condition:
        sel, how, n = condition
        parts.append(f"if {str(sel).removeprefix('all ')} {how} {n}")
    parts += [f"cost {kind} {n}" for kind, n in costs]
    if target:
        parts.append(f"target {target}")
    parts += [
        " ".join(
            (
                "do",
                step.action,
                *(
                    (step.words[0], "until", step.words[1])
                    if step.action == "stat" and len(step.words) == 2
                    else step.words
                ),
            )
        )
        for step in steps
    ]
    return " | ".join(parts)


def _check(effect: CardEffect, here: str) -> None:
    """The combinations the vocabulary forbids: each one line naming what does not fit."""
    if not effect.steps:
        raise InvalidInputError(f"{here}: an effect needs at least one 'do ACTION'")
    uses = [s.action for s in effect.steps if ACTIONS[s.action][1]]
    target = effect.target
    if uses and target is None:
        raise InvalidInputError(f"{here}: do {uses[0]} acts on targets: add target SELECTOR")
    if target is not None and not uses:
        raise InvalidInputError(f"{here}: it has a target but no action that acts on targets")
    zone = target.zone if target else "field"
    for action in uses:
        wants = {"special-cast": ("hand", "underworld"), "search": ("main-deck",), "set": ("hand", "underworld")}
        allowed = wants.get(action, ("field",))
        if zone not in allowed:
            raise InvalidInputError(f"{here}: do {action} takes targets in {' or '.join(allowed)}, not in {zone}")
        if (
            action in ("special-cast", "stat", "position")
            and target
            and not target.special
            and target.kind != "elestral"
        ):
            raise InvalidInputError(f"{here}: do {action} takes Elestrals: write the target's kind as elestral")
        if action in ("set", "flip") and target and not target.special and target.kind != "rune":
            raise InvalidInputError(f"{here}: do {action} takes Runes: write the target's kind as rune")
    if effect.trigger == "continuous":
        if any(s.action != "stat" for s in effect.steps) or any(len(s.words) > 1 for s in effect.steps):
            raise InvalidInputError(f"{here}: a continuous effect only changes stats, with no duration of its own")
        if effect.costs or (target is not None and not (target.special or target.every)):
            raise InvalidInputError(f"{here}: a continuous effect has no cost and targets this, empowered or all")
    elif target is not None and target.special == "empowered":
        raise InvalidInputError(f"{here}: 'empowered' is the Elestral an Artifact Empowers, for continuous effects")
    if effect.costs and effect.trigger != "activate":
        raise InvalidInputError(f"{here}: a cost is paid 'in order to' use an active effect: only on activate")
    if "negate" in (s.action for s in effect.steps) and effect.trigger not in ("activate", "resolve"):
        raise InvalidInputError(f"{here}: do negate answers a link: use it on activate or on resolve")
