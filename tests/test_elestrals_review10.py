"""Review 10's findings in Elestrals (benchmarks/results/review10-elestrals.md), each as a player would notice it:
a Nexus makes a card receive Spirits, a loss comes before the end-of-round count, a Normal Ascend's Spirits from a
Rune rest on a named reading, refusals cite their own rule, and a note on a reading says when another reading would
refuse the action too."""

from __future__ import annotations

from pathlib import Path

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook import elestrals

HERE = Path(__file__).resolve().parent.parent / "examples" / "review10"
CARDS = str(HERE / "cards.toml")
CAP = "elestrals.interp.ascend-cost-cap"
SIPHON = "elestrals.interp.ascend-siphon"


def _game(name: str, **opts: str) -> elestrals.Game:
    return elestrals.load(str(HERE / name), CARDS, opts)


def test_a_nexus_onto_the_eel_leaves_one_waiting_effect_however_many_spirits_arrive() -> None:
    after, ruling = elestrals.check(_game("r43-eel-nexus.toml"), "nexus E2 E1 2")
    assert ruling.legal is True
    waiting = [a for a in elestrals.legal(after).value["legal"] if a["action"].startswith("conditional")]
    assert [a["action"] for a in waiting] == ['conditional "Tidecaller Eel on enchanted"']


def test_a_nexus_onto_a_card_without_such_an_effect_leaves_nothing_waiting() -> None:
    after, _ = elestrals.check(_game("r43-eel-nexus.toml"), "nexus E1 E2 1")
    assert not any(a["action"].startswith("conditional") for a in elestrals.legal(after).value["legal"])


