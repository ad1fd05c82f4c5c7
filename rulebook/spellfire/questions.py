"""Spellfire questions about whether a champion may attack a realm of a formation, or whether Calm negates a
Cataclysm!, computed by the engine.

The target is "position E", "realm E", "realm in position E" or a bare capital letter B to F (a bare "A" is read as
the article, but before "realm": "my A realm"). An attack is told by "attack" and "reach", "going for" or "goes
after", and "hit" where the asker hits ("can i hit E"). Razed realms: "A is razed", "A and B are razed", "razed A".
The attacker: its champion type (hero, wizard, ...) and movement powers ("a flying wizard", "a swimmer"), or "no
movement power" ("a plain champion"). The formation is the opponent's six realms, razed as said; a question that
says nothing of which realms stand or are razed ("can a flyer attack realm F?", "do both have to be razed before
...") is not computed, even when every formation would give one answer: the reader names what is missing, and the
rulings are ranked. Nor is one silent on the target's coastline when a coastline would change the answer. A realm
said to show a coastline ("E shows a coastline", "the realm in D has a coastline", "realm D, whose card shows a
coastline") is read into the formation; one said to have none is not read. So is a realm's own ban on a movement
power ("F's card says flyers can't attack it", "my F realm forbids flyers"); a realm's other limits ("only lets
heroes attack it") are named as not read.

It also reads a Cataclysm! answered by Calm, in the order the cards were played ("P1 plays Cataclysm! on my realm,
then I play a holding, then Calm"), and judges whether Calm negates it: computed only when Calm is said to be
played (a question whether it may be, "can I play my Calm", asks the rule), by whom, and on whose realm Cataclysm!
falls ("on my realm", "against P2's realm", "Cataclysm! on P2"; "I", "my opponent", "my friend", "P1", "player 2").
A card played between is read by its kind ("a holding") or its name ("a Fireball"). A play without its player is the
last named player's ("P3, who wasn't affected, played Calm": P3's); a card played on another's behalf ("on P2's
behalf", "instead of them") is not computed. A play may be told in the engine's notation ("p1 cataclysm! on my
realm"), its player by number in words ("player two's realm"), its aim after "aimed at", Calm as "the very next card
I play", and after "only": "only after that do I play Calm" tells a play, it does not ask one. A dash between words
ends a clause.

A champion named as a kind, in the plural ("can swimmers attack realm E?"), asks the rule for that kind, not one
attack: nothing is computed.

Allies the question denies ("a flyer with no allies") leave the attack to be read; one ally told without movement
power ("joined by one ally that has no movement power") or with one told in a clause of its own ("one ally who is a
flyer") joins it; other allies that join it are not read.
The rule that decides the attack (a movement power, an exposed realm) is cited last, so ``ask`` lists it first, after
what the engine notes beside it (who may block, that positions stay).

A movement power the question denies ("no flying, swimming or earthwalking", "not a flyer") is not the
attacker's; one both claimed and denied ("my flyer ... walk in without flying?") asks whether the power may be
forgone, and is not computed.

Without a target, or without the attacking champion's type or movement, nothing is computed: the
reader says what it read and what is missing.

Examples:
    >>> print(read("Can a flying wizard attack position E while A stands?").ruling.verdict)
    legal: the wizard (flyer) may attack E
    >>> print(read("Can a hero attack realm B while A stands?").ruling.verdict)
    illegal: B is protected by A, and the hero has no movement power
    >>> read("Can a swimmer attack realm E?").missing[0]
    "which of the opponent's realms are razed (or that none is)"
    >>> read("Can I attack realm B?").missing
    ['the attacking champion (its type, or its movement power)']
    >>> print(read("P1 plays Cataclysm! on my realm, then I play a holding, then Calm. Negated?").ruling.verdict)
    P1's Cataclysm! stands: P2 played a holding before Calm
    >>> read("My opponent played Cataclysm! on my realm. Can I play Calm now?").ruling is None
    True
"""

from __future__ import annotations

import itertools
from collections.abc import Collection
from typing import TYPE_CHECKING

from rulebook.questions import NEGATIONS, Reading, Token, decided_by, number_word, tokens
from rulebook.questions import OPPONENT as OPPONENT_WORDS
from rulebook.questions import denied as deny
from rulebook.spellfire.levels_said import read_levels
from rulebook.spellfire.once_said import read_once
from rulebook.spellfire.realm_bans import refusing

if TYPE_CHECKING:
    from rulebook.ruling import Ruling

__all__ = ["read"]

LETTERS = ("A", "B", "C", "D", "E", "F")
ATTACK_WORDS = frozenset(
    {"attack", "attacks", "attacking", "attacked", "reach", "reaches", "reaching", "target", "hit", "hits", "hitting"}
)
#: Words of hitting, an attack where the asker hits ("can i hit E").
HITTING = frozenset({"hit", "hits", "hitting"})
#: Verbs of going that attack a realm when "for" or "after" follows ("going for realm F", "goes after my realm in D").
GOING = frozenset({"go", "goes", "going", "went"})
TARGET_WORDS = frozenset({"position", "realm", "positions", "realms"})
RAZED_WORDS = frozenset({"razed", "destroyed"})
#: Champions named as a kind, in the plural ("can swimmers attack realm E?"): the question asks the rule.
PLURALS = frozenset(
    {"clerics", "heroes", "monsters", "psionicists", "regents", "thieves", "wizards", "flyers", "fliers", "swimmers"}
    | {"earthwalkers"}
)
BE = frozenset({"is", "are", "was", "were", "been", "has", "have", "gets", "got"})
#: Realm traits this reader cannot read into a formation, and words of what a realm's card says (a ban on
#: flyers); a question naming one is not computed.
UNREAD = frozenset(
    {
        *("coast", "coastal", "coastline", "coastlines", "river", "rivers", "island", "underground"),
        *("ally", "allies", "holding", "artifact", "says", "bans", "banned", "forbids"),
    }
)


def _banned(words: list[Token]) -> bool:
    """Whether the question states a ban written on a card ("that realm can't be attacked by flyers", "cannot be
    reached"): a denial before "be" and a word of attacking. The engine knows no card's own ban, so an attack it
    would judge is not the one asked about.

    Examples:
        >>> _banned(tokens("Realm A can't be attacked by flyers. Can my flyer attack A?"))
        True
        >>> _banned(tokens("A flyer can't be blocked? Can my flyer attack realm E?"))
        False
    """
    return any(
        t.word in NEGATIONS and words[n + 1].word == "be" and words[n + 2].word in ATTACK_WORDS
        for n, t in enumerate(words[:-2])
    )


