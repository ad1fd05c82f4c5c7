"""Elemental Clash questions about one attack from the opening position, computed by the engine.

The question names the attacking and the defending element and speaks of attacking or defending. An element written
with ``+`` (``air+``, the move-log notation) or whose ability is named (Blaze is Fire's) uses its ability. "X attacks
Y", "X against Y", "X > Y" and "X uses Gale on Y" make X the attacker; "X is attacked by Y", "X defends against Y" and
"X blocks Y" make Y the attacker. "Attacking Y with X", "attacking with X into Y", "X blazes into Y" and "I attack with
X and use its ability against Y" (or "...; the target is Y", "..., and Y defends") make X the attacker too, and so do
"sends X at Y" and "attacked Y with X" (strengths told beside the elements sent, "Water (4) at Earth (5)", are the
question's own: not computed); an attacker's ability may be named by its verb ("blazes"), a defender's may not ("and
Earth fortifies": not computed, the rulings answer).

An ability the question denies ("without Blaze", "Water does not use Surge") is not used; one both used and
denied, a question describing two attacks, or an ability named when both sides play the element ("P2's Earth
attacks P1's Earth and P1 declares Fortify": whose Fortify is not read) is not computed.

Only an attack from the opening position is computed (every element in play, no ability spent): a
question that speaks of an earlier turn (an ability already spent, an element left or revived) names
a position this reader cannot read, so it says so and the rulings answer instead.

Examples:
    >>> print(read("Can Air use Gale when defending against Earth?").ruling.verdict)
    illegal: P2's Air cannot use Gale when defending: it is used only when attacking
    >>> print(read("air+ attacks earth").ruling.verdict)
    P2's Earth is eliminated (5 against 2)
    >>> read("Fire attacks, what then?").missing
    ['the element attacked']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rulebook.clash.relation import aimed_ability, aims_ability, borne_out, struck_by, told_role
from rulebook.questions import NEGATIONS, Reading, Token, denied, tokens
from rulebook.registry import rules

__all__ = ["read"]

# The elements and their abilities, from the game's data (the engine itself is imported only to compute).
_ELEMENTS_DATA = rules("clash").data["elements"]
ELEMENTS = tuple(_ELEMENTS_DATA)
ABILITY_OF = {data["ability"]: element for element, data in _ELEMENTS_DATA.items()}
#: An attacking ability named by its verb ("my Fire blazes into their Earth"): the element using it. Only the
#: attackers': a defender's ("the Earth player fortifies") computed as used put first, on two tuning questions, the
#: ruling that an ability may change nothing, not the defender's win they ask for; so it is not computed.
#: A defender's ability named by its verb ("and P2 fortifies"): read as stated but not computed, the rulings answer.
DEFENDING_FORMS = frozenset({"fortifies", "fortified", "fortifying", "surges", "surged", "surging"})
ABILITY_FORMS = {
    **ABILITY_OF,
    **{
        form: ABILITY_OF[name]
        for name, forms in {"blaze": ("blazes", "blazed", "blazing"), "gale": ("gales",)}.items()
        for form in forms
    },
}
#: Words that make the first element named the attacker, and the next one attacked.
FORWARD = frozenset(
    {"attack", "attacks", "attacking", "against", "versus", "vs", "hits", "hit", "fights", "fight", "into", ">"}
)
#: Of those, the words that state an attack by themselves; "Water uses Surge against a blazing Fire" or "Water vs
#: Earth" names two elements but not which one attacks (Surge is used in defence), so it is not computed.
ATTACKING = frozenset({"attack", "attacks", "attacking", "hits", "hit", ">"})
#: Verbs of sending an element at another ("my opponent sends Air at my Water"): the element sent attacks.
SENDING = frozenset({"send", "sends", "sent", "sending"})
#: Words between an element sent and the one it is sent at.
AIMED_AT = frozenset({"at", "against", "into"})
#: Verbs that, followed by "after" or "at", state an attack ("Ether goes after their Fire", "Air goes at Water").
GOING = frozenset({"go", "goes", "going", "went"})
#: Words of a question about what a rule means ("he says Fortify means nothing happens"): the ruling answers it,
#: not an attack computed from the elements it names in passing.
MEANING = frozenset({"mean", "means", "meaning", "meant"})
#: Words that make the element named first the one attacked: "X is attacked by Y", "X defends against Y".
BACKWARD = frozenset({"attacked", "defending", "defends", "defend", "blocks", "blocking", "block"})
#: Words that always speak of a position other than the opening one, which this reader cannot read.
HISTORY = frozenset({"already", "spent", "earlier", "previously", "revived", "again", "second", "twice"})
#: Words that speak of an earlier position only after a word of the past ("was eliminated", "has lost",
#: "only Fire left"); "who is eliminated?" or "what is left?" ask about this attack's outcome instead.
PAST_ONLY = frozenset({"eliminated", "lost", "left", "remaining", "last", "before"})
PAST = frozenset({"was", "were", "been", "had", "has", "have", "got", "already", "only", "before", "after", "since"})
#: Words between the two elements that leave open which one attacks and which defends ("Earth instead of Water").
UNDECIDED = frozenset({"instead", "or", "rather", "than", "and", "nor", "either", "neither"})


def _history(words: list[Token]) -> list[str]:
    """The words that place the question after earlier turns: past words, and past-only ones after a past word."""
    found = {t.text for t in words if t.text in HISTORY}
    for i, t in enumerate(words):
        if t.text in PAST_ONLY and any(w.text in PAST for w in words[max(0, i - 3) : i]):
            found.add(t.text)
        if t.text in ("left", "remaining") and i and words[i - 1].number is not None:
            found.add(t.text)
    return sorted(found)


#: A role named in general ("is Fortify allowed on offence?", "is Gale on defence legal?"): the question asks what an
#: ability may do in that role, which the rulings answer, not one attack computed from the elements it names.
ROLES = frozenset({"offence", "offense", "defence", "defense"})
#: Verbs of one ability undoing another ("can Surge stop the swap?"): the question asks what the ability does, which
#: the rulings answer, not one attack's outcome.
STOPPING = frozenset(
    {"stop", "stops", "cancel", "cancels", "prevent", "prevents", "negate", "negates", "undo", "undoes"}
)
#: After an attacking word, "with" names the attacker ("am I forced to attack with Ether"); the element named before
#: it is then not said to be attacked.
POSSESSIVE = frozenset({"my", "your", "his", "her", "their", "our", "its"})
#: Strengths told as a relation between the two elements ("fire is just stronger", "same number", "at three
#: apiece", "both ended at five"): the question sets the strengths itself and asks what the rule does with them (the
#: stronger attack, a tie), which the rulings answer; the engine computes from the elements' own strengths instead.
STRONGER = frozenset({"stronger", "higher", "bigger"})
WEAKER = frozenset({"weaker", "lower", "smaller"})
RELATION = STRONGER | WEAKER | {"equal", "equally", "apiece", "tied"}
#: After "same", the words of a strength ("same number", "the same strength").
MEASURE = frozenset({"number", "numbers", "strength", "strengths", "value", "values", "power", "score"})
#: Words of a strength reached ("ended at five", "end up at 5").
REACHED = frozenset({"ended", "ends", "end", "finished", "landed"})
#: Words of an ability spent for no gain ("is she allowed to burn the ability for nothing?", "was Surge just
#: wasted?"): the question asks whether an ability may be used without effect, which the rulings answer.
WASTED = frozenset({"pointless", "useless", "waste", "wasted", "wasting"})
#: What such a question asks, as the reading says it.
TOLD = "the rule for strengths it states itself"
#: Words asking for the strengths themselves ("what strength does each fight with", "which numbers do they use"):
#: "what" or "which" just before a word of a strength.
ASKING_WHICH = frozenset({"what", "which"})
#: Words asking for an attack's outcome: with one, a question asking the strengths too asks the outcome computed.
OUTCOME_ASKED = frozenset(
    {
        *("who", "whose", "eliminated", "eliminate", "wins", "win", "won", "loses", "lose", "survives", "survive"),
        *("out", "happens", "happen", "result", "outcome", "removed", "dies", "die", "becomes", "left", "standing"),
    }
)
#: What a question asking the strengths asks, as the reading says it.
STRENGTHS = "the strengths each element fights with"


def _general_role(words: list[Token]) -> str:
    """The role a question names in general ("on offence"), or "" when it names none.

    Examples:
        >>> _general_role(tokens("Earth attacks Water. Is Fortify allowed on offence?"))
        'offence'
        >>> _general_role(tokens("Water attacks Earth and they declare Fortify on the defense"))
        ''
    """
    return next(
        (
            t.word
            for n, t in enumerate(words)
            if t.word in ROLES and n and words[n - 1].word == "on" and not _use_denied(words, n - 1)
        ),
        "",
    )


#: Words of an ability used, between a denial and the role it is denied in ("they dont use anything on defense").
USE_WORDS = frozenset({"use", "uses", "using", "used", "anything", "any", "ability", "abilities", "an"})


def _use_denied(words: list[Token], at: int) -> bool:
    """Whether the words before ``words[at]`` deny an ability's use ("they dont use anything on defense", "nothing
    on defence"): the side in that role uses no ability, which states the attack instead of asking about the role.

    Examples:
        >>> _use_denied(tokens("they dont use anything on defense"), 4)
        True
        >>> _use_denied(tokens("Is Fortify allowed on offence?"), 3)
        False
    """
    n = at - 1
    while n >= 0 and words[n].word in USE_WORDS:
        n -= 1
    return n >= 0 and (words[n].word in NEGATIONS or words[n].word == "nothing")


def _relation_rules(words: list[Token], attacker: str, target: str) -> tuple[str, ...]:
    """The outcome rules of the strength relation a question tells ("fire is just stronger": the attack wins), or
    none when it tells none. A stronger or weaker element is the one named last before the word; equal strengths
    are a tie.

    Examples:
        >>> _relation_rules(tokens("my fire hits their air and fire is just stronger"), "fire", "air")
        ('clash.attack.attacker-wins',)
        >>> _relation_rules(tokens("my fire attacked their fire, same number, who dies?"), "fire", "fire")
        ('clash.attack.tie',)
    """
    relation = _told_relation(words)
    if not relation:
        return ()
    if relation not in STRONGER | WEAKER:
        return ("clash.attack.tie",)
    at = next(n for n, t in enumerate(words) if t.word == relation)
    before = [e for e in (_element(t) for t in words[:at]) if e is not None]
    wins = {attacker: "clash.attack.attacker-wins", target: "clash.attack.defender-wins"}
    if attacker == target or not before:
        return ("clash.attack.attacker-wins", "clash.attack.defender-wins")
    stronger = before[-1] if relation in STRONGER else next(e for e in (attacker, target) if e != before[-1])
    return (wins[stronger],)


#: The roles of the two elements of an attack, named as roles ("the defending element", "my attacker"), not as elements.
ATTACKER_ROLE = frozenset({"attacker", "attackers", "attacking"})
DEFENDER_ROLE = frozenset({"defender", "defenders", "defending", "defended", "target", "targeted"})
#: A strength relation told of a role: "the defender has the bigger number", "more strength", "came out lower".
ROLE_STRONGER = STRONGER | {"larger", "greater", "more"}
ROLE_WEAKER = WEAKER | {"less"}
#: Equal strengths told of both roles ("the attacking and the defending element end up with the same strength"): a tie.
ROLE_EQUAL = frozenset({"equal", "equally", "tied"})
#: How far before the relation word its role may be named ("the defending element turns out to have the larger
#: number"), within the same clause (up to a comma, a semicolon or a stop).
ROLE_REACH = 8
CLAUSE_ENDS = frozenset({",", ";", ".", "?", "!", ":"})


def _role_relation_rules(words: list[Token]) -> tuple[str, ...]:
    """The outcome rule of a strength relation a question tells of a role rather than of an element ("when the
    defending element has the higher number, which one leaves?": the defence wins), or none when it tells none. The
    role is the one named last, at most a few words, before the relation word.

    Examples:
        >>> _role_relation_rules(tokens("When the defending element has the higher number, which one leaves?"))
        ('clash.attack.defender-wins',)
        >>> _role_relation_rules(tokens("my attacking element came out lower than the element it hit"))
        ('clash.attack.defender-wins',)
        >>> _role_relation_rules(tokens("what happens if the attacker is stronger"))
        ('clash.attack.attacker-wins',)
        >>> _role_relation_rules(tokens("the attacking and the defending element end up with the same strength"))
        ('clash.attack.tie',)
        >>> _role_relation_rules(tokens("which element is the strongest attacker"))
        ()
    """
    for n, t in enumerate(words):
        equal = t.word in ROLE_EQUAL or (t.word == "same" and words[n + 1 : n + 2] and words[n + 1].word in MEASURE)
        if t.word not in ROLE_STRONGER | ROLE_WEAKER and not equal:
            continue
        clause = [w.word for w in words[max(0, n - ROLE_REACH * (2 if equal else 1)) : n]]
        clause = clause[max((k + 1 for k, w in enumerate(clause) if w in CLAUSE_ENDS), default=0) :]
        roles = [w for w in clause if w in ATTACKER_ROLE | DEFENDER_ROLE]
        if not roles:
            continue
        if equal:
            return ("clash.attack.tie",) if set(roles) & ATTACKER_ROLE and set(roles) & DEFENDER_ROLE else ()
        attacker_stronger = (roles[-1] in ATTACKER_ROLE) == (t.word in ROLE_STRONGER)
        return ("clash.attack.attacker-wins",) if attacker_stronger else ("clash.attack.defender-wins",)
    return ()


#: Words of a tie ("they tied", "on a tie"), and of the last elements of both players ("our last two elements",
#: "one element each", "a single element left").
TIE = frozenset({"tie", "tied", "ties", "tying"})
LAST = frozenset({"last", "final"})
ONE = frozenset({"one", "single"})
LEFT = frozenset({"each", "left", "remaining"})


def _last_elements_tie(words: list[Token]) -> bool:
    """Whether a question tells a tie between the players' last elements ("both of us had one element left, they
    tied"): who wins then is a rule (`clash.interp.last-elements-tie`), not an attack to compute.

    Examples:
        >>> _last_elements_tie(tokens("Our last two elements knock each other out on a tie. Who wins?"))
        True
        >>> _last_elements_tie(tokens("both of us had one element left, they tied; who wins?"))
        True
        >>> _last_elements_tie(tokens("last turn my fire and their fire tied, what happens?"))
        False
    """
    if not any(t.word in TIE for t in words):
        return False
    said = [t.word for t in words]
    for n, word in enumerate(said):
        ahead = said[n + 1 : n + 3]
        if word in LAST and ("element" in ahead or "elements" in ahead):
            return True
        if word in ONE and ahead[:1] == ["element"] and ahead[1:] and ahead[1] in LEFT:
            return True
    return False


def _defending_verb(words: list[Token]) -> bool:
    """Whether a defender's ability is named by its verb ("Earth fortifies"): an ability the outcome turns on."""
    return any(t.text in DEFENDING_FORMS for t in words)


def _last_tie_reading() -> Reading:
    """The reading of a question telling a tie between both players' last elements: who wins is the rule asked."""
    return Reading(
        "clash",
        "one Elemental Clash attack",
        ["a tie between both players' last elements"],
        ["an attack to compute: the question asks who wins when both last elements go"],
        rests_on=("clash.interp.last-elements-tie",),
    )


def _asks_other(reading: Reading, words: list[Token], attacker: str, target: str, uses: set[str], *used: bool) -> bool:
    """Whether the question asks something else than the attack's outcome (a relation the abilities ``used`` bring
    about, `borne_out`, asks it); if so, ``reading`` says what, and the rules it asks about where a strength relation
    it states names them, or the strengths it asks for (the rule of strengths, then the abilities used)."""
    other = _asks_a_rule(words) or (STRENGTHS if _asks_strengths(words) else "")
    if not other or (other.startswith(TOLD) and borne_out(_told_relation(words), attacker, target, *used)):
        return False
    reading.read.append(f"{attacker.capitalize()} attacks {target.capitalize()}")
    reading.missing.append(f"an attack to compute: the question asks {other}")
    # Only a relation the question rests on alone names the rule it asks ("means ... even though I'm weaker" asks
    # what a rule means).
    reading.rests_on = _relation_rules(words, attacker, target) if other.startswith(TOLD) else ()
    if other == STRENGTHS:
        used = [f"clash.ability.{_ELEMENTS_DATA[e]['ability']}" for e in (attacker, target) if e in uses]
        reading.rests_on = ("clash.attack.strength", *used)
    return True


def _asks_strengths(words: list[Token]) -> bool:
    """Whether a question asks for the strengths an attack is fought with, not its outcome ("When my Water is
    attacked by an Air that uses Gale, what strength does each of them fight with?").

    Examples:
        >>> _asks_strengths(tokens("Air attacks Water with Gale: what strength does each fight with?"))
        True
        >>> _asks_strengths(tokens("Air attacks Water with Gale: what strength wins, and who is eliminated?"))
        False
    """
    said = {t.word for t in words}
    asked = any(
        t.word in ASKING_WHICH and words[n + 1 : n + 2] and words[n + 1].word in MEASURE for n, t in enumerate(words)
    )
    return asked and not said & OUTCOME_ASKED


def _told_relation(words: list[Token]) -> str:
    """The word by which a question tells the two strengths' relation itself ("fire is just stronger", "same
    number", "both ended at five"), or "" when it tells none.

    Examples:
        >>> _told_relation(tokens("if my fire hits their air and fire is just stronger, what happens to air"))
        'stronger'
        >>> _told_relation(tokens("Fire attacks Earth with Blaze for 5 against 5. Who is eliminated?"))
        ''
    """
    for n, t in enumerate(words):
        ahead = [w.text for w in words[n + 1 : n + 3]]
        if t.word in RELATION or (t.word == "same" and ahead[:1] and ahead[0] in MEASURE):
            return t.word
        if t.word in REACHED and ("at" in ahead or ahead[:1] == ["up"]):
            return f"{t.word} at"
    return ""


def _asks_a_rule(words: list[Token]) -> str:
    """What a question asks instead of one attack's outcome: what a rule means ("he says Fortify means nothing
    happens"), or what an ability may do in a role named in general ("is Fortify allowed on offence?"); "" when
    neither.

    Examples:
        >>> _asks_a_rule(tokens("Earth attacks Water. Is Fortify allowed on offence?"))
        'what an ability may do on offence in general'
        >>> _asks_a_rule(tokens("Water defends against an Air that declares Gale; can Surge stop the swap?"))
        'what an ability does to another (stop)'
        >>> _asks_a_rule(tokens("Ether attacks Earth, which uses Fortify; may she burn it for nothing?"))
        'whether an ability may be used for no gain (nothing)'
        >>> _asks_a_rule(tokens("Earth attacks Water. Who is eliminated?"))
        ''
    """
    meaning = sorted({t.text for t in words if t.text in MEANING})
    if meaning:
        return f"what a rule means ({meaning[0]})"
    role = _general_role(words)
    if role:
        return f"what an ability may do on {role} in general"
    stops = next(
        (t.word for n, t in enumerate(words[1:], 1) if t.word in STOPPING and words[n - 1].word in ABILITY_OF), ""
    )
    if stops:
        return f"what an ability does to another ({stops})"
    wasted = next(
        (
            t.word
            for n, t in enumerate(words)
            if t.word in WASTED or (t.word == "nothing" and n > 0 and words[n - 1].word == "for")
        ),
        "",
    )
    if wasted:
        return f"whether an ability may be used for no gain ({wasted})"
    relation = _told_relation(words)
    return f"{TOLD} ({relation})" if relation else ""


#: Verbs of an attacking element's own ability ("my Fire blazes into their Earth").
ABILITY_VERBS = frozenset({"blazes", "blazing", "blazed", "gales"})


#: The words before "it" that open a clause of its own ("... and it attacks", "..., so it attacks").
IT_OPENS = frozenset({"and", ",", "so", "then"})


def _direction(between: list[str], before: Sequence[str] = (), after: Sequence[str] = ()) -> str | None:
    """Which way the attack goes from the words between the two elements (and the few ``before`` the first and
    ``after`` the second): forward, backward or unstated. "Attacking their Fire with my Earth" names the attacked
    element first (the element an attack is made "with" attacks); "Earth into their Fire", "Fire blazes into Earth",
    "I attack with Air and use Gale against Earth" and "she is down to Ether and attacks my Air with it" go
    forward.

    Examples:
        >>> _direction(["and", "decides", "to", "attack", "my"], after=["with", "it"])
        'forward'
        >>> _direction(["and", "it", "attacks", "my"])
        'forward'
        >>> _direction(["and", "decides", "to", "attack", "my"])
    """
    it_attacks = list(after[:2]) in (["with", "it"], ["w", "it"]) and bool(set(between) & ATTACKING)
    # "their last element is Water and it attacks my Fire": "it", opening a clause of its own, is the element named
    # first, and attacks (not "the element it attacks": a relative clause)
    it_attacks |= any(
        w == "it" and i and between[i - 1] in IT_OPENS and between[i + 1 : i + 2] and between[i + 1] in ATTACKING
        for i, w in enumerate(between)
    )
    if it_attacks and not set(between) & (UNDECIDED - {"and"} | BACKWARD):
        return "forward"  # "X ... attacks my Y with it": the element "it" stands for, named first, attacks
    # "I attack with Air and use Gale against their Earth", "I'm attacking with my Fire", "i attack w fire": the
    # element attacked with attacks; "they defend w water" after it names the one attacked.
    bare = list(before[:-1]) if before[-1:] and before[-1] in POSSESSIVE else list(before)
    with_first = len(bare) >= 2 and bare[-2] in ATTACKING and bare[-1] in ("with", "w")
    defended = {w for i, w in enumerate(between) if w in BACKWARD and between[i + 1 : i + 2] not in (["with"], ["w"])}
    if with_first and not set(between) & (UNDECIDED - {"and"}) and not defended:
        return "forward"
    if between[:3] in (["is", "my", "attacker"], ["is", "the", "attacker"]):
        return "forward"  # "Air is my attacker ..., their Earth is the target"
    if any(w in UNDECIDED for w in between):
        return None
    tail = between[:-1] if between[-1:] and between[-1] in POSSESSIVE else between
    if len(tail) > 2 and tail[-1] == "with" and tail[-2] in ATTACKING:
        return None  # "Ether ...; am I forced to attack with Ether": the second attacks, the first is not attacked
    if any(w in ("attacks", "attacking", ">") for w in between):
        return "forward"
    if between[:1] == ["with"] and any(w in ATTACKING or w == "attacked" for w in before):
        return "backward"  # "attacking their Fire with my Earth", "my sister attacked my Water with her Ether"
    sent = any(w in SENDING for w in before) and not set(between) & (BACKWARD | {"by"}) and set(between) & AIMED_AT
    # "my opponent sends Air at my Water", "I send Earth, no ability, against their Fire"; not "I send my Water (4) at
    # their Earth (5)": strengths told beside the elements are the question's own, and the rulings answer it
    if sent and not any(w.isdigit() for w in between):
        return "forward"
    if "into" in between and (any(w in ATTACKING for w in before) or any(w in ABILITY_VERBS for w in between)):
        return "forward"
    for i, w in enumerate(between):
        if w in BACKWARD and (w.startswith("block") or any(x in ("by", "against") for x in between[i + 1 :])):
            return "backward"
        if w == "attacked" and "by" not in between[i + 1 :]:
            return "forward"  # "my Fire attacked their Fire": the past of "attacks"
    going = any(w in ("after", "at") and i and between[i - 1] in GOING for i, w in enumerate(between))
    return "forward" if going or any(w in ATTACKING for w in between) else None


def _pair_direction(words: list[Token], first_at: int, second_at: int) -> str | None:
    """`_direction` of the elements at ``first_at`` and ``second_at``, from the words around them."""
    between = [t.text for t in words[first_at + 1 : second_at]]
    before = [t.text for t in words[max(0, first_at - 3) : first_at]]
    return aimed_ability(between, _element(words[first_at]) or "", before) or struck_by(between) or _direction(
        between, before, [t.text for t in words[second_at + 1 : second_at + 3]]
    )


def _pair(words: list[Token], named: list[tuple[int, str, bool]]) -> list[tuple[int, str, bool]]:
    """The two mentions of elements the attack is read from: the first two, or, where those state no direction and
    an element is named more than twice in all ("we both have only Ether left, so my Ether attacks their Ether"), the
    one pair of neighbouring mentions with a word of attacking between them, in one sentence, that states a
    direction.

    Examples:
        >>> words = tokens("we both have only Ether left, so my Ether attacks their Ether")
        >>> [(n, words[n - 1].text) for n, _, _ in _pair(words, _named(words)[0])]
        [(9, 'my'), (12, 'their')]
    """
    if len(named) < 3 or _pair_direction(words, named[0][0], named[1][0]) is not None:
        return named[:2]
    found = [
        [a, b]
        for a, b in itertools.pairwise(named)
        if _one_clause_attack({t.text for t in words[a[0] + 1 : b[0]]})
        and _pair_direction(words, a[0], b[0]) is not None
    ]
    return found[0] if len(found) == 1 else named[:2]


#: The ends of a sentence: two elements in different sentences are not one attack's two sides.
SENTENCE_ENDS = frozenset({".", "?", "!", ";"})


def _one_clause_attack(between: set[str]) -> bool:
    """Whether the words between two elements state an attack within one sentence."""
    return bool(between & ATTACKING) and not between & SENTENCE_ENDS


#: Words denying every side's ability ("neither side uses an ability", "no abilities at all", "nobody uses an
#: ability"), within `NO_ABILITY_REACH` words before "ability" or "abilities".
EVERY_SIDE_DENIED = frozenset({"neither", "nobody", "noone"})
NO_ABILITY_REACH = 5


def _no_ability_at_all(words: list[Token]) -> bool:
    """Whether a question states that no side uses an ability: then the attack's outcome is the two elements'
    strengths alone, whatever came before it (an element left alone, an ability spent earlier), and is computed.

    Examples:
        >>> _no_ability_at_all(tokens("we both have only Ether left, and neither side uses an ability"))
        True
        >>> _no_ability_at_all(tokens("my Ether has only Air left to attack, with no abilities"))
        True
        >>> _no_ability_at_all(tokens("Water has no ability left and attacks Fire"))
        False
    """
    for n, t in enumerate(words):
        if t.word not in ("ability", "abilities"):
            continue
        near = [w.word for w in words[max(0, n - NO_ABILITY_REACH) : n]]
        if set(near) & EVERY_SIDE_DENIED or (t.word == "abilities" and near[-1:] in (["no"], ["without"])):
            return True
    return False


def _attacks(words: list[Token], elements: set[int]) -> int:
    """How many attacks a question describes: attack words with an element named just before and just after
    ("water attacks fire and then fire attacks water" describes two)."""
    return sum(
        1
        for i, t in enumerate(words)
        if t.text in ATTACKING and elements & set(range(max(0, i - 3), i)) and elements & set(range(i + 1, i + 4))
    )


#: Words near an ability that tell it is the defence's answer ("they answer with Fortify on their defending Earth").
DEFENCE_CUES = DEFENDER_ROLE | BACKWARD | {"answer", "answers", "answered", "respond", "responds", "responded"}
#: Words near an ability that tell the attack uses it.
ATTACK_CUES = ATTACKER_ROLE | ATTACKING
ABILITY_SIDE = {"attack": ATTACK_CUES, "defend": DEFENCE_CUES}
CUE_REACH = 6


def _told_side(words: list[Token], said: list[tuple[int, str]], element: str) -> str | None:
    """Which side uses ``element``'s ability where both sides play that element: the side its timing allows
    ("attack" or "defend"), when the words around each mention of the ability (its clause, up to `CUE_REACH` words)
    say that side's role and none says the other's; ``None`` otherwise.

    Examples:
        >>> from rulebook.questions import tokens
        >>> words = tokens("my Earth attacks their Earth, and they answer with Fortify on their defending Earth")
        >>> _told_side(words, [(10, "earth")], "earth")
        'defend'
        >>> _told_side(tokens("my Earth attacks their Earth and uses Fortify"), [(7, "earth")], "earth") is None
        True
    """
    timing = rules("clash").data["abilities"][_ELEMENTS_DATA[element]["ability"]]["timing"]
    if timing not in ABILITY_SIDE:
        return None
    near: set[str] = set()
    for n, e in said:
        if e != element:
            continue
        for step in (-1, 1):
            at = n + step
            while 0 <= at < len(words) and abs(at - n) <= CUE_REACH and words[at].text not in CLAUSE_ENDS:
                near.add(words[at].text)
                at += step
    other = ABILITY_SIDE["attack" if timing == "defend" else "defend"]
    return timing if near & ABILITY_SIDE[timing] and not near & other else None


def _abilities_used(
    words: list[Token], said: list[tuple[int, str]], forgone: set[str], attacker: str, target: str, uses: set[str]
) -> tuple[bool, bool, str | None]:
    """Whether the attacker and the defender use their abilities, and what is missing to know it; the ability of an
    element both sides play is the side's `_told_side` says."""
    side = _told_side(words, said, attacker) if attacker == target and attacker in uses else None
    unclear = None if side else _unclear_abilities(attacker, target, uses, forgone)
    return attacker in uses and side != "defend", target in uses and side != "attack", unclear


def _unclear_abilities(attacker: str, target: str, uses: set[str], forgone: set[str]) -> str | None:
    """What is missing to know which abilities an attack uses: an ability both used and denied ("Water does not
    use Surge ... Water uses Surge"), one of an element that takes no part in the attack, or one of an element both
    sides play ("P2's Earth attacks P1's Earth and P1 declares Fortify": computed as the attacker's, it would answer
    an illegal play nobody made); None when clear."""
    if forgone & uses:
        return f"whether {', '.join(sorted(forgone & uses))}'s ability is used (the question says both)"
    if uses - {attacker, target}:
        return f"whose ability is used ({', '.join(sorted(uses - {attacker, target}))} takes no part in this attack)"
    if attacker == target and attacker in uses:
        return f"whose {attacker.capitalize()} uses its ability (both sides play it)"
    return None


#: The words setting two elements against each other without saying which attacks ("Fire vs Earth", "Water against
#: Water").
MATCHED = frozenset({"vs", "versus", "against", "v"})


def _matched(between: list[str]) -> bool:
    """Whether the words between two elements only set them against each other ("vs", "against their").

    Examples:
        >>> _matched(["vs"]), _matched(["against", "their"]), _matched(["or"])
        (True, True, False)
    """
    said = [w for w in between if w not in POSSESSIVE and w not in ("a", "an", "the")]
    return len(said) == 1 and said[0] in MATCHED


def _matchup_rules(first: str, second: str) -> tuple[str, ...]:
    """The rule two elements set against each other, neither said to attack, rest on: a tie when they are the same
    element (equal strengths), else the elements' strengths, which decide any attack between them.

    Examples:
        >>> _matchup_rules("water", "water"), _matchup_rules("fire", "earth")
        (('clash.attack.tie',), ('clash.setup.elements',))
    """
    return ("clash.attack.tie",) if first == second else ("clash.setup.elements",)


def _element(token: Token) -> str | None:
    word = token.word.removesuffix("'s")
    if word.endswith("s") and word[:-1] in ELEMENTS:
        word = word[:-1]
    return word if word in ELEMENTS else None


#: Whose an element is, by the word before it: the asker's, the one spoken to, or a third player's.
OWNERS = {"my": "me", "our": "me", "your": "you", "his": "them", "her": "them", "their": "them"}


def _owner(words: list[Token], at: int) -> str | None:
    """The player whose element ``words[at]`` is, where the word before it says ("my Fire", "his Air", "P2's
    Water"); ``None`` where no word says."""
    before = words[at - 1].text if at else ""
    player = before.removesuffix("'s").removesuffix("s")  # "p2's", "p2s"
    return OWNERS.get(before) or (player if player in ("p1", "p2") else None)


#: The particles after which "fire" is a verb ("fire up Blaze", "fires off Surge"), not the element.
FIRED = frozenset({"up", "off"})


def _verb_fire(words: list[Token], at: int) -> bool:
    """Whether ``words[at]`` is "fire" used as a verb, followed by "up" or "off" ("I fire up Blaze").

    Examples:
        >>> from rulebook.questions import tokens
        >>> _verb_fire(tokens("I fire up Blaze"), 1), _verb_fire(tokens("Fire attacks Water"), 0)
        (True, False)
    """
    return words[at].word in ("fire", "fires", "fired") and at + 1 < len(words) and words[at + 1].text in FIRED


def _named(words: list[Token]) -> tuple[list[tuple[int, str, bool]], list[tuple[int, str]], set[str], set[str]]:
    """The elements a question names (place, element, written with "+"), the abilities it names (place, ability),
    and of those the ones it says are used and the ones it says are not."""
    named = [
        (i, e, t.text.endswith("+"))
        for i, t in enumerate(words)
        if (e := _element(t)) is not None and not _verb_fire(words, i)
    ]
    unused = denied(words, ABILITY_FORMS)
    said = [
        (n, ABILITY_FORMS[t.word.removesuffix("'s")])
        for n, t in enumerate(words)
        if t.word.removesuffix("'s") in ABILITY_FORMS
    ]
    return named, said, {a for n, a in said if n not in unused}, {a for n, a in said if n in unused}


#: Words judging the elements against each other in general ("which element is best to defend with", "does water
#: have the edge over fire", "what beats Air?", "earth seems unbeatable", "how much is water worth"): the question asks
#: what the elements' strengths are, which one rule states, not one attack's outcome.
COMPARING = frozenset(
    {
        *("best", "better", "worse", "worst", "edge", "beat", "beats", "unbeatable", "strongest", "weakest"),
        *("toughest", "advantage", "worth"),
    }
)
#: Of those, the superlatives, which judge the elements in general even when no element is named ("which element is
#: the best one to have on defense?").
SUPERLATIVE = frozenset({"best", "worst", "strongest", "weakest", "toughest"})
#: The words of an element in general, and of a fight between two named ones ("earth and water fight", "Earth and
#: Ether in a fight, what's the result?").
ELEMENT_WORDS = frozenset({"element", "elements"})
FIGHTING = frozenset({"fight", "fights", "fighting"})
#: With no element named, the words of a play the elements are judged for ("the best one to defend with", "best at
#: taking down an Earth"): "which bending element is the strongest" judges other elements than the game's.
PLAYED_FOR = frozenset(
    {"defend", "defense", "defence", "defending", "attack", "attacking", "attacker", "defender", "down", "after"}
)
#: Words of one element judged alone ("how much is water worth again 4 or 5", "earth seems unbeatable", "what beats
#: Air?"); any other word judging one element ("the best water filter", "beat the fire temple boss") speaks of
#: something else than the game's element.
ALONE = frozenset({"worth", "unbeatable"})
#: Words of another game's pieces (Elementals' elementals and cards, Elestrals' spirits): "what can beat a water
#: elemental?" is not about Clash's Water.
OTHER_PIECES = frozenset(
    {
        *("elemental", "elementals", "card", "cards", "suit", "suits", "jack", "queen", "king", "lieutenant"),
        *("lieutenants", "spirit", "spirits", "elestral", "elestrals"),
    }
)


def _said(words: list[Token]) -> set[str]:
    """The words of a question, the game's own name left out ("Elemental Clash" names no Elementals piece).

    Examples:
        >>> sorted(_said(tokens("when does a game of Elemental Clash end")))
        ['a', 'does', 'end', 'game', 'of', 'when']
    """
    said = {t.word for t in words}
    if not {"elemental", "clash"} <= said:
        return said
    pairs = list(itertools.pairwise(t.word for t in words))
    named = {n for n, pair in enumerate(pairs) if pair == ("elemental", "clash")}
    return {t.word for n, t in enumerate(words) if n not in named and n - 1 not in named}


#: The rule of the elements and their strengths.
ELEMENTS_RULE = "clash.setup.elements"


def _compares_elements(words: list[Token], said: set[str] | None = None) -> bool:
    """Whether a question judges the elements against each other in general, no ability named and no attack stated
    ("which of my elements is best at taking down an Earth?", "Is Water just better than Fire overall?"), or names
    two elements meeting in a fight without saying which attacks ("what happens when earth and water fight").

    Examples:
        >>> _compares_elements(tokens("does water have the edge over fire in this game"))
        True
        >>> _compares_elements(tokens("Which element is the best one to have on defense?"))
        True
        >>> _compares_elements(tokens("how many points is each surviving element worth"))
        False
        >>> _compares_elements(tokens("Fire attacks Water: which is better, Blaze or not?"))
        False
    """
    said = _said(words) if said is None else said
    named = {e for e in (_element(t) for t in words) if e is not None}
    elsewhere = ATTACKING | set(ABILITY_FORMS) | DEFENDING_FORMS | OTHER_PIECES
    if said & elsewhere or any(t.text.endswith("+") for t in words):
        return False
    judged = said & COMPARING
    if ("best", "of") in itertools.pairwise(t.word for t in words):
        judged -= {"best"}  # "a best-of-three night": a match's length
    places = [n for n, t in enumerate(words) if _element(t) is not None]
    joined = len(places) == 2 and places[1] - places[0] == 2 and words[places[0] + 1].word == "and"
    if joined and said & FIGHTING:
        return True
    kept = [t for t in words if t.text not in CLAUSE_ENDS]
    beats = bool(judged & {"beat", "beats"}) and bool(kept) and _element(kept[-1]) is not None  # "what beats Air?"
    if len(named) > 1 or (named and said & ELEMENT_WORDS) or (named and (judged & ALONE or beats)):
        return bool(judged)
    return bool(judged & SUPERLATIVE and said & ELEMENT_WORDS and said & PLAYED_FOR)


#: Words asking an element's strength ("What strength does Air have before any ability changes it?", "how strong is
#: earth"), and the words after an element that tell a strength to be checked ("air is 2 right? or 3").
STRENGTH_ASKED = frozenset({"strength", "strong", "value"})
STRENGTH_TOLD = frozenset({"is", "has", "at"})


def _asks_element_strength(words: list[Token], said: set[str] | None = None) -> bool:
    """Whether a question asks the strength of one element, no ability, attack, role or score named ("What strength
    does Air have before any ability changes it?", "air is 2 right? or 3"): the elements' rule states it.

    Examples:
        >>> _asks_element_strength(tokens("What strength does Air have before any ability changes it?"))
        True
        >>> _asks_element_strength(tokens("air is 2 right? or 3"))
        True
        >>> _asks_element_strength(tokens("how strong is fire with blaze"))
        False
        >>> _asks_element_strength(tokens("Fire attacks Water: what strength does each fight with?"))
        False
    """
    said = _said(words) if said is None else said
    roles = ATTACKER_ROLE | DEFENDER_ROLE
    # an element brought back ("does it come back at full strength") asks what Revive returns
    revived = REVIVED | REVIVING | {"returning", "bring", "brings", "brought"}
    elsewhere = FORWARD | BACKWARD | roles | set(ABILITY_FORMS) | DEFENDING_FORMS | OTHER_PIECES | revived | SCORED
    if said & elsewhere or not said & (STRENGTH_ASKED | STRENGTH_TOLD):
        return False
    named = [(n, e) for n, t in enumerate(words) if (e := _element(t)) is not None]
    if len({e for _, e in named}) != 1 or any(t.text.endswith("+") for t in words):
        return False
    if said & STRENGTH_ASKED:
        return True
    at = named[0][0]
    ahead = words[at + 1 : at + 3]
    told = [t for t in ahead if t.word not in STRENGTH_TOLD]
    return bool(told) and told[0].number is not None and ahead[0].word in STRENGTH_TOLD


#: Words of a game's end or its winner ("how does the game actually end and who is declared the winner", "when
#: exactly does a game end"), of the game itself, and of asking; words of points scored ("how many points does the
#: winner get"), of a tie or a draw, of a document ("the example game"), or of an attack speak of the scoring, the
#: last elements' tie, the errata or one attack.
GAME_END = frozenset({"end", "ends", "ended", "over", "finish", "finishes", "finished", "winner", "win", "wins"})
GAME = frozenset({"game", "games", "match"})
ASKING = frozenset({"how", "when", "who", "what", "whats", "which", "does", "is"})
SCORED = frozenset(
    {"point", "points", "score", "scores", "scoring", "scored", "bonus", "survivor", "survivors", "surviving"}
)
#: Words of a document and what it says ("in the sample game at the end does p1 really win?"): the errata answer.
DOCUMENT = frozenset({"example", "sample", "printed", "rulebook", "says", "wrong", "mistake", "typo", "erratum"})
#: The rule of the game's end and its winner.
END_RULE = "clash.end.winner"


def _asks_game_end(words: list[Token], said: set[str] | None = None) -> bool:
    """Whether a question asks how a game ends or who wins it, no points, tie, attack or ability named ("my
    opponent has only their Air left and I have Earth and Water; how does the game actually end and who is declared
    the winner?"): the rule of the last player with elements answers it.

    Examples:
        >>> _asks_game_end(tokens("we're down to a couple of elements each: when exactly does a game end?"))
        True
        >>> _asks_game_end(tokens("I won a game with two elements left: how many points does the winner get?"))
        False
        >>> _asks_game_end(tokens("our last elements tied: who wins the game?"))
        False
    """
    said = _said(words) if said is None else said
    elsewhere = ATTACKING | BACKWARD | set(ABILITY_FORMS) | DEFENDING_FORMS | OTHER_PIECES | SCORED | TIE | DOCUMENT
    elsewhere |= {"draw"}
    return bool(said & GAME_END and said & GAME and said & ASKING) and not said & elsewhere


#: Words asking whether an ability may be used once more ("can i fortify again", "a second time", "twice", "one and
#: done", "forever or just that one time"); a word of an element revived speaks of a revived element's ability
#: instead (`clash.interp.revived-ability`), unless the ability asked about is Revive itself.
AGAIN = frozenset({"again", "twice", "second", "forever", "reuse", "anymore"})
AGAIN_PAIRS = frozenset({("and", "done"), ("different", "turns"), ("than", "once"), ("every", "turn")})
#: Of each pair, the word the reader is tried for (the registry's `CLASH_TOLD` holds them, with COMPARING and AGAIN).
AGAIN_CUES = frozenset({"done", "different", "once", "every"})
REVIVED = frozenset({"revived", "back", "return", "returns", "returned", "regain"})
REVIVING = frozenset({"revive", "revives", "reviving"})
#: Words of an ability spent to no effect or cancelled ("they surged my blaze so it did nothing: is it still used
#: up?", `clash.interp.spent-when-cancelled`), or of a mistake at the table ("we forgot to mark that my Gale had been
#: used"): the question asks about those, not whether an ability may be used twice.
SPENDING = frozenset({"cancelled", "canceled", "cancel", "cancels", "surged", "nothing", "wasted", "spent", "up"})
MISTAKE = frozenset({"forgot", "forget", "forgotten", "mistake", "mistakes", "accidentally", "accident", "oops"})
#: Words asking a quantity, after which "again" only asks to be reminded ("blaze adds how much again").
REMINDED = frozenset({"how", "what", "whats"})
#: The rule that each ability is used once a game.
ONCE_RULE = "clash.ability.once"


def _asks_again(words: list[Token]) -> bool:
    """Whether a question asks whether one ability may be used again ("fortify saved my earth once already. next time
    they hit it can i fortfy again?", "can i use blaze on two different turns or is it one and done").

    Examples:
        >>> _asks_again(tokens("can i use blaze on two different turns or is it one and done"))
        True
        >>> _asks_again(tokens("After Ether revives my Fire, does Fire get its Blaze back if it had used it?"))
        False
    """
    said = {t.word for t in words}
    pairs = set(itertools.pairwise(t.word for t in words))
    abilities = {ABILITY_FORMS[t.word.removesuffix("'s")] for t in words if t.word.removesuffix("'s") in ABILITY_FORMS}
    repeat = said & AGAIN
    if (repeat == {"again"} and said & REMINDED) or (repeat == {"second"} and pairs & {("second", "turn")}):
        repeat = set()  # "how much again": a reminder asked; "on the second turn": which turn, not a second use
    if len(abilities) != 1 or not (repeat or pairs & AGAIN_PAIRS) or said & (SPENDING | MISTAKE | REVIVED):
        return False
    return abilities == {"ether"} or not said & REVIVING


def _general_reading(words: list[Token]) -> Reading | None:
    """A question about the elements or an ability in general, no attack computed, and the rule it rests on: the
    elements judged against each other (their strengths), or an ability asked again (each is used once)."""
    said = _said(words)
    if _compares_elements(words, said):
        return Reading(
            "clash",
            "the elements compared",
            ["the elements judged against each other"],
            ["an attack to compute: the question asks how the elements compare in general"],
            rests_on=(ELEMENTS_RULE,),
        )
    if _asks_element_strength(words, said):
        return Reading(
            "clash",
            "the elements compared",
            ["one element's strength asked"],
            ["an attack to compute: the question asks an element's strength"],
            rests_on=(ELEMENTS_RULE,),
        )
    if _asks_game_end(words, said):
        return Reading(
            "clash",
            "the game's end",
            ["how a game ends or who wins it asked"],
            ["an attack to compute: the question asks how the game ends"],
            rests_on=(END_RULE,),
        )
    if _asks_again(words):
        return Reading(
            "clash",
            "an ability used again",
            ["an ability asked to be used once more"],
            ["an attack to compute: the question asks whether an ability may be used again"],
            rests_on=(ONCE_RULE,),
        )
    return None


def read(question: str) -> Reading | None:
    """Read one attack from the question and compute it; ``None`` when the question is not about an attack (but a
    question about the elements or an ability in general: see `_general_reading`)."""
    words = tokens(question)
    reading = _attack(words)
    if reading is not None and (reading.ruling is not None or reading.rests_on):
        return reading
    return _general_reading(words) or reading


def _attack(words: list[Token]) -> Reading | None:
    """The one attack a question states, computed (`read` without the questions about the game in general)."""
    if _last_elements_tie(words):
        return _last_tie_reading()
    going = aims_ability([t.text for t in words], GOING)  # "Air goes at Water", "Air uses Gale on their Earth"
    roles = ATTACKER_ROLE | DEFENDER_ROLE | SENDING  # the roles ("the defender has ..."), or "sends Air at my Water"
    if not going and not any(t.text in FORWARD or t.text in BACKWARD or t.text in roles for t in words):
        return None
    named, said, abilities, forgone = _named(words)
    # A relation told of the roles, no ability named: the outcome rule it names is what is asked.
    told = () if said or _defending_verb(words) or len({e for _, e, _ in named}) > 1 else _role_relation_rules(words)
    if not named and not abilities and not told:
        return None
    reading = Reading("clash", "one Elemental Clash attack")
    reading.rests_on = told
    if told:
        side = {"clash.attack.attacker-wins": "the attack", "clash.attack.defender-wins": "the defence"}.get(told[0])
        reading.read.append(f"{side} told stronger" if side else "both sides told equal")
    elements = list(dict.fromkeys(e for _, e, _ in named))
    if len(elements) > 2:
        reading.read.append("the elements " + ", ".join(e.capitalize() for e in elements))
        reading.missing.append("which two of them fight (one attack names two elements)")
        return reading
    if len(named) < 2:
        if named:
            reading.read.append(f"{named[0][1].capitalize()}")
        reading.missing.append("the element attacked" if named else "the attacking and the attacked element")
        return reading
    attacks = _attacks(words, {i for i, _, _ in named})
    if attacks > 1:
        reading.read.append(f"{attacks} attacks")
        reading.missing.append("which one attack to compute (the question describes more than one)")
        return reading
    (first_at, first, _), (second_at, second, _) = _pair(words, named)
    owner = _owner(words, first_at)
    if first != second and owner is not None and owner == _owner(words, second_at):
        # "his Earth defends when I attack his Air": one player's two elements are never attacker and target
        reading.read.append(f"the elements {first.capitalize()} and {second.capitalize()}, both one player's")
        reading.missing.append("the attacking element (the two named are one player's; an attack is on the other's)")
        return reading
    direction = told_role([t.text for t in words], first, second, _pair_direction(words, first_at, second_at))
    between = [t.text for t in words[first_at + 1 : second_at]]
    if direction is None:
        reading.read.append(f"the elements {first.capitalize()} and {second.capitalize()}")
        reading.missing.append('which of them attacks and which is attacked (say "X attacks Y")')
        if not abilities and not any(plus for _, _, plus in named) and _matched(between):
            reading.rests_on = _matchup_rules(first, second)
        return reading
    attacker, target = (second, first) if direction == "backward" else (first, second)
    uses = {e for _, e, plus in named if plus} | abilities
    attacking, defending, unclear = _abilities_used(words, said, forgone, attacker, target, uses)
    if unclear:
        reading.read.append(f"{attacker.capitalize()} attacks {target.capitalize()}")
        reading.missing.append(unclear)
        return reading
    if attacker == target and sum(1 for _, e, _ in named if e == attacker) < 2:
        reading.missing.append("the attacked element")
        return reading
    unread = sorted({t.text for t in words if t.text in DEFENDING_FORMS})
    if unread:
        reading.read.append(f"{attacker.capitalize()} attacks {target.capitalize()}")
        reading.missing.append(f'whether an ability is used ({unread[0]}: say "uses Surge" or "uses Fortify")')
        return reading
    history = [] if not uses and _no_ability_at_all(words) else _history(words)
    if _asks_other(reading, words, attacker, target, uses, attacking, defending):
        return reading
    reading.read.append(
        f"{attacker.capitalize()}{' using its ability' if attacking else ''} attacks "
        f"{target.capitalize()}{' using its ability' if defending else ''}"
    )
    if history:
        reading.missing.append(
            f"the position before this attack ({', '.join(history)}: only the opening position is computed)"
        )
        return reading
    from rulebook import clash

    turn = clash.Turn(clash.Attack(attacker, target, attacking), clash.Defend(defending))
    reading.ruling = clash.resolve_attack(clash.new_game(), turn)
    return reading
