"""Navigate: free squares north, west, south and east of the caster up to the outer wall.
Opponent, if anything changes: "You hear rock being destroyed."."""

from .. import messages as m
from .geometry import interior
from .registry import NEUTRAL, spell


@spell(13, "navigate", "Navigate", NEUTRAL)
def cast(c):
    n = c.size
    x0, y0 = c.me.pos % n, c.me.pos // n
    line = 0
    for dx, dy in ((0, -1), (-1, 0), (0, 1), (1, 0)):
        x, y = x0 + dx, y0 + dy
        while interior(n, x, y):
            line |= 1 << y * n + x
            x, y = x + dx, y + dy
    opened = line & c.layout.walls
    c.effect("navigate", line, "white")
    if opened:
        c.set_layout(c.layout.with_open(c.layout.open | opened), "navigate", opened)
        c.say(c.caster, m.NAVIGATED)
        c.say(c.opp, m.ROCK)
    else:
        c.say(c.caster, m.NOTHING)
