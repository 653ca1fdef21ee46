"""make-countries: each side that has fewer units of a type than `start-with` gets a country:
a centre, then its starting units scattered within `country-radius-min` of it (refman "Making
Countries").

The radius is `country-radius-min`, or (when that is -1) max(1, isqrt(3 x N) / 2) for the N units
a country starts with in the open. A centre is a good place when it lies at least
`country-separation-min` from every country placed before, within `country-separation-max` of
at least one of them (when set), and the cells within the radius hold at least
`country-terrain-min` and at most `country-terrain-max` (if >= 0) cells of each terrain type.
The search tries, in order: the side's own units, independent units (each with chance
max(1, 100 / units) %), area-cells / 5 random interior cells at least 2 from the rectangle's
sides, then every cell outward from the middle of the area; failing all that, a random cell,
and units may then change the terrain under them to their favourite.

A unit is placed on a random cell within the radius that is interior, whose terrain it likes
(`favored-terrain` > 0, then that chance in %), where it does not vanish and that has room,
trying radius^2 x 5 times, then the nearest such cell. Types with no favoured terrain start as
occupants of the side's first unit that can carry them. `independent-near-start` units (side 0)
follow the side's own. The number placed is what the side lacks of `start-with`.

With `country-radius-max` beyond the radius countries then grow ring by ring (see grow()).
"""

from __future__ import annotations

from math import isqrt

from game.rules.gdl.synth.limits import AREA, PROPHI, global_int, table, tprop, uprop
from game.rules.gdl.synth.work import Work

NAME = "make-countries"


