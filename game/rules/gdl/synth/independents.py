"""make-independent-units: independent units scattered over the world (refman "Making
Independent Units"). Each interior cell, for each unit type in order, gets an independent unit
of the type with `independent-density` chance (.01 %) of its terrain, if the type does not
vanish there and the cell has room. Types whose density is 0 wherever they survive are skipped.
A cell without people gets independent people with `independent-people-chance` % of its terrain.
"""

from __future__ import annotations

from game.rules.gdl.synth.limits import AREA, table, tprop
from game.rules.gdl.synth.work import Work

NAME = "make-independent-units"


def make(work: Work) -> bool:
    if not work.has_terrain or not work.m.utypes:
        work.notes.append(f"{NAME}: no terrain or no unit types")
        return False
    m = work.m
    dens = table(m, "independent-density", 0, 10000)
    nt = len(m.ttypes)
    types = [u for u in range(len(m.utypes))
             if any(dens[u][t] > 0 and not work.vanish[u][t] for t in range(nt))]
    people = tprop(m, "independent-people-chance", 0, 100)
    if not types and not any(people):
        work.notes.append(f"{NAME}: no independent-density or independent-people-chance")
        return False
    work.budget.doing("independent units", [("table", "independent-density")] + AREA)
    below = work.rng.below
    placed = 0
    for c in work.interior_cells:
        t = work.terrain[c]
        for u in types:
            d = dens[u][t]
            if d > 0 and d > below(10000) and work.survives(u, c) and work.room_in_cell(u, c):
                work.place(u, 0, c)
                placed += 1
        if people[t] > 0 and work.people[c] < 0 and work.chance(people[t]):
            work.people[c] = 0
        work.budget.spend(len(types))
    work.notes.append(f"{NAME}: {placed} independent units")
    return True
