"""A GDL module's wire form (pure; the link hook in `game.modes.gdl.link_hook` sends it and
installs it; a linked module game is a Match, see there). A module travels as
zlib of canonical JSON [[file name, text], ...] (at most 1 MiB packed, 4 MiB unpacked, 48 files,
plain `.g` names).
"""

from __future__ import annotations

import zlib
from pathlib import Path

from game.core.canon import canonical_bytes
from game.core.replayfile import loads_bounded

MAX_PACK = 1024 * 1024          # compressed bytes of a module on the wire
MAX_UNPACKED = 4 * 1024 * 1024  # all its files together
MAX_FILES = 48
MAX_NAME = 128                  # characters of a file name (a longer one is no file on most disks)


def module_files(m, folder: Path) -> list[list[str]]:
    return [[name, (folder / name).read_bytes().decode("utf-8", "replace")] for name in m.files]


def pack_module(m, folder: Path) -> bytes:
    return zlib.compress(canonical_bytes(module_files(m, folder)), 9)


def unpack_module(blob: bytes) -> list[tuple[str, str]]:
    """The files of a packed module; ValueError for anything malformed or over a limit."""
    if len(blob) > MAX_PACK:
        raise ValueError("module pack larger than 1 MiB")
    d = zlib.decompressobj()
    try:
        raw = d.decompress(bytes(blob), MAX_UNPACKED + 1)
    except zlib.error as exc:
        raise ValueError(f"module pack: {exc}") from None
    if len(raw) > MAX_UNPACKED or d.unconsumed_tail:
        raise ValueError("module pack unpacks to more than 4 MiB")
    try:
        data = loads_bounded(raw.decode("ascii"), "module pack", max_depth=4)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"module pack: {exc}") from None
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_FILES:
        raise ValueError("module pack: expected 1..48 files")
    out = []
    for item in data:
        if (not isinstance(item, list) or len(item) != 2 or not all(isinstance(v, str) for v in item)
                or not item[0].endswith(".g") or len(item[0]) > MAX_NAME or "/" in item[0] or "\\" in item[0] or item[0].startswith(".")):
            raise ValueError("module pack: a file entry is malformed")
        out.append((item[0], item[1]))
    return out
