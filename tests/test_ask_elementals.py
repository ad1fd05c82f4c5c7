"""`rulebook ask` on Elementals: one card played onto one named elemental is judged by the engine (issue 22)."""

from __future__ import annotations

import pytest
from kept_cli import CliRunner

from cli.main import app
from rulebook.ask import ask
from rulebook.elementals.questions import read


def test_a_fire_card_on_ragnaros_is_refused_by_immunity_first() -> None:
    ruling = ask("can my 7 of spades hit ragnaros")
    assert ruling.verdict == "computed: illegal: KS is immune to fire: 7S deals it no damage"
    assert ruling.legal is False
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.immunity"


def test_a_banish_card_of_another_element_on_a_stated_pile_is_refused() -> None:
    ruling = ask("neptulon has 9D and 4S on him, can i banish with the 3 of diamonds")
    assert ruling.verdict == "computed: illegal: the banish card must be water like KH; 3D is earth"
    assert ruling.value["readings"][0]["read"] == ["3D played onto KH (already on it: 9D 4S)"]
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.banish-element"


def test_a_banish_card_of_the_same_element_banishes_a_spelt_queen() -> None:
    question = (
        "The Queen of hearts has the 6 of clubs and the 7 of spades on her. Can I banish her with the 2 of hearts?"
    )
    ruling = ask(question)
    assert ruling.verdict == "computed: 2H banishes QH"
    assert ruling.legal is True
    # The deciding rule is first; where the cards go follows. The set-up's own reveals are not part of the answer.
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.banish-element"
    assert "elementals.defeat.banished" in ruling.rules
    assert "elementals.reveal.uncovered" not in ruling.rules


def test_the_cards_told_as_the_hand_are_neither_on_the_elemental_nor_played() -> None:
    told = (
        "The king of spades is face up with the eight of diamonds already on it, and my hand is the seven of hearts"
        " and six of clubs. Can I play the seven of hearts on the king of spades?"
    )
    assert read(told).read == ["7H played onto KS (already on it: 8D)"]
    # No word of a play: the card named again from the hand is the one played.
    held = (
        "Jack of clubs is revealed and already has a four of diamonds on it. I hold the six of spades and three of"
        " hearts. Is the six of spades a legal second damage card on that jack?"
    )
    ruling = ask(held)
    assert ruling.verdict == "computed: illegal: the two damage cards make 10, less than JC's power 11"
    assert ruling.value["rulings"][0]["id"] in ruling.value["computed"]["rules"]
    # A hand told in the question itself (its last sentence) is not set apart: two cards played, not read.
    assert read("can i play the 7 of hearts from my hand of 7 of hearts and 6 of clubs on the king of spades") is None


def test_the_reader_judges_as_the_check_command_does() -> None:
    question = "JD already has the 5 of clubs on it and I play the 7 of hearts on it as the second damage card"
    reading = read(question)
    assert reading is not None and reading.ruling is not None
    result = CliRunner().invoke(
        app, ["elementals", "check", "7H > JD", "--hand", "7H", "--targets", "JD", "--pile", "JD=5C"]
    )
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == reading.ruling.verdict == "7H damages JD: 12 of 11"


def test_a_joker_is_read_with_its_stated_power_and_deals_arcane_damage() -> None:
    reading = read("I play a joker as a 6 on the king of spades")
    assert reading is not None and reading.ruling is not None
    assert reading.ruling.verdict == "JK1 damages KS: 6 of 13"
    assert "elementals.cards.joker-arcane" in reading.ruling.rules


@pytest.mark.parametrize(
    "question",
    [
        "what does ragnaros do?",  # an elemental named, no card played
        "Is the queen of hearts immune to anything?",
        "can I play on neptulon now?",
        "play a joker on KS",  # the joker's power unstated
        "Should I play 7S on KS or on QH?",  # two targets, and advice
        "If I play 5h on ks and 3d on kh",  # two plays
        "Can I use the Hand of Ragnaros on 7S?",  # a lord's power, not the lord
        "I discard 7S while KS has 8D on it",  # another action
        "can the 7 of spades hurt the queen of spades",  # a card in general, no play stated
        "KS has 2H, 3H and 4H on it, I play 5S",  # more cards on it than its two damage cards
    ],
)
def test_a_question_without_one_stated_play_is_not_computed(question: str) -> None:
    reading = read(question)
    assert reading is None or (reading.ruling is None and reading.rests_on)
    assert ask(question).value["computed"] is None


@pytest.mark.parametrize(
    "question",
    [
        "can a spade hurt ragnaros",
        "Can a seven of spades hurt Ragnaros?",
        "can a 7 of clubs hurt the clubs jack",
        "10 of spades against Ragnaros?",
    ],
)
def test_a_card_asked_against_an_elemental_of_its_own_suit_is_answered_by_its_immunity(question: str) -> None:
    value = ask(question).value
    assert value["computed"] is None and not value["refused"]
    assert value["rulings"][0]["id"] == "elementals.attack.immunity"


