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


def test_site_builds_strict_with_the_generated_rules_reference(tmp_path: Path) -> None:
    # The same command a maintainer runs: mkdocs build --strict
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"NO_MKDOCS_2_WARNING": "1", **__import__("os").environ},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    page = (tmp_path / "site" / "reference" / "clash" / "index.html").read_text(encoding="utf-8")
    assert 'id="clash.attack.tie"' in page
    assert "clash.erratum.example-turn-2" in page
    assert (tmp_path / "site" / "search" / "search_index.json").is_file()
