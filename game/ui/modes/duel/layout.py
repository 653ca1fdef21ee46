"""Where things go on the duel screen, per canvas and level size.

The whole level is always on screen (the plan: "a space big enough to show the entire
dungeon"): the board takes the canvas height on the left, the panels the column on the right,
the key hints the bottom line. The cell size is the largest that leaves the panels a third of
the width (never below 7 px, the smallest glyph): 25x25 gets 8 px cells at 320x240, 9 at
400x240, 12 at 480x320, 13 at 640x360.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_CELL = 7


@dataclass
class DuelLayout:
    cell: int
    board: pygame.Rect
    panel: pygame.Rect
    bottom: pygame.Rect

    @classmethod
    def for_canvas(cls, th, canvas: tuple[int, int], size: int) -> DuelLayout:
        w, h = canvas
        bar_h = th.line_height("tiny") + th.pad
        bottom = pygame.Rect(0, h - bar_h, w, bar_h)
        avail_h = bottom.y - 2
        min_panel = max(100, int(w * 0.34))
        cell = max(MIN_CELL, min(avail_h // size, (w - min_panel - 3) // size))
        side = cell * size
        board = pygame.Rect(1, max(1, (avail_h - side) // 2 + 1), side, side)
        panel = pygame.Rect(board.right + th.pad, 1, w - board.right - 2 * th.pad, bottom.y - 2)
        return cls(cell, board, panel, bottom)

    def cell_rect(self, size: int, cell: int) -> pygame.Rect:
        x, y = cell % size, cell // size
        return pygame.Rect(self.board.x + x * self.cell, self.board.y + y * self.cell, self.cell, self.cell)
