"""Elemental Clash: the state, the turn and the attack: the game as an engine.

Everything public here is re-exported by [`rulebook.clash`][rulebook.clash], the way to import it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, UnknownNameError, lookup
from rulebook.protocol import refused, refusing, two_sided_returns
from rulebook.reading import number, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.values import Frozen

__all__ = [
    "ABILITIES",
    "ELEMENTS",
    "PLAYERS",
    "STRENGTH",
    "Attack",
    "ClashState",
    "Defend",
    "Revive",
    "Side",
    "Turn",
    "fought_strengths",
    "new_game",
    "parse_log",
    "parse_turn",
    "position",
    "title",
]

_RULESET = _rules("clash")
_DATA: Mapping[str, Any] = _RULESET.data

#: The five elements, in the document's order.
ELEMENTS: tuple[str, ...] = tuple(_DATA["elements"])
#: Each element's printed strength.
STRENGTH: Mapping[str, int] = {e: v["strength"] for e, v in _DATA["elements"].items()}
#: Each element's ability.
ABILITY: Mapping[str, str] = {e: v["ability"] for e, v in _DATA["elements"].items()}
#: Each ability's data: its timing (``attack``, ``defend`` or ``turn``) and its rule ID.
ABILITIES: Mapping[str, Mapping[str, Any]] = _DATA["abilities"]
#: The players' names, by index: the player who moves first is P1.
PLAYERS: tuple[str, str] = ("P1", "P2")
#: The points of a finished game: for the victory, and for each element the winner still has in play.
SCORING: Mapping[str, int] = _DATA["scoring"]


def title(element: str) -> str:
    """An element's or an ability's name as a sentence writes it.

    Examples:
        >>> title("fire"), title("revive")
        ('Fire', 'Revive')
    """
    return element.capitalize()


def element(name: str) -> str:
    """The element called ``name`` (any case); an unknown name suggests the closest.

    Examples:
        >>> element("Fire")
        'fire'
        >>> element("fier")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown element 'fier' (did you mean 'fire'?); accepted: fire, ...
    """
    if name in STRENGTH:  # the common case, already canonical
        return name
    return lookup("element", name, ELEMENTS)


# ---------------------------------------------------------------- actions

# The classes below are frozen dataclasses with slots whose __init__ is written out, and whose other methods
# come from rulebook.values.Frozen, rather than generated, so that making them costs a command nothing
# measurable; tests/test_values.py checks them against the dataclasses Python would generate.
_set = object.__setattr__


@dataclass(init=False, repr=False, eq=False, slots=True)
class Attack(Frozen):
    """Attack ``target`` (an enemy element) with ``attacker``; ``ability`` declares the attacker's ability."""

    attacker: str
    target: str
    ability: bool = False

    def __init__(self, attacker: str, target: str, ability: bool = False) -> None:
        _set(self, "attacker", attacker)
        _set(self, "target", target)
        _set(self, "ability", ability)

    def __str__(self) -> str:
        return f"{self.attacker}{'+' if self.ability else ''} > {self.target}"


@dataclass(init=False, repr=False, eq=False, slots=True)
class Defend(Frozen):
    """The defender's answer to a declared attack: whether the defending element uses its ability."""

    ability: bool = False

    def __init__(self, ability: bool = False) -> None:
        _set(self, "ability", ability)

    def __str__(self) -> str:
        return "defend with ability" if self.ability else "defend"


@dataclass(init=False, repr=False, eq=False, slots=True)
class Revive(Frozen):
    """Use Ether's Revive instead of attacking, returning ``element`` to play."""

    element: str

    def __init__(self, element: str) -> None:
        _set(self, "element", element)

    def __str__(self) -> str:
        return f"revive {self.element}"


Action = Attack | Defend | Revive

# Every action is an immutable value, so each one is built once and shared (searches make millions).
_ATTACKS: Mapping[tuple[str, str, bool], Attack] = {
    (a, t, x): Attack(a, t, x) for a in ELEMENTS for t in ELEMENTS for x in (False, True)
}
_DEFENDS: tuple[Defend, Defend] = (Defend(False), Defend(True))
_REVIVES: Mapping[str, Revive] = {e: Revive(e) for e in ELEMENTS}


