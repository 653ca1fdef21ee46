"""Identify: every potion in the caster's inventory is identified. No message for the opponent."""

from .. import messages as m
from ..events import Identified
from .registry import POSITIVE, spell


@spell(5, "identify", "Identify", POSITIVE)
def cast(c):
    new = 0
    for a in c.me.inventory:
        if not (c.me.known | new) >> a & 1:
            new |= 1 << a
            c.events.append(Identified(c.caster, a, c.state.types[a]))
    c.me.known |= new
    c.say(c.caster, m.IDENTIFIED if new else m.NOTHING_TO_IDENTIFY)
