"""Elestrals battle on a position: declaring an attack, the end of the Attack Step, and the Damage Step.

An Elestral's stats in battle are its card's Attack and Defense with the stat effects in force on it
(in the order of [`final_stats`][rulebook.elestrals.final_stats]). An Elestral with 0 Attack or less
deals no damage.

Examples:
    >>> from rulebook.elestrals.game import new_game
    >>> pos = new_game(seed=1).position
    >>> refuse_attack(pos, pos.player, Action("attack", ("E1", "spirit-deck")))
    ('no Battle Phase on the first turn of the game', ('elestrals.setup.first-turn',))
"""

from __future__ import annotations

from typing import Any

from rulebook.elestrals.abilities import continuous_stats, idle_continuous, trigger
from rulebook.elestrals.actions import Action
from rulebook.elestrals.cards import parse_effect, stat_steps, stats_after
from rulebook.elestrals.chain import between_chains
from rulebook.elestrals.core import plural
from rulebook.elestrals.main_common import Refusal
from rulebook.elestrals.state import Battle, Elestral, Position, leave_field, put_card, replace, to_underworld
from rulebook.errors import InvalidInputError
from rulebook.ruling import Trace

__all__ = ["damage", "declare", "describe", "end_attack_step", "end_battle", "refuse_attack", "stats"]


def stats(pos: Position, elestral: Elestral) -> tuple[int, int]:
    """An Elestral's Attack and Defense now: its card's, with the stat effects in force applied."""
    card = pos.cards[elestral.card]
    lasting = continuous_stats(pos, elestral) if any(pos.cards[n].effects for n in _on_field(pos)) else []
    if not elestral.modifiers and not lasting:
        return card.attack, card.defense
    effects = [parse_effect(text) for text in (*lasting, *(text for text, _ in elestral.modifiers))]
    return stats_after(card.attack, card.defense, effects, pos.opts["stat-floor"])


def _on_field(pos: Position) -> set[str]:
    return {c.card for s in pos.sides for c in (*s.elestrals, *s.runes, s.stadium) if c is not None}


def floored(pos: Position, elestral: Elestral) -> bool:
    """Whether an Elestral's stats went below 0 under its effects, so the ``stat-floor`` reading decides them."""
    lasting = continuous_stats(pos, elestral)
    if not elestral.modifiers and not lasting:
        return False
    card = pos.cards[elestral.card]
    effects = [parse_effect(text) for text in (*lasting, *(text for text, _ in elestral.modifiers))]
    steps = list(stat_steps(card.attack, card.defense, effects, pos.opts["stat-floor"]))
    return any(dipped for *_, dipped in steps)


#: The card names `rulebook elestrals battle` gives the two Elestrals it knows only the stats of (see
#: `rulebook.elestrals.described`): the Attack Step names them by their part in the battle.
UNNAMED = {"Attacker": "the attacker", "Defender": "the defender"}


def describe(pos: Position, elestral: Elestral) -> str:
    """``"Kiln Hound (3/2, Attack Position, 1 Spirit)"``: the card, its stats, Position and Spirits."""
    attack, defense = stats(pos, elestral)
    spirits = plural(len(elestral.spirits), "Spirit")
    name = UNNAMED.get(elestral.card, elestral.card)
    return f"{name} ({attack}/{defense}, {elestral.position.capitalize()} Position, {spirits})"


def _target(pos: Position, text: str) -> int:
    word = text.strip().lower()
    if word in ("spirit-deck", "deck", "spirits"):
        return -1
    if len(word) == 2 and word[0] == "e" and word[1] in "1234":
        return int(word[1]) - 1
    raise InvalidInputError(f"attack what? write an Elestral of the opponent's (E1 to E4) or spirit-deck, not {text!r}")


