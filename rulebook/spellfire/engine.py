"""Spellfire: the clarification sheet's rulings as queries.

Everything public here is re-exported by [`rulebook.spellfire`][rulebook.spellfire], the way to import it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, UnknownNameError, lookup
from rulebook.reading import number, shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace
from rulebook.wording import plural

__all__ = [
    "MOVEMENTS",
    "POSITIONS",
    "TYPES",
    "Attacker",
    "Formation",
    "Play",
    "Realm",
    "attack",
    "borrowed",
    "bring_avatar",
    "copy_power",
    "counter",
    "deck_levels",
    "draw",
    "exposure",
    "formation",
    "may_use",
    "once_per_turn",
    "parse_attacker",
    "parse_formation",
    "parse_play",
    "priority",
]

_RULESET = _rules("spellfire")
_DATA: Mapping[str, Any] = _RULESET.data

#: The six positions of a formation, front to back.
POSITIONS: tuple[str, ...] = tuple(_DATA["formation"]["positions"])
#: The positions each position protects.
PROTECTS: Mapping[str, tuple[str, ...]] = {p: tuple(v) for p, v in _DATA["formation"]["protects"].items()}
#: The movement powers.
MOVEMENTS: tuple[str, ...] = tuple(_DATA["movement"]["kinds"])
#: The champion types accepted (see ``spellfire.interp.champion-types``).
TYPES: tuple[str, ...] = tuple(_DATA["champions"]["types"])
_TURN: Mapping[str, Any] = _DATA["turn"]
_PHASES: tuple[str, ...] = tuple(_TURN["phases"])
_COUNTERS: tuple[str, ...] = tuple(_DATA["cards"]["counters"])
_NOT_RESHUFFLED: tuple[str, ...] = tuple(_DATA["cards"]["not_reshuffled"])
_MOVEMENT_WORDS: Mapping[str, str] = {
    word: kind for kind in MOVEMENTS for word in (kind, *_DATA["movement"]["aliases"].get(kind, ()))
}
_VERB = {"flyer": "flies", "swimmer": "swims", "earthwalker": "earthwalks"}
#: The highest champion level and turn number read (far above any real card or game).
MAX_LEVEL, MAX_TURN = 999, 100_000


def _options(options: Mapping[str, object] | Options | None) -> Options:
    return options if isinstance(options, Options) else _RULESET.options(options)


def position(name: str) -> str:
    """The position called ``name`` (any case); an unknown name says which are accepted.

    Examples:
        >>> position("e")
        'E'
        >>> position("G")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown position 'G'; accepted: A, B, C, D, E, F
    """
    return lookup("position", name, POSITIONS, upper=True)


def movement(name: str) -> str:
    """The movement power called ``name``; ``flier``/``flying`` and the like are read as ``flyer``.

    Examples:
        >>> movement("flying"), movement("Swimmers")
        ('flyer', 'swimmer')
        >>> movement("fyler")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown movement power 'fyler' (did you mean 'flyer'?); accepted: ...
    """
    key = name.strip().lower()
    if key in _MOVEMENT_WORDS:
        return _MOVEMENT_WORDS[key]
    raise UnknownNameError("movement power", name.strip(), MOVEMENTS)


def champion_type(name: str) -> str:
    """The champion type called ``name`` (a plural is accepted); an unknown name suggests the closest.

    Examples:
        >>> champion_type("Heroes")
        'hero'
        >>> champion_type("wizzard")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown champion type 'wizzard' (did you mean 'wizard'?); accepted: ...
    """
    key = name.strip().lower()
    for candidate in (key, key[:-1], key[:-2]):
        if candidate in TYPES and candidate != "":
            return candidate
    raise UnknownNameError("champion type", name.strip(), TYPES)


# ---------------------------------------------------------------- formation


@dataclass(frozen=True, slots=True)
class Realm:
    """One position of a formation and what its realm card says about attackers.

    ``forbids``: movement powers the realm shuts out. ``requires``: the realm admits only attackers with
    one of these powers (a special movement requirement). ``only``: the champion types it admits.
    """

    position: str
    razed: bool = False
    coast: bool = False
    forbids: frozenset[str] = frozenset()
    requires: frozenset[str] = frozenset()
    only: frozenset[str] = frozenset()

    def traits(self) -> list[str]:
        """The realm's traits in the notation [`formation`][rulebook.spellfire.formation] reads."""
        out = ["razed"] if self.razed else []
        out += ["coast"] if self.coast else []
        out += [f"no-{m}" for m in MOVEMENTS if m in self.forbids]
        out += [f"only-{m}" for m in MOVEMENTS if m in self.requires]
        out += [f"only-{t}" for t in TYPES if t in self.only]
        return out


@dataclass(frozen=True, slots=True)
class Formation:
    """A player's six realms, A to F."""

    realms: tuple[Realm, ...]

    def realm(self, pos: str) -> Realm:
        """The realm at ``pos``."""
        return self.realms[POSITIONS.index(position(pos))]

    def protectors(self, pos: str) -> list[str]:
        """The unrazed realms protecting ``pos``, front first.

        Examples:
            >>> formation(razed="B").protectors("E")
            ['C']
        """
        pos = position(pos)
        return [p for p in POSITIONS if pos in PROTECTS[p] and not self.realm(p).razed]

    def is_exposed(self, pos: str) -> bool:
        """Whether no unrazed realm protects ``pos``.

        Examples:
            >>> [p for p in POSITIONS if formation(razed="A,C").is_exposed(p)]
            ['A', 'B', 'C', 'F']
        """
        return not self.protectors(pos)

    def to_dict(self) -> dict[str, list[str]]:
        """Each position with its traits, as JSON-ready data."""
        return {r.position: r.traits() for r in self.realms}


