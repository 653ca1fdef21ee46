"""make-fractal-percentile-terrain: two layers of random blobs (altitude and moisture), smoothed,
turned into percentiles; a cell gets the first cell terrain type (in definition order) whose
alt-percentile-min..max and wet-percentile-min..max ranges both hold its percentiles, else type 0
(counted as a hole and noted). Then terrain-density changes, the edge ring, elevations.

Blobs (refman "Fractal World"): `alt-blob-density` blobs per 10,000 cells of the area, each
a hexagon whose cell count is closest to `alt-blob-size` x cells / 10,000, centred on a random
interior cell, raising or lowering (a coin flip) every cell in it by `alt-blob-height` plus up to
half as much again (the extra drawn per cell); values live in 0..3999 and a change that would
leave that range is halved (twice at most). Then `alt-smoothing` passes replace each cell by the
average of itself and its neighbours. The moisture layer is made the same way from the wet-*
globals. A layer with density 0 is not made (its percentile is 0 everywhere).

A cell's percentile is 100 x (interior cells whose value is at most the cell's) / interior cells,
so a type with alt-percentile 0..68 covers about 68 % of the interior. Elevations (when the
terrain types' elevation ranges differ) map each cell's raw altitude linearly from the raw range
of its type (joined with types whose elevation ranges overlap) onto the type's elevation range.
"""

from __future__ import annotations

from game.rules.gdl.synth import finish
from game.rules.gdl.synth.limits import AREA, PROPHI, global_int, tprop
from game.rules.gdl.synth.work import Work

NAME = "make-fractal-percentile-terrain"
MAXALT = 4000
MIN_SIZE = 9          # Xconq: no fractal terrain for an area smaller than 9 x 9


def blob_radius(cells: int) -> int:
    """The hexagon radius r whose cell count 3r^2 + 3r + 1 is closest to `cells` (ties: smaller)."""
    r = 0
    while True:
        here, nxt = 3 * r * r + 3 * r + 1, 3 * (r + 1) * (r + 1) + 3 * (r + 1) + 1
        if abs(nxt - cells) >= abs(here - cells):
            return r
        r += 1


