"""The Elemental Clash solver: hand-checked endgames, its agreement with its own best play, and the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook import InvalidInputError, clash
from rulebook.clash import Attack, Defend
from rulebook.clash.solver import DRAW, LOSS, WIN, Solver, advise, all_options, solve, solve_all

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "clash"
runner = CliRunner()

# Endgames checked by hand. (P1's side, P2's side, options, value for P1 to move, P1's best moves.)
# "*" marks a spent ability; an element not listed is eliminated (its ability unused).
ENDGAMES = [
    # Earth 5 beats Fire 3; Fire cannot defend with an ability.
    ("earth", "fire", {}, WIN, {"earth > fire"}),
    # Ether 1 must attack Fire 3 once Revive is spent.
    ("ether*", "fire", {}, LOSS, {"ether > fire"}),
    # Ether alone still wins: Revive brings back Water or Earth, either beats Fire (Surge answers Blaze).
    ("ether", "fire", {}, WIN, {"revive water", "revive earth"}),
    # The only attack is a tie that empties both sides: the option decides.
    ("water", "water", {}, DRAW, {"water > water"}),
    ("water", "water", {"last-elements-tie": "attacker-wins"}, WIN, {"water > water"}),
    ("water", "water", {"last-elements-tie": "defender-wins"}, LOSS, {"water > water"}),
    # Gale against Earth: Fortify holds (nothing is eliminated), then Earth beats Air.
    ("air", "earth", {}, LOSS, {"air > earth", "air+ > earth"}),
    # With Fortify spent, Gale swaps 2 and 5 and Air wins.
    ("air", "earth*", {}, WIN, {"air+ > earth"}),
    # Blazing Fire ties Earth 5 and both go: a draw, or whatever the option says.
    ("fire", "earth*", {}, DRAW, {"fire+ > earth"}),
    ("fire", "earth*", {"last-elements-tie": "attacker-wins"}, WIN, {"fire+ > earth"}),
    ("fire", "earth*", {"last-elements-tie": "defender-wins"}, LOSS, {"fire > earth", "fire+ > earth"}),
    # Surge cancels Blaze, so Fire cannot beat Water; with Surge spent, Blaze's 5 beats 4.
    ("fire", "water", {}, LOSS, {"fire > water", "fire+ > water"}),
    ("fire", "water*", {}, WIN, {"fire+ > water"}),
    # Give up Air: P2's Earth must then attack P1's Earth, which Fortifies (a tie eliminates the attacker).
    ("air earth", "earth", {}, WIN, {"air > earth"}),
    # Earth attacking Air wins, unless a defending Air may Gale (the example game's reading).
    ("earth", "air", {}, WIN, {"earth > air"}),
    ("earth", "air", {"gale-defends": "yes"}, LOSS, {"earth > air"}),
    ("earth", "air*", {"gale-defends": "yes"}, WIN, {"earth > air"}),
]


@pytest.mark.parametrize(
    ("p1", "p2", "options", "value", "best"), ENDGAMES, ids=[f"{e[0]} v {e[1]} {e[2]}" for e in ENDGAMES]
)
def test_hand_checked_endgames(p1: str, p2: str, options: dict, value: int, best: set[str]) -> None:
    state = clash.position(p1, p2, options=options)
    solver = Solver(options)
    assert solver.value(state) == value
    assert {str(a) for a in solver.best_actions(state)} == best
    # The same endgame with P2 to move and the sides swapped has the same value.
    assert Solver(options).value(clash.position(p2, p1, to_move="P2", options=options)) == value


def test_the_defender_is_the_one_to_decide_while_an_attack_awaits() -> None:
    state = clash.position("fire", "water").apply(Attack("fire", "water", True))
    solver = Solver()
    assert state.current_player == 1
    assert solver.value(state) == WIN  # P2 surges: Fire 3 loses to Water 4
    assert solver.action_values(state) == [(Defend(False), LOSS), (Defend(True), WIN)]


def test_a_finished_game_is_valued_for_the_player_who_would_move() -> None:
    end = clash.position("earth", "fire").apply(Attack("earth", "fire")).apply(Defend())
    assert end.is_terminal() and end.to_move == 1
    assert Solver().value(end) == LOSS
    assert advise(end).verdict == "the game is over (P1 won): there is no move to advise"


def test_a_solver_refuses_a_position_under_other_options() -> None:
    with pytest.raises(InvalidInputError, match="gale-defends=yes"):
        Solver({"gale-defends": "yes"}).value(clash.position("earth", "air"))


def _positions(options, count: int, seed: int) -> list[clash.ClashState]:
    """Positions reached by random play: each the start of a turn or an attack awaiting its answer."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = clash.new_game(options)
        stop = rng.randrange(1, 20)
        for _ in range(stop):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


@pytest.mark.parametrize(
    "options", all_options(), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.changed().items()) or "default"
)
def test_the_value_never_contradicts_playing_the_solvers_own_best_moves(options) -> None:
    solver = Solver(options)
    for state in _positions(options, 12, seed=3):
        value = solver.value(state)
        me = state.current_player
        values = [v for _, v in solver.action_values(state)]
        # No move is better than the value, and the best move reaches it.
        assert max(values) == value
        assert solver.action_value(state, solver.best_action(state)) == value
        # Both sides playing the solver's best moves to the end get exactly that value.
        while not state.is_terminal():
            state = state.apply(solver.best_action(state))
        winner = state.winner()
        assert value == (DRAW if winner is None else WIN if winner == me else LOSS)


