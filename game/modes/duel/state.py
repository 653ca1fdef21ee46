"""The whole state of a duel: plain data, hashed canonically after every turn.

Both units of a linked duel hold all of it (lockstep), including what each player has seen; the
screen shows each player only their own view. Player 0 is the controller (host).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.prng import Pcg32

from .layout import Layout
from .options import DuelOptions

START_HP = 5
MAX_HP = 5            # healing never goes above the starting hit points
MAX_STEPS = 5         # "move their wizard 0 to 5 squares"
INVENTORY_SIZE = 9
SPELLS_DEALT = 3
APPEARANCE_COUNT = 5

# directions in grid order (game.core.grid DIRS_SQUARE8): N E S W NE SE SW NW
DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))
DIR_NAMES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")


def direction_towards(dx: int, dy: int) -> int:
    """The 8-way direction closest to the vector (dx, dy); N for (0, 0)."""
    if dx == 0 and dy == 0:
        return 0
    sx = (dx > 0) - (dx < 0) if 2 * abs(dx) >= abs(dy) else 0
    sy = (dy > 0) - (dy < 0) if 2 * abs(dy) >= abs(dx) else 0
    return DIRS.index((sx, sy))


@dataclass
class Wizard:
    pos: int
    hp: int = START_HP
    facing: int = 0                       # direction of the last step (Fire Storm's "forward")
    inventory: list = field(default_factory=list)      # potion appearances, slot order
    known: int = 0                        # bitmask of identified appearances
    seen: int = 0                         # remembered cells (bitset)
    potion_memory: dict = field(default_factory=dict)  # cell -> appearance last seen there
    last_seen: tuple | None = None        # (cell, turn) where the other wizard was last seen
    visible: int = 0                      # current view; derived, not part of the hash

    def clone(self) -> Wizard:
        return Wizard(self.pos, self.hp, self.facing, list(self.inventory), self.known, self.seen,
                      dict(self.potion_memory), self.last_seen, self.visible)

    def as_data(self) -> dict:
        return {
            "pos": self.pos, "hp": self.hp, "facing": self.facing,
            "inventory": list(self.inventory), "known": self.known, "seen": self.seen,
            "potion_memory": sorted([c, a] for c, a in self.potion_memory.items()),
            "last_seen": list(self.last_seen) if self.last_seen else None,
        }


@dataclass
class DuelState:
    options: DuelOptions
    seed: int
    rng: Pcg32
    layout: Layout
    types: tuple                          # potion type id of each appearance (index = appearance)
    ground: dict                          # cell -> appearance
    wizards: list                         # [Wizard, Wizard]
    current: int                          # whose turn it is
    first: int                            # who moved first
    turn: int = 0                         # completed turns
    steps: int = 0                        # steps taken in the current turn
    dealt: tuple = ()                     # spell ids dealt to the current player this turn
    winner: int | None = None
    over: str = ""                        # why the duel ended ("" while it runs)

    def clone(self) -> DuelState:
        """An independent copy (layouts never change in place, so they are shared)."""
        return DuelState(self.options, self.seed, self.rng.copy(), self.layout, self.types,
                         dict(self.ground), [w.clone() for w in self.wizards], self.current,
                         self.first, self.turn, self.steps, self.dealt, self.winner, self.over)

    @property
    def round(self) -> int:
        """Rounds count pairs of turns, starting with the first player's turn."""
        return self.turn // 2

    def as_data(self) -> dict:
        return {
            "mode": "duel",
            "options": self.options.as_dict(),
            "seed": self.seed,
            "rng": list(self.rng.get_state()),
            "layout": self.layout.as_data(),
            "types": list(self.types),
            "ground": sorted([c, a] for c, a in self.ground.items()),
            "wizards": [w.as_data() for w in self.wizards],
            "current": self.current, "first": self.first, "turn": self.turn,
            "steps": self.steps, "dealt": list(self.dealt),
            "winner": self.winner, "over": self.over,
        }
