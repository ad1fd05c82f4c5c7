"""Review 17 (Elemental Elephants): what surprises a newcomer, three rules at once, text against --json."""

from __future__ import annotations

import json

from cli.testing import run


def test_optional_illuminate_says_the_hand_is_what_limits_it() -> None:
    # L10: two extra spells from a hand of one were refused, but no step said why: the steps only told of the
    # sheet's 0 to 2. The deciding fact, the hand, is now a step citing the sheet's ruling.
    result = run(["elephants", "optional", "illuminate", "2", "--hand", "1"])
    text = " ".join(result.output.split())
    assert result.output.splitlines()[0] == "Illuminate cannot cast 2 extra spells from a hand of 1"
    assert "which holds 1: at most 1 can be cast [elephants.optional.illuminate]" in text
    data = json.loads(run(["elephants", "optional", "illuminate", "2", "--hand", "1", "--json"]).output)
    assert (
        data["trace"][-1]["text"] == "The extra spells come from its owner's hand, which holds 1: at most 1 can be cast"
    )
    assert run(["elephants", "optional", "illuminate", "1", "--hand", "0"]).output.splitlines()[0] == (
        "Illuminate cannot cast 1 extra spell from a hand of 0"
    )


def test_familiar_says_it_took_the_highest_of_several_attack_spells() -> None:
    # L21: against Fireball (2) and Scorch (1), Familiar dealt 2, by its interpretation (the highest), but the step
    # named only Fireball, so a reader could not tell why Scorch's 1 was not added.
    result = run(["elephants", "effect", "P1:familiar", "P2:fireball", "P2:scorch"])
    text = " ".join(result.output.split())
    assert result.output.splitlines()[0] == "P1:familiar deals 2 damage to P2"
    assert (
        "copies the damage of P2:fireball: 2, the highest of P2's attack spells (the others: P2:scorch 1)"
        " [elephants.interp.familiar-damage]" in text
    )
    alone = run(["elephants", "effect", "P1:familiar", "P2:fireball"])
    assert "the highest" not in alone.output
