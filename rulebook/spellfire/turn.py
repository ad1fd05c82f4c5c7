"""Spellfire: running out of cards, and what may be done once per turn.

Everything public here is re-exported by [`rulebook.spellfire`][rulebook.spellfire], the way to import it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.reading import number
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.spellfire.engine import MAX_TURN, NOT_RESHUFFLED, TURN, options_of, phase_number
from rulebook.wording import plural

__all__ = [
    "draw",
    "once_per_turn",
]

#: The reading that a once-per-turn power is used in phase 3 unless its card names another phase.
ONCE_PHASE = "spellfire.interp.once-phase"



def draw(
    pile: int,
    count: int = 1,
    discard: int = 0,
    elsewhere: Mapping[str, int] | None = None,
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Draw ``count`` cards from a draw pile of ``pile`` cards: is the game over, and what happens next?

    ``discard`` is the discard pile at the end of the turn; ``elsewhere`` counts cards in the Abyss,
    Limbo and the Void, which a reshuffle leaves out. The optional reshuffle is the option ``reshuffle``.

    Examples:
        >>> draw(2, count=3).verdict
        'the draw pile is emptied: the game ends, and the player with the most unrazed realms wins'
        >>> r = draw(2, count=3, discard=20, elsewhere={"abyss": 4}, options={"reshuffle": "yes"})
        >>> r.verdict
        'draws 2, 1 lost; at the end of the turn the 20 discarded cards become the new draw pile'
    """
    opts = options_of(options)
    away = dict(elsewhere or {})
    for name in away:
        if name not in NOT_RESHUFFLED:
            raise UnknownNameError("pile", name, NOT_RESHUFFLED)
    for label, n in (("pile", pile), ("count", count), ("discard", discard), *away.items()):
        if not isinstance(n, int) or n < 0:
            raise InvalidInputError(f"{label} must be a whole number of cards, 0 or more; got {n!r}")
    drawn = min(pile, count)
    left = pile - drawn
    trace = Trace()
    value: dict[str, Any] = {
        "drawn": drawn,
        "left": left,
        "lost": 0,
        "game_over": False,
        "new_draw_pile": None,
        "options": dict(opts),
    }
    trace.add(
        f"draws {drawn} of the {count} card{'s' if count != 1 else ''} asked for; {left} left", "spellfire.turn.phases"
    )
    if left > 0:
        return trace.ruling(f"draws {drawn}; {left} left in the draw pile", value)
    if not opts.flag("reshuffle"):
        trace.add(
            "an emptied draw pile ends the game (the optional reshuffle is not in use)", "spellfire.interp.reshuffle"
        )
        trace.add("the game is over", "spellfire.deck.empty-ends-game")
        trace.add("the player with the most unrazed realms wins", "spellfire.end.victory")
        value["game_over"] = True
        return trace.ruling(
            "the draw pile is emptied: the game ends, and the player with the most unrazed realms wins", value
        )
    return _reshuffled(drawn, count - drawn, discard, away, value, trace)


def _reshuffled(
    drawn: int, short: int, discard: int, away: Mapping[str, int], value: dict[str, Any], trace: Trace
) -> Ruling:
    """The emptied draw pile under the optional reshuffle: the discards become the new pile; what is lost or kept."""
    trace.add(
        "option reshuffle=yes: the discard pile will become the new draw pile at the end of the turn",
        "spellfire.interp.reshuffle",
    )
    cards = plural(discard, "discarded card")
    if discard:
        trace.add(
            f"at the end of this turn, {cards} {'are' if discard != 1 else 'is'} shuffled into a new draw pile",
            "spellfire.deck.optional-reshuffle",
            "spellfire.deck.empty-ends-game",
        )
    else:
        trace.add(
            "at the end of this turn the discard pile would become the new draw pile, but it holds no card",
            "spellfire.deck.optional-reshuffle",
        )
    kept = {k: v for k, v in away.items() if v}
    if kept:
        names = {"abyss": "the Abyss", "limbo": "Limbo", "void": "the Void"}
        listed = ", ".join(f"{v} in {names[k]}" for k, v in kept.items())
        trace.add(f"not reshuffled: {listed}", "spellfire.deck.not-reshuffled")
        trace.add("(none of them is the discard pile)", "spellfire.glossary.limbo-abyss-void")
    value["new_draw_pile"] = discard
    lost = ""
    if short:
        trace.add(
            f"{short} card{'s' if short != 1 else ''} that could not be drawn {'is' if short == 1 else 'are'} lost",
            "spellfire.deck.draws-lost",
        )
        value["lost"] = short
        lost = f", {short} lost"
    if discard == 0:
        trace.add(
            "the discard pile is empty too, so the new draw pile is empty: the game ends",
            "spellfire.interp.empty-reshuffle",
        )
        trace.add("an emptied draw pile ends the game", "spellfire.deck.empty-ends-game")
        trace.add("the player with the most unrazed realms wins", "spellfire.end.victory")
        value["game_over"] = True
        return trace.ruling(f"draws {drawn}{lost}; nothing to reshuffle: the game ends", value)
    return trace.ruling(
        f"draws {drawn}{lost}; at the end of the turn the {cards} {'become' if discard != 1 else 'becomes'}"
        " the new draw pile",
        value,
    )


