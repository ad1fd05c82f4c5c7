"""The rules in the browser, end to end: headless Chromium against the built site served from 127.0.0.1.

The site runs the project's own Python in a worker (Pyodide and the rulebook wheel, docs/_hooks/browser.py),
a SharedWorker shared by every page of the site in a visit (a dedicated Worker where SharedWorker is missing).
One browser session starts it once; then the ask box answers the held-out players' questions as `rulebook ask`
does, "Try it" reproduces the pages' transcripts and answers edits as the CLI does on every game page (each page
finds the engine started, as a visitor's next page does), a game page's tool answers, no request leaves the
site's origin, a page without SharedWorker answers from a worker of its own, and after the first visit the site
answers with the server gone (the engine started again from the kept files). Each test still passes run alone.

Needs Debian's chromium and chromium-driver and selenium, as tests/test_site_search.py does.
"""

from __future__ import annotations

import contextlib
import json
import time
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import Site, borrowed, empty_search_index, require

from cli.testing import matches, run, shell_words, transcripts
from rulebook.ask import ask

require("the site ask test")

DATA = Path(__file__).parent / "data"
BOOT = 300  # seconds the first load may take on a busy machine (it is one download and one start of Python)
ANSWER = 60
#: Game pages whose first transcripts are run with "Try it" (three each) and whose tools are answered, each page
#: opened in turn (the engine shared): the first is the page the first test opens, and the last the page of the
#: tests after it (`test_a_game_page_tool_answers_as_the_cli`).
TRY_PAGES = ["games/elephants/", "games/elestrals/", "games/elementals/", "games/spellfire/", "games/clash/"]
#: The page the first test opens (a fresh profile), which the ask box tests then use as it is.
FIRST_PAGE = TRY_PAGES[0]


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[Site]:
    """The built site served for this file, with an empty search index (`chromium.empty_search_index`): these
    tests search nothing, and each of their page loads would otherwise index the whole site again in the theme's
    search worker, beside the engine's start. The same files are asked for (tests/test_site_search.py searches)."""
    served = Site(built_site, replaced={"/search/search_index.json": empty_search_index(built_site)})
    yield served
    served.stop()


@pytest.fixture(scope="module")
def browser(shared_browser, server: Site):
    """The process's browser (tests/conftest.py), fresh for this file's site: a new address, nothing kept for it."""
    with borrowed(shared_browser, server.url) as driver:
        yield driver


#: Waits inside the page (a timer there, not a round trip to the browser every few milliseconds): the test's body
#: (``args`` are the script's arguments) is run until it returns something truthy, or null past the time given.
UNTIL = """const args = [...arguments], done = args.pop(), end = performance.now() + args.pop() * 1000;
const test = async () => { %s };
const check = async () => {
  let found = null;
  try { found = await test(); } catch (err) {}
  if (found) done(found); else if (performance.now() > end) done(null); else setTimeout(check, 25);
};
check();"""


def _until(browser, body: str, seconds: float, *args):
    """What ``body`` returns once it returns something truthy, waited for in the page; None after ``seconds``.

    Waited for a minute at a time at most: a call to the driver that lasts longer is cut off by its client."""
    deadline = time.monotonic() + seconds
    while True:
        chunk = max(0.1, min(60.0, deadline - time.monotonic()))
        browser.set_script_timeout(chunk + 30)
        found = browser.execute_async_script(UNTIL % body, *args, chunk)
        if found or time.monotonic() >= deadline:
            return found


def _wait(browser, script: str, seconds: float, what: str):
    """Wait until ``script`` returns something truthy; else fail naming ``what`` and the page's status lines."""
    found = _until(browser, script, seconds)
    if found:
        return found
    status = browser.execute_script("return [...document.querySelectorAll('.rulebook-status')].map(s => s.textContent)")
    pytest.fail(f"{what}: nothing after {seconds} s; status: {status}")


def _ready(browser, seconds: float = BOOT) -> None:
    # The ask box focused, which starts the engine (the focus event sent too: a tab in the background, such as a
    # second one, takes the focus without telling the page).
    browser.execute_script(
        "const box = document.getElementById('rulebook-ask'); box.focus(); box.dispatchEvent(new FocusEvent('focus'))"
    )
    # Ready, or failed (then at once, naming why, instead of waiting out the time).
    phase = _wait(
        browser,
        "const phase = document.getElementById('rulebook-ask-status').dataset.phase;"
        "return (window.rulebookEngine && phase === 'ready') || phase === 'failed' ? phase : null",
        seconds,
        "the rules engine to load",
    )
    if phase == "failed":
        status = browser.execute_script("return document.getElementById('rulebook-ask-status').textContent")
        pytest.fail(f"the rules engine did not load: {status}")


