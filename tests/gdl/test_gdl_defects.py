"""The defects of issue 19 (D1-D8 and the movement rounding), each with a tiny module whose
expected result is worked out by hand from refman.texi (the working is in each docstring)."""

import pytest

from game.modes.gdl import combat, movement
from game.modes.gdl.actions import Attack, End, Move
from game.modes.gdl.events import Hit
from game.modes.gdl.match import BotSeat, playable_problems
from game.modes.gdl.units import room_in_cell, room_in_unit
from game.rules.gdl import schema
from tests.gdl.mini import cell, game, module, units


def test_d1_reserved_places_in_a_cell_do_not_use_the_shared_capacity(tmp_path):
    """refman "Units and Terrain": capacity is "the limit on the sum of unit sizes that may
    share this cell", terrain-capacity-x "the number of units of type u that are guaranteed to
    have a place in the cell"; "Occupants and Transports": "Generic capacity is shared by all
    different types, while guaranteed capacity is for a particular type only".
    Plains capacity 10, a space station with 10000 guaranteed places, 9 indians (size 1):
    the station sits in its own place, the indians fill 9 of 10 -> a 10th indian fits (9+1 <= 10),
    an 11th does not (10+1 > 10)."""
    g = game(tmp_path, """
(unit-type indian (acp-per-turn 1))
(unit-type space-station)
(add plains capacity 10)
(table terrain-capacity-x (space-station t* 10000))
(space-station 5 5 1)
""" + "(indian 5 5 1)\n" * 9)
    c = cell(g, 5, 5)
    assert len(g.at[c]) == 10
    assert room_in_cell(g, 0, c)
    g.place(g.add_unit(0, 1), c)
    assert not room_in_cell(g, 0, c)


def test_d1_a_carrier_full_of_fighters_in_their_places_still_takes_a_bomber_and_a_fighter(tmp_path):
    """Carrier capacity 4, unit-capacity-x (carrier fighter 4), unit-size-as-occupant 1 for a
    fighter and 4 for a bomber. Four fighters use their four guaranteed places, so the shared
    hold is empty: a bomber of size 4 fits (0 + 4 <= 4), and a fifth fighter, past its guaranteed
    places, takes 1 of the shared 4 (0 + 1 <= 4). Then with the bomber aboard the fifth fighter no
    longer fits (4 + 1 > 4)."""
    g = game(tmp_path, """
(unit-type fighter (acp-per-turn 1))
(unit-type bomber (acp-per-turn 1))
(unit-type carrier (capacity 4))
(table unit-capacity-x (carrier fighter 4))
(table unit-size-as-occupant (bomber carrier 4))
(carrier 5 5 1 (n "CV"))
""" + '(fighter 5 5 1 (in "CV"))\n' * 4)
    cv = units(g, "carrier")[0]
    assert len(g.occ[cv.id]) == 4
    assert room_in_unit(g, 1, cv) and room_in_unit(g, 0, cv)
    g.board(g.add_unit(1, 1), cv.id)
    assert not room_in_unit(g, 0, cv)


