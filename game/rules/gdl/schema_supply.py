"""Schema entries: materials, storage, the backdrop economy, starvation and ammunition
(game/modes/gdl/supply.py)."""

from game.rules.gdl.schema_types import Global, prop_rows, table_rows

PROPS = prop_rows("schema_supply.PROPS", """
people | m | int | 0 | play | individuals one unit of the material stands for (read; no population model)
""")

TABLES = table_rows("schema_supply.TABLES", """
unit-storage-x           | um | 0    | play | most of the material a unit can carry
unit-initial-supply      | um | 0    | play | material each unit starts with (make-initial-materials), at most its
                                              storage
base-production          | um | 0    | play | material a complete unit makes each turn
occupant-base-production | um | -1   | play | production while an occupant of another unit (-1: base-production)
productivity             | ut | 100  | play | % of base production on the unit's terrain
productivity-adjacent    | ut | 0    | play | % of base production added by the best adjacent terrain
productivity-min         | um | 0    | play | lower bound on productivity (%) for the material
productivity-max         | um | 9999 | play | upper bound on productivity (%) for the material
base-consumption         | um | 0    | play | material a unit uses each turn (at the turn's end), less what its moves
                                              used
consumption-as-occupant  | um | 100  | play | % of base consumption while an occupant
hp-per-starve            | um | 0    | play | hp (in .01, fraction by chance) lost each turn the unit is out of the
                                              material
in-length                | um | 0    | play | supply line length into the unit (-1: none)
out-length               | um | 0    | play | supply line length out of the unit (-1: none)
consumption-per-move     | um | 0    | play | material one move uses; a unit without it cannot move
material-to-move         | um | 0    | play | material a unit must have to move (not used up)
material-to-act          | um | 0    | play | material a unit must have to act at all (not used up)
hit-by                   | um | 0    | play | multiplier on the ammunition an attacker uses against the type
consumption-per-attack   | um | 0    | play | ammunition one attack uses (times hit-by of the target)
consumption-per-fire     | um | 0    | play | ammunition one fire uses (times hit-by); a negative result means
                                              consumption-per-attack
material-to-attack       | um | 0    | play | material a unit must have to attack (and to capture)
material-to-fire         | um | 0    | play | material a unit must have to fire
wrecked-type-if-starved  | um | -1   | play | what a unit starved of the material becomes (-1: wrecked-type)
""")

TYPE_VALUED = {"wrecked-type-if-starved": "u"}

GLOBALS: tuple[Global, ...] = ()

TITLE = "Materials and supply (game/modes/gdl/supply.py)"
DEVIATIONS = (
    "The backdrop economy is Xconq's model 0 without its speed-ratio fallback: production, "
    "excess passed on, then each unit short of a material takes from friendly units within "
    "in-length/out-length, nearest giver first, ties by unit id. The supply-* interdiction and "
    "potential tables, treasuries, terrain materials (terrain-production, terrain-storage-x) and "
    "people are not implemented (each use is a warning).",
    "What a turn's moves used (consumption-per-move) counts toward base-consumption at the turn's "
    "end, as in Xconq; an occupant uses consumption-as-occupant % of it.",
    "Units written in the module start with unit-initial-supply whatever the synthesis method list, "
    "as Xconq's reader gives them (refman: \"By default, all units start out empty\"); units the "
    "synthesis places get it only when make-initial-materials is in the list, as in Xconq.",
    "Starvation takes the largest hp-per-starve of the materials the unit is out of, once a turn, "
    "the .01 fraction by chance.",
)
