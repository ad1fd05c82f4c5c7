"""Elemental Elephants questions about the order a clash's spells resolve in, and which spells a Clap may cancel,
computed by the engine.

Each spell counts for the nearest player named before it ("P1 casts Stupefy and Break, P2 casts
Root"); "Clash III" (or "clash 3") sets the clash, and "P2 is the Ringleader" (or "the Ringleader is
P2") the Ringleader. The question must ask about order (order, first, resolve, before, after) and
name at least two spells. A question that asks what a Clap cancels ("P1 casts Clap. P2 has Offering and Ritual,
P3 only has Root: which spells can the Clap cancel?") is computed when it says who cast the Clap and whose every
other spell is.

Where the order between two players' spells of the same priority depends on the Ringleader and the
question does not say who it is, nothing is computed: the reader names the Ringleader as missing. A question that
asks the order may tell it from the asker's seat: "I" and "my" are P1 (when P1 is not named), "my opponent" and "the
player on my left" (the next seat, as the Ringleader token passes left) P2; "player two" is P2, "ringleader P3" makes
P3 the Ringleader, and a spell named again is the same spell. An order is computed only when the question asks one.
Outside a question of order, "their" beside the asker's own words is the opponent's seat where no seat is told by
number ("my Clap versus their Offering"). A Clap's targets are asked as "which players lose a spell to Clap" too;
"the first clash" is a clash, not an order; a question whose asking part asks about Root alone ("does Root shield
itself?") is not computed.

A question that asks whether a spell advances ("It's clash II. P1 has an active Break. Can P2's Starfall advance?")
is computed by playing the clash out when it states the clash and every spell's player; the spell asked about is the
one named last before "advance". One that asks whether a Gravitate may move a spell ("It's clash II. Can my Gravitate
send P2's Stupefy to clash IV?") is answered by the engine's check when it states the current clash and every
spell's player; with no clash to go to named ("to another clash"), every other clash is checked.

Examples:
    >>> print(read("P1 casts Stupefy and P2 casts Root, P1 is the Ringleader: which resolves first?").ruling.verdict)
    Clash I resolves: P2:root, P1:stupefy
    >>> read("P1 casts Root and P2 casts Break: which resolves first?").missing
    ['who is the Ringleader (the order of P1:root and P2:break depends on it)']
    >>> print(read("P1 casts Clap. P2 has Offering and Ritual, P3 only has Root. What can Clap cancel?").ruling.verdict)
    P1:clap cancels one spell of P2 (one of P2:offering, P2:ritual)
    >>> print(read("Clash II: P1 has Break. Can P2's Starfall advance?").ruling.verdict)
    P2:starfall does not advance: P1:break is active: P2:starfall cannot be advanced in this clash
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from rulebook.elephants.round_end_said import read_round_end
from rulebook.elephants.tables import is_player, roman_names
from rulebook.errors import IllegalActionError, InvalidInputError
from rulebook.questions import OPPONENT as OPPONENT_WORDS
from rulebook.questions import Reading, Token, decided_by, number_word, tokens
from rulebook.registry import ELEPHANTS_MOVES, ELEPHANTS_ORDER, ELEPHANTS_TOLD
from rulebook.ruling import Ruling

__all__ = ["read"]

#: The words of a question about the order spells resolve in: the registry's, the one list of them.
ORDER_WORDS = frozenset(ELEPHANTS_ORDER)
#: A clash named in words: "ii" or "2" (the Roman names come from the one table of them).
ROMAN = {name.lower(): n for n, name in enumerate(roman_names(), 1)}
#: Words before "round" that place a spell in an earlier round, which this reader cannot read.
EARLIER = frozenset({"last", "previous", "earlier", "prior", "past", "former"})
UNREAD = frozenset({"cancelled", "canceled", "cancels", "moved", "resolved", "advanced", "gravitated"})


def _player(word: str) -> str | None:
    """The player a word names: "P2", "p2's", "p2s"; else None."""
    for form in (word, word.removesuffix("'s"), word.removesuffix("s")):
        if is_player(form.upper()):
            return form.upper()
    return None


#: Words naming the asker as a player ("I cast Clap", "my Root", "I'm the Ringleader").
ASKER = frozenset({"i", "my", "i'm", "im", "me"})


def _beside(words: list[Token], n: int) -> bool:
    """Whether the words from ``n`` say "on my left" (the next seat, as the Ringleader token passes)."""
    return [t.word for t in words[n : n + 3]] == ["on", "my", "left"]


def _who(words: list[Token], n: int, asker: str | None) -> str | None:
    """The player the word at ``n`` names: "P2", "p2's", "player two", "player 3"; and, where the asker has a seat,
    the asker ("I", "my") and their opponent or the player on their left ("my opponent", "the player on my left"):
    the next seat. ``None`` for any other word.

    Examples:
        >>> said = tokens("I am the Ringleader and the player on my left cast Gravitate")
        >>> [_who(said, n, "P1") for n in range(len(said))].count("P2"), _who(said, 0, "P1")
        (1, 'P1')
        >>> _who(tokens("player two has Fireball"), 0, None)
        'P2'
    """
    player = _player(words[n].word)
    return player if player is not None or words[n].word not in SEAT_WORDS else _seat(words, n, asker)


def _seat(words: list[Token], n: int, asker: str | None) -> str | None:
    """`_who` for a word that may name a seat in words ("player two", "I", "my opponent", "the player on my left")."""
    t = words[n]
    if t.word in ("player", "players") and n + 1 < len(words):
        number = number_word(words[n + 1].word.removesuffix("'s"))
        if number is not None and is_player(f"P{number}"):
            return f"P{number}"
    if asker is None:
        return None
    if t.word in ASKER and not (n and words[n - 1].word == "on" and _beside(words, n - 1)):
        return asker
    if _names_opponent(words, n) or (t.word == "player" and _beside(words, n + 1)):
        return "P2"
    if t.word in THEIRS and not _numbered(words) and any(w.word in ASKER for w in words):
        return "P2"  # "my Clap against their Offering": the asker's opponent, where no seat is told by number
    return None


#: The third person's possessive, naming the asker's opponent after the asker's own words ("my Clap, their Root").
THEIRS = frozenset({"their", "theirs"})


def _numbered(words: list[Token]) -> bool:
    """Whether the question names a seat by number ("P2", "p3's", "player two"): "their" is then no seat of its own.

    Examples:
        >>> _numbered(tokens("my Clap against their Root")), _numbered(tokens("player two has Root"))
        (False, True)
    """
    return any(
        _player(t.word) or (t.word == "player" and n + 1 < len(words) and number_word(words[n + 1].word) is not None)
        for n, t in enumerate(words)
    )


def read(question: str) -> Reading | None:
    """Read a clash's spells from the question and order them; ``None`` when it is not an order question."""
    words = tokens(question)
    ended = read_round_end(words)
    if ended is not None:
        return ended
    order_asked = _order_said(_asking(words))
    other = _other_kind(words, order_asked)
    if other is not None:
        return other
    from rulebook import elephants

    # the asker has a seat where the question asks the order ("I'm the Ringleader with Accelerator ...: in what
    # order do they resolve?"), not in a question about one spell ("Can my opponent move my spells with Gravitate?")
    asker = "P1" if order_asked and "p1" not in {t.text for t in words} else None
    spells, unowned, clash, ringleader = _clash_spells(words, asker)
    if len(spells) + len(unowned) < 2:
        return None
    reading = Reading("elephants", "the order an Elemental Elephants clash resolves in")
    reading.read.append(f"Clash {elephants.roman(clash)}")
    if spells:
        reading.read.append("spells " + ", ".join(spells))
    if ringleader:
        reading.read.append(f"{ringleader} the Ringleader")
    if unowned:
        reading.missing.append(f"who cast {', '.join(unowned)} (write P1 casts ..., P2 casts ...)")
    states = sorted(
        {t.word for t in words if t.word in UNREAD} - ({"resolved"} if "which" in {t.word for t in words} else set())
    )
    if states:
        reading.missing.append(f"which spells are {', '.join(states)} (only a clash of face-up spells is read)")
    earlier = _earlier_round(words)
    if earlier:
        reading.missing.append(f"one clash of this round ({earlier}: spells of an earlier round are not read)")
    if not _order_said(words):
        reading.missing.append("an order asked (which resolves first, in what order)")
    # When it is not computed (who cast a spell, or the Ringleader, not said), the rules the order rests on are named.
    rests_on = _order_rules(words, [s.rpartition(":")[2] for s in spells] + unowned, spells)
    if reading.missing:
        reading.rests_on = rests_on
        return reading
    players = _seats(spells)
    if ringleader and int(ringleader[1]) > players:
        players = int(ringleader[1])
    try:
        if ringleader:
            reading.ruling = _decided(
                elephants.order(elephants.board(spells, clash=clash, ringleader=ringleader, players=players))
            )
            return reading
        seats = [f"P{n}" for n in range(1, players + 1)]
        rulings = {
            p: elephants.order(elephants.board(spells, clash=clash, ringleader=p, players=players)) for p in seats
        }
    except (InvalidInputError, IllegalActionError) as err:
        reading.missing.append(f"a board the engine accepts ({err})")
        reading.rests_on = rests_on
        return reading
    orders = {tuple(e["spell"] for e in r.value["order"]) for r in rulings.values()}
    if len(orders) > 1:
        ties = _ties(rulings)
        reading.missing.append(f"who is the Ringleader (the order of {ties} depends on it)")
        reading.rests_on = rests_on
        return reading
    reading.ruling = _decided(rulings["P1"])
    return reading


