"""The vocabulary's cache file (rulebook/lexicon_store.py): the same answers as the vocabulary built afresh, a
damaged part never used, and the cache folder and the cache's name found without the cost of reading every input."""

from __future__ import annotations

import os
import time
import tomllib
from pathlib import Path

import pytest

from rulebook import lexicon_store, vocabulary
from rulebook.ask import ask, render
from rulebook.writing import cache_file, file_stamp, user_cache_dir

DATA = Path(__file__).parent / "data"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An empty cache folder, and the vocabulary forgotten before and after."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULEBOOK_CACHE_DIR", str(folder))
    vocabulary.lexicon.cache_clear()
    yield folder
    vocabulary.lexicon.cache_clear()


def _questions() -> list[tuple[str, str | None]]:
    found = tomllib.loads((DATA / "questions.toml").read_text())["question"]
    return [(q["text"], q.get("game")) for q in found if "text" in q]


def _answers(questions: list[tuple[str, str | None]]) -> list[str]:
    return [render(ask(text, 3, game), 100) for text, game in questions]


def _stored() -> vocabulary.Lexicon:
    """The vocabulary read from its file (written first when there is none)."""
    vocabulary.lexicon.cache_clear()
    lexicon = vocabulary.lexicon()
    if not isinstance(lexicon.postings, lexicon_store.StoredIndex):  # just built: read it back from the file
        vocabulary.lexicon.cache_clear()
        lexicon = vocabulary.lexicon()
    assert isinstance(lexicon.postings, lexicon_store.StoredIndex)
    return lexicon


def _file(folder: Path) -> Path:
    (path,) = folder.glob("vocabulary-*.lexicon")
    return path


