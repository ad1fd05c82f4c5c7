"""The vocabulary's cache file: one file of sections, each read, checked and unpacked only when a question needs it.

``rulebook ask`` needs, for one question, a few dozen of the vocabulary's thousands of terms: the stems of
its words in the record indexes, the four-letter pieces of its words, a few records. Unpacking the whole
vocabulary (2.6 MB of ``marshal`` data: tens of thousands of small strings and tuples) and checking a digest
of all of it took more than the rest of the question. This file keeps the same data so that a question pays
for what it reads:

- a word table (``dict[str, V]``: a word's stem, a game's cue, a synonym) is its words sorted, one after
  another, with their places and their values packed one by one; a word is found by binary search and only
  its value is unpacked ([`Table`][rulebook.lexicon_store.Table]);
- an index (``terms``, ``docs``, ``weights``, see [`Index`][rulebook.vocabulary.Index]) is a word table of
  its terms, and each term's postings (its documents and weights) side by side, read from the file when the
  term is looked up ([`StoredIndex`][rulebook.lexicon_store.StoredIndex]);
- the records are one packed row each, read when first used ([`Rows`][rulebook.lexicon_store.Rows]);
- a list of whole numbers is packed as such, and read as it is;
- anything else is one ``marshal`` section, read when the vocabulary first asks for it.

Why this is safe. The file is named by a digest of everything the vocabulary is built from
([`cache_file`][rulebook.writing.cache_file]; this module's ``FORMAT`` is part of it), and written whole to a
temporary file, flushed to disk and renamed into place ([`write_atomic`][rulebook.writing.write_atomic]): a
reader finds no file or a whole one, never a torn or a stale one. What remains is later damage (a truncated,
extended or altered file), and every byte a question uses is checked before it is used: the file starts with
a header that holds its own length and a CRC-32 of itself, and the length, offset and CRC-32 of each section;
the header is checked on opening (with the file's size), each section when first read, and each term's
postings and each record's row by a CRC-32 of their own. A part found damaged is not used: the vocabulary is
built afresh in memory (and the file written again), and that part, whole, is taken from it.

Examples:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "vocabulary-test.lexicon"
    >>> data = {"surface": {"cards": "card", "fortified": "fortifi"}, "records": [("a.b", "clash"), ("a.c", "clash")]}
    >>> write(path, data)
    >>> stored = open_store(path, lambda: data)
    >>> stored["surface"].get("cards"), "fortify" in stored["surface"], stored["records"][1]
    ('card', False, ('a.c', 'clash'))
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from rulebook.writing import checksum, write_atomic

__all__ = ["FORMAT", "Postings", "Rows", "StoredIndex", "Table", "open_store", "pack", "write"]

#: The layout of the file: part of its key, so that another layout is another file.
FORMAT = "lexicon-store/2"
MAGIC = b"RBLEXv1\n"
#: The parts of the vocabulary kept as word tables (looked up one word at a time).
TABLES = frozenset({"surface", "english_stems", "english", "synonyms", "defined"})
#: The parts kept as packed numbers (lists of whole numbers from 0 to 2**32 - 1), read without unpacking.
NUMBERS = frozenset({"asked_records"})
#: The parts kept as rows, one read at a time.
ROWS = frozenset({"records", "own"})


def _dumps(value: Any) -> bytes:
    """``value`` packed by marshal's version 2, which writes the same bytes for the same value whatever the process
    did before: later versions mark a string interned, or shared with another reference, as it is in this process
    (a stem the stemmer still caches, a word a question met), so that the file written again after damage would
    differ from the first one for the same vocabulary."""
    return marshal.dumps(value, 2)


class Damaged(Exception):
    """A part of the file failed its check."""


def _sorted_words(found: Mapping[str, Any]) -> list[tuple[bytes, Any]]:
    return sorted((k.encode("utf-8"), v) for k, v in found.items())


def _table(found: Mapping[str, Any]) -> bytes:
    """A word table: its keys sorted (UTF-8, one after another), their places, then each value packed."""
    from array import array

    entries = _sorted_words(found)
    keys, key_places = bytearray(), array("I", [0])
    values, value_places = bytearray(), array("I", [0])
    for key, value in entries:
        keys += key
        key_places.append(len(keys))
        values += _dumps(value)
        value_places.append(len(values))
    return _dumps((bytes(keys), key_places.tobytes(), value_places.tobytes(), bytes(values)))


def _index(packed: tuple[dict[str, int], bytes, bytes]) -> tuple[bytes, bytes]:
    """An index: a word table of its terms (each with its code, the place of its postings and their CRC-32),
    then each term's postings, its documents' numbers and then its weights."""
    from array import array

    terms, docs, weights = packed[0], array("H", packed[1]), array("f", packed[2])
    keys, key_places = bytearray(), array("I", [0])
    codes, places, crcs = array("q"), array("Q"), array("I")
    postings = bytearray()
    for key, code in _sorted_words(terms):
        start, count = code >> 16, code & 0xFFFF
        block = docs[start : start + count].tobytes() + weights[start : start + count].tobytes()
        keys += key
        key_places.append(len(keys))
        codes.append(code)
        places.append(len(postings))
        crcs.append(checksum(block))
        postings += block
    head = (bytes(keys), key_places.tobytes(), codes.tobytes(), places.tobytes(), crcs.tobytes())
    return _dumps(head), bytes(postings)


def _rows(rows: Sequence[Any]) -> tuple[bytes, bytes]:
    """Rows: each row's first field (its ID), places and CRC-32 (checked together), then the rows packed."""
    from array import array

    ids, places, crcs, blob = [], array("Q", [0]), array("I"), bytearray()
    for row in rows:
        packed = _dumps(row)
        ids.append(row[0] if isinstance(row, tuple | list) and row else None)
        crcs.append(checksum(packed))
        blob += packed
        places.append(len(blob))
    return _dumps((ids, places.tobytes(), crcs.tobytes())), bytes(blob)


