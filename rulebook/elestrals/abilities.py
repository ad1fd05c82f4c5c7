"""Elestrals card effects at work on a position: their targets and payments, triggers, resolution and stats.

The effects are those of the card facts' vocabulary ([`rulebook.elestrals.effects`][rulebook.elestrals.effects]).
Targets are chosen when an effect is used (a Rune Cast, an effect activated or chained) and checked again as it
resolves: a target that has left, or is no longer there, is skipped, and the effect does what it still can. Costs
are paid when it is used. Continuous effects change stats while their card is on the field and Enchanted, applied
with every other stat effect in the guide's order (set, then increase/decrease, then swap).

A target is written ``P2:E1:Gust Finch`` (a card on the field, with the name it had when chosen) or
``P1:underworld:Cinder Cub`` (a card in a hand, Underworld or Main Deck). In an action, ``targeting P2:E1`` or
``targeting "underworld:Cinder Cub"`` names them; ``paying`` names a cost's Spirit types (Expended), Spirits of the
effect's own card (``E1:fire``, Disenchanted) and cards from the hand (discarded).

Examples:
    >>> from rulebook.elestrals.effects import parse_card_effect
    >>> from rulebook.elestrals.game import new_game
    >>> pos = new_game(seed=1).position
    >>> effect = parse_card_effect("on activate | target 1 opposing elestral | do destroy", "x")
    >>> target_choices(pos, 0, effect, "")
    []
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, product

from rulebook.elestrals.cards import Card, card_status, parse_effect, stats_after
from rulebook.elestrals.core import SPIRIT_TYPES, an, plural
from rulebook.elestrals.effects import CardEffect, Selector
from rulebook.elestrals.state import (
    ChainLink,
    Elestral,
    LimboItem,
    Position,
    Rune,
    Stadium,
    draw_card,
    leave_field,
    put_card,
    replace,
    take_spirit,
    to_underworld,
)
from rulebook.ruling import Trace

__all__ = [
    "MAX_CHOICES",
    "card_effects",
    "choose",
    "condition_met",
    "continuous_stats",
    "idle_continuous",
    "pay_costs",
    "payment_choices",
    "read_targets",
    "refuse_use",
    "resolve_effect",
    "target_choices",
    "trigger",
    "use_effect",
    "use_words",
]

Words = Sequence[str]
#: Why an action is refused: the reason and the rules that refuse it.
Refusal = tuple[str, tuple[str, ...]]
#: The most target choices, and the most payments, listed for one use of an effect.
MAX_CHOICES = 24
_ZONE_ATTR = {"hand": "hand", "underworld": "underworld", "main-deck": "main_deck"}
_FIELD_ZONES = {"elestral": ("E",), "rune": ("R",), "stadium": ("S",), "card": ("E", "R", "S")}


def card_effects(card: Card, trigger: str) -> list[tuple[int, CardEffect]]:
    """A card's effects with this trigger, with their numbers (from 0)."""
    return [(i, e) for i, e in enumerate(card.effects) if e.trigger == trigger]


def _whose(sel: Selector, who: int) -> tuple[int, ...]:
    return {"your": (who,), "opposing": (1 - who,), "any": (who, 1 - who)}[sel.whose]


def _field(pos: Position, owner: int) -> list[tuple[str, Elestral | Rune | Stadium]]:
    side = pos.sides[owner]
    out: list[tuple[str, Elestral | Rune | Stadium]] = []
    out += [(f"E{i + 1}", c) for i, c in enumerate(side.elestrals) if c is not None]
    out += [(f"R{i + 1}", c) for i, c in enumerate(side.runes) if c is not None]
    if side.stadium is not None:
        out.append(("S", side.stadium))
    return out


def matches(pos: Position, who: int, sel: Selector, source: str) -> list[str]:
    """Every card the selector takes now, as targets (``P2:E1:Gust Finch``; a zone's cards once per copy)."""
    if sel.special == "this":
        card = pos.at(source, who) if source else None
        return [f"{_full(pos, source, who)}:{card.card}"] if card is not None else []
    if sel.special == "empowered":
        rune = pos.at(source, who) if source else None
        target = rune.empowering if isinstance(rune, Rune) else ""
        card = pos.at(target) if target else None
        return [f"{target}:{card.card}"] if card is not None else []
    out: list[str] = []
    for owner in _whose(sel, who):
        if sel.zone == "field":
            for ref, card in _field(pos, owner):
                if ref[0] in _FIELD_ZONES[sel.kind]:
                    out.append(f"{pos.names[owner]}:{ref}:{card.card}")
            continue
        for name in getattr(pos.sides[owner], _ZONE_ATTR[sel.zone]):
            facts = pos.cards.get(name)
            if facts is None:
                continue
            if sel.kind == "card" or facts.card_type == sel.kind or (sel.kind == "stadium" and facts.rune == "stadium"):
                out.append(f"{pos.names[owner]}:{sel.zone}:{name}")
    return out


