"""Spellfire: the formation, the attackers, and whether an attack is legal; the game's names and numbers.

Everything public here is re-exported by [`rulebook.spellfire`][rulebook.spellfire], the way to import it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulebook import rules as _rules
from rulebook.errors import InvalidInputError, UnknownNameError, lookup
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

__all__ = [
    "Attacker",
    "Formation",
    "Realm",
    "attack",
    "exposure",
    "formation",
    "parse_attacker",
    "parse_formation",
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
#: The turn's data: its phases, and what may be done in each.
TURN: Mapping[str, Any] = _DATA["turn"]
#: The phases of a turn, in order.
PHASES: tuple[str, ...] = tuple(TURN["phases"])
#: The counter-effect cards the sheet names.
COUNTERS: tuple[str, ...] = tuple(_DATA["cards"]["counters"])
#: The cards that do not go back into the draw pile when it is reshuffled.
NOT_RESHUFFLED: tuple[str, ...] = tuple(_DATA["cards"]["not_reshuffled"])
_MOVEMENT_WORDS: Mapping[str, str] = {
    word: kind for kind in MOVEMENTS for word in (kind, *_DATA["movement"]["aliases"].get(kind, ()))
}
_VERB = {"flyer": "flies", "swimmer": "swims", "earthwalker": "earthwalks"}
#: The highest champion level and turn number read (far above any real card or game).
MAX_LEVEL, MAX_TURN = 999, 100_000


def options_of(options: Mapping[str, object] | Options | None) -> Options:
    """The Spellfire options in force: ``options`` as given, or validated with the defaults filled in."""
    return options if isinstance(options, Options) else _RULESET.options(options)


def phase_number(phase: int) -> int:
    """A phase of the turn by its number (0 to the last), checked.

    Examples:
        >>> phase_number(2)
        2
    """
    if not isinstance(phase, int) or not 0 <= phase < len(PHASES):
        raise InvalidInputError(f"phase {phase!r} does not exist; a turn has phases 0 to {len(PHASES) - 1}")
    return phase


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
    if exposed:
        trace.add(f"exposed: {', '.join(exposed)}; any champion may attack them", "spellfire.formation.exposed")
    else:
        trace.add("exposed: none; no realm is left standing to attack", "spellfire.formation.exposed")
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
    opts = options_of(options)
    pos = position(target)
    realm = form.realm(pos)
    champ = champion if isinstance(champion, Attacker) else parse_attacker(champion)
    party = [champ] + [
        a if isinstance(a, Attacker) else parse_attacker(a, f"ally {i}") for i, a in enumerate(allies, 1)
    ]
    trace = Trace()
    value: dict[str, Any] = {"target": pos, "formation": form.to_dict(), "exposed": None, "protected_by": []}
    value.update(attackers=[], options=dict(opts))

    def answer(verdict: str, legal: bool) -> Ruling:
        value["legal"] = legal
        return trace.ruling(verdict, value, legal)

    if realm.razed:  # the deciding reason first: the realms in front of a razed target do not matter
        trace.add(f"{pos} is already razed, so it is no target", "spellfire.interp.razed-not-attackable")
        trace.add(f"{pos} stays face down in its place", "spellfire.formation.razed")
        return answer(f"illegal: {pos} is razed and cannot be attacked", False)
    for p in POSITIONS:
        if form.realm(p).razed and pos in PROTECTS[p]:
            trace.add(f"{p} is razed: it protects nothing", "spellfire.formation.razed")

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
    moves, refused = _movement_kept(who, realm, exposed, opts, trace)
    if refused is None:
        refused = _barred(who, realm, moves, trace)
        barred_by_type = bool(realm.only) and who.type not in realm.only
        if refused is not None and not exposed and who.role == "champion" and barred_by_type:
            _also_unreached(who, realm, moves, guards, opts, trace)  # refused by type: its way in is said too
    if refused is not None:
        return False, refused
    if exposed:
        return True, f"{pos} is exposed"
    guarded = f"{pos} is protected by {' and '.join(guards)}"
    if who.role == "champion":
        return _champion_reaches(who, realm, moves, guarded, opts, trace)
    return _ally_reaches(who, champ, realm, moves, guarded, opts, trace)


def _also_unreached(
    who: Attacker, realm: Realm, moves: set[str], guards: list[str], opts: Options, trace: Trace
) -> None:
    """A champion the realm's own limits refuse, that could not pass the realm's protection either: say that too,
    so an answer never leaves the second obstacle out."""
    scratch = Trace()
    guarded = f"{realm.position} is protected by {' and '.join(guards)}"
    ok, reason = _champion_reaches(who, realm, moves, guarded, opts, scratch)
    if ok:
        return
    for step in scratch.steps[:-1]:
        trace.add(step.text, step.rule, step.overrides)
    trace.add(f"besides: {reason}", scratch.steps[-1].rule)


def _movement_kept(
    who: Attacker, realm: Realm, exposed: bool, opts: Options, trace: Trace
) -> tuple[set[str], str | None]:
    """The movement powers ``who`` attacks with, and why it cannot attack at all if a power it must use is shut out."""
    pos = realm.position
    is_champ = who.role == "champion"
    moves = set(who.moves)
    shut = [m for m in MOVEMENTS if m in moves and m in realm.forbids]
    if not shut:
        return moves, None
    if is_champ or opts.flag("allies-forced-movement"):
        trace.add(
            f"{pos} shuts out {shut[0]}s and {who.name} cannot choose not to use its power, exposed or not",
            "spellfire.move.cannot-choose-not-to",
            # An exposed realm is open to anyone, but not to a flyer it shuts out.
            "spellfire.formation.exposed" if exposed else None,
        )
        if not is_champ:
            trace.add(f"{who.name} is bound like a champion", "spellfire.interp.allies-forced-movement")
        return moves, f"{pos} shuts out {shut[0]}s, and {who.name} always {_VERB[shut[0]]}"
    trace.add(
        f"{who.name} joins without its {', '.join(shut)} power (option allies-forced-movement=no)",
        "spellfire.interp.allies-forced-movement",
    )
    return moves - set(shut), None


def _barred(who: Attacker, realm: Realm, moves: set[str], trace: Trace) -> str | None:
    """Why the realm admits no attack by ``who`` (its champion types, its movement requirement), or ``None``."""
    pos = realm.position
    if who.role == "champion" and realm.only:
        admitted = ", ".join(sorted(realm.only))
        if who.type is None:
            raise InvalidInputError(
                f"{pos} admits only champions of type {admitted}: give the champion's type (e.g. '{admitted} flyer')"
            )
        if who.type not in realm.only:
            trace.add(
                f"{pos} admits only {admitted} champions; {who.name} is not one", "spellfire.interp.champion-types"
            )
            return f"{pos} admits only {admitted} champions, not {who.name}"
        trace.add(f"{pos} admits {admitted} champions: {who.name} may attack it", "spellfire.interp.champion-types")
    if realm.requires and not moves & realm.requires:
        need = " or ".join(sorted(realm.requires))
        trace.add(f"{pos} can be attacked only by a {need}; {who.name} is not", "spellfire.interp.movement-requirement")
        if "earthwalker" in moves:
            trace.add(
                f"{who.name} earthwalks, but earthwalking cannot pass a realm's own movement requirement",
                "spellfire.move.earthwalker",
            )
            trace.add(
                f"(the base rules agree: {pos}'s card shuts out every attacker but a {need})",
                "spellfire.move.base-flyer-earthwalker",
            )
        return f"{pos} can be attacked only by a {need}"
    return None


def _reach_steps(who: Attacker, realm: Realm, power: str, opts: Options, trace: Trace) -> tuple[bool, str]:
    """Whether ``power`` carries ``who`` past the realm's protection, its steps written into ``trace``."""
    ok, steps = _reaches(realm, power, opts)
    for text, rule, *overridden in steps:
        trace.add(text if text.startswith("(") else f"{who.name} {text}", rule, *overridden)
    return ok, steps[0][0]


