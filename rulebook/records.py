"""Rules as data: records, citations, options, and the per-game rule set.

Every rule, clarification, interpretation, erratum and glossary term of a game is a [`Record`][rulebook.records.Record]
read from that game's TOML file in ``rulebook/data/``. The docs' rules reference, the CLI and the
engines' verdicts all read these same records, so a rule's text and citation live in one place.

Record IDs are ``<game>.<topic>.<name>``: lowercase words joined by hyphens, separated by dots,
for example ``clash.attack.tie``. An ID never changes once published.

Examples:
    >>> from rulebook import rules
    >>> tie = rules("clash").get("clash.attack.tie")
    >>> tie.kind, tie.citation.file
    ('rule', '002_6544c3a00f53460f.txt')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rulebook.errors import InvalidInputError, UnknownNameError, UnknownRuleError
from rulebook.values import Frozen

__all__ = ["KINDS", "Citation", "Option", "Options", "Record", "RuleSet", "load_ruleset"]

#: The kinds of record, in the order the reference lists them.
KINDS: tuple[str, ...] = ("rule", "clarification", "interpretation", "erratum", "glossary", "about")

#: What each kind means, shown on the site and by ``rulebook rules``.
KIND_MEANINGS: Mapping[str, str] = MappingProxyType(
    {
        "rule": "stated by the source document, restated in the project's own words",
        "clarification": "a ruling from a clarification sheet, on top of the base rules",
        "interpretation": "the source is silent or ambiguous here; this is the project's reading, said openly",
        "erratum": "the source contradicts itself; this records the error and the corrected outcome",
        "glossary": "a term of the game and what it means",
        "about": "what the source document says of the game itself (where it comes from, how long it takes, what it is "
        "played with), not a rule of play",
    }
)

#: Where the games' data files live (inside the package, so an installed wheel carries them).
DATA_DIR = Path(__file__).resolve().parent / "data"

ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$")

_set = object.__setattr__

# The classes below are frozen dataclasses whose __init__ is written out, and whose other methods come from
# rulebook.values.Frozen, rather than generated, so that making them costs a command nothing measurable;
# tests/test_values.py checks them against the dataclasses Python would generate.


@dataclass(init=False, repr=False, eq=False)
class Citation(Frozen):
    """Where a record comes from: a source document and a section path in it.

    ``section`` is a path of headings joined by ``" > "``, from the outermost in. For a record that rests
    on a fact the source documents assume but do not state, ``public`` is ``True``: ``file`` then names
    the public source, and ``section`` names the part of ``shared/facts/README.md`` that records it.
    """

    file: str
    section: str
    public: bool = False
    #: The source document's title in words ("Elestrals How to Play Guide"), from the game registry.
    document: str = ""

    def __init__(self, file: str, section: str, public: bool = False, document: str = "") -> None:
        _set(self, "file", file)
        _set(self, "section", section)
        _set(self, "public", public)
        _set(self, "document", document)

    def __str__(self) -> str:
        if self.public:
            return f"public source: {self.file} (facts § {self.section})"
        return f"{self.file} § {self.section}"

    @property
    def in_words(self) -> str:
        """The citation as a player reads it: the document's title, then the section path.

        Examples:
            >>> from rulebook import rule
            >>> rule("elestrals.battle.damage-step").citation.in_words
            'Elestrals How to Play Guide, Battle Phase > Damage Step'
        """
        if self.public:
            return f"{self.file} (a public source the {self.document or 'document'} assumes; facts § {self.section})"
        return f"{self.document or self.file}, {self.section}"


@dataclass(init=False, repr=False, eq=False)
class Option(Frozen):
    """A named rules option: where a group of players could reasonably read the rules otherwise.

    ``choices`` maps each accepted value to what it means; ``default`` is the project's reading.
    """

    name: str
    default: str
    choices: Mapping[str, str]
    record: str

    def __init__(self, name: str, default: str, choices: Mapping[str, str], record: str) -> None:
        _set(self, "name", name)
        _set(self, "default", default)
        _set(self, "choices", choices)
        _set(self, "record", record)

    def parse(self, value: object) -> str:
        """Return the accepted choice for ``value``; ``True``/``False`` stand for ``"yes"``/``"no"``.

        Examples:
            >>> from rulebook import rules
            >>> rules("clash").option("gale-defends").parse(True)
            'yes'
        """
        if isinstance(value, bool):
            value = "yes" if value else "no"
        text = str(value).strip().lower()
        if text not in self.choices:
            raise UnknownNameError(f"value for option {self.name!r}", str(value), list(self.choices))
        return text


@dataclass(init=False, repr=False, eq=False)
class Record(Frozen):
    """One rule, clarification, interpretation, erratum or glossary term."""

    id: str
    game: str
    kind: str
    title: str
    text: str
    citation: Citation
    option: Option | None = None
    see: tuple[str, ...] = ()
    overrides: tuple[str, ...] = ()
    example: str = ""
    #: Players' own words for what the record rules on, and questions it answers as players ask them.
    aliases: tuple[str, ...] = ()
    asked_as: tuple[str, ...] = ()
    #: For an interpretation, clarification or erratum: the records it reads (the rule it interprets, clarifies or
    #: corrects), where its cited section alone does not say (a section many records share).
    reads: tuple[str, ...] = ()

    def __init__(
        self,
        id: str,
        game: str,
        kind: str,
        title: str,
        text: str,
        citation: Citation,
        option: Option | None = None,
        see: tuple[str, ...] = (),
        overrides: tuple[str, ...] = (),
        example: str = "",
        aliases: tuple[str, ...] = (),
        asked_as: tuple[str, ...] = (),
        reads: tuple[str, ...] = (),
    ) -> None:
        _set(self, "id", id)
        _set(self, "game", game)
        _set(self, "kind", kind)
        _set(self, "title", title)
        _set(self, "text", text)
        _set(self, "citation", citation)
        _set(self, "option", option)
        _set(self, "see", see)
        _set(self, "overrides", overrides)
        _set(self, "example", example)
        _set(self, "aliases", aliases)
        _set(self, "asked_as", asked_as)
        _set(self, "reads", reads)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON-ready data (the CLI's ``--json`` shape)."""
        data: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "citation": {
                "file": self.citation.file,
                "document": self.citation.document,
                "section": self.citation.section,
                "public": self.citation.public,
                "in_words": self.citation.in_words,
            },
            "see": list(self.see),
            "overrides": list(self.overrides),
        }
        if self.aliases:
            data["aliases"] = list(self.aliases)
        if self.asked_as:
            data["asked_as"] = list(self.asked_as)
        if self.reads:
            data["reads"] = list(self.reads)
        if self.option is not None:
            data["option"] = {
                "name": self.option.name,
                "default": self.option.default,
                "choices": dict(self.option.choices),
            }
        return data


