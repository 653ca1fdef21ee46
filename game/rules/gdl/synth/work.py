"""The world being generated: its area, layers and units, the synthesis PRNG and the helpers
every method shares (geometry in Xconq's coordinates, unit placement with capacities).

Coordinates are Xconq's: x east, y north, the area is the hexagon-ish part of the W x H
parallelogram (`model.in_area`); the interior is the area minus its edge ring. A cell is
`y * W + x`, as in the module's terrain list. Directions are Xconq's (aux_layer.XDIRS).
All chance comes from one PCG32 stream seeded by the game seed; every loop is bounded and
counted against `Work.budget` (see limits.py), so no module can make generation run away.
"""

from __future__ import annotations

import dataclasses

from game.core.prng import Pcg32
from game.rules.gdl.aux_layer import BORDER, CELL, CONNECTION, XDIRS, set_edge_bit, subtype_of
from game.rules.gdl.model import Module, UnitSpec, in_area
from game.rules.gdl.synth.limits import Budget

SYNTH_STREAM = 0x5E7D      # the PCG32 stream of world synthesis (the game itself uses others)


class Work:
    def __init__(self, m: Module, seed: int, budget: Budget):
        self.m = m
        self.rng = Pcg32(seed, SYNTH_STREAM)
        self.budget = budget
        w, h = m.width, m.height
        self.w, self.h, self.n = w, h, w * h
        self.halfheight = h // 2
        self.in_area = bytearray(1 if in_area(w, h, c % w, c // w) else 0 for c in range(self.n))
        nb = []
        for c in range(self.n):
            x, y = c % w, c // w
            row = []
            for dx, dy in XDIRS:
                x1, y1 = x + dx, y + dy
                ok = 0 <= x1 < w and 0 <= y1 < h and self.in_area[y1 * w + x1]
                row.append(y1 * w + x1 if ok and self.in_area[c] else -1)
            nb.append(tuple(row))
        self.nb = tuple(nb)                      # nb[c][d]: neighbour in Xconq direction d, or -1
        self.interior = bytearray(1 if self.in_area[c] and all(v >= 0 for v in nb[c]) else 0
                                  for c in range(self.n))
        self.area_cells = [c for c in range(self.n) if self.in_area[c]]
        self.interior_cells = [c for c in range(self.n) if self.interior[c]]
        self.edge_cells = [c for c in self.area_cells if not self.interior[c]]
        self.terrain: list[int] = list(m.terrain) if m.has_terrain else [-1] * self.n
        self.has_terrain = m.has_terrain
        self.elev: list[int] | None = list(m.elevations) if m.elevations else None
        self.aux: dict[int, list[int]] = {t: list(v) for t, v in m.aux_terrain.items()}
        nt = len(m.ttypes)
        self.subtype = [subtype_of(m, t) for t in range(nt)]
        self.cell_types = [t for t in range(nt) if self.subtype[t] == CELL]
        self.units: list[UnitSpec] = [dataclasses.replace(s) for s in m.units]     # copies: sides may change
        self.at: dict[int, list[int]] = {}       # cell -> indices of top-level units placed there
        self.occ: dict[int, list[int]] = {}      # unit index -> indices of its occupants
        for i, s in enumerate(self.units):
            if isinstance(s.transport, int):
                self.occ.setdefault(s.transport, []).append(i)
            elif s.x is not None and 0 <= s.x < w and 0 <= s.y < h:
                self.at.setdefault(s.y * w + s.x, []).append(i)
        self.sides: list[int] = []
        self.centres: dict[int, int] = {}        # side -> the cell its country grew from
        self.people: list[int] = list(m.people) if m.people else [-1] * self.n   # side of each cell's people
        self.country_radius = 0
        self.notes: list[str] = []               # what the methods did or why they did nothing
        T = m.tables
        self.vanish = T["vanishes-on"]
        self.size_terr = T["unit-size-in-terrain"]
        self.terr_cap_x = T["terrain-capacity-x"]
        self.cap_x = T["unit-capacity-x"]
        self.size_occ = T["unit-size-as-occupant"]
        self.tcapacity = m.tprops["capacity"]
        self.ucapacity = m.uprops["capacity"]

    # --- geometry -------------------------------------------------------------------------------
    def xy(self, c: int) -> tuple[int, int]:
        return c % self.w, c // self.w

    def cell(self, x: int, y: int) -> int:
        """The cell at (x, y) in the area, or -1."""
        if 0 <= x < self.w and 0 <= y < self.h:
            c = y * self.w + x
            return c if self.in_area[c] else -1
        return -1

    def distance(self, a: int, b: int) -> int:
        dx, dy = b % self.w - a % self.w, b // self.w - a // self.w
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2

    def ring(self, c: int, r: int) -> list[int]:
        """Area cells at distance exactly r from c, in a fixed order (r = 0: c itself)."""
        if r == 0:
            return [c] if self.in_area[c] else []
        x, y = self.xy(c)
        out = []
        # start r steps in direction 4 (W) and walk the six sides clockwise from NE
        x, y = x + XDIRS[4][0] * r, y + XDIRS[4][1] * r
        for d in range(6):
            dx, dy = XDIRS[d]
            for _ in range(r):
                t = self.cell(x, y)
                if t >= 0:
                    out.append(t)
                x, y = x + dx, y + dy
        self.budget.spend(6 * r)
        return out

    def reach(self, r: int) -> int:
        """r, but no more than the farthest distance inside the area (larger radii add nothing)."""
        return max(0, min(r, self.w + self.h))

    def disc(self, c: int, r: int) -> list[int]:
        """Area cells within distance r of c, nearest first."""
        out = []
        for k in range(self.reach(r) + 1):
            out.extend(self.ring(c, k))
        return out

    def search_around(self, c: int, r: int, pred) -> int:
        """The first cell within r of c (nearest rings first) where pred holds, or -1."""
        for k in range(self.reach(r) + 1):
            for t in self.ring(c, k):
                if pred(t):
                    return t
        return -1

    def closer(self, c: int, goal: int) -> list[tuple[int, int]]:
        """(direction, neighbour) of c's neighbours nearer to `goal` (the steps of a path there)."""
        dist = self.distance(c, goal)
        return [(d, n) for d, n in enumerate(self.nb[c]) if n >= 0 and self.distance(n, goal) < dist]

    def random_interior(self) -> int:
        return self.interior_cells[self.rng.below(len(self.interior_cells))]

    def random_near(self, c: int, r: int) -> int:
        """A random cell within r of c (uniform over the square of offsets), or -1 if it falls
        outside the interior."""
        self.budget.spend(1)
        r = self.reach(r)
        x, y = self.xy(c)
        dx, dy = self.rng.between(-r, r), self.rng.between(-r, r)
        if (abs(dx) + abs(dy) + abs(dx + dy)) // 2 > r:
            return -1
        t = self.cell(x + dx, y + dy)
        return t if t >= 0 and self.interior[t] else -1

    def set_terrain(self, c: int, t: int) -> None:
        """Change a cell's type after the terrain was made; its elevation moves into t's range."""
        self.terrain[c] = t
        if self.elev is not None:
            lo, hi = self.m.tprops["elevation-min"][t], self.m.tprops["elevation-max"][t]
            self.elev[c] = max(lo, min(hi, self.elev[c]))

    def chance(self, percent: int) -> bool:
        return self.rng.chance(percent, 100)

    # --- aux terrain ----------------------------------------------------------------------------
    def aux_types(self, kind: str, subtype_x: str | None = None) -> list[int]:
        sx = self.m.tprops.get("subtype-x", [""] * len(self.subtype))
        return [t for t, k in enumerate(self.subtype)
                if k == kind and (subtype_x is None or str(sx[t]) == subtype_x)]

    def has_aux(self, t: int, c: int, d: int | None = None) -> bool:
        layer = self.aux.get(t)
        if layer is None:
            return False
        return bool(layer[c]) if d is None else bool(layer[c] >> d & 1)

    def set_aux(self, t: int, c: int, d: int, on: bool = True) -> None:
        set_edge_bit(self.aux, self.w, self.h, t, c % self.w, c // self.w, d, on)

    # --- units ----------------------------------------------------------------------------------
    def survives(self, u: int, c: int) -> bool:
        t = self.terrain[c]
        return t >= 0 and not self.vanish[u][t]

    def room_in_cell(self, u: int, c: int) -> bool:
        """Xconq's rule: a type has its reserved places (terrain-capacity-x); the others share the
        terrain's capacity, each taking unit-size-in-terrain."""
        t = self.terrain[c]
        if t < 0:
            return False
        ids = self.at.get(c, ())
        count: dict[int, int] = {}
        for i in ids:
            v = self.units[i].type
            count[v] = count.get(v, 0) + 1
        if count.get(u, 0) < self.terr_cap_x[u][t]:
            return True
        used = sum(max(0, k - self.terr_cap_x[v][t]) * self.size_terr[v][t] for v, k in count.items())
        return used + self.size_terr[u][t] <= self.tcapacity[t]

    def room_in_unit(self, u: int, tr: int) -> bool:
        tt = self.units[tr].type
        count: dict[int, int] = {}
        for i in self.occ.get(tr, ()):
            v = self.units[i].type
            count[v] = count.get(v, 0) + 1
        if count.get(u, 0) < self.cap_x[tt][u]:
            return True
        if self.ucapacity[tt] <= 0:
            return False
        used = sum(max(0, k - self.cap_x[tt][v]) * self.size_occ[v][tt] for v, k in count.items())
        return used + self.size_occ[u][tt] <= self.ucapacity[tt]

    def units_at(self, c: int) -> list[int]:
        return self.at.get(c, [])

    def place(self, u: int, side: int, c: int, transport: int = -1) -> int:
        """Add a unit of type u for `side` in cell c (or inside unit `transport`); its index."""
        self.budget.spend(1, units=1)
        x, y = self.xy(c)
        spec = UnitSpec(u, x, y, side, file="(generated)")
        i = len(self.units)
        self.units.append(spec)
        if transport >= 0:
            spec.transport = transport
            self.occ.setdefault(transport, []).append(i)
        else:
            self.at.setdefault(c, []).append(i)
        return i

    def unit_cell(self, i: int) -> int:
        s = self.units[i]
        seen = 0
        while isinstance(s.transport, int) and seen < 64:
            s = self.units[s.transport]
            seen += 1
        if s.x is None:
            return -1
        return self.cell(s.x, s.y)

    # --- result ---------------------------------------------------------------------------------
    def into(self, seed: int, template: Module) -> Module:
        """A copy of the module with the generated world (`template`: the module as loaded)."""
        m = self.m
        sides = {sid: dict(info) for sid, info in m.sides.items()}
        for s in self.sides:
            sides.setdefault(s, {"id": s})
        for s, c in self.centres.items():
            sides[s]["country-centre"] = self.xy(c)        # where make-countries put the country
        return dataclasses.replace(
            m, terrain=[max(0, t) for t in self.terrain], has_terrain=True, units=self.units,
            aux_terrain={t: v for t, v in self.aux.items() if any(v)}, elevations=list(self.elev or []),
            people=list(self.people) if any(p >= 0 for p in self.people) else [],
            sides=sides, generated_seed=seed, warnings=list(m.warnings), synth_notes=list(self.notes),
            template=template)


def cell_kind_is(subtypes: list[str], t: int, kind: str) -> bool:
    return 0 <= t < len(subtypes) and subtypes[t] == kind


__all__ = ["BORDER", "CELL", "CONNECTION", "SYNTH_STREAM", "Work", "cell_kind_is"]
