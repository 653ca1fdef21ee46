"""Golden tests for the spells that change the dungeon, move wizards or destroy potions."""

from __future__ import annotations

from duel_levels import ScriptedRng, cast, cells, duel, of_type

from game.modes.duel import messages as m
from game.modes.duel.events import (
    Healed,
    LayoutChanged,
    Message,
    PotionsCreated,
    PotionsDestroyed,
    SpellCast,
    Teleported,
)
from game.modes.duel.layout import board_mask
from game.modes.duel.spells import BY_KEY, SPELLS

BOX = """
#############
#...........#
#...........#
#...........#
#...#####...#
#...#...#...#
#...#.@.#...#
#...#...#...#
#...#####...#
#...........#
#...........#
#.........&.#
#############
"""

BOX_DEMOLISHED = """
#############
#...........#
#...........#
#...........#
#...*#*#*...#
#...*...#...#
#...#.@.*...#
#...#...#...#
#...*****...#
#...........#
#...........#
#.........&.#
#############
"""


def msgs(events, to):
    return [e.msg for e in of_type(events, Message) if e.to == to]


def test_demolition_crumbles_rock_within_two_squares():
    st = duel(BOX)
    # the 16 rock cells of the ring, in cell order: row 4 (5), rows 5-7 (2 each), row 8 (5)
    script = [True, False, True, False, True, True, False, False, True, False, False] + [True] * 5
    ev = cast(st, "demolition", rng=ScriptedRng(*script))
    gone = cells(BOX_DEMOLISHED)
    (lc,) = of_type(ev, LayoutChanged)
    assert set(lc.cells) == gone and not lc.whole
    assert all(st.layout.is_open(c) for c in gone)
    assert st.layout.open.bit_count() == 121 - 16 + len(gone)
    assert msgs(ev, 1) == [m.ROCK] and msgs(ev, 0) == [m.CAST, m.DEMOLISHED]
    assert m.TEXTS[m.ROCK] == "You hear rock being destroyed."


def test_demolition_forgets_unseen_changed_cells_for_the_opponent():
    st = duel(BOX)
    st.wizards[1].seen |= st.layout.walls   # the opponent once saw all the rock
    ev = cast(st, "demolition", rng=ScriptedRng(*[True] * 16))
    (lc,) = of_type(ev, LayoutChanged)
    opp = st.wizards[1]
    assert len(lc.cells) == 16
    for c in lc.cells:
        assert bool((opp.seen >> c) & 1) == bool((opp.visible >> c) & 1)


NAV = """
#############
#.....#.....#
#...........#
#...........#
#...........#
#...........#
#.#...@..#..#
#...........#
#...........#
#...........#
#.....#.....#
#.........&.#
#############
"""


def test_navigate_opens_four_lines_to_the_outer_wall():
    st = duel(NAV)
    ev = cast(st, "navigate")
    opened = {6 * 13 + 2, 6 * 13 + 9, 1 * 13 + 6, 10 * 13 + 6}
    (lc,) = of_type(ev, LayoutChanged)
    assert set(lc.cells) == opened
    assert all(st.layout.is_open(c) for c in opened)
    assert not st.layout.is_open(6 * 13 + 0), "the outer wall stays"
    assert msgs(ev, 1) == [m.ROCK]
    ev = cast(st, "navigate")
    assert of_type(ev, LayoutChanged) == [] and msgs(ev, 1) == [] and msgs(ev, 0) == [m.CAST, m.NOTHING]


def test_create_potions_on_free_cells():
    st = duel(BOX.replace("#...........#\n#...........#\n#...#####", "#.y.........#\n#...........#\n#...#####", 1))
    free_target = [2 * 13 + 1, 9 * 13 + 9]
    ev = cast(st, "create_potions", rng=ScriptedRng(2, free_target, 4, 1))
    assert of_type(ev, PotionsCreated) == [PotionsCreated(tuple(free_target))]
    assert st.ground == {2 * 13 + 2: 0, 2 * 13 + 1: 4, 9 * 13 + 9: 1}
    assert msgs(ev, 0) == [m.CAST, m.POTIONS_CREATED] and msgs(ev, 1) == []


def test_create_potions_never_on_a_wizard_or_a_potion():
    for seed in range(40):
        st = duel(BOX.replace("#...........#\n#...........#\n#...#####", "#.y.........#\n#...........#\n#...#####", 1),
                  seed=seed)
        before = dict(st.ground)
        cast(st, "create_potions")
        new = set(st.ground) - set(before)
        assert 1 <= len(new) <= 3
        assert not new & {st.wizards[0].pos, st.wizards[1].pos}
        assert all(st.layout.is_open(c) for c in new)
        assert {c: st.ground[c] for c in before} == before


def test_blink_moves_only_the_caster_to_a_free_cell():
    st = duel(BOX)
    target = 2 * 13 + 2
    ev = cast(st, "blink", rng=ScriptedRng(target))
    assert st.wizards[0].pos == target and of_type(ev, Teleported) == [Teleported(0, 6 * 13 + 6, target)]
    assert msgs(ev, 1) == []


def test_blink_all_moves_both_to_distinct_new_cells():
    for seed in range(40):
        st = duel(BOX, seed=seed)
        a, b = st.wizards[0].pos, st.wizards[1].pos
        ev = cast(st, "blink_all")
        pa, pb = st.wizards[0].pos, st.wizards[1].pos
        assert pa != pb and pa not in (a, b) and pb not in (a, b) and pb != a
        assert st.layout.is_open(pa) and st.layout.is_open(pb)
        assert msgs(ev, 1) == [m.TELEPORTED] and len(of_type(ev, Teleported)) == 2
    assert m.TEXTS[m.TELEPORTED] == "You are teleported!"