#: Rules the engine cites beside its decision, not the decision: who may block the attack, and that a razed realm's
#: neighbours keep their positions. Cited before the rule that decided whether the attack may be made.
#: The base rules' agreement (a swimmer's coastline, an ally's own movement) is a note beside the decision too.
AFTERMATH = frozenset(
    {"spellfire.move.any-may-defend", "spellfire.formation.fixed-positions", "spellfire.move.base-swimmer"}
    | {"spellfire.move.base-not-passed"}
)
#: Allies, which a question may deny ("a flyer with no allies"): the attack is then read.
ALLIES = frozenset({"ally", "allies"})


def _razed(words: list[Token], letters: list[tuple[int, str]]) -> set[str]:
    """The letters said to be razed: "A is razed", "A and B are razed", "razed A", "razed realms A and B".

    Letters joined by "and" or commas form a run, found in one pass; a run is razed when "razed" (after
    a form of "be") follows it or "razed" comes just before it.
    """
    places = dict(letters)
    razed: set[str] = set()
    n = 0
    while n < len(letters):
        start = end = letters[n][0]
        run = [letters[n][1]]
        n += 1
        while n < len(letters):
            gap = words[end + 1 : letters[n][0]]
            if len(gap) > 1 or any(w.word not in ("and", ",") for w in gap):
                break
            end = letters[n][0]
            run.append(letters[n][1])
            n += 1
        k = start - 1
        while k >= 0 and words[k].word in ("realm", "realms", "position", "positions", "in") and k not in places:
            k -= 1
        if _razed_after(words, end) or (k >= 0 and words[k].word in RAZED_WORDS):
            razed.update(run)
    return razed


#: Words that may stand between a run of letters and "razed" said of it: "A and B of my opponent are both razed",
#: "B and C have already been razed", "their A and B realms are razed", "my B realm got razed".
BETWEEN_RAZED = BE | {"of", "my", "the", "opponent", "opponent's", "opponents", "their", "both", "all", "already"}
BETWEEN_RAZED |= {"realm", "realms", "in", "formation", "formation's"}  # "B of (in) their formation is razed"


def _razed_after(words: list[Token], end: int) -> bool:
    """Whether "razed" follows the run of letters ending at ``end``, past a few words of ``BETWEEN_RAZED``.

    Examples:
        >>> _razed_after(tokens("Realms A and B of my opponent are both razed"), 3)
        True
        >>> _razed_after(tokens("A and B are standing but C is razed"), 2)
        False
    """
    for w in words[end + 1 : end + 8]:
        if w.word in RAZED_WORDS:
            return True
        if w.word not in BETWEEN_RAZED:
            return False
    return False


#: Who plays a card, as a question names them: the players by number, the asker, the asker's opponent, and a third
#: player at the table (the owner of a realm a card is played on: "my friend's realm").
ME = frozenset({"i", "me", "my", "i've", "i'm"})
OPPONENT = OPPONENT_WORDS | {"they", "their"}
FRIEND = frozenset({"friend", "friend's", "buddy", "buddy's", "mate", "mate's", "teammate", "teammate's", "ally's"})
#: Verbs of playing a card, said as done ("P2 plays Calm", "I played a holding", "then Calm", "I respond with Calm").
PLAYED = frozenset(
    {"play", "plays", "played", "drops", "dropped", "casts", "cast", "answer", "answers", "answered", "puts", "put"}
    | {"respond", "responds", "responded", "throw", "throws", "threw", "reply", "replies", "replied", "uses", "used"}
    | {"lays", "laid", "lay", "follows"}  # "P1 lays down Cataclysm!", "P2 follows up with Calm"
)
#: Words that open a clause asking whether a card may be played ("can I play my Calm", "could she use it"): a card
#: named there is asked about, not played.
MODAL = frozenset({"can", "could", "may", "might", "should", "would", "will", "am", "is", "are", "do", "does", "did"})
#: Cards played between the two, named by their kind ("a holding", "a different card", "a realm of my own").
OTHER_CARDS = frozenset(
    {"card", "holding", "event", "ally", "realm", "champion", "artifact", "item", "spell", "rule", "something"}
)
#: Words of a card played for someone else ("Calm on P2's behalf", "instead of them"): the engine judges the player
#: who plays it, so such a question is not computed.
PROXY = frozenset({"behalf", "instead"})
#: Words that end one play and open the next ("P1 plays Cataclysm!, then P2 plays Calm").
PLAY_BREAKS = frozenset({".", ",", ";", "!", "?", "then", "and", "before", "after", "followed"})


def _actor(clause: list[Token], asker: str) -> str | None:
    """Who a clause says plays its card, named before its verb: "P1", "P2" ("player 2"), the asker ("I"), their
    opponent ("my opponent", "they") or a friend ("my buddy")."""
    subject = list(itertools.takewhile(lambda t: t.word not in PLAYED, clause))
    for n, t in enumerate(subject):
        word = t.word.removesuffix("'s")
        if word in ("p1", "p2", "p3", "p4"):
            return word.upper()
        # "player 2", "player two's realm"
        number = number_word(subject[n + 1].word.removesuffix("'s")) if n + 1 < len(subject) else None
        if word == "player" and number in (1, 2, 3, 4):
            return f"P{number}"
        if t.word in FRIEND:
            return "P3"
        if t.word in OPPONENT:
            return "P1"
        after = subject[n + 1].word if n + 1 < len(subject) else ""
        if t.word in ME and (t.word != "my" or after in ("", "very", "next", "own")):
            return asker  # "I played", "on my realm", "my very next card"; not "my brother", whoever that is
    return None


#: The players by number, as a play names them ("P1 Cataclysm!").
PLAYERS = frozenset({"p1", "p2", "p3", "p4"})
#: Words of a card's aim before the player or realm it is aimed at ("Cataclysm! aimed at P2").
AIMING = frozenset({"aimed", "targeted", "directed", "pointed"})

#: Words of a clause's timing, not its player ("and only then plays Calm": the player is the one before).
TIMING = frozenset({"only", "then", "first", "just", "also", "straight", "away", "immediately", "later", "that"})


