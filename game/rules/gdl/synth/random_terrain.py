"""make-random-terrain: every interior cell gets a cell terrain type drawn with weight
`occurrence` (refman "Random World"); with elevations, a random elevation within the type's
range; then the edge ring. A border or connection type with `occurrence` > 0 is then laid
across each direction of each interior cell with that chance in .01 %.
"""

from __future__ import annotations

from game.rules.gdl.synth import finish
from game.rules.gdl.synth.limits import AREA, PROPHI, tprop
from game.rules.gdl.synth.work import BORDER, CONNECTION, Work

NAME = "make-random-terrain"


def weighted(work: Work, types: list[int], weights: list[int]) -> int:
    """A type drawn with the given weights (the first type when they are all 0)."""
    total = sum(weights[t] for t in types)
    if total <= 0:
        return types[0]
    n = work.rng.below(total)
    for t in types:
        n -= weights[t]
        if n < 0:
            return t
    return types[-1]


def make(work: Work) -> bool:
    if work.has_terrain:
        work.notes.append(f"{NAME}: the terrain is already defined")
        return False
    if not work.cell_types:
        work.notes.append(f"{NAME}: no cell terrain types")
        return False
    m = work.m
    occ = tprop(m, "occurrence", 0, PROPHI)
    work.budget.doing("random terrain", [("t", "occurrence")] + AREA)
    work.budget.afford(len(work.area_cells) * 8)
    types = work.cell_types
    total = sum(occ[t] for t in types)
    cum, run = [], 0
    for t in types:
        run += occ[t]
        cum.append(run)
    below = work.rng.below
    for c in work.interior_cells:
        if total <= 0:
            work.terrain[c] = types[0]
            continue
        n = below(total)
        for t, k in zip(types, cum):
            if n < k:
                work.terrain[c] = t
                break
    if finish.elevation_varies(work):
        emin, emax = m.tprops["elevation-min"], m.tprops["elevation-max"]
        work.elev = [0] * work.n
        for c in work.interior_cells:
            t = work.terrain[c]
            work.elev[c] = emin[t] + (below(emax[t] - emin[t] + 1) if emax[t] > emin[t] else 0)
    finish.add_edge_terrain(work)
    for t in work.aux_types(BORDER) + work.aux_types(CONNECTION):
        if occ[t] <= 0:
            continue
        for c in work.interior_cells:
            for d in range(6):
                if below(10000) < occ[t]:
                    work.set_aux(t, c, d)
        work.budget.spend(len(work.interior_cells) * 6)
    work.has_terrain = True
    return True