@pytest.mark.parametrize("options", [all_options()[0], all_options()[-1]], ids=["default", "all-changed"])
def test_merging_equivalent_positions_changes_no_value(options) -> None:
    merged, plain = Solver(options), Solver(options, merge_equivalent=False)
    # Late positions (few elements left), where the unmerged search is quick.
    late = [s for s in _positions(options, 200, seed=9) if sum(len(side.in_play) for side in s.sides) <= 6]
    assert len(late) >= 20
    for state in late:
        assert merged.value(state) == plain.value(state), str(state)


def test_a_principal_line_is_legal_and_ends_as_the_value_says() -> None:
    state = clash.new_game(gale_defends="yes")
    solver = Solver(state.options)
    line = solver.principal_line(state)
    ruling = clash.replay([*line], state.options)
    assert ruling.legal
    assert ruling.value["position"]["over"] and ruling.value["position"]["winner"] == "P1"
    assert solver.value(state) == WIN


def test_solve_gives_the_value_for_p1_with_its_search_figures() -> None:
    ruling = solve({"gale-defends": "yes"})
    assert ruling.value["value"] == "win" and ruling.value["score"] == WIN
    assert ruling.value["positions"] > 0 and ruling.value["seconds"] >= 0
    assert ruling.rules[0] == "clash.interp.game-ends"
    assert "clash.interp.gale-defends" in ruling.rules


def test_solve_all_covers_every_rules_reading_once() -> None:
    ruling = solve_all({"revive-restores-ability": "no", "gale-defends": "yes"})
    readings = [r["options"]["last-elements-tie"] for r in ruling.value["results"]]
    assert readings == ["draw", "attacker-wins", "defender-wins"]
    assert ruling.value["positions"] == sum(r["positions"] for r in ruling.value["results"])


def test_advise_lists_every_legal_move_with_its_value_and_cites_the_line() -> None:
    state = clash.position("air earth", "earth")
    ruling = advise(state)
    assert [m["move"] for m in ruling.value["moves"]] == ["air > earth", "air+ > earth", "earth > earth"]
    assert [m["value"] for m in ruling.value["moves"]] == ["win", "draw", "loss"]
    assert ruling.value["best"] == ["air > earth"]
    assert [t["move"] for t in ruling.value["line"]] == ["air > earth", "earth > earth+"]
    # The Fortify that decides the last turn is cited on that turn, and the game's end on a step of its own.
    fortified = [s for s in ruling.trace if s.text.startswith("turn 2: P2 plays earth > earth+")]
    assert [(s.rule, s.overrides) for s in fortified] == [("clash.interp.fortify-outcome", "clash.attack.tie")]
    assert ruling.trace[-1].text == "turn 2: P2 has no elements left: P1 wins"
    assert ruling.rules[-1] == "clash.end.winner"


def test_advise_while_an_attack_awaits_completes_the_turn_first() -> None:
    state = clash.position("fire", "water").apply(Attack("fire", "water", True))
    ruling = advise(state)
    assert ruling.verdict.startswith("P2 to answer wins with perfect play")
    assert [t["move"] for t in ruling.value["line"]] == ["fire+ > water+"]


# ---------------------------------------------------------------- the CLI


def run(*args: str):
    return runner.invoke(app, list(args))


def test_cli_solve_json_lists_each_reading_with_positions_and_time() -> None:
    result = run("clash", "solve", "-o", "gale-defends=yes", "-o", "revive-restores-ability=no", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "rulebook.ruling/1" and data["query"] == "solve"
    results = data["value"]["results"]
    assert len(results) == 3
    assert {r["value"] for r in results} == {"win"}
    assert all(r["positions"] > 0 and "seconds" in r for r in results)


def test_cli_solve_rejects_an_unknown_option() -> None:
    result = run("clash", "solve", "-o", "gale-defend=yes")
    assert result.exit_code == 2
    assert "did you mean 'gale-defends'" in result.stderr


def test_cli_advise_a_position_string() -> None:
    result = run("clash", "advise", "P1: air earth / P2: earth / P1 to move")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "P1 to move wins with perfect play: 1 of 3 moves wins (air > earth)"
    assert lines[1] == "Every legal move, best first, with its value for the player to move:"
    assert lines[2] == "  1. air > earth: win (P2's best answer: no Fortify)"


def test_cli_advise_after_a_move_log_json() -> None:
    result = run("clash", "advise", "--log", str(EXAMPLES / "corrected-game.log"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["value"]["player"] == "P1" and data["value"]["position"]["turn"] == 7
    assert data["value"]["line"][0]["turn"] == 7
    assert {m["value"] for m in data["value"]["moves"]} <= {"win", "draw", "loss"}
    assert data["value"]["best"] == [m["move"] for m in data["value"]["moves"] if m["value"] == data["value"]["value"]]


def test_cli_advise_an_illegal_log_names_the_illegal_turn() -> None:
    result = run("clash", "advise", "--log", str(EXAMPLES / "example-game.log"))
    assert result.exit_code == 0
    assert result.stdout.startswith("illegal at turn 2")


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("P1: earth air", "P2's side is missing"),
        ("P1: earth / P3: fire", "cannot read 'P3: fire'"),
        ("P1: earth / P2: fire / P1: air", "P1's side is given twice"),
        ("P1: earth / P2: fier", "did you mean 'fire'"),
        ("P1: earth / P2: fire / P3 to move", "'P3' cannot be to move"),
    ],
)
def test_cli_advise_rejects_a_malformed_position(position: str, message: str) -> None:
    result = run("clash", "advise", position)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_cli_advise_takes_a_position_or_a_log_not_both() -> None:
    result = run("clash", "advise", "P1: earth / P2: fire", "--log", str(EXAMPLES / "short-game.log"))
    assert result.exit_code == 2
    assert "not both" in result.stderr
