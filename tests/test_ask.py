"""`rulebook ask`: computed answers only from every quantity read, the ruling in full, and no guessing."""

from __future__ import annotations

import importlib
import json

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook import rerank
from rulebook.ask import MIN_STRENGTH, REFUSAL, ask, rank, render, strength
from rulebook.errors import InvalidInputError
from rulebook.questions import read as read_question
from rulebook.questions import tokens
from rulebook.vocabulary import lexicon

READERS = ["clash", "elestrals", "elementals", "spellfire", "elephants"]


def computed(question: str, game: str | None = None) -> str | None:
    """The computed verdict of a question, or None when it falls back to rulings."""
    verdict = ask(question, game=game).verdict
    return verdict.removeprefix("computed: ") if verdict.startswith("computed: ") else None


# ---------------------------------------------------------------- computed answers (clash.* rules)


def test_clash_ability_blaze_against_surge_is_computed_with_its_rules() -> None:
    ruling = ask("Fire attacks Water with Blaze, and Water uses Surge: what happens?")
    assert ruling.verdict == "computed: P1's Fire is eliminated (3 against 4)"
    assert "clash.interp.spent-when-cancelled" in ruling.rules
    assert ruling.value["computed"]["legal"] is True


@pytest.mark.parametrize(
    "question",
    [
        "What happens when Fire uses Blaze against Water with Surge?",
        "If my water uses surge against a blazing fire does the +2 still count?",
        "elemental clash what strength does water have vs earth",
    ],
)
def test_clash_against_or_versus_alone_does_not_say_who_attacks(question: str) -> None:
    # Issue 22: a computed answer rests on roles the question states. "Against" and "vs" name two elements, not
    # which one attacks (Surge is used in defence): the ruling answers, and the reading says what is missing.
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert ruling.value["readings"][0]["missing"] == ['which of them attacks and which is attacked (say "X attacks Y")']
    assert not ruling.value["refused"]


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("fire vs earth who wins", "clash.setup.elements"),
        ("Water versus Earth, who comes out on top?", "clash.setup.elements"),
        ("Water against Water, what happens?", "clash.attack.tie"),
    ],
)
def test_clash_two_elements_set_against_each_other_rest_on_their_strengths(question: str, first: str) -> None:
    # Issue 22's thirty-sixth round: neither element is said to attack, so nothing is computed, and the rule every
    # attack between them turns on comes first: their strengths, or the tie for the same element.
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert not ruling.value["refused"]
    assert ruling.value["rulings"][0]["id"] == first


def test_clash_two_elements_with_an_ability_do_not_rest_on_their_strengths_alone() -> None:
    from rulebook.clash.questions import read

    reading = read("What happens when Fire uses Blaze against Water with Surge?")
    assert reading is not None and reading.ruling is None
    assert reading.rests_on == ()


def test_clash_an_attack_said_as_going_after_is_computed() -> None:
    assert computed("if my ether goes after their fire does ether just die") == "P1's Ether is eliminated (1 against 3)"


def test_clash_a_question_about_what_a_rule_means_is_answered_with_the_ruling() -> None:
    ruling = ask("My Earth is defending against Fire and my friend says Fortify means nothing happens, is that right?")
    assert ruling.value["computed"] is None
    assert "what a rule means" in ruling.value["readings"][0]["missing"][0]
    assert ruling.value["rulings"][0]["id"].startswith("clash.")


def test_clash_ability_timing_defending_against_makes_the_other_element_the_attacker() -> None:
    ruling = ask("Can Air use Gale when defending against Earth?")
    assert ruling.legal is False
    assert ruling.rules[:2] == ("clash.ability.timing", "clash.ability.gale")


def test_clash_ability_gale_the_plus_notation_means_the_ability_is_used() -> None:
    # The `+` of the move-log notation: `ask "air+ attacks earth"` agrees with `clash attack air+ earth`.
    assert computed("air+ attacks earth") == "P2's Earth is eliminated (5 against 2)"
    assert computed("air attacks earth") == "P1's Air is eliminated (2 against 5)"
    assert computed("fire+ > water+") == "P1's Fire is eliminated (3 against 4)"


def test_clash_turn_sequence_passive_voice_reads_the_attacker_right() -> None:
    assert computed("Earth is attacked by Fire: what happens?") == "P2's Earth is eliminated (5 against 3)" or (
        computed("Earth is attacked by Fire: what happens?") == "P1's Fire is eliminated (3 against 5)"
    )
    ruling = ask("Earth is attacked by Fire: what happens?")
    assert ruling.value["computed"]["trace"][0]["text"].startswith("P1 attacks P2's Earth")


def test_clash_reader_never_guesses_a_position_it_cannot_read() -> None:
    # An earlier turn (an ability already spent) is a position the reader cannot read: no computed answer.
    ruling = ask("Fire attacks Water after Water already spent Surge; who is eliminated?")
    assert not ruling.verdict.startswith("computed")
    reading = ruling.value["readings"][0]
    assert reading["computed"] is False and "the position before this attack" in reading["missing"][0]
    # Three elements named: which two fight is not known.
    assert read_question("Fire attacks Water and Earth")[0].missing[0].startswith("which two of them fight")
    # Both sides play Earth: Fortify may be either side's, so no illegal attacker's Fortify is computed.
    mirror = ask("P2's Earth attacks P1's Earth and P1 declares Fortify. The strengths are equal, what is eliminated?")
    assert not mirror.verdict.startswith("computed")
    assert mirror.value["readings"][0]["missing"] == ["whose Earth uses its ability (both sides play it)"]


# ---------------------------------------------------------------- computed answers (elestrals.* rules)


def test_elestrals_advanced_stat_order_is_computed_in_the_rules_order() -> None:
    # Written out of order: the set applies first, then the increase, then the swap.
    ruling = ask("An Elestral with 3 Attack and 2 Defense gets +2 Attack, a swap, and its Defense is set to 0.")
    assert ruling.verdict == "computed: Final stats: Attack 0, Defense 5"
    assert "elestrals.advanced.stat-order" in ruling.rules


def test_elestrals_battle_spirit_difference_is_computed_from_numbers_in_words() -> None:
    question = "An Elestral with three Attack and two Spirits attacks an Elestral with 2 Attack and one Spirit."
    assert computed(question) == "The defender's Elestral is destroyed; the defender's controller Expends 1 Spirit"
    assert "elestrals.battle.spirit-difference" in ask(question).rules


def test_elestrals_battle_direct_spirits_left_are_the_opponents_deck_not_a_defender() -> None:
    # "the opponent has 1 Spirit left" is the Spirit Deck: no defending Elestral is invented.
    question = (
        "An Elestral with 3 Attack and 2 Spirits attacks the Spirit Deck directly; the opponent has 1 Spirit left"
    )
    ruling = ask(question)
    assert ruling.verdict == (
        "computed: No Elestral is destroyed; the defender's controller Expends 2 Spirits; "
        "the defender's controller loses the game"
    )
    assert "elestrals.battle.direct" in ruling.rules and "elestrals.end.expend-from-empty" in ruling.rules
    remaining = question.replace("1 Spirit left", "3 Spirits remaining")
    assert computed(remaining) == "No Elestral is destroyed; the defender's controller Expends 2 Spirits"


def test_elestrals_battle_reader_names_the_spirits_it_would_need() -> None:
    # Who Expends how many depends on the Spirits, which the question does not give.
    ruling = ask("An Elestral with 3 Attack attacks an Elestral with 3 Attack. What happens?")
    assert not ruling.verdict.startswith("computed")
    assert ruling.value["readings"][0]["missing"] == ["the Spirits of the attacker and the defender"]
    assert any("missing the Spirits" in step.text for step in ruling.trace)


def test_elestrals_battle_reader_reads_defense_position_and_ignores_what_does_not_matter() -> None:
    # Against Defense Position nobody Expends: the Spirits, not given, do not matter.
    verdict = computed("An Elestral with 4 Attack attacks an Elestral with 3 Defense in Defense Position")
    assert verdict == "The defender's Elestral is destroyed; no Spirits are Expended"


# ---------------------------------------------------------------- computed answers (spellfire.*, elephants.*)


