"""Atomic file writes: a power cut leaves either the old file or the new one, never a torn one.

Write to a temporary file in the same directory, flush, fsync, `os.replace` over the target,
then fsync the directory so the rename itself is durable.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike, data: bytes, *, keep_backup: bool = False) -> None:
    """Replace `path` with `data` atomically. With `keep_backup`, the previous file survives as `path.bak`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and target.exists():
            # link (not move) the old file to .bak, so `target` exists at every instant
            backup = target.with_name(target.name + ".bak")
            staging = target.with_name(f".{target.name}.bak.tmp")
            try:
                if staging.exists():
                    staging.unlink()
                os.link(target, staging)
                os.replace(staging, backup)
            except OSError:
                pass
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(target.parent)


def atomic_write_text(path: str | os.PathLike, text: str, **kw) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), **kw)


def fsync_dir(directory: str | os.PathLike) -> None:
    """fsync a directory so a rename inside it survives a power cut (no-op where unsupported)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
