"""Review 15 (Spellfire): under an option's other reading, the step that decides says which reading it is and what
it found, in words that are true of the attacker."""

from __future__ import annotations

from cli.testing import run


def words(text: str) -> str:
    return " ".join(text.split())


def test_interp_ally_reach_shared_names_the_shared_power_that_reaches() -> None:
    # S1: under ally-reach=shared the deciding step still read "reaches E by its own power", the default's words.
    args = ["spellfire", "attack", "E", "--realm", "E: coast", "--champion", "monster swimmer flyer"]
    text = words(run([*args, "--ally", "flyer", "-o", "ally-reach=shared"]).output)
    assert text.startswith("legal: the monster (flyer, swimmer) may attack E, with 1 ally")
    assert (
        "ally 1 reaches E by flying, a power it shares with the champion (option ally-reach=shared) "
        "[spellfire.interp.ally-reach]" in text
    )
    swim = words(run([*args, "--ally", "swimmer", "-o", "ally-reach=shared"]).output)
    assert "ally 1 reaches E by swimming, a power it shares with the champion" in swim
    own = words(run([*args, "--ally", "flyer"]).output)
    assert "ally 1 reaches E by its own power [spellfire.interp.ally-reach]" in own


def test_interp_allies_forced_movement_no_does_not_say_a_flyer_has_no_power() -> None:
    # S4: the ally joined without flying, and the answer said it "has no movement power of its own".
    args = ["spellfire", "attack", "B", "--realm", "B: coast no-flyer", "--champion", "hero swimmer", "--ally", "flyer"]
    text = words(run([*args, "-o", "allies-forced-movement=no"]).output)
    assert text.startswith("illegal: B is protected by A, and ally 1's movement does not reach it")
    assert "ally 1 joins without its flyer power (option allies-forced-movement=no)" in text
    assert "ally 1 keeps no other movement power, and the champion's power is not lent" in text
    assert "neither flies" not in text
    # By default the same ally is refused for its power, and an ally with none still has none.
    assert run(args).output.startswith("illegal: B shuts out flyers, and ally 1 always flies")
    none = run(["spellfire", "attack", "B", "--champion", "hero flyer", "--ally", "none"]).output
    assert none.startswith("illegal: B is protected by A, and ally 1 has no movement power of its own")


def test_interp_razed_not_attackable_is_the_first_rule_of_its_refusal() -> None:
    # S11: the answer began with "A is razed: it protects nothing", context that cannot matter for a razed target.
    result = run(["spellfire", "attack", "C", "--razed", "A,C", "--champion", "hero flyer", "--json"])
    data = __import__("json").loads(result.output)
    assert data["verdict"] == "illegal: C is razed and cannot be attacked"
    assert data["rules"] == ["spellfire.interp.razed-not-attackable", "spellfire.formation.razed"]
    assert data["trace"][0]["text"] == "C is already razed, so it is no target"
