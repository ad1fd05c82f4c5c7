"""Elestrals chain and Limbo on a position: resolving a closed chain, the check between chains, and the
cards and effects that wait in Limbo to open the next chain.

Examples:
    >>> from rulebook.elestrals.game import new_game
    >>> from rulebook.ruling import Trace
    >>> pos = new_game(seed=1).position
    >>> after, report = resolve(pos, Trace())
    >>> report["resolved"]
    []
"""

from __future__ import annotations

from typing import Any

from rulebook.elestrals.abilities import refuse_use, use_effect
from rulebook.elestrals.actions import Action, split_keywords
from rulebook.elestrals.core import POSITIONS, SPIRIT_TYPES, an, lookup_name, plural
from rulebook.elestrals.main_common import Refusal, open_slot
from rulebook.elestrals.resolving import misenchanted_instant, resolve_link
from rulebook.elestrals.state import RUNE_ROW, ChainLink, Elestral, LimboItem, Position, Rune, leave_field, replace
from rulebook.errors import InvalidInputError
from rulebook.ruling import Trace

__all__ = ["between_chains", "chain_waiting", "link_label", "next_in_limbo", "refuse_waiting", "resolve"]


def link_label(pos: Position, number: int, link: ChainLink) -> str:
    """How a link is named in answers: ``"2. P2 Deny"`` (a described link) or ``"1. P1 normal-cast Cub"``."""
    what = link.card if link.kind == "described" else f"{link.kind} {link.card}"
    return f"{number}. {pos.names[link.player]} {what}"


def item_label(pos: Position, item: LimboItem) -> str:
    """How a waiting card or effect is named: ``"P2 Roar"``."""
    return f"{pos.names[item.player]} {item.label or item.card}"


def resolve(pos: Position, trace: Trace) -> tuple[Position, dict[str, Any]]:
    """Resolve the chain, newest link first (a Negated link goes to the Underworld instead), then make the
    check between chains. Returns the position and a report (``resolved``, ``negated`` and what the
    check did)."""
    report: dict[str, Any] = {"resolved": [], "negated": []}
    if not pos.chain:
        return pos, {**report, "underworld": [], "one_more_chain": [], "vanished": []}
    labels = [link_label(pos, i, link) for i, link in enumerate(pos.chain, 1)]
    trace.add("Links in the order added: " + "; ".join(labels), "elestrals.chain.forming")
    trace.add("The chain is closed: no more links can be added", "elestrals.chain.closed")
    chain = pos.chain
    pos = replace(pos, chain=(), closed=False, passed=())
    negated: set[int] = set()
    for number in range(len(chain), 0, -1):
        link = chain[number - 1]
        lost = number in negated
        pos = resolve_link(pos, number, link, lost, trace)
        again = [str(n) for n in link.negates if n in negated and not lost and not misenchanted_instant(pos, link)]
        if again:
            trace.add(
                f"Link {', '.join(again)} was Negated already, by a newer link: Negating it again changes nothing",
                "elestrals.chain.negated",
            )
        report["negated" if lost else "resolved"].append(labels[number - 1])
        if not lost and not misenchanted_instant(pos, link):
            negated.update(link.negates)
        if pos.over:  # the game ended part-way through the chain: nothing after that happens
            trace.add(
                "The game is over: the rest of the chain and the check between chains do not happen",
                "elestrals.end.ways-to-lose",
            )
            return pos, {**report, "underworld": [], "one_more_chain": [], "vanished": []}
    pos, checked = between_chains(pos, trace)
    report.update(checked)
    return pos, report


def _source(pos: Position, item: LimboItem) -> tuple[int, str, int] | None:
    """Where the card a waiting effect comes from is on the field: by reference, or (described) by name."""
    if not item.source:
        return None
    try:
        owner, zone, slot = pos.resolve_ref(item.source, item.player)
        return (owner, zone, slot) if pos.at(item.source, item.player) is not None else None
    except InvalidInputError:
        pass
    for who, side in enumerate(pos.sides):
        for zone, row in (("E", side.elestrals), ("R", side.runes)):
            for slot, card in enumerate(row):
                if card is not None and card.card == item.source:
                    return who, zone, slot
        if side.stadium is not None and side.stadium.card == item.source:
            return who, "S", 0
    return None


