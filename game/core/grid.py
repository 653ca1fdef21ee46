"""Board topology: square (4 or 8 neighbours) and flat-top hex grids with dense integer cells.

A cell is an int in `range(grid.n)`; `grid.exists[c]` says whether it is on the board (hex maps
are stored in their axial bounding box, so some stored cells are off the board). Every table is
computed once when the grid is built: coordinates, the neighbour table, per-direction index
shifts and source masks for bitset flood fills (see `game.core.reach`).

Square cells: `c = y * width + x`, directions N, E, S, W (then NE, SE, SW, NW for 8-neighbour).
Hex cells: axial `(q, r)` inside (Red Blob Games' guide), flat-top, stored at
`(r - r_min) * width + (q - q_min)`; directions clockwise from north: N, NE, SE, S, SW, NW.
Maps are written as odd-q offset rectangles (odd columns drawn half a row lower).

Hexagonal maps (`Grid.hexagon(rings)`) also have Boboban ring addresses `(k, i)`: ring 1 is the
centre, ring k has 6(k-1) cells, (k, 1) is the top-most cell and i counts clockwise, so
(k, 3(k-1)+1) is the bottom-most cell.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

SQUARE4 = "square4"
SQUARE8 = "square8"
HEX = "hex"

DIRS_SQUARE4 = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRS_SQUARE8 = DIRS_SQUARE4 + ((1, -1), (1, 1), (-1, 1), (-1, -1))
DIRS_HEX = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIR_NAMES = {
    SQUARE4: ("N", "E", "S", "W"),
    SQUARE8: ("N", "E", "S", "W", "NE", "SE", "SW", "NW"),
    HEX: ("N", "NE", "SE", "S", "SW", "NW"),
}
# Walking a hex ring clockwise from its top-most cell: SE, S, SW, NW, N, NE (indices into DIRS_HEX).
_RING_WALK = (2, 3, 4, 5, 0, 1)


class Grid:
    """Precomputed topology of one board. Build with `square`, `hex_rect` or `hexagon`."""

    def __init__(self, kind: str, width: int, height: int, x0: int, y0: int,
                 coords_ok: Callable[[int, int], bool], cols: int, rows: int,
                 rings: int = 0, origin: tuple[int, int] = (0, 0)):
        if kind not in (SQUARE4, SQUARE8, HEX):
            raise ValueError(f"unknown grid kind {kind!r}")
        if width < 1 or height < 1:
            raise ValueError(f"grid must be at least 1x1, got {width}x{height}")
        self.kind = kind
        self.width, self.height = width, height
        self.x0, self.y0 = x0, y0            # coordinate of storage column/row 0
        self.cols, self.rows = cols, rows    # size of the map text rectangle
        self.rings = rings                   # > 0 only for hexagonal maps
        self.origin = origin                 # map-text (col, row) of axial (0, 0) on hex grids
        self.n = width * height
        self.dirs = {SQUARE4: DIRS_SQUARE4, SQUARE8: DIRS_SQUARE8, HEX: DIRS_HEX}[kind]
        self.dir_names = DIR_NAMES[kind]
        xs, ys, exists = [], [], bytearray(self.n)
        for c in range(self.n):
            x, y = c % width + x0, c // width + y0
            xs.append(x)
            ys.append(y)
            exists[c] = 1 if coords_ok(x, y) else 0
        self.xs, self.ys, self.exists = tuple(xs), tuple(ys), bytes(exists)
        self.board = sum(1 << c for c in range(self.n) if exists[c])
        self.cells = tuple(c for c in range(self.n) if exists[c])
        self.shifts = tuple(dy * width + dx for dx, dy in self.dirs)
        step, srcs = [], [0] * len(self.dirs)
        for c in range(self.n):
            row = []
            for d, (dx, dy) in enumerate(self.dirs):
                t = self.cell_at(xs[c] + dx, ys[c] + dy) if exists[c] else -1
                row.append(t)
                if t >= 0:
                    srcs[d] |= 1 << c
            step.append(tuple(row))
        self.step = tuple(step)                      # step[c][d] -> neighbour cell or -1
        self.dir_src = tuple(srcs)                   # cells that have a neighbour in direction d
        self.neighbours = tuple(tuple(t for t in row if t >= 0) for row in step)
        self._range_masks: dict[tuple[int, int, int], int] = {}

    # --- construction -------------------------------------------------------------------
    @classmethod
    def square(cls, width: int, height: int, diagonal: bool = False) -> Grid:
        return cls(SQUARE8 if diagonal else SQUARE4, width, height, 0, 0,
                   lambda x, y: True, width, height)

    @classmethod
    def hex_rect(cls, cols: int, rows: int) -> Grid:
        """A flat-top hex map laid out as an odd-q offset rectangle of cols x rows."""
        if cols < 1 or rows < 1:
            raise ValueError(f"grid must be at least 1x1, got {cols}x{rows}")
        q_min, r_min = 0, -((cols - 1) // 2)
        width, height = cols, rows + (cols - 1) // 2

        def ok(q, r):
            col, row = q, r + (q - (q & 1)) // 2
            return 0 <= col < cols and 0 <= row < rows

        return cls(HEX, width, height, q_min, r_min, ok, cols, rows)

    @classmethod
    def hexagon(cls, rings: int) -> Grid:
        """A hexagonal map of `rings` rings (a 3-map has 1 + 6 + 12 = 19 cells)."""
        if rings < 1:
            raise ValueError(f"a hexagonal map needs at least 1 ring, got {rings}")
        radius = rings - 1
        side = 2 * radius + 1
        return cls(HEX, side, side, -radius, -radius,
                   lambda q, r: max(abs(q), abs(r), abs(q + r)) <= radius,
                   side, side, rings=rings, origin=(radius, radius))

    # --- coordinates --------------------------------------------------------------------
    def cell_at(self, x: int, y: int) -> int:
        """Cell at square (x, y) / axial (q, r), or -1 when off the board."""
        sx, sy = x - self.x0, y - self.y0
        if 0 <= sx < self.width and 0 <= sy < self.height:
            c = sy * self.width + sx
            if self.exists is None or self.exists[c]:
                return c
        return -1

    def coords(self, cell: int) -> tuple[int, int]:
        return self.xs[cell], self.ys[cell]

    def offset_of(self, cell: int) -> tuple[int, int]:
        """(col, row) of a cell in the map text rectangle."""
        x, y = self.xs[cell], self.ys[cell]
        if self.kind != HEX:
            return x, y
        c0, r0 = self.origin
        return x + c0, y + (x - (x & 1)) // 2 + r0

    def cell_at_offset(self, col: int, row: int) -> int:
        if self.kind != HEX:
            return self.cell_at(col, row)
        c0, r0 = self.origin
        q = col - c0
        return self.cell_at(q, row - r0 - (q - (q & 1)) // 2)

    def is_cell(self, cell) -> bool:
        return isinstance(cell, int) and 0 <= cell < self.n and self.exists[cell] == 1

    # --- metric -------------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        dx, dy = self.xs[b] - self.xs[a], self.ys[b] - self.ys[a]
        if self.kind == SQUARE4:
            return abs(dx) + abs(dy)
        if self.kind == SQUARE8:
            return max(abs(dx), abs(dy))
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2

    def range_offsets(self, lo: int, hi: int) -> tuple[tuple[int, int], ...]:
        return _range_offsets(self.kind, lo, hi)

    def cells_in_range(self, cell: int, lo: int, hi: int) -> list[int]:
        """All board cells at distance lo..hi from `cell` (the range template placed at `cell`)."""
        x, y = self.xs[cell], self.ys[cell]
        out = []
        for dx, dy in _range_offsets(self.kind, lo, hi):
            t = self.cell_at(x + dx, y + dy)
            if t >= 0:
                out.append(t)
        return out

    def range_mask(self, cell: int, lo: int, hi: int) -> int:
        key = (cell, lo, hi)
        m = self._range_masks.get(key)
        if m is None:
            m = 0
            for t in self.cells_in_range(cell, lo, hi):
                m |= 1 << t
            self._range_masks[key] = m
        return m

    # --- lines --------------------------------------------------------------------------
    def line_coords(self, a: int, b: int) -> list[tuple[int, int]]:
        """Coordinates of the straight line from a to b, both included; each step goes to a
        neighbouring position (hex: one of the six directions; square: Bresenham, 8-connected).
        Positions may lie off the board: see `line`."""
        ax, ay, bx, by = self.xs[a], self.ys[a], self.xs[b], self.ys[b]
        return _hex_line(ax, ay, bx, by) if self.kind == HEX else _bresenham(ax, ay, bx, by)

    def line(self, a: int, b: int) -> list[int]:
        """Cells on the straight line from a to b, both included, with -1 for off-board points.

        The line is geometric: it is drawn in axial (hex) or x/y (square) space whatever the
        board's outline. Square boards and hexagonal (ring) maps are convex, so their lines never
        leave the board. A hex *rectangle* is drawn in odd-q offset rows, so its top and bottom
        edges are jagged: a line between two cells of the same edge row can pass through the
        notch outside the board (hex_rect(7, 2): from cell 19 to cell 24 it crosses one off-board
        hex). Such a point is -1 here, and it blocks line of sight: over a jagged edge a line
        runs outside the board, and nothing is seen through the outside."""
        return [self.cell_at(x, y) for x, y in self.line_coords(a, b)]

    def has_line_of_sight(self, a: int, b: int, opaque: int = 0) -> bool:
        """True when no cell strictly between a and b is off the board or in the `opaque` set."""
        for c in self.line(a, b)[1:-1]:
            if c < 0 or (opaque >> c) & 1:
                return False
        return True

    # --- Boboban ring addresses -------------------------------------------------------------
    def ring_address(self, cell: int) -> tuple[int, int]:
        """(ring, angle) of a cell on a hexagonal map; (1, 1) is the centre."""
        if not self.rings:
            raise ValueError("ring addresses exist only on hexagonal maps")
        if not self.is_cell(cell):
            raise ValueError(f"cell {cell} is not on the map")
        q, r = self.xs[cell], self.ys[cell]
        k = max(abs(q), abs(r), abs(q + r)) + 1
        if k == 1:
            return (1, 1)
        side = k - 1
        x, y = 0, -side
        for edge, d in enumerate(_RING_WALK):
            dq, dr = DIRS_HEX[d]
            # the cell lies on this edge iff stepping from the edge start reaches it within `side` steps
            for s in range(side):
                if (x + dq * s, y + dr * s) == (q, r):
                    return (k, edge * side + s + 1)
            x, y = x + dq * side, y + dr * side
        raise AssertionError("unreachable: cell not found on its ring")

    def cell_at_ring(self, ring: int, angle: int) -> int:
        """Inverse of `ring_address`."""
        if not self.rings:
            raise ValueError("ring addresses exist only on hexagonal maps")
        if not 1 <= ring <= self.rings:
            raise ValueError(f"ring {ring} is outside 1..{self.rings}")
        if ring == 1:
            if angle != 1:
                raise ValueError("ring 1 has the single angle 1")
            return self.cell_at(0, 0)
        side = ring - 1
        if not 1 <= angle <= 6 * side:
            raise ValueError(f"angle {angle} is outside 1..{6 * side} on ring {ring}")
        edge, s = divmod(angle - 1, side)
        x, y = 0, -side
        for d in _RING_WALK[:edge]:
            x, y = x + DIRS_HEX[d][0] * side, y + DIRS_HEX[d][1] * side
        dq, dr = DIRS_HEX[_RING_WALK[edge]]
        return self.cell_at(x + dq * s, y + dr * s)

    def __repr__(self) -> str:
        shape = f"rings={self.rings}" if self.rings else f"{self.cols}x{self.rows}"
        return f"Grid({self.kind}, {shape}, {len(self.cells)} cells)"


@lru_cache(maxsize=256)
def _range_offsets(kind: str, lo: int, hi: int) -> tuple[tuple[int, int], ...]:
    lo = max(lo, 0)
    out = []
    for dy in range(-hi, hi + 1):
        for dx in range(-hi, hi + 1):
            if kind == SQUARE4:
                d = abs(dx) + abs(dy)
            elif kind == SQUARE8:
                d = max(abs(dx), abs(dy))
            else:
                d = (abs(dx) + abs(dy) + abs(dx + dy)) // 2
            if lo <= d <= hi:
                out.append((dx, dy))
    return tuple(out)


def _bresenham(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err, pts = dx + dy, []
    while True:
        pts.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return pts
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


_NUDGE = (Fraction(1, 10**6), Fraction(2, 10**6), Fraction(-3, 10**6))


def _cube_round(fx: Fraction, fy: Fraction, fz: Fraction) -> tuple[int, int]:
    rx, ry, rz = round(fx), round(fy), round(fz)
    ex, ey, ez = abs(rx - fx), abs(ry - fy), abs(rz - fz)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey > ez:
        ry = -rx - rz
    return rx, ry


def _hex_line(q0: int, r0: int, q1: int, r1: int) -> list[tuple[int, int]]:
    """Red Blob line drawing in exact rational arithmetic (no float drift between machines)."""
    n = (abs(q1 - q0) + abs(r1 - r0) + abs(q1 + r1 - q0 - r0)) // 2
    if n == 0:
        return [(q0, r0)]
    a = (q0 + _NUDGE[0], r0 + _NUDGE[1], -q0 - r0 + _NUDGE[2])
    b = (q1 + _NUDGE[0], r1 + _NUDGE[1], -q1 - r1 + _NUDGE[2])
    pts = []
    for i in range(n + 1):
        t = Fraction(i, n)
        pts.append(_cube_round(*(a[k] + (b[k] - a[k]) * t for k in range(3))))
    return pts
