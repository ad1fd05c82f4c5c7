"""Elestrals setup, the end of a game and tournaments, importable by their old name (see rulebook.elestrals.match)."""

from __future__ import annotations

from rulebook.elestrals.match import *  # noqa: F403
from rulebook.elestrals.match import __all__ as __all__
