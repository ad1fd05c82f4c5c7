"""Elementals games set up: a seeded deal, a position written by hand, a card described, a deal shown.

Everything public here is re-exported by [`rulebook.elementals`][rulebook.elementals], the way to import it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.elementals.cards import (
    COVERED_BY,
    DAMAGE_CARDS,
    DEFAULT_SEED,
    ELEMENT_OF,
    ELEMENTALS,
    JOKER_POWERS,
    LAYOUTS,
    LORDS,
    POWER_OF,
    RAGNAROS_FACTOR,
    RULESET,
    TITAN,
    TITAN_DECK,
    Layout,
    card,
    elemental_card,
    is_joker,
    is_titan,
    titan_card,
)
from rulebook.elementals.cards import layout as layout_named
from rulebook.elementals.engine import ElementalsState, Placed
from rulebook.errors import InvalidInputError
from rulebook.reading import number
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

# ---------------------------------------------------------------- setting up games


def options_of(options: Mapping[str, object] | Options | None, more: Mapping[str, object]) -> Options:
    if not options and not more:
        return _DEFAULT_OPTIONS
    return options if isinstance(options, Options) and not more else RULESET.options(options, **more)


_DEFAULT_OPTIONS = RULESET.options()


def _shuffle(rng: random.Random, items: list[str]) -> None:
    """``rng.shuffle(items)``, written out: the same permutation from the same generator, at less cost."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def new_game(
    options: Mapping[str, object] | Options | None = None,
    /,
    seed: int = DEFAULT_SEED,
    layout: int | str = 1,
    **more: object,
) -> ElementalsState:
    """A new game dealt from ``seed`` in one of the three layouts (``elementals.interp.deal``).

    The bottom row starts face up; nothing is drawn yet (the first action is ``draw``).

    Examples:
        >>> a, b = new_game(seed=3), new_game(seed=3, layout="tower")
        >>> a.deck == b.deck, len(a.deck), a.targets()
        (True, 42, ['KD', 'KH'])
        >>> new_game(joker_banishes="yes").options["joker-banishes"]
        'yes'
    """
    opts = options_of(options, more)
    number = layout if type(layout) is int and layout in LAYOUTS else layout_named(layout).number
    rng = random.Random(seed)
    deck = list(TITAN_DECK)
    _shuffle(rng, deck)
    faces = list(ELEMENTALS)
    _shuffle(rng, faces)
    slots = tuple(faces)
    return ElementalsState(
        layout=number,
        slots=slots,
        revealed=_START_REVEALED[number],
        piles=((),) * len(faces),
        deck=tuple(deck),
        options=opts,
        seed=seed,
    )


def _uncovered(number: int, slots: Sequence[str | None]) -> frozenset[int]:
    covers = COVERED_BY[number]
    return frozenset(i for i, s in enumerate(slots) if s is not None and all(slots[k] is None for k in covers[i]))


# The cards face up at the start: those no card covers (``elementals.interp.covering``).
_START_REVEALED = {n: _uncovered(n, ELEMENTALS) for n in LAYOUTS}


def card_list(text: str | Sequence[str]) -> list[str]:
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [card(x) for x in items]


def _place(lay: Layout, shown: list[str], gone: list[str]) -> tuple[list[str | None], frozenset[int]]:
    """The slots of a set-up position: ``gone`` (defeated) from the bottom up, then ``shown`` face up, the
    other elementals face down above; and the slots face up."""
    for x in shown + gone:
        if x not in ELEMENTALS:
            raise InvalidInputError(f"{x} is not an elemental")
    twice = sorted({x for x in shown + gone if (shown + gone).count(x) > 1}, key=ELEMENTALS.index)
    if twice:
        raise InvalidInputError(
            f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} named twice: an elemental is either "
            "face up (targets) or defeated (defeated, or a king kept as a power), once"
        )
    rest = [e for e in ELEMENTALS if e not in shown and e not in gone]
    # Fill slots from the bottom up: gone first (so that the slots above are uncovered), then shown.
    order = sorted(range(len(lay.slots)), key=lambda i: (-lay.slots[i][0], lay.slots[i][1]))
    slots: list[str | None] = [None] * len(lay.slots)
    queue = [None] * len(gone) + list(shown)
    for i in order:
        if not queue:
            break
        slots[i] = queue.pop(0)
    face_down = iter(rest)
    for i in sorted(range(len(slots)), key=lambda i: lay.slots[i]):
        if slots[i] is None and (order.index(i) >= len(gone) + len(shown)):
            slots[i] = next(face_down)
    revealed = _uncovered(lay.number, slots)
    missing = [x for x in shown if slots.index(x) not in revealed]
    if missing:
        raise InvalidInputError(f"{', '.join(missing)} cannot be face up: defeat the cards below them first")
    return slots, revealed


