"""The one reader of replay files, for the app's Replays screen and for ``tactibox replay``.

A replay file is the app's container (what ``game.store.replays.ReplayStore`` writes)::

    {"format": "tactibox-replay", "version": 1, "mode": ..., "when": ..., "encoding": "json",
     "size": N, "crc32": C}                      <- one JSON header line
    <N bytes of payload: the replay document>

or, as ``tactibox simulate --replay-out`` writes it, the replay document alone (one JSON
object whose ``format`` is ``tactibox-replay`` too). ``read_document`` tells them apart by the
first line and returns the document either way.

Every JSON text here is decoded with bounds: size (``MAX_FILE``), nesting depth
(``MAX_DEPTH``; CPython's decoder would raise RecursionError at ~1000 levels), numbers
(``game.core.numbers``: at most 64 digits, no NaN or Infinity). A hostile or
damaged file gives ``ReplayError`` naming the file, never another exception.
"""

from __future__ import annotations

import json
import os
import stat
import zlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.datafile import read_at_most
from game.core.numbers import JSON_HOOKS, shown

FORMAT = "tactibox-replay"
VERSION = 1
MAX_HEADER = 4096
MAX_FILE = 32 * 1024 * 1024
MAX_DEPTH = 32  # replays nest 4 levels today (setup -> seats -> list -> values)


class ReplayError(ValueError):
    """The one replay error of every mode: a replay that cannot be used - a damaged file (the
    message names the file and the problem) or one that does not play back (its actions are not
    legal, or a state hash differs from the recording; `turn`, when given, names the turn).
    Re-exported by `game.core.replay`."""

    def __init__(self, message: str, turn: int | None = None) -> None:
        super().__init__(message)
        self.turn = turn


def _depth(obj: Any) -> int:
    """Nesting depth of decoded JSON (iterative: no recursion on hostile input)."""
    deepest = 0
    stack = [(obj, 1)]
    while stack:
        item, d = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in item if isinstance(v, (list, dict)))
    return deepest


