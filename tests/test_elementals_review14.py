"""Review 14 (Elementals): an elemental is never an attack card (in the hand, the deck, a pile, a log), only a king
is kept as a power, an elemental on the Elemental Plane has left the layout, and a game saved with options is read
back as it was played."""

from __future__ import annotations

from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from cli.testing import run
from rulebook.elementals import position

ACCEPTED = "attack cards are A to 10 and jokers"


@pytest.mark.parametrize(
    "args",
    [
        ["QH > KS", "--hand", "QH", "--targets", "KS"],  # M13: an elemental in the hand was played as 12 damage
        ["QH > KS", "--hand", "7H", "--targets", "KS"],  # the action itself names an elemental as the card
        ["draw", "--targets", "KS", "--deck", "QH 2H 3H"],  # an elemental in the titan deck was drawn
        ["draw", "--targets", "KS", "--pile", "KS=QH"],  # an elemental lying on an elemental as damage
        ["discard QH", "--hand", "7H", "--targets", "KS"],
    ],
)
def test_an_elemental_is_never_an_attack_card(args: list[str]) -> None:
    result = run(["elementals", "check", *args])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"error: QH is an elemental, not an attack card; {ACCEPTED}"]


def test_an_elemental_in_a_move_log_is_refused_on_its_line() -> None:
    result = CliRunner().invoke(app, ["elementals", "replay", "-"], input="seed 7\ndraw\nQH > KD\n")
    assert result.exit_code == 2
    assert result.output.strip() == f"error: line 3: QH is an elemental, not an attack card; {ACCEPTED}"


@pytest.mark.parametrize("card", ["QH", "7H"])
def test_only_a_king_is_kept_as_a_power(card: str) -> None:
    result = run(["elementals", "check", "draw", "--targets", "KS", "--powers", card])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"error: {card} cannot be kept as a power: only an Elemental Lord (a king: KH, KD, KS, KC) gives one"
    )


def test_an_elemental_on_the_elemental_plane_has_left_the_layout() -> None:
    # QD on the plane was also dealt face down in the layout: one card in two places.
    state = position(targets="KS QH", plane="2H 9C QD 5S", deck="")
    assert "QD" not in state.slots
    assert state.slots.count(None) == 1
    # Named defeated as well, it is the same one card.
    assert position(targets="KS QH", plane="QD", defeated="QD").slots == state.slots


def test_a_game_saved_with_options_is_read_back_as_it_was_played(tmp_path: Path) -> None:
    saved = tmp_path / "saved.log"
    moves = "draw\n5D > QH\n6H > KD\ndiscard 3S\ndraw\nquit\n"
    played = CliRunner().invoke(
        app,
        [
            "elementals",
            "play",
            "--seed",
            "7",
            "-o",
            "joker-discard=ten",
            "-o",
            "breath-draws=random",
            "--save",
            str(saved),
        ],
        input=moves,
    )
    assert "game stopped (quit) after 5 moves: 0 of 12 elementals defeated, 3 damage." in " ".join(
        played.output.split()
    )
    log = saved.read_text(encoding="utf-8").splitlines()
    assert log[:4] == ["seed 7", "layout 1", "option joker-discard=ten", "option breath-draws=random"]
    assert run(["elementals", "replay", str(saved)]).output.startswith(
        "legal: 5 actions, game not over (turn 2, damage 3)"
    )
    # The next action is judged on the read-back copy: the discarded 3S is gone, the turn's three cards still held.
    gone = run(["elementals", "check", "3S > QH", "--log", str(saved)])
    assert (gone.exit_code, gone.output.strip()) == (
        2,
        "error: 3S is not in your hand; you hold JK2, JK1, 7D [elementals.turn.draw]",
    )
    early = run(["elementals", "check", "draw", "--log", str(saved)])
    assert early.output.startswith("illegal: the turn is not over: play or discard JK2, JK1, 7D first")


LOG_WITH_OPTION = "seed 7\nlayout 1\noption joker-discard=ten\ndraw\n5D > QH\n6H > KD\ndiscard 3S\ndraw\ndiscard JK2\n"


def test_an_option_that_contradicts_the_logs_own_is_refused_not_silently_taken(tmp_path: Path) -> None:
    # M12: `-o` silently replaced the log's option; here the joker discarded at ten became a bad line.
    log = tmp_path / "ten.log"
    log.write_text(LOG_WITH_OPTION, encoding="utf-8")
    for command in (["replay", str(log)], ["check", "draw", "--log", str(log)]):
        result = run(["elementals", *command, "-o", "joker-discard=chosen"])
        assert (result.exit_code, result.output.strip()) == (
            2,
            "error: the log plays by option joker-discard=ten; -o joker-discard=chosen contradicts it: give the "
            "option in one place (or change the log's line)",
        )
    # The same value twice, or an option the log does not set, is no contradiction.
    assert run(["elementals", "replay", str(log), "-o", "joker-discard=ten"]).output.startswith(
        "legal: 6 actions, game not over (turn 2, damage 13)"
    )
    assert run(["elementals", "replay", str(log), "-o", "breath-draws=random"]).exit_code == 0


def test_bad_input_met_while_a_log_is_played_names_its_line(tmp_path: Path) -> None:
    log = tmp_path / "chosen.log"
    log.write_text(LOG_WITH_OPTION.replace("option joker-discard=ten\n", ""), encoding="utf-8")
    result = run(["elementals", "replay", str(log)])
    assert (result.exit_code, result.output.strip()) == (
        2,
        "error: line 8: name the joker's power, a whole number from 1 to 10: discard JK2=6",
    )
