"""Grid properties: ring addresses, neighbour symmetry, metric axioms, ranges, lines."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.grid import HEX, Grid

square_grids = st.builds(Grid.square, st.integers(1, 12), st.integers(1, 12), st.booleans())
hex_grids = st.one_of(st.builds(Grid.hex_rect, st.integers(1, 12), st.integers(1, 12)),
                      st.builds(Grid.hexagon, st.integers(1, 8)))
any_grid = st.one_of(square_grids, hex_grids)


def test_hexagon_cell_counts():
    # ring 1 is the centre, ring k has 6(k-1) cells: a 3-map has 19 hexes
    for rings, cells in [(1, 1), (2, 7), (3, 19), (4, 37), (12, 397)]:
        assert len(Grid.hexagon(rings).cells) == cells


def test_ring_addresses_by_hand():
    g = Grid.hexagon(3)
    assert g.coords(g.cell_at_ring(1, 1)) == (0, 0)
    # (k, 1) is the top-most cell, angles count clockwise, (k, 3(k-1)+1) is the bottom-most
    assert g.coords(g.cell_at_ring(2, 1)) == (0, -1)      # north
    assert g.coords(g.cell_at_ring(2, 2)) == (1, -1)      # north-east (clockwise)
    assert g.coords(g.cell_at_ring(2, 4)) == (0, 1)       # "[1, 4] is the bottom-most hex in the 6-ring"
    assert g.coords(g.cell_at_ring(2, 6)) == (-1, 0)      # north-west, last before wrapping
    assert g.coords(g.cell_at_ring(3, 1)) == (0, -2)
    assert g.coords(g.cell_at_ring(3, 7)) == (0, 2)       # bottom of the 12-ring
    assert g.coords(g.cell_at_ring(3, 12)) == (-1, -1)
    # the top-most cell is drawn highest on screen: smallest row in its column, top of the map text
    col, row = g.offset_of(g.cell_at_ring(3, 1))
    assert row == 0 and col == 2


def test_ring_address_round_trip_every_cell_radius_1_to_12():
    for rings in range(1, 13):
        g = Grid.hexagon(rings)
        seen = set()
        for c in g.cells:
            k, i = g.ring_address(c)
            assert 1 <= k <= rings and 1 <= i <= max(1, 6 * (k - 1))
            assert g.cell_at_ring(k, i) == c
            seen.add((k, i))
        assert len(seen) == len(g.cells)


def test_ring_cells_are_consecutive_neighbours_going_clockwise():
    g = Grid.hexagon(6)
    for k in range(2, 7):
        ring = [g.cell_at_ring(k, i) for i in range(1, 6 * (k - 1) + 1)]
        for a, b in zip(ring, ring[1:] + ring[:1]):
            assert b in g.neighbours[a]
        # clockwise: the second cell is right of the first on screen (larger q)
        assert g.coords(ring[1])[0] > g.coords(ring[0])[0]


@settings(max_examples=60)
@given(any_grid)
def test_neighbour_symmetry_and_distance_one(g):
    for c in g.cells:
        for n in g.neighbours[c]:
            assert c in g.neighbours[n]
            assert g.distance(c, n) == 1
        expect = {"square4": 4, "square8": 8, HEX: 6}[g.kind]
        assert len(g.neighbours[c]) <= expect


@settings(max_examples=60)
@given(any_grid, st.data())
def test_metric_axioms(g, data):
    cells = g.cells
    a, b, c = (data.draw(st.sampled_from(cells)) for _ in range(3))
    assert g.distance(a, a) == 0
    assert g.distance(a, b) == g.distance(b, a)
    assert g.distance(a, c) <= g.distance(a, b) + g.distance(b, c)


@settings(max_examples=40)
@given(any_grid, st.data(), st.integers(0, 3), st.integers(0, 4))
def test_range_template_is_exactly_the_cells_at_distance(g, data, lo, span):
    c = data.draw(st.sampled_from(g.cells))
    hi = lo + span
    got = set(g.cells_in_range(c, lo, hi))
    assert got == {t for t in g.cells if lo <= g.distance(c, t) <= hi}
    mask = g.range_mask(c, lo, hi)
    assert {t for t in g.cells if (mask >> t) & 1} == got


@settings(max_examples=40)
@given(any_grid, st.data())
def test_lines_are_connected_and_end_at_both_cells(g, data):
    a, b = data.draw(st.sampled_from(g.cells)), data.draw(st.sampled_from(g.cells))
    pts = g.line_coords(a, b)
    line = g.line(a, b)
    assert line[0] == a and line[-1] == b
    assert line == [g.cell_at(x, y) for x, y in pts]           # -1 exactly where a point is off the board
    for (px, py), (qx, qy) in zip(pts, pts[1:]):
        dx, dy = qx - px, qy - py
        if g.kind == HEX:
            assert (abs(dx) + abs(dy) + abs(dx + dy)) // 2 == 1
        else:
            assert max(abs(dx), abs(dy)) == 1
    if g.kind != HEX or g.rings:                                # convex boards: never off the board
        assert -1 not in line
    if -1 in line:
        assert not g.has_line_of_sight(a, b)


def test_line_across_a_jagged_hex_rect_edge_leaves_the_board():
    g = Grid.hex_rect(7, 2)
    a, b = 19, 24
    assert g.offset_of(a)[1] == g.offset_of(b)[1]              # same row of the rectangle
    line = g.line(a, b)
    assert line[0] == a and line[-1] == b and line.count(-1) == 1
    assert not g.has_line_of_sight(a, b)
    assert g.line(b, a).count(-1) == 1


def test_line_of_sight_blocked_by_opaque_cell():
    g = Grid.square(7, 1)
    wall = 1 << g.cell_at(3, 0)
    assert g.has_line_of_sight(g.cell_at(0, 0), g.cell_at(6, 0))
    assert not g.has_line_of_sight(g.cell_at(0, 0), g.cell_at(6, 0), wall)
    assert g.has_line_of_sight(g.cell_at(0, 0), g.cell_at(3, 0), wall)   # the wall itself is seen


def test_offset_round_trip_for_hex_maps():
    for g in (Grid.hex_rect(9, 7), Grid.hexagon(5)):
        for c in g.cells:
            assert g.cell_at_offset(*g.offset_of(c)) == c
    g = Grid.hex_rect(9, 7)
    assert len(g.cells) == 63
    assert sorted(g.offset_of(c) for c in g.cells) == [(x, y) for x in range(9) for y in range(7)]


def test_bad_grids_and_addresses_raise():
    import pytest
    with pytest.raises(ValueError):
        Grid.hexagon(0)
    with pytest.raises(ValueError):
        Grid.square(0, 3)
    g = Grid.hexagon(3)
    for k, i in [(0, 1), (4, 1), (2, 0), (2, 7), (1, 2)]:
        with pytest.raises(ValueError):
            g.cell_at_ring(k, i)
    with pytest.raises(ValueError):
        Grid.square(3, 3).ring_address(0)