def between_chains(pos: Position, trace: Trace) -> tuple[Position, dict[str, list[str]]]:
    """The check between chains: waiting effects of Suppressed cards vanish; then every card with too few
    Spirits and every Artifact Empowering no Elestral goes to the Underworld, except a card whose
    conditional effect waits in Limbo, which stays one more chain."""
    vanished: list[str] = []
    kept: list[LimboItem] = []
    for item in pos.waiting:
        where = _source(pos, item) if item.kind == "conditional" else None
        card = pos.at(f"{pos.names[where[0]]}:{where[1]}{where[2] + 1 if where[1] != 'S' else ''}") if where else None
        if card is not None and card.suppressed:
            vanished.append(item_label(pos, item))
            trace.add(
                f"{item_label(pos, item)} waits in Limbo but its card is Suppressed: it disappears",
                "elestrals.chain.suppressed-vanish",
            )
        else:
            kept.append(item)
    pos = replace(pos, waiting=tuple(kept))
    if kept:
        trace.add("Cards and effects met during the closed chain waited in Limbo", "elestrals.chain.waiting-in-limbo")
    waiting_from = {_source(pos, item) for item in kept if item.kind == "conditional"}
    gone: list[str] = []
    stays: list[str] = []
    changed = True
    while changed:
        changed = False
        for who in (pos.player, 1 - pos.player):
            side = pos.sides[who]
            for zone, row in (("E", side.elestrals), ("R", side.runes), ("S", (side.stadium,))):
                for slot, card in enumerate(row):
                    if card is None or (isinstance(card, Rune) and card.set):
                        continue
                    facts = pos.cards[card.card]
                    short = len(card.spirits) < len(facts.cost)
                    lonely = isinstance(card, Rune) and facts.rune == "artifact" and not card.empowering
                    if not (short or lonely) or (card.card in stays and (who, zone, slot) in waiting_from):
                        continue
                    why = (
                        f"has {plural(len(card.spirits), 'Spirit')} for a cost of {len(facts.cost)}"
                        if short
                        else "Empowers no Elestral"
                    )
                    if short:
                        trace.add(
                            f"{card.card} stayed for the whole chain: Spirits are checked only between chains",
                            "elestrals.advanced.last-spirit-cost",
                        )
                    if (who, zone, slot) in waiting_from:
                        stays.append(card.card)
                        trace.add(
                            f"{card.card} fails the check (it {why}) but stays one more chain: "
                            "its conditional effect waits",
                            "elestrals.chain.one-more-chain",
                        )
                        continue
                    if lonely and not short:
                        trace.add("An Artifact follows the Elestral it Empowered", "elestrals.rune.artifact")
                    trace.add(
                        f"Between chains: {card.card} {why}, so it goes to the Underworld",
                        "elestrals.chain.between-chains",
                    )
                    if card.spirits:
                        trace.add("Its Spirits go to the Underworld with it", "elestrals.interp.spirits-follow-card")
                    pos = leave_field(pos, who, zone, slot, trace)
                    gone.append(card.card)
                    changed = True
                    break
                if changed:
                    break
            if changed:
                break
    return pos, {"underworld": gone, "one_more_chain": stays, "vanished": vanished}


def next_in_limbo(pos: Position) -> int | None:
    """The player who chains their waiting items next when the next chain opens: the turn player first."""
    for who in (pos.player, 1 - pos.player):
        if any(item.player == who for item in pos.waiting):
            return who
    return None


def _item(pos: Position, who: int, action: Action) -> tuple[int, LimboItem] | None:
    head, _ = split_keywords(action.args)
    for i, item in enumerate(pos.waiting):
        if item.player != who or item.kind != action.verb:
            continue
        if action.verb == "special-ascend":
            if len(head) >= 2 and head[1] == item.card:
                return i, item
        elif head and head[0] in (item.card, item.label):
            return i, item
    return None


