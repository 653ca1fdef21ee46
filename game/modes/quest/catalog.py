"""Where quest levels come from: the shipped `assets/quest/` folders, or a file of any supported
format. A level reference is a shipped id (`hex/01_first_steps`, or just `01_first_steps`), or a
path: `FILE.quest`, `FILE.xsb[#N]`, `FILE.sok[#N]`, `FILE.hsb[#N]`, `FILE.dat[#N]` (N counts every level of the file from 1, as the importers' errors do).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from game.core.datafile import DataFileError, read_bytes, read_text
from game.modes.quest.level import Level
from game.modes.quest.textformat import dump_level, parse_level

ASSETS = Path(os.environ.get("TACTIBOX_ASSETS") or Path(__file__).resolve().parents[3] / "assets") / "quest"
LEVELS = ASSETS / "levels"
SOLUTIONS = ASSETS / "solutions"
MAX_FILE = 4 * 1024 * 1024


class LevelError(ValueError):
    """A level that cannot be found or read; the message is `file: line: problem` lines."""


def shipped_ids() -> list[str]:
    return sorted(str(p.relative_to(LEVELS).with_suffix("")) for p in LEVELS.rglob("*.quest"))


def shipped_path(level_id: str) -> Path | None:
    if not re.fullmatch(r"[A-Za-z0-9_]+(/[A-Za-z0-9_]+)*", level_id or ""):
        return None
    p = LEVELS / f"{level_id}.quest"
    if p.is_file():
        return p
    hits = sorted(LEVELS.rglob(f"{level_id}.quest")) if "/" not in level_id else []
    return hits[0] if len(hits) == 1 else None


def solution_path(level_id: str) -> Path:
    return SOLUTIONS / f"{level_id}.replay.json"


def read_raw(path: Path, label: str | None = None, binary: bool = False):
    """Through the one bounded reader: regular files only, size-capped, UTF-8 checked."""
    try:
        if binary:
            return read_bytes(path, max_bytes=MAX_FILE, label=label)
        return read_text(path, max_bytes=MAX_FILE, label=label)
    except DataFileError as exc:
        raise LevelError(str(exc)) from None


def read_level_text(path: Path, label: str | None = None) -> str:
    """Sokoban/Hexoban text: UTF-8 (a BOM is dropped); files that are not UTF-8 are read as
    Latin-1, the usual encoding of older level collections (any byte string decodes)."""
    raw = read_raw(path, label, binary=True)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _read(path: Path, binary: bool = False):
    return read_raw(path, None, binary)


def load_level(ref: str) -> tuple[Level, str, str]:
    """(level, level id for shipped levels or '', native text for replays of imported levels)."""
    sp = shipped_path(ref)
    if sp is not None:
        lid = str(sp.relative_to(LEVELS).with_suffix(""))
        lv, probs = parse_level(_read(sp), str(sp), name=lid)
        if lv is None:
            raise LevelError("\n".join(map(str, probs)))
        return lv, lid, ""
    path_s, sep, num = ref.rpartition("#")
    if not (sep and num.isdigit()):
        path_s, num = ref, ""           # a '#' that is part of the file's name
    path = Path(path_s)
    if not path.exists():
        raise LevelError(f"{ref}: no shipped level of that name and no such file (shipped: {', '.join(shipped_ids()[:6])} ...)")
    idx = (int(num) if len(num) <= 9 else 0) if num.isdigit() else 1     # no int() of 5000 digits
    suffix = path.suffix.lower()
    if suffix == ".quest":
        lv, probs = parse_level(_read(path), str(path), name=path.stem)
        if lv is None:
            raise LevelError("\n".join(map(str, probs)))
        return lv, "", dump_level(lv)
    from game.modes.quest.importers import read_file
    from game.modes.quest.importers.base import BuildError
    found = read_file(path)
    got = found.find(idx)
    if got is None:
        # N counts every level of the file, as the errors do: a refused level has no ref
        raise LevelError("\n".join([f"{ref}: the file has no level {idx} that loads "
                                    f"({len(found.levels)} of its levels load)"] + found.errors))
    try:
        lv = got.level
    except BuildError as exc:
        raise LevelError(str(exc)) from None
    return lv, "", dump_level(lv)


def shipped_titles(prefix: str = "") -> dict[str, str]:
    """{level id: title} of the shipped levels whose id starts with `prefix` (the id when a level
    has no title), for level lists; a level that does not parse is left out."""
    out = {}
    for lid in shipped_ids():
        if lid.startswith(prefix):
            try:
                lv, _, _ = load_level(lid)
            except LevelError:
                continue
            out[lid] = lv.title or lid
    return out