def _full(pos: Position, ref: str, who: int) -> str:
    owner, zone, slot = pos.resolve_ref(ref, who)
    return pos.ref(owner, zone, slot)


def target_choices(pos: Position, who: int, effect: CardEffect, source: str) -> list[tuple[str, ...]]:
    """Every distinct choice of targets for using ``effect`` now (``[()]`` when it chooses none; ``[]`` when it
    needs targets and has too few), at most [`MAX_CHOICES`][rulebook.elestrals.abilities.MAX_CHOICES]."""
    if not effect.needs_target:
        return [()]
    sel = effect.target
    assert sel is not None
    found = matches(pos, who, sel, source)
    sizes = range(1, min(sel.count, len(found)) + 1) if sel.up_to else (sel.count,)
    out: list[tuple[str, ...]] = []
    for size in sizes:
        for chosen in dict.fromkeys(combinations(found, size)):
            out.append(chosen)
            if len(out) >= MAX_CHOICES:
                return out
    return out


def condition_met(pos: Position, who: int, effect: CardEffect, source: str) -> bool:
    """Whether an effect's ``if`` holds now (true when it has none)."""
    if effect.condition is None:
        return True
    sel, how, n = effect.condition
    count = len(matches(pos, who, sel, source))
    return count >= n if how == "at-least" else count <= n


def _expend_choices(pos: Position, who: int, n: int) -> list[tuple[str, ...]]:
    deck = pos.sides[who].spirit_deck
    if not deck.bounded or not deck.types():
        return [("any",) * n] if deck.size is None or deck.size >= n else []
    out = []
    for kinds in combinations_with_replacement(deck.types(), n):
        if all(kinds.count(k) <= deck.count(k) for k in set(kinds)):
            out.append(kinds)
    return out


def _cost_choices(pos: Position, who: int, cost: tuple[str, int], source: str) -> list[tuple[str, ...]]:
    kind, n = cost
    if kind == "expend":
        return _expend_choices(pos, who, n)
    if kind == "disenchant":
        card = pos.at(source, who) if source else None
        spirits = sorted(card.spirits) if card is not None else []
        return [tuple(f"{source}:{s}" for s in c) for c in dict.fromkeys(combinations(spirits, n))]
    hand = sorted(c for c in pos.sides[who].hand if c != "?")
    return list(dict.fromkeys(combinations(hand, n)))


def payment_choices(pos: Position, who: int, effect: CardEffect, source: str) -> list[tuple[str, ...]]:
    """Every distinct payment of an effect's costs (``[()]`` when it costs nothing; ``[]`` when it cannot be paid),
    at most [`MAX_CHOICES`][rulebook.elestrals.abilities.MAX_CHOICES]."""
    parts = [_cost_choices(pos, who, cost, source) for cost in effect.costs]
    out = []
    for combo in product(*parts):
        out.append(tuple(w for part in combo for w in part))
        if len(out) >= MAX_CHOICES:
            break
    return out


def read_targets(pos: Position, who: int, words: Sequence[str]) -> tuple[str, ...]:
    """Targets as an action names them (``P2:E1``, ``E1``, ``underworld:NAME``, ``P2:underworld:NAME``), written
    in full (``P2:E1:Gust Finch``; an empty slot with no name). Raises
    [`InvalidInputError`][rulebook.errors.InvalidInputError] for a reference that cannot be read."""
    out = []
    for word in words:
        parts = word.split(":")
        zones = {z.replace("_", "-") for z in _ZONE_ATTR}
        if len(parts) >= 2 and parts[-2 if len(parts) == 2 else 1].lower() in zones:
            owner = who if len(parts) == 2 else _player(pos, parts[0])
            zone = parts[-2 if len(parts) == 2 else 1].lower()
            name = ":".join(parts[1:] if len(parts) == 2 else parts[2:])
            out.append(f"{pos.names[owner]}:{zone}:{' '.join(name.split())}")
            continue
        ref = ":".join(parts[:2]) if len(parts) >= 2 and parts[1][:1].upper() in "ERS" else parts[0]
        card = pos.at(ref, who)  # an empty slot is a target no effect may choose, refused as such
        out.append(f"{_full(pos, ref, who)}:{card.card if card is not None else ''}")
    return tuple(out)


def _player(pos: Position, text: str) -> int:
    from rulebook.elestrals.state import player_index

    return player_index(pos.names, text)


