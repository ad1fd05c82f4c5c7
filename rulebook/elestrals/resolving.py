"""Elestrals: resolving one link of a chain that the Main Phase (or an effect) put there: a Cast Elestral enters
the field, an Instant Rune does what it says and goes, a Continuous Rune stays, an effect resolves; a Negated link
goes to the Underworld instead. [`rulebook.elestrals.chain`][rulebook.elestrals.chain] resolves a whole chain with
[`resolve_link`][rulebook.elestrals.resolving.resolve_link].

Examples:
    >>> from rulebook.elestrals.state import ChainLink
    >>> from rulebook.elestrals.game import new_game
    >>> from rulebook.ruling import Trace
    >>> pos = new_game(seed=1).apply("keep").apply("keep").position
    >>> link = ChainLink(pos.player, "described", "Tide Charm")
    >>> resolve_link(pos, 1, link, True, Trace()) == pos
    True
"""

from __future__ import annotations

from rulebook.elestrals.abilities import resolve_effect, trigger
from rulebook.elestrals.cards import card_status
from rulebook.elestrals.state import (
    ChainLink,
    Elestral,
    Position,
    Rune,
    Stadium,
    put_card,
    replace,
    replace_stadiums,
    stadium_stays,
    to_underworld,
)
from rulebook.ruling import Trace

__all__ = ["misenchanted_instant", "resolve_link"]


def misenchanted_instant(pos: Position, link: ChainLink) -> bool:
    """Whether ``link`` Casts an Instant Rune whose Spirits miss its cost's types (possible only under option
    ``cast-types=any``): a Misenchanted card has no effect, so it resolves doing nothing, and Negates nothing.

    Examples:
        >>> from rulebook.elestrals.game import new_game
        >>> pos = new_game(seed=1).position
        >>> misenchanted_instant(pos, ChainLink(pos.player, "described", "Tide Charm"))
        False
    """
    card = pos.cards.get(link.card)
    if link.kind != "cast-rune" or card is None or not card.instant or "?" in link.spirits:
        return False
    return card_status(card.cost, link.spirits) == "misenchanted"


def _resolve_effects(pos: Position, link: ChainLink, trigger_word: str, trace: Trace) -> Position:
    card = pos.cards[link.card]
    index = link.effect
    if trigger_word and card.effects[index].trigger != trigger_word:
        return pos
    return resolve_effect(
        pos, link.player, card, index, link.slot if link.kind != "cast-rune" else "", link.targets, trace, link.negates
    )


# ---------------------------------------------------------------- resolving what the Main Phase put on the chain


def _put_away(pos: Position, link: ChainLink, trace: Trace) -> Position:
    """A link's card and its Spirits to the Underworld: its caster's, except the Spirits it borrowed (``lent``)
    from an Elestral another player owns, which go to their owner's."""
    own = list(link.spirits)
    for owner, kind in link.lent:
        own.remove(kind)
        pos = to_underworld(pos, owner, (kind,))
        if not pos.over:
            trace.add(
                f"The {kind} Spirit it was paid with from {pos.names[owner]}'s Elestral goes to its owner's Underworld",
                "elestrals.advanced.taking-control",
            )
    return to_underworld(pos, link.player, (link.card, *own))