def _owner(words: list[Token], asker: str) -> str | None:
    """Whose realm the first card is played on ("on my realm", "on P2's realm", "against my buddy's realm"), or
    whom it is played on ("Cataclysm! on P2")."""
    for n, t in enumerate(words):
        if t.word in ("realm", "realms") and n:
            # "on P2's realm", "on one of player 2's realms" (the possessive is a token of its own)
            # "on P2's realm", "hits my realm": the verb of striking stands where "on" does
            start = next((k + 1 for k in range(n - 1, max(-1, n - 8), -1) if words[k].word in AIMED | HITTING), None)
            who = _actor(words[start:n], asker) if start is not None else None
            if who is not None:
                return who
    at = next((n + 1 for n, t in enumerate(words) if t.word == "cataclysm"), None)
    at = at + 1 if at is not None and words[at : at + 1] and words[at].word == "!" else at
    at = at + 1 if at is not None and words[at : at + 1] and words[at].word in AIMING else at
    if at is not None and words[at : at + 1] and words[at].word in AIMED:
        return _actor([t for t in words[at + 1 : at + 3] if t.word not in PLAY_BREAKS], asker)
    # "Cataclysm! which hits P2", "Cataclysm!, hitting player 2": the player it strikes, named after the verb
    at = at + 1 if at is not None and words[at : at + 1] and words[at].word in ("which", "that", ",") else at
    if at is not None and words[at : at + 1] and words[at].word in HITTING:
        return _actor([t for t in words[at + 1 : at + 3] if t.word not in PLAY_BREAKS], asker)
    return None


#: Verbs of a card striking a player, before the player ("Cataclysm! which hits P2").
HITTING = frozenset({"hits", "hit", "hitting", "strikes", "striking", "targets", "targeting", "affects", "affecting"})


#: Words before a card's name in a play ("I play a Fireball first", "P2 answers by playing a Fireball").
ARTICLES = frozenset(
    {"a", "an", "the", "my", "his", "her", "their", "some", "another", "by", "with", "playing", "casting", "throwing"}
    | {"down", "up", "out"}  # "P2 lays down a Fireball", "puts out a holding": the verb's particle, not the card
)


def _named_card(clause: list[Token]) -> str | None:
    """The card a clause plays by its name ("P2 plays a Fireball", "I play Fireball first"): the word after the verb
    of playing past an article, when it is no word of timing, nor of a player."""
    verb = next((n for n, t in enumerate(clause) if t.word in PLAYED), None)
    rest = [t for t in clause[verb + 1 :] if t.word not in ARTICLES] if verb is not None else []
    if not rest or rest[0].word in TIMING | ME | OPPONENT or not rest[0].raw.isalpha():
        return None
    return rest[0].raw


#: Words before the realm a card is played on, or the player it is played on ("on P2's realm", "against P2").
AIMED = frozenset({"on", "at", "against"})


def _plays(words: list[Token]) -> list[tuple[list[Token], bool]]:
    """The question's clauses, each with whether it asks (opens on a modal verb: "can I play my Calm")."""
    clauses: list[list[Token]] = [[]]
    for t in words:
        if t.word in PLAY_BREAKS:
            clauses.append([t])  # the break word opens the clause ("then Calm" plays it; "before my Calm" does not)
        else:
            clauses[-1].append(t)
    found = []
    for before, c in itertools.pairwise([[], *clauses]):
        body = c[1:] if c and c[0].word in PLAY_BREAKS else c
        # "and only after that do I play Calm", "only then did she play Calm": told, not asked
        told = before[-1:] != [] and before[-1].word == "only" and [t.word for t in body if t.word != "that"][:1]
        if body:
            asks = body[0].word in MODAL or (len(body) > 1 and body[1].word in MODAL)
            found.append((c, asks and told not in (["do"], ["did"])))
    return found


def _next_card_is(names: list[str]) -> bool:
    """Whether a clause says a card is someone's next card ("P2's very next card is Calm", "Calm is the very next
    card I play").

    Examples:
        >>> _next_card_is(["calm", "is", "the", "very", "next", "card", "i", "play"])
        True
        >>> _next_card_is(["is", "calm", "the", "next", "card", "i", "may", "play"])
        False
    """
    if any(names[n : n + 3] in (["next", "card", "is"], ["next", "card", "was"]) for n in range(len(names))):
        return True
    said = [w for w in names if w not in ("very", "my", "their", "his", "her")]
    return any(said[n : n + 5] in NEXT_CARD for n in range(len(said)))


#: Words of a card played later ("and next my Calm", "then finally Calm", "followed by Calm").
LATER = frozenset({"next", "finally", "afterwards", "afterward", "lastly", "eventually", "subsequently"})
#: Words a clause may say around Calm and still be a bare play of it ("then Calm", "and only after that Calm", "only
#: then my Calm").
AROUND_CALM = (PLAY_BREAKS - {"before"}) | TIMING | {"my", "the", "by"} | LATER


def _bare_calm(names: list[str]) -> bool:
    """Whether a clause plays Calm by naming it alone after words of timing, with no verb and no player: the player
    of the play before plays it ("then Calm", "only after that Calm", "a Fireball followed by Calm"), or the asker
    ("followed by my Calm"); "before my Calm" plays nothing, nor does "then their Calm" (whose is unsaid).

    Examples:
        >>> _bare_calm(["after", "that", "calm"]), _bare_calm(["followed", "by", "calm"])
        (True, True)
        >>> _bare_calm(["before", "my", "calm"]), _bare_calm(["calm"]), _bare_calm(["then", "p3", "calm"])
        (False, False, False)
    """
    return names[:1] != ["calm"] and names[-1:] == ["calm"] and all(w in AROUND_CALM for w in names[:-1])


#: A card said to be its player's next card, named before ("Calm is the very next card I play", "calm was the next
#: card").
NEXT_CARD = [["calm", be, "the", "next", "card"] for be in ("is", "was")]


