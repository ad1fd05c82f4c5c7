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


def elementals_layouts(narrow: bool = False) -> str:
    """The three layouts side by side, each card drawn where the layout puts it, later rows on top.

    ``narrow``: the phone's layout, the three one above the other, the notes on more lines.
    """
    from rulebook import elementals

    card_w, card_h, step_y = 40, 56, 30  # a row overlaps the row above it by about half a card
    half = card_w / 2 + 2
    panels = []
    x_off, y_off = 20, 0
    for number, lay in sorted(elementals.LAYOUTS.items()):
        cols = max(c for _, c in lay.slots) + 2
        rows = max(r for r, _ in lay.slots) + 1
        panel_w = cols * half + 10
        body = [_text(x_off + panel_w / 2, y_off + 26, f"{number}. the {lay.name}", 14, font_weight="bold")]
        for i, (r, c) in enumerate(lay.slots):  # slots are in reading order, so later rows are drawn on top
            x, y = x_off + c * half, y_off + 44 + r * step_y
            bottom = not lay.covered_by[i]
            fill = "#fff4d6" if bottom else "#e8f1ff"
            body.append(
                f"<rect x='{x:g}' y='{y:g}' width='{card_w}' height='{card_h}' rx='5' fill='{fill}' "
                f"stroke='{INK}' stroke-width='1.5'/>"
            )
            body.append(_text(x + card_w / 2, y + 18, str(i), 13))
        panels.append((panel_w, rows, body))
        if narrow:
            y_off += 44 + (rows - 1) * step_y + card_h + 16
        else:
            x_off += panel_w + 40
    notes = [
        "numbers: the slots in reading order, as `rulebook elementals layout` numbers them",
        "a card is covered by the cards overlapping it from the row below",
    ]
    if narrow:
        notes = [
            "numbers: the slots in reading order,",
            "as `rulebook elementals layout` numbers them;",
            "a card is covered by the cards",
            "overlapping it from the row below",
        ]
        width = max(300, max(w for w, _, _ in panels) + 40)  # the notes need 300
        height = y_off + 18 * len(notes) + 16
    else:
        width = x_off
        height = 44 + max(rows for _, rows, _ in panels) * step_y + card_h + 44
    body = [line for _, _, lines in panels for line in lines]
    if narrow:  # each panel centred
        body = []
        for panel_w, _, lines in panels:
            shift = (width - panel_w) / 2 - 20
            body.append(f"<g transform='translate({shift:g} 0)'>")
            body += lines
            body.append("</g>")
    top = height - 18 * len(notes) - 12 + 18
    for k, line in enumerate(notes):
        body.append(_text(width / 2, top + 18 * k, line, 12, fill=MUTED))
    return _svg(int(width), int(height), body, "The three Elementals layouts")


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


