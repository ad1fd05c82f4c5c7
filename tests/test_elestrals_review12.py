"""Review 12's findings in Elestrals (benchmarks/results/review12-elestrals.md), each as a player would notice it
over a whole game: the game played from the mulligan to its end through saved positions, a once-per-turn use that
belongs to its card and not to the slot, a refused Position change naming the Ascend reading only for an Elestral
Ascended into, the answers once the game is over, and a card the position holds no facts of."""

from __future__ import annotations

from pathlib import Path

from kept_cli import CliRunner

from cli.main import app
from rulebook import elestrals
from rulebook.elestrals.position_file import parse_position, position_toml

HERE = Path(__file__).resolve().parent.parent / "examples" / "review12"
CARDS = str(HERE / "elestrals-cards.toml")

#: Game G of the review, from the mulligan choice to P1's winning attack on turn 5.
GAME_G = [
    "keep",
    "keep",
    'normal-cast "Ashfang Scout" attack',
    'conditional "Ashfang Scout on cast"',
    'set-rune "Deny Ward"',
    "pass",
    "pass",
    'normal-cast "Gust Finch" attack',
    "cast-rune R1 paying fire",
    'set-rune "Spark Rite"',
    "pass",
    "pass",
    'cast-rune "Overgrowth" targeting P1:E1',
    "expend-draw fire",
    "pass",
    "attack E1 spirit-deck",
    "pass",
    'normal-cast "Gust Finch" attack',
    "cast-rune R1 paying earth",
    "pass",
    "attack E1 E1",
    "pass",
    'normal-cast "Cinder Cub" attack',
    "pass",
]


def _game(name: str) -> elestrals.Game:
    return elestrals.load(str(HERE / f"elestrals-{name}.toml"), CARDS, {})


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["elestrals", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_whole_game_played_through_saved_positions_ends_when_the_last_spirit_is_owed() -> None:
    pos = _game("g00-setup").position
    for action in GAME_G:
        after, ruling = elestrals.check(pos, action)
        assert ruling.legal, (action, ruling.verdict)
        assert after is not None
        pos = parse_position(position_toml(after), "saved.toml")  # written and read back, as --save does
        assert pos == after
    p1, p2 = pos.sides
    assert (pos.turn, pos.phase, p2.spirit_deck.size, len(p1.main_deck), len(p2.main_deck)) == (5, "battle", 0, 0, 0)
    # Scout's Attack +2 had worn off by turn 4, so Gust Finch and Scout destroyed each other there
    assert "Ashfang Scout" in p1.underworld and p2.underworld.count("Gust Finch") == 2
    after, ruling = elestrals.check(pos, "attack E1 spirit-deck")
    assert after is not None and after.over and after.winner == 0
    assert "must Expend 1 with 0 Spirits left" in " ".join(step.text for step in ruling.trace)
    after, ruling = elestrals.check(pos, "pass")  # not attacking: P2 must draw on turn 6 from an empty deck
    assert after is not None and after.over and after.winner == 0
    assert "P2 must draw from an empty Main Deck" in " ".join(step.text for step in ruling.trace)


def test_a_new_card_in_the_slot_of_a_card_that_used_its_effect_may_use_its_own() -> None:
    game = _game("x1-new-card-same-slot")
    game = game.apply("activate R1 targeting P1:E1")  # the Altar pays its last spare Spirit and leaves R1
    assert game.position.sides[0].runes[0] is None and game.position.sides[0].used == ()
    game = game.apply('cast-rune "Archive Vault" paying fire')
    assert game.refusal('activate R1 targeting "P1:underworld:Altar of Embers"') is None
    game = game.apply('activate R1 targeting "P1:underworld:Altar of Embers"')
    spent = game.refusal("activate R1")  # now the Vault's own use is spent
    assert spent is not None and "used once per turn" in spent.verdict


def test_a_normal_cast_elestral_refused_a_position_change_names_no_ascend_reading() -> None:
    ruling = _game("g07").refusal("change-position E1")
    assert ruling is not None
    assert ruling.verdict == "P1 change-position E1: not allowed: an Elestral Cast this turn cannot change Position"
    assert "elestrals.interp.ascended-counts-as-cast" not in ruling.rules


def test_an_elestral_ascended_into_is_saved_as_such_and_its_refusal_names_the_reading() -> None:
    game = elestrals.load("examples/elestrals/ascend-artifact.toml", "examples/elestrals/cards.toml", {})
    after = game.apply('normal-ascend E1 "Kiln Hound"').position
    text = position_toml(after)
    assert "ascended = true" in text
    ruling = elestrals.Game(parse_position(text, "saved.toml")).refusal("change-position E1")
    assert ruling is not None and "Ascended into this turn counts as Cast" in ruling.verdict
    assert "elestrals.interp.ascended-counts-as-cast" in ruling.rules


def test_once_the_game_is_over_the_answers_say_who_won_and_cite_the_rule() -> None:
    code, out, _ = _run("legal", str(HERE / "elestrals-g36.toml"))
    assert code == 0
    assert out.splitlines()[:2] == [
        "the game is over: P1 wins",
        "  1. No action is legal: the game is over: P1 wins  [elestrals.end.ways-to-lose]",
    ]
    code, out, _ = _run("check", str(HERE / "elestrals-g36.toml"), "pass")
    assert code == 0 and out.startswith("pass: not allowed: the game is over: P1 wins\n")


def test_a_card_the_saved_position_holds_no_facts_of_is_one_line_pointing_to_cards() -> None:
    code, out, err = _run("check", str(HERE / "elestrals-g29b.toml"), 'normal-cast "Crag Titan" attack')
    assert code == 2 and out == ""
    assert err.startswith("error: unknown card 'Crag Titan'; accepted: ") and err.count("\n") == 1
    assert err.rstrip().endswith("needs its facts: give them with --cards")
    code, out, _ = _run("check", str(HERE / "elestrals-g29b.toml"), 'normal-cast "Crag Titan" attack', "--cards", CARDS)
    assert code == 0 and "'Crag Titan' is not in your hand" in out


def test_a_card_returned_to_the_hand_and_cast_again_may_use_its_effect_again_and_says_why() -> None:
    game = _game("k00-return-recast").apply("activate E1 targeting P1:E1")
    assert game.refusal("activate E1 targeting P1:E1") is not None
    _, ruling = elestrals.check(game, "activate E2 targeting P1:E1")  # Gale Sprite returns the Marmot
    assert "elestrals.interp.use-goes-with-card" in ruling.rules
    game = game.apply("activate E2 targeting P1:E1").apply('normal-cast "Spark Marmot" attack')
    assert game.position.sides[0].elestrals[0].counters == ()  # its counters left with it
    assert game.refusal("activate E1 targeting P1:E1") is None


def test_after_a_negated_normal_cast_the_saved_position_and_the_refusal_say_it_was_negated() -> None:
    game = _game("g13").apply("cast-rune R1 paying fire")  # Deny Ward Negates P2's Normal Cast of Gust Finch
    text = position_toml(game.position)
    assert 'spirit_action = "normal-cast-negated"' in text
    refusal = elestrals.Game(parse_position(text, "saved.toml")).refusal('normal-cast "Stone Ram" attack')
    assert refusal is not None
    assert "by a Normal Cast that was Negated, which still spends it" in refusal.verdict
    assert refusal.rules[:2] == ("elestrals.main.spirit-action", "elestrals.interp.spirit-action-failed")