def refuse_attack(pos: Position, who: int, action: Action) -> Refusal | None:
    """Why ``who`` may not declare this attack now, or ``None``."""
    if len(action.args) != 2:
        raise InvalidInputError("write an attack as attack E1 E2 (your Elestral, then theirs) or attack E1 spirit-deck")
    owner, zone, slot = pos.resolve_ref(action.args[0], who)
    if owner != who or zone != "E":
        raise InvalidInputError(f"{action.args[0]} is not a slot of your Elestral Row; write E1 to E4")
    target = _target(pos, action.args[1])
    if pos.turn == 1:
        return "no Battle Phase on the first turn of the game", ("elestrals.setup.first-turn",)
    if pos.phase != "battle":
        return "attacks happen only in the Battle Phase", ("elestrals.glossary.battle-phase",)
    if who != pos.player:
        return "only the turn player declares attacks", ("elestrals.battle.declare",)
    if pos.chain or pos.waiting or pos.battle is not None:
        return "an attack is declared when no battle or chain is under way", ("elestrals.battle.declare",)
    attacker = pos.sides[who].elestrals[slot]
    if attacker is None:
        return "there is no attacking Elestral", ("elestrals.battle.declare",)
    faults = [
        (why, rule)
        for bad, why, rule in (
            (attacker.position != "attack", "the attacker is in Defense Position", "elestrals.battle.attack-position"),
            (attacker.attacked, "this Elestral has already attacked this turn", "elestrals.battle.once-per-turn"),
            (
                attacker.cast and pos.opts["cast-turn-attack"] == "no",
                "it was Cast (or Ascended into) this turn, and with option cast-turn-attack=no it attacks on a "
                "later turn",
                "elestrals.interp.cast-turn-attack",
            ),
        )
        if bad
    ]
    if faults:  # every reason that applies, each with its rule
        return ", and ".join(why for why, _ in faults), tuple(rule for _, rule in faults)
    theirs = pos.sides[1 - who].elestrals
    if target < 0 and any(e is not None for e in theirs):
        return "the opponent has an Elestral: attack one of theirs, not their Spirit Deck", (
            "elestrals.battle.declare",
        )
    if target >= 0 and theirs[target] is None:
        return f"the opponent has no Elestral at E{target + 1}", ("elestrals.battle.declare",)
    return None


def _stat_step(effect: str) -> int:
    """The step of the stat order a stat effect applies in: 0 set, 1 increase or decrease, 2 swap."""
    return 0 if effect.startswith("set ") else 2 if effect == "swap" else 1


def declare(pos: Position, who: int, action: Action, trace: Trace) -> Position:
    """The Attack Step begins: the attack is declared; then players may form chains."""
    slot = pos.resolve_ref(action.args[0], who)[2]
    target = _target(pos, action.args[1])
    attacker = pos.sides[who].elestrals[slot]
    assert attacker is not None
    defender = pos.sides[1 - who].elestrals[target] if target >= 0 else None
    trace.add("The attacker is in Attack Position", "elestrals.battle.attack-position")
    what = describe(pos, defender) if defender else "the opponent's Spirit Deck (they have no Elestral)"
    trace.add(f"Attack Step: {describe(pos, attacker)} attacks {what}", "elestrals.battle.declare")
    for el in (attacker, defender):
        if el is None:
            continue
        lasting = continuous_stats(pos, el)
        if lasting:
            card = pos.cards[el.card]
            applied = sorted([*lasting, *(t for t, _ in el.modifiers)], key=_stat_step)
            attack, defense = stats(pos, el)
            trace.add(
                f"{el.card}: {card.attack}/{card.defense} with {', '.join(applied)}, so {attack}/{defense} (set, "
                "then increase/decrease, then swap; within a step, continuous effects first, then the others in the "
                "order applied)",
                "elestrals.advanced.stat-order",
            )
        elif el.modifiers:
            card = pos.cards[el.card]
            effects = ", ".join(t + (" until the End Phase" if until == "end" else "") for t, until in el.modifiers)
            attack, defense = stats(pos, el)
            trace.add(
                f"{el.card}: {card.attack}/{card.defense} with {effects}, so {attack}/{defense} (set, then "
                "increase/decrease, then swap; in each step, in the order applied)",
                "elestrals.advanced.stat-order",
            )
        for name, lost in idle_continuous(pos, el):
            trace.add(
                f"{name} is {lost}: its effect does not change {el.card}'s stats",
                "elestrals.card.misenchanted" if lost == "Misenchanted" else "elestrals.advanced.suppressed",
            )
    battle = Battle(
        slot, attacker.card, target, defender.card if defender else "", defender.position if defender else "", "attack"
    )
    pos = replace(pos, battle=battle, step="attack", passed=())
    return trigger(pos, who, f"E{slot + 1}", attacker.card, "attack", trace)


