"""The site builds cleanly (`mkdocs build --strict`) and its generated pages are current."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLI_DOCS = ["-m", "typer", "cli.main", "utils", "docs", "--name", "rulebook", "--title", "CLI reference"]


def test_cli_reference_page_is_current(tmp_path: Path) -> None:
    out = tmp_path / "cli.md"
    subprocess.run([sys.executable, *CLI_DOCS, "--output", str(out)], cwd=ROOT, check=True, capture_output=True)
    committed = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == committed, (
        "docs/cli.md is stale; regenerate it with: python " + " ".join(CLI_DOCS) + " --output docs/cli.md"
    )


def test_site_builds_strict_with_the_generated_rules_reference(built_site: Path) -> None:
    # built_site runs the same command a maintainer runs: mkdocs build --strict
    page = (built_site / "reference" / "clash" / "attacks" / "index.html").read_text(encoding="utf-8")
    assert 'id="clash.attack.tie"' in page
    assert "clash.erratum.example-turn-2" in (built_site / "reference" / "clash" / "rulings" / "index.html").read_text()
    assert (built_site / "search" / "search_index.json").is_file()


def test_rule_ids_in_prose_link_to_their_records(built_site: Path) -> None:
    page = (built_site / "reading-rulings" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../reference/clash/attacks/#clash.attack.tie"><code>clash.attack.tie</code></a>' in page


# A Sphinx role (colon, role name, colon, backticked name) is reST; mkdocstrings renders docstrings as Markdown,
# where a role shows as raw text.
SPHINX_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|data|mod|exc|attr|obj|const|ref):(?:`|<code>)")


def test_api_page_shows_cross_references_as_links_not_raw_sphinx_roles(built_site: Path) -> None:
    raw = {
        str(page.relative_to(built_site)): SPHINX_ROLE.findall(page.read_text(encoding="utf-8"))
        for page in built_site.rglob("*.html")
    }
    assert {page: found for page, found in raw.items() if found} == {}
    api = (built_site / "api" / "index.html").read_text(encoding="utf-8")
    # A docstring's [`IllegalActionError`][rulebook.errors.IllegalActionError] became a link to its entry.
    assert 'href="#rulebook.errors.IllegalActionError"' in api


def test_docstrings_use_markdown_cross_references() -> None:
    # Also the docstrings the API page does not render: the syntax is mkdocstrings' Markdown, everywhere.
    sources = [p for folder in ("rulebook", "cli", "docs", "tests") for p in (ROOT / folder).rglob("*.py")]
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SPHINX_ROLE.search(line) and "SPHINX_ROLE" not in line
    ]
    assert found == [], "write [`Name`][module.Name] instead of a Sphinx role"


FIGURES = [
    "spellfire-formation.svg",
    "spellfire-formation-razed.svg",
    "elementals-layouts.svg",
    "elestrals-field.svg",
    "clash-elements.svg",
    "clash-example-game.svg",
]


@pytest.mark.parametrize("name", FIGURES)
def test_each_figure_is_generated_at_build_time_and_shown_on_a_page(built_site: Path, name: str) -> None:
    import xml.etree.ElementTree as ET

    svg = ET.parse(built_site / "figures" / name).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.find("{http://www.w3.org/2000/svg}title") is not None
    shown_on = [
        page.relative_to(built_site).parent.as_posix()
        for page in built_site.rglob("*.html")
        if f'figures/{name}"' in page.read_text(encoding="utf-8")
    ]
    assert shown_on, f"no page shows figures/{name}"


def _svg_text(built_site: Path, name: str) -> str:
    return (built_site / "figures" / name).read_text(encoding="utf-8")


def test_the_formation_figures_draw_what_the_engine_says_protects_what(built_site: Path) -> None:
    from rulebook import spellfire

    whole = _svg_text(built_site, "spellfire-formation.svg")
    assert whole.count("marker-end=") == sum(len(v) for v in spellfire.PROTECTS.values()) == 6
    assert ">B and C<" in whole  # E is protected by both
    razed = _svg_text(built_site, "spellfire-formation-razed.svg")
    assert razed.count("marker-end=") == 2  # only C still protects (E and F)
    assert razed.count(">razed<") == 2 and razed.count(">exposed<") == 2


def test_the_layout_figure_draws_every_slot_of_the_three_layouts(built_site: Path) -> None:
    from rulebook import elementals

    layouts = _svg_text(built_site, "elementals-layouts.svg")
    assert layouts.count("<rect x=") == sum(len(lay.slots) for lay in elementals.LAYOUTS.values())
    assert all(f"the {lay.name}" in layouts for lay in elementals.LAYOUTS.values())


def test_the_field_and_clash_figures_carry_the_games_numbers(built_site: Path) -> None:
    from rulebook import clash

    field = _svg_text(built_site, "elestrals-field.svg")
    assert "Elestral Row: 4 slots; Rune Row: 4 slots; 1 Stadium slot" in field
    elements = _svg_text(built_site, "clash-elements.svg")
    for element, strength in clash.STRENGTH.items():
        assert f">{element.capitalize()}<" in elements and f">{strength}<" in elements
    game = _svg_text(built_site, "clash-example-game.svg")
    assert (
        "P2: earth &gt; air+" in game
        and ">breaks the rules<" in game
        and ">as the rules allow<" in game
        and "P2: earth &gt; air<" in game
    )


def test_reference_entries_speak_to_players_and_name_sources_in_words(built_site: Path) -> None:
    page = (built_site / "reference" / "clash" / "attacks" / "index.html").read_text(encoding="utf-8")
    assert "from the <em>Elemental Clash rules</em>, Rules and Mechanics &gt; Outcome of Attack" in page
    # The developer's detail (which scenarios exercise a record) is on the coverage page, not in the reference.
    assert "Exercised by" not in page and "passing scenario" not in page
    coverage = (built_site / "coverage" / "index.html").read_text(encoding="utf-8")
    assert 'href="../reference/clash/attacks/#clash.attack.tie"' in coverage
    # A record resting on a public source says so in words, without the repository's name.
    elephants = (built_site / "reference" / "elephants" / "round" / "index.html").read_text(encoding="utf-8")
    assert "free prototype" in elephants and "rolawson" not in elephants and "rests on a public source" not in elephants
    # No page names a source by its file in prose (transcripts show what commands print).
    for game in ("clash", "spellfire"):
        text = (built_site / "games" / game / "index.html").read_text(encoding="utf-8")
        prose = re.sub(r"<pre.*?</pre>", "", text, flags=re.DOTALL)
        assert not re.search(r"\d{3}_[0-9a-f]{16}\.txt", prose), game


def test_transcripts_keep_their_lines_and_scroll_inside_their_box(built_site: Path) -> None:
    page = (built_site / "games" / "clash" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../stylesheets/extra.css"' in page
    css = (built_site / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert re.search(r"pre > code \{[^}]*white-space: pre;[^}]*overflow-x: auto", css)
    assert "pre-wrap" not in css