def _clash_spells(words: list[Token], asker: str | None) -> tuple[list[str], list[str], int, str | None]:
    """The spells a clash question names with their players, those with none, the clash and the Ringleader (`read`).
    A spell named again ("does my Fireball go before her Crush") is the same spell: every card exists once. Where no
    other seat than the asker's is told ("I have Accelerator and Crush"), the asker's seat reads nothing."""
    from rulebook import elephants

    spells: list[str] = []
    owner = None
    unowned: list[str] = []
    clash = 1
    ringleader = None
    for i, t in enumerate(words):
        # `_who`, but "their": in a question of order ("who goes first, my Fireball or their Nourish") it is no seat
        player = _player(t.word) or (_seat(words, i, asker) if t.word in SEAT_WORDS - THEIRS else None)
        if player:
            owner = player
            if _leads(words, i) or _asker_leads(words, i):
                ringleader = player
        elif t.word in elephants.SPELLS:
            if not any(x.endswith(f":{t.word}") for x in spells):
                (spells if owner else unowned).append(f"{owner}:{t.word}" if owner else t.word)
        elif t.word == "clash":
            clash = _clash(words, i) or clash
    if asker and spells and all(s.startswith(f"{asker}:") for s in spells):
        unowned, spells = [*(s.partition(":")[2] for s in spells), *unowned], []
    return spells, unowned, clash, ringleader


def _other_kind(words: list[Token], order_asked: bool) -> Reading | None:
    """A question read as another kind than an order (a move, an advance, a Clap), or as an order that names no
    spell (two spells at one priority); ``None`` for a question about the order of the spells it names."""
    other = _move_or_advance(words)
    if other is not None and other.ruling is not None:
        return other
    other = _advance_from_last(words) or other
    if other is not None:
        return other
    steps = _clash_steps(words)
    if steps is not None:
        return steps
    if not order_asked:  # "I resolve Clap here; can my Clap cancel their Offering?" asks no order
        clap = _clap(words) or _clap_and_root(words) or _shielded(words)
        if clap is not None or not _order_said(words):
            return clap
    return _tie_without_spells(words)


