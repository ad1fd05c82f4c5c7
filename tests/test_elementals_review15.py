"""Review 15 (Elementals): the options in their other readings do what their record says, only there, and every
answer names the reading it rests on."""

from __future__ import annotations

from pathlib import Path

from cli.testing import run

BARE = str(Path(__file__).parent.parent / "examples" / "review15" / "elementals-joker-bare.log")


def words(text: str) -> str:
    return " ".join(text.split())


def test_interp_empty_deck_reshuffle_waits_for_a_turn_that_begins_with_an_empty_deck() -> None:
    # M6: the record and the page say a short deck is drawn out and the reshuffle replaces the loss of a turn that
    # must begin with nothing to draw; the engine reshuffled in the middle of the draw and said "the titan deck is
    # empty" while it still held 4C.
    args = ["elementals", "check", "draw", "--targets", "KS QH", "--deck", "4C", "--plane", "2H 9C"]
    for extra in ([], ["-o", "empty-deck=reshuffle"]):
        text = words(run([*args, *extra]).output)
        assert text.startswith("turn 1: draws 4C 1. turn 1: the player draws 4C")
        assert "the titan deck ran short: only 1 card to draw [elementals.interp.empty-deck]" in text
        assert "shuffled" not in text.split("rules:")[0]
    # An empty deck as the turn begins is what the option reshuffles.
    text = words(run([*args[:-3], "", "--plane", "2H 9C", "-o", "empty-deck=reshuffle"]).output)
    assert "the titan deck is empty: the Elemental Plane's 2 attack cards are shuffled into a new deck" in text


def test_interp_joker_discard_ten_is_named_by_a_replay_summary() -> None:
    # M9: the replay counted the joker 10 but never said under which reading.
    text = words(run(["elementals", "replay", BARE, "-o", "joker-discard=ten"]).output)
    assert text.startswith("legal: 4 actions, game not over (turn 1, damage 12)")
    assert (
        "played by option joker-discard=ten: a discarded joker always counts 10 damage, as in the base game "
        "[elementals.interp.joker-discard]" in text
    )
    assert "(here option joker-discard=ten:" in text


def test_interp_joker_discard_from_the_logs_own_option_line_is_named_in_the_notes(tmp_path: Path) -> None:
    log = tmp_path / "ten.log"
    log.write_text(Path(BARE).read_text(encoding="utf-8").replace("layout 1\n", "layout 1\noption joker-discard=ten\n"))
    text = words(run(["elementals", "replay", str(log)]).output)
    assert "played by option joker-discard=ten" in text
    assert "(here option joker-discard=ten:" in text


def test_interp_joker_discard_chosen_needs_the_power_named() -> None:
    result = run(["elementals", "replay", BARE])
    assert (result.exit_code, result.output.strip()) == (
        2,
        "error: line 5: name the joker's power, a whole number from 1 to 10: discard JK1=6",
    )


def test_interp_joker_discard_ten_refuses_a_named_power_and_says_what_to_write() -> None:
    # M3: the refusal said only "a discarded joker counts 10", not what was wrong with the move.
    args = ["elementals", "check", "discard JK2=3", "--hand", "JK2", "--targets", "QH", "-o", "joker-discard=ten"]
    assert run(args).output.startswith(
        "illegal: JK2=3 names a power, but a discarded joker counts 10 whatever is named (option "
        "joker-discard=ten): write 'discard JK2'"
    )


def test_interp_damage_sum_check_is_cited_for_a_first_damage_card() -> None:
    # M11: a first damage card that cannot reach the target with any plain second card is allowed because the sum
    # is checked on the second card; the answer rested on that reading without citing it.
    text = words(run(["elementals", "check", "AH > KS", "--hand", "AH", "--targets", "KS"]).output)
    assert text.startswith("AH damages KS: 1 of 13")
    assert (
        "whether the two damage cards reach 13 is checked when the second is played "
        "[elementals.interp.damage-sum-check]" in text
    )
    assert "interpretation elementals.interp.damage-sum-check" in text