class Countries:
    def __init__(self, work: Work):
        self.work = work
        m = work.m
        self.start_with = uprop(m, "start-with", 0, PROPHI)
        self.near = uprop(m, "independent-near-start", 0, PROPHI)
        self.favored = table(m, "favored-terrain", 0, 100)
        self.tmin = tprop(m, "country-terrain-min", 0, PROPHI)
        self.tmax = tprop(m, "country-terrain-max", -1, PROPHI)
        nu, nt = len(m.utypes), len(m.ttypes)
        self.in_open = [any(self.favored[u][t] > 0 for t in range(nt)) for u in range(nu)]
        self.favourite = []
        for u in range(nu):
            best, fav = -1, 0
            for t in work.cell_types:
                if self.favored[u][t] > fav:
                    best, fav = t, self.favored[u][t]
            self.favourite.append(best)
        total = sum(self.start_with[u] + self.near[u] for u in range(nu) if self.in_open[u])
        rmin = global_int(m, "country-radius-min", -1, -1, PROPHI)
        self.radius = rmin if rmin > 0 else max(1, isqrt(3 * total) // 2)
        self.sep_min = global_int(m, "country-separation-min", 0, -1, PROPHI)
        self.sep_max = global_int(m, "country-separation-max", -1, -1, PROPHI)
        self.people_chance = tprop(m, "country-people-chance", 0, 100)
        self.munge = False

    # --- which sides lack units -----------------------------------------------------------------
    def lacking(self, side: int) -> list[int]:
        """Units of each type the side still needs to reach start-with."""
        have = [0] * len(self.start_with)
        for s in self.work.units:
            if s.side == side:
                have[s.type] += 1
        return [max(0, self.start_with[u] - have[u]) for u in range(len(have))]

    # --- the country's centre -------------------------------------------------------------------
    def good_place(self, c: int) -> bool:
        work = self.work
        if c < 0 or not work.interior[c]:
            return False
        too_far, others = True, False
        for oc in work.centres.values():
            others = True
            d = work.distance(c, oc)
            if d < self.sep_min:
                return False
            if self.sep_max < 0 or d < self.sep_max:
                too_far = False
        if too_far and others:
            return False
        counts: dict[int, int] = {}
        for t in work.disc(c, self.radius):
            tt = work.terrain[t]
            counts[tt] = counts.get(tt, 0) + 1
        for t in range(len(self.tmin)):
            k = counts.get(t, 0)
            if k < self.tmin[t] or (self.tmax[t] >= 0 and k > self.tmax[t]):
                return False
        return True

    def find_centre(self, side: int) -> int:
        work = self.work
        self.munge = False
        for s in work.units:
            if s.side == side and s.x is not None and s.transport is None:
                c = work.cell(s.x, s.y)
                if self.good_place(c):
                    return c
        n_units = max(1, len(work.units))
        for s in work.units:
            if s.side == 0 and s.x is not None and s.transport is None:
                c = work.cell(s.x, s.y)
                if self.good_place(c) and work.chance(max(1, 100 // n_units)):
                    return c
        for _ in range(max(1, len(work.area_cells) // 5)):
            c = work.random_interior()
            x, y = work.xy(c)
            if 2 <= y <= work.h - 2 and 2 <= x <= work.w - 2 and self.good_place(c):
                return c
        mid = work.cell(work.w // 2, work.halfheight)
        if mid >= 0:
            c = work.search_around(mid, work.w // 2 + work.halfheight, self.good_place)
            if c >= 0:
                return c
        self.munge = True
        work.notes.append(f"{NAME}: no place fits side {side}'s country; its units may change the terrain")
        return work.random_interior()

    # --- units ----------------------------------------------------------------------------------
    def fits(self, u: int, c: int) -> bool:
        work = self.work
        if c < 0 or not work.interior[c]:
            return False
        t = work.terrain[c]
        return self.favored[u][t] > 0 and work.survives(u, c) and work.room_in_cell(u, c)

    def munge_terrain(self, u: int, c: int) -> None:
        work = self.work
        fav = self.favourite[u]
        work.set_terrain(c, fav)
        for n in work.nb[c]:
            if n >= 0 and work.interior[n] and not work.units_at(n) and work.rng.below(2):
                work.set_terrain(n, fav)

    def unit_place(self, u: int, centre: int) -> int:
        work, r = self.work, self.radius
        for _ in range(min(r * r * 5, 5 * len(work.area_cells))):
            c = work.random_near(centre, r)
            if c < 0:
                continue
            if (self.munge and not self.fits(u, c) and not work.units_at(c) and self.favourite[u] >= 0
                    and work.chance(self.favored[u][self.favourite[u]])):
                self.munge_terrain(u, c)
            if self.fits(u, c) and work.chance(self.favored[u][work.terrain[c]]):
                return c
        c = work.search_around(centre, r, lambda t: self.fits(u, t))
        if c >= 0:
            return c
        if self.favourite[u] >= 0:
            c = work.search_around(centre, r, lambda t: work.interior[t] and not work.units_at(t))
            if c >= 0:
                self.munge_terrain(u, c)
                if self.fits(u, c):
                    return c
        return -1

    def transport_for(self, side: int, u: int) -> int:
        work = self.work
        for i, s in enumerate(work.units):
            if s.side == side and work.unit_cell(i) >= 0 and work.room_in_unit(u, i):
                return i
        return -1

    def populate(self, side: int, centre: int, lacking: list[int]) -> int:
        """Place the side's units and the independents near its start; the number not placed."""
        work = self.work
        left = 0
        for u, k in enumerate(lacking):
            if not self.in_open[u]:
                continue
            for i in range(k):
                c = self.unit_place(u, centre)
                if c < 0:
                    left += k - i
                    break
                work.place(u, side, c)
        for u, k in enumerate(self.near):
            for i in range(k):
                c = self.unit_place(u, centre)
                if c < 0:
                    left += k - i
                    break
                work.place(u, 0, c)
        for u, k in enumerate(lacking):
            if self.in_open[u]:
                continue
            for i in range(k):
                tr = self.transport_for(side, u)
                if tr < 0:
                    left += k - i
                    break
                work.place(u, side, work.unit_cell(tr), transport=tr)
        return left

    def settle(self, side: int, centre: int) -> None:
        """The country's people: cells within the radius (one more ring by a coin flip) get the
        side's people with country-people-chance % of their terrain (a cell with people already by
        a coin flip); every cell where the side's units stand gets them when that chance is > 0."""
        work, chance = self.work, self.people_chance
        for c in work.disc(centre, self.radius + 1):
            if not work.interior[c]:
                continue
            if work.distance(centre, c) > self.radius and not work.rng.below(2):
                continue
            if work.chance(chance[work.terrain[c]]) and (work.people[c] < 0 or work.rng.below(2)):
                work.people[c] = side
        for i, s in enumerate(work.units):
            c = work.unit_cell(i) if s.side == side else -1
            if c >= 0 and work.interior[c] and chance[work.terrain[c]] > 0:
                work.people[c] = side


def make(work: Work) -> bool:
    if not work.has_terrain or not work.m.utypes:
        work.notes.append(f"{NAME}: no terrain or no unit types")
        return False
    co = Countries(work)
    todo = [(s, co.lacking(s)) for s in work.sides]
    todo = [(s, k) for s, k in todo if any(k)]
    if not todo:
        work.notes.append(f"{NAME}: every side already has its start-with units")
        return False
    work.budget.doing("placing countries", [("g", "country-radius-min"), ("u", "start-with")] + AREA)
    work.country_radius = co.radius
    for side, lacking in todo:
        centre = co.find_centre(side)
        work.centres[side] = centre
        left = co.populate(side, centre, lacking)
        co.settle(side, centre)
        if left:
            work.notes.append(f"{NAME}: could not put {left} units in side {side}'s country")
    from game.rules.gdl.synth.growth import grow
    grow(work, co)
    return True
