"""Review 14's findings in Elestrals (benchmarks/results/review14-elestrals.md), each as a player keeping a game
would notice it: the Spirit action's Enchant on a Divine Rune (which the glossary allows), a Spirit borrowed from
an Elestral another player owns going back to its owner through a save and a Negation, a once-per-turn refusal
after a Negated use, and `end --chained-first` naming a player with no loss."""

from __future__ import annotations

import tomllib
from pathlib import Path

from elestrals_review import check_in, run

HERE = Path(__file__).resolve().parent.parent / "examples" / "review14"
CARDS = str(HERE / "elestrals-cards.toml")


_run = run


def _check(name: str, action: str, *more: str) -> tuple[int, str, str]:
    return check_in("review14", name, action, *more)


def _after(out: str) -> dict:
    """The position after the action, as `check` prints it (the text `--save` writes)."""
    return tomllib.loads(out[out.index("# after ") :])


def test_the_spirit_action_may_enchant_your_own_face_up_divine_rune() -> None:
    code, out, _ = _check("d01-divine", "enchant R1 fire")
    assert code == 0 and ": allowed;" in out.splitlines()[0]
    assert "elestrals.interp.divine-enchant" in out
    after = _after(out)
    assert after["players"]["P1"]["runes"][0]["spirits"] == ["fire"] * 4
    assert after["players"]["P1"]["spirit_deck"] == {"fire": 4}
    # the Enchant was the turn's Spirit action, and the Rune still has its once-per-turn use
    _, listed, _ = _run("legal", str(HERE / "elestrals-d01-divine.toml"), "--cards", CARDS)
    assert "enchant R1 fire  [elestrals.main.enchant]" in listed
    assert "option divine-enchant=yes" in " ".join(listed.split())
    code, out, _ = _check("d01-divine", "enchant R1 fire", "-o", "divine-enchant=no")
    assert code == 0 and ": not allowed:" in out.splitlines()[0]
    _, listed, _ = _run("legal", str(HERE / "elestrals-d01-divine.toml"), "--cards", CARDS, "-o", "divine-enchant=no")
    assert "enchant R1" not in listed


def test_the_divine_enchant_is_refused_on_a_set_rune_another_players_rune_and_other_runes() -> None:
    _, out, _ = _check("d06-divine-set", "enchant R1 fire")
    assert "a Set Rune cannot be Enchanted" in out.splitlines()[0]
    _, out, _ = _check("d06-divine-set", "enchant P2:R1 fire")
    assert "another player's card" in out.splitlines()[0]
    _, out, _ = _check("m01-nexus", "enchant R1 fire")
    assert "Ember Blade is not a Divine Rune" in out.splitlines()[0]


def test_a_spirit_borrowed_from_an_opponents_elestral_goes_back_to_its_owner() -> None:
    code, out, _ = _check("e01-control", 'cast-rune "Quick Study" paying E1:earth')
    assert code == 0
    after = _after(out)
    assert after["players"]["P1"]["underworld"] == ["fire", "Quick Study"]
    assert sorted(after["players"]["P2"]["underworld"]) == ["Stone Ram", "earth", "wind"]
    assert "goes to its owner's Underworld [elestrals.advanced.taking-control]" in " ".join(out.split())


def test_a_borrowed_spirit_is_kept_through_a_save_and_a_negation(tmp_path: Path) -> None:
    code, out, _ = _check("e05-control-counter", 'cast-rune "Quick Study" paying E1:earth')
    assert code == 0 and "next, P2 to respond to the chain" in out.splitlines()[0]
    saved = tmp_path / "saved.toml"
    saved.write_text(out[out.index("# after ") :], encoding="utf-8")
    assert _after(out)["chain"]["links"][0]["lent"] == ["P2:earth"]
    code, out, _ = _run("check", str(saved), "cast-rune R1")
    assert code == 0
    after = _after(out)
    assert after["players"]["P1"]["underworld"] == ["Quick Study"]  # Negated: the card alone
    assert sorted(after["players"]["P2"]["underworld"]) == ["Deny Ward", "Stone Ram", "earth", "earth", "wind"]


def test_a_lent_spirit_must_be_another_players_and_among_the_links_spirits(tmp_path: Path) -> None:
    text = (HERE / "elestrals-e06.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('lent = ["P2:earth"]', 'lent = ["P1:earth"]'), encoding="utf-8")
    code, out, err = _run("legal", str(bad))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "chain.links[1].lent" in err and "P2:earth" in err


def test_a_once_per_turn_refusal_after_a_negated_use_names_the_negation_rule() -> None:
    code, out, _ = _check("a04", "activate E1 targeting P2:E2 paying fire")
    assert code == 0 and ": not allowed:" in out.splitlines()[0]
    assert "a Negated use is spent too" in out.splitlines()[0]
    assert "elestrals.main.negated-spent" in out


def test_chained_first_naming_a_player_with_no_loss_says_it_changes_nothing() -> None:
    args = ["end", "--main", "P1=0,P2=9", "--spirits", "P1=3,P2=3", "--draws", "P1=1", "--chained-first", "P2"]
    code, out, _ = _run(*args)
    assert code == 0 and out.startswith("P1 loses: P2 wins")
    assert "P2's chained effect changes nothing here" in " ".join(out.split())


def test_an_activation_refused_outside_its_phase_says_it_was_used_this_turn_too() -> None:
    code, out, _ = _check("f03", "activate E1 targeting P1:E2")
    assert code == 0
    first = out.splitlines()[0]
    assert "works only in the Main Phase (this is the Battle Phase), and this one was used this turn" in first
    assert "elestrals.phase.default-main" in out and "elestrals.card.active" in out
