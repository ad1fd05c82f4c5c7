"""`rulebook ask`'s fitted refuse-or-answer check ([`rulebook.unasked`][rulebook.unasked]), measured leave-one-set-out.

    python benchmarks/ask_unasked.py [--memory] [--skip-off-topic] [--rescue] [--budgets 0,0.0025,...] [--l2 X]
                                     [--folds N] [--fit BUDGET [--enable]] [--out FILE]
    # as shipped: --memory --skip-off-topic --l2 0.1 --budgets 0  (and --fit 0.001 --enable to write it)

Each of issue 22's blind sets 2 to 25 is held out in turn. A logistic model of "no record says what this asks"
(the uncovered and off-topic questions against the real ones) is fitted on the questions `ask` answers today (not
refused, not computed) of every other tuning set, over `rulebook.unasked.signals`. Its threshold is chosen nested:
the other blind sets are split into ``--folds`` folds, each scored by a model fitted without it (and without the
held-out set), and the threshold is the lowest at which those out-of-fold scores refuse at most ``budget`` of the
real questions more (as a share of the real questions). The held-out set is then scored once by the model fitted on
every other set, with that threshold. ``--fit BUDGET`` fits on every tuning set, chooses the threshold the same way
over all the blind sets, and writes rulebook/data/unasked.json (``--enable`` switches it on in `ask`).
``--memory`` adds `rulebook.unasked.nearness` (the nearest uncovered and real tuning question): in each fold a
question is weighed only against the questions of sets outside the fold, the held-out set and its own set, and the
written model stores every tuning question (rulebook/data/unasked-questions.json) and writes their packed index with
the model's numbers (rulebook/data/unasked-index.bin, what `ask` reads). ``--skip-off-topic`` fits on the uncovered
and real questions alone; ``--rescue`` measures the other way (refused questions read as real answered).
`ask` itself is read with the check switched off (its cache of extracted questions is kept apart).
Never read here: players-test.toml and players-fresh.toml (not among ask_heldout.TUNING).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import ask_heldout as heldout  # noqa: E402

#: Which questions the check decides on: "refuse" (those `ask` answers today with rulings, not refused, not
#: computed) or "rescue" (those it refuses today, weak or not covered, read as real questions to answer).
MODE = {"mode": "refuse"}
#: Whether the off-topic questions are left out of the fit (the uncovered ones alone against the real ones).
SKIP_OFF_TOPIC = {"on": False}


def _population(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The questions the check decides on (see ``MODE``)."""
    rescue = MODE["mode"] == "rescue"
    return [q for q in items if q["decision"] is not None and q["refused"] == rescue]


def _target(q: dict[str, Any]) -> bool:
    """What the check looks for: a question no record answers (refuse), or a real one (rescue)."""
    return heldout._unanswerable(q) != (MODE["mode"] == "rescue")


def vector(q: dict[str, Any], excluded: set[str]) -> list[float]:
    """The question's signals, and with ``--memory`` its nearness to the tuning questions outside ``excluded``."""
    found = list(q["decision"]["signals"])
    return found + memory(q, excluded | {q.get("_set", "")}) if MEMORY["on"] else found


def fit(items: list[dict[str, Any]], l2: float, excluded: set[str], iterations: int = 8) -> dict[str, Any]:
    """A ridge logistic regression by Newton's method on standardised signals (pure Python)."""
    pool = [q for q in _population(items) if not (SKIP_OFF_TOPIC["on"] and q["game"] == "none")]
    data = [(vector(q, excluded), 1.0 if _target(q) else 0.0) for q in pool]
    width = len(data[0][0])
    mean = [sum(x[i] for x, _ in data) / len(data) for i in range(width)]
    scale = [math.sqrt(sum((x[i] - mean[i]) ** 2 for x, _ in data) / len(data)) or 1.0 for i in range(width)]
    rows = [([(v - m) / s for v, m, s in zip(x, mean, scale, strict=True)] + [1.0], y) for x, y in data]
    size = width + 1
    beta = [0.0] * size
    n = len(rows)
    for _ in range(iterations):
        grad = [l2 * b for b in beta[:width]] + [0.0]
        hess = [[(l2 if i == j and i < width else 0.0) for j in range(size)] for i in range(size)]
        for x, y in rows:
            z = sum(map(float.__mul__, beta, x))
            p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
            err, w = (p - y) / n, p * (1 - p) / n
            for i in range(size):
                xi = x[i]
                grad[i] += err * xi
                wi = w * xi
                row = hess[i]
                for j in range(i, size):
                    row[j] += wi * x[j]
        for i in range(size):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step, strict=True)]
    return {"mean": mean, "scale": scale, "weights": beta[:width], "bias": beta[width]}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (m[r][n] - sum(m[r][k] * out[k] for k in range(r + 1, n))) / m[r][r]
    return out


