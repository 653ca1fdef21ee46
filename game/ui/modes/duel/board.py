"""The dungeon as the plan draws it: text on black, one glyph per cell, from a player's `View`.

Per cell only the top-most thing is drawn: effects (`*`) over players (`@`) over potions (`!`)
over the dungeon (`.` floor, `#` rock). Room cells look like any floor (no room walls are drawn).
Your own `@` stands on a blue square (C.YOU_MARK) so it stays distinct from the white walls even at
31×31 on 320×240. Cells in view are bright, remembered ones dimmed, unknown ones black. Potions in view are bright;
remembered potions out of view (seen before, or found by Item Detection) are drawn dimmed.
The opponent is drawn only when in view; where they were last seen (or detected) shows a dim `?`.

During the after-turn sequence the layout, the items and the players may come from different
views (before / after the action): `draw(..., layout_view, items_view, players_view, effects)`.
"""

from __future__ import annotations

import pygame

from game.core.bitset import bits_list
from game.ui.modes.duel import colours as C
from game.ui.modes.duel.glyphs import GlyphSet


def board_cells(layout_v, items_v, players_v, effects) -> dict[int, tuple[str, tuple]]:
    """cell -> (glyph, colour) of everything drawn (testable without a screen)."""
    out: dict[int, tuple[str, tuple]] = {}
    vis = layout_v.visible
    for c in bits_list(layout_v.known_open):
        out[c] = (".", C.FLOOR if (vis >> c) & 1 else C.FLOOR_REMEMBERED)
    for c in bits_list(layout_v.known_walls):
        out[c] = ("#", C.WALL if (vis >> c) & 1 else C.WALL_REMEMBERED)
    ivis = items_v.visible
    for c, a in items_v.potions.items():
        out[c] = ("!", C.POTION.get(a, C.WALL) if (ivis >> c) & 1 else C.POTION_REMEMBERED.get(a, C.WALL_REMEMBERED))
    p = players_v
    if p.opponent is not None:
        out[p.opponent] = ("@", C.OPPONENT)
    elif p.last_seen is not None and p.last_seen[0] != p.pos:
        out[p.last_seen[0]] = ("?", C.LAST_SEEN)
    out[p.pos] = ("@", C.YOU)
    for c, colour in (effects or {}).items():
        out[c] = ("*", C.effect_colour(colour))
    return out


class BoardPainter:
    def __init__(self, cell: int) -> None:
        self.glyphs = GlyphSet(cell)

    def draw(self, surf: pygame.Surface, lay, size: int, layout_v, items_v, players_v, effects=None) -> None:
        board = lay.board
        pygame.draw.rect(surf, C.BG, board.inflate(2, 2))
        cell = lay.cell
        x0, y0 = board.topleft
        get = self.glyphs.get
        me = players_v.pos
        pygame.draw.rect(surf, C.YOU_MARK, (x0 + (me % size) * cell, y0 + (me // size) * cell, cell, cell))
        surf.fblits([(get(ch, colour), (x0 + (c % size) * cell, y0 + (c // size) * cell))
                     for c, (ch, colour) in board_cells(layout_v, items_v, players_v, effects).items()])
