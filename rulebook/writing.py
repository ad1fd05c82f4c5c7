"""One way to write: output files checked before the work starts and replaced atomically, and caches kept per user.

- [`check_output`][rulebook.writing.check_output] is called when a command is given an output path (``--chart``,
  ``--save``), before any work: a directory, a missing folder, a device file or a name the system refuses is one
  clear line, not an error after a ten-minute simulation.
- [`write_atomic`][rulebook.writing.write_atomic] writes beside the target and renames into place, so an error never
  leaves a half-written file, and an existing file is only replaced once the new one is whole. A symbolic link
  at the target is replaced, never followed.
- [`cache_dir`][rulebook.writing.cache_dir] is the per-user cache folder (``platformdirs``; ``RULEBOOK_CACHE_DIR``
  overrides it). The package never writes into its own installed folder. Cache files are named by
  [`content_key`][rulebook.writing.content_key] of what they are made from, written atomically, and
  [`prune_cache`][rulebook.writing.prune_cache] removes the ones newer files have replaced.

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
import hashlib
import os
import stat
import tempfile
import time
from pathlib import Path

from rulebook.errors import InvalidInputError
from rulebook.reading import shown

__all__ = ["cache_dir", "check_output", "content_key", "prune_cache", "write_atomic"]


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
    if chosen:
        folder = Path(chosen)
    else:
        from platformdirs import user_cache_dir

        folder = Path(user_cache_dir("rulebook", appauthor=False))
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder if folder.is_dir() else None


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
    digest = hashlib.blake2b(digest_size=10)
    for part in parts:
        chunk = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(chunk).to_bytes(8, "little"))
        digest.update(chunk)
    return digest.hexdigest()
