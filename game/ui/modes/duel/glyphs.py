"""The dungeon's characters as bitmap glyphs: `.` `#` `@` `!` `*` `?`, crisp at every cell size.

Two hand-drawn sets (5x7 and 8x10 pixels) are blown up by whole factors only, so a glyph is
never blurred or unevenly stretched. `GlyphSet(cell)` picks the largest glyph that fits the cell
and caches one surface per (glyph, colour).
"""

from __future__ import annotations

import pygame

SMALL = {   # 5 x 7
    ".": (".....", ".....", ".....", "..#..", ".....", ".....", "....."),
    "#": (".#.#.", ".#.#.", "#####", ".#.#.", "#####", ".#.#.", ".#.#."),
    "@": (".###.", "#...#", "#.###", "#.#.#", "#.###", "#....", ".###."),
    "!": ("..#..", "..#..", "..#..", "..#..", "..#..", ".....", "..#.."),
    "*": (".....", "#.#.#", ".###.", "#####", ".###.", "#.#.#", "....."),
    "?": (".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."),
}
LARGE = {   # 8 x 10
    ".": ("........", "........", "........", "........", "...##...", "...##...", "........",
          "........", "........", "........"),
    "#": ("..#..#..", "..#..#..", "..#..#..", "########", "..#..#..", "..#..#..", "########",
          "..#..#..", "..#..#..", "..#..#.."),
    "@": ("..####..", ".#....#.", "#..###.#", "#.#..#.#", "#.#..#.#", "#.#..#.#", "#..####.",
          ".#......", "..#####.", "........"),
    "!": ("...##...", "...##...", "...##...", "...##...", "...##...", "...##...", "........",
          "...##...", "...##...", "........"),
    "*": ("........", "...##...", "#..##..#", ".#.##.#.", "..####..", "..####..", ".#.##.#.",
          "#..##..#", "...##...", "........"),
    "?": ("..####..", ".##..##.", ".....##.", "....##..", "...##...", "...##...", "........",
          "...##...", "...##...", "........"),
}
SETS = (SMALL, LARGE)


def _size(pattern_set) -> tuple[int, int]:
    rows = pattern_set["@"]
    return len(rows[0]), len(rows)


def choose(cell: int) -> tuple[dict, int]:
    """(pattern set, whole scale) of the largest glyph that fits a cell of `cell` pixels."""
    margin = 0 if cell < 9 else 1 if cell < 12 else 2
    best = (SMALL, 1)
    best_h = 0
    for patterns in SETS:
        w, h = _size(patterns)
        k = 1
        while (k + 1) * h <= cell - margin and (k + 1) * w <= cell - margin:
            k += 1
        if k * h <= cell - margin and k * w <= cell - margin and k * h > best_h:
            best, best_h = (patterns, k), k * h
    return best


class GlyphSet:
    def __init__(self, cell: int) -> None:
        self.cell = cell
        self.patterns, self.scale = choose(cell)
        self.w, self.h = _size(self.patterns)
        self._cache: dict[tuple, pygame.Surface] = {}

    @property
    def glyph_size(self) -> tuple[int, int]:
        return self.w * self.scale, self.h * self.scale

    def get(self, ch: str, colour) -> pygame.Surface:
        """A cell-sized surface with `ch` centred in `colour` (transparent around it)."""
        key = (ch, tuple(colour))
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            k = self.scale
            gw, gh = self.glyph_size
            ox, oy = (self.cell - gw) // 2, (self.cell - gh + 1) // 2
            for y, row in enumerate(self.patterns[ch]):
                for x, bit in enumerate(row):
                    if bit == "#":
                        s.fill(colour, (ox + x * k, oy + y * k, k, k))
            self._cache[key] = s
        return s
