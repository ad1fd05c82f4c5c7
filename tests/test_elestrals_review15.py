"""Review 15's findings in Elestrals (benchmarks/results/review15-elestrals.md), each as a player or organiser
would notice it: under `-o cast-types=any` an Instant Rune paid with the wrong types is Misenchanted and does
nothing (a Negating one Negates nothing), and `legal` and the response window accept the payments `check`
accepts; standings say how many games the share counts when drawn games are left out; a refused mulligan and a
refused "when" Counter Rune name the option that decides; a mulligan that loses Expends what is left first.
Each test is named after the rule it holds to."""

from __future__ import annotations

import tomllib
from pathlib import Path

from elestrals_review import check_in, run

HERE = Path(__file__).resolve().parent.parent / "examples" / "review15"
CARDS = str(HERE / "elestrals-cards.toml")


def _check(name: str, action: str, *more: str) -> tuple[int, str, str]:
    return check_in("review15", name, action, *more)


def _legal(name: str, *more: str) -> str:
    code, out, _ = run("legal", str(HERE / f"elestrals-{name}.toml"), "--cards", CARDS, *more)
    assert code == 0
    return out


def _after(out: str) -> dict:
    """The position after the action, as `check` prints it (the text `--save` writes)."""
    return tomllib.loads(out[out.index("# after ") :])


def test_card_misenchanted_an_invoke_rune_paid_with_the_wrong_types_does_nothing() -> None:
    code, out, _ = _check("o-types", 'cast-rune "Flame Burst" targeting P2:E1 paying water', "-o", "cast-types=any")
    assert code == 0 and ": allowed;" in out.splitlines()[0]
    flat = " ".join(out.split())
    assert "Flame Burst is Misenchanted" in flat and "destroys" not in flat
    after = _after(out)
    assert [e["card"] for e in after["players"]["P2"]["elestrals"]] == ["Stone Ram"]
    assert after["players"]["P1"]["underworld"] == ["Flame Burst", "water"]


def _veil(tmp: Path) -> Path:
    """P1 has Cast Cinder Cub; P2 holds Mirror Veil (water + any, Negate and draw 1) Set and only fire Spirits."""
    text = (HERE / "elestrals-o-negate2.toml").read_text()
    text = text[text.index("# after ") :]
    text = text.replace('[[players.P1.runes]]\nslot = 1\ncard = "Deny Ward"\nset = true\nset_turn = 5\n\n', "")
    text = text.replace("earth = 5", "fire = 5").replace('card = "Deny Ward"', 'card = "Mirror Veil"')
    path = tmp / "veil.toml"
    path.write_text(text)
    return path


def test_card_misenchanted_a_negating_counter_rune_paid_with_the_wrong_types_negates_nothing(tmp_path: Path) -> None:
    veil = str(_veil(tmp_path))
    code, out, _ = run("legal", veil, "--cards", CARDS, "-o", "cast-types=any")
    assert code == 0 and "cast-rune R1" in out  # legal offers what check accepts
    _, out, _ = run("legal", veil, "--cards", CARDS)
    assert "cast-rune R1" not in out.split("refused")[0]
    code, out, _ = run("check", veil, "cast-rune R1 paying fire fire", "--cards", CARDS, "-o", "cast-types=any")
    assert code == 0
    flat = " ".join(out.split())
    assert "Mirror Veil is Misenchanted" in flat and "Negating link 1" not in flat
    after = _after(out)
    assert [e["card"] for e in after["players"]["P1"]["elestrals"]] == ["Cinder Cub"]  # the Cast went ahead
    assert after["players"]["P2"]["hand"] == 3  # and its "draw 1" did not happen


_VEIL_START = """turn = 6
player = "P1"
phase = "main"

[players.P1]
spirit_deck = { fire = 5 }
main_deck = 22
hand = ["Cinder Cub"]

[players.P2]
spirit_deck = { fire = 5 }
main_deck = 22
hand = 3

[[players.P2.runes]]
slot = 1
card = "Mirror Veil"
set = true
set_turn = 5
"""


