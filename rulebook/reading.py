"""One way to read what a user gives: numbers, text files, standard input and TOML.

Every engine and every command reads user input through these functions, so that odd input always
ends in one [`InvalidInputError`][rulebook.errors.InvalidInputError] whose message names what was wrong and what is
accepted, and never in a traceback, a hang or a runaway allocation:

- [`number`][rulebook.reading.number] accepts ASCII digits only (``"²"`` and ``"٣"`` are refused, although Python's
  ``str.isdigit`` accepts them), at most [`MAX_DIGITS`][rulebook.reading.MAX_DIGITS] of them, inside a range it names;
- [`read_text`][rulebook.reading.read_text] reads a file or standard input (``-``) as UTF-8, refuses directories and
  device files, and stops at [`MAX_FILE_BYTES`][rulebook.reading.MAX_FILE_BYTES];
- [`parse_toml`][rulebook.reading.parse_toml] turns every kind of TOML error (syntax, nesting too deep, an integer too
  long) into one line with the file and line;
- [`check_shape`][rulebook.shapes.check_shape] (in [`rulebook.shapes`][rulebook.shapes]) checks parsed data against a
  small declarative shape before any engine uses it.

Examples:
    >>> number("12", "a seed")
    12
    >>> number("²", "a seed")
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidInputError: a seed must be a whole number written with the digits 0-9, not '²'
    >>> number("9", "a hand size", low=0, high=7)
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidInputError: a hand size must be from 0 to 7, not 9
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

from rulebook.errors import InvalidInputError

__all__ = [
    "MAX_DIGITS",
    "MAX_FILE_BYTES",
    "MAX_KEY_PARTS",
    "MAX_NESTING",
    "MAX_TEXT_CHARS",
    "capped",
    "decode",
    "number",
    "parse_toml",
    "read_text",
    "read_toml",
    "shown",
    "toml_guard",
]

#: The most digits a number typed by a user may have (up to 999,999,999).
MAX_DIGITS = 9
#: The largest file (or standard input) read, in bytes: 1 MB, far above any real log, plan or deck list.
MAX_FILE_BYTES = 1_000_000
#: The longest question, query or argument text read, in characters.
MAX_TEXT_CHARS = 2_000

_NUMBER = re.compile(r"[+-]?[0-9]+")
# Control characters (terminal escapes), bidirectional overrides, and the lone surrogates that stand for
# undecodable bytes in command-line arguments: none of them is printed raw.
_CONTROL = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
# Compiling the whole class costs every command about a millisecond (its range of surrogates makes a large table),
# so it is compiled only for text that is not all ASCII; in ASCII text only its ASCII part can match.
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def shown(text: object, limit: int | None = None) -> str:
    """``text`` made safe to print: control characters (terminal escapes among them) shown escaped, and
    cut to its first ``limit`` characters (marked with …) when it is longer.

    Examples:
        >>> shown("P1\\x1b[31m")
        'P1\\\\x1b[31m'
        >>> shown("Fire – Blaze")
        'Fire – Blaze'
        >>> shown("a" * 50, limit=5)
        'aaaaa…'
    """
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    control = _ASCII_CONTROL if text.isascii() else re.compile(_CONTROL)
    return control.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def number(text: str | int, what: str, *, low: int | None = None, high: int | None = None, signed: bool = False) -> int:
    """Read a whole number a user wrote: ASCII digits only, at most [`MAX_DIGITS`][rulebook.reading.MAX_DIGITS], within
    ``low``..``high``.

    ``what`` names the number in the message (``"a seed"``, ``"--games"``). A sign is accepted only when
    ``signed`` is true. An ``int`` passes through the same range check.

    Examples:
        >>> number(" 7 ", "a turn number", low=1)
        7
        >>> number("-2", "an Attack change", signed=True)
        -2
        >>> number("1" * 40, "a seed")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: a seed has too many digits (40; at most 9)
        >>> number("9" * 5000, "--games", low=1, high=100_000)
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: --games has too many digits (5000; at most 9)
        >>> number("-0000000000000012", "an Attack change", signed=True)
        -12
    """
    if isinstance(text, bool):
        raise InvalidInputError(f"{what} must be a whole number, not {text!r}")
    if isinstance(text, int):
        value = text
    else:
        raw = str(text).strip()
        if not _NUMBER.fullmatch(raw) or (raw[:1] in "+-" and not signed):
            shown_raw = shown(raw, 40)
            accepted = "digits 0-9" + (", with an optional sign" if signed else "")
            raise InvalidInputError(f"{what} must be a whole number written with the {accepted}, not {shown_raw!r}")
        significant = raw.lstrip("+-").lstrip("0")
        if len(significant) > MAX_DIGITS:
            raise InvalidInputError(f"{what} has too many digits ({len(significant)}; at most {MAX_DIGITS})")
        value = int(("-" if raw.startswith("-") else "") + (significant or "0"))
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidInputError(f"{what} must be {_range(low, high)}, not {value}")
    return value


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}"


def decode(data: bytes, where: str) -> str:
    """Bytes read from a file or standard input, as UTF-8 text; where they are not, say where.

    Examples:
        >>> decode(b"fire > water", "game.log")
        'fire > water'
        >>> decode(b"ok\\n\\xff", "game.log")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: game.log is not UTF-8 text (line 2, byte 3 is 0xff); save it as UTF-8
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise InvalidInputError(
            f"{where} is not UTF-8 text (line {line}, byte {err.start} is 0x{data[err.start]:02x}); save it as UTF-8"
        ) from None
    return text.removeprefix("\ufeff")