def _open(browser, server: Site, page: str | None) -> None:
    """Be on ``page`` (None: any page of the site) with the rules engine started (or found started).

    The page is loaded only when the browser is elsewhere or its engine is not ready.
    """
    here = browser.current_url.split("#")[0]
    on_site = here.startswith(server.url) if page is None else here == server.url + page
    started = on_site and browser.execute_script(
        "return !!(window.rulebookEngine && document.getElementById('rulebook-ask-status').dataset.phase === 'ready')"
    )
    if not started:
        browser.get(server.url + (FIRST_PAGE if page is None else page))
    _ready(browser)


def _ask_in_page(browser, question: str) -> dict:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = browser.find_element(By.ID, "rulebook-ask")
    # The question put in the box as a paste does (typing it key by key costs the browser an event a letter),
    # then Enter pressed, as a user submits it.
    browser.execute_script("arguments[0].value = arguments[1]", box, question)
    box.send_keys(Keys.END, Keys.ENTER)
    script = """const a = document.getElementById('rulebook-answer');
    return a.dataset.question === args[0] && a.dataset.done ? {ruleId: a.dataset.ruleId || null,
      refused: a.dataset.refused === 'true', text: a.querySelector('pre').textContent,
      link: (a.querySelector('pre a') || {}).href || null} : null"""
    found = _until(browser, script, ANSWER, question)
    if found:
        return found
    pytest.fail(f"no answer to {question!r} in {ANSWER} s")


def _cli_answer(question: str) -> tuple[str | None, bool, str]:
    """The first ruling's ID (None when refused), whether refused, and what `rulebook ask` prints."""
    value = ask(question, limit=3).value
    refused = bool(value["refused"])
    first = None if refused or not value["rulings"] else value["rulings"][0]["id"]
    return first, refused, run(["ask", question]).output


def _questions() -> tuple[list[str], list[str]]:
    """From the held-out half: the first eight questions of each game in file order, and every off-topic one."""
    questions = tomllib.loads((DATA / "players-test.toml").read_text(encoding="utf-8"))["question"]
    real: list[str] = []
    for game in ("clash", "elestrals", "elementals", "spellfire", "elephants"):
        real += [q["text"] for q in questions if q["game"] == game][:8]
    return real, [q["text"] for q in questions if q["game"] == "none"]


