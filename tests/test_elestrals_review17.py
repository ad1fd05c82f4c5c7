"""Review 17's findings in Elestrals (benchmarks/results/review17-elestrals.md), each as a player or judge would
notice it: the text of a chain names the next chain's order and its resolution, as the JSON does; the refusal
of an "up to" target with nothing to target cites what "up to" means; an opponent's Set Invoke Rune is refused
first because an Invoke Rune is Cast only in its controller's Main Phase; an activated effect whose card has
left the field says why it still resolves; and the stats of an Elestral are listed in the order they apply.
Each test is named after the rule it holds to."""

from __future__ import annotations

import json
from pathlib import Path

from elestrals_review import run

HERE = Path(__file__).resolve().parent.parent / "examples" / "review17"
CARDS = str(HERE / "elestrals-cards.toml")


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_chain_next_chain_order_the_text_names_the_items_and_their_resolution_as_the_json_does() -> None:
    code, out, _ = run("chain", str(HERE / "elestrals-chain-waiting.txt"))
    assert code == 0
    text = _flat(out)
    assert (
        "each player's own in the order listed: 1. P2 Golem: when this is Enchanted; 2. P2 Wisp: when you Cast; "
        "3. P1 Oracle: when an Elestral leaves the field [elestrals.chain.next-chain-order]"
    ) in text
    assert (
        "resolve last: P1 Oracle: when an Elestral leaves the field; P2 Wisp: when you Cast; "
        "P2 Golem: when this is Enchanted [elestrals.advanced.simultaneous]"
    ) in text
    code, out, _ = run("chain", str(HERE / "elestrals-chain-waiting.txt"), "--json")
    value = json.loads(out)["value"]
    assert value["next_chain"] == [
        "P2 Golem: when this is Enchanted",
        "P2 Wisp: when you Cast",
        "P1 Oracle: when an Elestral leaves the field",
    ]
    assert value["next_resolution"] == list(reversed(value["next_chain"]))


def test_main_effect_independent_an_effect_whose_card_left_the_field_says_why_it_still_resolves() -> None:
    code, out, _ = run(
        "check", str(HERE / "elestrals-adept2.toml"), "cast-rune R1 targeting P1:E1 paying earth", "--cards", CARDS
    )
    assert code == 0
    text = _flat(out)
    assert "Undertow Ward returns Cinder Adept to its owner's hand" in text
    assert (
        "Link 1. P1 activate Cinder Adept resolves [elestrals.chain.newest-first] 15. Cinder Adept has left the "
        "field, but an activated effect stands apart from its card: it still resolves "
        "[elestrals.main.effect-independent] 16. Stone Ram gets attack -2, until the End Phase"
    ) in text
    assert 'modifiers = [{ effect = "attack -2", until = "end" }]' in out
    # When P2 does not answer, Cinder Adept stays, and nothing is said of its leaving.
    code, out, _ = run("check", str(HERE / "elestrals-adept2.toml"), "pass", "--cards", CARDS)
    assert code == 0 and "Stone Ram gets attack -2" in out and "has left the field" not in out


def test_glossary_invoke_an_opponents_set_invoke_rune_is_refused_first_for_not_being_their_main_phase() -> None:
    position = str(HERE / "elestrals-invoke-respond2.toml")
    code, out, _ = run("legal", position, "--cards", CARDS, "--refused")
    assert code == 0
    text = _flat(out)
    assert "1. cast-rune R2 [elestrals.rune.counter] 2. pass" in text
    assert (
        "refused: cast-rune R1: only Counter Runes are Cast on another player's turn (this is P1's Main Phase) "
        "[elestrals.glossary.invoke]"
    ) in text
    assert 'also forbidden by the rule "Main Phase actions need no active chain"' in text
    code, out, _ = run("check", position, "cast-rune R1", "--cards", CARDS, "--json")
    ruling = json.loads(out)
    assert ruling["value"]["allowed"] is False
    assert ruling["rules"][:2] == ["elestrals.glossary.invoke", "elestrals.main.no-active-chain"]


def test_advanced_up_to_a_target_up_to_two_with_none_to_choose_cites_what_up_to_means() -> None:
    position = str(HERE / "elestrals-up-to.toml")
    code, out, _ = run("check", position, 'cast-rune "Tidal Surge" paying water', "--cards", CARDS)
    assert code == 0
    assert out.startswith(
        'P1 cast-rune "Tidal Surge" paying water: not allowed: Tidal Surge\'s effect: it needs a target and none '
        'is available ("up to 2" means 1 to 2)'
    )
    assert "rules: elestrals.advanced.up-to, elestrals.advanced.targets-needed" in _flat(out)
    code, out, _ = run("legal", position, "--cards", CARDS, "--refused")
    assert "3 legal actions" in out and "[elestrals.advanced.up-to]" in out


def test_advanced_stat_order_three_effects_are_listed_in_the_order_they_apply_with_the_result() -> None:
    code, out, _ = run("check", str(HERE / "elestrals-stadium-three.toml"), "attack E1 E1", "--cards", CARDS)
    assert code == 0
    text = _flat(out)
    assert (
        "Cinder Cub: 2/1 with set attack 0, attack +1, attack +2, so 3/1 (set, then increase/decrease, then swap; "
        "within a step, continuous effects first, then the others in the order applied)"
    ) in text
    assert "Stone Ram: 3/2 with attack +1, so 4/2" in text
    assert "Attack 3 against Attack 4: the attacker's is smaller, it is destroyed" in text
    assert "Between chains: Ember Blade Empowers no Elestral, so it goes to the Underworld" in text
