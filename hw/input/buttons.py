"""The logical buttons a scene reads, and the events it gets. No pygame here.

Scenes never see keys, pins or joystick indices: only ``Button`` values inside ``InputEvent``s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple


class Button(str, Enum):
    """A logical button. The value is the name used in key map files and settings."""

    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    A = "A"
    B = "B"
    X = "X"
    Y = "Y"
    L = "L"
    R = "R"
    START = "START"
    SELECT = "SELECT"
    # numeric keypad (War of Wizards: / * - cast, digits move, 5 drink, 0 pick up, + inventory,
    # Enter chat, . end turn)
    KP0 = "KP0"
    KP1 = "KP1"
    KP2 = "KP2"
    KP3 = "KP3"
    KP4 = "KP4"
    KP5 = "KP5"
    KP6 = "KP6"
    KP7 = "KP7"
    KP8 = "KP8"
    KP9 = "KP9"
    KP_DIVIDE = "KP_DIVIDE"
    KP_MULTIPLY = "KP_MULTIPLY"
    KP_MINUS = "KP_MINUS"
    KP_PLUS = "KP_PLUS"
    KP_PERIOD = "KP_PERIOD"
    KP_ENTER = "KP_ENTER"

    def __str__(self) -> str:
        return self.value

    @property
    def is_direction(self) -> bool:
        return self in DIRECTIONS

    @property
    def is_numpad(self) -> bool:
        return self.value.startswith("KP")

    @property
    def symbol(self) -> str:
        """The keypad label ("8", "/", "Enter"...) for keypad buttons, else the name."""
        return _SYMBOLS.get(self.value, self.value)


_SYMBOLS = {**{f"KP{d}": str(d) for d in range(10)}, "KP_DIVIDE": "/", "KP_MULTIPLY": "*", "KP_MINUS": "-",
            "KP_PLUS": "+", "KP_PERIOD": ".", "KP_ENTER": "Enter"}

DIRECTIONS = frozenset({Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT})
PAD_BUTTONS = tuple(b for b in Button if not b.is_numpad)
NUMPAD_BUTTONS = tuple(b for b in Button if b.is_numpad)


class EventKind(str, Enum):
    PRESS = "press"              # button went down
    RELEASE = "release"          # button went up
    REPEAT = "repeat"            # a held direction, after the repeat delay, every interval
    BACK_TO_MENU = "back_to_menu"  # START+SELECT held for the combo time: go to the main menu
    TEXT = "text"                # typed text (only in text mode), in `text`
    TEXT_EDIT = "text_edit"      # an editing key in text mode: `text` is one of EDIT_KEYS' values
    REMAPPED = "remapped"        # a capture finished: `remap` says what changed
    DEVICE = "device"            # a controller was plugged in or out: `text` describes it


class Physical(NamedTuple):
    """One physical input: a key, a controller/joystick button/hat/half-axis, a GPIO pin."""

    context: str        # "keyboard" | "controller" | "joystick" | "gpio"
    device: str = ""    # the device's name (controllers and joysticks), for per-device key maps
    unit: int = 0       # SDL instance id: two identical pads are two units
    code: str | int = ""  # key name, button index, "hat0:up", "axis1:-", "a", BCM pin number

    @property
    def source(self) -> str:
        if self.context in ("controller", "joystick"):
            return f"{self.context}:{self.device}#{self.unit}"
        return self.context


@dataclass(frozen=True)
class RemapResult:
    """What a capture changed: `button` now answers to `physical` (as its first binding).

    If `physical` belonged to another button, that button is `displaced` and received the
    target's previous first binding `swapped_in` (None if the target had none): a swap. A remap
    that would leave a d-pad/face/shoulder/START/SELECT button with no input on that device is
    `refused` instead.
    """

    button: Button
    physical: Physical
    context: str                      # the key map table that changed ("keyboard", "joystick:NAME", ...)
    displaced: Button | None = None
    swapped_in: str | int | None = None
    refused: str = ""                 # non-empty: nothing changed, and this says why

    @property
    def ok(self) -> bool:
        return not self.refused


@dataclass(frozen=True)
class InputEvent:
    kind: EventKind
    button: Button | None = None
    time: float = 0.0                 # seconds on the hub's clock
    source: str = ""                  # "keyboard", "gpio", "controller:NAME#ID", "joystick:NAME#ID"
    text: str = ""
    remap: RemapResult | None = None

    def pressed(self, button: Button) -> bool:
        """True for a PRESS of `button` (act once per press)."""
        return self.kind is EventKind.PRESS and self.button is button

    def triggered(self, button: Button) -> bool:
        """True for a PRESS or a REPEAT of `button` (moving a cursor)."""
        return self.kind in (EventKind.PRESS, EventKind.REPEAT) and self.button is button
