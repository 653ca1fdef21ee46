"""The one declaration of the GDL subset Tactibox implements (after Xconq's .def files).

Every property, table and global listed here with status PLAY is read, checked and used by the
game; DISPLAY items are read for drawing only; IGNORED items are read and have no effect on a
see-all game on a fixed map (terrain synthesis, AI hints, presentation, texts). Anything else a
module uses is reported as "not implemented" with file:line, and counts as play-affecting.
`docs/gdl.md` is generated from these tables (`markdown()`; a test keeps them equal).
Defaults are Xconq 7.5's (kernel/utype.def, ttype.def, table.def).
"""

from __future__ import annotations

from game.rules.gdl import (
    schema_build,
    schema_capture,
    schema_combat,
    schema_end,
    schema_move,
    schema_supply,
    schema_synth,
    schema_vision,
)
from game.rules.gdl.schema_types import DISPLAY, IGNORED, PLAY, Global, Prop, Table

_AREAS = (schema_move, schema_supply, schema_build, schema_capture, schema_combat, schema_end)
_AREAS += (schema_synth, schema_vision)

_CORE_PROPS: tuple[Prop, ...] = (
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
    Prop("stack-order", "u", "int", 0, DISPLAY, "which of the units in a cell is drawn on top (higher first)"),
    Prop("name", "u", "str", "", DISPLAY, "display name; also usable as the type's name in the module"),
    Prop("capacity", "t", "int", 1, PLAY, "room for units in a cell (each takes unit-size-in-terrain)"),
    Prop("char", "t", "str", "", DISPLAY, "terrain letter (and its code in by-char area rows)"),
    Prop("thickness", "t", "int", 0, PLAY, "height of the terrain's cover (trees) over the cell's elevation; it blocks fire"),
    Prop("color", "t", "str", "", DISPLAY, "colour name for drawing"),
    Prop("name", "t", "str", "", DISPLAY, "display name"),
    Prop("name", "m", "str", "", DISPLAY, "display name"),
    Prop("char", "m", "str", "", DISPLAY, "letter naming the material in lists"),
)

_CORE_TABLES: tuple[Table, ...] = (
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
    Table("drawable-terrain", "tt", False, 1, DISPLAY, "whether aux terrain is drawn over a cell terrain"),
)

_CORE_GLOBALS: tuple[Global, ...] = (
    Global("sides-min", 1, PLAY, "fewest sides a game may have"),
    Global("sides-max", 7, PLAY, "most sides a game may have"),
    Global("last-turn", 0, PLAY, "the game ends after this turn (0: none; Tactibox stops at its limit, a draw)"),
    Global("meridians", 0, IGNORED, "map display"),
    Global("grid-color", "", DISPLAY, "colour of the cell grid"),
    Global("shorelines", 0, DISPLAY, "draw shorelines"),
    Global("sides-wanted", 2, IGNORED, "sides offered at setup; a scenario's sides are its own"),
    Global("advantage-min", 0, IGNORED, "players' advantage at setup (used only by synthesis methods)"),
    Global("advantage-max", 0, IGNORED, "players' advantage at setup (used only by synthesis methods)"),
    Global("advantage-default", 1, IGNORED, "players' advantage at setup (used only by synthesis methods)"),
    Global("no-indepside-ingame", 0, IGNORED, "Tactibox never gives the independent side a player or a turn"),
    Global("initial-year-part", 0, IGNORED, "the season of the first turn (Tactibox models no seasons)"),
    Global("initial-day-part", 0, PLAY, "time of day of the first turn, in .01 turns (where the sun starts)"),
    Global("action-notices", None, IGNORED, "message texts"),
    Global("event-notices", None, IGNORED, "message texts"),
    Global("event-narratives", None, IGNORED, "message texts"),
)

