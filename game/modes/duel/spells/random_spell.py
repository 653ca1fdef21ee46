"""Random: a random spell (any of the others, negative ones included) is cast."""

from .registry import NEUTRAL, SPELLS, spell


@spell(11, "random", "Random", NEUTRAL)
def cast(c):
    from .context import Cast
    from .registry import cast_spell
    pool = sorted(i for i in SPELLS if i != 11)
    cast_spell(Cast(c.state, c.caster, c.events, "random"), c.rng.choice(pool))
