"""Elemental Elephants as a whole game: the draft, four clashes a round, every spell's effect, trunks and health.

The state follows [`GameState`][rulebook.protocol.GameState]: it is immutable, ``legal_actions`` lists what
the player to act may do, ``apply`` returns the next state, and ``explain`` also returns the ruling that says
what happened and which rules decided it. Every choice the game offers is an action of the player it
belongs to (a draft, the spell prepared, an attack's target, which enemy spell Clap cancels, where
Gravitate sends a spell, whether to use a Blood spell, the order of one's own spells of equal priority,
what to discard or recall); an enemy made to discard or to show a spell chooses themselves. A choice with
one possibility is made at once.

Actions are short text, the word of the decision then its value: ``draft Thunder``, ``discard clap``,
``cast stupefy``, ``target P2``, ``target P2:root``, ``cancel P3:break``, ``use``, ``pass``,
``first root``, ``move P2:stupefy``, ``to III``, ``recall slumber``, ``keep``. A game log is the list of
actions, each after the player who took it (``P1 cast stupefy``); [`replay`][rulebook.elephants.game.replay]
reads it back.

Each spell's effect is one function in this module (``_fireball``, ``_clap``, ...), fed by the numbers of
the spell data in ``rulebook/data/elephants.toml``; every step of an effect cites the spell's record
(``elephants.spell.<name>``) and the rules it applies.

Examples:
    >>> from rulebook.elephants.game import new_game
    >>> state = new_game(players=2)
    >>> state.current_player, state.legal_actions()[:3]
    (0, ('draft Fire', 'draft Water', 'draft Wind'))
    >>> state, ruling = state.explain("draft Thunder")
    >>> print(ruling.verdict)
    P1 drafts Thunder: clap, break, stupefy
    >>> state.decision.player, state.decision.kind
    ('P2', 'draft')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Self

from rulebook import rules as _rules
from rulebook.elephants import LIMITS, SPELLS, roman
from rulebook.elephants.engine import _clash_number as clash_number  # the one reader of "IV" or "4"
from rulebook.errors import IllegalActionError, InvalidInputError
from rulebook.records import Options
from rulebook.ruling import Ruling, Step
from rulebook.wording import plural

__all__ = [
    "SETS",
    "Decision",
    "ElephantsState",
    "World",
    "format_log",
    "new_game",
    "parse_log",
    "replay",
    "resolve_one",
    "run_clash",
]

_RULESET = _rules("elephants")
_A = LIMITS["advance_priority"]
_CLASHES: int = LIMITS["clashes"]


def _sets() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for name, data in SPELLS.items():
        found.setdefault(data["set"], []).append(name)
    return {k: tuple(v) for k, v in found.items()}


#: The spell sets in card-list order: each set's name (its element) and its spells.
SETS: Mapping[str, tuple[str, ...]] = _sets()
_SET_OF = {name: s for s, names in SETS.items() for name in names}


class Decision(NamedTuple):
    """What the game waits for: who decides, the kind of decision, the actions to choose from, and why."""

    player: str
    kind: str
    options: tuple[str, ...]
    prompt: str
    about: str | None = None  # the spell whose effect asks, as OWNER:NAME


class _Need(Exception):
    """Raised inside a unit of play when a decision is needed that has not been given yet."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision


# ---------------------------------------------------------------- the mutable world a unit of play works on


class Card:
    """One spell on the board: its name, the player who has it there, its clash and state, and what it did."""

    __slots__ = ("adv", "clash", "copy", "met", "name", "owner", "resolved", "self_adv", "seq", "state", "times")

    def __init__(
        self,
        name: str,
        owner: str,
        clash: int,
        state: str = "prepared",
        seq: int = 0,
        resolved: bool = False,
        self_adv: int = 0,
        adv: int = 0,
        met: bool | None = None,
        copy: str | None = None,
        times: int = 0,
    ) -> None:
        self.name, self.owner, self.clash, self.state, self.seq = name, owner, clash, state, seq
        self.resolved, self.self_adv, self.adv, self.met, self.copy, self.times = (
            resolved,
            self_adv,
            adv,
            met,
            copy,
            times,
        )

    @property
    def ref(self) -> str:
        return f"{self.owner}:{self.name}"

    @property
    def eff(self) -> str:
        """The spell whose data and instructions apply: itself, or the spell an Imitate copies."""
        return self.copy or self.name

    def freeze(self) -> tuple[Any, ...]:
        return (
            self.name,
            self.owner,
            self.clash,
            self.state,
            self.seq,
            self.resolved,
            self.self_adv,
            self.adv,
            self.met,
            self.copy,
            self.times,
        )


class Player:
    """One player: health, maximum health, trunks, hand, discard pile; down (lost a trunk this round), out."""

    __slots__ = ("down", "hand", "health", "max_health", "name", "out", "pile", "trunks")

    def __init__(
        self,
        name: str,
        health: int,
        max_health: int,
        trunks: int,
        hand: Iterable[str] = (),
        pile: Iterable[str] = (),
        down: bool = False,
        out: bool = False,
    ) -> None:
        self.name, self.health, self.max_health, self.trunks = name, health, max_health, trunks
        self.hand, self.pile, self.down, self.out = list(hand), list(pile), down, out

    def freeze(self) -> tuple[Any, ...]:
        return (
            self.name,
            self.health,
            self.max_health,
            self.trunks,
            tuple(self.hand),
            tuple(self.pile),
            self.down,
            self.out,
        )


class World:
    """The whole game at one moment, as mutable objects; a unit of play changes it, then it is frozen."""

    __slots__ = (
        "board",
        "clash",
        "deck",
        "events",
        "history",
        "options",
        "players",
        "ringleader",
        "round",
        "seats",
        "seq",
        "step",
        "steps",
        "winner",
    )

    def __init__(self, seats: Sequence[str], options: Options) -> None:
        self.seats: tuple[str, ...] = tuple(seats)
        self.options = options
        self.players: dict[str, Player] = {
            s: Player(s, LIMITS["health"], LIMITS["health"], LIMITS["trunks"]) for s in seats
        }
        self.deck: list[str] = list(SETS)
        self.board: list[Card] = []
        self.ringleader = self.seats[0]
        self.round = 1
        self.clash = 1
        self.step: tuple[Any, ...] = ("draft", 0)
        self.history: list[str] = []
        self.seq = 0
        self.winner: str | None = None
        self.steps: list[Step] = []
        self.events: list[tuple[Any, ...]] = []

    # -- freezing

    def freeze(self) -> tuple[Any, ...]:
        return (
            self.seats,
            tuple(self.players[s].freeze() for s in self.seats),
            tuple(self.deck),
            tuple(c.freeze() for c in self.board),
            self.ringleader,
            self.round,
            self.clash,
            self.step,
            tuple(self.history),
            self.seq,
            self.winner,
        )

    @classmethod
    def thaw(cls, frozen: tuple[Any, ...], options: Options) -> World:
        w = cls.__new__(cls)
        seats, players, deck, board, w.ringleader, w.round, w.clash, w.step, history, w.seq, w.winner = frozen
        w.seats = seats
        w.options = options
        w.players = {p[0]: Player(*p) for p in players}
        w.deck = list(deck)
        w.board = [Card(*c) for c in board]
        w.history = list(history)
        w.steps = []
        w.events = []
        return w

    # -- reading the world

    def say(self, text: str, rule: str | None = None, overrides: str | None = None) -> None:
        self.steps.append(Step(text, rule, overrides))

    @property
    def over(self) -> bool:
        return self.step[0] == "over"

    def order(self) -> list[str]:
        """Players still in the game, in turn order from the Ringleader."""
        start = self.seats.index(self.ringleader)
        seats = self.seats[start:] + self.seats[:start]
        return [p for p in seats if not self.players[p].out]

    def harmable(self, p: str) -> bool:
        player = self.players[p]
        return not player.out and not player.down

    def enemies(self, p: str) -> list[str]:
        """The enemies of ``p`` that can be targeted or harmed, in turn order."""
        return [e for e in self.order() if e != p and self.harmable(e)]

    def here(self, owner: str | None = None) -> list[Card]:
        """The active spells of the current clash (of one player, if given), in the order they were placed."""
        return [
            c
            for c in self.board
            if c.clash == self.clash and c.state == "active" and (owner is None or c.owner == owner)
        ]

    def past(self, owner: str) -> list[Card]:
        return [c for c in self.board if c.owner == owner and c.clash < self.clash]

    def card(self, ref: str) -> Card:
        for c in self.board:
            if c.ref == ref:
                return c
        raise KeyError(ref)

    def max_hand(self, p: str) -> int:
        lost = LIMITS["trunks"] - self.players[p].trunks
        return LIMITS["hand_size"] + LIMITS["hand_size_per_lost_trunk"] * lost


def _types(c: Card) -> Sequence[str]:
    return SPELLS[c.eff]["types"]


def _priority(w: World, c: Card) -> int | str:
    """The priority ``c`` resolves at: printed (or copied), sped up by its owner's active Accelerator."""
    printed = SPELLS[c.eff]["priority"]
    if printed == _A or c.eff == "accelerator":
        return printed
    if any(x.eff == "accelerator" and x is not c for x in w.here(c.owner)):
        return max(LIMITS["accelerator_floor"], int(printed) - LIMITS["accelerator_speedup"])
    return printed


def _shield(w: World, target: Card, by: str) -> Card | None:
    """The active Root that keeps ``by``'s effects from cancelling, recalling or discarding ``target``."""
    if target.owner == by or target.clash != w.clash or target.state != "active":
        return None
    for x in w.here(target.owner):
        if x.eff == "root" and x is not target:
            return x
    return None


# ---------------------------------------------------------------- asking for decisions


