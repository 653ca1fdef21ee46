"""The dungeon layout: which cells are open (floor or room) and where the rooms are.

Cells are dense ints `c = y * size + x` on `Grid.square(size, size, diagonal=True)`. The plan's
cell values are 0 wall, 1 floor, 2 room; here a layout is the set of open cells (a bitset) plus the
room rectangles `(x, y, side)`, and `kind(c)` gives the plan's value. Room cells are always open;
spells only ever open rock (Demolition, Navigate) or replace the whole layout (Alter Dungeon,
Mirror Earth), so the rooms stay what they were when the layout was made.

A layout never changes in place: spells build a new one. Per-layout tables (movement field, the
padded rows the field of view reads, the open-cell list) are built lazily and cached on it.
"""

from __future__ import annotations

from functools import lru_cache

from game.core.bitset import bits_list
from game.core.grid import Grid

from .options import check_size

WALL, FLOOR, ROOM = 0, 1, 2
FOV_PAD = 6


@lru_cache(maxsize=16)
def grid_for(size: int) -> Grid:
    return Grid.square(size, size, diagonal=True)


@lru_cache(maxsize=16)
def edge_mask(size: int) -> int:
    """The outer ring of cells (always wall)."""
    m = 0
    for i in range(size):
        m |= 1 << i | 1 << (size - 1) * size + i | 1 << i * size | 1 << i * size + size - 1
    return m


@lru_cache(maxsize=16)
def board_mask(size: int) -> int:
    return (1 << size * size) - 1


def room_cells(size: int, room) -> int:
    x, y, s = room
    m = 0
    row = ((1 << s) - 1) << x
    for yy in range(y, y + s):
        m |= row << yy * size
    return m


