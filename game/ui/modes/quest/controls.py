"""Which button does what on the Hex quest board (no pygame, no game state changes here).

`board_command` turns one pressed button into a command the scene carries out:
("back",) ("undo",) ("redo",) ("cycle", +-1) ("wait",) ("aim", d) ("move", d) ("row", +-1)
("act",) or None. ("move", d) sets the aim to d and steps there; ("aim", d) only sets the aim;
("row", side) steps to the hex beside the player in its drawn row (`row_direction`).

D-pad and buttons (one hand; issue 20: one press per move, aiming only when casting):
    hex maps     every d-pad direction is a step. UP / DOWN step N / S. LEFT / RIGHT step to the
                 hex beside you in your row: the rows zig-zag, so from a column drawn high RIGHT
                 is SE and LEFT SW, from a column drawn low RIGHT is NE and LEFT NW (the arrow
                 under the player shows it). The other diagonal is the d-pad's corner: UP+RIGHT
                 NE, DOWN+RIGHT SE, DOWN+LEFT SW, UP+LEFT NW (`HexPad`: a lone arrow counts when
                 it is let go, or once held HOLD seconds; a second arrow pressed meanwhile makes
                 the corner).
                 While a spell is chosen the d-pad only aims: UP / DOWN N / S, LEFT / RIGHT turn
                 the aim arrow anticlockwise / clockwise.
    square maps  UP RIGHT DOWN LEFT step N E S W (aim, while a spell is chosen)
    A act in the aim (step, push, blow, or the chosen spell)   B undo   X redo
    L / R (and Y) cycle what A does: step, then each known spell   START the pause menu
    (resume, wait a turn, restart, how to play, leave)

Numeric keypad (claimed while the board is up, so its keys arrive as themselves):
    hex maps     8 N   9 NE   3 SE   2 S   1 SW   7 NW;  4 / 6 turn the aim anticlockwise / clockwise
    square maps  8 N   6 E    2 S    4 W   (8-neighbour maps also 9 NE  3 SE  1 SW  7 NW)
    5 or Enter act in the aim   0 undo   . redo   / choose step or spell   * wait
    + back to the level list    - nothing (with +, held: the main menu)
"""

from __future__ import annotations

from hw.input.buttons import Button

B = Button
_FIXED = {B.START: ("back",), B.B: ("undo",), B.X: ("redo",), B.Y: ("cycle", 1), B.L: ("cycle", -1),
          B.R: ("cycle", 1), B.A: ("act",), B.KP_PLUS: ("back",), B.KP0: ("undo",), B.KP_PERIOD: ("redo",),
          B.KP_DIVIDE: ("cycle", 1), B.KP_MULTIPLY: ("wait",), B.KP5: ("act",), B.KP_ENTER: ("act",)}
_HEX_STEPS = {B.UP: 0, B.DOWN: 3}
_SQUARE_STEPS = {B.UP: 0, B.RIGHT: 1, B.DOWN: 2, B.LEFT: 3}
# keypad digits by compass point; a grid's direction names (game.core.grid.DIR_NAMES) pick theirs
KEYPAD_COMPASS = {B.KP8: "N", B.KP9: "NE", B.KP6: "E", B.KP3: "SE", B.KP2: "S", B.KP1: "SW", B.KP4: "W",
                  B.KP7: "NW"}
_HEX_TURNS = {B.LEFT: -1, B.RIGHT: 1, B.KP4: -1, B.KP6: 1}
_HEX_ROW = {B.LEFT: -1, B.RIGHT: 1}
ARROWS = (B.UP, B.DOWN, B.LEFT, B.RIGHT)
# hex directions (N NE SE S SW NW = 0..5) of the d-pad's corners
HEX_CORNER = {frozenset((B.UP, B.RIGHT)): 1, frozenset((B.DOWN, B.RIGHT)): 2, frozenset((B.DOWN, B.LEFT)): 4,
              frozenset((B.UP, B.LEFT)): 5}
HOLD = 0.15                 # seconds a lone arrow held down waits for a second one (the corner)


