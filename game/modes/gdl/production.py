"""Construction and the other actions on units (refman "Unit Creation Actions", "Unit Completion
Action", "Repair Action", "Disband Action", "Develop Action", "Side Change Action").

- Create: a unit whose type can-create (or create-as-build with can-build) another type makes a
  new, incomplete unit (cp-on-creation, or cp-per-build; 1 hp) in a cell within create-range
  (build-range) that has room, or inside a unit (itself or another in range) that has room.
  It uses acp-to-create (acp-to-build), the side needs tech-to-build, a creator inside a transport
  needs occupant-can-construct, and it uses consumption-per-cp x cp + consumption-on-creation +
  consumption-per-create of its materials (and needs material-to-create).
- Build: adds cp-per-build completeness (at most what is missing) to an incomplete unit within
  build-range, for acp-to-build ACP and consumption-per-cp x cp + consumption-per-built +
  consumption-per-build (needs material-to-build).
- A unit reaching the type's cp is complete: full hp, at least supply-on-completion, and it acts
  at once with its turn's ACP; constructor-absorbed-by takes hp-to-garrison hp from its maker.
- Turn start: hp-recovery (when hp >= hp-to-recover), auto-repair by units of trusted sides within
  auto-repair-range (-1: transport and occupants), self-building (cp-per-self-build once cp >=
  cp-to-self-build), all in .01 hp with the fraction by chance.
- Disband (the unit itself): hp-per-disband hp (all: it vanishes, passing recycleable-material
  on), supply-per-disband % of its materials go to its transport or friends in its cell.
- Develop: raises the side's tech for a type by tech-per-develop (.01, by chance), at most
  tech-per-turn-max a turn and tech-max in all; tech-crossover carries it to other types.
- Change side: a unit with acp-to-change-side > 0 goes over to another side in the game.
"""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import capture, movement, supply, tooling
from game.modes.gdl import events as E
from game.modes.gdl.damage import kill
from game.modes.gdl.supply import prob_fraction
from game.modes.gdl.units import all_in_cell, room_in_cell, room_in_unit


def _cab(w, a: int, b: int) -> bool:
    return bool(w.T["create-as-build"][a][b])


def could_create(w, a: int, b: int) -> bool:
    T = w.T
    if _cab(w, a, b):
        return bool(T["can-build"][a][b]) and T["cp-per-build"][a][b] >= 0
    return bool(T["can-create"][a][b]) and T["cp-on-creation"][a][b] >= 0


def create_cost(w, a: int, b: int) -> tuple[int, int, int]:
    """(acp, range, cp of the new unit) of a creating b."""
    T = w.T
    if _cab(w, a, b):
        return T["acp-to-build"][a][b], T["build-range"][a][b], min(T["cp-per-build"][a][b], w.cp[b])
    return T["acp-to-create"][a][b], T["create-range"][a][b], min(T["cp-on-creation"][a][b], w.cp[b])


def _may_construct_here(g, u) -> bool:
    return u.transport < 0 or bool(g.w.T["occupant-can-construct"][u.type][g.units[u.transport].type])


def _materials(w, u, need: list[int]) -> bool:
    return all(u.supply[m] >= need[m] for m in range(w.nm))


def create_needs(w, a: int, b: int, cp: int) -> list[int]:
    T = w.T
    if _cab(w, a, b):
        return build_needs(w, a, b, cp)
    return [max(T["material-to-create"][a][m], T["consumption-per-cp"][b][m] * cp
                + T["consumption-on-creation"][b][m] + T["consumption-per-create"][a][m]) for m in range(w.nm)]


def build_needs(w, a: int, b: int, cp: int) -> list[int]:
    T = w.T
    return [max(T["material-to-build"][a][m], T["consumption-per-cp"][b][m] * cp
                + T["consumption-per-built"][b][m] + T["consumption-per-build"][a][m]) for m in range(w.nm)]


def _uses(w, a: int, b: int, cp: int, create: bool) -> list[int]:
    T = w.T
    if create and not _cab(w, a, b):
        return [T["consumption-per-cp"][b][m] * cp + T["consumption-on-creation"][b][m]
                + T["consumption-per-create"][a][m] for m in range(w.nm)]
    return [T["consumption-per-cp"][b][m] * cp + T["consumption-per-built"][b][m]
            + T["consumption-per-build"][a][m] for m in range(w.nm)]


def can_create_type(g, u, b: int) -> bool:
    w = g.w
    if not could_create(w, u.type, b) or not _may_construct_here(g, u):
        return False
    if not tooling.construction_possible(w, u.type, b) or not tooling.tooled(g, u, b):
        return False
    acp, _, cp = create_cost(w, u.type, b)
    if acp > 0 and not g.afford(u, acp):
        return False
    need_tech = w.up["tech-to-build"][b]
    if need_tech > 0 and (u.side not in g.tech or g.tech[u.side][b] < need_tech):
        return False
    return _materials(w, u, create_needs(w, u.type, b, cp))


