"""Elemental Elephants' whole game: what spells are made of. Damage, heal, bolster and weaken a player;
cancel, advance, move, recall or discard a spell; aim at an enemy or an enemy conjury; cast extra spells.

Each step says what happened and cites the rule it applies; the spells of ``rulebook.elephants.spells``
are built from these.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rulebook.elephants.tables import CLASHES, SPELLS, roman
from rulebook.elephants.world import Ask, Card, World, picked, shield_of, spell_types

__all__ = [
    "advance",
    "advance_from_hand",
    "aim",
    "blocked_by",
    "bolster",
    "cancel",
    "cancel_all",
    "cast_extra",
    "damage",
    "either",
    "enemies_with",
    "enemy_conjuries",
    "heal",
    "num",
    "own_spells",
    "place_extra",
    "spell_rule",
    "strike",
    "to_hand",
    "to_pile",
    "weaken",
]


def spell_rule(c: Card) -> str:
    """The record of the spell ``c`` acts as: ``elephants.spell.<name>`` (an Imitate's copy's)."""
    return f"elephants.spell.{c.eff}"


def damage(w: World, p: str, amount: int, c: Card, rule: str | None = None) -> None:
    """``c`` deals ``amount`` damage to player ``p`` (health never below 0)."""
    player = w.players[p]
    if amount <= 0:
        return
    before = player.health
    player.health = max(0, player.health - amount)
    w.say(
        f"{c.ref} deals {amount} damage to {p}: health {before} to {player.health}",
        rule or spell_rule(c),
    )
    w.events.append(("damage", p, amount, c.ref))


def heal(w: World, p: str, amount: int, c: Card) -> None:
    """``c`` heals player ``p`` by ``amount``, never above their maximum health."""
    player = w.players[p]
    before = player.health
    player.health = min(player.max_health, player.health + amount)
    capped = " (its maximum)" if player.health < before + amount else ""
    w.say(f"{c.ref} heals {p} by {amount}: health {before} to {player.health}{capped}", spell_rule(c))
    w.say("A heal never raises health above the maximum", "elephants.base.health-effects")
    w.events.append(("heal", p, player.health - before, c.ref))


def bolster(w: World, p: str, amount: int, c: Card) -> None:
    """``c`` raises player ``p``'s maximum health by ``amount``."""
    player = w.players[p]
    player.max_health += amount
    w.say(f"{c.ref} bolsters {p} by {amount}: maximum health {player.max_health}", spell_rule(c))
    w.say("Bolster raises the maximum health", "elephants.base.health-effects")
    w.events.append(("bolster", p, amount, c.ref))


def weaken(w: World, p: str, amount: int, c: Card) -> None:
    """``c`` lowers player ``p``'s maximum health by ``amount``, and their health with it."""
    player = w.players[p]
    player.max_health = max(0, player.max_health - amount)
    player.health = min(player.health, player.max_health)
    w.say(
        f"{c.ref} weakens {p} by {amount}: maximum health {player.max_health}, health {player.health}",
        spell_rule(c),
    )
    w.say("Weaken lowers the maximum health, and health with it", "elephants.base.health-effects")
    w.events.append(("weaken", p, amount, c.ref))


def cancel(w: World, target: Card, c: Card, rule: str) -> bool:
    """Cancel ``target`` for ``c``; an enemy's active Root may shield it. Returns whether it was cancelled."""
    root = shield_of(w, target, c.owner)
    if root is not None:
        w.say(f"{target.ref} is shielded by {root.ref}: not cancelled", "elephants.root.protects")
        return False
    target.state = "cancelled"
    w.say(f"{c.ref} cancels {target.ref}", rule)
    w.say(f"{target.ref} stays on view but is no longer active", "elephants.cancelled.visible")
    w.events.append(("cancel", target.ref, c.ref))
    return True


