"""Controls test: a picture of the pad and the keypad; each logical button lights while held.

The scene claims the numeric keypad (``hub.claim_numpad``) so keypad keys show as themselves.
It shows where the last press came from (keyboard, gpio, controller:NAME#id) and device news.
Leave by holding B for a second, or START+SELECT (back to the menu from anywhere).
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button, EventKind

HOLD_TO_LEAVE = 1.0
PAD = {  # button -> (x, y) on a 100 x 60 pad drawing, shape
    Button.UP: (18, 20), Button.DOWN: (18, 40), Button.LEFT: (8, 30), Button.RIGHT: (28, 30),
    Button.X: (82, 18), Button.B: (82, 42), Button.Y: (72, 30), Button.A: (92, 30),
    Button.SELECT: (42, 40), Button.START: (58, 40), Button.L: (14, 4), Button.R: (86, 4),
}
KEYPAD = (("KP_DIVIDE", "/"), ("KP_MULTIPLY", "*"), ("KP_MINUS", "-"), None,
          ("KP7", "7"), ("KP8", "8"), ("KP9", "9"), ("KP_PLUS", "+"),
          ("KP4", "4"), ("KP5", "5"), ("KP6", "6"), None,
          ("KP1", "1"), ("KP2", "2"), ("KP3", "3"), ("KP_ENTER", "Ent"),
          ("KP0", "0"), None, ("KP_PERIOD", "."), None)


class ControlsTest(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.held: set[Button] = set()
        self.seen: set[Button] = set()
        self.last = ""
        self.b_held = 0.0

    def enter(self) -> None:
        super().enter()
        if self.app.hub is not None:
            self.app.hub.claim_numpad(True)

    def leave(self) -> None:
        if self.app.hub is not None:
            self.app.hub.claim_numpad(False)

    close = leave

    def handle(self, ev) -> None:
        if ev.kind is EventKind.PRESS and ev.button is not None:
            self.held.add(ev.button)
            self.seen.add(ev.button)
            self.last = f"{ev.button.value} from {ev.source or '?'}"
            self.dirty = True
        elif ev.kind is EventKind.RELEASE and ev.button is not None:
            self.held.discard(ev.button)
            if ev.button is Button.B:
                self.b_held = 0.0
            self.dirty = True
        elif ev.kind is EventKind.DEVICE:
            self.last = ev.text
            self.dirty = True

    def update(self, dt: float) -> None:
        if Button.B in self.held:
            self.b_held += dt
            if self.b_held >= HOLD_TO_LEAVE:
                self.held.clear()
                self.app.back()

    def lit(self, button: Button) -> bool:
        return button in self.held

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, "Controls test", f"{len(self.seen)} buttons seen")
        bar = bottom_rect(surf, th)
        area = pygame.Rect(th.pad, top.bottom + th.pad, w - 2 * th.pad, bar.y - top.bottom - 2 * th.pad
                           - th.line_height("small"))
        pad = pygame.Rect(area.x, area.y, area.w * 3 // 5, area.h)
        self.pad_rects = {}
        sx, sy = pad.w / 100, pad.h / 60
        r = max(5, int(min(sx, sy) * 5))
        pygame.draw.rect(surf, T.PANEL, pad.inflate(-2, -2), border_radius=r * 2)
        for b, (x, y) in PAD.items():
            cx, cy = pad.x + int(x * sx), pad.y + int(y * sy) + r
            on = self.lit(b)
            col = T.ACCENT if on else (T.PANEL_EDGE if b in self.seen else (70, 64, 90))
            if b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT):
                shape(surf, b.value.lower(), (cx, cy), r, col)
            elif b in (Button.START, Button.SELECT, Button.L, Button.R):
                rect = pygame.Rect(0, 0, r * 3, r * 3 // 2)
                rect.center = (cx, cy)
                pygame.draw.rect(surf, col, rect, border_radius=r // 2)
                th.text(surf, b.value[:3].title() if len(b.value) > 1 else b.value, (cx, rect.y), T.BG, "tiny",
                        align="centre")
            else:
                pygame.draw.circle(surf, col, (cx, cy), r)
                th.text(surf, b.value, (cx, cy - th.line_height("tiny") // 2), T.BG, "tiny", align="centre")
            self.pad_rects[b] = pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
        kp = pygame.Rect(pad.right + th.pad * 2, area.y, area.right - pad.right - th.pad * 2, area.h)
        kw, kh = kp.w // 4, kp.h // 5
        for i, key in enumerate(KEYPAD):
            if key is None:
                continue
            b = Button(key[0])
            rect = pygame.Rect(kp.x + (i % 4) * kw, kp.y + (i // 4) * kh, kw - 2, kh - 2)
            on = self.lit(b)
            pygame.draw.rect(surf, T.ACCENT if on else (T.PANEL_EDGE if b in self.seen else T.PANEL), rect,
                             border_radius=3)
            th.text(surf, key[1], (rect.centerx, rect.centery - th.line_height("tiny") // 2), T.BG if on else T.TEXT,
                    "tiny", align="centre")
            self.pad_rects[b] = rect
        th.text(surf, th.fit(self.last or "press any button", w - 2 * th.pad, "small"),
                (w // 2, area.bottom + 1), T.TEXT, "small", align="centre")
        hint_bar(surf, th, bar, [("B", "hold 1 s: leave"), ("START", "+Select held: menu")])
