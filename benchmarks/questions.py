"""How well `rulebook ask` answers players' questions: top-1, top-3 and refusals, per game and overall.

    python benchmarks/questions.py [--misses] [--dev-only | --tuning]

Four sets: the development half of the players' questions (tests/data/players-dev.toml, with the
questions added for tuning, players-dev-added.toml), the held-out test half (players-test.toml), and the
original judges' questions (questions.toml); and 200 fresh questions written blind after tuning ended
(players-fresh.toml), never to be tuned on; and issue 22's blind set (players-blind.toml: in-game questions no
document covers, and questions whose roles an engine could compute), with two more figures: uncovered in-game
questions refused, and computed answers to a question not asked: measured once on 2026-11-25 (85.5% / 97.8% / 33% / 2);
tuning data since. Only aggregate figures are printed for the test half and the fresh questions; `--misses` lists the
misses of the sets tuning may look at: the development half, issue 22's development questions no document covers
(players-dev-uncovered.toml), issue 22's former blind set and (issue 22's tenth round) its seventh blind set.
Last, issue 22's second blind set
(players-blind-2.toml, written by someone who never saw the ranker), measured once on 2026-11-25 (79.8% / 94.4% /
60.7% / 3); tuning data since. Issue 22's third round tuned on its even-indexed half only (by file order) and held
its odd-indexed half out: both halves are reported apart (the fourth round read the odd half's misses too). Issue
22's third round also added its own development questions (players-dev-3.toml: uncovered and long chatty ones).
Issue 22's third blind set (players-blind-3.toml, 241 questions written from the source documents alone by someone
who never saw the ranker, the readers or the players' words) was measured once on 2026-11-26, after the third
round of tuning was merged (80.8% / 91.8% / 82.1% / 0); tuning data since. Issue 22's fourth round tuned on its
even-indexed half only (by file order) and held its odd-indexed half out: both halves are reported apart, and
`--misses` lists the even half's misses alone. Issue 22's fourth blind set (players-blind-4.toml, 254
questions written the same way) was measured once on 2026-11-26, after the fourth round was merged (81.0% / 92.8% /
74.4% / 1); tuning data since (issue 22's fifth round fits `ask`'s reranker on it, and checks it leave-one-set-out
with blind-2 and blind-3: benchmarks/ask_heldout.py). Issue 22's fifth blind set (players-blind-5.toml, 260
questions written the same way) was measured once on 2026-11-26, after the fifth round was merged, as shipped
(81.2% / 90.6% / 57.9% / 0); tuning data since. Issue 22's sixth blind set (players-blind-6.toml, 266 questions
written the same way) was measured once on 2026-11-26, after the sixth round was merged, as shipped (the reranker on,
the first stage's best kept first: 75.5% / 91.8% / 57.9% / 0); tuning data since. Issue 22's seventh blind set
(players-blind-7.toml, 257 questions written the same way) was measured once on 2026-11-26, after the ninth round
was merged, as shipped (74.2% / 88.9% / 51.3% / 0); tuning data since. Issue 22's eighth blind set
(players-blind-8.toml, 258 questions written the same way) was measured once on 2026-11-26, after the eleventh round
and the ninth review were merged, as shipped (77.6% / 90.3% / 66.7% / 0); tuning data since (its misses are listed by
``--misses`` from the twelfth round on). Issue 22's ninth blind set (players-blind-9.toml, 273 questions written the
same way) was measured once on 2026-11-26, after the twelfth round was merged, as shipped (82.9% / 93.8% / 55.8% / 1);
tuning data since. Issue 22's tenth blind set (players-blind-10.toml, 266 questions written the same way) was
measured once on 2026-11-26, after the fourteenth round was merged, as shipped (83.0% / 93.7% / 65.0% / 1);
tuning data since. Issue 22's eleventh blind set (players-blind-11.toml, 268 questions written the same way) was
measured once on 2026-11-26, after the sixteenth round was merged, as shipped (82.7% / 95.2% / 57.5% / 5).
Issue 22's twelfth blind set (players-blind-12.toml, 270 questions written the same way) was measured once on
2026-11-26, after the nineteenth round was merged, as shipped (79.6% / 95.3% / 74.4% / 0); tuning data since.
Issue 22's thirteenth blind set (players-blind-13.toml, 278 questions written the same way) was measured once on
2026-11-26, after the twentieth round was merged, as shipped (83.0% / 91.7% / 70.0% / 2); tuning data since.
Issue 22's fourteenth blind set (players-blind-14.toml, 273 questions written the same way) was measured once on
2026-11-26, after the twenty-first round was merged, as shipped (81.3% / 89.3% / 74.4% / 3); tuning data since.
Issue 22's fifteenth blind set (players-blind-15.toml, 270 questions written the same way) was measured once on
2026-11-26, after the twenty-fourth round was merged, as shipped (84.4% / 94.8% / 71.1% / 4); tuning data since.
Issue 22's sixteenth blind set (players-blind-16.toml, 278 questions written the same way) was measured once on
2026-11-27, after the twenty-fifth round and the thirteenth review were merged (the twenty-third and twenty-sixth
rounds changed no answer), as shipped (82.1% / 92.7% / 77.5% / 0); tuning data since.
Issue 22's seventeenth blind set (players-blind-17.toml, 263 questions written the same way) was measured once on
2026-11-27, after the fourteenth review and the twenty-eighth to thirtieth rounds were merged, as shipped
(81.8% / 95.1% / 72.5% / 5); tuning data since.
Issue 22's eighteenth blind set (players-blind-18.toml, 269 questions written the same way) was measured once on
2026-11-27, after the fifteenth review and the thirty-first to thirty-third rounds were merged, as shipped
(89.0% / 95.7% / 72.5% / 0); tuning data since.
Issue 22's nineteenth blind set (players-blind-19.toml, 267 questions written the same way) was measured once on
2026-11-27, after the sixteenth review, the thirty-fourth round and the not-covered check's nineteenth were merged,
as shipped (88.9% / 95.7% / 75.0% / 0); tuning data since.
Issue 22's twentieth blind set (players-blind-20.toml, 266 questions written the same way) was measured once on
2026-11-27, after the seventeenth review, the thirty-sixth round and the not-covered check's twentieth were merged,
as shipped (90.3% / 96.6% / 92.5% / 3); tuning data since.
Issue 22's twenty-first blind set (players-blind-21.toml, 264 questions written the same way) was measured once on
2026-11-27, after the thirty-eighth round was merged, as shipped (84.5% / 94.7% / 67.6% / 2);
tuning data since.
Issue 22's twenty-second blind set (players-blind-22.toml, 270 questions written the same way) was measured once on
2026-11-27, after the thirty-ninth round was merged, as shipped (87.1% / 94.3% / 85.0% / 0);
tuning data since.
Issue 22's twenty-third blind set (players-blind-23.toml, 275 questions written the same way) was measured once on
2026-11-27, after the thirty-ninth round was merged, as shipped (89.4% / 94.9% / 78.9% / 0);
tuning data since.
Issue 22's twenty-fourth blind set (players-blind-24.toml, 265 questions written the same way) was measured once on
2026-11-27, after the fortieth round was merged, as shipped (88.7% / 92.1% / 88.1% / 0; of its 28 computed questions
with the engine command that answers them, 22 computed right, 1 wrong, 5 not computed);
tuning data since.
Issue 22's twenty-fifth blind set (players-blind-25.toml, 278 questions written the same way) was measured once on
2026-11-27, after the fortieth round was merged, as shipped (87.2% / 94.0% / 87.5% / 1; of its 28 computed questions
with the engine command that answers them, 21 computed right, 1 wrong, 6 not computed);
tuning data since.
Issue 22's twenty-sixth blind set (players-blind-26.toml, 268 questions written the same way) was measured once on
2026-11-27, after the forty-second round was merged, as shipped (83.2% / 94.2% / 90.0% / 0; of its 28 computed questions
with the engine command that answers them, 24 computed right, 0 wrong, 4 not computed);
tuning data since.
Issue 22's twenty-seventh blind set (players-blind-27.toml, 264 questions written the same way) was measured once on
2026-11-27, after the forty-second round was merged, as shipped (90.2% / 96.6% / 74.4% / 0; of its 28 computed questions
with the engine command that answers them, 24 computed right, 0 wrong, 4 not computed);
tuning data since.
Issue 22's twenty-eighth blind set (players-blind-28.toml, 265 questions written the same way) was measured once on
2026-11-27, after the forty-third round was merged, as shipped (91.3% / 98.5% / 84.6% / 0; of its 28 computed questions
with the engine command that answers them, 23 computed right, 1 wrong, 4 not computed);
tuning data since.
Issue 22's twenty-ninth blind set (players-blind-29.toml, 267 questions written the same way) was measured once on
2026-11-27, after the forty-fourth round was merged, as shipped (85.1% / 94.7% / 89.7% / 0; of its 31 computed questions
with the engine command that answers them, 21 computed right, 1 wrong, 9 not computed);
tuning data since.
Issue 22's thirtieth blind set (players-blind-30.toml, 267 questions written the same way) was measured once on
2026-11-27, after the forty-fifth round was merged, as shipped (92.3% / 98.6% / 89.7% / 0; of its 31 computed questions
with the engine command that answers them, 22 computed right, 1 wrong, 8 not computed);
tuning data since.
Issue 22's thirty-first blind set (players-blind-31.toml, 264 questions written the same way) was measured once on
2026-11-27, after the forty-sixth round was merged, as shipped (88.3% / 96.1% / 94.9% / 1; of its 28 computed questions
with the engine command that answers them, 23 computed right, 0 wrong, 5 not computed);
tuning data since.
Issue 22's thirty-second blind set (players-blind-32.toml, 268 questions written the same way) was measured once on
2026-11-28, after the forty-seventh round was merged, as shipped (91.9% / 97.6% / 87.2% / 2; of its 30 computed
questions with the engine command that answers them, 26 computed right, 0 wrong, 4 not computed);
tuning data since.
Issue 22's thirty-third blind set (players-blind-33.toml, 270 questions written the same way) was measured once on
2026-11-28, after the forty-eighth round was merged, as shipped (90.0% / 96.7% / 84.6% / 0; of its 29 computed questions
with the engine command that answers them, 23 computed right, 2 wrong, 4 not computed);
tuning data since.
Issue 22's thirty-fourth blind set (players-blind-34.toml, 265 questions written the same way) was measured once on
2026-11-28, after the forty-ninth round was merged, as shipped (87.9% / 95.7% / 84.6% / 0; of its 29 computed questions
with the engine command that answers them, 23 computed right, 0 wrong, 6 not computed);
tuning data since.
Issue 22's thirty-fifth blind set (players-blind-35.toml, 271 questions written the same way) was measured once on
2026-11-28, after the fiftieth round was merged, as shipped (82.4% / 93.8% / 87.5% / 1; of its 31 computed questions
with the engine command that answers them, 22 computed right, 1 wrong, 8 not computed);
tuning data since.
Issue 22's thirty-sixth blind set (players-blind-36.toml, 269 questions written the same way) was measured once on
2026-11-28, after the fifty-first round was merged, as shipped (90.9% / 97.6% / 85.0% / 1; of its 31 computed questions
with the engine command that answers them, 24 computed right, 1 wrong, 6 not computed);
tuning data since.
Issue 22's thirty-seventh blind set (players-blind-37.toml, 267 questions written the same way) was measured once on
2026-11-28, after the fifty-second round was merged, as shipped (91.3% / 98.6% / 87.5% / 0; of its 30 computed questions
with the engine command that answers them, 24 computed right, 1 wrong, 5 not computed);
tuning data since.

A question marked ``computes = true`` may carry a ``command``: the engine command, as a user types it (starting
``rulebook ``, without ``--json``), whose verdict answers the question as a judge reads it (blind-19 to blind-23
were labelled so after they were measured, from each question's words alone). The evaluation runs it in-process
(Typer's runner on the CLI's app, with ``--json``) and checks ``ask``'s computed answer against it: computed right
(the command's verdict, or the same outcome in other words: tests/computed_right.py says which, no looser), wrong,
or none given; per set, and pooled over the sets with a command. ``--misses`` lists each wrong one with both
verdicts.

``--tuning`` measures every set but the two held out (the test half and the fresh questions), so that a change can be
checked on every tuning set without a look at them (issue 22's eleventh round).

The development half is measured twice. Some players' words beside the records (`aliases`, `asked_as`)
were first written for the development half's own misses (tests/data/round-one-words.toml lists every
word of that first round); its honest measure, the one tuning follows, withholds them all, so that the
development half is read as new questions are. The test half is measured with every word.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_questions import DATA, evaluate, load

import rulebook

#: The rows of the report: every registered game, in the registry's order, then off-topic questions and all.
ORDER = [*(g.id for g in rulebook.games()), "none", "all"]


#: The blind sets measured once after a named round, whose misses `--misses` prints: (ordinal, number, round, date).
LATER_BLIND_SETS = (
    ("seventh", 7, "ninth", "2026-11-26"),
    ("eighth", 8, "eleventh", "2026-11-26"),
    ("ninth", 9, "twelfth", "2026-11-26"),
    ("tenth", 10, "fourteenth", "2026-11-26"),
    ("eleventh", 11, "sixteenth", "2026-11-26"),
    ("twelfth", 12, "nineteenth", "2026-11-26"),
    ("thirteenth", 13, "twentieth", "2026-11-26"),
    ("fourteenth", 14, "twenty-first", "2026-11-26"),
    ("fifteenth", 15, "twenty-fourth", "2026-11-26"),
    ("sixteenth", 16, "twenty-sixth", "2026-11-27"),
    ("seventeenth", 17, "thirtieth", "2026-11-27"),
    ("eighteenth", 18, "thirty-third", "2026-11-27"),
    ("nineteenth", 19, "thirty-fourth", "2026-11-27"),
    ("twentieth", 20, "thirty-sixth", "2026-11-27"),
    ("twenty-first", 21, "thirty-eighth", "2026-11-27"),
    ("twenty-second", 22, "thirty-ninth", "2026-11-27"),
    ("twenty-third", 23, "thirty-ninth", "2026-11-27"),
    ("twenty-fourth", 24, "fortieth", "2026-11-27"),
    ("twenty-fifth", 25, "fortieth", "2026-11-27"),
    ("twenty-sixth", 26, "forty-second", "2026-11-27"),
    ("twenty-seventh", 27, "forty-second", "2026-11-27"),
    ("twenty-eighth", 28, "forty-third", "2026-11-27"),
    ("twenty-ninth", 29, "forty-fourth", "2026-11-27"),
    ("thirtieth", 30, "forty-fifth", "2026-11-27"),
    ("thirty-first", 31, "forty-sixth", "2026-11-27"),
    ("thirty-second", 32, "forty-seventh", "2026-11-28"),
    ("thirty-third", 33, "forty-eighth", "2026-11-28"),
    ("thirty-fourth", 34, "forty-ninth", "2026-11-28"),
    ("thirty-fifth", 35, "fiftieth", "2026-11-28"),
    ("thirty-sixth", 36, "fifty-first", "2026-11-28"),
    ("thirty-seventh", 37, "fifty-second", "2026-11-28"),
)


def _pct(value: float | None) -> str:
    return "   -" if value is None else f"{value:4.0%}"


def report(label: str, questions: list[dict], measure=evaluate) -> dict:
    figures = measure(questions)
    issue_22 = any("uncovered" in q or "computes" in q for q in questions)
    print(f"\n{label}: {len(questions)} questions")
    extra = f" {'uncovered refused':>18} {'computed, not asked':>20}" if issue_22 else ""
    print(f"  {'game':<11} {'n':>4} {'top-1':>6} {'top-3':>6} {'off-topic refused':>18} {'real refused':>13}{extra}")
    for name in ORDER:
        if name not in figures:
            continue
        f = figures[name]
        more = f" {_pct(f['uncovered_refused']):>18} {f['computed_unasked']:>20}" if issue_22 else ""
        print(
            f"  {name:<11} {f['questions']:>4} {_pct(f['top1']):>6} {_pct(f['top3']):>6} "
            f"{_pct(f['off_topic_refused']):>18} {_pct(f['wrongly_refused']):>13}{more}"
        )
    if figures["all"]["commands"]:
        print(f"  {_computed(figures['all'])}")
    return figures


def _computed(f: dict) -> str:
    """The computed answers of the questions labelled with a command: right, wrong, none."""
    wrong = f["computed_wrong"] if isinstance(f["computed_wrong"], int) else len(f["computed_wrong"])
    return (
        f"computed answers of the {f['commands']} questions with a command: {f['computed_right']} right"
        f" ({f['computed_right'] / f['commands']:.0%}), {wrong} wrong, {f['computed_none']} none"
    )


def pooled(sets: dict[str, dict]) -> None:
    """The computed-right figures of every set with a command, pooled."""
    total = {"commands": 0, "computed_right": 0, "computed_wrong": 0, "computed_none": 0}
    for figures in sets.values():
        f = figures["all"]
        total["commands"] += f["commands"]
        total["computed_right"] += f["computed_right"]
        total["computed_wrong"] += len(f["computed_wrong"])
        total["computed_none"] += f["computed_none"]
    if total["commands"]:
        print(f"\npooled over the sets with a command, {_computed(total)}")


def withheld() -> dict[str, dict[str, list[str]]]:
    """The players' words of the first round, by record ID: written while looking at the development half."""
    import tomllib

    return tomllib.loads((DATA / "round-one-words.toml").read_text(encoding="utf-8"))


