"""Settings > Controls: which keys, pad buttons and GPIO pins press each logical button; remap.

A on a button, then press the new input within 5 seconds (any key, pad button, hat direction or
GPIO pin): it becomes that button's first input. If it belonged to another button, the two swap
(``hw.input`` makes sure no button is left without an input). Y resets every map to the
defaults. Saved at once in the settings (``hub.on_keymap_change``).
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from hw.input import describe
from hw.input.buttons import PAD_BUTTONS, Button, EventKind, Physical

CAPTURE_SECONDS = 5.0
CONTEXTS = (("keyboard", "keys"), ("controller", "pad"), ("joystick", "stick"), ("gpio", "GPIO"))


def bindings(keymap, button) -> str:
    parts = []
    for ctx, label in CONTEXTS:
        codes = keymap.effective(ctx).get(button, ())
        if codes:
            parts.append(f"{label}: " + ", ".join(describe(Physical(ctx, code=c)) for c in codes[:3]))
    return "  ".join(parts) or "(nothing)"


class KeyRemap(MenuScene):
    heading = "Controls"
    hints = (("UPDOWN", "button"), ("A", "remap"), ("Y", "reset all"), ("B", "back"))

    def __init__(self, app) -> None:
        super().__init__(app)
        self.index = 0
        self.capturing: Button | None = None
        self.until = 0.0
        self.t = 0.0
        self.note = ""

    def update(self, dt: float) -> None:
        self.t += dt
        hub = self.app.hub
        if self.capturing is not None and self.t >= self.until:
            if hub is not None:
                hub.cancel_capture()
            self.capturing = None
            self.note = "nothing pressed: unchanged"
            self.dirty = True
        elif self.capturing is not None and int(self.until - self.t) != getattr(self, "_shown", None):
            self._shown = int(self.until - self.t)
            self.dirty = True

    def close(self) -> None:
        if self.capturing is not None and self.app.hub is not None:
            self.app.hub.cancel_capture()

    def on_back(self) -> None:
        if self.capturing is None:
            self.app.back()

    def handle_more(self, ev) -> bool:
        hub = self.app.hub
        if ev.kind is EventKind.REMAPPED and ev.remap is not None:
            r = ev.remap
            self.capturing = None
            if getattr(r, "refused", None):
                self.note = f"refused: {r.refused}"
            else:
                self.note = f"{r.button.value} = {describe(r.physical)}" + (
                    f" (swapped with {r.displaced.value})" if r.displaced else "")
        elif self.capturing is not None:
            pass
        elif ev.triggered(Button.UP):
            self.index = (self.index - 1) % len(PAD_BUTTONS)
        elif ev.triggered(Button.DOWN):
            self.index = (self.index + 1) % len(PAD_BUTTONS)
        elif ev.pressed(Button.A):
            if hub is None:
                self.note = "input is still starting, try again"
            else:
                self.capturing = PAD_BUTTONS[self.index]
                hub.begin_capture(self.capturing)
                self.until = self.t + CAPTURE_SECONDS
                self.note = ""
        elif ev.pressed(Button.Y) and hub is not None:
            self.app.open("confirm", question="Reset every control to the defaults?", on_yes=self._reset)
        return True

    def _reset(self) -> None:
        self.app.hub.reset_keymap()
        self.note = "controls reset to the defaults"

    def notes(self) -> list[tuple]:
        if self.capturing is not None:
            left = max(0, int(self.until - self.t) + 1)
            return [(f"press the new input for {self.capturing.value} ({left}s)", T.ACCENT, "small")]
        return [(self.note, T.GOOD, "small")]

    def draw_body(self, surf, area) -> None:
        th = self.theme
        w = surf.get_width()
        lh = th.line_height("tiny") + 2
        rows = max(1, area.h // lh)
        first = max(0, min(self.index - rows // 2, len(PAD_BUTTONS) - rows))
        hub = self.app.hub
        for n, i in enumerate(range(first, min(len(PAD_BUTTONS), first + rows))):
            b = PAD_BUTTONS[i]
            r = pygame.Rect(area.x, area.y + n * lh, area.w, lh)
            sel = i == self.index
            if sel:
                pygame.draw.rect(surf, (70, 60, 110), r)
            th.text(surf, b.value, (r.x + 2, r.y + 1), T.ACCENT if sel else T.TEXT, "tiny")
            text = bindings(hub.keymap, b) if hub is not None else "…"
            th.text(surf, th.fit(text, r.w - w // 6, "tiny"), (r.x + w // 6, r.y + 1), T.TEXT, "tiny")
