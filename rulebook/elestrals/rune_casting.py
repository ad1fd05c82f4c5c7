"""Casting a Rune in Elestrals: when it may be Cast (a Counter Rune on any turn once Set, the others in the turn
player's Main Phase), where it goes, its targets, the Spirits that pay for it, and what Casting does to the position.

[`refuse_cast_rune`][rulebook.elestrals.rune_casting.refuse_cast_rune] says why a Cast is refused, or ``None``;
[`cast_rune`][rulebook.elestrals.rune_casting.cast_rune] carries it out and puts its link on the chain.
[`rulebook.elestrals.main_phase`][rulebook.elestrals.main_phase] calls both for ``cast-rune``.

Examples:
    >>> from rulebook.elestrals.game import new_game
    >>> pos = new_game(seed=1).apply("keep").apply("keep").position
    >>> refuse_cast_rune(pos, pos.player, ["R1"], {})
    ('there is no Set Rune of yours at R1', ('elestrals.main.cast-rune',))
"""

from __future__ import annotations

from rulebook.elestrals.abilities import refuse_use, use_effect
from rulebook.elestrals.cards import Card
from rulebook.elestrals.core import SPIRIT_TYPES, an, lookup_name, plural
from rulebook.elestrals.main_common import (
    NO_CHAIN,
    Parts,
    Refusal,
    add_link,
    hand_card,
    has_target,
    main_timing,
    no,
    open_slot,
    reveal_problem,
)
from rulebook.elestrals.payments import (
    cast_type_problem,
    deck_payment,
    field_spirit_problem,
    note_misenchanted_cast,
    split_payment,
)
from rulebook.elestrals.state import (
    RUNE_ROW,
    ChainLink,
    Elestral,
    Position,
    Rune,
    leave_field,
    put_card,
    replace,
    replace_stadiums,
    stadium_stays,
    take_spirit,
    window_open,
)
from rulebook.errors import InvalidInputError
from rulebook.ruling import Trace

__all__ = ["cast_rune", "refuse_cast_rune"]


def _unpaid(pos: Position, who: int, card: Card) -> Refusal:
    """Why the Spirit Deck alone cannot pay a Rune's cost: too few Spirits, or (option ``cast-types=required``)
    none of the types its cost names."""
    hint = "; name Spirits on your cards with paying E1:TYPE (Instant Runes only)"
    size = pos.sides[who].spirit_deck.size
    if size is not None and size >= len(card.cost):
        kinds = " ".join("any" if t == "&" else t for t in card.cost)
        return no(
            f"the Spirit Deck holds {plural(size, 'Spirit')} but not the types its cost names ({kinds}), and a Cast "
            f"is paid with Spirits of its cost's types (option cast-types=required){hint if card.instant else ''}",
            "elestrals.interp.cast-spirit-types",
            "elestrals.main.cast-rune",
        )
    return no(
        f"the Spirit Deck cannot pay its cost of {plural(len(card.cost), 'Spirit')}{hint}", "elestrals.main.cast-rune"
    )


def refuse_cast_rune(pos: Position, who: int, head: list[str], parts: Parts) -> Refusal | None:
    if not head:
        raise InvalidInputError("cast-rune needs the Rune: cast-rune CARD (from hand) or cast-rune R1 (a Set Rune)")
    side = pos.sides[who]
    first = head[0].strip().upper()
    rune: Rune | None = None
    if len(first) == 2 and first[0] == "R" and first[1] in "1234":
        rune = side.runes[int(first[1]) - 1]
        if rune is None or not rune.set:
            return no(f"there is no Set Rune of yours at {first}", "elestrals.main.cast-rune")
        card = pos.cards[rune.card]
    else:
        card = pos.cards[hand_card(pos, head[0], "rune")]
    for check in (_rune_timing, _rune_slot, _rune_targets, _rune_payment):
        if (why := check(pos, who, card, rune, parts)) is not None:
            return why
    return None


