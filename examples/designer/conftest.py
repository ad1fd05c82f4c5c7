"""The club's own test suite: pytest checks every `rulebook` transcript in the club's Markdown.

This is all a project needs to check its transcripts with pytest and Sybil (`pip install rulebook
sybil pytest`, then `pytest`). Each `console` block is one test; the commands run in this folder.
"""

from pathlib import Path

from sybil import Sybil

from cli.testing import ConsoleParser

pytest_collect_file = Sybil(parsers=[ConsoleParser(cwd=Path(__file__).parent)], patterns=["*.md"], path=".").pytest()