def _is_index(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and isinstance(value[0], dict)
        and isinstance(value[1], bytes)
        and isinstance(value[2], bytes)
    )


def _sections(data: Mapping[str, Any]) -> Iterator[tuple[str, str, bytes]]:
    """Each section of the file: its name, its kind and its bytes."""
    for name, value in data.items():
        if _is_index(value):
            head, postings = _index(value)
            yield name, "index", head
            yield f"{name}/postings", "raw", postings
        elif name in TABLES and isinstance(value, dict) and all(isinstance(k, str) for k in value):
            yield name, "table", _table(value)
        elif name in NUMBERS and isinstance(value, list) and all(isinstance(n, int) and 0 <= n < 2**32 for n in value):
            from array import array

            yield name, "numbers", array("I", value).tobytes()
        elif name in ROWS and isinstance(value, list):
            head, blob = _rows(value)
            yield name, "rows", head
            yield f"{name}/rows", "raw", blob
        else:
            yield name, "value", _dumps(value)


def pack(data: Mapping[str, Any]) -> bytes:
    """The file's bytes for the vocabulary ``data`` (what [`build`][rulebook.vocabulary.build] returns).

    ``MAGIC``, then the header's length (8 bytes) and CRC-32 (4 bytes), then the header (``marshal``: the
    file's length and each section's kind, offset, length and CRC-32), then the sections.
    """
    table: dict[str, tuple[str, int, int, int]] = {}
    body = bytearray()
    for name, kind, chunk in _sections(data):
        table[name] = (kind, len(body), len(chunk), checksum(chunk))
        body += chunk
    # The offsets are from the start of the body; the header says the length of the whole file.
    header = _dumps({"sections": table, "body": len(body)})
    head = MAGIC + len(header).to_bytes(8, "little") + checksum(header).to_bytes(4, "little")
    return head + header + bytes(body)


