"""Take Life: steals one hit point from the opponent if the caster can see them.
Opponent (when it works): "You feel like your soul is being taken away."."""

from .. import messages as m
from .registry import POSITIVE, spell


@spell(9, "take_life", "Take Life", POSITIVE)
def cast(c):
    if not c.sees(c.caster, c.them.pos):
        c.say(c.caster, m.NO_TARGET)
        return
    c.effect("take_life", [c.them.pos, c.me.pos], "magenta")
    c.hurt(c.opp, 1, "take_life")
    c.heal(c.caster, 1, "take_life")
    c.say(c.caster, m.TOOK_LIFE)
    c.say(c.opp, m.SOUL)
