"""Steps shared by the terrain methods once the cells have types: random changes
(`terrain-density`), the edge ring (`edge-terrain`), elevations of the edge, and water levelled
(each connected body of `liquid` terrain gets one elevation, the lowest found in it)."""

from __future__ import annotations

from game.rules.gdl.synth.limits import AREA, table
from game.rules.gdl.synth.work import Work


def random_changes(work: Work) -> int:
    """`terrain-density` t1 t2: each cell of t1 becomes t2 with that chance in .01 %; the first
    target (in type order) whose roll succeeds wins. Returns the number of cells changed."""
    m = work.m
    dens = table(m, "terrain-density", 0, 10000)
    targets = {t: [(t2, d) for t2, d in enumerate(row) if d > 0 and t2 in work.cell_types]
               for t, row in enumerate(dens)}
    if not any(targets.values()):
        return 0
    work.budget.doing("terrain-density changes", [("table", "terrain-density")] + AREA)
    changed = 0
    below = work.rng.below
    for c in work.area_cells:
        t = work.terrain[c]
        for t2, d in targets.get(t, ()):
            if d > below(10000):
                work.set_terrain(c, t2)
                changed += 1
                break
        work.budget.spend(1)
    return changed


def edge_type(work: Work) -> int:
    m = work.m
    v = m.globals.get("edge-terrain", 0)
    if isinstance(v, str):
        v = m.ttypes.index(v) if v in m.ttypes else 0
    if not isinstance(v, int) or v not in work.cell_types:
        v = work.cell_types[0] if work.cell_types else 0
    return v


def add_edge_terrain(work: Work) -> None:
    """Every cell of the edge ring gets `edge-terrain` (a cell type; the first one otherwise) and
    the average elevation of its interior neighbours."""
    t = edge_type(work)
    for c in work.edge_cells:
        work.terrain[c] = t
    if work.elev is None:
        return
    lo, hi = elevation_bounds(work)
    for c in work.edge_cells:
        vals = [work.elev[n] for n in work.nb[c] if n >= 0 and work.interior[n]]
        if vals:
            work.elev[c] = min(hi, max(lo, sum(vals) // len(vals)))


def elevation_bounds(work: Work) -> tuple[int, int]:
    lo = work.m.tprops["elevation-min"]
    hi = work.m.tprops["elevation-max"]
    ts = work.cell_types or [0]
    return min(lo[t] for t in ts), max(hi[t] for t in ts)


def elevation_varies(work: Work) -> bool:
    lo, hi = elevation_bounds(work)
    return hi > lo


def level_water(work: Work) -> None:
    """Each connected body of liquid cells gets the lowest elevation found in it."""
    if work.elev is None:
        return
    liquid = work.m.tprops["liquid"]
    seen = bytearray(work.n)
    for c in work.area_cells:
        if seen[c] or not liquid[work.terrain[c]]:
            continue
        body, stack = [], [c]
        seen[c] = 1
        while stack:
            a = stack.pop()
            body.append(a)
            for b in work.nb[a]:
                if b >= 0 and not seen[b] and liquid[work.terrain[b]]:
                    seen[b] = 1
                    stack.append(b)
        low = min(work.elev[a] for a in body)
        for a in body:
            work.elev[a] = low
        work.budget.spend(len(body))

