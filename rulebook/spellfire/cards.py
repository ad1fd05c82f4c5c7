"""Spellfire: counter-effect cards and the order of play, borrowing and copying powers, permissions, Avatars
and deck levels.

Everything public here is re-exported by [`rulebook.spellfire`][rulebook.spellfire], the way to import it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import number, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.spellfire.engine import COUNTERS, MAX_LEVEL, PHASES, TURN, options_of, phase_number
from rulebook.wording import plural

__all__ = [
    "Play",
    "borrowed",
    "bring_avatar",
    "copy_power",
    "counter",
    "deck_levels",
    "may_use",
    "parse_play",
    "priority",
]



@dataclass(frozen=True, slots=True)
class Play:
    """One card played: who played it, and the card's name."""

    player: str
    card: str

    def __str__(self) -> str:
        return f"{self.player} {self.card}"


def parse_play(text: str) -> Play:
    """Read a card play written ``PLAYER CARD`` or ``PLAYER: CARD`` (the card name may have spaces).

    Examples:
        >>> parse_play("P1: Cataclysm!")
        Play(player='P1', card='Cataclysm!')
        >>> parse_play("Calm")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read the play 'Calm'; write 'PLAYER CARD', e.g. 'P2 Calm'
    """
    # Whitespace runs are made single spaces first, so the pattern cannot backtrack over them.
    m = re.fullmatch(r"([^\s:]+) ?(?::|(?= )) ?(\S.*)", " ".join(text.split()))
    if not m:
        raise InvalidInputError(f"cannot read the play {shown(text.strip())!r}; write 'PLAYER CARD', e.g. 'P2 Calm'")
    return Play(m[1], m[2])


def _same_card(a: str, b: str) -> bool:
    return a.strip().lower() == b.strip().lower()


