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
    subprocess.run(
        [sys.executable, *CLI_DOCS, "--output", str(out)], cwd=ROOT, check=True, capture_output=True, timeout=300
    )
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
    api = (built_site / "api" / "elemental-clash" / "index.html").read_text(encoding="utf-8")
    # A docstring's [`IllegalActionError`][rulebook.errors.IllegalActionError] became a link to its entry,
    # on the API's page of errors.
    assert 'href="../errors/#rulebook.errors.IllegalActionError"' in api


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
    "elephants-round.svg",
    "elephants-thunder.svg",
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


def test_the_elephants_round_figure_draws_what_the_engine_plays(built_site: Path) -> None:
    from rulebook import elephants

    plan = elephants.parse_round((ROOT / "examples" / "elephants" / "round.toml").read_text(encoding="utf-8"))
    played = elephants.play_round(**plan).value
    for narrow in ("", "-narrow"):
        svg = _svg_text(built_site, f"elephants-round{narrow}.svg")
        assert svg.count(">Clash ") == 4
        for clash in played["clashes"]:
            for n, ref in enumerate(clash["resolved"], 1):
                owner, _, name = ref.partition(":")
                assert f">{n}. {owner} {name.capitalize()}<" in svg
        assert svg.count(">✕ ") == sum(len(c["cancelled"]) for c in played["clashes"])
        assert ">P3 loses a trunk<" in svg


