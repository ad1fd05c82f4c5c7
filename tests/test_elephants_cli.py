"""`rulebook elephants ...` as a user runs it: answers, JSON, round files, exit codes, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elephants"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["elephants", *args], input=input)


def test_order_prints_the_order_with_reasons_and_the_interpretation_it_rests_on() -> None:
    result = run("order", "P1:stupefy", "P2:nightglow", "P1:root", "--ringleader", "P2")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Clash I resolves: P1:root, P2:nightglow, P1:stupefy"
    assert any("P2:nightglow before P1:stupefy, both at 2: P2 is earlier in turn order" in line for line in lines)
    assert any(line.strip().startswith("erratum elephants.erratum.priority-direction:") for line in lines)


def test_order_json_follows_the_documented_schema() -> None:
    data = json.loads(run("order", "P1:slumber", "P1:accelerator", "P2:gleam", "--clash", "III", "--json").stdout)
    assert data["schema"] == "rulebook.ruling/1" and data["game"] == "elephants" and data["query"] == "order"
    assert data["value"]["clash"] == 3
    assert data["value"]["order"] == [
        {"spell": "P1:accelerator", "priority": 1, "effective": 1, "phase": "resolve"},
        {"spell": "P1:slumber", "priority": 5, "effective": 3, "phase": "resolve"},
        {"spell": "P2:gleam", "priority": "A", "effective": "A", "phase": "advance"},
    ]
    assert "elephants.interp.accelerator-passive" in [n["id"] for n in data["notes"]]


def test_a_refusal_is_an_answer_with_exit_code_zero() -> None:
    result = run("can-advance", "P1:starfall", "P2:break", "--clash", "2", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["legal"] is False and data["value"] == {"spell": "P1:starfall", "can": False}
    assert data["rules"][0] == "elephants.break.stops-enemies"


def test_can_advance_through_a_clap() -> None:
    result = run("can-advance", "P1:root", "P1:clap", "P2:offering", "P2:starfall", "--by", "P1:clap", "-c", "2")
    assert result.stdout.startswith("P1:root can advance to Clash III")


def test_can_move_and_can_cancel() -> None:
    assert run("can-move", "P2:stupefy", "--to", "4", "P1:gravitate", "-c", "2").stdout.startswith(
        "P1:gravitate can move P2:stupefy from Clash II to Clash IV"
    )
    assert run("can-move", "P2:stupefy", "--to", "IV", "P1:gravitate", "-c", "IV").stdout.startswith(
        "P1:gravitate cannot move P2:stupefy to Clash IV: this is Clash IV"
    )
    assert run("can-cancel", "P2:offering", "--by", "P1:clap", "P1:clap", "P2:root").stdout.startswith(
        "P1:clap cannot cancel P2:offering: P2:root shields it"
    )
    # The spell named by --by is put on the board when it is not listed (the command's help example).
    result = run("can-cancel", "P2:offering", "--by", "P1:clap", "P2:root")
    assert result.exit_code == 0 and result.stdout.startswith("P1:clap cannot cancel P2:offering: P2:root shields it")


def test_clap_targets_from_a_round_file() -> None:
    data = json.loads(run("clap-targets", "--round", str(EXAMPLES / "clap.toml"), "--json").stdout)
    assert data["value"]["targets"] == {"P2": ["P2:offering", "P2:ritual", "P2:starfall"], "P3": ["P3:root"]}


def test_effect_from_a_round_file_and_from_arguments() -> None:
    data = json.loads(run("effect", "P1:stupefy", "--round", str(EXAMPLES / "stupefy.toml"), "--json").stdout)
    assert data["value"]["cancelled"] == ["P3:fireball"] and data["value"]["shielded"] == ["P2:offering"]
    assert data["value"]["trunk_lost"] == ["P3"]
    result = run("effect", "P1:turbulence", "--clash", "3", "--earlier", "P2:stupefy")
    assert result.stdout.startswith("P1:turbulence deals 2 damage to one enemy")
    result = run(
        "effect", "P1:turbulence", "-c", "3", "--earlier", "P2:stupefy", "-o", "turbulence-condition=this-spell"
    )
    assert result.stdout.startswith("P1:turbulence deals 1 damage to one enemy")
    # Every spell of the card list resolves, with its owner's choices.
    result = run("effect", "P1:offering", "P2:root", "P2:nourish", "--choose", "use,P2:root")
    assert result.stdout.startswith("P1:offering deals 1 damage to its owner; cancels P2:root")


def test_optional_and_end_round() -> None:
    assert run("optional", "electrocute", "use", "--own-spells", "0").stdout.startswith(
        "Electrocute cannot be used: its owner has no spell of their own to discard first"
    )
    data = json.loads(run("end-round", "--hand", "0", "--trunks-lost", "1", "--json").stdout)
    assert data["value"] == {"max_hand": 5, "new_set": "automatic", "recall": 2, "legal": True}


def test_spells_lists_every_spell_of_the_card_list_with_its_data_and_its_date() -> None:
    data = json.loads(run("spells", "--json").stdout)
    rows = {r["spell"]: r for r in data["spells"]}
    assert len(rows) == 58 and data["card_list"]["follows"] == "2025-09-09"
    assert rows["repeater"]["priority"] == "A" and rows["break"]["advance"] == "self-once"
    assert rows["gravitate"]["types"] == [] and rows["electrocute"]["types"] == ["boost"]
    assert rows["ritual"]["types"] == ["attack", "boost"] and rows["offering"]["text"].startswith("A Blood spell")
    lines = run("spells", "thunder").stdout.splitlines()
    assert lines[0] == "3 spells of the card list of 2025-09-09 (rolawson/ee-game-cli, spells.json, commit 77f658b)"
    assert lines[1] == "clap (Thunder, priority 2): response, boost; advances on a condition"


def test_resolve_plays_out_a_clash_with_the_players_choices() -> None:
    args = ["resolve", "P1:gravitate", "P2:enfeeble", "P1:root", "-c", "2", "--choose", "P1:gravitate=P2:enfeeble>4"]
    data = json.loads(run(*args, "--json").stdout)
    assert data["query"] == "resolve"
    assert data["value"]["moved"] == {"P2:enfeeble": 4}
    assert data["value"]["advanced"] == {"P1:root": 3}
    assert run(*args).stdout.startswith("Clash II: P1:gravitate, P1:root resolve; P2:enfeeble moved to IV")
    result = run("resolve", "P1:gravitate", "P2:stupefy", "-c", "2", "--choose", "P1:gravitate=P2:stupefy>2")
    assert result.exit_code == 2
    assert "accepted: III, IV" in result.stderr


def test_round_plays_a_whole_round_from_a_plan() -> None:
    result = run("round", str(EXAMPLES / "round.toml"))
    assert result.exit_code == 0
    assert result.stdout.startswith(
        "Round played: 4 clashes; P3 lost a trunk; health P1 5, P2 1, P3 5; the Ringleader passes to P3"
    )
    data = json.loads(run("round", "-", "--json", input='[[clash]]\nspells = ["P1:root", "P2:clap"]\n').stdout)
    assert data["query"] == "round" and data["value"]["clashes"][0]["advanced"] == {"P1:root": 2}


def test_turn_order_given_outright_decides_ties_between_players() -> None:
    result = run("order", "P1:stupefy", "P2:absorb", "P3:nightglow", "--turn-order", "P3,P1,P2")
    assert result.stdout.startswith("Clash I resolves: P3:nightglow, P1:stupefy, P2:absorb")
    result = run("order", "P1:stupefy", "P2:absorb", "-r", "P2")
    assert result.stdout.startswith("Clash I resolves: P2:absorb, P1:stupefy")


def test_a_round_file_from_standard_input() -> None:
    result = run("order", "--round", "-", input='clash = 2\nspells = ["P2:absorb", "P1:clap"]\n')
    assert result.stdout.startswith("Clash II resolves: P1:clap, P2:absorb")


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
        (["can-advance", "P1:root", "P2:break", "--by", "P2:break"], "P2:break is not a Clap"),
        (["can-move", "P2:stupefy", "--to", "3", "P1:root"], "there is no Gravitate in the current clash"),
        (["effect", "P1:turbulence", "-o", "turbulence=any"], "did you mean 'turbulence-condition'?"),
        (["order", "P1:clap", "P2:stupefy"], "both of the Thunder set"),
        (["effect", "P1:stupefy", "P2:offering", "--health", "X=1"], "unknown player 'X'"),
        (["effect", "P1:stupefy", "P2:offering", "--health", "P2=²"], "digits 0-9, not '²'"),
        (["effect", "P1:stupefy", "P2:offering", "--clash", "²"], "unknown clash '²'"),
        (["optional", "illuminate", "²"], "how many extra spells to cast (0, 1 or 2), not '²'"),
        (["optional", "illuminate", "many"], "how many extra spells to cast"),
        (["optional", "electrocute", "maybe"], "accepted: pass, use"),
        (["end-round", "--hand", "2", "--kept", "3"], "kept must be between 0 and the hand of 2"),
        (["resolve", "P1:clap", "P2:root", "--choose", "P1:clap"], "must be written SPELL=CHOICE"),
        (["round", "no-such-plan.toml"], "cannot read 'no-such-plan.toml'"),
        (["resolve", "P1:gravitate", "P2:root"], "P1:gravitate needs a choice"),
        (["resolve", "P1:clap", "P2:offering", "P2:absorb", "--choose", "P1:clap=P1:clap"], "cannot choose 'P1:clap'"),
        (["simulate", "--policy", "clever"], "unknown policy 'clever'"),
        (["play", "--bot", "clever"], "unknown bot 'clever'"),
        (["play", "--players", "2", "--seat", "3"], "seat 3 is not at a table of 2 players"),
        (["replay", "no-such.log"], "cannot read 'no-such.log'"),
    ],
)
def test_bad_input_gets_one_line_naming_what_is_accepted_and_exit_code_two(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr


def test_play_a_whole_game_in_the_terminal_against_bots(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    # Numbers 1 to 19 over and over (a refused number is told and the next one tried; a spell set keeps its
    # number, so the first set left is not always 1): a whole game ends, told move by move, and its log replays.
    typed = "".join(f"{n}\n" for n in range(1, 20)) * 100
    result = run("play", "--bot", "random", "--seed", "3", "--save", str(log), input=typed)
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert out.startswith("Elemental Elephants, 2 players: you are P1; the others are random bots.")
    assert "P1, choose a spell set to draft:" in out and "1) draft Fire" in out
    assert "Clash I Cast: " in out and "game over after " in out
    assert "P2:?" in out or "P2 prepares a spell face down" in out  # the bot's prepared spell stays hidden
    assert f"game log written to {log}" in out
    replayed = run("replay", str(log), "--json")
    data = json.loads(replayed.stdout)
    assert data["value"]["over"] is True and data["query"] == "replay"


def test_play_explains_a_refused_move_and_goes_on() -> None:
    result = run("play", input="99\nfoo\nboard\nhelp\n1\nquit\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "error: an option number must be from 1 to 19, not 99" in out
    assert "error: 'foo' is not a legal action now: P1 decides a spell set to draft" in out
    assert "moves:\n  3             the option numbered 3 in the list" in out
    assert out.rstrip().endswith("game stopped (quit) in round 1, after 2 moves.")


def test_play_refusals_speak_in_words_and_name_their_rules_only_with_verbose() -> None:
    plain = run("play", input="foo\nquit\n").stdout
    assert "error: 'foo' is not a legal action now: P1 decides a spell set to draft" in plain
    assert "[elephants." not in plain  # no rule ID on screen unless asked for
    verbose = run("play", "--verbose", input="foo\nquit\n").stdout
    assert "draft Aster, ...) [elephants.interp.choices-are-actions]" in verbose


def test_play_shows_a_spells_card_on_request() -> None:
    out = run("play", input="info Stupefy\ninfo stupify\ninfo\nquit\n").stdout
    assert "> stupefy (Thunder, 2): the Thunder set (" in out and "priority 2; attack, response" in out
    card = out.split("> stupefy (Thunder, 2): ")[1].splitlines()
    assert card[1].startswith("  ") and "damage" in card[1].lower()
    assert "error: unknown spell 'stupify' (did you mean 'stupefy'?)" in out
    assert "error: write info SPELL, e.g. info fireball" in out
    assert out.rstrip().endswith("game stopped (quit) in round 1, after 0 moves.")


def test_play_explains_the_spell_notation_once() -> None:
    # Draft twice, keep the first four spells, then look at the board again: the notation is told once.
    out = run("play", input="1\n2\n1\n1\nboard\nboard\nquit\n").stdout
    assert "P1's hand: " in out and "(Fire, 4)" in out
    assert out.count("(A spell in your hand is shown with its set and priority:") == 1
    assert out.count("P1's hand: ") >= 3


def test_play_keeps_each_spell_sets_number_through_the_draft() -> None:
    # Three players: by P1's second draft three sets are gone, and every other set keeps its number.
    out = run("play", "--players", "3", input="18\n18\n19\n17\nquit\n").stdout
    menus = out.split("P1, choose a spell set to draft:")[1:]
    assert "18) draft Thunder" in menus[0] and "19) draft Twilight" in menus[0]
    second = menus[1].split(">")[0]
    assert "18) draft Thunder" not in second and "1) draft Fire" in second and "17) draft Lightning" in second
    assert "error: option 18 is not offered now: the Thunder set is already taken" in out
    taken = [line.split("P1 drafts ", 1)[1] for line in out.splitlines() if "P1 drafts " in line]
    assert [t.split(":")[0] for t in taken] == ["Thunder", "Lightning"]


def test_ctrl_c_during_play_saves_the_log_so_far(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cli.elephants

    lines = iter(["18\n", "1\n"])

    def typed() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(cli.elephants, "read_line", typed)
    save = tmp_path / "game.log"
    result = run("play", "--save", str(save))
    assert result.exit_code == 130
    assert "game stopped (interrupted) in round 1, after 4 moves." in result.stdout
    assert result.stderr == "interrupted\n"
    log = save.read_text().splitlines()
    assert log[1:4] == ["players 2", "P1 draft Thunder", "P2 draft Twilight"] and len(log) == 6
    assert run("replay", str(save)).stdout.startswith("game in progress: round 1")


def test_replay_checks_every_move_and_reports_the_winner() -> None:
    result = run("replay", str(EXAMPLES / "game.log"))
    assert result.exit_code == 0
    assert result.stdout.startswith("game over in round 5: P1 wins")
    assert "P2: out of the game, no trunk left" in result.stdout
    steps = run("replay", str(EXAMPLES / "game.log"), "--steps").stdout.splitlines()
    assert steps[0] == "1. P1 drafts Sunbeam: reflect, glare, illuminate"
    bad = (EXAMPLES / "game.log").read_text(encoding="utf-8").replace("P1 draft Twilight", "P1 draft Nowhere")
    checked = run("replay", "-", "--check", input=bad)
    assert checked.exit_code == 1 and "illegal: line 5: 'draft Nowhere' is not a legal action" in checked.stderr
    assert run("replay", "-", input=bad).exit_code == 2


def test_simulate_reports_win_rates_by_policy_seat_and_spell() -> None:
    result = run("simulate", "--games", "40", "--no-progress", "--spells", "2")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("40 games, 2 players: greedy wins ")
    assert any(line.startswith("  2. greedy: won ") for line in lines)
    assert any("seat P1 (first Ringleader): won " in line for line in lines)
    assert "win rate by spell (the player who cast it; spells cast in 20 games or more):" in lines
    data = json.loads(run("simulate", "--games", "6", "--players", "3", "--policy", "random", "--json").stdout)
    value = data["value"]
    assert value["games"] == 6 and len(value["by_seat"]) == 3 and value["by_policy"]["random"]["seats"] == 18
    assert sum(s["won"] for s in value["by_seat"]) + value["draws"] == 6


def test_simulate_interrupted_reports_the_games_done_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.elephants import bots as elephants_sim

    real = elephants_sim.play_one
    calls = {"n": 0}

    def stop_on_third(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(elephants_sim, "play_one", stop_on_third)
    result = run("simulate", "--games", "10", "--no-progress")
    assert result.exit_code == 130
    assert result.stdout.startswith("stopped after 2 of 10 games, 2 players: ")
    assert result.stderr == "interrupted: 2 of 10 games played\n"  # on standard error, as elementals simulate says it


def test_simulate_interrupted_before_any_game_says_so_on_standard_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.elephants import bots as elephants_sim

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(elephants_sim, "play_one", stop)
    result = run("simulate", "--games", "10", "--no-progress")
    assert result.exit_code == 130 and result.stdout == ""
    assert result.stderr == "interrupted: no game was played yet\n"


def test_every_example_in_the_elephants_help_runs() -> None:
    import shlex

    from cli.elephants import app as elephants_app

    examples = []
    for command in elephants_app.registered_commands:
        doc = command.callback.__doc__ or ""
        examples += [line.split("Example:", 1)[1].strip() for line in doc.splitlines() if "Example:" in line]
    assert len(examples) >= 14
    for example in examples:
        args = shlex.split(example)
        assert args[:2] == ["rulebook", "elephants"], example
        if args[2] in ("play", "simulate"):
            args += ["--games", "3", "--no-progress"] if args[2] == "simulate" else []
        result = runner.invoke(app, args[1:], input="quit\n")
        assert result.exit_code == 0, (example, result.stdout, result.stderr)


ADVERSARIAL = [
    "P1 " * 6000,
    "P1:" * 12000,
    ":" * 50_000,
    "/" * 50_000,
    "P1:clap/" + "moved=" * 8000,
    "@" * 50_000,
    "P1:clap@" + "9" * 40_000,
    "," * 50_000,
    ">" * 50_000,
    "\u00b2" * 25_000,
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=[t[:12] for t in ADVERSARIAL])
def test_each_reader_refuses_adversarial_text_in_linear_work(text: str, linear) -> None:
    import contextlib

    from rulebook import elephants
    from rulebook.elephants import game as elephants_game
    from rulebook.errors import RulebookError

    readers = [
        lambda t: elephants.parse_spell(t),
        lambda t: elephants.board(t),
        lambda t: elephants.board("P1:clap P2:fireball", health={t[:200]: 1}),
        lambda t: elephants.parse_board(f"spells = [{t!r}]"),
        lambda t: elephants.parse_round(f'[[clash]]\nspells = ["P1:clap"]\nchoose = {{ "P1:clap" = {t!r} }}'),
        lambda t: elephants.play_round(["P1:clap P2:fireball"], [{"P1:clap": t}]),
        lambda t: elephants.resolve_clash(elephants.board("P1:clap P2:fireball P2:nourish"), {"P1:clap": t}),
        lambda t: elephants.effect(elephants.board("P1:fireball P2:root"), "P1:fireball", choose=t),
        lambda t: elephants_game.parse_log(t),
        lambda t: elephants_game.replay("players 2\nP1 " + t),
        lambda t: elephants.optional_effect("illuminate", t),
    ]
    for read in readers:
        with contextlib.suppress(RulebookError):
            read(text)

        def attempt(t: str, read=read) -> None:
            with contextlib.suppress(RulebookError):
                read(t)

        linear(attempt, text, 60)  # work bounded in lines of rulebook code, never by the clock


def test_a_50_kb_health_argument_and_choice_are_refused_in_one_line() -> None:
    result = run("effect", "P1:fireball", "P2:nourish", "--health", "P1 " * 6000 + "=1")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    result = run("resolve", "P1:clap", "P2:root", "P2:nourish", "--choose", "P1:clap=" + "P1 " * 6000)
    assert result.exit_code == 2 and "too long" in result.stderr


@pytest.mark.parametrize("command", ["order", "round"])
def test_toml_nested_2000_deep_is_refused_in_one_line(command: str) -> None:
    deep = "a = " + "[" * 2000
    args = ["order", "--round", "-"] if command == "order" else ["round", "-"]
    result = run(*args, input=deep)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "is not valid TOML: nested too deeply" in result.stderr


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        ('players = "three"', "players must be a whole number from 2 to 9, not 'three'"),
        ("ringleader = 7", "ringleader must be a string, not 7"),
        ("options = 5", "options must be a table, not 5"),
        ("[[health]]\nP2 = 1", "health must be a table"),
        ("turn_order = [1, 2]", "turn_order[1] must be a string, not 1"),
    ],
)
def test_a_round_plan_with_values_of_the_wrong_type_is_refused_in_one_line(plan: str, message: str) -> None:
    result = run("round", "-", input=plan)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert message in result.stderr