def test_spellfire_move_flyer_attack_legality_is_computed() -> None:
    ruling = ask("Can a flying wizard attack position E while A stands?")
    assert ruling.verdict == "computed: legal: the wizard (flyer) may attack E"
    assert "spellfire.move.flyer" in ruling.rules
    refused = ask("Can a hero attack realm B while A stands?")
    assert refused.legal is False and "spellfire.formation.protection" in refused.rules


def test_spellfire_reader_needs_the_attacking_champion() -> None:
    ruling = ask("Can I attack realm B?")
    assert not ruling.verdict.startswith("computed")
    assert ruling.value["readings"][0]["missing"] == ["the attacking champion (its type, or its movement power)"]


def test_elephants_base_priority_tie_needs_the_ringleader_when_it_decides() -> None:
    assert computed("P2 is the Ringleader; P1 casts Root and P2 casts Break. Which resolves first?") == (
        "Clash I resolves: P2:break, P1:root"
    )
    ruling = ask("P1 casts Root and P2 casts Break: which resolves first?")
    assert not ruling.verdict.startswith("computed")
    assert ruling.value["readings"][0]["missing"][0].startswith("who is the Ringleader")


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Starfall or Fireball: which of them goes first?", "elephants.base.priority"),
        ("Root and Break in one clash, which one is faster?", "elephants.base.priority-tie"),
        ("I have Accelerator and Crush; which resolves first?", "elephants.order.accelerator"),
    ],
)
def test_elephants_an_order_not_computed_answers_with_the_rule_it_rests_on(question: str, first: str) -> None:
    # Who cast each spell is not said, so nothing is computed: the rule that orders them answers first.
    value = ask(question).value
    assert value["computed"] is None and not value["refused"]
    assert value["rulings"][0]["id"] == first


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("do I have to move a spell when my Gravitate resolves?", "elephants.interp.gravitate-move"),
        ("Ritual would hurt me this clash, can I skip its damage?", "elephants.optional.blood"),
    ],
)
def test_a_question_on_declining_a_play_finds_the_rule_that_says_whether_it_is_owed(question: str, first: str) -> None:
    assert ask(question).value["rulings"][0]["id"] == first


def test_a_question_on_declining_a_play_is_read_so_and_a_count_owed_is_not() -> None:
    from rulebook.ask import asks_declining
    from rulebook.vocabulary import words

    assert asks_declining(words("am I forced to attack with my last element?"))
    assert not asks_declining(words("how many Spirits do I have to Expend?"))


# ---------------------------------------------------------------- rulings, refusals, games


def test_a_rules_question_gets_the_best_ruling_in_full_with_the_document_in_words() -> None:
    ruling = ask("Who wins if both players lose their last element at once?")
    assert ruling.verdict.startswith("clash.interp.last-elements-tie: ")
    assert ruling.verdict.endswith("(Elemental Clash rules, Objective)") or "Elemental Clash rules, " in ruling.verdict
    assert ruling.value["computed"] is None
    best = ruling.value["rulings"][0]
    assert best["id"] == "clash.interp.last-elements-tie" and best["score"] > 0
    # The ruling is a rules option: its default is named first, then the related rulings.
    assert ruling.trace[0].text.startswith("option last-elements-tie: the answer above is its default reading (draw)")
    assert all(step.text.startswith("related: ") for step in ruling.trace[1:3])


def test_questions_about_nothing_in_these_games_are_refused() -> None:
    for question in ("What is the best recipe for sourdough bread?", "What is the weather like today?"):
        ruling = ask(question)
        assert ruling.verdict.startswith(REFUSAL), question
        assert ruling.value["refused"] is True and ruling.rules == ()


def test_the_real_world_asked_in_the_games_words_is_refused() -> None:
    # Real animals, sports results and the news: the games' own words ("elephant", "trunk", "won", "final") do not
    # make them rules questions, even with a game's name among the words.
    for question, about in (
        ("what do actual elephants eat in a day", "the real world"),
        ("is an elephant's trunk in real life strong enough to lift a car", "the real world"),
        ("what are the phases of the moon in order", "the real world"),
        ("who won the europa league final this spring", "Europa League"),
        ("which team won the stanley cup", "Stanley Cup"),
        ("what is in the news today", "the news"),
    ):
        result = CliRunner().invoke(app, ["ask", question, "--json"])
        data = json.loads(result.stdout)
        assert result.exit_code == 0, question
        assert data["verdict"] == f"{REFUSAL}: it asks about {about}", question
        assert data["value"]["refused"] is True and data["value"]["computed"] is None, question
    # the games' own trunks are still asked about, and a card "seen in the wild" is not the real world
    assert not ask("how many trunks does each elephant start with").value["refused"]
    assert "the real world" not in ask("I saw Blaze in the wild at a tournament, can it attack twice?").verdict
    # a game's phases are still asked about, and a "moon attack" is still a game's
    assert not ask("what are the phases of a turn in order").value["refused"]
    assert "the real world" not in ask("what does the moon attack spell do").verdict


def test_a_number_said_of_both_battling_elestrals_is_not_read_as_one_side() -> None:
    # "Both battling Elestrals have 2 Attack" gives the number to each side: no battle is computed for one side's
    # stats, and no calculator line follows the rulings.
    ruling = ask("Both battling Elestrals have 2 Attack, which one is destroyed?")
    assert ruling.value["computed"] is None
    assert not any(step.text.startswith("not computed as one Elestrals battle") for step in ruling.trace)
    assert not ruling.value["refused"] and ruling.value["rulings"][0]["game"] == "elestrals"
    # one side's own numbers are still read as a battle
    assert ask("An Elestral with 3 Attack and 2 Spirits attacks an Elestral with 2 Attack and 1 Spirit").value[
        "computed"
    ]


def test_a_ruling_is_never_chosen_on_one_shared_word() -> None:
    # "life" is an Elestrals word (Spirits are a player's life), "meaning" of no record near it; "dragon" of a few.
    for question in ("what is the meaning of life", "How do I train a dragon?"):
        ruling = ask(question)
        assert ruling.verdict.startswith(REFUSAL), question
        assert ruling.value["nearest"], question
    assert not ask("what is life in Elestrals?").value["refused"]


def test_the_match_strength_keeps_rules_questions_above_the_threshold_and_others_below() -> None:
    lex = lexicon()

    def measured(question: str) -> float:
        query = lex.read(question)
        return strength(query, rank(query, query.named or None, lex), lex)

    assert measured("does fortify save earth on a tie?") > MIN_STRENGTH
    assert measured("how do I tie a reef knot?") < MIN_STRENGTH
    assert ask("how do I tie a reef knot?").value["refused"] is True


def test_common_english_words_are_never_read_as_typos_of_record_words() -> None:
    lex = lexicon()
    assert lex.read("who won the world cup last year").corrected == {}  # not "wear"
    assert lex.read("do solar panels still work in winter").corrected == {}  # not "winner"
    assert lex.read("what does the chian do, and can I ascned or mulligen").corrected == {
        "chian": "chain",  # two letters swapped count as one edit
        "ascned": "ascend",
        "mulligen": "mulligan",
    }


def test_a_misspelt_form_of_a_word_is_read_by_its_stem() -> None:
    # Without the glossary's own players' words that spell "disenchanting", the word is two letters from
    # "misenchanting", but its stem is one letter from Disenchant's.
    from rulebook import rule
    from rulebook.vocabulary import Lexicon, build

    own = rule("elestrals.glossary.disenchant")
    spelt = {
        field: [t for t in getattr(own, field) if "disenchanting" in t.lower() or "dissenchanting" in t.lower()]
        for field in ("aliases", "asked_as")
    }
    lex = Lexicon(build({"elestrals.glossary.disenchant": spelt}))
    assert lex.read("what is dissenchanting").corrected == {"dissenchanting": "disenchant"}


def test_elestrals_rune_any_spirit_the_ampersand_is_a_word_of_the_question() -> None:
    hits = ask("rune cost has a & on it, which spirit pays for that?").value["rulings"]
    assert hits[0]["id"] == "elestrals.rune.any-spirit"


def test_clash_end_winner_a_clash_game_names_the_game_and_keeps_its_other_words() -> None:
    query = lexicon().read("when is a clash game over?")
    assert query.named == ["clash"] and [c.word for c in query.concepts] == ["game", "over"]
    assert ask("when is a clash game over?").value["rulings"][0]["id"] == "clash.end.winner"


