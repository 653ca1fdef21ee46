"""Settings > Controls: which keys, pad buttons and GPIO pins press each logical button; remap.

A on a button, then press the new input within 5 seconds (any key, pad button, hat direction or
GPIO pin): it becomes that button's first input. If it belonged to another button, the two swap
(``hw.input`` makes sure no button is left without an input). Y resets every map to the
defaults. Saved at once in the settings (``hub.on_keymap_change``).
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, title_bar
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


class KeyRemap(Scene):
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

    def handle(self, ev) -> None:
        hub = self.app.hub
        self.dirty = True
        if ev.kind is EventKind.REMAPPED and ev.remap is not None:
            r = ev.remap
            self.capturing = None
            if getattr(r, "refused", None):
                self.note = f"refused: {r.refused}"
            else:
                self.note = f"{r.button.value} = {describe(r.physical)}" + (
                    f" (swapped with {r.displaced.value})" if r.displaced else "")
            return
        if self.capturing is not None:
            return
        if ev.triggered(Button.UP):
            self.index = (self.index - 1) % len(PAD_BUTTONS)
        elif ev.triggered(Button.DOWN):
            self.index = (self.index + 1) % len(PAD_BUTTONS)
        elif ev.pressed(Button.A):
            if hub is None:
                self.note = "input is still starting, try again"
                return
            self.capturing = PAD_BUTTONS[self.index]
            hub.begin_capture(self.capturing)
            self.until = self.t + CAPTURE_SECONDS
            self.note = ""
        elif ev.pressed(Button.Y) and hub is not None:
            self.app.open("confirm", question="Reset every control to the defaults?", on_yes=self._reset)
        elif ev.pressed(Button.B):
            self.app.back()

    def _reset(self) -> None:
        self.app.hub.reset_keymap()
        self.note = "controls reset to the defaults"

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, "Controls")
        bar = bottom_rect(surf, th)
        lh = th.line_height("tiny") + 2
        area = pygame.Rect(th.pad, top.bottom + th.pad, w - 2 * th.pad, bar.y - top.bottom - 2 * th.pad - 2 * lh)
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
        y = area.bottom + 2
        if self.capturing is not None:
            left = max(0, int(self.until - self.t) + 1)
            th.text(surf, f"press the new input for {self.capturing.value} ({left}s)", (w // 2, y), T.ACCENT,
                    "small", align="centre")
        elif self.note:
            th.text(surf, th.fit(self.note, w - 2 * th.pad, "small"), (w // 2, y), T.GOOD, "small", align="centre")
        hint_bar(surf, th, bar, [("UPDOWN", "button"), ("A", "remap"), ("Y", "reset all"), ("B", "back")])
