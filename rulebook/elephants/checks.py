"""Elemental Elephants: the sheet's checks on a described board: the order a clash resolves in, whether a
spell can advance, be moved by Gravitate or be cancelled, and which spells Clap may take.

Everything public is re-exported by [`rulebook.elephants`][rulebook.elephants], the way to import it.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

from rulebook.elephants.board import (
    Board,
    Spell,
    accelerated,
    board,  # noqa: F401  (the examples build boards)
    enfeeble_victims,
    inactive_reason,
    pick,
    protected_by,
    seated,
)
from rulebook.elephants.tables import CLASHES, LIMITS, PRIORITY_A, SPELLS, clash_number, roman
from rulebook.errors import InvalidInputError
from rulebook.ruling import Ruling, Trace

__all__ = ["can_advance", "can_cancel", "can_move", "clap_targets", "order"]


def _explain_priority(b: Board, s: Spell, eff: int | str, sped_up: bool, trace: Trace) -> None:
    """Why ``s`` resolves at priority ``eff``: printed, sped up by Accelerator, or A (the advance phase)."""
    if sped_up:
        note = f"{eff} with {s.owner}'s Accelerator" if eff != s.priority else f"already {eff}, the fastest"
        trace.add(f"{s.ref} has priority {s.priority}, {note}", "elephants.order.accelerator")
    elif s.name == "accelerator" and any(o.name != "accelerator" for o in b.active(s.owner)):
        trace.add(f"{s.ref} has priority {s.priority}; it does not speed itself up", "elephants.order.accelerator")
    elif eff == PRIORITY_A:
        trace.add(f"{s.ref} has priority A: it acts in the advance phase", "elephants.base.priority-advance")
        if any(x.name == "accelerator" for x in b.active(s.owner)):
            trace.add(f"{s.owner}'s Accelerator does not change priority A", "elephants.interp.accelerator-passive")
        if s.name == "repeater":
            trace.add(
                "Repeater's priority is A, not the 5 of one card-list version", "elephants.interp.repeater-priority"
            )
    else:
        trace.add(f"{s.ref} has priority {eff}", "elephants.base.spells")


def _explain_ties(entries: list[tuple[Spell, int | str]], trace: Trace) -> None:
    """Explain each tie between neighbours of the same priority: turn order, or the owner's choice."""
    for (s1, e1), (s2, e2) in itertools.pairwise(entries):
        if e1 != e2:
            continue
        if s1.owner == s2.owner:
            trace.add(f"{s1.ref} and {s2.ref} both at {e1}: {s1.owner} chooses their order", "elephants.order.own-ties")
            trace.add(f"{s1.owner}'s choice is taken as the order listed", "elephants.interp.listed-order")
        else:
            trace.add(
                f"{s1.ref} before {s2.ref}, both at {e1}: {s1.owner} is earlier in turn order",
                "elephants.base.priority-tie",
            )