def _order_said(words: list[Token]) -> bool:
    """Whether the question says a word of order, but "first" naming a clash ("in the first clash").

    Examples:
        >>> _order_said(tokens("P1 plays Clap in the first clash. Can it cancel P2's Offering?"))
        False
        >>> _order_said(tokens("Which resolves first, Clap or Root?"))
        True
    """
    return any(
        t.text in ORDER_WORDS and [w.text for w in words[n + 1 : n + 2]] != ["clash"] for n, t in enumerate(words)
    )


#: Words before "clash" that make it one clash of a round ("the steps of a clash", "a single clash", "each clash"),
#: not the game Elemental Clash ("a clash game" is that game: "game" follows).
ONE_CLASH = frozenset({"a", "each", "every", "single", "one"})
#: The words of the relations read without an action (the registry's, the one list of them): Clap set against Root,
#: the steps of a clash.
TOLD_WORDS = frozenset(ELEPHANTS_TOLD)
#: Words asking for the steps of something ("what are the steps", "the four phases", "walk me through").
STEP_WORDS = TOLD_WORDS - {"clap", "root", "through"}
#: The rule of a round's clashes and the steps of each.
ROUND = "elephants.base.round"


def _clash_steps(words: list[Token]) -> Reading | None:
    """A question asking for the steps of one clash, naming no spell ("What are the steps of a clash?", "walk me
    through what happens in a single clash"): the rule it rests on is the round's, which sets out each clash's steps
    (``rests_on``). ``None`` for any other question, and for "a clash game" (the game Elemental Clash).

    Examples:
        >>> _clash_steps(tokens("What are the four steps of a clash, in order?")).rests_on
        ('elephants.base.round',)
        >>> _clash_steps(tokens("What are the steps of a turn in a clash game?")) is None
        True
    """
    from rulebook import elephants

    said = {t.word for t in words}
    if said & set(elephants.SPELLS) or not (said & STEP_WORDS or {"walk", "through"} <= said):
        return None
    one = any(
        t.word == "clash"
        and n
        and words[n - 1].word in ONE_CLASH
        and [w.word for w in words[n + 1 : n + 2]] not in (["game"], ["games"])
        for n, t in enumerate(words)
    )
    if not one:
        return None
    return Reading(
        "elephants",
        "the steps of an Elemental Elephants clash",
        ["the steps of one clash"],
        ["a clash's spells to play out (write P1 casts ..., P2 casts ...)"],
        rests_on=(ROUND,),
    )


TURN_ORDER = "elephants.base.turn-order"
#: Words asking in which order spells resolve ("which goes first", "what order", "is Clap faster"), not only that one
#: resolved ("a Fireball resolved back in Clash I").
ASKS_ORDER = frozenset({"order", "first", "sooner", "faster", "quicker"})
#: The rules an order rests on: priority, the Accelerator's speeding up, and the ties (one player's own, between
#: players).
PRIORITY, ACCELERATOR = "elephants.base.priority", "elephants.order.accelerator"
OWN_TIES, PRIORITY_TIE = "elephants.order.own-ties", "elephants.base.priority-tie"


def _order_rules(words: list[Token], named: list[str], owned: list[str]) -> tuple[str, ...]:
    """The rules an order question not computed rests on ("Clap and Stupefy, which goes first?": who cast each is not
    said), from the spells it names: the Accelerator's rule when one of them is the Accelerator; else the priority
    rule when their priorities differ; else, at equal priority, the tie between players when each is said to be
    another player's, one player's own choice otherwise. Nothing when the question does not ask for an order or names
    fewer than two spells (the rule that decided comes last, as a computed answer's outcome does).

    Examples:
        >>> _order_rules(tokens("Clap and Stupefy, which goes first?"), ["clap", "stupefy"], [])
        ('elephants.base.priority-tie', 'elephants.order.own-ties')
        >>> _order_rules(tokens("Stupefy and Enfeeble: which goes first?"), ["stupefy", "enfeeble"], [])
        ('elephants.base.priority',)
    """
    from rulebook import elephants

    kinds = list(dict.fromkeys(named))
    if len(kinds) < 2 or not ASKS_ORDER & {t.word for t in words}:
        return ()
    if "accelerator" in kinds:
        return (PRIORITY, ACCELERATOR)
    priorities = [elephants.SPELLS[k]["priority"] for k in kinds]
    if len(set(priorities)) == len(priorities):
        return (PRIORITY,)
    players = {s.partition(":")[0] for s in owned}
    return (OWN_TIES, PRIORITY_TIE) if len(players) > 1 else (PRIORITY_TIE, OWN_TIES)


def _decided(ruling: Ruling) -> Ruling:
    """An order's ruling citing the rules that decided it: the turn order (the trace's first step, which it still
    shows) only where it broke a tie between players' spells (``elephants.base.priority-tie``, which reads it)."""
    if "elephants.base.priority-tie" in ruling.rules:
        return ruling
    return replace(ruling, rules=tuple(r for r in ruling.rules if r != TURN_ORDER))


#: Words between a player and "Ringleader" said of them: "P2 is the Ringleader", "P2 holds the Ringleader token",
#: "with P1 as Ringleader", "P1 (the Ringleader)", "P2's the ringleader".
LEADS = frozenset({"is", "as", "was", "being", "holds", "hold", "has", "have", "the", "(", ",", "am"})


