"""Schema entries: world synthesis (game/rules/gdl/synth/). SYNTH items shape a generated world
(a module without a fixed map, or a fixed map whose synthesis methods still have work: countries,
independent units, roads, rivers) and change nothing on a finished map. Defaults are Xconq 7.5's
kernel defaults (ttype.def, utype.def, table.def, gvar.def), which differ from refman.texi in
places (docs/gdl.md, "Generated worlds")."""

from game.rules.gdl.schema_types import SYNTH, Global, Prop, Table

PROPS: tuple[Prop, ...] = (
    Prop("subtype-x", "t", "str", "", SYNTH, "river-x or road-x: the aux type rivers and roads are made of"),
    Prop("liquid", "t", "int", 0, SYNTH, "true for water: rivers stop at it, its elevation is levelled"),
    Prop("alt-percentile-min", "t", "int", 0, SYNTH, "fractal terrain: lowest altitude percentile of the type"),
    Prop("alt-percentile-max", "t", "int", 0, SYNTH, "fractal terrain: highest altitude percentile of the type"),
    Prop("wet-percentile-min", "t", "int", 0, SYNTH, "fractal terrain: lowest moisture percentile of the type"),
    Prop("wet-percentile-max", "t", "int", 0, SYNTH, "fractal terrain: highest moisture percentile of the type"),
    Prop("occurrence", "t", "int", 1, SYNTH, "random/maze terrain: weight of the type (aux types: .01 % per direction)"),
    Prop("maze-room-occurrence", "t", "int", 0, SYNTH, "maze terrain: weight of the type in rooms"),
    Prop("maze-passage-occurrence", "t", "int", 0, SYNTH, "maze terrain: weight of the type in passages"),
    Prop("elevation-min", "t", "int", 0, SYNTH, "lowest elevation of the type (rivers run downhill)"),
    Prop("elevation-max", "t", "int", 0, SYNTH, "highest elevation of the type"),
    Prop("river-chance", "t", "int", 0, SYNTH, "chance, in .01 %, that a river starts at a cell of the type"),
    Prop("country-terrain-min", "t", "int", 0, SYNTH, "cells of the type a country's initial radius must hold"),
    Prop("country-terrain-max", "t", "int", -1, SYNTH, "most cells of the type in a country's initial radius (-1: any)"),
    Prop("country-growth-chance", "t", "int", 100, SYNTH, "% chance a growing country takes an unclaimed cell of the type"),
    Prop("country-takeover-chance", "t", "int", 0, SYNTH, "% chance a growing country takes another country's cell"),
    Prop("country-people-chance", "t", "int", 0, SYNTH,
         "% chance a cell of a country gets the side's people (they see the units in their cell)"),
    Prop("independent-people-chance", "t", "int", 0, SYNTH, "% chance a cell without people gets independent people"),
    Prop("start-with", "u", "int", 0, SYNTH, "units of the type each side's country starts with"),
    Prop("independent-near-start", "u", "int", 0, SYNTH, "independent units of the type in each side's country"),
    Prop("unit-growth-chance", "u", "int", 0, SYNTH, "chance, in .01 %, of a side's unit on a cell a country grows into"),
    Prop("independent-growth-chance", "u", "int", 0, SYNTH,
         "chance, in .01 %, of an independent unit on a cell a country grows into"),
    Prop("unit-takeover-chance", "u", "int", 0, SYNTH, "chance, in .01 %, a growing country takes another side's unit"),
    Prop("independent-takeover-chance", "u", "int", 0, SYNTH,
         "chance, in .01 %, a growing country takes an independent unit"),
    Prop("country-units-max", "u", "int", -1, SYNTH, "most units of the type a country gets while growing (-1: any)"),
    Prop("road-to-edge-chance", "u", "int", 0, SYNTH, "% chance of a road from the unit to the area's edge"),
    Prop("spur-chance", "u", "int", 0, SYNTH, "% chance of a spur road from the unit to the nearest road"),
    Prop("spur-range", "u", "int", 0, SYNTH, "how far a spur road looks for a road"),
)

TABLES: tuple[Table, ...] = (
    Table("favored-terrain", "ut", False, 100, SYNTH, "% chance a unit is placed on the terrain when a world is generated"),
    Table("independent-density", "ut", False, 0, SYNTH, "chance, in .01 %, of an independent unit on each cell"),
    Table("road-chance", "uu", False, 0, SYNTH, "% chance of a road from a unit of the first type to one of the second"),
    Table("road-into-chance", "tt", False, 0, SYNTH, "% chance a road goes from the first terrain into the second"),
    Table("terrain-density", "tt", False, 0, SYNTH, "chance, in .01 %, a generated cell of the first type becomes the second"),
)

