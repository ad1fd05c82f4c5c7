"""Spellfire questions about whether a champion may attack a realm of a formation, computed by the engine.

The target is "position E", "realm E", "realm in position E" or a bare capital letter B to F (a bare
"A" is read as the article). Razed realms: "A is razed", "A and B are razed", "razed A". The attacker:
its champion type (hero, wizard, ...) and movement powers ("a flying wizard", "a swimmer"), or "no
movement power". The formation is the opponent's full six realms, none razed unless said.

A champion named as a kind, in the plural ("can swimmers attack realm E?"), asks the rule for that kind, not one
attack: nothing is computed.

Allies the question denies ("a flyer with no allies") leave the attack to be read; allies that join it are not read.
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
    >>> print(read("Can a hero attack realm B?").ruling.verdict)
    illegal: B is protected by A, and the hero has no movement power
    >>> read("Can I attack realm B?").missing
    ['the attacking champion (its type, or its movement power)']
"""

from __future__ import annotations

from rulebook.questions import Reading, Token, decided_by, tokens
from rulebook.questions import denied as deny

__all__ = ["read"]

LETTERS = ("A", "B", "C", "D", "E", "F")
ATTACK_WORDS = frozenset({"attack", "attacks", "attacking", "attacked", "reach", "reaches", "reaching", "target"})
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


#: Rules the engine cites beside its decision, not the decision: who may block the attack, and that a razed realm's
#: neighbours keep their positions. Cited before the rule that decided whether the attack may be made.
AFTERMATH = frozenset({"spellfire.move.any-may-defend", "spellfire.formation.fixed-positions"})
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
        after = [w.word for w in words[end + 1 : end + 3]]
        k = start - 1
        while k >= 0 and words[k].word in ("realm", "realms", "position", "positions", "in") and k not in places:
            k -= 1
        if (
            (after[:1] and after[0] in RAZED_WORDS)
            or (after[:1] and after[0] in BE and after[1:2] and after[1] in RAZED_WORDS)
            or (k >= 0 and words[k].word in RAZED_WORDS)
        ):
            razed.update(run)
    return razed


def read(question: str) -> Reading | None:
    """Read an attack on a realm from the question and judge it; ``None`` when the question is not one."""
    words = tokens(question)
    if not any(t.word in ATTACK_WORDS for t in words):
        return None
    letters: list[tuple[int, str]] = []  # (place, position letter) of every letter that names a position
    for i, t in enumerate(words):
        if len(t.raw) != 1 or t.raw.upper() not in LETTERS:
            continue
        prev = words[i - 1].word if i else ""
        named = prev in TARGET_WORDS or (prev in ("and", ",", "razed", "in") and i >= 2)
        if t.raw.isupper() and (t.raw != "A" or named or prev in RAZED_WORDS):
            letters.append((i, t.raw))
        elif named:
            letters.append((i, t.raw.upper()))
    if not letters:
        return None
    razed = _razed(words, letters)
    candidates = [letter for _, letter in letters if letter not in razed]
    target = next(
        (letter for i, letter in letters if i > 0 and words[i - 1].word in TARGET_WORDS and letter not in razed), None
    )
    target = target or (candidates[0] if len(set(candidates)) == 1 else None)
    import rulebook
    from rulebook import spellfire

    types = list(dict.fromkeys(t.word.rstrip("s") for t in words if t.word.rstrip("s") in spellfire.TYPES))
    data = rulebook.rules("spellfire").data["movement"]
    powers = {w: kind for kind in data["kinds"] for w in (kind, *data["aliases"].get(kind, ()))}
    denied = deny(words, powers)
    moves = list(dict.fromkeys(powers[t.word] for n, t in enumerate(words) if t.word in powers and n not in denied))
    forgone = sorted({powers[words[n].word] for n in denied} & set(moves))
    unmoving = bool(denied) or (
        any(t.word == "no" for t in words) and any(t.word in ("movement", "power", "powers") for t in words)
    )
    reading = Reading("spellfire", "whether a Spellfire attack on a realm is legal")
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
    kinds = [t.word for t in words if t.word in PLURALS]
    if kinds and len(kinds) == len([t for t in words if t.word.rstrip("s") in spellfire.TYPES or t.word in powers]):
        # "can swimmers attack realm E?" asks what a kind of champion may do, not about one attack of a formation
        reading.missing.append(f"one attacking champion and its formation ({kinds[0]} in general are asked about)")
    # "with no allies" says there are none: nothing about them to read
    allies = deny(words, ALLIES)
    unread = sorted({t.word for n, t in enumerate(words) if t.word in UNREAD and n not in allies})
    if unread:
        reading.missing.append(f"a formation this reader can read ({', '.join(unread)} is not read)")
    if reading.missing:
        return reading
    champion = " ".join(types[:1] + moves) or "none"
    ruling = spellfire.attack(spellfire.formation(",".join(sorted(razed))), target, champion)
    # what the engine notes beside its decision is cited before the rule that decided whether the attack may be made
    deciding = [r for r in ruling.rules if r not in AFTERMATH]
    reading.ruling = decided_by(ruling, deciding[-1]) if deciding else ruling
    return reading
