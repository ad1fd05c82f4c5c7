"""Elestrals turns: whose decision it is, every legal action, and what each does, on one position.

[`Game`][rulebook.elestrals.Game] follows the shared [`GameState`][rulebook.protocol.GameState] protocol: an immutable
value
with ``legal_actions``, ``apply`` and ``explain``. The phases run in the guide's order (Draw, Main,
Battle, End); casting and activating form a chain that both players may answer; each chain window
(after the draw, in the Battle Phase's three steps, in the End Phase) closes when no player starts a
chain. A decision with only one possible answer (a pass with nothing else to do, the Draw Phase's
draw, resolving a closed chain) is taken at once, and the trace says so.

[`legal`][rulebook.elestrals.legal] lists what the deciding player may do, each action with the rules that allow it
(and on
request every action refused, and why); [`check`][rulebook.elestrals.check] judges one action and gives the position
after
it. Both use the same checks, so what ``legal`` lists ``check`` accepts, and what it refuses is never
applied.

Examples:
    >>> game = new_game(seed=7)
    >>> game.position.phase, game.current_player
    ('setup', 0)
    >>> game = game.apply("keep").apply("keep")
    >>> game.position.phase, game.position.turn
    ('main', 1)
    >>> "pass" in [str(a) for a in game.legal_actions()]
    True
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

import rulebook.elestrals.chain as _chain
import rulebook.elestrals.main_phase as _main
from rulebook.elestrals.abilities import trigger
from rulebook.elestrals.actions import Action, parse_action, split_keywords
from rulebook.elestrals.battle_phase import damage, declare, end_attack_step, end_battle, refuse_attack
from rulebook.elestrals.cards import Card, read_card
from rulebook.elestrals.core import DECKS, RULESET, SPIRIT_TYPES, options, plural, resting_on, watching
from rulebook.elestrals.deciding import NEXT_TO, candidates, decider, in_window, next_to
from rulebook.elestrals.position_file import position_toml, read_position
from rulebook.elestrals.state import ROW, Elestral, Position, Side, SpiritDeck, put_card, replace, window_open
from rulebook.errors import IllegalActionError, InvalidInputError
from rulebook.ruling import Ruling, Trace

__all__ = ["Game", "check", "decider", "legal", "load", "new_game"]

Refusal = tuple[str, tuple[str, ...]]
_WINDOW_RULE = {
    "draw": "elestrals.phase.draw",
    "end": "elestrals.phase.end",
    "attack": "elestrals.battle.declare",
    "battle": "elestrals.battle.battle-step",
    "damage": "elestrals.battle.damage-step",
}


class _Quiet(Trace):
    """A trace that keeps nothing: ``apply`` needs no reasons, only the position."""

    def add(self, text: str, rule: str | None = None, overrides: str | None = None) -> None:
        return None


# ---------------------------------------------------------------- whose decision


# ---------------------------------------------------------------- candidate actions


# ---------------------------------------------------------------- refusals


def _reason(pos: Position, action: Action | str, who: int | None = None) -> Refusal | None:
    """Why the deciding player (or ``who``) may not take ``action`` now (a reason and the rules), or ``None``;
    [`Game.refusal`][rulebook.elestrals.game.Game.refusal] makes the ruling of it.

    Raises [`InvalidInputError`][rulebook.errors.InvalidInputError] for an action whose words cannot be read.
    """
    action = parse_action(action)
    actor = decider(pos) if who is None else who
    if pos.over or actor is None:
        return _whose(pos), ("elestrals.end.ways-to-lose",)
    verb = action.verb
    if verb in ("keep", "mulligan"):
        if pos.phase != "setup":
            return "mulligans are taken before the game begins", ("elestrals.setup.mulligan",)
        if verb == "mulligan" and action.args:
            raise InvalidInputError("mulligan takes no words after it")
        size = pos.sides[actor].spirit_deck.size
        short = size is not None and size < DECKS["mulligan_cost"]
        if verb == "mulligan" and short and pos.opts["mulligan-short"] == "forbidden":
            return (
                f"a mulligan Expends {DECKS['mulligan_cost']} Spirits and fewer are left (option "
                "mulligan-short=forbidden)",
                ("elestrals.interp.mulligan-without-spirits",),
            )
        return None
    if pos.phase == "setup":
        return "before the game begins each player keeps a hand or takes a mulligan", ("elestrals.setup.mulligan",)
    if verb == "draw":
        if not (pos.phase == "draw" and pos.step == "draw"):
            return (
                "the draw is made once, as the turn player's Draw Phase begins, and this position is after it (a "
                'position before the draw says step = "draw")',
                ("elestrals.phase.draw",),
            )
        return None
    if pos.phase == "draw" and pos.step == "draw":
        return "the turn begins with the Draw Phase's draw", ("elestrals.phase.draw",)
    if verb == "resolve":
        return (
            None if pos.chain and pos.closed else ("there is no closed chain to resolve", ("elestrals.chain.closed",))
        )
    if verb in ("special-cast", "special-ascend", "conditional"):
        return _chain.refuse_waiting(pos, actor, action)
    if pos.chain and pos.closed:
        return "the chain is closed: it resolves before anything else happens", ("elestrals.chain.closed",)
    if verb == "pass":
        if pos.waiting and _can_chain_waiting(pos, actor) and not _only_conditionals(pos, actor):
            return (
                "the cards and effects waiting in Limbo join the next chain: chain them first",
                ("elestrals.chain.next-chain-order",),
            )
        return None
    if verb in ("special-cast", "special-ascend", "conditional"):
        return _chain.refuse_waiting(pos, actor, action)
    if pos.waiting:
        return (
            "the next chain opens with the cards and effects waiting in Limbo",
            ("elestrals.chain.next-chain-order",),
        )
    if verb == "attack":
        return refuse_attack(pos, actor, action)
    if verb == "nexus":
        return _refuse_nexus(pos, actor, action)
    return _main.refuse(pos, actor, action)


def _can_chain_waiting(pos: Position, who: int) -> bool:
    """Whether ``who`` can chain any of their cards and effects waiting in Limbo (or has none waiting)."""
    mine = [a for a in candidates(pos) if a.verb in ("special-cast", "special-ascend", "conditional")]
    if not any(item.player == who for item in pos.waiting):
        return True
    return any(_chain.refuse_waiting(pos, who, a) is None for a in mine)


def _only_conditionals(pos: Position, who: int) -> bool:
    """Whether all of ``who``'s items waiting in Limbo are conditional effects, which they may choose not to use
    (a card an effect says to Cast must be chained)."""
    return all(item.kind == "conditional" for item in pos.waiting if item.player == who)


def _drop_waiting(pos: Position, who: int, trace: Trace) -> Position:
    """``who``'s waiting items are dropped: conditional effects they choose not to use, or items that can no longer
    be carried out (a card to be Special Cast goes back). With nothing left in Limbo and no chain, the check
    between chains follows (a card kept one more chain for a declined effect goes now)."""
    declined = _can_chain_waiting(pos, who)
    kept = []
    for item in pos.waiting:
        if item.player != who:
            kept.append(item)
            continue
        if declined:
            trace.add(
                f"{pos.names[who]} does not use {item.label or item.card}: a conditional effect is its "
                "controller's to use or not",
                "elestrals.card.conditional",
            )
            continue
        trace.add(
            f"{pos.names[who]}'s waiting {item.label or item.card} can no longer be carried out: it does nothing",
            "elestrals.advanced.impossible-vs-negated",
        )
        if item.kind != "conditional":
            side = pos.sides[who]
            if item.source == "hand":
                side = replace(side, hand=tuple(sorted((*side.hand, item.card))))
            else:
                side = replace(side, underworld=(*side.underworld, item.card))
            pos = pos.with_side(who, side)
    pos = replace(pos, waiting=tuple(kept))
    if declined and not kept and not pos.chain:
        pos = _chain.between_chains(pos, trace)[0]
    return pos


def _refuse_nexus(pos: Position, who: int, action: Action) -> Refusal | None:
    """A Nexus (as an effect instructs) is refused when it chooses what cannot be chosen: a card not on your field,
    the same card twice, a Set Rune. It does nothing when a chosen card cannot take part (or has left)."""
    if len(action.args) < 2:
        raise InvalidInputError("write a Nexus as nexus FROM TO [COUNT] [TYPE], e.g. nexus E1 R2 1 fire")
    refs = [pos.resolve_ref(ref, who) for ref in action.args[:2]]
    _nexus_words(action)
    if any(owner != who for owner, _, _ in refs):
        return (
            "a Nexus moves Spirits between cards on your own field: another player's card cannot be chosen",
            ("elestrals.nexus.move",),
        )
    if refs[0] == refs[1]:
        return (
            "a Nexus moves Spirits to a different card: one card cannot both give and receive",
            ("elestrals.nexus.move",),
        )
    for ref in action.args[:2]:
        card = pos.at(ref, who)
        if getattr(card, "set", False):
            return (
                f"the card at {ref.upper()} is a Set Rune: a Set Rune cannot be chosen for a Nexus when it is "
                "announced",
                ("elestrals.advanced.nexus-set-rune", "elestrals.nexus.move"),
            )
    return None


def _nexus_words(action: Action) -> tuple[int, str]:
    """A Nexus's count (1 by default, at most 20) and Spirit type (any, by default)."""
    from rulebook.elestrals.core import MAX_SPIRITS, lookup_name
    from rulebook.reading import number

    words = list(action.args[2:])
    if len(words) > 2:
        raise InvalidInputError("write a Nexus as nexus FROM TO [COUNT] [TYPE], e.g. nexus E1 R2 1 fire")
    count = (
        number(words.pop(0), "the count of a Nexus", low=1, high=MAX_SPIRITS)
        if words and words[0][:1].isascii() and words[0][:1] in "0123456789+-"
        else 1
    )
    kind = lookup_name("Spirit type", words[0], SPIRIT_TYPES) if words else ""
    return count, kind


