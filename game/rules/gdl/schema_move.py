"""Schema entries: movement, transports, zones of control (game/modes/gdl/movement.py, zoc.py)."""

from game.rules.gdl.schema_types import Global, prop_rows, table_rows

PROPS = prop_rows("schema_move.PROPS", """
free-mp             | u | int  | 0      | play | movement points a move may go over the unit's mp (one more move when
                                                 short)
free-acp            | u | int  | 0      | play | ACP an action may cost beyond the unit's ACP above acp-min
acp-to-move         | u | int  | 1      | play | least ACP one move uses up
speed-min           | u | int  | 0      | play | speed after all effects is at least this
speed-max           | u | int  | 9999   | play | speed after all effects is at most this
speed-damage-effect | u | list | None   | play | ((hp speed) ...): speed of a damaged unit, interpolated by hp
                                                 (fractions round down)
acp-damage-effect   | u | list | None   | play | ((hp acp) ...): ACP a damaged unit gets per turn instead of
                                                 acp-per-turn (also caps what is left)
acp-per-turn-max    | u | int  | -1     | play | cap on the ACP gained per turn after effects (-1: none)
acp-per-turn-min    | u | int  | 0      | play | floor on the ACP gained per turn after effects
occupant-total-max  | u | int  | -1     | play | most occupants of all types together (-1: no limit)
subtype             | t | sym  | "cell" | play | cell, border, connection or coating (aux terrain: rivers, roads)
""")

TABLES = table_rows("schema_move.TABLES", """
mp-to-leave-terrain       | ut | 0   | play | movement points to leave a cell of the terrain
mp-to-traverse            | ut | -1  | play | movement points to travel along a connection (road); -1: the connection
                                              cannot be used
mp-to-leave-unit          | uu | 0   | play | movement points to get out of a transport of the type
acp-to-enter-unit         | uu | 1   | play | ACP boarding a transport of the type uses besides its mp
occupant-adds-speed       | uu | 0   | play | speed an occupant of a type adds to its transport
occupant-multiplies-speed | uu | 100 | play | % an occupant of a type multiplies its transport's speed by
ferry-on-entry            | uu | 2   | play | how far the transport carries a unit boarding it: 0 over-nothing, 1
                                              over-own, 2 over-border, 3 over-all
ferry-on-departure        | uu | 2   | play | how far the transport carries a unit leaving it (as above)
wrecks-on                 | ut | 0   | play | true: the unit is wrecked on entering the terrain
occupant-max              | uu | -1  | play | most occupants of a type a transport may hold beyond unit-capacity-x (-1:
                                              no limit)
zoc-range                 | uu | 0   | play | distance at which a unit exerts a zone of control over a type (0: own
                                              cell, -1: none)
zoc-into-terrain          | ut | 1   | play | true: the unit's ZOC reaches into the terrain
zoc-from-terrain-effect   | ut | 100 | play | % of zoc-range the unit exerts from the terrain
mp-to-enter-zoc           | uu | -1  | play | extra movement points to enter an enemy's ZOC; -1: entry is blocked
mp-to-leave-zoc           | uu | 0   | play | extra movement points to leave an enemy's ZOC
mp-to-traverse-zoc        | uu | 0   | play | extra movement points to move within an enemy's ZOC; -1: blocked
mp-to-enter-own           | uu | -1  | play | extra movement points to enter an enemy unit's own cell; -1: blocked
acp-for-retreat           | uu | 0   | play | extra ACP a unit gets to retreat from an attacker type
occupant-adds-acp         | uu | 0   | play | ACP per turn an occupant of a type adds to its transport
occupant-multiplies-acp   | uu | 100 | play | % an occupant of a type multiplies its transport's ACP by
night-adds-acp            | ut | 0   | play | ACP per turn added at night in the terrain (daylight.py)
night-multiplies-acp      | ut | 100 | play | % of the ACP per turn a unit gets at night in the terrain
can-enter-independent     | uu | 0   | play | true: the unit may board an independent unit of the type
""")

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
