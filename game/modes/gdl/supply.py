"""Materials: storage, the backdrop economy, consumption, starvation and ammunition (refman
"Units and Materials", "Unit Production and Consumption", "Supply Lines", "Combat Actions").

- A unit starts with min(unit-storage-x, unit-initial-supply) of each material, then what its
  `(m ...)` gives (Xconq's reader does the same for every unit it reads).
- Turn start (the economy): each complete unit makes base-production x productivity of its
  terrain (clamped by productivity-min/max) / 100, plus base-production x the best
  productivity-adjacent / 100 (hundredths are a chance of one more); a unit over its storage
  passes the excess to friendly units within reach, then everything is clipped to storage; then
  each unit short of a material (nearest first, by unit id) takes from friendly units within
  reach: reach is distance <= in-length of the taker and <= out-length of the giver (a transport
  always reaches its occupants; -1 disables). A giver parts with the need if that is less than
  half of its supply, else with half the need if that is, else only with what it holds beyond its
  storage, or everything when it never moves and does not need the material itself; a taker that
  never moves and does not need the material to live gets nothing (Xconq's model 0 rules, minus
  its speed-ratio fallback).
- Turn end: base-consumption (consumption-as-occupant % inside a transport; what the turn's moves
  used counts toward it), then a unit out of a material with hp-per-starve loses that many .01 hp
  (the most of its starvations, the fraction by chance) and may die (wrecked-type-if-starved).
- A move uses consumption-per-move; a unit without material-to-move or that much cannot move,
  and one without material-to-act cannot act. An attack uses consumption-per-attack x hit-by of
  the target (fire: consumption-per-fire x hit-by, or the attack amount when that is negative)
  and is impossible without that much or without material-to-attack/-fire.
"""

from __future__ import annotations

from game.modes.gdl import events as E


def prob_fraction(rng, n: int) -> int:
    """Xconq's stochastic value: n // 100, plus one with chance (n % 100) %."""
    if n <= 0:
        return 0
    return n // 100 + (1 if rng.below(100) < n % 100 else 0)


def initial(w, ut: int, given: dict, fill: bool = True) -> list[int]:
    """A unit's materials at the start: unit-initial-supply (up to its storage) when `fill`, then
    what its `(m ...)` gives."""
    store = w.T["unit-storage-x"][ut]
    init = w.T["unit-initial-supply"][ut]
    out = [min(store[m], init[m]) if fill else 0 for m in range(w.nm)]
    for m, v in given.items():
        if 0 <= m < w.nm:
            out[m] = max(0, v)
    return out


def can_act(g, u) -> bool:
    need = g.w.T["material-to-act"][u.type]
    return all(u.supply[m] >= need[m] for m in range(g.w.nm))


def has_materials(g, u, table: str) -> bool:
    need = g.w.T[table][u.type]
    return all(u.supply[m] >= need[m] for m in range(g.w.nm))


# --- ammunition -------------------------------------------------------------------------------
def ammo_needed(w, a: int, d: int, fire: bool) -> list[int]:
    out = []
    for m in range(w.nm):
        hitby = w.T["hit-by"][d][m]
        if hitby <= 0:
            out.append(0)
            continue
        c = hitby * w.T["consumption-per-fire"][a][m] if fire else -1
        if c < 0:
            c = hitby * w.T["consumption-per-attack"][a][m]
        out.append(max(0, c))
    return out


def enough_ammo(g, u, target_type: int, fire: bool) -> bool:
    need = ammo_needed(g.w, u.type, target_type, fire)
    return all(u.supply[m] >= need[m] for m in range(g.w.nm))


def use_ammo(g, u, target_type: int, fire: bool) -> None:
    for m, n in enumerate(ammo_needed(g.w, u.type, target_type, fire)):
        if n:
            u.supply[m] = max(0, u.supply[m] - n)


# --- moves -----------------------------------------------------------------------------------
def after_move(g, u, ev) -> None:
    w = g.w
    starving = False
    for m in range(w.nm):
        c = w.T["consumption-per-move"][u.type][m]
        if c > 0:
            u.supply[m] = max(0, u.supply[m] - c)
            starving |= u.supply[m] == 0
    if starving:
        starve(g, u, ev, partial=False)


# --- the economy ------------------------------------------------------------------------------
def turn_start(g, ev) -> None:
    w = g.w
    if not w.nm:
        return
    produce(g)
    live = [u for u in g.units if g.active(u) and u.side != 0]
    where = {u.id: g.cell_of(u) for u in live}
    store = w.T["unit-storage-x"]
    for m in range(w.nm):
        for u in live:
            if u.supply[m] > store[u.type][m]:
                _give_excess(g, u, m, _partners(g, u, m, live, where, giving=True))
    for u in g.units:
        if u.alive:
            cap = store[u.type]
            u.supply = [max(0, min(v, cap[m])) for m, v in enumerate(u.supply)]
    for m in range(w.nm):
        givers = [v for v in live if v.supply[m] > 0 and (w.T["out-length"][v.type][m] >= 0 or g.occ.get(v.id))]
        if not givers:
            continue
        for u in live:
            if u.supply[m] < store[u.type][m] and w.T["in-length"][u.type][m] >= 0:
                _share(g, u, m, _partners(g, u, m, givers, where, giving=False))


