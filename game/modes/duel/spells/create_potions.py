"""Create Potions: d3 potions appear on random open cells without a potion or a wizard, each of
a random appearance. No message for the opponent. (With potions off, nothing happens.)"""

from .. import messages as m
from ..dungeon import free_cells
from ..events import PotionsCreated
from ..state import APPEARANCE_COUNT
from .registry import NEUTRAL, spell


@spell(14, "create_potions", "Create Potions", NEUTRAL)
def cast(c):
    st = c.state
    if not st.options.potions:
        c.say(c.caster, m.NOTHING)
        return
    count = c.rng.between(1, 3)
    avoid = 1 << c.me.pos | 1 << c.them.pos
    for cell in st.ground:
        avoid |= 1 << cell
    cells = free_cells(c.layout, avoid)
    made = sorted(c.rng.sample(cells, min(count, len(cells))))
    for cell in made:
        st.ground[cell] = c.rng.below(APPEARANCE_COUNT)
    c.events.append(PotionsCreated(tuple(made)))
    c.say(c.caster, m.POTIONS_CREATED, len(made))
