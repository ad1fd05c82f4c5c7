"""Elestrals: paying for a Cast, an Ascend or a Rune with Spirits: which Spirits of the Spirit Deck or the field
pay a cost, whether their types meet it, and what an Ascend may add from other cards.

Examples:
    >>> split_payment(["fire", "E1:water"], ["fire", "any"])
    (['fire'], ['E1:water'])
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.elestrals.cards import card_status
from rulebook.elestrals.core import SPIRIT_TYPES, lookup_name, plural
from rulebook.elestrals.state import Elestral, Position, Rune, Stadium
from rulebook.errors import InvalidInputError
from rulebook.ruling import Trace

__all__ = [
    "MAX_PAYMENTS",
    "ascend_reveal",
    "cast_type_problem",
    "deck_payment",
    "field_payments",
    "field_spirit_problem",
    "note_misenchanted_cast",
    "siphon_problem",
    "split_payment",
]

#: Why an action is refused: the reason and the rules that refuse it.
Refusal = tuple[str, tuple[str, ...]]


def split_payment(words: Sequence[str], cost: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split a ``paying`` list into Spirits from the Spirit Deck (types) and from the field (``E1:fire``)."""
    deck, field = [], []
    for word in words:
        if ":" in word and not word.lower().startswith(("p1:", "p2:")) and word[0].upper() in "ERS":
            ref, _, kind = word.partition(":")
            field.append(f"{ref.upper()}:{lookup_name('Spirit type', kind, SPIRIT_TYPES)}")
        elif word.count(":") == 2:
            raise InvalidInputError(f"pay with your own cards' Spirits (E1:fire), not {word!r}")
        else:
            deck.append(lookup_name("Spirit type", word, SPIRIT_TYPES))
    if words and len(deck) + len(field) != len(cost):
        raise InvalidInputError(
            f"paying names {plural(len(deck) + len(field), 'Spirit')} for a cost of {len(cost)}; name exactly "
            f"{len(cost)} (elestrals.main.rune-exact-spirits)"
        )
    return deck, field


def deck_payment(pos: Position, who: int, cost: Sequence[str]) -> list[str] | None:
    """Spirits from the Spirit Deck meeting ``cost`` (typed positions by type, ``&`` by the most plentiful); under
    option ``cast-types=any``, when the types cannot be met, as many Spirits of any types (the card comes in
    Misenchanted)."""
    typed = _deck_payment(pos, who, cost)
    if typed is None and pos.opts["cast-types"] == "any" and any(t != "&" for t in cost):
        return _deck_payment(pos, who, ["&"] * len(cost))
    return typed


def _deck_payment(pos: Position, who: int, cost: Sequence[str]) -> list[str] | None:
    deck = pos.sides[who].spirit_deck
    if not deck.bounded:
        return [t if t != "&" else "&" for t in cost]
    if deck.size is not None and deck.size < len(cost):
        return None
    out = []
    for kind in sorted(cost, key=lambda t: t == "&"):
        try:
            deck, got = deck.take(kind)
        except ValueError:
            return None
        out.append(got)
    return out


#: The most payments ``legal`` lists for one Rune (each a distinct choice of Spirits from the field).
MAX_PAYMENTS = 24


def field_payments(pos: Position, who: int, cost: Sequence[str], skip: str = "") -> list[list[str]]:
    """Every distinct payment of an Instant Rune's ``cost`` using at least one Spirit Enchanting ``who``'s face-up
    cards (``E1:fire``), the rest from the Spirit Deck; each fits the cost's types (under every reading of
    ``cast-types``: ``check`` takes a payment that misses them where that option allows it). At most
    [`MAX_PAYMENTS`][rulebook.elestrals.abilities.MAX_PAYMENTS], in a fixed order.
    """
    from itertools import combinations

    side = pos.sides[who]
    items: list[str] = []
    rows = [("E", side.elestrals), ("R", side.runes), ("S", (side.stadium,))]
    for zone, row in rows:
        for i, card in enumerate(row):
            ref = "S" if zone == "S" else f"{zone}{i + 1}"
            if card is None or ref == skip or (isinstance(card, Rune) and card.set):
                continue
            items += [f"{ref}:{kind}" for kind in sorted(card.spirits) if kind != "?"]
    out: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()
    for size in range(1, len(cost) + 1):
        for chosen in combinations(items, size):
            if chosen in seen or len(out) >= MAX_PAYMENTS:
                continue
            seen.add(chosen)
            rest = list(cost)
            fits = True
            for item in sorted(chosen, key=lambda i: i.split(":")[1]):
                kind = item.split(":")[1]
                if kind in rest:
                    rest.remove(kind)
                elif "&" in rest:
                    rest.remove("&")
                else:
                    fits = False
            deck = _deck_payment(pos, who, rest) if fits else None  # typed: the list is the same under every option
            if deck is not None:
                out.append([*chosen, *deck])
    return out