SCREAM_FAR = """
#############
#@..........#
#..y........#
#...........#
#.......r...#
#...........#
#...........#
#...........#
#........g..#
#...........#
#...........#
#..........&#
#############
"""


def test_scream_far_opponent_keeps_potions():
    st = duel(SCREAM_FAR, inventories=([0, 1, 2], [3, 4]))
    # only the potion at (3, 2) is within 6 squares of (1, 1); then the caster's 3 potions
    ev = cast(st, "scream", rng=ScriptedRng(True, False, True, True))
    assert sorted(st.ground) == [4 * 13 + 8, 8 * 13 + 9]
    assert st.wizards[0].inventory == [0] and st.wizards[1].inventory == [3, 4]
    (d,) = of_type(ev, PotionsDestroyed)
    assert d.cells == (2 * 13 + 3,) and d.held == ((0, 1), (0, 2))
    assert msgs(ev, 1) == [m.SCREAM_FAR] and msgs(ev, 0) == [m.CAST, m.SCREAMED, m.POTIONS_SHATTER]
    assert m.TEXTS[m.SCREAM_FAR] == "A loud magical scream can be heard in the distance"


SCREAM_NEAR = """
#############
#@..........#
#..y........#
#...........#
#.......r...#
#.....&.....#
#...........#
#...........#
#........g..#
#...........#
#...........#
#...........#
#############
"""


def test_scream_near_opponent_loses_potions_too():
    st = duel(SCREAM_NEAR, inventories=([], [3, 4]))
    ev = cast(st, "scream", rng=ScriptedRng(False, True, False))
    assert st.wizards[1].inventory == [4] and len(st.ground) == 3
    assert msgs(ev, 1) == [m.POTIONS_SHATTER, m.SCREAM_NEAR]
    assert m.TEXTS[m.SCREAM_NEAR] == "A loud magical scream can be heard"


MIRROR = """
#############
#.y.........#
#...........#
#..#........#
#...........#
#...........#
#..@........#
#...........#
#...........#
#........&..#
#...........#
#...........#
#############
"""


def test_mirror_earth_left_right():
    st = duel(MIRROR, facing=(1, 5))
    before = st.layout
    ev = cast(st, "mirror_earth", rng=ScriptedRng(0))
    assert st.layout == before.mirrored(0)
    assert not st.layout.is_open(3 * 13 + 9), "rock (3, 3) is now at (9, 3)"
    assert st.wizards[0].pos == 6 * 13 + 9 and st.wizards[1].pos == 9 * 13 + 3
    assert st.ground == {1 * 13 + 10: 0}
    assert st.wizards[0].facing == 3 and st.wizards[1].facing == 6    # E -> W, SE -> SW
    assert st.wizards[0].seen == board_mask(13)
    assert st.wizards[1].seen == st.wizards[1].visible
    assert msgs(ev, 1) == [m.UNAWARE] and m.TEXTS[m.UNAWARE] == "You feel unaware of your surroundings."


def test_mirror_earth_both_ways():
    st = duel(MIRROR)
    cast(st, "mirror_earth", rng=ScriptedRng(2))
    assert st.wizards[0].pos == 6 * 13 + 9 and st.wizards[1].pos == 3 * 13 + 3
    assert st.ground == {11 * 13 + 10: 0}


def test_alter_dungeon_keeps_wizards_on_floor_and_moves_potions():
    for seed in range(15):
        st = duel(SCREAM_FAR, seed=seed)
        a, b = st.wizards[0].pos, st.wizards[1].pos
        old = st.layout
        ev = cast(st, "alter_dungeon")
        assert st.layout != old and st.layout.problem() is None
        assert st.layout.is_open(a) and st.layout.is_open(b)
        assert (st.wizards[0].pos, st.wizards[1].pos) == (a, b)
        assert sorted(st.ground.values()) == [0, 2, 3]
        assert all(st.layout.is_open(c) and c not in (a, b) for c in st.ground)
        assert st.wizards[0].seen == board_mask(13)
        assert st.wizards[1].seen == st.wizards[1].visible
        assert msgs(ev, 1) == [m.SURROUNDINGS]
    assert m.TEXTS[m.SURROUNDINGS] == "You sense your surroundings are different."


def test_random_casts_another_spell_never_itself():
    st = duel(MIRROR, hp=(3, 5))
    ev = cast(st, "random", rng=ScriptedRng(8))         # becomes Restoration
    assert st.wizards[0].hp == 4 and of_type(ev, Healed)
    assert msgs(ev, 0) == [m.CAST, m.RANDOM_BECOMES, m.RESTORED]
    assert [e.spell for e in of_type(ev, SpellCast)] == [11, 8]
    seen = set()
    for seed in range(300):
        st = duel(MIRROR, seed=seed)
        ev = cast(st, "random")
        chosen = of_type(ev, SpellCast)[1].spell
        assert chosen != BY_KEY["random"].id
        seen.add(chosen)
    assert {BY_KEY["acid_rain"].id, BY_KEY["forgetfulness"].id} <= seen, "bad spells come through Random"
    assert len(seen) == len(SPELLS) - 1