@dataclass(init=False, repr=False, eq=False, slots=True)
class Turn(Frozen):
    """A whole turn as the move log writes it: an attack with the defender's answer, or a revive."""

    action: Attack | Revive
    defend: Defend | None = None

    def __init__(self, action: Attack | Revive, defend: Defend | None = None) -> None:
        _set(self, "action", action)
        _set(self, "defend", defend)

    def __str__(self) -> str:
        if isinstance(self.action, Revive):
            return str(self.action)
        target = f"{self.action.target}{'+' if self.defend and self.defend.ability else ''}"
        return f"{self.action.attacker}{'+' if self.action.ability else ''} > {target}"


# ---------------------------------------------------------------- state


@dataclass(init=False, repr=False, eq=False, slots=True)
class Side(Frozen):
    """One player's elements: those in play, and those whose ability is spent."""

    in_play: frozenset[str] = frozenset(ELEMENTS)
    spent: frozenset[str] = frozenset()

    def __init__(self, in_play: frozenset[str] = frozenset(ELEMENTS), spent: frozenset[str] = frozenset()) -> None:
        _set(self, "in_play", in_play)
        _set(self, "spent", spent)

    @property
    def out(self) -> tuple[str, ...]:
        """The eliminated elements, in the document's order."""
        return tuple(e for e in ELEMENTS if e not in self.in_play)

    def has(self, element: str) -> bool:
        """Whether ``element`` is in play."""
        return element in self.in_play

    def can_use(self, element: str) -> bool:
        """Whether ``element``'s ability is still unused."""
        return element not in self.spent

    def describe(self) -> str:
        """The side as one line, e.g. ``Fire 3, Water 4 (Surge spent) | out: Air``."""

        def one(e: str, strength: bool) -> str:
            note = f" ({title(ABILITY[e])} spent)" if e in self.spent else ""
            return f"{title(e)}{' ' + str(STRENGTH[e]) if strength else ''}{note}"

        text = ", ".join(one(e, True) for e in ELEMENTS if e in self.in_play) or "no elements"
        if self.out:
            text += " | out: " + ", ".join(one(e, False) for e in self.out)
        return text

    def written(self) -> str:
        """The side in the one-line notation ``position`` reads: ``fire* water -ether*``.

        Examples:
            >>> Side(frozenset({"fire", "water"}), frozenset({"fire", "ether"})).written()
            'fire* water -ether*'
        """
        words = [e + ("*" if e in self.spent else "") for e in ELEMENTS if e in self.in_play]
        return " ".join(words + [f"-{e}*" for e in self.out if e in self.spent])

    def to_dict(self) -> dict[str, Any]:
        """The side as JSON-ready data."""
        return {
            "in_play": [e for e in ELEMENTS if e in self.in_play],
            "out": list(self.out),
            "spent": [ABILITY[e] for e in ELEMENTS if e in self.spent],
        }


#: Stands for "the game's default options" in ``ClashState(...)`` (the dataclass's default factory).
_DEFAULT_OPTIONS: Any = object()


