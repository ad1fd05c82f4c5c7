"""A whole-deal plan for Elementals, measured as a player on development deals (seeds 10,001 and up; tuning on
seeds 20,001 and up).

Run from the repository with the project installed:

    python benchmarks/elementals_deal_plan.py --first 20001 --deals 300 --short 50 --over 5     (tuning)
    python benchmarks/elementals_deal_plan.py --first 10001 --deals 1000 --short S --over O --log FILE

The player is the planner's search of each turn (``rulebook.elementals.fast.TurnPlanner``), every end of the
turn scored by the planner's evaluation and, beside it, by a plan for the whole rest of the deal made from the
cards left (the deck's make-up and the cards put under it, never their order), assigned to the roles the
elementals still alive need, greedily:

- banish cards: for each element, its lowest cards, one per elemental of that element still alive;
- the card that completes each started attack: the smallest card of another element that reaches what the
  attack still needs (a joker reaches anything), the attacks needing most first;
- the pair of damage cards for each elemental not yet attacked (face up or down): the strongest card of
  another element, and the smallest that brings the pair to the elemental's power, the strongest elementals
  first;
- the cards left over are the ones the player will have to throw away: their damage (a joker names 1).

The plan's penalty: ``short`` for each role no card is left for, and ``over`` per point by which the damage
taken and the left-over cards' damage would reach 33. With both zero the player is the planner.

Prints, per player, the wins with the 95% interval (Wilson), the elementals defeated, the CPU seconds per
game, and the deals one player won and the other lost with a two-sided sign test; ``--log`` appends one
JSON line per deal.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time

from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals
from rulebook.elementals import fast
from rulebook.elementals.simulation import SimulationResult

_POW, _ELEM, _LOSING, _FACTOR = fast.CARD_POWER, fast.CARD_ELEMENT, elementals.LOSING_DAMAGE, elementals.RAGNAROS_FACTOR


def plan_penalty(slots: tuple[int, ...], deck: tuple[int, ...], node: tuple) -> tuple[int, int]:
    """The roles no card is left for, and the damage the left-over cards would deal, in the greedy plan."""
    hand, piles, alive, _, _, _, doubled, under = node
    cards = sorted((*deck, *hand, *under), key=lambda c: _POW[c])
    used = [False] * len(cards)
    short = 0
    banish = [0, 0, 0, 0]
    started: list[tuple[int, int]] = []
    fresh: list[tuple[int, int]] = []
    for i, t in enumerate(slots):
        if not alive >> i & 1:
            continue
        e = _ELEM[t]
        banish[e] += 1
        pile = piles[i]
        if len(pile) == 1:
            c0, n0 = pile[0]
            started.append((_POW[t] - (n0 * _FACTOR if doubled >> c0 & 1 else n0), e))
        elif not pile:
            fresh.append((_POW[t], e))
    for k, c in enumerate(cards):  # the lowest of each element banish
        e = _ELEM[c]
        if e >= 0 and banish[e]:
            banish[e] -= 1
            used[k] = True
    short += sum(banish)
    for need, e in sorted(started, reverse=True):
        k = _smallest(cards, used, e, need)
        if k < 0:
            short += 1
        else:
            used[k] = True
    for power, e in sorted(fresh, reverse=True):
        a = next((k for k in range(len(cards) - 1, -1, -1) if not used[k] and _ELEM[cards[k]] != e), -1)
        if a < 0:
            short += 2
            continue
        used[a] = True
        b = _smallest(cards, used, e, power - (10 if _ELEM[cards[a]] < 0 else _POW[cards[a]]))
        if b < 0:
            short += 1
        else:
            used[b] = True
    left = sum(1 if _ELEM[c] < 0 else _POW[c] for k, c in enumerate(cards) if not used[k])
    return short, left


def _smallest(cards: list[int], used: list[bool], e: int, need: int) -> int:
    """The index of the smallest unused card not of element ``e`` that deals at least ``need`` (a joker any)."""
    joker = -1
    for k, c in enumerate(cards):
        if used[k]:
            continue
        ce = _ELEM[c]
        if ce < 0:
            if joker < 0 and need <= 10:
                joker = k
        elif ce != e and _POW[c] >= need:
            return k
    return joker


def player(short_w: float, over_w: float) -> type[fast.TurnPlanner]:
    """The planner's turn search with the plan's penalty added to its score of each end of a turn."""

    class DealPlan(fast.TurnPlanner):
        def evaluate(self, node: tuple) -> float:
            value = super().evaluate(node)
            if abs(value) >= 1e5:
                return value
            short, left = plan_penalty(self.slots, self.deck, node)
            over = node[4] + left - (_LOSING - 1)
            return value - short_w * short - over_w * max(0, over)

    return DealPlan


def expectimax(planner: type[fast.TurnPlanner], k: int, m: int, oracle: bool = False) -> fast.Turn:
    """A turn played by one draw of look-ahead on the compact state: the ``k`` best ends of the turn by
    ``planner``'s score, each scored again by the mean over ``m`` draws of three cards from the unseen cards
    (their make-up, sorted, drawn by a generator seeded from how many there are) of ``planner``'s best reply
    turn. With ``oracle``, the one true next draw instead (a diagnosis, not a player)."""

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        search = planner(slots, rest, layout)
        search.search(root)
        ends = sorted(((v, node) for node, (v, move, _) in search.memo.items() if move is None), reverse=True)
        if k < 2 or m < 1 or not rest or len(ends) < 2:
            return fast.plan_end(search, root)
        unseen = sorted(rest)
        rng = random.Random(len(unseen) * 131 + min(k, len(ends)))
        size = min(elementals.HAND_SIZE, len(unseen))
        draws = [tuple(rng.sample(range(len(unseen)), size)) for _ in range(m)]
        if oracle:
            draws = [tuple(sorted(range(size), key=lambda j: j))]
            unseen = list(rest)
        best, chosen = -math.inf, None
        for value, node in ends[:k]:
            if abs(value) < 5e5:
                value = statistics.fmean(_reply(planner, slots, layout, unseen, draw, node) for draw in draws)
            if value > best:
                best, chosen = value, node
        return chosen

    return turn


def told(planner: type[fast.TurnPlanner], k: int, depth: int) -> fast.Turn:
    """A diagnosis, not a player: a turn chosen knowing the next ``depth`` draws (the deck's true order, three
    cards a draw): the ``k`` best ends of the turn by ``planner``'s score, each valued by the best of the ``k``
    best ends of the next turn with its true draw, and so on ``depth`` draws deep."""

    def value(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple, d: int) -> tuple[float, tuple]:
        search = planner(slots, rest, layout)
        search.search(root)
        ends = sorted(((v, node) for node, (v, move, _) in search.memo.items() if move is None), reverse=True)
        if d == 0 or not rest or len(ends) < 2:
            return search.memo[root][0], fast.plan_end(search, root)
        best, chosen = -math.inf, ends[0][1]
        for v, node in ends[:k]:
            if abs(v) < 5e5:
                _, piles, alive, revealed, damage, powers, doubled, under = node
                after = tuple(s if alive >> i & 1 else -1 for i, s in enumerate(slots))
                size = min(elementals.HAND_SIZE, len(rest))
                nxt = (tuple(rest[:size]), piles, alive, revealed, damage, powers, doubled, ())
                v, _ = value(after, tuple(rest[size:]) + tuple(under), layout, nxt, d - 1)
            if v > best:
                best, chosen = v, node
        return best, chosen

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        return value(slots, rest, layout, root, depth)[1]

    return turn


def _reply(planner: type[fast.TurnPlanner], slots: tuple[int, ...], layout: int, unseen: list[int],
           draw: tuple[int, ...], node: tuple) -> float:
    """The best score of the next turn after ``node`` when the draw is ``unseen``'s cards at ``draw``."""
    _, piles, alive, revealed, damage, powers, doubled, under = node
    taken = set(draw)
    rest = tuple(c for j, c in enumerate(unseen) if j not in taken) + tuple(under)
    after = tuple(s if alive >> i & 1 else -1 for i, s in enumerate(slots))
    search = planner(after, rest, layout)
    return search.search((tuple(unseen[j] for j in draw), piles, alive, revealed, damage, powers, doubled, ()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=20_001)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--short", type=float, nargs="+", default=[50.0])
    parser.add_argument("--over", type=float, nargs="+", default=[5.0])
    parser.add_argument("--log", default=None)
    parser.add_argument("--lookahead", type=int, nargs=2, default=(0, 0), help="k best ends, m sampled draws")
    parser.add_argument("--oracle", action="store_true", help="the true next draw (a diagnosis)")
    parser.add_argument("--told", type=int, default=0,
                        help="a diagnosis: the next TOLD draws known (k from --lookahead)")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    deals = [elementals.new_game(seed=s, layout=args.layout) for s in seeds]
    start = time.process_time()
    base = [fast.play_out(d) for d in deals]
    base_cpu = (time.process_time() - start) / len(deals)
    n = len(deals)
    wins = sum(w for w, _ in base)
    low, high = SimulationResult("", games=n, wins=wins).interval()
    print(f"planner: {wins}/{n} ({low:.1%} to {high:.1%}), defeated {statistics.fmean(d for _, d in base):.2f}, "
          f"CPU/game {base_cpu:.3f} s", flush=True)
    for s_w in args.short:
        for o_w in args.over:
            k, m = args.lookahead
            scored = player(s_w, o_w)
            if args.told:
                turn = told(scored, k, args.told)
            else:
                turn = expectimax(scored, k, m, args.oracle) if k else fast.planner_turn(scored)
            extra = (" oracle" if args.oracle else "") + (f" told {args.told}" if args.told else "")
            start = time.process_time()
            got = [fast.play_out(d, turn=turn) for d in deals]
            cpu = (time.process_time() - start) / n
            wins = sum(w for w, _ in got)
            only = sum(w and not b for (w, _), (b, _) in zip(got, base, strict=True))
            lost = sum(b and not w for (w, _), (b, _) in zip(got, base, strict=True))
            low, high = SimulationResult("", games=n, wins=wins).interval()
            print(f"plan short={s_w:g} over={o_w:g} lookahead {k} {m}{extra}: {wins}/{n} ({low:.1%} to "
                  f"{high:.1%}), defeated "
                  f"{statistics.fmean(d for _, d in got):.2f}, CPU/game {cpu:.3f} s; vs planner: won {only} it lost, "
                  f"lost {lost} it won (p {sign_p(only, lost):.3f})", flush=True)
            if args.log:
                with open(args.log, "a", encoding="utf-8") as out:
                    for seed, (w, d), (bw, bd) in zip(seeds, got, base, strict=True):
                        variant = f"plan-{s_w:g}-{o_w:g}-{k}-{m}{extra.replace(' ', '-')}"
                        out.write(json.dumps({"variant": variant, "seed": seed, "won": w,
                                              "defeated": d, "planner": bw, "planner_defeated": bd}) + "\n")


if __name__ == "__main__":
    main()