def clash_elements(narrow: bool = False) -> str:
    """A table: each element, its strength (as a bar), its ability, when it is used, and what it does.

    ``narrow``: the phone's layout, 360 wide, each element on three lines (name and strength; ability; what it does).
    """
    import rulebook
    from rulebook import clash

    row_h, width = (76, 360) if narrow else (46, 760)
    height = 60 + row_h * len(clash.ELEMENTS) + 30
    ability_x = 24 if narrow else 300
    body = [
        _text(24, 34, "element", 13, "start", fill=MUTED),
        _text(150, 34, "strength", 13, "start", fill=MUTED),
    ]
    if not narrow:
        body.append(_text(300, 34, "ability (once per game)", 13, "start", fill=MUTED))
    top = max(clash.STRENGTH.values())
    for n, element in enumerate(clash.ELEMENTS):
        y = 50 + n * row_h
        ability = clash.ABILITY[element]
        info = clash.ABILITIES[ability]
        does = rulebook.rule(info["rule"]).title.split(": ", 1)[-1]
        colour = ELEMENT_COLOURS.get(element, LINE)
        if n % 2 == 0:
            body.append(f"<rect x='12' y='{y:g}' width='{width - 24}' height='{row_h}' fill='#f5f7fa'/>")
        first = y + 23 if narrow else y + row_h / 2
        body.append(f"<circle cx='32' cy='{first:g}' r='9' fill='{colour}'/>")
        body.append(_text(50, first + 5, element.capitalize(), 16, "start", font_weight="bold"))
        bar = 110 * clash.STRENGTH[element] / top
        body.append(f"<rect x='150' y='{first - 9:g}' width='{bar:g}' height='18' rx='3' fill='{colour}'/>")
        body.append(_text(150 + bar + 8, first + 5, str(clash.STRENGTH[element]), 15, "start"))
        said = f"{ability.capitalize()}, {TIMING_WORDS[info['timing']]}"
        if narrow:
            body.append(_text(ability_x, y + 46, said + " (once per game)", 13, "start"))
            body.append(_text(ability_x, y + 64, does, 12, "start", fill=MUTED))
        else:
            body.append(_text(300, y + row_h / 2 - 3, said, 14, "start"))
            body.append(_text(300, y + row_h / 2 + 14, does, 12, "start", fill=MUTED))
    note = "from rulebook/data/clash.toml, as the engine reads it"
    body.append(_text(width / 2, height - 10, note, 12 if narrow else 11, fill=MUTED))
    return _svg(width, int(height), body, "Elemental Clash: strengths and abilities")


def clash_example_game(narrow: bool = False) -> str:
    """The document's example game turn by turn (under its own reading), beside the corrected game.

    ``narrow``: the phone's layout, the printed game above the corrected one instead of beside it.
    """
    from rulebook import clash

    examples = ROOT / "examples" / "clash"
    printed_log = (examples / "example-game.log").read_text(encoding="utf-8")
    corrected_log = (examples / "corrected-game.log").read_text(encoding="utf-8")
    strict = clash.replay(printed_log)
    printed = clash.replay(printed_log, {"gale-defends": "yes"})
    corrected = clash.replay(corrected_log)
    bad_turn = strict.value.get("illegal_turn")
    turns = max(len(printed.value["turns"]), len(corrected.value["turns"]))
    row_h, col_w = 50, (350 if narrow else 360)
    block_h = 58 + row_h * turns + 76  # a game's heading, its turns, and the position it ends in
    width = 24 + col_w + 6 if narrow else 60 + 2 * col_w + 20
    height = 2 * block_h + 10 if narrow else block_h + 24
    games = [
        (printed, "As printed", "legal only if a defending Air may Gale", 0),
        (corrected, "Corrected", "played by the rules", 1),
    ]
    body = []
    for game, title, subtitle, column in games:
        left = 24 if narrow else 60 + column * (col_w + 10)
        top = column * block_h if narrow else 0
        body.append(_text(left + col_w / 2, top + 26, title, 15, font_weight="bold"))
        body.append(_text(left + col_w / 2, top + 44, subtitle, 12, fill=MUTED))
        played = game.value["turns"]
        for n, turn in enumerate(played):
            y = top + 58 + n * row_h
            if narrow or column == 0:
                body.append(_text(left - (12 if narrow else 26), y + row_h / 2 + 5, str(n + 1), 15, fill=MUTED))
            broken = column == 0 and bad_turn == turn["turn"]
            fixed = column == 1 and bad_turn == turn["turn"]
            fill = "#fde8e4" if broken else "#e6f4ea" if fixed else ("#f5f7fa" if n % 2 == 0 else PAPER)
            edge = "#c0392b" if broken else "#2e7d32" if fixed else ""
            stroke = f" stroke='{edge}' stroke-width='2'" if edge else ""
            body.append(
                f"<rect x='{left}' y='{y:g}' width='{col_w}' height='{row_h - 4}' rx='6' fill='{fill}'{stroke}/>"
            )
            body.append(_text(left + 12, y + 19, f"{turn['player']}: {turn['move']}", 14, "start", font_weight="bold"))
            colour = "#a5281b" if broken else "#1e6b2a" if fixed else MUTED
            remark = "breaks the rules" if broken else "as the rules allow" if fixed else ""
            if remark:  # on the move's line, at the right: the outcome below keeps the box's whole width
                body.append(_text(left + col_w - 12, y + 19, remark, 12, "end", fill=colour, font_weight="bold"))
            body.append(_text(left + 12, y + 37, turn["outcome"], 12, "start", fill=colour))
        y = top + 58 + turns * row_h + 24
        position = game.value["position"]
        for k, player in enumerate(clash.PLAYERS):
            kept = ", ".join(e.capitalize() for e in position[player]["in_play"]) or "nothing"
            body.append(_text(left + 12, y + k * 20, f"{player} keeps {kept}", 13, "start"))
        verdict = game.verdict.removeprefix("legal: ")
        body.append(_text(left + 12, y + 44, verdict, 12, "start", fill=MUTED))
    return _svg(int(width), int(height), body, "The example game as printed, beside the corrected game")