def test_the_stored_vocabulary_answers_as_the_built_one(
    cache: Path, good_file: tuple[str, bytes, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    questions = _questions()
    name, whole, _ = good_file  # the file a first use writes (built once for this module)
    cache.mkdir()
    (cache / name).write_bytes(whole)
    _stored()
    stored = _answers(questions)
    vocabulary.lexicon.cache_clear()
    opening = lexicon_store.open_store
    monkeypatch.setattr(lexicon_store, "open_store", lambda *args: None)  # built in memory, as without a cache
    built_lexicon = vocabulary.lexicon()
    assert isinstance(built_lexicon.postings, vocabulary.Index)
    assert _answers(questions) == stored
    # Every part agrees, whatever the question: each term's postings, each record, each table's words.
    monkeypatch.setattr(lexicon_store, "open_store", opening)
    lexicon = _stored()
    for name in ("postings", "asked", "vectors", "grams"):
        built, read = getattr(built_lexicon, name), getattr(lexicon, name)
        assert len(read) == len(built)
        for term in list(built.terms)[::7]:
            assert list(read.posting(term)) == list(built.posting(term)), (name, term)
            assert read.df(term) == built.df(term)
        assert "zzqx" not in read and read.df("zzqx") == 0 and not list(read.posting("zzqx"))
    assert [lexicon.records[n] for n in range(len(lexicon.records))] == list(built_lexicon.records)
    assert lexicon.by_id == built_lexicon.by_id and list(lexicon.asked_records) == list(built_lexicon.asked_records)
    for name in ("surface", "english_stems", "english", "synonyms", "defined"):
        built, read = getattr(built_lexicon, name), getattr(lexicon, name)
        assert sorted(read) == sorted(built) and len(read) == len(built)
        assert all(read[k] == built[k] for k in list(built)[::5]) and read.get("no such word") is None
    assert lexicon.known == built_lexicon.known


def _posting_at(store: lexicon_store.Store, index: str, term: str) -> int:
    """Where in the file's body a term's postings start."""
    stored = store[index]
    assert len(stored.terms) > 0  # the terms read
    slot = stored._words.slot(term)
    assert slot >= 0, term
    return stored._postings_at + stored._places[slot]


@pytest.fixture(scope="module")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, bytes, list[str]]:
    """The vocabulary file as a first use writes it (its name and bytes), and the answers read from it: built once
    for the damaged-file tests, each of which damages its own copy."""
    folder = tmp_path_factory.mktemp("good-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULEBOOK_CACHE_DIR", str(folder))
        _stored()
        expected = _answers(_questions()[:12])
        vocabulary.lexicon.cache_clear()
    path = _file(folder)
    return path.name, path.read_bytes(), expected


@pytest.mark.parametrize("where", ["header", "table", "posting", "row", "end"])
def test_a_damaged_vocabulary_file_is_never_used(
    cache: Path, good_file: tuple[str, bytes, list[str]], where: str
) -> None:
    """One byte changed anywhere a question reads (or the file cut short): the same answers, and the file written
    again whole."""
    questions = _questions()[:12]
    name, whole, expected = good_file
    cache.mkdir()
    (cache / name).write_bytes(whole)
    vocabulary.lexicon.cache_clear()
    assert isinstance(vocabulary.lexicon().postings, lexicon_store.StoredIndex)  # read from the good file, not built
    assert _answers(questions) == expected
    path = _file(cache)
    blob = bytearray(whole)
    if where == "end":
        blob = blob[:-100]
    else:
        store = lexicon_store.open_store(path, dict)
        assert store is not None
        sections = store._sections
        at = {
            "header": len(lexicon_store.MAGIC) + 20,
            "table": store._body + sections["surface"][1] + sections["surface"][2] // 2,
            "posting": store._body + _posting_at(store, "grams", " sam"),  # "same", in the first question
            "row": store._body + sections["records/rows"][1] + 30,
        }[where]
        blob[at] ^= 0xFF
    path.write_bytes(bytes(blob))
    vocabulary.lexicon.cache_clear()
    assert _answers(questions) == expected
    assert _file(cache).read_bytes() == whole  # written again, whole


def test_the_cache_is_named_by_its_inputs_sizes_and_times(tmp_path: Path) -> None:
    data = tmp_path / "data.toml"
    data.write_text("x = 1")
    assert file_stamp(data) == b"x = 1"  # changed just now: named by its contents
    os.utime(data, (1_000_000_000, 1_000_000_000))
    old = cache_file("vocabulary", [file_stamp(data)], ".lexicon", tmp_path)
    data.write_text("x = 2")  # the same size, a new time
    os.utime(data, (1_000_000_001, 1_000_000_001))
    assert cache_file("vocabulary", [file_stamp(data)], ".lexicon", tmp_path) != old
    # An edit of the same size within the clock's tick: still fresh, so named by the contents.
    stamp = time.time()
    data.write_text("x = 3")
    os.utime(data, (stamp, stamp))
    first = file_stamp(data)
    data.write_text("x = 4")
    os.utime(data, (stamp, stamp))
    assert file_stamp(data) != first


@pytest.mark.parametrize(
    "env",
    [
        {"XDG_CACHE_HOME": "/somewhere/cache", "HOME": "/home/player"},
        {"XDG_CACHE_HOME": "relative/cache", "HOME": "/home/player"},
        {"XDG_CACHE_HOME": "", "HOME": "/home/player/"},
        {"HOME": "/"},
        {"HOME": "/home/player"},
    ],
)
def test_the_cache_folder_is_the_one_platformdirs_names(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_cache_dir as platform_cache_dir

    for name in ("XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert user_cache_dir() == platform_cache_dir("rulebook", appauthor=False)


def test_a_long_run_of_questions_full_of_unknown_words_does_not_grow_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    # A process that answers for a long time (the site's engine over a visit, a fuzzer) kept every word it was ever
    # asked that no index holds: about 0.3 MB a question of noise. The words no index holds are kept up to a bound.
    import random
    import tracemalloc

    from rulebook import unasked

    monkeypatch.setattr(lexicon_store, "MISSES_KEPT", 200)
    monkeypatch.setattr(unasked, "MISSES_KEPT", 200)
    rng = random.Random(5)
    # 400 made-up words, each first met in the warm-up, where the stemmer keeps them (its own table holds 10,000).
    made_up = sorted({"".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(7)) for _ in range(400)})

    def noise() -> str:
        return " ".join(rng.choice(made_up) for _ in range(40))

    ask("who attacks first in spellfire")
    for start in range(0, len(made_up), 40):  # every made-up word met once, and the bounded tables filled
        ask(" ".join(made_up[start : start + 40]))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(20):
            assert ask(noise()).value["refused"]
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 100_000, f"{grown:,} bytes kept after 20 questions of noise"
