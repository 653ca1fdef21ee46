"""Attack, fire, repair, detonation and destruction (Xconq's combat.cc model, integers only).

Attack: (1) withdraw-chance-per-attack: the defender slips to a free neighbouring cell and the
attack is void (the attacker still pays); (2) hit chance = hit-chance x attack-terrain-effect
x defend-terrain-effect / 10000, on a hit the damage dice are rolled; (3) a surviving defender
with ACP left (at least acp-to-defend, and at least 1) strikes back with hit-chance x
counterattack / 100 and pays acp-to-defend. Fire: range-min..range, fire-hit-chance/fire-damage,
no withdraw and no strike back. At hp <= 0 a unit becomes its wrecked-type at full hp, or is gone
(with its occupants).
"""

from __future__ import annotations

from game.rules.gdl.reader import Dice

ATTACK, FIRE, REPAIR = 2, 3, 4


def roll(rng, v) -> int:
    if isinstance(v, Dice):
        total = v.offset
        for _ in range(v.n):
            total += 1 + rng.below(v.sides) if v.sides > 0 else 0
        return max(0, total)
    return max(0, v)


def mean100(v) -> int:
    return max(0, v.mean100()) if isinstance(v, Dice) else max(0, v) * 100


def targets(g, u) -> list[tuple[int, int]]:
    """(kind, target id) pairs `u` may attack, fire at or repair now."""
    w = g.w
    out = []
    here = g.cell_of(u)
    a = u.type
    grid = w.grid
    reach = max(w.attack_range[a]) if w.nu else 0
    if reach >= 1 and any(w.hit[a]):
        for c in grid.cells_in_range(here, 1, reach):
            for tid in g.at.get(c, ()):
                v = g.units[tid]
                d = v.type
                if (v.side != u.side and w.hit[a][d] > 0 and grid.distance(here, c) <= w.attack_range[a][d]
                        and g.afford(u, w.acp_attack[a][d])):
                    out.append((ATTACK, tid))
    if w.acp_fire[a] > 0 and g.afford(u, w.acp_fire[a]) and w.range[a] >= 1:
        for c in grid.cells_in_range(here, max(1, w.range_min[a]), w.range[a]):
            for tid in g.at.get(c, ()):
                v = g.units[tid]
                if v.side != u.side and w.fire_hit[a][v.type] > 0:
                    out.append((FIRE, tid))
    if any(w.can_repair[a]):
        for c in [here, *grid.neighbours[here]]:
            for tid in _all_at(g, c):
                v = g.units[tid]
                if (tid != u.id and v.side == u.side and w.can_repair[a][v.type]
                        and v.hp < w.hp_max[v.type] and g.afford(u, max(1, w.acp_repair[a][v.type]))):
                    out.append((REPAIR, tid))
    return out


def _all_at(g, cell) -> list[int]:
    out = []
    stack = list(g.at.get(cell, ()))
    while stack:
        i = stack.pop(0)
        out.append(i)
        stack.extend(g.occ.get(i, ()))
    return out


def odds(g, u, v, kind: int = ATTACK) -> dict:
    """What the tables promise for `u` attacking (or firing at) `v`: percentages and hp x100."""
    w = g.w
    a, d = u.type, v.type
    ta, td = w.terrain[g.cell_of(u)], w.terrain[g.cell_of(v)]
    if kind == FIRE:
        return {"hit": w.hit_chance(a, d, ta, td, fire=True), "damage100": mean100(w.fire_damage[a][d]),
                "withdraw": 0, "counter": 0, "counter_damage100": 0}
    counter = 0
    if w.counter[a][d] > 0 and v.acp >= max(1, w.acp_defend[d][a]) and w.hit[d][a] > 0:
        counter = w.hit_chance(d, a, td, ta) * w.counter[a][d] // 100
    return {"hit": w.hit_chance(a, d, ta, td), "damage100": mean100(w.damage[a][d]),
            "withdraw": w.withdraw[a][d], "counter": counter, "counter_damage100": mean100(w.damage[d][a])}


def act(g, kind: int, u, v, ev) -> None:
    if kind == ATTACK:
        attack(g, u, v, ev)
    elif kind == FIRE:
        fire(g, u, v, ev)
    else:
        repair(g, u, v, ev)


