"""Capture and surrender, worked out by hand from refman.texi ("Capture Action", "Combat
Actions" protection tables, "Unit Surrender", "Side Change Action")."""

from game.modes.gdl import capture
from game.modes.gdl.actions import Attack, Capture, ChangeSide
from game.modes.gdl.events import Captured
from tests.gdl.mini import game

BASE = """
(unit-type soldier (acp-per-turn 2) (hp-max 5))
(unit-type town (capacity 2))
(unit-type guard (acp-per-turn 1))
(table hit-chance (soldier town 100))
(table damage (soldier town 0))
"""


def test_capture_after_an_attack_changes_the_side_with_occupants(tmp_path):
    """capture-chance 100: "This table is the basic chance for u1 to capture u2" and a capture is
    tried after each attack (combat.cc); the town "changes to that of the capturing unit" and its
    occupant too (capture-chance soldier guard 100 lets it go over with its transport); then the
    capturer moves in (it has ACP left)."""
    g = game(tmp_path, BASE + """
(table capture-chance (soldier town 100) (soldier guard 100))
(soldier 5 5 1)
(town 6 5 2 (n "T"))
(guard 6 5 2 (in "T"))
""")
    s, town, guard = g.units
    ev = g.apply(Attack(s.id, town.id))
    assert Captured(s.id, town.id, 1, 2) in ev
    assert (town.side, guard.side) == (1, 1) and s.transport == town.id


def test_capture_chance_with_protection_factors(tmp_path):
    """capture-chance 80; the town holds a guard with protection (guard town) 50 and shares its cell
    with a second town... the factors multiply with integer division (combat.cc):
    80 x 50 / 100 = 40 (protection of the occupant) x 50 / 100 = 20 (stack-protection of the
    neighbour). With protection-resists-capture false only the allows-capture tables count: 80."""
    text = BASE + """
(table capture-chance (soldier town 80))
(table protection (guard town 50))
(table stack-protection (town town 50))
(add plains capacity 2)
(soldier 5 5 1)
(town 6 5 2 (n "T"))
(town 6 5 2)
(guard 6 5 2 (in "T"))
"""
    g = game(tmp_path, text)
    s, town = g.units[0], g.units[1]
    assert capture.odds(g, s, town) == 20
    g2 = game(tmp_path, text + "(set protection-resists-capture false)\n")
    assert capture.odds(g2, g2.units[0], g2.units[1]) == 80


def test_independent_capture_chance_and_the_capture_action(tmp_path):
    """independent-capture-chance 70 replaces capture-chance (10) for an independent town ("If the
    value is -1, then the chance of capture is given by the capture-chance"); acp-to-capture 1 gives
    a capture action against an adjacent town; a town of side 2 keeps capture-chance 10."""
    g = game(tmp_path, BASE + """
(table capture-chance (soldier town 10))
(table independent-capture-chance (soldier town 70))
(table acp-to-capture (soldier town 1))
(soldier 5 5 1)
(town 6 5 0)
(town 4 5 2)
""")
    s, indep, theirs = g.units
    assert capture.odds(g, s, indep) == 70 and capture.odds(g, s, theirs) == 10
    assert Capture(s.id, indep.id) in g.unit_actions(s)


def test_capture_needs_a_bridge_onto_impassable_terrain(tmp_path):
    """"bridge: true if a unit of type u1 can be captured by a unit of type u2 even if u1 is on a
    type of terrain impassable to the capturing unit": a ship at sea cannot be captured by a
    soldier (vanishes-on sea), unless (bridge ship soldier) is true."""
    text = BASE + """
(unit-type ship (acp-per-turn 1))
(table vanishes-on (soldier sea true))
(table capture-chance (soldier ship 100))
(soldier 5 5 1)
(ship 6 5 2)
"""
    rows = ["10a"] * 4 + ["6a1b3a"] + ["10a"] * 5          # (6, 5) is sea
    g = game(tmp_path, text, rows=rows)
    assert capture.odds(g, g.units[0], g.units[1]) == 0
    g2 = game(tmp_path, text + "(table bridge (ship soldier true))\n", rows=rows)
    assert capture.odds(g2, g2.units[0], g2.units[1]) == 100


def test_hp_to_garrison_uses_up_the_capturer(tmp_path):
    """hp-to-garrison (soldier town) 5 = the soldier's full hp: "If the amount is the unit's full hp,
    then the unit will vanish" — the town changes side, the soldier is gone."""
    g = game(tmp_path, BASE + """
(table capture-chance (soldier town 100))
(table hp-to-garrison (soldier town 5))
(soldier 5 5 1)
(soldier 8 2 1)
(town 6 5 2)
""")
    s, _, town = g.units
    g.apply(Attack(s.id, town.id))
    assert town.side == 1 and not s.alive


def test_surrender_chance_each_turn(tmp_path):
    """surrender-chance (town soldier) 10000 (.01 %) = certain, within surrender-range 1: at the next
    turn's start the town goes over to the adjacent soldier's side."""
    g = game(tmp_path, BASE + """
(table surrender-chance (town soldier 10000))
(table surrender-range (town soldier 1))
(soldier 5 5 1)
(town 6 5 2)
(town 8 2 2)
""")
    town = g.units[1]
    assert town.side == 1             # the first turn's start already ran
    assert g.units[2].side == 2


def test_change_side_action(tmp_path):
    """acp-to-change-side 1: "this type of unit can be ordered to change to another given side"."""
    g = game(tmp_path, BASE + """
(add soldier acp-to-change-side 1)
(soldier 5 5 1)
(soldier 8 2 2)
""")
    s = g.units[0]
    g.apply(ChangeSide(s.id, 2))
    assert s.side == 2
    assert g.over and g.winner_side is None and "no scorekeeper" in g.end_reason   # side 1 has nothing left
