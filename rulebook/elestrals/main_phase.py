"""Elestrals Main Phase on a position: each action's conditions, and what it does to the position.

Every action has a check, which returns why it is refused (a reason and the rules that refuse it) or
``None``, and a move, which carries it out and writes each step in a trace. The same checks decide
what ``legal`` lists and what ``check`` accepts, so the two cannot disagree. Casting and activating
put a link on the chain; [`rulebook.elestrals.chain`][rulebook.elestrals.chain] resolves it (with
[`resolve_link`][rulebook.elestrals.resolving.resolve_link]).

Examples:
    >>> from rulebook.elestrals.game import new_game
    >>> pos = new_game(seed=1).apply("keep").apply("keep").position
    >>> refuse(pos, pos.player, Action("change-position", ("E1",)))
    ('there is no Elestral of yours at E1', ('elestrals.main.position-change',))
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.elestrals.abilities import refuse_use, trigger, use_effect
from rulebook.elestrals.actions import Action, split_keywords
from rulebook.elestrals.cards import Card
from rulebook.elestrals.core import DATA, POSITIONS, SPIRIT_TYPES, an, lookup_name, plural
from rulebook.elestrals.main_common import (
    NO_CHAIN,
    Head,
    Parts,
    Refusal,
    add_link,
    hand_card,
    has_target,
    main_timing,
    no,
    open_slot,
    reveal_problem,
    status,
)
from rulebook.elestrals.payments import (
    ascend_reveal,
    cast_type_problem,
    note_misenchanted_cast,
    siphon_problem,
)
from rulebook.elestrals.rune_casting import cast_rune, refuse_cast_rune
from rulebook.elestrals.state import (
    ROW,
    RUNE_ROW,
    SPIRIT_ACTIONS,
    ChainLink,
    Elestral,
    Position,
    Rune,
    draw_card,
    leave_field,
    put_card,
    replace,
    take_spirit,
    window_open,
)
from rulebook.errors import InvalidInputError
from rulebook.ruling import Trace

__all__ = [
    "MAIN_ACTIONS",
    "NORMAL_CAST_MAX",
    "draw_card",
    "open_slot",
    "perform",
    "refuse",
    "status",
]

#: The Main Phase actions that start nothing else: the Spirit action's four, Setting, changing Position.
MAIN_ACTIONS: tuple[str, ...] = (
    "normal-cast",
    "normal-ascend",
    "enchant",
    "expend-draw",
    "set-rune",
    "cast-rune",
    "change-position",
    "activate",
)
#: The most Spirits an Elestral brought in by a Normal Cast may cost.
NORMAL_CAST_MAX: int = DATA["normal_cast"]["max_cost"]


def _position_word(words: Sequence[str], where: str) -> str:
    for word in words:
        return lookup_name(f"Position for {where}", word, POSITIONS)
    return "attack"


def _own_elestral(pos: Position, who: int, ref: str) -> tuple[int, Elestral | None]:
    owner, zone, slot = pos.resolve_ref(ref, who)
    if owner != who or zone != "E":
        raise InvalidInputError(f"{ref} is not a slot of your Elestral Row; write E1 to E4")
    return slot, pos.sides[who].elestrals[slot]


#: The turn's Spirit action as a refusal names it.
_SPIRIT_ACTION_WORDS = {
    "normal-cast": "by a Normal Cast",
    "normal-ascend": "by a Normal Ascend",
    "enchant": "by an Enchant",
    "expend-draw": "by an Expend to draw",
    "normal-cast-negated": "by a Normal Cast that was Negated, which still spends it",
    "normal-ascend-negated": "by a Normal Ascend that was Negated, which still spends it",
}


def _spirit_action(pos: Position, who: int) -> Refusal | None:
    used = pos.sides[who].spirit_action
    if used:
        rules = ["elestrals.main.spirit-action"]
        if used.endswith("-negated"):
            rules.append("elestrals.interp.spirit-action-failed")
        return no(
            f"the Spirit action was already used this turn ({_SPIRIT_ACTION_WORDS.get(used, used)}); only one of "
            "Normal Cast, Normal Ascend, Enchant or Expend to draw per turn",
            *rules,
        )
    return None


# ---------------------------------------------------------------- the checks


def refuse(pos: Position, who: int, action: Action) -> Refusal | None:
    """Why ``who`` may not take this Main Phase ``action`` now, or ``None`` if they may.

    Raises [`InvalidInputError`][rulebook.errors.InvalidInputError] for an action whose words cannot be read.
    """
    verb = action.verb
    head, parts = split_keywords(action.args)
    if verb == "cast-rune":
        return refuse_cast_rune(pos, who, head, parts)
    if verb == "activate":
        return _refuse_activate(pos, who, head, parts)
    timing = main_timing(pos, who, verb)
    step = _REFUSALS.get(verb)
    if step is None:
        raise InvalidInputError(f"{verb} is not a Main Phase action")
    return step(pos, who, head, parts, timing)


def _refuse_normal_cast(
    pos: Position, who: int, head: list[str], parts: Parts, timing: Refusal | None
) -> Refusal | None:
    side = pos.sides[who]
    if not head:
        raise InvalidInputError("normal-cast needs the Elestral's name: normal-cast CARD [attack|defense]")
    name = hand_card(pos, head[0], "elestral")
    _position_word(head[1:], "normal-cast")
    if timing:
        return timing
    used = _spirit_action(pos, who)
    if name not in side.hand:
        return used or no(f"{name!r} is not in your hand", "elestrals.main.normal-cast")
    card = pos.cards[name]
    top = DATA["normal_cast"]["max_cost"]
    faults = [] if used is None else [(used[0], *used[1])]  # every reason that applies, each with its rules
    if len(card.cost) > top:
        faults.append(
            (
                f"a Normal Cast Elestral must cost at most {plural(top, 'Spirit')} (it costs {len(card.cost)})",
                "elestrals.main.normal-cast-one-spirit",
            )
        )
    if open_slot(pos, who, "E") is None:
        full = f"all {ROW} Elestral Row slots are filled"
        why = f"{full} (only Ascending is possible)" if faults else f"{full}; only Ascending is possible"
        faults.append((why, "elestrals.zone.elestral-row"))
    if len(faults) == 1 and used is not None:
        return used
    if faults:
        return no(", and ".join(why for why, *_ in faults), *(rule for _, *rules in faults for rule in rules))
    paying = parts.get("paying", [])
    return reveal_problem(pos, who, paying, 1) or _revealed_types(pos, who, name, paying, None)


def _refuse_normal_ascend(
    pos: Position, who: int, head: list[str], parts: Parts, timing: Refusal | None
) -> Refusal | None:
    side = pos.sides[who]
    if len(head) < 2:
        raise InvalidInputError("normal-ascend needs the Ascending Elestral and the card: normal-ascend E1 CARD")
    _, from_card = _own_elestral(pos, who, head[0])
    name = hand_card(pos, head[1], "elestral")
    _position_word(head[2:], "normal-ascend")
    if timing or (timing := _spirit_action(pos, who)):
        return timing
    if from_card is None:
        return no(f"there is no Elestral of yours at {head[0].upper()} to Ascend from", "elestrals.main.normal-ascend")
    if name not in side.hand:
        return no(f"{name!r} is not in your hand", "elestrals.main.normal-ascend")
    cap = DATA["normal_cast"]["max_cost"]
    if pos.opts["ascend-cost-cap"] == "yes" and len(pos.cards[name].cost) > cap:
        return no(
            f"with option ascend-cost-cap=yes a Normal Ascend, like a Normal Cast, takes an Elestral costing at "
            f"most {plural(cap, 'Spirit')}",
            "elestrals.interp.ascend-cost-cap",
        )
    for item in parts.get("adding", []):
        ref, _, kind = item.partition(":")
        if problem := siphon_problem(pos, who, head[0], ref, kind):
            return problem
    paying = parts.get("paying", [])
    reused = _reused(pos, who, head[0], parts)
    return reveal_problem(pos, who, paying, 1, rule="elestrals.main.normal-ascend") or _revealed_types(
        pos, who, name, paying, reused
    )


def _reused(pos: Position, who: int, ref: str, parts: Parts) -> list[str]:
    """The Spirits a Normal Ascend puts under the new Elestral besides the one revealed: those picked from your other
    Elestrals (``adding``) and the Ascending Elestral's own."""
    _, old = _own_elestral(pos, who, ref)
    picked = [lookup_name("Spirit type", item.partition(":")[2], SPIRIT_TYPES) for item in parts.get("adding", [])]
    return picked + list(old.spirits if old else ())