def test_an_erratum_answers_questions_about_what_a_document_says() -> None:
    # The worked example's errata answer questions about the example, not the rule the example shows.
    assert ask("can air finish off earth with gale?").value["rulings"][0]["id"] == "clash.ability.gale"
    assert ask("in the example game, is the game really over?").value["rulings"][0]["id"] == (
        "clash.erratum.example-game-over"
    )


def test_each_reading_of_the_question_is_in_the_ranked_list() -> None:
    # Word pairs: "attack step" is the Attack Step's record, not the Damage Step's, which also names attacks.
    hits = ask("what is the attack step").value["rulings"]
    assert hits[0]["id"] == "elestrals.glossary.attack-step"
    assert {"score", "coverage", "cosine", "pieces"} <= set(hits[0])
    # The reranker (rulebook.rerank) reorders the best records by its own model; the rest keep the ranking's order,
    # every one of them below the reordered ones.
    depth = rerank.model().depth
    head, rest = hits[:depth], hits[depth:]
    assert rest == sorted(rest, key=lambda h: -h["score"])
    assert min(h["score"] for h in head) >= max(h["score"] for h in rest)


def test_a_named_game_keeps_to_that_games_records() -> None:
    hits = ask("Elestrals: how many cards can I hold in my hand?").value["rulings"]
    assert hits and {h["game"] for h in hits} == {"elestrals"}
    assert ask("how many cards in hand?", game="spellfire").value["games"] == ["spellfire"]
    with pytest.raises(InvalidInputError, match="unknown game 'elestral'"):
        ask("hand size", game="elestral")


def test_ask_refuses_empty_and_overlong_questions_and_bad_limits() -> None:
    with pytest.raises(InvalidInputError, match="empty"):
        ask("   ")
    with pytest.raises(InvalidInputError, match="too long"):
        ask("fire water attack " + "defend " * 7000)
    with pytest.raises(InvalidInputError, match="--limit must be from 1 to 50"):
        ask("fortify tie", limit=10**9)


def test_cli_ask_answers_in_text_and_json() -> None:
    result = CliRunner().invoke(app, ["ask", "what does fortify do on a tie?"])
    assert result.exit_code == 0
    assert result.stdout.startswith("clash.interp.fortify-outcome: ")
    assert all(len(line) <= 100 for line in result.stdout.splitlines())
    data = json.loads(CliRunner().invoke(app, ["ask", "water attacks water", "--json"]).stdout)
    assert data["query"] == "ask" and data["verdict"].startswith("computed: ")
    assert data["value"]["rulings"] and "score" in data["value"]["rulings"][0]
    empty = CliRunner().invoke(app, ["ask", "  "])
    assert empty.exit_code == 2 and "the question is empty" in empty.stderr
    wrong = CliRunner().invoke(app, ["ask", "hand size", "--game", "elestral"])
    assert wrong.exit_code == 2 and "did you mean 'elestrals'" in wrong.stderr


def test_render_wraps_the_answer_within_the_width() -> None:
    text = render(ask("Does Fortify save Earth on a tie?"), width=60)
    assert all(len(line) <= 60 for line in text.splitlines())


# ---------------------------------------------------------------- bounded work


ADVERSARIAL = {
    "defend": "fire water attack " + "defend " * 7200,
    "players": "P1 " * 17000,
    "letters": "A and " * 8400 + "razed attack realm B",
    "signs": "+1 attack " * 5000 + "attacks",
    "slashes": "3/" * 25000,
    "sets": "set " * 12500,
    "spells": "P1 casts root " * 3600 + "first",
    "by": "increase attack by " * 2600,
    "apostrophes": "a'" * 25000,
    "plus": "fire+" * 10000,
}


#: The most lines of rulebook code a reader may run per character of a question (they run from 15 to 40).
READER_STEPS = 60


@pytest.mark.parametrize("reader", READERS)
def test_each_reader_reads_adversarial_text_in_linear_work(reader: str, linear) -> None:
    # Work is bounded by lines of rulebook code run, not by the clock: a reader that backtracked or rescanned
    # the question per word would run far more lines on twice the text.
    module = importlib.import_module(f"rulebook.{reader}.questions")
    for text in ADVERSARIAL.values():
        linear(lambda t: module.read(t + " attacks order first"), (text * 2)[:50_000], READER_STEPS)
    linear(tokens, "P1 " * 17000, READER_STEPS)


# ---------------------------------------------------------------- issue 22: never overreach


def test_an_attack_nobody_described_is_not_computed_and_says_what_is_missing() -> None:
    ruling = ask("Can my Earth defend instead of my Water when they attack?")
    assert ruling.value["computed"] is None
    assert not ruling.verdict.startswith("computed:")
    (reading,) = ruling.value["readings"]
    # both are the asker's: neither attacks the other, so the attacking element is what is missing
    assert reading["read"] == ["the elements Earth and Water, both one player's"]
    assert reading["missing"] == ["the attacking element (the two named are one player's; an attack is on the other's)"]


@pytest.mark.parametrize(
    "question",
    [
        "how long does a typical elementals game take",
        "About how long does a typical game of Elementals take from the first draw?",
        "how long does a typical game of Elementals go for, start to finish?",
    ],
)
def test_a_length_of_game_met_weakly_is_answered_by_the_ruling_that_states_it(question: str) -> None:
    # met weakly by its words, but the best ruling gives a game's usual length in minutes: that is the answer
    ruling = ask(question)
    assert not ruling.value["uncovered"], ruling.verdict
    assert ruling.value["rulings"][0]["id"] == "elementals.game.length"


def test_a_described_attack_is_computed_although_it_asks_who_is_eliminated() -> None:
    ruling = ask("Fire attacks Water with Blaze, who is eliminated?")
    assert ruling.verdict == "computed: P2's Water is eliminated (5 against 4)"
    assert "clash.ability.blaze" in ruling.rules
    # An earlier elimination is still a position this reader cannot read.
    later = ask("Fire attacks Water after it was eliminated and revived, who is left?")
    assert later.value["computed"] is None
    assert "eliminated" in later.value["readings"][0]["missing"][0]


def test_a_length_of_game_the_document_states_is_answered_not_refused() -> None:
    # Elementals' document gives a usual game's length in its opening (about five minutes): asked, that is the
    # answer, not "the documents do not cover this"; a longest game, which it never states, is still refused.
    usual = CliRunner().invoke(app, ["ask", "How long is a game of Elementals?"])
    assert usual.exit_code == 0, usual.output
    assert usual.output.startswith("elementals.game.length:"), usual.output
    assert "five minutes" in usual.output
    longest = CliRunner().invoke(app, ["ask", "how many minutes should an elementals game take at most"])
    assert longest.output.startswith("the documents do not cover this"), longest.output
    assert "nearest: elementals.game.length" in longest.output


