"""Elemental Elephants: a described clash or round played out with the whole-game engine: the board made a
game in the middle of its Resolve phase, the players' choices given by spell, each clash summed up.

Everything public is re-exported by [`rulebook.elephants`][rulebook.elephants], the way to import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from rulebook.elephants.board import ROUND_SHAPE, Board, Spell, board, check_cards, parse_spell, seat_note, seated
from rulebook.elephants.game import run_clash
from rulebook.elephants.rounds import play_unit
from rulebook.elephants.tables import CLASHES, LIMITS, SETS, SPELLS, clash_number, is_player, roman
from rulebook.elephants.world import Ask, Card, Decision, World, shield_of
from rulebook.errors import IllegalActionError, InvalidInputError, UnknownNameError
from rulebook.reading import parse_toml, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.shapes import check_shape

__all__ = [
    "chooser",
    "clash_summary",
    "copy_steps",
    "health_now",
    "next_clash",
    "parse_round",
    "play_round",
    "resolve_clash",
    "to_world",
]


def to_world(b: Board) -> World:
    """The board as the game engine's world, in the middle of the current clash's Resolve phase."""
    seats = list(b.seats) or [f"P{n}" for n in range(1, b.players + 1)]
    w = World(seats, b.options)
    w.ringleader = b.ringleader
    w.clash = b.current
    w.step = ("resolve",)
    used: set[str] = set()
    for p in seats:
        player = w.players[p]
        player.health = b.health_of(p)
        player.max_health = b.max_health.get(p, max(LIMITS["health"], player.health))
        player.health = min(player.health, player.max_health)
        player.down = p in b.invulnerable
        player.hand = list(b.hands.get(p, ()))
        player.pile = list(b.piles.get(p, ()))
        used.update(SPELLS[n]["set"] for n in [*player.hand, *player.pile])
    history = list(b.history)
    for seq, s in enumerate(b.spells, 1):
        used.add(SPELLS[s.name]["set"])
        past = s.clash < b.current
        clash = s.moved_to if s.state == "moved" and s.moved_to else s.clash
        state = "cancelled" if s.state == "cancelled" else "active"
        earlier = s.ref in b.history or s.advanced > 0 or (past and s.state == "active")
        if (s.resolved or (past and s.state == "active")) and s.ref not in history:
            history.append(s.ref)
        resolved = (s.resolved or past) and s.state != "moved"
        card = Card(s.name, s.owner, clash, state, seq, resolved, s.advanced, s.advanced, s.hit, None, int(earlier))
        w.board.append(card)
    w.history = history
    w.seq = len(b.spells)
    w.deck = [k for k in SETS if k not in used]
    return w


def _matches(token: str, kind: str, value: str) -> bool:
    try:
        return _normal(token, kind) == value
    except InvalidInputError:
        return False


def _normal(token: str, kind: str) -> str:
    text = token.strip()
    if kind == "to":
        return roman(clash_number(text))
    if kind == "from":
        return str(clash_number(text))
    owner, sep, name = text.partition(":")
    if sep:
        return f"{owner.upper()}:{name.lower()}"
    return text.upper() if is_player(text.upper()) else text.lower()


def _why_not(w: World, decision: Decision, token: str, values: Sequence[str]) -> str:
    """Why a spell named as a choice is not among the choices, where the board says: Root's shield, or a choice
    that comes first (``discard`` before the spell Daybreak discards)."""
    card = next((x for x in w.board if x.ref == token), None)
    if card is None or not decision.about:
        return ""
    root = shield_of(w, card, decision.about.partition(":")[0])
    if root is not None:
        hit = "a hit on a conjury cancels it, and " if SPELLS[card.eff].get("conjury") else ""
        return f" ({token} is shielded by {root.ref}: {hit}enemies cannot cancel, recall or discard it)"
    if not any(":" in v for v in values):
        return f" (this choice comes first; then the spell, after a comma: {decision.about}=CHOICE,{token})"
    return ""


def chooser(b: Board | Sequence[str], choose: Mapping[str, str] | None) -> Any:
    """The decisions of a described clash: the players' choices where given, else the first option listed.

    ``b`` is the board (or the spells, as OWNER:NAME, that the choices may name).
    """
    known = [s.ref for s in b.spells] if isinstance(b, Board) else list(b)
    queues: dict[str, list[str]] = {}
    for key, value in (choose or {}).items():
        ref = _normal(str(key), "spell")
        if ref not in known:
            raise UnknownNameError("spell making a choice", str(key), known)
        text = str(value)
        if len(text) > 400:
            raise InvalidInputError(f"the choice for {ref} is too long ({len(text)} characters; at most 400)")
        queues[ref] = [t for t in text.replace(">", ",").replace(" ", ",").split(",") if t]

    def choose_for(decision: Decision, w: World) -> str:
        values = [o.split(" ", 1)[-1] for o in decision.options]
        queue = queues.get(decision.about or "")
        declined = bool(queue) and queue[0].lower() in ("none", "pass") and "none" not in values
        if declined and decision.kind == "move" and (decision.about or "").endswith(":gravitate"):
            # Declining is a choice only under gravitate-move=may; say so rather than misread the word later.
            raise InvalidInputError(
                f"{decision.about} must move a spell when it can (option gravitate-move=must; -o gravitate-move=may "
                f"lets its owner decline); accepted: {', '.join(values)}"
            )
        if len(values) == 1:  # made at once; a choice given for it is used up
            if queue and _matches(queue[0], decision.kind, values[0]):
                queue.pop(0)
            return decision.options[0]
        if queue:
            token = _normal(queue.pop(0), decision.kind)
            for option, value in zip(decision.options, values, strict=True):
                if value == token:
                    return option
            raise InvalidInputError(
                f"{decision.about} cannot choose {shown(token)!r} for {decision.prompt}; accepted: {', '.join(values)}"
                + _why_not(w, decision, token, values)
            )
        mover = (decision.about or "").partition(":")[2]
        if mover == "gravitate" and decision.kind in ("move", "to"):
            example = next(v for v in values if v != "none") if decision.kind == "move" else "P2:fireball"
            raise InvalidInputError(
                f"{decision.about} needs a choice: the spell to move and the clash, e.g. {example}>4"
            )
        if mover == "wormhole" and decision.kind in ("from", "to"):
            raise InvalidInputError(f"{decision.about} needs a choice: the clash it empties and the clash, e.g. 1>4")
        if decision.kind == "first":
            w.say(f"{decision.player}'s choice of order is taken as the order listed", "elephants.interp.listed-order")
        else:
            w.say(
                f"No choice given for {decision.prompt}: the first listed, {values[0]}",
                "elephants.interp.default-choices",
            )
        return decision.options[0]

    return choose_for


def health_now(w: World) -> dict[str, int]:
    """Each player's health in the world, P1 first."""
    return {p: w.players[p].health for p in sorted(w.seats, key=lambda p: int(p[1:]))}


