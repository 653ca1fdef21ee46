"""The hex grid of an Xconq area, light enough for the library's large maps.

`game.core.grid.Grid` precomputes, for the small boards of the other modes, a direction table
and board bitsets; on a 240 x 210 Xconq area (50,400 cells) those take about 20 MB and a
quadratic time to build. `AreaGrid` is the same Grid (same cells, coordinates, distances, ranges
and lines) with only what the GDL engine reads kept per cell: `neighbours` (sharing one int
object per cell), `xs`, `ys`, `exists`; the rest is built only if asked for. Grids are shared
between the worlds of one size (the preview world and a game's generated world).
"""

from __future__ import annotations

from functools import lru_cache

from game.core.grid import DIR_NAMES, DIRS_HEX, HEX, Grid
from game.rules.gdl.model import in_area


class AreaGrid(Grid):
    def __init__(self, width: int, height: int) -> None:     # Grid's fields, fewer of them
        if width < 1 or height < 1:
            raise ValueError(f"grid must be at least 1x1, got {width}x{height}")
        self.kind = HEX
        self.width, self.height = width, height
        self.x0 = self.y0 = 0
        self.cols, self.rows = width, height
        self.rings, self.origin = 0, (0, 0)
        self.n = n = width * height
        self.dirs, self.dir_names = DIRS_HEX, DIR_NAMES[HEX]
        ids = list(range(n))                     # one int object per cell, shared by every table
        self.xs = tuple(ids[c % width] for c in range(n))
        self.ys = tuple(ids[c // width] for c in range(n))
        exists = bytes(1 if in_area(width, height, c % width, c // width) else 0 for c in range(n))
        self.exists = exists
        self.cells = tuple(c for c in ids if exists[c])
        self.shifts = tuple(dy * width + dx for dx, dy in DIRS_HEX)
        nbrs = []
        empty = ()
        for c in range(n):
            if not exists[c]:
                nbrs.append(empty)
                continue
            x, y = c % width, c // width
            row = []
            for dx, dy in DIRS_HEX:
                tx, ty = x + dx, y + dy
                if 0 <= tx < width and 0 <= ty < height:
                    t = ty * width + tx
                    if exists[t]:
                        row.append(ids[t])
            nbrs.append(tuple(row))
        self.neighbours = tuple(nbrs)
        self._range_masks = {}
        self._lazy: dict = {}

    # what Grid precomputes and the GDL engine never reads: built on first use
    @property
    def step(self):
        if "step" not in self._lazy:
            self._lazy["step"] = tuple(
                tuple(self.cell_at(self.xs[c] + dx, self.ys[c] + dy) if self.exists[c] else -1 for dx, dy in DIRS_HEX)
                for c in range(self.n))
        return self._lazy["step"]

    @property
    def board(self) -> int:
        if "board" not in self._lazy:
            self._lazy["board"] = int.from_bytes(_bits(self.exists), "little")
        return self._lazy["board"]

    @property
    def dir_src(self):
        if "dir_src" not in self._lazy:
            srcs = []
            for d in range(len(DIRS_HEX)):
                flags = bytes(1 if self.step[c][d] >= 0 else 0 for c in range(self.n))
                srcs.append(int.from_bytes(_bits(flags), "little"))
            self._lazy["dir_src"] = tuple(srcs)
        return self._lazy["dir_src"]

    def __repr__(self) -> str:
        return f"AreaGrid({self.width}x{self.height}, {len(self.cells)} cells)"


def _bits(flags: bytes) -> bytes:
    """Little-endian bytes of the bitset whose bit c is flags[c]."""
    out = bytearray((len(flags) + 7) // 8)
    for c, f in enumerate(flags):
        if f:
            out[c >> 3] |= 1 << (c & 7)
    return bytes(out)


@lru_cache(maxsize=2)
def area_grid(width: int, height: int) -> AreaGrid:
    """The grid of a W x H area (read-only once built, so worlds of one size share it)."""
    return AreaGrid(width, height)
