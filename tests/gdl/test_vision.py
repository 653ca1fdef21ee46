"""Each side's view (refman "Vision", "Initial View") on small modules of my own: what a side sees
from its units, see-always, already-seen, see-occupants, see chances, memory, snapshots."""

from game.modes.gdl import vision
from game.modes.gdl.actions import End, Move
from game.modes.gdl.game import GdlGame
from game.modes.gdl.world import World
from tests.gdl.gdl_text import module_from

FOG = """
(unit-type scout (acp-per-turn 4) (vision-range 2))
(unit-type soldier (acp-per-turn 4))
(unit-type tower (see-always true) (vision-range 0))
(unit-type boat (acp-per-turn 4) (capacity 2))
(terrain-type plain) (terrain-type wood)
(table unit-size-as-occupant (u* boat 1))
(area 14 8 (terrain {rows}))
(side 1) (side 2)
"""
ROWS = " ".join(['"14a"'] * 8)


def game(tmp_path, units, extra="", rows=ROWS, seed=1):
    m = module_from(tmp_path, FOG.format(rows=rows) + extra + units)
    return GdlGame(World(m), seed)


def cell(g, x, y):
    return g.w.grid.cell_at(x, y)


def disc(x, y, r):
    return {(x + dx, y + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1) if abs(dx + dy) <= r}


def known(g, side):
    return {g.w.grid.coords(c) for c in g.w.grid.cells if vision.terrain_known(g, side, c)}


def test_a_side_sees_the_units_within_its_units_vision_range(tmp_path):
    """The scout (side 1, vision-range 2) at (5,4) sees the cells within 2: the soldier at (7,4)
    (distance 2), not the one at (9,4) (distance 4). Side 2's soldiers see 1 cell around them
    (the default vision-range): the scout, 2 away, is not seen. Side 1 knows the terrain of
    the 19 cells within 2 of (5,4) (initial-seen-radius 1 adds nothing)."""
    g = game(tmp_path, "(scout 5 4 1) (soldier 7 4 2) (soldier 9 4 2)")
    assert g.views is not None
    assert vision.visible_units(g, 1) == [0, 1]
    assert vision.visible_units(g, 2) == [1, 2]
    assert known(g, 1) == disc(5, 4, 2) and len(disc(5, 4, 2)) == 19
    assert vision.in_sight(g, 1, cell(g, 7, 4)) and not vision.in_sight(g, 1, cell(g, 8, 4))


def test_moving_changes_what_both_sides_see_and_memory_keeps_the_last_sighting(tmp_path):
    """The scout steps E to (6,4): now 3 from (9,4) (still unseen) and adjacent to the soldier at
    (7,4), which sees it back (range 1). Stepping W twice to (4,4), the scout is 3 from (7,4):
    side 1 no longer sees the soldier but remembers it at (7,4) on turn 0; side 2 loses the
    scout. Terrain seen on the way stays known."""
    g = game(tmp_path, "(scout 5 4 1) (soldier 7 4 2) (soldier 9 4 2)")
    g.apply(Move(0, cell(g, 6, 4)))
    assert vision.visible_units(g, 1) == [0, 1] and vision.visible_units(g, 2) == [0, 1, 2]
    g.apply(Move(0, cell(g, 5, 4)))
    g.apply(Move(0, cell(g, 4, 4)))
    assert vision.visible_units(g, 1) == [0]
    assert vision.remembered(g, 1) == {1: (1, 2, cell(g, 7, 4), 0)}
    assert vision.visible_units(g, 2) == [1, 2]
    assert known(g, 1) == disc(5, 4, 2) | disc(6, 4, 2) | disc(4, 4, 2)


