"""The one declaration of the GDL subset Tactibox implements (after Xconq's .def files).

Every property, table and global listed here with status PLAY is read, checked and used by the
game; DISPLAY items are read for drawing only; IGNORED items are read and have no effect on a
see-all game on a fixed map (terrain synthesis, AI hints, presentation, texts). Anything else a
module uses is reported as "not implemented" with file:line, and counts as play-affecting.
`docs/gdl.md` is generated from these tables (`markdown()`; a test keeps them equal). Each kind is
written as one text table, a row per item (the row format: schema_types.py).
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
from game.rules.gdl.schema_types import DISPLAY as DISPLAY
from game.rules.gdl.schema_types import IGNORED as IGNORED
from game.rules.gdl.schema_types import PLAY as PLAY
from game.rules.gdl.schema_types import Global, Prop, Table, global_rows, prop_rows, table_rows

_AREAS = (schema_move, schema_supply, schema_build, schema_capture, schema_combat, schema_end)
_AREAS += (schema_synth, schema_vision)

_CORE_PROPS: tuple[Prop, ...] = prop_rows("schema.PROPS", """
acp-per-turn      | u | int  | 0    | play    | action points a unit gets at the start of each turn
acp-max           | u | int  | -1   | play    | most ACP a unit can save up; -1 means acp-per-turn
acp-min           | u | int  | 0    | play    | an action may leave the unit's ACP down to this (debt = fatigue)
hp-max            | u | int  | 1    | play    | hit points of a whole unit (also its starting hp)
speed             | u | int  | 100  | play    | movement points per ACP x100; a move costs mp*100/speed ACP
point-value       | u | int  | 1    | play    | worth for scorekeepers; a side whose units total 0 loses
wrecked-type      | u | type | None | play    | what a destroyed unit becomes (full hp), or nothing
range             | u | int  | 1    | play    | longest distance of fire
range-min         | u | int  | 0    | play    | shortest distance of fire
acp-to-fire       | u | int  | 0    | play    | ACP a fire action costs; 0 means the type cannot fire
hp-recovery       | u | int  | 0    | play    | hp regained per turn, in .01 hp (fractions by chance)
hp-per-detonation | u | int  | 0    | play    | hp a unit loses when it detonates
acp-to-detonate   | u | int  | 0    | play    | ACP a detonate action costs; 0 means no deliberate detonation
capacity          | u | int  | 0    | play    | room for occupants (each takes unit-size-as-occupant)
char              | u | str  | ""   | display | letter drawn for the unit (first letter of the name if empty)
stack-order       | u | int  | 0    | display | which of the units in a cell is drawn on top (higher first)
name              | u | str  | ""   | display | display name; also usable as the type's name in the module
capacity          | t | int  | 1    | play    | room for units in a cell (each takes unit-size-in-terrain)
char              | t | str  | ""   | display | terrain letter (and its code in by-char area rows)
thickness         | t | int  | 0    | play    | height of the terrain's cover (trees) over the cell's elevation; it
                                                blocks fire
color             | t | str  | ""   | display | colour name for drawing
name              | t | str  | ""   | display | display name
name              | m | str  | ""   | display | display name
char              | m | str  | ""   | display | letter naming the material in lists
""")

_CORE_TABLES: tuple[Table, ...] = table_rows("schema.TABLES", """
hit-chance                 | uu | 0         | play    | % chance an attack hits; 0 means the attack is not possible
damage                     | uu | 0 (dice)  | play    | hp a hit takes (dice allowed)
counterattack              | uu | 100       | play    | % of the defender's hit chance when it strikes back
acp-to-attack              | uu | 1         | play    | ACP an attack costs the attacker
acp-to-defend              | uu | 1         | play    | ACP defending costs; a defender with less cannot strike back
attack-range               | uu | 1         | play    | longest distance of a (melee) attack
withdraw-chance-per-attack | uu | 0         | play    | % chance the defender slips away to a free cell; the attacker
                                                        still pays
attack-terrain-effect      | ut | 100       | play    | % multiplier on hit chance by the attacker's terrain
defend-terrain-effect      | ut | 100       | play    | % multiplier on hit chance by the defender's terrain
fire-hit-chance            | uu | -1        | play    | % chance fire hits; -1 means use hit-chance
fire-damage                | uu | -1 (dice) | play    | hp fire takes; -1 means use damage
mp-to-enter-terrain        | ut | 1         | play    | movement points to enter a cell of the terrain
mp-to-enter-unit           | uu | 0         | play    | movement points to board a transport of the type
vanishes-on                | ut | 0         | play    | true: the unit dies on entering the terrain
unit-capacity-x            | uu | 0         | play    | occupants of a type a transport always has room for
unit-size-as-occupant      | uu | 1         | play    | room an occupant takes of its transport's capacity
unit-size-in-terrain       | ut | 1         | play    | room a unit takes of its cell's capacity
terrain-capacity-x         | ut | 0         | play    | units of a type a cell always has room for
can-repair                 | uu | 0         | play    | true: the unit may repair the other type
acp-to-repair              | uu | 0         | play    | ACP a repair costs (0 with can-repair means 1)
hp-per-repair              | uu | 0         | play    | hp a repair restores, in .01 hp (fractions by chance)
detonation-unit-range      | uu | 0         | play    | distance at which a detonation hurts units of a type
detonation-damage-at       | uu | 0 (dice)  | play    | damage to units in the detonating unit's cell
detonation-damage-adjacent | uu | 0 (dice)  | play    | damage to units further away (up to detonation-unit-range)
detonation-accident-chance | ut | 0         | play    | chance per turn, in .01 %, that a unit detonates by accident in
                                                        the terrain
detonate-on-hit            | uu | 0         | play    | % chance a unit detonates when hit
drawable-terrain           | tt | 1         | display | whether aux terrain is drawn over a cell terrain
""")

_CORE_GLOBALS: tuple[Global, ...] = global_rows("schema.GLOBALS", """
sides-min           | 1    | play    | fewest sides a game may have
sides-max           | 7    | play    | most sides a game may have
last-turn           | 0    | play    | the game ends after this turn (0: none; Tactibox stops at its limit, a draw)
meridians           | 0    | ignored | map display
grid-color          | ""   | display | colour of the cell grid
shorelines          | 0    | display | draw shorelines
sides-wanted        | 2    | ignored | sides offered at setup; a scenario's sides are its own
advantage-min       | 0    | ignored | players' advantage at setup (used only by synthesis methods)
advantage-max       | 0    | ignored | players' advantage at setup (used only by synthesis methods)
advantage-default   | 1    | ignored | players' advantage at setup (used only by synthesis methods)
no-indepside-ingame | 0    | ignored | Tactibox never gives the independent side a player or a turn
initial-year-part   | 0    | ignored | the season of the first turn (Tactibox models no seasons)
initial-day-part    | 0    | play    | time of day of the first turn, in .01 turns (where the sun starts)
action-notices      | None | ignored | message texts
event-notices       | None | ignored | message texts
event-narratives    | None | ignored | message texts
""")

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
           "Each area of game/rules/gdl/schema_*.py declares its properties, tables and globals as one "
           "text table per kind, a row per item (the row format: game/rules/gdl/schema_types.py); "
           "the loader's checks, defaults and the lists below come from those rows.", "",
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
