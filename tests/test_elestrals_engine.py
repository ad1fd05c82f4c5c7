"""Elestrals engine properties: behaviour a player or judge would notice, over many described positions."""

from __future__ import annotations

import itertools

import pytest

import rulebook
from rulebook import InvalidInputError, elestrals
from rulebook.errors import UnknownNameError

STATS = range(0, 5)


@pytest.mark.parametrize(("a", "d"), list(itertools.product(STATS, STATS)))
def test_the_order_effects_are_listed_in_never_changes_steps_across_kinds(a: int, d: int) -> None:
    effects = ["swap", "attack +1", "set defense 2", "defense -1"]
    results = {
        (r.value["attack"], r.value["defense"])
        for r in (elestrals.final_stats(a, d, list(p)) for p in itertools.permutations(effects))
    }
    assert len(results) == 1


def test_every_battle_outcome_cites_its_rules_and_never_expends_against_defense() -> None:
    for att, dfd, sa, sd in itertools.product(range(4), range(4), range(3), range(3)):
        r = elestrals.battle(f"attack={att} spirits={sa}", f"defense={dfd} spirits={sd} position=defense")
        assert r.value["expend"] == {"attacker": 0, "defender": 0}
        assert ("defender" in r.value["destroyed"]) == (att > dfd)
        assert "elestrals.battle.defense-no-expend" in r.rules


def test_attack_position_battles_destroy_the_smaller_and_charge_only_the_destroyed() -> None:
    for a, d, sa, sd in itertools.product(range(4), range(4), range(3), range(3)):
        r = elestrals.battle(f"attack={a} spirits={sa}", f"attack={d} spirits={sd}")
        destroyed = set(r.value["destroyed"])
        if a == d == 0:
            assert destroyed == set()
        elif a == d:
            assert destroyed == {"attacker", "defender"}
        else:
            assert destroyed == ({"attacker"} if a < d else {"defender"})
        for who, mine, theirs in (("attacker", sa, sd), ("defender", sd, sa)):
            expected = max(0, theirs - mine) if who in destroyed else 0
            assert r.value["expend"][who] == expected


def test_every_rule_a_verdict_cites_exists() -> None:
    rulings = [
        elestrals.final_stats(1, 2, ["swap"]),
        elestrals.battle("attack=1 spirits=2", "none"),
        elestrals.resolve_chain("players P1 P2\nlink P1 A"),
        elestrals.enchantment("fire", "water"),
        elestrals.main_action("normal-cast"),
        elestrals.standings("1 A B A 2 0"),
    ]
    ids = {r.id for r in rulebook.rules("elestrals")}
    for ruling in rulings:
        assert ruling.rules and set(ruling.rules) <= ids


def test_chain_resolves_every_link_exactly_once_newest_first() -> None:
    text = "players P1 P2\n" + "\n".join(f"link {'P1' if i % 2 else 'P2'} L{i}" for i in range(1, 8))
    value = elestrals.resolve_chain(text).value
    assert [x.split()[-1] for x in value["resolved"]] == [f"L{i}" for i in range(7, 0, -1)]


def test_glossary_terms_are_records_of_kind_glossary_and_every_page_links_some() -> None:
    from pathlib import Path

    glossary = {r.id for r in rulebook.rules("elestrals").of_kind("glossary")}
    assert len(glossary) >= 55
    pages = sorted((Path(__file__).resolve().parent.parent / "docs" / "games").glob("elestrals*.md"))
    linked = {g for p in pages for g in glossary if f"#{g})" in p.read_text(encoding="utf-8")}
    assert len(pages) == 8
    assert linked == glossary


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: elestrals.parse_effect("triple attack"), InvalidInputError),
        (lambda: elestrals.parse_effect("set speed 3"), UnknownNameError),
        (lambda: elestrals.battle("attack=-1", "none"), InvalidInputError),
        (lambda: elestrals.battle("", "none"), InvalidInputError),
        (lambda: elestrals.enchantment("fyre", "fire"), UnknownNameError),
        (lambda: elestrals.enchantment("fire", "&"), UnknownNameError),
        (lambda: elestrals.main_action("cast-rune"), InvalidInputError),
        (lambda: elestrals.main_action("cast-rune", rune="ritual"), UnknownNameError),
        (lambda: elestrals.resolve_chain("players P1"), InvalidInputError),
        (lambda: elestrals.resolve_chain("players P1 P2"), InvalidInputError),
        (lambda: elestrals.resolve_chain('players P1 P2\nlink P1 "open'), InvalidInputError),
        (lambda: elestrals.check_deck(""), InvalidInputError),
        (lambda: elestrals.check_deck("Main Deck:\n0 Dragon"), InvalidInputError),
        (lambda: elestrals.standings(""), InvalidInputError),
        (lambda: elestrals.standings("1 A A A 1 1"), InvalidInputError),
        (lambda: elestrals.mulligan(-1), InvalidInputError),
        (lambda: elestrals.up_to(0, 3), InvalidInputError),
        (lambda: elestrals.options({"stat-floor": "sometimes"}), UnknownNameError),
        (lambda: elestrals.game_end({"P1": 1}, {"P1": 1}), InvalidInputError),
    ],
)
def test_bad_input_raises_a_rulebook_error_naming_the_problem(call, error) -> None:
    with pytest.raises(error):
        call()


