"""The plan's run-length scheme for a layout, implemented to compare against (bench only).

"Outside edge of dungeon is always a wall, so no need to send that": the inner cells are read
row by row; a run of rock becomes a lowercase letter (a = 1 cell, b = 2, ... z = 26), a run of
floor an uppercase one (A = 1 ...). Longer runs are split. Rooms travel as floor: the plan's
scheme has no letter for them (it would need a third alphabet)."""

from __future__ import annotations

from .layout import Layout


def rle_encode(layout: Layout) -> bytes:
    n = layout.size
    out = []
    run_val, run_len = None, 0
    for y in range(1, n - 1):
        for x in range(1, n - 1):
            v = layout.is_open(y * n + x)
            if v == run_val and run_len < 26:
                run_len += 1
            else:
                if run_val is not None:
                    out.append(chr((65 if run_val else 97) + run_len - 1))
                run_val, run_len = v, 1
    out.append(chr((65 if run_val else 97) + run_len - 1))
    return "".join(out).encode("ascii")


def rle_decode(data: bytes, size: int) -> int:
    """The open-cell bitset of a `size` level (rooms are not recoverable)."""
    inner = size - 2
    cells = []
    for ch in data.decode("ascii"):
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - 96))
        elif "A" <= ch <= "Z":
            cells.extend([1] * (ord(ch) - 64))
        else:
            raise ValueError(f"rle: {ch!r} is not a run letter")
    if len(cells) != inner * inner:
        raise ValueError(f"rle: {len(cells)} cells, expected {inner * inner}")
    op = 0
    for i, v in enumerate(cells):
        if v:
            op |= 1 << (i // inner + 1) * size + i % inner + 1
    return op
