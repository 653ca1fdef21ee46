"""A perfect maze filling the level, and braiding (removing its dead ends).

Maze *nodes* are the cells with odd x and odd y; the cell between two neighbouring nodes is a
*passage* (open when the maze joins them); cells with even x and even y are *posts* (always rock
outside rooms). The outer edge is rock. The maze is carved by the recursive backtracker (long,
winding corridors), driven only by the game's PCG32 generator.
"""

from __future__ import annotations

from game.core.prng import Pcg32

_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def node_mask(size: int) -> int:
    m = 0
    for y in range(1, size - 1, 2):
        for x in range(1, size - 1, 2):
            m |= 1 << y * size + x
    return m


def perfect_maze(rng: Pcg32, size: int) -> int:
    """Open cells of a perfect maze (every node reachable by exactly one path)."""
    n = (size - 1) // 2
    visited = bytearray(n * n)
    start = rng.below(n * n)
    visited[start] = 1
    stack = [start]
    opened = node_mask(size)
    while stack:
        cur = stack[-1]
        i, j = cur % n, cur // n
        opts = []
        for di, dj in _DIRS:
            ni, nj = i + di, j + dj
            if 0 <= ni < n and 0 <= nj < n and not visited[nj * n + ni]:
                opts.append((di, dj))
        if not opts:
            stack.pop()
            continue
        di, dj = opts[rng.below(len(opts))] if len(opts) > 1 else opts[0]
        opened |= 1 << (2 * j + 1 + dj) * size + 2 * i + 1 + di
        nxt = (j + dj) * n + i + di
        visited[nxt] = 1
        stack.append(nxt)
    return opened


def braid(rng: Pcg32, size: int, opened: int, room_mask: int) -> int:
    """Remove every dead end: a node outside the rooms with a single open passage gets a second
    one, to a neighbouring dead end when there is one (Jamis Buck's braiding), else to any
    neighbour whose passage is closed. Nodes are visited in cell order."""
    n = (size - 1) // 2

    def passages(i, j):
        out = []
        for di, dj in _DIRS:
            ni, nj = i + di, j + dj
            if 0 <= ni < n and 0 <= nj < n:
                cell = (2 * j + 1 + dj) * size + 2 * i + 1 + di
                out.append((ni, nj, cell, (opened >> cell) & 1))
        return out

    def in_room(i, j):
        return (room_mask >> (2 * j + 1) * size + 2 * i + 1) & 1

    for j in range(n):
        for i in range(n):
            if in_room(i, j):
                continue
            ps = passages(i, j)
            if sum(p[3] for p in ps) != 1:
                continue
            closed = [p for p in ps if not p[3]]
            dead = [p for p in closed if not in_room(p[0], p[1])
                    and sum(q[3] for q in passages(p[0], p[1])) == 1]
            pool = dead or closed
            pick = pool[rng.below(len(pool))] if len(pool) > 1 else pool[0]
            opened |= 1 << pick[2]
    return opened
