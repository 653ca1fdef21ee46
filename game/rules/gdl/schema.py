"""The one declaration of the GDL subset Tactibox implements (after Xconq's .def files).

Every property, table and global listed here with status PLAY is read, checked and used by the
game; DISPLAY items are read for drawing only; IGNORED items are read and have no effect on a
see-all game on a fixed map (terrain synthesis, AI hints, presentation, texts). Anything else a
module uses is reported as "not implemented" with file:line, and counts as play-affecting.
`docs/gdl.md` is generated from these tables (`markdown()`; a test keeps them equal).
Defaults are Xconq 7.5's (kernel/utype.def, ttype.def, table.def).
"""

from __future__ import annotations

from typing import NamedTuple

PLAY, DISPLAY, IGNORED = "play", "display", "ignored"
SYNTH = "synthesis"     # shapes a generated world (game/rules/gdl/synth/); no effect on a fixed map


class Prop(NamedTuple):
    name: str
    of: str          # "u" unit type, "t" terrain type, "m" material type
    kind: str        # "int", "type" (a unit type or nothing), "str", "bool"
    default: object
    status: str
    doc: str


class Table(NamedTuple):
    name: str
    index: str       # two letters: "uu", "ut"
    dice: bool       # values may be dice (NdS+O)
    default: int
    status: str
    doc: str


class Global(NamedTuple):
    name: str
    default: object
    status: str
    doc: str


PROPS: tuple[Prop, ...] = (
    Prop("acp-per-turn", "u", "int", 0, PLAY, "action points a unit gets at the start of each turn"),
    Prop("acp-max", "u", "int", -1, PLAY, "most ACP a unit can save up; -1 means acp-per-turn"),
    Prop("acp-min", "u", "int", 0, PLAY, "an action may leave the unit's ACP down to this (debt = fatigue)"),
    Prop("hp-max", "u", "int", 1, PLAY, "hit points of a whole unit (also its starting hp)"),
    Prop("speed", "u", "int", 100, PLAY, "movement points per ACP x100; a move costs mp*100/speed ACP"),
    Prop("point-value", "u", "int", 1, PLAY, "worth for scorekeepers; a side whose units total 0 loses"),
    Prop("wrecked-type", "u", "type", None, PLAY, "what a destroyed unit becomes (full hp), or nothing"),
    Prop("range", "u", "int", 1, PLAY, "longest distance of fire"),
    Prop("range-min", "u", "int", 0, PLAY, "shortest distance of fire"),
    Prop("acp-to-fire", "u", "int", 0, PLAY, "ACP a fire action costs; 0 means the type cannot fire"),
    Prop("hp-recovery", "u", "int", 0, PLAY, "hp regained per turn, in .01 hp (fractions by chance)"),
    Prop("hp-per-detonation", "u", "int", 0, PLAY, "hp a unit loses when it detonates"),
    Prop("acp-to-detonate", "u", "int", 0, PLAY, "ACP a detonate action costs; 0 means no deliberate detonation"),
    Prop("capacity", "u", "int", 0, PLAY, "room for occupants (each takes unit-size-as-occupant)"),
    Prop("char", "u", "str", "", DISPLAY, "letter drawn for the unit (first letter of the name if empty)"),
    Prop("name", "u", "str", "", DISPLAY, "display name; also usable as the type's name in the module"),
    Prop("capacity", "t", "int", 1, PLAY, "room for units in a cell (each takes unit-size-in-terrain)"),
    Prop("char", "t", "str", "", DISPLAY, "terrain letter (and its code in by-char area rows)"),
    Prop("color", "t", "str", "", DISPLAY, "colour name for drawing"),
    Prop("name", "t", "str", "", DISPLAY, "display name"),
    Prop("name", "m", "str", "", DISPLAY, "display name"),
)

