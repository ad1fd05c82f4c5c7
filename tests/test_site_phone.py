"""The built site on a phone and on a desktop, measured in headless Chromium.

Every page of the site is opened at 390 px wide (a phone) and at 1280 px (a desktop):

- at 390 px no page is wider than the window (nothing scrolls sideways but a code box or a table's own box);
- at 390 px every figure's smallest text is at least 11 px on the screen;
- at 1280 px no page is taller than 30,000 px (the rules reference is split by chapter), and the copy button of
  a transcript copies its commands alone, without the prompt or the output (tests/test_site_desktop.py).

Each page is loaded once at each width: one pass at 390 px measures its width and its figures (the
``phone_pages`` fixture, read by the two phone tests), and the desktop tests are in tests/test_site_desktop.py,
so that under `pytest -n auto` the two passes run side by side.

Needs Debian's chromium and chromium-driver and selenium, like tests/test_site_search.py: skipped without
them outside CI, failed under CI=1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import PHONE, at_width, require, site_pages

require("the site phone tests")

SMALLEST_TEXT = 11.0


@pytest.fixture(scope="module")
def phone() -> Iterator:
    driver = at_width(PHONE)
    yield driver
    driver.quit()


#: The width of the page's content, and the widest elements that stick out past the window (for the message).
WIDTH_SCRIPT = """
const width = document.documentElement.scrollWidth;
const out = [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .filter(e => !e.closest('pre, .md-typeset__scrollwrap, .scroll-box, .md-sidebar, .md-search, .md-header__inner'))
  .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
return [width, out];
"""


#: For every picture (SVG) in the page's text: its file, its width on the screen, and its smallest text on the
#: screen (the SVG's smallest font size, scaled by how much the picture is shrunk or grown to fit).
FIGURE_SCRIPT = """
const done = arguments[arguments.length - 1];
const images = [...document.querySelectorAll('.md-content img[src$=".svg"]')].filter(i => i.offsetParent !== null);
Promise.all(images.map(async img => {
  const svg = new DOMParser().parseFromString(await (await fetch(img.currentSrc || img.src)).text(), 'image/svg+xml');
  const root = svg.documentElement, box = root.getAttribute('viewBox').split(/[ ,]+/).map(Number);
  const size = t => parseFloat(t.closest('[font-size]')?.getAttribute('font-size') || '16');
  const sizes = [...svg.querySelectorAll('text')].map(size);
  const shown = img.getBoundingClientRect().width;
  return [img.currentSrc || img.src, Math.round(shown), Math.min(...sizes) * shown / box[2]];
})).then(done);
"""


@pytest.fixture(scope="module")
def phone_pages(phone, site_url: str, built_site: Path) -> dict[str, tuple[int, list, list]]:
    """Every page of the site opened once at 390 px: its width, what sticks out, and its figures' text sizes."""
    measured = {}
    for page in site_pages(built_site):
        phone.get(site_url + page)
        width, culprits = phone.execute_script(WIDTH_SCRIPT)
        with_figures = '.svg"' in (built_site / page / "index.html").read_text(encoding="utf-8")
        measured[page] = (width, culprits, phone.execute_async_script(FIGURE_SCRIPT) if with_figures else [])
    return measured


def test_no_page_scrolls_sideways_on_a_phone(phone_pages: dict) -> None:
    wide = {page: (width, culprits) for page, (width, culprits, _) in phone_pages.items() if width > PHONE}
    assert wide == {}


def test_every_figure_text_is_at_least_11_px_on_a_phone(phone_pages: dict) -> None:
    small, seen = {}, 0
    for page, (_, _, figures) in phone_pages.items():
        for src, shown, smallest in figures:
            seen += 1
            if smallest < SMALLEST_TEXT:
                small[f"{page} {src.rsplit('/', 1)[-1]}"] = (shown, round(smallest, 1))
    assert seen >= 8, "the figures were not found on the pages"
    assert small == {}
