"""Uses of a once-per-turn power told by turn and phase, and which are allowed asked: computed as ``rulebook
spellfire once``.

"I use my once-per-turn power in phase 3 of turn 1, again in that phase, then in phase 3 of turn 2: which uses are
allowed?" tells each use's turn (the owner's: "turn 1", "my second turn") and phase; a use that leaves one out is in
the turn or phase of the use before ("try it again in that same phase 3"), and "twice" or "three times" tells a use
more than once. Computed only when the power is said to be once per turn, the first use tells both its turn and its
phase, the uses are told in the order of the turns, and the question asks whether they are allowed. Not computed:
a use in another player's turn (the count is the owner's), or a card that names its own phase for the power.
"""

from __future__ import annotations

import itertools
import operator

from rulebook.questions import OPPONENT, Reading, Token, number_word

#: Ordinal words of a turn ("my first turn", "in my second").
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "1st": 1, "2nd": 2, "3rd": 3}
#: Words that end one use's clause ("..., try it again", "; then", "and then in phase 3 of turn 2").
USE_BREAKS = frozenset({",", ";", ".", "then", "and", "but", "later", "after", "afterwards", "next"})
#: Words that tell how many uses a clause holds.
TIMES = {"once": 1, "twice": 2, "thrice": 3, "again": 1}
#: Words that ask whether the uses are allowed ("which uses are allowed", "is the second one legal").
ASKING = frozenset({"allowed", "legal", "illegal", "valid", "ok", "okay", "permitted", "work", "works", "can", "count"})
#: Words of another player's turn, whose uses the owner's count does not hold.
OTHERS = OPPONENT | {"opponent's", "their", "his", "her", "p2's", "p1's"}


def _once_per_turn(said: list[str]) -> int | None:
    """The place of "once per turn" ("once-per-turn", "once a turn", "1/turn"), or ``None``."""
    for n in range(len(said) - 2):
        if said[n] in ("once", "1") and said[n + 1] in ("per", "a", "each", "/") and said[n + 2] == "turn":
            return n
    return None


def _number(words: list[Token], at: int) -> int | None:
    """The number told at ``at``: a digit or number word ("3", "two"), or an ordinal ("second", "2nd")."""
    if at >= len(words):
        return None
    t = words[at]
    if t.word in ORDINALS:
        return ORDINALS[t.word]
    if at + 1 < len(words) and t.word.isdigit() and words[at + 1].word in ("st", "nd", "rd", "th"):
        return int(t.word)
    value = number_word(t.word)
    return value if value is not None and value > 0 else None


def _told(clause: list[Token]) -> tuple[int | None, int | None, int, bool]:
    """One clause's turn, phase, how many uses it tells (0: none) and whether it is another player's turn."""
    turn = phase = None
    times = 0
    other = False
    for n, t in enumerate(clause):
        if t.word == "phase":
            phase = _number(clause, n + 1) or phase
        elif t.word in ("turn", "turns"):
            # "turn 2", "my second turn", "turn two"
            turn = _number(clause, n + 1) or (_number(clause, n - 1) if n else None) or turn
            other = other or (n and clause[n - 1].word in OTHERS) or (n > 1 and clause[n - 2].word in OTHERS)
        elif t.word in ORDINALS and n and clause[n - 1].word == "my" and turn is None:
            turn = ORDINALS[t.word]  # "once in phase 3 of my second"
        if t.word in TIMES:
            times += TIMES[t.word]
        elif t.word == "times" and n and _number(clause, n - 1):
            times += _number(clause, n - 1) or 0
    return turn, phase, times, bool(other)


def _clauses(words: list[Token]) -> list[list[Token]]:
    """The question's clauses, split at the words that end a use."""
    clauses: list[list[Token]] = [[]]
    for t in words:
        if t.word in USE_BREAKS:
            clauses.append([])
        else:
            clauses[-1].append(t)
    return [c for c in clauses if c]


def read_once(words: list[Token]) -> Reading | None:
    """Read the uses of a once-per-turn power and judge them; ``None`` when the question tells no once-per-turn power
    used in a phase.

    Examples:
        >>> from rulebook.questions import tokens
        >>> said = "my once-per-turn power: used in phase 3 of turn 1, again, then in phase 3 of turn 2; allowed?"
        >>> read_once(tokens(said)).ruling.verdict
        'turn 1 phase 3: allowed; turn 1 phase 3: refused; turn 2 phase 3: allowed'
        >>> read_once(tokens("What is a once-per-turn power?")) is None
        True
    """
    texts = list(map(operator.attrgetter("text"), words))  # no line per word: a reader's work is bounded per character
    if "once" not in texts or "phase" not in texts:
        return None
    said = [t.word for t in words]
    at = _once_per_turn(said)
    if at is None or "phase" not in said:
        return None
    rest = words[:at] + words[at + 3 :]  # "once per turn" tells no use
    uses: list[tuple[int, int]] = []
    reading = Reading("spellfire", "which uses of a Spellfire once-per-turn power are allowed")
    turn = phase = None
    for clause in _clauses(rest):
        told_turn, told_phase, times, other = _told(clause)
        if other:
            reading.missing.append("uses in the owner's own turns (another player's turn is told)")
        if told_turn is None and told_phase is None and not times:
            continue
        if told_turn is None and told_phase is None and not uses:
            continue  # "my once-per-turn power is used twice": where is told after
        turn, phase = told_turn or turn, told_phase or phase
        if turn is None or phase is None:
            reading.missing.append("the turn and the phase of the first use")
            return reading
        uses += [(turn, phase)] * max(times, 1)
    if not uses:
        return None
    if any(t2 < t1 for (t1, _), (t2, _) in itertools.pairwise(uses)):
        reading.missing.append("the uses in the order of the turns")
    if "card" in said or "cards" in said:
        reading.missing.append("the phase the card names for the power (what a card says is not read)")
    if not ASKING & set(said) and not ({"which", "what"} & set(said) and "?" in said):
        reading.missing.append("whether the uses are allowed (the question asks something else)")
    reading.read.append("the uses: " + ", ".join(f"turn {t} phase {p}" for t, p in uses))
    if reading.missing:
        return reading
    from rulebook import spellfire

    reading.ruling = spellfire.once_per_turn(uses)
    return reading
