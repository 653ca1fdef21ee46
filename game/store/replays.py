"""replays/: one file per finished or abandoned battle, written atomically, never overwritten.

File name (readable, unique): ``20260522-143005_skirmish_forest-ring_s123456.replay``
(date and time of the battle, mode, map, seed; ``-2``, ``-3``... if that name is taken).

File format: one JSON header line, then the payload::

    {"format": "tactibox-replay", "version": 1, "mode": ..., "map": ..., "seed": ...,
     "when": "2026-05-22T14:30:05+02:00", "encoding": "json" | "bytes", "size": N, "crc32": C}
    <N bytes of payload>

``encoding = json``: the caller handed a JSON-able dict (stored as compact, key-sorted UTF-8
JSON, so the file is readable in an editor); ``bytes``: stored as given. The size and CRC-32
let a listing tell a complete file from a damaged one without decoding the payload.
"""

from __future__ import annotations

import json
import logging
import os
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import replayfile
from game.core.atomic import atomic_write_bytes, fsync_dir
from game.store.safefile import remove_stale_temps

log = logging.getLogger("tactibox.store")

SUFFIX = ".replay"
MAX_FILE = replayfile.MAX_FILE
MAX_HEADER = replayfile.MAX_HEADER
FORMAT, VERSION = replayfile.FORMAT, replayfile.VERSION
ReplayError = replayfile.ReplayError  # the one replay error (game.core.replay), here and in the CLI


@dataclass(frozen=True)
class ReplayInfo:
    path: Path
    mode: str = ""
    map: str = ""
    seed: int = 0
    when: datetime | None = None
    encoding: str = ""
    size: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)
    ok: bool = True
    problem: str = ""  # why the file cannot be loaded (listings mark such entries)

    @property
    def name(self) -> str:
        return self.path.name


def _slug(text: str, limit: int = 32) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return (s or "x")[:limit].strip("-") or "x"


def _encode(doc: bytes | Mapping[str, Any]) -> tuple[bytes, str]:
    if isinstance(doc, (bytes, bytearray, memoryview)):
        return bytes(doc), "bytes"
    if isinstance(doc, Mapping):
        text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        return text.encode("utf-8"), "json"
    raise TypeError(f"a replay document is bytes or a JSON-able dict, not {type(doc).__name__}")


def parse_replay(data: bytes, path: Path) -> tuple[ReplayInfo, bytes]:
    """Header and payload of a replay file's bytes; ReplayError naming `path` if damaged."""
    head, payload = replayfile.split_container(data, str(path))
    try:
        when = replayfile.parse_when(head["when"])
        extra = head.get("extra") or {}
        if not isinstance(extra, dict):
            raise TypeError("extra is not a table")
        info = ReplayInfo(path, str(head["mode"]), str(head["map"]), int(head["seed"]), when,
                          str(head["encoding"]), int(head["size"]), dict(extra))
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"{path}: header field missing or wrong ({exc})") from None
    return info, payload


