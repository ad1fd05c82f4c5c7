"""Elementals: the state and its rules, as an engine: what a position is, which actions are legal, and
what each does.

Everything public here is re-exported by [`rulebook.elementals`][rulebook.elementals], the way to import it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Self

from rulebook.elementals.cards import (
    COVERED_BY,
    DAMAGE_CARDS,
    DEFAULT_SEED,
    DISCARDS,
    DRAW,
    ELEMENT_OF,
    HAND_SIZE,
    JOKER_DISCARDS,
    JOKER_POWERS,
    JOKER_SET,
    LAYOUTS,
    LORDS,
    LOSING_DAMAGE,
    PLAYS,
    POWER_LORD,
    POWER_OF,
    RAGNAROS_FACTOR,
    RULESET,
    STAY,
    TITAN,
    TITAN_SET,
    TOP,
    UNLEASH,
    Action,
    Discard,
    Draw,
    NotAvailableError,
    Play,
    Reorder,
    Unleash,
    card,
    is_joker,
    is_titan,
)
from rulebook.elementals.checks import RuleChecks
from rulebook.errors import IllegalActionError
from rulebook.protocol import two_sided_returns
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.wording import plural

# ---------------------------------------------------------------- state

Placed = tuple[str, int]  # (card, power named or printed, before any doubling)


@dataclass(frozen=True, slots=True)
class ElementalsState(RuleChecks):
    """A position of the game. ``slots[i]`` is the elemental in slot ``i`` (``None`` once defeated).

    ``piles[i]`` holds the attack cards on slot ``i`` in the order played. ``deck`` lists the titan deck
    from the top. ``discards`` holds each discarded card with the damage it dealt. ``powers`` holds the
    kings kept as powers. ``doubled`` holds cards under Hand of Ragnaros. ``in_turn`` is false between
    turns, when the next step is to draw; ``peeking`` is true while Therazane's choice is pending.
    ``turn`` counts turns for display only.
    """

    layout: int
    slots: tuple[str | None, ...]
    revealed: frozenset[int]
    piles: tuple[tuple[Placed, ...], ...]
    deck: tuple[str, ...]
    hand: tuple[str, ...] = ()
    discards: tuple[Placed, ...] = ()
    plane: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    doubled: frozenset[str] = frozenset()
    in_turn: bool = False
    peeking: bool = False
    options: Options = field(default_factory=lambda: RULESET.options())
    seed: int = DEFAULT_SEED
    shuffles: int = 0
    turn: int = field(default=0, compare=False)

    # -- derived facts ----------------------------------------------------------------

    @property
    def damage(self) -> int:
        """The damage the player has taken (the sum of the discards)."""
        total = 0
        for _, d in self.discards:
            total += d
        return total

    @property
    def defeated(self) -> int:
        """How many elementals have been defeated."""
        return self.slots.count(None)

    def targets(self) -> list[str]:
        """The revealed, undefeated elementals, in reading order."""
        return [s for i, s in enumerate(self.slots) if s is not None and i in self.revealed]

    def slot_of(self, elemental: str) -> int | None:
        """The slot of an undefeated elemental, or ``None``."""
        try:
            return self.slots.index(elemental)
        except ValueError:
            return None

    def pile_power(self, slot: int) -> int:
        """The damage lying on an elemental: its damage cards' powers, doubled where Ragnaros doubled them.

        Examples:
            >>> from rulebook.elementals import position
            >>> s = position(targets="KS QH", piles={"KS": "8D JK1=3"}, doubled="JK1")
            >>> s.pile_power(s.slot_of("KS"))
            14
        """
        doubled = self.doubled
        total = 0
        for c, p in self.piles[slot][:DAMAGE_CARDS]:
            total += p * RAGNAROS_FACTOR if c in doubled else p
        return total

    def _can_refill(self) -> bool:
        return bool(self.deck) or (self.options["empty-deck"] == "reshuffle" and any(map(is_titan, self.plane)))

    def won(self) -> bool:
        """Whether every elemental has been defeated with less than 33 damage."""
        return not any(self.slots) and self.damage < LOSING_DAMAGE

    def lost(self) -> bool:
        """Whether the player has lost: 33 damage, or a turn to begin with nothing to draw."""
        if self.damage >= LOSING_DAMAGE:
            return True
        return not self.in_turn and not self.hand and any(self.slots) and not self._can_refill()

    # -- the protocol ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """0 (the player) until the game is over; the elementals never choose."""
        return None if self.is_terminal() else 0

    def is_terminal(self) -> bool:
        """Whether the game is won or lost."""
        if self.discards:
            damage = 0
            for _, d in self.discards:
                damage += d
            if damage >= LOSING_DAMAGE:
                return True
        if not any(self.slots):
            return True
        return not self.in_turn and not self.hand and not self._can_refill()

    def winner(self) -> int | None:
        """0 if the player won, 1 (the elementals) if the player lost, ``None`` while the game goes on."""
        if self.won():
            return 0
        return 1 if self.lost() else None

    def returns(self) -> tuple[float, float]:
        """(+1, -1) for a win, (-1, +1) for a loss, (0, 0) for an unfinished game."""
        return two_sided_returns(self.winner())

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order: draw, plays, discards, then powers.

        Examples:
            >>> from rulebook.elementals import new_game
            >>> new_game(seed=7).legal_actions()
            [Draw()]
        """
        if self.is_terminal():
            return []
        if self.peeking:
            return [TOP, STAY]
        hand = self.hand
        if not hand and not self.powers and not self.in_turn:
            return [DRAW]
        actions: list[Action] = [] if self.in_turn else [DRAW]
        slots, revealed, piles, doubled = self.slots, self.revealed, self.piles, self.doubled
        targets = [(i, slots[i], piles[i]) for i in revealed if slots[i] is not None]
        if len(targets) > 1:
            targets.sort()
        for c in dict.fromkeys(hand) if len(hand) > 1 else hand:
            plays = PLAYS[c]
            if c in JOKER_SET:
                banishing_jokers = self.options["joker-banishes"] == "yes"
                chosen_discard = self.options["joker-discard"] == "chosen"
                factor = RAGNAROS_FACTOR if c in doubled else 1
                for i, t, pile in targets:
                    if len(pile) < DAMAGE_CARDS:
                        need = POWER_OF[t] - self.pile_power(i) if pile else 0
                        actions.extend(p for p in plays[t][1:] if p.power * factor >= need)  # type: ignore[union-attr]
                    elif banishing_jokers:
                        actions.append(plays[t][0])
                actions.extend(JOKER_DISCARDS[c] if chosen_discard else (DISCARDS[c],))
                continue
            element = ELEMENT_OF[c]
            dealt = POWER_OF[c] * (RAGNAROS_FACTOR if c in doubled else 1)
            for i, t, pile in targets:
                if len(pile) < DAMAGE_CARDS:
                    if element != ELEMENT_OF[t] and (not pile or self.pile_power(i) + dealt >= POWER_OF[t]):
                        actions.append(plays[t])
                elif element == ELEMENT_OF[t]:
                    actions.append(plays[t])
            actions.append(DISCARDS[c])
        for king in self.powers:
            name = LORDS[king]["power"]
            if name == "neptulon":
                actions.extend(UNLEASH[name, c] for c in hand)
            elif name == "ragnaros":
                on_piles = [c for pile in piles for c, _ in pile]
                actions.extend(UNLEASH[name, c] for c in (*hand, *on_piles) if c not in doubled)
            elif self.deck:
                actions.append(UNLEASH[name, None])
        return actions

    def _power(self, c: str, named: int | None = None) -> int:
        base = named if is_joker(c) else POWER_OF[c]
        assert base is not None
        return base * (RAGNAROS_FACTOR if c in self.doubled else 1)

    def apply(self, action: Action) -> Self:
        """The state after ``action``; an illegal action raises
        [`IllegalActionError`][rulebook.errors.IllegalActionError].

        The common actions take a fast path that writes no trace; anything else (an illegal action, a
        power, a short deck) goes through the same checks and steps as
        [`explain`][rulebook.elementals.ElementalsState.explain].
        """
        after = _fast_step(self, action)
        return self._step(action, _ignore) if after is None else after

    def explain(self, action: Action) -> tuple[Self, Ruling]:
        """The state after ``action`` and the ruling that explains what happened."""
        trace = Trace()
        after = self._step(action, trace.add)
        return after, trace.ruling(_verdict(self, action, after), legal=True)

    # -- checks -----------------------------------------------------------------------

    def refusal(self, action: Action) -> Ruling | None:
        """``None`` when ``action`` is legal now, else the ruling that refuses it (``legal`` false), naming
        the rules that forbid it: the one way the game refuses an action (``apply`` and ``explain`` raise
        [`IllegalActionError`][rulebook.errors.IllegalActionError] on the same checks). A card not in the
        hand, or an elemental not face up, is refused too, with ``"available": False`` in the value.

        Examples:
            >>> from rulebook.elementals import position
            >>> s = position(hand="7S 5D", targets="KS QH")
            >>> print(s.refusal(Play("7S", "KS")).verdict)
            illegal: KS is immune to fire: 7S deals it no damage
            >>> s.refusal(Play("5D", "KS")) is None
            True
        """
        try:
            self._validate(action, _ignore)
        except IllegalActionError as err:
            value: dict[str, Any] = {"action": str(action), "legal": False, "reason": err.reason}
            if isinstance(err, NotAvailableError):
                value["available"] = False
            return Ruling(verdict=f"illegal: {err.reason}", value=value, rules=err.rules, legal=False)
        return None

    def seen(self) -> tuple:
        """Everything the player can see, as a value: two states that look the same to the player give the
        same value. The deck's order and the face-down elementals are not in it (their make-up is).

        Examples:
            >>> from rulebook.elementals import new_game
            >>> a = new_game(seed=3)
            >>> b = ElementalsState(**{**{f: getattr(a, f) for f in a.__dataclass_fields__}, "deck": a.deck[::-1]})
            >>> a.seen() == b.seen(), a == b
            (True, False)
        """
        shown = tuple(s if (s is None or i in self.revealed) else "?" for i, s in enumerate(self.slots))
        return (
            self.layout,
            shown,
            self.piles,
            self.hand,
            self.discards,
            self.plane,
            self.powers,
            tuple(sorted(self.doubled)),
            self.in_turn,
            self.peeking,
            tuple(sorted(self.deck)),
            self.deck[-1] if self.peeking else None,
            tuple(sorted(self.options.items())),
        )

    def observation(self, player: int) -> str:
        """What ``player`` may see, as text: the board as the player sees it (face-down elementals as
        ``[##]``, the deck as a count), the same for both sides (the elementals never choose).

        Examples:
            >>> from rulebook.elementals import new_game
            >>> print(new_game(seed=7).observation(0).splitlines()[-1])
            hand: -   deck: 42   damage: 0/33   powers: -
        """
        if player not in (0, 1):
            raise ValueError(f"Elementals has players 0 and 1, not {player}")
        return self.render()

    # -- moves --------------------------------------------------------------------------

    def _step(self, action: Action, note: Any) -> Self:
        self._validate(action, note)
        if isinstance(action, Draw):
            return self._draw(note)
        if isinstance(action, Reorder):
            if action.to_top:
                note(
                    f"{self.deck[-1]} moves from the bottom to the top of the titan deck", "elementals.power.therazane"
                )
                return _replaced(self, deck=(self.deck[-1], *self.deck[:-1]), peeking=False)
            note(f"{self.deck[-1]} stays at the bottom of the titan deck", "elementals.interp.therazane-choice")
            return _replaced(self, peeking=False)
        if isinstance(action, Play):
            return self._play(action, note)
        if isinstance(action, Discard):
            c = card(action.card)
            named = self._joker_power(c, action.power, discard=True)
            dmg = self._power(c, named)
            discards = (*self.discards, (c, dmg))
            total = self.damage + dmg
            how = f" (joker named {named})" if is_joker(c) else ""
            if is_joker(c):
                note(
                    f"a discarded joker counts {named} (option joker-discard={self.options['joker-discard']})",
                    "elementals.interp.joker-discard",
                )
            if c in self.doubled:
                note(f"{c} is doubled by Hand of Ragnaros: it counts {dmg}", "elementals.interp.ragnaros-card")
            note(f"{c} is discarded{how}: {dmg} damage, {total} in all", "elementals.discard.damage")
            after = self._leave_hand(c, discards=discards, doubled=self.doubled - {c})
            if total >= LOSING_DAMAGE:
                note(f"{total} damage is {LOSING_DAMAGE} or more: the player loses", "elementals.end.loss")
                if after.hand:
                    note(
                        f"the game ends at once, with {', '.join(after.hand)} still in hand",
                        "elementals.interp.loss-at-once",
                    )
            return after
        return self._unleash(action, note)

    def _leave_hand(self, c: str, **changes: Any) -> Self:
        hand = list(self.hand)
        hand.remove(c)
        in_turn = self.in_turn and bool(hand)
        return _replaced(self, hand=tuple(hand), in_turn=in_turn, **changes)

    def _draw(self, note: Any) -> Self:
        deck, plane, shuffles = list(self.deck), self.plane, self.shuffles
        drawn: list[str] = []
        while len(drawn) < HAND_SIZE:
            if not deck:  # a short deck is drawn out; the option reshuffles only a deck empty as the turn begins
                titans = [c for c in plane if is_titan(c)]
                if drawn or self.options["empty-deck"] != "reshuffle" or not titans:
                    break
                shuffles, deck, plane = shuffles + 1, titans, tuple(c for c in plane if not is_titan(c))
                _rng(self.seed, shuffles).shuffle(deck)
                note(
                    f"the titan deck is empty: the Elemental Plane's {plural(len(titans), 'attack card')} "
                    f"{'is' if len(titans) == 1 else 'are'} shuffled into a new deck (option empty-deck=reshuffle)",
                    "elementals.interp.empty-deck",
                )
            drawn.append(deck.pop(0))
        note(f"turn {self.turn + 1}: the player draws {', '.join(drawn)}", "elementals.turn.draw")
        if len(drawn) < HAND_SIZE:
            note(
                f"the titan deck ran short: only {len(drawn)} card{'s' if len(drawn) != 1 else ''} to draw",
                "elementals.interp.empty-deck",
            )
        return _replaced(
            self,
            deck=tuple(deck),
            plane=plane,
            shuffles=shuffles,
            hand=(*self.hand, *drawn),
            in_turn=True,
            turn=self.turn + 1,
        )

    def _play(self, action: Play, note: Any) -> Self:
        c, t = card(action.card), card(action.target)
        i = self.slot_of(t)
        assert i is not None
        pile = self.piles[i]
        piles = list(self.piles)
        if len(pile) < DAMAGE_CARDS:
            named = action.power if is_joker(c) else POWER_OF[c]
            assert named is not None
            if is_joker(c):
                note(f"{c} is played with power {named}", "elementals.interp.joker-power-fixed")
            dealt = self._power(c, named)
            if c in self.doubled:  # doubled in the hand, it stays doubled when played: the interpretation's reading
                note(f"{c} is doubled by Hand of Ragnaros: {named} counts {dealt}", "elementals.power.ragnaros")
                note(f"{c} was doubled in the hand and stays doubled on {t}", "elementals.interp.ragnaros-card")
            piles[i] = (*pile, (c, named))
            if pile:
                total = self.pile_power(i) + dealt
                note(
                    f"{self.pile_power(i)} + {dealt} = {total}, at least {t}'s power {POWER_OF[t]}: "
                    f"{t} awaits {'an' if ELEMENT_OF[t][0] in 'aeiou' else 'a'} {ELEMENT_OF[t]} banish card",
                    "elementals.attack.damage-sum",
                )
            else:
                note(
                    f"{t} (power {POWER_OF[t]}) takes {dealt}; the attack may be completed later",
                    "elementals.attack.across-turns",
                )
                note(f"{c} stays on {t} until {t} is defeated", "elementals.interp.cards-stay")
                sums = f"whether the two damage cards reach {POWER_OF[t]} is checked when the second is played"
                note(sums, "elementals.interp.damage-sum-check")
            return self._leave_hand(c, piles=tuple(piles))
        # The banish card: the elemental is defeated.
        what = "a joker" if is_joker(c) else ELEMENT_OF[c]
        rule = "elementals.interp.joker-banish" if is_joker(c) else "elementals.attack.banish-element"
        note(f"{c} is {what}, like {t}: {t} is banished", rule)
        gone = [x for x, _ in pile] + [c]
        piles[i] = ()
        slots = list(self.slots)
        slots[i] = None
        plane = (*self.plane, *gone)
        powers = self.powers
        if t in LORDS:
            powers = (*powers, t)
            note(f"{t} ({LORDS[t]['name']}) becomes the power {LORDS[t]['title']}", "elementals.defeat.lord-power")
            note(f"the attack cards {', '.join(gone)} go to the Elemental Plane", "elementals.defeat.banished")
        else:
            plane = (*plane, t)
            note(f"{t} and the attack cards {', '.join(gone)} go to the Elemental Plane", "elementals.defeat.banished")
        revealed = set(self.revealed)
        covers = COVERED_BY[self.layout]
        newly = [
            slots[j]
            for j in range(len(slots))
            if slots[j] is not None and j not in revealed and all(slots[k] is None for k in covers[j])
        ]
        for j, s in enumerate(slots):
            if s in newly:
                revealed.add(j)
        if newly:
            note(f"uncovered and revealed at once: {', '.join(str(n) for n in newly)}", "elementals.reveal.uncovered")
            note("revealing an uncovered card is not optional", "elementals.interp.reveal-at-once")
        after = self._leave_hand(
            c,
            slots=tuple(slots),
            piles=tuple(piles),
            plane=plane,
            powers=powers,
            revealed=frozenset(revealed),
            doubled=self.doubled - set(gone),
        )
        if after.won():
            note(
                f"every elemental is defeated with {after.damage} damage, less than {LOSING_DAMAGE}: the player wins",
                "elementals.end.win",
            )
            if after.hand or after.deck:
                note("the game ends at once, whatever cards are left", "elementals.interp.loss-at-once")
        return after

    def _unleash(self, action: Unleash, note: Any) -> Self:
        name = action.power.strip().lower().replace("'", "").replace("-", "")
        king = POWER_LORD[name]
        lord = LORDS[king]
        powers = list(self.powers)
        powers.remove(king)
        spent = {"powers": tuple(powers), "plane": (*self.plane, king)}
        note(f"the player unleashes {lord['title']} ({king})", "elementals.power.absorb")
        if not self.in_turn:
            note("between turns, before drawing: a power can be used at any time", "elementals.interp.power-timing")
        if name == "neptulon":
            assert action.card is not None
            c = card(action.card)
            note(f"{c} goes from the hand to the bottom of the titan deck", lord["rule"])
            note(f"{c} is not discarded and deals no damage", "elementals.interp.neptulon-card")
            note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
            return self._leave_hand(c, deck=(*self.deck, c), doubled=self.doubled - {c}, **spent)
        if name == "ragnaros":
            assert action.card is not None
            c = card(action.card)
            where = "in the hand" if c in self.hand else "on its elemental"
            placed = [p for pile in self.piles for x, p in pile if x == c]
            base = placed[0] if placed else (None if is_joker(c) else POWER_OF[c])
            if base is None:  # a joker in hand: its power is named only when it is played
                later = "the power named for it when it is played counts twice"
                note(f"{c} ({where}) has its power doubled: {later}", lord["rule"])
            else:
                named = f", named {base}" if is_joker(c) else ""
                note(f"{c} ({where}{named}) has its power doubled: {base} now counts {2 * base}", lord["rule"])
            note("a doubled card stays doubled while in hand or on its elemental", "elementals.interp.ragnaros-card")
            note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
            return _replaced(self, doubled=self.doubled | {c}, **spent)
        if name == "therazane":
            only = ", its only card and so also the top one: moving it changes nothing" if len(self.deck) == 1 else ""
            choice = only or ": move it to the top, or leave it"  # one card left is the top one too
            note(f"the bottom card of the titan deck is {self.deck[-1]}{choice}", lord["rule"])
            note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
            return _replaced(self, peeking=True, **spent)
        # Al'Akir
        note("the player draws one more card from the titan deck", lord["rule"])
        deck = list(self.deck)
        if self.options["breath-draws"] == "random":
            shuffles = self.shuffles + 1
            drawn = deck.pop(_rng(self.seed, shuffles).randrange(len(deck)))
            note(
                f"{drawn} is drawn at random from the titan deck (option breath-draws=random)",
                "elementals.interp.breath-draws",
            )
        else:
            shuffles = self.shuffles
            drawn = deck.pop(0)
            note(f"{drawn} is drawn from the top of the titan deck", "elementals.interp.breath-draws")
        when = "this turn" if self.in_turn else "before the coming turn ends"
        note(f"{drawn} joins the hand and must be played or discarded {when}", "elementals.interp.extra-card")
        note(f"{king} goes to the Elemental Plane", "elementals.power.spent")
        return _replaced(self, deck=tuple(deck), hand=(*self.hand, drawn), shuffles=shuffles, **spent)

    # -- display --------------------------------------------------------------------------

    def render(self) -> str:
        """The layout drawn as text (``[##]`` face down, ``[KS]`` revealed, ``[  ]`` defeated), then the rest.

        Each card of the document's drawing (``[]``) is drawn twice as wide, so the overlaps are kept.
        """
        lay = LAYOUTS[self.layout]
        rows: dict[int, list[str]] = {}
        for i, (r, c) in enumerate(lay.slots):
            line = rows.setdefault(r, [])
            text = "".join(line)
            pad = 2 * c - len(text)
            s = self.slots[i]
            cell = "[  ]" if s is None else (f"[{s}]" if i in self.revealed else "[##]")
            line.append(" " * pad + cell)
        lines = ["".join(rows[r]).rstrip() for r in sorted(rows)]
        for i, s in enumerate(self.slots):
            if s is not None and self.piles[i]:
                lines.append(f"{s} ({POWER_OF[s]}): {self._describe_pile(i)}")
        hand = " ".join(c + ("x2" if c in self.doubled else "") for c in self.hand) or "-"
        lines.append(
            f"hand: {hand}   deck: {len(self.deck)}   damage: {self.damage}/{LOSING_DAMAGE}   "
            f"powers: {' '.join(self.powers) or '-'}"
        )
        if self.peeking:
            lines.append(f"Therazane's Touch: the bottom card is {self.deck[-1]}; 'top' or 'stay'?")
        if self.is_terminal():
            lines.append("game over: " + ("the player wins" if self.won() else "the elementals win"))
        return "\n".join(lines)

    def _describe_pile(self, i: int) -> str:
        parts = []
        for c, p in self.piles[i]:
            text = f"{c}={p}" if is_joker(c) else c
            parts.append(text + ("x2" if c in self.doubled else ""))
        s = self.slots[i]
        assert s is not None
        status = "needs a banish card" if len(self.piles[i]) >= DAMAGE_CARDS else "needs a second damage card"
        return f"{' '.join(parts)} = {self.pile_power(i)}, {status}"

    def __str__(self) -> str:
        return self.render()

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data."""
        return {
            "layout": LAYOUTS[self.layout].name,
            "slots": [
                None if s is None else (s if i in self.revealed else "face down") for i, s in enumerate(self.slots)
            ],
            "revealed": self.targets(),
            "piles": {s: [c for c, _ in self.piles[i]] for i, s in enumerate(self.slots) if s and self.piles[i]},
            "hand": list(self.hand),
            "deck": len(self.deck),
            "damage": self.damage,
            "defeated": self.defeated,
            "powers": list(self.powers),
            "turn": self.turn,
            "over": self.is_terminal(),
            "won": self.won(),
        }


def _rng(seed: int, n: int) -> random.Random:
    return random.Random(seed * 1_000_003 + n)


def _ignore(text: str, rule: str | None = None) -> None:
    """Stands in for ``Trace.add`` when no trace is wanted."""


# ---------------------------------------------------------------- the fast path
# ``apply`` tries these first. Each handles only a plainly legal action, written in the engine's own
# spelling, and returns ``None`` for anything else, which then takes the checked path of ``explain``.
# They write no trace and build the next state directly; ``tests/test_elementals_engine.py`` checks that
# they give exactly the state the checked path gives, over every legal action of many games.

_FIELDS = tuple(ElementalsState.__dataclass_fields__)
_new_state = object.__new__
_SET = {name: getattr(ElementalsState, name).__set__ for name in _FIELDS}
(
    _set_layout,
    _set_slots,
    _set_revealed,
    _set_piles,
    _set_deck,
    _set_hand,
    _set_discards,
    _set_plane,
    _set_powers,
    _set_doubled,
    _set_in_turn,
    _set_peeking,
    _set_options,
    _set_seed,
    _set_shuffles,
    _set_turn,
) = (_SET[name] for name in _FIELDS)


def _copy(s: ElementalsState) -> ElementalsState:
    """A copy of ``s`` whose fields the caller sets before anyone sees it (states are immutable)."""
    new = _new_state(ElementalsState)
    _set_layout(new, s.layout)
    _set_slots(new, s.slots)
    _set_revealed(new, s.revealed)
    _set_piles(new, s.piles)
    _set_deck(new, s.deck)
    _set_hand(new, s.hand)
    _set_discards(new, s.discards)
    _set_plane(new, s.plane)
    _set_powers(new, s.powers)
    _set_doubled(new, s.doubled)
    _set_in_turn(new, s.in_turn)
    _set_peeking(new, s.peeking)
    _set_options(new, s.options)
    _set_seed(new, s.seed)
    _set_shuffles(new, s.shuffles)
    _set_turn(new, s.turn)
    return new


def _replaced(s: ElementalsState, **changes: Any) -> ElementalsState:
    """``dataclasses.replace(s, **changes)`` without its checks of every field (the same state, made faster)."""
    new = _copy(s)
    for name, value in changes.items():
        _SET[name](new, value)
    return new


def _without(hand: tuple[str, ...], c: str) -> tuple[str, ...]:
    i = hand.index(c)
    return hand[:i] + hand[i + 1 :]


def _fast_step(s: ElementalsState, action: Any) -> ElementalsState | None:
    kind = type(action)
    if s.peeking or kind is Reorder:
        return None
    if kind is Unleash:
        return None if s.is_terminal() else _fast_unleash(s, action)
    # A play or a discard needs a card in hand, and a draw a full deck: either way the game is over
    # only if every elemental is defeated or the damage has reached 33.
    if not any(s.slots):
        return None
    if s.discards:
        damage = 0
        for _, d in s.discards:
            damage += d
        if damage >= LOSING_DAMAGE:
            return None
    if kind is Play:
        return _fast_play(s, action)
    if kind is Draw:
        deck = s.deck
        if s.in_turn or len(deck) < HAND_SIZE:
            return None
        new = _copy(s)
        _set_deck(new, deck[HAND_SIZE:])
        _set_hand(new, s.hand + deck[:HAND_SIZE])
        _set_in_turn(new, True)
        _set_turn(new, s.turn + 1)
        return new
    if kind is Discard:
        c, named = action.card, action.power
        if c not in s.hand:
            return None
        if c in JOKER_SET:
            if s.options["joker-discard"] == "ten":
                if named is not None and named != TITAN["joker_base_game"]:
                    return None
                named = TITAN["joker_base_game"]
            elif named not in _JOKER_POWER_SET:
                return None
        elif named is not None:
            return None
        else:
            named = POWER_OF[c]
        doubled = s.doubled
        new = _copy(s)
        if c in doubled:
            named *= RAGNAROS_FACTOR
            _set_doubled(new, doubled - {c})
        hand = _without(s.hand, c)
        _set_hand(new, hand)
        _set_in_turn(new, s.in_turn and bool(hand))
        _set_discards(new, (*s.discards, (c, named)))
        return new
    return None


_JOKER_POWER_SET = frozenset(JOKER_POWERS)
_NEPTULON, _RAGNAROS = POWER_LORD["neptulon"], POWER_LORD["ragnaros"]


def _fast_unleash(s: ElementalsState, action: Unleash) -> ElementalsState | None:
    name, c = action.power, action.card
    powers = s.powers
    if name == "neptulon":
        if _NEPTULON not in powers or c not in s.hand:
            return None
        new = _copy(s)
        hand = _without(s.hand, c)
        _set_hand(new, hand)
        _set_in_turn(new, s.in_turn and bool(hand))
        _set_deck(new, (*s.deck, c))
        _set_doubled(new, s.doubled - {c})
        king = _NEPTULON
    elif name == "ragnaros":
        if _RAGNAROS not in powers or c not in TITAN_SET or c in s.doubled:
            return None
        if c not in s.hand and all(c != x for pile in s.piles for x, _ in pile):
            return None
        new = _copy(s)
        _set_doubled(new, s.doubled | {c})
        king = _RAGNAROS
    else:
        return None
    _set_powers(new, _without(powers, king))
    _set_plane(new, (*s.plane, king))
    return new


def _fast_play(s: ElementalsState, action: Play) -> ElementalsState | None:
    c, t, named = action.card, action.target, action.power
    slots = s.slots
    if c not in s.hand or t not in slots:
        return None
    i = slots.index(t)
    if i not in s.revealed:
        return None
    pile = s.piles[i]
    joker = c in JOKER_SET
    if len(pile) < DAMAGE_CARDS:
        if joker:
            if named not in _JOKER_POWER_SET:
                return None
        elif named is not None or ELEMENT_OF[c] == ELEMENT_OF[t]:
            return None
        else:
            named = POWER_OF[c]
        if pile and s.pile_power(i) + (named * RAGNAROS_FACTOR if c in s.doubled else named) < POWER_OF[t]:
            return None
        new = _copy(s)
        piles = list(s.piles)
        piles[i] = (*pile, (c, named))
        _set_piles(new, tuple(piles))
    else:
        if named is not None:
            return None
        if joker:
            if s.options["joker-banishes"] != "yes":
                return None
        elif ELEMENT_OF[c] != ELEMENT_OF[t]:
            return None
        # The banish card: the elemental is defeated, and the cards it uncovers are revealed.
        gone = [x for x, _ in pile]
        gone.append(c)
        piles = list(s.piles)
        piles[i] = ()
        new_slots = list(slots)
        new_slots[i] = None
        new = _copy(s)
        _set_piles(new, tuple(piles))
        _set_slots(new, tuple(new_slots))
        if t in LORDS:
            _set_plane(new, (*s.plane, *gone))
            _set_powers(new, (*s.powers, t))
        else:
            _set_plane(new, (*s.plane, *gone, t))
        revealed = s.revealed
        covers = COVERED_BY[s.layout]
        newly = [
            j
            for j, x in enumerate(new_slots)
            if x is not None and j not in revealed and all(new_slots[k] is None for k in covers[j])
        ]
        if newly:
            _set_revealed(new, revealed.union(newly))
        doubled = s.doubled
        if doubled:
            _set_doubled(new, doubled.difference(gone))
    hand = _without(s.hand, c)
    _set_hand(new, hand)
    _set_in_turn(new, s.in_turn and bool(hand))
    return new


def _verdict(before: ElementalsState, action: Action, after: ElementalsState) -> str:
    if isinstance(action, Draw):
        drawn = after.hand[len(before.hand) :]
        return f"turn {after.turn}: draws {', '.join(drawn) or 'nothing'}"
    if isinstance(action, Play):
        c, t = card(action.card), card(action.target)
        i = before.slot_of(t)
        assert i is not None
        if after.slots[i] is None:
            text = f"{c} banishes {t}"
            if t in LORDS:
                text += f"; {LORDS[t]['title']} is kept"
            newly = [s for s in after.targets() if s not in before.targets()]
            if newly:
                text += f"; revealed: {', '.join(newly)}"
            if after.won():
                text += "; every elemental is defeated: the player wins"
            return text
        return f"{c} damages {t}: {after.pile_power(i)} of {POWER_OF[t]}"
    if isinstance(action, Discard):
        dmg = after.damage - before.damage
        text = f"{card(action.card)} is discarded: {dmg} damage, {after.damage} of {LOSING_DAMAGE}"
        if after.lost():
            text += "; the player loses"
        return text
    if isinstance(action, Reorder):
        return f"{before.deck[-1]} {'moves to the top' if action.to_top else 'stays at the bottom'}"
    name = action.power.strip().lower().replace("'", "").replace("-", "")
    title = LORDS[POWER_LORD[name]]["title"]
    if name == "therazane":
        return f"{title}: the bottom card is {before.deck[-1]}"
    if name == "alakir":
        return f"{title}: draws {after.hand[-1]}"
    return f"{title} on {card(action.card or '')}"
