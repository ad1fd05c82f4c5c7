"""`rulebook ask` computes on the board the question states: who leads, which realms are razed, which effects in which
order, which cost, which hand. Each test is a class of question once answered with a confident computed verdict for
another board; it asserts the verdict a user now reads (the engine command's own), or that the reading names what it
cannot read instead of computing."""

from __future__ import annotations

import shlex

from kept_cli import CliRunner

from cli.main import app
from rulebook.ask import ask


def _command(*args: str) -> str:
    """The verdict the engine command prints for the board, as a user would check it."""
    result = CliRunner().invoke(app, [*args])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()[0]


def test_an_elestrals_stat_set_is_read_in_every_verb_form() -> None:
    # "sets", "setting" and "set attack 1" are a stat set as much as "set ... to": left out, the answer was another
    # Elestral's stats (Attack 5, Defense 5 for the first).
    asked = {
        "A 2/5 Elestral: first a swap, then +3 Attack, then an effect sets its Defense to 1. Final stats?": (
            "2 5 swap 'attack +3' 'set defense 1'"
        ),
        "Base 2 Attack and 5 Defense; it gets a swap, then Attack +1, then an effect setting its Defense to 1?": (
            "2 5 swap 'attack +1' 'set defense 1'"
        ),
        "An Elestral with 2 Attack and 4 Defense gets 'attack +3', then 'swap', then 'set attack 1'. Final stats?": (
            "2 4 'attack +3' swap 'set attack 1'"
        ),
    }
    for question, effects in asked.items():
        expected = _command("elestrals", "stats", *shlex.split(effects))
        assert ask(question).verdict == f"computed: {expected}", question
    assert ask(next(iter(asked))).verdict == "computed: Final stats: Attack 1, Defense 5"


def test_an_enchantment_cost_listed_with_commas_and_and_is_the_whole_cost() -> None:
    # "fire, fire and one any" is three Spirits of cost, not one fire: read as one, the card was called Enchanted.
    question = "A card costs fire, fire and one any; it's Enchanted by fire, water and water Spirits. Misenchanted?"
    expected = _command("elestrals", "enchant", "fire,fire,any", "fire,water,water")
    assert expected.startswith("Misenchanted")
    assert ask(question).verdict == f"computed: {expected}"
    shorter = (
        "The Enchantment Cost is fire and fire, and one fire Spirit and one water Spirit Enchant it: misenchanted?"
    )
    assert ask(shorter).verdict == f"computed: {_command('elestrals', 'enchant', 'fire,fire', 'fire,water')}"


def test_a_cost_whose_last_type_is_said_as_a_spirit_is_the_whole_cost_when_the_spirits_are_told_after_it() -> None:
    # "one earth and one wind spirit but ... enchanted with two earth spirits": the wind Spirit was read as the one
    # on the card and the two earth Spirits left unread, so the card was said to lack an earth Spirit, not a wind one.
    question = "my stadium costs one earth and one wind spirit but it was enchanted with two earth spirits, enchanted?"
    expected = _command("elestrals", "enchant", "earth,wind", "earth,earth")
    assert "short 1 wind" in expected
    assert ask(question).verdict == f"computed: {expected}"


def test_a_spirit_deck_counted_after_it_is_named_is_its_count_though_a_number_comes_before_it() -> None:
    # "mulligan two times, but my Spirit Deck holds only three Spirits": the mulligans were read as the deck's count.
    question = "i want to mulligan two times but my spirit deck holds only three spirits, can i?"
    expected = _command("elestrals", "mulligan", "2", "--spirits", "3")
    assert "only 3 are in the Spirit Deck" in expected
    assert ask(question).verdict == f"computed: {expected}"


def test_a_gravitate_move_only_wanted_and_asked_whether_allowed_is_the_move_computed() -> None:
    # "wants to move ... Is that allowed, and will it still resolve?": read as a move already made, the order of the
    # clash was computed instead of whether Gravitate may move the spell.
    question = (
        "It's Clash I and my Gravitate wants to move the other player's Starfall on to Clash II. Is that legal, and"
        " does the Starfall still resolve in Clash I?"
    )
    expected = _command("elephants", "can-move", "P2:starfall", "P1:gravitate", "--to", "2", "--clash", "1")
    assert ask(question).verdict == f"computed: {expected}"
    # A move told as made, then asked about the moved spell: its rulings answer, no move is computed.
    done = ask("In Clash II they used Gravitate to move my Fireball to Clash III. Does it still resolve in Clash II?")
    assert done.value["computed"] is None


def test_razed_realms_are_read_past_the_words_between_them_and_razed() -> None:
    # "Realms A and B of my opponent are both razed": A was read as the target and never razed.
    question = "Realms A and B of my opponent are both razed; my hero has no movement power. Can he attack realm D?"
    assert ask(question).verdict == f"computed: {_command('spellfire', 'attack', 'D', '--razed', 'A,B', '-c', 'hero')}"
    question = "Their realms in positions B and C have already been razed. Can my plain hero attack their realm E?"
    assert ask(question).verdict == "computed: legal: the hero may attack E"


def test_a_realms_ban_on_flyers_or_its_only_kind_is_read_and_other_limits_named_not_computed() -> None:
    # What a realm's card says ("only lets heroes attack it") was once left out: the attack was judged legal without
    # it. It is read into the formation now (the engine's only-hero realm), and the attack is refused.
    ruling = ask(
        "Attacking F with a wizard earthwalker, nothing razed, and F's card only lets heroes attack it: legal?"
    )
    expected = _command("spellfire", "attack", "F", "-c", "wizard earthwalker", "--realm", "F: only-hero")
    assert expected == "illegal: F admits only hero champions, not the wizard"
    assert ruling.verdict == f"computed: {expected}"
    # A limit the reader cannot place on one realm is still named, not computed.
    vague = ask("Attacking F with a wizard earthwalker, nothing razed; some card says only heroes count. Legal?")
    assert vague.value["computed"] is None, vague.verdict
    # A realm's ban on a movement power told of it is read into the formation: the engine's no-flyer realm.
    banned = ask("Realm C is razed and realm F says flyers can't attack it. My hero is a flyer; can he attack F?")
    expected = _command("spellfire", "attack", "F", "-r", "C", "-c", "hero flyer", "--realm", "F: no-flyer")
    assert expected == "illegal: F shuts out flyers, and the hero always flies"
    assert banned.verdict == f"computed: {expected}"
    # Asked whether the flyer may walk in instead, the question is whether the power may be set aside: not computed.
    walk = ask("Realm A is razed; can my flying champion just walk up to B if the B realm says flyers can't attack it?")
    assert walk.value["computed"] is None


def test_the_ringleader_is_the_player_the_sentence_names() -> None:
    # "P2 is Ringleader. P1 has ...": the Ringleader was read as P1, the player named next, across the full stop.
    question = "Clash I, P2 is Ringleader. P1 has Ritual, P2 has Starfall. Which one resolves first?"
    expected = _command("elephants", "order", "P1:ritual", "P2:starfall", "--ringleader", "P2")
    assert expected == "Clash I resolves: P2:starfall, P1:ritual"
    assert ask(question).verdict == f"computed: {expected}"
    # "holds the Ringleader token" says who leads as well as "is the Ringleader".
    held = "Clash II, P2 holds the Ringleader token. P1 has Fireball and P2 has Turbulence. Which resolves first?"
    assert ask(held).verdict == "computed: Clash II resolves: P2:turbulence, P1:fireball"


def test_an_elementals_hand_listed_in_parentheses_is_the_hand() -> None:
    # The last card of "(3 of diamonds, 5 of clubs, 7 of spades)" was read as a second card on the king.
    question = (
        "The king of hearts has my 9 of clubs on it as the first damage card; from my hand (3 of diamonds, 5 of clubs,"
        " 7 of spades) can I put the 3 of diamonds on it as the second damage card?"
    )
    expected = _command("elementals", "check", "3D > KH", "--hand", "3D 5C 7S", "--targets", "KH", "--pile", "KH=9C")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected == "illegal: the two damage cards make 12, less than KH's power 13"


def test_a_realm_said_to_show_a_coastline_is_read_into_the_formation() -> None:
    # Before, a coastline was never read: a swimmer's attack on a coastal realm was not computed at all.
    question = "Nothing is razed and the realm in position E shows a coastline. Can my swimmer champion attack E?"
    expected = _command("spellfire", "attack", "E", "-c", "swimmer", "--realm", "E: coast")
    assert ask(question).verdict == f"computed: {expected}" == "computed: legal: the champion (swimmer) may attack E"
    # A coastline denied is not read: the answer rests on what is missing, not on a guess.
    denied = ask("Nothing is razed and realm E has no coastline. Can my swimmer champion attack E?")
    assert denied.value["computed"] is None
    assert "coastline is not read" in denied.value["readings"][0]["missing"][0]


def test_a_cataclysm_against_a_realm_with_a_named_card_between_is_judged() -> None:
    # "against my realm" names whose realm it strikes as "on my realm" does; "a Fireball" played between is a card,
    # and Calm after "only then" is still mine: before, Calm was read as P1's and the Cataclysm! as standing for that.
    question = "P1 plays Cataclysm! against my realm, I play a Fireball first and only then play Calm. Negated?"
    expected = _command("spellfire", "counter", "P1 Cataclysm!", "P2 Fireball", "P2 Calm")
    assert expected == "P1's Cataclysm! stands: P2 played Fireball before Calm"
    assert ask(question).verdict == "computed: P1's Cataclysm! stands: P2 played a Fireball before Calm"
    straight = ask("P1 plays Cataclysm! against P2's realm and P2 answers straight away with Calm. Negated?")
    assert straight.verdict == f"computed: {_command('spellfire', 'counter', 'P1 Cataclysm!', 'P2 Calm')}"


def test_a_battle_told_as_i_attack_with_is_computed() -> None:
    # "I attack with an Elestral that has ...": the attacker told after the verb was not read, nor was the battle.
    question = "My opponent has no Elestrals, and I attack with an Elestral that has 2 Attack and 3 Spirits. Expended?"
    expected = _command("elestrals", "battle", "attack=2 spirits=3", "none")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected == "No Elestral is destroyed; the defender's controller Expends 3 Spirits"
    swing = "i swing with a 3 atk 1 spirit elestral into their defense position guy w 3 def and 3 spirits. what happens"
    expected = _command("elestrals", "battle", "attack=3 spirits=1", "defense=3 spirits=3 position=defense")
    assert ask(swing).verdict == f"computed: {expected}"


