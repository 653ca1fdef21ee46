"""Schema entries: world synthesis (game/rules/gdl/synth/). SYNTH items shape a generated world
(a module without a fixed map, or a fixed map whose synthesis methods still have work: countries,
independent units, roads, rivers) and change nothing on a finished map. Defaults are Xconq 7.5's
kernel defaults (ttype.def, utype.def, table.def, gvar.def), which differ from refman.texi in
places (docs/gdl.md, "Generated worlds")."""

from game.rules.gdl.schema_types import Global, Prop, Table, global_rows, prop_rows, table_rows

PROPS: tuple[Prop, ...] = prop_rows("schema_synth.PROPS", """
subtype-x                   | t | str | ""  | synthesis | river-x or road-x: the aux type rivers and roads are made of
liquid                      | t | int | 0   | synthesis | true for water: rivers stop at it, its elevation is levelled
alt-percentile-min          | t | int | 0   | synthesis | fractal terrain: lowest altitude percentile of the type
alt-percentile-max          | t | int | 0   | synthesis | fractal terrain: highest altitude percentile of the type
wet-percentile-min          | t | int | 0   | synthesis | fractal terrain: lowest moisture percentile of the type
wet-percentile-max          | t | int | 0   | synthesis | fractal terrain: highest moisture percentile of the type
occurrence                  | t | int | 1   | synthesis | random/maze terrain: weight of the type (aux types: .01 % per
                                                          direction)
maze-room-occurrence        | t | int | 0   | synthesis | maze terrain: weight of the type in rooms
maze-passage-occurrence     | t | int | 0   | synthesis | maze terrain: weight of the type in passages
elevation-min               | t | int | 0   | synthesis | lowest elevation of the type (rivers run downhill)
elevation-max               | t | int | 0   | synthesis | highest elevation of the type
river-chance                | t | int | 0   | synthesis | chance, in .01 %, that a river starts at a cell of the type
country-terrain-min         | t | int | 0   | synthesis | cells of the type a country's initial radius must hold
country-terrain-max         | t | int | -1  | synthesis | most cells of the type in a country's initial radius (-1: any)
country-growth-chance       | t | int | 100 | synthesis | % chance a growing country takes an unclaimed cell of the type
country-takeover-chance     | t | int | 0   | synthesis | % chance a growing country takes another country's cell
country-people-chance       | t | int | 0   | synthesis | % chance a cell of a country gets the side's people (they see
                                                          the units in their cell)
independent-people-chance   | t | int | 0   | synthesis | % chance a cell without people gets independent people
start-with                  | u | int | 0   | synthesis | units of the type each side's country starts with
independent-near-start      | u | int | 0   | synthesis | independent units of the type in each side's country
unit-growth-chance          | u | int | 0   | synthesis | chance, in .01 %, of a side's unit on a cell a country grows
                                                          into
independent-growth-chance   | u | int | 0   | synthesis | chance, in .01 %, of an independent unit on a cell a country
                                                          grows into
unit-takeover-chance        | u | int | 0   | synthesis | chance, in .01 %, a growing country takes another side's unit
independent-takeover-chance | u | int | 0   | synthesis | chance, in .01 %, a growing country takes an independent unit
country-units-max           | u | int | -1  | synthesis | most units of the type a country gets while growing (-1: any)
road-to-edge-chance         | u | int | 0   | synthesis | % chance of a road from the unit to the area's edge
spur-chance                 | u | int | 0   | synthesis | % chance of a spur road from the unit to the nearest road
spur-range                  | u | int | 0   | synthesis | how far a spur road looks for a road
""")

TABLES: tuple[Table, ...] = table_rows("schema_synth.TABLES", """
favored-terrain     | ut | 100 | synthesis | % chance a unit is placed on the terrain when a world is generated
independent-density | ut | 0   | synthesis | chance, in .01 %, of an independent unit on each cell
road-chance         | uu | 0   | synthesis | % chance of a road from a unit of the first type to one of the second
road-into-chance    | tt | 0   | synthesis | % chance a road goes from the first terrain into the second
terrain-density     | tt | 0   | synthesis | chance, in .01 %, a generated cell of the first type becomes the second
""")

GLOBALS: tuple[Global, ...] = global_rows("schema_synth.GLOBALS", """
synthesis-methods      | None | synthesis | the methods run to make the world (default list: docs/gdl.md)
alt-blob-density       | 1000 | synthesis | fractal terrain: altitude blobs per 10,000 cells
alt-blob-size          | 30   | synthesis | fractal terrain: cells of a blob per 10,000 cells of the area
alt-blob-height        | 500  | synthesis | fractal terrain: how much a blob raises or lowers the altitude
alt-smoothing          | 2    | synthesis | fractal terrain: averaging passes over the altitudes
wet-blob-density       | 100  | synthesis | fractal terrain: moisture blobs per 10,000 cells
wet-blob-size          | 100  | synthesis | fractal terrain: cells of a moisture blob per 10,000 cells
wet-blob-height        | 100  | synthesis | fractal terrain: how much a blob changes the moisture
wet-smoothing          | 2    | synthesis | fractal terrain: averaging passes over the moisture
edge-terrain           | 0    | synthesis | terrain of the area's edge ring in a generated world
maze-room-density      | 1000 | synthesis | maze terrain: room cells per 10,000 cells
maze-passage-density   | 3000 | synthesis | maze terrain: passage cells per 10,000 cells
country-radius-min     | -1   | synthesis | radius of a country's first area (-1: from the number of units)
country-radius-max     | 0    | synthesis | how far countries grow (-1: the whole area)
country-separation-min | 0    | synthesis | least distance between two countries' centres
country-separation-max | -1   | synthesis | a country lies at most this far from another (-1: any)
growth-stop-chance     | 0    | synthesis | % chance a country stops growing after a step that took no cell
river-sink-terrain     | None | synthesis | terrain of a cell a river closes in on all sides
edge-road-density      | 0    | synthesis | roads from edge to edge per 10,000 edge cells
""")

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
