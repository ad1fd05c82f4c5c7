"""MkDocs hook: fills the rules reference pages from the records at build time.

A page that contains the line ``<!-- records: GAME -->`` gets, in its place, every record of that
game grouped by kind, each under a heading whose anchor is its rule ID. The records come from the
same data files the engines and the CLI read, so the reference cannot drift from the code.
"""

from __future__ import annotations

import re

import rulebook
from rulebook.records import KIND_MEANINGS, KINDS, Record

MARKER = re.compile(r"^<!-- records: (?P<game>[a-z]+) -->$", re.MULTILINE)


def _link(rule_id: str) -> str:
    """A link to a record's entry on its game's reference page (pages sit side by side)."""
    game = rule_id.split(".", 1)[0]
    return f"[`{rule_id}`]({game}.md#{rule_id})"


def _record(rec: Record, overridden_by: list[str]) -> str:
    source = (
        f"rests on the public source *{rec.citation.file}* (facts: {rec.citation.section})"
        if rec.citation.public
        else f"cites *{rec.citation.file}*, {rec.citation.section}"
    )
    lines = [f"### {rec.title} {{#{rec.id}}}", "", f"`{rec.id}` · {rec.kind} · {source}", "", rec.text, ""]
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
    return "\n".join(lines)


def render(game: str) -> str:
    """The reference section for one game, as Markdown."""
    ruleset = rulebook.rules(game)
    parts = [f"{ruleset.summary}", "", f"Source: *{ruleset.source}*. {len(ruleset)} records.", ""]
    for kind in KINDS:
        records = [r for r in ruleset if r.kind == kind]
        if records:
            parts += [f"## {kind.capitalize()}s ({len(records)})", "", f"*{KIND_MEANINGS[kind].capitalize()}.*", ""]
            parts += [_record(r, ruleset.overridden_by(r.id)) for r in records]
    return "\n".join(parts)


def on_page_markdown(markdown: str, page, config, files) -> str:
    return MARKER.sub(lambda m: render(m.group("game")), markdown)