class Options(Mapping[str, str]):
    """The rules options in force for one game: every option of the game, each with its chosen value.

    Hashable, so that engines can use it in cache keys.

    Examples:
        >>> from rulebook import rules
        >>> opts = rules("clash").options({"last-elements-tie": "attacker-wins"})
        >>> opts["last-elements-tie"], opts["gale-defends"]
        ('attacker-wins', 'no')
        >>> opts.changed()
        {'last-elements-tie': 'attacker-wins'}
    """

    __slots__ = ("_defaults", "_hash", "_items")

    def __init__(self, values: Mapping[str, str], defaults: Mapping[str, str]) -> None:
        self._items = dict(values)
        self._defaults = dict(defaults)
        # Computed once: solvers key their caches by the options, millions of times a search.
        self._hash = hash(tuple(sorted(self._items.items())))

    def __getitem__(self, key: str) -> str:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type, tuple[dict[str, str], dict[str, str]]]:
        # Built again where it is unpickled: a string's hash differs between processes.
        return type(self), (self._items, self._defaults)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"Options({self._items!r})"

    def changed(self) -> dict[str, str]:
        """The options whose value differs from the project's default reading."""
        return {k: v for k, v in self._items.items() if self._defaults[k] != v}

    def flag(self, key: str) -> bool:
        """Whether a yes/no option is ``"yes"``."""
        return self._items[key] == "yes"


