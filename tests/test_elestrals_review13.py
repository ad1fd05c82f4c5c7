"""Review 13's findings in Elestrals (benchmarks/results/review13-elestrals.md), each as a judge would notice it
where two rules meet: a Misenchanted card's "when" effect, a Negating Counter Rune with nothing to answer, a
refusal with two reasons, a loss part-way through a chain, a stat effect under another, and the JSON of `check`
saying what the next player is asked to do, as the text does."""

from __future__ import annotations

import json
from pathlib import Path

from elestrals_review import check_in, run

HERE = Path(__file__).resolve().parent.parent / "examples" / "review13"
CARDS = str(HERE / "elestrals-cards.toml")


_run = run


def _check(name: str, action: str, *more: str) -> tuple[int, str, str]:
    return check_in("review13", name, action, *more)


def test_a_misenchanted_elestral_cast_with_other_spirits_draws_nothing_on_cast() -> None:
    code, out, _ = _check("f01-water-only", 'normal-cast "Ashfang Scout" attack paying water', "-o", "cast-types=any")
    assert code == 0
    assert "next, P1 to act (turn 4, Main Phase)" in out.splitlines()[0]
    assert "Ashfang Scout on cast" not in out
    assert "Misenchanted, so it has no effect" in out
    # paid with its own type (review 12's game), the same card's effect waits in Limbo as usual
    g04 = Path(__file__).resolve().parent.parent / "examples" / "review12" / "elestrals-g04.toml"
    code, out, _ = _run("check", str(g04), 'normal-cast "Ashfang Scout" attack')
    assert code == 0
    assert "Ashfang Scout on cast: the effect waits in Limbo" in " ".join(out.split())


def test_a_negating_counter_rune_cast_with_no_chain_negates_nothing_and_names_the_reading() -> None:
    code, out, _ = _check("a01-full-rows", "cast-rune R2")
    assert code == 0 and ": allowed;" in out.splitlines()[0]
    assert "Negates the link it answered" not in out
    assert "Deny Ward answered no link: its Negate does nothing" in out
    assert "elestrals.interp.negate-nothing" in out
    code, out, _ = _check("a01-full-rows", "cast-rune R2", "-o", "negate-nothing=refused")
    assert code == 0 and ": not allowed:" in out.splitlines()[0]
    code, out, _ = _run("legal", str(HERE / "elestrals-a01-full-rows.toml"), "--cards", CARDS)
    assert "  7. cast-rune R2  " in out  # listed by default
    code, out, _ = _run(
        "legal", str(HERE / "elestrals-a01-full-rows.toml"), "--cards", CARDS, "-o", "negate-nothing=refused"
    )
    assert "cast-rune R2" not in out


def test_a_refusal_with_two_reasons_names_both() -> None:
    _, out, _ = _check("a01-full-rows", 'normal-cast "Kiln Hound" attack')
    first = out.splitlines()[0]
    assert "must cost at most 1 Spirit" in first and "all 4 Elestral Row slots are filled" in first
    _, out, _ = _check("h01-refusals", "attack E2 E1")
    first = out.splitlines()[0]
    assert "Defense Position" in first and "already attacked this turn" in first
    _, out, _ = _check("a03c", 'normal-cast "Cinder Cub" attack')
    first = out.splitlines()[0]
    assert "the Spirit action was already used this turn" in first and "Elestral Row slots are filled" in first
    # one reason alone reads as before
    _, out, _ = _check("a01-full-rows", 'normal-cast "Cinder Cub" attack')
    assert out.splitlines()[0].endswith("not allowed: all 4 Elestral Row slots are filled; only Ascending is possible")


def test_a_loss_part_way_through_a_chain_ends_the_game_there() -> None:
    _, out, _ = _check("b04-one-card", 'cast-rune "Quick Study" paying E1:fire')
    assert "the game is over: P2 wins" in out.splitlines()[0]
    steps = out.split("rules:")[0]
    assert steps.index("P1 loses") < steps.index("The game is over: the rest of the chain")
    assert "Between chains" not in steps and "Expends" not in steps


def test_a_stat_effect_under_another_says_the_stats_it_leaves() -> None:
    _, out, _ = _check("d01-altar-forum", "activate R1 targeting P1:E1")
    assert "Cinder Cub gets set attack 0, until the End Phase; with the other stat" in out
    assert "Cinder Cub is now 1/1" in " ".join(out.split())


def test_the_json_of_check_says_what_the_next_player_is_asked_as_the_text_does() -> None:
    cases = [
        ("c01-two-destroyed", "attack E1 E1", ("chain-waiting", 6, "battle", "damage"), "to chain what waits"),
        ("y01-veil", 'normal-cast "Cinder Cub" attack', ("respond", 8, "main", None), "to respond to the chain"),
        ("l01-nothing-left", "pass", ("act", 4, "battle", None), "to act (turn 4, Battle Phase)"),
        ("m01-mulligan-two", "mulligan", ("keep-or-mulligan", 1, "setup", None), "to keep or mulligan"),
    ]
    for name, action, (to, turn, phase, step), said in cases:
        code, out, _ = _check(name, action, "--json")
        assert code == 0
        data = json.loads(out)
        value = data["value"]
        assert (value["next_to"], value["next_turn"], value["next_phase"], value["next_step"]) == (
            to,
            turn,
            phase,
            step,
        ), name
        assert said in data["verdict"]
    _, out, _ = _check("b01-last-spirit", 'cast-rune "Quick Study" paying fire', "--json")
    value = json.loads(out)["value"]
    assert value["over"] is True and value["winner"] == "P2" and value["next_to"] is None