def pay_costs(pos: Position, who: int, effect: CardEffect, source: str, words: Sequence[str], trace: Trace) -> Position:
    """Pay an effect's costs with the chosen payment (one that
    [`payment_choices`][rulebook.elestrals.abilities.payment_choices] lists)."""
    name = pos.names[who]
    for word in words:
        side = pos.sides[who]
        if word in SPIRIT_TYPES or word == "any":
            deck, got = side.spirit_deck.take("&" if word == "any" else word)
            pos = pos.with_side(who, replace(side, spirit_deck=deck, underworld=(*side.underworld, got)))
            trace.add(f"{name} Expends {an(got + ' Spirit')} to pay the cost", "elestrals.glossary.expend")
        elif ":" in word:
            ref, _, kind = word.rpartition(":")
            pos, card, _zone = take_spirit(pos, who, ref, kind)
            pos = to_underworld(pos, who, (kind,))
            trace.add(
                f"{name} Disenchants {an(kind + ' Spirit')} from {card.card} to pay", "elestrals.glossary.disenchant"
            )
        else:
            hand = list(side.hand)
            hand.remove(word)
            pos = pos.with_side(who, replace(side, hand=tuple(hand), underworld=(*side.underworld, word)))
            trace.add(f"{name} discards {word} to pay the cost", "elestrals.glossary.discard")
    if words:
        trace.add("Costs are paid when the effect is used, before anyone responds", "elestrals.main.activate-effect")
    return pos


def _short(target: str) -> str:
    owner, zone, name = target.split(":", 2)
    word = f"{owner}:{zone}:{name}" if zone in _ZONE_ATTR else f"{owner}:{zone}"
    return f'"{word}"' if " " in word else word


def _pay_word(word: str) -> str:
    if ":" in word:
        ref, _, kind = word.rpartition(":")
        return f"{ref.upper()}:{kind.lower()}"
    return word.lower() if word.lower() in (*SPIRIT_TYPES, "any") else " ".join(word.split())


def choose(
    pos: Position, who: int, effect: CardEffect, source: str, parts: dict[str, list[str]]
) -> tuple[str | None, tuple[str, ...], tuple[str, ...]]:
    """Check a use of ``effect`` with the targets and payment an action names (``targeting``, ``paying``): the
    reason it is refused (or ``None``), the targets in full and the payment (the first listed when none is named).
    """
    if not condition_met(pos, who, effect, source):
        assert effect.condition is not None
        sel, how, n = effect.condition
        where = "" if sel.zone == "field" else f" in {sel.zone}"
        count = len(matches(pos, who, sel, source))
        need = f"{how.replace('-', ' ')} {n} {sel.whose} {sel.kind}{where}"
        return f"its condition is not met: {need}, and there are {count}", (), ()
    choices = target_choices(pos, who, effect, source)
    if not choices:
        sel = effect.target
        if sel is not None and sel.up_to:  # "up to N" is 1 to N: it never chooses none
            return f'it needs a target and none is available ("up to {sel.count}" means 1 to {sel.count})', (), ()
        return "it needs a target and none is available", (), ()
    words = parts.get("targeting", [])
    chosen: tuple[str, ...] = ()
    if effect.needs_target:
        if not words:
            return f"name its targets, e.g. targeting {' '.join(_short(t) for t in choices[0])}", (), ()
        chosen = read_targets(pos, who, words)
        if sorted(chosen) not in [sorted(c) for c in choices]:
            fault = _target_fault(pos, who, effect, source, chosen)
            return f"it cannot target {' '.join(_short(t) for t in chosen)}: {fault}", (), ()
    elif words:
        return "it chooses no targets: leave out targeting", (), ()
    payments = payment_choices(pos, who, effect, source)
    if not payments:
        return f"its cost cannot be paid ({_short_of(pos, who, effect, source)})", (), ()
    paying = tuple(_pay_word(w) for w in parts.get("paying", []))
    if not effect.costs and paying:
        return "it has no cost to pay: leave out paying", (), ()
    if effect.costs and not paying:
        paying = payments[0]
    elif effect.costs and sorted(paying) not in [sorted(p) for p in payments]:
        return f"paying {' '.join(paying)} does not pay its cost ({_costs(effect)})", (), ()
    return None, chosen, paying


_KIND_WORD = {"E": "an Elestral", "R": "a Rune in the Rune Row", "S": "a Stadium"}


