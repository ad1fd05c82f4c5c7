"""The ``rulebook`` command: games, their rules, and rulings you can trace.

Each game's queries live in their own module (``cli/clash.py``) and are mounted here as a group: the one its
registry entry names (``cli``), so a game registered from outside has its group too.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re
import sys
from collections.abc import Iterable
from typing import Annotated, Any

import typer

import rulebook
from cli.output import (
    DEBUG_VARIABLE,
    EXIT_ANSWERED,
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    JsonFlag,
    answers,
    console,
    echo_styled,
    emit_json,
    emit_ruling,
    errors_said,
    escape_unprintable,
    fitted,
    internal_error,
    output_failed,
    say_error,
    silence_stdout,
    width,
    wrapped,
)
from rulebook.wording import plural


def groups() -> dict[str, str]:
    """Each registered game's command group, as ``"module:attribute"`` (its entry's ``cli``), in the registry's order.

    Examples:
        >>> groups()["clash"]
        'cli.clash:app'
    """
    return {g.id: g.cli for g in rulebook.games() if g.cli}


#: The most results `search --limit` and `ask --limit` give.
MAX_HITS, MAX_RULINGS = 100, 20


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulebook {rulebook.__version__}")
        raise typer.Exit()


def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Rules reference and rules assistant for five elemental games. Every answer cites its rules.

    Every query takes --json. Exit codes: 0 when the query is answered (an "illegal" verdict is an
    answer); 1 when a check fails (`replay --check` finds an illegal log, `verify` a transcript that
    prints something else); 2 for bad input, with a one-line message on standard error; 3 for an
    internal error (a bug; set RULEBOOK_DEBUG=1 to see the traceback); 130 when interrupted with
    Ctrl-C (a long command first reports what it has done).

    Limits: a file or standard input is read up to 1 MB of UTF-8 text (never a folder or a device); a
    question or a search query up to 2,000 characters; a number up to 9 digits, within the range its
    option states. Control characters in what you type are printed escaped (\\x1b). Caches live in your
    user cache folder (RULEBOOK_CACHE_DIR chooses another).
    """


@answers
def games(as_json: JsonFlag = False) -> None:
    """List the encoded games, with their IDs, source documents and record counts."""
    rows = [
        {
            "id": g.id,
            "name": g.name,
            "kind": g.kind,
            "document": g.document,
            "source": g.source,
            "records": len(rulebook.rules(g.id)),
        }
        for g in rulebook.games()
    ]
    if as_json:
        emit_json({"schema": "rulebook.games/1", "games": rows})
        return
    table = _table(f"{plural(len(rows), 'game')} encoded", "ID", "Game", "Kind", "Records", "Source document")
    for r in rows:
        table.add_row(r["id"], r["name"], r["kind"], str(r["records"]), r["document"])
    _print(table)


def _table(title: str, *columns: str) -> Any:
    """A Rich table with a title, whose cells wrap (fold) rather than being cut short with an ellipsis."""
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


def _print(renderable: Any) -> None:
    console().print(renderable)  # the program's own styles, on the real standard output


