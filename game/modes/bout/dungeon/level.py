"""One dungeon level: a grid of tiles (1 square = 1 yard, seed), its rooms, start and stairs.

Cells are dense ints `y * width + x`. Tiles are small ints; only rock blocks movement and sight.
Directions are the bout's: 0 north, then clockwise (1 north-east ... 7 north-west), 8 = wait.
A level is fully determined by the run's seed, its depth and the dungeon data (`generate.py`),
so a saved game stores none of it beyond what changes (items on the floor, what was seen).
"""

from __future__ import annotations

from dataclasses import dataclass, field

ROCK, FLOOR, CORRIDOR, DOOR, STAIRS = range(5)
TILE_CHARS = "#.,+>"
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
WAIT = 8


@dataclass
class Level:
    width: int
    height: int
    depth: int
    tiles: bytearray
    rooms: list = field(default_factory=list)      # (x, y, w, h) of each room's inside
    start: int = 0                                  # where the party arrives
    stairs: int = 0                                 # down, or the way out on the last level
    last: bool = False                              # the stairs here are the way out
    items: list = field(default_factory=list)       # [cell, item index] placed at generation
    foes: list = field(default_factory=list)        # [cell, foe index] placed at generation
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def size(self) -> int:
        return self.width * self.height

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def passable(self, cell: int) -> bool:
        return self.tiles[cell] != ROCK

    def step(self, cell: int, d: int) -> int:
        """The cell one step in direction d, or -1 off the map or into rock."""
        return self.neighbours()[cell][d]

    def offsets(self) -> tuple[int, ...]:
        """Cell offsets of the 8 directions (the outer ring is always rock, so an open cell's
        neighbours are all on the map)."""
        w = self.width
        return tuple(dy * w + dx for dx, dy in DIRS)

    def neighbours(self) -> list[tuple[int, ...]]:
        """For each cell, its 8 neighbours in direction order (-1 = rock)."""
        nb = self._cache.get("nb")
        if nb is None:
            t, offs, none = self.tiles, self.offsets(), (-1,) * 8
            nb = [none] * self.size
            for c in self.open_cells():
                nb[c] = tuple(c + o if t[c + o] != ROCK else -1 for o in offs)
            self._cache["nb"] = nb
        return nb

    def open_cells(self) -> list[int]:
        got = self._cache.get("open")
        if got is None:
            got = self._cache["open"] = [c for c, t in enumerate(self.tiles) if t != ROCK]
        return got

    def rock_mask(self) -> int:
        """Rock as a bitset (bit = cell)."""
        got = self._cache.get("rock")
        if got is None:
            got = 0
            for c, t in enumerate(self.tiles):
                if t == ROCK:
                    got |= 1 << c
            self._cache["rock"] = got
        return got

    def distances(self, src: int) -> list[int]:
        """Steps (8 directions) from `src` to every cell; -1 where it cannot be reached."""
        key = ("dist", src)
        got = self._cache.get(key)
        if got is not None:
            return got
        t, offs = self.tiles, self.offsets()
        dist = [-1] * self.size
        dist[src] = 0
        frontier = [src]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for c in frontier:
                for o in offs:
                    n = c + o
                    if dist[n] < 0 and t[n] != ROCK:
                        dist[n] = d
                        nxt.append(n)
            frontier = nxt
        if sum(1 for k in self._cache if isinstance(k, tuple) and k[0] == "dist") >= 48:
            for k in [k for k in self._cache if isinstance(k, tuple) and k[0] == "dist"]:
                del self._cache[k]
        self._cache[key] = dist
        return dist

    def near_distances(self, src: int, limit: int) -> dict[int, int]:
        """Steps from `src` to the cells at most `limit` steps away (a bounded search, for goals
        that move: a fighter walking to another)."""
        t, offs = self.tiles, self.offsets()
        dist = {src: 0}
        frontier = [src]
        for d in range(1, limit + 1):
            nxt = []
            for c in frontier:
                for o in offs:
                    n = c + o
                    if n not in dist and t[n] != ROCK:
                        dist[n] = d
                        nxt.append(n)
            if not nxt:
                break
            frontier = nxt
        return dist

    def room_of(self, cell: int) -> int:
        x, y = self.xy(cell)
        for i, (rx, ry, rw, rh) in enumerate(self.rooms):
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return i
        return -1

    def text(self, marks: dict | None = None) -> list[str]:
        """The level as ASCII rows (tests, debugging); `marks` puts a character on a cell."""
        marks = marks or {}
        rows = []
        for y in range(self.height):
            rows.append("".join(marks.get(y * self.width + x, TILE_CHARS[self.tiles[y * self.width + x]])
                                for x in range(self.width)))
        return rows


def level_from_text(rows: list[str], depth: int = 1, last: bool = False) -> Level:
    """A level from ASCII rows (`TILE_CHARS`: # rock . floor , corridor + doorway > stairs);
    the outer ring must be rock. Tests and hand-made levels use it."""
    h, w = len(rows), len(rows[0])
    if any(len(r) != w for r in rows):
        raise ValueError("every row of a level must have the same length")
    tiles = bytearray(w * h)
    stairs = 0
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in TILE_CHARS:
                raise ValueError(f"row {y + 1}, column {x + 1}: {ch!r} is not one of {TILE_CHARS!r}")
            t = TILE_CHARS.index(ch)
            if t != ROCK and (x in (0, w - 1) or y in (0, h - 1)):
                raise ValueError(f"row {y + 1}, column {x + 1}: the outer ring must be rock")
            tiles[y * w + x] = t
            if t == STAIRS:
                stairs = y * w + x
    return Level(w, h, depth, tiles, stairs=stairs, last=last)
