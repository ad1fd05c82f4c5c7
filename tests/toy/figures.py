"""The toy game's one figure for the site: the opening pile, as SVG."""

from __future__ import annotations


def pile() -> str:
    import rulebook

    count = int(rulebook.rules("toy").data["pile"]["start"])
    dots = "".join(f"<circle cx='{20 + 24 * n}' cy='20' r='10'/>" for n in range(count))
    return f"<svg xmlns='http://www.w3.org/2000/svg' width='{24 * count + 16}' height='40'>{dots}</svg>"
