"""Random: a random spell (any of the others, negative ones included) is cast."""

from . import NEUTRAL, SPELLS, spell


@spell(11, "random", "Random", NEUTRAL)
def cast(c):
    from . import cast_spell
    from .context import Cast
    pool = sorted(i for i in SPELLS if i != 11)
    cast_spell(Cast(c.state, c.caster, c.events, "random"), c.rng.choice(pool))
