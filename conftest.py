"""Collects the runnable examples, and records which rules each passing test's verdicts cite.

Markdown pages use Sybil's PythonCodeBlockParser (a fence starting with ``>>>`` is a doctest, any other
``python`` fence is run as code) and rulebook's own ConsoleParser (a ``console`` fence is a transcript of
``$ rulebook ...`` commands and their output, run and compared); the README's transcripts are checked the
same way. Docstrings in ``rulebook/`` use the reST doctest parser.

The coverage map (``rulebook/data/coverage.json``) is derived here from what actually runs: each test
is watched for the rule IDs its verdicts cite. A verdict citing an unknown ID fails its test, and so
does a step that overrides another record's answer when the data does not declare that override. After a
full, green run the map is rewritten if it changed; under CI a stale committed map fails the run.
"""

from __future__ import annotations

import collections
import json
import os
from collections import defaultdict
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path
from typing import Any

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser
from sybil.parsers.rest import DocTestParser
from sybil.sybil import SybilCollection

from cli.testing import ConsoleParser

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE
ROOT = Path(__file__).resolve().parent

# Path.match matches from the right, so "*.md" below ``path`` takes every page at any depth.
docs = Sybil(
    parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), ConsoleParser(cwd=ROOT)], path="docs", patterns=["*.md"]
)
readme = Sybil(parsers=[ConsoleParser(cwd=ROOT)], path=".", patterns=["README.md"], name="readme")
docstrings = Sybil(parsers=[DocTestParser(optionflags=FLAGS)], path="rulebook", patterns=["*.py"])

pytest_collect_file = SybilCollection([docs, readme, docstrings]).pytest()


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """After a run that checked transcripts: how many `$ rulebook` commands each page shows and checks."""
    counts: dict[str, int] = defaultdict(int)
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        if report.when == "call" and report.nodeid.split("::")[0].endswith(".md"):
            counts[report.nodeid.split("::")[0]] += dict(report.user_properties).get(_COMMANDS, 0)
    shown = {page: n for page, n in sorted(counts.items()) if n}
    if shown:
        terminalreporter.section("transcript examples per page")
        for page, n in shown.items():
            terminalreporter.write_line(f"{page}: {n} command{'s' if n != 1 else ''} run and compared")


_TRANSCRIPTS: dict[str, int] = {}  # test ID of a console block -> its number of commands
# Under pytest-xdist each test runs in a worker process and only its report reaches the controller, which
# prints the summary and writes the coverage map: what those need travels in the report's user_properties.
_COMMANDS = "rulebook-transcript-commands"
_CITES = "rulebook-cited-rules"


#: The files that take longest, started first under `pytest -n auto` so that the workers finish together: a
#: long file handed out last would run on alone. Longest first, by the CPU each file took in a full run of
#: `pytest -n auto --timeline FILE` (its tests' own and their processes', the browser's added for the site files:
#: benchmarks/results/test-command.txt, eleventh round); the first two are a site file and a file that does not
#: need the site, so that one worker builds the site (tests/conftest.py) while the other runs tests. The files
#: left out take 3 s or less each, and follow by their number of tests.
LONG_FIRST = [
    "tests/test_site_ask.py",
    "tests/test_questions.py",
    "tests/test_site_layout.py",
    "tests/test_hardening.py",
    "tests/test_protocol.py",
    "tests/test_lexicon_store.py",
    "tests/test_examples_run.py",
    "tests/test_elementals_hint.py",
    "tests/test_elementals_solver.py",
    "tests/test_elephants_game.py",
    "tests/test_elementals_engine.py",
    "tests/test_fuzz.py",
    "tests/test_ask_boards.py",
    "tests/test_vocabulary_pure.py",
    "tests/test_clash_solver.py",
    "tests/test_clash_engine.py",
    "tests/test_ask.py",
    "docs/games/clash-solver.md",
    "tests/test_cli.py",
    "tests/test_terminal_width.py",
    "tests/toy/test_toy.py",
    "tests/test_site_search.py",
    "tests/test_elementals_fast.py",
    "tests/test_site.py",
]


def _schedule(items: list) -> None:
    """Order the files: ``LONG_FIRST``, then the others by their number of tests, most first.

    The tests of a file keep their order. pytest-xdist hands out whole files (``--dist loadfile``) in this order
    (``--no-loadscope-reorder``; its own reordering, by number of tests alone, would start the long site files
    last).
    """
    files = [item.nodeid.split("::")[0] for item in items]
    counts = collections.Counter(files)
    seen_at = {name: i for i, name in reversed(list(enumerate(files)))}

    def rank(index: int) -> tuple[int, int, int]:
        name = files[index]
        first = LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)
        return first, -counts[name], seen_at[name]

    order = sorted(range(len(items)), key=lambda i: (*rank(i), i))
    items[:] = [items[i] for i in order]


def pytest_collection_modifyitems(items: list) -> None:
    _schedule(items)
    for item in items:
        parsed = getattr(getattr(item, "example", None), "parsed", None)
        if isinstance(parsed, list) and parsed and type(parsed[0]).__name__ == "Transcript":
            _TRANSCRIPTS[item.nodeid] = len(parsed)


