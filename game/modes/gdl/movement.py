"""Movement as Xconq's movement action works (refman "Movement Action", "Entry Action").

A unit's movement points are acp x speed / 100 (with acp-min below 0 counted in). A move to an
adjacent cell costs the terrain's mp (`mp-to-leave-terrain` of the cell left, borders crossed,
`mp-to-enter-terrain` of the cell entered, or a road's enter + traverse + leave when that is
cheaper, at least 1), less what a transport ferries the unit over, plus the cost of enemy zones
of control (zoc.py). The move is allowed when the unit has mp > 0 and mp + free-mp >= the cost,
and it uses up cost x 100 / speed ACP, rounded down, at least acp-to-move and at least 1 (so a
speed-150 unit with 3 ACP makes two 2-mp moves). Leaving a transport into its own cell costs
1 ACP; boarding a transport costs its entry mp converted the same way plus acp-to-enter-unit.
A unit never enters the area's edge ring, a cell where it would vanish or be wrecked, or a cell
without room (units.py).
"""

from __future__ import annotations

from game.modes.gdl import zoc
from game.modes.gdl.interpolate import interpolate
from game.modes.gdl.units import room_in_cell, room_in_unit

OVER_NOTHING, OVER_OWN, OVER_BORDER, OVER_ALL = range(4)


def new_acp_for_turn(g, u) -> int:
    """ACP a complete unit gains at a turn's start: acp-per-turn (or acp-damage-effect when
    damaged), + occupant-adds-acp per occupant, + night-adds-acp at night; then x
    occupant-multiplies-acp / 100 per occupant and x night-multiplies-acp / 100 at night; then
    clipped to acp-per-turn-min/-max (Xconq's new_acp_for_turn)."""
    from game.modes.gdl.daylight import night_at
    w = g.w
    ut = u.type
    acp = w.acp_per_turn[ut]
    if w.acp_dmg[ut] is not None and u.hp < w.hp_max[ut]:
        v = interpolate(w.acp_dmg[ut], u.hp)
        if v is not None:
            acp = v
    occs = [g.units[i] for i in g.occ.get(u.id, ()) if g.active(g.units[i])]
    T = w.T
    for o in occs:
        acp += T["occupant-adds-acp"][ut][o.type]
    cell = g.cell_of(u) if (u.cell >= 0 or u.transport >= 0) else -1
    night = cell >= 0 and night_at(g, cell)
    if night:
        acp += T["night-adds-acp"][ut][w.terrain[cell]]
    if acp <= 0:
        return max(0, w.up["acp-per-turn-min"][ut])
    for o in occs:
        acp = acp * T["occupant-multiplies-acp"][ut][o.type] // 100
    if night:
        acp = acp * T["night-multiplies-acp"][ut][w.terrain[cell]] // 100
    acp = max(acp, w.up["acp-per-turn-min"][ut])
    tmax = w.up["acp-per-turn-max"][ut]
    return min(acp, tmax) if tmax >= 0 else acp


def unit_speed(g, u) -> int:
    w = g.w
    ut = u.type
    if u.hp <= 0:
        return 0
    speed = w.speed[ut]
    occs = [g.units[i] for i in g.occ.get(u.id, ()) if g.complete(g.units[i])]
    for o in occs:
        speed += w.T["occupant-adds-speed"][ut][o.type]
    if u.hp < w.hp_max[ut] and w.speed_dmg[ut] is not None:
        v = interpolate(w.speed_dmg[ut], u.hp)
        speed = v if v is not None else 100
    for o in occs:
        speed = speed * w.T["occupant-multiplies-speed"][ut][o.type] // 100
    speed = max(speed, w.up["speed-min"][ut])
    return min(speed, w.up["speed-max"][ut])


def mp_available(g, u, speed: int) -> int:
    acp = u.acp
    amin = g.w.acp_min[u.type]
    if amin < 0:
        acp -= amin
    return acp * speed // 100


def can_ever_have_mp(g, u, speed: int, cost: int) -> bool:
    w = g.w
    ut = u.type
    top = w.up["acp-max"][ut] if w.up["acp-max"][ut] > 0 else new_acp_for_turn(g, u)
    return (top - w.acp_min[ut]) * speed // 100 + w.up["free-mp"][ut] >= cost


def connection_cost(w, ut: int, a: int, b: int, d: int, cost: int) -> int:
    """The cheaper of `cost` and travelling a connection (road) from a toward b."""
    for c in w.connections:
        trav = w.mp_traverse[ut][c]
        if trav >= 0 and (w.aux_at(c, a) >> d) & 1:
            cost = min(cost, w.mp_enter[ut][c] + trav + w.mp_leave[ut][c])
    return cost


def total_move_cost(g, ut: int, tr_type: int, a: int, b: int) -> int:
    """Movement points to go from cell a to the adjacent cell b (refman: leave, borders, enter,
    or a connection; what the transport `tr_type` ferries over is free)."""
    w = g.w
    cost = 0
    ferry = OVER_NOTHING
    if tr_type >= 0:
        cost += w.mp_leave_unit[ut][tr_type]
        ferry = w.T["ferry-on-departure"][tr_type][ut]
    if ferry < OVER_OWN:
        cost += w.mp_leave[ut][w.terrain[a]]
        for c in w.coatings:
            if w.aux_at(c, a) > 0:
                cost += w.mp_leave[ut][c]
    d = w.direction(a, b)
    if ferry < OVER_BORDER and d >= 0:
        for bt in w.borders:
            if (w.aux_at(bt, a) >> d) & 1:
                cost += w.mp_enter[ut][bt]
    if ferry < OVER_ALL:
        cost += w.mp_enter[ut][w.terrain[b]]
        for c in w.coatings:
            if w.aux_at(c, b) > 0:
                cost += w.mp_enter[ut][c]
    if d >= 0 and w.connections:
        cost = connection_cost(w, ut, a, b, d, cost)
    return max(1, cost)


