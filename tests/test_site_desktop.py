"""The built site on a desktop (1280 px), measured in headless Chromium: the other half of tests/test_site_phone.py.

- no page is taller than 30,000 px (the rules reference is split by chapter);
- the copy button of a transcript copies its commands alone, without the prompt or the output.

A file of its own so that under `pytest -n auto` this pass over every page runs beside the phone's.
Needs Debian's chromium and chromium-driver and selenium: skipped without them outside CI, failed under CI=1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import DESKTOP, at_width, require, site_pages

require("the site desktop tests")

TALLEST = 30_000


@pytest.fixture(scope="module")
def desktop() -> Iterator:
    driver = at_width(DESKTOP)
    yield driver
    driver.quit()


def test_no_page_is_taller_than_30000_px_on_a_desktop(desktop, site_url: str, built_site: Path) -> None:
    tall = {}
    for page in site_pages(built_site):
        desktop.get(site_url + page)
        height = desktop.execute_script("return document.documentElement.scrollHeight")
        if height > TALLEST:
            tall[page] = height
    assert tall == {}


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
