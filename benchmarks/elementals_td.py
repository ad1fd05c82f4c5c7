"""A player of Elementals learned by self-play: a value of the position after the player's turn (the
afterstate, before the next draw) from what a player sees, learned by temporal differences (TD(0)),
played greedily (the turn's end of highest value). Development and training deals only.

Run from the repository with the project installed, and numpy (``pip install numpy``: the weight tables; the
project itself does not need it):

    python benchmarks/elementals_td.py train --layout 1 --games 200000 --every 20000 --first 100001 \
        --dev-first 10001 --dev-deals 300 --out benchmarks/results/elementals-td-pyramid.npz \
        [--alpha 0.1] [--epsilon 0.0] [--shape 0.3] [--prior] [--top 10] [--resume FILE] [--log FILE]
    python benchmarks/elementals_td.py measure --weights FILE --layout 1 --first 10001 --deals 300 [--log FILE]

``train`` plays games dealt from training seeds (100,001 and up), each turn choosing among every end of the
turn the planner's search reaches (``fast.TurnPlanner``: every way to place or throw away the three cards
and use the powers) the one of highest value, and moves the value of the end chosen at the previous turn
towards the value of the one chosen now (1 or 0 when the game ends). Every ``--every`` games it plays the
development deals greedily (no learning) beside the planner (``fast.play_out``), paired deal by deal, and
prints wins, the paired counts and a two-sided sign test; the weights are saved each time (``--out``).
``measure`` plays saved weights on development deals against the planner.

The value is a sum of weights picked from tables (an n-tuple network, Szubert and Jaskowski 2014) by what a
player sees after the turn: each slot's state (defeated, face down, or the revealed elemental with its
pile: empty, the points still needed after one damage card, or both damage cards placed), each revealed
elemental's element and pile beside the cards of its element left, each element's elementals alive beside
its cards left, the cards left beside the elementals alive, the damage taken, the powers held, the spare
cards and the spare power beside what the elementals still need. Never the order of the deck nor which
elemental lies face down: the deck enters only as its make-up, which a player can count.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

try:
    import numpy as np
except ImportError:  # not a dependency of the project: only these benchmarks use it
    sys.exit("elementals_td: needs numpy, which the project does not install (pip install numpy)")

from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals as E
from rulebook.elementals import fast
from rulebook.elementals.bots import WORK

_POW, _ELEM, _ID = fast.CARD_POWER, fast.CARD_ELEMENT, fast.CARD_ID
_KH, _KS, _KD, _KC = _ID["KH"], _ID["KS"], _ID["KD"], _ID["KC"]
_EL_LOCAL = {_ID[c]: i for i, c in enumerate(E.ELEMENTALS)}
_LOSING, _FACTOR, _HAND = E.LOSING_DAMAGE, E.RAGNAROS_FACTOR, E.HAND_SIZE
_KINGS = (_KH, _KS, _KD, _KC)
NSLOT = 12


class Ends(fast.TurnPlanner):
    """The planner's search of a turn, scoring nothing: it visits every end of the turn (its memo)."""

    def evaluate(self, node: tuple) -> float:
        return 0.0


def _band_need(need: int) -> int:
    """A pile with one damage card: the points still needed, banded 1..7."""
    if need <= 1:
        return 1
    if need <= 3:
        return 2
    if need <= 5:
        return 3
    if need <= 7:
        return 4
    if need <= 9:
        return 5
    if need <= 10:
        return 6
    return 7


# The tables: (name, size). Offsets follow.
_TABLES = [
    ("slot", NSLOT * 110),  # per slot: 0 defeated, 1 face down, 2 + elemental*9 + pile
    ("pile_suit", 4 * 9 * 6),  # revealed elemental's element, pile, own cards left (capped 5)
    ("pile_jokers", 9 * 3 * 2 * 12),  # pile, jokers left, Ragnaros held, alive-1 (0..11)
    ("suit", 4 * 4 * 11),  # element, alive of it, cards of it left
    ("suit_big", 4 * 4 * 5),  # element, alive of it, cards of OTHER elements >= 7 left (capped 4)
    ("left_alive", 23 * 13),  # cards left // 2, alive
    ("damage_left", 33 * 9),  # damage, cards left // 5
    ("damage_alive", 33 * 13),
    ("powers", 16 * 13),
    ("slack", 31 * 13),  # cards left - cards needed (clipped -10..20), alive
    ("economy", 25 * 13),  # (power left - power needed) // 5 clipped, alive
    ("shown", 13 * 13),  # revealed alive, face down
    ("score", 48 * 13),  # the planner's score of the end (banded by 25 from -200), alive
    ("bias", 1),
]
_OFF: dict[str, int] = {}
_n = 0
for _name, _size in _TABLES:
    _OFF[_name] = _n
    _n += _size
SIZE = _n
(O_SLOT, O_PS, O_PJ, O_SUIT, O_BIG, O_LA, O_DL, O_DA, O_POW, O_SLACK, O_ECO, O_SHOWN, O_SCORE, O_BIAS) = (
    _OFF[n] for n, _ in _TABLES)


def _makeup(deck: tuple[int, ...], under: tuple[int, ...], doubled: int) -> tuple[list[int], list[int], int, int]:
    """The cards left by make-up: per element the cards and those of power 7 or more, the jokers, the power."""
    counts = [0, 0, 0, 0]
    big = [0, 0, 0, 0]
    jokers = have = 0
    for c in (*deck, *under):
        e = _ELEM[c]
        if e < 0:
            jokers += 1
            have += 10
            continue
        counts[e] += 1
        p = _POW[c]
        have += p * (_FACTOR if doubled >> c & 1 else 1)
        if p >= 7:
            big[e] += 1
    return counts, big, jokers, have


def features(slots: tuple[int, ...], deck: tuple[int, ...], node: tuple) -> list[int]:
    """The table indices of the afterstate ``node`` (hand empty) with ``deck`` (make-up only) left."""
    _, piles, alive, revealed, damage, powers, doubled, under = node
    counts, big, jokers, have = _makeup(deck, under, doubled)
    left = len(deck) + len(under)
    many = alive.bit_count()
    ragn = 1 if _KS in powers else 0
    out = []
    alive_e = [0, 0, 0, 0]
    needed = 3 * many
    still = 0
    shown = 0
    am1 = max(many - 1, 0)
    for i in range(NSLOT):
        t = slots[i]
        if not alive >> i & 1:
            out.append(O_SLOT + i * 110)
            continue
        e = _ELEM[t]
        alive_e[e] += 1
        spow = _POW[t]
        if not revealed >> i & 1:
            out.append(O_SLOT + i * 110 + 1)
            still += spow
            continue
        shown += 1
        pile = piles[i]
        if not pile:
            code = 0
            still += spow
        elif len(pile) == 2:
            code = 8
            needed -= 2
        else:
            needed -= 1
            c0, n0 = pile[0]
            need = spow - (n0 * _FACTOR if doubled >> c0 & 1 else n0)
            still += max(need, 0)
            code = _band_need(need)
        out.append(O_SLOT + i * 110 + 2 + _EL_LOCAL[t] * 9 + code)
        out.append(O_PS + (e * 9 + code) * 6 + min(counts[e], 5))
        out.append(O_PJ + ((code * 3 + jokers) * 2 + ragn) * 12 + am1)
    for e in range(4):
        out.append(O_SUIT + (e * 4 + alive_e[e]) * 11 + counts[e])
        other = sum(big) - big[e]
        out.append(O_BIG + (e * 4 + alive_e[e]) * 5 + min(other, 4))
    out.append(O_LA + min(left // 2, 22) * 13 + many)
    d = min(damage, 32)
    out.append(O_DL + d * 9 + min(left // 5, 8))
    out.append(O_DA + d * 13 + many)
    pm = 0
    for k, king in enumerate(_KINGS):
        if king in powers:
            pm |= 1 << k
    out.append(O_POW + pm * 13 + many)
    slack = left - needed + (1 if _KH in powers else 0)
    out.append(O_SLACK + (min(max(slack, -10), 20) + 10) * 13 + many)
    eco = (have - still) // 5
    out.append(O_ECO + (min(max(eco, -8), 16) + 8) * 13 + many)
    out.append(O_SHOWN + shown * 13 + (many - shown))
    out.append(O_BIAS)
    return out


def _terminal(node: tuple, deck_left: int) -> float | None:
    """1 or 0 if the game is decided at the end ``node`` of a turn (``deck_left`` cards to draw), else None."""
    _, _, alive, _, damage, _, _, under = node
    if damage >= _LOSING:
        return 0.0
    if not alive:
        return 1.0
    if not deck_left and not under:
        return 0.0
    return None


#: With ``prior``, the planner's score of an end enters the value as the number (score - 400) / 400, with this
#: first weight (learned with the tables): untrained weights then play as the planner does.
BETA0 = 0.05


class Learner:
    """The learned value: weights in one table (numpy), TD(0) on afterstates."""

    def __init__(self, weights: np.ndarray | None = None, alpha: float = 0.1, prior: bool = False,
                 top: int = 0) -> None:
        #: The tables' weights, then (last) the weight of the planner's score as a number (``prior``).
        if weights is None:
            weights = np.zeros(SIZE + 1, dtype=np.float64)
            weights[SIZE] = BETA0 if prior else 0.0
        self.w = weights
        self.alpha = alpha
        #: With ``prior``: the planner's score of each end is a feature (banded) and breaks ties (so untrained
        #: weights play as the planner does).
        self.prior = prior
        #: With ``prior`` and ``top``: only the planner's ``top`` best ends of a turn are valued.
        self.top = top

    def choose(self, slots: tuple[int, ...], rest: tuple[int, ...], layout: int, root: tuple,
               rng: random.Random | None = None, epsilon: float = 0.0) -> tuple[tuple, float, list[int] | None]:
        """The end of the turn of highest value: the end, its value, its features (None when decided)."""
        search = (fast.TurnPlanner if self.prior else Ends)(slots, rest, layout)
        search.search(root)
        WORK[0] += len(search.memo)
        ends = [(node, v) for node, (v, move, _) in search.memo.items() if move is None]
        won = lost = None
        cands = []
        for node, score in ends:
            t = _terminal(node, len(rest))
            if t is None:
                cands.append((score, node))
            elif t:
                won = node
            else:
                lost = node
        prior = self.prior
        if prior and self.top and len(cands) > self.top:
            cands.sort(key=lambda sn: sn[0], reverse=True)
            del cands[self.top:]
        live, feats, scores = [], [], []
        for score, node in cands:
            after = tuple(s if node[2] >> i & 1 else -1 for i, s in enumerate(slots))
            live.append(node)
            f = features(after, rest, node)
            if prior:
                f.append(O_SCORE + min(max(int(score + 200) // 25, 0), 47) * 13 + node[2].bit_count())
                scores.append((score - 400.0) / 400.0)
            feats.append(f)
        if won is not None:
            return won, 1.0, None
        if not live:
            return lost, 0.0, None
        starts = np.cumsum([0] + [len(f) for f in feats[:-1]])
        flat = np.fromiter((i for f in feats for i in f), dtype=np.int64)
        values = np.add.reduceat(self.w[flat], starts)
        if rng is not None and epsilon and rng.random() < epsilon:
            k = rng.randrange(len(live))
        else:
            if prior:
                values = values + self.w[SIZE] * np.array(scores)
            k = int(values.argmax())
        best, best_v, best_f = live[k], float(values[k]), (feats[k], scores[k] if prior else 0.0)
        return best, best_v, best_f

    def update(self, feats: tuple[list[int], float], target: float) -> None:
        """Move the value of ``feats`` (the table indices and the planner's score as a number) towards
        ``target``."""
        ints, x = feats
        idx = np.array(ints, dtype=np.int64)
        w = self.w
        step = self.alpha / (len(ints) + 1) * (target - (w[idx].sum() + w[SIZE] * x))
        w[idx] += step
        w[SIZE] += step * x


def play(learner: Learner, state: E.ElementalsState, learn: bool = False, rng: random.Random | None = None,
         epsilon: float = 0.0, shape: float = 0.0) -> tuple[bool, int]:
    """Play ``state`` to its end with the learned value (learning on the way if ``learn``): as ``fast.play_out``
    plays the planner, with the learned choice of each turn's end."""
    slots, (hand, piles, alive, revealed, damage, powers, doubled, _) = fast.compact(state)
    deck = [_ID[c] for c in state.deck]
    layout = state.layout
    n = len(slots)
    if state.peeking:
        c = deck[-1]
        if fast.useful(slots, piles, alive, revealed, doubled, c):
            deck.insert(0, deck.pop())
    in_turn = state.in_turn
    prev: tuple[list[int], float] | None = None
    while True:
        if damage >= _LOSING or not alive or (not in_turn and not deck):
            won = not alive and damage < _LOSING
            if learn and prev is not None:
                learner.update(prev, (1 - shape) * won + shape * (n - alive.bit_count()) / n)
            return won, n - alive.bit_count()
        if not in_turn:
            if _KD in powers:
                k = powers.index(_KD)
                powers = powers[:k] + powers[k + 1:]
                if fast.useful(slots, piles, alive, revealed, doubled, deck[-1]):
                    deck.insert(0, deck.pop())
            hand = (*hand, *deck[:_HAND])
            del deck[:_HAND]
        root = (hand, piles, alive, revealed, damage, powers, doubled, ())
        node, value, feats = learner.choose(slots, tuple(deck), layout, root, rng, epsilon)
        if learn and prev is not None and feats is not None:
            learner.update(prev, value)
        if feats is not None:
            prev = feats
        hand, piles, alive, revealed, damage, powers, doubled, under = node
        slots = tuple(s if alive >> i & 1 else -1 for i, s in enumerate(slots))
        deck.extend(under)
        in_turn = False


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson interval."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


_PLANNER: dict[tuple[int, int], tuple[bool, int]] = {}


def measure(learner: Learner, layout: int, first: int, deals: int, log: str | None = None,
            tag: str = "") -> dict:
    """The learned player and the planner on development deals ``first`` ..., paired."""
    wins = pw = won = lost = dsum = 0
    cpu0 = time.process_time()
    rows = []
    for s in range(first, first + deals):
        state = E.new_game(seed=s, layout=layout)
        w, d = play(learner, state)
        key = (layout, s)
        if key not in _PLANNER:
            _PLANNER[key] = fast.play_out(state)
        p = _PLANNER[key][0]
        wins += w
        pw += p
        dsum += d
        won += w and not p
        lost += p and not w
        rows.append({"seed": s, "layout": layout, "td": w, "td_defeated": d, "planner": p,
                     "planner_defeated": _PLANNER[key][1], "tag": tag})
    cpu = time.process_time() - cpu0
    if log:
        with open(log, "a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    lo, hi = wilson(wins, deals)
    return {"td": wins, "planner": pw, "deals": deals, "won": won, "lost": lost, "p": sign_p(won, lost),
            "defeated": dsum / deals, "lo": lo, "hi": hi, "cpu_game": cpu / deals}


def _train(args: argparse.Namespace) -> None:
    weights = np.load(args.resume)["w"].astype(np.float64) if args.resume else None
    learner = Learner(weights, args.alpha, args.prior, args.top)
    rng = random.Random(args.first)
    done = int(np.load(args.resume)["games"]) if args.resume else 0
    start = time.process_time()
    recent = 0
    for g in range(done, args.games):
        state = E.new_game(seed=args.first + g, layout=args.layout)
        w, _ = play(learner, state, learn=True, rng=rng, epsilon=args.epsilon, shape=args.shape)
        recent += w
        if (g + 1) % args.every == 0:
            m = measure(learner, args.layout, args.dev_first, args.dev_deals, args.log, tag=f"games={g + 1}")
            np.savez_compressed(args.out, w=learner.w.astype(np.float32), games=g + 1, prior=learner.prior,
                                top=learner.top)
            print(f"games {g + 1}: training wins {recent}/{args.every}; dev td {m['td']}/{m['deals']} "
                  f"({m['lo']:.1%}-{m['hi']:.1%}) planner {m['planner']} won {m['won']} lost {m['lost']} "
                  f"p {m['p']:.3f} defeated {m['defeated']:.2f} cpu/game {m['cpu_game']:.3f}s "
                  f"train cpu {time.process_time() - start:.0f}s", flush=True)
            recent = 0


def _measure(args: argparse.Namespace) -> None:
    data = np.load(args.weights)
    top = int(data["top"]) if "top" in data else 0
    learner = Learner(data["w"].astype(np.float64), prior=bool(data["prior"]), top=top)
    m = measure(learner, args.layout, args.first, args.deals, args.log, tag=args.weights)
    print(json.dumps(m))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--layout", type=int, default=1)
    t.add_argument("--games", type=int, default=100000)
    t.add_argument("--every", type=int, default=10000)
    t.add_argument("--first", type=int, default=100001)
    t.add_argument("--dev-first", type=int, default=10001)
    t.add_argument("--dev-deals", type=int, default=300)
    t.add_argument("--alpha", type=float, default=0.1)
    t.add_argument("--epsilon", type=float, default=0.0)
    t.add_argument("--shape", type=float, default=0.0,
                   help="the end's target: (1 - shape) * won + shape * share of elementals defeated")
    t.add_argument("--prior", action="store_true",
                   help="the planner's score of each end as a feature and a tie-break")
    t.add_argument("--top", type=int, default=0, help="with --prior: value only the planner's TOP best ends")
    t.add_argument("--out", required=True)
    t.add_argument("--resume")
    t.add_argument("--log")
    m = sub.add_parser("measure")
    m.add_argument("--weights", required=True)
    m.add_argument("--layout", type=int, default=1)
    m.add_argument("--first", type=int, default=10001)
    m.add_argument("--deals", type=int, default=300)
    m.add_argument("--log")
    args = parser.parse_args(argv)
    if args.first < 10001 if args.cmd == "measure" else args.first < 100001:
        print("error: seeds below 10,001 are the report deals (measure: 10,001 and up; train: 100,001 and up)",
              file=sys.stderr)
        return 2
    (_train if args.cmd == "train" else _measure)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
