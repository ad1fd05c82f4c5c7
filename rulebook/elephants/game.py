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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Self

from rulebook.elephants.rounds import play_unit, trunk_losses
from rulebook.elephants.spells import EFFECTS
from rulebook.elephants.tables import CLASHES, RULESET, SETS, SPELLS, describe, roman
from rulebook.elephants.world import Ask, Card, Decision, Need, Player, World
from rulebook.errors import IllegalActionError, InvalidInputError, RulebookError, closest, did_you_mean
from rulebook.records import Options
from rulebook.ruling import Ruling, Step
from rulebook.wording import plural

__all__ = [
    "SETS",
    "SPELLS",
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

    def ending(self) -> str:
        """How a finished game ended, in words: 'P1 won in round 5', or 'a draw in round 30'.

        Examples:
            >>> new_game().ending()
            'not over yet (round 1)'
        """
        if self.decision is not None:
            return f"not over yet (round {self.round})"
        won = self.winner()
        return f"a draw in round {self.round}" if won is None else f"{self.seats[won]} won in round {self.round}"

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

    # -- the contract: one way to refuse, and what a player may see

    def refusal(self, action: str) -> Ruling | None:
        """``None`` when ``action`` is legal now; else the ruling that refuses it, naming the rules that forbid it.

        This is the one way the game refuses an action: ``apply`` and ``explain`` raise
        [`IllegalActionError`][rulebook.errors.IllegalActionError] from it, and ``legal_actions`` lists exactly
        the actions it lets through.

        Examples:
            >>> state = new_game()
            >>> state.refusal("draft Fire") is None
            True
            >>> refused = state.refusal("draft Nowhere")
            >>> refused.legal, refused.rules
            (False, ('elephants.interp.choices-are-actions',))
            >>> refused.verdict
            "'draft Nowhere' is not a legal action now: P1 decides a spell set to draft (draft Fire, ...)"
        """
        if self.decision is None:
            reason, rule = f"the game is over ({self.ending()}): no action is legal", "elephants.base.game-end"
        elif isinstance(action, str) and action in self.decision.options:
            return None
        else:
            options = self.decision.options
            listed = ", ".join(options[:12]) + (", ..." if len(options) > 12 else "")
            who, what = self.decision.player, self.decision.prompt
            near = _near(action, options) if isinstance(action, str) else []
            hint = did_you_mean(near)
            reason = f"{action!r} is not a legal action now{hint}: {who} decides {what} ({listed})"
            rule = "elephants.interp.choices-are-actions"
        return Ruling(reason, {"action": action, "legal": False}, (rule,), (Step(reason, rule),), False)

    def observation(self, player: int) -> str:
        """What ``player`` (0 for P1) may see, as text: every player's trunks, health and the number of spells in
        their hand and pile, the board by clash with spells prepared face down by others shown as ``?``, and
        their own hand.

        Examples:
            >>> state = new_game().apply("draft Thunder").apply("draft Fire")
            >>> "P1's hand" in state.observation(0), "fireball" in state.observation(0)
            (True, False)
        """
        return render(self.world(), self.seats[player])

    # -- moving on

    def _next(self, action: str) -> tuple[ElephantsState, list[Step]]:
        refused = self.refusal(action)
        if refused is not None:
            raise IllegalActionError(refused.verdict, refused.rules)
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
            play_unit(w, Ask(given))
        except Need as need:
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
    opts = options if isinstance(options, Options) else RULESET.options(options)
    w = World([f"P{n}" for n in range(1, count + 1)], opts)
    w.say("P1 holds the Ringleader token first", "elephants.interp.first-ringleader")
    state, _ = _run(w.freeze(), (), opts, 0)
    return state


def run_clash(w: World, chooser: Callable[[Decision, World], str], *, stop: Callable[[World], bool]) -> None:
    """Play on from ``w`` (changed in place), every decision made by ``chooser``, until ``stop(w)`` holds.

    The queries on a described board use it: [`resolve_clash`][rulebook.elephants.resolve_clash] plays one
    clash, [`play_round`][rulebook.elephants.play_round] a whole round.
    """
    ask = Ask(chooser=chooser)
    while not w.over and not stop(w):
        play_unit(w, ask)


def resolve_one(w: World, card: Card, chooser: Callable[[Decision, World], str]) -> None:
    """Resolve ``card`` alone, now, on ``w`` (changed in place), then take the trunks its damage costs."""
    card.resolved = True
    EFFECTS[card.eff](w, Ask(chooser=chooser), card)
    if card.resolved:
        card.times += 1
        w.history.append(card.ref)
    trunk_losses(w)


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
        elif head in ("players", "option") and moves:
            raise InvalidInputError(
                f"line {n}: {shown(line[:40])!r} comes after a move: the players and the options open the log, "
                "before the first move"
            )
        elif head == "option":
            name, sep, value = rest.partition("=")
            if not sep:
                raise InvalidInputError(f"line {n}: an option is written option NAME=VALUE, not {shown(rest[:40])!r}")
            try:  # a bad option names its line
                RULESET.option(name.strip()).parse(value.strip())
            except RulebookError as err:
                raise InvalidInputError(f"line {n}: {err}") from None
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
            rules = ["elephants.base.game-end"] + (["elephants.interp.game-draw"] if state.winner() is None else [])
            raise IllegalActionError(f"line {n}: the game is already over: {state.ending()}", rules)
        if who != state.decision.player:
            raise IllegalActionError(
                f"line {n}: it is {state.decision.player}'s decision ({state.decision.prompt}), not {who}'s",
                ["elephants.interp.choices-are-actions"],
            )
        refused = state.refusal(action)
        if refused is not None:
            raise IllegalActionError(f"line {n}: {refused.verdict}", refused.rules)
        state, ruling = state.explain(action)
        rulings.append(ruling)
    return state, rulings


def _near(action: str, options: Iterable[str]) -> list[str]:
    """The legal actions closest to a mistyped ``action``, best first: with the same first word (``cast``,
    ``draft``...), the rest compared; else the whole action.

    Examples:
        >>> _near("draft Fier", ["draft Fire", "draft Wind", "draft Time"])
        ['draft Fire']
        >>> _near("draft Nowhere", ["draft Fire", "draft Wind"])
        []
        >>> _near("cast crepuscul", ["cast reflect", "cast crepuscule"])
        ['cast crepuscule']
    """
    verb, _, rest = " ".join(action.split()).partition(" ")
    same = {o.partition(" ")[2]: o for o in options if o.partition(" ")[0].lower() == verb.lower()}
    if rest and same:
        return [same[r] for r in closest(rest, same, n=2)]
    return closest(action, options, n=2)


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
    for n in range(1, CLASHES + 1):
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
        lines.append(f"  {viewer}'s hand: " + (", ".join(describe(n) for n in hand) or "empty"))
    return "\n".join(lines)