def actions(g, u) -> list:
    w = g.w
    a = u.type
    out: list = []
    here = g.cell_of(u)
    grid = w.grid
    for b in range(w.nu):
        if not can_create_type(g, u, b):
            continue
        _, rng, _ = create_cost(w, a, b)
        for c in grid.cells_in_range(here, 0, max(0, rng)):
            if movement.enterable(w, b, c) and room_in_cell(g, b, c):
                out.append(A.Create(u.id, b, c))
            for i in all_in_cell(g, c):
                tr = g.units[i]
                if g.trusted(tr.side, u.side) and room_in_unit(g, b, tr):
                    out.append(A.CreateIn(u.id, b, i))
    build_row = w.T["can-build"][a]
    if any(build_row):
        for c in grid.cells_in_range(here, 0, max(0, max(w.T["build-range"][a]))):
            for i in all_in_cell(g, c):
                v = g.units[i]
                if (v.alive and v.cp < w.cp[v.type] and build_row[v.type] and w.T["cp-per-build"][a][v.type] > 0
                        and tooling.construction_possible(w, a, v.type) and tooling.tooled(g, u, v.type)
                        and g.trusted(v.side, u.side) and grid.distance(here, c) <= w.T["build-range"][a][v.type]
                        and g.afford(u, w.T["acp-to-build"][a][v.type])
                        and (u.transport < 0 or u.transport == v.id or _may_construct_here(g, u))
                        and _materials(w, u, build_needs(w, a, v.type, min(w.T["cp-per-build"][a][v.type],
                                                                              w.cp[v.type] - v.cp)))):
                    out.append(A.Build(u.id, i))
    if w.up["hp-per-disband"][a] > 0 and g.afford(u, w.up["acp-to-disband"][a]):
        out.append(A.Disband(u.id, u.id))
    if u.side in g.tech:
        for b in range(w.nu):
            cost = w.T["acp-to-develop"][a][b]
            if cost > 0 and g.afford(u, cost) and g.tech[u.side][b] < w.up["tech-max"][b]:
                out.append(A.Develop(u.id, b))
    out.extend(tooling.actions(g, u))
    if w.up["acp-to-change-side"][a] > 0 and g.afford(u, w.up["acp-to-change-side"][a]):
        for s in g.sides:
            if s != u.side and g.status[s] == "in":
                out.append(A.ChangeSide(u.id, s))
    return out


def act(g, a, u, ev) -> None:
    w = g.w
    if isinstance(a, (A.Create, A.CreateIn)):
        b = a.type
        acp, _, cp = create_cost(w, u.type, b)
        g.use_acp(u, acp)
        _consume(u, _uses(w, u.type, b, cp, create=True))
        new = g.add_unit(b, u.side)
        if new is None:
            ev.append(E.NoRoom(u.id))
            return
        new.cp = cp
        store = w.T["unit-storage-x"][b]
        new.supply = [min(w.T["supply-on-creation"][b][m], store[m]) for m in range(w.nm)]
        if isinstance(a, A.Create):
            g.place(new, a.cell)
        else:
            g.board(new, a.transport)
        ev.append(E.Created(u.id, new.id, b))
        if new.cp >= w.cp[b]:
            complete(g, new, u, ev)
    elif isinstance(a, A.Build):
        v = g.units[a.target]
        cp = min(w.T["cp-per-build"][u.type][v.type], w.cp[v.type] - v.cp)
        g.use_acp(u, w.T["acp-to-build"][u.type][v.type])
        _consume(u, _uses(w, u.type, v.type, cp, create=False))
        v.cp += cp
        ev.append(E.Built(u.id, v.id, cp))
        if v.cp >= w.cp[v.type]:
            complete(g, v, u, ev)
    elif isinstance(a, A.Disband):
        disband(g, u, ev)
    elif isinstance(a, A.Develop):
        develop(g, u, a.type, ev)
    elif isinstance(a, A.Toolup):
        tooling.toolup(g, u, a.type, ev)
    elif isinstance(a, A.ChangeSide):
        g.use_acp(u, w.up["acp-to-change-side"][u.type])
        capture.change_side(g, u, a.side)
        ev.append(E.SideChanged(u.id, a.side))


def _consume(u, need: list[int]) -> None:
    for m, n in enumerate(need):
        if n:
            u.supply[m] = max(0, u.supply[m] - n)