def _counter(words: list[Token]) -> Reading | None:
    """Read a Cataclysm! answered by Calm, with what was played between ("P1 plays Cataclysm! on my realm, then I play
    a holding, then Calm: is it negated?"), and judge it. Computed only when Calm is said to be played (not asked
    whether it may be), by whom, and whose realm Cataclysm! strikes. ``None`` when the question is not one."""
    said = [t.word for t in words]
    if "cataclysm" not in said or "calm" not in said[said.index("cataclysm") :]:
        return None
    from rulebook import spellfire

    # the asker is P2, the player a Cataclysm! strikes, unless the question names P2, not P1 nor an opponent ("P2
    # plays Cataclysm! on my realm": the asker is P1)
    asker = "P1" if "p2" in said and "p1" not in said and not OPPONENT & set(said) else "P2"
    reading = Reading("spellfire", "whether a Spellfire counter-effect card negates a card")
    if any(t.word in PROXY for t in words):
        reading.missing.append("who Calm is played for (a card played on another player's behalf is not read)")
        return reading
    plays: list[str] = []
    actor: str | None = None
    for clause, asks in _plays(words):
        names = [t.word for t in clause]
        # the card named first is the one played ("p2 plays calm on the cataclysm!": Calm, aimed at Cataclysm!)
        named = [w for w in names if w in ("cataclysm", "calm")][:1]
        card = {"cataclysm": "Cataclysm!", "calm": "Calm"}[named[0]] if named else None
        if card is None and not plays:
            continue
        if card is None and not PLAYED & set(names) and not any(w in ("realm", "realms") or "'" in w for w in names):
            # a clause that plays nothing but names a player ("and P3, who wasn't affected, played Calm"): the
            # clause after it that names no player is that player's (not a realm's owner: "hitting P2's realm")
            body = clause[1:] if clause[0].word in PLAY_BREAKS else clause
            actor = _actor(body, asker) or actor
        # "then Calm", "my very next card is Calm": said as played, without a verb of playing
        bare = _bare_calm(names)
        played = bool(PLAYED & set(names)) or bare or _next_card_is(names)
        # "p1 cataclysm! on my realm": a player and the card, as the engine writes a play
        played = played or any(
            w in PLAYERS and after in ("cataclysm", "calm") for w, after in itertools.pairwise(names)
        )
        asks = asks and not _next_card_is(names)  # "and Calm is the very next card I play": told, not asked
        if card is None:
            other = next((w for w in names if w in OTHER_CARDS), None) if played else None
            other = other or (_named_card(clause) if played else None)
            article = "an" if other and other[0] in "aeiou" else "a"
            card = None if other is None else "another card" if other == "card" else f"{article} {other}"
        if card is None or asks or not played:
            continue
        body = clause[1:] if clause[0].word in PLAY_BREAKS else clause
        subject = [t for t in itertools.takewhile(lambda t: t.word not in PLAYED, body) if t.word not in TIMING]
        # a clause naming no player ("then Calm", "and only then plays Calm") is played by the one before
        actor = _actor(body, asker) if subject and not bare else asker if "my" in names else actor
        if actor is None:
            reading.missing.append(f"who played {card}")
            return reading
        plays.append(f"{actor} {card}")
    owner = _owner(words, asker)
    if not plays or not plays[-1].endswith(" Calm") or not plays[0].endswith(" Cataclysm!"):
        reading.missing.append("Calm played after Cataclysm! (the question asks whether it may be)")
        return reading
    if owner is None:
        reading.missing.append("whose realm Cataclysm! is played on")
        return reading
    who = f" (you are {asker}, your opponent {'P1' if asker == 'P2' else 'P2'})" if ME & set(said) else ""
    reading.read.append(f"the plays: {', '.join(plays)}{who}; Cataclysm! on {owner}'s realm")
    ruling = spellfire.counter(plays, affected=owner)
    reading.ruling = ruling
    return reading


#: Words of an attacker in general, not one on the table ("can any champion attack A", "is A ever safe").
GENERAL = frozenset({"any", "every", "ever", "anyone", "anybody", "whatever", "whichever"})
#: Words that say how the opponent's formation stands ("A is razed", "B is still up", "nothing is razed").
FORMATION_SAID = RAZED_WORDS | {"stand", "stands", "standing", "stood", "up", "untouched", "unrazed", "intact"}


def _unsaid(
    spellfire,
    words: list[Token],
    razed: set[str],
    target: str,
    champion: str,
    coasts: dict[str, bool],
    party: tuple[str, ...] = (),
    limits: dict[str, list[str]] | None = None,
) -> list[str]:
    """What the attack's answer depends on that the question leaves out: which realms are razed (when it says
    nothing of the formation, even when every formation would give one answer: the answer would rest on a board the
    question did not give; not asked of a realm no position protects) and whether the target shows a coastline
    (where `_coasts` read none for it, tried both ways: named when it changes the answer). A formation word after
    "be" ("do both have to be razed") asks a rule, it says no board."""
    said = any(t.word in FORMATION_SAID and (n == 0 or words[n - 1].word != "be") for n, t in enumerate(words))
    # a realm no position protects (A, at the front) is exposed in every formation: which others are razed is no
    # part of one attack on it, and is not asked for; "can any champion attack A" asks a rule of every attacker
    front = not any(target in guarded for guarded in spellfire.PROTECTS.values())
    said = said or (front and not any(t.word in GENERAL for t in words))
    others = ",".join(letter for letter in LETTERS if letter != target)
    formations = [",".join(sorted(razed))] if said else ["", others]
    tried = (coasts[target],) if target in coasts else (False, True)
    verdicts = {
        (f, coast): spellfire.attack(
            _formation(spellfire, f, {**coasts, target: coast}, limits or {}), target, champion, party
        ).verdict
        for f in formations
        for coast in tried
    }
    missing = []
    if not said:
        missing.append("which of the opponent's realms are razed (or that none is)")
    if any(verdicts[(f, False)] != verdicts[(f, True)] for f in formations if len(tried) == 2):
        missing.append(f"whether realm {target} shows a coastline (a swimmer's way past its protection)")
    return missing


#: Words saying there is one ally ("one ally", "an ally", "a single ally").
ONE = frozenset({"one", "an", "a", "single", "1"})
#: Words opening the clause that tells an ally's own power ("one ally who is a flyer", "one ally that flies").
OWN_CLAUSE = frozenset({"who", "that", "which", "with"})
#: Words that refer back to an ally already told ("that ally", "the ally").
BACK = frozenset({"that", "the", "this", "my", "his", "her", "their"})


def _party(words: list[Token], denied: set[int], powers: dict[str, str]) -> tuple[tuple[str, ...], set[int]]:
    """The allies joining the attack, when the question tells one ally without movement power ("joined by one ally
    that has no movement power", "brings one ally with no movement power") or with one power told in a clause of its
    own ("one ally who is a flyer", "one ally that flies"), and the places of the words naming it; nothing read for
    any other ally (one whose power is not told, or several), which stays unread.

    Examples:
        >>> _party(tokens("my flyer brings one ally with no movement power to attack B"), set(), POWERS)
        (('none',), {4})
        >>> _party(tokens("my swimmer brings one ally that flies"), set(), POWERS)
        (('flyer',), {4, 6})
        >>> _party(tokens("one ally and my flyer attack B"), set(), POWERS)
        ((), set())
        >>> _party(tokens("my flyer brings one swimming ally"), set(), POWERS)
        (('swimmer',), {4, 5})
    """
    told = [n for n, t in enumerate(words) if t.word in ALLIES and n not in denied]
    if any(words[n - 1].word not in BACK for n in told[1:]):
        return (), set()
    if told and told[0] and words[told[0]].word == "allies":
        return _listed(words, told[0], powers)
    if told and words[told[0]].word == "ally" and told[0] > 1 and words[told[0] - 2].word in ONE:
        # "one swimming ally", "a flying ally": its one power said before it
        power = powers.get(words[told[0] - 1].word)
        return ((power,), {told[0] - 1, *told}) if power and not deny(words[: told[0]], powers) else ((), set())
    if not told or words[told[0]].word != "ally" or told[0] == 0 or words[told[0] - 1].word not in ONE:
        return (), set()
    first = told[0]
    clause = list(itertools.takewhile(lambda t: t.word not in CLAUSE_BREAKS - {"and"}, words[first + 1 : first + 9]))
    said = [t.word for t in clause]
    if any(said[k : k + 2] == ["no", "movement"] for k in range(len(said))):
        return ("none",), set(told)
    own = list(itertools.takewhile(lambda t: t.word not in CLAUSE_BREAKS, words[first + 1 : first + 6]))
    named = {first + 1 + k for k, t in enumerate(own) if t.word in powers}
    kinds = {powers[words[n].word] for n in named}
    if own[:1] == [] or own[0].word not in OWN_CLAUSE or len(kinds) != 1 or deny(own, powers):
        return (), set()
    return (kinds.pop(),), set(told) | named


