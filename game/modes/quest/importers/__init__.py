"""Level importers: Sokoban XSB/SOK, Hexoban HSB and Supaplex LEVELS.DAT, all ending in `Level`
objects checked by the one validator (`level.check_level`) and reported as `file: line: problem`.

`read_file(path, label)` is the one reader of a level file for the drop-in list, `tactibox
import` and level refs (`FILE#N`): it picks the importer by the file's name and never raises on
bad content (LevelError only for a file that cannot be read at all).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.modes.quest.importers.base import Imported, Problems

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
    from game.modes.quest.catalog import LevelError, read_level_text, read_raw
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
    from game.modes.quest.catalog import LevelError
    label = label or str(path)
    try:
        return read_file(path, label)
    except LevelError as exc:
        return FileLevels(errors=[str(exc)])
    except (ValueError, IndexError, KeyError, RecursionError, MemoryError) as exc:
        return FileLevels(errors=[f"{label}: cannot be imported ({type(exc).__name__}: {str(exc)[:200]})"])
