"""Day and night (refman "Years and Days"; checked against Xconq's compute_sun).

With `(world [circumference] (day-length n))`, n >= 2 and a circumference at least the area's
width, the sun moves round the world once every n turns: on turn k (1 = first) it stands at
x = ((k x 100 + initial-day-part) mod (n x 100)) x circumference / (n x 100) + the sun's start
(the middle of the area unless `(area (sun x y))`), mod the circumference. A cell whose
x is within daylight-fraction/2 % of the circumference from the sun (either way round) has day,
within twilight-fraction/2 % twilight, else night. Night changes the ACP a unit gains
(night-adds-acp, night-multiplies-acp; vision is xconq-worlds' part).
"""

from __future__ import annotations

DAY, TWILIGHT, NIGHT = 2, 1, 0


def sun_x(w, xturn: int) -> int | None:
    wd = w.m.world
    days = wd.get("day-length", 0)
    circ = wd.get("circumference", 360)
    if days < 2 or circ < w.m.width or circ <= 0:
        return None
    part = w.m.globals.get("initial-day-part", 0)
    part = part if isinstance(part, int) else 0
    cur = (xturn * 100 + part) % (days * 100)
    return (cur * circ // (days * 100) + wd.get("sun-x", w.m.width // 2)) % circ


def lighting(w, cell: int, xturn: int) -> int:
    sx = sun_x(w, xturn)
    if sx is None:
        return DAY
    wd = w.m.world
    circ = wd.get("circumference", 360)
    x = w.grid.coords(cell)[0]
    d = abs(x - sx) % circ
    d = min(d, circ - d)
    if d * 200 <= circ * wd.get("daylight-fraction", 50):
        return DAY
    if d * 200 <= circ * wd.get("twilight-fraction", 60):
        return TWILIGHT
    return NIGHT


def night_at(g, cell: int) -> bool:
    return lighting(g.w, cell, g.turn + 1) == NIGHT
