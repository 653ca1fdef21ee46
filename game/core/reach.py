"""Reachable cells: where a piece may walk this turn, and the path to each destination.

`MoveField` compiles, once per map and movement class, everything that does not change during a
game: the cells each step cost applies to (impassable cells are in none) and, per direction, the
cells a step may leave from (board edge, elevation step limit). `reachable_cells` is then a
bucketed Dijkstra (Dial's algorithm) run on whole-board bitsets: each cost level is a handful of
shifts and masks, so a 32x32 query costs microseconds, not a Python loop per cell.

Occupied cells are never entered (WoS: "You cannot walk to a tile containing another piece,
friendly or not"). With a zone-of-control set, a piece that enters a ZoC cell stops there.
"""

from __future__ import annotations

from game.core.bitset import bits_list
from game.core.grid import Grid


class MoveField:
    """Movement of one movement class over one map.

    `costs[c]` is the cost of entering cell c (0 or less = impassable). `elevation[c]` and
    `max_step` limit the height difference of a single step; `max_step=None` ignores elevation
    (pieces that can cross air).
    """

    __slots__ = ("grid", "cost_masks", "steps", "passable", "cost_of")

    def __init__(self, grid: Grid, costs, elevation=None, max_step: int | None = None):
        self.grid = grid
        by_cost: dict[int, int] = {}
        cost_of = [0] * grid.n
        for c in grid.cells:
            k = int(costs[c])
            if k > 0:
                by_cost[k] = by_cost.get(k, 0) | (1 << c)
                cost_of[c] = k
        self.cost_of = cost_of
        self.cost_masks = tuple(sorted(by_cost.items()))
        self.passable = 0
        for _, m in self.cost_masks:
            self.passable |= m
        steps = []
        for d, shift in enumerate(grid.shifts):
            src = grid.dir_src[d]
            if elevation is not None and max_step is not None:
                ok = 0
                for c in bits_list(src):
                    if abs(elevation[grid.step[c][d]] - elevation[c]) <= max_step:
                        ok |= 1 << c
                src = ok
            steps.append((src, shift))
        self.steps = tuple(steps)

    def expand(self, mask: int) -> int:
        """Cells one step away from `mask` (ignoring costs and occupancy)."""
        out = 0
        for src, sh in self.steps:
            t = mask & src
            if t:
                out |= (t << sh) if sh >= 0 else (t >> -sh)
        return out


class Reach:
    """Result of `reachable_cells`: cells by cost, destinations, and paths."""

    __slots__ = ("field", "start", "layers", "mask", "stop")

    def __init__(self, field: MoveField, start: int, layers: list[int], stop: int):
        self.field, self.start, self.layers, self.stop = field, start, layers, stop
        m = 0
        for layer in layers:
            m |= layer
        self.mask = m

    @property
    def destinations(self) -> int:
        """Bitset of cells the piece may walk to (its own cell excluded)."""
        return self.mask & ~(1 << self.start)

    def cells(self) -> list[int]:
        return bits_list(self.destinations)

    def __contains__(self, cell: int) -> bool:
        return cell >= 0 and (self.mask >> cell) & 1 == 1

    def cost_to(self, cell: int) -> int:
        """Movement spent to reach `cell`, or -1 when it is not reachable."""
        bit = 1 << cell
        for d, layer in enumerate(self.layers):
            if layer & bit:
                return d
        return -1

    def path_to(self, cell: int) -> list[int]:
        """Cells walked from the start (excluded) to `cell` (included); [] for the start itself.

        Deterministic: among equal-cost predecessors, the first direction in grid order wins."""
        d = self.cost_to(cell)
        if d < 0:
            raise ValueError(f"cell {cell} is not reachable")
        grid, field = self.field.grid, self.field
        path = []
        cur = cell
        while cur != self.start:
            path.append(cur)
            prev_cost = d - field.cost_of[cur]
            prev_layer = self.layers[prev_cost]
            for src, sh in field.steps:
                p = cur - sh
                if 0 <= p < grid.n and (src >> p) & 1 and (prev_layer >> p) & 1 and not (self.stop >> p) & 1:
                    cur, d = p, prev_cost
                    break
            else:  # pragma: no cover - layers are consistent by construction
                raise AssertionError("broken reach layers")
        path.reverse()
        return path


def reachable_cells(field: MoveField, start: int, budget: int, blocked: int = 0, zoc: int = 0) -> Reach:
    """All cells reachable from `start` spending at most `budget` movement.

    `blocked`: occupied cells (never entered). `zoc`: cells that end movement when entered.
    """
    layers = [1 << start]
    seen = (1 << start) | blocked
    free = field.passable & ~blocked
    stop = zoc & ~(1 << start)
    costs = field.cost_masks
    steps = field.steps
    max_cost = costs[-1][0] if costs else 1
    empty_run = 0
    for d in range(1, budget + 1):
        new = 0
        for k, cmask in costs:
            if k > d:
                break
            src = layers[d - k]
            if stop:
                src &= ~stop
            if not src:
                continue
            f = 0
            for smask, sh in steps:
                t = src & smask
                if t:
                    f |= (t << sh) if sh >= 0 else (t >> -sh)
            new |= f & cmask
        new &= free & ~seen
        seen |= new
        layers.append(new)
        empty_run = empty_run + 1 if not new else 0
        if empty_run >= max_cost:
            break
    return Reach(field, start, layers, stop)
