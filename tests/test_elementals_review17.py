"""Review 17 (Elementals): what surprises a newcomer, three rules at once, text against --json."""

from __future__ import annotations

import json

from cli.testing import run


def test_attack_order_is_cited_when_a_banish_card_comes_before_the_second_damage_card() -> None:
    # M15: an ace of spades played on a fire king carrying one damage card is meant to banish it; the answer
    # cited only immunity. The banish card comes third, and the refusal now says so in a step of its own.
    args = ["elementals", "check", "AS > KS", "--hand", "AS", "--targets", "KS QH", "--pile", "KS=8H"]
    result = run(args)
    text = " ".join(result.output.split())
    assert result.output.splitlines()[0] == "illegal: KS is immune to fire: AS deals it no damage"
    assert 'also forbidden by the rule "Two damage cards, then one banish card" [elementals.attack.order]' in text
    data = json.loads(run([*args, "--json"]).output)
    assert data["rules"] == ["elementals.attack.immunity", "elementals.attack.order"]
    assert [s["rule"] for s in data["trace"]] == data["rules"]
    bare = run(["elementals", "check", "7S > KS", "--hand", "7S", "--targets", "KS QH"])
    assert "elementals.attack.order" not in bare.output  # a first card of its element is a damage card refused


def test_replay_names_each_further_rule_in_words_not_see_also() -> None:
    # M19: the replay of an illegal action ended with a step reading only "see also".
    result = run(["elementals", "replay", "examples/elementals/illegal.log"])
    text = " ".join(result.output.split())
    assert "see also" not in result.output
    assert (
        'action 3: also forbidden by the interpretation "The sum is checked when the second damage card is played"'
        in text
    )