def exposure(form: Formation) -> Ruling:
    """Which realms of a formation are exposed, which are protected and by whom, and which are razed.

    Examples:
        >>> print(exposure(formation(razed="A,B")))
        exposed: C, D; protected: E (by C), F (by C); razed: A, B
          1. six positions, front to back: A / B, C / D, E, F  [spellfire.formation.pyramid]
          2. A protects B, C; B protects D, E; C protects E, F  [spellfire.formation.protection]
          3. razed: A, B; they protect nothing  [spellfire.formation.razed]
          4. exposed: C, D; any champion may attack them  [spellfire.formation.exposed]
          5. positions do not shift when realms are razed  [spellfire.formation.fixed-positions]
    """
    trace = Trace()
    rows = " / ".join(", ".join(row) for row in _DATA["formation"]["rows"])
    trace.add(f"six positions, front to back: {rows}", "spellfire.formation.pyramid")
    shape = "; ".join(f"{p} protects {', '.join(v)}" for p, v in PROTECTS.items() if v)
    trace.add(shape, "spellfire.formation.protection")
    razed = [p for p in POSITIONS if form.realm(p).razed]
    standing = [p for p in POSITIONS if p not in razed]
    exposed = [p for p in standing if form.is_exposed(p)]
    guarded = {p: form.protectors(p) for p in standing if p not in exposed}
    if razed:
        trace.add(f"razed: {', '.join(razed)}; they protect nothing", "spellfire.formation.razed")
    trace.add(f"exposed: {', '.join(exposed) or 'none'}; any champion may attack them", "spellfire.formation.exposed")
    if razed:
        trace.add("positions do not shift when realms are razed", "spellfire.formation.fixed-positions")
    parts = [f"exposed: {', '.join(exposed) or 'none'}"]
    if guarded:
        parts.append("protected: " + ", ".join(f"{p} (by {' and '.join(g)})" for p, g in guarded.items()))
    if razed:
        parts.append(f"razed: {', '.join(razed)}")
    value = {"exposed": exposed, "protected": guarded, "razed": razed, "formation": form.to_dict()}
    return trace.ruling("; ".join(parts), value)


def _split(text: str | Iterable[str]) -> list[str]:
    if isinstance(text, str):
        return [t for t in re.split(r"[\s,]+", text) if t]
    return [t.strip() for t in text if t.strip()]


def _all_traits() -> list[str]:
    return ["coast", "razed", *(f"no-{m}" for m in MOVEMENTS), *(f"only-{m}" for m in MOVEMENTS)] + [
        f"only-{t}" for t in TYPES
    ]


def formation(
    razed: str | Iterable[str] = (),
    realms: Mapping[str, str | Iterable[str]] | Iterable[str] = (),
) -> Formation:
    """Build a formation from the razed positions and each realm's traits.

    ``realms`` maps a position to its traits, or is a list of ``"POS:trait trait"`` strings (the CLI's
    ``--realm``). Traits: ``coast``, ``razed``, ``no-flyer`` (and the other powers), ``only-flyer`` (a
    movement requirement) and ``only-hero`` (a champion-type limit); several ``only-TYPE`` add up.

    Examples:
        >>> f = formation(razed="B", realms=["E: coast no-flyer", "F:only-wizard"])
        >>> f.to_dict()["E"], f.to_dict()["F"], f.to_dict()["B"]
        (['coast', 'no-flyer'], ['only-wizard'], ['razed'])
        >>> formation(realms=["E: no-flyers", "D: cost"])
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownNameError: unknown realm trait 'cost' (did you mean 'coast'?); accepted: ...
    """
    traits: dict[str, list[str]] = {p: [] for p in POSITIONS}
    for p in _split(razed):
        traits[position(p)].append("razed")
    items: Iterable[tuple[str, str | Iterable[str]]]
    if isinstance(realms, Mapping):
        items = realms.items()
    else:
        pairs = []
        for entry in realms:
            pos, sep, rest = entry.partition(":")
            if not sep:
                pos, _, rest = entry.strip().partition(" ")
            if not pos.strip():
                raise InvalidInputError(f"cannot read the realm {entry!r}; write 'POSITION: TRAITS', e.g. 'E: coast'")
            pairs.append((pos, rest))
        items = pairs
    for pos, words in items:
        traits[position(pos)].extend(_split(words))
    built = []
    for pos in POSITIONS:
        fields: dict[str, Any] = {"razed": False, "coast": False, "forbids": set(), "requires": set(), "only": set()}
        for word in traits[pos]:
            key = word.strip().lower()
            if key in ("coast", "coastline", "coastal"):
                fields["coast"] = True
            elif key == "razed":
                fields["razed"] = True
            elif key.startswith("no-"):
                fields["forbids"].add(_trait_name(key, movement))
            elif key.startswith("only-"):
                rest = key[5:]
                try:
                    fields["requires"].add(movement(rest))
                except UnknownNameError:
                    fields["only"].add(_trait_name(key, champion_type))
            else:
                raise UnknownNameError("realm trait", word, _all_traits())
        built.append(
            Realm(
                pos,
                fields["razed"],
                fields["coast"],
                frozenset(fields["forbids"]),
                frozenset(fields["requires"]),
                frozenset(fields["only"]),
            )
        )
    return Formation(tuple(built))


def parse_formation(text: str, razed: str | Iterable[str] = (), realms: Iterable[str] = ()) -> Formation:
    """Read a formation file: one realm per line, ``POSITION: TRAITS``; ``#`` starts a comment.

    ``razed`` and ``realms`` add to what the file says (the CLI's ``--razed`` and ``--realm``).

    Examples:
        >>> f = parse_formation("# the defender's realms\\nA: razed\\nB: coast  # a seaside realm\\nE: no-flyer")
        >>> f.to_dict()["A"], f.to_dict()["B"], f.to_dict()["E"]
        (['razed'], ['coast'], ['no-flyer'])
        >>> parse_formation("A: razed\\nB coast")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 2: cannot read 'B coast'; write 'POSITION: TRAITS', e.g. 'E: coast'
    """
    lines: list[str] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        _, sep, _ = line.partition(":")
        if not sep:
            raise InvalidInputError(f"line {lineno}: cannot read {line!r}; write 'POSITION: TRAITS', e.g. 'E: coast'")
        try:
            formation(realms=[line])
        except InvalidInputError as err:
            raise InvalidInputError(f"line {lineno}: {err}") from None
        lines.append(line)
    return formation(razed, [*lines, *realms])


def _trait_name(key: str, reader: Any) -> str:
    try:
        return reader(key.split("-", 1)[1])
    except UnknownNameError:
        raise UnknownNameError("realm trait", key, _all_traits()) from None


# ---------------------------------------------------------------- attackers


