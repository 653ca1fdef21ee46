"""Schema entries: vision, each side's view of the world (game/modes/gdl/vision.py)."""

from game.rules.gdl.schema_types import Global, Prop, Table, global_rows, prop_rows, table_rows

PROPS: tuple[Prop, ...] = prop_rows("schema_vision.PROPS", """
vision-range             | u | int | 1 | play | the unit sees every cell this close (-1: blind, 0: its own cell)
see-always               | u | int | 0 | play | once seen, other sides always see where the unit is
see-occupants            | u | int | 0 | play | sides that see the unit also see its occupants
already-seen             | u | int | 0 | play | % chance other sides know the unit at the start (on terrain they know)
already-seen-independent | u | int | 0 | play | the same for an independent unit
initial-seen-radius      | u | int | 1 | play | terrain known around the side's starting units
can-see-behind           | u | int | 1 | play | false: higher ground and thick terrain hide what lies behind
""")

TABLES: tuple[Table, ...] = table_rows("schema_vision.TABLES", """
see-chance            | uu | 100 | play | % chance to see a unit of the second type 2 or more cells away
see-chance-adjacent   | uu | 100 | play | % chance to see a unit of the second type in a neighbouring cell
see-chance-at         | uu | 100 | play | % chance to see a unit of the second type in the same cell
visibility            | ut | 100 | play | % multiplier on the chance to see a unit in the terrain
occupant-vision       | uu | 100 | play | % of its vision range an occupant keeps inside the transport
see-mistake-chance    | uu | 0   | play | chance, in .01 %, that a unit takes a unit of the second type for another
                                          (looks-like)
see-mistake-range-min | uu | 0   | play | the least distance at which such a mistake is made
looks-like            | uu | 0   | play | weight with which a unit of the first type is taken for the second
eye-height            | ut | 0   | play | height of the unit's eyes over its cell, by terrain (line of sight)
vision-night-effect   | ut | 100 | play | % of its vision range and see chances a unit keeps at night in the terrain
""")

GLOBALS: tuple[Global, ...] = global_rows("schema_vision.GLOBALS", """
see-all      | 0 | play | true: every side sees everything (the variant of the same name sets it)
terrain-seen | 0 | play | true: every side knows all terrain from the start (variant world-seen)
world-seen   | 0 | play | the variant's value is terrain-seen
""")

TITLE = "Vision (game/modes/gdl/vision.py)"
DEVIATIONS = (
    "Line of sight hides cells, not units: a unit is seen when its cell is (body-height does not "
    "let a tall unit be seen over a ridge); the line runs to the target cell's ground; cached "
    "sight lines do not follow terrain a detonation changes.",
    "See chances are rolled when a unit or its cell comes into a side's sight and again at the "
    "start of each turn, with the best chance among the side's units that see the cell (Xconq "
    "also rolls each time the unit acts: spot-action).",
    "A mistaken sighting is rolled with the nearest of the side's units that see the cell and lasts "
    "until the unit is seen again; there is no tracking, spying or seeing through captured units "
    "(see-others-if-captured, see-terrain-if-captured).",
    "occupant-vision is read as (occupant type, transport type): % of the occupant's vision-range "
    "it keeps inside the transport.",
    "A standard variant written without a value (`(see-all)`) is false, as in Xconq's kernel.",
    "The independent side keeps no view; the legal actions of a side are not filtered by what it "
    "sees (the UI, the bots and the link use the view queries: vision.visible_units, sees, "
    "remembered, terrain_known, in_sight).",
)