class _Ask:
    """The answers given so far within one unit of play, or a chooser that answers every decision."""

    __slots__ = ("chooser", "given", "used")

    def __init__(self, given: Sequence[str] = (), chooser: Callable[[Decision, World], str] | None = None) -> None:
        self.given, self.used, self.chooser = given, 0, chooser

    def __call__(
        self, w: World, player: str, kind: str, options: Sequence[str], prompt: str, about: Card | None = None
    ) -> str:
        choices = tuple(options)
        if not choices:
            raise AssertionError(f"a decision with nothing to choose: {prompt}")
        if len(choices) == 1:
            if self.chooser is not None:  # a described clash: a choice given for it is used up
                self.chooser(Decision(player, kind, choices, prompt, about.ref if about else None), w)
            return choices[0]
        decision = Decision(player, kind, choices, prompt, about.ref if about else None)
        if self.used < len(self.given):
            answer = self.given[self.used]
            self.used += 1
            if answer not in choices:
                raise AssertionError(f"replayed answer {answer!r} is not among {choices}")
            return answer
        if self.chooser is not None:
            answer = self.chooser(decision, w)
            if answer not in choices:
                raise InvalidInputError(
                    f"{answer.split(' ', 1)[-1]!r} cannot be chosen for {prompt}; accepted: "
                    + ", ".join(o.split(" ", 1)[-1] for o in choices)
                )
            return answer
        raise _Need(decision)


def _value(answer: str) -> str:
    return answer.split(" ", 1)[1] if " " in answer else answer


# ---------------------------------------------------------------- effects on players and spells


def _spell_rule(c: Card) -> str:
    return f"elephants.spell.{c.eff}"


def _damage(w: World, p: str, amount: int, c: Card, rule: str | None = None) -> None:
    player = w.players[p]
    if amount <= 0:
        return
    before = player.health
    player.health = max(0, player.health - amount)
    w.say(
        f"{c.ref} deals {amount} damage to {p}: health {before} to {player.health}",
        rule or _spell_rule(c),
    )
    w.events.append(("damage", p, amount, c.ref))


def _heal(w: World, p: str, amount: int, c: Card) -> None:
    player = w.players[p]
    before = player.health
    player.health = min(player.max_health, player.health + amount)
    capped = " (its maximum)" if player.health < before + amount else ""
    w.say(f"{c.ref} heals {p} by {amount}: health {before} to {player.health}{capped}", _spell_rule(c))
    w.say("A heal never raises health above the maximum", "elephants.base.health-effects")
    w.events.append(("heal", p, player.health - before, c.ref))


def _bolster(w: World, p: str, amount: int, c: Card) -> None:
    player = w.players[p]
    player.max_health += amount
    w.say(f"{c.ref} bolsters {p} by {amount}: maximum health {player.max_health}", _spell_rule(c))
    w.say("Bolster raises the maximum health", "elephants.base.health-effects")
    w.events.append(("bolster", p, amount, c.ref))


def _weaken(w: World, p: str, amount: int, c: Card) -> None:
    player = w.players[p]
    player.max_health = max(0, player.max_health - amount)
    player.health = min(player.health, player.max_health)
    w.say(
        f"{c.ref} weakens {p} by {amount}: maximum health {player.max_health}, health {player.health}",
        _spell_rule(c),
    )
    w.say("Weaken lowers the maximum health, and health with it", "elephants.base.health-effects")
    w.events.append(("weaken", p, amount, c.ref))


def _cancel(w: World, target: Card, c: Card, rule: str) -> bool:
    """Cancel ``target`` for ``c``; an enemy's active Root may shield it. Returns whether it was cancelled."""
    root = _shield(w, target, c.owner)
    if root is not None:
        w.say(f"{target.ref} is shielded by {root.ref}: not cancelled", "elephants.root.protects")
        return False
    target.state = "cancelled"
    w.say(f"{c.ref} cancels {target.ref}", rule)
    w.say(f"{target.ref} stays on view but is no longer active", "elephants.cancelled.visible")
    w.events.append(("cancel", target.ref, c.ref))
    return True


def _cancel_all(w: World, targets: Sequence[Card], c: Card, rule: str) -> None:
    """Cancel ``targets`` at once for ``c``: Root's shield is judged for all of them before any is cancelled."""
    shields = {x.ref: _shield(w, x, c.owner) for x in targets}
    if any(shields.values()):
        w.say(
            f"{c.ref} cancels them all at once: Root's shield is judged before any of them is cancelled",
            "elephants.interp.cancel-all-at-once",
        )
    for x in targets:
        root = shields[x.ref]
        if root is not None:
            w.say(f"{x.ref} is shielded by {root.ref}: not cancelled", "elephants.root.protects")
            continue
        x.state = "cancelled"
        w.say(f"{c.ref} cancels {x.ref}", rule)
        w.say(f"{x.ref} stays on view but is no longer active", "elephants.cancelled.visible")
        w.events.append(("cancel", x.ref, c.ref))


def _conjuries(w: World, c: Card) -> list[Card]:
    """The enemy conjuries ``c`` may aim at: active in the clash, their owner harmable, not shielded by Root."""
    return [
        x
        for x in w.here()
        if x.owner != c.owner
        and SPELLS[x.eff].get("conjury")
        and w.harmable(x.owner)
        and _shield(w, x, c.owner) is None
    ]


def _aim(w: World, ask: _Ask, c: Card, what: str) -> str | Card | None:
    """The target of an effect aimed at an enemy or an enemy conjury: chosen by ``c``'s owner."""
    options = [f"target {e}" for e in w.enemies(c.owner)] + [f"target {x.ref}" for x in _conjuries(w, c)]
    if not options:
        w.say(f"{c.ref} has no enemy or enemy conjury to aim at", "elephants.base.invulnerable")
        return None
    answer = _value(ask(w, c.owner, "target", options, f"the target of {c.ref}'s {what}", c))
    if ":" in answer:
        return w.card(answer)
    return answer


def _strike(w: World, ask: _Ask, c: Card, amount: int, kind: str = "damage") -> None:
    """Deal ``amount`` damage (or weaken by it) to an enemy or an enemy conjury, the owner choosing which."""
    if amount <= 0:
        w.say(f"{c.ref} has nothing to deal", _spell_rule(c))
        return
    target = _aim(w, ask, c, "damage" if kind == "damage" else "weakening")
    if target is None:
        return
    if isinstance(target, Card):
        w.say(f"{c.ref} aims its {kind} at the conjury {target.ref}", "elephants.base.conjury")
        _cancel(w, target, c, "elephants.interp.conjury-hit")
    elif kind == "damage":
        _damage(w, target, amount, c)
    else:
        _weaken(w, target, amount, c)


def _place_extra(w: World, p: str, name: str, c: Card) -> None:
    w.players[p].hand.remove(name)
    w.seq += 1
    w.board.append(Card(name, p, w.clash, "active", w.seq))
    w.say(f"{c.ref} lets {p} cast {name}: face up and active in Clash {roman(w.clash)}", _spell_rule(c))
    w.say(f"{p}:{name} resolves in this clash, in priority order", "elephants.interp.extra-cast")
    w.events.append(("cast", f"{p}:{name}", c.ref))


def _cast_extra(w: World, ask: _Ask, c: Card, most: int) -> int:
    """Let ``c``'s owner cast up to ``most`` extra spells from their hand; returns how many."""
    cast = 0
    player = w.players[c.owner]
    while cast < most and player.hand:
        options = ["extra none"] + [f"extra {n}" for n in dict.fromkeys(player.hand)]
        answer = _value(ask(w, c.owner, "extra", options, f"an extra spell to cast with {c.ref}", c))
        if answer == "none":
            break
        _place_extra(w, c.owner, answer, c)
        cast += 1
    if not cast:
        w.say(f"{c.owner} casts no extra spell", _spell_rule(c))
    return cast


def _blocked(w: World, card_owner: str, breakers: Iterable[Card] | None = None) -> Card | None:
    """An enemy's Break that stops ``card_owner``'s spells from advancing in this clash, if any."""
    pool = list(breakers) if breakers is not None else [x for x in w.here() if x.eff == "break"]
    for x in pool:
        if x.owner != card_owner:
            return x
    return None


def _advance(
    w: World, target: Card, c: Card, *, own: bool, breakers: Iterable[Card] | None = None, rule: str | None = None
) -> bool:
    """Advance ``target`` to the clash after the current one (if nothing stops it); returns whether it moved."""
    if w.clash >= _CLASHES:
        w.say(f"{target.ref} cannot advance: nothing goes beyond Clash {roman(_CLASHES)}", "elephants.base.advance")
        return False
    brk = _blocked(w, target.owner, breakers)
    if brk is not None:
        w.say(f"{brk.ref} is active: {target.ref} cannot be advanced in this clash", "elephants.break.stops-enemies")
        w.say("Break counts from the clash it is active in", "elephants.interp.break-scope")
        return False
    came = target.clash
    target.clash = w.clash + 1
    target.resolved = False
    target.met = None
    target.adv += 1
    if own:
        target.self_adv += 1
    how = "advances itself" if own and target is c else f"is advanced by {c.ref}"
    whence = "" if came == w.clash else f" from Clash {roman(came)}"
    w.say(f"{target.ref} {how}{whence} to Clash {roman(w.clash + 1)}", rule or "elephants.base.advance")
    w.events.append(("advance", target.ref, w.clash + 1, c.ref))
    return True


def _advance_from_hand(w: World, p: str, name: str, c: Card) -> bool:
    if w.clash >= _CLASHES:
        w.say(f"{name} cannot be advanced beyond Clash {roman(_CLASHES)}", "elephants.base.advance")
        return False
    brk = _blocked(w, p)
    if brk is not None:
        w.say(f"{brk.ref} is active: {p}'s {name} cannot be advanced", "elephants.break.stops-enemies")
        w.say("An advance from the hand is an advance like any other", "elephants.interp.advance-from-elsewhere")
        return False
    w.players[p].hand.remove(name)
    w.seq += 1
    w.board.append(Card(name, p, w.clash + 1, "prepared", w.seq, adv=1))
    w.say(
        f"{c.ref} advances a spell of {p}'s hand face down into Clash {roman(w.clash + 1)}",
        "elephants.interp.advance-from-elsewhere",
    )
    w.events.append(("from-hand", f"{p}:{name}", w.clash + 1, c.ref))
    return True


def _to_pile(w: World, card: Card, pile_of: str) -> None:
    w.board.remove(card)
    w.players[pile_of].pile.append(card.name)