@seated
def order(b: Board) -> Ruling:
    """The order in which the spells of the current clash resolve, with the reason for each place.

    Ascending priority (``A`` last, in the advance phase); Accelerator speeds up its owner's other spells;
    ties between players go by turn order, a player's own ties by the order listed. Cancelled and moved
    spells are named and left out.

    Examples:
        >>> r = order(board("P2:slumber P1:break/cancelled P1:repeater P2:gravitate"))
        >>> r.verdict
        'Clash I resolves: P2:gravitate, P2:slumber; then, in the advance phase: P1:repeater'
        >>> r.value["not_resolving"]
        [{'spell': 'P1:break', 'reason': 'cancelled'}]
    """
    trace = Trace()
    lead = " (P1 is the Ringleader)" if b.ringleader == "P1" else f" ({b.ringleader} is the Ringleader)"
    trace.add(f"Turn order: {', '.join(b.turn_order)}{lead}", "elephants.base.turn-order")
    trace.add(
        f"Clash {roman(b.current)}: its face-up spells resolve by priority, then it advances", "elephants.base.round"
    )
    seat = {p: i for i, p in enumerate(b.turn_order)}
    listed = {s.ref: i for i, s in enumerate(b.spells)}
    entries: list[tuple[Spell, int | str]] = []
    skipped: list[dict[str, str]] = []
    accelerating = False
    for s in b.here():
        why = inactive_reason(b, s)
        if why:
            trace.add(why[0], why[1])
            skipped.append({"spell": s.ref, "reason": s.state})
            continue
        eff, acc = accelerated(b, s)
        if acc is not None and not accelerating:
            accelerating = True
            trace.add(
                f"{acc.ref} works from the Cast phase, in this clash only",
                "elephants.interp.accelerator-passive",
            )
        _explain_priority(b, s, eff, acc is not None, trace)
        entries.append((s, eff))

    def key(item: tuple[Spell, int | str]) -> tuple[int, int, int]:
        s, eff = item
        return (99 if eff == PRIORITY_A else int(eff), seat[s.owner], listed[s.ref])

    entries.sort(key=key)
    resolving = [(s, e) for s, e in entries if e != PRIORITY_A]
    later = [(s, e) for s, e in entries if e == PRIORITY_A]
    if resolving:
        trace.add("Priority 1 first, up to 5", "elephants.base.priority")
        trace.add("Not highest first, as the prototype's README has it", "elephants.erratum.priority-direction")
    _explain_ties(entries, trace)
    verdict = f"Clash {roman(b.current)} resolves: " + (", ".join(s.ref for s, _ in resolving) or "nothing")
    if later:
        verdict += "; then, in the advance phase: " + ", ".join(s.ref for s, _ in later)
    value = {
        "clash": b.current,
        "turn_order": list(b.turn_order),
        "order": [
            {
                "spell": s.ref,
                "priority": s.priority,
                "effective": e,
                "phase": "advance" if e == PRIORITY_A else "resolve",
            }
            for s, e in entries
        ],
        "not_resolving": skipped,
    }
    return trace.ruling(verdict, value)


def _hit(b: Board, s: Spell, trace: Trace) -> bool:
    """Whether Clap, Enfeeble or Encumber's main effect succeeded: as stated, or worked out from the board."""
    if s.hit is not None:
        return s.hit
    if s.name == "encumber":
        foes = [e for e in b.enemies(s.owner) if any("remedy" in x.types for x in b.active(e))]
        trace.add(
            f"{s.ref}'s result is not given; from the board it "
            + (f"cancels the spells of {', '.join(foes)}" if foes else "cancels nothing: no enemy has a remedy spell"),
            "elephants.spell.encumber",
        )
        return bool(foes)
    if s.name == "clap":
        targets = _clap_choices(b, s)
        trace.add(
            f"{s.ref}'s result is not given; from the board it {'cancels' if targets else 'cancels nothing'}"
            + (f" (an enemy spell of {', '.join(targets)})" if targets else ": no enemy has two or more active spells"),
            "elephants.clap.targets",
        )
        return bool(targets)
    hurt = enfeeble_victims(b, s)
    trace.add(
        f"{s.ref}'s result is not given; from the board it damages "
        + (", ".join(hurt) if hurt else "no one: no enemy who can be harmed has an active boost spell"),
        "elephants.interp.enfeeble-hits",
    )
    return bool(hurt)


class _No(NamedTuple):
    """Why a spell cannot advance: the reason, its rule, a short form for the verdict, further steps."""

    reason: str
    rule: str
    short: str | None = None
    more: tuple[tuple[str, str], ...] = ()


def _broken(b: Board, s: Spell) -> _No | None:
    """An active enemy Break that keeps ``s`` from advancing, if any."""
    for brk in b.active():
        if brk.name == "break" and brk.owner != s.owner:
            return _No(
                f"{brk.ref} is active: no spell of {brk.owner}'s enemies can advance",
                "elephants.break.stops-enemies",
                more=(
                    (f"{brk.ref} is face up and not cancelled in the current clash", "elephants.interp.break-scope"),
                ),
            )
    return None


