"""MkDocs hook: the site's pictures, drawn at build time from the data the engines read.

Each figure is an SVG file generated when the site is built (nothing is committed), from the same data
and engines that answer rulings, so a picture cannot disagree with the rules:

- `figures/spellfire-formation.svg` and `figures/spellfire-formation-razed.svg`: the six realms and
  which protects which (`rulebook.spellfire.POSITIONS`, `PROTECTS`, and `exposure` for A and B razed);
- `figures/elementals-layouts.svg`: the three layouts as overlapping cards (`rulebook.elementals.LAYOUTS`);
- `figures/elestrals-field.svg`: one player's zones, with the slot counts of the `[field]` data;
- `figures/clash-elements.svg`: the five elements' strengths and abilities (`rulebook.clash.STRENGTH`,
  `ABILITY`, `ABILITIES` and the abilities' records);
- `figures/clash-example-game.svg`: the document's example game, turn by turn, beside the corrected
  one (both replayed by `rulebook.clash.replay` from `examples/clash/`).

Each game's registry entry names its figures (``figures``: file name and drawing); a drawing is a function
here or, for a game added from outside, ``"module:function"`` in its own package.

A page shows one with an image line and a caption, e.g.
`![The formation](../figures/spellfire-formation.svg)`.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONT = "font-family='system-ui, -apple-system, Segoe UI, Roboto, sans-serif'"
INK, MUTED, PAPER, LINE = "#1f2430", "#5b6170", "#ffffff", "#8a93a6"
ELEMENT_COLOURS = {
    "fire": "#e4572e",
    "water": "#2e86de",
    "earth": "#8d6e3f",
    "air": "#7fb7be",
    "ether": "#8e6fd8",
}


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return "\n".join(
        [
            f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' width='{width}' "
            f"height='{height}' role='img' {FONT}>",
            f"<title>{escape(title)}</title>",
            f"<rect width='{width}' height='{height}' rx='8' fill='{PAPER}'/>",
            *body,
            "</svg>",
            "",
        ]
    )


def _text(x: float, y: float, text: str, size: int = 14, anchor: str = "middle", **attrs: str) -> str:
    extra = " ".join(f"{k.replace('_', '-')}='{v}'" for k, v in attrs.items())
    fill = "" if "fill" in attrs else f" fill='{INK}'"
    return f"<text x='{x:g}' y='{y:g}' font-size='{size}' text-anchor='{anchor}'{fill} {extra}>{escape(text)}</text>"


def _arrow_marker(name: str, colour: str) -> str:
    return (
        f"<defs><marker id='{name}' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' markerHeight='7' "
        f"orient='auto-start-reverse'><path d='M0,0 L10,5 L0,10 z' fill='{colour}'/></marker></defs>"
    )


# ---------------------------------------------------------------- Spellfire


def spellfire_formation(razed: str = "") -> str:
    """The six realms in their pyramid, an arrow from each realm to each realm it protects.

    With ``razed`` positions, those realms are shown face down, their arrows gone, and every realm is
    marked exposed or protected as the engine's `exposure` answers.
    """
    from rulebook import spellfire

    answer = spellfire.exposure(spellfire.formation(razed=razed)).value
    exposed, down = set(answer["exposed"]), set(answer["razed"])
    rows = [["A"], ["B", "C"], ["D", "E", "F"]]
    assert [p for row in rows for p in row] == list(spellfire.POSITIONS)
    card_w, card_h, gap_x, gap_y = 100, 84, 22, 46
    width = 3 * card_w + 2 * gap_x + 40
    height = 3 * card_h + 2 * gap_y + 90
    centre: dict[str, tuple[float, float]] = {}
    body = [_arrow_marker("protects", INK)]
    for r, row in enumerate(rows):
        row_w = len(row) * card_w + (len(row) - 1) * gap_x
        x0 = (width - row_w) / 2
        for i, pos in enumerate(row):
            x, y = x0 + i * (card_w + gap_x), 40 + r * (card_h + gap_y)
            centre[pos] = (x + card_w / 2, y + card_h / 2)
    for pos, behind in spellfire.PROTECTS.items():
        for target in behind:
            (x1, y1), (x2, y2) = centre[pos], centre[target]
            if pos in down:
                continue
            body.append(
                f"<line x1='{x1:g}' y1='{y1 + card_h / 2:g}' x2='{x2 + (x1 - x2) * 0.15:g}' "
                f"y2='{y2 - card_h / 2 - 4:g}' stroke='{INK}' stroke-width='2' marker-end='url(#protects)'/>"
            )
    for pos, (cx, cy) in centre.items():
        x, y = cx - card_w / 2, cy - card_h / 2
        if pos in down:
            fill, stroke, label, note = "#d9dce3", LINE, pos, "razed"
        elif pos in exposed:
            fill, stroke, label, note = "#fff4d6", "#c98a00", pos, "exposed"
        else:
            by = " and ".join(answer["protected"].get(pos, []))
            fill, stroke, label, note = "#e8f1ff", "#2e5fa8", pos, f"protected by\n{by}"
        dash = " stroke-dasharray='6 4'" if pos in down else ""
        body.append(
            f"<rect x='{x:g}' y='{y:g}' width='{card_w}' height='{card_h}' rx='8' fill='{fill}' "
            f"stroke='{stroke}' stroke-width='2'{dash}/>"
        )
        body.append(_text(cx, cy - 6, label, 26, font_weight="bold"))
        for k, line in enumerate(note.split("\n")):
            body.append(_text(cx, cy + 16 + 15 * k, line, 13, fill=MUTED))
    caption = "front" if not razed else f"razed: {', '.join(sorted(down))}"
    body.append(_text(width / 2, 24, f"Spellfire formation ({caption})", 15, fill=MUTED))
    legend = "an arrow: a realm protects the one behind it"
    body.append(_text(width / 2, height - 14, legend, 13, fill=MUTED))
    title = "The Spellfire formation" + (f" with {', '.join(sorted(down))} razed" if razed else "")
    return _svg(width, height, body, title)


# ---------------------------------------------------------------- Elementals


def elementals_layouts() -> str:
    """The three layouts side by side, each card drawn where the layout puts it, later rows on top."""
    from rulebook import elementals

    card_w, card_h, step_y = 40, 56, 30  # a row overlaps the row above it by about half a card
    half = card_w / 2 + 2
    panels = []
    x_off = 20
    for number, lay in sorted(elementals.LAYOUTS.items()):
        cols = max(c for _, c in lay.slots) + 2
        rows = max(r for r, _ in lay.slots) + 1
        panel_w = cols * half + 10
        body = [_text(x_off + panel_w / 2, 26, f"{number}. the {lay.name}", 14, font_weight="bold")]
        for i, (r, c) in enumerate(lay.slots):  # slots are in reading order, so later rows are drawn on top
            x, y = x_off + c * half, 44 + r * step_y
            bottom = not lay.covered_by[i]
            fill = "#fff4d6" if bottom else "#e8f1ff"
            body.append(
                f"<rect x='{x:g}' y='{y:g}' width='{card_w}' height='{card_h}' rx='5' fill='{fill}' "
                f"stroke='{INK}' stroke-width='1.5'/>"
            )
            body.append(_text(x + card_w / 2, y + 18, str(i), 13))
        panels.append((panel_w, rows, body))
        x_off += panel_w + 40
    height = 44 + max(rows for _, rows, _ in panels) * step_y + card_h + 44
    body = [line for _, _, lines in panels for line in lines]
    for k, line in enumerate(
        (
            "numbers: the slots in reading order, as `rulebook elementals layout` numbers them",
            "a card is covered by the cards overlapping it from the row below",
        )
    ):
        body.append(_text(x_off / 2, height - 30 + 18 * k, line, 12, fill=MUTED))
    return _svg(int(x_off), int(height), body, "The three Elementals layouts")


# ---------------------------------------------------------------- Elestrals


def elestrals_field() -> str:
    """One player's space: Stadium, Elestral Row, Underworld above; Spirit Deck, Rune Row, Main Deck below."""
    from rulebook.records import read_data

    field = read_data(ROOT / "rulebook" / "data" / "elestrals.toml")["field"]
    slots = max(field["elestral_slots"], field["rune_slots"])
    card_w, card_h, gap = 70, 96, 14
    width = (slots + 2) * (card_w + gap) + 3 * gap + 40
    height = 2 * card_h + 3 * gap + 120
    body = [_text(width / 2, 28, "One player's zones (the field is everything between the decks)", 14, fill=MUTED)]

    def card(x: float, y: float, label: str, fill: str, dashed: bool = False) -> None:
        dash = " stroke-dasharray='5 4'" if dashed else ""
        body.append(
            f"<rect x='{x:g}' y='{y:g}' width='{card_w}' height='{card_h}' rx='6' fill='{fill}' "
            f"stroke='{INK}' stroke-width='1.5'{dash}/>"
        )
        for n, word in enumerate(label.split("\n")):
            body.append(_text(x + card_w / 2, y + card_h / 2 + n * 15 - 4, word, 12))

    left = 20 + gap
    top, bottom = 50, 50 + card_h + gap
    field_x = left + card_w + gap
    field_w = slots * (card_w + gap) - gap
    body.append(
        f"<rect x='{field_x - 8:g}' y='{top - 8:g}' width='{field_w + 16:g}' height='{2 * card_h + gap + 16:g}' "
        f"rx='10' fill='#f3f6fb' stroke='{LINE}' stroke-width='1'/>"
    )
    card(left, top, "Stadium\n(1 slot)", "#fbe9f2")
    for i in range(field["elestral_slots"]):
        card(field_x + i * (card_w + gap), top, f"Elestral\n{i + 1}", "#e8f1ff")
    card(field_x + field_w + gap, top, "Under-\nworld", "#eeeeee")
    card(left, bottom, "Spirit\nDeck", "#fff4d6")
    for i in range(field["rune_slots"]):
        card(field_x + i * (card_w + gap), bottom, f"Rune\n{i + 1}", "#eaf7ea")
    card(field_x + field_w + gap, bottom, "Main\nDeck", "#fff4d6")
    body.append(
        _text(
            field_x + field_w / 2,
            bottom + card_h + 34,
            f"Elestral Row: {field['elestral_slots']} slots; Rune Row: {field['rune_slots']} slots; "
            f"{field['stadium_slots']} Stadium slot",
            13,
        )
    )
    body.append(_text(width / 2, height - 14, "the hand has no place: you hold it", 12, fill=MUTED))
    return _svg(int(width), int(height), body, "The Elestrals field and its zones")