def _reveal_kind(pos: Position, who: int, name: str, paying: Sequence[str], reused: Sequence[str] | None) -> str:
    """The type of Spirit a Normal Cast (``reused`` None) or Normal Ascend reveals: the one named, else the default."""
    if paying:
        return lookup_name("Spirit type", paying[0], SPIRIT_TYPES)
    return _first_need(pos, who, name) if reused is None else ascend_reveal(pos, who, name, reused)


def _revealed_types(
    pos: Position, who: int, name: str, paying: Sequence[str], reused: list[str] | None
) -> Refusal | None:
    """Whether the Spirits of a Normal Cast (``reused`` None) or Ascend meet the new Elestral's cost's types."""
    _, got = pos.sides[who].spirit_deck.take(_reveal_kind(pos, who, name, paying, reused))
    how = "the Spirit revealed" if reused is None else "the Spirits it would hold"
    return cast_type_problem(pos, name, [got, *(reused or ())], how)


def _refuse_enchant(pos: Position, who: int, head: list[str], parts: Parts, timing: Refusal | None) -> Refusal | None:
    if not head:
        raise InvalidInputError("enchant needs the Elestral: enchant E1 [TYPE]")
    owner, zone, _ = pos.resolve_ref(head[0], who)
    kinds = [lookup_name("Spirit type", k, SPIRIT_TYPES) for k in head[1:2]]
    if timing or (timing := _spirit_action(pos, who)):
        return timing
    if owner == who and zone == "R":
        return _refuse_enchant_divine(pos, who, head[0], kinds)
    if owner != who or zone != "E":
        what = "another player's card" if owner != who else "not an Elestral"
        return no(
            f"the Spirit action Enchants an Elestral on your own field, and {head[0].upper()} is {what}",
            "elestrals.main.enchant",
        )
    _slot, card = _own_elestral(pos, who, head[0])
    if card is None:
        return no(f"there is no Elestral of yours at {head[0].upper()} to Enchant", "elestrals.main.enchant")
    return reveal_problem(pos, who, kinds, 1, rule="elestrals.main.enchant")


