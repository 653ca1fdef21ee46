"""Minimaps: one block of the tile's colour per cell, start positions or pieces as team dots.

Used by the Skirmish setup (preview with the start positions in team colours) and the battle
screen (pieces, and the camera's view as a frame).
"""

from __future__ import annotations

import pygame

from game.core.grid import HEX
from game.ui.art.icons import shape
from game.ui.art.tiles import hex_colour
from game.ui.theme import TEAM_SHAPE, shade, team_colour

SEATS = ("red", "green", "yellow", "blue")


class Minimap:
    def __init__(self, rs, gmap, max_size: tuple[int, int]) -> None:
        self.gmap = gmap
        g = gmap.grid
        self.cols, self.rows = g.cols, g.rows
        rows = self.rows + (1 if g.kind == HEX else 0)
        self.s = max(1, min(max_size[0] // self.cols, max_size[1] // max(1, rows)))
        self.hex = g.kind == HEX
        self.size = (self.cols * self.s, rows * self.s if self.hex else self.rows * self.s)
        self.base = pygame.Surface(self.size)
        self.base.fill((8, 8, 14))
        for c in g.cells:
            t = gmap.tiles[c]
            if not t:
                continue
            tile = rs.tiles[t]
            col = hex_colour(tile.colour)
            e = gmap.elevation[c]
            if e > 0:
                col = shade(col, 1 + 0.12 * min(e, 4))
            self.base.fill(col, self.cell_rect(c))

    def cell_rect(self, cell: int) -> pygame.Rect:
        col, row = self.gmap.grid.offset_of(cell)
        y = row * self.s + (self.s // 2 if self.hex and col & 1 else 0)
        return pygame.Rect(col * self.s, y, self.s, self.s)

    def cell_centre(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def draw_starts(self, surf: pygame.Surface, pos) -> pygame.Rect:
        """The map with each start position marked by its team's shape and colour."""
        r = surf.blit(self.base, pos)
        rad = max(2, min(6, self.s // 2 + 1))
        for seat_name, cell in self.gmap.starts.items():
            seat = SEATS.index(seat_name)
            cx, cy = self.cell_centre(cell)
            shape(surf, TEAM_SHAPE[seat], (pos[0] + cx, pos[1] + cy), rad, team_colour(seat))
        return r

    def draw_pieces(self, surf: pygame.Surface, pos, pieces, view: pygame.Rect | None = None,
                    world_size: tuple[int, int] | None = None) -> pygame.Rect:
        r = surf.blit(self.base, pos)
        d = max(1, self.s - (1 if self.s > 2 else 0))
        for p in pieces:
            x, y, _, _ = self.cell_rect(p.cell)
            if self.s >= 5:      # room for the team's shape with a dark outline (not colour alone)
                shape(surf, TEAM_SHAPE[p.seat], (pos[0] + x + self.s // 2, pos[1] + y + self.s // 2),
                      max(2, self.s // 2 - 1), team_colour(p.seat))
            elif self.s >= 3:    # a dark rim around the team colour: never lost in a same-hue tile
                surf.fill((0, 0, 0), (pos[0] + x, pos[1] + y, self.s, self.s))
                surf.fill(team_colour(p.seat), (pos[0] + x + 1, pos[1] + y + 1, self.s - 2, self.s - 2))
            else:
                surf.fill(team_colour(p.seat), (pos[0] + x, pos[1] + y, d, d))
        if view is not None and world_size:
            sx, sy = self.size[0] / max(1, world_size[0]), self.size[1] / max(1, world_size[1])
            frame = pygame.Rect(pos[0] + int(view.x * sx), pos[1] + int(view.y * sy),
                                max(3, int(view.w * sx)), max(3, int(view.h * sy))).clip(r)
            pygame.draw.rect(surf, (255, 255, 255), frame, 1)
        return r
