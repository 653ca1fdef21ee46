"""Small drawing helpers and the list/option menu every menu-like scene uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import theme as T
from game.ui.art import icons
from hw.input.buttons import Button


def panel(surf, rect, *, fill=T.PANEL, edge=T.PANEL_EDGE, title: str = "", th=None) -> pygame.Rect:
    """A framed box; with `title`, the title on a darker band. Returns the inner rect below it."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, fill, rect)
    pygame.draw.rect(surf, edge, rect, 1)
    if th is not None and th.probe is not None:
        th.probe.cover(rect)
    inner = rect.inflate(-4, -4)
    if title and th is not None:
        h = th.line_height("small") + 2
        band = pygame.Rect(rect.x + 1, rect.y + 1, rect.w - 2, h)
        pygame.draw.rect(surf, T.PANEL_DARK, band)
        th.text(surf, th.fit(title, band.w - 4, "small"), (band.x + 3, band.y + 1), T.ACCENT, "small")
        inner = pygame.Rect(rect.x + 3, band.bottom + 2, rect.w - 6, rect.bottom - band.bottom - 4)
    return inner


def meter(surf, rect, frac: float, colour=None, back=(50, 44, 60), vertical: bool = False) -> None:
    rect = pygame.Rect(rect)
    frac = max(0.0, min(1.0, frac))
    pygame.draw.rect(surf, back, rect)
    colour = colour or T.hp_colour(frac)
    if vertical:
        h = round(rect.h * frac)
        if h:
            pygame.draw.rect(surf, colour, (rect.x, rect.bottom - h, rect.w, h))
    else:
        w = round(rect.w * frac)
        if w:
            pygame.draw.rect(surf, colour, (rect.x, rect.y, w, rect.h))


BADGE_COLOURS = {"A": (60, 170, 80), "B": (200, 70, 60), "X": (70, 120, 210), "Y": (220, 180, 50),
                 "L": (120, 120, 140), "R": (120, 120, 140), "START": (90, 90, 110), "SELECT": (90, 90, 110)}
BADGE_LABELS = {"START": "Start", "SELECT": "Sel", "LR": "L/R"}
BADGE_COLOURS["LR"] = BADGE_COLOURS["L"]
ARROWS = {"UP": ("up",), "DOWN": ("down",), "LEFT": ("left",), "RIGHT": ("right",),
          "DPAD": ("left", "right"), "UPDOWN": ("up", "down"), "LEFTRIGHT": ("left", "right")}