def _leads(words: list[Token], at: int) -> bool:
    """Whether the player at ``at`` is said to be the Ringleader: "Ringleader" just after them past words of
    ``LEADS``, or "the Ringleader is" just before them; never across a sentence ("P2 is Ringleader. P1 has ...":
    P2 leads, not P1).

    Examples:
        >>> _leads(tokens("P2 is Ringleader. P1 has Clap"), 0), _leads(tokens("P2 is Ringleader. P1 has Clap"), 4)
        (True, False)
        >>> _leads(tokens("the Ringleader is P2"), 3), _leads(tokens("P2 holds the Ringleader token"), 0)
        (True, True)
    """
    after = [t.word for t in words[at + 1 : at + 5]]
    skipped = list(itertools.takewhile(lambda w: w in LEADS, after))
    if after[len(skipped) : len(skipped) + 1] == ["ringleader"]:
        return True
    before = [t.word for t in words[max(0, at - 2) : at]]
    if before[-1:] == ["ringleader"] and (at < 2 or before[0] in (",", ":", ";", "with", "and")):
        return True  # "Clash I, ringleader P3: ..."
    return before in (["ringleader", "is"], ["ringleader", ":"], ["ringleader", "was"], ["ringleader", "being"])


#: Words of the asker saying what they are ("i'm the ringleader (P1)").
SELF = frozenset({"i'm", "im", "am"})


def _asker_leads(words: list[Token], at: int) -> bool:
    """Whether the player at ``at`` is named as the asker who is Ringleader: "I'm the Ringleader (P1)", "im ringleader
    (P1)"."""
    said = [t.word for t in words[max(0, at - 5) : at] if t.word not in ("(", ")")]
    return said[-1:] == ["ringleader"] and not SELF.isdisjoint(said[-4:-1])


#: Words that ask what a Clap cancels ("which spells can the clap cancel").
CANCEL_WORDS = frozenset({"cancel", "cancels"})
ASKING_WORDS = frozenset({"which", "what", "whose", "can", "does", "will", "who", "able"})


#: Words asking who loses a spell to a Clap ("which players lose a spell to my Clap").
LOSING = frozenset({"lose", "loses"})


#: The words of a cancelling asked about ("can my Clap cancel their Ritual", "can the Offering be cancelled").
CANCELLED = CANCEL_WORDS | {"cancelled", "canceled"}


def _asking(words: list[Token]) -> list[Token]:
    """The words of the question's asking part: its sentences ending in "?" (the last sentence when none does), each
    from its last semicolon on.

    Examples:
        >>> [t.word for t in _asking(tokens("P2 wants to cancel Root with Clap; does Root shield itself? yes"))]
        ['does', 'root', 'shield', 'itself']
    """
    stops = [n for n, t in enumerate(words) if t.text in STOPS]
    bounds = list(zip([-1, *stops], [*stops, len(words)], strict=True))
    chosen = [words[a + 1 : b] for a, b in bounds if b < len(words) and words[b].word == "?"]
    return [t for s in chosen or [s for s in (words[a + 1 : b] for a, b in bounds) if s][-1:] for t in s]


#: The marks ending a sentence, or a clause of one (";"), as `_asking` reads them.
STOPS = frozenset({".", "?", "!", ";"})


def _loses_to_clap(words: list[Token]) -> bool:
    """Whether the question asks who loses a spell to Clap ("which players lose a spell to my Clap?"): what it cancels.

    Examples:
        >>> _loses_to_clap(tokens("Which players lose a spell to my Clap?"))
        True
        >>> _loses_to_clap(tokens("Do I lose my Clap to Break?"))
        False
    """
    return _clap_after(words, LOSING, "to", 6)


def _clap_after(words: list[Token], verbs: frozenset[str], link: str, reach: int) -> bool:
    """Whether one of ``verbs`` is followed within ``reach`` words by ``link`` and then, within three words, "clap"."""
    for n, t in enumerate(words):
        if t.word in verbs:
            after = [w.word for w in words[n + 1 : n + 1 + reach]]
            if link in after and "clap" in after[after.index(link) :][:3]:
                return True
    return False


#: Words of a spell kept safe from a Clap ("does Root protect my Offering from their Clap").
SHIELDING = frozenset({"protect", "protects", "shield", "shields", "save", "saves", "guard", "guards", "keep", "keeps"})


def _shielded_from_clap(words: list[Token]) -> bool:
    """Whether the question asks if a spell is kept safe from a Clap ("Does P2's Root protect P2's Offering from P1's
    Clap?"): whether the Clap may cancel it.

    Examples:
        >>> _shielded_from_clap(tokens("Does P2's Root protect P2's Offering from P1's Clap?"))
        True
        >>> _shielded_from_clap(tokens("Does Root protect its owner?"))
        False
    """
    return _clap_after(words, SHIELDING, "from", 7)


#: Other words of cancelling a spell: "remove", or a verb with "out" ("take out", "knock out", "wipe out").
REMOVING = frozenset({"remove", "removes", "removing", "removed"})
OUT_VERBS = frozenset(
    {"take", "takes", "taking", "taken", "knock", "knocks", "knocking", "knocked", "wipe", "wipes", "wiping", "wiped"}
)


def _takes_out(words: list[Token]) -> bool:
    """Whether the question speaks of cancelling in other words ("which spells can the Clap take out", "remove").

    Examples:
        >>> _takes_out(tokens("Which spells can the Clap take out?")), _takes_out(tokens("can Clap remove Root"))
        (True, True)
        >>> _takes_out(tokens("Does Clap take its owner's turn?"))
        False
    """
    return any(
        t.word in REMOVING or (t.word in OUT_VERBS and n + 1 < len(words) and words[n + 1].word == "out")
        for n, t in enumerate(words)
    )


