"""Plain Sokoban analysis of a square quest level: is it a proper Sokoban level (closed, as many
boxes as goals, only walls, floor, boxes and goals), which floor cells are dead (a box there can
never reach a goal), and an exact bounded solver for authoring.

The solver searches the push graph: a state is the box set plus the player's cell right after a
push (or the start). From a state the player walks (breadth-first, boxes in the way) to any cell
behind a box and pushes it; the cost of that edge is the walk plus one move and one push. A* with
the admissible, consistent bound "sum over boxes of the fewest pushes to any goal" finds

    measure="moves":  fewest moves, and among those the fewest pushes (move-optimal);
    measure="pushes": fewest pushes, and among those the fewest moves (push-optimal).

Pruning never loses a solution: a box is never pushed onto a dead cell, nor frozen into a 2x2
block of walls and boxes that is not all on goals. Ties break on insertion order, so the result
is deterministic. `limit` bounds the expanded states; past it the answer is None (unknown).
The stored solutions are checked by the real rules (`session.make_replay`), not by this module.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from game.core.grid import HEX
from game.modes.quest import tiles as T
from game.modes.quest.level import NO_GRAVITY, Level

LURD = "urdl"               # N E S W, the square grid's direction order
INF = 1 << 30


class NotSokoban(ValueError):
    """The level uses something besides walls, floor, boxes and goals."""


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    wall: frozenset          # impassable cells (rock, void, off the map's rows)
    goals: frozenset
    boxes: frozenset
    start: int

    def step(self, c: int, d: int) -> int:
        """The neighbour of c in direction d (0 N, 1 E, 2 S, 3 W) or -1 off the board."""
        x, y = c % self.width, c // self.width
        x, y = x + (0, 1, 0, -1)[d], y + (-1, 0, 1, 0)[d]
        if not (0 <= x < self.width and 0 <= y < self.height):
            return -1
        return y * self.width + x

    def open(self, c: int) -> bool:
        return c >= 0 and c not in self.wall


def board_of(level: Level) -> Board:
    """The level as a plain Sokoban board; NotSokoban names the first thing that is not."""
    g = level.grid
    if g.kind == HEX:
        raise NotSokoban(f"{level.name}: not a square map")
    if level.gravity != NO_GRAVITY or level.npcs or level.grants or level.teleports or level.ports:
        raise NotSokoban(f"{level.name}: gravity, NPCs, grants, teleports or ports")
    wall, goals, boxes = set(), set(), set()
    for c in g.cells:
        x, y = g.coords(c)
        i = y * g.cols + x
        o, p = level.obj[c], level.prop[c]
        if p not in (T.P_NONE, T.P_VICTORY):
            raise NotSokoban(f"{level.name}: {level.pos_text(c)} has a {T.PROPERTY_NAMES[p]} property")
        if o in (T.ROCK, T.VOID):
            wall.add(i)
        elif o == T.VICTORY_OBJ:
            boxes.add(i)
        elif o != T.NONE:
            raise NotSokoban(f"{level.name}: {level.pos_text(c)} holds a {T.OBJECT_NAMES[o]}")
        if p == T.P_VICTORY:
            goals.add(i)
    sx, sy = g.coords(level.start)
    return Board(g.cols, g.rows, frozenset(wall), frozenset(goals), frozenset(boxes), sy * g.cols + sx)


def region(board: Board, frm: int, blocked=frozenset()) -> set[int]:
    """Open cells the player reaches from `frm` without crossing `blocked` cells."""
    seen, todo = {frm}, [frm]
    while todo:
        c = todo.pop()
        for d in range(4):
            n = board.step(c, d)
            if board.open(n) and n not in blocked and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def is_closed(board: Board) -> bool:
    """No cell the player can ever reach lies on the board's edge (walls enclose the level)."""
    return all(board.step(c, d) >= 0 for c in region(board, board.start) for d in range(4))


def push_distances(board: Board) -> dict[int, int]:
    """For every open cell, the fewest pushes that bring a lone box from there onto a goal
    (pulling backwards from the goals; the player needs a free cell behind each pull).
    Cells missing from the result are dead."""
    dist = {g: 0 for g in board.goals}
    todo = deque(sorted(board.goals))
    while todo:
        c = todo.popleft()
        for d in range(4):
            prev = board.step(c, d)            # the box came from here, pushed opposite to d
            behind = board.step(prev, d) if prev >= 0 else -1
            if board.open(prev) and board.open(behind) and prev not in dist:
                dist[prev] = dist[c] + 1
                todo.append(prev)
    return dist


