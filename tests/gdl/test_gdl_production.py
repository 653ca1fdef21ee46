"""Construction, repair, disbanding, tooling and research, worked out by hand from refman.texi
("Unit Creation Actions", "Unit Completion Action", "Repair Action", "Disband Action",
"Toolup Action", "Develop Action")."""

from game.modes.gdl.actions import Build, Create, CreateIn, Develop, Disband, End, Move, Repair, Toolup
from tests.gdl.mini import cell, game

CITY = """
(material-type iron)
(unit-type infantry (acp-per-turn 2) (hp-max 4) (cp 3))
(unit-type city (acp-per-turn 2) (capacity 4) (hp-max 10))
(table can-create (city infantry true))
(table acp-to-create (city infantry 1))
(table cp-on-creation (city infantry 1))
(table can-build (city infantry true))
(table acp-to-build (city infantry 1))
(table cp-per-build (city infantry 1))
(table unit-storage-x (city iron 20))
(table unit-initial-supply (city iron 20))
(table consumption-per-cp (infantry iron 2))
(table consumption-on-creation (infantry iron 1))
(city 5 5 1 (n "Rome"))
(infantry 8 2 2)
"""


def test_create_then_build_to_completion(tmp_path):
    """can-create + acp-to-create 1 + cp-on-creation 1: the new infantry "is incomplete" (cp 1 of
    3, 1 hp, cannot act); it uses consumption-per-cp x cp + consumption-on-creation = 2 x 1 + 1 = 3
    iron (20 -> 17). Two builds (cp-per-build 1, 2 iron each) bring it to cp 3: complete, full hp 4,
    "it will be given its initial supply, acp" — it acts at once with 2 ACP. Iron 17 - 2 - 2 = 13."""
    g = game(tmp_path, CITY)
    city = g.units[0]
    assert CreateIn(city.id, 0, city.id) in g.unit_actions(city)
    g.apply(CreateIn(city.id, 0, city.id))
    new = g.units[-1]
    assert (new.cp, new.hp, new.transport, city.supply[0]) == (1, 1, city.id, 17)
    assert not g.can_act(new)
    g.apply(Build(city.id, new.id))
    g.apply(End())
    g.apply(End())
    g.apply(Build(city.id, new.id))
    assert (new.cp, new.hp, new.acp, city.supply[0]) == (3, 4, 2, 13)
    assert g.can_act(new)


def test_create_range_and_room_in_the_cell(tmp_path):
    """create-range 1: the new unit may be put "in the open" in the creator's or an adjacent cell
    with room (plains capacity 1 by default: the city's own cell is full)."""
    g = game(tmp_path, CITY + "(table create-range (city infantry 1))\n")
    city = g.units[0]
    cells = {a.cell for a in g.unit_actions(city) if isinstance(a, Create)}
    assert cells == set(g.w.grid.neighbours[cell(g, 5, 5)])


def test_self_build_completes_over_turns(tmp_path):
    """cp-per-self-build 1 once cp >= cp-to-self-build 0: an infantry created at cp 1 of 3 completes
    itself after two turn starts."""
    g = game(tmp_path, CITY + "(add infantry cp-per-self-build 1)\n")
    city = g.units[0]
    g.apply(CreateIn(city.id, 0, city.id))
    new = g.units[-1]
    cps = []
    for _ in range(2):
        g.apply(End())
        g.apply(End())
        cps.append(new.cp)
    assert cps == [2, 3] and new.hp == 4


REPAIR_T = """
(unit-type truck (acp-per-turn 3) (hp-max 10))
(unit-type tank (acp-per-turn 1) (hp-max 10))
(table can-repair (truck tank true))
(table acp-to-repair (truck tank 2))
(table hp-per-repair (truck tank 300))
(truck 5 5 1)
(tank 6 5 1 (hp 4))
(tank 8 2 2)
"""