GLOBALS: tuple[Global, ...] = (
    Global("synthesis-methods", None, SYNTH, "the methods run to make the world (default list: docs/gdl.md)"),
    Global("alt-blob-density", 1000, SYNTH, "fractal terrain: altitude blobs per 10,000 cells"),
    Global("alt-blob-size", 30, SYNTH, "fractal terrain: cells of a blob per 10,000 cells of the area"),
    Global("alt-blob-height", 500, SYNTH, "fractal terrain: how much a blob raises or lowers the altitude"),
    Global("alt-smoothing", 2, SYNTH, "fractal terrain: averaging passes over the altitudes"),
    Global("wet-blob-density", 100, SYNTH, "fractal terrain: moisture blobs per 10,000 cells"),
    Global("wet-blob-size", 100, SYNTH, "fractal terrain: cells of a moisture blob per 10,000 cells"),
    Global("wet-blob-height", 100, SYNTH, "fractal terrain: how much a blob changes the moisture"),
    Global("wet-smoothing", 2, SYNTH, "fractal terrain: averaging passes over the moisture"),
    Global("edge-terrain", 0, SYNTH, "terrain of the area's edge ring in a generated world"),
    Global("maze-room-density", 1000, SYNTH, "maze terrain: room cells per 10,000 cells"),
    Global("maze-passage-density", 3000, SYNTH, "maze terrain: passage cells per 10,000 cells"),
    Global("country-radius-min", -1, SYNTH, "radius of a country's first area (-1: from the number of units)"),
    Global("country-radius-max", 0, SYNTH, "how far countries grow (-1: the whole area)"),
    Global("country-separation-min", 0, SYNTH, "least distance between two countries' centres"),
    Global("country-separation-max", -1, SYNTH, "a country lies at most this far from another (-1: any)"),
    Global("growth-stop-chance", 0, SYNTH, "% chance a country stops growing after a step that took no cell"),
    Global("river-sink-terrain", None, SYNTH, "terrain of a cell a river closes in on all sides"),
    Global("edge-road-density", 0, SYNTH, "roads from edge to edge per 10,000 edge cells"),
)

TITLE = "World synthesis (game/rules/gdl/synth/)"
DEVIATIONS = (
    "Chance comes from the project's PCG32 (stream 0x5E7D, seeded with the game seed), so a seed "
    "makes a different world than in Xconq; the same seed always makes the same world.",
    "Synthesis runs Xconq's method list (default: fractal terrain, countries, independent units, "
    "roads, rivers) on every game, fixed maps included, but only when a method still has work "
    "(no terrain, a side lacking its start-with units, independent-density, a road-x/river-x type "
    "without a layer); otherwise a fixed map is played as it is, for every seed.",
    "Defaults are the kernel's (.def), not refman.texi's where they differ: alt-/wet-percentile-max "
    "default to 0 (refman: 100), alt-blob-density 1000, alt-blob-size 30, wet-blob-density 100 "
    "(refman: 500, 100, 500), country-people-chance 0 (refman: 100).",
    "A fractal blob is a hexagon of the radius whose cell count is nearest to blob-size x cells / "
    "10,000 (Xconq cuts a diamond out of a square); a layer with density 0 is not made and its "
    "percentiles are 0 (Xconq leaves them undefined); the per-cell extra height is 16 bits of a "
    "32-bit draw times the spread, >> 16 (two cells per draw).",
    "Connected bodies of liquid terrain get one elevation, the lowest in the body (Xconq levels "
    "them by repeated passes).",
    "make-countries places only the units a side still lacks of start-with (Xconq places the full "
    "start-with count once any type is short); every side has advantage 1 (advantage-min/-max/-"
    "default are ignored); people are made only by synthesis (a fixed map's people-sides layer is "
    "not read), never change side during play and only see for their side (people-see-chance and "
    "the other people tables are not implemented); side possible-units lists and "
    "unit-separation-min are not used.",
    "The number of sides of a generated game is the module's own sides, at least max(2, sides-min) "
    "and at most sides-max (Xconq: the players at setup).",
    "Rivers stop where they first touch liquid terrain; adjacent-terrain-effect, -border and "
    "-connection (terrain fixed up next to other terrain, 1 library module) are not applied.",
    "A road steps only to neighbours closer to its end (Xconq's path search may detour); whether "
    "two sides' units know each other at setup is decided from see-all, terrain-seen, see-always, "
    "already-seen and the country radius (Xconq looks at views that do not exist yet).",
    "make-maze-terrain draws solid, room and passage types with their occurrence weights (Xconq draws "
    "among all types when a kind has more than one).",
    "Cylinder worlds (circumference = width: classic.g, omniterr.g, space.g) are played on the "
    "non-wrapping hexagon area.",
    "make-earthlike-terrain, make-weather, name-geographical-features, name-units-randomly and "
    "make-random-date change nothing (no library module uses the first; Tactibox has no weather, "
    "calendar or drawn names). Units start with unit-initial-supply whatever the method list (Xconq: "
    "only when make-initial-materials runs; synth.fills_initial_supply says which); cells hold no "
    "materials, so terrain-initial-supply is not implemented.",
)
