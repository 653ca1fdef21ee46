"""The eight directions from a four-way d-pad, one-handed.

- A plain arrow is north, east, south or west. It waits CHORD seconds before it counts, so that
  rocking the d-pad onto a diagonal (two arrows pressed together) reads as that diagonal.
- L or R held with UP/DOWN: the diagonal on that side (L+UP north-west, R+UP north-east, L+DOWN
  south-west, R+DOWN south-east) - for d-pads that cannot press two arrows at once.
- The number pad's 1-9 (5 = wait) map straight to the directions (keyboards).

Directions are the dungeon's: 0 north, then clockwise; 8 = wait.

    reader = DpadReader()
    d = reader.press(button, now, held)   # a direction at once (a chord, a shoulder, the numpad)
    d = reader.poll(now)                  # a lone arrow once its chord time is over
"""

from __future__ import annotations

from hw.input.buttons import Button

CHORD = 0.09                      # seconds a lone arrow waits for a second one
ARROW = {Button.UP: 0, Button.RIGHT: 2, Button.DOWN: 4, Button.LEFT: 6}
PAIR = {frozenset((0, 2)): 1, frozenset((2, 4)): 3, frozenset((4, 6)): 5, frozenset((6, 0)): 7}
SHOULDER = {(Button.L, 0): 7, (Button.R, 0): 1, (Button.L, 4): 5, (Button.R, 4): 3}
NUMPAD = {Button.KP8: 0, Button.KP9: 1, Button.KP6: 2, Button.KP3: 3, Button.KP2: 4, Button.KP1: 5,
          Button.KP4: 6, Button.KP7: 7, Button.KP5: 8}


class DpadReader:
    def __init__(self, chord: float = CHORD) -> None:
        self.chord = chord
        self.pending: int | None = None       # a lone arrow's direction, waiting for a partner
        self.since = 0.0

    def press(self, button, now: float, held=()) -> int | None:
        """A direction at once, or None (nothing, or a lone arrow now waiting: see `poll`)."""
        if button in NUMPAD:
            self.pending = None
            return NUMPAD[button]
        d = ARROW.get(button)
        if d is None:
            return None
        for shoulder in (Button.L, Button.R):
            if shoulder in held and (shoulder, d) in SHOULDER:
                self.pending = None
                return SHOULDER[(shoulder, d)]
        if self.pending is not None:
            both = PAIR.get(frozenset((self.pending, d)))
            if both is not None:
                self.pending = None
                return both
            old, self.pending, self.since = self.pending, d, now
            return old                        # the first arrow counts alone; this one waits
        self.pending, self.since = d, now
        return None

    def poll(self, now: float) -> int | None:
        """The waiting arrow once nobody pressed a second one in time."""
        if self.pending is not None and now - self.since >= self.chord:
            d, self.pending = self.pending, None
            return d
        return None

    def cancel(self) -> None:
        self.pending = None