@pytest.mark.parametrize(
    ("question", "game", "says"),
    [
        ("How many cards are in an Elestrals booster pack?", "Elestrals", "states a count of cards"),
        ("Is there a turn time limit in Elemental Clash?", "Elemental Clash", "speaks of a turn time limit"),
        ("How many players does a Spellfire game take?", "Spellfire", "states a number of players"),
        ("can three people play elemental clash together", "Elemental Clash", "states a number of players"),
        ("how long does a game of elemental clash usually take", "Elemental Clash", "states a length of time"),
        ("who designed elestrals", "Elestrals", "states who made it"),
        ("when does the next elestrals set come out", "Elestrals", "states when it came out"),
        ("what is the best spell in elemental elephants", "Elemental Elephants", "states which is best"),
        ("what are the elemental clash cards made of", "Elemental Clash", "states what it is made of"),
        ("are playmats required at Elestrals tournaments?", "Elestrals", "speaks of playmats"),
        (
            "elestrals: can I take back a Spirit I just Enchanted?",
            "Elestrals",
            "states whether a move may be taken back",
        ),
        ("Spellfire: is there a penalty for playing a realm out of turn?", "Spellfire", "states a penalty"),
        (
            "I knocked the Elementals pile over by accident while setting up. Do we start again?",
            "Elementals",
            "states what is done about a slip",
        ),
        # Issue 22's thirteenth round: a win rate asks a chance, "expensive" a price.
        ("what's the win rate in elemental clash", "Elemental Clash", "states a chance of winning"),
        ("are elestrals booster packs expensive", "Elestrals", "states a price"),
    ],
)
def test_an_in_game_question_no_document_covers_names_the_nearest_rulings_as_nearest(
    question: str, game: str, says: str
) -> None:
    # Issue 22: the question's form says what kind of answer it asks for; no ruling near it states one.
    ruling = ask(question)
    assert ruling.verdict == (
        f"the documents do not cover this: no record of {game} {says}; the nearest rulings follow, not as the answer"
    )
    assert ruling.value["refused"] is True and ruling.value["uncovered"] is True
    assert ruling.trace and all(step.text.startswith("nearest: ") for step in ruling.trace)
    assert ruling.value["computed"] is None


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # Issue 22's thirteenth round: a judging word is not the subject, so the spell compared is found, not refused.
        ("is clap better than stupefy", "elephants.resolve.stupefy"),
        # A count of a measure of damage is answered by the record that counts the damage that loses.
        ("how many points of damage lose a game of elementals", "elementals.end.loss"),
    ],
)
def test_a_comparison_or_a_measured_count_a_record_answers_is_answered(question: str, first: str) -> None:
    ruling = ask(question)
    assert ruling.value["refused"] is False and ruling.value["uncovered"] is False
    assert ruling.verdict.startswith(f"{first}: ")


def test_a_slip_or_a_penalty_a_ruling_states_is_answered_with_it() -> None:
    # Issue 22's ninth round: a penalty or a slip asked about is "not covered" only when no ruling near the top states
    # one; drawing from an empty deck states what is lost (the rule first, its glossary entry beside it since the
    # thirty-fourth round's swap), and a card played stays where it was played.
    empty = ask("what's the penalty for drawing from an empty main deck in elestrals?")
    assert empty.value["uncovered"] is False and empty.value["rulings"][0]["id"] == "elestrals.end.draw-from-empty"
    assert "elestrals.glossary.draw" in [r["id"] for r in empty.value["rulings"][:3]]
    slip = ask("elementals: I played my 5 of hearts on the wrong elemental by accident, can I take it back?")
    assert slip.verdict.startswith("elementals.interp.cards-stay: ")
    # A mistake in a document's own example is an erratum's question, not a player's slip.
    assert ask("in the rulebook's example game, isn't Air's Gale on defense a mistake?").value["uncovered"] is False


def test_what_a_clap_cancels_is_computed_when_every_spell_has_its_player() -> None:
    # Issue 22's ninth round: Clap's targets, from who cast it and whose every other spell is; Root shields its owner's
    # other spells, not itself.
    ruling = ask(
        "Elephants: P2 casts Clap; P1 has Root and Fireball, P3 has Crush and Nourish. "
        "Which spells can the Clap cancel?"
    )
    assert ruling.verdict == (
        "computed: P2:clap cancels one spell of P1 (P1:root) and one of P3 (one of P3:crush, P3:nourish)"
    )
    assert ruling.value["rulings"][0]["id"] == "elephants.clap.targets"
    # Without a player named, it is a question about the rule: the rulings answer it.
    assert ask("can my clap cancel a spell protected by root?").value["computed"] is None


def test_whether_a_card_is_misenchanted_is_computed_from_its_cost_and_spirits() -> None:
    ruling = ask("My rune's cost is water + any and it has one fire and one earth spirit: enchanted or misenchanted?")
    assert ruling.verdict == (
        "computed: Misenchanted: enough Spirits but the wrong types (short 1 water); it stays but has no effect"
    )
    assert ruling.value["rulings"][0]["id"] == "elestrals.card.misenchanted"
    enough = ask("its cost is earth earth and three earth spirits enchant it, is it misenchanted?")
    assert enough.verdict == "computed: Enchanted: the cost is met and the card has its effect"
    # Without the types, it is the rule's question.
    assert ask("if the spirits under my elestral are the wrong type, is it misenchanted?").value["computed"] is None


def test_a_long_chatty_question_a_record_covers_is_answered() -> None:
    question = (
        "My nephew is learning Elementals with me on the couch and wants to know if he can use a spade to "
        "banish the king of hearts, is that ok?"
    )
    ruling = ask(question)
    assert ruling.value["refused"] is False
    assert ruling.verdict.startswith("elementals.attack.banish-element: ")


def test_an_options_other_reading_is_not_the_answer_the_default_is_with_the_option_named() -> None:
    ruling = ask("Does Turbulence deal extra damage after advancing twice?")
    assert ruling.verdict.startswith("elephants.interp.turbulence-condition: ")
    assert ruling.trace[0].text == (
        "option turbulence-condition: the answer above is its default reading (any-spell); other readings: "
        "this-spell, advanced-twice (rulebook compare turbulence-condition)"
    )
    assert "related: elephants.public.turbulence-card: Turbulence (card list): stronger after advancing twice" in [
        step.text for step in ruling.trace
    ]


def test_a_computed_answer_lists_the_rulings_it_rests_on_first() -> None:
    # Issue 22: the rulings shown beside a computed answer are the ones that decided it, not loosely related ones.
    ruling = ask("earth attacks air, what happens")
    assert ruling.verdict == "computed: P2's Air is eliminated (5 against 2)"
    assert ruling.value["rulings"][0]["id"] == "clash.attack.attacker-wins"
    assert {h["id"] for h in ruling.value["rulings"][:3]} <= set(ruling.rules)


def test_a_question_that_does_not_ask_what_a_term_means_gets_the_rule_before_the_glossary() -> None:
    assert ask("can a misenchanted elestral still attack").value["rulings"][0]["id"] == "elestrals.card.misenchanted"
    assert ask("what is misenchanted in elestrals?").value["rulings"][0]["id"] == "elestrals.glossary.misenchanted"


def test_spellfire_a_realm_trait_the_reader_cannot_read_is_not_computed() -> None:
    ruling = ask("swimmer attacking the realm in position A that has no coastline")
    assert ruling.value["computed"] is None
    assert ruling.value["readings"][0]["missing"] == ["a formation this reader can read (coastline is not read)"]
    assert ruling.value["rulings"][0]["id"] == "spellfire.move.swimmer"


def test_clash_strengths_told_equal_are_not_computed_and_the_tie_ruling_comes_first() -> None:
    # The question sets the strengths itself ("same number"): the tie rule answers it, not a computed attack.
    ruling = ask("my fire attacked their fire, same number, who dies?")
    assert ruling.value["computed"] is None
    assert not ruling.value["refused"]
    assert ruling.value["rulings"][0]["id"] == "clash.attack.tie"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("if my fire hits their air and fire is just stronger, what happens to air", "clash.attack.attacker-wins"),
        ("my water attacks their earth and water is weaker, who is eliminated?", "clash.attack.defender-wins"),
    ],
)
def test_clash_a_stronger_or_weaker_element_told_names_the_outcome_rule(question: str, rule: str) -> None:
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["id"] == rule


def test_clash_strengths_of_each_element_given_are_still_computed() -> None:
    ruling = ask(
        "My Fire attacks their Earth with Blaze for 5 against 5, and they use Fortify on the Earth. Who is eliminated?"
    )
    assert ruling.value["computed"] is not None


def test_clash_an_ability_spent_for_nothing_asks_the_rule_not_the_attack() -> None:
    ruling = ask(
        "Ether attacks Earth and Earth declares Fortify, though Ether could never win; is that allowed for nothing?"
    )
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["id"] == "clash.interp.ability-without-effect"


def test_elementals_asking_what_a_card_can_do_is_not_computed() -> None:
    ruling = ask("Is the ace of diamonds any use against Therazane?")
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.immunity"
    assert ask("can I put the 9 of spades as damage on the queen of spades").value["computed"] is not None


def test_a_named_ability_comes_before_the_outcome_beside_a_computed_answer() -> None:
    ruling = ask("Air attacks Earth using Gale. Who's out?")
    assert [h["id"] for h in ruling.value["rulings"][:2]] == ["clash.ability.gale", "clash.attack.attacker-wins"]


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("what exactly is an elestral card", "elestrals.glossary.elestral"),
        ("what does it cost to mulligan", "elestrals.setup.mulligan"),
    ],
)
def test_what_a_term_means_is_told_apart_from_what_a_rule_asks(question: str, first: str) -> None:
    assert ask(question).value["rulings"][0]["id"] == first


