"""Elemental Elephants' whole game, unit by unit: the draft, a round's clashes (Prepare, Cast, Resolve,
Advance), trunks lost, and the end of a round (keep or discard, new sets, recalls).

[`play_unit`][rulebook.elephants.rounds.play_unit] carries out the unit of play ``World.step`` names; it may
ask for decisions, and so stop part-way.
"""

from __future__ import annotations

from rulebook.elephants.primitives import advance, blocked_by, spell_rule, to_pile
from rulebook.elephants.spells import EFFECTS
from rulebook.elephants.tables import CLASHES, LIMITS, PRIORITY_A, SETS, SPELLS, roman
from rulebook.elephants.world import Ask, Card, World, picked, priority_of, spell_types
from rulebook.wording import plural

__all__ = ["play_unit", "start_clash", "trunk_losses"]


def trunk_losses(w: World) -> None:
    """After a spell has finished: players at 0 lose a trunk; the game or the round may end."""
    lost = False
    for p in w.order():
        player = w.players[p]
        if player.down or player.health > 0:
            continue
        lost = True
        if player.max_health <= 0:
            w.say(
                f"{p}'s maximum health was weakened to 0: that costs a trunk too",
                "elephants.interp.zero-from-any-cause",
            )
        player.trunks -= 1
        for card in [x for x in w.board if x.owner == p]:
            to_pile(w, card, p)
        player.down = True
        low, high = LIMITS["trunk_health_low"], LIMITS["trunk_health_high"]
        player.max_health = min(high, max(low, player.max_health))
        player.health = player.max_health
        w.say(
            f"{p} is at 0: loses a trunk ({plural(player.trunks, 'trunk')} left), discards their spells on the "
            "board, and sits out the rest of the round",
            "elephants.base.health-zero",
        )
        w.say(f"{p} can no longer be targeted or cast spells this round", "elephants.base.invulnerable")
        w.say(f"{p}'s health starts again at {player.health}", "elephants.interp.trunk-loss-health")
        w.events.append(("trunk", p))
        if player.trunks <= 0:
            player.out = True
            w.say(f"{p} has no trunk left and is out of the game", "elephants.base.game-end")
    if not lost:
        return
    alive = [p for p in w.seats if not w.players[p].out]
    if len(alive) <= 1:
        w.winner = alive[0] if alive else None
        if alive:
            w.say(f"{alive[0]} is the last player with a trunk and wins", "elephants.base.game-end")
        else:
            w.say("The last trunks were lost together: the game is a draw", "elephants.interp.game-draw")
        w.step = ("over",)
        return
    standing = [p for p in w.order() if w.harmable(p)]
    if len(standing) <= 1:
        w.say(
            f"Only {standing[0]} can still be harmed: the round ends at once"
            if standing
            else "No one can still be harmed: the round ends at once",
            "elephants.base.round-ends-early",
        )
        w.step = ("endround",)


def _draft(w: World, ask: Ask, i: int) -> None:
    order = w.order()
    p = order[i % len(order)]
    answer = picked(ask(w, p, "draft", [f"draft {s}" for s in w.deck], "a spell set to draft"))
    w.deck.remove(answer)
    w.players[p].hand.extend(SETS[answer])
    w.say(f"{p} drafts {answer}: {', '.join(SETS[answer])}", "elephants.base.setup")
    w.say("Every set is open to the draft", "elephants.interp.open-draft")
    if i == 0:
        w.say(f"The {len(SETS)} sets are those of the card list of 2025-09-09", "elephants.base.card-list")
    w.step = ("draft", i + 1) if i + 1 < len(order) * LIMITS["draft_rounds"] else ("form", 0)


def _form(w: World, ask: Ask, i: int) -> None:
    order = w.order()
    p = order[i]
    player = w.players[p]
    kept = LIMITS["hand_start"]
    while len(player.hand) > kept:
        answer = picked(
            ask(w, p, "discard", [f"discard {n}" for n in player.hand], "a drafted spell to leave out of the hand")
        )
        player.hand.remove(answer)
        player.pile.append(answer)
        w.say(f"{p} puts {answer} into their discard pile", "elephants.base.setup")
    w.say(f"{p} keeps a hand of {plural(len(player.hand), 'spell')}", "elephants.base.setup")
    if i + 1 < len(order):
        w.step = ("form", i + 1)
    else:
        start_clash(w)


def start_clash(w: World) -> None:
    """A clash begins: its Prepare phase, from the first player in turn order."""
    w.step = ("prepare", 0)


