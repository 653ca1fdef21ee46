"""Units of a GDL game: the record, where a unit is (a cell or a transport) and whether a unit
fits somewhere (Xconq's capacity rules).

Capacity (refman "Occupants and Transports", "Units and Terrain"): a transport's or a cell's
guaranteed places (`unit-capacity-x`, `terrain-capacity-x`) are counted per type and never use
the shared capacity; only the units of a type beyond its guaranteed places take their size
(`unit-size-as-occupant`, `unit-size-in-terrain`) from the shared `capacity`. A transport also
refuses a unit past `occupant-max` of its type (beyond the guaranteed places) or past
`occupant-total-max` occupants. Sides do not matter: every unit in a cell counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Unit:
    id: int
    type: int
    side: int
    cell: int            # -1 while inside a transport or not on the map
    hp: int
    acp: int = 0
    transport: int = -1
    name: str = ""
    alive: bool = True
    cp: int = 1          # completeness; complete when >= the type's cp
    supply: list = field(default_factory=list)   # amount per material type
    moves: int = 0       # cells entered this turn (base consumption counts them)
    origside: int = 0
    appear: int = -1     # turn (0-based) an offstage reinforcement enters play; -1: none
    appear_cell: int = -1
    point_value: int = -1
    tooling: dict = field(default_factory=dict)  # unit type -> tooling points

    def data(self) -> list:
        return [self.id, self.type, self.side, self.cell, self.hp, self.acp, self.transport,
                int(self.alive), self.cp, self.moves, self.origside, self.appear, self.appear_cell,
                list(self.supply), sorted([t, p] for t, p in self.tooling.items() if p)]


def top_of(g, u: Unit) -> Unit:
    """The outermost transport of `u` (itself when in the open); transports never form a cycle
    (the loader refuses them), and the walk is bounded anyway."""
    for _ in range(64):
        if u.transport < 0:
            return u
        u = g.units[u.transport]
    raise ValueError(f"unit {u.id}: transports nested too deep")


def in_play(u: Unit) -> bool:
    return u.alive and (u.cell >= 0 or u.transport >= 0)


def all_in_cell(g, cell: int) -> list[int]:
    """Every unit in the cell: those in the open and all their occupants, transports first."""
    out = []
    stack = list(reversed(g.at.get(cell, ())))
    while stack:
        i = stack.pop()
        out.append(i)
        stack.extend(reversed(g.occ.get(i, ())))
    return out


def room_in_cell(g, ut: int, cell: int, ignore: int = -1) -> bool:
    w = g.w
    t = w.terrain[cell]
    if w.tcapacity[t] <= 0 and w.terr_cap_x[ut][t] <= 0:
        return False
    counts: dict[int, int] = {}
    fullness = 0
    same = 0
    for i in g.at.get(cell, ()):
        if i == ignore:
            continue
        o = g.units[i].type
        counts[o] = counts.get(o, 0) + 1
        if o == ut:
            same += 1
        if counts[o] > w.terr_cap_x[o][t]:
            fullness += w.size_terr[o][t]
    if same + 1 <= w.terr_cap_x[ut][t]:
        return True
    return fullness + w.size_terr[ut][t] <= w.tcapacity[t]


def reseat_occupants(g, carrier: Unit, into: Unit, stranded) -> None:
    """Every occupant of `carrier` leaves it and boards `into` (the same unit after it changed
    type, or the unit that takes its place) where it has room; `stranded(occupant)` for the rest."""
    for oid in list(g.occ.get(carrier.id, ())):
        o = g.units[oid]
        g.occ[carrier.id].remove(oid)
        o.transport = -1
        if room_in_unit(g, o.type, into):
            g.board(o, into.id)
        else:
            stranded(o)


def room_in_unit(g, ut: int, tr: Unit, ignore: int = -1) -> bool:
    w = g.w
    tt = tr.type
    if tr.cp < w.cp[tt] and w.acp_to_build[ut][tt] < 1 and w.cp_per_self_build[tt] < 1:
        return False        # an incomplete transport holds only units that can complete it
    cap, ucap = w.capacity[tt], w.cap_x[tt][ut]
    if cap <= 0 and ucap <= 0:
        return False
    counts: dict[int, int] = {}
    same = total = volume = 0
    for i in g.occ.get(tr.id, ()):
        if i == ignore:
            continue
        o = g.units[i].type
        counts[o] = counts.get(o, 0) + 1
        total += 1
        if o == ut:
            same += 1
        if counts[o] > w.cap_x[tt][o]:
            volume += w.size_occ[o][tt]
    if same + 1 <= ucap:
        return True
    omax = w.occ_max[tt][ut]
    if omax >= 0 and same + 1 - ucap > omax:
        return False
    tmax = w.occ_total_max[tt]
    if tmax >= 0 and total + 1 > tmax:
        return False
    return volume + w.size_occ[ut][tt] <= cap