def cancel_all(w: World, targets: Sequence[Card], c: Card, rule: str) -> None:
    """Cancel ``targets`` at once for ``c``: Root's shield is judged for all of them before any is cancelled."""
    shields = {x.ref: shield_of(w, x, c.owner) for x in targets}
    if any(shields.values()):
        w.say(
            f"{c.ref} cancels them all at once: Root's shield is judged before any of them is cancelled",
            "elephants.interp.cancel-all-at-once",
        )
    for x in targets:
        root = shields[x.ref]
        if root is not None:
            w.say(f"{x.ref} is shielded by {root.ref}: not cancelled", "elephants.root.protects")
            continue
        x.state = "cancelled"
        w.say(f"{c.ref} cancels {x.ref}", rule)
        w.say(f"{x.ref} stays on view but is no longer active", "elephants.cancelled.visible")
        w.events.append(("cancel", x.ref, c.ref))


def enemy_conjuries(w: World, c: Card) -> list[Card]:
    """The enemy conjuries ``c`` may aim at: active in the clash, their owner harmable, not shielded by Root."""
    return [
        x
        for x in w.here()
        if x.owner != c.owner
        and SPELLS[x.eff].get("conjury")
        and w.harmable(x.owner)
        and shield_of(w, x, c.owner) is None
    ]


def aim(w: World, ask: Ask, c: Card, what: str) -> str | Card | None:
    """The target of an effect aimed at an enemy or an enemy conjury: chosen by ``c``'s owner."""
    options = [f"target {e}" for e in w.enemies(c.owner)] + [f"target {x.ref}" for x in enemy_conjuries(w, c)]
    if not options:
        w.say(f"{c.ref} has no enemy or enemy conjury to aim at", "elephants.base.invulnerable")
        return None
    answer = picked(ask(w, c.owner, "target", options, f"the target of {c.ref}'s {what}", c))
    if ":" in answer:
        return w.card(answer)
    return answer


def strike(w: World, ask: Ask, c: Card, amount: int, kind: str = "damage") -> None:
    """Deal ``amount`` damage (or weaken by it) to an enemy or an enemy conjury, the owner choosing which."""
    if amount <= 0:
        w.say(f"{c.ref} has nothing to deal", spell_rule(c))
        return
    target = aim(w, ask, c, "damage" if kind == "damage" else "weakening")
    if target is None:
        return
    if isinstance(target, Card):
        w.say(f"{c.ref} aims its {kind} at the conjury {target.ref}", "elephants.base.conjury")
        cancel(w, target, c, "elephants.interp.conjury-hit")
    elif kind == "damage":
        damage(w, target, amount, c)
    else:
        weaken(w, target, amount, c)


def place_extra(w: World, p: str, name: str, c: Card) -> None:
    """``c`` lets ``p`` cast ``name`` from their hand: face up and active in the current clash."""
    w.players[p].hand.remove(name)
    w.seq += 1
    w.board.append(Card(name, p, w.clash, "active", w.seq))
    w.say(f"{c.ref} lets {p} cast {name}: face up and active in Clash {roman(w.clash)}", spell_rule(c))
    w.say(f"{p}:{name} resolves in this clash, in priority order", "elephants.interp.extra-cast")
    w.events.append(("cast", f"{p}:{name}", c.ref))


def cast_extra(w: World, ask: Ask, c: Card, most: int) -> int:
    """Let ``c``'s owner cast up to ``most`` extra spells from their hand; returns how many."""
    cast = 0
    player = w.players[c.owner]
    while cast < most and player.hand:
        options = ["extra none"] + [f"extra {n}" for n in dict.fromkeys(player.hand)]
        answer = picked(ask(w, c.owner, "extra", options, f"an extra spell to cast with {c.ref}", c))
        if answer == "none":
            break
        place_extra(w, c.owner, answer, c)
        cast += 1
    if not cast:
        w.say(f"{c.owner} casts no extra spell", spell_rule(c))
    return cast


def blocked_by(w: World, card_owner: str, breakers: Iterable[Card] | None = None) -> Card | None:
    """An enemy's Break that stops ``card_owner``'s spells from advancing in this clash, if any."""
    pool = list(breakers) if breakers is not None else [x for x in w.here() if x.eff == "break"]
    for x in pool:
        if x.owner != card_owner:
            return x
    return None