def _target_fault(pos: Position, who: int, effect: CardEffect, source: str, chosen: Sequence[str]) -> str:
    """Why a choice of targets is not one the effect allows: the count, a card named twice, or a card that does not
    match (whose it is, its kind, or an empty slot)."""
    sel = effect.target
    assert sel is not None
    twice = sorted({_short(t) for t in chosen if chosen.count(t) > 1})
    if twice:
        return f"{' '.join(twice)} is named more than once; each target is a different card"
    if len(chosen) > sel.count or (not sel.up_to and len(chosen) != sel.count):
        wanted = f"up to {sel.count}" if sel.up_to else f"exactly {sel.count}"
        return f"it takes {wanted} ({sel}), and {len(chosen)} are named"
    found = set(matches(pos, who, sel, source))
    for target in (t for t in chosen if t not in found):
        owner, zone, name = target.split(":", 2)
        if not name:
            return f"there is no card at {owner}:{zone}"
        if zone in _ZONE_ATTR or sel.zone != "field":
            return f"{_short(target)} is not {sel.whose} {sel.kind} in the {sel.zone.replace('-', ' ')} ({sel})"
        if _player(pos, owner) not in _whose(sel, who):
            mine = "yours" if sel.whose == "opposing" else "an opponent's"
            return f"{_short(target)} ({name}) is {mine}; it takes {sel}"
        return f"{_short(target)} ({name}) is {_KIND_WORD[zone[0]]}; it takes {sel}"
    return f"it takes {sel}"


def _costs(effect: CardEffect) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in effect.costs)


def use_words(pos: Position, who: int, effect: CardEffect, source: str) -> list[tuple[str, ...]]:
    """The words after an action that uses ``effect``, one list per distinct choice of targets and payment."""
    out = []
    pays = payment_choices(pos, who, effect, source) if effect.costs else [()]
    for targets in target_choices(pos, who, effect, source):
        for pay in pays:
            words: tuple[str, ...] = ()
            if targets:
                words += ("targeting", *(_short(t).strip('"') for t in targets))
            if pay:
                words += ("paying", *pay)
            out.append(words)
            if len(out) >= MAX_CHOICES:
                return out
    return out


def _short_of(pos: Position, who: int, effect: CardEffect, source: str) -> str:
    """What a player lacks to pay an effect's costs, in words: ``"discard 1 card, with 0 in hand"``."""
    side = pos.sides[who]
    here = pos.at(source, who) if source else None
    have = {
        "Expend": (side.spirit_deck.size, "Spirit", "in the Spirit Deck"),
        "discard": (len(side.hand), "card", "in hand"),
        "Disenchant": (len(here.spirits) if here is not None else 0, "Spirit", "on the card"),
    }
    parts = []
    for kind, n in effect.costs:
        verb = "discard" if kind == "discard" else kind.capitalize()
        count, noun, where = have[verb]
        parts.append(f"{verb} {plural(n, noun)}, with {count} {where}")
    return "; ".join(parts)


def refuse_use(
    pos: Position,
    who: int,
    facts: Card,
    trigger: str,
    source: str,
    parts: dict[str, list[str]],
    index: int | None = None,
) -> Refusal | None:
    """Why one use of a card's effect (as data) is refused: its condition, targets or payment; ``None`` if it may
    be used (effect ``index``, or the card's first with this ``trigger``)."""
    found = card_effects(facts, trigger) if index is None else [(index, facts.effects[index])]
    if trigger == "resolve":  # a Rune's own payment is its Spirits; its effect takes targets only
        parts = {k: v for k, v in parts.items() if k == "targeting"}
    if not found:
        return None
    negating = any(s.action == "negate" for s in found[0][1].steps)
    if negating and trigger == "resolve" and not pos.chain and pos.opts["negate-nothing"] == "refused":
        return (
            f"{facts.name} Negates, and no chain is active: with option negate-nothing=refused it is Cast only "
            "in answer to a link",
            ("elestrals.interp.negate-nothing",),
        )
    why, _, _ = choose(pos, who, found[0][1], source, parts)
    if why is None:
        return None
    if why.startswith(("its cost", "its condition")):
        return f"{facts.name}'s effect: {why}", ("elestrals.main.activate-effect",)
    up_to = ("elestrals.advanced.up-to",) if "takes up to" in why or '" means 1 to' in why else ()
    return f"{facts.name}'s effect: {why}", (*up_to, "elestrals.advanced.targets-needed")


