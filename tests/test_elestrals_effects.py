"""Elestrals card effects as data: the vocabulary checked on load, and the engine using it on positions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook.elestrals import check, legal, load
from rulebook.elestrals.cards import read_card, read_cards
from rulebook.elestrals.deciding import candidates
from rulebook.elestrals.game import Game
from rulebook.elestrals.position_file import parse_position, position_toml
from rulebook.errors import InvalidInputError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "elestrals"
CARDS = EXAMPLES / "effect-cards.toml"
POSITIONS = ["effect-table.toml", "effect-chain.toml", "effect-battle.toml", "effect-more.toml"]
runner = CliRunner()


def test_the_example_set_has_thirty_cards_using_every_part_of_the_vocabulary() -> None:
    from rulebook.elestrals.effects import ACTIONS, COSTS, TRIGGERS

    cards = read_cards(tomllib.loads(CARDS.read_text(encoding="utf-8")), "cards")
    effects = [e for c in cards.values() for e in c.effects]
    assert len(cards) >= 30
    assert {e.trigger for e in effects} == set(TRIGGERS)
    assert {kind for e in effects for kind, _ in e.costs} == set(COSTS)
    assert {s.action for e in effects for s in e.steps} == set(ACTIONS)
    assert any(e.condition for e in effects) and any(e.target and e.target.up_to for e in effects)
    assert {e.target.zone for e in effects if e.target and not e.target.special} >= {"field", "underworld", "main-deck"}
    assert {s.words[1] for e in effects for s in e.steps if s.action == "stat" and len(s.words) > 1} == {
        "end",
        "battle",
    }


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ("on summon | do draw 1", "unknown trigger 'summon'"),
        ("on cast | do destroy", "do destroy acts on targets: add target SELECTOR"),
        ("on cast | target 1 your elestral | do draw 1", "it has a target but no action that acts on targets"),
        ("on activate | target 1 opposing elestral in hand | do destroy", "searched by its owner only"),
        ("on activate | target 1 your elestral in underworld | do destroy", "do destroy takes targets in field"),
        ("on cast | cost expend 1 | do draw 1", "only on activate"),
        ("on cast | do negate", "use it on activate or on resolve"),
        ("on continuous | target 1 your elestral | do stat attack +1", "targets this, empowered or all"),
        ("on activate | target 1 your elestral | do stat double attack", "cannot read stat effect"),
        ("on activate | do draw 0", "from 1 to 20"),
        ("on activate | do fly away", "unknown action 'fly'"),
        ("draw 1", "an effect starts with 'on TRIGGER'"),
    ],
)
def test_an_effect_the_vocabulary_cannot_read_is_one_line_naming_it(effect: str, message: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        read_card(
            "Test Imp", {"card_type": "elestral", "cost": ["fire"], "attack": 1, "defense": 1, "effects": [effect]}
        )
    assert message in str(err.value) and "card 'Test Imp': effect 1" in str(err.value)
    assert "\n" not in str(err.value)


def test_a_rune_effect_must_fit_its_rune_type() -> None:
    with pytest.raises(InvalidInputError, match="write on resolve"):
        read_card("Bad Ward", {"card_type": "rune", "cost": ["any"], "subclasses": ["counter"],
                               "effects": ["on activate | do draw 1"]})  # fmt: skip
    with pytest.raises(InvalidInputError, match="only an Artifact Empowers"):
        read_card("Bad Altar", {"card_type": "rune", "cost": ["any"], "subclasses": ["divine"],
                                "effects": ["on continuous | target empowered | do stat attack +1"]})  # fmt: skip


@pytest.mark.parametrize("name", POSITIONS)
def test_legal_is_what_check_accepts_and_positions_read_back_equal(name: str) -> None:
    game = load(str(EXAMPLES / name), str(CARDS))
    pos = game.position
    listed = [a["action"] for a in legal(game).value["legal"]]
    accepted = [str(a) for a in candidates(pos) if Game(pos).refusal(a) is None]
    assert listed == accepted and listed
    for action in listed[:40]:
        after, ruling = check(game, action)
        assert ruling.legal and after is not None
        assert parse_position(position_toml(after), "again", opts=after.opts) == after


def test_targets_counters_and_waiting_effects_are_written_and_read_back() -> None:
    game = load(str(EXAMPLES / "effect-more.toml"), str(CARDS))
    game = game.apply("activate E1 targeting P1:E2").apply('normal-ascend E1 "Root Warden"')
    text = position_toml(game.position)
    assert "counters = { charge = 1 }" in text and 'label = "Root Warden on cast"' in text
    assert parse_position(text, "again", opts=game.position.opts) == game.position
    chained = load(str(EXAMPLES / "effect-chain.toml"), str(CARDS)).apply('cast-rune "Flame Burst" targeting P2:E1')
    assert 'targets = ["P2:E1:Storm Harrier"]' in position_toml(chained.position)


def test_a_target_gone_on_resolution_is_skipped_and_the_rest_resolves() -> None:
    game = load(str(EXAMPLES / "effect-chain.toml"), str(CARDS))
    game = game.apply('cast-rune "Flame Burst" targeting P2:E1').apply("cast-rune R1 targeting P2:E1")
    after, ruling = check(game, "pass")
    assert after is not None
    assert after.sides[1].elestrals[0] is None and "Storm Harrier" in after.sides[1].hand
    assert "Flame Burst" in after.sides[0].underworld and "Storm Harrier" not in after.sides[1].underworld
    assert any("is gone; the effect does what it still can" in step.text for step in ruling.trace)


def test_continuous_effects_raise_stats_in_battle_and_a_battle_duration_wears_off() -> None:
    game = load(str(EXAMPLES / "effect-battle.toml"), str(CARDS))
    from rulebook.elestrals.battle_phase import stats

    drake = game.position.sides[0].elestrals[0]
    assert stats(game.position, drake) == (7, 3)  # 4 +2 (Ember Blade) +1 (Volcanic Forum)
    game = game.apply("attack E1 E1").apply('conditional "Kindle Drake on attack"')
    assert game.position.sides[1].elestrals[0] is None  # Hollow Wisp destroyed by 8 Attack
    game = game.apply('conditional "Hollow Wisp on destroyed"')
    assert game.position.sides[0].elestrals[0].modifiers == ()


def test_check_names_the_targets_an_effect_needs() -> None:
    result = runner.invoke(app, ["elestrals", "check", str(EXAMPLES / "effect-table.toml"), "activate E1",
                                 "--cards", str(CARDS)])  # fmt: skip
    assert result.exit_code == 0
    first = result.stdout.splitlines()[0]
    assert first.startswith(
        "P1 activate E1: not allowed: Cinder Adept's effect: name its targets, e.g. targeting P2:E1"
    )


def test_a_step_that_moves_its_own_target_is_not_reported_as_a_target_gone() -> None:
    game = load(str(EXAMPLES / "judge-walk.toml")).apply('cast-rune "Riptide Call" targeting P1:E1')
    after, ruling = check(game, "cast-rune R1 targeting P2:E2")
    texts = [step.text for step in ruling.trace]
    assert "Riptide Call destroys Basalt Guardian (P1:E1)" in texts
    assert not any("is gone" in t for t in texts)
    assert after is not None and after.waiting[0].label == "Basalt Guardian on destroyed"
    assert after.sides[1].elestrals[1].modifiers == (("attack -2", "end"),)


def test_observation_hides_the_other_hand_their_set_runes_and_both_decks_order() -> None:
    game = load(str(EXAMPLES / "effect-chain.toml"), str(CARDS))
    mine, theirs = game.observation(0), game.observation(1)
    assert "Undertow Ward" not in mine and "Deny Ward" not in mine and "face-down in R1, R2" in mine
    assert '"Flame Burst"' in mine and "Flame Burst" not in theirs.split("[players.P2]")[0].split("hand")[1]
    assert "main_deck = 24" in mine and "main_deck = 26" in mine
    assert "Undertow Ward" in theirs


def test_refusal_is_the_one_way_to_refuse() -> None:
    from rulebook.errors import IllegalActionError

    game = load(str(EXAMPLES / "effect-table.toml"), str(CARDS))
    refused = game.refusal("activate E1 targeting P1:E1 paying fire")
    assert refused is not None and refused.legal is False and refused.rules == ("elestrals.advanced.targets-needed",)
    with pytest.raises(IllegalActionError) as err:
        game.apply("activate E1 targeting P1:E1 paying fire")
    assert err.value.rules == refused.rules and err.value.reason == refused.value["reason"]
    assert check(game, "activate E1 targeting P1:E1 paying fire")[1] == refused