def test_memory_is_forgotten_when_the_cell_is_seen_again_without_the_unit(tmp_path):
    """Side 1 remembers the soldier at (7,4); on side 2's turn it moves to (8,3), out of the
    scout's sight (from (4,4): 4). When the scout comes back to (5,4), (7,4) is in sight again
    and empty: the memory is dropped; (8,3) is 3 from (5,4): the soldier stays unseen."""
    g = game(tmp_path, "(scout 5 4 1) (soldier 7 4 2) (soldier 9 4 2)")
    g.apply(Move(0, cell(g, 4, 4)))
    g.apply(End())
    g.apply(Move(1, cell(g, 8, 3)))
    assert vision.remembered(g, 1) == {1: (1, 2, cell(g, 7, 4), 0)}
    g.apply(End())
    g.apply(Move(0, cell(g, 5, 4)))
    assert vision.remembered(g, 1) == {} and vision.visible_units(g, 1) == [0]


def test_see_always_units_once_seen_are_always_seen(tmp_path):
    """The tower (see-always) at (7,3) is 2 from the scout: seen. The scout walks away to (3,4),
    4 away: the tower is still seen, and stays seen."""
    g = game(tmp_path, "(scout 5 4 1) (tower 7 3 2)")
    assert vision.sees(g, 1, 1)
    g.apply(Move(0, cell(g, 4, 4)))
    g.apply(Move(0, cell(g, 3, 4)))
    assert vision.sees(g, 1, 1) and vision.visible_units(g, 1) == [0, 1]


def test_already_seen_at_the_start_needs_known_terrain(tmp_path):
    """With world-seen all terrain is known: the far soldier (already-seen 100) is in side 1's
    memory from the start though not in sight; the tower (see-always implies already-seen) is
    seen outright. Without world-seen the far soldier's cell is unknown: not remembered."""
    extra = '(add soldier already-seen 100)'
    g = game(tmp_path, '(game-module "f" (variants (world-seen true))) (scout 5 4 1) (soldier 11 4 2) (tower 11 2 2)',
             extra)
    assert vision.remembered(g, 1) == {1: (1, 2, cell(g, 11, 4), 0)}
    assert vision.sees(g, 1, 2)
    g = game(tmp_path, "(scout 5 4 1) (soldier 11 4 2) (tower 11 2 2)", extra)
    assert vision.remembered(g, 1) == {} and not vision.sees(g, 1, 2)


def test_occupants_are_seen_only_through_a_see_occupants_transport(tmp_path):
    """A side-2 boat at (6,4) carries a soldier. The scout sees the boat (distance 1) but not the
    soldier inside; with (add boat see-occupants true) it sees both."""
    units = '(scout 5 4 1) (boat 6 4 2 (n "B")) (soldier 6 4 2 (in "B"))'
    g = game(tmp_path, units)
    assert vision.visible_units(g, 1) == [0, 1]
    g = game(tmp_path, units, "(add boat see-occupants true)")
    assert vision.visible_units(g, 1) == [0, 1, 2]


def test_see_chance_0_hides_a_type_and_visibility_scales_it(tmp_path):
    """see-chance-adjacent scout->soldier 0: the adjacent soldier (6,4) is never seen; the one at
    distance 2 (7,3) uses see-chance (100) and is seen. visibility 0 in wood hides even that."""
    units = "(scout 5 4 1) (soldier 6 4 2) (soldier 7 3 2)"
    g = game(tmp_path, units, "(table see-chance-adjacent (scout soldier 0))")
    assert vision.visible_units(g, 1) == [0, 2]
    rows = " ".join(['"14a"'] * 4 + ['"7a1b6a"'] + ['"14a"'] * 3)      # (7,3) is wood
    g = game(tmp_path, units, "(table see-chance-adjacent (scout soldier 0)) (table visibility (soldier wood 0))",
             rows=rows)
    assert vision.visible_units(g, 1) == [0]


def test_vision_range_0_sees_its_cell_and_glimpses_the_terrain_around(tmp_path):
    """The tower (range 0) of side 1 at (5,4) sees no unit next to it, but knows the terrain of
    its cell and its six neighbours."""
    g = game(tmp_path, "(tower 5 4 1) (soldier 6 4 2)", "(add tower initial-seen-radius 0)")
    assert vision.visible_units(g, 1) == [0]
    assert known(g, 1) == disc(5, 4, 1)


