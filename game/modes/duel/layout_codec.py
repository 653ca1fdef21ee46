"""A dungeon layout in a few dozen bytes (snapshots, after Alter Dungeon, resync).

The maze is a lattice: nodes (odd x, odd y) are floor, posts (even, even) are rock, and only the
passages between nodes carry information, one bit each. Rooms are (x, y, side) squares; passages
inside rooms are not sent. Whatever does not fit the lattice (rock turned floor by Demolition or
Navigate, hand-made levels) is sent as a list of exceptions; when that list would be longer than
a plain bitmap of the inner cells, the bitmap is sent instead.

    byte 0    bits 0-3 size code ((size - 13) / 2), bit 4 form (0 lattice, 1 bitmap), 5-7 zero
    rooms     count (3 bits), then x (5), y (5), side code (2: 3, 5, 7) each
    lattice   one bit per passage outside rooms (cell order), then the exceptions: a gamma-coded
              count and, for each, its index among the nodes and posts outside rooms (ascending)
    bitmap    one bit per inner cell outside rooms (cell order)
"""

from __future__ import annotations

from functools import lru_cache

from .bits import BitReader, BitWriter
from .layout import Layout, room_cells
from .options import MAX_SIZE, MIN_SIZE

SIDES = (3, 5, 7)
LATTICE, BITMAP = 0, 1


@lru_cache(maxsize=64)
def _cell_classes(size: int, room_mask: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(passages, fixed cells (nodes and posts), inner cells), all outside rooms, in cell order."""
    passages, fixed, inner = [], [], []
    for y in range(1, size - 1):
        for x in range(1, size - 1):
            c = y * size + x
            if (room_mask >> c) & 1:
                continue
            inner.append(c)
            (passages if (x + y) % 2 else fixed).append(c)
    return tuple(passages), tuple(fixed), tuple(inner)


def _write_rooms(w: BitWriter, layout: Layout) -> None:
    w.write(len(layout.rooms), 3)
    for x, y, s in layout.rooms:
        w.write(x, 5)
        w.write(y, 5)
        w.write(SIDES.index(s), 2)


def encode_layout(layout: Layout) -> bytes:
    n = layout.size
    if layout.problem():
        raise ValueError(f"layout: {layout.problem()}")
    if len(layout.rooms) > 7:
        raise ValueError("layout: more than 7 rooms cannot be encoded")
    passages, fixed, inner = _cell_classes(n, layout.room_mask)
    op = layout.open
    lattice = BitWriter()
    lattice.write((n - MIN_SIZE) // 2, 4)
    lattice.write(LATTICE, 4)
    _write_rooms(lattice, layout)
    for c in passages:
        lattice.write((op >> c) & 1, 1)
    exceptions = [i for i, c in enumerate(fixed) if ((op >> c) & 1) != (((c % n) & 1) and ((c // n) & 1))]
    lattice.write_count(len(exceptions))
    width = max(1, (len(fixed) - 1).bit_length())
    for i in exceptions:
        lattice.write(i, width)
    bitmap = BitWriter()
    bitmap.write((n - MIN_SIZE) // 2, 4)
    bitmap.write(BITMAP, 4)
    _write_rooms(bitmap, layout)
    for c in inner:
        bitmap.write((op >> c) & 1, 1)
    a, b = lattice.to_bytes(), bitmap.to_bytes()
    return a if len(a) <= len(b) else b


def decode_layout(data: bytes) -> Layout:
    r = BitReader(data, "layout")
    code = r.read(4, "size")
    n = MIN_SIZE + 2 * code
    if n > MAX_SIZE:
        raise ValueError(f"layout: size code {code} ({n}x{n}) is above {MAX_SIZE}x{MAX_SIZE}")
    form = r.read(4, "form")
    if form not in (LATTICE, BITMAP):
        raise ValueError(f"layout: unknown form {form}")
    rooms = []
    for i in range(r.read(3, "room count")):
        x, y, s = r.read(5, f"room {i}"), r.read(5, f"room {i}"), r.read(2, f"room {i}")
        if s == 3:
            raise ValueError(f"layout: room {i} has an unknown side code")
        side = SIDES[s]
        if x < 1 or y < 1 or x + side > n - 1 or y + side > n - 1:
            raise ValueError(f"layout: room {i} at ({x}, {y}) side {side} does not fit a {n}x{n} level")
        rooms.append((x, y, side))
    room_mask = 0
    for room in rooms:
        room_mask |= room_cells(n, room)
    passages, fixed, inner = _cell_classes(n, room_mask)
    op = room_mask
    if form == LATTICE:
        for c in passages:
            if r.read(1, "passages"):
                op |= 1 << c
        for c in fixed:
            if (c % n) & 1 and (c // n) & 1:
                op |= 1 << c
        count = r.read_count("exception count", len(fixed))
        width = max(1, (len(fixed) - 1).bit_length())
        last = -1
        for k in range(count):
            i = r.read(width, f"exception {k}")
            if i <= last or i >= len(fixed):
                raise ValueError(f"layout: exception {k} ({i}) is out of order or out of range")
            last = i
            op ^= 1 << fixed[i]
    else:
        for c in inner:
            if r.read(1, "bitmap"):
                op |= 1 << c
    r.finish()
    layout = Layout(n, op, rooms)
    problem = layout.problem()
    if problem:
        raise ValueError(f"layout: {problem}")
    return layout
