"""Fit the Elementals planner's evaluation to the outcomes of its own games (approximate policy iteration).

Run from the repository with the project installed and numpy available (numpy is used here only, never by
the package):

    python benchmarks/elementals_fit.py record --games 2000 --out /tmp/fit-0.jsonl
    python benchmarks/elementals_fit.py fit /tmp/fit-0.jsonl --table /tmp/table-1.json
    python benchmarks/elementals_fit.py measure --table /tmp/table-1.json --deals 600
    python benchmarks/elementals_fit.py record --table /tmp/table-1.json --games 2000 --out /tmp/fit-1.jsonl
    python benchmarks/elementals_fit.py choices --games 300 --first 40001 --out /tmp/choices-0.jsonl
    python benchmarks/elementals_fit.py fitchoices /tmp/choices-0.jsonl --win 100 --ridge 0.3 --table /tmp/t.json

``record`` plays games with the planner (seeds 20,001 on: kept apart from the measuring deals 10,001-10,600)
and writes, at the end of every turn (before the next draw), each term of the planner's score separately
(``features``: the score is their sum weighted by ``WEIGHTS`` and ``POWER_VALUE``), a few candidate terms the
score does not have, and the game's outcome from there (won; elementals defeated at the end). ``fit`` fits a
logistic regression of the win on the score's terms (Newton's method, a small ridge), checks it on the games
held out (every fifth game: log loss and accuracy against the current table's score rescaled by the same kind
of fit), and writes the fitted weights as a table (``weights``, ``values``) the planner can use as it stands.
``choices`` plays, at a share of the planner's turns, each of its best ends of the turn out in sampled games
that fit what the player sees, and ``fitchoices`` fits the terms to those outcomes using only the differences
between the ends of one turn (what the planner's choice depends on), pulled toward today's weights by a
ridge. ``measure`` plays the measuring deals with the table and with today's, paired: wins with a 95% interval
(Wilson) and the deals won by one only.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np
from paired import sign_p  # benchmarks/paired.py: run from benchmarks/, as the scripts are

from rulebook import elementals as E
from rulebook.elementals import evaluation as V
from rulebook.elementals import hint as hints
from rulebook.elementals.bots import Planner, TurnSearch, turn_ends
from rulebook.elementals.simulation import SimulationResult

#: The terms of the score, named as in ``WEIGHTS`` (and the four powers as in ``POWER_VALUE``).
TERMS = ("defeated", "damage", "danger", "short", "spare", "economy", "ready", "started", "need", "stuck",
         "revealed", "deficit", "forced", "tight", "overflow")
KINGS = ("KH", "KS", "KD", "KC")
#: Candidate terms the score does not have (recorded for the fit's check only).
EXTRA = ("left", "element_spare", "big_left", "ready_big", "started_big")


def features(state: E.ElementalsState, weights: dict[str, float] = V.WEIGHTS) -> dict[str, float]:
    """Each term of the planner's score of ``state`` (between turns: the hand is empty, the deck unseen),
    signed so that the score is the sum of the terms times their weights; then the candidate terms."""
    deck = state.deck
    node = (state.slots, state.piles, state.revealed, state.damage, state.powers, state.doubled)
    counts, have, left = V.cards_facts(deck, state.hand, state.doubled)
    slots, piles, revealed, damage, powers, doubled = node
    f = dict.fromkeys(TERMS + KINGS + EXTRA, 0.0)
    f["defeated"] = slots.count(None)
    f["damage"] = -damage
    f["forced"] = -V.forced_damage(node, deck, ())
    if damage > weights["danger_from"]:
        f["danger"] = -(damage - weights["danger_from"])
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
            f["ready_big"] += V.POWER[t] >= 12
        elif laid == 1:
            need = V.POWER[t] - V.pile_power(pile, doubled)
            still += need
            if need <= reach:
                f["started"] += 1
                f["need"] -= max(need, 0)
                f["started_big"] += V.POWER[t] >= 12
            else:
                f["stuck"] -= 1
        else:
            still += V.POWER[t]
        if i in revealed:
            f["revealed"] += 1
    slack = left - needed + (1 if "KH" in powers else 0)
    if slack < 0:
        f["short"] = slack
    else:
        f["spare"] = min(slack, 6)
    f["deficit"] = -sum(max(0, wanted[e] - counts[e]) for e in range(4))
    f["tight"] = -sum(1 for e in range(4) if wanted[e] and counts[e] <= wanted[e])
    if slack > 0:
        weakest = sum(sorted(V.POWER.get(c, 10) for c in deck)[:slack])  # a joker thrown away deals 10
        f["overflow"] = -max(0, damage + weakest - (E.LOSING_DAMAGE - 1))
    f["economy"] = have - still
    for king in powers:
        if king in f:
            f[king] = 1.0
    f["left"] = left
    f["element_spare"] = sum(min(counts[e] - wanted[e], 3) for e in range(4) if wanted[e])
    _, jokers, values = V.deck_facts(deck)
    f["big_left"] = jokers + sum(1 for v in values for p in v if p >= 8)
    return f


def read_table(path: str | None) -> dict[str, Any] | None:
    """The table in the JSON file ``path`` (None: none)."""
    if not path:
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def use_table(table: dict[str, Any] | None, layout: int = 1) -> None:
    """Make the planner score with ``table`` (None: today's tables)."""
    if table is None:
        V.LAYOUT_WEIGHTS.pop(layout, None)
        V.LAYOUT_POWER_VALUE.pop(layout, None)
    else:
        V.LAYOUT_WEIGHTS[layout] = {**V.WEIGHTS, **table["weights"]}
        V.LAYOUT_POWER_VALUE[layout] = {**V.POWER_VALUE, **table["values"]}


def best_ends(search: TurnSearch) -> list[tuple[float, tuple]]:
    """Every end of the turn ``search`` can reach: its score and a plan reaching it, best first."""
    return sorted(turn_ends(search).values(), key=lambda x: -x[0])


class Explorer(Planner):
    """The planner, but at a share ``explore`` of its turns it follows one of its ``top`` best plans at random
    (so that the recorded positions differ by the choices a turn offers, not only along the planner's games)."""

    def __init__(self, explore: float, top: int, rng: random.Random) -> None:
        super().__init__()
        self.explore, self.top, self.rng = explore, top, rng

    def __call__(self, state: E.ElementalsState, rng: random.Random) -> Any:
        planned = self._plan and state == self._expect
        if state.in_turn and not state.peeking and not planned and self.rng.random() < self.explore:
            ends = best_ends(TurnSearch(state))[: self.top]
            plan = self.rng.choice(ends)[1]
            if plan:
                self._plan = list(plan)
                action = self._plan.pop(0)
                self._expect = state.apply(action)
                return action
        return super().__call__(state, rng)


def record(seed: int, layout: int, explore: float = 0.0, top: int = 3) -> dict[str, Any]:
    """One game by the planner (exploring at a share ``explore`` of its turns): the terms at every turn's
    end and the outcome."""
    rng = random.Random(seed)
    state = E.new_game(seed=seed, layout=layout)
    policy = Explorer(explore, top, random.Random(-seed)) if explore else Planner()
    rows = []
    for _ in range(2000):
        if state.is_terminal():
            break
        if not state.in_turn and not state.peeking:
            f = features(state, V.planner_weights(layout)[0])
            rows.append([f[k] for k in TERMS + KINGS + EXTRA])
        state = state.apply(policy(state, rng))
    return {"seed": seed, "won": state.won(), "defeated": state.defeated, "rows": rows}


def choices(seed: int, layout: int, share: float, top: int, samples: int) -> list[dict[str, Any]]:
    """A game by the planner in which, at a share ``share`` of its turns, each of its ``top`` best ends of the
    turn is played out ``samples`` times by the planner in games that fit what the player sees (the same
    sampled games for every end): the terms of each end, the mean elementals defeated and the wins."""
    pick = random.Random(-seed)
    state = E.new_game(seed=seed, layout=layout)
    policy = Planner()
    rng = random.Random(seed)
    out = []
    fresh = True
    while not state.is_terminal():
        if state.in_turn and not state.peeking and fresh and pick.random() < share:
            turn = []
            for value, plan in best_ends(TurnSearch(state))[:top]:
                end = state
                for action in plan:
                    end = end.apply(action)
                if end.is_terminal() or abs(value) > 5e5:
                    continue
                f = features(end, V.planner_weights(layout)[0])
                won = defeated = 0
                for j in range(samples):
                    final = play_out(hints.view(end, random.Random(seed * 1000 + j)))
                    won += final.won()
                    defeated += final.defeated
                turn.append({"x": [f[k] for k in TERMS + KINGS + EXTRA], "won": won / samples,
                             "defeated": defeated / samples})
            if len(turn) > 1:
                out.append({"seed": seed, "damage": state.damage, "ends": turn})
        fresh = not state.in_turn
        state = state.apply(policy(state, rng))
    return out


def play_out(sample: E.ElementalsState) -> E.ElementalsState:
    """``sample`` played to its end by the planner."""
    player = Planner()
    rng = random.Random(0)
    while not sample.is_terminal():
        sample = sample.apply(player(sample, rng))
    return sample


def cmd_choices(args: argparse.Namespace) -> None:
    use_table(read_table(args.table), args.layout)
    start = time.process_time()
    n = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for seed in range(args.first, args.first + args.games):
            for turn in choices(seed, args.layout, args.share, args.top, args.samples):
                out.write(json.dumps(turn) + "\n")
                n += 1
            out.flush()
    print(f"{n} turns of {args.games} games, CPU {time.process_time() - start:.0f} s", flush=True)


def cmd_record(args: argparse.Namespace) -> None:
    use_table(read_table(args.table), args.layout)
    start = time.process_time()
    wins = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for seed in range(args.first, args.first + args.games):
            game = record(seed, args.layout, args.explore, args.top)
            wins += game["won"]
            out.write(json.dumps(game) + "\n")
    cpu = time.process_time() - start
    print(f"recorded {args.games} games (seeds {args.first}-{args.first + args.games - 1}), {wins} won, "
          f"CPU {cpu:.0f} s", flush=True)


def load(paths: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Terms, win, defeated at the end, and the game's number, one row per turn's end."""
    xs, won, defeated, game = [], [], [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            games = [json.loads(line) for line in f]
        for g in games:
            for r in g["rows"]:
                xs.append(r)
                won.append(float(g["won"]))
                defeated.append(float(g["defeated"]))
                game.append(g["seed"])
    return np.array(xs), np.array(won), np.array(defeated), np.array(game)


def logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Weights (the last one the intercept) of a logistic regression of ``y`` on ``x`` (standardised
    inside; the weights returned are on the raw scale), fitted by Newton's method with a small ridge."""
    mean, sd = x.mean(0), x.std(0)
    sd[sd == 0] = 1.0
    z = np.hstack([(x - mean) / sd, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(z @ w, -30, 30)))
        g = z.T @ (p - y) / len(y) + ridge * np.r_[w[:-1], 0]
        h = (z.T * (p * (1 - p))) @ z / len(y) + ridge * np.diag(np.r_[np.ones(len(w) - 1), 0])
        w -= np.linalg.solve(h, g)
    raw = w[:-1] / sd
    return np.r_[raw, w[-1] - raw @ mean]


def check(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Log loss and accuracy (at one half) of weights ``w`` on held-out rows."""
    p = 1 / (1 + np.exp(-np.clip(x @ w[:-1] + w[-1], -30, 30)))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p > 0.5) == (y > 0.5)))


def cmd_fit(args: argparse.Namespace) -> None:
    x, won, defeated, game = load(args.paths)
    held = game % 5 == 0
    names = TERMS + KINGS
    base = x[:, : len(names)]
    today = np.array([V.WEIGHTS[k] for k in TERMS] + [V.POWER_VALUE[k] for k in KINGS])
    print(f"{len(x)} turn ends of {len(set(game.tolist()))} games ({won[~held].mean():.1%} of fit rows won); "
          f"held out {held.sum()} rows of every fifth game", flush=True)
    # Today's score as the only input (a two-number fit), for comparison on the same held-out rows.
    s = (base @ today)[:, None]
    w0 = logistic(s[~held], won[~held])
    print("held-out log loss, accuracy: today's score {:.4f} {:.3f}".format(*check(s[held], won[held], w0)))
    w = logistic(base[~held], won[~held], args.ridge)
    print("held-out log loss, accuracy: fitted terms  {:.4f} {:.3f}".format(*check(base[held], won[held], w)))
    if args.signs:
        # Every term kept at the sign of a penalty or a reward as the score has it (a weight of 0 where the
        # fit would reverse it), so no choice within a turn is steered by a term's trend along games.
        keep = np.ones(len(names), dtype=bool)
        while True:
            w = np.zeros(len(names) + 1)
            w[np.r_[keep, True]] = logistic(base[~held][:, keep], won[~held], args.ridge)
            wrong = keep & (w[:-1] < 0)
            if not wrong.any():
                break
            keep &= ~wrong
        print("dropped (sign reversed): " + ", ".join(k for k, kept in zip(names, keep, strict=True) if not kept))
        print("held-out log loss, accuracy: signed terms  {:.4f} {:.3f}".format(*check(base[held], won[held], w)))
    w2 = logistic(x[~held], won[~held], args.ridge)
    print("held-out log loss, accuracy: with extras   {:.4f} {:.3f}".format(*check(x[held], won[held], w2)))
    print("extras' weights: " + ", ".join(f"{k} {v:+.3f}" for k, v in zip(EXTRA, w2[len(names):-1], strict=True)))
    if args.target == "defeated":
        z = np.hstack([base, np.ones((len(base), 1))])
        y = defeated + 10 * won
        w = np.linalg.lstsq(z[~held], y[~held], rcond=None)[0]
        err = np.sqrt(np.mean((z[held] @ w - y[held]) ** 2))
        print(f"least squares on defeated + 10 won: held-out RMS error {err:.3f}")
    w = logistic(base, won, args.ridge) if args.target == "won" and args.all and not args.signs else w
    # On today's scale (the two-number fit says how many log-odds a point of today's score is worth), then
    # mixed with today's weights: a share ``--mix`` of the fitted table.
    w = args.mix * w[:-1] / w0[0] + (1 - args.mix) * today if args.target == "won" else w[:-1]
    scale = 1.0
    table = {"weights": {k: round(float(v) * scale, 4) for k, v in zip(TERMS, w, strict=False)},
             "values": {k: round(float(v) * scale, 4) for k, v in zip(KINGS, w[len(TERMS):], strict=False)}}
    print(f"term: today -> fitted on today's scale, mixed {args.mix:g}")
    for k, v in zip(names, today, strict=True):
        new = table["weights"].get(k, table["values"].get(k))
        print(f"  {k:10s} {v:9.3f} -> {new:9.3f}")
    if args.table:
        with open(args.table, "w", encoding="utf-8") as out:
            json.dump(table, out, indent=1)


def cmd_fitchoices(args: argparse.Namespace) -> None:
    """Least squares within turns: of the ends of one turn, how much more the ones with more of a term
    defeat (the elementals defeated + 10 a win, played out), around today's weights (a ridge pulls the fit
    toward them); only differences within a turn count, as only they steer the planner's choice."""
    turns = []
    for path in args.paths:
        with open(path, encoding="utf-8") as f:
            turns += [json.loads(line) for line in f]
    names = TERMS + KINGS
    k = len(names)
    today = np.array([V.WEIGHTS[n] for n in TERMS] + [V.POWER_VALUE[n] for n in KINGS])
    xs, ys, held, group = [], [], [], []
    for t, turn in enumerate(turns):
        x = np.array([e["x"][:k] for e in turn["ends"]], dtype=float)
        y = np.array([e["defeated"] + args.win * e["won"] for e in turn["ends"]])
        xs.append(x - x.mean(0))
        ys.append(y - y.mean())
        held += [turn["seed"] % 5 == 0] * len(y)
        group += [t] * len(y)
    x, y, held, group = np.vstack(xs), np.concatenate(ys), np.array(held), np.array(group)
    if not held.any() or held.all():
        raise SystemExit("fitchoices: needs turns of seeds both divisible by 5 (held out) and not (fitted)")
    fit = ~held
    s = x @ today
    c = float(s[fit] @ y[fit] / (s[fit] @ s[fit]))
    sd = np.maximum(x[fit].std(0), 1e-6)
    print(f"{len(turns)} turns, {len(y)} ends; held out {len(set(group[held].tolist()))} turns (every fifth seed); "
          f"one point of today's score is worth {c:.4f} of (defeated + {args.win:g} won) within a turn")

    def picks(w: np.ndarray) -> float:
        """The mean outcome, over held-out turns, of the end ``w`` scores best (against the turn's mean)."""
        got = []
        for t in sorted(set(group[held].tolist())):
            rows = group == t
            got.append(y[rows][int(np.argmax(x[rows] @ w))])
        return float(np.mean(got))

    def best() -> float:
        return float(np.mean([y[group == t].max() for t in sorted(set(group[held].tolist()))]))

    print(f"held-out turns, outcome of the end picked (over the turn's mean): today's {picks(today):+.3f}, "
          f"the best end in hindsight {best():+.3f}")
    table_w = today
    for ridge in args.ridge:
        a = x[fit].T @ x[fit] + ridge * fit.sum() * np.diag(sd**2)
        d = np.linalg.solve(a, x[fit].T @ (y[fit] - c * s[fit]))
        w = today + d / c
        print(f"ridge {ridge:g}: held-out pick {picks(w):+.3f}; "
              + ", ".join(f"{n} {v:.3g}" for n, v in zip(names, w, strict=True) if abs(d[names.index(n)]) > 1e-9))
        if ridge == args.ridge[0]:
            table_w = w
    table = {"weights": {n: round(float(v), 4) for n, v in zip(TERMS, table_w, strict=False)},
             "values": {n: round(float(v), 4) for n, v in zip(KINGS, table_w[len(TERMS):], strict=False)}}
    if args.table:
        with open(args.table, "w", encoding="utf-8") as out:
            json.dump(table, out, indent=1)


def play(seeds: range, layout: int) -> list[tuple[bool, int]]:
    out = []
    for seed in seeds:
        state = E.new_game(seed=seed, layout=layout)
        rng = random.Random(seed)
        policy = Planner()
        while not state.is_terminal():
            state = state.apply(policy(state, rng))
        out.append((state.won(), state.defeated))
    return out


def cmd_measure(args: argparse.Namespace) -> None:
    seeds = range(args.first, args.first + args.deals)
    results = []
    for path in [None, *args.table]:
        use_table(read_table(path), args.layout)
        start = time.process_time()
        rows = play(seeds, args.layout)
        cpu = (time.process_time() - start) / len(seeds)
        wins = sum(w for w, _ in rows)
        low, high = SimulationResult("", games=len(rows), wins=wins).interval()
        line = (f"{path or 'today'}: {wins}/{len(rows)} = {wins / len(rows):.1%} ({low:.1%}-{high:.1%}), "
                f"defeated {sum(d for _, d in rows) / len(rows):.2f}, CPU/game {cpu:.3f} s")
        if results:
            up = sum(a[0] and not b[0] for a, b in zip(rows, results[0], strict=True))
            down = sum(b[0] and not a[0] for a, b in zip(rows, results[0], strict=True))
            line += f"; against today: won {up} it lost, lost {down} it won (sign test p {sign_p(up, down):.3f})"
        results.append(rows)
        print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--games", type=int, default=2000)
    r.add_argument("--first", type=int, default=20_001)
    r.add_argument("--layout", type=int, default=1)
    r.add_argument("--table", default=None)
    r.add_argument("--out", required=True)
    r.add_argument("--explore", type=float, default=0.0, help="the share of turns played by a random one of the best")
    r.add_argument("--top", type=int, default=3, help="how many of the best plans exploring chooses from")
    c = sub.add_parser("choices")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--first", type=int, default=40_001)
    c.add_argument("--layout", type=int, default=1)
    c.add_argument("--table", default=None)
    c.add_argument("--share", type=float, default=0.15, help="the share of turns whose ends are played out")
    c.add_argument("--top", type=int, default=4)
    c.add_argument("--samples", type=int, default=6)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("paths", nargs="+")
    f.add_argument("--table", default=None)
    f.add_argument("--ridge", type=float, default=1e-3)
    f.add_argument("--signs", action="store_true", help="no term's sign reversed (such terms dropped)")
    f.add_argument("--mix", type=float, default=1.0, help="the share of the fitted table against today's")
    f.add_argument("--target", choices=("won", "defeated"), default="won")
    f.add_argument("--all", action="store_true", help="refit on every row (held-out ones too) for the table")
    g = sub.add_parser("fitchoices")
    g.add_argument("paths", nargs="+")
    g.add_argument("--table", default=None, help="write the table of the first --ridge")
    g.add_argument("--ridge", type=float, nargs="+", default=[1.0, 0.1, 0.01, 0.001])
    g.add_argument("--win", type=float, default=10.0, help="what a win adds to the elementals defeated")
    m = sub.add_parser("measure")
    m.add_argument("--table", nargs="*", default=[])
    m.add_argument("--first", type=int, default=10_001)
    m.add_argument("--deals", type=int, default=600)
    m.add_argument("--layout", type=int, default=1)
    args = parser.parse_args()
    commands = {"record": cmd_record, "choices": cmd_choices, "fitchoices": cmd_fitchoices, "fit": cmd_fit,
                "measure": cmd_measure}
    commands[args.cmd](args)


if __name__ == "__main__":
    main()
