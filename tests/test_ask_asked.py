"""`rulebook ask` on what a question asks, as against what it tells or reports: a case asked about is the rule
itself, not a thing the game may lack; a ruling on looking must speak of the cards asked about; and the table's
shorthand ("champ", "tourney", "wat", "gotta"). Each class is a row: the question a player types, the rulings
accepted first; and, beside it, a question of the same shape that is still refused as not covered."""

from __future__ import annotations

import pytest

from rulebook.ask import ask

#: Questions answered, by class: the question and the rulings accepted first.
ANSWERED = {
    "a case asked about is the rule itself": (
        "When does a card I borrowed in combat go back, and is there any case where I keep it?",
        {"spellfire.borrow.return", "spellfire.borrow.exceptions"},
    ),
    "a count another player asks for is what the question is about": (
        "my opponent asked how many spirits I have left in my spirit deck, must I tell her?",
        {"elestrals.setup.hidden-information"},
    ),
    "a span of play told is not a length of time asked for": (
        "we have been playing for two hours and nobody knows what we aim for; how does a player win a game of "
        "spellfire?",
        {"spellfire.end.victory"},
    ),
    "the game asked about's own ruling on a kind of answer still answers": (
        "can I concede in the middle of a battle?",
        {"elestrals.tournament.concede"},
    ),
    "champ is table shorthand for a champion": (
        "my champ can fly, do my allies get to fly too",
        {"spellfire.move.no-granting"},
    ),
    "a count asked beside another question is held to its own clause": (
        "how many realms are in a formation, and can I move them later?",
        {"spellfire.formation.pyramid"},
    ),
    "who is at the table and when is no sign of another subject": (
        "Teaching my niece today: what are the steps of a turn, in order, from choosing an attacker to the result?",
        {"clash.turn.sequence"},
    ),
    "a word of ability is read as its verb": (
        "Is position E reachable by an earthwalker?",
        {"spellfire.move.earthwalker"},
    ),
    "tourney is table shorthand for a tournament": (
        "whats the side deck limit at a tourney",
        {"elestrals.tournament.side-deck"},
    ),
    "is there anywhere asks whether a move is possible": (
        "in clash IV, is there anywhere my Gravitate can move a spell?",
        {"elephants.gravitate.not-in-clash-iv"},
    ),
    "a take-back in a game played alone, with no other player": (
        "I put a card down on the wrong elemental by mistake, may I pick it up again?",
        {"elementals.interp.cards-stay"},
    ),
    "one game's rule asked in its own play": (
        "may I mulligan when I dislike my opening hand?",
        {"elestrals.setup.mulligan"},
    ),
    "thru is a chat spelling of through": (
        "may each player look thru the other's underworld in elestrals",
        {"elestrals.zone.underworld"},
    ),
    "cant is can't typed without its apostrophe": (
        "what happens to a card i cant play in elementals",
        {"elementals.discard.damage"},
    ),
    "wat is a chat spelling of what": ("wat do queens stand for", {"elementals.cards.elementals"}),
    "gotta is a chat spelling of got to": (
        "where do eliminated elements go, we gotta track them?",
        {"clash.attack.elimination"},
    ),
    "is there a way asks for the rule itself": (
        "is there a proper way to deal the elementals face cards",
        {"elementals.setup.layouts"},
    ),
    "a hedge on how the hand feels is no sign of another subject": (
        "I go first and my hand feels thin: do I draw on my very first turn, and may I attack then?",
        {"elestrals.setup.first-turn"},
    ),
    "the pile a ruling on looking names is answered by it": (
        "can I look at my opponents graveyard",
        {"elestrals.zone.underworld"},
    ),
}

#: Questions of the same shapes that no record answers: refused as not covered.
UNCOVERED = {
    "a thing asked whether the game has": "is there a turn time limit in elestrals",
    "a count the player asks for": "how many booster packs come in a spellfire display box",
    "a length of time asked for": "how long is a spellfire game in minutes",
    "a count no record states, beside another question": "how many cards come in a spellfire booster pack, and "
    "are they random?",
    "a price to buy": "how much does it cost to buy elementals",
    "a pile no ruling on looking names": "can i look through another players discard pile during the round",
    "a hand shown, where the ruling on looking speaks of other cards": "Am I allowed to show my hand to another "
    "player during the round?",
    "an opponent's take-back, where the ruling speaks of a game played alone": "If my opponent puts a card down on "
    "the wrong pile, may he pick it up again?",
    "a count for every player, where the ruling speaks of a game played alone": "how many cards does every player "
    "get dealt at the start",
    "one game's rule asked in another game's play": "may I mulligan when my opening hand holds no champion?",
}


