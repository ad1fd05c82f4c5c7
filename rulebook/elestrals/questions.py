"""Elestrals questions about one battle, an Elestral's stats after effects, or whether a card is Enchanted or
Misenchanted, computed by the engine.

A battle: "An Elestral with 3 Attack and 2 Spirits attacks an Elestral with 2 Attack and 1 Spirit" ("is
attacked by" turns the sides round). Numbers may be digits or words ("three Spirits"). The attacked
Elestral is in Attack Position when only its Attack is given, in Defense Position when that is said;
"attacks the Spirit Deck", "directly" or "has no Elestral" make a direct attack. A count of Spirits
followed by "left" or "remaining" ("the opponent has 1 Spirit left") is that player's Spirit Deck,
never an Elestral's Spirits. Stat effects on either side ("+2 Attack", "gains two Attack", "its
Defense is set to 0", "a swap") apply before the battle.

A battle told by its attacker's player: "I attack with an Elestral that has 2 Attack and 3 Spirits; my opponent has no
Elestrals", "i swing with a 3 atk 1 spirit elestral into their defense position guy", "attacking w 3 atk 3 spirits into
their defense position guy" (a card told with its Attack and Spirits after "attack with" is the attacking Elestral);
"my attacking Elestral has 2 Attack" names the attacker after the word; "attacker 3 atk 1 spirit, defender ..." names
the sides by their roles, no verb of attacking ("my attacker has 2 Attack and 3 Spirits" alone where the other side
tells a direct attack: "they have no Elestrals out"); an empty field ("your field is empty") makes a direct attack.
The asker's bare "I attack" after the sides told in clauses of their own ("My Elestral has 2 Attack and 3 Spirits;
their field is empty. If I attack, ...") makes the asker's one card told the attacker; "goes after" is "attacks".

Stats: base Attack and Defense ("3 Attack", "Attack 3", "a base Attack of 3") and at least one effect, applied in the
guide's order whatever the order written.

Mulligans: how many ("three mulligans", "mulligan 3 times", "twice") and, where told, the Spirits in the Spirit
Deck ("5 Spirits in my Spirit Deck"; before the game it is full): what they cost and whether they can be paid.

Enchanted or Misenchanted: the card's Enchantment Cost ("cost is", "costing") and the Spirits Enchanting it, by type
("cost is fire + any,
it has two water spirits on it: enchanted or misenchanted?"; "&" is an any-type Spirit). Both told, the question
needs not say "Misenchanted" ("cost is fire plus & and it has a water and a fire spirit on it, is it enchanted").

Nothing is assumed: a quantity the question does not give is tried at several values, and when the
answer would change with it, the reader names it as missing instead of computing.

Examples:
    >>> q = "An Elestral with 3 Attack and 2 Spirits attacks the Spirit Deck directly; the opponent has 1 Spirit left"
    >>> print(read(q).ruling.verdict)
    No Elestral is destroyed; the defender's controller Expends 2 Spirits; the defender's controller loses the game
    >>> print(read("A 3/2 Elestral gets +2 Attack, a swap, and its Defense is set to 0.").ruling.verdict)
    Final stats: Attack 0, Defense 5
    >>> read("An Elestral with 3 Attack attacks one with 3 Attack").missing
    ['the Spirits of the attacker and the defender']
    >>> q = "cost is fire fire and it has one fire and one water spirit, enchanted or misenchanted?"
    >>> print(read(q).ruling.verdict)
    Misenchanted: enough Spirits but the wrong types (short 1 fire); it stays but has no effect
"""

from __future__ import annotations

import itertools
import operator
import re
from dataclasses import dataclass, field

from rulebook.elestrals.ending_said import read_end
from rulebook.questions import Reading, Token, decided_by, tokens

__all__ = ["read"]

STATS = {"attack": "attack", "atk": "attack", "defense": "defense", "defence": "defense", "def": "defense"}
SPIRIT_WORDS = frozenset({"spirit", "spirits"})
#: Verbs that split a battle question into the attacking side and the attacked one.
FORWARD = frozenset(
    {"attacks", "attacking", "battles", "battling", "hits", "strikes", "fights"}
    | {"smashes", "slams", "charges", "swings", "crashes", "rams"}  # "smashes into their 3 def guy"
)
DIRECT = frozenset({"directly", "direct"})
#: Before "after", the verbs of going that make it an attack ("my Elestral goes after their 3 Defense one").
GOING = frozenset({"goes", "go", "went", "going"})
SPLITTING = FORWARD | {"after"}
#: Before "attack", the words that make it the verb of the card before ("wants it to attack", "can my Elestral attack").
TO_ATTACK = frozenset({"to", "elestral", "guy", "one", "it", "mine"})
#: "I attack with ...", "i swing w ...": the attacker told after the verb, said by its player.
WIELD = frozenset({"attack", "swing"})
SUBJECTS = frozenset({"i", "we", "you", "they"})
#: Before "attack with", the words making the card after "with" the attacker ("I attack with", "wants to attack with").
WIELDERS = SUBJECTS | {"to"}
#: The player aimed at between the verb and "with" ("I swing at them with ...").
AIMED = [["at", w] for w in ("them", "him", "her", "you", "it")]
WITH = frozenset({"with", "w"})
#: Where the attacker told after "with" ends: what it attacks, or the end of its clause.
ATTACKER_ENDS = frozenset({"into", "against", ";", ".", "?", "!"})
GAIN = frozenset({"gains", "gain", "gets", "get", "receives", "increase", "increases", "increased", "raises", "raised"})
LOSE = frozenset({"loses", "lose", "decrease", "decreases", "decreased", "reduces", "reduced", "lowers", "lowered"})
#: The verb of an effect that sets a stat: "set its Defense to 0", "an effect sets its Attack to 1", "setting it".
SET = frozenset({"set", "sets", "setting"})
SWAP = frozenset({"swap", "swaps", "swapped", "switch", "switches", "switched", "swapping"})
LEFT = frozenset({"left", "remaining", "remain", "remains"})
#: Words that name the card on a side of a battle ("my Elestral", "the attacker", "their guy", "it").
NAMES = frozenset({"elestral", "elestrals", "attacker", "attacking", "defender", "guy", "one", "it", "mine", "card"})
#: Words that make one statement of two sides: "Both battling Elestrals have 0 Attack" says 0 Attack of each.
BOTH = frozenset({"both", "each"})
#: Values tried for a quantity the question leaves out: if the answer changes with it, it is missing.
TRIED = (0, 1000)


@dataclass
class Side:
    """What the question says of one side of a battle."""

    attack: int | None = None
    defense: int | None = None
    spirits: int | None = None
    position: str | None = None
    deck: int | None = None
    effects: list[str] = field(default_factory=list)
    direct: bool = False
    #: Whether the side's words name the card ("my Elestral", "the attacker", "their guy"), not a bare number.
    named: bool = False
    #: Stat changes told without the stat they change ("Swap and +2 on a 1/4 Elestral"): nothing is computed then.
    unstated: list[str] = field(default_factory=list)
    #: Of the attacker: the attack is told made on the game's first turn (`_first_turn`).
    first_turn: bool | None = False

    def said(self, who: str) -> list[str]:
        parts = [
            f"{v} {k}"
            for k, v in (("Attack", self.attack), ("Defense", self.defense), ("Spirits", self.spirits))
            if v is not None
        ]
        if self.position:
            parts.append(f"{self.position.capitalize()} Position")
        parts += self.effects
        if self.deck is not None:
            parts.append(f"{self.deck} Spirits left in the Spirit Deck")
        return [f"{who}: {', '.join(parts)}"] if parts else []


def _stat(t: Token | None) -> str | None:
    return STATS.get(t.word) if t is not None else None


#: How often, said without a number ("swapped twice", "mulligan twice").
TIMES = {"once": 1, "twice": 2, "thrice": 3}


def _told_times(words: list[Token], i: int) -> int | None:
    """How many times the words from ``words[i]`` say: "twice", "3 times"; ``None`` when they say none."""
    t = words[i] if i < len(words) else None
    if t is not None and t.word in TIMES:
        return TIMES[t.word]
    if t is not None and t.number is not None and i + 1 < len(words) and words[i + 1].word in ("times", "time"):
        return t.number
    return None


def _times(words: list[Token], i: int, used: set[int]) -> int:
    """How many times the effect before ``words[i]`` applies: "twice", "3 times", else once."""
    told = _told_times(words, i)
    if told is None:
        return 1
    if words[i].number is not None:
        used.add(i)  # "3 times" is no stat
    return max(1, min(int(told), 9))


#: The words of a side's Position after its stat ("defense position", "def pos").
POSITION_WORDS = frozenset({"position", "pos"})


def _read_side(words: list[Token]) -> Side:
    """One side's numbers, Position, Spirit Deck count and stat effects, in one pass over its words."""
    side = Side()
    at = lambda i: words[i] if 0 <= i < len(words) else None  # noqa: E731
    used: set[int] = set()
    for i, t in enumerate(words):
        nxt, prev = at(i + 1), at(i - 1)
        if t.word in SWAP:
            side.effects += ["swap"] * _times(words, i + 1, used)
        elif t.word in SET and nxt is not None:
            # "set its Defense to 0", "Defense is set to 0", "an effect sets its Attack to 1", "set attack 1"
            stat = _stat(nxt) or _stat(at(i + 2)) or _stat(at(i - 1)) or _stat(at(i - 2)) or _stat(at(i + 3))
            for j in range(i + 1, min(i + 5, len(words))):
                if stat and words[j].number is not None and not words[j].signed and _stat(at(j - 1)) == stat:
                    side.effects.append(f"set {stat} {words[j].number}")  # "set attack 1"
                    used.add(j)
                    break
                if words[j].text == "to" and at(j + 1) is not None and at(j + 1).number is not None and stat:
                    side.effects.append(f"set {stat} {at(j + 1).number}")
                    used.add(j + 1)
                    break
        elif t.number is not None and i not in used:
            _read_number(side, words, i, used)
        elif t.word in NAMES:
            side.named = True
        elif t.word == "no" and nxt is not None and nxt.word in SPIRIT_WORDS:
            side.spirits = 0
        elif t.word in POSITION_WORDS and prev is not None and _stat(prev):
            side.position = _stat(prev)
        elif (
            t.word in DIRECT
            or (t.word in PLACES and _direct_place(words, i))
            or (t.word == "no" and nxt is not None and nxt.word in ("elestral", "elestrals"))
        ):
            side.direct = True
    return side


#: The places a direct attack is told by: the Spirit Deck, an empty field; and the ends of a clause.
CLAUSE_ENDS = frozenset({",", ";", ".", "?", "!"})
PLACES = frozenset({"deck", "field"})
#: Words of degree between "is" and "empty" ("their field is completely empty").
DEGREE = frozenset({"completely", "totally", "entirely", "fully", "still", "now", "wholly"})


def _direct_place(words: list[Token], at: int) -> bool:
    """Whether the word at ``at`` tells a direct attack: "Spirit Deck", or a field said to be empty ("your field is
    empty", "an empty field", "nothing is on their field").

    Examples:
        >>> words = tokens("Nothing is on my opponent's field")
        >>> _direct_place(words, len(words) - 1)
        True
        >>> words = tokens("Nothing happens; their field")
        >>> _direct_place(words, len(words) - 1), _direct_place(tokens("nothing else is on my field"), 5)
        (False, False)
    """
    before = words[at - 1].word if at else ""
    if words[at].word == "deck":
        return before == "spirit"
    clause = [t.word for t in words[max(0, at - 5) : at]]
    clause = clause[max((k + 1 for k, w in enumerate(clause) if w in CLAUSE_ENDS), default=0) :]
    # "nothing is on their field", "there's nothing on my opponent's field"
    # ("nothing else is on my field" is the asker's own field, not the one attacked)
    nothing = "nothing" in clause and "on" in clause[clause.index("nothing") :] and before not in ("my", "our")
    after = [t.word for t in words[at + 1 : at + 4] if t.word not in DEGREE]
    return before == "empty" or nothing or after[:2] == ["is", "empty"]


