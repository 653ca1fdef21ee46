"""Field of view: the plan's three cases, symmetry, the reference rule, options."""

from __future__ import annotations

from duel_levels import parse_level
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.prng import Pcg32
from game.modes.duel.dungeon import generate_layout
from game.modes.duel.fov import field_of_view, fov_from_rows, fov_on_known, reference_fov, visible_cells
from game.modes.duel.layout import board_mask

# Row 1: "@.....@" (6 apart), row 3: "@.#.@" with rock between, row 5: "@......@" (7 apart).
PLAN = """
#############
#@.....A....#
#############
##B.#.C######
#############
#D......E...#
#############
#...........#
#...........#
#...........#
#...........#
#...........#
#############
"""


def seen(layout, a, b):
    return (field_of_view(layout, a) >> b) & 1 == 1


def test_the_plans_three_cases():
    layout, m = parse_level(PLAN)
    me, six = m["@"][0], m["A"][0]
    assert seen(layout, me, six), "@.....@ can be seen"
    assert seen(layout, m["B"][0], m["B"][0] + 1)
    assert not seen(layout, m["B"][0], m["C"][0]), "@.#.@ cannot be seen"
    assert not seen(layout, m["D"][0], m["E"][0]), "@......@ cannot be seen"
    # and the other way round
    assert seen(layout, six, me) and not seen(layout, m["E"][0], m["D"][0])
    assert not seen(layout, m["C"][0], m["B"][0])


def test_square_not_circle_and_radius_six_on_diagonals():
    layout, _ = parse_level(PLAN.replace("#@.....A....#", "#...........#"))
    n = layout.size
    room_top = 7 * n + 1
    vis = field_of_view(layout, room_top)   # (1, 7): the room spans x 1..11, y 7..11
    assert (vis >> 11 * n + 5) & 1, "diagonal-ish cell 4 down, 4 right"
    assert (vis >> 11 * n + 7) & 1, "corner of the square: 6 right, 4 down"
    assert not (vis >> 11 * n + 8) & 1, "7 to the right is out of the square"


def test_rock_next_to_seen_floor_is_lit_but_rock_behind_rock_is_not():
    layout, m = parse_level(PLAN)
    n = layout.size
    me = m["@"][0]           # (1, 1) in a corridor between solid rock rows 0 and 2
    vis = field_of_view(layout, me)
    for x in range(1, 8):
        assert (vis >> 2 * n + x) & 1, f"corridor wall below ({x}, 1) is seen"
    assert not (vis >> 3 * n + 6) & 1, "floor behind the corridor wall is not seen"
    assert not (vis >> 4 * n + 3) & 1, "rock two rows behind a wall is not seen"


def test_adjacent_cells_are_always_visible():
    layout = generate_layout(Pcg32(3, 3), 25)
    g = layout.grid
    for c in layout.open_cells():
        vis = field_of_view(layout, c)
        assert (vis >> c) & 1
        for nb in g.neighbours[c]:
            assert (vis >> nb) & 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from((13, 17, 25, 31)), st.data())
def test_fast_fov_matches_the_written_rule_and_is_symmetric(seed, size, data):
    layout = generate_layout(Pcg32(seed, 3), size)
    cells = layout.open_cells()
    a = data.draw(st.sampled_from(cells))
    b = data.draw(st.sampled_from(cells))
    va = field_of_view(layout, a)
    assert va == reference_fov(layout, a)
    assert va & ~board_mask(size) == 0
    assert ((va >> b) & 1) == ((field_of_view(layout, b) >> a) & 1), "sight is symmetric"
    ax, ay = layout.xy(a)
    for c in range(size * size):
        if (va >> c) & 1:
            x, y = layout.xy(c)
            assert max(abs(x - ax), abs(y - ay)) <= 6


def test_fov_off_shows_everything():
    layout = generate_layout(Pcg32(1, 1), 25)
    c = layout.open_cells()[0]
    assert visible_cells(layout, c, fov_on=False) == board_mask(25)
    assert visible_cells(layout, c, fov_on=True) == field_of_view(layout, c)


def test_fov_on_known_map_treats_unknown_as_rock():
    layout, m = parse_level(PLAN)
    me, six = m["@"][0], m["A"][0]
    known = layout.open & ~(1 << me + 3)   # forget one corridor cell between
    assert not (fov_on_known(layout.size, known, me) >> six) & 1
    assert (fov_on_known(layout.size, layout.open, me) >> six) & 1
    assert fov_from_rows(layout.padded_rows(), layout.size, me) == field_of_view(layout, me)
