"""Attack, fire and repair (Xconq's combat model 0; integers only).

Attack (refman "Combat Actions", checked against combat.cc): (1) withdraw-chance-per-attack:
the defender retreats to a free neighbouring cell and nothing else happens; (2)
surrender-chance-per-attack: it is captured on the spot; (3) otherwise the attacker strikes, and
a defender that can act and has acp-to-defend ACP to spare (down to acp-min) strikes back at
full hit chance whenever counterattack > 0 ("commitment levels are currently ignored") — both
blows land together, so a defender killed by the attack still strikes back; then the attacker may
capture the defender (capture.py). The attacker pays acp-to-attack and every surviving defender
pays acp-to-defend, whether or not it struck back. Each blow needs the attacker's ammunition
(supply.py). Hit chance = hit-chance x attack-terrain-effect / 100 x defend-terrain-effect / 100,
then x protection / 100 for each occupant of the target, x stack-protection for each friend in
its cell, x cellwide-protection-for/-against for each unit in the cell; a hit may be dodged by
retreat-chance; its damage is capped so the target keeps hp-min; the target's occupants are hit
in turn with protection(transport, occupant) % chance each.
Fire: range-min..range, fire-hit-chance/fire-damage (or hit-chance/damage), fire terrain effects,
falloff beyond hit-falloff-range, no strike back; the target loses acp-to-be-fired-on ACP.
Repair: can-repair, acp-to-repair (0 counts as 1), hp-per-repair .01 hp, within repair-range.
"""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import events as E
from game.modes.gdl import lineoffire, supply
from game.modes.gdl.damage import cap_acp_for_damage, destroy, detonate, hurt, kill  # noqa: F401
from game.modes.gdl.dice import chance, mean100, roll
from game.modes.gdl.retreat import retreat
from game.modes.gdl.units import all_in_cell


def targets(g, u) -> list:
    """The Attack, Fire and Repair actions `u` may take now."""
    w = g.w
    out = []
    here = g.cell_of(u)
    a = u.type
    grid = w.grid
    occ_ok = u.transport < 0 or w.T["occupant-combat"][a][g.units[u.transport].type] > 0
    reach = max(w.attack_range[a]) if w.nu else 0
    if occ_ok and reach >= 0 and any(w.hit[a]) and supply.has_materials(g, u, "material-to-attack"):
        for c in grid.cells_in_range(here, 0, reach):
            dist = grid.distance(here, c)
            for tid in g.at.get(c, ()):
                v = g.units[tid]
                d = v.type
                if (tid != u.id and g.hostile(u.side, v.side) and w.hit[a][d] > 0
                        and w.attack_range_min[a][d] <= dist <= w.attack_range[a][d]
                        and w.acp_attack[a][d] > 0 and g.afford(u, w.acp_attack[a][d])
                        and supply.enough_ammo(g, u, d, False)):
                    out.append(A.Attack(u.id, tid))
    if (occ_ok and w.acp_fire[a] > 0 and g.afford(u, w.acp_fire[a]) and w.range[a] >= max(1, w.range_min[a])
            and supply.has_materials(g, u, "material-to-fire")):
        for c in grid.cells_in_range(here, max(1, w.range_min[a]), w.range[a]):
            for tid in g.at.get(c, ()):
                v = g.units[tid]
                if (g.hostile(u.side, v.side) and w.fire_hit[a][v.type] > 0 and supply.enough_ammo(g, u, v.type, True)
                        and not lineoffire.blocked(g, u, v)):
                    out.append(A.Fire(u.id, tid))
    if any(w.can_repair[a]) and supply.has_materials(g, u, "material-to-repair"):
        for c in grid.cells_in_range(here, 0, max(1, max(w.T["repair-range"][a]))):
            dist = grid.distance(here, c)
            for tid in all_in_cell(g, c):
                v = g.units[tid]
                if (tid != u.id and g.trusted(v.side, u.side) and w.can_repair[a][v.type]
                        and dist <= max(1, w.T["repair-range"][a][v.type])
                        and v.hp < w.hp_max[v.type] and g.afford(u, max(1, w.acp_repair[a][v.type]))):
                    out.append(A.Repair(u.id, tid))
    return out


