"""Cell sets as Python integers: bit `c` set means cell `c` is in the set.

Arbitrary-precision ints give whole-board set algebra (union, intersection, shifts) in a few
machine-word operations per 64 cells, which is what makes reachable cells and threat maps fast
in pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def iter_bits(mask: int) -> Iterator[int]:
    """Cells in the set, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits_list(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def from_cells(cells: Iterable[int]) -> int:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


def has(mask: int, cell: int) -> bool:
    return (mask >> cell) & 1 == 1


def count(mask: int) -> int:
    return mask.bit_count()


def shift(mask: int, delta: int) -> int:
    """Move every cell index by `delta` (positive or negative)."""
    return mask << delta if delta >= 0 else mask >> -delta
