"""`rulebook elephants ...` as a user runs it: answers, JSON, round files, exit codes, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elephants"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["elephants", *args], input=input)


def test_order_prints_the_order_with_reasons_and_the_interpretation_it_rests_on() -> None:
    result = run("order", "P1:stupefy", "P2:clap", "P1:root", "--ringleader", "P2")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Clash I resolves: P1:root, P2:clap, P1:stupefy"
    assert any("P2:clap before P1:stupefy, both at 2: P2 is earlier in turn order" in line for line in lines)
    assert any(line.strip().startswith("erratum elephants.erratum.priority-direction:") for line in lines)


def test_order_json_follows_the_documented_schema() -> None:
    data = json.loads(run("order", "P1:slumber", "P1:accelerator", "P2:repeater", "--clash", "III", "--json").stdout)
    assert data["schema"] == "rulebook.ruling/1" and data["game"] == "elephants" and data["query"] == "order"
    assert data["value"]["clash"] == 3
    assert data["value"]["order"] == [
        {"spell": "P1:accelerator", "priority": 1, "effective": 1, "phase": "resolve"},
        {"spell": "P1:slumber", "priority": 5, "effective": 3, "phase": "resolve"},
        {"spell": "P2:repeater", "priority": "A", "effective": "A", "phase": "advance"},
    ]
    assert "elephants.interp.accelerator-passive" in [n["id"] for n in data["notes"]]


def test_a_refusal_is_an_answer_with_exit_code_zero() -> None:
    result = run("can-advance", "P1:starfall", "P2:break", "--clash", "2", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["legal"] is False and data["value"] == {"spell": "P1:starfall", "can": False}
    assert data["rules"][0] == "elephants.break.stops-enemies"


def test_can_advance_through_a_clap() -> None:
    result = run("can-advance", "P1:root", "P1:clap", "P2:stupefy", "P2:starfall", "--by", "P1:clap", "-c", "2")
    assert result.stdout.startswith("P1:root can advance to Clash III")


def test_can_move_and_can_cancel() -> None:
    assert run("can-move", "P2:stupefy", "--to", "4", "P1:gravitate", "-c", "2").stdout.startswith(
        "P1:gravitate can move P2:stupefy from Clash II to Clash IV"
    )
    assert run("can-move", "P2:stupefy", "--to", "IV", "P1:gravitate", "-c", "IV").stdout.startswith(
        "P1:gravitate cannot move P2:stupefy to Clash IV: this is Clash IV"
    )
    assert run("can-cancel", "P2:stupefy", "--by", "P1:clap", "P1:clap", "P2:root").stdout.startswith(
        "P1:clap cannot cancel P2:stupefy: P2:root shields it"
    )


def test_clap_targets_from_a_round_file() -> None:
    data = json.loads(run("clap-targets", "--round", str(EXAMPLES / "clap.toml"), "--json").stdout)
    assert data["value"]["targets"] == {"P2": ["P2:stupefy", "P2:break", "P2:starfall"], "P3": ["P3:root"]}


def test_effect_from_a_round_file_and_from_arguments() -> None:
    data = json.loads(run("effect", "P1:stupefy", "--round", str(EXAMPLES / "stupefy.toml"), "--json").stdout)
    assert data["value"]["cancelled"] == ["P3:ritual"] and data["value"]["shielded"] == ["P2:offering"]
    assert data["value"]["trunk_lost"] == ["P3"]
    result = run("effect", "P1:turbulence", "--clash", "3", "--earlier", "P2:stupefy")
    assert result.stdout.startswith("P1:turbulence deals 2 damage to one enemy")
    result = run(
        "effect", "P1:turbulence", "-c", "3", "--earlier", "P2:stupefy", "-o", "turbulence-condition=this-spell"
    )
    assert result.stdout.startswith("P1:turbulence deals 1 damage to one enemy")


def test_optional_and_end_round() -> None:
    assert run("optional", "electrocute", "use", "--own-spells", "0").stdout.startswith(
        "Electrocute cannot be used: its owner has no spell of their own to discard first"
    )
    data = json.loads(run("end-round", "--hand", "0", "--trunks-lost", "1", "--json").stdout)
    assert data["value"] == {"max_hand": 5, "new_set": "automatic", "recall": 2, "legal": True}


def test_spells_lists_the_sheets_spells_with_their_data() -> None:
    data = json.loads(run("spells", "--json").stdout)
    rows = {r["spell"]: r for r in data["spells"]}
    assert len(rows) == 17
    assert rows["repeater"]["priority"] == "A" and rows["break"]["advance"] == "self-once"
    assert run("spells").stdout.splitlines()[0].split()[:3] == ["stupefy", "Thunder", "2"]


def test_resolve_plays_out_a_clash_with_the_players_choices() -> None:
    args = ["resolve", "P1:gravitate", "P2:enfeeble", "P1:root", "-c", "2", "--choose", "P1:gravitate=P2:enfeeble>4"]
    data = json.loads(run(*args, "--json").stdout)
    assert data["query"] == "resolve"
    assert data["value"]["moved"] == {"P2:enfeeble": 4}
    assert data["value"]["advanced"] == {"P1:root": 3}
    assert run(*args).stdout.startswith("Clash II: P1:gravitate, P1:root resolve; P2:enfeeble moved to IV")
    result = run("resolve", "P1:gravitate", "P2:stupefy", "-c", "2", "--choose", "P1:gravitate=P2:stupefy>2")
    assert result.exit_code == 2
    assert "[elephants.gravitate.current-to-future]" in result.stderr


def test_round_plays_a_whole_round_from_a_plan() -> None:
    result = run("round", str(EXAMPLES / "round.toml"))
    assert result.exit_code == 0
    assert result.stdout.startswith(
        "Round played: 4 clashes; P3 lost a trunk; health P1 5, P2 1, P3 0; the Ringleader passes to P3"
    )
    data = json.loads(run("round", "-", "--json", input='[[clash]]\nspells = ["P1:root", "P2:clap"]\n').stdout)
    assert data["query"] == "round" and data["value"]["clashes"][0]["advanced"] == {"P1:root": 2}


def test_turn_order_given_outright_decides_ties_between_players() -> None:
    result = run("order", "P1:stupefy", "P2:clap", "P3:nightglow", "--turn-order", "P3,P1,P2")
    assert result.stdout.startswith("Clash I resolves: P3:nightglow, P1:stupefy, P2:clap")
    assert run("order", "P1:stupefy", "P2:clap", "-r", "P2").stdout.startswith("Clash I resolves: P2:clap, P1:stupefy")


def test_a_round_file_from_standard_input() -> None:
    result = run("order", "--round", "-", input='clash = 2\nspells = ["P2:stupefy", "P1:clap"]\n')
    assert result.stdout.startswith("Clash II resolves: P1:clap, P2:stupefy")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["order", "P1:stupify"], "unknown spell 'stupify' (did you mean 'stupefy'?)"),
        (["order"], "give the spells of the clash"),
        (["order", "P1:clap", "--clash", "5"], "a round has clashes 1 to 4"),
        (["order", "P1:clap", "--ringleader", "X"], "players are written P1, P2"),
        (["order", "P1:clap", "--round", "no-such.toml"], "either as spells on the command line or as a --round"),
        (["order", "--round", "no-such.toml"], "cannot read 'no-such.toml'"),
        (["can-advance", "P1:clap", "--health", "P2"], "must be written PLAYER=N"),
        (["order", "P1:clap", "--turn-order", "P3,P1"], "must name each of P1, P2 once"),
        (["order", "P1:clap", "-t", "P2,P1", "-r", "P1"], "the turn order starts with P2, but the Ringleader is P1"),
        (["can-advance", "P1:root", "P2:break", "--by", "P2:break"], "only Clap does"),
        (["can-move", "P2:stupefy", "--to", "3", "P1:clap"], "there is no Gravitate in the current clash"),
        (["effect", "P1:turbulence", "-o", "turbulence=any"], "did you mean 'turbulence-condition'?"),
        (["effect", "P1:root"], "the effect of Root is not modelled"),
        (["optional", "illuminate", "many"], "how many extra spells to cast"),
        (["optional", "electrocute", "maybe"], "accepted: pass, use"),
        (["end-round", "--hand", "2", "--kept", "3"], "kept must be between 0 and the hand of 2"),
        (["resolve", "P1:clap", "P2:root", "--choose", "P1:clap"], "must be written SPELL=CHOICE"),
        (["round", "no-such-plan.toml"], "cannot read 'no-such-plan.toml'"),
        (["resolve", "P1:gravitate", "P2:root"], "P1:gravitate needs a choice"),
        (["resolve", "P1:clap", "P2:root", "P2:break", "--choose", "P1:clap=P1:clap"], "cannot cancel P1:clap"),
    ],
)
def test_bad_input_gets_one_line_naming_what_is_accepted_and_exit_code_two(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr
