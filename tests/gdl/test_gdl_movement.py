"""Zones of control and the movement properties, worked out by hand from refman.texi ("Movement
Action", "Entry Action", "Years and Days", "Actions in General")."""

from game.modes.gdl import movement
from game.modes.gdl.actions import End, Move
from game.modes.gdl.units import room_in_unit
from tests.gdl.mini import HEAD, cell, game, put

ZOC = """
(unit-type mover (acp-per-turn 20))
(unit-type picket (acp-per-turn 1))
(table zoc-range (picket mover 1))
(table mp-to-enter-zoc (mover picket 2))
(mover 3 5 1)
(picket 6 5 2)
"""


def zoc_cost(g, a, b):
    return g.move_target(g.units[0], cell(g, *b))


def test_zoc_entering_leaving_and_traversing(tmp_path):
    """zoc-range 1: the picket at (6, 5) controls the cells at distance <= 1. Plains cost 1 mp.
    (3,5)->(4,5): (4,5) is 2 away, outside: 1 ACP. (4,5)->(5,5): entering, + mp-to-enter-zoc 2 ->
    3 ACP. (5,5)->(5,6) (1 away: inside both): mp-to-traverse-zoc 0 -> 1. (5,6)->(4,6) (2 away):
    leaving, mp-to-leave-zoc 0 -> 1. Into the picket's own cell: mp-to-enter-own -1 blocks."""
    g = game(tmp_path, ZOC)
    m = g.units[0]
    costs = []
    for x, y in ((4, 5), (5, 5), (5, 6), (4, 6)):
        costs.append(g.move_target(m, cell(g, x, y))[0])
        g.apply(Move(m.id, cell(g, x, y)))
    assert costs == [1, 3, 1, 1]
    put(g, m, 5, 5)
    assert g.move_target(m, cell(g, 6, 5)) is None


def test_zoc_blocks_and_costs_take_the_maximum(tmp_path):
    """mp-to-enter-zoc -1 "prevents entry entirely"; mp-to-traverse-zoc 4 inside; two pickets whose
    zones both hold the target cell charge the most of their costs, not the sum."""
    g = game(tmp_path, ZOC.replace("(table mp-to-enter-zoc (mover picket 2))",
                                   "(table mp-to-enter-zoc (mover picket -1))\n(table mp-to-traverse-zoc (mover picket 4))"))
    m = g.units[0]
    put(g, m, 4, 5)
    assert g.move_target(m, cell(g, 5, 5)) is None
    put(g, m, 5, 5)
    assert g.move_target(m, cell(g, 5, 6))[0] == 1 + 4
    g2 = game(tmp_path, ZOC + "(picket 6 6 2)\n")
    m2 = g2.units[0]
    put(g2, m2, 4, 5)
    assert g2.move_target(m2, cell(g2, 5, 5))[0] == 1 + 2


def test_allies_exert_no_zoc(tmp_path):
    """ZOC applies "to all units on a hostile side": a side trusting the mover's side blocks nothing."""
    g = game(tmp_path, ZOC + "(side 2 (trusts (1 1)))\n")
    m = g.units[0]
    put(g, m, 4, 5)
    assert g.move_target(m, cell(g, 5, 5))[0] == 1


def test_free_mp_speed_max_and_speed_damage_effect(tmp_path):
    """free-mp 1: a unit with 1 ACP (1 mp at speed 100) may still enter a 2-mp cell ("the amount by
    which the move points can go into the red and still allow one more move"); without it, not.
    speed 300 with speed-max 100 is 100. speed-damage-effect ((1 50) (10 100)) at hp 4 of 10:
    50 + (100 - 50) x (4 - 1) / (10 - 1) = 50 + 16 = 66 (fractions round down)."""
    g = game(tmp_path, """
(unit-type runner (acp-per-turn 1))
(unit-type stiff (acp-per-turn 1))
(unit-type racer (acp-per-turn 1) (speed 300) (speed-max 100) (hp-max 10)
  (speed-damage-effect ((1 50) (10 100))))
(add runner free-mp 1)
(table mp-to-enter-terrain (u* plains 2))
(runner 4 5 1)
(stiff 4 6 1)
(racer 6 5 2)
""")
    runner, stiff, racer = g.units
    assert g.move_target(runner, cell(g, 5, 5)) is not None
    assert g.move_target(stiff, cell(g, 5, 6)) is None
    assert movement.unit_speed(g, racer) == 100
    racer.hp = 4
    assert movement.unit_speed(g, racer) == 66


