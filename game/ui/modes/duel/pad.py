"""Duel keys: the plan's number pad, and a d-pad + buttons scheme for one hand (no pygame here).

Number pad (claimed while the duel screen is up; `game/modes/duel/keys.py` reads it):
    / * -   cast spell 1 2 3      7 8 9 / 4 6 / 1 2 3   step (8 directions)
    5       drink from the ground 0   pick up           + then 1-9   drink from the bag
    Enter   chat                  . / Del   end turn

D-pad + buttons:
    d-pad      one step when the direction is let go; press two directions together (a
               diagonal on a d-pad or stick) for a diagonal step
    L / R held with Up or Down: the diagonal on that side (L+Up = NW, R+Down = SE, ...)
    A  actions menu (cast 1-3, drink here, pick up, drink from the bag, end turn, chat)
    B  cancel   X  end turn (press twice)   Y  chat phrases   Select  log and info   Start  menu
"""

from __future__ import annotations

from hw.input.buttons import Button, EventKind

# grid directions N E S W NE SE SW NW = 0..7 (game.modes.duel.state.DIRS)
N, E, S, W, NE, SE, SW, NW = range(8)
_CHORDS = {
    frozenset({Button.UP}): N, frozenset({Button.RIGHT}): E, frozenset({Button.DOWN}): S,
    frozenset({Button.LEFT}): W, frozenset({Button.UP, Button.RIGHT}): NE,
    frozenset({Button.DOWN, Button.RIGHT}): SE, frozenset({Button.DOWN, Button.LEFT}): SW,
    frozenset({Button.UP, Button.LEFT}): NW,
}
_SIDE = {(Button.L, Button.UP): NW, (Button.L, Button.DOWN): SW, (Button.R, Button.UP): NE,
         (Button.R, Button.DOWN): SE}
DIRECTION_BUTTONS = (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)


def keypad_name(button: Button) -> str | None:
    """The name `KeypadReader` expects for a keypad button ("8", "/", "Enter", ".")."""
    return button.symbol if button.is_numpad else None


class DpadSteps:
    """Turns d-pad presses into step directions (commit on release, so two directions pressed
    together make a diagonal). L/R are tracked here as the side modifiers."""

    def __init__(self) -> None:
        self.held: set[Button] = set()
        self.chord: set[Button] = set()
        self.side: set[Button] = set()

    def reset(self) -> None:
        self.held.clear()
        self.chord.clear()

    @property
    def pending(self) -> bool:
        return bool(self.chord)

    def feed(self, ev) -> int | None:
        """A direction (0..7) when a step is complete, else None."""
        b = ev.button
        if b in (Button.L, Button.R):
            if ev.kind is EventKind.PRESS:
                self.side.add(b)
            elif ev.kind is EventKind.RELEASE:
                self.side.discard(b)
            return None
        if b not in DIRECTION_BUTTONS:
            return None
        if ev.kind is EventKind.PRESS:
            for side in (Button.L, Button.R):
                if side in self.side and (side, b) in _SIDE:
                    self.reset()
                    return _SIDE[(side, b)]
            self.held.add(b)
            self.chord.add(b)
        elif ev.kind is EventKind.RELEASE and b in self.held:
            self.held.discard(b)
            if not self.held:
                d = _CHORDS.get(frozenset(self.chord))
                self.chord.clear()
                return d
        return None
