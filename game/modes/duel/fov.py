"""Field of view: a square of radius 6, blocked by rock, symmetric between the two wizards.

The plan: "Players can see up to six squares in every direction. The FoV is a square."
  `@.....@` visible, `@......@` not (too far), `@.#.@` not (rock in between).

Rule. A cell t within Chebyshev distance 6 of the viewer v is visible when no rock lies strictly
between them on the Bresenham line from v to t, or on the Bresenham line from t to v. Taking both
lines makes sight symmetric: if you can see the other wizard, they can see you. A rock cell is
also visible when the cell just before it (one step towards v) is open and can be seen along the
line from v; that lights the side walls of a corridor, which the plain line test leaves dark.

Speed. Lines depend only on the offset t - v, so the shadow each window cell casts is
precomputed once per level width as a bitset over the 13x13 window laid out with the level's row
stride. The viewer's window is read from the layout's padded rows (13 small ints); for each row
pattern of rock the union of its shadows is cached, so a field of view costs 13 dictionary look-
ups, a few big-int operations and one shift into place (see bench/bench_duel.py vs python-tcod).
"""

from __future__ import annotations

from game.core.grid import _bresenham
from game.core.shadow_tables import ShadowTables

from .layout import FOV_PAD, Layout, board_mask, padded_rows_of

RADIUS = FOV_PAD
SPAN = 2 * RADIUS + 1
_ROW = (1 << SPAN) - 1
_MAX_ENTRIES = 1 << 16


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


class _Tables(ShadowTables):
    """Shadows of every window cell for one level width (the row stride), and the cache of row
    patterns (game/core/shadow_tables.py), plus the column masks of the duel's square levels."""

    def __init__(self, size: int):
        if size < SPAN:
            raise ValueError(f"field of view needs a level of at least {SPAN}x{SPAN}")
        super().__init__(RADIUS, size, max_entries=_MAX_ENTRIES)
        self.size = size
        board = board_mask(size)
        self.colmask = []
        for x in range(size):
            row = 0
            for xx in range(max(0, x - RADIUS), min(size, x + RADIUS + 1)):
                row |= 1 << xx
            m = 0
            for y in range(size):
                m |= row << y * size
            self.colmask.append(m & board)


_TABLES: dict[int, _Tables] = {}


def tables(size: int) -> _Tables:
    t = _TABLES.get(size)
    if t is None:
        t = _TABLES[size] = _Tables(size)
    return t


def fov_from_rows(rows: list[int], size: int, cell: int) -> int:
    """Visible cells (a bitset) from `cell`, given padded opaque rows (`padded_rows_of`)."""
    e = _TABLES.get(size) or tables(size)
    x, y = cell % size, cell // size
    # one look-up per window row, unrolled: this is the hot path of the mode
    p = (e[(rows[y] >> x) & 8191] | e[8192 | (rows[y + 1] >> x) & 8191]
         | e[16384 | (rows[y + 2] >> x) & 8191] | e[24576 | (rows[y + 3] >> x) & 8191]
         | e[32768 | (rows[y + 4] >> x) & 8191] | e[40960 | (rows[y + 5] >> x) & 8191]
         | e[49152 | (rows[y + 6] >> x) & 8191] | e[57344 | (rows[y + 7] >> x) & 8191]
         | e[65536 | (rows[y + 8] >> x) & 8191] | e[73728 | (rows[y + 9] >> x) & 8191]
         | e[81920 | (rows[y + 10] >> x) & 8191] | e[90112 | (rows[y + 11] >> x) & 8191]
         | e[98304 | (rows[y + 12] >> x) & 8191])
    k = e.k
    vis = (e.full & ~(p & p >> k)) | (p >> 3 * k & ~(p >> 2 * k) & e.full)
    s = (y - RADIUS) * size + x - RADIUS
    vis = vis << s if s >= 0 else vis >> -s
    return vis & e.colmask[x]


def field_of_view(layout: Layout, cell: int) -> int:
    """Visible cells from `cell` in `layout` (cached per layout and cell)."""
    cache = layout._cache.get("fov")
    if cache is None:
        cache = layout._cache["fov"] = {}
    vis = cache.get(cell)
    if vis is None:
        vis = cache[cell] = fov_from_rows(layout.padded_rows(), layout.size, cell)
    return vis


def fov_on_known(size: int, known_open: int, cell: int) -> int:
    """What a wizard at `cell` would see if the unknown cells were rock (bots plan with this)."""
    return fov_from_rows(padded_rows_of(size, board_mask(size) & ~known_open), size, cell)


def visible_cells(layout: Layout, cell: int, fov_on: bool = True) -> int:
    """The option-aware view: with FoV off the whole level is visible."""
    return field_of_view(layout, cell) if fov_on else board_mask(layout.size)


def reference_fov(layout: Layout, cell: int) -> int:
    """The rule written out cell by cell (slow; the tests check `field_of_view` against it)."""
    n = layout.size
    vx, vy = cell % n, cell // n
    walls = layout.walls

    def clear(pts):
        return all(not (0 <= x < n and 0 <= y < n) or not (walls >> y * n + x) & 1 for x, y in pts)\
            and all(0 <= x < n and 0 <= y < n for x, y in pts)

    out = 0
    for ty in range(max(0, vy - RADIUS), min(n, vy + RADIUS + 1)):
        for tx in range(max(0, vx - RADIUS), min(n, vx + RADIUS + 1)):
            seen = clear(_bresenham(vx, vy, tx, ty)[1:-1]) or clear(_bresenham(tx, ty, vx, vy)[1:-1])
            if not seen and (walls >> ty * n + tx) & 1:
                nx, ny = tx - _sign(tx - vx), ty - _sign(ty - vy)
                seen = (nx, ny) != (vx, vy) and clear(_bresenham(vx, vy, nx, ny)[1:])
            if seen:
                out |= 1 << ty * n + tx
    return out