def write(path: Path, data: Mapping[str, Any]) -> None:
    """Write the vocabulary ``data`` to ``path`` atomically (a cache folder that cannot be written is no error)."""
    from rulebook.errors import InvalidInputError
    from rulebook.writing import prune_cache

    try:
        write_atomic(path, pack(data), private=True)
    except InvalidInputError:
        return
    prune_cache(path)


class Store(Mapping[str, Any]):
    """An opened vocabulary file, as a read-only mapping: each part of the vocabulary by name, unpacked when first
    asked for (the big parts as [`Table`][rulebook.lexicon_store.Table],
    [`StoredIndex`][rulebook.lexicon_store.StoredIndex] and [`Rows`][rulebook.lexicon_store.Rows], which read
    their sections when first used)."""

    def __init__(
        self,
        handle: Any,
        sections: dict[str, tuple[str, int, int, int]],
        body: int,
        path: Path,
        rebuild: Callable[[], Mapping[str, Any]],
    ) -> None:
        self._handle = handle
        self._sections = sections
        self._body = body
        self._path = path
        self._rebuild = rebuild
        self._rebuilt: Mapping[str, Any] | None = None
        self._values: dict[str, Any] = {}

    def __del__(self) -> None:
        self._handle.close()

    def __getitem__(self, name: str) -> Any:
        if name not in self._values:
            self._values[name] = self._unpack(name)
        return self._values[name]

    def __contains__(self, name: object) -> bool:
        return name in self._sections and "/" not in str(name)

    def __iter__(self) -> Iterator[str]:
        return (name for name in self._sections if "/" not in name)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def read(self, offset: int, length: int) -> bytes:
        """``length`` bytes of the file's body from ``offset``."""
        where = self._body + offset
        if hasattr(os, "pread"):
            return os.pread(self._handle.fileno(), length, where)
        self._handle.seek(where)  # pragma: no cover - systems without pread
        return self._handle.read(length)  # pragma: no cover

    def section(self, name: str) -> bytes:
        """A section's bytes, checked; [`Damaged`][rulebook.lexicon_store.Damaged] when they fail the check."""
        _kind, offset, length, crc = self._sections[name]
        chunk = self.read(offset, length)
        if len(chunk) != length or checksum(chunk) != crc:
            raise Damaged(name)
        return chunk

    def place(self, name: str) -> int:
        """Where a section starts in the body."""
        return self._sections[name][1]

    def rebuilt(self, name: str) -> Any:
        """A part of the vocabulary built afresh (once per process, and the file written again): what a part
        found damaged is replaced by, whole."""
        if self._rebuilt is None:
            self._rebuilt = self._rebuild()
            write(self._path, self._rebuilt)
        return self._rebuilt[name]

    def _unpack(self, name: str) -> Any:
        if name not in self:
            raise KeyError(name)
        kind = self._sections[name][0]
        if kind == "index":
            return StoredIndex(self, name)
        if kind == "table":
            return Table(self, name)
        if kind == "rows":
            return Rows(self, name)
        try:
            if kind == "numbers":
                return _numbers(self.section(name), "I")
            return marshal.loads(self.section(name))
        except (Damaged, ValueError, EOFError, TypeError):
            return self.rebuilt(name)


def open_store(path: Path, rebuild: Callable[[], Mapping[str, Any]]) -> Store | None:
    """The vocabulary file at ``path`` opened, its header checked; ``None`` when it is missing or damaged.

    ``rebuild`` builds the vocabulary afresh, for a part found damaged later.
    """
    try:
        handle = open(path, "rb")  # noqa: SIM115 - kept open while the vocabulary is used
    except OSError:
        return None
    try:
        start = handle.read(len(MAGIC) + 12)
        if len(start) != len(MAGIC) + 12 or not start.startswith(MAGIC):
            raise Damaged("magic")
        size, crc = int.from_bytes(start[len(MAGIC) : -4], "little"), int.from_bytes(start[-4:], "little")
        header = handle.read(size)
        if len(header) != size or checksum(header) != crc:
            raise Damaged("header")
        found = marshal.loads(header)
        body = len(start) + size
        if os.fstat(handle.fileno()).st_size != body + found["body"]:
            raise Damaged("length")
        return Store(handle, found["sections"], body, path, rebuild)
    except (Damaged, ValueError, EOFError, TypeError, KeyError, OSError):
        handle.close()
        return None


