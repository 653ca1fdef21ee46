"""Reachable cells against a plain Dijkstra written the obvious way, plus hand-worked cases."""

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.grid import Grid
from game.core.reach import MoveField, reachable_cells


def reference(grid, costs, elev, max_step, start, budget, blocked, zoc):
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        d, c = heapq.heappop(heap)
        if d > dist.get(c, 1 << 30):
            continue
        if c != start and (zoc >> c) & 1:
            continue                       # entering a ZoC cell ends the walk
        for n in grid.neighbours[c]:
            k = costs[n]
            if k <= 0 or (blocked >> n) & 1:
                continue
            if max_step is not None and abs(elev[n] - elev[c]) > max_step:
                continue
            nd = d + k
            if nd <= budget and nd < dist.get(n, 1 << 30):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


@st.composite
def scenes(draw):
    kind = draw(st.sampled_from(["sq", "sq8", "hex", "hexagon"]))
    if kind == "hexagon":
        g = Grid.hexagon(draw(st.integers(2, 6)))
    else:
        w, h = draw(st.integers(2, 10)), draw(st.integers(2, 10))
        g = {"sq": Grid.square(w, h), "sq8": Grid.square(w, h, True), "hex": Grid.hex_rect(w, h)}[kind]
    costs = [draw(st.sampled_from([0, 1, 1, 1, 2, 3])) for _ in range(g.n)]
    elev = [draw(st.integers(0, 3)) for _ in range(g.n)]
    start = draw(st.sampled_from(g.cells))
    costs[start] = 1
    blocked = sum(1 << c for c in g.cells if c != start and draw(st.integers(0, 9)) == 0)
    zoc = sum(1 << c for c in g.cells if draw(st.integers(0, 12)) == 0)
    max_step = draw(st.sampled_from([None, 0, 1, 2]))
    budget = draw(st.integers(0, 8))
    return g, costs, elev, max_step, start, budget, blocked, zoc


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_matches_reference_dijkstra_and_paths_are_valid(scene):
    g, costs, elev, max_step, start, budget, blocked, zoc = scene
    field = MoveField(g, costs, elev, max_step)
    reach = reachable_cells(field, start, budget, blocked, zoc)
    ref = reference(g, costs, elev, max_step, start, budget, blocked, zoc)
    assert set(reach.cells()) == set(ref) - {start}
    for c, d in ref.items():
        assert reach.cost_to(c) == d
        path = reach.path_to(c)
        prev, spent = start, 0
        for step in path:
            assert step in g.neighbours[prev]
            assert not (blocked >> step) & 1
            if max_step is not None:
                assert abs(elev[step] - elev[prev]) <= max_step
            if prev != start:
                assert not (zoc >> prev) & 1
            spent += costs[step]
            prev = step
        assert prev == c and spent == d


def test_wos_steps_are_north_south_east_west():
    g = Grid.square(5, 5)
    field = MoveField(g, [1] * 25)
    reach = reachable_cells(field, g.cell_at(2, 2), 2)
    # "moving northwest requires two steps": diagonal neighbours cost 2, corners need 4
    assert reach.cost_to(g.cell_at(1, 1)) == 2
    assert g.cell_at(0, 0) not in reach
    assert len(reach.cells()) == 12        # the diamond of radius 2 minus the start


def test_occupied_cells_are_never_entered_nor_crossed():
    g = Grid.square(5, 1)
    field = MoveField(g, [1] * 5)
    reach = reachable_cells(field, 0, 4, blocked=1 << 2)
    assert reach.cells() == [1]


def test_elevation_step_limit_and_flying():
    g = Grid.square(3, 1)
    elev = [0, 2, 0]
    walk = reachable_cells(MoveField(g, [1, 1, 1], elev, 1), 0, 3)
    fly = reachable_cells(MoveField(g, [1, 1, 1], elev, None), 0, 3)
    assert walk.cells() == [] and fly.cells() == [1, 2]


def test_unreachable_path_raises():
    import pytest
    g = Grid.square(3, 1)
    reach = reachable_cells(MoveField(g, [1, 0, 1]), 0, 3)
    with pytest.raises(ValueError):
        reach.path_to(2)
