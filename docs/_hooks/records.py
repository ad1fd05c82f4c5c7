"""MkDocs hook: fills the rules reference from the records at build time, a page per chapter, and a FAQ per game.

A page that contains the line ``<!-- records: GAME -->`` (the game's reference page, ``reference/GAME.md``)
gets, in its place, the game's table of contents: its chapters, each with the titles of its records. Each
chapter is a page of its own, generated here (``reference/GAME/CHAPTER.md``), with every record of the
chapter under a heading whose anchor is its rule ID. An old link to ``reference/GAME/#RULE-ID`` still
lands on the rule: the contents page sends the browser on to the chapter that holds it. Links to records
written in the pages (``reference/GAME.md#RULE-ID``, or a bare `` `rule.id` ``) are pointed straight at
the chapter.

``faq/GAME.md`` is generated too: the questions players ask about each record (its ``asked_as``), each
with a one-sentence answer and a link to the ruling.

The records come from the same data files the engines and the CLI read, so the reference cannot drift
from the code.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import posixpath
import re
from pathlib import Path

import rulebook
from rulebook.coverage import report
from rulebook.records import KIND_MEANINGS, Record

MARKER = re.compile(r"^<!-- records: (?P<game>[a-z]+) -->$", re.MULTILINE)
COVERAGE_MARKER = re.compile(r"^<!-- coverage -->$", re.MULTILINE)
COMPARE_MARKER = re.compile(r"^<!-- compare -->$", re.MULTILINE)

#: Each game's chapters, in reading order: (slug, title, what it covers, the ID topics it holds). A record
#: whose topic no chapter names goes to a last chapter, "More rules", so no record is ever left out.
CHAPTERS: dict[str, list[tuple[str, str, str, tuple[str, ...]]]] = {
    "clash": [
        ("game", "The game", "setup, turns, the end of the game and the score", ("setup", "turn", "end", "score")),
        ("attacks", "Attacks and abilities", "who is eliminated, and the five abilities", ("attack", "ability")),
        ("rulings", "Rulings and errata", "where the rules are silent or the examples wrong", ("interp", "erratum")),
    ],
    "elestrals": [
        (
            "cards",
            "Cards, Spirits and zones",
            "what is on the table and where",
            ("spirit", "facts", "card", "rune", "zone"),
        ),
        ("game", "Setup, phases and the end", "starting a game, the turn's phases, winning", ("setup", "phase", "end")),
        ("main", "Main Phase", "casting, enchanting and everything a turn may do", ("main",)),
        ("battle", "Battle, Nexus and the chain", "attacks, damage and how effects answer each other",
         ("battle", "nexus", "chain")),
        ("advanced", "Advanced rules", "the rarer cases", ("advanced",)),
        ("tournament", "Tournaments", "matches, side decks and standings", ("tournament",)),
        ("rulings", "Rulings", "where the guide is silent or unclear", ("interp",)),
        ("glossary", "Glossary", "the game's terms", ("glossary",)),
    ],
    "elementals": [
        ("game", "Cards and setup", "the deck, the elements and the layouts", ("cards", "setup", "glossary")),
        ("playing", "Playing", "attacks, defeats, powers and the end of the game",
         ("turn", "attack", "defeat", "reveal", "discard", "power", "end")),
        ("rulings", "Rulings", "where the rules are silent or unclear", ("interp",)),
    ],
    "spellfire": [
        ("formation", "The formation and attacks", "realms, who may attack which, flyers and swimmers",
         ("formation", "turn", "move", "end", "glossary")),
        ("cards", "Cards and effects", "counter-effects, order of play, borrowing, copying, Avatars",
         ("effects", "counter", "order", "borrow", "copy", "permission", "deck", "avatar", "once")),
        ("rulings", "Rulings", "where the guide is silent or unclear", ("interp",)),
    ],
    "elephants": [
        ("round", "How a round goes", "trunks, health, clashes, priority and the end of a round",
         ("base", "public", "end", "order")),
        ("clarifications", "Resolving spells", "cancelled, moved and advancing spells, the sheet's hard cases",
         ("resolve", "moved", "advance", "response", "clap", "cancelled", "gravitate", "optional", "root", "break")),
        ("spells", "The spells", "what each of the 58 spells does", ("spell",)),
        ("rulings", "Rulings and errata", "where the sources are silent or disagree", ("interp", "erratum")),
    ],
}
OTHER = ("more", "More rules", "records of topics no other chapter covers", ())

#: What a record that rests on a public source (not the game's own document) cites, in a player's words.
PUBLIC_WORDS = {
    "elephants": "the base rules and card list of the game's free prototype, which the clarification sheet takes "
    "for granted",
    "spellfire": "the game's official rules and the publisher's 1994 clarifications, which the guide takes for "
    "granted",
    "elestrals": "the publisher's card data and website",
    "elementals": "the printed rules of Clear the Dungeon, the game this variant builds on",
}


def chapters(game: str) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """The game's chapters that hold at least one record (with "More rules" when some record fits none)."""
    topics = {r.id.split(".")[1] for r in rulebook.rules(game)}
    named = CHAPTERS.get(game, [])
    used = [c for c in named if topics & set(c[3])]
    if topics - {t for c in named for t in c[3]}:
        used.append(OTHER)
    return used


