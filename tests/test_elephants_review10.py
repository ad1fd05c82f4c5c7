"""Review 10's Elemental Elephants defects: what each answer must now say (benchmarks/results/review10-elephants.md)."""

from __future__ import annotations

from pathlib import Path

from game_cli import answers

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


rulebook = answers("elephants")


def test_when_no_one_can_be_harmed_the_answer_says_so_in_a_sentence() -> None:
    # L2: both players fall to 0 after the same Offering.
    out = rulebook("resolve", "P1:familiar", "P2:offering", "P2:ritual")
    assert "No one can still be harmed: the round ends at once" in out
    assert "Only no one" not in out


def test_a_round_that_ends_early_says_the_plan_s_later_clashes_are_not_played() -> None:
    # L27: the plan's Clash II was dropped without a word.
    out = rulebook("round", str(EXAMPLES / "review10" / "elephants-early-end.toml"))
    assert out.startswith("Round played: 1 clash (the round ended early: the plan's Clash II is not played)")


def test_a_plan_that_lays_a_spell_for_a_player_already_out_is_refused_in_words(tmp_path: Path) -> None:
    plan = (EXAMPLES / "elephants" / "round.toml").read_text(encoding="utf-8")
    plan = plan.replace('spells = ["P1:slumber", "P2:enfeeble"]', 'spells = ["P1:slumber", "P2:enfeeble", "P3:ritual"]')
    path = tmp_path / "round.toml"
    path.write_text(plan, encoding="utf-8")
    out = rulebook("round", str(path), code=2)
    assert "Clash IV: P3 lost a trunk earlier this round and casts no more spells in it, but the plan lays one" in out


def test_a_target_refused_for_root_s_shield_says_so() -> None:
    # L4: the conjury Accelerator is shielded by Root, so Fireball may not be aimed at it.
    out = rulebook(
        "resolve", "P1:fireball", "P2:root", "P2:accelerator", "--choose", "P1:fireball=P2:accelerator", code=2
    )
    assert "accepted: P2, P2:root (P2:accelerator is shielded by P2:root" in out


def test_a_spell_named_where_a_first_choice_is_due_is_told_how_to_write_both() -> None:
    # L5: Daybreak first chooses recall or discard, then the spell.
    daybreak = ("resolve", "P1:daybreak", "P2:root@1", "P2:absorb@1", "--clash", "2", "--choose")
    out = rulebook(*daybreak, "P1:daybreak=P2:absorb", code=2)
    assert "accepted: recall, discard (this choice comes first; then the spell, after a comma:" in out
    assert "P1:daybreak=CHOICE,P2:absorb" in out
    done = rulebook(*daybreak, "P1:daybreak=discard,P2:absorb")
    assert "P1:daybreak discards P2:absorb" in done
    assert "P2:root lies in Clash I, a past clash: not active, it shields nothing" in done


def test_scorch_names_the_conjuries_root_shields() -> None:
    # L21: Scorch hits only the Root; the answer says why not Accelerator and Quickshot.
    out = rulebook("resolve", "P1:scorch", "P2:root", "P2:accelerator", "P2:quickshot")
    assert "P2:accelerator is shielded by P2:root: P1:scorch cannot hit it" in out
    assert "P2:quickshot is shielded by P2:root: P1:scorch cannot hit it" in out
    assert "P1:scorch cancels P2:root" in out


def test_can_advance_says_why_a_cancelled_enemy_break_does_not_hold_the_spell() -> None:
    # L12
    out = rulebook("can-advance", "P1:starfall", "P2:break/cancelled", "--clash", "2")
    assert out.startswith("P1:starfall can advance to Clash III")
    assert "P2:break is cancelled: still on view, but not active for anything, so it does not stop P1:starfall" in out


def test_conditions_read_another_not_an_other() -> None:
    # L14, L15
    out = rulebook("resolve", "P1:ignite", "P2:aftershocks", "P2:crush")
    assert "P2 has another active attack spell (P2:crush): P2:aftershocks acts" in out
    assert "P1 has no other active attack spell: P1:ignite does nothing" in out
    assert "an other" not in out


def test_eventide_names_the_spells_root_keeps_it_from_cancelling() -> None:
    # L35: Eventide's default cancel takes the Root; the answer says the Fireball was shielded.
    out = rulebook("resolve", "P1:eventide", "P2:root", "P2:fireball")
    assert "P2:fireball is shielded by P2:root: P1:eventide cannot cancel it" in out
    assert "P1:eventide cancels P2:root" in out


def test_an_empty_hand_read_for_want_of_hands_says_no_hands_were_given(tmp_path: Path) -> None:
    # L19: Quake's step stated "P1 has no spell in hand" as a fact when no hand had been given at all.
    out = rulebook("resolve", "P1:bedim", "P1:nightglow", "P2:quake")
    assert "P1 has no spell in hand to discard (no hands were given, so every hand is read as empty)" in out
    plan = tmp_path / "round.toml"
    plan.write_text('clash = 1\nspells = ["P1:bedim", "P1:nightglow", "P2:quake"]\n[hands]\nP1 = []\n')
    given = rulebook("resolve", "--round", str(plan))
    assert "P1 has no spell in hand to discard" in given
    assert "no hands were given" not in given


def test_a_recall_is_named_in_the_clash_s_one_line_summary() -> None:
    # Review 9's E4b, review 10's L8: the summary listed what resolved and advanced, not the spell taken back.
    out = rulebook("resolve", "P1:constellation", "P1:starfall", "P2:fireball", "--clash", "1")
    summary = "Clash I: P1:starfall, P2:fireball, P1:constellation resolve; P1:starfall recalled to the hand"
    assert out.startswith(summary)
