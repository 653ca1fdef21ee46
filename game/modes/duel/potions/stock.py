"""Which potions a game uses and who gets what at the start."""

from __future__ import annotations

from game.core.prng import Pcg32

from ..state import APPEARANCE_COUNT
from . import HEALING, TYPES


def choose_types(rng: Pcg32) -> tuple[int, ...]:
    """Potion type of each appearance: Healing plus four other types, dealt to the colours."""
    others = [t for t in sorted(TYPES) if t != HEALING]
    chosen = [HEALING] + rng.sample(others, APPEARANCE_COUNT - 1)
    rng.shuffle(chosen)
    return tuple(chosen)


def starting_potions(rng: Pcg32, types: tuple[int, ...]) -> list[int]:
    """Two different appearances, both of harmless types (there are always at least two:
    Healing plus at least one of the four others, as only three types are harmful)."""
    harmless = [a for a, t in enumerate(types) if not TYPES[t].harmful]
    return sorted(rng.sample(harmless, 2))


def dungeon_potions(rng: Pcg32, count: int) -> list[int]:
    return [rng.below(APPEARANCE_COUNT) for _ in range(count)]
