"""`ask`'s fitted refuse-or-answer check (rulebook.unasked): the shipped model fits the signals as computed, and it
turns into "the documents do not cover this" only questions near the ones no record answers."""

from __future__ import annotations

import json

import pytest

from rulebook import unasked, unasked_fit
from rulebook.ask import ask
from rulebook.vocabulary import is_number, lexicon, stem, words

#: Questions no record answers that no kind of answer read from their form catches (the check does).
LEFT_OPEN = [
    "is there a score for winning well, like taking less damage meaning a better result?",
    "are we allowed to take notes during a game at an elestrals event",
    "how are pairings done each round at an elestrals tournament, swiss?",
]
#: Real questions the records answer, each of a form the uncovered ones share ("is there a limit", "can we").
ANSWERED = [
    ("Does Fortify save Earth on a tie?", "clash."),
    ("is there a hand limit in elestrals", "elestrals."),
    ("can two players share one deck of playing cards for elementals", "elementals."),
]


def test_the_shipped_model_names_the_signals_as_they_are_computed_now() -> None:
    # A signal added or renamed without fitting again (benchmarks/ask_unasked.py --fit) would leave the model
    # unusable: it must name the signals as computed now, and be enabled with its threshold.
    data = json.loads(unasked.PATH.read_text(encoding="utf-8"))
    assert data["signals"] == [*unasked.SIGNALS, *unasked.NEARNESS]
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(data["signals"])
    assert data["enabled"] is True and 0.0 < data["threshold"] < 1.0
    # its threshold refuses at most 0.1% more of the real questions held out of its fitting (about 4 of 4,091): at 0
    # the threshold rests on the single real question scored highest, and one relabelled question moved it 0.48 -> 0.65
    assert data["budget"] == 0.001


