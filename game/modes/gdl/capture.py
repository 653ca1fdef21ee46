"""Capture, surrender, revolt and the fate of a losing side's units (refman "Capture Action",
"Unit Surrender", "Unit Revolt", "Game End"; checked against combat.cc).

A capture is tried after every attack that leaves both units alive (and after fire at a target
in or next to the firer's ZOC), and by the capture action (acp-to-capture > 0, adjacent). The
chance is capture-chance (independent-capture-chance for independent units, when not -1),
times, for each occupant of the target, protection (while protection-resists-capture),
occupant-allows-capture-by and -of; for each friend in its cell, stack-protection and
stack-neighbor-allows-capture-by/-of; for each unit of a trusted side anywhere in the cell,
cellwide-protection-against/-for and any-neighbor-allows-capture-by/-of (each a % factor, integer
division). A target on terrain the capturer cannot enter is captured only with `bridge`.
On success the prisoner may scuttle itself (scuttle-chance), changes type
(changed-type-if-captured), changes side with its occupants (each may escape with
occupant-escape-chance, scuttle, be captured when the capturer could capture it, or die), the
capturer gives hp-to-garrison hp (all of them: it is used up), and then moves into the prisoner or
its cell when it can. A defender that was not captured may countercapture.
"""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import events as E
from game.modes.gdl import movement, supply
from game.modes.gdl.damage import destroy, kill
from game.modes.gdl.dice import chance, chance10000
from game.modes.gdl.retreat import retreat
from game.modes.gdl.units import all_in_cell, reseat_occupants


def capture_chance(g, a: int, v) -> int:
    T = g.w.T
    if v.side == 0 and T["independent-capture-chance"][a][v.type] != -1:
        return T["independent-capture-chance"][a][v.type]
    return T["capture-chance"][a][v.type]


def actions(g, u) -> list:
    w = g.w
    row = w.T["acp-to-capture"][u.type]
    if not any(row) or not supply.has_materials(g, u, "material-to-attack"):
        return []
    here = g.cell_of(u)
    out = []
    for c in [here, *w.grid.neighbours[here]]:
        for i in all_in_cell(g, c):
            v = g.units[i]
            cost = row[v.type]
            if (i != u.id and v.side != u.side and g.hostile(u.side, v.side) and cost > 0
                    and g.afford(u, cost) and capture_chance(g, u.type, v) > 0):
                out.append(A.Capture(u.id, i))
    return out


def act(g, u, v, ev) -> None:
    cost = g.w.T["acp-to-capture"][u.type][v.type]
    attempt(g, u, v, ev)
    if u.alive:
        g.use_acp(u, cost)


def after_attack(g, u, v, ev) -> None:
    side = v.side
    attempt(g, u, v, ev)
    if (v.alive and u.alive and v.side == side and g.w.T["countercapture"][u.type][v.type] > 0):
        attempt(g, v, u, ev)


def odds(g, u, v) -> int:
    """The % chance `u` captures `v` now (0 when it cannot)."""
    w = g.w
    T = w.T
    a, o = u.type, v.type
    p = capture_chance(g, a, v)
    if p <= 0 or not u.alive or not v.alive:
        return 0
    cell = g.cell_of(v)
    if not movement.enterable(w, a, cell) and not T["bridge"][o][a]:
        return 0
    prot = g.w.m.globals.get("protection-resists-capture", 1) != 0
    for i in g.occ.get(v.id, ()):
        occ = g.units[i]
        if g.active(occ):
            if prot:
                p = p * T["protection"][occ.type][o] // 100
            p = p * T["occupant-allows-capture-by"][occ.type][a] // 100
            p = p * T["occupant-allows-capture-of"][occ.type][o] // 100
    for i in g.at.get(cell, ()):
        mate = g.units[i]
        if i != v.id and g.active(mate) and mate.side == v.side:
            if prot:
                p = p * T["stack-protection"][mate.type][o] // 100
            p = p * T["stack-neighbor-allows-capture-by"][mate.type][a] // 100
            p = p * T["stack-neighbor-allows-capture-of"][mate.type][o] // 100
    for i in all_in_cell(g, cell):
        mate = g.units[i]
        if g.active(mate) and g.trusted(mate.side, v.side):
            if prot:
                p = p * T["cellwide-protection-against"][mate.type][a] // 100
                p = p * T["cellwide-protection-for"][mate.type][o] // 100
            p = p * T["any-neighbor-allows-capture-by"][mate.type][a] // 100
            p = p * T["any-neighbor-allows-capture-of"][mate.type][o] // 100
    return max(0, p)


def attempt(g, u, v, ev) -> bool:
    from game.modes.gdl.damage import detonate
    if capture_chance(g, u.type, v) <= 0 or not u.alive or not v.alive:
        return False
    if not movement.enterable(g.w, u.type, g.cell_of(v)) and not g.w.T["bridge"][v.type][u.type]:
        return False
    if chance(g.rng, g.w.T["detonate-on-capture"][v.type][u.type]):
        detonate(g, v, ev)
        if not u.alive or not v.alive:
            return False
    p = odds(g, u, v)
    if p > 0 and g.rng.below(100) < p:
        capture_unit(g, u, v, ev)
        return True
    ev.append(E.Resisted(v.id, u.id))
    return False