def _if_hit(b: Board, s: Spell, trace: Trace) -> _No | None:
    """The advance icons that depend on the spell's main effect: Clap's, Enfeeble's and Encumber's."""
    kind = s.advance
    if kind == "friendly-if-hit":
        if not _hit(b, s, trace):
            return _No(
                f"{s.ref} cancelled no enemy spell, so it advances nothing",
                "elephants.advance.clap-if-cancelled",
                "it cancelled no enemy spell",
            )
        trace.add(
            f"{s.ref} cancelled an enemy spell, so it advances its owner's spells",
            "elephants.advance.clap-if-cancelled",
        )
        trace.add(f"{s.ref} is one of its owner's active spells", "elephants.interp.clap-advances-all")
    elif kind == "self-if-hit":
        if not _hit(b, s, trace):
            return _No(
                f"{s.ref} damaged no enemy, so it does not advance",
                "elephants.advance.enfeeble-if-damaged",
                "it damaged no enemy",
            )
        trace.add(f"{s.ref} damaged an enemy, so it advances", "elephants.advance.enfeeble-if-damaged")
    else:  # self-unless-hit
        if _hit(b, s, trace):
            return _No(
                f"{s.ref} cancelled spells, so it does not advance", "elephants.spell.encumber", "it cancelled spells"
            )
        trace.add(f"{s.ref} cancelled nothing, so it advances", "elephants.spell.encumber")
    return None


def _once(b: Board, s: Spell, trace: Trace) -> _No | None:
    """The spells that advance themselves once a round, some on a condition or at a cost."""
    needs = SPELLS[s.name].get("advance_needs")
    if needs == "another-own-active" and len(b.active(s.owner)) < 2:
        return _No(
            f"{s.ref} advances only while {s.owner} has another active spell in the clash",
            "elephants.public.nightglow-card",
            f"{s.owner} has no other active spell in the clash",
        )
    if needs == "discard-own-active":
        if len(b.active(s.owner)) < 2:
            return _No(
                f"{s.ref} advances only by discarding another active spell of {s.owner}, and there is none",
                "elephants.spell.bolts",
                f"{s.owner} has no other active spell to discard",
            )
        trace.add(f"{s.owner} must discard another of their active spells for it", "elephants.spell.bolts")
    trace.add(f"{s.ref} advances itself at most once a round, and has not yet", "elephants.advance.self-once")
    return None


def _by_itself(b: Board, s: Spell, trace: Trace) -> _No | None:
    """Whether ``s`` advances by its own advance icon, and why not."""
    kind = s.advance
    if not kind:
        return _No(
            f"{s.ref} has no advance icon: it does not advance itself",
            "elephants.base.advance-icon",
            "it has no advance icon",
        )
    if kind == "self-once" and s.advanced >= LIMITS["self_advances_per_round"]:
        return _No(f"{s.ref} has already advanced itself this round", "elephants.advance.self-once")
    stopped = _broken(b, s)
    if stopped:
        return stopped
    if kind in ("friendly-if-hit", "self-if-hit", "self-unless-hit"):
        return _if_hit(b, s, trace)
    if kind == "self-once":
        return _once(b, s, trace)
    if SPELLS[s.name].get("advance_needs") == "another-attack-active":
        attacks = [x for x in b.active() if x is not s and "attack" in x.types]
        if not attacks:
            return _No(
                f"{s.ref} advances only while another attack spell is active in the clash",
                "elephants.spell.bedim",
                "no other attack spell is active",
            )
        trace.add(f"{attacks[0].ref} is another active attack spell", "elephants.spell.bedim")
    trace.add(f"{s.ref} has the advance icon", "elephants.base.advance-icon")
    return None


def _by_clap(b: Board, s: Spell, mover: Spell, trace: Trace) -> _No | None:
    """Whether ``mover`` (a Clap) advances ``s``, and why not."""
    why = inactive_reason(b, mover)
    if why:
        return _No(why[0], why[1])
    if mover.owner != s.owner:
        return _No(f"{mover.ref} advances only its owner's spells, not {s.ref}", "elephants.interp.clap-advances-all")
    stopped = _broken(b, s)
    if stopped:
        return stopped
    if not _hit(b, mover, trace):
        return _No(
            f"{mover.ref} cancelled no enemy spell, so it advances nothing",
            "elephants.advance.clap-if-cancelled",
            f"{mover.ref} cancelled no enemy spell",
        )
    trace.add(
        f"{mover.ref} cancelled an enemy spell and advances its owner's active spells",
        "elephants.advance.clap-if-cancelled",
    )
    trace.add(f"{s.ref} is one of {s.owner}'s active spells", "elephants.interp.clap-advances-all")
    if s.advance == "self-once" and s.advanced:
        trace.add(
            f"{s.ref} has used its one self-advance, but this advance is Clap's, not its own",
            "elephants.advance.self-once",
        )
    return None


