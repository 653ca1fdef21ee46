"""Fire Storm: fire floods forward (the caster's facing: the direction of their last step) over
open cells, 5 to 10 steps; 1 damage; the caster is told on a hit, the opponent is not."""

from .. import messages as m
from .geometry import flood
from .registry import POSITIVE, spell


@spell(1, "fire_storm", "Fire Storm", POSITIVE)
def cast(c):
    distance = c.rng.between(5, 10)
    cells = flood(c.layout, c.me.pos, c.me.facing, distance)
    c.effect("fire_storm", cells, "red")
    if (cells >> c.them.pos) & 1:
        c.hurt(c.opp, 1, "fire_storm")
        c.say(c.caster, m.HIT)