def test_repair_by_another_unit(tmp_path):
    """hp-per-repair 300 (.01 hp) "means that 3 hp will be added for each action"; acp-to-repair 2:
    tank 4 -> 7 hp, truck 3 -> 1 ACP, so a second repair (2 more ACP) is not possible."""
    g = game(tmp_path, REPAIR_T)
    truck, tank, _ = g.units
    g.apply(Repair(truck.id, tank.id))
    assert (tank.hp, truck.acp) == (7, 1)
    assert Repair(truck.id, tank.id) not in g.unit_actions(truck)


def test_auto_repair_within_range(tmp_path):
    """auto-repair (truck tank) 250 within auto-repair-range 1: at each turn's start 2 hp plus a
    50 % chance of one more; after one turn the tank has 4 + 2 or 4 + 3 hp (twice as the economy
    also runs before the first turn: 8..10)."""
    g = game(tmp_path, REPAIR_T.replace("(table can-repair (truck tank true))",
                                        "(table auto-repair (truck tank 250))\n(table auto-repair-range (truck tank 1))"))
    tank = g.units[1]
    assert tank.hp in (6, 7)
    g.apply(End())
    g.apply(End())
    assert tank.hp in (8, 9, 10)


def test_disband_in_steps(tmp_path):
    """hp-per-disband 2, acp-to-disband 1, hp 5: 5 -> 3 -> 1 -> gone ("A disbanded unit always
    vanishes, rather than changing to its wrecked-type")."""
    g = game(tmp_path, """
(unit-type militia (acp-per-turn 3) (hp-max 5))
(unit-type ruin)
(add militia wrecked-type ruin)
(add militia hp-per-disband 2)
(add militia acp-to-disband 1)
(militia 5 5 1)
(militia 8 2 2)
""")
    m = g.units[0]
    hps = []
    for _ in range(3):
        g.apply(Disband(m.id, m.id))
        hps.append(m.hp if m.alive else 0)
    assert hps == [3, 1, 0] and not m.alive and len(g.units) == 2


def test_toolup_before_building(tmp_path):
    """tp-to-build (city tank) 2, tp-per-toolup 1, tp-max 5, acp-to-toolup 1: the city must tool up
    twice ("a unit that intends to construct other units may need to tool up") before it can create
    a tank."""
    g = game(tmp_path, """
(unit-type tank (acp-per-turn 1))
(unit-type city (acp-per-turn 1) (capacity 2))
(table can-create (city tank true))
(table acp-to-create (city tank 1))
(table can-toolup-for (city tank true))
(table acp-to-toolup (city tank 1))
(table tp-to-build (city tank 2))
(table tp-max (city tank 5))
(city 5 5 1)
(tank 8 2 2)
""")
    city = g.units[0]
    kinds = []
    for _ in range(3):
        acts = g.unit_actions(city)
        kinds.append(sorted({a.name for a in acts if not isinstance(a, Move)}))
        a = next(a for a in acts if isinstance(a, (Toolup, CreateIn)))
        g.apply(a)
        g.apply(End())
        g.apply(End())
    assert kinds == [["toolup"], ["toolup"], ["create-in"]]


def test_develop_raises_the_sides_tech_to_build(tmp_path):
    """tech-to-build (rocket) 2: the side cannot create rockets at tech 0; acp-to-develop (lab rocket)
    1 and tech-per-develop 100 (.01 tech) raise it by 1 a develop; after two, rockets can be made."""
    g = game(tmp_path, """
(unit-type rocket (acp-per-turn 1))
(unit-type lab (acp-per-turn 1) (capacity 2))
(add rocket tech-to-build 2)
(add rocket tech-max 5)
(table can-create (lab rocket true))
(table acp-to-create (lab rocket 1))
(table acp-to-develop (lab rocket 1))
(table tech-per-develop (lab rocket 100))
(lab 5 5 1)
(rocket 8 2 2)
""")
    lab = g.units[0]
    for _ in range(2):
        assert not any(isinstance(a, CreateIn) for a in g.unit_actions(lab))
        g.apply(Develop(lab.id, 0))
        g.apply(End())
        g.apply(End())
    assert g.tech[1][0] == 2 and any(isinstance(a, CreateIn) for a in g.unit_actions(lab))
