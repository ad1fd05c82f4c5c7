"""Review 11's Elementals defects: what each answer must now say (benchmarks/results/review11-elementals.md)."""

from __future__ import annotations

from pathlib import Path

from game_cli import answers

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


rulebook = answers("elementals")


def test_an_action_after_the_end_says_how_the_game_ended() -> None:
    # M20, M21: "illegal: the game is over", citing both the win and the loss.
    lost = rulebook("check", "discard 5H", "--hand", "5H", "--targets", "QH", "--discards", "10D 10S 10H 3C")
    assert lost.startswith("illegal: the game is over: the player has lost, with 33 damage")
    assert "elementals.end.win" not in lost
    won = rulebook("replay", str(EXAMPLES / "review11" / "elementals-after-win.log"))
    assert won.startswith(
        "illegal at action 56 (line 59, 'draw'): the game is over: every elemental is defeated, the player has won "
        "with 4 damage"
    )
    assert "elementals.end.loss" not in won
    empty = rulebook("check", "draw", "--targets", "KS QH", "--deck", "")
    assert empty.startswith("illegal: the game is over: the titan deck is empty and no turn can begin")


def test_solving_a_finished_game_says_it_is_over_instead_of_a_line_of_no_actions() -> None:
    # M24: "winnable, by a line of 0 actions", then the whole log as "a winning line".
    out = rulebook("solve", "--log", str(EXAMPLES / "elementals" / "won-game.log"), "--no-progress")
    assert out.startswith(
        f"the position of {EXAMPLES / 'elementals' / 'won-game.log'}: the game is already over: every elemental is "
        "defeated, the player has won with 4 damage"
    )
    assert "a winning line" not in out and "0 actions" not in out


def test_a_log_without_its_seed_says_it_was_dealt_from_the_default() -> None:
    # M23: a log naming no seed was dealt from seed 1 without a word.
    out = rulebook("replay", str(EXAMPLES / "review11" / "elementals-no-seed.log"))
    assert out.startswith("legal: 1 action, game not over")
    assert "dealt from seed 1 (the log names no seed: the default) in the pyramid" in out
    assert "names no seed" not in rulebook("replay", str(EXAMPLES / "elementals" / "opening.log"))


def test_the_article_before_an_element_and_a_short_draw_read_as_english() -> None:
    # M5: "awaits a earth banish card"; M16: "2 card(s) drawn".
    earth = rulebook("check", "AH > JD", "--hand", "AH", "--targets", "JD", "--pile", "JD=10S")
    assert "JD awaits an earth banish card" in earth
    short = rulebook("check", "draw", "--targets", "QH", "--deck", "2H")
    assert "the titan deck ran short: only 1 card to draw" in short


def test_a_king_both_face_up_and_kept_as_a_power_names_the_power() -> None:
    # M14: the refusal spoke only of "defeated" although the king was given with --powers.
    out = rulebook("check", "5C > KC", "--hand", "5C", "--targets", "KC", "--powers", "KC", code=2)
    assert "KC is named twice: an elemental is either face up (targets) or defeated (defeated, or a king kept" in out


def test_therazane_on_a_deck_of_one_card_says_the_bottom_card_is_the_top_one() -> None:
    # M18: "move it to the top, or leave it" for the deck's only card.
    out = rulebook("check", "therazane", "--targets", "QH", "--powers", "KD", "--deck", "5H")
    assert "the bottom card of the titan deck is 5H, its only card and so also the top one: moving it changes" in out
