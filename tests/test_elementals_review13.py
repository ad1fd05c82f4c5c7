"""Review 13 (Elementals): Hand of Ragnaros says what the doubled card now counts; a power level written for
an ace or a face card is pointed to its rank."""

from __future__ import annotations

from cli.testing import run


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_ragnaros_on_a_named_joker_on_a_pile_says_what_it_now_counts() -> None:
    # M5: the joker on QS was named 5; the answer said only that "the power named for it counts twice".
    result = run(
        [
            "elementals",
            "check",
            "ragnaros JK1",
            "--hand",
            "2D",
            "--targets",
            "QS",
            "--pile",
            "QS=JK1=5",
            "--powers",
            "KS",
        ]
    )
    assert result.exit_code == 0
    assert "JK1 (on its elemental, named 5) has its power doubled: 5 now counts 10 [elementals.power.ragnaros]" in (
        _flat(result.output)
    )


def test_ragnaros_on_a_card_in_hand_says_what_it_now_counts() -> None:
    result = run(["elementals", "check", "ragnaros 5S", "--hand", "5S 2D", "--targets", "QS", "--powers", "KS"])
    assert "5S (in the hand) has its power doubled: 5 now counts 10" in _flat(result.output)


def test_an_ace_written_as_its_power_is_pointed_to_its_rank() -> None:
    # M12: the document gives aces power 1, so "1S" is a natural slip for the ace of spades.
    result = run(["elementals", "card", "1S"])
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown card '1S' (did you mean AS? power 1 is written A); ")
    assert len(result.output.strip().splitlines()) == 1
