"""Which button does what on the Hex quest board (no pygame, no game state changes here).

`board_command` turns one pressed button into a command the scene carries out:
("back",) ("undo",) ("redo",) ("cycle",) ("wait",) ("aim", d) ("move", d) ("act",) or None.
("move", d) sets the aim to d and steps there; ("aim", d) only sets the aim.

D-pad and buttons (one hand):
    hex maps     UP / DOWN step N / S; LEFT / RIGHT turn the aim arrow anticlockwise / clockwise
    square maps  UP RIGHT DOWN LEFT step N E S W
    A act in the aim (step, push, blow, or the chosen spell)   B undo   X redo
    Y choose what A does (step, then each known spell; while a spell is chosen the directions
      only aim)   L wait a turn   START back to the level list

Numeric keypad (claimed while the board is up, so its keys arrive as themselves):
    hex maps     8 N   9 NE   3 SE   2 S   1 SW   7 NW;  4 / 6 turn the aim anticlockwise / clockwise
    square maps  8 N   6 E    2 S    4 W   (8-neighbour maps also 9 NE  3 SE  1 SW  7 NW)
    5 or Enter act in the aim   0 undo   . redo   / choose step or spell   * wait
    + back to the level list    - nothing (with +, held: the main menu)
"""

from __future__ import annotations

from hw.input.buttons import Button

B = Button
_FIXED = {B.START: ("back",), B.B: ("undo",), B.X: ("redo",), B.Y: ("cycle",), B.L: ("wait",), B.A: ("act",),
          B.KP_PLUS: ("back",), B.KP0: ("undo",), B.KP_PERIOD: ("redo",), B.KP_DIVIDE: ("cycle",),
          B.KP_MULTIPLY: ("wait",), B.KP5: ("act",), B.KP_ENTER: ("act",)}
_HEX_STEPS = {B.UP: 0, B.DOWN: 3}
_SQUARE_STEPS = {B.UP: 0, B.RIGHT: 1, B.DOWN: 2, B.LEFT: 3}
# keypad digits by compass point; a grid's direction names (game.core.grid.DIR_NAMES) pick theirs
KEYPAD_COMPASS = {B.KP8: "N", B.KP9: "NE", B.KP6: "E", B.KP3: "SE", B.KP2: "S", B.KP1: "SW", B.KP4: "W",
                  B.KP7: "NW"}
_HEX_TURNS = {B.LEFT: -1, B.RIGHT: 1, B.KP4: -1, B.KP6: 1}


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
    if hexmap and b in _HEX_TURNS:
        return ("aim", (aim + _HEX_TURNS[b]) % 6)
    d = (_HEX_STEPS if hexmap else _SQUARE_STEPS).get(b)
    if d is None:
        d = keypad_direction(b, dir_names)
    if d is None:
        return None
    return ("move", d) if stepping else ("aim", d)


def hint_pairs(numpad: bool) -> list[tuple[str, str]]:
    """The hint bar's (button, what) pairs, for the d-pad scheme or the keypad one."""
    if numpad:
        return [("5", "act"), ("0", "undo"), (".", "redo"), ("/", "spell"), ("*", "wait")]
    return [("A", "act"), ("B", "undo"), ("X", "redo"), ("Y", "spell"), ("L", "wait")]


def claim_keypad(app, on: bool) -> None:
    """Claim the numeric keypad (its keys arrive as KP buttons) or give it back to the menus."""
    hub = getattr(app, "hub", None)
    if hub is not None and hub.numpad_claimed != on:
        hub.claim_numpad(on)
