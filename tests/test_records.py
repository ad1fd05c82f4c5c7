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
ID_IN_TEXT = re.compile(r"\b(?:" + "|".join(g.id for g in rulebook.games()) + r")\.[a-z0-9-]+(?:\.[a-z0-9-]+)+\b")


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


def test_options_belong_to_interpretations() -> None:
    for r in ALL:
        if r.option:
            assert r.kind == "interpretation", r.id


def _sections(text: str) -> set[str]:
    """Every heading and bold label of a source document, the names a section path may use."""
    names = set(re.findall(r"^#+\s*\**(.+?)\**\s*$", text, re.MULTILINE))
    names |= {m.strip().rstrip(":") for m in re.findall(r"\*\*([^*]+)\*\*", text)}
    # Plain-text documents (no Markdown headings) mark sections by layout: a short line standing alone,
    # a label opening a line ("Side Deck: ..."), or a question opening a line (a FAQ entry).
    for line in text.splitlines():
        line = re.sub(r"^[-•*\s]*(\d+[a-z]?\.\s*)?", "", line).strip()
        if line and len(line.split()) <= 8 and not line.endswith((".", ",", ";")):
            names.add(line.rstrip(":!"))
        if m := re.match(r"([^:.?]{1,40}):", line):
            names.add(m.group(1).strip())
        if m := re.match(r"[^?]{1,160}\?", line):
            names.add(m.group(0).strip())
    return {n.strip() for n in names}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents (../shared/seeds) are not beside this checkout")
def test_every_citation_names_sections_that_exist_in_its_source() -> None:
    facts = SEEDS.parent / "facts" / "README.md"
    for r in ALL:
        # A record resting on a public fact cites the part of shared/facts that records it.
        source = facts if r.citation.public else SEEDS / r.citation.file
        assert source.is_file(), f"{r.id} cites missing file {source.name}"
        names = _sections(source.read_text(encoding="utf-8"))
        for part in r.citation.section.split(" > "):
            assert part in names, f"{r.id} cites section {part!r}, not in {source.name}"
        if not r.citation.public:
            game = next(g for g in rulebook.games() if g.id == r.game)
            assert r.citation.file == game.source, f"{r.id} cites another game's document"


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
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
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