def test_elementals_playing_card_words_say_the_question_is_about_elementals() -> None:
    # Suits and face cards are Elementals' own words among these five games: a question in them is not refused
    # for meeting its record only in the record's players' words.
    ruling = ask("can the 7 of spades hurt the queen of spades")
    assert not ruling.value["refused"]
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.immunity"


# ---------------------------------------------------------------- issue 22, third round


@pytest.mark.parametrize(
    ("question", "game"),
    [
        ("do we need dice for elemental elephants?", "Elemental Elephants"),
        ("is there an official app for the elementals solitaire?", "Elementals"),
        ("is there a penalty for playing a card out of turn in spellfire", "Spellfire"),
        ("how much does an elestrals booster box cost", "Elestrals"),
        ("do i need card protectors to play elemental clash", "Elemental Clash"),
    ],
)
def test_a_thing_no_record_of_the_game_speaks_of_is_not_covered(question: str, game: str) -> None:
    # "is there", "do we need": the thing asked about must be spoken of by some record of the
    # game (its words side by side); a price is asked of a thing sold, whatever the game calls a cost.
    ruling = ask(question)
    assert ruling.value["uncovered"] is True and ruling.value["computed"] is None
    assert ruling.verdict.startswith(f"the documents do not cover this: no record of {game} ")


def test_what_no_record_speaks_of_is_named() -> None:
    assert ask("is there a time limit for each turn in elemental elephants?").verdict == (
        "the documents do not cover this: no record of Elemental Elephants speaks of a time limit; the nearest "
        "rulings follow, not as the answer"
    )


@pytest.mark.parametrize(
    ("question", "expect"),
    [
        # "is there a catch" asks about the rule, not about a thing the game may lack
        (
            "so I have an elestral that costs two spirits in my hand, can I normal cast it this turn or is there a "
            "catch?",
            "elestrals.main.normal-cast-one-spirit",
        ),
        # a clock word in the table talk ("a four hour game") does not make the question ask for a length of time
        (
            "our spellfire draw pile ran dry in the middle of a four hour game, does that end it or do we shuffle "
            "the discards back in?",
            "spellfire.deck.optional-reshuffle",
        ),
        # a thing the records speak of, in players' words ("max hand size")
        ("is there a max hand size in elestrals", "elestrals.zone.hand"),
    ],
)
def test_table_talk_and_rule_words_do_not_make_a_covered_question_uncovered(question: str, expect: str) -> None:
    ruling = ask(question)
    assert ruling.value["refused"] is False
    assert expect in [hit["id"] for hit in ruling.value["rulings"][:3]]


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("Fire attacks Water without using Blaze, who is eliminated?", "P1's Fire is eliminated (3 against 4)"),
        ("Fire attacks Water and Water does not use Surge", "P1's Fire is eliminated (3 against 4)"),
        ("Fire attacks Water with Blaze, who is eliminated?", "P2's Water is eliminated (5 against 4)"),
        (
            "a wizard with no flying, swimming or earthwalking attacks realm B while A still stands",
            "illegal: B is protected by A, and the wizard has no movement power",
        ),
    ],
)
def test_an_ability_or_power_the_question_denies_is_not_computed_as_used(question: str, verdict: str) -> None:
    assert computed(question) == verdict


def test_a_power_both_claimed_and_denied_is_not_computed() -> None:
    # "my flyer ... can it walk in without flying?" asks whether the power may be forgone, not whether it reaches
    ruling = ask("my flying hero attacks realm C while A stands; could it walk instead of flying if it wanted?")
    assert ruling.value["computed"] is None
    assert ruling.verdict.startswith("spellfire.move.")
    [reading] = ruling.value["readings"]
    assert reading["missing"] == ["whether the champion moves as a flyer (read both with and without)"]


def test_the_readers_action_words_in_the_registry_are_the_readers_own() -> None:
    # The registry's `verbs` decide whether a reader (and its engine) is loaded at all: they must be the words the
    # reader itself needs, or a question it computes would not reach it.
    from rulebook import registry
    from rulebook.clash.questions import (
        AGAIN,
        AGAIN_CUES,
        AGAIN_PAIRS,
        ATTACKER_ROLE,
        BACKWARD,
        COMPARING,
        DEFENDER_ROLE,
        FORWARD,
        GAME_END,
        LAST,
        LEFT,
        STRENGTH_ASKED,
        STRENGTH_TOLD,
    )
    from rulebook.elephants.questions import ADVANCE_WORDS, CANCEL_WORDS, MOVE_WORDS, ORDER_WORDS, TOLD_WORDS

    # Issue 22's thirty-eighth round: the roles ("the defender has more strength") and the last elements ("one
    # element left each, they tied") are read too.
    # The fortieth: the elements judged against each other and an ability asked again (one word of each pair).
    attack = FORWARD | BACKWARD | {"after"} | ATTACKER_ROLE | DEFENDER_ROLE | LAST | LEFT
    # The forty-second: one element's strength asked ("air is 2 right?") and how a game ends asked.
    told = COMPARING | AGAIN | AGAIN_CUES | STRENGTH_ASKED | STRENGTH_TOLD | GAME_END
    # The fifty-second: an attacking ability put to use and aimed at an element ("my Air uses Gale on their Earth").
    from rulebook.clash.relation import USE_VERBS

    assert registry.game("clash").verbs == attack | told | USE_VERBS
    assert all(set(pair) & AGAIN_CUES for pair in AGAIN_PAIRS)
    # Issue 22's thirty-ninth round: Clap set against Root and the steps of a clash are read without an action.
    # The fifty-first: a hand at the round's end, refilled ("how many do I recall").
    from rulebook.elephants.round_end_said import REFILLED

    told_elephants = TOLD_WORDS | REFILLED
    assert registry.game("elephants").verbs == ORDER_WORDS | CANCEL_WORDS | ADVANCE_WORDS | MOVE_WORDS | told_elephants