# ---------------------------------------------------------------- applying


def _next_phase(pos: Position, trace: Trace) -> Position:
    """The turn player ends the Main Phase (to Battle, or End on the first turn) or the Battle Phase."""
    if pos.phase == "main" and pos.turn > 1:
        trace.add(f"{pos.names[pos.player]} ends the Main Phase: the Battle Phase begins", "elestrals.phase.four")
        return replace(pos, phase="battle", step="", passed=())
    if pos.phase == "main":
        trace.add("The first turn of the game has no Battle Phase: the End Phase begins", "elestrals.setup.first-turn")
    else:
        trace.add(f"{pos.names[pos.player]} ends the Battle Phase: the End Phase begins", "elestrals.phase.four")
    return _end_phase(pos, trace)


def _end_phase(pos: Position, trace: Trace) -> Position:
    worn = False
    for who, side in enumerate(pos.sides):
        if not any(el is not None and any(u == "end" for _, u in el.modifiers) for el in side.elestrals):
            continue
        row = tuple(
            replace(el, modifiers=tuple(m for m in el.modifiers if m[1] != "end")) if el is not None else None
            for el in side.elestrals
        )
        pos = pos.with_side(who, replace(side, elestrals=row))
        worn = True
    if worn:
        trace.add("Effects that last until the End Phase wear off", "elestrals.phase.end")
    return replace(pos, phase="end", step="window", battle=None, passed=())