def use_effect(
    pos: Position,
    who: int,
    facts: Card,
    trigger: str,
    source: str,
    parts: dict[str, list[str]],
    trace: Trace,
    index: int | None = None,
) -> tuple[Position, ChainLink]:
    """Pay for and choose the targets of one use of a card's effect (as ``refuse_use`` allowed); the chain link it
    makes."""
    link = ChainLink(who, trigger if trigger == "activate" else "conditional", facts.name, source)
    found = card_effects(facts, trigger) if index is None else [(index, facts.effects[index])]
    if trigger == "resolve":  # a Rune's own payment is its Spirits; its effect takes targets only
        parts = {k: v for k, v in parts.items() if k == "targeting"}
    if not found:
        return pos, link
    index, effect = found[0]
    _, targets, paying = choose(pos, who, effect, source, parts)
    pos = pay_costs(pos, who, effect, source, paying, trace)
    if targets:
        shown_targets = ", ".join(f"{t.split(':', 2)[2]} ({':'.join(t.split(':', 2)[:2])})" for t in targets)
        trace.add(f"Its targets are chosen now: {shown_targets}", "elestrals.advanced.targets-needed")
    negating = any(s.action == "negate" for s in effect.steps)
    negates = (len(pos.chain),) if pos.chain and negating else ()
    if negates:
        trace.add(f"It answers link {negates[0]}, which it will Negate if it resolves", "elestrals.glossary.negate")
    elif negating:
        trace.add(
            "No chain is active, so there is no link for it to Negate: that part of its effect will do nothing "
            "(option negate-nothing=allowed)",
            "elestrals.interp.negate-nothing",
        )
    return pos, link._replace(targets=targets, effect=index, negates=negates)


# ---------------------------------------------------------------- triggers


def trigger(
    pos: Position,
    who: int,
    source: str,
    card_name: str,
    event: str,
    trace: Trace,
    before: Elestral | Rune | Stadium | None = None,
) -> Position:
    """The effects of ``card_name`` (at ``source``, or gone from the field for ``destroyed``) that ``event`` meets
    wait in Limbo for the next chain, each whose ``if`` holds and that has a target to choose. ``before``: the card
    as it was just before it left the field (a Misenchanted or Suppressed card had no effect to activate)."""
    card = pos.cards.get(card_name)
    if card is None or not card.effects:
        return pos
    if before is not None and card_effects(card, event):
        lost = "Suppressed" if before.suppressed else ""
        lost = lost or ("Misenchanted" if card_status(card.cost, before.spirits) == "misenchanted" else "")
        if lost:
            trace.add(
                f"{card_name} was {lost} just before it left the field, so it had no effect: its 'when {event}' "
                "effect does not activate",
                "elestrals.advanced.leaves-field-lookback",
            )
            return pos
    if source and event != "destroyed":
        here = pos.at(source, who)
        if here is None or getattr(here, "suppressed", False):
            return pos
        if card_effects(card, event) and card_status(card.cost, here.spirits) == "misenchanted":
            trace.add(
                f"{card_name} is Misenchanted, so it has no effect: its 'when {event}' effect does not activate",
                "elestrals.card.misenchanted",
            )
            return pos
    for index, effect in card_effects(card, event):
        if not condition_met(pos, who, effect, source):
            trace.add(f"{card_name}'s effect on {event}: its condition is not met", "elestrals.card.conditional")
            continue
        if not target_choices(pos, who, effect, source):
            trace.add(f"{card_name}'s effect on {event} has no target to choose", "elestrals.advanced.targets-needed")
            continue
        label = f"{card_name} on {event}"
        pos = replace(pos, waiting=(*pos.waiting, LimboItem(who, "conditional", card_name, source, label, index)))
        trace.add(f"{label}: the effect waits in Limbo to join the next chain", "elestrals.chain.waiting-in-limbo")
    return pos


# ---------------------------------------------------------------- resolving


def _still_there(pos: Position, target: str) -> bool:
    owner, zone, name = target.split(":", 2)
    if zone in _ZONE_ATTR:
        return name in getattr(pos.sides[_player(pos, owner)], _ZONE_ATTR[zone])
    card = pos.at(f"{owner}:{zone}")
    return card is not None and card.card == name


def _from_zone(pos: Position, target: str) -> tuple[Position, int, str]:
    owner, zone, name = target.split(":", 2)
    who = _player(pos, owner)
    cards = list(getattr(pos.sides[who], _ZONE_ATTR[zone]))
    cards.remove(name)
    return pos.with_side(who, replace(pos.sides[who], **{_ZONE_ATTR[zone]: tuple(cards)})), who, name