def test_a_question_with_a_games_words_but_no_action_to_compute_loads_no_engine() -> None:
    import subprocess
    import sys

    script = (
        "import sys; from rulebook.ask import ask; ask('Does Fortify save Earth on a tie?'); "
        "ask('Which spells advance in Elemental Elephants?'); "
        "print(sorted(m for m in sys.modules if m.endswith('.engine') or m.endswith('.questions')))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300).stdout
    assert out.strip() == "['rulebook.questions']"


def test_two_attacks_described_are_not_computed_as_one() -> None:
    ruling = ask("What happens if water attacks fire and then fire attacks water next turn?")
    assert ruling.value["computed"] is None
    assert ruling.value["readings"][0]["missing"] == [
        "which one attack to compute (the question describes more than one)"
    ]


def test_an_elephants_spell_of_an_earlier_round_is_not_ordered_with_this_clash() -> None:
    ruling = ask("P1 cast Slumber last round; this round P2 casts Clap first. Order?")
    assert ruling.value["computed"] is None
    assert ruling.value["readings"][0]["missing"] == [
        "one clash of this round (last round: spells of an earlier round are not read)"
    ]


@pytest.mark.parametrize(
    "question",
    ["my fire attacks their water; which ability should water use?", "is it better for Air to attack Earth with Gale?"],
)
def test_a_question_asking_for_advice_is_not_answered_with_one_choices_outcome(question: str) -> None:
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert ruling.value["readings"][0]["missing"][-1].startswith("which choice to make is not computed")


def test_a_cards_own_record_gives_way_to_the_rule_about_it_unless_the_question_asks_what_the_card_is() -> None:
    # Issue 22's fourth round: a card's record only names the card and its facts ("Ritual (Blood, priority 4)").
    assert ask("must I use Ritual if I cast it, or may I skip it?").value["rulings"][0]["id"] == (
        "elephants.optional.blood"
    )
    assert ask("what does Clap do?").value["rulings"][0]["id"] == "elephants.spell.clap"


def test_beside_a_computed_answer_the_rule_that_answers_the_question_comes_before_the_card_it_names() -> None:
    ruling = ask("Fire attacks Water, and Water declares Surge although Fire declared nothing. What happens?")
    assert ruling.verdict == "computed: P1's Fire is eliminated (3 against 4)"
    assert ruling.value["rulings"][0]["id"] == "clash.interp.ability-without-effect"


def test_a_computed_answers_outcome_comes_before_a_note_cited_after_it() -> None:
    ruling = ask(
        "my Elestral with 5 attack and 3 spirits attacks their attack-position Elestral with 2 attack and 1 spirit, "
        "what is destroyed?"
    )
    assert ruling.value["computed"] is not None
    assert ruling.value["rulings"][0]["id"] == "elestrals.battle.attack-vs-attack"


def test_an_erratum_cited_last_is_not_the_outcome_the_rule_it_corrects_is() -> None:
    # The order's trace ends on the erratum of the priority rule; the priority rule decided which resolves first.
    ruling = ask("Clash I: P2 casts Stupefy and P1 casts Root. Which one resolves first?")
    assert ruling.value["computed"] is not None
    assert ruling.value["rulings"][0]["id"] == "elephants.base.priority"


def test_the_turn_order_decides_an_order_only_where_it_broke_a_tie() -> None:
    # Different priorities: the priority rule decided, the turn order (still the trace's first step) did not.
    ruling = ask("Clash I, P1 is the Ringleader: P1 has Slumber, P2 has Offering. Who goes first?")
    assert "elephants.base.turn-order" not in ruling.value["computed"]["rules"]
    assert ruling.value["rulings"][0]["id"] == "elephants.base.priority"
    tied = ask("Clash I, P2 is the Ringleader: P1 has Stupefy and P2 has Quake, both priority 2. Who goes first?")
    assert "elephants.base.turn-order" in tied.value["computed"]["rules"]


def test_a_battles_comparison_decides_it_not_what_follows() -> None:
    # Attack against Defense decides; a Defense Position expending no Spirits follows from it.
    ruling = ask("my 4 attack elestral attacks their defense position elestral with 4 defense, what happens?")
    assert ruling.value["computed"] is not None
    assert ruling.value["rulings"][0]["id"] == "elestrals.battle.attack-vs-defense"


def test_clap_against_an_enemy_whose_root_shields_the_rest_is_decided_by_the_shield() -> None:
    ruling = ask("P2 has Root and Fireball in this clash. Can my Clap cancel P2's Fireball?")
    assert ruling.value["computed"]["value"]["targets"] == {"P2": ["P2:root"]}
    assert ruling.value["rulings"][0]["id"] == "elephants.root.protects"


def test_a_count_asked_in_one_games_own_words_is_not_answered_by_another_games_record() -> None:
    # "realm" is Spellfire's own word: Elestrals' copy limit does not answer how many copies of a realm a deck holds.
    ruling = ask("how many copies of one realm may a deck hold?")
    assert ruling.value["uncovered"] and ruling.verdict.startswith(
        "the documents do not cover this: no record of Spellfire states a count of copies"
    )


def test_how_many_with_the_thing_counted_named_before_is_answered_not_refused() -> None:
    # "how many do they Expend" counts what the question named before (Spirits): no count of "do" is looked for.
    ruling = ask("their field is empty and my Elestral with 2 attack attacks them directly: how many do they Expend?")
    assert not ruling.value["uncovered"] and ruling.value["rulings"][0]["id"] == "elestrals.battle.direct"


def test_do_they_need_their_own_thing_asks_about_the_thing_not_about_own() -> None:
    # "their own flying" names flying: a record speaks of it, so the question is answered, not "not covered".
    ruling = ask("Allies go with my flying champion against a protected realm. Do they need their own flying?")
    assert not ruling.value["uncovered"]
    assert ruling.value["rulings"][0]["id"] == "spellfire.move.allies-need-movement"


@pytest.mark.parametrize(
    ("question", "uncovered"),
    [
        ("is there a rule about trading cards with the other player in Elemental Clash?", True),
        ("is there a rule for ties in elemental clash?", False),
    ],
)
def test_is_there_a_rule_about_something_asks_whether_a_record_speaks_of_it(question: str, uncovered: bool) -> None:
    assert ask(question).value["uncovered"] is uncovered


@pytest.mark.parametrize(
    ("question", "uncovered"),
    [
        ("is it ok to use proxy cards for a store tournament?", True),
        ("can I use fortfy twice in one game of elemental clash", False),  # a typo of a record's word is that word
        ("can I use Blaze twice in Elemental Clash?", False),
    ],
)
def test_may_we_use_a_thing_no_record_speaks_of_is_not_covered(question: str, uncovered: bool) -> None:
    ruling = ask(question)
    assert ruling.value["uncovered"] is uncovered, ruling.verdict


def test_spellfire_a_kind_of_champion_in_the_plural_asks_the_rule_not_one_attack() -> None:
    ruling = ask("can swimmers attack realm E?")
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["id"] in {"spellfire.move.swimmer", "spellfire.move.base-swimmer"}
    assert ask("B and C are razed: can a swimmer attack realm E?").value["computed"] is not None


# ---------------------------------------------------------------- issue 22, sixth round


def test_a_time_limit_per_turn_is_not_spoken_of_by_a_players_word_beside_a_rounds_time_rule() -> None:
    # Elestrals' tournament round has a time rule whose players' words say "time limit"; the document never speaks
    # of a time limit per turn, so the question is not covered (the thing ends at "per").
    assert ask("is there a time limit per turn in elestrals?").verdict == (
        "the documents do not cover this: no record of Elestrals speaks of a time limit; the nearest rulings "
        "follow, not as the answer"
    )


@pytest.mark.parametrize(
    ("question", "uncovered"),
    [
        ("In Elemental Clash I said I attack with Water, then changed my mind. Can I take it back?", True),
        ("can we agree to call it a draw in elemental clash?", True),
        # a ruling that speaks of taking back answers it
        ("in elementals can I take back an attack card once it is played?", False),
        # taking a card back into a hand moves a card; it is not taking a move back
        ("With Electrocute, do I throw my own spell into the discard pile or take it back into my hand?", False),
    ],
)
def test_taking_a_move_back_or_leaving_a_game_is_covered_only_by_a_ruling_that_speaks_of_it(
    question: str, uncovered: bool
) -> None:
    ruling = ask(question)
    assert ruling.value["uncovered"] is uncovered, ruling.verdict
    if uncovered:
        assert ruling.verdict.startswith("the documents do not cover this: no record of Elemental Clash ")
        assert ruling.value["computed"] is None


def test_the_kind_of_answer_a_question_asks_for_is_read_from_its_form() -> None:
    from rulebook.uncovered import asks_for

    assert asks_for("if someone wants to quit a game halfway, who wins?") == "leaving"
    assert asks_for("I changed my mind right after declaring, can I undo it?") == "back"
    assert asks_for("can first edition cards be played with the newer printings?") == "editions"
    assert asks_for("how long does a normal game of spellfire last") == "time"
    assert asks_for("how long does the copy last in spellfire") is None
    # what a card is worth in the game is not a price; the worth of a thing sold, or in money, is
    assert asks_for("how much is a joker worth when I attack with it") is None
    assert asks_for("how much is a booster pack worth these days?") == asks_for("how much money is it worth") == "price"


# ---------------------------------------------------------------- issue 22, seventh round


def test_please_and_explain_are_table_talk_not_words_no_record_uses() -> None:
    # "neptulons power explain pls" was refused: "explain" and "pls" counted as words no record uses.
    ruling = ask("neptulons power explain pls")
    assert not ruling.value["refused"]
    assert ruling.value["rulings"][0]["id"] == "elementals.power.neptulon"


def test_a_playing_card_in_short_is_read_as_its_rank_and_suit() -> None:
    # "9D and 4S on him" names two cards; read as words no record uses, they made the question refused.
    ruling = ask("neptulon has 9D and 4S on him, can i banish with the 3 of diamonds")
    assert not ruling.value["refused"] and not ruling.value["uncovered"]
    assert all(hit["game"] == "elementals" for hit in ruling.value["rulings"][:3])
    ruling = ask("KS has 8H and 6D on it already. Can I finish it with the 2 of spades as the banish card?")
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.banish-element"


def test_about_how_long_a_game_lasts_asks_for_a_time_on_the_clock() -> None:
    from rulebook.uncovered import asks_for

    assert asks_for("About how long does a game of Elementals last?") == "time"
    assert asks_for("how long does a game of elementals last") != "time"  # when it ends answers this one
    # the document's opening gives a usual game's length (about five minutes): the record of it answers
    assert ask("About how long does a game of Elementals last?").value["rulings"][0]["id"] == "elementals.game.length"


def test_how_long_a_turn_should_take_asks_for_a_time_on_the_clock() -> None:
    from rulebook.uncovered import asks_for

    # no record gives a turn's length on the clock: the documents do not cover it
    assert asks_for("how long should a turn take") == "time"
    assert ask("how long should a turn take, any time limit per turn").value["uncovered"]
    # how long an effect lasts is a span of play, which a record answers
    assert asks_for("how long does the copy last until the end of the turn in spellfire") is None


def test_a_misspelt_thing_counted_is_the_word_it_was_read_as() -> None:
    # "spirts" read as "spirits": the record of exactly 20 Spirits answers, not "no record states a count of spirts"
    ruling = ask("how many spirts do i need in my spirit deck, is it 20 or just at least 20")
    assert not ruling.value["refused"]
    assert ruling.value["rulings"][0]["id"] == "elestrals.setup.spirit-deck"


def test_an_elemental_on_its_own_is_elementals_word() -> None:
    # "What beats a fire elemental?" offered Clash's Blaze among its three rulings.
    ruling = ask("What beats a fire elemental?")
    assert [hit["game"] for hit in ruling.value["rulings"][:3]] == ["elementals"] * 3


def test_another_games_own_word_in_a_question_naming_a_game_whose_records_lack_it_is_not_covered() -> None:
    # Blaze is Clash's: Spellfire's records never speak of it, so its avatar glossary does not answer this.
    ruling = ask("in spellfire can my champion blaze")
    assert ruling.verdict.startswith("the documents do not cover this: no record of Spellfire speaks of a blaze")
    # a players' word beside an Elephants record names a mulligan: it is not another game's word there (the question
    # is one no record answers, blind-6 says, and the fitted check of rulebook.unasked reads it so, not this sign)
    assert "speaks of a mulligan" not in ask("any mulligan if i hate my starting spells in elephants").verdict


@pytest.mark.parametrize(
    ("question", "uncovered"),
    [
        ("Can players trade cards with each other during a game of Spellfire?", True),
        (
            "Are players allowed to talk about their planned spells with each other during an Elemental Elephants"
            " game?",
            True,
        ),
        # a word another game's records use, and the named game's too
        ("in elestrals can I swap my spirits around?", False),
        # a verb with a particle is an idiom for a move the records name otherwise
        ("in elementals can she knock out the king of hearts using hearts?", False),
    ],
)
def test_whether_players_may_do_what_only_other_games_records_speak_of_is_not_covered(
    question: str, uncovered: bool
) -> None:
    ruling = ask(question)
    assert ruling.value["uncovered"] is uncovered, ruling.verdict
    if uncovered:
        assert "says whether players may" in ruling.verdict


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("can my opp look through my UW", "elestrals.zone.underworld"),
        ("how many pts do you get for winning a game of clash", "clash.score.victory"),
    ],
)
def test_table_shorthand_is_read_as_the_words_it_stands_for(question: str, first: str) -> None:
    value = ask(question).value
    assert value["refused"] is False
    assert value["rulings"][0]["id"] == first


