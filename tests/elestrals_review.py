"""What the Elestrals review tests share: the CLI run in-process, and `check` on a review's own positions and cards."""

from __future__ import annotations

from pathlib import Path

from kept_cli import CliRunner

from cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str) -> tuple[int, str, str]:
    """`rulebook elestrals ARGS...` run in-process: its exit code, standard output and standard error."""
    result = CliRunner().invoke(app, ["elestrals", *args])
    return result.exit_code, result.stdout, result.stderr


def check_in(review: str, name: str, action: str, *more: str) -> tuple[int, str, str]:
    """`check` of ACTION on the review's position `elestrals-NAME.toml`, with the review's cards file."""
    here = EXAMPLES / review
    cards = str(here / "elestrals-cards.toml")
    return run("check", str(here / f"elestrals-{name}.toml"), action, "--cards", cards, *more)