def advance(
    w: World, target: Card, c: Card, *, own: bool, breakers: Iterable[Card] | None = None, rule: str | None = None
) -> bool:
    """Advance ``target`` to the clash after the current one (if nothing stops it); returns whether it moved."""
    if w.clash >= CLASHES:
        w.say(f"{target.ref} cannot advance: nothing goes beyond Clash {roman(CLASHES)}", "elephants.base.advance")
        return False
    brk = blocked_by(w, target.owner, breakers)
    if brk is not None:
        w.say(f"{brk.ref} is active: {target.ref} cannot be advanced in this clash", "elephants.break.stops-enemies")
        w.say("Break counts from the clash it is active in", "elephants.interp.break-scope")
        return False
    came = target.clash
    target.clash = w.clash + 1
    target.resolved = False
    target.met = None
    target.adv += 1
    if own:
        target.self_adv += 1
    how = "advances itself" if own and target is c else f"is advanced by {c.ref}"
    whence = "" if came == w.clash else f" from Clash {roman(came)}"
    w.say(f"{target.ref} {how}{whence} to Clash {roman(w.clash + 1)}", rule or "elephants.base.advance")
    w.events.append(("advance", target.ref, w.clash + 1, c.ref))
    return True


def advance_from_hand(w: World, p: str, name: str, c: Card) -> bool:
    """``c`` advances ``name`` from ``p``'s hand face down into the next clash; whether it went."""
    if w.clash >= CLASHES:
        w.say(f"{name} cannot be advanced beyond Clash {roman(CLASHES)}", "elephants.base.advance")
        return False
    brk = blocked_by(w, p)
    if brk is not None:
        w.say(f"{brk.ref} is active: {p}'s {name} cannot be advanced", "elephants.break.stops-enemies")
        w.say("An advance from the hand is an advance like any other", "elephants.interp.advance-from-elsewhere")
        return False
    w.players[p].hand.remove(name)
    w.seq += 1
    w.board.append(Card(name, p, w.clash + 1, "prepared", w.seq, adv=1))
    w.say(
        f"{c.ref} advances a spell of {p}'s hand face down into Clash {roman(w.clash + 1)}",
        "elephants.interp.advance-from-elsewhere",
    )
    w.events.append(("from-hand", f"{p}:{name}", w.clash + 1, c.ref))
    return True


def to_pile(w: World, card: Card, pile_of: str) -> None:
    """Take ``card`` off the board into ``pile_of``'s discard pile."""
    w.board.remove(card)
    w.players[pile_of].pile.append(card.name)


def to_hand(w: World, card: Card, hand_of: str) -> None:
    """Take ``card`` off the board into ``hand_of``'s hand (a recall)."""
    w.board.remove(card)
    w.players[hand_of].hand.append(card.name)


def own_spells(w: World, c: Card, kind: str, *, others: bool = True) -> list[Card]:
    """The active spells of ``c``'s owner of type ``kind`` (``any``: all), ``c`` itself left out if ``others``."""
    return [x for x in w.here(c.owner) if (kind == "any" or kind in spell_types(x)) and not (others and x is c)]


def enemies_with(w: World, c: Card, kind: str) -> list[str]:
    """The enemies of ``c``'s owner who have an active spell of ``kind`` in the clash (harmable or not)."""
    return [e for e in w.order() if e != c.owner and any(kind in spell_types(x) for x in w.here(e))]


def either(w: World, ask: Ask, c: Card, options: Sequence[str], prompt: str) -> list[str]:
    """An either-or choice: one option, or all of them while the owner has an active Coalesce."""
    coalesce = [x for x in w.here(c.owner) if x.eff == "coalesce" and x is not c]
    if coalesce:
        w.say(f"{coalesce[0].ref} is active: {c.ref} does both", "elephants.interp.coalesce")
        w.say("Coalesce turns an either-or instruction into both", "elephants.spell.coalesce")
        return [picked(o) for o in options]
    return [picked(ask(w, c.owner, "choose", options, prompt, c))]


def num(c: Card, key: str, default: int = 0) -> int:
    """A number of the spell data for the spell ``c`` acts as (``damage``, ``heal``...)."""
    return int(SPELLS[c.eff].get(key, default))