def _numbers(data: bytes, code: str) -> memoryview:
    """Packed numbers as a read-only sequence of them (``H``, ``I``, ``Q``, ``q``, ``f``), without copying."""
    return memoryview(data).cast(code)


#: How many words no index holds a lookup table keeps (a question's typos, names and slang; a fuzzer's noise). The
#: words an index holds are kept without limit: there are only so many. Without this bound, a process answering
#: questions for a long time (the site's engine over a visit, a test run, a fuzzer) kept every unknown word it was
#: ever asked, about 0.3 MB a question of 2,000 characters of noise.
MISSES_KEPT = 20_000


class _Words:
    """Sorted words, one after another, and their places: a word's place among them by binary search."""

    __slots__ = ("keys", "places", "slots")

    def __init__(self, keys: bytes, places: bytes) -> None:
        self.keys = keys
        self.places = _numbers(places, "I")
        self.slots: dict[str, int] = {}

    def slot(self, key: str) -> int:
        """The place of ``key`` among the words, or -1."""
        found = self.slots.get(key)
        if found is not None:
            return found
        word = key.encode("utf-8", "surrogatepass")
        keys, places = self.keys, self.places
        lo, hi = 0, len(places) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if keys[places[mid] : places[mid + 1]] < word:
                lo = mid + 1
            else:
                hi = mid
        found = lo if lo < len(places) - 1 and keys[places[lo] : places[lo + 1]] == word else -1
        if found >= 0 or len(self.slots) < MISSES_KEPT:
            self.slots[key] = found
        return found

    def __len__(self) -> int:
        return len(self.places) - 1

    def __iter__(self) -> Iterator[str]:
        keys, places = self.keys, self.places
        return (keys[places[i] : places[i + 1]].decode("utf-8") for i in range(len(places) - 1))


