"""The site's own search, end to end: headless Chromium types into the built site served on localhost.

Needs Debian's chromium and chromium-driver (installed by .ci/run) and selenium (a test dependency).
Outside CI the test is skipped when they are missing; in CI a missing browser fails it.
"""

from __future__ import annotations

import contextlib

import pytest
from chromium import chrome, require

require("the site search test")


@pytest.fixture(scope="module")
def browser():
    driver = chrome(1280, 900)
    yield driver
    driver.quit()


def _top_links(browser, url: str, query: str, anchor: str) -> list[str]:
    """Type ``query`` into the site's search box; wait (up to 20 s) for one of the first 6 results to end in ``anchor``.

    Results refresh as each key is typed, so the test waits for the expected result rather than for the
    first list to appear; on a timeout it returns the last six, for the failure message.
    """
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(url)
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    box.click()
    box.send_keys(query)

    def top() -> list[str]:
        # Read the links in one script call: the list is re-rendered as results refresh.
        script = "return [...document.querySelectorAll('.md-search-result__item a')].slice(0, 6).map(a => a.href)"
        return browser.execute_script(script)

    with contextlib.suppress(TimeoutException):
        WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda _: any(link.endswith(anchor) for link in top()))
    return top()


@pytest.mark.parametrize(
    ("query", "anchor"),
    [
        ("clash.attack.tie", "reference/clash/attacks/?h=clash.attack.tie#clash.attack.tie"),
        ("clash.interp.gale-defends", "#clash.interp.gale-defends"),
        ("Fortify", "#clash.ability.fortify"),
        # The reference pages are boosted, so a term finds its records before the pages that teach it.
        ("Misenchanted", "#elestrals.glossary.misenchanted"),
        ("Gravitate", "#elephants.gravitate.current-to-future"),
        # Words that are also Python names and CLI commands: the rule still comes before the API and CLI pages.
        ("Revive", "#clash.ability.revive"),
    ],
)
def test_site_search_finds_a_rule_by_its_id_and_by_its_terms(browser, site_url: str, query: str, anchor: str) -> None:
    links = _top_links(browser, site_url, query, anchor)
    assert any(link.endswith(anchor) for link in links), links


def _settled_links(browser, url: str, query: str) -> list[str]:
    """Type ``query``; the first six results once the list has stopped changing for a second (20 s at most)."""
    import time

    from selenium.webdriver.common.by import By

    browser.get(url)
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    box.click()
    box.send_keys(query)
    script = "return [...document.querySelectorAll('.md-search-result__item a')].slice(0, 6).map(a => a.href)"
    last, since, deadline = None, time.monotonic(), time.monotonic() + 20
    while time.monotonic() < deadline:
        links = browser.execute_script(script)
        if links != last:
            last, since = links, time.monotonic()
        elif links and time.monotonic() - since > 1:
            break
        time.sleep(0.2)
    return last or []


@pytest.mark.parametrize("query", ["advise", "standings", "policy", "verdict"])
def test_the_api_and_cli_pages_rank_below_the_rules(browser, site_url: str, query: str) -> None:
    # Each word heads a command on the CLI page and a function on the API page; a player searching it
    # wants the game page or the rule that explains it.
    links = _settled_links(browser, site_url, query)
    assert links, f"no result for {query!r}"
    assert not any(part in links[0] for part in ("/api/", "/cli/")), links