def cast_type_problem(pos: Position, name: str, spirits: Sequence[str], how: str) -> Refusal | None:
    """Why Casting ``name`` with ``spirits`` is refused: enough of them, but not of its cost's types, so it would
    enter the field Misenchanted, which the default reading of ``cast-types`` forbids; ``None`` otherwise.

    ``how`` says how the Spirits came (``"the Spirit revealed"``). The option is read only when the types fall
    short, so an answer rests on it exactly when it decides.
    """
    cost = pos.cards[name].cost
    if "?" in spirits or card_status(cost, spirits) != "misenchanted" or pos.opts["cast-types"] != "required":
        return None
    need = " ".join("any" if t == "&" else t for t in cost)
    return (
        f"{name} costs {need}: {how} ({' '.join(spirits)}) would not meet its types, and a Cast is paid with "
        "Spirits of its cost's types (option cast-types=required)",
        ("elestrals.card.enchantment-cost", "elestrals.interp.cast-spirit-types"),
    )


def note_misenchanted_cast(pos: Position, name: str, spirits: Sequence[str], trace: Trace) -> None:
    """Say so when a Cast paid with Spirits that miss its cost's types (option ``cast-types=any``) leaves the card
    Misenchanted."""
    if "?" not in spirits and card_status(pos.cards[name].cost, spirits) == "misenchanted":
        trace.add(
            f"{name}'s Spirits ({' '.join(spirits)}) do not meet its cost's types: it comes in Misenchanted "
            "(option cast-types=any)",
            "elestrals.interp.cast-spirit-types",
        )
        trace.add("A Misenchanted card stays and battles, but has no effect", "elestrals.card.misenchanted")


def siphon_problem(pos: Position, who: int, ascending: str, ref: str, kind: str) -> Refusal | None:
    """Why a Normal Ascend may not add a ``kind`` Spirit from the card at ``ref`` (None: it may): one of your other
    Elestrals, or (option ascend-siphon=any-card) one of your face-up Runes or your Stadium."""
    other = pos.at(ref, who) if ref else None
    mine = other is not None and pos.resolve_ref(ref, who)[0] == who
    rune = mine and (isinstance(other, Stadium) or (isinstance(other, Rune) and not other.set))
    if rune and pos.opts["ascend-siphon"] == "elestrals":
        return (
            f"{ref.upper()} is a Rune: a Normal Ascend adds Spirits only from your other Elestrals (option "
            "ascend-siphon=elestrals)",
            ("elestrals.interp.ascend-siphon",),
        )
    if not rune and (not isinstance(other, Elestral) or not mine or ref.upper() == ascending.upper()):
        return f"{ref} is not another Elestral of yours to take a Spirit from", ("elestrals.main.normal-ascend",)
    assert other is not None
    if lookup_name("Spirit type", kind, SPIRIT_TYPES) not in other.spirits:
        return f"the card at {ref.upper()} has no {kind} Spirit", ("elestrals.main.normal-ascend",)
    return None


def ascend_reveal(pos: Position, who: int, name: str, have: Sequence[str]) -> str:
    """The Spirit a Normal Ascend reveals by default: a type the new Elestral's cost still lacks after the Spirits
    it reuses (``have``), if the Spirit Deck holds one; else the cost's first type, or ``&`` (the most plentiful).
    """
    cost = pos.cards[name].cost
    deck = pos.sides[who].spirit_deck
    rest = list(cost)
    for kind in have:
        if kind in rest:
            rest.remove(kind)
    for want in [t for t in rest if t != "&"] + list(cost[:1]):
        if want == "&" or not deck.bounded or deck.count(want) or deck.count("?"):
            return want
    return "&"


def field_spirit_problem(pos: Position, who: int, item: str) -> str | None:
    """Why a field Spirit (``E1:fire``) cannot pay, or ``None``."""
    ref, _, kind = item.partition(":")
    card = pos.at(ref, who)
    if card is None or (isinstance(card, Rune) and card.set):
        return f"there is no face-up card of yours at {ref} to take a Spirit from"
    if kind not in card.spirits:
        return f"the card at {ref} has no {kind} Spirit"
    return None