def _prepare(w: World, ask: Ask, i: int) -> None:
    order = w.order()
    p = order[i]
    player = w.players[p]
    if i == 0:
        w.say(f"Round {w.round}, Clash {roman(w.clash)}: Prepare, in turn order", "elephants.base.round")
    if player.down:
        pass
    elif not player.hand:
        w.say(f"{p} has no spell in hand and prepares nothing", "elephants.interp.empty-hand-prepare")
    else:
        answer = picked(
            ask(w, p, "cast", [f"cast {n}" for n in player.hand], f"the spell to prepare for Clash {roman(w.clash)}")
        )
        player.hand.remove(answer)
        w.seq += 1
        w.board.append(Card(answer, p, w.clash, "prepared", w.seq))
        w.say(f"{p} prepares a spell face down in Clash {roman(w.clash)}", "elephants.base.round")
        w.events.append(("prepare", f"{p}:{answer}"))
    if i + 1 < len(order):
        w.step = ("prepare", i + 1)
    else:
        w.step = ("cast",)


def _cast(w: World) -> None:
    turned = [c for c in w.board if c.clash == w.clash and c.state == "prepared"]
    for c in turned:
        c.state = "active"
    waiting = [c for c in w.here() if c not in turned]
    text = f"Clash {roman(w.clash)} Cast: " + (", ".join(c.ref for c in turned) or "nothing") + " turned face up"
    if waiting:
        text += f"; {', '.join(c.ref for c in waiting)} arrived earlier"
    w.say(text, "elephants.base.round")
    w.step = ("resolve",)


def _resolve(w: World, ask: Ask) -> None:
    seat = {p: i for i, p in enumerate(w.order())}
    waiting = []
    for c in w.here():
        eff = priority_of(w, c)
        if not c.resolved and eff != PRIORITY_A:
            waiting.append((int(eff), seat.get(c.owner, 99), c.seq, c, eff))
    if not waiting:
        w.step = ("advance",)
        return
    waiting.sort(key=lambda t: t[:3])
    first = waiting[0]
    tied = [t[3] for t in waiting if t[0] == first[0] and t[1] == first[1]]
    c = first[3]
    if len(tied) > 1:
        answer = picked(
            ask(
                w,
                c.owner,
                "first",
                [f"first {x.name}" for x in tied],
                f"which of your spells at priority {first[0]} resolves first",
            )
        )
        c = next(x for x in tied if x.name == answer)
        w.say(f"{c.owner} picks {c.ref} among their spells at priority {first[0]}", "elephants.order.own-ties")
    eff = priority_of(w, c)
    printed = SPELLS[c.eff]["priority"]
    if eff != printed:
        w.say(
            f"{c.ref} resolves (priority {printed}, {eff} with {c.owner}'s Accelerator)", "elephants.order.accelerator"
        )
    else:
        w.say(f"{c.ref} resolves (priority {eff})", "elephants.base.priority")
    if any(t[0] == int(eff) and t[3].owner != c.owner for t in waiting):
        w.say("Equal priority between players: the earlier in turn order goes first", "elephants.base.priority-tie")
    c.resolved = True
    EFFECTS[c.eff](w, ask, c)
    if c.resolved:
        c.times += 1
        w.history.append(c.ref)
        w.events.append(("resolve", c.ref))
    trunk_losses(w)


def _priority_a(w: World, ask: Ask, start: list[Card]) -> None:
    """Priority A: the spells that act in the advance phase, before any advance."""
    for c in start:
        if c.state != "active" or c.clash != w.clash or SPELLS[c.eff]["priority"] != PRIORITY_A or c.resolved:
            continue
        w.say(f"{c.ref} acts now (priority A)", "elephants.base.priority-advance")
        c.resolved = True
        EFFECTS[c.eff](w, ask, c)
        c.times += 1
        w.history.append(c.ref)


def _used_up(c: Card) -> bool:
    """Whether ``c`` advances itself once a round and has done so this round."""
    return SPELLS[c.eff]["advance"] == "self-once" and c.self_adv >= LIMITS["self_advances_per_round"]


def _stays(w: World, c: Card, start: list[Card]) -> bool:
    """Whether ``c``'s own advance instruction keeps it here (said, with the rule), judged as the phase began."""
    kind = SPELLS[c.eff]["advance"]
    needs = SPELLS[c.eff].get("advance_needs")
    others = [x for x in start if x.owner == c.owner and x is not c]
    attacks = [x for x in start if "attack" in spell_types(x) and x is not c]
    if kind == "self-if-hit" and not c.met:
        w.say(f"{c.ref} dealt no damage, so it does not advance", "elephants.advance.enfeeble-if-damaged")
    elif kind == "self-unless-hit" and c.met:
        w.say(f"{c.ref} cancelled spells, so it does not advance", spell_rule(c))
    elif _used_up(c):
        w.say(f"{c.ref} has already advanced itself this round", "elephants.advance.self-once")
    elif needs == "another-own-active" and not others:
        w.say(f"{c.ref} advances only beside another active spell of {c.owner}", "elephants.public.nightglow-card")
    elif needs == "another-attack-active" and not attacks:
        w.say(f"{c.ref} advances only while another attack spell is active", spell_rule(c))
    else:
        return False
    return True


