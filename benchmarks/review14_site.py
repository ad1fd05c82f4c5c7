"""Review 14: the site's in-page tools, "Try it" boxes and ask box on a 412 px phone, each answer against the CLI's.

Build the site, then run this from the checkout (headless Chromium and chromedriver from Debian, selenium):

    NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict -d /tmp/review14b-site
    .venv/bin/python benchmarks/review14_site.py /tmp/review14b-site /tmp/review14b-site.json

Each query is run in the page with the same Python as the CLI (Pyodide); what the page prints and its exit code are
compared byte for byte with `rulebook` run in this process, and the page's widths are measured (the page must not
scroll sideways; the output box wraps or scrolls inside itself). The ask box names no game, so it is compared with
`rulebook ask QUESTION` without `--game`. One line per query is printed, and the whole record written as JSON.
It reuses the helpers of tests/test_site_ask.py.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

WIDTH = 412
#: The page's width, the viewport's, and the output box's (its content and its visible width), and how it wraps.
WIDTHS = """const p = arguments[0], pre = p.querySelector('pre.rulebook-output');
return {page: document.documentElement.scrollWidth, view: window.innerWidth,
        pre: pre ? pre.scrollWidth : null, preView: pre ? pre.clientWidth : null,
        wrap: pre ? getComputedStyle(pre).whiteSpace : null}"""
#: (page, label, what, payload): "tool" forms (payload: the clash attack's choices, or None to run the form as
#: it opens), "try" boxes (payload: the command typed in), "ask" (payload: the question).
QUERIES: list[tuple[str, str, str, Any]] = [
    ("games/clash/", "clash-W1", "tool", ("fire", True, "water", True)),
    ("games/clash/", "clash-W2", "tool", ("earth", False, "air", True)),
    ("games/clash/", "clash-W3", "try", 'rulebook clash position --at "P1: ether* / P2: earth"'),
    ("games/clash/", "clash-W4", "try", "rulebook clash attack fier water"),
    ("games/clash/", "clash-W6", "try", "rulebook clash replay examples/review14/clash-draw.log"),
    ("games/clash/", "clash-W5", "ask", "Can I pass instead of attacking?"),
    (
        "games/spellfire/",
        "spellfire-W1",
        "try",
        'rulebook spellfire attack E --razed A --realm "C: no-swimmer" --realm "E: coast" --champion "monster swimmer"',
    ),
    ("games/spellfire/", "spellfire-W2", "try", 'rulebook spellfire counter "P1 Cataclysm!" "P2 Calm" "P2 Calm"'),
    ("games/spellfire/", "spellfire-W3", "try", "rulebook spellfire once 2:3 1:3"),
    (
        "games/spellfire/",
        "spellfire-W4",
        "try",
        'rulebook spellfire attack E --formation examples/review14/spellfire-kingdom.txt --champion "monster swimmer"',
    ),
    ("games/spellfire/", "spellfire-W6", "try", "rulebook spellfire borrow --kept --discarded"),
    ("games/spellfire/", "spellfire-W5", "ask", "Are cards in the Abyss shuffled back into the draw pile?"),
    ("games/elephants/", "elephants-W1", "tool", None),
    ("games/elephants/", "elephants-W2", "try", "rulebook elephants order P1:repeater P2:slumber --clash 3"),
    (
        "games/elephants/",
        "elephants-W3",
        "try",
        "rulebook elephants order P1:clap P2:break/taken P3:stupefy --players 3",
    ),
    (
        "games/elephants/",
        "elephants-W4",
        "try",
        "rulebook elephants resolve P1:offering P2:slumber --health P1=1 --health P2=3",
    ),
    ("games/elephants/", "elephants-W5", "ask", "Who is the first Ringleader?"),
    ("games/elementals/", "elementals-W1", "try", "rulebook elementals card KH"),
    ("games/elementals/", "elementals-W2", "try", "rulebook elementals layout tower"),
    ("games/elementals/", "elementals-W3", "try", 'rulebook elementals check "QH > KS" --hand QH --targets KS'),
    (
        "games/elementals/",
        "elementals-W4",
        "try",
        'rulebook elementals check "discard 3S" --log examples/elementals/opening.log',
    ),
    ("games/elementals/", "elementals-W5", "ask", "Which cards make up the titan deck?"),
]


def _tool(browser: Any, t: Any, page: str, payload: Any) -> Any:
    """Run the page's form (the clash attack set to ``payload``, or any other form as it opens); its panel."""
    from selenium.webdriver.support.ui import Select

    tool = browser.find_element("css selector", "div.rulebook-tool")
    if payload is not None:
        attacker, attacker_plus, target, target_plus = payload
        first, second = tool.find_elements("css selector", "select")
        Select(first).select_by_value(attacker)
        Select(second).select_by_value(target)
        boxes = tool.find_elements("css selector", "input[type=checkbox]")
        for box, want in zip(boxes, (attacker_plus, target_plus), strict=False):
            if box.is_selected() != want:
                box.click()
    tool.find_element("css selector", ".rulebook-tool > .md-button").click()
    return tool.find_element("css selector", ".rulebook-try-panel")


def main(site_dir: str, out: str) -> int:
    """Run every query in the built site at ``site_dir``; write the record to ``out``; 0 when all agree."""
    import test_site_ask as t
    from chromium import Site, chrome

    from cli.testing import run, shell_words

    site = Site(Path(site_dir))
    browser = chrome(1280, 900, flags=("--hide-scrollbars",))
    metrics = {"width": WIDTH, "height": 915, "deviceScaleFactor": 1.0, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    results: list[dict[str, Any]] = []
    start = time.process_time()
    try:
        for page, label, what, payload in QUERIES:
            t._open(browser, site, page)
            if what == "ask":
                found = t._ask_in_page(browser, payload)
                native = run(["ask", payload])
                same = found["text"].strip() == native.output.strip()
                results.append({"label": label, "question": payload, "rule": found["ruleId"], "same_as_cli": same})
                print(label, found["ruleId"], "same" if same else "DIFFERENT", flush=True)
                continue
            if what == "tool":
                panel = _tool(browser, t, page, payload)
                code, output = t._run_panel(browser, panel)
                command = panel.find_element("css selector", "input").get_attribute("value")
            else:
                panel = t._panel_for(browser, browser.find_elements("css selector", "button.rulebook-try")[0])
                t._run_panel(browser, panel)
                command = payload
                code, output = t._run_panel(browser, panel, command)
            native = run(shell_words(command)[1:])
            same = (code, output) == (native.exit_code, native.output)
            widths = browser.execute_script(WIDTHS, panel)
            record = {"label": label, "command": command, "code": code, "same_as_cli": same, "widths": widths}
            results.append({**record, "output": output})
            browser.save_screenshot(str(Path(out).with_name(f"{label}.png")))
            print(label, "same" if same else "DIFFERENT", code, widths, flush=True)
    finally:
        browser.quit()
        site.stop()
    Path(out).write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{sum(r['same_as_cli'] for r in results)} of {len(results)} as the CLI answers")
    print("CPU seconds of this process:", round(time.process_time() - start, 1))
    return 0 if all(r["same_as_cli"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))
