"""What every importer hands back: `Imported` levels (the playable `Level` is built only when
asked for), a capped list of problems, and grids shared between levels of the same size.

A listing of a 4 MB collection must stay small and quick: an importer checks a level on plain
arrays (size, players, boxes and goals, closed walls) and keeps only those arrays; the `Level`
with its precomputed `Grid` is built when the level is played or converted (`Imported.level`).
Grids depend only on their size, so levels of one size share one (`square_grid`, `hex_grid`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.grid import Grid
from game.modes.quest.level import Level, check_level
from game.rules.schema import Problem

MAX_ERRORS = 50                 # problems kept per file; the rest are counted in one last line
_GRIDS: OrderedDict[tuple, Grid] = OrderedDict()
_GRIDS_MAX = 16                 # a 64x64 grid's tables take about 1 MB


def _grid(key: tuple, make: Callable[[], Grid]) -> Grid:
    g = _GRIDS.get(key)
    if g is None:
        g = _GRIDS[key] = make()
        while len(_GRIDS) > _GRIDS_MAX:
            _GRIDS.popitem(last=False)
    else:
        _GRIDS.move_to_end(key)
    return g


def square_grid(w: int, h: int) -> Grid:
    """The 4-neighbour grid of a w x h map, shared by every level of that size (grids are never
    changed after they are built)."""
    return _grid(("square", w, h), lambda: Grid.square(w, h))


def hex_grid(cols: int, rows: int) -> Grid:
    return _grid(("hex_rect", cols, rows), lambda: Grid.hex_rect(cols, rows))


def hexagon_grid(rings: int) -> Grid:
    return _grid(("hexagon", rings), lambda: Grid.hexagon(rings))


class BuildError(ValueError):
    """A level the importer accepted that the game's validator refuses (`file: line: problem`)."""


@dataclass
class Imported:
    """One level of a file. `number` counts every level of the file from 1, refused ones too, so
    `FILE#N`, the list and the error messages all name the same level."""
    number: int
    where: str                       # "line 12" (text formats), "record 7" (Supaplex), ""
    title: str
    kind: str                        # "square" or "hex"
    make: Callable[[], Level] = field(repr=False, compare=False)
    author: str = ""
    note: str = ""                   # e.g. "turn-based adaptation"
    warnings: list[str] = field(default_factory=list)   # what the importer could not reproduce
    solution: str = ""
    solution_line: int = 0
    file: str = ""
    line: int = 0
    _level: Level | None = field(default=None, repr=False, compare=False)

    @property
    def level(self) -> Level:
        """The playable level (built once, checked by the one validator); BuildError if refused."""
        if self._level is None:
            lv = self.make()
            found = check_level(lv, self.file, self.line)
            if found:
                raise BuildError("\n".join(map(str, found)))
            self._level = lv
        return self._level


class Problems:
    """A file's problems, at most `cap` of them kept; the others are only counted, so a file of
    random bytes costs a few messages, not a million."""

    def __init__(self, file: str, cap: int = MAX_ERRORS):
        self.file, self.cap = file, cap
        self.items: list[Problem] = []
        self.dropped = 0

    def add(self, where, message: str) -> None:
        if len(self.items) < self.cap:
            self.items.append(Problem(self.file, str(where) if where else "", message))
        else:
            self.dropped += 1

    def extend(self, problems) -> None:
        for p in problems:
            self.add(p.path, p.message)

    @property
    def full(self) -> bool:
        return len(self.items) >= self.cap

    def __len__(self) -> int:
        return len(self.items) + self.dropped

    def __bool__(self) -> bool:
        return bool(self.items)

    def listed(self) -> list[Problem]:
        """The problems kept, then one line counting the others."""
        if not self.dropped:
            return list(self.items)
        return self.items + [Problem(self.file, "", f"{self.dropped} more problems not listed "
                                                    f"(the first {self.cap} are)")]


def capped(items: list[str], limit: int = 8) -> str:
    """`a b c ...` of at most `limit` places, with how many more."""
    more = len(items) - limit
    return " ".join(items[:limit]) + (f" and {more} more" if more > 0 else "")
