"""The site builds cleanly (`mkdocs build --strict`) and its generated pages are current."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
    page = (built_site / "reference" / "clash" / "index.html").read_text(encoding="utf-8")
    assert 'id="clash.attack.tie"' in page
    assert "clash.erratum.example-turn-2" in page
    assert (built_site / "search" / "search_index.json").is_file()


def test_rule_ids_in_prose_link_to_their_records(built_site: Path) -> None:
    page = (built_site / "reading-rulings" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../reference/clash/#clash.attack.tie"><code>clash.attack.tie</code></a>' in page


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
