"""Dungeon generation (the plan's "Dungeon Layout"): maze, rooms, no dead ends, start cells, potions.

1. A perfect maze fills the level (`maze.perfect_maze`).
2. Rooms are overlaid: `between(2, max_rooms(size))` rooms (2..6; 6 at the default 25x25) of side
   3, 5 or 7, aligned on maze nodes so the maze passages that reach a room's rim become its doors.
   Rooms are *never directly connected*: two rooms are at least 3 cells apart in every direction
   (Chebyshev gap >= 3, so the space between them always holds a maze node; no room touches,
   overlaps or shares a one-cell corridor with another). A room that cannot be placed after 40
   tries is skipped; if fewer than 2 fit, the placement starts again (then two 3x3 rooms in
   opposite corners as a last resort).
3. Dead ends are removed by braiding (`maze.braid`).
4. Start cells: two different rooms, a random cell in each. Potions: one per cell at most, on open
   cells other than the start cells; their number is open cells // POTION_DIVISOR.
"""

from __future__ import annotations

from game.core.prng import Pcg32

from .layout import Layout, room_cells
from .maze import braid, perfect_maze

POTION_DIVISOR = 32
ROOM_SIDES = (3, 5, 7)
PLACE_TRIES = 40
MIN_ROOM_GAP = 3


def max_rooms(size: int) -> int:
    """3 at 13x13, 4 at 17x17, 5 at 21x21, 6 from 25x25 up."""
    return max(2, min(6, (size - 1) // 4))


def room_sides(size: int) -> tuple[int, ...]:
    """7x7 rooms only on levels of 19x19 and more (a third of the level at most)."""
    return tuple(s for s in ROOM_SIDES if s <= (size - 1) // 3 + 1)


def separate(a, b) -> bool:
    ax, ay, as_ = a
    bx, by, bs = b
    g = MIN_ROOM_GAP
    return ax + as_ + g <= bx or bx + bs + g <= ax or ay + as_ + g <= by or by + bs + g <= ay


def place_rooms(rng: Pcg32, size: int) -> list[tuple[int, int, int]]:
    sides = room_sides(size)
    for _attempt in range(4):
        want = rng.between(2, max_rooms(size))
        rooms: list[tuple[int, int, int]] = []
        for _ in range(want):
            for _try in range(PLACE_TRIES):
                s = sides[rng.below(len(sides))]
                slots = (size - 1 - s) // 2 + 1
                r = (1 + 2 * rng.below(slots), 1 + 2 * rng.below(slots), s)
                if all(separate(r, o) for o in rooms):
                    rooms.append(r)
                    break
        if len(rooms) >= 2:
            return rooms
    return [(1, 1, 3), (size - 4, size - 4, 3)]


def generate_layout(rng: Pcg32, size: int) -> Layout:
    opened = perfect_maze(rng, size)
    rooms = place_rooms(rng, size)
    rmask = 0
    for r in rooms:
        rmask |= room_cells(size, r)
    opened = braid(rng, size, opened | rmask, rmask)
    return Layout(size, opened, rooms)


def start_cells(rng: Pcg32, layout: Layout) -> tuple[int, int]:
    """One cell in each of two different rooms (rooms drawn at random, cells at random)."""
    a, b = rng.sample(range(len(layout.rooms)), 2)
    out = []
    for i in (a, b):
        x, y, s = layout.rooms[i]
        out.append(layout.cell(x + rng.below(s), y + rng.below(s)))
    return out[0], out[1]


def potion_count(layout: Layout) -> int:
    return layout.open.bit_count() // POTION_DIVISOR


def free_cells(layout: Layout, avoid: int) -> list[int]:
    """Open cells not in the `avoid` bitset, in cell order."""
    return [c for c in layout.open_cells() if not (avoid >> c) & 1]


def place_potions(rng: Pcg32, layout: Layout, appearances: list[int], avoid: int) -> dict[int, int]:
    """Put each appearance on its own random free cell (fewer if the level runs out of cells)."""
    cells = free_cells(layout, avoid)
    k = min(len(cells), len(appearances))
    chosen = rng.sample(cells, k)
    return {c: a for c, a in zip(chosen, appearances[:k])}
