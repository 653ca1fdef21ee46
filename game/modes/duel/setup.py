"""A new duel from a seed and options (what the controller generates), or a hand-made one.

Order of generation (both units replay it from the seed): layout, start cells, potion types,
dungeon potions, the two starting inventories, first player, first deal.
"""

from __future__ import annotations

from game.core.prng import Pcg32

from .dungeon import generate_layout, place_potions, potion_count, start_cells
from .layout import Layout
from .options import DuelOptions
from .potions.stock import choose_types, dungeon_potions, starting_potions
from .spells import deal_pool
from .state import SPELLS_DEALT, DuelState, Wizard, direction_towards
from .vision import refresh_all

DUEL_STREAM = 0xD0E1          # PCG32 stream of the duel mode
SEED_MASK = (1 << 64) - 1


def facing_centre(layout: Layout, cell: int) -> int:
    x, y = layout.xy(cell)
    c = layout.size // 2
    return direction_towards(c - x, c - y)


def new_state(seed: int, options: DuelOptions | None = None) -> DuelState:
    options = options or DuelOptions()
    if not isinstance(seed, int) or not 0 <= seed <= SEED_MASK:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    rng = Pcg32(seed, DUEL_STREAM)
    layout = generate_layout(rng, options.level_size)
    a, b = start_cells(rng, layout)
    types = choose_types(rng)
    ground: dict = {}
    inventories: list = [[], []]
    if options.potions:
        ground = place_potions(rng, layout, dungeon_potions(rng, potion_count(layout)), 1 << a | 1 << b)
        inventories = [starting_potions(rng, types), starting_potions(rng, types)]
    first = rng.below(2)
    wizards = []
    for cell, inv in zip((a, b), inventories):
        known = 0
        for app in inv:
            known |= 1 << app
        wizards.append(Wizard(pos=cell, facing=facing_centre(layout, cell), inventory=list(inv), known=known))
    state = DuelState(options=options, seed=seed, rng=rng, layout=layout, types=types, ground=ground,
                      wizards=wizards, current=first, first=first)
    refresh_all(state)
    deal(state)
    return state


def deal(state: DuelState) -> None:
    """Three different spells for the player about to move."""
    state.dealt = tuple(state.rng.sample(deal_pool(state.options.potions), SPELLS_DEALT))


def custom_state(layout: Layout, positions, *, seed: int = 1, options: DuelOptions | None = None,
                 types=(0, 1, 2, 3, 4), ground=None, inventories=((), ()), known=(0, 0),
                 hp=(5, 5), facing=None, current: int = 0, dealt=None) -> DuelState:
    """A hand-made duel (tests, tutorials): every part given explicitly."""
    options = options or DuelOptions(level_size=layout.size)
    if layout.problem():
        raise ValueError(f"layout: {layout.problem()}")
    wizards = []
    for p in (0, 1):
        f = facing[p] if facing else facing_centre(layout, positions[p])
        wizards.append(Wizard(pos=positions[p], hp=hp[p], facing=f, inventory=list(inventories[p]),
                              known=known[p]))
    state = DuelState(options=options, seed=seed, rng=Pcg32(seed, DUEL_STREAM), layout=layout,
                      types=tuple(types), ground=dict(ground or {}), wizards=wizards,
                      current=current, first=current)
    refresh_all(state)
    if dealt is None:
        deal(state)
    else:
        state.dealt = tuple(dealt)
    return state