class Layout:
    __slots__ = ("size", "open", "rooms", "_cache")

    def __init__(self, size: int, open_mask: int, rooms=()):
        self.size = size
        self.open = open_mask
        self.rooms = tuple(sorted(tuple(r) for r in rooms))   # canonical order
        self._cache: dict = {}

    # --- derived sets ---------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        return grid_for(self.size)

    @property
    def room_mask(self) -> int:
        m = self._cache.get("rooms")
        if m is None:
            m = 0
            for r in self.rooms:
                m |= room_cells(self.size, r)
            self._cache["rooms"] = m
        return m

    @property
    def walls(self) -> int:
        return board_mask(self.size) & ~self.open

    def open_cells(self) -> list[int]:
        cells = self._cache.get("cells")
        if cells is None:
            cells = self._cache["cells"] = bits_list(self.open)
        return cells

    def is_open(self, cell: int) -> bool:
        return (self.open >> cell) & 1 == 1

    def kind(self, cell: int) -> int:
        if not (self.open >> cell) & 1:
            return WALL
        return ROOM if (self.room_mask >> cell) & 1 else FLOOR

    def cell(self, x: int, y: int) -> int:
        return y * self.size + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.size, cell // self.size

    def room_index(self, cell: int) -> int:
        x, y = self.xy(cell)
        for i, (rx, ry, s) in enumerate(self.rooms):
            if rx <= x < rx + s and ry <= y < ry + s:
                return i
        return -1

    def padded_rows(self) -> list[int]:
        """Opaque cells per row for the field of view: bit (x + 6) of entry (y + 6) is set when
        (x, y) is rock or off the level; six fully opaque rows/columns pad every side."""
        rows = self._cache.get("fov_rows")
        if rows is None:
            rows = self._cache["fov_rows"] = padded_rows_of(self.size, self.walls)
        return rows

    # --- new layouts ----------------------------------------------------------------------
    def with_open(self, open_mask: int) -> Layout:
        return Layout(self.size, open_mask, self.rooms)

    def mirrored(self, axis: int) -> Layout:
        """axis 0: left-right, 1: top-bottom, 2: both."""
        n = self.size
        m = 0
        for c in self.open_cells():
            m |= 1 << mirror_cell(n, c, axis)
        rooms = []
        for x, y, s in self.rooms:
            if axis in (0, 2):
                x = n - x - s
            if axis in (1, 2):
                y = n - y - s
            rooms.append((x, y, s))
        return Layout(n, m, rooms)

    # --- identity -------------------------------------------------------------------------
    def __eq__(self, other) -> bool:
        return (isinstance(other, Layout) and self.size == other.size and self.open == other.open
                and self.rooms == other.rooms)

    def __hash__(self) -> int:
        return hash((self.size, self.open, self.rooms))

    def as_data(self) -> dict:
        return {"size": self.size, "open": self.open, "rooms": [list(r) for r in self.rooms]}

    def __repr__(self) -> str:
        return f"Layout({self.size}x{self.size}, {self.open.bit_count()} open, {len(self.rooms)} rooms)"

    # --- text -----------------------------------------------------------------------------
    def to_ascii(self) -> str:
        """'#' rock, '.' floor, ',' room floor (the plan draws both floors as '.')."""
        n = self.size
        return "\n".join("".join("#.,"[self.kind(y * n + x)] for x in range(n)) for y in range(n))

    @classmethod
    def from_ascii(cls, text: str, rooms=None) -> Layout:
        """Read '#' (rock), '.' (floor) and ',' (room floor) lines. Rooms are the given
        (x, y, side) squares, or else found from the ',' cells (each a solid square)."""
        lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
        n = len(lines)
        check_size(n)
        m = 0
        commas = 0
        for y, ln in enumerate(lines):
            if len(ln) != n:
                raise ValueError(f"layout line {y + 1}: {len(ln)} cells, expected {n} (levels are square)")
            for x, ch in enumerate(ln):
                if ch in ".,":
                    m |= 1 << y * n + x
                    if ch == ",":
                        commas |= 1 << y * n + x
                elif ch != "#":
                    raise ValueError(f"layout line {y + 1}, column {x + 1}: unknown cell {ch!r}")
        if rooms is None:
            rooms = _rooms_from_cells(n, commas)
        layout = cls(n, m, rooms)
        problem = layout.problem()
        if problem:
            raise ValueError(f"layout: {problem}")
        return layout

    def problem(self) -> str | None:
        """Why this is not a valid layout, or None."""
        n = self.size
        try:
            check_size(n)
        except ValueError as exc:
            return str(exc)
        if self.open < 0 or self.open >> n * n:
            return "open cells outside the level"
        if self.open & edge_mask(n):
            return "the outer edge must be rock"
        if not self.open:
            return "no open cells"
        for i, r in enumerate(self.rooms):
            x, y, s = r
            if s not in (3, 5, 7):
                return f"room {i}: side {s} is not 3, 5 or 7"
            if x < 1 or y < 1 or x + s > n - 1 or y + s > n - 1:
                return f"room {i}: ({x}, {y}) side {s} does not fit inside the outer wall"
            if room_cells(n, r) & ~self.open:
                return f"room {i}: not all of its cells are open"
        return None


def mirror_cell(size: int, cell: int, axis: int) -> int:
    x, y = cell % size, cell // size
    if axis in (0, 2):
        x = size - 1 - x
    if axis in (1, 2):
        y = size - 1 - y
    return y * size + x


def padded_rows_of(size: int, opaque: int) -> list[int]:
    full = (1 << size + 2 * FOV_PAD) - 1
    pad = ((1 << FOV_PAD) - 1) | ((1 << FOV_PAD) - 1) << size + FOV_PAD
    row_mask = (1 << size) - 1
    rows = [full] * FOV_PAD
    for y in range(size):
        rows.append(pad | ((opaque >> y * size) & row_mask) << FOV_PAD)
    rows.extend([full] * FOV_PAD)
    return rows


def _rooms_from_cells(n: int, commas: int) -> list[tuple[int, int, int]]:
    rooms = []
    left = commas
    while left:
        c = (left & -left).bit_length() - 1
        x, y = c % n, c // n
        s = 0
        while x + s < n and (left >> y * n + x + s) & 1:
            s += 1
        r = (x, y, s)
        cells = room_cells(n, r)
        if s not in (3, 5, 7) or cells & ~left:
            raise ValueError(f"layout: the ',' cells at ({x}, {y}) are not a solid 3x3, 5x5 or 7x7 room")
        rooms.append(r)
        left &= ~cells
    return rooms
