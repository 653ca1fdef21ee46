"""Tooling up (refman "Toolup Action"): before a unit can create or build a type with
tp-to-build > 0 it needs that many tooling points for the type. A toolup action (acp-to-toolup)
adds tp-per-toolup, at most tp-max; tp-crossover gives the tooling of other types
tp x crossover x tp-max(other) / (tp-max(this) x 100) (and clears those without crossover);
tp-attrition takes .01 tp each turn (the fraction by chance). A type that needs tooling the unit
can never reach (no can-toolup-for, tp-per-toolup 0 or tp-max below tp-to-build) cannot be
constructed at all."""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import events as E
from game.modes.gdl.supply import prob_fraction


def could_toolup_for(w, a: int, b: int) -> bool:
    T = w.T
    return bool(T["can-toolup-for"][a][b]) and T["tp-per-toolup"][a][b] > 0 and T["tp-max"][a][b] >= T["tp-to-build"][a][b]


def construction_possible(w, a: int, b: int) -> bool:
    return w.T["tp-to-build"][a][b] <= 0 or could_toolup_for(w, a, b)


def tooled(g, u, b: int) -> bool:
    return u.tooling.get(b, 0) >= g.w.T["tp-to-build"][u.type][b]


def actions(g, u) -> list:
    w = g.w
    T = w.T
    out = []
    for b in range(w.nu):
        if T["tp-to-build"][u.type][b] > 0 and not tooled(g, u, b) and could_toolup_for(w, u.type, b):
            cost = T["acp-to-toolup"][u.type][b]
            if g.afford(u, cost):
                out.append(A.Toolup(u.id, b))
    return out


def toolup(g, u, b: int, ev) -> None:
    w = g.w
    T = w.T
    a = u.type
    tp = min(u.tooling.get(b, 0) + T["tp-per-toolup"][a][b], T["tp-max"][a][b])
    u.tooling[b] = tp
    for o in range(w.nu):
        if o == b:
            continue
        cross = T["tp-crossover"][b][o]
        if cross <= 0:
            u.tooling.pop(o, None)
        elif T["tp-max"][a][b] > 0:
            u.tooling[o] = tp * cross * T["tp-max"][a][o] // (T["tp-max"][a][b] * 100)
    g.use_acp(u, T["acp-to-toolup"][a][b])
    ev.append(E.ToolingGained(u.id, b, tp))


def turn_start(g) -> None:
    T = g.w.T
    for u in g.units:
        if u.alive and u.tooling:
            for b in list(u.tooling):
                att = T["tp-attrition"][u.type][b]
                if att > 0:
                    u.tooling[b] = max(0, u.tooling[b] - prob_fraction(g.rng, att))
