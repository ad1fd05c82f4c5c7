"""Review 14 (Elestrals): the overview page's tools and the ask box at 412 px, against the CLI.

Run from the repository's root after `mkdocs build --strict -d SITE`:
`python examples/review14/elestrals-s-site.py SITE`.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, "tests")
import test_site_ask as T
from chromium import Site, chrome

from cli.testing import run, shell_words

R = Path("examples/review14")
site = Site(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/review14a-site"))
b = chrome(412, 900)
b.execute_cdp_cmd(
    "Emulation.setDeviceMetricsOverride", {"width": 412, "height": 915, "deviceScaleFactor": 1.0, "mobile": True}
)
out = []


def note(**kw):
    out.append(kw)
    print(json.dumps(kw)[:3000], flush=True)


try:
    b.get(site.url + "games/elestrals/")
    T._ready(b)

    def tool(name):
        return b.find_element("css selector", f"div.rulebook-tool[data-tool='{name}']")

    def go(name, fill):
        t = tool(name)
        fill(t)
        b.execute_script("arguments[0].scrollIntoView()", t)
        t.find_element("css selector", ".rulebook-tool > .md-button").click()
        panel = t.find_element("css selector", ".rulebook-try-panel")
        code, output = T._run_panel(b, panel)
        cmd = panel.find_element("css selector", "input").get_attribute("value")
        pre = panel.find_element("css selector", "pre.rulebook-output")
        widths = b.execute_script(
            "const p = arguments[0], d = document.documentElement;"
            " return [p.scrollWidth, p.clientWidth, d.scrollWidth, d.clientWidth]",
            pre,
        )
        return cmd, code, output, widths

    def stats(a, d, effects):
        def fill(t):
            ins = t.find_elements("css selector", "input")
            for el, v in zip(ins[:3], [a, d, effects], strict=False):
                b.execute_script(
                    "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", el, v
                )

        return fill

    def position(text):
        def fill(t):
            ta = t.find_element("css selector", "textarea")
            b.execute_script(
                "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", ta, text
            )

        return fill

    cases = [
        ("S01", "elestrals-stats", stats("1", "3", "attack -2; swap"), None),
        ("S02", "elestrals-stats", stats("3", "2", "double attack"), None),
        ("S03", "elestrals-stats", stats("2", "2", "set attack 5; set attack 1"), None),
        ("S04", "elestrals-legal", position(Path("examples/elestrals/main-phase.toml").read_text()), None),
        (
            "S05",
            "elestrals-legal",
            position((R / "elestrals-i01-set-then-turn.toml").read_text()),
            R / "elestrals-i01-set-then-turn.toml",
        ),
        (
            "S06",
            "elestrals-legal",
            position(
                (R / "elestrals-i01-set-then-turn.toml")
                .read_text()
                .replace('card = "Cinder Cub"', 'card = "Cinder Cbu"')
            ),
            "typo",
        ),
        ("S07", "elestrals-legal", position('turn = \nplayer = "P1"\n'), "broken"),
        (
            "S08",
            "elestrals-legal",
            position(
                (R / "elestrals-g01-passes.toml").read_text()
                + '\n[cards."Deny Ward"]\ncard_type = "rune"\ncost = ["any"]\nsubclasses = ["counter"]\n'
                + 'effects = ["on resolve | do negate"]\n'
            ),
            "g01",
        ),
        (  # after the fixes: the Divine Rune's Enchant, computed in the page
            "S10",
            "elestrals-legal",
            position(
                (R / "elestrals-d01-divine.toml").read_text()
                + '\n[cards."Altar of Embers"]\ncard_type = "rune"\ncost = ["fire", "any"]\nsubclasses = ["divine"]\n'
                + 'effects = ["on activate | cost disenchant 1 | target 1 any elestral | '
                + 'do stat set attack 0 until end"]\n'
            ),
            "d01",
        ),
    ]
    for name, kind, fill, _src in cases:
        cmd, code, output, widths = go(kind, fill)
        # the same command on the CLI, with the same text in a file at the same relative place
        words = shell_words(cmd)[1:]
        if kind == "elestrals-legal":
            text = b.execute_script("return arguments[0].querySelector('textarea').value", tool(kind))
            Path("position.toml").write_text(text)
        native = run(words)
        note(
            q=name,
            cmd=cmd,
            page_code=code,
            cli_code=native.exit_code,
            same=(code, output) == (native.exit_code, native.output),
            widths=widths,
            page=output[:1500],
            cli=native.output[:300] if (code, output) != (native.exit_code, native.output) else "",
        )
    for name, q in [
        ("S09a", "My effect was Negated. Can I activate it again this turn?"),
        ("S09b", "Both Elestrals left the field during the battle. Does anyone Expend Spirits?"),
        ("S09c", "Can I put extra Spirits on a Divine Rune?"),
    ]:
        ans = T._ask_in_page(b, q)
        first, refused, text = T._cli_answer(q)
        widths = b.execute_script(
            "const a = document.getElementById('rulebook-answer').querySelector('pre'), d = document.documentElement;"
            " return [a.scrollWidth, a.clientWidth, d.scrollWidth, d.clientWidth]"
        )
        note(q=name, question=q, page_first=ans["ruleId"], cli_first=first, widths=widths, page=ans["text"][:600])
    b.save_screenshot("/tmp/r14a/site-412.png")
finally:
    Path("position.toml").unlink(missing_ok=True)
    b.quit()
    site.stop()
