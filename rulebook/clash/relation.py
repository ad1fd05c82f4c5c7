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