@pytest.mark.parametrize("flag", ["--round-end", "--stuck"])
def test_a_player_who_must_draw_from_an_empty_deck_loses_before_any_count(flag: str) -> None:
    args = ["elestrals", "end", "--main", "P1=0,P2=3", "--spirits", "P1=5,P2=2", "--draws", "P1=1", flag, "P2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("P1 loses: P2 wins")
    assert "only a game still going is decided by counting" in " ".join(result.output.split())


def test_a_draw_the_deck_can_pay_leaves_the_count_to_decide() -> None:
    ruling = elestrals.end_of_round({"P1": 5, "P2": 2}, {"P1": 2, "P2": 3}, "P2", draws={"P1": 1})
    assert ruling.value == {"winner": "P1", "decided_by": "spirits"}


def test_an_ascend_from_a_rune_rests_on_ascend_siphon_under_either_choice() -> None:
    action = 'normal-ascend E1 "Kiln Hound" attack paying fire adding R1:fire'
    _, refused = elestrals.check(_game("r15-ascend-from-rune.toml"), action)
    assert refused.legal is False and SIPHON in refused.rules
    after, allowed = elestrals.check(_game("r15-ascend-from-rune.toml", **{"ascend-siphon": "any-card"}), action)
    assert allowed.legal is True and SIPHON in allowed.rules
    assert any(s.text.startswith("A fire Spirit is taken from Ward Idol (R1)") for s in allowed.trace)
    side = after.sides[0]
    assert side.runes[0] is None and "Ward Idol" in side.underworld  # 0 Spirits for 1 after the chain
    assert side.elestrals[0].card == "Kiln Hound" and len(side.elestrals[0].spirits) == 3


def test_refusals_for_an_empty_spirit_deck_cite_the_action_refused() -> None:
    game = _game("r17-empty-spirit-deck-main.toml")
    _, ascend = elestrals.check(game, 'normal-ascend E1 "Kiln Hound" attack')
    _, enchant = elestrals.check(game, "enchant E1")
    assert ascend.rules[0] == "elestrals.main.normal-ascend"
    assert enchant.rules[0] == "elestrals.main.enchant"


def test_a_reading_under_which_the_action_is_refused_too_is_not_said_to_answer_otherwise() -> None:
    game = _game("r17-empty-spirit-deck-main.toml")
    _, ruling = elestrals.check(game, 'normal-ascend E1 "Kiln Hound" attack')
    note = next(s.text for s in ruling.trace if s.rule == CAP)
    assert "another reading refuses it too, for another reason" in note
    listing = elestrals.legal(game, refused=True)
    assert "refuses it too" in next(s.text for s in listing.trace if s.rule == CAP)


def test_a_reading_that_would_allow_the_refused_action_still_says_it_answers_otherwise() -> None:
    game = elestrals.load(
        str(HERE.parent / "elestrals" / "ascend-artifact.toml"),
        str(HERE.parent / "elestrals" / "cards.toml"),
        {"ascend-cost-cap": "yes"},
    )
    _, ruling = elestrals.check(game, 'normal-ascend E1 "Kiln Hound"')
    assert ruling.legal is False
    assert CAP in ruling.rules
    assert "refuses it too" not in " ".join(s.text for s in ruling.trace)


def test_a_counter_rune_paid_from_the_spirit_deck_does_not_cite_the_rule_on_field_spirits() -> None:
    _, from_deck = elestrals.check(_game("r01-draw-own-counter.toml"), "cast-rune R1")
    assert "elestrals.main.instant-field-spirits" not in from_deck.rules
    after = elestrals.check(_game("r08-counter-from-defender.toml"), "attack E1 E1")[0]
    _, paid = elestrals.check(after, "cast-rune R1 paying E1:water")
    assert [s.rule for s in paid.trace].count("elestrals.main.instant-field-spirits") == 1


def test_a_battle_says_how_the_stat_effects_in_force_make_the_stats_it_compares() -> None:
    _, ruling = elestrals.check(_game("r46-set-then-increase.toml"), "attack E1 E1")
    said = [s.text for s in ruling.trace if s.rule == "elestrals.advanced.stat-order"]
    assert said and said[0].startswith("Stone Ram: 3/2 with attack +2, set attack 0 until the End Phase, so 2/2")
    assert ruling.value["battle"]["destroyed"] == ["attacker", "defender"]


def test_a_refusal_names_the_phases_as_the_guide_writes_them() -> None:
    _, early = elestrals.check(_game("r03-draw-phase-lantern.toml"), "activate E1")
    assert early.value["reason"] == "the effect works during the End Phase, not the Draw Phase"
    _, divine = elestrals.check(_game("r45-divine-opponent-end.toml"), "activate R1 targeting P1:E1")
    assert divine.value["reason"].endswith("(this is the End Phase)")


@pytest.mark.parametrize("action", ["special-cast", "special-ascend"])
def test_a_special_cast_or_ascend_says_once_that_it_leaves_the_spirit_action_unused(action: str) -> None:
    ruling = elestrals.main_action(action, spirit_action="normal-ascend", elestrals=1)
    said = [s.text for s in ruling.trace if "do not use the once-per-turn Spirit action" in s.text]
    assert ruling.legal is True and len(said) == 1


def test_a_misenchanted_elestral_destroyed_in_battle_leaves_no_effect_waiting() -> None:
    after, ruling = elestrals.check(_game("s01-misenchanted-martyr.toml"), "attack E1 E1")
    assert "P1 to act" in ruling.verdict
    assert not after.waiting
    assert any("was Misenchanted just before it left the field" in s.text for s in ruling.trace)


def test_an_enchanted_rune_destroyed_by_an_effect_still_leaves_its_effect_waiting() -> None:
    after, _ = elestrals.check(_game("s03-golem-destroys-shield.toml"), "activate E1 targeting P2:R1")
    assert [w.label for w in after.waiting] == ["Bark Shield on destroyed"]


def test_when_only_the_other_player_has_something_waiting_the_next_chain_says_so() -> None:
    _, ruling = elestrals.check(_game("s03-golem-destroys-shield.toml"), "activate E1 targeting P2:R1")
    opens = next(s.text for s in ruling.trace if s.text.startswith("The next chain opens"))
    assert opens == "The next chain opens: P2 chains their waiting items (P1, the turn player, has nothing waiting)"


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ('activate E1 targeting "P1:underworld:Gust Finch"', "(discard 1 card, with 0 in hand)"),
        ("activate E2 targeting P2:E1", "(Expend 2 Spirits, with 1 in the Spirit Deck)"),
    ],
)
def test_a_cost_that_cannot_be_paid_says_what_is_missing(action: str, why: str) -> None:
    _, ruling = elestrals.check(_game("s06-costs.toml"), action)
    assert ruling.legal is False
    assert ruling.value["reason"].endswith("its cost cannot be paid " + why)
    assert ruling.rules == ("elestrals.main.activate-effect",)


def test_an_until_the_end_phase_effect_resolving_in_the_end_phase_does_not_carry_into_the_next_turn() -> None:
    after, ruling = elestrals.check(_game("u01-end-phase-snare.toml"), "cast-rune R1 targeting P1:E1")
    assert ruling.legal is True and "elestrals.advanced.duration-vs-passive" in ruling.rules
    drake = after.sides[0].elestrals[0]
    assert drake.card == "Kindle Drake" and drake.modifiers == ()


def test_a_negated_effect_does_not_send_its_card_to_the_underworld_nor_say_so() -> None:
    game = _game("u04-scout-denied.toml")
    for action in ('normal-cast "Ashfang Scout" attack', "pass", 'conditional "Ashfang Scout on cast"'):
        game, _ = elestrals.check(game, action)
    after, ruling = elestrals.check(game, "cast-rune R1")
    negated = next(s.text for s in ruling.trace if s.rule == "elestrals.chain.negated")
    assert negated.endswith("is Negated: the effect does not resolve, and its card stays where it is")
    assert after.sides[0].elestrals[0].card == "Ashfang Scout" and after.sides[0].hand == ()