def _read_number(side: Side, words: list[Token], i: int, used: set[int]) -> None:
    """What one number says: a base stat, a stat change, an Elestral's Spirits, or a Spirit Deck count."""
    at = lambda j: words[j] if 0 <= j < len(words) else None  # noqa: E731
    t, nxt, prev = words[i], at(i + 1), at(i - 1)
    n = t.number
    assert n is not None
    stat, before = _stat(nxt), _stat(prev)
    if t.signed:
        if stat or before:  # "+2 Attack", "Attack -1"
            side.effects.append(f"{stat or before} {n:+d}")
        else:  # "+2" alone: which stat it changes is not told
            side.unstated.append(f"{n:+d}")
        return
    if prev is not None and (prev.word in GAIN or prev.word in LOSE) and stat:  # "gains two Attack"
        side.effects.append(f"{stat} {(1 if prev.word in GAIN else -1) * n:+d}")
    elif prev is not None and prev.word == "by":  # "increase its Attack by 2", "Attack is reduced by 1"
        back = [w.word for w in words[max(0, i - 5) : i - 1]]
        verb = next((w for w in reversed(back) if w in GAIN or w in LOSE), None)
        changed = next((STATS[w] for w in reversed(back) if w in STATS), None)
        if verb and changed:
            side.effects.append(f"{changed} {(1 if verb in GAIN else -1) * n:+d}")
    elif prev is not None and prev.word in ("becomes", "become", "to"):  # "its Defense becomes 0"
        back = [w.word for w in words[max(0, i - 4) : i - 1]]
        changed = next((STATS[w] for w in reversed(back) if w in STATS), None)
        if changed and prev.word != "to":
            side.effects.append(f"set {changed} {n}")
    elif stat:  # "3 Attack"
        _base(side, stat, n)
    elif nxt is not None and nxt.word in SPIRIT_WORDS:  # "2 Spirits", "1 Spirit left"
        after = at(i + 2)
        if (after is not None and after.word in LEFT) or _in_deck(words, i + 2):
            side.deck = n
        else:
            side.spirits = n
    elif nxt is not None and nxt.text == "/" and at(i + 2) is not None and at(i + 2).number is not None:  # "3/2"
        _base(side, "attack", n)
        _base(side, "defense", at(i + 2).number)
        used.add(i + 2)
    elif before and (at(i - 2) is None or at(i - 2).word not in ("set", "its", "the")):  # "Attack 3"
        _base(side, before, n)
    elif prev is not None and prev.word == "of" and _stat(at(i - 2)):  # "a base Attack of 3 and Defense of 1"
        _base(side, STATS[words[i - 2].word], n)


def _in_deck(words: list[Token], i: int) -> bool:
    """Whether the words from ``i`` say "in (their|the) Spirit Deck"."""
    following = [w.word for w in words[i : i + 4]]
    return bool(following) and following[0] == "in" and "deck" in following


def _base(side: Side, stat: str, value: int) -> None:
    if getattr(side, stat) is None:
        setattr(side, stat, value)