@functools.cache
def chapter_of(rule_id: str) -> str:
    """The slug of the chapter that holds a record."""
    game, topic = rule_id.split(".")[:2]
    return next((slug for slug, _, _, topics in CHAPTERS.get(game, []) if topic in topics), OTHER[0])


@functools.cache
def known_ids() -> frozenset[str]:
    return frozenset(r.id for g in rulebook.games() for r in rulebook.rules(g.id))


def record_path(rule_id: str) -> str:
    """The docs path of the page that holds a record, e.g. ``reference/clash/attacks.md``."""
    return f"reference/{rule_id.split('.')[0]}/{chapter_of(rule_id)}.md"


def link_to(rule_id: str, from_page: str, label: str | None = None) -> str:
    """A Markdown link from the page at ``from_page`` (a docs path) to a record's entry."""
    target = posixpath.relpath(record_path(rule_id), posixpath.dirname(from_page) or ".")
    return f"[{label or f'`{rule_id}`'}]({target}#{rule_id})"


def source_in_words(rec: Record) -> str:
    """Where a record comes from, as a player would say it."""
    if rec.citation.public:
        return "from " + PUBLIC_WORDS.get(rec.game, f"public sources the *{rec.citation.document}* takes for granted")
    return f"from the *{rec.citation.document}*, {rec.citation.section}"


def _record(rec: Record, overridden_by: list[str], page: str) -> str:
    lines = [f"### {rec.title} · `{rec.id}` {{#{rec.id}}}", "", f"*{rec.kind}, {source_in_words(rec)}*", ""]
    lines += [rec.text, ""]
    if rec.reads:
        lines += ["**Reads:** " + ", ".join(link_to(r, page) for r in rec.reads), ""]
    if rec.overrides:
        lines += ["**Overrides:** " + ", ".join(link_to(o, page) for o in rec.overrides), ""]
    if overridden_by:
        lines += ["**Overridden by:** " + ", ".join(link_to(o, page) for o in overridden_by), ""]
    if rec.option:
        lines += [
            f"**Tables may choose otherwise** (option `{rec.option.name}`, this site plays `{rec.option.default}`):",
            "",
            "| choice | meaning |",
            "| --- | --- |",
        ]
        lines += [f"| `{value}` | {meaning} |" for value, meaning in rec.option.choices.items()]
        lines.append("")
    if rec.see:
        lines += ["See also: " + ", ".join(link_to(s, page) for s in rec.see), ""]
    if rec.aliases:
        lines += ["Players also say: " + ", ".join(f"*{a}*" for a in rec.aliases), ""]
    return "\n".join(lines)


def _chapter_nav(game: str, here: str) -> str:
    """One line naming every chapter of the game, the current one in bold, the others linked."""
    items = [
        f"**{title}**" if slug == here else f"[{title}]({slug}.md)" for slug, title, _, _ in chapters(game)
    ]
    return f"Chapters of the [{rulebook.game(game).name} reference](../{game}.md): " + " · ".join(items)


def render_chapter(game: str, slug: str) -> str:
    """A chapter page of a game's rules reference, as Markdown (front matter included)."""
    ruleset = rulebook.rules(game)
    title, blurb = next((t, b) for s, t, b, _ in chapters(game) if s == slug)
    records = [r for r in ruleset if chapter_of(r.id) == slug]
    page = f"reference/{game}/{slug}.md"
    parts = [
        "---",
        "search:",
        # Rules rank first in the site search; the readings of silent rules just after the rules they read.
        f"  boost: {2 if slug == 'rulings' else 3}",
        "---",
        "",
        f"# {rulebook.game(game).name}: {title}",
        "",
        f"*{blurb.capitalize()}: {len(records)} records of the {rulebook.game(game).name} rules reference.*",
        "",
        _chapter_nav(game, slug),
        "",
    ]
    kinds = [k for k in KIND_MEANINGS if any(r.kind == k for r in records)]
    for kind in kinds:
        of_kind = [r for r in records if r.kind == kind]
        if len(kinds) > 1:
            parts += [f"## {kind.capitalize()}s ({len(of_kind)})", "", f"*{KIND_MEANINGS[kind].capitalize()}.*", ""]
        else:
            parts += [f"*All {kind}s: {KIND_MEANINGS[kind]}.*", ""]
        parts += [_record(r, ruleset.overridden_by(r.id), page) for r in of_kind]
    parts += ["---", "", _chapter_nav(game, slug), ""]
    return "\n".join(parts)


