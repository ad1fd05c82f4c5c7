"""MkDocs hook: a page of cards for each game that has card data, generated at build time.

- ``cards/elephants.md``: every spell of the Elemental Elephants card list (``rulebook.elephants.SPELLS``);
- ``cards/elementals.md``: the twelve elementals, the titan-forged cards of each suit and the jokers
  (``rulebook.elementals``, each described by ``card_info``, as ``rulebook elementals card`` does);
- ``cards/clash.md``: the five elements of Elemental Clash (``rulebook.clash``).

Each entry has the card's data, its picture (an SVG drawn from the same data, under ``figures/cards/``)
and every ruling that names it: the records whose title or text names the card, and the records the
engine cites when it describes the card. Nothing here is written by hand, so a card cannot disagree with
the rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import figures  # the sibling hook (mkdocs puts this folder on the path while it loads a hook)
import records

import rulebook
from rulebook.records import Record

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SUIT_NAMES = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}


def naming(game: str, *names: str, cited: Iterable[str] = ()) -> list[Record]:
    """The game's records whose title or text names one of ``names`` (as a whole word), and those ``cited``."""
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")
    cited = set(cited)
    return [r for r in rulebook.rules(game) if r.id in cited or pattern.search(f"{r.title} {r.text}")]


def rulings_line(found: list[Record], page: str) -> str:
    if not found:
        return "No ruling names it."
    links = ", ".join(records.link_to(r.id, page, r.title) for r in found)
    return f"Rulings that name it ({len(found)}): {links}."


def _entry(title: str, anchor: str, picture: str, alt: str, facts: list[str], found: list[Record], page: str) -> str:
    return "\n".join(
        [
            f"## {title} {{#{anchor}}}",
            "",
            f"![{alt}](../figures/cards/{picture}){{ .card-picture }}",
            "",
            *[f"{fact}  " for fact in facts[:-1]],
            facts[-1],
            "",
            rulings_line(found, page),
            "",
        ]
    )


# ---------------------------------------------------------------- Elemental Elephants


def elephants_page() -> tuple[str, dict[str, str]]:
    from rulebook import elephants

    page = "cards/elephants.md"
    pictures: dict[str, str] = {}
    parts = [
        "# Elemental Elephants: the spells",
        "",
        f"All {len(elephants.SPELLS)} spells of the card list, set by set: each card as drawn from the game's data,"
        " its numbers, and every ruling that names it. `rulebook elephants spells SET` lists a set in the terminal.",
        "",
    ]
    for set_name, names in elephants.SETS.items():
        parts += [f"*{set_name} set:* " + ", ".join(f"[{n.capitalize()}](#{n})" for n in names) + "  "]
    parts.append("")
    for set_name, names in elephants.SETS.items():
        for name in names:
            spell = elephants.SPELLS[name]
            pictures[f"elephants-{name}.svg"] = figures.elephants_spell(name)
            own = rulebook.rule(f"elephants.spell.{name}")
            facts = [
                f"**{set_name}** set, the elephant {spell['elephant']} · priority **{spell['priority']}**",
                f"Types: {', '.join(spell['types']) or 'none'} · {figures.ADVANCE_WORDS.get(spell['advance'], '')}",
                f"{own.text} ({records.link_to(own.id, page, 'its ruling')})",
            ]
            found = [r for r in naming("elephants", name.capitalize()) if r.id != own.id]
            picture, alt = f"elephants-{name}.svg", f"The spell {name}"
            parts.append(_entry(name.capitalize(), name, picture, alt, facts, found, page))
    return "\n".join(parts), pictures


# ---------------------------------------------------------------- Elementals


def _playing_card(label: str, suit: str, element: str, power: str, name: str) -> str:
    colour = figures.ELEMENT_COLOURS.get(element, figures.LINE)
    body = [
        f"<rect x='6' y='6' width='120' height='168' rx='10' fill='{figures.PAPER}' stroke='{colour}' "
        "stroke-width='3'/>",
        figures._text(18, 34, label, 20, "start", font_weight="bold", fill=colour),
        figures._text(66, 100, suit, 44, fill=colour),
        figures._text(66, 136, element, 14),
        figures._text(66, 156, f"power {power}", 13, fill=figures.MUTED),
    ]
    return figures._svg(132, 180, body, f"The Elementals card {name}")


