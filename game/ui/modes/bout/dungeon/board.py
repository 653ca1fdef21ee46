"""The dungeon map: the squares the party has explored (dim) and sees now (bright), the stairs,
items on the floor, and every fighter the party sees as a footbase circle in his faction's colour
with a tick for his facing and a health bar once hurt; initiative arcs between fighters in a
fight, and around the hero a coloured mark on each square showing what that d-pad direction
does now (the engine's answers: `game.modes.bout.dungeon.screen`).

    view = MapView(rect, cell)            # cell: pixels per square
    view.centre_on(level, hero_cell)
    view.draw(surf, th, g)
    view.cell_rect(cell)                  # where a square is on the screen (None: outside)
"""

from __future__ import annotations

import pygame

from game.modes.bout.dungeon import screen as S
from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO, PARTNER
from game.modes.bout.dungeon.level import DIRS, ROCK, STAIRS, WAIT
from game.ui import theme as T
from game.ui.widgets import meter

WALL, WALL_SEEN = (112, 100, 128), (62, 56, 74)
FLOOR, FLOOR_SEEN = (70, 64, 86), (36, 33, 46)
STAIRS_COLOUR = (250, 214, 110)
ITEM_COLOUR = (255, 190, 60)
ARC_COLOURS = {"red": (235, 60, 50), "yellow": (250, 215, 60), "blue": (90, 150, 255), "green": (110, 220, 120),
               "clear": (236, 232, 244)}
# the d-pad marks: what a direction does -> (colour when the engine gives none, shape)
MARKS = {"attack": ((235, 60, 50), "triangle"), "engage": ((235, 60, 50), "triangle"),
         "target": ((250, 215, 60), "ring"), "defend": ((236, 232, 244), "square"),
         "evade": ((90, 150, 255), "chevron"), "step": ((150, 144, 170), "dot"), "follow": ((110, 220, 120), "dot"),
         "wait": ((150, 144, 170), "ring")}
DEAD = (96, 90, 104)


def hex_rgb(text: str, default=(200, 200, 200)) -> tuple[int, int, int]:
    try:
        v = int(str(text).lstrip("#"), 16)
    except ValueError:
        return default
    return (v >> 16 & 255, v >> 8 & 255, v & 255)


def actor_colour(g, i: int, me: int = 0) -> tuple[int, int, int]:
    """The hero this screen plays (`me`) in the player's colour, the rest of the party (his
    companion, or in co-op the other unit's hero) a lighter shade of it, each foe in his
    faction's colour (from the dungeon's data)."""
    a = g.actors[i]
    if a.dead:
        return DEAD
    if a.role in (HERO, COMPANION, PARTNER):
        return T.YOU if i == me else T.shade(T.YOU, 0.65)
    k = a.side - 1
    if 0 <= k < len(g.data.factions):
        return hex_rgb(g.data.factions[k].v.get("colour", ""), T.FOE)
    return T.FOE