def _requests(browser) -> list[str]:
    """Every URL the browser asked for so far (the page's and its workers' network log)."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_no_request_leaves_the_sites_origin(browser, server: Site) -> None:
    # The first test of the session: a fresh profile, so every file comes over the network (later loads may
    # take them from the cache the worker fills, and those are not requests).
    browser.get(server.url + FIRST_PAGE)
    _ready(browser)
    _ask_in_page(browser, "what happens on a tie")
    urls = _requests(browser)  # the page's network log
    urls += browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    urls += browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.rulebookEngine.request({kind: 'resources'}).then(reply => done(reply.urls))"
    )  # the worker's: Pyodide's runtime and the wheels
    assert any(url.endswith(".wasm") for url in urls), "the worker's files were not seen"
    assert any("/py/wheels/rulebook-" in url for url in urls)
    outside = [u for u in urls if not u.startswith((server.url, "data:", "blob:"))]
    assert not outside, outside[:5]


def test_the_vocabulary_shipped_with_the_site_is_the_one_the_page_reads(browser, server: Site, built_site) -> None:
    # The site ships the vocabulary `ask` needs (py/cache.zip) so that no visit builds it in the browser: its file
    # must be named as the page's Python names it (the same key), or the page builds and keeps a second one.
    _open(browser, server, FIRST_PAGE)
    with zipfile.ZipFile(built_site / "py" / "cache.zip") as archive:
        shipped = {n for n in archive.namelist() if n.startswith("vocabulary-")}
    assert shipped, "the site ships no vocabulary"
    names = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.rulebookEngine.request({kind: 'caches'}).then(reply => done(reply.names))"
    )
    assert {n for n in names if n.startswith("vocabulary-")} == shipped, names


def test_the_ask_box_answers_held_out_questions_as_the_cli_does(browser, server: Site) -> None:
    _open(browser, server, None)  # the ask box is the same on every page
    real, off_topic = _questions()
    assert len(real) >= 40
    mismatched, refused, cli_refused, links = [], 0, 0, 0
    for question in real + off_topic:
        page = _ask_in_page(browser, question)
        cli = _cli_answer(question)
        if (page["ruleId"], page["refused"], page["text"]) != cli:
            mismatched.append((question, page["ruleId"], cli[0]))
        links += question in real and bool(page["link"])
        refused += question in off_topic and page["refused"]
        cli_refused += question in off_topic and cli[1]
    # The same first ruling (or refusal) and the same text as `rulebook ask`, for every question.
    assert not mismatched, mismatched[:5]
    # The real questions' rulings link to their entries (a refused one has no link).
    assert links >= len(real) - 1
    # The off-topic ones are refused as the CLI refuses them (31 of these 34: README, "off-topic refused").
    assert refused == cli_refused >= 0.9 * len(off_topic)


def _page_transcripts(browser, count: int) -> list[tuple[object, object]]:
    """The first ``count`` "Try it" buttons of the page, each with the transcript the page shows for it."""
    from selenium.webdriver.common.by import By

    pairs = []
    for button in browser.find_elements(By.CSS_SELECTOR, "button.rulebook-try")[:count]:
        code = browser.execute_script(
            "return arguments[0].parentElement.previousElementSibling.querySelector('code').textContent", button
        )
        shown = {t.command: t for t in transcripts(f"```console\n{code}\n```\n")}
        pairs.append((button, shown[button.get_attribute("data-command")]))
    return pairs


def _run_panel(browser, panel, command: str | None = None) -> tuple[int, str]:
    """Run a panel's command (after typing ``command`` over it, if given) and wait for its output and exit status."""
    from selenium.webdriver.common.keys import Keys

    field = panel.find_element("css selector", "input.rulebook-try-command")
    if command is not None:
        browser.execute_script("arguments[0].removeAttribute('data-code')", panel)
        field.clear()
        field.send_keys(command, Keys.ENTER)
    target = command if command is not None else field.get_attribute("value")
    script = (
        "const p = args[0]; return p.dataset.code !== undefined && p.dataset.ran === args[1] ? "
        "[Number(p.dataset.code), p.querySelector('pre.rulebook-output').textContent] : null"
    )
    found = _until(browser, script, ANSWER, panel, target)
    if found:
        return found[0], found[1]
    pytest.fail(f"no output for {target!r} in {ANSWER} s")


#: The panel a "Try it" button opened (panels follow their button's bar, the newest first), or null.
OPENED_PANEL = """const button = arguments[0], bar = button.parentElement;
const index = String([...bar.children].indexOf(button));
for (let p = bar.nextElementSibling; p && p.classList.contains('rulebook-try-panel'); p = p.nextElementSibling) {
  if (p.dataset.index === index) return p;
}
return null;"""


def _panel_for(browser, button):
    """The panel of a "Try it" button: opened by a click (which runs its command) unless it is open already."""
    panel = browser.execute_script(OPENED_PANEL, button)
    if panel is None:
        button.click()
        panel = browser.execute_script(OPENED_PANEL, button)
    return panel


def _native_tool(tool: str, tmp_path: Path) -> list[str]:
    """The arguments the CLI answers a tool's form with, as first shown (its example filled in)."""
    if tool == "elestrals-legal":  # the position box starts with this example position
        return ["elestrals", "legal", "examples/elestrals/main-phase.toml", "--cards", "examples/elestrals/cards.toml"]
    if tool == "elementals-hint":  # the moves box starts with the opening of seed 7
        log = tmp_path / "game.log"
        log.write_text("seed 7\nlayout 1\ndraw\n5D > QH\n6H > KD\n", encoding="utf-8")
        return ["elementals", "hint", "--log", str(log)]
    return []


