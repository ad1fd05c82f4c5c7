"""Elementals: the checks an action must pass before it is taken, mixed into
[`ElementalsState`][rulebook.elementals.ElementalsState].

Each check raises [`IllegalActionError`][rulebook.errors.IllegalActionError] (or
[`InvalidInputError`][rulebook.errors.InvalidInputError] for an action written wrongly) naming the rules that forbid
the action; ``note`` records, as a trace line and a rule ID, what a check established on the way. The state's
``refusal``, ``apply`` and ``explain`` all go through ``_validate`` here, so the game refuses an action one way
only.

Examples:
    >>> from rulebook.elementals import Play, position
    >>> position(hand="7S", targets="KS").refusal(Play("7S", "KS")).rules
    ('elementals.attack.immunity',)
"""

from __future__ import annotations

from typing import Any

from rulebook.elementals.cards import (
    DAMAGE_CARDS,
    ELEMENT_OF,
    JOKER_POWERS,
    LORDS,
    POWER_LORD,
    POWER_OF,
    POWERS,
    TITAN,
    Action,
    Discard,
    Draw,
    NotAvailableError,
    Play,
    Reorder,
    Unleash,
    elemental_card,
    is_joker,
    titan_card,
)
from rulebook.elementals.ending import game_over, power_missing
from rulebook.errors import IllegalActionError, InvalidInputError, UnknownNameError


