"""Schema entries: movement, transports, zones of control (game/modes/gdl/movement.py, zoc.py)."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

HI = 9999   # Xconq's PROPHI stand-in for "no limit"

PROPS = (
    Prop("free-mp", "u", "int", 0, PLAY, "movement points a move may go over the unit's mp (one more move when short)"),
    Prop("free-acp", "u", "int", 0, PLAY, "ACP an action may cost beyond the unit's ACP above acp-min"),
    Prop("acp-to-move", "u", "int", 1, PLAY, "least ACP one move uses up"),
    Prop("speed-min", "u", "int", 0, PLAY, "speed after all effects is at least this"),
    Prop("speed-max", "u", "int", HI, PLAY, "speed after all effects is at most this"),
    Prop("speed-damage-effect", "u", "list", None, PLAY,
         "((hp speed) ...): speed of a damaged unit, interpolated by hp (fractions round down)"),
    Prop("acp-damage-effect", "u", "list", None, PLAY,
         "((hp acp) ...): ACP a damaged unit gets per turn instead of acp-per-turn (also caps what is left)"),
    Prop("acp-per-turn-max", "u", "int", -1, PLAY, "cap on the ACP gained per turn after effects (-1: none)"),
    Prop("acp-per-turn-min", "u", "int", 0, PLAY, "floor on the ACP gained per turn after effects"),
    Prop("occupant-total-max", "u", "int", -1, PLAY, "most occupants of all types together (-1: no limit)"),
    Prop("subtype", "t", "sym", "cell", PLAY, "cell, border, connection or coating (aux terrain: rivers, roads)"),
)

TABLES = (
    Table("mp-to-leave-terrain", "ut", False, 0, PLAY, "movement points to leave a cell of the terrain"),
    Table("mp-to-traverse", "ut", False, -1, PLAY,
          "movement points to travel along a connection (road); -1: the connection cannot be used"),
    Table("mp-to-leave-unit", "uu", False, 0, PLAY, "movement points to get out of a transport of the type"),
    Table("acp-to-enter-unit", "uu", False, 1, PLAY, "ACP boarding a transport of the type uses besides its mp"),
    Table("occupant-adds-speed", "uu", False, 0, PLAY, "speed an occupant of a type adds to its transport"),
    Table("occupant-multiplies-speed", "uu", False, 100, PLAY, "% an occupant of a type multiplies its transport's speed by"),
    Table("ferry-on-entry", "uu", False, 2, PLAY,
          "how far the transport carries a unit boarding it: 0 over-nothing, 1 over-own, 2 over-border, 3 over-all"),
    Table("ferry-on-departure", "uu", False, 2, PLAY, "how far the transport carries a unit leaving it (as above)"),
    Table("wrecks-on", "ut", False, 0, PLAY, "true: the unit is wrecked on entering the terrain"),
    Table("occupant-max", "uu", False, -1, PLAY,
          "most occupants of a type a transport may hold beyond unit-capacity-x (-1: no limit)"),
    Table("zoc-range", "uu", False, 0, PLAY,
          "distance at which a unit exerts a zone of control over a type (0: own cell, -1: none)"),
    Table("zoc-into-terrain", "ut", False, 1, PLAY, "true: the unit's ZOC reaches into the terrain"),
    Table("zoc-from-terrain-effect", "ut", False, 100, PLAY, "% of zoc-range the unit exerts from the terrain"),
    Table("mp-to-enter-zoc", "uu", False, -1, PLAY,
          "extra movement points to enter an enemy's ZOC; -1: entry is blocked"),
    Table("mp-to-leave-zoc", "uu", False, 0, PLAY, "extra movement points to leave an enemy's ZOC"),
    Table("mp-to-traverse-zoc", "uu", False, 0, PLAY,
          "extra movement points to move within an enemy's ZOC; -1: blocked"),
    Table("mp-to-enter-own", "uu", False, -1, PLAY,
          "extra movement points to enter an enemy unit's own cell; -1: blocked"),
    Table("acp-for-retreat", "uu", False, 0, PLAY, "extra ACP a unit gets to retreat from an attacker type"),
    Table("occupant-adds-acp", "uu", False, 0, PLAY, "ACP per turn an occupant of a type adds to its transport"),
    Table("occupant-multiplies-acp", "uu", False, 100, PLAY, "% an occupant of a type multiplies its transport's ACP by"),
    Table("night-adds-acp", "ut", False, 0, PLAY, "ACP per turn added at night in the terrain (daylight.py)"),
    Table("night-multiplies-acp", "ut", False, 100, PLAY, "% of the ACP per turn a unit gets at night in the terrain"),
    Table("can-enter-independent", "uu", False, 0, PLAY, "true: the unit may board an independent unit of the type"),
)

GLOBALS: tuple[Global, ...] = ()

TITLE = "Turns, movement and zones of control (game/modes/gdl/game.py, movement.py, zoc.py)"
DEVIATIONS = (
    "Sides always take turns one after another in side-id order, also in a simultaneous module "
    "(`sequential` false or the variant); use-side-priority and action-priority are not read. "
    "The independent side (0) never gets a turn: its units never act (production, supply, "
    "repair and the turn's hazards still apply to them).",
    "Every action uses at least 1 ACP (refman: \"A unit action must always consume at least one "
    "action point\"), also where a table makes it free, so every side turn ends.",
    "A unit never steps into a cell where it would vanish (vanishes-on) or be wrecked "
    "(wrecks-on); Xconq allows the move and the unit is lost.",
    "A move is one step to a neighbouring cell (or into a transport); there are no move-to "
    "tasks, plans or multi-cell moves — the bots and the screens choose every step.",
    "Zones of control follow refman's description: of the enter/traverse/leave costs of the enemy "
    "units whose zones the step touches only the largest counts (they do not add up), a -1 in any "
    "of them blocks the step, and an enemy standing in the cell entered adds mp-to-enter-own as "
    "one more such cost; units inside transports neither exert nor feel zones.",
    "Night changes a unit's ACP (night-adds-acp, night-multiplies-acp) by the compute_sun formula "
    "(game/modes/gdl/daylight.py); seasons, temperature, wind and morale never change speed or "
    "ACP (those tables are not implemented).",
)
