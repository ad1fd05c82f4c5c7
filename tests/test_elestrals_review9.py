"""Review 9: fresh positions written from the guide (examples/review9/), the answers a judge would give.

Each test is one defect the review found, asserted as a player sees it: the verdict, the rule cited, or the
position after the action.
"""

from __future__ import annotations

from pathlib import Path

from rulebook import elestrals
from rulebook.ruling import Ruling

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "examples" / "review9"


def _check(name: str, action: str, **opts: str) -> Ruling:
    game = elestrals.load(str(REVIEW / name), str(REVIEW / "cards.toml"), opts or None)
    return elestrals.check(game, action)[1]


def test_a_normal_cast_paid_with_a_spirit_of_another_type_is_refused_and_names_the_reading() -> None:
    ruling = _check("p11-wrong-type.toml", 'normal-cast "Cinder Cub" attack paying water')
    assert ruling.legal is False
    assert {"elestrals.card.enchantment-cost", "elestrals.interp.cast-spirit-types"} <= set(ruling.rules)


def test_with_cast_types_any_the_same_cast_is_allowed_and_says_the_card_comes_in_misenchanted() -> None:
    ruling = _check("p11-wrong-type.toml", 'normal-cast "Cinder Cub" attack paying water', **{"cast-types": "any"})
    assert ruling.legal is True
    assert any("Misenchanted" in step.text for step in ruling.trace)
    assert "elestrals.interp.cast-spirit-types" in ruling.rules


def test_a_rune_paid_with_spirits_of_another_type_is_refused() -> None:
    ruling = _check("p11-wrong-type.toml", 'cast-rune "Ember Blade" empowering E1 paying water')
    assert ruling.legal is False and "elestrals.interp.cast-spirit-types" in ruling.rules


def test_legal_lists_no_cast_its_spirit_deck_cannot_pay_in_type() -> None:
    game = elestrals.load(str(REVIEW / "p11-wrong-type.toml"), str(REVIEW / "cards.toml"))
    listed = [str(a) for a in game.legal_actions()]
    assert not any(a.startswith(("normal-cast", "normal-ascend")) for a in listed), listed


def test_a_normal_ascend_reveals_the_type_its_new_elestral_still_lacks() -> None:
    # Stone Ram's two earth Spirits and an earth revealed would leave Kiln Hound (fire, any) Misenchanted; with a
    # fire Spirit in the deck the default reveal is fire.
    game = elestrals.load(str(REVIEW / "p09-ascend-with-field-spirits.toml"), str(REVIEW / "cards.toml"))
    after, ruling = elestrals.check(game, 'normal-ascend E2 "Kiln Hound"')
    assert ruling.legal is True and after is not None
    assert "fire" in after.sides[0].elestrals[1].spirits


def test_a_nexus_that_empties_an_elestral_sends_it_and_its_artifact_away_at_the_check() -> None:
    game = elestrals.load(str(REVIEW / "p31-nexus.toml"), str(REVIEW / "cards.toml"))
    after, ruling = elestrals.check(game, "nexus E1 R2 2")
    assert after is not None
    side = after.sides[0]
    assert side.elestrals[0] is None and side.runes[1] is None
    assert {"Cinder Cub", "Iron Brand"} <= set(side.underworld)
    assert "elestrals.chain.between-chains" in ruling.rules


def test_a_nexus_to_another_players_card_is_refused_not_answered_nothing_happens() -> None:
    ruling = _check("p31-nexus.toml", "nexus E1 P2:E1 1")
    assert ruling.legal is False and ruling.rules[0] == "elestrals.nexus.move"


def test_a_described_refusal_names_every_other_record_that_forbids_it_by_its_title() -> None:
    ruling = elestrals.main_action("cast-rune", rune="counter", set=True, when=True, phase="draw")
    assert ruling.legal is False
    also = [step for step in ruling.trace if step.text.startswith("also forbidden by")]
    assert also and all('"' in step.text for step in also), [step.text for step in ruling.trace]


def test_a_player_may_decline_a_when_you_cast_draw_rather_than_draw_from_an_empty_deck() -> None:
    game = elestrals.load(str(REVIEW / "p56-scout-empty-deck.toml"), str(REVIEW / "cards.toml"))
    after, ruling = elestrals.check(game, 'normal-cast "Ashfang Scout" attack')
    assert after is not None and ruling.legal is True
    listed = [str(a) for a in elestrals.Game(after).legal_actions()]
    assert listed == ['conditional "Ashfang Scout on cast"', "pass"]
    final, declined = elestrals.check(after, "pass")
    assert declined.legal is True and final is not None and not final.over


def test_declining_the_effect_a_card_stayed_for_sends_the_card_away_at_the_check() -> None:
    examples = ROOT / "examples" / "elestrals"
    game = elestrals.load(str(examples / "waiting-effect.toml"), str(examples / "cards.toml"))
    after, _ = elestrals.check(game, "resolve")
    assert after is not None and after.sides[1].elestrals[0] is not None  # Brook Oracle stays one more chain
    final, ruling = elestrals.check(after, "pass")
    assert final is not None and final.sides[1].elestrals[0] is None
    assert "Brook Oracle" in final.sides[1].underworld and "elestrals.chain.between-chains" in ruling.rules


def test_during_a_battle_an_effect_turns_an_elestral_outside_it_but_not_one_in_it() -> None:
    beside = elestrals.load(str(REVIEW / "p66-position-beside-battle.toml"), str(REVIEW / "cards.toml"))
    after, _ = elestrals.check(beside, "cast-rune R1 targeting P1:E2")
    assert after is not None and after.sides[0].elestrals[1].position == "defense"
    inside = elestrals.load(str(REVIEW / "p64-position-in-battle.toml"), str(REVIEW / "cards.toml"))
    _, ruling = elestrals.check(inside, "cast-rune R1 targeting P1:E1")
    assert "elestrals.battle.battle-step" in ruling.rules
    assert "elestrals.advanced.position-changed-by-effect" not in ruling.rules
