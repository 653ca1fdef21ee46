"""Settings > Controls: which keys, pad buttons and GPIO pins press each logical button; remap.

A on a button, then press the new input within 5 seconds (any key, pad button, hat direction or
GPIO pin): it becomes that button's first input. If it belonged to another button, the two swap
(``hw.input`` makes sure no button is left without an input). Y resets every map to the
defaults. Saved at once in the settings (``hub.on_keymap_change``).
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.art import icons
from game.ui.input_words import CONTEXT_WORDS, input_words
from game.ui.menu_scene import MenuScene
from game.ui.scenes.dialog import wrap
from game.ui.widgets import panel
from hw.input.buttons import PAD_BUTTONS, Button, EventKind, Physical

CAPTURE_SECONDS = 5.0
CONTEXTS = ("keyboard", "controller", "joystick", "gpio")


def binding_lines(keymap, button) -> list[str]:
    """One line per kind of input that presses `button`: "keys: Up, W"."""
    out = []
    for ctx in CONTEXTS:
        codes = keymap.effective(ctx).get(button, ())
        if codes:
            out.append(f"{CONTEXT_WORDS[ctx]}: " + ", ".join(input_words(Physical(ctx, code=c)) for c in codes[:3]))
    return out or ["(nothing)"]


def bindings(keymap, button) -> str:
    return "  ".join(binding_lines(keymap, button))


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
                self.note = f"{r.button.value} = {input_words(r.physical)}" + (
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
        """The buttons with their keys on the left; every input of the chosen one on the right."""
        th = self.theme
        hub = self.app.hub
        lh = th.line_height("tiny") + 2
        names_w = max(th.text_width(b.value, "tiny") for b in PAD_BUTTONS) + 8
        list_w = names_w + area.w * 2 // 7
        rows = max(1, area.h // lh)
        first = max(0, min(self.index - rows // 2, len(PAD_BUTTONS) - rows))
        for n, i in enumerate(range(first, min(len(PAD_BUTTONS), first + rows))):
            b = PAD_BUTTONS[i]
            r = pygame.Rect(area.x, area.y + n * lh, list_w, lh)
            sel = i == self.index
            if sel:
                pygame.draw.rect(surf, (70, 60, 110), r)
            th.text(surf, b.value, (r.x + 2, r.y + 1), T.ACCENT if sel else T.TEXT, "tiny")
            keys = binding_lines(hub.keymap, b)[0] if hub is not None else "…"
            keys = keys.split(": ", 1)[-1]
            th.text(surf, th.fit(keys, r.w - names_w - 2, "tiny"), (r.x + names_w, r.y + 1), T.TEXT_DIM, "tiny")
        if first > 0:
            icons.shape(surf, "up", (area.x + list_w - 6, area.y + 4), 3, T.TEXT_DIM, None)
        if first + rows < len(PAD_BUTTONS):
            icons.shape(surf, "down", (area.x + list_w - 6, area.y + rows * lh - 4), 3, T.TEXT_DIM, None)
        box = pygame.Rect(area.x + list_w + th.pad, area.y, area.right - list_w - area.x - th.pad, area.h)
        b = PAD_BUTTONS[self.index]
        inner = panel(surf, box, th=th, title=f"{b.value} is pressed by")
        lines = wrap(th, binding_lines(hub.keymap, b) if hub is not None else ["input is starting…"], inner.w,
                     "tiny")
        y = inner.y
        for line in lines:
            if y + th.line_height("tiny") > inner.bottom:
                break
            th.text(surf, line, (inner.x, y), T.TEXT, "tiny")
            y += th.line_height("tiny")
