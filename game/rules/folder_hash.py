"""The content hash of a ruleset folder (every data file: relative path + bytes), shared by every
mode whose rules are a folder (Skirmish, the Steel bout); the link's hello compares it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from game.core import datafile

MAX_HASHED_BYTES = 16 * 1024 * 1024    # per file of the content hash (sprites, sounds)


def content_hash(folder: Path) -> str:
    """Hash of every data file in the ruleset folder (relative path + bytes), for link handshakes."""
    h = hashlib.blake2b(digest_size=16)
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
    for p in files:
        rel = p.relative_to(folder).as_posix().encode()
        try:
            data = datafile.read_bytes(p, max_bytes=MAX_HASHED_BYTES)
        except datafile.DataFileError:
            data = b"<unreadable>"
        h.update(len(rel).to_bytes(4, "big") + rel + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()
