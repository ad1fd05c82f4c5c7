"""Record, or compare against a record, what every documented command and every scenario answers.

A change that should not change behaviour (moving files, splitting functions) is checked by recording
before it and comparing after it. Recorded per command: the exit code and the output of the command as
the page shows it, and of the same command with ``--json`` (where the command takes it); per scenario:
its answer and detail from the game's scenario runner.

    python benchmarks/same_output.py --record /tmp/before.json     # on the old commit
    python benchmarks/same_output.py --compare /tmp/before.json    # on the new one: lists every difference

Exit 0 when every answer is byte-identical, 1 when any differs, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _testing():
    try:
        import cli.testing as testing
    except ImportError:  # before the transcript runner moved into the command line's package
        import cli.testing as testing
    return testing


# Wall-clock figures differ from run to run; a time-limited search may search more or fewer positions.
_TIMES = re.compile(r'("seconds": )[0-9.]+|[0-9.]+ ?(?:ms|s)\b|in [0-9.,]+ ?seconds')
_TIME_BOUND = ("--limit", "solve")


def _steady(command: str, text: str) -> str:
    text = _TIMES.sub("<time>", text)
    if any(word in command for word in _TIME_BOUND):
        text = re.sub(r"[0-9][0-9,]* positions", "N positions", text)
        text = re.sub(r'"positions": [0-9]+', '"positions": N', text)
    return text


def _pages() -> list[Path]:
    return sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "examples").rglob("*.md")])


def _commands() -> list[str]:
    shell_words, transcripts = _testing().shell_words, _testing().transcripts
    seen: dict[str, None] = {}
    for page in _pages():
        for transcript in transcripts(page.read_text(encoding="utf-8")):
            words = shell_words(transcript.command)
            if words and words[0] == "rulebook":
                seen[transcript.command] = None
    return list(seen)


def _run(command: str) -> dict[str, object]:
    run, shell_words = _testing().run, _testing().shell_words
    args = shell_words(command)[1:]
    plain = run(args)
    answer: dict[str, object] = {"exit": plain.exit_code, "output": _steady(command, plain.output)}
    if "--json" not in args and "--help" not in args and "play" not in args:
        as_json = run([*args, "--json"])
        answer["json_exit"] = as_json.exit_code
        answer["json"] = _steady(command, as_json.output)
    return answer


def _scenarios() -> dict[str, object]:
    import rulebook
    from rulebook.compare import scenarios
    from rulebook.errors import RulebookError

    answers: dict[str, object] = {}
    for game in rulebook.games():
        owner = rulebook.entry(game.id) if hasattr(rulebook, "entry") else rulebook.engine(game.id)
        runner = owner.run_scenario
        for index, case in enumerate(scenarios(game.id)):
            try:
                answer = list(runner(case, None))
            except RulebookError as err:
                answer = [f"refused: {err}"]
            answers[f"{game.id}#{index} {case.get('name', '')}"] = answer
    return answers


def record() -> dict[str, object]:
    """Every command's and every scenario's answer, keyed by the command or the scenario."""
    os.chdir(ROOT)
    return {"commands": {c: _run(c) for c in _commands()}, "scenarios": _scenarios()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--record", type=Path, help="write the answers to this JSON file")
    group.add_argument("--compare", type=Path, help="compare the answers with this JSON file")
    args = parser.parse_args(argv)
    now = record()
    if args.record:
        args.record.write_text(json.dumps(now, indent=1, sort_keys=True), encoding="utf-8")
        print(f"recorded {len(now['commands'])} commands and {len(now['scenarios'])} scenarios")
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    differ = 0
    for part in ("commands", "scenarios"):
        for key in sorted(set(before[part]) | set(now[part])):
            if before[part].get(key) != now[part].get(key):
                differ += 1
                print(f"differs: {part}: {key}")
    total = len(before["commands"]) + len(before["scenarios"])
    print(f"{total - differ} of {total} answers byte-identical; {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