def _to_hand(w: World, card: Card, hand_of: str) -> None:
    w.board.remove(card)
    w.players[hand_of].hand.append(card.name)


def _own(w: World, c: Card, kind: str, *, others: bool = True) -> list[Card]:
    return [x for x in w.here(c.owner) if (kind == "any" or kind in _types(x)) and not (others and x is c)]


def _with(w: World, c: Card, kind: str) -> list[str]:
    """The enemies of ``c``'s owner who have an active spell of ``kind`` in the clash (harmable or not)."""
    return [e for e in w.order() if e != c.owner and any(kind in _types(x) for x in w.here(e))]


def _either(w: World, ask: _Ask, c: Card, options: Sequence[str], prompt: str) -> list[str]:
    """An either-or choice: one option, or all of them while the owner has an active Coalesce."""
    coalesce = [x for x in w.here(c.owner) if x.eff == "coalesce" and x is not c]
    if coalesce:
        w.say(f"{coalesce[0].ref} is active: {c.ref} does both", "elephants.interp.coalesce")
        w.say("Coalesce turns an either-or instruction into both", "elephants.spell.coalesce")
        return [_value(o) for o in options]
    return [_value(ask(w, c.owner, "choose", options, prompt, c))]


# ---------------------------------------------------------------- the spells, one function each

Effect = Callable[[World, _Ask, Card], None]


def _n(c: Card, key: str, default: int = 0) -> int:
    return int(SPELLS[c.eff].get(key, default))


def _fireball(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "damage"))


def _quickshot(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "damage"))


def _starfall(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "damage"))


def _bedim(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "damage"))


def _crush(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "weaken"), "weakening")


def _bolts(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "weaken"), "weakening")


def _scorch(w: World, ask: _Ask, c: Card) -> None:
    amount = _n(c, "damage")
    w.say(f"{c.ref} hits every enemy and every enemy conjury it can", "elephants.interp.scorch-targets")
    hit = False
    for e in w.enemies(c.owner):
        _damage(w, e, amount, c)
        hit = True
    for x in _conjuries(w, c):
        w.say(f"{c.ref} also hits the conjury {x.ref}", "elephants.base.conjury")
        _cancel(w, x, c, "elephants.interp.conjury-hit")
        hit = True
    if not hit:
        w.say(f"{c.ref} finds no enemy to hit", "elephants.base.invulnerable")


def _conditional(w: World, ask: _Ask, c: Card, kind: str, others: bool, then: Callable[[], None]) -> None:
    mine = _own(w, c, kind, others=others)
    what = "other " if others else ""
    if mine:
        w.say(f"{c.owner} has an {what}active {kind} spell ({mine[0].ref}): {c.ref} acts", _spell_rule(c))
        c.met = True
        then()
    else:
        w.say(f"{c.owner} has no {what}active {kind} spell: {c.ref} does nothing", _spell_rule(c))
        c.met = False


def _ignite(w: World, ask: _Ask, c: Card) -> None:
    _conditional(w, ask, c, "attack", True, lambda: _strike(w, ask, c, _n(c, "damage")))


def _aftershocks(w: World, ask: _Ask, c: Card) -> None:
    _conditional(w, ask, c, "attack", True, lambda: _strike(w, ask, c, _n(c, "damage")))


def _flow(w: World, ask: _Ask, c: Card) -> None:
    _conditional(w, ask, c, "remedy", True, lambda: _heal(w, c.owner, _n(c, "heal"), c))


def _besiege(w: World, ask: _Ask, c: Card) -> None:
    _conditional(w, ask, c, "remedy", False, lambda: _strike(w, ask, c, _n(c, "damage")))


def _defend(w: World, ask: _Ask, c: Card) -> None:
    _conditional(w, ask, c, "attack", False, lambda: _heal(w, c.owner, _n(c, "heal"), c))


def _nourish(w: World, ask: _Ask, c: Card) -> None:
    _heal(w, c.owner, _n(c, "heal"), c)


def _slumber(w: World, ask: _Ask, c: Card) -> None:
    _heal(w, c.owner, _n(c, "heal"), c)


def _reinforce(w: World, ask: _Ask, c: Card) -> None:
    _bolster(w, c.owner, _n(c, "bolster"), c)


def _nightglow(w: World, ask: _Ask, c: Card) -> None:
    _bolster(w, c.owner, _n(c, "bolster"), c)


def _renew(w: World, ask: _Ask, c: Card) -> None:
    _bolster(w, c.owner, _n(c, "bolster"), c)
    _heal(w, c.owner, _n(c, "heal"), c)


def _cleanse(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "damage"))
    _heal(w, c.owner, _n(c, "heal"), c)


def _glare(w: World, ask: _Ask, c: Card) -> None:
    _strike(w, ask, c, _n(c, "weaken"), "weakening")
    _strike(w, ask, c, _n(c, "damage"))


def _impact(w: World, ask: _Ask, c: Card) -> None:
    count = len(_own(w, c, "any", others=False))
    w.say(f"{c.owner} has {plural(count, 'active spell')} in the clash, {c.ref} counted", _spell_rule(c))
    _strike(w, ask, c, count)


def _turbulence(w: World, ask: _Ask, c: Card) -> None:
    reading = w.options["turbulence-condition"]
    if reading == "any-spell":
        earlier = [r for r in w.history if r != c.ref or c.times]
        seen = bool(earlier)
        w.say(
            "Spells resolved earlier this round: " + (", ".join(earlier) if earlier else "none"),
            "elephants.response.sees-the-round",
            "elephants.public.turbulence-card",
        )
        w.say("Stronger whenever any spell resolved earlier this round", "elephants.interp.turbulence-condition")
    elif reading == "this-spell":
        seen = c.times > 0
        w.say(
            f"{c.ref} {'has' if seen else 'has not'} resolved in an earlier clash this round",
            "elephants.interp.turbulence-condition",
        )
    else:
        seen = c.adv >= _n(c, "advances_needed", 2)
        w.say(f"{c.ref} has advanced {plural(c.adv, 'time')} this round", "elephants.interp.turbulence-condition")
        w.say("The card list of 2025-09-09: stronger after two advances", "elephants.public.turbulence-card")
    _strike(w, ask, c, _n(c, "damage_if_seen" if seen else "damage"))


def _blow(w: World, ask: _Ask, c: Card) -> None:
    clashes = sorted({x.clash for x in w.past(c.owner) if x.state != "cancelled"})
    if not clashes:
        w.say(f"{c.owner} has no spell left in a past clash: {c.ref} advances nothing", _spell_rule(c))
        return
    pick = int(
        _value(
            ask(w, c.owner, "from", [f"from {n}" for n in clashes], f"the past clash whose spells {c.ref} advances", c)
        )
    )
    w.say(f"{c.ref} advances {c.owner}'s spells from Clash {roman(pick)}", _spell_rule(c))
    for x in [x for x in w.past(c.owner) if x.clash == pick and x.state != "cancelled"]:
        _advance(w, x, c, own=False, rule="elephants.interp.advance-from-elsewhere")


def _gust(w: World, ask: _Ask, c: Card) -> None:
    mine = w.here(c.owner)
    answer = _value(ask(w, c.owner, "advance", [f"advance {x.ref}" for x in mine], f"the spell {c.ref} advances", c))
    target = w.card(answer)
    w.say(f"{c.ref} advances one active spell of {c.owner}: {target.ref}", _spell_rule(c))
    _advance(w, target, c, own=target is c)


def _seed(w: World, ask: _Ask, c: Card) -> None:
    past = [x for x in w.past(c.owner) if x.state != "cancelled"]
    if not past:
        w.say(f"{c.owner} has no past spell for {c.ref} to advance", _spell_rule(c))
        return
    answer = _value(
        ask(w, c.owner, "advance", [f"advance {x.ref}" for x in past], f"the past spell {c.ref} advances", c)
    )
    w.say(f"{c.ref} advances one past spell of {c.owner}", _spell_rule(c))
    _advance(w, w.card(answer), c, own=False, rule="elephants.interp.advance-from-elsewhere")


def _repeater(w: World, ask: _Ask, c: Card) -> None:
    others = [x for x in w.here(c.owner) if x is not c]
    if not others:
        w.say(f"{c.owner} has no other active spell for {c.ref} to advance", _spell_rule(c))
        return
    answer = _value(ask(w, c.owner, "advance", [f"advance {x.ref}" for x in others], f"the spell {c.ref} advances", c))
    w.say(f"{c.ref} advances another active spell of {c.owner}", _spell_rule(c))
    _advance(w, w.card(answer), c, own=False)


def _gleam(w: World, ask: _Ask, c: Card) -> None:
    player = w.players[c.owner]
    done = 0
    while done < _n(c, "from_hand") and player.hand:
        options = ["advance none"] + [f"advance {n}" for n in dict.fromkeys(player.hand)]
        answer = _value(ask(w, c.owner, "advance", options, f"a spell of the hand for {c.ref} to advance", c))
        if answer == "none":
            break
        if not _advance_from_hand(w, c.owner, answer, c):
            break
        done += 1
    w.say(f"{c.ref} advances {plural(done, 'spell')} from {c.owner}'s hand", _spell_rule(c))


def _quake(w: World, ask: _Ask, c: Card) -> None:
    foes = w.enemies(c.owner)
    if not foes:
        w.say(f"{c.ref} has no enemy to name", "elephants.base.invulnerable")
        return
    foe = _value(ask(w, c.owner, "target", [f"target {e}" for e in foes], f"the enemy {c.ref} makes discard", c))
    _forced_discard(w, ask, c, foe)


def _forced_discard(w: World, ask: _Ask, c: Card, foe: str) -> None:
    hand = w.players[foe].hand
    if not hand:
        w.say(f"{foe} has no spell in hand to discard", _spell_rule(c))
        return
    pick = _value(
        ask(w, foe, "discard", [f"discard {n}" for n in dict.fromkeys(hand)], "the spell to discard from the hand", c)
    )
    hand.remove(pick)
    w.players[foe].pile.append(pick)
    w.say(f"{c.ref} makes {foe} discard a spell from their hand ({pick})", _spell_rule(c))
    w.say(f"{foe} picks it and discards it into their own pile", "elephants.interp.forced-discard")
    w.events.append(("discard-hand", foe, pick, c.ref))


