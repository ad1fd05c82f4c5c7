"""Elestrals: the How to Play Guide as code, working on positions.

A position (``Position``, read from a TOML file a judge writes from
the table) holds everything the rules look at. [`legal`][rulebook.elestrals.legal] lists every action
legal in it, with the rules that allow each; [`check`][rulebook.elestrals.check] judges one action and
gives the position after it; [`Game`][rulebook.elestrals.Game] plays on through the shared game
protocol, and [`new_game`][rulebook.elestrals.new_game] deals two decks of invented effect-less cards.
Each answer is a [`Ruling`][rulebook.ruling.Ruling] whose trace cites the records of
``rulebook/data/elestrals.toml``; the numbers (deck sizes, slots, copy limit, mulligan cost) are read
from that file's data tables.

The modules follow the guide: ``state`` (a position's parts), ``position_file`` (positions as files),
``actions`` (actions as typed), ``cards`` (Spirits, costs, Enchantment, stat modifiers, effect categories),
``effects`` (the vocabulary of card effects as data), ``abilities`` (those effects at work: targets,
payments, triggers, resolution, continuous stats), ``main_phase``, ``battle_phase``, ``chain`` (the chain
and Limbo), ``game`` (the turn, whose decision, every legal action), ``match`` (setup, the end of a game,
tournaments), ``rulings`` (the smaller rulings) and ``described`` (queries on a few described facts:
[`battle`][rulebook.elestrals.battle], [`resolve_chain`][rulebook.elestrals.resolve_chain],
[`main_action`][rulebook.elestrals.main_action], each worked out on a position by the same rules).
Everything public is re-exported here.

Examples:
    >>> from rulebook import elestrals
    >>> print(elestrals.final_stats(3, 2, ["swap", "attack +2", "set defense 0"]))
    Final stats: Attack 0, Defense 5
      1. Base stats: Attack 3, Defense 2  [elestrals.card.stats]
      2. Step 1, set: set defense 0 -> Attack 3, Defense 0  [elestrals.advanced.stat-order]
      3. Step 2, increase/decrease: attack +2 -> Attack 5, Defense 0  [elestrals.advanced.stat-order]
      4. Step 3, swap: swap -> Attack 0, Defense 5  [elestrals.advanced.stat-order]
      5. Within each step, effects apply in the order they were Cast or activated  [elestrals.advanced.stat-same-step]
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.errors import InvalidInputError
from rulebook.ruling import Ruling

if TYPE_CHECKING:
    from rulebook.elestrals.actions import Action, parse_action
    from rulebook.elestrals.cards import (
        StatEffect,
        card_marking,
        effect_applies,
        effect_category,
        effect_resolves,
        enchantment,
        final_stats,
        parse_effect,
        parse_effects,
    )
    from rulebook.elestrals.core import (
        ANY_SPIRIT,
        POSITIONS,
        RUNE_TYPES,
        SPIRIT_TYPES,
        options,
    )
    from rulebook.elestrals.described import (
        ACTIONS,
        Chain,
        Combatant,
        FieldCard,
        Link,
        MainState,
        Waiting,
        battle,
        main_action,
        parse_chain,
        parse_combatant,
        position_change_by_effect,
        resolve_chain,
    )
    from rulebook.elestrals.effects import CardEffect, parse_card_effect
    from rulebook.elestrals.game import (
        Game,
        check,
        legal,
        load,
        new_game,
    )
    from rulebook.elestrals.match import (
        check_deck,
        end_of_round,
        first_player_chooser,
        game_end,
        mulligan,
        parse_deck,
        parse_results,
        side_swap,
        standings,
    )
    from rulebook.elestrals.position_file import parse_position, position_toml, read_position
    from rulebook.elestrals.rulings import (
        card_against_rule,
        glossary,
        golden_apple,
        may_look,
        phases,
        stadium_replacement,
        take_control,
        up_to,
        who_chooses,
    )

# Each name is imported from its module on first use, so a query loads only the rules it asks
# (``rulebook elestrals stats`` does not load the game's turns, nor ``legal`` the described queries).
_LAZY: dict[str, str] = {
    "StatEffect": "cards",
    "card_marking": "cards",
    "effect_applies": "cards",
    "effect_category": "cards",
    "effect_resolves": "cards",
    "enchantment": "cards",
    "final_stats": "cards",
    "parse_effect": "cards",
    "parse_effects": "cards",
    "ANY_SPIRIT": "core",
    "POSITIONS": "core",
    "RUNE_TYPES": "core",
    "SPIRIT_TYPES": "core",
    "options": "core",
    "ACTIONS": "described",
    "Chain": "described",
    "Combatant": "described",
    "FieldCard": "described",
    "Link": "described",
    "MainState": "described",
    "Waiting": "described",
    "battle": "described",
    "main_action": "described",
    "parse_chain": "described",
    "parse_combatant": "described",
    "position_change_by_effect": "described",
    "resolve_chain": "described",
    "CardEffect": "effects",
    "parse_card_effect": "effects",
    "parse_position": "position_file",
    "position_toml": "position_file",
    "read_position": "position_file",
    "Action": "actions",
    "parse_action": "actions",
    "Game": "game",
    "check": "game",
    "legal": "game",
    "load": "game",
    "new_game": "game",
    "check_deck": "match",
    "end_of_round": "match",
    "first_player_chooser": "match",
    "game_end": "match",
    "mulligan": "match",
    "parse_deck": "match",
    "parse_results": "match",
    "side_swap": "match",
    "standings": "match",
    "card_against_rule": "rulings",
    "glossary": "rulings",
    "golden_apple": "rulings",
    "may_look": "rulings",
    "phases": "rulings",
    "stadium_replacement": "rulings",
    "take_control": "rulings",
    "up_to": "rulings",
    "who_chooses": "rulings",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rulebook.elestrals' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"rulebook.elestrals.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


_ROOT = Path(__file__).resolve().parents[2]

__all__ = [
    "ACTIONS",
    "ANY_SPIRIT",
    "POSITIONS",
    "RUNE_TYPES",
    "SPIRIT_TYPES",
    "Action",
    "CardEffect",
    "Chain",
    "Combatant",
    "FieldCard",
    "Game",
    "Link",
    "MainState",
    "StatEffect",
    "Waiting",
    "battle",
    "card_against_rule",
    "card_marking",
    "check",
    "check_deck",
    "effect_applies",
    "effect_category",
    "effect_resolves",
    "enchantment",
    "end_of_round",
    "final_stats",
    "first_player_chooser",
    "game_end",
    "glossary",
    "golden_apple",
    "legal",
    "load",
    "main_action",
    "may_look",
    "mulligan",
    "new_game",
    "options",
    "parse_action",
    "parse_card_effect",
    "parse_chain",
    "parse_combatant",
    "parse_deck",
    "parse_effect",
    "parse_effects",
    "parse_position",
    "parse_results",
    "phases",
    "position_change_by_effect",
    "position_toml",
    "read_position",
    "resolve_chain",
    "run_scenario",
    "scenario_ruling",
    "side_swap",
    "stadium_replacement",
    "standings",
    "take_control",
    "up_to",
    "who_chooses",
]


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """The ruling a scenario asks for (``query`` and its input, as in ``rulebook/data/scenarios/elestrals.toml``).

    ``options`` override the scenario's own rules options.

    Examples:
        >>> scenario_ruling({"query": "stats", "base": [3, 2], "effects": ["swap"]}).value["attack"]
        2
    """
    from rulebook.elestrals.cards import enchantment, final_stats
    from rulebook.elestrals.described import battle, main_action, resolve_chain
    from rulebook.elestrals.game import check, legal, load
    from rulebook.elestrals.match import check_deck, end_of_round, game_end, mulligan, side_swap, standings
    from rulebook.elestrals.rulings import stadium_replacement

    opts = {**case.get("options", {}), **(options or {})}
    match case["query"]:
        case "stats":
            return final_stats(*case["base"], case["effects"], opts)
        case "battle":
            return battle(case["attacker"], case["defender"], first_turn=case.get("first_turn", False), opts=opts)
        case "legal" | "position":
            path = _ROOT / case["file"]
            if not path.is_file():
                raise InvalidInputError(f"the example position {case['file']} is not beside the package")
            game = load(str(path), str(path.parent / case.get("cards", "cards.toml")), opts)
            for action in case.get("before", []):
                game = game.apply(action)
            if case["query"] == "legal":
                return legal(game, refused=True)
            return check(game, case["action"])[1]
        case "side-swap":
            return side_swap(
                case["game"], case["cards_in"], case["cards_out"],
                spirits_in=case.get("spirits_in", 0), spirits_out=case.get("spirits_out", 0),
            )  # fmt: skip
        case "chain":
            return resolve_chain(case["text"])
        case "enchant":
            return enchantment(case["cost"], case["spirits"])
        case "main":
            return main_action(case["action"], **case.get("state", {}))
        case "stadium":
            return stadium_replacement(negated=case.get("negated", False), opts=opts)
        case "deck":
            return check_deck(case["text"], opts)
        case "standings":
            return standings(case["text"], opts)
        case "mulligan":
            return mulligan(case["times"], case.get("spirit_deck"), opts)
        case "end":
            return game_end(case["main"], case["spirits"], case.get("draws"), case.get("expends"))
        case "round-end":
            return end_of_round(
                case["spirits"],
                case["main"],
                case["next"],
                stuck=case.get("stuck", False),
                draws=case.get("draws"),
                expends=case.get("expends"),
            )
    raise InvalidInputError(f"unknown scenario query {case['query']!r}")


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (its value), for ``rulebook compare``."""
    ruling = scenario_ruling(case, options)
    value = ruling.value if isinstance(ruling.value, Mapping) else {"value": ruling.value}
    return ruling.verdict, repr({k: v for k, v in value.items() if k != "options"})