def attack(g, u, v, ev) -> None:
    w, rng = g.w, g.rng
    a, d = u.type, v.type
    u.acp -= w.acp_attack[a][d]
    wd = w.withdraw[a][d]
    if wd > 0 and rng.below(100) < wd:
        cell = retreat_cell(g, v, g.cell_of(u))
        if cell >= 0:
            g.detach(v)
            g.place(v, cell)
            ev.append(("withdraw", v.id, cell))
            return
    ta, td = w.terrain[g.cell_of(u)], w.terrain[g.cell_of(v)]
    hc = w.hit_chance(a, d, ta, td)
    if rng.below(100) < hc:
        dmg = roll(rng, w.damage[a][d])
        ev.append(("hit", u.id, v.id, dmg))
        if w.det_on_hit[a][d] > 0 and rng.below(100) < w.det_on_hit[a][d]:
            detonate(g, v, ev)
        if v.alive and v.type == d:
            hurt(g, v, dmg, ev)
    else:
        ev.append(("miss", u.id, v.id))
    # strike back
    if (v.alive and v.type == d and u.alive and w.counter[a][d] > 0 and w.hit[d][a] > 0
            and v.acp >= max(1, w.acp_defend[d][a])
            and w.grid.distance(g.cell_of(u), g.cell_of(v)) <= w.attack_range[d][a]):
        v.acp -= w.acp_defend[d][a]
        hc = w.hit_chance(d, a, td, ta) * w.counter[a][d] // 100
        if rng.below(100) < hc:
            dmg = roll(rng, w.damage[d][a])
            ev.append(("counter", v.id, u.id, dmg))
            hurt(g, u, dmg, ev)
        else:
            ev.append(("counter-miss", v.id, u.id))


def fire(g, u, v, ev) -> None:
    w, rng = g.w, g.rng
    a, d = u.type, v.type
    u.acp -= w.acp_fire[a]
    ta, td = w.terrain[g.cell_of(u)], w.terrain[g.cell_of(v)]
    if rng.below(100) < w.hit_chance(a, d, ta, td, fire=True):
        dmg = roll(rng, w.fire_damage[a][d])
        ev.append(("fire-hit", u.id, v.id, dmg))
        hurt(g, v, dmg, ev)
    else:
        ev.append(("fire-miss", u.id, v.id))


def repair(g, u, v, ev) -> None:
    w = g.w
    u.acp -= max(1, w.acp_repair[u.type][v.type])
    amount = w.hp_repair[u.type][v.type]
    gain = amount // 100 + (1 if g.rng.below(100) < amount % 100 else 0)
    v.hp = min(w.hp_max[v.type], v.hp + gain)
    ev.append(("repair", u.id, v.id, gain))


def retreat_cell(g, v, away_from: int) -> int:
    w = g.w
    here = g.cell_of(v)
    best, best_key = -1, None
    for c in w.grid.neighbours[here]:
        if w.edge[c] or any(g.units[i].side != v.side for i in g.at.get(c, ())):
            continue
        t = w.terrain[c]
        if w.vanish[v.type][t] or w.move_acp[v.type][t] is None or not g.room_in_cell(v.type, c):
            continue
        key = (w.grid.distance(away_from, c), -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def hurt(g, v, dmg: int, ev) -> None:
    if dmg <= 0 or not v.alive:
        return
    v.hp -= dmg
    if v.hp <= 0:
        destroy(g, v, ev)


def destroy(g, v, ev) -> None:
    w = g.w
    wt = w.wrecked[v.type]
    if wt is not None:
        ev.append(("wrecked", v.id, v.type, wt))
        v.type = wt
        v.hp = w.hp_max[wt]
        v.acp = min(v.acp, w.acp_max[wt])
        for oid in list(g.occ.get(v.id, ())):
            o = g.units[oid]
            g.occ[v.id].remove(oid)
            o.transport = -1
            if g.room_in_unit(o.type, v):
                o.transport = v.id
                g.occ[v.id].append(oid)
            else:
                _kill(g, o, ev)
        return
    _kill(g, v, ev)


def _kill(g, v, ev) -> None:
    for oid in list(g.occ.get(v.id, ())):
        _kill(g, g.units[oid], ev)
    if v.transport >= 0 or v.cell >= 0:
        g.detach(v)
    v.alive = False
    v.hp = 0
    ev.append(("destroyed", v.id))


def detonate(g, u, ev) -> None:
    """`u` detonates: units within detonation-unit-range take detonation-damage-at (same cell) or
    -adjacent (further), then `u` loses hp-per-detonation."""
    w, rng, grid = g.w, g.rng, g.w.grid
    here = g.cell_of(u)
    a = u.type
    ev.append(("detonate", u.id))
    reach = max(w.det_range[a]) if w.nu else 0
    victims = []
    for c in grid.cells_in_range(here, 0, reach) if reach >= 0 else []:
        victims.extend(_all_at(g, c))
    for vid in sorted(victims):
        v = g.units[vid]
        if vid == u.id or not v.alive:
            continue
        dist = grid.distance(here, g.cell_of(v))
        if dist > w.det_range[a][v.type]:
            continue
        dmg = roll(rng, w.det_at[a][v.type] if dist == 0 else w.det_adj[a][v.type])
        if dmg > 0:
            ev.append(("blast", u.id, vid, dmg))
            hurt(g, v, dmg, ev)
    if u.alive and u.type == a:
        hurt(g, u, w.hp_per_det[a], ev)
