"""Drawing an Xconq area: pointy-top hexes laid out as Xconq shows them (row y drawn above row
y-1, each row shifted half a hex to the right), terrain colours from terrain names, units as
their type's letter on a disc of their side's colour, and a camera that follows the cursor.

Fog of war (a module without see-all): the map is drawn as one side sees it (`viewer`): cells
whose terrain the side never saw are black, cells it knows but does not see now are dimmed,
other sides' units are drawn only where the side sees them now; units it saw and lost sight of
are grey ghosts (type letter, no colour) where it last saw them. Aux terrain: connections
(roads, rivers as connections) are lines from the centre towards each connected neighbour,
borders (rivers, walls) thick lines on the hex edge, coatings (snow, mud) a dotted wash."""

from __future__ import annotations

import zlib

import pygame

from game.modes.gdl.world import XDIRS
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


UNKNOWN = (6, 6, 10)              # terrain the viewing side never saw
GHOST = (120, 120, 128)           # a unit the viewing side saw and lost sight of
FOG_SHADE = 0.5                   # known terrain out of sight
MAX_LAYER_PIXELS = 4_000_000      # a kept map layer at most ~16 MB; bigger maps draw per frame


def side_colour(side: int, you: int | None = None) -> tuple[int, int, int]:
    """Side `side`'s colour; `you` (a side id) wears the shared "you" colour (theme.YOU)."""
    if side <= 0:
        return SIDE0
    return T.side_colour(side - 1, None if you is None or you <= 0 else you - 1)