def _next_turn(pos: Position, trace: Trace) -> Position:
    nxt = 1 - pos.player
    sides = []
    for side in pos.sides:
        row = side.elestrals
        if any(el is not None and (el.cast or el.attacked or el.changed) for el in row):
            row = tuple(
                replace(el, cast=False, ascended=False, attacked=False, changed=False)
                if el is not None and (el.cast or el.attacked or el.changed)
                else el
                for el in row
            )
        if row is not side.elestrals or side.spirit_action or side.used:
            side = replace(side, elestrals=row, spirit_action="", used=())
        sides.append(side)
    trace.add(f"No one starts a chain: {pos.names[nxt]}'s turn {pos.turn + 1} begins", "elestrals.phase.end")
    return replace(pos, sides=(sides[0], sides[1]), turn=pos.turn + 1, player=nxt, phase="draw", step="draw", passed=())


def _window_done(pos: Position, trace: Trace, notes: dict[str, Any]) -> Position:
    if pos.phase in ("draw", "end") and pos.opts["window-chains"] == "turn-player":
        trace.add(
            f"Only the turn player starts a chain in this phase (option window-chains=turn-player); "
            f"{pos.names[pos.opponent]} has no window here",
            "elestrals.interp.window-chains",
        )
    elif pos.phase in ("draw", "end"):
        trace.add(
            "Either player may start a chain in this phase, the turn player first (option window-chains=both); "
            "neither does",
            "elestrals.interp.window-chains",
        )
    if pos.phase == "draw":
        trace.add("No one starts a chain: the Main Phase begins", "elestrals.phase.draw")
        return replace(pos, phase="main", step="", passed=())
    if pos.phase == "end":
        return _next_turn(pos, trace)
    if pos.step == "attack":
        return end_attack_step(pos, trace)
    if pos.step == "battle":
        pos, result = damage(pos, trace)
        notes["battle"] = result
        return pos
    return end_battle(pos, trace)


def _after_chain(pos: Position, trace: Trace, notes: dict[str, Any]) -> Position:
    pos, report = _chain.resolve(pos, trace)
    notes["chain"] = report
    if pos.waiting:
        who = _chain.next_in_limbo(pos)
        first = pos.names[who if who is not None else pos.player]
        turn = pos.names[pos.player]
        how = (
            "first (the turn player's come first), then the other player"
            if first == turn
            else f"({turn}, the turn player, has nothing waiting)"
        )
        trace.add(f"The next chain opens: {first} chains their waiting items {how}", "elestrals.chain.next-chain-order")
    return pos


def _pass(pos: Position, who: int, trace: Trace, notes: dict[str, Any], forced: bool = False) -> Position:
    """A pass: no response to the chain, no chain started in a window, or the end of a phase.

    A pass that was the player's only choice (``forced``) is not written in the trace by itself; the
    trace says once that no one added a link or started a chain.
    """
    name = pos.names[who]
    if any(item.player == who for item in pos.waiting):
        return _drop_waiting(pos, who, trace)
    if pos.chain:
        passed = (*pos.passed, who)
        if len(set(passed)) < 2:
            if not forced:
                trace.add(f"{name} adds no link", "elestrals.chain.forming")
            return replace(pos, passed=passed)
        text = "No one adds a link" if forced else f"{name} adds no link either"
        trace.add(f"{text}: the chain is closed", "elestrals.chain.closed")
        return _after_chain(replace(pos, closed=True, passed=passed), trace, notes)
    if in_window(pos):
        passed = (*pos.passed, who)
        rule = _WINDOW_RULE[pos.step if pos.phase == "battle" else pos.phase]
        if not forced:
            trace.add(f"{name} starts no chain", rule)
        pos = replace(pos, passed=passed)
        if any(w not in passed and window_open(pos, w) for w in (0, 1)):
            return pos
        return _window_done(pos, trace, notes)
    return _next_phase(pos, trace)


def _mulligan(pos: Position, who: int, trace: Trace) -> Position:
    side = pos.sides[who]
    cost = DECKS["mulligan_cost"]
    deck = side.spirit_deck
    if deck.size is not None and deck.size < cost:
        trace.add(
            f"{pos.names[who]} cannot pay the mulligan (option mulligan-short=loses): "
            f"{plural(deck.size, 'Spirit')} left for a cost of {cost}",
            "elestrals.interp.mulligan-without-spirits",
        )
        spent = []
        for _ in range(deck.size):
            deck, kind = deck.take("&")
            spent.append(kind)
        if spent:
            trace.add(
                f"{pos.names[who]} Expends {' '.join(spent)}, the last of the Spirit Deck", "elestrals.setup.mulligan"
            )
        trace.add("Expending from an empty Spirit Deck loses the game", "elestrals.end.expend-from-empty")
        pos = pos.with_side(who, replace(side, spirit_deck=deck, underworld=(*side.underworld, *spent)))
        return replace(pos, over=True, winner=1 - who)
    spent = []
    for _ in range(cost):
        deck, kind = deck.take("&")
        spent.append(kind)
    cards = list(side.main_deck) + list(side.hand)
    import random  # only shuffling needs it

    random.Random(zlib.crc32("|".join([*cards, str(pos.turn), str(len(side.underworld))]).encode())).shuffle(cards)
    hand = DECKS["opening_hand"]
    side = replace(
        side,
        spirit_deck=deck,
        underworld=(*side.underworld, *spent),
        hand=tuple(sorted(cards[:hand])),
        main_deck=tuple(cards[hand:]),
    )
    trace.add(
        f"{pos.names[who]} Expends {cost} Spirits, shuffles the hand into the Main Deck and draws {hand} new cards",
        "elestrals.setup.mulligan",
    )
    return pos.with_side(who, side)