def complete(g, v, maker, ev) -> None:
    w = g.w
    b = v.type
    v.cp = w.cp[b]
    v.hp = w.hp_max[b]
    store = w.T["unit-storage-x"][b]
    v.supply = [min(max(v.supply[m], w.T["supply-on-completion"][b][m]), store[m]) for m in range(w.nm)]
    ev.append(E.Completed(v.id))
    if maker is not None and maker.alive and w.T["constructor-absorbed-by"][maker.type][b]:
        capture.garrison(g, maker, v, ev)
    if w.can_act[b]:
        v.acp = movement.new_acp_for_turn(g, v)


def disband(g, u, ev) -> None:
    w = g.w
    g.use_acp(u, w.up["acp-to-disband"][u.type])
    for m in range(w.nm):
        pct = w.T["supply-per-disband"][u.type][m]
        if pct > 0 and u.supply[m] > 0:
            amount = u.supply[m] * pct // 100
            u.supply[m] -= amount
            _hand_out(g, u, m, amount)
    loss = w.up["hp-per-disband"][u.type]
    ev.append(E.Disbanded(u.id, loss))
    if loss < u.hp:
        u.hp -= loss
        return
    for m in range(w.nm):
        n = w.T["recycleable-material"][u.type][m]
        if n > 0:
            _hand_out(g, u, m, n)
    kill(g, u, ev)


def _hand_out(g, u, m: int, amount: int) -> None:
    """Material to the unit's transport, occupants, then friends in its cell (what fits)."""
    w = g.w
    takers = []
    if u.transport >= 0:
        takers.append(g.units[u.transport])
    takers += [g.units[i] for i in g.occ.get(u.id, ())]
    takers += [g.units[i] for i in all_in_cell(g, g.cell_of(u)) if i != u.id]
    for v in takers:
        if amount <= 0:
            return
        if v.alive and g.trusted(v.side, u.side):
            room = w.T["unit-storage-x"][v.type][m] - v.supply[m]
            n = min(room, amount)
            if n > 0:
                v.supply[m] += n
                amount -= n


def develop(g, u, b: int, ev) -> None:
    w = g.w
    side = u.side
    tech = g.tech[side]
    old = tech[b]
    tech[b] += prob_fraction(g.rng, w.T["tech-per-develop"][u.type][b])
    tech[b] = min(tech[b], g.tech_start.get(side, tech)[b] + w.up["tech-per-turn-max"][b], w.up["tech-max"][b])
    for o in range(w.nu):
        cross = w.T["tech-crossover"][b][o]
        if o != b and cross > 0 and w.up["tech-max"][b] > 0:
            tech[o] = max(tech[o], tech[b] * cross * w.up["tech-max"][o] // (w.up["tech-max"][b] * 100))
    g.use_acp(u, w.T["acp-to-develop"][u.type][b])
    ev.append(E.Developed(u.id, b, tech[b] - old))


# --- turn start ---------------------------------------------------------------------------------
def turn_start(g, ev) -> None:
    w = g.w
    T = w.T
    g.tech_start = {s: list(t) for s, t in g.tech.items()}
    tooling.turn_start(g)
    for v in g.units:
        if not g.active(v) or v.hp >= w.hp_max[v.type]:
            continue
        rec = w.hp_recovery[v.type]
        if rec > 0 and v.hp >= w.up["hp-to-recover"][v.type]:
            v.hp = min(w.hp_max[v.type], v.hp + prob_fraction(g.rng, rec))
    if any(any(r) for r in T["auto-repair"]):
        _auto_repair(g, ev)
    for v in g.units:
        if v.alive and v.cp < w.cp[v.type] and (v.cell >= 0 or v.transport >= 0):
            per = w.cp_per_self_build[v.type]
            if per > 0 and v.cp >= w.up["cp-to-self-build"][v.type]:
                v.cp = min(w.cp[v.type], v.cp + per)
                if v.cp >= w.cp[v.type]:
                    complete(g, v, None, ev)


def _auto_repair(g, ev) -> None:
    w = g.w
    T = w.T
    grid = w.grid
    repairers = [u for u in g.units if g.active(u) and any(T["auto-repair"][u.type])]
    for v in g.units:
        if not g.active(v) or v.hp >= w.hp_max[v.type]:
            continue
        vc = g.cell_of(v)
        for u in repairers:
            if v.hp >= w.hp_max[v.type]:
                break
            amount = T["auto-repair"][u.type][v.type] if u.alive else 0
            if amount <= 0 or not g.active(u) or not g.trusted(u.side, v.side) or u is v:
                continue
            rng = T["auto-repair-range"][u.type][v.type]
            if rng < 0:
                near = u.transport == v.id or v.transport == u.id
            else:
                near = grid.distance(g.cell_of(u), vc) <= rng
            if near and supply.has_materials(g, u, "material-to-repair"):
                v.hp = min(w.hp_max[v.type], v.hp + prob_fraction(g.rng, amount))