def test_mp_to_leave_terrain_and_roads(tmp_path):
    """Leaving a swamp costs mp-to-leave-terrain 2 plus 1 to enter plains = 3. A road (a
    connection) along y = 5 from x = 3 to 6 (mask bit 1 = east, bit 4 = west): with
    mp-to-enter-terrain plains 3, mp-to-traverse road 1 and 0 to get on and off, a step along the
    road costs min(3, 0 + 1 + 0) = 1 (refman: "Xconq will automatically choose the cheapest
    alternative"); off the road 3."""
    head_rows = ["10a"] * 4 + ["2a1c7a"] + ["10a"] * 5       # (2, 5) is the swamp
    g = game(tmp_path, """
(unit-type walker (acp-per-turn 9))
(table mp-to-enter-terrain (walker plains 3) (walker road 0))
(table mp-to-leave-terrain (walker swamp 2))
(table mp-to-traverse (walker road 1))
(area (aux-terrain road "10a" "10a" "10a" "10a" "3acssq3a" "10a" "10a" "10a" "10a" "10a"))
(walker 2 5 1)
(walker 8 2 2)
""", rows=head_rows, head=HEAD + '(terrain-type swamp (char "~"))\n(terrain-type road (subtype connection))\n')
    w = g.units[0]
    assert movement.total_move_cost(g, w.type, -1, cell(g, 2, 5), cell(g, 2, 4)) == 2 + 3
    assert movement.total_move_cost(g, w.type, -1, cell(g, 3, 5), cell(g, 4, 5)) == 1
    assert movement.total_move_cost(g, w.type, -1, cell(g, 5, 5), cell(g, 4, 5)) == 1
    assert movement.total_move_cost(g, w.type, -1, cell(g, 3, 5), cell(g, 3, 4)) == 3


def test_ferry_on_departure(tmp_path):
    """An occupant leaving its transport for the next cell (mp-to-leave-terrain plains 5,
    mp-to-enter-terrain plains 3): over-border (the default, 2) ferries it over its own cell's
    terrain: 0 + 3 = 3; over-nothing (0): 5 + 3 = 8; over-all (3): nothing to pay, at least 1."""
    text = """
(unit-type boat (capacity 2))
(unit-type marine (acp-per-turn 9))
(table mp-to-enter-terrain (marine plains 3))
(table mp-to-leave-terrain (marine plains 5))
{ferry}
(boat 5 5 1 (n "B"))
(marine 5 5 1 (in "B"))
(marine 8 2 2)
"""
    got = []
    for ferry in ("", "(table ferry-on-departure (boat marine over-nothing))",
                  "(table ferry-on-departure (boat marine over-all))"):
        g = game(tmp_path, text.format(ferry=ferry))
        got.append(movement.total_move_cost(g, 1, 0, cell(g, 5, 5), cell(g, 6, 5)))
    assert got == [3, 8, 1]


def test_ferry_on_entry(tmp_path):
    """A marine boarding a boat in the next cell, across a river border (mp-to-leave-terrain
    plains 5, border river 4, mp-to-enter-terrain plains 3, mp-to-enter-unit 0): refman
    ferry-on-entry "how much intervening terrain the unit ... entering ... transport ... will have
    to cross on its own": over-nothing pays all, 5 + 4 + 3 = 12; over-own ("ferries over terrain
    of its own cell") 5 + 4 = 9; over-border (the default, "over any border terrain also") 5;
    over-all ("ferries to destination cell") nothing, at least 1."""
    text = """
(unit-type boat (capacity 2))
(unit-type marine (acp-per-turn 9))
(table mp-to-enter-terrain (marine plains 3) (marine river 4))
(table mp-to-leave-terrain (marine plains 5))
{ferry}
(area (aux-terrain river "10a" "10a" "10a" "10a" "5acq3a" "10a" "10a" "10a" "10a" "10a"))
(boat 6 5 1)
(marine 5 5 1)
(marine 8 2 2)
"""
    got = []
    for ferry in ("over-nothing", "over-own", "over-border", "over-all"):
        g = game(tmp_path, text.format(ferry=f"(table ferry-on-entry (boat marine {ferry}))"),
                 head=HEAD + "(terrain-type river (subtype border))\n")
        got.append(movement.total_entry_cost(g, 1, -1, cell(g, 5, 5), 0, cell(g, 6, 5)))
    assert got == [12, 9, 5, 1]


def test_occupant_max(tmp_path):
    """occupant-max (ship tank) 2: "the upper limit on the number of occupants of this type (not
    counting unit-capacity-x)": a ship with capacity 5 takes two tanks, not a third."""
    g = game(tmp_path, """
(unit-type ship (capacity 5))
(unit-type tank (acp-per-turn 1))
(table occupant-max (ship tank 2))
(ship 5 5 1 (n "S"))
(tank 5 5 1 (in "S"))
(tank 8 2 2)
""")
    ship = g.units[0]
    assert room_in_unit(g, 1, ship)
    g.board(g.add_unit(1, 1), ship.id)
    assert not room_in_unit(g, 1, ship)


def test_night_halves_acp_and_acp_damage_effect(tmp_path):
    """(world 360 (day-length 2)): the sun stands at ((k x 100) mod 200) x 360 / 200 + 5 on turn k:
    185 on turn 1 (180 cells from the area: beyond daylight 50 % / 2 x 360 = 90 -> night), 5 on
    turn 2 (day). night-multiplies-acp 50 gives 4 x 50 / 100 = 2 ACP at night; acp-max -1 caps at
    the turn's gain, so the ACP run 2, 4, 2. acp-damage-effect ((0 0) (10 4)) at hp 5: 2."""
    g = game(tmp_path, """
(world 360 (day-length 2))
(unit-type scout (acp-per-turn 4) (hp-max 10) (acp-damage-effect ((0 0) (10 4))))
(table night-multiplies-acp (scout plains 50))
(scout 5 5 1)
(scout 8 2 2 (hp 5))
""")
    s, hurt = g.units
    seen = [s.acp]
    for _ in range(2):
        g.apply(End())
        g.apply(End())
        seen.append(s.acp)
    assert seen == [2, 4, 2]
    assert movement.new_acp_for_turn(g, hurt) == 2 * 50 // 100
