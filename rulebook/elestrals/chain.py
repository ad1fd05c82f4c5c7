"""Elestrals chain and Limbo."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

from rulebook.elestrals.core import _count
from rulebook.errors import InvalidInputError
from rulebook.ruling import Ruling, Trace

__all__ = ["Chain", "FieldCard", "Link", "Waiting", "parse_chain", "resolve_chain"]

# ---------------------------------------------------------------- the chain


@dataclass(frozen=True, slots=True)
class Link:
    """A chain link: who added it, what it is, and which earlier links (by number) it Negates."""

    player: str
    name: str
    negates: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Waiting:
    """A card or effect waiting in Limbo during a closed chain; ``source`` is the card it comes from."""

    player: str
    name: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class FieldCard:
    """A card checked between chains: its Spirits against its cost; an Artifact's Elestral; Suppressed."""

    name: str
    spirits: int | None = None
    cost: int | None = None
    artifact: bool = False
    empowering: str = ""
    suppressed: bool = False


@dataclass(frozen=True)
class Chain:
    """A described chain: players in turn order (the turn player first), links, waiting items, cards."""

    players: tuple[str, ...]
    links: tuple[Link, ...]
    waiting: tuple[Waiting, ...] = ()
    cards: tuple[FieldCard, ...] = field(default_factory=tuple)


_CHAIN_FORMAT = (
    "'players P1 P2', 'link PLAYER NAME [negates N]', 'waiting PLAYER NAME [from CARD]' or "
    "'card NAME spirits=N cost=N | artifact empowering=NAME|none | suppressed'"
)


def parse_chain(text: str) -> Chain:
    """Read a chain file, one statement per line (``#`` starts a comment):

    ``players P1 P2`` (turn order, turn player first); ``link PLAYER NAME [negates N[,M]]`` (links in the
    order added, numbered from 1); ``waiting PLAYER NAME [from CARD]`` (items put in Limbo while the chain
    was closed); ``card NAME spirits=N cost=N``, ``card NAME artifact empowering=ELESTRAL|none`` or
    ``card NAME suppressed`` (cards for the check between chains). Names with spaces are quoted.

    Examples:
        >>> c = parse_chain('players P1 P2\\nlink P1 "Dragon"\\nlink P2 Deny negates 1')
        >>> c.links[1]
        Link(player='P2', name='Deny', negates=(1,))
        >>> parse_chain("players P1 P2\\nlink P3 X")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 2: unknown player 'P3'; the players line names P1, P2
    """
    players: tuple[str, ...] = ()
    links: list[Link] = []
    waiting: list[Waiting] = []
    cards: list[FieldCard] = []
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"line {number}: "
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            words = shlex.split(line)
        except ValueError as err:
            raise InvalidInputError(f"{where}{err}; close the quotes around a name") from None
        head, rest = words[0].lower(), words[1:]
        if head == "players":
            if len(rest) < 2 or len(set(rest)) != len(rest):
                raise InvalidInputError(f"{where}'players' names two or more different players, turn player first")
            players = tuple(rest)
            continue
        if head not in ("link", "waiting", "card"):
            raise InvalidInputError(f"{where}cannot read {line!r}; write {_CHAIN_FORMAT}")
        if head == "card":
            cards.append(_parse_card(rest, where))
            continue
        if not players:
            raise InvalidInputError(f"{where}name the players first ('players P1 P2', turn player first)")
        if len(rest) < 2:
            raise InvalidInputError(f"{where}{head} needs a player and a name, e.g. '{head} P1 Dragon'")
        if rest[0] not in players:
            raise InvalidInputError(f"{where}unknown player {rest[0]!r}; the players line names {', '.join(players)}")
        if head == "link":
            name, negates = _split_keyword(rest[1:], "negates", where)
            targets = tuple(_count(n, "a Negated link number", where) for n in negates.split(",")) if negates else ()
            for t in targets:
                if not links:
                    raise InvalidInputError(f"{where}the first link has no earlier link to Negate")
                if not 1 <= t <= len(links):
                    raise InvalidInputError(
                        f"{where}link {len(links) + 1} can only Negate an earlier link (1 to {len(links)}), not {t}"
                    )
            links.append(Link(rest[0], name, targets))
        else:
            name, source = _split_keyword(rest[1:], "from", where)
            waiting.append(Waiting(rest[0], name, source))
    if not players:
        raise InvalidInputError("the chain file names no players; start with 'players P1 P2' (turn player first)")
    if not links:
        raise InvalidInputError("the chain file has no 'link' line; a chain has at least one link")
    return Chain(players, tuple(links), tuple(waiting), tuple(cards))


def _split_keyword(words: list[str], keyword: str, where: str) -> tuple[str, str]:
    if keyword in words:
        i = words.index(keyword)
        if i == 0 or i != len(words) - 2:
            raise InvalidInputError(f"{where}write NAME {keyword} VALUE, with one value after {keyword!r}")
        return " ".join(words[:i]), words[i + 1]
    return " ".join(words), ""


