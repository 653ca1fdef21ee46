"""Small vector icons the bundled font lacks: team shapes, arrows, scroll marks."""

from __future__ import annotations

import pygame

OUTLINE = (16, 12, 24)


def _points(kind: str, cx: int, cy: int, r: int):
    if kind == "triangle":
        return [(cx, cy - r), (cx + r, cy + r - 1), (cx - r, cy + r - 1)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "square":
        return [(cx - r + 1, cy - r + 1), (cx + r - 1, cy - r + 1), (cx + r - 1, cy + r - 1), (cx - r + 1, cy + r - 1)]
    if kind == "up":
        return [(cx, cy - r), (cx + r, cy + r // 2), (cx - r, cy + r // 2)]
    if kind == "down":
        return [(cx, cy + r), (cx + r, cy - r // 2), (cx - r, cy - r // 2)]
    if kind == "left":
        return [(cx - r, cy), (cx + r // 2, cy - r), (cx + r // 2, cy + r)]
    if kind == "right":
        return [(cx + r, cy), (cx - r // 2, cy - r), (cx - r // 2, cy + r)]
    raise ValueError(f"unknown icon {kind!r}")


def shape(surf, kind: str, centre, r: int, colour, outline=OUTLINE) -> pygame.Rect:
    """Filled icon of radius `r` around `centre`, with a 1-px outline (None: no outline)."""
    cx, cy = centre
    if kind == "circle":
        if outline is not None:
            pygame.draw.circle(surf, outline, (cx, cy), r + 1)
        return pygame.draw.circle(surf, colour, (cx, cy), r)
    pts = _points(kind, cx, cy, r)
    if outline is not None:
        pygame.draw.polygon(surf, outline, pts, 0)
        pygame.draw.polygon(surf, outline, pts, 2)
        inner = _points(kind, cx, cy, max(1, r - 1))
        pygame.draw.polygon(surf, colour, inner)
        return pygame.Rect(cx - r - 1, cy - r - 1, 2 * r + 3, 2 * r + 3)
    return pygame.draw.polygon(surf, colour, pts)
