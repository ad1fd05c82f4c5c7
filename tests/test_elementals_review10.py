"""Review 10's Elementals engine defects: what each answer must now say (benchmarks/results/review10-elementals.md)."""

from __future__ import annotations

from kept_cli import CliRunner

from cli.main import app
from rulebook import elementals

runner = CliRunner()


def check(*args: str) -> str:
    result = runner.invoke(app, ["elementals", "check", *args])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_the_set_up_says_in_a_players_words_which_face_up_cards_it_added_and_why() -> None:
    # M3: only KS is named; the pyramid's other uncovered place gets KC, and the answer says so plainly.
    out = check("8H > KS", "--hand", "7S 8H 5D", "--targets", "KS")
    assert "KC is face up too: every place of the pyramid that no card covers holds a face-up elemental" in out
    assert "the set-up put KC in the one the targets you named left empty" in out
    assert "left it to the set-up" not in out


def test_a_joker_doubled_in_hand_says_its_named_power_will_count_twice() -> None:
    # M1: a joker has no power until it is named, so the doubling is of the power named when it is played.
    out = check("ragnaros JK1", "--hand", "JK1 3C", "--targets", "QH", "--powers", "KS")
    assert "JK1 (in the hand) has its power doubled: the power named for it when it is played counts twice" in out


def test_a_card_doubled_in_hand_and_then_played_cites_the_reading_that_keeps_it_doubled() -> None:
    # The document doubles "the selected attack card"; that a card doubled in the hand is still doubled once
    # played is elementals.interp.ragnaros-card, which the play must cite.

    case = {
        "hand": "JK1",
        "targets": "QH KD",
        "piles": {"QH": "5S"},
        "powers": "KS",
        "actions": ["ragnaros JK1", "JK1=4 > QH"],
    }
    _, ruling = elementals.scenario_play(case)
    assert ruling is not None and ruling.verdict == "JK1 damages QH: 13 of 12"
    assert "elementals.interp.ragnaros-card" in ruling.rules
    assert any("stays doubled" in step.text for step in ruling.trace)


def test_breath_of_alakir_between_turns_says_the_card_waits_for_the_coming_turn() -> None:
    # M19: used before drawing, the extra card is not for "this turn", which has not begun.
    out = check("alakir", "--targets", "QH", "--powers", "KC", "--deck", "2H 3H")
    assert "2H joins the hand and must be played or discarded before the coming turn ends" in out
    assert check("alakir", "--hand", "9C", "--targets", "KS QH", "--powers", "KC", "--deck", "2H 3H").count(
        "must be played or discarded this turn"
    )
