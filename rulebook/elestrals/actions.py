"""Elestrals actions as a judge or player types them: a verb, then card names, slots, Positions and keywords.

Examples:
    >>> parse_action('cast-rune "Flame Burst" targeting P2:E1')
    Action(verb='cast-rune', args=('Flame Burst', 'targeting', 'P2:E1'))
    >>> split_keywords(("R1", "paying", "fire,water"))
    (['R1'], {'paying': ['fire', 'water']})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from rulebook.elestrals.core import SPIRIT_TYPES, lookup_name
from rulebook.elestrals.state import quoted
from rulebook.errors import InvalidInputError
from rulebook.reading import shown

__all__ = ["ACTION_FORMS", "ACTION_WORDS", "Action", "check_words", "parse_action", "split_keywords"]

# ---------------------------------------------------------------- actions

#: Every action a position may be asked about, with the words that follow it.
ACTION_FORMS: Mapping[str, str] = {
    "keep": "keep (keep the opening hand)",
    "mulligan": "mulligan (Expend 2 Spirits, shuffle the hand in, draw 5)",
    "draw": "draw (the Draw Phase's draw)",
    "pass": "pass (do nothing more here: respond to nothing, or end the phase)",
    "resolve": "resolve (resolve the closed chain)",
    "normal-cast": "normal-cast CARD [attack|defense] [paying TYPE]",
    "normal-ascend": "normal-ascend E1 CARD [attack|defense] [paying TYPE] [adding E2:TYPE ...]",
    "special-cast": "special-cast CARD [attack|defense] (a card waiting in Limbo)",
    "special-ascend": "special-ascend E1 CARD [attack|defense] (a card waiting in Limbo)",
    "conditional": "conditional CARD (an effect waiting in Limbo)",
    "enchant": "enchant E1 [TYPE]",
    "expend-draw": "expend-draw [TYPE]",
    "set-rune": "set-rune CARD",
    "cast-rune": "cast-rune CARD|R1 [empowering P2:E1] [replacing R3] [paying TYPE,E1:TYPE,...]",
    "change-position": "change-position E1",
    "activate": "activate E1|R1|S",
    "attack": "attack E1 E2|spirit-deck",
    "nexus": "nexus FROM TO [COUNT] [TYPE] (as an effect instructs)",
}
_KEYWORDS = ("paying", "adding", "empowering", "replacing", "targeting")
#: How many leading words each action takes at most, and the keyword parts it accepts after them.
ACTION_WORDS: Mapping[str, tuple[int, tuple[str, ...]]] = {
    "keep": (0, ()),
    "mulligan": (0, ()),
    "draw": (0, ()),
    "pass": (0, ()),
    "resolve": (0, ()),
    "normal-cast": (2, ("paying",)),
    "normal-ascend": (3, ("paying", "adding")),
    "special-cast": (2, ()),
    "special-ascend": (3, ()),
    "conditional": (1, ("targeting",)),
    "enchant": (2, ()),
    "expend-draw": (1, ()),
    "set-rune": (1, ()),
    "cast-rune": (1, ("empowering", "replacing", "paying", "targeting")),
    "change-position": (1, ()),
    "activate": (1, ("targeting", "paying")),
    "attack": (2, ()),
    "nexus": (4, ()),
}
MAX_ACTION_CHARS = 500


class Action(NamedTuple):
    """An action, as its words: ``Action("attack", ("E1", "E2"))`` is ``attack E1 E2``.

    ``str(action)`` is the text [`parse_action`][rulebook.elestrals.actions.parse_action] reads back.
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(quoted(a) if (" " in a or not a) else a for a in self.args)])


def parse_action(text: str | Action) -> Action:
    """Read an action's text (see [`ACTION_FORMS`][rulebook.elestrals.actions.ACTION_FORMS]): a verb, then card names
    (quoted when they have
    spaces), slots (``E1``, ``R2``, ``P2:E1``), Positions and keywords.

    Examples:
        >>> parse_action('normal-cast "Cinder Cub" defense')
        Action(verb='normal-cast', args=('Cinder Cub', 'defense'))
        >>> parse_action("summon Dragon")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown action 'summon'; accepted: keep, mulligan, ...
    """
    if isinstance(text, Action):
        return check_words(text)
    if len(text) > MAX_ACTION_CHARS:
        raise InvalidInputError(
            f"an action of {len(text):,} characters is too long; at most {MAX_ACTION_CHARS} are read"
        )
    import shlex  # only needed to read a typed action

    try:
        words = shlex.split(text)
    except ValueError as err:
        raise InvalidInputError(
            f"cannot read the action {shown(text)!r}: {err}; close the quotes around a name"
        ) from None
    if not words:
        raise InvalidInputError("give an action, e.g. 'pass' or 'attack E1 E2'")
    verb = lookup_name("action", words[0], list(ACTION_FORMS))
    return check_words(Action(verb, tuple(" ".join(w.split()) for w in words[1:])))


def check_words(action: Action) -> Action:
    """``action`` if it has no words beyond its form; raises [`InvalidInputError`][rulebook.errors.InvalidInputError]
    naming the first extra word and the form otherwise.

    Examples:
        >>> check_words(Action("pass", ("pass",)))
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: 'pass' after pass is one word too many: write pass (do nothing more ...
    """
    most, keywords = ACTION_WORDS[action.verb]
    head: list[str] = []
    for word in action.args:
        if word.lower() in _KEYWORDS:
            if word.lower() not in keywords:
                raise InvalidInputError(
                    f"{action.verb} takes no {word.lower()!r} part: write {ACTION_FORMS[action.verb]}"
                )
            break
        head.append(word)
    if len(head) > most:
        extra = shown(head[most], 40)
        raise InvalidInputError(
            f"{extra!r} after {' '.join([action.verb, *head[:most]])} is one word too many: write "
            f"{ACTION_FORMS[action.verb]}"
        )
    return action


def split_keywords(args: Sequence[str]) -> tuple[list[str], dict[str, list[str]]]:
    """An action's leading words and its keyword parts (``paying fire water`` -> ``{"paying": [...]}``)."""
    head: list[str] = []
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for word in args:
        key = word.lower()
        if key in _KEYWORDS:
            if key in parts:
                raise InvalidInputError(f"{key!r} is given twice")
            current = parts[key] = []
        elif current is None:
            head.append(word)
        else:
            for piece in (p.strip() for p in word.split(",")):
                words = piece.split()
                spirits = all(":" in w or w.lower() in (*SPIRIT_TYPES, "any", "&") for w in words)
                current += words if spirits and key != "targeting" else [" ".join(words)] if words else []
    return head, parts