def _clap(words: list[Token]) -> Reading | None:
    """Which spells a Clap may cancel, when the question says who cast the Clap and whose every other spell is ("P1
    casts Clap. P2 has Offering and Ritual active, P3 only has Root. Which spells can the clap cancel?")."""
    said = {t.word for t in words}
    passive = any(a.word == "be" and b.word in CANCELLED for a, b in itertools.pairwise(_asking(words)))
    cancelling = CANCEL_WORDS & said or passive or _takes_out(words) or _loses_to_clap(words)
    if "clap" not in said or not (cancelling or _shielded_from_clap(words)):
        return None
    if not ASKING_WORDS & said:
        return None
    asked = {t.word for t in _asking(words)}
    if "root" in asked and not asked & (CANCELLED | {"clap"}) and not _takes_out(_asking(words)):
        # "my opponent wants to cancel the Root with Clap; does Root shield itself?" asks Root's shield, not what one
        # Clap cancels
        return _clap_and_root(words)
    from rulebook import elephants

    spells, unowned, owner = [], [], None
    # "I have Clap ... P2 has ...": the asker is P1 when no one else is
    asker = "P1" if "p1" not in said else None
    for n, t in enumerate(words):
        player = _who(words, n, asker)
        if player:
            owner = player
        elif any(s.endswith(f":{t.word}") for s in spells):
            continue  # a spell named again ("which spells can the clap cancel", "can my Clap cancel their Ritual")
        elif t.word in elephants.SPELLS:
            (spells if owner else unowned).append(f"{owner}:{t.word}" if owner else t.word)
    claps = [s for s in spells if s.endswith(":clap")]
    if not spells:
        return None  # no player named: a question about the rule, answered by the rulings
    reading = Reading("elephants", "which spells an Elemental Elephants Clap may cancel")
    if spells:
        reading.read.append("spells " + ", ".join(spells))
    if _unnamed_spells(words):
        reading.missing.append("the other spells in play, each by name (a Clap's targets depend on every one)")
    if unowned:
        reading.missing.append(f"who cast {', '.join(unowned)} (write P1 casts ..., P2 has ...)")
    if len(claps) != 1:
        reading.missing.append("the one Clap asked about and who cast it")
    elif all(s.split(":")[0] == claps[0].split(":")[0] for s in spells):
        reading.missing.append("the enemies' spells")
    # When it is not computed (who cast a spell, or the Ringleader, not said), the rules the order rests on are named;
    # a Clap set against a Root rests on Root's shield.
    rests_on = _order_rules(words, [s.rpartition(":")[2] for s in spells] + unowned, spells)
    if reading.missing:
        reading.rests_on = rests_on or (CLAP_AND_ROOT if "root" in said else ())
        return reading
    players = _seats(spells)
    try:
        ruling = elephants.clap_targets(elephants.board(spells, players=players), claps[0])
        # Clap's targets decide; but where Root shields every enemy Clap may take from (Root alone left to take),
        # the shield decided.
        targets = ruling.value["targets"]
        shielded = bool(targets) and all(refs == [f"{enemy}:root"] for enemy, refs in targets.items())
        reading.ruling = decided_by(ruling, "elephants.root.protects" if shielded else "elephants.clap.targets")
    except (InvalidInputError, IllegalActionError) as err:
        reading.missing.append(f"a board the engine accepts ({err})")
    return reading


#: Words that speak of spells without naming them ("Root out with other spells", "a few more spells").
UNNAMED = frozenset({"other", "more", "some", "several", "few", "extra", "additional", "another"})


def _unnamed_spells(words: list[Token]) -> bool:
    """Whether the question speaks of spells it does not name ("Root out with other spells"), not asking which ones.

    Examples:
        >>> _unnamed_spells(tokens("my opponent has Root out with other spells, what can my Clap cancel?"))
        True
        >>> _unnamed_spells(tokens("P2 has Root and Ritual; which other spells can my Clap cancel?"))
        False
    """
    return any(
        a.word in UNNAMED and b.word in {"spell", "spells"} and (n == 0 or words[n - 1].word not in {"which", "what"})
        for n, (a, b) in enumerate(itertools.pairwise(words))
    )


#: The rules a question setting Clap against Root rests on, the one that decides last: Clap's targets, then Root's
#: shield of its owner's other spells (and not of itself).
CLAP_AND_ROOT = ("elephants.clap.targets", "elephants.root.protects")


def _clap_and_root(words: list[Token]) -> Reading | None:
    """A question setting Clap against Root with no board to compute ("clap vs root, which wins", "does root stop
    clap", "Clap and Root in the same clash - what happens?"): nothing computed, and the rules it rests on are Clap's
    targets and Root's shield (``rests_on``). ``None`` unless it names both spells and no other.

    Examples:
        >>> _clap_and_root(tokens("clap vs root, which wins")).rests_on
        ('elephants.clap.targets', 'elephants.root.protects')
        >>> _clap_and_root(tokens("clap vs stupefy, which wins")) is None
        True
    """
    from rulebook import elephants

    named = {t.word for t in words if t.word in elephants.SPELLS}
    if named != {"clap", "root"}:
        return None
    return Reading(
        "elephants",
        "which spells an Elemental Elephants Clap may cancel",
        ["Clap set against Root"],
        ["who cast each spell and every other spell in the clash (write P1 casts ..., P2 has ...)"],
        rests_on=CLAP_AND_ROOT,
    )


#: Words asking whether a cancelling may happen ("can p1's Stupefy cancel ...", "could my Clap cancel ...").
MAY = frozenset({"can", "could", "may", "does", "will", "would"})