@dataclass(frozen=True, slots=True)
class Attacker:
    """A card in the attacking party: the champion (with a type, if known) or an ally; its movement powers."""

    role: str
    type: str | None = None
    moves: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        """How the trace calls it: ``the hero``, ``the champion``, ``ally 2``."""
        return f"the {self.type or 'champion'}" if self.role == "champion" else self.role

    def describe(self) -> str:
        """The attacker in the notation [`parse_attacker`][rulebook.spellfire.parse_attacker] reads."""
        words = ([self.type] if self.type else []) + [m for m in MOVEMENTS if m in self.moves]
        return " ".join(words) or "none"


def parse_attacker(text: str, role: str = "champion") -> Attacker:
    """Read an attacker: a champion type (champions only) and movement powers, e.g. ``"hero flyer"``.

    ``none`` (or an empty text) is an attacker with no movement power.

    Examples:
        >>> a = parse_attacker("wizard flying swimmer")
        >>> a.role, a.type, sorted(a.moves), a.describe()
        ('champion', 'wizard', ['flyer', 'swimmer'], 'wizard flyer swimmer')
        >>> parse_attacker("earthwalker", role="ally 1").moves
        frozenset({'earthwalker'})
        >>> parse_attacker("hero", role="ally 1")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: ally 1: 'hero' is a champion type; an ally is described by its movement...
    """
    kind: str | None = None
    moves: set[str] = set()
    for word in _split(text):
        if word.lower() in ("none", "-", "normal", "plain", "walker"):
            continue
        try:
            moves.add(movement(word))
            continue
        except UnknownNameError:
            pass
        try:
            t = champion_type(word)
        except UnknownNameError:
            raise UnknownNameError(
                f"word for {'the champion' if role == 'champion' else role}", word, [*MOVEMENTS, *TYPES]
            ) from None
        if role != "champion":
            raise InvalidInputError(
                f"{role}: {word!r} is a champion type; an ally is described by its movement powers only "
                f"({', '.join(MOVEMENTS)} or none)"
            )
        if kind is not None and kind != t:
            raise InvalidInputError(f"the champion has two types ({kind}, {t}); give one")
        kind = t
    return Attacker(role, kind, frozenset(moves))


def _reaches(realm: Realm, power: str, opts: Options) -> tuple[bool, list[tuple[str, ...]]]:
    """Whether ``power`` carries an attacker past the protection of ``realm``, with the steps.

    Each step is ``(text, rule)``, or ``(text, rule, overridden rule)`` where the rule replaces another.
    """
    where = realm.position
    if power == "flyer":
        return True, [(f"flies over the realms in front to {where}", "spellfire.move.flyer")]
    if power == "swimmer":
        if realm.coast:
            return True, [
                (f"swims to {where}, which shows a coastline", "spellfire.move.swimmer"),
                (
                    "(the base rules agree: a coastline is open to swimmers, protected or not)",
                    "spellfire.move.base-swimmer",
                ),
            ]
        return False, [(f"swims, but {where} has no coastline to swim past its protection", "spellfire.move.swimmer")]
    limits = []
    if realm.requires:
        limits.append("a movement requirement (only " + ", ".join(sorted(realm.requires)) + ")")
    if realm.only and opts["earthwalker-limits"] == "sheet":
        limits.append("a champion-type limit (only " + ", ".join(sorted(realm.only)) + ")")
    if realm.only and not limits:
        return True, [
            (f"earthwalks under the realms in front to {where}", "spellfire.move.base-flyer-earthwalker"),
            (
                f"(option earthwalker-limits=base: {where}'s champion-type limit does not stop earthwalking)",
                "spellfire.interp.earthwalker-sources",
            ),
        ]
    if limits:
        return False, [
            (
                f"earthwalks, but {where} has " + " and ".join(limits) + ", which earthwalking cannot pass",
                "spellfire.move.earthwalker",
                "spellfire.move.base-flyer-earthwalker",
            ),
            ("(under the base rules an earthwalker would pass here)", "spellfire.move.base-flyer-earthwalker"),
            ("(the sources disagree; the sheet's narrower ruling is followed)", "spellfire.interp.earthwalker-sources"),
        ]
    return True, [(f"earthwalks under the realms in front to {where}", "spellfire.move.earthwalker")]