#: Words opening each ally of a list ("two allies, one a flyer and the other with no movement").
EACH_ALLY = frozenset({"one", "another", "other"})
#: Words left between one ally of a list and the next ("and the other").
JOINING = frozenset({"and", "the"})
#: The most allies a list is read for.
MOST_LISTED = 4


def _listed(words: list[Token], at: int, powers: dict[str, str]) -> tuple[tuple[str, ...], set[int]]:
    """The allies a question counts and then tells one by one ("two allies, one a flyer and one with no movement at
    all"): each ally's one movement power, or none; nothing read unless every ally counted is told so, each with a
    single power or "no movement" and no other denial ("one that is not a flyer" might swim or earthwalk).

    Examples:
        >>> _listed(tokens("a hero brings two allies, one a flyer and one with no movement at all, to D"), 4, POWERS)[0]
        ('flyer', 'none')
        >>> _listed(tokens("two allies, one a flyer and the other not a flyer"), 1, POWERS)
        ((), set())
    """
    alike = _alike(words, at, powers)
    if alike[0]:
        return alike
    count = number_word(words[at - 1].word)
    if count is None or not 2 <= count <= MOST_LISTED:
        return (), set()
    n = at + 1
    while n < len(words) and words[n].word in (",", ":"):
        n += 1
    kinds: list[str] = []
    places = {at}
    while n < len(words) and words[n].word in EACH_ALLY and len(kinds) < count:
        places.add(n)
        n += 1
        seg = []
        while n < len(words) and words[n].word not in EACH_ALLY and words[n].word not in CLAUSE_BREAKS - {"and"}:
            seg.append(n)
            n += 1
        if words[n : n + 2] and words[n].word == "," and words[n + 1 : n + 2] and words[n + 1].word in EACH_ALLY:
            n += 1  # "one that flies, one swimmer": the list goes on past the comma
        while seg and words[seg[-1]].word in JOINING:
            seg.pop()
        said = [words[k].word for k in seg]
        named = {powers[w] for w in said if w in powers}
        if any(said[k : k + 2] == ["no", "movement"] for k in range(len(said))) and not named:
            kinds.append("none")
        elif len(named) == 1 and not set(said) & NEGATIONS:
            kinds.append(named.pop())
        else:
            return (), set()
        places |= set(seg)
    return (tuple(kinds), places) if len(kinds) == count else ((), set())


#: Words saying every ally counted is told alike ("two allies, both flyers", "three allies that all fly").
EVERY_ONE = frozenset({"both", "all", "each"})


def _alike(words: list[Token], at: int, powers: dict[str, str]) -> tuple[tuple[str, ...], set[int]]:
    """The allies a question counts with one power for all ("two flying allies", "two allies, both flyers", "three
    allies that all fly"): that power for each; nothing read otherwise.

    Examples:
        >>> _alike(tokens("my hero brings two flying allies"), 5, POWERS)
        (('flyer', 'flyer'), {3, 4, 5})
        >>> _alike(tokens("two allies that both fly"), 1, POWERS)
        (('flyer', 'flyer'), {0, 1, 3, 4})
        >>> _alike(tokens("two allies, both not flyers"), 1, POWERS)
        ((), set())
    """
    if at >= 2 and words[at - 1].word in powers:  # "two flying allies"
        count = number_word(words[at - 2].word)
        if count is not None and 2 <= count <= MOST_LISTED:
            return (powers[words[at - 1].word],) * count, {at - 2, at - 1, at}
    count = number_word(words[at - 1].word) if at else None
    if count is None or not 2 <= count <= MOST_LISTED:
        return (), set()
    ahead = list(itertools.takewhile(lambda t: t.word not in CLAUSE_BREAKS - {","}, words[at + 1 : at + 6]))
    said = [t.word for t in ahead]
    every = next((k for k, w in enumerate(said) if w in EVERY_ONE), None)
    named = [k for k, w in enumerate(said) if w in powers]
    if every is None or len(named) != 1 or named[0] < every or set(said) & NEGATIONS or named[0] - every > 2:
        return (), set()
    return (powers[said[named[0]]],) * count, {at - 1, at, at + 1 + every, at + 1 + named[0]}


def _unread(words: list[Token], allies: set[int], coasts: dict[str, bool] | None) -> list[str]:
    """The words of a formation this reader does not read, but allies denied ("no allies") and coastlines read."""
    told = allies | ({n for n, t in enumerate(words) if t.word in COAST} if coasts is not None else set())
    return sorted({t.word for n, t in enumerate(words) if t.word in UNREAD and n not in told})


def _formation(spellfire, razed: str, coasts: dict[str, bool], limits: dict[str, list[str]] | None = None):
    """The opponent's formation: the realms razed, those said to show a coastline, and each realm's own limits."""
    traits = {letter: ["coast"] for letter, coast in coasts.items() if coast}
    for letter, limit in (limits or {}).items():
        traits[letter] = [*traits.get(letter, []), *limit]
    return spellfire.formation(razed, realms=[f"{letter}: {' '.join(t)}" for letter, t in traits.items()])