class MapView:
    def __init__(self, rect, cell: int) -> None:
        self.rect = pygame.Rect(rect)
        self.cell = max(4, cell)
        self.cols = max(1, self.rect.w // self.cell)
        self.rows = max(1, self.rect.h // self.cell)
        self.x0 = self.y0 = 0                       # the top-left square in view
        self.ox = self.rect.x + (self.rect.w - self.cols * self.cell) // 2
        self.oy = self.rect.y + (self.rect.h - self.rows * self.cell) // 2

    def centre_on(self, level, cell: int) -> None:
        x, y = level.xy(cell)
        self.x0 = max(0, min(level.width - self.cols, x - self.cols // 2)) if level.width > self.cols else \
            -((self.cols - level.width) // 2)
        self.y0 = max(0, min(level.height - self.rows, y - self.rows // 2)) if level.height > self.rows else \
            -((self.rows - level.height) // 2)

    def cell_rect(self, level, cell: int) -> pygame.Rect | None:
        x, y = level.xy(cell)
        cx, cy = x - self.x0, y - self.y0
        if not (0 <= cx < self.cols and 0 <= cy < self.rows):
            return None
        return pygame.Rect(self.ox + cx * self.cell, self.oy + cy * self.cell, self.cell, self.cell)

    # ------------------------------------------------------------------------------ drawing
    def draw(self, surf, th, g, *, marks: bool = True) -> None:
        lv = g.level
        seen = g.visible_cells()
        known = g.explored | seen
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        pygame.draw.rect(surf, (8, 8, 14), self.rect)
        c = self.cell
        for vy in range(self.rows):
            y = self.y0 + vy
            if not 0 <= y < lv.height:
                continue
            for vx in range(self.cols):
                x = self.x0 + vx
                if not 0 <= x < lv.width:
                    continue
                cell = y * lv.width + x
                if not known >> cell & 1:
                    continue
                lit = seen >> cell & 1
                tile = lv.tiles[cell]
                if tile == ROCK:
                    col = WALL if lit else WALL_SEEN
                else:
                    col = FLOOR if lit else FLOOR_SEEN
                r = pygame.Rect(self.ox + vx * c, self.oy + vy * c, c, c)
                pygame.draw.rect(surf, col, r.inflate(-1, -1) if tile != ROCK else r)
                if tile == STAIRS:
                    self._stairs(surf, r, lit)
        for cell, _k in g.floor:
            if known >> cell & 1:
                r = self.cell_rect(lv, cell)
                if r is not None:
                    h = max(2, c // 4)
                    pts = [(r.centerx, r.centery - h), (r.centerx + h, r.centery), (r.centerx, r.centery + h),
                           (r.centerx - h, r.centery)]
                    pygame.draw.polygon(surf, ITEM_COLOUR if seen >> cell & 1 else T.shade(ITEM_COLOUR, 0.6), pts)
        self._arcs(surf, g)
        for i, a in enumerate(g.actors):
            if a.dead and a.role == FOE and not seen >> a.pos & 1:
                continue
            if a.role == FOE and not seen >> a.pos & 1:
                continue
            self._actor(surf, th, g, i)
        if marks:
            self._marks(surf, g)
        surf.set_clip(clip)

    def _stairs(self, surf, r, lit: bool) -> None:
        col = STAIRS_COLOUR if lit else T.shade(STAIRS_COLOUR, 0.6)
        n = 3
        step = max(1, (r.h - 2) // (n + 1))
        for k in range(n):
            w = r.w - 2 - k * (r.w - 2) // (n + 1)
            pygame.draw.rect(surf, col, (r.right - 1 - w, r.y + 1 + (k + 1) * step - 1, w, max(1, step // 2 + 1)))

    def _actor(self, surf, th, g, i: int) -> None:
        a = g.actors[i]
        r = self.cell_rect(g.level, a.pos)
        if r is None:
            return
        me = getattr(self, "me", 0)
        col = actor_colour(g, i, me)
        rad = max(2, self.cell // 2 - 1)
        if a.dead or not a.standing:
            k = max(2, rad - 1)
            pygame.draw.line(surf, col, (r.centerx - k, r.centery - k), (r.centerx + k, r.centery + k), 2)
            pygame.draw.line(surf, col, (r.centerx - k, r.centery + k), (r.centerx + k, r.centery - k), 2)
            return
        pygame.draw.circle(surf, (10, 10, 16), r.center, rad + 1)
        pygame.draw.circle(surf, col, r.center, rad)
        if i == me:
            pygame.draw.circle(surf, T.CURSOR, r.center, rad + 1, 1)
        dx, dy = DIRS[a.facing % 8]
        tip = (r.centerx + dx * (rad + 1), r.centery + dy * (rad + 1))
        pygame.draw.line(surf, (16, 14, 20), r.center, tip, max(1, self.cell // 8))
        if self.cell >= th.line_height("tiny") + 4:
            th.text(surf, a.t.name[:1], (r.centerx, r.centery - th.line_height("tiny") // 2), (16, 14, 20), "tiny",
                    align="centre")
        if a.health < a.t.health:
            meter(surf, (r.x + 1, r.bottom - 2, r.w - 2, 2), a.health / max(1, a.t.health))

    def _arcs(self, surf, g) -> None:
        lv = g.level
        for arc in S.initiative_arcs(g):
            ra, rb = self.cell_rect(lv, g.actors[arc.a].pos), self.cell_rect(lv, g.actors[arc.b].pos)
            if ra is None or rb is None:
                continue
            col = ARC_COLOURS.get(arc.colour, ARC_COLOURS["clear"])
            # an arc bowed to the side, so the two arcs of a pair do not lie on each other
            mx, my = (ra.centerx + rb.centerx) / 2, (ra.centery + rb.centery) / 2
            nx, ny = -(rb.centery - ra.centery) / 4, (rb.centerx - ra.centerx) / 4
            pts = [ra.center, (round(mx + nx), round(my + ny)), rb.center]
            pygame.draw.lines(surf, col, False, pts, max(1, self.cell // 8))
            pygame.draw.circle(surf, col, pts[1], max(1, self.cell // 6))

    def _marks(self, surf, g) -> None:
        """A mark on each square around the hero: what that direction key does now."""
        if g.is_over() or g.phase != "step":
            return
        lv = g.level
        me = getattr(self, "me", 0)                 # co-op: this unit's hero
        marks, colours = S.dpad_marks(g, me), S.dpad_colours(g, me)
        here = g.actors[me].pos
        for d in range(WAIT + 1):
            kind = marks.get(d)
            if kind not in MARKS:
                continue
            if d == WAIT:
                cell = here
            else:
                cell = lv.neighbours()[here][d]
                if cell < 0:
                    continue
            r = self.cell_rect(lv, cell)
            if r is None:
                continue
            default, shape = MARKS[kind]
            col = ARC_COLOURS.get(colours.get(d) or "", default)
            draw_mark(surf, shape, r, col, d)


def draw_mark(surf, shape: str, r, col, d: int) -> None:
    k = max(2, r.w // 5)
    if shape == "ring" and d == WAIT:
        pygame.draw.circle(surf, col, r.center, r.w // 2 - 1, 1)
        return
    dx, dy = DIRS[d % 8] if d < WAIT else (0, 0)
    cx, cy = r.centerx - dx * (r.w // 4), r.centery - dy * (r.h // 4)   # on the hero's side of the square
    if shape == "triangle":
        pts = [(cx + dx * k, cy + dy * k), (cx - dy * k - dx * k // 2, cy + dx * k - dy * k // 2),
               (cx + dy * k - dx * k // 2, cy - dx * k - dy * k // 2)]
        pygame.draw.polygon(surf, col, pts)
    elif shape == "ring":
        pygame.draw.circle(surf, col, (cx, cy), k, 1)
    elif shape == "square":
        pygame.draw.rect(surf, col, (cx - k // 2 - 1, cy - k // 2 - 1, k + 1, k + 1), 1)
    elif shape == "chevron":
        pygame.draw.lines(surf, col, False, [(cx - dy * k - dx * k, cy + dx * k - dy * k), (cx, cy),
                                             (cx + dy * k - dx * k, cy - dx * k - dy * k)], 2)
    else:
        pygame.draw.circle(surf, col, (cx, cy), max(1, k // 2))