def _grow(w: World, ask: _Ask, c: Card) -> None:
    per = len(_own(w, c, "any"))
    for pick in _either(w, ask, c, ["heal flat", "heal per-spell"], f"how {c.ref} heals"):
        _heal(w, c.owner, _n(c, "heal") if pick == "flat" else per, c)


def _prickle(w: World, ask: _Ask, c: Card) -> None:
    per = len(_own(w, c, "any"))
    for pick in _either(w, ask, c, ["damage flat", "damage per-spell"], f"how {c.ref} deals damage"):
        _strike(w, ask, c, _n(c, "damage") if pick == "flat" else per)


def _crepuscule(w: World, ask: _Ask, c: Card) -> None:
    for pick in _either(w, ask, c, ["choose damage", "choose heal"], f"what {c.ref} does"):
        if pick == "damage":
            _strike(w, ask, c, _n(c, "damage"))
        else:
            _heal(w, c.owner, _n(c, "heal"), c)


def _eventide(w: World, ask: _Ask, c: Card) -> None:
    for pick in _either(w, ask, c, ["choose cancel", "choose advance"], f"what {c.ref} does"):
        if pick == "cancel":
            pool = [x for x in w.here() if x is not c and _shield(w, x, c.owner) is None]
            if not pool:
                w.say(f"{c.ref} finds no spell it may cancel", _spell_rule(c))
                continue
            answer = _value(
                ask(w, c.owner, "cancel", [f"cancel {x.ref}" for x in pool], f"the spell {c.ref} cancels", c)
            )
            _cancel(w, w.card(answer), c, _spell_rule(c))
        else:
            hand = w.players[c.owner].hand
            if not hand:
                w.say(f"{c.owner} has no spell in hand to advance", _spell_rule(c))
                continue
            answer = _value(
                ask(
                    w,
                    c.owner,
                    "advance",
                    [f"advance {n}" for n in dict.fromkeys(hand)],
                    f"the spell {c.ref} advances",
                    c,
                )
            )
            _advance_from_hand(w, c.owner, answer, c)


def _daybreak(w: World, ask: _Ask, c: Card) -> None:
    for pick in _either(w, ask, c, ["choose recall", "choose discard"], f"what {c.ref} does"):
        if pick == "recall":
            mine = w.past(c.owner)
            if not mine:
                w.say(f"{c.owner} has no past spell to recall", _spell_rule(c))
                continue
            answer = _value(ask(w, c.owner, "recall", [f"recall {x.ref}" for x in mine], "the past spell recalled", c))
            _to_hand(w, w.card(answer), c.owner)
            w.say(f"{c.ref} recalls {answer} to {c.owner}'s hand", _spell_rule(c))
            w.say("A recall takes a spell into the hand", "elephants.base.discard-recall")
            w.events.append(("recall", answer, c.ref))
        else:
            theirs = [x for e in w.enemies(c.owner) for x in w.past(e)]
            if not theirs:
                w.say("No enemy has a past spell to discard", _spell_rule(c))
                continue
            answer = _value(
                ask(w, c.owner, "discard", [f"discard {x.ref}" for x in theirs], "the enemy's past spell discarded", c)
            )
            _to_pile(w, w.card(answer), c.owner)
            w.say(f"{c.ref} discards {answer} into {c.owner}'s own pile", _spell_rule(c))
            w.events.append(("discard-board", answer, c.owner, c.ref))
            w.say("A discarded enemy spell lands in the discarder's pile", "elephants.base.discard-recall")


def _constellation(w: World, ask: _Ask, c: Card) -> None:
    # The card list of 2025-09-09: one of its owner's active or past spells; itself last, as a last resort.
    mine = [x for x in w.here(c.owner) if x is not c] + w.past(c.owner) + ([c] if c in w.here(c.owner) else [])
    w.say(
        f"{c.ref} may recall one of {c.owner}'s active spells (itself included) or past spells",
        "elephants.interp.constellation-recall",
    )
    if not mine:
        w.say(f"{c.owner} has no active or past spell for {c.ref} to recall", _spell_rule(c))
        return
    answer = _value(
        ask(w, c.owner, "recall", [f"recall {x.ref}" for x in mine], f"the active or past spell {c.ref} recalls", c)
    )
    _to_hand(w, w.card(answer), c.owner)
    w.say(f"{c.ref} recalls {answer} to {c.owner}'s hand", _spell_rule(c))
    w.say("A recall takes a spell into the hand", "elephants.base.discard-recall")
    w.events.append(("recall", answer, c.ref))


def _reflect(w: World, ask: _Ask, c: Card) -> None:
    foes = [e for e in _with(w, c, "attack") if w.harmable(e)]
    if not foes:
        w.say(f"No enemy has an active attack spell: {c.ref} does nothing", _spell_rule(c))
    for e in foes:
        _damage(w, e, _n(c, "damage"), c)


def _familiar(w: World, ask: _Ask, c: Card) -> None:
    foes = [e for e in _with(w, c, "attack") if w.harmable(e)]
    if not foes:
        w.say(f"No enemy has an active attack spell: {c.ref} does nothing", _spell_rule(c))
    for e in foes:
        attacks = [x for x in w.here(e) if "attack" in _types(x)]
        best = max(attacks, key=lambda x: int(SPELLS[x.eff].get("damage", 1)))
        amount = int(SPELLS[best.eff].get("damage", 1))
        w.say(f"{c.ref} copies the damage of {best.ref}: {amount}", "elephants.interp.familiar-damage")
        _damage(w, e, amount, c)


def _dominion(w: World, ask: _Ask, c: Card) -> None:
    hit = False
    for e in w.enemies(c.owner):
        boosts = [x for x in w.here(e) if "boost" in _types(x)]
        if boosts:
            w.say(f"{e} has {plural(len(boosts), 'active boost spell')}", _spell_rule(c))
            _damage(w, e, _n(c, "damage") * len(boosts), c)
            hit = True
    if not hit:
        w.say(f"No enemy has an active boost spell: {c.ref} does nothing", _spell_rule(c))


def _enfeeble(w: World, ask: _Ask, c: Card) -> None:
    foes = [e for e in _with(w, c, "boost") if w.harmable(e)]
    for e in foes:
        w.say(f"{e} has an active boost spell: {c.ref} damages them", "elephants.interp.enfeeble-hits")
        _damage(w, e, _n(c, "damage"), c)
    c.met = bool(foes)
    w.say(
        f"{c.ref} {'dealt' if foes else 'dealt no'} damage, so it {'will' if foes else 'will not'} advance",
        "elephants.advance.enfeeble-if-damaged",
    )


def _punishment(w: World, ask: _Ask, c: Card) -> None:
    if _with(w, c, "boost"):
        w.say(f"An enemy has an active boost spell: {c.ref} acts", _spell_rule(c))
        c.met = True
        _strike(w, ask, c, _n(c, "damage"))
    else:
        w.say(f"No enemy has an active boost spell: {c.ref} does nothing", _spell_rule(c))
        c.met = False


def _absorb(w: World, ask: _Ask, c: Card) -> None:
    if _with(w, c, "attack"):
        w.say(f"An enemy has an active attack spell: {c.ref} acts", _spell_rule(c))
        _bolster(w, c.owner, _n(c, "bolster"), c)
        _heal(w, c.owner, _n(c, "heal"), c)
    else:
        w.say(f"No enemy has an active attack spell: {c.ref} does nothing", _spell_rule(c))


def _agonize(w: World, ask: _Ask, c: Card) -> None:
    w.say(
        f"{c.ref} has advanced {plural(c.adv, 'time')} this round; only its own advances count",
        "elephants.interp.agonize-condition",
    )
    if c.adv:
        c.met = True
        _strike(w, ask, c, _n(c, "damage"))
    else:
        c.met = False
        w.say(f"{c.ref} has not advanced: it does nothing", _spell_rule(c))


def _encumber(w: World, ask: _Ask, c: Card) -> None:
    foes = _with(w, c, "remedy")
    c.met = bool(foes)
    if not foes:
        w.say(f"No enemy has an active remedy spell: {c.ref} cancels nothing and will advance", _spell_rule(c))
        return
    for e in foes:
        w.say(f"{e} has an active remedy spell: {c.ref} cancels their spells", _spell_rule(c))
        _cancel_all(w, w.here(e), c, _spell_rule(c))


def _sap(w: World, ask: _Ask, c: Card) -> None:
    boosts = [x for e in _with(w, c, "boost") for x in w.here(e) if "boost" in _types(x)]
    pool = [x for x in boosts if _shield(w, x, c.owner) is None]
    if not boosts:
        w.say(f"No enemy has an active boost spell: {c.ref} does nothing", _spell_rule(c))
        return
    for x in boosts:
        if x not in pool:
            root = _shield(w, x, c.owner)
            w.say(
                f"{x.ref} is shielded by {root.ref if root else 'Root'}: it cannot be recalled",
                "elephants.root.protects",
            )
    if not pool:
        return
    answer = _value(ask(w, c.owner, "recall", [f"recall {x.ref}" for x in pool], f"the boost spell {c.ref} recalls", c))
    target = w.card(answer)
    _to_hand(w, target, c.owner)
    w.say(f"{c.ref} recalls {answer} into {c.owner}'s hand", _spell_rule(c))
    w.say("A recall takes a spell into the hand", "elephants.base.discard-recall")
    w.events.append(("recall", answer, c.ref))


def _shrine(w: World, ask: _Ask, c: Card) -> None:
    shown: list[str] = []
    for e in w.enemies(c.owner):
        hand = w.players[e].hand
        if not hand:
            continue
        pick = _value(ask(w, e, "show", [f"show {n}" for n in dict.fromkeys(hand)], f"the spell to show to {c.ref}", c))
        shown.append(f"{e}:{pick}")
        w.say(f"{e} shows {pick}", "elephants.interp.shrine")
    if not shown:
        w.say(f"No enemy has a spell in hand: {c.ref} takes nothing", _spell_rule(c))
        return
    answer = _value(ask(w, c.owner, "take", [f"take {s}" for s in shown], f"the shown spell {c.ref} takes", c))
    foe, name = answer.split(":")
    w.players[foe].hand.remove(name)
    w.players[c.owner].hand.append(name)
    w.say(f"{c.ref} takes {name} from {foe}'s hand into {c.owner}'s", _spell_rule(c))
    w.events.append(("take", answer, c.ref))


