"""The keyboard and the numeric keypad, from pygame key events: two sources of one class.

Keys are named as in key map files (``hw.input.keynames``); keypad keys are recognised by their
scancode (``kp_5`` with Num Lock on or off). The ``keyboard`` source takes every key but the
keypad's, the ``numpad`` source only the keypad's (a USB keypad is a keyboard to SDL, so the two
split one stream of events). Both press inputs of the key map's ``keyboard`` table.

In text mode (a chat line: ``hub.start_text()``) keys do not press logical buttons: typed
characters arrive as TEXT events (from the keyboard source) and editing keys as TEXT_EDIT
(``backspace``, ``delete``, ``enter``, ``cancel``, ``left``, ``right``, ``home``, ``end``;
keypad Enter is ``enter`` too); gamepads and GPIO keep working as usual. A key already down when
text mode starts still releases its button normally.
"""

from __future__ import annotations

from typing import Any

import pygame

from hw.input.buttons import EventKind, InputEvent, Physical
from hw.input.keynames import key_name
from hw.input.source import InputSource, Item, SourceHost

EDIT_KEYS = {"backspace": "backspace", "delete": "delete", "return": "enter", "kp_enter": "enter",
             "escape": "cancel", "left": "left", "right": "right", "home": "home", "end": "end"}


def is_keypad(name: str) -> bool:
    return name.startswith("kp_")


class KeyboardSource(InputSource):
    def __init__(self, host: SourceHost, *, keypad: bool = False) -> None:
        self.host = host
        self.keypad = keypad            # True: the numpad source (keypad keys only)
        self.down: set[str] = set()
        self.pygame_events = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.WINDOWFOCUSLOST}
                                       | (set() if keypad else {pygame.TEXTINPUT}))

    def _mine(self, name: str) -> bool:
        return is_keypad(name) == self.keypad

    def handle(self, event: pygame.event.Event, t: int) -> list[Item]:
        et = event.type
        if et in (pygame.KEYDOWN, pygame.KEYUP):
            name = key_name(event.key, getattr(event, "scancode", None))
            if not self._mine(name):
                return []
            if et == pygame.KEYUP:
                if name not in self.down:
                    return []
                self.down.discard(name)
                return [(t, Physical("keyboard", code=name), False)]
            if name in self.down:
                return []  # the OS's own key repeat: we repeat by ourselves
            if self.host.text_mode:
                if name in EDIT_KEYS:
                    return [(t, InputEvent(EventKind.TEXT_EDIT, None, t / 1000, "keyboard", EDIT_KEYS[name]))]
                return []
            self.down.add(name)
            return [(t, Physical("keyboard", code=name), True)]
        if et == pygame.TEXTINPUT:
            if self.host.text_mode and event.text:
                return [(t, InputEvent(EventKind.TEXT, None, t / 1000, "keyboard", event.text))]
            return []
        if et == pygame.WINDOWFOCUSLOST:
            return self.release_all(t)
        return []

    def release_all(self, t: int) -> list[Item]:
        edges: list[Item] = [(t, Physical("keyboard", code=name), False) for name in sorted(self.down)]
        self.down.clear()
        return edges


def open_keyboard(host: SourceHost, **_: Any) -> KeyboardSource:
    return KeyboardSource(host)


def open_numpad(host: SourceHost, **_: Any) -> KeyboardSource:
    return KeyboardSource(host, keypad=True)
