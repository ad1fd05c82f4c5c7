"""The built site on a phone and on a desktop, measured in headless Chromium.

Every page of the site is opened at 390 px wide (a phone) and at 1280 px (a desktop):

- at 390 px no page is wider than the window (nothing scrolls sideways but a code box or a table's own box);
- at 1280 px no page is taller than 30,000 px (the rules reference is split by chapter);
- at 390 px every figure's smallest text is at least 11 px on the screen;
- the copy button of a transcript copies its commands alone, without the prompt or the output.

Needs Debian's chromium and chromium-driver and selenium, like tests/test_site_search.py: skipped without
them outside CI, failed under CI=1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import Site, chrome, require

require("the site phone tests")

PHONE, DESKTOP = 390, 1280
TALLEST = 30_000
SMALLEST_TEXT = 11.0


@pytest.fixture(scope="module")
def site_url(built_site: Path) -> Iterator[str]:
    site = Site(built_site)
    yield site.url
    site.stop()


def _browser(width: int):
    # A phone: the page is laid out for a 390 px viewport, as the phone's browser would.
    phone = {"mobileEmulation": {"deviceMetrics": {"width": PHONE, "height": 844, "pixelRatio": 1.0}}}
    return chrome(width, 900, flags=("--hide-scrollbars",), experimental=phone if width == PHONE else None)


@pytest.fixture(scope="module")
def phone() -> Iterator:
    driver = _browser(PHONE)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def desktop() -> Iterator:
    driver = _browser(DESKTOP)
    yield driver
    driver.quit()


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under the site's root ("" for the home page)."""
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return ["" if p == "." else p + "/" for p in pages if not p.startswith(("assets", "search", "figures"))]


#: The width of the page's content, and the widest elements that stick out past the window (for the message).
WIDTH_SCRIPT = """
const width = document.documentElement.scrollWidth;
const out = [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .filter(e => !e.closest('pre, .md-typeset__scrollwrap, .scroll-box, .md-sidebar, .md-search, .md-header__inner'))
  .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
return [width, out];
"""


def test_no_page_scrolls_sideways_on_a_phone(phone, site_url: str, built_site: Path) -> None:
    wide = {}
    for page in site_pages(built_site):
        phone.get(site_url + page)
        width, culprits = phone.execute_script(WIDTH_SCRIPT)
        if width > PHONE:
            wide[page] = (width, culprits)
    assert wide == {}


def test_no_page_is_taller_than_30000_px_on_a_desktop(desktop, site_url: str, built_site: Path) -> None:
    tall = {}
    for page in site_pages(built_site):
        desktop.get(site_url + page)
        height = desktop.execute_script("return document.documentElement.scrollHeight")
        if height > TALLEST:
            tall[page] = height
    assert tall == {}


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


def test_every_figure_text_is_at_least_11_px_on_a_phone(phone, site_url: str, built_site: Path) -> None:
    small, seen = {}, 0
    for page in site_pages(built_site):
        if '.svg"' not in (built_site / page / "index.html").read_text(encoding="utf-8"):
            continue
        phone.get(site_url + page)
        for src, shown, smallest in phone.execute_async_script(FIGURE_SCRIPT):
            seen += 1
            if smallest < SMALLEST_TEXT:
                small[f"{page} {src.rsplit('/', 1)[-1]}"] = (shown, round(smallest, 1))
    assert seen >= 8, "the figures were not found on the pages"
    assert small == {}


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