def _rune_timing(pos: Position, who: int, card: Card, rune: Rune | None, parts: Parts) -> Refusal | None:
    """When: an Instant Counter Rune on any player's turn; every other Rune in the turn player's Main Phase."""
    if card.rune == "counter":
        return _counter_timing(pos, who, card, rune)
    timing = main_timing(pos, who, "Casting a Rune other than a Counter Rune")
    if timing and who != pos.player:  # another player's turn: first of all, it is not this player's Main Phase
        return no(
            f"only Counter Runes are Cast on another player's turn (this is {pos.names[pos.player]}'s "
            f"{pos.phase.capitalize()} Phase)",
            "elestrals.glossary.invoke" if card.rune == "invoke" else "elestrals.glossary.main-phase",
            *((NO_CHAIN,) if pos.chain else ()),
        )
    if timing and pos.chain and pos.phase == "main":
        return no("only Counter Runes can be added to an active chain", NO_CHAIN)
    if timing and pos.phase != "main":
        return no(
            f"only Counter Runes are Cast outside your Main Phase (this is the {pos.phase.capitalize()} Phase)",
            "elestrals.glossary.invoke" if card.rune == "invoke" else "elestrals.glossary.main-phase",
        )
    if timing:
        return timing
    if rune is not None and rune.set_turn >= pos.turn:
        return no("a Set Rune can be Cast only after the turn it was Set", "elestrals.main.set-then-cast")
    if rune is None and card.name not in pos.sides[who].hand:
        return no(f"{card.name!r} is not in your hand", "elestrals.main.cast-rune")
    return None


def _counter_timing(pos: Position, who: int, card: Card, rune: Rune | None) -> Refusal | None:
    if rune is None:
        return no("a Counter Rune can only be Cast after it has been Set", "elestrals.rune.counter")
    if rune.set_turn >= pos.turn:
        return no("a Set Rune can be Cast only after the turn it was Set", "elestrals.main.set-then-cast")
    if pos.over or pos.phase == "setup":
        return no("no Rune is Cast before the first turn", "elestrals.setup.steps")
    if pos.chain and pos.closed:
        return no("the chain is closed: no more links can be added", "elestrals.chain.closed")
    if not pos.chain and pos.waiting:
        return no(
            "the next chain opens with the cards and effects waiting in Limbo first", "elestrals.chain.next-chain-order"
        )
    opens = not pos.chain and not pos.waiting
    if opens and (pos.phase == "main" or (pos.phase == "battle" and pos.step == "")) and who != pos.player:
        return no("with no chain active, only the turn player may start one", "elestrals.chain.forming")
    if opens and pos.phase in ("draw", "end") and not window_open(pos, who):
        return no(
            "with option window-chains=turn-player only the turn player starts a chain in the Draw and End Phases",
            "elestrals.interp.window-chains",
        )
    if pos.phase == "draw" and card.when and pos.chain and pos.opts["draw-when-counter"] == "never":
        return no(
            "with option draw-when-counter=never a Counter Rune that works 'when' something happens is not Cast in "
            "the Draw Phase",
            "elestrals.interp.draw-when-counter",
            "elestrals.phase.draw",
        )
    if pos.phase == "draw" and card.when and not pos.chain:
        return no(
            "in the Draw Phase, a Counter Rune that works 'when' something happens cannot start a chain",
            "elestrals.phase.draw",
            "elestrals.interp.draw-when-counter",
        )
    return None


def _rune_slot(pos: Position, who: int, card: Card, rune: Rune | None, parts: Parts) -> Refusal | None:
    """Where it goes: an open slot, or (an Invoke Rune from hand, in a full row) the Rune it replaces."""
    kind = card.rune
    replacing = parts.get("replacing", [])
    if replacing and (kind != "invoke" or rune is not None):
        return no(
            "only an Invoke Rune Cast from hand may replace a Rune of a full Rune Row", "elestrals.main.invoke-replaces"
        )
    if rune is not None or kind == "stadium":
        return None
    if open_slot(pos, who, "R") is not None:
        if replacing:
            return no(
                "the Rune Row has an open slot: an Invoke Rune replaces a Rune only when it is full",
                "elestrals.main.invoke-replaces",
            )
        return None
    if kind != "invoke":
        return no(
            f"all {RUNE_ROW} Rune Row slots are filled and only an Invoke Rune may replace a Rune",
            "elestrals.zone.rune-row",
        )
    if not replacing:
        return no("the Rune Row is full: name the Rune it replaces (replacing R1)", "elestrals.main.invoke-replaces")
    owner, zone, slot = pos.resolve_ref(replacing[0], who)
    if owner != who or zone != "R" or pos.sides[who].runes[slot] is None:
        return no(f"{replacing[0]} is not a Rune of yours to replace", "elestrals.main.invoke-replaces")
    return None


