"""Schema entries: vision, each side's view of the world (game/modes/gdl/vision.py)."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

PROPS: tuple[Prop, ...] = (
    Prop("vision-range", "u", "int", 1, PLAY, "the unit sees every cell this close (-1: blind, 0: its own cell)"),
    Prop("see-always", "u", "int", 0, PLAY, "once seen, other sides always see where the unit is"),
    Prop("see-occupants", "u", "int", 0, PLAY, "sides that see the unit also see its occupants"),
    Prop("already-seen", "u", "int", 0, PLAY, "% chance other sides know the unit at the start (on terrain they know)"),
    Prop("already-seen-independent", "u", "int", 0, PLAY, "the same for an independent unit"),
    Prop("initial-seen-radius", "u", "int", 1, PLAY, "terrain known around the side's starting units"),
    Prop("can-see-behind", "u", "int", 1, PLAY, "false: higher ground and thick terrain hide what lies behind"),
)

TABLES: tuple[Table, ...] = (
    Table("see-chance", "uu", False, 100, PLAY, "% chance to see a unit of the second type 2 or more cells away"),
    Table("see-chance-adjacent", "uu", False, 100, PLAY, "% chance to see a unit of the second type in a neighbouring cell"),
    Table("see-chance-at", "uu", False, 100, PLAY, "% chance to see a unit of the second type in the same cell"),
    Table("visibility", "ut", False, 100, PLAY, "% multiplier on the chance to see a unit in the terrain"),
    Table("occupant-vision", "uu", False, 100, PLAY, "% of its vision range an occupant keeps inside the transport"),
    Table("see-mistake-chance", "uu", False, 0, PLAY,
          "chance, in .01 %, that a unit takes a unit of the second type for another (looks-like)"),
    Table("see-mistake-range-min", "uu", False, 0, PLAY, "the least distance at which such a mistake is made"),
    Table("looks-like", "uu", False, 0, PLAY, "weight with which a unit of the first type is taken for the second"),
    Table("eye-height", "ut", False, 0, PLAY, "height of the unit's eyes over its cell, by terrain (line of sight)"),
    Table("vision-night-effect", "ut", False, 100, PLAY,
          "% of its vision range and see chances a unit keeps at night in the terrain"),
)

GLOBALS: tuple[Global, ...] = (
    Global("see-all", 0, PLAY, "true: every side sees everything (the variant of the same name sets it)"),
    Global("terrain-seen", 0, PLAY, "true: every side knows all terrain from the start (variant world-seen)"),
    Global("world-seen", 0, PLAY, "the variant's value is terrain-seen"),
)

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