class Table(Mapping[str, Any]):
    """A word table read from the file, as a read-only dict: a word found by binary search over the sorted words,
    its value unpacked when first asked for. The section is read and checked when the table is first used; if
    it is damaged, the table is the one built afresh."""

    def __init__(self, store: Store, name: str) -> None:
        self._store, self._name = store, name
        self._found: dict[str, Any] = {}
        self._raw: Mapping[str, Any] | None = None
        self._words: _Words | None = None

    def _load(self) -> _Words:
        try:
            keys, key_places, value_places, values = marshal.loads(self._store.section(self._name))
            self._values, self._value_places = values, _numbers(value_places, "I")
            self._words = _Words(keys, key_places)
        except (Damaged, ValueError, EOFError, TypeError):
            self._raw = self._store.rebuilt(self._name)
            self._words = _Words(b"", b"\0\0\0\0")
        return self._words

    def __getitem__(self, key: str) -> Any:
        found = self.get(key, _MISSING)
        if found is _MISSING:
            raise KeyError(key)
        return found

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, else ``default``."""
        found = self._found.get(key, _MISSING)
        if found is not _MISSING:
            return found
        words = self._words if self._words is not None else self._load()
        if self._raw is not None:
            return self._raw.get(key, default)
        slot = words.slot(key) if isinstance(key, str) else -1
        if slot < 0:
            return default
        places = self._value_places
        found = self._found[key] = marshal.loads(self._values[places[slot] : places[slot + 1]])
        return found

    def __contains__(self, key: object) -> bool:
        words = self._words if self._words is not None else self._load()
        if self._raw is not None:
            return key in self._raw
        return isinstance(key, str) and words.slot(key) >= 0

    def __iter__(self) -> Iterator[str]:
        words = self._words if self._words is not None else self._load()
        return iter(self._raw if self._raw is not None else words)

    def __len__(self) -> int:
        words = self._words if self._words is not None else self._load()
        return len(self._raw if self._raw is not None else words)


_MISSING = object()


class Postings:
    """What an index answers from its ``terms`` alone (each term's code: its first entry times 65,536, plus its
    number of entries), shared by the index as built ([`Index`][rulebook.vocabulary.Index]) and as stored.

    Examples:
        >>> class Two(Postings):
        ...     terms = {"fire": 3 * 65_536 + 2}
        >>> "fire" in Two(), len(Two()), Two().df("fire"), Two().df("water")
        (True, 1, 2, 0)
    """

    __slots__ = ()
    terms: Mapping[str, int]

    def __contains__(self, term: object) -> bool:
        return term in self.terms

    def __len__(self) -> int:
        return len(self.terms)

    def df(self, term: str) -> int:
        """How many documents hold ``term``."""
        return self.terms.get(term, 0) & 0xFFFF


class StoredIndex(Postings):
    """An index read from the file, as [`Index`][rulebook.vocabulary.Index] (the same methods): its terms found by
    binary search, each term's postings read from the file (and checked) when the term is first looked up. The
    terms' section is read and checked when the index is first used; if it or a term's postings are damaged,
    the index is the one built afresh."""

    def __init__(self, store: Store, name: str) -> None:
        self._store, self._name = store, name
        self._found: dict[str, tuple[Any, Any]] = {}
        self._codes: dict[str, tuple[bool, int]] = {}
        self._raw: tuple[Mapping[str, int], memoryview, memoryview] | None = None
        self._terms: Mapping[str, int] | None = None

    @property
    def terms(self) -> Mapping[str, int]:
        """Each term's code (as ``Index.terms``): its first entry times 65,536, plus its number of entries."""
        return self._terms if self._terms is not None else self._load()

    def __contains__(self, term: object) -> bool:
        return isinstance(term, str) and self._code(term)[0]

    def df(self, term: str) -> int:
        """How many documents hold ``term``."""
        return self._code(term)[1] & 0xFFFF

    def _code(self, term: str) -> tuple[bool, int]:
        """Whether ``term`` is one of the index's terms, and its code (0 when not): found by binary search once, then
        kept (every question looks up each of its words in each index, several times)."""
        found = self._codes.get(term)
        if found is None:
            terms = self.terms
            found = (term in terms, terms.get(term, 0))
            if found[0] or len(self._codes) < MISSES_KEPT:
                self._codes[term] = found
        return found

    def _load(self) -> Mapping[str, int]:
        try:
            keys, key_places, codes, places, crcs = marshal.loads(self._store.section(self._name))
            self._words = _Words(keys, key_places)
            self._places, self._crcs = _numbers(places, "Q"), _numbers(crcs, "I")
            self._postings_at = self._store.place(f"{self._name}/postings")
            self._terms = _Codes(self._words, _numbers(codes, "q"))
        except (Damaged, ValueError, EOFError, TypeError):
            self._fall_back()
        return self._terms  # type: ignore[return-value]

    def _fall_back(self) -> None:
        terms, docs, weights = self._store.rebuilt(self._name)
        self._raw = (terms, _numbers(docs, "H"), _numbers(weights, "f"))
        self._terms = terms
        self._found.clear()
        self._codes.clear()

    def _postings(self, term: str) -> tuple[Any, Any]:
        """The documents holding ``term`` and its weights there (read and checked when first asked for)."""
        found = self._found.get(term)
        if found is None:
            code = self._code(term)[1]
            found = self._slices(code) if self._raw is not None else self._read(term, code)
            if code or len(self._found) < MISSES_KEPT:
                self._found[term] = found
        return found

    def _slices(self, code: int) -> tuple[Any, Any]:
        start, end = code >> 16, (code >> 16) + (code & 0xFFFF)
        return self._raw[1][start:end].tolist(), self._raw[2][start:end].tolist()  # type: ignore[index]

    def _read(self, term: str, code: int) -> tuple[Any, Any]:
        count = code & 0xFFFF
        if not count:
            return (), ()
        slot = self._words.slot(term)
        block = self._store.read(self._postings_at + self._places[slot], count * 6)
        if len(block) != count * 6 or checksum(block) != self._crcs[slot]:
            self._fall_back()
            return self._slices(self._raw[0].get(term, 0))  # type: ignore[index]
        # Kept as lists: a term's postings are read again by every question that holds it, and a list's numbers are
        # made once (a packed view makes each number again on every pass: about a fifth more CPU a pass).
        return _numbers(block[: count * 2], "H").tolist(), _numbers(block[count * 2 :], "f").tolist()

    def holders(self, term: str) -> Any:
        """The numbers of the documents holding ``term``."""
        return self._postings(term)[0]

    def posting(self, term: str) -> Any:
        """The documents holding ``term``: pairs of each one's number and the term's weight there."""
        docs, weights = self._postings(term)
        return zip(docs, weights, strict=True)