@dataclass(init=False, repr=False, eq=False, slots=True)
class ClashState(Frozen):
    """A position: both sides, whose turn it is, any attack awaiting the defender, and the options.

    ``turn`` counts turns for display only; two positions that differ only in it are equal.
    """

    sides: tuple[Side, Side] = (Side(), Side())
    to_move: int = 0
    pending: Attack | None = None
    options: Options = field(default_factory=lambda: _RULESET.options())
    turn: int = field(default=1, compare=False)

    def __init__(
        self,
        sides: tuple[Side, Side] = (Side(), Side()),
        to_move: int = 0,
        pending: Attack | None = None,
        options: Options = _DEFAULT_OPTIONS,
        turn: int = 1,
    ) -> None:
        _set(self, "sides", sides)
        _set(self, "to_move", to_move)
        _set(self, "pending", pending)
        _set(self, "options", _RULESET.options() if options is _DEFAULT_OPTIONS else options)
        _set(self, "turn", turn)

    # -- the protocol ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The player who decides next: the defender while an attack awaits its answer."""
        if self.is_terminal():
            return None
        return 1 - self.to_move if self.pending else self.to_move

    def is_terminal(self) -> bool:
        """Whether a player has no elements left."""
        return not self.sides[0].in_play or not self.sides[1].in_play

    def winner(self) -> int | None:
        """The winner, or ``None`` for a game not over or drawn.

        Examples:
            >>> end = ClashState(sides=(Side(frozenset({"ether"})), Side(frozenset())), to_move=1)
            >>> PLAYERS[end.winner()]
            'P1'
        """
        if not self.is_terminal():
            return None
        alive = [bool(s.in_play) for s in self.sides]
        if any(alive):
            return alive.index(True)
        # Both sides emptied by one tie: the attacker is the player who has just moved.
        choice = self.options["last-elements-tie"]
        attacker = 1 - self.to_move
        return {"draw": None, "attacker-wins": attacker, "defender-wins": 1 - attacker}[choice]

    def returns(self) -> tuple[float, float]:
        """+1 for the winner, -1 for the loser; 0 each for a draw or an unfinished game."""
        return two_sided_returns(self.winner())

    def observation(self, player: int) -> str:
        """What ``player`` sees: the whole position, as Elemental Clash hides nothing (each side's elements and
        spent abilities are open).

        Examples:
            >>> new_game().observation(1) == str(new_game())
            True
        """
        if player not in (0, 1):
            raise InvalidInputError(f"player {player} of Elemental Clash: accepted: 0 (P1), 1 (P2)")
        return str(self)

    def legal_actions(self) -> list[Action]:
        """Every legal decision of the current player, in a fixed order.

        Examples:
            >>> len(new_game().legal_actions())  # 5 x 5 attacks, plus Blaze or Gale on 2 x 5 of them
            35
        """
        if self.is_terminal():
            return []
        if self.pending is not None:
            target = self.pending.target
            if self._may_use(1 - self.to_move, target, "defend"):
                return list(_DEFENDS)
            return [_DEFENDS[0]]
        me, them = self.sides[self.to_move], self.sides[1 - self.to_move]
        targets = [t for t in ELEMENTS if t in them.in_play]
        actions: list[Action] = []
        for a in ELEMENTS:
            if a not in me.in_play:
                continue
            special = self._may_use(self.to_move, a, "attack")
            for t in targets:
                actions.append(_ATTACKS[a, t, False])
                if special:
                    actions.append(_ATTACKS[a, t, True])
        if self._may_use(self.to_move, "ether", "turn"):
            actions.extend(_REVIVES[e] for e in me.out)
        return actions

    def apply(self, action: Action) -> Self:
        """The state after ``action``; an illegal action raises
        [`IllegalActionError`][rulebook.errors.IllegalActionError]."""
        return self._step(action, None)

    def explain(self, action: Action) -> tuple[Self, Ruling]:
        """The state after ``action`` and the ruling that explains what happened."""
        trace = Trace()
        if isinstance(action, Defend):
            self._enforce(action)
            after, strengths = self._resolve(action, trace)
            return after, trace.ruling(_verdict(self, action, after, strengths), legal=True)
        after = self._step(action, trace)
        return after, trace.ruling(_verdict(self, action, after), legal=True)

    # -- checks -----------------------------------------------------------------------

    def _may_use(self, player: int, elem: str, role: str) -> bool:
        side = self.sides[player]
        if elem not in side.in_play or elem in side.spent:
            return False
        return _timing_allows(ABILITY[elem], role, self.options)

    def refusal(self, action: Action) -> Ruling | None:
        """``None`` if ``action`` is legal here; else the ruling that refuses it, naming the forbidding rules.

        The one way Elemental Clash refuses an action: ``apply`` and ``explain`` raise
        [`IllegalActionError`][rulebook.errors.IllegalActionError] from it, and ``legal_actions`` agrees with it.

        Examples:
            >>> new_game().refusal(Attack("earth", "air")) is None
            True
            >>> print(new_game().refusal(Revive("fire")))
            illegal: P1 has no eliminated element to revive; Fire is in play
              1. illegal: P1 has no eliminated element to revive; Fire is in play  [clash.interp.revive-target]
        """
        found = self._forbidden(action)
        return None if found is None else refusing(*found)

    def _forbidden(self, action: Action) -> tuple[str, list[str]] | None:
        """Why ``action`` is illegal here and the rules that say so, or ``None`` (the fast path of searches)."""
        me = self.to_move
        if self.is_terminal():
            won, tie = self.winner(), not self.sides[0].in_play and not self.sides[1].in_play
            rules = ["clash.end.winner", "clash.interp.last-elements-tie"] if tie else ["clash.end.winner"]
            return "the game is over: " + ("a draw" if won is None else f"{PLAYERS[won]} won"), rules
        if isinstance(action, Defend):
            if self.pending is None:
                return "there is no declared attack to defend against", ["clash.turn.sequence"]
            return self._ability_forbidden(1 - me, self.pending.target, "defend") if action.ability else None
        if self.pending is not None:
            return (
                f"{PLAYERS[1 - me]} must first answer the declared attack ({self.pending})",
                ["clash.ability.declare-order"],
            )
        if isinstance(action, Attack):
            return self._attack_forbidden(action)
        if isinstance(action, Revive):
            return self._revive_forbidden(action)
        raise InvalidInputError(f"not an Elemental Clash action: {action!r}; accepted: Attack, Defend, Revive")

    def _attack_forbidden(self, action: Attack) -> tuple[str, list[str]] | None:
        me = self.to_move
        a, t = element(action.attacker), element(action.target)
        if not self.sides[me].has(a):
            return (
                f"{PLAYERS[me]}'s {title(a)} has been eliminated",
                ["clash.attack.attacker", "clash.attack.elimination"],
            )
        if not self.sides[1 - me].has(t):
            return (
                f"{PLAYERS[1 - me]}'s {title(t)} has been eliminated",
                ["clash.attack.target", "clash.attack.elimination"],
            )
        return self._ability_forbidden(me, a, "attack") if action.ability else None

    def _revive_forbidden(self, action: Revive) -> tuple[str, list[str]] | None:
        me = self.to_move
        side = self.sides[me]
        e = element(action.element)
        found = self._ability_forbidden(me, "ether", "turn")
        if found is None and side.has(e):
            return (
                f"{PLAYERS[me]} has no eliminated element to revive; {title(e)} is in play"
                if not side.out
                else f"{PLAYERS[me]}'s {title(e)} is in play; eliminated: {', '.join(map(title, side.out))}",
                ["clash.interp.revive-target"],
            )
        return found

    def _ability_forbidden(self, player: int, elem: str, role: str) -> tuple[str, list[str]] | None:
        ability = ABILITY[elem]
        rule = ABILITIES[ability]["rule"]
        who = f"{PLAYERS[player]}'s {title(elem)}"
        if role == "turn" and not self.sides[player].has(elem):
            return (
                f"Revive needs {PLAYERS[player]}'s Ether in play, and it has been eliminated",
                [rule, "clash.interp.revive-target"],
            )
        if not _timing_allows(ability, role, self.options):
            when = {
                "attack": "when attacking",
                "defend": "when defending",
                "turn": "on its owner's turn, instead of attacking",
            }
            timing = ABILITIES[ability]["timing"]
            rules = ["clash.ability.timing", rule]
            if ability == "gale":
                rules.append("clash.interp.gale-defends")
            return f"{who} cannot use {title(ability)} {when[role]}: it is used only {when[timing]}", rules
        if not self.sides[player].can_use(elem):
            return f"{who} has already used {title(ability)}", ["clash.ability.once", rule]
        return None

    def _enforce(self, action: Action) -> None:
        """Raise the error of the action's refusal, if it has one."""
        found = self._forbidden(action)
        if found is not None:
            raise refused(refusing(*found))

    # -- moves --------------------------------------------------------------------------

    def _next(self, sides: tuple[Side, Side], to_move: int, pending: Attack | None, turn: int) -> Self:
        """This position with its fields changed (the options stay): ``dataclasses.replace``, only faster."""
        return type(self)(sides, to_move, pending, self.options, turn)

    def _step(self, action: Action, trace: Trace | None) -> Self:
        self._enforce(action)
        me = self.to_move
        if isinstance(action, Attack):
            a, t = element(action.attacker), element(action.target)
            action = _ATTACKS[a, t, bool(action.ability)]
            if trace is not None:
                trace.add(
                    f"{PLAYERS[me]} attacks {PLAYERS[1 - me]}'s {title(t)} (strength {STRENGTH[t]}) "
                    f"with {title(a)} (strength {STRENGTH[a]})",
                    "clash.turn.sequence",
                )
                if action.ability:
                    trace.add(f"{PLAYERS[me]} declares {title(a)}'s {title(ABILITY[a])}", ABILITIES[ABILITY[a]]["rule"])
            return self._next(self.sides, me, action, self.turn)
        if isinstance(action, Defend):
            return self._resolve(action, trace)[0]
        e = element(action.element)
        side = self.sides[me]
        spent = side.spent | {"ether"}
        if trace is not None:
            trace.add(
                f"{PLAYERS[me]}'s Ether uses Revive instead of attacking: {title(e)} returns to play "
                f"at strength {STRENGTH[e]}",
                "clash.ability.revive",
            )
        if e in side.spent:
            if self.options.flag("revive-restores-ability"):
                spent = spent - {e}
                note = f"{title(e)}'s {title(ABILITY[e])} is unused again (option revive-restores-ability=yes)"
            else:
                note = f"{title(e)}'s {title(ABILITY[e])} stays spent"
            if trace is not None:
                restored = "clash.ability.once" if self.options.flag("revive-restores-ability") else None
                trace.add(note, "clash.interp.revived-ability", restored)
        new_side = Side(side.in_play | {e}, spent)
        sides = (new_side, self.sides[1]) if me == 0 else (self.sides[0], new_side)
        return self._next(sides, 1 - me, None, self.turn + 1)

    def _resolve(self, defend: Defend, trace: Trace | None) -> tuple[Self, tuple[int, int]]:
        """Resolve the pending attack; return the new state and the final (attack, defense) strengths.

        Without a trace (the fast path of searches) no step text is built; with one, every step is noted.
        """
        atk = self.pending
        assert atk is not None
        me, opp = self.to_move, 1 - self.to_move
        a, d = atk.attacker, atk.target
        a_ability = ABILITY[a] if atk.ability else None
        d_ability = ABILITY[d] if defend.ability else None
        note = trace.add if trace is not None else _ignore
        a_str, d_str = _strengths(a, d, a_ability, d_ability, PLAYERS[opp], note if trace is not None else None)
        fortified = d_ability == "fortify"
        lose_a = a_str <= d_str
        lose_d = a_str >= d_str
        if trace is not None:
            pa, pd = f"{PLAYERS[me]}'s {title(a)}", f"{PLAYERS[opp]}'s {title(d)}"
            _comparison_steps(a_str, d_str, pa, pd, fortified, note)
        if fortified:
            if lose_d:
                lose_d = False
                saved = "only the attacker is eliminated" if lose_a else "nothing is eliminated"
                outcome = "clash.attack.tie" if lose_a else "clash.attack.attacker-wins"
                note(f"Fortify keeps Earth in play: {saved}", "clash.interp.fortify-outcome", outcome)
            else:
                note("Fortify was not needed; it is spent all the same", "clash.interp.ability-without-effect")

        mine, theirs = self.sides[me], self.sides[opp]
        mine = Side(mine.in_play - {a} if lose_a else mine.in_play, mine.spent | {a} if a_ability else mine.spent)
        theirs = Side(
            theirs.in_play - {d} if lose_d else theirs.in_play, theirs.spent | {d} if d_ability else theirs.spent
        )
        sides = (mine, theirs) if me == 0 else (theirs, mine)
        after = self._next(sides, opp, None, self.turn + 1)
        if after.is_terminal() and trace is not None:
            _end_steps(after, bool(mine.in_play or theirs.in_play), self.options, note)
        return after, (a_str, d_str)

    # -- display --------------------------------------------------------------------------

    def __str__(self) -> str:
        lines = [f"{PLAYERS[i]}: {s.describe()}" for i, s in enumerate(self.sides)]
        if self.is_terminal():
            w = self.winner()
            lines.append("game over: " + ("draw" if w is None else f"{PLAYERS[w]} wins"))
        elif self.pending:
            lines.append(f"{PLAYERS[1 - self.to_move]} to answer {PLAYERS[self.to_move]}'s attack {self.pending}")
        else:
            lines.append(f"{PLAYERS[self.to_move]} to move (turn {self.turn})")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data."""
        w = self.winner()
        return {
            "P1": self.sides[0].to_dict(),
            "P2": self.sides[1].to_dict(),
            "to_move": None if self.is_terminal() else PLAYERS[self.to_move],
            "turn": self.turn,
            "over": self.is_terminal(),
            "winner": None if w is None else PLAYERS[w],
            "written": self.written(),
        }

    def written(self) -> str | None:
        """The position in the one-line notation `position` (and ``--at``) reads, the turn included, so a position
        kept as text is read back as it was; None while an attack awaits its answer or once the game is over.

        Examples:
            >>> position("earth* ether", "fire air", to_move="P2", turn=6).written()
            'P1: earth* ether / P2: fire air / P2 to move / turn 6'
        """
        if self.pending is not None or self.is_terminal():
            return None
        p1, p2 = (side.written() for side in self.sides)
        return f"P1: {p1} / P2: {p2} / {PLAYERS[self.to_move]} to move / turn {self.turn}"


def _ignore(text: str, rule: str | None = None, overrides: str | None = None) -> None:
    """Stands in for ``Trace.add`` when no trace is wanted (the fast path used by searches)."""


def fought_strengths(attacker: str, target: str, attacking: bool, defending: bool) -> tuple[int, int]:
    """The attack and defense strengths an attack is fought with, ``attacking`` and ``defending`` saying whether
    each side uses its element's ability.

    Examples:
        >>> fought_strengths("fire", "earth", True, True)
        (5, 5)
        >>> fought_strengths("fire", "water", False, False)
        (3, 4)
    """
    a_ability = ABILITY[attacker] if attacking else None
    d_ability = ABILITY[target] if defending else None
    return _strengths(attacker, target, a_ability, d_ability, "", None)


def _strengths(
    a: str, d: str, a_ability: str | None, d_ability: str | None, defender: str, note: Any | None
) -> tuple[int, int]:
    """The attack and defense strengths once the declared abilities act (noting each step when ``note`` is given).

    ``defender`` is the defending player's name.
    """
    a_str, d_str = STRENGTH[a], STRENGTH[d]
    if note is not None:
        if d_ability:
            note(f"{defender} declares {title(d)}'s {title(d_ability)}", ABILITIES[d_ability]["rule"])
        else:
            note(f"{defender}'s {title(d)}, the target, defends without an ability", "clash.interp.defender-is-target")
    if a_ability and d_ability == "surge":
        if note is not None:
            note(
                f"Surge cancels {title(a_ability)}: {title(a)}'s strength stays {a_str}",
                "clash.ability.surge",
                ABILITIES[a_ability]["rule"],
            )
            note(f"{title(a_ability)} is spent all the same", "clash.interp.spent-when-cancelled")
    elif d_ability == "surge":
        if note is not None:
            note("Surge has no ability to cancel; it is spent all the same", "clash.interp.ability-without-effect")
    elif a_ability == "blaze":
        a_str += ABILITIES["blaze"]["bonus"]
        if note is not None:
            note(f"Blaze: {title(a)}'s attack strength becomes {a_str}", "clash.ability.blaze")
    elif a_ability == "gale":
        a_str, d_str = d_str, a_str
        if note is not None:
            note(f"Gale swaps strengths: {title(a)} {a_str}, {title(d)} {d_str}", "clash.ability.gale")
    if d_ability == "gale":
        if a_ability and note is not None:
            note(
                f"{PLAYERS[1 - PLAYERS.index(defender)]}'s {title(a_ability)} took effect first, as it was declared "
                f"first; {defender}'s Gale comes second",
                "clash.interp.ability-order",
            )
        a_str, d_str = d_str, a_str
        if note is not None:
            note(
                f"Gale swaps strengths: {title(d)} {d_str}, {title(a)} {a_str} (option gale-defends=yes)",
                "clash.interp.gale-defends",
                "clash.ability.timing",
            )
    return a_str, d_str


def _comparison_steps(a_str: int, d_str: int, pa: str, pd: str, fortified: bool, note: Any) -> None:
    """The steps comparing the strengths: who the comparison eliminates (``pa`` attacks ``pd``)."""
    note(f"Attack strength {a_str} against defense strength {d_str}", "clash.attack.strength")
    if a_str > d_str:
        gone = f"which would eliminate {pd}" if fortified else f"so {pd} is eliminated"
        note(f"The attack is stronger, {gone}", "clash.attack.attacker-wins")
    elif a_str < d_str:
        note(f"The defense is stronger, so {pa} is eliminated", "clash.attack.defender-wins")
    else:
        gone = "which would eliminate both elements" if fortified else "so both elements are eliminated"
        note(f"A tie, {gone}", "clash.attack.tie")


def _end_steps(after: ClashState, one_left: bool, options: Options, note: Any) -> None:
    """The steps of a game that the attack has ended: who won, or the option deciding two empty sides."""
    w = after.winner()
    if not one_left:
        outcome = "the game is a draw" if w is None else f"{PLAYERS[w]} wins"
        note(
            f"Both players have lost their last element; {outcome} "
            f"(option last-elements-tie={options['last-elements-tie']})",
            "clash.interp.last-elements-tie",
        )
    else:
        assert w is not None
        note(f"{PLAYERS[1 - w]} has no elements left: {PLAYERS[w]} wins", "clash.end.winner")


def _timing_allows(ability: str, role: str, options: Options) -> bool:
    timing = ABILITIES[ability]["timing"]
    return timing == role or (ability == "gale" and role == "defend" and options.flag("gale-defends"))


def _verdict(before: ClashState, action: Action, after: ClashState, strengths: tuple[int, int] = (0, 0)) -> str:
    if isinstance(action, Attack):
        return f"{PLAYERS[before.to_move]} declares {action}; {PLAYERS[1 - before.to_move]} to answer"
    if isinstance(action, Revive):
        return f"{PLAYERS[before.to_move]} revives {title(element(action.element))}"
    atk = before.pending
    assert atk is not None
    me, opp = before.to_move, 1 - before.to_move
    gone = [f"{PLAYERS[me]}'s {title(atk.attacker)}"] if not after.sides[me].has(atk.attacker) else []
    if not after.sides[opp].has(atk.target):
        gone.append(f"{PLAYERS[opp]}'s {title(atk.target)}")
    what = (
        " and ".join(gone) + (" are" if len(gone) == 2 else " is") + " eliminated" if gone else "nothing is eliminated"
    )
    text = f"{what[0].upper()}{what[1:]} ({strengths[0]} against {strengths[1]})"
    if after.is_terminal():
        w = after.winner()
        text += "; game over: " + ("draw" if w is None else f"{PLAYERS[w]} wins")
    return text


# ---------------------------------------------------------------- the public helpers


def new_game(options: Mapping[str, object] | Options | None = None, /, **more: object) -> ClashState:
    """The opening position, with rules options (named as in ``rulebook rules clash``; defaults otherwise).

    Examples:
        >>> new_game(gale_defends=True).options["gale-defends"]
        'yes'
    """
    opts = options if isinstance(options, Options) and not more else _RULESET.options(options, **more)
    return ClashState(options=opts)


def position(
    p1: str,
    p2: str,
    to_move: str = "P1",
    options: Mapping[str, object] | Options | None = None,
    turn: int | None = None,
) -> ClashState:
    """Set up a position from each side's elements in play.

    A side is written as element names separated by spaces or commas. ``fire*`` is in play with its
    ability spent. An element not listed is eliminated; ``-fire*`` lists an eliminated element whose
    ability is spent (it matters only if Revive brings it back). P1 moved first and turns alternate, so P1
    moves on odd turns and P2 on even ones; ``turn`` defaults to the first such turn (1 or 2).

    Examples:
        >>> print(position("earth* ether fire*", "fire earth", to_move="P2"))
        P1: Fire 3 (Blaze spent), Earth 5 (Fortify spent), Ether 1 | out: Water, Air
        P2: Fire 3, Earth 5 | out: Water, Air, Ether
        P2 to move (turn 2)
    """
    sides = []
    for player, text in zip(PLAYERS, (p1, p2), strict=True):
        in_play: set[str] = set()
        spent: set[str] = set()
        named: set[str] = set()
        for token in text.replace(",", " ").split():
            out = token.startswith("-")
            name = element(token.strip("-*"))
            if name in named:
                raise InvalidInputError(f"{player}'s {title(name)} is listed twice; list each element once")
            named.add(name)
            if not out:
                in_play.add(name)
            if token.endswith("*"):
                spent.add(name)
        sides.append(Side(frozenset(in_play), frozenset(spent)))
    mover = to_move.strip().upper()
    if mover not in PLAYERS:
        raise UnknownNameError("player", to_move, PLAYERS)
    index = PLAYERS.index(mover)
    if turn is None:
        turn = index + 1
    elif turn < 1 or (turn - 1) % 2 != index:
        raise InvalidInputError(
            f"turn {turn} is not {mover}'s: P1 moves first and turns alternate, so P1 moves on odd turns "
            "and P2 on even ones"
        )
    opts = new_game(options).options
    return ClashState((sides[0], sides[1]), index, None, opts, turn)


# Read after whitespace runs are made single spaces (see parse_turn), so no two ``\s*`` can share a
# run and the pattern cannot backtrack over long ones.
_TURN = re.compile(
    r"(?:(?P<num>[0-9]+) ?\. ?)?(?:(?P<revive>revive) (?P<back>\S+)"
    r"|(?P<a>[^\s+>]+) ?(?P<ap>\+ ?(?P<an>[a-z]*))? ?> ?(?P<d>[^\s+>]+) ?(?P<dp>\+ ?(?P<dn>[a-z]*))?)",
    re.IGNORECASE,
)

_FORMAT = "'ATTACKER[+] > TARGET[+]' (e.g. 'fire+ > water') or 'revive ELEMENT'"
#: The highest turn number a log may write: far above the longest game (``turns_left_at_most``).
MAX_TURNS = 1000


def _quoted(text: str, most: int = 60) -> str:
    """``text`` quoted for a message: stripped, escaped, and cut to ``most`` characters."""
    text = text.strip()
    return repr(shown(text if len(text) <= most else text[:most] + "…"))


def parse_turn(text: str) -> Turn:
    """Read one turn of the move-log notation.

    A ``+`` may be followed by the ability's name as a check (``fire+blaze > water``).

    Examples:
        >>> parse_turn("fire+ > water+")
        Turn(action=Attack(attacker='fire', target='water', ability=True), defend=Defend(ability=True))
        >>> parse_turn("Revive Fire")
        Turn(action=Revive(element='fire'), defend=None)
        >>> parse_turn("fire+gale > water")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: 'fire+gale': Fire's ability is Blaze, not 'gale'
    """
    m = _TURN.fullmatch(" ".join(text.split()))
    if not m:
        raise InvalidInputError(f"cannot read the turn {_quoted(text)}; write {_FORMAT}")
    if m["revive"]:
        return Turn(Revive(element(m["back"])))
    a, d = element(m["a"]), element(m["d"])
    for elem, named in ((a, m["an"]), (d, m["dn"])):
        if named and named.lower() != ABILITY[elem]:
            raise InvalidInputError(
                f"'{elem}+{named}': {title(elem)}'s ability is {title(ABILITY[elem])}, not {named!r}"
            )
    return Turn(Attack(a, d, bool(m["ap"])), Defend(bool(m["dp"])))


def parse_log(text: str) -> list[tuple[int, Turn]]:
    """Read a whole move log into ``(line number, turn)`` pairs; blank lines and ``#`` comments are skipped.

    Turn numbers, where given, must count up from 1.

    Examples:
        >>> [str(t) for _, t in parse_log("# opening\\n1. fire+ > water+\\n2. earth > air")]
        ['fire+ > water+', 'earth > air']
    """
    turns: list[tuple[int, Turn]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            turn = parse_turn(line)
        except InvalidInputError as err:
            raise InvalidInputError(f"line {lineno}: {err}") from None
        m = _TURN.fullmatch(" ".join(line.split()))
        if m and m["num"]:
            expected = len(turns) + 1
            try:
                given = number(m["num"], "the turn number", high=MAX_TURNS)
            except InvalidInputError as err:
                raise InvalidInputError(f"line {lineno}: {err}; it should be {expected}") from None
            if given != expected:
                raise InvalidInputError(f"line {lineno}: turn number {given} should be {expected}")
        turns.append((lineno, turn))
    return turns
