"""What one player knows: the only input of the bots, and what the duel screen draws.

Built from the state, but holding nothing the player could not know: their own wizard, the
remembered map (cells seen, as they are now known to be), what is in view, remembered potions,
the other wizard only when in view (plus where they were last seen or detected), both HPs (the
plan shows both on screen) and this turn's three spells.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import board_mask
from .state import MAX_STEPS, DuelState


@dataclass(frozen=True)
class View:
    player: int
    size: int
    turn: int
    my_turn: bool
    steps_left: int
    fov: bool
    potions_on: bool
    pos: int
    hp: int
    facing: int
    inventory: tuple
    known: int                  # identified appearances (bitmask)
    known_types: dict           # appearance -> potion type id, for identified appearances
    opp_hp: int
    dealt: tuple
    known_open: int             # remembered open cells
    known_walls: int            # remembered rock
    visible: int                # in view now
    opponent: int | None        # the other wizard's cell when in view
    last_seen: tuple | None     # (cell, turn) the other wizard was last seen or detected
    potions: dict               # cell -> appearance, remembered (those in view are current)

    @property
    def unknown(self) -> int:
        return board_mask(self.size) & ~(self.known_open | self.known_walls)


def view_of(state: DuelState, p: int) -> View:
    w = state.wizards[p]
    o = state.wizards[1 - p]
    layout = state.layout
    mine = state.current == p and not state.over
    return View(
        player=p, size=layout.size, turn=state.turn, my_turn=mine,
        steps_left=MAX_STEPS - state.steps if mine else MAX_STEPS,
        fov=state.options.fov, potions_on=state.options.potions,
        pos=w.pos, hp=w.hp, facing=w.facing, inventory=tuple(w.inventory), known=w.known,
        known_types={a: state.types[a] for a in range(len(state.types)) if (w.known >> a) & 1},
        opp_hp=o.hp, dealt=state.dealt if mine else (),
        known_open=w.seen & layout.open, known_walls=w.seen & ~layout.open, visible=w.visible,
        opponent=o.pos if (w.visible >> o.pos) & 1 else None, last_seen=w.last_seen,
        potions=dict(w.potion_memory),
    )
