"""Life Detection: shows the caster where the opponent is.
Opponent: "You feel like you're being watched."."""

from .. import messages as m
from .registry import POSITIVE, spell


@spell(7, "life_detection", "Life Detection", POSITIVE)
def cast(c):
    c.me.last_seen = (c.them.pos, c.state.turn)
    c.effect("life_detection", [c.them.pos], "red", audience=c.caster)
    c.say(c.caster, m.LIFE_DETECTED)
    c.say(c.opp, m.WATCHED)
