"""Schema entries added to combat (game/modes/gdl/combat.py): retreat, protection of occupants,
limits, accidents and attrition."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

PROPS = (
    Prop("detonate-on-death", "u", "int", 0, PLAY, "% chance a unit about to die from a hit detonates first"),
    Prop("detonate-with-attack", "u", "int", 0, PLAY, "% chance a unit that scores a hit in an attack detonates"),
    Prop("hit-falloff-range", "u", "int", 9999, PLAY, "longest fire distance without loss of hit chance"),
    Prop("fire-angle-max", "u", "int", 0, PLAY,
         "highest angle of fire, % of 45 degrees; 0: flat, the line of fire must clear the ground"),
)

TABLES = (
    Table("retreat-chance", "uu", False, 0, PLAY,
          "% chance a unit hit by the attacker type steps away instead of taking the damage"),
    Table("hp-min", "uu", False, 0, PLAY, "lowest hp attacks by the first type can bring the second to"),
    Table("occupant-combat", "uu", False, 100, PLAY,
          "% hit chance of a unit attacking or firing from inside a transport of the type (0: it cannot)"),
    Table("acp-to-be-fired-on", "uu", False, 1, PLAY, "ACP a unit loses when fired on by the type"),
    Table("wrecked-type-if-killed", "uu", False, -1, PLAY,
          "what a unit killed by the attacker type becomes (-1: wrecked-type)"),
    Table("attack-range-min", "uu", False, 0, PLAY, "shortest distance of an attack"),
    Table("fire-attack-terrain-effect", "ut", False, -1, PLAY,
          "% multiplier on fire hit chance by the firer's terrain (-1: attack-terrain-effect)"),
    Table("fire-defend-terrain-effect", "ut", False, -1, PLAY,
          "% multiplier on fire hit chance by the target's terrain (-1: defend-terrain-effect)"),
    Table("hit-at-max-range-effect", "uu", False, 100, PLAY, "% of the fire hit chance left at the longest range"),
    Table("weapon-height", "ut", False, 0, PLAY, "height of the unit's weapons over the ground in the terrain"),
    Table("body-height", "ut", False, 0, PLAY, "height of the target's body over the ground in the terrain"),
    Table("detonate-on-approach-range", "uu", False, -1, PLAY,
          "a unit detonates when an enemy of the type moves this close (-1: never)"),
    Table("detonation-terrain-range", "ut", False, 0, PLAY, "farthest a detonation can change terrain of the type"),
    Table("detonation-terrain-damage-chance", "ut", False, 0, PLAY, "% chance a detonation changes the cell's terrain"),
    Table("terrain-damaged-type", "tt", False, 0, PLAY,
          "relative chance that blasted terrain of the first type becomes the second"),
    Table("blasts-into-ttype", "ut", False, 1, PLAY, "true: the unit's detonation may turn terrain into the type"),
    Table("attrition", "ut", False, 0, PLAY, "hp (in .01) lost each turn in the terrain"),
    Table("accident-hit-chance", "ut", False, 0, PLAY, "chance per turn, in .01 %, of an accident in the terrain"),
    Table("accident-damage", "ut", True, 0, PLAY, "hp an accident takes"),
    Table("accident-vanish-chance", "ut", False, 0, PLAY, "chance per turn, in .01 %, of vanishing in the terrain"),
    Table("wrecked-type-if-attrited", "ut", False, -1, PLAY,
          "what a unit killed by attrition in the terrain becomes (-1: wrecked-type)"),
)

TYPE_VALUED = {"wrecked-type-if-killed": "u", "wrecked-type-if-attrited": "u"}

GLOBALS: tuple[Global, ...] = ()

TITLE = "Combat (game/modes/gdl/combat.py, damage.py, hazards.py, lineoffire.py)"
DEVIATIONS = (
    "Combat model 0 only. Any counterattack above 0 strikes back at the full hit chance "
    "(refman: \"commitment levels are currently ignored\").",
    "acp-to-defend is read as refman gives it, (defender, attacker); Xconq 7.5's kernel looks it "
    "up as (attacker, defender). The library's modules mostly set it for u* u*.",
    "hp-min is read as the kernel and the library's modules use it, (attacker, target) "
    "(mormon.g: `(u* temple 4)`); refman describes the reverse order.",
    "Experience, morale, tooling damage (tp-damage) and the *-affects-attack/-defense tables are "
    "not implemented; the ground blocks fire only through elevations and terrain thickness "
    "(units never block a shot).",
    "Accidents, attrition and accidental detonation are rolled once per unit at the start of each "
    "turn, before the units get their ACP.",
)
