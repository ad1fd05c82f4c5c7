"""One way to write: output files checked before the work starts and replaced atomically, and caches kept per user.

- [`check_output`][rulebook.writing.check_output] is called when a command is given an output path (``--chart``,
  ``--save``), before any work: a directory, a missing folder, a device file or a name the system refuses is one
  clear line, not an error after a ten-minute simulation.
- [`write_atomic`][rulebook.writing.write_atomic] writes beside the target and renames into place, so an error never
  leaves a half-written file, and an existing file is only replaced once the new one is whole. A symbolic link
  at the target is replaced, never followed.
- [`cache_dir`][rulebook.writing.cache_dir] is the per-user cache folder (``platformdirs``; ``RULEBOOK_CACHE_DIR``
  overrides it). The package never writes into its own installed folder.

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
from pathlib import Path

from rulebook.errors import InvalidInputError
from rulebook.reading import shown

__all__ = ["cache_dir", "check_output", "content_key", "write_atomic"]


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


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, renamed into place.

    An `OSError` (a full disk, a vanished folder) becomes an
    [`InvalidInputError`][rulebook.errors.InvalidInputError], and the temporary file is removed: the target is
    either the old file or the whole new one.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(tmp, target)
        tmp = None
    except OSError as err:
        raise InvalidInputError(f"cannot write {shown(str(path))!r}: {err.strerror or type(err).__name__}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def cache_dir() -> Path | None:
    """The per-user cache folder for rulebook, created on first use; ``None`` where none can be made.

    ``RULEBOOK_CACHE_DIR`` chooses another folder (tests and read-only homes use it).
    """
    chosen = os.environ.get("RULEBOOK_CACHE_DIR")
    if chosen:
        folder = Path(chosen)
    else:
        from platformdirs import user_cache_dir

        folder = Path(user_cache_dir("rulebook", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) else None


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