def _refuse_enchant_divine(pos: Position, who: int, ref: str, kinds: Sequence[str]) -> Refusal | None:
    """The Spirit action's Enchant aimed at one of your Runes: only a face-up Divine Rune, under divine-enchant=yes."""
    rune = pos.at(ref, who)
    if rune is None:
        return no(f"there is no card of yours at {ref.upper()} to Enchant", "elestrals.main.enchant")
    if pos.cards[rune.card].rune != "divine":
        return no(
            f"the Spirit action Enchants an Elestral or a Divine Rune, and {rune.card} is not a Divine Rune",
            "elestrals.interp.divine-enchant",
        )
    if isinstance(rune, Rune) and rune.set:
        return no(f"{rune.card} is Set: a Set Rune cannot be Enchanted", "elestrals.advanced.nexus-set-rune")
    if pos.opts["divine-enchant"] == "no":
        return no(
            f"with option divine-enchant=no the Spirit action Enchants only an Elestral, and {rune.card} is a Rune",
            "elestrals.interp.divine-enchant",
        )
    return reveal_problem(pos, who, kinds, 1, rule="elestrals.main.enchant")


def _refuse_expend_draw(
    pos: Position, who: int, head: list[str], parts: Parts, timing: Refusal | None
) -> Refusal | None:
    kinds = [lookup_name("Spirit type", k, SPIRIT_TYPES) for k in head[:1]]
    if timing or (timing := _spirit_action(pos, who)):
        return timing
    return reveal_problem(pos, who, kinds, 1, rule="elestrals.main.expend-draw")


