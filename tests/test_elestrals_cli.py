"""`rulebook elestrals ...` as a user runs it: answers, JSON, exit codes, and bad input."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook import elestrals

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elestrals"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["elestrals", *args], input=input)


def test_stats_shows_every_step_and_reads_an_effects_file() -> None:
    result = run("stats", "3", "2", "--file", str(EXAMPLES / "effects.txt"))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Final stats: Attack 0, Defense 5"
    data = json.loads(run("stats", "3", "2", "swap", "--json").stdout)
    assert data["value"] == {
        "attack": 2,
        "defense": 3,
        "steps": [{"step": 3, "effect": "swap", "attack": 2, "defense": 3}],
    }
    assert data["rules"] == ["elestrals.card.stats", "elestrals.advanced.stat-order"]


def test_battle_json_names_destroyed_and_expended() -> None:
    data = json.loads(run("battle", "attack=3 spirits=1", "attack=3 spirits=3", "--json").stdout)
    assert data["schema"] == "rulebook.ruling/1" and data["query"] == "battle"
    assert data["value"]["destroyed"] == ["attacker", "defender"]
    assert data["value"]["expend"] == {"attacker": 2, "defender": 0}
    assert data["legal"] is True


def test_battle_applies_stat_effects_to_each_side_first() -> None:
    args = ["battle", "attack=2 defense=5 spirits=2", "attack=4 spirits=1", "--attacker-effect", "swap", "--json"]
    data = json.loads(run(*args).stdout)
    assert data["value"]["destroyed"] == ["defender"]
    assert data["input"]["attacker_effects"] == ["swap"]
    assert "elestrals.advanced.stat-order" in data["rules"]


def test_illegal_attack_is_an_answer_with_exit_code_zero() -> None:
    result = run("battle", "attack=3", "none", "--first-turn")
    assert result.exit_code == 0
    assert result.stdout.startswith("Illegal attack: no Battle Phase on the first turn")


def test_chain_reads_standard_input_and_prints_the_resolution_order() -> None:
    result = run("chain", "-", input="players P1 P2\nlink P1 A\nlink P2 B negates 1\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Resolution order: 2. P2 B; Negated: 1. P1 A"
    data = json.loads(run("chain", str(EXAMPLES / "chain.txt"), "--json").stdout)
    assert data["value"]["next_chain"] == ["P1 Dragon: when you Cast", "P2 Guardian: when an Elestral is Cast"]
    assert data["value"]["underworld"] == ["Sage", "Shield"]


def test_deck_check_names_every_problem_and_check_flag_sets_exit_code() -> None:
    good = run("deck", str(EXAMPLES / "deck.txt"), "--check")
    assert good.exit_code == 0 and good.stdout.startswith("Legal deck")
    bad = run("deck", str(EXAMPLES / "bad-deck.txt"), "--check", "--json")
    assert bad.exit_code == 1
    problems = json.loads(bad.stdout)["value"]["problems"]
    assert len(problems) == 7
    assert {p["rule"] for p in problems} >= {"elestrals.setup.main-deck", "elestrals.tournament.side-deck"}


def test_standings_ranks_players_and_takes_the_match_points_option() -> None:
    result = run("standings", str(EXAMPLES / "results.txt"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Dee leads with 6 match points"
    assert lines[1].startswith("  1. Dee: 6 match points, 4 of 4 games won (share 100%)")
    assert lines.index("How the ranking was decided:") > 4
    data = json.loads(run("standings", str(EXAMPLES / "results.txt"), "-o", "match-points=1-0-0", "--json").stdout)
    assert [r["points"] for r in data["value"]["standings"]] == [2, 1, 1, 0]
    assert any(n["id"] == "elestrals.interp.match-points" for n in data["notes"])


def test_enchant_main_mulligan_and_end_answer() -> None:
    assert run("enchant", "fire,&", "fire,water").stdout.startswith("Enchanted")
    assert run("enchant", "fire,any", "fire,water").stdout.startswith("Enchanted")
    assert run("main", "cast-rune", "--rune", "counter", "--set").stdout.startswith("cast-rune is allowed")
    assert run("mulligan", "2").stdout.startswith("2 mulligans Expend 4 Spirits")
    assert run("mulligan", "1").stdout.startswith("1 mulligan Expends 2 Spirits")
    assert run("end", "--main", "P1=0,P2=3", "--spirits", "P1=1,P2=1", "--draws", "P1=1").stdout.startswith("P1 loses")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("stats", "3", "2", "double attack"), "cannot read stat effect 'double attack'"),
        (("battle", "atack=3", "none"), "unknown battle key 'atack'"),
        (("battle", "attack=3", "none", "--phase", "combat"), "unknown phase 'combat'"),
        (("chain", "missing-file.txt"), "cannot read 'missing-file.txt'"),
        (("enchant", "fire", "fier"), "unknown Spirit type 'fier' (did you mean 'fire'?)"),
        (("main", "summon"), "unknown Main Phase action 'summon'"),
        (("main", "enchant", "--status", "sleepy"), "unknown status 'sleepy'"),
        (("deck", "-"), "the deck list is empty"),
        (("standings", "-"), "the results file has no games"),
        (("stats", "1", "1", "swap", "-o", "stat-floor=maybe"), "unknown value for option 'stat-floor'"),
        (("end", "--main", "P1=1", "--spirits", "P1=x"), "the count for P1 in --spirits must be a whole number"),
        (("end", "--main", "P1", "--spirits", "P1=1"), "--main must be written PLAYER=COUNT"),
        (("mulligan", "--", "-2"), "TIMES must be a whole number written with the digits 0-9, not '-2'"),
        (("term", "Nexsu"), "unknown glossary term 'Nexsu' (did you mean 'Nexus'?)"),
        (("end", "--main", "P1=1,P2=2", "--spirits", "P1=1,P2=1", "--draws", "P3=1"), "unknown player 'P3'"),
        (("chain", "-"), "the chain file names no players"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_exit_code_two(args: tuple[str, ...], fragment: str) -> None:
    result = run(*args, input="")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], lines


# ---------------------------------------------------------------- hardening: odd input is one line, fast


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("end", "--main", "P1=²", "--spirits", "P1=1"), "digits 0-9, not '²'"),
        (("end", "--main", "P1=٣,P2=1", "--spirits", "P1=1,P2=1"), "digits 0-9, not '٣'"),
        (("battle", "attack=² spirits=1", "none"), "attack must be a whole number written with the digits 0-9"),
        (("chain", "-"), "spirits must be a whole number"),
        (("stats", "3", "2", "attack +" + "9" * 5000), "has too many digits (5000; at most 9)"),
        (("stats", "9" * 5000, "2"), "ATTACK has too many digits"),
        (("deck", "-"), "a card count has too many digits"),
        (("enchant", "999999999 fire", "fire"), "a count of Spirits must be from 1 to 20, not 999999999"),
        (("enchant", "fire", "2² fire"), "unknown Spirit type '2²'"),
        (("mulligan", "1" * 5000), "TIMES has too many digits"),
        (("legal", "-"), "standard input is not valid TOML"),
        (
            ("check", str(EXAMPLES / "nexus.toml"), "nexus E1 R2 1² fire", "--cards", str(EXAMPLES / "cards.toml")),
            "the count of a Nexus must be a whole number written with the digits 0-9, not '1²'",
        ),
        (("check", "-", "pass"), "standard input: the key 'turn' is missing"),
    ],
)
def test_odd_numbers_and_texts_are_one_line_on_stderr(args: tuple[str, ...], fragment: str) -> None:
    feed = {
        "chain": "players P1 P2\nlink P1 A\ncard A spirits=² cost=1\n",
        "deck": "Main Deck:\n" + "9" * 5000 + " Cub\n",
        "legal": "turn = ",
        "check": "player = 'P1'\n",
    }.get(args[0], "")
    result = run(*args, input=feed)
    assert result.exit_code == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], lines


ADVERSARIAL = [
    "a" * 50_000,
    "1" * 50_000,
    "(" * 25_000 + ")" * 25_000,
    "attack=" * 7_000,
    "during " + "x" * 50_000,
    '"' + "a" * 50_000,
    "\n".join(["link P1 " + "x" * 40] * 1_000),
    ("fire " * 10_000).strip(),
    "[cards." + "a" * 50_000,
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_every_reader_does_linear_work_on_adversarial_text(text: str, linear) -> None:
    from rulebook.elestrals.actions import parse_action
    from rulebook.elestrals.position_file import parse_position

    readers = [
        elestrals.parse_effect,
        elestrals.parse_effects,
        elestrals.parse_combatant,
        elestrals.parse_chain,
        elestrals.parse_deck,
        elestrals.parse_results,
        elestrals.effect_category,
        lambda t: elestrals.enchantment(t, "fire"),
        lambda t: elestrals.glossary(t),
        parse_action,
        lambda t: parse_position(t, "x.toml"),
    ]
    for reader in readers:
        with pytest.raises(elestrals.InvalidInputError):
            reader(text)

        def attempt(t: str, reader=reader) -> None:
            with contextlib.suppress(elestrals.InvalidInputError):
                reader(t)

        linear(attempt, text, 60)  # work bounded in lines of rulebook code, never by the clock


# ---------------------------------------------------------------- positions: legal and check


def test_legal_lists_each_action_with_its_rules_and_the_refused_ones_on_request(tmp_path: Path) -> None:
    cards = ["--cards", str(EXAMPLES / "cards.toml")]
    data = json.loads(run("legal", str(EXAMPLES / "main-phase.toml"), *cards, "--refused", "--json").stdout)
    assert data["query"] == "legal" and data["value"]["player"] == "P1"
    legal = {item["action"]: item["rules"] for item in data["value"]["legal"]}
    assert "elestrals.main.normal-cast" in legal['normal-cast "Cinder Cub" attack']
    refused = {item["action"]: item["reason"] for item in data["value"]["refused"]}
    assert refused['normal-cast "Kiln Hound" attack'].startswith("a Normal Cast Elestral must cost at most 1 Spirit")


def test_check_prints_and_saves_the_position_after_a_legal_action_and_nothing_after_a_refused_one(
    tmp_path: Path,
) -> None:
    cards = ["--cards", str(EXAMPLES / "cards.toml")]
    saved = tmp_path / "after.toml"
    result = run("check", str(EXAMPLES / "attack-position.toml"), "attack E1 E1", *cards, "--save", str(saved))
    assert result.exit_code == 0
    text = saved.read_text(encoding="utf-8")
    assert result.stdout.endswith(text)
    assert 'underworld = ["Cinder Cub", "fire", "fire"]' in text
    again = run("legal", str(saved))
    assert again.exit_code == 0 and again.stdout.startswith("P2 to act (turn 4, Battle Phase): 1 legal action")
    refused = run(
        "check", str(EXAMPLES / "attack-position.toml"), "attack E1 spirit-deck", *cards, "--save", str(saved)
    )
    assert refused.exit_code == 0 and "not allowed" in refused.stdout.splitlines()[0]
    assert "turn = " not in refused.stdout and saved.read_text(encoding="utf-8") == text


def test_a_position_file_with_a_mistake_is_one_line_naming_the_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = (
        (EXAMPLES / "main-phase.toml").read_text(encoding="utf-8").replace('card = "Brook Newt"', 'card = "Brook Nwt"')
    )
    bad.write_text(text, encoding="utf-8")
    result = run("legal", str(bad), "--cards", str(EXAMPLES / "cards.toml"))
    assert result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert "players.P1.elestrals[1].card: unknown card 'Brook Nwt' (did you mean 'Brook Newt'?)" in line


def test_every_example_in_the_help_texts_runs_and_answers() -> None:
    import re
    import shlex

    from cli import elestrals as group

    examples = [
        line.split("Example:", 1)[1].strip()
        for command in group.app.registered_commands
        for line in (command.callback.__doc__ or "").splitlines()
        if "Example:" in line
    ]
    assert len(examples) >= 10
    root = EXAMPLES.parent.parent
    for example in examples:
        words = shlex.split(example)
        assert words[:2] == ["rulebook", "elestrals"], example
        words = [str(root / w) if re.match(r"examples/", w) else w for w in words]
        result = run(*words[2:])
        assert result.exit_code == 0, (example, result.stderr)


@pytest.mark.parametrize(
    ("action", "extra"),
    [("change-position E1 E2 E3", "'E2' after change-position E1"), ("pass pass", "'pass' after pass")],
)
def test_words_after_a_complete_action_are_refused(action: str, extra: str) -> None:
    result = run("check", str(EXAMPLES / "main-phase.toml"), action, "--cards", str(EXAMPLES / "cards.toml"))
    assert result.exit_code == 2
    assert extra in result.output and "one word too many" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("1", "cost holds 1 (a number)"),
        ("true", "cost holds true (a boolean)"),
        ("[1]", "cost holds [1] (a list) with 1 (a number) in it"),
        ("1979-05-27", "cost holds 1979-05-27 (a date or time)"),
    ],
)
def test_a_cost_that_is_not_spirit_types_is_one_clear_line(tmp_path: Path, value: str, shown: str) -> None:
    facts = tmp_path / "C.toml"
    facts.write_text(f'[cards."Cinder Cub"]\ncard_type = "elestral"\ncost = {value}\nattack = 2\ndefense = 1\n')
    result = run("legal", str(EXAMPLES / "main-phase.toml"), "--cards", str(facts))
    assert result.exit_code == 2
    assert shown in result.output and "a list of Spirit types" in result.output
    assert "internal error" not in result.output and len(result.output.strip().splitlines()) == 1


def test_a_card_type_that_is_not_a_word_names_what_it_holds(tmp_path: Path) -> None:
    facts = tmp_path / "C.toml"
    facts.write_text('[cards."Cinder Cub"]\ncard_type = true\ncost = ["fire"]\nattack = 2\ndefense = 1\n')
    result = run("legal", str(EXAMPLES / "main-phase.toml"), "--cards", str(facts))
    assert result.exit_code == 2
    assert "card_type holds true (a boolean); write elestral or rune" in result.output
