"""`rulebook ask` computes only where the question states every role the engine needs: a role the reader would
have to fill in is named in the reading's `missing`, and the answer is the rulings."""

from __future__ import annotations

from rulebook.ask import ask


def _missing(question: str) -> list[str]:
    """What the first reading of the question says is missing, after checking the answer was not computed."""
    ruling = ask(question)
    assert ruling.value["computed"] is None, ruling.verdict
    return ruling.value["readings"][0]["missing"]


def test_elestrals_battle_needs_the_attacker_named_not_a_bare_number() -> None:
    # "my 3 attack hits" says a number, not which card attacks: no battle is computed from it.
    missing = _missing("my 3 attack hits their elestral in defense position with 3 defense. what happens")
    assert missing == ["which card attacks (an Elestral, with its Attack)"]
    # Said with the Elestral, the same battle is computed.
    ruling = ask("my 3 attack elestral hits their defense position guy with 3 defense, what happens")
    assert ruling.verdict == "computed: No Elestral is destroyed; no Spirits are Expended"


def test_elestrals_direct_attack_needs_the_attackers_spirits() -> None:
    # A direct attack's damage is the attacker's Spirits: left out, they are not tried but asked for.
    missing = _missing("an elestral with 0 attack hits my spirit deck directly, do i expend anything")
    assert missing == ["the Spirits of the attacker"]
    ruling = ask("my elestral with 0 attack and 2 spirits attacks their spirit deck directly (they have no elestrals).")
    assert ruling.verdict == "computed: No Elestral is destroyed; no Spirits are Expended"


def test_spellfire_attack_needs_the_formation_and_a_swimmers_coastline() -> None:
    # Nothing said of which realms are razed, nor of E's coastline: both decide a swimmer's attack on E.
    assert _missing("can a swimmer attack realm E") == [
        "which of the opponent's realms are razed (or that none is)",
        "whether realm E shows a coastline (a swimmer's way past its protection)",
    ]
    assert _missing("B is razed. can a swimmer attack realm E?") == [
        "whether realm E shows a coastline (a swimmer's way past its protection)"
    ]
    # Said, or not deciding it, the attack is computed: a flyer reaches any realm, razed or not.
    assert ask("B and C are razed. can a swimmer attack realm E?").verdict == (
        "computed: legal: the champion (swimmer) may attack E"
    )
    assert ask("my flyer, no allies with him, attacks realm F. legal?").value["computed"] is not None
