"""`rulebook spellfire ...` as a user runs it: answers, JSON, options, exit codes and bad input."""

from __future__ import annotations

import json

import pytest
from kept_cli import CliRunner

from cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_attack_prints_the_verdict_the_trace_and_the_interpretation_it_rests_on() -> None:
    result = run("spellfire", "attack", "B", "--champion", "hero flyer", "--ally", "swimmer")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "illegal: B is protected by A, and ally 1's movement does not reach it"
    assert any(line.strip().startswith("interpretation spellfire.interp.ally-reach:") for line in lines)


def test_attack_json_follows_the_documented_schema() -> None:
    result = run("spellfire", "attack", "E", "-r", "B,C", "-c", "hero", "-a", "none", "--json")
    data = json.loads(result.stdout)
    assert data["schema"] == "rulebook.ruling/1" and data["game"] == "spellfire" and data["query"] == "attack"
    assert data["legal"] is True
    value = data["value"]
    assert value["exposed"] is True and value["protected_by"] == []
    assert {a["role"] for a in value["attackers"]} == {"champion", "ally 1"}
    assert value["formation"]["B"] == ["razed"]
    assert data["input"]["allies"] == ["none"]


def test_attack_takes_realm_traits_and_options() -> None:
    walled = ["spellfire", "attack", "A", "-c", "hero", "-a", "flyer", "--realm", "A: no-flyer"]
    assert run(*walled).stdout.startswith("illegal: A shuts out flyers, and ally 1 always flies")
    freed = run(*walled, "-o", "allies-forced-movement=no", "--json")
    assert json.loads(freed.stdout)["legal"] is True


def test_a_formation_file_describes_the_realms(tmp_path) -> None:
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "spellfire" / "coastal-kingdom.txt"
    result = run("spellfire", "attack", "E", "-f", str(example), "-c", "hero flyer", "--json")
    data = json.loads(result.stdout)
    assert data["legal"] is True  # a flying hero passes a realm limited to heroes; earthwalking cannot
    assert data["value"]["formation"]["E"] == ["coast", "only-hero"]
    assert run("spellfire", "attack", "E", "-f", str(example), "-c", "hero earthwalker").stdout.startswith(
        "illegal: E is protected by B and C"
    )
    bad = tmp_path / "bad.txt"
    bad.write_text("A: razed\nB: costal\n")
    result = run("spellfire", "formation", "-f", str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: line 2: unknown realm trait 'costal' (did you mean 'coast'?)")


def test_formation_lists_exposed_and_protected_realms() -> None:
    result = run("spellfire", "formation", "--razed", "A")
    assert result.stdout.splitlines()[0] == ("exposed: B, C; protected: D (by B), E (by B and C), F (by C); razed: A")


def test_counter_answers_the_sheets_example_both_ways() -> None:
    yes = json.loads(run("spellfire", "counter", "P1 Cataclysm!", "P2 Calm", "--json").stdout)
    assert yes["value"]["negated"] is True
    no = run("spellfire", "counter", "P1 Cataclysm!", "P2 Good Fortune", "P2 Calm")
    assert no.stdout.startswith("P1's Cataclysm! stands")
    other = run("spellfire", "counter", "P1 Cataclysm!", "P2 Dispel", "--counter", "Dispel")
    assert other.stdout.startswith("P2's Dispel negates")


def test_the_other_queries_answer() -> None:
    assert run("spellfire", "priority", "P2 play", "P1 activate").stdout.startswith("P1 resolves first")
    assert run("spellfire", "borrow", "--discarded").stdout.startswith("the borrowed card is not returned")
    assert run("spellfire", "copy", "avatar").stdout.startswith("illegal: the powers of an Avatar")
    assert run("spellfire", "use", "any spell", "wizard spell").stdout.startswith("legal:")
    assert run("spellfire", "avatar", "--phase", "4").stdout.startswith("illegal: an Avatar comes into play only")
    assert run("spellfire", "avatar", "--conditions-not-met").stdout.startswith("illegal: the Avatar's conditions")
    assert "16 levels" in run("spellfire", "levels", "A:9", "B:7", "C:14:avatar").stdout
    drawn = json.loads(
        run("spellfire", "draw", "1", "--count", "2", "--discard", "9", "-o", "reshuffle=yes", "--json").stdout
    )
    assert drawn["value"]["lost"] == 1 and drawn["value"]["new_draw_pile"] == 9
    assert drawn["notes"][0]["id"] == "spellfire.interp.reshuffle"
    once = run("spellfire", "once", "1:3", "1:3")
    assert once.exit_code == 0 and once.stdout.startswith("turn 1 phase 3: allowed; turn 1 phase 3: refused")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["spellfire", "attack", "G"], "unknown position 'G'; accepted: A, B, C, D, E, F"),
        (["spellfire", "attack", "B", "-c", "wizzard flyer"], "did you mean 'wizard'?"),
        (["spellfire", "attack", "B", "-c", "hero fyler"], "did you mean 'flyer'?"),
        (["spellfire", "attack", "B", "-a", "earthwalkr"], "did you mean 'earthwalker'?"),
        (["spellfire", "attack", "B", "-r", "Z"], "unknown position 'Z'"),
        (["spellfire", "attack", "B", "--realm", "B: costline"], "did you mean 'coast'?"),
        (["spellfire", "attack", "B", "-o", "ally-rech=own"], "did you mean 'ally-reach'?"),
        (["spellfire", "attack", "B", "-o", "ally-reach=mine"], "accepted: own, any-movement, shared"),
        (["spellfire", "counter", "P1 Cataclysm!", "P2 Clam"], "did you mean 'Calm'?"),
        (["spellfire", "counter", "Calm"], "cannot read the play 'Calm'"),
        (["spellfire", "once", "1-3"], "write 'TURN:PHASE'"),
        (["spellfire", "once", "1:9"], "phase 9 does not exist"),
        (["spellfire", "levels", "Bane"], "write 'NAME:LEVEL'"),
        (["spellfire", "levels", "Bane:²"], "must be a whole number written with the digits 0-9, not '²'"),
        (["spellfire", "levels", "A:5:avatar", "B:6:avatar"], "name the free one with --free NAME (e.g. --free A)"),
    ],
)
def test_bad_input_gets_one_line_with_the_closest_name_and_exit_code_two(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr
