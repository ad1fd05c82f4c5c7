"""A player taught by the solver: the planner's score fitted to the ends of a turn the solver says keep the deal
winnable (issue 23, eighth round, direction B).

Run from the repository with the project installed and numpy available (used here only, never by the package):

    python benchmarks/elementals_teach.py record --first 50001 --games 200 --out /tmp/teach-1.jsonl
    python benchmarks/elementals_teach.py fit /tmp/teach-1.jsonl [...] --ridge 1 0.1 0.01 --table /tmp/taught.json
    python benchmarks/elementals_teach.py measure --table /tmp/taught.json --first 10001 --deals 600

``record`` plays the planner's games on recording deals (seeds 50,001 on, apart from the measuring deals
10,001-10,600). At each turn, while the planner's game is still winnable with every card known, each of the
turn's ``--top`` best ends (by the planner's score) is solved with the deck's order known (the solver, at most
``--positions`` positions; an end it cannot settle is left out); a turn whose ends the solver tells apart is
written with each end's terms of the score (what the player sees: the board, the deck's make-up, never its
order) and whether it keeps the deal winnable. The game stops being recorded once the planner's own end is not
winnable. ``fit`` fits the terms by a pairwise logistic model within turns (a winnable end against an unwinnable
one of the same turn), starting from today's weights and pulled toward them by a ridge, holds out every fifth
seed's turns (how often the end each table scores best is a winnable one), and writes the table. ``measure``
plays the measuring deals with today's table and the fitted ones on the fast path, paired deal by deal.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import time
from typing import Any

import numpy as np
from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals as E
from rulebook.elementals import evaluation as V
from rulebook.elementals import fast
from rulebook.elementals.bots import TurnSearch, turn_ends
from rulebook.elementals.simulation import SimulationResult
from rulebook.elementals.solver import solve

#: The terms of the fast path's score (``fast._ORDER`` without the threshold ``danger_from``), then the kings.
TERMS = ("defeated", "damage", "danger", "short", "spare", "economy", "ready", "started", "need", "stuck",
         "revealed", "deficit")
KINGS = ("KH", "KS", "KD", "KC")
NAMES = TERMS + KINGS
#: Terms the score does not have, recorded beside it: the damage the next draw is expected to force away
#: (``evaluation.forced_damage``), the elements with no spare card, the unseen cards that would complete a
#: started attack or banish a ready elemental (a share of the unseen cards, summed over the elementals).
EXTRA = ("forced", "tight", "completers", "banishers")


def terms(state: E.ElementalsState) -> list[float]:
    """Each term of the planner's score of ``state`` (a turn's end), signed so that the score is their sum
    weighted by ``WEIGHTS`` and ``POWER_VALUE`` (checked in ``record``)."""
    w = V.WEIGHTS
    counts, have, left = V.cards_facts(state.deck, state.hand, state.doubled)
    f = dict.fromkeys(NAMES, 0.0)
    slots, piles, doubled, powers, damage = state.slots, state.piles, state.doubled, state.powers, state.damage
    f["defeated"] = slots.count(None)
    f["damage"] = -damage
    if damage > w["danger_from"]:
        f["danger"] = -(damage - w["danger_from"])
    reach = 20 if "KS" in powers else 10
    needed = still = 0
    wanted = [0, 0, 0, 0]
    for i, t in enumerate(slots):
        if t is None:
            continue
        pile = piles[i]
        laid = len(pile)
        needed += 3 - laid
        wanted[V.ELEMENT_INDEX[t]] += 1
        if laid == 2:
            f["ready"] += 1
        elif laid == 1:
            need = V.POWER[t] - V.pile_power(pile, doubled)
            still += need
            if need <= reach:
                f["started"] += 1
                f["need"] -= max(need, 0)
            else:
                f["stuck"] -= 1
        else:
            still += V.POWER[t]
        if i in state.revealed:
            f["revealed"] += 1
    slack = left - needed + (1 if "KH" in powers else 0)
    if slack < 0:
        f["short"] = slack
    else:
        f["spare"] = min(slack, 6)
    f["deficit"] = -sum(max(0, wanted[e] - counts[e]) for e in range(4))
    f["economy"] = have - still
    for king in powers:
        f[king] += 1.0
    return [f[k] for k in NAMES]


def extra(state: E.ElementalsState) -> list[float]:
    """The terms of ``EXTRA`` for ``state`` (a turn's end: the hand is empty, the deck unseen)."""
    deck = state.deck
    node = (state.slots, state.piles, state.revealed, state.damage, state.powers, state.doubled)
    counts, _, _ = V.cards_facts(deck, state.hand, state.doubled)
    wanted = [0, 0, 0, 0]
    for t in state.slots:
        if t is not None:
            wanted[V.ELEMENT_INDEX[t]] += 1
    n = max(1, len(deck))
    completers = banishers = 0.0
    for i in state.revealed:
        t = state.slots[i]
        if t is None:
            continue
        pile = state.piles[i]
        e = V.ELEMENT_INDEX[t]
        if len(pile) == 2:
            banishers += counts[e] / n
        elif len(pile) == 1:
            need = V.POWER[t] - V.pile_power(pile, state.doubled)
            completers += sum(1 for c in deck if V.ELEMENT_INDEX.get(c, -1) != e and V.POWER.get(c, 10) >= need) / n
    return [-V.forced_damage(node, deck, ()), -sum(1 for e in range(4) if wanted[e] and counts[e] <= wanted[e]),
            completers, banishers]


TODAY = np.array([V.WEIGHTS[k] for k in TERMS] + [V.POWER_VALUE[k] for k in KINGS])


def record(seed: int, layout: int, top: int, positions: int) -> list[dict[str, Any]]:
    """The turns of one planner's game whose best ends the solver tells apart (see the module's description)."""
    state = E.new_game(seed=seed, layout=layout)
    if solve(state, limit=None, max_positions=positions).verdict != "winnable":
        return []
    out = []
    while not state.is_terminal():
        if not state.in_turn:
            if "KD" in state.powers and state.deck and not state.hand:
                state = state.apply(E.Unleash("therazane"))
                state = state.apply(E.Reorder(_useful(state)))
            state = state.apply(E.Draw())
            continue
        search = TurnSearch(state)
        ends = sorted(turn_ends(search).values(), key=lambda x: -x[0])
        chosen = max(ends, key=lambda x: x[0])  # ties: any best; the planner's own is the first in legal order
        own = fast.best_plan(state)[1] if fast.supported(state) else chosen[1]
        rows, own_verdict = [], None
        for value, plan in ends[:top]:
            end = state
            for action in plan:
                end = end.apply(action)
            if end.is_terminal() or abs(value) >= 5e5:
                continue
            x = terms(end)
            assert abs(float(np.dot(x, TODAY)) - value) < 1e-6 * max(1.0, abs(value)), (x, value)
            verdict = solve(end, limit=None, max_positions=positions).verdict
            if verdict != "unknown":
                rows.append({"x": x, "extra": extra(end), "win": verdict == "winnable",
                             "own": tuple(plan) == tuple(own)})
            if tuple(plan) == tuple(own):
                own_verdict = verdict
        if len({r["win"] for r in rows}) > 1:
            out.append({"seed": seed, "deck": len(state.deck), "ends": rows})
        for action in own:
            state = state.apply(action)
        if own_verdict == "not winnable":
            break
    return out


def _useful(state: E.ElementalsState) -> bool:
    """The planner's choice at Therazane's Touch (``bots._useful``)."""
    from rulebook.elementals import bots

    return bots._useful(state, state.deck[-1])


def cmd_record(args: argparse.Namespace) -> None:
    start = time.process_time()
    n = 0
    with open(args.out, "a", encoding="utf-8") as out:
        for seed in range(args.first, args.first + args.games):
            turns = record(seed, args.layout, args.top, args.positions)
            for turn in turns:
                out.write(json.dumps(turn) + "\n")
            n += len(turns)
            out.flush()
            print(f"seed {seed}: {len(turns)} turns told apart; {n} in all, CPU {time.process_time() - start:.0f} s",
                  flush=True)


def load(paths: list[str]) -> list[dict[str, Any]]:
    turns = []
    for path in paths:
        with (gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")) as f:
            turns += [json.loads(line) for line in f if line.strip()]
    return turns


def with_extra(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``turns`` with the terms of ``EXTRA`` appended to each end's."""
    return [{**t, "ends": [{**e, "x": e["x"] + e["extra"]} for e in t["ends"]]} for t in turns]


def pairs(turns: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    """Differences of terms, a winnable end less an unwinnable one of the same turn (each turn weighed 1), and
    the weights of the pairs."""
    xs, ws = [], []
    for turn in turns:
        good = [e["x"] for e in turn["ends"] if e["win"]]
        bad = [e["x"] for e in turn["ends"] if not e["win"]]
        k = len(good) * len(bad)
        for g in good:
            for b in bad:
                xs.append(np.subtract(g, b))
                ws.append(1.0 / k)
    return np.array(xs), np.array(ws)


def fit(
    d: np.ndarray, weight: np.ndarray, ridge: float, scale: float, today: np.ndarray, steps: int = 40
) -> np.ndarray:
    """Weights on today's scale of a pairwise logistic model (the winnable end scored higher), started at and
    pulled toward today's weights by ``ridge`` (on standardised terms); ``scale`` is a point of today's score
    in log-odds."""
    sd = np.maximum(d.std(0), 1e-6)
    w = today * scale
    n = weight.sum()
    for _ in range(steps):
        z = np.clip(d @ w, -30, 30)
        p = 1 / (1 + np.exp(-z))
        g = -(d.T @ (weight * (1 - p))) / n + ridge * sd**2 * (w - today * scale)
        h = (d.T * (weight * p * (1 - p))) @ d / n + ridge * np.diag(sd**2)
        w -= np.linalg.solve(h, g)
    return w / scale


def picks(turns: list[dict[str, Any]], w: np.ndarray) -> float:
    """The share of ``turns`` where the end ``w`` scores best keeps the deal winnable."""
    got = [turn["ends"][int(np.argmax([np.dot(e["x"], w) for e in turn["ends"]]))]["win"] for turn in turns]
    return float(np.mean(got)) if got else math.nan


def cmd_fit(args: argparse.Namespace) -> None:
    turns = load(args.paths)
    names, today = NAMES, TODAY
    if args.extra:
        turns, names, today = with_extra(turns), NAMES + EXTRA, np.r_[TODAY, np.zeros(len(EXTRA))]
    held = [t for t in turns if t["seed"] % 5 == 0]
    train = [t for t in turns if t["seed"] % 5 != 0]
    d, weight = pairs(train)
    s = d @ today
    # The scale: a one-number pairwise fit of today's score.
    c = 0.01
    for _ in range(40):
        p = 1 / (1 + np.exp(-np.clip(c * s, -30, 30)))
        c -= float((-(weight * (1 - p)) @ s) / ((weight * p * (1 - p)) @ (s * s) + 1e-12))
    own = [t["ends"][[e.get("own", False) for e in t["ends"]].index(True)]["win"] for t in held
           if any(e.get("own") for e in t["ends"])]
    print(f"{len(turns)} turns ({len(train)} fitted, {len(held)} held out: every fifth seed), {len(d)} pairs; "
          f"a point of today's score is {c:.4f} log-odds", flush=True)
    print(f"held out, the best-scored end winnable: today's {picks(held, today):.3f} "
          f"(the planner's own end {np.mean(own):.3f}), by chance "
          f"{np.mean([np.mean([e['win'] for e in t['ends']]) for t in held]):.3f}; fitted on the fitted turns "
          f"today's {picks(train, today):.3f}", flush=True)
    first = None
    for ridge in args.ridge:
        w = fit(d, weight, ridge, c, today)
        print(f"ridge {ridge:g}: held out {picks(held, w):.3f}, fitted {picks(train, w):.3f}; "
              + ", ".join(f"{k} {v:.4g}" for k, v in zip(names, w, strict=True)), flush=True)
        if first is None:
            first = w
    if args.table and first is not None:
        table = {"weights": {k: round(float(v), 4) for k, v in zip(TERMS, first, strict=False)},
                 "values": {k: round(float(v), 4) for k, v in zip(KINGS, first[len(TERMS):len(NAMES)], strict=True)},
                 "extra": {k: round(float(v), 4) for k, v in zip(EXTRA, first[len(NAMES):], strict=False)}}
        with open(args.table, "w", encoding="utf-8") as out:
            json.dump(table, out, indent=1)


def use_table(path: str | None, layout: int) -> None:
    if path is None:
        V.LAYOUT_WEIGHTS.pop(layout, None)
        V.LAYOUT_POWER_VALUE.pop(layout, None)
        return
    with open(path, encoding="utf-8") as f:
        table = json.load(f)
    V.LAYOUT_WEIGHTS[layout] = {**V.WEIGHTS, **table["weights"]}
    V.LAYOUT_POWER_VALUE[layout] = {**V.POWER_VALUE, **table["values"]}


class Reranker:
    """The planner's ``top`` best ends of each turn (by today's score), the one a table scores best played
    (the first best among equals: today's own where it ties); between turns, the planner's moves."""

    def __init__(self, table: dict[str, Any], top: int, extra_terms: bool) -> None:
        names = NAMES + (EXTRA if extra_terms else ())
        merged = {**V.WEIGHTS, **V.POWER_VALUE, **table["weights"], **table["values"], **table.get("extra", {})}
        self.w = np.array([merged.get(k, 0.0) for k in names])
        self.top, self.extra = top, extra_terms
        self.plan: list[Any] = []

    def __call__(self, state: E.ElementalsState, rng: Any) -> Any:
        if state.peeking:
            return E.Reorder(_useful(state))
        if not state.in_turn:
            self.plan = []
            if "KD" in state.powers and state.deck and not state.hand:
                return E.Unleash("therazane")
            return E.Draw()
        if not self.plan:
            ends = sorted(turn_ends(TurnSearch(state)).values(), key=lambda x: -x[0])[: self.top]
            best, key = ends[0][1], -math.inf
            for value, plan in ends:
                end = state
                for action in plan:
                    end = end.apply(action)
                if abs(value) >= 5e5:
                    k = value
                else:
                    x = terms(end) + (extra(end) if self.extra else [])
                    k = float(np.dot(x, self.w))
                if k > key:
                    best, key = plan, k
            self.plan = list(best)
        return self.plan.pop(0)


def cmd_rerank(args: argparse.Namespace) -> None:
    import random

    from rulebook.elementals.bots import play_game

    seeds = range(args.first, args.first + args.deals)
    base = [fast.play_out(E.new_game(seed=s, layout=args.layout)) for s in seeds]
    wins = sum(w for w, _ in base)
    print(f"today: {wins}/{len(base)}, defeated {sum(d for _, d in base) / len(base):.2f}", flush=True)
    for path in args.table:
        with open(path, encoding="utf-8") as f:
            table = json.load(f)
        start = time.process_time()
        rows = []
        for s in seeds:
            end = play_game(E.new_game(seed=s, layout=args.layout), Reranker(table, args.top, args.extra),
                            random.Random(s))
            rows.append((end.won(), end.defeated))
        cpu = (time.process_time() - start) / len(rows)
        wins = sum(w for w, _ in rows)
        low, high = SimulationResult("", games=len(rows), wins=wins).interval()
        up = sum(a[0] and not b[0] for a, b in zip(rows, base, strict=True))
        down = sum(b[0] and not a[0] for a, b in zip(rows, base, strict=True))
        print(f"{path} re-ranking the top {args.top}: {wins}/{len(rows)} = {wins / len(rows):.1%} "
              f"({low:.1%}-{high:.1%}), defeated {sum(d for _, d in rows) / len(rows):.2f}, CPU/game {cpu:.3f} s; "
              f"against today: won {up} it lost, lost {down} it won (sign test p {sign_p(up, down):.3f})", flush=True)


def cmd_measure(args: argparse.Namespace) -> None:
    seeds = range(args.first, args.first + args.deals)
    base: list[tuple[bool, int]] = []
    for path in [None, *args.table]:
        use_table(path, args.layout)
        start = time.process_time()
        rows = [fast.play_out(E.new_game(seed=s, layout=args.layout)) for s in seeds]
        cpu = (time.process_time() - start) / len(rows)
        wins = sum(w for w, _ in rows)
        low, high = SimulationResult("", games=len(rows), wins=wins).interval()
        line = (f"{path or 'today'}: {wins}/{len(rows)} = {wins / len(rows):.1%} ({low:.1%}-{high:.1%}), "
                f"defeated {sum(d for _, d in rows) / len(rows):.2f}, CPU/game {cpu:.3f} s")
        if base:
            up = sum(a[0] and not b[0] for a, b in zip(rows, base, strict=True))
            down = sum(b[0] and not a[0] for a, b in zip(rows, base, strict=True))
            line += f"; against today: won {up} it lost, lost {down} it won (sign test p {sign_p(up, down):.3f})"
        else:
            base = rows
        print(line, flush=True)
    use_table(None, args.layout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--first", type=int, default=50_001)
    r.add_argument("--games", type=int, default=200)
    r.add_argument("--layout", type=int, default=1)
    r.add_argument("--top", type=int, default=6)
    r.add_argument("--positions", type=int, default=20_000)
    r.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("paths", nargs="+")
    f.add_argument("--ridge", type=float, nargs="+", default=[1.0, 0.1, 0.01])
    f.add_argument("--table", default=None, help="write the table of the first --ridge")
    f.add_argument("--extra", action="store_true", help="fit the terms of EXTRA too")
    m = sub.add_parser("measure")
    m.add_argument("--table", nargs="*", default=[])
    m.add_argument("--first", type=int, default=10_001)
    m.add_argument("--deals", type=int, default=600)
    m.add_argument("--layout", type=int, default=1)
    k = sub.add_parser("rerank")
    k.add_argument("--table", nargs="+", required=True)
    k.add_argument("--top", type=int, default=6)
    k.add_argument("--extra", action="store_true", help="the tables weigh the terms of EXTRA too")
    k.add_argument("--first", type=int, default=10_001)
    k.add_argument("--deals", type=int, default=600)
    k.add_argument("--layout", type=int, default=1)
    args = parser.parse_args()
    {"record": cmd_record, "fit": cmd_fit, "measure": cmd_measure, "rerank": cmd_rerank}[args.cmd](args)


if __name__ == "__main__":
    main()
