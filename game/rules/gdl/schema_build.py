"""Schema entries: creation, completion, repair, disbanding, tooling and research
(game/modes/gdl/production.py)."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

PROPS = (
    Prop("cp", "u", "int", 1, PLAY, "completeness points a unit of the type needs to be complete"),
    Prop("cp-to-self-build", "u", "int", 0, PLAY, "completeness an incomplete unit needs before it builds itself"),
    Prop("cp-per-self-build", "u", "int", 0, PLAY, "completeness an incomplete unit adds to itself each turn"),
    Prop("hp-to-recover", "u", "int", 0, PLAY, "hp a unit needs for hp-recovery to work"),
    Prop("acp-to-disband", "u", "int", 0, PLAY, "ACP one disband action uses"),
    Prop("hp-per-disband", "u", "int", 0, PLAY, "hp a disband action takes away; 0: the type cannot be disbanded"),
    Prop("tech-max", "u", "int", 0, PLAY, "highest tech level a side can reach for the type"),
    Prop("tech-to-build", "u", "int", 0, PLAY, "tech level a side needs to create the type"),
    Prop("tech-per-turn-max", "u", "int", 9999, PLAY, "most tech a side gains for the type in one turn"),
    Prop("acp-to-change-side", "u", "int", 0, PLAY, "ACP to give the unit to another side; 0: not possible"),
)

TABLES = (
    Table("can-create", "uu", False, 0, PLAY, "true: the unit may create (start) units of the type"),
    Table("acp-to-create", "uu", False, 0, PLAY, "ACP one create action uses"),
    Table("create-range", "uu", False, 0, PLAY, "farthest cell a new unit may be created in (0: own cell)"),
    Table("cp-on-creation", "uu", False, 1, PLAY, "completeness of a newly created unit"),
    Table("create-as-build", "uu", False, 0, PLAY, "true: creating uses the build tables (acp, cp, range)"),
    Table("can-build", "uu", False, 0, PLAY, "true: the unit may add completeness to incomplete units of the type"),
    Table("acp-to-build", "uu", False, 0, PLAY, "ACP one build action uses"),
    Table("cp-per-build", "uu", False, 1, PLAY, "completeness one build action adds"),
    Table("build-range", "uu", False, 0, PLAY, "farthest an incomplete unit may be from its builder (0: same cell)"),
    Table("consumption-on-creation", "um", False, 0, PLAY, "material used up to create a unit of the type"),
    Table("consumption-per-create", "um", False, 0, PLAY, "material the creator uses per create action"),
    Table("consumption-per-build", "um", False, 0, PLAY, "material the builder uses per build action"),
    Table("consumption-per-built", "um", False, 0, PLAY, "material one build action on the type uses"),
    Table("consumption-per-cp", "um", False, 0, PLAY, "material each completeness point of the type uses"),
    Table("material-to-create", "um", False, 0, PLAY, "material the creator must have to create anything"),
    Table("material-to-build", "um", False, 0, PLAY, "material the builder must have to build anything"),
    Table("supply-on-creation", "um", False, 0, PLAY, "material a new unit of the type starts with"),
    Table("supply-on-completion", "um", False, 0, PLAY, "material a unit of the type has at least when complete"),
    Table("occupant-can-construct", "uu", False, 1, PLAY,
          "true: a unit may create or build while inside a transport of the type"),
    Table("constructor-absorbed-by", "uu", False, 0, PLAY,
          "true: completing the type takes hp-to-garrison hp from the constructor"),
    Table("hp-to-garrison", "uu", False, 0, PLAY,
          "hp taken from a unit that completes or captures the type (all of them: it is used up)"),
    Table("auto-repair", "uu", False, 0, PLAY, "hp (in .01) a unit repairs on a damaged unit of the type each turn"),
    Table("auto-repair-range", "uu", False, 0, PLAY, "distance of auto-repair (-1: only transport and occupants)"),
    Table("repair-range", "uu", False, 0, PLAY, "farthest a repair action reaches"),
    Table("material-to-repair", "um", False, 0, PLAY, "material the repairer must have to repair"),
    Table("consumption-per-repair", "um", False, 0, PLAY, "material the repairer uses per repair"),
    Table("supply-per-disband", "um", False, 0, PLAY, "% of the disbanded unit's material passed to nearby units"),
    Table("recycleable-material", "um", False, 0, PLAY, "material a fully disbanded unit gives to nearby units"),
    Table("acp-to-develop", "uu", False, 0, PLAY, "ACP a develop action (raising the side's tech for a type) uses"),
    Table("tech-per-develop", "uu", False, 0, PLAY, "tech (in .01, fraction by chance) a develop action adds"),
    Table("tech-crossover", "uu", False, 0, PLAY, "% of the tech of one type that counts for another"),
    Table("can-toolup-for", "uu", False, 0, PLAY, "true: the unit can tool up to construct the type"),
    Table("acp-to-toolup", "uu", False, 0, PLAY, "ACP one toolup action uses"),
    Table("tp-per-toolup", "uu", False, 1, PLAY, "tooling points one toolup action adds"),
    Table("tp-to-build", "uu", False, 0, PLAY, "tooling points a unit needs before it can create or build the type"),
    Table("tp-max", "uu", False, 0, PLAY, "most tooling points a unit can have for the type"),
    Table("tp-attrition", "uu", False, 0, PLAY, "tooling points (in .01) lost each turn"),
    Table("tp-crossover", "uu", False, 0, PLAY, "% of the tooling for one type that counts for another"),
)

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
