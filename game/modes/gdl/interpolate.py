"""Values given as (key value) lists in a module (hp-to-acp curves and the like)."""

from __future__ import annotations


def interpolate(pairs: list[tuple[int, int]], x: int) -> int | None:
    """Linear interpolation between the listed points, fractions rounded down (refman
    "Conventions Used"); None outside the keys (these lists do not extrapolate)."""
    for (k0, v0), (k1, v1) in zip(pairs, pairs[1:]):
        if k0 <= x <= k1:
            if x == k0 or k1 == k0:
                return v0
            return v0 + (v1 - v0) * (x - k0) // (k1 - k0)
    if len(pairs) == 1 and pairs[0][0] == x:
        return pairs[0][1]
    if pairs and x == pairs[-1][0]:
        return pairs[-1][1]
    return None
