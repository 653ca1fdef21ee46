"""Team recolouring: swap one palette range of an 8-bit sprite, as WoS recolours its golden range.

Pieces are drawn once in a neutral range (palette indices 16-19); each team gets a copy whose
range holds that team's four shades (``theme.team_ramp``). The result is converted to the
display format with a colour key so blitting costs no more than any other sprite.
"""

from __future__ import annotations

import pygame

from game.ui.art.pieces import TEAM_RANGE, sprite_surface
from game.ui.theme import team_ramp


def recolour(surf8: pygame.Surface, ramp, first: int = TEAM_RANGE.start) -> pygame.Surface:
    """A copy of an 8-bit surface with palette entries first..first+len(ramp)-1 replaced."""
    out = surf8.copy()
    pal = list(out.get_palette())
    for i, rgb in enumerate(ramp):
        pal[first + i] = rgb
    out.set_palette(pal)
    out.set_colorkey(surf8.get_colorkey())
    return out


class PieceArt:
    """Cache of ready-to-blit piece sprites by (kind, seat, unit, variant)."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def get(self, kind: str, seat: int, unit: int = 1, variant: str = "") -> pygame.Surface:
        key = (kind, seat, unit, variant)
        s = self._cache.get(key)
        if s is None:
            ramp = team_ramp(seat) if seat >= 0 else ((70, 70, 80), (110, 110, 120), (160, 160, 170), (210, 210, 220))
            if variant == "flash":
                ramp = ((255, 255, 255),) * 4
            base = recolour(sprite_surface(kind), ramp)
            if variant == "flash":
                pal = [(255, 255, 255) if i else c for i, c in enumerate(base.get_palette())]
                base.set_palette(pal)
            elif variant == "used":
                pal = base.get_palette()
                base.set_palette([((r + g + b) // 3 // 2 + 40,) * 3 if i else (r, g, b) for i, (r, g, b, *_) in enumerate(pal)])
            if unit != 1:
                base = pygame.transform.scale_by(base, unit)
            s = base.convert() if pygame.display.get_init() and pygame.display.get_surface() else base
            s.set_colorkey(base.get_colorkey())
            self._cache[key] = s
        return s