def _refuse_set_rune(pos: Position, who: int, head: list[str], parts: Parts, timing: Refusal | None) -> Refusal | None:
    side = pos.sides[who]
    if not head:
        raise InvalidInputError("set-rune needs the Rune's name: set-rune CARD")
    name = hand_card(pos, head[0], "rune")
    if timing:
        return timing
    if name not in side.hand:
        return no(f"{name!r} is not in your hand", "elestrals.main.set-rune")
    if pos.cards[name].rune == "stadium":
        return no("a Stadium cannot be Set; it is Cast into the Stadium slot", "elestrals.main.set-rune")
    if open_slot(pos, who, "R") is None:
        return no(f"all {RUNE_ROW} Rune Row slots are filled", "elestrals.zone.rune-row")
    return None


def _refuse_change_position(
    pos: Position, who: int, head: list[str], parts: Parts, timing: Refusal | None
) -> Refusal | None:
    if not head:
        raise InvalidInputError("change-position needs the Elestral: change-position E1")
    _, card = _own_elestral(pos, who, head[0])
    if timing:
        return timing
    if card is None:
        return no(f"there is no Elestral of yours at {head[0].upper()}", "elestrals.main.position-change")
    if card.cast:  # the Ascend reading is named only for an Elestral Ascended into (None: not said which)
        said = {False: "Cast this turn", True: "Ascended into this turn counts as Cast, so it"}
        reading = () if card.ascended is False else ("elestrals.interp.ascended-counts-as-cast",)
        why = f"an Elestral {said.get(card.ascended, 'Cast (or Ascended into) this turn')} cannot change Position"
        return no(why, "elestrals.main.position-change", *reading)
    if card.changed:
        return no("each Elestral changes Position at most once per turn", "elestrals.main.position-change")
    return None


_REFUSALS = {
    "normal-cast": _refuse_normal_cast,
    "normal-ascend": _refuse_normal_ascend,
    "enchant": _refuse_enchant,
    "expend-draw": _refuse_expend_draw,
    "set-rune": _refuse_set_rune,
    "change-position": _refuse_change_position,
}


