"""Stepping on the Hex quest board with the d-pad, one press a step (docs/rules/quest.md "One press
a step on hex maps"): Up/Down N/S, Left/Right the hex beside the player in its row, the d-pad's
corners (two arrows held together) the other diagonals. Square maps: the four arrows."""

from __future__ import annotations

from game.ui import scripted_input
from game.ui.modes.quest.controls import row_direction
from hw.input.buttons import Button as B

CORNER = {1: (B.UP, B.RIGHT), 2: (B.DOWN, B.RIGHT), 4: (B.DOWN, B.LEFT), 5: (B.UP, B.LEFT)}
SQUARE = {0: B.UP, 1: B.RIGHT, 2: B.DOWN, 3: B.LEFT}


def step_buttons(sc, d: int) -> tuple:
    """The buttons for a step in direction d: one arrow, or a corner's two (pressed together)."""
    g = sc.game.g
    if len(g.dir_names) != 6:
        return (SQUARE[d],)
    if d in (0, 3):
        return (B.UP if d == 0 else B.DOWN,)
    cell = sc.game.player["cell"]
    for side, b in ((1, B.RIGHT), (-1, B.LEFT)):
        if row_direction(g, cell, side) == d:
            return (b,)
    return CORNER[d]


def step(app, sc, d: int) -> tuple:
    """Step in direction d as a person would; returns the buttons pressed."""
    buttons = step_buttons(sc, d)
    if len(buttons) == 1:
        scripted_input.press(app, buttons[0])
    else:
        scripted_input.hold(app, *buttons)
        scripted_input.release(app, *buttons)
        app.run_frames(1)
    return buttons