def dead_cells(board: Board) -> set[int]:
    """Open cells from which no push sequence brings a box to any goal."""
    live = push_distances(board)
    return {c for c in region(board, board.start) if c not in live}


@dataclass
class Solution:
    lurd: str
    moves: int
    pushes: int
    measure: str             # "moves" or "pushes": what the solution is optimal for
    expanded: int


def _walk(board: Board, boxes, frm: int) -> dict[int, tuple[int, int]]:
    """Breadth-first walk: cell -> (distance, direction taken into it); N E S W order."""
    seen = {frm: (0, -1)}
    todo = deque([frm])
    while todo:
        c = todo.popleft()
        dc = seen[c][0]
        for d in range(4):
            n = board.step(c, d)
            if board.open(n) and n not in boxes and n not in seen:
                seen[n] = (dc + 1, d)
                todo.append(n)
    return seen


def _path(board: Board, walk, frm: int, to: int) -> str:
    out = []
    while to != frm:
        d = walk[to][1]
        out.append(LURD[d])
        to = board.step(to, (d + 2) % 4)
    return "".join(reversed(out))


def _frozen(board: Board, boxes, c: int) -> bool:
    """c (a box just pushed) closes a 2x2 block of walls and boxes with a box off its goal."""
    w = board.width
    x, y = c % w, c // w
    for dx in (-1, 0):
        for dy in (-1, 0):
            cells = [(y + dy + j) * w + (x + dx + i) for j in (0, 1) for i in (0, 1)]
            if any(not (0 <= x + dx + i < w and 0 <= y + dy + j < board.height) for j in (0, 1) for i in (0, 1)):
                continue
            if all(q in board.wall or q in boxes for q in cells) and \
                    any(q in boxes and q not in board.goals for q in cells):
                return True
    return False


def solve(board: Board, measure: str = "moves", limit: int = 500_000) -> Solution | None:
    """An optimal solution for `measure` ("moves" or "pushes"), or None when there is none or
    more than `limit` states would have to be expanded."""
    if measure not in ("moves", "pushes"):
        raise ValueError(f"measure {measure!r}: expected moves or pushes")
    if len(board.boxes) != len(board.goals):
        return None
    dist = push_distances(board)
    if any(b not in dist for b in board.boxes):
        return None

    def h(boxes) -> int:
        return sum(dist[b] for b in boxes)

    def cost(m: int, p: int) -> tuple[int, int]:
        return (m, p) if measure == "moves" else (p, m)

    start = (board.start, frozenset(board.boxes))
    best = {start: (0, 0)}
    parent: dict = {start: None}
    heap = [(cost(h(start[1]), h(start[1])), 0, start, 0, 0)]
    tick = expanded = 0
    while heap:
        _f, _t, state, gm, gp = heapq.heappop(heap)
        if best[state] != (gm, gp):
            continue                           # a stale heap entry
        player, boxes = state
        if boxes == board.goals:
            return Solution(_replay(board, parent, state), gm, gp, measure, expanded)
        expanded += 1
        if expanded > limit:
            return None
        walk = _walk(board, boxes, player)
        for b in sorted(boxes):
            for d in range(4):
                stand = board.step(b, (d + 2) % 4)
                to = board.step(b, d)
                if stand not in walk or not board.open(to) or to in boxes or to not in dist:
                    continue
                nb = (boxes - {b}) | {to}
                if _frozen(board, nb, to):
                    continue
                nm, np_ = gm + walk[stand][0] + 1, gp + 1
                ns = (b, nb)
                old = best.get(ns)
                if old is not None and cost(*old) <= cost(nm, np_):
                    continue
                best[ns] = (nm, np_)
                parent[ns] = (state, stand, d)
                hv = h(nb)
                tick += 1
                heapq.heappush(heap, (cost(nm + hv, np_ + hv), tick, ns, nm, np_))
    return None


def _replay(board: Board, parent, state) -> str:
    steps = []
    while parent[state] is not None:
        prev, stand, d = parent[state]
        steps.append((prev, stand, d))
        state = prev
    out = []
    for (player, boxes), stand, d in reversed(steps):
        out.append(_path(board, _walk(board, boxes, player), player, stand) + LURD[d].upper())
    return "".join(out)