def test_mulligans_told_how_many_are_computed_from_the_spirit_deck() -> None:
    question = "I want to mulligan 3 times and I have 5 Spirits in my Spirit Deck; can I pay for all three?"
    expected = _command("elestrals", "mulligan", "3", "--spirits", "5")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected.startswith("Not allowed")
    full = ask("I took three mulligans before the game with a full Spirit Deck; how many Spirits are left?")
    assert full.verdict == f"computed: {_command('elestrals', 'mulligan', '3')}"
    # How many mulligans unsaid: what a mulligan costs is the ruling's to answer, nothing is computed.
    assert (
        ask("I only have 1 Spirit left in my Spirit Deck before the game; can I still mulligan?").value["computed"]
        is None
    )


def test_one_ally_without_movement_joins_the_attack_on_the_realm_named_after_attack() -> None:
    # "one ally with no movement power" was never read, so the attack was not computed; and the realm attacked is
    # the one named after "attack", not the first one named ("Their realm A is still standing").
    question = "Their realm A is still standing. My flying champion wants to attack realm C with one ally who has no"
    question += " movement power. Is that legal?"
    expected = _command("spellfire", "attack", "C", "-c", "flyer", "--ally", "none")
    assert expected == "illegal: C is protected by A, and ally 1 has no movement power of its own"
    assert ask(question).verdict == f"computed: {expected}"
    # "A and B realms are razed" razes both ("A" in a list of letters is a realm, not the article).
    razed = ask("My opponent's A and B realms are razed. Can my hero with no movement power attack D?")
    assert razed.verdict == f"computed: {_command('spellfire', 'attack', 'D', '-r', 'A,B', '-c', 'hero')}"
    assert razed.value["readings"][0]["read"][:2] == ["the target D", "razed A, B"]


def test_a_cost_with_an_any_type_mark_and_the_spirits_on_the_card_are_judged() -> None:
    # "&" is an any-type Spirit: left out, "water plus one &" was a cost of one water, met by one water Spirit.
    question = "A Rune's Enchantment Cost is water plus one & and it only has a single water Spirit on it. Enchanted?"
    expected = _command("elestrals", "enchant", "water,any", "water")
    assert expected.startswith("Too few Spirits (1 of 2)")
    assert ask(question).verdict == f"computed: {expected}"
    # Without the word "Misenchanted", a cost and the Spirits on the card still ask whether it is Enchanted.
    plain = ask("cost is fire plus & and the card has a water spirit and a fire spirit on it, is it enchanted")
    assert plain.verdict == f"computed: {_command('elestrals', 'enchant', 'fire,any', 'water,fire')}"
    assert plain.value["rulings"][0]["id"] == "elestrals.rune.any-spirit"


def test_a_clash_attack_told_by_its_roles_is_computed() -> None:
    # "attacking with my Fire", "i attack w fire ... they defend w water", "Air is my attacker": the attack's direction
    # was not read, and nothing was computed.
    question = "I'm attacking with my Fire and using Blaze, and I've targeted their Earth, who does not use Fortify."
    assert ask(question).verdict == f"computed: {_command('clash', 'attack', 'fire+', 'earth')}"
    short = ask("i attack w fire using blaze, they defend w water using surge. whos out")
    assert short.verdict == f"computed: {_command('clash', 'attack', 'fire+', 'water+')}"
    roles = ask("Air is my attacker with Gale declared, their Earth is the target and they declare Fortify. Result?")
    assert roles.verdict == f"computed: {_command('clash', 'attack', 'air+', 'earth+')}"


def test_a_repeated_swap_is_applied_as_many_times_as_told() -> None:
    # "swapped twice" was read as one swap: the stats came back exchanged, where two swaps leave them as they were.
    asked = {
        "my 2/6 elestral gets its stats swapped twice, what is it now": "2 6 swap swap",
        "A 3/1 Elestral is swapped 3 times by effects. Final stats?": "3 1 swap swap swap",
    }
    for question, effects in asked.items():
        expected = _command("elestrals", "stats", *shlex.split(effects))
        assert ask(question).verdict == f"computed: {expected}", question
    assert ask(next(iter(asked))).verdict == "computed: Final stats: Attack 2, Defense 6"


def test_a_spell_said_to_be_the_opponents_is_the_opponents() -> None:
    # "my opponent's Fireball" and "the other player's Root" were read as the asker's own spells (P1's).
    for question in (
        "it's clash II and I cast Gravitate, can it send my opponent's Fireball to clash IV?",
        "Clash II: may my Gravitate push the other player's Fireball on to clash IV",
    ):
        expected = _command("elephants", "can-move", "P2:fireball", "--to", "4", "P1:gravitate", "--clash", "2")
        assert ask(question).verdict == f"computed: {expected}", question
        assert "P2:fireball" in expected


def test_a_spirit_deck_told_after_its_name_is_the_deck_the_mulligans_are_paid_from() -> None:
    # "my Spirit Deck is down to 3 Spirits" was read as a full deck, so two mulligans looked affordable.
    question = "before we start my spirit deck has only 3 spirits left, can i still mulligan twice?"
    expected = _command("elestrals", "mulligan", "2", "--spirits", "3")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected.startswith("Not allowed")


def test_an_enchantment_cost_ends_where_the_card_is_said_to_be_enchanted() -> None:
    # "a cost of water and water is Enchanted by one water Spirit ..." took the Spirit named next for a third type.
    question = (
        "A card with an Enchantment Cost of water and water is Enchanted by one water Spirit and one earth Spirit: ok?"
    )
    expected = _command("elestrals", "enchant", "water,water", "water,earth")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected.startswith("Misenchanted")


def test_two_elements_of_one_player_are_never_computed_as_an_attack() -> None:
    # "his Earth ... his Air" was computed as Air attacking Earth, an attack nobody described.
    for question in (
        "their Water blocked even though my attack was aimed at their Fire, is that allowed?",
        "his fire defended when I attacked his earth, ok?",
        "P2 defended with P2s Air against an attack on P2s Water, legal?",
    ):
        assert not ask(question).verdict.startswith("computed"), question


def test_a_card_named_suit_first_is_the_card_played() -> None:
    # "a heart 7" (the suit before the rank, as typed at the table) named no card: the play went unread and the
    # answer was the immunity rule, which a heart on the queen of spades has nothing to do with.
    expected = _command("elementals", "check", "7H > QS", "--hand", "7H", "--targets", "QS")
    assert ask("put a heart 7 on the queen of spades?").verdict == f"computed: {expected}"
    assert ask("can a diamond 9 go on the jack of diamonds").value["rulings"][0]["id"] == "elementals.attack.immunity"


def test_a_cataclysm_answered_by_calm_is_read_however_its_plays_are_told() -> None:
    # Named without a realm ("on p2"), "player two's realm", "Calm is the very next card I play", "only after that do I
    # play Calm", "p1 cataclysm!" in the engine's own notation, "aimed at": each was answered by the rulings alone.
    negated = _command("spellfire", "counter", "P1 Cataclysm!", "P2 Calm")
    stands = _command("spellfire", "counter", "P1 Cataclysm!", "P2 a realm", "P2 Calm")
    asked = {
        "Player one casts Cataclysm! on player two's realm and player two answers with Calm at once. Negated?": negated,
        "My opponent drops Cataclysm! on my realm, and Calm is the very next card I play. Does it work?": negated,
        "p1 plays cataclysm! on p2, then p2 plays a realm, then p2 plays calm. does the calm negate it": stands,
        "P1 plays Cataclysm! on me, I play a realm, and only after that do I play Calm. Negated?": stands,
        "p1 cataclysm! on my realm, then i play a realm, then calm. still negated?": stands,
        "p1 drops cataclysm! aimed at p2 - then p2 plays a realm and only then plays calm. negated?": stands,
    }
    for question, expected in asked.items():
        assert ask(question).verdict == f"computed: {expected}", question
    assert stands == "P1's Cataclysm! stands: P2 played a realm before Calm"
    # whose realm it falls on still has to be told
    assert ask("they played Cataclysm!, i played a realm and then Calm, is it negated").value["computed"] is None


def test_a_spellfire_attack_told_in_players_words_is_judged_on_the_formation_it_states() -> None:
    # "can i hit", "going for", "goes after", "my plain champ", "realm D, which shows a coastline", "my A realm, whose
    # card forbids flyers" and one ally told with its power: each left the attack unread or its formation unread.
    asked = {
        "only realm C is razed, B still stands. my plain champ, no allies. can i hit realm F": (
            "F",
            "--razed",
            "C",
        ),
        "Nothing is razed. My swimming wizard goes after realm E, which shows a coastline; he brings no allies.": (
            "E",
            "-c",
            "wizard swimmer",
            "--realm",
            "E: coast",
        ),
        "Realm B is razed and my E realm forbids flyers. A flying cleric, no allies, is going for E. Can he?": (
            "E",
            "-c",
            "cleric flyer",
            "--razed",
            "B",
            "--realm",
            "E: no-flyer",
        ),
        "A swimming hero attacks realm D, whose card shows a coastline; A and B stand. One ally that flies joins.": (
            "D",
            "-c",
            "hero swimmer",
            "--ally",
            "flyer",
            "--realm",
            "D: coast",
        ),
    }
    for question, args in asked.items():
        assert ask(question).verdict == f"computed: {_command('spellfire', 'attack', *args)}", question
    assert ask(next(iter(asked))).verdict == "computed: legal: the champion may attack F"
    # "hit" said of someone else's champion is not read as the attack asked about
    other = ask("Their swimmer wants to hit my realm D, which has a coastline, while A and B stand; is that allowed?")
    assert other.value["computed"] is None


def test_an_elestrals_battle_told_by_its_sides_roles_or_an_empty_field_is_computed() -> None:
    # "attacking w ... into", "my attacking Elestral has ...", "attacker ..., defender ...", "your field is empty" and
    # "I attack with 4 Attack and 2 Spirits" each named a battle the reader left unread, or read the wrong side.
    asked = {
        "attacking w 4 atk 2 spirits into their defense position guy with 4 def and 1 spirit, what happens": (
            "attack=4 spirits=2",
            "defense=4 spirits=1 position=defense",
        ),
        "attacker 2 atk 1 spirit, defender in defense position with 3 def and 2 spirits. result?": (
            "attack=2 spirits=1",
            "defense=3 spirits=2 position=defense",
        ),
        "their field is empty and i attack with my 4 attack elestral that has 2 spirits. how many do they expend": (
            "attack=4 spirits=2",
            "none",
        ),
        "They have no Elestrals, and my attacking Elestral has 1 Attack and 2 Spirits. What do they Expend?": (
            "attack=1 spirits=2",
            "none",
        ),
        "I attack with 4 Attack and 2 Spirits into their Attack Position Elestral with 3 Attack and 1 Spirit.": (
            "attack=4 spirits=2",
            "attack=3 spirits=1",
        ),
    }
    for question, sides in asked.items():
        assert ask(question).verdict == f"computed: {_command('elestrals', 'battle', *sides)}", question
    # a bare number that attacks still names no card
    assert (
        ask("my 3 attack hits their elestral in defense position with 3 defense. what happens").value["computed"]
        is None
    )
    stats = "An Elestral has a base Attack of 2 and Defense of 5; a swap, then +1 Attack. Final Attack and Defense?"
    assert ask(stats).verdict == f"computed: {_command('elestrals', 'stats', '2', '5', 'swap', 'attack +1')}"
    cost = "A Rune costing one water Spirit plus one of any type has a single fire Spirit on it: Enchanted?"
    assert ask(cost).verdict == f"computed: {_command('elestrals', 'enchant', 'water,any', 'fire')}"