def capture_unit(g, u, pris, ev) -> None:
    w = g.w
    newside = u.side
    if pris.origside != newside and pris.origside in g.sides and g.trusted(u.side, pris.origside):
        newside = pris.origside
    if chance(g.rng, w.T["scuttle-chance"][pris.type][u.type]):
        ev.append(E.Scuttled(pris.id))
        destroy(g, pris, ev)
        return
    nt = w.T["changed-type-if-captured"][pris.type][u.type]
    if nt >= 0:
        change_type(g, pris, nt)
    oldside = pris.side
    for oid in list(g.occ.get(pris.id, ())):
        _capture_occupant(g, u, g.units[oid], newside, ev)
    change_side(g, pris, newside)
    ev.append(E.Captured(u.id, pris.id, newside, oldside))
    garrison(g, u, pris, ev)
    if u.alive and u.acp > 0:
        cost = movement.enter_cost(g, u, pris)
        if cost is not None:
            g.detach(u)
            g.board(u, pris.id)
            g.use_acp(u, cost)
        else:
            cost = movement.move_cost(g, u, g.cell_of(pris))
            if cost is not None and u.transport < 0:
                g.detach(u)
                g.place(u, g.cell_of(pris))
                g.use_acp(u, cost)


def _capture_occupant(g, u, occ, newside: int, ev) -> None:
    """An occupant of a captured unit escapes (when it can step away), scuttles, goes over with
    its transport (when the capturer could capture it) or dies."""
    w = g.w
    if g.trusted(u.side, occ.side):
        return
    if chance(g.rng, w.T["occupant-escape-chance"][u.type][occ.type]):
        retreat(g, occ, u, ev, "escape")
        return
    if chance(g.rng, w.T["scuttle-chance"][occ.type][u.type]):
        ev.append(E.Scuttled(occ.id))
        kill(g, occ, ev)
        return
    for sub in list(g.occ.get(occ.id, ())):
        _capture_occupant(g, u, g.units[sub], newside, ev)
    if capture_chance(g, u.type, occ) <= 0:
        kill(g, occ, ev)


def garrison(g, u, pris, ev) -> None:
    """hp-to-garrison: the capturer (or constructor) gives that many hp; all of them uses it up."""
    cost = g.w.T["hp-to-garrison"][u.type][pris.type]
    if cost <= 0:
        return
    if cost >= u.hp:
        reseat_occupants(g, u, pris, lambda o: kill(g, o, ev))
        ev.append(E.Garrisoned(u.id, pris.id))
        kill(g, u, ev)
    else:
        u.hp -= cost


def change_type(g, u, nt: int) -> None:
    w = g.w
    u.type = nt
    u.hp = min(u.hp, w.hp_max[nt])
    store = w.T["unit-storage-x"][nt]
    u.supply = [min(s, store[m]) for m, s in enumerate(u.supply)]


def change_side(g, u, side: int) -> None:
    stack = [u]
    while stack:
        x = stack.pop()
        x.side = side
        stack.extend(g.units[i] for i in g.occ.get(x.id, ()))


# --- turn start: revolts and surrenders --------------------------------------------------------
def turn_start(g, ev) -> None:
    w = g.w
    T = w.T
    for u in g.units:
        if g.active(u) and u.side != 0 and chance10000(g.rng, w.up["revolt-chance"][u.type]):
            change_side(g, u, 0)
            ev.append(E.Revolted(u.id))
    reach = max((max(r) for r in T["surrender-range"]), default=0) if w.nu else 0
    if not any(any(r) for r in T["surrender-chance"]):
        return
    for u in g.units:
        if not g.active(u) or u.transport >= 0:
            continue
        here = u.cell
        for c in w.grid.cells_in_range(here, 0, reach):
            done = False
            for i in g.at.get(c, ()):
                e = g.units[i]
                if (g.active(e) and g.hostile(e.side, u.side) and e.side != 0
                        and w.grid.distance(here, c) <= T["surrender-range"][u.type][e.type]
                        and chance10000(g.rng, T["surrender-chance"][u.type][e.type])):
                    change_side(g, u, e.side)
                    ev.append(E.Surrendered(u.id, e.id))
                    done = True
                    break
            if done:
                break


def lost_side_fates(g, side: int, ev) -> None:
    """A side lost: each unit is wrecked (lost-wreck-chance), vanishes (lost-vanish-chance,
    default all), surrenders to an adjacent unit (lost-surrender-chance) or goes independent
    (lost-revolt-chance), in that order (chances in .01 %)."""
    w = g.w
    for u in list(g.units):
        if not u.alive or u.side != side:
            continue
        if chance10000(g.rng, w.up["lost-wreck-chance"][u.type]) and w.wrecked[u.type] is not None:
            destroy(g, u, ev)
        if u.alive and chance10000(g.rng, w.up["lost-vanish-chance"][u.type]):
            kill(g, u, ev)
            continue
        if not u.alive or g.cell_of(u) < 0:
            continue
        here = g.cell_of(u)
        for c in w.grid.neighbours[here]:
            took = False
            for i in g.at.get(c, ()):
                e = g.units[i]
                if e.side != side and e.side != 0 and chance10000(g.rng, w.T["lost-surrender-chance"][u.type][e.type]):
                    change_side(g, u, e.side)
                    took = True
                    break
            if took:
                break
        if u.alive and u.side == side and chance10000(g.rng, w.up["lost-revolt-chance"][u.type]):
            change_side(g, u, 0)