def resolve_effect(
    pos: Position,
    who: int,
    card: Card,
    index: int,
    source: str,
    targets: Sequence[str],
    trace: Trace,
    negates: Sequence[int] | None = None,
) -> Position:
    """Do what effect ``index`` of ``card`` says, on the targets still there. ``negates``: the links its Negate
    answers, when known (an empty one: it answered none, and its Negate does nothing)."""
    effect = card.effects[index]
    if not condition_met(pos, who, effect, source):
        trace.add(f"{card.name}: its condition no longer holds, so it does nothing", "elestrals.card.conditional")
        return pos
    if effect.target is not None and not effect.needs_target:
        targets = matches(pos, who, effect.target, source)
        if effect.target.every and not targets:
            trace.add(
                f"{card.name}: its effect acts on every card that matches ({effect.target}), choosing none, so it "
                "could be used; none matches now, and it does nothing",
                "elestrals.advanced.no-target-word",
            )
    live = [t for t in targets if _still_there(pos, t)]
    for gone in (t for t in targets if t not in live):
        trace.add(
            f"{card.name}: its target {gone.rsplit(':', 1)[0]} ({gone.rsplit(':', 1)[1]}) is gone; the effect does "
            "what it still can",
            "elestrals.advanced.targets-needed",
        )
    targets = live
    for step in effect.steps:
        targets = [t for t in targets if _still_there(pos, t)]  # an earlier step may have moved one
        if step.action == "negate" and negates is not None and not negates:
            trace.add(f"{card.name} answered no link: its Negate does nothing", "elestrals.interp.negate-nothing")
            continue
        pos = _STEPS[step.action](pos, who, card, step.words, targets, trace)
        if pos.over:
            return pos
    return pos


