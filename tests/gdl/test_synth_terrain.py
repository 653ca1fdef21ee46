"""Generated terrain (refman "Synthesis Methods": Fractal World, Random World, Maze World,
Random Terrain Changes), on small modules whose outcome is worked out by hand."""

from collections import Counter
from types import SimpleNamespace

import pytest

from game.rules.gdl.model import in_area
from game.rules.gdl.synth import generate, method_list, world_size
from game.rules.gdl.synth.fractal import blob_radius, percentiles, type_for
from tests.gdl.gdl_text import area_cells, interior_cells, module_from

TWO = """
(terrain-type rock (char "#"))
(terrain-type plain (char "+"))
(add rock alt-percentile-min 10) (add rock alt-percentile-max 100) (add rock wet-percentile-max 100)
(add plain alt-percentile-max 100) (add plain wet-percentile-max 100)
(set edge-terrain rock)
"""


def counts(m, cells):
    return Counter(m.ttypes[m.terrain[y * m.width + x]] for x, y in cells)


def test_a_10x10_area_has_75_cells_and_48_inside_the_edge_ring():
    """Rows y=0..9 of the 10x10 hexagon-ish area run x = max(0, 5-y) .. min(9, 14-y):
    5+6+7+8+9+10+9+8+7+6 = 75 cells. The interior (all six neighbours in the area) has rows
    y=1..8 with x = max(1, 6-y) .. min(8, 13-y): 4+5+6+7+8+7+6+5 = 48, so the edge ring is 27."""
    assert len(area_cells(10, 10)) == 75 and len(interior_cells(10, 10)) == 48
    assert sum(in_area(10, 10, x, y) for x in range(10) for y in range(10)) == 75


def test_without_blobs_every_percentile_is_0_so_the_first_type_holding_0_fills_the_interior(tmp_path):
    """alt- and wet-blob-density 0: no layer is made, every cell's percentiles are 0. rock needs
    alt 10..100, plain takes 0..100: all 48 interior cells are plain; the 27 edge cells get
    edge-terrain rock."""
    m = module_from(tmp_path, TWO + "(set alt-blob-density 0) (set wet-blob-density 0) (area 10 10)")
    g = generate(m, 7)
    assert counts(g, interior_cells(10, 10)) == {"plain": 48}
    edge = set(area_cells(10, 10)) - set(interior_cells(10, 10))
    assert counts(g, edge) == {"rock": 27}


def test_percentile_of_a_value_counts_the_interior_cells_at_or_below_it():
    """Interior values 0, 0, 1, 2: value 0 holds 2 of 4 cells (50), value 1 three (75), value 2
    all four (100)."""
    work = SimpleNamespace(interior_cells=[0, 1, 2, 3])
    p = percentiles(work, [0, 0, 1, 2])
    assert (p[0], p[1], p[2], p[3999]) == (50, 75, 100, 100)
    assert percentiles(work, None)[1234] == 0


def test_a_cell_gets_the_first_type_whose_two_ranges_hold_its_percentiles():
    """Ranges may overlap; the earlier type wins; no fit gives -1 (then type 0, a hole)."""
    ranges = [(0, 0, 68, 0, 100), (3, 60, 100, 0, 20), (4, 60, 100, 20, 80)]
    assert type_for(ranges, 50, 90) == 0
    assert type_for(ranges, 65, 10) == 0        # overlap: sea comes first
    assert type_for(ranges, 70, 10) == 3
    assert type_for(ranges, 70, 50) == 4
    assert type_for(ranges, 70, 90) == -1


@pytest.mark.parametrize("cells, radius", [(0, 0), (1, 0), (3, 0), (5, 1), (7, 1), (12, 1), (13, 1),
                                            (14, 2), (18, 2), (19, 2), (28, 2), (30, 3)])
def test_blob_radius_is_the_hexagon_closest_in_size(cells, radius):
    """A hexagon of radius r has 3r^2+3r+1 cells: 1, 7, 19, 37. 12 is nearer 7 (5) than 19 (7);
    13 ties between 7 and 19 (6 each) and the smaller wins; 28 is nearer 19 (9) than 37 (9):
    a tie, the smaller wins; 30 is nearer 37."""
    assert blob_radius(cells) == radius


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_percentile_ranges_give_the_share_of_the_interior(tmp_path, seed):
    """A type covering altitude percentiles 0..68 gets the interior cells whose value has at most
    68 % of the interior at or below it: at most 69 % of the interior (100 x count // total <= 68),
    and, with smoothed blobs (few equal values), not much less."""
    m = module_from(tmp_path, """
(terrain-type low) (terrain-type high)
(add low alt-percentile-max 68) (add low wet-percentile-max 100)
(add high alt-percentile-min 69) (add high alt-percentile-max 100) (add high wet-percentile-max 100)
(set alt-blob-density 10000) (set alt-blob-size 100) (set alt-smoothing 3) (set wet-blob-density 0)
(area 40 20)""")
    g = generate(m, seed)
    inner = interior_cells(40, 20)
    low = counts(g, inner)["low"]
    assert 100 * low // len(inner) <= 68
    assert low >= len(inner) * 60 // 100


def test_terrain_density_changes_every_cell_at_10000(tmp_path):
    """(terrain-density plain rock 10000): each plain cell becomes rock with 10000/10000."""
    m = module_from(tmp_path, TWO + """(set alt-blob-density 0) (set wet-blob-density 0)
(table terrain-density (plain rock 10000)) (area 10 10)""")
    assert counts(generate(m, 1), interior_cells(10, 10)) == {"rock": 48}


