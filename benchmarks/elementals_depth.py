"""Planning several draws ahead in Elementals: sparse sampling (expectimax) of depth 1, 2 or 3 over what a player
sees, played as the PLAYER (no hint around it), paired deal by deal on development deals.

Run from the repository with the project installed (one process at a time on a shared machine):

    python benchmarks/elementals_depth.py --layout 1 --first 10001 --deals 300 \
        --player 4x8 --player 4x4,2x3 [--player 0] [--leaf chance] [--log FILE]
    python benchmarks/elementals_depth.py --pair FILE[,FILE] --first 10001 --deals 300 --base 4x8:score
    python benchmarks/elementals_depth.py --fit 3000

``--pair`` reads logged rows back and pairs every player (``widths:leaf``) with ``--base``; ``--fit`` fits
``CHANCE`` (the leaves' chance to win, ``--leaf chance``) on the planner's turns in training deals (100,001 on).
Results: ``benchmarks/results/elementals-hint-depth.txt``.

Each ``--player`` is a list of widths, one per draw looked ahead, ``KxM``: at that level the ``K`` best ends of
the turn by the planner's score (``fast.TurnPlanner``: every way to place or throw away the hand and use the
powers) are each scored by the mean, over ``M`` draws of three cards, of the best the next turn can do (the
next level's choice, or at the last level the planner's best score of that turn). ``0`` is the planner
itself; ``4x8`` is today's one draw of look-ahead (``bots.LookaheadPlanner``, ``lookahead = (4, 8)``);
``4x4,2x3`` plans two draws ahead (progressive widening: only the 2 best ends of each sampled reply turn
are expanded again).

What the search reads is what a player sees. The draws are sampled without replacement from the deck's
make-up (the unseen cards sorted, never their order), and the same draws serve every sibling end of a turn
(common random numbers). In each sampled future the elementals still face down are shuffled among the
face-down places (the search never learns which lies where from a later turn). The turn under way is
planned as the planner plans it. The generator of each turn is seeded from what is seen (the cards left and
the damage), so the same view gives the same move. Games are played on the compact state
(``fast.play_out`` with the player's turn), the draws and Therazane's Touch as the planner's.

Prints, per player, the wins with a 95% interval (Wilson), the mean elementals defeated, the CPU seconds a
game and a turn's median and worst (the process's own CPU time), and against the first player the deals won
by one and lost by the other, with a two-sided exact sign test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence

from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals as E
from rulebook.elementals import fast
from rulebook.elementals.bots import WORK
from rulebook.elementals.simulation import SimulationResult

_HAND = E.HAND_SIZE
Widths = tuple[tuple[int, int], ...]


def parse_widths(text: str) -> Widths:
    """``"4x4,2x3"`` as ``((4, 4), (2, 3))``; ``"0"`` as ``()`` (the planner)."""
    if text.strip() == "0":
        return ()
    out = []
    for part in text.split(","):
        k, m = part.lower().split("x")
        out.append((int(k), int(m)))
    return tuple(out)


def _ends(search: fast.TurnPlanner, k: int) -> list[tuple[float, tuple]]:
    """The ``k`` best ends of the turn ``search`` has searched, best first (ties: the order found)."""
    ends = [(v, node) for node, (v, move, _) in search.memo.items() if move is None]
    ends.sort(key=lambda e: -e[0])
    return ends[:k]


def _sample(pool_size: int, hidden: int, m: int, rng: random.Random) -> list[tuple[tuple[int, ...], int]]:
    """``m`` draws of up to three indices into the sorted pool, each with a seed shuffling the face-down
    elementals (shared by every sibling end: common random numbers)."""
    size = min(_HAND, pool_size)
    return [(tuple(rng.sample(range(pool_size), size)), rng.getrandbits(32)) for _ in range(m)]


def _reply_root(slots: tuple[int, ...], pool: tuple[int, ...], end: tuple, draw: tuple[int, ...],
                shuffle: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple]:
    """The slots, the deck left and the next turn's root after ``end`` when ``draw`` is drawn from ``pool``
    (with the face-down elementals shuffled among their places by ``shuffle``)."""
    _, piles, alive, revealed, damage, powers, doubled, under = end
    after = [s if alive >> i & 1 else -1 for i, s in enumerate(slots)]
    down = [i for i in range(len(after)) if alive >> i & 1 and not revealed >> i & 1]
    if len(down) > 1:
        kinds = [after[i] for i in down]
        random.Random(shuffle).shuffle(kinds)
        for i, t in zip(down, kinds, strict=True):
            after[i] = t
    taken = set(draw)
    hand = [pool[j] for j in draw]
    rest = [c for j, c in enumerate(pool) if j not in taken]
    under = list(under)
    while len(hand) < _HAND and under:  # the deck ran short: Neptulon's cards come up from under it
        hand.append(under.pop(0))
    return tuple(after), tuple(sorted(rest + under)), (tuple(hand), piles, alive, revealed, damage, powers,
                                                       doubled, ())


#: The leaves' chance to win from the planner's score ``v`` of a turn's end and the cards ``n`` left in the
#: deck (``--leaf chance``): 1 / (1 + exp(-(b0 + b1 v/100 + b2 n/10 + b3 v/100 n/10))), a win 1, a loss 0.
#: Fitted by logistic regression on the planner's own turns in 3,000 pyramid training deals (seeds
#: 100,001-103,000, 35,107 ends of turns): ``python benchmarks/elementals_depth.py --fit 3000``; on every fifth
#: end held out, log loss 0.320 against 0.408 for the base rate.
CHANCE = (-20.7018, 2.32787, 4.23406, -0.245893)
LEAF = ["score"]


def leaf(value: float, left: int) -> float:
    """The value a leaf passes up: the planner's score, or with ``LEAF[0] == "chance"`` its chance to win."""
    if LEAF[0] == "score":
        return value
    if value > 5e5:
        return 1.0
    if value < -5e5:
        return 0.0
    x, y = value / 100, left / 10
    b0, b1, b2, b3 = CHANCE
    z = max(-30.0, min(30.0, b0 + b1 * x + b2 * y + b3 * x * y))
    return 1.0 / (1.0 + math.exp(-z))


def choose(slots: tuple[int, ...], pool: tuple[int, ...], layout: int, root: tuple, widths: Widths,
           rng: random.Random, top: bool = True) -> tuple[float, tuple]:
    """The value of the turn from ``root`` looked ``len(widths)`` draws ahead, and the end of the turn chosen.

    ``pool`` is the deck's make-up (sorted; its order is never used)."""
    search = fast.TurnPlanner(slots, pool, layout)
    value = search.search(root)
    WORK[0] += len(search.memo)
    if not widths or not pool:
        return (value if top else leaf(value, len(pool))), fast.plan_end(search, root)
    (k, m), deeper = widths[0], widths[1:]
    ranked = _ends(search, k)
    hidden = sum(1 for i in range(len(slots)) if root[2] >> i & 1 and not root[3] >> i & 1)
    draws = _sample(len(pool), hidden, m, rng)
    best, chosen = -math.inf, fast.plan_end(search, root)
    for v, end in ranked:
        if abs(v) < 5e5:
            total = 0.0
            for draw, shuffle in draws:
                after, rest, nxt = _reply_root(slots, pool, end, draw, shuffle)
                total += choose(after, rest, layout, nxt, deeper, rng, False)[0]
            v = total / m
        else:
            v = leaf(v, len(pool))
        if v > best:
            best, chosen = v, end
    return best, chosen


def depth_turn(widths: Widths, times: list[float] | None = None) -> fast.Turn:
    """A turn of the player looking ``len(widths)`` draws ahead, for ``fast.play_out``; each turn's CPU
    seconds appended to ``times``."""

    def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple) -> tuple:
        start = time.process_time()
        pool = tuple(sorted(rest))  # the make-up only
        rng = random.Random(len(pool) * 1009 + root[4] * 31 + len(widths))
        end = choose(slots, pool, layout, root, widths, rng)[1]
        if times is not None:
            times.append(time.process_time() - start)
        return end

    return turn


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gauss-Jordan with pivoting; ``a`` small)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(deals: int, layout: int = 1, first: int = 100_001) -> tuple[list[float], float, float]:
    """``CHANCE`` fitted on the planner's turns in ``deals`` training deals from seed ``first``: the
    coefficients, and on every fifth end held out the log loss and that of the base rate."""
    rows: list[tuple[list[float], float]] = []
    for seed in range(first, first + deals):
        ends: list[tuple[float, int]] = []

        def turn(slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple,
                 ends: list[tuple[float, int]] = ends) -> tuple:
            search = fast.TurnPlanner(slots, rest, layout)
            value = search.search(root)
            if abs(value) < 5e5:
                ends.append((value, len(rest)))
            return fast.plan_end(search, root)

        won, _ = fast.play_out(E.new_game(seed=seed, layout=layout), turn=turn)
        rows += [([1.0, v / 100, n / 10, v / 100 * n / 10], float(won)) for v, n in ends]
    train = [r for i, r in enumerate(rows) if i % 5]
    held = [r for i, r in enumerate(rows) if i % 5 == 0]
    beta = [0.0] * 4

    def chance(x: list[float]) -> float:
        z = max(-30.0, min(30.0, sum(b * f for b, f in zip(beta, x, strict=True))))
        return 1.0 / (1.0 + math.exp(-z))

    for _ in range(30):  # Newton's method on the log likelihood
        g = [0.0] * 4
        h = [[1e-9 * (i == j) for j in range(4)] for i in range(4)]
        for x, y in train:
            p = chance(x)
            for i in range(4):
                g[i] += (y - p) * x[i]
                for j in range(4):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(h, g)
        beta = [b + d for b, d in zip(beta, step, strict=True)]
        if max(map(abs, step)) < 1e-9:
            break
    loss = -sum(math.log(chance(x) if y else 1 - chance(x)) for x, y in held) / len(held)
    base = sum(y for _, y in train) / len(train)
    return beta, loss, -(base * math.log(base) + (1 - base) * math.log(1 - base))


