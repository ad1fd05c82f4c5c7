"""Elestrals questions in plain words: a battle, or final stats, described in a sentence.

The ``ask`` calculator of Elestrals, re-exported as ``rulebook.elestrals.answer_question``.
"""

from __future__ import annotations

import re

from rulebook.elestrals.cards import final_stats
from rulebook.elestrals.described import battle
from rulebook.ruling import Ruling

__all__ = ["answer_question"]


_NUMBER_STAT = r"(\d+)\s+(attack|defense)"
_EFFECTS = re.compile(
    r"(?P<swap>\bswap\w*)"
    r"|\bset\s+(?:its\s+|the\s+)?(?P<set1>attack|defense)\s+to\s+(?P<n1>\d+)"
    r"|\b(?P<set2>attack|defense)\s+(?:is\s+|becomes\s+)?set\s+to\s+(?P<n2>\d+)"
    r"|(?P<d1>[+-]\d+)\s+(?P<c1>attack|defense)"
    r"|\b(?P<c2>attack|defense)\s+(?P<d2>[+-]\d+)"
    r"|\b(?P<verb>gains?|loses?)\s+(?P<n3>\d+)\s+(?P<c3>attack|defense)",
    re.IGNORECASE,
)


_SIDE_NUMBERS = re.compile(r"(\d+)\s+(attack|defense|spirits?)\b", re.IGNORECASE)


def _battle_side(text: str) -> str:
    values = {m.group(2).lower().rstrip("s"): m.group(1) for m in reversed(list(_SIDE_NUMBERS.finditer(text)))}
    words = [f"{'spirits' if k == 'spirit' else k}={v}" for k, v in values.items()]
    if re.search(r"\bdefense position\b", text, re.IGNORECASE):
        words.append("position=defense")
    return " ".join(words)


def _battle_question(question: str) -> Ruling | None:
    """A battle described in words: "A with 3 Attack and 2 Spirits attacks B with 2 Defense in Defense Position"."""
    split = re.search(r"\battacks\b", question, re.IGNORECASE)
    if not split:
        return None
    left, right = question[: split.start()], question[split.end() :]
    attacker = _battle_side(left)
    if not re.search(r"\d+\s+attack", left, re.IGNORECASE):
        return None
    if re.search(r"\bspirit deck\b|\bdirectly\b", right, re.IGNORECASE) and not _SIDE_NUMBERS.search(right):
        defender = "none"
    else:
        defender = _battle_side(right)
        if not defender:
            return None
    return battle(attacker, defender)


def answer_question(question: str) -> Ruling | None:
    """Compute a battle, or final stats, described in plain words; ``None`` if the question is neither.

    A battle: "An Elestral with 3 Attack and 2 Spirits attacks one with 1 Attack and 1 Spirit" (the
    defender is in Attack Position unless "Defense Position" is said; "attacks the Spirit Deck" for a
    direct attack). Final stats: the base stats are the first "N Attack" and "N Defense" named, and the
    effects follow in the order written: "+2 Attack" or "Attack -1", "gains/loses N Attack", "set its
    Defense to 0", "swap".

    The base stats are the first "N Attack" and "N Defense" named; the effects follow in the order
    written: "+2 Attack" or "Attack -1", "gains/loses N Attack", "set its Defense to 0", "swap". Without
    base stats and at least one effect, it returns ``None``.

    Examples:
        >>> answer_question("A 3 Attack Elestral attacks an Elestral with 1 Attack and 2 Spirits. Who wins?").verdict
        "The defender's Elestral is destroyed; no Spirits are Expended"
        >>> q = "An Elestral with 3 Attack and 2 Defense gets +2 Attack, then a swap, then its Defense is set to 0."
        >>> answer_question(q).verdict
        'Final stats: Attack 0, Defense 5'
        >>> answer_question("How many Spirits does a mulligan cost?") is None
        True
    """
    fought = _battle_question(question)
    if fought is not None:
        return fought
    base = {}
    for m in re.finditer(_NUMBER_STAT, question, re.IGNORECASE):
        before = question[max(0, m.start() - 1) : m.start()]
        if before not in "+-" or not before:
            base.setdefault(m.group(2).lower(), int(m.group(1)))
    if len(base) < 2:
        return None
    effects = []
    for m in _EFFECTS.finditer(question):
        if m.group("swap"):
            effects.append("swap")
        elif m.group("set1") or m.group("set2"):
            effects.append(f"set {(m.group('set1') or m.group('set2')).lower()} {m.group('n1') or m.group('n2')}")
        elif m.group("c1") or m.group("c2"):
            effects.append(f"{(m.group('c1') or m.group('c2')).lower()} {m.group('d1') or m.group('d2')}")
        else:
            sign = "+" if m.group("verb").lower().startswith("gain") else "-"
            effects.append(f"{m.group('c3').lower()} {sign}{m.group('n3')}")
    if not effects:
        return None
    return final_stats(base["attack"], base["defense"], effects)
