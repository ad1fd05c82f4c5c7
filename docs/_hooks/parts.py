"""MkDocs hook: long pages split into parts at build time, and the navigation that lists every part.

The CLI reference (``cli.md``, generated from the Typer app) and the Python API (``api.md``) are each one
file in the repository, but as one page each they are tens of thousands of pixels tall. At build time
each is cut at its ``## `` headings named in [`SPLIT`][]: every such section becomes a page of its own
(``cli/clash.md``, ``api/records.md``...), its headings raised one level, and the original page keeps its
introduction and the other sections, with a list of the parts. Anchors inside a part are unchanged
(``cli/clash/#rulebook-clash-attack``), and a link written to ``cli.md#ANCHOR`` or ``api.md#ANCHOR`` for an
anchor that moved is pointed at its part.

The navigation then shows each split page, and each game's rules reference, as a section: the page
itself ("Contents"), then its parts or chapters.
"""

from __future__ import annotations

import re
from pathlib import Path

import records  # the sibling hook: the reference chapters

#: For each page split at build time: a pattern its part headings (``## ...``) match. The CLI reference keeps
#: the top-level commands on its page and gives each game's commands a page; the API gives every section one.
SPLIT = {
    "cli.md": re.compile(r"^## `rulebook (?P<slug>clash|elestrals|elementals|spellfire|elephants)`$"),
    "api.md": re.compile(r"^## (?P<title>.+)$"),
}
LOW_SEARCH_BOOST = 0.0005  # as records.SEARCH_BOOST: a player searching a word wants the rule, not the API


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def split(markdown: str, pattern: re.Pattern) -> tuple[str, list[tuple[str, str, str]]]:
    """The page without its parts, and the parts: (slug, title, Markdown with headings raised one level)."""
    sections = re.split(r"(?m)^(?=## )", markdown)
    kept, parts = [sections[0]], []
    for section in sections[1:]:
        heading = section.splitlines()[0]
        match = pattern.match(heading)
        if not match:
            kept.append(section)
            continue
        title = heading[3:].strip()
        name = match.groupdict().get("slug") or slug(title)
        body = section.split("\n", 1)[1] if "\n" in section else ""
        body = re.sub(r"(?m)^(#{3,6}) ", lambda m: m.group(1)[1:] + " ", body)
        parts.append((name, title, body))
    return "".join(kept), parts


def _front(boost: float) -> str:
    return f"---\nsearch:\n  boost: {boost}\n---\n\n"


def split_pages(docs: Path) -> dict[str, tuple[str, list[tuple[str, str, str]]]]:
    """Every split page: its source path, the page kept (with a list of its parts), and its parts."""
    out = {}
    for page, pattern in SPLIT.items():
        kept, parts = split((docs / page).read_text(encoding="utf-8"), pattern)
        stem = page.removesuffix(".md")
        listing = "\n".join(f"- [{title.strip('`')}]({stem}/{name}.md)" for name, title, _ in parts)
        intro, sep, rest = kept.partition("\n## ")
        kept = f"{intro.rstrip()}\n\nIn parts, a page each:\n\n{listing}\n\n" + (sep.lstrip("\n") + rest if sep else "")
        out[page] = (kept, parts)
    return out


#: Which page holds each anchor that moved to a part, per split page: filled by on_files.
MOVED: dict[str, dict[str, str]] = {}


def on_files(files, config):
    """Replace each split page by its kept part and add a page per part."""
    from mkdocs.structure.files import File

    docs = Path(config["docs_dir"])
    for page, (kept, parts) in split_pages(docs).items():
        stem = page.removesuffix(".md")
        original = files.get_file_from_path(page)
        if original is not None:
            files.remove(original)
        files.append(File.generated(config, page, content=kept))
        moved = MOVED.setdefault(page, {})
        for name, title, body in parts:
            content = f"{_front(LOW_SEARCH_BOOST)}# {title}\n{body}"
            files.append(File.generated(config, f"{stem}/{name}.md", content=content))
            moved[slug(title.strip("`").replace(" ", "-"))] = f"{stem}/{name}.md"
            for heading in re.findall(r"(?m)^#{2,6} (.+)$", body):
                moved[slug(heading.strip("`"))] = f"{stem}/{name}.md"
            for identifier in re.findall(r"(?m)^::: (\S+)$", body):
                moved[identifier] = f"{stem}/{name}.md"
    return files


def point_at_parts(markdown: str, page_path: str) -> str:
    """A link to ``cli.md#A`` or ``api.md#A`` whose anchor moved to a part goes to that part."""
    import posixpath

    def relink(m: re.Match) -> str:
        page, anchor = m.group("page"), m.group("anchor")
        moved = MOVED.get(page, {})
        prefixes = [k for k in moved if anchor.startswith(k + ".")]  # an object inside a documented module
        target = moved.get(anchor) or (moved[max(prefixes, key=len)] if prefixes else None)
        if target is None:
            return m.group(0)
        return f"]({posixpath.relpath(target, posixpath.dirname(page_path) or '.')}#{anchor})"

    return re.sub(r"\]\((?:\.\./)*(?P<page>cli\.md|api\.md)#(?P<anchor>[^)\s]+)\)", relink, markdown)


def on_page_markdown(markdown: str, page, config, files) -> str:
    return point_at_parts(markdown, page.file.src_uri)


def children(files) -> dict[str, list]:
    """For each page shown as a section in the navigation: the pages under it, in order."""
    out = {}
    for page in SPLIT:
        stem = page.removesuffix(".md")
        out[page] = sorted(
            (f for f in files.documentation_pages() if f.src_uri.startswith(stem + "/")),
            key=lambda f: _order(f.src_uri),
        )
    for game in records.CHAPTERS:
        found = [files.get_file_from_path(f"reference/{game}/{s}.md") for s, *_ in records.chapters(game)]
        out[f"reference/{game}.md"] = [f for f in found if f is not None]
    return out


ORDER: dict[str, int] = {}


def _order(src_uri: str) -> int:
    return ORDER.get(src_uri, 0)


def on_nav(nav, config, files):
    """Each page with parts or chapters becomes a section: "Contents" (the page itself), then its parts."""
    from mkdocs.structure.nav import Section

    docs = Path(config["docs_dir"])
    for page, (_, parts) in split_pages(docs).items():
        stem = page.removesuffix(".md")
        for n, (name, _, _) in enumerate(parts):
            ORDER[f"{stem}/{name}.md"] = n
    under = children(files)

    def walk(items: list, parent) -> list:
        out = []
        for item in items:
            item.parent = parent
            if isinstance(item, Section):
                item.children = walk(item.children, item)
            file = getattr(item, "file", None)
            if file is not None and under.get(file.src_uri):
                section = Section(item.title, [])
                section.parent = parent
                item.title = "Contents"
                item.parent = section
                pages = [f.page for f in under[file.src_uri]]
                for child in pages:
                    child.parent = section
                section.children = [item, *pages]
                out.append(section)
            else:
                out.append(item)
        return out

    nav.items = walk(nav.items, None)
    pages = []

    def collect(items: list) -> None:
        for item in items:
            if isinstance(item, Section):
                collect(item.children)
            elif getattr(item, "file", None) is not None:
                pages.append(item)

    collect(nav.items)
    for before, after in zip([None, *pages], [*pages, None], strict=False):
        if before is not None:
            before.next_page = after
        if after is not None:
            after.previous_page = before
    nav.pages = pages
    return nav