def _refuse_activate(pos: Position, who: int, head: list[str], parts: dict[str, list[str]]) -> Refusal | None:
    if not head:
        raise InvalidInputError("activate needs the card: activate E1, R1 or S")
    owner, zone, slot = pos.resolve_ref(head[0], who)
    if owner != who:
        return no("you activate the effects of your own cards", "elestrals.main.activate-effect")
    ref = f"{zone}{slot + 1}" if zone != "S" else "S"
    card = pos.at(ref, who)
    if card is None or (isinstance(card, Rune) and card.set):
        return no(f"there is no face-up card of yours at {ref}", "elestrals.main.activate-effect")
    facts: Card = pos.cards[card.card]
    if facts.category != "active":
        what = an(f"{facts.category} effect") if facts.category else "no effect (its text is not given)"
        return no(
            f"{card.card!r} has {what}; only 'you can' and 'you must' effects are activated", "elestrals.card.active"
        )
    state = status(pos, card)
    if state in ("misenchanted", "suppressed"):
        rule = "elestrals.card.misenchanted" if state == "misenchanted" else "elestrals.advanced.suppressed"
        return no(f"the card is {state.capitalize()}, so it has no effect", rule, "elestrals.main.activate-effect")
    if pos.chain or pos.waiting:
        return no("a chain is active: an effect is activated only when none is", NO_CHAIN)
    phase = facts.during or "main"
    if pos.phase != phase:
        used = ", and this one was used this turn" if ref in pos.sides[who].used else ""
        if phase == "main":
            return no(
                "an effect that names no phase works only in the Main Phase "
                f"(this is the {pos.phase.capitalize()} Phase){used}",
                "elestrals.phase.default-main",
                *(("elestrals.card.active",) if used else ()),
            )
        return no(
            f"the effect works during the {phase.capitalize()} Phase, not the {pos.phase.capitalize()} Phase{used}",
            "elestrals.card.active",
        )
    own_turn = "your" in facts.effect.lower().split(",", 1)[0].split()
    if (phase == "main" or own_turn) and who != pos.player:
        return no("the effect works only on its controller's turn", "elestrals.card.active")
    if phase == "main":
        if who != pos.player:
            return no("the Main Phase is the turn player's", "elestrals.glossary.main-phase")
    elif not window_open(pos, who):
        return no("this player cannot start a chain now", "elestrals.interp.window-chains")
    if ref in pos.sides[who].used:
        return no(
            "an active effect is used once per turn, and this one was used this turn (a Negated use is spent too)",
            "elestrals.card.active",
            "elestrals.main.negated-spent",
        )
    if facts.target and not has_target(pos, who, facts.target):
        return no("the effect needs a target and none is available", "elestrals.advanced.targets-needed")
    if facts.effects:
        return refuse_use(pos, who, facts, "activate", ref, parts)
    if parts:
        return no("only an effect given as data names targets or a payment", "elestrals.main.activate-effect")
    return None


# ---------------------------------------------------------------- what each action does


def perform(pos: Position, who: int, action: Action, trace: Trace) -> Position:
    """Carry out an action that [`refuse`][rulebook.elestrals.main_phase.refuse] allowed; each step is written in
    ``trace``."""
    verb = action.verb
    head, parts = split_keywords(action.args)
    if verb in SPIRIT_ACTIONS:
        trace.add("The once-per-turn Spirit action is still available", "elestrals.main.spirit-action")
    step = _PERFORM.get(verb)
    if step is None:
        raise InvalidInputError(f"{verb} is not a Main Phase action")
    return step(pos, who, verb, head, parts, trace)


