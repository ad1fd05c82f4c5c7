"""Review 11's findings in Elestrals (benchmarks/results/review11-elestrals.md), each as a player would notice it:
another player's Stadium can be named (``P2:S``), a refused choice of targets or an unmet "if" says what is wrong,
an effect on "all" cards says why it did nothing, a Special Cast that cannot happen says so as it waits, a link
Negated twice is said once, results with more Spirits than a deck holds are refused, a negative number is named
as one, and Side Deck questions before game 1 or past game 3 get rulings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook import elestrals

HERE = Path(__file__).resolve().parent.parent / "examples" / "review11"
CARDS = str(HERE / "elestrals-cards.toml")


def _game(name: str) -> elestrals.Game:
    return elestrals.load(str(HERE / f"elestrals-{name}.toml"), CARDS, {})


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["elestrals", *args])
    return result.exit_code, result.stdout, result.stderr


def _script(*args: str) -> subprocess.CompletedProcess[str]:
    """The console script as a user runs it (usage errors are said in one line only there)."""
    command = [sys.executable, "-c", "from cli.main import run; run()", "elestrals", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


def _said(ruling: elestrals.Ruling) -> str:
    return " ".join([ruling.verdict, *(step.text for step in ruling.trace)])


def test_another_players_stadium_is_named_p2_s_and_refused_as_not_a_rune_row_rune() -> None:
    _, ruling = elestrals.check(_game("e17-shrine"), "activate R1 targeting P2:S")
    assert ruling.legal is False
    assert "P2:S (Volcanic Forum) is a Stadium; it takes 1 opposing rune" in ruling.verdict


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ('cast-rune "Tidal Surge" targeting P2:E1 P2:E2 P1:E1', "it takes up to 2 (up-to 2 any elestral), and 3 are"),
        ('cast-rune "Tidal Surge" targeting P2:E1 P2:E1', "P2:E1 is named more than once"),
        ('cast-rune "Flame Burst" targeting P1:E1', "P1:E1 (Cinder Cub) is yours; it takes 1 opposing elestral"),
        ('cast-rune "Flame Burst" targeting P2:E3', "there is no card at P2:E3"),
    ],
)
def test_a_refused_choice_of_targets_says_what_is_wrong_with_it(action: str, said: str) -> None:
    _, ruling = elestrals.check(_game("e11-targets"), action)
    assert ruling.legal is False
    assert said in ruling.verdict


def test_an_unmet_if_says_what_it_needs_and_what_there_is() -> None:
    _, ruling = elestrals.check(_game("e14b-ferret-two"), 'activate E1 paying "Cinder Cub"')
    assert ruling.legal is False
    assert ruling.verdict.endswith("its condition is not met: at most 1 your elestral, and there are 2")
    assert "elestrals.card.conditional" not in ruling.rules


def test_an_effect_on_all_opposing_elestrals_with_none_says_why_it_did_nothing() -> None:
    game, _ = elestrals.check(_game("e16-roc-no-targets"), 'normal-ascend E1 "Tempest Roc" attack paying wind')
    _, ruling = elestrals.check(game, 'conditional "Tempest Roc on cast"')
    assert ruling.legal is True
    assert "none matches now, and it does nothing" in _said(ruling)


@pytest.mark.parametrize(
    ("name", "action", "why"),
    [
        ("e13-oracle-no-spirits", 'activate E1 targeting "P1:underworld:Ember Martyr" paying "Kiln Hound"',
         "the Spirit Deck cannot meet its Enchantment Cost"),
        ("e21-skyward-full", 'cast-rune "Skyward Call" targeting "P1:underworld:Gust Finch"',
         "the Elestral Row is full"),
    ],
)  # fmt: skip
def test_a_special_cast_that_cannot_happen_is_said_so_as_it_waits(name: str, action: str, why: str) -> None:
    game, ruling = elestrals.check(_game(name), action)
    assert ruling.legal is True
    assert f"As things stand it cannot be: {why}" in _said(ruling)
    after, passed = elestrals.check(game, "pass")
    assert "can no longer be carried out: it does nothing" in _said(passed)
    assert after.sides[0].elestrals.count(None) == (0 if name == "e21-skyward-full" else 3)


def test_a_link_negated_twice_is_said_to_be_negated_once() -> None:
    code, out, _ = _run("chain", str(HERE / "elestrals-c1-two-negate-one.txt"))
    assert code == 0
    assert "Link 1 was Negated already, by a newer link: Negating it again changes nothing" in " ".join(out.split())


def test_results_with_more_spirits_left_than_a_spirit_deck_holds_are_refused_in_one_line() -> None:
    code, out, err = _run("standings", str(HERE / "elestrals-r3-too-many-spirits.txt"))
    assert (code, out) == (2, "")
    assert err.strip() == (
        "error: line 2: A_SPIRITS is 21, but a Spirit Deck holds 20 Spirits at most; write the Spirits left, 0 to 20"
    )


def test_twenty_spirits_left_is_still_read() -> None:
    assert elestrals.standings("1 Ana Ben Ana 20 0").value["standings"][0]["spirit_differential"] == 20


def test_a_match_left_at_one_game_each_says_it_is_drawn() -> None:
    code, out, _ = _run("standings", str(HERE / "elestrals-r2-unfinished.txt"))
    assert code == 0
    assert "Round 1, Ana against Ben: 1 game won each, so no one won the match: it is drawn" in " ".join(out.split())


@pytest.mark.parametrize("args", [("stats", "-1", "2"), ("stats", "3", "-2"), ("mulligan", "-1")])
def test_a_negative_number_is_named_as_one_in_one_line(args: tuple[str, ...]) -> None:
    result = _script(*args)
    assert (result.returncode, result.stdout) == (2, "")
    assert len(result.stderr.strip().splitlines()) == 1
    negative = next(a for a in args if a.startswith("-"))
    assert f"No such option: {negative}; a value that starts with '-'" in result.stderr
    assert "no number here is negative" in result.stderr


def test_no_swap_before_the_first_game_is_allowed_and_a_fourth_game_is_a_ruling() -> None:
    assert elestrals.side_swap(1, 0, 0).legal is True
    assert elestrals.side_swap(1, 1, 1).legal is False
    fourth = elestrals.side_swap(4, 1, 1)
    assert fourth.legal is False and fourth.rules == ("elestrals.tournament.rounds",)
    code, out, _ = _run("side-swap", "4", "--in", "1", "--out", "1")
    assert code == 0 and out.startswith("Not allowed: a round has at most 3 games, so there is no game 4")


def test_more_spirits_than_cards_swapped_names_both_numbers() -> None:
    code, _, err = _run("side-swap", "2", "--in", "2", "--out", "2", "--spirits-in", "3", "--spirits-out", "3")
    assert code == 2
    assert err.startswith("error: 3 Spirits in among 2 cards in:")


def test_a_draw_phase_position_after_the_draw_says_how_to_write_one_before_it() -> None:
    game = elestrals.load(str(HERE / "elestrals-e03-last-spirit-cast.toml"), CARDS, {})
    _, ruling = elestrals.check(game, "draw")
    assert ruling.legal is False and 'step = "draw"' in ruling.verdict
    after, drew = elestrals.check(_game("e01-draw-last"), "draw")
    assert drew.legal is True and len(after.sides[1].main_deck) == 0 and not after.over
    over, lost = elestrals.check(_game("e02-draw-empty"), "draw")
    assert lost.legal is True and over.over and over.winner == 0


def test_a_battle_that_ends_the_game_by_expending_activates_no_when_destroyed_effect() -> None:
    over, ruling = elestrals.check(_game("f03-martyr-no-spirits"), "attack E1 E1")
    said = _said(ruling)
    assert ruling.legal is True and over.over and over.winner == 0
    assert "waits in Limbo" not in said and not over.waiting
    assert "The game ends with the results of damage, before 'is destroyed' effects would activate" in said
    assert said.index("must Expend 1 with 0 Spirits left") < said.index("The game ends with the results of damage")