def _step(pos: Position, action: Action, trace: Trace, notes: dict[str, Any], forced: bool = False) -> Position:
    who = decider(pos)
    assert who is not None
    verb = action.verb
    if verb == "keep":
        pos = pos.with_side(who, replace(pos.sides[who], kept=True))
        trace.add(f"{pos.names[who]} keeps their hand", "elestrals.setup.mulligan")
        if all(side.kept for side in pos.sides):
            trace.add(
                f"The first turn begins: {pos.names[pos.player]} skips the Draw and Battle Phases of this turn",
                "elestrals.setup.first-turn",
            )
            pos = replace(pos, phase="main", step="", turn=1)
        return pos
    if verb == "mulligan":
        return _mulligan(pos, who, trace)
    if verb == "draw":
        pos = _main.draw_card(pos, who, trace)
        return pos if pos.over else replace(pos, step="window", passed=())
    if verb == "resolve":
        return _after_chain(pos, trace, notes)
    if verb == "pass":
        return _pass(pos, who, trace, notes, forced)
    if verb == "attack":
        return declare(pos, who, action, trace)
    if verb in ("special-cast", "special-ascend", "conditional"):
        return _chain.chain_waiting(pos, who, action, trace)
    if verb == "nexus":
        return _nexus(pos, who, action, trace)
    return _main.perform(pos, who, action, trace)


def _nexus(pos: Position, who: int, action: Action, trace: Trace) -> Position:
    head = list(action.args)
    count, kind = _nexus_words(action)
    giver, taker = pos.at(head[0], who), pos.at(head[1], who)
    refs = [pos.resolve_ref(r, who) for r in head[:2]]
    trace.add(
        f"As an effect instructs, Nexus {plural(count, 'Spirit')} from {head[0]} to {head[1]}", "elestrals.nexus.move"
    )
    problem = ""
    if giver is None or taker is None:
        problem = "a card is no longer on the field"
    else:
        movable = [s for s in giver.spirits if not kind or s == kind]
        if len(movable) < count:
            problem = f"the card at {head[0]} has fewer than {count} such Spirits"
    if problem:
        trace.add(f"Nothing happens: {problem}", "elestrals.nexus.nothing-happens")
        return pos
    moved = [s for s in giver.spirits if not kind or s == kind][:count]
    left = list(giver.spirits)
    for s in moved:
        left.remove(s)
    (_, z1, s1), (_, z2, s2) = refs
    pos = put_card(pos, who, z1, s1, replace(giver, spirits=tuple(left)))
    pos = put_card(pos, who, z2, s2, replace(taker, spirits=tuple(sorted((*taker.spirits, *moved)))))
    trace.add(
        "The Spirits are Disenchanted from one card and Enchanted to the other at the same time", "elestrals.nexus.move"
    )
    trace.add("Spirits arriving together are received once", "elestrals.advanced.receive-spirits")
    # A Nexus is one of the ways a card receives Spirits (Advanced Rules): its "when it receives" effects wait once.
    pos = trigger(pos, who, head[1], taker.card, "enchanted", trace)
    if pos.chain:
        return pos
    checked = Trace()
    after, report = _chain.between_chains(pos, checked)
    if report["underworld"]:
        trace.add(
            "No chain is left in Limbo: the effect's chain has resolved, so the check between chains follows",
            "elestrals.chain.between-chains",
        )
        trace.steps += checked.steps
    return after


def _advance(
    pos: Position, action: Action, trace: Trace, notes: dict[str, Any], *, actions: bool = True
) -> tuple[Position, tuple[Action, ...]]:
    """Apply ``action``, then every forced action after it (a pass with nothing else to do, the Draw Phase's draw,
    resolving a closed chain); return the position and its legal actions (none, ``actions`` false, where unneeded)."""
    pos = _step(pos, action, trace, notes)
    # Each turn draws a card, so forced passes alone end the game within a few hundred steps.
    for _ in range(5000):
        if pos.over:
            return pos, ()
        if pos.chain and pos.closed:
            forced = Action("resolve")
        elif pos.phase == "draw" and pos.step == "draw":
            forced = Action("draw")
        elif _nothing_to_answer(pos):
            forced = Action("pass")
        else:
            answering = pos.chain or in_window(pos)
            acts = _legal(pos) if actions or answering else ()  # not answering: the position ends here anyway
            # A pass that would end the Main or Battle Phase is the player's to make, even when alone.
            if len(acts) != 1 or acts[0].verb != "pass" or not answering:
                return pos, acts
            forced = acts[0]
        pos = _step(pos, forced, trace, notes, forced=True)
    raise RuntimeError("the game did not come to a decision")


