"""The site's own search, end to end: headless Chromium types into the built site served on localhost.

The home page is loaded once for all the searches of this file (its search index is read and indexed once, as a
visitor's browser does for every search of a visit); each search empties the box and waits for the results to go
before entering its query (typed as its last key), so no result of an earlier search is read as this one's.

Needs Debian's chromium and chromium-driver (installed by .ci/run) and selenium (a test dependency).
Outside CI the test is skipped when they are missing; in CI a missing browser fails it.
"""

from __future__ import annotations

import contextlib

import pytest
from chromium import borrowed, require

require("the site search test")


@pytest.fixture(scope="module")
def browser(shared_browser, site_url: str):
    """The process's browser (tests/conftest.py), lent to this file."""
    with borrowed(shared_browser, site_url) as driver:
        yield driver


#: The first six results' links, read in one script call (the list is re-rendered as results refresh).
TOP_SIX = "return [...document.querySelectorAll('.md-search-result__item a')].slice(0, 6).map(a => a.href)"


def _search(browser, url: str, query: str) -> None:
    """Type ``query`` into the search box of the site's home page, emptied first and with no result left shown.

    The page is loaded only when the browser is not on it: its search index stays built between searches.
    """
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    if browser.current_url.split("#")[0].split("?")[0] != url:
        browser.get(url)
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    WebDriverWait(browser, 20, poll_frequency=0.1).until(
        lambda _: box.get_attribute("value") == "" and not browser.execute_script(TOP_SIX),
        "the search box did not empty its results",
    )
    # All but the last key put in the box as a paste does, then the last one typed: the theme searches on each key
    # released, so one search, for the whole query (typing it key by key searched the whole index on every letter).
    browser.execute_script("arguments[0].value = arguments[1]", box, query[:-1])
    box.send_keys(query[-1])


def _top_links(browser, url: str, query: str, anchor: str) -> list[str]:
    """Type ``query`` into the site's search box; wait (up to 20 s) for one of the first 6 results to end in ``anchor``.

    Results refresh as each key is typed, so the test waits for the expected result rather than for the
    first list to appear; on a timeout it returns the last six, for the failure message.
    """
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    _search(browser, url, query)

    def top() -> list[str]:
        return browser.execute_script(TOP_SIX)

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

    _search(browser, url, query)
    last, since, deadline = None, time.monotonic(), time.monotonic() + 20
    while time.monotonic() < deadline:
        links = browser.execute_script(TOP_SIX)
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
