"""Rays of Cold: rays in all 8 directions through rock to the edge; 1 damage; caster told on a hit."""

from .. import messages as m
from .geometry import rays
from .registry import POSITIVE, spell


@spell(0, "rays_of_cold", "Rays of Cold", POSITIVE)
def cast(c):
    cells = rays(c.size, c.me.pos)
    c.effect("rays_of_cold", cells, "cyan")
    if (cells >> c.them.pos) & 1:
        c.hurt(c.opp, 1, "rays_of_cold")
        c.say(c.caster, m.HIT)
