"""Schema entries: capture, surrender, revolt and the fate of a losing side's units
(game/modes/gdl/capture.py)."""

from game.rules.gdl.schema_types import global_rows, prop_rows, table_rows

PROPS = prop_rows("schema_capture.PROPS", """
revolt-chance      | u | int | 0     | play | chance per turn, in .01 %, that the unit goes independent
lost-vanish-chance | u | int | 10000 | play | chance, in .01 %, a unit vanishes when its side loses
lost-wreck-chance  | u | int | 0     | play | chance, in .01 %, a unit is wrecked when its side loses
lost-revolt-chance | u | int | 0     | play | chance, in .01 %, a unit goes independent when its side loses
""")

TABLES = table_rows("schema_capture.TABLES", """
capture-chance                   | uu | 0   | play | % chance a unit captures a unit of the type (after an attack)
independent-capture-chance       | uu | -1  | play | % chance to capture an independent unit of the type (-1:
                                                     capture-chance)
acp-to-capture                   | uu | 0   | play | ACP a capture action uses; 0: no capture action
bridge                           | uu | 0   | play | true: the type can be captured by the capturer even on terrain the
                                                     capturer cannot enter
protection                       | uu | 100 | play | % multiplier an occupant puts on hits on its transport; % chance a
                                                     hit transport's occupant is hit
stack-protection                 | uu | 100 | play | % multiplier a unit puts on hits on friends in its cell
cellwide-protection-for          | uu | 100 | play | % multiplier on hits on a type anywhere in the cell
cellwide-protection-against      | uu | 100 | play | % multiplier on hits by an attacker type on anything in the cell
occupant-escape-chance           | uu | 0   | play | % chance an occupant gets away when its transport is captured or
                                                     destroyed
scuttle-chance                   | uu | 0   | play | % chance a unit about to be captured destroys itself
changed-type-if-captured         | uu | -1  | play | type a captured unit becomes (-1: unchanged)
countercapture                   | uu | 0   | play | true: a defender that was not captured tries to capture back
surrender-chance-per-attack      | uu | 0   | play | % chance a unit surrenders when attacked
surrender-chance                 | uu | 0   | play | chance per turn, in .01 %, that a unit goes over to a nearby enemy
                                                     of the type
surrender-range                  | uu | 0   | play | distance of surrender-chance
lost-surrender-chance            | uu | 0   | play | chance, in .01 %, a unit of a losing side surrenders to an adjacent
                                                     unit of the type
detonate-on-capture              | uu | 0   | play | % chance a unit detonates when a capture is attempted
occupant-allows-capture-by       | uu | 100 | play | % an occupant puts on the capture of its transport
occupant-allows-capture-of       | uu | 100 | play | % an occupant puts on the capture of the type
stack-neighbor-allows-capture-by | uu | 100 | play | % a cellmate puts on capture by the type
stack-neighbor-allows-capture-of | uu | 100 | play | % a cellmate puts on capture of the type
any-neighbor-allows-capture-by   | uu | 100 | play | % any unit in the cell puts on capture by
any-neighbor-allows-capture-of   | uu | 100 | play | % any unit in the cell puts on capture of
""")

TYPE_VALUED = {"changed-type-if-captured": "u"}

GLOBALS = global_rows("schema_capture.GLOBALS", """
protection-resists-capture | 1 | play | true: the protection tables also lower capture chances
""")

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
