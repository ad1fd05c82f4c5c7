"""Whether the strengths a question tells of one Elemental Clash attack are the ones its abilities bring about.

A question may tell an attack in full, abilities and all, and then say what the strengths come to ("Fire attacks
Earth with Blaze while Earth uses Fortify; the strengths come out equal"). Told of the elements alone, a relation
sets the strengths itself and asks the rule for them; told after the abilities used, and equal as the engine
computes them, it is the board's own consequence, and the attack is computed like any other.
"""

from __future__ import annotations

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
