"""The site builds cleanly (`mkdocs build --strict`) and its generated pages are current."""

from __future__ import annotations

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