def _page_tools(browser, tmp_path: Path) -> int:
    """Answer each tool of the page as first shown; each must print what the CLI prints. Returns how many."""
    tools = browser.find_elements("css selector", "div.rulebook-tool")
    for tool in tools:
        tool.find_element("css selector", ".rulebook-tool > .md-button").click()
        panel = tool.find_element("css selector", ".rulebook-try-panel")
        code, output = _run_panel(browser, panel)
        command = panel.find_element("css selector", "input").get_attribute("value")
        args = _native_tool(tool.get_attribute("data-tool"), tmp_path) or shell_words(command)[1:]
        native = run(args)
        assert (code, output) == (native.exit_code, native.output), command
        assert code == 0, output
    return len(tools)


def _same_as_shown(code: int, output: str, shown) -> None:
    """What a panel printed for a transcript's command: as the CLI prints it, and as the page shows it."""
    native = run(shell_words(shown.command)[1:])
    assert (code, output) == (native.exit_code, native.output), shown.command
    assert matches(shown.expected, output.splitlines()), (shown.command, output)
    assert (code != 0) == shown.expects_failure, (shown.command, code)


def test_try_it_reproduces_the_pages_transcripts_and_answers_edits(browser, server: Site, tmp_path: Path) -> None:
    ran = tools = 0
    for page in TRY_PAGES:
        _open(browser, server, page)
        for button, shown in _page_transcripts(browser, 3):
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            code, output = _run_panel(browser, _panel_for(browser, button))
            _same_as_shown(code, output, shown)
            ran += 1
        tools += _page_tools(browser, tmp_path)
    # Every tool of the game pages answered as the CLI does: Clash attack, Elestrals stats and position,
    # Elementals hint, Elephants order.
    assert tools == 5
    # Each page after the first found the engine started (one Python for the visit).
    assert browser.execute_script("return window.rulebookEngine.loaded.connections") >= len(TRY_PAGES)

    _open(browser, server, "games/clash/")  # the last page above: the browser is there already
    button = next(b for b, t in _page_transcripts(browser, 10) if t.command.startswith("rulebook clash attack "))
    panel = _panel_for(browser, button)
    _run_panel(browser, panel)
    assert ran >= 15
    for edit in ("rulebook clash attack fire+ water", "rulebook clash attack earth wind", "rulebook clash atack"):
        code, output = _run_panel(browser, panel, edit)
        native = run(shell_words(edit)[1:])
        assert (code, output) == (native.exit_code, native.output), edit
    # The bad edits got the CLI's one-line error and exit 2.
    assert code == 2
    assert len(output.strip().splitlines()) == 1
    assert output.startswith("error:")


def test_a_game_page_tool_answers_as_the_cli(browser, server: Site) -> None:
    from selenium.webdriver.support.ui import Select

    _open(browser, server, "games/clash/")
    tool = browser.find_element("css selector", "div.rulebook-tool[data-tool='clash-attack']")
    attacker, target = tool.find_elements("css selector", "select")
    Select(attacker).select_by_value("earth")
    Select(target).select_by_value("air")
    checkbox = tool.find_elements("css selector", "input[type=checkbox]")[1]  # the defender uses its ability
    if not checkbox.is_selected():
        checkbox.click()
    tool.find_element("css selector", ".rulebook-tool > .md-button").click()
    panel = tool.find_element("css selector", ".rulebook-try-panel")
    code, output = _run_panel(browser, panel)
    assert panel.find_element("css selector", "input").get_attribute("value") == "rulebook clash attack earth air+"
    native = run(["clash", "attack", "earth", "air+"])
    assert (code, output) == (native.exit_code, native.output)
    assert output.startswith("illegal:")


@contextlib.contextmanager
def _second_tab(browser) -> Iterator[None]:
    """Work in a new tab, then close it and come back: the first tab keeps its page and its started engine."""
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        yield
    finally:
        browser.close()
        browser.switch_to.window(first)


def test_the_answer_links_each_rule_id_to_its_entry(browser, server: Site) -> None:
    _open(browser, server, None)
    answer = _ask_in_page(browser, "does fortify save earth on a tie")
    assert answer["ruleId"] == "clash.interp.fortify-outcome"
    page, _, anchor = answer["link"].partition("#")
    assert page.startswith(server.url) and anchor == "clash.interp.fortify-outcome", answer["link"]
    # The linked page, fetched as the browser would load it (opening it would start a second engine while idle).
    heading = browser.execute_async_script(
        "const [url, anchor, done] = arguments; fetch(url).then(r => r.ok ? r.text() : '').then(html => "
        "done((new DOMParser().parseFromString(html, 'text/html').getElementById(anchor) || {}).tagName || null))",
        page,
        anchor,
    )
    assert heading and heading.startswith("H"), heading


