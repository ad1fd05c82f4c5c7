"""Elestrals on positions: one state that every query reads, each rule's behaviour named after the rule.

Positions are written as a judge would write them (TOML), with invented cards.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook import IllegalActionError, InvalidInputError, elestrals
from rulebook.elestrals.deciding import candidates, decider
from rulebook.elestrals.game import Game
from rulebook.elestrals.position_file import main_total, parse_position, position_toml, spirit_total

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elestrals"
CARDS = """
[cards."Cinder Cub"]
card_type = "elestral"
cost = ["fire"]
attack = 2
defense = 1
[cards."Kiln Hound"]
card_type = "elestral"
cost = ["fire", "any"]
attack = 3
defense = 2
[cards."Gust Finch"]
card_type = "elestral"
cost = ["wind"]
attack = 2
defense = 1
[cards."Null Ward"]
card_type = "rune"
cost = ["any"]
subclasses = ["counter"]
[cards."Snap Ward"]
card_type = "rune"
cost = ["any"]
subclasses = ["counter"]
effect = "When an Elestral is Cast, Negate it."
[cards."Iron Brand"]
card_type = "rune"
cost = ["any"]
subclasses = ["artifact"]
[cards."Ashen Plaza"]
card_type = "rune"
cost = ["any"]
subclasses = ["stadium"]
[cards."Ember Sage"]
card_type = "elestral"
cost = ["fire"]
attack = 1
defense = 1
effect = "You can draw a card."
"""


def position(top: str, p1: str = "", p2: str = "", rest: str = "", options=None) -> elestrals.Game:
    def side(spirits: str, extra: str) -> str:
        hand = "" if extra.startswith("hand =") else "hand = 3\n"
        return f"spirit_deck = {{ {spirits} = 10 }}\nmain_deck = 20\n{hand}{extra}\n"

    text = f"{top}\n[players.P1]\n{side('fire', p1)}[players.P2]\n{side('wind', p2)}{rest}\n{CARDS}"
    return elestrals.Game(parse_position(text, "test.toml", opts=options))


MAIN = 'turn = 3\nplayer = "P1"\nphase = "main"'


# ---------------------------------------------------------------- the review's findings, each by its rule


def test_elestrals_main_no_active_chain_refuses_activating_an_effect() -> None:
    assert elestrals.main_action("activate", chain=True).legal is False
    assert "elestrals.main.no-active-chain" in elestrals.main_action("activate", chain=True).rules
    game = position(
        MAIN,
        p1='[[players.P1.elestrals]]\ncard = "Ember Sage"\nspirits = ["fire"]',
        rest='[chain]\n[[chain.links]]\nplayer = "P2"\naction = "described"\ncard = "a card"',
    )
    _, ruling = elestrals.check(game, "activate E1")
    assert ruling.legal is False and "elestrals.main.no-active-chain" in ruling.rules
    calm = position(MAIN, p1='[[players.P1.elestrals]]\ncard = "Ember Sage"\nspirits = ["fire"]')
    assert elestrals.check(calm, "activate E1")[1].legal is True


def test_elestrals_rune_artifact_follows_its_elestral_at_the_check_between_chains() -> None:
    chain = "players P1 P2\nlink P1 Blast\ncard Dragon spirits=0 cost=1\ncard Sword artifact empowering=Dragon"
    assert elestrals.resolve_chain(chain).value["underworld"] == ["Dragon", "Sword"]
    game = position(
        MAIN,
        p1='hand = ["Kiln Hound"]\n[[players.P1.elestrals]]\ncard = "Cinder Cub"\nspirits = ["fire"]\n'
        '[[players.P1.runes]]\ncard = "Iron Brand"\nspirits = ["fire"]\nempowering = "P1:E1"',
    )
    after, ruling = elestrals.check(game, 'normal-ascend E1 "Kiln Hound"')
    assert ruling.legal and after is not None
    assert after.sides[0].runes[0] is None and "Iron Brand" in after.sides[0].underworld
    assert "elestrals.rune.artifact" in ruling.rules


def test_elestrals_battle_zero_attack_below_zero_deals_no_damage() -> None:
    none = {"stat-floor": "none"}
    direct = elestrals.battle("attack=1 spirits=3", "none", attacker_effects=["attack -3"], opts=none)
    assert direct.value["expend"] == {"attacker": 0, "defender": 0}
    assert "elestrals.battle.zero-attack" in direct.rules
    lower = elestrals.battle("attack=2 spirits=3", "attack=1 spirits=1", defender_effects=["attack -4"], opts=none)
    assert lower.value["destroyed"] == ["defender"]
    assert lower.value["expend"] == {"attacker": 0, "defender": 2}
    both = elestrals.battle("attack=0 spirits=1", "attack=0 spirits=2", attacker_effects=["attack -1"], opts=none)
    assert both.value["destroyed"] == []


def test_elestrals_chain_one_more_chain_not_for_a_suppressed_card() -> None:
    text = "players P1 P2\nlink P1 Blast\nwaiting P2 Roar from Wyrm\ncard Wyrm spirits=0 cost=1 suppressed"
    value = elestrals.resolve_chain(text).value
    assert value["vanished"] == ["P2 Roar"] and value["one_more_chain"] == [] and value["underworld"] == ["Wyrm"]
    awake = elestrals.resolve_chain(text.replace(" suppressed", "")).value
    assert awake["one_more_chain"] == ["Wyrm"] and awake["underworld"] == []


def test_elestrals_main_set_rune_a_stadium_cannot_be_set() -> None:
    ruling = elestrals.main_action("cast-rune", rune="stadium", set=True)
    assert ruling.legal is False and "elestrals.main.set-rune" in ruling.rules
    assert elestrals.main_action("set-rune", rune="stadium").legal is False
    with pytest.raises(InvalidInputError, match="cannot be Set"):
        position(MAIN, p1='[[players.P1.runes]]\ncard = "Ashen Plaza"\nset = true')


def test_elestrals_main_special_cast_only_as_an_effect_instructs_from_limbo() -> None:
    assert elestrals.main_action("special-cast", phase="end", chain=True).legal is False
    assert elestrals.main_action("special-cast", phase="end", waiting=False).legal is False
    assert elestrals.main_action("special-cast", phase="end").legal is True
    assert "elestrals.chain.waiting-in-limbo" in elestrals.main_action("special-cast", chain=True).rules


def test_elestrals_phase_draw_counter_runes_that_work_when_do_not_start_a_chain() -> None:
    assert elestrals.main_action("cast-rune", rune="counter", set=True, phase="draw").legal is True
    when = elestrals.main_action("cast-rune", rune="counter", set=True, phase="draw", when=True)
    assert when.legal is False and "elestrals.phase.draw" in when.rules
    game = position(
        'turn = 4\nplayer = "P2"\nphase = "draw"',
        p1='[[players.P1.runes]]\ncard = "Snap Ward"\nset = true\nset_turn = 3\n'
        '[[players.P1.runes]]\ncard = "Null Ward"\nset = true\nset_turn = 3',
        rest='[window]\npassed = ["P2"]',
    )
    assert elestrals.check(game, "cast-rune R1")[1].legal is False
    assert elestrals.check(game, "cast-rune R2")[1].legal is True


def test_elestrals_card_active_effects_are_used_once_per_turn() -> None:
    game = position(MAIN, p1='[[players.P1.elestrals]]\ncard = "Ember Sage"\nspirits = ["fire"]')
    after, ruling = elestrals.check(game, "activate E1")
    assert ruling.legal and after is not None
    again = elestrals.check(after, "activate E1")[1]
    assert again.legal is False and "elestrals.card.active" in again.rules
    assert "activate E1" not in [str(a) for a in elestrals.Game(after).legal_actions()]


def test_elestrals_tournament_side_swaps_a_spirit_only_for_a_spirit() -> None:
    assert elestrals.side_swap(2, 2, 2, spirits_in=1, spirits_out=1).legal is True
    refused = elestrals.side_swap(2, 2, 2, spirits_in=1, spirits_out=0)
    assert refused.legal is False and "elestrals.tournament.side-swaps" in refused.rules


def test_elestrals_interp_window_chains_who_starts_a_chain_in_the_end_phase() -> None:
    top = 'turn = 4\nplayer = "P2"\nphase = "end"'
    p1 = '[[players.P1.runes]]\ncard = "Null Ward"\nset = true\nset_turn = 3'
    both = position(top, p1).apply("pass")
    assert both.position.phase == "end" and both.current_player == 0
    assert "cast-rune R1" in [str(a) for a in both.legal_actions()]
    strict, ruling = position(top, p1, options={"window-chains": "turn-player"}).explain("pass")
    assert strict.position.turn == 5 and "elestrals.interp.window-chains" in ruling.rules
    waiting = position(top, p1, rest='[window]\npassed = ["P2"]', options={"window-chains": "turn-player"})
    refused = waiting.refusal("cast-rune R1", who=0)
    assert refused is not None and refused.legal is False and "elestrals.interp.window-chains" in refused.rules


def test_elestrals_interp_drawn_games_in_the_first_tiebreaker() -> None:
    results = "1 Ana Ben Ana 3 0\n1 Ana Ben draw 1 1\n1 Ana Ben Ana 2 0"
    played = {r["player"]: r for r in elestrals.standings(results).value["standings"]}
    excluded = {r["player"]: r for r in elestrals.standings(results, {"drawn-games": "excluded"}).value["standings"]}
    assert played["Ana"]["win_rate"] == round(2 / 3, 4) and excluded["Ana"]["win_rate"] == 1.0
    assert "elestrals.interp.drawn-games" in elestrals.standings(results).rules


def test_elestrals_interp_ascend_cost_cap_for_a_normal_ascend() -> None:
    assert elestrals.main_action("normal-ascend", elestrals=1, cost=3).legal is True
    capped = elestrals.main_action("normal-ascend", elestrals=1, cost=3)
    assert capped.legal is True
    game = position(
        MAIN,
        p1='hand = ["Kiln Hound"]\n[[players.P1.elestrals]]\ncard = "Cinder Cub"\nspirits = ["fire"]',
        options={"ascend-cost-cap": "yes"},
    )
    ruling = elestrals.check(game, 'normal-ascend E1 "Kiln Hound"')[1]
    assert ruling.legal is False and "elestrals.interp.ascend-cost-cap" in ruling.rules


# ---------------------------------------------------------------- one state: legal, check and the protocol agree


def _invariants(game: elestrals.Game) -> None:
    pos = game.position
    for who in (0, 1):
        assert spirit_total(pos, who) == 20
        assert main_total(pos, who) == 40
    assert parse_position(position_toml(pos), "again", opts=pos.opts) == pos
    legal = [str(a) for a in game.legal_actions()]
    assert legal == [str(a) for a in candidates(pos) if Game(pos).refusal(a) is None]
    for action in candidates(pos):
        if str(action) not in legal:
            with pytest.raises(IllegalActionError):
                game.apply(action)


def test_random_vanilla_games_keep_every_card_and_agree_with_check() -> None:
    rng = random.Random(13)
    for seed in range(5):
        game = elestrals.new_game(seed=seed)
        while not game.is_terminal():
            _invariants(game)
            game = game.apply(rng.choice(game.legal_actions()))
        _invariants(game)


def test_every_example_position_reads_and_writes_back() -> None:
    files = sorted(EXAMPLES.glob("*.toml"))
    positions = [f for f in files if f.name not in ("cards.toml", "effect-cards.toml", "bad-effect.toml")]
    assert len(positions) >= 10
    for path in positions:
        uses_effects = path.name.startswith(("effect-table", "effect-chain", "effect-battle", "effect-more", "judge"))
        cards = "effect-cards.toml" if uses_effects else "cards.toml"
        game = elestrals.load(str(path), str(EXAMPLES / cards))
        assert parse_position(position_toml(game.position), path.name) == game.position
        assert decider(game.position) is not None or game.is_terminal()


def test_a_card_with_no_facts_is_named_with_how_to_give_them() -> None:
    # Without --cards, no card's facts are known: the message says so (not an empty "accepted:" list).
    import contextlib
    import io

    from cli.main import entry

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = entry(["elestrals", "legal", str(Path(__file__).parent.parent / "examples/elestrals/main-phase.toml")])
    message = err.getvalue().strip()
    assert code == 2 and len(message.splitlines()) == 1, message
    assert "unknown card 'Brook Newt'; no card is known here; give its facts under" in message, message
    assert "accepted: ;" not in message
