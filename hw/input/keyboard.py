"""Keyboard (with numeric keypad) from pygame key events.

Keys are named as in key map files (``hw.input.keynames``). In text mode (a chat line) keys do
not press logical buttons: typed characters arrive as TEXT events and editing keys as TEXT_EDIT
(``backspace``, ``delete``, ``enter``, ``cancel``, ``left``, ``right``, ``home``, ``end``);
gamepads and GPIO keep working as usual. A key already down when text mode starts still
releases its button normally.
"""

from __future__ import annotations

import pygame

from hw.input.buttons import EventKind, InputEvent, Physical
from hw.input.keynames import key_name

EDIT_KEYS = {"backspace": "backspace", "delete": "delete", "return": "enter", "kp_enter": "enter",
             "escape": "cancel", "left": "left", "right": "right", "home": "home", "end": "end"}

Edge = tuple[int, Physical, bool]


class KeyboardSource:
    def __init__(self) -> None:
        self.text_mode = False
        self.down: set[str] = set()

    def handle(self, event: pygame.event.Event, t: int) -> tuple[list[Edge], list[InputEvent]]:
        edges: list[Edge] = []
        notes: list[InputEvent] = []
        et = event.type
        if et == pygame.KEYDOWN:
            name = key_name(event.key, getattr(event, "scancode", None))
            if name in self.down:
                return edges, notes  # the OS's own key repeat: we repeat by ourselves
            if self.text_mode:
                if name in EDIT_KEYS:
                    notes.append(InputEvent(EventKind.TEXT_EDIT, None, t / 1000, "keyboard", EDIT_KEYS[name]))
                return edges, notes
            self.down.add(name)
            edges.append((t, Physical("keyboard", code=name), True))
        elif et == pygame.KEYUP:
            name = key_name(event.key, getattr(event, "scancode", None))
            if name in self.down:
                self.down.discard(name)
                edges.append((t, Physical("keyboard", code=name), False))
        elif et == pygame.TEXTINPUT:
            if self.text_mode and event.text:
                notes.append(InputEvent(EventKind.TEXT, None, t / 1000, "keyboard", event.text))
        elif et == pygame.WINDOWFOCUSLOST:
            edges += self.release_all(t)
        return edges, notes

    def release_all(self, t: int) -> list[Edge]:
        edges = [(t, Physical("keyboard", code=name), False) for name in sorted(self.down)]
        self.down.clear()
        return edges
