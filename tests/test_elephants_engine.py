"""Properties of the Elemental Elephants engine, checked over many random boards."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import rulebook
from rulebook import InvalidInputError, UnknownNameError, elephants
from rulebook.elephants import board

NAMES = list(elephants.SPELLS)
IDS = {r.id for r in rulebook.rules("elephants")}


def _random_board(rng: random.Random) -> elephants.Board:
    """A board no rule forbids: each player's spells come from two sets of their own."""
    players = rng.randint(2, 4)
    clash = rng.randint(1, 4)
    tokens = []
    sets = rng.sample(list(elephants.SETS), 2 * players)
    for p in range(1, players + 1):
        mine = [n for s in sets[2 * p - 2 : 2 * p] for n in elephants.SETS[s]]
        for name in rng.sample(mine, rng.randint(1, 4)):
            flag = rng.choice(["", "", "", "/cancelled", "/resolved", "/advanced", "/hit", "/miss"])
            if clash < 4 and rng.random() < 0.1:
                flag = f"/moved={rng.randint(clash + 1, 4)}"
            where = f"@{rng.randint(1, clash - 1)}" if clash > 1 and rng.random() < 0.1 else ""
            tokens.append(f"P{p}:{name}{where}{flag}")
    return board(tokens, clash=clash, ringleader=f"P{rng.randint(1, players)}", players=players)


BOARDS = [_random_board(random.Random(seed)) for seed in range(300)]


def _effective(b: elephants.Board, spell: elephants.Spell) -> int | str:
    speeds = any(x.name == "accelerator" for x in b.active(spell.owner)) and spell.name != "accelerator"
    if spell.priority == "A" or not speeds:
        return spell.priority
    return max(1, int(spell.priority) - 2)


def test_order_is_exactly_the_active_spells_sorted_by_priority_then_turn_order() -> None:
    for b in BOARDS:
        ruling = elephants.order(b)
        got = [b.spell(x["spell"]) for x in ruling.value["order"]]
        assert {s.ref for s in got} == {s.ref for s in b.active()}
        keys = [(99 if _effective(b, s) == "A" else _effective(b, s), b.turn_order.index(s.owner)) for s in got]
        assert keys == sorted(keys), ruling
        for s in got:
            assert s.state == "active" and s.clash == b.current


def test_a_players_own_ties_keep_the_order_listed() -> None:
    for b in BOARDS:
        got = [x["spell"] for x in elephants.order(b).value["order"]]
        listed = [s.ref for s in b.spells]
        for a, c in itertools.pairwise(got):
            sa, sc = b.spell(a), b.spell(c)
            if sa.owner == sc.owner and _effective(b, sa) == _effective(b, sc):
                assert listed.index(a) < listed.index(c)


def test_accelerator_never_goes_below_1_and_never_speeds_itself() -> None:
    for b in BOARDS:
        for row in elephants.order(b).value["order"]:
            if row["effective"] != "A":
                assert row["effective"] >= 1
                assert row["priority"] - row["effective"] in (0, 1, 2)
            if row["spell"].endswith(":accelerator"):
                assert row["effective"] == row["priority"]


def test_every_ruling_cites_existing_records_and_every_step_a_rule() -> None:
    for b in BOARDS[:120]:
        rulings = [elephants.order(b)]
        for s in b.spells:
            rulings.append(elephants.can_advance(b, s.ref))
            rulings.append(elephants.can_cancel(b, s.ref, b.spells[0].ref))
            if s.name in ("stupefy", "turbulence", "enfeeble", "clap"):
                rulings.append(elephants.effect(b, s.ref))
        for r in rulings:
            assert r.rules and set(r.rules) <= IDS, r
            assert all(step.rule for step in r.trace), r


def test_nothing_advances_in_clash_iv_and_no_enemy_spell_advances_under_break() -> None:
    for b in BOARDS:
        breakers = {s.owner for s in b.active() if s.name == "break"}
        for s in b.spells:
            ruling = elephants.can_advance(b, s.ref)
            if b.current == 4 or s.state != "active" or s.clash != b.current:
                assert ruling.legal is False
            if breakers - {s.owner}:
                assert ruling.legal is False
            if ruling.legal:
                assert ruling.value["to"] == b.current + 1
                assert s.advance, "only spells with the advance icon advance themselves"


