"""The menu-screen skeleton: a title bar, a list of options (``ListMenu``) or a body of the
scene's own, a few note lines, and the button hints at the bottom.

    class DuelOptions(MenuScene):
        heading = "Duel options"
        def __init__(self, app):
            super().__init__(app)
            self.menu = ListMenu([Item("Level size", choices=..., get=..., set=...), Item("Done", app.back)])

B goes back, START takes the current line (like A), UP/DOWN/LEFT/RIGHT/A work the list (a
cursor sound on each change); every input repaints. Override ``heading_right()``, ``notes()``
(lines above the hints), ``draw_body(surf, rect)``, ``handle_more(ev)`` (buttons of your own,
before the list) or ``after_menu(result)`` — whatever differs.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.widgets import ListMenu, bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button

MENU_HINTS = (("UPDOWN", "choose"), ("DPAD", "change"), ("A", "go"), ("B", "back"))


class MenuScene(Scene):
    heading = ""
    hints: tuple = MENU_HINTS
    menu_size = "small"          # the list's font
    value_share = 0.5            # where option values start, as a share of the list's width
    menu: ListMenu | None = None

    # --- what a screen may change -------------------------------------------------------------------
    def heading_right(self) -> str:
        return ""

    def notes(self) -> list[tuple]:
        """Lines shown centred above the hint bar: (text, colour) or (text, colour, font size)."""
        cur = self.menu.current if self.menu is not None else None
        return [(cur.hint, T.TEXT_DIM)] if cur is not None and cur.hint else []

    def handle_more(self, ev) -> bool:
        """Buttons of this screen's own, looked at before the list; True = taken."""
        return False

    def after_menu(self, result: str) -> None:
        """The list moved ('move'), changed a value ('change') or took a line ('select')."""

    def on_back(self) -> None:
        self.app.back()

    def on_start(self) -> None:
        cur = self.menu.current if self.menu is not None else None
        if cur is not None and cur.is_enabled() and cur.on_select:
            cur.on_select()

    # --- the skeleton ----------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.pressed(Button.B):
            self.on_back()
            return
        self.dirty = True
        if self.handle_more(ev):
            return
        if ev.pressed(Button.START):
            self.on_start()
            return
        result = self.menu.handle(ev) if self.menu is not None else None
        if result:
            self.app.sound.play("cursor")
            self.after_menu(result)

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, self.heading, self.heading_right())
        bar = bottom_rect(surf, th)
        notes = [n for n in self.notes() if n[0]]
        heights = [th.line_height(n[2] if len(n) > 2 else "tiny") for n in notes]
        body = pygame.Rect(th.pad * 2, top.bottom + th.pad, w - 4 * th.pad,
                           bar.y - top.bottom - 2 * th.pad - sum(heights))
        self.draw_body(surf, body)
        y = body.bottom + th.pad // 2
        for note, lh in zip(notes, heights):
            size = note[2] if len(note) > 2 else "tiny"
            th.text(surf, th.fit(note[0], w - 4 * th.pad, size), (w // 2, y), note[1], size, align="centre")
            y += lh
        hint_bar(surf, th, bar, self.hints)

    def draw_body(self, surf, rect: pygame.Rect) -> None:
        if self.menu is not None:
            self.menu.draw(surf, self.theme, rect, size=self.menu_size, value_x=int(rect.w * self.value_share))