def loads_bounded(data: bytes | str, label: str, *, what: str = "JSON",
                  max_bytes: int = MAX_FILE, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads with a size and nesting cap; ReplayError (naming `label`) on any problem."""
    if len(data) > max_bytes:
        raise ReplayError(f"{label}: {what} is {len(data)} bytes, more than the {max_bytes} allowed")
    try:
        text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
        doc = json.loads(text, **JSON_HOOKS)       # numbers bounded, NaN/Infinity refused
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{label}: {what} is not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{label}: {what} is not valid JSON: line {exc.lineno} column {exc.colno}: "
                              f"broken JSON ({exc.msg})") from None
    except RecursionError:
        raise ReplayError(f"{label}: {what} is nested more than {max_depth} levels deep") from None
    except (ValueError, OverflowError) as exc:  # e.g. a 5000-digit integer
        raise ReplayError(f"{label}: {what} cannot be read ({exc})") from None
    if _depth(doc) > max_depth:
        raise ReplayError(f"{label}: {what} is nested more than {max_depth} levels deep")
    return doc


def read_file_bytes(path: str | Path, *, max_bytes: int = MAX_FILE, missing: str = "no such file") -> bytes:
    """The bytes of a regular file of at most `max_bytes` (no FIFOs, devices or huge files)."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ReplayError(f"{p}: {missing}") from None
    except OSError as exc:
        raise ReplayError(f"{p}: cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ReplayError(f"{p}: not a regular file")
        if st.st_size > max_bytes:
            raise ReplayError(f"{p}: {st.st_size} bytes, more than the {max_bytes} a replay may have")
        data = read_at_most(fd, max_bytes)
        if data is None:
            raise ReplayError(f"{p}: more than the {max_bytes} bytes a replay may have")
        return data
    except OSError as exc:
        raise ReplayError(f"{p}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def parse_when(value: Any) -> datetime:
    """The header's date; one written without a UTC offset is taken as UTC (sortable with the rest)."""
    when = datetime.fromisoformat(str(value))
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when


def is_container(data: bytes) -> bool:
    """Does this file start with the app's header line (rather than a bare replay document)?"""
    nl = data.find(b"\n", 0, MAX_HEADER)
    return nl > 0 and b'"encoding"' in data[:nl] and b'"crc32"' in data[:nl]


def split_container(data: bytes, label: str) -> tuple[dict, bytes]:
    """(header, payload) of the app's container; ReplayError naming `label` if damaged."""
    nl = data.find(b"\n", 0, MAX_HEADER)
    if nl < 0:
        raise ReplayError(f"{label}: no header line (not a Tactibox replay, or cut short)")
    head = loads_bounded(data[:nl], label, what="the header line", max_depth=4)
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        got = head.get("format") if isinstance(head, dict) else type(head).__name__
        raise ReplayError(f"{label}: not a Tactibox replay (format is {str(got)[:40]!r})")
    if head.get("version") != VERSION:
        raise ReplayError(f"{label}: replay format version {str(head.get('version'))[:20]}, "
                              f"this game reads {VERSION}")
    try:
        size, crc = int(head["size"]), int(head["crc32"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"{label}: header field missing or wrong ({exc})") from None
    payload = data[nl + 1:]
    if len(payload) != size:
        raise ReplayError(f"{label}: payload is {len(payload)} bytes, the header says {size} (file cut short?)")
    if zlib.crc32(payload) != crc:
        raise ReplayError(f"{label}: checksum mismatch, the file is damaged")
    if head.get("encoding") not in ("json", "bytes"):
        raise ReplayError(f"{label}: unknown payload encoding {str(head.get('encoding'))[:20]!r}")
    return head, payload


def read_document(data: bytes, label: str) -> dict:
    """The replay document of a file's bytes, container or bare; ReplayError if unusable."""
    if is_container(data):
        head, payload = split_container(data, label)
        if head["encoding"] != "json":
            raise ReplayError(f"{label}: holds a {head['encoding']} payload, not a replay document")
        doc = loads_bounded(payload, label, what="the replay")
    else:
        doc = loads_bounded(data, label)
    if not isinstance(doc, dict):
        raise ReplayError(f"{label}: expected a JSON object at the top")
    return doc


def file_in_folders(name: Any, folders: list[Path], *, suffixes: tuple[str, ...], what: str) -> Path:
    """The file a replay names (a module, a level file...), found only inside `folders`.

    A replay is data from anywhere: the name it carries is not trusted with the file system. A
    bare file name is looked up in each folder in turn; a path must resolve (symlinks followed,
    `..` applied) to a file under one of the folders. A path outside them is refused with the same
    words whether or not it exists (`/etc/passwd`, `../../x.g`), so a replay cannot probe the
    disk. ReplayError otherwise; the command line may still name any file (the person typed it)."""
    where = " or ".join(str(f) for f in folders)
    outside = ReplayError(f"the replay names the {what} {shown(name, 80)}, which is not a {what} in {where}; "
                          f"give it on the command line to use it")
    if not isinstance(name, str) or not name or len(name) > 1024 or "\0" in name:
        raise outside
    if not name.lower().endswith(suffixes):
        raise outside
    roots = []
    for f in folders:
        try:
            roots.append(Path(f).resolve())
        except (OSError, RuntimeError):
            continue
    p = Path(name)
    candidates = [r / p for r in roots] if len(p.parts) == 1 else [p]
    inside = False
    for c in candidates:
        try:
            real = c.resolve()
        except (OSError, RuntimeError):          # a symlink loop
            continue
        if any(real.is_relative_to(r) for r in roots):
            inside = True
            if real.is_file():
                return real
    if inside or len(p.parts) == 1:
        raise ReplayError(f"the replay names the {what} {shown(name, 80)}: no such {what} in {where}")
    raise outside
