"""Questions about these games that no record answers: what a question asks for, and whether a ruling states it.

A question can match records well on its words and still ask for something none of them says: "how many players
does a Spellfire game take?" meets the victory ruling on "players" and "game", but no record states a number of
players. ``ask`` answers such a question "the documents do not cover this", with the nearest rulings named as
nearest (issue 22). The signal is the kind of answer the question asks for, read from its form, never from the
words of particular questions:

- a count ("how many players", "how many cards in a booster pack"): a ruling near the top must state a count of
  that thing (a number just before it, or an open count: "no limit to the number of cards");
- the number of people a game is played by ("can three people play", "a four-player free for all", "solo"): a
  ruling must state a number of players;
- a length of time on the clock ("in minutes", "how long does a game take", "how long is the break between
  games"): a ruling must state one;
- a length in units ("in centimetres", "how many inches apart"): a ruling must state one;
- who made a game, when it came out, what age it is for, what it is made of, what it costs, which card is best
  or how likely a win is: a ruling must say so (a maker, a year, an age, "made of", a price, a ranking, a chance);
- whether something exists ("is there a turn time limit"): some record of the game must hold the thing's words
  together.
- whether a move may be taken back ("can I take it back", "I changed my mind"): a ruling near the top must speak
  of taking back or undoing.
- a player leaving a game before its end ("if someone quits halfway", "can we agree to call it a draw"): a ruling
  must speak of quitting, conceding or leaving the game.
- which editions or printings of the cards may be played together: a ruling must speak of editions or printings.
- whether players may use a thing ("can I use proxy cards"): a thing with a word no record uses at all, not even in
  the players' words beside them, is one the documents do not speak of.
- whether players may do something in a game the question names ("can players trade cards in Spellfire"): when
  other games' records speak of it and none of the named game's do, or no record of any game does and it is a
  common English word ("can I rebuild a razed realm in Spellfire"), its documents do not say.
- a word only another game uses ("blaze" is Clash's) in a question naming a game none of whose records holds it.
- a penalty ("what's the penalty for slow play"): a ruling near the top must state one, or what a player loses.
- a player's slip told and asked about ("I flipped it by accident, do I turn it back?"; not a document's mistake):
  a ruling near the top must speak of an error, undoing or taking back.
- whether a thing is required ("are card sleeves required", "do all my sleeves have to match", "do I need to hand in
  a deck list"): some record of the game must hold the thing's words together, as for "is there" (or, for a deed, the
  deed's verb and the thing's words).
- a bound a clause opens on ("what's the max hand size", "spellfire hand limit?", "is there a minimum number of
  Elestrals"): some record of the game must state such a bound (upper, or lower) on that thing.
- whether a player may look at a pile, a deck or a hand, or show one ("can I look through the banished pile", "may I
  show my hand to another player"): a ruling near the top must speak of looking, or of cards public or hidden,
  and hold half the weight of what the question asks to look at, beyond the game's common words ("another
  player's discard pile" is not the Underworld a ruling lets players look through).
- a way to play a game longer, shorter, easier or harder than the rules make it ("for a longer game", "an easier
  mode"): a ruling near the top must speak of a variant, a handicap or a difficulty.
- what prizes an event gives ("what prizes are given out at an official tournament"; not "the prize for taking down
  a ruler", a reward in play): a ruling near the top must speak of prizes.
- how to keep a record of wins and losses across games ("my win-loss tally", "a win streak"): a ruling near the top
  must speak of a tally, a streak or scores over several games.
- whether cards may be shuffled, dealt or drawn again as a do-over ("can I reshuffle mid-game", "shuffle them back
  and draw a fresh three", "redeal the same layout"; not a reshuffle once the deck has run out): a ruling near the
  top must speak of reshuffling, redrawing, redealing or a mulligan.

The forms that read a thing the question names (whether it exists, is required, has a bound, may be used) are in
[`rulebook.things`][rulebook.things]; those of conduct at the table (taking back, leaving, a penalty, a slip,
looking, a variant) in `rulebook.conduct`; the count a record states in `rulebook.counts`.

Examples:
    >>> from rulebook.uncovered import asks_for
    >>> asks_for("can three people play elemental clash together")
    'players'
    >>> asks_for("how long does a game of elementals usually take"), asks_for("who designed spellfire")
    ('time', 'maker')
    >>> asks_for("can fire attack twice in a row") is None
    True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from rulebook import conduct
from rulebook.things import (
    ASKING,
    MAY,
    PARTICLES,
    THING_END,
    WH,
    article,
    own_stems,
    own_words,
    unheld_thing,
)
from rulebook.vocabulary import STOPWORDS, Concept, Lexicon, Query, is_number, stem, words

__all__ = ["KINDS", "asks_for", "uncovered"]

#: How many of the best records are read for the answer a question asks for.
RANKED = 5
#: Verbs that ask when they open a clause ("can I...", "does it...", "is there...").
ASKS = frozenset(
    {
        *("can", "could", "do", "does", "did", "is", "are", "am", "was", "were", "will", "would", "should"),
        *("may", "must", "shall", "has", "have", "if"),
    }
)

#: People who play: "how many" before one of these words asks for a number of players.
PEOPLE = frozenset({"player", "players", "people", "persons", "kids", "friends"})
#: People, not players: a number before one of these is always a number of players ("can three people play").
HUMANS = frozenset({"people", "persons", "kids", "friends"})
#: Ways of playing that are themselves a number of players.
PLAYER_COUNTS = frozenset({"solo", "multiplayer", "teams", "team", "coop", "cooperative"})
#: Units of time on the clock.
CLOCK = frozenset({"minute", "minutes", "hour", "hours", "seconds", "mins"})
#: Words that ask how long something takes on the clock, not when it ends ("how long does a game usually take").
TYPICAL = frozenset({"take", "takes", "usually", "typically", "typical", "average", "normally", "normal"})
#: Words of a pause between spans of play ("how long is the break between games"): a time on the clock.
PAUSES = frozenset({"break", "breaks", "pause", "pauses", "intermission", "rest", "between"})
#: How many words after "how long" a pause word may stand.
PAUSE_REACH = 4
#: Units of length ("in centimetres", "how many inches apart"): a measure only a ruling stating one answers ("feet"
#: and "foot" are not: "can it attack on foot", an elephant's feet).
LENGTHS = frozenset(
    {"centimetre", "centimetres", "centimeter", "centimeters", "cm", "millimetre", "millimetres", "millimeter"}
    | {"millimeters", "mm", "inch", "inches", "metre", "metres", "meter", "meters"}
)
#: What a game, a round, a match or a turn is, for "how long does a game take" ("how long should a turn take").
SPANS = frozenset({"game", "games", "round", "rounds", "match", "matches", "tournament", "turn", "turns"})
#: Verbs of making a game or a card, for "who designed ...".
MAKING = frozenset(
    {
        "made",
        "make",
        "makes",
        "designed",
        "designs",
        "invented",
        "created",
        "creates",
        "published",
        "publishes",
        "wrote",
        "writes",
        "drew",
        "draws",
        "illustrated",
        "developed",
        "develops",
    }
)
#: Words that name a maker, for "which company ...".
MAKERS = frozenset({"company", "publisher", "designer", "designers", "artist", "artists", "author", "creator"})
#: Words of a release, for "when was it released" (and "when does it come out").
RELEASED = frozenset({"released", "release", "printed", "published", "launched"})
#: Words of money.
MONEY = frozenset(
    {"price", "prices", "priced", "sell", "sells", "dollars", "euros", "usd", "buy", "purchase", "money", "cash"}
    | {"expensive", "cheap", "pricey", "currency", "currencies", "crypto", "cryptocurrency", "bitcoin", "dollar"}
    | {"euro", "cents", "yen", "pesos", "inflation"}
)
#: What before "buy" asks what is needed, not what it costs ("what kind of deck do I need to buy").
NEEDED = (["need", "to"], ["needs", "to"], ["have", "to"])
#: Things sold, whose cost is a price ("how much does a starter deck cost"), not a card's cost in the game.
PRODUCTS = frozenset({"starter", "booster", "boosters", "box", "boxes", "pack", "packs", "tin", "bundle", "copy"})
#: Words of a work in another medium, a song, a film or a book ("what's the best track on the Elementals album"):
#: a question that uses a game's words for something else.
MEDIA = frozenset(
    {"album", "albums", "song", "songs", "band", "bands", "lyrics", "singer", "singers", "concert", "concerts"}
    | {"movie", "movies", "film", "films", "episode", "episodes", "soundtrack", "novel", "novels", "anime"}
    | {"cartoon", "sitcom", "podcast", "musician", "musicians", "guitarist", "drummer", "rapper"}
)
#: Words of a game still made or sold ("is it still being printed", "is Spellfire out of print").
MADE = RELEASED | {"produced", "sold", "manufactured"}
#: Words of a card's editions and printings ("can I mix first edition cards with the newer printings").
EDITIONS = frozenset({"edition", "editions", "printing", "printings", "reprint", "reprints", "reprinted"})
#: Words of a chance ("the odds of winning", "the win rate").
CHANCE = frozenset({"odds", "chance", "chances", "probability", "likely", "rate", "rates"})
#: Words that rank cards or choices ("the best champion").
RANKING = frozenset({"best", "strongest", "worst", "weakest", "tier", "hardest", "easiest"})
#: How many words before the ranking word "what" or "which" is looked for ("which of the three layouts is the
#: hardest").
RANKING_REACH = 8
#: Deeds done to a target, which the rules decide: a ranking for one of them asks which choices can do it.
DEEDS_AGAINST = frozenset(
    {
        "against",
        "banish",
        "banishing",
        "reach",
        "reaching",
        "defend",
        "defending",
        "attack",
        "attacking",
        "stop",
        "stopping",
        "counter",
        "hurt",
        "hit",
        "taking",
        "destroy",
        "destroying",
        "fight",
        "fighting",
        *("defense", "defence", "defensive", "offense", "offence"),
    }
)
#: Words of building a deck ("which Spirit type should I build my deck around").
BUILD = frozenset({"build", "building", "built"})
#: How many words after the ranking word a deed is looked for ("best card to banish").
DEED_REACH = 5


#: Words that report another's question ("my opponent keeps asking how many Spirits I have left; do I have to tell
#: them?") or ask leave to ask one ("can I ask how many Spirits my opponent has left"): the count after them is what
#: the question is about, not what it asks.
REPORTED = (["asking"], ["asks"], ["asked"], ["ask"])


#: A bound on a count whose thing was named before ("do I have to cast them, and how many at most?").
BOUNDED = (["at", "most"], ["at", "least"])


def _counted(said: list[str]) -> list[str]:
    """The words a question asks the count of ("players" in "how many players..."), up to three, up to the first
    stopword, number or verb that asks ("copies" in "how many copies of one realm", "cards" in "how many cards may I
    hold"); not a count another player is told to ask for (see ``REPORTED``), nor one whose thing was named before
    ("how many each", "how many at most")."""
    for i in range(len(said) - 2):
        if (said[i], said[i + 1]) == ("how", "many") and said[i - 1 : i] not in REPORTED:
            if said[i + 2] in ASKS | THING_END or said[i + 2 : i + 4] in BOUNDED:
                return []  # "how many do they Expend", "how many each", "how many at most": named before
            found = list(
                itertools.takewhile(lambda w: w not in STOPWORDS | ASKS and not is_number(w), said[i + 2 : i + 5])
            )
            return found or [w for w in said[i + 2 : i + 5] if w not in STOPWORDS][:3]
    return []


def _given(said: list[str], things: list[str]) -> bool:
    """Whether a question gives numbers of the thing it counts before asking the count ("Elminster at level 9 and
    Bane at level 14; how many champion levels does it count"): it asks for a sum of its own numbers, which a ruling
    says how to add, not a count a ruling states.

    Examples:
        >>> _given("elminster at level 9 and bane at level 14 how many levels".split(), ["levels"])
        True
        >>> _given("i have 3 cards how many realms can i play".split(), ["realms"])
        False
    """
    stems = {stem(t) for t in things}
    end = next((i for i in range(len(said) - 1) if (said[i], said[i + 1]) == ("how", "many")), 0)
    return any(
        stem(w) in stems and any(is_number(x) for x in said[max(0, i - 1) : i] + said[i + 1 : i + 2])
        for i, w in enumerate(said[:end])
    )


#: Words of a bound on a count ("the most players", "max number of players").
MOST = frozenset({"most", "fewest", "least", "max", "maximum", "min", "minimum"})


def _people_next(after: list[str]) -> bool:
    """Whether words after a bound name players: "players", "number of players" (not "most of the players")."""
    return after[:1] in (["players"], ["people"]) or (
        after[:2] == ["number", "of"] and after[2:3] in (["players"], ["people"])
    )


def _players(said: list[str]) -> bool:
    """Whether a question asks how many people a game is played by: "how many players", "can three people play",
    "can we play with three players", "a four-player game", "solo". Not "can two players play the same spell",
    which asks about a card."""
    if any(w in PLAYER_COUNTS for w in said):
        return True
    if any(said[i : i + 3] == ["how", "many", p] for i in range(len(said)) for p in PEOPLE):
        return True
    if any(w in MOST and _people_next(said[i + 1 : i + 4]) for i, w in enumerate(said)):
        return True  # "what's the most players it can take", "the max number of players"
    if "can" not in said and "could" not in said:
        return False
    for i, w in enumerate(said[1:], 1):
        if not is_number(said[i - 1]):
            continue
        if w in HUMANS or (
            w.startswith("player")
            and (
                said[i - 2 : i - 1] in (["with"], ["by"])
                or said[i + 1 : i + 2] in (["game"], ["games"], ["match"], ["free"])
            )
        ):
            return True
    return False


def _time(said: list[str]) -> bool:
    """Whether a question asks for a length of time on the clock ("in minutes", "how long does a game usually
    take", "about how long does a game last"). "How long does a game last" is answered by when it ends, so it is
    not one. How long a player is given to act ("how long does my opponent get to respond") is one: an effect or
    a card lasts a span of the game ("how long does Fortify protect Earth"), a player takes time on the clock. A span
    of play told ("we've been playing for an hour; what do we need to win?") is not asked for."""
    if any(w in CLOCK and not _told_span(said, i) for i, w in enumerate(said)):
        return True
    for i in range(len(said) - 1):
        if (said[i], said[i + 1]) != ("how", "long"):
            continue
        if PAUSES.intersection(said[i + 2 : i + 2 + PAUSE_REACH]):
            return True  # "how long is the break between games": a pause on the clock, not a span of play
        if any(w in SPANS for w in said[i + 2 : i + 7]):
            return any(w in TYPICAL for w in said[i + 2 :]) or said[i - 1 : i] in (["about"], ["roughly"])
        if ACTORS & set(said[i + 2 : i + 2 + ACTOR_REACH]):
            return True
    return False


def _measure(said: list[str]) -> bool:
    """Whether a question asks for a length in units ("in centimetres or as a fraction of the card", "how many
    inches apart"): a unit of length with no number told before it ("my table is 60 cm wide" tells one)."""
    return any(w in LENGTHS and not (i and is_number(said[i - 1])) for i, w in enumerate(said))


def _told_span(said: list[str], i: int) -> bool:
    """Whether the clock word at ``said[i]`` ends a span of play told, not asked ("we've been playing for an hour",
    "played for two hours"): "for", an amount, the clock word, after a verb of doing."""
    j = i - 1 if i and (said[i - 1] in ("a", "an") or is_number(said[i - 1])) else i
    return j >= 2 and said[j - 1] == "for" and (said[j - 2] in ("been", "played") or said[j - 2].endswith("ing"))


#: Who may be given time to act, after "how long" ("how long does my opponent get", "how long can I think").
ACTORS = frozenset({"i", "we", "you", "they", "he", "she", "opponent", "opponents", "player", "players", "someone"})
#: How many words after "how long" its actor is looked for ("how long does my opponent").
ACTOR_REACH = 3


def _maker(said: list[str]) -> bool:
    """Whether a question asks who made a game or its cards ("who designed it", "which company publishes it")."""
    return any(
        (w == "who" and any(x in MAKING for x in said[i + 1 : i + 4]))
        or (w in ("which", "what") and said[i + 1 : i + 2] and said[i + 1] in MAKERS)
        for i, w in enumerate(said)
    )


def _release(said: list[str]) -> bool:
    """Whether a question asks when a game or a set came out ("what year", "when does the next set come out")."""
    if any(said[i : i + 2] == ["what", "year"] for i in range(len(said))):
        return True
    for i, w in enumerate(said):
        if w == "when" and said[i + 1 : i + 2] and said[i + 1] in ASKING:
            after = set(said[i + 2 :])
            return bool(RELEASED & after) or ("out" in after and bool({"come", "came", "comes"} & after))
    return False


def _in_print(said: list[str]) -> bool:
    """Whether a question asks whether a game is still made ("is Spellfire still being printed", "is it out of
    print", "was it discontinued"), not whether a card still counts ("does its printed power still count").

    Examples:
        >>> _in_print("is spellfire still being printed today".split())
        True
        >>> _in_print("is the printed power still used after it is made stronger".split())
        False
    """
    if "discontinued" in said or any(said[i : i + 3] == ["out", "of", "print"] for i in range(len(said))):
        return True
    for i, w in enumerate(said):
        after = said[i + 1 : i + 3]
        being = after[:1] == ["being"] and bool(set(after[1:]) & (MADE | {"made"}))
        if w == "still" and (bool(set(after[:1]) & MADE) or being):
            return True
    return False


def _age(said: list[str]) -> bool:
    """Whether a question asks what age a game is for ("what age", "how old do you have to be")."""
    return any(said[i : i + 2] in (["what", "age"], ["how", "old"]) for i in range(len(said))) or "ages" in said


def _material(said: list[str]) -> bool:
    """Whether a question asks what the cards or pieces are made of ("what are the cards made of")."""
    return any(said[i : i + 2] == ["made", "of"] for i in range(len(said)))


def _price(said: list[str]) -> bool:
    """Whether a question asks what something costs in money ("the price of", "how much money is it worth", "how much
    is a booster pack worth", "how much does a starter deck cost": the worth or cost of something sold, not what a
    card is worth or costs in the game: "how much is a joker worth when I attack with it")."""
    if any(w in MONEY and not (w == "buy" and said[max(i - 2, 0) : i] in NEEDED) for i, w in enumerate(said)):
        return True
    if not any(said[i : i + 2] == ["how", "much"] for i in range(len(said))):
        return False
    sold = any(w in PRODUCTS for w in said) or _names_a_game(said)
    return ("worth" in said and sold) or (bool({"cost", "costs"} & set(said)) and sold)


#: Words of prizes an event gives ("what prizes are given out", "how many prize packs does the winner get").
PRIZES = frozenset({"prize", "prizes"})


def _prize(said: list[str]) -> bool:
    """Whether a question asks what prizes an event gives ("what prizes are given out at an official tournament"):
    a prize asked about, and organised play spoken of by another word (not "the prize for taking down a ruler", a
    reward in play, nor "prize cards", another game's).

    Examples:
        >>> _prize("what prizes are given out at an official tournament".split())
        True
        >>> _prize("what is the prize for taking down a ruler".split())
        False
        >>> _prize("at a tournament is spirit differential like prize cards".split())
        False
    """
    asked = any(w in PRIZES and said[i + 1 : i + 2] not in (["card"], ["cards"]) for i, w in enumerate(said))
    return asked and _organised([w for w in said if w not in PRIZES])


def _names_a_game(said: list[str]) -> bool:
    """Whether what a question asks the cost or worth of is one of the games by name (the game itself is sold:
    "how much does Elemental Elephants cost"; not "how much does an Elestral cost")."""
    from rulebook import registry

    for i in range(len(said) - 3):
        if said[i : i + 2] == ["how", "much"] and said[i + 2] in {"does", "do", "is", "are"}:
            rest = list(itertools.takewhile(lambda w: w not in {"cost", "costs", "worth"}, said[i + 3 :]))
            after = said[i + 4 + len(rest) :]
            if after not in ([], ["to", "buy"]):
                return False  # "how much do Elestrals cost to cast": a cost in the game
            thing = " ".join(w for w in rest if w != "the")
            return any(thing == name for g in registry.games() for name in g.names)
    return False


def _chance(said: list[str]) -> bool:
    """Whether a question asks how likely something is ("the odds of winning")."""
    return any(w in CHANCE for w in said) and any(w.startswith("win") for w in said)


def _ranking(said: list[str]) -> bool:
    """Whether a question asks which card or choice is best ("what is the best champion"; not "best of three", nor
    "my best Elestral"). Best for a deed the rules decide against a target ("the best card to banish Therazane
    with", "which suit is best to use against Ragnaros") asks which choices can do it: the rules answer that. What
    to build a deck around ("which Spirit type should I build my deck around") asks for advice too."""
    if any(w in BUILD and "around" in said[i + 1 : i + 1 + DEED_REACH] for i, w in enumerate(said)):
        return True
    for i, w in enumerate(said):
        if (
            w in RANKING
            and said[i + 1 : i + 2] != ["of"]
            and said[i - 1 : i] not in (["my"], ["your"], ["their"], ["our"])
            and {"what", "which"} & set(said[max(0, i - RANKING_REACH) : i])
        ):
            return not DEEDS_AGAINST & set(said[i + 1 : i + 1 + DEED_REACH])
    return False


def _states_players(said: list[str]) -> bool:
    """Whether a text states how many people play: "for two players", "two or more players", "two to four players",
    "a three-player game" (not "one player", which speaks of one of them, nor "both players", nor "the two players",
    which speaks of those at the table, nor "known to both players")."""
    for i, w in enumerate(said):
        if not w.startswith("player") or i == 0:
            continue
        before, after = said[max(0, i - 3) : i], said[i + 1 : i + 2]
        if (
            is_number(before[-1])
            and before[-1] != "one"
            and (before[:-1][-1:] == ["for"] or after in (["game"], ["games"], ["duel"]))
        ):
            return True
        ranged = len(before) == 3 and before[1] == "to" and is_number(before[0]) and is_number(before[2])
        if before[-2:] in (["or", "more"], ["or", "fewer"]) or ranged:
            return True
    return False


def _states_year(said: list[str]) -> bool:
    return any(w.isdigit() and len(w) == 4 and w[:2] in ("19", "20") for w in said)


#: Words of a measure a record may give each of several things ("Fire (strength 3), Water (4), Earth (5)").
MEASURES = frozenset({"strength", "strengths"})
#: How many numbers a record must give beside a measure to rank the things it measures.
RANKED_NUMBERS = 3


def _ranked_things(said: list[str]) -> list[str]:
    """The words naming what a question ranks: between its "which" or "what" and the ranking word, and the word
    after that ("which element is the strongest": element; "what's the strongest spell": spell)."""
    for i, w in enumerate(said):
        if w in RANKING:
            start = max((j for j in range(max(0, i - RANKING_REACH), i) if said[j] in {"what", "which"}), default=i)
            return [t for t in [*said[start + 1 : i], *said[i + 1 : i + 2]] if t not in STOPWORDS]
    return []


def _ranking_stated(said: list[str], lex: Lexicon) -> Callable[[list[str]], bool]:
    """How a record's own words state the ranking a question asks for: by saying which is best, or by giving the
    things ranked a measure each ("Fire (strength 3), Water (4) ..." answers "which element is the strongest", not
    "what is the strongest spell")."""
    things = {lex.stem(t) for t in _ranked_things(said)}

    def states(own: list[str]) -> bool:
        if any(w in RANKING for w in own):
            return True
        measured = bool(MEASURES.intersection(own)) and sum(map(is_number, own)) >= RANKED_NUMBERS
        return measured and any(lex.stem(w) in things for w in own)

    return states


#: Words of an event's knockout stage: its bracket, its cut to a final table ("how many rounds before the top cut",
#: "should the matches be Swiss rounds or a knockout bracket"). Not its Swiss rounds alone: the check reads those.
KNOCKOUT = frozenset({"bracket", "brackets", "knockout", "knockouts", "playoff", "playoffs"})
#: Word pairs of a knockout stage.
KNOCKOUT_PAIRS = (["top", "cut"], ["single", "elimination"], ["double", "elimination"])
#: Words of ranking players level at an event: the tiebreakers' record answers them ("tied on match points after
#: the Swiss rounds, what is the first tiebreaker").
EVENT_TIES = frozenset({"tiebreaker", "tiebreakers", "tiebreak", "tied", "points", "standings", "tie"})
#: How a record's own words state an event's knockout stage.
KNOCKOUT_STATED = frozenset({*KNOCKOUT, "cut"})


def _knockout(said: list[str]) -> bool:
    """Whether a question asks about an event's knockout stage ("how many swiss rounds before the top cut", "Swiss
    rounds or a knockout bracket"), not how players level on points are ranked.

    Examples:
        >>> _knockout("how many swiss rounds before the top cut".split())
        True
        >>> _knockout("tied on match points before the top cut what is the first tiebreaker".split())
        False
    """
    if EVENT_TIES & set(said):
        return False
    return bool(KNOCKOUT & set(said)) or any(said[i : i + 2] in KNOCKOUT_PAIRS for i in range(len(said)))


#: The kinds of answer a question can ask for that a ruling states only by saying so: how each is asked, and how
#: a record's own words state one. Tried in this order; the first that a question asks for decides.
KINDS: dict[str, tuple[Callable[[list[str]], bool], Callable[[list[str]], bool]]] = {
    "media": (conduct.holds_any(MEDIA), conduct.holds_any(MEDIA)),
    "knockout": (_knockout, conduct.holds_any(KNOCKOUT_STATED)),
    "players": (_players, _states_players),
    "time": (_time, conduct.holds_any(CLOCK)),
    "measure": (_measure, conduct.holds_any(LENGTHS)),
    "maker": (_maker, lambda said: "by" in said and any(w in MAKING for w in said)),
    "release": (_release, _states_year),
    "print": (
        _in_print,
        lambda said: "discontinued" in said or any(said[i : i + 2] == ["in", "print"] for i in range(len(said))),
    ),
    "age": (_age, lambda said: "age" in said or "ages" in said),
    "material": (_material, lambda said: any(said[i : i + 2] == ["made", "of"] for i in range(len(said)))),
    "price": (_price, conduct.holds_any(MONEY | {"$"})),
    "prize": (_prize, conduct.holds_any(PRIZES)),
    "chance": (_chance, conduct.holds_any(CHANCE)),
    "ranking": (_ranking, conduct.holds_any(RANKING)),
    "back": conduct.KINDS["back"],
    "leaving": conduct.KINDS["leaving"],
    "editions": (conduct.holds_any(EDITIONS), conduct.holds_any(EDITIONS)),
    "penalty": conduct.KINDS["penalty"],
    "slip": conduct.KINDS["slip"],
    "look": conduct.KINDS["look"],
    "variant": conduct.KINDS["variant"],
    "redo": conduct.KINDS["redo"],
    "advice": conduct.KINDS["advice"],
    "results": conduct.KINDS["results"],
}
#: How many words a clause after a comma may have to be read as the tail of the asking clause before it ("how long
#: is a round, in minutes?").
TAIL_WORDS = 3
#: The kinds read in the whole question, not its asking clauses alone (a slip is told before it is asked about; a
#: deck run out, told first, makes a reshuffle the deck's end, not a do-over).
WHOLE = frozenset({"slip", "measure", "redo"})


def asking(question: str) -> list[str]:
    """The words of a question's asking clauses: those with a question word ("how", "what"...) or opening on a verb
    that asks ("can", "does", "is"...), not its table talk ("we played a huge four hour game, does it end?" asks in
    its last clause only). Every word when no clause asks (a question written as a few keywords).

    Examples:
        >>> asking("we played a four hour game last night. does an empty pile end it?")
        ['does', 'an', 'empty', 'pile', 'end', 'it']
    """
    clauses = [words(c) for c in re.split(r"[.?!;,:()]", question[:2000])]
    marks = re.findall(r"[.?!;,:()]", question[:2000])  # the mark after each clause but the last
    asked: list[list[str]] = []
    for i, c in enumerate(clauses):
        # "how long is a round, in minutes?": a short tail after a comma belongs to the clause that asks before it
        after_asked = i > 0 and bool(asked) and asked[-1] is clauses[i - 1]
        tail = after_asked and marks[i - 1] == "," and len(c) <= TAIL_WORDS
        if _wh_asks(c) or _opens_asking(c) or tail:
            asked.append(c)
    return [w for c in asked for w in c] if asked else [w for c in clauses for w in c]


#: Subjects a verb that asks follows in a statement ("we have been playing for an hour", "they can see it").
SUBJECTS = frozenset({"i", "we", "you", "they", "he", "she"})
#: Question words that also join a told clause to the word before them ("five friends who all want to join",
#: "the night when we played"): they ask only at a clause's opening or after a word that leads into one.
RELATIVE = frozenset({"who", "which", "where", "when", "whose"})
#: Words after which a question word still asks ("and which one", "so who goes", "in which order", "at what point").
LEADS = frozenset(
    {"and", "so", "but", "or", "ok", "okay", "then", "also", "now", "well", "like", "just", "again", "question"}
    | {"in", "at", "on", "to", "for", "from", "by", "with", "of", "about", "during", "after", "before", "until"}
)


def _wh_asks(clause: list[str]) -> bool:
    """Whether a clause asks with a question word: "how" or "what" anywhere, "who", "which", "where", "when" or
    "whose" at its opening or after a word leading into a question ("in which order"), not joining a told clause
    to a noun ("a group of five friends who all want to join in").

    Examples:
        >>> _wh_asks("in which order do we play".split()), _wh_asks("five friends who all want to join".split())
        (True, False)
    """
    return any(w in WH and (w not in RELATIVE or j == 0 or clause[j - 1] in LEADS) for j, w in enumerate(clause))


def _opens_asking(clause: list[str]) -> bool:
    """Whether a clause opens on a verb that asks ("can I", "ok does it"), not on a subject and its verb ("we have
    been playing for an hour", "I only have a few minutes": told, not asked)."""
    return any(w in ASKS and not SUBJECTS.intersection(clause[:j]) for j, w in enumerate(clause[:3]))


def asks_for(question: str) -> str | None:
    """The kind of answer a question asks for, of those only a ruling saying so answers (see ``KINDS``), or None."""
    said = asking(question)
    whole = words(question[:2000])
    return next((kind for kind, (asked, _states) in KINDS.items() if asked(whole if kind in WHOLE else said)), None)


def stating(query: Query, ranked: list[dict[str, Any]], lex: Lexicon, games: list[str]) -> tuple[str, int | None]:
    """For a question asking for a kind of answer (see ``KINDS``) or a count: what a ruling must state, and the place
    in ``ranked`` of the first of the best records that states it (None when none does). ``("", None)`` for a
    question that asks for neither. A kind is stated by a ruling of one of ``games`` (when given): Elestrals'
    ruling on conceding does not say what an Elemental Clash player scores when the other quits."""
    kind = asks_for(query.text)
    if kind is not None:
        states = KINDS[kind][1]
        if kind == "ranking":
            states = _ranking_stated(asking(query.text), lex)
        hits = ranked[:RANKED]
        subject = _subject(query, lex, games, KINDS[kind][0]) if kind in ABOUT_SUBJECT else []
        found = next(
            (
                n
                for n, hit in enumerate(hits)
                if (not games or hit["game"] in games)
                and states(own_words(lex.records[lex.by_id[hit["id"]]]))
                and (not subject or _holds_subject(lex, lex.by_id[hit["id"]], subject))
            ),
            None,
        )
        return f"states {DESCRIBED[kind]}", found
    things = _counted(asking(query.text))
    if things and not {"time", "times"} & set(things) and not _given(words(query.text[:2000]), things):
        from rulebook import counts  # loaded for count questions alone, not by `ask`'s start-up

        measured = counts.measured(asking(query.text), things)
        # A misspelt thing counts as the word it was read as ("how many spirts": spirits).
        things = [query.corrected.get(t, t) for t in things]
        # Shorthand counts as the words it stands for ("how many pts": points).
        things += [w for t in things for x in query.expanded.get(t, []) for w in x.split()]
        counted = counts.count_stated(query, lex, games, things + measured)
        # A count asked after another question ("does it need to be in Attack Position, and how many attacks does it
        # get") has its ruling ranked by the whole question: it may stand further down.
        reach = RANKED_LATER if _asked_later(query.text) else RANKED
        return f"states a count of {' '.join(things)}", next(
            (n for n, hit in enumerate(ranked[:reach]) if counted(hit)), None
        )
    return "", None


#: How many of the best records are read for the count a question asks after asking something else.
RANKED_LATER = 20


def _asked_later(text: str) -> bool:
    """Whether a question asks its count after asking something else first (a question mark, a semicolon or ", and"
    before "how many").

    Examples:
        >>> _asked_later("does it need to be in Attack Position, and how many attacks does it get")
        True
        >>> _asked_later("how many cards do I draw"), _asked_later("I have two cards, how many can I play")
        (False, False)
    """
    lowered = text[:2000].lower()
    at = lowered.find("how many")
    return at > 0 and re.search(r"[?;]|, and\b", lowered[:at]) is not None


#: The kinds whose stating record must also speak of the thing asked about (see `_subject`): "can I look through
#: another player's discard pile" is not answered by a record letting players look through the Underworld. Chosen
#: leave-one-set-out over issue 22's blind sets 2 to 11: the kinds taking back and leaving lost real questions in
#: every fold ("I misplayed a card onto the wrong elemental, can I take it back": the record of cards staying put
#: states it without naming the card), the other kinds moved nothing. A length of time and a number of players
#: since (read from the tuning sets' questions no record answers, those of blind-29 and -30 at an even index among
#: them): "how many minutes is a tournament round" is not answered by Elementals' few minutes a game. A penalty since
#: (read from blind-36's even half): "caught peeking at the top of their draw pile, is there any penalty" is not
#: answered by a ruling in which a player whose draw pile runs out loses.
ABOUT_SUBJECT = frozenset({"look", "time", "players", "penalty"})
#: Words of a span of play from end to end, for which a length of time is asked ("about how long does one game take
#: from start to finish"): not what the question asks about.
SPAN = frozenset(
    {*TYPICAL, *PAUSES, "last", "lasts", "take", "takes", "about", "around", "start", "finish", "end", "one"}
    | {"whole", "full", "entire", "single", "go", "goes", "run", "runs"}
)
#: Words that speak of the kind of answer asked for itself, beside ``SPAN``: a clock kept on play ("is there a
#: timer": the time limit a record says is not set), people playing together ("how many people can take part in
#: one game together": the count of players a record states), not a table seating them ("how many can sit at one
#: table" asks of a table). Not what the question asks about.
KIND_WORDS = {
    "time": frozenset({"time", "timer", "timers", "timed", "clock", "clocks"}),
    "players": frozenset(
        {"together", "same", "once", "play", "playing", "played", "game", "games", "join", "group", "person"}
        | {"each", "part", "participate", "participating"}
    ),
}
#: How many words after "from", "to" or "until" name where a span of play starts or ends.
SPAN_END_WORDS = 4


def _span_ends(said: list[str]) -> set[str]:
    """The words naming where a span of play starts and ends ("from the first draw", "from setup to the last
    card"): what a length of time is measured between, not what the question asks about.

    Examples:
        >>> sorted(_span_ends("how long does a game take from the first draw".split()))
        ['draw', 'first', 'the']
    """
    ends: set[str] = set()
    for i, w in enumerate(said):
        if w == "from" or (w in ("to", "until") and "from" in said[:i]):
            ends.update(said[i + 1 : i + 1 + SPAN_END_WORDS])
    return ends


#: The share of the subject's weight (its words' rarity) the stating record must hold: from a third to two thirds
#: refused the same questions leave-one-set-out; the middle.
SUBJECT_HELD = 0.5
#: A word in at least this share of a game's records is the game's common vocabulary ("card", "turn", "player"):
#: a record holding it does not speak of the question's subject (a tenth to three tenths refused the same).
COMMON_SHARE = 0.2


def _subject(
    query: Query, lex: Lexicon, games: list[str], asked: Callable[[list[str]], bool]
) -> list[tuple[Concept, float]]:
    """The concepts naming what a question asks about, beside the kind of answer it asks for, each with its weight:
    its asking clauses' words that are not the game's names, nor its common vocabulary (in ``COMMON_SHARE`` of its
    records or more), nor the words that make it ask for that kind (without which it would not ask for it). What a
    question asks to look at is the pile named after the looking, the pile itself among them ("look through my own
    Spirit Deck": "spirit deck"), not the rest of the clause ("during the game")."""
    said = asking(query.text)
    looked = asked is KINDS["look"][0]
    kind = next((k for k, (a, _s) in KINDS.items() if a is asked), "")
    spanned = SPAN | _span_ends(said) | KIND_WORDS.get(kind, frozenset())
    named = set(conduct.looked_at(said) if looked else said)
    names = {w for ws in lex.name_words.values() for w in ws}
    docs = [doc for doc, record in enumerate(lex.records) if record[1] in games]
    found = []
    for c in query.concepts:
        parts = c.word.split()
        if c.word in names or not named.intersection(parts) or parts[0] in STOPWORDS:
            continue
        if not looked and (not asked([w for w in said if w not in parts]) or spanned.intersection(parts)):
            continue  # "take back": the words asking for the kind; "how long does a typical game take": a span
        share = sum(1 for doc in docs if own_stems(lex, doc).intersection(c.stems)) / max(len(docs), 1)
        if share < COMMON_SHARE:
            found.append((c, max((lex.idf(s) for s in c.stems if s in lex.postings), default=0.0)))
    return found


def _holds_subject(lex: Lexicon, doc: int, subject: list[tuple[Concept, float]]) -> bool:
    """Whether a record's own title and text hold enough of a question's subject (``SUBJECT_HELD`` of its weight),
    not in its aliases (players' words), and a thing of two words or more in those words, not by a synonym ("discard
    pile" beside the Underworld is not another game's pile; "opps" is an opponent's)."""
    held = own_stems(lex, doc)
    total = sum(w for _c, w in subject) or 1.0

    def holds(c: Concept) -> bool:
        parts = c.word.split()
        return all(stem(x) in held for x in parts) if len(parts) > 1 else bool(held.intersection(c.stems))

    return sum(w for c, w in subject if holds(c)) / total >= SUBJECT_HELD


def uncovered(query: Query, ranked: list[dict[str, Any]], lex: Lexicon, games: list[str]) -> str | None:
    """What a question about one of these games asks for that none of its nearest rulings states, or None.

    ``ranked`` is `rulebook.ask.rank`'s list for the question and ``games`` the games it is about. The answer
    says what no record does, for the verdict ("states a number of players", "speaks of a turn time limit").
    """
    if not ranked:
        return None
    foreign = _other_games_word(query, lex, games)
    if foreign:
        return f"speaks of {article(foreign)}"
    done = _unheld_deed(query, lex, games)
    if done:
        return f"says whether players may {done}"
    what, found = stating(query, ranked, lex, games)
    if what and found is None:
        return what
    if _organised(words(query.text[:2000])) and _plays_no_events(lex, games):
        return "speaks of play at events or tournaments"
    if what:
        return None
    if _ends_asked(query.text) and any(_speaks_of_ending(lex, hit) for hit in ranked[:RANKED]):
        return None  # "is there a turn limit, or could a game go on forever": whether it ends, which a ruling says
    # A question naming no game asks of whichever game its nearest rulings are of: the thing is unheld only when
    # none of those games' records speaks of it ("do the 3 cards have to be played in the same turn").
    near = games if query.named else [*games, *(hit["game"] for hit in ranked[:NEAR_GAMES] if hit["game"] not in games)]
    return unheld_thing(query, lex, near)


#: How a question asks whether play can go on without end ("could a game go on forever", "does it never end"): a
#: going on, not a person taking long ("takes forever", "can someone think forever" ask of the clock).
ENDLESS = (
    r"\b(?:go|goes|going|went|last|lasts|run|runs|continue|continues|keep going)\s+(?:on\s+)?forever\b"
    r"|\bnever\s+ends?\b"
)
#: The stems of a record's own words that speak of a game ending.
ENDING = frozenset({"end", "finish", "over"})


def _ends_asked(text: str) -> bool:
    """Whether a question asks whether play can go on without end.

    Examples:
        >>> _ends_asked("is there a turn limit, or could a game go on forever"), _ends_asked("he takes forever")
        (True, False)
    """
    return re.search(ENDLESS, text[:2000].lower()) is not None


def _speaks_of_ending(lex: Lexicon, hit: dict[str, Any]) -> bool:
    """Whether a ranked record's own title or text speaks of a game ending (see ``ENDING``)."""
    return not ENDING.isdisjoint(own_stems(lex, lex.by_id[hit["id"]]))


#: How many of the nearest rulings name the games a question naming none may be asking of.
NEAR_GAMES = 3


def _other_games_word(query: Query, lex: Lexicon, games: list[str]) -> str:
    """A word only another game uses ("mulligan" is Elestrals'), in a question that names its games, when no record of
    those games holds it ("any mulligan in elephants"): what the question asks about is not in their documents."""
    if not query.named:
        return ""
    for concept in query.concepts:
        # a phrase read as one ("take a mulligan") is checked word by word: its other words may be any game's
        parts = [(concept.word, concept.stems)] if concept.word in lex.cues else []
        parts += [(w, (lex.stem(w),)) for w in concept.word.split() if w != concept.word and w in lex.cues]
        for word, stems in parts:
            if lex.cues[word] in games:
                continue
            held = (doc for s in stems if s in lex.postings for doc in lex.postings.holders(s))
            if not any(lex.records[doc][1] in games and _holds_word(lex, doc, stems) for doc in held):
                return word
    return ""


def _holds_word(lex: Lexicon, doc: int, stems: tuple[str, ...]) -> bool:
    """Whether a record holds a word in its own words or its aliases: a question beside it (``asked_as``) may only
    compare it with another game's ("like a Magic mulligan")."""
    if set(stems) & set(lex.own[doc][1]):
        return True
    return any(lex.stem(w) in stems for alias in lex.records[doc][7] for w in words(alias))


#: Who a question asks may do something ("can players trade", "are we allowed to talk").
DOERS = frozenset(
    {"i", "we", "you", "they", "he", "she", "players", "player", "people", "to", "the", "both", "two", "my", "t", "not"}
)


def _unheld_deed(query: Query, lex: Lexicon, games: list[str]) -> str:
    """What a question naming its games asks whether players may do ("can players trade cards", "are players allowed
    to talk"), when another game's records speak of it and none of those games' do: their documents do not say."""
    if not query.named:
        return ""
    said = words(query.text[:2000])
    for i, w in enumerate(said):
        if w not in MAY or (w == "ok" and i) or _says_cannot(said, i):
            continue
        at = next((j for j in range(i + 1, min(i + 5, len(said))) if said[j] not in DOERS), None)
        if at is None or said[at] in STOPWORDS or set(said[at + 1 : at + 2]) & PARTICLES:
            return ""  # a verb with a particle ("knock out") is an idiom for a move the records name otherwise
        deed = said[at]
        # the question's own reading of the word (a typo read, a synonym), or the word's stem when a long question's
        # table talk was left out of its reading
        concept = next((c for c in query.concepts if deed in (*c.word.split(), c.typed)), None)
        stems = concept.stems if concept else (lex.stem(deed),)
        # held by another game's records, not by the named one's: a word no record uses at all may be slang for a
        # move the records name otherwise ("can she knock out the king")
        held = {lex.records[doc][1] for s in stems if s in lex.postings for doc in lex.postings.holders(s)}
        if not held and all(s.startswith("~") for s in stems):
            return deed  # a common English word no record of any game uses ("can you trade spells"): not slang
        return deed if held and not held & set(games) else ""
    return ""


#: Who a question asks about after "can't" ("can't I trade ...?"); any other word after it ("and can't remember
#: the phases") makes it a statement of what the asker cannot do, not a question whether players may.
_ASKED_ABOUT = frozenset({"i", "we", "you", "they", "he", "she", "players", "player", "people"})


def _says_cannot(said: list[str], i: int) -> bool:
    """Whether ``said[i]`` opens a "can't" or "cannot" that no one is asked about ("I can't remember the phases")."""
    after = i + 2 if said[i + 1 : i + 2] == ["t"] else i + 1 if said[i] == "cannot" else None
    return after is not None and set(said[after : after + 1]).isdisjoint(_ASKED_ABOUT)


#: How the verdict names what no ruling states, by kind.
#: Words of organised play: events, tournaments and the people who run them. Not "league" (a game scored game by
#: game is played as one: Elemental Clash's victory points), nor "official" or "legal" (asked of any rule).
ORGANISED = frozenset(
    {"tournament", "tournaments", "tourney", "tourneys", "sanctioned", "convention", "conventions", "judge", "judges"}
    | {"store", "stores", "event", "events", "organizer", "organiser", "organizers", "organisers", "championship"}
    | {"championships", "regionals", "nationals", "prize", "prizes"}
)
#: Words before "event" that make it a happening in play, not organised play ("in the event of a tie").
HAPPENING = (["in", "the"], ["in", "any"], ["in", "that"], ["in", "this"])


def _organised(said: list[str]) -> bool:
    """Whether a question speaks of organised play anywhere in it ("at my first real event I want to take notes"),
    not of an event in play ("in the event of a tie").

    Examples:
        >>> _organised("at my first event can i take notes".split()), _organised("in the event of a tie".split())
        (True, False)
    """
    return any(
        w in ORGANISED and not (w.startswith("event") and said[max(0, i - 2) : i] in HAPPENING)
        for i, w in enumerate(said)
    )


def _plays_no_events(lex: Lexicon, games: list[str]) -> bool:
    """Whether none of these games' records speaks of organised play in its own words (its title and text): a game
    played at home alone (Elemental Clash, Elementals), whose rulings do not answer how an event is run, even when
    one of them seems to ("can I take notes at an event" and Clash's records kept on paper)."""

    def playing() -> frozenset[str]:
        stems = {stem(w) for w in ORGANISED}
        return frozenset(r[1] for doc, r in enumerate(lex.records) if own_stems(lex, doc) & stems)

    return bool(games) and not set(games) & lex.kept(("games playing events",), playing)


DESCRIBED = {
    "players": "a number of players",
    "time": "a length of time",
    "measure": "a length in units",
    "maker": "who made it",
    "release": "when it came out",
    "print": "whether it is still made",
    "media": "anything of a song, a film or a book",
    "age": "an age",
    "material": "what it is made of",
    "price": "a price",
    "prize": "what prizes an event gives",
    "chance": "a chance of winning",
    "ranking": "which is best",
    "back": "whether a move may be taken back",
    "leaving": "what happens when a player leaves a game",
    "editions": "which editions or printings may be played",
    "penalty": "a penalty",
    "slip": "what is done about a slip",
    "look": "who may look at it",
    "variant": "a variant for the length or difficulty of a game",
    "redo": "whether cards may be shuffled, dealt or drawn again",
    "advice": "who may advise a player or talk at the table",
    "knockout": "how an event's players are cut to a knockout stage",
    "results": "how wins and losses are kept across games",
}
