"""Review 12's Elementals findings: what each answer must now say (benchmarks/results/review12-elementals.md)."""

from __future__ import annotations

from pathlib import Path

from game_cli import answers
from kept_cli import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
REVIEW = EXAMPLES / "review12"

rulebook = answers("elementals")


def test_a_power_used_once_is_refused_as_spent() -> None:
    # M3 (and M1's second Therazane): "needs KS defeated and kept as a power", about a king defeated and used.
    out = rulebook("replay", "--check", str(REVIEW / "elementals-ragnaros-twice.log"), code=1)
    assert out.startswith(
        "illegal at action 54 (line 58, 'ragnaros 10S'): Hand of Ragnaros has been used already: KS went to the "
        "Elemental Plane; powers held: KC"
    )
    assert "[elementals.power.spent]" in out
    never = rulebook("check", "neptulon 9C", "--hand", "9C 4H", "--targets", "KS QH")
    assert never.startswith("illegal: Whispers of Neptulon needs KH (Neptulon) defeated and kept as a power")


def test_a_whole_game_typed_in_play_with_bad_moves_still_wins_and_replays(tmp_path: Path) -> None:
    # M1, M2: typos refused in one line each, an undo, a spent power refused; the board says "an earth".
    saved = tmp_path / "played.log"
    played = CliRunner().invoke(
        app,
        ["elementals", "play", "--seed", "141", "--save", str(saved)],
        input=(REVIEW / "elementals-play-input.txt").read_text(),
    )
    assert played.exit_code == 0
    text = played.output
    assert "error: unknown card 'JX' (did you mean JH, JD, JS, JC?)" in text
    assert "Therazane's Touch has been used already: KD went to the Elemental Plane" in text
    assert "undone: 3S > JC" in text
    assert "needs a earth" not in text and "needs a air" not in text and "needs an earth banish card" in text
    assert "game over after 55 moves: 12 of 12 elementals defeated, 4 damage." in text
    assert rulebook("replay", str(saved)).startswith("legal: 55 actions, the player wins with 4 damage")


def test_the_reshuffle_option_with_nothing_to_reshuffle_says_why_the_game_is_lost() -> None:
    # M10: the loss did not say why the reshuffle chosen did not help; M9: "1 attack cards".
    lost = rulebook("check", "draw", "--targets", "QH", "--deck", "", "--plane", "QD JD", "-o", "empty-deck=reshuffle")
    assert lost.startswith(
        "illegal: the game is over: the titan deck is empty, and the Elemental Plane holds no attack card to shuffle"
    )
    one = rulebook("check", "draw", "--targets", "QH", "--deck", "", "--plane", "2H QD", "-o", "empty-deck=reshuffle")
    assert "the Elemental Plane's 1 attack card is shuffled into a new deck" in one


def test_a_bad_header_line_of_a_log_names_its_line() -> None:
    # M12, M13: the layout and option errors named no line.
    layout = rulebook("replay", str(REVIEW / "elementals-bad-layout.log"), code=2)
    assert layout.startswith("error: line 3: unknown layout '4'")
    option = rulebook("replay", str(REVIEW / "elementals-bad-option.log"), code=2)
    assert option.startswith("error: line 4: unknown value for option 'joker-banishes' 'maybe'")


def test_the_last_card_of_the_hand_ends_the_turn() -> None:
    # M8: a check of the hand's last card did not say the turn was over.
    out = rulebook("check", "discard 3S", "--log", str(EXAMPLES / "elementals" / "opening.log"))
    assert out.startswith("3S is discarded: 3 damage, 3 of 33")
    assert "the turn ends, and the next begins with a draw [elementals.turn.end]" in out
    assert "the turn ends" not in rulebook("check", "discard 9C", "--hand", "9C 4H", "--targets", "KS QH")