def probability(q: dict[str, Any], model: dict[str, Any], excluded: set[str]) -> float:
    from rulebook.unasked import probability as p

    return p(vector(q, excluded), model)


def threshold(scored: list[tuple[float, str]], real: int, budget: float) -> float:
    """The lowest threshold at which at most ``budget`` of ``real`` real questions are refused more."""
    allowed = budget * real
    spent, best = 0, 1.01
    for p, kind in sorted(scored, reverse=True):
        if (kind == "real") == (MODE["mode"] == "refuse"):
            if spent + 1 > allowed:
                break
            spent += 1
        best = p
    return best


def nested(sets: dict[str, list[dict[str, Any]]], held: str | None, folds: int, l2: float) -> list[tuple[float, str]]:
    """Out-of-fold scores of the answered questions of every blind set but ``held``, each fold's model fitted
    without it (and without ``held``), with their kinds; and the number of real questions in those sets."""
    others = [name for name in heldout.HELD_OUT if name != held]
    scored: list[tuple[float, str]] = []
    for k in range(folds):
        fold = others[k::folds]
        train = [q for name in heldout.TUNING if name != held and name not in fold for q in sets[name]]
        excluded = {held or "", *fold}
        model = fit(train, l2, excluded)
        for name in fold:
            scored += [(probability(q, model, excluded), heldout._kind(q)) for q in _population(sets[name])]
    return scored


def applied(items: list[dict[str, Any]], model: dict[str, Any], cut: float, held: str) -> list[dict[str, Any]]:
    return [
        {**q, "refused": MODE["mode"] == "refuse"}
        if q in _population([q]) and probability(q, model, {held}) >= cut
        else q
        for q in items
    ]


def main() -> None:
    from rulebook import rerank
    from rulebook.unasked import NEARNESS, PATH, SIGNALS
    from rulebook.vocabulary import lexicon

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", type=lambda t: [float(x) for x in t.split(",")], default=[0.0, 0.0025, 0.005])
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--folds", type=int, default=3)
    parser.add_argument("--fit", type=float, metavar="BUDGET")
    parser.add_argument("--enable", action="store_true")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--skip-off-topic", action="store_true", help="fit on the uncovered and real questions only")
    parser.add_argument("--memory", action="store_true", help="add nearness to the tuning sets' questions")
    parser.add_argument("--rescue", action="store_true", help="answer refused questions read as real instead")
    args = parser.parse_args()
    MODE["mode"] = "rescue" if args.rescue else "refuse"
    SKIP_OFF_TOPIC["on"] = args.skip_off_topic
    MEMORY["on"] = args.memory
    import rulebook.unasked

    rulebook.unasked._model = dict  # `ask` read as it is without the check (the check's own model is measured here)
    sets = heldout.extracted("bare-")
    if args.memory:
        remember(sets)
    shipped = rerank.model(lexicon())
    ranker = shipped if shipped.active else None
    lines = [f"refuse-or-answer check (rulebook.unasked), l2 {args.l2}, {args.folds} inner folds, leave-one-set-out"]
    if args.fit is not None:
        lines += _write(sets, args, PATH, SIGNALS + (NEARNESS if args.memory else ()))
    else:
        outer = {}
        inner = {}
        for held in heldout.HELD_OUT:
            outer[held] = fit([q for name in heldout.TUNING if name != held for q in sets[name]], args.l2, {held})
            inner[held] = nested(sets, held, args.folds, args.l2)
        before = [heldout.figures(sets[h], ranker) for h in heldout.HELD_OUT]
        lines.append(heldout._line("before (as shipped)", heldout._mean(before)))
        for budget in args.budgets:
            after = []
            for held in heldout.HELD_OUT:
                scored = inner[held]
                real = sum(
                    1 for name in heldout.HELD_OUT if name != held for q in sets[name] if heldout._kind(q) == "real"
                )
                cut = threshold(scored, real, budget)
                found = heldout.figures(applied(sets[held], outer[held], cut, held), ranker)
                after.append(found)
                lines.append(heldout._line(f"{heldout._short(held)} (cut {cut:.3f})", found))
            lines.append(heldout._line(f"after, budget {budget:.2%}", heldout._mean(after)))
            lines.append(_totals(sets, before, after))
    report = "\n".join(lines)
    print(report)
    if args.out:
        args.out.write_text(report + "\n", encoding="utf-8")