def test_an_elephants_clash_told_by_the_asker_is_played_from_the_asker_s_seat() -> None:
    # "I'm the Ringleader ... my opponent (on my left) has ...": the asker's and the opponent's spells were unowned, the
    # Ringleader after "ringleader P3" unread, a spell named again counted twice, "the first clash" taken for an order.
    asked = {
        "Clash II: I am the Ringleader and cast Stupefy, and the player on my left cast Gravitate. What goes first?": (
            "P1:stupefy",
            "P2:gravitate",
            "--clash",
            "2",
            "--ringleader",
            "P1",
        ),
        "Clash I, ringleader P2: P1 plays Clap, P2 Nightglow. What's the resolution order?": (
            "P1:clap",
            "P2:nightglow",
            "--ringleader",
            "P2",
        ),
        "In Clash I, I have Fireball and Accelerator and my opponent has Crush. I'm the Ringleader. Does my Fireball"
        " go before her Crush?": ("P1:fireball", "P1:accelerator", "P2:crush", "--ringleader", "P1"),
    }
    for question, args in asked.items():
        assert ask(question).verdict == f"computed: {_command('elephants', 'order', *args)}", question
    clap = _command("elephants", "clap-targets", "P1:clap", "P2:offering", "P2:root")
    assert clap == "P1:clap cancels one spell of P2 (P2:root)"
    for question in (
        "P1 plays Clap in the first clash; P2 has Offering and Root there. Can P1's Clap cancel P2's Offering?",
        "My opponent has Offering and Root in this clash, and I resolve Clap here; can my Clap cancel their Offering?",
    ):
        assert ask(question).verdict == f"computed: {clap}", question
    lose = "P1 casts Clap in Clash I; player two has Fireball and Scorch, player three Flow. Who loses a spell to Clap?"
    assert (
        ask(lose).verdict
        == f"computed: {_command('elephants', 'clap-targets', 'P1:clap', 'P2:fireball', 'P2:scorch', 'P3:flow')}"
    )
    # asked whether Root shields itself, not what one Clap cancels; nor an order asked of a move
    assert (
        ask(
            "My Root is in clash II by my Enfeeble and my opponent cancels the Root with Clap; is Root shielded?"
        ).value["computed"]
        is None
    )
    assert ask("I have Root here. Can my opponent still move my other spells with Gravitate?").value["computed"] is None


def test_an_elementals_play_among_several_elementals_or_a_discard_is_judged_on_the_board_told() -> None:
    # Several face-up elementals, "no cards on it yet", "I have the ...", "a joker and the 2 of clubs" (the 2 is a card,
    # not the joker's power), "on her" as where the card goes, a hand listed before a comma, and earlier discards.
    asked = {
        "My hand is 8S, 3D and 4C, and the face-up elementals are KS and QH, nothing on them. Can I play 8S on KS?": (
            "8S > KS",
            "--hand",
            "8S",
            "--targets",
            "KS QH",
        ),
        "My hand is 7H 5C 2D, the face-up elementals are KS and QH, and KS already has the 9D on it. Can I play the 5C "
        "on KS?": ("5C > KS", "--hand", "5C", "--targets", "KS QH", "--pile", "KS=9D"),
        "I have the 7 of spades in hand and the king of spades is face up with no cards on it yet. Can I play the 7 of "
        "spades on it?": ("7S > KS", "--hand", "7S", "--targets", "KS"),
        "the queen of diamonds is face up and i have the 8 of diamonds, can i play it as damage on her": (
            "8D > QD",
            "--hand",
            "8D",
            "--targets",
            "QD",
        ),
        "queen of clubs face up with 4D already on it, i have a joker and the 3 of hearts. if i play the joker as an 8 "
        "on QC is that enough": ("JK1=8 > QC", "--hand", "JK1", "--targets", "QC", "--pile", "QC=4D"),
    }
    for question, args in asked.items():
        assert ask(question).verdict == f"computed: {_command('elementals', 'check', *args)}", question
    discard = "I've already discarded a 10 of hearts, an 8 of spades and a 6 of clubs; what happens if I discard 9D?"
    expected = _command("elementals", "check", "discard 9D", "--hand", "9D", "--discards", "10H 8S 6C")
    assert expected == "9D is discarded: 9 damage, 33 of 33; the player loses"
    assert ask(discard).verdict == f"computed: {expected}"


def test_a_clash_attack_sent_at_an_element_or_made_with_one_is_computed() -> None:
    # "sends Air at my Water", "send Earth against their Fire", "attacked my Water with her Ether": which element
    # attacks was left unread.
    asked = {
        "My opponent sends Fire at my Earth and uses Blaze; I use Fortify on my defending Earth. Who is eliminated?": (
            "fire+",
            "earth+",
        ),
        "I send Water, no ability, against my opponent's Fire, who uses no ability either; which element leaves?": (
            "water",
            "fire",
        ),
        "My brother attacked my Earth with his Air, no abilities used at all. Which element leaves the table?": (
            "air",
            "earth",
        ),
    }
    for question, args in asked.items():
        assert ask(question).verdict == f"computed: {_command('clash', 'attack', *args)}", question


def test_a_clash_attack_after_earlier_turns_with_no_ability_used_is_computed() -> None:
    # A position after earlier turns ("only Fire left", "down to Water") was never computed, though with no ability
    # used by either side the outcome is the two elements' strengths alone; "attacks my Earth with it" left which
    # element attacks unread.
    asked = {
        "She is down to Water and chooses to attack my Fire with it, neither of us using an ability. Who leaves?": (
            "water",
            "fire",
        ),
        "We each have just Air left, so my Air attacks the other Air and neither player uses an ability; result?": (
            "air",
            "air",
        ),
        "Their last element is Earth and it attacks my Water; no abilities are used. Which one goes?": (
            "earth",
            "water",
        ),
    }
    for question, args in asked.items():
        assert ask(question).verdict == f"computed: {_command('clash', 'attack', *args)}", question
    # An ability used after earlier turns may have been spent: still not computed.
    spent = ask("Only Fire is left on my side, and my Fire attacks their Water using Blaze; who wins?")
    assert spent.value["computed"] is None
    assert "the position before this attack" in spent.value["readings"][0]["missing"][0]


def test_a_clash_defender_told_to_use_nothing_is_not_a_question_about_defence_in_general() -> None:
    # "they don't use anything on defense" was read as asking what an ability may do on defence in general.
    question = "I attack their Earth with my Fire and use Blaze, and they use nothing on defense; who is eliminated?"
    assert ask(question).verdict == f"computed: {_command('clash', 'attack', 'fire+', 'earth')}"
    general = ask("My Fire attacks their Earth: is Fortify allowed on defense?")
    assert general.value["computed"] is None


def test_an_elephants_spell_shielded_by_root_is_computed_for_any_canceller() -> None:
    # "can p1's stupefy cancel p2's fireball when p2 has root" was read as an order never asked; only a Clap's
    # cancelling was computed.
    question = "Would my Stupefy be able to cancel the other player's Crush when that player has Root out this clash?"
    expected = _command("elephants", "can-cancel", "P2:crush", "--by", "P1:stupefy", "P2:root")
    assert expected == "P1:stupefy cannot cancel P2:crush: P2:root shields it"
    assert ask(question).verdict == f"computed: {expected}"
    # The spells told in a sentence before the one asking, and the cancelling asked the other way round.
    told = "My opponent has Root and Crush in clash III. Can their Crush be cancelled by my Stupefy?"
    expected = _command("elephants", "can-cancel", "P2:crush", "--by", "P1:stupefy", "P2:root", "--clash", "3")
    assert ask(told).verdict == f"computed: {expected}"
    # Root of the canceller's own side shields nothing here, and what Stupefy may cancel is its own text: not computed.
    assert ask("Can my Stupefy cancel P2's Crush while I have Root out?").value["computed"] is None


def test_spellfire_allies_counted_then_told_one_by_one_are_read() -> None:
    # "two allies, one a flyer and one with no movement at all" left the allies unread: nothing was computed.
    question = (
        "None of their realms is razed. My flying champion attacks realm E with three allies: one that flies, one"
        " earthwalker and one with no movement power. Legal?"
    )
    allies = ("--ally", "flyer", "--ally", "earthwalker", "--ally", "none")
    expected = _command("spellfire", "attack", "E", "--champion", "flyer", *allies)
    assert expected == "illegal: E is protected by B and C, and ally 3 has no movement power of its own"
    answer = ask(question)
    assert answer.verdict == f"computed: {expected}"
    # the rule that refuses it is the allies' own movement, cited first (not that the champion's is not lent)
    assert answer.value["rulings"][0]["id"] == "spellfire.move.allies-need-movement"
    # Allies counted with one power for all.
    alike = {
        "Nothing is razed. My flying hero attacks realm D with two allies, both earthwalkers. Legal?": (
            "D",
            "--ally",
            "earthwalker",
            "--ally",
            "earthwalker",
        ),
        "Nothing is razed; my flying hero goes for realm C with two flying allies. Is that allowed?": (
            "C",
            "--ally",
            "flyer",
            "--ally",
            "flyer",
        ),
    }
    for question, (realm, *allies) in alike.items():
        expected = _command("spellfire", "attack", realm, "-c", "hero flyer", *allies)
        assert ask(question).verdict == f"computed: {expected}", question
    # An ally told only by a power it lacks may have another one: not computed.
    denied = "My flyer attacks realm B with two allies, one a flyer and the other not a flyer; legal?"
    assert ask(denied).value["computed"] is None


def test_an_elestrals_attacker_told_by_its_role_against_an_empty_field_is_computed() -> None:
    # "my attacker has 2 Attack and 3 Spirits" with no verb of attacking and no defender left the battle unread.
    question = "Their field is empty, and my attacker has 5 Attack with 2 Spirits Enchanting it; what do they Expend?"
    expected = _command("elestrals", "battle", "attack=5 spirits=2", "none")
    assert expected == "No Elestral is destroyed; the defender's controller Expends 2 Spirits"
    assert ask(question).verdict == f"computed: {expected}"
    # No attacked side told: nothing computed.
    assert ask("My attacker has 5 Attack with 2 Spirits Enchanting it; what happens?").value["computed"] is None
    # The opponent's Elestral told beside the attacker named by its role is the side attacked; the asker's own is not.
    theirs = "Their Elestral in Defense Position has 2 Defense and 1 Spirit; my attacker has 3 Attack, 1 Spirit. So?"
    expected = _command("elestrals", "battle", "attack=3 spirits=1", "defense=2 spirits=1 position=defense")
    assert ask(theirs).verdict == f"computed: {expected}"
    mine = "My attacker has 3 Attack and 1 Spirit; my other Elestral has 2 Attack and 1 Spirit. Result?"
    assert ask(mine).value["computed"] is None