def test_every_glossary_term_is_found_by_name_in_any_case() -> None:
    for rec in rulebook.rules("elestrals").of_kind("glossary"):
        for name in rec.title.split(", "):
            ruling = elestrals.glossary(name.upper())
            assert ruling.rules == (rec.id,)
            assert ruling.value["definition"] == rec.text


def test_zones_each_player_may_look_through() -> None:
    looks = {
        (zone, whose): elestrals.may_look(zone, whose).value["may_look"]
        for zone in ("spirit-deck", "main-deck", "underworld", "hand")
        for whose in ("own", "opponent")
    }
    assert looks == {
        ("spirit-deck", "own"): True,
        ("spirit-deck", "opponent"): False,
        ("main-deck", "own"): False,
        ("main-deck", "opponent"): False,
        ("underworld", "own"): True,
        ("underworld", "opponent"): True,
        ("hand", "own"): True,
        ("hand", "opponent"): False,
    }


def test_standings_apply_the_three_tiebreakers_in_order() -> None:
    results = """
    1 A C A 2 0
    1 A C A 2 0
    1 B D B 2 0
    1 B D B 2 0
    1 E F E 5 0
    1 E F E 5 0
    2 A E E 0 2
    2 A E E 0 2
    2 B F F 0 2
    2 B F F 0 2
    2 C D C 1 0
    2 C D C 1 0
    """
    rows = {r["player"]: r for r in elestrals.standings(results).value["standings"]}
    # A and B: 3 points, half their games, Spirit Differential 0; A's opponents (C, E) did better.
    assert (rows["A"]["points"], rows["A"]["win_rate"], rows["A"]["spirit_differential"]) == (3, 0.5, 0.0)
    assert (rows["B"]["points"], rows["B"]["win_rate"], rows["B"]["spirit_differential"]) == (3, 0.5, 0.0)
    assert rows["A"]["opponents_differential"] == 1.5 and rows["B"]["opponents_differential"] == -1.5
    order = [r["player"] for r in elestrals.standings(results).value["standings"]]
    assert order == ["E", "A", "B", "C", "F", "D"]


def test_elestrals_zone_layout_table_places_every_zone_once_with_the_field_slots() -> None:
    data = rulebook.rules("elestrals").data
    zones = {z["id"]: z for z in data["zones"]}
    assert len({(z["row"], z["column"]) for z in zones.values()}) == len(zones) == 6
    assert zones["elestral-row"]["slots"] == data["field"]["elestral_slots"]
    assert zones["rune-row"]["slots"] == data["field"]["rune_slots"]
    assert zones["stadium"]["slots"] == data["field"]["stadium_slots"]
    ids = {r.id for r in rulebook.rules("elestrals")}
    assert {z["record"] for z in zones.values()} <= ids


def test_the_elestrals_package_has_no_import_cycle() -> None:
    import ast
    from pathlib import Path

    folder = Path(rulebook.__file__).parent / "elestrals"
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        if path.stem == "__init__":
            continue
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rulebook.elestrals."):
                found.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("rulebook.elestrals.")}
        graph[path.stem] = found
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "import cycle: " + " -> ".join((*path, module))
        if module in done:
            return
        for other in graph[module]:
            visit(other, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert {"state", "main_phase", "battle_phase", "chain", "match", "game"} <= set(graph)
