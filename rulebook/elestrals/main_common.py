"""What every Elestrals Main Phase check and move shares: a refusal's shape, the turn player's timing, a card's
status on the field, an open slot, a card named from hand, the Spirits a reveal can take, a link added to the chain.

[`rulebook.elestrals.main_phase`][rulebook.elestrals.main_phase] checks and carries out each action with these;
[`rulebook.elestrals.rune_casting`][rulebook.elestrals.rune_casting] does the same for Casting a Rune.

Examples:
    >>> from rulebook.elestrals.game import new_game
    >>> pos = new_game(seed=1).apply("keep").apply("keep").position
    >>> main_timing(pos, 1 - pos.player, "Enchanting")
    ("Enchanting is an action of the turn player's Main Phase", ('elestrals.glossary.main-phase',))
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.elestrals.cards import card_status
from rulebook.elestrals.state import (
    ChainLink,
    Elestral,
    Position,
    Rune,
    Stadium,
    replace,
)
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.ruling import Trace

#: The rule refusing what waits for an active chain to resolve.
NO_CHAIN = "elestrals.main.no-active-chain"
#: An action's keyword parts (``paying``, ``replacing``, ``targeting`` ...) and its head words.
Parts = dict[str, list[str]]
Head = list[str]
#: Why an action is refused: the reason in words and the rules that refuse it.
Refusal = tuple[str, tuple[str, ...]]


def no(reason: str, *rules: str) -> Refusal:
    """A refusal: ``reason`` and the ``rules`` that decide it.

    Examples:
        >>> no("the Spirit Deck is empty", "elestrals.main.cast-rune")
        ('the Spirit Deck is empty', ('elestrals.main.cast-rune',))
    """
    return reason, rules


def status(pos: Position, card: Elestral | Rune | Stadium) -> str:
    """A card's status on the field: ``enchanted``, ``misenchanted``, ``too-few`` or ``suppressed``."""
    if card.suppressed:
        return "suppressed"
    return card_status(pos.cards[card.card].cost, card.spirits)


def open_slot(pos: Position, who: int, zone: str) -> int | None:
    """The first open slot (0-based) of ``who``'s Elestral Row (``zone`` ``"E"``) or Rune Row (``"R"``), one no
    pending effect has reserved; ``None`` when the row is full.

    Examples:
        >>> from rulebook.elestrals.game import new_game
        >>> pos = new_game(seed=1).apply("keep").apply("keep").position
        >>> open_slot(pos, pos.player, "R")
        0
    """
    side = pos.sides[who]
    row = side.elestrals if zone == "E" else side.runes
    reserved = pos.reserved(who)
    return next((i for i, c in enumerate(row) if c is None and f"{zone}{i + 1}" not in reserved), None)


def main_timing(pos: Position, who: int, action: str) -> Refusal | None:
    """The conditions every Main Phase action shares: the turn player's Main Phase, no chain active."""
    if pos.phase != "main":
        return no(
            f"{action} is a Main Phase action, and this is the {pos.phase.capitalize()} Phase",
            "elestrals.glossary.main-phase",
        )
    if who != pos.player:
        return no(f"{action} is an action of the turn player's Main Phase", "elestrals.glossary.main-phase")
    if pos.chain or pos.waiting:
        return no("a chain is active; Main Phase actions wait until it has resolved", NO_CHAIN)
    return None


def hand_card(pos: Position, name: str, kind: str) -> str:
    """The card ``name`` (spaces tidied) of the given ``kind`` (``"elestral"`` or ``"rune"``); raises
    [`UnknownNameError`][rulebook.errors.UnknownNameError] for a card the position holds no facts of and
    [`InvalidInputError`][rulebook.errors.InvalidInputError] for a card of another kind."""
    clean = " ".join(name.split())
    if clean not in pos.cards:
        err = UnknownNameError("card", clean, sorted(pos.cards))
        if not err.suggestions:  # not a typo: a card the position holds no facts of (a saved one keeps its own)
            err.args = (f"{err}; a card the position does not hold needs its facts: give them with --cards",)
        raise err
    if pos.cards[clean].card_type != kind:
        raise InvalidInputError(f"{clean!r} is not {'an Elestral' if kind == 'elestral' else 'a Rune'}")
    return clean


def reveal_problem(
    pos: Position, who: int, kinds: Sequence[str], n: int, rule: str = "elestrals.main.normal-cast"
) -> Refusal | None:
    """Why the Spirit Deck cannot give the Spirits of ``kinds`` (empty, or none of a kind left), under ``rule``."""
    deck = pos.sides[who].spirit_deck
    if deck.size == 0:
        return no("the Spirit Deck is empty: there is no Spirit to choose", rule)
    for kind in kinds:
        if deck.bounded and not deck.count(kind) and not deck.count("?"):
            have = ", ".join(deck.types()) or "none"
            return no(f"there is no {kind} Spirit in the Spirit Deck (it holds {have})", rule)
    return None


def add_link(pos: Position, link: ChainLink | tuple[Position, ChainLink], trace: Trace) -> Position:
    """The position with ``link`` added to the chain (forming it as link 1, or joining it), written in ``trace``."""
    if not isinstance(link, ChainLink):
        pos, link = link
    number = len(pos.chain) + 1
    if number == 1:
        trace.add("It forms a chain as link 1; the other player may respond", "elestrals.chain.forming")
        if pos.phase in ("draw", "end") and link.player != pos.player:
            trace.add(
                f"{pos.names[link.player]} may start a chain in the {pos.phase.capitalize()} Phase though it is not "
                "their turn (option window-chains=both)",
                "elestrals.interp.window-chains",
            )
    else:
        trace.add(f"It joins the chain as link {number}", "elestrals.chain.forming")
    return replace(pos, chain=(*pos.chain, link), passed=())


def has_target(pos: Position, who: int, target: str) -> bool:
    """Whether anything on the field can be the ``target`` an effect names (``player``, ``elestral``,
    ``your-elestral``, ``opposing-elestral``, ``rune`` or any card)."""
    mine, theirs = pos.sides[who], pos.sides[1 - who]
    if target == "player":
        return True
    elestrals = {
        "elestral": [*mine.elestrals, *theirs.elestrals],
        "your-elestral": list(mine.elestrals),
        "opposing-elestral": list(theirs.elestrals),
    }
    if target in elestrals:
        return any(e is not None for e in elestrals[target])
    runes = [r for s in pos.sides for r in s.runes if r is not None]
    if target == "rune":
        return bool(runes)
    return (
        bool(runes) or any(e is not None for s in pos.sides for e in s.elestrals) or any(s.stadium for s in pos.sides)
    )