def _split(words: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """The attacking side's words and the attacked side's, or ``None`` for a question with no battle."""
    for i, t in enumerate(words):
        # "attack" the verb: "wants their 5 Attack Elestral to attack the opponent's ...", "can my Elestral with 4
        # Attack and 2 Spirits attack their ..."
        if (word := t.word) in SPLITTING or (word == "attack" and i and _verb_attack(words, i)):
            if word == "after" and not (i and words[i - 1].word in GOING):
                continue  # "goes after their 3 defense one" is an attack, as in Clash; "after" alone is not
            if t.word == "attacking" and (_with(words, i + 1) or _owned(words, i)):
                # "attacking w 3 atk 3 spirits into their guy", "my attacking Elestral has 2 Attack": the attacker is
                # told after the word, up to what it attacks or the clause's end
                start = i + 2 if _with(words, i + 1) else i + 1
                end = next((k for k in range(start, len(words)) if words[k].word in ATTACKER_ENDS), len(words))
                return words[start:end], words[:i] + words[end + 1 :]
            return _attacker_after(words, i) or (words[:i], words[i + 1 :])
        # "I swing at them with ...": "with" past the player aimed at
        if t.word in WIELD and words[i - 1 : i] and words[i - 1].word in WIELDERS and _with(words, _aimed(words, i)):
            aimed = _aimed(words, i)
            # "I attack with an Elestral that has 2 Attack and 3 Spirits; my opponent has no Elestrals": the attacker is
            # told after "with", up to what it attacks ("into their defense position guy") or the clause's end
            end = next((k for k in range(aimed + 1, len(words)) if words[k].word in ATTACKER_ENDS), len(words))
            return words[aimed + 1 : end], words[:i] + words[end + 1 :]
        if t.word == "attacked" and i + 1 < len(words) and words[i + 1].word == "by":
            return words[i + 2 :], words[:i]
    roles = [next((n for n, t in enumerate(words) if t.word == role), None) for role in ("attacker", "defender")]
    if None not in roles and roles[0] < roles[1]:
        # "attacker 3 atk 1 spirit, defender is in defense position with 3 def": the sides told by their roles
        return words[roles[0] : roles[1]], words[roles[1] :]
    if roles[0] is not None and roles[1] is None:
        # "they have no Elestrals out; my attacker has 2 Attack and 3 Spirits": the attacker told by its role up to
        # its clause's end, the rest the attacked side (read only when it tells a direct attack: `read`)
        end = next((k for k in range(roles[0], len(words)) if words[k].word in ATTACKER_ENDS), len(words))
        start = roles[0] - 1 if roles[0] and words[roles[0] - 1].word in OWNERS else roles[0]  # "my attacker"
        return words[start:end], words[:start] + words[end + 1 :]
    return None


def _attacker_after(words: list[Token], at: int) -> tuple[list[Token], list[Token]] | None:
    """The sides of a battle whose attacker is told after what it attacks, by "with my" ("i want to attack their
    empty field with my 6 attack elestral that has one spirit"): the attacker from "my" to its clause's end, the
    attacked side between the verb at ``at`` and "with"; ``None`` when no "with my" follows, or the words before the
    verb tell a card's stats or Position (they are the attacker's).

    Examples:
        >>> sides = _attacker_after(tokens("i want to attack their empty field with my 6 attack elestral."), 3)
        >>> [[t.word for t in side] for side in sides]
        [['my', '6', 'attack', 'elestral'], ['their', 'empty', 'field', '.']]
        >>> _attacker_after(tokens("my 4 attack elestral wants to attack theirs with my ability"), 6) is None
        True
    """
    rest = words[at + 1 :]
    w = next((k for k in range(len(rest) - 1) if rest[k].word in WITH and rest[k + 1].word == "my"), None)
    if w is None or any(t.number is not None or t.word in POSITION_WORDS for t in words[:at]):
        return None
    end = next((k for k in range(w + 1, len(rest)) if rest[k].word in ATTACKER_ENDS), len(rest))
    return rest[w + 1 : end], rest[:w] + rest[end:]


#: Words that end the clause of one side told apart from the verb ("my Elestral has 2 Attack, and their field ...").
SIDE_ENDS = frozenset({",", ";", ".", "?", "!", ":"})
#: The asker's words ("I attack", "my Elestral"), and the joins after which a new side's clause may start.
ASKERS = frozenset({"i", "we"})
MINE = frozenset({"my", "our", "mine", "ours"})
JOINS = frozenset({"and", "but", "while", "whereas"})


def _clauses(words: list[Token]) -> list[list[Token]]:
    """The words cut into clauses: at a clause's end, and at a join ("and", "while") before "my" or "their"."""
    cut: list[list[Token]] = [[]]
    for k, t in enumerate(words):
        nxt = words[k + 1].word if k + 1 < len(words) else ""
        if t.word in JOINS and (nxt in MINE or nxt in OPPONENTS):
            cut.append([])
            continue
        cut[-1].append(t)
        if t.word in SIDE_ENDS:
            cut.append([])
    return [c for c in cut if c]


_I_ATTACK = re.compile(r"\b(?:i|we)\s+attack\b(?!\s+w(?:ith)?\b)", re.IGNORECASE)


def _asker_attacks(words: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """The sides of a battle told apart from its verb, the asker's "I attack" with nothing after it ("My Elestral has
    2 Attack and 3 Spirits and my opponent's field is empty. If I attack, ..."): the attacker is the one clause that
    tells the asker's card with numbers ("my Elestral has ..."), the attacked side the one clause of the opponent's;
    ``None`` unless each is told exactly once and no other clause gives a number.

    Examples:
        >>> q = "My Elestral has 2 Attack and 3 Spirits and their field is empty. If I attack, what happens?"
        >>> [[t.word for t in side] for side in _asker_attacks(tokens(q))]
        [['my', 'elestral', 'has', '2', 'attack', 'and', '3', 'spirits'], ['their', 'field', 'is', 'empty', '.']]
        >>> _asker_attacks(tokens("My Elestral has 2 Attack and my other one has 3; their field is empty. I attack"))
    """
    verb = [
        k for k, t in enumerate(words)
        if t.word == "attack" and k and words[k - 1].word in ASKERS
        and (k + 1 == len(words) or words[k + 1].word in AFTER_I_ATTACK)
    ]
    if len(verb) != 1:
        return None
    mine: list[list[Token]] = []
    theirs: list[list[Token]] = []
    for clause in _clauses(words):
        said = [t.word for t in clause]
        if any(t is words[verb[0]] for t in clause):
            if any(t.number is not None for t in clause):
                return None  # "if I attack with 3 Attack": told with the verb, read elsewhere
            continue
        owner = said[0] if said[0] not in ("if", "when", "so", "now", "then") else said[1:2] and said[1]
        if owner in MINE and not set(said) & OPPONENTS:
            mine.append(clause)
        elif set(said) & OPPONENTS:
            theirs.append(clause)
        elif any(t.number is not None for t in clause):
            return None  # a number of no side told
    if len(mine) != 1 or len(theirs) != 1 or not any(t.number is not None for t in mine[0]):
        return None
    return [t for t in mine[0] if t.word not in SIDE_ENDS], theirs[0]


def _first_turn(question: str) -> bool | None:
    """Whether a battle is told on the game's first turn: "the first turn of the game", "the game's first turn", or
    "first turn" beside the first player ("the first player, on their first turn"); ``None`` for a player's own
    "first turn" alone, which is the game's only for the player going first; ``False`` where no first turn is told,
    or it is denied ("not the first turn").

    Examples:
        >>> _first_turn("On the first turn of the game my Elestral attacks")
        True
        >>> _first_turn("I'm going first and on my first turn I attack"), _first_turn("my first turn")
        (True, None)
        >>> _first_turn("it's my Battle Phase (not the first turn)")
        False
    """
    if not _FIRST_TURN.search(question) or _NOT_FIRST_TURN.search(question):
        return False
    return True if _GAMES_FIRST_TURN.search(question) or _FIRST_PLAYER.search(question) else None


_FIRST_TURN = re.compile(r"\bfirst\s+turn\b", re.IGNORECASE)
_NOT_FIRST_TURN = re.compile(r"\b(?:not|isn't|isnt|no|never)\s+(?:\w+\s+){0,2}first\s+turn\b", re.IGNORECASE)
_GAMES_FIRST_TURN = re.compile(
    r"\bfirst\s+turn\s+of\s+(?:the|a|this)\s+(?:game|match)\b|\b(?:game|match)'?s\s+(?:very\s+)?first\s+turn\b",
    re.IGNORECASE,
)
_FIRST_PLAYER = re.compile(r"\b(?:first\s+player|going\s+first|goes\s+first|go\s+first)\b", re.IGNORECASE)


def _aimed(words: list[Token], at: int) -> int:
    """Where "with" may stand after the verb at ``at``: past the player aimed at ("I swing at them with ...")."""
    return at + 3 if [w.word for w in words[at + 1 : at + 3]] in AIMED else at + 1


def _verb_attack(words: list[Token], at: int) -> bool:
    """Whether "attack" at ``at`` is the verb of the card told before it, not the stat: after "to", a word naming the
    card ("my elestral attack"), or its Spirits ("with 2 Spirits attack their ..."), with no number, Position or "with"
    after ("to attack with ..." tells the attacker after "with").

    Examples:
        >>> _verb_attack(tokens("can my Elestral with 2 Spirits attack their guy"), 6)
        True
        >>> _verb_attack(tokens("it has 2 Spirits attack 3"), 4), _verb_attack(tokens("in attack position"), 1)
        (False, False)
    """
    after = words[at + 1] if at + 1 < len(words) else None
    if after is not None and (after.number is not None or after.word in POSITION_WORDS or after.word in WITH):
        return False
    return words[at - 1].word in TO_ATTACK or words[at - 1].word in SPIRIT_WORDS


def _role_alone(words: list[Token]) -> bool:
    """Whether a battle's sides are told by the attacker's role alone, no verb of attacking and no defender named
    ("their field is empty and my attacker has 2 Attack and 3 Spirits").

    Examples:
        >>> _role_alone(tokens("their field is empty and my attacker has 2 Attack and 3 Spirits"))
        True
        >>> _role_alone(tokens("my attacker attacks their Elestral"))
        False
    """
    said = {t.word for t in words}
    return "attacker" in said and "defender" not in said and not said & FORWARD and "attacked" not in said


#: Words naming the opponent's side ("their Elestral", "my opponent's 3 Defense guy").
OPPONENTS = frozenset({"their", "theirs", "opponent", "opponent's", "opponents", "enemy", "enemy's", "his", "her"})
#: What may follow the asker's "I attack" told apart from the sides: the clause's end, or the side attacked named
#: without its numbers ("When I attack their Elestral, ...").
AFTER_I_ATTACK = SIDE_ENDS | OPPONENTS | {"them", "it"}


def _opponents(words: list[Token]) -> bool:
    """Whether the words of the side attacked name it the opponent's, and not the asker's ("their Elestral has 3
    Defense"; not "my other Elestral has 3 Attack").

    Examples:
        >>> _opponents(tokens("their Elestral has 3 Defense in Defense Position"))
        True
        >>> _opponents(tokens("my other Elestral has 3 Attack"))
        False
    """
    said = {t.word for t in words}
    return bool(said & OPPONENTS) and not said & {"my", "mine", "our"}


def _with(words: list[Token], at: int) -> bool:
    return at < len(words) and words[at].word in WITH


#: Words owning the Elestral "attacking" describes ("my attacking Elestral", "the attacking one").
OWNERS = frozenset({"my", "the", "their", "your", "his", "her"})


def _owned(words: list[Token], at: int) -> bool:
    """Whether "attacking" at ``at`` describes the card after it ("my attacking Elestral has 2 Attack")."""
    return at > 0 and words[at - 1].word in OWNERS and at + 1 < len(words) and words[at + 1].word in NAMES


def _wielded(words: list[Token], attacker: list[Token]) -> bool:
    """Whether the attacker's words are told after "attack with" or "attacking with" ("I attack with ...")."""
    if not attacker:
        return False
    at = next((n for n in range(len(words)) if words[n] is attacker[0]), 0)
    return at >= 2 and words[at - 1].word in WITH and words[at - 2].word in ("attack", "attacking", "swing")


def _said_of_both(words: list[Token], attacker: Side) -> bool:
    """Whether the battle's sides are one subject ("Both battling Elestrals have 0 Attack", "each battling Elestral
    has 3 Attack"): the words before the battle verb say "both" or "each" and give the attacker nothing of its own,
    so what follows the verb is said of both sides, not of the one attacked."""
    said = attacker.attack is not None or attacker.defense is not None or attacker.spirits is not None
    return not said and not attacker.effects and any(t.word in BOTH for t in words)


def read(question: str) -> Reading | None:
    """Read a battle or a stat change from the question and compute it; ``None`` when it is neither."""
    words = tokens(question)
    # "&" is the any-type Spirit of a cost ("fire plus &"), a word the tokens leave out
    enchanted = _enchantment(tokens(_ANY_MARK.sub(" any ", question))) or _mulligans(words) or read_end(words)
    if enchanted is not None:
        return enchanted
    mirrored = _mirrored(words)
    if mirrored is not None:
        return mirrored
    sides = _split(words)
    # "My Elestral has 2 Attack ...; their field is empty. If I attack, ...": the sides told apart from the verb
    sides = sides or (_asker_attacks(words) if _I_ATTACK.search(question) else None)
    if sides is not None:
        attacker, defender = _read_side(sides[0]), _read_side(sides[1])
        # "I attack with 5 Attack and 2 Spirits into ...", "attacking w 3 atk 3 spirits": the asker's card, which has
        # Spirits, attacks (a bare "my 3 attack hits" names no card)
        attacker.named = attacker.named or (_wielded(words, sides[0]) and attacker.spirits is not None)
        if _said_of_both(sides[0], attacker):
            return None  # "Both battling Elestrals have 0 Attack": one number for two sides, not the defender's
        if _role_alone(words) and not (defender.direct or _opponents(sides[1])):
            # "the attacker has 0 Attack: what happens?": no attacked side told (the opponent's Elestral, or their
            # empty field, tells it)
            return None
        if attacker.attack is not None or attacker.effects or defender.attack is not None:
            attacker.first_turn = _first_turn(question)
            reading = _battle(attacker, defender)
            if attacker.first_turn:
                reading.read.append("on the game's first turn")
            elif attacker.first_turn is None:
                # "on my first turn": the game's first turn (no Battle Phase) only for the player going first
                reading.ruling = None
                reading.missing.append("whether it is the game's first turn (the player going first)")
            return reading
    side = _read_side(words)
    if not side.effects or ("swap" not in side.effects and not any(e[0] in "ad" for e in side.effects)):
        return None
    reading = Reading("elestrals", "an Elestral's stats after effects", read=side.said("the Elestral"))
    if side.unstated:
        # "Swap and +2 on a 1/4 Elestral": the change's stat is not told, so no final stats are computed; beside a swap
        # or a stat set, the question rests on the order the changes apply in.
        reading.missing.append(f"the stat {' and '.join(side.unstated)} changes (write +2 Attack)")
        if any(e == "swap" or e.startswith("set") for e in side.effects):
            reading.rests_on = (STAT_ORDER,)
        return reading
    missing = [stat.capitalize() for stat in ("attack", "defense") if getattr(side, stat) is None]
    if missing:
        reading.missing.append("its base " + " and ".join(missing))
        return reading
    from rulebook import elestrals

    assert side.attack is not None and side.defense is not None
    ruling = elestrals.final_stats(side.attack, side.defense, side.effects)
    steps = [elestrals.parse_effect(e).step for e in side.effects]
    # effects each in a step of its own are ordered by the steps (a swap comes last), not by when they were Cast
    reading.ruling = decided_by(ruling, STAT_ORDER) if len(set(steps)) == len(steps) else ruling
    return reading


_TEXT = operator.attrgetter("text")
#: Verbs of two Elestrals battling "each other" ("two 4 Attack Elestrals hit each other").
MUTUAL = FORWARD | {"attack", "hit", "battle", "fight", "strike", "clash", "swing"}


def _mirrored(words: list[Token]) -> Reading | None:
    """Two Elestrals told alike, battling each other ("two 4 Attack Elestrals with 2 Spirits each hit each other",
    "both have 3 Attack and 1 Spirit and fight one another"): the same stats said once of both, so either one may be
    the attacker and the battle's outcome is the same. ``None`` when no battle of two alike is told; not computed
    when a Defense, a Position other than Attack or a stat change is told (which one it is said of is unread).

    Examples:
        >>> _mirrored(tokens("two 3 attack elestrals with 1 spirit each attack each other")).ruling.verdict
        'Both Elestrals are destroyed; no Spirits are Expended'
        >>> _mirrored(tokens("my 3 attack elestral attacks their 2 attack one")) is None
        True
    """
    texts = list(map(_TEXT, words))  # no line of this module per word: a reader's work is bounded per character
    if "other" not in texts and "another" not in texts:
        return None
    said = [t.word for t in words]
    at = next((n for n in range(1, len(said) - 1) if said[n - 1] in MUTUAL and said[n : n + 2] in (
        ["each", "other"], ["one", "another"])), None)
    if at is None or not {"two", "both", "each"} & set(said[: at - 1]):
        return None
    # "two" counts the Elestrals ("two 4 Attack Elestrals", "two Elestrals with ..."), not a stat
    told = [t for n, t in enumerate(words[: at - 1]) if not (t.word in ("two", "2") and _counts_cards(words, n))]
    side = _read_side(told + words[at + 2 :])
    # one Attack and one count of Spirits, said once for both: two numbers each (or sides told apart) are not alike
    numbers = [t for t in told + words[at + 2 :] if t.number is not None]
    if side.attack is None or side.spirits is None or len(numbers) != 2 or APART & set(said[:at] + said[at + 2 :]):
        return None
    reading = Reading("elestrals", "one Elestrals battle", read=side.said("each of two alike Elestrals"))
    if side.defense is not None or side.position == "defense" or side.effects or side.unstated or side.direct:
        reading.missing.append("which of the two Elestrals a Defense, a Position or a stat change is told of")
        return reading
    attacker = Side(attack=side.attack, spirits=side.spirits, named=True)
    defender = Side(attack=side.attack, spirits=side.spirits, named=True)
    battle = _battle(attacker, defender)
    reading.ruling, reading.missing = battle.ruling, battle.missing
    return reading


#: Words that tell two sides apart ("mine has 4 Attack, theirs 3", "the other has 2 Spirits").
APART = frozenset({"my", "mine", "their", "theirs", "your", "yours", "his", "her", "other", "opponent", "opponent's"})


def _counts_cards(words: list[Token], n: int) -> bool:
    """Whether the number at ``n`` counts the Elestrals: a number or a card's name follows it ("two 4 Attack
    Elestrals", "two Elestrals"), not a stat ("2 Spirits")."""
    after = words[n + 1] if n + 1 < len(words) else None
    return after is not None and (after.number is not None or after.word in NAMES)


#: The rule that orders stat changes by their steps (set, increase or decrease, swap).
STAT_ORDER = "elestrals.advanced.stat-order"


def _battle(att: Side, dfd: Side) -> Reading:
    from rulebook import elestrals

    direct = (dfd.direct or att.direct) and dfd.attack is None and dfd.defense is None
    reading = Reading("elestrals", "one Elestrals battle", read=att.said("attacker") + dfd.said("defender"))
    if direct:
        reading.read.append("a direct attack on the Spirit Deck")
    if att.unstated or dfd.unstated:
        reading.missing.append(f"the stat {' and '.join(att.unstated + dfd.unstated)} changes (write +2 Attack)")
        return reading
    if att.attack is None:
        reading.missing.append("the attacker's Attack")
        return reading
    if not att.named:
        reading.missing.append("which card attacks (an Elestral, with its Attack)")
        return reading
    if direct and att.spirits is None:
        # a direct attack's damage is the attacker's Spirits: the question must give them, not leave them to be tried
        reading.missing.append("the Spirits of the attacker")
        return reading
    if not direct and dfd.attack is None and dfd.defense is None:
        reading.missing.append("the attacked Elestral's Attack or Defense (or say the attack is direct)")
        return reading
    position = dfd.position or ("attack" if dfd.attack is not None and dfd.defense is None else None)
    unknown: dict[str, list[object]] = {}
    for name, value in (("a.spirits", att.spirits), ("a.defense", att.defense)):
        if value is None:
            unknown[name] = list(TRIED)
    if not direct:
        for name, value in (("d.spirits", dfd.spirits), ("d.attack", dfd.attack), ("d.defense", dfd.defense)):
            if value is None:
                unknown[name] = list(TRIED)
        if position is None:
            unknown["d.position"] = ["attack", "defense"]
    verdicts: dict[str, object] = {}
    first = None
    for values in itertools.product(*unknown.values()) if unknown else [()]:
        given = dict(zip(unknown, values, strict=True))
        ruling = _fight(elestrals, att, dfd, direct, position, given)
        verdicts.setdefault(ruling.verdict, given)
        first = first or ruling
    if len(verdicts) > 1:
        # The answer depends on something not said: name each such quantity.
        names = {
            "a.spirits": "attacker",
            "d.spirits": "defender",
            "a.defense": "attacker's Defense",
            "d.attack": "defender's Attack",
            "d.defense": "defender's Defense",
            "d.position": "defender's Position",
        }
        deciding = [k for k in unknown if _matters(elestrals, att, dfd, direct, position, unknown, k)]
        spirits = [names[k] for k in deciding if k.endswith("spirits")]
        others = [f"the {names[k]}" for k in deciding if not k.endswith("spirits")]
        if spirits:
            others.insert(0, f"the Spirits of the {' and the '.join(spirits)}")
        reading.missing += others or ["a quantity the answer depends on"]
        return reading
    comparing = [r for r in first.rules if r in BATTLE_DECIDES]
    reading.ruling = decided_by(first, comparing[-1]) if comparing else first
    return reading


#: The rules that decide a battle (what the attack is compared with): the rest of its trace steps to it or follows
#: from it (the Spirits expended, a Defense Position's, the effects of a card destroyed), so it is cited last, the
#: outcome `ask` raises among the rules the answer rests on.
BATTLE_DECIDES = frozenset(
    {
        "elestrals.battle.attack-vs-attack",
        "elestrals.battle.attack-vs-defense",
        "elestrals.battle.direct",
        "elestrals.battle.zero-attack",
    }
)


def _matters(elestrals, att, dfd, direct, position, unknown, key) -> bool:
    """Whether the answer changes with ``key`` alone, the other unknown quantities held at each tried value."""
    rest = [k for k in unknown if k != key]
    for values in itertools.product(*(unknown[k] for k in rest)) if rest else [()]:
        fixed = dict(zip(rest, values, strict=True))
        seen = {_fight(elestrals, att, dfd, direct, position, {**fixed, key: v}).verdict for v in unknown[key]}
        if len(seen) > 1:
            return True
    return False


def _fight(elestrals, att: Side, dfd: Side, direct: bool, position: str | None, given: dict[str, object]):
    def value(name: str, known: object) -> object:
        return known if known is not None else given.get(name, 0)

    attacker = elestrals.Combatant(
        attack=att.attack,
        defense=value("a.defense", att.defense),
        spirits=value("a.spirits", att.spirits),
        position=att.position or "attack",
        deck=att.deck,
    )
    if direct:
        defender = elestrals.Combatant(present=False, deck=dfd.deck)
    else:
        defender = elestrals.Combatant(
            attack=value("d.attack", dfd.attack),
            defense=value("d.defense", dfd.defense),
            spirits=value("d.spirits", dfd.spirits),
            position=position or given.get("d.position", "attack"),
            deck=dfd.deck,
        )
    return elestrals.battle(
        attacker,
        defender,
        attacker_effects=att.effects,
        defender_effects=[] if direct else dfd.effects,
        first_turn=bool(att.first_turn),
    )


#: Words that end the Enchantment Cost's types ("cost is fire fire and it has ...", "cost is fire + any, its got").
COST_END = frozenset(
    {"and", "but", ",", ";", "it's", "its", "it", "with", "while", "yet", "has", "have", "is", "was", "by", "enchanted"}
)
#: Words that end the Spirits Enchanting a card.
SPIRITS_END = frozenset({".", "?", ";", "!", "or", "enchanted", "misenchanted", "is", "so"})
ANY = frozenset({"any", "&", "omni"})
#: The rule that decides each status of a card's Enchantment (cited last: `ask` lists it first).
#: The any-type Spirit's mark, with the word a question may add after it ("one & (any)").
_ANY_MARK = re.compile(r"&(?:\s*\(any\))?", re.IGNORECASE)
DECIDES = {
    "misenchanted": "elestrals.card.misenchanted",
    "too-few": "elestrals.card.too-few-spirits",
    "enchanted": "elestrals.glossary.enchanted",
}


def _types(
    words: list[Token], start: int, ends: frozenset[str], allow_any: bool, said_as_spirits: bool = True
) -> tuple[list[str], int]:
    """The Spirit types named from ``words[start]`` on ("two fire", "fire + any", "one fire and one water"), each as
    often as its count says, up to a word of ``ends`` after at least one type; and where they end. With
    ``said_as_spirits``, a type said as Spirits after the end word ("and three earth spirits") starts a new list."""
    from rulebook.elestrals.cards import SPIRIT_TYPES

    found: list[str] = []
    count = 1
    n = start
    while n < len(words):
        t = words[n]
        if found and t.word in ends and not _listed(words, n + 1, allow_any, said_as_spirits):
            break
        if t.number is not None:
            count = t.number
        elif t.word in SPIRIT_TYPES or (allow_any and t.word in ANY):
            found += ["any" if t.word in ANY else t.word] * max(count, 1)
            count = 1
        n += 1
    return found, n


def _listed(words: list[Token], n: int, allow_any: bool, said_as_spirits: bool = True) -> bool:
    """Whether the words from ``n`` go on with a type ("fire, fire and one any": the list goes on after the comma and
    the "and"), so that the word before them joins a list rather than ending it; not a type said as Spirits ("and
    three earth spirits enchant it")."""
    from rulebook.elestrals.cards import SPIRIT_TYPES

    if n < len(words) and words[n].number is not None:
        n += 1
    typed = n < len(words) and (words[n].word in SPIRIT_TYPES or (allow_any and words[n].word in ANY))
    # "cost is earth earth and three earth spirits enchant it": Spirits named as such are the ones on the card
    return typed and (not said_as_spirits or n + 1 >= len(words) or words[n + 1].word not in SPIRIT_WORDS)


def _enchantment(words: list[Token]) -> Reading | None:
    """Whether a card is Enchanted or Misenchanted, when the question gives its Enchantment Cost and the Spirits
    Enchanting it ("cost is fire fire and it has one fire spirit and one water spirit on it, enchanted or
    misenchanted?"); ``None`` for a question that does not ask it."""
    said = [t.word for t in words]
    if not COSTING & set(said):
        return None
    at, cost, end = _cost(words)
    spirits, after = _types(words, end, SPIRITS_END, False) if cost else ([], end)
    if spirits and _types(words, after, SPIRITS_END, False)[0]:
        # types told again after the Spirits read ("costs one fire and one water Spirit but it is Enchanted with two
        # fire Spirits"): the types said as Spirits belonged to the cost, and the Spirits come after it
        cost, end = _types(words, at + 1, COST_END, True, said_as_spirits=False)
        spirits, _ = _types(words, end, SPIRITS_END, False)
    if "misenchanted" not in said and not (cost and spirits):
        return None  # a cost and the Spirits on the card both told ask the same without the word "Misenchanted"
    reading = Reading("elestrals", "whether a card is Enchanted or Misenchanted")
    if cost:
        reading.read.append("Enchantment Cost " + " ".join(cost))
    if spirits:
        reading.read.append("Spirits " + " ".join(spirits))
    if not cost:
        reading.missing.append("the Enchantment Cost's Spirit types")
    elif not spirits:
        reading.missing.append("the types of the Spirits Enchanting it")
    if reading.missing:
        return reading
    from rulebook import elestrals

    ruling = elestrals.enchantment(cost, spirits)
    status = ruling.value["status"]
    # a cost met through its any-type Spirits is decided by what an any-type Spirit takes
    any_met = status == "enchanted" and "any" in cost and any(s not in cost for s in spirits)
    reading.ruling = decided_by(ruling, "elestrals.rune.any-spirit" if any_met else DECIDES[status])
    return reading


#: The words before an Enchantment Cost's types ("cost is fire fire", "a Rune costing one fire Spirit plus one any").
COSTING = frozenset({"cost", "costs", "costing"})
#: Words that end a clause before a cost names any type ("like its cost asks, but they're water"): that cost word
#: tells no types.
COST_BREAKS = frozenset({",", ";", ".", "?", "!", "but", "yet", "while", "though"})


def _cost(words: list[Token]) -> tuple[int, list[str], int]:
    """Where the Enchantment Cost is said, its types and where they end: at the first cost word whose types follow it
    in the same clause ("its cost asks, but they're water and the cost wants fire": the second), else at the first.

    Examples:
        >>> _cost(tokens("two Spirits like its cost asks, but they're water and the cost wants fire"))[1]
        ['fire']
        >>> _cost(tokens("cost is fire fire and it has one fire spirit"))[1]
        ['fire', 'fire']
    """
    places = [n for n, t in enumerate(words) if t.word in COSTING]
    for at in places:
        clause = next((n for n in range(at + 1, len(words)) if words[n].word in COST_BREAKS), len(words))
        if _types(words[:clause], at + 1, COST_END, True)[0]:
            return at, *_types(words, at + 1, COST_END, True)
    return places[0], [], places[0] + 1
MULLIGAN = frozenset({"mulligan", "mulligans", "mulliganed", "mulliganing"})


#: Words before "one mulligan" that ask a limit, not one mulligan taken ("more than one mulligan", "at least one").
LIMITING = frozenset({"than", "least", "most", "only", "just", "max", "maximum", "limit"})


def _mulligan_times(words: list[Token]) -> int | None:
    """How many mulligans the question says are taken: "three mulligans", "mulligan 3 times", "mulliganed twice"."""
    for n, t in enumerate(words):
        if t.word not in MULLIGAN:
            continue
        before = words[n - 1 : n]
        if before and before[0].number is not None and t.word == "mulligans":
            return before[0].number
        # "one mulligan" counts one, but not "more than one mulligan" or "at least one": a limit asked
        limit = n > 1 and words[n - 2].word in LIMITING
        if before and before[0].word == "one" and t.word == "mulligan" and not limit:
            return 1
        told = _told_times(words, n + 1)
        if told is not None:
            return told
    return None


#: Words after a number of Spirits told after the Spirit Deck ("my Spirit Deck is down to 3 Spirits").
DECK_LEFT = SPIRIT_WORDS | LEFT


def _spirit_deck(words: list[Token]) -> int | None:
    """The Spirits in the Spirit Deck, when told: "5 Spirits in my Spirit Deck", "a 20 Spirit deck", "my Spirit Deck
    of 20"; ``None`` for a full one ("a full Spirit Deck") or one not told: the Spirit Deck is full before the game."""
    for n, t in enumerate(words):
        if t.word == "deck" and n and words[n - 1].word == "spirit":
            of = words[n + 1 : n + 3]
            if len(of) == 2 and of[0].word == "of" and of[1].number is not None:
                return of[1].number
            # "my Spirit Deck is down to 3 Spirits", "the Spirit Deck has only 2 left": told after it, it is the
            # deck's count, even where a number comes before it ("mulligan three times, but my Spirit Deck only has
            # five Spirits")
            ahead = words[n + 1 : n + 6]
            for i, w in enumerate(ahead[:-1]):
                if w.number is not None and not w.signed and ahead[i + 1].word in DECK_LEFT:
                    return w.number
            # before it, a number that says how often ("mulligan 3 times from a full Spirit Deck") is not the
            # deck's, nor is any once the deck is said to be full
            near = words[max(0, n - 6) : n - 1]
            if any(w.word == "full" for w in near):
                return None
            back = [w for i, w in enumerate(near) if w.number is not None and not _how_often(near, i)]
            if back:
                return back[-1].number
    # "I have 3 Spirits left in my deck", "only 4 Spirits remaining": Spirits left are the Spirit Deck's
    left = [n for n, t in enumerate(words[:-2]) if t.word in SPIRIT_WORDS and words[n + 1].word in LEFT]
    told = [words[n - 1] for n in left if n and words[n - 1].number is not None and not words[n - 1].signed]
    return told[0].number if len(told) == 1 else None


def _how_often(words: list[Token], i: int) -> bool:
    """Whether the number at ``words[i]`` counts times or mulligans ("3 times", "3 mulligans"), not Spirits."""
    return _told_times(words, i) is not None or (i + 1 < len(words) and words[i + 1].word in MULLIGAN | {"x"})


def _mulligans(words: list[Token]) -> Reading | None:
    """What mulligans cost from the Spirit Deck, when the question says how many are taken ("I mulligan three times
    with a full Spirit Deck"); before the game the Spirit Deck is full unless the question says how many it holds.
    ``None`` for a question that does not say how many mulligans are taken."""
    times = _mulligan_times(words) if MULLIGAN & {t.word for t in words} else None
    if times is None:
        return None  # what a mulligan costs, or whether one may be taken: the rulings answer
    from rulebook import elestrals

    reading = Reading("elestrals", "what mulligans cost")

    deck = _spirit_deck(words)
    reading.read.append(f"{times} mulligans, {f'{deck} Spirits' if deck is not None else 'a full'} Spirit Deck")
    ruling = elestrals.mulligan(times, deck)
    short = "elestrals.interp.mulligan-without-spirits" in ruling.rules
    reading.ruling = ruling if short else decided_by(ruling, "elestrals.setup.mulligan")
    return reading