# Properties read but without effect on a fixed see-all game (presentation, synthesis, AI hints).
IGNORED_PROPS = frozenset(["image-name", "help", "notes", "namer", "short-name", "long-name", "generic-name", "description", "emblem-name", "font-name", "start-with", "independent-near-start", "alt-percentile-min", "alt-percentile-max", "wet-percentile-min", "wet-percentile-max", "occurrence", "country-terrain-min", "country-terrain-max", "liquid", "vision-range", "already-seen", "see-always", "can-see-behind", "possible-sides", "river-chance", "ai-tactical-range", "ai-minimal-size-goal", "ai-peace-garrison", "ai-war-garrison", "ai-next-goal", "initial-seen-radius", "subtype-x", "auto-upgrade-to", "obsolete", "can-be-self", "cxp-max", "self-resurrects", "acp-independent", "description-format", "assign-number", "maze-room-occurrence", "maze-passage-occurrence", "elevation-min", "elevation-max", "temperature-min", "temperature-max", "temperature-average", "temperature-variability", "spur-chance", "spur-range", "road-to-edge-chance"])
IGNORED_TABLES: frozenset = frozenset()   # read, no effect on play (besides TABLES with status IGNORED)
IGNORED_GLOBALS = frozenset(["country-radius-min", "country-radius-max", "country-separation-min", "country-separation-max", "alt-blob-density", "alt-blob-size", "alt-blob-height", "alt-smoothing", "wet-blob-density", "wet-blob-size", "wet-blob-height", "wet-smoothing", "edge-terrain", "backdrop-ignore-doctrine", "backdrop-model", "calendar", "initial-date", "initial-date-min", "initial-date-max", "season-names", "feature-types", "feature-namers", "feature-boundaries", "default-namer", "scorefile-name", "ai-may-resign", "ai-advanced-unit-separation", "ai-badtask-max-retries", "ai-badtask-remove-chance", "ai-badtask-reserve-chance", "unit-gbox-border-color", "indepside-has-ai", "side-library", "edge-road-density"])

PROPS: tuple[Prop, ...] = _CORE_PROPS + sum((a.PROPS for a in _AREAS), ())
TABLES: tuple[Table, ...] = _CORE_TABLES + sum((a.TABLES for a in _AREAS), ())
GLOBALS: tuple[Global, ...] = _CORE_GLOBALS + sum((a.GLOBALS for a in _AREAS), ())
# what an area declares is read and used: not in the ignored lists, which predate some areas
IGNORED_PROPS = IGNORED_PROPS - {p.name for p in PROPS}
IGNORED_GLOBALS = IGNORED_GLOBALS - {g.name for g in GLOBALS}
# tables whose values are types ("u" unit, "t" terrain), -1 meaning none
TYPE_VALUED: dict[str, str] = {k: v for a in _AREAS for k, v in getattr(a, "TYPE_VALUED", {}).items()}

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
    ("area", ("`(area W H [(restrict w h x y)] [(terrain ...)] [(aux-terrain T ...)] [(elevations ...)])`; "
             "rows run-length coded, count before the character, the first string is the top row; "
             "`by-name`/`by-char` remap characters; under `restrict` the rows describe the w x h part "
             "at (x, y) and units are shifted by it")),
    ("side", ("`(side N [sym] (name ...) (noun ...) ...)` or `(side sym ...)`; a symbol names the side "
             "in units (`(s uk)`); side 0 is independent")),
    ("unit / compact unit", ("`(unit type ...)` or `(type [x y [side]] (n name) (@ x y) (s N) (hp N) "
                            "(in \"transport name\") (appear N))`; `in` is resolved after all units are read "
                            "(units inside each other are refused); `appear` brings the unit in on turn N; "
                            "`unit-defaults` gives offsets and defaults")),
    ("scorekeeper", ("`(scorekeeper [id] (when ...) (applies-to ...) (initial-score N) (trigger ...) (do body))`; "
                    "the body language is listed under Deviations (How a game ends)")),
    ("include", "reads another module from the same folder; its variants apply"),
    ("namer, imf, world, print, advance-type", "read and ignored"),
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