def _draw(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for _ in range(int(words[0])):
        pos = draw_card(pos, who, trace)
        if pos.over:
            break
    return pos


def _destroy(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        trace.add(f"{card.name} destroys {name} ({owner_name}:{ref})", "elestrals.glossary.destroy")
        gone = pos.at(f"{owner_name}:{ref}")
        pos = leave_field(pos, owner, zone, slot, trace, why="is destroyed")
        pos = trigger(pos, owner, "", name, "destroyed", trace, before=gone)
    return pos


def _return(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        here = pos.at(f"{owner_name}:{ref}")
        keeper = here.owner if isinstance(here, Elestral) and here.owner is not None else owner
        pos = leave_field(pos, owner, zone, slot, trace, why="leaves the field")
        side = pos.sides[keeper]
        underworld = list(side.underworld)
        underworld.remove(name)
        if words[0] == "hand":
            side = replace(side, underworld=tuple(underworld), hand=tuple(sorted((*side.hand, name))))
        else:
            side = replace(side, underworld=tuple(underworld), main_deck=(name, *side.main_deck))
        pos = pos.with_side(keeper, side)
        where = "hand" if words[0] == "hand" else "Main Deck, on top"
        trace.add(
            f"{card.name} returns {name} to its owner's {where}; its Spirits go to the Underworld",
            "elestrals.glossary.effect",
        )
    return pos


def _special_cast(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        pos, owner, name = _from_zone(pos, target)
        zone = target.split(":", 2)[1]
        pos = replace(pos, waiting=(*pos.waiting, LimboItem(owner, "special-cast", name, zone, "")))
        trace.add(
            f"{card.name}: {name} waits in Limbo to be Special Cast in the next chain", "elestrals.main.special-cast"
        )
        side, facts = pos.sides[owner], pos.cards.get(name)
        full = None not in side.elestrals
        if full or (facts is not None and not side.spirit_deck.can_pay(facts.cost)):
            why = "the Elestral Row is full" if full else "the Spirit Deck cannot meet its Enchantment Cost"
            trace.add(
                f"As things stand it cannot be: {why}; if so when the next chain opens, it does nothing",
                "elestrals.zone.elestral-row" if full else "elestrals.main.special-cast",
            )
    return pos


def _expend(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for _ in range(int(words[0])):
        side = pos.sides[who]
        if side.spirit_deck.size == 0:
            trace.add(f"{pos.names[who]} must Expend from an empty Spirit Deck", "elestrals.end.expend-from-empty")
            trace.add(f"{pos.names[who]} loses; their opponent wins", "elestrals.end.ways-to-lose")
            return replace(pos, over=True, winner=1 - who)
        deck, got = side.spirit_deck.take("&")
        pos = pos.with_side(who, replace(side, spirit_deck=deck, underworld=(*side.underworld, got)))
        trace.add(f"{pos.names[who]} Expends {an(got + ' Spirit')}", "elestrals.glossary.expend")
    return pos


def _recover(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    side = pos.sides[who]
    spirits = [s for s in side.underworld if s in SPIRIT_TYPES][: int(words[0])]
    underworld = list(side.underworld)
    deck = side.spirit_deck
    for s in spirits:
        underworld.remove(s)
        deck = deck.add(s)
    pos = pos.with_side(who, replace(side, underworld=tuple(underworld), spirit_deck=deck))
    trace.add(
        f"{pos.names[who]} puts {plural(len(spirits), 'Spirit')} from the Underworld back in the Spirit Deck"
        + (f" (of {words[0]} asked; that is all there were)" if len(spirits) < int(words[0]) else ""),
        "elestrals.glossary.spirit-deck",
    )
    return pos


def _spirits(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace, *, add: bool) -> Position:
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        here = pos.at(f"{owner_name}:{ref}")
        assert here is not None
        if isinstance(here, Rune) and here.set:
            trace.add(f"{name} is a Set Rune: it cannot be Enchanted", "elestrals.advanced.nexus-set-rune")
            continue
        spirits = list(here.spirits)
        moved = []
        for _ in range(int(words[0])):
            if add:
                if pos.sides[who].spirit_deck.size == 0:
                    break
                deck, got = pos.sides[who].spirit_deck.take("&")
                pos = pos.with_side(who, replace(pos.sides[who], spirit_deck=deck))
                spirits.append(got)
                moved.append(got)
            elif spirits:
                moved.append(spirits.pop())
        pos = put_card(pos, owner, zone, slot, replace(here, spirits=tuple(sorted(spirits))))
        if add:
            trace.add(
                f"{name} receives {plural(len(moved), 'Spirit')} from {pos.names[who]}'s Spirit Deck",
                "elestrals.glossary.enchant",
            )
            if moved:
                pos = trigger(pos, owner, f"{owner_name}:{ref}", name, "enchanted", trace)
        else:
            keeper = here.owner if isinstance(here, Elestral) and here.owner is not None else owner
            pos = to_underworld(pos, keeper, moved)
            trace.add(
                f"{plural(len(moved), 'Spirit')} {'leaves' if len(moved) == 1 else 'leave'} {name} for the Underworld",
                "elestrals.glossary.disenchant",
            )
    return pos


def _stat(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    until = words[1] if len(words) > 1 else ""
    if until == "end" and pos.phase == "end":  # what lasts until the End Phase wore off as it began
        trace.add(
            f"{card.name}'s {words[0]} would last until the End Phase, which has already begun: its duration is "
            "over before it resolves, so it does not apply",
            "elestrals.advanced.duration-vs-passive",
        )
        return pos
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        here = pos.at(f"{owner_name}:{ref}")
        assert isinstance(here, Elestral)
        changed = replace(here, modifiers=(*here.modifiers, (words[0], until)))
        pos = put_card(pos, owner, zone, slot, changed)
        lasting = {"end": "until the End Phase", "battle": "until the battle ends", "": "while it stays on the field"}
        now = ""
        fixed = continuous_stats(pos, changed)
        if here.modifiers or fixed:  # other effects change what this one leaves
            base = pos.cards[changed.card]
            effects = [parse_effect(text) for text in (*fixed, *(text for text, _ in changed.modifiers))]
            attack, defense = stats_after(base.attack, base.defense, effects, pos.opts["stat-floor"])
            now = f"; with the other stat effects on it, {name} is now {attack}/{defense} (sets apply first)"
        trace.add(f"{name} gets {words[0]}, {lasting[until]}{now}", "elestrals.advanced.stat-order")
    if not until and card.instant:
        trace.add("An Invoke or Counter Rune's effect with no duration lasts", "elestrals.advanced.default-duration")
    return pos


def _in_battle(pos: Position, owner: int, zone: str, slot: int) -> bool:
    """Whether the Elestral at ``owner``'s ``zone`` ``slot`` is one of the two in battle (the Battle or Damage Step)."""
    b = pos.battle
    if b is None or b.step not in ("battle", "damage") or zone != "E":
        return False
    return (owner, slot) in ((pos.player, b.attacker), (1 - pos.player, b.target))


def _position(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        if _in_battle(pos, owner, zone, slot):
            trace.add(
                f"{name} is in battle: until the battle is over, effects cannot change its Position",
                "elestrals.battle.battle-step",
            )
            continue
        here = pos.at(f"{owner_name}:{ref}")
        assert isinstance(here, Elestral)
        turned = "defense" if here.position == "attack" else "attack"
        pos = put_card(pos, owner, zone, slot, replace(here, position=turned))
        trace.add(f"{name} turns to {turned.capitalize()} Position", "elestrals.advanced.position-changed-by-effect")
    return pos


def _negate(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    trace.add(f"{card.name} Negates the link it answered", "elestrals.glossary.negate")
    return pos


def _search(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        pos, owner, name = _from_zone(pos, target)
        side = pos.sides[owner]
        pos = pos.with_side(owner, replace(side, hand=tuple(sorted((*side.hand, name)))))
        trace.add(
            f"{pos.names[owner]} searches the Main Deck for {name}, shows it and adds it to their hand",
            "elestrals.glossary.search",
        )
    return pos


def _set(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        owner = _player(pos, target.split(":", 1)[0])
        slot = next((i for i, r in enumerate(pos.sides[owner].runes) if r is None), None)
        name = target.split(":", 2)[2]
        stadium = pos.cards[name].rune == "stadium"
        if slot is None or stadium:
            why, rule = "no Rune Row slot is open", "elestrals.zone.rune-row"
            if stadium:
                why, rule = "a Stadium is never Set", "elestrals.main.set-rune"
            trace.add(f"{name} cannot be Set: {why}", rule)
            continue
        pos, owner, name = _from_zone(pos, target)
        pos = put_card(pos, owner, "R", slot, Rune(name, set=True, set_turn=pos.turn))
        trace.add(f"{name} is Set face-down in R{slot + 1}", "elestrals.main.set-rune")
    return pos


def _flip(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        here = pos.at(f"{owner_name}:{ref}")
        if not isinstance(here, Rune) or here.set:
            trace.add(f"{name} is already face-down", "elestrals.main.set-rune")
            continue
        pos = put_card(pos, owner, zone, slot, Rune(name, set=True, set_turn=pos.turn))
        pos = to_underworld(pos, owner, here.spirits)
        trace.add(f"{name} turns face-down: it is Set, and its Spirits go to the Underworld", "elestrals.glossary.set")
    return pos


def _counter(pos: Position, who: int, card: Card, words: Words, targets: Words, trace: Trace) -> Position:
    name_word, change = words[0], int(words[1])
    for target in targets:
        owner_name, ref, name = target.split(":", 2)
        owner, zone, slot = pos.resolve_ref(f"{owner_name}:{ref}")
        here = pos.at(f"{owner_name}:{ref}")
        if isinstance(here, Stadium) or here is None:
            continue
        counts = dict(here.counters)
        counts[name_word] = max(0, min(99, counts.get(name_word, 0) + change))
        kept = tuple(sorted((k, n) for k, n in counts.items() if n))
        pos = put_card(pos, owner, zone, slot, replace(here, counters=kept))
        trace.add(f"{name} now has {plural(counts[name_word], name_word + ' counter')}", "elestrals.glossary.effect")
    return pos


_STEPS = {
    "draw": _draw,
    "destroy": _destroy,
    "return": _return,
    "special-cast": _special_cast,
    "expend": _expend,
    "recover": _recover,
    "enchant": lambda *a: _spirits(*a, add=True),
    "disenchant": lambda *a: _spirits(*a, add=False),
    "stat": _stat,
    "position": _position,
    "negate": _negate,
    "search": _search,
    "set": _set,
    "flip": _flip,
    "counter": _counter,
}


# ---------------------------------------------------------------- continuous stats


def _enchanted(pos: Position, card: Elestral | Rune | Stadium) -> bool:
    return not card.suppressed and card_status(pos.cards[card.card].cost, card.spirits) == "enchanted"


def continuous_stats(pos: Position, elestral: Elestral) -> list[str]:
    """The stat effects continuous effects put on an Elestral now, in field order (Stadiums, then each player's
    Rune Row and Elestral Row, the turn player's first), which stands for the order they were Cast."""
    return _continuous(pos, elestral)[0]


def idle_continuous(pos: Position, elestral: Elestral) -> list[tuple[str, str]]:
    """The cards whose continuous effects would change an Elestral's stats but do not, having lost their effect:
    ``(card name, "Misenchanted" or "Suppressed")`` each."""
    return _continuous(pos, elestral)[1]


def _continuous(pos: Position, elestral: Elestral) -> tuple[list[str], list[tuple[str, str]]]:
    where = None
    for owner, side in enumerate(pos.sides):
        for slot, el in enumerate(side.elestrals):
            if el is elestral:
                where = f"{pos.names[owner]}:E{slot + 1}:{el.card}"
    if where is None:
        return [], []
    out: list[str] = []
    idle: list[tuple[str, str]] = []
    order = (pos.player, 1 - pos.player)
    sources = [(w, "S", pos.sides[w].stadium) for w in order]
    sources += [(w, f"R{i + 1}", r) for w in order for i, r in enumerate(pos.sides[w].runes)]
    sources += [(w, f"E{i + 1}", e) for w in order for i, e in enumerate(pos.sides[w].elestrals)]
    for w, ref, card in sources:
        if card is None or (isinstance(card, Rune) and card.set) or not pos.cards[card.card].effects:
            continue
        lost = "Suppressed" if card.suppressed else "" if _enchanted(pos, card) else "Misenchanted"
        for _, effect in card_effects(pos.cards[card.card], "continuous"):
            assert effect.target is not None
            if lost and card_status(pos.cards[card.card].cost, card.spirits) != "too-few":
                if where in matches(pos, w, effect.target, ref):
                    idle.append((card.card, lost))
            elif not lost and where in matches(pos, w, effect.target, ref) and condition_met(pos, w, effect, ref):
                out += [step.words[0] for step in effect.steps]
    return out, idle
