"""AreaGrid (game/modes/gdl/area_grid.py) is the core Grid of an Xconq area with less kept per
cell: every field and query the engine reads must be the same as Grid's (hypothesis over sizes,
run twice: derandomized)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.grid import HEX, Grid
from game.modes.gdl.area_grid import AreaGrid, area_grid
from game.rules.gdl.model import in_area

SIZES = st.tuples(st.integers(1, 14), st.integers(1, 14))


def reference(w: int, h: int) -> Grid:
    return Grid(HEX, w, h, 0, 0, lambda x, y: in_area(w, h, x, y), w, h)


@settings(derandomize=True, deadline=None, max_examples=60)
@given(SIZES)
def test_same_cells_neighbours_and_bitsets_as_the_core_grid(size):
    w, h = size
    if not any(in_area(w, h, x, y) for x in range(w) for y in range(h)):
        return
    a, g = AreaGrid(w, h), reference(w, h)
    for name in ("n", "xs", "ys", "exists", "cells", "shifts", "neighbours", "step", "dir_src", "board"):
        assert getattr(a, name) == getattr(g, name), name
    for c in g.cells[:12]:
        for d in g.cells[-12:]:
            assert a.distance(c, d) == g.distance(c, d)
            assert a.line(c, d) == g.line(c, d)
        assert a.cell_at(*g.coords(c)) == c


def test_a_worked_example_and_sharing():
    """5 x 4 area: in_area keeps x + y in [2, 6] (height // 2 = 2, width + 2 - 1 = 6), so (0, 0),
    (1, 0), (0, 1) and (4, 3) are outside; cell 7 = (2, 1) has all six neighbours (3, 1), (3, 0),
    (2, 0), (1, 1), (1, 2), (2, 2) inside: cells 8, 3, 2, 6, 11, 12 in DIRS_HEX order."""
    a = area_grid(5, 4)
    assert not a.exists[0] and not a.exists[1] and not a.exists[5] and not a.exists[19]
    assert sorted(a.neighbours[7]) == [2, 3, 6, 8, 11, 12]
    assert area_grid(5, 4) is a                      # worlds of one size share the grid
