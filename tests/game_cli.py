"""One game's commands run in-process, as the review tests ask them: `rulebook GAME ARGS...`."""

from __future__ import annotations

from collections.abc import Callable

from kept_cli import CliRunner

from cli.main import app

runner = CliRunner()


def answers(game: str) -> Callable[..., str]:
    """A function running `rulebook GAME *args`, checking its exit code, and giving its output on one line."""

    def rulebook(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, [game, *args])
        assert result.exit_code == code, result.output
        return " ".join(result.output.split())

    return rulebook
