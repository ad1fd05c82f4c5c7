"""MkDocs hook: fills the rules reference pages from the records at build time.

A page that contains the line ``<!-- records: GAME -->`` gets, in its place, every record of that
game grouped by kind, each under a heading whose anchor is its rule ID. The records come from the
same data files the engines and the CLI read, so the reference cannot drift from the code.
"""

from __future__ import annotations

import posixpath
import re

import rulebook
from rulebook.coverage import NORMATIVE, load_map, report, scenario_label
from rulebook.records import KIND_MEANINGS, KINDS, Record

MARKER = re.compile(r"^<!-- records: (?P<game>[a-z]+) -->$", re.MULTILINE)
COVERAGE_MARKER = re.compile(r"^<!-- coverage -->$", re.MULTILINE)
COMPARE_MARKER = re.compile(r"^<!-- compare -->$", re.MULTILINE)
SHOWN = 4  # scenarios listed under each record; the rest are counted


def _scenario(test_id: str, base: str) -> str:
    """A docs scenario links to its page; a test is named."""
    path, _, _ = test_id.partition("::")
    if path.startswith("docs/") and path.endswith(".md"):
        return f"[{scenario_label(test_id).removeprefix('docs/')}]({base}{path.removeprefix('docs/')})"
    return f"`{scenario_label(test_id)}`"


def _exercised(rec: Record, tests: list[str]) -> list[str]:
    """The passing scenarios that cite a record, folded into a collapsed block (a count when closed)."""
    if not tests:
        flag = " (a normative record with none is a gap)" if rec.kind in NORMATIVE else ""
        return [f"*Exercised by no passing scenario{flag}.*", ""]
    docs_first = sorted(tests, key=lambda t: not t.startswith("docs/"))
    shown = [f"    - {_scenario(t, '../')}" for t in docs_first[:SHOWN]]
    more = [f"    - and {len(tests) - SHOWN} more (`rulebook coverage {rec.game} --json` lists them)"]
    title = f"Exercised by {len(tests)} passing scenario{'s' if len(tests) != 1 else ''}"
    return [f'??? example "{title}"', "", *shown, *(more if len(tests) > SHOWN else []), ""]


def _link(rule_id: str) -> str:
    """A link to a record's entry on its game's reference page (pages sit side by side)."""
    game = rule_id.split(".", 1)[0]
    return f"[`{rule_id}`]({game}.md#{rule_id})"


def _record(rec: Record, overridden_by: list[str], tests: list[str]) -> str:
    source = (
        f"rests on a public source the {rec.citation.document} assumes: *{rec.citation.file}* ({rec.citation.section})"
        if rec.citation.public
        else f"cites the *{rec.citation.document}*, {rec.citation.section}"
    )
    lines = [f"### {rec.title} · `{rec.id}` {{#{rec.id}}}", "", f"{rec.kind} · {source}", "", rec.text, ""]
    if rec.overrides:
        lines += ["**Overrides:** " + ", ".join(_link(o) for o in rec.overrides), ""]
    if overridden_by:
        lines += ["**Overridden by:** " + ", ".join(_link(o) for o in overridden_by), ""]
    if rec.option:
        lines += [
            f"**Option `{rec.option.name}`** (default `{rec.option.default}`):",
            "",
            "| value | meaning |",
            "| --- | --- |",
        ]
        lines += [f"| `{value}` | {meaning} |" for value, meaning in rec.option.choices.items()]
        lines.append("")
    if rec.see:
        lines += ["See also: " + ", ".join(_link(s) for s in rec.see), ""]
    if rec.aliases:
        lines += ["Players also say: " + ", ".join(f"*{a}*" for a in rec.aliases), ""]
    lines += _exercised(rec, tests)
    return "\n".join(lines)


def render(game: str) -> str:
    """The reference section for one game, as Markdown."""
    ruleset = rulebook.rules(game)
    cited = load_map()
    document = rulebook.game(game).document
    parts = [f"{ruleset.summary}", "", f"Source: the *{document}*. {len(ruleset)} records.", ""]
    for kind in KINDS:
        records = [r for r in ruleset if r.kind == kind]
        if records:
            parts += [f"## {kind.capitalize()}s ({len(records)})", "", f"*{KIND_MEANINGS[kind].capitalize()}.*", ""]
            parts += [_record(r, ruleset.overridden_by(r.id), cited.get(r.id, [])) for r in records]
    return "\n".join(parts)