def test_chancy_views_are_a_replay_and_survive_a_snapshot(tmp_path):
    """see-chance 50 % everywhere: two games with the same seed and actions have the same views
    and hashes; a restored game has the same views and hash, and plays on identically."""
    units = "(scout 5 4 1) (soldier 7 4 2) (soldier 9 4 2) (soldier 6 5 2)"
    extra = "(table see-chance (u* u* 50)) (table see-chance-adjacent (u* u* 50)) (table see-chance-at (u* u* 50))"
    a, b = game(tmp_path, units, extra, seed=5), game(tmp_path, units, extra, seed=5)
    for gm in (a, b):
        gm.apply(Move(0, cell(gm, 6, 4)))
        gm.apply(End())
    assert a.state_hash() == b.state_hash() and a.views.snapshot() == b.views.snapshot()
    c = GdlGame.restore(a.w, a.snapshot())
    assert c.state_hash() == a.state_hash()
    for gm in (a, c):
        gm.apply(End())
        gm.apply(Move(0, cell(gm, 7, 3)))
    assert c.state_hash() == a.state_hash()


def test_see_all_modules_have_no_views_and_keep_their_snapshot(tmp_path):
    g = game(tmp_path, '(game-module "f" (variants (see-all true))) (scout 5 4 1) (soldier 9 4 2)')
    assert g.views is None and "views" not in g.snapshot()
    assert vision.visible_units(g, 1) == [0, 1]


def test_a_broken_views_snapshot_is_refused(tmp_path):
    g = game(tmp_path, "(scout 5 4 1) (soldier 9 4 2)")
    snap = g.snapshot()
    for bad in ({"sides": "x"}, {"sides": [[1, "zz", [], []]], "rng": [1, 1], "turn": 0},
                {"sides": [[1, "0", [99], []]], "rng": [1, 1], "turn": 0},
                {"sides": [[1, "0", [], [[0, 1, 1, 10**9, 0]]]], "rng": [1, 1], "turn": 0}):
        s2 = dict(snap, views=bad)
        try:
            GdlGame.restore(g.w, s2)
        except ValueError as exc:
            assert "snapshot" in str(exc)
        else:
            raise AssertionError(f"accepted {bad}")


def test_at_night_a_unit_keeps_its_vision_night_effect(tmp_path):
    """(world 14 (day-length 2)): on the first turn the sun stands at x = (100 x 14 / 200 + 7)
    mod 14 = 0; the scout's cell (5,4) is 5 columns away, more than daylight-fraction/2 (25 %
    of 14 = 3.5) and twilight-fraction/2 (4.2): night. With vision-night-effect 50 % the scout's
    range 2 becomes 1: the soldier 2 away is not seen. On the next turn the sun is at x = 7,
    2 from the scout: day, range 2, the soldier is seen."""
    g = game(tmp_path, "(world 14 (day-length 2)) (scout 5 4 1) (soldier 7 4 2)",
             "(table vision-night-effect (scout plain 50))")
    assert vision.visible_units(g, 1) == [0]
    g.apply(End())
    g.apply(End())
    assert g.turn == 1 and vision.visible_units(g, 1) == [0, 1]


def test_a_sides_people_see_the_units_in_their_cell(tmp_path):
    """Side 1's people live at (10,4), far from its scout: the side-2 soldier standing there is
    seen (people see every unit in their cell), and the cell's terrain is known."""
    m = module_from(tmp_path, FOG.format(rows=ROWS) + "(scout 2 4 1) (soldier 10 4 2) (soldier 11 4 2)")
    m.people = [-1] * (14 * 8)
    m.people[4 * 14 + 10] = 1
    g = GdlGame(World(m), 1)
    assert vision.visible_units(g, 1) == [0, 1]
    assert vision.terrain_known(g, 1, cell(g, 10, 4)) and not vision.terrain_known(g, 1, cell(g, 11, 4))