@answers
def rules(
    game: Annotated[str, typer.Argument(help="Game ID, as `rulebook games` lists it (e.g. clash).")],
    kind: Annotated[
        str | None,
        typer.Option(help="Only records of this kind: rule, clarification, interpretation, erratum, glossary, about."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List a game's records: ID, kind, title and the section of the source document they cite."""
    ruleset = rulebook.rules(rulebook.game(game).id)
    records = ruleset.of_kind(kind) if kind else list(ruleset)
    if as_json:
        emit_json({"schema": "rulebook.records/1", "game": ruleset.game, "records": [r.to_dict() for r in records]})
        return
    singular, many = {"erratum": ("erratum", "errata"), "glossary": ("glossary term", "glossary terms")}.get(
        kind or "", (kind or "record", None)
    )
    document = rulebook.game(ruleset.game).document
    title = f"{ruleset.name}: {plural(len(records), singular, many)}, citing sections of the {document}"
    table = _table(title, "ID", "Kind", "Title", "Cites")
    table.columns[0].no_wrap = True
    for r in records:
        table.add_row(r.id, r.kind, r.title, "public source" if r.citation.public else r.citation.section)
    _print(table)


@answers
def rule(
    rule_id: Annotated[str, typer.Argument(metavar="ID", help="A rule ID, e.g. clash.attack.tie.")],
    as_json: JsonFlag = False,
) -> None:
    """Show one record in full: its text, kind, source, option choices and related records."""
    from rulebook.coverage import load_map

    rec = rulebook.rule(rule_id)
    tests = load_map().get(rec.id, [])
    if as_json:
        emit_json({"schema": "rulebook.record/1", **rec.to_dict(), "exercised_by": tests})
        return
    typer.echo(f"{rec.id}  ({rec.kind})\n{wrapped(rec.title)}\n\n{wrapped(rec.text, hanging='')}\n")
    typer.echo(wrapped(f"source: {rec.citation.in_words}"))
    if rec.option:
        typer.echo(f"option {rec.option.name} (default {rec.option.default}):")
        for value, meaning in rec.option.choices.items():
            typer.echo(wrapped(f"{value}: {meaning}", "  ", "    "))
    if rec.reads:
        typer.echo(wrapped("reads: " + ", ".join(rec.reads)))
    if rec.see:
        typer.echo(wrapped("see also: " + ", ".join(rec.see)))
    if rec.overrides:
        typer.echo(wrapped("overrides: " + ", ".join(rec.overrides)))
    overridden = rulebook.rules(rec.game).overridden_by(rec.id)
    if overridden:
        typer.echo(wrapped("overridden by: " + ", ".join(overridden)))
    where = f" (listed by: rulebook coverage {rec.game} --json)" if tests else ""
    typer.echo(fitted(f"exercised by {plural(len(tests), 'passing scenario')}{where}"))


@answers
def coverage(
    game: Annotated[str | None, typer.Argument(help="Only this game (default: every game).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Show which records the passing scenarios and tests exercise, and which they miss.

    The map is derived from the rule IDs that verdicts cite while the test suite runs.
    """
    from rulebook.coverage import report

    data = report(rulebook.game(game).id if game else None)
    if as_json:
        emit_json(data)
        return

    table = _table("Passing scenarios that cite each record", "ID", "Kind", "Scenarios")
    table.columns[0].no_wrap = True
    table.columns[2].justify = "right"
    for row in data["records"]:
        table.add_row(row["id"], row["kind"], str(row["scenarios"]) if row["scenarios"] else "[red]0[/red]")
    out = console()
    out.print(table)
    for gid, counts in data["games"].items():
        out.print(f"{gid}: {counts['covered']} of {counts['normative']} normative records exercised")
    if data["uncovered"]:
        out.print("not exercised: " + ", ".join(data["uncovered"]))


@answers
def compare(
    option: Annotated[str, typer.Argument(help="A rules option, e.g. gale-defends (see `rulebook rule ID`).")],
    game: Annotated[str | None, typer.Option(help="The game, when several have an option of that name.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Replay a game's scenarios under each choice of an option, and show which answers change and how."""
    from rulebook.compare import compare as run_compare

    ruling = run_compare(option, game)
    if as_json:
        emit_ruling(ruling.value["game"], "compare", {"option": option, "game": game}, ruling, True)
        return
    value = ruling.value
    typer.echo(fitted(ruling.verdict))
    typer.echo(f"option record: {value['record']}")
    if value["changed"]:
        typer.echo("\nThe situations whose answer changes, under each choice:")
    for case in value["changed"]:
        typer.echo(f"\n* {case['name']}")
        labels = {c: f"{c} (default):" if c == value["default"] else f"{c}:" for c in case["answers"]}
        width = max(map(len, labels.values()))
        for choice, answer in case["answers"].items():
            typer.echo(f"    {labels[choice]:<{width}} {answer}")


@answers
def search(
    query: Annotated[str, typer.Argument(help="Words (e.g. 'fortify tie') or a rule ID or ID prefix.")],
    game: Annotated[str | None, typer.Option(help="Only this game's records.")] = None,
    limit: Annotated[int, typer.Option(min=1, max=MAX_HITS, help="How many results at most.")] = 10,
    as_json: JsonFlag = False,
) -> None:
    """Find rulings by words or rule ID: ranked results with a highlighted snippet and the citation."""
    from rulebook.search import HIGHLIGHT
    from rulebook.search import search as run_search

    hits = run_search(query, game, limit)
    if as_json:
        emit_json({"schema": "rulebook.search/1", "query": query, "game": game, "hits": [h.to_dict() for h in hits]})
        return
    if not hits:
        typer.echo(f"no record matches {query!r}")
        return
    # Matched words are bold on a terminal; in a file or a pipe the text stays plain (echo_styled).
    bold = {HIGHLIGHT[0]: "\x1b[1m", HIGHLIGHT[1]: "\x1b[22m"}
    typer.echo(f"{plural(len(hits), 'record')} {'matches' if len(hits) == 1 else 'match'} {query!r}, best first:")
    for n, hit in enumerate(hits, 1):
        typer.echo(wrapped(f"{n}. {hit.id}  ({hit.kind})  {hit.title}", hanging="   "))
        parts = re.split(f"([{''.join(HIGHLIGHT)}])", wrapped(hit.snippet, "   ", "   "))
        echo_styled("".join(bold.get(part) or escape_unprintable(part) for part in parts))
        typer.echo(wrapped(hit.source, "   ", "   "))


@answers
def ask(
    question: Annotated[str, typer.Argument(help="A question in plain English, in quotes.")],
    game: Annotated[str | None, typer.Option(help="Only this game's rulings and calculators.")] = None,
    limit: Annotated[
        int, typer.Option(min=1, max=MAX_RULINGS, help="How many rulings at most: the best and the related ones.")
    ] = 3,
    as_json: JsonFlag = False,
) -> None:
    """Ask a question: the computed answer where one fits, else the ruling that covers it, in full."""
    from rulebook.ask import ask as run_ask
    from rulebook.ask import render

    ruling = run_ask(question, limit, game)
    if as_json:
        emit_ruling(game, "ask", {"question": question, "game": game}, ruling, True)
        return
    typer.echo(render(ruling, width()))  # wrapped to the terminal, at word boundaries
    if ruling.rules:
        from cli.output import notes_for

        typer.echo(wrapped("rules: " + ", ".join(ruling.rules)))
        for note in notes_for(ruling.rules):
            typer.echo(wrapped(f"{note['kind']} {note['id']}: {note['title']}."))
            typer.echo(wrapped(note["text"], "  ", "  "))


@answers
def verify(
    files: Annotated[
        list[str], typer.Argument(metavar="FILE.md...", help="Markdown files whose console transcripts are checked.")
    ],
    update: Annotated[
        bool,
        typer.Option(
            "--update", help="Rewrite each transcript's output with what the command prints now, instead of checking."
        ),
    ] = False,
    folder: Annotated[
        str | None,
        typer.Option(
            "--in",
            metavar="FOLDER",
            help="Run the commands in this folder (default: each file's own folder, where the files it names are).",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check the transcripts in Markdown files: each `$ rulebook ...` must print the output shown under it.

    A transcript is a fenced block labelled console; a line `...` ends its comparison early, and
    `$ echo $?` checks the exit code. The commands run in each file's own folder (or --in FOLDER).
    Each mismatch is named by file and line, with a diff. Exit codes:
    0 when every transcript matches, 1 when one does not (or a shell would not run its command as
    shown), 2 when a file cannot be read.

    Example: rulebook verify examples/designer/house-rules.md
    """
    from cli import testing
    from rulebook.reading import read_text

    texts = {path: read_text(path, what="Markdown file") for path in files}
    where = _run_in(folder)
    if update:
        _update_transcripts(texts, where)
        return
    results = []
    for path, text in texts.items():
        found = testing.transcripts(text)
        with where(path):
            results.append((path, found, [m for t in found if (m := testing.check(t, path)) is not None]))
    if as_json:
        emit_json(_verify_json(results))
    else:
        _say_verified(results, len(files))
    if any(bad for _, _, bad in results):
        raise typer.Exit(EXIT_CHECK_FAILED)


def _run_in(folder: str | None) -> Any:
    """Where `verify` runs a file's commands: ``folder`` (checked to be one), else the file's own folder."""
    from pathlib import Path

    from rulebook.errors import InvalidInputError
    from rulebook.reading import shown

    try:  # a name too long for the system, or with a NUL, is no folder either; nor is an empty name (no ".")
        is_folder = folder is None or (folder != "" and Path(folder).is_dir())
    except (OSError, ValueError):
        is_folder = False
    if not is_folder:
        raise InvalidInputError(f"--in {shown(folder, 80)!r} is not a folder; give the folder to run the commands in")

    def where(path: str) -> contextlib.chdir:
        return contextlib.chdir(folder if folder is not None else Path(path).resolve().parent)

    return where


def _update_transcripts(texts: dict[str, str], where: Any) -> None:
    """`verify --update`: rewrite each transcript's output with what its command prints now."""
    from cli import testing
    from rulebook.writing import check_output, write_atomic

    for path in texts:
        check_output(path)
    for path, text in texts.items():
        with where(path):
            new, changed = testing.update_text(text)
        if new != text:
            write_atomic(path, new)
        typer.echo(f"{path}: {plural(changed, 'transcript')} updated")


def _verify_json(results: list[tuple[str, list[Any], list[Any]]]) -> dict[str, Any]:
    """`verify --json`: the totals, and each file's transcripts and mismatches."""
    failed = sum(len(bad) for _, _, bad in results)
    return {
        "schema": "rulebook.verify/1",
        "ok": failed == 0,
        "transcripts": sum(len(found) for _, found, _ in results),
        "mismatches": failed,
        "files": [
            {
                "file": path,
                "transcripts": len(found),
                "mismatches": [
                    {
                        "line": m.transcript.line,
                        "command": m.transcript.command,
                        "problem": m.problem,
                        "diff": m.details,
                    }
                    for m in bad
                ],
            }
            for path, found, bad in results
        ],
    }


def _say_verified(results: list[tuple[str, list[Any], list[Any]]], given: int) -> None:
    """`verify` in words: the totals (over the ``given`` files), then each file's count and its mismatches."""
    total = sum(len(found) for _, found, _ in results)
    failed = sum(len(bad) for _, _, bad in results)
    where = plural(given, "file")
    if failed:
        typer.echo(f"{failed} of {plural(total, 'transcript')} in {where} did not print what is shown")
    else:
        typer.echo(
            f"{'all ' if total > 1 else ''}{plural(total, 'transcript')} in {where} "
            f"{'match' if total != 1 else 'matches'} {'their' if total != 1 else 'its'} output"
        )
    for path, found, bad in results:
        typer.echo(f"{path}: {plural(len(found), 'transcript')}" + (f", {len(bad)} failed" if bad else ""))
        for mismatch in bad:
            typer.echo(str(mismatch))


#: The top-level commands, in the order `rulebook --help` lists them.
COMMANDS = (games, rules, rule, search, ask, compare, coverage, verify)


def make_app(games: Iterable[str] | None = None, commands: Iterable[str] | bool = True, only: str = "") -> typer.Typer:
    """Build the `rulebook` app with the given games' groups (default: every registered game's) and top-level
    commands (all, or those named).

    ``only`` keeps, within the groups, just the subcommand of that name (when it exists).
    """
    built = typer.Typer(
        name="rulebook",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="markdown",
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    built.callback()(main)
    wanted = {c.__name__ for c in COMMANDS} if commands is True else set(commands or ())
    for command in COMMANDS:
        if command.__name__ in wanted:
            built.command()(command)
    mounted = groups()
    for name in mounted if games is None else games:
        group = rulebook.named(mounted[name])
        if only:
            lean = copy.copy(group)
            lean.registered_commands = [c for c in group.registered_commands if _command_name(c) == only]
            group = lean if lean.registered_commands else group
        built.add_typer(group, name=name)
    return built


def _command_name(info: typer.models.CommandInfo) -> str:
    return info.name or info.callback.__name__.replace("_", "-")


def __getattr__(name: str) -> typer.Typer:
    # `app`, the whole command (every group and command), is built on first use: by the tests, by
    # `typer cli.main utils docs`, and by `rulebook --help`.
    if name == "app":
        globals()["app"] = built = make_app()
        return built
    raise AttributeError(f"module 'cli.main' has no attribute {name!r}")


def __dir__() -> list[str]:
    # Lists `app` too, so that `typer cli.main utils docs` finds it.
    return [*globals(), "app"]


#: The Click command each kind of command line runs, built on its first run in this process (see `_command`).
BUILT: dict[tuple[Any, ...], Any] = {}


def _command(args: list[str]) -> Any:
    """The Click command that runs ``args``: built from the Typer app once, then the same one for every later run
    of the same kind in this process (the tests' thousands of in-process runs, the site's engine).

    Typer builds a Click command from the app on each call (most of a short query's time). A Click command keeps
    no state from one run to the next (each run has a context of its own; Typer's parameters keep only the
    converters they build on first use), so a run on the kept one answers as a fresh one would. What the build
    reads is in the key: the registered games, the words that choose the part built, and the one environment
    variable Typer reads then. A test that replaces a function the commands' declarations name (the --version
    callback) empties `BUILT`.

    Examples:
        >>> _command(["clash", "attack", "earth", "water"]) is _command(["clash", "attack", "fire", "air"])
        True
        >>> _command(["clash", "attack"]) is _command(["clash", "replay"])
        False
    """
    first = args[0] if args else ""
    second = args[1] if len(args) > 1 else ""
    mounted = groups()
    if first in mounted:
        group = rulebook.named(mounted[first])
        only = second if any(_command_name(c) == second for c in group.registered_commands) else ""
        kind: tuple[str, ...] = ("group", first, only)
    elif first in {c.__name__ for c in COMMANDS}:
        kind = ("command", first)
    else:
        kind = ("all",)
    key = (tuple(mounted.items()), os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"), *kind)
    if key not in BUILT:
        if kind[0] == "group":
            built = make_app([first], commands=False, only=kind[2])
        elif kind[0] == "command":
            built = make_app([], commands=[first])
        else:
            built = make_app()
        BUILT[key] = typer.main.get_command(built)
    return BUILT[key]


def run() -> None:
    """Entry point of the ``rulebook`` console script: ``entry`` with the command line, then exit."""
    sys.exit(entry(sys.argv[1:]))


def entry(args: list[str]) -> int:
    """Run the ``rulebook`` command line ``args`` and return its exit code: the CLI's outer error boundary.

    Typer turns the registered commands into a Click command, kept for the process's later runs
    (`_command`), and a query builds only what it needs: a game's query builds that one command of
    that game's group, a top-level command only itself. Help and anything unrecognised get the whole
    app, so errors and suggestions are the same as ever.

    Everything outside a command's own ``cli.output.answers`` boundary ends here the same way:
    usage errors (a missing argument, an unknown option or command, a value out of range) are one line
    with exit 2; a group given no command prints its usage and one line naming its commands, exit 2;
    Ctrl-C exits 130; a closed pipe ends quietly; an unexpected exception (while Typer converts an
    argument, in a callback, while printing help) is one line with exit 3. Output the terminal's
    encoding cannot show is written escaped rather than failing.
    """
    _tolerant_stdio()
    try:
        command = _command(args)
        said = errors_said()
        code = command(args, prog_name="rulebook", standalone_mode=False)
        code = code if isinstance(code, int) else EXIT_ANSWERED
        if code == EXIT_INTERRUPTED and errors_said() == said:  # Typer's own silent exit on a Ctrl-C
            return _leave("interrupted", EXIT_INTERRUPTED)
        return _flush_stdout() or code
    except typer.Abort:
        return _leave("interrupted", EXIT_INTERRUPTED)
    except typer.TyperException as err:
        return _usage_error(err)
    except typer.Exit as done:
        return _flush_stdout() or done.exit_code
    except KeyboardInterrupt:
        return _leave("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:
        silence_stdout()
        return EXIT_ANSWERED
    except OSError as err:
        if output_failed(err):
            silence_stdout()
            return _leave(f"error: cannot write the answer: {err.strerror}", EXIT_BAD_INPUT)
        if os.environ.get(DEBUG_VARIABLE) == "1":
            raise
        return _leave(internal_error(err), EXIT_INTERNAL)
    except SystemExit as stop:
        if isinstance(stop.__context__, BrokenPipeError):  # Rich (help, tables) exits so on a closed pipe
            return EXIT_ANSWERED
        return stop.code if isinstance(stop.code, int) else EXIT_ANSWERED if stop.code is None else EXIT_INTERNAL
    except (Exception, RecursionError, MemoryError) as err:
        # Outside any command (parsing, callbacks, help): the same boundary as `answers`.
        if os.environ.get(DEBUG_VARIABLE) == "1":
            raise
        return _leave(internal_error(err), EXIT_INTERNAL)


def _usage_error(err: typer.TyperException) -> int:
    """A usage error (missing argument, unknown option or command, a group with no command): one line."""
    context = getattr(err, "ctx", None)
    where = context.command_path if context is not None else "rulebook"
    message = err.format_message() if hasattr(err, "format_message") else str(err)
    code = getattr(err, "exit_code", EXIT_BAD_INPUT)
    message = _number_message(err, message)
    negative = re.fullmatch(r"No such option: (-\d+)", message.strip())
    if negative:
        message = (
            f"No such option: {negative.group(1)}; a value that starts with '-' is read as an option, and no "
            "number here is negative"
        )
    if not message.strip():
        # A group called with no command has printed its usage; say what is missing.
        command = getattr(context, "command", None)
        names = command.list_commands(context) if command is not None and hasattr(command, "list_commands") else []
        listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)
        message = f"give a command: {listed}" if listed else "give a command"
    _flush_stdout()
    say_error(f"error: {message} (see '{where} --help')")
    return code


def _number_message(err: typer.TyperException, message: str) -> str:
    """Typer's message for a number out of range or not a number, said as ``rulebook.reading.number`` says it."""
    param = getattr(err, "param", None)
    cause = err.__cause__
    found = re.match(r"Invalid value for ('[^']*'|\S+): ", message)
    if param is None or found is None or not hasattr(cause, "errors"):
        return message
    try:
        problem = cause.errors()[0]
    except (IndexError, TypeError, AttributeError):
        return message
    from rulebook.reading import MAX_DIGITS, shown

    name, given = found.group(1).strip("'\""), shown(problem.get("input", ""), 40)
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if problem.get("type") in ("greater_than_equal", "less_than_equal") and low is not None and high is not None:
        return f"{name} must be from {low} to {high}, not {given}"
    if problem.get("type") == "int_parsing_size":
        return f"{name} has too many digits ({len(str(problem.get('input', '')))}; at most {MAX_DIGITS})"
    if problem.get("type") in ("int_parsing", "int_from_float"):
        return f"{name} must be a whole number written with the digits 0-9, not {given!r}"
    return message


def _tolerant_stdio() -> None:
    """Never fail on a character the terminal's encoding lacks: write it as an escape instead."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            if stream is not None and getattr(stream, "errors", "") == "strict":
                stream.reconfigure(errors="backslashreplace")


def _flush_stdout() -> int:
    """Flush standard output now, so that a closed pipe or a full disk is noticed here and not at exit.

    Returns 0, or the exit code of an output that could not be written (said in one line).
    """
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
    except OSError as err:
        silence_stdout()
        if output_failed(err):
            say_error(f"error: cannot write the answer: {err.strerror}")
            return EXIT_BAD_INPUT
    except ValueError:  # already closed
        pass
    return 0


def _leave(message: str, code: int) -> int:
    _flush_stdout()
    say_error(message)
    return code