def elementals_page() -> tuple[str, dict[str, str]]:
    from rulebook import elementals

    page = "cards/elementals.md"
    pictures: dict[str, str] = {}
    parts = [
        "# Elementals: the cards",
        "",
        "The deck is a 52-card deck and two jokers. The twelve face cards are the **elementals** you fight; the"
        " rest, the jokers included, are the **titan-forged** cards you fight with. A card's suit is its element."
        " `rulebook elementals card NAME` describes any card in the terminal.",
        "",
    ]
    for card in elementals.ELEMENTALS:
        info = elementals.card_info(card)
        rank, suit = card[:-1], card[-1]
        element = elementals.SUITS[suit]
        power = str(elementals.power_of(card))
        what = info.verdict.split(": ", 1)[-1]
        lord = re.search(r"Elemental Lord (\S+),", what)
        pictures[f"elementals-{card}.svg"] = _playing_card(rank + SUIT_SYMBOLS[suit], SUIT_SYMBOLS[suit], element,
                                                           power, card)
        facts = [f"**{card}**: {what}", f"{rank} of {SUIT_NAMES[suit]}; its element is {element}"]
        names = (lord.group(1),) if lord else ("lieutenant",)
        found = naming("elementals", *names, cited=info.rules)
        title = f"{card}, {lord.group(1)}" if lord else f"{card}, a lieutenant of {element}"
        parts.append(_entry(title, card.lower(), f"elementals-{card}.svg", f"The card {card}", facts, found, page))
    for suit, element in elementals.SUITS.items():
        info = elementals.card_info(f"5{suit}")
        pictures[f"elementals-titan-{suit}.svg"] = _playing_card(
            "A–10", SUIT_SYMBOLS[suit], element, "1 to 10", f"A to 10 of {SUIT_NAMES[suit]}"
        )
        facts = [
            f"**A to 10 of {SUIT_NAMES[suit]}**: titan-forged, {element} damage",
            "power: an ace 1, a numbered card its number",
        ]
        found = naming("elementals", "titan-forged", "titan deck", cited=info.rules)
        parts.append(
            _entry(f"Titan-forged {element} (A to 10 {SUIT_SYMBOLS[suit]})", f"titan-{SUIT_NAMES[suit]}",
                   f"elementals-titan-{suit}.svg", f"The titan-forged {element} cards", facts, found, page)
        )
    info = elementals.card_info(elementals.JOKERS[0])
    pictures["elementals-joker.svg"] = _playing_card("JK", "★", "arcane", "1 to 10", "joker")
    facts = [f"**{' and '.join(elementals.JOKERS)}**: titan-forged, arcane damage", "power: named when played, 1 to 10"]
    found = naming("elementals", "joker", "jokers", "Joker", cited=info.rules)
    parts.append(_entry("The jokers", "jokers", "elementals-joker.svg", "A joker", facts, found, page))
    return "\n".join(parts), pictures


# ---------------------------------------------------------------- Elemental Clash


def _element_card(element: str, strength: int, ability: str, timing: str) -> str:
    colour = figures.ELEMENT_COLOURS.get(element, figures.LINE)
    body = [
        f"<rect x='6' y='6' width='168' height='120' rx='10' fill='{figures.PAPER}' stroke='{colour}' "
        "stroke-width='3'/>",
        f"<circle cx='34' cy='36' r='14' fill='{colour}'/>",
        figures._text(56, 42, element.capitalize(), 18, "start", font_weight="bold"),
        figures._text(20, 76, f"strength {strength}", 14, "start"),
        figures._text(20, 100, f"{ability.capitalize()}, {timing}", 13, "start", fill=figures.MUTED),
    ]
    return figures._svg(180, 132, body, f"The Elemental Clash element {element}")


def clash_page() -> tuple[str, dict[str, str]]:
    from rulebook import clash

    page = "cards/clash.md"
    pictures: dict[str, str] = {}
    parts = [
        "# Elemental Clash: the elements",
        "",
        "Each player has the same five elements. An element's strength decides an attack; its ability, used once"
        " a game, changes one.",
        "",
    ]
    for element in clash.ELEMENTS:
        ability = clash.ABILITY[element]
        info = clash.ABILITIES[ability]
        timing = figures.TIMING_WORDS[info["timing"]]
        pictures[f"clash-{element}.svg"] = _element_card(element, clash.STRENGTH[element], ability, timing)
        own = rulebook.rule(info["rule"])
        facts = [
            f"strength **{clash.STRENGTH[element]}**",
            f"ability **{ability.capitalize()}**, {timing}, once a game: {own.text} "
            f"({records.link_to(own.id, page, 'the ruling')})",
        ]
        found = [r for r in naming("clash", element.capitalize(), ability.capitalize()) if r.id != own.id]
        parts.append(
            _entry(element.capitalize(), element, f"clash-{element}.svg", f"The element {element}", facts, found, page)
        )
    return "\n".join(parts), pictures


PAGES = {"elephants": elephants_page, "elementals": elementals_page, "clash": clash_page}


def on_files(files, config):
    """Add each card page and its cards' pictures."""
    from mkdocs.structure.files import File

    for game, make in PAGES.items():
        markdown, pictures = make()
        files.append(File.generated(config, f"cards/{game}.md", content=markdown))
        for name, svg in pictures.items():
            files.append(File.generated(config, f"figures/cards/{name}", content=svg))
    return files
