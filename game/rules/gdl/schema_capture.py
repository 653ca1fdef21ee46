"""Schema entries: capture, surrender, revolt and the fate of a losing side's units
(game/modes/gdl/capture.py)."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

PROPS = (
    Prop("revolt-chance", "u", "int", 0, PLAY, "chance per turn, in .01 %, that the unit goes independent"),
    Prop("lost-vanish-chance", "u", "int", 10000, PLAY, "chance, in .01 %, a unit vanishes when its side loses"),
    Prop("lost-wreck-chance", "u", "int", 0, PLAY, "chance, in .01 %, a unit is wrecked when its side loses"),
    Prop("lost-revolt-chance", "u", "int", 0, PLAY,
         "chance, in .01 %, a unit goes independent when its side loses"),
)

TABLES = (
    Table("capture-chance", "uu", False, 0, PLAY, "% chance a unit captures a unit of the type (after an attack)"),
    Table("independent-capture-chance", "uu", False, -1, PLAY,
          "% chance to capture an independent unit of the type (-1: capture-chance)"),
    Table("acp-to-capture", "uu", False, 0, PLAY, "ACP a capture action uses; 0: no capture action"),
    Table("bridge", "uu", False, 0, PLAY,
          "true: the type can be captured by the capturer even on terrain the capturer cannot enter"),
    Table("protection", "uu", False, 100, PLAY,
          "% multiplier an occupant puts on hits on its transport; % chance a hit transport's occupant is hit"),
    Table("stack-protection", "uu", False, 100, PLAY, "% multiplier a unit puts on hits on friends in its cell"),
    Table("cellwide-protection-for", "uu", False, 100, PLAY, "% multiplier on hits on a type anywhere in the cell"),
    Table("cellwide-protection-against", "uu", False, 100, PLAY,
          "% multiplier on hits by an attacker type on anything in the cell"),
    Table("occupant-escape-chance", "uu", False, 0, PLAY,
          "% chance an occupant gets away when its transport is captured or destroyed"),
    Table("scuttle-chance", "uu", False, 0, PLAY, "% chance a unit about to be captured destroys itself"),
    Table("changed-type-if-captured", "uu", False, -1, PLAY, "type a captured unit becomes (-1: unchanged)"),
    Table("countercapture", "uu", False, 0, PLAY, "true: a defender that was not captured tries to capture back"),
    Table("surrender-chance-per-attack", "uu", False, 0, PLAY, "% chance a unit surrenders when attacked"),
    Table("surrender-chance", "uu", False, 0, PLAY,
          "chance per turn, in .01 %, that a unit goes over to a nearby enemy of the type"),
    Table("surrender-range", "uu", False, 0, PLAY, "distance of surrender-chance"),
    Table("lost-surrender-chance", "uu", False, 0, PLAY,
          "chance, in .01 %, a unit of a losing side surrenders to an adjacent unit of the type"),
    Table("detonate-on-capture", "uu", False, 0, PLAY, "% chance a unit detonates when a capture is attempted"),
    Table("occupant-allows-capture-by", "uu", False, 100, PLAY, "% an occupant puts on the capture of its transport"),
    Table("occupant-allows-capture-of", "uu", False, 100, PLAY, "% an occupant puts on the capture of the type"),
    Table("stack-neighbor-allows-capture-by", "uu", False, 100, PLAY, "% a cellmate puts on capture by the type"),
    Table("stack-neighbor-allows-capture-of", "uu", False, 100, PLAY, "% a cellmate puts on capture of the type"),
    Table("any-neighbor-allows-capture-by", "uu", False, 100, PLAY, "% any unit in the cell puts on capture by"),
    Table("any-neighbor-allows-capture-of", "uu", False, 100, PLAY, "% any unit in the cell puts on capture of"),
)

TYPE_VALUED = {"changed-type-if-captured": "u"}

GLOBALS = (
    Global("protection-resists-capture", 1, PLAY, "true: the protection tables also lower capture chances"),
)

TITLE = "Capture, surrender and revolt (game/modes/gdl/capture.py)"
DEVIATIONS = (
    "surrender-range defaults to 0 (the kernel's table.def), not refman's 1: a unit surrenders "
    "only to a unit in its own cell unless the module sets the range.",
    "An occupant that escapes a capture (occupant-escape-chance) steps away to a free "
    "neighbouring cell when it can (the kernel leaves it where it is, as Tactibox does when it "
    "cannot step away); one that does not escape may scuttle, goes over with its transport when "
    "the capturer could capture it, else it dies.",
    "A revolting unit always goes to the independent side (refman allows another side; there are "
    "no opinions or people to choose one).",
    "A side that loses has its units meet lost-wreck-chance, lost-vanish-chance, "
    "lost-surrender-chance and lost-revolt-chance in that order, each rolled once per unit.",
)