def _present(pos: Position, who: int, slot: int, card: str) -> Elestral | None:
    if slot < 0:
        return None
    found = pos.sides[who].elestrals[slot]
    return found if found is not None and found.card == card else None


def end_attack_step(pos: Position, trace: Trace) -> Position:
    """After the Attack Step's chains: the attack goes on to the Battle Step, or is cancelled."""
    b = pos.battle
    assert b is not None
    attacker = _present(pos, pos.player, b.attacker, b.card)
    defender = _present(pos, pos.opponent, b.target, b.target_card)
    why = ""
    if attacker is None:
        why = "the attacker left the field"
    elif attacker.position != "attack":
        why = "the attacker changed Position"
    elif b.target >= 0 and defender is None:
        why = "the attacked Elestral left the field"
    if why:
        trace.add(
            f"After the Attack Step's chains {why}: the attack is no longer legal", "elestrals.battle.illegal-cancelled"
        )
        trace.add(
            "An impossible attack before battle is cancelled and may be tried again",
            "elestrals.advanced.impossible-vs-negated",
        )
        return replace(pos, battle=None, step="", passed=())
    assert attacker is not None
    if defender is not None and defender.position != b.declared:
        trace.add(
            "The attacked Elestral changed Position: the attack stands, against "
            f"{defender.position.capitalize()} Position",
            "elestrals.interp.defender-turned",
        )
    trace.add("Battle Step: they enter battle; effects can no longer change Positions", "elestrals.battle.battle-step")
    elestrals = list(pos.sides[pos.player].elestrals)
    elestrals[b.attacker] = replace(attacker, attacked=True)
    pos = pos.with_side(pos.player, replace(pos.sides[pos.player], elestrals=tuple(elestrals)))
    return replace(pos, battle=replace(b, step="battle"), step="battle", passed=())