def _nothing_to_answer(pos: Position) -> bool:
    """Whether the decider, answering a chain or in a chain window, has certainly nothing but a pass: no
    Counter Rune Set before this turn and no card with an effect to activate (a shortcut of ``_legal``)."""
    if pos.waiting or not (pos.chain or in_window(pos)):
        return False
    who = decider(pos)
    if who is None:
        return False
    side = pos.sides[who]
    for rune in side.runes:
        if rune is not None and (not rune.set or rune.set_turn < pos.turn) and pos.cards[rune.card].effect:
            return False
        if rune is not None and rune.set and rune.set_turn < pos.turn and pos.cards[rune.card].rune == "counter":
            return False
    cards = [*side.elestrals, side.stadium]
    return not any(c is not None and pos.cards[c.card].effect for c in cards)


def _legal(pos: Position) -> tuple[Action, ...]:
    who = decider(pos)
    return tuple(a for a in candidates(pos, prune=True) if _reason(pos, a, who) is None)


# ---------------------------------------------------------------- the readings an answer rests on


def _actor(pos: Position, who: int | None) -> str:
    """The name of the player an action is asked for: ``who``, else the one deciding ("" once the game is over)."""
    actor = decider(pos) if who is None else who
    return pos.names[actor] if actor is not None else ""


def _judged(pos: Position, action: Action, who: int | None) -> tuple[str, str | None]:
    """Who acts, and why the action is refused (None: it is legal): the answer on its legality."""
    why = _reason(pos, action, who)
    return (_actor(pos, who), None if why is None else why[0])


def _answer(pos: Position, action: Action) -> tuple[Any, ...]:
    """The answer to the deciding player's ``action``: why it is refused, or what it does (verdict and value)."""
    judged = _judged(pos, action, None)
    if judged[1] is not None:
        return judged
    notes: dict[str, Any] = {}
    after, _ = _advance(pos, action, _Quiet(), notes, actions=False)
    return (_verdict(pos, action, after), _value(pos, action, after, notes))


def _legality(pos: Position, action: Action, who: int | None) -> tuple[Refusal | None, list[str]]:
    """Why ``action`` is refused (None: it is legal), and the interpretations whose reading decides that: the
    options the rules read that would answer otherwise under another choice."""
    with watching() as read:
        why = _reason(pos, action, who)
    given = (_actor(pos, who), None if why is None else why[0])
    return why, resting_on(pos.opts, read, lambda o: _judged(replace(pos, opts=o), action, who), given)


def _cite_readings(trace: Trace, pos: Position, resting: Sequence[str], refused_too: Sequence[str] = ()) -> None:
    """Name each interpretation the answer rests on that the trace does not cite yet, with the choice in force;
    ``refused_too``: those whose every other reading refuses the action as well, for another reason."""
    for rid in resting:
        if rid in trace.rules:
            continue
        record = RULESET.get(rid)
        assert record.option is not None
        name = record.option.name
        other = (
            "another reading refuses it too, for another reason"
            if rid in refused_too
            else "another reading answers otherwise"
        )
        trace.add(
            f'this answer rests on option {name}={pos.opts[name]}, the interpretation "{record.title}" ({other})', rid
        )


def _refused_anyway(pos: Position, action: Action, who: int | None, resting: Sequence[str]) -> list[str]:
    """The readings in ``resting`` under whose every other choice the same player is refused ``action`` too."""
    out = []
    for rid in resting:
        option = RULESET.get(rid).option
        assert option is not None
        judged = [
            _judged(replace(pos, opts=options({**pos.opts, option.name: c})), action, who)
            for c in option.choices
            if c != pos.opts[option.name]
        ]
        if all(j[0] == _actor(pos, who) and j[1] is not None for j in judged):
            out.append(rid)
    return out


def _refused(
    pos: Position,
    action: Action,
    who: int | None,
    why: Refusal,
    resting: Sequence[str],
    refused_too: Sequence[str] | None = None,
) -> Ruling:
    """The ruling that refuses ``action``: the reason, the rules that forbid it, the readings it rests on
    (``refused_too``: those under whose other choices it is refused as well, worked out when not given)."""
    name = _actor(pos, who)
    trace = Trace()
    trace.refusal(why[0], why[1])
    too = _refused_anyway(pos, action, who, resting) if refused_too is None else refused_too
    _cite_readings(trace, pos, resting, too)
    value = {"player": name, "action": str(action), "allowed": False, "reason": why[0]}
    return trace.ruling(f"{name} {action}: not allowed: {why[0]}".lstrip(), value, legal=False)


# ---------------------------------------------------------------- the protocol


