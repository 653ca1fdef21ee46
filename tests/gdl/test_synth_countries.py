"""make-countries and make-independent-units (refman "Making Countries", "Making Independent
Units") on modules of my own; every expected number is worked out in the docstrings."""

from collections import Counter

import pytest

from game.rules.gdl.synth import generate
from tests.gdl.gdl_text import interior_cells, module_from

DIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))

BASE = """
(unit-type town (char "*")) (unit-type city (char "@")) (unit-type soldier)
(terrain-type sea) (terrain-type plains)
(add t* wet-percentile-max 100)
(add sea alt-percentile-max 30) (add plains alt-percentile-min 31) (add plains alt-percentile-max 100)
(table favored-terrain (u* t* 0) ((town city) plains 100))
(table vanishes-on (u* sea true))
(add city capacity 4)
"""


def dist(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (abs(dx) + abs(dy) + abs(dx + dy)) // 2


def placed(g, side=None):
    return [u for u in g.units if u.transport is None and (side is None or u.side == side)]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_each_side_gets_its_start_with_units_in_its_country(tmp_path, seed):
    """start-with: 3 towns, 1 city, 2 soldiers per side. Towns and cities like only plains, so
    each stands on plains within country-radius-min 2 of its country's centre; one unit per
    cell (terrain capacity 1). Soldiers like no terrain: they start inside the side's city
    (capacity 4, each takes 1). Centres are at least country-separation-min 12 apart."""
    m = module_from(tmp_path, BASE + """
(add town start-with 3) (add city start-with 1) (add soldier start-with 2)
(set country-radius-min 2) (set country-separation-min 12) (area 40 20)""")
    g = generate(m, seed)
    plains = g.ttypes.index("plains")
    centres = {s: g.sides[s]["country-centre"] for s in (1, 2)}
    assert dist(centres[1], centres[2]) >= 12
    for side in (1, 2):
        mine = [u for u in g.units if u.side == side]
        assert Counter(g.utypes[u.type] for u in mine) == {"town": 3, "city": 1, "soldier": 2}
        cells = [(u.x, u.y) for u in placed(g, side)]
        assert len(set(cells)) == 4
        for x, y in cells:
            assert g.terrain[y * g.width + x] == plains and dist((x, y), centres[side]) <= 2
        city = next(i for i, u in enumerate(g.units) if u.side == side and g.utypes[u.type] == "city")
        assert [u.transport for u in mine if g.utypes[u.type] == "soldier"] == [city, city]


def test_country_terrain_min_makes_the_whole_disc_plains(tmp_path):
    """country-terrain-min 19 plains with radius 2: the 19 cells of the disc (1 + 6 + 12) are all
    plains around each centre."""
    m = module_from(tmp_path, BASE + """
(add town start-with 1) (add plains country-terrain-min 19)
(set country-radius-min 2) (set country-separation-min 8) (area 40 20)""")
    g = generate(m, 5)
    plains = g.ttypes.index("plains")
    for s in (1, 2):
        cx, cy = g.sides[s]["country-centre"]
        disc = [(cx + dx, cy + dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx + dy) <= 2]
        assert len(disc) == 19
        assert all(g.terrain[y * g.width + x] == plains for x, y in disc)


def test_separation_max_keeps_each_country_near_another(tmp_path):
    """Three sides, separation 6..10: every pair of centres is at least 6 apart and each centre
    is closer than 10 to some other."""
    m = module_from(tmp_path, BASE + """
(add town start-with 1) (set sides-min 3)
(set country-radius-min 1) (set country-separation-min 6) (set country-separation-max 10) (area 40 20)""")
    for seed in (1, 2, 3):
        g = generate(m, seed)
        cs = [g.sides[s]["country-centre"] for s in (1, 2, 3)]
        for i, a in enumerate(cs):
            others = [dist(a, b) for j, b in enumerate(cs) if j != i]
            assert min(others) >= 6
        # the rule binds each country to one placed before it: the second and third
        assert dist(cs[0], cs[1]) < 10 and min(dist(cs[2], cs[0]), dist(cs[2], cs[1])) < 10


def test_a_complete_side_gets_nothing_and_the_other_a_country(tmp_path):
    """Side 1 already has 3 towns on the map (start-with 3): its country is complete; side 2
    gets three towns."""
    m = module_from(tmp_path, BASE + """
(add town start-with 3) (set country-radius-min 2) (area 40 20)
(town 20 5 1) (town 21 5 1) (town 22 5 1)""")
    g = generate(m, 2)
    assert Counter(u.side for u in g.units) == {1: 3, 2: 3}
    assert [(u.x, u.y) for u in g.units if u.side == 1] == [(20, 5), (21, 5), (22, 5)]
    assert "country-centre" not in g.sides.get(1, {})


def test_independent_near_start_adds_side_0_units_to_each_country(tmp_path):
    """independent-near-start 2 towns: two independent towns within the radius of each centre."""
    m = module_from(tmp_path, BASE + """
(add city start-with 1) (add town independent-near-start 2)
(set country-radius-min 2) (set country-separation-min 10) (area 40 20)""")
    g = generate(m, 3)
    indep = [u for u in g.units if u.side == 0]
    assert len(indep) == 4
    centres = [g.sides[s]["country-centre"] for s in (1, 2)]
    for u in indep:
        assert min(dist((u.x, u.y), c) for c in centres) <= 2


def test_without_liked_terrain_units_turn_the_ground_to_their_favourite(tmp_path):
    """No blobs: every percentile is 0, so the whole interior is sea (0..30) and towns like only
    plains. No cell fits: a town's place is then made plains (its favourite) and used."""
    m = module_from(tmp_path, BASE + """
(add town start-with 2) (set alt-blob-density 0) (set wet-blob-density 0)
(set country-radius-min 2) (area 30 16)""")
    g = generate(m, 1)
    plains = g.ttypes.index("plains")
    towns = placed(g)
    assert len(towns) == 4
    assert all(g.terrain[u.y * g.width + u.x] == plains for u in towns)


def test_countries_grow_ring_by_ring_with_unit_growth(tmp_path):
    """One side (sides-max 1), all plains (sea's range 50..30 holds nothing), radius 2 growing to country-radius-max 5 with
    unit-growth-chance 10000 (.01 %): every interior cell at distance 3, 4 or 5 from the centre
    is claimed (country-growth-chance 100) and, being empty, gets a town (favoured 100 %).
    Rings 3..5 have 18 + 24 + 30 = 72 cells, less those outside the interior."""
    m = module_from(tmp_path, BASE + """
(add sea alt-percentile-min 50) (add plains alt-percentile-min 0) (add city start-with 1) (add town unit-growth-chance 10000)
(set sides-max 1) (set country-radius-min 2) (set country-radius-max 5) (area 40 20)""")
    g = generate(m, 6)
    c = g.sides[1]["country-centre"]
    inner = set(interior_cells(40, 20))
    ring = [(c[0] + dx, c[1] + dy) for dx in range(-5, 6) for dy in range(-5, 6)
            if 3 <= max(abs(dx), abs(dy), abs(dx + dy)) <= 5]
    assert len(ring) == 72
    expect = {p for p in ring if p in inner}
    towns = {(u.x, u.y) for u in g.units if g.utypes[u.type] == "town"}
    assert towns == expect


def test_independent_density_10000_fills_every_interior_plains_cell(tmp_path):
    """independent-density town plains 10000 (.01 %): each interior plains cell gets one (room 1);
    an all-plains 10x10 world has 48 interior cells (test_synth_terrain)."""
    m = module_from(tmp_path, BASE + """
(add sea alt-percentile-min 50) (add plains alt-percentile-min 0) (table independent-density (town plains 10000)) (area 10 10)""")
    g = generate(m, 9)
    assert len(g.units) == 48 and all(u.side == 0 for u in g.units)
    assert {(u.x, u.y) for u in g.units} == set(interior_cells(10, 10))


def test_independent_density_0_or_vanishing_terrain_places_nothing(tmp_path):
    m = module_from(tmp_path, BASE + "(table independent-density (town sea 10000)) (area 10 10)")
    assert generate(m, 9).units == []


def test_country_people_cover_the_country_and_independent_people_the_rest(tmp_path):
    """country-people-chance 100 on plains, radius 2: every interior plains cell within 2 of a
    centre has the side's people (the next ring only by a coin flip, nothing beyond 3);
    independent-people-chance 100: every other interior cell without people gets independent
    people (0)."""
    m = module_from(tmp_path, BASE + """
(add town start-with 1) (add plains country-people-chance 100) (add t* independent-people-chance 100)
(set country-radius-min 2) (set country-separation-min 10) (area 40 20)""")
    g = generate(m, 8)
    plains = g.ttypes.index("plains")
    inner = set(interior_cells(40, 20))
    for s in (1, 2):
        cx, cy = g.sides[s]["country-centre"]
        for x, y in inner:
            c = y * 40 + x
            d = dist((x, y), (cx, cy))
            if d <= 2 and g.terrain[c] == plains:
                assert g.people[c] in (1, 2)          # the later country may take a shared cell
    for x, y in inner:
        assert g.people[y * 40 + x] >= 0              # people everywhere inside
    sided = [c for c in range(800) if g.people[c] > 0]
    centres = [g.sides[s]["country-centre"] for s in (1, 2)]
    assert all(min(dist((c % 40, c // 40), k) for k in centres) <= 3 for c in sided)
