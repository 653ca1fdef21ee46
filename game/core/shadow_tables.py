"""Line-of-sight shadows as bitsets: the tables behind the duel's and the dungeon's fields of view.

For a view window of radius r (span 2r+1) laid out with a map's row stride, `ShadowTables`
holds, for every window cell c, the set of window targets whose Bresenham line from the viewer
passes strictly through c (`fwd`), whose line back to the viewer does (`bwd`), and whose
wall-lighting line (to the square just before the target) does (`alt`); `full` is the window
(every target the view may reach). A view then ORs, for each window row, the cached union of the
shadows of that row's rock pattern: `self[row << span | pattern]` packs four bitsets k bits apart
(fwd, bwd, alt, and the row's rock itself), built on first use (`__missing__`) and bounded.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.grid import _bresenham


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


class ShadowTables(dict):
    def __init__(self, radius: int, stride: int, keep: Callable[[int, int], bool] | None = None,
                 max_entries: int = 1 << 16):
        super().__init__()
        r = self.r = radius
        span = self.span = 2 * radius + 1
        if stride < span:
            raise ValueError(f"field of view of radius {r} needs rows at least {span} wide")
        self.stride = stride
        self.k = span * stride
        self.rowmask = (1 << span) - 1
        self.max_entries = max_entries

        def idx(dx, dy):
            return (dy + r) * stride + dx + r

        fwd: dict[int, int] = {}
        bwd: dict[int, int] = {}
        alt: dict[int, int] = {}
        full = 0
        for ty in range(-r, r + 1):
            for tx in range(-r, r + 1):
                if keep is not None and not keep(tx, ty):
                    continue
                bit = 1 << idx(tx, ty)
                full |= bit
                for x, y in _bresenham(0, 0, tx, ty)[1:-1]:
                    fwd[idx(x, y)] = fwd.get(idx(x, y), 0) | bit
                for x, y in _bresenham(tx, ty, 0, 0)[1:-1]:
                    bwd[idx(x, y)] = bwd.get(idx(x, y), 0) | bit
                nx, ny = tx - _sign(tx), ty - _sign(ty)
                if (nx, ny) != (0, 0):
                    for x, y in _bresenham(0, 0, nx, ny)[1:]:
                        alt[idx(x, y)] = alt.get(idx(x, y), 0) | bit
        self.fwd, self.bwd, self.alt, self.full = fwd, bwd, alt, full

    def __missing__(self, key: int) -> int:
        row, pat = key >> self.span, key & self.rowmask
        f = b = a = 0
        base = row * self.stride
        p = pat
        while p:
            low = p & -p
            c = base + low.bit_length() - 1
            f |= self.fwd.get(c, 0)
            b |= self.bwd.get(c, 0)
            a |= self.alt.get(c, 0)
            p ^= low
        if len(self) >= self.max_entries:
            self.clear()
        k = self.k
        v = self[key] = f | b << k | a << 2 * k | (pat << base) << 3 * k
        return v
