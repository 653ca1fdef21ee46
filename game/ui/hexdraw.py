"""Where each cell of a board is drawn: square or flat-top hex (odd-q), raised by its elevation.

World coordinates are pixels on the board picture, before the camera. A square cell is a
T x T top face (T = 16 x unit); a hex cell a 20 x 16 (x unit) flat-top hexagon, columns 15 apart,
odd columns half a row lower (``grid.offset_of`` gives the column and row). Each step of
elevation lifts the top face by E = 4 x unit pixels and shows a side face below it, Q-bert
style; cells are drawn back to front (``order``) so a raised cell hides the one behind it.
"""

from __future__ import annotations

import pygame

from game.core.grid import HEX

HEX_W, HEX_H, HEX_STEP = 20, 16, 15      # at unit 1
ELEV_PX = 4
BASE_DEPTH = 3


def hex_points(x: int, y: int, w: int, h: int) -> list[tuple[int, int]]:
    q = w // 4
    return [(x + q, y), (x + w - q - 1, y), (x + w - 1, y + h // 2), (x + w - q - 1, y + h - 1),
            (x + q, y + h - 1), (x, y + h // 2)]


class BoardGeometry:
    def __init__(self, grid, elevation, unit: int = 1) -> None:
        self.grid = grid
        self.unit = unit
        self.hex = grid.kind == HEX
        t = 16 * unit
        if self.hex:
            self.cw, self.ch, self.sx, self.sy = HEX_W * unit, HEX_H * unit, HEX_STEP * unit, HEX_H * unit
        else:
            self.cw = self.ch = self.sx = self.sy = t
        self.e = ELEV_PX * unit
        self.base = BASE_DEPTH * unit
        self.elevation = tuple(elevation) if elevation else (0,) * grid.n
        top_e = max((self.elevation[c] for c in grid.cells), default=0)
        self.margin = max(0, top_e) * self.e + 4 * unit    # room above row 0 for raised cells
        self.cols, self.rows = grid.cols, grid.rows
        half = self.ch // 2 if self.hex and self.cols > 1 else 0
        low_e = min((self.elevation[c] for c in grid.cells), default=0)
        self.size = ((self.cols - 1) * self.sx + self.cw,
                     self.margin + self.rows * self.sy + half + self.base + max(0, -low_e) * self.e + 2 * unit)
        self._origin: dict[int, tuple[int, int]] = {}
        for c in grid.cells:
            col, row = grid.offset_of(c)
            x = col * self.sx
            y = self.margin + row * self.sy + (self.ch // 2 if self.hex and col & 1 else 0)
            self._origin[c] = (x, y)
        self.order = sorted(grid.cells, key=lambda c: (self._origin[c][1], self._origin[c][0]))

    def flat_rect(self, cell: int) -> pygame.Rect:
        """The top face at elevation 0 (cursor moves, minimap mapping)."""
        x, y = self._origin[cell]
        return pygame.Rect(x, y, self.cw, self.ch)

    def top_rect(self, cell: int) -> pygame.Rect:
        """The top face as drawn (lifted by the cell's elevation)."""
        x, y = self._origin[cell]
        return pygame.Rect(x, y - self.elevation[cell] * self.e, self.cw, self.ch)

    def centre(self, cell: int) -> tuple[int, int]:
        return self.top_rect(cell).center

    def side_depth(self, cell: int) -> int:
        return self.base + max(0, self.elevation[cell]) * self.e

    def outline(self, rect: pygame.Rect) -> list[tuple[int, int]]:
        if self.hex:
            return hex_points(rect.x, rect.y, rect.w, rect.h)
        return [rect.topleft, (rect.right - 1, rect.y), (rect.right - 1, rect.bottom - 1), (rect.x, rect.bottom - 1)]

    def side_polygon(self, cell: int) -> list[tuple[int, int]]:
        r = self.top_rect(cell)
        d = self.side_depth(cell)
        if self.hex:
            p = hex_points(r.x, r.y, r.w, r.h)
            lower = [p[2], p[3], p[4], p[5]]
            return lower + [(x, y + d) for x, y in reversed(lower)]
        return [(r.x, r.bottom - 1), (r.right - 1, r.bottom - 1), (r.right - 1, r.bottom - 1 + d), (r.x, r.bottom - 1 + d)]

    def sprite_pos(self, cell: int, sprite_size: tuple[int, int]) -> tuple[int, int]:
        """Top-left of a piece sprite standing on the cell."""
        r = self.top_rect(cell)
        return r.centerx - sprite_size[0] // 2, r.bottom - sprite_size[1] - 2 * self.unit

    def cell_at_offset(self, col: int, row: int) -> int:
        return self.grid.cell_at_offset(col, row)
