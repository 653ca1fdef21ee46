"""Golden tests for the spells that hurt: cells worked out by hand on drawn levels."""

from __future__ import annotations

from duel_levels import ScriptedRng, cast, cells, duel, of_type

from game.modes.duel import messages as m
from game.modes.duel.actions import cast as cast_action
from game.modes.duel.events import Damaged, Effect, Healed, Message
from game.modes.duel.game import DuelGame

HALL = """
#############
#...........#
#...........#
#...........#
#...........#
#...........#
#.....@.....#
#...........#
#...........#
#........&..#
#...........#
#...........#
#############
"""

RAYS = """
#############
#*....*....*#
#.*...*...*.#
#..*..*..*..#
#...*.*.*...#
#....***....#
#*****@*****#
#....***....#
#...*.*.*...#
#..*..*..*..#
#.*...*...*.#
#*....*....*#
#############
"""


def msgs(events, to):
    return [e.msg for e in of_type(events, Message) if e.to == to]


def effect_cells(events):
    (e,) = of_type(events, Effect)
    return set(e.cells)


def test_rays_of_cold_cover_eight_lines_through_rock_and_hit():
    st = duel(HALL)
    ev = cast(st, "rays_of_cold")
    assert effect_cells(ev) == cells(RAYS)
    assert len(cells(RAYS)) == 40
    assert st.wizards[1].hp == 4 and of_type(ev, Damaged) == [Damaged(1, 1, 4, "rays_of_cold")]
    assert msgs(ev, 0) == [m.CAST, m.HIT] and msgs(ev, 1) == []


ROCKY = """
#############
#...........#
#...........#
#...........#
#...........#
#...........#
#.....@.....#
#...........#
#.......###.#
#.......#&..#
#...........#
#...........#
#############
"""


def test_rays_of_cold_pass_through_rock():
    st = duel(ROCKY)
    ev = cast(st, "rays_of_cold")
    assert st.wizards[1].hp == 4, "rock at (8, 8) does not stop the ray to (9, 9)"
    assert effect_cells(ev) == cells(RAYS)


def test_rays_of_cold_miss_off_the_lines():
    st = duel(HALL.replace("#........&..#", "#.......&...#"))   # (8, 9) is on no line
    ev = cast(st, "rays_of_cold")
    assert st.wizards[1].hp == 5 and msgs(ev, 0) == [m.CAST]


CORRIDOR = """
#############
#@..........#
#############
#...........#
#...........#
#...........#
#...........#
#...........#
#...........#
#........&..#
#...........#
#...........#
#############
"""


def test_fire_storm_floods_forward_as_far_as_rolled():
    st = duel(CORRIDOR, facing=(1, 0))        # facing east
    st.wizards[1].pos = 1 * 13 + 8            # (8, 1): 7 squares ahead
    ev = cast(st, "fire_storm", rng=ScriptedRng(7))
    assert effect_cells(ev) == {13 + x for x in range(2, 9)}
    assert st.wizards[1].hp == 4 and msgs(ev, 0) == [m.CAST, m.HIT] and msgs(ev, 1) == []
    st.wizards[1].pos = 1 * 13 + 9            # 8 squares ahead: out of a 7-square storm
    ev = cast(st, "fire_storm", rng=ScriptedRng(7))
    assert st.wizards[1].hp == 4


def test_fire_storm_burns_nothing_behind_the_caster():
    st = duel(CORRIDOR, facing=(3, 0))        # facing west, into the wall
    ev = cast(st, "fire_storm", rng=ScriptedRng(10))
    assert effect_cells(ev) == set()


CONE_E = """
#############
#.......*...#
#......**...#
#.....***...#
#....****...#
#...*****...#
#..@*****...#
#...*****...#
#....****...#
#.....***&..#
#......**...#
#.......*...#
#############
"""


def test_fire_storm_cone_in_an_open_hall():
    st = duel(CONE_E, facing=(1, 0))
    ev = cast(st, "fire_storm", rng=ScriptedRng(5))
    assert effect_cells(ev) == cells(CONE_E) and len(cells(CONE_E)) == 35
    assert st.wizards[1].hp == 5              # (9, 9) is just outside the cone


