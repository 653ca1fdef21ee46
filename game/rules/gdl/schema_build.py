"""Schema entries: creation, completion, repair, disbanding, tooling and research
(game/modes/gdl/production.py)."""

from game.rules.gdl.schema_types import Global, prop_rows, table_rows

PROPS = prop_rows("schema_build.PROPS", """
cp                 | u | int | 1    | play | completeness points a unit of the type needs to be complete
cp-to-self-build   | u | int | 0    | play | completeness an incomplete unit needs before it builds itself
cp-per-self-build  | u | int | 0    | play | completeness an incomplete unit adds to itself each turn
hp-to-recover      | u | int | 0    | play | hp a unit needs for hp-recovery to work
acp-to-disband     | u | int | 0    | play | ACP one disband action uses
hp-per-disband     | u | int | 0    | play | hp a disband action takes away; 0: the type cannot be disbanded
tech-max           | u | int | 0    | play | highest tech level a side can reach for the type
tech-to-build      | u | int | 0    | play | tech level a side needs to create the type
tech-per-turn-max  | u | int | 9999 | play | most tech a side gains for the type in one turn
acp-to-change-side | u | int | 0    | play | ACP to give the unit to another side; 0: not possible
""")

TABLES = table_rows("schema_build.TABLES", """
can-create              | uu | 0 | play | true: the unit may create (start) units of the type
acp-to-create           | uu | 0 | play | ACP one create action uses
create-range            | uu | 0 | play | farthest cell a new unit may be created in (0: own cell)
cp-on-creation          | uu | 1 | play | completeness of a newly created unit
create-as-build         | uu | 0 | play | true: creating uses the build tables (acp, cp, range)
can-build               | uu | 0 | play | true: the unit may add completeness to incomplete units of the type
acp-to-build            | uu | 0 | play | ACP one build action uses
cp-per-build            | uu | 1 | play | completeness one build action adds
build-range             | uu | 0 | play | farthest an incomplete unit may be from its builder (0: same cell)
consumption-on-creation | um | 0 | play | material used up to create a unit of the type
consumption-per-create  | um | 0 | play | material the creator uses per create action
consumption-per-build   | um | 0 | play | material the builder uses per build action
consumption-per-built   | um | 0 | play | material one build action on the type uses
consumption-per-cp      | um | 0 | play | material each completeness point of the type uses
material-to-create      | um | 0 | play | material the creator must have to create anything
material-to-build       | um | 0 | play | material the builder must have to build anything
supply-on-creation      | um | 0 | play | material a new unit of the type starts with
supply-on-completion    | um | 0 | play | material a unit of the type has at least when complete
occupant-can-construct  | uu | 1 | play | true: a unit may create or build while inside a transport of the type
constructor-absorbed-by | uu | 0 | play | true: completing the type takes hp-to-garrison hp from the constructor
hp-to-garrison          | uu | 0 | play | hp taken from a unit that completes or captures the type (all of them: it is
                                          used up)
auto-repair             | uu | 0 | play | hp (in .01) a unit repairs on a damaged unit of the type each turn
auto-repair-range       | uu | 0 | play | distance of auto-repair (-1: only transport and occupants)
repair-range            | uu | 0 | play | farthest a repair action reaches
material-to-repair      | um | 0 | play | material the repairer must have to repair
consumption-per-repair  | um | 0 | play | material the repairer uses per repair
supply-per-disband      | um | 0 | play | % of the disbanded unit's material passed to nearby units
recycleable-material    | um | 0 | play | material a fully disbanded unit gives to nearby units
acp-to-develop          | uu | 0 | play | ACP a develop action (raising the side's tech for a type) uses
tech-per-develop        | uu | 0 | play | tech (in .01, fraction by chance) a develop action adds
tech-crossover          | uu | 0 | play | % of the tech of one type that counts for another
can-toolup-for          | uu | 0 | play | true: the unit can tool up to construct the type
acp-to-toolup           | uu | 0 | play | ACP one toolup action uses
tp-per-toolup           | uu | 1 | play | tooling points one toolup action adds
tp-to-build             | uu | 0 | play | tooling points a unit needs before it can create or build the type
tp-max                  | uu | 0 | play | most tooling points a unit can have for the type
tp-attrition            | uu | 0 | play | tooling points (in .01) lost each turn
tp-crossover            | uu | 0 | play | % of the tooling for one type that counts for another
""")

GLOBALS: tuple[Global, ...] = ()

TITLE = "Construction, repair, disbanding and tooling (game/modes/gdl/production.py, tooling.py)"
DEVIATIONS = (
    "Disbanding is the unit's own action (a unit does not disband another).",
    "Research and advances (rp, advance-needed-to-build, can-research), advanced units "
    "(maxcells, people), changing type and adding or removing terrain are not implemented; "
    "develop raises the side's tech per unit type (tech-per-develop, tech-crossover, tech-max).",
    "A unit whose type needs more tooling than it can ever reach (no can-toolup-for, tp-per-toolup "
    "0 or tp-max below tp-to-build) is never offered a create or build of that type.",
)