def _clash_value(w: World, b_here: Sequence[Spell], events: Sequence[tuple[Any, ...]], clash: int) -> dict[str, Any]:
    cancelled = [s.ref for s in b_here if s.state == "cancelled"]
    cancelled += [e[1] for e in events if e[0] == "cancel" and e[1] not in cancelled]
    moved = {s.ref: s.moved_to for s in b_here if s.state == "moved"}
    moved.update({e[1]: e[2] for e in events if e[0] == "move"})
    return {
        "clash": clash,
        "resolved": [e[1] for e in events if e[0] == "resolve"],
        "cancelled": cancelled,
        "moved": moved,
        "trunk_lost": [e[1] for e in events if e[0] == "trunk"],
        "advanced": {e[1]: e[2] for e in events if e[0] == "advance"},
        "arrived": {e[1]: e[2] for e in events if e[0] == "from-hand"},
        "recalled": [e[1] for e in events if e[0] == "recall"],
        "health": health_now(w),
    }


def clash_summary(value: Mapping[str, Any]) -> str:
    """One line for what a clash came to, from the value of [`resolve_clash`][rulebook.elephants.resolve_clash] (or of a
    round's clash).

    Examples:
        >>> clash_summary({"clash": 2, "resolved": ["P1:clap"], "cancelled": ["P2:root"], "moved": {},
        ...                "trunk_lost": [], "advanced": {"P1:clap": 3}})
        'Clash II: P1:clap resolves; P2:root cancelled; P1:clap advances to III'
    """
    return _clash_verdict(value)


