"""make-rivers and make-roads (refman "Making Rivers", "Making Roads") on maps of my own, with
the paths worked out by hand in the docstrings. Directions are Xconq's: 0 NE (0,+1), 1 E (+1,0),
2 SE (+1,-1), 3 SW (0,-1), 4 W (-1,0), 5 NW (-1,+1)."""

from game.rules.gdl.synth import generate, rivers
from game.rules.gdl.synth.limits import Budget
from game.rules.gdl.synth.work import Work
from tests.gdl.gdl_text import module_from

XDIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))


def edges_of(layer, w):
    """Each border/connection once, as ((x, y), (x2, y2)) with the smaller cell first."""
    out = set()
    for c, mask in enumerate(layer):
        for d in range(6):
            if mask >> d & 1:
                x, y = c % w, c // w
                a, b = (x, y), (x + XDIRS[d][0], y + XDIRS[d][1])
                out.add((min(a, b), max(a, b)))
    return out


def edge(x, y, d):
    a, b = (x, y), (x + XDIRS[d][0], y + XDIRS[d][1])
    return (min(a, b), max(a, b))


def symmetric(layer, w):
    for c, mask in enumerate(layer):
        for d in range(6):
            if mask >> d & 1:
                x, y = c % w + XDIRS[d][0], c // w + XDIRS[d][1]
                assert layer[y * w + x] >> ((d + 3) % 6) & 1


RIVER = """
(terrain-type land) (terrain-type hill) (terrain-type lake)
(terrain-type river (subtype border) (subtype-x river-x))
(add hill river-chance 10000) (add lake liquid true)
(area 10 10)
"""


