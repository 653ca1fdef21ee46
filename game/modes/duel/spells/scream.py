"""Scream: a sonic boom. Potions on the ground within 6 squares of the caster, the caster's own
potions, and the opponent's potions if the opponent is within 6 squares, each shatter with
chance 1/2. Opponent: "A loud magical scream can be heard" when within 6 squares, else
"A loud magical scream can be heard in the distance"."""

from .. import messages as m
from ..events import PotionsDestroyed
from .geometry import square
from .registry import NEUTRAL, spell

RANGE = 6
CHANCE = (1, 2)


def _shatter(c, player: int, held: list) -> None:
    w = c.state.wizards[player]
    keep = []
    for a in w.inventory:
        if c.rng.chance(*CHANCE):
            held.append((player, a))
        else:
            keep.append(a)
    lost = len(w.inventory) - len(keep)
    w.inventory = keep
    if lost:
        c.say(player, m.POTIONS_SHATTER, lost)


@spell(17, "scream", "Scream", NEUTRAL)
def cast(c):
    st = c.state
    area = square(c.size, c.me.pos, RANGE)
    near = (area >> c.them.pos) & 1 == 1
    c.effect("scream", area, "grey")
    c.say(c.caster, m.SCREAMED)
    gone = [cell for cell in sorted(st.ground) if (area >> cell) & 1 and c.rng.chance(*CHANCE)]
    for cell in gone:
        del st.ground[cell]
    held: list = []
    _shatter(c, c.caster, held)
    if near:
        _shatter(c, c.opp, held)
    c.say(c.opp, m.SCREAM_NEAR if near else m.SCREAM_FAR)
    if gone or held:
        c.events.append(PotionsDestroyed(tuple(gone), tuple(held)))
