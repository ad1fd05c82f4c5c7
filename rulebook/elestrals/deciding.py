"""Elestrals decisions: whose decision it is in a position, and every action worth asking about.

[`candidates`][rulebook.elestrals.deciding.candidates] lists the legal actions and the near misses in a fixed order;
the game's [`refusal`][rulebook.elestrals.game.Game.refusal] decides which are legal.

Examples:
    >>> from rulebook.elestrals.game import new_game
    >>> pos = new_game(seed=1).position
    >>> decider(pos), [str(a) for a in candidates(pos)]
    (0, ['keep', 'mulligan'])
"""

from __future__ import annotations

from collections.abc import Sequence

import rulebook.elestrals.chain as _chain
from rulebook.elestrals.abilities import use_words
from rulebook.elestrals.actions import Action
from rulebook.elestrals.cards import Card
from rulebook.elestrals.effects import CardEffect
from rulebook.elestrals.main_common import open_slot
from rulebook.elestrals.payments import field_payments
from rulebook.elestrals.state import Elestral, Position, Side, window_open

__all__ = ["NEXT_TO", "candidates", "decider", "in_window", "next_to"]


def in_window(pos: Position) -> bool:
    return (
        not pos.chain
        and not pos.waiting
        and (
            (pos.phase == "draw" and pos.step == "window")
            or pos.phase == "end"
            or (pos.phase == "battle" and pos.step != "")
        )
    )


def decider(pos: Position) -> int | None:
    """The player who decides next (0 or 1), or ``None`` when the game is over."""
    if pos.over:
        return None
    if pos.phase == "setup":
        for who in (pos.player, 1 - pos.player):
            if not pos.sides[who].kept:
                return who
        return pos.player
    if pos.chain and pos.closed:
        return pos.player
    if pos.waiting:
        found = _chain.next_in_limbo(pos)
        return pos.player if found is None else found
    if pos.chain:
        last = pos.chain[-1].player
        for who in (1 - last, last):
            if who not in pos.passed:
                return who
        return pos.player
    if in_window(pos):
        for who in (pos.player, 1 - pos.player):
            if who not in pos.passed and window_open(pos, who):
                return who
    return pos.player


def _hand_names(side: Side, pos: Position, kind: str) -> list[str]:
    return [n for n in dict.fromkeys(side.hand) if n != "?" and pos.cards[n].card_type == kind]


def _paid(pos: Position, who: int, head: tuple[str, ...], cost: Sequence[str]) -> list[Action]:
    """The Instant Rune's casts paid (in part) with Spirits Enchanting its caster's cards, one per payment."""
    return [Action("cast-rune", (*head, "paying", *pay)) for pay in field_payments(pos, who, cost)]


def _uses(pos: Position, who: int, actions: list[Action], effect: CardEffect, source: str) -> list[Action]:
    """Each action once per distinct choice of the effect's targets and payment (kept as it is when there is none,
    so that ``legal`` can say why it is refused)."""
    words = use_words(pos, who, effect, source)
    if words in ([], [()]):
        return actions
    return [Action(a.verb, (*a.args, *w)) for a in actions for w in words]


def _rune_uses(pos: Position, who: int, casts: list[Action], card: Card) -> list[Action]:
    found = [e for e in card.effects if e.trigger == "resolve"]
    return _uses(pos, who, casts, found[0], "") if found and card.instant else casts


def candidates(pos: Position, *, prune: bool = False) -> list[Action]:
    """Every action worth asking about now (the legal ones and the near misses), in a fixed order.

    With ``prune``, actions that a shared condition already refuses (a used Spirit action, a full row, an
    Elestral that attacked) are left out; the legal ones are the same either way.
    """
    who = decider(pos)
    if who is None:
        return []
    if pos.phase == "setup":
        return [Action("keep"), Action("mulligan")]
    if pos.chain and pos.closed:
        return [Action("resolve")]
    if pos.phase == "draw" and pos.step == "draw":
        return [Action("draw")]
    if pos.waiting:
        return [*_waiting(pos, who), Action("pass")]
    out = _answers(pos, who)
    if pos.phase == "main" and not pos.chain and who == pos.player:
        out += _spirit_actions(pos, who, prune) + _hand_runes(pos, who, prune)
        for ref, el in _row(pos, who):
            if not prune or (not el.cast and not el.changed):
                out.append(Action("change-position", (ref,)))
    if pos.phase == "battle" and pos.step == "" and who == pos.player:
        theirs = [ref for ref, _ in _row(pos, 1 - who)]
        for ref, el in _row(pos, who):
            if not prune or (el.position == "attack" and not el.attacked):
                out += [Action("attack", (ref, target)) for target in theirs or ["spirit-deck"]]
    out.append(Action("pass"))
    return out


def _row(pos: Position, who: int) -> list[tuple[str, Elestral]]:
    return [(f"E{i + 1}", e) for i, e in enumerate(pos.sides[who].elestrals) if e is not None]


