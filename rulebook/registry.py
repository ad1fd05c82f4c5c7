"""The registry of games: one entry per game, naming everything the rest of the project needs from it.

[`rulebook`][rulebook] re-exports everything here; import it from there. A game added from outside (a plugin, a
test's toy game) is one [`register`][rulebook.registry.register] call: the CLI's groups, ``ask``, ``search``,
``compare``, ``coverage``, the site's figures and the caches' keys all read the registry.

Examples:
    >>> from rulebook import registry
    >>> [g.id for g in registry.games()]
    ['clash', 'elestrals', 'elementals', 'spellfire', 'elephants']
"""

from __future__ import annotations

import importlib
import os
from collections import namedtuple
from functools import cache

from rulebook.errors import InvalidInputError, UnknownGameError, UnknownRuleError

# `typing` and `dataclasses` stay out of `import rulebook`, which is kept light on purpose.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from pathlib import Path
    from types import ModuleType
    from typing import Any

    from rulebook.records import Record, RuleSet

__all__ = [
    "CLASH_TOLD",
    "DATA_DIR",
    "ELEMENTALS_HARM",
    "ELEMENTALS_PAIRED",
    "ELEMENTALS_UNPLAYED",
    "ELEMENTALS_WORTH",
    "ELEPHANTS_ORDER",
    "ELEPHANTS_TOLD",
    "Game",
    "GameInfo",
    "engine",
    "game",
    "games",
    "named",
    "register",
    "rule",
    "rules",
    "unregister",
]