def badge(surf, th, button: str, pos, dim: bool = False) -> pygame.Rect:
    """A little coloured key cap with the button's letter, as on the handheld."""
    fg = (255, 255, 255) if not dim else (150, 150, 150)
    col = BADGE_COLOURS.get(button, (90, 90, 110))
    if dim:
        col = T.shade(col, 0.5)
    h = th.line_height("tiny")
    if button in ARROWS:
        kinds = ARROWS[button]
        a = max(3, h // 3)
        r = pygame.Rect(pos[0], pos[1], (2 * a + 3) * len(kinds) + 2, h)
        pygame.draw.rect(surf, col, r, border_radius=3)
        for i, k in enumerate(kinds):
            icons.shape(surf, k, (r.x + 2 + a + 1 + i * (2 * a + 3), r.centery), a, fg, None)
        return r
    img = th.render(BADGE_LABELS.get(button, button), fg, "tiny")
    w = max(img.get_width() + 4, h)
    r = pygame.Rect(pos[0], pos[1], w, h)
    pygame.draw.rect(surf, col, r, border_radius=3)
    surf.blit(img, (r.x + (w - img.get_width()) // 2, r.y + (h - img.get_height()) // 2))
    return r


def badge_width(th, button: str) -> int:
    h = th.line_height("tiny")
    if button in ARROWS:
        return (2 * max(3, h // 3) + 3) * len(ARROWS[button]) + 2
    return max(th.text_width(BADGE_LABELS.get(button, button), "tiny") + 4, h)


def hint_bar(surf, th, rect, hints, *, dims=(), note: str = "") -> None:
    """THE hint line of every scene: a key cap per button, then what it does now
    ([A] select  [B] back ...). `hints` = [(button, text)]: a button name (A B X Y L R START
    SELECT), an arrow group (DPAD, UPDOWN, LEFTRIGHT, UP...) or LR (L and R); `dims` greys some;
    `note` (the last hint, "no target in reach") sits on the right. Hints that do not fit are
    left out (the text probe reports them)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, T.PANEL_DARK, rect)
    if th.probe is not None:
        th.probe.hint_bars.append(rect)
    x = rect.x + th.pad
    y = rect.y + (rect.h - th.line_height("tiny")) // 2
    note = th.fit(note, rect.w * 11 // 20, "tiny") if note else ""
    end = rect.right - 2 - (th.text_width(note, "tiny") + 2 * th.pad if note else 0)
    for n, (button, text) in enumerate(hints):
        dim = button in dims
        colour = T.TEXT_DIM if dim else T.TEXT
        img = th.render(text, colour, "tiny")
        if x + badge_width(th, button) + 2 + img.get_width() > end:
            if th.probe is not None:
                th.probe.dropped += [f"{b} {t}" for b, t in hints[n:]]
            break
        r = badge(surf, th, button, (x, y), dim)
        if th.probe is not None:
            th.probe.hints.append((button, text))
        th.put(surf, img, (r.right + 2, y), text, "tiny", colour)
        x = r.right + 2 + img.get_width() + th.pad * 2
    if note:
        th.text(surf, note, (rect.right - th.pad, y), T.ACCENT, "tiny", align="right")


@dataclass
class Item:
    """A menu line. `choices` makes it an option row (LEFT/RIGHT change it)."""

    label: str
    on_select: Callable | None = None
    choices: tuple = ()
    get: Callable | None = None          # current choice value
    set: Callable | None = None          # set(value)
    show: Callable | None = None         # value -> text
    enabled: Callable | None = None
    hint: str = ""

    def is_enabled(self) -> bool:
        return self.enabled is None or bool(self.enabled())

    def value_text(self) -> str:
        if self.get is None:
            return ""
        v = self.get()
        return self.show(v) if self.show else str(v)


class ListMenu:
    """A vertical list: UP/DOWN move (with wrap), A selects, LEFT/RIGHT change option rows."""

    def __init__(self, items: list[Item], *, on_move: Callable | None = None) -> None:
        self.items = items
        self.index = 0
        self.top = 0
        self.on_move = on_move
        self._skip_disabled(1)

    @property
    def current(self) -> Item | None:
        return self.items[self.index] if self.items else None

    def _skip_disabled(self, step: int) -> None:
        for _ in range(len(self.items)):
            if self.items[self.index].is_enabled():
                return
            self.index = (self.index + step) % len(self.items)

    def move(self, step: int) -> None:
        if not self.items:
            return
        self.index = (self.index + step) % len(self.items)
        self._skip_disabled(step)
        if self.on_move:
            self.on_move(self.current)

    def change(self, step: int) -> bool:
        it = self.current
        if it is None or not it.choices or not it.is_enabled():
            return False
        cur = it.get()
        try:
            i = it.choices.index(cur)
        except ValueError:
            i = 0
        it.set(it.choices[(i + step) % len(it.choices)])
        return True

    def handle(self, ev) -> str | None:
        """'move', 'change', 'select' or None."""
        if ev.triggered(Button.UP):
            self.move(-1)
            return "move"
        if ev.triggered(Button.DOWN):
            self.move(1)
            return "move"
        if ev.triggered(Button.LEFT) and self.change(-1):
            return "change"
        if ev.triggered(Button.RIGHT) and self.change(1):
            return "change"
        if ev.pressed(Button.A):
            it = self.current
            if it is not None and it.is_enabled():
                if it.on_select:
                    it.on_select()
                    return "select"
                if it.choices:
                    self.change(1)
                    return "change"
        return None

    def draw(self, surf, th, rect, *, size: str = "normal", value_x: int | None = None) -> None:
        rect = pygame.Rect(rect)
        lh = th.line_height(size) + 2
        rows = max(1, rect.h // lh)
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + rows:
            self.top = self.index - rows + 1
        y = rect.y
        for i in range(self.top, min(len(self.items), self.top + rows)):
            it = self.items[i]
            sel = i == self.index
            row = pygame.Rect(rect.x, y, rect.w, lh)
            if sel:
                pygame.draw.rect(surf, (70, 60, 110), row)
                pygame.draw.rect(surf, T.ACCENT, row, 1)
            colour = T.TEXT if it.is_enabled() else T.TEXT_DIM
            th.text(surf, it.label, (row.x + 4, row.y + 1), T.ACCENT if sel else colour, size)
            vt = it.value_text()
            if vt:
                vx = rect.x + (value_x if value_x is not None else rect.w // 2)
                text = f"< {vt} >" if sel and it.choices else vt
                th.text(surf, th.fit(text, rect.right - vx - 2, size), (vx, row.y + 1), colour, size)
            y += lh
        if self.top > 0:
            icons.shape(surf, "up", (rect.right - 6, rect.y + 4), 3, T.TEXT_DIM, None)
        if self.top + rows < len(self.items):
            icons.shape(surf, "down", (rect.right - 6, rect.y + rows * lh - 4), 3, T.TEXT_DIM, None)


def title_bar(surf, th, text: str, right: str = "") -> pygame.Rect:
    w = surf.get_width()
    h = th.line_height("big") + th.pad
    r = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, T.PANEL_DARK, r)
    pygame.draw.line(surf, T.PANEL_EDGE, (0, h - 1), (w, h - 1))
    th.text(surf, text, (th.pad * 2, th.pad // 2 + 1), T.ACCENT, "big")
    if right:
        th.text(surf, right, (w - th.pad * 2, th.pad), T.TEXT_DIM, "small", align="right")
    return r


def bottom_rect(surf, th) -> pygame.Rect:
    h = th.line_height("tiny") + th.pad
    return pygame.Rect(0, surf.get_height() - h, surf.get_width(), h)


def wrap_words(th, text: str, width: int, size: str = "tiny") -> list[str]:
    """`text` broken into lines of at most `width` pixels (a word longer than a line is cut)."""
    out: list[str] = []
    for para in str(text).split("\n"):
        cur = ""
        for word in para.split():
            t = f"{cur} {word}" if cur else word
            if th.text_width(t, size) <= width or not cur:
                cur = t if th.text_width(t, size) <= width else th.fit(t, width, size)
            else:
                out.append(cur)
                cur = word if th.text_width(word, size) <= width else th.fit(word, width, size)
        out.append(cur)
    return out


def goal_line(surf, th, rect, text: str, *, colour=None, size: str = "tiny") -> pygame.Rect:
    """The HUD's goal slot: a small flag and the goal in one line (the mode's guide ``goal``, or
    a live one: "Defeat Blue: 4 pieces left"). Shortened with an ellipsis only when it cannot fit."""
    rect = pygame.Rect(rect)
    lh = th.line_height(size)
    h = max(4, lh - 4)
    x, y = rect.x + 1, rect.y + (rect.h - lh) // 2
    pole = pygame.Rect(x, y + 2, 1, h)
    pygame.draw.rect(surf, T.TEXT_DIM, pole)
    pygame.draw.polygon(surf, colour or T.ACCENT, [(x + 1, y + 2), (x + 1 + h * 2 // 3, y + 2 + h // 4),
                                                   (x + 1, y + 2 + h // 2)])
    tx = x + h * 2 // 3 + 4
    th.text(surf, th.fit(text, rect.right - tx, size), (tx, y), colour or T.ACCENT, size)
    return rect