@pytest.mark.parametrize("question", LEFT_OPEN)
def test_a_question_the_documents_leave_open_is_not_answered(question: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = ask(question)
    assert found.value["uncovered"] and found.value["refused"], found.verdict
    assert found.verdict.startswith("the documents do not cover this"), found.verdict
    # The check decides it: without it the same question is answered by a ruling.
    monkeypatch.setattr(unasked, "_model", dict)
    bare = ask(question)
    assert not bare.value["refused"], bare.verdict


@pytest.mark.parametrize(("question", "game"), ANSWERED)
def test_real_questions_are_still_answered(question: str, game: str) -> None:
    found = ask(question)
    assert not found.value["refused"], found.verdict
    assert found.value["rulings"][0]["id"].startswith(game)


def test_the_shipped_index_is_the_one_the_stored_questions_make() -> None:
    # benchmarks/ask_unasked.py --fit writes both: questions stored without their index (or an index of other
    # questions) would weigh a question's nearness against what the model was not fitted with.
    stored = json.loads(unasked.QUESTIONS.read_text(encoding="utf-8"))["questions"]
    model = json.loads(unasked.PATH.read_text(encoding="utf-8"))
    # (it also holds the records' stems: after a record is edited, answers stay right, the edited record stemmed
    # as before, but the index is written again so that it is read from the index)
    assert unasked.INDEX.read_bytes() == unasked_fit.index_bytes(stored, model, lexicon().records), (
        "rulebook/data/unasked-index.bin is stale (a record was edited since it was written): write it again with "
        'python -c "from rulebook.unasked_fit import write_index; write_index()"'
    )
    # the model as the check reads it from the index: the same numbers as the fitted one
    read = unasked._model()
    assert {key: read[key] for key in ("signals", "mean", "scale", "weights", "bias", "threshold", "enabled")} == {
        key: model[key] for key in ("signals", "mean", "scale", "weights", "bias", "threshold", "enabled")
    }


def test_nearness_is_read_from_the_shipped_index_and_writes_no_cache(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULEBOOK_CACHE_DIR", str(tmp_path))
    unasked._index.cache_clear()
    try:
        first = unasked.nearness("can players trade cards with each other in the middle of a game")
        assert list(tmp_path.iterdir()) == []  # type: ignore[attr-defined]
        assert first[0] > first[1]  # nearer a question no record answers than any real one
        assert unasked.nearness("zzqx") == [0.0, 0.0, 0.0]  # no word of any stored question
    finally:
        unasked._index.cache_clear()


def test_the_index_weighs_as_the_vectors_do(monkeypatch: pytest.MonkeyPatch) -> None:
    # Through the index a question's nearness is its cosine to the stored questions' vectors over their rarer terms.
    questions = [
        ["u", "can we trade cards"],
        ["r", "can we attack twice"],
        ["r", "how do I attack a spirit"],
        ["o", "what is the weather"],
        ["r", "can we draw cards"],
        ["o", "who makes the board"],
        ["o", "where is the nearest shop"],
    ]
    found, idf = unasked_fit.vectors([t for _k, t in questions])
    index = unasked._Index(unasked_fit.index_bytes(questions))
    assert index.find("trade")[0] == idf["trade"]
    assert index.find("nothing") is None
    monkeypatch.setattr(unasked, "_index", lambda: index)
    asked = found[0]

    def cosine(m: int) -> float:
        return sum(v * found[m].get(t, 0.0) for t, v in asked.items() if idf[t] > unasked.COMMON_TERM)

    unc, real, _diff = unasked.nearness("can we trade cards")
    assert unc == pytest.approx(cosine(0))
    assert real == pytest.approx(max(cosine(1), cosine(2), cosine(4))) and 0.0 < real < unc


def test_the_records_stems_are_read_from_the_index_as_the_stemmer_gives_them() -> None:
    # ask reads a record's stems (and a question's) from the shipped index, without loading the stemmer: the same
    # stems the stemmer gives, and none for a record written otherwise than when the index was
    index = unasked._index()
    assert index is not None
    records = lexicon().records
    for record in [records[0], records[len(records) // 2], records[-1]]:
        said = [record[3], record[4], *(record[7] if len(record) > 7 else ())]
        assert set(index.record(record[0], said) or ["none"]) == {stem(w) for text in said for w in words(text)}
        assert index.record(record[0], [*said, "a rewritten line"]) is None
    assert [index.stem(w) for w in ("does", "fortified", "zzqxing")] == [
        stem(w) for w in ("does", "fortified", "zzqxing")
    ]


def test_the_short_cut_decides_as_the_whole_model_on_random_signals() -> None:
    # settled decides without nearness only when no nearness within its bounds could change the decision: on random
    # signals and random nearness within random bounds (their corners among them), it says what the whole model says,
    # for the shipped model and for random ones (some of them put right at their threshold, to the last digits).
    import math
    import random

    shipped = unasked._model()
    general = len(unasked.SIGNALS)
    size = general + len(unasked.NEARNESS)
    chosen = random.Random(22)
    decided = {True: 0, False: 0}
    for n in range(6000):
        model = dict(shipped)
        if n % 2:
            model["weights"] = [chosen.gauss(0.0, 0.3) for _ in range(size)]
            model["mean"] = [chosen.gauss(0.0, 1.0) for _ in range(size)]
            model["scale"] = [chosen.uniform(0.05, 2.0) for _ in range(size)]
            model["bias"], model["threshold"] = chosen.uniform(-5.0, 5.0), chosen.uniform(0.02, 0.98)
        spread = chosen.choice([0.5, 1.0, 3.0])
        values = [m + s * chosen.gauss(0.0, spread) for m, s in zip(model["mean"], model["scale"], strict=True)]
        values = values[:general]
        reach = chosen.choice([(1.0, 1.0), (0.0, 0.0), (chosen.random(), chosen.random())])
        if n % 6 == 1:  # the log-odds of no nearness put right at the threshold, or a hair from it
            cut = math.log(model["threshold"] / (1.0 - model["threshold"]))
            at = model["bias"] + sum(
                w * ((v if k < general else 0.0) - m) / s
                for k, (w, v, m, s) in enumerate(
                    zip(model["weights"], [*values, 0.0, 0.0, 0.0], model["mean"], model["scale"], strict=True)
                )
            )
            model["bias"] += cut - at + chosen.choice([0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-6, -1e-6])
        verdict = unasked.settled(values, reach, model)
        if verdict is None:
            continue
        decided[verdict] += 1
        corners = [(reach[0], 0.0), (0.0, reach[1]), (reach[0], reach[1]), (0.0, 0.0)]
        for u, r in [*corners, (chosen.uniform(0.0, reach[0]), chosen.uniform(0.0, reach[1]))]:
            assert (unasked.probability([*values, u, r, u - r], model) >= model["threshold"]) == verdict, (n, u, r)
    assert decided[True] > 500 and decided[False] > 1000, decided


def test_the_bounds_hold_on_real_questions_and_the_short_cut_saves_the_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    # A question's nearness never passes the bounds its terms allow, and a question the general signals settle is
    # answered without summing nearness ("Does Fortify save Earth on a tie?" is far from the stored questions no
    # record answers: most of its weight lies on terms none of them holds).
    for question in [*LEFT_OPEN, *(q for q, _g in ANSWERED), "how many cards do I draw each turn", "zzqx"]:
        read = unasked._vector(question)
        assert read is not None
        unc, real, _diff = unasked._nearness(*read)
        top_unc, top_real = unasked._reach(*read)
        assert 0.0 <= unc <= top_unc + 1e-12 and 0.0 <= real <= top_real + 1e-12, question
    # the bound is reached: a question that is a stored one, every term of it rare
    stored = [["u", "trade cards"], ["r", "attack twice"], ["o", "what is the weather"], ["r", "draw a spirit"]]
    with monkeypatch.context() as patched:
        index = unasked._Index(unasked_fit.index_bytes(stored))
        patched.setattr(unasked, "_index", lambda: index)
        read = unasked._vector("trade cards")
        assert read is not None
        assert unasked._nearness(*read)[:2] == pytest.approx([1.0, 0.0])
        assert unasked._reach(*read) == pytest.approx((1.0, 0.0))
    summed: list[str] = []
    whole = unasked._nearness
    monkeypatch.setattr(unasked, "_nearness", lambda *read: summed.append("x") or whole(*read))
    assert not ask("Does Fortify save Earth on a tie?").value["refused"]
    assert summed == []
    found = ask(LEFT_OPEN[0])
    assert found.value["uncovered"] and summed == ["x"]  # a question near the line: summed, and refused


def test_a_quantity_asked_for_that_the_best_ruling_states_no_number_of_is_a_signal() -> None:
    # "what is the most ..." asks for a number: a best ruling with no number at all in its title and text does not
    # state it; one with a number may; a question asking no quantity never raises the signal.
    lex = lexicon()
    at = unasked.SIGNALS.index("quantity_unstated")

    def signal(question: str, rid: str) -> float:
        ranked = [{"id": rid, "game": rid.split(".")[0], "score": 1.0}]
        return unasked.signals(lex.read(question), ranked, lex, 1.0)[at]

    numberless = "spellfire.glossary.avatar"  # an Avatar described, no number in it
    said = lex.records[lex.by_id[numberless]]
    assert not any(is_number(w) for w in words(f"{said[3]} {said[4]}"))
    assert signal("What is the maximum number of champions I can have in play at once?", numberless) == 1.0
    assert signal("how many champions can I have in play at once", numberless) == 1.0
    assert signal("how many elementals are in the titan deck", "elementals.cards.titan-deck") == 0.0  # 42 cards
    assert signal("can an avatar attack a realm", numberless) == 0.0


def test_how_likely_the_best_records_game_is_from_the_questions_words() -> None:
    # A question in one game's words (Elemental Elephants' spell sets, drafted) met by another game's ruling reads
    # as unlikely of that game, and likely of its own; the shipped index counts each game's records holding a stem
    # as the records themselves do.
    lex = lexicon()
    at = unasked.SIGNALS.index("game_words")
    query = lex.read("is there a mulligan if the spell set i drafted looks bad before the first round")

    def signal(rid: str) -> float:
        return unasked.signals(query, [{"id": rid, "game": rid.split(".")[0], "score": 1.0}], lex, 1.0)[at]

    assert signal("elestrals.setup.mulligan") < 0.1 < 0.9 < signal("elephants.end.discard-all")
    index = unasked._index()
    assert index is not None and index.games == sorted({r[1] for r in lex.records})
    assert sum(index.game_records) == len(lex.records)
    for word in ("spell", "draft", "mulligan", "realm", "zzqx"):
        counted = [sum(1 for d, r in enumerate(lex.records) if r[1] == g and stem(word) in unasked._texts(lex, d))
                   for g in index.games]
        assert index.game_stem(stem(word)) == counted, word


#: Real questions of a form the form checks (rulebook.uncovered) read, which the records answer: a count stated as a
#: game's pieces ("four slots, holding Elestrals"), a hand's size, a pile looked through, a card leaving the field.
FORM_ANSWERED = [
    ("How many Elestrals can I have on my field at once?", "elestrals.zone.elestral-row"),
    ("in elephants, how many cards may I hold in my hand after the round ends?", "elephants.base."),
    ("Am I allowed to look through my own Underworld during the game?", "elestrals.zone.underworld"),
    ("if the attacker leaves the field in the middle of a battle, does my Elestral still deal damage?", "elestrals."),
    # a bound on a count whose thing was named before; which one is needed; what a deed told brings; "like" ending
    ("Illuminate lets me cast more spells; do I have to cast them, and how many at most?", "elephants."),
    ("I put two damage cards on the Queen of Diamonds; which card do I need to finish her off?", "elementals.attack."),
    ("My three cards are useless against the revealed elementals; what do I do with them, is there a cost to that?",
     "elementals."),
    ("can I run twenty copies of the same Spirit in my Spirit Deck, or is there a limit like in the Main Deck?",
     "elestrals.setup."),
    # how far a deed goes ("go past 33") names no thing; a card played "to undo" another undoes by its effect
    ("In Elementals I'm at 30 damage and this discard puts me on 33 exactly; do I need to go past 33 to lose?",
     "elementals.end.loss"),
    ("They played Cataclysm! on my realm; can I play Calm right away to undo it?", "spellfire.counter."),
    # a card still in play, not a game still made; a card played, named by the records
    ("Is the card still played face up after its owner's Elestral is destroyed?", "elestrals."),
    ("In Spellfire is playing a second realm in the same turn allowed?", "spellfire."),
    # a thing asked to be exact is the thing ("a fixed size": a size the records state)
    ("my friend wants a bigger Elestrals Main Deck, is there a fixed size for it?", "elestrals.setup.main-deck"),
    # "one" standing for a thing told before it; cards, not a player, leaving the game
    ("If Gravitate can move a spell, is moving one compulsory?", "elephants.interp.gravitate-move"),
    ("When both strengths match exactly, which elements actually leave the game?", "clash.attack.tie"),
    # a length of time for the span a record times, the words of the span aside
    ("About how long does a game of Elementals last from start to finish?", "elementals.game.length"),
    # a told clause before the question ("I have only got ten minutes") is not asked; a timer is the clock asked of
    ("I have only got ten minutes before class; how long does a game of Elementals usually take, is there a timer?",
     "elementals.game.length"),
    # an event in play, not organised play
    ("In the event of a tie in Elemental Clash, who wins the attack?", "clash."),
    # whether a game can go on forever asks whether it ends, beside the limit it names
    ("Is there a round limit in Elemental Clash, or can a game go on forever?", "clash.interp.game-ends"),
    # a count asked after another question, its ruling further down; a sum of numbers the question gives
    ("My Elestral is sitting in Defense Position; does it need to be in Attack Position to swing, and how many "
     "attacks does it get each turn?", "elestrals.battle.attack-position"),
    ("In Spellfire my deck has a champion at level 6 and an Avatar at level 12; how many champion levels does it "
     "count?", "spellfire."),
    # a count of what a player may hold is stated by their hand's size
    ("In Elemental Elephants, how many spells can I hold once the round is over?", "elephants.base."),
]
#: Questions of the same forms the documents leave open: another game's pile, a bound no record states.
FORM_LEFT_OPEN = [
    "in elemental elephants, can I look through another player's discard pile?",
    "What's the most total champion levels a spellfire deck is allowed to have?",
    "If a player leaves partway through a four player elephants game, what happens to their trunks and spells?",
    # a length in units, a pause on the clock, a bound on what follows "on"
    "By how much should the Elementals layout's rows overlap, in centimetres?",
    "In Elestrals, how long is the pause between games of a round?",
    "what's the limit on total champion levels for a spellfire deck",
    # advice from the table or the audience, an event's knockout stage
    "Can someone watching our Spellfire game give me advice about which realm to attack?",
    "In elestrals, how many players make the top cut at a store championship?",
    # whether players must do something with a thing no record speaks of
    "At our Elestrals store event, must players hand in a written list of their decks before round one?",
]


@pytest.mark.parametrize(("question", "first"), FORM_ANSWERED)
def test_a_form_the_records_answer_is_answered(question: str, first: str) -> None:
    found = ask(question)
    assert not found.value["refused"], found.verdict
    assert found.value["rulings"][0]["id"].startswith(first), found.value["rulings"][0]["id"]


@pytest.mark.parametrize("question", FORM_LEFT_OPEN)
def test_a_form_no_record_answers_is_not_answered(question: str) -> None:
    found = ask(question)
    assert found.value["uncovered"] and found.value["refused"], found.verdict


#: Questions asking for advice at the table or an event's knockout stage, and what the verdict says no record states.
KIND_LEFT_OPEN = [
    ("Can someone watching our Spellfire game give me advice about which realm to attack?", "who may advise a player"),
    ("In elephants, is table talk about the spells we are about to play allowed?", "who may advise a player"),
    ("In elestrals, how many players make the top cut at a store championship?", "cut to a knockout stage"),
    ("Should our Elestrals club night run Swiss rounds or a knockout bracket?", "cut to a knockout stage"),
    # a length of time stated by a record of another span: a game's few minutes do not time a tournament round
    ("How many minutes long is each round at a tournament?", "states a length of time"),
    # organised play asked of a game whose documents never speak of it (Clash's records kept on paper seem near)
    ("Is a judge at a tournament allowed to check the notes I keep on paper during a match?", "events or tournaments"),
    # whether a game is still made; a game's words used of a song or a currency (the question is not about play)
    ("is elemental clash still being sold in shops or is it out of print?", "whether it is still made"),
    ("Has Spellfire been discontinued?", "whether it is still made"),
    ("which song on the Elementals album has the best guitar solo", "a song, a film or a book"),
    # a thing no record names, played rather than used ("is running a proxy allowed", in a long question)
    ("Our Elestrals group lets people bring their own decks; is playing a home-printed proxy of a rare Elestral "
     "allowed in the Main Deck?", "speaks of"),
]


@pytest.mark.parametrize(("question", "stated"), KIND_LEFT_OPEN)
def test_the_verdict_names_the_kind_of_answer_no_record_states(question: str, stated: str) -> None:
    found = ask(question)
    assert found.value["uncovered"] and found.value["refused"], found.verdict
    assert stated in found.verdict, found.verdict


def test_a_thing_counted_in_digits_is_the_thing_a_record_counts_in_words() -> None:
    from rulebook.things import unheld_thing

    lex = lexicon()
    # Elementals' attack needs three cards: "the 3 cards" is a thing its records speak of
    assert unheld_thing(lex.read("do the 3 cards have to be played in the same turn"), lex, ["elementals"]) is None
    assert unheld_thing(lex.read("is there a turn time limit in elestrals"), lex, ["elestrals"]) is not None


def test_a_question_naming_no_game_is_asked_of_its_nearest_rulings_games() -> None:
    # the best ruling is Elestrals', which speaks of no "3 cards"; Elementals' attack of three cards answers it
    ruling = ask("do the 3 cards have to be played in the same turn")
    assert not ruling.value["refused"]
    assert "elementals.attack.across-turns" in [hit["id"] for hit in ruling.value["rulings"][:3]]
