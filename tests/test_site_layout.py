"""The built site on a phone and on a desktop, measured in headless Chromium.

Every page of the site is opened at 390 px wide (a phone) and at 1280 px (a desktop):

- at 390 px no page is wider than the window (nothing scrolls sideways but a code box or a table's own box);
- at 390 px every figure's smallest text is at least 11 px on the screen;
- at 1280 px no page is taller than 30,000 px (the rules reference is split by chapter), and the copy button of
  a transcript copies its commands alone, without the prompt or the output.

Each page is loaded once, as a phone lays it out, and measured; then the same page is laid out again at the
desktop's width and measured again (`chromium.emulate`), instead of loaded a second time in a second browser. The
layout pass does not register the site's service worker, whose file it does not serve: the worker draws nothing (it
keeps each page's files for offline use; tests/test_site_ask.py tests it). Its search index has no page in it: the
theme's search starts on every page load as usual, but does not index the whole site again on each
(tests/test_site_search.py searches the real index). Without an index at all the theme leaves a short page's sidebar
taller than the page; with the empty one, every measurement of every page is the one two browsers, one per width,
give on the real site (checked when this pass was introduced).

Needs Debian's chromium and chromium-driver and selenium, like tests/test_site_search.py: skipped without
them outside CI, failed under CI=1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import DESKTOP, PHONE, Site, borrowed, empty_search_index, emulate, require, site_pages

require("the site layout tests")

SMALLEST_TEXT = 11.0
TALLEST = 30_000
#: What the layout pass does not serve: the service worker, which draws nothing. (Blocking it in the browser does not
#: do: the browser fetches a service worker's script itself, past the page's blocked URLs, and the worker then kept
#: every page's files and served every request of the pass, about a quarter of the pass's CPU.)
NOT_DRAWN = "/rulebook-sw.js"


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[Site]:
    """The built site served for this file's pass, with an empty search index and no service worker (see the
    module's docstring)."""
    replaced = {"/search/search_index.json": empty_search_index(built_site), NOT_DRAWN: None}
    served = Site(built_site, replaced=replaced)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def browser(shared_browser, server: Site) -> Iterator:
    """The process's browser (tests/conftest.py, `chromium.shared`: a desktop's window), lent to this file."""
    with borrowed(shared_browser, server.url) as driver:
        yield driver


#: The width of the page's content and, only when it is wider than the phone, the elements that stick out past the
#: phone's width (for the failure's message; a pass over every element's box costs the browser ten times the width's
#: own, so it is not made on a page that fits). Measured against the phone's width, not the window's: on a phone
#: the window grows to a page wider than the screen, and nothing would stick out past it.
WIDTH_SCRIPT = """
const width = document.documentElement.scrollWidth;
if (width <= arguments[0]) return [width, []];  // the phone's width: nothing sticks out
const out = [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > arguments[0] + 1)
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
def layout(browser, site_url: str, built_site: Path) -> dict[str, tuple[int, list, list, int]]:
    """Every page of the site loaded once: at 390 px its width, what sticks out and its figures' text sizes; then
    laid out at 1280 px, its height."""
    measured = {}
    for page in site_pages(built_site):
        browser.get("about:blank")  # the page before is not laid out again at the phone's width
        emulate(browser, PHONE)
        browser.get(site_url + page)
        width, culprits = browser.execute_script(WIDTH_SCRIPT, PHONE)
        with_figures = '.svg"' in (built_site / page / "index.html").read_text(encoding="utf-8")
        figures = browser.execute_async_script(FIGURE_SCRIPT) if with_figures else []
        emulate(browser, DESKTOP)
        height = browser.execute_script("return document.documentElement.scrollHeight")
        measured[page] = (width, culprits, figures, height)
    return measured


def test_no_page_scrolls_sideways_on_a_phone(layout: dict) -> None:
    wide = {page: (width, culprits) for page, (width, culprits, _, _) in layout.items() if width > PHONE}
    assert wide == {}


def test_every_figure_text_is_at_least_11_px_on_a_phone(layout: dict) -> None:
    small, seen = {}, 0
    for page, (_, _, figures, _) in layout.items():
        for src, shown, smallest in figures:
            seen += 1
            if smallest < SMALLEST_TEXT:
                small[f"{page} {src.rsplit('/', 1)[-1]}"] = (shown, round(smallest, 1))
    assert seen >= 8, "the figures were not found on the pages"
    assert small == {}


def test_no_page_is_taller_than_30000_px_on_a_desktop(layout: dict) -> None:
    tall = {page: height for page, (_, _, _, height) in layout.items() if height > TALLEST}
    assert tall == {}


@pytest.fixture
def desktop(browser) -> Iterator:
    """The browser at the desktop's width (the layout pass leaves it there; a test run alone starts at it)."""
    emulate(browser, DESKTOP)
    yield browser


def test_a_transcripts_copy_button_copies_its_commands_alone(desktop, site_url: str) -> None:
    # The text the theme's copy button would put on the clipboard: it copies the code's innerText while the
    # code carries data-md-copying; the site's stylesheet hides the prompt and the output in that state.
    desktop.get(site_url + "games/clash/")
    copied = desktop.execute_script(
        """
        const code = document.querySelector('.language-console code, .highlight code');
        code.setAttribute('data-md-copying', '');
        const text = code.innerText;
        code.removeAttribute('data-md-copying');
        return text.trimEnd();
        """
    )
    assert copied == "rulebook clash position"
    # A block with several commands copies each command on its own line, and nothing else.
    desktop.get(site_url + "games/elementals/")
    blocks = desktop.execute_script(
        """
        return [...document.querySelectorAll('.highlight code')].filter(c => c.querySelectorAll('.gp').length > 1)
          .slice(0, 1).map(code => {
            code.setAttribute('data-md-copying', '');
            const text = code.innerText;
            code.removeAttribute('data-md-copying');
            return [text.trimEnd(), [...code.querySelectorAll('.gp')].length];
          });
        """
    )
    assert blocks, "no transcript with several commands on the Elementals page"
    text, commands = blocks[0]
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == commands and all(line.startswith("rulebook ") for line in lines), text


def test_the_copy_button_really_copies_the_command(desktop, site_url: str) -> None:
    # The theme's own button, clicked: the text it hands the browser to copy is the command alone.
    desktop.get(site_url + "games/clash/")
    desktop.execute_script(
        "window.copied = null;"
        "document.addEventListener('copy', () => { window.copied = document.getSelection().toString(); }, true);"
    )
    button = desktop.find_element("css selector", ".md-code__button[data-md-type='copy'], .md-clipboard")
    desktop.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()
    copied = desktop.execute_script("return window.copied;")
    assert copied is not None, "the copy button copied nothing"
    assert copied.strip() == "rulebook clash position"