# ---------------------------------------------------------------- the coverage map

_CITED: dict[str, set[str]] = {}  # test ID -> rule IDs its verdicts cited
_PASSED: dict[str, set[str]] = defaultdict(set)  # rule ID -> passing test IDs
_DESELECTED: list = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    import rulebook
    from rulebook import observe

    seen: set[str] = set()
    overrides: set[tuple[str, str]] = set()

    def note(rules, pairs) -> None:
        seen.update(rules)
        overrides.update(pairs)

    stop = observe.watch(note)
    try:
        result = yield
    finally:
        stop()
        _CITED[item.nodeid] = seen
    known = {r.id for g in rulebook.games() for r in rulebook.rules(g.id)}
    unknown = sorted(seen - known)
    if unknown:
        raise AssertionError(f"a verdict cited rule IDs that no record has: {', '.join(unknown)}")
    # A step that replaces another record's answer is a conflict; the data must declare it.
    from rulebook.coverage import unmarked_conflicts

    unmarked = unmarked_conflicts(overrides)
    if unmarked:
        pairs = "; ".join(f"{r} overrides {o}" for r, o in unmarked)
        raise AssertionError(f"unmarked conflict (declare it with `overrides` in the data): {pairs}")
    return result


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--timeline",
        metavar="FILE",
        help="append one JSON line per test to FILE: its worker, start and end (wall clock), the CPU it took "
        "(the worker's own and its finished child processes', and of these the children's alone) and the number of "
        "processes it started, to see which worker ran what and when, and where the CPU went; and at the end a line "
        "'census': the CPU of every process the run started, by command, the browser's included (Linux)",
    )


_STARTED = [0]  # processes this process started (subprocess.Popen, os.system, os.exec*, os.spawn*, os.posix_spawn)


def _count_processes(event: str, args: tuple) -> None:
    if event in ("subprocess.Popen", "os.system", "os.posix_spawn", "os.spawn"):
        _STARTED[0] += 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem):
    """Under ``--timeline FILE``: the test's worker, wall-clock span and CPU seconds, appended to FILE."""
    path = item.config.getoption("timeline")
    if not path:
        return (yield)
    import resource
    import sys
    import time

    if not getattr(_count_processes, "added", False):
        sys.addaudithook(_count_processes)  # an audit hook cannot be removed: added once per process
        _count_processes.added = True

    def cpu() -> tuple[float, float]:
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime

    start, (own_start, kids_start), started = time.time(), cpu(), _STARTED[0]
    try:
        return (yield)
    finally:
        own, kids = cpu()
        line = {
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
            "test": item.nodeid,
            "start": round(start, 3),
            "end": round(time.time(), 3),
            "cpu": round(own - own_start + kids - kids_start, 3),
            "children": round(kids - kids_start, 3),
            "processes": _STARTED[0] - started,
        }
        with open(path, "a", encoding="utf-8") as out:  # one short line per write: appends do not interleave
            out.write(json.dumps(line) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "off_the_map: the test may be cut short by a time budget; what it cites does not feed the map"
    )
    if not hasattr(config, "workerinput"):  # the controller (or the only process), before any worker starts
        _compile_the_package()
        if config.pluginmanager.has_plugin("xdist"):  # how a worker that dies is replaced (tests/xdist_scheduling.py)
            config.pluginmanager.register(_load("xdist_scheduling"), "rulebook-xdist-scheduling")
        if config.getoption("timeline") and Path("/proc/self/stat").exists():
            config.stash[_CENSUS] = _Census()