def test_an_elementals_lord_s_power_used_on_a_card_of_the_hand_is_computed() -> None:
    # A lord's power used on a card of the hand was never read: only a card played onto an elemental was.
    question = "I keep the king of hearts as my power, and my hand is 8C 3D. Could I use Whispers of Neptulon on 3D?"
    expected = _command("elementals", "check", "neptulon 3D", "--hand", "3D 8C", "--powers", "KH")
    assert expected == "Whispers of Neptulon on 3D"
    assert ask(question).verdict == f"computed: {expected}"
    worth = (
        "I kept the king of spades as a power; my hand is 4C 9H. Can I use Hand of Ragnaros on the 9H? What's it worth?"
    )
    expected = _command("elementals", "check", "ragnaros 9H", "--hand", "9H 4C", "--powers", "KS")
    assert ask(worth).verdict == f"computed: {expected}"
    # The power in the player's words, not its title.
    words = "I kept the king of hearts as a power. My hand is 9S 4D; can I use Neptulon's power on the 9S?"
    expected = _command("elementals", "check", "neptulon 9S", "--hand", "9S 4D", "--powers", "KH")
    assert ask(words).verdict == f"computed: {expected}"
    # A card not in the hand told, or the lord not told kept as a power: not computed.
    elsewhere = "I kept the king of spades as a power; my hand is 4C 9H. Can I use Hand of Ragnaros on the 2S?"
    assert ask(elsewhere).value["computed"] is None
    untold = "My hand is 4C 9H. Can I use Hand of Ragnaros on the 9H?"
    assert ask(untold).value["computed"] is None


def test_a_spellfire_realm_admitting_only_one_kind_is_read() -> None:
    # "F's card only lets heroes attack it" was named as unread: nothing was computed.
    question = (
        "Nothing of theirs is razed; realm E only allows wizards to attack it, and my hero flyer goes for E. Legal?"
    )
    expected = _command("spellfire", "attack", "E", "--champion", "hero flyer", "--realm", "E: only-wizard")
    assert expected.startswith("illegal: E admits only wizard champions")
    answer = ask(question)
    assert answer.verdict == f"computed: {expected}"
    # the decision cites the champion-type limit first, not a note the engine adds after it
    assert answer.value["rulings"][0]["id"] != "spellfire.formation.exposed"


def test_a_direct_attack_told_by_nothing_on_the_field_and_a_lord_kept_in_other_words_are_read() -> None:
    # "nothing is on their field" and "kept him as a power" were not read: nothing was computed.
    direct = "There's nothing on their field, and my attacker has 3 Attack and 1 Spirit. How many Spirits do they lose?"
    expected = _command("elestrals", "battle", "attack=3 spirits=1", "none")
    assert ask(direct).verdict == f"computed: {expected}"
    own = "Nothing else is on my field and my attacker has 3 Attack and 1 Spirit. What happens?"
    assert ask(own).value["computed"] is None  # the asker's own field: no attacked side told
    power = (
        "We beat Neptulon earlier and I kept him as a power. My hand is 4S 10D; can I use Whispers of Neptulon on 10D?"
    )
    expected = _command("elementals", "check", "neptulon 10D", "--hand", "10D 4S", "--powers", "KH")
    assert ask(power).verdict == f"computed: {expected}"


def test_a_cataclysm_on_one_of_a_players_realms_answered_by_casting_a_named_card_is_judged() -> None:
    # "on one of player two's realms" names whose realm it strikes, and "answers by casting a Lightning" plays a
    # Lightning (not a card named "by"): before, neither was read and nothing was computed.
    question = "P1 casts Cataclysm! on one of player two's realms; player two answers by casting a Lightning, then Calm"
    expected = _command("spellfire", "counter", "P1 Cataclysm!", "P2 Lightning", "P2 Calm")
    assert expected == "P1's Cataclysm! stands: P2 played Lightning before Calm"
    assert ask(question + ". Negated?").verdict == "computed: P1's Cataclysm! stands: P2 played a Lightning before Calm"
    unowned = ask("P1 casts Cataclysm!; player two answers by casting a Lightning, then Calm. Negated?")
    assert unowned.value["computed"] is None  # whose realm it strikes is not said


def test_nothing_on_either_elemental_tells_bare_elementals_not_a_choice() -> None:
    # "no cards on either" read as a choice between cards ("either ... or"): nothing was computed.
    question = (
        "Up are the jack of hearts and the king of diamonds, no cards on either yet; I hold the 4 of hearts and the 8"
        " of clubs. May I put the 4 of hearts on the jack of hearts?"
    )
    expected = _command("elementals", "check", "4H > JH", "--hand", "4H 8C", "--targets", "JH KD")
    assert ask(question).verdict == f"computed: {expected}"
    choice = "The jack of hearts is up. May I put either the 4 of hearts or the 8 of clubs on it?"
    assert ask(choice).value["computed"] is None  # a choice between two cards: no one play to compute


def test_a_hand_told_as_with_cards_in_hand_is_the_hand_and_not_a_pile() -> None:
    # "With the 4 of diamonds and 9 of spades in hand" was not read as the hand: its cards were taken for more
    # cards named beside the pile, and nothing was computed.
    question = (
        "The king of hearts carries my 6 of clubs. With the 4 of diamonds and 9 of spades in hand, can I play the 9"
        " of spades on him?"
    )
    expected = _command("elementals", "check", "9S > KH", "--hand", "4D 9S", "--targets", "KH", "--pile", "KH=6C")
    assert ask(question).verdict == f"computed: {expected}"


def test_an_elemental_named_by_its_rank_alone_is_the_one_face_up_of_that_rank() -> None:
    # "on the king" named no card, so the play had no elemental and nothing was computed; with two kings up it
    # names neither, and nothing is computed still.
    board = "The king of spades has 8D on it and the jack of hearts has nothing; my hand is 3H 6C."
    expected = _command("elementals", "check", "3H > KS", "--hand", "3H 6C", "--targets", "KS JH", "--pile", "KS=8D")
    assert ask(f"{board} If I play the 3H on the king, what happens?").verdict == f"computed: {expected}"
    two = "The king of spades and the king of hearts are up; my hand is 3H 6C. If I play the 3H on the king, what then?"
    assert ask(two).value["computed"] is None


def test_a_champion_that_wants_to_hit_a_realm_attacks_it_and_a_realm_that_shuts_out_a_kind_bans_it() -> None:
    # "my champ wants to hit E" was read as no attack, and "shuts out swimmers" as no limit: nothing was computed.
    wants = "Only C is razed; my plain champion, no allies, wants to hit realm F. Legal?"
    assert ask(wants).verdict == f"computed: {_command('spellfire', 'attack', 'F', '--razed', 'C')}"
    struck = "Only C is razed; the Fireball hit realm F. Legal?"
    assert ask(struck).value["computed"] is None  # a card that hit: no attack asked
    shut = "Realm C is razed and realm F shuts out swimmers. Can my swimming champion reach realm F?"
    expected = _command("spellfire", "attack", "F", "--razed", "C", "--champion", "swimmer", "--realm", "F: no-swimmer")
    assert ask(shut).verdict == f"computed: {expected}"


def test_a_position_shortened_to_pos_is_the_sides_position() -> None:
    # "their def pos elestral" left the defender's Position (and so whether its Attack matters) unread.
    question = "i attack w 4 atk 1 spirit into their def pos elestral, 3 def 2 spirits. result?"
    expected = _command("elestrals", "battle", "attack=4 spirits=1", "defense=3 spirits=2 position=defense")
    assert ask(question).verdict == f"computed: {expected}"


def test_fire_as_a_verb_is_no_element_and_a_same_element_ability_told_as_the_defences_is_the_defenders() -> None:
    # "I fire up Blaze" was read as a second Fire, so the attack was Fire on Fire with Earth taking no part; and an
    # ability of an element both sides play, told as the defence's answer, was left unassigned: nothing computed.
    fired = "My Fire attacks their Earth and I fire up Blaze. Who is out?"
    assert ask(fired).verdict == f"computed: {_command('clash', 'attack', 'fire+', 'earth')}"
    answered = "Their Water attacks my Water, and I respond with Surge on my defending Water. Which one is eliminated?"
    assert ask(answered).verdict == f"computed: {_command('clash', 'attack', 'water', 'water+')}"
    untold = "Their Water attacks my Water and Surge is used. Which Water is eliminated?"
    assert ask(untold).value["computed"] is None  # whose Surge it is is not said


def test_an_elestrals_attack_swung_at_a_player_whose_field_is_totally_empty_is_direct() -> None:
    # "swing at them with" named no attacker and "is totally empty" no empty field: nothing was computed.
    question = "My opponent's field is totally empty, so I swing at them with my 2 Attack Elestral carrying 3 Spirits."
    expected = _command("elestrals", "battle", "attack=2 spirits=3", "none")
    assert ask(question + " What happens?").verdict == f"computed: {expected}"
    wanted = "P2 wants to attack with her 2 Attack Elestral with 1 Spirit into my 1 Attack Elestral with 1 Spirit."
    expected = _command("elestrals", "battle", "attack=2 spirits=1", "attack=1 spirits=1")
    assert ask(wanted + " Result?").verdict == f"computed: {expected}"


def test_an_elestrals_attack_on_the_games_first_turn_is_illegal_and_a_players_first_turn_alone_is_not_read() -> None:
    # "can my Elestral ... attack their Elestral" was not read as an attack, and the game's first turn not at all.
    board = "can my Elestral with 4 Attack and 2 Spirits attack their Elestral with 1 Attack and 1 Spirit?"
    expected = _command("elestrals", "battle", "attack=4 spirits=2", "attack=1 spirits=1", "--first-turn")
    assert ask(f"It's the first turn of the game and I'm going first: {board}").verdict == f"computed: {expected}"
    assert ask(board[0].upper() + board[1:]).verdict == (
        f"computed: {_command('elestrals', 'battle', 'attack=4 spirits=2', 'attack=1 spirits=1')}"
    )
    # the second player's first turn has a Battle Phase: whose first turn it is decides, and it is not said
    assert ask(f"On my first turn, {board}").value["computed"] is None