def _resolve_rune(pos: Position, who: int, link: ChainLink, trace: Trace) -> Position:
    """A Cast Rune resolves: an Instant does what it says (nothing, if Misenchanted) and goes; a Continuous Rune
    enters the field."""
    card = pos.cards[link.card]
    if card.instant and misenchanted_instant(pos, link):
        trace.add(
            f"{link.card} is Misenchanted (its Spirits, {' '.join(link.spirits)}, miss its cost's types), so it "
            "has no effect: nothing it says happens",
            "elestrals.card.misenchanted",
        )
        trace.add(f"{link.card} goes to the Underworld with its Spirits", "elestrals.rune.instant")
        return _put_away(pos, link, trace)
    if card.instant:
        if card.effects:
            pos = _resolve_effects(pos, link, "resolve", trace)
            if pos.over:  # the game ended part-way through: nothing more is said; the card is put away
                return _put_away(pos, link, trace)
        trace.add(
            f"{link.card} resolves as its {'effect' if card.effects else 'text'} says, then goes to the "
            "Underworld with its Spirits",
            "elestrals.rune.instant",
        )
        return _put_away(pos, link, trace)
    if card.rune == "stadium":
        if pos.opts["stadium-replaced"] == "on-resolve":
            pos = replace_stadiums(pos, trace, "as the new one enters the field (option stadium-replaced=on-resolve)")
        pos = put_card(pos, who, "S", 0, Stadium(link.card, link.spirits))
        if "?" not in link.spirits and card_status(card.cost, link.spirits) == "misenchanted":
            trace.add(
                "A Stadium changes the field for every player's Elestrals, but this one is Misenchanted: it "
                "changes nothing while its Spirits miss its cost's types",
                "elestrals.card.misenchanted",
            )
        else:
            trace.add("A Stadium changes the field for every player's Elestrals", "elestrals.rune.stadium")
    else:
        target = link.target
        if target and not isinstance(pos.at(target), Elestral):
            trace.add(f"Its target {target} is gone: it Empowers nothing", "elestrals.advanced.targets-needed")
            target = ""
        pos = put_card(pos, who, "R", int(link.slot[1]) - 1, Rune(link.card, spirits=link.spirits, empowering=target))
        if card.rune == "divine":
            trace.add("A Divine Rune is Disenchanted once per turn for its power", "elestrals.rune.divine")
    trace.add(f"{link.card} enters the field and stays: a Continuous Rune", "elestrals.rune.continuous")
    return trigger(pos, who, "S" if card.rune == "stadium" else link.slot, link.card, "cast", trace)


def resolve_link(pos: Position, number: int, link: ChainLink, negated: bool, trace: Trace) -> Position:
    """Resolve (or, if ``negated``, send to the Underworld) link ``number`` of the chain."""
    who, name = link.player, pos.names[link.player]
    label = f"{number}. {name} {link.card}" if link.kind == "described" else f"{number}. {name} {link.kind} {link.card}"
    if negated:
        gone = (
            "the effect does not resolve, and its card stays where it is"
            if link.kind in ("activate", "conditional")
            else "it goes to the Underworld instead of resolving"
        )
        trace.add(f"Link {label} is Negated: {gone}", "elestrals.chain.negated")
        if link.kind in ("activate", "conditional", "described"):
            trace.add("A Negated action's costs and permission stay spent", "elestrals.glossary.negate")
            if link.kind == "activate":
                trace.add("The effect is spent and its cost stays paid", "elestrals.main.negated-spent")
            return pos
        if link.kind in ("normal-cast", "normal-ascend"):
            trace.add("Even Negated, the Spirit action stays used", "elestrals.interp.spirit-action-failed")
            if pos.sides[who].spirit_action == link.kind:
                pos = pos.with_side(who, replace(pos.sides[who], spirit_action=f"{link.kind}-negated"))
        if link.kind == "cast-rune" and pos.cards[link.card].rune == "stadium":
            stadium_stays(pos, link.card, trace, negated=True)
        return _put_away(pos, link, trace)
    negating = link.negates and not misenchanted_instant(pos, link)
    extra = f", Negating link {', '.join(map(str, link.negates))}" if negating else ""
    trace.add(f"Link {label} resolves{extra}", "elestrals.chain.newest-first")
    if link.kind in ("normal-cast", "normal-ascend", "special-cast", "special-ascend"):
        ascended = "ascend" in link.kind
        elestral = Elestral(link.card, link.position or "attack", link.spirits, cast=True, ascended=ascended)
        pos = put_card(pos, who, "E", int(link.slot[1]) - 1, elestral)
        rule = f"elestrals.main.{link.kind}"
        trace.add(f"{link.card} enters the field in {link.slot} with its Spirits attached", rule)
        return trigger(pos, who, link.slot, link.card, "cast", trace)
    if link.kind == "cast-rune":
        return _resolve_rune(pos, who, link, trace)
    if link.kind in ("activate", "conditional") and pos.cards.get(link.card) and pos.cards[link.card].effects:
        if link.kind == "activate" and link.slot and getattr(pos.at(link.slot, who), "card", None) != link.card:
            trace.add(
                f"{link.card} has left the field, but an activated effect stands apart from its card: it still "
                "resolves",
                "elestrals.main.effect-independent",
            )
        return _resolve_effects(pos, link, "", trace)
    if link.kind != "described":
        trace.add(
            "It resolves as its card's text says (the text is the card's; this engine knows only its timing)",
            "elestrals.main.effect-independent",
        )
    return pos
