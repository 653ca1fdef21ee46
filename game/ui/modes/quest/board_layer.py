"""The Hex quest board's cells layer: floor, objects and cell properties of the WHOLE map, drawn
once per level and cell size, then kept up to date cell by cell.

A frame blits the part of the layer in view (scrolling is only another part of the same layer).
A new game state (a move, an undo, a bug's turn) repaints only the cells whose picture changed:
an object moved, appeared or went, a grant was used, the exit lit up. A repainted cell's
rectangle is cleared and every cell whose rectangle meets it (a hex's neighbours overlap it) is
drawn again inside it, in cell order, pictures then properties, exactly as a whole redraw draws
them, so the layer is always the picture a redraw from scratch would make (tests compare them
pixel for pixel).

Size: the whole map at the board's cell size, that is the board itself or, for a map that
scrolls, at most MAX_SIDE (64) cells at the legible size (about 900x720 pixels, 2.6 MB).
"""

from __future__ import annotations

import pygame

from game.core.grid import HEX
from game.modes.quest import tiles as TL

KEY = (255, 0, 255)      # the see-through colour (what lies under the board shows through)


def _seen(g) -> tuple[bytes, frozenset, bool]:
    """What of the game state the layer shows: the objects, the grants used, the exit lit."""
    return bytes(g.obj), frozenset(g.granted), g.gems >= g.quota


class BoardLayers:
    """One board screen's cells layer (see the module's doc). `token_now` is the session's state
    token, set by the screen before each draw; the layer follows it."""

    def __init__(self) -> None:
        self.key = None
        self.level = None
        self.surface: pygame.Surface | None = None
        self.token = None           # the state the layer shows
        self.token_now = None       # the state to draw
        self.seen = None            # _seen() of the state the layer shows
        self.repainted = 0          # cells repainted for the last new state (tests, bench)
        self.full_draws = 0         # whole-map draws so far (a new level or cell size)
        self._near: dict[int, tuple] = {}     # cell -> _meeting(cell), for this layer

    def cells(self, surf, place, g, view, token, paint) -> None:
        """Blit the cells in `view` (screen coordinates, `surf` clipped to it) from the layer,
        brought up to the state `token` first. `paint(layer, g, [(cell, rect)])` draws cells."""
        key = (place.cell_size, place.full, g.g.kind, surf.get_bitsize())
        if self.surface is None or self.key != key or self.level is not g.level:
            self._draw_all(surf, place, g, paint)
            self.key, self.level = key, g.level
        elif self.token is not token:
            self._update(place, g, paint)
        self.token = token
        ox, oy = place.origin
        surf.blit(self.surface, view.topleft, pygame.Rect(view.x - ox, view.y - oy, view.w, view.h))

    def _draw_all(self, surf, place, g, paint) -> None:
        layer = pygame.Surface(place.full, 0, surf)
        layer.fill(KEY)
        layer.set_colorkey(KEY)
        paint(layer, g, [(c, place.at_map(c)) for c in g.g.cells if g.obj[c] != TL.VOID])
        self.surface, self.seen, self._near = layer, _seen(g), {}
        self.full_draws += 1
        self.repainted = len(g.g.cells)

    def _update(self, place, g, paint) -> None:
        now = _seen(g)
        old_obj, old_granted, old_lit = self.seen
        dirty: set[int] = set()
        if old_obj != now[0]:
            dirty.update(c for c, (a, b) in enumerate(zip(old_obj, now[0])) if a != b)
        dirty.update(old_granted ^ now[1])
        if old_lit != now[2]:
            prop = g.level.prop
            dirty.update(c for c in g.g.cells if prop[c] == TL.P_EXIT)
        for c in sorted(dirty):
            self._repaint(place, g, c, paint)
        self.seen = now
        self.repainted = len(dirty)

    def _repaint(self, place, g, c, paint) -> None:
        """Cell `c`'s rectangle drawn again from scratch: cleared, then every cell meeting it."""
        area, near = self._meeting(place, g.g, c)
        items = [(d, r) for d, r in near if g.obj[d] != TL.VOID]
        layer = self.surface
        clip = layer.get_clip()
        layer.set_clip(area)
        try:
            layer.fill(KEY, area)
            paint(layer, g, items)
        finally:
            layer.set_clip(clip)

    def _meeting(self, place, grid, c) -> tuple[pygame.Rect, list]:
        """(cell `c`'s rect, [(cell, rect)] of the cells whose rect meets it, `c` too, in cell
        order), on the map; worked out once per cell and layer."""
        hit = self._near.get(c)
        if hit is None:
            area = place.at_map(c)
            if grid.kind == HEX:          # a hex's rectangle meets those of the cells around it
                col, row = grid.offset_of(c)
                cand = {grid.cell_at_offset(col + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
            else:
                cand = {c}
            hit = self._near[c] = (area, [(d, r) for d in sorted(cand) if d >= 0
                                          and (r := place.at_map(d)).colliderect(area)])
        return hit