def damage(pos: Position, trace: Trace) -> tuple[Position, dict[str, Any]]:
    """The Damage Step: compare the stats (or battle a Spirit Deck), destroy, make players Expend.

    Returns the position and the results: ``{"destroyed": ["attacker"|"defender"...], "expend":
    {"attacker": n, "defender": n}, "loser": "attacker" | "defender" | "both" | None}``.
    """
    b = pos.battle
    assert b is not None
    me, them = pos.player, pos.opponent
    att = _present(pos, me, b.attacker, b.card)
    dfd = _present(pos, them, b.target, b.target_card)
    trace.add("Damage Step: the results of battle are worked out", "elestrals.battle.damage-step")
    trace.add("Dealing damage: destroying by stats, or making a player Expend", "elestrals.advanced.damage-meaning")
    destroyed: list[str] = []
    expend = {"attacker": 0, "defender": 0}
    if b.target < 0:
        trace.add("The opponent has no Elestral: the attack is against their Spirit Deck", "elestrals.battle.declare")
        if att is not None:
            _direct(pos, att, "attacker", "defender", expend, trace)
        else:
            trace.add("The attacker left the field during battle: no damage", "elestrals.battle.left-field")
    elif att is not None and dfd is not None:
        for el in (att, dfd):
            if floored(pos, el):
                trace.add(
                    f"{el.card}'s effects take a stat below 0: option stat-floor={pos.opts['stat-floor']} decides it",
                    "elestrals.interp.stat-floor",
                )
        _compare(pos, att, dfd, destroyed, expend, trace)
    elif att is not None:
        trace.add(
            "The attacked Elestral left the field during battle: the attacker battles the Spirit Deck",
            "elestrals.battle.left-field",
        )
        _direct(pos, att, "attacker", "defender", expend, trace)
    elif dfd is not None:
        trace.add("The attacker left the field during battle", "elestrals.battle.left-field")
        if dfd.position == "attack":
            trace.add(
                "The defender's remaining Elestral is in Attack Position, so it battles the attacker's Spirit Deck",
                "elestrals.battle.left-field",
            )
            _direct(pos, dfd, "defender", "attacker", expend, trace)
        else:
            trace.add(
                "The defender's remaining Elestral is in Defense Position, so it deals no damage",
                "elestrals.battle.left-field",
            )
    else:
        trace.add("Both Elestrals left the field during battle: no damage", "elestrals.interp.both-left-field")
    # The results of damage (what is destroyed, who Expends) come first; "when destroyed" effects activate after
    # them, so a player who loses by Expending never gets them.
    ends = _expend(pos, expend, Trace())[0].over  # decided here; carried out below, after the cards leave
    if destroyed and not ends:
        trace.add("'Destroys' and 'is destroyed' effects activate now", "elestrals.battle.destroy-triggers")
        trace.add(
            "They see each card as it was just before it left the field", "elestrals.advanced.leaves-field-lookback"
        )
    for who_name in destroyed:
        who, slot = (me, b.attacker) if who_name == "attacker" else (them, b.target)
        gone = pos.sides[who].elestrals[slot]
        pos = leave_field(pos, who, "E", slot, trace, why="is destroyed")
        if gone is not None and not ends:
            pos = trigger(pos, who, "", gone.card, "destroyed", trace, before=gone)
    if destroyed:
        trace.add(
            "Each destroyed Elestral goes to its owner's Underworld with its Spirits",
            "elestrals.interp.spirits-follow-card",
        )
    pos = replace(pos, step="damage", battle=replace(b, step="damage"), passed=())
    pos, loser = _expend(pos, expend, trace)
    if ends and destroyed:
        trace.add(
            "The game ends with the results of damage, before 'is destroyed' effects would activate",
            "elestrals.battle.destroy-triggers",
        )
    return pos, {"destroyed": destroyed, "expend": expend, "loser": loser}


def _deals(attack: int) -> bool:
    return attack > 0


def _direct(pos: Position, side: Elestral, who: str, other: str, expend: dict[str, int], trace: Trace) -> None:
    attack = stats(pos, side)[0]
    if not _deals(attack):
        trace.add(f"The {who}'s Elestral has {attack} Attack: it deals no damage", "elestrals.battle.zero-attack")
        return
    expend[other] += len(side.spirits)
    trace.add(
        f"Battling the Spirit Deck: the {other}'s controller Expends its Spirit count, {len(side.spirits)}",
        "elestrals.battle.direct",
    )


