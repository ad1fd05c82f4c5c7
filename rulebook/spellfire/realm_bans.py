"""A realm's own ban on a kind of attacker, told in a player's words of refusal rather than a card's verb.

`rulebook.spellfire.questions` reads "F forbids flyers" and "F's card says flyers can't attack it"; players also
say the realm refuses them: "realm A does not allow flyers", "A won't let swimmers attack it", "A allows no
flyers", "A is closed to flyers", "no flyers allowed". A ban told as an attack the realm suffers ("A can't be
attacked by flyers") is left to the reader's own check, which does not compute it. `refusing` finds the word
that refuses the kind named at a place, so the reader takes the ban as the realm's ("no-flyer"), as the engine's
``--realm "A: no-flyer"`` does.
"""

from __future__ import annotations

from rulebook.questions import NEGATIONS, Token

#: Verbs of a realm admitting attackers ("allows flyers"), refused by a negation before them ("does not allow").
ADMIT = frozenset(
    {"allow", "allows", "let", "lets", "admit", "admits", "permit", "permits", "accept", "accepts", "take", "takes"}
)
#: Words of a realm shut to a kind, before "to" ("closed to flyers", "off limits to swimmers").
SHUT = frozenset({"closed", "limits", "forbidden", "barred", "banned", "immune"})
#: Words after "no flyers" that make it a ban rather than a count ("no flyers allowed", "no flyers may attack it").
BANNED_AFTER = frozenset({"allowed", "permitted", "may", "can"})


def refusing(words: list[Token], at: int) -> int | None:
    """The place of the word that refuses the kind of attacker named at ``at``, or ``None`` when no refusal is told
    just before it (or, for "no flyers allowed", just after).

    Examples:
        >>> from rulebook.questions import tokens
        >>> said = tokens("Realm A does not allow flyers")
        >>> refusing(said, 5)
        4
        >>> refusing(tokens("realm A allows no flyers"), 4), refusing(tokens("A is closed to flyers"), 4)
        (2, 2)
        >>> refusing(tokens("realm A allows flyers"), 3) is None, refusing(tokens("I have no flyers"), 3) is None
        (True, True)
    """
    before = [t.word for t in words[max(0, at - 4) : at]]
    after = [t.word for t in words[at + 1 : at + 2]]
    if before[-1:] and before[-1] in ADMIT and any(w in NEGATIONS for w in before[-3:-1]):
        return at - 1  # "does not allow flyers", "won't let flyers attack"
    if before[-2:-1] and before[-2] in ADMIT and before[-1] == "no":
        return at - 2  # "allows no flyers"
    if before[-2:] and before[-1] == "to" and before[-2] in SHUT:
        return at - 2  # "closed to flyers", "off limits to swimmers"
    if before[-1:] == ["no"] and after and after[0] in BANNED_AFTER:
        return at - 1  # "no flyers allowed", "no flyers may attack it"
    return None
