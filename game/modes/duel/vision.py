"""What each wizard sees and remembers: current view, remembered cells, potions, the other wizard.

Called after every step of the moving wizard and for both wizards at the end of every turn. With
the FoV option off everything is visible. Potions are known only where they are in view (or were
detected); a remembered potion that is gone when its cell comes back into view is forgotten.
"""

from __future__ import annotations

from .fov import visible_cells
from .state import DuelState


def refresh(state: DuelState, p: int) -> None:
    w = state.wizards[p]
    vis = visible_cells(state.layout, w.pos, state.options.fov)
    w.visible = vis
    w.seen |= vis
    mem = w.potion_memory
    for c in [c for c in mem if (vis >> c) & 1 and c not in state.ground]:
        del mem[c]
    for c, a in state.ground.items():
        if (vis >> c) & 1:
            mem[c] = a
    other = state.wizards[1 - p]
    if (vis >> other.pos) & 1:
        w.last_seen = (other.pos, state.turn)
    if (other.visible >> w.pos) & 1:      # the other wizard watches this one move
        other.last_seen = (w.pos, state.turn)


def refresh_all(state: DuelState) -> None:
    refresh(state, 0)
    refresh(state, 1)


def can_see(state: DuelState, p: int, cell: int) -> bool:
    """Is `cell` in player p's view right now?"""
    return (state.wizards[p].visible >> cell) & 1 == 1
