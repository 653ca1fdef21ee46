"""Line of sight for vision (refman "Line of Sight"): a unit whose type cannot see behind things
(`can-see-behind` false) sees a cell two or more away only when no cell between rises above the
straight line from its eyes (its cell's elevation + `eye-height` in its terrain) to the target
cell's ground; a cell between rises by its elevation plus its terrain's `thickness`. Neighbouring
cells are always seen. Without elevations and thick terrain nothing is hidden. The line is the
grid's hex line (game.core.grid); heights are compared in integers (no rounding).
"""

from __future__ import annotations


def cells_in_sight(w, cell: int, disc: list[int], eye: int) -> list[int]:
    """The cells of `disc` (around `cell`) that a viewer with eye height `eye` over the ground sees."""
    elev = w.m.elevations
    thick = w.tp["thickness"]
    if not elev and not any(thick):
        return disc
    grid = w.grid
    dist = grid.distance
    terrain = w.terrain

    def ground(c: int) -> int:
        return (elev[c] if elev else 0) + thick[terrain[c]]

    e0 = (elev[cell] if elev else 0) + eye
    out = []
    for b in disc:
        far = dist(cell, b)
        if far <= 1:
            out.append(b)
            continue
        eb = elev[b] if elev else 0
        for c in grid.line(cell, b)[1:-1]:
            d = dist(cell, c)
            if c >= 0 and ground(c) * far > e0 * (far - d) + eb * d:
                break
        else:
            out.append(b)
    return out