def _shielded(words: list[Token]) -> Reading | None:
    """Whether an enemy's spell may cancel a spell its owner's Root shields ("can p1's stupefy cancel p2's fireball
    when p2 also has root in that same clash?", "can P2's Fireball be cancelled by P1's Stupefy"): computed by the
    engine's check when its asking part names the spell cancelling just before "cancel" and the one cancelled just
    after (or the other way round, "be cancelled by"), says whose every spell is, names one clash at most, and Root
    shields the spell (what an unshielded spell may be cancelled by is each spell's own text, which this reader
    leaves to the rulings). ``None`` for any other question.

    Examples:
        >>> print(_shielded(tokens("Can P1's Stupefy cancel P2's Fireball when P2 also has Root?")).ruling.verdict)
        P1:stupefy cannot cancel P2:fireball: P2:root shields it
        >>> _shielded(tokens("Can P1's Stupefy cancel P2's Fireball when P1 has Root?")) is None
        True
    """
    from rulebook import elephants

    asking = _asking(words)
    asked = {id(t) for t in asking}
    places = [n for n, t in enumerate(words) if id(t) in asked]
    cut = [n for n in places if words[n].word in CANCELLED]
    if len(cut) != 1 or not MAY & {t.word for t in asking}:
        return None
    spells, unowned, at = _owned(words)
    before = [at[n] for n in places if n in at and n < cut[0]]
    after = [at[n] for n in places if n in at and n > cut[0]]
    passive = words[cut[0]].word not in CANCEL_WORDS  # "can P2's Fireball be cancelled by P1's Stupefy"
    if passive and not (
        words[cut[0] - 1].word == "be" and words[cut[0] + 1 : cut[0] + 2] and words[cut[0] + 1].word == "by"
    ):
        return None
    by, target = (after[:1], before[-1:]) if passive else (before[-1:], after[:1])
    clashes = {c for _, c in _clashes(words)}
    if unowned or not by or not target or len(clashes) > 1 or by[0] == target[0]:
        return None
    unread = UNREAD - CANCEL_WORDS - ({words[cut[0]].word} if passive else set())
    if {t.word for t in words} & unread or _earlier_round(words):
        return None  # a spell already cancelled or moved, or of an earlier round: not a board this reader reads
    owner = target[0].partition(":")[0]
    if f"{owner}:root" not in spells or target[0] == f"{owner}:root" or by[0].startswith(f"{owner}:"):
        return None
    try:
        board = elephants.board(spells, clash=min(clashes, default=1), players=_seats(spells))
        ruling = elephants.can_cancel(board, target[0], by[0])
    except (InvalidInputError, IllegalActionError):
        return None
    if ruling.legal is not False or "shields" not in ruling.verdict:
        return None
    reading = Reading("elephants", "whether an Elemental Elephants spell may be cancelled")
    reading.read.append("spells " + ", ".join(spells))
    reading.ruling = ruling
    return reading


#: The words of advancing ("can a spell advance past clash 4").
ADVANCING = frozenset({"advance", "advances", "advanced", "advancing"})
#: The words naming the round's last clash beside "clash" ("the last clash of the round", "no fifth clash").
LAST_CLASH = frozenset({"last", "final", "fourth", "fifth"})
#: The rule of where a spell advances to, and that none advances beyond the last clash.
ADVANCE = "elephants.base.advance"


def _advance_from_last(words: list[Token]) -> Reading | None:
    """A question whether a spell advances out of the round's last clash, no board to compute ("can a spell advance
    past clash 4", "it's already sitting in the last clash of the round; where does it advance to?"): the rule it
    rests on is advancing's, which no spell does beyond Clash IV (``rests_on``). ``None`` for any other question,
    and for a spell moved there by Gravitate (the rules of a moved spell answer that).

    Examples:
        >>> _advance_from_last(tokens("can a spell advance past clash 4")).rests_on
        ('elephants.base.advance',)
        >>> _advance_from_last(tokens("can a spell advance past clash 2")) is None
        True
    """
    said = {t.word for t in words}
    if not said & ADVANCING or said & (MOVE_WORDS | {"gravitate", "moved"}):
        return None
    last = len(ROMAN)
    named = any(c == last for _, c in _clashes(words)) or any(
        t.word == "clash" and n and words[n - 1].word in LAST_CLASH for n, t in enumerate(words)
    )
    if not named:
        return None
    return Reading(
        "elephants",
        "whether an Elemental Elephants spell advances",
        [f"a spell advancing out of Clash {roman_names()[-1]}, the round's last"],
        ["the spells of the clash and who cast each (write P1 has ..., P2 has ...)"],
        rests_on=(ADVANCE,),
    )


#: Words saying two spells share a priority ("the same priority", "share priority 3", "tie on priority").
SHARED = frozenset({"same", "share", "shares", "equal", "tie", "tied", "ties", "both", "each"})
#: Words pairs saying the spells tied are the asker's own ("two of my own spells", "which of mine").
OWN = frozenset({("my", "own"), ("of", "mine"), ("my", "two"), ("both", "my"), ("of", "my")})
#: Words saying they are different players' ("two players", "two of us", "me and another player").
BETWEEN = frozenset({"players", "us", "we", "another", "friend", "roommate", "opponent's"})


def _tie_without_spells(words: list[Token]) -> Reading | None:
    """A question about two spells at one priority that names no spell ("I have two spells of my own with the same
    priority; who decides which goes first?", "two of us each had a priority 3 spell; who resolves first?"): the
    rule it rests on is one player's own choice between their spells, or the tie between players (``rests_on``).
    ``None`` when it names a spell (the order reader reads those), or no shared priority.

    Examples:
        >>> said = tokens("Two of my own spells share priority 3. Who decides which goes first?")
        >>> _tie_without_spells(said).rests_on
        ('elephants.order.own-ties',)
        >>> _tie_without_spells(tokens("Two of us each had a priority 3 spell. Who resolves first?")).rests_on
        ('elephants.base.priority-tie',)
    """
    from rulebook import elephants

    said = {t.word for t in words}
    if "priority" not in said or not said & SHARED or said & set(elephants.SPELLS) or not ASKS_ORDER & said:
        return None
    pairs = {(a.word, b.word) for a, b in itertools.pairwise(words)}
    own = bool(pairs & OWN)
    between = bool(said & BETWEEN) or ("and", "i") in pairs or ("me", "and") in pairs
    if own == between:
        return None
    return Reading(
        "elephants",
        "the order an Elemental Elephants clash resolves in",
        ["two spells at one priority, " + ("one player's own" if own else "two players'")],
        ["the spells and who cast each (write P1 casts ..., P2 casts ...)"],
        rests_on=(OWN_TIES,) if own else (PRIORITY_TIE,),
    )