@pytest.mark.parametrize("question, accepted", ANSWERED.values(), ids=ANSWERED.keys())
def test_a_question_of_each_class_is_answered_with_its_ruling_first(question: str, accepted: set[str]) -> None:
    value = ask(question).value
    assert not value["refused"], value
    assert value["rulings"][0]["id"] in accepted


@pytest.mark.parametrize("question", UNCOVERED.values(), ids=UNCOVERED.keys())
def test_a_question_of_the_same_shape_no_record_answers_is_refused_as_not_covered(question: str) -> None:
    value = ask(question).value
    assert value["refused"] and value["uncovered"]


def test_a_kind_of_answer_is_stated_only_by_a_ruling_of_the_game_asked_about() -> None:
    question = "if my opponent quits in the middle, do I still score the bonus points for my surviving elements?"
    value = ask(question).value
    assert value["refused"] and value["uncovered"]
    assert value["rulings"][0]["game"] == "clash"


def test_table_talk_does_not_bring_an_off_topic_question_in() -> None:
    value = ask("teaching my kids tonight: which planet is closest to the sun?").value
    assert value["refused"] and not value["uncovered"]


def test_what_a_player_needs_to_buy_is_not_a_price() -> None:
    value = ask("what deck do I need to buy for a game of elementals").value
    assert not value["refused"]
    # The record that says which cards to get (one ordinary 52-card pack and two jokers) is among the first three.
    assert "elementals.setup.deck" in [hit["id"] for hit in value["rulings"][:3]]


#: Questions that describe a play but ask something no engine computes: answered by rulings, never by a computed
#: outcome. Beside each, the play asked about itself, still computed.
NOT_COMPUTED = {
    "whether a play must be made is an obligation, not the play's outcome": (
        "Must my Air attack their Earth on my turn, or may I pass?",
        "My Fire attacks their Water. Who is eliminated?",
    ),
    "an ability in a role named in general is the rule, not one attack": (
        "My Water attacks their Fire and I want Water to surge. Is Surge legal on offense?",
        "My Water attacks their Fire and Water uses Surge. Is that legal?",
    ),
    "the element attack is made with is not the one attacked": (
        "Ether is all that is left on my side, so I attack with my Ether. Who is eliminated?",
        "My Ether attacks their Ether, no abilities. Result?",
    ),
    "one ability undoing another asks what the ability does": (
        "Their Fire attacks my Earth and declares Blaze; can Fortify cancel the Blaze?",
        "Their Fire attacks my Earth and declares Blaze; I use Fortify. Who is eliminated?",
    ),
    "a ban written on a realm's card is not read into a formation": (
        "Nothing is razed; realm E cannot be attacked by flyers. Can my flying champion attack realm E?",
        "Nothing is razed. Can my flying champion attack realm E?",
    ),
}


@pytest.mark.parametrize("question, computed", NOT_COMPUTED.values(), ids=NOT_COMPUTED.keys())
def test_a_play_described_is_computed_only_when_its_outcome_is_asked(question: str, computed: str) -> None:
    value = ask(question).value
    assert value["computed"] is None, value["computed"]
    assert not value["refused"]
    assert ask(computed).value["computed"] is not None


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        (
            "I attack with Air and use Gale; the target is their Earth, which declares nothing. Who is eliminated?",
            "computed: P2's Earth is eliminated (5 against 2)",
        ),
        (
            "I attack with Water, no ability, and their Fire defends. What happens?",
            "computed: P2's Fire is eliminated (4 against 3)",
        ),
    ],
)
def test_the_element_attacked_with_attacks_the_other_one_named(question: str, verdict: str) -> None:
    assert ask(question).verdict == verdict