def honest(questions: list[dict]) -> dict:
    """`evaluate` with the vocabulary built without the first round's players' words."""
    import rulebook.ask
    from rulebook import vocabulary

    lex = vocabulary.Lexicon(vocabulary.build(withheld()))
    saved = rulebook.ask.lexicon
    rulebook.ask.lexicon = lambda: lex
    try:
        return evaluate(questions)
    finally:
        rulebook.ask.lexicon = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the misses of the sets tuning may look at")
    parser.add_argument("--dev-only", action="store_true", help="measure the development half alone (for tuning)")
    parser.add_argument(
        "--tuning", action="store_true", help="every set but the held-out test half and the fresh questions"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    questions = load("players-dev.toml") + load("players-dev-added.toml")
    dev = report("development half (+ added), first-round players' words withheld (honest)", questions, honest)
    report("development half (+ added), every players' word", questions)
    uncovered = report("issue 22's development questions no document covers", load("players-dev-uncovered.toml"))
    tuned = {"development half": dev, "development questions no document covers": uncovered}
    blind_label = "issue 22's former blind questions (measured once on 2026-11-25; tuning data since)"
    if args.dev_only:
        tuned["issue 22's former blind questions"] = report(blind_label, load("players-blind.toml"))
    else:
        if not args.tuning:
            report("test half (held out)", load("players-test.toml"))
        report("original judges' questions", load("questions.toml"))
        if not args.tuning:
            report("fresh questions (written blind after tuning ended, measured once)", load("players-fresh.toml"))
        tuned["issue 22's former blind questions"] = report(blind_label, load("players-blind.toml"))
        report(
            "issue 22's second blind set (measured once on 2026-11-25; tuning data since)", load("players-blind-2.toml")
        )
    tuned["issue 22's third-round development questions"] = report(
        "issue 22's third-round development questions", load("players-dev-3.toml")
    )
    blind_2 = load("players-blind-2.toml")
    tuned["issue 22's second blind set, even half"] = report(
        "issue 22's second blind set, even half (tuned on)", blind_2[0::2]
    )
    tuned["issue 22's second blind set, odd half"] = report(
        "issue 22's second blind set, odd half (held out by the third round; tuned on by the fourth)", blind_2[1::2]
    )
    blind_3 = load("players-blind-3.toml")
    if not args.dev_only:
        report("issue 22's third blind set (measured once on 2026-11-26; tuning data since)", blind_3)
    tuned["issue 22's third blind set, even half"] = report(
        "issue 22's third blind set, even half (tuned on by the fourth round)", blind_3[0::2]
    )
    report("issue 22's third blind set, odd half (held out by the fourth round)", blind_3[1::2])
    if not args.dev_only:
        blind_4 = load("players-blind-4.toml")
        report("issue 22's fourth blind set (measured once on 2026-11-26; tuning data since)", blind_4)
        blind_5 = load("players-blind-5.toml")
        report("issue 22's fifth blind set (measured once on 2026-11-26; tuning data since)", blind_5)
        blind_6 = load("players-blind-6.toml")
        report("issue 22's sixth blind set (measured once on 2026-11-26; tuning data since)", blind_6)
        for ordinal, number, after, day in LATER_BLIND_SETS:
            tuned[f"issue 22's {ordinal} blind set"] = report(
                f"issue 22's {ordinal} blind set (measured once on {day}, after the {after} round; tuning data since)",
                load(f"players-blind-{number}.toml"),
            )
    pooled(tuned)
    print(f"\n{time.perf_counter() - start:.1f} s")
    if args.misses:
        for label, figures in tuned.items():
            print(f"\n{label}, misses (question, expected, offered):")
            for text, expect, found in figures["all"]["misses"]:
                print(f"  {text!r}\n    expected {expect or 'a refusal'}; offered {found or 'a refusal'}")
            for text, engine, computed in figures["all"]["computed_wrong"]:
                print(f"  {text!r}\n    computed wrong: the command {engine}\n    ask computed: {computed}")


if __name__ == "__main__":
    main()