#: Words that ask whether a spell advances ("can P2's Starfall advance?").
ADVANCE_WORDS = frozenset({"advance", "advances"})
ASKING_ADVANCE = frozenset({"can", "could", "does", "do", "will", "would", "may", "is", "allowed", "legal"})


#: Words asking whether a play is allowed.
PERMITTED = frozenset({"allowed", "legal", "permitted"})


def _move_or_advance(words: list[Token]) -> Reading | None:
    """A question whether Gravitate may move a spell, or whether a spell advances, read; None for other questions."""
    said = {t.word for t in words}
    asked = _asked(words)
    # a move told as done, then a question about the moved spell ("... used Gravitate to move my Fireball. Does it
    # still advance out of Clash II?"): the rules of a moved spell answer it, not whether the move is allowed
    # ... unless the asking sentence asks whether "that" is allowed: the move is only wanted ("P1's Gravitate wants to
    # move P2's Clap on to Clash III. Is that allowed, and will the Clap still resolve in Clash II?")
    told = bool(asked & (ADVANCE_WORDS | {"resolve", "resolves"})) and not asked & (MOVE_WORDS | PERMITTED)
    if said & MOVE_WORDS and "gravitate" in said and not told:
        moved = _gravitate(words)
        if moved is not None:
            return moved
    return _advance(words) if said & ADVANCE_WORDS else None


def _asked(words: list[Token]) -> set[str]:
    """The words of the sentences that ask (those ending in "?"; the last sentence when none does)."""
    sentences: list[list[str]] = [[]]
    asking: list[bool] = []
    for t in words:
        if t.word in (".", "?", "!"):
            asking.append(t.word == "?")
            sentences.append([])
        else:
            sentences[-1].append(t.word)
    asking.append(False)
    chosen = [s for s, a in zip(sentences, asking, strict=True) if a] or [s for s in sentences if s][-1:]
    return {w for s in chosen for w in s}


#: Words that name the opponent after "other" ("the other guy's Starfall", "the other player's Root").
OTHER_ONE = frozenset({"guy", "guy's", "player", "player's", "person", "person's", "side", "side's", "dude's"})
#: Words that may name a seat in words (the asker, "player two", the opponent, "the other player's").
SEAT_WORDS = ASKER | {"player", "players"} | OPPONENT_WORDS | OTHER_ONE | THEIRS


def _names_opponent(words: list[Token], n: int) -> bool:
    """Whether ``words[n]`` names the asker's opponent."""
    return words[n].word in OPPONENT_WORDS or (words[n].word in OTHER_ONE and n > 0 and words[n - 1].word == "other")


def _owned(words: list[Token]) -> tuple[list[str], list[str], dict[int, str]]:
    """The spells a question names with their players ("P2 has Break", "my Starfall": the asker is P1 when P1 is not
    named), those named with no player, and the place of each spell's every mention. A spell named again counts
    once: every card exists once."""
    from rulebook import elephants

    said = {t.word for t in words}
    asker = "P1" if "p1" not in said else None
    spells: list[str] = []
    unowned: list[str] = []
    at: dict[int, str] = {}
    owner = None
    for n, t in enumerate(words):
        player = _who(words, n, asker)
        if player:
            owner = player
        elif t.word in elephants.SPELLS:
            known = next((x for x in spells if x.endswith(f":{t.word}")), None)
            if known is None and t.word not in unowned:
                known = f"{owner}:{t.word}" if owner else t.word
                (spells if owner else unowned).append(known)
            at[n] = known or t.word
    return spells, unowned, at


def _advance(words: list[Token]) -> Reading | None:
    """Whether a spell advances out of a clash ("It's clash II. P1 has an active Break. Can P2's Starfall advance?"):
    the clash played out by the engine, every spell's player and the clash stated; ``None`` when it names fewer
    than two spells or does not ask (a rule about advancing in general: the rulings answer it)."""
    if not ASKING_ADVANCE & {t.word for t in words}:
        return None
    spells, unowned, at = _owned(words)
    first = next(n for n, t in enumerate(words) if t.word in ADVANCE_WORDS)
    asked = [at[n] for n in sorted(at) if n < first][-1:]
    if len(spells) + len(unowned) < 2 or not asked:
        return None
    reading = Reading("elephants", "whether an Elemental Elephants spell advances")
    reading.read.append("spells " + ", ".join(spells + unowned))
    clash = next((c for _, c in _clashes(words)), None)
    if clash is None:
        reading.missing.append("the clash (write Clash II or clash 2)")
    if unowned:
        reading.missing.append(f"who cast {', '.join(unowned)} (write P1 casts ..., P2 has ...)")
    states = sorted({t.word for t in words if t.word in UNREAD} | ({_earlier_round(words)} - {""}))
    if states:
        reading.missing.append(f"the clash as it stands ({', '.join(states)}: only face-up spells of this round)")
    if reading.missing:
        return reading
    return _advanced(reading, spells, asked[0], clash or 1)


#: Words of Gravitate's move ("can my Gravitate send P2's Fireball to clash IV", "can it shove P2's Offering").
MOVE_WORDS = frozenset(ELEPHANTS_MOVES)
#: The words before the clash a spell is moved to ("to Clash III", "into Clash III", "onto clash 3").
DESTINATION = frozenset({"to", "into", "onto"})