class Game:
    """An Elestrals game (or a position from a file) as a [`GameState`][rulebook.protocol.GameState].

    Actions are ``Action`` values (``rulebook.elestrals.state``); ``apply`` and ``explain`` also take
    their text (``"attack E1 E2"``). A game is a value: equal positions make equal games.
    """

    def __init__(self, position: Position) -> None:
        self.__dict__["position"] = position

    position: Position

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Game does not change; apply an action for the next one (cannot set {name!r})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.position == other.position

    def __hash__(self) -> int:
        return hash(self.position)

    def __repr__(self) -> str:
        return f"Game({self.position!r})"

    @property
    def current_player(self) -> int | None:
        """The player who decides next (0 or 1), or ``None`` when the game is over."""
        return decider(self.position)

    @cached_property
    def _actions(self) -> tuple[Action, ...]:
        return _legal(self.position)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the deciding player may take, in a fixed order."""
        return self._actions

    def _after(self, position: Position, actions: tuple[Action, ...]) -> Game:
        game = Game(position)
        game.__dict__["_actions"] = actions
        return game

    def refusal(self, action: Action | str, who: int | None = None) -> Ruling | None:
        """``None`` when ``action`` is legal now; else the ruling that refuses it (``legal`` false), naming the
        rules that forbid it. The one way the game refuses: ``apply``, ``explain``, ``legal_actions``,
        [`legal`][rulebook.elestrals.legal] and [`check`][rulebook.elestrals.check] all use it. ``who`` asks for
        another player than the one deciding.

        Raises [`InvalidInputError`][rulebook.errors.InvalidInputError] for an action whose words cannot be read.

        Examples:
            >>> game = new_game(seed=3)
            >>> game.refusal("keep") is None
            True
            >>> refused = game.refusal("attack E1 E2")
            >>> refused.legal, refused.rules
            (False, ('elestrals.setup.mulligan',))
        """
        action = parse_action(action)
        why, resting = _legality(self.position, action, who)
        return None if why is None else _refused(self.position, action, who, why, resting)

    def observation(self, player: int) -> str:
        """What ``player`` (0 for P1) may see, as the text of a position file: both Main Decks and the other
        player's hand as counts, and the other player's Set Runes as face-down cards; everything else is open.

        Examples:
            >>> text = new_game(seed=3).observation(0)
            >>> "hand = 5" in text, text.count("main_deck = 35")
            (True, 2)
        """
        pos = self.position
        hidden: list[str] = []
        sides = []
        for who, side in enumerate(pos.sides):
            side = replace(side, main_deck=("?",) * len(side.main_deck))
            if who != player:
                side = replace(side, hand=("?",) * len(side.hand))
                runes = list(side.runes)
                for slot, rune in enumerate(runes):
                    if rune is not None and rune.set:
                        hidden.append(f"R{slot + 1}")
                        runes[slot] = None
                side = replace(side, runes=tuple(runes))
            sides.append(side)
        seen = replace(pos, sides=(sides[0], sides[1]))
        other = pos.names[1 - player]
        note = f"What {pos.names[player]} sees. Hidden: both Main Decks' order, {other}'s hand"
        note += f", and {other}'s Set Runes, face-down in {', '.join(hidden)}" if hidden else ""
        return position_toml(seen, comment=note + ".")

    def apply(self, action: Action | str) -> Game:
        """The game after ``action``; an illegal one raises
        [`IllegalActionError`][rulebook.errors.IllegalActionError] (from
        [`refusal`][rulebook.elestrals.game.Game.refusal])."""
        action = parse_action(action)
        known = self.__dict__.get("_explained", {}).get(action)
        if known is not None:
            return known
        if _reason(self.position, action) is not None:  # legality alone; the refusal (and what it rests on) if not
            self._refuse(action)
        return self._after(*_advance(self.position, action, _Quiet(), {}))

    def _refuse(self, action: Action) -> None:
        """Raise [`IllegalActionError`][rulebook.errors.IllegalActionError] from the refusal of an illegal action."""
        refused = self.refusal(action)
        assert refused is not None
        raise IllegalActionError(refused.value["reason"], refused.rules)

    def explain(self, action: Action | str) -> tuple[Game, Ruling]:
        """Like [`apply`][rulebook.elestrals.game.Game.apply], with the ruling whose trace says what happened and
        why."""
        action = parse_action(action)
        pos = self.position
        trace = Trace()
        notes: dict[str, Any] = {}
        with watching() as read:
            why = _reason(pos, action)
            if why is None:
                after, actions = _advance(pos, action, trace, notes)
        if why is not None:
            self._refuse(action)
        game = self._after(after, actions)
        # Remember it: a caller often applies the action it just had explained (a value, so it is safe).
        self.__dict__["_explained"] = {action: game}
        verdict, value = _verdict(pos, action, after), _value(pos, action, after, notes)
        resting = resting_on(pos.opts, read, lambda o: _answer(replace(pos, opts=o), action), (verdict, value))
        _cite_readings(trace, pos, resting)
        return game, trace.ruling(verdict, value, legal=True)

    def is_terminal(self) -> bool:
        return self.position.over

    def winner(self) -> int | None:
        return self.position.winner if self.position.over else None

    def returns(self) -> tuple[float, float]:
        winner = self.winner()
        if winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def _whose(pos: Position) -> str:
    who = decider(pos)
    if who is None:
        return "the game is over: " + ("a draw" if pos.winner is None else f"{pos.names[pos.winner]} wins")
    if pos.phase == "setup":
        where = "before the first turn"
    else:
        where = f"turn {pos.turn}, {pos.phase.capitalize()} Phase"
        where += f", {pos.step.capitalize()} Step" if pos.phase == "battle" and pos.step else ""
    return f"{pos.names[who]} to {NEXT_TO[next_to(pos)]} ({where})"


def _verdict(before: Position, action: Action, after: Position) -> str:
    who = decider(before)
    name = before.names[who] if who is not None else ""
    return f"{name} {action}: allowed; next, {_whose(after)}"


def _value(before: Position, action: Action, after: Position, notes: Mapping[str, Any]) -> dict[str, Any]:
    who = decider(before)
    value: dict[str, Any] = {
        "player": before.names[who] if who is not None else None,
        "action": str(action),
        "allowed": True,
        "next": None if after.over else after.names[decider(after) or 0],
        "next_to": None if after.over else next_to(after),
        "next_turn": None if after.over else after.turn,
        "next_phase": None if after.over else after.phase,
        "next_step": None if after.over else (after.step or None),
        "over": after.over,
        "winner": None if not after.over or after.winner is None else after.names[after.winner],
    }
    value.update(notes)
    return value


def _rules_for(pos: Position, action: Action) -> tuple[str, ...]:
    """The rules that allow a legal action, for ``legal``'s list."""
    verb = action.verb
    if verb == "pass":
        if pos.waiting:
            return ("elestrals.card.conditional",)
        if pos.chain:
            return ("elestrals.chain.closed",)
        if in_window(pos):
            rules = (_WINDOW_RULE[pos.step if pos.phase == "battle" else pos.phase], "elestrals.chain.forming")
            return (*rules, "elestrals.interp.window-chains") if pos.phase in ("draw", "end") else rules
        return ("elestrals.phase.four",)
    if verb == "cast-rune":
        first = action.args[0].upper()
        if len(first) == 2 and first[0] == "R":
            rune = pos.sides[decider(pos) or 0].runes[int(first[1]) - 1]
            if rune is not None and pos.cards[rune.card].rune == "counter":
                return ("elestrals.rune.counter", "elestrals.main.set-then-cast")
            return ("elestrals.main.set-then-cast", "elestrals.main.cast-rune")
        return ("elestrals.main.cast-rune",)
    return {
        "keep": ("elestrals.setup.mulligan",),
        "mulligan": ("elestrals.setup.mulligan",),
        "draw": ("elestrals.phase.draw",),
        "resolve": ("elestrals.chain.newest-first",),
        "normal-cast": (
            "elestrals.main.normal-cast",
            "elestrals.main.spirit-action",
            "elestrals.main.normal-cast-one-spirit",
        ),
        "normal-ascend": ("elestrals.main.normal-ascend", "elestrals.main.spirit-action"),
        "enchant": ("elestrals.main.enchant", "elestrals.main.spirit-action"),
        "expend-draw": ("elestrals.main.expend-draw", "elestrals.main.spirit-action"),
        "set-rune": ("elestrals.main.set-rune",),
        "change-position": ("elestrals.main.position-change",),
        "activate": ("elestrals.main.activate-effect", "elestrals.card.active"),
        "attack": ("elestrals.battle.declare", "elestrals.battle.attack-position"),
        "special-cast": ("elestrals.main.special-cast", "elestrals.chain.next-chain-order"),
        "special-ascend": ("elestrals.main.special-ascend", "elestrals.chain.next-chain-order"),
        "conditional": ("elestrals.card.conditional", "elestrals.chain.next-chain-order"),
    }.get(verb, ("elestrals.phase.four",))


