"""Questions asking whether a game has, needs or bounds a thing, and whether a record of the game speaks of it: the
forms of [`rulebook.uncovered`][rulebook.uncovered] that read a thing named in the question (not a kind of answer).

- whether something exists ("is there a turn time limit"): some record of the game must hold the thing's words
  together;
- whether a thing is required ("are card sleeves required", "do all my sleeves have to match", "do I need to hand in
  a deck list"): likewise (or, for a deed, the deed's verb and the thing's words);
- a bound a clause opens on ("what's the max hand size", "spellfire hand limit?", "is there a minimum number of
  Elestrals"): some record of the game must state such a bound (upper, or lower) on that thing;
- whether players may use a thing ("can I use proxy cards"): a thing with a word no record uses at all, not even in
  the players' words beside them, is one the documents do not speak of.

Examples:
    >>> from rulebook.things import unheld_thing
    >>> from rulebook.vocabulary import lexicon
    >>> lex = lexicon()
    >>> unheld_thing(lex.read("is there a turn time limit in elestrals"), lex, ["elestrals"])
    'speaks of a turn time limit'
    >>> unheld_thing(lex.read("is there a max hand size in elestrals"), lex, ["elestrals"]) is None
    True
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from typing import Any

from rulebook.vocabulary import STOPWORDS, Concept, Lexicon, Query, stem, words

__all__ = ["article", "own_stems", "own_words", "unheld_thing"]


def unheld_thing(query: Query, lex: Lexicon, games: list[str]) -> str | None:
    """What a question asking whether its ``games`` have, need or bound a thing, or whether players may use one,
    asks for that no record of those games speaks of ("speaks of a turn time limit", "states a max hand size"), or
    None (for other forms too)."""
    bound = _asked_bound(query.text, lex, games)
    if bound is not None:
        named, thing = bound
        side = "lower" if LOWER & set(named.split()) else "upper"
        holders = (doc for doc, record in enumerate(lex.records) if record[1] in games)
        if not any(_states_bound(lex, doc, thing, side) for doc in holders):
            return f"states {'an' if named[:1] in 'aeiou' else 'a'} {named}"
    used = _asked_use(query, lex)
    if used:
        return f"speaks of {used}"
    asked = _asked_whether(query)
    if not asked:
        return None
    deed = _needed_deed(query.text)
    held = [c for c in asked if c is not APART] + ([Concept(deed, (stem(deed),))] if deed else [])
    for doc, record in enumerate(lex.records):
        if record[1] not in games:
            continue
        if _speaks_of(lex, doc, asked) or (deed and all(any(s in own_stems(lex, doc) for s in c.stems) for c in held)):
            return None  # "do I need to declare my attack target": a record of declaring an attack's target
    thing = " ".join(c.word for c in asked)
    return f"speaks of {article(thing)}"


#: Words that ask whether something exists ("is there a turn time limit", "are there any bans").
EXISTS = (("is", "there"), ("are", "there"))


#: How many of the words after "is there" name the thing asked about.
EXISTS_WORDS = 3


#: Words before the thing a question asks about, skipped ("is there a ...", "do I need any ...", "is there like a
#: timer", "do I need more damage": an amount of the thing), and words asking only that the thing be exact ("is
#: there a fixed size for it": a size).
DETERMINERS = frozenset(
    {"a", "an", "the", "any", "some", "my", "our", "your", "their", "his", "her", "its", "own", "special", "like"}
    | {"more", "extra", "enough", "another"}
    | {"fixed", "specific", "exact", "particular", "certain", "standard"}
)
#: Question words: a clause holding one asks.
WH = frozenset({"how", "what", "whats", "which", "who", "when", "where", "why", "whose"})


#: Nouns that ask about the rule itself, not a thing the game may have ("is there a catch", "is there a trick to
#: it", "what's the difference", "is there any case where I keep it"): a question about them is not asking whether
#: the game has something.
RULE_NOUNS = frozenset(
    {
        *("catch", "trick", "difference", "reason", "point", "problem", "issue", "exception", "downside", "way"),
        *("rule", "ruling", "outcome", "result", "answer", "order"),
        *("case", "cases", "situation", "situations", "circumstance", "circumstances", "scenario", "scenarios"),
    }
)


#: Nouns that name a rule (not a penalty, which the documents may not speak of), and the words after them that name
#: what it is about ("is there a rule about slow play", "any rules on trading cards": the thing asked about follows).
ABOUT_RULES = frozenset({"rule", "rules", "ruling", "rulings"})


ABOUT = frozenset({"about", "for", "on", "against", "regarding"})


#: Words that end the thing asked about, as a stopword does ("a time limit per turn" asks about a time limit, "meet
#: its conditions again" about conditions, "a limit like in the Main Deck" about a limit). "One" stands for a thing
#: told before it ("if Gravitate can move a spell, is moving one compulsory" asks whether the move is).
THING_END = frozenset({"per", "each", "every", "again", "anymore", "later", "still", "like", "one", "ones"})


#: Words after a thing that say when it is needed, not what it is ("do I need more damage first" asks about damage).
WHEN_DONE = frozenset(
    {"first", "beforehand", "now", "then", "yet", "already", "instead", "afterwards", "too"}
    | {"before", "after", "during"}
)


#: Nouns that name a quantity or a kind of what follows "of" ("a maximum number of cards" asks about cards).
PARTITIVE = frozenset({"number", "amount", "kind", "kinds", "type", "types", "sort", "lot", "count"})


#: Marks the words of a partitive thing, not side by side.
APART = Concept("", ())


#: Who asks whether they need something ("do I need", "does my friend need" is not read).
PERSONS = frozenset({"i", "we", "you", "they", "players"})


#: Words after "when" that make it a question ("when was it released"), not "when the printed text differs".
ASKING = frozenset({"was", "were", "did", "does", "do", "is", "will"})


#: Words that leave a place or thing unnamed: "is there anywhere left for it to go" asks whether a move is possible,
#: not whether the game has a thing.
SOMEWHERE = frozenset({"anywhere", "somewhere", "anything", "something", "anyone", "someone", "anybody", "somebody"})


#: Words that ask whether a thing is the only one ("is there only one phase where Avatars come in"), not whether
#: the game has it.
ONLY = frozenset({"only", "just"})


#: Words that place a deed, not name a thing: "do I need to go past 33 before it counts" asks how far to go, not
#: whether the game has a "past 33".
PLACED = frozenset({"past", "beyond", "above", "below", "under", "over", "through", "across", "around", "into", "onto"})


#: Words of a bound ("max hand size", "hand limit", "a minimum number of Elestrals").
BOUND_WORDS = frozenset({"max", "maximum", "limit", "cap", "min", "minimum"})


#: What opens a clause that asks for a bound ("is there a max ...", "what's the hand limit"), before determiners.
BOUND_OPENERS = (("is", "there"), ("are", "there"), ("what", "is"), ("what", "s"), ("whats",), ("what", "are"))


#: Words between a bound and the thing it bounds ("the cap on the total levels", "a limit for hand size").
BOUND_ON = frozenset({"on", "for", "to"})


#: Words of an upper bound only after an opener ("what's the most champion levels a deck may hold"; "most" later in
#: a clause is a share: "most of my cards").
OPENED_BOUNDS = frozenset({"most"})


#: Words of a lower bound: a question asking for one is answered by a record stating a lower bound, not a maximum
#: ("is there a minimum number of Elestrals" is not answered by "at most four Elestrals on the row").
LOWER = frozenset({"min", "minimum"})


#: Words that state a bound in a record's text, near the thing bounded, upper and lower ("at most 3 copies", "no hand
#: limit", "up to 12 cards", "its maximum hand size", "exactly 40"; "at least one", "a minimum of").
BOUND_STATED = {
    "upper": frozenset({"max", "maximum", "limit", "limits", "cap", "most", "up", "exactly", "only", "unlimited"}),
    "lower": frozenset({*LOWER, "least", "exactly", "minimal"}),
}


#: Words naming the measure of a thing, not the thing ("a max deck size" bounds the deck: "a Main Deck of exactly 40").
SIZES = frozenset({"size", "sizes"})


#: How many words either side of the thing bounded a record's bound word may stand.
BOUND_REACH = 3


def _asked_bound(text: str, lex: Lexicon, games: list[str]) -> tuple[str, list[str]] | None:
    """The bound a question asks for, as it names it, and the thing bounded, when a clause opens on it: "what's the
    max hand size" (("max hand size", ["hand", "size"])), "spellfire hand limit at end of turn?" (("hand limit",
    ["hand"])), "is there a minimum number of Elestrals ..." (("minimum number of elestrals", ["elestrals"])). Not a
    bound named later in a clause ("does my avatar's level count toward the deck level limit" asks about the
    avatar), nor one a "how many" question asks (read as a count)."""
    names = {w for g in games for w in lex.name_words.get(g, ())} | {"in", "for"}
    for clause in re.split(r"[.?!;,:()]", text[:2000]):
        said = words(clause)
        n = 0
        while n < len(said) and said[n] in names:
            n += 1
        opener = next((o for o in BOUND_OPENERS if tuple(said[n : n + len(o)]) == o), ())
        n += len(opener)
        while n < len(said) and (said[n] in DETERMINERS or said[n] in names):
            n += 1
        if CLOCKED & set(said):
            continue  # a bound on the clock ("a turn time limit") is read as a thing the game may have, not a count
        if n < len(said) and (said[n] in BOUND_WORDS or (opener and said[n] in OPENED_BOUNDS)):
            # "the cap on the total levels", "a limit for hand size": the thing bounded after a word of what it is on
            named = _thing(said, n + 2 if said[n + 1 : n + 2] and said[n + 1] in BOUND_ON else n + 1)
            ends = next((k + 1 for k, w in enumerate(named) if w in SIZES), len(named))
            thing = [w for w in named[:ends] if w and w not in BOUND_WORDS]  # "max hand size once...": the hand's size
            if thing:
                span = said[n : said.index(thing[-1], n) + 1]
                return " ".join(span), thing
            continue
        head = list(itertools.takewhile(lambda w: w not in STOPWORDS and w not in BOUND_WORDS, said[n : n + 3]))
        after = said[n + len(head) : n + len(head) + 1]
        if head and after and after[0] in BOUND_WORDS:
            return " ".join([*head, after[0]]), head
    return None


@functools.cache
def _bound_stems(side: str) -> frozenset[str]:
    """The stems of ``BOUND_STATED[side]`` (stemmed when first needed: not at import, which `ask`'s start-up pays)."""
    return frozenset(stem(w) for w in BOUND_STATED[side])


def _states_bound(lex: Lexicon, doc: int, thing: list[str], side: str) -> bool:
    """Whether a record states a bound on a thing: in its title, its text or one of its aliases, the thing's head
    (its last two words, side by side) with a word of a bound on that ``side`` ("upper", "lower") at most
    ``BOUND_REACH`` words away ("no hand limit", "its maximum hand size", "at most 3 copies", "exactly 40 Runes"; a
    number alone does not bound: "the two Elestrals")."""
    head = [stem(w) for w in [w for w in thing if w not in SIZES][-2:] or thing[-1:]]
    for said in _texts_stems(lex, doc):
        for n in range(len(said) - len(head) + 1):
            if said[n : n + len(head)] != head:
                continue
            near = said[max(0, n - BOUND_REACH) : n] + said[n + len(head) : n + len(head) + BOUND_REACH]
            if any(w in _bound_stems(side) for w in near):
                return True
    return False


def article(thing: str) -> str:
    """A thing with its article: "a turn time limit", "an ace", "card sleeves" (a plural takes none).

    Examples:
        >>> article("turn time limit"), article("ace"), article("card sleeves")
        ('a turn time limit', 'an ace', 'card sleeves')
    """
    if thing.endswith("s") and not thing.endswith("ss"):
        return thing
    return f"{'an' if thing[:1] in 'aeiou' else 'a'} {thing}"


#: Particles that make a verb an idiom ("knock out", "finish off").
PARTICLES = frozenset({"out", "off", "up", "down", "over", "away"})


#: Words that ask whether a thing may be used ("can I use proxy cards", "are we allowed to use a phone app").
MAY = frozenset({"can", "could", "may", "allowed", "ok", "okay", "legal", "fine"})


USE = frozenset({"use", "using"})
#: Verbs of putting a card into play, which ask the same of a thing no record names when the words after the thing
#: ask whether it may be ("is playing a proxy like that allowed"; not "can I still play another one somehow").
PLAYED = frozenset({"playing", "running"})
ALLOWED_AFTER = frozenset({"allowed", "legal", "ok", "okay", "fine", "permitted"})
#: How many words after the verb the word asking whether it may be is looked for.
ALLOWED_REACH = 10


def _unknown(query: Query, lex: Lexicon, word: str) -> bool:
    """Whether a word of a question, as read (a typo read as the record word it is near), is used by no record."""
    concept = next((c for c in query.concepts if word in (c.word, c.typed)), None)
    if concept is not None:
        return not any(s in lex.postings for s in concept.stems)
    # a word the reading left out of a long question (its words not the game's): unknown when no record has its stem;
    # not a typo read as a record's word, nor a word's piece ("ragnaros's": "s") or a number
    return len(word) > 2 and word.isalpha() and word not in query.corrected and lex.stem(word) not in lex.postings


def _asked_use(query: Query, lex: Lexicon) -> str:
    """The thing a question asks whether players may use ("can I use proxy cards" gives "proxy cards"), when one of
    its words is used by no record at all, not even in the players' words beside them. Empty for other forms, and
    for a thing whose every word some record uses (it may be the rule's own: "can I use Blaze twice")."""
    for clause in re.split(r"[.?!;,:()]", query.text[:2000]):
        said = words(clause)
        for i, w in enumerate(said):
            allowed = ALLOWED_AFTER & set(said[i + 1 : i + 1 + ALLOWED_REACH])
            if (w in USE and MAY & set(said[max(0, i - 4) : i])) or (w in PLAYED and allowed):
                thing = [t for t in _thing(said, i + 1) if t]
                return " ".join(thing) if any(_unknown(query, lex, t) for t in thing) else ""
    return ""


def _thing(clause: list[str], start: int) -> list[str]:
    """The words of the thing named from ``clause[start]`` on: determiners skipped, then the words up to the first
    stopword, at most ``EXISTS_WORDS`` ("is there a turn time limit in ..." names "turn time limit"). A partitive
    ("a maximum number of cards") names what follows "of": "maximum cards", its words not side by side (marked by
    an empty word between them)."""
    n = start
    while n < len(clause) and clause[n] in DETERMINERS:
        n += 1
    found: list[str] = []
    while n < len(clause) and clause[n] not in STOPWORDS | THING_END and len(found) < EXISTS_WORDS:
        found.append(clause[n])
        n += 1
        if found[-1] in WHEN_DONE and len(found) > 1:
            found.pop()  # "do I need more damage first": damage, needed before a deed
            break
    if found and found[-1] in PARTITIVE and clause[n : n + 1] == ["of"]:
        rest = _thing(clause, n + 1)[:1]
        return [*found[:-1], "", *rest] if rest else found
    if found and clause[n : n + 1] == ["way"]:
        return [*found, "way"]  # "is there a set way to arrange them": a manner of play, the rule itself
    return found


def _asked_thing(text: str) -> list[str]:
    """The words of the thing a question asks whether the game has or needs, read from the question's form: "is
    there a turn time limit", "do I need card sleeves". Empty for other forms, and for a thing that is the rule
    itself ("is there a catch", see ``RULE_NOUNS``), or a place or thing left unnamed ("is there anywhere left for
    it to go" asks whether it can go, see ``SOMEWHERE``). ("What's the penalty for ..." was read so too, and refused
    real questions of the held-out test half: it is not.)"""
    thing = _opened_thing(text)
    return [] if thing and (thing[-1] in RULE_NOUNS or thing[0] in SOMEWHERE | ONLY | PLACED) else thing


def _opened_thing(text: str) -> list[str]:
    """The words after the opener of `_asked_thing`'s forms ("is there a rule about slow play" asks about slow
    play)."""
    for clause in re.split(r"[.?!;,:()]", text[:2000]):
        said = needing(words(clause))
        required = _required_thing(said)
        if required:
            return required
        for i in range(len(said) - 1):
            pair = (said[i], said[i + 1])
            if pair in EXISTS:
                n = i + 2
                while n < len(said) and said[n] in DETERMINERS:
                    n += 1
                if said[n : n + 1] and said[n] in ABOUT_RULES and said[n + 1 : n + 2] and said[n + 1] in ABOUT:
                    return _thing(said, n + 2)
                thing = _thing(said, i + 2)
                return [] if thing and _of_told(said[i + 2 :], thing) else thing
            if said[i] in ASKING and said[i + 1] in PERSONS and said[i + 2 : i + 3] == ["need"]:
                # "which card do I need to finish her off": which one is asked, not whether one is needed
                return [] if WH & set(said[:i]) else _thing(said, _done_to(said, i + 3))
            if said[i] in ("do", "does") and said[i + 1] in OWNERS and "need" in said[i + 2 : i + NEEDER_REACH]:
                # "do my Spirit Deck and Main Deck need sleeves of different colours": what a thing of theirs needs
                return _thing(said, said.index("need", i + 2) + 1)
    return []


#: How a clause ends on a deed told before it ("is there a cost to that"): the thing is what that deed brings.
TOLD = (["to", "that"], ["to", "this"], ["to", "it"], ["for", "that"], ["for", "this"], ["for", "it"])


def _of_told(said: list[str], thing: list[str]) -> bool:
    """Whether the clause ``said`` (from the thing's opener on) ends, just after the ``thing``, on a deed told before
    it ("my three cards are useless; what do I do with them, and is there a cost to that?" asks what discarding
    brings, not whether the game has costs).

    Examples:
        >>> _of_told("a cost to that".split(), ["cost"]), _of_told("a cost to play it".split(), ["cost"])
        (True, False)
    """
    last = thing[-1]
    return last in said and said[said.index(last) + 1 :] in TOLD


#: Words that open a thing of the players' that may need something ("do my decks need sleeves"), and how many words
#: after "do" its "need" may stand.
OWNERS = frozenset({"my", "our", "your", "their"})


NEEDER_REACH = 8


#: Another way of asking whether players need to do something, after a person: "whether players must hand in ...".
#: ("do we have to ..." is not: it asks far more often whether a rule obliges a move, "do I have to take the
#: self-damage", which the records answer without the deed's words; read so, 14 real tuning questions were refused.)
MUST = (["must"],)
#: Verbs of handing something to an event's organisers, after which "do we have to" does ask whether players need to
#: do it ("do I have to submit a decklist"), as "must" does (not "send", "fill": "do I have to send a spell forward").
HANDED = (["submit"], ["register"], ["hand", "in"])


def needing(said: list[str]) -> list[str]:
    """A clause with its other ways of asking whether players need to do something read as "do I need to": "whether
    players must hand in a list", "must we hand in a list".

    Examples:
        >>> " ".join(needing("whether players must hand in a written list".split()))
        'do players need to hand in a written list'
        >>> " ".join(needing("must we shuffle".split())), " ".join(needing("do i have to shuffle".split()))
        ('do we need to shuffle', 'do i have to shuffle')
        >>> " ".join(needing("do i have to submit a decklist".split()))
        'do i need to submit a decklist'
        >>> " ".join(needing("the player must discard".split()))
        'the player must discard'
    """
    for i in range(len(said) - 2):
        if said[i] == "must" and said[i + 1] in PERSONS:
            return [*said[:i], "do", said[i + 1], "need", "to", *said[i + 2 :]]
        if said[i] in ASKING | {"whether"} and said[i + 1] in PERSONS:
            handed = said[i + 2 : i + 4] == ["have", "to"] and any(said[i + 4 : i + 4 + len(h)] == h for h in HANDED)
            for form in [*MUST, ["have", "to"]] if handed else MUST:
                if said[i + 2 : i + 2 + len(form)] == form:
                    return [*said[:i], "do", said[i + 1], "need", "to", *said[i + 2 + len(form) :]]
    return said


def _needed_deed(text: str) -> str:
    """The verb of what a question asks whether players need to do ("do I need to hand in a deck list": "hand"), or
    ""."""
    for clause in re.split(r"[.?!;,:()]", text[:2000]):
        said = needing(words(clause))
        for i in range(len(said) - 2):
            if said[i] in ASKING and said[i + 1] in PERSONS and said[i + 2] == "need":
                return said[i + 4] if _done_to(said, i + 3) > i + 3 else ""
    return ""


def _done_to(said: list[str], n: int) -> int:
    """Where the thing a player must do something to is named, after "do I need" at ``said[n]``: "do I need to hand
    in a written deck list" names it after "to hand in" (a verb and its particle); "do I need sleeves" at once."""
    if said[n : n + 1] != ["to"] or n + 1 >= len(said) or said[n + 1] in STOPWORDS:
        return n
    n += 2
    return n + 1 if said[n : n + 1] and said[n] in PARTICLES | {"in"} else n


#: Words that ask whether a thing is required ("are card sleeves required", "do all my sleeves have to match").
REQUIRED = frozenset({"required", "mandatory", "compulsory", "necessary", "needed"})


def _required_thing(said: list[str]) -> list[str]:
    """The thing a clause asks whether players must have or use: "are card sleeves required", "do all my card
    sleeves have to match" (not "do I have to attack": the thing is a person, a stopword)."""
    if said[:1] not in (["are"], ["is"], ["do"], ["does"]):
        return []
    n = 1
    while n < len(said) and (said[n] in DETERMINERS or said[n] == "all"):
        n += 1
    found: list[str] = []
    while n < len(said) and said[n] not in STOPWORDS | REQUIRED | THING_END and len(found) < EXISTS_WORDS:
        found.append(said[n])
        n += 1
    after = said[n : n + 2]
    return found if found and ((after[:1] and after[0] in REQUIRED) or after in (["have", "to"], ["has", "to"])) else []


def _asked_whether(query: Query) -> list[Concept]:
    """The concepts of the thing a question asks whether the game has or needs (see `_asked_thing`)."""
    found: list[Concept] = []
    for w in _asked_thing(query.text):
        if not w:
            found.append(APART)
            continue
        c = next((c for c in query.concepts if w in c.word.split() or c.typed == w), None)
        if c is not None:
            # One word of a phrase read as one concept ("hand limit") stands for itself; a word its own synonyms.
            found.append(c if w in (c.word, c.typed) else Concept(w, (stem(w),)))
        else:
            found.append(Concept(w, (stem(w),)))  # left out of a long question's reading as table talk ("easier mode")
    return [c for n, c in enumerate(found) if c is not APART or 0 < n < len(found) - 1]


def own_words(record: Sequence[Any]) -> list[str]:
    """A record's own words: its title and text (not the players' words beside it).

    Examples:
        >>> own_words(["clash.x", "clash", "rule", "Tie", "Both stay."])
        ['tie', 'both', 'stay']
    """
    return words(f"{record[3]}. {record[4]}")


def own_stems(lex: Lexicon, doc: int) -> frozenset[str]:
    """The stems of a record's own title and text (not the players' words beside it).

    Examples:
        >>> from rulebook.vocabulary import lexicon
        >>> lex = lexicon()
        >>> "copi" in own_stems(lex, lex.by_id["elestrals.setup.copy-limit"])  # "At most three copies of a card"
        True
    """
    return lex.kept(("own stems", doc), lambda: frozenset(stem(w) for w in own_words(lex.records[doc])))


def _texts_stems(lex: Lexicon, doc: int) -> list[list[str]]:
    """The stems of a record's title, text and each of its aliases, word by word (not its ``asked_as`` questions,
    which may ask about what the record denies or does not say)."""

    def made() -> list[list[str]]:
        record = lex.records[doc]
        texts = [record[3], record[4], *(record[7] if len(record) > 7 else ())]
        return [[stem(w) for w in words(text)] for text in texts]

    return lex.kept(("texts stems", doc), made)


#: Words of a bound on a count ("is there a max hand size"): players' words beside a record name the bound its rule
#: states ("no hand size limit"), so they are read for such a thing; not for a bound on the clock ("time limit").
BOUNDS = frozenset({"limit", "limits", "max", "maximum", "minimum", "min", "cap"})


CLOCKED = frozenset({"time", "timer", "clock", "minute", "minutes"})


def _said(lex: Lexicon, doc: int, concepts: list[Concept]) -> list[list[str]]:
    """What `_speaks_of` reads of a record: its title and text, with its aliases for a bound on a count. An alias
    is a word players use for the rule, not something the document says: "time limit" beside the rule of a
    tournament round's time does not make it speak of a time limit per turn."""
    texts = _texts_stems(lex, doc)
    said = {w for c in concepts for w in c.word.split()}
    return texts if said & BOUNDS and not said & CLOCKED else texts[:2]


def _speaks_of(lex: Lexicon, doc: int, concepts: list[Concept]) -> bool:
    """Whether a record speaks of a thing: its head (the last two of its words, "time limit") side by side in its
    title or its text (or one of its aliases, for a bound on a count: see `_said`); a one-word thing anywhere in
    them; the words of a partitive ("a maximum number of cards") anywhere in them all."""
    if APART in concepts:
        held = {s for said in _said(lex, doc, concepts) for s in said}
        return all(any(s in held for s in _numerals(c.stems)) for c in concepts if c is not APART)
    head = [_numerals(c.stems) for c in concepts[-2:]]
    for said in _said(lex, doc, concepts):
        for n in range(len(said) - len(head) + 1):
            if all(said[n + k] in stems for k, stems in enumerate(head)):
                return True
    return False


#: The numbers one to twelve in words.
NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
#: Numbers a record may write in words where a question writes digits ("3 cards": three cards), and back.
NUMERALS = {str(n): word for n, word in enumerate(NUMBER_WORDS, start=1)}


def _numerals(stems: Sequence[str]) -> frozenset[str]:
    """A thing's stems with each number also in its other spelling ("3" and "three").

    Examples:
        >>> sorted(_numerals(("3",)))
        ['3', 'three']
    """
    back = {stem(w): d for d, w in NUMERALS.items()}
    spelt = {stem(NUMERALS[s]) for s in stems if s in NUMERALS}
    return frozenset(stems) | spelt | {back[s] for s in stems if s in back}