def _clash_verdict(value: Mapping[str, Any]) -> str:
    resolved = value["resolved"]
    parts = [f"{', '.join(resolved) or 'nothing'} resolve{'' if len(resolved) > 1 else 's'}"]
    if value["cancelled"]:
        parts.append(f"{', '.join(value['cancelled'])} cancelled")
    if value["moved"]:
        parts.append(", ".join(f"{ref} moved to {roman(n)}" for ref, n in value["moved"].items()))
    if value.get("recalled"):
        parts.append(f"{', '.join(value['recalled'])} recalled to the hand")
    if value["trunk_lost"]:
        lost = value["trunk_lost"]
        parts.append(f"{', '.join(lost)} lose{'s' if len(lost) == 1 else ''} a trunk")
    if value["advanced"]:
        ahead = value["advanced"]
        parts.append(f"{', '.join(ahead)} advance{'s' if len(ahead) == 1 else ''} to {roman(value['clash'] + 1)}")
    return f"Clash {roman(value['clash'])}: " + "; ".join(parts)


#: What a step says when it finds a hand empty (spells.py, the Quake-like, Shrine-like and advance-from-hand spells).
_EMPTY_HAND = ("has no spell in hand", "No enemy has a spell in hand")


def copy_steps(w: World, trace: Trace, b: Board) -> None:
    """The world's steps into ``trace``; when the board gave no hands, a step that finds a hand empty says that no
    hand was given rather than stating it as a fact of the game.

    Examples:
        >>> w = to_world(board("P1:bedim P2:quake"))
        >>> w.say("P1 has no spell in hand to discard", "elephants.spell.quake")
        >>> t = Trace()
        >>> copy_steps(w, t, board("P1:bedim P2:quake"))
        >>> t.steps[0].text
        'P1 has no spell in hand to discard (no hands were given, so every hand is read as empty)'
    """
    for step in w.steps:
        text = step.text
        if not b.hands and any(words in text for words in _EMPTY_HAND):
            text += " (no hands were given, so every hand is read as empty)"
        trace.add(text, step.rule, step.overrides)


@seated
def resolve_clash(b: Board, choose: Mapping[str, str] | None = None) -> Ruling:
    """Play out the current clash: each spell resolves in turn on the board as it then stands, then the
    advance phase.

    Unlike [`order`][rulebook.elephants.order], which reads the board as it is, this follows the clash as spells act,
    with the game engine of ``rulebook.elephants.game`` (every spell's effect): a spell
    cancelled or moved before its turn does not resolve, a player who loses a trunk takes their spells off the board,
    and when only one player can still be harmed the round ends at once. ``choose`` gives the players' choices, by
    spell, in the order the spell asks them: Clap's targets (``"P2:break,P3:root"``), Gravitate's move
    (``"P2:stupefy>4"``, required), an attack's target (``"P3"``), a Blood spell's ``use`` or ``pass``. A choice not
    given is the first option listed.

    Examples:
        >>> r = resolve_clash(board("P1:stupefy P2:ritual P2:starfall P1:slumber", clash=2))
        >>> r.verdict
        'Clash II: P1:stupefy, P1:slumber resolve; P2:ritual, P2:starfall cancelled; P1:slumber advances to III'
        >>> r.value["health"]
        {'P1': 5, 'P2': 3}
    """
    w = to_world(b)
    trace = Trace()
    trace.add(
        f"Clash {roman(b.current)}: spells resolve one by one, the fastest first, then the advance phase",
        "elephants.base.round",
    )
    trace.add("The order is read again after each spell, on the board as it then stands", "elephants.base.priority")
    for p, player in w.players.items():  # a health given above the start, with no maximum given: say what is assumed
        if player.max_health > LIMITS["health"] and p not in b.max_health:
            trace.add(
                f"{p}'s health {player.health} is above the starting {LIMITS['health']}: their maximum is taken as "
                f"{player.max_health}, raised by an earlier bolster",
                "elephants.base.health-effects",
            )
    run_clash(w, chooser(b, choose), stop=lambda w: w.step[0] not in ("resolve", "advance"))
    copy_steps(w, trace, b)
    value = _clash_value(w, b.here(), w.events, b.current)
    return trace.ruling(_clash_verdict(value), value)