def _imitate(w: World, ask: _Ask, c: Card) -> None:
    pool = [x for x in w.here() if x.owner != c.owner]
    if not pool:
        w.say(f"No enemy spell is active: {c.ref} copies nothing", _spell_rule(c))
        return
    answer = _value(ask(w, c.owner, "copy", [f"copy {x.ref}" for x in pool], f"the enemy spell {c.ref} copies", c))
    c.copy = w.card(answer).eff
    c.resolved = False
    w.say(
        f"{c.ref} copies {answer}: priority {SPELLS[c.copy]['priority']}, its types and instructions",
        "elephants.spell.imitate",
    )
    w.say(f"{c.ref} now waits to resolve as {c.copy}", "elephants.interp.imitate")


def _gravitate(w: World, ask: _Ask, c: Card) -> None:
    if w.clash >= _CLASHES:
        w.say(
            f"In Clash {roman(_CLASHES)} Gravitate has no later clash: nothing moves",
            "elephants.gravitate.not-in-clash-iv",
        )
        return
    pool = [x for x in w.here() if x is not c]
    w.say(f"{c.ref} sends one active spell of the clash to a later clash", _spell_rule(c))
    if not pool:
        w.say(f"No other spell is active: {c.ref} moves nothing", "elephants.interp.gravitate-targets")
        return
    options = [f"move {x.ref}" for x in pool]
    may = w.options["gravitate-move"] == "may"
    if may:
        options.append("move none")
    w.say(
        "Gravitate's move is " + ("optional (gravitate-move=may)" if may else "compulsory"),
        "elephants.interp.gravitate-move",
    )
    answer = _value(ask(w, c.owner, "move", options, f"the spell {c.ref} moves", c))
    if answer == "none":
        w.say(f"{c.owner} moves nothing", "elephants.interp.gravitate-move")
        return
    target = w.card(answer)
    later = [f"to {roman(n)}" for n in range(w.clash + 1, _CLASHES + 1)]
    dest = clash_number(_value(ask(w, c.owner, "to", later, f"the clash {target.ref} goes to", c)))
    target.clash, target.resolved, target.met = dest, False, None
    w.say(
        f"{c.ref} moves {target.ref} from Clash {roman(w.clash)} to Clash {roman(dest)}",
        "elephants.gravitate.current-to-future",
    )
    w.say("Gravitate may move any active spell but itself", "elephants.interp.gravitate-targets")
    w.say(f"{target.ref} will not resolve or advance in Clash {roman(w.clash)}", "elephants.moved.not-here")
    w.events.append(("move", target.ref, dest, c.ref))


def _wormhole(w: World, ask: _Ask, c: Card) -> None:
    if w.clash >= _CLASHES:
        w.say(f"In Clash {roman(_CLASHES)} there is no later clash: {c.ref} moves nothing", "elephants.interp.wormhole")
    else:
        movable = {x.clash for x in w.board if x is not c and x.state != "cancelled"}
        sources = [n for n in range(1, _CLASHES + 1) if n in movable]
        if not sources:
            w.say(f"No spell to move: {c.ref} moves nothing", "elephants.interp.wormhole")
        else:
            src = int(_value(ask(w, c.owner, "from", [f"from {n}" for n in sources], f"the clash {c.ref} empties", c)))
            later = [f"to {roman(n)}" for n in range(w.clash + 1, _CLASHES + 1) if n != src]
            if not later:
                w.say(
                    f"No later clash other than Clash {roman(src)}: {c.ref} moves nothing", "elephants.interp.wormhole"
                )
            else:
                dest = clash_number(_value(ask(w, c.owner, "to", later, f"where {c.ref} sends them", c)))
                moved = [x for x in w.board if x.clash == src and x is not c and x.state != "cancelled"]
                for x in moved:
                    x.clash, x.resolved, x.met = dest, False, None
                    w.events.append(("move", x.ref, dest, c.ref))
                w.say(
                    f"{c.ref} moves {', '.join(x.ref for x in moved)} from Clash {roman(src)} to Clash {roman(dest)}",
                    "elephants.interp.wormhole",
                )
    if c in w.board:
        _to_pile(w, c, c.owner)
        w.say(f"{c.ref} goes to {c.owner}'s discard pile", _spell_rule(c))


def _illuminate(w: World, ask: _Ask, c: Card) -> None:
    top = LIMITS["illuminate_max"]
    w.say(
        f"Illuminate casts 0 to {top} extra spells, as its owner chooses",
        "elephants.optional.illuminate",
        "elephants.public.illuminate-card",
    )
    w.say("The sheet's two is followed, not the card list's one", "elephants.erratum.illuminate-count")
    _cast_extra(w, ask, c, top)


def _blood(w: World, ask: _Ask, c: Card, then: Callable[[], None]) -> None:
    answer = ask(w, c.owner, "blood", ["use", "pass"], f"whether to use {c.ref}", c)
    w.say(f"{c.ref} is a Blood spell: its owner may pass", "elephants.optional.blood")
    if answer == "pass":
        w.say(f"{c.owner} passes: no damage taken, no benefit", "elephants.optional.blood")
        c.met = False
        return
    c.met = True
    _damage(w, c.owner, _n(c, "self_damage"), c, "elephants.optional.blood")
    then()


def _offering(w: World, ask: _Ask, c: Card) -> None:
    _blood(w, ask, c, lambda: _strike(w, ask, c, _n(c, "damage")))


def _ritual(w: World, ask: _Ask, c: Card) -> None:
    def then() -> None:
        count = len(_own(w, c, "attack", others=False))
        w.say(f"{c.owner} has {plural(count, 'active attack spell')}", _spell_rule(c))
        _strike(w, ask, c, count, "weakening")

    _blood(w, ask, c, then)


def _overexert(w: World, ask: _Ask, c: Card) -> None:
    _blood(w, ask, c, lambda: _cast_extra(w, ask, c, _n(c, "extra")))


def _electrocute(w: World, ask: _Ask, c: Card) -> None:
    mine = [x for x in w.board if x.owner == c.owner and x is not c and (x.clash < w.clash or x in w.here())]
    cost = w.options["electrocute-cost"]
    w.say(
        "Electrocute is optional; its owner gives up one of their own spells first",
        "elephants.optional.electrocute",
        "elephants.public.electrocute-card",
    )
    w.say(
        "Its owner " + ("discards" if cost == "discard" else "recalls") + f" that spell (electrocute-cost={cost})",
        "elephants.interp.electrocute-cost",
    )
    if not mine:
        w.say(
            f"{c.owner} has no other spell on the board to give up: Electrocute cannot be used",
            "elephants.optional.electrocute",
        )
        c.met = False
        return
    if not w.enemies(c.owner):
        w.say(f"{c.ref} has no enemy to aim at", "elephants.base.invulnerable")
        c.met = False
        return
    if ask(w, c.owner, "use", ["use", "pass"], f"whether to use {c.ref}", c) == "pass":
        w.say(f"{c.owner} passes: nothing is given up or discarded", "elephants.optional.electrocute")
        c.met = False
        return
    c.met = True
    answer = _value(ask(w, c.owner, "give", [f"give {x.ref}" for x in mine], f"the spell given up for {c.ref}", c))
    given = w.card(answer)
    if cost == "discard":
        _to_pile(w, given, c.owner)
        w.say(f"{c.owner} discards {answer}", "elephants.optional.electrocute")
    else:
        _to_hand(w, given, c.owner)
        w.say(f"{c.owner} recalls {answer} to their hand", "elephants.public.electrocute-card")
    w.events.append(("give", answer, cost, c.ref))
    foe = _value(
        ask(w, c.owner, "target", [f"target {e}" for e in w.enemies(c.owner)], f"the enemy {c.ref} makes discard", c)
    )
    _forced_discard(w, ask, c, foe)


def _surge(w: World, ask: _Ask, c: Card) -> None:
    hand = w.players[c.owner].hand
    done = 0
    while done < _n(c, "most") and hand:
        options = ["discard none"] + [f"discard {n}" for n in dict.fromkeys(hand)]
        answer = _value(ask(w, c.owner, "discard", options, f"a spell of the hand to discard for {c.ref}", c))
        if answer == "none":
            break
        hand.remove(answer)
        w.players[c.owner].pile.append(answer)
        done += 1
    w.say(f"{c.owner} discards {plural(done, 'spell')} from their hand for {c.ref}", _spell_rule(c))
    if done:
        _strike(w, ask, c, _n(c, "damage") * done)


def _clap(w: World, ask: _Ask, c: Card) -> None:
    taken = False
    w.say(f"{c.ref} cancels one spell of each enemy with two or more active spells", _spell_rule(c))
    for e in w.enemies(c.owner):
        theirs = w.here(e)
        if len(theirs) < LIMITS["clap_min_active"]:
            w.say(
                f"{e} has {plural(len(theirs), 'active spell')}, fewer than 2: not affected", "elephants.clap.targets"
            )
            continue
        pool = [x for x in theirs if _shield(w, x, c.owner) is None]
        if len(pool) < len(theirs):
            w.say("Shielded spells count, but only an unshielded one can be taken", "elephants.interp.clap-count")
        answer = _value(
            ask(w, c.owner, "cancel", [f"cancel {x.ref}" for x in pool], f"{c.ref}'s cancel among {e}'s spells", c)
        )
        w.say(f"{e} has {len(theirs)} active spells: {c.ref} takes one", "elephants.clap.targets")
        taken = _cancel(w, w.card(answer), c, "elephants.clap.targets") or taken
    c.met = taken
    w.say(
        f"{c.ref} cancelled an enemy spell, so its owner's spells will advance"
        if taken
        else f"{c.ref} cancelled no enemy spell, so it advances nothing",
        "elephants.advance.clap-if-cancelled",
    )


