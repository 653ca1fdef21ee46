"""The dungeon drawn with tiles and sprites (sprites.py) from a player's `View`, like the Skirmish
board: flagstone floor, brick rock, potion flasks, the two wizards, field-of-view shading.

Per cell, bottom to top: the floor or rock tile (bright in view, dimmed when only remembered,
black when never seen), a potion (bright in view, dimmed when remembered: Item Detection's finds,
or a potion seen before that may be gone), the wizards (your own on a ring; the other only in
view, else a faded outline where they were last seen), then a spell's burst over everything.
`board_cells` gives the same as data (what, colour) for tests and the text view.

During the after-turn sequence the layout, the items and the players may come from different
views (before / after the action): `draw(..., layout_view, items_view, players_view, effects)`.
The cursor (the d-pad's, board_keys.py) is a frame; the walk to it is dotted when it can be made.
"""

from __future__ import annotations

import pygame

from game.core.bitset import bits_list
from game.ui.modes.duel import colours as C
from game.ui.modes.duel import sprites as S


def board_cells(layout_v, items_v, players_v, effects) -> dict[int, tuple[str, tuple]]:
    """cell -> (the top-most thing's glyph, its colour) (testable without a screen)."""
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
        self.cell = cell

    def draw(self, surf: pygame.Surface, lay, size: int, layout_v, items_v, players_v, effects=None,
             cursor: int | None = None, path: list[int] | None = None) -> None:
        board = lay.board
        cell = self.cell
        pygame.draw.rect(surf, C.BG, board)
        x0, y0 = board.topleft

        def at(c):
            return x0 + (c % size) * cell, y0 + (c // size) * cell

        vis = layout_v.visible
        floor, floor_dim = S.tile("floor", cell), S.tile("floor", cell, False)
        wall, wall_dim = S.tile("wall", cell), S.tile("wall", cell, False)
        blits = [(floor if (vis >> c) & 1 else floor_dim, at(c)) for c in bits_list(layout_v.known_open)]
        blits += [(wall if (vis >> c) & 1 else wall_dim, at(c)) for c in bits_list(layout_v.known_walls)]
        ivis = items_v.visible
        for c, a in items_v.potions.items():
            seen = bool((ivis >> c) & 1)
            colour = C.POTION.get(a, C.WALL) if seen else C.POTION_REMEMBERED.get(a, C.WALL_REMEMBERED)
            blits.append((S.potion(colour, cell, seen), at(c)))
        p = players_v
        if p.opponent is not None:
            blits.append((S.wizard(C.OPPONENT, cell), at(p.opponent)))
        elif p.last_seen is not None and p.last_seen[0] != p.pos:
            blits.append((S.last_seen(C.OPPONENT, cell), at(p.last_seen[0])))
        blits.append((S.ring(C.YOU_MARK, cell), at(p.pos)))
        blits.append((S.wizard(C.YOU, cell), at(p.pos)))
        for c, name in (effects or {}).items():
            blits.append((S.burst(C.effect_colour(name), cell), at(c)))
        surf.fblits(blits)
        if cursor is not None:
            self._cursor(surf, at, p.pos, cursor, path)

    def _cursor(self, surf, at, pos: int, cursor: int, path) -> None:
        cell = self.cell
        half = cell // 2
        if path:
            x, y = at(pos)
            for c in path:
                nx, ny = at(c)
                pygame.draw.line(surf, C.PATH, (x + half, y + half), (nx + half, ny + half), max(1, cell // 10))
                x, y = nx, ny
        x, y = at(cursor)
        colour = C.CURSOR if path is not None or cursor == pos else C.CURSOR_FAR
        pygame.draw.rect(surf, colour, (x, y, cell, cell), max(1, cell // 8))
