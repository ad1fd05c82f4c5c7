"""Elestrals answers name the interpretation whose option they rest on (issue 22): where another choice of the option
would answer otherwise, in the refusal and the allowed answer alike, in `check`, `legal` and `Game.explain`; and
not where no choice could change the answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook import elestrals
from rulebook.elestrals.cards import read_cards
from rulebook.elestrals.core import options, resting_on, watching
from rulebook.elestrals.position_file import parse_position
from rulebook.reading import read_toml

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elestrals"
CARDS = str(EXAMPLES / "cards.toml")
WINDOW = "elestrals.interp.window-chains"
WHEN = "elestrals.interp.draw-when-counter"
CAP = "elestrals.interp.ascend-cost-cap"


def _game(name: str, **opts: str) -> elestrals.Game:
    return elestrals.load(str(EXAMPLES / name), CARDS, opts)


@pytest.mark.parametrize("choice", ["both", "turn-player"])
def test_who_acts_after_the_turn_player_passed_in_the_draw_phase_rests_on_window_chains(choice: str) -> None:
    # P1 has passed; under `both` P2 decides, under `turn-player` P1 again: every answer there names the reading.
    _, ruling = elestrals.check(_game("draw-phase.toml", **{"window-chains": choice}), "cast-rune R1")
    assert ruling.legal is False
    assert WINDOW in ruling.rules
    assert any(f"window-chains={choice}" in step.text for step in ruling.trace)


@pytest.mark.parametrize("choice", ["respond", "never"])
def test_a_draw_phase_chain_that_a_when_counter_rune_could_answer_rests_on_draw_when_counter(choice: str) -> None:
    # P2 starts a chain with Null Ward; whether P2 may then add Snap Ward ("when") decides what comes next.
    _, ruling = elestrals.check(_game("draw-phase.toml", **{"draw-when-counter": choice}), "cast-rune R2")
    assert ruling.legal is True
    assert WHEN in ruling.rules
    nxt = "P2 to respond to the chain" if choice == "respond" else "P1 to act (turn 5, Main Phase)"
    assert nxt in ruling.verdict


@pytest.mark.parametrize("choice", ["no", "yes"])
def test_a_main_phase_listing_with_a_2_spirit_ascend_rests_on_ascend_cost_cap(choice: str) -> None:
    ruling = elestrals.legal(_game("main-phase.toml", **{"ascend-cost-cap": choice}))
    assert CAP in ruling.rules
    listed = {a["action"]: a["rules"] for a in ruling.value["legal"]}
    ascend = 'normal-ascend E1 "Kiln Hound" attack'
    assert (ascend in listed) == (choice == "no")
    if choice == "no":
        assert CAP in listed[ascend]
    assert CAP not in listed['normal-ascend E1 "Cinder Cub" attack']  # 1 Spirit: no choice changes it


def test_a_refusal_whose_reason_another_cap_reading_would_change_names_it_and_a_1_spirit_one_does_not() -> None:
    game = _game("main-phase.toml")
    _, costly = elestrals.check(game, 'normal-ascend E1 "Kiln Hound" adding E3:fire')
    _, cheap = elestrals.check(game, 'normal-ascend E1 "Cinder Cub" adding E3:fire')
    assert costly.legal is cheap.legal is False
    assert CAP in costly.rules
    assert CAP not in cheap.rules


def test_before_the_turn_player_passes_the_listing_does_not_rest_on_window_chains_but_the_pass_does() -> None:
    # P1 has not passed yet: P1 decides under either reading (the listing cannot change), but what P1's pass leads to
    # (P2's chance to start a chain, or the Main Phase) is the option's doing.
    text = (EXAMPLES / "draw-phase.toml").read_text(encoding="utf-8")
    text = text.replace('[window]\npassed = ["P1"]', "")
    cards = read_cards(read_toml(CARDS), "cards.toml")
    for choice, nxt in (("both", "P2 to act (turn 5, Draw Phase)"), ("turn-player", "P1 to act (turn 5, Main Phase)")):
        game = elestrals.Game(parse_position(text, "draw-phase.toml", cards, {"window-chains": choice}))
        listing = elestrals.legal(game)
        assert listing.value["player"] == "P1" and WINDOW not in listing.rules, listing.rules
        _, passing = elestrals.check(game, "pass")
        assert nxt in passing.verdict and WINDOW in passing.rules


def test_explain_and_check_cite_the_same_readings() -> None:
    game = _game("draw-phase.toml", **{"draw-when-counter": "never"})
    _, by_check = elestrals.check(game, "cast-rune R2")
    _, by_explain = game.explain("cast-rune R2")
    assert by_check.rules == by_explain.rules


def test_resting_on_weighs_only_the_options_read() -> None:
    calls = []

    def answer(opts: object) -> str:
        calls.append(opts)
        return "same"

    with watching() as read:
        pass
    assert resting_on(options(), read, answer, "same") == [] and calls == []