def test_without_webassembly_the_page_says_why_in_one_line(browser, server: Site) -> None:
    with _second_tab(browser):  # the script below is this tab's only
        added = browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "delete globalThis.WebAssembly;"}
        )
        try:
            browser.get(server.url + "games/clash/")
            status = browser.execute_script("return document.getElementById('rulebook-ask-status').textContent")
            searchable = browser.execute_script("return !!document.querySelector('input.md-search__input')")
        finally:
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
    assert status == "The ask box is unavailable: this browser cannot run WebAssembly in a worker."
    assert searchable


def _end_shared_engines(browser) -> int:
    """Close the site's running shared engines, as closing every page of a visit does in time; how many."""
    targets = browser.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
    engines = [t for t in targets if t["type"] == "shared_worker" and t["url"].endswith("/rulebook-worker.js")]
    for target in engines:
        browser.execute_cdp_cmd("Target.closeTarget", {"targetId": target["targetId"]})
    return len(engines)


def test_after_a_visit_the_site_answers_without_the_server(browser, server: Site) -> None:
    # Visited, with the service worker in control, the page and the worker's files kept.
    _open(browser, server, None)
    page = browser.current_url.split("#")[0]
    _wait(browser, "return navigator.serviceWorker.controller !== null", 30, "the service worker to take control")
    _wait(
        browser,
        "return caches.open('rulebook-pages').then(c => c.match(location.href)).then(Boolean)",
        30,
        "the page to be kept",
    )
    # A later visit: no engine running (the visit's shared one has ended), and no network.
    assert _end_shared_engines(browser) == 1
    server.stop()
    try:
        browser.get(page)
        _ready(browser)
        # The shared engine started again, from the kept files alone.
        loaded = browser.execute_script("return window.rulebookEngine.loaded")
        answer = _ask_in_page(browser, "who attacks first in spellfire")
    finally:
        server.start_again()  # for the tests that run after this one
    assert (loaded["shared"], loaded["connections"]) == (True, 1), loaded
    assert (answer["ruleId"], answer["refused"]) == _cli_answer("who attacks first in spellfire")[:2]


#: How many files the site's caches hold, all caches together.
KEPT_FILES = """const done = arguments[0];
caches.keys().then(k => Promise.all(k.map(n => caches.open(n).then(c => c.keys()))))
  .then(all => done(all.reduce((n, keys) => n + keys.length, 0)))"""


def test_an_older_phone_with_full_storage_answers_from_a_worker_of_its_own(browser, server: Site) -> None:
    # An older Chrome for Android (no SharedWorker: the page starts a dedicated worker of its own) whose storage is
    # full (the origin's quota at one byte, the caches emptied): every page and every file of the engine comes from
    # the network, and the ask box answers as the CLI does. The last test of the file: it empties the caches.
    _open(browser, server, None)
    _wait(browser, "return navigator.serviceWorker.controller !== null", 30, "the service worker to take control")
    _end_shared_engines(browser)
    browser.execute_async_script(
        "const done = arguments[0]; caches.keys().then(k => Promise.all(k.map(n => caches.delete(n)))).then(done)"
    )
    origin = server.url.rstrip("/")
    browser.execute_cdp_cmd("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 1})
    try:
        with _second_tab(browser):
            added = browser.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": "delete globalThis.SharedWorker;"}
            )
            try:
                browser.get(server.url + "games/spellfire/")
                _ready(browser)
                kind = browser.execute_script(
                    "return [window.rulebookEngine.kind, window.rulebookEngine.loaded.shared]"
                )
                answer = _ask_in_page(browser, "who attacks first in spellfire")
                kept = browser.execute_async_script(KEPT_FILES)
            finally:
                browser.execute_cdp_cmd(
                    "Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]}
                )
    finally:
        browser.execute_cdp_cmd("Storage.overrideQuotaForOrigin", {"origin": origin})
    assert kind == ["dedicated", False]
    first, refused, text = _cli_answer("who attacks first in spellfire")
    assert (answer["ruleId"], answer["refused"], answer["text"]) == (first, refused, text)
    assert kept == 0