def _compare(
    pos: Position, att: Elestral, dfd: Elestral, destroyed: list[str], expend: dict[str, int], trace: Trace
) -> None:
    a, _ = stats(pos, att)
    d_attack, d_defense = stats(pos, dfd)
    if dfd.position == "defense":
        if not _deals(a):
            trace.add(f"The attacker has {a} Attack: it deals no damage", "elestrals.battle.zero-attack")
        elif d_defense < a:
            destroyed.append("defender")
            trace.add(
                f"Attack {a} against Defense {d_defense}: the defender is destroyed",
                "elestrals.battle.attack-vs-defense",
            )
        else:
            trace.add(
                f"Attack {a} against Defense {d_defense}: equal or higher Defense, nothing happens",
                "elestrals.battle.attack-vs-defense",
            )
        trace.add("No Spirits are Expended in a battle against Defense Position", "elestrals.battle.defense-no-expend")
        return
    d = d_attack
    if not _deals(a) and not _deals(d):
        trace.add(
            f"Attack {a} against Attack {d}: neither deals damage, so nothing is destroyed",
            "elestrals.interp.zero-attack-tie",
        )
        trace.add("An Elestral with 0 Attack or less deals no damage", "elestrals.battle.zero-attack")
        return
    if a == d:
        destroyed += ["attacker", "defender"]
        trace.add(f"Attack {a} against Attack {d}: equal, both are destroyed", "elestrals.battle.attack-vs-attack")
    elif a < d:
        destroyed.append("attacker")
        trace.add(
            f"Attack {a} against Attack {d}: the attacker's is smaller, it is destroyed",
            "elestrals.battle.attack-vs-attack",
        )
    else:
        destroyed.append("defender")
        trace.add(
            f"Attack {a} against Attack {d}: the defender's is smaller, it is destroyed",
            "elestrals.battle.attack-vs-attack",
        )
    if not _deals(min(a, d)):
        trace.add(
            f"The Elestral with {min(a, d)} Attack deals no damage but can still be destroyed",
            "elestrals.battle.zero-attack",
        )
    paid = False
    for who, me, them in (("attacker", att, dfd), ("defender", dfd, att)):
        mine, theirs = len(me.spirits), len(them.spirits)
        if who in destroyed and mine < theirs:
            paid = True
            expend[who] += theirs - mine
            trace.add(
                f"The {who} had {plural(mine, 'Spirit')} to {theirs}: its controller Expends {theirs - mine}",
                "elestrals.battle.spirit-difference",
            )
    if destroyed and not paid:
        trace.add(
            f"No destroyed Elestral had fewer Spirits than the other (the attacker {len(att.spirits)}, the "
            f"defender {len(dfd.spirits)}): no one Expends",
            "elestrals.battle.spirit-difference",
        )


def _expend(pos: Position, expend: dict[str, int], trace: Trace) -> tuple[Position, str | None]:
    short = []
    for who_name, n in expend.items():
        if not n:
            continue
        who = pos.player if who_name == "attacker" else pos.opponent
        deck = pos.sides[who].spirit_deck
        if deck.size is not None and n > deck.size:
            short.append((who_name, who, n, deck.size))
            continue
        taken = []
        for _ in range(n):
            deck, kind = deck.take("&")
            taken.append(kind)
        pos = pos.with_side(who, replace(pos.sides[who], spirit_deck=deck))
        pos = to_underworld(pos, who, taken)
    if not short:
        return pos, None
    trace.add("Spirits are each player's life: running out loses", "elestrals.spirit.resource")
    for who_name, _who, n, size in short:
        trace.add(
            f"The {who_name}'s controller must Expend {n} with {plural(size, 'Spirit')} left: they lose",
            "elestrals.end.expend-from-empty",
        )
    if len(short) == 2:
        trace.add(
            "Both players must Expend Spirits they do not have at once: the game is a draw",
            "elestrals.end.simultaneous-loss",
        )
        return replace(pos, over=True, winner=None), "both"
    loser = short[0][1]
    return replace(pos, over=True, winner=1 - loser), short[0][0]


def end_battle(pos: Position, trace: Trace) -> Position:
    """After the Damage Step's chains: the battle is over; the check between chains follows."""
    trace.add("The Damage Step's chains are over: so is the battle", "elestrals.battle.damage-step")
    pos = replace(pos, battle=None, step="", passed=())
    for who, side in enumerate(pos.sides):
        for slot, el in enumerate(side.elestrals):
            if el is not None and any(until == "battle" for _, until in el.modifiers):
                pos = put_card(
                    pos, who, "E", slot, replace(el, modifiers=tuple(m for m in el.modifiers if m[1] != "battle"))
                )
                trace.add(
                    f"{el.card}'s effects that last until the battle ends wear off",
                    "elestrals.advanced.default-duration",
                )
    pos, _ = between_chains(pos, trace)
    return pos