def test_self_advancing_spells_advance_once_a_round() -> None:
    for name, data in elephants.SPELLS.items():
        if data["advance"] != "self-once":
            continue
        companion = "P1:gravitate" if name != "gravitate" else "P1:root"
        assert elephants.can_advance(board(f"P1:{name} {companion}", clash=2), f"P1:{name}").legal is True
        assert elephants.can_advance(board(f"P1:{name}/advanced {companion}", clash=2), f"P1:{name}").legal is False
        # Clap's advance is not the spell's own, so the once-a-round limit does not stop it.
        clapped = board(f"P1:{name}/advanced P1:clap/hit", clash=2)
        assert elephants.can_advance(clapped, f"P1:{name}", by="P1:clap").legal is True
    once = {n for n, d in elephants.SPELLS.items() if d["advance"] == "self-once"}
    # The sheet's five, and Bolts, whose card of 2025-09-09 also advances itself once.
    assert once == {"repeater", "slumber", "nightglow", "break", "starfall", "bolts"}


def test_clap_only_takes_from_enemies_with_two_active_spells_and_never_a_shielded_one() -> None:
    for b in BOARDS:
        for clap in [s for s in b.active() if s.name == "clap"]:
            targets = elephants.clap_targets(b, clap.ref).value["targets"]
            for enemy in b.enemies(clap.owner):
                assert (enemy in targets) == (len(b.active(enemy)) >= 2)
            for refs in targets.values():
                assert refs, "Root never shields itself, so there is always a spell to take"
                for ref in refs:
                    assert elephants.can_cancel(b, ref, clap.ref).legal is True


def test_gravitate_never_moves_to_the_current_or_an_earlier_clash_nor_in_clash_iv() -> None:
    for b in BOARDS:
        for grav in [s for s in b.active() if s.name == "gravitate"]:
            for s in b.spells:
                for to in range(1, 5):
                    r = elephants.can_move(b, s.ref, to, by=grav.ref)
                    if r.legal:
                        assert b.current < 4 and to > b.current and s is not grav
                        assert s.state == "active" and s.clash == b.current


def test_stupefy_damages_before_it_cancels_and_the_trunk_is_lost_last() -> None:
    b = board("P1:stupefy P2:offering P3:fireball", health={"P2": 2, "P3": 4})
    r = elephants.effect(b, "P1:stupefy")
    rules = [step.rule for step in r.trace]
    last_damage = max(i for i, rule in enumerate(rules) if rule == "elephants.resolve.stupefy")
    first_cancel = rules.index("elephants.interp.stupefy-cancels-attacks")
    assert last_damage < first_cancel < rules.index("elephants.base.health-zero")
    assert r.value == {
        "spell": "P1:stupefy",
        "active": True,
        "damaged": {"P2": 0, "P3": 2},
        "cancelled": ["P2:offering", "P3:fireball"],
        "shielded": [],
        "trunk_lost": ["P2"],
    }


def test_a_player_who_lost_a_trunk_this_round_has_no_spells_on_the_board() -> None:
    with pytest.raises(InvalidInputError, match="P3 lost a trunk this round"):
        board("P1:stupefy P3:offering", invulnerable=["P3"])
    b = board("P1:clap P2:root P2:offering", invulnerable=["P3"])
    assert b.players == 3
    assert elephants.clap_targets(b).value["targets"] == {"P2": ["P2:root"]}


def test_a_cancelled_spell_does_nothing() -> None:
    r = elephants.effect(board("P1:stupefy/cancelled P2:offering"), "P1:stupefy")
    assert r.verdict == "P1:stupefy does nothing: it is not active"
    assert r.rules == ("elephants.cancelled.visible",)


def test_end_of_round_fills_the_hand_to_four_plus_one_per_lost_trunk() -> None:
    for lost in range(3):
        for kept in range(5):
            r = elephants.end_of_round(4, kept=kept, trunks_lost=lost, draft=False)
            assert r.value["recall"] == 4 + lost - kept
    assert elephants.end_of_round(0, set_size=6).value["recall"] == 0