def attack(
    form: Formation,
    target: str,
    champion: Attacker | str,
    allies: Sequence[Attacker | str] = (),
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Judge whether a champion, with its allies, may attack the realm at ``target``, and why.

    An illegal attack is an answer (``legal`` is ``False``), not an error. ``value`` holds the target,
    whether it is exposed, its unrazed protectors, and each attacker's verdict.

    Examples:
        >>> f = formation()
        >>> attack(f, "B", "hero").verdict
        'illegal: B is protected by A, and the hero has no movement power'
        >>> attack(f, "B", "hero flyer", ["flyer"]).verdict
        'legal: the hero (flyer) may attack B, with 1 ally'
        >>> attack(formation(realms=["A: no-flyer"]), "A", "monster flyer").verdict
        'illegal: A shuts out flyers, and the monster always flies'
    """
    opts = _options(options)
    pos = position(target)
    realm = form.realm(pos)
    champ = champion if isinstance(champion, Attacker) else parse_attacker(champion)
    party = [champ] + [
        a if isinstance(a, Attacker) else parse_attacker(a, f"ally {i}") for i, a in enumerate(allies, 1)
    ]
    trace = Trace()
    value: dict[str, Any] = {
        "target": pos,
        "formation": form.to_dict(),
        "exposed": None,
        "protected_by": [],
        "attackers": [],
        "options": dict(opts),
    }

    def answer(verdict: str, legal: bool) -> Ruling:
        value["legal"] = legal
        return trace.ruling(verdict, value, legal)

    for p in POSITIONS:
        if form.realm(p).razed and (p == pos or pos in PROTECTS[p]):
            trace.add(f"{p} is razed: it protects nothing", "spellfire.formation.razed")
    if realm.razed:
        trace.add(f"{pos} is already razed, so it is no target", "spellfire.interp.razed-not-attackable")
        return answer(f"illegal: {pos} is razed and cannot be attacked", False)

    guards = form.protectors(pos)
    exposed = not guards
    value.update(exposed=exposed, protected_by=guards)
    if exposed:
        behind = [p for p in POSITIONS if pos in PROTECTS[p]]
        verb = "is" if len(behind) == 1 else "are"
        why = "it is at the front" if not behind else f"{' and '.join(behind)} in front of it {verb} razed"
        trace.add(f"{pos} is exposed: {why}", "spellfire.formation.exposed")
        if behind:
            trace.add(f"positions do not shift: {pos} stays where it is", "spellfire.formation.fixed-positions")
    else:
        trace.add(
            f"{pos} is protected by {' and '.join(guards)}, which {'is' if len(guards) == 1 else 'are'} not razed",
            "spellfire.formation.protection",
        )

    failure: str | None = None
    for who in party:
        ok, reason = _judge(who, champ, realm, exposed, guards, opts, trace)
        value["attackers"].append({"role": who.role, "card": who.describe(), "legal": ok, "reason": reason})
        if not ok and failure is None:
            failure = reason
    if failure is not None:
        return answer(f"illegal: {failure}", False)
    trace.add(
        "any champion or ally of the defender may block, whatever the attackers' movement",
        "spellfire.move.any-may-defend",
    )
    moves = f" ({', '.join(m for m in MOVEMENTS if m in champ.moves)})" if champ.moves else ""
    with_allies = f", with {len(party) - 1} all{'y' if len(party) == 2 else 'ies'}" if len(party) > 1 else ""
    return answer(f"legal: {champ.name}{moves} may attack {pos}{with_allies}", True)


def _judge(
    who: Attacker,
    champ: Attacker,
    realm: Realm,
    exposed: bool,
    guards: list[str],
    opts: Options,
    trace: Trace,
) -> tuple[bool, str]:
    """One attacker's verdict against one realm, written into ``trace``: (legal, reason)."""
    pos = realm.position
    is_champ = who.role == "champion"
    moves = set(who.moves)
    shut = [m for m in MOVEMENTS if m in moves and m in realm.forbids]
    if shut:
        if is_champ or opts.flag("allies-forced-movement"):
            rule = "spellfire.move.cannot-choose-not-to"
            trace.add(
                f"{pos} shuts out {shut[0]}s and {who.name} cannot choose not to use its power, exposed or not",
                rule,
                # An exposed realm is open to anyone, but not to a flyer it shuts out.
                "spellfire.formation.exposed" if exposed else None,
            )
            if not is_champ:
                trace.add(f"{who.name} is bound like a champion", "spellfire.interp.allies-forced-movement")
            return False, f"{pos} shuts out {shut[0]}s, and {who.name} always {_VERB[shut[0]]}"
        trace.add(
            f"{who.name} joins without its {', '.join(shut)} power (option allies-forced-movement=no)",
            "spellfire.interp.allies-forced-movement",
        )
        moves -= set(shut)
    if is_champ and realm.only:
        admitted = ", ".join(sorted(realm.only))
        if who.type is None:
            raise InvalidInputError(
                f"{pos} admits only champions of type {admitted}: give the champion's type (e.g. '{admitted} flyer')"
            )
        if who.type not in realm.only:
            trace.add(
                f"{pos} admits only {admitted} champions; {who.name} is not one", "spellfire.interp.champion-types"
            )
            return False, f"{pos} admits only {admitted} champions, not {who.name}"
        trace.add(f"{pos} admits {admitted} champions: {who.name} may attack it", "spellfire.interp.champion-types")
    if realm.requires and not moves & realm.requires:
        need = " or ".join(sorted(realm.requires))
        trace.add(f"{pos} can be attacked only by a {need}; {who.name} is not", "spellfire.interp.movement-requirement")
        return False, f"{pos} can be attacked only by a {need}"
    if exposed:
        return True, f"{pos} is exposed"
    guarded = f"{pos} is protected by {' and '.join(guards)}"
    if is_champ:
        for power in (m for m in MOVEMENTS if m in moves):
            ok, steps = _reaches(realm, power, opts)
            for text, rule, *overridden in steps:
                trace.add(text if text.startswith("(") else f"{who.name} {text}", rule, *overridden)
            if ok:
                return True, steps[0][0]
        if not moves:
            trace.add(
                f"{who.name} has no movement power, so it can attack only an exposed realm",
                "spellfire.formation.exposed",
            )
            return False, f"{guarded}, and {who.name} has no movement power"
        trace.add(
            f"{who.name} has no movement power that reaches {pos} past its protection", "spellfire.formation.exposed"
        )
        have = ", ".join(m for m in MOVEMENTS if m in moves)
        return False, f"{guarded}, and {who.name}'s movement ({have}) does not reach it"
    # an ally against a protected realm
    rule = "spellfire.move.allies-need-movement"
    if not moves:
        trace.add(f"{who.name} neither flies, swims nor earthwalks, and the champion's power is not lent", rule)
        trace.add("a champion's movement stays its own", "spellfire.move.no-granting")
        trace.add("(the base rules agree: movement powers are not passed to allies)", "spellfire.move.base-not-passed")
        return False, f"{guarded}, and {who.name} has no movement power of its own"
    how = opts["ally-reach"]
    if how == "any-movement":
        trace.add(f"{who.name} has a movement power (option ally-reach=any-movement)", "spellfire.interp.ally-reach")
        return True, "has a movement power"
    pool = [m for m in MOVEMENTS if m in moves and (how == "own" or m in champ.moves)]
    if not pool:
        trace.add(
            f"{who.name} shares no movement power with the champion (option ally-reach=shared)",
            "spellfire.interp.ally-reach",
        )
        return False, f"{guarded}, and {who.name} shares no movement power with the champion"
    for power in pool:
        ok, steps = _reaches(realm, power, opts)
        for text, step_rule, *overridden in steps:
            trace.add(text if text.startswith("(") else f"{who.name} {text}", step_rule, *overridden)
        if ok:
            trace.add(f"{who.name} reaches {pos} by its own power", "spellfire.interp.ally-reach")
            trace.add(f"so {who.name} may join the attack on a protected realm", rule)
            return True, steps[0][0]
    trace.add(f"{who.name} has no power of its own that reaches {pos}", "spellfire.interp.ally-reach")
    trace.add(f"so {who.name} cannot join the attack on a protected realm", rule)
    return False, f"{guarded}, and {who.name}'s movement does not reach it"


# ---------------------------------------------------------------- counter-effects and order of play


@dataclass(frozen=True, slots=True)
class Play:
    """One card played: who played it, and the card's name."""

    player: str
    card: str

    def __str__(self) -> str:
        return f"{self.player} {self.card}"


def parse_play(text: str) -> Play:
    """Read a card play written ``PLAYER CARD`` or ``PLAYER: CARD`` (the card name may have spaces).

    Examples:
        >>> parse_play("P1: Cataclysm!")
        Play(player='P1', card='Cataclysm!')
        >>> parse_play("Calm")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read the play 'Calm'; write 'PLAYER CARD', e.g. 'P2 Calm'
    """
    # Whitespace runs are made single spaces first, so the pattern cannot backtrack over them.
    m = re.fullmatch(r"([^\s:]+) ?(?::|(?= )) ?(\S.*)", " ".join(text.split()))
    if not m:
        raise InvalidInputError(f"cannot read the play {shown(text.strip())!r}; write 'PLAYER CARD', e.g. 'P2 Calm'")
    return Play(m[1], m[2])


def _same_card(a: str, b: str) -> bool:
    return a.strip().lower() == b.strip().lower()


def counter(
    plays: Sequence[Play | str],
    affected: str | None = None,
    counters: Iterable[str] = (),
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Does the last card played negate the first? ``plays`` is the sequence of cards, in playing order.

    The first play is the card whose effect is in question, the last is the counter-effect card; the
    plays between are everything played meanwhile, by anyone. ``affected`` is the player the first
    card affects (by default, whoever plays the counter). The sheet names Calm as a counter-effect
    card; ``counters`` declares others.

    Examples:
        >>> counter(["P1 Cataclysm!", "P2 Calm"]).verdict
        "P2's Calm negates P1's Cataclysm!"
        >>> counter(["P1 Cataclysm!", "P2 Good Fortune", "P2 Calm"]).verdict
        "P1's Cataclysm! stands: P2 played Good Fortune before Calm"
    """
    opts = _options(options)
    seq = [p if isinstance(p, Play) else parse_play(p) for p in plays]
    if len(seq) < 2:
        raise InvalidInputError("give at least two plays: the card whose effect is in question, then the counter")
    first, last, between = seq[0], seq[-1], seq[1:-1]
    known = list(dict.fromkeys([*_COUNTERS, *counters]))
    who = affected or last.player
    trace = Trace()
    value: dict[str, Any] = {
        "card": str(first),
        "counter": str(last),
        "affected": who,
        "between": [str(p) for p in between],
        "negated": False,
        "options": dict(opts),
    }
    trace.add(
        f"{first.player}'s {first.card} takes effect in full before the next card, unless it is countered",
        "spellfire.effects.in-order",
    )
    if not any(_same_card(last.card, k) for k in known):
        from rulebook.errors import closest

        near = closest(last.card, known)
        if near:
            raise UnknownNameError("counter-effect card", last.card, known)
        trace.add(
            f"{last.card} is not a counter-effect card (the sheet names {', '.join(_COUNTERS)})",
            "spellfire.counter.negates",
        )
        return trace.ruling(f"{first.player}'s {first.card} stands: {last.card} is not a counter-effect card", value)
    trace.add(
        f"{last.card} is a counter-effect card: it can cancel a card played before it", "spellfire.counter.negates"
    )
    if last.player != who:
        if not opts.flag("counter-by-others"):
            trace.add(
                f"{last.card} is played by {last.player}, not by the affected player {who}",
                "spellfire.interp.counter-player",
            )
            return trace.ruling(
                f"{first.player}'s {first.card} stands: the counter must come from the affected player {who}", value
            )
        trace.add(
            f"{last.player} counters on behalf of {who} (option counter-by-others=yes)",
            "spellfire.interp.counter-player",
        )
    own = [p for p in between if p.player == who]
    others = [p for p in between if p.player != who]
    if others:
        trace.add(
            f"{', '.join(map(str, others))} in between {'is' if len(others) == 1 else 'are'} not {who}'s",
            "spellfire.interp.counter-others-between",
        )
    if own:
        trace.add(
            f"{who} played {own[0].card} first, so {last.card} is not {who}'s very next card",
            "spellfire.counter.next-card",
        )
        played = f"{who} played {own[0].card} before {last.card}"
        return trace.ruling(f"{first.player}'s {first.card} stands: {played}", value)
    trace.add(f"{last.card} is {who}'s very next card after {first.card}", "spellfire.counter.next-card")
    trace.add(
        f"{first.card}'s effect is cancelled, although cards otherwise take effect in the order played",
        "spellfire.counter.negates",
        "spellfire.effects.in-order",
    )
    value["negated"] = True
    return trace.ruling(f"{last.player}'s {last.card} negates {first.player}'s {first.card}", value)


def priority(acting: str, claims: Sequence[str], seating: Sequence[str] | None = None) -> Ruling:
    """Who resolves first when it is in doubt who played first: ``claims`` are ``"PLAYER play"`` or
    ``"PLAYER activate"`` (activating a card already in play).

    ``seating`` is the order of the players around the table (by default, their names sorted).

    Examples:
        >>> priority("P1", ["P2 play", "P1 activate"]).verdict
        'P1 resolves first: P1 activate, then P2 play'
        >>> priority("P1", ["P3 play", "P2 play"], seating=["P1", "P2", "P3"]).value["order"]
        ['P2 play', 'P3 play']
    """
    parsed = []
    for claim in claims:
        player, _, how = claim.strip().partition(" ")
        how = how.strip().lower() or "play"
        if how not in ("play", "activate"):
            raise UnknownNameError("way of using a card", how, ["play", "activate"])
        parsed.append((player, how))
    if len(parsed) < 2:
        raise InvalidInputError("give at least two claims to order, e.g. 'P1 activate' 'P2 play'")
    players = list(seating) if seating else sorted({p for p, _ in parsed} | {acting})
    for p, _ in parsed:
        if p not in players:
            raise UnknownNameError("player", p, players)
    if acting not in players:
        raise UnknownNameError("acting player", acting, players)
    trace = Trace()
    trace.add("every card played could be answered by every player before play went on", "spellfire.order.respond")
    start = players.index(acting)
    seat = {p: (i - start) % len(players) for i, p in enumerate(players)}
    order = sorted(parsed, key=lambda c: (seat[c[0]], c[1] != "activate"))
    mine = [c for c in parsed if c[0] == acting]
    if any(how == "activate" for _, how in mine):
        trace.add(
            f"{acting} activates a card already in play on their own turn: it has priority",
            "spellfire.order.in-play-priority",
        )
    if mine:
        trace.add(f"{acting} is the acting player, so {acting} resolves first", "spellfire.order.acting-player-first")
    rest = [c for c in order if c[0] != acting]
    if len({p for p, _ in rest}) > 1:
        trace.add(
            "the other players follow in turn order after the acting player: " + ", ".join(p for p, _ in rest),
            "spellfire.interp.order-between-others",
        )
    names = [f"{p} {how}" for p, how in order]
    return trace.ruling(f"{order[0][0]} resolves first: " + ", then ".join(names), {"acting": acting, "order": names})


# ---------------------------------------------------------------- borrowing, copying, permissions


def borrowed(during_combat: bool = True, discarded: bool = False, kept_by_text: bool = False) -> Ruling:
    """When does a borrowed card go back to its owner?

    Examples:
        >>> borrowed().verdict
        'the borrowed card returns to its owner at the end of this round of combat'
        >>> borrowed(discarded=True).value["returns"]
        False
    """
    trace = Trace()
    value: dict[str, Any] = {"returns": True, "when": "end of the round of combat"}
    if kept_by_text:
        trace.add("the card's own text says it is not returned", "spellfire.borrow.exceptions")
        value.update(returns=False, when=None)
        return trace.ruling("the borrowed card is not returned: its text says so", value)
    if discarded:
        trace.add("the card was discarded during the combat", "spellfire.borrow.exceptions")
        value.update(returns=False, when=None)
        return trace.ruling("the borrowed card is not returned: it was discarded during combat", value)
    if not during_combat:
        trace.add(
            "the sheet sets a return moment only for cards borrowed in combat", "spellfire.interp.borrow-outside-combat"
        )
        value.update(returns=None, when=None)
        return trace.ruling("the sheet does not say: the borrowing card's text decides when it returns", value)
    trace.add("borrowed in a round of combat, it goes back when that round ends", "spellfire.borrow.return")
    return trace.ruling("the borrowed card returns to its owner at the end of this round of combat", value)


def _phase(phase: int) -> int:
    if not isinstance(phase, int) or not 0 <= phase < len(_PHASES):
        raise InvalidInputError(f"phase {phase!r} does not exist; a turn has phases 0 to {len(_PHASES) - 1}")
    return phase


def copy_power(
    source: str = "champion",
    phase: int = 3,
    duration: str | None = None,
    card_sets_timing: bool = False,
) -> Ruling:
    """May a card copy (or duplicate) the power of a ``source`` card now, and what does the copy give?

    ``phase`` is the phase in which the owner chooses the power to copy; ``card_sets_timing`` when the
    copying card itself says when to choose. ``duration`` is the duration the copying card states.

    Examples:
        >>> copy_power("avatar").verdict
        'illegal: the powers of an Avatar cannot be copied'
        >>> copy_power("champion", phase=4).verdict
        'illegal: the power to copy is chosen in phase 3, not in phase 4 (attack)'
        >>> copy_power("champion", duration="until end of turn").verdict
        "legal: the copy takes the champion's power word for word, at once, until end of turn"
    """
    what = source.strip().lower()
    if not what:
        raise InvalidInputError("name the kind of card whose power is copied, e.g. champion or avatar")
    phase = _phase(phase)
    trace = Trace()
    value: dict[str, Any] = {"source": what, "phase": phase, "duration": duration}
    if what in ("avatar", "avatars"):
        trace.add("an Avatar's special powers are never copied", "spellfire.copy.no-avatars")
        return trace.ruling("illegal: the powers of an Avatar cannot be copied", value, legal=False)
    choose = _TURN["copy_choice_phase"]
    if phase != choose and not card_sets_timing:
        trace.add(f"a new power to copy is chosen each turn in phase {choose}", "spellfire.copy.choose-each-turn")
        if phase > choose:
            trace.add("the choice cannot wait for a battle to begin", "spellfire.once.choose-in-phase-3")
        return trace.ruling(
            f"illegal: the power to copy is chosen in phase {choose}, not in phase {phase} ({_PHASES[phase]})",
            value,
            legal=False,
        )
    if card_sets_timing:
        trace.add("the copying card sets its own moment of choice", "spellfire.copy.choose-each-turn")
    else:
        trace.add(f"phase {choose}: the owner picks the card to copy for this turn", "spellfire.copy.choose-each-turn")
    trace.add(f"the copy takes the {what}'s power text exactly, limits included", "spellfire.copy.exact-text")
    trace.add("the copy is made as soon as the copying card is played", "spellfire.copy.when")
    if duration:
        trace.add(f"the copy lasts as the copying card states: {duration}", "spellfire.copy.duration")
        lasts = duration
    else:
        trace.add("no duration stated: the copy lasts until the next choice", "spellfire.interp.copy-no-duration")
        lasts = "until the owner chooses again next turn"
    value["duration"] = lasts
    return trace.ruling(f"legal: the copy takes the {what}'s power word for word, at once, {lasts}", value, legal=True)


def _words(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z]+", text.lower()):
        if w in ("any", "all", "cast", "use", "can", "may", "to", "cards", "card"):
            continue
        out.append(w[:-1] if w.endswith("s") and not w.endswith("ss") else w)
    return out


def may_use(permission: str, card: str, restriction: str | None = None) -> Ruling:
    """Does a permission to use "any" (or "all") cards of a type let a champion use ``card``?

    ``permission`` names the type granted (``"any spell"``, ``"all wizard spells"``); ``card`` is the
    card's type (``"wizard spell"``); ``restriction`` the card's own limit on its users, if any.

    Examples:
        >>> may_use("cast any spell", "wizard spell", restriction="only dragons").verdict
        'legal: "cast any spell" covers every spell, even one restricted to only dragons'
        >>> may_use("any cleric spell", "wizard spell").legal
        False
    """
    granted, kind = _words(permission), _words(card)
    if not granted or not kind:
        raise InvalidInputError("give the type the permission grants (e.g. 'any spell') and the card's type")
    trace = Trace()
    value = {"permission": permission, "card": card, "restriction": restriction}
    covered = granted[-1] == kind[-1] and set(granted) <= set(kind)
    label = " ".join(granted)
    if not covered:
        trace.add(f"a permission for {label} cards says nothing of a {' '.join(kind)}", "spellfire.permission.any-all")
        return trace.ruling(f'illegal: "{permission}" does not cover a {card}', value, legal=False)
    limit = f", even one restricted to {restriction}" if restriction else ""
    trace.add(f'"any" or "all" {label} cards means every one of them{limit}', "spellfire.permission.any-all")
    return trace.ruling(f'legal: "{permission.strip()}" covers every {label}{limit}', value, legal=True)


# ---------------------------------------------------------------- Avatars


def bring_avatar(phase: int, conditions_met: bool = True, again: bool = False) -> Ruling:
    """May an Avatar be brought into play now? ``again``: it has been in play before this time.

    Examples:
        >>> bring_avatar(3).legal, bring_avatar(4).legal
        (True, False)
        >>> bring_avatar(3, conditions_met=False, again=True).verdict
        "illegal: the Avatar's conditions are not met (they apply every time it comes into play)"
    """
    phase = _phase(phase)
    trace = Trace()
    value = {"phase": phase, "conditions_met": conditions_met, "again": again}
    need = _TURN["avatar_phase"]
    if phase != need:
        trace.add(f"phase {phase} is for {_PHASES[phase]}", "spellfire.turn.phases")
        trace.add(f"Avatars come into play only in phase {need}", "spellfire.avatar.phase-3")
        return trace.ruling(f"illegal: an Avatar comes into play only in phase {need}, not phase {phase}", value, False)
    trace.add("an Avatar is a champion with conditions to meet before it comes into play", "spellfire.glossary.avatar")
    trace.add(f"phase {need}: Avatars may be brought into play", "spellfire.avatar.phase-3")
    every = "again, as every time" if again else "every time"
    if not conditions_met:
        trace.add(f"its printed conditions must be met {every}", "spellfire.avatar.conditions")
        return trace.ruling(
            "illegal: the Avatar's conditions are not met (they apply every time it comes into play)", value, False
        )
    trace.add(f"its printed conditions are met ({every})", "spellfire.avatar.conditions")
    return trace.ruling("legal: the Avatar may be brought into play", value, legal=True)


def deck_levels(champions: Sequence[str], free: str | None = None) -> Ruling:
    """The total of levels a deck's champions count for, with one Avatar free.

    Each champion is written ``NAME:LEVEL``, an Avatar ``NAME:LEVEL:avatar``. With one Avatar it is the
    free one; with several, ``free`` names it.

    Examples:
        >>> deck_levels(["Elminster:9", "Drizzt:7", "Bane:14:avatar"]).verdict
        'the champions count for 16 levels; Bane (Avatar, level 14) is free; 3 cards'
    """
    rows = []
    for entry in champions:
        parts = [p.strip() for p in entry.split(":")]
        if len(parts) not in (2, 3) or not parts[0] or not parts[1]:
            raise InvalidInputError(f"cannot read the champion {entry!r}; write 'NAME:LEVEL' or 'NAME:LEVEL:avatar'")
        level = number(parts[1], f"the level of {parts[0]!r}", low=0, high=MAX_LEVEL)
        if len(parts) == 3 and parts[2].lower() != "avatar":
            raise UnknownNameError("champion mark", parts[2], ["avatar"])
        rows.append((parts[0], level, len(parts) == 3))
    avatars = [name for name, _, is_avatar in rows if is_avatar]
    trace = Trace()
    chosen: str | None = None
    if free is not None:
        if free not in avatars:
            raise UnknownNameError("Avatar of this deck", free, avatars or ["(no Avatar listed)"])
        chosen = free
        if len(avatars) > 1:
            trace.add(f"the owner names {free} as the free Avatar", "spellfire.interp.free-avatar-choice")
    elif len(avatars) == 1:
        chosen = avatars[0]
    elif avatars:
        raise InvalidInputError(f"the deck has {len(avatars)} Avatars ({', '.join(avatars)}): name the free one")
    total = sum(level for name, level, _ in rows if name != chosen)
    if chosen:
        level = next(lv for n, lv, _ in rows if n == chosen)
        trace.add(f"{chosen}'s level {level} does not count; it is still one card", "spellfire.avatar.free")
        note = f"; {chosen} (Avatar, level {level}) is free"
    else:
        trace.add("no Avatar: every level counts", "spellfire.avatar.free")
        note = ""
    value = {"levels": total, "cards": len(rows), "free_avatar": chosen}
    return trace.ruling(f"the champions count for {plural(total, 'level')}{note}; {plural(len(rows), 'card')}", value)


# ---------------------------------------------------------------- running out of cards; once per turn


def draw(
    pile: int,
    count: int = 1,
    discard: int = 0,
    elsewhere: Mapping[str, int] | None = None,
    options: Mapping[str, object] | Options | None = None,
) -> Ruling:
    """Draw ``count`` cards from a draw pile of ``pile`` cards: is the game over, and what happens next?

    ``discard`` is the discard pile at the end of the turn; ``elsewhere`` counts cards in the Abyss,
    Limbo and the Void, which a reshuffle leaves out. The optional reshuffle is the option ``reshuffle``.

    Examples:
        >>> draw(2, count=3).verdict
        'the draw pile is emptied: the game ends, and the player with the most unrazed realms wins'
        >>> r = draw(2, count=3, discard=20, elsewhere={"abyss": 4}, options={"reshuffle": "yes"})
        >>> r.verdict
        'draws 2, 1 lost; at the end of the turn the 20 discarded cards become the new draw pile'
    """
    opts = _options(options)
    away = dict(elsewhere or {})
    for name in away:
        if name not in _NOT_RESHUFFLED:
            raise UnknownNameError("pile", name, _NOT_RESHUFFLED)
    for label, n in (("pile", pile), ("count", count), ("discard", discard), *away.items()):
        if not isinstance(n, int) or n < 0:
            raise InvalidInputError(f"{label} must be a whole number of cards, 0 or more; got {n!r}")
    drawn = min(pile, count)
    left, short = pile - drawn, count - drawn
    trace = Trace()
    value: dict[str, Any] = {
        "drawn": drawn,
        "left": left,
        "lost": 0,
        "game_over": False,
        "new_draw_pile": None,
        "options": dict(opts),
    }
    trace.add(
        f"draws {drawn} of the {count} card{'s' if count != 1 else ''} asked for; {left} left", "spellfire.turn.phases"
    )
    if left > 0:
        return trace.ruling(f"draws {drawn}; {left} left in the draw pile", value)
    if not opts.flag("reshuffle"):
        trace.add(
            "an emptied draw pile ends the game (the optional reshuffle is not in use)", "spellfire.interp.reshuffle"
        )
        trace.add("the game is over", "spellfire.deck.empty-ends-game")
        trace.add("the player with the most unrazed realms wins", "spellfire.end.victory")
        value["game_over"] = True
        return trace.ruling(
            "the draw pile is emptied: the game ends, and the player with the most unrazed realms wins", value
        )
    trace.add(
        "option reshuffle=yes: the discard pile will become the new draw pile at the end of the turn",
        "spellfire.interp.reshuffle",
    )
    trace.add(
        f"at the end of this turn, {discard} discarded cards are shuffled into a new draw pile",
        "spellfire.deck.optional-reshuffle",
        "spellfire.deck.empty-ends-game",
    )
    kept = {k: v for k, v in away.items() if v}
    if kept:
        names = {"abyss": "the Abyss", "limbo": "Limbo", "void": "the Void"}
        listed = ", ".join(f"{v} in {names[k]}" for k, v in kept.items())
        trace.add(f"not reshuffled: {listed}", "spellfire.deck.not-reshuffled")
        trace.add("(none of them is the discard pile)", "spellfire.glossary.limbo-abyss-void")
    value["new_draw_pile"] = discard
    lost = ""
    if short:
        trace.add(
            f"{short} card{'s' if short != 1 else ''} that could not be drawn {'is' if short == 1 else 'are'} lost",
            "spellfire.deck.draws-lost",
        )
        value["lost"] = short
        lost = f", {short} lost"
    if discard == 0:
        trace.add(
            "the discard pile is empty too, so the new draw pile is empty: the game ends",
            "spellfire.deck.empty-ends-game",
        )
        value["game_over"] = True
        return trace.ruling(f"draws {drawn}{lost}; nothing to reshuffle: the game ends", value)
    return trace.ruling(
        f"draws {drawn}{lost}; at the end of the turn the {discard} discarded cards become the new draw pile", value
    )


def once_per_turn(attempts: Sequence[str | tuple[int, int]], card_phase: int | None = None) -> Ruling:
    """Which uses of a once-per-turn power are allowed? Each attempt is ``(owner's turn, phase)`` or ``"TURN:PHASE"``.

    ``card_phase`` is the phase the card itself names, when it is not phase 3.

    Examples:
        >>> once_per_turn(["1:3", "1:3", "2:3"]).verdict
        'turn 1 phase 3: allowed; turn 1 phase 3: refused; turn 2 phase 3: allowed'
        >>> once_per_turn(["1:4"]).legal
        False
    """
    parsed: list[tuple[int, int]] = []
    for a in attempts:
        if isinstance(a, str):
            turn_s, sep, phase_s = a.partition(":")
            if not sep or not turn_s.strip() or not phase_s.strip():
                raise InvalidInputError(f"cannot read the use {a!r}; write 'TURN:PHASE', e.g. '1:3'")
            a = (
                number(turn_s, f"the turn number of {a.strip()!r}", low=1, high=MAX_TURN),
                number(phase_s, f"the phase of {a.strip()!r}"),  # its range is checked below
            )
        parsed.append((a[0], _phase(a[1])))
    if not parsed:
        raise InvalidInputError("give at least one use, as 'TURN:PHASE' (the owner's turn number and the phase)")
    for (t1, _), (t2, _) in pairwise(parsed):
        if t2 < t1:
            raise InvalidInputError(f"uses must be in order: turn {t2} comes after turn {t1}")
    phase_ok = _phase(card_phase) if card_phase is not None else _TURN["once_per_turn_phase"]
    trace = Trace()
    used: set[int] = set()
    results = []
    for turn, phase in parsed:
        at = f"turn {turn} phase {phase}"
        if phase != phase_ok:
            rule = "spellfire.interp.once-phase" if card_phase is None else "spellfire.once.phase-3"
            trace.add(f"{at}: refused, the power is used in phase {phase_ok}", rule)
            results.append({"turn": turn, "phase": phase, "allowed": False, "reason": f"not phase {phase_ok}"})
            continue
        if turn in used:
            trace.add(
                f"{at}: refused, already used this turn; next chance is the owner's next turn",
                "spellfire.once.until-next-turn",
            )
            results.append({"turn": turn, "phase": phase, "allowed": False, "reason": "already used this turn"})
            continue
        used.add(turn)
        trace.add(f"{at}: allowed, the first use this turn", "spellfire.once.phase-3")
        results.append({"turn": turn, "phase": phase, "allowed": True, "reason": "first use this turn"})
    verdict = "; ".join(
        f"turn {r['turn']} phase {r['phase']}: {'allowed' if r['allowed'] else 'refused'}" for r in results
    )
    return trace.ruling(verdict, {"uses": results}, legal=all(r["allowed"] for r in results))


def _attack_case(razed: str = "", realms: tuple[str, ...] = (), **rest: Any) -> Ruling:
    return attack(formation(razed, realms), **rest)


#: The queries a scenario can name (``query`` in ``rulebook/data/scenarios/spellfire.toml``).
SCENARIO_QUERIES: dict[str, Callable[..., Ruling]] = {
    "attack": _attack_case,
    "formation": lambda razed="", realms=(): exposure(formation(razed, realms)),
    "counter": counter,
    "priority": priority,
    "borrow": borrowed,
    "copy": copy_power,
    "use": may_use,
    "avatar": bring_avatar,
    "levels": deck_levels,
    "draw": draw,
    "once": once_per_turn,
}
#: The queries that take rules options.
TAKES_OPTIONS = frozenset({"attack", "counter", "draw"})


def scenario_ruling(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> Ruling:
    """The ruling a scenario asks for: its ``query`` with its ``args``, under its options and ``options``.

    Examples:
        >>> scenario_ruling({"query": "attack", "args": {"target": "B", "champion": "hero"}}).legal
        False
    """
    args = dict(case.get("args", {}))
    if case["query"] in TAKES_OPTIONS:
        args["options"] = {**case.get("options", {}), **(options or {})}
    return SCENARIO_QUERIES[case["query"]](**args)


def run_scenario(case: Mapping[str, Any], options: Mapping[str, object] | None = None) -> tuple[str, str]:
    """A scenario's answer (its verdict) and detail (its value), for ``rulebook compare``."""
    ruling = scenario_ruling(case, options)
    value = ruling.value if isinstance(ruling.value, Mapping) else {"value": ruling.value}
    return ruling.verdict, repr({k: v for k, v in value.items() if k != "options"})
