"""Golden tests for the spells that reveal, hide, identify or heal."""

from __future__ import annotations

from duel_levels import ScriptedRng, cast, duel, of_type

from game.modes.duel import messages as m
from game.modes.duel.events import Effect, Identified, Message
from game.modes.duel.layout import board_mask
from game.modes.duel.spells.forgetfulness import quarter

LEVEL = """
#############
#@..#.......#
#...#..y....#
#...#.......#
#...#####...#
#...........#
#...........#
#...........#
#..b........#
#...........#
#.........r.#
#........&..#
#############
"""


def msgs(events, to):
    return [e.msg for e in of_type(events, Message) if e.to == to]


def test_magic_mapping_reveals_the_layout_not_the_potions():
    st = duel(LEVEL)
    me = st.wizards[0]
    memory = dict(me.potion_memory)
    ev = cast(st, "magic_mapping")
    assert me.seen == board_mask(13)
    assert me.potion_memory == memory, "potions are only shown in view"
    (e,) = of_type(ev, Effect)
    assert e.audience == 0
    assert msgs(ev, 1) == []


def test_identify_identifies_every_potion_in_the_inventory():
    st = duel(LEVEL, inventories=([2, 3, 2], []), known=(1 << 4, 0), types=(0, 1, 2, 3, 4))
    ev = cast(st, "identify")
    assert st.wizards[0].known == 1 << 4 | 1 << 2 | 1 << 3
    assert of_type(ev, Identified) == [Identified(0, 2, 2), Identified(0, 3, 3)]
    ev = cast(st, "identify")
    assert msgs(ev, 0) == [m.CAST, m.NOTHING_TO_IDENTIFY] and msgs(ev, 1) == []


def test_item_detection_shows_half_the_potions_rounded_up():
    st = duel(LEVEL)
    ground = sorted(st.ground)
    assert len(ground) == 3
    pick = [ground[2], ground[0]]
    ev = cast(st, "item_detection", rng=ScriptedRng(pick))
    me = st.wizards[0]
    assert ground[0] in me.potion_memory and ground[2] in me.potion_memory
    (e,) = of_type(ev, Effect)
    assert set(e.cells) == set(pick) and e.audience == 0
    assert [e.params for e in of_type(ev, Message) if e.msg == m.ITEMS_DETECTED] == [(2,)]


def test_item_detection_with_no_potions():
    st = duel(LEVEL.replace("y", ".").replace("b", ".").replace("r", "."))
    ev = cast(st, "item_detection", rng=ScriptedRng())
    assert msgs(ev, 0) == [m.CAST, m.NO_ITEMS]


def test_life_detection_shows_the_opponent_and_warns_them():
    st = duel(LEVEL)
    st.turn = 7
    assert st.wizards[0].last_seen is None
    ev = cast(st, "life_detection")
    assert st.wizards[0].last_seen == (st.wizards[1].pos, 7)
    assert msgs(ev, 1) == [m.WATCHED] and m.TEXTS[m.WATCHED] == "You feel like you're being watched."


def test_restoration_heals_one_up_to_five():
    st = duel(LEVEL, hp=(3, 2))
    cast(st, "restoration")
    assert [w.hp for w in st.wizards] == [4, 2]
    cast(st, "restoration")
    ev = cast(st, "restoration")
    assert st.wizards[0].hp == 5 and msgs(ev, 0) == [m.CAST, m.NOTHING]


def test_forgetfulness_forgets_two_quarters_except_what_is_in_view():
    st = duel(LEVEL)
    me = st.wizards[0]
    me.seen = board_mask(13)
    ev = cast(st, "forgetfulness", rng=ScriptedRng([3, 1]), via="random")
    lost = quarter(13, 1) | quarter(13, 3)
    assert me.seen & lost == me.visible & lost
    assert me.seen & ~lost == board_mask(13) & ~lost
    assert msgs(ev, 1) == []


def test_quarters_cover_the_level_once():
    qs = [quarter(13, q) for q in range(4)]
    assert sum(q.bit_count() for q in qs) == 169
    assert qs[0] | qs[1] | qs[2] | qs[3] == board_mask(13)
