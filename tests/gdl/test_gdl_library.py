"""The real Xconq library (skipped when absent): every module reads, and the facts the research
file states about duel.g, hill.g and tokyo.g hold."""

from game.modes.gdl.game import GdlGame
from game.modes.gdl.match import playable_problems
from game.rules.gdl.loader import load_module
from game.rules.gdl.model import in_area


def test_all_modules_load_without_exception(lib):
    files = sorted(lib.glob("*.g"))
    assert len(files) >= 170
    clean = []
    cache = {}
    for p in files:
        m = load_module(p, cache)   # any exception fails the test
        if not m.play_warnings() and not playable_problems(m):
            clean.append(p.name)
    assert {"duel.g", "hill.g", "tokyo.g"} <= set(clean)


def test_duel_reads_its_base_and_only_its_own_scorekeeper(duel):
    m = duel.m
    assert m.files == ["duel.g", "tank.g"]
    assert [sk.body for sk in m.scorekeepers] == ["last-side-wins"]   # tank.g's variant one is not applied
    assert m.terrain_counts() == {"plains": 400, "hills": 0}
    assert not m.play_warnings()


def test_map_terrain_counts(hill, tokyo):
    assert hill.m.terrain_counts() == {"grass": 629, "hill": 1}
    assert hill.m.terrain[10 * 30 + 15] == 1
    assert tokyo.m.terrain_counts() == {"sea": 367, "beach": 7, "street": 251, "block": 114,
                                        "fields": 239, "trees": 22}
    areas = [sum(in_area(w.m.width, w.m.height, x, y) for x in range(w.m.width) for y in range(w.m.height))
             for w in (hill, tokyo)]
    assert areas == [520, 900]


def test_tokyo_units_start_where_the_research_says(tokyo):
    m = tokyo.m
    assert len(m.units) == 143 and len(m.utypes) == 8
    street = m.ttypes.index("street")
    g = GdlGame(tokyo, 1)
    godzilla = next(u for u in g.units if u.name == "Godzilla")
    assert tokyo.terrain[g.cell_of(godzilla)] == m.ttypes.index("sea")
    assert tokyo.grid.coords(g.cell_of(godzilla)) == (34, 16)
    for tname in ("mob", "national guard"):
        t = m.utypes.index(tname)
        us = [u for u in g.units if u.type == t]
        assert len(us) == {"mob": 11, "national guard": 5}[tname]
        assert all(tokyo.terrain[g.cell_of(u)] == street for u in us)


def test_fire_department_starts_inside_firehouse_central(tokyo):
    g = GdlGame(tokyo, 1)
    fh = next(u for u in g.units if u.name == "Firehouse Central")
    fd = [u for u in g.units if u.transport == fh.id]
    assert len(fd) == 1 and fd[0].alive and tokyo.m.utypes[fd[0].type] == "fire department"
    assert g.cell_of(fd[0]) == fh.cell == tokyo.grid.cell_at(18, 10)
    assert tokyo.terrain[fh.cell] == tokyo.m.ttypes.index("block")


def test_gettysburg_shows_all_135_units_and_drops_none(lib):
    """D5: 4 units start on the map and 131 arrive later ((appear N) at their (-x, -y)); before,
    131 of 135 were silently dropped."""
    from game.modes.gdl.match import placement_report
    from game.modes.gdl.world import World
    m = load_module(lib / "gettysburg.g")
    rep = placement_report(GdlGame(World(m), 1))
    placed = sum(rep["units"].values()) + sum(rep["appear_later"].values())
    assert placed == 135 == len(m.units) and rep["units_dropped"] == 0


def test_restricted_maps_place_units_through_the_restriction(lib):
    """cherbourg.g reads t-normandy's 186 x 159 map through (restrict 186 159 12 104): its own units
    all stand on the map; the towns of the larger map outside the restriction are not in the game
    (as in Xconq), none is dropped."""
    from game.modes.gdl.match import placement_report
    from game.modes.gdl.world import World
    m = load_module(lib / "cherbourg.g")
    rep = placement_report(GdlGame(World(m), 1))
    assert rep["units_dropped"] == 0 and rep["outside_area"] == 65 and sum(rep["units"].values()) == 179


def test_fixed_map_modules_without_play_warnings_in_the_engine_areas(lib):
    """Of the 26 fixed-map modules, every play-affecting warning left is about vision or world
    synthesis (xconq-worlds' part), none about the engine's areas."""
    theirs = ("road-chance", "road-into-chance", "river-sink-terrain", "country-people-chance",
              "independent-people-chance", "see-chance", "visibility", "eye-height", "already-seen",
              "vision-night-effect", "spy-", "see-mistake-chance", "looks-like", "see-others-if-captured")
    fixed = ("1756 1757 cherbourg cobra coral-sea crater-lake duel feb-1917 gazala gettysburg hill intro "
             "magnuszew metz-1944 midway mormon normandy nw-europe pearl red-october rom-civ-war tokyo "
             "ww2-pac-41 ww2s-42 ww2s-eur-42 ww2s-pac-41").split()
    cache = {}
    mine = []
    for name in fixed:
        m = load_module(lib / f"{name}.g", cache)
        assert not playable_problems(m), name
        mine += [str(w) for w in m.play_warnings() if not any(t in w.message for t in theirs)]
    assert mine == []
