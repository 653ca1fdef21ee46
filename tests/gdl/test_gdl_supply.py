"""Materials and supply, worked out by hand from refman.texi ("Units and Materials", "Unit
Production and Consumption", "Supply Lines", "Making Initial Supply", "Combat Actions")."""

from game.modes.gdl import supply
from game.modes.gdl.actions import Attack, End, Move
from tests.gdl.mini import cell, game

MAT = """
(material-type food)
(material-type fuel)
"""


def test_initial_supply_is_clipped_to_storage_and_unit_m_overrides(tmp_path):
    """unit-initial-supply: "If the initial supply is greater than unit's capacity, then the unit
    will just be filled to capacity" -> storage 10, initial 15 gives 10; a unit's (m 3 4) gives
    3 food and 4 fuel ("the amounts of supplies being carried by the unit")."""
    g = game(tmp_path, MAT + """
(unit-type depot)
(table unit-storage-x (depot food 10) (depot fuel 20))
(table unit-initial-supply (depot food 15) (depot fuel 5))
(depot 5 5 1)
(depot 6 5 2 (m 3 4))
""")
    a, b = g.units
    assert a.supply == [10, 5] and b.supply == [3, 4]


def test_base_production_times_productivity_each_turn(tmp_path):
    """base-production 10 food, productivity (farm plains) 50: "This is multiplied with the
    basic production rate to get actual material production" -> 10 x 50 / 100 = 5 a turn (the
    economy also runs before the first turn), so 5 at the start and 10 after one turn."""
    g = game(tmp_path, MAT + """
(unit-type farm)
(table unit-storage-x (farm food 100))
(table base-production (farm food 10))
(table productivity (farm plains 50))
(farm 5 5 1)
(farm 6 5 2)
""")
    farm = g.units[0]
    assert farm.supply[0] == 5
    g.apply(End())
    g.apply(End())
    assert farm.supply[0] == 10


def test_base_consumption_then_starvation(tmp_path):
    """base-consumption 2 food a turn from 3: 1 after turn 1, then 0 (clipped) after turn 2 —
    out of food with hp-per-starve 200 (.01 hp) the unit loses 2 hp that turn and each turn after:
    hp 10 -> 8 -> 6. Inside a transport with consumption-as-occupant 0 it uses nothing."""
    g = game(tmp_path, MAT + """
(unit-type soldier (acp-per-turn 1) (hp-max 10))
(unit-type barracks (capacity 4))
(table unit-storage-x (soldier food 10))
(table unit-initial-supply (soldier food 3))
(table base-consumption (soldier food 2))
(table consumption-as-occupant (soldier food 0))
(table hp-per-starve (soldier food 200))
(soldier 5 5 1)
(barracks 6 5 2 (n "B"))
(soldier 6 5 2 (in "B"))
""")
    s, _, inside = g.units
    seen = []
    for _ in range(3):
        g.apply(End())
        g.apply(End())
        seen.append((s.supply[0], s.hp))
    assert seen == [(1, 10), (0, 8), (0, 6)]
    assert inside.supply[0] == 3 and inside.hp == 10


def test_supply_line_in_and_out_length(tmp_path):
    """A depot with out-length 2 and a tank with in-length 3: material moves when the distance is
    at most min(3, 2) = 2 (refman: "only ... if the distance is less than the minimum of the
    in-length ... and the out-length"; Xconq's code allows equal). The tank (storage 10, empty,
    needs fuel: base-consumption 1) is filled at the start (need 10 < half of the depot's 100).
    A tank 3 cells away gets nothing."""
    g = game(tmp_path, MAT + """
(unit-type depot)
(unit-type tank (acp-per-turn 1))
(table unit-storage-x (depot fuel 100) (tank fuel 10))
(table unit-initial-supply (depot fuel 100))
(table out-length (depot fuel 2) (tank fuel -1))
(table in-length (tank fuel 3) (depot fuel -1))
(table base-consumption (tank fuel 1))
(depot 4 5 1)
(tank 6 5 1)
(tank 7 5 1)
(tank 8 2 2)
""")
    depot, near, far, _ = g.units
    assert (near.supply[1], far.supply[1], depot.supply[1]) == (10, 0, 90)
    g.apply(End())
    g.apply(End())
    assert (near.supply[1], far.supply[1], depot.supply[1]) == (10, 0, 89)


def test_ammunition_per_attack_times_hit_by(tmp_path):
    """consumption-per-attack 1 ammo and hit-by (tank ammo) 2: "u1 will use the quantity ... in
    consumption-per-attack multiplied by the corresponding entry in hit-by" -> 2 per attack at a
    tank. With 3 ammo the gun attacks once (3 >= 2), has 1 left and can no longer attack it;
    material-to-attack 1 is there all along."""
    g = game(tmp_path, MAT + """
(material-type ammo)
(unit-type gun (acp-per-turn 5))
(unit-type tank (acp-per-turn 1) (hp-max 99))
(table unit-storage-x (gun ammo 9))
(table unit-initial-supply (gun ammo 3))
(table hit-chance (gun tank 50))
(table damage (gun tank 1))
(table consumption-per-attack (gun ammo 1))
(table hit-by (tank ammo 2))
(table material-to-attack (gun ammo 1))
(gun 5 5 1)
(tank 6 5 2)
""")
    gun, tank = g.units
    assert Attack(gun.id, tank.id) in g.unit_actions(gun)
    g.apply(Attack(gun.id, tank.id))
    assert gun.supply[2] == 1
    assert Attack(gun.id, tank.id) not in g.unit_actions(gun)
    assert not supply.enough_ammo(g, gun, tank.type, False)


def test_fuel_per_move_and_material_to_move(tmp_path):
    """consumption-per-move 1 fuel: "If the unit has less than the required amount of any of these
    materials, it is immobilized". With 2 fuel a jeep moves twice and then cannot move."""
    g = game(tmp_path, MAT + """
(unit-type jeep (acp-per-turn 5))
(table unit-storage-x (jeep fuel 5))
(table unit-initial-supply (jeep fuel 2))
(table consumption-per-move (jeep fuel 1))
(jeep 3 5 1)
(jeep 8 2 2)
""")
    j = g.units[0]
    g.apply(Move(j.id, cell(g, 4, 5)))
    g.apply(Move(j.id, cell(g, 5, 5)))
    assert j.supply[1] == 0 and g.move_target(j, cell(g, 6, 5)) is None


def test_units_made_by_synthesis_start_empty_without_make_initial_materials(tmp_path):
    """refman "Making Initial Supply": "By default, all units start out empty of materials";
    make-initial-materials "fills unit and cell supplies". Xconq's reader still gives every unit it
    reads its initial supply (read.c calls init_supply for each), so the depot written in the
    module has 5 food, while side 2's depot placed by make-countries (start-with 1; the method
    list names no make-initial-materials) has none; with the default list it would have 5."""
    text = MAT + """
(unit-type depot (start-with 1))
(table unit-storage-x (depot food 10))
(table unit-initial-supply (depot food 5))
(set country-radius-min 1)
(set country-separation-min 2)
(depot 3 5 1)
"""
    g = game(tmp_path, text + "(set synthesis-methods '(make-countries))\n")
    made = [u for u in g.units if u.side == 2]
    assert g.units[0].supply[0] == 5 and made and all(u.supply[0] == 0 for u in made)
    g = game(tmp_path, text + "(set synthesis-methods '(make-countries make-initial-materials))\n")
    assert all(u.supply[0] == 5 for u in g.units)
