"""Elestrals Main Phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.elestrals.core import _DATA, _FIELD, _INSTANT, RUNE_TYPES, _name
from rulebook.errors import InvalidInputError
from rulebook.ruling import Ruling, Trace

__all__ = ["ACTIONS", "MainState", "main_action"]

# ---------------------------------------------------------------- main phase

#: The Main Phase actions :func:`main_action` judges.
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

    ``action`` is one of :data:`ACTIONS`; the position is a :class:`MainState` or its fields as keywords.
    ``value``: ``{"action", "allowed", "uses_spirit_action"}``.

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