def _rune_targets(pos: Position, who: int, card: Card, rune: Rune | None, parts: Parts) -> Refusal | None:
    """Its targets: the Elestral an Artifact Empowers, and the targets of its effects."""
    empowering = parts.get("empowering", [])
    if card.rune == "artifact" and not empowering:
        return no(
            "an Artifact targets the Elestral it will Empower: add empowering E1 (or P2:E1)",
            "elestrals.main.artifact-targets",
        )
    if card.rune == "artifact" and not isinstance(pos.at(empowering[0], who), Elestral):
        return no(f"there is no Elestral at {empowering[0]} to Empower", "elestrals.main.artifact-targets")
    if card.rune != "artifact" and empowering:
        return no(
            f"only an Artifact Empowers an Elestral; {card.name!r} is {an(card.rune.capitalize() + ' Rune')}",
            "elestrals.rune.artifact",
        )
    if card.target and not has_target(pos, who, card.target):
        return no("the Rune needs a target and none is available", "elestrals.advanced.targets-needed")
    if card.effects:
        return refuse_use(pos, who, card, "resolve", "", parts)
    if parts.get("targeting"):
        return no(f"{card.name!r} has no effect given as data to choose targets for", "elestrals.main.cast-rune")
    return None


def _rune_payment(pos: Position, who: int, card: Card, rune: Rune | None, parts: Parts) -> Refusal | None:
    """Its Spirits: exactly its cost, from the Spirit Deck or (Instant Runes) from your cards."""
    replacing = parts.get("replacing", [])
    deck_words, field_words = split_payment(parts.get("paying", []), card.cost)
    if field_words and not card.instant:
        return no(
            "only Instant Runes may be paid with Spirits Enchanting your cards", "elestrals.main.instant-field-spirits"
        )
    for item in field_words:
        why = field_spirit_problem(pos, who, item)
        replaced = replacing and item.split(":")[0] == replacing[0].upper()
        if why and not replaced:
            return no(why, "elestrals.main.instant-field-spirits")
    if not parts.get("paying"):
        if deck_payment(pos, who, card.cost) is None:
            return _unpaid(pos, who, card)
        return None
    deck = pos.sides[who].spirit_deck
    for kind in deck_words:
        try:
            deck, _got = deck.take(kind)
        except ValueError:
            return reveal_problem(pos, who, deck_words, len(deck_words), rule="elestrals.main.cast-rune") or no(
                f"the Spirit Deck holds too few {kind} Spirits for this payment", "elestrals.main.cast-rune"
            )
    paid = [*deck_words, *(item.partition(":")[2] for item in field_words)]
    return cast_type_problem(pos, card.name, paid, "the Spirits named")


def cast_rune(pos: Position, who: int, head: list[str], parts: Parts, trace: Trace) -> Position:
    pos, card, where, source = _take_rune(pos, who, head[0])
    trace.add(
        f"{card.rune.capitalize()} Runes are {'Instant' if card.instant else 'Continuous'} Runes",
        "elestrals.rune.types",
    )
    before = pos
    pos, spirits, where = _pay_rune(pos, who, card, parts, where, trace)
    lent = _lent(before, who, parts)
    pos, where = _place_rune(pos, who, card, where, source != "hand", trace)
    target = ""
    if card.rune == "artifact":
        owner, _, at = pos.resolve_ref(parts["empowering"][0], who)
        target = pos.ref(owner, "E", at)
        trace.add(f"The Artifact targets the Elestral it will Empower, {target}", "elestrals.main.artifact-targets")
        if owner != who:
            trace.add(
                "It may Empower an opponent's Elestral as well as yours", "elestrals.advanced.artifact-any-elestral"
            )
    pos, used = use_effect(pos, who, card, "resolve", "", parts, trace)
    link = ChainLink(who, "cast-rune", card.name, where, "", tuple(sorted(spirits)), target, source, lent=lent)
    return add_link(pos, link._replace(targets=used.targets, effect=used.effect, negates=used.negates), trace)


def _take_rune(pos: Position, who: int, word: str) -> tuple[Position, Card, str, str]:
    """The Rune leaves its Set slot or the hand: the position, its facts, its slot (if Set) and where it was."""
    side = pos.sides[who]
    first = word.strip().upper()
    if len(first) == 2 and first[0] == "R" and first[1] in "1234":
        slot = int(first[1]) - 1
        rune = side.runes[slot]
        assert rune is not None
        return put_card(pos, who, "R", slot, None), pos.cards[rune.card], first, first
    card = pos.cards[hand_card(pos, word, "rune")]
    hand = list(side.hand)
    hand.remove(card.name)
    return pos.with_side(who, replace(side, hand=tuple(hand))), card, "", "hand"


