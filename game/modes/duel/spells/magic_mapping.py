"""Magic Mapping: the caster learns the whole layout (not the potions). No message for the opponent."""

from .. import messages as m
from ..layout import board_mask
from .registry import POSITIVE, spell


@spell(3, "magic_mapping", "Magic Mapping", POSITIVE)
def cast(c):
    before = c.me.seen
    c.me.seen = board_mask(c.size)
    c.effect("magic_mapping", c.me.seen & ~before, "white", audience=c.caster)
    c.say(c.caster, m.MAPPED)
