"""What the enemies of a seat can do next turn, as whole-board bitsets.

- `attack_zone(game, enemy)`: cells the enemy could attack after walking (its reach dilated by
  its weapon range [min, max]);
- `ThreatMap`: for each cell, the enemies that could strike it next turn;
- `approach_layers(field, sources)`: distance layers outward from a set of cells over the
  terrain a movement type may cross, used to advance toward the enemy around obstacles.
"""

from __future__ import annotations

from game.core.bitset import bits_list
from game.core.reach import MoveField


def dilate(game, mask: int, steps: int) -> int:
    """Cells within `steps` grid steps of `mask` (terrain ignored: weapons fly over it)."""
    g = game.grid
    for _ in range(steps):
        out = mask
        for d, sh in enumerate(g.shifts):
            t = mask & g.dir_src[d]
            if t:
                out |= (t << sh) if sh >= 0 else (t >> -sh)
        if out == mask:
            break
        mask = out
    return mask


def attack_zone(game, enemy) -> int:
    pt = game.rs.pieces[enemy.kind]
    reach = game.reach(enemy).mask
    if pt.rng_min <= 1:
        return dilate(game, reach, pt.rng_max)
    zone = 0
    for c in bits_list(reach):
        zone |= game.grid.range_mask(c, pt.rng_min, pt.rng_max)
    return zone


class ThreatMap:
    """Enemies of `seat` that could strike each cell next turn (computed once per bot turn)."""

    def __init__(self, game, seat: int):
        self.by_cell: dict[int, list[int]] = {}
        for e in game.pieces:
            if e.alive and e.seat != seat:
                for c in bits_list(attack_zone(game, e)):
                    self.by_cell.setdefault(c, []).append(e.id)

    def enemies_at(self, cell: int) -> list[int]:
        return self.by_cell.get(cell, [])


def approach_layers(field: MoveField, sources: int, limit: int = 96) -> list[int]:
    """layers[k] = cells k steps (ignoring costs and occupancy) from `sources` over passable terrain."""
    seen = sources
    layers = [sources]
    frontier = sources
    passable = field.passable
    for _ in range(limit):
        frontier = field.expand(frontier) & passable & ~seen
        if not frontier:
            break
        seen |= frontier
        layers.append(frontier)
    return layers
