"""Country growth (part of make-countries): with `country-radius-max` beyond a country's first
radius (-1: the whole area), every country grows one ring per step, the sides taking turns.

A cell of the next ring joins the country with `country-growth-chance` % of its terrain (another
country's cell: `country-takeover-chance`). An empty cell may then get one unit: for each type in
order, `unit-growth-chance` (.01 %) gives the side one, `independent-growth-chance` an
independent one, each only if the type likes the terrain (`favored-terrain` %, > 0), survives
there, has room and the side has fewer than `country-units-max` (when >= 0). Units already there
change to the growing side with `unit-takeover-chance` / `independent-takeover-chance` (.01 %).
A country whose step took no cell stops growing with `growth-stop-chance` %.
"""

from __future__ import annotations

from game.rules.gdl.synth.limits import AREA, PROPHI, global_int, tprop, uprop
from game.rules.gdl.synth.work import Work


def grow(work: Work, co) -> None:
    m = work.m
    rmax = global_int(m, "country-radius-max", 0, -1, PROPHI)
    maxr = work.w if rmax < 0 else min(work.w, rmax)
    if maxr <= co.radius or not work.centres:
        return
    g_chance = tprop(m, "country-growth-chance", 0, 100)
    t_chance = tprop(m, "country-takeover-chance", 0, 100)
    u_grow = uprop(m, "unit-growth-chance", 0, 10000)
    i_grow = uprop(m, "independent-growth-chance", 0, 10000)
    u_take = uprop(m, "unit-takeover-chance", 0, 10000)
    i_take = uprop(m, "independent-takeover-chance", 0, 10000)
    u_max = uprop(m, "country-units-max", -1, PROPHI)
    stop = global_int(m, "growth-stop-chance", 0, 0, 100)
    growers = [u for u in range(len(u_grow)) if u_grow[u] or i_grow[u]]
    work.budget.doing("growing countries", [("g", "country-radius-max")] + AREA)
    claim = [-1] * work.n
    for side, centre in work.centres.items():
        for c in work.disc(centre, co.radius):
            if claim[c] < 0:
                claim[c] = side
    owned = {}
    for s in work.units:
        owned[(s.side, s.type)] = owned.get((s.side, s.type), 0) + 1

    def room_for(side: int, u: int) -> bool:
        return u_max[u] < 0 or owned.get((side, u), 0) < u_max[u]

    def expand(c: int, side: int) -> int:
        t = work.terrain[c]
        if claim[c] == side:
            return 0
        if not work.chance(g_chance[t] if claim[c] < 0 else t_chance[t]):
            return 0
        ours, theirs = False, False
        here = work.units_at(c)
        below = work.rng.below
        if not here:
            ours = True
            for u in growers:                      # types with a growth chance, in type order
                if u_grow[u] and below(10000) < u_grow[u] and room_for(side, u) and co.fits(u, c) \
                        and work.chance(co.favored[u][t]):
                    work.place(u, side, c)
                    owned[(side, u)] = owned.get((side, u), 0) + 1
                    break
                if i_grow[u] and below(10000) < i_grow[u] and co.fits(u, c) and work.chance(co.favored[u][t]):
                    work.place(u, 0, c)
                    break
        else:
            for i in list(here):
                s = work.units[i]
                if s.side == side:
                    continue
                take = u_take[s.type] if s.side > 0 else i_take[s.type]
                if below(10000) < take and room_for(side, s.type):
                    s.side = side
                    owned[(side, s.type)] = owned.get((side, s.type), 0) + 1
                    ours = True
                elif s.side > 0:
                    theirs = True
        if ours and not theirs:
            claim[c] = side
            if work.chance(co.people_chance[t]):
                work.people[c] = side
        return 1

    final = {side: maxr for side in work.centres}
    for i in range(co.radius, maxr):
        for side, centre in work.centres.items():
            if final[side] != maxr:
                continue
            grown = 0
            for c in work.ring(centre, i + 1):
                if work.interior[c]:
                    grown += expand(c, side)
            if grown == 0 and work.chance(stop):
                final[side] = i
