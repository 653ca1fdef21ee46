"""A small list dialog drawn over the duel (actions, the bag, chat phrases, the pause menu).

    app.open("duel_pick", title="Actions", items=[(label, fn), ...], on_cancel=None)

Up/Down (or keypad 8/2) choose, A (keypad 5/Enter) takes, B (keypad 0/.) cancels. Long lists
scroll inside the box, so it fits at 320x240. An item with fn None is shown greyed. The dialog
closes itself before calling fn (which may open another scene).
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.scene import Scene, register_scene
from game.ui.widgets import Item, ListMenu, hint_bar, panel
from hw.input.buttons import Button


@register_scene("duel_pick")
class PickList(Scene):
    overlay = True

    def __init__(self, app, title: str, items, on_cancel=None, tick=None) -> None:
        super().__init__(app)
        self.title_text = title
        self.on_cancel = on_cancel
        self.tick = tick
        self.menu = ListMenu([Item(label, (lambda f=fn: self._choose(f)) if fn else None,
                                   enabled=(lambda ok=fn is not None: ok)) for label, fn in items])

    @property
    def labels(self) -> list[str]:
        return [it.label for it in self.menu.items]

    def _choose(self, fn) -> None:
        self.app.back()
        if fn is not None:
            fn()

    def choose_label(self, label: str) -> None:
        """Take the item called `label` (tests and scripted input)."""
        for it in self.menu.items:
            if it.label == label and it.on_select:
                it.on_select()
                return
        raise KeyError(label)

    def handle(self, ev) -> None:
        if ev.pressed(Button.B) or ev.pressed(Button.START):
            self._choose(self.on_cancel)
            return
        if self.menu.handle(ev):
            self.dirty = True

    def update(self, dt: float) -> None:
        if self.tick is not None:
            self.tick()

    def draw(self, surf) -> None:
        th = self.theme
        w, h = surf.get_size()
        lh = th.line_height("normal") + 2
        head = th.line_height("small") + 4
        foot = th.line_height("tiny") + th.pad + 2
        rows = max(1, min(len(self.menu.items), (h - 4 * th.pad - head - foot) // lh))
        bw = min(w - 4 * th.pad, max(w * 3 // 5, max(th.text_width(it.label) for it in self.menu.items) + 24))
        box = pygame.Rect(0, 0, bw, head + rows * lh + foot + 4)
        box.center = (w // 2, h // 2)
        inner = panel(surf, box, th=th, title=self.title_text, edge=T.ACCENT)
        self.menu.draw(surf, th, pygame.Rect(inner.x, inner.y, inner.w, rows * lh))
        hint_bar(surf, th, pygame.Rect(box.x + 1, box.bottom - foot + 1, box.w - 2, foot - 2),
                 [("A", "choose"), ("B", "back")])
