"""Review 16 (Elementals): the numbers the document states, at their edges, and bad input as a player types it."""

from __future__ import annotations

from cli.testing import run


def words(text: str) -> str:
    return " ".join(text.split())


def test_end_loss_at_exactly_33_and_not_at_32() -> None:
    # M1, M2: "before taking 33 or more points of damage": 33 loses, 32 does not.
    base = ["elementals", "check", "discard 9C", "--hand", "9C", "--targets", "KS QH", "--discards"]
    at = run([*base, "10D 10S 4H"])
    assert at.output.splitlines()[0] == "9C is discarded: 9 damage, 33 of 33; the player loses"
    below = run([*base, "10D 10S 3H"])
    assert below.output.splitlines()[0] == "9C is discarded: 9 damage, 32 of 33"
    assert "elementals.end.loss" not in below.output


def test_joker_power_out_of_range_names_the_value_given() -> None:
    # M4, M5: the refusal named the range but not what was wrong with JK1=11 or JK1=0.
    for power in (11, 0):
        result = run(
            ["elementals", "check", f"JK1={power} > QH", "--hand", "JK1", "--targets", "QH", "--pile", "QH=2S"]
        )
        assert (result.exit_code, result.output.strip()) == (
            2,
            f"error: JK1={power}: a joker's power is 1 to 10, not {power}: JK1=6",
        )
    top = run(["elementals", "check", "JK1=10 > QH", "--hand", "JK1", "--targets", "QH", "--pile", "QH=2S"])
    assert top.output.splitlines()[0] == "JK1 damages QH: 12 of 12"


def test_attack_damage_sum_refusal_states_its_reason_before_the_set_up_note() -> None:
    # M7: with one target named, the set-up fills the other bottom place, and its note was the refusal's only step,
    # as if the set-up had decided; the reason and its rule come first now.
    result = run(["elementals", "check", "9D > KS", "--hand", "9D", "--targets", "KS", "--pile", "KS=3H"])
    lines = words(result.output)
    assert lines.startswith(
        "illegal: the two damage cards make 12, less than KS's power 13 "
        "1. illegal: the two damage cards make 12, less than KS's power 13 [elementals.attack.damage-sum] "
        '2. also forbidden by the interpretation "The sum is checked when the second damage card is played" '
        "[elementals.interp.damage-sum-check] 3. KC is face up too"
    )
    # With both bottom places named there is no note: the refusal's own steps only (review 17 gave each rule that
    # refuses an action a step in words).
    named = run(["elementals", "check", "9D > KS", "--hand", "9D", "--targets", "KS QH", "--pile", "KS=3H"])
    assert named.output.splitlines()[1] == "  1. illegal: the two damage cards make 12, less than KS's power 13"
    assert "face up too" not in named.output


def test_a_misspelt_action_names_the_closest() -> None:
    # M14: "ragnaro 5D" listed every action but not the one meant.
    result = run(
        ["elementals", "check", "ragnaro 5D", "--hand", "4H", "--targets", "QS QH", "--pile", "QS=5D", "--powers", "KS"]
    )
    assert result.exit_code == 2
    assert result.output.startswith("error: cannot read the action 'ragnaro 5D' (did you mean 'ragnaros'?); write")
    assert len(result.output.strip().splitlines()) == 1
    drawn = run(["elementals", "check", "drwa", "--targets", "QH"])
    assert "(did you mean 'draw'?)" in drawn.output
