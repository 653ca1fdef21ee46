"""Which button does what on the Hex quest board (no pygame, no game state changes here).

`board_command` turns one pressed button into a command the scene carries out:
("back",) ("undo",) ("redo",) ("cycle",) ("wait",) ("aim", d) ("move", d) ("act",) or None.
"""

from __future__ import annotations

from hw.input.buttons import Button

HEX_AIMS = (0, 1, 2, 3, 4, 5)
_FIXED = {Button.START: ("back",), Button.B: ("undo",), Button.X: ("redo",), Button.Y: ("cycle",),
          Button.L: ("wait",), Button.A: ("act",)}
_HEX_STEPS = {Button.UP: 0, Button.DOWN: 3}
_SQUARE_STEPS = {Button.UP: 0, Button.RIGHT: 1, Button.DOWN: 2, Button.LEFT: 3}


def board_command(b: Button, hexmap: bool, aim: int, stepping: bool) -> tuple | None:
    """The command for button `b` on a hex or square board, with the aim `aim`; `stepping` is
    False while a spell is chosen (then the directions only aim)."""
    if b in _FIXED:
        return _FIXED[b]
    if hexmap and b in (Button.LEFT, Button.RIGHT):
        return ("aim", (aim + (1 if b == Button.RIGHT else -1)) % 6)
    dirs = _HEX_STEPS if hexmap else _SQUARE_STEPS
    if b in dirs:
        return ("move", dirs[b]) if stepping else ("aim", dirs[b])
    return None