def _champion_reaches(
    who: Attacker, realm: Realm, moves: set[str], guarded: str, opts: Options, trace: Trace
) -> tuple[bool, str]:
    """A champion against a protected realm: one of its movement powers must reach it."""
    for power in (m for m in MOVEMENTS if m in moves):
        ok, reason = _reach_steps(who, realm, power, opts, trace)
        if ok:
            return True, reason
    if not moves:
        trace.add(
            f"{who.name} has no movement power, so it can attack only an exposed realm",
            "spellfire.formation.exposed",
        )
        return False, f"{guarded}, and {who.name} has no movement power"
    trace.add(
        f"{who.name} has no movement power that reaches {realm.position} past its protection",
        "spellfire.formation.exposed",
    )
    have = ", ".join(m for m in MOVEMENTS if m in moves)
    return False, f"{guarded}, and {who.name}'s movement ({have}) does not reach it"


def _ally_reaches(
    who: Attacker, champ: Attacker, realm: Realm, moves: set[str], guarded: str, opts: Options, trace: Trace
) -> tuple[bool, str]:
    """An ally against a protected realm: its own movement must reach it (option ``ally-reach``)."""
    pos = realm.position
    rule = "spellfire.move.allies-need-movement"
    if not moves:
        if who.moves:  # it has powers, but joins without them (option allies-forced-movement=no)
            trace.add(f"{who.name} keeps no other movement power, and the champion's power is not lent", rule)
        else:
            trace.add(f"{who.name} neither flies, swims nor earthwalks, and the champion's power is not lent", rule)
        trace.add("a champion's movement stays its own", "spellfire.move.no-granting")
        trace.add("(the base rules agree: movement powers are not passed to allies)", "spellfire.move.base-not-passed")
        if who.moves:
            return False, f"{guarded}, and {who.name}'s movement does not reach it"
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
        ok, reason = _reach_steps(who, realm, power, opts, trace)
        if ok:
            how_said = (
                f"by {power.removesuffix('er')}ing, a power it shares with the champion "
                "(option ally-reach=shared)"
                if how == "shared"
                else "by its own power"
            )
            trace.add(f"{who.name} reaches {pos} {how_said}", "spellfire.interp.ally-reach")
            trace.add(f"so {who.name} may join the attack on a protected realm", rule)
            return True, reason
    trace.add(f"{who.name} has no power of its own that reaches {pos}", "spellfire.interp.ally-reach")
    trace.add(f"so {who.name} cannot join the attack on a protected realm", rule)
    return False, f"{guarded}, and {who.name}'s movement does not reach it"
