"""The one bounded reader for data files: rulesets, maps, settings, key maps, gpio.toml.

    doc = read_toml(path)                       # dict, or DataFileError naming file:line
    doc = loads_toml(text_or_bytes, "peer:ruleset.toml")   # data that did not come from a file
    raw = read_bytes(path, max_bytes=8 << 20)   # images and other binary data

Guarantees, checked before anything is parsed:
- only regular files are read. The file is opened with O_NONBLOCK, so a FIFO cannot hang the
  open, and `fstat` must say S_ISREG: FIFOs, sockets, devices (a symlink to /dev/zero) and
  folders are refused. A symlink to a regular file is followed like any path;
- at most `max_bytes` are read (the size is checked on the open descriptor and the read stops
  one byte past the limit, so a file that grows while it is read cannot get past it);
- TOML text is scanned first for nesting depth and key count: `tomllib` recurses once per
  nesting level (a 2 KB file nested 1,000 deep raises RecursionError) and is quadratic in the
  parts of a dotted key (24 KB of `a.a.a…` takes 581 MB). Depth counts every level a value sits
  under: table header parts, dotted key parts, arrays and inline tables. Key count is the number
  of key parts in the whole document (`a.b.c = 1` counts 3, `[x.y]` counts 2);
- text must be UTF-8;
- a number written with more than `numbers.MAX_NUMBER_CHARS` characters is refused before
  `tomllib` sees it (it would raise an uncaught ValueError past 4300 digits, or build a huge
  int from hex digits), naming the line and the key.

Every failure is a `DataFileError` (a ValueError) whose text reads `label:line: what`
(`label: what` when no line applies); `MissingFile` is the subclass for a path that does not
exist, so callers that treat "missing" as "use the defaults" can catch just that.

This module imports only the standard library: `hw` (key maps, gpio.toml) may use it too.
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from game.core.numbers import MAX_NUMBER_CHARS, long_number_at

# The shipped data (rulesets, maps, key maps, gpio wiring, sprites...): the one ASSETS path.
ASSETS = Path(os.environ.get("TACTIBOX_ASSETS") or Path(__file__).resolve().parents[2] / "assets")

__all__ = ["ASSETS", "Limits", "DEFAULT_LIMITS", "DataFileError", "MissingFile",
           "read_bytes", "read_text", "read_toml", "loads_toml", "check_toml_shape"]


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 1 << 20       # 1 MiB of TOML is far more than any ruleset file needs
    max_depth: int = 16            # nesting levels (see the module doc)
    max_keys: int = 20_000         # key parts in one document


DEFAULT_LIMITS = Limits()


class DataFileError(ValueError):
    """A data file that cannot be used; `str()` is `label:line: what` or `label: what`."""

    def __init__(self, label: str, what: str, line: int | None = None) -> None:
        self.label, self.what, self.line = label, what, line
        super().__init__(f"{label}:{line}: {what}" if line else f"{label}: {what}")


class MissingFile(DataFileError):
    """The path does not exist."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_at_most(fd: int, max_bytes: int) -> bytes | None:
    """The rest of an open file, or None when it holds more than `max_bytes` (it reads at most one
    byte more, so a file that grows while it is read, or a device without an end, stops there)."""
    chunks, got = [], 0
    while got <= max_bytes:
        chunk = os.read(fd, min(1 << 16, max_bytes + 1 - got))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        got += len(chunk)
    return None


