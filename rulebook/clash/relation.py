"""Whether the strengths a question tells of one Elemental Clash attack are the ones its abilities bring about.

A question may tell an attack in full, abilities and all, and then say what the strengths come to ("Fire attacks
Earth with Blaze while Earth uses Fortify; the strengths come out equal"). Told of the elements alone, a relation
sets the strengths itself and asks the rule for them; told after the abilities used, and equal as the engine
computes them, it is the board's own consequence, and the attack is computed like any other.
"""

from __future__ import annotations

import itertools

#: Words telling two strengths equal ("equal", "tied", "at five apiece", "the same strength").
EQUAL = frozenset({"equal", "equally", "apiece", "tied", "same"})


def borne_out(relation: str, attacker: str, target: str, attacking: bool, defending: bool) -> bool:
    """Whether ``relation`` (a word telling the strengths' relation) says the two strengths are equal, an ability is
    used, and the attack, computed with the abilities used, is fought at equal strengths.

    Examples:
        >>> borne_out("equal", "fire", "earth", True, True)
        True
        >>> borne_out("equal", "fire", "earth", False, False)
        False
        >>> borne_out("equal", "fire", "water", True, False)
        False
        >>> borne_out("stronger", "fire", "earth", True, True)
        False
    """
    if relation not in EQUAL or not (attacking or defending):
        return False
    from rulebook import clash
    from rulebook.clash.engine import fought_strengths

    turn = clash.Turn(clash.Attack(attacker, target, attacking), clash.Defend(defending))
    if not clash.resolve_attack(clash.new_game(), turn).value["legal"]:
        return False  # an ability used out of its timing: no attack is fought
    attack, defense = fought_strengths(attacker, target, attacking, defending)
    return attack == defense


#: A role told of an element after it, its clause ending there ("Fire vs Water, Fire is attacking", "Earth is the
#: attacker", "with Air attacking"): the words of the role, as the tuple after the element, and which side it is.
ROLES_TOLD = {
    ("is", "attacking"): True,
    ("is", "the", "attacker"): True,
    ("is", "my", "attacker"): True,
    ("is", "their", "attacker"): True,
    ("is", "the", "one", "attacking"): True,
    ("attacking",): True,
    ("is", "defending"): False,
    ("is", "the", "defender"): False,
    ("is", "the", "one", "defending"): False,
    ("is", "being", "attacked"): False,
    ("defending",): False,
    ("on", "the", "attack"): True,
    ("on", "the", "defensive"): False,
}
#: Where a clause telling a role ends ("Fire is attacking, no abilities": the comma).
ROLE_ENDS = frozenset(
    {",", ";", ".", "?", "!", ":", "and", "but", "while", "so", "with", "without", "using", "-", "against", "vs"}
    | {"versus", "(", ")"}
)


def told_role(texts: list[str], first: str, second: str, direction: str | None = None) -> str | None:
    """Which way an attack between ``first`` and ``second`` (the first two elements named, two different ones) goes
    when a later clause tells one element's role alone ("Fire vs Water, Fire is attacking", "Water against Earth,
    Earth is the defender"): "forward" when ``first`` attacks, "backward" when ``second`` does; else the
    ``direction`` read from the words between them; ``None`` when the two disagree, or roles are told of both.

    Examples:
        >>> told_role("fire vs water , fire is attacking , no abilities".split(), "fire", "water")
        'forward'
        >>> told_role("fire vs water with water attacking".split(), "fire", "water")
        'backward'
        >>> told_role("water against earth , earth is the defender ?".split(), "water", "earth")
        'forward'
        >>> told_role("fire vs water , fire is attacking water".split(), "fire", "water") is None
        True
        >>> told_role("fire vs water , water is attacking".split(), "fire", "water", "forward") is None
        True
    """
    if first == second:
        return direction
    found: set[str] = set()
    for n, text in enumerate(texts):
        element = text.rstrip("+").removesuffix("'s")
        if element not in (first, second):
            continue
        for said, attacking in ROLES_TOLD.items():
            end = n + 1 + len(said)
            if tuple(texts[n + 1 : end]) == said and (end == len(texts) or texts[end] in ROLE_ENDS):
                found.add(element if attacking else (second if element == first else first))
    told = None if len(found) != 1 else "forward" if found == {first} else "backward"
    if len(found) > 1 or (told and direction and told != direction):
        return None
    return told or direction