def test_a_calm_thrown_or_responded_with_after_a_cataclysm_is_played() -> None:
    # "throws Cataclysm!" and "respond with Calm" were no plays: nothing was computed.
    question = "My opponent throws Cataclysm! at my realm and I respond with Calm straight away. Is it negated?"
    expected = _command("spellfire", "counter", "P1 Cataclysm!", "P2 Calm")
    assert ask(question).verdict == f"computed: {expected}"
    between = "My opponent throws Cataclysm! at my realm; I respond by throwing a Fireball, then Calm. Negated?"
    expected = _command("spellfire", "counter", "P1 Cataclysm!", "P2 Fireball", "P2 Calm")
    assert ask(between).verdict == f"computed: {expected.replace('played Fireball', 'played a Fireball')}"


def test_a_clap_that_knocks_out_or_a_spell_that_may_be_cancelled_asks_the_claps_targets() -> None:
    # "knock out", "be cancelled" and "is ... able to cancel" were no cancelling asked: nothing was computed.
    knocked = "I cast Clap while P2 has Ritual and Root in the clash; which of P2's spells can my Clap knock out?"
    expected = _command("elephants", "clap-targets", "P1:clap", "P2:ritual", "P2:root")
    assert ask(knocked).verdict == f"computed: {expected}"
    for asked in ("Can the Ritual be cancelled?", "Is P1's Clap able to cancel Ritual?", "Can Root be knocked out?"):
        computed = ask(f"P2 has Ritual and Root out and P1 casts Clap in that clash. {asked}").value["computed"]
        assert computed is not None and computed["value"]["targets"] == {"P2": ["P2:root"]}


def test_a_gravitate_moving_a_spell_into_a_clash_goes_to_that_clash() -> None:
    # "into clash 3" named no clash to go to, so every clash was tried and the answer was not computed.
    question = "We're in clash 1: can P1's Gravitate push P2's Ritual into clash 3?"
    expected = _command("elephants", "can-move", "P2:ritual", "--to", "3", "P1:gravitate", "--clash", "1")
    assert ask(question).verdict == f"computed: {expected}"


def test_a_discard_named_by_its_rank_alone_is_the_one_card_of_that_rank_in_the_hand() -> None:
    # "if I discard the seven" named no card, so the discard was not judged; with two sevens held it names neither.
    told = "I have discarded the 10 of spades and the 9 of hearts; my hand is the 7 of diamonds and the {} of clubs."
    expected = _command("elementals", "check", "discard 7D", "--hand", "7D 2C", "--discards", "10S 9H")
    assert ask(told.format(2) + " What happens if I discard the seven?").verdict == f"computed: {expected}"
    assert ask(told.format(7) + " What happens if I discard the seven?").value["computed"] is None


def test_an_elestral_that_smashes_or_charges_into_another_attacks_it() -> None:
    # "smashes into", "charges" were no verbs of attacking: the two sides were never split and nothing was computed.
    question = "My 5 attack 2 spirit elestral smashes into their 3 def elestral in defense position. Result?"
    expected = _command("elestrals", "battle", "attack=5 spirits=2", "defense=3 position=defense")
    assert ask(question).verdict == f"computed: {expected}"
    charged = "my 4 atk 1 spirit elestral charges their 2 atk 3 spirit elestral. what happens?"
    expected = _command("elestrals", "battle", "attack=4 spirits=1", "attack=2 spirits=3")
    assert ask(charged).verdict == f"computed: {expected}"


def test_a_clap_against_spells_not_named_computes_nothing_and_says_what_is_missing() -> None:
    # "Root out with other spells" was read as Root alone: Clap was computed to cancel nothing, a board not described.
    question = "I play Clap; my opponent has Root in play along with some other spells. Which can I cancel?"
    answer = ask(question)
    assert answer.value["computed"] is None
    assert "the other spells in play" in answer.value["readings"][0]["missing"][0]
    named = "I play Clap; my opponent has Root and Ritual in play. Which can I cancel?"
    assert ask(named).value["computed"] is not None


def test_an_attack_on_the_front_realm_is_judged_without_the_formation_told() -> None:
    # Realm A, at the front, is exposed whatever else is razed: the razed realms are no part of an attack on it.
    answer = ask("My earthwalker champion would like to go after their realm A. Is that allowed?")
    assert answer.value["computed"]["verdict"] == "legal: the champion (earthwalker) may attack A"
    banned = ask("My flying champion wants to go after realm A, which flyers cannot attack; allowed?")
    assert banned.value["computed"]["verdict"] == "illegal: A shuts out flyers, and the champion always flies"
    # any champion at all is a rule asked of every attacker, no board; a protected realm still needs the formation
    assert ask("Can any champion, even one without flying, go after realm A?").value["computed"] is None
    protected = "My earthwalker champion would like to go after their realm E. Is that allowed?"
    assert ask(protected).value["computed"] is None


def test_equal_strengths_told_after_the_abilities_that_make_them_equal_are_the_attack_computed() -> None:
    # The abilities used bring the strengths level: the equality told is the board's, and the attack is computed.
    answer = ask("My Fire attacks their Earth using Blaze; Earth answers with Fortify, both equal. Which is removed?")
    assert answer.value["computed"]["verdict"] == "P1's Fire is eliminated (5 against 5)"
    # told of the elements alone, or against what the abilities give, the equality is the rule asked
    assert ask("Fire attacks Earth and the strengths are equal; who goes?").value["computed"] is None
    assert ask("Fire attacks Water using Blaze and they are equal; what happens?").value["computed"] is None


def test_calm_named_bare_after_words_of_timing_is_played_by_the_player_before() -> None:
    # "and only after that Calm": Calm said without a verb, after a card the same player played, is played.
    told = "My opponent plays Cataclysm! on my realm; I play a Fireball, and only after that my Calm. Is it cancelled?"
    answer = ask(told)
    assert answer.value["computed"]["verdict"] == "P1's Cataclysm! stands: P2 played a Fireball before Calm"
    # Calm named only as what comes after a card asked about plays nothing
    assert ask("P1 plays Cataclysm! on my realm; can I play a Fireball before my Calm?").value["computed"] is None


def test_an_ally_whose_power_is_said_before_it_joins_and_a_coastline_denied_in_other_words_is_not_read() -> None:
    # "one flying ally": the power said before the ally is the ally's, not a second power of the champion's.
    flying = ask("A stands and C shows a coastline. My swimming champion takes one flying ally to attack C; legal?")
    assert flying.value["computed"]["verdict"] == "legal: the champion (swimmer) may attack C, with 1 ally"
    assert "1 ally with flyer movement" in flying.value["readings"][0]["read"]
    # "E doesn't have a coastline" was read as a realm showing one (a wrong answer); a denied coastline is not read
    shown = "A is razed but B and C are not; my swimmer goes after realm E, which doesn't have a coastline. Allowed?"
    assert ask(shown).value["computed"] is None


def test_a_joker_named_again_in_the_hand_after_its_power_is_the_joker_played_and_held() -> None:
    # "holding the joker and the 5 of spades": the joker told before, named again, is held; the 5S is in the hand,
    # not on the queen (before, "the joker" without its power stopped the whole reading)
    question = (
        "The queen of diamonds has the 8 of clubs on her. I play a joker as a 3 on her, holding the joker and the 5"
        " of spades; is that allowed?"
    )
    answer = ask(question)
    assert answer.value["computed"]["verdict"] == "illegal: the two damage cards make 11, less than QD's power 12"
    assert answer.value["readings"][0]["read"] == ["JK1=3 played onto QD (already on it: 8C)"]


def test_a_lowercase_a_before_its_noun_is_the_article_not_realm_a() -> None:
    # "and a coastal realm" was read as realm A: with A judged without the formation, a board nobody told computed
    question = (
        "I've got a flyer champion, a swimming ally and a coastal realm on their back row; what does that mean for"
        " attacking?"
    )
    assert ask(question).value["computed"] is None
    # a letter in a list of razed ones is still a letter
    told = ask("B and a are razed; can my earthwalker attack realm D?")
    assert told.value["computed"]["verdict"] == "legal: the champion (earthwalker) may attack D"


def test_a_card_followed_by_calm_is_played_before_it() -> None:
    # "a Fireball followed by Calm" was read as Calm alone, and Calm computed to negate (a wrong answer)
    fireball = ask("My opponent plays Cataclysm! against my realm; I cast a Fireball, followed by Calm. Cancelled?")
    assert fireball.value["computed"]["verdict"] == "P1's Cataclysm! stands: P2 played a Fireball before Calm"
    # "followed by my Calm" is the asker's Calm, and "and next my Calm" plays it after the card before
    mine = ask("P1 plays Cataclysm! on my realm, followed by my Calm. Does the Cataclysm! still happen?")
    assert mine.value["computed"]["verdict"] == "P2's Calm negates P1's Cataclysm!"
    later = ask("P1 plays Cataclysm! on my realm; I play a holding and next my Calm. Is it negated?")
    assert later.value["computed"]["verdict"] == "P1's Cataclysm! stands: P2 played a holding before Calm"


def test_an_elestrals_attacker_told_after_its_target_with_my_is_the_attacker() -> None:
    # "attack their ... with my 5 attack elestral": the stats after "with my" were read as the defender's
    question = "I want to attack their 3 def elestral in defense position with my 5 attack elestral with 2 spirits"
    answer = ask(question + "; what happens?")
    assert answer.value["computed"]["verdict"] == "The defender's Elestral is destroyed; no Spirits are Expended"
    first = ask("On the game's first turn I want to attack their empty field with my 4 attack elestral, 1 spirit. Ok?")
    assert first.value["computed"]["verdict"] == "Illegal attack: no Battle Phase on the first turn of the game"


def test_an_element_that_goes_at_another_attacks_it() -> None:
    # "goes at" as "goes after": the attack is told, and computed with the abilities the sides use
    answer = ask("My Fire went at their Earth, which used Fortify, and I used no ability. Who is out?")
    assert answer.value["computed"]["verdict"] == "P1's Fire is eliminated (3 against 5)"


def test_a_cost_word_with_no_type_in_its_clause_is_not_the_enchantment_cost() -> None:
    # "as the cost asks, but they're earth; the cost calls for wind" read earth as the cost and wind as the Spirits:
    # a computed answer with the two swapped. The Spirits' types come before the cost's: nothing is computed.
    question = "3 Spirits sit on my Elestral, as the cost asks, but they're earth; the cost calls for wind. Enchanted?"
    answer = ask(question)
    assert answer.value["computed"] is None
    assert "Enchantment Cost earth" not in [line for reading in answer.value["readings"] for line in reading["read"]]
    told = ask("The cost is wind wind wind and it has three earth Spirits on it. Misenchanted?")
    assert told.value["readings"][0]["read"] == ["Enchantment Cost wind wind wind", "Spirits earth earth earth"]


