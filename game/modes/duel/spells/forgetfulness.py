"""Forgetfulness (negative): the caster forgets two of the level's four quarters (drawn at
random): the remembered cells and potions there. What is in view is seen again at once.
No message for the opponent."""

from .. import messages as m
from ..vision import refresh
from .registry import NEGATIVE, spell


def quarter(size: int, q: int) -> int:
    """Quarter q (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right); the middle row and
    column belong to the lower / right quarters."""
    half = size // 2
    xs = range(0, half) if q in (0, 2) else range(half, size)
    ys = range(0, half) if q in (0, 1) else range(half, size)
    row = 0
    for x in xs:
        row |= 1 << x
    m_ = 0
    for y in ys:
        m_ |= row << y * size
    return m_


@spell(18, "forgetfulness", "Forgetfulness", NEGATIVE)
def cast(c):
    lost = 0
    for q in sorted(c.rng.sample(range(4), 2)):
        lost |= quarter(c.size, q)
    c.me.seen &= ~lost
    for cell in [cell for cell in c.me.potion_memory if (lost >> cell) & 1]:
        del c.me.potion_memory[cell]
    refresh(c.state, c.caster)
    c.say(c.caster, m.FORGOT)