def odds(g, u, v, fire: bool = False) -> dict:
    """What the tables promise for `u` attacking (or firing at) `v`: percentages and hp x100."""
    w = g.w
    a, d = u.type, v.type
    if fire:
        return {"hit": hit_chance(g, u, v, True), "damage100": mean100(w.fire_damage[a][d]),
                "withdraw": 0, "counter": 0, "counter_damage100": 0}
    counter = hit_chance(g, v, u, False) if strikes_back(g, u, v) else 0
    return {"hit": hit_chance(g, u, v, False), "damage100": mean100(w.damage[a][d]),
            "withdraw": w.withdraw[a][d], "counter": counter, "counter_damage100": mean100(w.damage[d][a])}


def strikes_back(g, u, v) -> bool:
    w = g.w
    a, d = u.type, v.type
    return (w.counter[a][d] > 0 and w.can_act[d] and g.active(v) and w.hit[d][a] > 0
            and v.acp + w.free_acp[d] - w.acp_defend[d][a] >= w.acp_min[d]
            and g.w.grid.distance(g.cell_of(u), g.cell_of(v)) <= w.attack_range[d][a]
            and supply.enough_ammo(g, v, a, False))


def hit_chance(g, u, v, fire: bool) -> int:
    w = g.w
    a, o = u.type, v.type
    cu, cv = g.cell_of(u), g.cell_of(v)
    p = w.hit_chance(a, o, w.terrain[cu], w.terrain[cv], fire)
    for t in w.coatings + w.connections + w.borders:
        if w.aux_at(t, cu):
            p = p * w.ate[a][t] // 100
        if w.aux_at(t, cv):
            p = p * w.dte[o][t] // 100
    if u.transport >= 0:
        p = p * w.T["occupant-combat"][a][g.units[u.transport].type] // 100
    T = w.T
    for i in g.occ.get(v.id, ()):
        occ = g.units[i]
        if g.active(occ):
            p = p * T["protection"][occ.type][o] // 100
    for i in g.at.get(cv, ()):
        mate = g.units[i]
        if i != v.id and g.active(mate) and mate.side == v.side:
            p = p * T["stack-protection"][mate.type][o] // 100
    for i in all_in_cell(g, cv):
        mate = g.units[i]
        if g.active(mate) and g.trusted(mate.side, v.side):
            p = p * T["cellwide-protection-against"][mate.type][a] // 100
            p = p * T["cellwide-protection-for"][mate.type][o] // 100
    if fire:
        dist = w.grid.distance(cu, cv)
        foff = w.up["hit-falloff-range"][a]
        if dist > foff and w.range[a] > foff:
            base = w.fire_hit[a][o]
            at_max = T["hit-at-max-range-effect"][a][o] * base // 100
            here = base + (dist - foff) * (at_max - base) // (w.range[a] - foff)
            p = p * here // 100
    return max(0, p)


def act(g, action, u, v, ev) -> None:
    if isinstance(action, A.Attack):
        attack(g, u, v, ev)
    elif isinstance(action, A.Fire):
        fire(g, u, v, ev)
    else:
        repair(g, u, v, ev)


def attack(g, u, v, ev) -> None:
    from game.modes.gdl import capture
    w, rng = g.w, g.rng
    a, d = u.type, v.type
    if chance(rng, w.withdraw[a][d]) and retreat(g, v, u, ev, "withdraw"):
        g.use_acp(u, w.acp_attack[a][d])
        return
    if chance(rng, w.T["surrender-chance-per-attack"][a][d]):
        ev.append(E.Surrendered(v.id, u.id))
        capture.capture_unit(g, u, v, ev)
        g.use_acp(u, w.acp_attack[a][d])
        return
    back = strikes_back(g, u, v)
    hits: dict[int, int] = {}
    blow(g, u, v, False, hits, ev)
    if back and u.alive:
        blow(g, v, u, False, hits, ev, counter=True)
    reckon(g, hits, ev, {v.id: a, u.id: d})
    if u.alive and v.alive:
        capture.after_attack(g, u, v, ev)
    g.use_acp(u, w.acp_attack[a][d])
    if v.alive and v.type == d and w.can_act[d]:
        g.use_acp(v, w.acp_defend[d][a])