TABLES: tuple[Table, ...] = (
    Table("hit-chance", "uu", False, 0, PLAY, "% chance an attack hits; 0 means the attack is not possible"),
    Table("damage", "uu", True, 0, PLAY, "hp a hit takes (dice allowed)"),
    Table("counterattack", "uu", False, 100, PLAY, "% of the defender's hit chance when it strikes back"),
    Table("acp-to-attack", "uu", False, 1, PLAY, "ACP an attack costs the attacker"),
    Table("acp-to-defend", "uu", False, 1, PLAY, "ACP defending costs; a defender with less cannot strike back"),
    Table("attack-range", "uu", False, 1, PLAY, "longest distance of a (melee) attack"),
    Table("withdraw-chance-per-attack", "uu", False, 0, PLAY,
          "% chance the defender slips away to a free cell; the attacker still pays"),
    Table("attack-terrain-effect", "ut", False, 100, PLAY, "% multiplier on hit chance by the attacker's terrain"),
    Table("defend-terrain-effect", "ut", False, 100, PLAY, "% multiplier on hit chance by the defender's terrain"),
    Table("fire-hit-chance", "uu", False, -1, PLAY, "% chance fire hits; -1 means use hit-chance"),
    Table("fire-damage", "uu", True, -1, PLAY, "hp fire takes; -1 means use damage"),
    Table("mp-to-enter-terrain", "ut", False, 1, PLAY, "movement points to enter a cell of the terrain"),
    Table("mp-to-enter-unit", "uu", False, 0, PLAY, "movement points to board a transport of the type"),
    Table("vanishes-on", "ut", False, 0, PLAY, "true: the unit dies on entering the terrain"),
    Table("unit-capacity-x", "uu", False, 0, PLAY, "occupants of a type a transport always has room for"),
    Table("unit-size-as-occupant", "uu", False, 1, PLAY, "room an occupant takes of its transport's capacity"),
    Table("unit-size-in-terrain", "ut", False, 1, PLAY, "room a unit takes of its cell's capacity"),
    Table("terrain-capacity-x", "ut", False, 0, PLAY, "units of a type a cell always has room for"),
    Table("can-repair", "uu", False, 0, PLAY, "true: the unit may repair the other type"),
    Table("acp-to-repair", "uu", False, 0, PLAY, "ACP a repair costs (0 with can-repair means 1)"),
    Table("hp-per-repair", "uu", False, 0, PLAY, "hp a repair restores, in .01 hp (fractions by chance)"),
    Table("detonation-unit-range", "uu", False, 0, PLAY, "distance at which a detonation hurts units of a type"),
    Table("detonation-damage-at", "uu", True, 0, PLAY, "damage to units in the detonating unit's cell"),
    Table("detonation-damage-adjacent", "uu", True, 0, PLAY,
          "damage to units further away (up to detonation-unit-range)"),
    Table("detonation-accident-chance", "ut", False, 0, PLAY,
          "chance per turn, in .01 %, that a unit detonates by accident in the terrain"),
    Table("detonate-on-hit", "uu", False, 0, PLAY, "% chance a unit detonates when hit"),
)

GLOBALS: tuple[Global, ...] = (
    Global("sides-min", 1, PLAY, "fewest sides a game may have"),
    Global("sides-max", 7, PLAY, "most sides a game may have"),
    Global("last-turn", 0, PLAY, "the game ends after this turn (0: Tactibox's default turn limit)"),
    Global("meridians", 0, IGNORED, "map display"),
    Global("action-notices", None, IGNORED, "message texts"),
    Global("event-notices", None, IGNORED, "message texts"),
    Global("event-narratives", None, IGNORED, "message texts"),
)

