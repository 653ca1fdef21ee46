"""Where quest levels come from: the shipped `assets/quest/` folders, or a file of any supported
format. A level reference is a shipped id (`hex/01_first_steps`, or just `01_first_steps`), or a
path: `FILE.quest`, `FILE.xsb[#N]`, `FILE.sok[#N]`, `FILE.hsb[#N]`, `FILE.dat[#N]` (N counts every level of the file from 1, as the importers' errors do).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.core.datafile import DataFileError, read_bytes, read_text
from game.modes.quest.importers.base import Imported, Problems
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


# --- imported level files (the drop-in list, `tactibox import`, refs FILE#N) ---------------------
TEXT_FORMATS = (".xsb", ".sok", ".txt")


@dataclass
class FileLevels:
    levels: list[Imported] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)       # `file: line: problem`, at most MAX_ERRORS + 1
    warnings: list[str] = field(default_factory=list)     # about the whole file

    def find(self, number: int) -> Imported | None:
        return next((lv for lv in self.levels if lv.number == number), None)


def is_supaplex(path: Path) -> bool:
    return path.suffix.lower() == ".dat" or path.name.upper().startswith("LEVELS.D")


def read_file(path: Path, label: str | None = None) -> FileLevels:
    """Every level of one file (LevelError when the file itself cannot be read)."""
    label = label or str(path)
    suffix = path.suffix.lower()
    if suffix in TEXT_FORMATS:
        from game.modes.quest.importers.xsb import read_collection
        got, probs = read_collection(read_level_text(path, label), label)
        return FileLevels(got, [str(p) for p in probs])
    if suffix == ".hsb":
        from game.modes.quest.importers.hsb import read_hsb
        got, probs = read_hsb(read_level_text(path, label), label)
        return FileLevels(got, [str(p) for p in probs])
    if suffix == ".quest":
        from game.modes.quest.textformat import parse_level
        lv, found = parse_level(read_raw(path, label, binary=False), label, name=path.stem)
        probs = Problems(label)
        probs.extend(found)
        if lv is None:
            return FileLevels([], [str(p) for p in probs.listed()])
        one = Imported(number=1, where="", title=lv.title or lv.name, kind="hex" if lv.grid.kind == "hex" else "square",
                       make=lambda: lv, author=lv.author, note=lv.label, file=label, _level=lv)
        return FileLevels([one])
    if is_supaplex(path):
        from game.modes.quest.importers.supaplex import read_levels_dat
        got, errs, warns = read_levels_dat(read_raw(path, label, binary=True), label)
        return FileLevels(got, [str(p) for p in errs], [str(w) for w in warns])
    raise LevelError(f"{label}: unknown level format {suffix!r} (.quest, .xsb, .sok, .txt, .hsb, LEVELS.DAT)")


def read_file_guarded(path: Path, label: str | None = None) -> FileLevels:
    """read_file, with a file that cannot be read, or an importer bug, as the file's one error
    (one broken file must never hide the others)."""
    label = label or str(path)
    try:
        return read_file(path, label)
    except LevelError as exc:
        return FileLevels(errors=[str(exc)])
    except (ValueError, IndexError, KeyError, RecursionError, MemoryError) as exc:
        return FileLevels(errors=[f"{label}: cannot be imported ({type(exc).__name__}: {str(exc)[:200]})"])