def _pays(w: World, ask: Ask, c: Card, breakers: list[Card]) -> bool:
    """A spell that advances by discarding another active spell of its owner (Bolts): whether it is paid."""
    pool = [x for x in w.here(c.owner) if x is not c]
    if not pool or blocked_by(w, c.owner, breakers) or w.clash >= CLASHES:
        return False
    if ask(w, c.owner, "use", ["pass", "use"], f"whether to discard a spell to advance {c.ref}", c) == "pass":
        w.say(f"{c.owner} keeps their spells: {c.ref} stays", spell_rule(c))
        return False
    answer = picked(
        ask(w, c.owner, "discard", [f"discard {x.ref}" for x in pool], f"the spell discarded for {c.ref}", c)
    )
    to_pile(w, w.card(answer), c.owner)
    w.say(f"{c.owner} discards {answer} to advance {c.ref}", spell_rule(c))
    return True


def _self_advance(w: World, ask: Ask, c: Card, start: list[Card], breakers: list[Card]) -> None:
    """``c`` advances itself by its own icon, unless a condition or its cost keeps it here."""
    kind = SPELLS[c.eff]["advance"]
    if not _used_up(c) and w.clash < CLASHES and blocked_by(w, c.owner, breakers) is not None:
        # An enemy's Break keeps it here before its own conditions are read, in the order `can-advance` reads them
        advance(w, c, c, own=True, breakers=breakers)
        return
    if _stays(w, c, start):
        return
    needs = SPELLS[c.eff].get("advance_needs")
    if needs == "discard-own-active" and not _pays(w, ask, c, breakers):
        return
    if needs == "another-attack-active":
        other = next(x for x in start if "attack" in spell_types(x) and x is not c)
        w.say(f"{other.ref} is another active attack spell, so {c.ref} may advance itself", spell_rule(c))
    elif needs == "another-own-active":
        other = next(x for x in start if x.owner == c.owner and x is not c)
        w.say(
            f"{other.ref} is another active spell of {c.owner}, so {c.ref} may advance itself",
            "elephants.public.nightglow-card",
        )
    if kind == "self-once":
        w.say(f"{c.ref} may advance itself once a round", "elephants.advance.self-once")
    elif kind == "self-if-hit":
        w.say(f"{c.ref} dealt damage, so it advances", "elephants.advance.enfeeble-if-damaged")
    else:
        w.say(f"{c.ref} has the advance icon", "elephants.base.advance-icon")
    advance(w, c, c, own=True, breakers=breakers)


def _clap_advances(w: World, clap: Card, start: list[Card], breakers: list[Card]) -> None:
    """A Clap that cancelled an enemy spell advances every active spell of its owner, itself included."""
    w.say(
        f"{clap.ref} cancelled an enemy spell: its owner's active spells advance",
        "elephants.advance.clap-if-cancelled",
    )
    w.say(
        f"{clap.ref} advances every active spell of {clap.owner}, itself included",
        "elephants.interp.clap-advances-all",
    )
    for x in [x for x in start if x.owner == clap.owner]:
        if x.state == "active" and x.clash == w.clash:
            advance(w, x, clap, own=x is clap, breakers=breakers)


def _advance_phase(w: World, ask: Ask) -> None:
    seat = {p: i for i, p in enumerate(w.order())}
    start = sorted(w.here(), key=lambda c: (seat.get(c.owner, 99), c.seq))
    breakers = [c for c in start if c.eff == "break"]
    w.say(
        f"Clash {roman(w.clash)} Advance phase, judged on the board as it begins",
        "elephants.interp.advance-all-at-once",
    )
    _priority_a(w, ask, start)
    clappers = []
    for c in start:
        kind = SPELLS[c.eff]["advance"]
        if c.state != "active" or c.clash != w.clash or not kind:
            continue
        if kind != "friendly-if-hit":
            _self_advance(w, ask, c, start, breakers)
        elif c.met:
            clappers.append(c)
        else:
            w.say(f"{c.ref} cancelled no enemy spell, so it advances nothing", "elephants.advance.clap-if-cancelled")
    for clap in clappers:
        _clap_advances(w, clap, start, breakers)
    if w.clash < CLASHES:
        w.clash += 1
        start_clash(w)
    else:
        w.step = ("endround",)