def legal(pos: Position | Game, *, refused: bool = False) -> Ruling:
    """Every action legal now, each with the rules that allow it; with ``refused``, also every action
    refused and why.

    ``value``: ``{"player", "legal": [{"action", "rules"}], "refused": [{"action", "reason", "rules"}]}``.

    Examples:
        >>> r = legal(new_game(seed=3))
        >>> r.verdict
        'P1 to keep or mulligan (before the first turn): 2 legal actions'
        >>> [a["action"] for a in r.value["legal"]]
        ['keep', 'mulligan']
    """
    pos = pos.position if isinstance(pos, Game) else pos
    trace = Trace()
    allowed, denied = [], []
    readings: list[str] = []
    changing: set[str] = set()  # readings under another choice of which some action's legality changes
    for action in candidates(pos):
        why, resting = _legality(pos, action, None)
        readings += resting
        if why is None:
            changing.update(resting)
            rules = tuple(dict.fromkeys((*_rules_for(pos, action), *resting)))
            allowed.append({"action": str(action), "rules": list(rules)})
            trace.add(str(action), rules[0])
        else:
            too = _refused_anyway(pos, action, None, resting)
            changing.update(r for r in resting if r not in too)
            ruling = _refused(pos, action, None, why, resting, too)
            denied.append({"action": str(action), "reason": why[0], "rules": list(ruling.rules)})
    if refused:
        for item in denied:
            trace.add(f"refused: {item['action']}: {item['reason']}", item["rules"][0] if item["rules"] else None)
            # The readings a refusal rests on are named once, below, not as rules that forbid it.
            forbidding = [r for r in item["rules"][1:] if ".interp." not in r]
            trace.also_forbidden(forbidding, f"refused: {item['action']}: ")
    _cite_readings(trace, pos, list(dict.fromkeys(readings)), [r for r in readings if r not in changing])
    if pos.over:
        verdict = _whose(pos)
        trace.add(f"No action is legal: {verdict}", "elestrals.end.ways-to-lose")
    else:
        verdict = f"{_whose(pos).replace(' (', ' (', 1)}: {plural(len(allowed), 'legal action')}"
        verdict = verdict.replace("Setup Phase", "Setup Phase")
    value = {
        "player": None if pos.over else pos.names[decider(pos) or 0],
        "turn": pos.turn,
        "phase": pos.phase,
        "step": pos.step,
        "legal": allowed,
        "refused": denied if refused else [],
    }
    return trace.ruling(verdict, value)


def check(pos: Position | Game, action: Action | str) -> tuple[Position | None, Ruling]:
    """Judge one action: the ruling (legal or not, and why), and the position after it when it is legal.

    Examples:
        >>> after, r = check(new_game(seed=3), "attack E1 E2")
        >>> r.verdict, after is None
        ('P1 attack E1 E2: not allowed: before the game begins each player keeps a hand or takes a mulligan', True)
    """
    pos = pos.position if isinstance(pos, Game) else pos
    action = parse_action(action)
    refused = Game(pos).refusal(action)
    if refused is not None:
        return None, refused
    game, ruling = Game(pos).explain(action)
    return game.position, ruling


# ---------------------------------------------------------------- starting a game