# --- world synthesis and vision (xconq-worlds): game/rules/gdl/synth/, game/modes/gdl/vision.py ---
WORLD_PROPS: tuple[Prop, ...] = (
    Prop("subtype", "t", "str", "cell", PLAY, "cell, border, connection or coating (aux terrain: borders and connections)"),
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
    Prop("vision-range", "u", "int", 1, PLAY, "the unit sees every cell this close (-1: blind, 0: its own cell)"),
    Prop("see-always", "u", "int", 0, PLAY, "once seen, other sides always see where the unit is"),
    Prop("see-occupants", "u", "int", 0, PLAY, "sides that see the unit also see its occupants"),
    Prop("already-seen", "u", "int", 0, PLAY, "% chance other sides know the unit at the start (on terrain they know)"),
    Prop("already-seen-independent", "u", "int", 0, PLAY, "the same for an independent unit"),
    Prop("initial-seen-radius", "u", "int", 1, PLAY, "terrain known around the side's starting units"),
)

WORLD_TABLES: tuple[Table, ...] = (
    Table("favored-terrain", "ut", False, 100, SYNTH, "% chance a unit is placed on the terrain when a world is generated"),
    Table("independent-density", "ut", False, 0, SYNTH, "chance, in .01 %, of an independent unit on each cell"),
    Table("road-chance", "uu", False, 0, SYNTH, "% chance of a road from a unit of the first type to one of the second"),
    Table("road-into-chance", "tt", False, 0, SYNTH, "% chance a road goes from the first terrain into the second"),
    Table("terrain-density", "tt", False, 0, SYNTH, "chance, in .01 %, a generated cell of the first type becomes the second"),
    Table("see-chance", "uu", False, 100, PLAY, "% chance to see a unit of the second type 2 or more cells away"),
    Table("see-chance-adjacent", "uu", False, 100, PLAY, "% chance to see a unit of the second type in a neighbouring cell"),
    Table("see-chance-at", "uu", False, 100, PLAY, "% chance to see a unit of the second type in the same cell"),
    Table("visibility", "ut", False, 100, PLAY, "% multiplier on the chance to see a unit in the terrain"),
    Table("occupant-vision", "uu", False, 100, PLAY, "% of its vision range an occupant keeps inside the transport"),
)