def test_an_elestrals_battle_told_apart_from_the_askers_i_attack() -> None:
    # the asker's card and the opponent's side each in a clause of their own, then "when I attack": the battle
    answer = ask("Their field is totally empty, while my elestral has 4 attack and 1 spirit. When I attack, what then?")
    assert answer.value["computed"]["verdict"] == "No Elestral is destroyed; the defender's controller Expends 1 Spirit"
    guarded = ask("My Elestral has 5 Attack and 2 Spirits; theirs is in Defense Position with 3 Defense. Can I attack?")
    assert guarded.value["computed"]["verdict"] == "The defender's Elestral is destroyed; no Spirits are Expended"
    # "mine" tells the asker's card as "my Elestral" does
    mine = ask("Their Elestral has 2 Defense in Defense Position; mine has 3 Attack and 1 Spirit. I attack: result?")
    assert mine.value["computed"]["verdict"] == "The defender's Elestral is destroyed; no Spirits are Expended"
    # "when I attack their elestral": the side attacked named again with the verb, without its numbers
    named = ask("My elestral has 5 attack and 1 spirit, and theirs has 4 attack and 2 spirits. When I attack theirs?")
    assert named.value["computed"]["verdict"] == "The defender's Elestral is destroyed; no Spirits are Expended"
    # two of the asker's cards told: which one attacks is not said, nothing is computed
    two = ask("My Elestral has 4 Attack and 1 Spirit and my other one has 2 Attack; their field is empty. If I attack?")
    assert two.value["computed"] is None


def test_calm_told_by_a_verb_of_replying_or_using_is_played() -> None:
    # "replies with Calm", "uses Calm": a play of Calm, judged as "plays Calm"
    answer = ask("P2 casts Cataclysm! on P1's realm and P1 replies at once with Calm. Does the Cataclysm! happen?")
    assert answer.value["computed"]["verdict"] == "P1's Calm negates P2's Cataclysm!"
    late = ask("P1 plays Cataclysm! on P2's realm; P2 uses an ally first, then Calm. Is it negated?")
    assert late.value["computed"]["verdict"] == "P1's Cataclysm! stands: P2 played an ally before Calm"
    laid = ask("P1 lays down Cataclysm! on P2's realm; P2 follows up with Calm. Is it negated?")
    assert laid.value["computed"]["verdict"] == "P2's Calm negates P1's Cataclysm!"


def test_a_held_card_named_on_one_of_several_elementals_is_the_card_played() -> None:
    # no verb of play, two elementals face up: the held card named again "on" one of them is played onto it
    answer = ask("KS and QD are face up and I hold 6C and 2H. Would the 2H on the QD be a legal damage card?")
    assert answer.value["computed"]["verdict"] == "2H damages QD: 2 of 12"
    assert "KS face up too" in answer.value["readings"][0]["read"]
    # a card the hand does not hold, named "on" an elemental, is no play: nothing is computed
    unheld = ask("KS and QD are face up and I hold 6C and 2H. Would the 9D on the QD be a legal damage card?")
    assert unheld.value["computed"] is None


def test_their_spells_beside_the_askers_own_are_the_opponents() -> None:
    # "my Clap against their Offering and Ritual": the two are the opponent's, not the asker's (no seat by number)
    answer = ask("My Clap versus their Offering and Ritual, nobody else has spells: which can I cancel?")
    assert answer.value["computed"]["verdict"] == "P1:clap cancels one spell of P2 (one of P2:offering, P2:ritual)"
    moved = ask("It's clash 2 and my Gravitate wants to send their Stupefy to clash 4. Can it?")
    assert moved.value["computed"]["verdict"] == "P1:gravitate can move P2:stupefy from Clash II to Clash IV"


def test_a_clash_role_told_of_one_element_alone_sets_the_attack() -> None:
    # "Fire vs Water, Fire is attacking": the two named with no direction, then one told the attacker (or defender)
    answer = ask("Water against Earth, Earth is the attacker, no abilities. What happens?")
    assert answer.value["computed"]["verdict"] == "P2's Water is eliminated (5 against 4)"
    defended = ask("Fire and Air, with Air defending; nobody uses an ability. Who goes out?")
    assert defended.value["computed"]["verdict"] == "P2's Air is eliminated (3 against 2)"
    onward = ask("Fire on the attack vs Water, nobody uses an ability. Result?")
    assert onward.value["computed"]["verdict"] == "P1's Fire is eliminated (3 against 4)"
    # a role told against the attack's own words ("attacks their Water, Water is attacking"): nothing is computed
    assert ask("My Fire attacks their Water, Water is attacking. Result?").value["computed"] is None


def test_a_capital_a_before_its_own_verb_is_realm_a() -> None:
    # "A is razed" read A as the article: B was judged protected by a standing A (a wrong computed answer)
    answer = ask("Their A was razed last turn; can my plain hero attack B?")
    assert answer.value["computed"]["verdict"] == "legal: the hero may attack B"
    assert "razed A" in answer.value["readings"][0]["read"]


def test_the_asker_of_a_counter_is_p1_when_p2_plays_the_cataclysm_on_them() -> None:
    # "P2 plays Cataclysm! on my realm": the asker was taken for P2 too, and P2's Calm negated P2's own Cataclysm!
    answer = ask("P2 plays Cataclysm! on my realm; I play a holding and then Calm. Negated?")
    assert answer.value["computed"]["verdict"] == "P2's Cataclysm! stands: P1 played a holding before Calm"
    assert answer.value["readings"][0]["read"][0].endswith("(you are P1, your opponent P2); Cataclysm! on P1's realm")


def test_a_hand_told_before_a_colon_is_the_hand() -> None:
    # "..., and I hold the 5 of diamonds: does that finish the jack?": the telling ends at the colon, not the comma
    answer = ask("The jack of clubs has a 6 of hearts on it, and I hold the 5 of diamonds: does that finish the jack?")
    assert answer.value["computed"]["verdict"] == "5D damages JC: 11 of 11"
    assert answer.value["readings"][0]["read"] == ["5D played onto JC (already on it: 6H)"]


def test_an_elephants_order_named_by_spells_of_no_other_cue_is_read() -> None:
    # Fireball and Crush are no cue of the Elephants reader: the Ringleader and the spells told went unread
    answer = ask("P3 is the Ringleader, P1 casts Fireball and P2 casts Crush: which goes first?")
    assert answer.value["computed"]["verdict"] == "Clash I resolves: P2:crush, P1:fireball"
    # "their" in a question of order is no seat: whose Nourish it is stays unsaid, nothing is computed
    assert ask("which resolves first, my Fireball or their Nourish?").value["computed"] is None


def test_an_elestral_that_goes_after_another_attacks_it() -> None:
    # "goes after" as "attacks" (as in Clash): the sides on either side of it are the attacker and the attacked
    answer = ask("My 4 attack elestral with 2 spirits goes after their 3 defense one in defense position. Result?")
    assert answer.value["computed"]["verdict"] == "The defender's Elestral is destroyed; no Spirits are Expended"
    assert answer.value["readings"][0]["read"][0] == "attacker: 4 Attack, 2 Spirits"


def test_a_cataclysm_told_to_hit_a_player_is_on_that_players_realm() -> None:
    # "Cataclysm!, hitting P3": whom it strikes is told by the verb after it, as by "on P3's realm"
    answer = ask("P2 plays Cataclysm!, hitting P3; then P1 plays a holding and P3 plays Calm. Negated?")
    assert answer.value["computed"]["verdict"] == "P3's Calm negates P2's Cataclysm!"
    assert answer.value["readings"][0]["read"][0].endswith("Cataclysm! on P3's realm")
    realm = ask("P1 plays Cataclysm!, which strikes P2's realm; P2 plays a holding, then Calm. Negated?")
    assert realm.value["computed"]["verdict"] == "P1's Cataclysm! stands: P2 played a holding before Calm"
    # "hits hard" names no player: whom it strikes stays unsaid
    assert ask("P1 casts Cataclysm! which hits hard, and P2 plays Calm. Negated?").value["computed"] is None


def test_spirits_left_in_a_deck_are_the_spirit_decks_count_for_mulligans() -> None:
    # "3 spirits left in my deck" was read as a full Spirit Deck: the mulligans computed as paid (a wrong answer)
    answer = ask("I have 3 spirits left in my deck. Can I mulligan twice?")
    assert answer.value["computed"]["verdict"] == (
        "Not allowed: 2 mulligans cost 4 Spirits and only 3 are in the Spirit Deck"
    )


def test_a_stat_set_told_past_the_cards_owner_is_read() -> None:
    # "sets my elestral's attack to 0" was dropped (its stat three words on) and the +3 computed alone (a wrong answer)
    answer = ask("An effect sets my elestral's attack to 0, then another gives it +3 attack; it is a 2/2. Final stats?")
    assert answer.value["computed"]["verdict"] == "Final stats: Attack 3, Defense 2"


def test_how_often_told_before_a_full_spirit_deck_is_not_the_decks_count() -> None:
    # "mulligan 3 times from a full spirit deck": the 3 was read as the Spirits in the deck (a wrong answer)
    answer = ask("After mulliganing 2 times from a full Spirit Deck, how many Spirits do I have?")
    assert answer.value["computed"]["verdict"] == "2 mulligans Expend 4 Spirits, leaving 16"
    # a number that is the deck's own, before it, is still read
    assert ask("I mulligan twice with a 3 Spirit deck: allowed?").value["computed"]["verdict"] == (
        "Not allowed: 2 mulligans cost 4 Spirits and only 3 are in the Spirit Deck"
    )


def test_a_realm_that_refuses_a_kind_of_attacker_is_read_as_its_own_ban() -> None:
    # "does not allow flyers", "won't let swimmers attack it", "allows no flyers", "is closed to flyers":
    # a realm's own ban told in words of refusal was not read, and nothing was computed.
    asked = {
        "Realm B doesn't allow flyers. A is razed. Can my flying wizard attack B?": (
            "B", "wizard flyer", "B: no-flyer"
        ),
        "realm D won't let swimmers attack it; A, B and C are razed. my swimmer attacks D, legal?": (
            "D", "swimmer", "D: no-swimmer"
        ),
        "Their realm A allows no flyers. Can my cleric, who flies, attack realm A?": (
            "A", "cleric flyer", "A: no-flyer"
        ),
        "realm A is closed to flyers. may my flyer champion attack A?": ("A", "flyer", "A: no-flyer"),
    }
    for question, (target, champion, realm) in asked.items():
        razed = {"B": ["--razed", "A"], "D": ["--razed", "A,B,C"]}.get(target, [])
        expected = _command("spellfire", "attack", target, "--champion", champion, "--realm", realm, *razed)
        assert expected.startswith("illegal:"), expected
        assert ask(question).verdict == f"computed: {expected}", question
    # what a realm admits, not refused, is no ban: not read as one (nor computed as a realm without one)
    allowed = ask("Realm A allows flyers. Can my flying hero attack A?").value
    assert allowed["computed"] is None
    assert not any("A: no-flyer" in reading["read"] for reading in allowed["readings"])