# ---------------------------------------------------------------- Elemental Elephants


#: A colour for each spell set (the elephant's element); a set not named here is drawn grey.
SET_COLOURS = {
    "Fire": "#e4572e", "Water": "#2e86de", "Wind": "#7fb7be", "Earth": "#8d6e3f", "Wood": "#4f9d4a",
    "Metal": "#7d8597", "Time": "#c9a227", "Space": "#3d3b8e", "Sunbeam": "#f2b705", "Moonshine": "#6c7bbd",
    "Shadow": "#4a4453", "Aster": "#b07cc6", "Blood": "#a4161a", "Ichor": "#d4a373", "Venom": "#6a994e",
    "Nectar": "#e29578", "Lightning": "#ffb703", "Thunder": "#5e60ce", "Twilight": "#9d4edd",
}
ADVANCE_WORDS = {
    "": "no advance icon",
    "self": "advances itself",
    "self-once": "advances itself once a round",
    "self-if-hit": "advances itself if it hits",
    "self-unless-hit": "advances itself unless it hits",
    "friendly-if-hit": "advances its owner's spells if it hits",
}
CARD_W = 210


def _lines(text: str, chars: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, chars, break_long_words=False) or [""]


def _spell_card(name: str, x: float, y: float) -> tuple[list[str], float]:
    """One spell drawn as a card at (x, y): its name, priority, set, types, advance icon and effect."""
    import rulebook
    from rulebook import elephants

    spell = elephants.SPELLS[name]
    colour = SET_COLOURS.get(spell["set"], LINE)
    effect = rulebook.rule(f"elephants.spell.{name}").text
    priority = spell["priority"]
    said = f"priority {priority}" if priority != "A" else "priority A: acts in the advance phase"
    info = [(line, INK) for line in _lines(f"{spell['set']} set · {said}", 29)]
    info.append((", ".join(spell["types"]) or "no type", MUTED))
    info += [(line, MUTED) for line in _lines(ADVANCE_WORDS.get(spell["advance"], spell["advance"]), 29)]
    lines = _lines(effect, 29)
    top = 54 + 18 * len(info)
    height = top + 16 * len(lines) + 6
    body = [
        f"<rect x='{x:g}' y='{y:g}' width='{CARD_W}' height='{height}' rx='10' fill='{PAPER}' "
        f"stroke='{colour}' stroke-width='3'/>",
        f"<rect x='{x:g}' y='{y:g}' width='{CARD_W}' height='34' rx='10' fill='{colour}'/>",
        f"<rect x='{x:g}' y='{y + 20:g}' width='{CARD_W}' height='14' fill='{colour}'/>",
        _text(x + 12, y + 23, name.capitalize(), 16, "start", fill=PAPER, font_weight="bold"),
        f"<circle cx='{x + CARD_W - 20:g}' cy='{y + 17:g}' r='12' fill='{PAPER}'/>",
        _text(x + CARD_W - 20, y + 22, str(priority), 14, font_weight="bold"),
    ]
    body += [_text(x + 12, y + 54 + 18 * k, line, 12, "start", fill=c) for k, (line, c) in enumerate(info)]
    body += [_text(x + 12, y + top + 6 + 16 * k, line, 12, "start") for k, line in enumerate(lines)]
    return body, height