def next_clash(b: Board, advanced: Mapping[str, int], by_itself: Iterable[str] = ()) -> Board:
    """The board as the next clash begins: advanced and moved spells placed in their new clash.

    ``advanced`` maps each spell that advanced to its new clash; ``by_itself`` names those that advanced
    themselves (they count towards the once-a-round limit). A spell that leaves a clash after resolving
    stays in the round's history, for response spells.

    Examples:
        >>> before = board("P1:slumber/resolved P2:stupefy/moved=3 P2:root/resolved")
        >>> b = next_clash(before, {"P1:slumber": 2}, ["P1:slumber"])
        >>> print(b)
        Clash I (past): P2:root
        Clash II (current): P1:slumber
        Clash III (to come): P2:stupefy
        Clash IV (to come): -
        Turn order: P1, P2
        >>> b.spell("P1:slumber").advanced, b.history
        (1, ('P1:slumber',))
    """
    if b.current >= CLASHES:
        raise InvalidInputError(f"Clash {roman(CLASHES)} is the last clash of a round")
    mine = set(by_itself)
    spells, left = [], []
    for s in b.spells:
        if s.ref in advanced:
            if s.resolved:
                left.append(s.ref)
            spells.append(
                replace(s, clash=advanced[s.ref], resolved=False, hit=None, advanced=s.advanced + (s.ref in mine))
            )
        elif s.state == "moved":
            if s.resolved:
                left.append(s.ref)
            spells.append(replace(s, clash=s.moved_to or s.clash, state="active", moved_to=None, resolved=False))
        else:
            spells.append(s)
    return replace(b, spells=tuple(spells), current=b.current + 1, history=(*b.history, *left))


def _read_plan(clashes: Sequence[str | Sequence[str]], b: Board) -> tuple[dict[tuple[int, str], str], list[Spell]]:
    """The spells a round plan lays, by clash and player, each checked; and all of them in order."""
    plan: dict[tuple[int, str], str] = {}
    laid_all: list[Spell] = []
    for n, laid in enumerate(clashes, 1):
        tokens = laid.split() if isinstance(laid, str) else list(laid)
        if len(tokens) > 9:
            raise InvalidInputError(f"Clash {roman(n)}: {len(tokens)} spells laid; each player lays one")
        for t in tokens:
            sp = parse_spell(t, n)
            if sp != Spell(sp.owner, sp.name, n):
                raise InvalidInputError(
                    f"{sp.ref}: a spell laid in Clash {roman(n)} is written OWNER:NAME, without flags"
                )
            if sp.owner not in b.turn_order:
                raise InvalidInputError(f"{sp.ref}: there are {b.players} players")
            if any(x.ref == sp.ref for x in laid_all):
                raise IllegalActionError(
                    f"{sp.ref} is laid twice; every card exists once", ["elephants.interp.one-copy"]
                )
            if (n, sp.owner) in plan:
                raise IllegalActionError(
                    f"Clash {roman(n)}: {sp.owner} lays one spell a clash, but the plan lays 2 for {sp.owner}",
                    ["elephants.base.round"],
                )
            plan[(n, sp.owner)] = sp.name
            laid_all.append(sp)
    check_cards([(s.owner, s.name, s.ref, False) for s in laid_all])
    return plan, laid_all


