"""`rulebook ask` on what a question asks, as against what it tells or reports: a case asked about is the rule
itself, not a thing the game may lack; and on the table's shorthand ("champ", "tourney", "wat", "gotta")."""

from __future__ import annotations

from rulebook.ask import ask


def test_a_case_asked_about_is_the_rule_itself_not_a_thing_the_documents_must_name() -> None:
    value = ask("When does a card I borrowed in combat go back, and is there any case where I keep it?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] in {"spellfire.borrow.return", "spellfire.borrow.exceptions"}


def test_a_thing_asked_whether_the_game_has_is_still_read() -> None:
    value = ask("is there a turn time limit in elestrals").value
    assert value["refused"] and value["uncovered"]


def test_a_count_another_player_asks_for_is_what_the_question_is_about_not_what_it_asks() -> None:
    value = ask("my opponent asked how many spirits I have left in my spirit deck, must I tell her?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elestrals.setup.hidden-information"


def test_a_count_the_player_asks_for_is_still_read() -> None:
    value = ask("how many booster packs come in a spellfire display box").value
    assert value["refused"] and value["uncovered"]


def test_a_span_of_play_told_is_not_a_length_of_time_asked_for() -> None:
    told = "we have been playing for two hours and nobody knows what we aim for"
    value = ask(f"{told}; how does a player win a game of spellfire?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "spellfire.end.victory"


def test_a_length_of_time_asked_for_is_still_read() -> None:
    value = ask("how long is a spellfire game in minutes").value
    assert value["refused"] and value["uncovered"]


def test_a_kind_of_answer_is_stated_only_by_a_ruling_of_the_game_asked_about() -> None:
    question = "if my opponent quits in the middle, do I still score the bonus points for my surviving elements?"
    value = ask(question).value
    assert value["refused"] and value["uncovered"]
    assert value["rulings"][0]["game"] == "clash"


def test_the_game_asked_abouts_own_ruling_on_the_kind_still_answers() -> None:
    value = ask("can I concede in the middle of a battle?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elestrals.tournament.concede"


def test_champ_is_table_shorthand_for_a_champion() -> None:
    value = ask("my champ can fly, do my allies get to fly too").value
    assert value["rulings"][0]["id"] == "spellfire.move.no-granting"


def test_a_count_asked_beside_another_question_is_held_to_its_own_clause() -> None:
    value = ask("how many realms are in a formation, and can I move them later?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "spellfire.formation.pyramid"


def test_a_count_no_record_states_is_refused_beside_another_question_too() -> None:
    value = ask("how many cards come in a spellfire booster pack, and are they random?").value
    assert value["refused"] and value["uncovered"]


def test_who_is_at_the_table_and_when_is_no_sign_of_another_subject() -> None:
    question = "Teaching my niece today: what are the steps of a turn, in order, from choosing an attacker to the "
    question += "result?"
    value = ask(question).value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "clash.turn.sequence"


def test_table_talk_does_not_bring_an_off_topic_question_in() -> None:
    value = ask("teaching my kids tonight: which planet is closest to the sun?").value
    assert value["refused"] and not value["uncovered"]


def test_a_word_of_ability_is_read_as_its_verb() -> None:
    value = ask("Is position E reachable by an earthwalker?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "spellfire.move.earthwalker"


def test_tourney_is_table_shorthand_for_a_tournament() -> None:
    value = ask("whats the side deck limit at a tourney").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elestrals.tournament.side-deck"


def test_what_a_player_needs_to_buy_is_not_a_price() -> None:
    value = ask("what deck do I need to buy for a game of elementals").value
    assert not value["refused"]
    assert "elementals.cards.titan-deck" in [hit["id"] for hit in value["rulings"][:3]]


def test_a_price_to_buy_is_still_refused() -> None:
    value = ask("how much does it cost to buy elementals").value
    assert value["refused"] and value["uncovered"]


def test_is_there_anywhere_asks_whether_a_move_is_possible_not_for_a_thing() -> None:
    value = ask("in clash IV, is there anywhere my Gravitate can move a spell?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elephants.gravitate.not-in-clash-iv"


def test_chat_spellings_of_filler_words_are_no_sign_of_another_subject() -> None:
    value = ask("wat do queens stand for").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elementals.cards.elementals"
    value = ask("where do eliminated elements go, we gotta track them?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "clash.attack.elimination"


def test_is_there_a_way_asks_for_the_rule_itself_not_a_thing() -> None:
    value = ask("is there a proper way to deal the elementals face cards").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elementals.setup.layouts"


def test_a_hedge_on_how_the_hand_feels_is_no_sign_of_another_subject() -> None:
    value = ask("I go first and my hand feels thin: do I draw on my very first turn, and may I attack then?").value
    assert not value["refused"]
    assert value["rulings"][0]["id"] == "elestrals.setup.first-turn"
