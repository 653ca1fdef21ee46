"""Acid Rain (negative): acid falls on the caster and the 8 squares around; 1 damage to each
wizard there (always the caster). Opponent: "You can hear rain."."""

from .. import messages as m
from .geometry import square
from .registry import NEGATIVE, spell


@spell(19, "acid_rain", "Acid Rain", NEGATIVE)
def cast(c):
    area = square(c.size, c.me.pos, 1, inner_only=False)
    c.effect("acid_rain", area, "green")
    c.say(c.caster, m.ACID)
    c.hurt(c.caster, 1, "acid_rain")
    if (area >> c.them.pos) & 1:
        c.hurt(c.opp, 1, "acid_rain")
    c.say(c.opp, m.RAIN)
