"""Review 11's Spellfire defects: what each answer must now say (benchmarks/results/review11-spellfire.md)."""

from __future__ import annotations

from game_cli import answers

rulebook = answers("spellfire")


def test_a_free_champion_that_is_not_an_avatar_is_refused_for_that_reason() -> None:
    # F8: "unknown Avatar of this deck 'Elminster'", although Elminster is in the deck.
    out = rulebook("levels", "Elminster:9", "Drizzt:7", "--free", "Elminster", code=2)
    assert "Elminster is not an Avatar, and only an Avatar can be the free one (the deck lists no Avatar;" in out
    named = rulebook("levels", "Elminster:9", "Bane:14:avatar", "--free", "Elminster", code=2)
    assert "(the deck's Avatars: Bane;" in named
    # a name that is not in the deck at all is still an unknown name, with the Avatars to choose from
    assert "unknown Avatar of this deck 'Bame' (did you mean 'Bane'?)" in rulebook(
        "levels", "Elminster:9", "Bane:14:avatar", "--free", "Bame", code=2
    )


def test_a_formation_with_every_realm_razed_does_not_invite_an_attack() -> None:
    # F10: "exposed: none; any champion may attack them".
    out = rulebook("formation", "--razed", "A,B,C,D,E,F")
    assert "exposed: none; no realm is left standing to attack" in out
    assert "may attack them" not in out