class _Round:
    """A round played from a plan: each clash's spells laid as planned, the players' choices as given."""

    def __init__(self, b: Board, plan: dict[tuple[int, str], str], known: list[str], choices: list) -> None:
        self.b, self.plan, self.known, self.choices = b, plan, known, choices
        self.w = to_world(b)
        self.w.step = ("prepare", 0)
        self.w.clash = 1
        self.w.history = []
        self.clash, self.seen = 1, 0
        self.choose = chooser(known, choices[0] if choices else None)
        self.per_clash: list[dict[str, Any]] = []
        self.planned = 0

    def check_plan(self, n: int) -> None:
        """Every player still in lays one spell in clash ``n``; one who lost a trunk lays none."""
        for p in self.b.turn_order:
            expected = 0 if self.w.players[p].down else 1
            count = 1 if (n, p) in self.plan else 0
            if count != expected:
                why = (
                    f"{p} lost a trunk earlier this round and casts no more spells in it, but the plan lays one for {p}"
                    if expected == 0
                    else f"{p} must lay one spell, but the plan lays none for {p}"
                )
                raise IllegalActionError(
                    f"Clash {roman(n)}: {why}",
                    ["elephants.base.round"] if expected else ["elephants.base.health-zero"],
                )

    def decide(self, decision: Decision, world: World) -> str:
        """The spell the plan lays, or the choice given (else the first listed)."""
        if decision.kind == "cast":
            name = self.plan[(world.clash, decision.player)]
            if f"cast {name}" not in decision.options:
                raise InvalidInputError(
                    f"Clash {roman(world.clash)}: {decision.player}:{name} is no longer in {decision.player}'s hand"
                )
            return f"cast {name}"
        return self.choose(decision, world)

    def close_clash(self) -> None:
        """Sum up the clash just played from its events."""
        events = self.w.events[self.seen :]
        self.per_clash.append(_clash_value(self.w, [], events, self.clash))
        self.seen = len(self.w.events)

    def run(self, clashes: int) -> None:
        """Play the round's units until it ends, or until the plan's last clash is over."""
        w = self.w
        self.planned = clashes
        self.check_plan(1)
        ask = Ask(chooser=self.decide)
        while not w.over:
            play_unit(w, ask)
            if w.step[0] in ("endround", "over"):
                self.close_clash()
                break
            if w.step == ("prepare", 0) and w.clash != self.clash:
                self.close_clash()
                if w.clash > clashes:
                    break
                self.clash = n = w.clash
                self.choose = chooser(self.known, self.choices[n - 1] if n <= len(self.choices) else None)
                self.check_plan(n)

    def ruling(self) -> Ruling:
        """What the round came to: every step, then the trunks, health and the next Ringleader."""
        b, w, per_clash = self.b, self.w, self.per_clash
        trace = Trace()
        trace.add("A player has one copy of each spell: none is laid twice in a round", "elephants.interp.one-copy")
        for step in w.steps:
            trace.add(step.text, step.rule, step.overrides)
        lost = [p for v in per_clash for p in v["trunk_lost"]]
        if w.over:
            trace.add(f"The game is over: {w.winner or 'no one'} wins", "elephants.base.game-end")
        played = len(per_clash)
        unplayed = ""
        if played < self.planned:  # the round (or the game) ended before the plan's last clash: say so
            left = ", ".join(f"Clash {roman(n)}" for n in range(played + 1, self.planned + 1))
            verb = "is" if played + 1 == self.planned else "are"
            unplayed = f" (the round ended early: the plan's {left} {verb} not played)"
            trace.add(f"The plan's {left} {verb} not played: the round is over", "elephants.base.round-ends-early")
        seats = list(b.seats) or [f"P{k}" for k in range(1, b.players + 1)]
        passes = seats[(seats.index(b.ringleader) + 1) % len(seats)]
        trace.add(
            f"End of round: the Ringleader passes to {passes}, and the board is cleared", "elephants.base.end-of-round"
        )
        final = health_now(w)
        shown_health = ", ".join(f"{p} {h}" for p, h in final.items())
        trunks = f"{', '.join(lost)} lost a trunk" if lost else "no trunk lost"
        verdict = (
            f"Round played: {played} clash{'es' if played != 1 else ''}{unplayed}; {trunks}; health {shown_health}; "
            f"the Ringleader passes to {passes}"
        )
        value = {"clashes": per_clash, "trunk_lost": lost, "health": final, "next_ringleader": passes}
        return trace.ruling(verdict, value)


