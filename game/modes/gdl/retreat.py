"""A unit stepping away from an attacker or a capturer (withdraw, retreat-chance, occupant
escape): shared by combat.py and capture.py."""

from __future__ import annotations

from game.modes.gdl import events as E
from game.modes.gdl import supply
from game.modes.gdl.movement import move_cost


def retreat(g, v, attacker, ev, why: str) -> bool:
    """v steps away from the attacker (a free neighbouring cell farthest from it, then the two
    beside that one in a random order), with acp-for-retreat extra ACP; False when it cannot."""
    w = g.w
    if not w.can_act[v.type] or w.speed[v.type] <= 0 or not g.active(v):
        return False
    here, there = g.cell_of(v), g.cell_of(attacker)
    nbrs = list(w.grid.neighbours[here])
    nbrs.sort(key=lambda c: (-w.grid.distance(there, c), c))
    order = nbrs[:1] + (nbrs[1:3] if g.rng.below(2) == 0 else nbrs[2:0:-1])
    extra = w.T["acp-for-retreat"][v.type][attacker.type]
    v.acp += extra
    for c in order:
        cost = move_cost(g, v, c)
        if cost is not None:
            g.detach(v)
            g.place(v, c)
            g.use_acp(v, cost)
            supply.after_move(g, v, ev)
            v.moves += 1
            ev.append(E.SteppedAway(v.id, c, why))
            return True
    v.acp -= extra
    return False
