"""Typing a name with a d-pad: an on-screen keyboard (a keyboard types directly too).

D-pad moves over the keys, A types the key, B deletes the last letter (on an empty line: cancel,
the old name stays), X switches case, Start accepts (also the OK key). A real keyboard is put in text mode
(``hub.start_text``): letters type, Backspace deletes, Enter accepts, Escape cancels.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.widgets import bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button, EventKind

ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-.'_", "0123456789")
SPECIAL = ("aA", "space", "del", "OK")


class TextEntry(Scene):
    def __init__(self, app, title: str, text: str = "", on_done=None, max_len: int = 16) -> None:
        super().__init__(app)
        self.title_text = title
        self.text = text
        self.on_done = on_done
        self.max_len = max_len
        self.row, self.col = 0, 0
        self.lower = False
        self.error = ""

    def enter(self) -> None:
        super().enter()
        if self.app.hub is not None:
            self.app.hub.start_text()

    def close(self) -> None:
        if self.app.hub is not None:
            self.app.hub.stop_text()

    def leave(self) -> None:
        self.close()

    def _rows(self):
        return [r.lower() if self.lower else r for r in ROWS] + [SPECIAL]

    def type(self, ch: str) -> None:
        if len(self.text) < self.max_len and ch.isprintable():
            self.text += ch
            self.error = ""

    def accept(self) -> None:
        name = self.text.strip()
        if not name:
            self.error = "a name cannot be empty"
            return
        self.app.back()
        if self.on_done:
            self.on_done(name)

    def handle(self, ev) -> None:
        self.dirty = True
        if ev.kind is EventKind.TEXT:
            for ch in ev.text:
                self.type(ch)
            return
        if ev.kind is EventKind.TEXT_EDIT:
            if ev.text == "backspace":
                self.text = self.text[:-1]
            elif ev.text == "enter":
                self.accept()
            elif ev.text == "cancel":
                self.app.back()
            return
        rows = self._rows()
        if ev.triggered(Button.UP):
            self.row = (self.row - 1) % len(rows)
        elif ev.triggered(Button.DOWN):
            self.row = (self.row + 1) % len(rows)
        elif ev.triggered(Button.LEFT):
            self.col = (self.col - 1) % len(rows[self.row])
        elif ev.triggered(Button.RIGHT):
            self.col = (self.col + 1) % len(rows[self.row])
        elif ev.pressed(Button.A):
            self.col = min(self.col, len(rows[self.row]) - 1)
            key = rows[self.row][self.col] if self.row < len(ROWS) else SPECIAL[self.col]
            if key == "aA":
                self.lower = not self.lower
            elif key == "space":
                self.type(" ")
            elif key == "del":
                self.text = self.text[:-1]
            elif key == "OK":
                self.accept()
            else:
                self.type(key)
        elif ev.pressed(Button.B):
            if self.text:
                self.text = self.text[:-1]
            else:
                self.app.back()                 # nothing typed: cancel (the old name stays)
        elif ev.pressed(Button.X):
            self.lower = not self.lower
        elif ev.pressed(Button.START):
            self.accept()
        self.col = min(self.col, len(rows[self.row]) - 1)

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, self.title_text)
        bar = bottom_rect(surf, th)
        field = pygame.Rect(w // 8, top.bottom + th.pad * 2, w * 3 // 4, th.line_height("big") + th.pad)
        panel(surf, field, fill=T.PANEL_DARK, edge=T.ACCENT)
        th.text(surf, self.text + "_", (field.x + th.pad, field.y + th.pad // 2), T.TEXT, "big")
        th.text(surf, f"{len(self.text)}/{self.max_len}", (field.right, field.bottom + 1), T.TEXT_DIM, "tiny",
                align="right")
        rows = self._rows()
        kh = th.line_height("normal") + th.pad
        kw = (w - 4 * th.pad) // 10
        y = field.bottom + th.line_height("tiny") + th.pad
        for ri, row in enumerate(rows):
            n = len(row)
            cw = kw if ri < len(ROWS) else (w - 4 * th.pad) // n
            x0 = (w - cw * n) // 2
            for ci, key in enumerate(row):
                r = pygame.Rect(x0 + ci * cw, y, cw - 2, kh - 2)
                sel = ri == self.row and ci == min(self.col, n - 1)
                pygame.draw.rect(surf, (70, 60, 110) if sel else T.PANEL, r)
                pygame.draw.rect(surf, T.ACCENT if sel else T.PANEL_EDGE, r, 1)
                th.text(surf, key, (r.centerx, r.y + th.pad // 2), T.ACCENT if sel else T.TEXT, "normal", align="centre")
            y += kh
        if self.error:
            th.text(surf, self.error, (w // 2, bar.y - th.line_height("small")), T.TEXT_BAD, "small", align="centre")
        hint_bar(surf, th, bar, [("A", "type"), ("B", "delete" if self.text else "cancel"), ("X", "case"),
                                 ("START", "OK")])
