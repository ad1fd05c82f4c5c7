"""One way to write: output files checked before the work starts and replaced atomically, and caches kept per user.

- [`check_output`][rulebook.writing.check_output] is called when a command is given an output path (``--chart``,
  ``--save``), before any work: a directory, a missing folder, a device file or a name the system refuses is one
  clear line, not an error after a ten-minute simulation.
- [`write_atomic`][rulebook.writing.write_atomic] writes beside the target and renames into place, so an error never
  leaves a half-written file, and an existing file is only replaced once the new one is whole. A symbolic link
  at the target is replaced, never followed.
- [`cache_dir`][rulebook.writing.cache_dir] is the per-user cache folder (``platformdirs``' rule, see
  [`user_cache_dir`][rulebook.writing.user_cache_dir]; ``RULEBOOK_CACHE_DIR`` overrides it). The package never
  writes into its own installed folder.
- One cache scheme for every cache (the records, the vocabulary, the search index): a cache file is named
  by [`content_key`][rulebook.writing.content_key] of everything it is made from
  ([`cache_file`][rulebook.writing.cache_file]; an input file read only to name the cache, such as the
  vocabulary's, by its [`file_stamp`][rulebook.writing.file_stamp]), so a changed input is a new name, never a
  stale hit; it is written atomically and checked when read ([`write_checked`][rulebook.writing.write_checked]
  puts a checksum of the contents in front, [`read_checked`][rulebook.writing.read_checked] compares it;
  [`build_cache_file`][rulebook.writing.build_cache_file] builds a file such as an SQLite index aside and
  renames it into place); and [`prune_cache`][rulebook.writing.prune_cache] removes the files newer ones
  have replaced. [`cached_value`][rulebook.writing.cached_value] does it all for a value ``marshal`` keeps.

Examples:
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> target = check_output(folder / "chart.svg")
    >>> write_atomic(target, "<svg/>")
    >>> target.read_text()
    '<svg/>'
    >>> check_output(folder / "missing" / "chart.svg")
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidInputError: cannot write '.../missing/chart.svg': the folder '.../missing' does not exist
"""

from __future__ import annotations

import contextlib
import os
import posixpath
import stat
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rulebook.errors import InvalidInputError
from rulebook.reading import shown

try:  # CPython's own BLAKE2, without loading OpenSSL as `import hashlib` does (a few ms of every start-up)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b
try:
    from zlib import crc32
except ImportError:  # pragma: no cover - a Python built without zlib
    from binascii import crc32

__all__ = [
    "build_cache_file",
    "cache_dir",
    "cache_file",
    "cached_value",
    "check_output",
    "checksum",
    "content_key",
    "file_stamp",
    "prune_cache",
    "read_checked",
    "user_cache_dir",
    "write_atomic",
    "write_checked",
]