@dataclass(init=False, repr=False, eq=False)
class RuleSet(Frozen):
    """All records of one game, in source order, with lookup by ID and the game's options."""

    game: str
    name: str
    source: str
    summary: str
    records: Mapping[str, Record]
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        game: str,
        name: str,
        source: str,
        summary: str,
        records: Mapping[str, Record],
        data: Mapping[str, Any] | None = None,
    ) -> None:
        _set(self, "game", game)
        _set(self, "name", name)
        _set(self, "source", source)
        _set(self, "summary", summary)
        _set(self, "records", records)
        _set(self, "data", {} if data is None else data)

    def __iter__(self) -> Iterator[Record]:
        return iter(self.records.values())

    def __len__(self) -> int:
        return len(self.records)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.records

    def get(self, rule_id: str) -> Record:
        """The record with this ID; an unknown ID raises [`UnknownRuleError`][rulebook.errors.UnknownRuleError].

        Examples:
            >>> from rulebook import rules
            >>> rules("clash").get("clash.atack.tie")
            Traceback (most recent call last):
            ...
            rulebook.errors.UnknownRuleError: unknown rule ID 'clash.atack.tie' (did you mean 'clash.attack.tie'...
        """
        try:
            return self.records[rule_id]
        except KeyError:
            raise UnknownRuleError(rule_id, list(self.records)) from None

    def of_kind(self, kind: str) -> list[Record]:
        """The records of one kind (``rule``, ``interpretation``, ...), in source order."""
        if kind not in KINDS:
            raise UnknownNameError("kind", kind, KINDS)
        return [r for r in self if r.kind == kind]

    def overridden_by(self, rule_id: str) -> list[str]:
        """The IDs of the records that declare they override ``rule_id`` (a clarification over a base rule)."""
        return [r.id for r in self if rule_id in r.overrides]

    @property
    def option_list(self) -> list[Option]:
        """Every named option of this game, in source order."""
        return [r.option for r in self if r.option is not None]

    def option(self, name: str) -> Option:
        """The option with this name; a near miss suggests the closest."""
        for opt in self.option_list:
            if opt.name == name:
                return opt
        raise UnknownNameError(f"option of {self.name}", name, [o.name for o in self.option_list])

    def options(self, chosen: Mapping[str, object] | None = None, /, **more: object) -> Options:
        """Validate chosen option values and fill in the defaults for the rest.

        Option names use hyphens; keyword arguments may use underscores instead.
        """
        listed = {o.name: o for o in self.option_list}  # listed once: a game's records are read once a call
        values = {name: o.default for name, o in listed.items()}
        given = dict(chosen or {})
        given.update({k.replace("_", "-"): v for k, v in more.items()})
        for name, value in given.items():
            values[name] = (listed[name] if name in listed else self.option(name)).parse(value)
        return Options(values, {name: o.default for name, o in listed.items()})


def _row(game: str, default_file: str, raw: Mapping[str, Any]) -> tuple[Any, ...]:
    """One record of a data file checked, as the plain row the cache keeps (``Record``'s fields, the citation's
    file, section and publicness in place of the citation)."""
    rid = raw["id"]
    if not ID_PATTERN.match(rid) or not rid.startswith(game + "."):
        raise InvalidInputError(f"record ID {rid!r} does not follow the '<game>.<topic>.<name>' scheme")
    if raw["kind"] not in KINDS:
        raise UnknownNameError("record kind", raw["kind"], KINDS)
    cite = raw["cite"]
    option = None
    if "option" in raw:
        opt = raw["option"]
        option = (opt["name"], opt["default"], dict(opt["choices"]))
        if option[1] not in option[2]:
            raise InvalidInputError(f"option {option[0]!r}: default {option[1]!r} is not one of its choices")
    return (
        rid,
        raw["kind"],
        raw["title"],
        " ".join(raw["text"].split()),
        cite.get("public", cite.get("file", default_file)),
        cite["section"],
        "public" in cite,
        option,
        tuple(raw.get("see", ())),
        tuple(raw.get("overrides", ())),
        raw.get("example", "").strip(),
        tuple(raw.get("aliases", ())),
        tuple(raw.get("asked_as", ())),
        tuple(raw.get("reads", ())),
    )


