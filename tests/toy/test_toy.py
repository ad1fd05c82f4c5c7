"""The toy game, registered through its one entry, works in every shared part: search, ask, compare,
coverage, the CLI and the site's figures, with no edit anywhere else; and it never reaches a user's cache."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import rulebook
from cli.main import entry
from toy.fixture import toy_game  # noqa: F401  (the fixture, used by name)

ROOT = Path(__file__).resolve().parents[2]


def test_search_finds_its_records(toy_game) -> None:  # noqa: F811
    from rulebook.search import search

    hits = search("pebbles pile", game="toy")
    assert hits and {h.game for h in hits} == {"toy"}
    assert search("toy.turn.no-more")[0].title == "Never more pebbles than the pile holds"


def test_ask_reaches_its_record_in_its_own_words(toy_game) -> None:  # noqa: F811
    from rulebook.ask import ask

    ruling = ask("What happens when I take the last pebble?")
    assert ruling.verdict.startswith("toy.end.last-pebble: ")
    assert ruling.value["games"] == ["toy"]


def test_ask_computes_with_its_question_reader(toy_game) -> None:  # noqa: F811
    from rulebook.ask import ask

    ruling = ask("Can I take 2 pebbles from a pile of 1 pebble?")
    assert ruling.verdict == "computed: illegal: only 1 left in the pile; 2 cannot be taken"
    assert ruling.legal is False and "toy.turn.no-more" in ruling.rules


def test_its_cli_group_answers_with_json(toy_game, capsys) -> None:  # noqa: F811
    assert entry(["toy", "take", "2", "--pile", "2", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "P1 takes the last pebble and wins"
    assert answer["rules"] == ["toy.turn.take", "toy.end.last-pebble"]
    assert entry(["toy", "take", "3"]) == 0
    assert capsys.readouterr().out.startswith("illegal: a turn takes 1 to 2 pebbles, not 3")
    assert entry(["toy", "tak", "3"]) == 2
    assert "No such command 'tak'" in capsys.readouterr().err


def test_its_games_rules_and_compare_commands(toy_game, capsys) -> None:  # noqa: F811
    assert entry(["games", "--json"]) == 0
    assert [g["id"] for g in json.loads(capsys.readouterr().out)["games"]][-1] == "toy"
    assert entry(["compare", "last-pebble", "--json"]) == 0
    value = json.loads(capsys.readouterr().out)["value"]
    assert value["game"] == "toy" and [c["name"] for c in value["changed"]] == [
        "taking the last pebble decides the game"
    ]
    assert entry(["coverage", "toy", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == {"toy": {"normative": 4, "covered": 0}}


def test_the_site_draws_its_figure(toy_game) -> None:  # noqa: F811
    spec = importlib.util.spec_from_file_location("site_figures", ROOT / "docs" / "_hooks" / "figures.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    drawn = hook.figures()
    assert drawn["toy-pile.svg"]().count("<circle") == 7
    assert "clash-elements.svg" in drawn


def test_its_caches_stay_in_the_tests_folder(toy_game, tmp_path) -> None:  # noqa: F811
    from rulebook.search import connect, search
    from rulebook.vocabulary import lexicon

    connect.cache_clear()
    lexicon.cache_clear()
    search("pebble")
    kinds = {p.name.split("-")[0] for p in (tmp_path / "cache").iterdir()}
    assert {"search", "vocabulary"} <= kinds


def test_once_unregistered_it_is_gone(toy_game) -> None:  # noqa: F811
    rulebook.unregister("toy")
    try:
        assert "toy" not in {g.id for g in rulebook.games()}
        from rulebook.search import search

        assert not [h for h in search("pebble pile") if h.game == "toy"]
    finally:
        rulebook.register(toy_game)
