"""Elestrals: smaller rulings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.elestrals.core import RULESET, lookup_name, options
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.ruling import Ruling, Trace

__all__ = [
    "card_against_rule",
    "glossary",
    "golden_apple",
    "may_look",
    "phases",
    "stadium_replacement",
    "take_control",
    "up_to",
    "who_chooses",
]


def up_to(number: int, available: int) -> Ruling:
    """How many objects an effect saying "up to ``number``" lets you choose when ``available`` exist.

    ``value``: ``{"min", "max"}`` (both 0 when there is nothing to choose).

    Examples:
        >>> up_to(3, 2).value
        {'min': 1, 'max': 2}
        >>> up_to(3, 0).verdict
        'Choose nothing: there is no such object'
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
        >>> may_look("field", "opponent").rules
        ('elestrals.zone.your-field', 'elestrals.zone.layout')
        >>> may_look("spirit-deck", "opponent").verdict
        "No: you may only ask how many cards are in an opponent's Spirit Deck"
    """
    zone = lookup_name("zone", zone, _ZONES)
    whose = lookup_name("owner", whose, ("own", "opponent"))
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
    records = RULESET.of_kind("glossary")
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