def _attacker(words: list[Token], types_known: Collection[str]) -> tuple[list[str], list[str], list[str], bool, dict]:
    """The attacking champion: its types, its movement powers, the powers both claimed and denied, whether it is said
    to have no movement power, and the words of the powers."""
    types = list(dict.fromkeys(t.word.rstrip("s") for t in words if t.word.rstrip("s") in types_known))
    powers = POWERS
    denied = deny(words, powers)
    moves = list(dict.fromkeys(powers[t.word] for n, t in enumerate(words) if t.word in powers and n not in denied))
    forgone = sorted({powers[words[n].word] for n in denied} & set(moves))
    if moves and any(t.word in WALK for t in words):
        forgone = sorted(set(forgone) | set(moves))  # "can my flyer just walk up to B": may the power be set aside?
    unmoving = bool(denied) or (
        any(t.word == "no" for t in words) and any(t.word in ("movement", "power", "powers") for t in words)
    )
    # "my plain champ", "a plain champion": a champion without a movement power
    unmoving = unmoving or any(a.word == "plain" and b.word in CHAMPION for a, b in itertools.pairwise(words))
    return types, moves, forgone, unmoving, powers


#: Words naming a champion of no type told ("my plain champ").
CHAMPION = frozenset({"champion", "champ"})


def _powers() -> dict[str, str]:
    import rulebook

    data = rulebook.rules("spellfire").data["movement"]
    return {w: kind for kind in data["kinds"] for w in (kind, *data["aliases"].get(kind, ()))}


#: The words of each movement power, each its kind ("flies": flyer), as the records name them.
POWERS = _powers()
#: Words of moving on foot, which a champion with a movement power is asked to do instead ("just walk up to B").
WALK = frozenset({"walk", "walks", "walking", "walked", "foot"})
#: A kind of champion in the plural, as a realm's limit names it, and the kind a trait names.
SINGULAR = {
    **{k: k.removesuffix("s") for k in PLURALS},
    **{"heroes": "hero", "thieves": "thief", "fliers": "flyer"},
}
#: Verbs of a realm's card shutting out a kind ("forbids flyers", "bans all swimmers").
FORBIDDING = frozenset({"forbids", "forbid", "bans", "ban", "bars", "excludes", "shuts", "shut", "locks"})
#: The movement powers a realm may shut out ("no-flyer"); any kind may be the only one it admits ("only-hero").
SHUT_OUT = frozenset({"flyer", "swimmer", "earthwalker"})


def _limits(words: list[Token], letters: list[tuple[int, str]]) -> tuple[dict[str, list[str]] | None, set[int]]:
    """Each realm's own ban on a movement power, told after the realm ("F's card says flyers can't attack it":
    no-flyer), or the one kind it admits ("F's card only lets heroes attack it": only-hero), and the places of the
    kinds so told; ``None`` for a limit told of no realm. A kind named otherwise is not read here: `_kinds` names it
    as missing.

    Examples:
        >>> words = tokens("Realm C is razed and realm F says flyers can't attack it. My hero is a flyer")
        >>> _limits(words, [(1, "C"), (6, "F")])
        ({'F': ['no-flyer']}, {8})
        >>> _limits(tokens("F's card only lets heroes attack it"), [(0, "F")])
        ({'F': ['only-hero']}, {2, 4})
    """
    places = dict(letters)
    # a realm named by its card ("F's card says ...")
    places.update({n: t.raw[0] for n, t in enumerate(words) if t.raw[:1] in LETTERS and t.raw[1:] == "'s"})
    found: dict[str, list[str]] = {}
    used: set[int] = set()
    for n, t in enumerate(words):
        kind = SINGULAR.get(t.word)
        if kind is None:
            continue
        after = [w.word for w in words[n + 1 : n + 4]]
        # "F's card says flyers can't attack it"; or "my F realm forbids flyers", "whose card bans all flyers"
        verb = next((k for k in range(n - 1, max(-1, n - 3), -1) if words[k].word in FORBIDDING), None)
        verb = refusing(words, n) if verb is None else verb  # "A does not allow flyers", "closed to flyers"
        said = any(w in NEGATIONS for w in after[:2]) and "attack" in after[:3]
        only = _only_admitted(words, n)
        if only is not None:
            # "F's card only lets heroes attack it", "only flyers may attack realm F": the one kind it admits
            verb, trait = only, f"only-{kind}"
        elif kind not in SHUT_OUT or not (said or verb is not None):
            continue
        else:
            trait = f"no-{kind}"
        back = range(n - 1, max(-1, n - 9), -1)
        k = next((k for k in back if k in places or words[k].word in (";", ".", "?", "!")), None)
        if k is None or k not in places:
            return None, set()
        found.setdefault(places[k], []).append(trait)
        used.update({n} if verb is None else {n, verb})
    return found, used


#: Verbs of a realm admitting attackers ("only lets heroes attack it", "only allows flyers"), and the words of an
#: attack made on it that may follow the kind ("may attack it", "can attack").
ADMITTING = frozenset({"lets", "allows", "admits", "permits", "accepts"})
MAY_ATTACK = frozenset({"may", "can", "attack", "to"})


def _only_admitted(words: list[Token], at: int) -> int | None:
    """The place of "only" when the kind at ``at`` is told the only one a realm admits ("only lets heroes attack it",
    "only flyers may attack it"), or ``None``.

    Examples:
        >>> _only_admitted(tokens("F's card only lets heroes attack it"), 4)
        2
        >>> _only_admitted(tokens("only my heroes are left"), 2) is None
        True
    """
    before = [w.word for w in words[max(0, at - 2) : at]]
    after = [w.word for w in words[at + 1 : at + 3]]
    if before[-1:] == ["only"] and after[:1] and after[0] in MAY_ATTACK and "attack" in after:
        return at - 1  # "only flyers may attack it"
    if len(before) == 2 and before[0] == "only" and before[1] in ADMITTING:
        return at - 2 if "attack" in after or after[:1] == ["to"] else None
    return None


def _told_by_card(words: list[Token], limiting: set[int]) -> set[int]:
    """The places of "says" before a limit read ("F's card says flyers can't attack it"): what the card says is
    read."""
    return {n - 1 for n in limiting if n and words[n - 1].word == "says"}


#: Words of a realm's coastline.
COAST = frozenset({"coast", "coastal", "coastline", "coastlines"})
#: Words that end the clause a coastline is told in ("B is razed and E shows a coastline").
CLAUSE_BREAKS = frozenset({",", ";", ".", "?", "!", "and", "but", "while"})