def _gravitate(words: list[Token]) -> Reading | None:
    """Whether a Gravitate may move a spell to a clash ("It's clash II. P1's Gravitate wants to send P2's Stupefy to
    clash IV"): the current clash, the spell moved and every player stated; the clash it goes to, or every clash
    when the question names none ("to another clash"). ``None`` when it names no other spell than Gravitate."""
    if not ASKING_ADVANCE & {t.word for t in words}:
        return None
    spells, unowned, at = _owned(words)
    first = next(n for n, t in enumerate(words) if t.word in MOVE_WORDS)
    moved = [at[n] for n in sorted(at) if n > first and not at[n].endswith("gravitate")][:1]
    if not moved:
        return None
    clashes = _clashes(words)
    to = [c for n, c in clashes if n > first and words[n - 1].word in DESTINATION]
    now = [c for n, c in clashes if not (n > first and words[n - 1].word in DESTINATION)]
    reading = Reading("elephants", "whether an Elemental Elephants Gravitate may move a spell")
    reading.read.append("spells " + ", ".join(spells + unowned))
    if not now:
        reading.missing.append("the clash it is now (write Clash II or clash 2)")
    if unowned:
        reading.missing.append(f"who cast {', '.join(unowned)} (write P1 casts ..., P2 has ...)")
    if reading.missing:
        return reading
    return _moved(reading, spells, moved[0], now[0], to[0] if to else None)


def _moved(reading: Reading, spells: list[str], moved: str, now: int, to: int | None) -> Reading:
    """The engine's answer for one clash it goes to, or for every later one when none is named."""
    from rulebook import elephants

    reading.read.insert(0, f"Clash {elephants.roman(now)}")
    players = _seats(spells)
    try:
        b = elephants.board(spells, clash=now, players=players)
        if to is not None:
            ruling = elephants.can_move(b, moved, to)
            # allowed: the rule that allows the move (the first checked) decided it, not what follows the move
            reading.ruling = decided_by(ruling, ruling.rules[0]) if ruling.value["can"] and ruling.rules else ruling
            return reading
        every = [elephants.can_move(b, moved, c) for c in range(1, len(ROMAN) + 1) if c != now]
    except (InvalidInputError, IllegalActionError) as err:
        reading.missing.append(f"a board the engine accepts ({err})")
        return reading
    if any(r.value["can"] for r in every) or len({r.rules for r in every}) > 1:
        reading.missing.append("the clash it goes to (write to Clash III)")
        return reading
    from rulebook.ruling import Ruling

    ruling = every[0]
    reason = ruling.verdict.partition(": ")[2]
    verdict = f"{ruling.value['by']} cannot move {moved} to any clash: {reason}"
    reading.ruling = Ruling(verdict, {**ruling.value, "to": None}, ruling.rules, ruling.trace, legal=False)
    return reading


def _seats(spells: list[str]) -> int:
    """How many players a board needs for spells written "P3:root": the highest seat named, at least two."""
    return max(2, *(int(s[1]) for s in spells))


def _clashes(words: list[Token]) -> list[tuple[int, int]]:
    """Each clash a question names ("clash II", "clash 2"): the place of the word "clash" and the clash."""
    return [(n, c) for n, t in enumerate(words) if t.word == "clash" and (c := _clash(words, n))]


def _clash(words: list[Token], n: int) -> int | None:
    """The clash named after ``words[n]`` ("clash II", "clash 2"), or None."""
    if n + 1 >= len(words):
        return None
    nxt = words[n + 1]
    return ROMAN.get(nxt.word, nxt.number if nxt.number in ROMAN.values() else None)


def _advanced(reading: Reading, spells: list[str], asked: str, clash: int) -> Reading:
    """The clash played out with every Ringleader: whether ``asked`` advances, and the rule that decides it."""
    from rulebook import elephants
    from rulebook.ruling import Ruling

    reading.read.insert(0, f"Clash {elephants.roman(clash)}")
    players = _seats(spells)
    try:
        played = [
            elephants.resolve_clash(elephants.board(spells, clash=clash, ringleader=f"P{p}", players=players))
            for p in range(1, players + 1)
        ]
    except (InvalidInputError, IllegalActionError) as err:
        reading.missing.append(f"a board the engine accepts ({err})")
        return reading
    ends = {r.value["advanced"].get(asked) for r in played}
    if len(ends) > 1:
        reading.missing.append(f"who is the Ringleader (whether {asked} advances depends on it)")
        return reading
    ruling = played[0]
    to = ruling.value["advanced"].get(asked)
    phase = next((n for n, step in enumerate(ruling.trace) if "Advance phase" in step.text), 0)
    # the advance phase's last word on the spell decides ("P2:break is active: P1:starfall cannot be advanced")
    said = [step for step in ruling.trace[phase:] if asked in step.text and step.rule]
    deciding = said[-1] if said else None
    if to is not None:
        verdict = f"{asked} advances to Clash {elephants.roman(to)}"
    else:
        verdict = f"{asked} does not advance" + (f": {deciding.text}" if deciding else "")
    rules = ruling.rules
    if deciding is not None and deciding.rule:
        rules = decided_by(ruling, deciding.rule).rules
    value = {"spell": asked, "clash": clash, "advanced_to": to, "clash_played": dict(ruling.value)}
    reading.ruling = Ruling(verdict, value, rules, tuple(ruling.trace), legal=None)
    return reading


def _earlier_round(words: list[Token]) -> str:
    """The words that place a spell in an earlier round ("cast Slumber last round", "the previous round"), or ""."""
    for i, t in enumerate(words[:-1]):
        if t.word in EARLIER and words[i + 1].word in ("round", "rounds", "turn"):
            return f"{t.word} {words[i + 1].word}"
    return ""


def _ties(rulings: dict) -> str:
    """The spells whose order changes with the Ringleader, for the message."""
    orders = [[e["spell"] for e in r.value["order"]] for r in rulings.values()]
    moved = [s for s in orders[0] if any(o.index(s) != orders[0].index(s) for o in orders[1:])]
    return " and ".join(moved)