def check_output(path: str | Path) -> Path:
    """Check that ``path`` can be written (as a new file, or replacing a regular file); return it as a Path.

    Examples:
        >>> check_output("/")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot write '/': it is a directory; give a file name
    """
    target = Path(path)
    label = shown(str(path))
    if str(path) in ("", "-"):
        raise InvalidInputError(f"cannot write {label!r}: give a file name")
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise InvalidInputError(f"cannot write {label!r}: {err.strerror or type(err).__name__}") from None
    except ValueError as err:
        raise InvalidInputError(f"cannot write {label!r}: {err}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise InvalidInputError(f"cannot write {label!r}: it is a directory; give a file name")
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
            raise InvalidInputError(f"cannot write {label!r}: it is not a regular file")
    parent = target.parent
    if not parent.is_dir():
        raise InvalidInputError(f"cannot write {label!r}: the folder {shown(str(parent))!r} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InvalidInputError(f"cannot write {label!r}: the folder {shown(str(parent))!r} is not writable")
    try:
        longest = os.pathconf(parent, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    if len(os.fsencode(target.name)) > longest:
        raise InvalidInputError(f"cannot write {label!r}: the file name is longer than {longest} bytes")
    return target


def write_atomic(path: str | Path, data: str | bytes, *, private: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, renamed into place.

    An `OSError` (a full disk, a vanished folder) becomes an
    [`InvalidInputError`][rulebook.errors.InvalidInputError], and the temporary file is removed: the target is
    either the old file or the whole new one. The new file gets the permissions a plain ``open`` would give
    it (an existing file's own, or those the umask allows); ``private`` keeps it to its owner (caches).
    """
    import tempfile  # only when writing: a query that reads its caches never pays for it

    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
            if not private:
                os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
        tmp = None
    except OSError as err:
        raise InvalidInputError(f"cannot write {shown(str(path))!r}: {err.strerror or type(err).__name__}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _mode_for(target: Path) -> int:
    """The permissions ``open(target, "w")`` would leave: the existing file's, or 0o666 less the umask."""
    with contextlib.suppress(OSError):
        info = os.lstat(target)
        if stat.S_ISREG(info.st_mode):
            return stat.S_IMODE(info.st_mode)
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def cache_dir() -> Path | None:
    """The per-user cache folder for rulebook, created on first use; ``None`` where there is none.

    ``RULEBOOK_CACHE_DIR`` chooses another folder (tests and read-only homes use it). The folder may
    be read-only: caches already in it are still used, and writing a new one is simply skipped (every
    writer treats a failed write as no cache).
    """
    chosen = os.environ.get("RULEBOOK_CACHE_DIR")
    folder = Path(chosen or user_cache_dir())
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder if folder.is_dir() else None


def user_cache_dir() -> str:
    """The folder ``platformdirs.user_cache_dir("rulebook", appauthor=False)`` names, found without importing it
    in the common case (a Linux user with an absolute ``XDG_CACHE_HOME`` or ``HOME``).

    Importing ``platformdirs`` on Linux imports ``tempfile`` and ``random`` too: about 2% of a command's
    start-up. Its answer there is the XDG rule, ``$XDG_CACHE_HOME/rulebook`` when that variable is an absolute
    path, else ``~/.cache/rulebook`` (tests/test_writing.py checks the two agree); anything else (another
    system, Android, no absolute home) asks ``platformdirs`` itself.

    Examples:
        >>> import os
        >>> user_cache_dir().endswith("rulebook")
        True
    """
    if sys.platform == "linux" and not hasattr(sys, "getandroidapilevel") and "ANDROID_ROOT" not in os.environ:
        chosen = os.environ.get("XDG_CACHE_HOME", "")
        if posixpath.isabs(chosen):
            return os.path.join(chosen, "rulebook")
        home = os.environ.get("HOME")
        if home is not None and posixpath.isabs(home):
            return os.path.join(os.path.expanduser("~/.cache"), "rulebook")
    from platformdirs import user_cache_dir as platform_cache_dir

    return platform_cache_dir("rulebook", appauthor=False)


#: Cache files of one kind kept by ``prune_cache``, newest first (several installed versions may share a folder).
KEEP_CACHES = 3
#: A cache or temporary file younger than this (in seconds) is never removed: another process may be using it.
PRUNE_GRACE = 3600.0


def prune_cache(current: Path, *, keep: int = KEEP_CACHES, grace: float = PRUNE_GRACE) -> list[Path]:
    """Remove cache files of the same kind as ``current`` that newer ones have replaced; return those removed.

    A cache file is named ``KIND-KEY.SUFFIX`` (``content_key`` makes the key), so edited data or a
    new version leaves the old file behind. Called after a new cache file is written (never on the
    common path), this keeps ``keep`` files of its kind (``current`` and the most recently written
    others), removes the older ones, and removes temporary files left by interrupted writes. Safe with
    concurrent runs: a file younger than ``grace`` seconds is never removed, a file another process
    has open stays readable by it until closed, and a process that finds its cache gone builds it anew.

    Examples:
        >>> import os, tempfile, time, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> for n in range(5):
        ...     old = folder / f"search-{n}.sqlite"
        ...     _ = old.write_bytes(b"")
        ...     os.utime(old, (time.time() - 7200 + n, time.time() - 7200 + n))
        >>> sorted(p.name for p in prune_cache(folder / "search-4.sqlite", keep=2))
        ['search-0.sqlite', 'search-1.sqlite', 'search-2.sqlite']
        >>> sorted(p.name for p in folder.iterdir())
        ['search-3.sqlite', 'search-4.sqlite']
    """
    kind, dash, _ = current.name.partition("-")
    if not dash:
        return []
    now = time.time()
    removed: list[Path] = []
    try:
        siblings = list(current.parent.glob(f"{kind}-*{current.suffix}"))
        leftovers = list(current.parent.glob(f".{kind}-*.tmp"))
    except OSError:
        return []

    def age(p: Path) -> float:
        try:
            return now - p.stat().st_mtime
        except OSError:
            return -1.0  # gone already, or unreadable: leave it

    ranked = sorted((p for p in siblings if p != current), key=age)
    doomed = [p for p in ranked[max(keep - 1, 0) :] if age(p) > grace]
    doomed += [p for p in leftovers if age(p) > grace]
    for p in doomed:
        with contextlib.suppress(OSError):
            p.unlink()
            removed.append(p)
    return removed


def content_key(*parts: bytes | str) -> str:
    """A short digest of what a cached file was made from: a changed input is a new name, never a stale hit.

    Examples:
        >>> content_key("layout=2", b"data") == content_key("layout=2", b"data")
        True
        >>> len(content_key("x"))
        20
    """
    digest = blake2b(digest_size=10)
    for part in parts:
        chunk = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(chunk).to_bytes(8, "little"))
        digest.update(chunk)
    return digest.hexdigest()


#: A file changed more recently than this (in seconds) is named by its contents in a cache key, not by its stamp.
FRESH = 5.0


def file_stamp(path: str | Path) -> str | bytes:
    """What names a cache's input file in its key: its size and modification time, or, for a file changed in
    the last few seconds (``FRESH``), its contents.

    Reading and hashing a megabyte of inputs on every start-up cost more than the rest of a question. A
    file's size and modification time are what Python's own import system trusts to tell whether a
    module's bytecode is stale; they change with every edit, checkout, copy or install. The one way
    they could stay the same across an edit is two writes of the same size within one tick of the
    file system's clock; a file that recent is named by its contents instead (the rule Git uses for
    "racily clean" files), so the stamp of a file is only ever taken once its clock has moved on.

    Examples:
        >>> import os, pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "data.toml"
        >>> _ = path.write_text("x = 1")
        >>> file_stamp(path)
        b'x = 1'
        >>> os.utime(path, (1_000_000_000, 1_000_000_000))
        >>> file_stamp(path)
        'size=5 mtime=1000000000000000000'
    """
    info = os.stat(path)
    if time.time() - info.st_mtime < FRESH:
        with open(path, "rb") as handle:
            return handle.read()
    return f"size={info.st_size} mtime={info.st_mtime_ns}"


#: How a checked cache file starts: the CRC-32 of its contents (4 bytes, little-endian), then their length (8 bytes).
#: The file's name already says what it holds (a digest of its inputs) and it is written whole or not at all
#: (``write_atomic``), so the check is there for later damage (a truncated or altered file), which a CRC finds at a
#: fraction of a cryptographic digest's cost.
CHECK_BYTES = 12
#: Part of every cache file's key: how its contents are checked (another check is another name, never a misread).
CHECK_SCHEME = "check=crc32+length"


def checksum(data: bytes | memoryview) -> int:
    """The CRC-32 of ``data``: what checks a cache file's contents, or a part of them, when read.

    Examples:
        >>> checksum(b"payload") == checksum(b"payload"), checksum(b"payload") == checksum(b"paylaod")
        (True, False)
    """
    return crc32(data)


def cache_file(kind: str, parts: Iterable[bytes | str], suffix: str, folder: Path | None = None) -> Path | None:
    """The cache file of ``kind`` made from ``parts`` (``KIND-KEY.SUFFIX``); ``None`` without a cache folder.

    The key is [`content_key`][rulebook.writing.content_key] of the parts and of the Python version (a cache may
    hold bytecode-dependent data), so whatever the file is made from names it.

    ``folder`` is the cache folder (default: [`cache_dir`][rulebook.writing.cache_dir]).

    Examples:
        >>> import pathlib, tempfile
        >>> cache_file("words", ["layout=1", b"data"], ".marshal", pathlib.Path(tempfile.mkdtemp())).name[:6]
        'words-'
    """
    import sys

    folder = folder or cache_dir()
    if folder is None:
        return None
    return folder / f"{kind}-{content_key(sys.implementation.cache_tag, CHECK_SCHEME, *parts)}{suffix}"


def write_checked(path: Path, payload: bytes) -> None:
    """Write a cache file atomically, its contents preceded by their checksum and length; prune the files it replaces.

    A cache folder that cannot be written is no error: the cache is simply not kept.
    """
    head = checksum(payload).to_bytes(4, "little") + len(payload).to_bytes(8, "little")
    with contextlib.suppress(InvalidInputError):
        write_atomic(path, head + payload, private=True)
        prune_cache(path)


def read_checked(path: Path) -> bytes | None:
    """A cache file's contents if it is there and whole (its length and checksum agree); else ``None``.

    Examples:
        >>> import pathlib, tempfile
        >>> target = pathlib.Path(tempfile.mkdtemp()) / "kind-key.bin"
        >>> write_checked(target, b"payload")
        >>> read_checked(target)
        b'payload'
        >>> _ = target.write_bytes(target.read_bytes()[:-1])
        >>> read_checked(target) is None
        True
    """
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    payload = blob[CHECK_BYTES:]
    if len(payload) != int.from_bytes(blob[4:CHECK_BYTES], "little"):
        return None
    if checksum(payload) != int.from_bytes(blob[:4], "little"):
        return None
    return payload


def cached_value(kind: str, parts: Iterable[bytes | str], make: Callable[[], Any], folder: Path | None = None) -> Any:
    """The value ``make()`` returns, kept in the cache file named by ``parts`` (what it is made from).

    Read back when the file is there and whole; otherwise made and written (``marshal`` keeps it, so the
    value is plain data: dicts, lists, tuples, strings, numbers, bytes).

    Examples:
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> cached_value("squares", ["n=4"], lambda: [n * n for n in range(4)], folder)
        [0, 1, 4, 9]
        >>> cached_value("squares", ["n=4"], lambda: "not made again", folder)
        [0, 1, 4, 9]
    """
    import marshal

    path = cache_file(kind, parts, ".marshal", folder)
    if path is not None:
        payload = read_checked(path)
        if payload is not None:
            with contextlib.suppress(ValueError, EOFError, TypeError):
                return marshal.loads(payload)
    value = make()
    if path is not None:
        write_checked(path, marshal.dumps(value))
    return value


def build_cache_file(path: Path, build: Callable[[str], None]) -> None:
    """Build a cache file that is not bytes in memory (an SQLite index) aside, then rename it into place.

    ``build`` writes the file at the temporary path it is given; concurrent first runs each see either no
    file or a whole one. The reader checks it (the index keeps the key it was built from, and is checked with
    SQLite's own ``quick_check``). Then the files it replaces are pruned.
    """
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name.split('-')[0]}-", suffix=".tmp")
    os.close(fd)
    try:
        build(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    prune_cache(path)
