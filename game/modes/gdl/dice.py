"""Dice and stochastic values of GDL tables (integers only, the game's PCG32)."""

from __future__ import annotations

from game.rules.gdl.reader import Dice


def roll(rng, v) -> int:
    """A Type 1 dice value (NdS+O) or a plain number; results below 0 count as 0."""
    if isinstance(v, Dice):
        total = v.offset
        for _ in range(min(v.n, 64)):
            total += 1 + rng.below(v.sides) if v.sides > 0 else 0
        return max(0, total)
    return max(0, v)


def mean100(v) -> int:
    return max(0, v.mean100()) if isinstance(v, Dice) else max(0, v) * 100


def chance(rng, percent: int) -> bool:
    return percent > 0 and (percent >= 100 or rng.below(100) < percent)


def chance10000(rng, n: int) -> bool:
    """A chance given in .01 %."""
    return n > 0 and (n >= 10000 or rng.below(10000) < n)
