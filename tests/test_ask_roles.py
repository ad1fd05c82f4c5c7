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
    # Said, the attack is computed.
    assert ask("B and C are razed. can a swimmer attack realm E?").verdict == (
        "computed: legal: the champion (swimmer) may attack E"
    )
    assert ask("my flyer, no allies with him, attacks realm F while A is razed. legal?").value["computed"] is not None


def test_spellfire_attack_is_not_computed_on_a_formation_the_question_does_not_give() -> None:
    # A flyer's attack comes out the same on every formation, but an answer would still rest on a board nobody
    # described (every realm standing): the formation is asked for and the flyer's rulings are ranked.
    for question in ("Can a flyer attack realm F?", "my flyer, no allies with him, attacks realm F. legal?"):
        assert _missing(question) == ["which of the opponent's realms are razed (or that none is)"], question
    assert ask("Can a flyer attack realm F?").value["rulings"][0]["id"] == "spellfire.move.flyer"
    # "have to be razed" asks the rule, it says nothing of which realms are razed: the rulings are ranked.
    question = (
        "Realm E sits behind both B and C in my opponent's pyramid; do both of them have to be razed before a champion"
        " with no movement power can reach it, or is one enough?"
    )
    assert _missing(question) == ["which of the opponent's realms are razed (or that none is)"]
    assert ask(question).value["rulings"][0]["id"] == "spellfire.formation.exposed"


def test_spellfire_calm_played_on_another_players_behalf_is_not_computed() -> None:
    # The engine judges who played Calm; one played for someone else asks whether that counts, so the rulings on
    # who may counter are ranked instead.
    question = (
        "P1 played Cataclysm! on P2's realm, and P3, who wasn't affected, immediately played Calm on P2's behalf;"
        " does that cancel the Cataclysm?"
    )
    assert _missing(question) == ["who Calm is played for (a card played on another player's behalf is not read)"]
    ranked = [r["id"] for r in ask(question, limit=3).value["rulings"]]
    assert {"spellfire.interp.counter-player", "spellfire.counter.next-card"} <= set(ranked)


def test_spellfire_a_play_without_its_player_is_the_last_named_players() -> None:
    # "then I, player 2, play a realm card": the realm is P2's, played before Calm, so Cataclysm! stands; and
    # "P3, who wasn't affected, played Calm" is P3's Calm, not the Cataclysm! player's.
    ruling = ask(
        "Player 1 plays Cataclysm! on my realm, then I, player 2, play a realm card, and only then I play Calm."
    )
    assert ruling.verdict == "computed: P1's Cataclysm! stands: P2 played a realm before Calm"
    ruling = ask("P1 played Cataclysm! on P2's realm, and P3, who wasn't affected, immediately played Calm. Negated?")
    assert [step["text"] for step in ruling.value["computed"]["trace"]][-1] == (
        "Calm is played by P3, not by the affected player P2"
    )