def _not_here(b: Board, s: Spell, by_itself: bool = True) -> _No | None:
    """A spell that cannot advance whatever moves it: not active, or in the last clash (``by_itself``: asked of
    its own advance icon, so a spell without one is told that too)."""
    why = inactive_reason(b, s)
    if why:
        short = {"cancelled": "it is cancelled", "moved": f"it was moved to Clash {roman(s.moved_to or 1)}"}
        later = f"it waits in Clash {roman(s.clash)}, not yet active"
        return _No(why[0], why[1], short.get(s.state, later if s.clash > b.current else "it is a past spell"))
    if b.current >= CLASHES:
        last = f"nothing advances beyond Clash {roman(CLASHES)}"
        reason = f"{s.ref} is in Clash {roman(CLASHES)}: nothing advances beyond it"
        if by_itself and not s.advance:  # a second obstacle: the spell would not advance itself in any clash
            return _No(
                reason,
                "elephants.base.advance",
                f"{last}, and it has no advance icon",
                ((f"{s.ref} has no advance icon either: it never advances itself", "elephants.base.advance-icon"),),
            )
        return _No(reason, "elephants.base.advance", last)
    return None


@seated
def can_advance(b: Board, ref: str, by: str | None = None) -> Ruling:
    """Can this spell advance now, by its own advance icon or (``by``) through another spell?

    Examples:
        >>> can_advance(board("P1:slumber/advanced", clash=2), "P1:slumber").verdict
        'P1:slumber cannot advance: it has already advanced itself this round'
        >>> can_advance(board("P1:starfall P2:break", clash=2), "P1:starfall").legal
        False
        >>> can_advance(board("P2:starfall P2:break", clash=2), "P2:starfall").legal
        True
    """
    s = b.spell(ref)
    trace = Trace()
    mover = b.spell(by) if by else None
    if mover is not None and mover.name != "clap":
        raise InvalidInputError(
            f"--by names Clap, whose success advances its owner's spells; {mover.ref} is not a Clap (Repeater, "
            "Gust, Seed and Blow advance other spells when a clash is played out: rulebook elephants resolve)"
        )
    no = _not_here(b, s, mover is None) or (_by_itself(b, s, trace) if mover is None else _by_clap(b, s, mover, trace))
    if no is not None:
        trace.add(no.reason, no.rule)
        for text, extra in no.more:
            trace.add(text, extra)
        prefix = s.ref + " "
        text = no.short or (f"it {no.reason.removeprefix(prefix)}" if no.reason.startswith(prefix) else no.reason)
        return trace.ruling(f"{s.ref} cannot advance: {text}", {"spell": s.ref, "can": False}, False)
    for brk in b.spells:  # a Break on the board that does not hold the spell: say why
        if brk.name != "break":
            continue
        if brk.owner == s.owner and brk is not s:
            mine = f"{brk.ref} stops only its owner's enemies: {s.ref} is {s.owner}'s own"
            trace.add(mine, "elephants.break.stops-enemies")
            continue
        why = inactive_reason(b, brk) if brk.owner != s.owner else None
        if why is not None:
            trace.add(f"{why[0]}, so it does not stop {s.ref}", "elephants.interp.break-scope")
    target = b.current + 1
    trace.add(f"{s.ref} moves on to Clash {roman(target)}", "elephants.base.advance")
    verdict = f"{s.ref} can advance to Clash {roman(target)}"
    return trace.ruling(verdict, {"spell": s.ref, "can": True, "to": target}, True)


