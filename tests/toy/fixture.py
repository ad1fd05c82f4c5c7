"""The fixture that registers the toy game for one test, with a cache folder of the test's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import rulebook
from toy import ENTRY


@pytest.fixture
def toy_game(tmp_path, monkeypatch: pytest.MonkeyPatch) -> Iterator[rulebook.Game]:
    """The toy game, registered through its one entry while the test runs; caches go to a temporary folder, so
    the toy never reaches a user's cache."""
    monkeypatch.setenv("RULEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    undo = rulebook.register(ENTRY)
    try:
        yield ENTRY
    finally:
        undo()
