"""Spellfire engine properties: the formation, attack legality over every formation, counters, draws."""

from __future__ import annotations

import itertools
import random

import pytest

from rulebook import spellfire
from rulebook.errors import InvalidInputError, UnknownNameError
from rulebook.spellfire import POSITIONS, attack, counter, formation

ALL_RAZED = [",".join(combo) for n in range(len(POSITIONS) + 1) for combo in itertools.combinations(POSITIONS, n)]

# The public source's own list of when each realm is exposed (shared/facts, Spellfire).
EXPOSED_WHEN = {
    "A": lambda r: True,
    "B": lambda r: "A" in r,
    "C": lambda r: "A" in r,
    "D": lambda r: "B" in r,
    "E": lambda r: "B" in r and "C" in r,
    "F": lambda r: "C" in r,
}


@pytest.mark.parametrize("razed", ALL_RAZED)
def test_exposure_follows_the_public_list_in_every_formation(razed: str) -> None:
    form = formation(razed)
    gone = set(razed.split(",")) - {""}
    for pos in POSITIONS:
        assert form.is_exposed(pos) == EXPOSED_WHEN[pos](gone), (razed, pos)


@pytest.mark.parametrize("razed", ALL_RAZED)
def test_who_may_attack_what_in_every_formation(razed: str) -> None:
    form = formation(razed)
    for pos in POSITIONS:
        if form.realm(pos).razed:
            assert not attack(form, pos, "hero flyer").legal
            continue
        # A normal champion: exactly the exposed realms. A flyer and an earthwalker: every standing realm.
        assert attack(form, pos, "hero").legal == form.is_exposed(pos)
        assert attack(form, pos, "hero flyer", ["flyer", "earthwalker"]).legal
        assert attack(form, pos, "hero earthwalker").legal
        # A swimmer without a coastline behaves as a normal champion; with one, it goes anywhere.
        assert attack(form, pos, "hero swimmer").legal == form.is_exposed(pos)
        coast = formation(razed, [f"{pos}: coast"])
        assert attack(coast, pos, "hero swimmer").legal
        # An ally without movement may join only against an exposed realm.
        assert attack(form, pos, "hero flyer", ["none"]).legal == form.is_exposed(pos)


@pytest.mark.parametrize("power", spellfire.MOVEMENTS)
@pytest.mark.parametrize("pos", POSITIONS)
def test_a_realm_that_shuts_out_a_power_is_closed_to_it_even_exposed(power: str, pos: str) -> None:
    form = (
        formation(",".join(POSITIONS[:3]), [f"{pos}: no-{power}"])
        if pos in "DEF"
        else formation(realms=[f"{pos}: no-{power}"])
    )
    ruling = attack(form, pos, f"hero {power}")
    if form.realm(pos).razed:
        return
    assert ruling.legal is False
    assert "spellfire.move.cannot-choose-not-to" in ruling.rules
    # A champion without that power is not affected.
    assert attack(form, pos, "hero").legal == form.is_exposed(pos)


@pytest.mark.parametrize("reach", ["own", "any-movement", "shared"])
@pytest.mark.parametrize("bound", ["yes", "no"])
def test_every_option_combination_decides_as_its_record_says(reach: str, bound: str) -> None:
    opts = {"ally-reach": reach, "allies-forced-movement": bound}
    walled = attack(formation(realms=["A: no-flyer"]), "A", "hero", ["flyer"], opts)
    assert walled.legal is (bound == "no")
    assert "spellfire.interp.allies-forced-movement" in walled.rules
    inland = attack(formation(), "B", "hero flyer", ["swimmer"], opts)
    assert inland.legal is (reach == "any-movement")
    coastal = attack(formation(realms=["B: coast"]), "B", "hero flyer", ["swimmer"], opts)
    assert coastal.legal is (reach != "shared")
    assert "spellfire.interp.ally-reach" in coastal.rules


def test_the_attack_value_names_each_attacker_and_the_protectors() -> None:
    ruling = attack(formation(razed="B"), "E", "hero flyer", ["swimmer"])
    assert ruling.value["protected_by"] == ["C"]
    assert ruling.value["exposed"] is False
    assert [a["legal"] for a in ruling.value["attackers"]] == [True, False]
    assert ruling.value["attackers"][1]["card"] == "swimmer"