def test_a_spellfire_decks_champions_told_with_levels_are_counted_leaving_the_avatar_out() -> None:
    # a deck's champions told with their levels and the total asked: nothing read them, and the answer was a ruling
    # on Avatars, not the deck's count.
    asked = {
        "My deck: Elminster (level 9), a level-7 Drizzt, and Bane, a level 14 Avatar. How many levels is that?": (
            "Elminster:9", "Drizzt:7", "Bane:14:avatar"
        ),
        "champions in my spellfire deck are Kyros lvl 5 and Vangerdahast lvl 12; what do their levels add up to?": (
            "Kyros:5", "Vangerdahast:12"
        ),
        "My champions: Drizzt (lvl 7) and Tiamat (lvl 20, Avatar). What's the total level count?": (
            "Drizzt:7", "Tiamat:20:avatar"
        ),
    }
    for question, champions in asked.items():
        expected = _command("spellfire", "levels", *champions)
        assert ask(question).verdict == f"computed: {expected}", question
    counted = "the champions count for 16 levels; Bane (Avatar, level 14) is free; 3 cards"
    assert ask(next(iter(asked))).verdict == f"computed: {counted}"
    # two Avatars told apart from their levels: which is which is not read, so nothing is computed
    told_apart = "My deck has Elminster lvl 9 and two avatars, Bane lvl 14 and Tiamat lvl 20. Total levels?"
    assert ask(told_apart).value["computed"] is None
    # a level told, no total asked: nothing is counted
    assert ask("Does Bane, a level 14 avatar, count toward my deck's level limit?").value["computed"] is None


def test_hit_asked_in_its_own_sentence_is_an_attack_whatever_the_sentence_before_says() -> None:
    # "can my hero hit E" after a sentence naming "their" realms: the asking clause ran on past the full stop into
    # "their", which made the hit someone else's, and nothing was computed.
    asked = {
        "Their A and B are razed. Can my wizard hit realm D?": ("D", "--razed", "A,B", "--champion", "wizard"),
        "their realm B is razed, C still stands. can my cleric, no movement power, hit E?": (
            "E", "--razed", "B", "--champion", "cleric"
        ),
    }
    for question, args in asked.items():
        expected = _command("spellfire", "attack", *args)
        assert ask(question).verdict == f"computed: {expected}", question
    assert ask(next(iter(asked))).verdict == "computed: legal: the wizard may attack D"
    # the opponent's champion hitting the asker's realm is still not the asker's attack
    assert ask("A is razed. Their swimmer wants to hit my realm D; can it?").value["computed"] is None


def test_gravitate_moving_a_spell_is_read_in_other_verbs_of_moving() -> None:
    # "shove", "shift", "bump": Gravitate's move told in a verb other than send, move or push was not read, and
    # nothing was computed.
    asked = {
        "Clash II: P1's Gravitate is out. Can it shift P2's Stupefy to clash 3?": (
            "P2:stupefy", "--to", "3", "P1:gravitate", "--clash", "2"
        ),
        "in clash 1 P2 has gravitate, can it bump P1's turbulence into clash IV": (
            "P1:turbulence", "--to", "4", "P2:gravitate", "--clash", "1"
        ),
        "It's the last clash, clash 4, and P2 has Gravitate. Can it shove P1's Root to clash 2?": (
            "P1:root", "--to", "2", "P2:gravitate", "--clash", "4"
        ),
    }
    for question, args in asked.items():
        expected = _command("elephants", "can-move", *args)
        assert ask(question).verdict == f"computed: {expected}", question
    assert ask(next(iter(asked))).verdict == "computed: P1:gravitate can move P2:stupefy from Clash II to Clash III"


def test_a_card_told_lying_on_a_named_elemental_is_that_elementals_pile() -> None:
    # "the face-up elementals are KS and QH, with an 8D already on KS": the 8D was put on QH, the elemental named
    # before it, and the 6C played on KS was judged on an empty pile (6 of 13 for 14 of 13).
    question = "I hold 7H and 6C; the face-up elementals are KS and QH, with an 8D already on KS. Can I play 6C on KS?"
    expected = _command("elementals", "check", "6C > KS", "--hand", "7H 6C", "--targets", "KS QH", "--pile", "KS=8D")
    assert ask(question).verdict == f"computed: {expected}" == "computed: 6C damages KS: 14 of 13"
    sitting = "My hand is 7H 6C. Face up are QH and KS, with the 9C sitting on the QH. Can I play the 6C on the QH?"
    expected = _command("elementals", "check", "6C > QH", "--hand", "7H 6C", "--targets", "QH KS", "--pile", "QH=9C")
    assert ask(sitting).verdict == f"computed: {expected}"
    # "with an 8D on it" is still the pile of the elemental named before it
    on_it = ask("I hold 7H and 6C; the face-up elementals are KS and QH, with an 8D on it. Can I play 6C on KS?")
    assert on_it.verdict == "computed: " + _command(
        "elementals", "check", "6C > KS", "--hand", "7H 6C", "--targets", "KS QH", "--pile", "QH=8D"
    )


def test_a_card_laid_down_between_cataclysm_and_calm_is_named_not_the_particle() -> None:
    # "P2 lays down a Fireball": the card played between was read as "a down"
    question = "P1 plays Cataclysm! on P2's realm; P2 lays down a Fireball and only then Calm. Is Cataclysm! negated?"
    assert ask(question).verdict == "computed: P1's Cataclysm! stands: P2 played a Fireball before Calm"


def test_a_card_thrown_away_is_not_read_as_played_onto_an_elemental() -> None:
    # "I throw away the 9C" with KS face up was computed as the 9C played onto KS (a wrong answer)
    answer = ask("My hand is 7H and 4C, KD is face up. I throw away the 7H, how much damage?")
    assert answer.value["computed"] is None
    assert answer.value["rulings"][0]["id"] == "elementals.discard.damage"


def test_the_uses_of_a_once_per_turn_power_told_by_turn_and_phase_are_judged() -> None:
    # the uses of a once-per-turn power told with their turns and phases had no reader: nothing was computed
    question = "My once-per-turn power: I used it in phase 3 on turn 2, then twice in phase 3 on turn 4. Which are ok?"
    expected = _command("spellfire", "once", "2:3", "4:3", "4:3")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected == "turn 2 phase 3: allowed; turn 4 phase 3: allowed; turn 4 phase 3: refused"
    # a use left without its phase takes the phase before; an ordinal turn is read ("my third turn")
    later = "Once per turn power used in phase 3 of my second turn and again in my third turn, are both allowed?"
    assert ask(later).verdict == "computed: " + _command("spellfire", "once", "2:3", "3:3")
    # what a once-per-turn power is, asked with no use told, is not computed
    assert ask("Is a once-per-turn power used in phase 3 only?").value["computed"] is None


def test_a_lowercase_position_letter_attacked_or_razed_is_the_realm() -> None:
    # "only c razed ... can he attack f": lowercase letters were read as no position, and nothing was computed
    question = "only c razed, my plain hero no flying and no allies, can he attack f"
    expected = _command("spellfire", "attack", "F", "--razed", "C", "--champion", "hero")
    assert ask(question).verdict == f"computed: {expected}"
    assert ask("d is razed; can my flying wizard hit b").verdict == "computed: " + _command(
        "spellfire", "attack", "B", "--razed", "D", "--champion", "wizard flyer"
    )


def test_two_alike_elestrals_battling_each_other_are_one_battle() -> None:
    # "two 3 Attack Elestrals with 1 Spirit each ... each other": no attacker told apart, nothing was read; alike,
    # either one attacking gives the same battle
    question = "Two Elestrals, each with 6 Attack and 3 Spirits in Attack Position, battle one another; who dies?"
    expected = _command("elestrals", "battle", "attack=6 spirits=3", "attack=6 spirits=3")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected == "Both Elestrals are destroyed; no Spirits are Expended"
    # sides told apart ("one has ..., the other ...") are not alike: not computed as one
    apart = "both elestrals fight each other: one has 3 attack and 1 spirit, the other 2 attack and 2 spirits"
    assert ask(apart).value["computed"] is None


def test_a_hand_told_by_holding_opening_the_sentence_is_the_hand() -> None:
    # "Holding 5D and 9C, ...": no holder said, the hand was not read and nothing was computed
    question = "Holding 5D and 9C with QH and JS face up, QH already carrying a 7C, I put the 5D on QH; banished?"
    expected = _command("elementals", "check", "5D > QH", "--hand", "5D 9C", "--targets", "QH JS", "--pile", "QH=7C")
    assert ask(question).verdict == f"computed: {expected}"


def test_a_held_card_named_as_the_subject_of_banish_among_several_elementals_is_played() -> None:
    # "can 4H banish the QH" with a second elemental up: the card held was not read as played, nothing was computed
    question = "KH has the 9C and 4D on it, I hold 5H, QS also up. can 5H banish the KH?"
    expected = _command("elementals", "check", "5H > KH", "--hand", "5H", "--targets", "KH QS", "--pile", "KH=9C 4D")
    # the layout cards turned face up after a banish lie in a layout the question never told: left out of the answer
    assert ask(question).verdict == f"computed: {expected.partition('; revealed:')[0]}"
    assert expected.startswith("5H banishes KH")


def test_calm_played_on_the_cataclysm_is_the_calm_played() -> None:
    # "p2 plays calm on the cataclysm!": the clause names both cards and was read as a second Cataclysm!, so Calm was
    # never read as played and nothing was computed
    question = "P1 casts Cataclysm! on P2's realm, P3 plays a Fireball, then P2 plays Calm on that Cataclysm!; negated?"
    expected = _command("spellfire", "counter", "P1 Cataclysm!", "P3 Fireball", "P2 Calm", "--affected", "P2")
    assert ask(question).verdict == f"computed: {expected}" == "computed: P2's Calm negates P1's Cataclysm!"