WORLD_GLOBALS: tuple[Global, ...] = (
    Global("synthesis-methods", None, SYNTH, "the methods run to make the world (default list: docs/gdl.md)"),
    Global("see-all", 0, PLAY, "true: every side sees everything (the variant of the same name sets it)"),
    Global("terrain-seen", 0, PLAY, "true: every side knows all terrain from the start (variant world-seen)"),
    Global("world-seen", 0, PLAY, "the variant's value is terrain-seen"),
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
PROPS = PROPS + WORLD_PROPS
TABLES = TABLES + WORLD_TABLES
GLOBALS = GLOBALS + WORLD_GLOBALS

# Properties read but without effect on a fixed see-all game (presentation, synthesis, AI hints).
IGNORED_PROPS = frozenset(["image-name", "help", "notes", "namer", "short-name", "long-name", "generic-name", "description", "emblem-name", "font-name", "start-with", "independent-near-start", "alt-percentile-min", "alt-percentile-max", "wet-percentile-min", "wet-percentile-max", "occurrence", "country-terrain-min", "country-terrain-max", "liquid", "vision-range", "already-seen", "see-always", "can-see-behind", "possible-sides", "river-chance", "ai-tactical-range", "ai-minimal-size-goal", "ai-peace-garrison", "ai-war-garrison", "ai-next-goal", "initial-seen-radius", "subtype-x", "subtype", "auto-upgrade-to", "obsolete", "can-be-self", "cp", "cxp-max", "tech-max", "tech-to-build", "tech-per-turn-max", "self-resurrects", "acp-independent", "description-format", "assign-number", "maze-room-occurrence", "maze-passage-occurrence", "thickness", "elevation-min", "elevation-max", "temperature-min", "temperature-max", "temperature-average", "temperature-variability", "spur-chance", "spur-range", "road-to-edge-chance"])
IGNORED_GLOBALS = frozenset(["country-radius-min", "country-radius-max", "country-separation-min", "country-separation-max", "alt-blob-density", "alt-blob-size", "alt-blob-height", "alt-smoothing", "wet-blob-density", "wet-blob-size", "wet-blob-height", "wet-smoothing", "edge-terrain", "backdrop-ignore-doctrine", "backdrop-model", "calendar", "initial-date", "initial-day-part", "season-names", "feature-types", "feature-namers", "feature-boundaries", "default-namer", "scorefile-name", "ai-may-resign", "indepside-has-ai", "side-library", "edge-road-density"])

_WORLD_NAMES = {p.name for p in WORLD_PROPS} | {g.name for g in WORLD_GLOBALS}
IGNORED_PROPS = IGNORED_PROPS - _WORLD_NAMES
IGNORED_GLOBALS = IGNORED_GLOBALS - _WORLD_NAMES

PROP_BY_KEY = {(p.of, p.name): p for p in PROPS}
TABLE_BY_NAME = {t.name: t for t in TABLES}
GLOBAL_BY_NAME = {g.name: g for g in GLOBALS}

FORMS = (
    ("game-module", ("title, blurb, version, base-module, notes, variants (standard ones and "
                    "custom `(\"Name\" sym default (true forms...))`); base-module variants are not applied")),
    ("unit-type / terrain-type / material-type", "type in definition order, then properties"),
    ("define", "names a value or a list of types; `(append a b)` joins lists"),
    ("add", "`(add types property value|list)`; a list is matched to the types in order"),
    ("table", ("`(table name [add] clause...)`; clause `(i1 i2 v)`, indices may be types, lists, "
              "`u*`, `t*`; a bare number fills the table; without `add` the table starts from its default")),
    ("set", "globals in the table below"),
    ("area", ("`(area W H [(terrain ...)])`; terrain rows run-length coded, count before the "
             "character, the first string is the top row; `by-name`/`by-char` remap characters")),
    ("side", "`(side N (name ...) (noun ...) ...)`; side 0 is independent"),
    ("unit / compact unit", ("`(unit type ...)` or `(type [x y [side]] (n name) (@ x y) (s N) (hp N) "
                            "(in \"transport name\"))`; `in` is resolved after all units are read")),
    ("scorekeeper", "`(do last-side-wins)` (with `when` read and ignored)"),
    ("include", "reads another module from the same folder; its variants apply"),
    ("namer, imf, world, print, unit-defaults, advance-type", "read and ignored"),
)


def _fmt(v) -> str:
    if v is None:
        return "none"
    return str(v)


def markdown() -> str:
    """The reference part of docs/gdl.md."""
    out = ["## Supported subset (generated from game/rules/gdl/schema.py)", "",
           "### Forms", "", "| form | what Tactibox reads |", "|---|---|"]
    out += [f"| `{n}` | {d} |" for n, d in FORMS]
    out += ["", "### Properties", "", "| property | of | default | status | meaning |", "|---|---|---|---|---|"]
    of = {"u": "unit", "t": "terrain", "m": "material"}
    out += [f"| `{p.name}` | {of[p.of]} | {_fmt(p.default)} | {p.status} | {p.doc} |" for p in PROPS]
    out += ["", "### Tables", "", "| table | index | default | status | meaning |", "|---|---|---|---|---|"]
    out += [f"| `{t.name}` | {t.index} | {t.default}{' (dice)' if t.dice else ''} | {t.status} | {t.doc} |"
            for t in TABLES]
    out += ["", "### Globals (`set`)", "", "| global | default | status | meaning |", "|---|---|---|---|"]
    out += [f"| `{g.name}` | {_fmt(g.default)} | {g.status} | {g.doc} |" for g in GLOBALS]
    out += ["", "Also read and ignored (no effect on a see-all game on a fixed map): properties "
            + ", ".join(f"`{n}`" for n in sorted(IGNORED_PROPS)) + "; globals "
            + ", ".join(f"`{n}`" for n in sorted(IGNORED_GLOBALS)) + ".", ""]
    return "\n".join(out)