def test_a_long_question_cueing_one_game_is_read_with_that_games_words() -> None:
    question = (
        "My Fire was knocked out two turns ago and I haven't used Ether yet. My cousin says I can still attack "
        "with Fire as long as I have other elements left. Can I pick it as my attacker?"
    )
    value = ask(question).value
    assert value["refused"] is False
    assert value["rulings"][0]["id"].startswith("clash.attack.")
    # Mostly table talk beside a few of one game's words: still refused.
    novel = (
        "I just finished a long fantasy series and loved its magic system with elements and spirits. Can you "
        "recommend something similar for me to read next?"
    )
    assert ask(novel).value["refused"] is True


def test_best_for_a_deed_against_a_target_is_answered_but_a_bare_ranking_is_not() -> None:
    from rulebook.uncovered import asks_for

    value = ask("which card is best to banish Ragnaros with").value
    assert value["refused"] is False
    assert "elementals.attack.banish-element" in [h["id"] for h in value["rulings"][:3]]
    assert asks_for("what is the best champion in spellfire") == "ranking"
    assert asks_for("Which of the three layouts is the hardest one to beat?") == "ranking"
    assert asks_for("can I run 4 copies of my best elestral") is None
    assert ask("what is the best champion in spellfire").value["refused"] is True


def test_the_price_of_a_game_itself_is_not_covered_but_a_cost_in_the_game_is_no_price() -> None:
    from rulebook.uncovered import asks_for

    assert asks_for("how much does elemental elephants cost") == "price"
    assert asks_for("in elestrals how much does an elestral cost") is None
    assert asks_for("how much do elestrals cost to cast") is None
    value = ask("how much does elemental elephants cost").value
    assert value["refused"] is True and value["uncovered"] is True


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("I attack their Water with my Fire. who wins?", "computed: P1's Fire is eliminated (3 against 4)"),
        ("attacking with Air into their Earth: outcome?", "computed: P1's Air is eliminated (2 against 5)"),
        ("my fire blazes into their water, who is eliminated", "computed: P2's Water is eliminated (5 against 4)"),
        ("I attack with Fire and use Blaze against Water?", "computed: P2's Water is eliminated (5 against 4)"),
    ],
)
def test_clash_an_attack_made_with_an_element_or_into_one_is_computed_with_the_roles_stated(
    question: str, verdict: str
) -> None:
    assert ask(question).verdict == verdict


def test_clash_a_defenders_ability_told_by_its_verb_is_not_computed_as_unused() -> None:
    ruling = ask("Water attacks into their Earth and the Earth player fortifies. result?")
    assert ruling.value["computed"] is None
    (reading,) = ruling.value["readings"]
    assert reading["read"] == ["Water attacks Earth"]
    assert reading["missing"][0].startswith("whether an ability is used (fortifies")


@pytest.mark.parametrize(
    ("question", "uncovered"),
    [
        ("spellfire hand size limit at the end of a turn?", True),  # phase 5 adjusts the hand: no limit stated
        ("in spellfire, what's the max hand size?", True),
        ("is there a minimum number of elestrals in an elestrals main deck", True),  # "max elestrals" is an upper bound
        ("in elemental clash is there a hand limit", True),
        ("is there a max hand size in elestrals", False),  # "no hand limit" states it
        ("elestrals max copies of one card in the main deck?", False),  # "at most 3 copies"
        ("what's my maximum hand size in elephants after losing a trunk", False),  # "maximum hand size: 4, plus 1"
        ("is there a minimum deck size in elestrals", False),  # "a Main Deck of exactly 40"
        ("does my avatar's level count toward the deck level limit in spellfire", False),  # the bound is not asked
    ],
)
def test_a_bound_a_question_asks_for_is_covered_only_by_a_record_stating_such_a_bound(
    question: str, uncovered: bool
) -> None:
    ruling = ask(question)
    assert ruling.value["uncovered"] is uncovered, ruling.verdict
    if uncovered:
        assert ruling.value["computed"] is None and "states a" in ruling.verdict


def test_whether_a_spell_advances_is_computed_from_the_clash_and_its_players() -> None:
    ruling = ask("clash III, my Starfall and P2's Break are face up. does my starfall advance?")
    assert ruling.verdict == (
        "computed: P1:starfall does not advance: P2:break is active: P1:starfall cannot be advanced in this clash"
    )
    assert ruling.value["rulings"][0]["id"] == "elephants.break.stops-enemies"
    assert ask("clash 1: P1 has Root, P2 has Starfall. can starfall advance?").verdict == (
        "computed: P2:starfall advances to Clash II"
    )


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        ("P1 has Break, can P2's Starfall advance?", "the clash (write Clash II or clash 2)"),
        ("clash 2: break is out and starfall wants to advance. can it?", "who cast break, starfall"),
    ],
)
def test_a_spells_advance_is_not_computed_without_the_clash_or_its_players(question: str, missing: str) -> None:
    ruling = ask(question)
    assert ruling.value["computed"] is None
    (reading,) = [r for r in ruling.value["readings"] if r["kind"] == "whether an Elemental Elephants spell advances"]
    assert reading["missing"][0].startswith(missing)


