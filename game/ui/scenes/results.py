"""A results screen any mode may use: who won in big letters, a few lines of what happened,
then **Play again** (where the cursor starts) and **Menu**, both on A.

    app.replace("results", mode="bout", headline="Victory!", tone="win",
                lines=[("You", "2 wounds taken"), ("Brigand", "fell in round 4")],
                again=lambda: start_another_bout(app), extras=[("Watch the replay", watch)])

`tone` colours the headline: "win" (good), "loss" (bad), "draw" or "" (neutral). `lines` are
(text, colour) pairs or (left, right) text pairs drawn as two columns. B goes to the main menu
too (the game is over: nothing is lost). Without `again` the menu has no "Play again".
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.guide import guide_for
from game.ui.scene import Scene
from game.ui.widgets import Item, ListMenu, bottom_rect, hint_bar, panel, title_bar
from hw.input.buttons import Button

TONES = {"win": T.GOOD, "loss": T.TEXT_BAD, "draw": T.ACCENT, "": T.ACCENT}


class Results(Scene):
    def __init__(self, app, mode: str, headline: str, *, tone: str = "", lines=(), again=None, extras=(),
                 to_menu=None) -> None:
        super().__init__(app)
        self.mode = mode
        self.headline = headline
        self.tone = tone
        self.lines = list(lines)
        self.to_menu = to_menu or app.goto_menu
        items = []
        if again is not None:
            items.append(Item("Play again", again))
        items.append(Item("Menu", self.to_menu))
        items += [Item(label, fn) for label, fn in extras]
        self.menu = ListMenu(items)

    def handle(self, ev) -> None:
        if ev.pressed(Button.B):
            self.to_menu()
            return
        if self.menu.handle(ev):
            self.app.sound.play("cursor")
            self.dirty = True

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, guide_for(self.mode).name, "results")
        bar = bottom_rect(surf, th)
        y = top.bottom + th.pad
        th.text(surf, th.fit(self.headline, w - 4 * th.pad, "huge"), (w // 2, y), TONES.get(self.tone, T.ACCENT),
                "huge", align="centre")
        y += th.line_height("huge") + th.pad
        lh = th.line_height("normal") + 2
        menu_h = len(self.menu.items) * lh
        menu_w = min(w - 4 * th.pad, max(th.text_width(it.label) for it in self.menu.items) + 8 * th.pad)
        menu_rect = pygame.Rect((w - menu_w) // 2, bar.y - th.pad - menu_h, menu_w, menu_h)
        if self.lines:
            box = pygame.Rect(2 * th.pad, y, w - 4 * th.pad, menu_rect.y - th.pad - y)
            inner = panel(surf, box, th=th)
            self._draw_lines(surf, inner)
        self.menu.draw(surf, th, menu_rect)
        hint_bar(surf, th, bar, [("UPDOWN", "choose"), ("A", "go"), ("B", "menu")])

    def _draw_lines(self, surf, inner) -> None:
        th = self.theme
        lh = th.line_height("small") + 1
        y = inner.y + 1
        for line in self.lines:
            if y + lh > inner.bottom:
                break
            a, b = line
            if isinstance(b, str):
                th.text(surf, th.fit(a, inner.w // 2 - th.pad, "small"), (inner.x + th.pad, y), T.TEXT, "small")
                th.text(surf, th.fit(b, inner.w // 2 - th.pad, "small"), (inner.right - th.pad, y), T.TEXT_DIM,
                        "small", align="right")
            else:
                th.text(surf, th.fit(a, inner.w - 2 * th.pad, "small"), (inner.x + th.pad, y), b, "small")
            y += lh