def read_bytes(path: str | os.PathLike, *, max_bytes: int = DEFAULT_LIMITS.max_bytes,
               label: str | None = None) -> bytes:
    """The bytes of a regular file of at most `max_bytes` bytes."""
    label = label or str(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise MissingFile(label, "file is missing") from None
    except OSError as exc:
        raise DataFileError(label, f"cannot be opened ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DataFileError(label, f"is {_kind(st.st_mode)}, expected a regular file")
        if st.st_size > max_bytes:
            raise DataFileError(label, f"file is {st.st_size} bytes, at most {max_bytes} allowed")
        data = read_at_most(fd, max_bytes)
        if data is None:
            raise DataFileError(label, f"file grew past {max_bytes} bytes while it was read")
        return data
    except OSError as exc:
        raise DataFileError(label, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _decode(raw: bytes, label: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise DataFileError(label, f"not UTF-8 text (byte {exc.start}), expected UTF-8", line) from None


def read_text(path: str | os.PathLike, *, max_bytes: int = DEFAULT_LIMITS.max_bytes,
              label: str | None = None) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes` bytes."""
    label = label or str(path)
    return _decode(read_bytes(path, max_bytes=max_bytes, label=label), label)


def read_toml(path: str | os.PathLike, *, limits: Limits = DEFAULT_LIMITS, label: str | None = None) -> dict:
    """Parse one TOML file within `limits`; any problem is a DataFileError naming the file."""
    label = label or str(path)
    return loads_toml(read_bytes(path, max_bytes=limits.max_bytes, label=label), label, limits=limits)


def loads_toml(data: str | bytes, label: str, *, limits: Limits = DEFAULT_LIMITS) -> dict:
    """Parse TOML held in memory (from a peer, an archive member...) within `limits`."""
    size = len(data.encode("utf-8") if isinstance(data, str) else data)
    if size > limits.max_bytes:
        raise DataFileError(label, f"is {size} bytes, at most {limits.max_bytes} allowed")
    text = _decode(data, label) if isinstance(data, bytes) else data
    check_toml_shape(text, label, limits)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg, line = str(exc), None
        if " (at line " in msg:
            msg, _, where = msg.rpartition(" (at line ")
            try:
                line = int(where.split(",")[0])
            except ValueError:
                line = None
        elif msg.endswith(" (at end of document)"):
            msg, line = msg.removesuffix(" (at end of document)"), text.count("\n") + 1
        raise DataFileError(label, f"TOML syntax error: {msg}", line) from None
    except RecursionError:  # the scan should have stopped this; never let it escape
        raise DataFileError(label, f"nested too deeply, at most {limits.max_depth} levels") from None
    except (ValueError, OverflowError) as exc:  # a number the scan let through that Python cannot take
        raise DataFileError(label, f"a value cannot be read ({exc})") from None


def _skip_string(text: str, i: int, line: int) -> tuple[int, int]:
    """Index just past the string starting at text[i] (a quote), and the line number after it."""
    q, n = text[i], len(text)
    if text.startswith(q * 3, i):                       # multi-line string
        j = i + 3
        while True:
            j = text.find(q * 3, j)
            if j < 0:
                return n, line + text.count("\n", i)
            if q == '"':                                # \""" is an escaped quote, not the end
                k = j - 1
                while k > i + 2 and text[k] == "\\":
                    k -= 1
                if (j - 1 - k) % 2:
                    j += 1
                    continue
            j += 3
            extra = 0                                   # up to two quotes may end the body
            while j < n and text[j] == q and extra < 2:
                j, extra = j + 1, extra + 1
            return j, line + text.count("\n", i, j)
    j = i + 1
    while j < n:
        c = text[j]
        if c == "\\" and q == '"':
            j += 2
            continue
        if c == q or c == "\n":
            break
        j += 1
    if j < n and text[j] == "\n":                      # unterminated: leave the newline to the scanner
        return j, line
    return j + 1, line


def check_toml_shape(text: str, label: str, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse TOML nested deeper than `limits.max_depth` or with more than `limits.max_keys`
    key parts, without recursing and in one linear pass. The scan over-approximates on broken
    TOML (tomllib then reports the real syntax error)."""
    n = len(text)
    i, line = 0, 1
    keys = 0
    base = 0                   # depth of the current [table] / [[array]] header
    stack: list[tuple[str, int]] = []   # open arrays ("a") and inline tables ("t") with their depth
    in_key, parts = True, 0    # reading a key, and its parts so far
    value_depth = 0
    table, key, key_at = "", "", 0   # the [table] and key a value belongs to (for messages)

    def too_deep(depth: int) -> None:
        if depth > limits.max_depth:
            raise DataFileError(label, f"nested {depth} levels deep here, at most {limits.max_depth} allowed", line)

    def count(k: int) -> None:
        nonlocal keys
        keys += k
        if keys > limits.max_keys:
            raise DataFileError(label, f"more than {limits.max_keys} keys, at most {limits.max_keys} allowed", line)

    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            if not stack:
                in_key, parts = True, 0
            i += 1
            key_at = i
        elif c in " \t\r":
            i += 1
        elif c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            if in_key and parts == 0:
                parts = 1
            i, line = _skip_string(text, i, line)
        elif in_key:
            if c == "[" and not stack and parts == 0:
                # a table header: [a.b] or [[a.b]]
                j = i + 2 if text.startswith("[[", i) else i + 1
                hparts = 1
                while j < n and text[j] not in "]\n":
                    if text[j] in "\"'":
                        j, line = _skip_string(text, j, line)
                        continue
                    if text[j] == ".":
                        hparts += 1
                    j += 1
                count(hparts)
                base = hparts + (1 if text.startswith("[[", i) else 0)
                too_deep(base)
                table = text[i:j].strip("[] \t")[:80]
                i = j
                while i < n and text[i] == "]":
                    i += 1
            elif c == "=":
                parts = max(parts, 1)
                key = text[key_at:i].strip(" \t{,")[:80]
                count(parts)
                value_depth = (stack[-1][1] if stack else base) + parts
                too_deep(value_depth)
                in_key, parts = False, 0
                i += 1
            elif c == ".":
                parts += 1
                i += 1
            elif c == "}" and stack and stack[-1][0] == "t":   # empty inline table {}
                value_depth = stack.pop()[1]
                in_key = False
                i += 1
            else:
                if parts == 0:
                    parts = 1
                i += 1
        else:  # a value
            if c == "[":
                stack.append(("a", value_depth))
                value_depth += 1
                too_deep(value_depth)
            elif c == "{":
                stack.append(("t", value_depth))
                in_key, parts = True, 0
                key_at = i + 1
            elif c in "]}":
                if stack:
                    value_depth = stack.pop()[1]
                    if stack and stack[-1][0] == "a":
                        value_depth = stack[-1][1] + 1
            elif c == "," and stack:
                if stack[-1][0] == "t":
                    in_key, parts = True, 0
                    key_at = i + 1
            elif c in "0123456789+-":
                run = long_number_at(text, i)
                if run > MAX_NUMBER_CHARS:
                    where = ".".join(p for p in (table, key) if p) or "a value"
                    raise DataFileError(label, f"{where}: a number of {run} characters, at most "
                                               f"{MAX_NUMBER_CHARS} allowed", line)
                i += run
                continue
            i += 1


def default_label(path: Path, root: Path | None = None) -> str:
    """`path` relative to `root` when it lies inside it (for short messages), else the path."""
    if root is not None:
        try:
            return path.relative_to(root).as_posix()
        except ValueError:
            pass
    return str(path)
