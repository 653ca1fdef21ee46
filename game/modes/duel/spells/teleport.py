"""Moving a wizard to a random open cell that no wizard stands on (Blink, Blink All, potions)."""

from ..dungeon import free_cells
from ..events import Teleported
from ..vision import refresh_all


def teleport(c, player: int) -> None:
    st = c.state
    w = st.wizards[player]
    avoid = 1 << st.wizards[0].pos | 1 << st.wizards[1].pos
    cells = free_cells(c.layout, avoid)
    if not cells:
        return
    src = w.pos
    w.pos = c.rng.choice(cells)
    c.events.append(Teleported(player, src, w.pos))
    refresh_all(st)
