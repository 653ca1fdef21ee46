"""Mirror Earth: everything (layout, potions, wizards, facings) is mirrored left-right, top-bottom
or both (one of the three at random). The caster knows the new layout; the opponent's map is
wiped. Opponent: "You feel unaware of your surroundings."."""

from .. import messages as m
from ..events import PotionsMoved, Teleported
from ..layout import mirror_cell
from ..state import DIRS
from .registry import POSITIVE, spell


def mirror_dir(d: int, axis: int) -> int:
    dx, dy = DIRS[d]
    if axis in (0, 2):
        dx = -dx
    if axis in (1, 2):
        dy = -dy
    return DIRS.index((dx, dy))


@spell(10, "mirror_earth", "Mirror Earth", POSITIVE)
def cast(c):
    st, n = c.state, c.size
    axis = c.rng.below(3)
    st.ground = {mirror_cell(n, cell, axis): a for cell, a in st.ground.items()}
    mem = c.me.potion_memory
    c.me.potion_memory = {mirror_cell(n, cell, axis): a for cell, a in mem.items()}
    if c.me.last_seen:
        cell, turn = c.me.last_seen
        c.me.last_seen = (mirror_cell(n, cell, axis), turn)
    c.them.last_seen = None
    for p, w in enumerate(st.wizards):
        src = w.pos
        w.pos = mirror_cell(n, src, axis)
        w.facing = mirror_dir(w.facing, axis)
        if w.pos != src:
            c.events.append(Teleported(p, src, w.pos))
    c.set_layout(st.layout.mirrored(axis), "mirror_earth")
    c.events.append(PotionsMoved("mirror_earth"))
    c.caster_knows_layout()
    c.say(c.caster, m.MIRRORED)
    c.say(c.opp, m.UNAWARE)