@pytest.mark.parametrize(
    ("spells", "kwargs", "message"),
    [
        ("P1:stupify", {}, "did you mean 'stupefy'?"),
        ("P1stupefy", {}, "write OWNER:NAME"),
        ("Q1:stupefy", {}, "players are written P1, P2"),
        ("P1:clap/frozen", {}, "unknown spell flag 'frozen'"),
        ("P1:clap/moved=1", {"clash": 2}, "only have been moved to a later clash"),
        ("P1:clap@3/cancelled", {"clash": 2}, "it has not been cast yet"),
        ("P1:clap", {"clash": 5}, "a round has clashes 1 to 4"),
        ("P3:clap", {"players": 2}, "2 players cannot include P3"),
        ("P1:clap", {"health": {"P2": 0}}, "at least 1"),
        ("P1:clap", {"options": {"turbulence-condition": "card"}}, "accepted: any-spell, this-spell"),
        ("P1:clap", {"health": {"X": 1}}, "unknown player 'X'"),
        ("P1:clap", {"health": {"P2": 6}, "max_health": {"P2": 5}}, "above their maximum"),
        ("P1:clap", {"clash": "²"}, "unknown clash '²'"),
    ],
)
def test_bad_boards_are_refused_with_a_message_naming_what_is_accepted(spells: str, kwargs: dict, message: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        board(spells, **kwargs)
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("spells", "kwargs", "rules"),
    [
        ("P1:clap P1:clap", {}, ("elephants.interp.one-copy", "elephants.base.sets")),
        ("P1:clap P2:clap", {}, ("elephants.interp.one-copy", "elephants.base.sets")),
        ("P1:clap P2:stupefy", {}, ("elephants.interp.board-sets", "elephants.base.setup")),
        ("P1:clap", {"hands": {"P2": ["break"]}}, ("elephants.interp.board-sets", "elephants.base.setup")),
        ("P1:clap", {"piles": {"P1": ["clap"]}}, ("elephants.interp.one-copy", "elephants.base.sets")),
    ],
)
def test_elephants_interp_board_sets_impossible_boards_are_refused_with_the_rule(
    spells: str, kwargs: dict, rules: tuple[str, ...]
) -> None:
    with pytest.raises(rulebook.IllegalActionError) as err:
        board(spells, **kwargs)
    assert err.value.rules == rules


def test_elephants_interp_board_sets_a_spell_taken_from_its_drafter_is_written_taken() -> None:
    b = board("P1:clap P1:stupefy P2:break/taken")
    assert b.spell("P2:break").taken and elephants.order(b).verdict == "Clash I resolves: P2:break, P1:clap, P1:stupefy"


def test_asking_about_a_spell_not_on_the_board_lists_the_board() -> None:
    with pytest.raises(UnknownNameError) as err:
        elephants.can_advance(board("P1:root P2:break"), "P1:break")
    assert "accepted: P1:root, P2:break" in str(err.value)


def test_only_clap_advances_other_spells_in_can_advance() -> None:
    with pytest.raises(InvalidInputError, match="is not a Clap"):
        elephants.can_advance(board("P1:root P1:break"), "P1:root", by="P1:break")
    with pytest.raises(InvalidInputError, match="no optional effect"):
        elephants.optional_effect("root", "use")


def test_every_spell_of_the_card_list_has_an_effect_that_runs_and_cites_its_record() -> None:
    for name in elephants.SPELLS:
        kind = elephants.SPELLS[name]["set"]
        other = next(n for n, d in elephants.SPELLS.items() if d["set"] not in (kind, "Space", "Sunbeam"))
        b = board(f"P1:{name} P2:{other}", clash=2)
        if name == "gravitate":
            r = elephants.effect(b, f"P1:{name}", choose=f"P2:{other}>4")
        elif name == "wormhole":
            r = elephants.effect(b, f"P1:{name}", choose="2>4")
        else:
            r = elephants.effect(b, f"P1:{name}")
        assert r.verdict.startswith(f"P1:{name}"), r.verdict
        assert set(r.rules) <= IDS and all(step.rule for step in r.trace)