def layer_params(work: Work, prefix: str) -> tuple[int, int, int, int]:
    """(blobs, radius, height, smoothing) of the `alt` or `wet` layer, or blobs 0 for none."""
    m = work.m
    dflt = {"alt": (1000, 30, 500, 2), "wet": (100, 100, 100, 2)}[prefix]
    density = global_int(m, f"{prefix}-blob-density", dflt[0], 0, PROPHI)
    size = global_int(m, f"{prefix}-blob-size", dflt[1], 0, PROPHI)
    height = global_int(m, f"{prefix}-blob-height", dflt[2], 0, 10000)
    smoothing = global_int(m, f"{prefix}-smoothing", dflt[3], 0, PROPHI)
    if density <= 0:
        return 0, 0, height, smoothing
    numcells = len(work.area_cells)
    blobs = max(1, density * numcells // 10000)
    radius = blob_radius(size * numcells // 10000) if size > 0 else 0
    return blobs, radius, height, smoothing


def make_layer(work: Work, prefix: str) -> list[int] | None:
    blobs, radius, height, smoothing = layer_params(work, prefix)
    if blobs <= 0:
        return None
    n_area = len(work.area_cells)
    per_blob = 3 * radius * radius + 3 * radius + 1
    work.budget.doing(f"{prefix} blobs", [("g", f"{prefix}-blob-density"), ("g", f"{prefix}-blob-size")] + AREA)
    work.budget.afford(blobs * per_blob + smoothing * n_area * 7)
    layer = raise_blobs(work, blobs, radius, min(max(1, height), MAXALT // 2))
    for t in work.area_cells:
        layer[t] = max(0, min(MAXALT - 1, layer[t]))
    smooth(work, layer, smoothing)
    return layer


def raise_blobs(work: Work, blobs: int, radius: int, maxdz: int) -> list[int]:
    """The raw layer: every cell starts at MAXALT/2; each blob raises or lowers (a coin flip) the
    area cells of its hexagon by maxdz plus a per-cell extra below maxdz/2 (the low or high 16
    bits of one 32-bit draw times the spread, >> 16: two cells per draw), halved towards 0 (twice
    at most) when that would leave 0..MAXALT. The rectangle is padded by the radius so a blob's
    cells are plain index offsets."""
    w, h = work.w, work.h
    pw = w + 2 * radius
    inside = bytearray(pw * (h + 2 * radius))
    for c in work.area_cells:
        inside[(c // w + radius) * pw + c % w + radius] = 1
    offsets = [dy * pw + dx for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1)
               if abs(dx + dy) <= radius]
    raw = [MAXALT // 2] * len(inside)
    spread = maxdz // 2
    rng = work.rng
    draw, half = 0, 0                # two 16-bit extras per 32-bit draw
    for _ in range(blobs):
        sign = 1 if rng.below(2) else -1
        c = work.random_interior()
        base = (c // w + radius) * pw + c % w + radius
        for off in offsets:
            t = base + off
            if not inside[t]:
                continue
            if half:
                extra, half = (draw >> 16) * spread >> 16, 0
            else:
                draw = rng.next_u32()
                extra, half = (draw & 0xFFFF) * spread >> 16, 1
            old = raw[t]
            dz = sign * (maxdz + extra)
            if not 0 <= old + dz <= MAXALT:          # too extreme: halve (towards 0), twice at most
                dz = dz // 2 if dz > 0 else -(-dz // 2)
                if not 0 <= old + dz <= MAXALT:
                    dz = dz // 2 if dz > 0 else -(-dz // 2)
            raw[t] = old + dz
        work.budget.spend(len(offsets))
    layer = [MAXALT // 2] * work.n
    for c in work.area_cells:
        layer[c] = raw[(c // w + radius) * pw + c % w + radius]
    return layer


def smooth(work: Work, layer: list[int], passes: int) -> None:
    for _ in range(passes):
        new = layer[:]
        for c in work.area_cells:
            s, k = layer[c], 1
            for n in work.nb[c]:
                if n >= 0:
                    s += layer[n]
                    k += 1
            new[c] = s // k
        layer[:] = new
        work.budget.spend(len(work.area_cells) * 7)


def percentiles(work: Work, layer: list[int] | None) -> list[int]:
    """Percentile of every raw value 0..MAXALT-1 over the interior cells (all 0 without a layer)."""
    if layer is None:
        return [0] * MAXALT
    hist = [0] * MAXALT
    for c in work.interior_cells:
        hist[max(0, min(MAXALT - 1, layer[c]))] += 1
    total = len(work.interior_cells) or 1
    out, run = [0] * MAXALT, 0
    for v in range(MAXALT):
        run += hist[v]
        out[v] = 100 * run // total
    return out


def type_for(ranges: list[tuple[int, int, int, int, int]], pa: int, pw: int) -> int:
    """The first (type, alt-min, alt-max, wet-min, wet-max) whose ranges hold both percentiles, or -1."""
    for t, a0, a1, w0, w1 in ranges:
        if a0 <= pa <= a1 and w0 <= pw <= w1:
            return t
    return -1


def make(work: Work) -> bool:
    if work.has_terrain:
        work.notes.append(f"{NAME}: the terrain is already defined")
        return False
    if work.w < MIN_SIZE or work.h < MIN_SIZE:
        work.notes.append(f"{NAME}: no fractal terrain for a {work.w}x{work.h} area (at least 9x9)")
        return False
    m = work.m
    amin, amax = tprop(m, "alt-percentile-min", 0, 100), tprop(m, "alt-percentile-max", 0, 100)
    wmin, wmax = tprop(m, "wet-percentile-min", 0, 100), tprop(m, "wet-percentile-max", 0, 100)
    alt = make_layer(work, "alt")
    wet = make_layer(work, "wet")
    palt, pwet = percentiles(work, alt), percentiles(work, wet)
    ranges = [(t, amin[t], amax[t], wmin[t], wmax[t]) for t in work.cell_types]
    holes = 0
    only = len(m.ttypes) == 1
    for c in work.interior_cells:
        t = 0 if only else type_for(ranges, palt[alt[c]] if alt is not None else 0,
                                    pwet[wet[c]] if wet is not None else 0)
        if t < 0:
            t = 0
            holes += 1
        work.terrain[c] = t
    if holes:
        work.notes.append(f"{NAME}: no terrain type fits {holes} cells; they are {m.ttypes[0]}")
    if finish.elevation_varies(work) and alt is not None:
        elevations(work, alt)
    finish.random_changes(work)
    finish.add_edge_terrain(work)
    finish.level_water(work)
    work.has_terrain = True
    return True


def elevations(work: Work, raw: list[int]) -> None:
    m = work.m
    nt = len(m.ttypes)
    emin, emax = m.tprops["elevation-min"], m.tprops["elevation-max"]
    raw_lo, raw_hi = [MAXALT + 1] * nt, [-1] * nt
    for c in work.interior_cells:
        t = work.terrain[c]
        raw_lo[t] = min(raw_lo[t], raw[c])
        raw_hi[t] = max(raw_hi[t], raw[c])
    # types whose elevation ranges overlap share one raw scale (grown until nothing changes)
    lo, hi = list(emin), list(emax)
    glo, ghi = list(raw_lo), list(raw_hi)
    for _ in range(nt):
        changed = False
        for t in range(nt):
            for t2 in range(nt):
                if lo[t] <= lo[t2] <= hi[t] or lo[t] <= hi[t2] <= hi[t]:
                    nl, nh = min(lo[t], lo[t2]), max(hi[t], hi[t2])
                    rl, rh = min(glo[t], glo[t2]), max(ghi[t], ghi[t2])
                    if (nl, nh, rl, rh) != (lo[t], hi[t], glo[t], ghi[t]):
                        lo[t], hi[t], glo[t], ghi[t] = nl, nh, rl, rh
                        changed = True
        if not changed:
            break
    work.elev = [0] * work.n
    for c in work.interior_cells:
        t = work.terrain[c]
        span, rspan = emax[t] - emin[t], ghi[t] - glo[t]
        e = 0
        if span > 0:
            e = (raw[c] - glo[t]) * span // rspan if rspan > 0 else span // 2
        work.elev[c] = max(emin[t], min(emax[t], e + emin[t]))