# Invented vanilla cards (no effects) for playing whole games; no publisher card is used.
_VANILLA: dict[str, dict[str, Any]] = {
    "Cinder Cub": {"card_type": "elestral", "cost": ["fire"], "attack": 2, "defense": 1},
    "Ember Whelp": {"card_type": "elestral", "cost": ["fire"], "attack": 1, "defense": 2},
    "Kiln Hound": {"card_type": "elestral", "cost": ["fire", "any"], "attack": 3, "defense": 2},
    "Pyre Colossus": {"card_type": "elestral", "cost": ["fire", "fire", "any"], "attack": 4, "defense": 4},
    "Brook Newt": {"card_type": "elestral", "cost": ["water"], "attack": 1, "defense": 2},
    "Dew Sprite": {"card_type": "elestral", "cost": ["water"], "attack": 2, "defense": 1},
    "Tide Stalker": {"card_type": "elestral", "cost": ["water", "any"], "attack": 2, "defense": 3},
    "Reef Warden": {"card_type": "elestral", "cost": ["water", "water", "any"], "attack": 3, "defense": 4},
    "Moss Pup": {"card_type": "elestral", "cost": ["earth"], "attack": 1, "defense": 2},
    "Thorn Boar": {"card_type": "elestral", "cost": ["earth"], "attack": 2, "defense": 1},
    "Stone Ram": {"card_type": "elestral", "cost": ["earth", "any"], "attack": 3, "defense": 2},
    "Crag Titan": {"card_type": "elestral", "cost": ["earth", "earth", "any"], "attack": 4, "defense": 4},
    "Gust Finch": {"card_type": "elestral", "cost": ["wind"], "attack": 2, "defense": 1},
    "Breeze Kit": {"card_type": "elestral", "cost": ["wind"], "attack": 1, "defense": 1},
    "Squall Lynx": {"card_type": "elestral", "cost": ["wind", "any"], "attack": 3, "defense": 2},
    "Cyclone Roc": {"card_type": "elestral", "cost": ["wind", "wind", "any"], "attack": 4, "defense": 3},
    "Flicker Imp": {"card_type": "elestral", "cost": ["any"], "attack": 2, "defense": 2},
    "Spark Rite": {"card_type": "rune", "cost": ["any"], "subclasses": ["invoke"]},
    "Null Ward": {"card_type": "rune", "cost": ["any"], "subclasses": ["counter"]},
    "Iron Brand": {"card_type": "rune", "cost": ["any"], "subclasses": ["artifact"]},
    "Quiet Altar": {"card_type": "rune", "cost": ["any"], "subclasses": ["divine"]},
    "Ashen Plaza": {"card_type": "rune", "cost": ["any"], "subclasses": ["stadium"]},
}
_RUNES = {"Spark Rite": 3, "Null Ward": 3, "Iron Brand": 3, "Quiet Altar": 3, "Ashen Plaza": 3}
_DECK_LISTS = (
    (
        {"fire": 10, "water": 10},
        {"Cinder Cub": 3, "Ember Whelp": 3, "Brook Newt": 3, "Dew Sprite": 1, "Kiln Hound": 3, "Tide Stalker": 3,
         "Pyre Colossus": 3, "Reef Warden": 3, "Flicker Imp": 3, **_RUNES},
    ),
    (
        {"earth": 10, "wind": 10},
        {"Moss Pup": 3, "Thorn Boar": 3, "Gust Finch": 3, "Breeze Kit": 1, "Stone Ram": 3, "Squall Lynx": 3,
         "Crag Titan": 3, "Cyclone Roc": 3, "Flicker Imp": 3, **_RUNES},
    ),
)  # fmt: skip
_CARDS: dict[str, Card] = {}


def vanilla_cards() -> dict[str, Card]:
    """The invented effect-less cards [`new_game`][rulebook.elestrals.new_game] deals from."""
    if not _CARDS:
        _CARDS.update({name: read_card(name, facts) for name, facts in _VANILLA.items()})
    return dict(_CARDS)


DeckList = tuple[Mapping[str, int], Mapping[str, int]]


def new_game(
    seed: int = 0,
    opts: Mapping[str, object] | None = None,
    *,
    cards: Mapping[str, Card] | None = None,
    decks: Sequence[DeckList] | None = None,
) -> Game:
    """A new game: two 20-Spirit, 40-card decks (by default of invented vanilla cards; else ``decks``, each a
    Spirit Deck by type and a Main Deck by card name, of ``cards``), shuffled by ``seed``, five cards each; the
    first player (P1) decides first whether to keep or mulligan.
    """
    cards = dict(cards) if cards is not None else vanilla_cards()
    import random  # only dealing needs it

    rng = random.Random(seed)
    sides = []
    for spirits, listed in decks or _DECK_LISTS:
        deck = [name for name, n in listed.items() for _ in range(n)]
        assert len(deck) == DECKS["main_deck"] and sum(spirits.values()) == DECKS["spirit_deck"]
        rng.shuffle(deck)
        counts = (*(spirits.get(t, 0) for t in SPIRIT_TYPES), 0)
        hand = DECKS["opening_hand"]
        sides.append(Side(SpiritDeck(counts), tuple(deck[hand:]), tuple(sorted(deck[:hand]))))
    pos = Position(1, 0, "setup", "", (sides[0], sides[1]), cards=cards, opts=options(opts))
    return Game(pos)


def load(path: str, cards_path: str | None = None, opts: Mapping[str, object] | None = None) -> Game:
    """A game from a position file (and a card-facts file)."""
    return Game(read_position(path, cards_path, opts))


_ = (ROW, Elestral, Sequence, split_keywords, position_toml)
