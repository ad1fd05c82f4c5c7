"""Elemental Elephants' whole game: every spell of the card list as code, one function each, in ``EFFECTS``.

Each is fed by the numbers of the spell data in ``rulebook/data/elephants.toml`` and cites the spell's
record (``elephants.spell.<name>``) and the rules it applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rulebook.elephants.primitives import (
    advance,
    advance_from_hand,
    bolster,
    cancel,
    cancel_all,
    cast_extra,
    damage,
    either,
    enemies_with,
    enemy_conjuries,
    heal,
    num,
    own_spells,
    spell_rule,
    strike,
    to_hand,
    to_pile,
)
from rulebook.elephants.tables import CLASHES, LIMITS, SPELLS, clash_number, roman
from rulebook.elephants.world import Ask, Card, World, picked, shield_of, spell_types
from rulebook.wording import plural

__all__ = ["EFFECTS", "Effect"]

Effect = Callable[[World, Ask, Card], None]


def _fireball(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "damage"))


def _quickshot(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "damage"))


def _starfall(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "damage"))


def _bedim(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "damage"))


def _crush(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "weaken"), "weakening")


def _bolts(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "weaken"), "weakening")


def _scorch(w: World, ask: Ask, c: Card) -> None:
    amount = num(c, "damage")
    w.say(f"{c.ref} hits every enemy and every enemy conjury it can", "elephants.interp.scorch-targets")
    hit = False
    for e in w.enemies(c.owner):
        damage(w, e, amount, c)
        hit = True
    targets = enemy_conjuries(w, c)  # judged once, before any conjury is cancelled
    for x in w.here():
        root = shield_of(w, x, c.owner) if SPELLS[x.eff].get("conjury") and w.harmable(x.owner) else None
        if root is not None:
            w.say(f"{x.ref} is shielded by {root.ref}: {c.ref} cannot hit it", "elephants.root.protects")
    for x in targets:
        w.say(f"{c.ref} also hits the conjury {x.ref}", "elephants.base.conjury")
        cancel(w, x, c, "elephants.interp.conjury-hit")
        hit = True
    if not hit:
        w.say(f"{c.ref} finds no enemy to hit", "elephants.base.invulnerable")


def _conditional(w: World, ask: Ask, c: Card, kind: str, others: bool, then: Callable[[], None]) -> None:
    mine = own_spells(w, c, kind, others=others)
    what = "another" if others else "an"
    if mine:
        w.say(f"{c.owner} has {what} active {kind} spell ({mine[0].ref}): {c.ref} acts", spell_rule(c))
        c.met = True
        then()
    else:
        w.say(f"{c.owner} has no {'other ' if others else ''}active {kind} spell: {c.ref} does nothing", spell_rule(c))
        c.met = False


def _ignite(w: World, ask: Ask, c: Card) -> None:
    _conditional(w, ask, c, "attack", True, lambda: strike(w, ask, c, num(c, "damage")))


def _aftershocks(w: World, ask: Ask, c: Card) -> None:
    _conditional(w, ask, c, "attack", True, lambda: strike(w, ask, c, num(c, "damage")))


def _flow(w: World, ask: Ask, c: Card) -> None:
    _conditional(w, ask, c, "remedy", True, lambda: heal(w, c.owner, num(c, "heal"), c))


def _besiege(w: World, ask: Ask, c: Card) -> None:
    _conditional(w, ask, c, "remedy", False, lambda: strike(w, ask, c, num(c, "damage")))


def _defend(w: World, ask: Ask, c: Card) -> None:
    _conditional(w, ask, c, "attack", False, lambda: heal(w, c.owner, num(c, "heal"), c))


def _nourish(w: World, ask: Ask, c: Card) -> None:
    heal(w, c.owner, num(c, "heal"), c)


def _slumber(w: World, ask: Ask, c: Card) -> None:
    heal(w, c.owner, num(c, "heal"), c)


def _reinforce(w: World, ask: Ask, c: Card) -> None:
    bolster(w, c.owner, num(c, "bolster"), c)


def _nightglow(w: World, ask: Ask, c: Card) -> None:
    bolster(w, c.owner, num(c, "bolster"), c)


def _renew(w: World, ask: Ask, c: Card) -> None:
    bolster(w, c.owner, num(c, "bolster"), c)
    heal(w, c.owner, num(c, "heal"), c)


def _cleanse(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "damage"))
    heal(w, c.owner, num(c, "heal"), c)


def _glare(w: World, ask: Ask, c: Card) -> None:
    strike(w, ask, c, num(c, "weaken"), "weakening")
    strike(w, ask, c, num(c, "damage"))


def _impact(w: World, ask: Ask, c: Card) -> None:
    count = len(own_spells(w, c, "any", others=False))
    w.say(f"{c.owner} has {plural(count, 'active spell')} in the clash, {c.ref} counted", spell_rule(c))
    strike(w, ask, c, count)


def _turbulence(w: World, ask: Ask, c: Card) -> None:
    reading = w.options["turbulence-condition"]
    if reading == "any-spell":
        earlier = [r for r in w.history if r != c.ref or c.times]
        seen = bool(earlier)
        w.say(
            "Spells resolved earlier this round: " + (", ".join(earlier) if earlier else "none"),
            "elephants.response.sees-the-round",
            "elephants.public.turbulence-card",
        )
        w.say("Stronger whenever any spell resolved earlier this round", "elephants.interp.turbulence-condition")
    elif reading == "this-spell":
        seen = c.times > 0
        w.say(
            f"{c.ref} {'has' if seen else 'has not'} resolved in an earlier clash this round",
            "elephants.interp.turbulence-condition",
        )
    else:
        seen = c.adv >= num(c, "advances_needed", 2)
        w.say(f"{c.ref} has advanced {plural(c.adv, 'time')} this round", "elephants.interp.turbulence-condition")
        w.say("The card list of 2025-09-09: stronger after two advances", "elephants.public.turbulence-card")
    strike(w, ask, c, num(c, "damage_if_seen" if seen else "damage"))


def _blow(w: World, ask: Ask, c: Card) -> None:
    clashes = sorted({x.clash for x in w.past(c.owner) if x.state != "cancelled"})
    if not clashes:
        w.say(f"{c.owner} has no spell left in a past clash: {c.ref} advances nothing", spell_rule(c))
        return
    pick = int(
        picked(
            ask(w, c.owner, "from", [f"from {n}" for n in clashes], f"the past clash whose spells {c.ref} advances", c)
        )
    )
    w.say(f"{c.ref} advances {c.owner}'s spells from Clash {roman(pick)}", spell_rule(c))
    for x in [x for x in w.past(c.owner) if x.clash == pick and x.state != "cancelled"]:
        advance(w, x, c, own=False, rule="elephants.interp.advance-from-elsewhere")


def _gust(w: World, ask: Ask, c: Card) -> None:
    mine = w.here(c.owner)
    answer = picked(ask(w, c.owner, "advance", [f"advance {x.ref}" for x in mine], f"the spell {c.ref} advances", c))
    target = w.card(answer)
    w.say(f"{c.ref} advances one active spell of {c.owner}: {target.ref}", spell_rule(c))
    advance(w, target, c, own=target is c)


def _seed(w: World, ask: Ask, c: Card) -> None:
    past = [x for x in w.past(c.owner) if x.state != "cancelled"]
    if not past:
        w.say(f"{c.owner} has no past spell for {c.ref} to advance", spell_rule(c))
        return
    answer = picked(
        ask(w, c.owner, "advance", [f"advance {x.ref}" for x in past], f"the past spell {c.ref} advances", c)
    )
    w.say(f"{c.ref} advances one past spell of {c.owner}", spell_rule(c))
    advance(w, w.card(answer), c, own=False, rule="elephants.interp.advance-from-elsewhere")


def _repeater(w: World, ask: Ask, c: Card) -> None:
    others = [x for x in w.here(c.owner) if x is not c]
    if not others:
        w.say(f"{c.owner} has no other active spell for {c.ref} to advance", spell_rule(c))
        return
    answer = picked(ask(w, c.owner, "advance", [f"advance {x.ref}" for x in others], f"the spell {c.ref} advances", c))
    w.say(f"{c.ref} advances another active spell of {c.owner}", spell_rule(c))
    advance(w, w.card(answer), c, own=False)


def _gleam(w: World, ask: Ask, c: Card) -> None:
    player = w.players[c.owner]
    done = 0
    while done < num(c, "from_hand") and player.hand:
        options = ["advance none"] + [f"advance {n}" for n in dict.fromkeys(player.hand)]
        answer = picked(ask(w, c.owner, "advance", options, f"a spell of the hand for {c.ref} to advance", c))
        if answer == "none":
            break
        if not advance_from_hand(w, c.owner, answer, c):
            break
        done += 1
    w.say(f"{c.ref} advances {plural(done, 'spell')} from {c.owner}'s hand", spell_rule(c))


def _quake(w: World, ask: Ask, c: Card) -> None:
    foes = w.enemies(c.owner)
    if not foes:
        w.say(f"{c.ref} has no enemy to name", "elephants.base.invulnerable")
        return
    foe = picked(ask(w, c.owner, "target", [f"target {e}" for e in foes], f"the enemy {c.ref} makes discard", c))
    _forced_discard(w, ask, c, foe)


def _forced_discard(w: World, ask: Ask, c: Card, foe: str) -> None:
    hand = w.players[foe].hand
    if not hand:
        w.say(f"{foe} has no spell in hand to discard", spell_rule(c))
        return
    pick = picked(
        ask(w, foe, "discard", [f"discard {n}" for n in dict.fromkeys(hand)], "the spell to discard from the hand", c)
    )
    hand.remove(pick)
    w.players[foe].pile.append(pick)
    w.say(f"{c.ref} makes {foe} discard a spell from their hand ({pick})", spell_rule(c))
    w.say(f"{foe} picks it and discards it into their own pile", "elephants.interp.forced-discard")
    w.events.append(("discard-hand", foe, pick, c.ref))


def _grow(w: World, ask: Ask, c: Card) -> None:
    per = len(own_spells(w, c, "any"))
    for pick in either(w, ask, c, ["heal flat", "heal per-spell"], f"how {c.ref} heals"):
        heal(w, c.owner, num(c, "heal") if pick == "flat" else per, c)


def _prickle(w: World, ask: Ask, c: Card) -> None:
    per = len(own_spells(w, c, "any"))
    for pick in either(w, ask, c, ["damage flat", "damage per-spell"], f"how {c.ref} deals damage"):
        strike(w, ask, c, num(c, "damage") if pick == "flat" else per)


def _crepuscule(w: World, ask: Ask, c: Card) -> None:
    for pick in either(w, ask, c, ["choose damage", "choose heal"], f"what {c.ref} does"):
        if pick == "damage":
            strike(w, ask, c, num(c, "damage"))
        else:
            heal(w, c.owner, num(c, "heal"), c)


def _eventide(w: World, ask: Ask, c: Card) -> None:
    for pick in either(w, ask, c, ["choose cancel", "choose advance"], f"what {c.ref} does"):
        if pick == "cancel":
            pool = [x for x in w.here() if x is not c and shield_of(w, x, c.owner) is None]
            for x in w.here():  # the spells Root keeps out of the choice, named as a player will ask
                if (root := shield_of(w, x, c.owner)) is not None:
                    w.say(f"{x.ref} is shielded by {root.ref}: {c.ref} cannot cancel it", "elephants.root.protects")
            if not pool:
                w.say(f"{c.ref} finds no spell it may cancel", spell_rule(c))
                continue
            answer = picked(
                ask(w, c.owner, "cancel", [f"cancel {x.ref}" for x in pool], f"the spell {c.ref} cancels", c)
            )
            cancel(w, w.card(answer), c, spell_rule(c))
        else:
            hand = w.players[c.owner].hand
            if not hand:
                w.say(f"{c.owner} has no spell in hand to advance", spell_rule(c))
                continue
            answer = picked(
                ask(
                    w,
                    c.owner,
                    "advance",
                    [f"advance {n}" for n in dict.fromkeys(hand)],
                    f"the spell {c.ref} advances",
                    c,
                )
            )
            advance_from_hand(w, c.owner, answer, c)


def _past_root_shields_nothing(w: World, gone: Card) -> None:
    """Say that a Root beside ``gone`` in its past clash shields nothing (it is not active), as a player will ask."""
    root = next((x for x in w.past(gone.owner) if x.eff == "root" and x.clash == gone.clash and x is not gone), None)
    if root is not None:
        w.say(
            f"{root.ref} lies in Clash {roman(root.clash)}, a past clash: not active, it shields nothing",
            "elephants.interp.active",
        )


def _daybreak(w: World, ask: Ask, c: Card) -> None:
    for pick in either(w, ask, c, ["choose recall", "choose discard"], f"what {c.ref} does"):
        if pick == "recall":
            mine = w.past(c.owner)
            if not mine:
                w.say(f"{c.owner} has no past spell to recall", spell_rule(c))
                continue
            answer = picked(ask(w, c.owner, "recall", [f"recall {x.ref}" for x in mine], "the past spell recalled", c))
            to_hand(w, w.card(answer), c.owner)
            w.say(f"{c.ref} recalls {answer} to {c.owner}'s hand", spell_rule(c))
            w.say("A recall takes a spell into the hand", "elephants.base.discard-recall")
            w.events.append(("recall", answer, c.ref))
        else:
            theirs = [x for e in w.enemies(c.owner) for x in w.past(e)]
            if not theirs:
                w.say("No enemy has a past spell to discard", spell_rule(c))
                continue
            answer = picked(
                ask(w, c.owner, "discard", [f"discard {x.ref}" for x in theirs], "the enemy's past spell discarded", c)
            )
            gone = w.card(answer)
            _past_root_shields_nothing(w, gone)
            to_pile(w, gone, c.owner)
            w.say(f"{c.ref} discards {answer} into {c.owner}'s own pile", spell_rule(c))
            w.events.append(("discard-board", answer, c.owner, c.ref))
            w.say("A discarded enemy spell lands in the discarder's pile", "elephants.base.discard-recall")


def _constellation(w: World, ask: Ask, c: Card) -> None:
    # The card list of 2025-09-09: one of its owner's active or past spells; itself last, as a last resort.
    mine = [x for x in w.here(c.owner) if x is not c] + w.past(c.owner) + ([c] if c in w.here(c.owner) else [])
    w.say(
        f"{c.ref} may recall one of {c.owner}'s active spells (itself included) or past spells",
        "elephants.interp.constellation-recall",
    )
    if not mine:
        w.say(f"{c.owner} has no active or past spell for {c.ref} to recall", spell_rule(c))
        return
    answer = picked(
        ask(w, c.owner, "recall", [f"recall {x.ref}" for x in mine], f"the active or past spell {c.ref} recalls", c)
    )
    to_hand(w, w.card(answer), c.owner)
    w.say(f"{c.ref} recalls {answer} to {c.owner}'s hand", spell_rule(c))
    w.say("A recall takes a spell into the hand", "elephants.base.discard-recall")
    w.events.append(("recall", answer, c.ref))


def _reflect(w: World, ask: Ask, c: Card) -> None:
    foes = [e for e in enemies_with(w, c, "attack") if w.harmable(e)]
    if not foes:
        w.say(f"No enemy has an active attack spell: {c.ref} does nothing", spell_rule(c))
    for e in foes:
        damage(w, e, num(c, "damage"), c)


def _familiar(w: World, ask: Ask, c: Card) -> None:
    foes = [e for e in enemies_with(w, c, "attack") if w.harmable(e)]
    if not foes:
        w.say(f"No enemy has an active attack spell: {c.ref} does nothing", spell_rule(c))
    for e in foes:
        attacks = [x for x in w.here(e) if "attack" in spell_types(x)]
        best = max(attacks, key=lambda x: int(SPELLS[x.eff].get("damage", 1)))
        amount = int(SPELLS[best.eff].get("damage", 1))
        rest = ", ".join(f"{x.ref} {int(SPELLS[x.eff].get('damage', 1))}" for x in attacks if x is not best)
        most = f", the highest of {e}'s attack spells (the others: {rest})" if rest else ""
        w.say(f"{c.ref} copies the damage of {best.ref}: {amount}{most}", "elephants.interp.familiar-damage")
        damage(w, e, amount, c)


def _dominion(w: World, ask: Ask, c: Card) -> None:
    hit = False
    for e in w.enemies(c.owner):
        boosts = [x for x in w.here(e) if "boost" in spell_types(x)]
        if boosts:
            w.say(f"{e} has {plural(len(boosts), 'active boost spell')}", spell_rule(c))
            damage(w, e, num(c, "damage") * len(boosts), c)
            hit = True
    if not hit:
        w.say(f"No enemy has an active boost spell: {c.ref} does nothing", spell_rule(c))


def _enfeeble(w: World, ask: Ask, c: Card) -> None:
    foes = [e for e in enemies_with(w, c, "boost") if w.harmable(e)]
    for e in foes:
        w.say(f"{e} has an active boost spell: {c.ref} damages them", "elephants.interp.enfeeble-hits")
        damage(w, e, num(c, "damage"), c)
    if not foes:
        # Say why: an enemy's cancelled boost spell in this clash is on view but not active.
        idle = [
            x.ref
            for x in w.board
            if x.clash == w.clash and x.owner != c.owner and x.state == "cancelled" and "boost" in spell_types(x)
        ]
        if idle:
            verb = "is" if len(idle) == 1 else "are"
            said = f"{', '.join(idle)} {verb} cancelled: on view, but not active for anything"
            w.say(said, "elephants.cancelled.visible")
        w.say("No enemy who can be harmed has an active boost spell", "elephants.interp.enfeeble-hits")
    c.met = bool(foes)
    w.say(
        f"{c.ref} {'dealt' if foes else 'dealt no'} damage, so it {'will' if foes else 'will not'} advance",
        "elephants.advance.enfeeble-if-damaged",
    )


def _punishment(w: World, ask: Ask, c: Card) -> None:
    if enemies_with(w, c, "boost"):
        w.say(f"An enemy has an active boost spell: {c.ref} acts", spell_rule(c))
        c.met = True
        strike(w, ask, c, num(c, "damage"))
    else:
        w.say(f"No enemy has an active boost spell: {c.ref} does nothing", spell_rule(c))
        c.met = False


def _absorb(w: World, ask: Ask, c: Card) -> None:
    if enemies_with(w, c, "attack"):
        w.say(f"An enemy has an active attack spell: {c.ref} acts", spell_rule(c))
        bolster(w, c.owner, num(c, "bolster"), c)
        heal(w, c.owner, num(c, "heal"), c)
    else:
        w.say(f"No enemy has an active attack spell: {c.ref} does nothing", spell_rule(c))


def _agonize(w: World, ask: Ask, c: Card) -> None:
    w.say(
        f"{c.ref} has advanced {plural(c.adv, 'time')} this round; only its own advances count",
        "elephants.interp.agonize-condition",
    )
    if c.adv:
        c.met = True
        strike(w, ask, c, num(c, "damage"))
    else:
        c.met = False
        w.say(f"{c.ref} has not advanced: it does nothing", spell_rule(c))


def _encumber(w: World, ask: Ask, c: Card) -> None:
    foes = enemies_with(w, c, "remedy")
    c.met = bool(foes)
    if not foes:
        w.say(f"No enemy has an active remedy spell: {c.ref} cancels nothing and will advance", spell_rule(c))
        return
    for e in foes:
        w.say(f"{e} has an active remedy spell: {c.ref} cancels their spells", spell_rule(c))
        cancel_all(w, w.here(e), c, spell_rule(c))


def _sap(w: World, ask: Ask, c: Card) -> None:
    boosts = [x for e in enemies_with(w, c, "boost") for x in w.here(e) if "boost" in spell_types(x)]
    pool = [x for x in boosts if shield_of(w, x, c.owner) is None]
    if not boosts:
        w.say(f"No enemy has an active boost spell: {c.ref} does nothing", spell_rule(c))
        return
    for x in boosts:
        if x not in pool:
            root = shield_of(w, x, c.owner)
            w.say(
                f"{x.ref} is shielded by {root.ref if root else 'Root'}: it cannot be recalled",
                "elephants.root.protects",
            )
    if not pool:
        return
    answer = picked(ask(w, c.owner, "recall", [f"recall {x.ref}" for x in pool], f"the boost spell {c.ref} recalls", c))
    target = w.card(answer)
    to_hand(w, target, c.owner)
    w.say(f"{c.ref} recalls {answer} into {c.owner}'s hand", spell_rule(c))
    w.say("A recall takes a spell into the hand", "elephants.base.discard-recall")
    w.events.append(("recall", answer, c.ref))


def _shrine(w: World, ask: Ask, c: Card) -> None:
    shown: list[str] = []
    for e in w.enemies(c.owner):
        hand = w.players[e].hand
        if not hand:
            continue
        pick = picked(ask(w, e, "show", [f"show {n}" for n in dict.fromkeys(hand)], f"the spell to show to {c.ref}", c))
        shown.append(f"{e}:{pick}")
        w.say(f"{e} shows {pick}", "elephants.interp.shrine")
    if not shown:
        w.say(f"No enemy has a spell in hand: {c.ref} takes nothing", spell_rule(c))
        return
    answer = picked(ask(w, c.owner, "take", [f"take {s}" for s in shown], f"the shown spell {c.ref} takes", c))
    foe, name = answer.split(":")
    w.players[foe].hand.remove(name)
    w.players[c.owner].hand.append(name)
    w.say(f"{c.ref} takes {name} from {foe}'s hand into {c.owner}'s", spell_rule(c))
    w.events.append(("take", answer, c.ref))


def _imitate(w: World, ask: Ask, c: Card) -> None:
    pool = [x for x in w.here() if x.owner != c.owner]
    if not pool:
        w.say(f"No enemy spell is active: {c.ref} copies nothing", spell_rule(c))
        return
    answer = picked(ask(w, c.owner, "copy", [f"copy {x.ref}" for x in pool], f"the enemy spell {c.ref} copies", c))
    c.copy = w.card(answer).eff
    c.resolved = False
    w.say(
        f"{c.ref} copies {answer}: priority {SPELLS[c.copy]['priority']}, its types and instructions",
        "elephants.spell.imitate",
    )
    w.say(f"{c.ref} now waits to resolve as {c.copy}", "elephants.interp.imitate")


def _gravitate(w: World, ask: Ask, c: Card) -> None:
    if w.clash >= CLASHES:
        w.say(
            f"In Clash {roman(CLASHES)} Gravitate has no later clash: nothing moves",
            "elephants.gravitate.not-in-clash-iv",
        )
        return
    pool = [x for x in w.here() if x is not c]
    w.say(f"{c.ref} sends one active spell of the clash to a later clash", spell_rule(c))
    if not pool:
        w.say(f"No other spell is active: {c.ref} moves nothing", "elephants.interp.gravitate-targets")
        return
    options = [f"move {x.ref}" for x in pool]
    may = w.options["gravitate-move"] == "may"
    if may:
        options.append("move none")
    w.say(
        "Gravitate's move is " + ("optional (gravitate-move=may)" if may else "compulsory"),
        "elephants.interp.gravitate-move",
    )
    answer = picked(ask(w, c.owner, "move", options, f"the spell {c.ref} moves", c))
    if answer == "none":
        w.say(f"{c.owner} moves nothing", "elephants.interp.gravitate-move")
        return
    target = w.card(answer)
    later = [f"to {roman(n)}" for n in range(w.clash + 1, CLASHES + 1)]
    dest = clash_number(picked(ask(w, c.owner, "to", later, f"the clash {target.ref} goes to", c)))
    root = shield_of(w, target, c.owner)
    stops = [*([root] if root else []), *(x for x in w.here() if x.eff == "break" and x.owner != target.owner)]
    target.clash, target.resolved, target.met = dest, False, None
    w.say(
        f"{c.ref} moves {target.ref} from Clash {roman(w.clash)} to Clash {roman(dest)}",
        "elephants.gravitate.current-to-future",
    )
    w.say("Gravitate may move any active spell but itself", "elephants.interp.gravitate-targets")
    if stops:
        w.say(
            f"{' and '.join(x.ref for x in stops)} {'do' if len(stops) > 1 else 'does'} not stop it: a move is not "
            "a cancel, recall, discard or advance",
            "elephants.interp.move-is-not-advance",
        )
    w.say(f"{target.ref} will not resolve or advance in Clash {roman(w.clash)}", "elephants.moved.not-here")
    w.events.append(("move", target.ref, dest, c.ref))


def _wormhole(w: World, ask: Ask, c: Card) -> None:
    if w.clash >= CLASHES:
        w.say(f"In Clash {roman(CLASHES)} there is no later clash: {c.ref} moves nothing", "elephants.interp.wormhole")
    else:
        movable = {x.clash for x in w.board if x is not c and x.state != "cancelled"}
        sources = [n for n in range(1, CLASHES + 1) if n in movable]
        if not sources:
            w.say(f"No spell to move: {c.ref} moves nothing", "elephants.interp.wormhole")
        else:
            src = int(picked(ask(w, c.owner, "from", [f"from {n}" for n in sources], f"the clash {c.ref} empties", c)))
            later = [f"to {roman(n)}" for n in range(w.clash + 1, CLASHES + 1) if n != src]
            if not later:
                w.say(
                    f"No later clash other than Clash {roman(src)}: {c.ref} moves nothing", "elephants.interp.wormhole"
                )
            else:
                dest = clash_number(picked(ask(w, c.owner, "to", later, f"where {c.ref} sends them", c)))
                moved = [x for x in w.board if x.clash == src and x is not c and x.state != "cancelled"]
                for x in moved:
                    x.clash, x.resolved, x.met = dest, False, None
                    w.events.append(("move", x.ref, dest, c.ref))
                w.say(
                    f"{c.ref} moves {', '.join(x.ref for x in moved)} from Clash {roman(src)} to Clash {roman(dest)}",
                    "elephants.interp.wormhole",
                )
    if c in w.board:
        to_pile(w, c, c.owner)
        w.say(f"{c.ref} goes to {c.owner}'s discard pile", spell_rule(c))


def _illuminate(w: World, ask: Ask, c: Card) -> None:
    top = LIMITS["illuminate_max"]
    w.say(
        f"Illuminate casts 0 to {top} extra spells, as its owner chooses",
        "elephants.optional.illuminate",
        "elephants.public.illuminate-card",
    )
    w.say("The sheet's two is followed, not the card list's one", "elephants.erratum.illuminate-count")
    cast_extra(w, ask, c, top)


def _blood(w: World, ask: Ask, c: Card, then: Callable[[], None]) -> None:
    answer = ask(w, c.owner, "blood", ["use", "pass"], f"whether to use {c.ref}", c)
    w.say(f"{c.ref} is a Blood spell: its owner may pass", "elephants.optional.blood")
    if answer == "pass":
        w.say(f"{c.owner} passes: no damage taken, no benefit", "elephants.optional.blood")
        c.met = False
        return
    c.met = True
    damage(w, c.owner, num(c, "self_damage"), c, "elephants.optional.blood")
    then()


def _offering(w: World, ask: Ask, c: Card) -> None:
    _blood(w, ask, c, lambda: strike(w, ask, c, num(c, "damage")))


def _ritual(w: World, ask: Ask, c: Card) -> None:
    def then() -> None:
        count = len(own_spells(w, c, "attack", others=False))
        w.say(f"{c.owner} has {plural(count, 'active attack spell')}", spell_rule(c))
        strike(w, ask, c, count, "weakening")

    _blood(w, ask, c, then)


def _overexert(w: World, ask: Ask, c: Card) -> None:
    _blood(w, ask, c, lambda: cast_extra(w, ask, c, num(c, "extra")))


def _electrocute(w: World, ask: Ask, c: Card) -> None:
    mine = [x for x in w.board if x.owner == c.owner and x is not c and (x.clash < w.clash or x in w.here())]
    cost = w.options["electrocute-cost"]
    w.say(
        "Electrocute is optional; its owner gives up one of their own spells first",
        "elephants.optional.electrocute",
        "elephants.public.electrocute-card",
    )
    w.say(
        "Its owner " + ("discards" if cost == "discard" else "recalls") + f" that spell (electrocute-cost={cost})",
        "elephants.interp.electrocute-cost",
    )
    if not mine:
        w.say(
            f"{c.owner} has no other spell on the board to give up: Electrocute cannot be used",
            "elephants.optional.electrocute",
        )
        c.met = False
        return
    if not w.enemies(c.owner):
        w.say(f"{c.ref} has no enemy to aim at", "elephants.base.invulnerable")
        c.met = False
        return
    if ask(w, c.owner, "use", ["use", "pass"], f"whether to use {c.ref}", c) == "pass":
        w.say(f"{c.owner} passes: nothing is given up or discarded", "elephants.optional.electrocute")
        c.met = False
        return
    c.met = True
    answer = picked(ask(w, c.owner, "give", [f"give {x.ref}" for x in mine], f"the spell given up for {c.ref}", c))
    given = w.card(answer)
    if cost == "discard":
        to_pile(w, given, c.owner)
        w.say(f"{c.owner} discards {answer}", "elephants.optional.electrocute")
    else:
        to_hand(w, given, c.owner)
        w.say(f"{c.owner} recalls {answer} to their hand", "elephants.public.electrocute-card")
    w.events.append(("give", answer, cost, c.ref))
    foe = picked(
        ask(w, c.owner, "target", [f"target {e}" for e in w.enemies(c.owner)], f"the enemy {c.ref} makes discard", c)
    )
    _forced_discard(w, ask, c, foe)


def _surge(w: World, ask: Ask, c: Card) -> None:
    hand = w.players[c.owner].hand
    done = 0
    while done < num(c, "most") and hand:
        options = ["discard none"] + [f"discard {n}" for n in dict.fromkeys(hand)]
        answer = picked(ask(w, c.owner, "discard", options, f"a spell of the hand to discard for {c.ref}", c))
        if answer == "none":
            break
        hand.remove(answer)
        w.players[c.owner].pile.append(answer)
        done += 1
    w.say(f"{c.owner} discards {plural(done, 'spell')} from their hand for {c.ref}", spell_rule(c))
    if done:
        strike(w, ask, c, num(c, "damage") * done)


def _clap(w: World, ask: Ask, c: Card) -> None:
    taken = False
    w.say(f"{c.ref} cancels one spell of each enemy with two or more active spells", spell_rule(c))
    for e in w.enemies(c.owner):
        theirs = w.here(e)
        if len(theirs) < LIMITS["clap_min_active"]:
            w.say(
                f"{e} has {plural(len(theirs), 'active spell')}, fewer than 2: not affected", "elephants.clap.targets"
            )
            continue
        pool = [x for x in theirs if shield_of(w, x, c.owner) is None]
        if len(pool) < len(theirs):
            w.say("Shielded spells count, but only an unshielded one can be taken", "elephants.interp.clap-count")
            for x in theirs:
                if (root := shield_of(w, x, c.owner)) is not None:
                    w.say(f"{x.ref} is shielded by {root.ref}: {c.ref} cannot take it", "elephants.root.protects")
        answer = picked(
            ask(w, c.owner, "cancel", [f"cancel {x.ref}" for x in pool], f"{c.ref}'s cancel among {e}'s spells", c)
        )
        w.say(f"{e} has {len(theirs)} active spells: {c.ref} takes one", "elephants.clap.targets")
        taken = cancel(w, w.card(answer), c, "elephants.clap.targets") or taken
    c.met = taken
    w.say(
        f"{c.ref} cancelled an enemy spell, so its owner's spells will advance"
        if taken
        else f"{c.ref} cancelled no enemy spell, so it advances nothing",
        "elephants.advance.clap-if-cancelled",
    )


def _stupefy(w: World, ask: Ask, c: Card) -> None:
    foes = enemies_with(w, c, "attack")
    w.say(f"{c.ref} damages each enemy with an active attack spell, then cancels those spells", spell_rule(c))
    w.say("First effect in full, then the second", "elephants.resolve.effects-in-order")
    if not foes:
        w.say("No enemy has an active attack spell: Stupefy does nothing", "elephants.resolve.stupefy")
    for e in foes:
        if w.harmable(e):
            damage(w, e, num(c, "damage"), c, "elephants.resolve.stupefy")
    for e in foes:
        for x in [x for x in w.here(e) if "attack" in spell_types(x)]:
            cancel(w, x, c, "elephants.interp.stupefy-cancels-attacks")


def _passive(w: World, ask: Ask, c: Card) -> None:
    what = {
        "accelerator": "its owner's other spells resolve sooner while it is active",
        "root": "its owner's other spells in the clash are shielded while it is active",
        "break": "enemy spells cannot advance in this clash while it is active",
        "coalesce": "its owner's either-or spells do both while it is active",
    }[c.eff]
    w.say(f"{c.ref} resolves with no instruction of its own: {what}", spell_rule(c))


EFFECTS: Mapping[str, Effect] = {
    "fireball": _fireball,
    "scorch": _scorch,
    "ignite": _ignite,
    "nourish": _nourish,
    "flow": _flow,
    "cleanse": _cleanse,
    "turbulence": _turbulence,
    "blow": _blow,
    "gust": _gust,
    "crush": _crush,
    "aftershocks": _aftershocks,
    "quake": _quake,
    "seed": _seed,
    "grow": _grow,
    "prickle": _prickle,
    "reinforce": _reinforce,
    "besiege": _besiege,
    "defend": _defend,
    "accelerator": _passive,
    "repeater": _repeater,
    "quickshot": _quickshot,
    "gravitate": _gravitate,
    "wormhole": _wormhole,
    "impact": _impact,
    "reflect": _reflect,
    "glare": _glare,
    "illuminate": _illuminate,
    "slumber": _slumber,
    "nightglow": _nightglow,
    "bedim": _bedim,
    "familiar": _familiar,
    "sap": _sap,
    "imitate": _imitate,
    "gleam": _gleam,
    "starfall": _starfall,
    "constellation": _constellation,
    "offering": _offering,
    "ritual": _ritual,
    "overexert": _overexert,
    "renew": _renew,
    "shrine": _shrine,
    "dominion": _dominion,
    "agonize": _agonize,
    "encumber": _encumber,
    "enfeeble": _enfeeble,
    "punishment": _punishment,
    "root": _passive,
    "absorb": _absorb,
    "bolts": _bolts,
    "electrocute": _electrocute,
    "surge": _surge,
    "clap": _clap,
    "break": _passive,
    "stupefy": _stupefy,
    "crepuscule": _crepuscule,
    "eventide": _eventide,
    "daybreak": _daybreak,
    "coalesce": _passive,
}


assert set(EFFECTS) == set(SPELLS), sorted(set(SPELLS) ^ set(EFFECTS))
