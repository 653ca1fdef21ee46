"""Drawing an Xconq area: pointy-top hexes laid out as Xconq shows them (row y drawn above row
y-1, each row shifted half a hex to the right), terrain colours from terrain names, units as
their type's letter on a disc of their side's colour, and a camera that follows the cursor."""

from __future__ import annotations

import zlib

import pygame

from game.ui import theme as T

TERRAIN_WORDS = (
    (("sea", "ocean", "water", "lake", "deep", "shallow", "river", "stream"), (40, 80, 160)),
    (("ford", "swamp", "marsh"), (70, 120, 140)),
    (("beach", "sand", "desert", "dune"), (210, 190, 120)),
    (("street", "road", "rail", "paved"), (150, 150, 150)),
    (("block", "city", "town", "urban", "building"), (170, 140, 110)),
    (("forest", "tree", "wood", "jungle"), (40, 110, 50)),
    (("hill", "rough", "slope", "broken"), (150, 120, 70)),
    (("mountain", "peak", "ice", "snow", "glacier"), (200, 200, 210)),
    (("plain", "grass", "field", "clear", "meadow", "steppe", "farm"), (100, 160, 70)),
)
SIDE0 = (150, 150, 150)


def terrain_colour(name: str) -> tuple[int, int, int]:
    low = name.lower()
    for words, rgb in TERRAIN_WORDS:
        if any(w in low for w in words):
            return rgb
    h = zlib.crc32(low.encode())
    return (80 + h % 120, 80 + (h >> 8) % 120, 80 + (h >> 16) % 120)


def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE0 if side <= 0 else T.team_colour(side - 1)


class HexMap:
    def __init__(self, world, scale: float = 1):
        self.w = world
        self.cw, self.rh = max(6, round(12 * scale)), max(5, round(10 * scale))   # hex width, row pitch
        self.hh = self.rh * 4 // 3                     # hex height
        m = world.m
        pts = {}
        for c in world.grid.cells:
            x, y = world.grid.coords(c)
            pts[c] = (x * self.cw + y * self.cw // 2, (m.height - 1 - y) * self.rh)
        minx = min(p[0] for p in pts.values())
        self.pos = {c: (px - minx, py) for c, (px, py) in pts.items()}
        self.size = (max(p[0] for p in self.pos.values()) + self.cw + 1,
                     max(p[1] for p in self.pos.values()) + self.hh + 1)
        self.colours = [terrain_colour(n) for n in m.ttypes]
        self.cam = [0, 0]

    def hexagon(self, c: int, ox: int, oy: int) -> list[tuple[int, int]]:
        x, y = self.pos[c]
        x += ox
        y += oy
        w, h, q = self.cw, self.hh, self.hh // 4
        return [(x + w // 2, y), (x + w, y + q), (x + w, y + h - q), (x + w // 2, y + h),
                (x, y + h - q), (x, y + q)]

    def centre(self, c: int, ox: int, oy: int) -> tuple[int, int]:
        x, y = self.pos[c]
        return x + ox + self.cw // 2, y + oy + self.hh // 2

    def follow(self, c: int, view: pygame.Rect) -> None:
        """Scroll so that cell `c` stays inside the middle of the view."""
        x, y = self.pos[c]
        for i, (p, span, total, size) in enumerate(((x, view.w, self.size[0], self.cw),
                                                     (y, view.h, self.size[1], self.hh))):
            if total <= span:
                self.cam[i] = (total - span) // 2
                continue
            margin = span // 4
            if p - self.cam[i] < margin:
                self.cam[i] = p - margin
            elif p + size - self.cam[i] > span - margin:
                self.cam[i] = p + size - span + margin
            self.cam[i] = max(0, min(self.cam[i], total - span))

    def draw(self, surf, th, view: pygame.Rect, game, cursor: int, selected: int | None,
             marks: dict[int, tuple]) -> None:
        w = self.w
        ox, oy = view.x - self.cam[0], view.y - self.cam[1]
        clip = surf.get_clip()
        surf.set_clip(view)
        surf.fill((10, 10, 16), view)
        for c in w.grid.cells:
            x, y = self.pos[c]
            if x + ox > view.right or x + ox + self.cw < view.x or y + oy > view.bottom or y + oy + self.hh < view.y:
                continue
            col = self.colours[w.terrain[c]]
            if w.edge[c]:
                col = T.shade(col, 0.45)
            poly = self.hexagon(c, ox, oy)
            pygame.draw.polygon(surf, col, poly)
            pygame.draw.polygon(surf, T.shade(col, 0.7), poly, 1)
            mark = marks.get(c)
            if mark is not None:
                pygame.draw.polygon(surf, mark, poly, 2)
            ids = game.at.get(c)
            if ids:
                u = game.units[ids[0]]
                cx, cy = self.centre(c, ox, oy)
                r = max(3, self.cw // 2 - 1)
                pygame.draw.circle(surf, side_colour(u.side), (cx, cy), r)
                if game.occ.get(u.id):
                    pygame.draw.circle(surf, T.CURSOR, (cx, cy), r, 1)
                if selected is not None and (u.id == selected or selected in game.occ.get(u.id, ())):
                    pygame.draw.circle(surf, T.ACCENT, (cx, cy), r + 1, 2)
                letter = w.letters[u.type]
                img = th.render(letter, (12, 10, 16), "tiny")
                surf.blit(img, (cx - img.get_width() // 2, cy - img.get_height() // 2))
        if w.grid.is_cell(cursor):
            pygame.draw.polygon(surf, T.CURSOR, self.hexagon(cursor, ox, oy), 2)
        surf.set_clip(clip)