def test_a_clash_played_out_never_resolves_a_spell_twice_nor_advances_a_cancelled_one() -> None:
    for b in BOARDS:
        if any(s.name in ("gravitate", "wormhole") for s in b.active()) and b.current < 4:
            continue  # where Gravitate and Wormhole send spells is a choice that must be given
        r = elephants.resolve_clash(b)
        assert len(r.value["resolved"]) == len(set(r.value["resolved"]))
        copies = {s.ref for s in b.active() if s.name == "imitate"}
        assert set(r.value["resolved"]) <= {s.ref for s in b.active() if s.priority != "A"} | copies
        for ref in r.value["advanced"]:
            assert ref not in r.value["cancelled"] and ref not in r.value["moved"]
            assert ref.split(":")[0] not in r.value["trunk_lost"]
        assert all(h >= 0 for h in r.value["health"].values())
        assert set(r.rules) <= IDS


def test_gravitate_needs_its_choice_and_an_illegal_move_is_refused_with_its_rule() -> None:
    b = board("P1:gravitate P2:stupefy", clash=2)
    with pytest.raises(InvalidInputError, match="needs a choice"):
        elephants.resolve_clash(b)
    with pytest.raises(InvalidInputError, match="accepted: III, IV"):
        elephants.resolve_clash(b, {"P1:gravitate": "P2:stupefy>1"})
    two = board("P1:gravitate P2:offering P2:ritual", clash=2)
    with pytest.raises(InvalidInputError, match=r"cannot choose 'P2:nourish'.*accepted: P2:offering, P2:ritual"):
        elephants.resolve_clash(two, {"P1:gravitate": "P2:nourish>4"})


ROUND = Path(__file__).resolve().parent.parent / "examples" / "elephants" / "round.toml"


def test_a_whole_round_carries_advanced_and_moved_spells_into_the_next_clash() -> None:
    plan = elephants.parse_round(ROUND.read_text(encoding="utf-8"))
    r = elephants.play_round(
        plan["clashes"], plan["choose"], ringleader=plan["ringleader"], players=plan["players"], health=plan["health"]
    )
    first, second, third, fourth = r.value["clashes"]
    assert first["moved"] == {"P3:starfall": 2} and first["advanced"] == {"P1:accelerator": 2}
    assert "P3:starfall" in second["resolved"] and second["cancelled"] == ["P3:constellation"]
    assert third["trunk_lost"] == ["P3"] and third["cancelled"][:2] == ["P2:root", "P3:offering"]
    assert fourth["resolved"][:3] == ["P1:accelerator", "P1:clap", "P1:stupefy"]
    # P3's health starts again full after the lost trunk (elephants.interp.trunk-loss-health).
    assert r.value["health"] == {"P1": 5, "P2": 1, "P3": 5}
    assert r.value["next_ringleader"] == "P3"


def test_a_self_advance_counts_towards_the_once_a_round_limit_in_later_clashes() -> None:
    r = elephants.play_round(["P1:slumber P2:root", "P1:starfall P2:nourish", "P1:gleam P2:flow"])
    assert r.value["clashes"][0]["advanced"] == {"P1:slumber": 2, "P2:root": 2}
    assert "P1:slumber" not in r.value["clashes"][1]["advanced"]


def test_elephants_base_round_ends_early_when_one_player_is_left_who_can_be_harmed() -> None:
    r = elephants.play_round(["P1:stupefy P2:offering", "P1:root"], health={"P2": 1})
    assert r.value["trunk_lost"] == ["P2"] and len(r.value["clashes"]) == 1
    assert "elephants.base.round-ends-early" in r.rules


def test_elephants_base_round_ends_early_the_issue_s_board_resolves_nothing_after_the_trunk() -> None:
    # 2 players, P2 at 2 health: Stupefy takes P2 to 0; once it has finished P2 loses a trunk, only P1 can
    # still be harmed, and the round ends at once: Starfall neither resolves nor advances.
    r = elephants.resolve_clash(board("P1:stupefy P2:offering P1:starfall", health={"P2": 2}))
    assert r.value["resolved"] == ["P1:stupefy"] and r.value["advanced"] == {}
    assert r.value["trunk_lost"] == ["P2"]
    assert r.verdict == "Clash I: P1:stupefy resolves; P2:offering cancelled; P2 loses a trunk"
    assert "elephants.base.round-ends-early" in r.rules


