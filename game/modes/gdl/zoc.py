"""Zones of control (refman "Movement Action": zoc-range and the mp-to-*-zoc tables).

An enemy unit E in the open exerts a ZOC over a unit type u out to
r = zoc-range(E, u) x zoc-from-terrain-effect(E, E's terrain) / 100 cells (r < 0: none; 0: its
own cell), into cells whose terrain has zoc-into-terrain(E, t) true. Allies (trusted sides) exert
none on each other, and units inside transports are not affected (they leave first).
For a move from cell A to cell B, each such E whose zone holds B but not A charges
mp-to-enter-zoc(u, E), one whose zone holds both charges mp-to-traverse-zoc, one whose zone holds
A but not B charges mp-to-leave-zoc; E standing in B itself also charges mp-to-enter-own(u, E).
The move costs the most of these (they do not add up); any -1 among them blocks the move.
The defaults (zoc-range 0, mp-to-enter-own -1) mean a unit cannot step into an enemy's cell.
"""

from __future__ import annotations


def zoc_range(g, e, ut: int) -> int:
    w = g.w
    r = w.T["zoc-range"][e.type][ut]
    if r < 0:
        return -1
    return r * w.T["zoc-from-terrain-effect"][e.type][w.terrain[e.cell]] // 100


def max_range(w) -> int:
    best = -1
    for row in w.T["zoc-range"]:
        best = max(best, max(row) if row else -1)
    return best


def move_cost(g, u, a: int, b: int):
    """Extra movement points ZOCs add to u's move from cell a to adjacent cell b; None: blocked."""
    w = g.w
    reach = g.zoc_reach
    if reach < 0:
        return 0
    ut = u.type
    grid = w.grid
    seen = set()
    worst = 0
    for c in grid.cells_in_range(b, 0, reach) + grid.cells_in_range(a, 0, reach):
        for i in g.at.get(c, ()):
            if i in seen:
                continue
            seen.add(i)
            e = g.units[i]
            if e.id == u.id or not g.hostile(e.side, u.side) or not g.complete(e):
                continue
            r = zoc_range(g, e, ut)
            if r < 0:
                continue
            into = w.T["zoc-into-terrain"][e.type]
            in_b = grid.distance(e.cell, b) <= r and into[w.terrain[b]]
            in_a = grid.distance(e.cell, a) <= r and into[w.terrain[a]]
            costs = []
            if e.cell == b:
                costs.append(w.T["mp-to-enter-own"][ut][e.type])
            if in_b and not in_a:
                costs.append(w.T["mp-to-enter-zoc"][ut][e.type])
            elif in_b and in_a:
                costs.append(w.T["mp-to-traverse-zoc"][ut][e.type])
            elif in_a:
                costs.append(w.T["mp-to-leave-zoc"][ut][e.type])
            for cost in costs:
                if cost < 0:
                    return None
                worst = max(worst, cost)
    return worst
