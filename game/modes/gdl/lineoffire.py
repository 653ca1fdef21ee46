"""Whether the ground blocks fire (refman "Combat Actions": fire-angle-max, weapon-height;
"Line of Sight": body-height, thickness; checked against Xconq's found_blocking_elevation).

Fire at an adjacent cell is never blocked. Otherwise, with cells cell-width apart, the shot
leaves at e0 = elevation + weapon-height of the firer and arrives at e1 = elevation +
body-height of the target; with a = fire-angle-max (in % of 45 degrees) and the distance
D = cells x cell-width, the shot's height after d is
    (e1 - e0 - a x D / 100) x d / D x d / D + a x d / 100 + e0
(a parabola; a straight line when a is 0), and any cell between whose elevation + terrain
thickness is above it blocks the shot. A world without elevations or thick terrain blocks nothing.
"""

from __future__ import annotations


def blocked(g, u, v) -> bool:
    w = g.w
    a, b = g.cell_of(u), g.cell_of(v)
    grid = w.grid
    if grid.distance(a, b) <= 1:
        return False
    elev = w.m.elevations
    thick = w.tp["thickness"]
    if not elev and not any(thick):
        return False

    def ground(c):
        return (elev[c] if elev else 0) + thick[w.terrain[c]]

    width = w.m.cell_width
    e0 = (elev[a] if elev else 0) + w.T["weapon-height"][u.type][w.terrain[a]]
    e1 = (elev[b] if elev else 0) + w.T["body-height"][v.type][w.terrain[b]]
    angle = w.up["fire-angle-max"][u.type]
    total = grid.distance(a, b) * width
    for c in grid.line(a, b)[1:-1]:
        if c < 0:
            continue
        d = grid.distance(a, c) * width
        h = (e1 - e0) - angle * total // 100
        h = h * d // total * d // total
        h += angle * d // 100 + e0
        if ground(c) > h:
            return True
    return False
