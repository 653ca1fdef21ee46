"""Restoration: heals one hit point (never above 5). No message for the opponent."""

from .. import messages as m
from .registry import POSITIVE, spell


@spell(8, "restoration", "Restoration", POSITIVE)
def cast(c):
    c.say(c.caster, m.RESTORED if c.heal(c.caster, 1, "restoration") else m.NOTHING)