def _end_round(w: World) -> None:
    seats = [p for p in w.seats if not w.players[p].out]
    if w.ringleader in seats:
        nxt = seats[(seats.index(w.ringleader) + 1) % len(seats)]
    else:  # the Ringleader went out: the token goes to the next seat still in
        start = w.seats.index(w.ringleader)
        nxt = next(p for p in w.seats[start + 1 :] + w.seats[:start] if not w.players[p].out)
    w.ringleader = nxt
    for card in list(w.board):
        to_pile(w, card, card.owner)
    for player in w.players.values():
        player.down = False
    w.history.clear()
    w.say(
        f"End of round {w.round}: the Ringleader passes to {nxt}, and every spell on the board is discarded",
        "elephants.base.end-of-round",
    )
    w.step = ("refill", 0)


def _take_set(w: World, ask: Ask, p: str, kind: str, rule: str, optional: bool) -> bool:
    if not w.deck:
        w.say(f"No spell set is left in the deck: {p} takes none", "elephants.interp.open-draft")
        return False
    options = [f"{kind} {s}" for s in w.deck] + ([f"{kind} none"] if optional else [])
    answer = picked(ask(w, p, kind, options, "the new spell set to take"))
    if answer == "none":
        w.say(f"{p} drafts no new set", rule)
        return False
    w.deck.remove(answer)
    w.players[p].hand.extend(SETS[answer])
    w.say(f"{p} takes the {answer} set: {', '.join(SETS[answer])}", rule)
    w.say("A new set is kept whole; the hand is then filled from the discard pile", "elephants.end.new-set")
    return True


def _refill(w: World, ask: Ask, i: int) -> None:
    order = w.order()
    p = order[i]
    player = w.players[p]
    if not player.hand:
        w.say(f"{p}'s hand is empty: a new spell set comes to them", "elephants.end.empty-hand")
        _take_set(w, ask, p, "take", "elephants.end.empty-hand", optional=False)
    else:
        dropped = 0
        while player.hand:
            options = ["keep"] + [f"discard {n}" for n in dict.fromkeys(player.hand)]
            answer = ask(w, p, "keep", options, "a spell to discard from the hand, or keep")
            if answer == "keep":
                break
            name = picked(answer)
            player.hand.remove(name)
            player.pile.append(name)
            dropped += 1
        if dropped:
            w.say(f"{p} discards {plural(dropped, 'spell')} from their hand", "elephants.base.hand-refill")
        if not player.hand:
            w.say(f"{p} discarded their whole hand and may draft a new set", "elephants.end.discard-all")
            _take_set(w, ask, p, "draft", "elephants.end.discard-all", optional=True)
    full = w.max_hand(p)
    got = 0
    while len(player.hand) < full and player.pile:
        answer = picked(
            ask(w, p, "recall", [f"recall {n}" for n in dict.fromkeys(player.pile)], "a spell to recall to the hand")
        )
        player.pile.remove(answer)
        player.hand.append(answer)
        got += 1
    w.say(
        f"{p} recalls {plural(got, 'spell')}: a hand of {len(player.hand)} (maximum {full})",
        "elephants.base.end-of-round",
    )
    if i + 1 < len(order):
        w.step = ("refill", i + 1)
        return
    if w.round >= LIMITS["max_rounds"]:
        _round_limit(w)
        return
    w.round += 1
    w.clash = 1
    start_clash(w)


def _round_limit(w: World) -> None:
    alive = [p for p in w.seats if not w.players[p].out]
    best = max((w.players[p].trunks, w.players[p].health) for p in alive)
    leaders = [p for p in alive if (w.players[p].trunks, w.players[p].health) == best]
    w.winner = leaders[0] if len(leaders) == 1 else None
    result = f"{leaders[0]} leads and wins" if w.winner else f"{' and '.join(leaders)} tie: a draw"
    w.say(f"Round {w.round} was the last the rulebook plays: {result}", "elephants.interp.game-draw")
    w.step = ("over",)


def play_unit(w: World, ask: Ask) -> None:
    """Carry out one unit of play from ``w.step``; it may ask for decisions (and so stop part-way)."""
    kind = w.step[0]
    if kind == "draft":
        _draft(w, ask, w.step[1])
    elif kind == "form":
        _form(w, ask, w.step[1])
    elif kind == "prepare":
        _prepare(w, ask, w.step[1])
    elif kind == "cast":
        _cast(w)
    elif kind == "resolve":
        _resolve(w, ask)
    elif kind == "advance":
        _advance_phase(w, ask)
    elif kind == "endround":
        _end_round(w)
    elif kind == "refill":
        _refill(w, ask, w.step[1])
    else:  # pragma: no cover - "over" never runs
        raise AssertionError(f"no unit for step {w.step!r}")