def test_d1_outpost_fort_holds_four_spearmen():
    """outpost.g: fort capacity 2 and unit-capacity-x (fort spearman 2): two guaranteed places
    plus two in the shared hold = 4 spearmen (Tactibox held 2)."""
    import pathlib

    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    m = load_module(pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g")
    g = GdlGame(World(m), 1)
    fort = next(u for u in g.units if u.name == "Fort Tally")
    spear = m.utypes.index("spearman")
    assert len(g.occ[fort.id]) == 2
    g.board(g.add_unit(spear, 1), fort.id)
    assert room_in_unit(g, spear, fort)
    g.board(g.add_unit(spear, 1), fort.id)
    assert not room_in_unit(g, spear, fort)


D2 = """
(unit-type knight (acp-per-turn 4) (hp-max 50))
(table hit-chance (knight knight 100))
(table damage (knight knight 1))
(table acp-to-defend (knight knight 2))
(table counterattack (knight knight {counter}))
(knight 5 5 1)
(knight 6 5 2)
"""


def test_d2_every_surviving_defender_pays_acp_to_defend(tmp_path):
    """refman "Combat Actions": acp-to-defend is "the number of action points used up by a unit
    u1 when defending against an attack by a unit of type u2" — every defence, whether or not
    it strikes back (combat.cc charges every surviving defender). With counterattack 0 the
    defender never strikes back, yet its 4 ACP go down by 2 to 2."""
    g = game(tmp_path, D2.format(counter=0))
    a, d = g.units
    assert d.acp == 4
    ev = g.apply(Attack(a.id, d.id))
    assert not any(getattr(e, "counter", False) for e in ev)
    assert d.acp == 4 - 2 and a.acp == 4 - 1


def test_d2_counterattack_50_still_strikes_back_at_the_full_hit_chance(tmp_path):
    """refman: counterattack is the strength of the reaction, "If 0, the defender does not
    counterattack; if 100, ... at the same level as if it attacked normally", and "[The
    commitment levels are currently ignored.]": any value above 0 strikes back with the full
    hit-chance, 100 % here, so every strike back over 30 seeds hits (Tactibox halved it to 50 %)."""
    for seed in range(30):
        g = game(tmp_path, D2.format(counter=50), seed=seed)
        a, d = g.units
        assert combat.odds(g, a, d)["counter"] == 100
        ev = g.apply(Attack(a.id, d.id))
        assert Hit(d.id, a.id, 1, counter=True) in ev


def test_d3_a_value_list_runs_along_the_first_index_list(tmp_path):
    """refman "Tables": "If a list, then Xconq will use successive elements of the list while
    iterating", the first index being the outer iteration: ((a b) (c d) (10 90)) gives a -> 10
    against both c and d, and b -> 90 against both (Tactibox used to give c 10 and d 90)."""
    m = module(tmp_path, """
(unit-type a) (unit-type b) (unit-type c) (unit-type d)
(table hit-chance ((a b) (c d) (10 90)))
""")
    hit = m.tables["hit-chance"]
    assert (hit[0][2], hit[0][3], hit[1][2], hit[1][3]) == (10, 10, 90, 90)


def test_d4_a_units_33rd_action_does_not_end_its_sides_turn(tmp_path):
    """A plane with 100 ACP would take 100 one-ACP moves; the bot's guard stops each unit after
    32 actions in a side turn — and then goes on with the side's other units (before the fix
    the 33rd action returned END for the whole side, so the infantry never moved)."""
    g = game(tmp_path, """
(unit-type plane (acp-per-turn 100))
(unit-type infantry (acp-per-turn 1))
(table hit-chance (u* u* 50))
(table damage (u* u* 1))
(plane 2 4 1)
(infantry 2 5 1)
(infantry 75 2 2)
""", size=(80, 10), rows=["80a"] * 10)
    seat = BotSeat()
    acted = []
    while True:
        a = seat.choose(g)
        if a == End():
            break
        acted.append(a.unit)
        g.apply(a)
    plane, inf = units(g, "plane")[0], units(g, "infantry")[0]
    assert acted.count(plane.id) == 32 and inf.id in acted


def test_d5_reinforcements_restricted_maps_and_unit_offsets(tmp_path):
    """refman "Unit Properties": appear is "the turn on which a unit will appear. The unit's cp
    must also be negative, and its position must be negatives of its position"; "Area
    Properties": (restrict w h x y) "subsequent layers in an area of size w x h will be offset by
    x,y"; Xconq's reader places a unit at x + unit-defaults offset - restriction x.
    (inf -3 -4 1 (cp -1) (appear 3)) enters play at (3, 4) at the start of turn 3; under
    (restrict 30 30 5 6) a unit written at (8, 9) stands at (3, 3), and with (unit-defaults
    (@ 0 6)) one written at (9, 4) stands at (4, 4); one written at (40, 40) is off the map."""
    g = game(tmp_path, """
(unit-type inf (acp-per-turn 1))
(inf 5 5 1)
(inf 6 5 2)
(inf -3 -4 1 (cp -1) (appear 3))
(area 10 10 (restrict 30 30 5 6))
(inf 8 9 1)
(unit-defaults (@ 0 6))
(inf 9 4 2)
(inf 40 40 2)
""")
    late, r1, r2, far = g.units[2:]
    assert (g.w.grid.coords(r1.cell), g.w.grid.coords(r2.cell)) == ((3, 3), (4, 4))
    assert far.cell < 0 and late.cell < 0 and late.appear == 2
    for _ in range(2 * 2):                      # two full turns: turn 3 starts
        assert late.cell < 0
        g.apply(End())
    assert g.w.grid.coords(late.cell) == (3, 4)


def test_d6_symbolic_side_ids_and_high_ids(tmp_path):
    """refman "Side and Player Forms": (side [num] [id] ...) "If the given id is a symbol, then the
    side's numeric id will be bound to that symbol", and a later form naming it changes that
    side; a unit's s "can be either a side name, noun, or adjective (string) or an id"."""
    m = module(tmp_path, """
(unit-type inf (acp-per-turn 1))
(side 20 uk (name "UK"))
(side 21 de (name "Germany"))
(side uk (noun "Brit"))
(inf 5 5 uk)
(unit inf (@ 6 5) (s de))
(unit inf (@ 6 6) (s "Germany"))
""")
    assert m.sides[20] == {"id": 20, "name": "UK", "noun": "Brit"}
    assert [u.side for u in m.units] == [20, 21, 21]
    assert not m.play_warnings() and playable_problems(m) == []


def test_d7_a_module_where_no_unit_can_act_is_not_playable(tmp_path):
    """Every unit type has acp-per-turn 0 (the default): no unit ever acts (refman: "a unit with
    an acp of 0 ... is completely unintelligent"), so a game would be turns of END only."""
    m = module(tmp_path, "(unit-type statue)\n(statue 5 5 1)\n(statue 6 6 2)\n")
    assert any("can act" in p for p in playable_problems(m))


def test_d8_zoc_range_is_a_play_property():
    """zoc-range was labelled "ignored because no module relies on it"; it plays (zoc.py)."""
    assert schema.TABLE_BY_NAME["zoc-range"].status == schema.PLAY
    for name in ("mp-to-enter-zoc", "mp-to-leave-zoc", "mp-to-traverse-zoc", "zoc-into-terrain"):
        assert schema.TABLE_BY_NAME[name].status == schema.PLAY


@pytest.mark.parametrize("acp,moves", [(3, 2), (4, 3), (1, 0)])
def test_movement_rounding_speed_150(tmp_path, acp, moves):
    """refman "Movement Action": "The product of a unit's acp and its speed is its available
    movement points"; Xconq (move.cc) allows a move when acp x speed / 100 (rounded down) + free-mp
    >= the mp cost, and uses mp x 100 / speed ACP, rounded down (at least 1).
    Speed 150, 2 mp per plains cell: with 3 ACP, 4 mp >= 2: move (2x100/150 = 1 ACP), 2 ACP
    left, 3 mp >= 2: move, 1 ACP left, 1 mp < 2: stop -> 2 moves (Tactibox rounded the ACP up to 2
    and made 1). With 4 ACP: 6, 4, 3 mp -> 3 moves then 1 ACP left; with 1 ACP: 1 mp -> none."""
    g = game(tmp_path, f"""
(unit-type rider (acp-per-turn {acp}) (speed 150))
(table mp-to-enter-terrain (rider plains 2))
(rider 2 5 1)
(rider 8 5 2)
""")
    r = g.units[0]
    n = 0
    while True:
        c = cell(g, 3 + n, 5)
        if g.move_target(r, c) is None:
            break
        g.apply(Move(r.id, c))
        n += 1
    assert n == moves
    assert movement.total_move_cost(g, 0, -1, cell(g, 2, 5), cell(g, 3, 5)) == 2