def _parse_card(words: list[str], where: str) -> FieldCard:
    if not words:
        raise InvalidInputError(f"{where}card needs a name")
    values: dict[str, Any] = {"name": words[0]}
    for word in words[1:]:
        key, sep, raw = word.partition("=")
        key = key.lower()
        if key in ("artifact", "suppressed") and not sep:
            values[key] = True
        elif key in ("spirits", "cost") and sep:
            values[key] = _count(raw, key, where)
        elif key == "empowering" and sep and raw:
            values["empowering"] = raw
            values["artifact"] = True
        else:
            raise InvalidInputError(
                f"{where}cannot read {word!r} for card {words[0]!r}; use spirits=N cost=N, empowering=NAME, suppressed"
            )
    if (values.get("spirits") is None) != (values.get("cost") is None):
        raise InvalidInputError(f"{where}card {words[0]!r} needs both spirits=N and cost=N to be checked")
    return FieldCard(**values)


def resolve_chain(chain: Chain | str) -> Ruling:
    """Resolve a closed chain: newest link first, Negated links to the Underworld; then the check between
    chains; then the order in which waiting cards and effects join the next chain.

    ``value``: ``{"resolved": [...], "negated": [...], "underworld": [...], "one_more_chain": [...],
    "vanished": [...], "next_chain": [...], "next_resolution": [...]}``; link names are written
    ``"N. PLAYER NAME"``.

    Examples:
        >>> r = resolve_chain('players P1 P2\\nlink P1 Dragon\\nlink P2 Deny negates 1\\nlink P1 Rebuke negates 2')
        >>> r.value["resolved"], r.value["negated"]
        (['3. P1 Rebuke', '1. P1 Dragon'], ['2. P2 Deny'])
    """
    if isinstance(chain, str):
        chain = parse_chain(chain)
    trace = Trace()
    label = [f"{i}. {link.player} {link.name}" for i, link in enumerate(chain.links, 1)]
    trace.add("Links in the order added: " + "; ".join(label), "elestrals.chain.forming")
    trace.add("The chain is closed: no more links can be added", "elestrals.chain.closed")
    negated: set[int] = set()
    resolved: list[str] = []
    lost: list[str] = []
    for i in range(len(chain.links), 0, -1):
        link = chain.links[i - 1]
        if i in negated:
            lost.append(label[i - 1])
            trace.add(
                f"Link {label[i - 1]} is Negated: it goes to the Underworld instead of resolving",
                "elestrals.chain.negated",
            )
            continue
        resolved.append(label[i - 1])
        extra = f", Negating link {', '.join(map(str, link.negates))}" if link.negates else ""
        trace.add(f"Link {label[i - 1]} resolves{extra}", "elestrals.chain.newest-first")
        negated.update(link.negates)
    if any(link.negates for link in chain.links):
        trace.add("A Negated action's costs and permission stay spent", "elestrals.glossary.negate")
    waiting_from = {w.source for w in chain.waiting if w.source}
    underworld, stays = [], []
    for card in chain.cards:
        short = card.spirits is not None and card.cost is not None and card.spirits < card.cost
        lonely = card.artifact and card.empowering.lower() in ("", "none")
        if not (short or lonely):
            continue
        why = f"{card.spirits} Spirit(s) for a cost of {card.cost}" if short else "an Artifact Empowering no Elestral"
        rule = "elestrals.chain.between-chains" if short else "elestrals.rune.artifact"
        if short:
            trace.add(
                f"{card.name} stayed for the whole chain: Spirits are checked only between chains",
                "elestrals.advanced.last-spirit-cost",
            )
        if card.name in waiting_from:
            stays.append(card.name)
            trace.add(
                f"{card.name} fails the check ({why}) but stays one more chain: its conditional effect waits",
                "elestrals.chain.one-more-chain",
            )
        else:
            underworld.append(card.name)
            trace.add(f"Between chains: {card.name} has {why}, so it goes to the Underworld", rule)
    suppressed = {c.name for c in chain.cards if c.suppressed}
    vanished = [f"{w.player} {w.name}" for w in chain.waiting if w.source in suppressed]
    for item in vanished:
        trace.add(
            f"{item} waits in Limbo but its card is Suppressed: it disappears", "elestrals.chain.suppressed-vanish"
        )
    ready = [w for w in chain.waiting if w.source not in suppressed]
    if chain.waiting:
        trace.add("Cards and effects met during the closed chain waited in Limbo", "elestrals.chain.waiting-in-limbo")
    next_chain = [f"{w.player} {w.name}" for p in chain.players for w in ready if w.player == p]
    if next_chain:
        trace.add(
            f"The next chain opens: {chain.players[0]} (turn player) adds their waiting items first, then "
            + ", ".join(chain.players[1:])
            + "; each player's own in the order listed",
            "elestrals.chain.next-chain-order",
        )
        trace.add(
            "Each player's waiting items go on in the order listed, standing for their choice",
            "elestrals.interp.limbo-order",
        )
        trace.add("Newest first, so the turn player's waiting items resolve last", "elestrals.advanced.simultaneous")
    verdict = "Resolution order: " + (", ".join(resolved) or "nothing resolves")
    if lost:
        verdict += f"; Negated: {', '.join(lost)}"
    return trace.ruling(
        verdict,
        {
            "resolved": resolved,
            "negated": lost,
            "underworld": underworld,
            "one_more_chain": stays,
            "vanished": vanished,
            "next_chain": next_chain,
            "next_resolution": list(reversed(next_chain)),
        },
    )
