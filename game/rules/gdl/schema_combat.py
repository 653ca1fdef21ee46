"""Schema entries added to combat (game/modes/gdl/combat.py): retreat, protection of occupants,
limits, accidents and attrition."""

from game.rules.gdl.schema_types import Global, prop_rows, table_rows

PROPS = prop_rows("schema_combat.PROPS", """
detonate-on-death    | u | int | 0    | play | % chance a unit about to die from a hit detonates first
detonate-with-attack | u | int | 0    | play | % chance a unit that scores a hit in an attack detonates
hit-falloff-range    | u | int | 9999 | play | longest fire distance without loss of hit chance
fire-angle-max       | u | int | 0    | play | highest angle of fire, % of 45 degrees; 0: flat, the line of fire must
                                               clear the ground
""")

TABLES = table_rows("schema_combat.TABLES", """
retreat-chance                   | uu | 0        | play | % chance a unit hit by the attacker type steps away instead of
                                                          taking the damage
hp-min                           | uu | 0        | play | lowest hp attacks by the first type can bring the second to
occupant-combat                  | uu | 100      | play | % hit chance of a unit attacking or firing from inside a
                                                          transport of the type (0: it cannot)
acp-to-be-fired-on               | uu | 1        | play | ACP a unit loses when fired on by the type
wrecked-type-if-killed           | uu | -1       | play | what a unit killed by the attacker type becomes (-1:
                                                          wrecked-type)
attack-range-min                 | uu | 0        | play | shortest distance of an attack
fire-attack-terrain-effect       | ut | -1       | play | % multiplier on fire hit chance by the firer's terrain (-1:
                                                          attack-terrain-effect)
fire-defend-terrain-effect       | ut | -1       | play | % multiplier on fire hit chance by the target's terrain (-1:
                                                          defend-terrain-effect)
hit-at-max-range-effect          | uu | 100      | play | % of the fire hit chance left at the longest range
weapon-height                    | ut | 0        | play | height of the unit's weapons over the ground in the terrain
body-height                      | ut | 0        | play | height of the target's body over the ground in the terrain
detonate-on-approach-range       | uu | -1       | play | a unit detonates when an enemy of the type moves this close
                                                          (-1: never)
detonation-terrain-range         | ut | 0        | play | farthest a detonation can change terrain of the type
detonation-terrain-damage-chance | ut | 0        | play | % chance a detonation changes the cell's terrain
terrain-damaged-type             | tt | 0        | play | relative chance that blasted terrain of the first type becomes
                                                          the second
blasts-into-ttype                | ut | 1        | play | true: the unit's detonation may turn terrain into the type
attrition                        | ut | 0        | play | hp (in .01) lost each turn in the terrain
accident-hit-chance              | ut | 0        | play | chance per turn, in .01 %, of an accident in the terrain
accident-damage                  | ut | 0 (dice) | play | hp an accident takes
accident-vanish-chance           | ut | 0        | play | chance per turn, in .01 %, of vanishing in the terrain
wrecked-type-if-attrited         | ut | -1       | play | what a unit killed by attrition in the terrain becomes (-1:
                                                          wrecked-type)
""")

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