def aux_colour(name: str) -> tuple[int, int, int]:
    low = name.lower()
    if any(w in low for w in ("river", "stream", "canal", "water")):
        return (60, 120, 230)
    if any(w in low for w in ("rail", "wall", "border", "cliff")):
        return (40, 30, 30)
    return (225, 205, 150)        # roads, tracks, trails


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
        self.aux_colours = [aux_colour(n) for n in m.ttypes]
        self.cam = [0, 0]
        self._layer: pygame.Surface | None = None
        self._layer_key = None

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
             marks: dict[int, tuple], viewer: int | None = None, you: int | None = None, stamp=None) -> None:
        """The area as side `viewer` sees it (None: everything), `you` in the "you" colour.
        `stamp` names the game state (e.g. the number of actions applied): the terrain, aux and
        fog layer is drawn once per stamp and viewer and kept (cursor moves only blit it)."""
        w = self.w
        ox, oy = view.x - self.cam[0], view.y - self.cam[1]
        clip = surf.get_clip()
        surf.set_clip(view)
        surf.fill((10, 10, 16), view)
        views = getattr(game, "views", None) if viewer is not None else None
        if views is not None and viewer not in views.seen:
            views = None
        base = self._base_layer(views, viewer, stamp)
        if base is not None:
            surf.blit(base, (ox, oy))
        else:
            cells = [c for c in w.grid.cells if self._on_view(c, ox, oy, view)]
            for c in cells:
                self._cell(surf, c, ox, oy, views, viewer)
            for c in cells:
                if views is None or views.terrain_known(viewer, c):
                    self._aux(surf, c, ox, oy)
        for c, mark in marks.items():
            if self._on_view(c, ox, oy, view):
                pygame.draw.polygon(surf, mark, self.hexagon(c, ox, oy), 2)
        shown = set()
        for c, ids in game.at.items():
            if not ids or not self._on_view(c, ox, oy, view):
                continue
            for uid in ids:
                if views is None or views.sees(viewer, uid, game):
                    self._unit(surf, th, game, uid, c, ox, oy, selected, you)
                    shown.add(c)
                    break
        if views is not None:
            for _uid, (ut, _side, c, _turn) in views.memory[viewer].items():
                if c in shown or not self._on_view(c, ox, oy, view) or views.in_sight(viewer, c):
                    continue
                self._ghost(surf, th, ut, c, ox, oy)
        if w.grid.is_cell(cursor):
            pygame.draw.polygon(surf, T.CURSOR, self.hexagon(cursor, ox, oy), 2)
        surf.set_clip(clip)

    def _base_layer(self, views, viewer, stamp):
        """The whole map's terrain + aux (+ fog) as one surface, redrawn when `stamp` or the
        viewer changes; None without a stamp or for maps too big to keep (then drawn per frame)."""
        if stamp is None or self.size[0] * self.size[1] > MAX_LAYER_PIXELS:
            return None
        key = (stamp, viewer if views is not None else None)
        if self._layer is not None and self._layer_key == key:
            return self._layer
        layer = self._layer if self._layer is not None else pygame.Surface(self.size)
        layer.fill((10, 10, 16))
        for c in self.w.grid.cells:
            self._cell(layer, c, 0, 0, views, viewer)
        for c in self.w.grid.cells:
            if views is None or views.terrain_known(viewer, c):
                self._aux(layer, c, 0, 0)
        self._layer, self._layer_key = layer, key
        return layer

    def _on_view(self, c: int, ox: int, oy: int, view: pygame.Rect) -> bool:
        x, y = self.pos[c]
        return not (x + ox > view.right or x + ox + self.cw < view.x or y + oy > view.bottom
                    or y + oy + self.hh < view.y)

    def _cell(self, surf, c: int, ox: int, oy: int, views, viewer) -> None:
        w = self.w
        poly = self.hexagon(c, ox, oy)
        if views is not None and not views.terrain_known(viewer, c):
            pygame.draw.polygon(surf, UNKNOWN, poly)
            pygame.draw.polygon(surf, (24, 24, 32), poly, 1)
        else:
            col = self.colours[w.terrain[c]]
            if w.edge[c]:
                col = T.shade(col, 0.45)
            elif views is not None and not views.in_sight(viewer, c):
                col = T.shade(col, FOG_SHADE)
            pygame.draw.polygon(surf, col, poly)
            pygame.draw.polygon(surf, T.shade(col, 0.7), poly, 1)

    def _aux(self, surf, c: int, ox: int, oy: int) -> None:
        w = self.w
        cx, cy = self.centre(c, ox, oy)
        for kind in ("connections", "borders", "coatings"):
            for t in getattr(w, kind, ()):
                bits = w.aux_at(t, c)
                if not bits:
                    continue
                col = self.aux_colours[t]
                if kind == "coatings":
                    r = max(1, self.cw // 6)
                    for dx in (-r * 2, r * 2):
                        pygame.draw.circle(surf, col, (cx + dx, cy + r * 2), r)
                    continue
                for d, (dx, dy) in enumerate(XDIRS):
                    if not bits >> d & 1:
                        continue
                    px, py = dx * self.cw + dy * self.cw / 2, -dy * self.rh
                    mx, my = cx + px / 2, cy + py / 2
                    if kind == "connections":
                        pygame.draw.line(surf, col, (cx, cy), (round(mx), round(my)), max(2, self.cw // 6))
                    else:
                        norm = max(1.0, (px * px + py * py) ** 0.5)
                        hx, hy = -py / norm * self.hh / 4, px / norm * self.hh / 4
                        pygame.draw.line(surf, col, (round(mx - hx), round(my - hy)), (round(mx + hx), round(my + hy)),
                                         max(2, self.cw // 5))

    def _unit(self, surf, th, game, uid: int, c: int, ox: int, oy: int, selected, you) -> None:
        u = game.units[uid]
        cx, cy = self.centre(c, ox, oy)
        r = max(3, self.cw // 2 - 1)
        pygame.draw.circle(surf, side_colour(u.side, you), (cx, cy), r)
        if game.occ.get(u.id):
            pygame.draw.circle(surf, T.CURSOR, (cx, cy), r, 1)
        if selected is not None and (u.id == selected or selected in game.occ.get(u.id, ())):
            pygame.draw.circle(surf, T.ACCENT, (cx, cy), r + 1, 2)
        img = th.render(self.w.letters[u.type], (12, 10, 16), "tiny")
        surf.blit(img, (cx - img.get_width() // 2, cy - img.get_height() // 2))

    def _ghost(self, surf, th, ut: int, c: int, ox: int, oy: int) -> None:
        cx, cy = self.centre(c, ox, oy)
        r = max(3, self.cw // 2 - 1)
        pygame.draw.circle(surf, GHOST, (cx, cy), r, 1)
        img = th.render(self.w.letters[ut], GHOST, "tiny")
        surf.blit(img, (cx - img.get_width() // 2, cy - img.get_height() // 2))
