"""A position file's card facts are made once per text, and never answered from an older text of the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook.elestrals import read_position
from rulebook.errors import InvalidInputError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elestrals"


def test_an_edited_card_facts_file_is_read_anew(tmp_path: Path) -> None:
    """Edit the card facts between two reads of the same position: the second read has the edited card."""
    position, cards = tmp_path / "main-phase.toml", tmp_path / "cards.toml"
    shutil.copy(EXAMPLES / "main-phase.toml", position)
    shutil.copy(EXAMPLES / "cards.toml", cards)
    first = read_position(str(position), str(cards))
    assert first.cards["Cinder Cub"].attack == 2
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("attack = 2\ndefense = 1", "attack = 4\ndefense = 1", 1), encoding="utf-8")
    assert read_position(str(position), str(cards)).cards["Cinder Cub"].attack == 4
    cards.write_text(text, encoding="utf-8")  # back as it was: the first answer again
    assert read_position(str(position), str(cards)).cards == first.cards


def test_a_broken_card_facts_file_is_refused_every_time_and_a_read_does_not_change_the_next(tmp_path: Path) -> None:
    """A refusal is not remembered as an answer, and a position's own cards never leak into another read."""
    cards = tmp_path / "cards.toml"
    cards.write_text('[cards."Cinder Cub"]\ncard_type = "elestral"\nattack = "two"\n', encoding="utf-8")
    for _ in range(2):
        with pytest.raises(InvalidInputError, match="attack"):
            read_position(str(EXAMPLES / "main-phase.toml"), str(cards))
    shutil.copy(EXAMPLES / "cards.toml", cards)
    plain = read_position(str(EXAMPLES / "main-phase.toml"), str(cards))
    position = tmp_path / "own-cards.toml"  # a position with a card of its own
    own_card = '\n[cards."Ember Test Moth"]\ncard_type = "elestral"\ncost = ["fire"]\nattack = 1\ndefense = 1\n'
    position.write_text((EXAMPLES / "main-phase.toml").read_text(encoding="utf-8") + own_card, encoding="utf-8")
    assert set(read_position(str(position), str(cards)).cards) - set(plain.cards) == {"Ember Test Moth"}
    assert read_position(str(EXAMPLES / "main-phase.toml"), str(cards)).cards == plain.cards


def test_an_edited_position_file_is_read_anew_and_each_reading_keeps_its_options(tmp_path: Path) -> None:
    """The same file read twice is the same position; edited, the new position; other options, other options."""
    from rulebook.elestrals import load

    position, cards = tmp_path / "main-phase.toml", str(EXAMPLES / "cards.toml")
    text = (EXAMPLES / "main-phase.toml").read_text(encoding="utf-8")
    position.write_text(text, encoding="utf-8")
    first = read_position(str(position), cards)
    assert read_position(str(position), cards) == first
    assert "Kiln Hound" in first.sides[first.player].hand
    position.write_text(text.replace('"Kiln Hound", ', "", 1), encoding="utf-8")
    edited = read_position(str(position), cards)
    assert "Kiln Hound" not in edited.sides[edited.player].hand and edited != first
    capped = read_position(str(position), cards, {"ascend-cost-cap": "yes"})
    assert capped.opts != edited.opts and capped == edited  # options never take part in comparing positions
    assert read_position(str(position), cards).opts == edited.opts
    assert load(str(position), cards, {"ascend-cost-cap": "yes"}).position.opts == capped.opts