def test_random_terrain_uses_occurrence_weights_and_aux_occurrence_per_direction(tmp_path):
    """make-random-terrain: weights rock 0, plain 1 -> every interior cell plain; the border type
    with occurrence 10000 (.01 % per direction) is laid on all six sides of every interior
    cell, so each interior cell's mask is 63."""
    m = module_from(tmp_path, """
(terrain-type rock) (terrain-type plain) (terrain-type wall (subtype border))
(add rock occurrence 0) (add plain occurrence 1) (add wall occurrence 10000)
(set synthesis-methods '(make-random-terrain)) (set edge-terrain rock) (area 10 10)""")
    g = generate(m, 3)
    assert counts(g, interior_cells(10, 10)) == {"plain": 48}
    wall = g.ttypes.index("wall")
    assert all(g.aux_terrain[wall][y * 10 + x] == 63 for x, y in interior_cells(10, 10))


def test_random_terrain_shares_follow_the_weights(tmp_path):
    """Weights 3:1 over 40x20's interior: about three quarters rock (a loose bound for chance)."""
    m = module_from(tmp_path, """
(terrain-type rock) (terrain-type plain) (add rock occurrence 3) (add plain occurrence 1)
(set synthesis-methods '(make-random-terrain)) (area 40 20)""")
    inner = interior_cells(40, 20)
    rock = counts(generate(m, 5), inner)["rock"]
    assert 0.68 < rock / len(inner) < 0.82


def test_maze_has_rock_edges_rooms_and_passages(tmp_path):
    """make-maze-terrain on a cave of my own. The 60x30 area has rows y<15 of 45+y cells (780) and
    rows y>=15 of 75-y cells (795): 1575. The edge ring is rock (edge-terrain); rooms are
    (1575 x 1000 // 10000) // 7 = 22 discs of floor (7 cells each, overlapping or cut by
    passages: at least 7 floor cells stay); passages exist; no passage cell keeps five or six
    open neighbours."""
    m = module_from(tmp_path, """
(terrain-type rock) (terrain-type floor) (terrain-type passage)
(add t* occurrence 0) (add rock occurrence 1)
(add floor maze-room-occurrence 1) (add passage maze-passage-occurrence 1)
(set edge-terrain rock) (set maze-passage-density 3000)
(set synthesis-methods '(make-maze-terrain)) (area 60 30)""")
    assert len(area_cells(60, 30)) == 1575
    g = generate(m, 11)
    kinds = counts(g, area_cells(60, 30))
    assert kinds["floor"] >= 7 and kinds["passage"] > 0 and kinds["rock"] > 0
    edge = set(area_cells(60, 30)) - set(interior_cells(60, 30))
    assert counts(g, edge) == {"rock": len(edge)}
    openish = {g.ttypes.index("floor"), g.ttypes.index("passage")}
    for x, y in interior_cells(60, 30):
        if g.terrain[y * 60 + x] == g.ttypes.index("passage"):
            around = sum(g.terrain[(y + dy) * 60 + x + dx] in openish
                         for dx, dy in ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)))
            assert around < 5


def test_world_size_comes_from_area_then_variant_then_60x30(tmp_path):
    m = module_from(tmp_path, "(terrain-type t)")
    assert world_size(m) == (60, 30) and method_list(m)[0] == "make-fractal-percentile-terrain"
    m = module_from(tmp_path, '(game-module "x" (variants (world-size (40 24 360)))) (terrain-type t)')
    assert world_size(m) == (40, 24)
    m = module_from(tmp_path, '(game-module "x" (variants (world-size (40 24)))) (terrain-type t) (area 20 12)')
    assert world_size(m) == (20, 12)


def test_method_list_expands_the_default_inside_append(tmp_path):
    m = module_from(tmp_path, "(terrain-type t) (set synthesis-methods (append synthesis-methods '(make-random-date)))")
    assert method_list(m)[-1] == "make-random-date" and method_list(m)[0] == "make-fractal-percentile-terrain"
    m = module_from(tmp_path, "(terrain-type t) (set synthesis-methods nil)")
    assert method_list(m) == []


def test_elevations_stay_in_each_types_range_and_water_is_level(tmp_path):
    """Types with elevation ranges: every interior cell's elevation lies in its type's range;
    each connected body of liquid has one elevation."""
    m = module_from(tmp_path, """
(terrain-type sea) (terrain-type land) (terrain-type peak)
(add sea liquid true)
(add t* wet-percentile-max 100)
(add (sea land peak) alt-percentile-min (0 51 91)) (add (sea land peak) alt-percentile-max (50 90 100))
(add (sea land peak) elevation-min (0 10 500)) (add (sea land peak) elevation-max (0 400 900))
(area 30 16)""")
    g = generate(m, 4)
    lo, hi = g.tprops["elevation-min"], g.tprops["elevation-max"]
    for x, y in interior_cells(30, 16):
        c = y * 30 + x
        assert lo[g.terrain[c]] <= g.elevations[c] <= hi[g.terrain[c]]
    sea = g.ttypes.index("sea")
    assert {g.elevations[y * 30 + x] for x, y in area_cells(30, 16) if g.terrain[y * 30 + x] == sea} <= {0}


def test_initial_supply_follows_the_method_list(tmp_path):
    """Units start empty unless make-initial-materials (in Xconq's default list) runs."""
    from game.rules.gdl.synth import fills_initial_supply
    assert fills_initial_supply(module_from(tmp_path, "(terrain-type t)"))
    assert not fills_initial_supply(module_from(tmp_path, "(terrain-type t) (set synthesis-methods nil)"))
    assert fills_initial_supply(module_from(tmp_path, "(terrain-type t) (set synthesis-methods '(make-initial-materials))"))