def counter(
    plays: Sequence[Play | str],
    affected: str | None = None,
    counters: Iterable[str] = (),
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Does the last card played negate the first? ``plays`` is the sequence of cards, in playing order.

    The first play is the card whose effect is in question, the last is the counter-effect card; the
    plays between are everything played meanwhile, by anyone. ``affected`` is the player the first
    card affects (by default, whoever plays the counter). The sheet names Calm as a counter-effect
    card; ``counters`` declares others.

    Examples:
        >>> counter(["P1 Cataclysm!", "P2 Calm"]).verdict
        "P2's Calm negates P1's Cataclysm!"
        >>> counter(["P1 Cataclysm!", "P2 Good Fortune", "P2 Calm"]).verdict
        "P1's Cataclysm! stands: P2 played Good Fortune before Calm"
        >>> counter(["P1 Cataclysm!", "P2 calm"]).verdict
        "P2's Calm negates P1's Cataclysm!"
    """
    opts = options_of(options)
    seq = [p if isinstance(p, Play) else parse_play(p) for p in plays]
    if len(seq) < 2:
        raise InvalidInputError("give at least two plays: the card whose effect is in question, then the counter")
    known = list(dict.fromkeys([*COUNTERS, *counters]))
    # A counter's name as the sheet (or --counter) spells it, whatever the case it was typed in.
    seq = [Play(p.player, next((k for k in known if _same_card(k, p.card)), p.card)) for p in seq]
    first, last, between = seq[0], seq[-1], seq[1:-1]
    who = affected or last.player
    trace = Trace()
    value: dict[str, Any] = {
        "card": str(first),
        "counter": str(last),
        "affected": who,
        "between": [str(p) for p in between],
        "negated": False,
        "options": dict(opts),
    }
    trace.add(
        f"{first.player}'s {first.card} takes effect in full before the next card, unless it is countered",
        "spellfire.effects.in-order",
    )
    earlier = _earlier_counter(between, who, known, opts)
    if earlier is not None:
        return _negated_earlier(seq, earlier, who, value, trace)
    stands = _not_a_counter(first, last, known, trace) or _not_theirs(first, last, who, opts, trace)
    if stands:
        return trace.ruling(stands, value)
    own = [p for p in between if p.player == who]
    others = [p for p in between if p.player != who]
    if others:
        trace.add(
            f"{', '.join(map(str, others))} in between {'is' if len(others) == 1 else 'are'} not {who}'s",
            "spellfire.interp.counter-others-between",
        )
    if own:
        trace.add(
            f"{who} played {own[0].card} first, so {last.card} is not {who}'s very next card",
            "spellfire.counter.next-card",
        )
        played = f"{who} played {own[0].card} before {last.card}"
        return trace.ruling(f"{first.player}'s {first.card} stands: {played}", value)
    if last.player == who:
        trace.add(f"{last.card} is {who}'s very next card after {first.card}", "spellfire.counter.next-card")
    else:
        trace.add(f"{who} plays no other card before {last.player}'s {last.card}", "spellfire.counter.next-card")
    trace.add(
        f"{first.card}'s effect is cancelled, although cards otherwise take effect in the order played",
        "spellfire.counter.negates",
        "spellfire.effects.in-order",
    )
    value["negated"] = True
    return trace.ruling(f"{last.player}'s {last.card} negates {first.player}'s {first.card}", value)


def _earlier_counter(between: Sequence[Play], who: str, known: list[str], opts: Options) -> int | None:
    """The index in ``between`` of a counter-effect card that already negates the first card, if one does.

    It must count for the affected player (theirs, or anyone's under ``counter-by-others``) and come before any
    other card of theirs.
    """
    for i, p in enumerate(between):
        if any(_same_card(p.card, k) for k in known) and (p.player == who or opts.flag("counter-by-others")):
            return i
        if p.player == who:
            return None
    return None


def _negated_earlier(seq: Sequence[Play], index: int, who: str, value: dict[str, Any], trace: Trace) -> Ruling:
    """The first card is negated by a counter played before the last card, which then has nothing to cancel."""
    first, last, earlier = seq[0], seq[-1], seq[1 + index]
    others = [p for p in seq[1 : 1 + index] if p.player != who]
    if others:
        trace.add(
            f"{', '.join(map(str, others))} in between {'is' if len(others) == 1 else 'are'} not {who}'s",
            "spellfire.interp.counter-others-between",
        )
    trace.add(
        f"{earlier.card} is a counter-effect card: it can cancel a card played before it", "spellfire.counter.negates"
    )
    if earlier.player != who:
        trace.add(
            f"{earlier.player} counters on behalf of {who} (option counter-by-others=yes)",
            "spellfire.interp.counter-player",
        )
    if earlier.player == who:
        next_card = f"{earlier.card} (play {index + 2}) is {who}'s very next card after {first.card}"
    else:
        next_card = f"{who} plays no other card before {earlier.player}'s {earlier.card} (play {index + 2})"
    trace.add(next_card, "spellfire.counter.next-card")
    trace.add(
        f"{first.card}'s effect is cancelled, although cards otherwise take effect in the order played",
        "spellfire.counter.negates",
        "spellfire.effects.in-order",
    )
    trace.add(
        f"{last.player}'s {last.card} (play {len(seq)}) comes after that: {first.card} is already cancelled",
        "spellfire.counter.negates",
    )
    value["negated"] = True
    value["negated_by"] = str(earlier)
    return trace.ruling(
        f"{earlier.player}'s {earlier.card} (play {index + 2}) negates {first.player}'s {first.card}, "
        f"before {last.player}'s {last.card} (play {len(seq)})",
        value,
    )


def _not_a_counter(first: Play, last: Play, known: list[str], trace: Trace) -> str:
    """The verdict when the last card is no counter-effect card ("" when it is one); a near miss is an error."""
    if not any(_same_card(last.card, k) for k in known):
        from rulebook.errors import closest

        near = closest(last.card, known)
        if near:
            raise UnknownNameError("counter-effect card", last.card, known)
        trace.add(
            f"{last.card} is not a counter-effect card (the sheet names {', '.join(COUNTERS)})",
            "spellfire.counter.negates",
        )
        return f"{first.player}'s {first.card} stands: {last.card} is not a counter-effect card"
    trace.add(
        f"{last.card} is a counter-effect card: it can cancel a card played before it", "spellfire.counter.negates"
    )
    return ""


def _not_theirs(first: Play, last: Play, who: str, opts: Options, trace: Trace) -> str:
    """The verdict when the counter is not the affected player's to play ("" when it may count)."""
    if last.player == who:
        return ""
    if not opts.flag("counter-by-others"):
        trace.add(
            f"{last.card} is played by {last.player}, not by the affected player {who}",
            "spellfire.interp.counter-player",
        )
        return f"{first.player}'s {first.card} stands: the counter must come from the affected player {who}"
    trace.add(
        f"{last.player} counters on behalf of {who} (option counter-by-others=yes)",
        "spellfire.interp.counter-player",
    )
    return ""


def priority(acting: str, claims: Sequence[str], seating: Sequence[str] | None = None) -> Ruling:
    """Who resolves first when it is in doubt who played first: ``claims`` are ``"PLAYER play"`` or
    ``"PLAYER activate"`` (activating a card already in play).

    ``seating`` is the order of the players around the table (by default, their names sorted).

    Examples:
        >>> priority("P1", ["P2 play", "P1 activate"]).verdict
        'P1 resolves first: P1 activate, then P2 play'
        >>> priority("P1", ["P3 play", "P2 play"], seating=["P1", "P2", "P3"]).value["order"]
        ['P2 play', 'P3 play']
    """
    parsed = []
    for claim in claims:
        player, _, how = claim.strip().partition(" ")
        how = how.strip().lower() or "play"
        if how not in ("play", "activate"):
            raise UnknownNameError("way of using a card", how, ["play", "activate"])
        parsed.append((player, how))
    if len(parsed) < 2:
        raise InvalidInputError("give at least two claims to order, e.g. 'P1 activate' 'P2 play'")
    players = list(seating) if seating else sorted({p for p, _ in parsed} | {acting})
    for p, _ in parsed:
        if p not in players:
            raise UnknownNameError("player", p, players)
    if acting not in players:
        raise UnknownNameError("acting player", acting, players)
    trace = Trace()
    trace.add("every card played could be answered by every player before play went on", "spellfire.order.respond")
    start = players.index(acting)
    seat = {p: (i - start) % len(players) for i, p in enumerate(players)}
    order = sorted(parsed, key=lambda c: (seat[c[0]], c[1] != "activate"))
    mine = [c for c in parsed if c[0] == acting]
    if any(how == "activate" for _, how in mine):
        trace.add(
            f"{acting} activates a card already in play on their own turn: it has priority",
            "spellfire.order.in-play-priority",
        )
    if mine:
        trace.add(f"{acting} is the acting player, so {acting} resolves first", "spellfire.order.acting-player-first")
    # An activation earns priority only on the activator's own turn: say so, or a player would expect it.
    for p in dict.fromkeys(p for p, how in parsed if how == "activate" and p != acting):
        trace.add(
            f"{p} activates a card already in play, but it is {acting}'s turn, not {p}'s: that gives {p} no priority",
            "spellfire.order.in-play-priority",
        )
    rest = [c for c in order if c[0] != acting]
    if len({p for p, _ in rest}) > 1:
        trace.add(
            "the other players follow in turn order after the acting player: " + ", ".join(p for p, _ in rest),
            "spellfire.interp.order-between-others",
        )
    names = [f"{p} {how}" for p, how in order]
    return trace.ruling(f"{order[0][0]} resolves first: " + ", then ".join(names), {"acting": acting, "order": names})


# ---------------------------------------------------------------- borrowing, copying, permissions


def borrowed(during_combat: bool = True, discarded: bool = False, kept_by_text: bool = False) -> Ruling:
    """When does a borrowed card go back to its owner?

    Examples:
        >>> borrowed().verdict
        'the borrowed card returns to its owner at the end of this round of combat'
        >>> borrowed(discarded=True).value["returns"]
        False
        >>> borrowed(discarded=True, kept_by_text=True).verdict
        'the borrowed card is not returned: its text says so, and it was discarded during combat'
    """
    trace = Trace()
    value: dict[str, Any] = {"returns": True, "when": "end of the round of combat"}
    if not during_combat and (kept_by_text or discarded):
        # The exception decides, but the answer still says where the card was borrowed and what the sheet leaves open.
        trace.add(
            "borrowed outside a round of combat, where the sheet sets no moment of return",
            "spellfire.interp.borrow-outside-combat",
        )
    reasons = []
    if kept_by_text:
        trace.add("the card's own text says it is not returned", "spellfire.borrow.exceptions")
        reasons.append("its text says so")
    if discarded:
        where = "during the combat" if during_combat else "during a combat, an exception wherever it was borrowed"
        trace.add(f"the card was discarded {where}", "spellfire.borrow.exceptions")
        reasons.append("it was discarded during combat")
    if reasons:
        value.update(returns=False, when=None)
        return trace.ruling("the borrowed card is not returned: " + ", and ".join(reasons), value)
    if not during_combat:
        trace.add(
            "the sheet sets a return moment only for cards borrowed in combat", "spellfire.interp.borrow-outside-combat"
        )
        value.update(returns=None, when=None)
        return trace.ruling("the sheet does not say: the borrowing card's text decides when it returns", value)
    trace.add("borrowed in a round of combat, it goes back when that round ends", "spellfire.borrow.return")
    return trace.ruling("the borrowed card returns to its owner at the end of this round of combat", value)


def copy_power(
    source: str = "champion",
    phase: int = 3,
    duration: str | None = None,
    card_sets_timing: bool = False,
) -> Ruling:
    """May a card copy (or duplicate) the power of a ``source`` card now, and what does the copy give?

    ``phase`` is the phase in which the owner chooses the power to copy; ``card_sets_timing`` when the
    copying card itself says when to choose. ``duration`` is the duration the copying card states.

    Examples:
        >>> copy_power("avatar").verdict
        'illegal: the powers of an Avatar cannot be copied'
        >>> copy_power("champion", phase=4).verdict
        'illegal: the power to copy is chosen in phase 3, not in phase 4 (attack)'
        >>> copy_power("champion", duration="until end of turn").verdict
        "legal: the copy takes the champion's power word for word, at once, until end of turn"
    """
    what = source.strip().lower()
    if not what:
        raise InvalidInputError("name the kind of card whose power is copied, e.g. champion or avatar")
    phase = phase_number(phase)
    trace = Trace()
    value: dict[str, Any] = {"source": what, "phase": phase, "duration": duration}
    choose = TURN["copy_choice_phase"]
    if what in ("avatar", "avatars"):
        trace.add("an Avatar's special powers are never copied", "spellfire.copy.no-avatars")
        verdict = "illegal: the powers of an Avatar cannot be copied"
        if phase != choose and not card_sets_timing:
            # Every obstacle is named, as for an Avatar brought into play: fixing one must not hide the other.
            late = f"and a power to copy is chosen in phase {choose}, not phase {phase}"
            trace.add(late, "spellfire.copy.choose-each-turn")
            verdict += f", and the power to copy is chosen in phase {choose}, not in phase {phase} ({PHASES[phase]})"
        return trace.ruling(verdict, value, legal=False)
    if phase != choose and not card_sets_timing:
        trace.add(f"a new power to copy is chosen each turn in phase {choose}", "spellfire.copy.choose-each-turn")
        if phase > choose:
            trace.add("the choice cannot wait for a battle to begin", "spellfire.once.choose-in-phase-3")
        return trace.ruling(
            f"illegal: the power to copy is chosen in phase {choose}, not in phase {phase} ({PHASES[phase]})",
            value,
            legal=False,
        )
    if card_sets_timing:
        trace.add("the copying card sets its own moment of choice", "spellfire.copy.choose-each-turn")
    else:
        trace.add(f"phase {choose}: the owner picks the card to copy for this turn", "spellfire.copy.choose-each-turn")
    trace.add(f"the copy takes the {what}'s power text exactly, limits included", "spellfire.copy.exact-text")
    trace.add("the copy is made as soon as the copying card is played", "spellfire.copy.when")
    if duration:
        trace.add(f"the copy lasts as the copying card states: {duration}", "spellfire.copy.duration")
        lasts = duration
    else:
        trace.add("no duration stated: the copy lasts until the next choice", "spellfire.interp.copy-no-duration")
        lasts = "until the owner chooses again next turn"
    value["duration"] = lasts
    return trace.ruling(f"legal: the copy takes the {what}'s power word for word, at once, {lasts}", value, legal=True)


def _words(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z]+", text.lower()):
        if w in ("any", "all", "cast", "use", "can", "may", "to", "cards", "card"):
            continue
        out.append(w[:-1] if w.endswith("s") and not w.endswith("ss") else w)
    return out


def may_use(permission: str, card: str, restriction: str | None = None) -> Ruling:
    """Does a permission to use "any" (or "all") cards of a type let a champion use ``card``?

    ``permission`` names the type granted (``"any spell"``, ``"all wizard spells"``); ``card`` is the
    card's type (``"wizard spell"``); ``restriction`` the card's own limit on its users, if any.

    Examples:
        >>> may_use("cast any spell", "wizard spell", restriction="only dragons").verdict
        'legal: "cast any spell" covers every spell, even one restricted to only dragons'
        >>> may_use("any cleric spell", "wizard spell").legal
        False
    """
    granted, kind = _words(permission), _words(card)
    if not granted or not kind:
        raise InvalidInputError("give the type the permission grants (e.g. 'any spell') and the card's type")
    trace = Trace()
    value = {"permission": permission, "card": card, "restriction": restriction}
    covered = granted[-1] == kind[-1] and set(granted) <= set(kind)
    label = " ".join(granted)
    if not covered:
        trace.add(f"a permission for {label} cards says nothing of a {' '.join(kind)}", "spellfire.permission.any-all")
        return trace.ruling(f'illegal: "{permission}" does not cover a {card}', value, legal=False)
    limit = f", even one restricted to {restriction}" if restriction else ""
    trace.add(f'"any" or "all" {label} cards means every one of them{limit}', "spellfire.permission.any-all")
    return trace.ruling(f'legal: "{permission.strip()}" covers every {label}{limit}', value, legal=True)


# ---------------------------------------------------------------- Avatars


def bring_avatar(phase: int, conditions_met: bool = True, again: bool = False) -> Ruling:
    """May an Avatar be brought into play now? ``again``: it has been in play before this time.

    Examples:
        >>> bring_avatar(3).legal, bring_avatar(4).legal
        (True, False)
        >>> bring_avatar(3, conditions_met=False, again=True).verdict
        "illegal: the Avatar's conditions are not met (they apply every time it comes into play)"
    """
    phase = phase_number(phase)
    trace = Trace()
    value = {"phase": phase, "conditions_met": conditions_met, "again": again}
    need = TURN["avatar_phase"]
    every = "again, as every time" if again else "every time"
    if phase != need:
        trace.add(f"phase {phase} is for {PHASES[phase]}", "spellfire.turn.phases")
        trace.add(f"Avatars come into play only in phase {need}", "spellfire.avatar.phase-3")
        verdict = f"illegal: an Avatar comes into play only in phase {need}, not phase {phase}"
        if not conditions_met:
            # Every obstacle is named, so a player who fixes the phase is not surprised by the second one.
            unmet = f"and its printed conditions, which must be met {every}, are not met"
            trace.add(unmet, "spellfire.avatar.conditions")
            verdict += ", and its conditions are not met"
        return trace.ruling(verdict, value, False)
    trace.add("an Avatar is a champion with conditions to meet before it comes into play", "spellfire.glossary.avatar")
    trace.add(f"phase {need}: Avatars may be brought into play", "spellfire.avatar.phase-3")
    if not conditions_met:
        trace.add(f"its printed conditions must be met {every}", "spellfire.avatar.conditions")
        return trace.ruling(
            "illegal: the Avatar's conditions are not met (they apply every time it comes into play)", value, False
        )
    trace.add(f"its printed conditions are met ({every})", "spellfire.avatar.conditions")
    return trace.ruling("legal: the Avatar may be brought into play", value, legal=True)


def deck_levels(champions: Sequence[str], free: str | None = None) -> Ruling:
    """The total of levels a deck's champions count for, with one Avatar free.

    Each champion is written ``NAME:LEVEL``, an Avatar ``NAME:LEVEL:avatar``. With one Avatar it is the
    free one; with several, ``free`` names it.

    Examples:
        >>> deck_levels(["Elminster:9", "Drizzt:7", "Bane:14:avatar"]).verdict
        'the champions count for 16 levels; Bane (Avatar, level 14) is free; 3 cards'
    """
    rows = []
    for entry in champions:
        parts = [p.strip() for p in entry.split(":")]
        if len(parts) not in (2, 3) or not parts[0] or not parts[1]:
            raise InvalidInputError(f"cannot read the champion {entry!r}; write 'NAME:LEVEL' or 'NAME:LEVEL:avatar'")
        level = number(parts[1], f"the level of {parts[0]!r}", low=0, high=MAX_LEVEL)
        if len(parts) == 3 and parts[2].lower() != "avatar":
            raise UnknownNameError("champion mark", parts[2], ["avatar"])
        rows.append((parts[0], level, len(parts) == 3))
    trace = Trace()
    index = _free_avatar(rows, free, trace)
    chosen = rows[index][0] if index is not None else None
    total = sum(level for i, (_, level, _) in enumerate(rows) if i != index)
    if index is not None:
        level = rows[index][1]
        trace.add(f"{chosen}'s level {level} does not count; it is still one card", "spellfire.avatar.free")
        twins = [f"level {lv}" for i, (n, lv, avatar) in enumerate(rows) if avatar and n == chosen and i != index]
        if twins:
            rest = f"the other {chosen} ({', '.join(twins)})"
            trace.add(f"only one Avatar is free: {rest} counts in full", "spellfire.avatar.free")
        note = f"; {chosen} (Avatar, level {level}) is free"
    else:
        trace.add("no Avatar: every level counts", "spellfire.avatar.free")
        note = ""
    value = {"levels": total, "cards": len(rows), "free_avatar": chosen}
    return trace.ruling(f"the champions count for {plural(total, 'level')}{note}; {plural(len(rows), 'card')}", value)


def _free_avatar(rows: list[tuple[str, int, bool]], free: str | None, trace: Trace) -> int | None:
    """The place in ``rows`` of the one free Avatar: the one ``free`` names (``NAME`` or ``NAME:LEVEL``).

    Only that one card is free, even when another champion or Avatar bears the same name.

    Examples:
        >>> _free_avatar([("Bane", 14, True), ("Bane", 14, True)], "Bane", Trace())
        0
    """
    avatars = [i for i, (_, _, is_avatar) in enumerate(rows) if is_avatar]
    names = [rows[i][0] for i in avatars]
    if free is None:
        if len({(rows[i][0], rows[i][1]) for i in avatars}) > 1:
            raise InvalidInputError(
                f"the deck has {len(avatars)} Avatars ({', '.join(names)}): name the free one with --free NAME "
                f"(e.g. --free {_avatar_label(rows, avatars[0])})"
            )
        if len(avatars) > 1:
            alike = f"the {len(avatars)} Avatars are alike: one of them is free"
            trace.add(alike, "spellfire.interp.free-avatar-choice")
        return avatars[0] if avatars else None
    name, _, level_text = free.partition(":")
    name = name.strip()
    if name not in names and any(row[0] == name for row in rows):
        listed = f"the deck's Avatars: {', '.join(names)}" if names else "the deck lists no Avatar"
        raise InvalidInputError(
            f"{name} is not an Avatar, and only an Avatar can be the free one ({listed}; an Avatar is written "
            f"'NAME:LEVEL:avatar') (spellfire.avatar.free)"
        )
    if name not in names:
        raise UnknownNameError("Avatar of this deck", name, names or ["(no Avatar listed)"])
    matching = [i for i in avatars if rows[i][0] == name]
    if level_text.strip():
        level = number(level_text.strip(), f"the level of {name!r}", low=0, high=MAX_LEVEL)
        matching = [i for i in matching if rows[i][1] == level]
        if not matching:
            raise InvalidInputError(f"the deck has no {name} of level {level}: {_levels_of(rows, name)}")
    elif len({rows[i][1] for i in matching}) > 1:
        raise InvalidInputError(
            f"the deck has {len(matching)} Avatars named {name} ({_levels_of(rows, name)}): name the free one "
            f"with --free NAME:LEVEL (e.g. --free {_avatar_label(rows, matching[0])})"
        )
    if len(avatars) > 1:
        trace.add(f"the owner names {name} as the free Avatar", "spellfire.interp.free-avatar-choice")
    return matching[0]


def _avatar_label(rows: list[tuple[str, int, bool]], index: int) -> str:
    """How ``--free`` names the Avatar at ``index``: with its level when another shares its name."""
    name, level, _ = rows[index]
    shared = [row for row in rows if row[2] and row[0] == name and row[1] != level]
    return f"{name}:{level}" if shared else name


def _levels_of(rows: list[tuple[str, int, bool]], name: str) -> str:
    """The levels of the Avatars called ``name``, for an error line."""
    return "levels " + ", ".join(str(lv) for n, lv, avatar in rows if avatar and n == name)
