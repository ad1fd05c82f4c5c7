"""Whether `ask`'s computed answer is the RIGHT one: the verdict of the engine command a question is labelled with.

A question of the sets marked ``computes = true`` may carry a ``command``: the engine command, as a user types it
(``rulebook clash attack fire+ water``, without ``--json``), whose verdict answers the question as a judge reads it.
The command is run in this process (Typer's runner on the CLI's app, its Click command built once: tests/kept_cli.py,
with ``--json``), once per process.

The comparison (`computed_right`) accepts `ask`'s computed answer when

- its verdict is the command's verdict, word for word; or, where the two state the same outcome in other words,
- Elementals: the same action, legality and outcome, once a trailing "revealed: ..." clause is dropped from each
  (which layout cards turn face up after a banish depends on a layout no question states, so the command had to
  invent one), and the same reason when the action is illegal;
- Spellfire, a counter: the same card, counter, affected player and verdict (negated or not), and as many cards
  played in between (their names are the player's words: "ally" or "an ally");
- Elemental Elephants, may a spell be moved or cancelled: the same spell, the same spell acting on it, the same
  answer and the same reason (the verdict's words after the first colon), the clash moved to aside (moving "anywhere"
  out of Clash IV is refused for the reason moving to any one clash is);
- Elemental Elephants, may Clap cancel a spell, answered by the spells that Clap may cancel: the same Clap, and the
  spell asked about is among those spells exactly when the command says the Clap can cancel it;
- Elemental Elephants, may a spell advance, answered by the clash played out: the same spell, which advances exactly
  when the command says it can, and where it cannot, for the same first reason ("P2:break is active").

Nothing else is accepted: a different outcome, a different reason for an illegal action, or an answer to another
board (another attacker, other stats, another order of effects) is a wrong computed answer.

Examples:
    >>> engine = {"verdict": "P1:clap cannot cancel P2:offering: P2:root shields it",
    ...           "value": {"spell": "P2:offering", "by": "P1:clap", "can": False}}
    >>> computed_right({"verdict": "P1:clap cancels one spell of P2 (P2:root)",
    ...                 "value": {"clap": "P1:clap", "targets": {"P2": ["P2:root"]}}}, engine)
    True
    >>> computed_right({"verdict": "P1:clap cancels one spell of P2 (one of P2:offering, P2:root)",
    ...                 "value": {"clap": "P1:clap", "targets": {"P2": ["P2:offering", "P2:root"]}}}, engine)
    False
"""

from __future__ import annotations

import functools
import json
import shlex
from typing import Any


@functools.cache
def engine_ruling(command: str) -> dict[str, Any]:
    """The JSON ruling a labelled command prints (run in this process with ``--json``); a command that does not run
    (a bad label) fails the measure with its own message.

    Examples:
        >>> engine_ruling("rulebook clash attack earth water")["verdict"]
        "P2's Water is eliminated (5 against 4)"
    """
    from kept_cli import CliRunner

    from cli.main import app

    words = shlex.split(command)
    if words[:1] != ["rulebook"] or "--json" in words:
        raise ValueError(f"a command starts 'rulebook ' and leaves out --json: {command!r}")
    result = CliRunner().invoke(app, [*words[1:], "--json"])
    if result.exit_code != 0:
        raise ValueError(f"{command!r} exits {result.exit_code}: {result.output.strip()[:200]}")
    return json.loads(result.stdout)


def _after_colon(verdict: str) -> str:
    return verdict.partition(": ")[2]


def _reason(verdict: str) -> str:
    """The first reason a verdict gives: "P2:break is active" after "P1:starfall cannot advance: "."""
    return _after_colon(verdict).partition(": ")[0]


def _without_revealed(outcome: str | None) -> str | None:
    return None if outcome is None else outcome.split("; revealed: ")[0]


def _same_elementals(asked: dict[str, Any], engine: dict[str, Any]) -> bool:
    keys = ("action", "legal", "reason")
    return all(asked.get(k) == engine.get(k) for k in keys) and _without_revealed(
        asked.get("outcome")
    ) == _without_revealed(engine.get("outcome"))


def _same_counter(asked: dict[str, Any], engine: dict[str, Any]) -> bool:
    keys = ("card", "counter", "affected", "negated")
    return all(asked.get(k) == engine.get(k) for k in keys) and len(asked["between"]) == len(engine["between"])


def computed_right(asked: dict[str, Any], engine: dict[str, Any]) -> bool:
    """Whether `ask`'s computed answer (``verdict`` and ``value``) states the outcome the labelled command's ruling
    states (the comparison is the module's docstring's)."""
    if asked["verdict"] == engine["verdict"]:
        return True
    mine, theirs = asked.get("value") or {}, engine.get("value") or {}
    if "action" in mine and "action" in theirs:
        return _same_elementals(mine, theirs)
    if "negated" in mine and "negated" in theirs:
        return _same_counter(mine, theirs)
    if "can" in theirs and "can" in mine:
        same = all(mine.get(k) == theirs.get(k) for k in ("spell", "by", "can"))
        return same and _after_colon(asked["verdict"]) == _after_colon(engine["verdict"])
    if "can" in theirs and "advanced_to" in mine:
        same = mine["spell"] == theirs["spell"] and (mine["advanced_to"] is not None) == theirs["can"]
        return same and (theirs["can"] or _reason(asked["verdict"]) == _reason(engine["verdict"]))
    if "can" in theirs and "targets" in mine:
        spell, clap = theirs["spell"], theirs["by"]
        targets = mine["targets"].get(spell.partition(":")[0], [])
        return mine.get("clap") == clap and (spell in targets) == theirs["can"]
    return False
