"""Field of view in the dungeon: the rule by hand, the fast tables against the rule, symmetry."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.modes.bout.dungeon.fov import Sight, reference_view
from game.modes.bout.dungeon.generate import generate_level
from game.modes.bout.dungeon.level import level_from_text

ROOM = [
    "###########",
    "#.........#",
    "#.........#",
    "#....#....#",
    "#.........#",
    "#.........#",
    "###########",
]


def seen(level, view, x, y):
    return bool(view >> (y * level.width + x) & 1)


def test_a_pillar_hides_what_is_straight_behind_it():
    """Viewer at (5,1), pillar at (5,3): the lines to (5,4) and (5,5) run through the pillar both
    ways, so both are hidden; the pillar itself is lit (the square before it, (5,2), is clear);
    the far corners (1,5) and (9,5) are seen past it. A wall is lit when the square before it
    (one step towards the viewer) is in clear sight: (1,6) through (2,5), yes; (4,6) through
    (5,5), which the pillar hides, no; (5,6) through (5,5), no."""
    lv = level_from_text(ROOM)
    v = Sight(lv, 8).view(lv.cell(5, 1))
    assert not seen(lv, v, 5, 4) and not seen(lv, v, 5, 5)
    assert seen(lv, v, 5, 3)
    assert seen(lv, v, 1, 5) and seen(lv, v, 9, 5)
    assert seen(lv, v, 0, 0) and seen(lv, v, 10, 6) and seen(lv, v, 1, 6) and seen(lv, v, 9, 6)
    assert not seen(lv, v, 4, 6) and not seen(lv, v, 5, 6)


def test_the_edge_is_a_circle():
    """Radius 2: a square is in view when dx*dx + dy*dy <= r*r + r = 6: (2,1) gives 5, in;
    (2,2) gives 8, out."""
    lv = level_from_text(["#" * 9] + ["#.......#"] * 7 + ["#" * 9])
    c = lv.cell(4, 4)
    v = Sight(lv, 2).view(c)
    assert seen(lv, v, 6, 5) and seen(lv, v, 6, 4) and seen(lv, v, 4, 2)
    assert not seen(lv, v, 6, 6) and not seen(lv, v, 2, 2) and not seen(lv, v, 7, 4)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), radius=st.integers(2, 10), pick=st.integers(0, 10**6))
def test_tables_match_the_rule_and_sight_is_mutual(data, seed, radius, pick):
    lv = generate_level(data, seed, 1 + seed % 4)
    s = Sight(lv, radius)
    opens = lv.open_cells()
    for k in range(12):
        c = opens[(pick + k * 7919) % len(opens)]
        assert s.view(c) == reference_view(lv, c, radius)
    for k in range(40):
        a = opens[(pick + k * 104729) % len(opens)]
        b = opens[(pick * 3 + k * 1299709) % len(opens)]
        assert s.sees(a, b) == s.sees(b, a)