def play_round(
    clashes: Sequence[str | Sequence[str]],
    choose: Sequence[Mapping[str, str]] | None = None,
    ringleader: str | None = None,
    turn_order: str | Iterable[str] | None = None,
    players: int | None = None,
    health: Mapping[str, int] | None = None,
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Play a whole round: in each clash every player still in lays one spell, the clash is played out
    with the game engine, and advanced and moved spells go on to their new clash.

    ``clashes`` lists the spells laid in each clash (one per player still in the round); ``choose`` the players'
    choices for each clash, as in [`resolve_clash`][rulebook.elephants.resolve_clash]. Each player's hand holds the
    spells the plan has them lay. The round ends early when only one player can still be harmed.

    Examples:
        >>> clashes = ["P1:slumber P2:stupefy", "P1:starfall P2:clap", "P1:root P2:break", "P1:enfeeble P2:fireball"]
        >>> r = play_round(clashes)
        >>> r.verdict
        'Round played: 4 clashes; no trunk lost; health P1 3, P2 2; the Ringleader passes to P2'
        >>> r.value["clashes"][1]["advanced"]
        {'P1:starfall': 3, 'P2:clap': 3}
    """
    b = board([], ringleader=ringleader, turn_order=turn_order, players=players, health=health, options=options)
    if len(clashes) > CLASHES:
        raise InvalidInputError(f"a round has {CLASHES} clashes, not {len(clashes)}")
    choices = list(choose or [])
    if len(choices) > len(clashes):
        raise InvalidInputError(f"choices are given for {len(choices)} clashes, but only {len(clashes)} are played")
    plan, laid_all = _read_plan(clashes, b)
    hands = {p: tuple(s.name for s in laid_all if s.owner == p) for p in b.turn_order}
    game_round = _Round(replace(b, hands=hands), plan, [sp.ref for sp in laid_all], choices)
    game_round.run(len(clashes))
    return seat_note(b, game_round.ruling())


def parse_round(text: str, where: str = "the round plan") -> dict[str, Any]:
    """Read a round plan (TOML) for [`play_round`][rulebook.elephants.play_round]: ``ringleader`` or ``turn_order``,
    ``players``, ``[health]``, ``[options]``, and one ``[[clash]]`` table per clash with ``spells`` and ``choose``.

    The plan's data is checked against ``ROUND_SHAPE`` before use.

    Examples:
        >>> plan = parse_round('[[clash]]\\nspells = ["P1:clap", "P2:root"]\\nchoose = { "P1:clap" = "P2:root" }')
        >>> plan["clashes"], plan["choose"]
        ([['P1:clap', 'P2:root']], [{'P1:clap': 'P2:root'}])
        >>> parse_round('ringleader = 7')
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: the round plan: ringleader must be a string, not 7
    """
    raw = check_shape(parse_toml(text, where), ROUND_SHAPE, where)
    clashes = raw.get("clash", [])
    return {
        "clashes": [list(c.get("spells", [])) for c in clashes],
        "choose": [dict(c.get("choose", {})) for c in clashes],
        "ringleader": raw.get("ringleader"),
        "turn_order": raw.get("turn_order"),
        "players": raw.get("players"),
        "health": raw.get("health"),
        "options": raw.get("options"),
    }
