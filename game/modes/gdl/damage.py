"""Damage and destruction: hp loss, wrecking into another type, death with occupants that may
escape, detonation (refman "Hit Points", "Combat Actions", "Detonation Action").

A unit at hp <= 0 becomes the type its death names (wrecked-type-if-killed by the attacker's
type, -if-starved for the material, -if-attrited for the terrain), else its wrecked-type, with that
type's full hp, keeping the occupants that fit; an incomplete unit or one without a wrecked type
vanishes, and each occupant first gets occupant-escape-chance % to step out to a neighbouring
cell (or into another unit in its cell), else it dies with the transport.
"""

from __future__ import annotations

from game.modes.gdl import events as E
from game.modes.gdl.dice import roll
from game.modes.gdl.units import all_in_cell, reseat_occupants, room_in_unit


def hurt(g, v, dmg: int, ev, cause=None) -> None:
    """Take `dmg` hp from v now; `cause` = ("killed", attacker type) / ("starved", m) /
    ("attrited", t) picks the wreck type."""
    if dmg <= 0 or not v.alive:
        return
    v.hp -= dmg
    if v.hp <= 0:
        destroy(g, v, ev, cause)
    else:
        cap_acp_for_damage(g, v)


def cap_acp_for_damage(g, v) -> None:
    w = g.w
    if w.acp_dmg[v.type] is not None and v.acp > 0:
        from game.modes.gdl.interpolate import interpolate
        limit = interpolate(w.acp_dmg[v.type], v.hp)
        if limit is not None:
            v.acp = min(v.acp, limit)


def wreck_type(g, v, cause) -> int | None:
    w = g.w
    T = w.T
    if cause is not None:
        kind, what = cause
        table = {"killed": "wrecked-type-if-killed", "starved": "wrecked-type-if-starved",
                 "attrited": "wrecked-type-if-attrited"}.get(kind)
        if table is not None and what is not None and what >= 0:
            t = T[table][v.type][what]
            if t >= 0:
                return t
    return w.wrecked[v.type]


def destroy(g, v, ev, cause=None) -> None:
    w = g.w
    wt = wreck_type(g, v, cause) if g.complete(v) else None
    for _ in range(w.nu + 1):              # a wreck may itself be wrecked by its terrain
        if wt is None:
            break
        ev.append(E.Wrecked(v.id, v.type, wt))
        v.type = wt
        v.hp = w.hp_max[wt]
        v.cp = w.cp[wt]
        v.acp = min(v.acp, w.acp_max[wt]) if w.acp_max[wt] >= 0 else v.acp
        store = w.T["unit-storage-x"][wt]
        v.supply = [min(s, store[m]) for m, s in enumerate(v.supply)]
        reseat_occupants(g, v, v, lambda o: rescue_or_kill(g, o, g.cell_of(v), v.type, ev))
        cell = g.cell_of(v)
        t = w.terrain[cell]
        if v.transport < 0 and (w.vanish[wt][t] or w.wrecks[wt][t]):
            wt = w.wrecked[wt] if w.wrecks[wt][t] and not w.vanish[wt][t] else None
            continue
        return
    kill(g, v, ev)


def kill(g, v, ev) -> None:
    cell = g.cell_of(v) if v.alive and (v.cell >= 0 or v.transport >= 0) else -1
    for oid in list(g.occ.get(v.id, ())):
        o = g.units[oid]
        g.occ[v.id].remove(oid)
        o.transport = -1
        rescue_or_kill(g, o, cell, v.type, ev)
    if v.transport >= 0 or v.cell >= 0:
        g.detach(v)
    v.alive = False
    v.hp = 0
    ev.append(E.Destroyed(v.id))


def rescue_or_kill(g, o, cell: int, tr_type: int, ev) -> None:
    """An occupant whose transport is gone: escape with occupant-escape-chance, else die."""
    from game.modes.gdl.movement import enterable
    from game.modes.gdl.units import room_in_cell
    w = g.w
    if cell >= 0 and g.rng.below(100) < w.T["occupant-escape-chance"][tr_type][o.type]:
        for i in g.at.get(cell, ()):
            other = g.units[i]
            if other.alive and g.may_board(o, other) and room_in_unit(g, o.type, other):
                g.board(o, i)
                ev.append(E.Escaped(o.id, i))
                return
        for c in w.grid.neighbours[cell]:
            if enterable(w, o.type, c) and room_in_cell(g, o.type, c) and not any(
                    g.hostile(g.units[i].side, o.side) for i in g.at.get(c, ())):
                g.place(o, c)
                ev.append(E.Escaped(o.id, -1))
                return
    o.cell = -1
    kill(g, o, ev)


def detonate(g, u, ev) -> None:
    """`u` detonates: it loses hp-per-detonation, units in its cell take detonation-damage-at,
    units further away up to detonation-unit-range take detonation-damage-adjacent."""
    w, rng, grid = g.w, g.rng, g.w.grid
    here = g.cell_of(u)
    a = u.type
    ev.append(E.Detonated(u.id))
    reach = max(w.det_range[a]) if w.nu else 0
    victims = []
    for c in grid.cells_in_range(here, 0, max(0, reach)):
        victims.extend(all_in_cell(g, c))
    hits = []
    for vid in sorted(victims):
        v = g.units[vid]
        if vid == u.id or not v.alive:
            continue
        dist = grid.distance(here, g.cell_of(v))
        if dist > w.det_range[a][v.type]:
            continue
        dmg = roll(rng, w.det_at[a][v.type] if dist == 0 else w.det_adj[a][v.type])
        if dmg > 0:
            hits.append((v, dmg))
    own = w.hp_per_det[a]
    blast_terrain(g, u, here, ev)
    for v, dmg in hits:
        ev.append(E.Blasted(u.id, v.id, dmg))
        hurt(g, v, dmg, ev, ("killed", a))
    if u.alive and u.type == a:
        hurt(g, u, own, ev)


def blast_terrain(g, u, here: int, ev) -> None:
    """Terrain within detonation-terrain-range may change (detonation-terrain-damage-chance %):
    to a type drawn by the terrain-damaged-type weights among those blasts-into-ttype allows."""
    from game.modes.gdl.dice import chance
    from game.modes.gdl.movement import enterable
    w = g.w
    T = w.T
    a = u.type
    reach = max(T["detonation-terrain-range"][a]) if w.nt else 0
    for c in w.grid.cells_in_range(here, 0, max(0, reach)):
        t = w.terrain[c]
        if w.grid.distance(here, c) > T["detonation-terrain-range"][a][t]:
            continue
        if not chance(g.rng, T["detonation-terrain-damage-chance"][a][t]):
            continue
        weights = [(t2, T["terrain-damaged-type"][t][t2]) for t2 in range(w.nt)
                   if T["terrain-damaged-type"][t][t2] > 0 and T["blasts-into-ttype"][a][t2]]
        total = sum(n for _, n in weights)
        if total <= 0:
            continue
        pick = g.rng.below(total)
        for t2, n in weights:
            if pick < n:
                g.set_terrain(c, t2)
                ev.append(E.TerrainChanged(c, t2))
                for i in list(g.at.get(c, ())):
                    v = g.units[i]
                    if v.alive and not enterable(w, v.type, c):
                        destroy(g, v, ev) if w.wrecks[v.type][t2] and not w.vanish[v.type][t2] else kill(g, v, ev)
                break
            pick -= n
