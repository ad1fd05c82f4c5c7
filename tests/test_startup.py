"""What keeps start-up cheap does not change what a user gets: a game's records checked once per content of its
data file (kept in the cache), and each record made when first used."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook.errors import InvalidInputError, UnknownRuleError
from rulebook.records import load_ruleset, read_data

HEAD = '[game]\nname = "T"\nsource = "t.txt"\nsummary = """A  test\n game."""\n'
ONE = '[[record]]\nid = "t.a.b"\nkind = "rule"\ntitle = "x"\ntext = "y  z"\ncite = { section = "S" }\n'
TWO = (
    '[[record]]\nid = "t.a.c"\nkind = "interpretation"\ntitle = "w"\ntext = "v"\ncite = { public = "p.org", '
    'section = "F" }\noption = { name = "o", default = "no", choices = { no = "n", yes = "y" } }\nsee = ["t.a.b"]\n'
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULEBOOK_CACHE_DIR", str(folder))
    return folder


def test_records_read_from_the_cache_are_the_records_of_the_file(tmp_path: Path, cache: Path) -> None:
    data = tmp_path / "t.toml"
    data.write_text(HEAD + ONE + TWO + "[extra]\nk = 1\n")
    first = load_ruleset("t", data, "The T Guide")
    assert list(cache.glob("records.t-*.marshal"))  # the checked form is kept
    again = load_ruleset("t", data, "The T Guide")
    assert first == again
    assert [r.id for r in again] == ["t.a.b", "t.a.c"] and len(again) == 2 and "t.a.c" in again
    b, c = again.get("t.a.b"), again.get("t.a.c")
    assert (b.text, b.citation.in_words, b.citation.public) == ("y z", "The T Guide, S", False)
    assert (c.citation.file, c.citation.public, c.see, c.option.parse(True)) == ("p.org", True, ("t.a.b",), "yes")
    assert again.summary == "A test game." and again.data == {"extra": {"k": 1}}
    assert again.options() == {"o": "no"}
    assert again.get("t.a.b") is b  # made once
    with pytest.raises(UnknownRuleError, match=r"did you mean 't\.a\.c' or 't\.a\.b'"):
        again.get("t.a.d")


def test_a_refused_file_is_refused_every_time_and_an_edited_one_read_afresh(tmp_path: Path, cache: Path) -> None:
    data = tmp_path / "t.toml"
    data.write_text(HEAD + ONE + ONE)
    for _ in range(2):
        with pytest.raises(InvalidInputError, match="defined twice"):
            load_ruleset("t", data)
    data.write_text(HEAD + ONE)
    assert [r.title for r in load_ruleset("t", data)] == ["x"]
    data.write_text(HEAD + ONE.replace('"x"', '"x, edited"'))
    assert [r.title for r in load_ruleset("t", data)] == ["x, edited"]
    data.write_text(HEAD + ONE.replace('kind = "rule"', 'kind = "rules"'))
    with pytest.raises(InvalidInputError, match="did you mean 'rule'"):
        load_ruleset("t", data)


def test_the_games_records_are_those_their_data_files_hold() -> None:
    """Every record of every game, made from the cache's rows, agrees with its data file parsed afresh."""
    for game in rulebook.games():
        raw = read_data(game.data_path)
        ruleset = rulebook.rules(game.id)
        assert [r.id for r in ruleset] == [e["id"] for e in raw["record"]]
        for record, entry in zip(ruleset, raw["record"], strict=True):
            assert (record.title, record.kind, record.citation.section) == (
                entry["title"],
                entry["kind"],
                entry["cite"]["section"],
            )
            assert record.text == " ".join(entry["text"].split())
            assert record.aliases == tuple(entry.get("aliases", ()))
            assert (record.option is None) == ("option" not in entry)