@seated
def can_move(b: Board, ref: str, to: int | str, by: str | None = None) -> Ruling:
    """Can Gravitate (``by``, or the only Gravitate in the clash) move this spell to clash ``to``?

    Examples:
        >>> b = board("P1:gravitate P2:stupefy P2:root", clash=2)
        >>> can_move(b, "P2:stupefy", 4).verdict
        'P1:gravitate can move P2:stupefy from Clash II to Clash IV'
        >>> can_move(b, "P2:stupefy", 2).verdict
        'P1:gravitate cannot move P2:stupefy to Clash II: only to a later clash than II'
    """
    dest = clash_number(to)
    s = b.spell(ref)
    grav = pick(b, by, "gravitate")
    trace = Trace()
    value: dict[str, Any] = {"spell": s.ref, "by": grav.ref, "to": dest}

    def no(reason: str, rule: str) -> Ruling:
        trace.add(reason, rule)
        return trace.ruling(
            f"{grav.ref} cannot move {s.ref} to Clash {roman(dest)}: {reason}", {**value, "can": False}, False
        )

    if grav.name != "gravitate":
        raise InvalidInputError(f"{grav.ref} does not move spells; Gravitate does")
    why = inactive_reason(b, grav)
    if why:
        return no(why[0], why[1])
    if b.current >= CLASHES:
        return no(f"this is Clash {roman(CLASHES)}, and no clash comes after it", "elephants.gravitate.not-in-clash-iv")
    if s is grav:
        return no("Gravitate does not move itself", "elephants.interp.gravitate-targets")
    if s.clash != b.current:
        when = "a past clash" if s.clash < b.current else "a later clash"
        return no(
            f"{s.ref} is in Clash {roman(s.clash)}, {when}; only spells of the current clash move",
            "elephants.gravitate.current-to-future",
        )
    why = inactive_reason(b, s)
    if why:
        return no(why[0].split(": ", 1)[0], why[1])
    if dest <= b.current:
        return no(f"only to a later clash than {roman(b.current)}", "elephants.gravitate.current-to-future")
    trace.add(
        f"{s.ref} is active in the current Clash {roman(b.current)}; Clash {roman(dest)} is later, and the "
        "player chooses which later clash",
        "elephants.gravitate.current-to-future",
    )
    whose = "its owner's own" if s.owner == grav.owner else "an enemy's"
    trace.add(
        f"{s.ref} is {whose} spell; Gravitate may move any active spell but itself",
        "elephants.interp.gravitate-targets",
    )
    root = protected_by(b, s, grav.owner)
    brk = [x for x in b.active() if x.name == "break" and x.owner != s.owner]
    if root or brk:
        shield = " and ".join(x.ref for x in [*([root] if root else []), *brk])
        verb = "do" if root and brk else "does"
        trace.add(
            f"{shield} {verb} not stop it: a move is not a cancel, recall, discard or advance",
            "elephants.interp.move-is-not-advance",
        )
    if s.resolved:
        trace.add(
            f"{s.ref} has resolved here already; it resolves again in Clash {roman(dest)}",
            "elephants.interp.gravitate-targets",
        )
    trace.add(f"{s.ref} will not resolve or advance in Clash {roman(b.current)}", "elephants.moved.not-here")
    return trace.ruling(
        f"{grav.ref} can move {s.ref} from Clash {roman(b.current)} to Clash {roman(dest)}",
        {**value, "can": True},
        True,
    )


@seated
def can_cancel(b: Board, ref: str, by: str) -> Ruling:
    """Can the spell ``by`` cancel (or recall, or discard) the spell ``ref``? Root shields its owner's other spells.

    Examples:
        >>> b = board("P1:clap P2:root P2:offering")
        >>> can_cancel(b, "P2:offering", "P1:clap").verdict
        'P1:clap cannot cancel P2:offering: P2:root shields it'
        >>> can_cancel(b, "P2:root", "P1:clap").legal
        True
    """
    s, src = b.spell(ref), b.spell(by)
    trace = Trace()
    value = {"spell": s.ref, "by": src.ref}
    why = inactive_reason(b, s)
    if why:
        trace.add(why[0], why[1])
        return trace.ruling(f"{src.ref} cannot cancel {s.ref}: it is not active", {**value, "can": False}, False)
    root = protected_by(b, s, src.owner)
    if root is not None:
        trace.add(
            f"{root.ref} is active: {s.owner}'s other spells in this clash cannot be cancelled by enemies",
            "elephants.root.protects",
        )
        return trace.ruling(f"{src.ref} cannot cancel {s.ref}: {root.ref} shields it", {**value, "can": False}, False)
    if s.name == "root":
        trace.add(f"{s.ref} does not shield itself", "elephants.root.protects")
    elif s.owner == src.owner:
        trace.add(f"{s.ref} is {src.owner}'s own spell: Root only shields against enemies", "elephants.root.protects")
    else:
        trace.add(f"no active Root of {s.owner} in this clash shields {s.ref}", "elephants.root.protects")
    trace.add(f"once cancelled, {s.ref} stays on view but is no longer active", "elephants.cancelled.visible")
    return trace.ruling(f"{src.ref} can cancel {s.ref}", {**value, "can": True}, True)