@pytest.mark.parametrize(
    ("clashes", "message"),
    [
        (["P1:root"], "P2 must lay one spell"),
        (["P1:root P1:clap P2:nourish"], "P1 lays one spell a clash, but the plan lays 2 for P1"),
        (["P1:root P2:clap", "P1:root P2:break"], "P1:root is laid twice"),
        (["P1:root P2:clap", "P1:stupefy P2:break"], "both of the Thunder set"),
        (["P1:root/cancelled P2:clap"], "without flags"),
        (["P1:root P2:clap"] * 5, "a round has 4 clashes"),
    ],
)
def test_a_round_plan_that_breaks_the_prepare_phase_is_refused(clashes: list[str], message: str) -> None:
    with pytest.raises(rulebook.RulebookError) as err:
        elephants.play_round(clashes)
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[clash]]\nspels = []", "unknown key 'clash[1].spels' (did you mean 'spells'?)"),
        ("clashes = 1", "unknown key 'clashes' (did you mean 'clash'?)"),
        ("clash = 3", "clash must be a list"),
        ("[[clash]]\nspells = 'P1:root'", "clash[1].spells must be a list of strings"),
        ("[[clash", "is not valid TOML"),
        # Values of the wrong type are refused before use.
        ('players = "three"', "players must be a whole number from 2 to 9, not 'three'"),
        ("ringleader = 7", "ringleader must be a string, not 7"),
        ("options = 5", "options must be a table, not 5"),
        ("[[health]]\nP2 = 1", "health must be a table"),
        ("turn_order = [1, 2]", "turn_order[1] must be a string, not 1"),
        ("a = " + "[" * 2000, "nested too deeply"),
    ],
)
def test_a_malformed_round_plan_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        elephants.parse_round(text)
    assert message in str(err.value)


# ---------------------------------------------------------------- the findings of the comparison with the prototype


def test_elephants_spell_starfall_deals_its_damage_when_a_clash_is_played_out() -> None:
    r = elephants.resolve_clash(board("P1:starfall P2:reinforce"))
    assert r.value["health"] == {"P1": 5, "P2": 4} and "elephants.spell.starfall" in r.rules


def test_elephants_spell_slumber_heals_its_owner_when_a_clash_is_played_out() -> None:
    r = elephants.resolve_clash(board("P1:slumber P2:nourish", health={"P1": 3}))
    assert r.value["health"]["P1"] == 4 and "elephants.spell.slumber" in r.rules


def test_elephants_spell_nightglow_bolsters_its_owner() -> None:
    r = elephants.effect(board("P1:nightglow P2:nourish"), "P1:nightglow")
    assert r.verdict == "P1:nightglow bolsters P1 by 1" and "elephants.spell.nightglow" in r.rules


def test_elephants_spell_repeater_advances_another_spell_of_its_owner() -> None:
    r = elephants.resolve_clash(board("P1:repeater P1:fireball P2:nourish"))
    assert r.value["advanced"] == {"P1:fireball": 2, "P1:repeater": 2}
    assert "elephants.spell.repeater" in r.rules


def test_elephants_base_conjury_an_attack_may_be_aimed_at_a_conjury() -> None:
    r = elephants.resolve_clash(board("P1:fireball P2:accelerator P2:nourish"), {"P1:fireball": "P2:accelerator"})
    assert r.value["cancelled"] == ["P2:accelerator"] and "elephants.interp.conjury-hit" in r.rules


def test_elephants_base_spells_offering_and_starfall_have_their_damage_in_the_spell_table() -> None:
    assert elephants.SPELLS["offering"]["damage"] == 3 and elephants.SPELLS["offering"]["self_damage"] == 1
    assert elephants.SPELLS["starfall"]["damage"] == 1


def test_elephants_base_card_list_the_data_says_which_list_it_follows_and_its_date() -> None:
    assert elephants.CARD_LIST["follows"] == "2025-09-09" and elephants.CARD_LIST["commit"] == "77f658b"
    assert len(elephants.SPELLS) == 58 and len(elephants.SETS) == 19
    # The types that changed after the sheet's list of 2025-08-12.
    assert elephants.SPELLS["gravitate"]["types"] == []
    assert elephants.SPELLS["electrocute"]["types"] == ["boost"]
    assert elephants.SPELLS["ritual"]["types"] == ["attack", "boost"]


