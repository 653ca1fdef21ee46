"""THE pause menu of every play screen (START): resume, the mode's own lines, how to play, the
mode's words, the bot speed, leave (after a question).

    app.open("pause", mode="skirmish",
             extras=[("End turn", self.ask_end_turn), ("Book of Tactics", self.book.toggle)],
             leave_label="Abandon battle", leave_question="Abandon this battle? It is kept as a replay.",
             on_leave=self.abandon)

B or START resumes (nothing is lost). A takes the line under the cursor; a line's function runs
after the menu has closed (it may open other scenes). "Leave" always asks first (the question
names what is kept); `on_leave` None goes back to the main menu. `tick` (optional) is called
every frame while the menu is up (a linked game keeps its link alive). An extra whose function
is ``dialog.DISABLED`` is shown greyed.
"""

from __future__ import annotations

import pygame

from game.store.settings_schema import BOT_SPEEDS
from game.ui.scene import Scene
from game.ui.scenes.dialog import DISABLED, menu_box
from game.ui.scenes.howto import dim
from game.ui.widgets import Item, ListMenu, hint_bar
from hw.input.buttons import Button

SPEED_WORDS = {"slow": "slow", "normal": "normal", "fast": "fast", "fastest": "fastest"}


class Pause(Scene):
    overlay = True

    def __init__(self, app, mode: str, *, extras=(), on_leave=None, leave_label: str = "Leave game",
                 leave_question: str = "Leave this game?", tick=None, bots: bool = True, title: str = "Paused") -> None:
        super().__init__(app)
        self.mode = mode
        self.on_leave = on_leave
        self.leave_question = leave_question
        self.tick = tick
        self.title_text = title
        items = [Item("Resume", lambda: self._choose(None))]
        for label, fn in extras:
            if fn is DISABLED:
                items.append(Item(label, None, enabled=lambda: False))
            else:
                items.append(Item(label, lambda f=fn: self._choose(f)))
        items.append(Item("How to play", lambda: self._choose(lambda: app.open("howto", mode=mode))))
        items.append(Item("Words", lambda: self._choose(lambda: app.open("glossary", mode=mode))))
        if bots:
            items.append(Item("Bot speed", choices=BOT_SPEEDS, get=lambda: app.settings.bot_speed,
                              set=lambda v: app.update_settings(bot_speed=v), show=SPEED_WORDS.get))
        items.append(Item(leave_label, lambda: self._choose(self._ask_leave)))
        self.menu = ListMenu(items)

    @property
    def labels(self) -> list[str]:
        return [it.label for it in self.menu.items]

    def choose_label(self, label: str) -> None:
        """Take the line called `label` (tests and scripted input)."""
        for it in self.menu.items:
            if it.label == label and it.on_select and it.is_enabled():
                it.on_select()
                return
        raise KeyError(label)

    def _choose(self, fn) -> None:
        self.app.back()
        if fn is not None:
            fn()

    def _ask_leave(self) -> None:
        self.app.open("confirm", question=self.leave_question, on_yes=self._leave)

    def _leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.app.goto_menu()

    def handle(self, ev) -> None:
        if ev.pressed(Button.B) or ev.pressed(Button.START):
            self._choose(None)
            return
        if ev.pressed(Button.SELECT):
            self._choose(lambda: self.app.open("glossary", mode=self.mode))
            return
        if self.menu.handle(ev):
            self.app.sound.play("cursor")
            self.dirty = True

    def update(self, dt: float) -> None:
        if self.tick is not None:
            self.tick()

    def draw(self, surf) -> None:
        th = self.theme
        dim(surf, th)
        value_w = th.text_width("< fastest >")
        box, inner, bar, rows = menu_box(surf, th, self.title_text, self.menu, value_w + 3 * th.pad)
        self.menu.draw(surf, th, pygame.Rect(inner.x, inner.y, inner.w, rows * (th.line_height("normal") + 2)),
                       value_x=inner.w - value_w - th.pad)
        hints = [("A", "choose"), ("B", "resume")]
        if self.menu.current is not None and self.menu.current.choices:
            hints.insert(1, ("LEFTRIGHT", "change"))
        hint_bar(surf, th, bar, hints)