# ---------------------------------------------------------------- Elemental Clash


TIMING_WORDS = {"attack": "when attacking", "defend": "when defending", "turn": "instead of attacking"}


def clash_elements() -> str:
    """A table: each element, its strength (as a bar), its ability, when it is used, and what it does."""
    import rulebook
    from rulebook import clash

    row_h, width = 46, 760
    height = 60 + row_h * len(clash.ELEMENTS) + 30
    body = [
        _text(24, 34, "element", 13, "start", fill=MUTED),
        _text(150, 34, "strength", 13, "start", fill=MUTED),
        _text(300, 34, "ability (once per game)", 13, "start", fill=MUTED),
    ]
    top = max(clash.STRENGTH.values())
    for n, element in enumerate(clash.ELEMENTS):
        y = 50 + n * row_h
        ability = clash.ABILITY[element]
        info = clash.ABILITIES[ability]
        does = rulebook.rule(info["rule"]).title.split(": ", 1)[-1]
        colour = ELEMENT_COLOURS.get(element, LINE)
        if n % 2 == 0:
            body.append(f"<rect x='12' y='{y:g}' width='{width - 24}' height='{row_h}' fill='#f5f7fa'/>")
        body.append(f"<circle cx='32' cy='{y + row_h / 2:g}' r='9' fill='{colour}'/>")
        body.append(_text(50, y + row_h / 2 + 5, element.capitalize(), 16, "start", font_weight="bold"))
        bar = 110 * clash.STRENGTH[element] / top
        body.append(f"<rect x='150' y='{y + 14:g}' width='{bar:g}' height='{row_h - 28}' rx='3' fill='{colour}'/>")
        body.append(_text(150 + bar + 8, y + row_h / 2 + 5, str(clash.STRENGTH[element]), 15, "start"))
        body.append(
            _text(300, y + row_h / 2 - 3, f"{ability.capitalize()}, {TIMING_WORDS[info['timing']]}", 14, "start")
        )
        body.append(_text(300, y + row_h / 2 + 14, does, 12, "start", fill=MUTED))
    body.append(_text(width / 2, height - 10, "from rulebook/data/clash.toml, as the engine reads it", 11, fill=MUTED))
    return _svg(width, int(height), body, "Elemental Clash: strengths and abilities")