def _waiting(pos: Position, who: int) -> list[Action]:
    """Chaining the decider's cards and effects waiting in Limbo."""
    out: list[Action] = []
    for item in pos.waiting:
        if item.player != who:
            continue
        if item.kind == "conditional":
            plain = [Action("conditional", (item.label or item.card,))]
            facts = pos.cards.get(item.card)
            if facts is not None and facts.effects:
                plain = _uses(pos, who, plain, facts.effects[item.effect], item.source)
            out += plain
        elif item.kind == "special-cast":
            out += [Action("special-cast", (item.card, p)) for p in ("attack", "defense")]
        else:
            for ref, _ in _row(pos, who):
                out += [Action("special-ascend", (ref, item.card, p)) for p in ("attack", "defense")]
    return out


def _answers(pos: Position, who: int) -> list[Action]:
    """Casting Set Runes and activating effects, which may answer a chain or start one."""
    side = pos.sides[who]
    out: list[Action] = []
    for slot, rune in enumerate(side.runes):
        if rune is not None and rune.set and (pos.cards[rune.card].rune == "counter" or pos.phase == "main"):
            casts = [Action("cast-rune", (f"R{slot + 1}",))]
            if pos.cards[rune.card].instant:
                casts += _paid(pos, who, (f"R{slot + 1}",), pos.cards[rune.card].cost)
            out += _rune_uses(pos, who, casts, pos.cards[rune.card])
    cards = [(ref, e) for ref, e in _row(pos, who)]
    cards += [(f"R{i + 1}", r) for i, r in enumerate(side.runes) if r and not r.set]
    cards += [("S", side.stadium)] if side.stadium is not None else []
    for ref, card in cards:
        facts = pos.cards[card.card]
        if facts.category != "active":
            continue
        found = [e for e in facts.effects if e.trigger == "activate"]
        out += _uses(pos, who, [Action("activate", (ref,))], found[0], ref) if found else [Action("activate", (ref,))]
    return out


def _spirit_actions(pos: Position, who: int, prune: bool) -> list[Action]:
    """The Spirit action's four: Normal Cast, Normal Ascend, Enchant, Expend to draw."""
    side = pos.sides[who]
    if prune and (side.spirit_action or side.spirit_deck.size == 0):
        return []
    out: list[Action] = []
    elestral_cards = _hand_names(side, pos, "elestral")
    open_row = not prune or open_slot(pos, who, "E") is not None
    for name in elestral_cards:
        if open_row and (not prune or len(pos.cards[name].cost) <= 1):
            out += [Action("normal-cast", (name, p)) for p in ("attack", "defense")]
    refs = [ref for ref, _ in _row(pos, who)]
    for ref in refs:
        for name in elestral_cards:
            out += [Action("normal-ascend", (ref, name, p)) for p in ("attack", "defense")]
    kinds = side.spirit_deck.types()
    divine = [f"R{i + 1}" for i, r in enumerate(side.runes) if r and not r.set and pos.cards[r.card].rune == "divine"]
    for ref in refs + divine:
        out += [Action("enchant", (ref, kind)) for kind in kinds] if kinds else [Action("enchant", (ref,))]
    out += [Action("expend-draw", (kind,)) for kind in kinds] if kinds else [Action("expend-draw")]
    return out


def _hand_runes(pos: Position, who: int, prune: bool) -> list[Action]:
    """Setting and Casting the Runes in hand, each way of paying and targeting."""
    side = pos.sides[who]
    out: list[Action] = []
    open_runes = open_slot(pos, who, "R") is not None
    for name in _hand_names(side, pos, "rune"):
        card = pos.cards[name]
        if card.rune != "stadium" and (open_runes or not prune):
            out.append(Action("set-rune", (name,)))
        if card.rune == "artifact":
            for w in (who, 1 - who):
                for ref, _ in _row(pos, w):
                    target = ref if w == who else f"{pos.names[w]}:{ref}"
                    out.append(Action("cast-rune", (name, "empowering", target)))
        elif card.rune == "invoke" and not open_runes:
            replacing = [Action("cast-rune", (name, "replacing", f"R{i + 1}")) for i, r in enumerate(side.runes) if r]
            out += _rune_uses(pos, who, replacing, card)
        else:
            casts = [Action("cast-rune", (name,))]
            if card.rune == "invoke":
                casts += _paid(pos, who, (name,), card.cost)
            out += _rune_uses(pos, who, casts, card)
    return out


#: What the next decider is asked to do (the JSON's ``next_to``), in the words of an answer.
NEXT_TO: dict[str, str] = {
    "resolve": "resolve the closed chain",
    "chain-waiting": "chain what waits in Limbo",
    "respond": "respond to the chain",
    "keep-or-mulligan": "keep or mulligan",
    "act": "act",
}


def next_to(pos: Position) -> str:
    """What the next decider is asked to do: a key of ``NEXT_TO``.

    Examples:
        >>> from rulebook.elestrals.game import new_game
        >>> next_to(new_game(seed=1).position)
        'keep-or-mulligan'
    """
    if pos.chain and pos.closed:
        return "resolve"
    if pos.waiting:
        return "chain-waiting"
    if pos.chain:
        return "respond"
    return "keep-or-mulligan" if pos.phase == "setup" else "act"