@pytest.mark.parametrize(
    "question",
    [
        "which suit do I throw at Neptulon",
        "what can beat an air elemental?",
        "which cards could hurt the king of diamonds",
        "What do I need to kill the queen of hearts?",
    ],
)
def test_which_card_to_aim_at_one_elemental_is_answered_by_its_immunity(question: str) -> None:
    # No card or suit named: the rule that says which cards cannot harm it answers first.
    value = ask(question).value
    assert value["computed"] is None and not value["refused"]
    assert value["rulings"][0]["id"] == "elementals.attack.immunity"


@pytest.mark.parametrize(
    "question",
    [
        "which suit should I use against the jack",  # no suit: no one elemental
        "which card is best to banish Therazane with",  # the banish card
        "which suit stands for air",  # nothing aimed at an elemental
    ],
)
def test_which_card_without_one_elemental_of_a_known_suit_is_not_read_as_immunity(question: str) -> None:
    from rulebook.elementals.questions import own_element

    said = question.lower().split()
    assert own_element(said, said) is None


@pytest.mark.parametrize(
    "question",
    [
        "can a heart hurt ragnaros",  # another suit: the immunity does not decide it
        "can a spade hurt ragnaros or neptulon",  # two elementals
        "can the 3 of spades finish off the queen of spades",  # the banish card, not a damage card's harm
    ],
)
def test_a_card_of_another_suit_or_a_banish_card_is_not_read_as_immunity(question: str) -> None:
    from rulebook.elementals.questions import own_element

    said = question.split()
    assert own_element(said, said) is None


def test_the_registrys_play_words_are_the_readers_own() -> None:
    # The registry's `verbs` decide whether the reader (and the engine) is loaded at all.
    from rulebook import registry
    from rulebook.elementals.cardtext import HARM, PAIRED, STATED_PLAY, TOLD_WORDS

    # Issue 22's thirty-ninth round: what an elemental is worth, and one told defeated, are read without a play.
    # The fortieth: one card set beside one elemental with no play stated ("5 of clubs on the king of clubs?").
    assert registry.game("elementals").verbs == STATED_PLAY | HARM | TOLD_WORDS | PAIRED


