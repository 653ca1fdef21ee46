"""Drawing the action bar under the board (board_keys.py holds what is on it): one chip per
action, the focused one lit while the bar is open; the bar scrolls to keep the focus on screen.
Closed, it still shows this turn's spells (dimmed) so they are always in sight."""

from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.modes.duel import colours as C


def draw_bar(surf, th, rect: pygame.Rect, items, focus: int | None) -> None:
    """`items` (BarItem list) as chips in `rect`; `focus` the lit one's index, None: bar closed."""
    pygame.draw.rect(surf, T.PANEL_DARK, rect)
    if not items:
        return
    pad = th.pad
    widths = [th.text_width(it.label, "small") + 3 * pad for it in items]
    first = 0
    if focus is not None:
        while sum(widths[first:focus + 1]) + pad * (focus - first + 1) > rect.w - 2 * pad and first < focus:
            first += 1
    x = rect.x + pad
    for i in range(first, len(items)):
        w = widths[i]
        if x + w > rect.right - pad:
            break
        chip = pygame.Rect(x, rect.y + 1, w, rect.h - 2)
        lit = focus is not None and i == focus
        fill = T.shade(C.CURSOR, 0.45) if lit else T.PANEL
        pygame.draw.rect(surf, fill, chip, border_radius=3)
        if lit:
            pygame.draw.rect(surf, C.CURSOR, chip, 1, border_radius=3)
        colour = T.TEXT if focus is not None else T.TEXT_DIM
        th.text(surf, items[i].label, (chip.centerx, chip.y + (chip.h - th.line_height("small")) // 2),
                colour, "small", align="centre")
        x += w + pad