def refuse_waiting(pos: Position, who: int, action: Action) -> Refusal | None:
    """Why ``who`` may not chain this waiting card or effect now, or ``None``."""
    found = _item(pos, who, action)
    theirs = _item(pos, 1 - who, action)
    if found is None and theirs is not None:
        other = pos.names[1 - who]
        return f"that waiting item is {other}'s: {other} chains it", ("elestrals.chain.next-chain-order",)
    if found is None:
        if action.verb in ("special-cast", "special-ascend"):
            return (
                f"{an(action.verb.replace('-', ' ').title())} happens only as an effect instructs: the card must be "
                "waiting in Limbo",
                ("elestrals.main.special-cast", "elestrals.chain.waiting-in-limbo"),
            )
        return "no such conditional effect waits in Limbo", ("elestrals.chain.waiting-in-limbo",)
    _, item = found
    if pos.chain and pos.closed:
        return (
            "it waits in Limbo for the closed chain to resolve and joins the next one",
            ("elestrals.chain.waiting-in-limbo",),
        )
    if next_in_limbo(pos) != who:
        return (
            f"{pos.names[pos.player]}, the turn player, chains their waiting cards and effects first",
            ("elestrals.chain.next-chain-order",),
        )
    head, parts = split_keywords(action.args)
    if item.kind == "conditional" and pos.cards.get(item.card) and pos.cards[item.card].effects:
        from rulebook.elestrals.abilities import target_choices

        effect = pos.cards[item.card].effects[item.effect]
        if not target_choices(pos, who, effect, item.source):
            if parts:
                return "no target is left to choose: chain it with no targets", ("elestrals.advanced.targets-needed",)
            return None
        return refuse_use(pos, who, pos.cards[item.card], effect.trigger, item.source, parts, item.effect)
    if item.kind == "special-cast":
        if open_slot(pos, who, "E") is None:
            return "all Elestral Row slots are filled; only Ascending is possible", ("elestrals.zone.elestral-row",)
        _position(head[1:])
        if not pos.sides[who].spirit_deck.can_pay(pos.cards[item.card].cost):
            return "the Spirit Deck cannot meet its Enchantment Cost", ("elestrals.main.special-cast",)
    if item.kind == "special-ascend":
        owner, zone, slot = pos.resolve_ref(head[0], who)
        if owner != who or zone != "E" or pos.sides[who].elestrals[slot] is None:
            return f"there is no Elestral of yours at {head[0]} to Ascend from", ("elestrals.main.special-ascend",)
        _position(head[2:])
        if pos.sides[who].spirit_deck.size == 0:
            return "the Spirit Deck has no Spirit for the first one", ("elestrals.main.special-ascend",)
    return None


def _position(words: list[str]) -> str:
    return lookup_name("Position", words[0], POSITIONS) if words else "attack"


def chain_waiting(pos: Position, who: int, action: Action, trace: Trace) -> Position:
    """Chain a waiting card or effect as a new link (the next chain opening)."""
    found = _item(pos, who, action)
    assert found is not None
    index, item = found
    pos = replace(pos, waiting=pos.waiting[:index] + pos.waiting[index + 1 :])
    head, parts = split_keywords(action.args)
    name = pos.names[who]
    number = len(pos.chain) + 1
    if item.kind == "conditional":
        trace.add(
            f"{name} chains the waiting effect {item.label or item.card} as link {number}",
            "elestrals.chain.next-chain-order",
        )
        link = ChainLink(who, "conditional", item.card, item.source, effect=item.effect)
        facts = pos.cards.get(item.card)
        if facts is not None and facts.effects and parts:
            pos, link = use_effect(pos, who, facts, "", item.source, parts, trace, item.effect)
        return replace(pos, chain=(*pos.chain, link._replace(effect=item.effect)), passed=())
    elif item.kind == "special-cast":
        slot = open_slot(pos, who, "E")
        assert slot is not None
        deck = pos.sides[who].spirit_deck
        spirits = []
        for kind in sorted(pos.cards[item.card].cost, key=lambda t: t == "&"):
            try:
                deck, got = deck.take(kind)
            except ValueError:  # none of that type is left: the next Spirit revealed is of another
                deck, got = deck.take("&")
            spirits.append(got)
        pos = pos.with_side(who, replace(pos.sides[who], spirit_deck=deck))
        link = ChainLink(who, "special-cast", item.card, f"E{slot + 1}", _position(head[1:]), tuple(sorted(spirits)))
        trace.add(
            f"Reveal Spirits until its Enchantment Cost is met: {', '.join(spirits) or 'none'}",
            "elestrals.main.special-cast",
        )
        trace.add(
            "Special Cast and Special Ascend do not use the once-per-turn Spirit action", "elestrals.main.special-cast"
        )
    else:
        slot = pos.resolve_ref(head[0], who)[2]
        old = pos.sides[who].elestrals[slot]
        assert old is not None
        deck, first = pos.sides[who].spirit_deck.take("&")
        pos = pos.with_side(who, replace(pos.sides[who], spirit_deck=deck))
        spirits = (first, *old.spirits)
        pos = leave_field(pos, who, "E", slot, trace, keep_spirits=True, why="Ascends")
        link = ChainLink(
            who,
            "special-ascend",
            item.card,
            f"E{slot + 1}",
            _position(head[2:]),
            tuple(sorted(spirits)),
            source=old.card,
        )
        trace.add(
            "Spirits beyond the first must come from the field or the Ascending Elestral",
            "elestrals.main.special-ascend",
        )
        trace.add(
            "Special Cast and Special Ascend do not use the once-per-turn Spirit action", "elestrals.main.special-cast"
        )
    trace.add(f"It joins the chain as link {number}", "elestrals.chain.forming")
    return replace(pos, chain=(*pos.chain, link), passed=())


_ = (SPIRIT_TYPES, RUNE_ROW, Elestral)