def render(game: str) -> str:
    """A game's reference contents page: its chapters, each with its records' titles linked."""
    ruleset = rulebook.rules(game)
    document = rulebook.game(game).document
    count = f"{len(ruleset)} records in {len(chapters(game))} chapters"
    parts = [f"{ruleset.summary}", "", f"Source: the *{document}*. {count}.", ""]
    for slug, title, blurb, _ in chapters(game):
        records = [r for r in ruleset if chapter_of(r.id) == slug]
        parts += [f"## [{title}]({game}/{slug}.md)", "", f"*{blurb.capitalize()}* ({len(records)} records):", ""]
        parts.append(" · ".join(f"[{r.title}]({game}/{slug}.md#{r.id})" for r in records))
        parts.append("")
    # An old link to this page with a rule's anchor (reference/GAME/#RULE-ID) goes on to the chapter holding it.
    topics = {r.id.split(".")[1]: chapter_of(r.id) for r in ruleset}
    parts += [
        "<script>",
        "(function () {",
        f"  var chapters = {json.dumps(topics, sort_keys=True)};",
        "  var id = decodeURIComponent(location.hash.slice(1)), topic = id.split('.')[1];",
        f"  if (id.indexOf('{game}.') === 0 && chapters[topic]) location.replace(chapters[topic] + '/#' + id);",
        "})();",
        "</script>",
        "",
    ]
    return "\n".join(parts)


def first_sentence(text: str) -> str:
    """The first sentence of a record's text (to the first full stop followed by a space and a capital)."""
    match = re.search(r"(?<=[.!?])\s+(?=[A-Z(])", text)
    return text[: match.start()] if match else text


def render_faq(game: str) -> str:
    """A game's FAQ: per chapter, each record's first question as players ask it, a one-sentence answer, the link."""
    ruleset = rulebook.rules(game)
    page = f"faq/{game}.md"
    name = rulebook.game(game).name
    parts = [
        f"# {name}: questions players ask",
        "",
        f"Each question is one players ask, in their words; the answer is the first sentence of the ruling, and "
        f"the link opens the ruling in full in the [rules reference](../reference/{game}.md). Ask your own with "
        f"`rulebook ask \"...\" --game {game}`.",
        "",
    ]
    for slug, title, _, _ in chapters(game):
        records = [r for r in ruleset if chapter_of(r.id) == slug and r.asked_as and r.kind != "glossary"]
        if not records:
            continue
        parts += [f"## {title}", ""]
        for rec in records:
            question = rec.asked_as[0].rstrip()
            question = question[0].upper() + question[1:]
            parts += [
                f"**{question}**",
                f"{first_sentence(rec.text)} {link_to(rec.id, page, 'The ruling')}.",
                "",
            ]
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
        lines += [f"- {link_to(rid, 'coverage.md')}" for rid in data["uncovered"]]
    else:
        lines.append("Every normative record is exercised by at least one passing scenario.")
    lines.append("")
    for gid in data["games"]:
        rows = [row for row in data["records"] if row["id"].startswith(gid + ".")]
        lines += [
            f"## {rulebook.game(gid).name}",
            "",
            f'??? note "Each of its {len(rows)} records, with the scenarios that exercise it"',
            "",
            "    | record | kind | passing scenarios | pages whose examples exercise it |",
            "    | --- | --- | --- | --- |",
        ]
        for row in rows:
            pages = sorted({t.partition("::")[0] for t in row["tests"] if t.startswith("docs/")})
            shown = ", ".join(f"[{p.removeprefix('docs/')}]({p.removeprefix('docs/')})" for p in pages)
            lines.append(
                f"    | {link_to(row['id'], 'coverage.md')} | {row['kind']} | {row['scenarios']} | {shown or '-'} |"
            )
        lines.append("")
    return "\n".join(lines)