def read_text(path: str | Path, *, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """Read a regular file (or standard input for ``-``) of at most ``limit`` bytes as UTF-8 text.

    Directories, device files (``/dev/zero``) and sockets are refused before anything is read, and a
    file or stream longer than ``limit`` is refused without reading the rest.

    Examples:
        >>> read_text("/dev/zero")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: cannot read '/dev/zero': not a regular file; give a text file or '-'
    """
    name = str(path)
    if name == "-":
        if sys.stdin is None:  # started with standard input closed (0<&-)
            raise InvalidInputError(f"standard input is closed; give the {what} as a file name, or pipe it in")
        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
        if stream is None:  # a text-only stdin (tests); it is already decoded
            text = sys.stdin.read(limit + 1)
            if len(text.encode("utf-8")) > limit:
                raise InvalidInputError(f"standard input is larger than {limit:,} bytes; give a smaller {what}")
            return text
        try:
            data = stream.read(limit + 1)
        except OSError as err:  # a descriptor closed under it
            reason = err.strerror or type(err).__name__
            raise InvalidInputError(f"standard input cannot be read ({reason}); give the {what} as a file") from None
        if len(data) > limit:
            raise InvalidInputError(f"standard input is larger than {limit:,} bytes; give a smaller {what}")
        return decode(data, "standard input")
    label = shown(name)
    try:
        info = os.stat(name)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise InvalidInputError(f"cannot read {label!r}: {kind}; give a text file or '-'")
        if info.st_size > limit:
            raise InvalidInputError(
                f"cannot read {label!r}: {info.st_size:,} bytes is larger than the {limit:,} accepted for a {what}"
            )
        with open(name, "rb") as handle:
            data = handle.read(limit + 1)
    except InvalidInputError:
        raise
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise InvalidInputError(f"cannot read {label!r}: {reason}; give a readable text file or '-'") from None
    except ValueError as err:  # an embedded NUL in the name
        raise InvalidInputError(f"cannot read {label!r}: {err}") from None
    if len(data) > limit:
        raise InvalidInputError(f"cannot read {label!r}: larger than the {limit:,} bytes accepted for a {what}")
    return decode(data, repr(label))


#: The most parts of one TOML key or table name (``a.b.c`` has three): the files read have two or three.
MAX_KEY_PARTS = 16
#: The deepest nesting of TOML arrays and inline tables read.
MAX_NESTING = 32
# What the guard stops at: quotes, comments, line ends, dots, equals signs, brackets, braces and commas.
_TOML_MARK = re.compile(r"""["'#\n.=\[\]{},]""")


def _string_end(text: str, i: int) -> int:
    """Where a TOML string starting at ``i`` ends (just past its closing quote), or the end of its line when
    it is not closed there (the parser then names the error)."""
    quote = text[i] * 3 if text.startswith(text[i] * 3, i) else text[i]
    j = i + len(quote)
    stop = len(text) if len(quote) == 3 else (text.find("\n", j) % (len(text) + 1))
    while True:
        k = text.find(quote, j, stop)
        if k < 0:
            return stop
        if text[i] == '"':
            run = k
            while run > j and text[run - 1] == "\\":
                run -= 1
            if (k - run) % 2:  # an escaped quote
                j = k + 1
                continue
        return k + len(quote)


def toml_guard(text: str, where: str) -> None:
    """Refuse TOML the parser would spend far too much on, before it parses: more than
    [`MAX_FILE_BYTES`][rulebook.reading.MAX_FILE_BYTES] characters, a key of more than
    [`MAX_KEY_PARTS`][rulebook.reading.MAX_KEY_PARTS] dotted parts (``a.a.a...`` of 20,000 parts took 1.6 GB in
    ``tomllib``), or arrays and inline tables nested deeper than [`MAX_NESTING`][rulebook.reading.MAX_NESTING].
    One linear pass; strings and comments are skipped whole.

    Examples:
        >>> toml_guard("a.b = 1\\n[c.d]\\ne = [1.5, {f.g = 2}]", "ok.toml")
        >>> toml_guard("a" + ".a" * 20_000 + " = 1", "keys.toml")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: keys.toml: a key of more than 16 dotted parts (line 1) is not read
    """
    if len(text) > MAX_FILE_BYTES:
        raise InvalidInputError(f"{where} is larger than the {MAX_FILE_BYTES:,} characters read from a TOML file")
    stack: list[str] = []  # "[" an array, "{" an inline table
    key, parts, header, i = True, 1, False, 0
    while (m := _TOML_MARK.search(text, i)) is not None:
        c, i = m.group(), m.end()
        if c in "\"'":
            i = _string_end(text, m.start())
            continue
        if c == "#":
            i = text.find("\n", i) % (len(text) + 1)
        elif c == "\n" and not stack:
            key, parts, header = True, 1, False
        elif c == "." and key:
            parts += 1
            if parts > MAX_KEY_PARTS:
                line = text.count("\n", 0, m.start()) + 1
                raise InvalidInputError(
                    f"{where}: a key of more than {MAX_KEY_PARTS} dotted parts (line {line}) is not read"
                )
        elif c == "=":
            key, parts = False, 1
        elif c == "[" and key and not stack:
            header = True
        elif c in "[{":
            stack.append(c)
            if len(stack) > MAX_NESTING:
                line = text.count("\n", 0, m.start()) + 1
                raise InvalidInputError(
                    f"{where} is not valid TOML: nested too deeply (line {line}; at most {MAX_NESTING} levels)"
                )
            key, parts = c == "{", 1
        elif c == "," and stack and stack[-1] == "{":
            key, parts = True, 1
        elif c in "]}":
            if stack and stack[-1] == ("[" if c == "]" else "{"):
                stack.pop()
                key = False
            elif header:
                key, header = False, False


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """Parse TOML text; any error (syntax, nesting too deep, a number too long) is one line naming ``where``.

    Examples:
        >>> parse_toml("players = 3", "round.toml")
        {'players': 3}
        >>> parse_toml("players = ", "round.toml")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: round.toml is not valid TOML: invalid value (at end of document)
        >>> parse_toml("a = " + "[" * 3000, "deep.toml")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: deep.toml is not valid TOML: nested too deeply (line 1; at most 32 levels)
        >>> parse_toml("a = 1\\nb = " + "9" * 5000, "big.toml")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: big.toml is not valid TOML: a number has too many digits (line 2)
    """
    import tomllib

    toml_guard(text, where)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidInputError(f"{where} is not valid TOML: {err}".replace("Invalid value", "invalid value")) from None
    except RecursionError:
        raise InvalidInputError(f"{where} is not valid TOML: nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts
        long = re.search(r"[0-9_]{1000}", text)
        line = f" (line {text.count(chr(10), 0, long.start()) + 1})" if long else ""
        raise InvalidInputError(f"{where} is not valid TOML: a number has too many digits{line}") from None


def read_toml(path: str | Path, *, what: str = "file") -> dict[str, Any]:
    """Read and parse a TOML file (or standard input for ``-``) under the same limits as
    [`read_text`][rulebook.reading.read_text]."""
    name = "standard input" if str(path) == "-" else shown(str(path))
    return parse_toml(read_text(path, what=what), name)


def capped(text: str, what: str, *, limit: int = MAX_TEXT_CHARS) -> str:
    """``text`` unchanged if it has at most ``limit`` characters; else a one-line refusal naming the limit.

    Examples:
        >>> capped("fortify tie", "a question")
        'fortify tie'
        >>> capped("x" * 3000, "a question")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: a question of 3,000 characters is too long; at most 2,000 are read
    """
    if len(text) > limit:
        raise InvalidInputError(f"{what} of {len(text):,} characters is too long; at most {limit:,} are read")
    return text