def test_whether_gravitate_may_move_a_spell_is_computed_from_the_clash_it_is_and_the_one_it_goes_to() -> None:
    allowed = ask("we're in clash I. can my gravitate send P2's root to clash III?")
    assert allowed.verdict == "computed: P1:gravitate can move P2:root from Clash I to Clash III"
    assert allowed.value["rulings"][0]["id"] == "elephants.gravitate.current-to-future"
    back = ask("clash 3: my gravitate wants to move p2s starfall back to clash 2, allowed?")
    assert back.verdict == "computed: P1:gravitate cannot move P2:starfall to Clash II: only to a later clash than III"
    last = ask("clash IV, P1 has gravitate. can it move P2's root to another clash?")
    assert last.verdict == (
        "computed: P1:gravitate cannot move P2:root to any clash: this is Clash IV, and no clash comes after it"
    )
    unsaid = ask("clash 2: can my gravitate send P2's root somewhere?")
    assert unsaid.value["computed"] is None
    assert unsaid.value["readings"][0]["missing"] == ["the clash it goes to (write to Clash III)"]


def test_spellfire_an_attack_with_no_allies_is_computed_and_the_rule_deciding_it_comes_first() -> None:
    flying = ask("nothing is razed yet; my flyer, no allies with him, attacks realm F. legal?")
    assert flying.verdict == "computed: legal: the champion (flyer) may attack F"
    assert flying.value["rulings"][0]["id"] == "spellfire.move.flyer"
    walking = ask("A and B still stand. can my hero (no movement power) attack the realm in position D?")
    assert walking.verdict == "computed: illegal: D is protected by B, and the hero has no movement power"
    assert walking.value["rulings"][0]["id"] == "spellfire.formation.exposed"
    # allies that join the attack are still not read
    assert ask("my flyer with two allies attacks realm E, legal?").value["computed"] is None


def test_elephants_the_asker_saying_they_are_the_ringleader_names_the_ringleader() -> None:
    ruling = ask("i'm the ringleader (P2) in clash 1: P1 has root and P2 has break. which resolves first?")
    (reading,) = ruling.value["readings"]
    assert "P2 the Ringleader" in reading["read"] and reading["computed"] is True


@pytest.mark.parametrize(
    ("question", "uncovered"),
    [
        ("in elementals may i look through the banished pile during a game", True),
        ("can I look through my opponent's underworld in elestrals", False),  # face-up, so anyone may look
        ("in elestrals may I look through my face-down spirit deck?", False),  # its owner may
    ],
)
def test_looking_at_a_pile_is_covered_only_by_a_ruling_that_says_who_may_see_it(question: str, uncovered: bool) -> None:
    from rulebook.uncovered import asks_for

    assert asks_for(question) == "look"
    assert ask(question).value["uncovered"] is uncovered


def test_spellfire_calm_played_after_another_card_is_computed_and_the_next_card_rule_comes_first() -> None:
    late = ask("My rival played Cataclysm! on my realm; I played an ally and only then played Calm. Is my realm saved?")
    assert late.verdict == "computed: P1's Cataclysm! stands: P2 played an ally before Calm"
    assert late.value["rulings"][0]["id"] == "spellfire.counter.next-card"
    at_once = ask("P1 plays Cataclysm! on P2's realm and P2's very next card is Calm. Negated?")
    assert at_once.verdict == "computed: P2's Calm negates P1's Cataclysm!"
    # a question whether Calm may be played asks the rule: nothing is computed
    assert ask("they played Cataclysm! on my realm, can I still play Calm after a holding?").value["computed"] is None
    assert (
        ask("they played a holding before my Calm. does Calm still cancel Cataclysm! on my realm?").value["computed"]
        is None
    )


@pytest.mark.parametrize(
    "question",
    [
        "How many cards do you draw in phase 1 of a Spellfire turn?",  # "phases 0 to 6: 0 rule cards" counts nothing
        "Do I need to hand in a written deck list before an Elestrals tournament?",
        # a long question's table talk is left out of its reading, but not the thing it asks whether the game has
        "My cousin is new to card games. Is there a gentler mode of Elementals for newcomers, with more damage?",
    ],
)
def test_a_count_or_a_needed_deed_no_record_states_is_not_covered(question: str) -> None:
    assert ask(question).value["uncovered"] is True


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("is earth stronger than water in elemental clash?", "clash.setup.elements"),
        ("in elemental clash what beats water", "clash.setup.elements"),
        ("elementals: none of my three cards can be played anywhere, now what?", "elementals.discard.damage"),
    ],
)
def test_two_elements_compared_and_an_unplayable_hand_find_their_records_first(question: str, expected: str) -> None:
    assert ask(question).value["rulings"][0]["id"] == expected


def test_elestrals_stat_changes_in_different_steps_cite_the_order_of_the_steps_first() -> None:
    steps = ask("My Elestral is 4 Attack and 1 Defense: one effect gives it +1 Attack, another swaps its stats. Stats?")
    assert steps.value["rulings"][0]["id"] == "elestrals.advanced.stat-order"
    same = ask("My Elestral is 4 Attack and 1 Defense: one effect gives +1 Attack, another +2 Attack. Stats?")
    assert same.value["computed"] is not None
    assert same.value["rulings"][0]["id"] == "elestrals.advanced.stat-same-step"


# ---------------------------------------------------------------- issue 22, seventeenth round


def test_another_games_word_in_a_phrase_or_in_a_question_beside_a_record_alone_is_not_covered() -> None:
    # "mulligan" is Elestrals' word: read in a phrase ("take a mulligan"), and held by Elementals only in a question
    # beside a record that compares it with another game's ("like a Magic mulligan"), no Elementals record speaks of it.
    ruling = ask("can i take a mulligan in elementals if my first 3 cards are all useless")
    assert ruling.value["uncovered"] is True
    assert "speaks of a mulligan" in ruling.verdict


def test_hurt_is_read_as_damage() -> None:
    # "hurt" is a player's word for damage: the immunity rule (a card of the target's element deals it no damage) is
    # among the rulings shown, beside the lord's power its name brings.
    ruling = ask("can hearts hurt neptulon")
    assert "elementals.attack.immunity" in [hit["id"] for hit in ruling.value["rulings"][:3]]


def test_a_number_the_count_question_gives_is_not_a_word_its_answer_must_hold() -> None:
    # "in one turn" sets the count asked; the record stating it ("any number of Runes may be Set") need not say "one".
    ruling = ask("How many Runes can I Set in one turn of Elestrals?")
    assert not ruling.value["refused"], ruling.verdict
    assert ruling.value["rulings"][0]["id"] == "elestrals.main.set-rune"


def test_asking_leave_to_ask_a_count_is_not_asking_the_count() -> None:
    # "can I ask how many ..." asks whether a player may ask, which the record of hidden information answers.
    ruling = ask("Am I allowed to ask how many Spirits are left in my opponent's Spirit Deck?")
    assert not ruling.value["refused"], ruling.verdict
    assert ruling.value["rulings"][0]["id"] == "elestrals.setup.hidden-information"


def test_an_ability_denied_as_typed_on_a_phone_is_not_used() -> None:
    # "they dont use fortify" (no apostrophe) denies Fortify: Gale's swapped strengths eliminate Earth. It was read as
    # declared, and Fortify kept Earth in play: a computed answer to an attack nobody described.
    ruling = ask("my air attacks their earth and i use gale, they dont use fortify. who is out?")
    assert ruling.value["computed"] is not None
    assert ruling.verdict.startswith("computed: P2's Earth is eliminated (5 against 2)"), ruling.verdict
    surge = ask("fire w blaze attacks their water, water doesnt use surge, what happens")
    # Blaze, and no Surge: 5 against Water's 4
    assert surge.verdict.startswith("computed: P2's Water is eliminated (5 against 4)"), surge.verdict