def _stupefy(w: World, ask: _Ask, c: Card) -> None:
    foes = _with(w, c, "attack")
    w.say(f"{c.ref} damages each enemy with an active attack spell, then cancels those spells", _spell_rule(c))
    w.say("First effect in full, then the second", "elephants.resolve.effects-in-order")
    if not foes:
        w.say("No enemy has an active attack spell: Stupefy does nothing", "elephants.resolve.stupefy")
    for e in foes:
        if w.harmable(e):
            _damage(w, e, _n(c, "damage"), c, "elephants.resolve.stupefy")
    for e in foes:
        for x in [x for x in w.here(e) if "attack" in _types(x)]:
            _cancel(w, x, c, "elephants.interp.stupefy-cancels-attacks")


def _passive(w: World, ask: _Ask, c: Card) -> None:
    what = {
        "accelerator": "its owner's other spells resolve sooner while it is active",
        "root": "its owner's other spells in the clash are shielded while it is active",
        "break": "enemy spells cannot advance in this clash while it is active",
        "coalesce": "its owner's either-or spells do both while it is active",
    }[c.eff]
    w.say(f"{c.ref} resolves with no instruction of its own: {what}", _spell_rule(c))


EFFECTS: Mapping[str, Effect] = {
    "fireball": _fireball,
    "scorch": _scorch,
    "ignite": _ignite,
    "nourish": _nourish,
    "flow": _flow,
    "cleanse": _cleanse,
    "turbulence": _turbulence,
    "blow": _blow,
    "gust": _gust,
    "crush": _crush,
    "aftershocks": _aftershocks,
    "quake": _quake,
    "seed": _seed,
    "grow": _grow,
    "prickle": _prickle,
    "reinforce": _reinforce,
    "besiege": _besiege,
    "defend": _defend,
    "accelerator": _passive,
    "repeater": _repeater,
    "quickshot": _quickshot,
    "gravitate": _gravitate,
    "wormhole": _wormhole,
    "impact": _impact,
    "reflect": _reflect,
    "glare": _glare,
    "illuminate": _illuminate,
    "slumber": _slumber,
    "nightglow": _nightglow,
    "bedim": _bedim,
    "familiar": _familiar,
    "sap": _sap,
    "imitate": _imitate,
    "gleam": _gleam,
    "starfall": _starfall,
    "constellation": _constellation,
    "offering": _offering,
    "ritual": _ritual,
    "overexert": _overexert,
    "renew": _renew,
    "shrine": _shrine,
    "dominion": _dominion,
    "agonize": _agonize,
    "encumber": _encumber,
    "enfeeble": _enfeeble,
    "punishment": _punishment,
    "root": _passive,
    "absorb": _absorb,
    "bolts": _bolts,
    "electrocute": _electrocute,
    "surge": _surge,
    "clap": _clap,
    "break": _passive,
    "stupefy": _stupefy,
    "crepuscule": _crepuscule,
    "eventide": _eventide,
    "daybreak": _daybreak,
    "coalesce": _passive,
}
assert set(EFFECTS) == set(SPELLS), sorted(set(SPELLS) ^ set(EFFECTS))


# ---------------------------------------------------------------- units of play


def _trunk_losses(w: World) -> None:
    """After a spell has finished: players at 0 lose a trunk; the game or the round may end."""
    lost = False
    for p in w.order():
        player = w.players[p]
        if player.down or player.health > 0:
            continue
        lost = True
        if player.max_health <= 0:
            w.say(
                f"{p}'s maximum health was weakened to 0: that costs a trunk too",
                "elephants.interp.zero-from-any-cause",
            )
        player.trunks -= 1
        for card in [x for x in w.board if x.owner == p]:
            _to_pile(w, card, p)
        player.down = True
        low, high = LIMITS["trunk_health_low"], LIMITS["trunk_health_high"]
        player.max_health = min(high, max(low, player.max_health))
        player.health = player.max_health
        w.say(
            f"{p} is at 0: loses a trunk ({plural(player.trunks, 'trunk')} left), discards their spells on the "
            "board, and sits out the rest of the round",
            "elephants.base.health-zero",
        )
        w.say(f"{p} can no longer be targeted or cast spells this round", "elephants.base.invulnerable")
        w.say(f"{p}'s health starts again at {player.health}", "elephants.interp.trunk-loss-health")
        w.events.append(("trunk", p))
        if player.trunks <= 0:
            player.out = True
            w.say(f"{p} has no trunk left and is out of the game", "elephants.base.game-end")
    if not lost:
        return
    alive = [p for p in w.seats if not w.players[p].out]
    if len(alive) <= 1:
        w.winner = alive[0] if alive else None
        if alive:
            w.say(f"{alive[0]} is the last player with a trunk and wins", "elephants.base.game-end")
        else:
            w.say("The last trunks were lost together: the game is a draw", "elephants.interp.game-draw")
        w.step = ("over",)
        return
    standing = [p for p in w.order() if w.harmable(p)]
    if len(standing) <= 1:
        w.say(
            f"Only {', '.join(standing) or 'no one'} can still be harmed: the round ends at once",
            "elephants.base.round-ends-early",
        )
        w.step = ("endround",)


def _draft(w: World, ask: _Ask, i: int) -> None:
    order = w.order()
    p = order[i % len(order)]
    answer = _value(ask(w, p, "draft", [f"draft {s}" for s in w.deck], "a spell set to draft"))
    w.deck.remove(answer)
    w.players[p].hand.extend(SETS[answer])
    w.say(f"{p} drafts {answer}: {', '.join(SETS[answer])}", "elephants.base.setup")
    w.say("Every set is open to the draft", "elephants.interp.open-draft")
    if i == 0:
        w.say(f"The {len(SETS)} sets are those of the card list of 2025-09-09", "elephants.base.card-list")
    w.step = ("draft", i + 1) if i + 1 < len(order) * LIMITS["draft_rounds"] else ("form", 0)


def _form(w: World, ask: _Ask, i: int) -> None:
    order = w.order()
    p = order[i]
    player = w.players[p]
    kept = LIMITS["hand_start"]
    while len(player.hand) > kept:
        answer = _value(
            ask(w, p, "discard", [f"discard {n}" for n in player.hand], "a drafted spell to leave out of the hand")
        )
        player.hand.remove(answer)
        player.pile.append(answer)
        w.say(f"{p} puts {answer} into their discard pile", "elephants.base.setup")
    w.say(f"{p} keeps a hand of {plural(len(player.hand), 'spell')}", "elephants.base.setup")
    if i + 1 < len(order):
        w.step = ("form", i + 1)
    else:
        _start_clash(w)


def _start_clash(w: World) -> None:
    w.step = ("prepare", 0)


def _prepare(w: World, ask: _Ask, i: int) -> None:
    order = w.order()
    p = order[i]
    player = w.players[p]
    if i == 0:
        w.say(f"Round {w.round}, Clash {roman(w.clash)}: Prepare, in turn order", "elephants.base.round")
    if player.down:
        pass
    elif not player.hand:
        w.say(f"{p} has no spell in hand and prepares nothing", "elephants.interp.empty-hand-prepare")
    else:
        answer = _value(
            ask(w, p, "cast", [f"cast {n}" for n in player.hand], f"the spell to prepare for Clash {roman(w.clash)}")
        )
        player.hand.remove(answer)
        w.seq += 1
        w.board.append(Card(answer, p, w.clash, "prepared", w.seq))
        w.say(f"{p} prepares a spell face down in Clash {roman(w.clash)}", "elephants.base.round")
        w.events.append(("prepare", f"{p}:{answer}"))
    if i + 1 < len(order):
        w.step = ("prepare", i + 1)
    else:
        w.step = ("cast",)


def _cast(w: World) -> None:
    turned = [c for c in w.board if c.clash == w.clash and c.state == "prepared"]
    for c in turned:
        c.state = "active"
    waiting = [c for c in w.here() if c not in turned]
    text = f"Clash {roman(w.clash)} Cast: " + (", ".join(c.ref for c in turned) or "nothing") + " turned face up"
    if waiting:
        text += f"; {', '.join(c.ref for c in waiting)} arrived earlier"
    w.say(text, "elephants.base.round")
    w.step = ("resolve",)


def _resolve(w: World, ask: _Ask) -> None:
    seat = {p: i for i, p in enumerate(w.order())}
    waiting = []
    for c in w.here():
        eff = _priority(w, c)
        if not c.resolved and eff != _A:
            waiting.append((int(eff), seat.get(c.owner, 99), c.seq, c, eff))
    if not waiting:
        w.step = ("advance",)
        return
    waiting.sort(key=lambda t: t[:3])
    first = waiting[0]
    tied = [t[3] for t in waiting if t[0] == first[0] and t[1] == first[1]]
    c = first[3]
    if len(tied) > 1:
        answer = _value(
            ask(
                w,
                c.owner,
                "first",
                [f"first {x.name}" for x in tied],
                f"which of your spells at priority {first[0]} resolves first",
            )
        )
        c = next(x for x in tied if x.name == answer)
        w.say(f"{c.owner} picks {c.ref} among their spells at priority {first[0]}", "elephants.order.own-ties")
    eff = _priority(w, c)
    printed = SPELLS[c.eff]["priority"]
    if eff != printed:
        w.say(
            f"{c.ref} resolves (priority {printed}, {eff} with {c.owner}'s Accelerator)", "elephants.order.accelerator"
        )
    else:
        w.say(f"{c.ref} resolves (priority {eff})", "elephants.base.priority")
    if any(t[0] == int(eff) and t[3].owner != c.owner for t in waiting):
        w.say("Equal priority between players: the earlier in turn order goes first", "elephants.base.priority-tie")
    c.resolved = True
    EFFECTS[c.eff](w, ask, c)
    if c.resolved:
        c.times += 1
        w.history.append(c.ref)
        w.events.append(("resolve", c.ref))
    _trunk_losses(w)


