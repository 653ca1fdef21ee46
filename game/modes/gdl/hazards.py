"""Turn-start hazards (refman "Terrain Attrition", "Terrain Accident", "Detonation Action"):
accident-vanish-chance and accident-hit-chance (.01 % per turn, units in the open; an accident
takes accident-damage hp), attrition (.01 hp per turn, the fraction by chance; a unit it kills
becomes its wrecked-type-if-attrited), detonation-accident-chance (.01 % per turn, and again on
each cell a unit enters)."""

from __future__ import annotations

from game.modes.gdl import events as E
from game.modes.gdl.damage import detonate, hurt, kill
from game.modes.gdl.dice import chance10000, roll
from game.modes.gdl.supply import prob_fraction


def turn_start(g, ev) -> None:
    w = g.w
    T = w.T
    for u in list(g.units):
        if not g.active(u):
            continue
        t = w.terrain[g.cell_of(u)]
        if u.transport < 0:
            if chance10000(g.rng, T["accident-vanish-chance"][u.type][t]):
                ev.append(E.Accident(u.id))
                kill(g, u, ev)
                continue
            if chance10000(g.rng, T["accident-hit-chance"][u.type][t]):
                ev.append(E.Accident(u.id))
                hurt(g, u, roll(g.rng, T["accident-damage"][u.type][t]), ev)
                if not u.alive:
                    continue
        loss = prob_fraction(g.rng, T["attrition"][u.type][t])
        if loss > 0:
            ev.append(E.Attrition(u.id, loss))
            hurt(g, u, loss, ev, ("attrited", t))
    for u in list(g.units):
        if g.active(u):
            on_entry(g, u, ev)


def on_entry(g, u, ev) -> None:
    w = g.w
    ch = w.det_accident[u.type][w.terrain[g.cell_of(u)]]
    if ch > 0 and chance10000(g.rng, ch):
        ev.append(E.Accident(u.id))
        detonate(g, u, ev)
    if u.alive:
        approach(g, u, ev)


def approach(g, u, ev) -> None:
    """detonate-on-approach-range: enemy units (mines) this close to the mover go off."""
    w = g.w
    table = w.T["detonate-on-approach-range"]
    reach = getattr(w, "_approach_reach", None)
    if reach is None:
        reach = w._approach_reach = max((max(row) for row in table), default=-1)
    if reach < 0:
        return
    here = g.cell_of(u)
    for c in w.grid.cells_in_range(here, 0, reach):
        for i in list(g.at.get(c, ())):
            e = g.units[i]
            if (e.alive and g.hostile(e.side, u.side) and e.id != u.id
                    and w.grid.distance(here, c) <= table[e.type][u.type]):
                detonate(g, e, ev)
