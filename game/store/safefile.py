"""File moves that keep good data: backups by hard link, corrupt files set aside, stale temps.

Writes themselves go through ``game.core.atomic.atomic_write_bytes`` (temp file in the same
folder, flush, fsync, ``os.replace``, fsync the folder). The backup here is made with a hard
link renamed over ``NAME.bak``, so at every instant ``NAME`` itself exists: either the old or
the new complete version.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from game.core.atomic import atomic_write_bytes, fsync_dir

STALE_TEMP_SECONDS = 60.0


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def make_backup(path: Path) -> None:
    """Make ``path.bak`` a copy of ``path`` (atomically; ``path`` is left untouched)."""
    bak = backup_path(path)
    link = path.with_name(f".{path.name}.bak-link-{os.getpid()}")
    try:
        try:
            os.unlink(link)
        except FileNotFoundError:
            pass
        os.link(path, link)
        os.replace(link, bak)
        fsync_dir(path.parent)
    except OSError:  # no hard links on this file system: copy instead
        try:
            os.unlink(link)
        except OSError:
            pass
        atomic_write_bytes(bak, path.read_bytes())


def write_with_backup(path: Path, data: bytes, *, backup: bool) -> None:
    """Atomically replace ``path`` with ``data``; with ``backup`` the old file becomes ``path.bak``."""
    if backup and path.is_file():
        make_backup(path)
    atomic_write_bytes(path, data)


def _aside_name(path: Path, n: int) -> Path:
    return path.with_name(f"{path.name}.corrupt-{n}")


def set_aside(path: Path, *, companions: tuple[str, ...] = (), move: bool = True) -> Path:
    """Keep a bad file as ``NAME.corrupt-N`` (first free N >= 1) and return that path.

    ``move=False`` leaves ``path`` in place (a hard link, or a copy). ``companions`` are suffixes
    of files that belong with it (SQLite's ``-wal``/``-shm``), moved to ``NAME.corrupt-N<suffix>``.
    """
    n = 1
    while _aside_name(path, n).exists() or any(
            Path(str(_aside_name(path, n)) + s).exists() for s in companions):
        n += 1
    aside = _aside_name(path, n)
    if move:
        os.replace(path, aside)
    else:
        try:
            os.link(path, aside)
        except OSError:
            atomic_write_bytes(aside, path.read_bytes())
    for suffix in companions:
        extra = Path(str(path) + suffix)
        if extra.exists():
            os.replace(extra, Path(str(aside) + suffix))
    fsync_dir(path.parent)
    return aside


def remove_stale_temps(directory: Path, *, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete temp files a killed writer left behind (``.NAME.XXXX.tmp``, ``.NAME.bak-link-PID``)."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if not name.startswith(".") or not (name.endswith(".tmp") or ".bak-link-" in name):
            continue
        try:
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