class RuleChecks:
    """The checks of an action against a position; the state's fields and derived facts are its own."""

    __slots__ = ()

    def _validate(self, action: Action, note: Any) -> None:
        if self.is_terminal():
            raise IllegalActionError(*game_over(self))
        if self.peeking and not isinstance(action, Reorder):
            raise IllegalActionError(
                "first choose whether Therazane's bottom card goes to the top ('top' or 'stay')",
                ["elementals.interp.therazane-choice"],
            )
        if isinstance(action, Draw):
            if self.in_turn:
                raise IllegalActionError(
                    f"the turn is not over: play or discard {', '.join(self.hand)} first", ["elementals.turn.end"]
                )
            return
        if isinstance(action, Reorder):
            if not self.peeking:
                raise IllegalActionError(
                    "there is no bottom card being looked at; use Therazane's Touch first",
                    ["elementals.interp.therazane-choice"],
                )
            return
        if isinstance(action, Play):
            self._check_play(action, note)
            return
        if isinstance(action, Discard):
            c = self._in_hand(action.card)
            self._joker_power(c, action.power, discard=True)
            return
        if isinstance(action, Unleash):
            self._check_power(action)
            return
        raise InvalidInputError(
            f"not an Elementals action: {action!r}; accepted: Draw, Play, Discard, Unleash, Reorder"
        )

    def _in_hand(self, name: str) -> str:
        c = titan_card(name)
        if c not in self.hand:
            held = ", ".join(self.hand) if self.hand else "no cards (draw first)"
            raise NotAvailableError(f"{c} is not in your hand; you hold {held}", ["elementals.turn.draw"])
        return c

    def _joker_power(self, c: str, power: int | None, *, discard: bool = False) -> int | None:
        if not is_joker(c):
            if power is not None:
                raise InvalidInputError(f"only a joker's power is named; {c} has power {POWER_OF[c]}")
            return None
        if discard and self.options["joker-discard"] == "ten":
            if power not in (None, ten := TITAN["joker_base_game"]):
                raise IllegalActionError(
                    f"{c}={power} names a power, but a discarded joker counts {ten} whatever is named (option "
                    f"joker-discard=ten): write 'discard {c}'",
                    ["elementals.interp.joker-discard"],
                )
            return TITAN["joker_base_game"]
        if power is None or power not in JOKER_POWERS:
            low, high, verb = JOKER_POWERS[0], JOKER_POWERS[-1], "discard " if discard else ""
            if power is not None:  # named, but out of range: say what was given
                raise InvalidInputError(f"{c}={power}: a joker's power is {low} to {high}, not {power}: {verb}{c}=6")
            raise InvalidInputError(f"name the joker's power, a whole number from {low} to {high}: {verb}{c}=6")
        return power

    def _check_play(self, action: Play, note: Any) -> None:
        c = self._in_hand(action.card)
        t = elemental_card(action.target)
        i = self.slot_of(t)
        if i is None or i not in self.revealed:
            shown = ", ".join(self.targets()) or "none"
            why = "has been defeated" if i is None else "is not a revealed elemental"
            raise NotAvailableError(f"{t} {why}; revealed: {shown}", ["elementals.attack.target-revealed"])
        pile = self.piles[i]
        joker = is_joker(c)
        if len(pile) < DAMAGE_CARDS:
            which = "first" if not pile else "second"
            note(f"{c} is the {which} damage card on {t}", "elementals.attack.order")
            if joker:
                named = self._joker_power(c, action.power)
                note(f"{c} deals arcane damage: {t} is not immune to it", "elementals.cards.joker-arcane")
            else:
                self._joker_power(c, action.power)
                named = None
                if ELEMENT_OF[c] == ELEMENT_OF[t]:
                    # On a started attack it is meant as the banish card, which comes only after two damage cards.
                    rules = ("elementals.attack.immunity", "elementals.attack.order")[: 1 + bool(pile)]
                    raise IllegalActionError(f"{t} is immune to {ELEMENT_OF[t]}: {c} deals it no damage", rules)
            if pile:
                total = self.pile_power(i) + self._power(c, named)
                need = POWER_OF[t]
                if total < need:
                    raise IllegalActionError(
                        f"the two damage cards make {total}, less than {t}'s power {need}",
                        ["elementals.attack.damage-sum", "elementals.interp.damage-sum-check"],
                    )
            return
        note(f"{t} has its two damage cards: {c} is the banish card", "elementals.attack.order")
        if action.power is not None:
            raise IllegalActionError(
                "a banish card's power does not matter: name no power", ["elementals.attack.order"]
            )
        if joker:
            if self.options["joker-banishes"] != "yes":
                raise IllegalActionError(
                    f"a joker's damage is arcane, not {ELEMENT_OF[t]}: it cannot banish {t}",
                    ["elementals.attack.banish-element", "elementals.interp.joker-banish"],
                )
            return
        if ELEMENT_OF[c] != ELEMENT_OF[t]:
            raise IllegalActionError(
                f"the banish card must be {ELEMENT_OF[t]} like {t}; {c} is {ELEMENT_OF[c]}",
                ["elementals.attack.banish-element"],
            )

    def _check_power(self, action: Unleash) -> None:
        name = action.power.strip().lower().replace("'", "").replace("-", "")
        if name not in POWER_LORD:
            raise UnknownNameError("power", action.power, POWERS)
        king = POWER_LORD[name]
        rule = LORDS[king]["rule"]
        if king not in self.powers:
            raise IllegalActionError(*power_missing(king, self.powers, self.plane))
        if name == "neptulon":
            if action.card is None:
                raise InvalidInputError("Whispers of Neptulon needs a card of your hand: neptulon 9C")
            self._in_hand(action.card)
        elif name == "ragnaros":
            if action.card is None:
                raise InvalidInputError("Hand of Ragnaros needs an attack card: ragnaros 5D")
            c = titan_card(action.card)
            on_piles = {x for pile in self.piles for x, _ in pile}
            if c not in self.hand and c not in on_piles:
                raise IllegalActionError(
                    f"{c} is neither in your hand nor a damage card on an elemental",
                    [rule, "elementals.interp.ragnaros-card"],
                )
            if c in self.doubled:
                raise IllegalActionError(f"{c} is already doubled", [rule])
        else:
            if action.card is not None:
                raise InvalidInputError(f"{LORDS[king]['title']} takes no card: write just {name!r}")
            if not self.deck:
                raise IllegalActionError(
                    f"the titan deck is empty: {LORDS[king]['title']} has nothing to act on", [rule]
                )