def test_interp_cast_spirit_types_the_opponent_may_answer_with_a_wrong_typed_payment(tmp_path: Path) -> None:
    start = tmp_path / "start.toml"
    start.write_text(_VEIL_START)
    cast = ("check", str(start), 'normal-cast "Cinder Cub" attack paying fire', "--cards", CARDS)
    _, out, _ = run(*cast)
    assert "next, P1 to act" in out.splitlines()[0]  # P2 cannot pay Mirror Veil with fire: the Cast resolves
    _, out, _ = run(*cast, "-o", "cast-types=any")
    assert "next, P2 to respond to the chain" in out.splitlines()[0]


def test_interp_drawn_games_the_share_says_how_many_games_it_counts() -> None:
    code, out, _ = run("standings", str(HERE / "elestrals-results.txt"), "-o", "drawn-games=excluded")
    assert code == 0
    flat = " ".join(out.split())
    assert "Cy: 4 match points, 3 of 5 games won (1 drawn game left out; share 60%)" in flat
    assert "Dee: 1 match point, 1 of 4 games won (1 drawn game left out; share 25%)" in flat
    _, out, _ = run("standings", str(HERE / "elestrals-results.txt"))
    assert "Cy: 4 match points, 3 of 6 games won (share 50%)" in " ".join(out.split())


def test_interp_mulligan_without_spirits_the_refusal_names_the_option() -> None:
    out = _legal("setup-short", "--refused")
    assert "fewer are left (option mulligan-short=forbidden)" in " ".join(out.split())


def test_interp_mulligan_without_spirits_a_losing_mulligan_expends_what_is_left() -> None:
    code, out, _ = _check("setup-short", "mulligan", "-o", "mulligan-short=loses")
    assert code == 0 and "the game is over: P2 wins" in out.splitlines()[0]
    assert "1 Spirit left for a cost of 2" in " ".join(out.split())
    after = _after(out)
    assert after["players"]["P1"]["underworld"] == ["fire"]
    assert after["players"]["P1"]["spirit_deck"] in (0, {})


def test_interp_draw_when_counter_the_refusal_cites_the_interpretation_first() -> None:
    out = _legal("o-draw2", "-o", "draw-when-counter=never", "--refused")
    refused = " ".join(out.split("refused:", 1)[1].split())
    assert refused.startswith("cast-rune R1: with option draw-when-counter=never")
    assert refused.split("[", 1)[1].startswith("elestrals.interp.draw-when-counter]")


def test_interp_cast_spirit_types_a_rune_the_deck_cannot_type_says_so_not_that_it_is_short() -> None:
    out = _legal("r-snare2", "--refused")
    flat = " ".join(out.split())
    assert "the Spirit Deck holds 6 Spirits but not the types its cost names (thunder)" in flat
    assert "(option cast-types=required)" in flat and "cannot pay its cost of 1 Spirit" not in flat
    out = _legal("r-snare2", "-o", "cast-types=any")
    assert "cast-rune R1 targeting P1:E1  [elestrals.rune.counter]" in out


def test_interp_ascend_cost_cap_main_takes_the_option_and_names_the_reading() -> None:
    code, out, _ = run("main", "normal-ascend", "--elestrals", "1", "--cost", "2")
    assert code == 0 and out.startswith("normal-ascend is allowed")
    assert "option ascend-cost-cap=no" in " ".join(out.split())
    code, out, _ = run("main", "normal-ascend", "--elestrals", "1", "--cost", "2", "-o", "ascend-cost-cap=yes")
    assert code == 0 and out.startswith("normal-ascend is not allowed: with option ascend-cost-cap=yes")
    code, _, err = run("main", "normal-ascend", "-o", "ascend-cost-cap=maybe")
    assert code == 2 and "ascend-cost-cap" in err and len(err.strip().splitlines()) == 1
