"""Schema entries: materials, storage, the backdrop economy, starvation and ammunition
(game/modes/gdl/supply.py)."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

PROPS = (
    Prop("people", "m", "int", 0, PLAY, "individuals one unit of the material stands for (read; no population model)"),
)

TABLES = (
    Table("unit-storage-x", "um", False, 0, PLAY, "most of the material a unit can carry"),
    Table("unit-initial-supply", "um", False, 0, PLAY,
          "material each unit starts with (make-initial-materials), at most its storage"),
    Table("base-production", "um", False, 0, PLAY, "material a complete unit makes each turn"),
    Table("occupant-base-production", "um", False, -1, PLAY,
          "production while an occupant of another unit (-1: base-production)"),
    Table("productivity", "ut", False, 100, PLAY, "% of base production on the unit's terrain"),
    Table("productivity-adjacent", "ut", False, 0, PLAY, "% of base production added by the best adjacent terrain"),
    Table("productivity-min", "um", False, 0, PLAY, "lower bound on productivity (%) for the material"),
    Table("productivity-max", "um", False, 9999, PLAY, "upper bound on productivity (%) for the material"),
    Table("base-consumption", "um", False, 0, PLAY,
          "material a unit uses each turn (at the turn's end), less what its moves used"),
    Table("consumption-as-occupant", "um", False, 100, PLAY, "% of base consumption while an occupant"),
    Table("hp-per-starve", "um", False, 0, PLAY,
          "hp (in .01, fraction by chance) lost each turn the unit is out of the material"),
    Table("in-length", "um", False, 0, PLAY, "supply line length into the unit (-1: none)"),
    Table("out-length", "um", False, 0, PLAY, "supply line length out of the unit (-1: none)"),
    Table("consumption-per-move", "um", False, 0, PLAY, "material one move uses; a unit without it cannot move"),
    Table("material-to-move", "um", False, 0, PLAY, "material a unit must have to move (not used up)"),
    Table("material-to-act", "um", False, 0, PLAY, "material a unit must have to act at all (not used up)"),
    Table("hit-by", "um", False, 0, PLAY, "multiplier on the ammunition an attacker uses against the type"),
    Table("consumption-per-attack", "um", False, 0, PLAY, "ammunition one attack uses (times hit-by of the target)"),
    Table("consumption-per-fire", "um", False, 0, PLAY,
          "ammunition one fire uses (times hit-by); a negative result means consumption-per-attack"),
    Table("material-to-attack", "um", False, 0, PLAY, "material a unit must have to attack (and to capture)"),
    Table("material-to-fire", "um", False, 0, PLAY, "material a unit must have to fire"),
    Table("wrecked-type-if-starved", "um", False, -1, PLAY,
          "what a unit starved of the material becomes (-1: wrecked-type)"),
)

TYPE_VALUED = {"wrecked-type-if-starved": "u"}

GLOBALS: tuple[Global, ...] = ()

TITLE = "Materials and supply (game/modes/gdl/supply.py)"
DEVIATIONS = (
    "The backdrop economy is Xconq's model 0 without its speed-ratio fallback: production, "
    "excess passed on, then each unit short of a material takes from friendly units within "
    "in-length/out-length, nearest giver first, ties by unit id. The supply-* interdiction and "
    "potential tables, treasuries, terrain materials (terrain-production, terrain-storage-x) and "
    "people are not implemented (each use is a warning).",
    "What a turn's moves used (consumption-per-move) counts toward base-consumption at the turn's "
    "end, as in Xconq; an occupant uses consumption-as-occupant % of it.",
    "Units written in the module start with unit-initial-supply whatever the synthesis method list, "
    "as Xconq's reader gives them (refman: \"By default, all units start out empty\"); units the "
    "synthesis places get it only when make-initial-materials is in the list, as in Xconq.",
    "Starvation takes the largest hp-per-starve of the materials the unit is out of, once a turn, "
    "the .01 fraction by chance.",
)