def render_compare() -> str:
    """The options page's text, kept in the per-user cache by a hash of everything it is computed from.

    Replaying every scenario under each choice of every option is more than half of a build's time, and its
    result changes only with the package (its code and data), the examples, or this hook: a build with none of
    those changed reads the same text back instead of computing it again (a new hash computes it afresh).
    """
    from rulebook.writing import cache_dir

    # The package this build imports (in a clone of the repository, possibly another checkout's), and the
    # examples its scenarios read, which it finds beside itself.
    package = Path(rulebook.__file__).resolve().parent
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for folder in (package, package.parent / "examples"):
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(package.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
    folder = cache_dir()
    kept = folder / "site" / f"options-{digest.hexdigest()[:16]}.md" if folder else None
    if kept and kept.is_file():
        return kept.read_text(encoding="utf-8")
    text = _compute_compare()
    if kept:
        with contextlib.suppress(OSError):  # a read-only cache folder: no cache, the same page
            kept.parent.mkdir(parents=True, exist_ok=True)
            partial = kept.with_name(f"{kept.name}.{os.getpid()}.partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(kept)
    return text


def _compute_compare() -> str:
    """For every option of every game: the scenarios whose answer changes with it, under each choice."""
    from rulebook.compare import compare, options_with_scenarios

    lines, answered = [], {}  # each scenario answered once under the same choices of every option
    for gid, opt in options_with_scenarios():
        ruling = compare(opt.name, gid, answered=answered)
        value = ruling.value
        link = link_to(opt.record, "options.md")
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


#: A link written to a record on a game's reference page: ``(../reference/clash.md#clash.attack.tie)``.
OLD_LINK = re.compile(r"\]\((?P<up>(?:\.\./)*)reference/(?P<game>[a-z]+)\.md#(?P<id>[a-z0-9.-]+)\)")


def _prose_parts(markdown: str) -> list[str]:
    """The page split on fenced code blocks: even parts are prose, odd parts are fenced code."""
    return re.split(r"(^```.*?^```)", markdown, flags=re.MULTILINE | re.DOTALL)


def link_ids(markdown: str, page_path: str) -> str:
    """Link every bare `` `rule.id` `` in prose to its record, and point links to reference pages at the chapter."""
    known = known_ids()

    def link(m: re.Match) -> str:
        rid = m.group(1)
        return link_to(rid, page_path) if rid in known else m.group(0)

    def chapter(m: re.Match) -> str:
        rid = m.group("id")
        if rid not in known:
            return m.group(0)
        return f"]({m.group('up')}{record_path(rid)}#{rid})"

    parts = _prose_parts(markdown)
    for i in range(0, len(parts), 2):
        parts[i] = OLD_LINK.sub(chapter, parts[i])
        parts[i] = re.sub(r"(?<!\[)`([a-z]+(?:\.[a-z0-9-]+)+)`(?!\])", link, parts[i])
    return "".join(parts)


def sources_in_words(markdown: str) -> str:
    """Name each game's source document by its title (from the game registry) wherever prose names its file."""
    parts = _prose_parts(markdown)
    for i in range(0, len(parts), 2):
        for game in rulebook.games():
            parts[i] = parts[i].replace(f"*{game.source}*", f"the *{game.document}*")
    return "".join(parts)


#: Pages ranked below the rules and the game pages in the site's search: the same words appear there
#: as command, function and parameter names, and a player searching for a term wants the rule. The
#: theme's search weighs a match in a heading 1,000 times a match in text, and the API and CLI pages
#: have a heading for every command and function, so their boost must be well under 1/1,000.
SEARCH_BOOST = {"api.md": 0.0005, "cli.md": 0.0005}


def on_files(files, config):
    """Add each game's chapter pages and FAQ page, generated from the records."""
    from mkdocs.structure.files import File

    for game in rulebook.games():
        for slug, _, _, _ in chapters(game.id):
            page = render_chapter(game.id, slug)
            files.append(File.generated(config, f"reference/{game.id}/{slug}.md", content=page))
        files.append(File.generated(config, f"faq/{game.id}.md", content=render_faq(game.id)))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    if page.file.src_uri in SEARCH_BOOST:
        page.meta.setdefault("search", {})["boost"] = SEARCH_BOOST[page.file.src_uri]
    markdown = sources_in_words(markdown)
    markdown = MARKER.sub(lambda m: render(m.group("game")), markdown)
    markdown = link_ids(markdown, page.file.src_uri)
    markdown = COMPARE_MARKER.sub(lambda m: render_compare(), markdown)
    return COVERAGE_MARKER.sub(lambda m: render_coverage(), markdown)