def test_a_question_naming_a_lord_but_no_play_loads_no_engine() -> None:
    import subprocess
    import sys

    script = (
        "import sys; from rulebook.ask import ask; ask('What does Ragnaros do?'); "
        "print(sorted(m for m in sys.modules if m.endswith('.engine') or m.endswith('.questions')))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300).stdout
    assert out.strip() == "['rulebook.questions']"


def test_the_computed_answer_states_no_layout_the_question_did_not() -> None:
    question = (
        "The Queen of hearts has the 6 of clubs and the 7 of spades on her. Can I banish her with the 2 of hearts?"
    )
    computed = ask(question).value["computed"]
    assert computed["value"]["outcome"] == "2H banishes QH"
    assert "position" not in computed["value"]
    assert all("revealed" not in step["text"] for step in computed["trace"])


def test_cards_said_to_lie_on_an_elemental_are_its_pile_and_a_card_after_them_is_played() -> None:
    # "with the 5 of diamonds on it" states the pile as "has 5D" does; the K of hearts is the king of hearts.
    assert read("the K of hearts is up with the 6 of spades on it, can I play my 2 of spades on it").ruling.verdict == (
        "illegal: the two damage cards make 8, less than KH's power 13"
    )
    assert read("KH has 6S on it. can I play my 2 of spades on it").ruling.verdict == (
        "illegal: the two damage cards make 8, less than KH's power 13"
    )


def test_an_elemental_said_to_hold_nothing_takes_the_card_played_as_its_first() -> None:
    ruling = read("the queen of spades has nothing on it and I want to play the 9 of hearts on her")
    assert ruling is not None and ruling.ruling is not None
    assert ruling.read == ["9H played onto QS"]


def test_a_play_told_then_asked_to_be_taken_back_is_not_computed() -> None:
    question = (
        "I opened on the king of clubs with a two of diamonds as the first damage card, and now I realise nothing"
        " left can bring it up to thirteen. Can I pick the two back up?"
    )
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert "taking a play back is not computed" in ruling.value["readings"][0]["missing"][0]
    # The play itself, asked, is still computed.
    assert ask("I play the two of diamonds on the king of clubs").value["computed"] is not None


def test_a_question_on_taking_a_card_back_finds_the_rule_that_cards_stay_first() -> None:
    ruling = ask("After I place a card on an elemental, am I allowed to pick it back up and play it somewhere else?")
    assert ruling.value["rulings"][0]["id"] == "elementals.interp.cards-stay"


def test_an_elemental_told_beside_the_hand_is_still_the_target() -> None:
    ruling = ask("Hand is 7H 4D 3C, the face-up queen of hearts is bare; may I play the 7 of hearts on it?")
    assert ruling.verdict == "computed: illegal: QH is immune to water: 7H deals it no damage"
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.immunity"


def test_the_hand_told_ends_where_the_play_is_told() -> None:
    ruling = ask("Jack of clubs has 8H and 6D on it; my hand is 2C 5S 9H and I play the 2 of clubs on it. What now?")
    assert ruling.verdict == "computed: 2C banishes JC"


def test_the_one_card_held_is_the_card_played_onto_the_elementals_pile() -> None:
    ruling = ask("The jack of clubs has the 8 of hearts and the 6 of diamonds on it. I hold the 2 of clubs. Banish it?")
    assert ruling.verdict == "computed: 2C banishes JC"


def test_a_hand_of_more_cards_than_one_names_no_card_played() -> None:
    ruling = ask("The jack of clubs has the 8 of hearts and the 6 of diamonds on it. I hold 2C and 5S. Banish it?")
    assert ruling.value["computed"] is None


def test_a_card_told_to_be_in_the_hand_is_the_card_played() -> None:
    ruling = ask("The jack of clubs has 8H and 6D on it, and the 2 of clubs is in my hand. Banish it?")
    assert ruling.verdict == "computed: 2C banishes JC"


@pytest.mark.parametrize(
    ("question", "read_as"),
    [
        # The hand told as "I'm holding ...": the card named again from it is played, not a card "with" the pile.
        (
            "The king of diamonds has a 4 of clubs on it, and I'm holding the 9 of hearts, the 2 of spades and the 7"
            " of diamonds; may I put the 9 of hearts on the king?",
            "9H played onto KD (already on it: 4C)",
        ),
        # The one card held is played though the play names it by its rank alone.
        (
            "The jack of clubs has nothing on it and I am holding the 5 of hearts. Can I play the 5 on him?",
            "5H played onto JC",
        ),
        # A joker's power told after the elemental it is played onto.
        (
            "The queen of diamonds has a 3 of hearts on it; my hand is a joker and the 4 of clubs. Can I put the joker"
            " on the queen as an 8?",
            "JK1=8 played onto QD (already on it: 3H)",
        ),
    ],
)
def test_the_card_played_is_one_the_hand_holds(question: str, read_as: str) -> None:
    reading = read(question)
    assert reading is not None and reading.read == [read_as]


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        (
            "queen of spades has the 10 of hearts and 3 of clubs on her, i hold the 5 of diamonds, can it be my banish "
            "card",
            "computed: illegal: the banish card must be fire like QS; 5D is earth",
        ),
        (
            "King of Clubs is face up with the 8 of hearts and the 5 of spades already on it; I have the 3 of hearts "
            "in hand. Can the 3 of hearts be its banish card?",
            "computed: illegal: the banish card must be air like KC; 3H is water",
        ),
        (
            "The queen of diamonds has the 9 of spades on it and I want to add the 2 of clubs as the second damage "
            "card. Is that allowed?",
            "computed: illegal: the two damage cards make 11, less than QD's power 12",
        ),
        (
            "Therazane, the King of Diamonds, is face up with the nine of spades on him, and I'm holding a joker; can "
            "I play the joker as a four for his second damage card?",
            "computed: JK1 damages KD: 13 of 13",
        ),
    ],
)
def test_a_hand_told_in_a_clause_or_before_in_hand_and_a_card_added_are_read(question: str, verdict: str) -> None:
    # Issue 22's thirty-sixth round: the hand told before "in hand" or in a clause before the question's last comma,
    # "add" as a play, a joker's power in words.
    assert ask(question).verdict == verdict


def test_a_pile_no_play_could_leave_rests_on_the_rule_that_refuses_it() -> None:
    reading = read("queen of diamonds has 3C and 4S on it, can i banish her with the 10 of diamonds")
    assert reading is not None and reading.ruling is None
    assert reading.rests_on == ("elementals.attack.damage-sum",)
    ruling = ask("queen of diamonds has 3C and 4S on it, can i banish her with the 10 of diamonds")
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.damage-sum"


@pytest.mark.parametrize(
    "question", ["joker vs the king of diamonds, does it work?", "joker vs king of clubs, what happens"]
)
def test_a_joker_without_its_power_against_one_elemental_rests_on_arcane_damage(question: str) -> None:
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["id"] == "elementals.cards.joker-arcane"


@pytest.mark.parametrize(
    "question",
    ["can the joker be the banish card on the king of clubs", "joker with the hand of ragnaros, how does that work"],
)
def test_a_joker_asked_as_banish_card_or_with_a_lords_power_is_not_read_as_arcane_damage(question: str) -> None:
    reading = read(question)
    assert reading is None or reading.rests_on != ("elementals.cards.joker-arcane",)


@pytest.mark.parametrize(
    "question",
    [
        "Do spades work on Ragnaros?",  # no word of the immunity rule in the question
        "8 of diamonds vs the earth king, does that work",  # the elemental named by its element and rank
    ],
)
def test_a_card_against_an_elemental_of_its_own_element_rests_on_immunity(question: str) -> None:
    ruling = ask(question)
    assert ruling.value["computed"] is None
    assert ruling.value["rulings"][0]["id"] == "elementals.attack.immunity", ruling.verdict
