"""Elemental Elephants' whole game, its mutable world: the cards on the board, the players, the decisions a
unit of play asks for, and the readings every effect shares (a card's types and priority, Root's shield).

A unit of play changes a [`World`][rulebook.elephants.world.World], then it is frozen into the immutable
state of ``rulebook.elephants.game``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from rulebook.elephants.tables import LIMITS, PRIORITY_A, SETS, SPELLS
from rulebook.errors import InvalidInputError
from rulebook.records import Options
from rulebook.ruling import Step

__all__ = ["Ask", "Card", "Decision", "Need", "Player", "World", "picked", "priority_of", "shield_of", "spell_types"]


class Decision(NamedTuple):
    """What the game waits for: who decides, the kind of decision, the actions to choose from, and why."""

    player: str
    kind: str
    options: tuple[str, ...]
    prompt: str
    about: str | None = None  # the spell whose effect asks, as OWNER:NAME


class Need(Exception):
    """Raised inside a unit of play when a decision is needed that has not been given yet."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision


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
        """How the card is named: ``P1:stupefy``."""
        return f"{self.owner}:{self.name}"

    @property
    def eff(self) -> str:
        """The spell whose data and instructions apply: itself, or the spell an Imitate copies."""
        return self.copy or self.name

    def freeze(self) -> tuple[Any, ...]:
        """The card as an immutable tuple (``Card(*frozen)`` makes it again)."""
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
        """The player as an immutable tuple (``Player(*frozen)`` makes them again)."""
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
        """The whole world as an immutable tuple, for the state and its equality."""
        players = self.players
        return (
            self.seats,
            tuple([players[s].freeze() for s in self.seats]),
            tuple(self.deck),
            tuple([c.freeze() for c in self.board]),
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
        """A world made again from ``freeze``, with no steps or events yet."""
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
        """Write a step of the trace: what happened, and the rule behind it (and the one it overrides)."""
        self.steps.append(Step(text, rule, overrides))

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.step[0] == "over"

    def order(self) -> list[str]:
        """Players still in the game, in turn order from the Ringleader."""
        start = self.seats.index(self.ringleader)
        seats = self.seats[start:] + self.seats[:start]
        return [p for p in seats if not self.players[p].out]

    def harmable(self, p: str) -> bool:
        """Whether ``p`` can be targeted or harmed now: still in the game and not down this round."""
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
        """``owner``'s spells left in clashes before the current one (cancelled or not)."""
        return [c for c in self.board if c.owner == owner and c.clash < self.clash]

    def card(self, ref: str) -> Card:
        """The spell on the board named ``OWNER:NAME``."""
        for c in self.board:
            if c.ref == ref:
                return c
        raise KeyError(ref)

    def max_hand(self, p: str) -> int:
        """``p``'s maximum hand size: 4, and one more per trunk lost."""
        lost = LIMITS["trunks"] - self.players[p].trunks
        return LIMITS["hand_size"] + LIMITS["hand_size_per_lost_trunk"] * lost


def spell_types(c: Card) -> Sequence[str]:
    """The types of the spell ``c`` acts as (its own, or those an Imitate copied)."""
    return SPELLS[c.eff]["types"]


def priority_of(w: World, c: Card) -> int | str:
    """The priority ``c`` resolves at: printed (or copied), sped up by its owner's active Accelerator."""
    printed = SPELLS[c.eff]["priority"]
    if printed == PRIORITY_A or c.eff == "accelerator":
        return printed
    owner, clash = c.owner, w.clash
    if any(
        x.clash == clash and x.state == "active" and x.owner == owner and x.eff == "accelerator" and x is not c
        for x in w.board
    ):
        return max(LIMITS["accelerator_floor"], int(printed) - LIMITS["accelerator_speedup"])
    return printed


def shield_of(w: World, target: Card, by: str) -> Card | None:
    """The active Root that keeps ``by``'s effects from cancelling, recalling or discarding ``target``."""
    if target.owner == by or target.clash != w.clash or target.state != "active":
        return None
    for x in w.here(target.owner):
        if x.eff == "root" and x is not target:
            return x
    return None


class Ask:
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
        raise Need(decision)


def picked(answer: str) -> str:
    """The value of an action: ``target P2`` gives ``P2``."""
    return answer.split(" ", 1)[1] if " " in answer else answer
