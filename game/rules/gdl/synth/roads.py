"""make-roads: roads between units, to the edge and from edge to edge, made of the first
connection type whose `subtype-x` is road-x and that has no layer yet (refman "Making Roads").

1. For each ordered pair of placed units (a, b), a road runs from a to b with `road-chance`
   (a's type, b's type) %, when the two know of each other at the start: see-all, the same
   side, both independent, one independent and lying in the other side's country, or (with
   terrain-seen) b being see-always or already-seen 100 %.
2. A unit gets a road to a random edge cell with `road-to-edge-chance` %.
3. `edge-road-density` roads per 10,000 edge-ring cells (at least one when > 0) join two random
   edge cells.
4. A unit without a road gets a spur to the nearest road within `spur-range` with `spur-chance` %.

A road walks towards its end one cell at a time, choosing among the neighbours that are closer:
first one that already has a road, then one holding a unit that gets roads, then the one whose
terrain suits roads best (`road-into-chance` from here, plus what lies beyond it towards the
end), a coin deciding a tie of the best two. A step is laid with `road-into-chance` % (always
onto an existing road or a road unit) and never into a cell with chance 0; reaching an existing
road ends the road (it joins the network); a road that cannot go on stops.
"""

from __future__ import annotations

from game.rules.gdl.synth.limits import AREA, PROPHI, global_int, table, uprop
from game.rules.gdl.synth.work import CONNECTION, Work

NAME = "make-roads"


def road_type(work: Work) -> int:
    for t in work.aux_types(CONNECTION, "road-x"):
        if not any(work.aux.get(t, ())):
            return t
    return -1


class Roads:
    def __init__(self, work: Work, t: int):
        m = work.m
        self.work, self.t = work, t
        self.chance = table(m, "road-chance", 0, 100)
        self.into = table(m, "road-into-chance", 0, 100)
        self.to_edge = uprop(m, "road-to-edge-chance", 0, 100)
        self.spur_chance = uprop(m, "spur-chance", 0, 100)
        self.spur_range = uprop(m, "spur-range", 0, PROPHI)
        self.edge_density = global_int(m, "edge-road-density", 0, 0, PROPHI)
        nu = len(m.utypes)
        self.roads = [any(v > 0 for v in self.chance[u]) or self.to_edge[u] > 0 for u in range(nu)]

    def road_at(self, c: int) -> bool:
        return self.work.has_aux(self.t, c)

    def road_unit_at(self, c: int) -> bool:
        w = self.work
        return any(self.roads[w.units[i].type] for i in w.units_at(c))

    def score(self, c: int, n: int, goal: int) -> tuple:
        """Higher is better: (road there, road unit there, terrain sum)."""
        w = self.work
        t0, t1 = w.terrain[c], w.terrain[n]
        base = self.into[t0][t1]
        total = base
        dist = w.distance(n, goal)
        for x in w.nb[n]:
            if x >= 0 and w.interior[x]:
                dx = w.distance(x, goal)
                if dx <= dist:
                    total += base + (3 if dx < dist else 1) * self.into[t1][w.terrain[x]]
        return (self.road_at(n), self.road_unit_at(n), total)

    def lay(self, a: int, b: int) -> None:
        w = self.work
        c = a
        for _ in range(w.w + w.h + 2):
            if c == b:
                return
            steps = [(d, n) for d, n in w.closer(c, b) if self.into[w.terrain[c]][w.terrain[n]] > 0]
            w.budget.spend(12)
            if not steps:
                return
            scored = sorted(((self.score(c, n, b), -d, d, n) for d, n in steps), reverse=True)
            if len(scored) >= 2 and scored[0][0] == scored[1][0] and w.rng.below(2):
                scored[0], scored[1] = scored[1], scored[0]
            moved = False
            for _s, _k, d, n in scored:
                if not w.interior[n]:
                    continue
                found_road, found_unit = self.road_at(n), self.road_unit_at(n)
                if w.chance(self.into[w.terrain[c]][w.terrain[n]]) or found_road or found_unit:
                    w.set_aux(self.t, c, d)
                    if found_road:
                        return
                    c, moved = n, True
                    break
            if not moved:
                return


def knows(work: Work, a, b, radius: int) -> bool:
    """Whether unit a's side knows unit b at the start (see the module docstring)."""
    m = work.m
    if m.globals.get("see-all") or a.side == b.side or a.side == 0:
        return True
    if b.side == 0:
        centre = work.centres.get(a.side)
        cb = work.cell(b.x, b.y)
        if centre is not None and cb >= 0 and work.distance(centre, cb) <= radius:
            return True
    if m.globals.get("terrain-seen"):
        if m.uprops["see-always"][b.type]:
            return True
        key = "already-seen-independent" if b.side == 0 else "already-seen"
        if m.uprops[key][b.type] >= 100:
            return True
    return False


def make(work: Work) -> bool:
    if not work.has_terrain or not work.m.utypes:
        work.notes.append(f"{NAME}: no terrain or no unit types")
        return False
    t = road_type(work)
    if t < 0:
        work.notes.append(f"{NAME}: no road-x connection type without a layer")
        return False
    r = Roads(work, t)
    if not any(r.roads) and r.edge_density <= 0:
        work.notes.append(f"{NAME}: no road-chance, road-to-edge-chance or edge-road-density")
        return False
    work.budget.doing("roads", [("table", "road-chance")] + AREA)
    placed = [(i, s) for i, s in enumerate(work.units)
              if s.transport is None and s.x is not None and work.cell(s.x, s.y) >= 0]
    radius = work.country_radius
    for _i, a in placed:
        if not r.roads[a.type]:
            continue
        ca = work.cell(a.x, a.y)
        for _j, b in placed:
            work.budget.spend(1)
            if b is a or r.chance[a.type][b.type] <= 0:
                continue
            if knows(work, a, b, radius) and knows(work, b, a, radius) and work.chance(r.chance[a.type][b.type]):
                r.lay(ca, work.cell(b.x, b.y))
    for _i, a in placed:
        if r.roads[a.type] and r.to_edge[a.type] > 0 and work.chance(r.to_edge[a.type]) and work.edge_cells:
            e = work.edge_cells[work.rng.below(len(work.edge_cells))]
            r.lay(work.cell(a.x, a.y), e)
    if r.edge_density > 0 and work.edge_cells:
        for _ in range(max(1, r.edge_density * 2 * (work.w + work.h) // 10000)):
            e1 = work.edge_cells[work.rng.below(len(work.edge_cells))]
            e2 = work.edge_cells[work.rng.below(len(work.edge_cells))]
            i1, i2 = inner(work, e1), inner(work, e2)
            if i1 >= 0 and i2 >= 0:
                r.lay(i1, i2)
    for _i, a in placed:
        ca = work.cell(a.x, a.y)
        if r.road_at(ca) or r.spur_chance[a.type] <= 0 or r.spur_range[a.type] <= 0:
            continue
        if work.chance(r.spur_chance[a.type]):
            hit = work.search_around(ca, r.spur_range[a.type], r.road_at)
            if hit >= 0:
                r.lay(ca, hit)
    return True


def inner(work: Work, c: int) -> int:
    for n in work.nb[c]:
        if n >= 0 and work.interior[n]:
            return n
    return -1
