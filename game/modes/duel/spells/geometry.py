"""Cell sets the spells cover (bitsets over the level)."""

from __future__ import annotations

from functools import lru_cache

from ..layout import Layout, grid_for
from ..state import DIRS


def interior(size: int, x: int, y: int) -> bool:
    return 0 < x < size - 1 and 0 < y < size - 1


def rays(size: int, cell: int) -> int:
    """Rays of Cold: all 8 directions from the caster through rock to the level's edge."""
    x0, y0 = cell % size, cell // size
    m = 0
    for dx, dy in DIRS:
        x, y = x0 + dx, y0 + dy
        while interior(size, x, y):
            m |= 1 << y * size + x
            x, y = x + dx, y + dy
    return m


def lightning(layout: Layout, cell: int) -> int:
    """Lightning Bolts: north, west, south and east of the caster, each three lines wide (the
    direct line and the lines next to it). Each line runs until it meets rock."""
    n = layout.size
    x0, y0 = cell % n, cell // n
    m = 0
    for dx, dy in ((0, -1), (-1, 0), (0, 1), (1, 0)):
        px, py = abs(dy), abs(dx)           # perpendicular
        for k in (-1, 0, 1):
            x, y = x0 + k * px + dx, y0 + k * py + dy
            while interior(n, x, y) and layout.is_open(y * n + x):
                m |= 1 << y * n + x
                x, y = x + dx, y + dy
    return m


def square(size: int, cell: int, radius: int, inner_only: bool = True) -> int:
    """Cells within Chebyshev `radius` of `cell` (inside the outer wall when inner_only)."""
    x0, y0 = cell % size, cell // size
    lo = 1 if inner_only else 0
    hi = size - 2 if inner_only else size - 1
    m = 0
    for y in range(max(lo, y0 - radius), min(hi, y0 + radius) + 1):
        for x in range(max(lo, x0 - radius), min(hi, x0 + radius) + 1):
            m |= 1 << y * size + x
    return m


@lru_cache(maxsize=4096)
def cone(size: int, cell: int, facing: int, reach: int = 10) -> int:
    """Cells ahead of the caster: a 90-degree cone around `facing` (for a diagonal facing, the
    quadrant between its two sides), up to `reach` squares, the caster's cell excluded."""
    fx, fy = DIRS[facing]
    x0, y0 = cell % size, cell // size
    m = 0
    for y in range(max(1, y0 - reach), min(size - 2, y0 + reach) + 1):
        for x in range(max(1, x0 - reach), min(size - 2, x0 + reach) + 1):
            dx, dy = x - x0, y - y0
            if fx and fy:
                ok = dx * fx >= 0 and dy * fy >= 0 and (dx or dy)
            else:
                along = dx * fx + dy * fy
                ok = along >= 1 and abs(dx * fy - dy * fx) <= along
            if ok:
                m |= 1 << y * size + x
    return m


def expand8(size: int, mask: int) -> int:
    """Cells one king's step away from `mask`."""
    g = grid_for(size)
    out = 0
    for d, sh in enumerate(g.shifts):
        t = mask & g.dir_src[d]
        if t:
            out |= t << sh if sh >= 0 else t >> -sh
    return out


def flood(layout: Layout, cell: int, facing: int, distance: int) -> int:
    """Fire Storm: fire floods over open cells inside the forward cone, `distance` king's steps
    from the caster at most. Rock stops it."""
    allowed = cone(layout.size, cell, facing) & layout.open
    frontier, burnt = 1 << cell, 0
    for _ in range(distance):
        frontier = expand8(layout.size, frontier) & allowed & ~burnt
        if not frontier:
            break
        burnt |= frontier
    return burnt