def _totals(
    sets: dict[str, list[dict[str, Any]]], before: list[dict[str, float]], after: list[dict[str, float]]
) -> str:
    """Counts summed over the held-out sets: uncovered refused and real refused, before and after."""
    unc = [sum(1 for q in sets[h] if q["uncovered"]) for h in heldout.HELD_OUT]
    real = [sum(1 for q in sets[h] if heldout._kind(q) == "real") for h in heldout.HELD_OUT]

    def count(runs: list[dict[str, float]], key: str, sizes: list[int]) -> int:
        return round(sum(r[key] * n for r, n in zip(runs, sizes, strict=True)))

    return (
        f"    totals: uncovered refused {count(before, 'uncovered_refused', unc)} -> "
        f"{count(after, 'uncovered_refused', unc)} of {sum(unc)}; real refused "
        f"{count(before, 'real_refused', real)} -> {count(after, 'real_refused', real)} of {sum(real)}; first "
        f"{count(before, 'top1', real)} -> {count(after, 'top1', real)}; top three "
        f"{count(before, 'top3', real)} -> {count(after, 'top3', real)}"
    )


def _write(
    sets: dict[str, list[dict[str, Any]]], args: argparse.Namespace, path: Path, names: tuple[str, ...]
) -> list[str]:
    model = fit([q for name in heldout.TUNING for q in sets[name]], args.l2, set())
    scored = nested(sets, None, args.folds, args.l2)
    real = sum(1 for name in heldout.HELD_OUT for q in sets[name] if heldout._kind(q) == "real")
    cut = threshold(scored, real, args.fit)
    data = {
        "about": "rulebook.unasked's model, fitted by benchmarks/ask_unasked.py --fit on: " + ", ".join(heldout.TUNING),
        "l2": args.l2,
        "budget": args.fit,
        "signals": list(names),
        "mean": [round(x, 6) for x in model["mean"]],
        "scale": [round(x, 6) for x in model["scale"]],
        "weights": [round(x, 6) for x in model["weights"]],
        "bias": round(model["bias"], 6),
        "threshold": round(cut, 6),
        "enabled": args.enable,
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if MEMORY["on"]:
        from rulebook.unasked import QUESTIONS

        stored = [
            ["u" if q.get("uncovered") else "o" if q["game"] == "none" else "r", q["text"]]
            for name in heldout.TUNING
            for q in heldout._load(name)
        ]
        about = "the tuning sets' questions (u: uncovered, r: real, o: off-topic), written by benchmarks/ask_unasked.py"
        QUESTIONS.write_text(json.dumps({"about": about, "questions": stored}, indent=0) + "\n", encoding="utf-8")
    from rulebook.unasked import PATH
    from rulebook.unasked_fit import write_index

    if path.resolve() == PATH:  # what `ask` reads: the model's numbers and the stored questions' index
        write_index()
    pairs = zip(names, model["weights"], strict=True)
    return [f"written {path.name}: threshold {cut:.4f}", "weights: " + ", ".join(f"{n} {w:+.3f}" for n, w in pairs)]



# --- memory: how near a question is to the tuning sets' questions no record answers, and to the real ones ---------

#: Whether the memory signals are added to the general ones (``--memory``).
MEMORY = {"on": False}


def remember(sets: dict[str, list[dict[str, Any]]]) -> None:
    """Stores on each question, for each other tuning set, its highest cosine to that set's uncovered questions and
    to its real ones (TF-IDF over the tuning questions' words and word pairs)."""
    from rulebook.unasked import COMMON_TERM
    from rulebook.unasked_fit import vectors

    texts = {name: [t["text"] for t in heldout._load(name)] for name in heldout.TUNING}
    docs = []
    for name in heldout.TUNING:
        for q in sets[name]:
            q["_set"] = name
            docs.append((name, q))
    found, idf = vectors([text for name in heldout.TUNING for text in texts[name]])
    postings: dict[str, list[tuple[int, float]]] = {}
    for n, vec in enumerate(found):
        for t, v in vec.items():
            if idf[t] > COMMON_TERM:
                postings.setdefault(t, []).append((n, v))
    for n, (name, q) in enumerate(docs):
        if q["decision"] is None:
            continue
        dots: dict[int, float] = {}
        for t, v in found[n].items():
            for m, w in postings.get(t, ()):
                if docs[m][0] != name:
                    dots[m] = dots.get(m, 0.0) + v * w
        near: dict[str, list[float]] = {}
        for m, dot in dots.items():
            other, o = docs[m][0], docs[m][1]
            kind = 0 if o["uncovered"] else 1 if heldout._kind(o) == "real" else None
            if kind is not None:
                best = near.setdefault(other, [0.0, 0.0])
                best[kind] = max(best[kind], dot)
        q["_near"] = near


def memory(q: dict[str, Any], excluded: set[str]) -> list[float]:
    """The question's highest cosine to an uncovered and to a real tuning question outside ``excluded`` and its own
    set, and their difference."""
    near = [v for name, v in q.get("_near", {}).items() if name not in excluded]
    unc = max((v[0] for v in near), default=0.0)
    real = max((v[1] for v in near), default=0.0)
    return [unc, real, unc - real]


if __name__ == "__main__":
    main()