def fire(g, u, v, ev) -> None:
    from game.modes.gdl import capture
    w = g.w
    a = u.type
    hits: dict[int, int] = {}
    blow(g, u, v, True, hits, ev)
    if v.alive:
        g.use_acp(v, w.T["acp-to-be-fired-on"][v.type][a])
    reckon(g, hits, ev, {v.id: a})
    g.use_acp(u, w.acp_fire[a])
    if u.alive and v.alive and w.grid.distance(g.cell_of(u), g.cell_of(v)) <= w.T["zoc-range"][a][v.type] + 1:
        capture.after_attack(g, u, v, ev)


def blow(g, u, v, fire_: bool, hits: dict, ev, counter: bool = False) -> None:
    """One attack or fire of u at v (and v's occupants); damage is collected in `hits`."""
    if not supply.enough_ammo(g, u, v.type, fire_):
        return
    _maybe_hit(g, u, v, fire_, hits, ev, counter, 0)
    supply.use_ammo(g, u, v.type, fire_)


def _maybe_hit(g, u, v, fire_: bool, hits: dict, ev, counter: bool, depth: int) -> None:
    w, rng = g.w, g.rng
    a, o = u.type, v.type
    p = hit_chance(g, u, v, fire_)
    dmg = 0
    if rng.below(100) < p:
        dmg = roll(rng, (w.fire_damage if fire_ else w.damage)[a][o])
    if dmg > 0 and chance(rng, w.T["retreat-chance"][a][o]) and retreat(g, v, u, ev, "retreat"):
        dmg = 0
    if dmg > 0:
        floor = w.T["hp-min"][a][o]        # (attacker, target), as the kernel and library
        left = v.hp - hits.get(v.id, 0)
        if floor > 0:
            dmg = max(0, min(dmg, left - floor))
    ev.append(E.Hit(u.id, v.id, dmg, fire_, counter, depth > 0) if dmg > 0
              else E.Missed(u.id, v.id, fire_, counter, depth > 0))
    if dmg > 0:
        if chance(rng, w.det_on_hit[o][a]):
            detonate(g, v, ev)
            if not v.alive:
                return
        left = v.hp - hits.get(v.id, 0)
        hits[v.id] = hits.get(v.id, 0) + dmg
        if left - dmg <= 0 and chance(rng, w.up["detonate-on-death"][o]):
            detonate(g, v, ev)
        if not fire_ and u.alive and chance(rng, w.up["detonate-with-attack"][a]):
            detonate(g, u, ev)
    if depth < 8 and v.alive:
        for i in list(g.occ.get(v.id, ())):
            occ = g.units[i]
            if not g.active(v) or chance(rng, w.T["protection"][o][occ.type]):
                _maybe_hit(g, u, occ, fire_, hits, ev, counter, depth + 1)


def reckon(g, hits: dict, ev, killers: dict) -> None:
    """Apply the damage of one exchange (occupants before their transports)."""
    for i in sorted(hits, key=lambda i: (-_depth(g, g.units[i]), i)):
        v = g.units[i]
        if v.alive and hits[i] > 0:
            killer = killers.get(i)
            hurt(g, v, hits[i], ev, ("killed", killer) if killer is not None else None)


def _depth(g, u) -> int:
    n = 0
    while u.transport >= 0 and n < 64:
        u = g.units[u.transport]
        n += 1
    return n


def repair(g, u, v, ev) -> None:
    from game.modes.gdl.supply import prob_fraction
    w = g.w
    g.use_acp(u, max(1, w.acp_repair[u.type][v.type]))
    gain = prob_fraction(g.rng, w.hp_repair[u.type][v.type])
    v.hp = min(w.hp_max[v.type], v.hp + gain)
    for m in range(w.nm):
        n = w.T["consumption-per-repair"][u.type][m]
        if n:
            u.supply[m] = max(0, u.supply[m] - n)
    ev.append(E.Repaired(u.id, v.id, gain))


def turn_start(g, ev) -> None:
    """Accidents, attrition and accidental detonations of the turn (.01 % chances per turn)."""
    from game.modes.gdl.hazards import turn_start as hazards
    hazards(g, ev)


def accident_on_entry(g, u, ev) -> None:
    from game.modes.gdl.hazards import on_entry
    on_entry(g, u, ev)
