"""Elementals: the solitaire card game as an engine, with a seeded deal, move logs and a text layout.

The numbered cards, aces and two jokers are the titan deck; the twelve face cards are the elementals,
dealt face down in one of three layouts. The state is immutable and honours
[`rulebook.protocol.GameState`][rulebook.protocol.GameState]: the player is side 0, and the elementals are side 1, which
never moves (``elementals.interp.two-sides``). A game is reproduced exactly from its seed, its layout, its
options and its move log.

Cards are written rank then suit: ``7H``, ``AS``, ``10C`` (or ``TC``), ``KD``; suits ``H`` water,
``D`` earth, ``S`` fire, ``C`` air (``♥♦♠♣`` are accepted too). The jokers are ``JK1`` and ``JK2``.

Move-log notation, one action per line (``#`` starts a comment):

- ``draw``: begin a turn by drawing three cards;
- ``7H > KS``: play 7H on the elemental KS; a joker names its power, ``JK1=6 > KS``;
- ``discard 9C`` (a joker: ``discard JK1=1``);
- ``neptulon 9C``, ``therazane`` (then ``top`` or ``stay``), ``ragnaros 5D``, ``alakir``: use a power.

A log may begin with ``seed N``, ``layout N`` and ``option NAME=VALUE`` lines.

Examples:
    >>> from rulebook import elementals
    >>> state = elementals.new_game(seed=7)
    >>> print(state.render())
          [##]
        [##][##]
      [##][##][##]
    [##][##][##][##]
      [QH]    [KD]
    hand: -   deck: 42   damage: 0/33   powers: -
    >>> state, ruling = state.explain(elementals.parse_action("draw"))
    >>> ruling.verdict
    'turn 1: draws 5D, 6H, 3S'


The package, laid out as every game is:

- ``cards``: the cards, the layouts and the actions
- ``engine``: the state and its rules: which actions are legal, and what each does
- ``setup``: a seeded deal, a position set up by hand, a card described
- ``notation``: move logs read and replayed
- ``rulings``: one play judged, and the scenarios
- ``evaluation``: how promising a position is, the one score the planner and the solver share
- ``bots``: the policies (random, greedy, the planner)
- ``solver``: the exact solver of deals
- ``hint``: hints from what the player can see
- ``simulation``: many games played by a policy, and the charts of the results
"""

from __future__ import annotations

# Also public, for the other modules of the game and for tests; not part of the documented API.
from rulebook.elementals.cards import (  # noqa: F401
    COVERED_BY,
    DAMAGE_CARDS,
    DEFAULT_SEED,
    DISCARDS,
    DRAW,
    ELEMENTALS,
    HAND_SIZE,
    JOKER_DISCARD_POWER,
    JOKER_DISCARDS,
    JOKER_POWERS,
    JOKERS,
    LAYOUTS,
    LORD_POWERS,
    LORD_TITLES,
    LOSING_DAMAGE,
    PLAYS,
    POWERS,
    RAGNAROS_FACTOR,
    SIDES,
    STAY,
    SUITS,
    TITAN_DECK,
    TOP,
    UNLEASH,
    Action,
    Discard,
    Draw,
    Layout,
    NotAvailableError,
    Play,
    Reorder,
    Unleash,
    card,
    element_of,
    layout,
    power_of,
)
from rulebook.elementals.engine import ElementalsState, Placed  # noqa: F401
from rulebook.elementals.notation import parse_action, parse_log, replay
from rulebook.elementals.rulings import (  # noqa: F401
    SCENARIO_SETUP,
    check_play,
    face_up_added,
    run_scenario,
    scenario_play,
    with_added_note,
)
from rulebook.elementals.setup import PileRefused, card_info, deal, new_game, position

__all__ = [
    "COVERED_BY",
    "DEFAULT_SEED",
    "ELEMENTALS",
    "LAYOUTS",
    "SIDES",
    "TITAN_DECK",
    "Discard",
    "Draw",
    "ElementalsState",
    "NotAvailableError",
    "PileRefused",
    "Play",
    "Reorder",
    "Unleash",
    "card",
    "card_info",
    "check_play",
    "deal",
    "element_of",
    "face_up_added",
    "layout",
    "new_game",
    "parse_action",
    "parse_log",
    "position",
    "power_of",
    "replay",
    "with_added_note",
]