def test_fire_storm_diagonal_facing_fills_the_quadrant():
    st = duel(HALL, facing=(5, 0))            # SE
    ev = cast(st, "fire_storm", rng=ScriptedRng(5))
    expected = {(6 + dy) * 13 + 6 + dx for dx in range(0, 6) for dy in range(0, 6)} - {6 * 13 + 6}
    assert effect_cells(ev) == expected
    assert st.wizards[1].hp == 4, "(9, 9) is 3 squares SE"


LIGHTNING_LEVEL = """
#############
#.....#.....#
#...........#
#...........#
#......&....#
#...........#
#.....@...#.#
#...........#
#...........#
#...........#
#...........#
#...........#
#############
"""

LIGHTNING = """
#############
#....*#*....#
#....***....#
#....***....#
#....***....#
#***********#
#*****@***#.#
#***********#
#....***....#
#....***....#
#....***....#
#....***....#
#############
"""


def test_lightning_bolts_three_wide_stopped_by_rock():
    st = duel(LIGHTNING_LEVEL)
    ev = cast(st, "lightning_bolts")
    got = effect_cells(ev)
    assert got == cells(LIGHTNING)
    assert st.wizards[1].hp == 4, "(7, 4) is on the line next to the northern bolt"
    assert msgs(ev, 1) == [m.THUNDER] and msgs(ev, 0) == [m.CAST, m.HIT]


def test_lightning_thunder_is_heard_even_on_a_miss():
    st = duel(HALL)
    ev = cast(st, "lightning_bolts")
    assert st.wizards[1].hp == 5
    assert msgs(ev, 1) == [m.THUNDER] and msgs(ev, 0) == [m.CAST]
    assert m.TEXTS[m.THUNDER] == "Thunder echoes all around the dungeon!"


def test_acid_rain_hurts_caster_and_adjacent_opponent():
    st = duel(HALL.replace("#........&..#", "#...........#").replace("#.....@.....#", "#.....@&....#"))
    ev = cast(st, "acid_rain", via="random")
    assert effect_cells(ev) == {(6 + dy) * 13 + 6 + dx for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert [w.hp for w in st.wizards] == [4, 4]
    assert msgs(ev, 1) == [m.RAIN] and m.TEXTS[m.RAIN] == "You can hear rain."


def test_acid_rain_spares_a_distant_opponent():
    st = duel(HALL)
    cast(st, "acid_rain", via="random")
    assert [w.hp for w in st.wizards] == [4, 5]


def test_take_life_steals_a_hit_point_when_the_opponent_is_seen():
    st = duel(HALL, hp=(3, 5))
    ev = cast(st, "take_life")
    assert [w.hp for w in st.wizards] == [4, 4]
    assert of_type(ev, Healed) == [Healed(0, 1, 4, "take_life")]
    assert msgs(ev, 1) == [m.SOUL] and m.TEXTS[m.SOUL] == "You feel like your soul is being taken away."


WALLED_OFF = """
#############
#...........#
#...........#
#...........#
#...........#
#...........#
#.....@.....#
#...........#
#......######
#......#.&..#
#...........#
#...........#
#############
"""


def test_take_life_fails_unseen_and_never_heals_above_five():
    st = duel(WALLED_OFF)
    assert not (st.wizards[0].visible >> st.wizards[1].pos) & 1
    ev = cast(st, "take_life")
    assert [w.hp for w in st.wizards] == [5, 5] and msgs(ev, 0) == [m.CAST, m.NO_TARGET]
    assert msgs(ev, 1) == []
    st = duel(HALL)
    cast(st, "take_life")
    assert [w.hp for w in st.wizards] == [5, 4]


def test_simultaneous_death_the_acting_wizard_loses():
    st = duel(HALL.replace("#........&..#", "#...........#").replace("#.....@.....#", "#.....@&....#"),
              hp=(1, 1), dealt=(11, 8, 0))
    st.rng = ScriptedRng(19)                  # Random becomes Acid Rain (spell 19)
    g = DuelGame(st)
    ev = g.apply(cast_action(0))
    assert any(isinstance(e, Effect) and e.source == "acid_rain" for e in ev)
    assert g.is_over() and g.winner == 1 and g.state.over == "both died"
    assert [w.hp for w in g.state.wizards] == [0, 0]
    assert g.legal_actions() == []