def keypad_direction(b: Button, dir_names: tuple[str, ...]) -> int | None:
    """The grid direction keypad digit `b` stands for on a grid with these direction names."""
    name = KEYPAD_COMPASS.get(b)
    return dir_names.index(name) if name in dir_names else None


def board_command(b: Button, dir_names: tuple[str, ...], aim: int, stepping: bool) -> tuple | None:
    """The command for button `b` on a grid with direction names `dir_names` (six names: a hex
    map), with the aim `aim`; `stepping` is False while a spell is chosen (directions only aim)."""
    if b in _FIXED:
        return _FIXED[b]
    hexmap = len(dir_names) == 6
    if hexmap and stepping and b in _HEX_ROW:
        return ("row", _HEX_ROW[b])
    if hexmap and b in _HEX_TURNS:
        return ("aim", (aim + _HEX_TURNS[b]) % 6)
    d = (_HEX_STEPS if hexmap else _SQUARE_STEPS).get(b)
    if d is None:
        d = keypad_direction(b, dir_names)
    if d is None:
        return None
    return ("move", d) if stepping else ("aim", d)


def row_direction(grid, cell: int, side: int) -> int:
    """The hex direction (0..5) to the hex beside `cell` in its drawn (odd-q offset) row, on the
    right (side 1) or the left (-1): SE/SW from a column drawn high, NE/NW from one drawn low.
    Worked out from the grid's own offset rows, so it holds at the map's edge too."""
    x, y = grid.xs[cell], grid.ys[cell]
    row = y + (x - (x & 1)) // 2
    for d in ((1, 2) if side > 0 else (5, 4)):
        dx, dy = grid.dirs[d]
        nx, ny = x + dx, y + dy
        if ny + (nx - (nx & 1)) // 2 == row:
            return d
    return 2 if side > 0 else 4


class HexPad:
    """The hex board's arrows, one press a step: a lone arrow counts when let go (or once held
    HOLD seconds - then its repeats step again); a second arrow pressed while the first is down
    makes the d-pad's corner (a diagonal), counted once. Returns ("arrow", button) or
    ("corner", direction) or None."""

    def __init__(self) -> None:
        self.pending = None          # an arrow down, not counted yet
        self.since = 0.0
        self.counted = set()         # arrows down whose press has counted (held: repeats step)

    def press(self, b, now: float):
        if self.pending is not None and self.pending != b:
            d = HEX_CORNER.get(frozenset((self.pending, b)))
            first, self.pending = self.pending, None
            if d is not None:
                self.counted |= {first, b}
                return ("corner", d)
            self.counted.add(first)
            self.pending, self.since = b, now
            return ("arrow", first)            # (two arrows that make no corner: the first alone)
        self.pending, self.since = b, now
        return None

    def release(self, b):
        self.counted.discard(b)
        if self.pending == b:
            self.pending = None
            return ("arrow", b)
        return None

    def repeat(self, b):
        return ("arrow", b) if b in self.counted and self.pending is None else None

    def poll(self, now: float):
        if self.pending is not None and now - self.since >= HOLD:
            b, self.pending = self.pending, None
            self.counted.add(b)
            return ("arrow", b)
        return None

    def cancel(self) -> None:
        self.pending = None
        self.counted.clear()


def hint_pairs(numpad: bool, hexmap: bool = False) -> list[tuple[str, str]]:
    """The hint bar's (button, what) pairs, for the d-pad scheme or the keypad one."""
    if numpad:
        return [("5", "act"), ("0", "undo"), (".", "redo"), ("/", "spell"), ("*", "wait")]
    return [("A", "act"), ("B", "undo"), ("X", "redo"), ("LR", "next spell"), ("START", "pause")]


def claim_keypad(app, on: bool) -> None:
    """Claim the numeric keypad (its keys arrive as KP buttons) or give it back to the menus."""
    hub = getattr(app, "hub", None)
    if hub is not None and hub.numpad_claimed != on:
        hub.claim_numpad(on)
