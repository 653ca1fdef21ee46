"""Schema entries: how a game ends (game/modes/gdl/scoring.py). Scorekeeper forms are described
in schema.FORMS."""

from game.rules.gdl.schema_types import PLAY, Global, Prop, Table

PROPS: tuple[Prop, ...] = ()
TABLES: tuple[Table, ...] = ()

GLOBALS = (
    Global("extra-turn-chance", 0, PLAY, "% chance the game goes on one more turn after last-turn"),
)
