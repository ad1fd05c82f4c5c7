"""Review 16's findings in Elestrals (benchmarks/results/review16-elestrals.md), each as a player or judge would
notice it: the count of Main Decks when both players are stuck is for players out of Spirits, not a silent
answer while a Spirit Deck still holds some; one mulligan is said in the singular; and bad input typed as a
player types it (a misspelt deck section, Spirit type, phase, chain statement; a player named in one count
only; a Spirit Deck past 20; a Special Cast given as the Spirit action) gets one line naming what was wrong,
the closest name where there is one, and exit 2. Each test is named after the rule it holds to."""

from __future__ import annotations

from pathlib import Path

from elestrals_review import run

HERE = Path(__file__).resolve().parent.parent / "examples" / "review16"
CARDS = str(HERE / "elestrals-cards.toml")


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_end_both_out_of_spirits_no_count_while_a_spirit_deck_holds_spirits() -> None:
    code, out, _ = run("end", "--main", "P1=8,P2=9", "--spirits", "P1=2,P2=0", "--stuck", "P1")
    assert code == 0
    assert out.startswith("No count: the game goes on (P1 has 2 Spirits left;")
    assert "elestrals.end.both-out-of-spirits" in out
    code, out, _ = run("end", "--main", "P1=8,P2=9", "--spirits", "P1=0,P2=0", "--stuck", "P1")
    assert code == 0 and out.startswith("P2 wins on Main Deck (8 to 9)")


def test_end_both_out_of_spirits_the_json_has_no_winner_while_spirits_are_left() -> None:
    import json

    code, out, _ = run("end", "--main", "P1=8,P2=9", "--spirits", "P1=2,P2=1", "--stuck", "P2", "--json")
    assert code == 0
    value = json.loads(out)["value"]
    assert value == {"winner": None, "decided_by": None}


def test_setup_mulligan_one_mulligan_is_said_in_the_singular() -> None:
    code, out, _ = run("mulligan", "1", "--spirits", "1")
    assert code == 0
    assert out.startswith("Not allowed: 1 mulligan costs 2 Spirits and only 1 is in the Spirit Deck")


def test_setup_spirit_deck_a_misspelt_section_line_names_the_closest_section() -> None:
    code, out, err = run("deck", str(HERE / "elestrals-deck-badheader.txt"))
    assert code == 2 and out == ""
    assert "line 2 'Spirit Dek' (did you mean 'Spirit Deck'" in err
    assert "a card before any section" not in err and len(err.strip().splitlines()) == 1


def test_setup_spirit_deck_a_misspelt_spirit_type_names_the_closest() -> None:
    code, out, _ = run("deck", str(HERE / "elestrals-deck-fyre.txt"))
    assert code == 0
    assert out.splitlines()[0].endswith(
        "'fyre' is not a Spirit type (earth, fire, water, thunder, wind, frost, lunar, solar); did you mean 'fire'?"
    )


def test_phase_four_a_misspelt_phase_in_a_position_names_the_closest() -> None:
    code, out, err = run("legal", str(HERE / "elestrals-bad-phase.toml"), "--cards", CARDS)
    assert code == 2 and out == ""
    assert "phase must be one of setup, draw, main, battle, end, not 'mian' (did you mean 'main'?)" in err


def test_setup_spirit_deck_a_position_cannot_hold_more_than_20_spirits_in_the_deck(tmp_path: Path) -> None:
    code, _, err = run("legal", str(HERE / "elestrals-bad-spirits21.toml"), "--cards", CARDS)
    assert code == 2
    assert "players.P1.spirit_deck.fire must be a whole number from 0 to 20, not 21" in err
    text = (HERE / "elestrals-bad-spirits21.toml").read_text().replace("{ fire = 21 }", "{ fire = 15, water = 15 }")
    (tmp_path / "thirty.toml").write_text(text)
    code, _, err = run("legal", str(tmp_path / "thirty.toml"), "--cards", CARDS)
    assert code == 2
    assert "players.P1.spirit_deck: 30 Spirits in all; a Spirit Deck starts with 20" in err


def test_end_ways_to_lose_a_player_named_in_one_count_only_is_named() -> None:
    code, out, err = run("end", "--main", "P1=0,P3=5", "--spirits", "P1=1,P2=1")
    assert code == 2 and out == ""
    assert "player 'P3' has a Main Deck size but no Spirit Deck size" in err


def test_main_special_cast_is_not_the_spirit_action() -> None:
    code, out, err = run("main", "normal-cast", "--used", "special-cast")
    assert code == 2 and out == ""
    assert "'special-cast' is not a Spirit action: it leaves the turn's Spirit action free" in _flat(err)
    assert "did you mean 'normal-cast'" not in err


def test_chain_forming_a_misspelt_statement_names_the_closest() -> None:
    code, out, err = run("chain", str(HERE / "elestrals-chain-typo.txt"))
    assert code == 2 and out == ""
    assert "line 3: cannot read 'lnk P1 Dragon' ('lnk': did you mean 'link'?)" in err


def test_zone_elestral_row_a_refusal_with_two_reasons_cites_both_in_legal_refused() -> None:
    """A Normal Cast refused both for its cost and for a full Elestral Row cites each rule in the text, as `check`
    and the JSON do, and names an interpretation it rests on only as a reading, not as a rule that forbids it."""
    code, out, _ = run("legal", str(HERE / "elestrals-full-row.toml"), "--cards", CARDS, "--refused")
    assert code == 0
    text = _flat(out)
    head = 'refused: normal-cast "Kiln Hound" attack:'
    assert f"{head} a Normal Cast Elestral must cost at most 1 Spirit" in text
    assert f'{head} also forbidden by the rule "Four Elestral slots" [elestrals.zone.elestral-row]' in text
    assert "also forbidden by the interpretation" not in text