def clash_example_game() -> str:
    """The document's example game turn by turn (under its own reading), beside the corrected game."""
    from rulebook import clash

    examples = ROOT / "examples" / "clash"
    printed_log = (examples / "example-game.log").read_text(encoding="utf-8")
    corrected_log = (examples / "corrected-game.log").read_text(encoding="utf-8")
    strict = clash.replay(printed_log)
    printed = clash.replay(printed_log, {"gale-defends": "yes"})
    corrected = clash.replay(corrected_log)
    bad_turn = strict.value.get("illegal_turn")
    turns = max(len(printed.value["turns"]), len(corrected.value["turns"]))
    row_h, col_w = 50, 360
    width = 60 + 2 * col_w + 20
    height = 92 + row_h * turns + 100
    body = [
        _text(60 + col_w / 2, 26, "As printed", 15, font_weight="bold"),
        _text(60 + col_w / 2, 44, "legal only if a defending Air may Gale", 12, fill=MUTED),
        _text(60 + col_w + 10 + col_w / 2, 26, "Corrected", 15, font_weight="bold"),
        _text(60 + col_w + 10 + col_w / 2, 44, "played by the rules", 12, fill=MUTED),
    ]
    for n in range(turns):
        y = 58 + n * row_h
        body.append(_text(34, y + row_h / 2 + 5, str(n + 1), 15, fill=MUTED))
        for column, game in ((0, printed), (1, corrected)):
            played = game.value["turns"]
            if n >= len(played):
                continue
            turn = played[n]
            x = 60 + column * (col_w + 10)
            broken = column == 0 and bad_turn == turn["turn"]
            fixed = column == 1 and bad_turn == turn["turn"]
            fill = "#fde8e4" if broken else "#e6f4ea" if fixed else ("#f5f7fa" if n % 2 == 0 else PAPER)
            edge = "#c0392b" if broken else "#2e7d32" if fixed else ""
            stroke = f" stroke='{edge}' stroke-width='2'" if edge else ""
            body.append(f"<rect x='{x}' y='{y:g}' width='{col_w}' height='{row_h - 4}' rx='6' fill='{fill}'{stroke}/>")
            body.append(_text(x + 12, y + 19, f"{turn['player']}: {turn['move']}", 14, "start", font_weight="bold"))
            colour = "#a5281b" if broken else "#1e6b2a" if fixed else MUTED
            remark = "breaks the rules" if broken else "as the rules allow" if fixed else ""
            if remark:  # on the move's line, at the right: the outcome below keeps the box's whole width
                body.append(_text(x + col_w - 12, y + 19, remark, 12, "end", fill=colour, font_weight="bold"))
            body.append(_text(x + 12, y + 37, turn["outcome"], 12, "start", fill=colour))
    y = 58 + turns * row_h + 24
    for column, game in ((0, printed), (1, corrected)):
        x = 60 + column * (col_w + 10)
        position = game.value["position"]
        for k, player in enumerate(clash.PLAYERS):
            left = ", ".join(e.capitalize() for e in position[player]["in_play"]) or "nothing"
            body.append(_text(x + 12, y + k * 20, f"{player} keeps {left}", 13, "start"))
        verdict = game.verdict.removeprefix("legal: ")
        body.append(_text(x + 12, y + 44, verdict, 12, "start", fill=MUTED))
    return _svg(int(width), int(height), body, "The example game as printed, beside the corrected game")


def spellfire_formation_razed() -> str:
    return spellfire_formation("A,B")


def figures() -> dict[str, object]:
    """Every registered game's figures, as its registry entry names them: each file name under figures/ and
    the function that draws it (``"module:function"``, or the name of a drawing in this hook)."""
    import rulebook

    found = {}
    for entry in rulebook.games():
        for name, drawing in entry.figures:
            found[name] = rulebook.named(drawing) if ":" in drawing else globals()[drawing]
    return found


def on_files(files, config):
    from mkdocs.structure.files import File

    for name, draw in figures().items():
        files.append(File.generated(config, f"figures/{name}", content=draw()))
    return files
