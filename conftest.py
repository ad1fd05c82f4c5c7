"""Collects the runnable examples: every ``python`` fence in the docs and every docstring example.

Markdown pages use Sybil's PythonCodeBlockParser (a fence starting with ``>>>`` is a doctest, any other
``python`` fence is run as code). Docstrings in ``rulebook/`` use the reST doctest parser.
"""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser
from sybil.parsers.rest import DocTestParser

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

# Path.match matches from the right, so "*.md" below ``path`` takes every page at any depth.
docs = Sybil(parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS)], path="docs", patterns=["*.md"])
docstrings = Sybil(parsers=[DocTestParser(optionflags=FLAGS)], path="rulebook", patterns=["*.py"])

pytest_collect_file = (docs + docstrings).pytest()
