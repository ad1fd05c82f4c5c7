"""Review 15 (Elemental Elephants): a rules option given with `-o` is the option the board is judged by, even when the
board comes from a `--round` file, and every answer names the option it was decided under."""

from __future__ import annotations

import json
from pathlib import Path

from cli.testing import run

ROUND = str(Path(__file__).parent.parent / "examples" / "elephants" / "electrocute.toml")


def words(text: str) -> str:
    return " ".join(text.split())


def test_interp_electrocute_cost_recall_applies_to_a_board_read_from_a_round_file() -> None:
    # L1: with --round, -o was dropped: the answer discarded the spell while its note said "recall".
    args = ["elephants", "effect", "P1:electrocute", "--round", ROUND, "-o", "electrocute-cost=recall"]
    text = words(run(args).output)
    assert text.startswith("P1:electrocute recalls P1:nourish first; makes P2 discard fireball")
    assert "Its owner recalls that spell (electrocute-cost=recall) [elephants.interp.electrocute-cost]" in text
    assert "P1 recalls P1:nourish to their hand" in text
    assert "discards P1:nourish" not in text


def test_interp_electrocute_cost_default_from_a_round_file_is_unchanged() -> None:
    text = words(run(["elephants", "effect", "P1:electrocute", "--round", ROUND]).output)
    assert text.startswith("P1:electrocute discards P1:nourish first")


def test_a_round_file_and_command_line_health_are_not_silently_mixed() -> None:
    result = run(["elephants", "effect", "P1:electrocute", "--round", ROUND, "--health", "P1=3"])
    assert result.exit_code == 2
    assert result.output.startswith("error: give the spells resolved earlier and the players' health either in")


def test_interp_turbulence_condition_is_named_in_the_notes_of_a_whole_clash() -> None:
    # L6: resolve played by advanced-twice, but its note stated only the default reading.
    args = ["elephants", "resolve", "P1:turbulence", "P2:fireball", "--clash", "2", "--earlier", "P2:nourish"]
    text = words(run([*args, "-o", "turbulence-condition=advanced-twice"]).output)
    assert "P1:turbulence deals 1 damage to P2: health 5 to 4" in text
    assert "(here option turbulence-condition=advanced-twice: extra damage only once this Turbulence" in text
    data = json.loads(run([*args, "-o", "turbulence-condition=advanced-twice", "--json"]).output)
    assert data["input"]["options"] == {"turbulence-condition": "advanced-twice"}
    default = words(run(args).output)
    assert "P1:turbulence deals 2 damage to P2" in default
    assert "here option" not in default


def test_interp_gravitate_move_may_is_named_in_the_notes() -> None:
    args = ["elephants", "resolve", "P1:gravitate", "P2:fireball", "--clash", "2", "--choose", "P1:gravitate=none"]
    text = words(run([*args, "-o", "gravitate-move=may"]).output)
    assert "P1 moves nothing [elephants.interp.gravitate-move]" in text
    assert "(here option gravitate-move=may: Gravitate's owner may decline to move anything)" in text


def test_interp_electrocute_cost_reaches_the_optional_query_and_the_enemy_always_discards() -> None:
    # L2, L3: `optional` rested on the discard reading without citing it, took no -o, and said a card list had
    # "the enemy recall instead" (the records: the owner's part changed; the enemy discards in every version).
    default = words(run(["elephants", "optional", "electrocute", "use", "--own-spells", "1"]).output)
    assert default.startswith("Electrocute: its owner discards one of their own spells, then the enemy discards one")
    assert "(electrocute-cost=discard) [elephants.interp.electrocute-cost]" in default
    assert "the enemy discards from their hand in every version [elephants.erratum.electrocute-effect]" in default
    assert "the enemy recall" not in default
    ask = ["elephants", "optional", "electrocute", "use", "--own-spells", "1", "-o", "electrocute-cost=recall"]
    recall = words(run(ask).output)
    assert recall.startswith("Electrocute: its owner recalls one of their own spells to their hand, then the enemy")
    assert "(here option electrocute-cost=recall:" in recall
    none = run(["elephants", "optional", "electrocute", "use", "--own-spells", "0", "-o", "electrocute-cost=recall"])
    assert none.output.startswith("Electrocute cannot be used: its owner has no spell of their own to recall first")


def test_interp_gravitate_move_must_refuses_a_decline_by_naming_the_option() -> None:
    # L4: "pass" (or "none") for a compulsory Gravitate was read as a clash: "unknown clash 'pass'".
    for word in ("pass", "none"):
        args = ["elephants", "resolve", "P1:gravitate", "P2:fireball", "--clash", "2"]
        result = run([*args, "--choose", f"P1:gravitate={word}"])
        assert result.exit_code == 2
        assert result.output.strip() == (
            "error: P1:gravitate must move a spell when it can (option gravitate-move=must; -o gravitate-move=may "
            "lets its owner decline); accepted: P2:fireball"
        )


def test_break_stops_enemies_is_cited_when_the_break_is_the_spells_owners() -> None:
    # L10: the answer was right but said nothing of the Break the question was about.
    text = words(run(["elephants", "can-advance", "P1:starfall", "P1:break", "--clash", "2"]).output)
    assert text.startswith("P1:starfall can advance to Clash III")
    assert "P1:break stops only its owner's enemies: P1:starfall is P1's own [elephants.break.stops-enemies]" in text


def test_a_simulation_names_the_options_its_games_were_played_by() -> None:
    # L12: the games were played under gravitate-move=may, and the answer never said so.
    text = words(run(["elephants", "simulate", "--games", "2", "--no-progress", "-o", "gravitate-move=may"]).output)
    assert (
        "every game plays by option gravitate-move=may: Gravitate's owner may decline to move anything "
        "[elephants.interp.gravitate-move]" in text
    )
    plain = run(["elephants", "simulate", "--games", "2", "--no-progress"]).output
    assert "every game plays by option" not in words(plain)
