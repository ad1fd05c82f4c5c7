"""Review 17 (Spellfire): what surprises a newcomer, three rules at once, text against --json."""

from __future__ import annotations

from cli.testing import run


def test_empty_reshuffle_claims_no_override_when_the_discard_pile_is_empty() -> None:
    # S10: with the reshuffle adopted but nothing discarded, a step said "0 discarded cards are shuffled into a
    # new draw pile", overriding the rule that an emptied pile ends the game, and then the game ended by it.
    result = run(["spellfire", "draw", "3", "--count", "3", "--abyss", "4", "-o", "reshuffle=yes"])
    assert result.output.splitlines()[0] == "draws 3; nothing to reshuffle: the game ends"
    assert "0 discarded cards" not in result.output
    assert "overriding" not in result.output
    assert "the discard pile would become the new draw pile, but it holds no card" in " ".join(result.output.split())
    assert "[spellfire.interp.empty-reshuffle]" in result.output


def test_optional_reshuffle_counts_one_discarded_card_in_the_singular() -> None:
    result = run(["spellfire", "draw", "1", "--discard", "1", "-o", "reshuffle=yes"])
    assert (
        result.output.splitlines()[0]
        == "draws 1; at the end of the turn the 1 discarded card becomes the new draw pile"
    )
    assert "1 discarded card is shuffled into a new draw pile" in " ".join(result.output.split())
