"""Fuzzing every command: whatever the arguments and input files, `rulebook` answers or refuses in one line.

The cases come from ``benchmarks/fuzz.py`` (hypothesis strategies built from the Typer app, its
examples and the files under ``examples/``): a few hundred here, with a fixed seed, run in-process
through the console script's own entry point; ``python benchmarks/fuzz.py --cases 50000`` runs the long
version in worker processes with time and memory limits. Each group of commands is a test of its own, so that a
failure names the group.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings

ROOT = Path(__file__).resolve().parent.parent


def _load_fuzz():
    spec = importlib.util.spec_from_file_location("rulebook_fuzz", ROOT / "benchmarks" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["rulebook_fuzz"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()

#: Cases run for each group of commands.
CASES = 60


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("RULEBOOK_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.mark.parametrize("group", fuzz.groups())
def test_every_command_answers_or_refuses_in_one_line(group: str, tmp_path: Path) -> None:
    folder = tmp_path
    failures: list[str] = []
    run: set[tuple] = set()  # the strategies draw some cases more than once; an identical case adds nothing

    @seed(12)
    @settings(
        max_examples=CASES,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=fuzz.cases(group))
    def one(case) -> None:
        if (case.args, case.stdin, case.files) in run:
            return
        run.add((case.args, case.stdin, case.files))
        outcome = fuzz.run_in_process(case, folder)
        for stale in folder.iterdir():
            stale.unlink()
        problems = outcome.judge()
        if problems:
            last = (outcome.stderr.strip().splitlines() or [""])[-1][:300]
            failures.append(f"{case}: {', '.join(problems)} (exit {outcome.code}): {last}")

    one()
    assert not failures, "\n".join(failures[:5])


def test_the_fuzzer_covers_every_command_and_every_kind_of_example_file() -> None:
    from cli.main import app  # noqa: F401  (the whole app, every group)

    paths = {c.path for c in fuzz.commands()}
    assert ("clash", "replay") in paths and ("search",) in paths and ("elephants", "round") in paths
    kinds = {p.suffix for files in fuzz.example_files().values() for p in files}
    assert {".log", ".txt", ".toml"} <= kinds
    readers = {(c.path, p.name) for c in fuzz.commands() for p in c.params if p.kind == "file"}
    assert (("clash", "replay"), "files") in readers and (("elephants", "round"), "plan") in readers
    assert (("spellfire", "attack"), "formation_file") in readers
    writers = {(c.path, p.name) for c in fuzz.commands() for p in c.params if p.kind == "output"}
    assert (("elementals", "simulate"), "chart") in writers


def test_a_case_that_breaks_a_promise_is_reported() -> None:
    # The judge itself: a traceback, an exit code of 3 and a silent failure are each caught.
    case = fuzz.Case(("x",))
    assert fuzz.Outcome(case, 3, "", "internal error (ValueError)\n", 0.1).judge() == ["exit code 3"]
    assert fuzz.Outcome(case, 2, "", "", 0.1).judge() == ["empty message"]
    assert "traceback" in fuzz.Outcome(case, 2, "", "Traceback (most recent call last):\n  x\n", 0.1).judge()
    assert fuzz.Outcome(case, 0, "ok", "", 11.0).judge() == ["over 10 s"]
    assert fuzz.Outcome(case, 2, "", "error: a\nerror: b\n", 0.1).judge() == ["not one line"]


def test_no_case_names_a_file_of_the_repository_itself() -> None:
    # A case that wrote where it read (verify --update) once rewrote an example of the repository:
    # every example file a case uses is a copy in the run's own folder.
    examples = str(fuzz.EXAMPLES)

    @seed(3)
    @settings(
        max_examples=300, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck)
    )
    @given(case=fuzz.cases())
    def one(case) -> None:
        assert not any(arg.startswith(examples) for arg in case.args), str(case)

    one()