def _load(name: str) -> Any:
    """A module of tests/ by its file (tests/ is on the import path only when its own conftest.py is loaded)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"rulebook_tests_{name}", ROOT / "tests" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pytest_unconfigure(config: pytest.Config) -> None:
    census = config.stash.get(_CENSUS, None)
    if census is not None:
        with open(config.getoption("timeline"), "a", encoding="utf-8") as out:
            out.write(json.dumps(census.stop()) + "\n")


class _Census:
    """Every process descending from this one, followed every 0.3 s from a thread (under ``--timeline``, on Linux).

    A process nobody waits for is in no one's CPU figures: Chromium's processes (the browser, its renderers and
    the site's Python in WebAssembly) are most of theirs, missed by ``time`` and by the tests' own figures. Each
    process is followed by its id and start from the first time it is seen, after it is handed to another
    parent too, and its largest CPU seen counts; a process that lives less than 0.3 s may be missed (those are
    waited for, and counted in the tests' figures). ``stop`` returns the CPU by command name.
    """

    def __init__(self) -> None:
        import threading

        self.seen: dict[tuple[int, str], list] = {}
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        tick, root = os.sysconf("SC_CLK_TCK"), os.getpid()
        while not self.done.wait(0.3):
            table = {}
            for name in os.listdir("/proc"):
                try:
                    raw = Path(f"/proc/{name}/stat").read_text() if name.isdigit() else ""
                except OSError:
                    continue
                if raw:
                    fields = raw.rsplit(")", 1)[1].split()
                    command = raw[raw.index("(") + 1 : raw.rindex(")")]
                    table[int(name)] = (int(fields[1]), command, (int(fields[11]) + int(fields[12])) / tick, fields[19])
            family = frontier = {root}
            while frontier:
                frontier = {pid for pid, row in table.items() if row[0] in frontier} - family
                family = family | frontier
            for pid, (_, command, cpu, started) in table.items():
                key = (pid, started)
                if pid in family or key in self.seen:
                    self.seen[key] = [command, max(cpu, self.seen.get(key, [None, 0.0])[1])]

    def stop(self) -> dict:
        self.done.set()
        self.thread.join()
        by_command: dict[str, float] = defaultdict(float)
        for command, cpu in self.seen.values():
            by_command[command] += cpu
        ranked = {name: round(cpu, 1) for name, cpu in sorted(by_command.items(), key=lambda kv: -kv[1])}
        return {
            "worker": "census",
            "processes": len(self.seen),
            "cpu": round(sum(by_command.values()), 1),
            "cpu_by_command": ranked,
        }


_CENSUS = pytest.StashKey[_Census]()


#: The project's own Python, compiled once before the tests start (see `_compile_the_package`).
COMPILED = ("rulebook", "cli", "benchmarks")


def _compile_the_package() -> None:
    """Compile the project's modules to bytecode in their ``__pycache__`` folders, once, before the tests start.

    What Python itself does on a checkout's first run, unless ``PYTHONDONTWRITEBYTECODE`` is set (as on the
    machine this suite was tuned on): there, without this, every xdist worker and every `rulebook` process a test
    starts (the cold processes of tests/test_hardening.py, the console-script tests, the terminal tests...)
    compiled the whole package from source again, about 0.2 s of CPU each (``rulebook ask``: 0.47 s against
    0.25 s). Read, not written, by those processes: ``PYTHONDONTWRITEBYTECODE`` keeps them from writing any
    bytecode of their own. A file already compiled is skipped; a folder that cannot be written is left as it is
    (each process then compiles it, as before). ``__pycache__`` is ignored by git.
    """
    import compileall

    for folder in COMPILED:
        if (ROOT / folder).is_dir():
            compileall.compile_dir(ROOT / folder, quiet=2)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session):
    """Collect with bytecode writing on, so that pytest keeps the test modules it rewrites (its assertions).

    pytest rewrites every test module's ``assert`` statements when it imports it, and keeps the result in
    ``__pycache__`` (ignored by git) for the next run, unless ``PYTHONDONTWRITEBYTECODE`` is set: then every xdist
    worker of every run rewrote all of them again, 2.4 s of CPU of each worker's 5.4 s start. As for the package
    (`_compile_the_package`), what Python does by default is done here whatever that setting: pytest writes each
    file whole and renames it into place, so two workers writing the same one are safe. Off again once collected.
    """
    import sys

    before = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = before


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    report = yield
    if report.when == "call":
        # A test a time budget may cut short cites more or less from run to run: it does not feed the map.
        cited = () if item.get_closest_marker("off_the_map") else _CITED.get(item.nodeid, ())
        report.user_properties.append((_CITES, sorted(cited)))
        if item.nodeid in _TRANSCRIPTS:
            report.user_properties.append((_COMMANDS, _TRANSCRIPTS[item.nodeid]))
    return report


_RAN: set[str] = set()  # tests that passed or were skipped


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped or (report.when == "call" and report.passed):
        _RAN.add(report.nodeid)
    if report.when == "call" and report.passed:
        for rule_id in dict(report.user_properties).get(_CITES, ()):
            _PASSED[rule_id].add(report.nodeid)


def pytest_deselected(items: list) -> None:
    _DESELECTED.extend(items)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if hasattr(config, "workerinput"):
        return  # a pytest-xdist worker: the controller, which sees every test's report, writes the map
    # Only a full run in which every collected test ran (passed, or was skipped) may write the map.
    full_run = (
        config.args_source == pytest.Config.ArgsSource.TESTPATHS
        and not config.option.keyword
        and not config.option.markexpr
        and not config.option.collectonly
        and not _DESELECTED
        and session.testscollected > 0
        and len(_RAN) == session.testscollected
    )
    if not full_run or exitstatus != 0 or session.testsfailed:
        return
    from rulebook.coverage import MAP_FILE, build_map

    fresh = json.dumps(build_map(_PASSED), indent=1, sort_keys=True) + "\n"
    old = MAP_FILE.read_text(encoding="utf-8") if MAP_FILE.exists() else ""
    if fresh == old:
        return
    from rulebook.writing import write_atomic

    # Renamed into place whole: a `rulebook` run reading the map meanwhile sees the old one or the new one.
    write_atomic(MAP_FILE, fresh)
    message = f"the coverage map {MAP_FILE.name} was stale and has been rewritten"
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if os.environ.get("CI"):
        if reporter:
            reporter.write_line(f"ERROR: {message}; commit the regenerated file", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    elif reporter:
        reporter.write_line(f"note: {message}; commit it", yellow=True)
