"""``rulebook toy``: the toy game's one query, mounted from its registry entry."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.output import JsonFlag, answers, emit_ruling

app = typer.Typer(help="Pebble Pile (a toy game of the tests): judge one take.", no_args_is_help=True)


@app.command()
@answers
def take(
    pebbles: Annotated[int, typer.Argument(help="How many pebbles the player to move takes.")],
    pile: Annotated[int, typer.Option(help="How many pebbles the pile holds.")] = 7,
    as_json: JsonFlag = False,
) -> None:
    """Judge taking PEBBLES from the pile: the pebbles left, the winner, or why it is illegal."""
    from toy.engine import take as judge

    emit_ruling("toy", "take", {"pebbles": pebbles, "pile": pile}, judge(pile, pebbles), as_json)