def _perform_cast_or_ascend(
    pos: Position, who: int, verb: str, head: list[str], parts: Parts, trace: Trace
) -> Position:
    side = pos.sides[who]
    name = pos.names[who]
    card = hand_card(pos, head[1 if verb == "normal-ascend" else 0], "elestral")
    position = _position_word(head[2 if verb == "normal-ascend" else 1 :], verb)
    reused = _reused(pos, who, head[0], parts) if verb == "normal-ascend" else None
    deck, kind = side.spirit_deck.take(_reveal_kind(pos, who, card, parts.get("paying", []), reused))
    hand = list(side.hand)
    hand.remove(card)
    spirits = [kind]
    if verb == "normal-cast":
        slot = open_slot(pos, who, "E")
        assert slot is not None
        side = replace(side, spirit_deck=deck, hand=tuple(hand), spirit_action=verb)
        pos = pos.with_side(who, side)
        trace.add(
            f"{name} reveals {an(kind + ' Spirit')} and {card}, in {position.capitalize()} Position, "
            f"into E{slot + 1}: both wait in Limbo, the slot reserved",
            "elestrals.main.normal-cast",
        )
        trace.add("Attack Position upright, Defense Position sideways", "elestrals.main.position-on-cast")
        trace.add("An empty Elestral Row slot is reserved for it while it waits in Limbo", "elestrals.zone.limbo")
        note_misenchanted_cast(pos, card, spirits, trace)
        link = ChainLink(who, verb, card, f"E{slot + 1}", position, (kind,), source="hand")
    else:
        slot, old = _own_elestral(pos, who, head[0])
        assert old is not None
        side = replace(side, spirit_deck=deck, hand=tuple(hand), spirit_action=verb)
        pos = pos.with_side(who, side)
        for item in parts.get("adding", []):
            ref, _, extra = item.partition(":")
            extra = lookup_name("Spirit type", extra, SPIRIT_TYPES)
            pos, other, zone = take_spirit(pos, who, ref, extra)
            if zone != "E":
                what = an(extra + " Spirit")
                trace.add(
                    f"{what[0].upper()}{what[1:]} is taken from {other.card} ({ref.upper()}), a Rune (option "
                    "ascend-siphon=any-card: the Advanced Rules' 'other Enchanted cards')",
                    "elestrals.interp.ascend-siphon",
                )
            spirits.append(extra)
        spirits += list(old.spirits)
        pos = leave_field(pos, who, "E", slot, trace, keep_spirits=True, why="Ascends")
        trace.add(
            f"{name} reveals {an(kind + ' Spirit')}; {old.card} goes to the Underworld and {card} takes "
            f"E{slot + 1} with {plural(len(spirits), 'Spirit')}, in Limbo",
            "elestrals.main.normal-ascend",
        )
        trace.add(
            "Ascending replaces an Elestral in its own slot, so a full row does not stop it",
            "elestrals.zone.elestral-row",
        )
        if len(pos.cards[card].cost) > DATA["normal_cast"]["max_cost"]:
            trace.add(
                f"A Normal Ascend may bring in an Elestral costing {plural(len(pos.cards[card].cost), 'Spirit')} "
                "(option ascend-cost-cap=no: the 1-Spirit limit binds only a Normal Cast)",
                "elestrals.interp.ascend-cost-cap",
            )
        trace.add("Ascending counts as Casting: 'when you Cast' effects activate", "elestrals.advanced.ascend-is-cast")
        trace.add(
            "The Ascending Elestral's Artifacts do not pass to the new one: it is not the same Elestral",
            "elestrals.advanced.ascend-loses-artifacts",
        )
        note_misenchanted_cast(pos, card, spirits, trace)
        link = ChainLink(who, verb, card, f"E{slot + 1}", position, tuple(sorted(spirits)), source=old.card)
    trace.add("This uses the turn's Spirit action", "elestrals.main.spirit-action")
    return add_link(pos, link, trace)


def _perform_enchant(pos: Position, who: int, verb: str, head: Head, parts: Parts, trace: Trace) -> Position:
    side = pos.sides[who]
    name = pos.names[who]
    _, zone, slot = pos.resolve_ref(head[0], who)
    card = pos.at(head[0], who)
    assert card is not None
    deck, kind = side.spirit_deck.take(lookup_name("Spirit type", head[1], SPIRIT_TYPES) if len(head) > 1 else "&")
    pos = pos.with_side(who, replace(side, spirit_deck=deck, spirit_action=verb))
    pos = put_card(pos, who, zone, slot, replace(card, spirits=tuple(sorted((*card.spirits, kind)))))
    trace.add(
        f"{name} attaches {an(kind + ' Spirit')} from the Spirit Deck to {card.card} ({zone}{slot + 1})",
        "elestrals.main.enchant",
    )
    if zone == "R":
        trace.add(
            "A Divine Rune may be Enchanted with more Spirits by the Spirit action (option divine-enchant=yes)",
            "elestrals.interp.divine-enchant",
        )
    trace.add("Spirits arriving together are received once", "elestrals.advanced.receive-spirits")
    trace.add("This uses the turn's Spirit action", "elestrals.main.spirit-action")
    return trigger(pos, who, f"{zone}{slot + 1}", card.card, "enchanted", trace)


def _perform_expend_draw(pos: Position, who: int, verb: str, head: Head, parts: Parts, trace: Trace) -> Position:
    side = pos.sides[who]
    name = pos.names[who]
    deck, kind = side.spirit_deck.take(lookup_name("Spirit type", head[0], SPIRIT_TYPES) if head else "&")
    pos = pos.with_side(who, replace(side, spirit_deck=deck, underworld=(*side.underworld, kind), spirit_action=verb))
    trace.add(f"{name} Expends {an(kind + ' Spirit')} and draws a card", "elestrals.main.expend-draw")
    trace.add("This uses the turn's Spirit action", "elestrals.main.spirit-action")
    return draw_card(pos, who, trace)