def _coasts(words: list[Token], letters: list[tuple[int, str]]) -> dict[str, bool] | None:
    """The realms said to show a coastline, each the letter named nearest before the coast word in its clause ("E
    shows a coastline", "their E realm has a coastline", "the realm in D shows a coastline"); ``None`` when a coast
    word names no realm ("a swimmer crosses coasts") or is denied ("F has no coastline", "F does not show a
    coastline": not read).

    Examples:
        >>> _coasts(tokens("B is razed and E shows a coastline"), [(0, "B"), (4, "E")])
        {'E': True}
        >>> _coasts(tokens("B is razed and E has no coastline"), [(0, "B"), (4, "E")]) is None
        True
        >>> _coasts(tokens("B is razed and E does not show a coastline"), [(0, "B"), (4, "E")]) is None
        True
    """
    places = dict(letters)
    # "B has no coastline", "B doesn't have a coastline": a coastline denied in its clause is not read
    if deny(words, COAST) or any(t.word in COAST and _none_shown(words, n) for n, t in enumerate(words)):
        return None
    found: dict[str, bool] = {}
    for n, t in enumerate(words):
        if t.word not in COAST:
            continue
        back = range(n - 1, max(-1, n - 8), -1)
        # the comma before a relative clause does not end the realm's ("realm D, whose card shows a coastline")
        k = next((k for k in back if k in places or (words[k].word in CLAUSE_BREAKS and not _relative(words, k))), None)
        if k is None or k not in places:
            return None
        found[places[k]] = True
    return found


def _none_shown(words: list[Token], n: int) -> bool:
    """Whether the coast word at ``n`` is denied, a negation among the four words before it in its clause ("no
    coastline", "does not show a coastline", "doesn't have a coast"); a clause break between ends it ("not razed,
    but shows a coastline" says a coastline)."""
    before = list(itertools.takewhile(lambda t: t.word not in CLAUSE_BREAKS, reversed(words[max(0, n - 4) : n])))
    return any(t.word in NEGATIONS for t in before)


#: Words opening a relative clause after a comma ("realm D, which shows a coastline").
RELATIVE = frozenset({"which", "whose", "that"})


def _relative(words: list[Token], k: int) -> bool:
    """Whether the comma at ``k`` opens a relative clause ("D, which shows a coastline")."""
    return words[k].word == "," and words[k + 1 : k + 2] != [] and words[k + 1].word in RELATIVE


def _kinds(words: list[Token], types: Collection[str], powers: dict[str, str]) -> str | None:
    """What is missing when the question names a kind of champion in the plural: "can swimmers attack realm E?" asks
    what a kind may do, not one attack of a formation; beside an attacking champion of its own ("F's card only lets
    heroes attack it") it is a realm's own limit on attackers, which is not read."""
    kinds = [t.word for t in words if t.word in PLURALS]
    if not kinds:
        return None
    if len(kinds) == len([t for t in words if t.word.rstrip("s") in types or t.word in powers]):
        return f"one attacking champion and its formation ({kinds[0]} in general are asked about)"
    return f"a realm's own limit on attackers (what a card says of {kinds[0]} is not read)"


def _letters(words: list[Token]) -> list[tuple[int, str]]:
    """The place and position letter of every letter that names a position (a bare "A" only after a word naming a
    position or a razing: otherwise it is the article)."""
    letters: list[tuple[int, str]] = []
    for i, t in enumerate(words):
        if len(t.raw) != 1 or t.raw.upper() not in LETTERS:
            continue
        prev = words[i - 1].word if i else ""
        listed = [w.raw for w in words[i + 1 : i + 3]]  # "A and B realms are razed": a letter in a list of them
        joined = prev in ("and", ",", "razed", "in") and i >= 2 and not _article(t, words[i + 1 :])
        named = prev in TARGET_WORDS or joined
        named = named or (len(listed) == 2 and listed[0] in ("and", ",") and listed[1] in LETTERS[1:])
        named = named or (t.raw == "A" and listed[:1] in (["realm"], ["realms"]))  # "my A realm"
        # "A is razed", "their A was razed": a capital A before a verb of its own is no article
        named = named or (t.raw == "A" and words[i + 1 : i + 2] != [] and words[i + 1].word in LETTER_VERBS)
        named = named or _lowercase_named(words, i)
        if t.raw.isupper() and (t.raw != "A" or named or prev in RAZED_WORDS):
            letters.append((i, t.raw))
        elif named:
            letters.append((i, t.raw.upper()))
    return letters


def _lowercase_named(words: list[Token], i: int) -> bool:
    """Whether a lowercase letter b to f names a position by the words around it: attacked ("can he hit e", "attack
    c") or razed ("only b razed", "d is razed"); a lowercase "a" is left to the article's reading.

    Examples:
        >>> said = tokens("only b razed, can my hero hit e")
        >>> _lowercase_named(said, 1), _lowercase_named(said, 8), _lowercase_named(tokens("plan b"), 1)
        (True, True, False)
    """
    if words[i].raw not in ("b", "c", "d", "e", "f"):
        return False
    after = [t.word for t in words[i + 1 : i + 3]]
    razed = after[:1] != [] and (after[0] in RAZED_WORDS or (after[0] in ("is", "was") and after[1:] == ["razed"]))
    return razed or (i > 0 and words[i - 1].word in ATTACK_WORDS)


#: Verbs a capital A may be the subject of ("A is razed", "A was razed", "A has a coastline"), which no article takes.
LETTER_VERBS = frozenset({"is", "was", "has", "had", "gets", "got", "stands", "fell"})
#: Words that may follow a letter A after "and" or a comma ("B and a are razed", "D, a and C").
AFTER_LETTER = frozenset({"and", "or", "is", "are", "was", "were", "razed", "realm", "realms", "too", "both"})


def _article(t: Token, rest: list[Token]) -> bool:
    """Whether a lowercase "a" is the article: followed by a word of its noun ("and a coastal realm"), not by a
    word that follows a letter ("B and a are razed").

    Examples:
        >>> said = tokens("an earthwalker ally and a coastal realm")
        >>> _article(said[4], said[5:]), _article(said[4], tokens("are razed"))
        (True, False)
    """
    return t.raw == "a" and bool(rest) and rest[0].raw.isalpha() and rest[0].word not in AFTER_LETTER


def _target(words: list[Token], letters: list[tuple[int, str]], razed: set[str]) -> str | None:
    """The realm attacked: the first one named just after a word of attacking ("wants to attack realm C"), else the
    first one named after a word naming a position ("realm B"), never a razed one.

    Examples:
        >>> words = tokens("Their realm A is still standing. My flyer wants to attack realm C")
        >>> _target(words, [(2, "A"), (12, "C")], set())
        'C'
    """
    standing = [(i, letter) for i, letter in letters if letter not in razed]
    attacked = (letter for i, letter in standing if any(w.word in ATTACK_WORDS for w in words[max(0, i - 3) : i]))
    named = (letter for i, letter in standing if i > 0 and words[i - 1].word in TARGET_WORDS)
    return next(attacked, None) or next(named, None)


#: Words of wanting just before "to hit" ("my champ wants to hit E").
WANTING = frozenset({"want", "wants", "wanted", "trying", "tries", "going"})