def test_elephants_erratum_card_list_changes_names_every_spell_that_differs_between_the_two_lists() -> None:
    # The sheet's list (2025-08-12) is kept in the data beside the followed one; every spell whose priority,
    # types, conjury mark, name or instructions differ must be named in the erratum, with its change.
    before = rulebook.rules("elephants").data["card_list_before"]
    text = " ".join(rulebook.rules("elephants").get("elephants.erratum.card-list-changes").text.split())
    assert set(before["spells"]) == set(elephants.SPELLS)
    changed = set(before["effects"])
    for name, was in before["spells"].items():
        now = elephants.SPELLS[name]
        if was["priority"] != now["priority"]:
            assert f"{name.capitalize()} {was['priority']} to {now['priority']}" in text, name
            changed.add(name)
        for lost in set(was["types"]) - set(now["types"]):
            assert name.capitalize() in text.split(f"the {lost} type by")[1].split(";")[0], (name, lost)
            changed.add(name)
        assert not set(now["types"]) - set(was["types"]), f"{name} gained a type: the erratum must say so"
        if was["conjury"] != bool(now.get("conjury", False)):
            assert name.capitalize() in text.split("Conjury marks gained:")[1].split(".")[0], name
            changed.add(name)
        if "was" in was:
            assert f"{was['was'].capitalize()} became {name.capitalize()}" in text
            changed.add(name)
    for name in before["effects"]:
        assert name.capitalize() in text.split("Effects:")[1], name
    assert len(changed) == 24  # spells that differ in some way between the two lists


def test_elephants_interp_cancel_all_at_once_the_order_written_never_changes_what_encumber_cancels() -> None:
    spells = ["P1:punishment", "P1:root", "P1:absorb"]
    answers = set()
    for listed in itertools.permutations(spells):
        r = elephants.resolve_clash(board([*listed, "P2:encumber"], clash=2))
        answers.add((tuple(r.value["cancelled"]), tuple(r.value["resolved"])))
        assert "elephants.interp.cancel-all-at-once" in r.rules
    assert answers == {(("P1:root",), ("P1:root", "P1:absorb", "P2:encumber", "P1:punishment"))}


def test_elephants_interp_constellation_recall_takes_an_active_spell_when_there_is_no_past_one() -> None:
    b = board("P1:constellation P1:starfall P2:fireball")
    r = elephants.effect(b, "P1:constellation")
    assert r.verdict == "P1:constellation recalls P1:starfall"
    r = elephants.effect(
        board("P1:constellation P1:starfall P1:nourish@1 P2:fireball", clash=2), "P1:constellation", choose="P1:nourish"
    )
    assert r.verdict == "P1:constellation recalls P1:nourish"


def test_elephants_public_electrocute_card_the_enemy_always_discards() -> None:
    text = " ".join(rulebook.rules("elephants").get("elephants.public.electrocute-card").text.split())
    assert "makes the enemy discard" in text and "2025-09-03" in text and "2025-09-06" in text
    assert "enemy recall" not in text


def test_elephants_interp_gravitate_move_is_flagged_with_an_option() -> None:
    record = rulebook.rules("elephants").get("elephants.interp.gravitate-move")
    assert record.kind == "interpretation" and record.option and record.option.default == "must"
    b = board("P1:gravitate P2:offering P2:ritual", clash=2, options={"gravitate-move": "may"})
    assert elephants.effect(b, "P1:gravitate", choose="none").verdict == "P1:gravitate does nothing here"


def test_a_played_out_clash_says_an_enemy_break_first_as_can_advance_does() -> None:
    # A spell that an enemy's Break keeps here and that would also fail its own condition (Nightglow with no other
    # spell of its owner; Bedim with no other attack spell): the played-out clash named only its own condition, where
    # `can-advance` names the Break. Both now name the Break, the rule that holds whatever the spell's own text.
    for spell, other in (("nightglow", "P1:break"), ("bedim", "P1:break")):
        b = elephants.board(f"P2:{spell} {other}", clash=3)
        checked = elephants.can_advance(b, f"P2:{spell}")
        played = elephants.resolve_clash(b)
        assert checked.legal is False and "elephants.break.stops-enemies" in checked.rules
        assert f"P2:{spell}" not in played.value["advanced"]
        said = [step for step in played.trace if f"P2:{spell}" in step.text and "Advance" not in step.text]
        assert said[-1].rule in ("elephants.break.stops-enemies", "elephants.interp.break-scope"), said