def _perform_set_rune(pos: Position, who: int, verb: str, head: Head, parts: Parts, trace: Trace) -> Position:
    side = pos.sides[who]
    name = pos.names[who]
    card = hand_card(pos, head[0], "rune")
    slot = open_slot(pos, who, "R")
    assert slot is not None
    hand = list(side.hand)
    hand.remove(card)
    runes = list(side.runes)
    runes[slot] = Rune(card, set=True, set_turn=pos.turn)
    pos = pos.with_side(who, replace(side, hand=tuple(hand), runes=tuple(runes)))
    trace.add(f"{name} Sets {card} face-down in R{slot + 1}, with no Spirits", "elestrals.main.set-rune")
    return pos


def _perform_change_position(pos: Position, who: int, verb: str, head: Head, parts: Parts, trace: Trace) -> Position:
    side = pos.sides[who]
    slot, card = _own_elestral(pos, who, head[0])
    assert card is not None
    turned = "defense" if card.position == "attack" else "attack"
    elestrals = list(side.elestrals)
    elestrals[slot] = replace(card, position=turned, changed=True)
    pos = pos.with_side(who, replace(side, elestrals=tuple(elestrals)))
    trace.add(
        f"{card.card} (E{slot + 1}) turns to {turned.capitalize()} Position: not Cast this turn, not yet changed",
        "elestrals.main.position-change",
    )
    trace.add(
        "Only your own once-per-turn change counts: one made by an effect does not use it up",
        "elestrals.advanced.position-changed-by-effect",
    )
    return pos


def _perform_cast_rune(pos: Position, who: int, verb: str, head: Head, parts: Parts, trace: Trace) -> Position:
    return cast_rune(pos, who, head, parts, trace)


def _perform_activate(pos: Position, who: int, verb: str, head: Head, parts: Parts, trace: Trace) -> Position:
    side = pos.sides[who]
    name = pos.names[who]
    _, zone, slot = pos.resolve_ref(head[0], who)
    ref = f"{zone}{slot + 1}" if zone != "S" else "S"
    card = pos.at(ref, who)
    assert card is not None
    pos = pos.with_side(who, replace(side, used=tuple(sorted((*side.used, ref)))))
    during = pos.cards[card.card].during
    if during:
        rule = {"draw": "elestrals.phase.draw", "end": "elestrals.phase.end"}.get(during, "elestrals.phase.four")
        trace.add(f"The effect says it works during the {during.capitalize()} Phase", rule)
    trace.add(
        f"{name} activates the effect of {card.card} ({ref}): targets and costs first, then players may respond",
        "elestrals.main.activate-effect",
    )
    trace.add("An active effect is used once per turn", "elestrals.card.active")
    return add_link(pos, use_effect(pos, who, pos.cards[card.card], "activate", ref, parts, trace), trace)


_PERFORM = {
    "normal-cast": _perform_cast_or_ascend,
    "normal-ascend": _perform_cast_or_ascend,
    "enchant": _perform_enchant,
    "expend-draw": _perform_expend_draw,
    "set-rune": _perform_set_rune,
    "change-position": _perform_change_position,
    "cast-rune": _perform_cast_rune,
    "activate": _perform_activate,
}


def _first_need(pos: Position, who: int, name: str) -> str:
    """The Spirit a one-Spirit reveal takes by default: the cost's first type if the deck has one, else any."""
    cost = pos.cards[name].cost
    want = cost[0] if cost else "&"
    deck = pos.sides[who].spirit_deck
    if want == "&" or not deck.bounded or deck.count(want) or deck.count("?"):
        return want
    return "&"
