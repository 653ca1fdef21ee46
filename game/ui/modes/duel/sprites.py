"""The duel's pictures, drawn in code once per cell size and cached: flagstone floor, brick rock,
potion flasks, the two wizards (pointed hat and robe), where the other was last seen, a spell's
burst, and the cursor. Remembered (out of view) floor, rock and potions have their own darker
pictures, so the field-of-view shading costs nothing per frame.

    tile("floor", cell), tile("wall", cell, seen=False), potion(rgb, cell), wizard(rgb, cell)

Speckles come from the project's PCG32 (the same picture every run); no third-party art.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.prng import Pcg32
from game.ui.modes.duel import colours as C
from game.ui.theme import shade

BASE = {("floor", True): C.FLOOR, ("floor", False): C.FLOOR_REMEMBERED,
        ("wall", True): C.WALL, ("wall", False): C.WALL_REMEMBERED}


@lru_cache(maxsize=64)
def tile(kind: str, cell: int, seen: bool = True) -> pygame.Surface:
    """A floor or wall tile of `cell` pixels; `seen` False: the remembered (dimmed) picture."""
    s = pygame.Surface((cell, cell))
    base = BASE[(kind, seen)]
    if kind == "floor":
        _floor(s, cell, base)
    else:
        _wall(s, cell, base)
    return s


def _floor(s: pygame.Surface, cell: int, base) -> None:
    s.fill(base)
    rng = Pcg32(7 + cell, 0xF1)
    for _ in range(max(2, cell * cell // 24)):
        s.set_at((rng.below(cell), rng.below(cell)), shade(base, rng.between(80, 120) / 100))
    if cell >= 8:
        line = shade(base, 0.7)
        pygame.draw.line(s, line, (0, cell - 1), (cell - 1, cell - 1))
        pygame.draw.line(s, line, (cell - 1, 0), (cell - 1, cell - 1))


def _wall(s: pygame.Surface, cell: int, base) -> None:
    s.fill(base)
    mortar, top = shade(base, 0.5), shade(base, 1.25)
    if cell < 8:
        pygame.draw.line(s, top, (0, 0), (cell - 1, 0))
        return
    rows = 3 if cell >= 15 else 2
    h = cell / rows
    for r in range(rows):
        y = int(r * h)
        pygame.draw.line(s, mortar, (0, y), (cell - 1, y))
        pygame.draw.line(s, top, (0, y + 1), (cell - 1, y + 1))
        x = cell // 2 if r % 2 else cell // 4
        pygame.draw.line(s, mortar, (x, y), (x, int((r + 1) * h) - 1))
        if r % 2 == 0:
            pygame.draw.line(s, mortar, (x + cell // 2, y), (x + cell // 2, int((r + 1) * h) - 1))


@lru_cache(maxsize=64)
def potion(colour: tuple, cell: int, seen: bool = True) -> pygame.Surface:
    """A round flask with a neck and a cork, its body `colour`, transparent around it."""
    s = pygame.Surface((cell, cell), pygame.SRCALPHA)
    r = max(2, cell * 3 // 10)
    cx, cy = cell // 2, cell - r - max(1, cell // 8)
    neck = max(1, cell // 8)
    pygame.draw.rect(s, (210, 210, 220) if seen else (100, 100, 110), (cx - neck, cy - r - neck * 2, neck * 2, neck * 2 + 1))
    pygame.draw.rect(s, (150, 100, 60) if seen else (75, 50, 30), (cx - neck, cy - r - neck * 3, neck * 2, neck))
    pygame.draw.circle(s, (20, 16, 28), (cx, cy), r + 1)
    pygame.draw.circle(s, colour, (cx, cy), r)
    if cell >= 10:
        pygame.draw.circle(s, shade(colour, 1.6), (cx - r // 3, cy - r // 3), max(1, r // 3))
    return s


@lru_cache(maxsize=32)
def wizard(rgb: tuple, cell: int) -> pygame.Surface:
    """A wizard: a robe (a trapezoid), a face and a pointed hat, all in `rgb` shades."""
    s = pygame.Surface((cell, cell), pygame.SRCALPHA)
    dark, light = shade(rgb, 0.55), shade(rgb, 1.35)
    m = max(1, cell // 10)
    top, bottom = cell * 4 // 10, cell - m
    robe = [(cell // 2 - cell // 7, top), (cell // 2 + cell // 7, top), (cell - 2 * m, bottom), (2 * m, bottom)]
    pygame.draw.polygon(s, rgb, robe)
    pygame.draw.polygon(s, dark, robe, 1)
    face = max(1, cell // 7)
    pygame.draw.circle(s, (240, 210, 180), (cell // 2, top), face)
    hat = [(cell // 2, m), (cell // 2 + cell // 4, top - face + 1), (cell // 2 - cell // 4, top - face + 1)]
    pygame.draw.polygon(s, light, hat)
    pygame.draw.polygon(s, dark, hat, 1)
    return s


@lru_cache(maxsize=16)
def last_seen(rgb: tuple, cell: int) -> pygame.Surface:
    """A faded outline of the other wizard: where they were last seen (or found)."""
    s = wizard(shade(rgb, 0.7), cell).copy()
    s.set_alpha(110)
    return s


@lru_cache(maxsize=32)
def burst(rgb: tuple, cell: int) -> pygame.Surface:
    """A spell's effect on a cell: a glow and an eight-pointed spark in `rgb`."""
    s = pygame.Surface((cell, cell), pygame.SRCALPHA)
    s.fill((*rgb, 90))
    c, r = cell // 2, max(2, cell // 2 - 1)
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        pygame.draw.line(s, (*rgb, 255), (c - dx * r, c - dy * r), (c + dx * r, c + dy * r), max(1, cell // 9))
    pygame.draw.circle(s, (255, 255, 255, 230), (c, c), max(1, cell // 7))
    return s


@lru_cache(maxsize=8)
def ring(rgb: tuple, cell: int) -> pygame.Surface:
    """The ground ring under your own wizard (tells you apart at every size)."""
    s = pygame.Surface((cell, cell), pygame.SRCALPHA)
    pygame.draw.ellipse(s, rgb, (1, cell * 2 // 3, cell - 2, max(2, cell // 3)), max(1, cell // 8))
    return s
