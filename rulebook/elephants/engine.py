"""Elemental Elephants: the clarification sheet's rulings on a described round of four clashes: what a spell
does as it resolves, the optional effects, the end of a round, the spell table, and the scenarios.

The board and its notation are in ``board``, the order and the advance, move and cancel checks in ``checks``,
whole clashes and rounds in ``clashes``, the tables in ``tables``. Everything public is re-exported by
[`rulebook.elephants`][rulebook.elephants], the way to import it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.elephants import game
from rulebook.elephants.board import (
    Board,
    Spell,
    board,
    enfeeble_victims,
    harmable,
    inactive_reason,
    protected_by,
    seated,
)
from rulebook.elephants.checks import can_advance, can_cancel, can_move, clap_targets, order
from rulebook.elephants.clashes import chooser, copy_steps, health_now, play_round, resolve_clash, to_world
from rulebook.elephants.game import ElephantsState
from rulebook.elephants.tables import LIMITS, RULESET, SPELLS, roman, spell_name
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import number, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.wording import plural

__all__ = [
    "effect",
    "end_of_round",
    "new_game",
    "optional_effect",
    "run_scenario",
    "scenario_ruling",
    "spells_table",
]


def _stupefy(b: Board, s: Spell, trace: Trace, announce: bool = True) -> dict[str, Any]:
    amount = SPELLS["stupefy"]["damage"]
    hit = [e for e in b.enemies(s.owner) if any("attack" in x.types for x in b.active(e))]
    health = {}
    trace.add("First effect in full, then the second", "elephants.resolve.effects-in-order")
    for e in hit:
        if not harmable(b, e):
            trace.add(f"{e} cannot be harmed this round", "elephants.base.health-zero")
            continue
        health[e] = max(0, b.health_of(e) - amount)
        if e not in b.health:
            trace.add(f"{e}'s health is not given: the starting {b.health_of(e)}", "elephants.base.players")
        trace.add(
            f"Damage first: {e} has an active attack spell: {amount} damage, health {b.health_of(e)} to {health[e]}",
            "elephants.resolve.stupefy",
        )
    if not hit:
        trace.add("Damage first: no enemy has an active attack spell", "elephants.resolve.stupefy")
    cancelled, shielded = [], []
    for e in b.enemies(s.owner):
        for x in b.active(e):
            if "attack" not in x.types:
                continue
            root = protected_by(b, x, s.owner)
            if root:
                shielded.append(x.ref)
                trace.add(f"Then cancel: {x.ref} is shielded by {root.ref}: not cancelled", "elephants.root.protects")
            else:
                cancelled.append(x.ref)
                trace.add(f"Then cancel: {x.ref} is an enemy attack spell", "elephants.interp.stupefy-cancels-attacks")
    lost = [e for e, h in health.items() if h == 0]
    for e in lost if announce else []:
        trace.add(
            f"Stupefy has finished: {e} is at 0, loses a trunk and discards their spells on the board",
            "elephants.base.health-zero",
        )
    verdict = f"{s.ref} damages {', '.join(health) or 'no one'}, then cancels {', '.join(cancelled) or 'nothing'}" + (
        f"; then {', '.join(lost)} loses a trunk" if lost else ""
    )
    value = {"damaged": health, "cancelled": cancelled, "shielded": shielded, "trunk_lost": lost}
    return {"verdict": verdict, "value": value}


def _turbulence(b: Board, s: Spell, trace: Trace) -> dict[str, Any]:
    rule = b.options["turbulence-condition"]
    # Resolved earlier: named in the history, flagged /resolved, or left active in a past clash (so it
    # resolved there). A past spell cancelled or moved away may not have resolved: it counts if flagged.
    earlier = [
        *b.history,
        *(x.ref for x in b.spells if x is not s and (x.resolved or (x.clash < b.current and x.state == "active"))),
    ]
    if rule == "any-spell":
        seen = bool(earlier)
        trace.add(
            "Spells resolved earlier this round: "
            + (", ".join(earlier) if earlier else "none")
            + " (seen even if no longer on view)",
            "elephants.response.sees-the-round",
            "elephants.public.turbulence-card",
        )
        trace.add(
            "Extra damage if any spell resolved earlier this round (turbulence-condition=any-spell)",
            "elephants.interp.turbulence-condition",
        )
    elif rule == "this-spell":
        seen = s.ref in b.history or any(x.ref == s.ref and x.clash < b.current for x in b.spells) or s.advanced > 0
        trace.add(
            f"Extra damage only if {s.ref} itself resolved in an earlier clash (turbulence-condition=this-spell): "
            + ("it did" if seen else "it did not"),
            "elephants.interp.turbulence-condition",
        )
        trace.add("The reading of the card list of 2025-08-12", "elephants.public.turbulence-card")
    else:
        need = SPELLS["turbulence"]["advances_needed"]
        seen = s.advanced >= need
        trace.add(
            f"Extra damage only once {s.ref} has advanced {need} times (turbulence-condition=advanced-twice): "
            f"it has advanced {s.advanced} time{'s' if s.advanced != 1 else ''}",
            "elephants.interp.turbulence-condition",
        )
        trace.add("The reading of the card list of 2025-09-09", "elephants.public.turbulence-card")
    amount = SPELLS["turbulence"]["damage_if_seen" if seen else "damage"]
    trace.add(f"{s.ref} deals {amount} damage to one enemy or enemy conjury", "elephants.spell.turbulence")
    verdict = f"{s.ref} deals {amount} damage to one enemy" + (" (its stronger effect)" if seen else "")
    return {"verdict": verdict, "value": {"damage": amount, "stronger": seen, "earlier": earlier}}


def _enfeeble(b: Board, s: Spell, trace: Trace) -> dict[str, Any]:
    victims = enfeeble_victims(b, s)
    amount = SPELLS["enfeeble"]["damage"]
    for e in b.enemies(s.owner):
        boosts = [x.ref for x in b.active(e) if "boost" in x.types]
        if boosts and harmable(b, e):
            trace.add(
                f"{e} has an active boost spell ({', '.join(boosts)}): {amount} damage",
                "elephants.interp.enfeeble-hits",
            )
        elif boosts:
            trace.add(f"{e} cannot be harmed this round", "elephants.base.health-zero")
    if victims:
        trace.add(
            f"{s.ref} dealt damage, so it will advance (unless something else stops it)",
            "elephants.advance.enfeeble-if-damaged",
        )
        verdict = f"{s.ref} damages {', '.join(victims)} and will advance"
    else:
        trace.add("No enemy who can be harmed has an active boost spell", "elephants.interp.enfeeble-hits")
        trace.add(f"{s.ref} dealt no damage, so it does not advance", "elephants.advance.enfeeble-if-damaged")
        verdict = f"{s.ref} damages no one and will not advance"
    return {"verdict": verdict, "value": {"damaged": victims, "advances": bool(victims)}}


_EFFECTS = {"stupefy": _stupefy, "turbulence": _turbulence, "enfeeble": _enfeeble}


@seated
def effect(b: Board, ref: str, choose: str | None = None) -> Ruling:
    """What a spell does when it resolves now, on this board, effect by effect.

    Stupefy, Turbulence, Enfeeble and Clap, on which the sheet rules, get their own detailed account; every
    other spell of the card list is resolved by the game engine (``choose`` gives its owner's choices, as
    for [`resolve_clash`][rulebook.elephants.resolve_clash]), and the trunks its damage costs are taken after it.

    Examples:
        >>> b = board("P1:stupefy P2:offering P2:root P2:starfall P3:fireball", clash=2, health={"P3": 1})
        >>> r = effect(b, "P1:stupefy")
        >>> r.verdict
        'P1:stupefy damages P2, P3, then cancels P3:fireball; then P3 loses a trunk'
        >>> r.value["shielded"]
        ['P2:offering', 'P2:starfall']
        >>> effect(board("P1:fireball P2:root"), "P1:fireball").verdict
        'P1:fireball deals 2 damage to P2'
    """
    s = b.spell(ref)
    if s.name == "clap":
        return clap_targets(b, ref)
    trace = Trace()
    why = inactive_reason(b, s)
    if why:
        trace.add(why[0], why[1])
        return trace.ruling(f"{s.ref} does nothing: it is not active", {"spell": s.ref, "active": False})
    if s.name in _EFFECTS:
        out = _EFFECTS[s.name](b, s, trace)
        return trace.ruling(out["verdict"], {"spell": s.ref, "active": True, **out["value"]})
    w = to_world(b)
    card = w.card(s.ref)
    decide = chooser(b, {s.ref: choose} if choose else None)
    game.resolve_one(w, card, decide)
    copy_steps(w, trace, b)
    said = _said(w.events, s.ref)
    verdict = f"{s.ref} " + ("; ".join(said) if said else "does nothing here")
    value = {
        "spell": s.ref,
        "active": True,
        "events": [list(e) for e in w.events],
        "health": health_now(w),
        "trunk_lost": [e[1] for e in w.events if e[0] == "trunk"],
    }
    return trace.ruling(verdict, value)


def _said(events: Sequence[tuple[Any, ...]], ref: str) -> list[str]:
    """What the events of one spell's resolution come to, in words (the verdict's parts)."""
    parts = []
    for e in events:
        kind = e[0]
        if kind == "damage":
            who = "itself" if e[1] == ref.split(":")[0] else e[1]
            parts.append(f"deals {e[2]} damage to {'its owner' if who == 'itself' else who}")
        elif kind == "heal":
            parts.append(f"heals {e[1]} by {e[2]}")
        elif kind == "bolster":
            parts.append(f"bolsters {e[1]} by {e[2]}")
        elif kind == "weaken":
            parts.append(f"weakens {e[1]} by {e[2]}")
        elif kind == "cancel":
            parts.append(f"cancels {e[1]}")
        elif kind == "move":
            parts.append(f"moves {e[1]} to Clash {roman(e[2])}")
        elif kind == "advance":
            parts.append(f"advances {e[1]} to Clash {roman(e[2])}")
        elif kind == "from-hand":
            parts.append(f"advances a spell from {e[1].split(':')[0]}'s hand to Clash {roman(e[2])}")
        elif kind == "recall":
            parts.append(f"recalls {e[1]}")
        elif kind == "take":
            parts.append(f"takes {e[1]}")
        elif kind == "discard-hand":
            parts.append(f"makes {e[1]} discard {e[2]}")
        elif kind == "cast":
            parts.append(f"casts {e[1]}")
        elif kind == "give":
            done = "discards" if e[2] == "discard" else "recalls"
            parts.append(f"{done} {e[1]} first")
        elif kind == "discard-board":
            parts.append(f"discards {e[1]} into {e[2]}'s pile")
        elif kind == "trunk":
            parts.append(f"then {e[1]} loses a trunk")
    return parts


def new_game(players: int = 2, options: Mapping[str, object] | Options | None = None) -> ElephantsState:
    """A new whole game (see ``rulebook.elephants.game``): 2 to 4 players, P1 the first
    Ringleader.

    Examples:
        >>> game = new_game()
        >>> game.decision.kind, game.legal_actions()[-1]
        ('draft', 'draft Twilight')
    """
    return game.new_game(players, options)


def optional_effect(
    name: str,
    choice: str,
    own_spells: int | None = None,
    hand: int | None = None,
    options: Mapping[str, object] | None = None,
) -> Ruling:
    """May the owner of Illuminate, Electrocute or a Blood spell make this choice?

    ``choice`` is ``pass`` or ``use``; for Illuminate, the number of extra spells cast (0, 1 or 2).
    ``own_spells`` is how many of their own spells the Electrocute player could give up; ``hand`` the
    number of spells in hand. ``options`` are the rules options (Electrocute's cost: ``electrocute-cost``).

    Examples:
        >>> optional_effect("electrocute", "use", own_spells=0).verdict
        'Electrocute cannot be used: its owner has no spell of their own to discard first'
        >>> optional_effect("electrocute", "use", own_spells=1, options={"electrocute-cost": "recall"}).verdict
        'Electrocute: its owner recalls one of their own spells to their hand, then the enemy discards one'
        >>> optional_effect("illuminate", "2", hand=3).legal
        True
        >>> optional_effect("illuminate", "3").verdict
        'Illuminate cannot cast 3 extra spells: 0, 1 or 2'
    """
    spell = spell_name(name)
    title = spell.capitalize()
    pick = choice.strip().lower()
    trace = Trace()
    if spell == "illuminate":
        try:
            count = number(pick, "Illuminate's choice", low=0, high=99)
        except InvalidInputError:
            given = shown(choice, 40)
            raise InvalidInputError(
                f"Illuminate's choice is how many extra spells to cast (0, 1 or 2), not {given!r}"
            ) from None
        top = LIMITS["illuminate_max"]
        trace.add(
            f"Illuminate casts 0 to {top} extra spells, as its owner chooses",
            "elephants.optional.illuminate",
            "elephants.public.illuminate-card",
        )
        trace.add("The card list allows one extra spell", "elephants.public.illuminate-card")
        trace.add("The sheet's two is followed, not the card list's one", "elephants.erratum.illuminate-count")
        if count > top:
            return trace.ruling(f"Illuminate cannot cast {count} extra spells: 0, 1 or 2", {"legal": False}, False)
        if hand is not None and count > hand:
            trace.add(
                f"The extra spells come from its owner's hand, which holds {hand}: at most {hand} can be cast",
                "elephants.optional.illuminate",
            )
            return trace.ruling(
                f"Illuminate cannot cast {plural(count, 'extra spell')} from a hand of {hand}",
                {"legal": False},
                False,
            )
        return trace.ruling(
            f"Illuminate: casting {plural(count, 'extra spell')} is allowed", {"legal": True}, True
        )
    if pick not in ("pass", "use"):
        raise UnknownNameError(f"choice for {title}", choice, ["pass", "use"])
    if spell == "electrocute":
        return _electrocute_choice(trace, pick, own_spells, RULESET.options(options)["electrocute-cost"])
    if spell in ("offering", "ritual", "overexert"):
        trace.add(f"{title} is a Blood spell: its effect is optional", "elephants.optional.blood")
        if pick == "pass":
            return trace.ruling(f"{title} may be passed: no self-damage and no benefit", {"legal": True}, True)
        cost = SPELLS[spell]["self_damage"]
        return trace.ruling(
            f"{title}: its owner takes {cost} damage, then gets the benefit", {"legal": True, "self_damage": cost}, True
        )
    raise InvalidInputError(
        f"{title} has no optional effect in the sheet; optional: illuminate, electrocute, offering, ritual, overexert"
    )


def _electrocute_choice(trace: Trace, pick: str, own_spells: int | None, cost: str) -> Ruling:
    """Electrocute's use or pass: the owner's own spell first (discarded, or recalled under the later card)."""
    verb = "discard" if cost == "discard" else "recall"
    trace.add(
        "Electrocute is optional; using it means giving up one of your own spells first",
        "elephants.optional.electrocute",
        "elephants.public.electrocute-card",
    )
    trace.add(
        "The card list of 2025-09-06 has the owner recall that spell instead of discarding it; the enemy discards "
        "from their hand in every version",
        "elephants.erratum.electrocute-effect",
    )
    how = "discards it, as the sheet says" if cost == "discard" else "recalls it to their hand, as the later card says"
    trace.add(f"Here the owner {how} (electrocute-cost={cost})", "elephants.interp.electrocute-cost")
    if pick == "pass":
        return trace.ruling("Electrocute may be passed: nothing is discarded", {"legal": True}, True)
    if own_spells is not None and own_spells < 1:
        return trace.ruling(
            f"Electrocute cannot be used: its owner has no spell of their own to {verb} first", {"legal": False}, False
        )
    mine = "discards one of their own spells" if cost == "discard" else "recalls one of their own spells to their hand"
    return trace.ruling(f"Electrocute: its owner {mine}, then the enemy discards one", {"legal": True}, True)


def end_of_round(
    hand: int, kept: int | None = None, trunks_lost: int = 0, draft: bool | None = None, set_size: int | None = None
) -> Ruling:
    """What a player's hand becomes at the end of the round: a new spell set or not, and how many recalls.

    ``hand`` is the number of spells in hand when the round ends; ``kept`` how many the player keeps in the
    keep-or-discard step (all by default); ``draft`` whether a player who discarded their whole hand
    drafts a new set (``None``: yes when allowed).

    Examples:
        >>> end_of_round(0, trunks_lost=1).verdict
        'New spell set (automatic); recall 2 to fill the hand of 5'
        >>> end_of_round(2, kept=0, draft=True).verdict
        'New spell set (drafted); recall 1 to fill the hand of 4'
        >>> end_of_round(2, kept=1, draft=True).legal
        False
    """
    size = LIMITS["set_size"] if set_size is None else set_size
    for label, count in (("hand", hand), ("trunks_lost", trunks_lost), ("set_size", size)):
        number(count, label, low=0, high=99)
    if trunks_lost >= LIMITS["trunks"]:
        raise InvalidInputError(
            f"trunks lost must be from 0 to {LIMITS['trunks'] - 1}, not {trunks_lost}: a player whose "
            f"{LIMITS['trunks']} trunks are all destroyed is out of the game, with no hand to refill "
            "(elephants.base.game-end)"
        )
    keep = hand if kept is None else kept
    if not 0 <= keep <= hand:
        raise InvalidInputError(f"kept must be between 0 and the hand of {hand}, not {keep}")
    full = LIMITS["hand_size"] + LIMITS["hand_size_per_lost_trunk"] * trunks_lost
    trace = Trace()
    destroyed = f"{trunks_lost} destroyed trunk{'s' if trunks_lost != 1 else ''}"
    trace.add(f"Maximum hand size: 4 + {destroyed} = {full}", "elephants.base.end-of-round")
    value: dict[str, Any] = {"max_hand": full}
    if hand == 0:
        trace.add("The hand is empty: a new spell set comes automatically", "elephants.end.empty-hand")
        how, now = "automatic", size
    elif keep == 0 and draft is not False:
        trace.add("The whole hand was discarded: the player may draft a new spell set", "elephants.end.discard-all")
        how, now = "drafted", size
    elif draft:
        trace.add(
            f"{keep} of {hand} spells kept: a new set is drafted only after discarding the whole hand",
            "elephants.end.discard-all",
        )
        return trace.ruling("No new spell set: the hand was not emptied", {**value, "legal": False}, False)
    else:
        if keep == 0:  # the whole hand discarded, and no draft: "may draft" leaves it to the player
            said = "The whole hand was discarded: a new set may be drafted, and none is"
            trace.add(said, "elephants.end.discard-all")
        kept_part = f"{keep} of {hand} spells kept" if keep != hand else f"{plural(keep, 'spell')} kept"
        trace.add(
            f"{kept_part}; recall from the discard pile up to the maximum hand size", "elephants.base.hand-refill"
        )
        recall = max(0, full - keep)
        return trace.ruling(
            f"No new set; recall {recall} to fill the hand of {full}",
            {**value, "new_set": None, "recall": recall, "legal": True},
            True,
        )
    trace.add(
        "No card of the new set may be discarded; recall from the discard pile until the hand is full",
        "elephants.end.new-set",
    )
    recall = max(0, full - now)
    if now >= full:
        trace.add(
            f"The new set ({now}) already fills the hand of {full}: nothing is recalled",
            "elephants.interp.new-set-over-full",
        )
    verdict = f"New spell set ({how}); recall {recall} to fill the hand of {full}"
    return trace.ruling(verdict, {**value, "new_set": how, "recall": recall, "legal": True}, True)


def spells_table() -> list[dict[str, Any]]:
    """Every spell of the card list as a row: name, set, elephant, priority, types, conjury, advance icon,
    and what it does (the text of its record ``elephants.spell.<name>``).

    Examples:
        >>> row = spells_table()[0]
        >>> row["spell"], row["set"], row["priority"], row["types"], row["conjury"]
        ('fireball', 'Fire', 4, ['attack'], False)
        >>> row["text"]
        'Deals 2 damage to an enemy, or to an enemy conjury in the clash.'
    """
    return [
        {
            "spell": n,
            "set": d["set"],
            "elephant": d["elephant"],
            "priority": d["priority"],
            "types": list(d["types"]),
            "conjury": bool(d.get("conjury", False)),
            "advance": d["advance"],
            "text": " ".join(RULESET.get(f"elephants.spell.{n}").text.split()),
        }
        for n, d in SPELLS.items()
    ]


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """The ruling a scenario asks for (``query`` and its input, as in ``rulebook/data/scenarios/elephants.toml``).

    ``options`` override the scenario's own rules options.

    Examples:
        >>> scenario_ruling({"query": "order", "spells": ["P1:stupefy", "P2:root"]}).verdict.split(":")[0]
        'Clash I resolves'
    """
    query = case["query"]
    if query == "optional":
        return optional_effect(
            case["spell"],
            case["choice"],
            case.get("own_spells"),
            case.get("hand"),
            options={**case.get("options", {}), **(options or {})},
        )
    if query == "end-round":
        return end_of_round(
            case["hand"], case.get("kept"), case.get("trunks_lost", 0), case.get("draft"), case.get("set_size")
        )
    if query == "round":
        return play_round(
            case["clashes"],
            case.get("choose"),
            ringleader=case.get("ringleader"),
            players=case.get("players"),
            health=case.get("health"),
            options={**case.get("options", {}), **(options or {})},
        )
    b = board(
        case["spells"],
        clash=case.get("clash", 1),
        ringleader=case.get("ringleader", "P1"),
        players=case.get("players"),
        history=case.get("history", []),
        health=case.get("health"),
        options={**case.get("options", {}), **(options or {})},
        hands=case.get("hands"),
        piles=case.get("piles"),
        max_health=case.get("max_health"),
        invulnerable=case.get("invulnerable", ()),
    )
    if query == "order":
        return order(b)
    if query == "can-advance":
        return can_advance(b, case["spell"], by=case.get("by"))
    if query == "can-move":
        return can_move(b, case["spell"], case["to"], by=case.get("by"))
    if query == "can-cancel":
        return can_cancel(b, case["spell"], case["by"])
    if query == "clap-targets":
        return clap_targets(b, case.get("by"))
    if query == "resolve":
        return resolve_clash(b, case.get("choose"))
    if query == "effect":
        return effect(b, case["spell"], choose=case.get("choose"))
    raise InvalidInputError(f"unknown scenario query {query!r}")


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (its value), for ``rulebook compare``."""
    ruling = scenario_ruling(case, options)
    value = ruling.value if isinstance(ruling.value, Mapping) else {"value": ruling.value}
    if isinstance(value.get("health"), Mapping):
        return ruling.verdict, "health " + ", ".join(f"{p} {h}" for p, h in value["health"].items())
    return ruling.verdict, repr({k: v for k, v in value.items() if k != "options"})
