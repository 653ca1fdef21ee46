"""Field of view in the dungeon: a circle of `fov_radius` squares, blocked by rock, symmetric.

Rule (the same as the wizard duel's, with a round edge and any radius). A cell t with
dx² + dy² <= r² + r from the viewer v is visible when no rock lies strictly between them on the
Bresenham line from v to t, or on the Bresenham line from t to v. Taking both lines makes sight
symmetric between any two open squares: if you see a foe, he sees you (a property test checks
it on random levels). A rock square is also visible when the line from v to the square just
before it (one step towards v) is clear, which lights the walls of rooms and corridors.

Speed. A line depends only on the offset t - v, so the set of window cells each window cell
shadows is computed once per (radius, level width) as a bitset laid out with the level's row
stride. A view reads the (2r+1)-bit row patterns of rock around the viewer from padded rows and
ORs the cached shadows of each (row, pattern), then shifts the window into place: a view costs
2r+1 dictionary look-ups and a few big-int operations (bench/bench_bout.py compares it with
python-tcod's compute_fov in the same run). Views are cached per level and cell.
"""

from __future__ import annotations

from game.core.grid import _bresenham
from game.core.shadow_tables import ShadowTables
from game.modes.bout.dungeon.level import Level

_MAX_ENTRIES = 4096


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def in_circle(dx: int, dy: int, r: int) -> bool:
    return dx * dx + dy * dy <= r * r + r


class Shadows(ShadowTables):
    """The shadow tables (game/core/shadow_tables.py) of a round view of radius r for one row
    stride."""

    def __init__(self, radius: int, width: int):
        super().__init__(radius, width, keep=lambda dx, dy: in_circle(dx, dy, radius), max_entries=_MAX_ENTRIES)
        self.width = width


_SHADOWS: dict[tuple[int, int], Shadows] = {}


def shadows(radius: int, width: int) -> Shadows:
    s = _SHADOWS.get((radius, width))
    if s is None:
        s = _SHADOWS[(radius, width)] = Shadows(radius, width)
    return s


class Sight:
    """Everything one level needs for views: padded rock rows, column masks, the view cache.
    A level narrower than the view's window (2r+1) is laid out on a wider board of rock and
    its views repacked to the level's own rows."""

    def __init__(self, level: Level, radius: int):
        self.level, self.r = level, radius
        w, h = level.width, level.height
        sw = self.stride = max(w, 2 * radius + 1)
        self.sh = shadows(radius, sw)
        pad = (1 << radius) - 1
        full_row = (1 << (sw + 2 * radius)) - 1
        rows = [full_row] * radius
        t = level.tiles
        for y in range(h):
            bits = (1 << sw) - (1 << w)                 # columns past the level are rock
            for x in range(w):
                if t[y * w + x] == 0:
                    bits |= 1 << x
            rows.append(pad | bits << radius | pad << (sw + radius))
        rows += [full_row] * radius
        self.rows = rows
        row = (1 << w) - 1
        self.board = sum(row << y * sw for y in range(h))
        self.colmask = []
        for x in range(w):
            cols = 0
            for xx in range(max(0, x - radius), min(w, x + radius + 1)):
                cols |= 1 << xx
            self.colmask.append(sum(cols << y * sw for y in range(h)))
        self.cache: dict[int, int] = {}

    def view(self, cell: int) -> int:
        """Visible cells (a bitset over the level) from `cell`."""
        got = self.cache.get(cell)
        if got is not None:
            return got
        sh, rows, r = self.sh, self.rows, self.r
        w, sw = self.level.width, self.stride
        x, y = cell % w, cell // w
        step, mask = 1 << sh.span, sh.rowmask
        p = 0
        key = 0
        for j in range(y, y + sh.span):
            p |= sh[key | (rows[j] >> x) & mask]
            key += step
        k = sh.k
        vis = (sh.full & ~(p & p >> k)) | (p >> 3 * k & ~(p >> 2 * k) & sh.full)
        s = (y - r) * sw + x - r
        vis = vis << s if s >= 0 else vis >> -s
        vis &= self.colmask[x]
        if sw != w:
            row = (1 << w) - 1
            vis = sum(((vis >> yy * sw) & row) << yy * w for yy in range(self.level.height))
        self.cache[cell] = vis
        return vis

    def sees(self, a: int, b: int) -> bool:
        return bool(self.view(a) >> b & 1)


def sight_of(level: Level, radius: int) -> Sight:
    got = level._cache.get(("sight", radius))
    if got is None:
        got = level._cache[("sight", radius)] = Sight(level, radius)
    return got


def reference_view(level: Level, cell: int, radius: int) -> int:
    """The rule written out cell by cell (slow; tests check `Sight.view` against it)."""
    w, h, t = level.width, level.height, level.tiles
    vx, vy = cell % w, cell // w

    def clear(pts):
        return all(0 <= x < w and 0 <= y < h and t[y * w + x] != 0 for x, y in pts)

    out = 0
    for ty in range(max(0, vy - radius), min(h, vy + radius + 1)):
        for tx in range(max(0, vx - radius), min(w, vx + radius + 1)):
            if not in_circle(tx - vx, ty - vy, radius):
                continue
            seen = clear(_bresenham(vx, vy, tx, ty)[1:-1]) or clear(_bresenham(tx, ty, vx, vy)[1:-1])
            if not seen and t[ty * w + tx] == 0:
                nx, ny = tx - _sign(tx - vx), ty - _sign(ty - vy)
                seen = (nx, ny) != (vx, vy) and clear(_bresenham(vx, vy, nx, ny)[1:])
            if seen:
                out |= 1 << ty * w + tx
    return out