def elephants_spell(name: str) -> str:
    """One spell card, drawn from the card list's data and the spell's record."""
    body, height = _spell_card(name, 6, 6)
    return _svg(CARD_W + 12, int(height + 12), body, f"The spell {name.capitalize()}")


def elephants_set(set_name: str, columns: int = 3) -> str:
    """A spell set's cards, ``columns`` to a row."""
    from rulebook import elephants

    names = elephants.SETS[set_name]
    body, heights = [], []
    for i, name in enumerate(names):
        row, col = divmod(i, columns)
        top = 40 + sum(max(heights[r * columns : r * columns + columns]) + 14 for r in range(row))
        cards, height = _spell_card(name, 12 + col * (CARD_W + 14), top)
        body += cards
        heights.append(height)
    rows = -(-len(names) // columns)
    total = 40 + sum(max(heights[r * columns : r * columns + columns]) + 14 for r in range(rows))
    width = 12 + min(columns, len(names)) * (CARD_W + 14) - 2
    body.insert(0, _text(width / 2, 26, f"The {set_name} set: {len(names)} spells", 14, fill=MUTED))
    return _svg(int(width), int(total), body, f"The spells of the {set_name} set")


def elephants_round(columns: int = 4) -> str:
    """The example round (examples/elephants/round.toml) played by the engine: each clash, in the order its
    spells resolve, what was cancelled or moved, who lost a trunk, and what advanced to the next clash."""
    from rulebook import elephants

    plan = elephants.parse_round((ROOT / "examples" / "elephants" / "round.toml").read_text(encoding="utf-8"))
    played = elephants.play_round(**plan).value

    def spell(ref: str) -> str:
        owner, _, name = ref.partition(":")
        return f"{owner} {name.capitalize()}"

    panel_w, line_h = 172, 17
    panels = []
    for clash in played["clashes"]:
        rows: list[tuple[str, str]] = [(f"{n}. {spell(r)}", INK) for n, r in enumerate(clash["resolved"], 1)]
        rows += [(f"✕ {spell(r)}", "#a5281b") for r in clash["cancelled"]]
        rows += [(f"↷ {spell(r)} to {elephants.roman(c)}", "#2e5fa8") for r, c in clash["moved"].items()]
        rows += [(f"{p} loses a trunk", "#a5281b") for p in clash["trunk_lost"]]
        if clash["advanced"]:
            rows.append((f"advance to {elephants.roman(clash['clash'] + 1)}:", "#1e6b2a"))
            rows += [(f"  → {spell(r)}", "#1e6b2a") for r in clash["advanced"]]
        health = " · ".join(f"{p} {h}" for p, h in clash["health"].items())
        panels.append((clash["clash"], rows, f"health {health}"))
    tallest = max(len(rows) for _, rows, _ in panels)
    panel_h = 46 + line_h * tallest + 34
    grid_rows = -(-len(panels) // columns)
    width = 16 + columns * (panel_w + 12) + 4
    height = 44 + grid_rows * (panel_h + 12) + 30
    body = [_text(width / 2, 26, "A round of four clashes, as the engine plays it", 14, fill=MUTED)]
    for i, (number, rows, health) in enumerate(panels):
        row, col = divmod(i, columns)
        x, y = 16 + col * (panel_w + 12), 40 + row * (panel_h + 12)
        body.append(
            f"<rect x='{x}' y='{y}' width='{panel_w}' height='{panel_h}' rx='8' fill='#f5f7fa' stroke='{LINE}'/>"
        )
        body.append(_text(x + panel_w / 2, y + 24, f"Clash {elephants.roman(number)}", 15, font_weight="bold"))
        for k, (line, colour) in enumerate(rows):
            body.append(_text(x + 10, y + 48 + k * line_h, line, 12, "start", fill=colour))
        body.append(_text(x + 10, y + panel_h - 12, health, 12, "start", fill=MUTED))
    legend = "numbers: the order spells resolve · ✕ cancelled · ↷ moved · → advances"
    if columns < 3:
        legend = "1, 2...: resolve order · ✕ cancelled · → advances"
    body.append(_text(width / 2, height - 12, legend, 12, fill=MUTED))
    return _svg(int(width), int(height), body, "A round of Elemental Elephants, clash by clash")


def elephants_thunder() -> str:
    """The Thunder set's three spell cards, side by side."""
    return elephants_set("Thunder", 3)


#: A figure's narrow drawing, shown instead of it on a phone (as NAME-narrow.svg beside NAME.svg).
NARROW = {
    "elementals-layouts.svg": lambda: elementals_layouts(narrow=True),
    "clash-elements.svg": lambda: clash_elements(narrow=True),
    "clash-example-game.svg": lambda: clash_example_game(narrow=True),
    "elephants-round.svg": lambda: elephants_round(2),
    "elephants-thunder.svg": lambda: elephants_set("Thunder", 1),
}


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


#: A figure's drawn width and its smallest font size, filled as the figures are drawn.
DRAWN: dict[str, tuple[float, float]] = {}
#: Below this window width a figure with a narrow drawing (NAME-narrow.svg) shows that drawing instead.
NARROW_MEDIA = "(max-width: 600px)"
SMALLEST_TEXT = 11  # px on the screen: a figure is never shrunk so far that its smallest text is smaller
CONTENT_ON_A_PHONE = 358  # px: the width of a page's text on a 390 px phone


def measure(svg: str) -> tuple[float, float]:
    """An SVG's width (from its viewBox) and its smallest font size."""
    import re

    width = float(re.search(r"viewBox=['\"]0 0 ([\d.]+) ", svg).group(1))
    sizes = [float(s) for s in re.findall(r"font-size=['\"]([\d.]+)['\"]", svg)]
    return width, min(sizes, default=16.0)


def on_files(files, config):
    from mkdocs.structure.files import File

    drawings = figures()
    for name in list(drawings):
        if name in NARROW:
            drawings[name.removesuffix(".svg") + "-narrow.svg"] = NARROW[name]
    for name, draw in drawings.items():
        svg = draw()
        DRAWN[name] = measure(svg)
        files.append(File.generated(config, f"figures/{name}", content=svg))
    return files



def on_page_content(html: str, page, config, files) -> str:
    """Make every figure and chart legible on a phone: its narrow drawing where it has one, else a scroll box.

    A figure ``NAME.svg`` with a ``NAME-narrow.svg`` becomes a ``<picture>`` that shows the narrow drawing
    on a narrow screen. A figure without one whose smallest text would fall under 11 px once shrunk to a
    phone's width keeps a minimum width (at which that text is 11 px) inside a box that scrolls sideways.
    """
    import re

    def figure(m: re.Match) -> str:
        img, src, name = m.group(0), m.group("src"), m.group("name")
        narrow = f"{name}-narrow.svg"
        if narrow in DRAWN:
            source = f'<source media="{NARROW_MEDIA}" srcset="{src[: -len(name) - 4]}{narrow}">'
            return f'<picture class="figure">{source}{img}</picture>'
        if "figures/" in src:
            width, smallest = DRAWN.get(f"{name}.svg", (0.0, 16.0))
        else:  # a chart kept in the repository beside its page
            import posixpath

            # src is relative to the built page's address; the chart is a static file at the same path in docs/
            where = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.dest_uri), src))
            path = Path(config["docs_dir"]) / where
            width, smallest = measure(path.read_text(encoding="utf-8")) if path.is_file() else (0.0, 16.0)
        if width * SMALLEST_TEXT / smallest <= CONTENT_ON_A_PHONE:
            return img
        least = round(width * SMALLEST_TEXT / smallest)
        return f'<span class="scroll-box" style="display: block">{img[:-3]} style="min-width: {least}px" /></span>'

    pattern = r'<img alt="[^"]*" src="(?P<src>[^":]*?(?P<name>[A-Za-z0-9_-]+)\.svg)" />'
    return re.sub(pattern, figure, html)
