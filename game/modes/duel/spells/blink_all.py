"""Blink All: both wizards move to new unoccupied random cells (the caster first).
Opponent: "You are teleported!"."""

from .. import messages as m
from .registry import NEUTRAL, spell
from .teleport import teleport


@spell(16, "blink_all", "Blink All", NEUTRAL)
def cast(c):
    teleport(c, c.caster)
    teleport(c, c.opp)
    c.say(c.caster, m.BLINKED_ALL)
    c.say(c.opp, m.TELEPORTED)