def test_higher_ground_hides_what_lies_behind_it_from_a_unit_that_cannot_see_behind(tmp_path):
    """A ridge of elevation 100 along x = 6; everything else at 0. The scout (range 2, can-see-behind
    false, eye-height 0) at (5,4) sees (6,4) next to it but not (7,4): the line to (7,4)'s ground
    (0) passes (6,4) at height 0 and the ridge rises to 100. With eye-height 200 the line passes
    (6,4) at (200 x 1 + 0 x 1) / 2 = 100, not below the ridge: (7,4) and its soldier are seen."""
    units = "(scout 5 4 1) (soldier 7 4 2)"

    def play(eye):
        m = module_from(tmp_path, FOG.format(rows=ROWS) + f"(add scout can-see-behind false) "
                        f"(table eye-height (scout plain {eye}))" + units)
        m.elevations = [100 if c % 14 == 6 else 0 for c in range(14 * 8)]
        return GdlGame(World(m), 1)

    g = play(0)
    assert vision.in_sight(g, 1, cell(g, 6, 4)) and not vision.in_sight(g, 1, cell(g, 7, 4))
    assert vision.visible_units(g, 1) == [0]
    g = play(200)
    assert vision.in_sight(g, 1, cell(g, 7, 4)) and vision.visible_units(g, 1) == [0, 1]


def test_a_unit_may_be_taken_for_another_type(tmp_path):
    """see-mistake-chance scout->soldier 10000 (.01 %: always) and looks-like (soldier tower 1):
    the soldier 2 away is seen as a tower. With see-mistake-range-min 3 the scout, 2 away, makes
    no mistake."""
    units = "(scout 5 4 1) (soldier 7 4 2)"
    extra = "(table see-mistake-chance (scout soldier 10000)) (table looks-like (soldier tower 1))"
    g = game(tmp_path, units, extra)
    assert vision.sees(g, 1, 1) and vision.seen_type(g, 1, 1) == g.w.m.utypes.index("tower")
    assert vision.seen_type(g, 2, 1) == g.w.m.utypes.index("soldier")
    g = game(tmp_path, units, extra + "(table see-mistake-range-min (scout soldier 3))")
    assert vision.seen_type(g, 1, 1) == g.w.m.utypes.index("soldier")


def test_a_restored_chancy_fog_game_plays_on_exactly_like_the_original(tmp_path):
    """A bot game of a generated world with 50 % see chances, mistakes and night: at several
    points the game is restored from its snapshot and both copies take the same next 30
    actions; their hashes match after every action (views included)."""
    from game.modes.gdl.match import BotSeat
    text = """
(unit-type scout (acp-per-turn 2) (hp-max 2) (vision-range 3)) (unit-type town (hp-max 4))
(terrain-type plain) (terrain-type hill)
(add t* wet-percentile-max 100) (add plain alt-percentile-max 70) (add hill alt-percentile-min 71)
(add hill alt-percentile-max 100)
(add (scout town) start-with (4 1)) (table favored-terrain (u* hill 0))
(table hit-chance (scout u* 50)) (table damage (scout u* 1))
(table see-chance (u* u* 50)) (table see-chance-adjacent (u* u* 70))
(table see-mistake-chance (scout u* 3000)) (table looks-like (u* u* 1))
(set country-radius-min 2) (set country-separation-min 5) (set last-turn 20)
(area 22 14)"""
    m = module_from(tmp_path, text)
    world = World(m)
    g = GdlGame(world, 11)
    seats = {s: BotSeat() for s in g.sides}
    for checkpoint in range(4):
        copy = GdlGame.restore(world, g.snapshot())
        assert copy.state_hash() == g.state_hash()
        for _ in range(30):
            if g.over:
                break
            a = seats[g.side].choose(g)
            g.apply(a)
            copy.apply(a)
            assert copy.state_hash() == g.state_hash(), checkpoint
