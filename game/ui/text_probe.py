"""The text probe: what one frame drew as text and as boxes, and what of it a player cannot read.

The theme hands every string it draws to the probe (``Theme.probe``), ``fit`` reports strings it
shortened with "…", ``hint_bar`` the hints it left out; while ``watching(surface)`` every
``pygame.draw.rect`` on that surface is recorded as a box, in drawing order with the texts.
``problems(canvas)`` then lists, in words:

- text that runs off the screen;
- text over other text;
- hints left out for want of room;
- text that crosses the edge of a box drawn before it (a label spilling out of its button, a
  banner running over the info panel);
- text partly hidden by a box drawn after it (a panel cutting a line in two).

A box drawn over the whole of a text hides it (dialogs over a board): that text is simply not
read any more. Boxes thinner than ``MIN_BOX`` pixels (meters, bars, lines) are not boxes.
``needless_cuts(names_ok)`` lists strings shortened on a large screen, where there is room.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

MIN_BOX = 8          # thinner boxes are meters, HP bars and lines, not boxes text lives in
NAME_LEN = 24        # a string this short (and of at most 3 words) is a name, not a sentence
SLIVER = 2           # overlaps of this many pixels or fewer are anti-aliasing, not a problem


@dataclass(frozen=True)
class Drawn:
    text: str
    rect: pygame.Rect
    size: str
    colour: tuple
    seq: int = 0


@dataclass(frozen=True)
class Box:
    rect: pygame.Rect
    seq: int
    filled: bool


def _crosses(box: pygame.Rect, r: pygame.Rect) -> pygame.Rect | None:
    """The part of `r` inside `box` when `r` is neither inside `box` nor clear of it (beyond a
    sliver); None otherwise."""
    inside = r.clip(box)
    if inside.w <= SLIVER or inside.h <= SLIVER:
        return None                     # clear of it
    outside_w = r.w - inside.w
    outside_h = r.h - inside.h
    if outside_w <= SLIVER and outside_h <= SLIVER:
        return None                     # inside it
    return inside


def _inside(box: pygame.Rect, r: pygame.Rect) -> bool:
    inside = r.clip(box)
    return inside.w > SLIVER and inside.h > SLIVER and r.w - inside.w <= SLIVER and r.h - inside.h <= SLIVER


@dataclass
class TextProbe:
    drawn: list[Drawn] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    hint_bars: list = field(default_factory=list)        # rects of hint bars drawn (widgets.hint_bar)
    hints: list = field(default_factory=list)            # (button, what it does) of every hint shown
    boxes: list[Box] = field(default_factory=list)
    hidden: list[tuple[Drawn, Box]] = field(default_factory=list)   # texts partly under a later box
    seq: int = 0
    large: bool = False                 # a large screen: names fit there (needless_cuts)

    def _next(self) -> int:
        self.seq += 1
        return self.seq

    def text(self, text: str, rect, size: str, colour) -> None:
        self.drawn.append(Drawn(text, pygame.Rect(rect), size, tuple(colour), self._next()))

    def box(self, rect, filled: bool = True) -> None:
        """A box was drawn: filled, it hides the texts wholly under it (and says which it cuts)."""
        rect = pygame.Rect(rect)
        if rect.w < MIN_BOX or rect.h < MIN_BOX:
            return
        b = Box(rect, self._next(), filled)
        self.boxes.append(b)
        keep = []
        for d in self.drawn:
            if filled and rect.contains(d.rect):
                continue                                  # hidden, not clipped
            if _crosses(rect, d.rect) is not None and d.text.strip() and d.colour != (0, 0, 0):
                self.hidden.append((d, b))
            if filled and rect.colliderect(d.rect) and _crosses(rect, d.rect) is None:
                continue                                  # a sliver under it: hidden enough
            keep.append(d)
        self.drawn = keep

    def cover(self, rect) -> None:
        """A box is painted over what was drawn: every text touching it is hidden, not clipped
        (a dimmed screen under a dialog; a panel's own fill). Later text on it lives in it."""
        rect = pygame.Rect(rect)
        self.drawn = [d for d in self.drawn if not rect.colliderect(d.rect)]
        self.boxes.append(Box(rect, self._next(), True))

    def overlay(self, rect) -> None:
        """An overlay (a dialog, the pause menu) dims the screen under it: its texts are hidden
        and its hint bars are not the ones the player reads now."""
        self.cover(rect)
        self.hint_bars.clear()
        self.hints.clear()

    def clear(self) -> None:
        self.drawn.clear()
        self.cut.clear()
        self.dropped.clear()
        self.hint_bars.clear()
        self.hints.clear()
        self.boxes.clear()
        self.hidden.clear()
        self.seq = 0

    @contextmanager
    def watching(self, surface: pygame.Surface):
        """Record every ``pygame.draw.rect`` on `surface` as a box while inside the block."""
        real = pygame.draw.rect

        def rect(surf, colour, r, width=0, *args, **kw):
            out = real(surf, colour, r, width, *args, **kw)
            if surf is surface:
                self.box(r, filled=width <= 0)
            return out

        pygame.draw.rect = rect
        try:
            yield self
        finally:
            pygame.draw.rect = real

    def problems(self, canvas: pygame.Rect) -> list[str]:
        out = [f"{d.text!r} runs off the screen at {tuple(d.rect)}" for d in self.drawn
               if d.text.strip() and not canvas.contains(d.rect)]
        out += [f"{t!r} left out (no room)" for t in self.dropped]
        seen = [d for d in self.drawn if d.text.strip() and d.colour != (0, 0, 0)]
        for i, a in enumerate(seen):
            for b in seen[i + 1:]:
                clash = a.rect.clip(b.rect)
                if clash.w > 1 and clash.h > 2 and a.text != b.text:
                    out.append(f"{a.text!r} and {b.text!r} overlap at {tuple(clash)}")
        for d in seen:
            # the newest filled box wholly under the text is its own: older edges are painted over
            own = max((b.seq for b in self.boxes if b.filled and b.seq < d.seq and _inside(b.rect, d.rect)), default=0)
            for b in self.boxes:
                if own < b.seq < d.seq and _crosses(b.rect, d.rect) is not None:
                    out.append(f"{d.text!r} crosses the edge of a box at {tuple(b.rect)} (text at {tuple(d.rect)})")
                    break
        for d, b in self.hidden:
            if d.text.strip():
                out.append(f"{d.text!r} is cut by a box drawn over it at {tuple(b.rect)} (text at {tuple(d.rect)})")
        return list(dict.fromkeys(out))

    def needless_cuts(self, may_be_cut=()) -> list[str]:
        """Names (at most 3 words, 24 characters) shortened with "…" on a large screen, where
        there is room for them, less those that may be (a player's long name, long data).
        Sentences cut short (a log line) are a matter for the screen's layout, not listed."""
        if not self.large:
            return []
        return [t for t in self.cut if len(t) <= NAME_LEN and len(t.split()) <= 3
                and not any(m in t for m in may_be_cut)]