def once_per_turn(attempts: Sequence[str | tuple[int, int]], card_phase: int | None = None) -> Ruling:
    """Which uses of a once-per-turn power are allowed? Each attempt is ``(owner's turn, phase)`` or ``"TURN:PHASE"``.

    ``card_phase`` is the phase the card itself names, when it is not phase 3.

    Examples:
        >>> once_per_turn(["1:3", "1:3", "2:3"]).verdict
        'turn 1 phase 3: allowed; turn 1 phase 3: refused; turn 2 phase 3: allowed'
        >>> once_per_turn(["1:4"]).legal
        False
    """
    parsed: list[tuple[int, int]] = []
    for a in attempts:
        if isinstance(a, str):
            turn_s, sep, phase_s = a.partition(":")
            if not sep or not turn_s.strip() or not phase_s.strip():
                raise InvalidInputError(f"cannot read the use {a!r}; write 'TURN:PHASE', e.g. '1:3'")
            a = (
                number(turn_s, f"the turn number of {a.strip()!r}", low=1, high=MAX_TURN),
                number(phase_s, f"the phase of {a.strip()!r}"),  # its range is checked below
            )
        parsed.append((a[0], phase_number(a[1])))
    if not parsed:
        raise InvalidInputError("give at least one use, as 'TURN:PHASE' (the owner's turn number and the phase)")
    for (t1, _), (t2, _) in pairwise(parsed):
        if t2 < t1:
            raise InvalidInputError(f"uses must be in order: turn {t2} comes after turn {t1}")
    phase_ok = phase_number(card_phase) if card_phase is not None else TURN["once_per_turn_phase"]
    trace = Trace()
    used: set[int] = set()
    results = []
    for turn, phase in parsed:
        at = f"turn {turn} phase {phase}"
        named = card_phase is not None and phase_ok != TURN["once_per_turn_phase"]
        if phase != phase_ok:
            why = f"the card names phase {phase_ok} for it" if named else f"the power is used in phase {phase_ok}"
            trace.add(f"{at}: refused, {why}", ONCE_PHASE)
            results.append({"turn": turn, "phase": phase, "allowed": False, "reason": f"not phase {phase_ok}"})
            continue
        if turn in used:
            trace.add(
                f"{at}: refused, already used this turn; next chance is the owner's next turn",
                "spellfire.once.until-next-turn",
            )
            results.append({"turn": turn, "phase": phase, "allowed": False, "reason": "already used this turn"})
            continue
        used.add(turn)
        if named:
            trace.add(f"{at}: allowed, in the phase the card names; the first use this turn", ONCE_PHASE)
        else:
            trace.add(f"{at}: allowed, the first use this turn", "spellfire.once.phase-3")
        results.append({"turn": turn, "phase": phase, "allowed": True, "reason": "first use this turn"})
    verdict = "; ".join(
        f"turn {r['turn']} phase {r['phase']}: {'allowed' if r['allowed'] else 'refused'}" for r in results
    )
    return trace.ruling(verdict, {"uses": results}, legal=all(r["allowed"] for r in results))
