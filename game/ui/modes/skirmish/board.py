"""Drawing the board: the pre-rendered terrain, highlights, the cursor, pieces and floating text.

The terrain (tiles, elevation side faces) is drawn once into a ``world`` picture; a frame blits
the camera's part of it and draws the few things that change on top. Highlight colours follow
WoS: purple cells where the selected piece may walk, orange outlines where it could attack from
the cell under the cursor, orange cells it may attack once it has walked; the cursor is white.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.hexdraw import BoardGeometry
from game.ui.theme import TEAM_SHAPE, team_colour


@dataclass
class Marks:
    purple: frozenset = frozenset()
    orange_fill: frozenset = frozenset()
    orange_outline: frozenset = frozenset()
    targets: frozenset = frozenset()
    cursor: int = -1
    selected: int = -1          # piece id
    spent: frozenset = field(default_factory=frozenset)   # piece ids that cannot act (drawn with a mark)
    moved: tuple | None = None  # (piece id, cell): a walk previewed, the piece is drawn there
    danger: frozenset = frozenset()   # cells an enemy could attack next turn (the danger zone)

    def key(self):
        return (self.purple, self.orange_fill, self.orange_outline, self.targets, self.cursor, self.selected,
                self.spent, self.moved, self.danger)


class BoardView:
    def __init__(self, theme, rs, gmap, tile_art, piece_art) -> None:
        self.theme = theme
        self.rs, self.gmap = rs, gmap
        self.unit = theme.unit
        self.geom = BoardGeometry(gmap.grid, gmap.elevation, theme.unit)
        self.tile_art, self.piece_art = tile_art, piece_art
        self.world = self._render_world()
        self._fills = {name: self._fill_surface(col, a) for name, col, a in
                       (("purple", T.PURPLE, 150), ("orange", T.ORANGE, 175), ("target", (255, 60, 30), 150),
                        ("danger", (230, 20, 20), 90))}

    def _render_world(self) -> pygame.Surface:
        g = self.geom
        world = pygame.Surface(g.size)
        world.fill(T.BG)
        for c in g.order:
            t = self.gmap.tiles[c]
            if not t:
                continue
            tile = self.rs.tiles[t]
            side = self.tile_art.side_colour(tile)
            pts = g.side_polygon(c)
            pygame.draw.polygon(world, side, pts)
            pygame.draw.polygon(world, T.shade(side, 0.6), pts, 1)
            world.blit(self.tile_art.top(tile, g.hex, self.unit, g.elevation[c]), g.top_rect(c).topleft)
        return world.convert() if pygame.display.get_surface() else world

    def _fill_surface(self, colour, alpha) -> pygame.Surface:
        g = self.geom
        s = pygame.Surface((g.cw, g.ch), pygame.SRCALPHA)
        pts = g.outline(pygame.Rect(0, 0, g.cw, g.ch))
        pygame.draw.polygon(s, (*colour, alpha), pts)
        pygame.draw.polygon(s, (*T.shade(colour, 0.7), 230), pts, 1)
        return s

    # ------------------------------------------------------------------------------------------
    def world_rect(self, cell: int) -> pygame.Rect:
        return self.geom.top_rect(cell)

    def draw(self, surf, view: pygame.Rect, cam, game, marks: Marks, anim=None, blink: bool = False,
             pieces=None) -> None:
        g = self.geom
        ox, oy = view.x - cam[0], view.y - cam[1]
        clip = surf.get_clip()
        surf.set_clip(view)
        surf.fill(T.BG, view)
        surf.blit(self.world, (ox, oy))
        vis = pygame.Rect(cam[0] - g.cw, cam[1] - g.ch * 2, view.w + 2 * g.cw, view.h + 4 * g.ch)

        def blit_fill(cells, name):
            img = self._fills[name]
            for c in cells:
                r = g.top_rect(c)
                if vis.colliderect(r):
                    surf.blit(img, (r.x + ox, r.y + oy))

        blit_fill(marks.danger, "danger")
        blit_fill(marks.purple, "purple")
        blit_fill(marks.orange_fill, "orange")
        blit_fill(marks.targets, "target")
        w = max(1, self.unit)
        for c in marks.orange_outline:
            r = g.top_rect(c).move(ox, oy).inflate(-2 * w, -2 * w)
            pygame.draw.lines(surf, T.ORANGE, True, g.outline(r), w)
        for c in marks.targets:
            r = g.top_rect(c).move(ox, oy)
            pygame.draw.lines(surf, (255, 80, 40), True, g.outline(r), w + 1)
        if marks.cursor >= 0 and game.grid.is_cell(marks.cursor):
            r = g.top_rect(marks.cursor).move(ox, oy)
            pygame.draw.lines(surf, T.CURSOR if not blink else T.ACCENT, True, g.outline(r), w + 1)
        self._draw_pieces(surf, ox, oy, game, marks, anim, pieces)
        if anim is not None:
            self._draw_floats(surf, ox, oy, anim)
        surf.set_clip(clip)

    def _draw_pieces(self, surf, ox, oy, game, marks, anim, pieces) -> None:
        g = self.geom
        rs = self.rs
        items = []
        for p in (pieces if pieces is not None else game.pieces):
            if not p.alive:
                continue
            pos = anim.hop_position(p.id, g) if anim is not None else None
            if pos is None:
                pos = g.centre(marks.moved[1] if marks.moved and marks.moved[0] == p.id else p.cell)
            items.append((pos[1], pos[0], p.seat, rs.pieces[p.kind].sprite, p, anim.flash(p.id) if anim else False))
        if anim is not None:
            for seat, kind, cell, flashing in anim.ghosts():
                x, y = g.centre(cell)
                items.append((y, x, seat, rs.pieces[kind].sprite, None, flashing))
        items.sort(key=lambda it: (it[0], it[1]))
        u = self.unit
        bars = []          # drawn after every piece: a piece in front never hides one behind's HP
        for y, x, seat, sprite, p, flashing in items:
            img = self.piece_art.get(sprite, seat, u, "flash" if flashing else "")
            sw, sh = img.get_size()
            dx, dy = anim.lunge(p.id, g) if (anim is not None and p is not None) else (0, 0)
            px = int(x) - sw // 2 + ox + dx
            py = int(y) + g.ch // 2 - sh - 2 * u + oy + dy
            foot = pygame.Rect(0, 0, 14 * u, 6 * u)
            foot.center = (px + sw // 2, py + sh - u)
            draw_base(surf, foot, seat, selected=p is not None and p.id == marks.selected)
            surf.blit(img, (px, py))
            shape(surf, TEAM_SHAPE[seat], (px + sw - 2 * u, py + 2 * u), 2 * u + 1, team_colour(seat))
            if p is not None:
                st = rs.pieces[p.kind]
                maxhp = st.hp + 2 * (p.level - 1)
                bars.append((pygame.Rect(px + u, py + sh, sw - 2 * u, 2 * u), p.hp, maxhp))
                if p.id in marks.spent:
                    pygame.draw.circle(surf, (30, 30, 40), (px + 2 * u, py + 2 * u), 2 * u)
                    pygame.draw.circle(surf, (150, 150, 170), (px + 2 * u, py + 2 * u), 2 * u, 1)
        for bar, hp, maxhp in bars:
            draw_hp_bar(surf, bar, hp, maxhp)

    def _draw_floats(self, surf, ox, oy, anim) -> None:
        th = self.theme
        for f in anim.floats:
            x, y = self.geom.centre(f.cell)
            rise = int(f.age * 18 * self.unit)
            th.text(surf, f.text, (x + ox, y + oy - self.geom.ch - rise), f.colour, "small", align="centre",
                    shadow=True)


RIM_DARK, RIM_LIGHT = (0, 0, 0), (255, 255, 255)


def draw_base(surf, foot: pygame.Rect, seat: int, selected: bool = False) -> None:
    """The team-coloured base a piece stands on: a black outer and a white inner rim (one of them
    contrasts with any tile, whatever the colour vision), the team colour inside; the selected
    piece's base has a gold rim instead."""
    pygame.draw.ellipse(surf, RIM_DARK, foot.inflate(4, 2))
    pygame.draw.ellipse(surf, T.ACCENT if selected else RIM_LIGHT, foot.inflate(2, 0))
    pygame.draw.ellipse(surf, team_colour(seat), foot.inflate(-2, -2))


def draw_hp_bar(surf, bar: pygame.Rect, hp: int, maxhp: int) -> None:
    """Every piece's HP: a bar on a black backing, green / yellow / red by the share left."""
    pygame.draw.rect(surf, (0, 0, 0), bar.inflate(2, 2))
    pygame.draw.rect(surf, (70, 60, 70), bar)
    frac = hp / maxhp if maxhp else 0
    if hp > 0:
        pygame.draw.rect(surf, T.hp_colour(frac), (bar.x, bar.y, max(1, round(bar.w * frac)), bar.h))