def river_work(tmp_path, elevation, hill_at=(5, 6), lake=()):
    m = module_from(tmp_path, RIVER)
    m.terrain = [0] * 100
    m.terrain[hill_at[1] * 10 + hill_at[0]] = 1
    for x, y in lake:
        m.terrain[y * 10 + x] = 2
    m.has_terrain = True
    m.elevations = [elevation(c % 10, c // 10) for c in range(100)]
    return m, Work(m, 1, Budget(m))


def test_a_river_runs_down_a_slope_along_cell_edges(tmp_path):
    """Elevation = y on a 10x10 land map; one hill at (5,6) starts a river (chance 10000).
    A corner's height is the lowest of its three cells. At (5,6) the corners of directions
    0..5 are 6, 5, 5, 5, 6, 6: the first lowest is E, so the first edge lies between (5,6)
    and (6,6). From there the two ways on tie (5 and 5), so the river keeps to the same cell:
    edge (5,6) SE; then the edge of (5,5) E leads to a corner of height 4 against 5, and so on:
    E and SE edges of (5,6), (5,5), ... alternate down the slope. A river runs at most
    max(W, H) = 10 edges beyond its first: the tenth is (5,1) E. 11 edges."""
    m, work = river_work(tmp_path, lambda x, y: y)
    assert rivers.make(work)
    got = edges_of(work.aux[3], 10)
    want = {edge(5, y, d) for y in range(2, 7) for d in (1, 2)} | {edge(5, 1, 1)}
    assert len(want) == 11 and got == want
    symmetric(work.aux[3], 10)


def test_a_river_stops_on_touching_liquid_terrain(tmp_path):
    """The same slope with a lake at (5,4) and (6,4): the river is laid (5,6) E, (5,6) SE and
    (5,5) E as before; its next edge, (5,5) SE, lies along the lake cell (6,4): the river has
    reached water and ends there."""
    m, work = river_work(tmp_path, lambda x, y: y, lake=((5, 4), (6, 4)))
    rivers.make(work)
    got = edges_of(work.aux[3], 10)
    assert got == {edge(5, 6, 1), edge(5, 6, 2), edge(5, 5, 1)}


def test_no_river_without_elevations_or_chance(tmp_path):
    m, work = river_work(tmp_path, lambda x, y: y)
    work.elev = None
    assert not rivers.make(work) and "need elevations" in work.notes[-1]
    m, work = river_work(tmp_path, lambda x, y: y, hill_at=(0, 0))    # the hill lies outside the area
    assert not rivers.make(work)


def test_a_river_connection_runs_to_the_lowest_neighbour(tmp_path):
    """As a connection type the river steps from cell to cell, to the lowest neighbour no higher
    than the cell, the last such one in direction order. From (5,6) (elevation = y) the
    neighbours in order NE..NW are 7, 6, 5, 5, 6, 7: SE (6,5) and then SW (5,5) tie at 5, SW
    wins. Every later cell repeats this, so the river runs SW (0,-1) down to (5,1) and steps
    out to (5,0), which is not interior: 6 connections, (5,1)..(5,6) to the cell below each.
    """
    text = RIVER.replace("(subtype border)", "(subtype connection)")
    m = module_from(tmp_path, text)
    m.terrain = [0] * 100
    m.terrain[65] = 1
    m.has_terrain, m.elevations = True, [c // 10 for c in range(100)]
    work = Work(m, 1, Budget(m))
    rivers.make(work)
    assert edges_of(work.aux[3], 10) == {edge(5, y, 3) for y in range(1, 7)}


ROADS = """
(unit-type city) (unit-type town)
(terrain-type plains) (terrain-type forest) (terrain-type edge)
(terrain-type road (subtype connection) (subtype-x road-x))
(table road-into-chance (t* t* 0) ((plains forest) (plains forest) 100) (t* forest 0))
(area 20 12 (terrain {rows}))
(side 1) (side 2)
"""


def road_module(tmp_path, rows, units, extra=""):
    text = ROADS.format(rows=" ".join(f'"{r}"' for r in rows)) + extra + units
    return module_from(tmp_path, text)


def test_a_road_joins_two_cities_in_a_straight_line(tmp_path):
    """Cities at (5,6) and (12,6), road-chance 100 both ways, all plains. From (5,6) the only
    neighbour closer to (12,6) is (6,6) (E): NE and SE stay at distance 7. Every step is laid
    (road-into-chance 100), 7 edges. The road back from (12,6) steps W onto the road and stops
    there (it joins the network): 7 edges in all."""
    m = road_module(tmp_path, ["20a"] * 12, "(city 5 6 1) (city 12 6 1)",
                    "(table road-chance (city city 100))")
    g = generate(m, 1)
    road = g.ttypes.index("road")
    assert edges_of(g.aux_terrain[road], 20) == {edge(x, 6, 1) for x in range(5, 12)}


def test_roads_never_enter_terrain_with_road_into_chance_0(tmp_path):
    """A forest column at x = 9 between the cities: road-into-chance (plains forest) is 0, so no
    road edge touches a forest cell and the road stops short of it."""
    rows = ["9ab10a"] * 12
    m = road_module(tmp_path, rows, "(city 5 6 1) (city 12 6 1)", "(table road-chance (city city 100))")
    g = generate(m, 2)
    road = g.ttypes.index("road")
    touched = {p for e in edges_of(g.aux_terrain.get(road, [0] * 240), 20) for p in e}
    assert all(x != 9 for x, _ in touched)
    assert (8, 6) in touched and (5, 6) in touched


def test_a_spur_joins_a_town_to_a_road_within_range(tmp_path):
    """A road runs (5,6)..(12,6); a town at (8,8) is 2 from (8,6), spur-chance 100, spur-range 2:
    it gets a spur; a town at (14,9) is 5 from the road and 7 from that town: none."""
    m = road_module(tmp_path, ["20a"] * 12, "(city 5 6 1) (city 12 6 1) (town 8 8 1) (town 14 9 1)",
                    "(table road-chance (city city 100)) (add town spur-chance 100) (add town spur-range 2)")
    g = generate(m, 3)
    road = g.ttypes.index("road")
    layer = g.aux_terrain[road]
    assert layer[8 * 20 + 8] and not layer[9 * 20 + 14]
    symmetric(layer, 20)


def test_a_road_to_the_edge_reaches_the_cell_next_to_the_edge_ring(tmp_path):
    m = road_module(tmp_path, ["20a"] * 12, "(city 9 6 1) (city 3 6 2)",
                    "(add city road-to-edge-chance 100)")
    g = generate(m, 4)
    road = g.ttypes.index("road")
    cells = {p for e in edges_of(g.aux_terrain[road], 20) for p in e}
    from tests.gdl.gdl_text import interior_cells
    inner = set(interior_cells(20, 12))
    assert (9, 6) in cells and any(p in inner and any((p[0] + dx, p[1] + dy) not in inner
                                                     for dx, dy in XDIRS) for p in cells)
