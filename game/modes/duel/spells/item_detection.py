"""Item Detection: shows the caster "some" potions on the ground: half of them, rounded up,
chosen at random. No message for the opponent."""

from .. import messages as m
from .registry import POSITIVE, spell


@spell(6, "item_detection", "Item Detection", POSITIVE)
def cast(c):
    ground = sorted(c.state.ground)
    k = (len(ground) + 1) // 2
    found = sorted(c.rng.sample(ground, k)) if k else []
    for cell in found:
        c.me.potion_memory[cell] = c.state.ground[cell]
    if found:
        c.effect("item_detection", found, "magenta", audience=c.caster)
        c.say(c.caster, m.ITEMS_DETECTED, len(found))
    else:
        c.say(c.caster, m.NO_ITEMS)