def _hits_asked(words: list[Token], n: int) -> bool:
    """Whether "hit" at ``n`` is an attack the asker makes: "can i hit E", or the asker's own champion asked or
    wanting to hit ("can my flying hero hit realm A", "my champ, no allies, wants to hit E"); not someone else's
    ("their swimmer wants to hit my realm D").

    Examples:
        >>> said = tokens("can my flying hero hit realm A")
        >>> _hits_asked(said, 4), _hits_asked(tokens("their swimmer wants to hit my realm D"), 4)
        (True, False)
    """
    before = [w.word for w in words[max(0, n - 2) : n]]
    if any(w in ("i", "can") for w in before):
        return True
    clause = list(itertools.takewhile(lambda w: w.word not in (";", ".", "?", "!"), reversed(words[max(0, n - 9) : n])))
    said = [w.word for w in reversed(clause)]
    asked = said[:1] in (["can"], ["could"], ["may"]) or before in ([w, "to"] for w in WANTING)
    return asked and "my" in said and not any(w in OPPONENT for w in said)


def _attacking(words: list[Token], n: int) -> Token:
    """The word at ``n``, read as "attack" where it goes for a realm ("going for realm F", "goes after my realm"), and
    "hit" as one only where the asker hits ("can i hit realm E").

    Examples:
        >>> said = tokens("flyer champion going for realm F")
        >>> [_attacking(said, n).word for n in range(len(said))]
        ['flyer', 'champion', 'attack', 'for', 'realm', 'f']
    """
    t = words[n]
    if t.word in GOING and words[n + 1 : n + 2] and words[n + 1].word in ("for", "after"):
        return Token("attack", t.raw)
    if t.word in HITTING and not _hits_asked(words, n):
        return Token("strike", t.raw)  # "hit" is an attack the asker makes ("can i hit E"), not any striking
    return t


def read(question: str) -> Reading | None:
    """Read an attack on a realm from the question and judge it; ``None`` when the question is not one."""
    words = tokens(question.replace(" - ", "; "))  # a dash between words ends a clause, as a semicolon does
    countered = _counter(words) or read_levels(words) or read_once(words)
    if countered is not None:
        return countered
    words = [_attacking(words, n) for n in range(len(words))]
    if not any(t.word in ATTACK_WORDS for t in words):
        return None
    letters = _letters(words)
    if not letters:
        return None
    razed = _razed(words, letters)
    candidates = [letter for _, letter in letters if letter not in razed]
    target = _target(words, letters, razed) or (candidates[0] if len(set(candidates)) == 1 else None)
    from rulebook import spellfire

    limits, limiting = _limits(words, letters)
    # "with no allies" says there are none: nothing about them to read
    allies = deny(words, ALLIES)
    party, joined = _party(words, allies, POWERS)
    # the champion is read from the words but a realm's limit ("F's card says flyers can't attack it") and an ally's
    said = [t for n, t in enumerate(words) if n not in limiting and n not in joined]
    types, moves, forgone, unmoving, powers = _attacker(said, spellfire.TYPES)
    reading = Reading("spellfire", "whether a Spellfire attack on a realm is legal")
    if limits:
        reading.read += [f"{letter}: {' '.join(traits)}" for letter, traits in limits.items()]
    if target:
        reading.read.append(f"the target {target}")
    if razed:
        reading.read.append(f"razed {', '.join(sorted(razed))}")
    if types or moves:
        reading.read.append("the attacker: " + " ".join(types[:1] + moves))
    if not target:
        reading.missing.append("which realm is attacked (position A to F)")
    if not types and not moves and not unmoving:
        reading.missing.append("the attacking champion (its type, or its movement power)")
    if forgone:
        # "my flyer ... can it walk in without flying?" asks whether a power may be forgone, not whether it reaches.
        reading.missing.append(f"whether the champion moves as a {' or '.join(forgone)} (read both with and without)")
    if len(types) > 1:
        reading.missing.append(f"which champion attacks ({' or '.join(types)})")
    kinds = _kinds(said, spellfire.TYPES, powers) if limits is not None else _kinds(words, spellfire.TYPES, powers)
    if kinds:
        reading.missing.append(kinds)
    coasts = _coasts(words, letters)
    unread = _unread(words, allies | joined | limiting | _told_by_card(words, limiting), coasts)
    if coasts:
        reading.read += [f"a coastline on {letter}" for letter in coasts]
    if party:
        told = [f"{'no movement power' if kind == 'none' else kind + ' movement'}" for kind in party]
        reading.read += (
            [f"1 ally with {told[0]}"] if len(told) == 1 else [f"ally {n} with {k}" for n, k in enumerate(told, 1)]
        )
    if unread:
        reading.missing.append(f"a formation this reader can read ({', '.join(unread)} is not read)")
    if _banned(words):
        reading.missing.append("a realm's own ban on attackers (what a card says is not read)")
    if reading.missing:
        return reading
    champion = " ".join(types[:1] + moves) or "none"
    unsaid = _unsaid(spellfire, words, razed, target, champion, coasts or {}, party, limits or {})
    if unsaid:
        reading.missing += unsaid
        return reading
    form = _formation(spellfire, ",".join(sorted(razed)), coasts or {}, limits or {})
    ruling = spellfire.attack(form, target, champion, party)
    reading.ruling = _decided(ruling)
    return reading


def _decided(ruling: Ruling) -> Ruling:
    """The engine's ruling with the rule that decided whether the attack may be made cited last (`ask` puts it
    first): what the engine notes beside its decision is cited before it, and so are its notes ("besides: ...",
    "(under the base rules ...)"), which follow the decision."""
    noted = [(step.rule, step.text.startswith(("besides", "("))) for step in ruling.trace]
    notes = {rule for rule, _ in noted} - {rule for rule, note in noted if not note}
    # the rule of the last step that is neither, in the trace's order (a rule cited again decides where it is last)
    deciding = [step.rule for step in ruling.trace if step.rule and step.rule not in AFTERMATH | notes]
    if ALLY_UNMOVED in deciding and ruling.legal is False:
        # an ally without a power that works there is what refuses the attack; that its champion's power is not lent
        # to it (cited after) is the reason the champion's power does not help
        deciding = [r for r in deciding if r != NOT_LENT]
    return decided_by(ruling, deciding[-1]) if deciding else ruling


#: The rule that each ally needs a power of its own to join an attack on a protected realm, and the rule that a
#: champion's power is not lent to its allies.
ALLY_UNMOVED = "spellfire.move.allies-need-movement"
NOT_LENT = "spellfire.move.no-granting"
