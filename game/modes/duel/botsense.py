"""What a bot works out from its player's view: where it can walk, where the other wizard may
be and could strike from, what each spell would do from a given cell. Only `View` data goes in."""

from __future__ import annotations

from functools import lru_cache

from game.core.reach import MoveField, reachable_cells

from .fov import fov_from_rows
from .layout import Layout, board_mask, grid_for, padded_rows_of
from .spells.geometry import cone, expand8, lightning, rays
from .view import View

LAST_SEEN_FRESH = 2        # turns a last sighting is trusted as "where they are"


class _OpenField(MoveField):
    """Unit-cost movement over a set of open cells (built without a per-cell loop)."""

    def __init__(self, size: int, passable: int):
        g = grid_for(size)
        self.grid = g
        self.cost_masks = ((1, passable),)
        self.passable = passable
        self.steps = tuple(zip(g.dir_src, g.shifts))
        self.cost_of = _ones(g.n)


@lru_cache(maxsize=8)
def _ones(n: int) -> list[int]:
    return [1] * n


@lru_cache(maxsize=4096)
def ray_lines(size: int, cell: int) -> int:
    return rays(size, cell)


class Sense:
    """The bot's picture of the duel for one decision."""

    def __init__(self, view: View):
        self.view = view
        n = self.size = view.size
        self.known_open = view.known_open
        self.known = Layout(n, view.known_open)          # unknown cells count as rock
        self.opp = view.opponent
        if self.opp is None and view.last_seen and view.turn - view.last_seen[1] <= LAST_SEEN_FRESH:
            self.opp = view.last_seen[0]
        self.opp_visible = view.opponent is not None
        blocked = 1 << view.opponent if view.opponent is not None else 0
        self.field = _OpenField(n, view.known_open | 1 << view.pos)
        self.reach = reachable_cells(self.field, view.pos, view.steps_left, blocked=blocked)
        self._rows = None
        self.opp_reach = 0
        if self.opp is not None:
            r = reachable_cells(_OpenField(n, view.known_open | 1 << self.opp), self.opp, 5,
                                blocked=1 << view.pos)
            self.opp_reach = r.mask
        self.frontier_layers = self._frontier_layers()

    # --- walking --------------------------------------------------------------------------
    def destinations(self) -> list[int]:
        from game.core.bitset import bits_list
        return bits_list(self.reach.mask)

    def facing_at(self, dest: int) -> int:
        """The direction of the last step on the way to `dest` (Fire Storm's forward)."""
        if dest == self.view.pos:
            return self.view.facing
        path = self.reach.path_to(dest)
        prev = path[-2] if len(path) > 1 else self.view.pos
        return grid_for(self.size).step[prev].index(dest)

    def first_step(self, dest: int) -> int:
        first = self.reach.path_to(dest)[0]
        return grid_for(self.size).step[self.view.pos].index(first)

    def _frontier_layers(self) -> list[int]:
        """Multi-source rings of known floor by king's steps from the unexplored edge."""
        unknown = self.view.unknown
        if not unknown:
            return []
        front = expand8(self.size, unknown) & self.known_open
        layers, seen = [front], front
        while layers[-1] and len(layers) < 48:
            nxt = expand8(self.size, layers[-1]) & self.known_open & ~seen
            seen |= nxt
            layers.append(nxt)
        return layers

    def frontier_distance(self, cell: int) -> int:
        for d, layer in enumerate(self.frontier_layers):
            if (layer >> cell) & 1:
                return d
        return 48

    # --- danger and damage ----------------------------------------------------------------
    def exposure(self, cell: int) -> float:
        """Share of the cells the other wizard may reach next turn from which a ray of cold
        would hit `cell` (0 when they are not located)."""
        if not self.opp_reach:
            return 0.0
        return (ray_lines(self.size, cell) & self.opp_reach).bit_count() / self.opp_reach.bit_count()

    def rays_hit(self, cell: int) -> bool:
        return self.opp is not None and (ray_lines(self.size, cell) >> self.opp) & 1 == 1

    def lightning_hit(self, cell: int) -> bool:
        return self.opp is not None and (lightning(self.known, cell) >> self.opp) & 1 == 1

    def fire_chance(self, cell: int, facing: int) -> float:
        """Chance a Fire Storm from `cell` reaches the other wizard (distance 5..10 uniform)."""
        if self.opp is None:
            return 0.0
        ox, oy, x, y = self.opp % self.size, self.opp // self.size, cell % self.size, cell // self.size
        if max(abs(ox - x), abs(oy - y)) > 10:
            return 0.0
        allowed = cone(self.size, cell, facing) & (self.known_open | 1 << self.opp)
        frontier, burnt = 1 << cell, 0
        for k in range(1, 11):
            frontier = expand8(self.size, frontier) & allowed & ~burnt
            if not frontier:
                return 0.0
            if (frontier >> self.opp) & 1:
                return 1.0 if k <= 5 else (11 - k) / 6
            burnt |= frontier
        return 0.0

    def sees_opp_from(self, cell: int) -> bool:
        if self.opp is None:
            return False
        if not self.view.fov:
            return True
        if self._rows is None:
            self._rows = padded_rows_of(self.size, board_mask(self.size) & ~(self.known_open | 1 << self.opp))
        return (fov_from_rows(self._rows, self.size, cell) >> self.opp) & 1 == 1

    def distance(self, a: int, b: int) -> int:
        n = self.size
        return max(abs(a % n - b % n), abs(a // n - b // n))
