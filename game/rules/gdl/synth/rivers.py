"""make-rivers: rivers that run downhill to water (refman "Making Rivers"), made of the first
border or connection type whose `subtype-x` is river-x and that has no layer yet.

A river starts at an interior cell with `river-chance` (.01 %) of its terrain.

As a border (needs elevations): a river runs along cell edges from corner to corner. A corner's
height is the lowest of the three cells meeting there. The first edge is the one of the start
cell whose downstream corner is lowest. From a corner the river takes the lower of the two edges
leading on (ties: the one along the same cell), stops if both lead uphill, at the area's edge, on
meeting a river (rivers never cross; a first edge that would join two rivers is not laid) and
once it touches liquid terrain. Afterwards a cell enclosed by river on all six sides (and without
units) becomes `river-sink-terrain`, and liquid cells lose their river edges.

As a connection: from the start cell the river steps to the lowest neighbour (not higher than
the cell) for at most 40 steps, stopping when it joins another river or leaves the interior;
on a world without elevations it wanders instead (never doubling back; liquid weighs 1000, a
river 10, other cells 100; keeping its direction x5, turning slightly x4) and stops at water.
No connection is laid between two liquid cells.
"""

from __future__ import annotations

from game.rules.gdl.aux_layer import left_dir, opposite, right_dir
from game.rules.gdl.synth.limits import AREA, tprop
from game.rules.gdl.synth.work import BORDER, CONNECTION, Work

NAME = "make-rivers"
CONNECTION_STEPS = 40


def river_type(work: Work) -> int:
    for t in work.aux_types(BORDER, "river-x") + work.aux_types(CONNECTION, "river-x"):
        if not any(work.aux.get(t, ())):
            return t
    return -1


def make(work: Work) -> bool:
    if not work.has_terrain:
        work.notes.append(f"{NAME}: no terrain")
        return False
    m = work.m
    chance = tprop(m, "river-chance", 0, 10000)
    if sum(chance[work.terrain[c]] for c in work.interior_cells) <= 0:
        work.notes.append(f"{NAME}: no river-chance")
        return False
    t = river_type(work)
    if t < 0:
        work.notes.append(f"{NAME}: no river-x border or connection type without a layer")
        return False
    work.budget.doing("rivers", [("t", "river-chance")] + AREA)
    if work.subtype[t] == BORDER:
        if work.elev is None:
            work.notes.append(f"{NAME}: rivers as borders need elevations; this world has none")
            return False
        n = Rivers(work, t, chance).borders()
    else:
        n = Rivers(work, t, chance).connections()
    work.notes.append(f"{NAME}: {n} rivers of {m.ttypes[t]}")
    return True


class Rivers:
    def __init__(self, work: Work, t: int, chance: list[int]):
        self.work, self.t, self.chance = work, t, chance
        self.liquid = work.m.tprops["liquid"]

    def elev_at(self, c: int) -> int:
        return self.work.elev[c] if c >= 0 else 0

    def corner(self, c: int, d: int) -> int:
        """Height of the corner of c between directions d and right_dir(d)."""
        nb = self.work.nb[c]
        return min(self.elev_at(c), self.elev_at(nb[d]), self.elev_at(nb[right_dir(d)]))

    def edge(self, c: int, d: int) -> bool:
        return self.work.has_aux(self.t, c, d)

    def wet(self, c: int) -> bool:
        return c >= 0 and bool(self.liquid[self.work.terrain[c]])

    def borders(self) -> int:
        work, t = self.work, self.t
        below = work.rng.below
        count = 0
        for c0 in work.interior_cells:
            if not below(10000) < self.chance[work.terrain[c0]]:
                continue
            d = min(range(6), key=lambda k: (self.corner(c0, k), k))
            n = work.nb[c0][d]
            touches = 0
            if n >= 0:
                touches += self.edge(c0, left_dir(d)) or self.edge(n, right_dir(opposite(d)))
                touches += self.edge(c0, right_dir(d)) or self.edge(n, left_dir(opposite(d)))
            if touches == 2:
                continue
            count += 1
            if self.wet(c0) or self.wet(n):
                continue
            work.set_aux(t, c0, d)
            if touches == 1:
                continue
            c = c0
            for _ in range(max(work.w, work.h)):
                work.budget.spend(8)
                if not work.interior[c]:
                    break
                here = self.corner(c, d)
                c1, d1 = work.nb[c][right_dir(d)], left_dir(d)
                e1 = self.corner(c1, d1) if c1 >= 0 else 1 << 30
                c2, d2 = c, right_dir(d)
                e2 = self.corner(c2, d2)
                if here < e1 and here < e2:
                    break                      # both ways lead uphill
                c, d = (c1, d1) if e1 < e2 else (c2, d2)
                if c < 0 or not work.interior[c] or self.edge(c, d):
                    break
                if self.wet(c) or self.wet(work.nb[c][d]):
                    break
                work.set_aux(t, c, d)
        self.sinks()
        layer = work.aux.get(t)
        for c in work.interior_cells:
            if layer and layer[c] and self.wet(c):
                for d in range(6):
                    work.set_aux(t, c, d, False)
        return count

    def sinks(self) -> None:
        work, m = self.work, self.work.m
        sink = m.globals.get("river-sink-terrain")
        if isinstance(sink, str):
            sink = m.ttypes.index(sink) if sink in m.ttypes else None
        if not isinstance(sink, int) or sink not in work.cell_types:
            return
        layer = work.aux.get(self.t)
        for c in work.interior_cells:
            if layer and layer[c] == 63 and not work.units_at(c):
                work.set_terrain(c, sink)

    def connections(self) -> int:
        work, t = self.work, self.t
        below = work.rng.below
        has_elev = work.elev is not None
        count = 0
        for c0 in work.interior_cells:
            if not below(10000) < self.chance[work.terrain[c0]]:
                continue
            if not has_elev and work.has_aux(t, c0):
                continue
            count += 1
            c, last = c0, -1
            for _ in range(CONNECTION_STEPS):
                work.budget.spend(8)
                d = self.downhill(c) if has_elev else self.wander(c, last)
                if d < 0:
                    break
                n = work.nb[c][d]
                stop = work.has_aux(t, n) or (not has_elev and self.wet(n))
                if not (self.wet(c) and self.wet(n)):
                    work.set_aux(t, c, d)
                c, last = n, d
                if stop or not work.interior[c]:
                    break
        return count

    def downhill(self, c: int) -> int:
        low, best = self.work.elev[c], -1
        for d, n in enumerate(self.work.nb[c]):
            if n >= 0 and self.work.elev[n] <= low:
                low, best = self.work.elev[n], d
        return best

    def wander(self, c: int, last: int) -> int:
        work = self.work
        weights = [0] * 6
        for d, n in enumerate(work.nb[c]):
            if n < 0 or (last >= 0 and d == opposite(last)):
                continue
            wgt = 1000 if self.wet(n) else 10 if work.has_aux(self.t, n) else 100
            if last >= 0:
                wgt *= 5 if d == last else 4 if d in (left_dir(last), right_dir(last)) else 1
            weights[d] = wgt
        total = sum(weights)
        if total <= 0:
            return -1
        k = work.rng.below(total)
        for d in range(6):
            k -= weights[d]
            if k < 0:
                return d
        return -1

