"""Full-text search over every record of every game, with SQLite FTS5 from the standard library.

The index is built from the same records as everything else, on first use, and kept in a small
SQLite file in the per-user cache folder (see [`rulebook.writing.cache_dir`][rulebook.writing.cache_dir]), named by a
digest of the data it was built from: edited data or a new version gets a new index, never a stale one.
Where no cache folder can be written, the index lives in memory for the run.

A query may be words (``misenchanted``, ``flyer razed realm``) or a rule ID (``clash.attack.tie``, or a
prefix such as ``clash.ability``). Words are read through the players' vocabulary of
[`rulebook.vocabulary`][rulebook.vocabulary] (a typo of a record's word is read as that word; a player's word such as
``sideboard`` also looks for the records' own), each record's ``aliases`` and ``asked_as`` questions are
indexed beside its text, and results are ranked by BM25 with titles weighing more than body text. A
query that is just a term ("fortified", "Misenchanted") finds first the records whose title names it.

A query is at most 2,000 characters and at most 32 distinct words are looked for, so that any query
is answered at once.

Examples:
    >>> from rulebook.search import search
    >>> hits = search("fortify tie")
    >>> hits[0].id
    'clash.interp.fortify-outcome'
    >>> search("clash.attack.tie")[0].title
    'Equal strengths: both elements are eliminated'
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rulebook import registry
from rulebook.errors import InvalidInputError
from rulebook.reading import capped

__all__ = ["MAX_LIMIT", "Hit", "build_index", "connect", "search"]

#: Bump when the table layout changes, so that old index files are rebuilt.
LAYOUT = 4
#: BM25 weights of the indexed columns: id words, title, text, citation, players' words.
WEIGHTS = (4.0, 6.0, 1.0, 0.5, 1.0)
#: The most results one search returns.
MAX_LIMIT = 500
HIGHLIGHT = ("\x02", "\x03")  # markers around matched words in snippets; the CLI styles them


@dataclass(frozen=True)
class Hit:
    """One search result: the record's ID, kind, title, a snippet with the matches marked, and its citation."""

    id: str
    game: str
    kind: str
    title: str
    snippet: str
    citation: str
    score: float
    #: The citation as a player reads it (the document's title, then the section path).
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The hit as JSON-ready data; the snippet marks matches with ``«`` and ``»``."""
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "title": self.title,
            "snippet": self.snippet.replace(HIGHLIGHT[0], "«").replace(HIGHLIGHT[1], "»"),
            "citation": self.citation,
            "source": self.source,
            "score": round(self.score, 3),
        }


def _stamp() -> str:
    """What the index is built from: a digest of the layout, the stemmer and every game's data file's bytes."""
    from rulebook.writing import content_key

    parts: list[bytes | str] = [f"layout={LAYOUT}"]
    parts += [part for g in registry.games() for part in (g.id, g.data_path.read_bytes())]
    return content_key(*parts)


def _id_words(rule_id: str) -> str:
    return " ".join(re.split(r"[.\-]", rule_id))


def build_index(conn: sqlite3.Connection, stamp: str = "") -> int:
    """(Re)build the index in ``conn`` from every record of every game; returns the number of records."""
    conn.executescript(
        """
        DROP TABLE IF EXISTS records;
        DROP TABLE IF EXISTS meta;
        CREATE VIRTUAL TABLE records USING fts5(
            id_words, title, text, citation, vocabulary,
            id UNINDEXED, game UNINDEXED, kind UNINDEXED, source UNINDEXED,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        DROP TABLE IF EXISTS stems;
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
        """
    )
    rows = [
        (
            _id_words(r.id),
            r.title,
            r.text,
            str(r.citation),
            " ; ".join((*r.aliases, *r.asked_as)),
            r.id,
            r.game,
            r.kind,
            r.citation.in_words,
        )
        for g in registry.games()
        for r in registry.rules(g.id)
    ]
    conn.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.execute("INSERT INTO meta VALUES ('records', ?)", (str(len(rows)),))
    conn.execute("INSERT INTO meta VALUES ('stamp', ?)", (stamp or _stamp(),))
    conn.commit()
    return len(rows)


def connect() -> sqlite3.Connection:
    """A read-only connection to the current index of the registered games, built on first use.

    The index is kept by the project's one cache scheme (see [`rulebook.writing`][rulebook.writing]): the file
    lives in the per-user cache folder, named by a digest of what it is built from (the registered games'
    IDs and data), so an upgraded package, edited data or another set of games gets a new file, never a
    stale one. It is built aside under a temporary name and renamed into place, so concurrent first runs
    each see either no index or a whole one; the file is never changed after that, so it is opened as
    immutable (no locks). It is checked when opened (the digest it was built from, and SQLite's
    ``quick_check``): a file that cannot be read back whole is built again; where no cache folder can be
    written, the index is built in memory for the run.
    """
    return _connect(tuple(registry.games()))


@cache
def _connect(games: tuple[registry.Game, ...]) -> sqlite3.Connection:
    from rulebook.writing import build_cache_file, cache_file

    stamp = _stamp()
    path = cache_file("search", [stamp], ".sqlite")
    if path is not None:
        for _attempt in range(2):
            conn = _open_index(path, stamp)
            if conn is not None:
                return conn
            try:
                build_cache_file(path, lambda tmp: _build_file(tmp, stamp))
            except (OSError, sqlite3.Error):
                break
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    build_index(conn, stamp)
    return conn


#: Forget the connections made (a test that changes the cache folder starts afresh).
connect.cache_clear = _connect.cache_clear  # type: ignore[attr-defined]


def _open_index(path: Path, stamp: str) -> sqlite3.Connection | None:
    """The index at ``path`` opened read-only, if it is there, whole, and built from ``stamp``; else None."""
    if not path.is_file():
        return None
    conn = None
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)
        row = conn.execute("SELECT value FROM meta WHERE key = 'stamp'").fetchone()
        if row and row[0] == stamp and conn.execute("PRAGMA quick_check").fetchone() == ("ok",):
            return conn
    except sqlite3.Error:
        pass
    if conn is not None:
        conn.close()
    return None


def _build_file(path: str, stamp: str) -> None:
    """Build the index into the (temporary) file ``path``."""
    conn = sqlite3.connect(path)
    try:
        build_index(conn, stamp)
    finally:
        conn.close()


def _match_expression(terms: list[str]) -> str:
    """An FTS5 expression for the query's words (typos read, synonyms added): any of them may match."""
    return " OR ".join(f'"{w}"' for w in terms)


def search(query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
    """Records matching ``query``, best first; a rule ID (or an ID prefix) finds that record first.

    Examples:
        >>> search("revive spent ability")[0].id
        'clash.interp.revived-ability'
        >>> {h.game for h in search("spirit", game="elestrals")}
        {'elestrals'}
        >>> search("gale", game="nosuchgame")
        Traceback (most recent call last):
        ...
        rulebook.errors.UnknownGameError: unknown game 'nosuchgame'...
    """
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidInputError(f"--limit must be from 1 to {MAX_LIMIT}, not {limit}")
    gid = registry.game(game).id if game else None
    text = capped(query, "a search query").strip()
    if not text:
        raise InvalidInputError("the search query is empty; give words (e.g. 'fortify tie') or a rule ID")
    conn = connect()
    hits: list[Hit] = []
    if re.fullmatch(r"[a-z]+(\.[a-z0-9-]+)*\.?", text.lower()) and "." in text:
        rows = conn.execute(
            "SELECT id, game, kind, title, text, citation, source FROM records WHERE id = ? OR id LIKE ? "
            "ORDER BY id != ?, id",
            (text.lower().rstrip("."), text.lower().rstrip(".") + ".%", text.lower()),
        ).fetchall()
        hits += [Hit(i, g, k, t, _first_words(body), c, 0.0, w) for i, g, k, t, body, c, w in rows if gid in (None, g)]
    from rulebook.vocabulary import lexicon

    lex = lexicon()
    read = lex.read(text, what="a search query")
    expression = _match_expression(read.terms)
    if expression:
        sql = (
            "SELECT id, game, kind, title, snippet(records, 2, ?, ?, '…', 14), citation, source, "
            f"bm25(records, {', '.join(map(str, WEIGHTS))}) AS rank FROM records WHERE records MATCH ?"
        )
        params: list[Any] = [*HIGHLIGHT, expression]
        if gid:
            sql += " AND game = ?"
            params.append(gid)
        sql += " ORDER BY rank LIMIT ?"
        params.append(limit + len(hits))
        try:
            rows = conn.execute(sql, params).fetchall()
        except sqlite3.OperationalError as err:
            raise InvalidInputError(f"cannot search for {query!r}: {err}") from None
        seen = {h.id for h in hits}
        found = [Hit(i, g, k, t, s, c, -rank, w) for i, g, k, t, s, c, w, rank in rows if i not in seen]
        defining = [d for d in lex.defining(read) if gid in (None, d.split(".")[0])]
        if defining:
            first = {h.id: h for h in found if h.id in defining}
            rest = [h for h in found if h.id not in first]
            found = [first[d] if d in first else _hit(conn, d) for d in defining] + rest
        hits += found
    return hits[:limit]


def _hit(conn: sqlite3.Connection, rule_id: str) -> Hit:
    """The hit for one record by its ID, its snippet its first words."""
    i, g, k, t, body, c, w = conn.execute(
        "SELECT id, game, kind, title, text, citation, source FROM records WHERE id = ?", (rule_id,)
    ).fetchone()
    return Hit(i, g, k, t, _first_words(body), c, 0.0, w)


def _first_words(text: str, count: int = 24) -> str:
    words = text.split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")