class Game(
    namedtuple(
        "Game",
        "id name kind source engine document data scenarios runner ruling new_game questions cues names own_words"
        " cli figures verbs",
        defaults=("", "", "", "", "", "", frozenset(), (), (), "", (), frozenset()),
    )
):
    """One game's registry entry: everything the rest of the project needs from it, named in one place.

    - ``id`` (the prefix of its rule IDs), ``name``, ``kind``, ``source`` (the source document's file),
      ``engine`` (the module holding its public API) and ``document`` (the source document's title in words);
    - ``data`` and ``scenarios``: its records' TOML file and its scenarios' TOML file (default
      ``rulebook/data/<id>.toml`` and ``rulebook/data/scenarios/<id>.toml``);
    - ``runner`` and ``ruling``: ``"module:function"`` of its scenario runner ``run_scenario(case, options)``
      (the answer and a detail, for ``rulebook compare``) and, where it has one, of ``scenario_ruling(case,
      options)`` (the scenario's whole [`Ruling`][rulebook.ruling.Ruling]);
    - ``new_game``: ``"module:function"`` of a playable game's first position (its states honour
      [`GameState`][rulebook.protocol.GameState]); empty for a game that is not played here;
    - ``questions``, ``cues`` and ``verbs``: the module reading a question in words (``read(text)``, for ``ask``),
      the words that make it worth trying and, where its reader computes one kind of action, the words of that
      action ("attacks", "order"): a question needs one of ``cues`` and, when ``verbs`` is not empty, one of them
      too, or the reader is not tried and its game's engine is not imported;
    - ``names`` and ``own_words``: how a question names the game, and the words only this game uses (a question
      that has either is answered from this game's records);
    - ``cli``: ``"module:attribute"`` of its Typer command group, mounted as ``rulebook <id>``;
    - ``figures``: the site's pictures of it, as ``(file name, drawing)`` pairs; a drawing is
      ``"module:function"`` returning SVG text, or the name of a drawing of the site's figures hook.

    Examples:
        >>> import rulebook
        >>> clash = rulebook.game("clash")
        >>> clash.cli, clash.data_path.name, clash.scenario_path.parent.name
        ('cli.clash:app', 'clash.toml', 'scenarios')
        >>> clash.run_scenario({"turn": "fire > fire"}, {})[0]
        "P1's Fire and P2's Fire are eliminated (3 against 3)"
    """

    __slots__ = ()

    @property
    def data_path(self) -> Path:
        """The records' TOML file."""
        from pathlib import Path

        return Path(self.data or os.path.join(DATA_DIR, f"{self.id}.toml"))

    @property
    def scenario_path(self) -> Path:
        """The scenarios' TOML file (it may not exist: a game without scenarios)."""
        from pathlib import Path

        return Path(self.scenarios or os.path.join(DATA_DIR, "scenarios", f"{self.id}.toml"))

    @property
    def playable(self) -> bool:
        """Whether the game is played here: it has a first position whose states honour the protocol."""
        return bool(self.new_game)

    def run_scenario(self, case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
        """A scenario's answer and detail, from the game's own runner."""
        return named(self.runner)(case, options)

    def start(self, *args: Any, **kwargs: Any) -> Any:
        """A new game's first position (a playable game only)."""
        return named(self.new_game)(*args, **kwargs)


#: The name the registry's entries had before they named everything (kept for callers of it).
GameInfo = Game

#: Where the five games' data files live (inside the package, so an installed wheel carries them).
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

#: "element" too: an attack told by its roles ("the defending element has the higher number") names no element.
_CLASH_WORDS = (
    *("fire", "water", "earth", "air", "ether", "blaze", "surge", "fortify", "gale", "revive", "element", "elements"),
)
#: The words of an attack the Clash reader computes (its own FORWARD and BACKWARD words, and "goes after").
_CLASH_ACTIONS = (
    *("attack", "attacks", "attacking", "attacked", "against", "versus", "vs", "hits", "hit", "fights", "fight"),
    *("into", ">", "defending", "defends", "defend", "blocks", "blocking", "block", "after"),
    *("last", "final", "each", "left", "remaining"),  # the last elements, which tie ("one element each, they tied")
    *("attacker", "attackers", "defender", "defenders", "defended", "target", "targeted"),  # roles, not elements
    # an attacking ability put to use, aimed at an element ("my Air uses Gale on their Earth": its USE_VERBS)
    *("uses", "use", "using", "used", "declares", "declare", "declaring", "declared", "plays", "play", "playing"),
    *("activates", "activate", "activating", "activated"),
)
#: The words of the questions the Clash reader reads about the game in general, no attack computed: the elements
#: judged against each other ("does water have the edge over fire", "what beats Air?") and an ability asked again
#: ("can i fortify again", "one and done"); the reader is tried for them (its COMPARING, AGAIN and AGAIN_PAIRS).
CLASH_TOLD = (
    *("best", "better", "worse", "worst", "edge", "beat", "beats", "unbeatable", "strongest", "weakest"),
    *("toughest", "advantage", "worth", "again", "twice", "second", "forever", "reuse", "anymore", "done"),
    *("different", "once", "every", "strength", "strong", "value", "is", "has", "at"),
    *("end", "ends", "ended", "over", "finish", "finishes", "finished", "winner", "win", "wins"),
)
#: The words that name one elemental: a lord's name, a rank of elementals, or a short name ("ks", "qh").
_ELEMENTALS_WORDS = (
    *("ragnaros", "neptulon", "therazane", "al'akir", "alakir", "jack", "queen", "king", "elemental", "elementals"),
    *("jacks", "queens", "kings"),
    *(r + s for r in "jqk" for s in "hdsc"),
)
#: The word telling the cards discarded before a discard ("I've already discarded 10D, 8S and 7H; if I discard the
#: 9C ..."), which names no elemental: the reader is tried for it too.
ELEMENTALS_DISCARDED = ("discarded",)
#: The words telling a card that is not played ("a card I can't play", "the third one is useless", "nothing in my
#: hand can be played", "if I don't want to play it", "the cards I toss"): such a question need name no elemental,
#: so the Elementals reader is tried for them too, and reads what becomes of the card and what it costs.
ELEMENTALS_NOT_PLAYED = ("cant", "can't", "cannot", "dont", "don't", "nothing", "none", "rather")
ELEMENTALS_UNPLAYED = (*ELEMENTALS_NOT_PLAYED, "useless", "unplayable", "toss", "tossed", "discard", "throw", "wrong")
#: The words of a play the Elementals reader computes ("my 7S", "I play", "banish with"): its STATED_PLAY is this.
_ELEMENTALS_PLAYS = (
    *("with", "play", "plays", "played", "playing", "put", "puts", "putting", "use", "using", "hit", "hits"),
    *("attack", "attacking", "drop", "place", "throw", "my", "then", "if", "i", "banish", "banishes", "finish", ">"),
    *("add", "adds", "adding", "go", "goes", "lay", "lays", "laid", "laying"),  # "can the 8C go on the KD"
)
#: The words asking whether a card can harm an elemental ("can a spade hurt Ragnaros"): the reader is tried for
#: them too, and names the rule such a question rests on without computing a play (its HARM, these and "use").
ELEMENTALS_HARM = (
    *("hurt", "hurts", "harm", "harms", "damage", "damages", "against", "work", "works", "beat", "beats", "kill"),
    *("vs", "versus", "beatable"),
)
#: The words setting one card beside one elemental in a short question with no play stated ("5 of clubs on the
#: king of clubs?", "what about the ace of clubs and Al'Akir"): the reader is tried for them, and names the rule such
#: a question rests on where the card is of the elemental's own suit (its immunity), without computing a play.
ELEMENTALS_PAIRED = ("on", "and", "about")
#: The words asking what an elemental is worth ("what are jacks queens kings worth", "the toughest elemental to
#: beat") or telling one defeated ("we defeated Neptulon: where does the king go?"): the reader is tried for them,
#: and names the rule such a question rests on without computing a play.
ELEMENTALS_WORTH = (
    *("worth", "much", "strong", "level", "levels", "health", "hp", "power"),
    *("toughest", "hardest", "strongest", "weakest", "easiest"),
    *("beaten", "beating", "defeated", "defeating", "banished", "killed", "killing", "downed", "cleared"),
)
#: The words asking in which order Elemental Elephants spells resolve ("which goes first", "is Clap faster"): the
#: reader is tried for them, and reads a question about the order by them (its ORDER_WORDS).
ELEPHANTS_ORDER = (
    *("order", "first", "resolve", "resolves", "resolved", "before", "after", "sooner", "last", "faster", "quicker"),
)
#: The words of the relations the Elemental Elephants reader reads without an action to compute: Clap set against Root
#: ("clap vs root, which wins") and the steps of a clash ("what are the steps of a clash", "walk me through a clash").
ELEPHANTS_TOLD = ("clap", "root", "steps", "step", "phases", "stages", "through")
#: Words of Gravitate moving a spell ("can my Gravitate send P2's Fireball to clash IV", "can it shove P2's Offering").
ELEPHANTS_MOVES = (
    *("send", "sends", "move", "moves", "push", "pushes", "shove", "shoves", "shift", "shifts", "bump", "bumps"),
    *("nudge", "nudges", "drag", "drags", "relocate", "relocates", "kick", "kicks", "bounce", "bounces"),
)
#: Words of a hand refilled at the round's end ("the round ended ...; how many do I recall"): the reader of a hand at
#: the round's end is tried for them, and reads only a question that says one of them.
ELEPHANTS_ROUND_END = ("recall", "recalls", "refill", "ended")
_ELEPHANT_SPELLS = (
    *("stupefy", "clap", "break", "gravitate", "enfeeble", "turbulence", "illuminate", "electrocute", "offering"),
    *("ritual", "overexert", "accelerator", "root", "repeater", "slumber", "nightglow", "starfall"),
)
#: More spells whose names a question may give with no spell above ("P3 is the Ringleader, P1 casts Fireball and P2
#: casts Crush: which goes first?"): the reader is tried; it computes only where two spells and their players are told.
#: Names that are common words of the other games ("surge", "defend", "flow", "absorb") are left out.
_ELEPHANT_MORE_SPELLS = (
    *("fireball", "crush", "nourish", "scorch", "besiege", "agonize", "bedim", "coalesce", "crepuscule", "daybreak"),
    *("eventide", "encumber", "quickshot", "wormhole", "aftershocks", "constellation", "prickle"),
)

# The registry: one entry per game, in a fixed order. A game added from outside uses `register`.
_GAMES: list[Game] = [
    Game(
        "clash",
        "Elemental Clash",
        "two-player game",
        "002_6544c3a00f53460f.txt",
        "rulebook.clash",
        "Elemental Clash rules",
        runner="rulebook.clash:run_scenario",
        new_game="rulebook.clash:new_game",
        questions="rulebook.clash.questions",
        cues=frozenset(_CLASH_WORDS),
        verbs=frozenset(_CLASH_ACTIONS + CLASH_TOLD),
        names=("elemental clash", "elementalclash", "clash game", "clash games", "game of clash", "games of clash"),
        own_words=("blaze", "surge", "fortify", "gale", "ether"),
        cli="cli.clash:app",
        figures=(("clash-elements.svg", "clash_elements"), ("clash-example-game.svg", "clash_example_game")),
    ),
    Game(
        "elestrals",
        "Elestrals",
        "trading card game",
        "004_43a305e9c036b533.txt",
        "rulebook.elestrals",
        "Elestrals How to Play Guide",
        runner="rulebook.elestrals:run_scenario",
        ruling="rulebook.elestrals:scenario_ruling",
        new_game="rulebook.elestrals:new_game",
        questions="rulebook.elestrals.questions",
        cues=frozenset(
            {"attack", "defense", "defence", "spirit", "spirits", "swap", "swaps", "swapped", "misenchanted"}
        ),
        names=("elestrals", "elestral"),
        own_words=(
            *("spirit", "spirits", "rune", "runes", "enchant", "enchanted", "misenchanted", "expend", "expends"),
            *("stadium", "mulligan", "underworld", "invoke", "nexus", "main deck"),
        ),
        cli="cli.elestrals:app",
        figures=(("elestrals-field.svg", "elestrals_field"),),
    ),
    Game(
        "elementals",
        "Elementals",
        "solitaire card game",
        "003_5def52412761cd4b.txt",
        "rulebook.elementals",
        "Elementals card game rules",
        runner="rulebook.elementals:run_scenario",
        new_game="rulebook.elementals:new_game",
        questions="rulebook.elementals.questions",
        cues=frozenset((*_ELEMENTALS_WORDS, "joker", "jokers", *ELEMENTALS_UNPLAYED, *ELEMENTALS_DISCARDED)),
        verbs=frozenset(_ELEMENTALS_PLAYS + ELEMENTALS_HARM + ELEMENTALS_WORTH + ELEMENTALS_PAIRED),
        names=("elementals solitaire", "elementals card game", "elementals", "this solitaire", "the solitaire"),
        own_words=(
            *("titan", "titans", "titan deck", "joker", "jokers", "layout", "solitaire", "arcane", "elemental plane"),
            *("spades", "hearts", "clubs", "diamonds", "jack", "jacks", "queen", "queens", "king", "kings"),
            *("elemental", "ragnaros", "neptulon", "therazane", "al'akir", "alakir"),
        ),
        cli="cli.elementals:app",
        figures=(("elementals-layouts.svg", "elementals_layouts"),),
    ),
    Game(
        "spellfire",
        "Spellfire",
        "clarification sheet",
        "001_cfbad67ab2f76584.txt",
        "rulebook.spellfire",
        "Spellfire combat and special cards guide",
        runner="rulebook.spellfire:run_scenario",
        ruling="rulebook.spellfire:scenario_ruling",
        questions="rulebook.spellfire.questions",
        # "cataclysm" and "calm" too: a Cataclysm! answered by Calm ("p1 plays cataclysm! on p2, then p2 plays calm")
        # and "levels": a deck's champions told with their levels, the total asked ("Elminster lvl 9, ... levels?");
        # "once": the uses of a once-per-turn power told by turn and phase ("in phase 3 of turn 1, again ...")
        cues=frozenset(
            {"position", "realm", "realms", "attack", "attacks", "reach", "razed", "cataclysm", "calm", "levels"}
            | {"level", "lvl", "once"}
        ),
        names=("spellfire",),
        own_words=(
            *("realm", "realms", "champion", "champions", "razed", "formation", "flyer", "swimmer", "earthwalker"),
            *("avatar", "earthwalking", "earthwalkers", "flyers"),
        ),
        cli="cli.spellfire:app",
        figures=(
            ("spellfire-formation.svg", "spellfire_formation"),
            ("spellfire-formation-razed.svg", "spellfire_formation_razed"),
        ),
    ),
    Game(
        "elephants",
        "Elemental Elephants",
        "clarifications",
        "000_0d2c890b30d957fe.txt",
        "rulebook.elephants",
        "Elemental Elephants rules clarifications",
        runner="rulebook.elephants:run_scenario",
        ruling="rulebook.elephants:scenario_ruling",
        new_game="rulebook.elephants:new_game",
        questions="rulebook.elephants.questions",
        # "priority" and "clash" too: two spells at one priority, a spell advancing out of the last clash, the steps
        # of a clash
        # "trunk": a hand at the round's end with the trunks lost ("my hand is empty and I've lost one trunk")
        cues=frozenset(
            {*_ELEPHANT_SPELLS, *_ELEPHANT_MORE_SPELLS, "priority", "clash", "ringleader", "ringleaders", "trunk"}
            | {"trunks"}
        ),
        verbs=frozenset(
            set(ELEPHANTS_ORDER)
            | {"cancel", "cancels"}
            | set(ELEPHANTS_ROUND_END)
            | {"advance", "advances"}
            | set(ELEPHANTS_MOVES)
            | set(ELEPHANTS_TOLD)
        ),
        names=("elemental elephants", "elephants", "elephant", "ee"),
        own_words=(
            *("trunk", "trunks", "clashes", "ringleader", "stupefy", "gravitate", "enfeeble", "turbulence", "clap"),
            *("conjury", "conjuries", "electrocute", "illuminate", "nourish", "slumber", "accelerator", "nightglow"),
            *("starfall", "repeater", "overexert"),
        ),
        cli="cli.elephants:app",
        figures=(("elephants-round.svg", "elephants_round"), ("elephants-thunder.svg", "elephants_thunder")),
    ),
]
_BY_ID = {g.id: g for g in _GAMES}


def games() -> list[Game]:
    """Every registered game, in a fixed order (the five games, then any registered from outside)."""
    return list(_GAMES)


def game(game_id: str) -> Game:
    """The game with this ID; an unknown ID suggests the closest."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise UnknownGameError(game_id, list(_BY_ID)) from None


def register(entry: Game) -> Callable[[], None]:
    """Add a game to the registry (after the others); returns the function that removes it again.

    Every part of the project that lists games (the CLI's groups, ``ask``, ``search``, ``compare``,
    ``coverage``, the caches' keys) reads the registry, so one entry is all a game needs.

    Examples:
        >>> import rulebook
        >>> undo = rulebook.register(game("clash")._replace(id="clash2")); ids = [g.id for g in games()]; undo()
        >>> ids[-1], "clash2" in [g.id for g in rulebook.games()]
        ('clash2', False)
    """
    if entry.id in _BY_ID:
        raise InvalidInputError(f"a game with the ID {entry.id!r} is registered already")
    _GAMES.append(entry)
    _BY_ID[entry.id] = entry
    return lambda: unregister(entry.id)


def unregister(game_id: str) -> None:
    """Remove a game registered with [`register`][rulebook.registry.register] (a test's own game, when it is done)."""
    entry = game(game_id)
    _GAMES.remove(entry)
    del _BY_ID[game_id]


def named(path: str) -> Any:
    """The object a ``"module:attribute"`` path names, its module imported on first use.

    Examples:
        >>> named("rulebook.clash:new_game")().current_player
        0
    """
    module, _, attribute = path.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attribute) if attribute else found


def rules(game_id: str) -> RuleSet:
    """The records of one game, loaded from its data file on first use and kept.

    Examples:
        >>> rs = rules("clash")
        >>> rs.name, len(rs) > 30
        ('Elemental Clash', True)
    """
    return _ruleset(game(game_id))


@cache
def _ruleset(entry: Game) -> RuleSet:
    # Kept per entry, so that a game registered again under the same ID is read afresh.
    from rulebook.records import load_ruleset

    return load_ruleset(entry.id, entry.data_path, entry.document)


def rule(rule_id: str) -> Record:
    """The record with this ID, from whichever game its prefix names.

    Examples:
        >>> rule("clash.ability.blaze").citation.section
        'Rules and Mechanics > Special Abilities > Fire – Blaze'
    """
    prefix = rule_id.split(".", 1)[0]
    if prefix not in _BY_ID:
        raise UnknownRuleError(rule_id, [r.id for g in games() for r in rules(g.id)])
    return rules(prefix).get(rule_id)


def engine(game_id: str) -> ModuleType:
    """The engine module of one game, imported on first use."""
    return importlib.import_module(game(game_id).engine)
