"""Schema entries: how a game ends (game/modes/gdl/scoring.py). Scorekeeper forms are described
in schema.FORMS."""

from game.rules.gdl.schema_types import Prop, Table, global_rows

PROPS: tuple[Prop, ...] = ()
TABLES: tuple[Table, ...] = ()

GLOBALS = global_rows("schema_end.GLOBALS", """
extra-turn-chance | 0 | play | % chance the game goes on one more turn after last-turn
""")

TITLE = "How a game ends (game/modes/gdl/scoring.py)"
DEVIATIONS = (
    "last-side-wins is also checked after every action, so a game ends as soon as the last enemy "
    "unit is gone (Xconq lets the turn finish first).",
    "A module without any scorekeeper cannot be won: it ends in a draw at its last-turn, at "
    "Tactibox's limit of 100 turns, or as soon as at most one side has units left. A module "
    "without last-turn ends at that limit too, a draw for the sides still in the game.",
    "Scorekeeper bodies may use if, cond, add-score, set-score, win, lose, end, last-side-wins, "
    "last-alliance-wins, turn, score, sum-uprop and arithmetic/comparison/boolean operators; "
    "anything else in a body is a warning and does nothing.",
)
