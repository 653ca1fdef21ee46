"""Lightning Bolts: north, west, south and east, three lines wide, stopped by rock; 1 damage.
Opponent: "Thunder echoes all around the dungeon!"."""

from .. import messages as m
from .geometry import lightning
from .registry import POSITIVE, spell


@spell(2, "lightning_bolts", "Lightning Bolts", POSITIVE)
def cast(c):
    cells = lightning(c.layout, c.me.pos)
    c.effect("lightning_bolts", cells, "yellow")
    if (cells >> c.them.pos) & 1:
        c.hurt(c.opp, 1, "lightning_bolts")
        c.say(c.caster, m.HIT)
    c.say(c.opp, m.THUNDER)