def _clap_choices(b: Board, clap: Spell) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for enemy in b.enemies(clap.owner):
        spells = b.active(enemy)
        if len(spells) >= LIMITS["clap_min_active"] and enemy not in b.invulnerable:
            found[enemy] = [x.ref for x in spells if protected_by(b, x, clap.owner) is None]
    return found


@seated
def clap_targets(b: Board, ref: str | None = None) -> Ruling:
    """Which spells Clap may cancel: one of each enemy with two or more active spells, Root permitting.

    Examples:
        >>> b = board("P1:clap P2:offering P2:ritual P2:starfall P3:gravitate P3:root")
        >>> r = clap_targets(b)
        >>> r.verdict
        'P1:clap cancels one spell of P2 (one of P2:offering, P2:ritual, P2:starfall) and one of P3 (P3:root)'
        >>> r.value["targets"]["P3"]
        ['P3:root']
    """
    clap = pick(b, ref, "clap")
    if clap.name != "clap":
        raise InvalidInputError(f"{clap.ref} is not a Clap")
    trace = Trace()
    why = inactive_reason(b, clap)
    if why:
        trace.add(why[0], why[1])
        return trace.ruling(f"{clap.ref} cancels nothing: it is not active", {"clap": clap.ref, "targets": {}})
    choices = _clap_choices(b, clap)
    threshold = LIMITS["clap_min_active"]
    trace.add("Active spells: face up in this clash, neither cancelled nor moved away", "elephants.interp.active")
    for enemy in b.enemies(clap.owner):
        mine = b.active(enemy)
        gone = [x.ref for x in b.here() if x.owner == enemy and x.state != "active"]
        extra = f" ({', '.join(gone)} not active)" if gone else ""
        if enemy in b.invulnerable:
            trace.add(f"{enemy} lost a trunk this round and cannot be targeted", "elephants.base.health-zero")
        elif enemy in choices:
            trace.add(f"{enemy} has {len(mine)} active spells{extra}: Clap takes one of them", "elephants.clap.targets")
            shielded = [x.ref for x in mine if x.ref not in choices[enemy]]
            if shielded:
                trace.add(
                    f"{', '.join(shielded)} counted, but shielded by {enemy}'s Root; {enemy}:root itself is not",
                    "elephants.interp.clap-count",
                )
                trace.add(f"Root shields {enemy}'s other spells from {clap.owner}'s cancel", "elephants.root.protects")
        else:
            trace.add(
                f"{enemy} has {len(mine)} active spell{'s' if len(mine) != 1 else ''}{extra}, fewer than {threshold}: "
                "not affected",
                "elephants.clap.targets",
            )
    if not choices:
        trace.add(
            f"{clap.ref} cancels nothing, so it will not advance its owner's spells",
            "elephants.advance.clap-if-cancelled",
        )
        verdict = f"{clap.ref} cancels nothing: no enemy has {threshold} or more active spells"
    else:
        parts = [f"{enemy} ({'one of ' if len(c) > 1 else ''}{', '.join(c)})" for enemy, c in choices.items()]
        verdict = f"{clap.ref} cancels one spell of " + " and one of ".join(parts)
        trace.add(
            f"{clap.ref} cancels at least one spell, so it advances its owner's spells",
            "elephants.advance.clap-if-cancelled",
        )
    return trace.ruling(verdict, {"clap": clap.ref, "targets": choices})