def produce(g) -> None:
    w = g.w
    T = w.T
    for u in g.units:
        if not g.active(u):
            continue
        ut = u.type
        cell = g.cell_of(u)
        t = w.terrain[cell]
        for m in range(w.nm):
            prod = T["base-production"][ut][m]
            if u.transport >= 0 and T["occupant-base-production"][ut][m] != -1:
                prod = T["occupant-base-production"][ut][m]
            if prod <= 0:
                continue
            lo, hi = T["productivity-min"][ut][m], T["productivity-max"][ut][m]
            own = min(max(T["productivity"][ut][t], lo), hi)
            adj = 0
            for c in w.grid.neighbours[cell]:
                adj = max(adj, T["productivity-adjacent"][ut][w.terrain[c]])
            adj = min(max(adj, lo), hi)
            amount = prob_fraction(g.rng, prod * own) + prob_fraction(g.rng, prod * adj)
            u.supply[m] = min(u.supply[m] + amount, 1 << 30)


def _partners(g, u, m: int, pool, where: dict, giving: bool) -> list:
    """Units of `pool` (friendly, not independent) within supply-line reach of u, nearest
    first (then by id): u gives to them (`giving`) or takes from them."""
    w = g.w
    xs, ys = w.grid.xs, w.grid.ys
    here = where[u.id]
    hx, hy = xs[here], ys[here]
    out_len, in_len = w.T["out-length"], w.T["in-length"]
    mine = (out_len if giving else in_len)[u.type][m]
    theirs_t = in_len if giving else out_len
    side = u.side
    trust = w.trust
    found = []
    for v in pool:
        if v is u or (v.side != side and (v.side, side) not in trust):
            continue
        c = where[v.id]
        dx, dy = xs[c] - hx, ys[c] - hy
        d = (abs(dx) + abs(dy) + abs(dx + dy)) // 2
        theirs = theirs_t[v.type][m]
        if (mine >= 0 and theirs >= 0 and d <= mine and d <= theirs) or \
                (v.transport == u.id if giving else u.transport == v.id):
            found.append((d, v.id, v))
    found.sort(key=lambda e: (e[0], e[1]))
    return [v for _, _, v in found]


def _give_excess(g, u, m: int, partners) -> None:
    w = g.w
    for v in partners:
        excess = u.supply[m] - w.T["unit-storage-x"][u.type][m]
        if excess <= 0:
            return
        room = w.T["unit-storage-x"][v.type][m] - v.supply[m]
        if room > 0:
            n = min(room, excess)
            u.supply[m] -= n
            v.supply[m] += n


def needs(w, ut: int, m: int) -> bool:
    T = w.T
    return T["base-consumption"][ut][m] > 0 or T["hp-per-starve"][ut][m] > 0


def never_moves(g, u) -> bool:
    w = g.w
    return w.speed[u.type] <= 0 or not w.can_act[u.type]


def _share(g, u, m: int, partners) -> None:
    w = g.w
    if never_moves(g, u) and not needs(w, u.type, m):
        return
    for v in partners:
        need = w.T["unit-storage-x"][u.type][m] - u.supply[m]
        if need <= 0:
            return
        have = v.supply[m]
        if need < have / 2:
            n = need
        elif max(1, need // 2) < have / 2:
            n = max(1, need // 2)
        elif have > w.T["unit-storage-x"][v.type][m]:
            n = have - w.T["unit-storage-x"][v.type][m]
        elif never_moves(g, v) and not needs(w, v.type, m):
            n = min(have, need)
        else:
            n = 0
        n = min(n, need, have)
        if n > 0:
            v.supply[m] -= n
            u.supply[m] += n


# --- consumption and starvation ---------------------------------------------------------------
def turn_end(g, ev) -> None:
    w = g.w
    if not w.nm:
        return
    T = w.T
    for u in list(g.units):
        if not g.active(u):
            continue
        ut = u.type
        for m in range(w.nm):
            base = T["base-consumption"][ut][m]
            if base <= 0:
                continue
            if u.transport >= 0:
                base = base * T["consumption-as-occupant"][ut][m] // 100
            used = u.moves * T["consumption-per-move"][ut][m]
            if used < base:
                u.supply[m] = max(0, u.supply[m] - (base - used))
        starve(g, u, ev, partial=True)


def starve(g, u, ev, partial: bool) -> None:
    """hp loss for being out of materials (the largest of them); outside the turn's end only a
    loss that kills is applied (Xconq's maybe_starve)."""
    w = g.w
    loss, cause = 0, -1
    for m in range(w.nm):
        per = w.T["hp-per-starve"][u.type][m]
        if u.supply[m] <= 0 and per > 0:
            one = prob_fraction(g.rng, per)
            if one > loss:
                loss, cause = one, m
    if loss > 0 and (partial or loss >= u.hp):
        from game.modes.gdl.damage import hurt
        ev.append(E.Starved(u.id, loss))
        hurt(g, u, loss, ev, cause=("starved", cause))
