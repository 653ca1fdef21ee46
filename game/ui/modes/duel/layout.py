"""Where things go on the duel screen, per canvas and level size.

The whole level is always on screen (the plan: "a space big enough to show the entire
dungeon"): the board fills the canvas height on the left (centred in what the panels leave),
the panels the column on the right, the action bar (board_keys.py) a line under both, the key
hints the bottom line. The cell size is the largest that leaves the panels 30 % of the width
(never below 5 px): 25x25 gets 8 px cells at 320x240, 11 at 480x320, 12 at 640x360; 13x13
gets 16, 21 and 24.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_CELL = 5


@dataclass
class DuelLayout:
    cell: int
    board: pygame.Rect
    panel: pygame.Rect
    bottom: pygame.Rect
    bar: pygame.Rect

    @classmethod
    def for_canvas(cls, th, canvas: tuple[int, int], size: int) -> DuelLayout:
        w, h = canvas
        bar_h = th.line_height("tiny") + th.pad
        bottom = pygame.Rect(0, h - bar_h, w, bar_h)
        action_h = th.line_height("small") + th.pad + 2
        action = pygame.Rect(0, bottom.y - action_h, w, action_h)
        avail_h = action.y - 2
        min_panel = max(96, int(w * 0.30))
        cell = max(MIN_CELL, min(avail_h // size, (w - min_panel - 3) // size))
        side = cell * size
        left = w - min_panel - 3
        x = max(1, min((left - side) // 2, (w - side) // 3))
        board = pygame.Rect(x, max(1, (avail_h - side) // 2 + 1), side, side)
        panel = pygame.Rect(board.right + th.pad, 1, w - board.right - 2 * th.pad, action.y - 2)
        return cls(cell, board, panel, bottom, action)

    def cell_rect(self, size: int, cell: int) -> pygame.Rect:
        x, y = cell % size, cell // size
        return pygame.Rect(self.board.x + x * self.cell, self.board.y + y * self.cell, self.cell, self.cell)