class ReplayStore:
    def __init__(self, directory: str | Path) -> None:
        self.dir = Path(directory)
        self._cache: dict[str, tuple[tuple[int, int], ReplayInfo]] = {}

    def _name(self, mode: str, map_name: str, seed: int, when: datetime) -> str:
        return f"{when.strftime('%Y%m%d-%H%M%S')}_{_slug(mode)}_{_slug(map_name)}_s{int(seed)}"

    def save(self, doc: bytes | Mapping[str, Any], *, mode: str, map: str, seed: int,
             when: datetime | None = None, extra: Mapping[str, Any] | None = None) -> ReplayInfo:
        """Write a new replay file atomically and return its info. Never overwrites a file.

        `when` is the battle's date (default: now, local time with its UTC offset). Raises OSError
        if the disk refuses (the caller reports it), TypeError/ValueError for a non-JSON-able dict.
        """
        when = when or datetime.now(UTC).astimezone()
        if when.tzinfo is None:
            when = when.astimezone()
        payload, encoding = _encode(doc)
        head = {"format": FORMAT, "version": VERSION, "mode": str(mode), "map": str(map), "seed": int(seed),
                "when": when.isoformat(timespec="seconds"), "encoding": encoding, "size": len(payload),
                "crc32": zlib.crc32(payload)}
        if extra:
            head["extra"] = dict(extra)
        header = json.dumps(head, sort_keys=True, ensure_ascii=False).encode("utf-8")
        if len(header) >= MAX_HEADER:
            raise ValueError("replay header too large (extra metadata?)")
        data = header + b"\n" + payload
        self.dir.mkdir(parents=True, exist_ok=True)
        base = self._name(mode, map, seed, when)
        # Write under a private name, then hard-link to the first free public name: the link
        # fails instead of overwriting if two battles share a name.
        private = self.dir / f".{base}.{os.getpid()}.tmp"
        atomic_write_bytes(private, data)
        try:
            n = 1
            while True:
                target = self.dir / (base + ("" if n == 1 else f"-{n}") + SUFFIX)
                try:
                    os.link(private, target)
                    break
                except FileExistsError:
                    n += 1
                except OSError:  # no hard links here: check, then rename
                    if target.exists():
                        n += 1
                        continue
                    os.replace(private, target)
                    break
        finally:
            try:
                os.unlink(private)
            except FileNotFoundError:
                pass
        fsync_dir(self.dir)
        info, _ = parse_replay(data, target)
        return info

    def _info(self, path: Path) -> ReplayInfo:
        try:
            st = path.stat()
            key = (st.st_size, st.st_mtime_ns)
            cached = self._cache.get(path.name)
            if cached and cached[0] == key:
                return cached[1]
            info, _ = parse_replay(replayfile.read_file_bytes(path, max_bytes=MAX_FILE), path)
        except ReplayError as exc:
            info = self._broken(path, str(exc))
        except OSError as exc:
            return self._broken(path, f"{path}: cannot be read ({exc.strerror or exc})")
        self._cache[path.name] = (key, info)
        return info

    def _broken(self, path: Path, problem: str) -> ReplayInfo:
        when = None
        m = re.match(r"(\d{8}-\d{6})_", path.name)
        if m:
            try:
                when = datetime.strptime(m[1], "%Y%m%d-%H%M%S").astimezone()
            except ValueError:
                when = None
        if when is None:
            try:
                when = datetime.fromtimestamp(path.stat().st_mtime, UTC)
            except OSError:
                when = datetime.fromtimestamp(0, UTC)
        return ReplayInfo(path, when=when, ok=False, problem=problem)

    def list(self) -> list[ReplayInfo]:
        """All replays, newest first; damaged files are included with ok=False and a problem."""
        remove_stale_temps(self.dir)
        try:
            paths = [p for p in self.dir.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
        except OSError:
            return []
        infos = [self._info(p) for p in paths]
        epoch = datetime.fromtimestamp(0, UTC)
        infos.sort(key=lambda i: (i.when or epoch, i.name), reverse=True)
        return infos

    def _path(self, name: str | ReplayInfo) -> Path:
        name = name.name if isinstance(name, ReplayInfo) else str(name)
        if "/" in name or "\\" in name or name.startswith("."):
            raise ReplayError(f"{name}: not a replay name")
        return self.dir / name

    def load(self, name: str | ReplayInfo) -> tuple[ReplayInfo, bytes | dict]:
        """(info, document): the dict for JSON replays, the bytes otherwise. ReplayError if damaged."""
        path = self._path(name)
        info, payload = parse_replay(replayfile.read_file_bytes(path, max_bytes=MAX_FILE, missing="no such replay"),
                                     path)
        if info.encoding == "bytes":
            return info, payload
        return info, replayfile.loads_bounded(payload, str(path), what="the payload")

    def delete(self, name: str | ReplayInfo) -> bool:
        """Remove a replay; False if it was not there."""
        path = self._path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        self._cache.pop(path.name, None)
        fsync_dir(self.dir)
        return True