def _record(game: str, document: str, row: tuple[Any, ...]) -> Record:
    """The record a checked row describes."""
    rid, kind, title, text, file, section, public, option, see, overrides, example, aliases, asked_as, reads = row
    if option is not None:
        option = Option(name=option[0], default=option[1], choices=MappingProxyType(dict(option[2])), record=rid)
    citation = Citation(file=file, section=section, public=public, document=document)
    return Record(rid, game, kind, title, text, citation, option, see, overrides, example, aliases, asked_as, reads)


class _Records(Mapping[str, Record]):
    """A game's records by ID, in source order, read-only; each is made from its row when first used (a query
    uses few of a game's records, and ``rulebook games`` only counts them)."""

    __slots__ = ("_built", "_document", "_game", "_rows")

    def __init__(self, game: str, document: str, rows: dict[str, tuple[Any, ...]]) -> None:
        self._game, self._document, self._rows = game, document, rows
        self._built: dict[str, Record] = {}

    def __getitem__(self, rule_id: str) -> Record:
        try:
            return self._built[rule_id]
        except KeyError:
            made = self._built[rule_id] = _record(self._game, self._document, self._rows[rule_id])
            return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rows

    def __repr__(self) -> str:
        return f"mappingproxy({dict(self)!r})"


def read_data(path: Path) -> dict[str, Any]:
    """Parse a TOML data file, through a marshal cache in the per-user cache folder.

    Parsing TOML is the slowest part of loading a game; the cache keeps CLI queries instant. It is the
    project's one cache scheme ([`cached_value`][rulebook.writing.cached_value]): named by a digest of the data
    file's bytes, so a changed file is never served stale; checked when read, so a damaged file is never
    loaded; written atomically, so concurrent runs never read half a cache. Without a writable cache
    folder the file is simply parsed.
    """
    from rulebook.writing import cached_value

    raw = path.read_bytes()

    def parse() -> dict[str, Any]:
        from rulebook.reading import parse_toml

        return parse_toml(raw.decode("utf-8"), path.name)

    return cached_value(path.stem, [raw], parse)


#: The version of the checked form of a game's records that the cache keeps: change it when ``_row`` changes.
RECORDS_FORM = "records/2"


def _checked(game: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A parsed data file checked, as the plain data the cache keeps: its ``game`` table, its records as rows
    (``_row``), and its other tables. Raises on the first record that is not well formed."""
    meta = raw["game"]
    rows: dict[str, tuple[Any, ...]] = {}
    for entry in raw.get("record", []):
        row = _row(game, meta["source"], entry)
        if row[0] in rows:
            raise InvalidInputError(f"record ID {row[0]!r} is defined twice in {game}.toml")
        rows[row[0]] = row
    data = {k: v for k, v in raw.items() if k not in ("game", "record")}
    return {"game": meta, "rows": rows, "data": data}


def load_ruleset(game: str, path: Path | None = None, document: str = "") -> RuleSet:
    """Read ``rulebook/data/<game>.toml`` (or ``path``) into a [`RuleSet`][rulebook.records.RuleSet]; use
    [`rulebook.rules`][rulebook.rules].

    A record ID defined twice, an ID outside the scheme, an unknown kind or an option whose default is
    not one of its choices is refused with [`InvalidInputError`][rulebook.errors.InvalidInputError].
    ``document`` is the source document's title in words (the registry's), unless the data file names it.

    The file is checked once per content: what the check leaves is kept in the per-user cache (as
    [`read_data`][rulebook.records.read_data] keeps a parse), and each record is made when first used.
    """
    from rulebook.writing import cached_value

    path = path or DATA_DIR / f"{game}.toml"
    source = path.read_bytes()

    def check() -> dict[str, Any]:
        from rulebook.reading import parse_toml

        return _checked(game, parse_toml(source.decode("utf-8"), path.name))

    checked = cached_value(f"records.{path.stem}", [RECORDS_FORM, game, source], check)
    meta = checked["game"]
    return RuleSet(
        game=game,
        name=meta["name"],
        source=meta["source"],
        summary=" ".join(meta["summary"].split()),
        records=_Records(game, meta.get("document", document), checked["rows"]),
        data=MappingProxyType(checked["data"]),
    )