def render_coverage() -> str:
    """The coverage page: per game, how many normative records passing scenarios exercise, and the gaps."""
    data = report()
    lines = ["| game | normative records | exercised | gaps |", "| --- | --- | --- | --- |"]
    for gid, counts in data["games"].items():
        gaps = counts["normative"] - counts["covered"]
        lines.append(f"| {rulebook.game(gid).name} | {counts['normative']} | {counts['covered']} | {gaps} |")
    lines.append("")
    if data["uncovered"]:
        lines += ["Normative records that no passing scenario exercises yet:", ""]
        lines += [f"- [`{rid}`](reference/{rid.split('.')[0]}.md#{rid})" for rid in data["uncovered"]]
    else:
        lines.append("Every normative record is exercised by at least one passing scenario.")
    lines.append("")
    for gid in data["games"]:
        lines += [f"## {rulebook.game(gid).name}", "", "| record | kind | passing scenarios |", "| --- | --- | --- |"]
        for row in data["records"]:
            if row["id"].startswith(gid + "."):
                link = f"[`{row['id']}`](reference/{gid}.md#{row['id']})"
                lines.append(f"| {link} | {row['kind']} | {row['scenarios']} |")
        lines.append("")
    return "\n".join(lines)


def render_compare() -> str:
    """For every option of every game: the scenarios whose answer changes with it, under each choice."""
    from rulebook.compare import compare, options_with_scenarios

    lines = []
    for gid, opt in options_with_scenarios():
        ruling = compare(opt.name, gid)
        value = ruling.value
        link = f"[`{opt.record}`](reference/{gid}.md#{opt.record})"
        lines += [f"## {opt.name} ({rulebook.game(gid).name})", "", f"Record: {link}. {ruling.verdict}.", ""]
        lines += ["| choice | meaning |", "| --- | --- |"]
        lines += [
            f"| `{c}`{' (default)' if c == opt.default else ''} | {meaning} |" for c, meaning in opt.choices.items()
        ]
        lines.append("")
        for case in value["changed"]:
            lines += [f"**{case['name']}**", ""]
            lines += [f"- `{choice}`: {answer}" for choice, answer in case["answers"].items()]
            lines.append("")
    return "\n".join(lines)


def link_ids(markdown: str, page_path: str) -> str:
    """Turn every bare `` `rule.id` `` in prose (outside code blocks and links) into a link to its record."""
    known = {r.id for g in rulebook.games() for r in rulebook.rules(g.id)}
    here = posixpath.dirname(page_path)

    def link(m: re.Match) -> str:
        rid = m.group(1)
        if rid not in known:
            return m.group(0)
        target = posixpath.relpath(f"reference/{rid.split('.')[0]}.md", here or ".")
        return f"[`{rid}`]({target}#{rid})"

    parts = re.split(r"(^```.*?^```)", markdown, flags=re.MULTILINE | re.DOTALL)
    for i in range(0, len(parts), 2):  # even parts are prose; odd parts are fenced code
        parts[i] = re.sub(r"(?<!\[)`([a-z]+(?:\.[a-z0-9-]+)+)`(?!\])", link, parts[i])
    return "".join(parts)


def sources_in_words(markdown: str) -> str:
    """Name each game's source document by its title (from the game registry) wherever prose names its file."""
    parts = re.split(r"(^```.*?^```)", markdown, flags=re.MULTILINE | re.DOTALL)
    for i in range(0, len(parts), 2):  # even parts are prose; odd parts are fenced code
        for game in rulebook.games():
            parts[i] = parts[i].replace(f"*{game.source}*", f"the *{game.document}*")
    return "".join(parts)


#: Pages ranked below the rules and the game pages in the site's search: the same words appear there
#: as command, function and parameter names, and a player searching for a term wants the rule. The
#: theme's search weighs a match in a heading 1,000 times a match in text, and the API and CLI pages
#: have a heading for every command and function, so their boost must be well under 1/1,000.
SEARCH_BOOST = {"api.md": 0.0005, "cli.md": 0.0005}


def on_page_markdown(markdown: str, page, config, files) -> str:
    if page.file.src_uri in SEARCH_BOOST:
        page.meta.setdefault("search", {})["boost"] = SEARCH_BOOST[page.file.src_uri]
    markdown = sources_in_words(markdown)
    markdown = MARKER.sub(lambda m: render(m.group("game")), markdown)
    markdown = link_ids(markdown, page.file.src_uri)
    markdown = COMPARE_MARKER.sub(lambda m: render_compare(), markdown)
    return COVERAGE_MARKER.sub(lambda m: render_coverage(), markdown)