def _advance_phase(w: World, ask: _Ask) -> None:
    seat = {p: i for i, p in enumerate(w.order())}
    start = sorted(w.here(), key=lambda c: (seat.get(c.owner, 99), c.seq))
    breakers = [c for c in start if c.eff == "break"]
    w.say(
        f"Clash {roman(w.clash)} Advance phase, judged on the board as it begins",
        "elephants.interp.advance-all-at-once",
    )
    # Priority A: the spells that act in the advance phase.
    for c in start:
        if c.state != "active" or c.clash != w.clash or SPELLS[c.eff]["priority"] != _A or c.resolved:
            continue
        w.say(f"{c.ref} acts now (priority A)", "elephants.base.priority-advance")
        c.resolved = True
        EFFECTS[c.eff](w, ask, c)
        c.times += 1
        w.history.append(c.ref)
    # The spells' own advance instructions.
    others = {c.owner: [x for x in start if x.owner == c.owner and x is not c] for c in start}
    attacks = [c for c in start if "attack" in _types(c)]
    clappers = []
    for c in start:
        if c.state != "active" or c.clash != w.clash:
            continue
        kind = SPELLS[c.eff]["advance"]
        needs = SPELLS[c.eff].get("advance_needs")
        if not kind:
            continue
        if kind == "friendly-if-hit":
            if c.met:
                clappers.append(c)
            else:
                w.say(
                    f"{c.ref} cancelled no enemy spell, so it advances nothing", "elephants.advance.clap-if-cancelled"
                )
            continue
        if kind == "self-if-hit" and not c.met:
            w.say(f"{c.ref} dealt no damage, so it does not advance", "elephants.advance.enfeeble-if-damaged")
            continue
        if kind == "self-unless-hit" and c.met:
            w.say(f"{c.ref} cancelled spells, so it does not advance", _spell_rule(c))
            continue
        if kind == "self-once" and c.self_adv >= LIMITS["self_advances_per_round"]:
            w.say(f"{c.ref} has already advanced itself this round", "elephants.advance.self-once")
            continue
        if needs == "another-own-active" and not others[c.owner]:
            w.say(f"{c.ref} advances only beside another active spell of {c.owner}", "elephants.public.nightglow-card")
            continue
        if needs == "another-attack-active" and not [x for x in attacks if x is not c]:
            w.say(f"{c.ref} advances only while another attack spell is active", _spell_rule(c))
            continue
        if needs == "discard-own-active":
            pool = [x for x in w.here(c.owner) if x is not c]
            if not pool or _blocked(w, c.owner, breakers) or w.clash >= _CLASHES:
                continue
            if ask(w, c.owner, "use", ["pass", "use"], f"whether to discard a spell to advance {c.ref}", c) == "pass":
                w.say(f"{c.owner} keeps their spells: {c.ref} stays", _spell_rule(c))
                continue
            answer = _value(
                ask(w, c.owner, "discard", [f"discard {x.ref}" for x in pool], f"the spell discarded for {c.ref}", c)
            )
            _to_pile(w, w.card(answer), c.owner)
            w.say(f"{c.owner} discards {answer} to advance {c.ref}", _spell_rule(c))
        if kind == "self-once":
            w.say(f"{c.ref} may advance itself once a round", "elephants.advance.self-once")
        elif kind == "self-if-hit":
            w.say(f"{c.ref} dealt damage, so it advances", "elephants.advance.enfeeble-if-damaged")
        else:
            w.say(f"{c.ref} has the advance icon", "elephants.base.advance-icon")
        _advance(w, c, c, own=True, breakers=breakers)
    for clap in clappers:
        w.say(
            f"{clap.ref} cancelled an enemy spell: its owner's active spells advance",
            "elephants.advance.clap-if-cancelled",
        )
        w.say(
            f"{clap.ref} advances every active spell of {clap.owner}, itself included",
            "elephants.interp.clap-advances-all",
        )
        for x in [x for x in start if x.owner == clap.owner]:
            if x.state == "active" and x.clash == w.clash:
                _advance(w, x, clap, own=x is clap, breakers=breakers)
    if w.clash < _CLASHES:
        w.clash += 1
        _start_clash(w)
    else:
        w.step = ("endround",)


def _end_round(w: World) -> None:
    seats = [p for p in w.seats if not w.players[p].out]
    if w.ringleader in seats:
        nxt = seats[(seats.index(w.ringleader) + 1) % len(seats)]
    else:  # the Ringleader went out: the token goes to the next seat still in
        start = w.seats.index(w.ringleader)
        nxt = next(p for p in w.seats[start + 1 :] + w.seats[:start] if not w.players[p].out)
    w.ringleader = nxt
    for card in list(w.board):
        _to_pile(w, card, card.owner)
    for player in w.players.values():
        player.down = False
    w.history.clear()
    w.say(
        f"End of round {w.round}: the Ringleader passes to {nxt}, and every spell on the board is discarded",
        "elephants.base.end-of-round",
    )
    w.step = ("refill", 0)


def _take_set(w: World, ask: _Ask, p: str, kind: str, rule: str, optional: bool) -> bool:
    if not w.deck:
        w.say(f"No spell set is left in the deck: {p} takes none", "elephants.interp.open-draft")
        return False
    options = [f"{kind} {s}" for s in w.deck] + ([f"{kind} none"] if optional else [])
    answer = _value(ask(w, p, kind, options, "the new spell set to take"))
    if answer == "none":
        w.say(f"{p} drafts no new set", rule)
        return False
    w.deck.remove(answer)
    w.players[p].hand.extend(SETS[answer])
    w.say(f"{p} takes the {answer} set: {', '.join(SETS[answer])}", rule)
    w.say("A new set is kept whole; the hand is then filled from the discard pile", "elephants.end.new-set")
    return True


def _refill(w: World, ask: _Ask, i: int) -> None:
    order = w.order()
    p = order[i]
    player = w.players[p]
    if not player.hand:
        w.say(f"{p}'s hand is empty: a new spell set comes to them", "elephants.end.empty-hand")
        _take_set(w, ask, p, "take", "elephants.end.empty-hand", optional=False)
    else:
        dropped = 0
        while player.hand:
            options = ["keep"] + [f"discard {n}" for n in dict.fromkeys(player.hand)]
            answer = ask(w, p, "keep", options, "a spell to discard from the hand, or keep")
            if answer == "keep":
                break
            name = _value(answer)
            player.hand.remove(name)
            player.pile.append(name)
            dropped += 1
        if dropped:
            w.say(f"{p} discards {plural(dropped, 'spell')} from their hand", "elephants.base.hand-refill")
        if not player.hand:
            w.say(f"{p} discarded their whole hand and may draft a new set", "elephants.end.discard-all")
            _take_set(w, ask, p, "draft", "elephants.end.discard-all", optional=True)
    full = w.max_hand(p)
    got = 0
    while len(player.hand) < full and player.pile:
        answer = _value(
            ask(w, p, "recall", [f"recall {n}" for n in dict.fromkeys(player.pile)], "a spell to recall to the hand")
        )
        player.pile.remove(answer)
        player.hand.append(answer)
        got += 1
    w.say(
        f"{p} recalls {plural(got, 'spell')}: a hand of {len(player.hand)} (maximum {full})",
        "elephants.base.end-of-round",
    )
    if i + 1 < len(order):
        w.step = ("refill", i + 1)
        return
    if w.round >= LIMITS["max_rounds"]:
        _round_limit(w)
        return
    w.round += 1
    w.clash = 1
    _start_clash(w)


def _round_limit(w: World) -> None:
    alive = [p for p in w.seats if not w.players[p].out]
    best = max((w.players[p].trunks, w.players[p].health) for p in alive)
    leaders = [p for p in alive if (w.players[p].trunks, w.players[p].health) == best]
    w.winner = leaders[0] if len(leaders) == 1 else None
    result = f"{leaders[0]} leads and wins" if w.winner else f"{' and '.join(leaders)} tie: a draw"
    w.say(f"Round {w.round} was the last the rulebook plays: {result}", "elephants.interp.game-draw")
    w.step = ("over",)


def _unit(w: World, ask: _Ask) -> None:
    """Carry out one unit of play from ``w.step``; it may ask for decisions (and so stop part-way)."""
    kind = w.step[0]
    if kind == "draft":
        _draft(w, ask, w.step[1])
    elif kind == "form":
        _form(w, ask, w.step[1])
    elif kind == "prepare":
        _prepare(w, ask, w.step[1])
    elif kind == "cast":
        _cast(w)
    elif kind == "resolve":
        _resolve(w, ask)
    elif kind == "advance":
        _advance_phase(w, ask)
    elif kind == "endround":
        _end_round(w)
    elif kind == "refill":
        _refill(w, ask, w.step[1])
    else:  # pragma: no cover - "over" never runs
        raise AssertionError(f"no unit for step {w.step!r}")


# ---------------------------------------------------------------- the state


