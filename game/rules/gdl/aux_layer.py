"""Aux terrain helpers: borders and connections between cells (rivers, roads, ravines) and
coatings (snow, mud), kept in `Module.aux_terrain` (read from `(area (aux-terrain ...))` by the
loader, or made by world synthesis).

A layer is one value per cell of the W x H area (`y * W + x`). For border and connection types
the value is a 6-bit mask: bit d is set when the cell has that border/connection towards its
neighbour in Xconq direction d. Xconq numbers its directions NE, E, SE, SW, W, NW with the offsets
of `XDIRS` (y grows northward, so the first text row is y = H-1); `XDIR_TO_GRID` maps them to
`game.core.grid.DIRS_HEX`. A border or connection is shared by the two cells it lies between:
synthesis sets both cells' bits, and queries look at both. Coating layers hold a depth.
"""

from __future__ import annotations

XDIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))      # NE, E, SE, SW, W, NW
XDIR_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
XDIR_TO_GRID = (3, 2, 1, 0, 5, 4)   # index into DIRS_HEX of each Xconq direction
CELL, BORDER, CONNECTION, COATING = "cell", "border", "connection", "coating"


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
