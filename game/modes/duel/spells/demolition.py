"""Demolition: each rock cell within 2 squares of the caster (inside the outer wall) crumbles
with chance 1/2. Opponent: "You hear rock being destroyed."."""

from .. import messages as m
from .geometry import square
from .registry import NEUTRAL, spell

RADIUS = 2
CHANCE = (1, 2)


@spell(12, "demolition", "Demolition", NEUTRAL)
def cast(c):
    from game.core.bitset import bits_list
    destroyed = 0
    for cell in bits_list(square(c.size, c.me.pos, RADIUS) & c.layout.walls):
        if c.rng.chance(*CHANCE):
            destroyed |= 1 << cell
    c.effect("demolition", destroyed, "brown")
    if destroyed:
        c.set_layout(c.layout.with_open(c.layout.open | destroyed), "demolition", destroyed)
        c.say(c.caster, m.DEMOLISHED)
    else:
        c.say(c.caster, m.NOTHING)
    c.say(c.opp, m.ROCK)
