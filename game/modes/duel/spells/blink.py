"""Blink: the caster moves to a random open cell not occupied by a wizard. No message for the opponent."""

from .. import messages as m
from .registry import NEUTRAL, spell
from .teleport import teleport


@spell(15, "blink", "Blink", NEUTRAL)
def cast(c):
    teleport(c, c.caster)
    c.say(c.caster, m.BLINKED)
