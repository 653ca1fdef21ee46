"""Tile pictures made by code: a textured top face per tile kind, square or hex, and side faces.

Known tile ids of the default ruleset get their own texture (grass tufts, trees, waves, lava
cracks, bricks...); any other tile a world designer adds is drawn from its ``colour`` with a
texture picked from its movement letters, so a new ruleset always renders. Speckles come from
the project's PCG32 seeded by the tile id: the same picture every run.
"""

from __future__ import annotations

import zlib

import pygame

from game.core.prng import Pcg32
from game.ui.hexdraw import HEX_H, HEX_W, hex_points
from game.ui.theme import shade


def hex_colour(text: str) -> tuple[int, int, int]:
    try:
        t = text.lstrip("#")
        return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)
    except (ValueError, IndexError, AttributeError):
        return 128, 128, 128


def _speckle(s: pygame.Surface, rng: Pcg32, base, n: int, spread=(0.8, 1.2)) -> None:
    w, h = s.get_size()
    lo, hi = int(spread[0] * 100), int(spread[1] * 100)
    for _ in range(n):
        f = rng.between(lo, hi) / 100
        s.set_at((rng.below(w), rng.below(h)), shade(base, f))


def _tree(s, x, y, dark, light) -> None:
    pygame.draw.polygon(s, (20, 40, 20), [(x, y - 6), (x + 4, y + 1), (x - 4, y + 1)])
    pygame.draw.polygon(s, dark, [(x, y - 5), (x + 3, y), (x - 3, y)])
    s.set_at((x - 1, y - 3), light)
    s.set_at((x, y - 4), light)
    pygame.draw.line(s, (90, 60, 30), (x, y + 1), (x, y + 2))


def _texture(tile, w: int, h: int, lift: int = 0) -> pygame.Surface:
    base = hex_colour(tile.colour)
    if lift > 0:
        base = shade(base, 1 + 0.08 * min(lift, 5))
    s = pygame.Surface((w, h))
    s.fill(base)
    rng = Pcg32(zlib.crc32(tile.id.encode()) or 1)
    kind = tile.id
    mv = tile.movement
    if kind == "forest":
        _speckle(s, rng, base, 20)
        for x, y in ((w // 4, h // 2), (3 * w // 4, h // 2 - 1), (w // 2, h - 3)):
            _tree(s, x, y, shade(base, 0.75), shade(base, 1.35))
    elif kind == "water" or (mv == "WA" or mv == "W"):
        _speckle(s, rng, base, 10, (0.9, 1.1))
        light = shade(base, 1.35)
        for y in (h // 4, 3 * h // 4):
            for x0 in range(1 + (y % 3), w - 3, 7):
                pygame.draw.line(s, light, (x0, y), (x0 + 2, y - 1))
                pygame.draw.line(s, light, (x0 + 2, y - 1), (x0 + 4, y))
    elif kind == "lava" or "F" in mv:
        crust = shade(base, 0.55)
        for _ in range(5):
            cx, cy = rng.below(w), rng.below(h)
            pygame.draw.circle(s, crust, (cx, cy), rng.between(2, 3))
        _speckle(s, rng, (255, 230, 90), 12, (1.0, 1.0))
    elif kind == "chasm" or mv == "A":
        for y in range(h):
            pygame.draw.line(s, shade(base, 1.0 - 0.5 * y / h), (0, y), (w, y))
        _speckle(s, rng, (120, 90, 170), 4, (1.0, 1.0))
    elif kind == "wall" or mv == "":
        mortar = shade(base, 0.6)
        for y in range(0, h, 5):
            pygame.draw.line(s, mortar, (0, y), (w, y))
            off = 0 if (y // 5) % 2 else 4
            for x in range(off, w, 8):
                pygame.draw.line(s, mortar, (x, y), (x, y + 4))
        _speckle(s, rng, base, 10, (0.85, 1.2))
    elif kind == "hill":
        _speckle(s, rng, base, 18)
        pygame.draw.arc(s, shade(base, 1.3), (2, h // 3, w - 4, h), 0.3, 2.8, 1)
    elif kind == "sand":
        _speckle(s, rng, base, 24, (0.85, 1.12))
    else:  # grass and any unknown earth tile
        _speckle(s, rng, base, 26, (0.8, 1.2))
        tuft = shade(base, 1.35)
        for _ in range(3):
            x, y = rng.between(2, w - 3), rng.between(3, h - 2)
            s.set_at((x - 1, y - 1), tuft)
            s.set_at((x, y), tuft)
            s.set_at((x + 1, y - 1), tuft)
    return s


class TileArt:
    """Top faces and side colours by (tile id, shape, unit), cached."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def top(self, tile, hexagonal: bool, unit: int = 1, lift: int = 0) -> pygame.Surface:
        """The top face; `lift` (elevation above the tile's own) lightens it a little per step."""
        lift = max(0, lift - tile.elevation)
        key = (tile.id, tile.colour, hexagonal, unit, lift)
        s = self._cache.get(key)
        if s is None:
            w, h = (HEX_W, HEX_H) if hexagonal else (16, 16)
            tex = _texture(tile, w, h, lift)
            edge = shade(hex_colour(tile.colour), 0.6)
            if hexagonal:
                s = pygame.Surface((w, h))
                s.fill((255, 0, 255))
                mask = pygame.Surface((w, h))
                mask.fill((255, 0, 255))
                pts = hex_points(0, 0, w, h)
                pygame.draw.polygon(mask, (0, 0, 0), pts)
                mask.set_colorkey((0, 0, 0))
                s.blit(tex, (0, 0))
                s.blit(mask, (0, 0))
                pygame.draw.polygon(s, edge, pts, 1)
                s.set_colorkey((255, 0, 255))
            else:
                s = tex
                pygame.draw.line(s, edge, (0, h - 1), (w - 1, h - 1))
                pygame.draw.line(s, edge, (w - 1, 0), (w - 1, h - 1))
                pygame.draw.line(s, shade(hex_colour(tile.colour), 1.2), (0, 0), (w - 2, 0))
            if unit != 1:
                ck = s.get_colorkey()
                s = pygame.transform.scale_by(s, unit)
                if ck:
                    s.set_colorkey(ck)
            self._cache[key] = s
        return s

    @staticmethod
    def side_colour(tile) -> tuple[int, int, int]:
        base = hex_colour(tile.colour)
        if tile.id in ("grass", "forest", "hill") or tile.movement in ("EA", "E"):
            return shade((120, 84, 52), 0.8)      # earth under the grass
        return shade(base, 0.55)
