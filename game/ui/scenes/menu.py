"""Main menu: the entries modes and the app contribute (``game.ui.scene.MENU_ENTRIES``).
SELECT on a mode's line opens that mode's how-to (its guide's name is the line's label).

On first show it reports problems found at start-up (broken settings, stats, key map, ruleset
files) in a message box, naming the files — the game keeps running with defaults.
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.guide import guide_for
from game.ui.registry import menu_entries, mode_uis
from game.ui.scene import Scene
from game.ui.widgets import Item, ListMenu, bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button


class MainMenu(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        self.entries = menu_entries(self.app)
        self.menu = ListMenu([Item(e.label, (lambda e=e: self._activate(e)), hint=e.hint) for e in self.entries])
        self.modes = {guide_for(ui.mode).name: ui.mode for ui in mode_uis()}     # a line's label -> its mode

    def current_mode(self) -> str | None:
        cur = self.menu.current
        return self.modes.get(cur.label) if cur is not None else None

    def _activate(self, e) -> None:
        self.app.sound.play("select")
        if e.action is not None:
            e.action(self.app)
        elif e.scene:
            self.app.open(e.scene, **e.kwargs)

    def enter(self) -> None:
        super().enter()
        self._report_problems()

    def _report_problems(self) -> None:
        """Show each start-up problem once (settings, stats, key map, data folder, ruleset files)."""
        app = self.app
        problems = list(app.messages)
        if app.content.ready:
            problems += app.content.problems
        problems += app.stats.messages
        app.stats.messages.clear()
        app.messages = [p for p in problems if p not in app.content.problems]
        new = [p for p in dict.fromkeys(problems) if p not in app.shown_problems]
        if new:
            app.shown_problems.update(new)
            app.open("message", title="Problems found (the game goes on with defaults)", lines=new)

    def handle(self, ev) -> None:
        if ev.pressed(Button.START) and self.menu.current is not None:
            self.menu.current.on_select()
            return
        if ev.pressed(Button.SELECT) and self.current_mode() is not None:
            self.app.open("howto", mode=self.current_mode())
            return
        if self.menu.handle(ev) == "move":
            self.app.sound.play("cursor")
        if ev.pressed(Button.B):
            self.app.replace("title")
            return
        self.dirty = True

    def update(self, dt: float) -> None:
        if self.app.content.ready and self.app.content.problems and self.app.top is self:
            self._report_problems()

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        top = title_bar(surf, th, "Tactibox", "appliance" if self.app.appliance else "")
        bar = bottom_rect(surf, th)
        lh = th.line_height("big") + 2
        mh = len(self.menu.items) * lh
        area = pygame.Rect(w // 5, top.bottom + max(th.pad, (bar.y - top.bottom - mh) // 2 - th.pad), w * 3 // 5, mh)
        self.menu.draw(surf, th, area, size="big")
        cur = self.menu.current
        if cur is not None and cur.hint:
            th.text(surf, cur.hint, (w // 2, min(area.bottom + th.pad, bar.y - th.line_height("small") - 2)),
                    T.TEXT_DIM, "small", align="centre")
        if not self.app.data.persistent:
            th.text(surf, "data folder not writable: nothing will be kept", (w // 2, top.bottom + 1), T.TEXT_BAD,
                    "tiny", align="centre")
        hints = [("UPDOWN", "choose"), ("A", "open"), ("B", "title")]
        if self.current_mode() is not None:
            hints.append(("SELECT", "how to play"))
        hint_bar(surf, th, bar, hints)