#: Verbs of an element putting its own ability to use ("uses Gale", "declares Blaze"); the registry tries the reader
#: for them.
USE_VERBS = frozenset(
    {"uses", "use", "using", "used", "declares", "declare", "declaring", "declared", "plays", "play", "playing"}
    | {"activates", "activate", "activating", "activated"}
)
#: Words aiming an ability at the element named next ("Gale on their Earth", "Blaze against Water").
AIMED = frozenset({"on", "against", "at", "into", "onto"})
#: The words before an element that tell whose it is: the asker's side or the other's ("my Air", "P2's Fire").
SIDES = {"my": "me", "our": "me", "p1": "p1", "p2": "p2"} | dict.fromkeys(
    ("your", "his", "her", "their", "opponent", "enemy", "other"), "them"
)


def aimed_ability(between: list[str], first: str, before: list[str]) -> str | None:
    """The direction, "forward", when the words between two elements say the first puts its own attacking ability to
    use, aimed at the second, the two told as two players' ("my Air uses Gale on their Earth", "P1's Fire declares
    Blaze against P2's Water"): only an attacking element uses Gale or Blaze, so the first attacks; ``None`` for any
    other words (a word of doubt or denial, a defending ability, another element's ability) or sides not told
    ("Fire uses Blaze against Water" sets two elements against each other: which attacks is not stated).

    Examples:
        >>> aimed_ability("uses gale on their".split(), "air", ["my"])
        'forward'
        >>> aimed_ability("declares blaze against p2's".split(), "fire", ["p1's"])
        'forward'
        >>> aimed_ability("uses blaze against".split(), "fire", ["when"]) is None
        True
        >>> aimed_ability("uses gale on their".split(), "earth", ["my"]) is None
        True
        >>> aimed_ability("uses fortify against their".split(), "earth", ["my"]) is None
        True
        >>> aimed_ability("does not use gale on their".split(), "air", ["my"]) is None
        True
    """
    from rulebook.registry import rules

    data = rules("clash").data
    ability = data["elements"].get(first, {}).get("ability")
    if ability is None or data["abilities"][ability]["timing"] != "attack" or not before:
        return None
    forms = {ability, ability + "s", ability + "d", ability.removesuffix("e") + "ing"}
    said = [w.removesuffix("'s") for w in between]
    at = next((n for n, w in enumerate(said) if w in forms), None)
    if at is None or not said[at + 1 : at + 2] or said[at + 1] not in AIMED:
        return None
    sides = SIDES.get(before[-1].removesuffix("'s")), SIDES.get(said[-1])
    if None in sides or sides[0] == sides[1] or not set(said[:at]) <= USE_VERBS | {"with"}:
        return None
    return "forward" if set(said[at + 2 : -1]) <= {"the"} and len(said) - at <= 4 else None

def aims_ability(texts: list[str], going: frozenset[str]) -> bool:
    """Whether a question tells an attack by a verb of ``going`` after or at an element ("Ether goes after their
    Fire", "Air goes at Water"), or by Gale or Blaze (an attacking ability) aimed at something ("uses Gale on Earth").

    Examples:
        >>> go = frozenset({"goes"})
        >>> aims_ability("my air uses gale on their earth".split(), go), aims_ability("what does gale do".split(), go)
        (True, False)
        >>> aims_ability("ether goes after their fire".split(), go)
        True
    """
    from rulebook.registry import rules

    forms = {
        form
        for name, ability in rules("clash").data["abilities"].items()
        if ability["timing"] == "attack"
        for form in (name, name + "s", name + "d", name.removesuffix("e") + "ing")
    }
    pairs = list(itertools.pairwise(texts))
    return any((w in forms and nxt in AIMED) or (w in going and nxt in ("after", "at")) for w, nxt in pairs)


#: Words of an attack suffered, then "by" and the attacker ("Earth gets hit by Air", "Water is targeted by Fire").
STRUCK = frozenset({"hit", "targeted"})


def struck_by(between: list[str]) -> str | None:
    """The direction, "backward", when the words between two elements say the first suffers the second's attack
    ("P2's Earth gets hit by P1's Air", "their Water is targeted by my Fire"); ``None`` otherwise ("my Fire hits
    their Water" goes forward).

    Examples:
        >>> struck_by("gets hit by p1's".split()), struck_by("is targeted by".split()), struck_by(["hits", "their"])
        ('backward', 'backward', None)
    """
    pairs = itertools.pairwise(between)
    return "backward" if any(a in STRUCK and b == "by" for a, b in pairs) else None
