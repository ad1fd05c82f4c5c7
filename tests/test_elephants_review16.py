"""Review 16 (Elemental Elephants): the numbers at their edges, and the number of players no source states."""

from __future__ import annotations

from pathlib import Path

from cli.testing import run


def words(text: str) -> str:
    return " ".join(text.split())


def test_interp_player_count_is_cited_only_beyond_four_players() -> None:
    # L10: a board with P5 was answered as if the game seated five, while the page says two to four and no record
    # said how many may play.
    five = run(["elephants", "order", "P1:root", "P5:break"])
    text = words(five.output)
    assert five.output.splitlines()[0] == "Clash I resolves: P1:root, P5:break"
    assert "5 players: a whole game here seats 2 to 4; this board is judged all the same" in text
    assert "[elephants.interp.player-count]" in text
    four = run(["elephants", "order", "P1:root", "P4:break"])
    assert "player-count" not in four.output
    # every query on a board says so, a whole clash included
    resolved = run(["elephants", "resolve", "P1:fireball", "P2:break", "--players", "6"])
    assert "6 players: a whole game here seats 2 to 4" in words(resolved.output)


def test_base_health_zero_at_exactly_zero_and_not_at_one() -> None:
    # L6, L7: Fireball's 2 damage takes a player at 2 to 0 (a trunk lost) and one at 3 to 1 (none).
    at = run(["elephants", "resolve", "P1:fireball", "P2:break", "--health", "P2=2"])
    assert at.output.splitlines()[0] == "Clash I: P2:break, P1:fireball resolve; P2 loses a trunk"
    above = run(["elephants", "resolve", "P1:fireball", "P2:break", "--health", "P2=3"])
    assert "health 3 to 1" in above.output and "loses a trunk" not in above.output


def test_end_round_hand_size_at_its_edges() -> None:
    # L1, L2: 4 + 1 per destroyed trunk, and a third trunk ends the game.
    assert run(["elephants", "end-round", "--hand", "0", "--trunks-lost", "2"]).output.splitlines()[0] == (
        "New spell set (automatic); recall 3 to fill the hand of 6"
    )
    third = run(["elephants", "end-round", "--hand", "0", "--trunks-lost", "3"])
    assert third.exit_code == 2 and len(third.output.strip().splitlines()) == 1


def test_interp_player_count_in_a_round_plan_of_five(tmp_path: Path) -> None:
    plan = tmp_path / "five.toml"
    plan.write_text(
        'players = 5\n[[clash]]\nspells = ["P1:fireball", "P2:nourish", "P3:crush", "P4:root", "P5:break"]\n',
        encoding="utf-8",
    )
    text = words(run(["elephants", "round", str(plan), "--steps"]).output)
    assert "5 players: a whole game here seats 2 to 4; this board is judged all the same" in text