def test_both_players_decks_told_with_a_draw_or_expend_now_decide_who_wins() -> None:
    # both players' decks and a draw or Expend told, who wins asked: no reader read them, nothing was computed
    question = (
        "P2's Main Deck has 3 cards and 0 Spirits and must Expend 2; P1 has 10 Main Deck cards and 4 Spirits. Winner?"
    )
    expected = _command("elestrals", "end", "--main", "P1=10,P2=3", "--spirits", "P1=4,P2=0", "--expends", "P2=2")
    assert ask(question).verdict == f"computed: {expected}" == "computed: P2 loses: P1 wins"
    both = (
        "Player 1 has no cards in the Main Deck, player 2 has 6 cards, both have 3 Spirits; "
        "player 1 must draw 1. Who wins?"
    )
    expected = _command("elestrals", "end", "--main", "P1=0,P2=6", "--spirits", "P1=3,P2=3", "--draws", "P1=1")
    assert ask(both).verdict == f"computed: {expected}"
    # each count told after its deck ("Main Deck 0, Spirits 4")
    listed = "P1: Main Deck 0, Spirits 4, must draw 1. P2: Main Deck 7, Spirits 0. Who wins?"
    expected = _command("elestrals", "end", "--main", "P1=0,P2=7", "--spirits", "P1=4,P2=0", "--draws", "P1=1")
    assert ask(listed).verdict == f"computed: {expected}"
    # told as "I" and "my opponent", which one is P1 is unsaid: not computed
    mine = (
        "I have 0 cards in my Main Deck and 2 Spirits and must draw 1; my opponent has 5 cards and 3 Spirits. "
        "Do I lose?"
    )
    assert ask(mine).value["computed"] is None


def test_the_one_card_held_discarded_by_a_word_naming_it_back_is_the_discard() -> None:
    # "if I discard that card": the one card held, named back, was not read as the card discarded (nothing computed)
    question = "Earlier I discarded the 10 of clubs and the 6D; I hold only the 2H. If I discard it, what happens?"
    expected = _command("elementals", "check", "discard 2H", "--hand", "2H", "--targets", "KS", "--discards", "10C 6D")
    assert ask(question).verdict == f"computed: {expected}" == "computed: 2H is discarded: 2 damage, 18 of 33"
    # with two cards held, "that card" names neither: not computed
    two = "Earlier I discarded the 10 of clubs and the 6D; I hold 2H and 5S. If I discard that card, what happens?"
    assert ask(two).value["computed"] is None


def test_a_hand_at_the_rounds_end_with_the_trunks_lost_is_what_the_hand_becomes() -> None:
    # a hand at the end of the round and the trunks lost: no reader read them, nothing was computed
    question = "The round has ended and my hand is empty; I have lost two trunks. Do I get a new spell set? Recalls?"
    expected = _command("elephants", "end-round", "--hand", "0", "--trunks-lost", "2")
    assert ask(question).verdict == f"computed: {expected}"
    assert expected == "New spell set (automatic); recall 3 to fill the hand of 6"
    kept = "End of the round: 2 spells in hand and I keep both, no trunks lost. How many do I recall?"
    assert ask(kept).verdict == "computed: " + _command("elephants", "end-round", "--hand", "2", "--trunks-lost", "0")
    # spells left in hand whose keeping is not told: the player's choice, not computed
    chosen = "End of the round: 2 spells in hand, no trunks lost. How many do I recall?"
    assert ask(chosen).value["computed"] is None


def test_cards_told_by_their_suit_alone_leave_the_play_uncomputed() -> None:
    # "I put two hearts on the king of clubs": their values untold, the 9S was judged on an empty pile ("9S damages
    # KC: 9 of 13", a wrong answer: with two cards on it the 9S is its banish card)
    answer = ask("I put two hearts on the king of clubs; can the 9 of spades banish it?")
    assert answer.value["computed"] is None
    assert answer.value["readings"][0]["missing"] == ["the values of the cards told by their suit alone (two hearts)"]
    after = ask("My 5 of spades goes on the jack of diamonds after two clubs, does it banish him?")
    assert after.value["computed"] is None
    # a card named by its rank and suit is no card told by its suit alone
    assert ask("I hold the two of hearts; can I play it on the king of clubs?").value["computed"] is not None


def test_a_spell_asked_kept_safe_from_a_clap_is_what_the_clap_may_cancel() -> None:
    # "Will the Root save the Ritual from the Clap?": no word of cancelling, the Clap's targets were not computed
    question = "In Clash II, P1 has Clap, P2 has Root, Offering and Ritual. Will Root save the Ritual from the Clap?"
    expected = _command("elephants", "clap-targets", "P1:clap", "P2:root", "P2:offering", "P2:ritual")
    assert ask(question).verdict == f"computed: {expected}" == "computed: P1:clap cancels one spell of P2 (P2:root)"
    # the spell asked about is not among the Clap's targets exactly as the engine says it cannot be cancelled
    shielded = _command("elephants", "can-cancel", "P2:ritual", "--by", "P1:clap", "P2:root", "P2:offering")
    assert shielded == "P1:clap cannot cancel P2:ritual: P2:root shields it"


def test_an_element_sent_at_another_is_the_attack_without_another_word_of_attacking() -> None:
    # "I send my Earth at their Fire": with no word of attacking beside "send ... at", nothing was read
    question = "I send my Earth at their Fire and nobody uses an ability. Which element is eliminated?"
    expected = _command("clash", "attack", "earth", "fire")
    assert ask(question).verdict == f"computed: {expected}" == "computed: P2's Fire is eliminated (5 against 3)"
    # strengths told beside the elements sent are the question's own: not computed
    assert ask("I sent my Water (4) at their Earth (5), who wins?").value["computed"] is None


def test_a_held_card_that_goes_or_is_laid_on_an_elemental_is_played() -> None:
    # "Can the 8C go on the KD?" after "I'm holding 8C": no word of a play the reader knew, nothing was computed
    question = "I'm holding 8S; the QD face up has the 5H on it. Can the 8S go on the QD?"
    expected = _command("elementals", "check", "8S > QD", "--hand", "8S", "--targets", "QD", "--pile", "QD=5H")
    assert ask(question).verdict == f"computed: {expected}" == "computed: 8S damages QD: 13 of 12"
    # a game that "goes on" names no card: nothing is computed
    assert ask("Does the game go on after the king of spades is banished?").value["computed"] is None


def test_an_elephants_spell_under_an_enemy_break_is_said_kept_by_the_break() -> None:
    # "p1 has break up, can p2s nightglow advance" was computed as kept by Nightglow's own condition (no other spell of
    # P2), which the played-out clash read first; the question asks about the Break, as `can-advance` answers it.
    question = "In clash III my opponent has an active Break and I have Nightglow out. Can my Nightglow advance?"
    verdict = ask(question).verdict
    assert verdict.startswith("computed: P1:nightglow does not advance: P2:break is active"), verdict


def test_an_attacking_ability_aimed_at_an_element_makes_its_user_the_attacker() -> None:
    # "my Air uses Gale on their Earth", "declares Blaze against their Water": only an attacker uses Gale or Blaze, but
    # which element attacked was left unread ("on" was no word of attacking, nor "declares ... against").
    asked = {
        "P1's Air plays Gale onto P2's Fire, and Fire has no answer with an ability. What happens?": ("air+", "fire"),
        "My Fire declares Blaze against their Water, and they answer with Surge. Who goes?": ("fire+", "water+"),
        "their air used gale on my earth and i answered with fortify, what now": ("air+", "earth+"),
    }
    for question, args in asked.items():
        assert ask(question).verdict == f"computed: {_command('clash', 'attack', *args)}", question
    # a defending ability aimed, an attacking one an element does not own, or no sides told: not computed
    assert ask("my earth uses fortify on their air, who is eliminated?").value["computed"] is None
    assert ask("can my earth use gale on their air?").value["computed"] is None
    assert ask("What if Air uses Gale on Earth and Earth uses Fortify?").value["computed"] is None


def test_an_elemental_harmed_with_a_held_card_among_several_is_the_play_computed() -> None:
    # "may I banish QH with 3H": the elemental named before "with" and the held card was left unread among several
    # face-up elementals, and nothing was computed.
    question = "KS has 8H and 6D on it, and QD is up too. I hold 2S and 7C; can I banish the KS with my 2S?"
    args = ("2S > KS", "--hand", "2S 7C", "--targets", "KS QD", "--pile", "KS=8H 6D")
    # (the cards a banish reveals depend on a layout the question does not tell: the command had to invent one)
    expected = _command("elementals", "check", *args).split("; revealed: ")[0]
    assert ask(question).verdict == f"computed: {expected}" == "computed: 2S banishes KS; Hand of Ragnaros is kept"
    hit = "KS has 9H and 4D on it, JC is up too, hand 2S 8C: can I hit the KS with the 2S?"
    assert ask(hit).verdict == "computed: 2S banishes KS; Hand of Ragnaros is kept"
    question = "QD and KS are face up and KS already has 8H on it; hand 4C 9D. Can I damage the QD with the 9D?"
    expected = _command("elementals", "check", "9D > QD", "--hand", "4C 9D", "--targets", "QD KS", "--pile", "KS=8H")
    assert ask(question).verdict == f"computed: {expected}"
    # a card asked to banish an elemental whose pile nobody told answers a board not stated: not computed
    untold = ask("could the 8 of spades banish the jack of spades?").value
    assert untold["computed"] is None
    missing = "the cards already on JS (a banish card is played onto its two damage cards)"
    assert untold["readings"][0]["missing"] == [missing]
    # told bare, the pile is stated: the play is judged
    assert ask("the JC has nothing on it; can my 8C banish the JC?").value["computed"] is not None


def test_one_mulligan_told_by_the_word_one_is_computed_and_a_limit_asked_is_not() -> None:
    # "one mulligan": only a plural count ("three mulligans") or "N times" was read as how many are taken
    question = "my spirit deck is down to 4 spirits; if i take one mulligan how many are left"
    expected = _command("elestrals", "mulligan", "1", "--spirits", "4")
    assert ask(question).verdict == f"computed: {expected}" == "computed: 1 mulligan Expends 2 Spirits, leaving 2"
    # a limit asked ("more than one mulligan") is no mulligan taken
    assert ask("with 6 spirits in my spirit deck can I take more than one mulligan?").value["computed"] is None


def test_a_clash_element_hit_by_another_is_the_one_attacked() -> None:
    # "P2's Earth gets hit by P1's Air": "hit" read forward made Earth the attacker, and its Fortify was judged
    # illegal in attack (a wrong computed answer)
    question = "P2's Earth gets hit by P1's Air using Gale, and P2 answers with Fortify. Which element is eliminated?"
    expected = _command("clash", "attack", "air+", "earth+")
    assert ask(question).verdict == f"computed: {expected}" == "computed: Nothing is eliminated (5 against 2)"
    struck = ask("their water is targeted by my fire and nobody uses an ability; who goes?")
    assert struck.verdict == f"computed: {_command('clash', 'attack', 'fire', 'water')}"


def test_a_spellfire_realm_razed_in_the_opponents_formation_is_read_as_razed() -> None:
    # "Only realm B of my opponent's formation is razed" left B unread as razed and made it the realm attacked.
    question = "Realm C in their formation is already razed. Can my hero with no movement powers attack realm F?"
    expected = _command("spellfire", "attack", "F", "--razed", "C", "--champion", "hero")
    assert expected.startswith("legal"), expected
    assert ask(question).verdict == f"computed: {expected}"