def test_a_type_limited_realm_needs_the_champions_type() -> None:
    with pytest.raises(InvalidInputError, match="give the champion's type"):
        attack(formation(realms=["A: only-hero"]), "A", "flyer")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: formation(razed="G"), "unknown position 'G'"),
        (lambda: formation(realms=["E: cost"]), "did you mean 'coast'"),
        (lambda: formation(realms=["E: no-fliers"]), None),
        (lambda: formation(realms=["E: only-wizzard"]), "did you mean 'only-wizard'"),
        (lambda: attack(formation(), "B", "hero swimer"), "did you mean 'swimmer'"),
        (lambda: attack(formation(), "B", "hero", ["hero"]), "is a champion type"),
        (lambda: attack(formation(), "B", "hero wizard"), "two types"),
        (lambda: counter(["P1 Cataclysm!"]), "at least two plays"),
        (lambda: spellfire.once_per_turn(["2:3", "1:3"]), "must be in order"),
        (lambda: spellfire.once_per_turn(["1:9"]), "phase 9 does not exist"),
        (lambda: spellfire.deck_levels(["Bane:14:avatar", "Myrkul:12:avatar"]), "name the free one"),
        (lambda: spellfire.draw(3, elsewhere={"abys": 1}), "did you mean 'abyss'"),
        (lambda: spellfire.priority("P1", ["P1 plya", "P2 play"]), "did you mean 'play'"),
    ],
)
def test_bad_input_names_what_is_accepted(call, message: str | None) -> None:
    if message is None:
        call()  # a plural is accepted
        return
    with pytest.raises((InvalidInputError, UnknownNameError), match=message):
        call()


def test_a_counter_negates_exactly_when_the_affected_player_played_nothing_between() -> None:
    rng = random.Random(7)
    for _ in range(300):
        between = [f"{rng.choice(['P1', 'P2', 'P3'])} Card{i}" for i in range(rng.randrange(4))]
        ruling = counter(["P1 Cataclysm!", *between, "P2 Calm"])
        assert ruling.value["negated"] == (not any(p.startswith("P2 ") for p in between)), between


@pytest.mark.parametrize(("pile", "count"), [(p, c) for p in range(4) for c in range(1, 4)])
def test_draw_counts_add_up(pile: int, count: int) -> None:
    for reshuffle in ("no", "yes"):
        r = spellfire.draw(pile, count, discard=10, options={"reshuffle": reshuffle})
        v = r.value
        assert v["drawn"] + v["left"] == pile
        assert v["game_over"] == (v["left"] == 0 and reshuffle == "no")
        if reshuffle == "yes" and v["left"] == 0:
            assert v["drawn"] + v["lost"] == count and v["new_draw_pile"] == 10


def test_data_protection_is_the_two_realms_directly_behind() -> None:
    rows = spellfire.engine._DATA["formation"]["rows"]
    for r, row in enumerate(rows[:-1]):
        for i, pos in enumerate(row):
            assert list(spellfire.PROTECTS[pos]) == rows[r + 1][i : i + 2]


def test_a_counter_on_behalf_of_the_affected_player_says_that_player_played_nothing_before_it() -> None:
    ruling = spellfire.counter(["P1 Cataclysm!", "P2 Calm"], affected="P3", options={"counter-by-others": "yes"})
    texts = [s.text for s in ruling.trace if s.rule == "spellfire.counter.next-card"]
    assert texts == ["P3 plays no other card before P2's Calm"]


def test_the_first_of_two_counters_is_the_one_that_negates() -> None:
    ruling = spellfire.counter(["P1 Cataclysm!", "P2 Calm", "P2 Good Fortune", "P2 Calm"])
    assert ruling.value["negated"] is True and ruling.value["negated_by"] == "P2 Calm"
    assert ruling.verdict == "P2's Calm (play 2) negates P1's Cataclysm!, before P2's Calm (play 4)"
    # A counter by another player does not count by default, and does not spoil the affected player's own.
    assert spellfire.counter(["P1 Cataclysm!", "P3 Calm", "P2 Calm"]).verdict == "P2's Calm negates P1's Cataclysm!"