def total_entry_cost(g, ut: int, own_tr: int, a: int, tr_type: int, b: int) -> int:
    """Movement points for a unit at cell a (inside a transport of type own_tr, or -1) to board
    a transport of type tr_type at cell b (a itself or adjacent)."""
    w = g.w
    cost = 0
    out = OVER_NOTHING
    into = w.T["ferry-on-entry"][tr_type][ut]
    d = w.direction(a, b) if a != b else -1
    if own_tr >= 0:
        cost += w.mp_leave_unit[ut][own_tr]
        out = w.T["ferry-on-departure"][own_tr][ut]
    if out < OVER_OWN and into < OVER_ALL and d >= 0:
        cost += w.mp_leave[ut][w.terrain[a]]
    if out < OVER_BORDER and into < OVER_BORDER and d >= 0:
        for bt in w.borders:
            if (w.aux_at(bt, a) >> d) & 1:
                cost += w.mp_enter[ut][bt]
    if out < OVER_ALL and into < OVER_OWN:
        cost += w.mp_enter[ut][w.terrain[b]]
    if d >= 0 and w.connections:
        cost = connection_cost(w, ut, a, b, d, cost)
    cost += w.mp_enter_unit[ut][tr_type]
    return max(1, cost)


def enterable(w, ut: int, cell: int) -> bool:
    """The unit may stand in the cell at all: inside the area, not the edge ring, no vanishing or
    wrecking there (Xconq would let it die; Tactibox refuses the move)."""
    if not w.grid.exists[cell] or w.edge[cell]:
        return False
    t = w.terrain[cell]
    if w.vanish[ut][t] or w.wrecks[ut][t]:
        return any((w.aux_at(c, cell) and not w.vanish[ut][c] and not w.wrecks[ut][c]) for c in w.connections)
    return True


def could_enter(w, ut: int, cell: int) -> bool:
    """Static: a unit of the type could ever step into the cell (its terrain or a road there)
    with a full turn of movement points; for route planning."""
    if not enterable(w, ut, cell):
        return False
    top = w.up["acp-max"][ut] if w.up["acp-max"][ut] > 0 else w.acp_per_turn[ut]
    mp = (top - w.acp_min[ut]) * w.speed[ut] // 100 + w.up["free-mp"][ut]
    cost = w.mp_enter[ut][w.terrain[cell]]
    for c in w.connections:
        if w.aux_at(c, cell) and w.mp_traverse[ut][c] >= 0:
            cost = min(cost, w.mp_enter[ut][c] + w.mp_traverse[ut][c] + w.mp_leave[ut][c])
    return mp > 0 and max(1, cost) <= mp


def has_material_to_move(g, u) -> bool:
    w = g.w
    ut = u.type
    for mi in range(w.nm):
        have = u.supply[mi]
        if have < w.T["material-to-move"][ut][mi] or have < w.T["consumption-per-move"][ut][mi]:
            return False
    return True


def move_cost(g, u, cell: int):
    """ACP a move of `u` into the open of `cell` uses, or None when it is not possible now."""
    w = g.w
    ut = u.type
    here = g.cell_of(u)
    if here < 0 or not enterable(w, ut, cell):
        return None
    if not g.afford(u, w.up["acp-to-move"][ut]) or not has_material_to_move(g, u):
        return None
    if here == cell:
        if u.transport < 0 or not room_in_cell(g, ut, cell):
            return None
        return max(1, w.up["acp-to-move"][ut])
    if w.grid.distance(here, cell) != 1 or not room_in_cell(g, ut, cell):
        return None
    tr_type = g.units[u.transport].type if u.transport >= 0 else -1
    cost = total_move_cost(g, ut, tr_type, here, cell)
    extra = zoc.move_cost(g, u, here, cell)
    if extra is None:
        return None
    cost += extra
    return _acp_for(g, u, cost)


def enter_cost(g, u, tr):
    """ACP boarding transport `tr` uses, or None."""
    w = g.w
    ut = u.type
    here = g.cell_of(u)
    there = g.cell_of(tr)
    if tr.id == u.id or here < 0 or there < 0 or u.transport == tr.id:
        return None
    if w.grid.distance(here, there) > 1 or not g.may_board(u, tr):
        return None
    acp_enter = w.T["acp-to-enter-unit"][ut][tr.type]
    if acp_enter < 1 or not g.afford(u, acp_enter) or not room_in_unit(g, ut, tr):
        return None
    for mi in range(w.nm):
        if u.supply[mi] < w.T["material-to-move"][ut][mi]:
            return None
    own = g.units[u.transport].type if u.transport >= 0 else -1
    cost = total_entry_cost(g, ut, own, here, tr.type, there)
    speed = unit_speed(g, u)
    if w.T["ferry-on-entry"][tr.type][ut] < OVER_ALL:
        mp = mp_available(g, u, speed)
        if mp <= 0 or mp + w.up["free-mp"][ut] < cost:
            return None
    acp = cost * 100 // speed if speed > 0 else 1
    return acp + acp_enter


def _acp_for(g, u, cost: int):
    w = g.w
    ut = u.type
    speed = unit_speed(g, u)
    if speed <= 0 or not can_ever_have_mp(g, u, speed, cost):
        return None
    mp = mp_available(g, u, speed)
    if mp <= 0 or mp + w.up["free-mp"][ut] < cost:
        return None
    return max(cost * 100 // speed, w.up["acp-to-move"][ut], 1)
