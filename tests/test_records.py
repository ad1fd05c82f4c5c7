"""Integrity of the records: IDs, citations, cross-references, and every rule ID the code or docs name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulebook
from rulebook.records import ID_PATTERN, KINDS

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
ALL = [r for g in rulebook.games() for r in rulebook.rules(g.id)]
IDS = {r.id for r in ALL}
# Misspelt IDs that examples use on purpose, to show the error and its suggestion.
DELIBERATE_MISSES = {"clash.atack.tie"}
# A dotted Python path such as rulebook.clash.solver.solve names a module, not a rule: the lookbehind skips it.
_GAME_IDS = "|".join(g.id for g in rulebook.games())
ID_IN_TEXT = re.compile(r"(?<![.\w])(?:" + _GAME_IDS + r")\.[a-z0-9-]+(?:\.[a-z0-9-]+)+\b")


def test_ids_are_unique_well_formed_and_prefixed_by_their_game() -> None:
    assert len(IDS) == len(ALL)
    for r in ALL:
        assert ID_PATTERN.match(r.id), r.id
        assert r.id.startswith(r.game + ".")
        assert r.kind in KINDS


def test_every_record_has_a_title_text_and_citation() -> None:
    for r in ALL:
        assert r.title and r.text and r.citation.file and r.citation.section, r.id


def test_see_also_names_existing_records() -> None:
    for r in ALL:
        for other in (*r.see, *r.overrides):
            assert other in IDS, f"{r.id} refers to unknown {other}"


def test_every_record_read_exists_and_is_read_by_an_interpretation_clarification_or_erratum() -> None:
    # `reads` names what an interpretation, clarification or erratum reads (the rule it interprets, clarifies or
    # corrects): records of its own game, each ranked below it (an interpretation reads a rule, a clarification or
    # an erratum; those two read a rule), never itself.
    rank = {"rule": 0, "clarification": 1, "erratum": 1, "interpretation": 2}
    by_id = {r.id: r for r in ALL}
    read = [(r, other) for r in ALL for other in r.reads]
    assert len(read) >= 40
    for r, other in read:
        assert other in by_id, f"{r.id} reads unknown {other}"
        target = by_id[other]
        assert target.game == r.game and other != r.id, f"{r.id} reads {other}"
        assert rank.get(r.kind, -1) > rank.get(target.kind, 3), f"{r.id} ({r.kind}) reads {other} ({target.kind})"


def test_options_belong_to_interpretations() -> None:
    for r in ALL:
        if r.option:
            assert r.kind == "interpretation", r.id


HEADING = re.compile(r"^(#+)\s*\**(.+?)\**\s*$", re.MULTILINE)
LABEL = re.compile(r"\*\*([^*]+?)\*\*")


def _plain_names(text: str) -> list[tuple[int, str]]:
    """The section names of a plain-text document, with their positions.

    Plain text (no Markdown headings) marks sections by layout: a short line standing alone is a
    heading; a label opening a line ("Side Deck: ..."), a question opening a line (a FAQ entry) and a
    bold label name sections too.
    """
    names = []
    pos = 0
    for raw in text.splitlines(keepends=True):
        line = re.sub(r"^[-•*\s]*(\d+[a-z]?\.\s*)?", "", raw).strip()
        if line and len(line.split()) <= 8 and not line.endswith((".", ",", ";")):
            names.append((pos, line.rstrip(":!")))
        if m := re.match(r"([^:.?]{1,40}):", line):
            names.append((pos, m.group(1).strip()))
        if m := re.match(r"[^?]{1,160}\?", line):
            names.append((pos, m.group(0).strip()))
        pos += len(raw)
    names += [(m.start(), m.group(1).strip().rstrip(":!")) for m in LABEL.finditer(text)]
    return sorted(names)


def _locate(text: str, path: list[str]) -> str | None:
    """Check a section path against a document; return what is wrong, or None.

    In a Markdown document the first part must be a heading, and each later part must be a heading or a
    bold label that comes after the previous part and inside its section (before the next heading of
    the same or a higher level than the enclosing one). A plain-text document shows no nesting, so
    there each part must be a section name, each after the one before it.
    """
    headings = [(m.start(), len(m.group(1)), m.group(2).strip().rstrip(":")) for m in HEADING.finditer(text)]
    if not headings:
        names = _plain_names(text)
        # A bold label may open a path where the document gives a section no heading of its own.
        start = next((pos for pos, name in names if name == path[0]), None)
        if start is None:
            return f"no heading {path[0]!r}"
        for part in path[1:]:
            start = next((pos for pos, name in names if pos > start and name == part), None)
            if start is None:
                return f"no {part!r} after the part before it"
        return None

    def section_end(start: int, level: int) -> int:
        return next((pos for pos, lvl, _ in headings if pos > start and lvl <= level), len(text))

    first = [(pos, lvl) for pos, lvl, name in headings if name == path[0]]
    if not first:
        return f"no heading {path[0]!r}"
    start, level = first[0]
    end = section_end(start, level)
    for part in path[1:]:
        found = None
        for pos, lvl, name in headings:
            if start < pos < end and name == part:
                found = (pos, section_end(pos, lvl))
                break
        if found is None:
            for m in LABEL.finditer(text, start, end):
                if m.group(1).strip().rstrip(":") == part:
                    found = (m.start(), end)
                    break
        if found is None:
            return f"no {part!r} inside the section before it"
        start, end = found
    return None


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents (../shared/seeds) are not beside this checkout")
def test_every_citation_names_a_section_path_that_exists_in_its_source() -> None:
    facts = SEEDS.parent / "facts" / "README.md"
    problems = []
    for r in ALL:
        # A record resting on a public fact cites the part of shared/facts that records it.
        source = facts if r.citation.public else SEEDS / r.citation.file
        if not source.is_file():
            problems.append(f"{r.id}: cites missing file {source.name}")
            continue
        wrong = _locate(source.read_text(encoding="utf-8"), r.citation.section.split(" > "))
        if wrong:
            problems.append(f"{r.id}: {r.citation.section!r}: {wrong} in {source.name}")
        if not r.citation.public:
            game = next(g for g in rulebook.games() if g.id == r.game)
            if r.citation.file != game.source:
                problems.append(f"{r.id}: cites another game's document")
    assert not problems, "\n".join(problems)


def test_the_citation_check_catches_a_wrong_section() -> None:
    doc = "### Rules\n**Outcome**: text\n### Scoring\n**Bonus**: text\n"
    assert _locate(doc, ["Rules", "Outcome"]) is None
    assert _locate(doc, ["Rules", "Bonus"]) == "no 'Bonus' inside the section before it"
    assert _locate(doc, ["Setup"]) == "no heading 'Setup'"
    plain = "Battle Phase\nAttack Step: declare.\nEnd Phase\nDraw: one card.\n"
    assert _locate(plain, ["Battle Phase", "Attack Step"]) is None
    assert _locate(plain, ["End Phase", "Attack Step"]) == "no 'Attack Step' after the part before it"


def test_every_rule_id_named_in_code_and_docs_exists() -> None:
    files = [
        *ROOT.joinpath("rulebook").rglob("*.py"),
        *ROOT.joinpath("docs").rglob("*.md"),
        *ROOT.joinpath("cli").rglob("*.py"),
    ]
    files += list(ROOT.joinpath("rulebook", "data").glob("*.toml"))
    for path in files:
        for found in ID_IN_TEXT.findall(path.read_text(encoding="utf-8")):
            if found.endswith((".md", ".py", ".toml", ".txt")) or found in DELIBERATE_MISSES:
                continue
            assert found in IDS, f"{path.relative_to(ROOT)} names unknown rule ID {found}"


def test_every_link_to_a_record_on_the_site_points_at_an_existing_record() -> None:
    for page in ROOT.joinpath("docs").rglob("*.md"):
        for game, anchor in re.findall(r"reference/([a-z]+)\.md#([a-z0-9.-]+)", page.read_text(encoding="utf-8")):
            assert anchor in IDS and anchor.startswith(game + "."), f"{page.name} links to missing {anchor}"


def test_import_rulebook_is_light() -> None:
    import subprocess
    import sys

    code = "import sys, rulebook; print(sorted(m for m in ('tomllib', 'rulebook.clash', 'typer') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300).stdout
    assert out.strip() == "[]"


def test_data_cache_is_rebuilt_when_the_data_file_changes(tmp_path: Path) -> None:
    import os

    from rulebook.records import read_data

    data = tmp_path / "game.toml"
    data.write_text('name = "first"\n')
    assert read_data(data) == {"name": "first"}
    assert read_data(data) == {"name": "first"}  # now from the cache
    data.write_text('name = "second, longer"\n')
    os.utime(data, ns=(1, 1))
    assert read_data(data) == {"name": "second, longer"}


def test_overrides_are_declared_between_records_of_one_game_and_never_both_ways() -> None:
    by_id = {r.id: r for r in ALL}
    for r in ALL:
        for other in r.overrides:
            assert other != r.id, f"{r.id} overrides itself"
            assert by_id[other].game == r.game, f"{r.id} overrides a record of another game"
            assert r.id not in by_id[other].overrides, f"{r.id} and {other} override each other"
            assert r.kind != "glossary", f"glossary term {r.id} cannot override a rule"


def test_an_override_is_shown_on_both_records() -> None:
    for g in rulebook.games():
        ruleset = rulebook.rules(g.id)
        for r in ruleset:
            for other in r.overrides:
                assert r.id in ruleset.overridden_by(other)


def test_the_loader_refuses_a_duplicated_id_and_a_badly_formed_one(tmp_path: Path) -> None:
    from rulebook.errors import InvalidInputError
    from rulebook.records import load_ruleset

    head = '[game]\nname = "T"\nsource = "t.txt"\nsummary = "t"\n'
    one = '[[record]]\nid = "t.a.b"\nkind = "rule"\ntitle = "x"\ntext = "y"\ncite = { section = "S" }\n'
    twice = tmp_path / "twice.toml"
    twice.write_text(head + one + one)
    with pytest.raises(InvalidInputError, match="defined twice"):
        load_ruleset("t", twice)
    bad = tmp_path / "bad.toml"
    bad.write_text(head + one.replace("t.a.b", "t.A_b"))
    with pytest.raises(InvalidInputError, match="does not follow"):
        load_ruleset("t", bad)