def test_a_figure_with_a_narrow_drawing_shows_it_on_a_phone(built_site: Path) -> None:
    page = (built_site / "games" / "clash" / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r'<picture class="figure"><source media="\(max-width: 600px\)" '
        r'srcset="[./]*figures/clash-elements-narrow.svg"><img',
        page,
    )
    # A figure with no narrow drawing and text too small once shrunk scrolls in its box at a legible width.
    zones = (built_site / "games" / "elestrals-cards" / "index.html").read_text(encoding="utf-8")
    shown = r'<span class="scroll-box"[^>]*><img [^>]*elestrals-field.svg" style="min-width: \d+px"'
    assert re.search(shown, zones)
    # So does a chart kept beside its page.
    solver = (built_site / "games" / "elementals-solver" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<span class="scroll-box"[^>]*><img [^>]*elementals-solver.svg" style="min-width: \d+px"', solver)
    layouts = _svg_text(built_site, "elementals-layouts-narrow.svg")
    assert layouts.count("<rect x=") == _svg_text(built_site, "elementals-layouts.svg").count("<rect x=")


def _headings(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>|&para;", "", h).strip() for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html, flags=re.DOTALL)]


def test_game_pages_teach_the_game_before_the_rulings_and_the_tools(built_site: Path) -> None:
    elephants = _headings((built_site / "games" / "elephants" / "index.html").read_text(encoding="utf-8"))
    assert elephants[:3] == ["The table and a round", "The spells", "How the game ends"], elephants
    assert elephants.index("Rulings players argue about") < elephants.index("For judges and designers: writing a board")
    elestrals = _headings((built_site / "games" / "elestrals" / "index.html").read_text(encoding="utf-8"))
    # The page's own sections end with the judges' tools; the site then adds its "Try the rules here" forms.
    own = elestrals[: elestrals.index("Try the rules here")] if "Try the rules here" in elestrals else elestrals
    assert elestrals[0] == "The table and a turn" and own[-2].startswith("For judges"), elestrals
    chain = (built_site / "games" / "elestrals-chain" / "index.html").read_text(encoding="utf-8")
    assert chain.index("as it happens at the table") < chain.index("A chain file has one statement")
    # No scenario on the Elephants page is introduced by rule IDs alone.
    source = (ROOT / "docs" / "games" / "elephants.md").read_text(encoding="utf-8")
    for block in re.split(r"(?m)^### Scenario: ", source)[1:]:
        first = block.split("\n\n", 2)[1]
        assert first.startswith("```") or re.sub(r"\(\[[^]]*\]\([^)]*\)(, )?\)?|\[[^]]*\]\([^)]*\)", "", first).strip(
            " ,()\n"
        ), block.splitlines()[0]


def test_card_pages_give_each_card_its_data_picture_and_rulings(built_site: Path) -> None:
    from rulebook import clash, elementals, elephants

    spells = (built_site / "cards" / "elephants" / "index.html").read_text(encoding="utf-8")
    for name in elephants.SPELLS:
        assert f'id="{name}"' in spells and f"figures/cards/elephants-{name}.svg" in spells, name
    assert (built_site / "figures" / "cards" / "elephants-clap.svg").is_file()
    clap = spells[spells.index('id="clap"') : spells.index('id="break"')]
    assert "Thunder" in clap and "reference/elephants/spells/#elephants.spell.clap" in clap
    assert "reference/elephants/clarifications/#elephants.clap.targets" in clap
    cards = (built_site / "cards" / "elementals" / "index.html").read_text(encoding="utf-8")
    for card in elementals.ELEMENTALS:
        assert f'id="{card.lower()}"' in cards, card
    elements = (built_site / "cards" / "clash" / "index.html").read_text(encoding="utf-8")
    for element in clash.ELEMENTS:
        assert f'id="{element}"' in elements and f"strength <strong>{clash.STRENGTH[element]}</strong>" in elements


def test_each_game_has_a_faq_of_players_questions_with_a_short_answer_and_the_ruling(built_site: Path) -> None:
    import rulebook

    for game in rulebook.games():
        page = (built_site / "faq" / game.id / "index.html").read_text(encoding="utf-8")
        asked = [r for r in rulebook.rules(game.id) if r.asked_as and r.kind != "glossary"]
        assert page.count("The ruling</a>") == len(asked) > 0, game.id
    clash_faq = (built_site / "faq" / "clash" / "index.html").read_text(encoding="utf-8")
    tie = rulebook.rule("clash.attack.tie")
    assert tie.asked_as[0][1:] in clash_faq and "reference/clash/attacks/#clash.attack.tie" in clash_faq


def test_every_page_says_when_it_last_changed_and_the_changelog_is_in_the_nav(built_site: Path) -> None:
    for page in ("games/clash", "reference/clash/attacks", "changelog"):
        html = (built_site / page / "index.html").read_text(encoding="utf-8")
        assert re.search(r'git-revision-date-localized-plugin-date"[^>]*>\w+ \d{1,2}, \d{4}<', html), page
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="changelog/"' in home


def test_old_links_to_a_rule_on_the_reference_page_go_on_to_its_chapter(built_site: Path) -> None:
    contents = (built_site / "reference" / "elestrals" / "index.html").read_text(encoding="utf-8")
    assert "location.replace(chapters[topic] + '/#' + id)" in contents
    assert '"glossary": "glossary"' in contents and '"main": "main"' in contents


def test_the_cli_and_api_references_are_split_into_parts_with_their_anchors(built_site: Path) -> None:
    cli = (built_site / "cli" / "clash" / "index.html").read_text(encoding="utf-8")
    assert 'id="rulebook-clash-attack"' in cli
    index = (built_site / "cli" / "index.html").read_text(encoding="utf-8")
    assert 'id="rulebook-ask"' in index and 'href="clash/"' in index
    # The one file in the repository is still the whole generated reference (its staleness test reads it).
    assert "## `rulebook clash attack`" in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").replace("###", "##")
    solver = (built_site / "games" / "clash-solver" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../api/elemental-clash-solved/#rulebook.clash.solver.advise"' in solver
    assert 'id="rulebook.clash.solver.advise"' in (
        built_site / "api" / "elemental-clash-solved" / "index.html"
    ).read_text(encoding="utf-8")


#: What a shallow checkout changes is the git history, and the one part of the build that reads git is the page
#: dates: the date plugin (with the project's settings) and the hook that keeps its shallow-clone notice from
#: failing a strict build (docs/_hooks/dates.py). The other hooks read files, never git (the browser's wheel is
#: built from a copy), and the whole site's strict build is test_site_builds_strict_with_the_generated_rules_reference.
DATE_PLUGIN = "git-revision-date-localized"
DATE_HOOK = "docs/_hooks/dates.py"


def _git_reading_config() -> dict:
    """The site's config with only its git reading: every page, the theme, the date plugin and its hook as they are;
    links to pages the other hooks generate are not checked here (the whole build checks them)."""
    import yaml

    site = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    plugins = [p for p in site["plugins"] if isinstance(p, dict) and DATE_PLUGIN in p]
    assert plugins and DATE_HOOK in site["hooks"], "mkdocs.yml no longer reads page dates as this test expects"
    quiet = {"not_found": "info", "anchors": "info", "unrecognized_links": "info", "absolute_links": "info"}
    return {
        **{k: site[k] for k in ("site_name", "docs_dir", "strict", "theme", "exclude_docs")},
        "plugins": plugins,
        "hooks": [DATE_HOOK],
        "validation": {"links": quiet, "nav": {"omitted_files": "info", "not_found": "info"}},
    }


def test_the_site_builds_strict_in_a_shallow_clone_on_ci(tmp_path: Path) -> None:
    # GitHub Actions checks out one commit; the page-date plugin warns about it, and the build must still pass.
    import os
    import shutil

    import yaml

    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{ROOT}", str(clone)], check=True, timeout=300)
    for changed in ("mkdocs.yml", "docs"):  # the working tree's site, on the clone's one-commit history
        if (ROOT / changed).is_dir():
            shutil.rmtree(clone / changed)
            shutil.copytree(ROOT / changed, clone / changed)
        else:
            shutil.copy(ROOT / changed, clone / changed)
    config = clone / "git-reading.yml"
    config.write_text(yaml.safe_dump(_git_reading_config()), encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "GITHUB_ACTIONS": "true"}
    out = tmp_path / "out"
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "--site-dir", str(out)]
    result = subprocess.run(command, cwd=clone, capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    # The plugin did see a shallow clone on CI and said so, as information (a warning would have failed the build).
    # (Each message is a level line and its continuation lines; a notice's level is the level line above it.)
    levels, level = [], None
    for line in result.stderr.splitlines():
        level = line.split()[0] if re.match(r"(DEBUG|INFO|WARNING|ERROR)\b", line) else level
        levels += [level] if "shallow git fetch depth" in line else []
    assert levels and set(levels) == {"INFO"}, result.stderr[-3000:]
    page = (out / "games" / "clash" / "index.html").read_text(encoding="utf-8")
    assert "git-revision-date-localized-plugin-date" in page


def test_the_pages_shared_engine_is_named_by_the_build(built_site: Path) -> None:
    # Every page of a visit connects to one engine (a SharedWorker) by its name; the name changes with the
    # engine's files and the worker's script, so a page of a new build never talks to an older build's engine
    # still running in another tab.
    import hashlib
    import json

    script = (built_site / "javascripts" / "rulebook.js").read_text(encoding="utf-8")
    stamp = json.loads((built_site / "py" / "manifest.json").read_text(encoding="utf-8"))["stamp"]
    worker = (built_site / "javascripts" / "rulebook-worker.js").read_bytes()
    name = hashlib.sha256(stamp.encode() + worker).hexdigest()[:16]
    assert f'const STAMP = "{name}";' in script
    assert "name: `rulebook-${STAMP}`" in script
