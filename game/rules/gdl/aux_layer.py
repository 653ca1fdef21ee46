"""Aux terrain: borders and connections between cells (rivers, roads, ravines) and coatings
(snow, mud), read from `(area (aux-terrain TYPE rows...))` or made by world synthesis.

A layer is one value per cell of the W x H area (`y * W + x`). For border and connection types
the value is a 6-bit mask: bit d is set when the cell has that border/connection towards its
neighbour in Xconq direction d. Xconq numbers its directions NE, E, SE, SW, W, NW with the offsets
of `XDIRS` (y grows northward, so the first text row is y = H-1); `XDIR_TO_GRID` maps them to
`game.core.grid.DIRS_HEX`. A border or connection is shared by the two cells it lies between:
reading a layer sets both cells' bits. Coating layers keep their raw value (a depth).

Also here: the standard variants (see-all, world-seen, world-size, sequential) the loader
records while reading a module.
"""

from __future__ import annotations

from game.rules.gdl.area import decode_row
from game.rules.gdl.reader import Lst, Sym

XDIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))      # NE, E, SE, SW, W, NW
XDIR_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
XDIR_TO_GRID = (3, 2, 1, 0, 5, 4)   # index into DIRS_HEX of each Xconq direction
CELL, BORDER, CONNECTION, COATING = "cell", "border", "connection", "coating"
_CODES = {(chr(97 + i) if i < 30 else chr(58 + i - 30)): i for i in range(64)}


def opposite(d: int) -> int:
    return (d + 3) % 6


def left_dir(d: int) -> int:
    return (d + 5) % 6


def right_dir(d: int) -> int:
    return (d + 1) % 6


def subtype_of(m, t: int) -> str:
    v = m.tprops.get("subtype", ["cell"] * len(m.ttypes))[t]
    return str(v) if v in (BORDER, CONNECTION, COATING) else CELL


def set_edge_bit(layers: dict, w: int, h: int, t: int, x: int, y: int, d: int, on: bool = True) -> None:
    """Set (or clear) the border/connection `t` between (x, y) and its neighbour in direction d,
    on both cells, in `layers` (terrain index -> per-cell masks of a W x H area)."""
    layer = layers.setdefault(t, [0] * (w * h))
    dx, dy = XDIRS[d]
    for cx, cy, bit in ((x, y, d), (x + dx, y + dy, opposite(d))):
        if 0 <= cx < w and 0 <= cy < h:
            if on:
                layer[cy * w + cx] |= 1 << bit
            else:
                layer[cy * w + cx] &= ~(1 << bit)


def read_aux_terrain(ld, sub) -> None:
    """`(aux-terrain TYPE row...)` inside an `area` form, for a loader `ld` (area.py calls it)."""
    m = ld.m
    w, h = m.width, m.height
    if not w or not h:
        ld.warn(sub.line, "aux-terrain before the area's size")
        return
    if len(sub) < 2:
        ld.warn(sub.line, "aux-terrain: no terrain type")
        return
    ts = ld.types(sub[1], "t", sub.line, "aux-terrain")
    if not ts:
        return
    t = ts[0]
    kind = subtype_of(m, t)
    if kind == CELL:
        ld.warn(sub.line, f"aux-terrain: {m.ttypes[t]!r} is cell terrain, not a border, connection or coating")
        return
    rows = [item for item in sub[2:] if isinstance(item, str) and not isinstance(item, Sym)]
    for item in sub[2:]:
        if not (isinstance(item, str) and not isinstance(item, Sym)):
            ld.warn(getattr(item, "line", sub.line), f"aux-terrain: {str(item)[:30]!r} is not a row")
    if len(rows) > h:
        ld.warn(sub.line, f"aux-terrain: {len(rows)} rows for height {h}")
        rows = rows[:h]
    noted: set[str] = set()

    def row_warn(line, msg):
        if msg not in noted:
            noted.add(msg)
            ld.warn(line, msg.replace("terrain character", "aux-terrain character"))

    layer = m.aux.setdefault(t, [0] * (w * h))
    for r, text in enumerate(rows):
        y = h - 1 - r
        for x, v in enumerate(decode_row(text, w, _CODES, row_warn, sub.line)):
            if v <= 0:
                continue
            if kind == COATING:
                layer[y * w + x] = v
                continue
            for d in range(6):
                if v >> d & 1:
                    set_edge_bit(m.aux, w, h, t, x, y, d)


def record_std_variant(ld, v: Lst) -> None:
    """A standard variant of the main module (or an included one): its default value.
    A variant without a value is false (Xconq's kernel); world-size keeps its numbers."""
    name = str(v[0])
    rest = v[1:]
    if name == "world-size":
        nums = []
        if rest and isinstance(rest[0], Lst):
            nums = [n for n in rest[0] if isinstance(n, int)]
        elif rest:
            nums = [n for n in rest if isinstance(n, int)]
        ld.m.std_variants[name] = (nums, ld.file, v.line)
        return
    val = ld.value(rest[0]) if rest and not isinstance(rest[0], Lst) else 0
    val = 1 if isinstance(val, int) and val else 0
    ld.m.std_variants[name] = (val, ld.file, v.line)
    if name == "see-all":
        ld.m.globals["see-all"] = val
        ld.m.origin[("g", "see-all")] = (ld.file, v.line)
    elif name == "world-seen":
        ld.m.globals["terrain-seen"] = val
        ld.m.origin[("g", "terrain-seen")] = (ld.file, v.line)
