"""Overlay dialogs: a yes/no confirm, a list of choices, a message box.

    app.open("confirm", question="End your turn?", on_yes=fn)          # B / No = cancel
    app.open("choice", title="Paused", options=[("Resume", None), ("Abandon", fn)])   # None: just close
    app.open("message", title="Problems", lines=[...])

The dialog closes itself first, then calls the chosen function (which may open other scenes).
"""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.widgets import Item, ListMenu, bottom_rect, hint_bar, panel
from hw.input.buttons import Button

DISABLED = object()       # a Choice option shown greyed


class _Dialog(Scene):
    overlay = True

    def _box(self, surf, w_frac: float, lines: int) -> pygame.Rect:
        th = self.theme
        w = int(surf.get_width() * w_frac)
        h = (lines + 2) * (th.line_height("normal") + 2) + th.line_height("tiny") + th.pad * 3
        r = pygame.Rect(0, 0, w, min(h, surf.get_height() - 2 * th.pad))
        r.center = surf.get_rect().center
        return r

    def _choose(self, fn) -> None:
        self.app.back()
        if fn is not None:
            fn()


class Confirm(_Dialog):
    def __init__(self, app, question: str, on_yes, on_no=None, yes: str = "Yes", no: str = "No",
                 default_yes: bool = False) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes, self.on_no = on_yes, on_no
        self.menu = ListMenu([Item(no, lambda: self._choose(self.on_no)), Item(yes, lambda: self._choose(self.on_yes))])
        self.menu.index = 1 if default_yes else 0

    def handle(self, ev) -> None:
        if ev.pressed(Button.B):
            self._choose(self.on_no)
            return
        if self.menu.handle(ev):
            self.dirty = True

    def draw(self, surf) -> None:
        th = self.theme
        words = self.question.split()
        lines, cur = [], ""
        box = self._box(surf, 0.8, 4)
        for w in words:
            t = (cur + " " + w).strip()
            if th.text_width(t, "normal") > box.w - 4 * th.pad and cur:
                lines.append(cur)
                cur = w
            else:
                cur = t
        lines.append(cur)
        box = self._box(surf, 0.8, len(lines) + 2)
        inner = panel(surf, box, edge=T.ACCENT, th=th)
        y = inner.y + th.pad
        for line in lines:
            th.text(surf, line, (inner.centerx, y), T.TEXT, "normal", align="centre")
            y += th.line_height("normal")
        self.menu.draw(surf, th, pygame.Rect(inner.x + inner.w // 4, y + th.pad, inner.w // 2,
                                              2 * (th.line_height("normal") + 2)))
        hint_bar(surf, th, pygame.Rect(box.x + 1, box.bottom - th.line_height("tiny") - th.pad - 1, box.w - 2,
                                       th.line_height("tiny") + th.pad), [("A", "choose"), ("B", "cancel")])


class Choice(_Dialog):
    """A titled list of choices: ``options`` = [(label, fn)]; fn None only closes the box, fn
    ``DISABLED`` shows the line greyed. Long lists scroll inside the box (it fits at 320x240).
    `tick` (optional) is called every frame (a duel below keeps polling its link)."""

    def __init__(self, app, title: str, options, on_cancel=None, tick=None) -> None:
        super().__init__(app)
        self.title_text = title
        self.on_cancel = on_cancel
        self.tick = tick
        self.menu = ListMenu([Item(label, None if fn is DISABLED else (lambda f=fn: self._choose(f)),
                                   enabled=(lambda ok=fn is not DISABLED: ok)) for label, fn in options])

    @property
    def labels(self) -> list[str]:
        return [it.label for it in self.menu.items]

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
        box, inner, bar, rows = menu_box(surf, self.theme, self.title_text, self.menu)
        self.menu.draw(surf, self.theme, pygame.Rect(inner.x, inner.y, inner.w, rows * (self.theme.line_height("normal") + 2)))
        hint_bar(surf, self.theme, bar, [("A", "choose"), ("B", "back")])


class Message(_Dialog):
    """Lines of text (problems found in files, errors); A or B closes; UP/DOWN scroll."""

    def __init__(self, app, title: str, lines, on_close=None) -> None:
        super().__init__(app)
        self.title_text = title
        self.lines = list(lines)
        self.on_close = on_close
        self.top = 0

    def handle(self, ev) -> None:
        if ev.pressed(Button.A) or ev.pressed(Button.B):
            self._choose(self.on_close)
        elif ev.triggered(Button.DOWN):
            self.top = min(self.top + 1, max(0, len(self._wrapped) - 1))
            self.dirty = True
        elif ev.triggered(Button.UP):
            self.top = max(0, self.top - 1)
            self.dirty = True

    def draw(self, surf) -> None:
        th = self.theme
        # the box ends above the screen's bottom bar: the dialog never covers the hint bar of the
        # scene under it (the duel's info used to, at every size); its own keys sit in the box
        bar = bottom_rect(surf, th)
        box = pygame.Rect(2 * th.pad, 2 * th.pad, surf.get_width() - 4 * th.pad, bar.y - 3 * th.pad)
        inner = panel(surf, box, th=th, title=self.title_text, edge=T.TEXT_BAD)
        self._wrapped = wrap(th, self.lines, inner.w - 2, "tiny")
        lh = th.line_height("tiny")
        y = inner.y
        bottom = box.bottom - lh - th.pad * 2
        for line in self._wrapped[self.top:]:
            if y + lh > bottom:
                break
            th.text(surf, line, (inner.x + 1, y), T.TEXT, "tiny")
            y += lh
        self.box = box
        hint_bar(surf, th, pygame.Rect(box.x + 1, box.bottom - lh - th.pad - 1, box.w - 2, lh + th.pad),
                 [("A", "OK"), ("UPDOWN", "scroll")])


def menu_box(surf, th, title: str, menu, value_w: int = 0):
    """The framed box of a list in the middle of the screen (Choice, the pause menu): wide enough
    for its title and its widest line (+ `value_w` for a value beside the lines), as many rows as
    fit. Returns (box, inner rect below the title, the hint bar's rect, rows shown)."""
    w, h = surf.get_size()
    lh = th.line_height("normal") + 2
    head = th.line_height("small") + 4
    foot = th.line_height("tiny") + th.pad + 2
    rows = max(1, min(len(menu.items), (h - 4 * th.pad - head - foot) // lh))
    widest = max((th.text_width(it.label) + (value_w if it.choices else 0) for it in menu.items), default=0)
    bw = min(w - 4 * th.pad, max(w * 3 // 5, widest + 24, th.text_width(title, "small") + 12))
    box = pygame.Rect(0, 0, bw, head + rows * lh + foot + 4)
    box.center = (w // 2, h // 2)
    inner = panel(surf, box, th=th, title=title, edge=T.ACCENT)
    return box, inner, pygame.Rect(box.x + 1, box.bottom - foot + 1, box.w - 2, foot - 2), rows


def wrap(th, lines, width: int, size: str = "tiny") -> list[str]:
    out = []
    for line in lines:
        cur = ""
        for word in str(line).split(" "):
            t = f"{cur} {word}" if cur else word
            if th.text_width(t, size) > width and cur:
                out.append(cur)
                cur = "  " + word
            else:
                cur = t
        out.append(cur)
    return out