@dataclass(frozen=True, eq=False)
class ElephantsState:
    """A whole game of Elemental Elephants at one decision (immutable); see the module's docstring.

    ``decision`` is what the game waits for (``None`` once it is over). Players are numbered from 0 in
    ``current_player``, and named P1, P2, ... everywhere else.
    """

    _checkpoint: tuple[Any, ...]
    _given: tuple[str, ...]
    _view: tuple[Any, ...]
    decision: Decision | None
    options: Options
    _said: int = 0

    # -- the protocol

    @property
    def current_player(self) -> int | None:
        """The player who decides next (0 for P1), or ``None`` when the game is over."""
        return None if self.decision is None else self.seats.index(self.decision.player)

    def legal_actions(self) -> tuple[str, ...]:
        """Every action the current player may take, in a fixed order."""
        return () if self.decision is None else self.decision.options

    def apply(self, action: str) -> Self:
        """The state after ``action``; an action that is not legal now is refused with the rule it breaks."""
        return self._next(action)[0]

    def explain(self, action: str) -> tuple[Self, Ruling]:
        """Like ``apply``, and also the ruling: what the action did and every step it set off."""
        state, steps = self._next(action)
        trace = [s for s in steps if s.rule]
        verdict = _verdict(self.decision, action, trace)
        cited = tuple(dict.fromkeys(r for s in trace for r in (s.rule, s.overrides) if r))
        return state, Ruling(verdict, {"action": action, "player": self.decision.player}, cited, tuple(trace), True)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.decision is None

    def winner(self) -> int | None:
        """The winning player (0 for P1), or ``None`` if the game is not over or is drawn."""
        if self.decision is not None:
            return None
        name = self._view[10]
        return None if name is None else self.seats.index(name)

    def returns(self) -> tuple[float, ...]:
        """+1 for the winner, and the losers share -1 equally; 0 each for a draw or an unfinished game."""
        n = len(self.seats)
        won = self.winner()
        if won is None:
            return tuple(0.0 for _ in range(n))
        return tuple(1.0 if i == won else -1.0 / (n - 1) for i in range(n))

    # -- equality: two states are equal when the same decision is pending on the same game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ElephantsState) and (self._checkpoint, self._given, self.options) == (
            other._checkpoint,
            other._given,
            other.options,
        )

    def __hash__(self) -> int:
        return hash((self._checkpoint, self._given))

    # -- reading the state

    @property
    def seats(self) -> tuple[str, ...]:
        """The players' names in seating order: P1, P2, ..."""
        return self._view[0]

    def world(self) -> World:
        """A copy of the game as it stands, as mutable objects (changing it does not change the state)."""
        return World.thaw(self._view, self.options)

    @property
    def round(self) -> int:
        """The round being played (from 1)."""
        return self._view[5]

    @property
    def clash(self) -> int:
        """The current clash of the round (1 to 4)."""
        return self._view[6]

    def player(self, name: str) -> Player:
        """A copy of one player's standing: health, maximum health, trunks, hand, discard pile."""
        return self.world().players[name]

    def render(self, viewer: str | None = None) -> str:
        """The game as text: each player's trunks and health, the board by clash, and ``viewer``'s hand.

        A spell prepared face down is shown as ``?`` to everyone but its owner.
        """
        return render(self.world(), viewer)

    # -- moving on

    def _next(self, action: str) -> tuple[ElephantsState, list[Step]]:
        if self.decision is None:
            raise IllegalActionError("the game is over: no action is legal", ["elephants.base.game-end"])
        if not isinstance(action, str) or action not in self.decision.options:
            listed = ", ".join(self.decision.options[:12]) + (", ..." if len(self.decision.options) > 12 else "")
            raise IllegalActionError(
                f"{action!r} is not a legal action now: {self.decision.player} decides {self.decision.prompt} "
                f"({listed})",
                ["elephants.interp.choices-are-actions"],
            )
        return _run(self._checkpoint, (*self._given, action), self.options, self._said)


def _run(
    checkpoint: tuple[Any, ...], given: tuple[str, ...], options: Options, said: int
) -> tuple[ElephantsState, list[Step]]:
    """Re-run the unit of play from ``checkpoint`` with the answers ``given``, then play on to the next decision."""
    w = World.thaw(checkpoint, options)
    skip = said
    while True:
        start = len(w.steps)
        try:
            _unit(w, _Ask(given))
        except _Need as need:
            state = ElephantsState(checkpoint, given, w.freeze(), need.decision, options, len(w.steps) - start)
            return state, w.steps[skip:]
        if w.over:
            frozen = w.freeze()
            return ElephantsState(frozen, (), frozen, None, options, 0), w.steps[skip:]
        checkpoint, given = w.freeze(), ()


def _verdict(decision: Decision | None, action: str, trace: list[Step]) -> str:
    assert decision is not None
    who = decision.player
    kind = action.partition(" ")[0]
    if kind == "cast":
        return f"{who} prepares a spell face down"
    first = next((s.text for s in trace), "")
    if kind in ("draft", "take") and first:
        return first
    return f"{who}: {action}" + (f"; {first}" if first and kind not in ("keep",) else "")


def new_game(players: int = 2, options: Mapping[str, object] | Options | None = None) -> ElephantsState:
    """A new game for ``players`` players (2 to 4), P1 the first Ringleader, every set in the deck.

    Examples:
        >>> game = new_game(3)
        >>> game.seats, game.decision.player, len(game.legal_actions())
        (('P1', 'P2', 'P3'), 'P1', 19)
    """
    from rulebook.reading import number

    count = number(players, "the number of players", low=2, high=4)
    opts = options if isinstance(options, Options) else _RULESET.options(options)
    w = World([f"P{n}" for n in range(1, count + 1)], opts)
    w.say("P1 holds the Ringleader token first", "elephants.interp.first-ringleader")
    state, _ = _run(w.freeze(), (), opts, 0)
    return state


def run_clash(w: World, chooser: Callable[[Decision, World], str], *, stop: Callable[[World], bool]) -> None:
    """Play on from ``w`` (changed in place), every decision made by ``chooser``, until ``stop(w)`` holds.

    The queries on a described board use it: [`resolve_clash`][rulebook.elephants.resolve_clash] plays one
    clash, [`play_round`][rulebook.elephants.play_round] a whole round.
    """
    ask = _Ask(chooser=chooser)
    while not w.over and not stop(w):
        _unit(w, ask)


def resolve_one(w: World, card: Card, chooser: Callable[[Decision, World], str]) -> None:
    """Resolve ``card`` alone, now, on ``w`` (changed in place), then take the trunks its damage costs."""
    card.resolved = True
    EFFECTS[card.eff](w, _Ask(chooser=chooser), card)
    if card.resolved:
        card.times += 1
        w.history.append(card.ref)
    _trunk_losses(w)


# ---------------------------------------------------------------- logs


def format_log(players: int, options: Mapping[str, str], moves: Iterable[tuple[str, str]]) -> str:
    """A game log as text: the players, the options that differ from the defaults, then one move a line.

    Examples:
        >>> print(format_log(2, {}, [("P1", "draft Thunder")]))
        # Elemental Elephants game log
        players 2
        P1 draft Thunder
    """
    lines = ["# Elemental Elephants game log", f"players {players}"]
    lines += [f"option {k}={v}" for k, v in options.items()]
    lines += [f"{who} {action}" for who, action in moves]
    return "\n".join(lines)


def parse_log(text: str) -> tuple[int, dict[str, str], list[tuple[str, str, int]]]:
    """Read a game log: the number of players, the options, and each move as (player, action, line number).

    Examples:
        >>> parse_log("players 3\\nP2 draft Fire")
        (3, {}, [('P2', 'draft Fire', 2)])
        >>> parse_log("players x")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 1: the number of players must be a whole number written with ...
    """
    from rulebook.reading import number, shown

    players: int | None = None
    options: dict[str, str] = {}
    moves: list[tuple[str, str, int]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(" ")
        if head == "players" and not moves:
            try:
                players = number(rest, "the number of players", low=2, high=4)
            except InvalidInputError as err:
                raise InvalidInputError(f"line {n}: {err}") from None
        elif head == "option" and not moves:
            name, sep, value = rest.partition("=")
            if not sep:
                raise InvalidInputError(f"line {n}: an option is written option NAME=VALUE, not {shown(rest[:40])!r}")
            options[name.strip()] = value.strip()
        elif len(head) == 2 and head[0] == "P" and head[1] in "123456789" and rest.strip():
            moves.append((head, " ".join(rest.split()), n))
        else:
            raise InvalidInputError(
                f"line {n}: expected 'players N', 'option NAME=VALUE' or a move such as 'P1 cast clap', "
                f"not {shown(line[:40])!r}"
            )
    if players is None:
        raise InvalidInputError("a game log starts with 'players N' (2 to 4)")
    return players, options, moves


def replay(text: str) -> tuple[ElephantsState, list[Ruling]]:
    """Replay a game log: the final state and the ruling of every move; an illegal move names its line.

    Examples:
        >>> state, rulings = replay("players 2\\nP1 draft Thunder\\nP2 draft Fire")
        >>> rulings[-1].verdict, state.decision.player
        ('P2 drafts Fire: fireball, scorch, ignite', 'P1')
    """
    players, options, moves = parse_log(text)
    state = new_game(players, options)
    rulings = []
    for who, action, n in moves:
        if state.decision is None:
            raise IllegalActionError(f"line {n}: the game is already over", ["elephants.base.game-end"])
        if who != state.decision.player:
            raise IllegalActionError(
                f"line {n}: it is {state.decision.player}'s decision ({state.decision.prompt}), not {who}'s",
                ["elephants.interp.choices-are-actions"],
            )
        try:
            state, ruling = state.explain(action)
        except IllegalActionError as err:
            raise IllegalActionError(f"line {n}: {err.reason}", err.rules) from None
        rulings.append(ruling)
    return state, rulings


# ---------------------------------------------------------------- text


def render(w: World, viewer: str | None = None) -> str:
    """The game as plain text (see [`render`][rulebook.elephants.game.ElephantsState.render])."""
    lines = [f"Round {w.round}, Clash {roman(w.clash)}; Ringleader {w.ringleader}; turn order {', '.join(w.order())}"]
    for p in w.seats:
        player = w.players[p]
        state = " (out)" if player.out else " (sits out this round)" if player.down else ""
        lines.append(
            f"  {p}: {plural(player.trunks, 'trunk')}, health {player.health}/{player.max_health}, "
            f"{plural(len(player.hand), 'spell')} in hand, {len(player.pile)} in the discard pile{state}"
        )
    for n in range(1, _CLASHES + 1):
        when = "past" if n < w.clash else "now" if n == w.clash else "to come"
        shown = []
        for c in sorted((c for c in w.board if c.clash == n), key=lambda c: c.seq):
            if c.state == "prepared" and c.owner != viewer:
                shown.append(f"{c.owner}:?")
                continue
            extra = " (cancelled)" if c.state == "cancelled" else " (face down)" if c.state == "prepared" else ""
            copy = f" as {c.copy}" if c.copy else ""
            shown.append(f"{c.ref}{copy}{extra}")
        lines.append(f"  Clash {roman(n)} ({when}): {', '.join(shown) or '-'}")
    if viewer is not None and viewer in w.players:
        hand = w.players[viewer].hand
        lines.append(f"  {viewer}'s hand: " + (", ".join(_describe(n) for n in hand) or "empty"))
    return "\n".join(lines)


def _describe(name: str) -> str:
    data = SPELLS[name]
    return f"{name} ({data['set']}, {data['priority']})"