def _piles(
    slots: list[str | None], piles: Mapping[str, str] | None, doubled: frozenset[str] = frozenset()
) -> tuple[list[tuple[Placed, ...]], list[str]]:
    """The cards on each slot's elemental, from ``{"KS": "7H JK1=4"}``, and the cards so placed."""
    pile_list: list[tuple[Placed, ...]] = [()] * len(slots)
    used: list[str] = []
    for target, text in (piles or {}).items():
        t = elemental_card(target)
        if t not in slots:
            raise InvalidInputError(f"{t} has been defeated")
        placed = []
        for token in text.split():
            name, _, named = token.partition("=")
            c = titan_card(name)
            placed.append((c, number(named, "a joker's power", low=1, high=10) if is_joker(c) else POWER_OF[c]))
            used.append(c)
        _check_pile(t, placed, doubled)
        pile_list[slots.index(t)] = tuple(placed)
    return pile_list, used


class PileRefused(InvalidInputError):
    """A stated pile no legal play could have left on an elemental; ``rule`` is the rule that would have refused it.

    Examples:
        >>> try:
        ...     _check_pile("QD", [("3C", 3), ("4S", 4)], frozenset())
        ... except PileRefused as error:
        ...     print(error.rule)
        elementals.attack.damage-sum
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule


def _check_pile(target: str, placed: list[Placed], doubled: frozenset[str]) -> None:
    """Refuse a stated pile that no legal play could have left on ``target``: more than its two damage cards
    (a third card banishes or is refused), a damage card the target is immune to, or two that fall short
    (counting a card Ragnaros doubled twice)."""
    cards = " ".join(c for c, _ in placed)
    if len(placed) > DAMAGE_CARDS:
        raise PileRefused(
            f"{target} cannot hold {cards}: an elemental holds at most its {DAMAGE_CARDS} damage cards, "
            "the third card played on it banishes it or is refused",
            "elementals.attack.order",
        )
    for c, _ in placed:
        if not is_joker(c) and ELEMENT_OF[c] == ELEMENT_OF[target]:
            raise PileRefused(
                f"{target} cannot hold {c}: it is immune to {ELEMENT_OF[target]}, so {c} could not be played "
                "on it as damage",
                "elementals.attack.immunity",
            )
    total = sum(power * RAGNAROS_FACTOR if c in doubled else power for c, power in placed)
    if len(placed) == DAMAGE_CARDS and total < POWER_OF[target]:
        raise PileRefused(
            f"{target} cannot hold {cards}: its two damage cards make {total}, less than its power "
            f"{POWER_OF[target]}, so the second would have been refused",
            "elementals.attack.damage-sum",
        )


def _titan_list(text: str | Sequence[str]) -> list[str]:
    """Attack cards only, from ``"7H JK1"``: the hand and the titan deck hold no elemental
    (``elementals.cards.titan-deck``)."""
    return [titan_card(x) for x in card_list(text)]


def _kings(powers: str | Sequence[str]) -> list[str]:
    """The kings kept as powers, from ``"KH KS"``: only a defeated Elemental Lord gives a power
    (``elementals.defeat.lord-power``)."""
    kings = card_list(powers)
    for c in kings:
        if c not in LORDS:
            raise InvalidInputError(
                f"{c} cannot be kept as a power: only an Elemental Lord (a king: {', '.join(LORDS)}) gives one"
            )
    return kings


def _check_once(cards: list[str]) -> None:
    """Refuse a position that names one titan card in two places (or twice in one): the deck holds one of each."""
    twice = sorted({c for c in cards if cards.count(c) > 1}, key=TITAN_DECK.index)
    if twice:
        raise InvalidInputError(
            f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} named twice: the titan deck holds one of "
            "each card, so a card is in one place only (hand, a pile, the discards, the Elemental Plane or the deck)"
        )


def _discards(discards: str) -> list[Placed]:
    """Cards already discarded, from ``"9D 8S JK1=1"``, each with the damage it dealt."""
    kept = []
    for token in discards.split():
        name, _, named = token.partition("=")
        c = titan_card(name)
        power = number(named, "a joker's power", low=1, high=10) if named else TITAN["joker_base_game"]
        kept.append((c, power if is_joker(c) else POWER_OF[c]))
    return kept


def position(
    *,
    hand: str = "",
    targets: str = "",
    piles: Mapping[str, str] | None = None,
    defeated: str = "",
    deck: str | None = None,
    discards: str = "",
    plane: str = "",
    powers: str = "",
    doubled: str = "",
    layout: int | str = 1,
    in_turn: bool | None = None,
    options: Mapping[str, object] | Options | None = None,
    seed: int = DEFAULT_SEED,
) -> ElementalsState:
    """Set up a position by hand, for examples and scenarios.

    ``targets`` are the face-up elementals, dealt to the bottom row and the slots that row uncovers.
    ``defeated`` elementals leave those slots empty; the remaining elementals lie face down above.
    ``piles`` maps an elemental to the cards on it (``{"KS": "7H JK1=4"}``). ``deck`` lists the titan deck
    from the top (default: every titan card not placed elsewhere, in a fixed order). ``discards`` are
    cards already discarded (``JK1=1`` for a joker); ``plane`` the cards on the Elemental Plane;
    ``powers`` the kings kept as powers.

    Examples:
        >>> s = position(hand="7H 6C 5S", targets="KS QH", piles={"KS": "8D"})
        >>> print(s.render())
              [##]
            [##][##]
          [##][##][##]
        [##][##][##][##]
          [KS]    [QH]
        KS (13): 8D = 8, needs a second damage card
        hand: 7H 6C 5S   deck: 38   damage: 0/33   powers: -
    """
    lay = layout_named(layout)
    shown = card_list(targets)
    kings = _kings(powers)
    fallen = card_list(defeated)
    # An elemental on the Elemental Plane has been defeated: its place is empty (named once, either way).
    gone = fallen + [c for c in card_list(plane) if c in ELEMENTALS and c not in fallen] + kings
    slots, revealed = _place(lay, shown, gone)
    pile_list, used = _piles(slots, piles, frozenset(card_list(doubled)))
    in_hand = _titan_list(hand)
    kept = _discards(discards)
    used += in_hand + [c for c, _ in kept] + [c for c in card_list(plane) if is_titan(c)]
    deck_cards = [c for c in TITAN_DECK if c not in used] if deck is None else _titan_list(deck)
    _check_once(used + ([] if deck is None else deck_cards))
    return ElementalsState(
        layout=lay.number,
        slots=tuple(slots),
        revealed=revealed,
        piles=tuple(pile_list),
        deck=tuple(deck_cards),
        hand=tuple(in_hand),
        discards=tuple(kept),
        plane=tuple(card_list(plane)),
        powers=tuple(kings),
        doubled=frozenset(card_list(doubled)),
        in_turn=bool(in_hand) if in_turn is None else in_turn,
        options=options_of(options, {}),
        seed=seed,
        turn=1 if in_hand else 0,
    )


def card_info(name: str) -> Ruling:
    """What a card is: titan-forged or elemental, its element and its power level.

    Examples:
        >>> print(card_info("kh"))
        KH is an elemental: the Elemental Lord Neptulon, water, power 13
          1. KH is an elemental (a face card)  [elementals.cards.elementals]
          2. hearts are water  [elementals.cards.suits]
          3. a king needs 13 damage  [elementals.cards.power-level]
          4. defeated, it gives the power Whispers of Neptulon  [elementals.defeat.lord-power]
        >>> card_info("JK1").verdict
        'JK1 is titan-forged: a joker, arcane damage, power 1 to 10 as named'
    """
    c = card(name)
    trace = Trace()
    value: dict[str, Any] = {"card": c, "element": ELEMENT_OF[c]}
    if is_joker(c):
        trace.add(f"{c} is a joker, part of the titan deck", "elementals.cards.titan-deck")
        trace.add("a joker's damage is arcane: no elemental is immune to it", "elementals.cards.joker-arcane")
        trace.add(
            f"its power is named when it is used, from {JOKER_POWERS[0]} to {JOKER_POWERS[-1]}",
            "elementals.cards.joker-power",
        )
        value.update(kind="titan-forged", power=None)
        verdict = f"{c} is titan-forged: a joker, arcane damage, power 1 to 10 as named"
        return trace.ruling(verdict, value)
    suit = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}[c[-1]]
    rank = c[:-1]
    if c in ELEMENTALS:
        trace.add(f"{c} is an elemental (a face card)", "elementals.cards.elementals")
        trace.add(f"{suit} are {ELEMENT_OF[c]}", "elementals.cards.suits")
        what = {"J": "a jack", "Q": "a queen", "K": "a king"}[rank]
        trace.add(f"{what} needs {POWER_OF[c]} damage", "elementals.cards.power-level")
        who = "a lieutenant"
        if c in LORDS:
            who = f"the Elemental Lord {LORDS[c]['name']}"
            trace.add(f"defeated, it gives the power {LORDS[c]['title']}", "elementals.defeat.lord-power")
        value.update(kind="elemental", power=POWER_OF[c])
        return trace.ruling(f"{c} is an elemental: {who}, {ELEMENT_OF[c]}, power {POWER_OF[c]}", value)
    trace.add(f"{c} is a numbered card or an ace, part of the titan deck", "elementals.cards.titan-deck")
    trace.add(f"{suit} are {ELEMENT_OF[c]}: {c} deals {ELEMENT_OF[c]} damage", "elementals.cards.suits")
    trace.add(
        f"{'an ace' if rank == 'A' else 'a numbered card'} has power {POWER_OF[c]}", "elementals.cards.power-level"
    )
    value.update(kind="titan-forged", power=POWER_OF[c])
    return trace.ruling(f"{c} is titan-forged: {ELEMENT_OF[c]} damage, power {POWER_OF[c]}", value)


def deal(seed: int = DEFAULT_SEED, layout: int | str = 1, options: Mapping[str, object] | None = None) -> Ruling:
    """The setup of a game dealt from ``seed``: the shuffle, the layout, and the cards face up.

    Examples:
        >>> print(deal(7))
        seed 7, the pyramid: QH, KD face up, 42 cards in the titan deck
          1. the titan deck and the elementals are shuffled from seed 7  [elementals.setup.shuffle]
          2. the same seed always deals the same game  [elementals.interp.deal]
          3. the elementals are dealt face down in the pyramid: rows of 1, 2, 3, 4, 2  [elementals.setup.layouts]
          4. each row partly covers the row above it  [elementals.setup.overlap]
          5. a card is covered by the cards of the next row that overlap it in the drawing  [elementals.interp.covering]
          6. the bottom row is turned face up: QH, KD  [elementals.setup.reveal-bottom]
    """
    state = new_game(options, seed=seed, layout=layout)
    lay = LAYOUTS[state.layout]
    trace = Trace()
    trace.add(f"the titan deck and the elementals are shuffled from seed {seed}", "elementals.setup.shuffle")
    trace.add("the same seed always deals the same game", "elementals.interp.deal")
    trace.add(
        f"the elementals are dealt face down in the {lay.name}: rows of {', '.join(map(str, lay.rows()))}",
        "elementals.setup.layouts",
    )
    trace.add("each row partly covers the row above it", "elementals.setup.overlap")
    trace.add(
        "a card is covered by the cards of the next row that overlap it in the drawing", "elementals.interp.covering"
    )
    shown = state.targets()
    trace.add(f"the bottom row is turned face up: {', '.join(shown)}", "elementals.setup.reveal-bottom")
    verdict = f"seed {seed}, the {lay.name}: {', '.join(shown)} face up, {len(state.deck)} cards in the titan deck"
    return trace.ruling(verdict, {"seed": seed, "layout": lay.name, "position": state.to_dict()})