class _Codes(Mapping[str, int]):
    """An index's terms and their codes (as [`Index.terms`][rulebook.vocabulary.Index]), read from sorted words."""

    __slots__ = ("_codes", "_words")

    def __init__(self, words: _Words, codes: memoryview) -> None:
        self._words, self._codes = words, codes

    def __getitem__(self, term: str) -> int:
        slot = self._words.slot(term) if isinstance(term, str) else -1
        if slot < 0:
            raise KeyError(term)
        return self._codes[slot]

    def get(self, term: str, default: Any = None) -> Any:
        """The code of ``term``, else ``default``."""
        slot = self._words.slot(term) if isinstance(term, str) else -1
        return self._codes[slot] if slot >= 0 else default

    def __contains__(self, term: object) -> bool:
        return isinstance(term, str) and self._words.slot(term) >= 0

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)


class Rows:
    """Rows read from the file one at a time, each checked when first read; ``ids`` is each row's first field.
    If a row or the rows' section is damaged, the rows are the ones built afresh."""

    def __init__(self, store: Store, name: str) -> None:
        self._store, self._name = store, name
        self._raw: Sequence[Any] | None = None
        self._found: dict[int, Any] = {}
        try:
            ids, places, crcs = marshal.loads(store.section(name))
            self.ids: list[Any] = ids
            self._places, self._crcs = _numbers(places, "Q"), _numbers(crcs, "I")
            self._rows_at = store.place(f"{name}/rows")
        except (Damaged, ValueError, EOFError, TypeError):
            self._fall_back()

    def _fall_back(self) -> None:
        self._raw = self._store.rebuilt(self._name)
        self.ids = [row[0] for row in self._raw]

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[Any]:
        return (self[n] for n in range(len(self.ids)))

    def __getitem__(self, n: Any) -> Any:
        found = self._found.get(n)
        if found is not None:
            return found
        if isinstance(n, slice):
            return [self[i] for i in range(*n.indices(len(self)))]
        if self._raw is not None:
            return self._raw[n]
        if n < 0:
            n += len(self.ids)
        if not 0 <= n < len(self.ids):
            raise IndexError(n)
        start, end = self._places[n], self._places[n + 1]
        packed = self._store.read(self._rows_at + start, end - start)
        try:
            if len(packed) != end - start or checksum(packed) != self._crcs[n]:
                raise Damaged(f"{self._name}: row {n}")
            found = self._found[n] = marshal.loads(packed)
        except (Damaged, ValueError, EOFError, TypeError):
            self._fall_back()
            return self._raw[n]  # type: ignore[index]
        return found
