"""Alter Dungeon: new layouts are generated until one has free cells where both wizards stand
(20 tries, then their cells are opened in the last one). The potions on the ground are placed at
random in the new layout. The caster knows the new layout; the opponent does not.
Opponent: "You sense your surroundings are different."."""

from .. import messages as m
from ..dungeon import generate_layout, place_potions
from ..events import PotionsMoved
from .registry import POSITIVE, spell

TRIES = 20


@spell(4, "alter_dungeon", "Alter Dungeon", POSITIVE)
def cast(c):
    st = c.state
    stand = 1 << c.me.pos | 1 << c.them.pos
    for _ in range(TRIES):
        layout = generate_layout(c.rng, c.size)
        if layout.open & stand == stand:
            break
    else:
        layout = layout.with_open(layout.open | stand)
    appearances = [a for _, a in sorted(st.ground.items())]
    st.ground = place_potions(c.rng, layout, appearances, stand)
    c.me.potion_memory.clear()
    c.set_layout(layout, "alter_dungeon")
    c.events.append(PotionsMoved("alter_dungeon"))
    c.caster_knows_layout()
    c.say(c.caster, m.ALTERED)
    c.say(c.opp, m.SURROUNDINGS)