def pair(files: Sequence[str], base: str, first: int, last: int) -> list[str]:
    """Lines comparing every player logged in ``files`` (JSON lines of ``--log``; a player is named
    ``widths:leaf``) with ``base`` on the seeds from ``first`` to ``last`` that both played."""
    rows: dict[str, dict[int, tuple[bool, int]]] = {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if first <= r["seed"] <= last:
                    key = f"{r['player']}:{r.get('leaf', 'score')}"
                    rows.setdefault(key, {})[r["seed"]] = (r["won"], r["defeated"])
    out = []
    for name, got in rows.items():
        seeds = sorted(set(got) & set(rows[base]))
        wins = sum(got[s][0] for s in seeds)
        low, high = SimulationResult("", games=len(seeds), wins=wins).interval()
        up = sum(got[s][0] and not rows[base][s][0] for s in seeds)
        down = sum(rows[base][s][0] and not got[s][0] for s in seeds)
        more = sum(got[s][1] - rows[base][s][1] for s in seeds) / len(seeds)
        out.append(f"{name}: {wins}/{len(seeds)} = {wins / len(seeds):.1%} ({low:.1%}-{high:.1%}), defeated "
                   f"{sum(got[s][1] for s in seeds) / len(seeds):.2f}; vs {base}: won {up} it lost, lost {down} it "
                   f"won, p {sign_p(up, down):.3f}, defeated {more:+.2f}")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", type=int, default=1)
    parser.add_argument("--first", type=int, default=10_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--player", action="append", help="widths KxM,... per level; 0: planner")
    parser.add_argument("--leaf", choices=("score", "chance"), default="score",
                        help="what the leaves pass up: the planner's score, or its chance to win (CHANCE)")
    parser.add_argument("--log", default=None, help="append one JSON line per deal and player")
    parser.add_argument("--fit", type=int, default=0, help="fit CHANCE on this many training deals, and stop")
    parser.add_argument("--pair", default=None, help="compare the players logged in these files (comma-separated)")
    parser.add_argument("--base", default="4x8:score", help="with --pair: the player the others are paired with")
    args = parser.parse_args(argv)
    if args.pair:
        print("\n".join(pair(args.pair.split(","), args.base, args.first, args.first + args.deals - 1)))
        return
    if args.fit:
        beta, loss, base = fit(args.fit, args.layout)
        print(f"CHANCE = ({', '.join(f'{b:.6g}' for b in beta)}); held-out log loss {loss:.3f}, base rate {base:.3f}")
        return
    if not args.player:
        parser.error("--player: at least one (widths KxM,... per level; 0: the planner)")
    for name in args.player:
        try:
            parse_widths(name)
        except ValueError:
            parser.error(f"--player {name!r}: widths are KxM per level, comma-separated (4x8,2x4), or 0")
    LEAF[0] = args.leaf
    if args.first <= 300:
        parser.error("--first: development deals only (seeds 10,001 and up), never the report deals 1-300")
    seeds = range(args.first, args.first + args.deals)
    rows: dict[str, list[tuple[bool, int]]] = {name: [] for name in args.player}
    times: dict[str, list[float]] = {name: [] for name in args.player}
    cpu: dict[str, float] = dict.fromkeys(args.player, 0.0)
    for seed in seeds:  # deal by deal, every player, so a stopped run still pairs
        state = E.new_game(seed=seed, layout=args.layout)
        for name in args.player:
            start = time.process_time()
            won, defeated = fast.play_out(state, turn=depth_turn(parse_widths(name), times[name]))
            spent = time.process_time() - start
            cpu[name] += spent
            rows[name].append((won, defeated))
            if args.log:
                with open(args.log, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"player": name, "leaf": args.leaf, "layout": args.layout, "seed": seed,
                                          "won": won, "defeated": defeated, "cpu": round(spent, 3)}) + "\n")
    base = rows[args.player[0]]
    for name in args.player:
        got = rows[name]
        wins = sum(w for w, _ in got)
        low, high = SimulationResult("", games=len(got), wins=wins).interval()
        t = times[name]
        line = (f"{name}: {wins}/{len(got)} = {wins / len(got):.1%} ({low:.1%}-{high:.1%}), "
                f"defeated {sum(d for _, d in got) / len(got):.2f}, CPU/game {cpu[name] / len(got):.2f} s, "
                f"turn median {statistics.median(t):.3f} s worst {max(t):.3f} s")
        if name != args.player[0]:
            up = sum(a[0] and not b[0] for a, b in zip(got, base, strict=True))
            down = sum(b[0] and not a[0] for a, b in zip(got, base, strict=True))
            more = sum(a[1] - b[1] for a, b in zip(got, base, strict=True)) / len(got)
            line += (f"; vs {args.player[0]}: won {up} it lost, lost {down} it won, p {sign_p(up, down):.3f}; "
                     f"defeated {more:+.2f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