def _lent(pos: Position, who: int, parts: Parts) -> tuple[tuple[int, str], ...]:
    """The Spirits a Rune is paid with (``paying E1:earth``) from Elestrals ``who`` controls and another player owns."""
    out = []
    for item in parts.get("paying", []):
        ref, _, kind = item.partition(":")
        holder = pos.at(ref, who) if kind else None
        if isinstance(holder, Elestral) and holder.owner is not None and holder.owner != who:
            out.append((holder.owner, lookup_name("Spirit type", kind, SPIRIT_TYPES)))
    return tuple(sorted(out))


def _pay_rune(
    pos: Position, who: int, card: Card, parts: Parts, where: str, trace: Trace
) -> tuple[Position, list[str], str]:
    """The Spirits: from the Spirit Deck, or (Instant Runes) from cards on the field, or the Rune it replaces."""
    deck_words, field_words = split_payment(parts.get("paying", []), card.cost)
    spirits: list[str] = []
    replacing = parts.get("replacing", [])
    if replacing:
        _, _, at = pos.resolve_ref(replacing[0], who)
        old = pos.sides[who].runes[at]
        assert old is not None
        reused = [i for i in field_words if i.split(":")[0] == f"R{at + 1}"]
        left = list(old.spirits)
        for item in reused:
            left.remove(item.split(":")[1])
            spirits.append(item.split(":")[1])
        field_words = [i for i in field_words if i not in reused]
        pos = put_card(pos, who, "R", at, replace(old, spirits=tuple(left)))
        pos = leave_field(pos, who, "R", at, trace, why="is replaced")
        trace.add(
            f"The Rune Row is full: {old.card} leaves R{at + 1} for the Underworld and the Invoke Rune takes its slot"
            + (f", reusing {plural(len(reused), 'Spirit')}" if reused else ""),
            "elestrals.main.invoke-replaces",
        )
        where = f"R{at + 1}"
    for item in field_words:
        ref, _, kind_word = item.partition(":")
        pos, holder, _zone = take_spirit(pos, who, ref, kind_word)
        spirits.append(kind_word)
        trace.add(
            f"A{an(kind_word + ' Spirit')[1:]} is Disenchanted from {holder.card} ({ref}) to pay",
            "elestrals.main.instant-field-spirits",
        )
    need = deck_words if parts.get("paying") else sorted(card.cost, key=lambda t: t == "&")[len(spirits) :]
    deck = pos.sides[who].spirit_deck
    for want in need:
        deck, got = deck.take(want)
        spirits.append(got)
    pos = pos.with_side(who, replace(pos.sides[who], spirit_deck=deck))
    trace.add(
        f"Exactly enough Spirits for its cost: {plural(len(spirits), 'Spirit')} ({' '.join(spirits) or 'none'})",
        "elestrals.main.rune-exact-spirits",
    )
    note_misenchanted_cast(pos, card.name, spirits, trace)
    return pos, spirits, where


def _place_rune(pos: Position, who: int, card: Card, where: str, from_set: bool, trace: Trace) -> tuple[Position, str]:
    """Where the Rune is Cast: its Set slot turned face-up, the Stadium slot, or an open Rune Row slot."""
    name = pos.names[who]
    if from_set:
        if card.rune == "counter":
            trace.add("A Counter Rune Set before this turn may be Cast on any player's turn", "elestrals.rune.counter")
            if pos.phase == "draw" and card.when:
                trace.add(
                    "In the Draw Phase a Counter Rune that works 'when' something happens may answer a chain, not "
                    "start one (option draw-when-counter=respond)",
                    "elestrals.interp.draw-when-counter",
                )
        trace.add(f"{name} turns {card.name} face-up in {where} and adds its Spirits", "elestrals.main.cast-rune")
        return pos, where
    if card.rune == "stadium":
        trace.add(f"{name} Casts {card.name} into the Stadium slot", "elestrals.main.stadium-cast")
        trace.add("Only one Stadium at a time", "elestrals.zone.stadium")
        if pos.opts["stadium-replaced"] == "on-cast":
            pos = replace_stadiums(pos, trace, "as the new one is put in the slot (option stadium-replaced=on-cast)")
        stadium_stays(pos, card.name, trace)
        return pos, "S"
    if not where:
        slot = open_slot(pos, who, "R")
        assert slot is not None
        where = f"R{slot + 1}"
        trace.add(f"{name} Casts {card.name} into R{slot + 1}, an open Rune Row slot", "elestrals.main.cast-rune")
    return pos, where
